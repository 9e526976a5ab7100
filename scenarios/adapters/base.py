"""The Adapter interface: the only way the scenario runner drives an engine.

Everything crossing this boundary is plain JSON-able data in scenario terms (card names,
``p1``..``pN``, zone names), never engine objects, so that the same interface can be
served in-process, over the wire protocol (``docs/guides/wire-protocol.rst``: each method
below is one message), or by a wrapper around a third-party engine. This interface is
stable: the wire protocol's version 1 is defined by it.

Support
    ``unsupported_reason(cards, editions)`` is asked before each scenario, with every card
    the scenario names and its ``editions`` mapping. A reason (one line: "pyminion lacks
    Feast") makes the scenario a **skip** with that reason, never a pass or a failure;
    ``missing_sets()`` names whole sets the engine lacks, with the reason to give for them
    ("pyminion 0.4.0 has no Seaside").
    ``load`` may also raise :class:`Unsupported` for what only the position shows (too
    many players, say): that is a skip too. ``supported_cards()`` optionally lists the
    cards up front (the wire protocol's ``hello`` sends it).

Setup
    ``load(setup)`` receives the scenario's normalized ``setup`` mapping (see
    ``docs/guides/writing-scenarios.rst``) plus three keys the runner always fills in: ``editions``
    (``{"base": 1|2, "intrigue": 1|2, "prosperity": 1|2}``), ``seed`` (int) and
    ``kingdom`` (the resolved list of kingdom card names). Every default is filled in:
    ``players``, ``colony``, ``supply`` (only the piles the scenario sizes), ``trash``,
    ``turn`` (``player``, ``phase``, ``actions``, ``buys``, ``coins``), ``turns_taken``,
    ``trade_route`` (None, or ``{"mat": n, "piles": [...]}``) and, for each ``pN``,
    ``hand``, ``deck`` (top first), ``discard`` (bottom first), ``in_play``,
    ``set_aside``, ``vp_tokens`` and ``shuffles``. Each ``load`` starts a fresh game.
    The additions to the format (``turn.phase: start``, ``{card, by, set_aside}``
    entries in ``in_play``, ``pN.durations``, Seaside's mats, tokens, extra turns and
    last turn's gains) appear only in scenarios that use them, and only for an engine
    that declares them (:meth:`Adapter.supported_features`).

Steps
    ``command(verb, arg)`` with ``verb`` one of ``play``, ``buy``, ``end`` (arg
    ``"action"`` or ``"turn"``); ``answer(value)`` answers the pending decision with a
    card name, a list of card names, an option label, a bool, or ``[]``. Both raise
    :class:`Rejected` for an illegal command or answer and must then leave the state
    exactly as it was (the runner compares ``observe``, ``pending`` and ``events``
    before and after). A decision with one distinct legal answer is taken by the engine
    without asking: it never shows up in ``pending``.

Observation
    ``observe()`` returns::

        {"players": {"p1": {"hand": [...], "deck": [...],      # deck top first
                            "discard": [...],                   # bottom first
                            "in_play": [...], "set_aside": [...],
                            "revealed": [...],                  # optional: being revealed
                            "island": [...], "native_village": [...],  # optional: mats
                            "pirate_ship": int,                 # optional: Coin tokens
                            "vp_tokens": int, "score": int}, ...},
         "supply": {"Copper": 46, ...},
         "trash": [...],
         "trade_route": int,
         "embargo": {"Silver": 1, ...},     # optional: Embargo tokens (piles with any)
         "turns_taken": {"p1": int, ...},   # optional: ordinary turns completed
         "turn": {"player": "p1", "phase": "action"|"buy"|"cleanup",
                  "actions": int, "buys": int, "coins": int,
                  "potions": int,           # optional: Potions to spend (Alchemy)
                  "extra": bool,            # optional: an extra turn (Outpost's)
                  "controller": "p2"},      # optional: who controls it (Possession's)
         "costs": {"Golem": "$4P", ...},    # optional: each Supply pile's current cost
         "game_over": bool,
         "winners": ["p1", ...]}           # empty until the game is over

    ``pending()`` returns ``None`` or ``{"player", "kind", "source", "choices", "min",
    "max"}`` (and ``controller``, who answers, when another player controls the turn):
    ``kind`` is one of ``cards``, ``gain``, ``option``, ``yes_no``, ``order``, ``name``,
    ``react``, ``trigger``; ``source`` the card whose effect asks, and for
    ``react`` (reveal a Reaction or decline) and ``trigger`` (pick which of several
    simultaneous abilities resolves next) the card the event is about: the Attack played,
    the card gained; ``choices`` the legal answers as labels (card names, option labels;
    the Reactions or abilities' cards). It may also give ``about``, the cards the decision
    is about (the Attack or gained card for ``react`` and ``trigger``), ``purpose``: what
    the picks are for (``trash``, ``discard``, ``topdeck``, ``play``, ``gain``... as
    ``engine.decisions.Purpose``; :data:`DEFAULT_PURPOSE`, ``choose``, when not given),
    and ``prompt``: the question in a few plain words ("discard down to 3 cards"), which
    only narration (``arbiter check --trace``) shows. ``events()`` returns every event line since
    ``load`` in the event grammar of ``docs/guides/writing-scenarios.rst``
    (``p1 plays Smithy``, ``p2 gains Curse``...), in the order things happened.

Errors
    :class:`Rejected` and :class:`Unsupported` are verdicts the runner expects. Any other
    exception is an **error** of that scenario (the runner catches it and goes on); an
    adapter that talks to another process raises :class:`AdapterError` with what went
    wrong and the last exchange. :class:`EngineUnusable` (an engine that cannot start,
    say) stops the whole run.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

JSON = Any
# What a pending decision is for when the engine does not say: picking among a card's
# options, the most general purpose (the wire protocol documents the same default).
DEFAULT_PURPOSE = "choose"


class Rejected(Exception):
    """The engine refused a command or an answer as illegal; its state is unchanged."""


class Unsupported(Exception):
    """The engine cannot express this scenario (a card or edition it does not have)."""


class AdapterError(Exception):
    """The engine under test misbehaved (crashed, broke the protocol, timed out)."""


class EngineUnusable(AdapterError):
    """The engine cannot run any scenario (it cannot start, fails ``hello``, or broke in
    several scenarios in a row): the runner stops the whole run instead of reporting the
    same error for every scenario."""


class Adapter(ABC):
    """One engine, driven one scenario at a time."""

    name: str = "engine"
    # The bounds the runner puts on each scenario's run on this adapter, for an engine in
    # this process, which cannot bound itself (``--timeout`` in seconds, ``--deadline`` a
    # time.monotonic() instant); None: none. An engine in another process bounds each
    # request instead (WireAdapter).
    time_limit: float | None = None
    deadline_at: float | None = None

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

    def observations_are_copies(self) -> bool:
        """Whether every :meth:`observe` and :meth:`pending` returns new dicts and lists
        that the engine never changes afterwards. The runner keeps what they return around
        a step that must be rejected, to see that nothing changed; unless this says True,
        it keeps deep copies, since an in-process engine may hand out structures it later
        changes in place. False by default."""
        return False

    def supported_cards(self) -> dict[str, dict[str, JSON]] | None:
        """Optionally, every card this engine can play: ``{name: {"set", "editions"}}``.

        ``editions`` lists the values of the scenario's ``editions[set]`` under which the
        engine can play the card: ``[1, 2]`` for a card whose text did not change (or
        that was printed in one edition only), ``[2]`` for an engine that has only the
        second-edition text of a card that changed. None (the default) means "ask
        :meth:`unsupported_reason`"; the wire server then works the table out from it.
        """
        return None

    def missing_sets(self) -> dict[str, str]:
        """Whole sets the engine does not have, by the project's set name, each with the
        reason a scenario that needs the set is skipped for: ``{"seaside": "my-engine 1.0
        has no Seaside"}``. A scenario naming a card of such a set, or using a format
        addition only that set needs (``scenarios.model.FEATURE_SETS``), is skipped with
        that reason rather than "lacks Haven". Empty (the default): the reasons name the
        cards."""
        return {}

    def supported_features(self) -> frozenset[str]:
        """The additions to scenario format version 1 this engine understands
        (``scenarios.model.FORMAT_FEATURES``: ``start_of_turn``, ``played_by``,
        ``durations``, ``set_aside_with``, ``mats``, ``embargo``, ``extra_turn``,
        ``gained_last_turn``, ``potions``, ``controlled_turn``, ``coffers``, ``bane``,
        ``piles``, ``ferryman``, ``set_aside_for_next_turn``). A scenario whose setup uses
        another is a **skip** naming it and is
        never loaded, so an engine written for version 1 is never handed a setup it would
        misread. None by default."""
        return frozenset()

    def representation(self) -> frozenset[str]:
        """What the engine represents differently from the reference engine, among
        ``scenarios.model.REPRESENTATIONS``: ``event_order`` (the events of one step in an
        order of its own) and ``atomic_answers`` (a card's answers take effect together,
        after its last question). The runner then compares accordingly, and the report
        names the choice; none by default."""
        return frozenset()

    def taken_alone(self) -> list[dict[str, JSON]] | None:
        """Optionally, the decisions the engine answered itself since the last command or
        answer because they had one legal answer: ``[{"player", "kind", "source",
        "answer"}]``. Only messages use it (a ``choose`` step answering one is told that
        the engine took it); None, the default, means the engine does not say."""
        return None

    def close(self) -> None:  # noqa: B027 - optional hook, most adapters hold nothing
        """Release whatever the adapter holds (a subprocess, say)."""
