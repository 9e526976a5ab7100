"""Hinterlands: first edition (2011) and second edition (2022).

Card texts are our own summaries. The set of "when you buy" and "when you gain" abilities:

* "When you buy this" is a ``buy`` trigger on the card itself (``where="self"``): it
  resolves while the bought card is still on its pile, before the card is gained
  (1st-edition Farmland, Noble Brigand); "when you gain this" a ``gain`` trigger on the
  card itself, after the card is where it was gained to (Border Village, Cache, Embassy,
  Ill-Gotten Gains, Mandarin, 2nd-edition Farmland, Nomads, Souk, Berserker).
* "While this is in play, when you buy" is an ``in_play`` ``buy`` trigger (1st-edition
  Haggler); "this turn, when you gain a card, if you bought it" a ``turn`` ``gain`` trigger
  set up by each play (2nd-edition Haggler), so Throne Room doubles the latter only.
* Highway lowers costs while in play (1st edition: once per copy in play) or for the rest of
  the turn from each play (2nd edition), as Quarry does.
* Reactions from hand to another player's gain (Fool's Gold) or Attack (Guard Dog) are
  optional ``hand`` triggers; Duchess's "in games using this" is a game-long trigger.
* Cauldron's Curses go to the players its play affected (recorded in the turn's data: a
  Moat revealed when it was played keeps its owner safe for the turn, and no longer).

Nine cards exist in the 1st edition only (Cache, Duchess, Embassy, Ill-Gotten Gains,
Mandarin, Noble Brigand, Nomad Camp, Oracle, Silk Road) and nine in the 2nd only
(Berserker, Cauldron, Guard Dog, Nomads, Souk, Trail, Weaver, Wheelwright, Witch's Hut).
Farmland, Haggler and Highway changed and have one definition per edition; the others were
reworded (``reworded``) or kept their text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Literal

from engine import rules
from engine.abilities import CostChange, Replacement
from engine.cards.common import (
    discard_down_to,
    gain_one,
    gained_card_is_where_gained,
    gained_zone,
    happening_card,
    kingdom_maker,
    lasting_trigger,
    move_from_hand,
    once_per_event,
    play_from_hand,
    put_back_in_order,
    reveal_top,
    reworded,
    still_revealed,
    tags,
    trash_one_from_hand,
    trash_to_gain,
)
from engine.context import Context, ReplacementContext, TriggerContext
from engine.costs import Cost, CostLimit
from engine.model import ACTION, ATTACK, REACTION, TREASURE, VICTORY, Card, Effect, Trigger
from engine.targets import (
    DECK,
    FROM_HAND,
    HAND,
    SELF,
    SETUP,
    TURN,
    WHILE_IN_PLAY,
    Count,
    Gain,
    Targets,
    Watch,
    of,
)

if TYPE_CHECKING:
    from engine.api import CardAPI
    from engine.vocabulary import PlayerZone

HINTERLANDS = "hinterlands"

_kingdom = kingdom_maker(HINTERLANDS)

# A card looked at on top of a deck is discarded or put back (Duchess, Jack of All Trades).
LOOK_OPTIONS = ("discard", "topdeck")


# --- shared pieces ------------------------------------------------------------------------


def _acting(ctx: TriggerContext) -> Context:
    """A triggered ability's instructions as a play's: its owner acts with its card (so the
    shapes written for plays, such as ``trash_to_gain``, serve "when you gain this" too)."""
    return Context(ctx.game, ctx.owner, ctx.card)


def _gained(ctx: TriggerContext) -> int:
    card = ctx.happening.card
    assert card is not None
    return card


def gain_cheaper(
    game: CardAPI, player: int, source: str, than: int, *, non_victory: bool = False
) -> Effect[None]:
    """Gain a card from the Supply costing less than ``than`` does now (Border Village,
    Haggler: "a cheaper card"), if one is left; ``non_victory`` keeps Victory cards out."""
    cost = game.cost(game.definition(than))
    kind = "non-Victory card" if non_victory else "card"
    pile = yield from game.choose_gain(
        player,
        source,
        CostLimit(cost, less=True, relative_to=(than,)),
        f"gain a {kind} costing less than {cost}",
        fits=(lambda card: not card.is_(VICTORY)) if non_victory else None,
    )
    if pile is not None:
        yield from game.gain(player, pile)


def _each_other_gains(name: str) -> Callable[[TriggerContext], Effect[None]]:
    """When this is gained, each other player gains ``name``, in turn order from the
    gainer's left (Embassy's Silvers, Ill-Gotten Gains' Curses): not an Attack."""

    def effect(ctx: TriggerContext) -> Effect[None]:
        for other in ctx.game.others(ctx.owner):
            yield from ctx.game.gain(other, name)

    return effect


def _look_at_top(game: CardAPI, looker: int, owner: int, source: str) -> Effect[None]:
    """``looker`` looks at the top card of ``owner``'s deck (shuffling if needed) and
    discards it or puts it back (Duchess, Jack of All Trades)."""
    card = game.reveal_top(owner, "")  # looked at, not revealed: no event
    if card is None:
        return
    picked = yield from game.choose_option(
        looker,
        source,
        LOOK_OPTIONS,
        f"your {game.name_of(card)}: discard it or put it back on the deck",
    )
    if picked[0] == "discard":
        yield from game.discard(owner, card, "revealed")
    else:
        game.put(owner, card, ("revealed", owner), "deck")


# --- Border Village, Cache, Crossroads, Develop -------------------------------------------


def _border_village_gain(ctx: TriggerContext) -> Effect[None]:
    yield from gain_cheaper(ctx.game, ctx.owner, ctx.name, _gained(ctx))


BORDER_VILLAGE_1, BORDER_VILLAGE_2 = reworded(
    _kingdom(
        "Border Village",
        6,
        {ACTION},
        "+1 Card, +2 Actions. When you gain this, gain a card costing less than this.",
        cards=1,
        actions=2,
        triggers=(Trigger("gain", "self", _border_village_gain),),
        declares=tags("draws", "+actions", "gains", "tests-cost"),
        targets=Targets(
            gains=(Gain(relative=True, when="watch"),),
            watches=(Watch("gain", SELF, "gains a cheaper card", turns="any"),),
        ),
    ),
    "+1 Card, +2 Actions. When you gain this, gain a cheaper card.",
)


def _cache_coppers(ctx: TriggerContext) -> Effect[None]:
    for _ in range(2):  # two gains, each its own (a Watchtower may answer each)
        yield from ctx.game.gain(ctx.owner, "Copper")


CACHE = _kingdom(
    "Cache",
    5,
    {TREASURE},
    "Worth 3 coins. When you gain this, gain two Coppers.",
    editions=(1,),
    coins=3,
    triggers=(Trigger("gain", "self", _cache_coppers),),
    declares=tags("+coins", "gains"),
    targets=Targets(
        gains=(Gain(names=of("Copper"), when="watch"),),
        watches=(Watch("gain", SELF, "gains two Coppers", turns="any"),),
    ),
)


def _cartographer(ctx: Context) -> Effect[None]:
    game = ctx.game
    player = ctx.player
    looked = reveal_top(game, player, 4, verb="")  # looked at, not revealed: no event
    discarded = yield from game.choose_cards(
        player, ctx.name, looked, 0, len(looked), "discard any of them", purpose="discard"
    )
    yield from game.discard_cards(player, discarded, "revealed")
    rest = still_revealed(game, player, looked)
    yield from put_back_in_order(game, player, ctx.name, rest, "revealed")


CARTOGRAPHER_1, CARTOGRAPHER_2 = reworded(
    _kingdom(
        "Cartographer",
        5,
        {ACTION},
        "+1 Card, +1 Action. Look at the top 4 cards of your deck; discard any of them and "
        "put the rest back in any order.",
        cards=1,
        actions=1,
        effect=_cartographer,
        declares=tags("draws", "+actions", "discards", "topdecks"),
    ),
    "+1 Card, +1 Action. Look at your top 4 cards, discard any number of them, then put the "
    "others back in any order.",
)


def _crossroads(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = list(game.player(ctx.player).hand)
    game.reveal(ctx.player, hand)
    victory = sum(1 for card in hand if game.definition(card).is_(VICTORY))
    game.draw(ctx.player, victory)
    # This play is already counted: the first Crossroads of the turn finds only itself.
    if game.state.turn.played_once(ctx.name):
        game.bonus(ctx.player, actions=3)
    yield from ()


CROSSROADS = _kingdom(
    "Crossroads",
    2,
    {ACTION},
    "Reveal your hand; +1 Card per Victory card revealed. If this is the first Crossroads "
    "you played this turn, +3 Actions.",
    effect=_crossroads,
    declares=tags("draws", "+actions", "reveals", "counts-types", "counts-plays"),
    targets=Targets(
        counts=(Count("hand", types=of(VICTORY)), Count("played", names=of("Crossroads"))),
        asks=of(VICTORY),
    ),
)

# Develop's two gains, by how their cost compares with the trashed card's.
DEVELOP_OPTIONS = ("$1 more", "$1 less")


def _develop(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = game.player(ctx.player).hand
    chosen = yield from game.choose_cards(
        ctx.player, ctx.name, hand, 1, 1, "trash a card", purpose="trash"
    )
    if not chosen:
        return
    trashed = chosen[0]
    cost = game.cost(game.definition(trashed))
    if not (yield from game.trash(ctx.player, trashed, ("hand", ctx.player))):
        return
    costs = {"$1 more": cost + 1, "$1 less": cost - 1}  # the coin part only: rules/costs/5
    available = [label for label in DEVELOP_OPTIONS if _supply_has_cost(game, costs[label])]
    if len(available) == 2:
        first = yield from game.choose_option(
            ctx.player, ctx.name, DEVELOP_OPTIONS, "gain which first (the other ends on top)"
        )
        available.sort(key=lambda label: label != first[0])
    for label in available:
        limit = CostLimit(costs[label], exactly=True, relative_to=(trashed,))
        pile = yield from game.choose_gain(
            ctx.player, ctx.name, limit, f"gain a card costing exactly {costs[label]}"
        )
        if pile is not None:
            yield from game.gain(ctx.player, pile, "deck")


def _supply_has_cost(game: CardAPI, cost: Cost) -> bool:
    """Whether a non-empty Supply pile's card costs exactly ``cost`` now."""
    supply = game.state.supply.items()
    return any(cards and rules.costs_same(game.cost_of(pile), cost) for pile, cards in supply)


DEVELOP_1, DEVELOP_2 = reworded(
    _kingdom(
        "Develop",
        3,
        {ACTION},
        "Trash a card from your hand. Gain a card costing exactly 1 coin more than it and one "
        "costing exactly 1 coin less, in the order you choose, both onto your deck.",
        effect=_develop,
        options=DEVELOP_OPTIONS,
        declares=tags("trashes", "gains", "gains-to-deck", "tests-cost"),
        targets=Targets(gains=(Gain(relative=True, to=DECK),), trashes=of(HAND)),
    ),
    "Trash a card from your hand. Gain two cards onto your deck, one costing exactly 1 coin "
    "more than it and one exactly 1 coin less, in either order.",
)


# --- Duchess, Embassy, Farmland -----------------------------------------------------------


def _duchess(ctx: Context) -> Effect[None]:
    # Not an Attack: every player looks, each deciding for their own card.
    for player in ctx.game.turn_order(ctx.player):
        yield from _look_at_top(ctx.game, player, player, ctx.name)


def _duchess_with_duchy(ctx: TriggerContext) -> Effect[None]:
    yield from ctx.game.gain(ctx.happening.player, "Duchess")


DUCHESS = _kingdom(
    "Duchess",
    2,
    {ACTION},
    "+2 coins. Each player, you first, looks at the top card of their deck and discards it "
    "or puts it back. In games using this, when you gain a Duchy, you may gain a Duchess.",
    editions=(1,),
    coins=2,
    effect=_duchess,
    options=LOOK_OPTIONS,
    triggers=(
        once_per_event(
            Trigger(
                "gain",
                "game",
                _duchess_with_duchy,
                condition=lambda ctx: ctx.game.name_of(_gained(ctx)) == "Duchy",
                optional=True,
                who="any",
            )
        ),
    ),
    declares=tags("+coins", "discards", "discards-others", "when-gain", "gains"),
    targets=Targets(
        gains=(Gain(names=of("Duchess"), when="watch"),),
        watches=(Watch("gain", SETUP, "may gain a Duchess", turns="any", gainer="any"),),
        names=(("Duchy", "a Duchy gain may bring a Duchess"),),
    ),
)


def _embassy(ctx: Context) -> Effect[None]:
    yield from move_from_hand(ctx.game, ctx.player, ctx.name, 3, "discard 3 cards")


EMBASSY = _kingdom(
    "Embassy",
    5,
    {ACTION},
    "+5 Cards, then discard 3 cards. When you gain this, each other player gains a Silver.",
    editions=(1,),
    cards=5,
    effect=_embassy,
    triggers=(Trigger("gain", "self", _each_other_gains("Silver")),),
    declares=tags("draws", "discards", "gains"),
    targets=Targets(
        gains=(Gain(names=of("Silver"), receiver="others", when="watch"),),
        watches=(Watch("gain", SELF, "each other player gains a Silver", turns="any"),),
    ),
)


def _farmland(*, not_farmland: bool) -> Callable[[TriggerContext], Effect[None]]:
    """Trash a card from hand and gain one costing exactly 2 more (the 2nd edition: not a
    Farmland)."""

    def effect(ctx: TriggerContext) -> Effect[None]:
        fits = (lambda card: card.name != "Farmland") if not_farmland else None
        # When bought, the Farmland is still on its pile and stays there (see CardAPI.gain).
        bought = None if ctx.happening.kind == "gain" else ctx.happening.card
        yield from trash_to_gain(_acting(ctx), 2, exactly=True, fits=fits, besides=bought)

    return effect


FARMLAND_1 = _kingdom(
    "Farmland",
    6,
    {VICTORY},
    "Worth 2 VP. When you buy this, trash a card from your hand and gain a card costing "
    "exactly 2 coins more than it.",
    editions=(1,),
    vp=2,
    triggers=(Trigger("buy", "self", _farmland(not_farmland=False)),),
    declares=tags("victory", "trashes", "gains", "tests-cost"),
    targets=Targets(
        gains=(Gain(relative=True, when="watch"),),
        watches=(Watch("buy", SELF, "trashes a card from hand to gain one costing 2 more"),),
        trashes_when_gained=of(HAND),
    ),
)
FARMLAND_2 = _kingdom(
    "Farmland",
    6,
    {VICTORY},
    "Worth 2 VP. When you gain this, trash a card from your hand and gain a non-Farmland "
    "card costing exactly 2 coins more than it.",
    editions=(2,),
    vp=2,
    triggers=(Trigger("gain", "self", _farmland(not_farmland=True)),),
    declares=tags("victory", "trashes", "gains", "tests-cost"),
    targets=Targets(
        gains=(Gain(relative=True, when="watch"),),
        watches=(
            Watch("gain", SELF, "trashes a card from hand to gain one costing 2 more", turns="any"),
        ),
        trashes_when_gained=of(HAND),
    ),
)


# --- Fool's Gold, Guard Dog -----------------------------------------------------------------


def _fools_gold(ctx: Context) -> Effect[None]:
    # This play is already counted: the first Fool's Gold of the turn finds only itself.
    first = ctx.game.state.turn.played_once(ctx.name)
    ctx.game.bonus(ctx.player, coins=1 if first else 4)
    yield from ()


def _fools_gold_for_gold(ctx: TriggerContext) -> Effect[None]:
    game = ctx.game
    if (yield from game.trash(ctx.owner, ctx.card, ("hand", ctx.owner))):
        yield from game.gain(ctx.owner, "Gold", "deck")


FOOLS_GOLD_1, FOOLS_GOLD_2 = reworded(
    _kingdom(
        "Fool's Gold",
        2,
        {TREASURE, REACTION},
        "Worth 1 coin if it is the first Fool's Gold you played this turn, otherwise 4 coins. "
        "When another player gains a Province, you may trash this from your hand; if you do, "
        "gain a Gold onto your deck.",
        effect=_fools_gold,
        triggers=(
            Trigger(
                "gain",
                "hand",
                _fools_gold_for_gold,
                condition=lambda ctx: ctx.game.name_of(_gained(ctx)) == "Province",
                optional=True,
                who="others",
            ),
        ),
        declares=tags(
            "+coins", "counts-plays", "reacts-to-gain", "trashes", "gains", "gains-to-deck"
        ),
        targets=Targets(
            gains=(Gain(names=of("Gold"), to=DECK, when="watch"),),
            watches=(
                Watch(
                    "gain",
                    "hand",
                    "may trash itself to gain a Gold onto the deck",
                    turns="any",
                    gainer="others",
                ),
            ),
            counts=(Count("played", names=of("Fool's Gold")),),
            names=(("Province", "another player's Province gain lets it become a Gold"),),
            trashes_when_gained=of(HAND),  # itself, from hand
        ),
    ),
    "1 coin if this is the first time you played a Fool's Gold this turn, otherwise 4 coins. "
    "When another player gains a Province, you may trash this from your hand to gain a Gold "
    "onto your deck.",
)


def _guard_dog(ctx: Context) -> Effect[None]:
    if len(ctx.game.player(ctx.player).hand) <= 5:
        ctx.game.draw(ctx.player, 2)
    yield from ()


GUARD_DOG = _kingdom(
    "Guard Dog",
    3,
    {ACTION, REACTION},
    "+2 Cards; then, with 5 or fewer cards in hand, +2 Cards more. When another player plays "
    "an Attack, you may first play this from your hand.",
    editions=(2,),
    cards=2,
    effect=_guard_dog,
    triggers=(Trigger("attack", "hand", play_from_hand, optional=True, who="others"),),
    declares=tags("draws", "counts-cards"),
    targets=Targets(counts=(Count("hand"),)),
)


# --- Haggler, Highway ---------------------------------------------------------------------


def _haggler_gain(ctx: TriggerContext) -> Effect[None]:
    yield from gain_cheaper(ctx.game, ctx.owner, ctx.name, _gained(ctx), non_victory=True)


HAGGLER_1 = _kingdom(
    "Haggler",
    5,
    {ACTION},
    "+2 coins. While this is in play, when you buy a card, gain a card costing less than it "
    "that is not a Victory card.",
    editions=(1,),
    coins=2,
    triggers=(Trigger("buy", "in_play", _haggler_gain),),
    declares=tags("+coins", "when-buy", "gains", "tests-cost"),
    targets=Targets(
        gains=(Gain(relative=True, when="watch"),),
        watches=(Watch("buy", WHILE_IN_PLAY, "gains a cheaper non-Victory card"),),
        asks=of(VICTORY),
    ),
)
HAGGLER_2 = _kingdom(
    "Haggler",
    5,
    {ACTION},
    "+2 coins. This turn, when you gain a card you bought, gain a cheaper non-Victory card.",
    editions=(2,),
    coins=2,
    lasting=lasting_trigger(0),
    triggers=(Trigger("gain", "turn", _haggler_gain, condition=lambda ctx: ctx.happening.bought),),
    declares=tags("+coins", "when-buy", "gains", "tests-cost"),
    targets=Targets(
        gains=(Gain(relative=True, when="watch"),),
        watches=(Watch("gain", TURN, "gains a cheaper non-Victory card", bought_only=True),),
        asks=of(VICTORY),
    ),
)


def _highway_discount(_game: CardAPI, _card: Card) -> int:
    return 1


HIGHWAY_1 = _kingdom(
    "Highway",
    5,
    {ACTION},
    "+1 Card, +1 Action. While this is in play, cards cost 1 coin less (not below 0).",
    editions=(1,),
    cards=1,
    actions=1,
    static=(CostChange("in_play", _highway_discount),),
    declares=tags("draws", "+actions", "while-in-play"),
    targets=Targets(reduces=of()),
)
HIGHWAY_2 = _kingdom(
    "Highway",
    5,
    {ACTION},
    "+1 Card, +1 Action. This turn, cards cost 1 coin less (not below 0).",
    editions=(2,),
    cards=1,
    actions=1,
    # Each play lowers costs once more for the rest of the turn (as Bridge).
    static=(CostChange("turn", _highway_discount),),
    lasting=lambda ctx: ctx.game.start_lasting_cost(ctx),
    declares=tags("draws", "+actions"),
    targets=Targets(reduces=of()),
)


# --- Ill-Gotten Gains, Jack of All Trades, Mandarin, Margrave -------------------------------


def _ill_gotten_gains(ctx: Context) -> Effect[None]:
    game = ctx.game
    if game.state.supply["Copper"] and (
        yield from game.yes_no(ctx.player, ctx.name, "gain a Copper into your hand?")
    ):
        yield from game.gain(ctx.player, "Copper", "hand")


ILL_GOTTEN_GAINS = _kingdom(
    "Ill-Gotten Gains",
    5,
    {TREASURE},
    "Worth 1 coin. When you play this, you may gain a Copper into your hand. When you gain "
    "this, each other player gains a Curse.",
    editions=(1,),
    coins=1,
    effect=_ill_gotten_gains,
    triggers=(Trigger("gain", "self", _each_other_gains("Curse")),),
    declares=tags("+coins", "gains", "gains-to-hand", "gives-curses"),
    targets=Targets(
        gains=(
            Gain(names=of("Copper"), to=HAND),
            Gain(names=of("Curse"), receiver="others", when="watch"),
        ),
        watches=(Watch("gain", SELF, "each other player gains a Curse", turns="any"),),
    ),
)


def _jack_of_all_trades(ctx: Context) -> Effect[None]:
    game = ctx.game
    player = ctx.player
    yield from game.gain(player, "Silver")
    yield from _look_at_top(game, player, player, ctx.name)
    missing = 5 - len(game.player(player).hand)
    if missing > 0:
        game.draw(player, missing)
    hand = game.player(player).hand
    candidates = [card for card in hand if not game.definition(card).is_(TREASURE)]
    chosen = yield from game.choose_cards(
        player, ctx.name, candidates, 0, 1, "you may trash a non-Treasure card", purpose="trash"
    )
    for card in chosen:
        yield from game.trash(player, card, ("hand", player))


JACK_OF_ALL_TRADES_1, JACK_OF_ALL_TRADES_2 = reworded(
    _kingdom(
        "Jack of All Trades",
        4,
        {ACTION},
        "Gain a Silver. Look at the top card of your deck; discard it or put it back. Draw "
        "until you have 5 cards in hand. You may trash a card from your hand that is not a "
        "Treasure.",
        effect=_jack_of_all_trades,
        options=LOOK_OPTIONS,
        declares=tags("gains", "discards", "draws", "trashes"),
        targets=Targets(gains=(Gain(names=of("Silver")),), trashes=of(HAND), asks=of(TREASURE)),
    ),
    "Gain a Silver. Look at your top card and discard it or put it back. Draw until you have "
    "5 cards in hand. You may trash a non-Treasure card from your hand.",
)


def _mandarin(ctx: Context) -> Effect[None]:
    yield from move_from_hand(
        ctx.game, ctx.player, ctx.name, 1, "put a card onto your deck", purpose="topdeck"
    )


def _mandarin_treasures(ctx: TriggerContext) -> Effect[None]:
    game = ctx.game
    in_play = game.player(ctx.owner).in_play
    treasures = [card for card in in_play if game.definition(card).is_(TREASURE)]
    yield from put_back_in_order(
        game,
        ctx.owner,
        ctx.name,
        treasures,
        "in_play",
        prompt="onto your deck, top first",
        topdeck=True,
    )


MANDARIN = _kingdom(
    "Mandarin",
    5,
    {ACTION},
    "+3 coins. Put a card from your hand onto your deck. When you gain this, put all the "
    "Treasures you have in play onto your deck in any order.",
    editions=(1,),
    coins=3,
    effect=_mandarin,
    triggers=(Trigger("gain", "self", _mandarin_treasures),),
    declares=tags("+coins", "topdecks"),
    targets=Targets(
        watches=(Watch("gain", SELF, "puts the Treasures in play onto the deck", turns="any"),),
        asks=of(TREASURE),
    ),
)


def _margrave(ctx: Context) -> Effect[None]:
    game = ctx.game
    for victim in game.attacked(ctx):
        game.draw(victim, 1)
        excess = len(game.player(victim).hand) - 3
        if excess > 0:
            yield from move_from_hand(game, victim, ctx.name, excess, "discard down to 3")


MARGRAVE = _kingdom(
    "Margrave",
    5,
    {ACTION, ATTACK},
    "+3 Cards, +1 Buy. Each other player draws a card, then discards down to 3 cards in hand.",
    cards=3,
    buys=1,
    effect=_margrave,
    declares=tags("draws", "+buys", "discards-others"),
)


# --- Noble Brigand, Nomads, Oasis, Oracle ---------------------------------------------------


def _brigand_robs(game: CardAPI, robber: int, source: str, victims: list[int]) -> Effect[None]:
    """Noble Brigand's attack, played or bought: each victim reveals their top 2 cards and
    trashes a Silver or Gold among them that the robber picks, discards the rest, and gains
    a Copper if no Treasure was revealed; the robber gains the trashed cards."""
    stolen: list[int] = []
    for victim in victims:
        revealed = reveal_top(game, victim, 2)
        riches = [c for c in revealed if game.name_of(c) in ("Silver", "Gold")]
        chosen = yield from game.choose_cards(
            robber, source, riches, 1, 1, f"trash p{victim + 1}'s Silver or Gold", purpose="trash"
        )
        for card in chosen:
            if (yield from game.trash(victim, card, ("revealed", victim))):
                stolen.append(card)
        yield from game.discard_cards(victim, still_revealed(game, victim, revealed), "revealed")
        if not any(game.definition(c).is_(TREASURE) for c in revealed):
            yield from game.gain(victim, "Copper")
    for card in stolen:
        if card in game.state.trash:
            yield from game.gain_card(robber, card, ("trash", None))


def _noble_brigand(ctx: Context) -> Effect[None]:
    yield from _brigand_robs(ctx.game, ctx.player, ctx.name, ctx.game.attacked(ctx))


def _noble_brigand_bought(ctx: TriggerContext) -> Effect[None]:
    # Buying is not playing an Attack: no reaction is asked and every other player is hit.
    game = ctx.game
    yield from _brigand_robs(game, ctx.owner, ctx.name, game.others(ctx.owner))


NOBLE_BRIGAND = _kingdom(
    "Noble Brigand",
    4,
    {ACTION, ATTACK},
    "+1 coin. When you buy or play this, each other player reveals their top 2 cards, trashes "
    "a revealed Silver or Gold you choose and discards the rest, and gains a Copper if they "
    "revealed no Treasure. You gain the trashed cards.",
    editions=(1,),
    coins=1,
    effect=_noble_brigand,
    triggers=(Trigger("buy", "self", _noble_brigand_bought),),
    declares=tags("+coins", "reveals", "trashes", "discards-others", "gains", "gains-from-trash"),
    targets=Targets(
        gains=(
            Gain(names=of("Silver", "Gold"), from_trash=True),
            Gain(names=of("Copper"), receiver="others"),
            Gain(names=of("Silver", "Gold"), from_trash=True, when="watch"),
            Gain(names=of("Copper"), receiver="others", when="watch"),
        ),
        watches=(Watch("buy", SELF, "attacks every other player"),),
        trashes=of("others"),
        trashes_when_gained=of("others"),
        asks=of(TREASURE),
        names=(
            ("Silver", "trashes a revealed Silver and gains it"),
            ("Gold", "trashes a revealed Gold and gains it"),
        ),
    ),
)


def _plus_two_coins(ctx: TriggerContext) -> Effect[None]:
    ctx.game.bonus(ctx.owner, coins=2)
    yield from ()


NOMADS = _kingdom(
    "Nomads",
    4,
    {ACTION},
    "+1 Buy, +2 coins. When you gain or trash this, +2 coins.",
    editions=(2,),
    buys=1,
    coins=2,
    triggers=(
        Trigger("gain", "self", _plus_two_coins),
        Trigger("trash", "self", _plus_two_coins),
    ),
    declares=tags("+buys", "+coins"),
    targets=Targets(
        watches=(Watch("gain", SELF, "+2 coins", turns="any"),),
    ),
)


def _oasis(ctx: Context) -> Effect[None]:
    yield from move_from_hand(ctx.game, ctx.player, ctx.name, 1, "discard a card")


OASIS = _kingdom(
    "Oasis",
    3,
    {ACTION},
    "+1 Card, +1 Action, +1 coin. Discard a card.",
    cards=1,
    actions=1,
    coins=1,
    effect=_oasis,
    declares=tags("draws", "+actions", "+coins", "discards"),
)

ORACLE_OPTIONS = ("discard", "topdeck")


def _oracle(ctx: Context) -> Effect[None]:
    game = ctx.game
    # The Oracle's own player is not attacked, so a Moat never stops this part.
    for target in [ctx.player, *game.attacked(ctx)]:
        revealed = reveal_top(game, target, 2)
        if not revealed:
            continue
        shown = " and ".join(game.name_of(card) for card in revealed)
        picked = yield from game.choose_option(
            ctx.player, ctx.name, ORACLE_OPTIONS, f"p{target + 1}'s {shown}: discard or put back"
        )
        if picked[0] == "discard":
            yield from game.discard_cards(target, revealed, "revealed")
        else:  # their owner puts them back in the order they choose
            yield from put_back_in_order(game, target, ctx.name, revealed, "revealed")
    game.draw(ctx.player, 2)


ORACLE = _kingdom(
    "Oracle",
    3,
    {ACTION, ATTACK},
    "Each player, you too, reveals the top 2 cards of their deck; you choose for each whether "
    "they are discarded or put back in the order their owner chooses. Then +2 Cards.",
    editions=(1,),
    effect=_oracle,
    options=ORACLE_OPTIONS,
    declares=tags("reveals", "discards", "discards-others", "topdecks", "draws"),
)


# --- Silk Road, Souk, Spice Merchant, Stables -----------------------------------------------

SILK_ROAD = _kingdom(
    "Silk Road",
    4,
    {VICTORY},
    "Worth 1 VP for every 4 Victory cards you have (round down).",
    editions=(1,),
    vp_counter=lambda owned: sum(1 for card in owned if card.is_(VICTORY)) // 4,
    declares=tags("victory", "counts-types"),
    targets=Targets(counts=(Count("owned", types=of(VICTORY)),), asks=of(VICTORY)),
)


def _souk(ctx: Context) -> Effect[None]:
    game = ctx.game
    turn = game.state.turn
    # +7 coins, then 1 less per card in hand, the whole total never below 0.
    total = max(0, turn.coins + 7 - len(game.player(ctx.player).hand))
    game.bonus(ctx.player, coins=total - turn.coins)
    yield from ()


def _souk_trash(ctx: TriggerContext) -> Effect[None]:
    game = ctx.game
    hand = game.player(ctx.owner).hand
    chosen = yield from game.choose_cards(
        ctx.owner, ctx.name, hand, 0, 2, "trash up to 2 cards", purpose="trash"
    )
    for card in chosen:
        yield from game.trash(ctx.owner, card, ("hand", ctx.owner))


SOUK = _kingdom(
    "Souk",
    5,
    {ACTION},
    "+1 Buy, +7 coins, then 1 coin less for each card in your hand (not below 0 coins). "
    "When you gain this, trash up to 2 cards from your hand.",
    editions=(2,),
    buys=1,
    effect=_souk,
    triggers=(Trigger("gain", "self", _souk_trash),),
    declares=tags("+buys", "+coins", "counts-cards", "trashes"),
    targets=Targets(
        counts=(Count("hand"),),
        watches=(Watch("gain", SELF, "trashes up to 2 cards from hand", turns="any"),),
        trashes_when_gained=of(HAND),
    ),
)

SPICE_MERCHANT_OPTIONS = ("+2 Cards", "+$2")


def _spice_merchant(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = game.player(ctx.player).hand
    treasures = [card for card in hand if game.definition(card).is_(TREASURE)]
    chosen = yield from game.choose_cards(
        ctx.player, ctx.name, treasures, 0, 1, "you may trash a Treasure", purpose="trash"
    )
    if not chosen or not (yield from game.trash(ctx.player, chosen[0], ("hand", ctx.player))):
        return
    picked = yield from game.choose_option(
        ctx.player, ctx.name, SPICE_MERCHANT_OPTIONS, "+2 Cards, +1 Action; or +2 coins, +1 Buy"
    )
    if picked[0] == "+2 Cards":
        game.bonus(ctx.player, cards=2, actions=1)
    else:
        game.bonus(ctx.player, coins=2, buys=1)


SPICE_MERCHANT_1, SPICE_MERCHANT_2 = reworded(
    _kingdom(
        "Spice Merchant",
        4,
        {ACTION},
        "You may trash a Treasure from your hand. If you do, choose one: +2 Cards and +1 "
        "Action; or +2 coins and +1 Buy.",
        effect=_spice_merchant,
        options=SPICE_MERCHANT_OPTIONS,
        declares=tags("trashes", "draws", "+actions", "+coins", "+buys"),
        targets=Targets(trashes=of(HAND), asks=of(TREASURE)),
    ),
    "You may trash a Treasure from your hand to choose one: +2 Cards and +1 Action; or +2 "
    "coins and +1 Buy.",
)


def _stables(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = game.player(ctx.player).hand
    treasures = [card for card in hand if game.definition(card).is_(TREASURE)]
    chosen = yield from game.choose_cards(
        ctx.player, ctx.name, treasures, 0, 1, "you may discard a Treasure", purpose="discard"
    )
    if chosen and (yield from game.discard(ctx.player, chosen[0])):
        game.bonus(ctx.player, cards=3, actions=1)


STABLES_1, STABLES_2 = reworded(
    _kingdom(
        "Stables",
        5,
        {ACTION},
        "You may discard a Treasure. If you do, +3 Cards and +1 Action.",
        effect=_stables,
        declares=tags("discards", "draws", "+actions"),
        targets=Targets(asks=of(TREASURE)),
    ),
    "You may discard a Treasure, for +3 Cards and +1 Action.",
)


# --- Wheelwright, Witch's Hut, Cauldron, Berserker ------------------------------------------


def _wheelwright(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = game.player(ctx.player).hand
    chosen = yield from game.choose_cards(
        ctx.player, ctx.name, hand, 0, 1, "you may discard a card", purpose="discard"
    )
    if not chosen:
        return
    discarded = chosen[0]
    cost = game.cost(game.definition(discarded))
    if not (yield from game.discard(ctx.player, discarded)):
        return
    pile = yield from game.choose_gain(
        ctx.player,
        ctx.name,
        CostLimit(cost, relative_to=(discarded,)),
        f"gain an Action card costing up to {cost}",
        fits=lambda card: card.is_(ACTION),
    )
    if pile is not None:
        yield from game.gain(ctx.player, pile)


WHEELWRIGHT = _kingdom(
    "Wheelwright",
    5,
    {ACTION},
    "+1 Card, +1 Action. You may discard a card to gain an Action card costing as much as it "
    "or less.",
    editions=(2,),
    cards=1,
    actions=1,
    effect=_wheelwright,
    declares=tags("draws", "+actions", "discards", "gains", "tests-cost"),
    targets=Targets(gains=(Gain(types=of(ACTION), relative=True),)),
)


def _witchs_hut(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = game.player(ctx.player).hand
    count = min(2, len(hand))
    chosen = yield from game.choose_cards(
        ctx.player, ctx.name, hand, count, count, "discard 2 cards, revealed", purpose="discard"
    )
    game.reveal(ctx.player, chosen)
    discarded = yield from game.discard_cards(ctx.player, chosen)
    if len(discarded) == 2 and all(game.definition(c).is_(ACTION) for c in discarded):
        for victim in game.attacked(ctx):
            yield from game.gain(victim, "Curse")


WITCHS_HUT = _kingdom(
    "Witch's Hut",
    5,
    {ACTION, ATTACK},
    "+4 Cards. Discard 2 cards, revealed; if both are Action cards, each other player gains "
    "a Curse.",
    editions=(2,),
    cards=4,
    effect=_witchs_hut,
    declares=tags("draws", "discards", "reveals", "gives-curses", "counts-types"),
    targets=Targets(gains=(Gain(names=of("Curse"), receiver="others"),), asks=of(ACTION)),
)


def _cauldron_plays(game: CardAPI) -> list[tuple[int, tuple[int, ...]]]:
    """This turn's plays of Cauldrons, each with the players it affects (the turn's data:
    unlike a Duration Attack's, the record ends with the turn)."""
    plays: list[tuple[int, tuple[int, ...]]] = game.state.turn.modifiers.setdefault("Cauldron", [])
    return plays


def _cauldron(ctx: Context) -> None:
    # Whom this play affects is fixed now: a Moat revealed to it keeps its owner safe from
    # its Curse later this turn.
    _cauldron_plays(ctx.game).append((ctx.card, tuple(ctx.game.attacked(ctx))))
    ctx.game.start_lasting(ctx, 0)


def _third_action_gain(ctx: TriggerContext) -> bool:
    game = ctx.game
    if not happening_card(ctx).is_(ACTION):
        return False
    gained = game.state.turn.gains  # this turn's gains, this one included
    return sum(1 for card, _, _ in gained if game.definition_by_name(card).is_(ACTION)) == 3


def _cauldron_curses(ctx: TriggerContext) -> Effect[None]:
    game = ctx.game
    plays = [victims for card, victims in _cauldron_plays(game) if card == ctx.card]
    for victim in game.others(ctx.owner):
        # A Cauldron in play from a setup has no record of its play: it affects everyone.
        if not plays or any(victim in victims for victims in plays):
            yield from game.gain(victim, "Curse")


CAULDRON = _kingdom(
    "Cauldron",
    5,
    {TREASURE, ATTACK},
    "Worth 2 coins, +1 Buy. The third time you gain an Action card this turn, each other "
    "player gains a Curse.",
    editions=(2,),
    coins=2,
    buys=1,
    lasting=_cauldron,
    triggers=(Trigger("gain", "turn", _cauldron_curses, condition=_third_action_gain),),
    declares=tags("+coins", "+buys", "gives-curses", "counts-types"),
    targets=Targets(
        gains=(Gain(names=of("Curse"), receiver="others", when="watch"),),
        watches=(Watch("gain", TURN, "each other player gains a Curse", types=of(ACTION)),),
        asks=of(ACTION),
    ),
)


def _berserker(ctx: Context) -> Effect[None]:
    game = ctx.game
    yield from gain_cheaper(game, ctx.player, ctx.name, ctx.card)
    yield from discard_down_to(3)(ctx)


def _has_action_in_play(ctx: TriggerContext) -> bool:
    game = ctx.game
    return any(game.definition(card).is_(ACTION) for card in game.player(ctx.owner).in_play)


def _play_gained(ctx: TriggerContext) -> Effect[None]:
    # Played from where it was gained, if it is still there (Stop-Moving), using no Action.
    zone = ctx.happening.data.get("to", "discard")
    if ctx.card in ctx.game.player(ctx.owner).zone(zone):
        yield from ctx.game.play(ctx.owner, ctx.card, zone)


BERSERKER = _kingdom(
    "Berserker",
    5,
    {ACTION, ATTACK},
    "Gain a card costing less than this. Each other player discards down to 3 cards in hand. "
    "When you gain this, if you have an Action card in play, play this.",
    editions=(2,),
    effect=_berserker,
    triggers=(Trigger("gain", "self", _play_gained, condition=_has_action_in_play),),
    declares=tags("gains", "discards-others", "tests-cost"),
    targets=Targets(
        gains=(Gain(relative=True),),
        watches=(
            Watch(
                "gain", SELF, "plays itself with an Action card in play", turns="any", moves=True
            ),
        ),
        asks=of(ACTION),
    ),
)


# --- Inn, Nomad Camp, Scheme --------------------------------------------------------------


def _inn(ctx: Context) -> Effect[None]:
    yield from move_from_hand(ctx.game, ctx.player, ctx.name, 2, "discard 2 cards")


def _inn_shuffles_actions(ctx: TriggerContext) -> Effect[None]:
    game = ctx.game
    discard = game.player(ctx.owner).discard
    actions = [card for card in discard if game.definition(card).is_(ACTION)]
    chosen = yield from game.choose_cards(
        ctx.owner,
        ctx.name,
        actions,
        0,
        len(actions),
        "reveal Action cards to shuffle into your deck",
        purpose="reveal",
    )
    game.reveal(ctx.owner, chosen)
    game.shuffle_into_deck(ctx.owner, chosen, "discard")


INN_1, INN_2 = reworded(
    _kingdom(
        "Inn",
        5,
        {ACTION},
        "+2 Cards, +2 Actions, then discard 2 cards. When you gain this, look through your "
        "discard pile (this included), reveal any number of Action cards from it and shuffle "
        "them into your deck.",
        cards=2,
        actions=2,
        effect=_inn,
        triggers=(Trigger("gain", "self", _inn_shuffles_actions),),
        declares=tags("draws", "+actions", "discards", "reveals"),
        targets=Targets(
            watches=(
                Watch("gain", SELF, "shuffles Action cards into the deck", turns="any", moves=True),
            ),
            asks=of(ACTION),
        ),
    ),
    "+2 Cards, +2 Actions, discard 2 cards. When you gain this, you may reveal any number of "
    "Action cards from your discard pile and shuffle them into your deck.",
)


def _nomad_camp_onto_deck(ctx: ReplacementContext) -> Effect[None]:
    ctx.would.send_to("deck")  # unless the gaining instruction named a place: rules/no-visiting/4
    yield from ()


NOMAD_CAMP = _kingdom(
    "Nomad Camp",
    4,
    {ACTION},
    "+1 Buy, +2 coins. This is gained onto your deck, not into your discard pile.",
    editions=(1,),
    buys=1,
    coins=2,
    replacements=(Replacement("gain", "self", _nomad_camp_onto_deck),),
    declares=tags("+buys", "+coins", "when-gain"),
    targets=Targets(
        watches=(Watch("gain", SELF, "is gained onto the deck", turns="any", moves=True),)
    ),
)


def _scheme_choose(*, staying_too: bool) -> Callable[[TriggerContext], Effect[None]]:
    """At the start of Clean-up, once per play: choose an Action card in play to go onto the
    deck when it is discarded from play (the 1st edition may choose one that stays in play,
    a Duration card, and so put nothing on the deck; the 2nd, which says "when you discard
    it", offers only the cards this Clean-up discards)."""

    def effect(ctx: TriggerContext) -> Effect[None]:
        game = ctx.game
        state = game.player(ctx.owner)
        chosen = _schemed(game)
        candidates = [
            card
            for card in state.in_play
            if game.definition(card).is_(ACTION)
            and card not in chosen
            and (staying_too or card not in state.staying)
        ]
        picked = yield from game.choose_cards(
            ctx.owner,
            ctx.name,
            candidates,
            0,
            1,
            "you may choose an Action card to put onto your deck as it leaves play",
            purpose="topdeck",
        )
        chosen += picked

    return effect


def _schemed(game: CardAPI) -> list[int]:
    """The cards Schemes chose this turn, first chosen first (the turn's data)."""
    chosen: list[int] = game.state.turn.modifiers.setdefault("Scheme", [])
    return chosen


def _scheme_topdecks(ctx: TriggerContext) -> Effect[None]:
    # The Clean-up discards everything from play at once, then this fires: the chosen cards
    # now in the discard pile go onto the deck, in the order chosen (the last on top).
    game = ctx.game
    discard = game.player(ctx.owner).discard
    for card in [card for card in _schemed(game) if card in discard]:
        game.topdeck(ctx.owner, card, "discard")
    yield from ()


def _scheme_chose(ctx: TriggerContext) -> bool:
    return ctx.happening.data["from"] == "in_play" and ctx.happening.card in _schemed(ctx.game)


def _scheme_lasting(ctx: Context) -> None:
    """Each play: a choice at the start of Clean-up, and putting the chosen card on the deck."""
    ctx.game.start_lasting(ctx, 0)
    ctx.game.start_lasting(ctx, 1)


def _scheme(*, staying_too: bool, text: str, editions: tuple[int, ...]) -> Card:
    return _kingdom(
        "Scheme",
        3,
        {ACTION},
        text,
        editions=editions,
        cards=1,
        actions=1,
        lasting=_scheme_lasting,
        triggers=(
            Trigger("cleanup", "turn", _scheme_choose(staying_too=staying_too)),
            Trigger("discard", "turn", _scheme_topdecks, condition=_scheme_chose),
        ),
        declares=tags("draws", "+actions", "topdecks"),
        targets=Targets(asks=of(ACTION)),
    )


SCHEME_1 = _scheme(
    staying_too=True,
    editions=(1,),
    text="+1 Card, +1 Action. At the start of Clean-up this turn, you may choose an Action "
    "card you have in play; if you discard it from play this turn, put it onto your deck.",
)
SCHEME_2 = _scheme(
    staying_too=False,
    editions=(2,),
    text="+1 Card, +1 Action. This turn, you may put one of your Action cards onto your deck "
    "when you discard it from play.",
)


# --- Trader, Tunnel, Trail, Weaver --------------------------------------------------------


def _trader(ctx: Context) -> Effect[None]:
    trashed = yield from trash_one_from_hand(ctx)
    if trashed is None:
        return
    for _ in range(trashed.cost.coins):  # a Silver per coin of its cost now (rules/costs/12)
        if (yield from ctx.game.gain(ctx.player, "Silver")) is None:
            return  # no Silver left


def _silver_instead(ctx: ReplacementContext) -> Effect[None]:
    # The card is never gained (the Blue dog rule); the Silver comes from the Supply to the
    # discard pile whatever the replaced gain named.
    game = ctx.game
    game.reveal(ctx.owner, [ctx.card])
    ctx.would.cancel()
    yield from game.gain(ctx.owner, "Silver", instead_of=ctx.would.card)


def _exchange_for_silver(ctx: TriggerContext) -> Effect[None]:
    game = ctx.game
    game.reveal(ctx.owner, [ctx.card])
    game.exchange(ctx.owner, _gained(ctx), gained_zone(ctx), "Silver")
    yield from ()


def _exchangeable(ctx: TriggerContext) -> bool:
    # Offered only while the gained card is where it was gained (Stop-Moving) and a Silver
    # is left to take its place (with none, the exchange cannot happen).
    return gained_card_is_where_gained(ctx) and bool(ctx.game.state.supply.get("Silver"))


_TRADER_PLAY = "Trash a card from your hand and gain a Silver per coin it costs."

TRADER_1 = _kingdom(
    "Trader",
    4,
    {ACTION, REACTION},
    _TRADER_PLAY + " When you would gain a card, you may reveal this from your hand to gain a "
    "Silver instead.",
    editions=(1,),
    effect=_trader,
    replacements=(Replacement("gain", "hand", _silver_instead, optional=True),),
    declares=tags("trashes", "gains", "tests-cost", "reacts-to-gain", "reveals"),
    targets=Targets(
        gains=(Gain(names=of("Silver")), Gain(names=of("Silver"), when="watch")),
        trashes=of(HAND),
        # Replacing the gain keeps the card from arriving: to the graph, it moves it.
        watches=(Watch("gain", FROM_HAND, "may gain a Silver instead", turns="any", moves=True),),
        names=(("Silver", "gains Silvers, and a Silver instead of another gain"),),
    ),
)
TRADER_2 = _kingdom(
    "Trader",
    4,
    {ACTION, REACTION},
    _TRADER_PLAY + " When you gain a card, you may reveal this from your hand to exchange that "
    "card for a Silver.",
    editions=(2,),
    effect=_trader,
    triggers=(Trigger("gain", "hand", _exchange_for_silver, _exchangeable, optional=True),),
    declares=tags("trashes", "gains", "tests-cost", "reacts-to-gain", "reveals"),
    targets=Targets(
        gains=(Gain(names=of("Silver")),),
        trashes=of(HAND),
        watches=(
            Watch("gain", FROM_HAND, "may exchange it for a Silver", turns="any", moves=True),
        ),
        names=(("Silver", "gains Silvers, and exchanges gained cards for Silvers"),),
    ),
)


def not_in_clean_up(ctx: TriggerContext) -> bool:
    """Tunnel, Weaver and Trail react to being discarded, gained or trashed only outside
    the Clean-up (one rule they share, which the mutants name)."""
    return not ctx.game.in_phase("cleanup")


def _tunnel_gold(ctx: TriggerContext) -> Effect[None]:
    ctx.game.reveal(ctx.owner, [ctx.card])
    yield from ctx.game.gain(ctx.owner, "Gold")


TUNNEL_1, TUNNEL_2 = reworded(
    _kingdom(
        "Tunnel",
        3,
        {VICTORY, REACTION},
        "Worth 2 VP. When you discard this other than during a Clean-up phase, you may reveal "
        "it; if you do, gain a Gold.",
        vp=2,
        triggers=(
            once_per_event(
                Trigger("discard", "self", _tunnel_gold, condition=not_in_clean_up, optional=True)
            ),
        ),
        declares=tags("victory", "reveals", "gains"),
        targets=Targets(gains=(Gain(names=of("Gold"), when="reaction"),)),
    ),
    "Worth 2 VP. When you discard this other than during Clean-up, you may reveal it to gain a "
    "Gold.",
)


def _play_itself(zone: PlayerZone | Literal["trash"]) -> Callable[[TriggerContext], Effect[None]]:
    """A reaction that plays its own card from ``zone``, using no Action (Weaver, Trail)."""

    def effect(ctx: TriggerContext) -> Effect[None]:
        yield from ctx.game.play(ctx.owner, ctx.card, zone)

    return effect


def _still_in(zone: PlayerZone) -> Callable[[TriggerContext], bool]:
    """Outside the Clean-up, while the card is still in its owner's ``zone`` (Stop-Moving:
    a Vassal that played the discarded Weaver leaves nothing to play)."""

    def condition(ctx: TriggerContext) -> bool:
        return not_in_clean_up(ctx) and ctx.card in ctx.game.player(ctx.owner).zone(zone)

    return condition


WEAVER_OPTIONS = ("two Silvers", "a card")


def _weaver(ctx: Context) -> Effect[None]:
    game = ctx.game
    picked = yield from game.choose_option(
        ctx.player, ctx.name, WEAVER_OPTIONS, "gain two Silvers, or a card costing up to 4"
    )
    if picked[0] == "two Silvers":
        for _ in range(2):
            yield from game.gain(ctx.player, "Silver")
    else:
        yield from gain_one(ctx, CostLimit(4), "gain a card costing up to 4")


WEAVER = _kingdom(
    "Weaver",
    4,
    {ACTION, REACTION},
    "Gain two Silvers or a card costing up to 4 coins. When you discard this other than in "
    "Clean-up, you may play it.",
    editions=(2,),
    effect=_weaver,
    options=WEAVER_OPTIONS,
    triggers=(
        Trigger("discard", "self", _play_itself("discard"), _still_in("discard"), optional=True),
    ),
    declares=tags("gains", "tests-cost"),
    targets=Targets(gains=(Gain(names=of("Silver")), Gain(max_cost=4))),
)


def _trail_gained(ctx: TriggerContext) -> bool:
    return not_in_clean_up(ctx) and gained_card_is_where_gained(ctx)


def _play_gained_trail(ctx: TriggerContext) -> Effect[None]:
    yield from ctx.game.play(ctx.owner, ctx.card, gained_zone(ctx)[0])


def _trail_in_trash(ctx: TriggerContext) -> bool:
    return not_in_clean_up(ctx) and ctx.card in ctx.game.state.trash


TRAIL = _kingdom(
    "Trail",
    4,
    {ACTION, REACTION},
    "+1 Card, +1 Action. When you gain, trash or discard this, other than in Clean-up, you "
    "may play it.",
    editions=(2,),
    cards=1,
    actions=1,
    triggers=(
        Trigger("gain", "self", _play_gained_trail, _trail_gained, optional=True),
        Trigger("trash", "self", _play_itself("trash"), _trail_in_trash, optional=True),
        Trigger("discard", "self", _play_itself("discard"), _still_in("discard"), optional=True),
    ),
    declares=tags("draws", "+actions"),
    targets=Targets(
        watches=(Watch("gain", SELF, "may play itself", turns="any", moves=True),),
    ),
)


CARDS: tuple[Card, ...] = (
    BORDER_VILLAGE_1,
    BORDER_VILLAGE_2,
    CARTOGRAPHER_1,
    CARTOGRAPHER_2,
    CROSSROADS,
    DEVELOP_1,
    DEVELOP_2,
    FARMLAND_1,
    FARMLAND_2,
    FOOLS_GOLD_1,
    FOOLS_GOLD_2,
    HAGGLER_1,
    HAGGLER_2,
    HIGHWAY_1,
    HIGHWAY_2,
    JACK_OF_ALL_TRADES_1,
    JACK_OF_ALL_TRADES_2,
    MARGRAVE,
    OASIS,
    SPICE_MERCHANT_1,
    SPICE_MERCHANT_2,
    STABLES_1,
    STABLES_2,
    INN_1,
    INN_2,
    SCHEME_1,
    SCHEME_2,
    TRADER_1,
    TRADER_2,
    TUNNEL_1,
    TUNNEL_2,
    # 1st edition only
    CACHE,
    DUCHESS,
    EMBASSY,
    ILL_GOTTEN_GAINS,
    MANDARIN,
    NOBLE_BRIGAND,
    NOMAD_CAMP,
    ORACLE,
    SILK_ROAD,
    # 2nd edition only
    BERSERKER,
    CAULDRON,
    GUARD_DOG,
    NOMADS,
    SOUK,
    TRAIL,
    WEAVER,
    WHEELWRIGHT,
    WITCHS_HUT,
)
