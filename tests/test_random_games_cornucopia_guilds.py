"""Random complete games with Cornucopia & Guilds: Kingdoms drawn from that set alone in
both editions, and Kingdoms of the cards with their own mechanics (Prizes or Rewards, the
Bane, Ferryman's pile, Coffers, overpaying, Horse Traders set aside, Farmhands), so that
each is set up whatever the random draw (which of them random play is seen to reach is
said by the last test).

The same check as ``test_random_games`` (random legal commands, Coffers spent among them,
and random answers from ``checks.random_play``; the invariants after every turn: every card
in one place, the piles outside the Supply and the cards set aside too, no negative count
or token, the game over exactly when the rules say so).
"""

from __future__ import annotations

import os
from collections import Counter

import options
import pytest

from checks.random_play import InvariantBroken, play_random_game
from engine.game import Game
from engine.sets import DEFAULT_EDITIONS

GAMES = int(os.environ.get("ARBITER_RANDOM_GAMES") or options.games(200)) // 4
CHUNK = 25
SET = "cornucopia-guilds"

FIRST = [
    "Tournament", "Young Witch", "Horse Traders", "Baker", "Stonemason",
    "Herald", "Masterpiece", "Doctor", "Merchant Guild", "Throne Room",
]  # fmt: skip
SECOND = [
    "Joust", "Young Witch", "Ferryman", "Baker", "Footpad",
    "Farrier", "Infirmary", "Farmhands", "Merchant Guild", "Throne Room",
]  # fmt: skip


def _play(seed: int, edition: int, kingdom: list[str] | None = None) -> Game | str:
    """The finished game, or what went wrong."""
    players, editions = 2 + seed % 4, {**DEFAULT_EDITIONS, SET: edition}
    try:
        result = play_random_game(
            players, seed, editions=editions, sets=(SET,), kingdom=kingdom, max_turns=400
        )
    except InvariantBroken as broken:
        return f"seed {seed} ({players} players, edition {edition}): {broken}"
    game = result.game
    assert game.state.game_over and game.winners(), seed
    return game


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_cornucopia_guilds_only(first: int) -> None:
    failures = [
        failure
        for seed in range(first, min(first + CHUNK, GAMES))
        if isinstance(failure := _play(seed, 1 + seed % 2), str)
    ]
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize(("edition", "kingdom"), [(1, FIRST), (2, SECOND)])
def test_the_sets_own_mechanics_are_played(edition: int, kingdom: list[str]) -> None:
    """Coffers are spent, the Bane is revealed (to Young Witch), Horse Traders is set aside
    by its Reaction (first edition: the second has no Horse Traders), and every game ends by
    the rules. Not looked for, as random play seldom gets there: a Prize or Reward gained
    (Tournament and Joust need a Province in hand: 2 games in 36) and an overpay (random
    play buys the dearest card it can afford, so it rarely has coins left over); the
    scenarios of rules/non-supply, rules/overpay and of each card cover them."""
    seen: Counter[str] = Counter()
    failures = []
    for seed in range(12):
        game = _play(3000 + seed, edition, kingdom)
        if isinstance(game, str):
            failures.append(game)
            continue
        for line in game.event_lines():
            rest = line.partition(" ")[2]
            seen["spends Coffers"] += rest == "spends Coffers"
            seen["reveals the Bane"] += rest == f"reveals {game.state.bane}"
            seen["sets aside Horse Traders"] += rest == "sets aside Horse Traders"
    assert not failures, "\n".join(failures)
    wanted = {"spends Coffers", "reveals the Bane"}
    if edition == 1:
        wanted.add("sets aside Horse Traders")
    assert {what for what, count in seen.items() if count} == wanted, seen
