"""The table: the game state, the look-ups, the one move primitive and the one way to ask.

:class:`Table` holds what is on the table (the :class:`GameState` that
``engine.position`` builds from a setup) and ``ask``, through which every question effects
ask goes (the verbs build them: ``Verbs.choose_cards`` and the like). It is one of the
parts a game is composed of: the verbs cards use hold it (``engine.verbs``), the turn
holds those (``engine.turn``), and the driver holds the turn (``engine.game``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, NamedTuple

from engine import cards as catalogue
from engine import position
from engine.compiled import mypyc_attr
from engine.context import Watcher
from engine.decisions import Decision
from engine.errors import require_one_of
from engine.indexes import CardIndexes, card_indexes
from engine.model import Card, Effect
from engine.setup_check import Remembered, check_setup
from engine.state import (
    LISTENING_ZONES,
    PLAYER_ZONES,
    ZONE_KINDS,
    EventRecord,
    GameState,
    PlayerState,
    PlayerZone,
    Zone,
)


class _Built(NamedTuple):
    """What a table built from a setup, kept for the next one built from an equal setup
    (``Table._build``): shared but for the state, which each table copies and which this
    one never plays."""

    state: GameState
    plays: list[position.SetupPlay]
    pile_of: dict[str, Zone]
    definitions: dict[str, Card]
    by_id: list[Card]
    indexes: CardIndexes


# Tables built, by their class and setup (seed aside).
_BUILT: Remembered[_Built] = Remembered()


@mypyc_attr(allow_interpreted_subclasses=True)  # a game's own Table (Game.table_class)
class Table:
    """The state of one game and the primitives every rule and card is built from.

    Each part of a game has at most 29 attributes (``tests/test_game_attributes.py``
    counts them): CPython 3.11 keeps that many inline, shared by every instance, and past
    that gives each one a dict of its own, where no method call or attribute read is
    specialised any more (about a tenth more instructions per game). Group new ones into
    an existing one."""

    def __init__(self, setup: Mapping[str, Any], *, _setup_checked: bool = False) -> None:
        """Set up the position ``setup`` describes (``engine.position``); ``_setup_checked``
        only for a setup :func:`check_setup` accepted already: one the engine made itself
        from checked parameters (``Game.new``), or a copy of a scenario's setup that the
        loader had it check (the reference adapter, ``scenarios.model.CheckedSetup``)."""
        if not _setup_checked:
            check_setup(setup)  # BadPosition naming the key, before anything is built
        self.setup: dict[str, Any] = dict(setup)
        # The shuffles' random source (``rng``), made at the first shuffle that needs one:
        # seeding one costs a tenth of a set-up, and most scenarios never shuffle.
        self._rng: random.Random | None = None
        self.editions: dict[str, int] = {**catalogue.DEFAULT_EDITIONS, **setup.get("editions", {})}
        self._build(setup)
        self._index_zones()
        # Whether the Clean-up and drawing move runs of cards in one step (move_all,
        # move_top) rather than card by card: the same moves and events, faster.
        self.bulk_moves = True
        # Whether the game keeps its event log (``Game(record=False)``: every event is
        # dropped before it is logged, and the bulk moves skip building theirs).
        self.record = True
        # A check running beside the game (engine.context.Watcher), told of every move
        # and of what resolves; None in play.
        self.watcher: Watcher | None = None

    def _build(self, setup: Mapping[str, Any]) -> None:
        """The state ``setup`` describes and the indexes of its cards (docs/guides/
        performance.rst): built, or a copy of what a table of this class built from an
        equal setup (its seed aside) while the check's generation lasts (the catalogue
        changes only by ``catalogue.installed`` or a mutant, each a new generation): a
        simulation starts thousands of games from one setup, and set-up was a tenth of a
        short game. Every physical card exists from set-up on and keeps its name, and the
        Supply's piles are fixed, so the indexes hold for the whole game."""
        frozen = position.setup_key(setup)
        key = None if frozen is None else (type(self), frozen)
        known = None if key is None else _BUILT.get(key)
        if known is not None:
            # The definition cache: card name -> definition (read it, never write it: use
            # ``definition_by_name``).
            self.definitions: dict[str, Card] = dict(known.definitions)
            self.state = known.state.copy()
            self.setup_plays = known.plays[:]
            self._pile_of, self.by_id, self.indexes = known.pile_of, known.by_id, known.indexes
            return
        # What the Kingdom asks of set-up. The definition cache starts with what Kingdom
        # cards change for the whole game (Charlatan: Curse is also a Treasure).
        asks = position.kingdom_set_up(
            tuple(setup.get("kingdom", [])), setup.get("bane"), tuple(self.editions.items())
        )
        self.definitions = dict(asks.changed)
        built = position.build_state(setup, self.editions, self.definition_by_name, asks)
        self.state, self.setup_plays = built.state, built.plays
        # Card name -> the pile its cards go back to (``pile_of``).
        self._pile_of = built.pile_of
        # Card id -> its definition (``definition``; the hot loops read the list itself),
        # and the indexes of this game's cards (who listens, cost changes, plain plays).
        self.by_id, in_game = self._definitions_by_id()
        self.indexes = card_indexes(in_game, self.state.kingdom, self.definitions)
        if key is not None:
            _BUILT.put(
                key,
                _Built(
                    self.state.copy(),
                    built.plays[:],
                    built.pile_of,
                    dict(self.definitions),
                    self.by_id,
                    self.indexes,
                ),
            )

    def _index_zones(self) -> None:
        """The look-ups of this game's zones that ``move`` and the plays read."""
        state = self.state
        # Zone kind -> owner -> its list of cards: what ``move`` reads (no zone list is ever
        # replaced). Two look-ups by str and int are cheaper than one by a (kind, owner) tuple.
        self._zones: dict[str, list[list[int]] | dict[Any, list[int]]] = {
            "trash": {None: state.trash},
            "supply": state.supply,
            "pile": state.piles,
        }
        for kind in PLAYER_ZONES:
            self._zones[kind] = [getattr(player, kind) for player in state.players]
        for mat in catalogue.MATS:
            self._zones[mat] = [player.mats[mat] for player in state.players]
        # Per player: card name -> a position in the hand before which no card has that
        # name (where a play starts looking: ``Turn.find_play``). Hands change only in
        # move, which keeps it.
        self.first_in_hand: list[dict[str, int]] = [{} for _ in state.players]
        # How many cards moved into or out of a hand or a play area, where cards listen to
        # events, counted only while a run of alike abilities needs to know (None: not
        # counted; a count at every move cost a plain game 4%): while it stays the same,
        # the run resolves without looking at those zones again (``engine.triggers``).
        self.listening_moves: int | None = None

    def _definitions_by_id(self) -> tuple[list[Card], dict[str, Card]]:
        """The definition of every card, by id, and of every name a card of the game has.

        Set-up looked up every card it created, and created each Supply pile's cards in
        one run of ids (``position.build_state``): a pile is one repeated entry, and only
        the cards after the piles (the players' and the trash's) are looked up one by one.
        """
        definitions, supply = self.definitions, self.state.supply
        in_game = {pile: definitions[pile] for pile, cards in supply.items() if cards}
        by_id: list[Card] = []
        for pile, cards in supply.items():
            if cards and (cards[0] != len(by_id) or cards[-1] != len(by_id) + len(cards) - 1):
                break  # not one run from here: the rest one by one
            by_id += [definitions[pile]] * len(cards)
        rest = self.state.names[len(by_id) :]
        by_id += map(definitions.__getitem__, rest)
        in_game.update((name, definitions[name]) for name in dict.fromkeys(rest))
        return by_id, in_game

    # ------------------------------------------------------------------ look-ups

    def definition_by_name(self, name: str) -> Card:
        card = self.definitions.get(name)
        if card is None:
            card = catalogue.lookup(name, self.editions)
            self.definitions[name] = card
        return card

    @property
    def rng(self) -> random.Random:
        """The game's random source for shuffles, seeded by the setup's ``seed``."""
        if self._rng is None:
            self._rng = random.Random(int(self.setup.get("seed", 0)))
        return self._rng

    def definition(self, card: int) -> Card:
        return self.by_id[card]

    def name_of(self, card: int) -> str:
        return self.state.names[card]

    def names_of(self, cards: Iterable[int]) -> list[str]:
        return [self.state.names[card] for card in cards]

    @property
    def players(self) -> int:
        return len(self.state.players)

    @property
    def active(self) -> int:
        return self.state.turn.player

    def player(self, index: int) -> PlayerState:
        return self.state.players[index]

    def pile_of(self, name: str) -> Zone | None:
        """The pile cards named ``name`` belong to: ``("supply", pile)`` for a Supply pile,
        ``("pile", pile)`` for one outside the Supply (a Prize's); None when the game has
        none (Platinum without Colony, a card no pile of the game holds)."""
        return self._pile_of.get(name)

    def turn_order(self, start: int | None = None) -> list[int]:
        """Every player in turn order from ``start`` (default: the active player)."""
        first = self.active if start is None else start
        return [(first + step) % self.players for step in range(self.players)]

    def others(self, player: int) -> list[int]:
        return self.turn_order(player)[1:]

    # ------------------------------------------------------------------ the move primitive

    def move(
        self,
        card: int,
        source: Zone,
        destination: Zone,
        event: EventRecord | None = None,
        *,
        bottom: bool = False,
        depth: int = 0,
    ) -> bool:
        """Move ``card`` from ``source`` to ``destination``; the only way a card moves.

        A card that is no longer in ``source`` stays where it is and nothing is logged
        (the Stop-Moving rule); the return value says whether it moved. ``depth`` puts
        it under that many cards of the destination (Secret Passage); ``bottom`` under all.
        """
        zones = self._zones
        origin, owner = source
        try:
            cards = zones[origin][owner]
        except KeyError:  # a misspelt zone kind in a card's code, or a pile not in the game
            require_one_of("zone", origin, (*ZONE_KINDS, *catalogue.MATS))
            raise
        if origin == "hand" and self.first_in_hand[owner]:  # hints to keep (Turn.find_play)
            if not self._take_from_hand(cards, card, self.first_in_hand[owner]):
                return False
        elif cards and cards[-1] == card:
            cards.pop()
        elif origin == "supply" and len(cards) > 1 and cards[-2] == card:
            # Under a bought card (Talisman's copy): not looked for from the bottom.
            del cards[-2]
        else:
            try:
                cards.remove(card)
            except ValueError:
                return False
        kind, owner = destination
        try:
            target = zones[kind][owner]
        except KeyError:  # a misspelt zone kind in a card's code, or a pile not in the game
            require_one_of("zone", kind, (*ZONE_KINDS, *catalogue.MATS))
            raise
        if bottom or depth > 0:
            target.insert(0 if bottom else max(0, len(target) - depth), card)
            if kind == "hand":  # a card put before others may be the first of its name
                self.first_in_hand[owner].clear()
        else:
            target.append(card)
        if self.listening_moves is not None and (
            kind in LISTENING_ZONES or origin in LISTENING_ZONES
        ):
            self.listening_moves += 1
        if event is not None and self.record:
            self.state.events.append(event)  # Game.log, inlined: the hottest call
        if self.watcher is not None:
            self.watcher.moved(card, source, destination, event)
        return True

    def move_all(self, player: int, source: PlayerZone, destination: PlayerZone, verb: str) -> None:
        """Move every card of ``player``'s ``source`` to their ``destination``, first card
        first, each logged ``(player, verb, name, None)``: the moves and events of
        :meth:`move` card by card, in one step (the Clean-up's discards; speed only,
        ``tests/test_bulk_paths.py`` compares the two)."""
        zones = self._zones
        cards = zones[source][player]
        if self.record:
            names, events = self.state.names, self.state.events
            for card in cards:
                events.append((player, verb, names[card], None))
        zones[destination][player].extend(cards)
        cards.clear()
        if self.listening_moves is not None:
            self.listening_moves += source in LISTENING_ZONES or destination in LISTENING_ZONES
        if source == "hand":  # an empty hand: every hint is 0 again
            self.first_in_hand[player].clear()

    def move_top(
        self, player: int, count: int, source: PlayerZone, destination: PlayerZone, verb: str
    ) -> list[int]:
        """Move the top ``count`` cards of ``player``'s ``source`` (at least that many are
        there) one at a time onto their ``destination``, each logged ``(player, verb,
        name, None)``: the moves and events of :meth:`move` card by card from the top, in
        one step (drawing a hand; speed only, ``tests/test_bulk_paths.py`` compares).
        Returns the cards moved, the first moved first."""
        zones = self._zones
        cards = zones[source][player]
        moved = cards[: -count - 1 : -1]
        del cards[len(cards) - count :]
        zones[destination][player].extend(moved)
        if self.listening_moves is not None:
            self.listening_moves += source in LISTENING_ZONES or destination in LISTENING_ZONES
        if self.record:
            names, events = self.state.names, self.state.events
            for card in moved:
                events.append((player, verb, names[card], None))
        return moved

    def _take_from_hand(self, hand: list[int], card: int, hints: dict[str, int]) -> bool:
        """Remove ``card`` from ``hand`` (False when it is not there), looking from where
        its name's first copy can be at the earliest; later hints move up one place."""
        if hand and hand[-1] == card:
            position = len(hand) - 1
        else:
            try:
                position = hand.index(card, hints.get(self.state.names[card], 0))
            except ValueError:
                return False
        del hand[position]
        for name, at in hints.items():
            if at > position:
                hints[name] = at - 1
        return True

    def log(self, event: EventRecord) -> None:
        if self.record:
            self.state.events.append(event)

    def require_record(self, what: str) -> None:
        """ValueError unless the game records (``Game(record=False)`` keeps no events and
        no inputs), rather than answer as if nothing had happened."""
        if not self.record:
            raise ValueError(f"this game records nothing (record=False): it has no {what}")

    # ------------------------------------------------------------------ decisions

    def ask(self, decision: Decision) -> Effect[list[Any]]:
        """Ask a decision and return the list of chosen values. During a turn another
        player controls (Possession's), they answer the active player's decisions."""
        turn = self.state.turn
        if turn.controller != turn.player and decision.player == turn.player:
            decision = replace(decision, controller=turn.controller)
        answer = yield decision
        return answer
