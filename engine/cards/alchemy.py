"""Alchemy (2010, one edition): twelve Kingdom cards and the basic Treasure Potion.

Card texts are our own summaries of the current official wording (Herbalist, Alchemist,
Philosopher's Stone, Scrying Pool and Vineyard were reworded after 2010, Possession
errata'd in 2023: see the header of scenarios/rulings/alchemy.yaml).

Mechanics and where they live:

* Costs with a Potion part: every Alchemy card but Herbalist, Apprentice and Potion itself
  costs a Potion (``$2P``: two coins and a Potion).
* Golem plays the Actions it finds from where they were revealed: playing is not the
  Action phase's play, so no Action is spent.
* Alchemist listens to the start of Clean-up while in play: one Potion in play lets every
  Alchemist in play go onto the deck, each once, however many times it was played.
"""

from __future__ import annotations

from engine.cards.common import (
    SPY_OPTIONS,
    curse_each_other,
    discard_revealed,
    kingdom_maker,
    reveal_four_keep,
    spy_each_top_card,
    tags,
    topdeck_self,
    trash_one_from_hand,
)
from engine.context import Context, TriggerContext
from engine.model import ACTION, ATTACK, TREASURE, VICTORY, Card, CostLimit, Effect, Trigger
from engine.targets import DECK, HAND, Count, Gain, Plays, Targets, of

ALCHEMY = "alchemy"

_kingdom = kingdom_maker(ALCHEMY)


def _potion_in_play(ctx: TriggerContext) -> bool:
    game = ctx.game
    return any(game.name_of(card) == "Potion" for card in game.player(ctx.owner).in_play)


# --- Transmute, Vineyard ($0P) -------------------------------------------------------------

# What Transmute gains for each type of the trashed card, in the card's order.
_TRANSMUTE_GAINS = ((ACTION, "Duchy"), (TREASURE, "Transmute"), (VICTORY, "Gold"))


def _transmute(ctx: Context) -> Effect[None]:
    trashed = yield from trash_one_from_hand(ctx)
    if trashed is None:
        return
    # The types it had when trashed: a card of several types gives each gain.
    definition = ctx.game.definition(trashed.card)
    for card_type, pile in _TRANSMUTE_GAINS:
        if definition.is_(card_type):
            yield from ctx.game.gain(ctx.player, pile)


TRANSMUTE = _kingdom(
    "Transmute",
    0,
    {ACTION},
    "Trash a card from your hand. For an Action card, gain a Duchy; for a Treasure card, "
    "gain a Transmute; for a Victory card, gain a Gold (each that applies).",
    editions=(1,),
    effect=_transmute,
    declares=tags("trashes", "gains"),
    targets=Targets(
        gains=(Gain(names=of("Duchy", "Transmute", "Gold")),),
        trashes=of(HAND),
        asks=of(ACTION, TREASURE, VICTORY),
    ),
)

VINEYARD = _kingdom(
    "Vineyard",
    0,
    {VICTORY},
    "Worth 1 VP for every 3 Action cards you have (round down).",
    editions=(1,),
    vp_counter=lambda owned: sum(1 for card in owned if card.is_(ACTION)) // 3,
    declares=tags("victory", "counts-types"),
    targets=Targets(counts=(Count("owned", of(ACTION)),), asks=of(ACTION)),
)


# --- Herbalist, Apothecary, Scrying Pool, University ($2, $2P) -------------------------------

APOTHECARY = _kingdom(
    "Apothecary",
    2,
    {ACTION},
    "+1 Card, +1 Action. Reveal the top 4 cards of your deck; put the Coppers and Potions "
    "into your hand and the others back on top in any order.",
    editions=(1,),
    cards=1,
    actions=1,
    effect=reveal_four_keep(lambda card: card.name in ("Copper", "Potion")),
    declares=tags("draws", "+actions", "reveals", "topdecks"),
    targets=Targets(
        names=(
            ("Copper", "takes every revealed Copper into the hand"),
            ("Potion", "takes every revealed Potion into the hand"),
        ),
    ),
)


def _scrying_pool(ctx: Context) -> Effect[None]:
    game = ctx.game
    yield from spy_each_top_card(ctx)
    # Then until a non-Action: every card revealed this way goes into the hand.
    revealed: list[int] = []
    while True:
        card = game.reveal_top(ctx.player)
        if card is None:
            break
        revealed.append(card)
        if not game.definition(card).is_(ACTION):
            break
    for card in revealed:
        game.put(ctx.player, card, ("revealed", ctx.player), "hand")


SCRYING_POOL = _kingdom(
    "Scrying Pool",
    2,
    {ACTION, ATTACK},
    "+1 Action. Each player, you too, reveals the top card of their deck; you choose for "
    "each whether it is discarded or put back. Then reveal cards from your deck until one "
    "is not an Action, and put all the cards revealed this way into your hand.",
    editions=(1,),
    actions=1,
    effect=_scrying_pool,
    options=SPY_OPTIONS,
    declares=tags("+actions", "attacks", "reveals", "discards", "discards-others"),
    targets=Targets(asks=of(ACTION)),
)


def _university(ctx: Context) -> Effect[None]:
    pile = yield from ctx.game.choose_gain(
        ctx.player,
        ctx.name,
        CostLimit(5),
        "gain an Action card costing up to 5, or nothing",
        fits=lambda card: card.is_(ACTION),
        optional=True,
    )
    if pile is not None:
        yield from ctx.game.gain(ctx.player, pile)


UNIVERSITY = _kingdom(
    "University",
    2,
    {ACTION},
    "+2 Actions. You may gain an Action card costing up to 5.",
    editions=(1,),
    actions=2,
    effect=_university,
    declares=tags("+actions", "gains", "tests-cost"),
    targets=Targets(gains=(Gain(types=of(ACTION), max_cost=5),)),
)


# --- Alchemist, Familiar, Philosopher's Stone ($3P) ------------------------------------------

ALCHEMIST = _kingdom(
    "Alchemist",
    3,
    {ACTION},
    "+2 Cards, +1 Action. At the start of Clean-up this turn, if you have a Potion in play, "
    "you may put this onto your deck.",
    editions=(1,),
    cards=2,
    actions=1,
    triggers=(Trigger("cleanup", "in_play", topdeck_self, _potion_in_play, optional=True),),
    declares=tags("draws", "+actions", "topdecks", "while-in-play"),
    targets=Targets(names=(("Potion", "in play lets it go onto the deck at Clean-up"),)),
)


FAMILIAR = _kingdom(
    "Familiar",
    3,
    {ACTION, ATTACK},
    "+1 Card, +1 Action. Each other player gains a Curse.",
    editions=(1,),
    cards=1,
    actions=1,
    effect=curse_each_other,
    declares=tags("draws", "+actions", "attacks", "gives-curses"),
    targets=Targets(gains=(Gain(names=of("Curse"), receiver="others"),)),
)


def _philosophers_stone(ctx: Context) -> Effect[None]:
    # Counted now, once: later gains this turn do not change what it gave.
    state = ctx.game.player(ctx.player)
    ctx.game.bonus(ctx.player, coins=(len(state.deck) + len(state.discard)) // 5)
    yield from ()


PHILOSOPHERS_STONE = _kingdom(
    "Philosopher's Stone",
    3,
    {TREASURE},
    "When you play this, count your deck and discard pile together: +1 coin per 5 cards "
    "(round down).",
    editions=(1,),
    effect=_philosophers_stone,
    declares=tags("+coins", "counts-cards"),
)


# --- Golem ($4P) ---------------------------------------------------------------------------


def _golem(ctx: Context) -> Effect[None]:
    game = ctx.game
    revealed: list[int] = []
    found: list[int] = []
    while len(found) < 2:
        card = game.reveal_top(ctx.player)
        if card is None:
            break
        revealed.append(card)
        if game.definition(card).is_(ACTION) and game.name_of(card) != "Golem":
            found.append(card)
    # The others are discarded before anything is played (a shuffle may take them).
    discard_revealed(game, ctx.player, [card for card in revealed if card not in found])
    ordered = yield from game.choose_order(ctx.player, ctx.name, found, "play first")
    for card in ordered:
        yield from game.play(ctx.player, card, "revealed")


GOLEM = _kingdom(
    "Golem",
    4,
    {ACTION},
    "Reveal cards from your deck until 2 Action cards other than Golems are revealed. "
    "Discard the others, then play those Actions in either order.",
    editions=(1,),
    effect=_golem,
    declares=tags("reveals", "discards", "plays-actions"),
    targets=Targets(plays=Plays(of(ACTION), DECK, 1), asks=of(ACTION)),
)


# --- Apprentice ($5) -------------------------------------------------------------------------


def _apprentice(ctx: Context) -> Effect[None]:
    trashed = yield from trash_one_from_hand(ctx)
    if trashed is not None:
        ctx.game.draw(ctx.player, trashed.cost)


APPRENTICE = _kingdom(
    "Apprentice",
    5,
    {ACTION},
    "+1 Action. Trash a card from your hand: +1 Card per coin it costs, and +2 Cards if "
    "its cost has a Potion.",
    editions=(1,),
    actions=1,
    effect=_apprentice,
    declares=tags("+actions", "trashes", "draws", "tests-cost"),
    targets=Targets(trashes=of(HAND)),
)


CARDS: tuple[Card, ...] = (
    TRANSMUTE,
    VINEYARD,
    APOTHECARY,
    SCRYING_POOL,
    UNIVERSITY,
    ALCHEMIST,
    FAMILIAR,
    PHILOSOPHERS_STONE,
    GOLEM,
    APPRENTICE,
)
