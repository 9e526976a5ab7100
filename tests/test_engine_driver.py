"""The driver's side of the game: whose input it waits for, and whether it is over."""

from __future__ import annotations

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
    assert game.active == 0


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
