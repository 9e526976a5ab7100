"""Intrigue's kingdom cards, first edition (2009) and second edition (2016).

Card texts are our own summaries. The first edition has 25 kingdom cards, the second 26:
it drops Coppersmith, Great Hall, Saboteur, Scout, Secret Chamber and Tribute and adds
Courtier, Diplomat, Lurker, Mill, Patrol, Replace and Secret Passage. A card whose
printed text changed between editions has one definition per edition (``editions=(1,)``
and ``editions=(2,)``): Masquerade changed how it plays (the second edition skips
players with empty hands); Baron, Ironworks, Mining Village, Swindler, Torturer and
Trading Post were reworded to state their official rulings on the card, and share one
effect across editions. Nobles, Pawn, Steward, Minion, Courtyard, Upgrade and the rest
changed only in layout or pronouns and have a single definition.

Option labels (what scenarios answer with):
Pawn ``+1 Card``, ``+1 Action``, ``+1 Buy``, ``+$1`` (pick two); Steward ``+2 Cards``,
``+$2``, ``trash``; Minion ``+$2``, ``discard``; Nobles ``+3 Cards``, ``+2 Actions``;
Torturer ``discard``, ``Curse``; Courtier ``+1 Action``, ``+1 Buy``, ``+$3``, ``Gold``
(one per type of the revealed card); Lurker ``trash``, ``gain``; Secret Passage
``top``, ``under 1`` .. ``under N-1``, ``bottom`` (where in a deck of N cards; ``under k``
has k cards above it).
Baron, Mining Village and Mill ask yes/no.
"""

from __future__ import annotations

from itertools import islice
from typing import TYPE_CHECKING

from engine import rules
from engine.abilities import CostChange
from engine.cards.common import (
    gain_one,
    kingdom_maker,
    move_from_hand,
    owner_bonus,
    put_back_in_order,
    reveal_four_keep,
    reveal_top,
    reworded,
    tags,
    trash_to_gain,
)
from engine.context import Context, TriggerContext
from engine.model import (
    ACTION,
    ATTACK,
    CURSE,
    REACTION,
    TREASURE,
    VICTORY,
    Card,
    Cost,
    CostLimit,
    Effect,
    PlayEffect,
    Trigger,
)
from engine.state import TRASH, PlayerZone
from engine.targets import HAND, Count, Gain, Targets, of

if TYPE_CHECKING:
    from engine.api import CardAPI

INTRIGUE = "intrigue"


_kingdom = kingdom_maker(INTRIGUE)


# --- shared pieces ---------------------------------------------------------------------


def trash_from_hand(ctx: Context, count: int, prompt: str) -> Effect[int]:
    """Trash exactly ``count`` cards from hand (all of them with fewer); returns how many."""
    game = ctx.game
    hand = game.player(ctx.player).hand
    chosen = yield from game.choose_cards(
        ctx.player, ctx.name, hand, count, count, prompt, purpose="trash"
    )
    trashed = 0
    for card in chosen:
        moved = yield from game.trash(ctx.player, card, ("hand", ctx.player))
        trashed += bool(moved)
    return trashed


def _discard_hand(ctx: Context, player: int) -> Effect[None]:
    game = ctx.game
    yield from game.discard_cards(player, list(game.player(player).hand))


# --- Baron -------------------------------------------------------------------------------


def _baron(ctx: Context) -> Effect[None]:
    game = ctx.game
    estates = [c for c in game.player(ctx.player).hand if game.name_of(c) == "Estate"]
    if estates:
        discard = yield from game.yes_no(ctx.player, ctx.name, "discard an Estate for +4 coins?")
        if discard:
            if (yield from game.discard(ctx.player, estates[0])):
                game.bonus(ctx.player, coins=4)
            return
    yield from game.gain(ctx.player, "Estate")


BARON_1, BARON_2 = reworded(
    _kingdom(
        "Baron",
        4,
        {ACTION},
        "+1 Buy. You may discard an Estate from your hand; if you do, +4 coins; if you do "
        "not, gain an Estate.",
        buys=1,
        effect=_baron,
        declares=tags("+buys", "+coins", "discards", "gains"),
        targets=Targets(
            gains=(Gain(names=of("Estate")),),
            names=(("Estate", "gives +4 coins for discarding an Estate"),),
        ),
    ),
    "+1 Buy. You may discard an Estate for +4 coins. If you don't, gain an Estate.",
)


# --- Bridge ------------------------------------------------------------------------------


def _bridge_discount(_game: CardAPI, _card: Card) -> int:
    reduction: int = rules.bridge_reduction(1)
    return reduction


BRIDGE = _kingdom(
    "Bridge",
    4,
    {ACTION},
    "+1 Buy, +1 coin. This turn, all cards cost 1 coin less (not below 0).",
    buys=1,
    coins=1,
    # Each play lowers costs once more for the rest of the turn, whether or not the
    # Bridge stays in play: Throne Room on Bridge lowers them by 2 (as 2nd-edition Quarry).
    static=(CostChange("turn", _bridge_discount),),
    lasting=lambda ctx: ctx.game.start_lasting_cost(ctx),
    declares=tags("+buys", "+coins"),
    targets=Targets(reduces=of()),
)


# --- Conspirator -------------------------------------------------------------------------


def _conspirator(ctx: Context) -> Effect[None]:
    game = ctx.game
    # Counted up to 3 only: counting every play of the turn at each play was quadratic
    # over thousands of Conspirators.
    action_plays = (
        name for name in game.state.turn.plays if game.definition_by_name(name).is_(ACTION)
    )
    if sum(1 for _ in islice(action_plays, 3)) == 3:
        game.draw(ctx.player, 1)
        game.bonus(ctx.player, actions=1)
    yield from ()


CONSPIRATOR = _kingdom(
    "Conspirator",
    4,
    {ACTION},
    "+2 coins. If you have played 3 or more Actions this turn (this one included), +1 Card "
    "and +1 Action.",
    coins=2,
    effect=_conspirator,
    declares=tags("+coins", "draws", "+actions", "counts-plays"),
    targets=Targets(counts=(Count("played", of(ACTION)),), asks=of(ACTION)),
)


# --- Coppersmith (1st edition) -------------------------------------------------------------


def _coppersmith(ctx: Context) -> None:
    # One lasting trigger per play: two plays (or Throne Room) make Copper worth 3.
    ctx.game.start_lasting(ctx, 0)


def _copper_played(ctx: TriggerContext) -> bool:
    card = ctx.happening.card
    return card is not None and ctx.game.name_of(card) == "Copper"


COPPERSMITH = _kingdom(
    "Coppersmith",
    4,
    {ACTION},
    "Each Copper you play this turn gives 1 coin more.",
    editions=(1,),
    lasting=_coppersmith,
    triggers=(Trigger("play", "turn", owner_bonus(coins=1), _copper_played),),
    declares=tags("+coins", "boosts-treasures"),
    targets=Targets(names=(("Copper", "makes each Copper played this turn give 1 coin more"),)),
)


# --- Courtyard ---------------------------------------------------------------------------


def _courtyard(ctx: Context) -> Effect[None]:
    yield from move_from_hand(
        ctx.game, ctx.player, ctx.name, 1, "put a card on your deck", purpose="topdeck"
    )


COURTYARD = _kingdom(
    "Courtyard",
    2,
    {ACTION},
    "+3 Cards. Put a card from your hand on top of your deck.",
    cards=3,
    effect=_courtyard,
    declares=tags("draws", "topdecks"),
)


# --- Duke, Great Hall, Harem ------------------------------------------------------------------

DUKE = _kingdom(
    "Duke",
    5,
    {VICTORY},
    "Worth 1 VP for each Duchy you have.",
    vp_counter=lambda owned: sum(1 for card in owned if card.name == "Duchy"),
    declares=tags("victory", "counts-cards"),
    targets=Targets(
        counts=(Count("owned", names=of("Duchy")),),
        names=(("Duchy", "is worth 1 VP for each Duchy its owner has"),),
    ),
)
GREAT_HALL = _kingdom(
    "Great Hall",
    3,
    {ACTION, VICTORY},
    "+1 Card, +1 Action. Worth 1 VP.",
    editions=(1,),
    cards=1,
    actions=1,
    vp=1,
    declares=tags("draws", "+actions", "victory"),
)
HAREM = _kingdom(
    "Harem",
    6,
    {TREASURE, VICTORY},
    "Worth 2 coins. Worth 2 VP.",
    coins=2,
    vp=2,
    declares=tags("+coins", "victory"),
)


# --- Ironworks ---------------------------------------------------------------------------


def _ironworks(ctx: Context) -> Effect[None]:
    game = ctx.game
    gained = yield from gain_one(ctx, CostLimit(4), "gain a card costing up to 4")
    if gained is None:
        return
    # The bonus follows what the gained card is, wherever a when-gain effect moved it.
    definition = game.definition(gained)
    if definition.is_(ACTION):
        game.bonus(ctx.player, actions=1)
    if definition.is_(TREASURE):
        game.bonus(ctx.player, coins=1)
    if definition.is_(VICTORY):
        game.draw(ctx.player, 1)


IRONWORKS_1, IRONWORKS_2 = reworded(
    _kingdom(
        "Ironworks",
        4,
        {ACTION},
        "Gain a card costing up to 4 coins. If it is an Action card, +1 Action; a Treasure "
        "card, +1 coin; a Victory card, +1 Card.",
        effect=_ironworks,
        declares=tags("gains", "+actions", "+coins", "draws", "counts-types", "tests-cost"),
        targets=Targets(
            gains=(Gain(max_cost=4, inspected=True),), asks=of(ACTION, TREASURE, VICTORY)
        ),
    ),
    "Gain a card costing up to 4 coins. For each of the gained card's types: Action, +1 "
    "Action; Treasure, +1 coin; Victory, +1 Card.",
)


# --- Masquerade --------------------------------------------------------------------------


def _masquerade(skip_empty_hands: bool) -> PlayEffect:
    def effect(ctx: Context) -> Effect[None]:
        game = ctx.game
        order = game.turn_order(ctx.player)
        passers = [p for p in order if game.player(p).hand]
        if skip_empty_hands:
            # 2nd edition: only players with cards take part; alone, one passes to oneself.
            receiver = {p: passers[(i + 1) % len(passers)] for i, p in enumerate(passers)}
        else:
            # 1st edition: everyone passes left; an empty hand passes nothing but receives.
            receiver = {p: (p + 1) % game.players for p in passers}
        # Everyone chooses before anyone receives.
        passes: list[tuple[int, int]] = []
        for giver in passers:
            chosen = yield from game.choose_cards(
                giver,
                ctx.name,
                game.player(giver).hand,
                1,
                1,
                f"pass a card to p{receiver[giver] + 1}",
                purpose="pass",
            )
            passes.extend((giver, card) for card in chosen)
        for giver, card in passes:
            game.pass_card(giver, card, receiver[giver])
        hand = game.player(ctx.player).hand
        trashed = yield from game.choose_cards(
            ctx.player, ctx.name, hand, 0, 1, "you may trash a card from your hand", purpose="trash"
        )
        for card in trashed:
            yield from game.trash(ctx.player, card, ("hand", ctx.player))

    return effect


MASQUERADE_1 = _kingdom(
    "Masquerade",
    3,
    {ACTION},
    "+2 Cards. Each player passes a card from their hand to the player on their left, all "
    "at once. Then you may trash a card from your hand.",
    editions=(1,),
    cards=2,
    effect=_masquerade(skip_empty_hands=False),
    declares=tags("draws", "passes-cards", "trashes"),
    targets=Targets(trashes=of("hand")),
)
MASQUERADE_2 = _kingdom(
    "Masquerade",
    3,
    {ACTION},
    "+2 Cards. Each player with cards in hand passes one, all at once, to the next player "
    "on their left who has cards in hand. Then you may trash a card from your hand.",
    editions=(2,),
    cards=2,
    effect=_masquerade(skip_empty_hands=True),
    declares=tags("draws", "passes-cards", "trashes"),
    targets=Targets(trashes=of("hand")),
)


# --- Mining Village ----------------------------------------------------------------------


def _mining_village(ctx: Context) -> Effect[None]:
    game = ctx.game
    # Played again by Throne Room after being trashed, there is nothing left to trash.
    if ctx.card not in game.player(ctx.player).in_play:
        return
    if (yield from game.yes_no(ctx.player, ctx.name, "trash this for +2 coins?")):
        moved = yield from game.trash(ctx.player, ctx.card, ("in_play", ctx.player))
        if moved:
            game.bonus(ctx.player, coins=2)


MINING_VILLAGE_1, MINING_VILLAGE_2 = reworded(
    _kingdom(
        "Mining Village",
        4,
        {ACTION},
        "+1 Card, +2 Actions. You may trash this card at once; if you do, +2 coins.",
        cards=1,
        actions=2,
        effect=_mining_village,
        declares=tags("draws", "+actions", "+coins", "trashes-self"),
        targets=Targets(trashes=of("self")),
    ),
    "+1 Card, +2 Actions. You may trash this for +2 coins.",
)


# --- Minion ------------------------------------------------------------------------------

MINION_OPTIONS = ("+$2", "discard")


def _minion(ctx: Context) -> Effect[None]:
    game = ctx.game
    picked = yield from game.choose_option(ctx.player, ctx.name, MINION_OPTIONS, "choose one")
    if picked[0] == "+$2":
        game.bonus(ctx.player, coins=2)
        return
    yield from _discard_hand(ctx, ctx.player)
    game.draw(ctx.player, 4)
    for victim in game.attacked(ctx):
        if len(game.player(victim).hand) >= 5:
            yield from _discard_hand(ctx, victim)
            game.draw(victim, 4)


MINION = _kingdom(
    "Minion",
    5,
    {ACTION, ATTACK},
    "+1 Action. Choose one: +2 coins; or discard your hand, +4 Cards, and each other player "
    "with at least 5 cards in hand discards their hand and draws 4 cards.",
    actions=1,
    effect=_minion,
    options=MINION_OPTIONS,
    declares=tags("+actions", "+coins", "discards", "draws", "discards-others"),
)


# --- Nobles ------------------------------------------------------------------------------

NOBLES_OPTIONS = ("+3 Cards", "+2 Actions")


def _nobles(ctx: Context) -> Effect[None]:
    game = ctx.game
    picked = yield from game.choose_option(ctx.player, ctx.name, NOBLES_OPTIONS, "choose one")
    if picked[0] == "+3 Cards":
        game.draw(ctx.player, 3)
    else:
        game.bonus(ctx.player, actions=2)


NOBLES = _kingdom(
    "Nobles",
    6,
    {ACTION, VICTORY},
    "Choose one: +3 Cards; or +2 Actions. Worth 2 VP.",
    vp=2,
    effect=_nobles,
    options=NOBLES_OPTIONS,
    declares=tags("draws", "+actions", "victory"),
)


# --- Pawn --------------------------------------------------------------------------------

PAWN_OPTIONS = ("+1 Card", "+1 Action", "+1 Buy", "+$1")


def _pawn(ctx: Context) -> Effect[None]:
    game = ctx.game
    picked = yield from game.choose_option(
        ctx.player, ctx.name, PAWN_OPTIONS, "choose two different bonuses", 2, 2
    )
    # Both are picked first, then carried out in the card's order.
    if "+1 Card" in picked:
        game.draw(ctx.player, 1)
    if "+1 Action" in picked:
        game.bonus(ctx.player, actions=1)
    if "+1 Buy" in picked:
        game.bonus(ctx.player, buys=1)
    if "+$1" in picked:
        game.bonus(ctx.player, coins=1)


PAWN = _kingdom(
    "Pawn",
    2,
    {ACTION},
    "Choose two different ones: +1 Card; +1 Action; +1 Buy; +1 coin.",
    effect=_pawn,
    options=PAWN_OPTIONS,
    declares=tags("draws", "+actions", "+buys", "+coins"),
)


# --- Saboteur (1st edition) --------------------------------------------------------------------


def _saboteur(ctx: Context) -> Effect[None]:
    game = ctx.game
    for victim in game.attacked(ctx):
        revealed = []
        while True:
            card = game.reveal_top(victim)
            if card is None:
                break
            cost = game.cost(game.definition(card))
            if not rules.cost_at_most(Cost(3), cost):  # not "$3 or more"
                revealed.append(card)
                continue
            yield from game.trash(victim, card, ("revealed", victim))
            # The victim picks the replacement, and may take none.
            pile = yield from game.choose_gain(
                victim,
                ctx.name,
                CostLimit(cost - 2, relative_to=(card,)),
                f"you may gain a card costing up to {cost - 2}",
                optional=True,
            )
            if pile is not None:
                yield from game.gain(victim, pile)
            break
        yield from game.discard_cards(victim, revealed, "revealed")


SABOTEUR = _kingdom(
    "Saboteur",
    5,
    {ACTION, ATTACK},
    "Each other player reveals cards from the top of their deck until one costs 3 coins or "
    "more, trashes it, and may gain a card costing at most 2 coins less than it. They "
    "discard the other revealed cards.",
    editions=(1,),
    effect=_saboteur,
    declares=tags("reveals", "gains", "tests-cost"),
    targets=Targets(gains=(Gain(relative=True, receiver="others"),), trashes=of("others")),
)


# --- Scout (1st edition), Patrol (2nd edition) ------------------------------------------------

SCOUT = _kingdom(
    "Scout",
    4,
    {ACTION},
    "+1 Action. Reveal the top 4 cards of your deck. Put the revealed Victory cards into "
    "your hand and the others back on top in any order.",
    editions=(1,),
    actions=1,
    effect=reveal_four_keep(lambda card: card.is_(VICTORY)),
    declares=tags("+actions", "reveals", "topdecks"),
    targets=Targets(asks=of(VICTORY)),
)
PATROL = _kingdom(
    "Patrol",
    5,
    {ACTION},
    "+3 Cards. Reveal the top 4 cards of your deck. Put the Victory cards and Curses into "
    "your hand and the others back on top in any order.",
    editions=(2,),
    cards=3,
    effect=reveal_four_keep(lambda card: card.is_(VICTORY) or card.is_(CURSE)),
    declares=tags("draws", "reveals", "topdecks"),
    targets=Targets(
        asks=of(VICTORY),
        names=(("Curse", "puts revealed Curses into the hand with the Victory cards"),),
    ),
)


# --- Secret Chamber (1st edition) ---------------------------------------------------------------


def _secret_chamber(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = game.player(ctx.player).hand
    chosen = yield from game.choose_cards(
        ctx.player,
        ctx.name,
        hand,
        0,
        len(hand),
        "discard any number of cards for +1 coin each",
        purpose="discard",
    )
    discarded = yield from game.discard_cards(ctx.player, chosen)
    game.bonus(ctx.player, coins=len(discarded))


def _secret_chamber_react(ctx: TriggerContext) -> Effect[None]:
    game = ctx.game
    game.reveal(ctx.owner, [ctx.card])
    game.draw(ctx.owner, 2)
    hand = game.player(ctx.owner).hand
    count = min(2, len(hand))
    chosen = yield from game.choose_cards(
        ctx.owner,
        ctx.name,
        hand,
        count,
        count,
        "put 2 cards from your hand on your deck",
        purpose="topdeck",
    )
    yield from put_back_in_order(
        game, ctx.owner, ctx.name, chosen, "hand", prompt="top first", topdeck=True
    )


SECRET_CHAMBER = _kingdom(
    "Secret Chamber",
    2,
    {ACTION, REACTION},
    "Discard any number of cards; +1 coin per card discarded. When another player plays an "
    "Attack card, you may reveal this from your hand; if you do, +2 Cards, then put 2 cards "
    "from your hand on top of your deck.",
    editions=(1,),
    effect=_secret_chamber,
    triggers=(Trigger("attack", "hand", _secret_chamber_react, optional=True, who="others"),),
    declares=tags("+coins", "discards", "draws", "topdecks"),
)


# --- Shanty Town -------------------------------------------------------------------------


def _shanty_town(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = list(game.player(ctx.player).hand)
    game.reveal(ctx.player, hand)
    if not any(game.definition(card).is_(ACTION) for card in hand):
        game.draw(ctx.player, 2)
    yield from ()


SHANTY_TOWN = _kingdom(
    "Shanty Town",
    3,
    {ACTION},
    "+2 Actions. Reveal your hand. If it has no Action cards, +2 Cards.",
    actions=2,
    effect=_shanty_town,
    declares=tags("+actions", "reveals", "draws", "counts-types"),
    targets=Targets(counts=(Count("hand", of(ACTION)),), asks=of(ACTION)),
)


# --- Steward -----------------------------------------------------------------------------

STEWARD_OPTIONS = ("+2 Cards", "+$2", "trash")


def _steward(ctx: Context) -> Effect[None]:
    game = ctx.game
    picked = yield from game.choose_option(ctx.player, ctx.name, STEWARD_OPTIONS, "choose one")
    if picked[0] == "+2 Cards":
        game.draw(ctx.player, 2)
    elif picked[0] == "+$2":
        game.bonus(ctx.player, coins=2)
    else:
        yield from trash_from_hand(ctx, 2, "trash 2 cards from your hand")


STEWARD = _kingdom(
    "Steward",
    3,
    {ACTION},
    "Choose one: +2 Cards; or +2 coins; or trash 2 cards from your hand.",
    effect=_steward,
    options=STEWARD_OPTIONS,
    declares=tags("draws", "+coins", "trashes"),
    targets=Targets(trashes=of("hand")),
)


# --- Swindler ----------------------------------------------------------------------------


def _swindler(ctx: Context) -> Effect[None]:
    game = ctx.game
    for victim in game.attacked(ctx):
        card = game.top_of_deck(victim)
        if card is None:
            continue
        cost = game.cost(game.definition(card))
        trashed = yield from game.trash(victim, card, ("deck", victim))
        if not trashed:
            continue
        # The attacker picks; an empty pile cannot be picked to give nothing.
        pile = yield from game.choose_gain(
            ctx.player,
            ctx.name,
            CostLimit(cost, exactly=True, relative_to=(card,)),
            f"pick a card costing {cost} for p{victim + 1} to gain",
        )
        if pile is not None:
            yield from game.gain(victim, pile)


SWINDLER_1, SWINDLER_2 = reworded(
    _kingdom(
        "Swindler",
        3,
        {ACTION, ATTACK},
        "+2 coins. Each other player trashes the top card of their deck and replaces it with a "
        "card of the same cost that you choose.",
        coins=2,
        effect=_swindler,
        declares=tags("+coins", "trashes", "tests-cost"),
        targets=Targets(gains=(Gain(relative=True, receiver="others"),), trashes=of("others")),
    ),
    "+2 coins. Each other player trashes the top card of their deck and gains a card of the "
    "same cost that you choose.",
)


# --- Torturer ----------------------------------------------------------------------------

TORTURER_OPTIONS = ("discard", "Curse")


def _torturer(ctx: Context) -> Effect[None]:
    game = ctx.game
    for victim in game.attacked(ctx):
        # Either fate may be picked even when it cannot be carried out in full.
        picked = yield from game.choose_option(
            victim, ctx.name, TORTURER_OPTIONS, "discard 2 cards, or gain a Curse to your hand"
        )
        if picked[0] == "discard":
            yield from move_from_hand(ctx.game, victim, ctx.name, 2, "discard 2 cards")
        else:
            yield from game.gain(victim, "Curse", "hand")


TORTURER_1, TORTURER_2 = reworded(
    _kingdom(
        "Torturer",
        5,
        {ACTION, ATTACK},
        "+3 Cards. Each other player chooses one: they discard 2 cards; or they gain a Curse, "
        "putting it in their hand.",
        cards=3,
        effect=_torturer,
        options=TORTURER_OPTIONS,
        declares=tags("draws", "discards-others", "gives-curses"),
        targets=Targets(gains=(Gain(names=of("Curse"), to=HAND, receiver="others"),)),
    ),
    "+3 Cards. Each other player either discards 2 cards or gains a Curse to their hand, "
    "their choice; they may choose one they cannot carry out.",
)


# --- Trading Post ------------------------------------------------------------------------


def _trading_post(ctx: Context) -> Effect[None]:
    trashed = yield from trash_from_hand(ctx, 2, "trash 2 cards from your hand")
    if trashed == 2:
        yield from ctx.game.gain(ctx.player, "Silver", "hand")


TRADING_POST_1, TRADING_POST_2 = reworded(
    _kingdom(
        "Trading Post",
        5,
        {ACTION},
        "Trash 2 cards from your hand. If you do, gain a Silver and put it into your hand.",
        effect=_trading_post,
        declares=tags("trashes", "gains", "gains-to-hand"),
        targets=Targets(gains=(Gain(names=of("Silver"), to=HAND),), trashes=of("hand")),
    ),
    "Trash 2 cards from your hand. If you trashed 2, gain a Silver to your hand.",
)


# --- Tribute (1st edition) ---------------------------------------------------------------------


def _tribute(ctx: Context) -> Effect[None]:
    game = ctx.game
    left = (ctx.player + 1) % game.players
    revealed = reveal_top(ctx.game, left, 2)
    names = []
    for card in revealed:
        if game.name_of(card) not in names:
            names.append(game.name_of(card))
    yield from game.discard_cards(left, revealed, "revealed")
    for name in names:
        definition = game.definition_by_name(name)
        if definition.is_(ACTION):
            game.bonus(ctx.player, actions=2)
        if definition.is_(TREASURE):
            game.bonus(ctx.player, coins=2)
        if definition.is_(VICTORY):
            game.draw(ctx.player, 2)
    yield from ()


TRIBUTE = _kingdom(
    "Tribute",
    5,
    {ACTION},
    "The player to your left reveals and discards the top 2 cards of their deck. For each "
    "differently named card revealed: an Action gives +2 Actions, a Treasure +2 coins, a "
    "Victory card +2 Cards.",
    editions=(1,),
    effect=_tribute,
    declares=tags("reveals", "+actions", "+coins", "draws", "counts-types"),
    targets=Targets(asks=of(ACTION, TREASURE, VICTORY)),
)


# --- Upgrade -----------------------------------------------------------------------------


def _upgrade(ctx: Context) -> Effect[None]:
    yield from trash_to_gain(ctx, 1, exactly=True)


UPGRADE = _kingdom(
    "Upgrade",
    5,
    {ACTION},
    "+1 Card, +1 Action. Trash a card from your hand. Gain a card costing exactly 1 coin "
    "more than it.",
    cards=1,
    actions=1,
    effect=_upgrade,
    declares=tags("draws", "+actions", "trashes", "gains", "tests-cost"),
    targets=Targets(gains=(Gain(relative=True),), trashes=of("hand")),
)


# --- Wishing Well ------------------------------------------------------------------------


def _wishing_well(ctx: Context) -> Effect[None]:
    game = ctx.game
    named = yield from game.name_a_card(ctx.player, ctx.name, "name a card")
    card = game.reveal_top(ctx.player)
    if card is None:
        return
    destination: PlayerZone = "hand" if game.name_of(card) == named else "deck"
    game.put(ctx.player, card, ("revealed", ctx.player), destination)


WISHING_WELL = _kingdom(
    "Wishing Well",
    3,
    {ACTION},
    "+1 Card, +1 Action. Name a card, then reveal the top card of your deck. If it is the "
    "named card, put it into your hand.",
    cards=1,
    actions=1,
    effect=_wishing_well,
    declares=tags("draws", "+actions", "names-a-card", "reveals"),
)


# --- Courtier (2nd edition) ----------------------------------------------------------------------

COURTIER_OPTIONS = ("+1 Action", "+1 Buy", "+$3", "Gold")


def _courtier(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = game.player(ctx.player).hand
    chosen = yield from game.choose_cards(
        ctx.player, ctx.name, hand, 1, 1, "reveal a card", purpose="reveal"
    )
    if not chosen:
        return
    game.reveal(ctx.player, chosen)
    count = min(len(game.definition(chosen[0]).types), len(COURTIER_OPTIONS))
    picked = yield from game.choose_option(
        ctx.player, ctx.name, COURTIER_OPTIONS, f"choose {count} different", count, count
    )
    if "+1 Action" in picked:
        game.bonus(ctx.player, actions=1)
    if "+1 Buy" in picked:
        game.bonus(ctx.player, buys=1)
    if "+$3" in picked:
        game.bonus(ctx.player, coins=3)
    if "Gold" in picked:
        yield from game.gain(ctx.player, "Gold")


COURTIER = _kingdom(
    "Courtier",
    5,
    {ACTION},
    "Reveal a card from your hand. For each of its types, choose one different bonus: +1 "
    "Action; +1 Buy; +3 coins; gain a Gold.",
    editions=(2,),
    effect=_courtier,
    options=COURTIER_OPTIONS,
    declares=tags("reveals", "counts-types", "+actions", "+buys", "+coins", "gains"),
    targets=Targets(gains=(Gain(names=of("Gold")),), asks=of("types")),
)


# --- Diplomat (2nd edition) ----------------------------------------------------------------------


def _diplomat(ctx: Context) -> Effect[None]:
    game = ctx.game
    if len(game.player(ctx.player).hand) <= 5:
        game.bonus(ctx.player, actions=2)
    yield from ()


def _diplomat_react(ctx: TriggerContext) -> Effect[None]:
    game = ctx.game
    game.reveal(ctx.owner, [ctx.card])
    game.draw(ctx.owner, 2)
    yield from move_from_hand(game, ctx.owner, ctx.name, 3, "discard 3 cards")


def _five_or_more_in_hand(ctx: TriggerContext) -> bool:
    return len(ctx.game.player(ctx.owner).hand) >= 5


DIPLOMAT = _kingdom(
    "Diplomat",
    4,
    {ACTION, REACTION},
    "+2 Cards. If you have 5 or fewer cards in hand after drawing, +2 Actions. When another "
    "player plays an Attack card, you may first reveal this from a hand of 5 or more cards, "
    "to draw 2 cards and then discard 3.",
    editions=(2,),
    cards=2,
    effect=_diplomat,
    triggers=(
        Trigger(
            "attack",
            "hand",
            _diplomat_react,
            _five_or_more_in_hand,
            optional=True,
            who="others",
        ),
    ),
    declares=tags("draws", "+actions", "discards"),
)


# --- Lurker (2nd edition) ------------------------------------------------------------------------

LURKER_OPTIONS = ("trash", "gain")


def _lurker(ctx: Context) -> Effect[None]:
    game = ctx.game
    picked = yield from game.choose_option(
        ctx.player,
        ctx.name,
        LURKER_OPTIONS,
        "trash an Action card from the Supply, or gain one from the trash",
    )
    if picked[0] == "trash":
        tops = [
            cards[-1]
            for cards in game.state.supply.values()
            if cards and game.definition(cards[-1]).is_(ACTION)
        ]
        chosen = yield from game.choose_cards(
            ctx.player,
            ctx.name,
            tops,
            1,
            1,
            "trash an Action card from the Supply",
            purpose="trash",
        )
        for card in chosen:
            yield from game.trash(ctx.player, card, ("supply", game.name_of(card)))
        return
    actions = [card for card in game.state.trash if game.definition(card).is_(ACTION)]
    chosen = yield from game.choose_cards(
        ctx.player, ctx.name, actions, 1, 1, "gain an Action card from the trash", purpose="gain"
    )
    for card in chosen:
        yield from game.gain_card(ctx.player, card, TRASH)


LURKER = _kingdom(
    "Lurker",
    2,
    {ACTION},
    "+1 Action. Choose one: trash an Action card from the Supply; or gain an Action card "
    "from the trash.",
    editions=(2,),
    actions=1,
    effect=_lurker,
    options=LURKER_OPTIONS,
    declares=tags("+actions", "trashes", "gains", "gains-from-trash"),
    targets=Targets(
        gains=(Gain(types=of(ACTION), from_trash=True),), asks=of(ACTION), trashes=of("supply")
    ),
)


# --- Mill (2nd edition) ---------------------------------------------------------------------------


def _mill(ctx: Context) -> Effect[None]:
    game = ctx.game
    if not game.player(ctx.player).hand:
        return
    if not (yield from game.yes_no(ctx.player, ctx.name, "discard 2 cards for +2 coins?")):
        return
    discarded = yield from move_from_hand(game, ctx.player, ctx.name, 2, "discard 2 cards")
    if discarded == 2:
        game.bonus(ctx.player, coins=2)


MILL = _kingdom(
    "Mill",
    4,
    {ACTION, VICTORY},
    "+1 Card, +1 Action. You may discard 2 cards, for +2 coins. Worth 1 VP.",
    editions=(2,),
    cards=1,
    actions=1,
    vp=1,
    effect=_mill,
    declares=tags("draws", "+actions", "discards", "+coins", "victory"),
)


# --- Replace (2nd edition) ------------------------------------------------------------------------


def _replace(ctx: Context) -> Effect[None]:
    game = ctx.game
    gained = yield from trash_to_gain(ctx, 2)
    if gained is None:
        return
    definition = game.definition(gained)
    if definition.is_(ACTION) or definition.is_(TREASURE):
        # Only from the discard pile: a card a when-gain effect moved stays where it is.
        game.topdeck(ctx.player, gained, "discard")
    if definition.is_(VICTORY):
        for victim in game.attacked(ctx):
            yield from game.gain(victim, "Curse")


REPLACE = _kingdom(
    "Replace",
    5,
    {ACTION, ATTACK},
    "Trash a card from your hand. Gain a card costing up to 2 coins more than it. If it is "
    "an Action or Treasure, put it onto your deck; if it is a Victory card, each other "
    "player gains a Curse.",
    editions=(2,),
    effect=_replace,
    declares=tags("trashes", "gains", "topdecks", "gives-curses", "tests-cost"),
    targets=Targets(
        gains=(Gain(relative=True, inspected=True), Gain(names=of("Curse"), receiver="others")),
        asks=of(ACTION, TREASURE, VICTORY),
        trashes=of("hand"),
    ),
)


# --- Secret Passage (2nd edition) ---------------------------------------------------------------


# The labels a scenario can write: "top", "bottom", and "under N" (N cards above it). The
# decision itself offers every position of the deck however deep; the list here (used to
# validate and document answers) stops at a depth no real deck reaches.
SECRET_PASSAGE_OPTIONS = ("top", "bottom", *(f"under {depth}" for depth in range(1, 100)))


def _deck_positions(size: int) -> list[str]:
    """Labels for where a card can go in a deck of ``size`` cards, top to bottom."""
    if size == 0:
        return ["top"]
    return ["top"] + [f"under {depth}" for depth in range(1, size)] + ["bottom"]


def _secret_passage(ctx: Context) -> Effect[None]:
    game = ctx.game
    hand = game.player(ctx.player).hand
    chosen = yield from game.choose_cards(
        ctx.player,
        ctx.name,
        hand,
        1,
        1,
        "put a card from your hand into your deck",
        purpose="topdeck",
    )
    if not chosen:
        return
    labels = _deck_positions(len(game.player(ctx.player).deck))
    picked = yield from game.choose_option(ctx.player, ctx.name, labels, "where in your deck?")
    depth = labels.index(picked[0])
    game.put(ctx.player, chosen[0], ("hand", ctx.player), "deck", depth=depth)


SECRET_PASSAGE = _kingdom(
    "Secret Passage",
    4,
    {ACTION},
    "+2 Cards, +1 Action. Take a card from your hand and put it anywhere in your deck.",
    editions=(2,),
    cards=2,
    actions=1,
    effect=_secret_passage,
    options=SECRET_PASSAGE_OPTIONS,
    declares=tags("draws", "+actions", "topdecks"),
)


CARDS: tuple[Card, ...] = (
    BARON_1,
    BARON_2,
    BRIDGE,
    CONSPIRATOR,
    COPPERSMITH,
    COURTYARD,
    DUKE,
    GREAT_HALL,
    HAREM,
    IRONWORKS_1,
    IRONWORKS_2,
    MASQUERADE_1,
    MASQUERADE_2,
    MINING_VILLAGE_1,
    MINING_VILLAGE_2,
    MINION,
    NOBLES,
    PAWN,
    SABOTEUR,
    SCOUT,
    SECRET_CHAMBER,
    SHANTY_TOWN,
    STEWARD,
    SWINDLER_1,
    SWINDLER_2,
    TORTURER_1,
    TORTURER_2,
    TRADING_POST_1,
    TRADING_POST_2,
    TRIBUTE,
    UPGRADE,
    WISHING_WELL,
    COURTIER,
    DIPLOMAT,
    LURKER,
    MILL,
    PATROL,
    REPLACE,
    SECRET_PASSAGE,
)
