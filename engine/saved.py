"""Saved games (``Game.to_json`` / ``Game.from_json``): their version and shape."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import BadPosition, Key
from engine.shapes import as_list, is_int, is_mapping, mapping, show

SAVE_VERSION = 1
SAVE_KEYS = ("version", "setup", "inputs", "snapshot", "events")


def saved_inputs(data: Any) -> list[tuple[str, Any]]:
    """The inputs of a saved game, once its version and shape are checked (BadPosition).

    Whether they replay to the saved state is for ``Game.from_json`` to find out.
    """
    if not is_mapping(data):
        raise BadPosition(f"a saved game is a mapping, not {show(data)}")
    saved: Mapping[Any, Any] = data
    missing = [key for key in SAVE_KEYS if key not in saved]
    if missing:
        raise BadPosition(f"a saved game needs {', '.join(missing)}")
    if not is_int(saved["version"]) or saved["version"] != SAVE_VERSION:
        raise BadPosition(
            f"this engine reads saved games of version {SAVE_VERSION}, not "
            f"{show(saved['version'])}",
            ("version",),
        )
    mapping(saved["setup"], ("setup",))
    mapping(saved["snapshot"], ("snapshot",))
    if not all(isinstance(line, str) for line in as_list(saved["events"], ("events",))):
        raise BadPosition("must be a list of event lines", ("events",))
    inputs = []
    for index, item in enumerate(as_list(saved["inputs"], ("inputs",))):
        where: Key = ("inputs", index)
        pair = as_list(item, where)
        if len(pair) != 2 or pair[0] not in ("command", "answer"):
            raise BadPosition(
                f"must be [command, [verb, arg]] or [answer, value], not {show(item)}", where
            )
        if pair[0] == "command" and len(as_list(pair[1], (*where, 1))) != 2:
            raise BadPosition(f"a command is [verb, arg], not {show(pair[1])}", (*where, 1))
        inputs.append((pair[0], pair[1]))
    return inputs
