"""Random complete games with Hinterlands: Kingdoms drawn from every set, both editions of
Hinterlands, Hinterlands alone, and Kingdoms chosen so that its gains, replacements,
exchanges and discard reactions happen whatever the random draw.

The same check as ``test_random_games`` (random legal commands and answers from
``checks.random_play``, the invariants after every turn: every card in one place, no
negative count or token, the game over exactly when the rules say so).
"""

from __future__ import annotations

import os
from collections import Counter

import options
import pytest
from every_set import editions

from checks.random_play import InvariantBroken, play_random_game
from engine.sets import KINGDOM_SETS

GAMES = int(os.environ.get("ARBITER_RANDOM_GAMES") or options.games(200)) // 2
CHUNK = 25
MAX_TURNS = 400


def _play(
    seed: int, kingdom: list[str] | None = None, chosen: dict[str, int] | None = None
) -> tuple[str | None, list[str]]:
    players, chosen = 2 + seed % 3, chosen or editions(seed)
    try:
        result = play_random_game(
            players, seed, editions=chosen, sets=KINGDOM_SETS, kingdom=kingdom,
            max_turns=MAX_TURNS,
        )  # fmt: skip
    except InvariantBroken as broken:
        return f"seed {seed} ({players} players, {chosen}): {broken}", []
    game = result.game
    assert game.state.game_over and game.winners(), seed
    return None, game.event_lines()


@pytest.mark.parametrize("first", range(0, GAMES // 2, CHUNK))
def test_random_games_hinterlands_only(first: int) -> None:
    failures = []
    for seed in range(first, min(first + CHUNK, GAMES // 2)):
        players, chosen = 2 + seed % 5, editions(seed)
        try:
            play_random_game(players, seed, editions=chosen, sets=("hinterlands",))
        except InvariantBroken as broken:
            failures.append(f"seed {seed} ({players} players, {chosen}): {broken}")
    assert not failures, "\n".join(failures)


def _seen(lines: list[str], happenings: tuple[str, ...], seen: Counter[str]) -> None:
    for line in lines:
        words = line.split(" ", 1)[-1]
        for happening in happenings:
            seen[happening] += happening in words


def test_replacements_and_gains_elsewhere_are_played() -> None:
    """First edition: Trader replaces gains, Nomad Camp goes onto the deck, Fool's Gold
    answers a Province, Cache and Border Village gain with themselves; every game ends by
    the rules."""
    kingdom = [
        "Trader", "Nomad Camp", "Cache", "Border Village", "Fool's Gold", "Haggler",
        "Farmland", "Develop", "Highway", "Workshop",
    ]  # fmt: skip
    happenings = ("instead of", "reacts with Fool's Gold", "gains Nomad Camp", "buys Farmland")
    seen: Counter[str] = Counter()
    failures = []
    for seed in range(12):
        failure, lines = _play(3000 + seed, kingdom, {**editions(seed), "hinterlands": 1})
        if failure:
            failures.append(failure)
        _seen(lines, happenings, seen)
    assert not failures, "\n".join(failures)
    assert all(seen[h] for h in happenings), seen


def test_exchanges_and_discard_reactions_are_played() -> None:
    """Second edition: Trader exchanges, Tunnel, Weaver and Trail react to being discarded,
    Guard Dog answers an Attack, Berserker plays itself when gained; every game ends by the
    rules."""
    kingdom = [
        "Trader", "Tunnel", "Weaver", "Trail", "Guard Dog", "Berserker", "Militia",
        "Cellar", "Village", "Scheme",
    ]  # fmt: skip
    happenings = (
        "exchanges", "reacts with Tunnel", "reacts with Weaver", "reacts with Trail",
        "reacts with Guard Dog", "plays Berserker",
    )  # fmt: skip
    seen: Counter[str] = Counter()
    failures = []
    for seed in range(12):
        failure, lines = _play(4000 + seed, kingdom, {**editions(seed), "hinterlands": 2})
        if failure:
            failures.append(failure)
        _seen(lines, happenings, seen)
    assert not failures, "\n".join(failures)
    assert all(seen[h] for h in happenings), seen
