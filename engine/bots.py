"""Bots: players that drive a :class:`~engine.game.Game` through its ordinary loop.

A bot never holds the game. It is handed a :class:`GameView`, which exposes only what its
player may know: their own hand, in-play cards and discard pile, the size (never the
order) of every deck, the top card of every discard pile, the cards in play, the Supply
counts, the trash, the turn's counters and the decision put to this player. A bot
returns a :class:`Command` (``play``/``buy`` a card, ``end`` the ``action`` phase or the
``turn``), :data:`PLAY_TREASURES` (play every Treasure in hand) or an :class:`Answer` to
its pending decision; :func:`make_move` applies it with ``Game.command`` /
``Game.play_treasures`` / ``Game.answer``, the same checked entry points scenarios and players
use, so a bot cannot make an illegal move go through.

Strategy lives here and only here: card definitions carry no hint for bots.

The bots:

- :class:`RandomBot` picks uniformly among the legal commands and answers decisions with
  a uniformly random legal answer.
- :class:`BigMoney` follows the canonical Big Money rule (see :func:`big_money_buy`) and
  plays every Treasure in hand.
- :class:`BigMoneyWith` is Big Money that also buys up to ``copies`` of one kingdom card
  and plays it whenever it can.

Decisions a bot has no opinion on get :func:`default_answer`: the minimum legal pick.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from engine.compiled import mypyc_attr
from engine.decisions import Decision
from engine.errors import IllegalMove
from engine.model import ACTION, CURSE, TREASURE, VICTORY, Card
from engine.setup_check import per_generation
from engine.view import (
    END_ACTIONS,
    END_TURN,
    PLAY_TREASURES,
    Answer,
    Bot,
    Command,
    GameView,
    Move,
    PlayTreasures,
)

if TYPE_CHECKING:
    from engine.game import Game

# What a bot sees and returns is defined in engine.view; imported from here as well.
__all__ = [
    "END_ACTIONS",
    "END_TURN",
    "PLAY_TREASURES",
    "Answer",
    "BigMoney",
    "BigMoneyWith",
    "Bot",
    "Command",
    "GameOver",
    "GameView",
    "Move",
    "PlayTreasures",
    "RandomBot",
    "big_money_buy",
    "card_value",
    "default_answer",
    "make_bot",
    "make_move",
    "play_game",
    "random_answer",
    "sensible_answer",
]


# ---------------------------------------------------------------------- answers


def default_answer(decision: Decision) -> Answer:
    """The minimum legal pick: the first ``min`` choices (all of them, as given, for an
    order; ``no`` for a yes/no question; no reaction for an optional reaction)."""
    if decision.kind == "yes_no":
        return Answer(False)
    if decision.kind == "amount":
        return Answer(decision.min)
    if decision.kind == "order":
        return Answer(decision.labels())
    return Answer(decision.labels()[: decision.min])


def random_answer(decision: Decision, rng: random.Random) -> Answer:
    """A uniformly random legal answer: a random number of picks in [min, max]."""
    if decision.kind == "yes_no":
        return Answer(rng.random() < 0.5)
    if decision.kind == "amount":
        return Answer(rng.randint(decision.min, decision.max))
    labels = decision.labels()
    if decision.kind == "order":
        return Answer(rng.sample(labels, len(labels)))
    high = min(decision.max, len(labels))
    count = rng.randint(min(decision.min, high), high)
    return Answer(rng.sample(labels, count))


def card_value(card: Card) -> int:
    """How much a Big Money player wants to keep a card: curses and pure Victory cards
    lowest, then by cost; used to pick what to discard or trash."""
    if card.is_(CURSE):
        return -10
    if card.is_(VICTORY) and not card.is_(ACTION) and not card.is_(TREASURE):
        return -5 + card.vp // 10
    return card.cost.coins


def sensible_answer(view: GameView, decision: Decision, bot: BigMoney) -> Answer:
    """Big Money's answers: react when it may, gain what it would buy, give up the worst
    cards when it must; anything else gets the minimum legal pick."""
    labels = decision.labels()
    if decision.kind == "react":
        return Answer(bot.reaction_to_reveal(view, labels))
    if decision.kind == "gain":
        costs = {label: view.cost(label).coins for label in labels}
        wanted = bot.choose_buy(view, max(costs.values()), set(labels))
        if wanted is not None:
            return Answer([wanted])
        if decision.min == 0:
            return Answer([])
        return Answer([max(labels, key=lambda name: (costs[name], name))])
    if decision.kind == "cards":
        ranked = sorted(labels, key=lambda name: card_value(view.card(name)))
        count = decision.min
        if decision.purpose == "trash":
            # Trash Curses freely; everything else only as much as the rules make us.
            curses = sum(1 for name in ranked if view.card(name).is_(CURSE))
            count = max(count, min(curses, decision.max))
        if decision.purpose in ("discard", "trash", "return"):
            return Answer(ranked[:count])
        return Answer(ranked[::-1][:count] if count else [])
    return default_answer(decision)


# ---------------------------------------------------------------------- the bots


class RandomBot:
    """Uniformly random among the legal commands; random legal answers."""

    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self.rng = random.Random(seed)
        self.name = name

    def act(self, view: GameView) -> Move:
        decision = view.pending
        if decision is not None:
            return random_answer(decision, self.rng)
        return self.rng.choice(view.legal_commands())


def big_money_buy(coins: int, provinces_left: int, colony: bool = False) -> str | None:
    """The canonical Big Money buy rule; what to buy with ``coins``, or None.

    - Province at 8 or more;
    - Duchy at 5 to 7 once 4 or fewer Provinces are left;
    - Gold at 6 to 7;
    - Estate at 2 to 4 once 2 or fewer Provinces are left;
    - Silver at 3 to 5;
    - nothing below 2 (Big Money never buys Copper or Curse).

    With Colony in the game, Colony at 11 or more and Platinum at 9 to 10 come first.
    """
    if colony and coins >= 11:
        return "Colony"
    if colony and coins >= 9:
        return "Platinum"
    if coins >= 8:
        return "Province"
    if coins >= 5 and provinces_left <= 4:
        return "Duchy"
    if coins >= 6:
        return "Gold"
    if 2 <= coins <= 4 and provinces_left <= 2:
        return "Estate"
    if coins >= 3:
        return "Silver"
    return None


@mypyc_attr(allow_interpreted_subclasses=True)  # benchmarks subclass it
@dataclass
class BigMoney:
    """Big Money: plays every Treasure, buys by :func:`big_money_buy`.

    It plays its Treasures all at once (:data:`PLAY_TREASURES`), or with
    ``treasures_at_once=False`` one ``play`` command at a time, first in hand first: the
    same game either way (``tests/test_bulk_paths.py``)."""

    name: str = "bigmoney"
    treasures_at_once: bool = True
    # Card name -> the command that plays it when it is a Treasure, else None (a cache:
    # definitions never change in a game).
    _treasure_plays: dict[str, Command | None] = field(
        default_factory=dict, repr=False, compare=False
    )
    # Card name -> the command that buys it (the same cache for buys).
    _buy_commands: dict[str, Command] = field(default_factory=dict, repr=False, compare=False)
    # The Reactions revealed to the event being answered, each with the hand it was
    # revealed from: a Reaction may be revealed again (rules/reactions/1), so a bot that
    # always reveals must stop by itself once revealing again could only repeat itself.
    _reveal_moment: tuple[int, int, int] | None = field(default=None, repr=False, compare=False)
    _hands_seen: set[tuple[str, tuple[str, ...]]] = field(
        default_factory=set, repr=False, compare=False
    )

    def reaction_to_reveal(self, view: GameView, labels: list[str]) -> list[str]:
        """The first Reaction offered that was not already revealed from this very hand
        to this event (Secret Chamber putting back the cards it drew), or none."""
        moment = (view.turn_number, view.active, view.plays_this_turn)
        if moment != self._reveal_moment:
            self._reveal_moment, self._hands_seen = moment, set()
        hand = tuple(sorted(view.hand))
        for label in labels:
            if (label, hand) not in self._hands_seen:
                self._hands_seen.add((label, hand))
                return [label]
        return []

    def act(self, view: GameView) -> Move:
        decision = view.pending
        if decision is not None:
            return sensible_answer(view, decision, self)
        action_phase, bought = view.phase == "action", view.bought
        if action_phase or not bought:  # the hand matters (built only then: a bot's
            hand = view.hand  # commonest cost)
            if action_phase:
                action = self.choose_action(view, hand)
                if action is not None:
                    return Command("play", action)
            if not bought:
                plays = self._treasure_plays
                for name in hand:
                    if name not in plays:
                        is_treasure = view.card(name).is_(TREASURE)
                        plays[name] = Command("play", name) if is_treasure else None
                    play = plays[name]
                    if play is not None:
                        return PLAY_TREASURES if self.treasures_at_once else play
        if view.buys > 0:
            if not bought:
                spend = self._spend(view)
                if spend is not None:
                    return spend
            target = self.choose_buy(view, view.coins)
            if target is not None:
                buy = self._buy_commands.get(target)
                if buy is None:
                    buy = self._buy_commands[target] = Command("buy", target)
                return buy
        return END_TURN

    def choose_action(self, view: GameView, hand: list[str]) -> str | None:
        """The Action card to play now, or None."""
        return None

    def _spend(self, view: GameView) -> Move | None:
        """One token to spend (Coffers), when spending what the bot has would buy a better
        card than its coins alone: one at a time, in the Buy phase before buying (which
        every edition allows; from the Action phase it first ends that phase)."""
        held = view.held_tokens()
        if not held:  # most players, most turns
            return None
        for kind, coins in _spendable():
            have = held.get(kind, 0)
            if not have:
                continue
            if self.choose_buy(view, view.coins) != self.choose_buy(
                view, view.coins + have * coins
            ):
                return END_ACTIONS if view.phase == "action" else Command("spend", kind)
        return None

    def choose_buy(self, view: GameView, coins: int, among: set[str] | None = None) -> str | None:
        """What to buy (or gain) with ``coins``: the buy rule, skipping empty piles and
        cards the game refuses (``among``: only these)."""
        colony = view.supply_count("Colony") > 0
        target = big_money_buy(coins, view.supply_count("Province"), colony)
        while target is not None:
            if self._can_get(view, target, coins, among):
                return target
            # The preferred card is gone or refused: fall to the next one down.
            target = BIG_MONEY_FALLBACK.get(target)
        return None

    @staticmethod
    def _can_get(view: GameView, name: str, coins: int, among: set[str] | None) -> bool:
        """Whether ``name`` may be gained for ``coins``: one of ``among``, or else bought
        (which needs its Potions too, and which a card played this turn or the card itself
        may forbid: Grand Market)."""
        cost = view.cost(name)
        if not (view.supply_count(name) > 0 and cost.coins <= coins):
            return False
        if among is not None:
            return name in among
        if cost.potion and cost.potion > view.potions:
            return False
        return view.buy_restriction(name) is None


@per_generation
def _spendable() -> tuple[tuple[str, int], ...]:
    """The kinds of token a player may spend (Coffers), each with the coins one gives:
    asked before every buy, worked out once (per catalogue: ``per_generation``)."""
    from engine.cards import TOKEN_KINDS

    return tuple((name, kind.spend.coins) for name, kind in TOKEN_KINDS.items() if kind.spend)


# What Big Money wants next when the card the rule names is gone or not allowed.
BIG_MONEY_FALLBACK: dict[str, str | None] = {
    "Colony": "Platinum",
    "Platinum": "Province",
    "Province": "Gold",
    "Duchy": "Gold",
    "Gold": "Silver",
    "Estate": "Silver",
    "Silver": None,
}


@dataclass
class BigMoneyWith(BigMoney):
    """Big Money that buys up to ``copies`` of ``card`` and plays it whenever it can.

    It buys the card instead of Silver or Gold (but never instead of a Province, Duchy
    or Estate the rule calls for) while it owns fewer than ``copies``; it plays it in
    the Action phase while it has an Action left; its decisions get
    :func:`sensible_answer`.
    """

    card_name: str = "Smithy"
    copies: int = 1
    name: str = "bigmoney:Smithy"

    def choose_action(self, view: GameView, hand: list[str]) -> str | None:
        if view.actions > 0 and self.card_name in hand and view.card(self.card_name).is_(ACTION):
            return self.card_name
        return None

    def choose_buy(self, view: GameView, coins: int, among: set[str] | None = None) -> str | None:
        target = super().choose_buy(view, coins, among)
        if target not in (None, "Silver", "Gold"):
            return target
        name = self.card_name
        if self._can_get(view, name, coins, among) and view.owned()[name] < self.copies:
            return name
        return target


# ---------------------------------------------------------------------- driving games


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot from its spec: ``random``, ``bigmoney`` or ``bigmoney:CARD[:N]``.

    Raises ValueError with a one-line message for a spec it does not know.
    """
    parts = spec.split(":")
    kind = parts[0].strip().lower()
    if kind == "random" and len(parts) == 1:
        return RandomBot(seed, name=spec)
    if kind == "bigmoney" and len(parts) == 1:
        return BigMoney(name=spec)
    if kind == "bigmoney" and len(parts) in (2, 3) and parts[1].strip():
        copies = 1
        if len(parts) == 3:
            if not parts[2].strip().isdigit() or int(parts[2]) < 1:
                raise ValueError(f"bot {spec!r}: the number of copies must be a positive integer")
            copies = int(parts[2])
        return BigMoneyWith(card_name=parts[1].strip(), copies=copies, name=spec)
    raise ValueError(f"unknown bot {spec!r} (use random, bigmoney or bigmoney:CARD[:N])")


class GameOver(NamedTuple):
    """How a bot game ended: ``finished`` False when it hit the turn limit."""

    finished: bool
    turns: int
    scores: list[int]
    winners: list[int]


def play_game(game: Game, bots: Sequence[Bot], max_turns: int = 500) -> GameOver:
    """Let ``bots`` (one per seat) play ``game`` to its end, or until ``max_turns``
    turns in all have been taken (then ``finished`` is False and nobody wins)."""
    players = game.table.players
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots, not {len(bots)}")
    views = [GameView(game, seat) for seat in range(players)]
    state = game.state
    total_turns = 0
    while not state.game_over:
        decision = game.pending
        seat = decision.player if decision is not None else state.turn.player
        move = bots[seat].act(views[seat])
        make_move(game, move)
        if isinstance(move, Command) and move == END_TURN:
            total_turns += 1
            if total_turns >= max_turns and not state.game_over:
                break
    scores = [game.score(p) for p in range(players)]
    return GameOver(state.game_over, total_turns, scores, game.winners())


def make_move(game: Game, move: Move) -> None:
    """Apply a bot's move through the game's checked entry points."""
    if isinstance(move, Command):
        game.command(move.verb, move.arg)
    elif isinstance(move, Answer):
        game.answer(move.value)
    elif not game.play_treasures():
        # Refused like a play command with nothing to play: a bot that asked for it
        # would otherwise ask again for ever.
        raise IllegalMove("no Treasure in hand may be played now")
