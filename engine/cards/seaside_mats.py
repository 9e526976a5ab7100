"""Seaside's Kingdom cards that need player mats, tokens, set-aside cards or extra turns,
first edition (2009) and second edition (2022); the rest of the set is in
engine/cards/seaside.py, whose Duration pattern these cards share.

Card texts are our own summaries. A card whose text changed between editions has one
definition per edition; a card printed in one edition only carries that edition.

Mechanics and where they live:

* Cards set aside with a Duration card (Haven's, Blockade's: ``HoldsSetAside``) are in the
  player's ``set_aside`` zone and held with it (``Game.hold``): its start-of-turn part
  puts one into the hand per play (``Game.put_held_into_hand``).
* The Island and Native Village mats are declared here (``MATS``): zone kinds
  (``island``, ``native_village``) whose cards go there and back by the move primitive
  (``Game.put_on_mat``, ``Game.put_into_hand``); they are the player's, so the score
  counts them.
* Outpost (``GivesExtraTurn``): ``Game.draw_next_hand`` (the Clean-up draws 3) and
  ``Game.queue_turn`` (an ``extra`` turn of its player); the turn loop starts the extra
  turn (``TurnState.extra``) unless the game ended, and does not count it in
  ``turns_taken``.
* Embargo's tokens are the kind ``embargo`` declared here (``TOKENS``: on piles), put by
  ``Game.add_pile_token``; the Curses they give come from a game-long buy trigger
  (``where="game"``). Pirate Ship's Coin tokens are the kind ``pirate_ship`` (on the
  player's mat: ``Game.add_tokens``).
* The active player's gains are recorded for the turn (``TurnState.gains``: card, bought,
  phase), and become their ``PlayerState.gained_last_turn`` when it ends (Smugglers).
  First-edition Treasury listens to the Clean-up while in play; the second edition's
  play sets up a trigger for the end of the Buy phase (``buy_end``).
"""

from __future__ import annotations

from dataclasses import replace

from engine.abilities import GivesExtraTurn, HoldsSetAside
from engine.cards.common import (
    discard_revealed,
    gain_one,
    kingdom_maker,
    lasting_trigger,
    reveal_top,
    reworded,
    tags,
    topdeck_self,
    treasures_among,
)
from engine.cards.seaside import SEASIDE, stays
from engine.context import Context, TriggerContext
from engine.model import (
    ACTION,
    ATTACK,
    DURATION,
    TREASURE,
    VICTORY,
    Card,
    CostLimit,
    Effect,
    Trigger,
)
from engine.targets import TOKEN, WHILE_IN_PLAY, Count, Gain, Targets, Watch, of
from engine.tokens import Mat, TokenKind

_kingdom = kingdom_maker(SEASIDE)

# Seaside's mats and tokens: the Island and Native Village mats hold cards; Embargo's
# tokens sit on Supply piles; Pirate Ship's Coin tokens on the player's Pirate Ship mat.
MATS = (
    Mat("island", "Island", "Island"),
    Mat("native_village", "Native Village", "Native Village"),
)
TOKENS = (
    TokenKind("embargo", "Embargo", "pile", "embargo", SEASIDE, needs="Embargo", added="embargoes"),
    TokenKind(
        "pirate_ship",
        "Pirate Ship",
        "player",
        "pirate_ship",
        SEASIDE,
        needs="Pirate Ship",
        added="takes a Coin token",
    ),
)


# --- cards set aside until the next turn ----------------------------------------------------


def _put_held_into_hand(ctx: TriggerContext) -> Effect[None]:
    """The start-of-turn part of one play of Haven or Blockade: its card into the hand."""
    ctx.game.put_held_into_hand(ctx.owner, ctx.card)
    yield from ()


def _haven(ctx: Context) -> Effect[None]:
    game, player = ctx.game, ctx.player
    chosen = yield from game.choose_cards(
        player, ctx.name, game.player(player).hand, 1, 1, "set a card aside for your next turn",
        purpose="set_aside",
    )  # fmt: skip
    for card in chosen:
        if game.set_aside(player, card) and game.hold(player, card, ctx.card):
            stays(ctx)


HAVEN_1, HAVEN_2 = reworded(
    _kingdom(
        "Haven",
        2,
        {ACTION, DURATION},
        "+1 Card, +1 Action. Set a card from your hand aside face down; at the start of your "
        "next turn, put it into your hand.",
        cards=1,
        actions=1,
        effect=_haven,
        triggers=(Trigger("start", "next_turn", _put_held_into_hand),),
        static=(HoldsSetAside(),),
        declares=tags("draws", "+actions", "sets-aside", "duration-like"),
    ),
    "+1 Card, +1 Action. Set a card from your hand aside face down, under this; at the start "
    "of your next turn, put it into your hand.",
)


def _blockade(ctx: Context) -> Effect[None]:
    game = ctx.game
    gained = yield from gain_one(
        ctx, CostLimit(4), "gain a card costing up to 4, set aside", to="set_aside"
    )
    # A card a Watchtower moved is not set aside: nothing more happens (seaside/blockade/3).
    if gained is not None and game.hold(ctx.player, gained, ctx.card):
        game.attacks_until_done(ctx, held=gained)
        stays(ctx)


def _copies_blockaded(ctx: TriggerContext) -> int:
    """How many of the cards this Blockade holds are copies of the card another player just
    gained on their own turn and were set aside by a play that affects that player."""
    game, happening = ctx.game, ctx.happening
    gainer, gained = happening.player, happening.card
    if gainer != game.active or gained is None:
        return 0
    name = game.name_of(gained)
    return sum(
        1
        for card in game.held_with(ctx.owner, ctx.card)
        if game.name_of(card) == name and game.still_attacks(ctx.owner, ctx.card, gainer, card)
    )


def _curse_the_gainer(ctx: TriggerContext) -> Effect[None]:
    for _ in range(_copies_blockaded(ctx)):
        yield from ctx.game.gain(ctx.happening.player, "Curse")


BLOCKADE = _kingdom(
    "Blockade",
    4,
    {ACTION, DURATION, ATTACK},
    "Gain a card costing up to 4, setting it aside; at the start of your next turn, put it "
    "into your hand. While it is set aside, another player who gains a copy of it on their "
    "own turn also gains a Curse.",
    editions=(2,),
    effect=_blockade,
    triggers=(
        Trigger("start", "next_turn", _put_held_into_hand),
        Trigger(
            "gain",
            "in_play",
            _curse_the_gainer,
            lambda ctx: _copies_blockaded(ctx) > 0,
            who="others",
        ),
    ),
    static=(HoldsSetAside(),),
    declares=tags("gains", "tests-cost", "sets-aside", "gives-curses", "duration-like"),
    targets=Targets(
        gains=(
            Gain(max_cost=4, to="set_aside"),
            Gain(names=of("Curse"), receiver="others", when="watch"),
        ),
        watches=(
            Watch(
                "gain",
                WHILE_IN_PLAY,
                "gives another player who gains a copy of its set-aside card on their own"
                " turn a Curse",
                turns="any",
            ),
        ),
    ),
)


# --- player mats -------------------------------------------------------------------------


def _island(ctx: Context) -> Effect[None]:
    game, player = ctx.game, ctx.player
    # A second play (Throne Room) finds Island on the mat already and moves a card only.
    game.put_on_mat(player, ctx.card, ("in_play", player), "island")
    chosen = yield from game.choose_cards(
        player, ctx.name, game.player(player).hand, 1, 1, "put a card on your Island mat",
        purpose="set_aside",
    )  # fmt: skip
    for card in chosen:
        game.put_on_mat(player, card, ("hand", player), "island")


ISLAND_1, ISLAND_2 = reworded(
    _kingdom(
        "Island",
        4,
        {ACTION, VICTORY},
        "Set aside this and another card from your hand; return them to your deck at the "
        "end of the game. Worth 2 VP.",
        vp=2,
        effect=_island,
        declares=tags("sets-aside", "victory"),
    ),
    "Put this and a card from your hand onto your Island mat. Worth 2 VP.",
)

NATIVE_VILLAGE_OPTIONS = ("mat", "hand")


def _native_village(ctx: Context) -> Effect[None]:
    game, player = ctx.game, ctx.player
    picked = yield from game.choose_option(
        player,
        ctx.name,
        NATIVE_VILLAGE_OPTIONS,
        "put your deck's top card on your Native Village mat, or take the mat into your hand",
    )
    if picked == ["mat"]:
        top = game.top_of_deck(player)  # shuffles an empty deck first
        if top is not None:
            game.put_on_mat(player, top, ("deck", player), "native_village")
        return
    for card in list(game.player(player).mats["native_village"]):
        game.put_into_hand(player, card, ("native_village", player))


NATIVE_VILLAGE_1, NATIVE_VILLAGE_2 = reworded(
    _kingdom(
        "Native Village",
        2,
        {ACTION},
        "+2 Actions. Choose one: set the top card of your deck aside face down on your "
        "Native Village mat; or put all the cards from the mat into your hand. You may look "
        "at the mat at any time; return its cards to your deck at the end of the game.",
        actions=2,
        effect=_native_village,
        options=NATIVE_VILLAGE_OPTIONS,
        declares=tags("+actions", "sets-aside"),
    ),
    "+2 Actions. Choose one: put the top card of your deck face down on your Native Village "
    "mat (you may look at the mat at any time); or put all the cards from the mat into your "
    "hand.",
)


# --- extra turns ---------------------------------------------------------------------------


# Outpost's play is all for the rest of the turn and asks nothing: its ``lasting``, which
# an Outpost a setup lists in play also does (engine/README.md).


def _outpost_1(ctx: Context) -> None:
    game = ctx.game
    game.draw_next_hand(3)
    # "Not more than two turns in a row": on a player's second turn in a row (an extra
    # turn, or the turn after a Possession turn) it gives no further one (its 3-card hand
    # still holds) and has nothing to stay in play for.
    if game.state.turn.in_a_row == 1:
        game.queue_turn(ctx.player)
        game.stay_in_play(ctx)


def _outpost_2(ctx: Context) -> None:
    game = ctx.game
    turn = game.state.turn
    # Only the first Outpost played this turn (this play is counted already), and only
    # when the previous turn was another player's: otherwise it does nothing at all.
    if turn.played_once(ctx.name) and turn.in_a_row == 1:
        game.draw_next_hand(3)
        game.queue_turn(ctx.player)
        game.stay_in_play(ctx)


OUTPOST_1 = _kingdom(
    "Outpost",
    5,
    {ACTION, DURATION},
    "You draw only 3 cards, not 5, in this turn's Clean-up. Take an extra turn after this "
    "one, unless it would be your third turn in a row.",
    editions=(1,),
    lasting=_outpost_1,
    static=(GivesExtraTurn(),),
    declares=tags("duration-like"),
)
OUTPOST_2 = replace(
    OUTPOST_1,
    text="If this is the first Outpost you played this turn and the previous turn was not "
    "yours: take an extra turn after this one, and draw only 3 cards for your next hand.",
    editions=(2,),
    lasting=_outpost_2,
    declares=tags("duration-like", "counts-plays"),
    targets=Targets(counts=(Count("played", names=of("Outpost")),)),
)


# --- tokens --------------------------------------------------------------------------------


def _embargo(ctx: Context) -> Effect[None]:
    game, player = ctx.game, ctx.player
    # The token comes with trashing Embargo, which happens once: a Throne Room's second
    # play gives the coins again but no token (seaside/embargo/5).
    trashed = yield from game.trash(player, ctx.card, ("in_play", player))
    if not trashed:
        return
    picked = yield from game.choose_option(
        player, ctx.name, list(game.state.supply), "put an Embargo token on a Supply pile"
    )
    for pile in picked:
        game.add_pile_token(player, pile, "embargo")


def _embargo_tokens(ctx: TriggerContext) -> int:
    """Embargo tokens on the pile of the card being bought."""
    bought = ctx.happening.card
    return 0 if bought is None else ctx.game.pile_tokens(ctx.game.name_of(bought), "embargo")


def _curse_per_token(ctx: TriggerContext) -> Effect[None]:
    game, bought = ctx.game, ctx.happening.card
    curses = game.state.supply.get("Curse", [])
    for _ in range(_embargo_tokens(ctx)):
        # Once no Curse is left the other tokens do nothing (seaside/embargo/3): stop,
        # rather than try a million gains from an empty pile. The bought card is still on
        # its pile and is not the token's (a token on the Curse pile: seaside/embargo/6).
        if not any(card != bought for card in curses[-2:]):  # one of two is not bought
            return
        yield from game.gain(ctx.happening.player, "Curse", besides=bought)


EMBARGO = _kingdom(
    "Embargo",
    2,
    {ACTION},
    "+2 coins. Trash this to put an Embargo token on a Supply pile. For the rest of the "
    "game, a player who buys a card from a pile gains a Curse per Embargo token on it.",
    editions=(1,),
    coins=2,
    effect=_embargo,
    triggers=(
        Trigger("buy", "game", _curse_per_token, lambda ctx: _embargo_tokens(ctx) > 0, who="any"),
    ),
    declares=tags("+coins", "trashes-self", "gives-curses", "when-buy"),
    targets=Targets(
        trashes=of("self"),
        gains=(Gain(names=of("Curse"), receiver="others", when="watch"),),
        watches=(
            Watch("buy", TOKEN, "gives the buyer a Curse per Embargo token on it", turns="any"),
        ),
    ),
)

PIRATE_SHIP_OPTIONS = ("reveal", "+$")


def _pirate_ship(ctx: Context) -> Effect[None]:
    game, player = ctx.game, ctx.player
    picked = yield from game.choose_option(
        player, ctx.name, PIRATE_SHIP_OPTIONS, "attack, or +1 coin per Coin token on your mat"
    )
    if picked == ["+$"]:
        game.bonus(player, coins=game.tokens(player, "pirate_ship"))
        return
    took = False
    for victim in game.attacked(ctx):
        revealed = reveal_top(game, victim, 2)
        chosen = yield from game.choose_cards(
            player, ctx.name, treasures_among(game, revealed), 1, 1,
            f"trash one of p{victim + 1}'s revealed Treasures", purpose="trash",
        )  # fmt: skip
        for card in chosen:
            trashed = yield from game.trash(victim, card, ("revealed", victim))
            took = took or trashed
        yield from discard_revealed(game, victim, revealed)
    if took:  # one token per play, however many players lost a Treasure
        game.add_tokens(player, "pirate_ship")


PIRATE_SHIP = _kingdom(
    "Pirate Ship",
    4,
    {ACTION, ATTACK},
    "Choose one: each other player reveals the top 2 cards of their deck, trashes a "
    "revealed Treasure you choose and discards the rest, and if anyone trashed a Treasure "
    "you take a Coin token onto your Pirate Ship mat; or +1 coin per Coin token on it.",
    editions=(1,),
    effect=_pirate_ship,
    options=PIRATE_SHIP_OPTIONS,
    declares=tags("reveals", "trashes", "discards-others", "+coins"),
    targets=Targets(trashes=of("others"), asks=of(TREASURE)),
)


# --- the last turn, and the end of the Buy phase ----------------------------------------------


def _smugglers(ctx: Context) -> Effect[None]:
    game, player = ctx.game, ctx.player
    right = (player - 1) % game.players
    gained = set(game.player(right).gained_last_turn)
    # A card is picked, then gained: a pile that ran out, or a card from no Supply pile
    # (a Prize), may be picked and gains nothing (rulings rules/non-supply/4).
    pile = yield from game.choose_gain(
        player,
        ctx.name,
        CostLimit(6),
        "gain a card the player on your right gained on their last turn",
        fits=lambda card: card.name in gained,
        empty_too=True,
        outside=gained,
    )
    if pile is not None:
        yield from game.gain(player, pile)


SMUGGLERS = _kingdom(
    "Smugglers",
    3,
    {ACTION},
    "Gain a copy of a card costing up to 6 that the player to your right gained on their "
    "last turn.",
    effect=_smugglers,
    declares=tags("gains", "tests-cost"),
    targets=Targets(gains=(Gain(max_cost=6),)),
)


def victory_gained(ctx: TriggerContext, *, bought: bool, phase: str | None) -> bool:
    """Whether a Victory card was gained this turn (``bought``: a bought one; ``phase``: in
    that phase): the test of Treasury's both editions."""
    game = ctx.game
    return any(
        game.definition_by_name(card).is_(VICTORY)
        and (was_bought or not bought)
        and (phase is None or then == phase)
        for card, was_bought, then in game.state.turn.gains
    )


def _topdeck_discarded(ctx: TriggerContext) -> Effect[None]:
    ctx.game.topdeck(ctx.owner, ctx.card, "discard")
    yield from ()


def _treasury_1_applies(ctx: TriggerContext) -> bool:
    # Discarded from play (in the Clean-up, after its start: Alchemist goes first) and still
    # in the discard pile.
    from_play = ctx.happening.data["from"] == "in_play"
    still_there = ctx.card in ctx.game.player(ctx.owner).discard
    return from_play and still_there and not victory_gained(ctx, bought=True, phase=None)


def _treasury_2_applies(ctx: TriggerContext) -> bool:
    in_play = ctx.card in ctx.game.player(ctx.owner).in_play
    return in_play and not victory_gained(ctx, bought=False, phase="buy")


TREASURY_1 = _kingdom(
    "Treasury",
    5,
    {ACTION},
    "+1 Card, +1 Action, +1 coin. When you discard this from play, if you bought no "
    "Victory card this turn, you may put this on top of your deck.",
    editions=(1,),
    cards=1,
    actions=1,
    coins=1,
    triggers=(Trigger("discard", "self", _topdeck_discarded, _treasury_1_applies, optional=True),),
    declares=tags("draws", "+actions", "+coins", "topdecks"),
)
TREASURY_2 = replace(
    TREASURY_1,
    text="+1 Card, +1 Action, +1 coin. At the end of your Buy phase this turn, if you gained "
    "no Victory card in it, you may put this onto your deck.",
    editions=(2,),
    lasting=lasting_trigger(0),
    triggers=(Trigger("buy_end", "turn", topdeck_self, _treasury_2_applies, optional=True),),
    declares=tags("draws", "+actions", "+coins", "topdecks"),
)


CARDS: tuple[Card, ...] = (
    HAVEN_1,
    HAVEN_2,
    ISLAND_1,
    ISLAND_2,
    NATIVE_VILLAGE_1,
    NATIVE_VILLAGE_2,
    OUTPOST_1,
    OUTPOST_2,
    SMUGGLERS,
    TREASURY_1,
    TREASURY_2,
    # 1st edition only
    EMBARGO,
    PIRATE_SHIP,
    # 2nd edition only
    BLOCKADE,
)
