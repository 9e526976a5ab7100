"""The bare-lists floor: the same Big Money mirror with nothing but lists of card names.

This is the lower bound of what CPython can charge for this work, so the benchmark prints
the reference engine's cost as a multiple of it. It keeps exactly the work a Big Money game
cannot do without - shuffle, draw five, count the Treasures, buy by the same rule
(``engine.bots.big_money_buy`` with the same fall-backs), clean up, and the end-of-game
check on the piles a Big Money game can empty - and nothing an engine adds on top: no card
identity, no events, no decisions, no rule checks. It is not a Dominion engine: it knows
only the seven cards a Big Money mirror touches, and Supply piles are counters.

Its buy rule is the Python copy in ``mirror_driver.py`` (the engine's rule, which
tests/test_bench_floor.py checks it against), not the engine's own function: a compiled
engine (engine/compiled.py) must not make the floor it is measured against faster.
"""

from __future__ import annotations

import random

from mirror_driver import big_money_buy

from engine.bots import BIG_MONEY_FALLBACK as FALLBACK

COST = {"Copper": 0, "Silver": 3, "Gold": 6, "Estate": 2, "Duchy": 5, "Province": 8}
COINS = {"Copper": 1, "Silver": 2, "Gold": 3}
VP = {"Estate": 1, "Duchy": 3, "Province": 6}
# A 2-player game's piles (Copper after the starting decks; the kingdom piles never move).
SUPPLY_2P = {"Copper": 46, "Silver": 40, "Gold": 30, "Estate": 8, "Duchy": 8, "Province": 8}


def play_floor_game(rng: random.Random, max_turns: int = 10_000) -> tuple[int, list[int]]:
    """Play one 2-player mirror; return the player-turns it took and the scores."""
    supply = dict(SUPPLY_2P)
    decks = [_starting_deck(rng) for _ in range(2)]
    discards: list[list[str]] = [[], []]
    hands = [_draw(decks[p], discards[p], rng) for p in range(2)]
    turns = 0
    while turns < max_turns:
        player = turns % 2
        hand = hands[player]
        name = _choose_buy(sum(COINS.get(card, 0) for card in hand), supply)
        discards[player].extend(hand)
        hands[player] = []
        if name is not None:
            supply[name] -= 1
            discards[player].append(name)
        turns += 1
        if supply["Province"] == 0 or sum(1 for n in supply.values() if n == 0) >= 3:
            break
        hands[player] = _draw(decks[player], discards[player], rng)
    return turns, [_score(decks[p] + discards[p] + hands[p]) for p in range(2)]


def _score(cards: list[str]) -> int:
    return sum(VP.get(card, 0) for card in cards)


def _starting_deck(rng: random.Random) -> list[str]:
    deck = ["Copper"] * 7 + ["Estate"] * 3
    rng.shuffle(deck)
    return deck


def _draw(deck: list[str], discard: list[str], rng: random.Random) -> list[str]:
    if len(deck) >= 5:  # the common case, in one slice
        hand = deck[-5:]
        del deck[-5:]
        return hand
    hand = []
    while len(hand) < 5:
        if not deck:
            if not discard:
                break
            deck.extend(discard)
            discard.clear()
            rng.shuffle(deck)
        hand.append(deck.pop())
    return hand


def _choose_buy(coins: int, supply: dict[str, int]) -> str | None:
    name = big_money_buy(coins, supply["Province"])
    while name is not None and (supply[name] == 0 or COST[name] > coins):
        name = FALLBACK.get(name)
    return name
