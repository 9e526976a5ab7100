"""Cornucopia & Guilds' piles outside the Supply and the cards that name them: Tournament
and its five Prizes (first edition), Joust and its six Rewards (second edition).

They cost $0 (the star on their cost only says they cannot be bought) and are no Kingdom
cards: each comes only from its pile, by the card that names it (``cornucopia.py``), one
copy of each Prize, and of each Reward one with 2 players and two with more (rulings
``rules/non-supply/1-2``). Once gained they are ordinary cards of their owner.
"""

from __future__ import annotations

from typing import Any

from engine.abilities import CostChange, PileSetup, SetsUp
from engine.api import CardAPI
from engine.cards.common import (
    deck_into_discard,
    discards_down_to,
    kingdom_maker,
    play_a_card,
    tags,
)
from engine.cards.cornucopia import CORNUCOPIA_GUILDS
from engine.cards.guilds import COFFERS
from engine.context import Context, TriggerContext
from engine.model import (
    ACTION,
    ATTACK,
    PRIZE,
    REWARD,
    TREASURE,
    VICTORY,
    Card,
    Effect,
    PlayEffect,
    Trigger,
)
from engine.state import PlayerZone
from engine.targets import DECK, HAND, Count, Gain, Plays, Targets, of

_make = kingdom_maker(CORNUCOPIA_GUILDS)


def _names(cards: tuple[Card, ...]) -> tuple[str, ...]:
    return tuple(card.name for card in cards)


def _rewards_each(players: int) -> int:
    """One of each Reward with 2 players, two with 3 to 6 (joust/2)."""
    return 1 if players == 2 else 2


def _card(name: str, types: set[str], text: str, edition: int, **fields: Any) -> Card:
    """A Prize (first edition) or a Reward (second edition): costing $0, no Kingdom card."""
    kind = PRIZE if edition == 1 else REWARD
    return _make(name, 0, {*types, kind}, text, editions=(edition,), kingdom=False, **fields)


# --- two options of four: Trusty Steed (Prize), Courser (Reward) -----------------------------

STEED_OPTIONS = ("+2 Cards", "+2 Actions", "+$2", "gain 4 Silvers")


def _two_options(and_deck: bool) -> PlayEffect:
    """Choose two different options; they are done in the order listed (trusty-steed/1,
    courser/1). The Silvers are as many as are left, up to 4; Trusty Steed then puts the
    deck into the discard pile (``and_deck``), Courser does not."""

    def effect(ctx: Context) -> Effect[None]:
        game = ctx.game
        picked = yield from game.choose_option(
            ctx.player, ctx.name, STEED_OPTIONS, "choose two different ones", 2, 2
        )
        if "+2 Cards" in picked:
            game.draw(ctx.player, 2)
        if "+2 Actions" in picked:
            game.bonus(ctx.player, actions=2)
        if "+$2" in picked:
            game.bonus(ctx.player, coins=2)
        if "gain 4 Silvers" in picked:
            for _ in range(4):
                yield from game.gain(ctx.player, "Silver")
            if and_deck:
                deck_into_discard(game, ctx.player)

    return effect


_SILVERS = Targets(gains=(Gain(names=of("Silver")),))

TRUSTY_STEED = _card(
    "Trusty Steed",
    {ACTION},
    "Choose two different ones: +2 Cards; +2 Actions; +2 coins; gain 4 Silvers and put "
    "your deck into your discard pile.",
    1,
    effect=_two_options(and_deck=True),
    options=STEED_OPTIONS,
    declares=tags("draws", "+actions", "+coins", "gains", "moves-deck"),
    targets=_SILVERS,
)
COURSER = _card(
    "Courser",
    {ACTION},
    "Choose two different ones: +2 Cards; +2 Actions; +2 coins; gain 4 Silvers.",
    2,
    effect=_two_options(and_deck=False),
    options=STEED_OPTIONS,
    declares=tags("draws", "+actions", "+coins", "gains"),
    targets=_SILVERS,
)


# --- the other Prizes ----------------------------------------------------------------------------


def _gold_onto_deck(ctx: Context) -> Effect[None]:
    yield from ctx.game.gain(ctx.player, "Gold", "deck")


BAG_OF_GOLD = _card(
    "Bag of Gold",
    {ACTION},
    "+1 Action. Gain a Gold onto your deck.",
    1,
    actions=1,
    effect=_gold_onto_deck,
    declares=tags("+actions", "gains", "gains-to-deck"),
    targets=Targets(gains=(Gain(names=of("Gold"), to=DECK),)),
)


def _unused_actions(ctx: Context) -> Effect[None]:
    # The Actions left when it is played, in the Buy phase (diadem/1-2).
    ctx.game.bonus(ctx.player, coins=ctx.game.state.turn.actions)
    yield from ()


DIADEM = _card(
    "Diadem",
    {TREASURE},
    "Worth 2 coins. When you play this, +1 coin per unused Action you have.",
    1,
    coins=2,
    effect=_unused_actions,
    declares=tags("+coins"),
)


def _followers(ctx: Context) -> Effect[None]:
    game = ctx.game
    yield from game.gain(ctx.player, "Estate")
    for victim in game.attacked(ctx):  # each in turn: the Curse, then the discarding
        yield from game.gain(victim, "Curse")
        yield from discards_down_to(ctx, victim, 3)


FOLLOWERS = _card(
    "Followers",
    {ACTION, ATTACK},
    "+2 Cards. Gain an Estate. Each other player gains a Curse and discards down to 3 cards "
    "in hand.",
    1,
    cards=2,
    effect=_followers,
    declares=tags("draws", "gains", "gives-curses", "discards-others"),
    targets=Targets(gains=(Gain(names=of("Estate")), Gain(names=of("Curse"), receiver="others"))),
)


def _two_less(_game: CardAPI, _card: Card) -> int:
    return 2


PRINCESS = _card(
    "Princess",
    {ACTION},
    "+1 Buy. While this is in play, cards cost 2 coins less, but not less than 0.",
    1,
    buys=1,
    # While in play: one Princess played twice lowers costs once (princess/2).
    static=(CostChange("in_play", _two_less),),
    declares=tags("+buys", "while-in-play"),
    targets=Targets(reduces=of()),
)

# --- the other Rewards ---------------------------------------------------------------------------


def _coronet(ctx: Context) -> Effect[None]:
    # Each half optional, the Action first (coronet/1); never a Reward (coronet/3).
    yield from play_a_card(ACTION, 2, optional=True, excluded=REWARD)(ctx)
    yield from play_a_card(TREASURE, 2, optional=True, excluded=REWARD)(ctx)


CORONET = _card(
    "Coronet",
    {ACTION, TREASURE},
    "You may play a non-Reward Action card from your hand twice. You may play a non-Reward "
    "Treasure from your hand twice.",
    2,
    effect=_coronet,
    declares=tags("plays-actions", "plays-treasures"),
    targets=Targets(plays=Plays(of(ACTION, TREASURE), HAND, 2, excluded=of(REWARD))),
)


def _demesne_vp(owned: list[Card]) -> int:
    return sum(1 for card in owned if card.name == "Gold")


def _gain_gold(ctx: Context) -> Effect[None]:
    yield from ctx.game.gain(ctx.player, "Gold")


DEMESNE = _card(
    "Demesne",
    {ACTION, VICTORY},
    "+2 Actions, +2 Buys. Gain a Gold. Worth 1 VP per Gold you have.",
    2,
    actions=2,
    buys=2,
    effect=_gain_gold,
    vp_counter=_demesne_vp,
    declares=tags("+actions", "+buys", "gains", "victory", "counts-cards"),
    targets=Targets(gains=(Gain(names=of("Gold")),), counts=(Count("owned", names=of("Gold")),)),
)


def _housecarl(ctx: Context) -> Effect[None]:
    game = ctx.game
    in_play = game.player(ctx.player).in_play
    names = {game.name_of(card) for card in in_play if game.definition(card).is_(ACTION)}
    game.draw(ctx.player, len(names))
    yield from ()


HOUSECARL = _card(
    "Housecarl",
    {ACTION},
    "+1 Card per differently named Action card you have in play.",
    2,
    effect=_housecarl,
    declares=tags("draws", "counts-cards"),
    targets=Targets(counts=(Count("in_play", types=of(ACTION)),)),
)


def _huge_turnip(ctx: Context) -> Effect[None]:
    game = ctx.game
    game.add_tokens(ctx.player, COFFERS, 2)
    # Counted, not spent: the tokens stay (huge-turnip/1).
    game.bonus(ctx.player, coins=game.tokens(ctx.player, COFFERS))
    yield from ()


HUGE_TURNIP = _card(
    "Huge Turnip",
    {TREASURE},
    "+2 Coffers. +1 coin per Coffers you have.",
    2,
    effect=_huge_turnip,
    declares=tags("coffers", "+coins"),
)

RENOWN = _card(
    "Renown",
    {ACTION},
    "+1 Buy. This turn, cards cost 2 coins less (not below 0).",
    2,
    buys=1,
    # Each play lowers costs for the rest of the turn (renown/2: Throne Room, 4 less).
    static=(CostChange("turn", _two_less),),
    lasting=lambda ctx: ctx.game.start_lasting_cost(ctx),
    declares=tags("+buys"),
    targets=Targets(reduces=of()),
)

PRIZES: tuple[Card, ...] = (BAG_OF_GOLD, DIADEM, FOLLOWERS, PRINCESS, TRUSTY_STEED)
REWARDS: tuple[Card, ...] = (CORONET, COURSER, DEMESNE, HOUSECARL, HUGE_TURNIP, RENOWN)


# --- Tournament and Joust: the cards that name the piles --------------------------------------


def _gain_from(ctx: Context, pile: str, to: PlayerZone) -> Effect[None]:
    """Gain a card of its player's choice from ``pile`` (any of it, not only the top:
    tournament/2, joust/1); nothing when it is empty."""
    game = ctx.game
    left = sorted({game.name_of(card) for card in game.state.piles.get(pile, ())})
    if not left:
        return
    picked = yield from game.choose_option(
        ctx.player, ctx.name, left, f"gain one of the {pile}", purpose="gain"
    )
    yield from game.gain_from_pile(ctx.player, pile, picked[0], to)


TOURNAMENT_OPTIONS = ("Prize", "Duchy")


def _tournament(ctx: Context) -> Effect[None]:
    game = ctx.game
    revealed: dict[int, int] = {}
    for player in game.turn_order(ctx.player):  # its player first, then in turn order
        provinces = [c for c in game.player(player).hand if game.name_of(c) == "Province"]
        chosen = yield from game.choose_cards(
            player, ctx.name, provinces, 0, 1, "you may reveal a Province", purpose="reveal"
        )
        if chosen:
            game.reveal(player, chosen)
            revealed[player] = chosen[0]
    if ctx.player in revealed and (yield from game.discard(ctx.player, revealed[ctx.player])):
        # A Prize or a Duchy, either chosen even when nothing is left of it (tournament/3).
        picked = yield from game.choose_option(
            ctx.player, ctx.name, TOURNAMENT_OPTIONS, "gain a Prize or a Duchy onto your deck"
        )
        if picked == ["Prize"]:
            yield from _gain_from(ctx, "Prizes", "deck")
        else:
            yield from game.gain(ctx.player, "Duchy", "deck")
    if not revealed.keys() - {ctx.player}:
        game.bonus(ctx.player, cards=1, coins=1)


TOURNAMENT = _make(
    "Tournament",
    4,
    {ACTION},
    "+1 Action. Each player may reveal a Province from their hand. If you do, discard it "
    "and gain any Prize (from the Prize pile) or a Duchy, onto your deck. If no one else "
    "does, +1 Card and +1 coin.",
    editions=(1,),
    actions=1,
    effect=_tournament,
    options=TOURNAMENT_OPTIONS,
    static=(
        SetsUp(piles=(PileSetup("Prizes", _names(PRIZES), lambda _players: 1, supply=False),)),
    ),
    declares=tags("+actions", "reveals", "discards", "gains", "gains-to-deck", "draws", "+coins"),
    targets=Targets(
        gains=(Gain(types=of(PRIZE), to=DECK), Gain(names=of("Duchy"), to=DECK)),
        names=(("Province", "reveals a Province for a Prize"),),
    ),
)


def _joust(ctx: Context) -> Effect[None]:
    game = ctx.game
    provinces = [c for c in game.player(ctx.player).hand if game.name_of(c) == "Province"]
    chosen = yield from game.choose_cards(
        ctx.player, ctx.name, provinces, 0, 1, "you may set aside a Province for a Reward",
        purpose="set_aside",
    )  # fmt: skip
    if chosen and game.set_aside(ctx.player, chosen[0]):
        # Discarded in Clean-up (joust/1), even with no Reward left (joust/3).
        game.hold(ctx.player, chosen[0], ctx.card)
        game.start_lasting(ctx, 0)
        yield from _gain_from(ctx, "Rewards", "hand")


def _discard_the_province(ctx: TriggerContext) -> Effect[None]:
    held = ctx.game.take_held(ctx.owner, ctx.card)
    yield from ctx.game.discard_cards(ctx.owner, held, "set_aside")


JOUST = _make(
    "Joust",
    5,
    {ACTION},
    "+1 Card, +1 Action, +1 coin. You may set aside a Province from your hand to gain any "
    "Reward into your hand. Discard the Province in Clean-up.",
    editions=(2,),
    cards=1,
    actions=1,
    coins=1,
    effect=_joust,
    triggers=(Trigger("cleanup", "turn", _discard_the_province),),
    static=(
        SetsUp(
            piles=(PileSetup("Rewards", _names(REWARDS), _rewards_each, supply=False),),
        ),
    ),
    declares=tags("draws", "+actions", "+coins", "sets-aside", "gains", "gains-to-hand"),
    targets=Targets(
        gains=(Gain(types=of(REWARD), to=HAND),),
        names=(("Province", "sets a Province aside for a Reward"),),
    ),
)

CARDS: tuple[Card, ...] = (TOURNAMENT, *PRIZES, JOUST, *REWARDS)
