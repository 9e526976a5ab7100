"""Menus of whole outcomes asked as Arbiter's questions, one at a time.

Some engines do not ask questions: at each decision they offer a *menu*, the list of every
complete outcome (evolvedominion's Remodel offers "trash Estate and gain Silver", "trash
Estate and gain Village", ... as separate entries). Arbiter asks the same decision as a
sequence of questions, each with a kind and a purpose (Remodel: a card to trash, then a
card to gain); ``arbiter explain CARD --decisions`` publishes them for every card.

An adapter declares, for each menu, the questions it stands for (:class:`Ask`, in the
order the question spec gives) and, for each outcome, what it picks for each question's
purpose (:class:`Outcome`). :class:`Menu` then does the rest: it asks the first question
whose answer is not settled yet, offering every pick some remaining outcome makes; keeps
the outcomes that agree with the answer (an answer none agrees with is refused, nothing
changed); takes alone a question whose remaining outcomes all pick the same (the
forced-answer rule every engine follows); and, once every question is settled, gives the
outcome to play. The engine then applies the outcome whole: such an engine declares
``atomic_answers`` (``Adapter.representation``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from scenarios.adapters.base import JSON, Rejected

T = TypeVar("T")
# The kinds whose answer is a sequence (an order of cards), not a multiset.
ORDERED = frozenset({"order"})
# The kinds whose choices are labels offered once each, not one per card.
LABELS = frozenset({"gain", "option", "yes_no", "name"})


@dataclass(frozen=True)
class Ask:
    """One of Arbiter's questions a menu stands for."""

    kind: str
    purpose: str


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """One entry of a menu: ``value`` is what the engine is given back when it is chosen,
    ``picks`` what it picks for each question, by purpose (card names or labels; a purpose
    it does not name picks nothing)."""

    value: T
    picks: Mapping[str, tuple[str, ...]]

    def pick(self, ask: Ask) -> tuple[str, ...]:
        picked = self.picks.get(ask.purpose, ())
        return picked if ask.kind in ORDERED else tuple(sorted(picked))


@dataclass
class Menu(Generic[T]):
    """A menu of outcomes asked as ``asks`` of ``player`` about ``source``'s effect."""

    player: str
    source: str
    asks: Sequence[Ask]
    outcomes: list[Outcome[T]]
    at: int = 0  # the question being asked
    # The questions taken alone (one distinct answer), as ``Adapter.taken_alone`` says.
    taken: list[dict[str, JSON]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.outcomes:
            raise ValueError(f"{self.source}: a menu without any outcome")
        self._settle()

    @property
    def done(self) -> bool:
        return self.at == len(self.asks)

    @property
    def chosen(self) -> T:
        """The outcome to play, once every question is settled."""
        if not self.done:
            raise RuntimeError(f"{self.source}: the menu still asks a question")
        return self.outcomes[0].value

    def _settle(self) -> None:
        """Take alone every question, from the current one, with one distinct answer."""
        while not self.done:
            ask = self.asks[self.at]
            answers = {outcome.pick(ask) for outcome in self.outcomes}
            if len(answers) > 1:
                return
            (answer,) = answers
            if any(outcome.picks.get(ask.purpose) is not None for outcome in self.outcomes):
                self.taken.append(
                    {"player": self.player, "kind": ask.kind, "source": self.source,
                     "answer": list(answer)}
                )  # fmt: skip
            self.at += 1

    def pending(self) -> dict[str, JSON] | None:
        """The question being asked, as ``Adapter.pending`` shows it; None once settled."""
        if self.done:
            return None
        ask = self.asks[self.at]
        picks = [outcome.pick(ask) for outcome in self.outcomes]
        return {
            "player": self.player,
            "kind": ask.kind,
            "source": self.source,
            "purpose": ask.purpose,
            "choices": _offered(picks, ask.kind in LABELS),
            "min": min(map(len, picks)),
            "max": max(map(len, picks)),
        }

    def answer(self, value: Any) -> None:
        """Keep the outcomes that agree with ``value`` (an answer as scenarios write it);
        Rejected, nothing changed, when none does."""
        if self.done:
            raise Rejected("nothing is pending")
        ask = self.asks[self.at]
        wanted = _labels(value, ask)
        if ask.kind not in ORDERED:
            wanted = tuple(sorted(wanted))
        folded = tuple(label.lower() for label in wanted)
        kept = [
            outcome
            for outcome in self.outcomes
            if tuple(label.lower() for label in outcome.pick(ask)) == folded
        ]
        if not kept:
            legal = sorted({", ".join(outcome.pick(ask)) or "nothing" for outcome in self.outcomes})
            raise Rejected(
                f"{self.source}: {', '.join(wanted) or 'nothing'} is not an answer to its "
                f"{ask.kind} ({ask.purpose}) question here (answers: {'; '.join(legal)})"
            )
        self.outcomes = kept
        self.at += 1
        self._settle()


def _offered(picks: Sequence[tuple[str, ...]], once: bool) -> list[str]:
    """The choices of a question: every label some outcome picks, as often as the most
    picks of it by one outcome (a hand's two Coppers), or once for labels."""
    most: Counter[str] = Counter()
    for pick in picks:
        most |= Counter(pick)
    return list(most) if once else list(most.elements())


def _labels(value: Any, ask: Ask) -> tuple[str, ...]:
    """An answer as scenarios write it, as labels: a name, a list of names, a bool for yes
    or no, ``[]``/``False`` for nothing."""
    if ask.kind == "yes_no" and isinstance(value, bool):
        return ("yes" if value else "no",)
    if value is None or value is False or (ask.kind == "react" and value == "no"):
        return ()
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return tuple(value)
    raise Rejected(f"{value!r} is not a card name, a label or a list of them")
