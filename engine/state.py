"""The game state as plain data: card ids in zones, counters, and the event log."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.errors import UnknownName, not_one_of
from engine.vocabulary import (
    PLAYER_ZONES,
    PUTS_INTO_HAND,
    SHARED_ZONES,
    TURN_PHASES,
    Phase,
    PlayerZone,
)

__all__ = [
    "PLAYER_ZONES",
    "PUTS_INTO_HAND",
    "TRASH",
    "TURN_PHASES",
    "Event",
    "EventRecord",
    "ExtraTurn",
    "GameState",
    "Phase",
    "PlayerState",
    "PlayerZone",
    "TurnState",
    "Zone",
    "event_line",
]

# The kinds of zone every game has: each player's (``engine.vocabulary.PLAYER_ZONES``) and
# the shared ones; the mats a set declares (``engine.tokens.Mat``) are zone kinds too.
ZONE_KINDS: tuple[str, ...] = (*PLAYER_ZONES, *SHARED_ZONES)
_PLAYER_ZONE_SET = frozenset(PLAYER_ZONES)
# The zones a card listens to events from (a Watchtower in hand, a Hoard in play).
LISTENING_ZONES: tuple[PlayerZone, ...] = ("hand", "in_play")

# A zone is named by its kind and its owner: ("hand", 0), ("supply", "Silver"),
# ("pile", "Prizes"), ("island", 1), ("trash", None).
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
    # The mats its set declares that hold cards (``engine.tokens.Mat``): name -> cards.
    mats: dict[str, list[int]] = field(default_factory=dict)
    # Tokens on this player's mats by kind (``engine.tokens.TokenKind``): VP tokens,
    # Coffers, Pirate Ship's Coin tokens; a kind with none may be missing.
    tokens: dict[str, int] = field(default_factory=dict)
    turns_taken: int = 0
    # Cards in play that stay there at this player's next Clean-up (a Duration card and
    # the card that played it), until the start of their next turn.
    staying: list[int] = field(default_factory=list)
    # The card that played each card of ``staying`` (a Throne Room its Duration card), kept
    # while both are in play: what a position written as a setup says (``by``).
    played_by: dict[int, int] = field(default_factory=dict)
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
    # The names of the cards this player gained during their most recent turn (Smugglers).
    gained_last_turn: list[str] = field(default_factory=list)

    def zone(self, name: str) -> list[int]:
        if name in _PLAYER_ZONE_SET:
            zone: list[int] = getattr(self, name)
            return zone
        mat = self.mats.get(name)
        if mat is None:  # not staying or a token count: a misspelt zone
            known = (*PLAYER_ZONES, *self.mats)
            raise UnknownName(str(not_one_of("zone", name, known)))
        return mat

    def all_cards(self) -> list[int]:
        # Not through zone(): these names are the zones (scoring asks at every snapshot).
        cards = [card for name in PLAYER_ZONES for card in getattr(self, name)]
        for mat in self.mats.values():
            cards += mat
        return cards

    def copy(self) -> PlayerState:
        """A copy sharing no list or dict with this one (``GameState.copy``)."""
        return PlayerState(
            hand=self.hand[:],
            deck=self.deck[:],
            discard=self.discard[:],
            in_play=self.in_play[:],
            set_aside=self.set_aside[:],
            revealed=self.revealed[:],
            mats={mat: cards[:] for mat, cards in self.mats.items()},
            tokens=dict(self.tokens),
            turns_taken=self.turns_taken,
            staying=self.staying[:],
            played_by=dict(self.played_by),
            next_turn=self.next_turn[:],
            attacks=self.attacks[:],
            held=self.held[:],
            gained_last_turn=self.gained_last_turn[:],
        )


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
    # Cards whose ``CostChange("turn", ...)`` lasts for the rest of the turn, once per
    # play (Bridge, 2nd-edition Quarry), wherever the card now is.
    cost_sources: list[int]
    # The start-of-turn effects due this turn: the active player's ``next_turn`` as the
    # turn started. One set up while they resolve (a Pirate played on the Treasure another
    # Pirate gained) goes to ``next_turn`` and waits for the following turn.
    due: list[tuple[int, int]]
    # Potions to spend (Alchemy's Potion), beside coins.
    potions: int
    # An extra turn (Outpost's, Possession's: an ``ExtraTurn`` the queue gave), which does
    # not count in ``turns_taken`` unless it says so.
    extra: bool
    # Who makes this turn's decisions and commands: its player, or the player who controls
    # it (Possession's possessor). ``Decision.controller`` says who answers.
    controller: int
    # The player of the regular turn this turn follows (the turn's own player for a
    # regular turn): the next regular turn is the next player's after them.
    regular: int
    # How many turns in a row its player has taken, this one included: 1 when the
    # previous turn was another player's (Outpost: "not a 3rd turn in a row"; after a
    # Possession turn, that player's own turn is their 2nd in a row).
    in_a_row: int
    # How many cards the Clean-up draws (3 after an Outpost).
    hand_size: int
    # The active player's gains this turn, in order: (the card's name, bought, the phase
    # then).
    gains: list[tuple[str, bool, Phase]]

    def __init__(
        self,
        player: int = 0,
        phase: Phase = "action",
        actions: int = 1,
        buys: int = 1,
        coins: int = 0,
        extra: bool = False,
        controller: int | None = None,
        regular: int | None = None,
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
        self.potions = 0
        self.extra = extra
        self.controller = player if controller is None else controller
        self.regular = player if regular is None else regular
        self.in_a_row = 1
        self.hand_size = 5
        self.gains = []

    def copy(self) -> TurnState:
        """A copy sharing no list or dict with this one (``GameState.copy``); the data
        of ``modifiers`` is shared (set-up makes none)."""
        copied = TurnState(
            self.player,
            self.phase,
            self.actions,
            self.buys,
            self.coins,
            self.extra,
            self.controller,
            self.regular,
        )
        copied.bought = self.bought
        copied.plays = self.plays[:]
        copied.modifiers = dict(self.modifiers)
        copied.lasting = self.lasting[:]
        copied.cost_sources = self.cost_sources[:]
        copied.due = self.due[:]
        copied.potions = self.potions
        copied.in_a_row = self.in_a_row
        copied.hand_size = self.hand_size
        copied.gains = self.gains[:]
        return copied

    def played_once(self, *names: str) -> bool:
        """Whether exactly one play this turn was of a card named one of ``names`` ("the
        first Fool's Gold you play this turn", this play counted). It stops at a second:
        counting went through every play of the turn at each play, quadratic over
        thousands of plays of one card."""
        seen = 0
        for name in names:
            at = -1
            while True:
                try:
                    at = self.plays.index(name, at + 1)
                except ValueError:
                    break
                seen += 1
                if seen > 1:
                    return False
        return seen == 1


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


class ExtraTurn(NamedTuple):
    """A turn taken out of the regular order (``GameState.extra_turns``, a queue taken in
    order after the current turn): ``player``'s, decided by ``controller`` (the same
    player, or Possession's possessor), of ``kind`` (the card's word for it: a player has
    at most one of each kind queued), counted in ``turns_taken`` (the tie-break) when
    ``counts``."""

    player: int
    controller: int
    kind: str
    counts: bool = False


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
    # Piles outside the Supply (Prizes, Rewards): name -> cards, top last. Never bought,
    # never offered by "gain a card", never counted for the end of the game.
    piles: dict[str, list[int]] = field(default_factory=dict)
    # The Bane: the Kingdom pile (in ``kingdom`` and ``supply``) a card asked set-up for.
    bane: str | None = None
    # Kingdom piles set out beside the Supply for a card (Ferryman's): the setup key that
    # names each (``ferryman``) -> its card, whose pile is in ``piles`` under that name.
    set_aside_piles: dict[str, str] = field(default_factory=dict)
    # The Landscapes of this game (Events: ``engine.landscapes``), by name; never cards.
    landscapes: list[str] = field(default_factory=list)
    # Tokens on piles: kind -> pile -> count (only piles with some), e.g. Embargo's.
    pile_tokens: dict[str, dict[str, int]] = field(default_factory=dict)
    # Tokens on mats of the whole table: kind -> count (the Trade Route mat's).
    tokens: dict[str, int] = field(default_factory=dict)
    # Turns to take before the next regular turn, first first.
    extra_turns: list[ExtraTurn] = field(default_factory=list)
    game_over: bool = False
    # The event log; it stays empty in a game that records nothing (``Game(record=False)``).
    events: list[EventRecord] = field(default_factory=list)

    def copy(self) -> GameState:
        """A copy sharing no list or dict with this one, whatever happens to either: what a
        table built from a setup seen before starts from (``engine.table``).
        ``tests/test_state_copy.py`` fails when a field is left shared or out."""
        return GameState(
            names=self.names[:],
            players=[player.copy() for player in self.players],
            supply={pile: cards[:] for pile, cards in self.supply.items()},
            kingdom=self.kingdom[:],
            editions=dict(self.editions),
            colony=self.colony,
            trash=self.trash[:],
            turn=self.turn.copy(),
            piles={pile: cards[:] for pile, cards in self.piles.items()},
            bane=self.bane,
            set_aside_piles=dict(self.set_aside_piles),
            landscapes=self.landscapes[:],
            pile_tokens={kind: dict(on) for kind, on in self.pile_tokens.items()},
            tokens=dict(self.tokens),
            extra_turns=self.extra_turns[:],
            game_over=self.game_over,
            events=self.events[:],
        )

    def zone(self, zone: Zone) -> list[int]:
        kind, owner = zone
        if kind == "trash":
            return self.trash
        if kind == "supply":
            return self.supply[owner]
        if kind == "pile":
            return self.piles[owner]
        return self.players[owner].zone(kind)

    def where_is(self, card: int) -> Zone | None:
        """The zone holding ``card``; linear, for checks and error messages only."""
        if card in self.trash:
            return TRASH
        for pile, cards in self.supply.items():
            if card in cards:
                return ("supply", pile)
        for pile, cards in self.piles.items():
            if card in cards:
                return ("pile", pile)
        for index, player in enumerate(self.players):
            for name in (*PLAYER_ZONES, *player.mats):
                if card in player.zone(name):
                    return (name, index)
        return None
