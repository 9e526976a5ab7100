"""The wire protocol: the bundled suite gives the same results through it as in process.

The comparison runs every tenth bundled scenario file (by path) through one ``arbiter wire``
subprocess, and every one under ``pytest --full`` (CI; 10 to 30 s).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import options
import pytest

from arbiter.cli import main
from scenarios.adapters.base import Rejected, Unsupported
from scenarios.adapters.reference import ReferenceAdapter
from scenarios.adapters.wire import WireAdapter, unsupported_by_table
from scenarios.loader import bundled_dir, discover, load_many
from scenarios.runner import reference_adapter, run_all
from scenarios.wire_schema import request_problem, response_problem
from scenarios.wire_server import respond, serve

SERVER = [sys.executable, "-m", "scenarios.wire_server"]
SMITHY = bundled_dir() / "base" / "smithy"


def bundled() -> list[Any]:
    files = sorted(discover([bundled_dir()]))
    loaded, malformed = load_many(options.sample(files, step=10))
    assert not malformed
    return loaded


def test_the_bundled_suite_gives_identical_results_through_the_wire() -> None:
    scenarios = bundled()
    adapter = WireAdapter(SERVER, timeout=30)
    adapter.transcript = []
    through_wire = run_all(scenarios, lambda: adapter)
    in_process = run_all(scenarios, reference_adapter)
    assert adapter.starts == 1  # one subprocess served every scenario
    assert len(through_wire) == len(scenarios)
    assert [r.to_json() for r in through_wire] == [r.to_json() for r in in_process]
    assert_fits_the_schema(adapter.transcript)


def assert_fits_the_schema(transcript: list[str]) -> None:
    """Every request the client sent and every response the server gave fits the schema."""
    ops: dict[int, str] = {}
    checked = Counter[str]()
    for line in transcript:
        direction, message = line[:2], json.loads(line[2:])
        if direction == "> ":
            assert request_problem(message) is None, (request_problem(message), line[:300])
            ops[message["id"]] = message["op"]
            checked["request"] += 1
        else:
            op = ops[message["id"]]
            assert response_problem(op, message) is None, (response_problem(op, message), line)
            checked[message["status"]] += 1
    responses = checked["ok"] + checked["rejected"] + checked["unsupported"] + checked["error"]
    assert checked["request"] == responses and checked["ok"] > checked["request"] // 2


def test_the_wire_name_and_card_table_come_from_hello() -> None:
    adapter = WireAdapter(SERVER)
    try:
        table = adapter.supported_cards() or {}
        assert adapter.name == "wire:reference"
        assert table["Library"] == {"set": "base", "editions": [1, 2]}
        assert adapter.unsupported_reason({"Smithy", "Copper"}, {"base": 1}) is None
    finally:
        adapter.close()
    assert adapter.peer is None


def test_unsupported_by_table_names_missing_cards_and_editions() -> None:
    table = {
        "Library": {"set": "base", "editions": [2]},
        "Smithy": {"set": "base", "editions": [1, 2]},
    }
    assert unsupported_by_table(table, {"Smithy", "Library"}, {"base": 2}, "x") is None
    assert (
        unsupported_by_table(table, {"Library", "Feast"}, {"base": 1}, "x")
        == "x lacks Feast; x lacks the text of Library (edition 1)"
    )


# --- the server, message by message ---------------------------------------------------------


def ask(adapter: Any, request: dict[str, Any]) -> dict[str, Any]:
    response, _done = respond(adapter, json.dumps(request))
    return response


SETUP = {
    "players": 2,
    "kingdom": ["Smithy"],
    "colony": False,
    "supply": {},
    "trash": [],
    "turn": {"player": "p1", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
    "turns_taken": {"p1": 0, "p2": 0},
    "trade_route": None,
    "editions": {"base": 2, "intrigue": 2, "prosperity": 2, "seaside": 2},
    "seed": 0,
    **{
        p: {
            "hand": [],
            "deck": [],
            "discard": [],
            "in_play": [],
            "set_aside": [],
            "vp_tokens": 0,
            "shuffles": [],
        }
        for p in ("p1", "p2")
    },
}


def test_the_server_answers_each_op() -> None:
    adapter = ReferenceAdapter()
    setup = json.loads(json.dumps(SETUP))
    setup["p1"]["hand"] = ["Smithy", "Copper"]
    setup["p1"]["deck"] = ["Gold", "Silver", "Estate"]
    assert ask(adapter, {"id": 1, "op": "hello", "protocol": [1]})["result"]["protocol"] == 1
    assert ask(adapter, {"id": 2, "op": "load", "setup": setup}) == {
        "id": 2,
        "status": "ok",
        "result": None,
    }
    assert (
        ask(adapter, {"id": 3, "op": "command", "verb": "play", "arg": "Gold"})["status"]
        == "rejected"
    )
    assert (
        ask(adapter, {"id": 4, "op": "command", "verb": "play", "arg": "Smithy"})["status"] == "ok"
    )
    assert ask(adapter, {"id": 5, "op": "pending"})["result"] is None
    state = ask(adapter, {"id": 6, "op": "observe"})["result"]
    assert sorted(state["players"]["p1"]["hand"]) == ["Copper", "Estate", "Gold", "Silver"]
    assert ask(adapter, {"id": 7, "op": "events", "since": 1})["result"] == [
        "p1 draws Gold",
        "p1 draws Silver",
        "p1 draws Estate",
    ]
    assert ask(adapter, {"id": 8, "op": "answer", "value": "Gold"})["status"] == "rejected"


def test_the_server_reports_bad_requests_and_keeps_going() -> None:
    adapter = ReferenceAdapter()
    assert ask(adapter, {"id": 1, "op": "hello", "protocol": [2, 3]})["status"] == "error"
    assert ask(adapter, {"id": 2, "op": "frobnicate"})["message"].startswith("unknown op")
    assert ask(adapter, {"id": 3, "op": "load"})["message"] == "load needs setup (dict)"
    assert ask(adapter, {"id": 4, "op": "events", "since": -1})["status"] == "error"
    response, done = respond(adapter, "not json")
    assert response["id"] is None and response["status"] == "error" and not done


class _Picky(ReferenceAdapter):
    name = "picky"

    def unsupported_reason(self, cards: set[str], editions: dict[str, int]) -> str | None:
        return "no Feast" if "Feast" in cards else None

    def load(self, setup: dict[str, Any]) -> None:
        if setup["players"] > 4:
            raise Unsupported("at most 4 players")
        super().load(setup)

    def command(self, verb: str, arg: Any) -> None:
        if arg == "Boom":
            raise RuntimeError("boom")
        if arg == "No":
            raise Rejected("no")
        super().command(verb, arg)


def test_the_server_maps_each_outcome_to_a_status() -> None:
    adapter = _Picky()
    hello = ask(adapter, {"id": 1, "op": "hello"})["result"]
    assert "Feast" not in hello["cards"] and "Smithy" in hello["cards"]
    assert ask(adapter, {"id": 2, "op": "load", "setup": {**SETUP, "players": 5}}) == {
        "id": 2,
        "status": "unsupported",
        "message": "at most 4 players",
    }
    ask(adapter, {"id": 3, "op": "load", "setup": SETUP})
    assert ask(adapter, {"id": 4, "op": "command", "verb": "play", "arg": "No"}) == {
        "id": 4,
        "status": "rejected",
        "message": "no",
    }
    assert ask(adapter, {"id": 5, "op": "command", "verb": "play", "arg": "Boom"}) == {
        "id": 5,
        "status": "error",
        "message": "RuntimeError: boom",
    }


def test_serve_keeps_stdout_for_the_protocol_and_stops_at_bye() -> None:
    class Chatty(ReferenceAdapter):
        def pending(self) -> dict[str, Any] | None:
            print("debug output that must not reach the client")
            return super().pending()

    requests = io.StringIO(
        '{"id":1,"op":"pending"}\n\n{"id":2,"op":"bye"}\n{"id":3,"op":"pending"}\n'
    )
    out = io.StringIO()
    assert serve(Chatty(), requests, out) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["id"] for line in lines] == [1, 2]


def arbiter_wire(requests: str) -> list[str]:
    """What ``arbiter wire`` answers to ``requests``; it must exit 0."""
    done = subprocess.run(
        [sys.executable, "-m", "arbiter", "wire"],
        input=requests,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_arbiter_wire_speaks_over_stdin_and_stdout() -> None:
    out = arbiter_wire('{"id":1,"op":"hello","protocol":[1]}\n{"id":2,"op":"bye"}\n')
    lines = [json.loads(line) for line in out]
    assert lines[0]["result"]["engine"] == "reference" and lines[1]["status"] == "ok"


def test_arbiter_wire_answers_deep_json_with_an_error_and_goes_on() -> None:
    assert arbiter_wire("[" * 100_000 + "\n" + '{"id":2,"op":"bye"}\n') == [
        '{"id":null,"status":"error","message":"not JSON: nested too deeply"}',
        '{"id":2,"status":"ok","result":null}',
    ]


def test_check_through_the_wire_writes_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "wire.json"
    junit = tmp_path / "wire.xml"
    engine = "wire:" + " ".join(SERVER)
    code = main(
        ["check", str(SMITHY), "--engine", engine, "--json", str(report), "--junit", str(junit)]
    )
    assert code == 0, capsys.readouterr().out
    data = json.loads(report.read_text())
    assert data["engine"] == engine and data["summary"]["failed"] == 0
    assert data["summary"]["passed"] >= 1
    assert "<testsuites" in junit.read_text()


def test_compare_lists_disagreements(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    engine = "wire:" + " ".join(SERVER)
    report = tmp_path / "compare.json"
    assert (
        main(
            [
                "check",
                str(SMITHY),
                "--engine",
                engine,
                "--compare",
                "reference",
                "--json",
                str(report),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "0 scenario(s) on which" in out
    assert json.loads(report.read_text())["compare"]["disagreements"] == []


def test_compare_with_an_unknown_engine_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", str(SMITHY), "--compare", "nosuch"]) == 2
    assert "unknown engine 'nosuch'" in capsys.readouterr().err


def test_disagreements_pairs_results_by_id() -> None:
    from arbiter.cli import disagreements
    from scenarios.runner import Result, Status

    a = [Result("base/x/1", "f1", Status.PASS), Result("base/x/2", "f2", Status.PASS)]
    b = [
        Result("base/x/1", "f1", Status.PASS),
        Result("base/x/2", "f2", Status.FAIL, "no"),
        Result("base/x/3", "f3", Status.SKIP, "lacks X"),
    ]
    rows = disagreements(a, b)
    assert [row["id"] for row in rows] == ["base/x/2", "base/x/3"]
    assert rows[0]["b"]["message"] == "no" and rows[1]["a"] is None


@pytest.mark.parametrize(
    ("op", "message"),
    [
        ("hello", {"id": 1, "status": "ok", "result": {"protocol": 1, "engine": "x"}}),
        (
            "hello",
            {
                "id": 1,
                "status": "ok",
                "result": {"protocol": 1, "engine": "x", "cards": {}, "missing_sets": ["seaside"]},
            },
        ),
        ("observe", {"id": 2, "status": "ok", "result": {"players": {}}}),
        ("pending", {"id": 3, "status": "ok", "result": {"player": "p1", "kind": "pick"}}),
        ("command", {"id": 4, "status": "unsupported", "message": "no"}),
        ("events", {"id": 5, "status": "ok", "result": [1, 2]}),
        ("load", {"id": 6, "status": "ok"}),
        ("bye", {"id": "7", "status": "ok", "result": None}),
    ],
)
def test_the_schema_refuses_wrong_responses(op: str, message: dict[str, Any]) -> None:
    assert response_problem(op, message) is not None


def test_hello_may_name_the_sets_the_engine_lacks() -> None:
    from scenarios.adapters.wire import hello_problem

    hello = {"protocol": 1, "engine": "x", "cards": {}, "missing_sets": {"seaside": "no Seaside"}}
    assert response_problem("hello", {"id": 1, "status": "ok", "result": hello}) is None
    assert hello_problem(hello) is None
    assert hello_problem({**hello, "missing_sets": ["seaside"]}) == (
        "missing_sets, when given, must map each set to a reason"
    )


@pytest.mark.parametrize(
    "message",
    [
        {"id": 1, "op": "command", "verb": "dance", "arg": "Copper"},
        {"id": 1, "op": "command", "verb": "end", "arg": "game"},
        {"id": 1, "op": "hello"},
        {"id": 0, "op": "pending"},
        {"id": 1, "op": "load", "setup": {"players": 2}},
        {"id": 1, "op": "answer"},
        {"id": 1, "op": "events", "since": -1},
        {"id": 1, "op": "observe", "extra": True},
    ],
)
def test_the_schema_refuses_wrong_requests(message: dict[str, Any]) -> None:
    assert request_problem(message) is not None
