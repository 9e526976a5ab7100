"""``GameState.copy`` (what a table built from a setup seen before starts from) is equal
to the state it copies and shares nothing mutable with it, at every command of random
games of every set and in a position with every kind of content a setup can give: a field
left out of a copy, or copied by reference, fails here."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from every_set import SETS, editions
from test_round_trip import RICH, positions

from engine.game import Game
from engine.state import GameState


def mutable_parts(value: Any, found: dict[int, str], path: str) -> None:
    """Every list, dict and dataclass instance reachable from ``value``, by id, with the
    path it was reached by; every field of a dataclass is looked at."""
    if isinstance(value, (list, dict)) or dataclasses.is_dataclass(value):
        if id(value) in found:
            return
        found[id(value)] = path
    if dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            mutable_parts(getattr(value, field.name), found, f"{path}.{field.name}")
    elif isinstance(value, dict):
        for key, item in value.items():
            mutable_parts(item, found, f"{path}[{key!r}]")
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            mutable_parts(item, found, f"{path}[{index}]")


def assert_copied(state: GameState) -> None:
    copied = state.copy()
    assert copied == state
    original: dict[int, str] = {}
    mutable_parts(state, original, "state")
    shared = {id_: path for id_, path in _parts(copied).items() if id_ in original}
    assert not shared, f"shared with the original: {sorted(shared.values())}"


def _parts(state: GameState) -> dict[int, str]:
    found: dict[int, str] = {}
    mutable_parts(state, found, "copy")
    return found


@pytest.mark.parametrize("seed", range(4))
def test_a_copy_is_equal_and_shares_nothing_at_every_command(seed: int) -> None:
    game = Game.new(players=2 + seed % 3, seed=seed, editions=editions(seed), sets=SETS)
    count = 0
    for position in positions(game, random.Random(seed), limit=600):
        assert_copied(position.state)
        count += 1
    assert count > 0


def test_a_copy_of_a_rich_position_is_equal_and_shares_nothing() -> None:
    game = Game(RICH)
    game.state.turn.plays.append("Haven")
    game.state.turn.modifiers["Test"] = 1
    game.state.turn.lasting.append((0, 1, 0))
    game.state.turn.cost_sources.append(1)
    game.state.turn.due.append((1, 0))
    game.state.turn.gains.append(("Gold", True, "buy"))
    game.state.players[0].revealed.append(2)
    assert_copied(game.state)


def test_a_field_left_shared_is_found() -> None:
    state = Game(RICH).state
    copied = state.copy()
    copied.players[0].mats = state.players[0].mats  # as a copy that forgot them would
    original: dict[int, str] = {}
    mutable_parts(state, original, "state")
    assert any(id_ in original for id_ in _parts(copied))
