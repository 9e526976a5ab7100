"""The Landscape slot (``engine.landscapes``): a toy set declares an Event in its
``LANDSCAPES``, a game names it in its setup, and a player buys it with ``buy`` like a
card: a Buy and its cost spent, the Action phase over, then its effect; never a card
gained or bought, so no ability hearing those fires. Written here, not in the engine,
as a set helper would write the first Event."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from engine import cards as catalogue
from engine.cards.common import kingdom_maker
from engine.context import TriggerContext
from engine.costs import Cost
from engine.errors import BadPosition, IllegalMove, UnknownName
from engine.game import Game
from engine.landscapes import Landscape, LandscapeContext
from engine.model import ACTION, Effect, Trigger
from engine.position import setup_of, state_of

TOY = "toy"
_toy = kingdom_maker(TOY)


def _alms(ctx: LandscapeContext) -> Effect[None]:
    # "+1 Buy; gain a Silver": the gain is the effect's, the Event itself is gained by no one.
    ctx.game.bonus(ctx.player, buys=1)
    yield from ctx.game.gain(ctx.player, "Silver")


ALMS = Landscape("Toy Alms", TOY, "event", "+1 Buy. Gain a Silver.", Cost(2), on_buy=_alms)
MONUMENT = Landscape("Toy Obelisk", TOY, "landmark", "Worth 2 VP per Toy Bell you have.")


def _vp_token(ctx: TriggerContext) -> Effect[None]:
    ctx.game.add_tokens(ctx.owner, "vp")
    yield from ()


# Hears every card its owner buys (as Goons does): an Event is not one.
HERALD = _toy(
    "Toy Herald",
    3,
    {ACTION},
    "While this is in play, when you buy a card, +1 VP token.",
    triggers=(Trigger("buy", "in_play", _vp_token),),
)
TOY_SET = SimpleNamespace(CARDS=(HERALD,), LANDSCAPES=(ALMS, MONUMENT))


@pytest.fixture(autouse=True)
def toy_set() -> Any:
    with catalogue.installed(TOY_SET):
        yield


def _game(coins: int = 3, buys: int = 1, **extra: Any) -> Game:
    return Game(
        {
            "players": 2,
            "kingdom": ["Toy Herald", "Village", "Smithy"],
            "editions": {"prosperity": 1},
            "landscapes": ["Toy Alms"],
            "turn": {"phase": "buy", "coins": coins, "buys": buys},
            **extra,
        }
    )


def test_an_event_is_bought_with_a_buy_and_its_cost_then_does_what_it_says() -> None:
    game = _game(coins=3)
    assert ("buy", "Toy Alms") in game.legal_commands()
    game.command("buy", "Toy Alms")
    turn = game.state.turn
    assert (turn.coins, turn.buys, turn.bought) == (1, 1, True)  # $2 and a Buy, then +1 Buy
    assert game.snapshot()["players"]["p1"]["discard"] == ["Silver"]
    assert game.event_lines()[-2:] == ["p1 buys Toy Alms", "p1 gains Silver"]
    assert "Toy Alms" not in game.state.names  # never a card


def test_an_event_is_refused_like_a_card_without_a_buy_or_the_coins() -> None:
    for coins, buys, reason in ((1, 1, r"Toy Alms costs \$2, only \$1"), (5, 0, "no Buy left")):
        game = _game(coins=coins, buys=buys)
        assert ("buy", "Toy Alms") not in game.legal_commands()
        before = state_of(game)
        with pytest.raises(IllegalMove, match=reason):
            game.command("buy", "Toy Alms")
        assert state_of(game) == before


def test_an_event_not_in_this_game_is_not_bought() -> None:
    game = Game({"players": 2, "kingdom": ["Village"], "turn": {"phase": "buy", "coins": 5}})
    with pytest.raises(IllegalMove, match="Toy Alms is not in the Supply"):
        game.command("buy", "Toy Alms")


def test_buying_an_event_is_not_buying_a_card() -> None:
    # A Herald in play hears a Silver bought, not the Event (nor the Event's Silver, gained).
    game = _game(coins=5, buys=2, p1={"in_play": ["Toy Herald"]})
    game.command("buy", "Toy Alms")
    assert game.state.players[0].tokens.get("vp", 0) == 0
    game.command("buy", "Silver")
    assert game.state.players[0].tokens.get("vp", 0) == 1


def test_no_treasure_is_played_after_an_event_is_bought() -> None:
    game = _game(coins=2, p1={"hand": ["Copper"]})
    game.command("buy", "Toy Alms")
    with pytest.raises(IllegalMove, match="Treasures cannot be played after buying"):
        game.command("play", "Copper")


def test_a_position_with_landscapes_round_trips() -> None:
    game = _game()
    written = setup_of(game)
    assert written["landscapes"] == ["Toy Alms"]
    assert state_of(Game(written)) == state_of(game)


@pytest.mark.parametrize(
    ("landscapes", "message"),
    [
        (["Toy Nothing"], "'Toy Nothing' is not a Landscape"),
        (["Toy Alms", "Toy Alms"], "Toy Alms is listed twice"),
        (["Toy Obelisk"], "Toy Obelisk: the engine cannot play a landmark yet"),
        ("Toy Alms", "landscapes: must be a list"),
    ],
)
def test_a_setup_naming_a_wrong_landscape_is_refused(landscapes: Any, message: str) -> None:
    with pytest.raises(BadPosition, match=message):
        Game({"players": 2, "kingdom": ["Village"], "landscapes": landscapes})


def test_a_landscape_of_an_unknown_kind_is_refused_when_defined() -> None:
    with pytest.raises(UnknownName, match="card Toy Feast: unknown kind='evnt'"):
        Landscape("Toy Feast", TOY, "evnt", "A typo.")  # type: ignore[arg-type]
