"""The compiled schema pre-check (fastjsonschema) says "valid" exactly when jsonschema does.

The loader trusts a "valid" from the pre-check without asking jsonschema (that is what
makes it fast), so a document the pre-check accepts and jsonschema refuses would load with
no message at all. These tests compare the two on every bundled scenario, every file of
tests/mistakes/, and documents derived from them by one change each: a value replaced by
one of the values people get wrong (2.0, yes, null, an empty list, a key with a newline),
a key removed, an unknown key added.
"""

from __future__ import annotations

import copy
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from fastjsonschema import JsonSchemaValueException
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenarios import loader, precheck, schema_precheck
from scenarios.yamlread import read_yaml_file

MISTAKES = Path(__file__).parent / "mistakes"

# Values that are wrong somewhere and right elsewhere; 2.0 and 1.0 are the ones the
# compiled code, left alone, takes for integers.
ODD_VALUES: list[Any] = [
    2.0,
    1.0,
    0.5,
    -1,
    0,
    1,
    2,
    7,
    True,
    False,
    None,
    "",
    "x",
    "p1",
    "p1\n",
    "p0",
    "base/moat/1",
    "a\u2028b",
    "Copper",
    [],
    [2.0],
    ["Copper"],
    ["Copper", "Copper"],
    ["p1", "p1"],
    [None],
    {},
    {"hand": ["Copper"]},
    {"x": 1},
    {"Copper": 2.0},
]


@cache
def corpus() -> list[Any]:
    """The data of every bundled scenario and every mistake file (as the reader gives it)."""
    files = [*loader.discover([loader.bundled_dir()]), *sorted(MISTAKES.glob("*.yaml"))]
    return [read_yaml_file(path).data for path in files]


def jsonschema_valid(data: Any) -> bool:
    return next(iter(loader._validator().iter_errors(data)), None) is None


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path in ``node``, containers first."""
    found = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            found += paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += paths(value, (*prefix, index))
    return found


def changed(data: Any, path: tuple[Any, ...], how: str, value: Any) -> Any:
    """A copy of ``data`` with one change at ``path``."""
    result = copy.deepcopy(data)
    *parents, last = path
    parent = result
    for part in parents:
        parent = parent[part]
    if how == "replace":
        parent[last] = copy.deepcopy(value)
    elif how == "remove":
        del parent[last]
    elif isinstance(parent[last], dict):  # "add": an unknown key beside the others
        parent[last]["not_a_key\n" if value == "p1\n" else "not_a_key"] = 1
    return result


def test_the_corpus_is_the_whole_suite() -> None:
    assert len(corpus()) > 800


def test_every_bundled_scenario_and_mistake_gets_the_same_answer() -> None:
    disagreements = [
        data.get("id") if isinstance(data, dict) else data
        for data in corpus()
        if loader.schema_valid(data) != jsonschema_valid(data)
    ]
    assert disagreements == []


def test_the_mistakes_include_documents_both_refuse() -> None:
    refused = [data for data in corpus() if not jsonschema_valid(data)]
    assert refused
    assert not any(loader.schema_valid(data) for data in refused)


@settings(
    max_examples=400,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_one_change_anywhere_gets_the_same_answer(data: st.DataObject) -> None:
    document = data.draw(st.sampled_from(corpus()))
    where = paths(document)
    if not where:
        return
    path = data.draw(st.sampled_from(where))
    how = data.draw(st.sampled_from(["replace", "replace", "replace", "remove", "add"]))
    value = data.draw(st.sampled_from(ODD_VALUES))
    mutated = changed(document, path, how, value)
    assert loader.schema_valid(mutated) == jsonschema_valid(mutated), (path, how, value)


@pytest.mark.parametrize("value", [2.0, 1.0])
def test_a_float_count_is_refused_by_both(value: float) -> None:
    data = {"id": "mine/any/thing", "title": "t", "setup": {"players": value}}
    assert not jsonschema_valid(data)
    assert not loader.schema_valid(data)


def refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return own + [ref for value in node.values() for ref in refs(value)]
    if isinstance(node, list):
        return [ref for value in node for ref in refs(value)]
    return []


def test_compiling_leaves_the_schema_of_the_messages_alone() -> None:
    """fastjsonschema rewrites the refs of the schema it compiles; the messages read them."""
    loader._precheck()
    precheck.generate(loader.schema())
    written = refs(loader.schema())
    assert written and all(ref.startswith("#/$defs/") for ref in written)


def test_without_fastjsonschema_jsonschema_alone_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "fastjsonschema", None)  # import fails
    data = {"id": "mine/any/thing", "title": "t", "setup": {}}
    assert not loader.schema_valid(data)
    assert loader.load_text("id: mine/any/thing\ntitle: t\nsetup: {}\n").id == "mine/any/thing"
    with pytest.raises(loader.ScenarioError, match=r"setup\.players: expected a whole number"):
        loader.load_text("id: mine/any/thing\ntitle: t\nsetup: {players: 2.5}\n")


def test_the_written_pre_check_is_what_the_schema_generates() -> None:
    text = precheck.MODULE_PATH.read_text(encoding="utf-8")
    assert text == precheck.module_text(loader.schema()), "regenerate: python -m scenarios.precheck"
    assert loader._precheck() is schema_precheck.check


def test_a_pre_check_written_from_another_schema_is_not_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(schema_precheck, "STAMP", schema_precheck.STAMP + " (older)")
    generated = precheck.compiled(loader.schema())
    assert generated is not schema_precheck.check
    for data in corpus():
        assert verdict(generated, data) == verdict(schema_precheck.check, data)


def verdict(check: Any, data: Any) -> bool:
    try:
        check(data)
    except JsonSchemaValueException:
        return False
    return True
