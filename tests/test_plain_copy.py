"""``yamlread.plain_copy``: the copy every run hands the engine is equal to the original and
shares nothing mutable with it, like ``copy.deepcopy``."""

from __future__ import annotations

import copy
from typing import Any

from scenarios.loader import bundled_dir, discover, load_many
from scenarios.yamlread import plain_copy


def containers(value: Any) -> list[int]:
    """The ids of every dict and list in ``value``."""
    if isinstance(value, dict):
        return [id(value), *(i for item in value.values() for i in containers(item))]
    if isinstance(value, list):
        return [id(value), *(i for item in value for i in containers(item))]
    return []


def test_every_bundled_setup_is_copied_whole_and_apart() -> None:
    scenarios, failures = load_many(discover([bundled_dir()]))
    assert not failures and len(scenarios) > 800
    for scenario in scenarios:
        original = dict(scenario.setup)
        copied = plain_copy(original)
        assert copied == copy.deepcopy(original), scenario.id
        assert not set(containers(copied)) & set(containers(original)), scenario.id


def test_values_of_other_kinds_are_deep_copied() -> None:
    inner = [1, [2]]
    value = {"a": (inner,), "b": {1, 2}, "c": [None, True, 1.5, "x"]}
    copied = plain_copy(value)
    assert copied == value
    copied["a"][0][1].append(3)
    assert inner == [1, [2]]


def test_an_alias_becomes_two_equal_copies() -> None:
    shared = ["Copper"]
    copied = plain_copy({"hand": shared, "deck": shared})
    assert copied == {"hand": ["Copper"], "deck": ["Copper"]}
    assert copied["hand"] is not copied["deck"] and copied["hand"] is not shared
