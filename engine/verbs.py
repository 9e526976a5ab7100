"""The shared verbs: costs, drawing, gaining, trashing, playing and the rest.

Every card effect is written with these (``engine.api.CardAPI`` lists them); each one
moves cards only through the table's move primitive and reports what happened, and the
ones that can set off triggers are effects (``yield from``) that fire them
(``engine.triggers``). :class:`Verbs` is the part of a game cards are given
(``Context.game``): it holds the table and the listeners; the turn holds it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal

from engine import cards as catalogue
from engine import position, rules, triggers
from engine.compiled import mypyc_attr
from engine.context import Context, Happening, Resolving, Would, watched
from engine.costs import Cost, CostLimit
from engine.decisions import Choice, Decision, DecisionKind, Purpose
from engine.errors import BadPosition, UnknownName, require_one_of
from engine.lasting import Lasting
from engine.model import Card, Effect
from engine.state import (
    PUTS_INTO_HAND,
    TRASH,
    TURN_PHASES,
    Event,
    Phase,
    PlayerState,
    PlayerZone,
    Zone,
)
from engine.table import Table
from engine.triggers import Listeners
from engine.vocabulary import EXCHANGES, GAINS_INSTEAD


@mypyc_attr(allow_interpreted_subclasses=True)  # a game's own Verbs (Game.verbs_class)
class Verbs(Lasting):
    """The verbs cards use, on the table and the listeners it holds: the whole card API."""

    def __init__(self, table: Table, listeners: Listeners) -> None:
        super().__init__(table, listeners)
        # Per player, the fixed shuffle orders the setup gives (``pN.shuffles``) still to
        # use (a Verbs of a check's own may take them: ``checks.differential``), and how
        # many it gave (to name one that does not fit).
        self.shuffle_orders = position.shuffle_orders(table.setup, len(self.state.players))
        self._shuffles_given = [len(orders) for orders in self.shuffle_orders]
        # The indexes of the game's cards (cost changes, what follows any gain), held here
        # too: every cost reads them.
        self._indexes = table.indexes

    # ------------------------------------------------------------------ the table's look-ups

    # What ``engine.api.CardAPI`` names of the table, for cards: the table answers.

    @property
    def players(self) -> int:
        return len(self.state.players)

    @property
    def active(self) -> int:
        return self.state.turn.player

    def player(self, index: int) -> PlayerState:
        return self.state.players[index]

    def turn_order(self, start: int | None = None) -> list[int]:
        return self.table.turn_order(start)

    def others(self, player: int) -> list[int]:
        return self.table.others(player)

    def definition(self, card: int) -> Card:
        return self.table.by_id[card]

    def definition_by_name(self, name: str) -> Card:
        return self.table.definition_by_name(name)

    def name_of(self, card: int) -> str:
        return self.state.names[card]

    def pile_of(self, name: str) -> Zone | None:
        return self.table.pile_of(name)

    # ------------------------------------------------------------------ decisions

    # Every question is asked through ``Table.ask`` (a check's own table may record them:
    # ``checks.questions``); never build a Decision in a card.

    def choose_cards(
        self,
        player: int,
        source: str,
        candidates: Iterable[int],
        minimum: int,
        maximum: int,
        prompt: str,
        kind: DecisionKind = "cards",
        *,
        purpose: Purpose,
    ) -> Effect[list[int]]:
        """Pick between ``minimum`` and ``maximum`` of ``candidates``; returns card ids."""
        names = self.state.names
        options = tuple(Choice(card, names[card]) for card in candidates)
        high = min(maximum, len(options))
        low = min(minimum, high)
        picked = yield from self.table.ask(
            Decision(player, kind, source, prompt, options, low, high, purpose)
        )
        return picked

    def choose_order(
        self, player: int, source: str, cards: list[int], prompt: str
    ) -> Effect[list[int]]:
        """Put ``cards`` in an order (first = top); returns them in that order."""
        names = self.state.names
        options = tuple(Choice(card, names[card]) for card in cards)
        ordered = yield from self.table.ask(
            Decision(
                player, "order", source, prompt, options, len(options), len(options), "topdeck"
            )
        )
        return ordered

    def choose_option(
        self,
        player: int,
        source: str,
        labels: Iterable[str],
        prompt: str,
        minimum: int = 1,
        maximum: int = 1,
        *,
        purpose: Purpose = "choose",
    ) -> Effect[list[str]]:
        """Pick labelled options; returns the labels picked, in the order given."""
        options = tuple(Choice(label, label) for label in labels)
        picked = yield from self.table.ask(
            Decision(player, "option", source, prompt, options, minimum, maximum, purpose)
        )
        return picked

    def yes_no(
        self, player: int, source: str, prompt: str, *, purpose: Purpose = "choose"
    ) -> Effect[bool]:
        options = (Choice(True, "yes"), Choice(False, "no"))
        picked = yield from self.table.ask(
            Decision(player, "yes_no", source, prompt, options, 1, 1, purpose)
        )
        return bool(picked[0])

    def choose_amount(
        self, player: int, source: str, least: int, most: int, prompt: str, *, purpose: Purpose
    ) -> Effect[int]:
        """A whole number from ``least`` to ``most`` (an ``amount`` decision: how much to
        overpay, how many tokens to remove); not asked when they are the same."""
        picked = yield from self.table.ask(
            Decision(player, "amount", source, prompt, (), least, max(least, most), purpose)
        )
        return int(picked[0])

    def name_a_card(self, player: int, source: str, prompt: str) -> Effect[str]:
        options = tuple(Choice(name, name) for name in sorted(catalogue.card_names()))
        picked = yield from self.table.ask(
            Decision(player, "name", source, prompt, options, 1, 1, "name")
        )
        return str(picked[0])

    # ------------------------------------------------------------------ costs

    def cost(self, card: Card) -> Cost:
        """The current cost of ``card``: its printed cost, its coin part less every active
        reduction (the Potion and Debt parts are never reduced).

        The reductions are collected here and combined by ``rules.current_cost``, the
        function ``checks.proofs`` proves never negative and never rising with more."""
        turn = self.state.turn
        indexes = self._indexes
        if not (turn.cost_sources or indexes.any_cost_change):
            # Nothing can reduce it: ``rules.current_cost`` of no reductions, the printed
            # cost (never below 0). Most games have no cost change at all.
            return card.cost
        reductions: list[int] = []
        in_play_costs = indexes.in_play_costs
        for source in self.state.players[turn.player].in_play if in_play_costs else ():
            for amount in in_play_costs.get(self.state.names[source], ()):
                reductions.append(amount(self, card))
        turn_costs = indexes.turn_costs
        for source in turn.cost_sources:
            for amount in turn_costs.get(self.state.names[source], ()):
                reductions.append(amount(self, card))
        for amount in indexes.self_costs.get(card.name, ()):
            try:
                reductions.append(amount(self, card))
            except UnknownName as error:  # a typo in this card's code: say which card
                raise error.of_card(card.name) from None
        if not reductions:  # as in the first test: the printed cost
            return card.cost
        reduced: Cost = rules.reduce_cost(card.cost, reductions, Cost)
        return reduced

    def in_phase(self, phase: Phase) -> bool:
        """Whether the turn is in ``phase`` (Peddler); a phase that does not exist is an
        UnknownName, not a silent False."""
        require_one_of("phase", phase, TURN_PHASES)
        return self.state.turn.phase == phase

    def cost_of(self, name: str) -> Cost:
        return self.cost(self.table.definitions.get(name) or self.table.definition_by_name(name))

    # ------------------------------------------------------------------ the deck

    def top_of_deck(self, player: int) -> int | None:
        """The top card of the deck, shuffling the discard pile in if the deck is empty."""
        deck = self.table.player(player).deck
        if not deck:
            self.shuffle(player)
        return deck[-1] if deck else None

    def shuffle(self, player: int) -> None:
        """Shuffle the discard pile to form the deck (only when the deck is empty)."""
        state = self.table.player(player)
        if not state.discard:
            return
        cards = self._shuffled(player, state.discard)
        state.discard.clear()
        state.deck[:0] = cards
        self.table.log((player, "shuffles", None, None))  # a plain record: every reshuffle logs one

    def shuffle_into_deck(self, player: int, cards: Iterable[int], source: PlayerZone) -> int:
        """Shuffle ``cards`` from the player's ``source`` into their deck (Inn: the cards
        and the deck are shuffled together, as one shuffle of the scenario's
        ``pN.shuffles``). Returns how many cards moved; none moved, nothing is shuffled."""
        moved = sum(
            1 for card in cards if self.table.move(card, (source, player), ("deck", player))
        )
        if moved:
            deck = self.table.player(player).deck
            deck[:] = self._shuffled(player, deck)
            self.table.log((player, "shuffles", None, None))
        return moved

    def _shuffled(self, player: int, cards: list[int]) -> list[int]:
        """``cards`` shuffled, bottom first: in the player's next fixed shuffle order if the
        scenario gave one (top first there), else at random from the game's seed."""
        orders = self.shuffle_orders[player]
        order = orders.pop(0) if orders else None
        shuffled = list(cards)
        if order is None:
            shuffle_in_place(shuffled, self.table.rng)
        else:
            shuffled = self._arrange(
                shuffled, order, player, self._shuffles_given[player] - len(orders)
            )
            shuffled.reverse()
        return shuffled

    def _arrange(self, cards: list[int], order: list[str], player: int, number: int) -> list[int]:
        """``cards`` in the ``number``-th fixed shuffle order (counted from 1, as the
        scenario's ``pN.shuffles[number]``)."""
        if Counter(order) != Counter(self.table.names_of(cards)):
            raise BadPosition(
                f"p{player + 1}.shuffles[{number}]: {order} is not a rearrangement of the "
                f"cards shuffled: {sorted(self.table.names_of(cards))}"
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
        deck, names, table = self.state.players[player].deck, self.state.names, self.table
        if table.bulk_moves and count > 1:
            # What the deck holds in one step; a shuffle, if one is needed, after it.
            drawn = table.move_top(player, min(count, len(deck)), "deck", "hand", "draws")
            if len(drawn) == count or self.top_of_deck(player) is None:
                return drawn
            return drawn + self.draw(player, count - len(drawn))
        drawn = []
        source: Zone = ("deck", player)
        destination: Zone = ("hand", player)
        for _ in range(count):
            card = deck[-1] if deck else self.top_of_deck(player)
            if card is None:
                break
            table.move(card, source, destination, (player, "draws", names[card], None))
            drawn.append(card)
        return drawn

    def reveal_top(self, player: int, verb: str = "reveals") -> int | None:
        """Take the top card of the deck into the revealed (or looked-at) area."""
        card = self.top_of_deck(player)
        if card is None:
            return None
        event = Event(player, verb, self.table.name_of(card)) if verb else None
        self.table.move(card, ("deck", player), ("revealed", player), event)
        return card

    # ------------------------------------------------------------------ moving cards

    def reveal(self, player: int, cards: Iterable[int]) -> None:
        """Reveal cards where they are (from hand, say): only the event is logged."""
        for card in cards:
            self.table.log(Event(player, "reveals", self.table.name_of(card)))

    def discard(self, player: int, card: int, source: PlayerZone = "hand") -> Effect[bool]:
        """Discard ``card`` from the player's ``source``; yields to the when-discard
        triggers (a card's own, from where it was discarded). Whether it moved."""
        discarded = yield from self.discard_cards(player, [card], source)
        return bool(discarded)

    def discard_cards(
        self, player: int, cards: Iterable[int], source: PlayerZone = "hand"
    ) -> Effect[list[int]]:
        """Discard ``cards`` by one instruction, in order: every card first, then their
        when-discard triggers, which their owner orders (rulings ``rules/when-discard/2``).
        Returns the cards that moved (a card no longer in ``source`` stays where it is)."""
        names, moved = self.state.names, []
        for card in cards:
            if self.table.move(
                card, (source, player), ("discard", player), (player, "discards", names[card], None)
            ):
                moved.append(card)
        if "discard" in self.listeners.events_heard:
            yield from self.discarded(player, moved, source)
        return moved

    def discarded(self, player: int, cards: list[int], source: str) -> Effect[None]:
        """The when-discard triggers of cards ``player`` discarded from ``source`` together
        (``happening.data``: ``from`` the zone kind, ``cleanup`` whether in the Clean-up)."""
        cleanup, together = self.state.turn.phase == "cleanup", tuple(cards)
        data = {"from": source, "cleanup": cleanup, "together": together}
        happenings = [
            Happening("discard", player, card, data=dict(data))
            for card in cards
            if triggers.anyone_listens(self, "discard", player, card)
        ]
        if happenings:
            yield from triggers.fire_all(self, happenings)

    def topdeck(self, player: int, card: int, source: PlayerZone = "hand") -> bool:
        return self.table.move(
            card,
            (source, player),
            ("deck", player),
            Event(player, "topdecks", self.table.name_of(card)),
        )

    def set_aside(self, player: int, card: int, source: PlayerZone = "hand") -> bool:
        return self.table.move(
            card,
            (source, player),
            ("set_aside", player),
            Event(player, "sets aside", self.table.name_of(card)),
        )

    def put_into_hand(self, player: int, card: int, source: Zone) -> bool:
        """Put a card into the hand without drawing or gaining it (Haven's set-aside card,
        the Native Village mat)."""
        event = (player, PUTS_INTO_HAND, self.state.names[card], None)
        return self.table.move(card, source, ("hand", player), event)

    def put_held_into_hand(self, player: int, holder: int) -> bool:
        """Put the first card held with ``holder`` into the hand; False when none is left."""
        state = self.table.player(player)
        for entry in state.held:
            if entry[1] == holder:
                state.held.remove(entry)
                return self.put_into_hand(player, entry[0], ("set_aside", player))
        return False

    def put(
        self, player: int, card: int, source: Zone, destination: PlayerZone, *, depth: int = 0
    ) -> bool:
        """Move a card without a named verb (revealed cards going back, say); ``depth``
        puts it under that many cards (of the deck, say)."""
        return self.table.move(card, source, (destination, player), depth=depth)

    def trash(self, player: int, card: int, source: Zone) -> Effect[bool]:
        """Trash ``card`` from ``source``; yields to the when-trash triggers. A replacement
        may send it elsewhere, where it still counts as trashed (Possession's set-aside
        cards), or cancel it."""
        destination: Zone = TRASH
        if "would_trash" in self.listeners.events_heard:
            would = Would("trash", player, card, source, destination)
            yield from triggers.replace(self, would)
            if would.cancelled:
                return False
            destination = would.destination
        moved = self.table.move(
            card, source, destination, Event(player, "trashes", self.table.name_of(card))
        )
        if moved:
            yield from triggers.fire(self, Happening("trash", player, card))
        return moved

    def pass_card(self, giver: int, card: int, receiver: int) -> bool:
        """Give a card from hand to another player's hand: neither trashing nor gaining."""
        return self.table.move(
            card,
            ("hand", giver),
            ("hand", receiver),
            Event(giver, "passes", self.table.name_of(card), target=receiver),
        )

    def return_to_supply(self, player: int, card: int, source: Zone) -> bool:
        """Return a card to its Supply pile (Ambassador); False when it has none (a Prize's
        pile is not in the Supply)."""
        pile = self.table.pile_of(self.table.name_of(card))
        if pile is None or pile[0] != "supply":
            return False
        return self.table.move(
            card, source, pile, Event(player, "returns", self.table.name_of(card))
        )

    def exchange(self, player: int, card: int, source: Zone, pile: str) -> int | None:
        """Exchange ``card`` (in ``source``) for the top card of ``pile``: ``card`` goes back
        to its own pile and that card takes its place; neither is gained nor trashed
        (second-edition Trader; Travellers). Returns the card taken, or None when nothing
        happened: ``card`` is not in ``source`` (Stop-Moving), has no pile, or ``pile`` is
        empty."""
        home = self.table.pile_of(self.table.name_of(card))
        target: Zone = ("supply", pile) if pile in self.state.supply else ("pile", pile)
        cards = self.state.supply.get(pile) or self.state.piles.get(pile)
        if home is None or not cards:
            return None
        taken = cards[-1]
        names = self.state.names
        event = (player, EXCHANGES + names[taken], names[card], None)
        if not self.table.move(card, source, home, event):
            return None
        self.table.move(taken, target, source)
        return taken

    # ------------------------------------------------------------------ gaining

    def choose_gain(
        self,
        player: int,
        source: str,
        limit: CostLimit | None,
        prompt: str,
        *,
        fits: Callable[[Card], bool] | None = None,
        optional: bool = False,
        empty_too: bool = False,
        outside: Iterable[str] = (),
    ) -> Effect[str | None]:
        """Pick a non-empty Supply pile whose card passes the cost test ``limit`` (None: any
        cost) and ``fits`` (None: any card); returns its name or None. ``empty_too``: an
        empty pile may be picked as well (a card that names the card before it gains it,
        Smugglers: picking an empty pile gains nothing), and so may the cards named in
        ``outside`` that have no Supply pile (a Prize the player on the right gained):
        picked, they gain nothing either. The game's watcher, if any, is told of the pile
        picked and the limit it was picked under."""
        supply = self.state.supply
        piles = tuple(
            Choice(pile, pile)
            for pile, cards in supply.items()
            if (cards or empty_too)
            and self._offered(self.table.definition_by_name(pile), limit, fits)
        ) + tuple(
            Choice(name, name)
            for name in sorted(set(outside) - supply.keys())
            if empty_too and self._offered(self.table.definition_by_name(name), limit, fits)
        )
        if not piles:
            return None
        minimum = 0 if optional else 1
        picked = yield from self.table.ask(
            Decision(player, "gain", source, prompt, piles, minimum, 1, "gain")
        )
        if not picked:
            return None
        if self.table.watcher is not None:
            self.table.watcher.gain_chosen(picked[0], limit)
        pile: str = picked[0]
        return pile

    def _offered(
        self, card: Card, limit: CostLimit | None, fits: Callable[[Card], bool] | None
    ) -> bool:
        """Whether a gain under the cost test ``limit`` and the filter ``fits`` offers
        ``card``."""
        if fits is not None and not fits(card):
            return False
        if limit is None:
            return True
        if limit.exactly:
            return bool(rules.costs_same(self.cost(card), limit.cost))
        if limit.less:
            return bool(rules.costs_less(self.cost(card), limit.cost))
        return bool(rules.cost_at_most(self.cost(card), limit.cost))

    def gain(
        self,
        player: int,
        pile: str,
        to: PlayerZone | None = None,
        *,
        bought: bool = False,
        besides: int | None = None,
        instead_of: int | None = None,
    ) -> Effect[int | None]:
        """Gain the top card of a Supply pile; returns the card, or None if none was gained.

        ``to``: where the instruction puts it (None: it names no place, the discard pile
        unless a replacement says otherwise). ``besides`` is a card of the pile that must
        stay there (the card being bought, still on its pile while "when you buy"
        abilities such as Talisman's resolve). ``instead_of``: the card whose gain a
        replacement cancelled to make this one (1st-edition Trader's Silver), which the
        log line names: ``p1 gains Silver instead of Province``.
        """
        # The top card, or the next one when the top is ``besides``: never a copy of the
        # pile (a gain per card of a 50,000-card pile made it quadratic).
        card = next(
            (card for card in reversed(self.state.supply.get(pile, [])) if card != besides), None
        )
        if card is None:
            return None
        gained = yield from self.gain_card(
            player, card, ("supply", pile), to, bought=bought, instead_of=instead_of
        )
        return gained

    def gain_from_pile(
        self, player: int, pile: str, name: str, to: PlayerZone | None = None
    ) -> Effect[int | None]:
        """Gain a card named ``name`` from ``pile``, a pile outside the Supply that the
        card's instruction names (Tournament's Prizes, Joust's Rewards); None when the pile
        has none."""
        cards = self.state.piles.get(pile, [])
        names = self.state.names
        card = next((card for card in reversed(cards) if names[card] == name), None)
        if card is None:
            return None
        gained = yield from self.gain_card(player, card, ("pile", pile), to)
        return gained

    def gain_card(
        self,
        player: int,
        card: int,
        source: Zone,
        to: PlayerZone | None = None,
        *,
        bought: bool = False,
        data: Mapping[str, Any] | None = None,
        instead_of: int | None = None,
    ) -> Effect[int | None]:
        """Gain a particular card (from a pile or the trash) to ``to`` (None: the discard
        pile, unless a replacement sends it elsewhere). Replacement abilities apply first:
        a gain they cancel or give to another player is not this player's (the Blue dog
        rule: no when-gain ability of it, no "if you gained it"). Returns the card if this
        gain happened, else None. ``data`` goes to the gain's happening (a buy's overpay,
        ``happening.data["overpaid"]``); ``instead_of``: see ``gain``."""
        destination: Zone = ("discard" if to is None else to, player)
        if "would_gain" in self.listeners.events_heard:
            would = Would("gain", player, card, source, destination, to is not None, bought)
            yield from triggers.replace(self, would)
            if would.cancelled:
                return None
            player, destination = would.player, would.destination
        if not self.move_gained(player, card, source, destination, bought, instead_of):
            return None
        if triggers.anyone_listens(self, "gain", player, card):
            told = {**data, "to": destination[0]} if data else {"to": destination[0]}
            yield from triggers.fire(self, Happening("gain", player, card, bought, told))
        return card

    def move_gained(
        self,
        player: int,
        card: int,
        source: Zone,
        destination: Zone,
        bought: bool,
        instead_of: int | None = None,
    ) -> bool:
        """A gain's move, before its triggers; whether the card moved. The active player's
        gains are recorded for the turn (Treasury, Smugglers)."""
        names = self.state.names
        verb = "gains" if instead_of is None else GAINS_INSTEAD + names[instead_of]
        gains = (player, verb, names[card], None)
        if not self.table.move(card, source, destination, gains):
            return False
        turn = self.state.turn
        if player == turn.player:
            turn.gains.append((gains[2], bought, turn.phase))
        for hook in self._indexes.after_any_gain:  # Kingdom cards' (Trade Route's tokens)
            hook(self, card, source)
        return True

    # ------------------------------------------------------------------ counters

    def bonus(
        self,
        player: int,
        cards: int = 0,
        actions: int = 0,
        buys: int = 0,
        coins: int = 0,
        potions: int = 0,
    ) -> None:
        """+Cards, +Actions, +Buys, +coins and Potions: ``player`` draws the cards; the rest
        go to the turn, if it is ``player``'s: a card played or gained on another player's
        turn (Guard Dog, Trail, Nomads) gives its owner nothing to spend then, and the
        player whose turn it is nothing either. What vanilla bonuses and every card's "+1
        Action" and the like are paid with."""
        if cards:
            self.draw(player, cards)
        turn = self.state.turn
        if player != turn.player:
            return
        turn.actions += actions
        turn.buys += buys
        turn.coins += coins
        if potions:
            turn.potions += potions

    # ------------------------------------------------------------------ playing cards

    def play(
        self,
        player: int,
        card: int,
        source: PlayerZone | Literal["trash"] = "hand",
        *,
        by: int | None = None,
    ) -> Effect[bool]:
        """Put ``card`` into play from the player's ``source`` (or from the trash: Trail)
        and resolve it; ``by`` is the card whose effect plays it (Throne Room), if any."""
        if not self.table.move(
            card,
            ("trash", None) if source == "trash" else (source, player),
            ("in_play", player),
            (player, "plays", self.state.names[card], None),
        ):
            return False
        yield from self._resolve(player, card, by)
        return True

    def play_again(self, player: int, card: int, *, by: int | None = None) -> Effect[None]:
        """Resolve a card once more wherever it now is (Throne Room's second play)."""
        self.table.log(Event(player, "plays", self.table.name_of(card)))
        yield from self._resolve(player, card, by)

    def _resolve(self, player: int, card: int, by: int | None = None) -> Effect[None]:
        """Resolve a play of ``card`` (seen by the game's watcher, if it has one)."""
        effect = self._resolve_play(player, card, by)
        if self.table.watcher is None:
            return effect
        return watched(self.table.watcher, Resolving(player, card, by), effect)

    def _resolve_play(self, player: int, card: int, by: int | None) -> Effect[None]:
        definition = self.table.definition(card)
        if player == self.state.turn.player:  # a Pirate played on another's turn is not theirs
            self.state.turn.plays.append(definition.name)
        # "When you play ..." listeners (Merchant's Silver bonus), before the card resolves.
        if triggers.anyone_listens(self, "play", player, card):
            yield from triggers.fire(self, Happening("play", player, card))
        context = Context(self, player, card, played_by=by)
        if definition.is_("Attack"):
            happening = Happening("attack", player, card, data={"unaffected": set()})
            yield from triggers.fire(self, happening)
            context.unaffected = happening.data["unaffected"]
        self.bonus(
            player,
            definition.cards,
            definition.actions,
            definition.buys,
            definition.coins,
            definition.potions,
        )
        try:
            if definition.lasting is not None:
                definition.lasting(context)
            if definition.effect is not None:
                yield from definition.effect(context)
        except UnknownName as error:  # a typo in this card's code: say which card
            raise error.of_card(definition.name) from None


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
