"""The one validation of a setup: what ``Game(setup)``, the scenario loader and
``arbiter wire``'s ``load`` accept.

A setup is the mapping ``Game`` documents (``players``, ``kingdom``, ``colony``, ``supply``,
``trash``, ``turn``, ``turns_taken``, ``trade_route``, ``editions``, ``seed``, ``deal`` and
``p1`` .. ``pN``). :func:`check_setup` raises :class:`~engine.errors.BadPosition` for the
first bad value, naming its key (``supply.Copper``) and the value; a setup it accepts can
be built, and the sizes below keep building and playing it within seconds and a few
hundred MB. ``turn.phase`` may be ``start`` (a turn about to start: nothing in play
yet); ``pN.in_play`` and ``pN.durations`` entries are card names or ``{card, by}``,
``by`` a card that plays that card more than once, and ``durations`` hold only cards
that set something up for a later turn. The limits, all documented in
``docs/guides/writing-scenarios.rst``:

- ``players``: 2 to :data:`MAX_PLAYERS`.
- ``kingdom``: at most :data:`MAX_KINGDOM` distinct Kingdom cards.
- Cards: at most :data:`MAX_CARDS` in the whole setup (every Supply pile, as given or by
  its default size, every player's zones and the trash), and at most as many names in
  all shuffle orders together.
- Counts (``actions``, ``buys``, ``coins``, ``vp_tokens``, ``turns_taken``, the Trade
  Route mat): whole numbers from 0 to :data:`MAX_COUNT`; ``true`` is not a count.
- ``seed``: a whole number below 2**64 in size.

The module has no imports beyond the engine's own, like the rest of the engine.
"""

from __future__ import annotations

import functools
from typing import Any

from engine import cards as catalogue
from engine import rules
from engine.entries import is_duration, play_entry, times_played
from engine.errors import BadPosition, Key
from engine.model import VICTORY, Card
from engine.shapes import (
    MAX_CARDS,
    SetupReader,
    as_list,
    flag,
    is_int,
    is_mapping,
    is_player_key,
    mapping,
    number,
    or_empty,
    show,
)

MAX_PLAYERS = 6
MAX_KINGDOM = 30
MAX_COUNT = 1_000_000
MAX_SEED_BITS = 64

BASIC_PILES = ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse")
COLONY_PILES = ("Platinum", "Colony")
PHASES = ("action", "buy")
# A setup may also start before the turn's start-of-turn effects (``turn.phase: start``).
SETUP_PHASES = (*PHASES, "start")
ZONES = ("hand", "deck", "discard", "in_play", "set_aside")
# Seaside's player mats (cards), and what needs its card in the Kingdom: a mat, the
# Pirate Ship mat's Coin tokens, Embargo tokens.
MATS = {"island": "Island", "native_village": "Native Village"}
NEEDS_CARD = {**MATS, "pirate_ship": "Pirate Ship", "embargo": "Embargo"}
# Cards in play as entries: a name, or {card, by, set_aside} (played by a Throne Room,
# with the cards its plays set aside: Haven, Blockade).
PLAY_ZONES = ("in_play", "durations")
PLAYER_KEYS = (
    *ZONES, "durations", *MATS, "vp_tokens", "pirate_ship", "gained_last_turn", "shuffles",
)  # fmt: skip
SETUP_KEYS = (
    "players",
    "kingdom",
    "colony",
    "supply",
    "trash",
    "turn",
    "turns_taken",
    "trade_route",
    "embargo",
    "editions",
    "seed",
    "deal",
)
# A player's keys whose check has nothing to look at in an empty list (not a mat's: the
# mat's card must be in the Kingdom all the same).
NOTHING_IF_EMPTY = frozenset((*ZONES, *PLAY_ZONES, "gained_last_turn", "shuffles"))
TURN_KEYS = ("player", "phase", "actions", "buys", "coins", "extra")


def check_setup(setup: Any) -> None:
    """Raise BadPosition unless ``setup`` is a setup ``Game`` can build within the limits."""
    if not is_mapping(setup):
        raise BadPosition(f"a setup is a mapping, not {show(setup)}")
    _SetupCheck(setup).run()


# The check's generation: it changes whenever the engine's code or card definitions are
# changed under it (checks.mutants does both), after which a setup the check accepted
# before must be checked again. A list so that the compiled module can change it.
_generation = [0]


def check_generation() -> int:
    """The check's generation now: a setup it accepted counts as accepted only while this
    is unchanged (the loader's scenarios, scenarios.model.SetupAcceptance)."""
    return _generation[0]


def forget_checked_setups() -> None:
    """Start a new generation: the engine's code or a card definition was changed in
    place (a mutant), so what :func:`check_setup` accepted before may be refused now."""
    _generation[0] += 1


class _SetupCheck(SetupReader):
    def run(self) -> None:
        setup = self.setup
        player_keys = []
        for key in setup:
            if key in SETUP_KEYS:
                continue
            if not is_player_key(key):
                raise BadPosition(f"unknown key {key!r} (known: {', '.join(SETUP_KEYS)}, p1..)")
            player_keys.append(key)
        self.players = number(setup.get("players", 2), ("players",), 2, MAX_PLAYERS)
        self.check_editions()
        seed = setup.get("seed", 0)
        if not is_int(seed) or abs(seed).bit_length() > MAX_SEED_BITS:
            raise BadPosition(
                f"must be a whole number below 2**64 in size, not {show(seed)}", ("seed",)
            )
        for key in ("colony", "deal"):
            flag(setup.get(key, False), (key,))
        piles = self.check_supply()
        self.check_turn()
        for key in player_keys:
            self.check_player(key)
        self.card_list(setup.get("trash", []), ("trash",))
        self.check_trade_route(piles)
        self.check_embargo(piles)
        self.check_extra_turn()

    def check_editions(self) -> None:
        editions = mapping(self.setup.get("editions", {}), ("editions",))
        for name, edition in editions.items():
            if name not in catalogue.DEFAULT_EDITIONS:
                known = ", ".join(catalogue.DEFAULT_EDITIONS)
                raise BadPosition(f"unknown set {name!r} (one of {known})", ("editions",))
            if not is_int(edition) or edition not in (1, 2):
                raise BadPosition(
                    f"edition must be 1 or 2, not {show(edition)}", ("editions", name)
                )
            self.editions[name] = edition

    def check_supply(self) -> list[str]:
        """The game's piles; every size checked and counted."""
        kingdom = self.kingdom = self.names(self.setup.get("kingdom", []), ("kingdom",))
        if len(kingdom) > MAX_KINGDOM:
            raise BadPosition(f"{len(kingdom)} cards; at most {MAX_KINGDOM}", ("kingdom",))
        seen: set[str] = set()
        for index, name in enumerate(kingdom):
            where: Key = ("kingdom", index)
            if not self.card(name, where).kingdom:
                raise BadPosition(f"{name} is not a Kingdom card", where)
            if name in seen:
                raise BadPosition(f"{name} is listed twice", where)
            seen.add(name)
        colony = self.setup.get("colony", False) is True
        piles = [*BASIC_PILES, *(COLONY_PILES if colony else ()), *kingdom]
        sizes = mapping(self.setup.get("supply", {}) or {}, ("supply",))
        for name in sizes:
            if name not in piles:
                hint = " (set colony: true)" if name in COLONY_PILES else ""
                raise BadPosition(
                    f"{show(name)} is not a pile of this game{hint}", ("supply", name)
                )
        for pile in piles:
            where = ("supply", pile)
            definition = self.card(pile, where)
            if pile in sizes:
                size = number(sizes[pile], where, 0, MAX_CARDS)
            else:
                size = cached_pile_size(
                    pile, definition.is_(VICTORY), definition.kingdom, self.players
                )
            self.count_cards(size, where)
        return piles

    def check_turn(self) -> None:
        turn = mapping(or_empty(self.setup.get("turn")), ("turn",))
        for key in turn:
            if key not in TURN_KEYS:
                raise BadPosition(f"unknown key {key!r} (known: {', '.join(TURN_KEYS)})", ("turn",))
        self.player_name(turn.get("player", "p1"), ("turn", "player"))
        self.active = turn.get("player", "p1")
        phase = turn.get("phase", "action")
        if phase not in SETUP_PHASES:
            raise BadPosition(f"must be action, buy or start, not {show(phase)}", ("turn", "phase"))
        self.phase = phase
        for key in ("actions", "buys", "coins"):
            number(turn.get(key, 0), ("turn", key), 0, MAX_COUNT)
        flag(turn.get("extra", False), ("turn", "extra"))
        taken = mapping(self.setup.get("turns_taken", {}) or {}, ("turns_taken",))
        for name, count in taken.items():
            self.player_name(name, ("turns_taken", name))
            number(count, ("turns_taken", name), 0, MAX_COUNT)

    def check_player(self, key: str) -> None:
        self.player_name(key, (key,))
        zones = mapping(self.setup[key], (key,))
        for name, value in zones.items():
            if type(value) is list and not value and name in NOTHING_IF_EMPTY:
                continue  # most zones of most setups
            where: Key = (key, name)
            if name in PLAY_ZONES:
                self.play_entries(value, where)
                if name == "in_play" and value and key != self.active:
                    raise BadPosition(
                        f"only the active player ({self.active}) has cards played this turn"
                        " (cards from an earlier turn go in durations)",
                        where,
                    )
                if name == "in_play" and value and self.phase == "start":
                    raise BadPosition(
                        "nothing is played yet at the start of the turn (turn.phase: start);"
                        " cards from an earlier turn go in durations",
                        where,
                    )
            elif name in ZONES:
                self.card_list(value, where)
            elif name in MATS:
                self.card_list(value, where)
                self.needs_card(name, where)
            elif name == "gained_last_turn":
                self.known(self.names(value, where), where)
            elif name == "vp_tokens":
                number(value, where, 0, MAX_COUNT)
            elif name == "pirate_ship":
                number(value, where, 0, MAX_COUNT)
                self.needs_card(name, where)
            elif name == "shuffles":
                orders = as_list(value, where)
                for index, order in enumerate(orders):
                    names = self.names(order, (*where, index))
                    self.shuffled += len(names)
                    if self.shuffled > MAX_CARDS:
                        raise BadPosition(
                            f"more than {MAX_CARDS} names in shuffle orders", (*where, index)
                        )
                    self.known(names, (*where, index))
            else:
                known = ", ".join(PLAYER_KEYS)
                raise BadPosition(f"unknown key {name!r} (known: {known})", (key,))

    def check_trade_route(self, piles: list[str]) -> None:
        route = self.setup.get("trade_route")
        if route is None:
            return
        route = mapping(route, ("trade_route",))
        for key in route:
            if key not in ("mat", "piles"):
                raise BadPosition(f"unknown key {key!r} (known: mat, piles)", ("trade_route",))
        number(route.get("mat", 0), ("trade_route", "mat"), 0, MAX_COUNT)
        tokens = self.names(route.get("piles", []), ("trade_route", "piles"))
        for index, name in enumerate(tokens):
            if name not in piles:
                raise BadPosition(
                    f"{name} is not a pile of this game", ("trade_route", "piles", index)
                )

    def check_embargo(self, piles: list[str]) -> None:
        tokens = mapping(self.setup.get("embargo", {}) or {}, ("embargo",))
        for pile, count in tokens.items():
            if pile not in piles:
                raise BadPosition(f"{show(pile)} is not a pile of this game", ("embargo", pile))
            number(count, ("embargo", pile), 0, MAX_COUNT)
        if tokens:
            self.needs_card("embargo", ("embargo",))
            pile = (self.setup.get("supply", {}) or {}).get("Embargo", 1)
            if pile == 0 and not self.named_outside_supply("Embargo"):
                raise BadPosition(
                    "Embargo tokens need an Embargo card in the game (its rule is the card's):"
                    " the Embargo pile is empty and no zone holds one",
                    ("embargo",),
                )

    def named_outside_supply(self, name: str) -> bool:
        """Whether the setup puts a card of ``name`` in the trash or a player's zone."""
        lists = [self.setup.get("trash", []) or []]
        for key, zones in self.setup.items():
            if is_player_key(key) and is_mapping(zones):
                for zone, value in zones.items():
                    if zone in ZONES or zone in MATS:  # not `in (*A, *B)`: mypyc fails on it
                        lists.append(value)
                    elif zone in PLAY_ZONES:
                        lists.append([play_entry(entry)[0] for entry in value])
        return any(name in names for names in lists)

    def check_extra_turn(self) -> None:
        """An Outpost is in play from an earlier turn exactly while the extra turn it gave
        is under way: the active player's, with ``turn.extra``."""
        turn = or_empty(self.setup.get("turn"))
        extra = turn.get("extra", False)
        givers = [
            (player, index, card)
            for player, index, card in self.durations
            if self.card(card, (player, "durations", index)).gives_extra_turn
        ]
        for player, index, card in givers:
            if player != self.active or not extra:
                raise BadPosition(
                    f"{card} is in play from an earlier turn only during the extra turn it"
                    f" gave (turn: {{player: {player}, extra: true}})",
                    (player, "durations", index),
                )
        if extra and not givers:
            raise BadPosition(
                f"an extra turn is given by a card that stays in play for it: list the"
                f" Outpost in {self.active}'s durations",
                ("turn", "extra"),
            )

    def needs_card(self, key: str, where: Key) -> None:
        card = NEEDS_CARD[key]
        if card not in self.kingdom:
            raise BadPosition(f"{card} is not in this game's Kingdom", where)

    def play_entries(self, value: Any, where: Key) -> None:
        """``in_play`` / ``durations``: card names or ``{card, by, set_aside}`` mappings,
        each ``by`` a card that plays the card more than once (Throne Room, King's Court),
        each ``set_aside`` the cards its plays set aside with it, one per play at most."""
        entries = as_list(value, where)
        durations = where[-1] == "durations"
        for index, entry in enumerate(entries):
            at: Key = (*where, index)
            card_name, by_name = self.entry(entry, at)
            card = self.card(card_name, (*at, "card") if is_mapping(entry) else at)
            self.count_cards(1 if by_name is None else 2, at)
            times = 1
            if by_name is not None:
                times = times_played(self.card(by_name, (*at, "by")), card, (*at, "by"))
            if durations and not is_duration(card):
                raise BadPosition(
                    f"{card_name} is not a Duration card: nothing of it waits for a later turn,"
                    " so it cannot still be in play from an earlier one",
                    at,
                )
            if durations:
                self.durations.append((str(where[0]), index, card_name))
            # A Duration from an earlier turn still holds its cards until the start of its
            # player's next turn: another player's, or this one's about to start.
            waiting = durations and (where[0] != self.active or self.phase == "start")
            self.set_aside_with(entry, card, times, waiting, at)

    def set_aside_with(self, entry: Any, card: Card, times: int, waiting: bool, at: Key) -> None:
        """An entry's ``set_aside``: only for a card that keeps what it sets aside (Haven,
        Blockade), at most one card per play; required for such a card from an earlier
        turn whose start-of-turn part is still to come (one that set nothing aside did not
        stay), and impossible once that part is done (the cards went into the hand)."""
        held = entry.get("set_aside") if is_mapping(entry) else None
        where: Key = (*at, "set_aside")
        if held is not None:
            self.card_list(held, where)
            if not card.holds_set_aside:
                raise BadPosition(f"{card.name} sets nothing aside with itself", where)
            if len(held) > times:
                plays = "once" if times == 1 else f"{times} times"
                raise BadPosition(
                    f"{len(held)} cards set aside with a {card.name} played {plays}: one per"
                    " play at most",
                    where,
                )
        if not card.holds_set_aside or at[1] != "durations":
            return
        if waiting and not held:
            raise BadPosition(
                f"{card.name} stays in play from an earlier turn only with the card it set"
                f" aside: give it as {{card: {card.name}, set_aside: [...]}}",
                at,
            )
        if not waiting and held:
            raise BadPosition(
                f"the start of this turn already put what {card.name} set aside into the"
                " hand: list those cards in hand",
                where,
            )


# rules.pile_size is pure and set-up asks it the same questions game after game.
cached_pile_size = functools.cache(rules.pile_size)
