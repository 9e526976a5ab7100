"""The Adapter interface: the only way the scenario runner drives an engine.

Everything crossing this boundary is plain JSON-able data in scenario terms (card names,
``p1``..``pN``, zone names), never engine objects, so that the same interface can be
served in-process, over the wire protocol, or by a wrapper around a third-party engine.

Setup
    ``load(setup)`` receives the scenario's normalized ``setup`` mapping (see
    ``SCENARIOS.md``) plus three keys the runner always fills in: ``editions``
    (``{"base": 1|2, "intrigue": 1|2, "prosperity": 1|2}``), ``seed`` (int) and
    ``kingdom`` (the resolved list of kingdom card names).

Steps
    ``command(verb, arg)`` with ``verb`` one of ``play``, ``buy``, ``end`` (arg
    ``"action"`` or ``"turn"``); ``answer(value)`` answers the pending decision with a
    card name, a list of card names, an option label, a bool, or ``[]``. Both raise
    :class:`Rejected` for an illegal command or answer and must then leave the state
    exactly as it was.

Observation
    ``observe()`` returns::

        {"players": {"p1": {"hand": [...], "deck": [...],      # deck top first
                            "discard": [...],                   # bottom first
                            "in_play": [...], "set_aside": [...],
                            "vp_tokens": int, "score": int}, ...},
         "supply": {"Copper": 46, ...},
         "trash": [...],
         "trade_route": int,
         "turn": {"player": "p1", "phase": "action"|"buy"|"cleanup",
                  "actions": int, "buys": int, "coins": int},
         "game_over": bool,
         "winners": ["p1", ...]}           # empty until the game is over

    ``pending()`` returns ``None`` or ``{"player", "kind", "source", "choices", "min",
    "max"}``. ``events()`` returns every event line since ``load`` in the grammar of
    ``SCENARIOS.md``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

JSON = Any


class Rejected(Exception):
    """The engine refused a command or an answer as illegal; its state is unchanged."""


class Unsupported(Exception):
    """The engine cannot express this scenario (a card or edition it does not have)."""


class AdapterError(Exception):
    """The engine under test misbehaved (crashed, broke the protocol, timed out)."""


class Adapter(ABC):
    """One engine, driven one scenario at a time."""

    name: str = "engine"

    @abstractmethod
    def unsupported_reason(self, cards: set[str], editions: dict[str, int]) -> str | None:
        """Why a scenario using these cards and editions cannot run here, or None."""

    @abstractmethod
    def load(self, setup: dict[str, JSON]) -> None:
        """Start a fresh game at the position ``setup`` describes."""

    @abstractmethod
    def command(self, verb: str, arg: JSON) -> None:
        """Apply ``play``/``buy``/``end`` for the active player; raise Rejected if illegal."""

    @abstractmethod
    def answer(self, value: JSON) -> None:
        """Answer the pending decision; raise Rejected if the answer is illegal."""

    @abstractmethod
    def pending(self) -> dict[str, JSON] | None:
        """The decision the engine waits for, or None when it waits for a command."""

    @abstractmethod
    def observe(self) -> dict[str, JSON]:
        """The visible state, in the shape described in the module docstring."""

    @abstractmethod
    def events(self) -> list[str]:
        """Every event line since ``load``."""

    def close(self) -> None:  # noqa: B027 - optional hook, most adapters hold nothing
        """Release whatever the adapter holds (a subprocess, say)."""
