"""The driver's side of the game: whose input it waits for, and whether it is over."""

from __future__ import annotations

import gc
import weakref

import pytest

from engine.errors import IllegalAnswer, IllegalMove
from engine.game import Game


def test_current_player_is_the_active_player_while_a_command_is_awaited() -> None:
    game = Game({"players": 3, "turn": {"player": "p2"}, "p2": {"hand": ["Copper"]}})
    assert game.awaiting_command
    assert game.current_player() == 1
    assert not game.is_terminal()


def test_current_player_is_whoever_a_pending_decision_asks() -> None:
    # Militia: p2 (not the active p1) must choose what to discard down to 3.
    game = Game(
        {
            "players": 2,
            "kingdom": ["Militia"],
            "p1": {"hand": ["Militia"]},
            "p2": {"hand": ["Copper", "Silver", "Gold", "Estate", "Duchy"]},
        }
    )
    game.command("play", "Militia")
    assert game.pending is not None
    assert game.current_player() == 1
    assert game.table.active == 0


def test_a_finished_game_is_terminal_and_waits_for_nobody() -> None:
    # The last Province is bought: the game ends at the end of that turn.
    game = Game(
        {
            "players": 2,
            "supply": {"Province": 1},
            "turn": {"phase": "buy", "coins": 8},
        }
    )
    game.command("buy", "Province")
    assert not game.is_terminal()
    game.command("end", "turn")
    assert game.is_terminal()
    assert game.current_player() is None
    assert game.legal_commands() == []


MILITIA = {
    "players": 2,
    "kingdom": ["Militia"],
    "p1": {"hand": ["Militia", "Copper"]},
    "p2": {"hand": ["Copper", "Silver", "Gold", "Estate", "Duchy"]},
}


def test_a_closed_game_takes_nothing_more_and_keeps_its_position() -> None:
    game = Game(MILITIA)
    game.command("play", "Militia")
    shown = game.snapshot()
    game.close()
    assert game.snapshot() == shown
    assert game.current_player() is None
    assert game.legal_commands() == []
    with pytest.raises(IllegalMove, match=r"^the game was closed$"):
        game.command("play", "Copper")
    with pytest.raises(IllegalAnswer, match="no decision is pending"):
        game.answer(["Estate", "Duchy"])


class _Followed(Game):
    """A game a weak reference can follow (the compiled Game takes none itself)."""


@pytest.mark.parametrize("closed", [True, False])
def test_a_dropped_game_is_freed_without_the_cycle_collector(closed: bool) -> None:
    """Its generator's frame refers to the turn, not to the driver, which nothing of the
    game refers to: a game that is dropped is freed at once, closed or not (a run of a
    thousand scenarios leaves nothing to the collector)."""
    gc.disable()
    try:
        game = _Followed(MILITIA)
        game.command("play", "Militia")
        if closed:
            game.close()
        followed = weakref.ref(game)
        del game
        assert followed() is None
    finally:
        gc.enable()
