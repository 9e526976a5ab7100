"""The base set's kingdom cards, first edition (2008) and second edition (2016).

Card texts are our own summaries. A card whose text changed between editions has one
definition per edition (``editions=(1,)`` and ``editions=(2,)``).
"""

from __future__ import annotations

from engine.context import Context, TriggerContext
from engine.model import ACTION, ATTACK, REACTION, VICTORY, Card, Effect, PlayEffect, Trigger

BASE = "base"


def _kingdom(name: str, cost: int, types: set[str], text: str, **fields: object) -> Card:
    return Card(name, BASE, cost, frozenset(types), text, **fields)  # type: ignore[arg-type]


# --- shared pieces ------------------------------------------------------------------


def _gain_costing_up_to(limit: int, to: str = "discard") -> PlayEffect:
    def effect(ctx: Context) -> Effect:
        game = ctx.game
        pile = yield from game.choose_gain(
            ctx.player,
            ctx.name,
            lambda card: game.cost(card) <= limit,
            f"gain a card costing up to {limit}",
        )
        if pile is not None:
            yield from game.gain(ctx.player, pile, to)

    return effect


# --- Village, Smithy and the other vanilla cards ------------------------------------------

VILLAGE = _kingdom("Village", 3, {ACTION}, "+1 Card, +2 Actions.", cards=1, actions=2)
SMITHY = _kingdom("Smithy", 4, {ACTION}, "+3 Cards.", cards=3)
FESTIVAL = _kingdom(
    "Festival", 5, {ACTION}, "+2 Actions, +1 Buy, +2 coins.", actions=2, buys=1, coins=2
)
LABORATORY = _kingdom("Laboratory", 5, {ACTION}, "+2 Cards, +1 Action.", cards=2, actions=1)
MARKET = _kingdom(
    "Market",
    5,
    {ACTION},
    "+1 Card, +1 Action, +1 Buy, +1 coin.",
    cards=1,
    actions=1,
    buys=1,
    coins=1,
)
WOODCUTTER = _kingdom(
    "Woodcutter", 3, {ACTION}, "+1 Buy, +2 coins.", editions=(1,), buys=1, coins=2
)


# --- Moat --------------------------------------------------------------------------------


def _moat_blocks(ctx: TriggerContext) -> Effect:
    ctx.game.reveal(ctx.owner, [ctx.card])
    ctx.happening.data["unaffected"].add(ctx.owner)
    yield from ()


MOAT = _kingdom(
    "Moat",
    2,
    {ACTION, REACTION},
    "+2 Cards. When another player plays an Attack card, you may first reveal this from "
    "your hand, to be unaffected by it.",
    cards=2,
    triggers=(Trigger("attack", "hand", _moat_blocks, optional=True, who="others"),),
    declares=frozenset({"draws", "reacts-to-attack", "blocks-attack"}),
)


# --- Chapel, Workshop, Feast -----------------------------------------------------------------


def _chapel(ctx: Context) -> Effect:
    game = ctx.game
    hand = game.player(ctx.player).hand
    chosen = yield from game.choose_cards(ctx.player, ctx.name, hand, 0, 4, "trash up to 4 cards")
    for card in chosen:
        yield from game.trash(ctx.player, card, ("hand", ctx.player))


CHAPEL = _kingdom(
    "Chapel",
    2,
    {ACTION},
    "Trash up to 4 cards from your hand.",
    effect=_chapel,
    declares=frozenset({"trashes"}),
)

WORKSHOP = _kingdom(
    "Workshop",
    3,
    {ACTION},
    "Gain a card costing up to 4.",
    effect=_gain_costing_up_to(4),
    declares=frozenset({"gains"}),
)


def _feast(ctx: Context) -> Effect:
    yield from ctx.game.trash(ctx.player, ctx.card, ("in_play", ctx.player))
    yield from _gain_costing_up_to(5)(ctx)


FEAST = _kingdom(
    "Feast",
    4,
    {ACTION},
    "Trash this card. Gain a card costing up to 5.",
    editions=(1,),
    effect=_feast,
    declares=frozenset({"gains", "trashes", "trashes-self"}),
)


# --- Militia, Witch ----------------------------------------------------------------------------


def _militia(ctx: Context) -> Effect:
    game = ctx.game
    for victim in game.attacked(ctx):
        hand = game.player(victim).hand
        excess = len(hand) - 3
        if excess <= 0:
            continue
        chosen = yield from game.choose_cards(
            victim, ctx.name, hand, excess, excess, "discard down to 3"
        )
        for card in chosen:
            game.discard(victim, card)


MILITIA = _kingdom(
    "Militia",
    4,
    {ACTION, ATTACK},
    "+2 coins. Each other player discards down to 3 cards in hand.",
    coins=2,
    effect=_militia,
    declares=frozenset({"attacks", "discards-others"}),
)


def _witch(ctx: Context) -> Effect:
    for victim in ctx.game.attacked(ctx):
        yield from ctx.game.gain(victim, "Curse")


WITCH = _kingdom(
    "Witch",
    5,
    {ACTION, ATTACK},
    "+2 Cards. Each other player gains a Curse.",
    cards=2,
    effect=_witch,
    declares=frozenset({"attacks", "gives-curses", "draws"}),
)


# --- Throne Room -----------------------------------------------------------------------------


def _throne_room(optional: bool) -> PlayEffect:
    def effect(ctx: Context) -> Effect:
        game = ctx.game
        actions = [c for c in game.player(ctx.player).hand if game.definition(c).is_(ACTION)]
        chosen = yield from game.choose_cards(
            ctx.player, ctx.name, actions, 0 if optional else 1, 1, "play an Action card twice"
        )
        if not chosen:
            return
        played = yield from game.play(ctx.player, chosen[0])
        if played:
            yield from game.play_again(ctx.player, chosen[0])

    return effect


THRONE_ROOM_1 = _kingdom(
    "Throne Room",
    4,
    {ACTION},
    "Choose an Action card in your hand. Play it twice.",
    editions=(1,),
    effect=_throne_room(optional=False),
    declares=frozenset({"plays-actions"}),
)
THRONE_ROOM_2 = _kingdom(
    "Throne Room",
    4,
    {ACTION},
    "You may play an Action card from your hand twice.",
    editions=(2,),
    effect=_throne_room(optional=True),
    declares=frozenset({"plays-actions"}),
)


# --- Gardens -----------------------------------------------------------------------------------

GARDENS = _kingdom(
    "Gardens",
    4,
    {VICTORY},
    "Worth 1 VP for every 10 cards you have (round down).",
    vp_counter=lambda owned: len(owned) // 10,
    declares=frozenset({"counts-cards"}),
)

CARDS: tuple[Card, ...] = (
    VILLAGE,
    SMITHY,
    FESTIVAL,
    LABORATORY,
    MARKET,
    WOODCUTTER,
    MOAT,
    CHAPEL,
    WORKSHOP,
    FEAST,
    MILITIA,
    WITCH,
    THRONE_ROOM_1,
    THRONE_ROOM_2,
    GARDENS,
)
