"""The shapes of the values in a setup or a saved game, checked: each check raises
:class:`~engine.errors.BadPosition` naming the key (``supply.Copper``) and showing the
value, short whatever its size (``engine.setup_check``, ``engine.saved``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from engine.errors import BadPosition, Key


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
    if not isinstance(value, (list, tuple)):
        raise BadPosition(f"must be a list, not {show(value)}", where)
    return list(value)


def show(value: Any) -> str:
    """A value as a message shows it: short, whatever its size."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."
