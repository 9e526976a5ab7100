"""A run of alike start-of-turn abilities (several plays of one Duration card) resolves
without the player ordering them, but stops as soon as a card that listens to the same
event from the hand arrives there: the player then orders what is left. Toy cards: no
card of the bundled sets listens to the start of a turn from the hand."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace

import pytest

import engine.cards as catalogue
from engine.context import Context, TriggerContext
from engine.game import Game
from engine.model import ACTION, Card, Cost, Effect, Trigger


def _now(ctx: Context) -> Effect[None]:
    ctx.game.stay_in_play(ctx)
    ctx.game.at_start_of_next_turn(ctx, 0)
    yield from ()


def _draw_one(ctx: TriggerContext) -> Effect[None]:
    ctx.game.bonus(ctx.owner, cards=1)
    yield from ()


def _plus_coin(ctx: TriggerContext) -> Effect[None]:
    ctx.game.bonus(ctx.owner, coins=1)
    yield from ()


# A Duration card: at the start of your next turn, +1 Card.
DOCK = Card(
    "Toy Wharf",
    "base",
    Cost(3),
    frozenset({ACTION}),
    "At the start of your next turn: +1 Card.",
    effect=_now,
    triggers=(Trigger("start", "next_turn", _draw_one),),
)
# A card that gives +$1 at the start of your turn while it is in your hand.
BELL = Card(
    "Toy Bell",
    "base",
    Cost(2),
    frozenset({ACTION}),
    "At the start of your turn, if this is in your hand: +$1.",
    triggers=(Trigger("start", "hand", _plus_coin),),
)


@pytest.fixture(autouse=True)
def toy_cards() -> Iterator[None]:
    with catalogue.installed(SimpleNamespace(CARDS=(DOCK, BELL))):
        yield


def _turn_starting(deck: list[str]) -> Game:
    return Game(
        {
            "kingdom": ["Toy Wharf", "Toy Bell"],
            "turn": {"phase": "start"},
            "p1": {"durations": ["Toy Wharf", "Toy Wharf"], "deck": deck},
        }
    )


def test_alike_abilities_resolve_without_a_question() -> None:
    game = _turn_starting(["Copper", "Copper", "Estate"])
    assert game.pending is None  # both Docks drew, unasked
    assert game.table.names_of(game.table.player(0).hand) == ["Copper", "Copper"]


def test_a_listener_drawn_into_the_hand_stops_the_run() -> None:
    # The first Dock draws the Bell: it now listens to this start of turn, so the
    # player orders the second Dock and the Bell.
    game = _turn_starting(["Toy Bell", "Copper", "Estate"])
    assert game.pending is not None
    assert sorted(choice.label for choice in game.pending.choices) == ["Toy Bell", "Toy Wharf"]
    game.answer("Toy Bell")
    assert game.state.turn.coins == 1
    assert game.table.names_of(game.table.player(0).hand) == ["Toy Bell", "Copper"]
