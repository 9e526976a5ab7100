"""A run of alike start-of-turn abilities (two plays of Wharf) resolves without the player
ordering them, but stops as soon as a card that listens to the same event from the hand
arrives there: the player then orders what is left. A toy card listens from the hand: no
card of the bundled sets listens to the start of a turn from there."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace

import pytest

import engine.cards as catalogue
from engine.cards.common import owner_bonus
from engine.game import Game
from engine.model import ACTION, Card, Cost, Trigger

# A card that gives +$1 at the start of your turn while it is in your hand.
BELL = Card(
    "Toy Bell",
    "base",
    Cost(2),
    frozenset({ACTION}),
    "At the start of your turn, if this is in your hand: +$1.",
    triggers=(Trigger("start", "hand", owner_bonus(coins=1)),),
)


@pytest.fixture(autouse=True)
def toy_cards() -> Iterator[None]:
    with catalogue.installed(SimpleNamespace(CARDS=(BELL,))):
        yield


def _turn_starting(deck: list[str]) -> Game:
    return Game(
        {
            "kingdom": ["Wharf", "Toy Bell"],
            "turn": {"phase": "start"},
            "p1": {"durations": ["Wharf", "Wharf"], "deck": deck},
        }
    )


def test_alike_abilities_resolve_without_a_question() -> None:
    game = _turn_starting(["Copper", "Copper", "Estate", "Silver"])
    assert game.pending is None  # both Wharfs drew, unasked
    assert game.table.names_of(game.table.player(0).hand) == [
        "Copper",
        "Copper",
        "Estate",
        "Silver",
    ]
    assert game.state.turn.buys == 3


def test_a_listener_drawn_into_the_hand_stops_the_run() -> None:
    # The first Wharf draws the Bell: it now listens to this start of turn, so the
    # player orders the second Wharf and the Bell.
    game = _turn_starting(["Toy Bell", "Copper", "Estate", "Silver"])
    assert game.pending is not None
    assert sorted(choice.label for choice in game.pending.choices) == ["Toy Bell", "Wharf"]
    game.answer("Toy Bell")
    assert game.pending is None
    assert game.state.turn.coins == 1
    hand = game.table.names_of(game.table.player(0).hand)
    assert hand == ["Toy Bell", "Copper", "Estate", "Silver"]
