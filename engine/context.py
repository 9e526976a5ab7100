"""What an effect is handed: the game, whose effect it is, and which physical card."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

# Imported for real, not only for the type checker: the compiled engine's dataclasses read
# their fields' types when the module loads (engine/compiled.py).
from engine.abilities import Replacement
from engine.api import CardAPI
from engine.model import Card, CostLimit, Effect, Trigger
from engine.state import EventRecord, Zone
from engine.vocabulary import PlayerZone, ReplacedEvent


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


@dataclass
class Would:
    """A move about to happen that replacement abilities may change (``engine.abilities.
    Replacement``): ``player`` would ``kind`` (gain, trash) ``card`` from ``source`` to
    ``destination``. ``named``: the instruction named the destination itself (gain onto
    your deck), which then wins over a card's own (rulings ``rules/no-visiting/4``).
    ``bought``: a gain by buying. What a replacement changes, the move then does."""

    kind: ReplacedEvent
    player: int
    card: int
    source: Zone
    destination: Zone
    named: bool = False
    bought: bool = False
    # Set by ``cancel``: the move does not happen at all (the Blue dog rule: nothing of it
    # follows: no when-gain ability, no "if you gained it").
    cancelled: bool = False

    def cancel(self) -> None:
        """Nothing moves (first-edition Trader: the player gains a Silver instead)."""
        self.cancelled = True

    def redirect(self, player: int, to: PlayerZone | None = None) -> None:
        """Another player gets the card, into the same kind of zone, or into ``to`` whatever
        the instruction named (Possession: the possessor gains what the possessed player
        would gain, always into the discard pile)."""
        kind, owner = self.destination
        self.player = player
        if to is not None:
            self.destination = (to, player)
        elif isinstance(owner, int):
            self.destination = (kind, player)

    def send_to(self, zone: PlayerZone) -> bool:
        """Send the card to the player's ``zone`` instead (Nomad Camp: onto the deck), unless
        the instruction named its own destination; whether it did."""
        if self.named:
            return False
        self.destination = (zone, self.player)
        return True


@dataclass
class ReplacementContext:
    """The context of a replacement ability: its owner, its card, and the move it may
    change (``would``)."""

    game: CardAPI
    owner: int
    card: int
    would: Would

    @property
    def name(self) -> str:
        return self.game.name_of(self.card)


@dataclass(frozen=True, eq=False)
class Resolving:
    """A card's instructions while they resolve, for a :class:`Watcher`: a play of
    ``card`` by ``player`` (``by``: the card whose effect played it, as Throne Room), or,
    with ``trigger`` and ``happening`` set, one of its triggered abilities, or with
    ``replacement`` set, one of its replacement abilities (``player`` is then the
    ability's owner)."""

    player: int
    card: int
    by: int | None = None
    trigger: Trigger | None = None
    happening: Happening | None = None
    replacement: Replacement | None = None


class Watcher(Protocol):
    """Sees the engine work, for a check that runs beside it (``scenarios/declarations.py``:
    every card's declared targets against what its instructions do): every card that
    moves, each play or triggered ability from the start of its resolving to its end,
    nested as they nest, and each Supply pile picked to gain from with the cost limit it
    was picked under (``gain_chosen``: before the card is gained, in the instructions
    that gain it), and each move a replacement ability sent to another player or zone
    (``replaced``: the card, and the player and zone the instruction itself moved it to,
    before it moves). The engine never reads anything back; with no watcher set
    (``Table.watcher``) it does no extra work."""

    def resolving(self, what: Resolving) -> None: ...

    def resolved(self, what: Resolving) -> None: ...

    def moved(
        self, card: int, source: Zone, destination: Zone, event: EventRecord | None
    ) -> None: ...

    def gain_chosen(self, pile: str, limit: CostLimit | None) -> None: ...

    def replaced(self, card: int, player: int, destination: Zone) -> None: ...


def watched(watcher: Watcher, what: Resolving, effect: Effect[None]) -> Effect[None]:
    """Run ``effect`` (the resolving of ``what``) with ``watcher`` told of its start and
    of its end, however it ends."""
    watcher.resolving(what)
    try:
        yield from effect
    finally:
        watcher.resolved(what)
