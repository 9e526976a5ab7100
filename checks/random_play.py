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
  (:class:`GameWatch`, through :func:`checks.invariants.violations`): every card
  accounted for, no negative count, the game over exactly when the rulebook's condition
  holds at the end of a turn (on the piles as it ended: :class:`WatchedGame`), the right
  winners.

No strategy lives in the engine: everything here uses only the public driving interface.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from checks.invariants import created_by_setup, violations
from engine.bots import random_answer as random_bot_answer
from engine.decisions import Decision
from engine.game import Game
from engine.model import ACTION, TREASURE
from engine.state import TurnState
from engine.turn import Turn
from engine.verbs import Verbs

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
    actions = [c for c in plays if game.table.definition_by_name(c[1]).is_(ACTION)]
    if actions and game.state.turn.phase == "action" and rng.random() < 0.9:
        return rng.choice(actions)
    treasures = [c for c in plays if game.table.definition_by_name(c[1]).is_(TREASURE)]
    if treasures and rng.random() < 0.95:
        return rng.choice(treasures)
    # Tokens a player may spend now (Coffers): asked only of a player who has some, so a
    # game without them draws the same numbers as before.
    spends = (
        legal_commands(game, ("spend",))
        if game.state.players[game.state.turn.player].tokens
        else []
    )
    if spends and rng.random() < 0.5:
        return rng.choice(spends)
    buys = legal_commands(game, ("buy",))
    if buys and rng.random() < buy_bias:
        # Buying even when only cards costing 0 are affordable: games where everything
        # has been trashed (Chapel, Thief, Bishop) still end, by the Curse and Copper piles.
        costs = [game.verbs.cost_of(pile).coins for _, pile in buys]
        best = max(costs)
        return rng.choice([c for c, cost in zip(buys, costs, strict=True) if cost == best])
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


class WatchedTurn(Turn):
    """The turn of a :class:`WatchedGame`: it keeps the Supply pile sizes as it ends."""

    def __init__(self, verbs: Verbs) -> None:
        super().__init__(verbs)
        self.piles_at_turn_end: list[int] | None = None

    def end_of_turn(self) -> bool:
        self.piles_at_turn_end = [len(cards) for cards in self.state.supply.values()]
        return super().end_of_turn()


class WatchedGame(Game):
    """A :class:`Game` that keeps the Supply pile sizes as each turn ended, before the next
    turn's start-of-turn effects (a Pirate's gain may empty a pile then): the end of the
    game is judged on those (:class:`GameWatch`)."""

    turn_class = WatchedTurn

    @property
    def piles_at_turn_end(self) -> list[int] | None:
        """The Supply pile sizes as the last turn ended (None before any did)."""
        assert isinstance(self.turn, WatchedTurn)
        return self.turn.piles_at_turn_end


@dataclass
class GameWatch:
    """Checks a game's invariants (``checks.invariants.violations``) as it is played,
    knowing what setup created. ``turns_ended`` counts the turns that ended, extra turns
    (Outpost's) included, from the turns setup says were taken."""

    game: WatchedGame
    created: Counter[str] = field(default_factory=Counter)
    turns_ended: int = 0
    # The turn under way (every turn, an extra one too, is a new TurnState), and whether
    # the game was over at the last check: a turn ends when either changes.
    turn: TurnState | None = None
    over: bool = False

    def __post_init__(self) -> None:
        self.created = created_by_setup(self.game)
        self.turns_ended = sum(player.turns_taken for player in self.game.state.players)
        self.turn, self.over = self.game.state.turn, self.game.state.game_over
        self.check()

    def check(self, *, thorough: bool = True) -> None:
        """Check after an input: always with ``thorough``, otherwise whenever a turn has
        ended or the game is over (the card-by-card accounting is what costs)."""
        state = self.game.state
        turn_ended = state.turn is not self.turn or state.game_over != self.over
        if turn_ended:
            self.turns_ended += 1
            self.turn, self.over = state.turn, state.game_over
        if thorough or turn_ended or state.game_over:
            problems = violations(
                self.game,
                self.created,
                end_of_turn=turn_ended,
                piles_at_turn_end=self.game.piles_at_turn_end if turn_ended else None,
            )
            if problems:
                raise InvariantBroken("; ".join(problems))


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
    plain_commands: bool = True,
    bulk_moves: bool = True,
) -> RandomGame:
    """Play one complete random game, checking the invariants after every input.

    Raises :class:`InvariantBroken` if an invariant fails or the game has not ended after
    ``max_turns`` turns (all players together) or ``max_inputs`` inputs. The cards are
    accounted for at the end of every turn, or after every input with ``thorough``.
    ``plain_commands=False`` plays it with the engine's plain shortcut off, and
    ``bulk_moves=False`` with its bulk moves off (every card moved one by one).
    """
    game = WatchedGame.new(
        players=players,
        kingdom=kingdom,
        seed=seed,
        editions=editions,
        colony=colony,
        sets=tuple(sets),
        plain_commands=plain_commands,
        bulk_moves=bulk_moves,
    )
    assert isinstance(game, WatchedGame)
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
