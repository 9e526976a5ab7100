"""The game: state, the one move primitive, the shared verbs, triggers and the turn loop.

The whole game runs as one generator (``_loop``). It yields ``AWAIT_COMMAND`` when the
active player may issue a command and a :class:`Decision` when an effect asks a
question; :meth:`Game.command` and :meth:`Game.answer` validate their input before they
send it in, so a refused input leaves the state exactly as it was. The state is plain
data; cloning and loading go through replaying the recorded inputs.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine import cards as catalogue
from engine import rules
from engine.context import Context, Happening, TriggerContext
from engine.decisions import Choice, Decision, forced_answer, match_answer
from engine.errors import BadPosition, IllegalAnswer, IllegalMove
from engine.model import ACTION, ATTACK, TREASURE, VICTORY, Card, Effect, Trigger
from engine.setup_check import check_setup, saved_inputs
from engine.state import (
    PLAYER_ZONES,
    TRASH,
    Event,
    EventRecord,
    GameState,
    PlayerState,
    TurnState,
    Zone,
    event_line,
)

AWAIT_COMMAND = "await-command"
BASIC_PILES = ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse")
COLONY_PILES = ("Platinum", "Colony")
PHASES = ("action", "buy")
_NOBODY: frozenset[str] = frozenset()


class Game:
    """One game of Dominion, driven one command or answer at a time."""

    def __init__(self, setup: Mapping[str, Any]) -> None:
        """Set up the position ``setup`` describes, in the scenario format's terms.

        Keys: ``players``, ``kingdom``, ``colony``, ``supply``, ``trash``, ``turn``,
        ``turns_taken``, ``trade_route``, ``editions``, ``seed``, ``deal`` and ``p1`` ..
        ``pN`` with ``hand``, ``deck`` (top first), ``discard`` (bottom first),
        ``in_play``, ``set_aside``, ``vp_tokens`` and ``shuffles``.
        """
        check_setup(setup)  # BadPosition naming the key, before anything is built
        self.setup: dict[str, Any] = dict(setup)
        self.inputs: list[tuple[str, Any]] = []
        self.rng = random.Random(int(setup.get("seed", 0)))
        self.editions: dict[str, int] = {**catalogue.DEFAULT_EDITIONS, **setup.get("editions", {})}
        # The definition cache starts with what Kingdom cards change for the whole game
        # (Charlatan: Curse is also a Treasure).
        self._definitions: dict[str, Card] = self._changes_in_game(setup.get("kingdom", []))
        self.state = self._build_state(setup)
        self._index_cards()
        # Cards a setup lists in play were played with their effects resolved: what those
        # plays left in effect for the turn (Bridge, Coppersmith) is active.
        for card in list(self.state.players[self.active].in_play):
            lasting = self.definition(card).lasting
            if lasting is not None:
                lasting(Context(self, self.active, card))
        self._shuffle_orders = [
            [list(order) for order in setup.get(f"p{i + 1}", {}).get("shuffles", [])]
            for i in range(len(self.state.players))
        ]
        # What the game waits for: AWAIT_COMMAND, a Decision, or None once it is over.
        self._pending: Any = None
        # The decision the game waits for, or None (it waits for a command, or is over).
        # Read it, never set it: a plain attribute rather than a property because bots
        # read it before every move (Python 3.11 does not specialise property reads).
        self.pending: Decision | None = None
        self._loop_gen = self._loop(deal=bool(setup.get("deal", False)))
        self._advance(None)

    # ------------------------------------------------------------------ set-up

    @classmethod
    def new(
        cls,
        players: int = 2,
        kingdom: Iterable[str] | None = None,
        seed: int = 0,
        editions: Mapping[str, int] | None = None,
        colony: bool | None = None,
        sets: Iterable[str] = ("base", "intrigue", "prosperity"),
    ) -> Game:
        """A game from the standard start: 7 Coppers and 3 Estates each, shuffled, 5 drawn."""
        given = {"players": players, "seed": seed, "editions": editions or {}}
        if kingdom is not None:  # a string is not a list of cards: check_setup says so
            given["kingdom"] = kingdom if isinstance(kingdom, str) else list(kingdom)
        check_setup(given)
        chosen_editions = {**catalogue.DEFAULT_EDITIONS, **(editions or {})}
        rng = random.Random(seed)
        names = list(kingdom) if kingdom is not None else random_kingdom(rng, chosen_editions, sets)
        if colony is None and names:
            # The Prosperity rule: as if one of the Kingdom cards were picked at random,
            # Colony and Platinum are used when it is a Prosperity card.
            colony = rng.randrange(len(names)) < _prosperity_share(names, chosen_editions)
        start = {
            "discard": ["Copper"] * rules.STARTING_COPPERS + ["Estate"] * rules.STARTING_ESTATES
        }
        setup: dict[str, Any] = {
            "players": players,
            "kingdom": names,
            "colony": bool(colony),
            "editions": chosen_editions,
            "seed": seed,
            "deal": True,
        }
        setup.update({f"p{i + 1}": dict(start) for i in range(players)})
        return cls(setup)

    def _changes_in_game(self, kingdom: Iterable[str]) -> dict[str, Card]:
        changed: dict[str, Card] = {}
        for name in kingdom:
            for card in catalogue.lookup(name, self.editions).changes_in_game:
                changed[card.name] = card
        return changed

    def _build_state(self, setup: Mapping[str, Any]) -> GameState:
        players = int(setup.get("players", 2))
        if not 2 <= players <= 6:
            raise BadPosition(f"players must be 2 to 6, not {players}")
        kingdom = list(setup.get("kingdom", []))
        colony = bool(setup.get("colony", False))
        state = GameState(
            names=[],
            players=[PlayerState() for _ in range(players)],
            supply={},
            kingdom=kingdom,
            editions=self.editions,
            colony=colony,
        )
        piles = list(BASIC_PILES) + (list(COLONY_PILES) if colony else []) + kingdom
        sizes = dict(setup.get("supply", {}) or {})
        unknown = sorted(set(sizes) - set(piles))
        if unknown:
            raise BadPosition(f"supply: {', '.join(unknown)} is not a pile of this game")
        for pile in piles:
            definition = self.definition_by_name(pile)
            size = sizes.get(
                pile, _pile_size(pile, definition.is_(VICTORY), definition.kingdom, players)
            )
            # One pile's cards in one go: ids are consecutive (what _new_card gives).
            first = len(state.names)
            state.names.extend([pile] * int(size))
            state.supply[pile] = list(range(first, len(state.names)))
        for index in range(players):
            self._build_player(state, index, setup.get(f"p{index + 1}", {}) or {})
        state.trash = [self._new_card(state, name) for name in setup.get("trash", []) or []]
        self._build_turn(state, setup, players)
        for card in state.players[state.turn.player].in_play:
            state.turn.plays.append(state.names[card])
        return state

    def _build_player(self, state: GameState, index: int, zones: Mapping[str, Any]) -> None:
        player = state.players[index]
        for zone in ("hand", "discard", "in_play", "set_aside", "deck"):
            names = zones.get(zone, []) or []
            # The scenario lists the deck top first; the engine keeps the top last.
            for name in reversed(names) if zone == "deck" else names:
                player.zone(zone).append(self._new_card(state, name))
        player.vp_tokens = int(zones.get("vp_tokens", 0))

    def _build_turn(self, state: GameState, setup: Mapping[str, Any], players: int) -> None:
        turn = dict(setup.get("turn", {}) or {})
        active = _player_index(turn.get("player", "p1"), players)
        phase = turn.get("phase", "action")
        if phase not in PHASES:
            raise BadPosition(f"turn.phase must be action or buy, not {phase!r}")
        state.turn = TurnState(
            player=active,
            phase=phase,
            actions=int(turn.get("actions", 1)),
            buys=int(turn.get("buys", 1)),
            coins=int(turn.get("coins", 0)),
        )
        for name, count in (setup.get("turns_taken", {}) or {}).items():
            state.players[_player_index(name, players)].turns_taken = int(count)
        trade_route = setup.get("trade_route")
        if trade_route is not None:
            state.trade_route_mat = int(trade_route.get("mat", 0))
            state.trade_route_tokens = list(trade_route.get("piles", []))
        elif "Trade Route" in state.kingdom:
            state.trade_route_tokens = [
                pile for pile in state.supply if self.definition_by_name(pile).is_(VICTORY)
            ]

    def _index_cards(self) -> None:
        """Work out the speed indexes (docs/guides/performance.rst). Every physical card
        exists from set-up on and keeps its name, and the Supply's piles are fixed, so
        these hold for the whole game."""
        state = self.state
        # Set-up looked up the definition of every card it created.
        self._by_id: list[Card] = list(map(self._definitions.__getitem__, state.names))
        in_game = {name: self._definitions[name] for name in dict.fromkeys(state.names)}
        listening: dict[str, set[str]] = {}
        for name, definition in in_game.items():
            for trigger in definition.triggers:
                if trigger.where in ("hand", "in_play"):
                    listening.setdefault(trigger.event, set()).add(name)
        # Event kind -> names of this game's cards with a hand or in-play trigger for it.
        self._zone_listening = {kind: frozenset(names) for kind, names in listening.items()}
        # Names of its cards with a cost_modifier: ``cost`` looks only at those in play.
        self._cost_modifiers = frozenset(
            name for name, definition in in_game.items() if definition.cost_modifier is not None
        )
        # Names of its cards whose play is only their vanilla bonuses, unless a trigger
        # set up for the turn listens; none when a card may listen to plays from a hand or
        # from play.
        self._plain_plays = frozenset(
            ()
            if "play" in listening
            else (name for name, definition in in_game.items() if _vanilla_play(definition))
        )
        self._turn_end_listened = "cleanup" in listening or "start" in listening
        # Zone kind -> owner -> its list of cards: what ``move`` reads (no zone list is ever
        # replaced). Two look-ups by str and int are cheaper than one by a (kind, owner) tuple.
        self._zones: dict[str, list[list[int]] | dict[Any, list[int]]] = {
            "trash": {None: state.trash},
            "supply": state.supply,
        }
        for kind in PLAYER_ZONES:
            self._zones[kind] = [player.zone(kind) for player in state.players]
        # Per player: card name -> a position in the hand before which no card has that
        # name (a lower bound where _check_play starts looking). Hands change only in move.
        self._first_in_hand: list[dict[str, int]] = [{} for _ in state.players]
        piles = list(state.supply)
        self._pile_lists = list(state.supply.values())
        self._province = piles.index("Province")
        self._colony = piles.index("Colony") if "Colony" in piles else None

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

    def _new_card(self, state: GameState, name: str) -> int:
        self.definition_by_name(name)
        state.names.append(name)
        return len(state.names) - 1

    # ------------------------------------------------------------------ look-ups

    def definition_by_name(self, name: str) -> Card:
        card = self._definitions.get(name)
        if card is None:
            card = catalogue.lookup(name, self.editions)
            self._definitions[name] = card
        return card

    def definition(self, card: int) -> Card:
        return self._by_id[card]

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

    def turn_order(self, start: int | None = None) -> list[int]:
        """Every player in turn order from ``start`` (default: the active player)."""
        first = self.active if start is None else start
        return [(first + step) % self.players for step in range(self.players)]

    def others(self, player: int) -> list[int]:
        return self.turn_order(player)[1:]

    # ------------------------------------------------------------------ costs

    def cost(self, card: Card) -> int:
        """The current cost of ``card``: printed cost less every active reduction.

        The reductions are collected here and combined by ``rules.current_cost``, the
        function ``checks.proofs`` proves never negative and never rising with more."""
        turn = self.state.turn
        reductions = [turn.cost_reduction]
        modifiers = self._cost_modifiers
        for source in self.state.players[turn.player].in_play if modifiers else ():
            if self.state.names[source] not in modifiers:
                continue
            definition = self._by_id[source]
            if definition.cost_modifier is not None and not definition.cost_modifier_lasts:
                reductions.append(definition.cost_modifier(self, card))
        for source in turn.cost_sources:
            modifier = self._by_id[source].cost_modifier
            if modifier is not None:
                reductions.append(modifier(self, card))
        if card.self_cost_modifier is not None:
            reductions.append(card.self_cost_modifier(self))
        result: int = rules.current_cost(card.cost, reductions)
        return result

    def cost_of(self, name: str) -> int:
        return self.cost(self._definitions.get(name) or self.definition_by_name(name))

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
        kind, owner = source
        cards = zones[kind][owner]
        if kind == "hand":
            if not self._take_from_hand(cards, card, self._first_in_hand[owner]):
                return False
        elif cards and cards[-1] == card:
            cards.pop()
        else:
            try:
                cards.remove(card)
            except ValueError:
                return False
        kind, owner = destination
        target = zones[kind][owner]
        if bottom or depth > 0:
            target.insert(0 if bottom else max(0, len(target) - depth), card)
            if kind == "hand":  # a card put before others may be the first of its name
                self._first_in_hand[owner].clear()
        else:
            target.append(card)
        if event is not None:
            self.state.events.append(event)  # Game.log, inlined: the hottest call
        return True

    def log(self, event: EventRecord) -> None:
        self.state.events.append(event)

    def event_lines(self) -> list[str]:
        return [event_line(event) for event in self.state.events]

    # ------------------------------------------------------------------ shared verbs

    def top_of_deck(self, player: int) -> int | None:
        """The top card of the deck, shuffling the discard pile in if the deck is empty."""
        deck = self.player(player).deck
        if not deck:
            self.shuffle(player)
        return deck[-1] if deck else None

    def shuffle(self, player: int) -> None:
        """Shuffle the discard pile to form the deck (only when the deck is empty)."""
        state = self.player(player)
        if not state.discard:
            return
        order = self._shuffle_orders[player].pop(0) if self._shuffle_orders[player] else None
        cards = list(state.discard)
        if order is None:
            shuffle_in_place(cards, self.rng)
        else:
            cards = self._arrange(cards, order, player)
            cards.reverse()
        state.discard.clear()
        state.deck[:0] = cards
        self.log(Event(player, "shuffles"))

    def _arrange(self, cards: list[int], order: list[str], player: int) -> list[int]:
        if Counter(order) != Counter(self.names_of(cards)):
            raise BadPosition(
                f"p{player + 1}.shuffles: {order} is not a rearrangement of the cards "
                f"shuffled: {sorted(self.names_of(cards))}"
            )
        remaining = list(cards)
        arranged = []
        for name in order:
            card = next(c for c in remaining if self.state.names[c] == name)
            remaining.remove(card)
            arranged.append(card)
        return arranged

    def draw(self, player: int, count: int = 1) -> list[int]:
        """Draw up to ``count`` cards one at a time; returns the cards drawn."""
        drawn = []
        deck, names = self.state.players[player].deck, self.state.names
        source, destination = ("deck", player), ("hand", player)
        for _ in range(count):
            card = deck[-1] if deck else self.top_of_deck(player)
            if card is None:
                break
            self.move(card, source, destination, (player, "draws", names[card], None))
            drawn.append(card)
        return drawn

    def reveal_top(self, player: int, verb: str = "reveals") -> int | None:
        """Take the top card of the deck into the revealed (or looked-at) area."""
        card = self.top_of_deck(player)
        if card is None:
            return None
        event = Event(player, verb, self.name_of(card)) if verb else None
        self.move(card, ("deck", player), ("revealed", player), event)
        return card

    def reveal(self, player: int, cards: Iterable[int]) -> None:
        """Reveal cards where they are (from hand, say): only the event is logged."""
        for card in cards:
            self.log(Event(player, "reveals", self.name_of(card)))

    def discard(self, player: int, card: int, source: str = "hand") -> bool:
        return self.move(
            card,
            (source, player),
            ("discard", player),
            (player, "discards", self.state.names[card], None),
        )

    def topdeck(self, player: int, card: int, source: str = "hand") -> bool:
        return self.move(
            card, (source, player), ("deck", player), Event(player, "topdecks", self.name_of(card))
        )

    def set_aside(self, player: int, card: int, source: str = "hand") -> bool:
        return self.move(
            card,
            (source, player),
            ("set_aside", player),
            Event(player, "sets aside", self.name_of(card)),
        )

    def put(
        self, player: int, card: int, source: Zone, destination: str, *, depth: int = 0
    ) -> bool:
        """Move a card without a named verb (revealed cards going back, say); ``depth``
        puts it under that many cards (of the deck, say)."""
        return self.move(card, source, (destination, player), depth=depth)

    def trash(self, player: int, card: int, source: Zone) -> Effect:
        """Trash ``card`` from ``source``; yields to the when-trash triggers."""
        moved = self.move(card, source, TRASH, Event(player, "trashes", self.name_of(card)))
        if moved:
            yield from self.fire(Happening("trash", player, card))
        return moved

    def pass_card(self, giver: int, card: int, receiver: int) -> bool:
        """Give a card from hand to another player's hand: neither trashing nor gaining."""
        return self.move(
            card,
            ("hand", giver),
            ("hand", receiver),
            Event(giver, "passes", self.name_of(card), target=receiver),
        )

    def return_to_supply(self, player: int, card: int, source: Zone) -> bool:
        pile = self.name_of(card)
        if pile not in self.state.supply:
            return False
        return self.move(card, source, ("supply", pile), Event(player, "returns", pile))

    def gain(
        self,
        player: int,
        pile: str,
        to: str = "discard",
        *,
        bought: bool = False,
        besides: int | None = None,
    ) -> Effect:
        """Gain the top card of a Supply pile; returns the card, or None if none was gained.

        ``besides`` is a card of the pile that must stay there (the card being bought,
        still on its pile while "when you buy" abilities such as Talisman's resolve).
        """
        cards = [card for card in self.state.supply.get(pile, []) if card != besides]
        if not cards:
            return None
        card = cards[-1]
        gained = yield from self.gain_card(player, card, ("supply", pile), to, bought=bought)
        return gained

    def gain_card(
        self,
        player: int,
        card: int,
        source: Zone,
        to: str = "discard",
        *,
        bought: bool = False,
    ) -> Effect:
        """Gain a particular card (from the Supply or the trash) straight to ``to``."""
        if not self._move_gained(player, card, source, to):
            return None
        if self._listeners_of("gain", player, card):
            yield from self.fire(Happening("gain", player, card, bought=bought, data={"to": to}))
        return card

    def _move_gained(self, player: int, card: int, source: Zone, to: str) -> bool:
        """A gain's move, before its triggers; whether the card moved."""
        destination: Zone = ("deck", player) if to == "deck" else (to, player)
        gains = (player, "gains", self.state.names[card], None)
        if not self.move(card, source, destination, gains):
            return False
        if source[0] == "supply" and source[1] in self.state.trade_route_tokens:
            # Trade Route: the first gain from a pile with a token moves it to the mat.
            self.state.trade_route_tokens.remove(source[1])
            self.state.trade_route_mat += 1
        return True

    def add_coins(self, amount: int) -> None:
        self.state.turn.coins += amount

    def add_vp_tokens(self, player: int, amount: int) -> None:
        """Victory tokens from the common supply (unlimited, public, scored at the end)."""
        self.player(player).vp_tokens += amount

    # ------------------------------------------------------------------ decisions

    def ask(self, decision: Decision) -> Effect:
        """Ask a decision and return the list of chosen values."""
        answer = yield decision
        return answer

    def choose_cards(
        self,
        player: int,
        source: str,
        candidates: Iterable[int],
        minimum: int,
        maximum: int,
        prompt: str,
        kind: str = "cards",
    ) -> Effect:
        """Pick between ``minimum`` and ``maximum`` of ``candidates``; returns card ids."""
        options = tuple(Choice(card, self.name_of(card)) for card in candidates)
        high = min(maximum, len(options))
        low = min(minimum, high)
        picked = yield from self.ask(Decision(player, kind, source, prompt, options, low, high))
        return picked

    def choose_order(self, player: int, source: str, cards: list[int], prompt: str) -> Effect:
        """Put ``cards`` in an order (first = top); returns them in that order."""
        options = tuple(Choice(card, self.name_of(card)) for card in cards)
        ordered = yield from self.ask(
            Decision(player, "order", source, prompt, options, len(options), len(options))
        )
        return ordered

    def choose_gain(
        self,
        player: int,
        source: str,
        fits: Callable[[Card], bool],
        prompt: str,
        *,
        optional: bool = False,
    ) -> Effect:
        """Pick a non-empty Supply pile whose card ``fits``; returns its name or None."""
        piles = tuple(
            Choice(pile, pile)
            for pile, cards in self.state.supply.items()
            if cards and fits(self.definition_by_name(pile))
        )
        if not piles:
            return None
        minimum = 0 if optional else 1
        picked = yield from self.ask(Decision(player, "gain", source, prompt, piles, minimum, 1))
        return picked[0] if picked else None

    def choose_option(
        self,
        player: int,
        source: str,
        labels: Iterable[str],
        prompt: str,
        minimum: int = 1,
        maximum: int = 1,
    ) -> Effect:
        """Pick labelled options; returns the labels picked, in the order given."""
        options = tuple(Choice(label, label) for label in labels)
        picked = yield from self.ask(
            Decision(player, "option", source, prompt, options, minimum, maximum)
        )
        return picked

    def yes_no(self, player: int, source: str, prompt: str) -> Effect:
        options = (Choice(True, "yes"), Choice(False, "no"))
        picked = yield from self.ask(Decision(player, "yes_no", source, prompt, options, 1, 1))
        return bool(picked[0])

    def name_a_card(self, player: int, source: str, prompt: str) -> Effect:
        options = tuple(Choice(name, name) for name in sorted(catalogue.card_names()))
        picked = yield from self.ask(Decision(player, "name", source, prompt, options, 1, 1))
        return str(picked[0])

    # ------------------------------------------------------------------ playing cards

    def play(self, player: int, card: int, source: str = "hand") -> Effect:
        """Put ``card`` into play from ``source`` and resolve it."""
        if not self.move(
            card,
            (source, player),
            ("in_play", player),
            (player, "plays", self.state.names[card], None),
        ):
            return False
        yield from self._resolve(player, card)
        return True

    def play_again(self, player: int, card: int) -> Effect:
        """Resolve a card once more wherever it now is (Throne Room's second play)."""
        self.log(Event(player, "plays", self.name_of(card)))
        yield from self._resolve(player, card)

    def _resolve(self, player: int, card: int) -> Effect:
        definition = self.definition(card)
        self.state.turn.plays.append(definition.name)
        # "When you play ..." listeners (Merchant's Silver bonus), before the card resolves.
        if self._listeners_of("play", player, card):
            yield from self.fire(Happening("play", player, card))
        context = Context(self, player, card)
        if definition.is_("Attack"):
            happening = Happening("attack", player, card, data={"unaffected": set()})
            yield from self.fire(happening)
            context.unaffected = happening.data["unaffected"]
        self._vanilla_bonuses(player, definition)
        if definition.lasting is not None:
            definition.lasting(context)
        if definition.effect is not None:
            yield from definition.effect(context)

    def _vanilla_bonuses(self, player: int, definition: Card) -> None:
        turn = self.state.turn
        if definition.cards:
            self.draw(player, definition.cards)
        turn.actions += definition.actions
        turn.buys += definition.buys
        turn.coins += definition.coins

    def attacked(self, context: Context) -> list[int]:
        """The other players an Attack affects, in turn order (not those a Moat shields)."""
        return [p for p in self.others(context.player) if p not in context.unaffected]

    def start_lasting(self, context: Context, trigger_index: int) -> None:
        """Set up one of the card's ``where='turn'`` triggers for the rest of the turn."""
        self.state.turn.lasting.append((context.player, context.card, trigger_index))

    def start_lasting_cost(self, context: Context) -> None:
        """Make the card's ``cost_modifier`` apply for the rest of the turn, wherever the
        card goes (2nd-edition Quarry); once per call, so two plays reduce twice."""
        self.state.turn.cost_sources.append(context.card)

    # ------------------------------------------------------------------ triggers

    def _listeners(self, happening: Happening) -> list[tuple[int, int, Trigger]]:
        """Every (owner, card, trigger) that listens to ``happening``, by looking at zones."""
        return self._listeners_of(happening.kind, happening.player, happening.card)

    def _listeners_of(
        self, kind: str, player: int, about: int | None
    ) -> list[tuple[int, int, Trigger]]:
        """``_listeners`` of a happening of ``kind`` to ``player`` about card ``about``.

        The hot paths (play, buy, gain, clean-up, start of turn) call this first and
        build the Happening and fire it only when somebody listens (docs/guides/performance.rst).
        """
        found: list[tuple[int, int, Trigger]] = []
        if about is not None:
            for trigger in self.definition(about).triggers:
                if trigger.where == "self" and trigger.event == kind:
                    found.append((player, about, trigger))
        listening = self._zone_listening.get(kind, _NOBODY)
        names = self.state.names
        for owner in self.turn_order() if listening else ():
            mine = owner == player
            for where in ("hand", "in_play"):
                for card in self.player(owner).zone(where):
                    if names[card] not in listening:
                        continue
                    for trigger in self.definition(card).triggers:
                        if (
                            trigger.where == where
                            and trigger.event == kind
                            and (trigger.who == "any" or (trigger.who == "own") == mine)
                        ):
                            found.append((owner, card, trigger))
        for owner, card, index in self.state.turn.lasting:
            trigger = self.definition(card).triggers[index]
            if trigger.event == kind and (trigger.who == "any" or owner == player):
                found.append((owner, card, trigger))
        return found

    def fire(self, happening: Happening) -> Effect:
        """Resolve every trigger of ``happening``: player by player in turn order, each
        player ordering their own simultaneous triggers and choosing optional ones."""
        listeners = self._listeners(happening)
        if not listeners:
            return
        for owner in self.turn_order():
            mine = [(card, trigger) for who, card, trigger in listeners if who == owner]
            if mine:
                yield from self._resolve_triggers(owner, mine, happening)

    def _still_applies(self, owner: int, card: int, trigger: Trigger, happening: Happening) -> bool:
        if trigger.where in ("hand", "in_play") and card not in self.player(owner).zone(
            trigger.where
        ):
            return False
        return trigger.condition(TriggerContext(self, owner, card, happening))

    def _resolve_triggers(
        self,
        owner: int,
        pending: list[tuple[int, Trigger]],
        happening: Happening,
    ) -> Effect:
        used: list[tuple[int, Trigger]] = []
        while True:
            pending = [(c, t) for c, t in pending if self._still_applies(owner, c, t, happening)]
            if not pending:
                return
            all_optional = all(trigger.optional for _, trigger in pending)
            if len(pending) == 1 and not all_optional:
                chosen = 0
            else:
                options = tuple(Choice(i, self.name_of(c)) for i, (c, _) in enumerate(pending))
                kind = "react" if all_optional else "option"
                decision = Decision(
                    owner,
                    kind,
                    self.name_of(pending[0][0]),
                    f"resolve a {happening.kind} trigger",
                    options,
                    0 if all_optional else 1,
                    1,
                )
                picked = yield from self.ask(decision)
                if not picked:
                    return
                chosen = picked[0]
            card, trigger = pending[chosen]
            used.append((card, trigger))
            if trigger.optional:
                self.log(Event(owner, "reacts with", self.name_of(card)))
            yield from trigger.effect(TriggerContext(self, owner, card, happening))
            pending = self._unused_listeners(owner, happening, used)

    def _unused_listeners(
        self, owner: int, happening: Happening, used: list[tuple[int, Trigger]]
    ) -> list[tuple[int, Trigger]]:
        """The owner's listeners as the zones are now, less those already used on this
        event: a resolved trigger may have brought another (Secret Chamber drawing a Moat);
        a ``repeat`` trigger may be used again while its condition holds (Diplomat)."""
        found = [(c, trigger) for who, c, trigger in self._listeners(happening) if who == owner]
        for entry in used:
            if not entry[1].repeat and entry in found:
                found.remove(entry)
        return found

    # ------------------------------------------------------------------ the turn

    def _loop(self, deal: bool) -> Effect:
        if deal:
            for player in range(self.players):
                self.draw(player, 5)
        while True:
            # Commands that ask nothing never reach this loop (``command`` runs them
            # plainly); those that do may ask questions or fire triggers.
            verb, name, card = yield AWAIT_COMMAND
            if verb != "end":
                yield from self._run_command(verb, name, card)
                continue
            yield from self._clean_up()
            if self._end_of_turn():
                return
            # "At the start of your turn" abilities (Clerk from hand).
            if self._listeners_of("start", self.active, None):
                yield from self.fire(Happening("start", self.active))

    def _run_plainly(self, verb: str, name: str, card: int | None) -> bool:
        """Carry out a command that asks nothing and fires nothing without the game's
        generator (speed only: the same moves, events and checks as the generator path;
        docs/guides/performance.rst); False when it needs the generator.

        The game's generator waits for a command before and after such a command, so
        it need not see it. ``card`` is the card a ``play`` command plays."""
        if verb == "end":
            if name == "action":
                self.state.turn.phase = "buy"
                return True
            return self._end_turn_plainly()
        if verb == "buy":
            return self._buy_plainly(name)
        turn = self.state.turn
        player = turn.player
        if card is None or self.state.names[card] not in self._plain_plays:
            return False
        # Only a trigger set up for the turn can still listen (the rest are excluded).
        if turn.lasting and self._listeners_of("play", player, card):
            return False
        self._start_play(card)
        self.move(
            card,
            ("hand", player),
            ("in_play", player),
            (player, "plays", name, None),
        )
        definition = self._by_id[card]
        turn.plays.append(definition.name)
        self._vanilla_bonuses(player, definition)
        return True

    def _end_turn_plainly(self) -> bool:
        """End the turn without the generator when nobody listens to the clean-up or to
        the start of any turn; False (nothing done) otherwise."""
        player = self.state.turn.player
        if self._turn_end_listened or (
            self.state.turn.lasting and self._listeners_of("cleanup", player, None)
        ):
            return False
        self.state.turn.phase = "cleanup"
        self._clean_up_cards(player)
        if self._end_of_turn():
            # The game's generator waits for a command that will never come: closing it
            # frees the game as soon as it is dropped (its frame refers to the game).
            self._loop_gen.close()
            self._wait_for(None)
        return True

    def _run_command(self, verb: str, name: str, card: int | None) -> Effect:
        player = self.active
        if card is not None:  # a play
            self._start_play(card)
            yield from self.play(player, card)
            return
        yield from self._buy(player, name)

    def _start_play(self, card: int) -> None:
        """What playing a card from hand by command costs: a Treasure ends the Action
        phase; an Action in the Action phase uses an Action."""
        turn, types = self.state.turn, self._by_id[card].types
        if TREASURE in types and not (turn.phase == "action" and ACTION in types):
            turn.phase = "buy"
        elif turn.phase == "action":
            turn.actions -= 1

    def _buy(self, player: int, pile: str) -> Effect:
        card = self._pay_for(player, pile)
        if self._listeners_of("buy", player, card):
            yield from self.fire(Happening("buy", player, card, bought=True))
        yield from self.gain_card(player, card, ("supply", pile), bought=True)

    def _buy_plainly(self, pile: str) -> bool:
        """``_buy`` without the generator when nobody listens to the buy or the gain;
        False (nothing done) otherwise. Paying and a gain from the Supply to the discard
        pile change no hand and nothing in play, where listeners are looked for, so who
        listens to the gain is known before the buy."""
        player = self.state.turn.player
        card = self.state.supply[pile][-1]
        if self._listeners_of("buy", player, card) or self._listeners_of("gain", player, card):
            return False
        self._pay_for(player, pile)
        self._move_gained(player, card, ("supply", pile), "discard")
        return True

    def _pay_for(self, player: int, pile: str) -> int:
        """The buy itself, before its triggers and the gain: the card bought."""
        turn = self.state.turn
        turn.phase = "buy"
        turn.buys -= 1
        turn.coins -= self.cost_of(pile)
        turn.bought = True
        self.log((player, "buys", pile, None))
        return self.state.supply[pile][-1]

    def _clean_up(self) -> Effect:
        player, turn = self.active, self.state.turn
        turn.phase = "cleanup"
        if self._listeners_of("cleanup", player, None):
            yield from self.fire(Happening("cleanup", player))
        self._clean_up_cards(player)

    def _clean_up_cards(self, player: int) -> None:
        """Discard the cards in play and in hand, draw 5: the Clean-up after its triggers."""
        state = self.player(player)
        for zone in ("in_play", "hand"):
            for card in list(state.zone(zone)):
                self.discard(player, card, zone)
        self.draw(player, 5)
        state.turns_taken += 1

    def _end_of_turn(self) -> bool:
        """After the Clean-up: end the game if it is over (True), else pass the turn."""
        counts = list(map(len, self._pile_lists))
        players = len(self.state.players)
        if rules.game_over(counts, self._province, self._colony, players):
            self.state.game_over = True
            self.log(Event(None, "game ends"))
            return True
        self.state.turn = TurnState(player=(self.state.turn.player + 1) % players)
        return False

    # ------------------------------------------------------------------ validation

    def _check_play(self, name: str) -> int:
        """The card in hand that ``play name`` would play; IllegalMove if it may not."""
        turn, names = self.state.turn, self.state.names
        hand, hints = self.state.players[turn.player].hand, self._first_in_hand[turn.player]
        # Start where this name was last found: no card before that is named so (see
        # move), so playing n copies from a long hand costs n steps in all, not n * n.
        for position in range(hints.get(name, 0), len(hand)):
            card = hand[position]
            if names[card] == name:
                hints[name] = position
                break
        else:
            hints[name] = len(hand)
            raise IllegalMove(f"p{turn.player + 1} has no {name} in hand")
        types = self._by_id[card].types
        if ACTION in types and turn.phase == "action":
            if turn.actions < 1:
                raise IllegalMove(f"no Action left to play {name}")
            return card
        if TREASURE in types:
            if turn.bought:
                raise IllegalMove(f"cannot play {name}: Treasures cannot be played after buying")
            return card
        if ACTION in types:
            raise IllegalMove(f"cannot play {name}: Action cards are played in the Action phase")
        raise IllegalMove(f"{name} cannot be played")

    def _check_buy(self, name: str) -> None:
        turn = self.state.turn
        if name not in self.state.supply:
            raise IllegalMove(f"{name} is not in the Supply")
        if not self.state.supply[name]:
            raise IllegalMove(f"the {name} pile is empty")
        if turn.buys < 1:
            raise IllegalMove("no Buy left")
        cost = self.cost_of(name)
        if cost > turn.coins:
            raise IllegalMove(f"{name} costs {cost}, only {turn.coins} coins available")
        reason = self.buy_restriction(name)
        if reason:
            raise IllegalMove(reason)

    def buy_restriction(self, name: str) -> str | None:
        """Why a card may not be bought now beyond cost and Buys (Contraband, Grand Market)."""
        if name in self.state.turn.modifiers.get("banned", ()):
            return f"{name} was named by Contraband this turn"
        restriction = self.definition_by_name(name).buy_restriction
        return restriction(self, self.active) if restriction is not None else None

    # ------------------------------------------------------------------ the driving interface

    @property
    def awaiting_command(self) -> bool:
        return bool(self._pending == AWAIT_COMMAND)

    def command(self, verb: str, arg: str) -> None:
        """``play``/``buy`` a card by name, or ``end`` ``action``/``turn``."""
        card = self._check_command(verb, arg)
        self.inputs.append(("command", [verb, arg]))
        if not self._run_plainly(verb, arg, card):
            self._advance((verb, arg, card))

    def legal_commands(
        self, verbs: Iterable[str] = ("play", "buy", "end")
    ) -> list[tuple[str, str]]:
        """Every command :meth:`command` would accept now, as ``(verb, arg)`` pairs.

        Found by running the engine's own validation on each candidate (every card name
        in the active player's hand, every Supply pile, ending the phase or the turn), so
        it can never disagree with :meth:`command`. Empty while a decision is pending.
        ``verbs`` limits the candidates to some verbs (cheaper when only plays matter).
        """
        wanted = set(verbs)
        candidates: list[tuple[str, str]] = []
        if "play" in wanted:
            hand = dict.fromkeys(self.names_of(self.player(self.active).hand))
            candidates += [("play", name) for name in hand]
        if "buy" in wanted:
            candidates += [("buy", pile) for pile in self.state.supply]
        if "end" in wanted:
            candidates += [("end", "action"), ("end", "turn")]
        legal = []
        for verb, arg in candidates:
            try:
                self._check_command(verb, arg)
            except IllegalMove:
                continue
            legal.append((verb, arg))
        return legal

    def _check_command(self, verb: str, arg: str) -> int | None:
        """IllegalMove unless the command may be given now; the card a play would play."""
        if not isinstance(verb, str) or not isinstance(arg, str):
            raise IllegalMove(f"a command is a verb and a card name or phase, not {verb!r} {arg!r}")
        if self.state.game_over:
            raise IllegalMove("the game is over")
        if self._pending != AWAIT_COMMAND:
            assert isinstance(self._pending, Decision)
            raise IllegalMove(f"answer {self._pending.source}'s question first")
        if verb == "play":
            return self._check_play(arg)
        if verb == "buy":
            self._check_buy(arg)
        elif verb == "end":
            if arg not in ("action", "turn"):
                raise IllegalMove(f"end takes action or turn, not {arg!r}")
            if arg == "action" and self.state.turn.phase != "action":
                raise IllegalMove("the Action phase is already over")
        else:
            raise IllegalMove(f"unknown command {verb!r}")
        return None

    def answer(self, raw: Any) -> None:
        """Answer the pending decision with card names, labels, a bool, or []."""
        decision = self.pending
        if decision is None:
            raise IllegalAnswer("no decision is pending")
        if decision.kind == "order" and raw is not None:
            values = match_answer(decision, raw)
            if len(values) != len(decision.choices):
                raise IllegalAnswer(
                    f"{decision.source}: put all {len(decision.choices)} cards in order"
                )
        else:
            values = match_answer(decision, raw)
        self.inputs.append(("answer", raw))
        self._advance(values)

    def _advance(self, value: Any) -> None:
        try:
            request = self._loop_gen.send(value)
            while isinstance(request, Decision):
                forced = forced_answer(request)
                if forced is None:
                    break
                request = self._loop_gen.send(forced)
        except StopIteration:
            request = None
        self._wait_for(request)

    def _wait_for(self, request: Any) -> None:
        self._pending = request
        self.pending = request if isinstance(request, Decision) else None

    # ------------------------------------------------------------------ scoring

    def score(self, player: int) -> int:
        state = self.player(player)
        owned = [self.definition(card) for card in state.all_cards()]
        total = state.vp_tokens + sum(card.vp for card in owned)
        total += sum(card.vp_counter(owned) for card in owned if card.vp_counter is not None)
        return total

    def winners(self) -> list[int]:
        if not self.state.game_over:
            return []
        scores = [self.score(p) for p in range(self.players)]
        turns = [self.player(p).turns_taken for p in range(self.players)]
        return rules.winners(scores, turns)

    # ------------------------------------------------------------------ replay and JSON

    def snapshot(self) -> dict[str, Any]:
        """The visible state in scenario terms (what the adapters report)."""
        turn = self.state.turn
        return {
            "players": {
                f"p{index + 1}": {
                    "hand": self.names_of(state.hand),
                    "deck": self.names_of(reversed(state.deck)),
                    "discard": self.names_of(state.discard),
                    "in_play": self.names_of(state.in_play),
                    "set_aside": self.names_of(state.set_aside),
                    "revealed": self.names_of(state.revealed),
                    "vp_tokens": state.vp_tokens,
                    "score": self.score(index),
                    "turns_taken": state.turns_taken,
                }
                for index, state in enumerate(self.state.players)
            },
            "supply": {pile: len(cards) for pile, cards in self.state.supply.items()},
            "trash": self.names_of(self.state.trash),
            "trade_route": self.state.trade_route_mat,
            "turn": {
                "player": f"p{turn.player + 1}",
                "phase": turn.phase,
                "actions": turn.actions,
                "buys": turn.buys,
                "coins": turn.coins,
            },
            "game_over": self.state.game_over,
            "winners": [f"p{p + 1}" for p in self.winners()],
        }

    def to_json(self) -> dict[str, Any]:
        """Everything needed to rebuild this game: its setup, its inputs, and a check."""
        return {
            "version": 1,
            "setup": self.setup,
            "inputs": [list(i) for i in self.inputs],
            "snapshot": self.snapshot(),
            "events": self.event_lines(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Game:
        """Rebuild a game by replaying its inputs; refuses data that does not replay."""
        inputs = saved_inputs(data)  # version and shape first: no KeyError, no TypeError
        try:
            game = cls.replay(data["setup"], inputs)
        except (IllegalMove, IllegalAnswer) as refused:
            raise BadPosition(f"the saved game does not replay: {refused}") from None
        if game.snapshot() != data["snapshot"] or game.event_lines() != data["events"]:
            raise BadPosition("the saved game does not replay to the saved state")
        return game

    @classmethod
    def replay(cls, setup: Mapping[str, Any], inputs: Iterable[tuple[str, Any]]) -> Game:
        game = cls(setup)
        for kind, value in inputs:
            if kind == "command":
                game.command(*value)
            else:
                game.answer(value)
        return game

    def clone(self) -> Game:
        return Game.replay(self.setup, self.inputs)


def shuffle_in_place(cards: list[int], rng: random.Random) -> None:
    """``rng.shuffle(cards)``, card for card (the same Fisher-Yates swaps drawing the same
    random bits, so a seed gives the same game), twice as fast: it draws each index with
    ``getrandbits`` inline instead of calling ``Random._randbelow`` per card."""
    getrandbits = rng.getrandbits
    for top in range(len(cards) - 1, 0, -1):
        choices = top + 1
        bits = choices.bit_length()
        pick = getrandbits(bits)
        while pick >= choices:  # rejection sampling: each index equally likely
            pick = getrandbits(bits)
        cards[top], cards[pick] = cards[pick], cards[top]


# rules.pile_size is pure and set-up asks it the same questions game after game.
_pile_size = functools.cache(rules.pile_size)


def _vanilla_play(definition: Card) -> bool:
    """Whether a play of this card is its vanilla bonuses alone, when nobody else listens."""
    return (
        definition.effect is None
        and definition.lasting is None
        and ATTACK not in definition.types
        and not any(t.where == "self" and t.event == "play" for t in definition.triggers)
    )


def _player_index(name: Any, players: int) -> int:
    text = str(name)
    if not (text.startswith("p") and text[1:].isdigit() and 1 <= int(text[1:]) <= players):
        raise BadPosition(f"unknown player {name!r} (players are p1 to p{players})")
    return int(text[1:]) - 1


def random_kingdom(
    rng: random.Random, editions: Mapping[str, int], sets: Iterable[str]
) -> list[str]:
    """Ten distinct kingdom cards from the chosen sets, each in its chosen edition."""
    pool = sorted(
        {
            card.name
            for set_name in sets
            for card in catalogue.kingdom_cards(set_name, editions.get(set_name, 2))
        }
    )
    if len(pool) < 10:
        raise BadPosition(f"only {len(pool)} kingdom cards in the chosen sets")
    return rng.sample(pool, 10)


def _prosperity_share(kingdom: list[str], editions: Mapping[str, int]) -> int:
    """How many of the kingdom cards are from Prosperity (the chance of Colony, in tenths)."""
    return sum(1 for name in kingdom if catalogue.lookup(name, editions).set == "prosperity")
