"""Random legal play: commands and answers drawn from what the engine accepts.

One place for the random legal-move generator that the random-games test, the
hypothesis state machines, bots and benchmarks share:

- :func:`legal_commands` asks the engine which commands it would accept now
  (``Game.legal_commands``, which runs the engine's own validation on every candidate);
- :func:`random_answer` builds a legal answer to any :class:`~engine.decisions.Decision`,
  written as a player writes it (labels, ``yes``/``no``), so it goes through
  ``Game.answer`` and into the replayable input log like any other answer;
- :func:`random_command` picks a command with a light bias towards finishing games
  (play Actions, then Treasures, then buy the dearest affordable card), so that random
  games end in a bounded number of turns;
- :func:`play_random_game` plays a whole game and checks the invariants after every input
  (:class:`GameWatch`): every card accounted for, no negative count, the game over exactly
  when :func:`engine.rules.game_over` holds at the end of a turn.

No strategy lives in the engine: everything here uses only the public driving interface.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import rules
from engine.bots import random_answer as random_bot_answer
from engine.decisions import Decision
from engine.game import Game
from engine.model import ACTION, TREASURE
from engine.state import PLAYER_ZONES

Command = tuple[str, str]


class InvariantBroken(AssertionError):
    """A random game reached a state the rules forbid."""


# --- commands and answers ----------------------------------------------------------------


def legal_commands(game: Game, verbs: Iterable[str] = ("play", "buy", "end")) -> list[Command]:
    """Every ``(verb, arg)`` command the engine accepts now (only of ``verbs`` if given);
    empty if a decision is pending or the game is over."""
    return game.legal_commands(verbs)


def random_answer(decision: Decision, rng: random.Random) -> Any:
    """A random legal answer to ``decision``, in the form players write answers (the
    random bot's, so that the checks and the bots explore the same way)."""
    return random_bot_answer(decision, rng).value


def random_command(game: Game, rng: random.Random, *, buy_bias: float = 0.85) -> Command:
    """A legal command, biased so that games finish: Actions before Treasures before buys,
    and most buys take the most expensive affordable card (with ``buy_bias``).

    Plays are looked up first and buys only when no play is chosen: most commands are
    Treasure plays, and checking every pile's cost for each of them would be wasted work.
    """
    plays = legal_commands(game, ("play",))
    actions = [c for c in plays if game.definition_by_name(c[1]).is_(ACTION)]
    if actions and game.state.turn.phase == "action" and rng.random() < 0.9:
        return rng.choice(actions)
    treasures = [c for c in plays if game.definition_by_name(c[1]).is_(TREASURE)]
    if treasures and rng.random() < 0.95:
        return rng.choice(treasures)
    buys = legal_commands(game, ("buy",))
    if buys and rng.random() < buy_bias:
        # Buying even when only cards costing 0 are affordable: games where everything
        # has been trashed (Chapel, Thief, Bishop) still end, by the Curse and Copper piles.
        best = max(game.cost_of(pile) for _, pile in buys)
        return rng.choice([c for c in buys if game.cost_of(c[1]) == best])
    if rng.random() < 0.1:
        legal = plays + buys + legal_commands(game, ("end",))
        return rng.choice(legal)
    return ("end", "turn")


def step(game: Game, rng: random.Random) -> tuple[str, Any]:
    """Make one random legal input (an answer if a decision is pending, else a command);
    returns it as ``("answer", raw)`` or ``("command", (verb, arg))``."""
    decision = game.pending
    if decision is not None:
        raw = random_answer(decision, rng)
        game.answer(raw)
        return ("answer", raw)
    command = random_command(game, rng)
    game.command(*command)
    return ("command", command)


# --- invariants ------------------------------------------------------------------------------


def card_ids(game: Game) -> list[int]:
    """Every card id in every zone (Supply, trash, each player's zones), repeats kept."""
    state = game.state
    found = [card for pile in state.supply.values() for card in pile]
    found += state.trash
    for player in state.players:
        for zone in PLAYER_ZONES:
            found += player.zone(zone)
    return found


def card_names(game: Game) -> Counter[str]:
    """The multiset of card names over all zones."""
    return Counter(game.name_of(card) for card in card_ids(game))


def rules_say_over(game: Game) -> bool:
    """What :func:`engine.rules.game_over` says about the Supply as it is now."""
    piles = list(game.state.supply)
    counts = [len(game.state.supply[pile]) for pile in piles]
    colony = piles.index("Colony") if "Colony" in piles else None
    over: bool = rules.game_over(counts, piles.index("Province"), colony, game.players)
    return over


@dataclass
class GameWatch:
    """Checks a game's invariants after every input, knowing what setup created."""

    game: Game
    created: Counter[str] = field(default_factory=Counter)
    cards: int = 0
    turns_ended: int = 0

    def __post_init__(self) -> None:
        self.created = Counter(self.game.state.names)
        self.cards = len(self.game.state.names)
        self.turns_ended = self._turns_taken()
        self.check()

    def _turns_taken(self) -> int:
        return sum(player.turns_taken for player in self.game.state.players)

    def check(self, *, thorough: bool = True) -> None:
        """Check after an input. The cheap checks (counts, the end of the game) run every
        time; ``thorough`` adds the card-by-card accounting, which is also done whenever a
        turn has ended or the game is over."""
        game, state = self.game, self.game.state
        turn = state.turn
        for what, value in (
            ("actions", turn.actions),
            ("buys", turn.buys),
            ("coins", turn.coins),
            ("Trade Route mat", state.trade_route_mat),
        ):
            if value < 0:
                raise InvariantBroken(f"negative {what}: {value}")
        turns = self._turns_taken()
        if state.game_over:
            if not rules_say_over(game):
                raise InvariantBroken("the game ended but the end condition does not hold")
            if turns != self.turns_ended + 1:
                raise InvariantBroken("the game ended other than at the end of a turn")
        elif turns != self.turns_ended and rules_say_over(game):
            raise InvariantBroken("a turn ended with the end condition holding, game goes on")
        if thorough or turns != self.turns_ended or state.game_over:
            self.check_cards()
        self.turns_ended = turns

    def check_cards(self) -> None:
        """Every card is in exactly one zone, none was created or lost, no one left cards
        revealed once an effect is over, and no one has negative VP tokens."""
        game, state = self.game, self.game.state
        ids = card_ids(game)
        if len(state.names) != self.cards:
            raise InvariantBroken(f"cards created mid-game: {self.cards} -> {len(state.names)}")
        if len(ids) != self.cards or len(set(ids)) != self.cards:
            counts = Counter(ids)
            lost = sorted(set(range(self.cards)) - set(ids))
            doubled = sorted(card for card, n in counts.items() if n > 1)
            raise InvariantBroken(
                f"card ids not each in exactly one zone: lost {game.names_of(lost)}, "
                f"in two places {game.names_of(doubled)}"
            )
        if Counter(state.names) != self.created:
            raise InvariantBroken("the multiset of card names changed")
        for index, player in enumerate(state.players):
            if player.vp_tokens < 0:
                raise InvariantBroken(f"p{index + 1} has negative VP tokens")
            if player.revealed and game.awaiting_command:
                raise InvariantBroken(f"p{index + 1} left revealed cards after an effect")


@dataclass
class RandomGame:
    """The outcome of :func:`play_random_game`."""

    game: Game
    inputs: int
    turns: int


def play_random_game(
    players: int,
    seed: int,
    *,
    editions: Mapping[str, int] | None = None,
    sets: Iterable[str] = ("base",),
    kingdom: Iterable[str] | None = None,
    colony: bool | None = None,
    max_turns: int = 400,
    max_inputs: int = 20_000,
    thorough: bool = False,
) -> RandomGame:
    """Play one complete random game, checking the invariants after every input.

    Raises :class:`InvariantBroken` if an invariant fails or the game has not ended after
    ``max_turns`` turns (all players together) or ``max_inputs`` inputs. The cards are
    accounted for at the end of every turn, or after every input with ``thorough``.
    """
    game = Game.new(
        players=players,
        kingdom=kingdom,
        seed=seed,
        editions=editions,
        colony=colony,
        sets=tuple(sets),
    )
    rng = random.Random(seed * 7919 + players)
    watch = GameWatch(game)
    inputs = 0
    while not game.state.game_over:
        if watch.turns_ended >= max_turns or inputs >= max_inputs:
            raise InvariantBroken(
                f"no end after {watch.turns_ended} turns and {inputs} inputs "
                f"(seed {seed}, {players} players, kingdom {game.state.kingdom})"
            )
        step(game, rng)
        inputs += 1
        watch.check(thorough=thorough)
    return RandomGame(game, inputs, watch.turns_ended)
