"""A scenario's setup is checked by the engine's own setup check once, by the loader: the
reference adapter builds its game from it without a second check, and only from exactly
that setup, while the check is the one that accepted it (scenarios.model.CheckedSetup)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from checks.mutants import Mutant, SourcePatch, run_mutants
from engine import setup_check, table
from engine.errors import BadPosition
from engine.game import Game
from engine.setup_check import check_setup, forget_checked_setups
from scenarios.adapters.reference import ReferenceAdapter
from scenarios.loader import bundled_dir, discover, load_many
from scenarios.model import CheckedSetup, Scenario
from scenarios.runner import Status, run_all, setup_to_load


@pytest.fixture
def chapel() -> list[Scenario]:
    scenarios, failures = load_many(discover([bundled_dir() / "base" / "chapel"]))
    assert scenarios and not failures
    return scenarios


@pytest.fixture
def game_checks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """The setups ``Game(setup)`` checks, in order."""
    checked: list[Any] = []

    def counting(setup: Any) -> None:
        checked.append(setup)
        check_setup(setup)

    monkeypatch.setattr(table, "check_setup", counting)
    yield checked


def passes(scenarios: list[Scenario], adapter: Callable[[], ReferenceAdapter]) -> bool:
    return all(result.status is Status.PASS for result in run_all(scenarios, adapter))


def test_a_loaded_scenario_is_not_checked_again(
    chapel: list[Scenario], game_checks: list[Any]
) -> None:
    assert passes(chapel, ReferenceAdapter)
    assert game_checks == []


def test_a_setup_the_loader_did_not_check_is_checked(
    chapel: list[Scenario], game_checks: list[Any]
) -> None:
    # The same setup in a scenario made otherwise (its setup is not the one accepted).
    remade = [dataclasses.replace(s, setup=dict(s.setup)) for s in chapel]
    assert passes(remade, ReferenceAdapter)
    assert len(game_checks) == len(chapel)
    assert all(type(setup) is dict for setup in map(setup_to_load, remade))


def test_a_setup_changed_on_the_way_is_checked(chapel: list[Scenario]) -> None:
    setup = setup_to_load(chapel[0])
    assert isinstance(setup, CheckedSetup) and setup.accepted()
    setup["players"] = 9
    assert not setup.accepted()
    with pytest.raises(BadPosition, match="players"):
        ReferenceAdapter().load(setup)


def test_after_an_engine_change_every_setup_is_checked_again(
    chapel: list[Scenario], game_checks: list[Any]
) -> None:
    forget_checked_setups()  # what checks.mutants does on applying and undoing a mutant
    assert passes(chapel, ReferenceAdapter)
    assert len(game_checks) == len(chapel)


def test_a_mutant_of_the_setup_check_is_caught(chapel: list[Scenario]) -> None:
    # The scenarios were checked before the mutant, by the check without it: their games
    # must run the mutated check, which refuses every Kingdom of more than one card.
    refuses = Mutant(
        "kingdom-of-one",
        "the setup check refuses a Kingdom of more than one card",
        "a test",
        (SourcePatch("if len(kingdom) > MAX_KINGDOM:", "if len(kingdom) > 1:"),),
    )
    two_cards = [s for s in chapel if len(s.setup["kingdom"]) > 1]
    assert two_cards
    (verdict,) = run_mutants([refuses], chapel)
    assert set(verdict.caught_by) == {s.id for s in two_cards}


# --- the parameters of a new game (Game.new): checked once while the check is the same


@pytest.fixture
def parameter_checks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """The parameter sets ``Game.new`` has the setup check look at, in order."""
    checked: list[Any] = []

    def counting(setup: Any, *, bane_chosen_later: bool = False) -> None:
        checked.append(setup)
        check_setup(setup, bane_chosen_later=bane_chosen_later)

    monkeypatch.setattr(setup_check, "check_setup", counting)
    forget_checked_setups()  # nothing remembered from the tests before
    yield checked


KINGDOM = ["Cellar", "Chapel", "Moat", "Village", "Workshop"]
KINGDOM += ["Smithy", "Militia", "Market", "Laboratory", "Witch"]


def test_new_games_from_the_same_parameters_are_checked_once(
    parameter_checks: list[Any],
) -> None:
    for seed in range(3):
        Game.new(players=2, kingdom=KINGDOM, seed=seed, colony=False)
    Game.new(players=3, kingdom=KINGDOM, colony=False)  # other parameters: checked
    assert [given["players"] for given in parameter_checks] == [2, 3]


@pytest.mark.parametrize(
    ("parameters", "message"),
    [
        ({"players": 2.0}, "players"),  # not a whole number, though equal to 2 as a key
        ({"kingdom": [*KINGDOM[:9], "Gold"]}, "not a Kingdom card"),
        ({"kingdom": [*KINGDOM[:9], "Nowhere"]}, "Nowhere"),
        ({"seed": 2**64}, r"below 2\*\*64"),
        ({"seed": "1"}, "whole number"),
        ({"editions": {"base": 3}}, "edition must be 1 or 2"),
    ],
)
def test_bad_parameters_are_refused_after_good_ones(
    parameter_checks: list[Any], parameters: dict[str, Any], message: str
) -> None:
    Game.new(players=2, kingdom=KINGDOM, colony=False)  # accepted, and remembered
    with pytest.raises(BadPosition, match=message):
        Game.new(**{"players": 2, "kingdom": KINGDOM, "colony": False, **parameters})


def test_after_an_engine_change_new_game_parameters_are_checked_again(
    parameter_checks: list[Any],
) -> None:
    Game.new(players=2, kingdom=KINGDOM, colony=False)
    forget_checked_setups()  # what checks.mutants does on applying and undoing a mutant
    Game.new(players=2, kingdom=KINGDOM, colony=False)
    assert len(parameter_checks) == 2
