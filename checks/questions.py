"""Each card's questions, learnt by running the reference engine: the per-card question spec.

An engine author needs to know, for every card and edition, which decisions it asks, in
which order, of whom, with what kind, purpose and bounds, and which event lines it writes
around them. Rather than a fourth hand-written description of every card (beside its
code, its targets and its text), the spec is *derived*: the reference engine runs the
bundled scenarios (and, to tell the bounds apart, random games) with a
:class:`QuestionRecorder` watching, and :func:`card_specs` sums up what each card's
instructions did. The spec therefore says only what the engine does; every question in
it is shown by some scenario: ``tests/test_questions.py`` plays random games of every set
and fails on any question a card asks that no bundled scenario shows (a scenario to
write). The random games only add observations of the bounds, which scenarios rarely
show with every number of choices.

What is recorded, per *resolution* (one play of a card, or one of its triggered
abilities, from start to end, as ``engine.context.Watcher`` sees it): the questions its
instructions ask (every :class:`~engine.decisions.Decision` whose source is the card,
asked while that resolution is the innermost one, forced ones included) and the event
lines logged while it is innermost, in order. A ``react`` question (reveal a Reaction?)
and a ``trigger`` question (which ability first?) belong to every card they offer.

Bounds (``min``, ``max``) are described against the number of choices offered ``n``: a
number (``1``), ``all`` (``n``), ``all but 3`` (``n - 3``), ``4 or all if fewer``
(``min(4, n)``), or the range seen (``0..2``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import cards as catalogue
from engine.context import Resolving
from engine.decisions import Decision, forced_answer
from engine.game import Game
from engine.model import Card, CostLimit, Effect
from engine.sets import BY_NAME, KINGDOM_SETS
from engine.state import EventRecord, Zone
from engine.table import Table
from scenarios.adapters.reference import ReferenceAdapter

PLAY = "play"
REACT = "react"  # the question of an optional triggered ability: reveal it, or not
ORDER = "order"  # which of several simultaneous abilities resolves first
OVERPAY = "overpay"  # how much more than its cost a card is paid for, as it is bought
YOU, OTHER = "you", "other"  # who answers, from the point of view of the card's player
# The decision kinds whose choices are cards, one per card: a name is offered as often as
# there are copies to pick from. The others offer each pile, option or label once.
CARD_KINDS = frozenset({"cards", "order", "react", "trigger"})


# --- what one resolution did ------------------------------------------------------------


@dataclass(frozen=True)
class Asked:
    """One question as asked: its template (kind, purpose, who answers) and its bounds."""

    kind: str
    purpose: str
    who: str
    low: int
    high: int
    choices: int  # how many were offered
    repeated: bool  # whether a label was offered more than once
    forced: bool  # one legal answer: the engine takes it without asking

    @property
    def template(self) -> Template:
        return (self.kind, self.purpose, self.who)


Template = tuple[str, str, str]  # kind, purpose, who
Written = tuple[str, str]  # who, verb ("you", "draws"); who is "game" for "game ends"
Item = Asked | Written


@dataclass(frozen=True)
class CardKey:
    """A card's instructions: its name, its set and the editions whose text has them (both
    editions of a card reworded without a change of what it does)."""

    name: str
    set: str
    editions: tuple[int, ...]

    @classmethod
    def of(cls, card: Card) -> CardKey:
        return _KEYS.get(id(card)) or cls(card.name, card.set, tuple(card.editions))


# Every definition's key, by identity (the catalogue is fixed at import).
_KEYS: dict[int, CardKey] = {
    id(card): CardKey(card.name, card.set, catalogue.instruction_editions(card))
    for card in catalogue.ALL_CARDS
}


@dataclass(frozen=True)
class Trace:
    """What one resolution of a card's ability asked and wrote, in order."""

    card: CardKey
    ability: str  # "play", an ability's "event (where)", "react" or "order"
    items: tuple[Item, ...]


@dataclass
class _Frame:
    what: Resolving
    card: CardKey
    ability: str
    items: list[Item] = field(default_factory=list)


def ability_of(what: Resolving) -> str:
    """``play`` for a play, else the triggered ability's event and where it listens from."""
    trigger = what.trigger
    return PLAY if trigger is None else f"{trigger.event} ({trigger.where})"


class QuestionRecorder:
    """A :class:`engine.context.Watcher` that records a :class:`Trace` per resolution;
    :class:`RecordingGame` tells it of every question asked. One recorder can watch many
    games one after the other (:meth:`watch`)."""

    def __init__(self) -> None:
        self.traces: list[Trace] = []
        self.game: Game | None = None
        self.open: list[_Frame] = []
        self.logged = 0  # events before this index are attributed
        # Plays logged whose resolution has not begun: a play that is only bonuses (Village)
        # has none, and is recorded as a resolution that asks and writes nothing.
        self.plays: Counter[CardKey] = Counter()
        # Questions whose source is no card being resolved (never, in the bundled suite).
        self.strays: list[str] = []

    def watch(self, game: Game) -> None:
        self.finish()
        self.game, self.open, self.logged = game, [], len(game.state.events)
        game.table.watcher = self

    def finish(self) -> None:
        """Record the plays of the game watched so far that had nothing to resolve."""
        if self.game is not None:
            self._attribute_events()
        for card, count in self.plays.items():
            self.traces += [Trace(card, PLAY, ())] * count
        self.plays.clear()

    def _key(self, name: str) -> CardKey:
        assert self.game is not None
        return CardKey.of(self.game.table.definition_by_name(name))

    def _attribute_events(self) -> None:
        assert self.game is not None
        events = self.game.state.events
        new = events[self.logged :]
        self.logged = len(events)
        self.plays.update(self._key(r[2]) for r in new if r[1] == "plays" and r[2] is not None)
        if self.open:
            frame = self.open[-1]
            frame.items += (_written(record, frame.what.player) for record in new)

    # --- the watcher ------------------------------------------------------------------

    def resolving(self, what: Resolving) -> None:
        assert self.game is not None
        self._attribute_events()
        card = CardKey.of(self.game.table.definition(what.card))
        if what.trigger is None and self.plays[card] > 0:
            self.plays[card] -= 1
        self.open.append(_Frame(what, card, ability_of(what)))

    def resolved(self, what: Resolving) -> None:
        self._attribute_events()
        frame = self.open.pop()
        self.traces.append(Trace(frame.card, frame.ability, tuple(frame.items)))

    def moved(self, card: int, source: Zone, destination: Zone, event: EventRecord | None) -> None:
        pass

    def replaced(self, card: int, player: int, destination: Zone) -> None:
        pass

    def gain_chosen(self, pile: str, limit: CostLimit | None) -> None:
        pass

    # --- the questions ----------------------------------------------------------------

    def asked(self, decision: Decision) -> None:
        self._attribute_events()
        if decision.kind in ("react", "trigger"):
            ability = REACT if decision.kind == "react" else ORDER
            asked = _asked(decision, YOU)
            for name in dict.fromkeys(decision.labels()):
                self.traces.append(Trace(self._key(name), ability, (asked,)))
            return
        if decision.purpose == "overpay":  # part of buying the card, before its abilities
            self.traces.append(Trace(self._key(decision.source), OVERPAY, (_asked(decision, YOU),)))
            return
        frame = next((f for f in reversed(self.open) if f.card.name == decision.source), None)
        if frame is None:
            self.strays.append(f"{decision.source} asked {decision.kind} resolving no card")
            return
        who = YOU if decision.player == frame.what.player else OTHER
        frame.items.append(_asked(decision, who))


def _asked(decision: Decision, who: str) -> Asked:
    labels = decision.labels()
    return Asked(
        decision.kind,
        decision.purpose,
        who,
        decision.min,
        decision.max,
        len(labels),
        len(set(labels)) < len(labels),
        forced_answer(decision) is not None,
    )


def _written(record: EventRecord, player: int) -> Written:
    who, verb = record[0], record[1]
    return ("game" if who is None else YOU if who == player else OTHER, verb)


class RecordingTable(Table):
    """The reference engine's table, telling its :class:`QuestionRecorder` of every
    question (every decision is asked through ``Table.ask``)."""

    recorder: QuestionRecorder | None = None

    def ask(self, decision: Decision) -> Effect[list[Any]]:
        if self.recorder is not None:
            self.recorder.asked(decision)
        answer: list[Any] = yield from super().ask(decision)
        return answer


class RecordingGame(Game):
    """The reference engine, telling its :class:`QuestionRecorder` of every question."""

    table_class = RecordingTable


def recording(game: RecordingGame, recorder: QuestionRecorder) -> RecordingGame:
    """``game``, watched by ``recorder`` from now on."""
    assert isinstance(game.table, RecordingTable)
    game.table.recorder = recorder
    recorder.watch(game)
    return game


# --- the spec ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Bound:
    """How a question's ``min`` or ``max`` relates to the number of choices offered."""

    text: str
    holds: Callable[[int, int], bool]  # (value, choices) -> whether it fits


def describe_bound(seen: Sequence[tuple[int, int]], cards: bool) -> Bound:
    """The simplest description that fits every ``(value, choices)`` seen. A pick of
    ``cards`` asks for as many as there are when there are fewer (the rules' "as much as
    you can"), so a number that always fits is taken to mean "or all if fewer"."""
    values = [value for value, _ in seen]
    first, highest = values[0], max(values)
    clipped = Bound(f"{highest} or all if fewer", lambda value, n: value == min(highest, n))
    constant = Bound(str(first), lambda value, n: value == first)
    candidates = (
        clipped if cards and first > 0 and all(value == first for value in values) else constant,
        Bound("all", lambda value, n: value == n),
        Bound(f"all but {seen[0][1] - first}", lambda value, n: value == n - (seen[0][1] - first)),
        clipped,
    )
    for bound in candidates:
        if all(bound.holds(value, n) for value, n in seen):
            return bound
    low = min(values)
    return Bound(f"{low}..{highest}", lambda value, n: low <= value <= highest)


@dataclass
class QuestionSpec:
    """One question an ability asks: its template, bounds and the events that follow it."""

    kind: str
    purpose: str
    who: str
    seen: list[Asked] = field(default_factory=list)
    always: bool = True  # asked in every resolution of the ability
    repeats: bool = False  # asked more than once in one resolution
    then_writes: list[Written] = field(default_factory=list)

    @property
    def template(self) -> Template:
        return (self.kind, self.purpose, self.who)

    def bounds(self) -> tuple[Bound, Bound]:
        cards = self.kind == "cards"
        return (
            describe_bound([(a.low, a.choices) for a in self.seen], cards),
            describe_bound([(a.high, a.choices) for a in self.seen], cards),
        )

    def to_json(self) -> dict[str, Any]:
        low, high = self.bounds()
        return {
            "kind": self.kind,
            "purpose": self.purpose,
            "who": self.who,
            "min": low.text,
            "max": high.text,
            "choices_repeat": self.kind in CARD_KINDS,
            "repeats": self.repeats,
            "always": self.always,
            "sometimes_forced": any(a.forced for a in self.seen),
            "then_writes": [_event_json(w) for w in self.then_writes],
            "seen": len(self.seen),
        }


@dataclass
class AbilitySpec:
    """What one ability of a card (its play, a triggered ability, its Reaction) asks."""

    ability: str
    resolutions: int = 0
    writes: list[Written] = field(default_factory=list)  # before its first question
    questions: list[QuestionSpec] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "when": self.ability,
            "resolutions": self.resolutions,
            "writes": [_event_json(w) for w in self.writes],
            "questions": [question.to_json() for question in self.questions],
        }


@dataclass
class CardSpec:
    """Every ability of one card definition that some run resolved."""

    card: CardKey
    abilities: list[AbilitySpec] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.card.name,
            "set": self.card.set,
            "editions": list(self.card.editions),
            "abilities": [ability.to_json() for ability in self.abilities],
        }


def _event_json(written: Written) -> dict[str, str]:
    return {"who": written[0], "verb": written[1]}


def _add_new(found: list[Written], items: Iterable[Written]) -> None:
    for item in items:
        if item not in found:
            found.append(item)


def _in_order(traces: Sequence[Trace]) -> list[Template]:
    """The questions of some traces in the order they are asked: an order every trace
    keeps (each trace's first asking of each), ties and conflicts by first seen."""
    first_seen: dict[Template, int] = {}
    before: set[tuple[Template, Template]] = set()
    for trace in traces:
        order = list(dict.fromkeys(i.template for i in trace.items if isinstance(i, Asked)))
        for template in order:
            first_seen.setdefault(template, len(first_seen))
        before.update((a, b) for i, a in enumerate(order) for b in order[i + 1 :])
    left, ordered = sorted(first_seen, key=first_seen.__getitem__), []
    while left:
        free = [t for t in left if not any((o, t) in before and (t, o) not in before for o in left)]
        chosen = (free or left)[0]
        ordered.append(chosen)
        left.remove(chosen)
    return ordered


def _ability_spec(ability: str, traces: Sequence[Trace]) -> AbilitySpec:
    spec = AbilitySpec(ability, len(traces))
    questions = {t: QuestionSpec(*t) for t in _in_order(traces)}
    spec.questions = list(questions.values())
    for trace in traces:
        current: QuestionSpec | None = None
        counts: Counter[Template] = Counter()
        for item in trace.items:
            if isinstance(item, Asked):
                current = questions[item.template]
                current.seen.append(item)
                counts[item.template] += 1
            else:
                _add_new(spec.writes if current is None else current.then_writes, [item])
        for template, question in questions.items():
            question.always &= counts[template] > 0
            question.repeats |= counts[template] > 1
    return spec


def card_specs(traces: Iterable[Trace]) -> dict[CardKey, CardSpec]:
    """Each card definition's spec from the traces of its resolutions: its play first,
    then its triggered abilities, its Reaction, its ordering, by first seen."""
    grouped: dict[CardKey, dict[str, list[Trace]]] = {}
    for trace in traces:
        grouped.setdefault(trace.card, {}).setdefault(trace.ability, []).append(trace)
    specs = {}
    for card, abilities in grouped.items():
        names = sorted(abilities, key=lambda a: (a != PLAY, a in (OVERPAY, REACT, ORDER)))
        specs[card] = CardSpec(card, [_ability_spec(a, abilities[a]) for a in names])
    return specs


def spec_json(specs: Mapping[CardKey, CardSpec], name: str) -> list[dict[str, Any]]:
    """The spec of the card ``name``, one entry per edition whose instructions differ, as
    JSON; instructions no run resolved are listed with no ability."""
    keys = dict.fromkeys(CardKey.of(card) for card in catalogue.definitions(name))
    return [specs.get(key, CardSpec(key)).to_json() for key in keys]


def unshown(shown: Iterable[Trace], traces: Iterable[Trace]) -> list[str]:
    """The questions that ``traces`` ask and ``shown`` never does (by card, ability and
    question: kind, purpose and who answers), each once, in words."""
    known = {
        (trace.card, trace.ability, item.template)
        for trace in shown
        for item in trace.items
        if isinstance(item, Asked)
    }
    found: dict[str, None] = {}
    for trace in traces:
        for asked in (item for item in trace.items if isinstance(item, Asked)):
            if (trace.card, trace.ability, asked.template) not in known:
                card = f"{trace.card.name} ({trace.card.set} {_editions(trace.card)})"
                found[f"{card}, {trace.ability}: asks {'/'.join(asked.template)}"] = None
    return list(found)


def _editions(card: CardKey) -> str:
    return "edition " + " and ".join(map(str, card.editions))


# --- running the reference engine --------------------------------------------------------


def scenario_traces(scenarios: Iterable[Any]) -> tuple[list[Trace], list[str]]:
    """The traces of running ``scenarios`` (loaded ``Scenario`` objects) on the reference
    engine, and the strays (questions asked by no card being resolved)."""
    from scenarios.runner import run_all

    recorder = QuestionRecorder()
    run_all(scenarios, lambda: RecordingAdapter(recorder))
    recorder.finish()
    return recorder.traces, recorder.strays


def random_traces(
    games: int, seed: int = 0, sets: Sequence[str] = KINGDOM_SETS, max_inputs: int = 1500
) -> Iterator[Trace]:
    """The traces of random legal games (kingdoms, editions and player counts drawn from
    ``seed``), game by game."""
    from checks import random_play

    rng = random.Random(seed)
    for _ in range(games):
        editions = {name: rng.choice(sorted(BY_NAME[name].editions)) for name in KINGDOM_SETS}
        game = RecordingGame.new(
            rng.randrange(2, 5), seed=rng.randrange(2**31), editions=editions, sets=sets
        )
        assert isinstance(game, RecordingGame)  # Game.new makes the class it is called on
        recorder = QuestionRecorder()
        recording(game, recorder)
        for _ in range(max_inputs):
            if game.state.game_over:
                break
            random_play.step(game, rng)
        recorder.finish()
        yield from recorder.traces


# Random games that tell the bounds apart (about 6 s of CPU): scenarios show each question,
# rarely with every number of choices.
RANDOM_GAMES = 200
RANDOM_SEED = 33


def bundled_traces(loaded: Sequence[Any] | None = None) -> tuple[list[Trace], list[Trace]]:
    """The traces of the bundled scenarios (``loaded``, else read here), and of the
    standard random games."""
    if loaded is None:
        from scenarios.loader import bundled_dir, discover, load_many

        loaded, _malformed = load_many(discover([bundled_dir()]))
    return scenario_traces(loaded)[0], list(random_traces(RANDOM_GAMES, RANDOM_SEED))


def bundled_specs(loaded: Sequence[Any] | None = None) -> dict[CardKey, CardSpec]:
    """The spec the docs and ``arbiter explain --decisions`` publish: the bundled scenarios
    show every question (``tests/test_questions.py``), random games add the bounds."""
    shown, played = bundled_traces(loaded)
    return card_specs([*shown, *played])


class RecordingAdapter(ReferenceAdapter):
    """The reference adapter on a :class:`RecordingGame`, every game it loads watched by
    one recorder (the declarations are checked elsewhere: it stands for the reference)."""

    game_class = RecordingGame

    def __init__(self, recorder: QuestionRecorder) -> None:
        super().__init__(declarations=False)
        self.recorder = recorder

    def load(self, setup: dict[str, Any]) -> None:
        super().load(setup)
        assert isinstance(self.game, RecordingGame)
        recording(self.game, self.recorder)
