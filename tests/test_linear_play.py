"""Playing many cards is linear (issue 14): n Coppers and n Silvers, every Silver played.

Before the fix each ``play Silver`` looked at every Copper before the first Silver, and
took the Silver out with ``list.remove`` (which looks again): n plays cost n * n steps.
Now a play starts looking where its name was last found. The test counts card-name
look-ups (``state.names[card]``) instead of timing, so it cannot flake on a busy
machine; a quadratic scan would make about n * n / 2 of them. The timing figures are in
the issue's closing note (docs: performance guide).

The hint a play starts from must never skip a card: random games check after every
move that no card of a hinted name sits before its hint.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.bots import Answer, GameView, make_bot
from engine.game import Game


class CountingNames(list[str]):
    """``state.names`` that counts how often a card's name is read."""

    reads = 0

    def __getitem__(self, index: Any) -> Any:
        CountingNames.reads += 1
        return super().__getitem__(index)


def play_every_silver(n: int) -> int:
    game = Game(
        {
            "p1": {"hand": ["Copper"] * n + ["Silver"] * n},
            "turn": {"phase": "buy"},
            "supply": {"Copper": 0, "Silver": 0},
        }
    )
    game.state.names = CountingNames(game.state.names)
    CountingNames.reads = 0
    for _ in range(n):
        game.command("play", "Silver")
    assert game.state.turn.coins == 2 * n
    assert game.table.names_of(game.table.player(0).hand) == ["Copper"] * n
    return CountingNames.reads


@pytest.mark.parametrize("n", [1_000, 4_000])
def test_playing_n_silvers_past_n_coppers_reads_a_few_names_per_play(n: int) -> None:
    assert play_every_silver(n) <= 6 * n  # quadratic: n * n / 2 and more


def test_the_same_card_is_played_as_before() -> None:
    """The first card of the name in hand, in hand order, as a plain scan finds it."""
    game = Game({"p1": {"hand": ["Silver", "Copper", "Silver", "Gold", "Copper"]}})
    hand = game.table.player(0).hand
    order = list(hand)
    game.command("play", "Copper")
    game.command("play", "Silver")
    game.command("play", "Copper")
    assert game.table.player(0).in_play == [order[1], order[0], order[4]]


def hints_hold(game: Game) -> bool:
    names = game.state.names
    for player, hints in enumerate(game.table.first_in_hand):
        hand = game.table.player(player).hand
        for name, start in hints.items():
            if any(names[card] == name for card in hand[:start]):
                return False
    return True


@pytest.mark.parametrize("seed", range(6))
def test_the_hints_never_skip_a_card_in_random_games(seed: int) -> None:
    rng = random.Random(seed)
    game = Game.new(players=rng.choice([2, 3]), seed=seed)
    bots = [make_bot("random", seed=seed + seat) for seat in range(game.table.players)]
    views = [GameView(game, seat) for seat in range(game.table.players)]
    for _ in range(3_000):
        if game.state.game_over:
            break
        decision = game.pending
        seat = decision.player if decision is not None else game.state.turn.player
        move = bots[seat].act(views[seat])
        if isinstance(move, Answer):
            game.answer(move.value)
        else:
            game.command(*move)
        assert hints_hold(game)
