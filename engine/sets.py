"""The set registry: every set the engine has, in one table.

Everything that lists sets reads this table: the card catalogue (``engine.cards``), the
random kingdoms, the scenario format (its ``editions`` and the schema), the rulings
catalogue, the CLI, the simulator, the state machine and the docs. Adding a set is a row
here, the set's card module(s) (ending in its ``CARDS`` tuple), and its scenarios and
rulings file.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class CardSet:
    """One set: its name in data (``Card.set``, scenario ids, ``editions`` keys), its
    title, the modules that define its cards (each ending in its ``CARDS`` tuple), and
    the years its editions came out (edition -> year; none for the basic cards)."""

    name: str
    title: str
    modules: tuple[str, ...]
    editions: dict[int, int] = field(default_factory=dict)

    @property
    def kingdom(self) -> bool:
        """Whether it is a set of Kingdom cards, chosen by edition (not the basic cards)."""
        return bool(self.editions)

    @property
    def latest(self) -> int:
        return max(self.editions)


REGISTRY: tuple[CardSet, ...] = (
    CardSet("basic", "Basic cards", ("engine.cards.basic",)),
    CardSet("base", "Base set", ("engine.cards.base",), {1: 2008, 2: 2016}),
    CardSet("intrigue", "Intrigue", ("engine.cards.intrigue",), {1: 2009, 2: 2016}),
    CardSet("prosperity", "Prosperity", ("engine.cards.prosperity",), {1: 2010, 2: 2022}),
    # The Seaside cards that need mats, tokens or extra turns live in a module of their
    # own, so that each module stays one engineer's.
    CardSet(
        "seaside",
        "Seaside",
        ("engine.cards.seaside", "engine.cards.seaside_mats"),
        {1: 2009, 2: 2022},
    ),
    CardSet("alchemy", "Alchemy", ("engine.cards.alchemy",), {1: 2010}),
    CardSet("hinterlands", "Hinterlands", ("engine.cards.hinterlands",), {1: 2011, 2: 2022}),
    # One set for both boxes: the first edition printed Cornucopia (2011) and Guilds (2013)
    # apart, the second edition (2024) is one box. A module for each half.
    CardSet(
        "cornucopia-guilds",
        "Cornucopia & Guilds",
        ("engine.cards.cornucopia", "engine.cards.guilds", "engine.cards.cornucopia_prizes"),
        {1: 2011, 2: 2024},
    ),
)

BY_NAME: dict[str, CardSet] = {card_set.name: card_set for card_set in REGISTRY}
# Every set, the basic cards first; the sets of Kingdom cards (what ``editions`` names).
ALL_SETS: tuple[str, ...] = tuple(card_set.name for card_set in REGISTRY)
KINGDOM_SETS: tuple[str, ...] = tuple(s.name for s in REGISTRY if s.kingdom)
# The edition each set is played in unless a game says otherwise: its latest.
DEFAULT_EDITIONS: dict[str, int] = {s.name: s.latest for s in REGISTRY if s.kingdom}
