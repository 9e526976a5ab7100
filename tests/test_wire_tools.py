"""`arbiter wire-test` (an engine's protocol behaviour) and `arbiter check --record`."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from arbiter import cli
from scenarios.loader import bundled_dir

ENGINES = Path(__file__).resolve().parent / "fake_engines"
SERVER = f"{sys.executable} -m scenarios.wire_server"
MILITIA = bundled_dir() / "base" / "militia"


def wire_test(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    code = cli.main(["wire-test", *argv])
    return code, capsys.readouterr().out.splitlines()


def test_wire_test_passes_the_reference_server(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = wire_test(capsys, SERVER)
    assert code == 0, lines
    assert lines[-1] == "8 of 8 checks passed"
    assert all(line.startswith("ok    ") for line in lines[:-1])


def test_wire_test_names_each_broken_behaviour(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = wire_test(capsys, f"{sys.executable} {ENGINES / 'lenient.py'}")
    assert code == 1
    failed = [line for line in lines if line.startswith("FAIL")]
    assert "FAIL  a line that is not JSON: expected status error" in failed[0]
    assert "FAIL  an unknown op: expected status error" in failed[1]
    assert any("observe" in line and "does not fit the schema" in line for line in failed)
    assert any("buy Province with $0" in line for line in failed)
    assert lines[0].startswith("ok    hello: engine lenient")


def test_wire_test_stops_at_a_failed_hello(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = wire_test(capsys, f"{sys.executable} {ENGINES / 'old_protocol.py'}")
    assert code == 1
    assert lines[0].startswith("FAIL  hello:") and "protocol 7 only" in lines[0]
    assert lines[-1] == "0 of 8 checks passed"


def test_wire_test_cannot_start_is_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = wire_test(capsys, "/nonexistent/engine")
    assert code == 2
    assert lines == [
        "arbiter wire-test: cannot start /nonexistent/engine: No such file or directory"
    ]


def record(capsys: pytest.CaptureFixture[str], directory: Path, *argv: str) -> int:
    code = cli.main(["check", str(MILITIA), "--record", str(directory), *argv])
    capsys.readouterr()
    return code


def test_record_writes_one_transcript_per_scenario_and_the_hello(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert record(capsys, tmp_path / "ref") == 0
    files = sorted(p.relative_to(tmp_path / "ref") for p in (tmp_path / "ref").rglob("*.txt"))
    scenarios = sorted(p.name for p in MILITIA.glob("*.yaml"))
    assert [str(p) for p in files] == [
        *(f"base/militia/{name.removesuffix('.yaml')}.txt" for name in scenarios),
        "hello.txt",
    ]
    lines = (tmp_path / "ref" / "base/militia/discard-to-three.txt").read_text().splitlines()
    assert lines[0].startswith('> {"id":1,"op":"load","setup":{"players":3')
    assert lines[1] == '< {"id":1,"status":"ok","result":null}'
    assert any('"status":"rejected"' in line for line in lines)
    assert lines[-1].startswith("< ")


def test_two_engines_that_agree_record_identical_transcripts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert record(capsys, tmp_path / "ref") == 0
    assert record(capsys, tmp_path / "wire", "--engine", f"wire:{SERVER}") == 0
    for mine in (tmp_path / "wire").rglob("*.txt"):
        theirs = tmp_path / "ref" / mine.relative_to(tmp_path / "wire")
        assert mine.read_text() == theirs.read_text(), mine


def test_record_refuses_a_directory_with_other_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    code = cli.main(["check", str(MILITIA), "--record", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and "the directory holds other files" in err
    assert (tmp_path / "notes.txt").read_text() == "mine"
    assert record(capsys, tmp_path / "again") == 0
    assert record(capsys, tmp_path / "again") == 0  # an earlier record may be replaced
