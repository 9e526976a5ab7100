"""Random complete games with Seaside: Kingdoms drawn from all four sets, and from Seaside
alone, every combination of editions.

The games are played and checked by ``checks.random_play.play_random_game`` (the helper of
``tests/test_random_games.py``) after every input: every card accounted for, no negative
count, no card left revealed, only staying cards in play outside their player's turn
(Durations, a Pirate played on another player's turn), the game over exactly when the rules
say. About 0.15 s of CPU a game: the default 100 mixed and 50 Seaside-only games take
about 25 s.
"""

from __future__ import annotations

import os

import pytest

from checks.random_play import InvariantBroken, play_random_game
from engine.game import Game
from engine.sets import KINGDOM_SETS

GAMES = int(os.environ.get("ARBITER_RANDOM_GAMES_SEASIDE", "100"))
CHUNK = 25
MAX_TURNS = 500


def game_params(seed: int) -> tuple[int, dict[str, int]]:
    """Players 2..6 and each set's edition 1 or 2, every combination over 16 seeds."""
    editions = {name: 1 + (seed >> bit) % 2 for bit, name in enumerate(KINGDOM_SETS)}
    return 2 + seed % 5, editions


def _play(seed: int, sets: tuple[str, ...]) -> str | None:
    players, editions = game_params(seed)
    try:
        result = play_random_game(players, seed, editions=editions, sets=sets, max_turns=MAX_TURNS)
    except InvariantBroken as broken:
        return f"seed {seed} ({players} players, {editions}): {broken}"
    game = result.game
    assert game.state.game_over, f"seed {seed}: not over after {MAX_TURNS} turns"
    assert game.winners(), f"seed {seed}: a finished game has winners"
    assert game.event_lines()[-1] == "game ends"
    return None


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_all_four_sets(first: int) -> None:
    failures = [
        failure
        for seed in range(first, min(first + CHUNK, GAMES))
        if (failure := _play(seed, KINGDOM_SETS)) is not None
    ]
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("first", range(0, GAMES // 2, CHUNK))
def test_random_games_seaside_only(first: int) -> None:
    failures = [
        failure
        for seed in range(first, min(first + CHUNK, GAMES // 2))
        if (failure := _play(seed, ("seaside",))) is not None
    ]
    assert not failures, "\n".join(failures)


def test_the_mixed_games_meet_seaside_cards() -> None:
    """The mixed Kingdoms really draw from Seaside (a set missing from the pool would let
    every game pass without it)."""
    games = [Game.new(2, seed=seed, sets=KINGDOM_SETS) for seed in range(8)]
    sets = {game.definition_by_name(name).set for game in games for name in game.state.kingdom}
    assert sets == set(KINGDOM_SETS)
