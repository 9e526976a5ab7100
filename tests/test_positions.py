"""Positions in messages count from 1 and say so where it is not obvious: list positions
of a setup (the engine's and the loader's), of a wire observation, and the games of a
simulation. (Steps and shuffle orders: tests/test_loader.py, tests/test_reactions.py.)"""

from __future__ import annotations

from typing import Any

import pytest

from arbiter import simulate
from engine.errors import BadPosition, dotted
from engine.game import Game
from scenarios.adapters.wire import _check_state


def test_the_engine_counts_list_positions_from_1() -> None:
    assert dotted(("p1", "shuffles", 0, 2)) == "p1.shuffles[1][3]"
    with pytest.raises(BadPosition, match=r"^p1\.hand\[3\]: unknown card: 'Nope'"):
        Game({"players": 2, "p1": {"hand": ["Copper", "Estate", "Nope"]}})


def test_the_wire_names_a_bad_card_by_its_position_from_1() -> None:
    state = {"players": {"p1": {"hand": ["Copper", "Nope"]}}}
    assert _check_state(state) == "unknown card 'Nope' in players.p1.hand[2]"


def test_a_failing_simulated_game_is_numbered_from_1(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: Any, **_kwargs: Any) -> None:
        raise ValueError("a bot bug")

    monkeypatch.setattr(simulate, "play_game", broken)
    config = simulate.Config(2, ("bigmoney", "bigmoney"), 4, 1, ("Smithy",))
    with pytest.raises(RuntimeError, match=r"^game 3 of 4 \(counted from 1; seed \d+, kingdom"):
        simulate.play_one((config, 2))
