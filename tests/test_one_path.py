"""One path: the plain shortcut for commands that ask nothing is only an optimisation.

With the shortcut off (``plain_commands=False``) every command goes through the game's
generator; random games over all sets and both editions, played both ways from the same
seeds, make the same inputs and end with the same event log and the same state.
"""

from __future__ import annotations

import options
import pytest
from every_set import SETS, editions

from checks.random_play import play_random_game
from engine.game import Game

GAMES = options.games(300)  # a quarter unless `pytest --full` (tests/options.py)


@pytest.mark.parametrize("block", range(6))
def test_random_games_are_the_same_with_and_without_the_shortcut(block: int) -> None:
    for seed in range(block, GAMES, 6):
        players = 2 + seed % 3
        games = [
            play_random_game(
                players, seed, editions=editions(seed), sets=SETS, plain_commands=plain
            ).game
            for plain in (True, False)
        ]
        fast, general = games
        where = f"seed {seed}, kingdom {fast.state.kingdom}"
        assert fast.inputs == general.inputs, where
        assert fast.event_lines() == general.event_lines(), where
        assert fast.state == general.state, where
        assert fast.snapshot() == general.snapshot(), where


def test_end_action_is_handled_by_the_main_loop() -> None:
    setup = {"players": 2, "p1": {"hand": ["Copper", "Village"]}}
    game = Game(setup, plain_commands=False)
    game.command("end", "action")
    assert game.state.turn.phase == "buy"
    assert game.state.turn.player == 0  # still p1's turn: only the Action phase ended
    game.command("play", "Copper")
    assert game.state.turn.coins == 1
    assert game.legal_commands(("play",)) == []  # Village can no longer be played


def test_a_turn_ended_plainly_still_fires_the_start_of_the_next() -> None:
    # Nobody listens to p1's Clean-up, so the plain path ends p1's turn; p2 has a Clerk
    # in hand, whose "at the start of your turn" ability the generator must still offer.
    setup = {
        "players": 2,
        "kingdom": ["Clerk"],
        "editions": {"intrigue": 2},
        "p2": {"hand": ["Clerk"]},
    }
    for plain in (True, False):
        game = Game(setup, plain_commands=plain)
        game.command("end", "turn")
        assert game.state.turn.player == 1
        assert game.pending is not None and game.pending.source == "Clerk", plain
