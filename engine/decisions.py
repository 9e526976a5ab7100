"""Decisions: the questions an effect asks a player, and how answers are matched to them."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalAnswer, UnknownName, not_one_of
from engine.vocabulary import DECISION_KINDS, PURPOSES, DecisionKind, Purpose

__all__ = [
    "KINDS",
    "PURPOSES",
    "Choice",
    "Decision",
    "DecisionKind",
    "Purpose",
    "forced_answer",
    "match_answer",
]

# The words are the engine's vocabulary (engine.vocabulary); the names here are kept for
# the code that reads them from this module.
KINDS = DECISION_KINDS


@dataclass(frozen=True)
class Choice:
    """One legal pick: ``value`` is what the effect receives, ``label`` what players say."""

    value: Any
    label: str


@dataclass(frozen=True)
class Decision:
    """A question to ``player``: pick between ``min`` and ``max`` of ``choices``.

    For ``order`` every choice must be picked, in the order wanted (top first). For
    ``yes_no`` the choices are yes and no. An ``amount`` has no choices: its answer is one
    whole number from ``min`` to ``max``. ``source`` is the name of the card whose
    effect asks; for ``react`` and ``trigger`` (several abilities meet one event) it is
    the card the event is about (the Attack, the gained card), which ``about`` names too.
    ``purpose`` says what the picks are for (``prompt`` is for people only).
    ``player`` is the player on whose behalf it is made; ``controller`` the player who
    answers it: the same (None) unless another player controls the turn (Possession's
    possessor answers the possessed player's decisions).
    """

    player: int
    kind: DecisionKind
    source: str
    prompt: str
    choices: tuple[Choice, ...]
    min: int
    max: int
    purpose: Purpose = "choose"
    about: tuple[str, ...] = ()
    controller: int | None = None

    @property
    def answered_by(self) -> int:
        """The player who answers: the controller, or the player themself."""
        return self.player if self.controller is None else self.controller

    def __post_init__(self) -> None:
        # Checked when the decision is made: a misspelt kind or purpose in a card's code
        # would otherwise reach bots and adapters that match nothing. ``source`` is the
        # card whose effect asks.
        if self.kind in KINDS and self.purpose in PURPOSES:
            return
        found = (
            not_one_of("decision kind", self.kind, KINDS),
            not_one_of("decision purpose", self.purpose, PURPOSES),
        )
        raise UnknownName(", ".join(p for p in found if p is not None), self.source)

    def labels(self) -> list[str]:
        return [choice.label for choice in self.choices]


def forced_answer(decision: Decision) -> list[Any] | None:
    """The answer when every legal answer is the same by card names, else None."""
    if decision.kind in ("yes_no", "name", "react"):
        return None
    if decision.kind == "amount":
        return [decision.min] if decision.min == decision.max else None
    labels = decision.labels()
    if decision.kind == "order":
        return [c.value for c in decision.choices] if len(set(labels)) <= 1 else None
    low, high = decision.min, min(decision.max, len(labels))
    if low != high:
        return None
    if low == 0:
        return []
    if low == len(labels) or len(set(labels)) == 1:
        return [c.value for c in decision.choices[:low]]
    return None


def _normalize(decision: Decision, raw: Any) -> list[str]:
    """Turn an answer as players write it into a list of labels."""
    if decision.kind == "yes_no":
        if isinstance(raw, bool):
            return ["yes" if raw else "no"]
        if isinstance(raw, str) and raw.lower() in ("yes", "no"):
            return [raw.lower()]
        raise IllegalAnswer(f"{decision.source} asks yes or no, not {raw!r}")
    if decision.kind == "react" and (raw is False or raw is None or raw == "no"):
        return []
    if decision.kind == "react" and raw is True and len(set(decision.labels())) == 1:
        return [decision.choices[0].label]
    if isinstance(raw, str):
        return [raw]
    if isinstance(raw, list) and all(isinstance(item, str) for item in raw):
        return list(raw)
    raise IllegalAnswer(f"{decision.source} asks for {decision.kind}, not {raw!r}")


def _amount(decision: Decision, raw: Any) -> list[Any]:
    """An ``amount``'s answer: one whole number from ``min`` to ``max`` (written as a
    number, or as its digits)."""
    if isinstance(raw, str) and raw.isdigit() and raw.isascii():
        raw = int(raw)
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise IllegalAnswer(f"{decision.source} asks for a number, not {raw!r}")
    if not decision.min <= raw <= decision.max:
        raise IllegalAnswer(
            f"{decision.source}: a number from {decision.min} to {decision.max}, not {raw}"
        )
    return [raw]


def match_answer(decision: Decision, raw: Any) -> list[Any]:
    """The choice values that an answer picks; raises IllegalAnswer when it is not legal."""
    if decision.kind == "amount":
        return _amount(decision, raw)
    wanted = _normalize(decision, raw)
    if not decision.min <= len(wanted) <= decision.max:
        raise IllegalAnswer(
            f"{decision.source}: pick between {decision.min} and {decision.max}, not {len(wanted)}"
        )
    unused = list(decision.choices)
    picked = []
    for label in wanted:
        found = next((c for c in unused if c.label.lower() == label.lower()), None)
        if found is None:
            offered = sorted(Counter(decision.labels()))
            raise IllegalAnswer(f"{decision.source}: {label!r} is not one of {offered}")
        unused.remove(found)
        picked.append(found.value)
    return picked
