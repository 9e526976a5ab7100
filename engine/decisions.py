"""Decisions: the questions an effect asks a player, and how answers are matched to them."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Literal, get_args

from engine.errors import IllegalAnswer, UnknownName, not_one_of

# What a decision asks for: cards among some, a Supply pile to gain, labelled options, yes
# or no, an order of cards, a card name, whether to react (an optional trigger), or which
# of several simultaneous abilities resolves next (trigger).
DecisionKind = Literal["cards", "gain", "option", "yes_no", "order", "name", "react", "trigger"]
KINDS: tuple[DecisionKind, ...] = get_args(DecisionKind)

# What a decision is for, as data (bots and adapters read this, never the prompt text):
# the cards picked are trashed, discarded, put on the deck, played, gained, passed,
# revealed, taken into hand, returned or set aside (with a card, or on a mat); "choose"
# picks among a card's options; "name" names a card; "react" uses an optional trigger;
# "order_triggers" orders simultaneous triggers.
Purpose = Literal[
    "trash",
    "discard",
    "topdeck",
    "play",
    "gain",
    "pass",
    "reveal",
    "take",
    "return",
    "set_aside",
    "choose",
    "name",
    "react",
    "order_triggers",
]
PURPOSES: tuple[Purpose, ...] = get_args(Purpose)


@dataclass(frozen=True)
class Choice:
    """One legal pick: ``value`` is what the effect receives, ``label`` what players say."""

    value: Any
    label: str


@dataclass(frozen=True)
class Decision:
    """A question to ``player``: pick between ``min`` and ``max`` of ``choices``.

    For ``order`` every choice must be picked, in the order wanted (top first). For
    ``yes_no`` the choices are yes and no. ``source`` is the name of the card whose
    effect asks; for ``react`` and ``trigger`` (several abilities meet one event) it is
    the card the event is about (the Attack, the gained card), which ``about`` names too.
    ``purpose`` says what the picks are for (``prompt`` is for people only).
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


def match_answer(decision: Decision, raw: Any) -> list[Any]:
    """The choice values that an answer picks; raises IllegalAnswer when it is not legal."""
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
