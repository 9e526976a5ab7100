"""The engine's seams for the sets to come, proven with toy cards written here, not in the
engine (engine/README.md, "Adding a set"): a replacement ("would gain ... instead": the
Blue dog rule), a card whose cost has a Potion, a pile outside the Supply, an exchange, a
reaction to being discarded, a turn another player controls, a spendable token, a Bane.
The toy set is installed into the catalogue for each test (``engine.cards.installed``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from types import SimpleNamespace
from typing import Any

import pytest

from engine import cards as catalogue
from engine.abilities import (
    Bane,
    CostChange,
    PileSetup,
    Replacement,
    SetsUp,
)
from engine.cards.common import kingdom_maker
from engine.context import Context, ReplacementContext, TriggerContext
from engine.costs import Cost, CostLimit
from engine.errors import BadPosition, IllegalMove
from engine.game import Game
from engine.model import ACTION, REACTION, TREASURE, VICTORY, Card, Effect, Trigger
from engine.position import setup_of, state_of
from engine.tokens import Spend, TokenKind

TOY = "toy"
_toy = kingdom_maker(TOY)


# --- a replacement: "when you would gain a card, you may reveal this: gain a Silver instead"


def _silver_instead(ctx: ReplacementContext) -> Effect[None]:
    ctx.would.cancel()
    yield from ctx.game.gain(ctx.owner, "Silver")


def _not_a_silver(ctx: ReplacementContext) -> bool:
    return ctx.game.name_of(ctx.would.card) != "Silver"


TRADER = _toy(
    "Toy Trader",
    4,
    {ACTION, REACTION},
    "When you would gain a card, you may reveal this from your hand: gain a Silver instead.",
    replacements=(
        Replacement("gain", "hand", _silver_instead, condition=_not_a_silver, optional=True),
    ),
)


def _vp_token(ctx: TriggerContext) -> Effect[None]:
    ctx.game.add_tokens(ctx.owner, "vp")
    yield from ()


# A card with a when-gain ability of its own: a gain replaced never happened, so it does not fire.
BELL = _toy(
    "Toy Bell",
    2,
    {VICTORY},
    "When you gain this, +1 VP token.",
    triggers=(Trigger("gain", "self", _vp_token),),
)


def _onto_the_deck(ctx: ReplacementContext) -> Effect[None]:
    ctx.would.send_to("deck")
    yield from ()


CAMP = _toy(
    "Toy Camp",
    4,
    {ACTION},
    "When you would gain this, put it onto your deck instead of into your discard pile.",
    actions=2,
    replacements=(Replacement("gain", "self", _onto_the_deck),),
)

# --- a Potion cost, and the set's rule that puts the Potion pile in the Supply ---------------

ELIXIR = _toy("Toy Elixir", Cost(2, potion=1), {ACTION}, "+2 Cards.", cards=2)
FLASK = Card(
    "Toy Flask",
    TOY,
    Cost(4),
    frozenset({TREASURE}),
    "Worth a Potion.",
    potions=1,
    kingdom=False,
)


def _flask_pile(kingdom: Sequence[Card]) -> SetsUp | None:
    if any(card.cost.potion for card in kingdom):
        return SetsUp(piles=(PileSetup("Toy Flask", ("Toy Flask",), lambda _n: 16, supply=True),))
    return None


# --- a pile outside the Supply ---------------------------------------------------------------

PRIZES = ("Toy Crown", "Toy Sceptre")


def _tourney(ctx: Context) -> Effect[None]:
    picked = yield from ctx.game.choose_option(ctx.player, ctx.name, PRIZES, "gain a Prize")
    yield from ctx.game.gain_from_pile(ctx.player, "Toy Prizes", picked[0], to="deck")


TOURNEY = _toy(
    "Toy Tourney",
    4,
    {ACTION},
    "Gain a Prize (from the Prize pile) onto your deck.",
    effect=_tourney,
    options=PRIZES,
    static=(SetsUp(piles=(PileSetup("Toy Prizes", PRIZES, lambda _players: 1, supply=False),)),),
)
CROWN = Card("Toy Crown", TOY, Cost(0), frozenset({TREASURE}), "$3.", coins=3, kingdom=False)
SCEPTRE = Card("Toy Sceptre", TOY, Cost(0), frozenset({VICTORY}), "2 VP.", vp=2, kingdom=False)

# --- an exchange, a reaction to discarding, a controlled turn ---------------------------------


def _exchange_for_silver(ctx: TriggerContext) -> Effect[None]:
    gained = ctx.happening.card
    assert gained is not None
    ctx.game.exchange(ctx.owner, gained, (ctx.happening.data["to"], ctx.owner), "Silver")
    yield from ()


SWAP = _toy(
    "Toy Swap",
    4,
    {ACTION, REACTION},
    "When you gain a card, you may reveal this from your hand to exchange it for a Silver.",
    triggers=(Trigger("gain", "hand", _exchange_for_silver, optional=True),),
)


def _gain_gold(ctx: TriggerContext) -> Effect[None]:
    yield from ctx.game.gain(ctx.owner, "Gold")


TUNNEL = _toy(
    "Toy Tunnel",
    3,
    {VICTORY, REACTION},
    "When you discard this other than in Clean-up, you may reveal it to gain a Gold.",
    vp=2,
    triggers=(
        Trigger(
            "discard",
            "self",
            _gain_gold,
            condition=lambda ctx: not ctx.happening.data["cleanup"],
            optional=True,
        ),
    ),
)


def _discard_any(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = game.player(ctx.player).hand
    chosen = yield from game.choose_cards(
        ctx.player, ctx.name, hand, 0, len(hand), "discard any", purpose="discard"
    )
    yield from game.discard_cards(ctx.player, chosen)


CELLAR = _toy("Toy Cellar", 2, {ACTION}, "Discard any number of cards.", effect=_discard_any)


def _possess(ctx: Context) -> Effect[None]:
    left = ctx.game.others(ctx.player)[0]
    ctx.game.queue_turn(left, "possession", controller=ctx.player, counts=True)
    yield from ()


def _to_the_controller(ctx: ReplacementContext) -> Effect[None]:
    ctx.would.redirect(ctx.game.state.turn.controller)
    yield from ()


def _controlled(ctx: ReplacementContext) -> bool:
    turn = ctx.game.state.turn
    return turn.controller != turn.player and ctx.would.player == turn.player


POSSESS = _toy(
    "Toy Possess",
    6,
    {ACTION},
    "The player to your left takes an extra turn after this one, which you control; the "
    "cards they would gain, you gain.",
    effect=_possess,
    replacements=(Replacement("gain", "game", _to_the_controller, condition=_controlled),),
)

# --- a spendable token, a Bane ---------------------------------------------------------------


def _in_buy_phase(game: Any, _edition: int) -> str | None:
    return None if game.in_phase("buy") else "only in the Buy phase"


COFFERS = TokenKind(
    "toy_coffers", "Toy Coffers", "player", "toy_coffers", TOY, spend=Spend(_in_buy_phase)
)
WITCH = _toy(
    "Toy Witch",
    5,
    {ACTION},
    "Set-up: a Bane costing $2 or $3; each player starts with 1 Toy Coffers.",
    static=(SetsUp(bane=Bane(Cost(2), Cost(3)), player_tokens=(("toy_coffers", 1),)),),
)

REPLACING = (TRADER, BELL, CAMP)
POTION = (ELIXIR, FLASK)
PRIZE_PILE = (TOURNEY, CROWN, SCEPTRE)
TOY_SET = SimpleNamespace(
    CARDS=(*REPLACING, *POTION, *PRIZE_PILE, SWAP, TUNNEL, CELLAR, POSSESS, WITCH),
    TOKENS=(COFFERS,),
    SETUP_RULES=(_flask_pile,),
)


@pytest.fixture(autouse=True)
def toy_set() -> Iterator[None]:
    with catalogue.installed(TOY_SET):
        yield


def game(kingdom: list[str], **setup: Any) -> Game:
    return Game({"players": 2, "kingdom": kingdom, **setup})


# --- replacement ---------------------------------------------------------------------------


def test_a_replaced_gain_never_happens_blue_dog() -> None:
    g = game(
        ["Toy Trader", "Toy Bell"], turn={"phase": "buy", "coins": 2}, p1={"hand": ["Toy Trader"]}
    )
    bells = len(g.state.supply["Toy Bell"])
    g.command("buy", "Toy Bell")
    assert g.pending is not None and g.pending.kind == "react"
    assert g.pending.source == "Toy Bell"  # the card that would be gained, not the Trader
    g.answer("Toy Trader")
    snap = g.snapshot()
    assert snap["supply"]["Toy Bell"] == bells  # the Bell never moved
    assert snap["players"]["p1"]["discard"] == ["Silver"]
    assert snap["players"]["p1"]["vp_tokens"] == 0  # its when-gain did not fire
    assert "p1 gains Toy Bell" not in g.event_lines()


def test_a_declined_replacement_lets_the_gain_and_its_abilities_happen() -> None:
    g = game(
        ["Toy Trader", "Toy Bell"], turn={"phase": "buy", "coins": 2}, p1={"hand": ["Toy Trader"]}
    )
    g.command("buy", "Toy Bell")
    g.answer([])
    snap = g.snapshot()
    assert snap["players"]["p1"]["discard"] == ["Toy Bell"]
    assert snap["players"]["p1"]["vp_tokens"] == 1


def test_the_replacement_is_not_offered_for_its_own_silver() -> None:
    g = game(["Toy Trader"], turn={"phase": "buy", "coins": 3}, p1={"hand": ["Toy Trader"]})
    g.command("buy", "Silver")  # the condition: not for a Silver
    assert g.pending is None and g.snapshot()["players"]["p1"]["discard"] == ["Silver"]


def test_a_cards_own_destination_yields_to_the_instructions() -> None:
    g = game(["Toy Camp"], turn={"phase": "buy", "coins": 4})
    g.command("buy", "Toy Camp")
    assert g.snapshot()["players"]["p1"]["deck"] == ["Toy Camp"]
    gained = g.verbs.gain_card(0, g.state.supply["Toy Camp"][-1], ("supply", "Toy Camp"), "hand")
    with pytest.raises(StopIteration):
        next(gained)
    assert g.snapshot()["players"]["p1"]["hand"] == ["Toy Camp"]


# --- Potion costs ------------------------------------------------------------------------------


def test_a_potion_cost_needs_a_potion_and_brings_its_pile() -> None:
    g = game(["Toy Elixir"], turn={"phase": "buy", "coins": 5}, p1={"hand": ["Toy Flask"]})
    assert len(g.state.supply["Toy Flask"]) == 16
    assert str(g.verbs.cost_of("Toy Elixir")) == "$2P"
    with pytest.raises(IllegalMove, match=r"Toy Elixir costs \$2P, only \$5 and 0 Potions"):
        g.command("buy", "Toy Elixir")
    assert ("buy", "Toy Elixir") not in g.legal_commands()
    g.command("play", "Toy Flask")
    assert ("buy", "Toy Elixir") in g.legal_commands()
    g.command("buy", "Toy Elixir")
    turn = g.snapshot()["turn"]
    assert (turn["coins"], turn.get("potions", 0)) == (3, 0)


def test_no_potion_pile_without_a_potion_cost() -> None:
    assert "Toy Flask" not in game(["Toy Tourney"]).state.supply


def test_a_coins_only_limit_never_offers_a_potion_cost_even_reduced() -> None:
    g = game(["Toy Elixir", "Bridge"], p1={"in_play": ["Bridge", "Bridge", "Bridge"]})
    assert g.verbs.cost_of("Toy Elixir") == Cost(0, potion=1)  # the Potion part is never reduced
    offered = g.verbs.choose_gain(0, "Workshop", CostLimit(4), "gain a card costing up to $4")
    decision = next(offered)
    assert "Toy Elixir" not in decision.labels() and "Silver" in decision.labels()
    relative = g.verbs.choose_gain(0, "Remodel", CostLimit(Cost(1, potion=1)), "up to $1P")
    assert "Toy Elixir" in next(relative).labels()


# --- a pile outside the Supply ---------------------------------------------------------------


def test_a_pile_outside_the_supply_is_gained_only_by_its_card() -> None:
    g = game(["Toy Tourney", "Workshop"], p1={"hand": ["Toy Tourney"]}, turn={"coins": 9})
    assert "Toy Prizes" not in g.state.supply
    assert g.table.names_of(g.state.piles["Toy Prizes"]) == list(PRIZES)
    assert g.table.pile_of("Toy Crown") == ("pile", "Toy Prizes")
    with pytest.raises(IllegalMove, match="not in the Supply"):
        g.command("buy", "Toy Crown")
    workshop = next(g.verbs.choose_gain(0, "Workshop", CostLimit(4), "up to $4"))
    assert "Toy Crown" not in workshop.labels()
    g.command("play", "Toy Tourney")
    g.answer("Toy Sceptre")
    assert g.snapshot()["players"]["p1"]["deck"] == ["Toy Sceptre"]
    assert g.snapshot()["piles"] == {"Toy Prizes": ["Toy Crown"]}


def test_an_empty_pile_outside_the_supply_never_ends_the_game() -> None:
    supply = {"Toy Tourney": 0, "Estate": 0}
    g = game(["Toy Tourney"], supply=supply, piles={"Toy Prizes": []})
    g.command("end", "turn")
    assert not g.is_terminal()  # two empty Supply piles and an empty Prize pile
    g2 = game(["Toy Tourney"], supply={**supply, "Duchy": 0})
    g2.command("end", "turn")
    assert g2.is_terminal()  # the third empty Supply pile ends it


def test_a_setup_names_only_the_piles_cards() -> None:
    with pytest.raises(BadPosition, match=r"piles.Toy Prizes\[1\]: Gold is not one of"):
        game(["Toy Tourney"], piles={"Toy Prizes": ["Gold"]})
    with pytest.raises(BadPosition, match="is not a pile of this game"):
        game(["Village"], piles={"Toy Prizes": []})


# --- exchange ---------------------------------------------------------------------------------


def test_an_exchange_is_neither_a_gain_nor_a_trash() -> None:
    g = game(["Toy Swap"], turn={"phase": "buy", "coins": 2}, p1={"hand": ["Toy Swap"]})
    estates, silvers = len(g.state.supply["Estate"]), len(g.state.supply["Silver"])
    g.command("buy", "Estate")
    g.answer("Toy Swap")
    snap = g.snapshot()
    assert snap["players"]["p1"]["discard"] == ["Silver"]
    assert snap["supply"]["Estate"] == estates and snap["supply"]["Silver"] == silvers - 1
    assert g.event_lines()[-2:] == ["p1 reacts with Toy Swap", "p1 exchanges Estate for Silver"]
    assert [name for name, _, _ in g.state.turn.gains] == ["Estate"]  # not Silver


def test_an_exchange_of_a_card_that_moved_does_nothing() -> None:
    g = game(["Toy Swap"], p1={"hand": ["Estate"]})
    estate = g.table.player(0).hand[0]
    assert g.verbs.exchange(0, estate, ("discard", 0), "Silver") is None  # not where it was said
    assert g.verbs.exchange(0, estate, ("hand", 0), "Toy Swap") is not None


# --- discard reactions ---------------------------------------------------------------------------


def test_cards_discarded_together_then_their_reactions_in_the_owners_order() -> None:
    hand = ["Toy Cellar", "Toy Tunnel", "Toy Tunnel", "Copper"]
    g = game(["Toy Cellar", "Toy Tunnel"], p1={"hand": hand})
    g.command("play", "Toy Cellar")
    g.answer(["Toy Tunnel", "Toy Tunnel", "Copper"])
    # Every card is discarded before any reaction (rules/when-discard/2).
    assert g.snapshot()["players"]["p1"]["discard"] == ["Toy Tunnel", "Toy Tunnel", "Copper"]
    assert g.pending is not None and g.pending.kind == "react"
    g.answer("Toy Tunnel")
    g.answer("Toy Tunnel")
    assert g.snapshot()["players"]["p1"]["discard"][-2:] == ["Gold", "Gold"]


def test_no_discard_reaction_in_clean_up() -> None:
    g = game(["Toy Tunnel"], p1={"hand": ["Toy Tunnel"], "deck": ["Copper"] * 5})
    g.command("end", "turn")
    assert g.pending is None and "Gold" not in g.snapshot()["players"]["p1"]["discard"]


# --- a turn another player controls --------------------------------------------------------------


def test_a_controlled_turn_is_answered_by_its_controller() -> None:
    g = game(
        ["Toy Possess", "Workshop"],
        p1={"hand": ["Toy Possess"], "deck": ["Copper"] * 5},
        p2={"hand": ["Workshop"], "deck": ["Copper"] * 5},
    )
    g.command("play", "Toy Possess")
    g.command("end", "turn")
    snap = g.snapshot()
    assert snap["turn"]["player"] == "p2" and snap["turn"]["controller"] == "p1"
    assert g.current_player() == 0
    g.command("play", "Workshop")
    assert g.pending is not None and (g.pending.player, g.pending.answered_by) == (1, 0)
    g.answer("Silver")
    # The possessed player's gain goes to the controller (a game-long replacement).
    assert g.snapshot()["players"]["p1"]["discard"][-1] == "Silver"
    assert "Silver" not in g.snapshot()["players"]["p2"]["discard"]
    g.command("end", "turn")
    assert g.snapshot()["turn"]["player"] == "p2" and "controller" not in g.snapshot()["turn"]
    assert g.event_lines().count("p2 starts an extra turn") == 1


# --- a spendable token ------------------------------------------------------------------------


def test_spending_a_token() -> None:
    g = game(["Toy Witch"], bane="Toy Bell", p1={"toy_coffers": 2})
    assert g.verbs.tokens(0, "toy_coffers") == 2 and g.verbs.tokens(1, "toy_coffers") == 1
    with pytest.raises(IllegalMove, match="only in the Buy phase"):
        g.command("spend", "toy_coffers")
    g.command("end", "action")
    assert ("spend", "toy_coffers") in g.legal_commands()
    g.command("spend", "toy_coffers")
    g.command("spend", "toy_coffers")
    assert g.state.turn.coins == 2 and g.verbs.tokens(0, "toy_coffers") == 0
    assert ("spend", "toy_coffers") not in g.legal_commands()
    with pytest.raises(IllegalMove, match="has no Toy Coffers"):
        g.command("spend", "toy_coffers")
    assert g.event_lines()[-1] == "p1 spends Toy Coffers"


# --- a Bane ---------------------------------------------------------------------------------


def test_a_bane_is_named_in_range_and_is_a_supply_pile() -> None:
    with pytest.raises(BadPosition, match="Toy Witch needs a Bane"):
        game(["Toy Witch"])
    with pytest.raises(BadPosition, match="cannot be Toy Witch's Bane"):
        game(["Toy Witch"], bane="Gold")
    g = game(["Toy Witch"], bane="Toy Cellar")
    assert g.state.bane == "Toy Cellar" and len(g.state.supply["Toy Cellar"]) == 10
    new = Game.new(kingdom=["Toy Witch", *["Village"] * 0], seed=3, sets=("base", TOY))
    bane = new.state.bane
    assert bane is not None and bane in new.state.supply
    assert Cost(2) in (new.table.definition_by_name(bane).cost, Cost(3)) or new.verbs.cost_of(
        bane
    ) == Cost(3)


def test_a_toy_card_naming_an_unknown_cost_place_fails_at_definition() -> None:
    with pytest.raises(ValueError, match="cost change where='in-play'"):
        _toy("Toy Bad", 2, {ACTION}, "x", static=(CostChange("in-play", lambda g, c: 1),))  # type: ignore[arg-type]


def test_a_position_with_a_bane_piles_potions_and_a_controlled_turn_round_trips() -> None:
    g = game(
        ["Toy Witch", "Toy Tourney", "Toy Elixir"],
        bane="Toy Cellar",
        piles={"Toy Prizes": ["Toy Sceptre"]},
        turn={"player": "p2", "controller": "p1", "extra": True, "potions": 1},
        p1={"toy_coffers": 3},
    )
    written = setup_of(g)
    assert written["bane"] == "Toy Cellar" and written["piles"] == {"Toy Prizes": ["Toy Sceptre"]}
    assert written["turn"]["controller"] == "p1" and written["turn"]["potions"] == 1
    assert written["p1"]["toy_coffers"] == 3 and written["p2"]["toy_coffers"] == 1
    read = Game(written)
    assert state_of(read) == state_of(g) and setup_of(read) == written
