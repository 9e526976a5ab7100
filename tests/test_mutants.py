"""The catalogue of known engine bugs (checks/mutants.py): every mutant applies exactly
where it says, is undone completely, and is caught by some bundled scenario."""

from __future__ import annotations

import ast
import dataclasses
import difflib
import inspect
import subprocess
import sys
import textwrap
import types
from collections.abc import Iterator
from types import FunctionType
from typing import Any

import options
import pytest

from checks import mutants
from checks.mutants import (
    MUTANTS,
    CardPatch,
    FunctionPatch,
    Mutant,
    MutantError,
    RulePatch,
    SourcePatch,
    also_fires,
    apply,
    mutated,
    occurrences,
    restore,
    run_mutants,
)
from engine import cards as catalogue
from engine import rules
from engine.costs import Cost
from engine.game import Game
from engine.table import Table
from engine.verbs import Verbs

SOURCE_PATCHES = [
    (mutant.name, patch)
    for mutant in MUTANTS
    for patch in mutant.patches
    if isinstance(patch, SourcePatch)
]


def test_the_catalogue_is_large_and_named_once() -> None:
    names = [mutant.name for mutant in MUTANTS]
    assert len(names) >= 60
    assert len(set(names)) == len(names)
    assert all(mutant.bug and mutant.seen_in and mutant.patches for mutant in MUTANTS)


@pytest.mark.parametrize(("name", "patch"), SOURCE_PATCHES, ids=[n for n, _ in SOURCE_PATCHES])
def test_each_snippet_occurs_exactly_once_in_the_engine(name: str, patch: SourcePatch) -> None:
    # A refactor that moves the code keeps the mutant; one that changes it fails here.
    assert len(occurrences(patch.old)) == 1, f"{name}: {patch.old!r}"
    assert patch.new != patch.old


def _engine_state() -> tuple[dict[int, types.CodeType], list[tuple[Any, ...]]]:
    import gc

    # Every function of the engine's modules refers to its module's namespace: asking the
    # collector for those (in C) is quicker than a look at every object of a test process.
    namespaces = [
        module.__dict__
        for name, module in sys.modules.items()
        if name == "engine" or name.startswith("engine.")
    ]
    codes = {
        id(f): f.__code__
        for f in gc.get_referrers(*namespaces)
        if isinstance(f, types.FunctionType) and "/engine/" in f.__code__.co_filename
    }
    cards = [
        tuple(getattr(card, field.name) for field in dataclasses.fields(card))
        for card in catalogue.ALL_CARDS
    ]
    return codes, cards


def test_every_mutant_applies_and_is_undone_completely() -> None:
    Game.new(seed=1)  # every engine module imported before the snapshot
    before = _engine_state()
    for mutant in options.sample(MUTANTS):  # every mutant under `pytest --full`
        applied = apply(mutant)
        assert applied.code or applied.fields, mutant.name
        restore(applied)
    codes, cards = _engine_state()
    assert cards == before[1]
    assert all(codes[key] is code for key, code in before[0].items() if key in codes)


def test_a_mutant_changes_the_engine_while_applied() -> None:
    by_name = {mutant.name: mutant for mutant in MUTANTS}
    game = Game({"players": 4, "kingdom": ["Laboratory"]})
    with mutated(by_name["laboratory-costs-4"]), mutated(by_name["others-from-first-seat"]):
        assert game.verbs.cost_of("Laboratory") == Cost(4)
        assert game.table.others(2) == [0, 1, 3]
    assert game.verbs.cost_of("Laboratory") == Cost(5)
    assert game.table.others(2) == [3, 0, 1]


FUNCTION_PATCHES = [
    (mutant.name, patch)
    for mutant in MUTANTS
    for patch in mutant.patches
    if isinstance(patch, (FunctionPatch, RulePatch))
]


def _statements(function: Any) -> list[str]:
    """The lines of a function's body as ``ast.unparse`` writes them (no docstring, no
    comments, one layout)."""
    node = ast.parse(textwrap.dedent(inspect.getsource(function))).body[0]
    assert isinstance(node, ast.FunctionDef)
    body = node.body
    if ast.get_docstring(node) is not None:
        body = body[1:]
    return [line for statement in body for line in ast.unparse(statement).splitlines()]


@pytest.mark.parametrize(("name", "patch"), FUNCTION_PATCHES, ids=[n for n, _ in FUNCTION_PATCHES])
def test_each_replaced_function_differs_from_the_engines_by_its_bug_only(
    name: str, patch: FunctionPatch | RulePatch
) -> None:
    # A buggy function is the engine's with the bug: when the engine's function is
    # rewritten, the copy would go on running the old code; a few lines apart it cannot.
    _assert_the_bug_only(
        name, patch.function if isinstance(patch, FunctionPatch) else patch.rule, patch.wrong
    )


def _assert_the_bug_only(name: str, function: FunctionType, wrong: FunctionType) -> None:
    changed = [
        line
        for line in difflib.ndiff(_statements(function), _statements(wrong))
        if line[:2] in ("- ", "+ ")
    ]
    assert 0 < len(changed) <= 8, f"{name}: {function.__qualname__} and its copy:\n" + "\n".join(
        changed
    )


def _replaced(old: Any, new: Any) -> Iterator[tuple[FunctionType, FunctionType]]:
    """(the card's function, the buggy one) for each function of ``checks.mutants`` that
    replaces one of a card's (its effect, a trigger's condition or effect, a static
    ability's), looking into tuples of abilities of the same length."""
    if isinstance(old, FunctionType) and isinstance(new, FunctionType):
        if new.__module__ == mutants.__name__ and "<lambda>" not in (old.__name__, new.__name__):
            yield old, new
    elif isinstance(old, tuple) and isinstance(new, tuple) and len(old) == len(new):
        for before, after in zip(old, new, strict=True):
            if dataclasses.is_dataclass(before) and type(before) is type(after):
                for field in dataclasses.fields(before):
                    yield from _replaced(getattr(before, field.name), getattr(after, field.name))


CARD_COPIES = sorted(
    {
        (mutant.name, old, new)
        for mutant in MUTANTS
        for patch in mutant.patches
        if isinstance(patch, CardPatch)
        for definition in patch.targets()
        for name, value in patch.change(definition).items()
        for old, new in _replaced(getattr(definition, name), value)
    },
    key=lambda copy: (copy[0], copy[1].__qualname__, copy[2].__qualname__),
)


@pytest.mark.parametrize(
    ("name", "function", "wrong"), CARD_COPIES, ids=[n for n, _, _ in CARD_COPIES]
)
def test_each_buggy_ability_differs_from_the_cards_by_its_bug_only(
    name: str, function: FunctionType, wrong: FunctionType
) -> None:
    # As for the engine's functions: a card's ability rewritten fails here rather than
    # leaving its buggy copy running the old code.
    _assert_the_bug_only(name, function, wrong)


@pytest.mark.parametrize("snippet", ["this code is nowhere in the engine", "return None"])
def test_a_snippet_not_found_exactly_once_fails_loudly(snippet: str) -> None:
    found = len(occurrences(snippet))  # 0, or many (how many changes with the engine)
    assert found != 1
    broken = Mutant("broken", "none", "a test", (SourcePatch(snippet, "pass"),))
    with pytest.raises(MutantError, match=f"found {found} times"):
        apply(broken)


def test_a_rule_patch_swaps_the_rule_and_puts_it_back() -> None:
    by_name = {mutant.name: mutant for mutant in MUTANTS}
    with mutated(by_name["three-piles-with-six-players"]):
        assert rules.empty_piles_to_end(6) == 3
    assert rules.empty_piles_to_end(6) == 4


def _wrong_parameters(players: Any) -> Any:
    return 3


def test_a_rule_patch_with_other_parameters_or_on_another_function_fails_loudly() -> None:
    for patch, message in (
        (mutants.rule(rules.empty_piles_to_end, _wrong_parameters), "takes .'players',."),
        (mutants.rule(Verbs.cost_of, _wrong_parameters), "not a rule function of engine.rules"),
    ):
        with pytest.raises(MutantError, match=message):
            apply(Mutant("broken", "none", "a test", (patch,)))
    assert rules.empty_piles_to_end(6) == 4


def _reads_a_name_the_table_lacks(self: Table, player: int) -> list[int]:
    return list(_wrong_parameters(player))


def test_a_function_patch_with_other_parameters_or_names_or_outside_the_engine_fails_loudly() -> (
    None
):
    for patch, message in (
        (mutants.seam(Table.others, _wrong_parameters), r"Table.others \('self', 'player'\)"),
        (
            mutants.seam(Table.others, _reads_a_name_the_table_lacks),
            "reads _wrong_parameters, which engine.table",
        ),
        (mutants.seam(mutants.cards_of, _wrong_parameters), "not a function of the engine"),
    ):
        with pytest.raises(MutantError, match=message):
            apply(Mutant("broken", "none", "a test", (patch,)))
    assert Game({"players": 4, "kingdom": ["Laboratory"]}).table.others(2) == [3, 0, 1]


def test_a_card_patch_on_a_missing_edition_fails_loudly() -> None:
    broken = Mutant("broken", "none", "a test", (CardPatch("Goons", lambda _c: {"cost": 1}, 2),))
    with pytest.raises(MutantError, match="no definition for edition 2"):
        apply(broken)
    assert catalogue.lookup("Goons").cost == Cost(6)


def test_games_set_up_under_a_card_patch_see_the_patched_card() -> None:
    # The engine works out a game's card indexes once per set of definitions
    # (Table._build); a card patch changes a definition in place, so indexes worked
    # out before it must not be used while it is applied, nor its own after it is undone.
    def mint_listens_from_hand() -> bool:
        game = Game.new(kingdom=["Mint"], seed=1, editions={"prosperity": 2})
        return "Mint" in game.listeners.zone_listening.get("gain", frozenset())

    patched = Mutant("mint-from-hand", "a test", "a test", (also_fires("Mint", "self", "hand"),))
    assert not mint_listens_from_hand()
    with mutated(patched):
        assert mint_listens_from_hand()
    assert not mint_listens_from_hand()


def test_a_compiled_engine_is_refused_with_one_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mutants, "is_compiled", lambda: True)
    with pytest.raises(MutantError, match="runs compiled"):
        mutants.apply(MUTANTS[0])


@pytest.mark.parametrize("first", [[], ["--first"]])
def test_a_mutant_no_scenario_catches_survives_and_fails_the_command(
    first: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # An equivalent mutant: the same bounds written the other way round.
    equivalent = Mutant(
        "equivalent",
        "min(minimum, high) written min(high, minimum)",
        "a test",
        (SourcePatch("low = min(minimum, high)", "low = min(high, minimum)"),),
    )
    few = [s for s in mutants.bundled_scenarios() if s.id.startswith("base/remodel/")]
    monkeypatch.setattr(mutants, "MUTANTS", (equivalent, MUTANTS[0]))
    monkeypatch.setattr(mutants, "bundled_scenarios", lambda: few)
    assert mutants.main(first) == 1
    out = capsys.readouterr().out
    assert "SURVIVED  equivalent" in out
    assert "0 of 2 mutants caught, 2 survived" in out  # Remodel has no while-in-play card


def test_the_bundled_scenarios_catch_every_mutant() -> None:
    # Each mutant's run stops at its first catch (a survivor still runs every scenario); a
    # quarter of the catalogue by default, every mutant under `pytest --full` (CI).
    verdicts = run_mutants(options.sample(MUTANTS), first=True)
    missed = [f"{v.mutant.name}: {v.error or v.mutant.bug}" for v in verdicts if not v.caught_by]
    assert not missed, "no scenario catches:\n" + "\n".join(missed)


def test_the_first_catch_is_one_of_all_the_catches() -> None:
    by_name = {mutant.name: mutant for mutant in MUTANTS}
    chosen = [by_name["laboratory-costs-4"], by_name["others-from-first-seat"]]
    prefixes = ("base/", "intrigue/upgrade/", "rules/facts/", "rules/turn/")
    few = [s for s in mutants.bundled_scenarios() if s.id.startswith(prefixes)]
    every = run_mutants(chosen, few)
    first = run_mutants(chosen, few, first=True)
    for whole, one in zip(every, first, strict=True):
        assert len(whole.caught_by) > 1, whole  # so that stopping at the first one shows
        assert len(one.caught_by) == 1 and one.caught_by[0] in whole.caught_by, (whole, one)


def test_the_scenarios_about_a_mutants_cards_come_first() -> None:
    mutant = next(m for m in MUTANTS if m.name == "hoard-from-hand")
    assert mutants.cards_of(mutant) == {"Hoard", "Gold"}  # patched, and named in its bug
    scenarios = mutants.bundled_scenarios()
    ordered = mutants.likely_catchers_first(mutant, scenarios)
    about = sum(not {"Hoard", "Gold"}.isdisjoint(s.named) for s in scenarios)
    assert 0 < about < len(scenarios)
    assert all(not {"Hoard", "Gold"}.isdisjoint(s.named) for s in ordered[:about])
    assert sorted(ordered, key=lambda s: s.id) == sorted(scenarios, key=lambda s: s.id)


def test_the_arbiter_program_applies_a_mutant_to_the_source() -> None:
    """As a user runs it, in a process of its own: a source patch finds the engine's
    functions through the collector (``gc.get_objects``), which a program that froze
    them (``gc.freeze``) would hide. About a second."""
    done = subprocess.run(
        [sys.executable, "-m", "arbiter", "mutants", "-k", "mine-printed-cost"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 of 1 mutants caught, 0 survived, 0 errors" in done.stdout
