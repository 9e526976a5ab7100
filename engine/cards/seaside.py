"""Seaside's Kingdom cards, first edition (2009) and second edition (2022), except those
that need player mats, tokens or extra turns (engine/cards/seaside_mats.py).

Card texts are our own summaries. A card whose text changed between editions has one
definition per edition (``editions=(1,)`` and ``editions=(2,)``); a card printed in one
edition only carries that edition.

Duration cards use the engine's seam for cards that stay in play: a play that leaves
something for a later turn calls ``stay_in_play`` (the card, and the Throne Room or King's
Court that played it, stay at Clean-up) and ``at_start_of_next_turn`` for the card's
``Trigger("start", "next_turn", ...)``, which by convention is its first trigger. "Until
your next turn" abilities (2nd-edition Lighthouse, Monkey) hold while such a scheduled
start-of-turn effect of the card is still to come.
"""

from __future__ import annotations

from engine.cards.common import (
    gained_card_is_where_gained,
    gained_zone,
    happening_card,
    kingdom_maker,
    lasting_trigger,
    make_unaffected,
    move_from_hand,
    not_yet_unaffected,
    owner_bonus,
    play_from_hand,
    put_back_in_order,
    reveal_top,
    reworded,
    still_revealed,
    tags,
    trash_one_from_hand,
)
from engine.context import Context, TriggerContext
from engine.model import (
    ACTION,
    ATTACK,
    DURATION,
    REACTION,
    TREASURE,
    Card,
    CostLimit,
    Effect,
    Trigger,
    TriggerEffect,
)
from engine.targets import (
    DECK,
    FROM_HAND,
    GAINED,
    HAND,
    TURN,
    WHILE_IN_PLAY,
    Count,
    Gain,
    Plays,
    Targets,
    Watch,
    of,
)

SEASIDE = "seaside"

_kingdom = kingdom_maker(SEASIDE)

# The index of a Duration card's start-of-next-turn trigger in its ``triggers``.
NEXT_TURN = 0


# --- the Duration pattern ------------------------------------------------------------------


def stays(ctx: Context) -> None:
    """This play does something at the start of its player's next turn: the card (and
    what played it) stays in play until then, and the card's next-turn trigger is
    scheduled once for this play."""
    ctx.game.stay_in_play(ctx)
    ctx.game.at_start_of_next_turn(ctx, NEXT_TURN)


def _duration(ctx: Context) -> Effect[None]:
    """The on-play part of a Duration card whose later part always happens."""
    stays(ctx)
    yield from ()


def next_turn_bonus(cards: int = 0, actions: int = 0, buys: int = 0, coins: int = 0) -> Trigger:
    """The start-of-next-turn trigger of a card that then gives only bonuses."""
    return _at_next_turn(owner_bonus(cards=cards, actions=actions, buys=buys, coins=coins))


def _at_next_turn(effect: TriggerEffect) -> Trigger:
    return Trigger("start", "next_turn", effect)


def plays_still_to_come(ctx: TriggerContext) -> int:
    """How many plays of this card still have their start-of-next-turn part to come: an
    "until your next turn" ability lasts exactly that long, once per play."""
    return sum(1 for card, _ in ctx.game.player(ctx.owner).next_turn if card == ctx.card)


# --- plain cards ---------------------------------------------------------------------------

BAZAAR = _kingdom(
    "Bazaar", 5, {ACTION}, "+1 Card, +2 Actions, +1 coin.", cards=1, actions=2, coins=1
)


def _warehouse(ctx: Context) -> Effect[None]:
    yield from move_from_hand(ctx.game, ctx.player, ctx.name, 3, "discard 3 cards")


WAREHOUSE = _kingdom(
    "Warehouse",
    3,
    {ACTION},
    "+3 Cards, +1 Action. Then discard 3 cards from your hand.",
    cards=3,
    actions=1,
    effect=_warehouse,
    declares=tags("draws", "+actions", "discards"),
)


def _salvager(ctx: Context) -> Effect[None]:
    trashed = yield from trash_one_from_hand(ctx)
    if trashed is not None:
        ctx.game.bonus(ctx.player, coins=trashed.cost.coins)  # coins only (rules/costs/12)


SALVAGER = _kingdom(
    "Salvager",
    4,
    {ACTION},
    "+1 Buy. Trash a card from your hand; + as many coins as it costs.",
    buys=1,
    effect=_salvager,
    declares=tags("+buys", "trashes", "+coins", "tests-cost"),
    targets=Targets(trashes=of("hand")),
)


def _lookout(ctx: Context) -> Effect[None]:
    game, player = ctx.game, ctx.player
    looked = reveal_top(game, player, 3, verb="")  # looked at, not revealed: no event
    for purpose in ("trash", "discard"):
        rest = still_revealed(game, player, looked)
        chosen = yield from game.choose_cards(
            player, ctx.name, rest, 1, 1, f"{purpose} one of the cards looked at", purpose=purpose
        )
        for card in chosen:
            if purpose == "trash":
                yield from game.trash(player, card, ("revealed", player))
            else:
                yield from game.discard(player, card, "revealed")
    rest = still_revealed(game, player, looked)
    yield from put_back_in_order(game, player, ctx.name, rest, "revealed")


LOOKOUT = _kingdom(
    "Lookout",
    3,
    {ACTION},
    "+1 Action. Look at the top 3 cards of your deck: trash one, discard one, and put the "
    "last one back on top.",
    actions=1,
    effect=_lookout,
    declares=tags("+actions", "trashes", "discards", "topdecks"),
    targets=Targets(trashes=of("deck")),
)


def _treasure_map(ctx: Context) -> Effect[None]:
    game, player = ctx.game, ctx.player
    trashed = yield from game.trash(player, ctx.card, ("in_play", player))
    maps = [c for c in game.player(player).hand if game.name_of(c) == ctx.name]
    both = False
    if maps:
        other = yield from game.trash(player, maps[0], ("hand", player))
        both = trashed and other
    if both:
        for _ in range(4):
            yield from game.gain(player, "Gold", "deck")


TREASURE_MAP = _kingdom(
    "Treasure Map",
    4,
    {ACTION},
    "Trash this and another Treasure Map from your hand. If two Treasure Maps were trashed, "
    "gain 4 Golds onto your deck.",
    effect=_treasure_map,
    declares=tags("trashes", "trashes-self", "gains", "gains-to-deck"),
    targets=Targets(
        gains=(Gain(names=of("Gold"), to=DECK),),
        names=(("Treasure Map", "trashes a second Treasure Map from hand"),),
        trashes=of("self", "hand"),
    ),
)


def _cutpurse(ctx: Context) -> Effect[None]:
    game = ctx.game
    for victim in game.attacked(ctx):
        hand = game.player(victim).hand
        coppers = [card for card in hand if game.name_of(card) == "Copper"]
        if coppers:
            yield from game.discard(victim, coppers[0])
        else:
            game.reveal(victim, list(hand))


CUTPURSE = _kingdom(
    "Cutpurse",
    4,
    {ACTION, ATTACK},
    "+2 coins. Each other player discards a Copper from their hand, or reveals a hand without one.",
    coins=2,
    effect=_cutpurse,
    declares=tags("+coins", "discards-others", "reveals"),
    targets=Targets(names=(("Copper", "makes each other player discard a Copper"),)),
)


# --- first edition only: plain cards ----------------------------------------------------------


def _pearl_diver(ctx: Context) -> Effect[None]:
    game, player = ctx.game, ctx.player
    if game.top_of_deck(player) is None:  # shuffles an empty deck first
        return
    deck = game.player(player).deck
    bottom = deck[0]
    if len(deck) > 1 and (
        yield from game.yes_no(
            player, ctx.name, f"put {game.name_of(bottom)} from the bottom of your deck on top?"
        )
    ):
        game.put(player, bottom, ("deck", player), "deck")


PEARL_DIVER = _kingdom(
    "Pearl Diver",
    2,
    {ACTION},
    "+1 Card, +1 Action. Look at the bottom card of your deck; you may put it on top.",
    editions=(1,),
    cards=1,
    actions=1,
    effect=_pearl_diver,
    declares=tags("draws", "+actions", "topdecks"),
)

NAVIGATOR_OPTIONS = ("discard", "topdeck")


def _navigator(ctx: Context) -> Effect[None]:
    game, player = ctx.game, ctx.player
    looked = reveal_top(game, player, 5, verb="")
    if not looked:
        return
    picked = yield from game.choose_option(
        player, ctx.name, NAVIGATOR_OPTIONS, "discard all the cards looked at, or put them back"
    )
    if picked[0] == "discard":
        yield from game.discard_cards(player, looked, "revealed")
    else:
        yield from put_back_in_order(game, player, ctx.name, looked, "revealed")


NAVIGATOR = _kingdom(
    "Navigator",
    4,
    {ACTION},
    "+2 coins. Look at the top 5 cards of your deck; discard all of them or put them all "
    "back in any order.",
    editions=(1,),
    coins=2,
    effect=_navigator,
    options=NAVIGATOR_OPTIONS,
    declares=tags("+coins", "discards", "topdecks"),
)


def _explorer(ctx: Context) -> Effect[None]:
    game, player = ctx.game, ctx.player
    provinces = [c for c in game.player(player).hand if game.name_of(c) == "Province"]
    shown = yield from game.choose_cards(
        player, ctx.name, provinces, 0, 1, "you may reveal a Province", purpose="reveal"
    )
    game.reveal(player, shown)
    yield from game.gain(player, "Gold" if shown else "Silver", "hand")


EXPLORER = _kingdom(
    "Explorer",
    5,
    {ACTION},
    "You may reveal a Province from your hand: then gain a Gold into your hand; if you "
    "do not, gain a Silver into your hand.",
    editions=(1,),
    effect=_explorer,
    declares=tags("reveals", "gains", "gains-to-hand"),
    targets=Targets(
        gains=(Gain(names=of("Gold", "Silver"), to=HAND),),
        names=(("Province", "a revealed Province makes it gain a Gold"),),
    ),
)


# --- first edition only: Attacks ------------------------------------------------------------


def _sea_hag(ctx: Context) -> Effect[None]:
    game = ctx.game
    for victim in game.attacked(ctx):
        top = game.top_of_deck(victim)
        if top is not None:
            yield from game.discard(victim, top, "deck")
        yield from game.gain(victim, "Curse", "deck")


SEA_HAG = _kingdom(
    "Sea Hag",
    4,
    {ACTION, ATTACK},
    "Each other player discards the top card of their deck, then gains a Curse onto their deck.",
    editions=(1,),
    effect=_sea_hag,
    declares=tags("gives-curses", "discards-others"),
    targets=Targets(gains=(Gain(names=of("Curse"), to=DECK, receiver="others"),)),
)


def _ghost_ship(ctx: Context) -> Effect[None]:
    game = ctx.game
    for victim in game.attacked(ctx):
        hand = game.player(victim).hand
        excess = len(hand) - 3
        if excess <= 0:
            continue
        chosen = yield from game.choose_cards(
            victim, ctx.name, hand, excess, excess, "put cards onto your deck down to 3",
            purpose="topdeck",
        )  # fmt: skip
        yield from put_back_in_order(game, victim, ctx.name, chosen, "hand", topdeck=True)


GHOST_SHIP = _kingdom(
    "Ghost Ship",
    5,
    {ACTION, ATTACK},
    "+2 Cards. Each other player with 4 or more cards in hand puts cards from it onto their "
    "deck until 3 are left.",
    editions=(1,),
    cards=2,
    effect=_ghost_ship,
    declares=tags("draws", "topdecks"),
)


def _ambassador(ctx: Context) -> Effect[None]:
    game, player = ctx.game, ctx.player
    hand = game.player(player).hand
    shown = yield from game.choose_cards(
        player, ctx.name, hand, 1, 1, "reveal a card from your hand", purpose="reveal"
    )
    if not shown:
        return
    game.reveal(player, shown)
    name = game.name_of(shown[0])
    # A card with no Supply pile (a Prize) cannot be returned (rules/non-supply/5).
    supply = name in game.state.supply
    copies = [c for c in hand if game.name_of(c) == name] if supply else []
    returned = yield from game.choose_cards(
        player, ctx.name, copies, 0, 2, f"return up to 2 {name} to the Supply", purpose="return"
    )
    for card in returned:
        game.return_to_supply(player, card, ("hand", player))
    for victim in game.attacked(ctx):
        yield from game.gain(victim, name)


AMBASSADOR = _kingdom(
    "Ambassador",
    3,
    {ACTION, ATTACK},
    "Reveal a card from your hand and return up to 2 copies of it from your hand to the "
    "Supply. Then each other player gains a copy of it.",
    editions=(1,),
    effect=_ambassador,
    declares=tags("reveals", "gains"),
    targets=Targets(gains=(Gain(receiver="others"),)),
)


# --- Durations that give bonuses -------------------------------------------------------------

CARAVAN = _kingdom(
    "Caravan",
    4,
    {ACTION, DURATION},
    "+1 Card, +1 Action. At the start of your next turn, +1 Card.",
    cards=1,
    actions=1,
    effect=_duration,
    triggers=(next_turn_bonus(cards=1),),
    declares=tags("draws", "+actions", "duration-like"),
)

FISHING_VILLAGE = _kingdom(
    "Fishing Village",
    3,
    {ACTION, DURATION},
    "+2 Actions, +1 coin. At the start of your next turn: +1 Action, +1 coin.",
    actions=2,
    coins=1,
    effect=_duration,
    triggers=(next_turn_bonus(actions=1, coins=1),),
    declares=tags("+actions", "+coins", "duration-like"),
)

MERCHANT_SHIP = _kingdom(
    "Merchant Ship",
    5,
    {ACTION, DURATION},
    "+2 coins now and at the start of your next turn.",
    coins=2,
    effect=_duration,
    triggers=(next_turn_bonus(coins=2),),
    declares=tags("+coins", "duration-like"),
)

WHARF = _kingdom(
    "Wharf",
    5,
    {ACTION, DURATION},
    "+2 Cards and +1 Buy now and at the start of your next turn.",
    cards=2,
    buys=1,
    effect=_duration,
    triggers=(next_turn_bonus(cards=2, buys=1),),
    declares=tags("draws", "+buys", "duration-like"),
)


def _tactician(ctx: Context) -> Effect[None]:
    game, player = ctx.game, ctx.player
    hand = list(game.player(player).hand)
    if not hand:
        return
    yield from game.discard_cards(player, hand)
    stays(ctx)


TACTICIAN_1, TACTICIAN_2 = reworded(
    _kingdom(
        "Tactician",
        5,
        {ACTION, DURATION},
        "Discard your hand. If you discarded any card, at the start of your next turn: +5 "
        "Cards, +1 Action, +1 Buy.",
        effect=_tactician,
        triggers=(next_turn_bonus(cards=5, actions=1, buys=1),),
        declares=tags("discards", "draws", "+actions", "+buys", "duration-like"),
    ),
    "If you hold at least one card: discard your hand, and at the start of your next turn "
    "+5 Cards, +1 Action, +1 Buy.",
)


# --- Lighthouse: one definition per edition ----------------------------------------------


def _shelter(ctx: TriggerContext) -> Effect[None]:
    make_unaffected(ctx)
    yield from ()


def _sheltered_until_next_turn(ctx: TriggerContext) -> bool:
    return not_yet_unaffected(ctx) and plays_still_to_come(ctx) > 0


LIGHTHOUSE_1 = _kingdom(
    "Lighthouse",
    2,
    {ACTION, DURATION},
    "+1 Action, +1 coin. At the start of your next turn, +1 coin. While this is in play, "
    "other players' Attacks do not affect you.",
    editions=(1,),
    actions=1,
    coins=1,
    effect=_duration,
    triggers=(
        next_turn_bonus(coins=1),
        Trigger("attack", "in_play", _shelter, not_yet_unaffected, who="others"),
    ),
    declares=tags("+actions", "+coins", "duration-like", "blocks-attack"),
)
LIGHTHOUSE_2 = _kingdom(
    "Lighthouse",
    2,
    {ACTION, DURATION},
    "+1 Action, +1 coin. At the start of your next turn, +1 coin; until then, other "
    "players' Attacks do not affect you.",
    editions=(2,),
    actions=1,
    coins=1,
    effect=_duration,
    triggers=(
        next_turn_bonus(coins=1),
        Trigger("attack", "in_play", _shelter, _sheltered_until_next_turn, who="others"),
    ),
    declares=tags("+actions", "+coins", "duration-like", "blocks-attack"),
)


# --- second edition only ----------------------------------------------------------------------


def _discard_two(ctx: TriggerContext) -> Effect[None]:
    yield from move_from_hand(ctx.game, ctx.owner, ctx.name, 2, "discard 2 cards")


TIDE_POOLS = _kingdom(
    "Tide Pools",
    4,
    {ACTION, DURATION},
    "+3 Cards, +1 Action. At the start of your next turn, discard 2 cards.",
    editions=(2,),
    cards=3,
    actions=1,
    effect=_duration,
    triggers=(_at_next_turn(_discard_two),),
    declares=tags("draws", "+actions", "discards", "duration-like"),
)


def _sea_witch(ctx: Context) -> Effect[None]:
    stays(ctx)
    for victim in ctx.game.attacked(ctx):
        yield from ctx.game.gain(victim, "Curse")


def _draw_two_discard_two(ctx: TriggerContext) -> Effect[None]:
    ctx.game.bonus(ctx.owner, cards=2)
    yield from _discard_two(ctx)


SEA_WITCH = _kingdom(
    "Sea Witch",
    5,
    {ACTION, DURATION, ATTACK},
    "+2 Cards. Each other player gains a Curse. At the start of your next turn, +2 Cards, "
    "then discard 2 cards.",
    editions=(2,),
    cards=2,
    effect=_sea_witch,
    triggers=(_at_next_turn(_draw_two_discard_two),),
    declares=tags("draws", "gives-curses", "discards", "duration-like"),
    targets=Targets(gains=(Gain(names=of("Curse"), receiver="others"),)),
)


# --- second edition only: "until your next turn", reactions to gains -----------------------


def _player_to_the_right_gains(ctx: TriggerContext) -> bool:
    """The gainer sits on the owner's right (turns pass to the left, so it is the player
    whose turn comes just before the owner's), while a play of this card is still to come."""
    right = (ctx.owner - 1) % ctx.game.players
    return ctx.happening.player == right and plays_still_to_come(ctx) > 0


def _draw_per_play(ctx: TriggerContext) -> Effect[None]:
    ctx.game.bonus(ctx.owner, cards=plays_still_to_come(ctx))
    yield from ()


MONKEY = _kingdom(
    "Monkey",
    3,
    {ACTION, DURATION},
    "Until your next turn, +1 Card each time the player to your right gains a card. At the "
    "start of your next turn, +1 Card.",
    editions=(2,),
    effect=_duration,
    triggers=(
        next_turn_bonus(cards=1),
        Trigger("gain", "in_play", _draw_per_play, _player_to_the_right_gains, who="others"),
    ),
    declares=tags("draws", "duration-like", "reacts-to-gain"),
    targets=Targets(
        watches=(Watch("gain", WHILE_IN_PLAY, "draws a card", turns="any", gainer="right"),)
    ),
)

SILVER_OR_GOLD = ("Silver", "Gold")


def _corsair(ctx: Context) -> Effect[None]:
    stays(ctx)
    ctx.game.attacks_until_done(ctx)
    yield from ()


def _first_silver_or_gold_of_the_turn(ctx: TriggerContext) -> bool:
    game, card, victim = ctx.game, ctx.happening.card, ctx.happening.player
    return (
        card is not None
        and game.name_of(card) in SILVER_OR_GOLD
        and game.state.turn.played_once(*SILVER_OR_GOLD)
        and plays_still_to_come(ctx) > 0
        and game.still_attacks(ctx.owner, ctx.card, victim)
    )


def _victim_trashes_it(ctx: TriggerContext) -> Effect[None]:
    card, victim = ctx.happening.card, ctx.happening.player
    assert card is not None
    yield from ctx.game.trash(victim, card, ("in_play", victim))


CORSAIR = _kingdom(
    "Corsair",
    5,
    {ACTION, DURATION, ATTACK},
    "+2 coins. At the start of your next turn, +1 Card. Until then, each other player "
    "trashes the first Silver or Gold they play each turn.",
    editions=(2,),
    coins=2,
    effect=_corsair,
    triggers=(
        next_turn_bonus(cards=1),
        Trigger(
            "play", "in_play", _victim_trashes_it, _first_silver_or_gold_of_the_turn, who="others"
        ),
    ),
    declares=tags("+coins", "draws", "trashes", "duration-like"),
    targets=Targets(
        names=tuple(
            (name, "makes each other player trash the first Silver or Gold they play each turn")
            for name in SILVER_OR_GOLD
        ),
        trashes=of("others"),
    ),
)


def _gain_treasure_to_hand(ctx: TriggerContext) -> Effect[None]:
    game = ctx.game
    pile = yield from game.choose_gain(
        ctx.owner,
        ctx.name,
        CostLimit(6),
        "gain a Treasure costing up to 6 into your hand",
        fits=lambda card: card.is_(TREASURE),
    )
    if pile is not None:
        yield from game.gain(ctx.owner, pile, "hand")


def _a_treasure_is_gained(ctx: TriggerContext) -> bool:
    return happening_card(ctx).is_(TREASURE)


PIRATE = _kingdom(
    "Pirate",
    5,
    {ACTION, DURATION, REACTION},
    "At the start of your next turn, gain a Treasure costing up to 6 coins into your hand. "
    "When any player gains a Treasure, you may play this from your hand.",
    editions=(2,),
    effect=_duration,
    triggers=(
        _at_next_turn(_gain_treasure_to_hand),
        Trigger("gain", "hand", play_from_hand, _a_treasure_is_gained, optional=True, who="any"),
    ),
    declares=tags("gains", "gains-to-hand", "tests-cost", "duration-like", "reacts-to-gain"),
    targets=Targets(
        gains=(Gain(types=of(TREASURE), max_cost=6, to=HAND),),
        watches=(
            Watch(
                "gain",
                FROM_HAND,
                "may be played from hand",
                types=of(TREASURE),
                turns="any",
                gainer="any",
            ),
        ),
    ),
)

# The index of Sailor's "once this turn" trigger in its ``triggers``.
SAILOR_PLAYS = 1


def _sailor_next_turn(ctx: TriggerContext) -> Effect[None]:
    game = ctx.game
    game.bonus(ctx.owner, coins=2)
    hand = game.player(ctx.owner).hand
    chosen = yield from game.choose_cards(
        ctx.owner, ctx.name, hand, 0, 1, "you may trash a card from your hand", purpose="trash"
    )
    for card in chosen:
        yield from game.trash(ctx.owner, card, ("hand", ctx.owner))


def _a_duration_is_gained_and_still_there(ctx: TriggerContext) -> bool:
    return happening_card(ctx).is_(DURATION) and gained_card_is_where_gained(ctx)


def _play_the_gained_card(ctx: TriggerContext) -> Effect[None]:
    card = ctx.happening.card
    assert card is not None
    ctx.game.end_lasting(ctx.owner, ctx.card, SAILOR_PLAYS)  # once per play of Sailor
    yield from ctx.game.play(ctx.owner, card, gained_zone(ctx)[0])


SAILOR = _kingdom(
    "Sailor",
    4,
    {ACTION, DURATION},
    "+1 Action. Once this turn, when you gain a Duration card, you may play it. At the "
    "start of your next turn, +2 coins, and you may trash a card from your hand.",
    editions=(2,),
    actions=1,
    effect=_duration,
    lasting=lasting_trigger(SAILOR_PLAYS),
    triggers=(
        _at_next_turn(_sailor_next_turn),
        Trigger(
            "gain",
            "turn",
            _play_the_gained_card,
            _a_duration_is_gained_and_still_there,
            optional=True,
        ),
    ),
    declares=tags("+actions", "+coins", "trashes", "duration-like", "reacts-to-gain"),
    targets=Targets(
        plays=Plays(of(DURATION), GAINED, 1),
        trashes=of("hand"),
        watches=(Watch("gain", TURN, "may play the gained card", types=of(DURATION), moves=True),),
    ),
)


def _sea_chart(ctx: Context) -> Effect[None]:
    game, player = ctx.game, ctx.player
    card = game.reveal_top(player)
    if card is None:
        return
    name = game.name_of(card)
    if any(game.name_of(other) == name for other in game.player(player).in_play):
        game.put_into_hand(player, card, ("revealed", player))
    else:
        game.put(player, card, ("revealed", player), "deck")
    yield from ()


SEA_CHART = _kingdom(
    "Sea Chart",
    3,
    {ACTION},
    "+1 Card, +1 Action. Reveal the top card of your deck; if you have a card with the same "
    "name in play, put it into your hand.",
    editions=(2,),
    cards=1,
    actions=1,
    effect=_sea_chart,
    declares=tags("draws", "+actions", "reveals", "counts-cards"),
    targets=Targets(counts=(Count("in_play"),)),
)

ASTROLABE = _kingdom(
    "Astrolabe",
    3,
    {TREASURE, DURATION},
    "Now and at the start of your next turn: +1 coin and +1 Buy.",
    editions=(2,),
    coins=1,
    buys=1,
    effect=_duration,
    triggers=(next_turn_bonus(coins=1, buys=1),),
    declares=tags("+coins", "+buys", "duration-like"),
)


CARDS: tuple[Card, ...] = (
    BAZAAR,
    CARAVAN,
    CUTPURSE,
    FISHING_VILLAGE,
    LIGHTHOUSE_1,
    LIGHTHOUSE_2,
    LOOKOUT,
    MERCHANT_SHIP,
    SALVAGER,
    TACTICIAN_1,
    TACTICIAN_2,
    TREASURE_MAP,
    WAREHOUSE,
    WHARF,
    # 1st edition only
    AMBASSADOR,
    EXPLORER,
    GHOST_SHIP,
    NAVIGATOR,
    PEARL_DIVER,
    SEA_HAG,
    # 2nd edition only
    ASTROLABE,
    CORSAIR,
    MONKEY,
    PIRATE,
    SAILOR,
    SEA_CHART,
    SEA_WITCH,
    TIDE_POOLS,
)
