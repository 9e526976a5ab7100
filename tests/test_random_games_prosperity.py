"""Random complete games with Prosperity: Kingdoms drawn from all three sets, both
editions of each set, with and without Platinum and Colony.

The games are played and checked by ``checks.random_play.play_random_game`` (the helper of
``tests/test_random_games.py``): every card accounted for, no negative count (VP tokens
included), no card left revealed, the game over exactly when the rules say. Colony is
forced on or off per seed so both kinds of games are covered; games with Prosperity-only
Kingdoms use the Prosperity set-up rule (which always adds Colony then).
"""

from __future__ import annotations

import os

import options
import pytest

from checks.random_play import InvariantBroken, play_random_game

SETS = ("base", "intrigue", "prosperity")
GAMES = int(os.environ.get("ARBITER_RANDOM_GAMES") or options.games(200))
CHUNK = 25
MAX_TURNS = 500


def game_params(seed: int) -> tuple[int, dict[str, int], bool]:
    """Players 2..6, every combination of editions, Colony on and off, spread over seeds."""
    editions = {
        "base": 1 + (seed // 5) % 2,
        "intrigue": 1 + (seed // 10) % 2,
        "prosperity": 1 + (seed // 20) % 2,
    }
    return 2 + seed % 5, editions, seed % 2 == 0


def _play(seed: int, sets: tuple[str, ...], colony: bool | None) -> str | None:
    players, editions, _ = game_params(seed)
    try:
        result = play_random_game(
            players, seed, editions=editions, sets=sets, colony=colony, max_turns=MAX_TURNS
        )
    except InvariantBroken as broken:
        return f"seed {seed} ({players} players, {editions}, colony {colony}): {broken}"
    game = result.game
    assert game.state.game_over
    assert game.winners(), f"seed {seed}: a finished game has winners"
    assert game.event_lines()[-1] == "game ends"
    if colony is not None:
        assert game.state.colony is colony
        assert ("Colony" in game.state.supply) is colony
    return None


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_all_sets(first: int) -> None:
    failures = []
    for seed in range(first, min(first + CHUNK, GAMES)):
        failure = _play(seed, SETS, colony=game_params(seed)[2])
        if failure:
            failures.append(failure)
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("first", range(0, GAMES // 2, CHUNK))
def test_random_games_prosperity_only(first: int) -> None:
    failures = []
    for seed in range(first, min(first + CHUNK, GAMES // 2)):
        failure = _play(seed, ("prosperity",), colony=None)
        if failure:
            failures.append(failure)
    assert not failures, "\n".join(failures)
