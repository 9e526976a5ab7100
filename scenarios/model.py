"""Typed form of a loaded scenario, and the card facts the loader validates against.

The loader turns a YAML file into these objects once; the runner, the pytest plugin and
the CLI only ever see them, never raw YAML.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from engine import cards as catalogue
from engine.sets import KINGDOM_SETS
from engine.setup_check import check_generation
from engine.vocabulary import POSITION_ZONES
from scenarios.yamlread import KeyPath

SETS = KINGDOM_SETS
VERBS = ("play", "buy", "end", "spend", "choose", "expect")
ZONES = POSITION_ZONES
# The player mats the sets declare (Seaside's): cards there are the player's, outside the
# other zones.
MATS = tuple(catalogue.MATS)
# The additions to format version 1 a setup may use (loader.format_features): an engine
# is sent a setup using one only if it declares it (Adapter.supported_features).
FORMAT_FEATURES = (
    "start_of_turn",
    "played_by",
    "durations",
    "set_aside_with",
    "mats",
    "embargo",
    "extra_turn",
    "gained_last_turn",
    "potions",
    "controlled_turn",
    "coffers",
    "bane",
    "piles",
    "ferryman",
    "set_aside_for_next_turn",
)
# The additions that only one set's cards need, by the set (an engine without the set
# skips a scenario using one for that reason: Adapter.missing_sets).
FEATURE_SETS = {
    "durations": "seaside",
    "set_aside_with": "seaside",
    "mats": "seaside",
    "embargo": "seaside",
    "extra_turn": "seaside",
    "gained_last_turn": "seaside",
    "potions": "alchemy",
    "controlled_turn": "alchemy",
    "coffers": "cornucopia-guilds",
    "bane": "cornucopia-guilds",
    "piles": "cornucopia-guilds",
    "ferryman": "cornucopia-guilds",
    "set_aside_for_next_turn": "cornucopia-guilds",
}
# Keys of a player's setup and expectation that count tokens, by the key (the version-1
# ones and those a set declares: engine.tokens.TokenKind.key), and the kinds the step
# `spend` may name; the engine's declarations (format_tokens) add to the version-1 ones.
VERSION_1_TOKEN_KEYS = ("vp_tokens", "pirate_ship")
# What an engine may represent differently from the reference engine, and declare
# (``Adapter.representation``), so that the runner compares accordingly and the report
# says so: ``event_order``, the events of one step (a command or an answer) are logged in
# an order of the engine's own (a shuffle before the draws that caused it);
# ``atomic_answers``, a card's answers take effect together once its last question is
# answered, so the state is not compared while a decision is pending (the expected events
# wait for the next checkpoint; those that must not have happened yet are compared).
REPRESENTATIONS = ("event_order", "atomic_answers")
REPRESENTATION_WORDS = {
    "event_order": "events within one step in the engine's own order",
    "atomic_answers": "a card's answers take effect together (no state compared while a "
    "decision is pending)",
}

# The values of the turn every observation reports (``Adapter.observe``; ``extra`` is
# optional, reported by engines with extra turns).
TURN_KEYS = ("player", "phase", "actions", "buys", "coins")


def turn_key_observable(key: str, phase: object) -> bool:
    """Whether a card can observe the turn's value ``key`` in ``phase``: every value but
    the unused Actions, which only the Action phase can see. No card of the sets Arbiter
    covers returns a turn to its Action phase or counts unused Actions after it (Empires'
    Villa would), so an engine may forget them once the phase ends: the suite and the
    fuzzer compare ``turn.actions`` only in the Action phase."""
    return key != "actions" or phase == "action"


# Setup zones whose entries are a card name or {card, by} (the card that played it).
PLAY_ZONES = ("in_play", "durations")
# Piles every game has, whatever the kingdom (Platinum and Colony only with `colony`).
BASIC_PILES = frozenset({"Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"})
COLONY_PILES = frozenset({"Platinum", "Colony"})


class CardLike(Protocol):
    """What the loader needs of a card definition (``engine.model.Card`` has it)."""

    @property
    def name(self) -> str: ...
    @property
    def kingdom(self) -> bool: ...
    @property
    def options(self) -> tuple[str, ...]: ...
    @property
    def types(self) -> frozenset[str]: ...


@dataclass(frozen=True)
class CardIndex:
    """The card names a scenario may use, which are kingdom cards, and all option labels.

    The loader takes one of these rather than importing the engine directly so that tests
    (and, later, engines with other card lists) can validate against their own cards.
    """

    names: frozenset[str]
    kingdom: frozenset[str]
    options: frozenset[str]  # lower-cased: option labels match ignoring case
    victory: frozenset[str] = frozenset()
    # Each card's option labels as printed, every edition's in order, for messages.
    labels: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # The Supply piles set-up adds for a Kingdom (its card names), beyond the basic ones
    # and the Kingdom's own: Alchemy's Potion pile when a Kingdom card costs a Potion.
    added_piles: Callable[[Sequence[str]], frozenset[str]] = lambda _kingdom: frozenset()

    @classmethod
    def from_cards(cls, cards: Iterable[CardLike]) -> CardIndex:
        cards = list(cards)
        labels: dict[str, dict[str, None]] = {}
        for card in cards:
            if card.options:
                labels.setdefault(card.name, {}).update(dict.fromkeys(card.options))
        return cls(
            names=frozenset(card.name for card in cards),
            kingdom=frozenset(card.name for card in cards if card.kingdom),
            options=frozenset(label.lower() for card in cards for label in card.options),
            victory=frozenset(card.name for card in cards if "Victory" in card.types),
            labels={name: tuple(found) for name, found in labels.items()},
        )

    def is_option(self, value: str) -> bool:
        return value.lower() in self.options

    def option_labels(self) -> frozenset[str]:
        """Every option label as printed (``options`` holds them lower-cased)."""
        return frozenset(label for found in self.labels.values() for label in found)


@dataclass(frozen=True)
class FormatTokens:
    """The tokens a scenario may speak of: ``player_keys``, the keys of a player's tokens
    (``vp_tokens``, ``pirate_ship``, ``coffers``), and ``spendable``, the kinds of token
    the step ``spend`` may name (``coffers``)."""

    player_keys: frozenset[str]
    spendable: frozenset[str]
    # Setup keys naming a Kingdom pile set out beside the Supply (ferryman: Village).
    set_aside_keys: frozenset[str] = frozenset()


def format_tokens() -> FormatTokens:
    """The reference engine's token declarations (``engine.tokens.TokenKind``), as the
    format speaks of them (imported late: the engine may be absent)."""
    from engine.cards import ALL_CARDS, TOKEN_KINDS
    from engine.setup_check import asked_set_aside

    kinds = TOKEN_KINDS.values()
    return FormatTokens(
        player_keys=frozenset(VERSION_1_TOKEN_KEYS)
        | {kind.key for kind in kinds if kind.where == "player"},
        spendable=frozenset(kind.name for kind in kinds if kind.spend is not None),
        set_aside_keys=frozenset(aside.key for aside, _asker in asked_set_aside(ALL_CARDS)),
    )


def reference_cards() -> CardIndex:
    """The reference engine's card catalogue (imported late: the engine may be absent)."""
    from engine.cards import ALL_CARDS

    return replace(CardIndex.from_cards(ALL_CARDS), added_piles=_reference_added_piles)


def _reference_added_piles(kingdom: Sequence[str]) -> frozenset[str]:
    """The Supply piles the reference engine's set-up adds for ``kingdom`` (any edition's
    definitions: the piles a card asks for do not change with its text)."""
    from engine import cards
    from engine.abilities import setup_changes

    known = [
        card for name in kingdom if name in cards.card_names() for card in cards.definitions(name)
    ]
    changes = setup_changes(known, cards.SETUP_RULES)
    return frozenset(pile.name for change in changes for pile in change.piles if pile.supply)


@dataclass(frozen=True)
class Step:
    """One step of a scenario. ``number`` counts from 1, as in every message."""

    number: int
    line: int
    verb: str
    # play: list of card names (one or more); buy: card name; end: "action"|"turn";
    # spend: list of token kinds (one or more); choose: str | bool | int | list[str];
    # expect: the checkpoint mapping.
    arg: Any
    player: str | None = None
    source: str | None = None
    rejected: bool = False
    # Who gives the command or the answer, when another player controls the turn.
    controller: str | None = None

    @property
    def label(self) -> str:
        return f"step {self.number} ({self.verb})"


@dataclass(frozen=True, eq=False)
class SetupAcceptance:
    """The engine's own setup check (``engine.setup_check.check_setup``) accepted
    ``setup``, the very mapping (never a copy), in the check's ``generation``."""

    setup: Mapping[str, Any]
    generation: int

    def holds(self) -> bool:
        """Whether the check is still the one that accepted it (no mutant since)."""
        return self.generation == check_generation()


class CheckedSetup(dict[str, Any]):
    """A fresh copy of a scenario's setup, as the runner hands it to ``Adapter.load``: a
    dict like any other to an adapter, which also carries the loader's word that the
    engine's setup check accepted the setup it copies. The in-process reference adapter
    then builds its game without running that check a second time."""

    def __init__(self, setup: Mapping[str, Any], acceptance: SetupAcceptance) -> None:
        super().__init__(setup)
        self.acceptance = acceptance

    def accepted(self) -> bool:
        """Whether the engine's setup check, as it is now, accepted exactly this setup."""
        return self.acceptance.holds() and self == self.acceptance.setup


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    file: Path
    line: int
    rulings: tuple[str, ...]
    cards: tuple[str, ...]
    editions: Mapping[str, int]
    seed: int
    # The normalized setup exactly as handed to ``Adapter.load`` (see loader.build_setup).
    setup: Mapping[str, Any]
    steps: tuple[Step, ...]
    expect: Mapping[str, Any] | None
    expect_line: int | None = None
    # The line of the ``setup`` key (None: the file has none), where a run reports what
    # goes wrong before its first step, without a look into ``lines``.
    setup_line: int | None = None
    source: str | None = None
    note: str | None = None
    # Every card the file names anywhere, in order of first appearance.
    named: tuple[str, ...] = ()
    lines: Mapping[KeyPath, int] = field(default_factory=dict, compare=False, repr=False)
    # The loader's check of ``setup`` by the engine's own setup check (None: not checked).
    acceptance: SetupAcceptance | None = field(default=None, compare=False, repr=False)

    @property
    def set_name(self) -> str:
        """The first id segment (``base``, ``intrigue``, ``prosperity``, ``rules``...)."""
        return self.id.split("/", 1)[0]

    def line_of(self, path: KeyPath) -> int:
        for end in range(len(path), 0, -1):
            line = self.lines.get(tuple(path[:end]))
            if line is not None:
                return line
        return self.line
