"""The shapes of the values in a setup or a saved game, checked: each check raises
:class:`~engine.errors.BadPosition` naming the key (``supply.Copper``) and showing the
value, short whatever its size (``engine.setup_check``, ``engine.saved``); and the
pieces of a setup (card names, known cards, counts, players, in-play entries) as
:class:`SetupReader` reads them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from engine import cards as catalogue
from engine.errors import BadPosition, Key
from engine.model import Card

# The most cards a setup may create (engine.setup_check's docstring gives every limit).
MAX_CARDS = 50_000
# The keys of an in_play / durations entry that is a mapping.
ENTRY_KEYS = ("card", "by", "set_aside", "affects", "waiting")


def or_empty(value: Any) -> Any:
    """None as an empty mapping (0 and "" stay what they are, and are refused)."""
    return {} if value is None else value


def is_mapping(value: Any) -> TypeGuard[Mapping[Any, Any]]:
    """Whether ``value`` is a mapping: a dict at once, anything else by the slower check
    of the Mapping ABC (a setup is made of dicts, and one is checked for every game)."""
    return isinstance(value, (dict, Mapping))


def is_player_key(key: Any) -> bool:
    return isinstance(key, str) and len(key) == 2 and key[0] == "p" and key[1] in "123456789"


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def number(value: Any, where: Key, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` (``true`` and ``2.0`` are not)."""
    if not is_int(value) or not low <= value <= high:
        raise BadPosition(f"must be a whole number from {low} to {high}, not {show(value)}", where)
    result: int = value
    return result


def flag(value: Any, where: Key) -> None:
    if not isinstance(value, bool):
        raise BadPosition(f"must be true or false, not {show(value)}", where)


def mapping(value: Any, where: Key) -> Mapping[Any, Any]:
    if not is_mapping(value):
        raise BadPosition(f"must be a mapping, not {show(value)}", where)
    return value


def as_list(value: Any, where: Key) -> list[Any]:
    """``value`` as a list: a list itself (no copy: every caller only reads it)."""
    if isinstance(value, list):
        return value
    if not isinstance(value, tuple):
        raise BadPosition(f"must be a list, not {show(value)}", where)
    return list(value)


def show(value: Any) -> str:
    """A value as a message shows it: short, whatever its size."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."


class SetupReader:
    """What a setup check has read so far (players, active player, phase, editions, the
    Kingdom, the cards the setup creates, the names looked up), with the checks of the
    pieces a setup is made of: card names, known cards, counts, players, in-play entries.
    ``engine.setup_check`` builds the whole check on it."""

    def __init__(self, setup: Mapping[Any, Any]) -> None:
        self.setup = setup
        self.players = 2
        self.active = "p1"
        self.phase = "action"
        self.editions: dict[str, int] = dict(catalogue.DEFAULT_EDITIONS)
        self.kingdom: list[str] = []
        # The durations entries seen: (player, position, card name).
        self.durations: list[tuple[str, int, str]] = []
        self.cards = 0  # cards the setup creates so far
        self.shuffled = 0  # names in shuffle orders so far
        # Definitions by name, once the editions are known (look each name up once).
        self.found: dict[str, Card] = {}

    def entry(self, entry: Any, where: Key) -> tuple[str, str | None]:
        if isinstance(entry, str):
            return entry, None
        if not is_mapping(entry):
            raise BadPosition(
                f"must be a card name or {{card, by, set_aside}}, not {show(entry)}", where
            )
        for key in entry:
            if key not in ENTRY_KEYS:
                known = ", ".join(ENTRY_KEYS)
                raise BadPosition(f"unknown key {show(key)} (known: {known})", where)
        if "card" not in entry:
            raise BadPosition("an entry needs its card", where)
        for key in ("card", "by"):
            if key in entry and not isinstance(entry[key], str):
                raise BadPosition(f"a card name is a string, not {show(entry[key])}", (*where, key))
        return entry["card"], entry.get("by")

    def names(self, value: Any, where: Key) -> list[str]:
        """A list of card names (a string is not a list of its letters)."""
        names = as_list(value, where)
        if len(names) > MAX_CARDS:
            raise BadPosition(f"{len(names)} cards; at most {MAX_CARDS}", where)
        if set(map(type, names)) - {str}:  # at C speed: lists may be long
            index, name = next((i, n) for i, n in enumerate(names) if not isinstance(n, str))
            raise BadPosition(f"a card name is a string, not {show(name)}", (*where, index))
        return names

    def card_list(self, value: Any, where: Key) -> None:
        """Cards the setup creates: named, known and counted."""
        if type(value) is list and not value:  # most zones of most setups: nothing to check
            return
        names = self.names(value, where)
        self.count_cards(len(names), where)
        self.known(names, where)

    def known(self, names: list[str], where: Key) -> None:
        """Every name a card of the chosen editions."""
        found = self.found
        for index, name in enumerate(names):
            if name not in found:
                self.card(name, (*where, index))

    def card(self, name: str, where: Key) -> Card:
        found = self.found.get(name)
        if found is None:
            try:
                found = self.found[name] = catalogue.lookup(name, self.editions)
            except catalogue.UnknownCard as exc:
                raise BadPosition(str(exc), where) from None
        return found

    def count_cards(self, count: int, where: Key) -> None:
        self.cards += count
        if self.cards > MAX_CARDS:
            raise BadPosition(f"the setup holds more than {MAX_CARDS} cards", where)

    def player_name(self, name: Any, where: Key) -> None:
        if not (is_player_key(name) and int(name[1:]) <= self.players):
            raise BadPosition(
                f"unknown player {show(name)} (players are p1 to p{self.players})", where
            )
