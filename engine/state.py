"""The game state as plain data: card ids in zones, counters, and the event log."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, get_args

from engine.errors import require_one_of

# The kinds of zone a player has, and the shared ones. ``island`` and ``native_village``
# are Seaside's player mats: cards there belong to the player (scored at the end) but are
# outside the hand, deck, discard pile and play.
PlayerZone = Literal[
    "hand", "deck", "discard", "in_play", "set_aside", "revealed", "island", "native_village"
]
ZoneKind = PlayerZone | Literal["supply", "trash"]
PLAYER_ZONES: tuple[PlayerZone, ...] = get_args(PlayerZone)
Mat = Literal["island", "native_village"]
MATS: tuple[Mat, ...] = get_args(Mat)
ZONE_KINDS: tuple[ZoneKind, ...] = (*PLAYER_ZONES, "supply", "trash")
_PLAYER_ZONE_SET = frozenset(PLAYER_ZONES)
# The zones a card listens to events from (a Watchtower in hand, a Hoard in play).
LISTENING_ZONES: tuple[PlayerZone, ...] = ("hand", "in_play")

# A zone is named by its kind and its owner: ("hand", 0), ("supply", "Silver"), ("trash", None).
Zone = tuple[ZoneKind, Any]
# The phases of a turn (the Clean-up is "cleanup").
Phase = Literal["action", "buy", "cleanup"]
TURN_PHASES: tuple[Phase, ...] = get_args(Phase)
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
    island: list[int] = field(default_factory=list)
    native_village: list[int] = field(default_factory=list)
    vp_tokens: int = 0
    turns_taken: int = 0
    # Cards in play that stay there at this player's next Clean-up (a Duration card and
    # the card that played it), until the start of their next turn.
    staying: list[int] = field(default_factory=list)
    # Effects set up for the start of this player's next turn: (card id, index into the
    # card's triggers), each a ``where="next_turn"`` trigger.
    next_turn: list[tuple[int, int]] = field(default_factory=list)
    # The plays of this player's Duration Attacks whose lasting part is still to come, each
    # (the card, the card the play set aside or None, the other players the play affects):
    # whom an Attack affects is fixed when it is played, so a Moat or a Lighthouse then keeps
    # a player unaffected until the card is done (rulings rules/duration/11). Cleared at the
    # start of this player's next turn, with ``next_turn``.
    attacks: list[tuple[int, int | None, tuple[int, ...]]] = field(default_factory=list)
    # Cards set aside with a card in play until its start-of-turn part (Haven's, Blockade's),
    # each (the set-aside card, the card it is set aside with).
    held: list[tuple[int, int]] = field(default_factory=list)
    # Coin tokens on the Pirate Ship mat.
    pirate_ship: int = 0
    # The names of the cards this player gained during their most recent turn (Smugglers).
    gained_last_turn: list[str] = field(default_factory=list)

    def zone(self, name: PlayerZone) -> list[int]:
        if name not in _PLAYER_ZONE_SET:  # not vp_tokens or staying: a misspelt zone
            require_one_of("zone", name, PLAYER_ZONES)
        zone: list[int] = getattr(self, name)
        return zone

    def all_cards(self) -> list[int]:
        # Not through zone(): these names are the zones (scoring asks at every snapshot).
        return [card for name in PLAYER_ZONES for card in getattr(self, name)]


@dataclass(init=False)
class TurnState:
    """What lasts only for the current turn.

    Every turn starts a new one, and the compiled engine would run the ``__init__`` that
    ``dataclasses`` generates as Python (about a tenth of a compiled turn), so it is
    written out: the turn's counters as arguments, everything else starting empty."""

    player: int
    phase: Phase
    actions: int
    buys: int
    coins: int
    bought: bool
    plays: list[str]
    # Effects that last for the turn (a card's name -> its data), e.g. Contraband's ban.
    modifiers: dict[str, Any]
    # Triggers a played card set up for the rest of the turn (a "where='turn'" trigger):
    # (owner, source card id, index into the source card's triggers).
    lasting: list[tuple[int, int, int]]
    # Cards whose ``cost_modifier`` lasts for the rest of the turn, once per play
    # (2nd-edition Quarry), wherever the card now is.
    cost_sources: list[int]
    # The start-of-turn effects due this turn: the active player's ``next_turn`` as the
    # turn started. One set up while they resolve (a Pirate played on the Treasure another
    # Pirate gained) goes to ``next_turn`` and waits for the following turn.
    due: list[tuple[int, int]]
    # An extra turn (Outpost's): the previous turn was this player's too, and it does not
    # count in ``turns_taken``.
    extra: bool
    # Whether an extra turn follows this one (a working Outpost), and how many cards the
    # Clean-up draws.
    extra_turn_next: bool
    hand_size: int
    # The active player's gains this turn, in order: (card id, bought, the phase then).
    gains: list[tuple[int, bool, Phase]]

    def __init__(
        self,
        player: int = 0,
        phase: Phase = "action",
        actions: int = 1,
        buys: int = 1,
        coins: int = 0,
        extra: bool = False,
    ) -> None:
        self.player = player
        self.phase = phase
        self.actions = actions
        self.buys = buys
        self.coins = coins
        self.bought = False
        self.plays = []
        self.modifiers = {}
        self.lasting = []
        self.cost_sources = []
        self.due = []
        self.extra = extra
        self.extra_turn_next = False
        self.hand_size = 5
        self.gains = []


# One entry of the event log as stored: (player, verb, card, target), e.g.
# (0, "gains", "Silver", None) for ``p1 gains Silver``. The paths that log most (draw,
# discard, play, gain, buy) store plain tuples: one allocation, where building a
# NamedTuple takes two and a Python call (docs/guides/performance.rst).
EventRecord = tuple[int | None, str, str | None, int | None]


class Event(NamedTuple):
    """One line of the event log, e.g. ``p1 gains Silver`` or ``p2 passes Copper to p3``:
    an :data:`EventRecord` with names (``Event(*record)`` reads a stored one)."""

    player: int | None
    verb: str
    card: str | None = None
    target: int | None = None

    def __str__(self) -> str:
        return event_line(self)


# Verbs whose card stands inside the line (``p1 puts Gold into hand``): the card takes the
# place of ``{}``.
PUTS_INTO_HAND = "puts {} into hand"
PUTS_ON_MAT = {
    "island": "puts {} on the Island mat",
    "native_village": "puts {} on the Native Village mat",
}


def event_line(record: EventRecord) -> str:
    """The log line of an event record: ``p2 passes Copper to p3``."""
    player, verb, card, target = record
    if player is None:
        return verb
    if card is not None and "{}" in verb:
        return f"p{player + 1} {verb.replace('{}', card)}"
    words = [f"p{player + 1}", verb]
    if card is not None:
        words.append(card)
    if target is not None:
        words.append(f"to p{target + 1}")
    return " ".join(words)


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
    # Embargo tokens on Supply piles: pile -> tokens (only piles with some).
    embargo: dict[str, int] = field(default_factory=dict)
    game_over: bool = False
    # The event log; it stays empty in a game that records nothing (``Game(record=False)``).
    events: list[EventRecord] = field(default_factory=list)

    def zone(self, zone: Zone) -> list[int]:
        kind, owner = zone
        if kind == "trash":
            return self.trash
        if kind == "supply":
            return self.supply[owner]
        return self.players[owner].zone(kind)

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
