"""The game state as plain data: card ids in zones, counters, and the event log."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

PLAYER_ZONES = ("hand", "deck", "discard", "in_play", "set_aside", "revealed")

# A zone is named by its kind and its owner: ("hand", 0), ("supply", "Silver"), ("trash", None).
Zone = tuple[str, Any]
TRASH: Zone = ("trash", None)


@dataclass
class PlayerState:
    """One player's cards. ``deck`` and ``discard`` keep their top card last."""

    hand: list[int] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    in_play: list[int] = field(default_factory=list)
    set_aside: list[int] = field(default_factory=list)
    revealed: list[int] = field(default_factory=list)
    vp_tokens: int = 0
    turns_taken: int = 0

    def zone(self, name: str) -> list[int]:
        zone: list[int] = getattr(self, name)
        return zone

    def all_cards(self) -> list[int]:
        return [card for name in PLAYER_ZONES for card in self.zone(name)]


@dataclass
class TurnState:
    """What lasts only for the current turn."""

    player: int = 0
    phase: str = "action"
    actions: int = 1
    buys: int = 1
    coins: int = 0
    bought: bool = False
    cost_reduction: int = 0
    plays: list[str] = field(default_factory=list)
    # Effects that last for the turn (a card's name -> its data), e.g. Contraband's ban.
    modifiers: dict[str, Any] = field(default_factory=dict)
    # Triggers a played card set up for the rest of the turn (a "where='turn'" trigger):
    # (owner, source card id, index into the source card's triggers).
    lasting: list[tuple[int, int, int]] = field(default_factory=list)
    # Cards whose ``cost_modifier`` lasts for the rest of the turn, once per play
    # (2nd-edition Quarry), wherever the card now is.
    cost_sources: list[int] = field(default_factory=list)


class Event(NamedTuple):
    """One line of the event log, e.g. ``p1 gains Silver`` or ``p2 passes Copper to p3``.

    A NamedTuple rather than a frozen dataclass: as immutable, and about twice as fast
    to create, which counts for the log of every move (docs/guides/performance.rst).
    """

    player: int | None
    verb: str
    card: str | None = None
    target: int | None = None

    def __str__(self) -> str:
        if self.player is None:
            return self.verb
        words = [f"p{self.player + 1}", self.verb]
        if self.card is not None:
            words.append(self.card)
        if self.target is not None:
            words.append(f"to p{self.target + 1}")
        return " ".join(words)


# ``new_event(Event, (player, verb, card, target))`` builds an Event through the C-level
# ``tuple.__new__``, skipping the Python-level ``__new__`` of a NamedTuple (half the cost);
# the paths that log most (draw, discard, play, gain, buy) use it, with all four fields.
new_event = tuple.__new__


@dataclass
class GameState:
    names: list[str]
    players: list[PlayerState]
    supply: dict[str, list[int]]
    kingdom: list[str]
    editions: dict[str, int]
    colony: bool
    trash: list[int] = field(default_factory=list)
    turn: TurnState = field(default_factory=TurnState)
    trade_route_mat: int = 0
    trade_route_tokens: list[str] = field(default_factory=list)
    game_over: bool = False
    events: list[Event] = field(default_factory=list)

    def zone(self, zone: Zone) -> list[int]:
        kind, owner = zone
        if kind == "trash":
            return self.trash
        if kind == "supply":
            return self.supply[owner]
        cards: list[int] = getattr(self.players[owner], kind)  # PlayerState.zone, inlined
        return cards

    def where_is(self, card: int) -> Zone | None:
        """The zone holding ``card``; linear, for checks and error messages only."""
        if card in self.trash:
            return TRASH
        for pile, cards in self.supply.items():
            if card in cards:
                return ("supply", pile)
        for index, player in enumerate(self.players):
            for name in PLAYER_ZONES:
                if card in player.zone(name):
                    return (name, index)
        return None
