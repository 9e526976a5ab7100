"""What an effect is handed: the game, whose effect it is, and which physical card."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Imported for real, not only for the type checker: the compiled engine's dataclasses read
# their fields' types when the module loads (engine/compiled.py).
from engine.api import CardAPI
from engine.model import Card


@dataclass
class Happening:
    """An event that triggers listen to: a gain, a buy, a trash, an attack, a clean-up.

    ``player`` is whose event it is, ``card`` the card it is about (the gained, bought,
    trashed or attacking card). ``data`` carries what effects tell each other, e.g. the
    players a Moat made unaffected, or where a gained card went.
    """

    kind: str
    player: int
    card: int | None = None
    bought: bool = False
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Context:
    """The context of a played card's effect."""

    game: CardAPI
    player: int
    card: int
    # The players an Attack cannot touch this time (revealed Moat, ...).
    unaffected: set[int] = field(default_factory=set)
    # The card whose effect played this one (Throne Room), or None (played by command).
    played_by: int | None = None

    @property
    def definition(self) -> Card:
        return self.game.definition(self.card)

    @property
    def name(self) -> str:
        return self.game.name_of(self.card)


@dataclass
class TriggerContext:
    """The context of a trigger: its owner, the card it belongs to, and the happening."""

    game: CardAPI
    owner: int
    card: int
    happening: Happening

    @property
    def name(self) -> str:
        return self.game.name_of(self.card)
