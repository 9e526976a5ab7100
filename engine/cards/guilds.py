"""Guilds' side of Cornucopia & Guilds: the first edition (2013) and the second edition of
the combined box (2024), whose Guilds half dropped Doctor, Masterpiece and Taxman and added
Farrier, Footpad and Infirmary.

Guilds brings Coffers (Coin tokens on a player's Coffers mat) and overpaying. Card texts
are our own summaries; the set is ``cornucopia-guilds`` for both halves
(``engine/cards/cornucopia.py`` holds the other).
"""

from __future__ import annotations

from engine.cards.common import (
    choose_one,
    discard_revealed,
    kingdom_maker,
    put_back_in_order,
    reveal_top,
    reveal_until,
    tags,
    trash_one_from_hand,
    treasures_among,
)
from engine.cards.cornucopia import CORNUCOPIA_GUILDS
from engine.context import Context
from engine.model import ACTION, ATTACK, TREASURE, Card, CostLimit, Effect
from engine.targets import DECK, Gain, Plays, Targets, of

_kingdom = kingdom_maker(CORNUCOPIA_GUILDS)


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


DOCTOR = _kingdom(
    "Doctor",
    3,
    {ACTION},
    "Name a card. Reveal the top 3 cards of your deck; trash the ones with that name and "
    "put the others back in any order.",
    editions=(1,),
    effect=_doctor,
    declares=tags("names-a-card", "reveals", "trashes", "topdecks"),
    targets=Targets(trashes=of(DECK)),
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
    declares=tags("attacks", "trashes", "discards-others", "gains", "gains-to-deck", "tests-cost"),
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
    declares=tags("attacks", "gains", "gives-curses"),
    targets=_SOOTHSAYER_TARGETS,
)
SOOTHSAYER_2 = _kingdom(
    "Soothsayer",
    5,
    {ACTION, ATTACK},
    "Gain a Gold. Each other player in turn gains a Curse and, if they did, draws a card.",
    editions=(2,),
    effect=_soothsayer_2,
    declares=tags("attacks", "gains", "gives-curses"),
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


STONEMASON = _kingdom(
    "Stonemason",
    2,
    {ACTION},
    "Trash a card from your hand. Gain 2 cards, each costing less than it.",
    effect=_stonemason,
    declares=tags("trashes", "gains", "tests-cost"),
    targets=Targets(gains=(Gain(relative=True),), trashes=of("hand")),
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


HERALD = _kingdom(
    "Herald",
    4,
    {ACTION},
    "+1 Card, +1 Action. Reveal the top card of your deck; if it is an Action card, play it.",
    cards=1,
    actions=1,
    effect=_herald,
    declares=tags("draws", "+actions", "reveals", "plays-actions"),
    targets=Targets(plays=Plays(of(ACTION), DECK, 1)),
)


# --- Masterpiece, Farrier, Infirmary (their overpay comes with buying) ----------------------------


MASTERPIECE = _kingdom(
    "Masterpiece", 3, {TREASURE}, "Worth 1 coin.", editions=(1,), coins=1,
    declares=tags("+coins"),
)  # fmt: skip

FARRIER = _kingdom(
    "Farrier",
    2,
    {ACTION},
    "+1 Card, +1 Action, +1 Buy.",
    editions=(2,),
    cards=1,
    actions=1,
    buys=1,
)


def _infirmary(ctx: Context) -> Effect[None]:
    game = ctx.game
    chosen = yield from choose_one(
        ctx, list(game.player(ctx.player).hand), "you may trash a card", optional=True,
        purpose="trash",
    )  # fmt: skip
    if chosen is not None:
        yield from game.trash(ctx.player, chosen, ("hand", ctx.player))


INFIRMARY = _kingdom(
    "Infirmary",
    3,
    {ACTION},
    "+1 Card. You may trash a card from your hand.",
    editions=(2,),
    cards=1,
    effect=_infirmary,
    declares=tags("draws", "trashes"),
    targets=Targets(trashes=of("hand")),
)


CARDS: tuple[Card, ...] = (
    ADVISOR,
    JOURNEYMAN,
    DOCTOR,
    TAXMAN,
    SOOTHSAYER_1,
    SOOTHSAYER_2,
    STONEMASON,
    HERALD,
    MASTERPIECE,
    FARRIER,
    INFIRMARY,
)
