"""Guilds' side of Cornucopia & Guilds: the first edition (2013) and the second edition of
the combined box (2024), whose Guilds half dropped Doctor, Masterpiece and Taxman and added
Farrier, Footpad and Infirmary.

Guilds brings Coffers (Coin tokens on a player's Coffers mat) and overpaying. Card texts
are our own summaries; the set is ``cornucopia-guilds`` for both halves
(``engine/cards/cornucopia.py`` holds the other).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.abilities import Overpay, SetsUp
from engine.api import CardAPI
from engine.cards.common import (
    choose_one,
    discard_down_to,
    discard_revealed,
    gained_zone,
    kingdom_maker,
    lasting_trigger,
    put_back_in_order,
    reveal_top,
    reveal_until,
    reworded,
    tags,
    trash_one_from_hand,
    treasures_among,
)
from engine.cards.cornucopia import CORNUCOPIA_GUILDS
from engine.context import Context, TriggerContext
from engine.costs import Cost
from engine.model import (
    ACTION,
    ATTACK,
    TREASURE,
    Card,
    CostLimit,
    Effect,
    PlayEffect,
    Trigger,
    TriggerEvent,
)
from engine.targets import DECK, SELF, WHILE_IN_PLAY, Gain, Plays, Targets, Watch, of
from engine.tokens import Spend, TokenKind

_kingdom = kingdom_maker(CORNUCOPIA_GUILDS)


# --- Coffers ------------------------------------------------------------------------------

COFFERS = "coffers"


def _coffers_refusal(game: CardAPI, edition: int) -> str | None:
    """When a player may spend Coffers (always on their own turn, as a command): any time
    in the second edition (rulings rules/coffers/4); in the first, only in the Buy phase
    before anything is bought that turn (rules/coffers/3)."""
    if edition >= 2:
        return None
    if not game.in_phase("buy"):
        return "first edition: Coffers are spent in the Buy phase only"
    if game.state.turn.bought:
        return "first edition: no Coffers are spent once a card is bought this turn"
    return None


TOKENS = (
    TokenKind(
        COFFERS, "Coffers", "player", "coffers", CORNUCOPIA_GUILDS, spend=Spend(_coffers_refusal)
    ),
)


def take_coffers(count: int) -> PlayEffect:
    """An effect that puts ``count`` tokens on its player's Coffers mat ("+1 Coffers",
    first printing "take a Coin token")."""

    def effect(ctx: Context) -> Effect[None]:
        ctx.game.add_tokens(ctx.player, COFFERS, count)
        yield from ()

    return effect


# --- Overpay --------------------------------------------------------------------------------

# What an overpay does, given the amount overpaid (at least $1, or a Potion).
OverpayEffect = Callable[[TriggerContext, Cost], Effect[None]]


def _was_overpaid(ctx: TriggerContext) -> bool:
    return "overpaid" in ctx.happening.data


def overpay(edition: int, does: OverpayEffect) -> dict[str, Any]:
    """A card's ``static`` and ``triggers`` for its overpay: the buy asks how much more
    (``engine.abilities.Overpay``), and ``does`` happens "when you buy this" in the first
    edition, when the bought card is gained in the second (rulings ``rules/overpay/7-8``).
    Nothing happens without an overpay, and never for a card gained otherwise."""

    def effect(ctx: TriggerContext) -> Effect[None]:
        yield from does(ctx, ctx.happening.data["overpaid"])

    event: TriggerEvent = "buy" if edition == 1 else "gain"
    return {
        "static": (Overpay(),),
        "triggers": (Trigger(event, "self", effect, condition=_was_overpaid),),
    }


def overpay_watch(edition: int, does: str, *, moves: bool = False) -> Watch:
    """What a card's overpay watches, for its ``targets``: its own buy (first edition) or
    its own gain when bought (second edition); ``moves``: the overpay moves the card."""
    if edition == 1:
        return Watch("buy", SELF, does, moves=moves)
    return Watch("gain", SELF, does, bought_only=True, moves=moves)


# --- Advisor ----------------------------------------------------------------------------


def _advisor(ctx: Context) -> Effect[None]:
    game = ctx.game
    revealed = reveal_top(game, ctx.player, 3)
    left = (ctx.player + 1) % game.players
    # The player to the left picks, even a single card (advisor/2); not an Attack.
    chosen = yield from game.choose_cards(
        left, ctx.name, revealed, 1, 1, "choose a card for them to discard", purpose="discard"
    )
    for card in chosen:
        yield from game.discard(ctx.player, card, "revealed")
    for card in revealed:
        if card not in chosen:
            game.put(ctx.player, card, ("revealed", ctx.player), "hand")


ADVISOR = _kingdom(
    "Advisor",
    4,
    {ACTION},
    "+1 Action. Reveal the top 3 cards of your deck. The player to your left chooses one "
    "of them for you to discard; put the others into your hand.",
    actions=1,
    effect=_advisor,
    declares=tags("+actions", "reveals", "discards"),
)


# --- Journeyman, Doctor: naming a card ------------------------------------------------------


def _journeyman(ctx: Context) -> Effect[None]:
    game = ctx.game
    named = yield from game.name_a_card(ctx.player, ctx.name, "name a card")
    skipped: list[int] = []
    found: list[int] = []
    while len(found) < 3:
        others, card = reveal_until(game, ctx.player, lambda c: game.name_of(c) != named)
        skipped += others
        if card is None:
            break
        found.append(card)
    for card in found:
        game.put(ctx.player, card, ("revealed", ctx.player), "hand")
    yield from discard_revealed(game, ctx.player, skipped)


JOURNEYMAN = _kingdom(
    "Journeyman",
    5,
    {ACTION},
    "Name a card. Reveal cards from your deck until 3 cards without that name; put those "
    "into your hand and discard the rest.",
    effect=_journeyman,
    declares=tags("names-a-card", "reveals", "discards"),
)


def _doctor(ctx: Context) -> Effect[None]:
    game = ctx.game
    named = yield from game.name_a_card(ctx.player, ctx.name, "name a card")
    revealed = reveal_top(game, ctx.player, 3)
    for card in revealed:
        if game.name_of(card) == named:
            yield from game.trash(ctx.player, card, ("revealed", ctx.player))
    kept = [card for card in revealed if game.name_of(card) != named]
    yield from put_back_in_order(game, ctx.player, ctx.name, kept, "revealed")


DOCTOR_OPTIONS = ("trash", "discard", "put back")


def _doctor_looks(ctx: TriggerContext, overpaid: Cost) -> Effect[None]:
    game, player = ctx.game, ctx.owner
    for _ in range(overpaid.coins):
        top = game.reveal_top(player, "")  # looked at; the deck is refilled if empty
        if top is None:
            return
        name = game.name_of(top)
        picked = yield from game.choose_option(
            player, ctx.name, DOCTOR_OPTIONS, f"trash, discard or put back {name}"
        )
        if picked == ["trash"]:
            yield from game.trash(player, top, ("revealed", player))
        elif picked == ["discard"]:
            yield from game.discard(player, top, "revealed")
        else:
            game.put(player, top, ("revealed", player), "deck")


DOCTOR = _kingdom(
    "Doctor",
    3,
    {ACTION},
    "Name a card. Reveal the top 3 cards of your deck; trash the ones with that name and "
    "put the others back in any order. When you buy this, you may overpay; for each coin "
    "overpaid, look at the top card of your deck and trash it, discard it or put it back.",
    editions=(1,),
    effect=_doctor,
    options=DOCTOR_OPTIONS,
    **overpay(1, _doctor_looks),
    declares=tags("names-a-card", "reveals", "trashes", "topdecks", "overpay"),
    targets=Targets(
        trashes=of(DECK),
        trashes_when_gained=of(DECK),
        watches=(overpay_watch(1, "looks at the top card per coin overpaid"),),
    ),
)


# --- Taxman -----------------------------------------------------------------------------------


def _taxman(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = game.player(ctx.player).hand
    chosen = yield from choose_one(
        ctx, treasures_among(game, hand), "you may trash a Treasure", optional=True,
        purpose="trash",
    )  # fmt: skip
    if chosen is None:
        return
    name, cost = game.name_of(chosen), game.cost(game.definition(chosen))
    if not (yield from game.trash(ctx.player, chosen, ("hand", ctx.player))):
        return
    for victim in game.attacked(ctx):
        victim_hand = game.player(victim).hand
        if len(victim_hand) < 5:
            continue
        copies = [card for card in victim_hand if game.name_of(card) == name]
        if copies:
            yield from game.discard(victim, copies[0])
        else:
            game.reveal(victim, list(victim_hand))
    pile = yield from game.choose_gain(
        ctx.player,
        ctx.name,
        CostLimit(cost + 3, relative_to=(chosen,)),
        f"gain a Treasure costing up to {cost + 3} onto your deck",
        fits=lambda card: card.is_(TREASURE),
    )
    if pile is not None:
        yield from game.gain(ctx.player, pile, "deck")


TAXMAN = _kingdom(
    "Taxman",
    4,
    {ACTION, ATTACK},
    "You may trash a Treasure from your hand. Each other player with 5 or more cards in "
    "hand discards a copy of it (or reveals a hand without one). Gain a Treasure costing "
    "up to 3 coins more than the trashed card onto your deck.",
    editions=(1,),
    effect=_taxman,
    declares=tags("trashes", "discards-others", "gains", "gains-to-deck", "tests-cost"),
    targets=Targets(
        gains=(Gain(types=of(TREASURE), relative=True, to=DECK),),
        trashes=of("hand"),
        asks=of(TREASURE),
    ),
)


# --- Soothsayer ------------------------------------------------------------------------------


def _soothsayer_1(ctx: Context) -> Effect[None]:
    game = ctx.game
    yield from game.gain(ctx.player, "Gold")
    cursed = []
    for victim in game.attacked(ctx):
        if (yield from game.gain(victim, "Curse")) is not None:
            cursed.append(victim)
    # First edition: every Curse first, then the draws (soothsayer/5).
    for victim in cursed:
        game.draw(victim, 1)


def _soothsayer_2(ctx: Context) -> Effect[None]:
    game = ctx.game
    yield from game.gain(ctx.player, "Gold")
    for victim in game.attacked(ctx):
        # Second edition: each player draws before the next is cursed (soothsayer/6).
        if (yield from game.gain(victim, "Curse")) is not None:
            game.draw(victim, 1)


_SOOTHSAYER_TARGETS = Targets(
    gains=(Gain(names=of("Gold")), Gain(names=of("Curse"), receiver="others"))
)
SOOTHSAYER_1 = _kingdom(
    "Soothsayer",
    5,
    {ACTION, ATTACK},
    "Gain a Gold. Each other player gains a Curse; then each player who did draws a card.",
    editions=(1,),
    effect=_soothsayer_1,
    declares=tags("gains", "gives-curses"),
    targets=_SOOTHSAYER_TARGETS,
)
SOOTHSAYER_2 = _kingdom(
    "Soothsayer",
    5,
    {ACTION, ATTACK},
    "Gain a Gold. Each other player in turn gains a Curse and, if they did, draws a card.",
    editions=(2,),
    effect=_soothsayer_2,
    declares=tags("gains", "gives-curses"),
    targets=_SOOTHSAYER_TARGETS,
)


# --- Stonemason ------------------------------------------------------------------------------


def _stonemason(ctx: Context) -> Effect[None]:
    game = ctx.game
    trashed = yield from trash_one_from_hand(ctx)
    if trashed is None:
        return
    # Nothing costs less than $0 (stonemason/2): then nothing is offered.
    limit = CostLimit(trashed.cost, relative_to=(trashed.card,), less=True)
    for _ in range(2):
        pile = yield from game.choose_gain(
            ctx.player, ctx.name, limit, f"gain a card costing less than {trashed.cost}"
        )
        if pile is not None:
            yield from game.gain(ctx.player, pile)


def _two_actions(ctx: TriggerContext, overpaid: Cost) -> Effect[None]:
    """Gain 2 Action cards each costing exactly the overpay, a Potion part included
    (stonemason/3, rules/overpay/9)."""
    game = ctx.game
    limit = CostLimit(overpaid, exactly=True, relative_to=())
    for _ in range(2):
        pile = yield from game.choose_gain(
            ctx.owner, ctx.name, limit, f"gain an Action card costing exactly {overpaid}",
            fits=lambda card: card.is_(ACTION),
        )  # fmt: skip
        if pile is not None:
            # On the buy (first edition) the bought Stonemason is still on its pile.
            yield from game.gain(ctx.owner, pile, besides=ctx.happening.card)


def _said_unless_bought(edition: int) -> tuple[str, ...]:
    """``when-buy`` where the card's own abilities do not say it: the first edition's
    when-buy trigger does (``common.implied_tags``), the second edition's overpay does not."""
    return () if edition == 1 else ("when-buy",)


def _stonemason_card(edition: int, text: str) -> Card:
    return _kingdom(
        "Stonemason",
        2,
        {ACTION},
        text,
        editions=(edition,),
        effect=_stonemason,
        **overpay(edition, _two_actions),
        # First edition's when-buy ability says when-buy itself (implied_tags).
        declares=tags("trashes", "gains", "tests-cost", "overpay", *_said_unless_bought(edition)),
        targets=Targets(
            gains=(Gain(relative=True), Gain(types=of(ACTION), relative=True, when="watch")),
            trashes=of("hand"),
            watches=(overpay_watch(edition, "gains 2 Actions costing the overpay"),),
        ),
    )


STONEMASON_1 = _stonemason_card(
    1,
    "Trash a card from your hand. Gain 2 cards, each costing less than it. When you buy "
    "this, you may overpay for it; if you do, gain 2 Action cards each costing the amount "
    "overpaid.",
)
STONEMASON_2 = _stonemason_card(
    2,
    "Trash a card from your hand. Gain 2 cards, each costing less than it. Overpay: gain 2 "
    "Action cards each costing the amount overpaid.",
)


# --- Herald ------------------------------------------------------------------------------------


def _herald(ctx: Context) -> Effect[None]:
    game = ctx.game
    top = game.reveal_top(ctx.player)
    if top is None:
        return
    if game.definition(top).is_(ACTION):
        # Played without using an Action (herald/1).
        yield from game.play(ctx.player, top, "revealed")
    else:
        game.put(ctx.player, top, ("revealed", ctx.player), "deck")


def _discards_onto_deck(ctx: TriggerContext, overpaid: Cost) -> Effect[None]:
    """Put as many cards as coins overpaid from the discard pile onto the deck, in any
    order; all of them when the pile has fewer (herald/3)."""
    game, player = ctx.game, ctx.owner
    discard = list(game.player(player).discard)
    count = min(overpaid.coins, len(discard))
    chosen = yield from game.choose_cards(
        player, ctx.name, discard, count, count, f"put {count} cards onto your deck",
        purpose="topdeck",
    )  # fmt: skip
    yield from put_back_in_order(game, player, ctx.name, chosen, "discard", topdeck=True)


def _herald_card(edition: int, overpay_text: str) -> Card:
    return _kingdom(
        "Herald",
        4,
        {ACTION},
        "+1 Card, +1 Action. Reveal the top card of your deck; if it is an Action card, play "
        f"it. {overpay_text}",
        editions=(edition,),
        cards=1,
        actions=1,
        effect=_herald,
        **overpay(edition, _discards_onto_deck),
        declares=tags(
            "draws",
            "+actions",
            "reveals",
            "plays-actions",
            "topdecks",
            "overpay",
            *_said_unless_bought(edition),
        ),
        targets=Targets(
            plays=Plays(of(ACTION), DECK, 1),
            # In the second edition the new Herald may be one of them (herald/6).
            watches=(
                overpay_watch(edition, "puts discarded cards onto the deck", moves=edition == 2),
            ),
        ),
    )


HERALD_1 = _herald_card(
    1,
    "When you buy this, you may overpay for it; for each coin overpaid, look through your "
    "discard pile and put a card from it onto your deck.",
)
HERALD_2 = _herald_card(
    2,
    "Overpay: for each coin overpaid, put a card of your choice from your discard pile onto "
    "your deck.",
)


# --- Masterpiece, Farrier, Infirmary (their overpay comes with buying) ----------------------------


def _silvers(ctx: TriggerContext, overpaid: Cost) -> Effect[None]:
    for _ in range(overpaid.coins):
        yield from ctx.game.gain(ctx.owner, "Silver")


MASTERPIECE = _kingdom(
    "Masterpiece",
    3,
    {TREASURE},
    "Worth 1 coin. When you buy this, you may overpay for it; gain a Silver per coin overpaid.",
    editions=(1,),
    coins=1,
    **overpay(1, _silvers),
    declares=tags("+coins", "gains", "overpay"),
    targets=Targets(
        gains=(Gain(names=of("Silver"), when="watch"),),
        watches=(overpay_watch(1, "gains a Silver per coin overpaid"),),
    ),
)


def _bigger_next_hand(ctx: TriggerContext, overpaid: Cost) -> Effect[None]:
    """+1 Card at the end of this turn per coin overpaid: the Clean-up draws that many more
    (farrier/2)."""
    game = ctx.game
    game.draw_next_hand(game.state.turn.hand_size + overpaid.coins)
    yield from ()


FARRIER = _kingdom(
    "Farrier",
    2,
    {ACTION},
    "+1 Card, +1 Action, +1 Buy. Overpay: +1 Card at the end of this turn per coin overpaid.",
    editions=(2,),
    cards=1,
    actions=1,
    buys=1,
    **overpay(2, _bigger_next_hand),
    declares=tags("draws", "+actions", "+buys", "overpay", "when-buy"),
    targets=Targets(watches=(overpay_watch(2, "draws a card per coin overpaid"),)),
)


def _infirmary(ctx: Context) -> Effect[None]:
    game = ctx.game
    chosen = yield from choose_one(
        ctx, list(game.player(ctx.player).hand), "you may trash a card", optional=True,
        purpose="trash",
    )  # fmt: skip
    if chosen is not None:
        yield from game.trash(ctx.player, chosen, ("hand", ctx.player))


def _played_per_coin(ctx: TriggerContext, overpaid: Cost) -> Effect[None]:
    """Play the gained Infirmary once per coin overpaid, from where it was gained
    (infirmary/2)."""
    game, card = ctx.game, ctx.happening.card
    assert card is not None
    zone, _player = gained_zone(ctx)
    if overpaid.coins and (yield from game.play(ctx.owner, card, zone)):
        for _ in range(overpaid.coins - 1):
            yield from game.play_again(ctx.owner, card)


INFIRMARY = _kingdom(
    "Infirmary",
    3,
    {ACTION},
    "+1 Card. You may trash a card from your hand. Overpay: play this once per coin overpaid.",
    editions=(2,),
    cards=1,
    effect=_infirmary,
    **overpay(2, _played_per_coin),
    declares=tags("draws", "trashes", "overpay", "when-buy"),
    targets=Targets(
        trashes=of("hand"),
        watches=(overpay_watch(2, "plays itself per coin overpaid", moves=True),),
    ),
)


# --- Candlestick Maker, Plaza, Baker: Coffers --------------------------------------------

CANDLESTICK_MAKER_1, CANDLESTICK_MAKER_2 = reworded(
    _kingdom(
        "Candlestick Maker",
        2,
        {ACTION},
        "+1 Action, +1 Buy. Take a Coin token.",
        actions=1,
        buys=1,
        effect=take_coffers(1),
        declares=tags("+actions", "+buys", "coffers"),
    ),
    "+1 Action, +1 Buy, +1 Coffers.",
)


def _plaza(ctx: Context) -> Effect[None]:
    game = ctx.game
    treasures = treasures_among(game, game.player(ctx.player).hand)
    chosen = yield from choose_one(
        ctx, treasures, "you may discard a Treasure for +1 Coffers", optional=True,
        purpose="discard",
    )  # fmt: skip
    if chosen is not None and (yield from game.discard(ctx.player, chosen)):
        game.add_tokens(ctx.player, COFFERS, 1)


PLAZA_1, PLAZA_2 = reworded(
    _kingdom(
        "Plaza",
        4,
        {ACTION},
        "+1 Card, +2 Actions. You may discard a Treasure; if you do, take a Coin token.",
        cards=1,
        actions=2,
        effect=_plaza,
        declares=tags("draws", "+actions", "discards", "coffers"),
        targets=Targets(asks=of(TREASURE)),
    ),
    "+1 Card, +2 Actions. You may discard a Treasure for +1 Coffers.",
)

BAKER_1, BAKER_2 = reworded(
    _kingdom(
        "Baker",
        5,
        {ACTION},
        "+1 Card, +1 Action. Take a Coin token. Setup: each player takes a Coin token.",
        cards=1,
        actions=1,
        effect=take_coffers(1),
        static=(SetsUp(player_tokens=((COFFERS, 1),)),),
        declares=tags("draws", "+actions", "coffers"),
    ),
    "+1 Card, +1 Action, +1 Coffers. Setup: each player gets +1 Coffers.",
)


# --- Butcher -------------------------------------------------------------------------------


def _butcher(ctx: Context) -> Effect[None]:
    game = ctx.game
    game.add_tokens(ctx.player, COFFERS, 2)
    trashed = yield from choose_one(
        ctx, list(game.player(ctx.player).hand), "you may trash a card", optional=True,
        purpose="trash",
    )  # fmt: skip
    if trashed is None:
        return
    cost = game.cost(game.definition(trashed))
    if not (yield from game.trash(ctx.player, trashed, ("hand", ctx.player))):
        return
    # The tokens removed only raise the limit: they give no coins (butcher/3).
    removed = yield from game.choose_amount(
        ctx.player, ctx.name, 0, game.tokens(ctx.player, COFFERS),
        "remove Coffers: +1 coin of cost each", purpose="spend",
    )  # fmt: skip
    game.remove_tokens(ctx.player, COFFERS, removed)
    limit = cost + removed
    pile = yield from game.choose_gain(
        ctx.player, ctx.name, CostLimit(limit, relative_to=(trashed,)),
        f"gain a card costing up to {limit}",
    )  # fmt: skip
    if pile is not None:
        yield from game.gain(ctx.player, pile)


BUTCHER_1, BUTCHER_2 = reworded(
    _kingdom(
        "Butcher",
        5,
        {ACTION},
        "Take two Coin tokens. You may trash a card from your hand and then pay any number "
        "of Coin tokens; if you trashed a card, gain a card costing up to its cost plus 1 "
        "coin per token paid.",
        effect=_butcher,
        declares=tags("coffers", "trashes", "gains", "tests-cost"),
        targets=Targets(gains=(Gain(relative=True),), trashes=of("hand")),
    ),
    "+2 Coffers. You may trash a card from your hand, then remove any number of Coffers; "
    "if you trashed one, gain a card costing up to its cost plus 1 coin per Coffers removed.",
)


# --- Merchant Guild ----------------------------------------------------------------------


def _coffers_per_buy(ctx: TriggerContext) -> Effect[None]:
    ctx.game.add_tokens(ctx.owner, COFFERS, 1)
    yield from ()


MERCHANT_GUILD_1 = _kingdom(
    "Merchant Guild",
    5,
    {ACTION},
    "+1 Buy, +1 coin. While this is in play, when you buy a card, take a Coin token.",
    editions=(1,),
    buys=1,
    coins=1,
    triggers=(Trigger("buy", "in_play", _coffers_per_buy),),
    declares=tags("+buys", "+coins", "when-buy", "coffers"),
    targets=Targets(watches=(Watch("buy", WHILE_IN_PLAY, "gives +1 Coffers"),)),
)


def _coffers_per_gain_in_buy_phase(ctx: TriggerContext) -> Effect[None]:
    turn = ctx.game.state.turn
    gained = sum(1 for _card, _bought, phase in turn.gains if phase == "buy")
    if gained:
        ctx.game.add_tokens(ctx.owner, COFFERS, gained)
    yield from ()


MERCHANT_GUILD_2 = _kingdom(
    "Merchant Guild",
    5,
    {ACTION},
    "+1 Buy, +1 coin. At the end of your Buy phase this turn, +1 Coffers per card you "
    "gained in it.",
    editions=(2,),
    buys=1,
    coins=1,
    # Each play sets it up once, so two plays give 2 per card (merchant-guild/6).
    lasting=lasting_trigger(0),
    triggers=(Trigger("buy_end", "turn", _coffers_per_gain_in_buy_phase),),
    declares=tags("+buys", "+coins", "counts-cards", "coffers"),
)


# --- Footpad -------------------------------------------------------------------------------


def _footpad(ctx: Context) -> Effect[None]:
    ctx.game.add_tokens(ctx.player, COFFERS, 2)
    yield from discard_down_to(3)(ctx)


def _in_an_action_phase(ctx: TriggerContext) -> bool:
    return ctx.game.in_phase("action")


def _draw_one(ctx: TriggerContext) -> Effect[None]:
    ctx.game.draw(ctx.happening.player, 1)
    yield from ()


FOOTPAD = _kingdom(
    "Footpad",
    5,
    {ACTION, ATTACK},
    "+2 Coffers. Each other player discards down to 3 cards in hand. In games using this, "
    "when you gain a card in an Action phase, +1 Card.",
    editions=(2,),
    effect=_footpad,
    # A rule of the game: any player's gain in any Action phase (footpad/2).
    triggers=(Trigger("gain", "game", _draw_one, condition=_in_an_action_phase, who="any"),),
    declares=tags("coffers", "discards-others", "reacts-to-gain", "draws"),
    targets=Targets(watches=(Watch("gain", "token", "draws a card", turns="any", gainer="any"),)),
)


CARDS: tuple[Card, ...] = (
    ADVISOR,
    JOURNEYMAN,
    DOCTOR,
    TAXMAN,
    SOOTHSAYER_1,
    SOOTHSAYER_2,
    STONEMASON_1,
    STONEMASON_2,
    HERALD_1,
    HERALD_2,
    MASTERPIECE,
    FARRIER,
    INFIRMARY,
    CANDLESTICK_MAKER_1,
    CANDLESTICK_MAKER_2,
    PLAZA_1,
    PLAZA_2,
    BAKER_1,
    BAKER_2,
    BUTCHER_1,
    BUTCHER_2,
    MERCHANT_GUILD_1,
    MERCHANT_GUILD_2,
    FOOTPAD,
)
