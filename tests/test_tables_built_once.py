"""A table built from a setup seen before (its seed aside) starts from a copy of what the
first one built (``Table._build``): the same state as a table built afresh, never the
state another game has played on, and built afresh again after the engine or the
catalogue changed (a new generation of the setup check) or for a table of another class."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine import position
from engine.game import Game
from engine.position import state_of
from engine.setup_check import forget_checked_setups
from engine.table import Table

KINGDOM = ["Cellar", "Chapel", "Moat", "Village", "Workshop"]
KINGDOM += ["Smithy", "Militia", "Market", "Laboratory", "Witch"]


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """The setups ``position.build_state`` builds, in order."""
    built: list[Any] = []
    build_state = position.build_state

    def counting(setup: Any, *rest: Any) -> Any:
        built.append(setup)
        return build_state(setup, *rest)

    monkeypatch.setattr(position, "build_state", counting)
    forget_checked_setups()  # nothing remembered from the tests before
    yield built


def new_game(seed: int, table: type[Table] = Table) -> Game:
    game_class = type("Tabled", (Game,), {"table_class": table})
    game: Game = game_class.new(players=2, kingdom=KINGDOM, seed=seed, colony=False)
    return game


def test_games_from_one_setup_build_it_once(builds: list[Any]) -> None:
    games = [new_game(seed) for seed in range(3)]
    assert len(builds) == 1
    forget_checked_setups()  # what checks.mutants and catalogue.installed do
    afresh = [new_game(seed) for seed in range(3)]
    assert len(builds) == 2
    assert [state_of(game) for game in games] == [state_of(game) for game in afresh]


def test_a_game_starts_from_the_setup_not_from_a_game_played_before(
    builds: list[Any],
) -> None:
    new_game(7)  # builds it
    played = new_game(7)  # from what was built
    for _ in range(6):  # buy what can be bought, and move on
        played.play_treasures()
        coins = played.state.turn.coins
        if coins >= 3:
            played.command("buy", "Silver" if coins < 6 else "Gold")
        played.command("end", "turn")
    again = new_game(7)
    forget_checked_setups()
    assert state_of(again) == state_of(new_game(7))
    assert len(builds) == 2


def test_a_table_of_another_class_builds_its_own(builds: list[Any]) -> None:
    class Other(Table):
        pass

    new_game(1)
    new_game(1, Other)
    new_game(2, Other)
    assert len(builds) == 2


def test_equal_setups_share_a_build_and_others_do_not(builds: list[Any]) -> None:
    setup = {"players": 2, "kingdom": ["Chapel"], "p1": {"hand": ["Chapel"]}}
    Game(setup)
    Game({**setup, "seed": 5})  # the seed is not part of what is built
    Game({**setup, "p1": {"hand": ["Chapel", "Copper"]}})
    assert len(builds) == 2


def test_a_setup_key_tells_lists_from_mappings_and_refuses_other_values() -> None:
    assert position.setup_key({"p1": {"hand": ["a"]}}) != position.setup_key(
        {"p1": [["hand", ["a"]]]}
    )
    assert position.setup_key({"players": 2, "odd": {1.5}}) is None
