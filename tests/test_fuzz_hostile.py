"""Hostile setups for ``Game(...)`` and size-bomb scenario documents (issue 14).

hypothesis mutates a valid setup with hostile values (wrong types, ``true`` for a count,
strings for card lists, negative and enormous numbers, long lists, unknown keys and
players) and builds a ``Game`` from it: the result must be a ``BadPosition`` naming a key,
or a game whose cards are each in one place, that can list its legal commands and replay
itself exactly, all within :data:`LIMIT_SECONDS`. The same mutations, written as scenario
files, must load and run to a located error or a verdict (``assert_clean`` of
test_fuzz_scenarios, which also bounds the time).

Examples per test follow the hypothesis profile (tests/conftest.py): ``ci`` by default,
``HYPOTHESIS_PROFILE=deep`` for a long run.
"""

from __future__ import annotations

import copy
from contextlib import suppress
from typing import Any

import yaml
from hypothesis import given
from hypothesis import strategies as st
from test_fuzz_scenarios import CARD_LIKE, VALID, assert_clean, hostile_values, time_limit

from checks.invariants import created_by_setup, violations
from engine.errors import BadPosition
from engine.game import Game
from engine.setup_check import MAX_CARDS, MAX_COUNT

LIMIT_SECONDS = 30

SETUP: dict[str, Any] = {
    "players": 3,
    "kingdom": ["Throne Room", "Smithy", "Village", "Trade Route"],
    "colony": True,
    "supply": {"Smithy": 4, "Colony": 8},
    "trash": ["Copper"],
    "turn": {"player": "p2", "phase": "action", "actions": 1, "buys": 2, "coins": 3},
    "turns_taken": {"p1": 1},
    "trade_route": {"mat": 1, "piles": ["Estate"]},
    "editions": {"base": 2},
    "seed": 5,
    "deal": False,
    "p1": {"hand": ["Smithy"], "deck": ["Copper", "Estate"], "discard": ["Silver"]},
    "p2": {
        "hand": ["Throne Room", "Village", "Copper"],
        "in_play": ["Village"],
        "set_aside": [],
        "vp_tokens": 2,
        "shuffles": [["Copper"]],
    },
}
SETUP_KEYS = [
    *SETUP,
    "p4",
    "p7",
    "p0",
    "hnad",
    "mat",
    "piles",
    "hand",
    "deck",
    "vp_tokens",
    "Copper",
]

# Values aimed at the limits: one either side of each bound, and far beyond.
numbers = st.sampled_from(
    [
        -1,
        0,
        True,
        False,
        1.0,
        2.7,
        MAX_COUNT,
        MAX_COUNT + 1,
        MAX_CARDS,
        MAX_CARDS + 1,
        300_000_000,
        2**64,
        -(2**70),
    ]
)


def repeated(counts: list[int]) -> st.SearchStrategy[list[str]]:
    return st.builds(
        lambda count, name: [name] * count, st.sampled_from(counts), st.sampled_from(CARD_LIKE)
    )


SETUP_VALUES = (
    hostile_values
    | numbers
    | repeated([0, 1, 1_000, MAX_CARDS // 2, MAX_CARDS + 1])
    | st.sampled_from(CARD_LIKE)
)
# Written as YAML and read back, a list of 50,000 names takes seconds (PyYAML in Python):
# the files get the enormous numbers, the long lists go to Game directly.
DOCUMENT_VALUES = hostile_values | numbers | repeated([0, 1, 1_000]) | st.sampled_from(CARD_LIKE)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


def _parent(document: Any, path: tuple[Any, ...]) -> Any:
    for part in path[:-1]:
        document = document[part]
    return document


def mutated(
    draw: st.DrawFn, base: Any, values: st.SearchStrategy[Any], prefix: tuple[Any, ...] = ()
) -> Any:
    """``base`` with one to four hostile changes somewhere under ``prefix``."""
    document = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 4))):
        paths = [p for p in _paths(document) if p[: len(prefix)] == prefix and len(p) > 0]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        how = draw(st.sampled_from(["replace", "add", "delete"]))
        with suppress(KeyError, IndexError, TypeError):
            parent = _parent(document, path)
            if how == "replace":
                parent[path[-1]] = draw(values)
            elif how == "delete":
                del parent[path[-1]]
            elif isinstance(parent, dict):
                parent[draw(st.sampled_from(SETUP_KEYS))] = draw(values)
    return document


@st.composite
def hostile_setups(draw: st.DrawFn) -> Any:
    return mutated(draw, SETUP, SETUP_VALUES)


@st.composite
def size_bombs(draw: st.DrawFn) -> str:
    """A valid scenario with hostile setup values, as YAML text."""
    document = mutated(draw, VALID, DOCUMENT_VALUES, ("setup",))
    return yaml.safe_dump(document, sort_keys=False, allow_unicode=True)


def broken_invariants(game: Game) -> list[str]:
    """Each card in exactly one place, no negative count (checks/invariants.py)."""
    return violations(game, created_by_setup(game), end_of_turn=False)


def test_the_unmutated_setup_builds() -> None:
    assert broken_invariants(Game(SETUP)) == []


def test_the_invariants_catch_a_card_in_no_zone() -> None:
    """The hazard the setup check closes: a Kingdom listing Copper left cards nowhere."""
    game = Game(SETUP)
    game.state.supply["Copper"].pop()
    assert broken_invariants(game)


@given(hostile_setups())
def test_a_hostile_setup_is_a_clean_error_or_a_valid_game(setup: Any) -> None:
    with time_limit(LIMIT_SECONDS):
        try:
            game = Game(setup)
        except BadPosition as bad:
            assert str(bad) and bad.reason
            return
        assert broken_invariants(game) == []
        game.legal_commands()
        assert Game.from_json(game.to_json()).snapshot() == game.snapshot()


@given(size_bombs())
def test_a_size_bomb_scenario_ends_in_a_clean_error_or_a_verdict(text: str) -> None:
    assert_clean(text)
