"""The strict YAML reader's shortcuts (scenarios/yamlread.py) change nothing it reads:
the remembered tags of the resolver, and text and null built without PyYAML's
constructors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import yaml

from scenarios import yamlnodes
from scenarios.yamlread import YamlError, read_yaml

# The same words plain, quoted and in other places: a tag remembered for one must not
# be used for another.
TEXT = """\
plain: [1, yes, ~, null, 1.5, 2016-05-01, Copper, p1, '', x]
quoted: ['1', 'yes', '~', 'null', '1.5', '2016-05-01', "Copper", "p1", "", "x"]
keys: {1: a, yes: b, ~: c, '1': d}
"""
EXPECTED = {
    "plain": [1, True, None, None, 1.5, "2016-05-01", "Copper", "p1", "", "x"],
    "quoted": ["1", "yes", "~", "null", "1.5", "2016-05-01", "Copper", "p1", "", "x"],
    "keys": {"1": "a", "yes": "b", "~": "c"},
}


def typed(value: object) -> object:
    """``value`` with the type of every leaf, so that 1 and True and 1.0 differ."""
    if isinstance(value, dict):
        return {key: typed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [typed(item) for item in value]
    return (type(value).__name__, value)


def test_words_read_the_same_plain_quoted_first_and_again() -> None:
    text = TEXT.replace("'1': d", "'01': d")  # `1` and `'1'` as keys would be a duplicate
    expected = {**EXPECTED, "keys": {"1": "a", "yes": "b", "~": "c", "01": "d"}}
    for _ in range(2):  # the second time every tag comes from what was remembered
        assert typed(read_yaml(text).data) == typed(expected)
    swapped = "\n".join(reversed(text.splitlines())) + "\n"
    assert typed(read_yaml(swapped).data) == typed(expected)


def test_the_remembered_tags_stay_bounded() -> None:
    # Words starting with `n` (null, no) are looked up: the remembered ones.
    many = "".join(f"- nword{n}\n" for n in range(yamlnodes._RESOLVED_MAX + 100))
    assert len(read_yaml(many).data) == yamlnodes._RESOLVED_MAX + 100
    assert len(yamlnodes._RESOLVED) == yamlnodes._RESOLVED_MAX


def test_the_tags_are_pyyamls_tags() -> None:
    """The composer's shortcuts (collections, quoted text, first characters no expression
    looks at) give the tag PyYAML's own resolver gives, for words starting with every
    printable ASCII character and a few others, plain and quoted, and for collections."""
    words = ["", "0", "1.5", "0x1F", "1_000", ".inf", "~", "<<", "=", "2016-05-01", "é"]
    words += [f"{chr(code)}x" for code in range(32, 127)] + [chr(code) for code in range(32, 127)]
    ours = yamlnodes._Composer("")
    theirs: Callable[..., str] = yaml.SafeLoader("").resolve
    flags = (True, False)
    cases: list[tuple[object, Any, Any]] = [
        (yaml.ScalarNode, word, (plain, not plain)) for word in words for plain in flags
    ]
    collections = (yaml.MappingNode, yaml.SequenceNode)
    cases += [(kind, None, flag) for kind in collections for flag in flags]
    for kind, value, implicit in cases:
        assert ours.resolve(kind, value, implicit) == theirs(kind, value, implicit)


def test_numbers_and_booleans_are_what_pyyaml_makes_of_them() -> None:
    words = ["0", "7", "12", "017", "09", "0x1F", "0o17", "0b11", "1_000", "-1", "+2"]
    words += ["\u0661", "yes", "Yes", "YES", "no", "NO", "true", "False", "on", "Off", "y"]
    text = "".join(f"- {word}\n" for word in words)
    assert typed(read_yaml(text).data) == typed(yaml.safe_load(text))


@pytest.mark.parametrize(("word", "number"), [("1:30", 90), ("-2:00", -120), ("1:30.5", 90.5)])
def test_a_base_60_number_is_refused_not_read_as_yaml_1_1_does(word: str, number: float) -> None:
    """PyYAML reads YAML 1.1's base-60 numbers (``coins: 1:30`` is 90): no one means that."""
    assert yaml.safe_load(f"- {word}\n") == [number]
    with pytest.raises(YamlError, match=f"{word} is a base-60 number to YAML 1.1"):
        read_yaml(f"coins: {word}\n")
