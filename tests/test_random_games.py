"""Random complete games over random Kingdoms: every game ends by the rules.

Each game is played with random legal commands and answers (``checks.random_play``) and
checked after every input: the game is over exactly when ``engine.rules.game_over`` holds
at the end of a turn, every card is accounted for (the multiset of names over all zones is
what set-up created, each card in exactly one zone), and no count is negative. A game that
has not ended after ``MAX_TURNS`` turns fails.

``SETS`` is the parameter for the card sets the Kingdoms are drawn from (environment
variable ``ARBITER_RANDOM_SETS``, default Base only); ``ARBITER_RANDOM_GAMES`` sets the
number of games (default 200 under ``pytest --full``, about 18 s of CPU for Base, and a
quarter of that otherwise: tests/options.py).
"""

from __future__ import annotations

import os

import options
import pytest

from checks.random_play import InvariantBroken, play_random_game

# Each entry is one family of random Kingdoms; ARBITER_RANDOM_SETS="base;base,intrigue"
# runs Base-only Kingdoms and mixed Base and Intrigue Kingdoms.
SETS: tuple[tuple[str, ...], ...] = tuple(
    tuple(family.split(",")) for family in os.environ.get("ARBITER_RANDOM_SETS", "base").split(";")
)
GAMES = int(os.environ.get("ARBITER_RANDOM_GAMES") or options.games(200))
CHUNK = 25
MAX_TURNS = 400  # all players' turns together; a 6-player game needs about 100


def game_params(seed: int) -> tuple[int, dict[str, int]]:
    """Players 2..6 and each set's edition 1 or 2, spread evenly over the seeds."""
    return 2 + seed % 5, {
        "base": 1 + (seed // 5) % 2,
        "intrigue": 1 + (seed // 10) % 2,
        "prosperity": 1 + (seed // 20) % 2,
    }


@pytest.mark.parametrize("sets", SETS, ids="+".join)
@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_end_by_the_rules(first: int, sets: tuple[str, ...]) -> None:
    failures = []
    for seed in range(first, min(first + CHUNK, GAMES)):
        players, editions = game_params(seed)
        try:
            result = play_random_game(
                players, seed, editions=editions, sets=sets, max_turns=MAX_TURNS
            )
        except InvariantBroken as broken:
            failures.append(f"seed {seed} ({players} players, {editions}): {broken}")
            continue
        game = result.game
        assert game.state.game_over
        assert game.winners(), f"seed {seed}: a finished game has winners"
        assert game.event_lines()[-1] == "game ends"
    assert not failures, "\n".join(failures)


def test_a_game_that_does_not_end_fails() -> None:
    with pytest.raises(InvariantBroken, match="no end"):
        play_random_game(2, 0, sets=("base",), max_turns=3)


def test_thorough_mode_checks_every_input() -> None:
    result = play_random_game(3, 12345, editions={"base": 2}, thorough=True)
    assert result.game.state.game_over
