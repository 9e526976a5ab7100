"""Every card's declared targets against what its instructions do, while the engine runs.

A card definition's ``targets`` (``engine/targets.py``) says what its instructions reach:
what it gains (types, names, cost limit, where to, for whom, from the trash), where it
trashes from, which cards it plays (types, from where, how many times), and which bought
or gained cards its abilities watch and whether they move them. The interaction graph
derives its edges from them and the engine never reads them, so nothing else would notice
a wrong one. :class:`DeclarationCheck` watches a game (``engine.context.Watcher``) and
records a *problem* each time a card's instructions do something its declarations do not
cover: a Workshop declared to gain cards costing up to 3 that gains a Silver, a Thief that
gains from the trash with a gain not declared ``from_trash``, a Throne Room declared to
play three times, a Tiara that puts the card it watched onto the deck with no watch
declared ``moves``. A gain's cost limit is compared with the limit the card's pile was
picked under (``CardAPI.choose_gain`` tells the watcher its ``CostLimit``): a fixed limit
must be the declared ``max_cost`` exactly (a Workshop declared up to 5 fails, though
everything it gains costs at most 5), a limit worked out from another card's cost must be
declared ``relative`` (Remodel), and a gain with no pile picked under a limit declares
none, unless a watching ability makes it (Talisman's copy: the limit of its watch).
The reference adapter runs every scenario with it (``scenarios/adapters/reference.py``),
so a wrong declaration fails the scenarios that exercise the card, and
``tests/test_declarations.py`` checks that every declaration is exercised by some
scenario and every cost limit reached.

A card is trashed from where it is (the cards Lookout looks at are still the deck's) and
played from where it was when the instructions first moved it: the Action that Vassal
discards from the deck and then plays is played from the deck.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine import rules
from engine.context import Resolving
from engine.costs import Cost
from engine.model import Card, CostLimit
from engine.state import EventRecord, Zone
from engine.targets import DECK, DISCARD, GAINED, HAND, SETUP, TOKEN, Gain, Plays, Watch
from engine.verbs import Verbs
from engine.vocabulary import is_gain

# A triggered ability whose instructions belong to the card's play: the later part of a
# Duration card ("at the start of your next turn") is declared with the play's.
_PART_OF_THE_PLAY = "next_turn"


# How long a watching ability may last (``Watch.lasts``), by where its trigger listens
# when the words differ: a game-long trigger is an Embargo token's, or the card's own from
# the start of the game (Duchess: "in games using this").
_LASTS = {"game": (TOKEN, SETUP)}


class DeclarationError(Exception):
    """A card did something its declared targets do not cover (a wrong declaration)."""


@dataclass
class _Open:
    """Instructions being resolved: what moved them, and what they have done so far."""

    what: Resolving
    definition: Card
    origins: dict[int, Zone] = field(default_factory=dict)
    # Card -> how many times these instructions played it (a dict: one per resolving, and a
    # Counter is built by Python code).
    plays: dict[int, int] = field(default_factory=dict)
    # The declared watches an ability on buying or gaining fired under.
    watches: tuple[Watch, ...] = ()
    # The Supply pile last picked to gain from, and the cost limit it was picked under,
    # until a card of that name is gained.
    chosen: tuple[str, CostLimit | None] | None = None

    @property
    def is_play(self) -> bool:
        trigger = self.what.trigger
        if self.what.replacement is not None:  # a replacement's gain is a reaction's
            return False
        return trigger is None or trigger.where == _PART_OF_THE_PLAY


@dataclass(frozen=True)
class Exercised:
    """A declaration that some instructions were seen to follow: the card's name, the
    kind (``gain``, ``trash``, ``play``, ``watch``) and which declaration of that kind."""

    card: str
    kind: str
    declared: object


@dataclass
class Followed:
    """The declarations followed over many games (a run of the suite), and for those
    with a cost limit the highest current cost of a card gained or watched under them: a
    limit no scenario reaches could be too high."""

    exercised: set[Exercised] = field(default_factory=set)
    highest: dict[Exercised, int] = field(default_factory=dict)
    # The gains relative to another card that gained a card costing exactly the limit.
    at_relative_limit: set[Exercised] = field(default_factory=set)

    def add(self, followed: Exercised, cost: Cost | None = None) -> None:
        self.exercised.add(followed)
        if cost is not None:  # declared limits are in coins (Gain.max_cost, Watch.max_cost)
            coins = cost.coins
            self.highest[followed] = max(coins, self.highest.get(followed, coins))


class DeclarationCheck:
    """A :class:`engine.context.Watcher` that compares what each card's instructions do
    with its declared targets; ``problems`` lists the differences, ``followed`` the
    declarations that were followed (shared by the games of a run, if given)."""

    def __init__(self, game: Verbs, followed: Followed | None = None) -> None:
        self.game = game
        self.open: list[_Open] = []
        self.problems: list[str] = []
        self.followed = Followed() if followed is None else followed
        # Card -> where its gain's instructions sent it, when a replacement sent it
        # elsewhere (``replaced``), until it moves.
        self.instructed: dict[int, Zone] = {}

    # --- the watcher ------------------------------------------------------------------

    def resolving(self, what: Resolving) -> None:
        if what.trigger is None and what.replacement is None and self.open:
            # a play within instructions: theirs
            plays = self.open[-1].plays
            plays[what.card] = plays.get(what.card, 0) + 1
        definition = self.game.definition(what.card)
        watches: tuple[Watch, ...] = ()
        if _listens_to(what) in ("buy", "gain"):
            watches = self._watch(what, definition)
        self.open.append(_Open(what, definition, watches=watches))

    def resolved(self, what: Resolving) -> None:
        frame = self.open.pop()
        if frame.what is not what:  # the engine's nesting is broken: say so, loudly
            raise DeclarationError(f"{self._name(what.card)} ended while another resolved")
        plays = frame.definition.targets.plays
        if what.trigger is None and plays is not None:
            for card, times in frame.plays.items():
                if times != plays.times:
                    self._problem(
                        frame, f"played {self._name(card)} {times} time(s)", f"{plays.times}"
                    )

    def moved(self, card: int, source: Zone, destination: Zone, event: EventRecord | None) -> None:
        if not self.open:
            return
        frame = self.open[-1]
        verb = event[1] if event is not None else ""
        if verb == "draws":
            # A drawn card is in hand like any other: a later play of it is from the hand
            # (Shop plays the card it drew), not from the deck it was drawn from.
            frame.origins[card] = destination
        origin = frame.origins.setdefault(card, source)
        # A draw takes the top of the deck, whatever it is: drawing the card watched (a Curse
        # shuffled in, then drawn by Footpad's rule) is no move of it by the instructions.
        incidental = is_gain(verb) or verb == "draws"
        if not incidental and self._moves_the_gained_card(frame, card, declared=False):
            did = f"moved the card it watched ({self._name(card)})"
            self._problem(frame, did, "no Watch(moves=True)")
        if is_gain(verb):
            self._gain(frame, card, source, destination)
        elif verb == "trashes":
            self._trash(frame, card, source)
        elif verb == "plays":
            self._play(frame, card, origin)

    def gain_chosen(self, pile: str, limit: CostLimit | None) -> None:
        if self.open:
            self.open[-1].chosen = (pile, limit)

    def replaced(self, card: int, player: int, destination: Zone) -> None:
        # The instructions are judged by where they sent the card, not where a replacement
        # (Possession's) then sent it.
        self.instructed[card] = destination

    # --- the comparisons --------------------------------------------------------------

    def _gain(self, frame: _Open, card: int, source: Zone, destination: Zone) -> None:
        gained = self.game.definition(card)
        cost = self.game.cost(gained)
        when = "play" if frame.is_play else "watch" if _watches(frame) else "reaction"
        destination = self.instructed.pop(card, destination)
        receiver = "self" if destination[1] == frame.what.player else "others"
        # A game-long ability (an Embargo token) belongs to no player: whoever it gives a
        # card to is the player whose event it is, so the receiver is not compared.
        anyone = frame.what.trigger is not None and frame.what.trigger.where == "game"
        to = destination[0]
        from_trash = source[0] == "trash"
        chosen, frame.chosen = frame.chosen, None  # a pick is for the next gain only
        picked = chosen is not None and chosen[0] == gained.name
        limit = chosen[1] if picked and chosen is not None else None
        limits = _declared_limits(limit, picked, frame.watches)

        # A card with a place of its own (Nomad Camp, gained onto the deck) lands there when
        # the instructions name none: a gain declared to the discard pile covers it.
        own_place = any(r.event == "gain" and r.where == "self" for r in gained.replacements)

        def covers(gain: Gain) -> bool:
            return (
                gain.when == when
                and (not gain.types or bool(gain.types & gained.types))
                and (not gain.names or gained.name in gain.names)
                and _within(cost, gain.max_cost)
                and (_as_limit(gain.max_cost), gain.relative) in limits
                and (gain.to == to or (gain.to == DISCARD and own_place))
                and (anyone or gain.receiver == receiver)
                and gain.from_trash == from_trash
            )

        found = [gain for gain in frame.definition.targets.gains if covers(gain)]
        if not found:
            where = "from the trash" if from_trash else "from the Supply"
            did = (
                f"gained {gained.name} (cost {cost}) {where} to {receiver}'s {to} on its "
                f"{when}, {self._limit_words(limit, picked)}"
            )
            self._problem(frame, did, repr(frame.definition.targets.gains))
        for gain in found:
            key = Exercised(frame.definition.name, "gain", gain)
            self.followed.add(key, cost)
            if limit is not None and limit.relative_to is not None and _at_the_limit(cost, limit):
                self.followed.at_relative_limit.add(key)

    def _trash(self, frame: _Open, card: int, source: Zone) -> None:
        place = self._place(frame, card, source)
        targets = frame.definition.targets
        if not frame.is_play and self._moves_the_gained_card(frame, card, declared=True):
            return
        # Only an ability on buying or gaining trashes by ``trashes_when_gained`` (Mint);
        # the play and what it sets up (Corsair's lasting Attack) by ``trashes``.
        allowed = targets.trashes_when_gained if _watches(frame) else targets.trashes
        if place not in allowed:
            did = f"trashed {self._name(card)} from {place}"
            self._problem(frame, did, f"trashes={sorted(allowed)}")
        else:
            self.followed.add(Exercised(frame.definition.name, "trash", place))

    def _play(self, frame: _Open, card: int, origin: Zone) -> None:
        plays = frame.definition.targets.plays
        if card == frame.what.card:  # a card that plays itself (Clerk) declares no Plays
            return
        played = self.game.definition(card)
        happening = frame.what.happening
        if happening is not None and happening.kind == "gain" and happening.card == card:
            source = GAINED  # Sailor plays the card just gained, wherever it went
        else:
            source = {"revealed": DECK, "deck": DECK, "hand": HAND, "discard": DISCARD}.get(
                origin[0], origin[0]
            )
        if plays is None or not _plays_covers(plays, played, source):
            did = f"played {played.name} from {source}"
            self._problem(frame, did, repr(plays))
        else:
            self.followed.add(Exercised(frame.definition.name, "play", plays))

    def _watch(self, what: Resolving, definition: Card) -> tuple[Watch, ...]:
        """The declared watches that cover a triggered or replacement ability firing on a
        buy or a gain (a replacement on the gain that would happen: 1st-edition Trader)."""
        happening, event = what.happening, _listens_to(what)
        ability = what.trigger or what.replacement
        assert ability is not None and happening is not None and happening.card is not None
        where = ability.where
        seen = self.game.definition(happening.card)
        cost = self.game.cost(seen)
        own_turn = self.game.state.turn.player == what.player

        def covers(watch: Watch) -> bool:
            return (
                watch.event == event
                and watch.lasts in _LASTS.get(where, (where,))
                and (not watch.types or bool(watch.types & seen.types))
                and not watch.excluded & seen.types
                and _within(cost, watch.max_cost)
                and (happening.bought or not watch.bought_only)
                and (own_turn or watch.turns == "any")
            )

        found = [watch for watch in definition.targets.watches if covers(watch)]
        if not found:
            did = (
                f"its {event} ability ({where}) fired on {seen.name} (cost "
                f"{cost}{', bought' if happening.bought else ''})"
            )
            self.problems.append(_message(definition.name, did, repr(definition.targets.watches)))
        for watch in found:
            self.followed.add(Exercised(definition.name, "watch", watch), cost)
        return tuple(found)

    # --- helpers ----------------------------------------------------------------------

    def _place(self, frame: _Open, card: int, source: Zone) -> str:
        """Where a trashed card was, in the words of ``Targets.trashes``."""
        kind, owner = source
        if card == frame.what.card and kind == "in_play":
            return "self"
        if kind == "supply":
            return "supply"
        if owner != frame.what.player:
            return "others"
        return {"revealed": "deck"}.get(kind, kind)

    def _moves_the_gained_card(self, frame: _Open, card: int, *, declared: bool) -> bool:
        """Whether ``card`` is the card a watching ability fired on and the ability is
        declared to move it (``declared``: Watchtower's trash, ``Watch(moves=True)``) or
        not (``declared=False``: a Tiara declared not to move the card it puts onto the
        deck, which the interaction graph would miss)."""
        happening = frame.what.happening
        if not _watches(frame) or happening is None or happening.card != card:
            return False
        return any(watch.moves for watch in frame.definition.targets.watches) == declared

    def _name(self, card: int) -> str:
        return self.game.name_of(card)

    def _limit_words(self, limit: CostLimit | None, picked: bool) -> str:
        if not picked:
            return "picked by no choice of a pile"
        if limit is None:
            return "picked with no cost limit"
        words = f"picked costing {limit.words} {limit.cost}"
        if limit.relative_to is None:
            return f"{words} (a fixed limit)"
        relative_to = ", ".join(self._name(card) for card in limit.relative_to) or "no card"
        return f"{words} (relative to {relative_to})"

    def _problem(self, frame: _Open, did: str, declared: str) -> None:
        self.problems.append(_message(frame.definition.name, did, declared))


def _within(cost: Cost, max_cost: int | None) -> bool:
    """Whether a card costing ``cost`` is within a declared limit in coins (None: any),
    by the rules' comparison (a Potion cost is within no coins-only limit)."""
    return max_cost is None or bool(rules.cost_at_most(cost, Cost(max_cost)))


def _as_limit(max_cost: int | None) -> Cost | None:
    return None if max_cost is None else Cost(max_cost)


def _declared_limits(
    limit: CostLimit | None, picked: bool, watches: tuple[Watch, ...]
) -> set[tuple[Cost | None, bool]]:
    """The declarations (``Gain.max_cost``, ``Gain.relative``) that agree with the cost
    limit a gained card was picked under: its fixed limit, or relative to another card,
    or none. A gain no pile was picked for has no limit of its own, except the gain of a
    watching ability, whose limit is that of the watch that fired (Talisman's copy of a
    card costing up to 4: the watch's limit is checked on each card it fires on)."""
    if picked and limit is not None:
        return {(None, True)} if limit.relative_to is not None else {(limit.cost, False)}
    if not picked and watches:
        return {(_as_limit(watch.max_cost), False) for watch in watches}
    return {(None, False)}


def _at_the_limit(cost: Cost, limit: CostLimit) -> bool:
    """Whether a card of ``cost`` is as costly as ``limit`` allows: the limit's cost, or for
    "less than" a cost one coin below it."""
    return cost == (limit.cost - 1 if limit.less else limit.cost)


def _listens_to(what: Resolving) -> str | None:
    """The event a triggered or replacement ability resolving listens to (None: a play)."""
    ability = what.trigger or what.replacement
    return None if ability is None else ability.event


def _watches(frame: _Open) -> bool:
    return _listens_to(frame.what) in ("buy", "gain")


def _plays_covers(plays: Plays, played: Card, source: str) -> bool:
    return plays.covers(played.types) and plays.source == source


def _message(card: str, did: str, declared: str) -> str:
    return (
        f"{card} {did}, which its declared targets do not cover (declared: {declared}; "
        "engine/targets.py, scenarios/declarations.py)"
    )


def unfollowed(cards: Iterable[Card], followed: Followed) -> list[str]:
    """The declarations of ``cards`` that no game of a run followed, and the cost limits
    it never reached (a fixed limit by the cost of a card gained or watched, a limit
    relative to another card by a card gained costing exactly the limit worked out):
    each is either untested or wrong. Trade Route's watch of Victory
    gains is left out: its token moves in the engine's gain hook, which no triggered
    ability resolves, so no watcher sees it (``scenarios/prosperity/trade-route`` test it)."""
    missing = []
    for card in cards:
        targets = card.targets
        declared: list[tuple[str, object]] = [("gain", gain) for gain in targets.gains]
        declared += [("trash", place) for place in targets.trashes | targets.trashes_when_gained]
        declared += [("play", targets.plays)] if targets.plays is not None else []
        declared += [("watch", watch) for watch in targets.watches if watch.lasts != SETUP]
        for kind, what in declared:
            key = Exercised(card.name, kind, what)
            limit = getattr(what, "max_cost", None)
            if key not in followed.exercised:
                missing.append(f"{card.name}: no scenario follows its {kind} {what!r}")
            elif limit is not None and followed.highest.get(key) != limit:
                missing.append(
                    f"{card.name}: its {kind} limit {limit} is never reached (at most "
                    f"{followed.highest.get(key)}): {what!r}"
                )
            elif getattr(what, "relative", False) and key not in followed.at_relative_limit:
                missing.append(
                    f"{card.name}: no scenario gains a card costing its relative limit: {what!r}"
                )
    return missing
