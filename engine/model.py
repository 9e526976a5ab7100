"""Card definitions: frozen data plus the few effects that are not vanilla bonuses."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, TypeVar

from engine.abilities import Replacement, Static, of_kind, static_problems
from engine.costs import Cost, CostLimit
from engine.errors import UnknownName, not_one_of
from engine.sets import ALL_SETS
from engine.targets import Targets
from engine.vocabulary import (
    TRIGGER_EVENTS,
    TRIGGER_PLACES,
    TRIGGER_WHO,
    TriggerEvent,
    TriggerPlace,
    TriggerWho,
)

if TYPE_CHECKING:
    from engine.context import Context, TriggerContext
    from engine.decisions import Decision

__all__ = [
    "ACTION",
    "ATTACK",
    "CARD_TYPES",
    "CURSE",
    "DURATION",
    "PRIZE",
    "REACTION",
    "REWARD",
    "TREASURE",
    "VICTORY",
    "Card",
    "Cost",
    "CostLimit",
    "Effect",
    "LastingEffect",
    "PlayEffect",
    "Trigger",
    "TriggerEffect",
    "TriggerEvent",
    "TriggerPlace",
    "TriggerWho",
]

# Final: the compiled engine (engine/compiled.py) uses the strings, not a global look-up.
ACTION: Final = "Action"
TREASURE: Final = "Treasure"
VICTORY: Final = "Victory"
CURSE: Final = "Curse"
ATTACK: Final = "Attack"
REACTION: Final = "Reaction"
DURATION: Final = "Duration"  # Seaside: a card that can stay in play and act on a later turn
# Cornucopia & Guilds: cards of a pile outside the Supply, gained only by the card naming it
# (Tournament's Prizes, 1st edition; Joust's Rewards, 2nd edition).
PRIZE: Final = "Prize"
REWARD: Final = "Reward"
CARD_TYPES = frozenset(
    {ACTION, TREASURE, VICTORY, CURSE, ATTACK, REACTION, DURATION, PRIZE, REWARD}
)
# The order a card's type line prints its types in ("Treasure - Duration", "Action -
# Duration - Attack"): one order for every printed card (tests/test_card_facts.py checks it
# against the dominion-setup dataset). A type not listed comes after these, by name.
PRINTED_TYPE_ORDER = (ACTION, TREASURE, VICTORY, CURSE, DURATION, ATTACK, REACTION, PRIZE, REWARD)


def printed_types(types: Iterable[str]) -> list[str]:
    """A card's types in the order its type line prints them."""
    known = {name: index for index, name in enumerate(PRINTED_TYPE_ORDER)}
    return sorted(types, key=lambda name: (known.get(name, len(known)), name))


SETS = ALL_SETS  # every set (engine.sets)

_Result = TypeVar("_Result")
_Ability = TypeVar("_Ability")

# An effect is a generator that yields Decisions and receives their answers (the list of
# chosen values); ``Effect[bool]`` returns a bool at the end (``yield from`` gives it).
Effect = Generator["Decision", list[Any], _Result]
PlayEffect = Callable[["Context"], Effect[None]]
# What a play leaves in effect for the rest of the turn, applied without decisions.
LastingEffect = Callable[["Context"], None]
TriggerEffect = Callable[["TriggerContext"], Effect[None]]


@dataclass(frozen=True)
class Trigger:
    """Something a card does when an event happens while the card is in a given place.

    ``event`` is one of ``gain``, ``buy``, ``trash``, ``discard`` (the card discarded, from
    where and whether in the Clean-up: ``happening.data["from"]``, ``["cleanup"]``),
    ``attack``, ``buy_end`` (the end of its player's Buy phase, just before the Clean-up),
    ``cleanup`` (the start of the Clean-up), ``start`` (the start of its player's turn,
    Clerk), ``play`` (``engine.vocabulary.TRIGGER_EVENTS``); ``where`` says where
    the card must be for it to fire: ``self`` (the card the event is about), ``hand``,
    ``in_play`` (while in play: once per copy), ``turn`` (set up by a play for the rest of
    the turn, once per play: ``start_lasting``), ``next_turn`` (a ``start`` trigger set
    up by a play for the start of its player's next turn: ``at_start_of_next_turn``,
    Duration cards) or ``game`` (for the whole game, while the card is in the game: a
    rule its tokens set up, Embargo's; the player whose event it is resolves it).
    ``condition`` filters the event; a trigger with ``optional`` asks its owner before it
    fires (reactions).
    ``who`` says whose events it listens to: ``own`` or ``others`` or ``any``.
    An optional trigger may be used again on the same event while its condition still
    holds (a Reaction still in hand may be revealed again to one Attack: Secret Chamber,
    Diplomat); a mandatory one fires at most once per event and per copy.
    """

    event: TriggerEvent
    where: TriggerPlace
    effect: TriggerEffect
    condition: Callable[[TriggerContext], bool] = lambda _ctx: True
    optional: bool = False
    who: TriggerWho = "own"


@dataclass(frozen=True)
class Card:
    """One card as printed in one edition (or both when the text did not change)."""

    name: str
    set: str
    # Written as an int in the set modules' makers (``kingdom_maker``): that many coins.
    cost: Cost
    types: frozenset[str]
    text: str
    editions: tuple[int, ...] = (1, 2)
    cards: int = 0
    actions: int = 0
    buys: int = 0
    coins: int = 0
    # Potions to spend this turn (the Potion Treasure), beside coins.
    potions: int = 0
    vp: int = 0
    effect: PlayEffect | None = None
    # The part of a play that lasts for the rest of the turn (Bridge's and Quarry's costs,
    # Coppersmith's bonus): applied after the vanilla bonuses and before ``effect`` on
    # each play, and once per copy a scenario's setup lists in the active player's
    # ``in_play`` (those count as played with their on-play effects resolved).
    lasting: LastingEffect | None = None
    vp_counter: Callable[[list[Card]], int] | None = None
    triggers: tuple[Trigger, ...] = ()
    # Static abilities (``engine.abilities``): cost changes, buy restrictions, game-long
    # changes, set-up changes, marks the setup check reads.
    static: tuple[Static, ...] = ()
    # "When ... would ..., instead ...": consulted before the move (``engine.abilities``).
    replacements: tuple[Replacement, ...] = ()
    options: tuple[str, ...] = ()
    # What the card does and responds to, as data for the interaction graph and docs.
    declares: frozenset[str] = field(default_factory=frozenset)
    # What its instructions reach on other cards, precisely (engine/targets.py): data for
    # the interaction graph; play never reads it (the setup check reads ``plays`` to know
    # what a setup's ``{card, by}`` entry may say: engine.entries.times_played).
    targets: Targets = field(default_factory=Targets)
    kingdom: bool = True

    def __post_init__(self) -> None:
        # Strings a card is defined with, checked once at import: a misspelt type or
        # trigger field would otherwise never match anything and fail silently.
        problems = [f"type {name!r}" for name in sorted(self.types - CARD_TYPES)]
        for trigger in self.triggers:
            problems += _trigger_problems(trigger)
        for replacement in self.replacements:
            problems += replacement.problems()
        problems += static_problems(self.static)
        if problems:
            raise UnknownName(", ".join(problems), self.name)

    def is_(self, card_type: str) -> bool:
        return card_type in self.types

    def static_of(self, kind: type[_Ability]) -> list[_Ability]:
        """Its static abilities of one kind (``card.static_of(CostChange)``)."""
        return of_kind(self.static, kind)

    @property
    def vanilla(self) -> bool:
        return (
            self.effect is None
            and self.lasting is None
            and not self.triggers
            and not self.static
            and not self.replacements
        )


def _trigger_problems(trigger: Trigger) -> list[str]:
    """What is wrong with a trigger's fields (each one of its Literal's values)."""
    fields = (
        ("trigger event", trigger.event, TRIGGER_EVENTS),
        ("trigger where", trigger.where, TRIGGER_PLACES),
        ("trigger who", trigger.who, TRIGGER_WHO),
    )
    found = (not_one_of(name, value, allowed) for name, value, allowed in fields)
    problems = [problem for problem in found if problem is not None]
    if trigger.where == "next_turn" and trigger.event != "start":
        problems.append(f"trigger event={trigger.event!r} for where='next_turn' (only start)")
    return problems
