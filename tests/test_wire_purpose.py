"""A decision's ``purpose`` (what the picks are for) crosses the wire, and an engine that
does not send it still works: its decisions mean the documented default, ``choose``."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from engine.decisions import KINDS, PURPOSES
from scenarios.adapters.base import DEFAULT_PURPOSE, AdapterError
from scenarios.adapters.reference import ReferenceAdapter
from scenarios.adapters.wire import WireAdapter
from scenarios.loader import load_text
from scenarios.model import Scenario
from scenarios.runner import Status, run_scenario
from scenarios.wire_schema import SCHEMA_PATH, response_problem

ROOT = Path(__file__).resolve().parents[1]
SCENARIO_SCHEMA = ROOT / "scenarios" / "schema" / "scenario.schema.json"

# The reference engine over the wire, its pending decisions rewritten by MODE: "keep" as
# they are, "drop" without purpose (an engine older than it), "typo" with a wrong one.
ENGINE = """
import json, sys
sys.path.insert(0, {root!r})
from scenarios.adapters.reference import ReferenceAdapter
from scenarios.wire_server import respond
adapter = ReferenceAdapter()
for line in sys.stdin:
    response, done = respond(adapter, line)
    result = response.get("result")
    if json.loads(line).get("op") == "pending" and isinstance(result, dict):
        if {mode!r} == "drop":
            del result["purpose"]
        elif {mode!r} == "typo":
            result["purpose"] = "tras"
    sys.stdout.write(json.dumps(response) + "\\n")
    sys.stdout.flush()
    if done:
        break
"""


def chapel_asks(purpose: str) -> Scenario:
    return load_text(
        textwrap.dedent(
            f"""
            id: base/chapel/purpose-probe
            title: Chapel asks which cards to trash
            setup:
              p1: {{hand: [Chapel, Copper, Estate]}}
            steps:
              - play: Chapel
            expect:
              pending: {{player: p1, kind: cards, source: Chapel, purpose: {purpose}}}
            """
        ),
        "purpose-probe.yaml",
    )


def wire_engine(tmp_path: Path, mode: str) -> WireAdapter:
    script = tmp_path / f"engine_{mode}.py"
    script.write_text(ENGINE.format(root=str(ROOT), mode=mode))
    return WireAdapter([sys.executable, str(script)], timeout=30)


def test_the_reference_engine_says_what_a_pick_is_for() -> None:
    assert run_scenario(chapel_asks("trash"), ReferenceAdapter()).status is Status.PASS
    wrong = run_scenario(chapel_asks("discard"), ReferenceAdapter())
    assert wrong.status is Status.FAIL
    assert wrong.message == "final expect: pending.purpose expected discard found trash"


@pytest.mark.parametrize(("mode", "seen"), [("keep", "trash"), ("drop", DEFAULT_PURPOSE)])
def test_the_purpose_crosses_the_wire_and_defaults_to_choose(
    tmp_path: Path, mode: str, seen: str
) -> None:
    adapter = wire_engine(tmp_path, mode)
    try:
        adapter.load({"players": 2, "kingdom": ["Chapel"], "p1": {"hand": ["Chapel", "Copper"]}})
        adapter.command("play", "Chapel")
        pending = adapter.pending()
        assert pending is not None and pending["purpose"] == seen
        verdict = run_scenario(chapel_asks("trash"), adapter)
        assert verdict.status is (Status.PASS if mode == "keep" else Status.FAIL), verdict
    finally:
        adapter.close()


def test_a_purpose_that_does_not_exist_is_the_engines_error(tmp_path: Path) -> None:
    adapter = wire_engine(tmp_path, "typo")
    try:
        adapter.load({"players": 2, "kingdom": ["Chapel"], "p1": {"hand": ["Chapel", "Copper"]}})
        adapter.command("play", "Chapel")
        with pytest.raises(AdapterError, match="pending: purpose 'tras' is not one of"):
            adapter.pending()
    finally:
        adapter.close()


def _pending_schema(path: Path, *keys: str) -> Any:
    node = json.loads(path.read_text(encoding="utf-8"))
    for key in keys:
        node = node[key]
    return node


def test_both_schemas_list_the_engines_kinds_and_purposes() -> None:
    wire = _pending_schema(SCHEMA_PATH, "$defs", "pending", "properties")
    expect = _pending_schema(SCENARIO_SCHEMA, "$defs", "expect", "properties", "pending")
    expect = expect["anyOf"][1]["properties"]
    for properties in (wire, expect):
        assert tuple(properties["kind"]["enum"]) == KINDS
        assert tuple(properties["purpose"]["enum"]) == PURPOSES
    assert "purpose" not in _pending_schema(SCHEMA_PATH, "$defs", "pending", "required")


def test_the_wire_schema_takes_a_pending_with_or_without_purpose_but_not_a_wrong_one() -> None:
    pending = {"player": "p1", "kind": "cards", "source": "Chapel", "choices": [], "min": 0}
    pending["max"] = 4
    for result in (pending, {**pending, "purpose": "trash"}):
        assert response_problem("pending", {"id": 1, "status": "ok", "result": result}) is None
    wrong = {"id": 1, "status": "ok", "result": {**pending, "purpose": "tras"}}
    assert response_problem("pending", wrong) is not None
