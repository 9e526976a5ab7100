"""Prosperity: first edition (2010) and second edition (2022), plus Platinum and Colony.

Card texts are our own summaries. A card whose behaviour changed between editions has
one definition per edition (``editions=(1,)`` and ``editions=(2,)``): Mint, Hoard and
Quarry. Nine cards exist in the 1st edition only (Contraband, Counting House, Goons,
Loan, Mountebank, Royal Seal, Talisman, Trade Route, Venture) and nine in the 2nd only
(Anvil, Charlatan, Clerk, Collection, Crystal Ball, Investment, Magnate, Tiara,
War Chest); the other sixteen were only reworded and have one definition.

Mechanics and where they live:

* Victory tokens: the token kind ``vp`` declared here (``TOKENS``: scored, the scenario
  key ``vp_tokens``), added by ``game.add_tokens(player, "vp", n)``; the scenario format
  has no event line for them.
* Trade Route's tokens: the kind ``trade_route`` (on piles, then on the Trade Route mat),
  put on the Victory piles by the card's ``SetsUp`` and moved by its ``WhenAnyGained``
  on the first gain from a pile.
* "While this is in play" abilities are ``where="in_play"`` triggers (1st-edition Hoard,
  Talisman, Royal Seal, Goons) or a ``CostChange("in_play", ...)`` (1st-edition Quarry):
  once per copy in play, whatever plays it had. 2nd-edition "this turn" abilities are set
  up by each play through ``lasting`` (``Game.start_lasting`` for a ``where="turn"``
  trigger, ``Game.start_lasting_cost`` for Quarry's ``CostChange("turn", ...)``), so they
  stay after the card leaves play and count once per play.
* Charlatan changes Curse for the whole game it is in: its ``ChangesCards`` holds a
  Curse that is also a Treasure worth $1; ``Game`` uses it in place of the basic Curse
  whenever Charlatan is in the Kingdom (in every zone, for every rule that asks a card's
  types). It is not in the catalogue: ``lookup("Curse")`` is always the basic card.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine import rules
from engine.abilities import (
    BuyRestriction,
    ChangesCards,
    CostChange,
    PileTokens,
    SetsUp,
    WhenAnyGained,
)
from engine.cards.basic import CURSE_CARD
from engine.cards.common import (
    discard_down_to,
    gain_costing_up_to,
    gain_one,
    gained_card_is_where_gained,
    gained_zone,
    happening_card,
    kingdom_maker,
    lasting_trigger,
    play_an_action,
    play_from_hand,
    put_back_in_order,
    reveal_top,
    reveal_until_treasure,
    reworded,
    tags,
    trash_one_from_hand,
    trash_to_gain,
    treasures_among,
)
from engine.context import Context, TriggerContext
from engine.model import (
    ACTION,
    ATTACK,
    CURSE,
    DURATION,
    REACTION,
    TREASURE,
    VICTORY,
    Card,
    Cost,
    CostLimit,
    Effect,
    Trigger,
    TriggerEffect,
)
from engine.state import Zone
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
    Plays,
    Targets,
    Watch,
    of,
)
from engine.tokens import TokenKind

if TYPE_CHECKING:
    from engine.api import CardAPI

PROSPERITY = "prosperity"

# Victory tokens (Monument, Bishop, Goons, ...; later sets use them too) and Trade Route's.
TOKENS = (
    TokenKind("vp", "VP", "player", "vp_tokens", PROSPERITY, scores=True, always_shown=True),
    TokenKind(
        "trade_route",
        "Trade Route",
        "pile_and_mat",
        "trade_route",
        PROSPERITY,
        always_shown=True,
    ),
)


_kingdom = kingdom_maker(PROSPERITY)


# --- Platinum and Colony (basic cards of Prosperity games) ------------------------------

PLATINUM = Card(
    "Platinum",
    PROSPERITY,
    Cost(9),
    frozenset({TREASURE}),
    "Worth 5 coins.",
    coins=5,
    kingdom=False,
    targets=Targets(names=(("Colony", "enters a game together with Colony or not at all"),)),
)
COLONY = Card(
    "Colony",
    PROSPERITY,
    Cost(11),
    frozenset({VICTORY}),
    "Worth 10 VP.",
    vp=10,
    kingdom=False,
    targets=Targets(names=(("Province", "adds an end condition beside the empty Province pile"),)),
)

# Curse in a game with Charlatan: still a Curse worth -1 VP, also a Treasure worth $1.
CURSE_AS_TREASURE = replace(
    CURSE_CARD,
    types=frozenset({CURSE, TREASURE}),
    coins=1,
    text="Worth -1 VP. In a game using Charlatan it is also a Treasure worth 1 coin.",
)


# --- shared pieces ------------------------------------------------------------------


def _topdeck_gained(ctx: TriggerContext) -> Effect[None]:
    card = ctx.happening.card
    assert card is not None
    ctx.game.topdeck(ctx.happening.player, card, gained_zone(ctx)[0])
    yield from ()


def _bought_victory(ctx: TriggerContext) -> bool:
    return ctx.happening.bought and happening_card(ctx).is_(VICTORY)


def _gain_gold(ctx: TriggerContext) -> Effect[None]:
    yield from ctx.game.gain(ctx.owner, "Gold")


def _name_by_left_player(ctx: Context, prompt: str) -> Effect[str]:
    """The player to the left names a card (Contraband, War Chest)."""
    game = ctx.game
    left = game.others(ctx.player)[0]
    named = yield from game.name_a_card(left, ctx.name, prompt)
    return named


# --- vanilla and near-vanilla cards -------------------------------------------------------

WORKERS_VILLAGE = _kingdom(
    "Worker's Village",
    4,
    {ACTION},
    "+1 Card, +2 Actions, +1 Buy.",
    cards=1,
    actions=2,
    buys=1,
    declares=tags("draws", "+actions", "+buys"),
)


def _grand_market_restriction(game: CardAPI, _pile: str) -> str | None:
    if any(game.name_of(card) == "Copper" for card in game.player(game.active).in_play):
        return "Grand Market cannot be bought while you have a Copper in play"
    return None


GRAND_MARKET = _kingdom(
    "Grand Market",
    6,
    {ACTION},
    "+1 Card, +1 Action, +1 Buy, +2 coins. It cannot be bought while you have a Copper in play.",
    cards=1,
    actions=1,
    buys=1,
    coins=2,
    static=(BuyRestriction("self", _grand_market_restriction),),
    declares=tags("draws", "+actions", "+buys", "+coins"),
    targets=Targets(
        counts=(Count("in_play", names=of("Copper")),),
        names=(("Copper", "cannot be bought while its buyer has a Copper in play"),),
    ),
)


def _monument(ctx: Context) -> Effect[None]:
    ctx.game.add_tokens(ctx.player, "vp", 1)
    yield from ()


MONUMENT = _kingdom(
    "Monument",
    4,
    {ACTION},
    "+2 coins, +1 VP token.",
    coins=2,
    effect=_monument,
    declares=tags("+coins", "vp-tokens"),
)


def _peddler_discount(game: CardAPI, _peddler: Card) -> int:
    in_play = game.player(game.active).in_play
    actions = sum(1 for card in in_play if game.definition(card).is_(ACTION))
    # The amount is rules.peddler_reduction, which checks.proofs proves with the rest.
    reduction: int = rules.peddler_reduction(actions, game.in_phase("buy"))
    return reduction


PEDDLER = _kingdom(
    "Peddler",
    8,
    {ACTION},
    "+1 Card, +1 Action, +1 coin. In a player's Buy phase this costs 2 coins less for "
    "each Action card they have in play.",
    cards=1,
    actions=1,
    coins=1,
    static=(CostChange("self", _peddler_discount),),
    declares=tags("draws", "+actions", "+coins", "counts-types"),
    targets=Targets(counts=(Count("in_play", of(ACTION)),)),
)


# --- City -------------------------------------------------------------------------------


def _city(ctx: Context) -> Effect[None]:
    game = ctx.game
    empty = sum(1 for cards in game.state.supply.values() if not cards)
    if empty >= 1:
        game.draw(ctx.player, 1)
    if empty >= 2:
        game.bonus(ctx.player, coins=1)
        game.bonus(ctx.player, buys=1)
    yield from ()


CITY = _kingdom(
    "City",
    5,
    {ACTION},
    "+1 Card, +2 Actions. With one or more empty Supply piles, +1 Card more; with two or "
    "more, also +1 coin and +1 Buy.",
    cards=1,
    actions=2,
    effect=_city,
    declares=tags("draws", "+actions", "+buys", "+coins", "counts-piles"),
)


# --- Bank, Venture, Loan --------------------------------------------------------------


def _bank(ctx: Context) -> Effect[None]:
    game = ctx.game
    game.bonus(ctx.player, coins=len(treasures_among(game, game.player(ctx.player).in_play)))
    yield from ()


BANK = _kingdom(
    "Bank",
    7,
    {TREASURE},
    "When played, +1 coin for each Treasure you have in play, this one included.",
    effect=_bank,
    declares=tags("+coins", "counts-types"),
    targets=Targets(counts=(Count("in_play", of(TREASURE)),), asks=of(TREASURE)),
)


def _venture(ctx: Context) -> Effect[None]:
    game = ctx.game
    others, treasure = reveal_until_treasure(game, ctx.player)
    yield from game.discard_cards(ctx.player, others, "revealed")
    if treasure is not None:
        yield from game.play(ctx.player, treasure, "revealed")


VENTURE = _kingdom(
    "Venture",
    5,
    {TREASURE},
    "Worth 1 coin. Reveal cards from your deck until a Treasure; discard the others and "
    "play that Treasure.",
    editions=(1,),
    coins=1,
    effect=_venture,
    declares=tags("+coins", "reveals", "discards", "plays-treasures"),
    targets=Targets(plays=Plays(of(TREASURE), DECK, 1), asks=of(TREASURE)),
)


def _loan(ctx: Context) -> Effect[None]:
    game = ctx.game
    others, treasure = reveal_until_treasure(game, ctx.player)
    if treasure is not None:
        picked = yield from game.choose_option(
            ctx.player, ctx.name, ("discard", "trash"), f"discard or trash {game.name_of(treasure)}"
        )
        if picked == ["trash"]:
            yield from game.trash(ctx.player, treasure, ("revealed", ctx.player))
        else:
            yield from game.discard(ctx.player, treasure, "revealed")
    yield from game.discard_cards(ctx.player, others, "revealed")


LOAN = _kingdom(
    "Loan",
    3,
    {TREASURE},
    "Worth 1 coin. Reveal cards from your deck until a Treasure; discard it or trash it, "
    "and discard the others.",
    editions=(1,),
    coins=1,
    effect=_loan,
    options=("discard", "trash"),
    declares=tags("+coins", "reveals", "discards", "trashes"),
    targets=Targets(asks=of(TREASURE), trashes=of("deck")),
)


# --- Bishop, Expand, Forge, Trade Route ----------------------------------------------


def _bishop(ctx: Context) -> Effect[None]:
    game = ctx.game
    game.add_tokens(ctx.player, "vp", 1)
    trashed = yield from trash_one_from_hand(ctx)
    if trashed is not None:  # its coins only (rulings rules/costs/12)
        game.add_tokens(ctx.player, "vp", trashed.cost.coins // 2)
    for other in game.others(ctx.player):
        hand = game.player(other).hand
        chosen = yield from game.choose_cards(
            other, ctx.name, hand, 0, 1, "you may trash a card", purpose="trash"
        )
        for card in chosen:
            yield from game.trash(other, card, ("hand", other))


BISHOP = _kingdom(
    "Bishop",
    4,
    {ACTION},
    "+1 coin, +1 VP token. Trash a card from your hand for +1 VP token per 2 coins of its "
    "cost (round down). Each other player may trash a card from their hand.",
    coins=1,
    effect=_bishop,
    declares=tags("+coins", "vp-tokens", "trashes", "tests-cost"),
    targets=Targets(trashes=of("hand", "others")),
)


def _expand(ctx: Context) -> Effect[None]:
    yield from trash_to_gain(ctx, 3)


EXPAND = _kingdom(
    "Expand",
    7,
    {ACTION},
    "Trash a card from your hand; if you do, gain a card costing up to 3 coins more than it.",
    effect=_expand,
    declares=tags("trashes", "gains", "tests-cost"),
    targets=Targets(gains=(Gain(relative=True),), trashes=of("hand")),
)


def _forge(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = game.player(ctx.player).hand
    chosen = yield from game.choose_cards(
        ctx.player, ctx.name, hand, 0, len(hand), "trash any number of cards", purpose="trash"
    )
    total = 0  # coins only: the gained card costs exactly that, no Potion (rules/costs/11)
    for card in chosen:
        cost = game.cost(game.definition(card))
        trashed = yield from game.trash(ctx.player, card, ("hand", ctx.player))
        if trashed:
            total += cost.coins
    limit = CostLimit(total, exactly=True, relative_to=tuple(chosen))
    yield from gain_one(ctx, limit, f"gain a card costing exactly {total}")


FORGE = _kingdom(
    "Forge",
    7,
    {ACTION},
    "Trash any number of cards from your hand, then gain a card whose cost is exactly the "
    "total of their costs in coins.",
    effect=_forge,
    declares=tags("trashes", "gains", "tests-cost"),
    targets=Targets(gains=(Gain(relative=True),), trashes=of("hand")),
)


def _trade_route(ctx: Context) -> Effect[None]:
    game = ctx.game
    game.bonus(ctx.player, coins=game.mat_tokens("trade_route"))
    yield from trash_one_from_hand(ctx)


def _trade_route_token_moves(game: CardAPI, _card: int, source: Zone) -> None:
    """The first gain from a pile with a token moves its token to the mat."""
    if source[0] == "supply":
        game.take_pile_token(source[1], "trade_route")


TRADE_ROUTE = _kingdom(
    "Trade Route",
    3,
    {ACTION},
    "+1 Buy, +1 coin per token on the Trade Route mat. Trash a card from your hand. Set-up: "
    "a token on each Victory Supply pile; the first gain from a pile moves its token to "
    "the mat.",
    editions=(1,),
    buys=1,
    effect=_trade_route,
    static=(
        SetsUp(pile_tokens=(PileTokens("trade_route", lambda card: card.is_(VICTORY)),)),
        WhenAnyGained(_trade_route_token_moves),
    ),
    declares=tags("+buys", "+coins", "trashes", "when-gain"),
    targets=Targets(
        watches=(
            Watch(
                "gain",
                SETUP,
                "moves the pile's coin token to the Trade Route mat",
                types=of(VICTORY),
                turns="any",
            ),
        ),
        trashes=of("hand"),
    ),
)


# --- Counting House, Mint ---------------------------------------------------------------


def _counting_house(ctx: Context) -> Effect[None]:
    game = ctx.game
    discard = game.player(ctx.player).discard
    coppers = [card for card in discard if game.name_of(card) == "Copper"]
    chosen = yield from game.choose_cards(
        ctx.player,
        ctx.name,
        coppers,
        0,
        len(coppers),
        "put any number of Coppers into your hand",
        purpose="take",
    )
    game.reveal(ctx.player, chosen)
    for card in chosen:
        game.put(ctx.player, card, ("discard", ctx.player), "hand")


COUNTING_HOUSE = _kingdom(
    "Counting House",
    5,
    {ACTION},
    "Look through your discard pile, reveal any number of Coppers from it and put them into "
    "your hand.",
    editions=(1,),
    effect=_counting_house,
    declares=tags("reveals"),
    targets=Targets(names=(("Copper", "puts Coppers from the discard pile into the hand"),)),
)


def _mint(ctx: Context) -> Effect[None]:
    game = ctx.game
    treasures = treasures_among(game, game.player(ctx.player).hand)
    chosen = yield from game.choose_cards(
        ctx.player,
        ctx.name,
        treasures,
        0,
        1,
        "you may reveal a Treasure to gain a copy",
        purpose="reveal",
    )
    if chosen:
        game.reveal(ctx.player, chosen)
        yield from game.gain(ctx.player, game.name_of(chosen[0]))


def _trash_treasures_in_play(*, but_durations: bool) -> TriggerEffect:
    """Mint: trash the Treasures its gainer has in play; the 2nd edition leaves Duration
    Treasures (Astrolabe) in play."""

    def effect(ctx: TriggerContext) -> Effect[None]:
        game = ctx.game
        player = ctx.happening.player
        for card in treasures_among(game, list(game.player(player).in_play)):
            if not (but_durations and game.definition(card).is_(DURATION)):
                yield from game.trash(player, card, ("in_play", player))

    return effect


MINT_1 = _kingdom(
    "Mint",
    5,
    {ACTION},
    "You may reveal a Treasure from your hand to gain a copy of it. When you buy this, "
    "trash all Treasures you have in play.",
    editions=(1,),
    effect=_mint,
    triggers=(Trigger("buy", "self", _trash_treasures_in_play(but_durations=False)),),
    declares=tags("reveals", "gains", "trashes"),
    targets=Targets(
        gains=(Gain(types=of(TREASURE)),),
        watches=(Watch("buy", SELF, "trashes all Treasures in play"),),
        asks=of(TREASURE),
        trashes_when_gained=of("in_play"),
    ),
)
MINT_2 = _kingdom(
    "Mint",
    5,
    {ACTION},
    "You may reveal a Treasure from your hand to gain a copy of it. When you gain this, "
    "trash all non-Duration Treasures you have in play.",
    editions=(2,),
    effect=_mint,
    triggers=(Trigger("gain", "self", _trash_treasures_in_play(but_durations=True)),),
    declares=tags("reveals", "gains", "trashes"),
    targets=Targets(
        gains=(Gain(types=of(TREASURE)),),
        watches=(
            Watch(
                "gain", SELF, "trashes all non-Duration Treasures in play", excluded=of(DURATION)
            ),
        ),
        asks=of(TREASURE),
        trashes_when_gained=of("in_play"),
    ),
)


# --- Goons, Mountebank, Rabble (Attacks) --------------------------------------------------


def _one_vp_token(ctx: TriggerContext) -> Effect[None]:
    """+1 VP token to the trigger's owner (Goons on a buy, Collection on an Action gain)."""
    ctx.game.add_tokens(ctx.owner, "vp", 1)
    yield from ()


GOONS = _kingdom(
    "Goons",
    6,
    {ACTION, ATTACK},
    "+1 Buy, +2 coins. Each other player discards down to 3 cards in hand. While this is in "
    "play, +1 VP token each time you buy a card.",
    editions=(1,),
    buys=1,
    coins=2,
    effect=discard_down_to(3),
    triggers=(Trigger("buy", "in_play", _one_vp_token),),
    declares=tags("+buys", "+coins", "discards-others", "when-buy", "vp-tokens"),
    targets=Targets(watches=(Watch("buy", WHILE_IN_PLAY, "gives +1 VP token"),)),
)


def _mountebank(ctx: Context) -> Effect[None]:
    game = ctx.game
    for victim in game.attacked(ctx):
        hand = game.player(victim).hand
        curses = [card for card in hand if game.name_of(card) == "Curse"]
        chosen = yield from game.choose_cards(
            victim, ctx.name, curses, 0, 1, "you may discard a Curse", purpose="discard"
        )
        if chosen and (yield from game.discard(victim, chosen[0])):
            continue
        yield from game.gain(victim, "Curse")
        yield from game.gain(victim, "Copper")


MOUNTEBANK = _kingdom(
    "Mountebank",
    5,
    {ACTION, ATTACK},
    "+2 coins. Each other player may discard a Curse; one who does not gains a Curse and a Copper.",
    editions=(1,),
    coins=2,
    effect=_mountebank,
    declares=tags("+coins", "gives-curses", "discards-others"),
    targets=Targets(
        gains=(Gain(names=of("Curse", "Copper"), receiver="others"),),
        names=(("Curse", "lets a player discard a Curse to avoid the attack"),),
    ),
)


def _rabble(ctx: Context) -> Effect[None]:
    game = ctx.game
    for victim in game.attacked(ctx):
        revealed = reveal_top(game, victim, 3)
        rest, discards = [], []
        for card in revealed:
            definition = game.definition(card)
            if definition.is_(ACTION) or definition.is_(TREASURE):
                discards.append(card)
            else:
                rest.append(card)
        yield from game.discard_cards(victim, discards, "revealed")
        yield from put_back_in_order(
            game,
            victim,
            ctx.name,
            rest,
            "revealed",
            prompt="put the cards back in any order (first on top)",
        )


RABBLE = _kingdom(
    "Rabble",
    5,
    {ACTION, ATTACK},
    "+3 Cards. Each other player reveals the top 3 cards of their deck, discards the "
    "Actions and Treasures among them and puts the rest back in any order.",
    cards=3,
    effect=_rabble,
    declares=tags("draws", "reveals", "discards-others", "topdecks"),
    targets=Targets(asks=of(ACTION, TREASURE)),
)


# --- Hoard, Talisman, Royal Seal, Quarry (while in play / this turn) ------------------------

HOARD_1 = _kingdom(
    "Hoard",
    6,
    {TREASURE},
    "Worth 2 coins. While this is in play, when you buy a Victory card, gain a Gold.",
    editions=(1,),
    coins=2,
    triggers=(
        Trigger("buy", "in_play", _gain_gold, condition=lambda c: happening_card(c).is_(VICTORY)),
    ),
    declares=tags("+coins", "when-buy", "gains"),
    targets=Targets(
        gains=(Gain(names=of("Gold"), when="watch"),),
        watches=(Watch("buy", WHILE_IN_PLAY, "gains a Gold", types=of(VICTORY)),),
    ),
)
HOARD_2 = _kingdom(
    "Hoard",
    6,
    {TREASURE},
    "Worth 2 coins. This turn, when you gain a Victory card you bought, gain a Gold.",
    editions=(2,),
    coins=2,
    lasting=lasting_trigger(0),
    triggers=(Trigger("gain", "turn", _gain_gold, condition=_bought_victory),),
    declares=tags("+coins", "when-buy", "gains"),
    targets=Targets(
        gains=(Gain(names=of("Gold"), when="watch"),),
        watches=(Watch("gain", TURN, "gains a Gold", types=of(VICTORY), bought_only=True),),
    ),
)


def _talisman_applies(ctx: TriggerContext) -> bool:
    bought = happening_card(ctx)
    return not bought.is_(VICTORY) and rules.cost_at_most(ctx.game.cost(bought), Cost(4))


def _talisman_copy(ctx: TriggerContext) -> Effect[None]:
    bought = ctx.happening.card
    assert bought is not None
    yield from ctx.game.gain(ctx.owner, ctx.game.name_of(bought), besides=bought)


TALISMAN = _kingdom(
    "Talisman",
    4,
    {TREASURE},
    "Worth 1 coin. While this is in play, when you buy a non-Victory card costing 4 coins "
    "or less, gain another copy of it.",
    editions=(1,),
    coins=1,
    triggers=(Trigger("buy", "in_play", _talisman_copy, condition=_talisman_applies),),
    declares=tags("+coins", "when-buy", "gains", "tests-cost"),
    targets=Targets(
        gains=(Gain(max_cost=4, when="watch"),),
        watches=(
            Watch(
                "buy", WHILE_IN_PLAY, "gains another copy of it", excluded=of(VICTORY), max_cost=4
            ),
        ),
    ),
)

ROYAL_SEAL = _kingdom(
    "Royal Seal",
    5,
    {TREASURE},
    "Worth 2 coins. While this is in play, when you gain a card, you may put it onto your deck.",
    editions=(1,),
    coins=2,
    triggers=(
        Trigger(
            "gain",
            "in_play",
            _topdeck_gained,
            condition=gained_card_is_where_gained,
            optional=True,
        ),
    ),
    declares=tags("+coins", "reacts-to-gain", "topdecks"),
    targets=Targets(
        watches=(Watch("gain", WHILE_IN_PLAY, "may put the gained card onto the deck", moves=True),)
    ),
)


def _quarry_discount(_game: CardAPI, card: Card) -> int:
    reduction: int = rules.quarry_reduction(1, card.is_(ACTION))
    return reduction


QUARRY_1 = _kingdom(
    "Quarry",
    4,
    {TREASURE},
    "Worth 1 coin. While this is in play, Action cards cost 2 coins less.",
    editions=(1,),
    coins=1,
    static=(CostChange("in_play", _quarry_discount),),
    declares=tags("+coins", "while-in-play"),
    targets=Targets(reduces=of(ACTION)),
)
QUARRY_2 = _kingdom(
    "Quarry",
    4,
    {TREASURE},
    "Worth 1 coin. This turn, Action cards cost 2 coins less.",
    editions=(2,),
    coins=1,
    static=(CostChange("turn", _quarry_discount),),
    lasting=lambda ctx: ctx.game.start_lasting_cost(ctx),
    declares=tags("+coins"),
    targets=Targets(reduces=of(ACTION)),
)


# --- King's Court, Vault, Watchtower ---------------------------------------------------------

KINGS_COURT = _kingdom(
    "King's Court",
    7,
    {ACTION},
    "You may play an Action card from your hand three times.",
    effect=play_an_action(3, optional=True),
    declares=tags("plays-actions"),
    targets=Targets(plays=Plays(of(ACTION), HAND, 3)),
)


def _vault(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = game.player(ctx.player).hand
    chosen = yield from game.choose_cards(
        ctx.player,
        ctx.name,
        hand,
        0,
        len(hand),
        "discard any number of cards, +1 coin each",
        purpose="discard",
    )
    discarded = yield from game.discard_cards(ctx.player, chosen)
    game.bonus(ctx.player, coins=len(discarded))
    for other in game.others(ctx.player):
        hand = game.player(other).hand
        if not hand:
            continue
        wants = yield from game.yes_no(other, ctx.name, "discard 2 cards to draw 1?")
        if not wants:
            continue
        count = min(2, len(hand))
        discards = yield from game.choose_cards(
            other, ctx.name, hand, count, count, "discard 2", purpose="discard"
        )
        moved = yield from game.discard_cards(other, discards)
        if len(moved) == 2:
            game.draw(other, 1)


VAULT = _kingdom(
    "Vault",
    5,
    {ACTION},
    "+2 Cards. Discard any number of cards for +1 coin each. Each other player may discard "
    "2 cards, to draw a card.",
    cards=2,
    effect=_vault,
    declares=tags("draws", "discards", "+coins"),
)


def _watchtower(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = game.player(ctx.player).hand
    while len(hand) < 6 and game.draw(ctx.player, 1):
        pass
    yield from ()


def _watchtower_reacts(ctx: TriggerContext) -> Effect[None]:
    game = ctx.game
    card = ctx.happening.card
    assert card is not None
    game.reveal(ctx.owner, [ctx.card])
    picked = yield from game.choose_option(
        ctx.owner, ctx.name, ("trash", "topdeck"), f"trash {game.name_of(card)} or topdeck it"
    )
    where = gained_zone(ctx)
    if picked == ["trash"]:
        yield from game.trash(ctx.owner, card, where)
    else:
        game.topdeck(ctx.owner, card, where[0])


WATCHTOWER_1, WATCHTOWER_2 = reworded(
    _kingdom(
        "Watchtower",
        3,
        {ACTION, REACTION},
        "Draw until you have 6 cards in hand. When you gain a card, you may reveal this from "
        "your hand; if you do, trash that card or put it on top of your deck.",
        effect=_watchtower,
        triggers=(
            Trigger(
                "gain",
                "hand",
                _watchtower_reacts,
                condition=gained_card_is_where_gained,
                optional=True,
            ),
        ),
        options=("trash", "topdeck"),
        declares=tags("draws", "reacts-to-gain", "trashes", "topdecks", "reveals"),
        targets=Targets(
            watches=(
                Watch(
                    "gain",
                    FROM_HAND,
                    "may trash the gained card or put it onto the deck",
                    turns="any",
                    moves=True,
                ),
            )
        ),
    ),
    "Draw until you have 6 cards in hand. When you gain a card, you may reveal this from "
    "your hand to trash that card or to put it onto your deck.",
)


# --- Contraband --------------------------------------------------------------------------


def _contraband(ctx: Context) -> Effect[None]:
    named = yield from _name_by_left_player(ctx, "name a card they cannot buy this turn")
    ctx.game.state.turn.modifiers.setdefault("Contraband", []).append(named)


def _contraband_ban(game: CardAPI, pile: str) -> str | None:
    if pile in game.state.turn.modifiers.get("Contraband", ()):
        return f"{pile} was named by Contraband this turn"
    return None


CONTRABAND = _kingdom(
    "Contraband",
    5,
    {TREASURE},
    "Worth 3 coins. +1 Buy. The player to your left names a card; you cannot buy that card "
    "this turn.",
    editions=(1,),
    coins=3,
    buys=1,
    effect=_contraband,
    static=(BuyRestriction("turn", _contraband_ban),),
    declares=tags("+coins", "+buys", "names-a-card"),
)


# --- 2nd edition: Anvil, Charlatan, Clerk, Collection, Crystal Ball ---------------------------


def _anvil(ctx: Context) -> Effect[None]:
    game = ctx.game
    treasures = treasures_among(game, game.player(ctx.player).hand)
    chosen = yield from game.choose_cards(
        ctx.player,
        ctx.name,
        treasures,
        0,
        1,
        "you may discard a Treasure to gain a card",
        purpose="discard",
    )
    if not chosen:
        return
    discarded = yield from game.discard(ctx.player, chosen[0])
    if discarded:
        yield from gain_costing_up_to(4)(ctx)


ANVIL = _kingdom(
    "Anvil",
    3,
    {TREASURE},
    "Worth 1 coin. You may discard a Treasure; if you do, gain a card costing up to 4 coins.",
    editions=(2,),
    coins=1,
    effect=_anvil,
    declares=tags("+coins", "discards", "gains", "tests-cost"),
    targets=Targets(gains=(Gain(max_cost=4),), asks=of(TREASURE)),
)


def _charlatan(ctx: Context) -> Effect[None]:
    for victim in ctx.game.attacked(ctx):
        yield from ctx.game.gain(victim, "Curse")


CHARLATAN = _kingdom(
    "Charlatan",
    5,
    {ACTION, ATTACK},
    "+3 coins. Each other player gains a Curse. In games using this, Curse is also a "
    "Treasure worth 1 coin.",
    editions=(2,),
    coins=3,
    effect=_charlatan,
    static=(ChangesCards((CURSE_AS_TREASURE,)),),
    declares=tags("+coins", "gives-curses"),
    targets=Targets(gains=(Gain(names=of("Curse"), receiver="others"),)),
)


def _clerk(ctx: Context) -> Effect[None]:
    game = ctx.game
    for victim in game.attacked(ctx):
        hand = game.player(victim).hand
        if len(hand) < 5:
            continue
        chosen = yield from game.choose_cards(
            victim, ctx.name, hand, 1, 1, "put a card onto your deck", purpose="topdeck"
        )
        for card in chosen:
            game.topdeck(victim, card)


CLERK = _kingdom(
    "Clerk",
    4,
    {ACTION, REACTION, ATTACK},
    "+2 coins. Each other player with 5 or more cards in hand puts one of them onto their "
    "deck. At the start of your turn, you may play this from your hand.",
    editions=(2,),
    coins=2,
    effect=_clerk,
    triggers=(Trigger("start", "hand", play_from_hand, optional=True),),
    declares=tags("+coins", "topdecks"),
)


COLLECTION = _kingdom(
    "Collection",
    5,
    {TREASURE},
    "Worth 2 coins. +1 Buy. This turn, when you gain an Action card, +1 VP token.",
    editions=(2,),
    coins=2,
    buys=1,
    lasting=lasting_trigger(0),
    triggers=(
        Trigger("gain", "turn", _one_vp_token, condition=lambda c: happening_card(c).is_(ACTION)),
    ),
    declares=tags("+coins", "+buys", "when-gain", "vp-tokens"),
    targets=Targets(watches=(Watch("gain", TURN, "gives +1 VP token", types=of(ACTION)),)),
)


def _crystal_ball(ctx: Context) -> Effect[None]:
    game = ctx.game
    card = game.reveal_top(ctx.player, verb="")  # looked at, not revealed
    if card is None:
        return
    definition = game.definition(card)
    labels = ["trash", "discard"]
    if definition.is_(ACTION) or definition.is_(TREASURE):
        labels.append("play")
    labels.append("keep")
    picked = yield from game.choose_option(
        ctx.player, ctx.name, labels, f"trash, discard, play or keep {game.name_of(card)}"
    )
    where: Zone = ("revealed", ctx.player)
    if picked == ["trash"]:
        yield from game.trash(ctx.player, card, where)
    elif picked == ["discard"]:
        yield from game.discard(ctx.player, card, "revealed")
    elif picked == ["play"]:
        yield from game.play(ctx.player, card, "revealed")
    else:
        game.put(ctx.player, card, where, "deck")


CRYSTAL_BALL = _kingdom(
    "Crystal Ball",
    5,
    {TREASURE},
    "Worth 1 coin. Look at the top card of your deck. You may trash it, discard it, or play "
    "it if it is an Action or a Treasure.",
    editions=(2,),
    coins=1,
    effect=_crystal_ball,
    options=("trash", "discard", "play", "keep"),
    declares=tags("+coins", "trashes", "discards", "plays-actions", "plays-treasures"),
    targets=Targets(plays=Plays(of(ACTION, TREASURE), DECK, 1), trashes=of("deck")),
)


# --- 2nd edition: Investment, Magnate, Tiara, War Chest ----------------------------------------


def _investment(ctx: Context) -> Effect[None]:
    game = ctx.game
    yield from trash_one_from_hand(ctx)
    picked = yield from game.choose_option(
        ctx.player, ctx.name, ("+$1", "trash"), "+1 coin, or trash this for VP tokens"
    )
    if picked == ["+$1"]:
        game.bonus(ctx.player, coins=1)
        return
    trashed = yield from game.trash(ctx.player, ctx.card, ("in_play", ctx.player))
    if not trashed:
        return
    hand = game.player(ctx.player).hand
    game.reveal(ctx.player, hand)
    game.add_tokens(ctx.player, "vp", len({game.name_of(c) for c in treasures_among(game, hand)}))


INVESTMENT = _kingdom(
    "Investment",
    4,
    {TREASURE},
    "Trash a card from your hand. Choose: +1 coin; or trash this to reveal your hand for +1 "
    "VP token per differently named Treasure in it.",
    editions=(2,),
    effect=_investment,
    options=("+$1", "trash"),
    declares=tags("+coins", "trashes", "trashes-self", "reveals", "vp-tokens", "counts-types"),
    targets=Targets(
        counts=(Count("hand", of(TREASURE)),), asks=of(TREASURE), trashes=of("hand", "self")
    ),
)


def _magnate(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = game.player(ctx.player).hand
    game.reveal(ctx.player, hand)
    game.draw(ctx.player, len(treasures_among(game, hand)))
    yield from ()


MAGNATE = _kingdom(
    "Magnate",
    5,
    {ACTION},
    "Reveal your hand. +1 Card per Treasure in it.",
    editions=(2,),
    effect=_magnate,
    declares=tags("draws", "reveals", "counts-types"),
    targets=Targets(counts=(Count("hand", of(TREASURE)),), asks=of(TREASURE)),
)


def _tiara(ctx: Context) -> Effect[None]:
    game = ctx.game
    treasures = treasures_among(game, game.player(ctx.player).hand)
    chosen = yield from game.choose_cards(
        ctx.player, ctx.name, treasures, 0, 1, "you may play a Treasure twice", purpose="play"
    )
    if not chosen:
        return
    played = yield from game.play(ctx.player, chosen[0], by=ctx.card)
    if played:
        yield from game.play_again(ctx.player, chosen[0], by=ctx.card)


TIARA = _kingdom(
    "Tiara",
    4,
    {TREASURE},
    "+1 Buy. This turn, when you gain a card, you may put it onto your deck. You may play a "
    "Treasure from your hand twice.",
    editions=(2,),
    buys=1,
    effect=_tiara,
    lasting=lasting_trigger(0),
    triggers=(
        Trigger(
            "gain", "turn", _topdeck_gained, condition=gained_card_is_where_gained, optional=True
        ),
    ),
    declares=tags("+buys", "reacts-to-gain", "topdecks", "plays-treasures"),
    targets=Targets(
        plays=Plays(of(TREASURE), HAND, 2),
        watches=(Watch("gain", TURN, "may put the gained card onto the deck", moves=True),),
    ),
)


def _war_chest(ctx: Context) -> Effect[None]:
    game = ctx.game
    named = yield from _name_by_left_player(ctx, "name a card War Chest cannot gain")
    names: list[str] = game.state.turn.modifiers.setdefault("War Chest", [])
    names.append(named)
    pile = yield from game.choose_gain(
        ctx.player,
        ctx.name,
        CostLimit(5),
        "gain a card costing up to 5 not named for War Chest this turn",
        fits=lambda card: card.name not in names,
    )
    if pile is not None:
        yield from game.gain(ctx.player, pile)


WAR_CHEST = _kingdom(
    "War Chest",
    5,
    {TREASURE},
    "The player to your left names a card. Gain a card costing up to 5 coins that has not "
    "been named for a War Chest this turn.",
    editions=(2,),
    effect=_war_chest,
    declares=tags("gains", "names-a-card", "tests-cost"),
    targets=Targets(gains=(Gain(max_cost=5),)),
)


CARDS: tuple[Card, ...] = (
    PLATINUM,
    COLONY,
    # in both editions (reworded only)
    BANK,
    BISHOP,
    CITY,
    EXPAND,
    FORGE,
    GRAND_MARKET,
    KINGS_COURT,
    MONUMENT,
    PEDDLER,
    RABBLE,
    VAULT,
    WATCHTOWER_1,
    WATCHTOWER_2,
    WORKERS_VILLAGE,
    # changed between editions
    HOARD_1,
    HOARD_2,
    MINT_1,
    MINT_2,
    QUARRY_1,
    QUARRY_2,
    # 1st edition only
    CONTRABAND,
    COUNTING_HOUSE,
    GOONS,
    LOAN,
    MOUNTEBANK,
    ROYAL_SEAL,
    TALISMAN,
    TRADE_ROUTE,
    VENTURE,
    # 2nd edition only
    ANVIL,
    CHARLATAN,
    CLERK,
    COLLECTION,
    CRYSTAL_BALL,
    INVESTMENT,
    MAGNATE,
    TIARA,
    WAR_CHEST,
)
