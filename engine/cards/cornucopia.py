"""Cornucopia's side of Cornucopia & Guilds: the first edition (2011) and the second
edition of the combined box (2024), whose Cornucopia half dropped Fortune Teller, Farming
Village, Horse Traders, Tournament (and its Prizes) and Harvest, and added Carnival,
Farmhands, Ferryman, Joust (and its Rewards) and Shop.

Most of these cards count differently named cards (Menagerie, Harvest, Horn of Plenty,
Hunting Party, Fairgrounds, Carnival, Shop). Card texts are our own summaries; the set is
``cornucopia-guilds`` for both halves (``engine/cards/guilds.py`` holds the other).
"""

from __future__ import annotations

from engine.abilities import Bane, SetAsidePile, SetsUp
from engine.cards.common import (
    discard_revealed,
    kingdom_maker,
    move_from_hand,
    reveal_top,
    reveal_until,
    reveal_until_into_hand,
    tags,
    trash_to_gain,
)
from engine.context import Context, TriggerContext
from engine.costs import Cost
from engine.model import (
    ACTION,
    ATTACK,
    CURSE,
    REACTION,
    TREASURE,
    VICTORY,
    Card,
    CostLimit,
    Effect,
    PlayEffect,
    Trigger,
)
from engine.targets import HAND, SELF, Count, Gain, Plays, Targets, Watch, of

CORNUCOPIA_GUILDS = "cornucopia-guilds"

_kingdom = kingdom_maker(CORNUCOPIA_GUILDS)


# --- Hamlet -----------------------------------------------------------------------------


def _hamlet(ctx: Context) -> Effect[None]:
    game = ctx.game
    # Two separate offers, each used at most once: a card for the Action, then one for
    # the Buy (rulings cornucopia-guilds/hamlet/1-2).
    for reward, bonus in (("+1 Action", {"actions": 1}), ("+1 Buy", {"buys": 1})):
        hand = game.player(ctx.player).hand
        chosen = yield from game.choose_cards(
            ctx.player, ctx.name, hand, 0, 1, f"you may discard a card for {reward}",
            purpose="discard",
        )  # fmt: skip
        if chosen and (yield from game.discard(ctx.player, chosen[0])):
            game.bonus(ctx.player, **bonus)


HAMLET = _kingdom(
    "Hamlet",
    2,
    {ACTION},
    "+1 Card, +1 Action. You may discard a card for +1 Action. You may discard a card for +1 Buy.",
    cards=1,
    actions=1,
    effect=_hamlet,
    declares=tags("draws", "+actions", "+buys", "discards"),
)


# --- Menagerie ---------------------------------------------------------------------------


def _menagerie(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = list(game.player(ctx.player).hand)
    game.reveal(ctx.player, hand)
    names = [game.name_of(card) for card in hand]
    game.draw(ctx.player, 3 if len(set(names)) == len(names) else 1)
    yield from ()


MENAGERIE = _kingdom(
    "Menagerie",
    3,
    {ACTION},
    "+1 Action. Reveal your hand. If no two cards in it share a name, +3 Cards; otherwise +1 Card.",
    actions=1,
    effect=_menagerie,
    declares=tags("+actions", "reveals", "draws", "counts-cards"),
    targets=Targets(counts=(Count(HAND),)),
)


# --- Fortune Teller, Farming Village, Hunting Party: revealing until a card --------------


def _fortune_teller(ctx: Context) -> Effect[None]:
    game = ctx.game
    for victim in game.attacked(ctx):
        others, found = reveal_until(
            game, victim, lambda card: bool(game.definition(card).types & {VICTORY, CURSE})
        )
        if found is not None:
            game.topdeck(victim, found, "revealed")
        yield from discard_revealed(game, victim, others)


FORTUNE_TELLER = _kingdom(
    "Fortune Teller",
    3,
    {ACTION, ATTACK},
    "+2 coins. Each other player reveals cards from the top of their deck until a Victory "
    "card or a Curse, puts it on top and discards the other revealed cards.",
    editions=(1,),
    coins=2,
    effect=_fortune_teller,
    declares=tags("+coins", "reveals", "discards-others", "topdecks"),
    targets=Targets(asks=of(VICTORY, CURSE)),
)


def _farming_village(ctx: Context) -> Effect[None]:
    game = ctx.game
    yield from reveal_until_into_hand(
        game, ctx.player, lambda card: bool(game.definition(card).types & {ACTION, TREASURE})
    )


FARMING_VILLAGE = _kingdom(
    "Farming Village",
    4,
    {ACTION},
    "+2 Actions. Reveal cards from your deck until an Action or a Treasure; put it into "
    "your hand and discard the other revealed cards.",
    editions=(1,),
    actions=2,
    effect=_farming_village,
    declares=tags("+actions", "reveals", "discards"),
    targets=Targets(asks=of(ACTION, TREASURE)),
)


def _hunting_party(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = list(game.player(ctx.player).hand)
    game.reveal(ctx.player, hand)
    in_hand = {game.name_of(card) for card in hand}
    yield from reveal_until_into_hand(
        game, ctx.player, lambda card: game.name_of(card) not in in_hand
    )


HUNTING_PARTY = _kingdom(
    "Hunting Party",
    5,
    {ACTION},
    "+1 Card, +1 Action. Reveal your hand. Reveal cards from your deck until one whose "
    "name is not in your hand; put it into your hand and discard the other revealed cards.",
    cards=1,
    actions=1,
    effect=_hunting_party,
    declares=tags("draws", "+actions", "reveals", "discards", "counts-cards"),
    targets=Targets(counts=(Count(HAND),)),
)


# --- Remake --------------------------------------------------------------------------------


def _remake(ctx: Context) -> Effect[None]:
    for _ in range(2):
        yield from trash_to_gain(ctx, 1, exactly=True)


REMAKE = _kingdom(
    "Remake",
    4,
    {ACTION},
    "Do this twice: trash a card from your hand, then gain a card costing exactly 1 coin "
    "more than it.",
    effect=_remake,
    declares=tags("trashes", "gains", "tests-cost"),
    targets=Targets(gains=(Gain(relative=True),), trashes=of("hand")),
)


# --- Harvest, Carnival: the top 4 cards by name ---------------------------------------------


def _harvest(ctx: Context) -> Effect[None]:
    game = ctx.game
    revealed = reveal_top(game, ctx.player, 4)
    names = {game.name_of(card) for card in revealed}
    yield from discard_revealed(game, ctx.player, revealed)
    game.bonus(ctx.player, coins=len(names))


HARVEST = _kingdom(
    "Harvest",
    5,
    {ACTION},
    "Reveal the top 4 cards of your deck and discard them; +1 coin per differently named "
    "card among them.",
    editions=(1,),
    effect=_harvest,
    declares=tags("reveals", "discards", "+coins", "counts-cards"),
    targets=Targets(counts=(Count("deck"),)),
)


def _carnival(ctx: Context) -> Effect[None]:
    game = ctx.game
    revealed = reveal_top(game, ctx.player, 4)
    taken: set[str] = set()
    for card in revealed:
        name = game.name_of(card)
        if name not in taken:
            # One of each name, compared among the revealed cards only (carnival/2).
            taken.add(name)
            game.put(ctx.player, card, ("revealed", ctx.player), "hand")
    yield from discard_revealed(game, ctx.player, revealed)


CARNIVAL = _kingdom(
    "Carnival",
    5,
    {ACTION},
    "Reveal the top 4 cards of your deck. Put one of each differently named card among "
    "them into your hand and discard the rest.",
    editions=(2,),
    effect=_carnival,
    declares=tags("reveals", "discards", "counts-cards"),
    targets=Targets(counts=(Count("deck"),)),
)


# --- Horn of Plenty ----------------------------------------------------------------------------


def _horn_of_plenty(ctx: Context) -> Effect[None]:
    game = ctx.game
    in_play = list(game.player(ctx.player).in_play)
    limit = len({game.name_of(card) for card in in_play})
    pile = yield from game.choose_gain(
        ctx.player,
        ctx.name,
        CostLimit(limit, relative_to=tuple(in_play)),
        f"gain a card costing up to {limit}",
    )
    if pile is None:
        return
    gained = yield from game.gain(ctx.player, pile)
    # Only the card it gained can trash it, and only from play (horn-of-plenty/3-4).
    if gained is not None and game.definition(gained).is_(VICTORY):
        yield from game.trash(ctx.player, ctx.card, ("in_play", ctx.player))


HORN_OF_PLENTY = _kingdom(
    "Horn of Plenty",
    5,
    {TREASURE},
    "Worth 0 coins. Gain a card costing up to 1 coin per differently named card you have "
    "in play, this one included. If it is a Victory card, trash this.",
    effect=_horn_of_plenty,
    declares=tags("gains", "tests-cost", "counts-cards", "trashes", "trashes-self"),
    targets=Targets(
        gains=(Gain(relative=True),),
        counts=(Count("in_play"),),
        asks=of(VICTORY),
        trashes=of("self"),
    ),
)


# --- Jester ------------------------------------------------------------------------------------

JESTER_OPTIONS = ("they gain", "you gain")


def _jester(ctx: Context) -> Effect[None]:
    game = ctx.game
    for victim in game.attacked(ctx):
        top = game.reveal_top(victim, "")
        if top is None:
            continue
        name = game.name_of(top)
        yield from game.discard(victim, top, "revealed")
        if game.definition(top).is_(VICTORY):
            yield from game.gain(victim, "Curse")
            continue
        if not game.state.supply.get(name):
            continue  # no copy to gain: an empty pile, or no Supply pile at all (jester/4)
        picked = yield from game.choose_option(
            ctx.player, ctx.name, JESTER_OPTIONS, f"who gains a copy of {name}?"
        )
        receiver = victim if picked == ["they gain"] else ctx.player
        yield from game.gain(receiver, name)


JESTER = _kingdom(
    "Jester",
    5,
    {ACTION, ATTACK},
    "+2 coins. Each other player discards the top card of their deck. If it is a Victory "
    "card they gain a Curse; otherwise either they gain a copy of it or you do, your "
    "choice.",
    coins=2,
    effect=_jester,
    options=JESTER_OPTIONS,
    declares=tags("+coins", "discards-others", "gives-curses", "gains"),
    targets=Targets(
        gains=(Gain(names=of("Curse"), receiver="others"), Gain(receiver="others"), Gain()),
        asks=of(VICTORY),
    ),
)


# --- Shop ----------------------------------------------------------------------------------------


def _shop(ctx: Context) -> Effect[None]:
    game = ctx.game
    player = game.player(ctx.player)
    in_play = {game.name_of(card) for card in player.in_play}
    candidates = [
        card
        for card in player.hand
        if game.definition(card).is_(ACTION) and game.name_of(card) not in in_play
    ]
    chosen = yield from game.choose_cards(
        ctx.player, ctx.name, candidates, 0, 1,
        "you may play an Action card with no copy in play", purpose="play",
    )  # fmt: skip
    if chosen:
        yield from game.play(ctx.player, chosen[0])


SHOP = _kingdom(
    "Shop",
    3,
    {ACTION},
    "+1 Card, +1 coin. You may play an Action card from your hand that you have no copy "
    "of in play.",
    editions=(2,),
    cards=1,
    coins=1,
    effect=_shop,
    declares=tags("draws", "+coins", "plays-actions", "counts-cards"),
    targets=Targets(plays=Plays(of(ACTION), HAND, 1), counts=(Count("in_play"),)),
)


# --- Fairgrounds -----------------------------------------------------------------------------


def _fairgrounds_vp(owned: list[Card]) -> int:
    return 2 * (len({card.name for card in owned}) // 5)


FAIRGROUNDS = _kingdom(
    "Fairgrounds",
    6,
    {VICTORY},
    "Worth 2 VP for every 5 differently named cards you have (round down).",
    vp_counter=_fairgrounds_vp,
    declares=tags("victory", "counts-cards"),
    targets=Targets(counts=(Count("owned"),)),
)


# --- Ferryman ---------------------------------------------------------------------------------


def _discards(count: int) -> PlayEffect:
    """Its player discards ``count`` cards (every card, with fewer in hand)."""

    def effect(ctx: Context) -> Effect[None]:
        yield from move_from_hand(ctx.game, ctx.player, ctx.name, count, f"discard {count}")

    return effect


def _gain_from_the_ferry(ctx: TriggerContext) -> Effect[None]:
    """When a Ferryman is gained, however (ferryman/3), a card from the pile its set-up
    set out beside the Supply (ferryman/2), which nothing else gains from (ferryman/4)."""
    game = ctx.game
    pile = game.state.set_aside_piles.get("ferryman")
    if pile is not None:
        yield from game.gain_from_pile(ctx.owner, pile, pile)


FERRYMAN = _kingdom(
    "Ferryman",
    5,
    {ACTION},
    "+2 Cards, +1 Action. Discard a card. Setup: set out an unused Kingdom pile costing 3 "
    "or 4 coins. When you gain this, gain a card from that pile.",
    editions=(2,),
    cards=2,
    actions=1,
    effect=_discards(1),
    triggers=(Trigger("gain", "self", _gain_from_the_ferry),),
    static=(SetsUp(set_aside=SetAsidePile("ferryman", Cost(3), Cost(4))),),
    declares=tags("draws", "+actions", "discards", "gains"),
    targets=Targets(
        gains=(Gain(when="watch"),),
        watches=(Watch("gain", SELF, "gains a card from its pile beside the Supply"),),
    ),
)


# --- Young Witch ------------------------------------------------------------------------------


def _young_witch(ctx: Context) -> Effect[None]:
    game = ctx.game
    yield from _discards(2)(ctx)
    bane = game.state.bane
    for victim in game.attacked(ctx):
        # Only a Bane in hand counts, and revealing it is optional (young-witch/3-4).
        banes = [card for card in game.player(victim).hand if game.name_of(card) == bane]
        shown = yield from game.choose_cards(
            victim, ctx.name, banes, 0, 1, "you may reveal a Bane to gain no Curse",
            purpose="reveal",
        )  # fmt: skip
        if shown:
            game.reveal(victim, shown)
        else:
            yield from game.gain(victim, "Curse")


def _young_witch_card(edition: int, text: str) -> Card:
    return _kingdom(
        "Young Witch",
        4,
        {ACTION, ATTACK},
        text,
        editions=(edition,),
        cards=2,
        effect=_young_witch,
        static=(SetsUp(bane=Bane(Cost(2), Cost(3))),),
        declares=tags("draws", "discards", "gives-curses"),
        targets=Targets(gains=(Gain(names=of("Curse"), receiver="others"),)),
    )


YOUNG_WITCH_1, YOUNG_WITCH_2 = (
    _young_witch_card(
        1,
        "+2 Cards. Discard 2 cards. Each other player may reveal a Bane card from their hand; "
        "if they do not, they gain a Curse. Setup: add an extra Kingdom pile costing 2 or 3 "
        "coins to the Supply; its cards are the Banes.",
    ),
    _young_witch_card(
        2,
        "+2 Cards. Discard 2 cards. Each other player may reveal a Bane from their hand; "
        "otherwise they gain a Curse. Setup: one more Kingdom pile costing 2 or 3 coins goes "
        "into the Supply: the Bane pile.",
    ),
)


# --- Horse Traders ----------------------------------------------------------------------------


def _set_itself_aside(ctx: TriggerContext) -> Effect[None]:
    """Set aside from hand, without blocking the Attack (horse-traders/3); it comes back
    at the start of its owner's next turn."""
    game = ctx.game
    if game.set_aside(ctx.owner, ctx.card):
        game.at_start_of_next_turn(Context(game, ctx.owner, ctx.card), 1)
    yield from ()


def _comes_back(ctx: TriggerContext) -> Effect[None]:
    game = ctx.game
    game.draw(ctx.owner, 1)
    game.put_into_hand(ctx.owner, ctx.card, ("set_aside", ctx.owner))
    yield from ()


HORSE_TRADERS = _kingdom(
    "Horse Traders",
    4,
    {ACTION, REACTION},
    "+1 Buy, +3 coins. Discard 2 cards. When another player plays an Attack card, you may "
    "first set this aside from your hand; if you do, then at the start of your next turn, "
    "+1 Card and return this to your hand.",
    editions=(1,),
    buys=1,
    coins=3,
    effect=_discards(2),
    triggers=(
        Trigger("attack", "hand", _set_itself_aside, optional=True, who="others"),
        Trigger("start", "next_turn", _comes_back),
    ),
    declares=tags("+buys", "+coins", "discards", "sets-aside", "draws"),
)


# --- Farmhands -------------------------------------------------------------------------------


def _set_aside_for_next_turn(ctx: TriggerContext) -> Effect[None]:
    game = ctx.game
    candidates = [
        card
        for card in game.player(ctx.owner).hand
        if game.definition(card).types & {ACTION, TREASURE}
    ]
    chosen = yield from game.choose_cards(
        ctx.owner, ctx.name, candidates, 0, 1,
        "you may set aside an Action or Treasure to play at the start of your next turn",
        purpose="set_aside",
    )  # fmt: skip
    if (
        chosen
        and game.set_aside(ctx.owner, chosen[0])
        and game.hold(ctx.owner, chosen[0], ctx.card)
    ):
        game.at_start_of_next_turn(Context(game, ctx.owner, ctx.card), 1)


def _play_what_was_set_aside(ctx: TriggerContext) -> Effect[None]:
    # Played without using an Action (farmhands/3), and not optionally (farmhands/2).
    for card in ctx.game.take_held(ctx.owner, ctx.card):
        yield from ctx.game.play(ctx.owner, card, "set_aside")


FARMHANDS = _kingdom(
    "Farmhands",
    4,
    {ACTION},
    "+1 Card, +2 Actions. When you gain this, you may set aside an Action or Treasure from "
    "your hand, and play it at the start of your next turn.",
    editions=(2,),
    cards=1,
    actions=2,
    triggers=(
        Trigger("gain", "self", _set_aside_for_next_turn),
        Trigger("start", "next_turn", _play_what_was_set_aside),
    ),
    declares=tags("draws", "+actions", "sets-aside", "plays-actions", "plays-treasures"),
    targets=Targets(
        plays=Plays(of(ACTION, TREASURE), "set_aside", 1),
        watches=(Watch("gain", SELF, "sets aside a card to play next turn", turns="any"),),
    ),
)


CARDS: tuple[Card, ...] = (
    HAMLET,
    MENAGERIE,
    FORTUNE_TELLER,
    FARMING_VILLAGE,
    HUNTING_PARTY,
    REMAKE,
    HARVEST,
    CARNIVAL,
    HORN_OF_PLENTY,
    JESTER,
    SHOP,
    FAIRGROUNDS,
    FERRYMAN,
    YOUNG_WITCH_1,
    YOUNG_WITCH_2,
    HORSE_TRADERS,
    FARMHANDS,
)
