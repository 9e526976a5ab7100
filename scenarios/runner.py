"""Run scenarios on an engine through the Adapter interface and judge the outcome.

The runner only talks to :class:`~scenarios.adapters.base.Adapter`. What it sends:

* ``adapter.load(setup)``: a fresh deep copy of ``Scenario.setup`` (plain dict, see
  ``loader.build_setup``) for every run;
* ``adapter.command("play", name)`` once per card of a ``play`` step,
  ``adapter.command("buy", name)``, ``adapter.command("end", "action" | "turn")``;
* ``adapter.answer(value)`` with the ``choose`` value as written (a card name, a list of
  names, an option label, ``True``/``False`` for yes/no, or ``[]``).

Statuses: ``pass``; ``fail`` (the engine did not do what the scenario says); ``error``
(the scenario is malformed or the engine broke); ``skip`` (the engine cannot express the
scenario). An exception from the adapter never escapes :func:`run_scenario`.
"""

from __future__ import annotations

import gc
import json
import re
import signal
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from engine.costs import parse_cost
from scenarios.adapters.base import (
    DEFAULT_PURPOSE,
    Adapter,
    AdapterError,
    EngineUnusable,
    Rejected,
    Unsupported,
)
from scenarios.loader import (
    DECLARED_TOKEN_KEYS,
    ScenarioError,
    format_features,
    format_key,
    load_many,
)
from scenarios.model import (
    FEATURE_SETS,
    FORMAT_FEATURES,
    MATS,
    ZONES,
    CardIndex,
    CheckedSetup,
    Scenario,
    Step,
    turn_key_observable,
)
from scenarios.yamlread import plain_copy

if TYPE_CHECKING:
    from scenarios.cache import ScenarioCache

MAX_EVENTS_SHOWN = 30
YOUNG_COLLECTION_AFTER = 10_000  # new objects, while scenarios load and run
AdapterFactory = Callable[[], Adapter]


class Status(StrEnum):
    PASS = "pass"
    FAIL = "fail"
    ERROR = "error"
    SKIP = "skip"


@dataclass(frozen=True)
class Result:
    id: str
    file: str
    status: Status
    message: str = ""
    rulings: tuple[str, ...] = ()
    line: int | None = None
    seconds: float = field(default=0.0, compare=False)  # how long the run took
    # The engine's representation choices (Adapter.representation) this run was compared
    # under: those that changed what was compared.
    compared_as: tuple[str, ...] = ()

    @property
    def set_name(self) -> str:
        return self.id.split("/", 1)[0] if "/" in self.id else "(unknown)"

    @property
    def location(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "file": self.file,
            "line": self.line,
            "status": str(self.status),
            "rulings": list(self.rulings),
            "message": self.message,
            **({"compared_as": list(self.compared_as)} if self.compared_as else {}),
        }


def error_result(error: ScenarioError) -> Result:
    """A malformed file as a result: its id if it could be read, else its path."""
    return Result(
        error.scenario_id or error.file, error.file, Status.ERROR, error.brief(), line=error.line
    )


def reference_adapter() -> Adapter:
    """The reference engine's adapter, imported only when a scenario is actually run."""
    from scenarios.adapters.reference import ReferenceAdapter

    adapter: Adapter = ReferenceAdapter()
    return adapter


# --- comparing expectations ---------------------------------------------------------------


def _fmt(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_fmt(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {_fmt(item)}" for key, item in value.items()) + "}"
    return str(value)


def _mismatch(key: str, expected: Any, found: Any) -> str:
    shown = _fmt(found) if _kind(found) == _kind(expected) else _typed(found)
    return f"{key} expected {_fmt(expected)} found {shown}"


def _kind(value: Any) -> str:
    """What a value is, as the comparison tells values apart (1 is no ``true``, 2.0 is no
    count, "true" is text)."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number with a fraction part"
    if isinstance(value, str):
        return "text"
    return "a list" if isinstance(value, list | tuple) else type(value).__name__


def _typed(value: Any) -> str:
    """``value`` shown with what it is, where the expectation is something else (``found
    "true" (text)``, never ``expected true found true``)."""
    if value is None or isinstance(value, list | tuple | dict):
        return _fmt(value)
    shown = json.dumps(value) if isinstance(value, str) else _fmt(value)
    return f"{shown} ({_kind(value)})"


def _same(expected: Any, found: Any) -> bool:
    """Equal, and of the same kind: Python's ``1 == True`` and ``2 == 2.0`` do not hold
    here (an engine over the wire answering ``extra: 1``, ``coins: 2.0`` or ``coins: true``
    is wrong, not right)."""
    if isinstance(expected, bool) or isinstance(found, bool):
        return type(expected) is type(found) and expected == found
    if isinstance(expected, float) != isinstance(found, float):
        return False
    if isinstance(expected, list | tuple) and isinstance(found, list | tuple):
        return len(expected) == len(found) and all(map(_same, expected, found))
    if isinstance(expected, Mapping) and isinstance(found, Mapping):
        return expected.keys() == found.keys() and all(
            _same(value, found[key]) for key, value in expected.items()
        )
    return bool(expected == found)


def _multiset(key: str, expected: Sequence[str], found: Sequence[str]) -> Iterator[str]:
    # Most expectations list the cards in the engine's order: equal as lists, they are the
    # same cards, without counting them.
    if expected != found and Counter(expected) != Counter(found):
        yield _mismatch(key, sorted(expected), sorted(found))


def _equal(key: str, expected: Any, found: Any) -> Iterator[str]:
    if not _same(expected, found):
        yield _mismatch(key, expected, found)


def _field(mapping: Mapping[str, Any], key: str, what: str) -> Any:
    """``mapping[key]``, or an AdapterError saying which part of observe() is missing."""
    try:
        return mapping[key]
    except (KeyError, TypeError):
        raise AdapterError(f"observe() gave no {what}") from None


def _section(mapping: Mapping[str, Any], key: str, what: str) -> Mapping[str, Any]:
    """``mapping[key]`` when it is a mapping, else an AdapterError naming what it is."""
    found = _field(mapping, key, what)
    if not isinstance(found, Mapping):
        raise AdapterError(f"observe() gave {what} as {_fmt(found)}, not a mapping")
    return found


def _card_list(mapping: Mapping[str, Any], key: str, what: str) -> list[str]:
    """``mapping[key]`` when it is a list of card names, else an AdapterError."""
    found = _field(mapping, key, what)
    if not isinstance(found, list | tuple) or not all(isinstance(c, str) for c in found):
        raise AdapterError(f"observe() gave {what} as {_fmt(found)}, not a list of card names")
    return list(found)


class _NotReported(Unsupported):
    """An expectation of something the engine's ``observe`` leaves out (it is optional)."""


def _reported(found: Mapping[str, Any], key: str, what: str) -> Any:
    """``found[key]`` for an addition to what ``observe`` reports (the cards being
    revealed, Seaside's mats and tokens, extra turns): an engine that leaves it out cannot
    be checked on it, so the scenario is skipped, naming ``what``."""
    if key not in found:
        raise _NotReported(what)
    return found[key]


def _player(name: str, expected: Mapping[str, Any], found: Mapping[str, Any]) -> Iterator[str]:
    for key, wanted in expected.items():
        label = f"{name}.{key}"
        if key == "deck":
            yield from _equal(label, wanted, _card_list(found, "deck", f"{name}.deck"))
        elif key in ZONES:
            yield from _multiset(label, wanted, _card_list(found, key, label))
        elif key in ("revealed", *MATS):
            what = "the cards being revealed" if key == "revealed" else "the cards on mats"
            _reported(found, key, f"{what} ({key})")
            yield from _multiset(label, wanted, _card_list(found, key, label))
        elif key == "pirate_ship":
            yield from _equal(label, wanted, _reported(found, key, "Pirate Ship's Coin tokens"))
        elif key in DECLARED_TOKEN_KEYS:  # pN.coffers
            yield from _equal(label, wanted, _reported(found, key, f"the tokens {key}"))
        elif key.endswith("_count"):
            zone = key.removesuffix("_count")
            yield from _equal(label, wanted, len(_card_list(found, zone, f"{name}.{zone}")))
        elif key == "discard_top":
            discard = _card_list(found, "discard", f"{name}.discard")
            yield from _equal(label, wanted, discard[-1] if discard else None)
        else:  # vp_tokens, score
            yield from _equal(label, wanted, _field(found, key, label))


def _subset(name: str, expected: Mapping[str, Any], found: Mapping[str, Any]) -> Iterator[str]:
    for key, wanted in expected.items():
        yield from _equal(f"{name}.{key}", wanted, found.get(key))


def _turn(expected: Mapping[str, Any], found: Mapping[str, Any]) -> Iterator[str]:
    """The turn's values; unused Actions are seen only in the Action phase
    (``scenarios.model.turn_key_observable``), so expecting them means expecting that phase."""
    phase = found.get("phase")
    if "actions" in expected and not turn_key_observable("actions", phase):
        yield (
            f"turn.actions expected {_fmt(expected['actions'])} in the Action phase, found the "
            f"{_fmt(phase)} phase (unused Actions are seen in the Action phase only)"
        )
        expected = {key: value for key, value in expected.items() if key != "actions"}
    if "potions" in expected:
        _reported(found, "potions", "the Potions to spend (turn.potions)")
    # A turn whose controller is not reported is controlled by its own player.
    found = {"controller": found.get("player"), **found}
    yield from _subset("turn", expected, found)


def _costs(expected: Mapping[str, Any], state: Mapping[str, Any]) -> Iterator[str]:
    """Each named card's current cost, compared as a value (``4`` is ``$4``)."""
    found = _reported(state, "costs", "the cards' current costs (costs)")
    for card, wanted in expected.items():
        seen = found.get(card)
        if parse_cost(seen) != parse_cost(wanted):
            yield _mismatch(f"cost.{card}", str(parse_cost(wanted)), seen)


def _pending(
    expected: Mapping[str, Any] | None,
    found: Mapping[str, Any] | None,
) -> Iterator[str]:
    if expected is None or found is None:
        if expected != found:
            shown = {k: found.get(k) for k in ("player", "kind", "source")} if found else None
            yield _mismatch("pending", expected, shown)
        return
    for key, wanted in expected.items():
        if key in ("choices", "about"):  # the legal answers and the cards it is about
            yield from _multiset(f"pending.{key}", wanted, list(found.get(key) or ()))
        elif key == "purpose":  # an engine that does not say means the default
            yield from _equal("pending.purpose", wanted, found.get(key, DEFAULT_PURPOSE))
        elif key == "controller":  # not reported: the player answers for themself
            yield from _equal("pending.controller", wanted, _answerer(found))
        else:
            yield from _equal(f"pending.{key}", wanted, found.get(key))


def _answerer(pending: Mapping[str, Any]) -> Any:
    """Who answers a pending decision: its controller, or its player."""
    return pending.get("controller", pending.get("player"))


def _shown_events(lines: Sequence[str]) -> list[str]:
    if len(lines) <= MAX_EVENTS_SHOWN:
        return list(lines)
    return [*lines[:MAX_EVENTS_SHOWN], f"... and {len(lines) - MAX_EVENTS_SHOWN} more"]


def _events(
    expected: Sequence[str], found: Sequence[str], steps: Sequence[int] | None = None
) -> Iterator[str]:
    if steps is None:
        remaining = iter(found)
        # `line in iterator` consumes up to the match, which is exactly a subsequence test.
        held = all(line in remaining for line in expected)
    else:
        held = _in_step_order(expected, found, steps)
    if not held:
        yield _mismatch("events", expected, _shown_events(found))


def _in_step_order(expected: Sequence[str], found: Sequence[str], steps: Sequence[int]) -> bool:
    """Whether ``expected`` is a subsequence of ``found`` up to the order of the lines of
    one step (``steps``: where in ``found`` each step's lines end), for an engine that
    declares ``event_order``. Taking each line from the earliest step that still has it is
    never worse than from a later one, so one pass decides."""
    segments, start = [], 0
    for end in [*steps, len(found)]:
        if end > start:
            segments.append(Counter(found[start:end]))
            start = end
    wanted, segment = iter(expected), 0
    for line in wanted:
        while segment < len(segments) and not segments[segment][line]:
            segment += 1
        if segment == len(segments):
            return False
        segments[segment][line] -= 1
    return True


def _no_events(forbidden: Sequence[str], found: Sequence[str]) -> Iterator[str]:
    present = [line for line in forbidden if line in found]
    if present:
        yield f"no_events expected none of {_fmt(list(forbidden))} found {_fmt(present)}"


def _normal(line: str) -> str:
    return " ".join(line.split())


def compare(
    expect: Mapping[str, Any],
    state: Mapping[str, Any],
    pending: Mapping[str, Any] | None,
    events: Sequence[str],
    steps: Sequence[int] | None = None,
) -> list[str]:
    """Every way ``state`` fails ``expect``; empty when it holds. Keys not given are free.
    ``steps``, for an engine that logs each step's events in an order of its own, says
    where in ``events`` each step's lines end: the order within one is not compared."""
    events = [_normal(line) for line in events]
    problems: list[str] = []
    for key, wanted in expect.items():
        if re.fullmatch(r"p\d", key):
            players = _section(state, "players", "players")
            found = _section(players, key, f"player {key}")
            problems += _player(key, wanted, found)
        elif key == "supply":
            supply = _section(state, "supply", "supply")
            for card, count in wanted.items():
                problems += _equal(f"supply.{card}", count, supply.get(card))
        elif key == "cost":
            problems += _costs(wanted, state)
        elif key == "trash":
            problems += _multiset("trash", wanted, _field(state, "trash", "trash"))
        elif key == "piles":  # only the piles named; a pile of the game not named is free
            found_piles = _reported(state, "piles", "the piles outside the Supply (piles)")
            for pile, cards in wanted.items():
                if pile not in found_piles:
                    problems.append(f"piles.{pile} expected {_fmt(cards)}: no such pile")
                else:
                    problems += _multiset(f"piles.{pile}", cards, list(found_piles[pile]))
        elif key == "turn":
            found_turn = _section(state, "turn", "turn")
            if "extra" in wanted:
                _reported(found_turn, "extra", "whether a turn is an extra turn (turn.extra)")
            problems += _turn(wanted, found_turn)
        elif key in ("embargo", "turns_taken"):
            # Only the piles or players named; a pile without tokens reports none.
            what = {"embargo": "Embargo tokens", "turns_taken": "the turns taken"}[key]
            found_counts = _reported(state, key, f"{what} ({key})")
            for name, count in wanted.items():
                problems += _equal(f"{key}.{name}", count, found_counts.get(name, 0))
        elif key == "pending":
            problems += _pending(wanted, pending)
        elif key == "winners":
            found_winners = _field(state, "winners", "winners")
            problems += _equal("winners", sorted(wanted), sorted(found_winners))
        elif key == "events":
            problems += _events([_normal(line) for line in wanted], events, steps)
        elif key == "no_events":
            problems += _no_events([_normal(line) for line in wanted], events)
        else:  # trade_route, game_over
            problems += _equal(key, wanted, _field(state, key, key))
    return problems


# --- running one scenario -----------------------------------------------------------------


def setup_to_load(scenario: Scenario) -> dict[str, Any]:
    """A fresh copy of the scenario's setup for ``Adapter.load``, which carries the
    loader's word that the engine's own setup check accepted it when the loader did
    (:class:`~scenarios.model.CheckedSetup`)."""
    setup: dict[str, Any] = plain_copy(dict(scenario.setup))
    acceptance = scenario.acceptance
    if acceptance is not None and acceptance.setup is scenario.setup:
        return CheckedSetup(setup, acceptance)
    return setup


def final_expectation(scenario: Scenario) -> Mapping[str, Any]:
    """The last expectation a scenario checks: its final ``expect``, or when it has none,
    an ``expect`` checkpoint that is its last step; empty when it checks nothing at the end."""
    if scenario.expect is not None:
        return scenario.expect
    if scenario.steps and scenario.steps[-1].verb == "expect":
        last: Mapping[str, Any] = scenario.steps[-1].arg
        return last
    return {}


def describe_decision(pending: Mapping[str, Any]) -> str:
    """A pending decision in plain words: who is asked, what kind, by which card, and the
    legal answers: ``p2 is asked by Militia (cards), pick 2 of [Copper, ...]``."""
    player, kind, source = (pending.get(key, "?") for key in ("player", "kind", "source"))
    legal = legal_answers(pending)
    if kind == "react":  # its source is what the Reactions respond to
        return f"{player} may react to {source} ({kind})" + (f": {legal}" if legal else "")
    return f"{player} is asked by {source} ({kind})" + (f", {legal}" if legal else "")


def legal_answers(pending: Mapping[str, Any]) -> str:
    """The answers a pending decision allows (its ``choices``, with how many to pick), in
    words; empty when the adapter did not list them."""
    choices = list(pending.get("choices") or ())
    low, high = pending.get("min"), pending.get("max")
    if pending.get("kind") == "amount" and low is not None and high is not None:
        return f"a number from {low} to {high}"
    if not choices:
        return ""
    if pending.get("kind") == "react":
        return f"reveal {' or '.join(map(str, dict.fromkeys(choices)))}, or decline"
    if pending.get("kind") in ("yes_no", "order") or low is None or high is None:
        count = "answers "
    elif low == high:
        count = f"pick {low} of "
    elif low == 0:
        count = f"pick up to {high} of "
    else:
        count = f"pick {low} to {high} of "
    return f"{count}{_fmt(choices)}"


def not_asked(expected: Mapping[str, Any]) -> str:
    """A decision the engine did not ask, in plain words: ``p2 was expected to be asked by
    Moat (react, to Militia) and was not`` (a ``react`` decision is asked by the Reactions
    that may respond, its choices; any other by its source)."""
    player, kind, source = (expected.get(key, "?") for key in ("player", "kind", "source"))
    if kind == "react":
        askers = " or ".join(map(str, dict.fromkeys(expected.get("choices") or ()))) or source
        return f"{player} was expected to be asked by {askers} (react, to {source}) and was not"
    return f"{player} was expected to be asked by {source} ({kind}) and was not"


def _answers(step: Step, pending: Mapping[str, Any]) -> bool:
    """Whether a ``choose`` step's ``player``, ``controller`` and ``source``, where given,
    are the decision's."""
    found = {
        "player": pending.get("player"),
        "controller": _answerer(pending),
        "source": pending.get("source"),
    }
    return all(getattr(step, key) in (None, value) for key, value in found.items())


def reference_pending(scenario: Scenario, steps: Sequence[Step]) -> Mapping[str, Any] | None:
    """The decision the reference engine waits for after ``steps`` of ``scenario``; None
    when it waits for none, or cannot play them as the scenario says (cards it lacks, a
    step it refuses that the scenario does not say is refused)."""
    try:
        reference = reference_adapter()
        reference.load(setup_to_load(scenario))
        for step in steps:
            try:
                _send(reference, step)
            except Rejected:
                if not step.rejected:
                    return None
        return reference.pending()
    except Exception:  # the reference cannot tell: the scenario is judged as it is
        return None


def _send(adapter: Adapter, step: Step) -> None:
    """What a step sends, without the checks of a run (:meth:`_Run.calls`)."""
    if step.verb == "choose":
        adapter.answer(plain_copy(step.arg))
    elif step.verb in ("play", "spend"):
        for arg in step.arg:
            adapter.command(step.verb, arg)
    elif step.verb != "expect":
        adapter.command(step.verb, step.arg)


class RunObserver(Protocol):
    """Told of each thing a run does, after it is done (``scenarios.trace`` records them).

    ``sent`` comes once per command or answer sent, with the Rejected reason when the
    engine refused it, else None; ``checked`` once per checkpoint (``step`` None for the
    final ``expect``) with every mismatch found.
    """

    def loaded(self) -> None: ...
    def sent(self, step: Step, arg: Any, refused: str | None) -> None: ...
    def checked(
        self, step: Step | None, expected: Mapping[str, Any], problems: Sequence[str]
    ) -> None: ...


class _Stop(Exception):
    """Ends a run early with a verdict."""

    def __init__(self, status: Status, message: str, line: int | None) -> None:
        super().__init__(message)
        self.status, self.message, self.line = status, message, line


def _describe(verb: str, arg: Any) -> str:
    if verb == "choose":
        return f"the answer {_fmt(arg)}"
    if verb == "end":
        return f"end {arg}"
    return f"{verb} {arg}"


def _command(adapter: Adapter, verb: str, arg: Any) -> Callable[[], None]:
    return lambda: adapter.command(verb, arg)


class _Run:
    """The state of one scenario run: where we are, and where the last checkpoint was."""

    def __init__(
        self, scenario: Scenario, adapter: Adapter, observer: RunObserver | None = None
    ) -> None:
        self.scenario = scenario
        self.adapter = adapter
        self.observer = observer
        self.where = "setup"
        self.line: int | None = (
            scenario.line if scenario.setup_line is None else scenario.setup_line
        )
        self.mark = 0  # events before this index belong to an earlier checkpoint
        self.done = 0  # how many of the scenario's steps were played
        self.representation: frozenset[str] = frozenset()
        self.steps_end: list[int] = []  # where each step's events end (event_order only)
        self.carried: list[str] = []  # events expected while a decision was pending
        self.held = False  # a checkpoint while pending left the events' mark where it was
        self.compared_as: set[str] = set()
        self.compared = 0  # expectation keys compared
        self.dropped = 0  # expectation keys not compared (atomic_answers)

    def stop(self, status: Status, text: str) -> _Stop:
        return _Stop(status, f"{self.where}: {text}", self.line)

    def start(self) -> None:
        self.adapter.load(setup_to_load(self.scenario))
        self.representation = self.adapter.representation()
        self.mark = len(self.adapter.events())
        if self.observer:
            self.observer.loaded()

    def step(self, step: Step) -> None:
        self.where, self.line = step.label, step.line
        if step.verb == "expect":
            self.checkpoint(step.arg, step)
        else:
            calls = self.calls(step)
            if step.rejected:  # the loader allows `rejected` only with a single call
                self.expect_rejected(step, *calls[0])
            else:
                for call in calls:
                    self.expect_accepted(step, *call)
            if "event_order" in self.representation:
                self.steps_end.append(len(self.adapter.events()))
        self.done += 1

    def sent(self, step: Step, arg: Any, refused: str | None) -> None:
        if self.observer:
            self.observer.sent(step, arg, refused)

    def calls(self, step: Step) -> list[tuple[Any, str, Callable[[], None]]]:
        """What a step sends to the adapter (argument, words, call), checking first who
        is to act."""
        adapter = self.adapter
        if step.verb == "choose":
            self.check_decider(step)
            answer = plain_copy(step.arg)  # the adapter must not alter the scenario
            return [(step.arg, _describe("choose", step.arg), lambda: adapter.answer(answer))]
        self.check_active(step)
        args = step.arg if step.verb in ("play", "spend") else [step.arg]
        return [(arg, _describe(step.verb, arg), _command(adapter, step.verb, arg)) for arg in args]

    def check_active(self, step: Step) -> None:
        if step.player is None and step.controller is None:
            return
        turn = _field(self.adapter.observe(), "turn", "turn")
        active = _field(turn, "player", "turn.player")
        if step.player is not None and active != step.player:
            raise self.stop(
                Status.FAIL,
                f"player expected {step.player} found {active}: it is {active}'s turn, and"
                f" {step.verb} is a command of the player whose turn it is",
            )
        controller = turn.get("controller", active)
        if step.controller is not None and controller != step.controller:
            raise self.stop(
                Status.FAIL,
                f"controller expected {step.controller} found {controller}: {controller}"
                f" gives the commands of {active}'s turn",
            )

    def check_decider(self, step: Step) -> None:
        pending = self.adapter.pending()
        taken = self.taken_alone(step)
        if pending is None:
            # The engine's failure when the reference engine asks here (it did not ask a
            # question the rules ask); else a malformed scenario (the format reference,
            # docs/guides/writing-scenarios.rst).
            expected = reference_pending(self.scenario, self.scenario.steps[: self.done])
            if expected is not None:
                raise self.stop(Status.FAIL, f"{not_asked(expected)}: nothing is pending{taken}")
            raise self.stop(
                Status.ERROR,
                "choose: nothing is pending, there is no decision to answer" + taken,
            )
        for key in ("player", "controller", "source"):
            wanted = getattr(step, key)
            found = _answerer(pending) if key == "controller" else pending.get(key)
            if wanted is not None and found != wanted:
                asked = describe_decision(pending)
                # The step is right about the question the reference asks here: the
                # engine asks another instead.
                expected = reference_pending(self.scenario, self.scenario.steps[: self.done])
                if expected is not None and _answers(step, expected):
                    raise self.stop(Status.FAIL, f"{not_asked(expected)}: {asked}{taken}")
                raise self.stop(Status.FAIL, f"{_mismatch(key, wanted, found)}: {asked}{taken}")

    def taken_alone(self, step: Step) -> str:
        """``; Throne Room's question to p1 had only one legal answer (Feast): the engine
        took it``, for the decisions the engine answered itself just before this step
        (those with the step's ``source``, if it names one); "" when there are none."""
        try:
            taken = self.adapter.taken_alone() or []
        except Exception:  # only a message depends on it
            return ""
        if step.source is not None:
            taken = [t for t in taken if t.get("source") == step.source]
        words = [
            f"{t.get('source')}'s question to {t.get('player')} had only one legal answer"
            f" ({_fmt(t.get('answer'))}): the engine took it"
            for t in taken
        ]
        return (
            "; " + "; ".join(words) + " (remove the choose step that answers it)" if words else ""
        )

    def expect_accepted(self, step: Step, arg: Any, what: str, action: Callable[[], None]) -> None:
        try:
            action()
        except Rejected as exc:
            self.sent(step, arg, str(exc) or "refused")
            pending = self.adapter.pending()
            asked = (
                {key: pending.get(key) for key in ("player", "kind", "source")} if pending else None
            )
            waiting = f" (the engine waits for: {_fmt(asked)})" if asked else ""
            raise self.stop(Status.FAIL, f"{what} was rejected: {exc}{waiting}") from None
        self.sent(step, arg, None)

    def snapshot(self) -> tuple[Any, Any, list[str]]:
        adapter = self.adapter
        observed, pending = adapter.observe(), adapter.pending()
        if not adapter.observations_are_copies():
            # An in-process engine may hand out structures it later changes in place.
            observed, pending = plain_copy(observed), plain_copy(pending)
        return observed, pending, list(adapter.events())

    def expect_rejected(self, step: Step, arg: Any, what: str, action: Callable[[], None]) -> None:
        before = self.snapshot()
        try:
            action()
        except Rejected as exc:
            self.sent(step, arg, str(exc) or "refused")
            after = self.snapshot()
            changed = [
                name
                for name, old, new in zip(
                    ("state", "pending", "events"), before, after, strict=True
                )
                if old != new
            ]
            if changed:
                raise self.stop(
                    Status.FAIL, f"{what} was rejected but the {' and '.join(changed)} changed"
                ) from None
            return
        self.sent(step, arg, None)
        raise self.stop(Status.FAIL, f"{what} should be rejected, but it was accepted")

    def checkpoint(self, expect: Mapping[str, Any], step: Step | None = None) -> None:
        events, pending = self.adapter.events(), self.adapter.pending()
        if pending is not None and "atomic_answers" in self.representation:
            expect = self.while_pending(expect)
        elif self.held:
            expect = self.after_pending(expect)
        steps = None
        if "event_order" in self.representation:
            steps = [end - self.mark for end in self.steps_end if end > self.mark]
            self.compared_as |= {"event_order"} if "events" in expect else set()
        problems = compare(expect, self.adapter.observe(), pending, events[self.mark :], steps)
        self.compared += len(expect)
        if pending is None or "atomic_answers" not in self.representation:
            self.mark = len(events)
        if self.observer:
            self.observer.checked(step, expect, problems)
        if problems:
            raise self.stop(Status.FAIL, "; ".join(problems))

    def after_pending(self, expect: Mapping[str, Any]) -> Mapping[str, Any]:
        """The first checkpoint after decisions pending on an engine whose answers take
        effect together: the events expected meanwhile are expected now, before this
        checkpoint's; ``no_events`` is not compared, since which lines came before the
        last checkpoint and which after cannot be told apart."""
        kept = {key: value for key, value in expect.items() if key != "no_events"}
        if len(kept) < len(expect):
            self.compared_as.add("atomic_answers")
            self.dropped += 1
        if self.carried:
            kept["events"] = [*self.carried, *expect.get("events", ())]
        self.held, self.carried = False, []
        return kept

    def while_pending(self, expect: Mapping[str, Any]) -> Mapping[str, Any]:
        """What is compared while a decision is pending on an engine whose answers take
        effect together: the decision, and the events that must not have happened yet (such
        an engine has done less by then, never more); the events expected wait for the
        next checkpoint where none is pending (the state cannot wait: it is not compared)."""
        kept = {key: value for key, value in expect.items() if key in ("pending", "no_events")}
        self.held = True
        self.carried += expect.get("events", ())
        dropped = [key for key in expect if key not in ("pending", "no_events", "events")]
        self.dropped += len(dropped)
        if len(kept) < len(expect):
            self.compared_as.add("atomic_answers")
        return kept

    def finish(self) -> None:
        self.check_nothing_left_pending()
        if self.scenario.expect is not None:
            self.where, self.line = "final expect", self.scenario.expect_line
            self.checkpoint(self.scenario.expect)
        if self.carried and self.adapter.pending() is None:
            # Events expected while a decision was pending, and no checkpoint after.
            self.where = "the events expected while a decision was pending"
            self.checkpoint({"events": []})
        elif self.carried:  # the scenario stops while pending: they cannot happen yet
            self.dropped += len(self.carried)
        if self.dropped and not self.compared:
            # Everything the scenario states was left out: a pass would mean nothing.
            raise Unsupported(
                f"{self.adapter.name} declares atomic answers, and the scenario checks "
                "only state while a decision is pending"
            )

    def check_nothing_left_pending(self) -> None:
        """A scenario that stops while a player still has to answer proves nothing about
        what follows the answer, so that is a failure unless the scenario says it means
        to stop there (its final expectation states ``pending:``)."""
        pending = self.adapter.pending()
        if pending is None or "pending" in final_expectation(self.scenario):
            return
        steps = self.scenario.steps
        if steps:
            self.where, self.line = f"after {steps[-1].label}", steps[-1].line
        raise self.stop(
            Status.FAIL,
            f"the steps end while the game waits for a decision: {describe_decision(pending)};"
            " add the choose step that answers it, or state pending: in the final expect",
        )

    def error_from(self, exc: Exception) -> _Stop:
        """An adapter exception as an error; a ValueError about a shuffle names the key."""
        text = str(exc) or type(exc).__name__
        numbered = re.match(r"(p\d)\.shuffles\[(\d+)\]: ", text)
        if isinstance(exc, ValueError) and numbered:  # the engine says which order
            player, number = numbered[1], int(numbered[2])
            self.line = self.scenario.line_of(("setup", player, "shuffles", number - 1))
            key = format_key(("setup", player, "shuffles", number - 1))
            return self.stop(Status.ERROR, f"{key}: {text[numbered.end() :]}")
        if isinstance(exc, ValueError) and "shuffle" in text.lower():
            key = self.shuffle_key(text)
            self.line = self.scenario.line_of(("setup", *key.split(".")[1:]))
            text = text.removeprefix(key.removeprefix("setup.") + ": ")
            return self.stop(Status.ERROR, f"{key}: {text}")
        if not isinstance(exc, ValueError | AdapterError):
            text = f"{type(exc).__name__}: {text}"
        return self.stop(Status.ERROR, text)

    def shuffle_key(self, text: str) -> str:
        """Which ``setup.pN.shuffles`` an engine's complaint is about, as best we can tell."""
        setup = self.scenario.setup
        with_orders = [
            f"p{n}" for n in range(1, setup["players"] + 1) if setup[f"p{n}"]["shuffles"]
        ]
        named = re.findall(r"\bp\d\b", text)
        player = next((p for p in named if p in with_orders), None)
        if player is None and len(with_orders) == 1:
            player = with_orders[0]
        return f"setup.{player}.shuffles" if player else "setup.shuffles"


def run_scenario(
    scenario: Scenario, adapter: Adapter, observer: RunObserver | None = None
) -> Result:
    """Play ``scenario`` on ``adapter`` and judge it; never raises for adapter trouble
    (but lets :class:`~scenarios.adapters.base.EngineUnusable` through). The result
    carries how long it took.

    ``observer`` (``scenarios.trace``) is told of every step as it is played."""
    return _judge(scenario, adapter, observer, time.perf_counter())


def _judge(
    scenario: Scenario, adapter: Adapter, observer: RunObserver | None, started: float
) -> Result:

    def result(
        status: Status,
        message: str = "",
        line: int | None = None,
        compared_as: Iterable[str] = (),
    ) -> Result:
        seconds = time.perf_counter() - started
        return Result(
            scenario.id,
            str(scenario.file),
            status,
            message,
            scenario.rulings,
            line,
            seconds,
            tuple(sorted(compared_as)),
        )

    try:
        reason = adapter.unsupported_reason(set(scenario.named), dict(scenario.editions))
        reason = reason or _unsupported_features(scenario, adapter)
    except EngineUnusable:
        raise
    except Exception as exc:  # an engine's bug must not end the whole run
        return result(Status.ERROR, f"unsupported_reason: {type(exc).__name__}: {exc}")
    if reason:
        return result(Status.SKIP, reason)
    run = _Run(scenario, adapter, observer)
    try:
        with _time_limit(adapter):
            run.start()
            for step in scenario.steps:
                run.step(step)
            run.finish()
    except _Stop as stop:
        return result(stop.status, stop.message, stop.line, run.compared_as)
    except _NotReported as exc:
        return result(Status.SKIP, f"{adapter.name} does not report {exc}")
    except Unsupported as exc:
        return result(Status.SKIP, str(exc) or "unsupported")
    except Rejected as exc:  # load() refused the position
        return result(Status.ERROR, f"{run.where}: the engine refused it: {exc}", run.line)
    except EngineUnusable:
        raise
    except Exception as exc:
        verdict = run.error_from(exc)
        return result(verdict.status, verdict.message, verdict.line)
    return result(Status.PASS, compared_as=run.compared_as)


class OutOfTime(AdapterError):
    """A scenario's run on an engine in this process went past its time limit."""


@contextmanager
def _time_limit(adapter: Adapter) -> Iterator[None]:
    """Stop the scenario's run (OutOfTime, raised where the engine is) when it has taken
    ``adapter.time_limit`` seconds or reached ``adapter.deadline_at``: an engine in this
    process is bounded like one in another (a setup that ran for an hour, ``--deadline``
    that stopped nothing). A timer signal, so only in the main thread where there is one
    (not on Windows); a limit of None is none."""
    seconds = adapter.time_limit
    if adapter.deadline_at is not None:
        left = max(adapter.deadline_at - time.monotonic(), 0.001)
        seconds = left if seconds is None else min(seconds, left)
    if (
        seconds is None
        or not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return
    limit = seconds

    def expire(_signal: int, _frame: Any) -> None:
        raise OutOfTime(f"no result within {limit:g} s (the engine was stopped)")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _unsupported_features(scenario: Scenario, adapter: Adapter) -> str | None:
    """Why the engine may not be sent this scenario's setup: an addition to format
    version 1 that it does not declare (it would misread the position, not refuse it);
    for an addition only a set the engine lacks needs, the engine's reason for that set."""
    supported = adapter.supported_features()
    if all(feature in supported for feature in FORMAT_FEATURES):
        return None  # the reference engine's case: the setup's additions need not be listed
    missing = [f for f in format_features(scenario.setup) if f not in supported]
    if not missing:
        return None
    missing_sets = adapter.missing_sets()
    for feature in missing:
        reason = missing_sets.get(FEATURE_SETS.get(feature, ""))
        if reason:
            return reason
    return f"{adapter.name} does not declare the format additions {', '.join(missing)}"


class RunStopped(Exception):
    """The run ended before its last scenario: the engine is unusable, or the deadline
    passed. ``results`` holds what ran before."""

    def __init__(self, reason: str, results: list[Result]) -> None:
        super().__init__(reason)
        self.reason = reason
        self.results = results


RunOne = Callable[[Scenario, Adapter], Result]


def run_all(
    scenarios: Iterable[Scenario],
    make_adapter: AdapterFactory,
    run_one: RunOne = run_scenario,
    *,
    deadline: float | None = None,
    maxfail: int | None = None,
    failing: Callable[[Result], bool] | None = None,
    on_result: Callable[[Result, int, int], None] | None = None,
) -> list[Result]:
    """Run each scenario on one adapter (each ``load`` starts a fresh game).

    ``run_one`` plays one scenario (``scenarios.trace`` passes one that also records).
    Stops after ``maxfail`` failures and errors (returning what ran; ``failing`` says
    which results count, by default every fail and error). Raises
    :class:`RunStopped` when the engine cannot be started or is unusable
    (:class:`~scenarios.adapters.base.EngineUnusable`), or at ``deadline`` (a
    :func:`time.monotonic` instant). ``on_result(result, done, total)`` follows progress.
    """
    scenarios = list(scenarios)
    if not scenarios:
        return []
    results: list[Result] = []
    try:
        adapter = make_adapter()
    except Exception as exc:
        raise RunStopped(f"the engine could not be started: {_exception_text(exc)}", []) from None
    with _fewer_collections():
        try:
            for scenario in scenarios:
                if deadline is not None and time.monotonic() >= deadline:
                    raise RunStopped(
                        f"the deadline passed after {len(results)} of {len(scenarios)} scenarios",
                        results,
                    )
                try:
                    results.append(run_one(scenario, adapter))
                except EngineUnusable as exc:
                    raise RunStopped(f"the engine is unusable: {exc}", results) from None
                if on_result is not None:
                    on_result(results[-1], len(results), len(scenarios))
                counts = failing or (lambda r: r.status in (Status.FAIL, Status.ERROR))
                if maxfail is not None and sum(map(counts, results)) >= maxfail:
                    break
            return results
        finally:
            adapter.close()


@contextmanager
def _fewer_collections() -> Iterator[None]:
    """The cycle collector's youngest generation collected after 10,000 new objects rather
    than 700 while scenarios load and run. A run makes a few hundred thousand objects that
    live for one scenario, the reference engine's freed without the collector
    (``Game.close``), so its frequent passes found nothing to free and cost about 7% of a
    warm ``arbiter check`` (3% more of a cold one, while loading); an engine that makes
    cycles has them collected all the same, a little later."""
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], YOUNG_COLLECTION_AFTER), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def _exception_text(exc: Exception) -> str:
    if isinstance(exc, AdapterError | ValueError):
        return str(exc) or type(exc).__name__
    return f"{type(exc).__name__}: {exc}"


def run_files(
    files: Iterable[Path],
    make_adapter: AdapterFactory = reference_adapter,
    cards: CardIndex | None = None,
    select: Callable[[str, str], bool] | None = None,
    run_one: RunOne = run_scenario,
    cache: ScenarioCache | None = None,
    **options: Any,
) -> list[Result]:
    """Load and run ``files``; malformed files are error results. Ordered by file.

    ``select(id, file)`` keeps only some scenarios (the CLI's ``-k``); ``cache`` keeps
    the loaded scenarios between runs (:func:`~scenarios.loader.load_many`); ``options``
    go to :func:`run_all` (``deadline``, ``maxfail``, ``on_result``).
    """
    with _fewer_collections():  # loading makes many objects too, most of them kept
        loaded, failures = load_many(files, cards, cache=cache)
    keep = select or (lambda _id, _file: True)
    chosen = [s for s in loaded if keep(s.id, str(s.file))]
    results = run_all(chosen, make_adapter, run_one, **options)
    results += [error_result(f) for f in failures if keep(f.scenario_id or "", f.file)]
    return sorted(results, key=lambda result: (result.file, result.line or 0))
