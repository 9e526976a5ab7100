"""The `arbiter` command: exit codes, reports, and the catalogue commands.

`check` runs on the fake engine (registered under the name "reference") so that these
tests do not depend on the reference engine; fixtures use only the basic cards, which the
real card catalogue has.
"""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from itertools import takewhile
from pathlib import Path

import pytest
from fake_adapter import FakeAdapter

from arbiter import cli
from scenarios import engines

PASSING = """id: base/copper/coin
title: Copper makes a coin
rulings: [base/bureaucrat/1]
setup: {p1: {hand: [Copper]}}
steps:
  - play: Copper
expect: {turn: {coins: 1}}
"""
FAILING = """id: rules/turn/wrong
title: a wrong expectation
setup: {p1: {hand: [Silver]}}
steps:
  - play: Silver
expect: {turn: {coins: 3}}
"""
MALFORMED = """id: base/silver/bad
title: a typo
setup: {p1: {hnad: [Silver]}}
"""


@pytest.fixture(autouse=True)
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(engines.BUILT_IN, "reference", ("fake_adapter:FakeAdapter", None, ""))


def fixtures(root: Path, **files: str) -> Path:
    for name, text in files.items():
        (root / f"{name}.yaml").write_text(text)
    return root


def table(out: str) -> dict[str, list[int]]:
    """The summary table's rows: set name -> passed, failed, errors, skipped, total."""
    lines = out.split("\n\n")[0].splitlines()[2:]
    return {line.split()[0]: [int(n) for n in line.split()[1:]] for line in lines}


def check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["check", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_all_passing_exits_0_with_a_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = check(capsys, str(fixtures(tmp_path, a=PASSING)))
    assert (code, err) == (0, "")
    assert out.splitlines()[0].split() == ["set", "passed", "failed", "errors", "skipped", "total"]
    assert table(out) == {"base": [1, 0, 0, 0, 1], "all": [1, 0, 0, 0, 1]}


def test_a_failure_or_an_error_exits_1_and_is_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = fixtures(tmp_path, a=PASSING, b=FAILING, c=MALFORMED)
    code, out, _err = check(capsys, str(root))
    assert code == 1
    assert "FAIL  rules/turn/wrong" in out
    assert f"{root / 'b.yaml'}:6: final expect: turn.coins expected 3 found 2" in out
    assert "ERROR base/silver/bad" in out
    assert f"{root / 'c.yaml'}:3: setup.p1.hnad: unknown key 'hnad'" in out
    assert table(out) == {"base": [1, 0, 1, 0, 2], "rules": [0, 1, 0, 0, 1], "all": [1, 1, 1, 0, 3]}


def test_skips_do_not_fail_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Refuses(FakeAdapter):
        def unsupported_reason(self, cards: set[str], editions: dict[str, int]) -> str:
            return "not today"

    monkeypatch.setattr(engines, "resolve", lambda name, **_options: Refuses)
    code, out, _err = check(capsys, str(fixtures(tmp_path, a=PASSING)))
    assert code == 0
    assert "1 skipped, by reason:\n     1  not today" in out


def test_k_selects_by_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = fixtures(tmp_path, a=PASSING, b=FAILING)
    code, out, _err = check(capsys, str(root), "-k", "COPPER")
    assert code == 0 and table(out)["all"] == [1, 0, 0, 0, 1]


@pytest.mark.parametrize(
    "argv",
    [
        ["/no/such/path"],
        ["--bogus"],
        ["--engine", "nope"],
        ["-k", "zzz", "."],
        ["--json", "/no/such/dir/r.json"],
    ],
)
def test_unusable_input_exits_2_with_one_line(
    argv: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fixtures(tmp_path, a=PASSING)
    monkeypatch.chdir(tmp_path)
    code, out, err = check(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("arbiter")


def test_an_empty_directory_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = check(capsys, str(tmp_path))
    assert code == 2 and "no scenarios found" in err


def test_json_and_junit_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "in").mkdir()
    root = fixtures(tmp_path / "in", a=PASSING, b=FAILING, c=MALFORMED)
    out_json, out_xml = tmp_path / "r.json", tmp_path / "r.xml"
    code, _out, _err = check(capsys, str(root), "--json", str(out_json), "--junit", str(out_xml))
    assert code == 1
    report = json.loads(out_json.read_text())
    assert report["summary"]["passed"] == 1 and report["summary"]["total"] == 3
    assert report["summary"]["by_set"]["rules"]["failed"] == 1
    by_id = {r["id"]: r for r in report["results"]}
    assert by_id["base/copper/coin"] == {
        "id": "base/copper/coin",
        "file": str(root / "a.yaml"),
        "line": None,
        "status": "pass",
        "rulings": ["base/bureaucrat/1"],
        "message": "",
    }
    assert by_id["rules/turn/wrong"]["message"] == ("final expect: turn.coins expected 3 found 2")
    suites = ET.parse(out_xml).getroot()
    assert suites.get("tests") == "3" and suites.get("failures") == "1"
    assert suites.get("errors") == "1"
    cases = {case.get("name"): case for case in suites.iter("testcase")}
    assert cases["rules/turn/wrong"].find("failure") is not None
    assert cases["base/silver/bad"].find("error") is not None
    assert cases["base/copper/coin"].find("properties/property").get("value") == (
        "base/bureaucrat/1"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in", "r.json", "r.xml"]


def test_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["cards", "--set", "basic"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["card", "set", "editions", "cost", "types"]
    assert "Copper    basic  1,2       $0    Treasure" in out
    assert "Province" in out and "Platinum" not in out
    assert cli.main(["cards", "--json"]) == 0
    cards = json.loads(capsys.readouterr().out)
    colony = next(card for card in cards if card["name"] == "Colony")
    assert colony == {
        "name": "Colony",
        "set": "prosperity",
        "editions": [1, 2],
        "cost": "$11",
        "types": ["Victory"],
        "kingdom": False,
        "options": [],
    }


def test_cards_with_a_bad_set_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["cards", "--set", "atlantis"]) == 2
    assert "invalid choice: 'atlantis'" in capsys.readouterr().err


def test_explain(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "bundled_dir", lambda: fixtures(tmp_path, a=PASSING, b=FAILING))
    assert cli.main(["explain", "  copper "]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Copper: basic, Treasure, cost $0\nEditions: 1st and 2nd editions")
    assert "Scenarios (1):\n  base/copper/coin: Copper makes a coin" in out
    assert cli.main(["explain", "Bureaucrat"]) == 0
    out = capsys.readouterr().out
    assert "base/bureaucrat/1 [editions 1,2]" in out
    assert "base/copper/coin" in out  # cites one of Bureaucrat's rulings


def test_explain_an_unknown_card_exits_2_with_a_suggestion(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["explain", "Provnce"]) == 2
    assert capsys.readouterr().err.startswith(
        "arbiter: unknown card 'Provnce' (did you mean 'Province'"
    )


def test_rulings_reports_which_have_a_passing_scenario(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "bundled_dir", lambda: fixtures(tmp_path, a=PASSING))
    assert cli.main(["rulings", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    rows = {row["id"]: row for row in report["rulings"]}
    assert rows["base/bureaucrat/1"]["proven"] is True
    assert rows["base/bureaucrat/1"]["scenarios"] == [{"id": "base/copper/coin", "status": "pass"}]
    assert report["summary"]["proven"] == 1
    assert cli.main(["rulings", "--missing", "--json"]) == 0
    missing = json.loads(capsys.readouterr().out)["rulings"]
    assert "base/bureaucrat/1" not in {row["id"] for row in missing}
    assert len(missing) == report["summary"]["missing"]
    assert cli.main(["rulings"]) == 0
    out = capsys.readouterr().out
    assert "base/bureaucrat/1" in out and "base/copper/coin" in out
    assert f"1 of {len(rows)} rulings have a passing scenario" in out


def test_no_command_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([]) == 2
    assert capsys.readouterr().err.startswith("arbiter: choose a command: check, cards")


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    assert "check" in capsys.readouterr().out


def test_an_internal_error_is_one_line_not_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(_args: object) -> int:
        raise RuntimeError("oops")

    monkeypatch.delenv("ARBITER_DEBUG", raising=False)
    monkeypatch.setattr(
        cli,
        "COMMANDS",
        tuple(
            cli.Command(c.name, c.help, c.configure, broken if c.name == "cards" else c.run)
            for c in cli.COMMANDS
        ),
    )
    assert cli.main(["cards"]) == 3
    assert capsys.readouterr().err.startswith("arbiter: internal error: RuntimeError: oops")


def test_python_dash_m_arbiter() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "arbiter", "explain", "Nope"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("arbiter: unknown card 'Nope'")
    assert len(done.stderr.splitlines()) == 1


def test_graph_arguments_go_to_the_graph_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["graph", "--bogus"]) == 2
    assert "unrecognized arguments: --bogus" in capsys.readouterr().err


def test_explain_lists_the_interactions_by_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["explain", "Moat"]) == 0
    out = capsys.readouterr().out
    interactions = out[out.index("Interactions (") :]
    attack = interactions[interactions.index("  attack-reaction:") :]
    block = attack.split("\n  ")[1:]
    attackers = " ".join(takewhile(lambda line: line.startswith("  "), block))  # to the next kind
    assert "Militia" in attackers and "Witch" in attackers
