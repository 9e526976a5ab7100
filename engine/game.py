"""The game driver: check an input, record it, advance the game.

:class:`Game` is what drivers (scenarios, bots, adapters, a terminal player) hold. It
takes commands and answers one at a time, like an OpenSpiel state: :meth:`Game.command`
and :meth:`Game.answer` validate their input before they send it in, so a refused input
leaves the state exactly as it was, then record it (:attr:`Game.inputs`) and advance the
game's generator (:meth:`~engine.turn.Turn.loop`) to the next question. The state is
plain data; cloning and loading go through replaying the recorded inputs.

A game is composed of parts, each in its own module, which the driver holds as public
attributes and never inherits from: ``game.table`` (``engine.table``: state, look-ups,
the move primitive, decisions), ``game.listeners`` (``engine.triggers``: who may listen
to what), ``game.verbs`` (``engine.verbs``: costs and the verbs cards use, the card API
cards get as ``Context.game``) and ``game.turn`` (``engine.turn``: the loop, play, buy,
clean-up and their checks). ``engine.position`` turns a setup into a state and back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from engine import cards as catalogue
from engine import position
from engine.compiled import mypyc_attr
from engine.context import Context
from engine.decisions import Decision, forced_answer, match_answer
from engine.errors import BadPosition, IllegalAnswer, IllegalMove
from engine.model import TREASURE
from engine.position import random_kingdom
from engine.saved import saved_inputs
from engine.sets import KINGDOM_SETS
from engine.setup_check import BASIC_PILES, COLONY_PILES, PHASES
from engine.state import event_line
from engine.table import Table
from engine.triggers import Listeners
from engine.turn import AWAIT_COMMAND, Turn
from engine.verbs import Verbs, shuffle_in_place
from engine.vocabulary import COMMAND_VERBS, END_ARGS

__all__ = [
    "AWAIT_COMMAND",
    "BASIC_PILES",
    "COLONY_PILES",
    "PHASES",
    "Game",
    "random_kingdom",
    "shuffle_in_place",
]


@mypyc_attr(allow_interpreted_subclasses=True)  # checks and tests subclass it
class Game:
    """One game of Dominion, driven one command or answer at a time.

    To change a part (ask through a table that records every decision, shuffle in a
    fixed order, watch the end of each turn), a subclass names its own part's class
    here; every game it makes, replays included, is built with it."""

    table_class: ClassVar[type[Table]] = Table
    verbs_class: ClassVar[type[Verbs]] = Verbs
    turn_class: ClassVar[type[Turn]] = Turn

    def __init__(
        self,
        setup: Mapping[str, Any],
        *,
        plain_commands: bool = True,
        bulk_moves: bool = True,
        record: bool = True,
        _setup_checked: bool = False,
    ) -> None:
        """Set up the position ``setup`` describes, in the scenario format's terms.

        Keys: ``players``, ``kingdom``, ``colony``, ``supply``, ``trash``, ``turn``,
        ``turns_taken``, ``trade_route``, ``editions``, ``seed``, ``deal`` and ``p1`` ..
        ``pN`` with ``hand``, ``deck`` (top first), ``discard`` (bottom first),
        ``in_play``, ``durations``, ``set_aside``, ``vp_tokens`` and ``shuffles``. With
        ``turn.phase: start`` the turn's start-of-turn effects run first (Clerk, the
        Durations of ``durations``); an ``in_play``/``durations`` entry may be
        ``{card, by}``: played by a Throne Room or King's Court, which is in play too.

        ``plain_commands=False`` turns the plain shortcut off: every command goes
        through the game's generator (the same game, slower; tests compare the two).
        ``bulk_moves=False`` moves every card of a Clean-up and of a draw one by one
        (the same moves and events, slower; ``tests/test_bulk_paths.py`` compares).
        ``record=False`` keeps no event log and no list of inputs (the same game, in
        memory that does not grow with it: ``arbiter simulate``); such a game cannot be
        cloned, saved or asked for its events (``tests/test_record_off.py``).
        """
        table = self.table = self.table_class(setup, _setup_checked=_setup_checked)
        table.bulk_moves = bulk_moves
        table.record = record
        self.listeners = Listeners(table.indexes, table.state.names)
        verbs = self.verbs = self.verbs_class(table, self.listeners)
        self.turn = self.turn_class(verbs)
        # The state (plain data, ``engine.state``): what drivers and bots read.
        self.state = table.state
        # The inputs so far (none kept in a game that records nothing).
        self.inputs: list[tuple[str, Any]] = []
        self.plain_commands = plain_commands
        # Cards a setup lists in play were played with their effects resolved: what those
        # plays left in effect for the turn (Bridge, Coppersmith, Outpost) is active, once
        # per play (a Bridge that Throne Room played lowers costs twice), each seeing the
        # plays up to it, as a play by command does (only the first 2nd-edition Outpost).
        turn = self.state.turn
        played, turn.plays = turn.plays, []
        for (card, by), name in zip(table.setup_plays, played, strict=True):
            turn.plays.append(name)
            lasting = table.by_id[card].lasting
            if lasting is not None:
                lasting(Context(verbs, turn.player, card, played_by=by))
        # What the game waits for: AWAIT_COMMAND, a Decision, or None once it is over.
        self._pending: Any = None
        # The decision the game waits for, or None (it waits for a command, or is over).
        # Read it, never set it: a plain attribute rather than a property because bots
        # read it before every move (Python 3.11 does not specialise property reads).
        self.pending: Decision | None = None
        # The decisions the engine answered itself (one legal answer) since the last
        # command or answer, with that answer: so a scenario that answers one is told so.
        self.taken_alone: list[tuple[Decision, list[Any]]] = []
        starting = (setup.get("turn", {}) or {}).get("phase") == "start"
        self._loop_gen = self.turn.loop(deal=bool(setup.get("deal", False)), starting=starting)
        self._advance(None)

    @classmethod
    def new(
        cls,
        players: int = 2,
        kingdom: Iterable[str] | None = None,
        seed: int = 0,
        editions: Mapping[str, int] | None = None,
        colony: bool | None = None,
        sets: Iterable[str] = KINGDOM_SETS,
        *,
        plain_commands: bool = True,
        bulk_moves: bool = True,
        record: bool = True,
    ) -> Game:
        """A game from the standard start: 7 Coppers and 3 Estates each, shuffled, 5 drawn."""
        setup = position.new_game_setup(players, kingdom, seed, editions, colony, sets)
        # Made from parameters new_game_setup checked: a setup that needs no second check.
        return cls(
            setup,
            plain_commands=plain_commands,
            bulk_moves=bulk_moves,
            record=record,
            _setup_checked=True,
        )

    # ------------------------------------------------------------------ what it waits for

    @property
    def awaiting_command(self) -> bool:
        return bool(self._pending == AWAIT_COMMAND)

    def current_player(self) -> int | None:
        """Whose input the game waits for: the player a pending decision asks, else the
        active player; None once the game is over or closed."""
        if self.state.game_over or self._pending is None:
            return None
        if self.pending is not None:
            return self.pending.answered_by
        return self.state.turn.controller

    def is_terminal(self) -> bool:
        """Whether the game is over (no command or answer is accepted any more)."""
        return self.state.game_over

    # ------------------------------------------------------------------ commands

    def command(self, verb: object, arg: object) -> None:
        """``play``/``buy`` a card by name, ``end`` ``action``/``turn``, or ``spend`` a kind
        of token (``spend coffers``): checked, then
        recorded and carried out. Any value is taken and checked (IllegalMove), so that
        a wrongly typed command from a wire peer is refused the same way by the
        compiled engine, which would otherwise reject it with a TypeError on entry."""
        if not isinstance(verb, str) or not isinstance(arg, str):
            raise IllegalMove(f"a command is a verb and a card name or phase, not {verb!r} {arg!r}")
        if self._pending != AWAIT_COMMAND or self.state.game_over:  # (no call when it may)
            self._check_awaiting_command()  # raises, saying why not
        card = self.turn.check_command(verb, arg)  # the card a play plays
        if self.table.record:
            self.inputs.append(("command", [verb, arg]))
        if self.taken_alone:  # what the previous input's decisions took, now stale
            self.taken_alone.clear()
        step = self.turn.run_plainly(verb, arg, card) if self.plain_commands else (verb, arg, card)
        if step is not None:
            self._advance(step)
        elif self.state.game_over:
            # The game's generator waits for a command that will never come: closing it
            # lets its frame (which refers to the turn) go now.
            self._loop_gen.close()
            self._wait_for(None)

    def play_treasures(self) -> int:
        """Play the Treasures in the active player's hand, first in hand first, each as the
        command ``play NAME`` would be (the same check, moves and events, and each
        recorded as that command, so the game replays the same), until none is left or
        a play asks a question (answer it, then call again for the rest). Returns how
        many were played (0: none may be played now); IllegalMove when no command is
        awaited, as for any command.

        A player's "play all Treasures", in one call (speed only:
        ``tests/test_bulk_paths.py`` compares it with a command per Treasure).
        """
        self._check_awaiting_command()
        played = 0
        names, by_id, turn = self.state.names, self.table.by_id, self.turn
        while self._pending == AWAIT_COMMAND:
            # The first Treasure in hand that may be played: the card ``play NAME`` plays
            # (every card of that name before it, if any, is refused as it would be).
            for card in self.state.players[self.state.turn.player].hand:
                if TREASURE in by_id[card].types:
                    name = names[card]
                    if turn.play_refusal(card, name) is None:  # the play command's check
                        break
            else:  # no Treasure in hand may be played now
                return played
            if self.table.record:
                self.inputs.append(("command", ["play", name]))
            self.taken_alone.clear()
            if not (self.plain_commands and turn.play_plainly(name, card)):
                self._advance(("play", name, card))
            played += 1
        return played

    def legal_commands(self, verbs: Iterable[str] = COMMAND_VERBS) -> list[tuple[str, str]]:
        """Every command :meth:`command` would accept now, as ``(verb, arg)`` pairs.

        Found by running the engine's own validation on each candidate (every card name
        in the active player's hand, every Supply pile and Event, ending the phase or the
        turn), so
        it can never disagree with :meth:`command`: the checks :meth:`command` raises on,
        asked for their reason instead of raising (``tests/test_legal_commands.py``
        compares the list with trying every candidate). Empty while a decision is pending.
        ``verbs`` limits the candidates to some verbs (cheaper when only plays matter).
        """
        wanted, turn = set(verbs), self.turn
        if self.state.game_over or self._pending != AWAIT_COMMAND:
            return []
        legal: list[tuple[str, str]] = []
        if "play" in wanted:
            # The first card of each name in hand: the card ``play NAME`` would play.
            names, seen = self.state.names, set()
            for card in self.state.players[self.state.turn.player].hand:
                name = names[card]
                if name not in seen:
                    seen.add(name)
                    if turn.play_refusal(card, name) is None:
                        legal.append(("play", name))
        if "buy" in wanted and turn.no_buy_left() is None:
            # Turn.buy_refusal of each pile, its checks of the whole turn asked once.
            for pile, cards in self.state.supply.items():
                if cards and turn.price_refusal(pile) is None:
                    legal.append(("buy", pile))
            for name in self.state.landscapes:  # Events
                if turn.event_refusal(name) is None:
                    legal.append(("buy", name))
        if "spend" in wanted and self.state.players[self.state.turn.player].tokens:
            for name, kind in catalogue.TOKEN_KINDS.items():
                if kind.spend is not None and turn.spend_refusal(name) is None:
                    legal.append(("spend", name))
        if "end" in wanted:
            legal += [("end", arg) for arg in END_ARGS if turn.end_refusal(arg) is None]
        return legal

    def _check_awaiting_command(self) -> None:
        if self.state.game_over:
            raise IllegalMove("the game is over")
        if self._pending is None:
            raise IllegalMove("the game was closed")
        if self._pending != AWAIT_COMMAND:
            assert isinstance(self._pending, Decision)
            raise IllegalMove(f"answer {self._pending.source}'s question first")

    # ------------------------------------------------------------------ answers

    def answer(self, raw: Any) -> None:
        """Answer the pending decision with card names, labels, a bool, or []."""
        decision = self.pending
        if decision is None:
            raise IllegalAnswer("no decision is pending")
        if decision.kind == "order" and raw is not None:
            values = match_answer(decision, raw)
            if len(values) != len(decision.choices):
                raise IllegalAnswer(
                    f"{decision.source}: put all {len(decision.choices)} cards in order"
                )
        else:
            values = match_answer(decision, raw)
        if self.table.record:
            self.inputs.append(("answer", raw))
        self._advance(values)

    def _advance(self, value: Any) -> None:
        self.taken_alone.clear()
        try:
            request = self._loop_gen.send(value)
            while isinstance(request, Decision):
                forced = forced_answer(request)
                if forced is None:
                    break
                self.taken_alone.append((request, forced))
                request = self._loop_gen.send(forced)
        except StopIteration:
            request = None
        self._wait_for(request)

    def close(self) -> None:
        """Let the game go: it takes no command or answer after this, and its parts are
        freed as soon as nothing else refers to them, not at the cycle collector's next
        pass (a watcher may refer to the verbs, which refer to the table, which refers to
        the watcher). A game that is over has let its generator go already."""
        self._loop_gen.close()
        self.table.watcher = None
        self._wait_for(None)

    def _wait_for(self, request: Any) -> None:
        self._pending = request
        self.pending = request if isinstance(request, Decision) else None

    # ------------------------------------------------------------------ replay and JSON

    def snapshot(self) -> dict[str, Any]:
        """The visible state in scenario terms (what the adapters report)."""
        return position.snapshot(self)

    def event_lines(self) -> list[str]:
        """The event log, one line per event (``p1 plays Village``)."""
        self.table.require_record("its event log")
        return [event_line(event) for event in self.state.events]

    def to_json(self) -> dict[str, Any]:
        """Everything needed to rebuild this game: its setup, its inputs, and a check."""
        self.table.require_record("inputs to save")
        return {
            "version": 1,
            "setup": self.table.setup,
            "inputs": [list(i) for i in self.inputs],
            "snapshot": self.snapshot(),
            "events": self.event_lines(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Game:
        """Rebuild a game by replaying its inputs; refuses data that does not replay."""
        inputs = saved_inputs(data)  # version and shape first: no KeyError, no TypeError
        try:
            game = cls.replay(data["setup"], inputs)
        except (IllegalMove, IllegalAnswer) as refused:
            raise BadPosition(f"the saved game does not replay: {refused}") from None
        if game.snapshot() != data["snapshot"] or game.event_lines() != data["events"]:
            raise BadPosition("the saved game does not replay to the saved state")
        return game

    @classmethod
    def replay(
        cls,
        setup: Mapping[str, Any],
        inputs: Iterable[tuple[str, Any]],
        *,
        plain_commands: bool = True,
        bulk_moves: bool = True,
    ) -> Game:
        game = cls(setup, plain_commands=plain_commands, bulk_moves=bulk_moves)
        for kind, value in inputs:
            if kind == "command":
                game.command(*value)
            else:
                game.answer(value)
        return game

    def clone(self) -> Game:
        self.table.require_record("inputs to replay")
        return Game.replay(
            self.table.setup,
            self.inputs,
            plain_commands=self.plain_commands,
            bulk_moves=self.table.bulk_moves,
        )

    # ------------------------------------------------------------------ scoring

    def score(self, player: int) -> int:
        """The player's score now (what the end of the game counts)."""
        return self.turn.score(player)

    def winners(self) -> list[int]:
        """The winners once the game is over (ties broken by turns taken), else []."""
        return self.turn.winners()
