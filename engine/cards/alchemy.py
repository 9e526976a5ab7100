"""Alchemy (2010, one edition): twelve Kingdom cards and the basic Treasure Potion.

Card texts are our own summaries of the current official wording (Herbalist, Alchemist,
Philosopher's Stone, Scrying Pool and Vineyard were reworded after 2010, Possession
errata'd in 2023: see the header of scenarios/rulings/alchemy.yaml).

Mechanics and where they live:

* Costs with a Potion part: every Alchemy card but Herbalist, Apprentice and Potion itself
  costs a Potion (``Cost(2, potion=1)``, printed ``$2P``). The Potion pile is in the Supply
  exactly when a Kingdom card's printed cost has a Potion: the set's rule of set-up
  (``SETUP_RULES``), not the core's.
* Herbalist: each play sets up a ``turn`` trigger on discards; at the Clean-up's discard
  from play its player picks one of the Treasures discarded together (or none), and that
  play's put-back is used up.
* Possession queues the next player's turn, controlled by its player (``game.queue_turn``;
  a second one queued for that player is not: one Possession turn however many plays).
  What the controlled turn changes is the game's rule while Possession is in the Kingdom:
  ``game`` replacements redirect the possessed player's gains to the controller's discard
  pile and set their trashed cards aside (where they still count as trashed), and a
  ``turn_end`` trigger puts those cards into their discard pile after the Clean-up.
* Golem plays the Actions it finds from where they were revealed: playing is not the
  Action phase's play, so no Action is spent.
* Alchemist listens to the start of Clean-up while in play: one Potion in play lets every
  Alchemist in play go onto the deck, each once, however many times it was played.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.abilities import PileSetup, Replacement, SetsUp
from engine.cards.common import (
    SPY_OPTIONS,
    curse_each_other,
    discard_revealed,
    kingdom_maker,
    lasting_trigger,
    reveal_four_keep,
    spy_each_top_card,
    tags,
    topdeck_self,
    trash_one_from_hand,
)
from engine.context import Context, ReplacementContext, TriggerContext
from engine.costs import Cost, CostLimit
from engine.model import ACTION, ATTACK, TREASURE, VICTORY, Card, Effect, Trigger
from engine.targets import DECK, HAND, SETUP, Count, Gain, Plays, Targets, Watch, of

ALCHEMY = "alchemy"

_kingdom = kingdom_maker(ALCHEMY)


def _potions(coins: int) -> Cost:
    """A printed cost of ``coins`` and a Potion."""
    return Cost(coins, potion=1)


# --- Potion, and the rule that puts its pile in the Supply ---------------------------------

POTION = Card(
    "Potion",
    ALCHEMY,
    Cost(4),
    frozenset({TREASURE}),
    "Worth a Potion to spend this turn (no coins).",
    editions=(1,),
    potions=1,
    kingdom=False,
)


def _potion_pile(kingdom: Sequence[Card]) -> SetsUp | None:
    """16 Potions in the Supply when some Kingdom card costs a Potion (rules/potion/1-2)."""
    if any(card.cost.potion for card in kingdom):
        return SetsUp(piles=(PileSetup("Potion", ("Potion",), lambda _players: 16, supply=True),))
    return None


SETUP_RULES = (_potion_pile,)


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
    _potions(0),
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
    _potions(0),
    {VICTORY},
    "Worth 1 VP for every 3 Action cards you have (round down).",
    editions=(1,),
    vp_counter=lambda owned: sum(1 for card in owned if card.is_(ACTION)) // 3,
    declares=tags("victory", "counts-types"),
    targets=Targets(counts=(Count("owned", of(ACTION)),), asks=of(ACTION)),
)


# --- Herbalist, Apothecary, Scrying Pool, University ($2, $2P) -------------------------------


def _treasure_discarded_from_play(ctx: TriggerContext) -> bool:
    card = ctx.happening.card
    return (
        ctx.happening.data["from"] == "in_play"
        and card is not None
        and ctx.game.definition(card).is_(TREASURE)
    )


def _herbalist_puts_back(ctx: TriggerContext) -> Effect[None]:
    game, owner = ctx.game, ctx.owner
    # Any Treasure discarded from play with this one, while still in the discard pile.
    discard = game.player(owner).discard
    candidates = [
        card
        for card in ctx.happening.data["together"]
        if card in discard and game.definition(card).is_(TREASURE)
    ]
    # This play's put-back is used now, taken or declined: in these sets a Treasure leaves
    # play only by the Clean-up's one discard, so no later chance comes this turn.
    game.end_lasting(owner, ctx.card, 0)
    chosen = yield from game.choose_cards(
        owner, ctx.name, candidates, 0, 1, "put a Treasure onto your deck", purpose="topdeck"
    )
    for card in chosen:
        game.topdeck(owner, card, "discard")


HERBALIST = _kingdom(
    "Herbalist",
    2,
    {ACTION},
    "+1 Buy, +1 coin. Once this turn, when you discard a Treasure from play, you may put it "
    "onto your deck.",
    editions=(1,),
    buys=1,
    coins=1,
    lasting=lasting_trigger(0),
    triggers=(Trigger("discard", "turn", _herbalist_puts_back, _treasure_discarded_from_play),),
    declares=tags("+buys", "+coins", "topdecks"),
    targets=Targets(asks=of(TREASURE)),
)

APOTHECARY = _kingdom(
    "Apothecary",
    _potions(2),
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
    _potions(2),
    {ACTION, ATTACK},
    "+1 Action. Each player, you too, reveals the top card of their deck; you choose for "
    "each whether it is discarded or put back. Then reveal cards from your deck until one "
    "is not an Action, and put all the cards revealed this way into your hand.",
    editions=(1,),
    actions=1,
    effect=_scrying_pool,
    options=SPY_OPTIONS,
    declares=tags("+actions", "reveals", "discards", "discards-others"),
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
    _potions(2),
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
    _potions(3),
    {ACTION},
    "+2 Cards, +1 Action. At the start of Clean-up this turn, if you have a Potion in play, "
    "you may put this onto your deck.",
    editions=(1,),
    cards=2,
    actions=1,
    triggers=(Trigger("cleanup", "in_play", topdeck_self, _potion_in_play, optional=True),),
    declares=tags("draws", "+actions", "topdecks"),
    targets=Targets(names=(("Potion", "in play lets it go onto the deck at Clean-up"),)),
)


FAMILIAR = _kingdom(
    "Familiar",
    _potions(3),
    {ACTION, ATTACK},
    "+1 Card, +1 Action. Each other player gains a Curse.",
    editions=(1,),
    cards=1,
    actions=1,
    effect=curse_each_other,
    declares=tags("draws", "+actions", "gives-curses"),
    targets=Targets(gains=(Gain(names=of("Curse"), receiver="others"),)),
)


def _philosophers_stone(ctx: Context) -> Effect[None]:
    # Counted now, once: later gains this turn do not change what it gave.
    state = ctx.game.player(ctx.player)
    ctx.game.bonus(ctx.player, coins=(len(state.deck) + len(state.discard)) // 5)
    yield from ()


PHILOSOPHERS_STONE = _kingdom(
    "Philosopher's Stone",
    _potions(3),
    {TREASURE},
    "When you play this, count your deck and discard pile together: +1 coin per 5 cards "
    "(round down).",
    editions=(1,),
    effect=_philosophers_stone,
    declares=tags("+coins", "counts-cards"),
    targets=Targets(counts=(Count("deck"),)),
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
    yield from discard_revealed(game, ctx.player, [card for card in revealed if card not in found])
    ordered = yield from game.choose_order(ctx.player, ctx.name, found, "play first")
    for card in ordered:
        yield from game.play(ctx.player, card, "revealed")


GOLEM = _kingdom(
    "Golem",
    _potions(4),
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
        # Its current cost: +1 Card per coin, and +2 for a Potion (reductions never touch it).
        ctx.game.draw(ctx.player, trashed.cost.coins + (2 if trashed.cost.potion else 0))


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


# --- Possession ($6P) -------------------------------------------------------------------------


def _possess(ctx: Context) -> Effect[None]:
    # An extra turn (not one for the tie-break); none more if one is already queued for
    # that player (two Possessions, or one played twice, give one turn).
    left = ctx.game.others(ctx.player)[0]
    ctx.game.queue_turn(left, "possession", controller=ctx.player)
    yield from ()


def _controlled_turn(ctx: ReplacementContext | TriggerContext) -> bool:
    turn = ctx.game.state.turn
    return turn.controller != turn.player


def _gained_by_the_possessed(ctx: ReplacementContext) -> bool:
    return _controlled_turn(ctx) and ctx.would.player == ctx.game.state.turn.player


def _to_the_possessor(ctx: ReplacementContext) -> Effect[None]:
    # Into the possessor's discard pile, wherever the gain would have put it.
    ctx.would.redirect(ctx.game.state.turn.controller, to="discard")
    yield from ()


def _trashed_from_the_possessed(ctx: ReplacementContext) -> bool:
    _, owner = ctx.would.source
    return _controlled_turn(ctx) and owner == ctx.game.state.turn.player


def _set_aside_instead(ctx: ReplacementContext) -> Effect[None]:
    # Set aside, still counting as trashed; remembered to go back after the Clean-up.
    if ctx.would.send_to("set_aside"):
        ctx.game.state.turn.modifiers.setdefault(POSSESSION_NAME, []).append(ctx.would.card)
    yield from ()


def _set_aside_by_possession(ctx: TriggerContext) -> bool:
    return POSSESSION_NAME in ctx.game.state.turn.modifiers


def _back_to_the_discard_pile(ctx: TriggerContext) -> Effect[None]:
    # Neither gained nor discarded: they are put there.
    game, player = ctx.game, ctx.happening.player
    for card in game.state.turn.modifiers.pop(POSSESSION_NAME):
        game.put(player, card, ("set_aside", player), "discard")
    yield from ()


POSSESSION_NAME = "Possession"
POSSESSION = _kingdom(
    POSSESSION_NAME,
    _potions(6),
    {ACTION},
    "The player to your left takes an extra turn after this one (but not a second one in a "
    "row), in which you see what they see and decide everything for them. The cards they "
    "would gain, you gain instead; their cards that are trashed are set aside and put into "
    "their discard pile at the end of that turn.",
    editions=(1,),
    effect=_possess,
    replacements=(
        Replacement("gain", "game", _to_the_possessor, _gained_by_the_possessed, who="any"),
        Replacement("trash", "game", _set_aside_instead, _trashed_from_the_possessed, who="any"),
    ),
    triggers=(
        Trigger("turn_end", "game", _back_to_the_discard_pile, _set_aside_by_possession, who="any"),
    ),
    declares=tags("sets-aside"),
    # Its rule of a controlled turn listens to the possessed player's gains (a replacement
    # is seen as a watch of the gain it would change: checks/declarations.py).
    targets=Targets(
        watches=(Watch("gain", SETUP, "the possessing player gains it instead", turns="any"),),
    ),
)


CARDS: tuple[Card, ...] = (
    POTION,
    HERBALIST,
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
    POSSESSION,
)
