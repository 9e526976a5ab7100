"""The base set's kingdom cards, first edition (2008) and second edition (2016).

Card texts are our own summaries. A card whose text changed between editions has one
definition per edition (``editions=(1,)`` and ``editions=(2,)``).
"""

from __future__ import annotations

from engine.cards.common import (
    SPY_OPTIONS,
    choose_one,
    curse_each_other,
    deck_into_discard,
    discard_down_to,
    discard_revealed,
    gain_costing_up_to,
    kingdom_maker,
    make_unaffected,
    not_yet_unaffected,
    owner_bonus,
    play_an_action,
    put_back_in_order,
    reveal_top,
    reworded,
    spy_each_top_card,
    still_revealed,
    tags,
    trash_to_gain,
)
from engine.context import Context, TriggerContext
from engine.model import (
    ACTION,
    ATTACK,
    REACTION,
    TREASURE,
    VICTORY,
    Card,
    CostLimit,
    Effect,
    PlayEffect,
    Trigger,
)
from engine.state import TRASH
from engine.targets import DECK, HAND, Count, Gain, Plays, Targets, of

BASE = "base"

_kingdom = kingdom_maker(BASE)


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


def _moat_blocks(ctx: TriggerContext) -> Effect[None]:
    ctx.game.reveal(ctx.owner, [ctx.card])
    make_unaffected(ctx)
    yield from ()


MOAT = _kingdom(
    "Moat",
    2,
    {ACTION, REACTION},
    "+2 Cards. When another player plays an Attack card, you may first reveal this from "
    "your hand, to be unaffected by it.",
    cards=2,
    triggers=(
        Trigger("attack", "hand", _moat_blocks, not_yet_unaffected, optional=True, who="others"),
    ),
    declares=tags("draws", "blocks-attack"),
)


# --- Chapel, Workshop, Feast -----------------------------------------------------------------


def _chapel(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = game.player(ctx.player).hand
    chosen = yield from game.choose_cards(
        ctx.player, ctx.name, hand, 0, 4, "trash up to 4 cards", purpose="trash"
    )
    for card in chosen:
        yield from game.trash(ctx.player, card, ("hand", ctx.player))


CHAPEL = _kingdom(
    "Chapel",
    2,
    {ACTION},
    "Trash up to 4 cards from your hand.",
    effect=_chapel,
    declares=tags("trashes"),
    targets=Targets(trashes=of("hand")),
)

WORKSHOP = _kingdom(
    "Workshop",
    3,
    {ACTION},
    "Gain a card costing up to 4.",
    effect=gain_costing_up_to(4),
    declares=tags("gains", "tests-cost"),
    targets=Targets(gains=(Gain(max_cost=4),)),
)


def _feast(ctx: Context) -> Effect[None]:
    yield from ctx.game.trash(ctx.player, ctx.card, ("in_play", ctx.player))
    yield from gain_costing_up_to(5)(ctx)


FEAST = _kingdom(
    "Feast",
    4,
    {ACTION},
    "Trash this card. Gain a card costing up to 5.",
    editions=(1,),
    effect=_feast,
    declares=tags("gains", "trashes", "trashes-self", "tests-cost"),
    targets=Targets(gains=(Gain(max_cost=5),), trashes=of("self")),
)


# --- Militia, Witch ----------------------------------------------------------------------------


MILITIA = _kingdom(
    "Militia",
    4,
    {ACTION, ATTACK},
    "+2 coins. Each other player discards down to 3 cards in hand.",
    coins=2,
    effect=discard_down_to(3),
    declares=tags("discards-others"),
)


WITCH = _kingdom(
    "Witch",
    5,
    {ACTION, ATTACK},
    "+2 Cards. Each other player gains a Curse.",
    cards=2,
    effect=curse_each_other,
    declares=tags("gives-curses", "draws"),
    targets=Targets(gains=(Gain(names=of("Curse"), receiver="others"),)),
)


# --- Throne Room -----------------------------------------------------------------------------


THRONE_ROOM_1 = _kingdom(
    "Throne Room",
    4,
    {ACTION},
    "Choose an Action card in your hand. Play it twice.",
    editions=(1,),
    effect=play_an_action(2, optional=False),
    declares=tags("plays-actions"),
    targets=Targets(plays=Plays(of(ACTION), HAND, 2)),
)
THRONE_ROOM_2 = _kingdom(
    "Throne Room",
    4,
    {ACTION},
    "You may play an Action card from your hand twice.",
    editions=(2,),
    effect=play_an_action(2, optional=True),
    declares=tags("plays-actions"),
    targets=Targets(plays=Plays(of(ACTION), HAND, 2)),
)


# --- Gardens -----------------------------------------------------------------------------------

GARDENS_1, GARDENS_2 = reworded(
    _kingdom(
        "Gardens",
        4,
        {VICTORY},
        "Worth 1 VP for every 10 cards in your deck (round down).",
        vp_counter=lambda owned: len(owned) // 10,
        declares=tags("counts-cards"),
        targets=Targets(counts=(Count("owned"),)),
    ),
    "Worth 1 VP for every 10 cards you have (round down).",
)


# --- Cellar, Chancellor, Council Room, Library: first and second edition -------------------


def _cellar(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = game.player(ctx.player).hand
    chosen = yield from game.choose_cards(
        ctx.player, ctx.name, hand, 0, len(hand), "discard any number of cards", purpose="discard"
    )
    discarded = yield from game.discard_cards(ctx.player, chosen)
    game.draw(ctx.player, len(discarded))


CELLAR_1, CELLAR_2 = reworded(
    _kingdom(
        "Cellar",
        2,
        {ACTION},
        "+1 Action. Discard any number of cards; +1 Card for each card discarded.",
        actions=1,
        effect=_cellar,
        declares=tags("+actions", "discards", "draws"),
    ),
    "+1 Action. Discard as many cards as you like, then draw one card for each.",
)


def _chancellor(ctx: Context) -> Effect[None]:
    game = ctx.game
    deck = game.player(ctx.player).deck
    if not deck:
        return
    if (yield from game.yes_no(ctx.player, ctx.name, "put your deck into your discard pile?")):
        deck_into_discard(game, ctx.player)


CHANCELLOR = _kingdom(
    "Chancellor",
    3,
    {ACTION},
    "+2 coins. You may at once move your whole deck into your discard pile.",
    editions=(1,),
    coins=2,
    effect=_chancellor,
    declares=tags("+coins", "moves-deck"),
)


def _council_room(ctx: Context) -> Effect[None]:
    for other in ctx.game.others(ctx.player):
        ctx.game.draw(other, 1)
    yield from ()


COUNCIL_ROOM = _kingdom(
    "Council Room",
    5,
    {ACTION},
    "+4 Cards, +1 Buy. Each other player draws a card.",
    cards=4,
    buys=1,
    effect=_council_room,
    declares=tags("draws", "+buys"),
)


def _library(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = game.player(ctx.player).hand
    set_aside: list[int] = []
    while len(hand) < 7:
        drawn = game.draw(ctx.player, 1)
        if not drawn:
            break
        card = drawn[0]
        if game.definition(card).is_(ACTION) and (
            yield from game.yes_no(ctx.player, ctx.name, f"set aside {game.name_of(card)}?")
        ):
            game.set_aside(ctx.player, card)
            set_aside.append(card)
    yield from game.discard_cards(ctx.player, set_aside, "set_aside")


LIBRARY_1, LIBRARY_2 = reworded(
    _kingdom(
        "Library",
        5,
        {ACTION},
        "Draw until you hold 7 cards; you may set aside each Action card drawn this way, "
        "then discard the set-aside cards when you are done.",
        effect=_library,
        declares=tags("draws", "sets-aside", "discards"),
    ),
    "Draw until you hold 7 cards, skipping any Action cards you choose to skip: set "
    "those aside and discard them afterwards.",
)


# --- Mine, Moneylender, Remodel: trash from hand for a benefit ------------------------------


def _mine(optional: bool) -> PlayEffect:
    def effect(ctx: Context) -> Effect[None]:
        game = ctx.game
        treasures = [c for c in game.player(ctx.player).hand if game.definition(c).is_(TREASURE)]
        chosen = yield from choose_one(
            ctx, treasures, "trash a Treasure", optional=optional, purpose="trash"
        )
        if chosen is None:
            return
        limit = game.cost(game.definition(chosen)) + 3
        yield from game.trash(ctx.player, chosen, ("hand", ctx.player))
        pile = yield from game.choose_gain(
            ctx.player,
            ctx.name,
            CostLimit(limit, relative_to=(chosen,)),
            f"gain a Treasure costing up to {limit} to your hand",
            fits=lambda card: card.is_(TREASURE),
        )
        if pile is not None:
            yield from game.gain(ctx.player, pile, "hand")

    return effect


MINE_1 = _kingdom(
    "Mine",
    5,
    {ACTION},
    "Trash a Treasure from your hand; gain a Treasure costing up to 3 more into your hand.",
    editions=(1,),
    effect=_mine(optional=False),
    declares=tags("trashes", "gains", "gains-to-hand", "tests-cost"),
    targets=Targets(
        gains=(Gain(types=of(TREASURE), relative=True, to=HAND),),
        asks=of(TREASURE),
        trashes=of("hand"),
    ),
)
MINE_2 = _kingdom(
    "Mine",
    5,
    {ACTION},
    "You may trash a Treasure from your hand to gain a Treasure costing up to 3 more into "
    "your hand.",
    editions=(2,),
    effect=_mine(optional=True),
    declares=tags("trashes", "gains", "gains-to-hand", "tests-cost"),
    targets=Targets(
        gains=(Gain(types=of(TREASURE), relative=True, to=HAND),),
        asks=of(TREASURE),
        trashes=of("hand"),
    ),
)


def _moneylender(optional: bool) -> PlayEffect:
    def effect(ctx: Context) -> Effect[None]:
        game = ctx.game
        coppers = [c for c in game.player(ctx.player).hand if game.name_of(c) == "Copper"]
        prompt = "trash a Copper for +3 coins"
        chosen = yield from choose_one(ctx, coppers, prompt, optional=optional, purpose="trash")
        if chosen is None:
            return
        trashed = yield from game.trash(ctx.player, chosen, ("hand", ctx.player))
        if trashed:
            game.bonus(ctx.player, coins=3)

    return effect


MONEYLENDER_1 = _kingdom(
    "Moneylender",
    4,
    {ACTION},
    "Trash a Copper from your hand; if you did, +3 coins.",
    editions=(1,),
    effect=_moneylender(optional=False),
    declares=tags("trashes", "+coins"),
    targets=Targets(
        names=(("Copper", "trashes a Copper from hand for +3 coins"),), trashes=of("hand")
    ),
)
MONEYLENDER_2 = _kingdom(
    "Moneylender",
    4,
    {ACTION},
    "You may trash a Copper from your hand; if you did, +3 coins.",
    editions=(2,),
    effect=_moneylender(optional=True),
    declares=tags("trashes", "+coins"),
    targets=Targets(
        names=(("Copper", "trashes a Copper from hand for +3 coins"),), trashes=of("hand")
    ),
)


def _remodel(ctx: Context) -> Effect[None]:
    yield from trash_to_gain(ctx, 2)


REMODEL_1, REMODEL_2 = reworded(
    _kingdom(
        "Remodel",
        4,
        {ACTION},
        "Trash a card from your hand. Gain a card costing up to 2 coins more than the "
        "trashed card.",
        effect=_remodel,
        declares=tags("trashes", "gains", "tests-cost"),
        targets=Targets(gains=(Gain(relative=True),), trashes=of("hand")),
    ),
    "Trash a card from your hand; gain a card costing up to 2 more than it.",
)


# --- Bureaucrat, Spy, Thief, Adventurer ------------------------------------------------------


def _bureaucrat(ctx: Context) -> Effect[None]:
    game = ctx.game
    yield from game.gain(ctx.player, "Silver", "deck")
    for victim in game.attacked(ctx):
        hand = game.player(victim).hand
        victories = [c for c in hand if game.definition(c).is_(VICTORY)]
        if not victories:
            game.reveal(victim, list(hand))
            continue
        chosen = yield from game.choose_cards(
            victim,
            ctx.name,
            victories,
            1,
            1,
            "put a Victory card from your hand onto your deck",
            purpose="topdeck",
        )
        game.reveal(victim, chosen)
        game.topdeck(victim, chosen[0])


BUREAUCRAT_1, BUREAUCRAT_2 = reworded(
    _kingdom(
        "Bureaucrat",
        4,
        {ACTION, ATTACK},
        "Gain a Silver and put it on top of your deck. Each other player reveals a Victory "
        "card from their hand and puts it on their deck, or reveals a hand with none.",
        effect=_bureaucrat,
        declares=tags("gains", "gains-to-deck", "reveals", "topdecks"),
        targets=Targets(gains=(Gain(names=of("Silver"), to=DECK),), asks=of(VICTORY)),
    ),
    "Gain a Silver onto your deck. Each other player reveals a Victory card from hand and "
    "puts it onto their deck, or reveals a hand without one.",
)

SPY = _kingdom(
    "Spy",
    4,
    {ACTION, ATTACK},
    "+1 Card, +1 Action. Each player, you too, reveals the top card of their deck; you "
    "choose for each whether it is discarded or put back.",
    editions=(1,),
    cards=1,
    actions=1,
    effect=spy_each_top_card,
    options=SPY_OPTIONS,
    declares=tags("draws", "+actions", "reveals", "discards", "discards-others"),
)


def _thief(ctx: Context) -> Effect[None]:
    game = ctx.game
    stolen: list[int] = []
    for victim in game.attacked(ctx):
        revealed = reveal_top(ctx.game, victim, 2)
        treasures = [c for c in revealed if game.definition(c).is_(TREASURE)]
        chosen = yield from game.choose_cards(
            ctx.player,
            ctx.name,
            treasures,
            1,
            1,
            f"pick the Treasure p{victim + 1} trashes",
            purpose="trash",
        )
        for card in chosen:
            if (yield from game.trash(victim, card, ("revealed", victim))):
                stolen.append(card)
        yield from discard_revealed(ctx.game, victim, revealed)
    # Only the Treasures this Thief trashed, and only while they are still in the trash.
    in_trash = [card for card in stolen if card in game.state.trash]
    gained = yield from game.choose_cards(
        ctx.player,
        ctx.name,
        in_trash,
        0,
        len(in_trash),
        "gain any of the trashed Treasures",
        purpose="gain",
    )
    for card in gained:
        yield from game.gain_card(ctx.player, card, TRASH)


THIEF = _kingdom(
    "Thief",
    4,
    {ACTION, ATTACK},
    "Each other player reveals their top 2 cards and trashes a revealed Treasure you pick; "
    "you may gain any of the trashed cards. They discard the rest.",
    editions=(1,),
    effect=_thief,
    declares=tags("reveals", "trashes", "gains", "gains-from-trash", "discards-others"),
    targets=Targets(
        gains=(Gain(types=of(TREASURE), from_trash=True),), asks=of(TREASURE), trashes=of("others")
    ),
)


def _adventurer(ctx: Context) -> Effect[None]:
    game = ctx.game
    revealed: list[int] = []
    treasures: list[int] = []
    while len(treasures) < 2:
        card = game.reveal_top(ctx.player)
        if card is None:
            break
        revealed.append(card)
        if game.definition(card).is_(TREASURE):
            treasures.append(card)
    for card in treasures:
        game.put(ctx.player, card, ("revealed", ctx.player), "hand")
    yield from discard_revealed(ctx.game, ctx.player, revealed)


ADVENTURER = _kingdom(
    "Adventurer",
    6,
    {ACTION},
    "Reveal cards from your deck until 2 Treasures are revealed; put them into your hand "
    "and discard the other revealed cards.",
    editions=(1,),
    effect=_adventurer,
    declares=tags("reveals", "discards"),
    targets=Targets(asks=of(TREASURE)),
)


# --- Second edition: Artisan, Bandit, Harbinger, Merchant, Poacher, Sentry, Vassal -----------


def _artisan(ctx: Context) -> Effect[None]:
    game = ctx.game
    yield from gain_costing_up_to(5, "hand")(ctx)
    hand = game.player(ctx.player).hand
    chosen = yield from game.choose_cards(
        ctx.player,
        ctx.name,
        hand,
        1,
        1,
        "put a card from your hand onto your deck",
        purpose="topdeck",
    )
    for card in chosen:
        game.topdeck(ctx.player, card)


ARTISAN = _kingdom(
    "Artisan",
    6,
    {ACTION},
    "Gain a card costing up to 5 into your hand, then put a card from your hand onto your deck.",
    editions=(2,),
    effect=_artisan,
    declares=tags("gains", "gains-to-hand", "topdecks", "tests-cost"),
    targets=Targets(gains=(Gain(max_cost=5, to=HAND),)),
)


def _bandit(ctx: Context) -> Effect[None]:
    game = ctx.game
    yield from game.gain(ctx.player, "Gold")
    for victim in game.attacked(ctx):
        revealed = reveal_top(ctx.game, victim, 2)
        targets = [
            c for c in revealed if game.definition(c).is_(TREASURE) and game.name_of(c) != "Copper"
        ]
        chosen = yield from game.choose_cards(
            victim,
            ctx.name,
            targets,
            1,
            1,
            "trash a revealed Treasure other than Copper",
            purpose="trash",
        )
        for card in chosen:
            yield from game.trash(victim, card, ("revealed", victim))
        yield from discard_revealed(ctx.game, victim, revealed)


BANDIT = _kingdom(
    "Bandit",
    5,
    {ACTION, ATTACK},
    "Gain a Gold. Each other player reveals their top 2 cards, trashes a revealed Treasure "
    "other than Copper, and discards the rest.",
    editions=(2,),
    effect=_bandit,
    declares=tags("gains", "reveals", "trashes", "discards-others"),
    targets=Targets(
        gains=(Gain(names=of("Gold")),),
        asks=of(TREASURE),
        names=(("Copper", "never trashes a Copper"),),
        trashes=of("others"),
    ),
)


def _harbinger(ctx: Context) -> Effect[None]:
    game = ctx.game
    discard = game.player(ctx.player).discard
    chosen = yield from game.choose_cards(
        ctx.player,
        ctx.name,
        discard,
        0,
        1,
        "put a card from your discard pile onto your deck",
        purpose="topdeck",
    )
    for card in chosen:
        game.topdeck(ctx.player, card, "discard")


HARBINGER = _kingdom(
    "Harbinger",
    3,
    {ACTION},
    "+1 Card, +1 Action. Look through your discard pile; you may put a card from it onto "
    "your deck.",
    editions=(2,),
    cards=1,
    actions=1,
    effect=_harbinger,
    declares=tags("draws", "+actions", "topdecks"),
)


def _merchant(ctx: Context) -> None:
    # Each play sets up its own trigger, so two Merchants (or one played twice by Throne
    # Room) add 2 coins to the first Silver.
    ctx.game.start_lasting(ctx, 0)


def _first_silver_played(ctx: TriggerContext) -> bool:
    card = ctx.happening.card
    return (
        card is not None
        and ctx.game.name_of(card) == "Silver"
        and ctx.game.state.turn.played_once("Silver")
    )


MERCHANT = _kingdom(
    "Merchant",
    3,
    {ACTION},
    "+1 Card, +1 Action. The first time you play a Silver this turn, +1 coin.",
    editions=(2,),
    cards=1,
    actions=1,
    lasting=_merchant,
    triggers=(Trigger("play", "turn", owner_bonus(coins=1), _first_silver_played),),
    declares=tags("draws", "+actions", "+coins", "counts-plays"),
    targets=Targets(names=(("Silver", "gives +1 coin for the first Silver played this turn"),)),
)


def _poacher(ctx: Context) -> Effect[None]:
    game = ctx.game
    empty = sum(1 for pile in game.state.supply.values() if not pile)
    if not empty:
        return
    hand = game.player(ctx.player).hand
    chosen = yield from game.choose_cards(
        ctx.player,
        ctx.name,
        hand,
        empty,
        empty,
        f"discard {empty} card{'' if empty == 1 else 's'}",
        purpose="discard",
    )
    yield from game.discard_cards(ctx.player, chosen)


POACHER = _kingdom(
    "Poacher",
    4,
    {ACTION},
    "+1 Card, +1 Action, +1 coin. Discard a card for each empty Supply pile.",
    editions=(2,),
    cards=1,
    actions=1,
    coins=1,
    effect=_poacher,
    declares=tags("draws", "+actions", "+coins", "discards", "counts-piles"),
)


def _sentry(ctx: Context) -> Effect[None]:
    game = ctx.game
    player = ctx.player
    looked = reveal_top(ctx.game, player, 2, verb="")  # looked at, not revealed: no event
    trashed = yield from game.choose_cards(
        player,
        ctx.name,
        looked,
        0,
        len(looked),
        "trash any of the cards looked at",
        purpose="trash",
    )
    for card in trashed:
        yield from game.trash(player, card, ("revealed", player))
    rest = still_revealed(ctx.game, player, looked)
    discarded = yield from game.choose_cards(
        player, ctx.name, rest, 0, len(rest), "discard any of the rest", purpose="discard"
    )
    yield from game.discard_cards(player, discarded, "revealed")
    rest = still_revealed(ctx.game, player, looked)
    yield from put_back_in_order(game, player, ctx.name, rest, "revealed")


SENTRY = _kingdom(
    "Sentry",
    5,
    {ACTION},
    "+1 Card, +1 Action. Look at your top 2 cards: trash any of them, then discard any of "
    "the rest, then put the others back in any order.",
    editions=(2,),
    cards=1,
    actions=1,
    effect=_sentry,
    declares=tags("draws", "+actions", "trashes", "discards", "topdecks"),
    targets=Targets(trashes=of("deck")),
)


def _vassal(ctx: Context) -> Effect[None]:
    game = ctx.game
    card = game.top_of_deck(ctx.player)
    if card is None or not (yield from game.discard(ctx.player, card, "deck")):
        return
    # Only while it is still where Vassal put it (Stop-Moving: a Weaver discarded may have
    # played itself by its own reaction).
    playable = card in game.player(ctx.player).discard and game.definition(card).is_(ACTION)
    if playable and (yield from game.yes_no(ctx.player, ctx.name, f"play {game.name_of(card)}?")):
        # Played from the discard pile without using up an Action.
        yield from game.play(ctx.player, card, "discard")


VASSAL = _kingdom(
    "Vassal",
    3,
    {ACTION},
    "+2 coins. Discard the top card of your deck; if it is an Action card, you may play it.",
    editions=(2,),
    coins=2,
    effect=_vassal,
    declares=tags("+coins", "discards", "plays-actions"),
    targets=Targets(plays=Plays(of(ACTION), DECK, 1)),
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
    GARDENS_1,
    GARDENS_2,
    CELLAR_1,
    CELLAR_2,
    CHANCELLOR,
    COUNCIL_ROOM,
    LIBRARY_1,
    LIBRARY_2,
    MINE_1,
    MINE_2,
    MONEYLENDER_1,
    MONEYLENDER_2,
    REMODEL_1,
    REMODEL_2,
    BUREAUCRAT_1,
    BUREAUCRAT_2,
    SPY,
    THIEF,
    ADVENTURER,
    ARTISAN,
    BANDIT,
    HARBINGER,
    MERCHANT,
    POACHER,
    SENTRY,
    VASSAL,
)
