"""The overpay seam (``engine.abilities.Overpay``) and the ``amount`` decision, on a toy
card written in the test: the buy asks how much more to pay, spends it, and tells the
card's own buy and gain triggers; a card gained any other way is never overpaid."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import SimpleNamespace

import pytest

from engine import cards as catalogue
from engine.abilities import Overpay
from engine.cards.common import gain_costing_up_to, kingdom_maker
from engine.context import TriggerContext
from engine.costs import Cost
from engine.errors import IllegalAnswer
from engine.game import Game
from engine.model import ACTION, Effect, Trigger

_toy = kingdom_maker("toy")
seen: list[tuple[str, Cost | None]] = []


def _record(event: str) -> Callable[[TriggerContext], Effect[None]]:
    def effect(ctx: TriggerContext) -> Effect[None]:
        seen.append((event, ctx.happening.data.get("overpaid")))
        yield from ()

    return effect


MASON = _toy(
    "Toy Mason",
    2,
    {ACTION},
    "Overpay: it is told on its buy and on its gain.",
    static=(Overpay(),),
    triggers=(Trigger("buy", "self", _record("buy")), Trigger("gain", "self", _record("gain"))),
)
SHOP = _toy("Toy Shop", 3, {ACTION}, "Gain a card costing up to 4.", effect=gain_costing_up_to(4))


@pytest.fixture(autouse=True)
def toy_set() -> Iterator[None]:
    seen.clear()
    with catalogue.installed(SimpleNamespace(CARDS=(MASON, SHOP))):
        yield


def buying(coins: int, **turn: int) -> Game:
    game = Game({"players": 2, "kingdom": ["Toy Mason", "Toy Shop"],
                 "turn": {"phase": "buy", "coins": coins, **turn}})  # fmt: skip
    game.command("buy", "Toy Mason")
    return game


def test_the_buy_asks_how_much_more_and_spends_it() -> None:
    game = buying(5)
    pending = game.pending
    assert pending is not None
    assert (pending.kind, pending.purpose, pending.source) == ("amount", "overpay", "Toy Mason")
    assert (pending.min, pending.max, pending.choices) == (0, 3, ())
    assert seen == []  # asked before the card's own buy trigger
    game.answer(2)
    assert game.state.turn.coins == 1
    assert seen == [("buy", Cost(2)), ("gain", Cost(2))]


def test_overpaying_nothing_tells_nothing() -> None:
    game = buying(5)
    game.answer("0")  # an amount may be written as its digits
    assert game.state.turn.coins == 3
    assert seen == [("buy", None), ("gain", None)]


def test_nothing_left_to_overpay_with_asks_nothing() -> None:
    game = buying(2)
    assert game.pending is None and game.state.turn.coins == 0
    assert seen == [("buy", None), ("gain", None)]


@pytest.mark.parametrize("answer", [4, -1, True, "two", [1]])
def test_an_amount_out_of_range_or_not_a_number_is_refused(answer: object) -> None:
    game = buying(5)
    before = game.snapshot()
    with pytest.raises(IllegalAnswer):
        game.answer(answer)
    assert game.snapshot() == before and game.pending is not None


def test_a_potion_left_is_offered_as_part_of_the_overpay() -> None:
    game = Game({"players": 2, "kingdom": ["Toy Mason"], "turn": {"phase": "buy", "coins": 2}})
    game.state.turn.potions = 1  # as a Potion played would leave it
    game.command("buy", "Toy Mason")
    assert game.pending is not None
    assert (game.pending.kind, game.pending.purpose) == ("yes_no", "overpay")
    game.answer(True)
    assert game.state.turn.potions == 0
    assert seen == [("buy", Cost(0, potion=1)), ("gain", Cost(0, potion=1))]


def test_a_card_gained_another_way_is_never_overpaid() -> None:
    game = Game({"players": 2, "kingdom": ["Toy Mason", "Toy Shop"], "turn": {"coins": 9},
                 "p1": {"hand": ["Toy Shop"]}})  # fmt: skip
    game.command("play", "Toy Shop")
    game.answer("Toy Mason")
    assert game.pending is None and game.state.turn.coins == 9
    assert seen == [("gain", None)]
