"""The play-by-play of a scenario: what was sent, what the engine asked, what happened.

:func:`trace_scenario` runs a scenario exactly as ``arbiter check`` does (the same runner,
the same verdict) and records the run as a list of typed records; :func:`render_trace`
turns them into the plain-words narration that ``arbiter check FILE --trace`` prints. The
records are also the data the docs narrate scenarios from, so their fields are stable:

``Start(state, events, asked)``
    The position right after set-up: ``state`` is the adapter's ``observe()`` (see
    :mod:`scenarios.adapters.base`), ``events`` the event lines set-up produced (a
    start-of-turn effect, say), ``asked`` the decision already pending, or None.
``Command(step, line, player, verb, card, must_refuse, refused)``
    One ``play`` / ``buy`` / ``end`` sent to the engine (a ``play: [A, B]`` step gives one
    Command per card). ``player`` is the active player when it was sent; ``card`` is the
    card name, or ``action`` / ``turn`` for ``end``. ``must_refuse`` is the step's
    ``rejected: true``; ``refused`` the engine's reason when it refused, else None.
``Answer(step, line, player, value, must_refuse, refused)``
    One ``choose`` answer: ``player`` is who was asked, ``value`` the answer as written
    (a card name, a list of names, an option label, ``True``/``False`` for yes/no, ``[]``).
``Happened(step, lines)``
    The event lines (``p1 gains Duchy``...) that the command or answer before it caused,
    in order; only recorded when there are some. Decisions the engine took on its own,
    because only one answer was legal, show here by their effects, never as Asked.
``Asked(step, decision)``
    After the command or answer of ``step``, the engine waits for ``decision`` (a
    :class:`Decision`: ``player``, ``kind``, ``source``, ``choices`` (the legal answers
    as labels), ``min``/``max`` (how many to pick), ``about`` (the cards it is about, when
    the engine says), ``prompt`` and ``purpose`` (what the picks are for)). Recorded each
    time a decision is pending after an accepted step.
``Checkpoint(step, line, expected, state, asked, problems)``
    An ``expect`` was checked: ``step`` is its step number, or None for the final
    ``expect``. ``expected`` is the mapping as written, ``state`` / ``asked`` what the
    engine showed then, ``problems`` every mismatch (empty when it held).
``Verdict(status, message, line)``
    Always the last record: the runner's :class:`~scenarios.runner.Result` in short.

``step`` is always the scenario's step number, counted from 1 as in every message.

A trace also explains its verdict (:func:`explanation`): the catalogue rulings on the cards
it involves (those it cites, then those that name two of its cards), and, when a ``choose``
step waited for a question that never came, why that card did not ask (Moat is not offered
against Masquerade, which is not an Attack). ``render_trace`` ends with both.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from scenarios.adapters.base import DEFAULT_PURPOSE, Adapter
from scenarios.catalogue import Ruling, catalogue
from scenarios.model import ZONES, Scenario, Step
from scenarios.runner import (
    AdapterFactory,
    Result,
    Status,
    describe_decision,
    legal_answers,
    run_files,
    run_scenario,
)


@dataclass(frozen=True)
class Decision:
    """A pending decision as the adapter reports it (see ``Adapter.pending``)."""

    player: str
    kind: str
    source: str
    choices: tuple[str, ...] = ()
    min: int | None = None
    max: int | None = None
    about: tuple[str, ...] = ()
    prompt: str = ""
    purpose: str = DEFAULT_PURPOSE

    @classmethod
    def from_pending(cls, pending: Mapping[str, Any]) -> Decision:
        def count(key: str) -> int | None:
            value = pending.get(key)
            return value if isinstance(value, int) else None

        return cls(
            player=str(pending.get("player", "?")),
            kind=str(pending.get("kind", "?")),
            source=str(pending.get("source", "?")),
            choices=tuple(map(str, pending.get("choices") or ())),
            min=count("min"),
            max=count("max"),
            about=tuple(map(str, pending.get("about") or ())),
            prompt=str(pending.get("prompt") or ""),
            purpose=str(pending.get("purpose") or DEFAULT_PURPOSE),
        )

    def describe(self) -> str:
        """The runner's words for it: ``p2 is asked by Militia (cards), pick 2 of [...]``."""
        return describe_decision(asdict(self))

    def question(self) -> str:
        """The question as the narration puts it: ``Militia asks p2: discard down to 3
        cards (cards; pick 2 of [...])``."""
        prompt = f": {self.prompt}" if self.prompt else ""
        legal = legal_answers(asdict(self))
        return (
            f"{self.source} asks {self.player}{prompt} ({self.kind}{'; ' + legal if legal else ''})"
        )


@dataclass(frozen=True)
class Start:
    state: Mapping[str, Any]
    events: tuple[str, ...] = ()
    asked: Decision | None = None


@dataclass(frozen=True)
class Command:
    step: int
    line: int
    player: str
    verb: str
    card: str
    must_refuse: bool = False
    refused: str | None = None


@dataclass(frozen=True)
class Answer:
    step: int
    line: int
    player: str
    value: Any
    must_refuse: bool = False
    refused: str | None = None


@dataclass(frozen=True)
class Happened:
    step: int
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Asked:
    step: int
    decision: Decision


@dataclass(frozen=True)
class Checkpoint:
    step: int | None
    line: int | None
    expected: Mapping[str, Any]
    state: Mapping[str, Any]
    asked: Decision | None
    problems: tuple[str, ...] = ()


@dataclass(frozen=True)
class Verdict:
    status: Status
    message: str = ""
    line: int | None = None


Record = Start | Command | Answer | Happened | Asked | Checkpoint | Verdict


@dataclass(frozen=True)
class Trace:
    """A scenario, its play-by-play and the runner's result for it."""

    scenario: Scenario
    records: tuple[Record, ...]
    result: Result = field(compare=False)


def record_to_json(record: Record) -> dict[str, Any]:
    """One record as plain JSON data, with its type under ``record`` (``"command"``...)."""
    data = asdict(record)
    if isinstance(record, Verdict):
        data["status"] = str(record.status)
    return {"record": type(record).__name__.lower(), **data}


class _Recorder:
    """The runner's observer: reads the adapter after each thing the runner does."""

    def __init__(self, scenario: Scenario, adapter: Adapter) -> None:
        self.scenario = scenario
        self.adapter = adapter
        self.records: list[Record] = []
        self.seen = 0  # event lines already recorded
        self.active = "p1"
        self.asked: Decision | None = None

    def _pending(self) -> Decision | None:
        pending = self.adapter.pending()
        return Decision.from_pending(pending) if pending is not None else None

    def _new_events(self) -> tuple[str, ...]:
        lines = self.adapter.events()
        new, self.seen = tuple(lines[self.seen :]), len(lines)
        return new

    def _look(self) -> dict[str, Any]:
        state = copy.deepcopy(self.adapter.observe())
        self.active = str(state.get("turn", {}).get("player", self.active))
        return state

    def loaded(self) -> None:
        state = self._look()
        self.asked = self._pending()
        self.records.append(Start(state, self._new_events(), self.asked))

    def sent(self, step: Step, arg: Any, refused: str | None) -> None:
        if step.verb == "choose":
            player = self.asked.player if self.asked else "?"
            self.records.append(
                Answer(step.number, step.line, player, copy.deepcopy(arg), step.rejected, refused)
            )
        else:
            self.records.append(
                Command(
                    step.number, step.line, self.active, step.verb, str(arg), step.rejected, refused
                )
            )
        if refused is not None:
            return
        lines = self._new_events()
        if lines:
            self.records.append(Happened(step.number, lines))
        self._look()
        self.asked = self._pending()
        if self.asked is not None:
            self.records.append(Asked(step.number, self.asked))

    def checked(
        self, step: Step | None, expected: Mapping[str, Any], problems: Sequence[str]
    ) -> None:
        line = step.line if step else self.scenario.expect_line
        self.records.append(
            Checkpoint(
                step.number if step else None,
                line,
                copy.deepcopy(dict(expected)),
                self._look(),
                self._pending(),
                tuple(problems),
            )
        )


def trace_scenario(scenario: Scenario, adapter: Adapter) -> Trace:
    """Run ``scenario`` on ``adapter`` as the runner does, recording every step."""
    recorder = _Recorder(scenario, adapter)
    result = run_scenario(scenario, adapter, observer=recorder)
    records = [*recorder.records, Verdict(result.status, result.message, result.line)]
    return Trace(scenario, tuple(records), result)


def trace_files(
    files: Iterable[Path],
    make_adapter: AdapterFactory,
    select: Callable[[str, str], bool] | None = None,
) -> tuple[list[Trace], list[Result]]:
    """``run_files`` with a trace of each scenario run: the traces in the order run, and
    every result (malformed files included) as ``run_files`` gives them."""
    traces: list[Trace] = []

    def run_one(scenario: Scenario, adapter: Adapter) -> Result:
        traces.append(trace_scenario(scenario, adapter))
        return traces[-1].result

    return traces, run_files(files, make_adapter, select=select, run_one=run_one)


# --- plain words --------------------------------------------------------------------------


def _names(cards: Sequence[str]) -> str:
    return ", ".join(cards) if cards else "nothing"


def _answer_words(value: Any) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, list):
        return _names(value) if value else "nothing ([])"
    return str(value)


def _turn_words(turn: Mapping[str, Any]) -> str:
    phase = str(turn.get("phase", "?")).capitalize()
    actions, buys = (_counted(turn.get(key), key[:-1].capitalize()) for key in ("actions", "buys"))
    return (
        f"{turn.get('player', '?')}'s turn, {phase} phase ({actions}, {buys}, ${turn.get('coins')})"
    )


def _counted(count: Any, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _player_lines(state: Mapping[str, Any], keys: Sequence[str] = ZONES) -> list[str]:
    lines = []
    for name, zones in state.get("players", {}).items():
        shown = [
            f"{zone.replace('_', ' ')} {_names(zones[zone])}" for zone in keys if zones.get(zone)
        ]
        if shown:
            lines.append(f"{name}: " + "; ".join(shown))
    return lines


def _start_lines(scenario: Scenario, start: Start) -> list[str]:
    setup = scenario.setup
    lines = [
        f"Setup: {setup['players']} players; Kingdom {_names(setup['kingdom'])};"
        f" {_turn_words(start.state.get('turn', {}))}"
    ]
    lines += [f"  {line}" for line in _player_lines(start.state)]
    if start.state.get("trash"):
        lines.append(f"  trash: {_names(start.state['trash'])}")
    lines += [f"    {line}" for line in start.events]
    if start.asked:
        lines.append(f"   {start.asked.question()}")
    return lines


def _sent_line(record: Command | Answer) -> str:
    if isinstance(record, Command):
        if record.verb == "end":
            said = (
                f"{record.player} ends the {'Action phase' if record.card == 'action' else 'turn'}"
            )
        else:
            said = f"{record.player} {record.verb}s {record.card}"
    else:
        said = f"{record.player} answers {_answer_words(record.value)}"
    if record.must_refuse:
        outcome = (
            f": refused as it must be ({record.refused})"
            if record.refused
            else (": accepted, but it must be refused")
        )
        return f"{record.step}. {said}{outcome}."
    if record.refused is not None:
        return f"{record.step}. {said}: the engine refuses it ({record.refused})."
    return f"{record.step}. {said}."


def _expected_state(record: Checkpoint) -> list[str]:
    """What the engine shows for the keys the checkpoint names."""
    state, lines = record.state, []
    for key, wanted in record.expected.items():
        if key in state.get("players", {}):
            zones = state["players"][key]
            parts = []
            for name in wanted:
                if name.endswith("_count"):
                    zone = name.removesuffix("_count")
                    count = len(zones.get(zone, []))
                    parts.append(
                        f"{zone.replace('_', ' ')} {count} card{'' if count == 1 else 's'}"
                    )
                elif name == "discard_top":
                    top = zones["discard"][-1] if zones.get("discard") else "nothing"
                    parts.append(f"top of discard {top}")
                elif name in ZONES:
                    parts.append(f"{name.replace('_', ' ')} {_names(zones.get(name, []))}")
                else:
                    parts.append(f"{name.replace('_', ' ')} {zones.get(name)}")
            lines.append(f"{key}: " + "; ".join(parts))
        elif key == "supply":
            piles = state.get("supply", {})
            lines.append("supply: " + ", ".join(f"{card} {piles.get(card)}" for card in wanted))
        elif key == "trash":
            lines.append(f"trash: {_names(state.get('trash', []))}")
        elif key == "turn":
            lines.append(_turn_words(state.get("turn", {})))
        elif key == "pending":
            lines.append(
                f"waiting for: {record.asked.describe()}" if record.asked else "nothing pending"
            )
        elif key in ("events", "no_events"):
            continue  # the events are narrated as they happen
        else:
            lines.append(f"{key.replace('_', ' ')}: {state.get(key)}")
    return lines


def _checkpoint_lines(record: Checkpoint) -> list[str]:
    where = f"{record.step}. Checkpoint" if record.step else "Final expect"
    if record.line and not record.step:
        where += f" (line {record.line})"
    verdict = "holds" if not record.problems else "does not hold: " + "; ".join(record.problems)
    return [f"{where}: {verdict}.", *(f"  {line}" for line in _expected_state(record))]


# --- why: the rulings that apply, the question that never came ------------------------------

# When a Reaction is offered, by the event its trigger listens to and whose event it is.
_REACTS_WHEN = {
    ("attack", "others"): "another player plays an Attack",
    ("gain", "own"): "its owner gains a card",
    ("gain", "others"): "another player gains a card",
    ("buy", "own"): "its owner buys a card",
    ("trash", "own"): "its owner trashes it",
}


def _lines_of(record: Happened | Start) -> tuple[str, ...]:
    return record.lines if isinstance(record, Happened) else record.events


def _played(trace: Trace, before: int | None = None) -> list[str]:
    """Every card played in the run, in order (a card played twice is listed twice); with
    ``before``, only those played before that step was sent."""
    played: list[str] = []
    for record in trace.records:
        if isinstance(record, Command | Answer) and before is not None and record.step >= before:
            break
        if isinstance(record, Happened | Start):
            lines = _lines_of(record)
            played += [line.split(" plays ", 1)[1] for line in lines if " plays " in line]
    return played


def involved_cards(trace: Trace) -> list[str]:
    """The cards the run is about: those it names as its subject (``cards:``), those
    played, those that asked a question or that a step names as its asker."""
    asked = [
        r.decision.source
        for r in trace.records
        if isinstance(r, Asked) and r.decision.source != "?"
    ]
    named = [step.source for step in trace.scenario.steps if step.source]
    return list(dict.fromkeys([*trace.scenario.cards, *_played(trace), *asked, *named]))


def _holds(ruling: Ruling, editions: Mapping[str, int]) -> bool:
    return ruling.set not in editions or editions[ruling.set] in ruling.editions


def applicable_rulings(trace: Trace) -> list[Ruling]:
    """The catalogue rulings on this run: the ones the scenario cites, then every ruling
    (for the editions played) on two of the cards it involves: a card's ruling when that
    card and another it names are involved (as the interaction graph pairs them: two cards
    a ruling on a third names, Horn of Plenty's on Throne Room and Feast, are not its
    subject), a general rule when two cards it names are."""
    rulings = catalogue()
    cited = [rulings[r] for r in trace.scenario.rulings if r in rulings]
    cards = set(involved_cards(trace))

    def on_two(ruling: Ruling) -> bool:
        named = cards & set(ruling.cards)
        return len(named) >= 2 if ruling.card is None else ruling.card in cards and bool(named)

    pairs = [
        r
        for r in rulings.values()
        if on_two(r) and _holds(r, trace.scenario.editions) and r not in cited
    ]
    return cited + pairs


def _definition(name: str, editions: Mapping[str, int]) -> Any:
    """The definition of ``name`` played under ``editions`` (None: not a card)."""
    from engine.cards import card_names, definitions

    if name not in card_names():
        return None
    defs = definitions(name)
    return next((c for c in defs if editions.get(c.set, 2) in c.editions), defs[-1])


def _pending_before(trace: Trace, number: int) -> Decision | None:
    """The question waiting when step ``number`` was sent."""
    pending = None
    for record in trace.records:
        if isinstance(record, Start):
            pending = record.asked
        elif isinstance(record, Command | Answer) and record.step >= number:
            break
        elif isinstance(record, Command | Answer) and record.refused is None:
            pending = None
        elif isinstance(record, Asked):
            pending = record.decision
    return pending


def _waited_for(trace: Trace) -> tuple[Step, str] | None:
    """The ``choose`` step the verdict stopped at and the card it expected to ask, when
    that card asked nothing then."""
    verdict = trace.records[-1]
    if not isinstance(verdict, Verdict) or verdict.status not in (Status.FAIL, Status.ERROR):
        return None
    step = next(
        (s for s in trace.scenario.steps if s.line == verdict.line and s.verb == "choose"), None
    )
    if step is None:
        return None
    expected = step.source
    if expected is None and isinstance(step.arg, str):
        card = _definition(step.arg, trace.scenario.editions)
        if card is not None and any(t.optional for t in card.triggers):
            expected = step.arg  # `choose: Moat`: revealing a Reaction that was not offered
    pending = _pending_before(trace, step.number)
    if expected is None or (pending is not None and pending.source == expected):
        return None
    return step, expected


def _is_attack(name: str, editions: Mapping[str, int]) -> bool:
    card = _definition(name, editions)
    return card is not None and "Attack" in card.types


def why_not_asked(trace: Trace) -> str | None:
    """Why the card a ``choose`` step expected did not ask: its Reaction's event did not
    happen (Moat against Masquerade, which is not an Attack), or it was never played."""
    waited = _waited_for(trace)
    if waited is None:
        return None
    step, name = waited
    card = _definition(name, trace.scenario.editions)
    played = list(dict.fromkeys(_played(trace, before=step.number)))
    head = f"{name} was not offered"
    for trigger in card.triggers if card is not None else ():
        when = _REACTS_WHEN.get((trigger.event, trigger.who))
        if not trigger.optional or when is None:
            continue
        if trigger.event == "attack":
            attacks = [p for p in played if _is_attack(p, trace.scenario.editions)]
            if not attacks:
                what = ", ".join(played) or "nothing"
                verb = "is" if len(played) == 1 else "are"
                return f"{head}: it reacts when {when}, and {what} {verb} not an Attack."
        return f"{head}: it reacts when {when}, and that did not happen for its owner then."
    pending = _pending_before(trace, step.number)
    now = f"; the rules were waiting for {pending.describe()}" if pending else ""
    if card is not None and name not in played:
        return f"{name} asked nothing: it asks only when it is played, and it was not{now}."
    return f"{name} asked nothing at this point{now}."


def explanation(trace: Trace) -> list[str]:
    """The lines that follow the verdict: why an expected question never came, and the
    rulings that apply, each in full."""
    out = []
    why = why_not_asked(trace)
    if why:
        out.append(f"Why: {why}")
    rulings = applicable_rulings(trace)
    if rulings:
        out.append("Rulings on these cards:")
        cited = set(trace.scenario.rulings)
        for ruling in rulings:
            mark = " (cited)" if ruling.id in cited else ""
            out.append(f"  {ruling.id}{mark}: {ruling.text}")
    return out


def render_trace(trace: Trace) -> str:
    """The play-by-play in plain words, one line per thing that happened."""
    scenario = trace.scenario
    out = [f"{scenario.id}: {scenario.title}"]
    for record in trace.records:
        if isinstance(record, Start):
            out += _start_lines(scenario, record)
        elif isinstance(record, Command | Answer):
            out.append(_sent_line(record))
        elif isinstance(record, Happened):
            out += [f"     {line}" for line in record.lines]
        elif isinstance(record, Asked):
            out.append(f"   {record.decision.question()}")
        elif isinstance(record, Checkpoint):
            out += _checkpoint_lines(record)
        else:
            text = f": {record.message}" if record.message else ""
            out.append(f"Verdict: {record.status}{text}")
    return "\n".join([*out, *explanation(trace)])
