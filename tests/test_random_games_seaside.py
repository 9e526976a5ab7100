"""Random complete games with Seaside: Kingdoms drawn from all four sets, both editions of
Seaside, and Kingdoms made only of the Seaside cards that use mats, tokens, set-aside
cards and extra turns, so that each of them is played whatever the random draw.

The same check as ``test_random_games`` (random legal commands and answers from
``checks.random_play``, the invariants after every turn, extra turns included: every
card in one place, mats and set-aside cards too, no negative count or token, the game
over exactly when the rules say so).
"""

from __future__ import annotations

import itertools
import os
from collections import Counter

import options
import pytest

from checks.invariants import violations
from checks.random_play import GameWatch, InvariantBroken, WatchedGame, play_random_game
from engine.sets import KINGDOM_SETS

GAMES = int(os.environ.get("ARBITER_RANDOM_GAMES") or options.games(200)) // 2
CHUNK = 25
MAX_TURNS = 400


def _editions(seed: int) -> dict[str, int]:
    return {name: 1 + (seed >> index) % 2 for index, name in enumerate(KINGDOM_SETS)}


def _play(seed: int, kingdom: list[str] | None = None) -> tuple[str | None, list[str]]:
    players, editions = 2 + seed % 3, _editions(seed)
    try:
        result = play_random_game(
            players, seed, editions=editions, sets=KINGDOM_SETS, kingdom=kingdom,
            max_turns=MAX_TURNS,
        )  # fmt: skip
    except InvariantBroken as broken:
        return f"seed {seed} ({players} players, {editions}): {broken}", []
    game = result.game
    assert game.state.game_over and game.winners(), seed
    return None, game.event_lines()


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_with_seaside_end_by_the_rules(first: int) -> None:
    failures = [
        failure
        for seed in range(first, min(first + CHUNK, GAMES))
        if (failure := _play(seed)[0]) is not None
    ]
    assert not failures, "\n".join(failures)


def test_the_mats_tokens_and_extra_turns_are_played() -> None:
    """Kingdoms of the Seaside cards that need mats, tokens and extra turns (with Throne
    Room to play them twice): each of those happens in some game, and every game ends
    by the rules."""
    from engine.cards import seaside_mats

    mine = sorted({card.name for card in seaside_mats.CARDS})
    seen: Counter[str] = Counter()
    failures = []
    for seed in range(12):
        kingdom = [*mine, "Throne Room"][seed % 3 :][:10]
        failure, lines = _play(1000 + seed, kingdom)
        if failure:
            failures.append(failure)
        for line in lines:
            words = line.split(" ", 1)[-1]
            for happening in (
                "on the Island mat", "on the Native Village mat", "embargoes",
                "takes a Coin token", "starts an extra turn", "resolves Haven",
                "resolves Blockade", "topdecks Treasury",
            ):  # fmt: skip
                if happening in words:
                    seen[happening] += 1
    assert not failures, "\n".join(failures)
    assert len(seen) == 8, seen


@pytest.mark.parametrize("first", range(0, GAMES // 2, CHUNK))
def test_random_games_seaside_only(first: int) -> None:
    failures = []
    for seed in range(first, min(first + CHUNK, GAMES // 2)):
        players, editions = 2 + seed % 5, _editions(seed)
        try:
            play_random_game(players, seed, editions=editions, sets=("seaside",))
        except InvariantBroken as broken:
            failures.append(f"seed {seed} ({players} players, {editions}): {broken}")
    assert not failures, "\n".join(failures)


def test_the_reactions_and_until_next_turn_abilities_are_used() -> None:
    """Kingdoms of the 2nd-edition cards that react to gains or last until their player's
    next turn, with cards that gain Treasures and Durations: in some game Pirate and Sailor
    are played on a gain, Astrolabe is played, Sea Chart puts a card into hand and Corsair
    trashes a Silver or Gold as it is played; every game ends by the rules."""
    kingdom = [
        "Astrolabe", "Corsair", "Monkey", "Pirate", "Sailor", "Sea Chart",
        "Workshop", "Mine", "Witch", "Village",
    ]  # fmt: skip
    seen: Counter[str] = Counter()
    failures = []
    for seed in range(12):
        failure, lines = _play(2000 + seed, kingdom)
        if failure:
            failures.append(failure)
        for line, after in itertools.pairwise(lines):
            for happening in ("reacts with Pirate", "reacts with Sailor", "plays Astrolabe"):
                seen[happening] += happening in line
            seen["puts into hand"] += line.endswith("into hand")
            player, _, played = line.partition(" plays ")
            seen["Corsair trashes"] += played in ("Silver", "Gold") and after == (
                f"{player} trashes {played}"
            )
    assert not failures, "\n".join(failures)
    assert all(seen.values()) and len(seen) == 5, seen


# p1 ends a turn with two Supply piles empty; p2's Pirate then gains the last Gold as p2's
# turn starts: a third pile is empty, but only from the start of p2's turn.
PIRATE_EMPTIES_A_THIRD_PILE = {
    "players": 2,
    "kingdom": ["Pirate"],
    "supply": {"Copper": 0, "Silver": 0, "Gold": 1},
    "p1": {"hand": ["Copper"]},
    "p2": {"durations": ["Pirate"], "deck": ["Copper"] * 5},
}


def test_the_end_of_a_turn_is_judged_on_the_piles_as_it_ended() -> None:
    game = WatchedGame(PIRATE_EMPTIES_A_THIRD_PILE)
    watch = GameWatch(game)
    game.command("end", "turn")
    assert game.event_lines()[-2:] == ["p2 resolves Pirate", "p2 gains Gold"]
    assert not game.state.game_over and not game.state.supply["Gold"]
    watch.check()  # two piles were empty as p1's turn ended: the game goes on
    # Judged on the piles now, the same moment looks like a game that failed to end.
    assert any("game_over is False" in v for v in violations(game, watch.created, end_of_turn=True))
    game.command("end", "turn")
    watch.check()  # three piles were empty as p2's turn ended: the game is over
    assert game.state.game_over


def test_a_game_that_goes_on_after_a_turn_ends_with_three_piles_empty_is_caught() -> None:
    game = WatchedGame(PIRATE_EMPTIES_A_THIRD_PILE)
    three_empty = [0 if pile in ("Copper", "Silver", "Gold") else 8 for pile in game.state.supply]
    found = violations(
        game, GameWatch(game).created, end_of_turn=True, piles_at_turn_end=three_empty
    )
    assert any("as the turn ended" in v for v in found)
