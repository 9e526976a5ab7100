"""Output files and printed text: each hazard of issue 14, reproduced and refused.

In-process tests run `check` on the fake engine (as test_cli does); the tests about
signals, pipes and a full standard output run the real `arbiter` in a subprocess,
because those hazards only exist between processes.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from arbiter import cli, output
from arbiter.output import OutputError, Target, printable
from scenarios import engines, runner

PASSING = """id: base/copper/coin
title: Copper makes a coin
setup: {p1: {hand: [Copper]}}
steps:
  - play: Copper
expect: {turn: {coins: 1}}
"""
FAILING = """id: rules/turn/wrong{n}
title: a wrong expectation
setup: {{p1: {{hand: [Silver]}}}}
steps:
  - play: Silver
expect: {{turn: {{coins: 3}}}}
"""
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(engines.BUILT_IN, "reference", ("fake_adapter:FakeAdapter", None, ""))


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    path = tmp_path / "a.yaml"
    path.write_text(PASSING)
    return path


def check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["check", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


# --- what may be an output ----------------------------------------------------------------


def test_an_input_is_never_overwritten(scenario: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = check(capsys, str(scenario), "--json", str(scenario))
    assert code == 2 and "is an input of this run" in one_line(err)
    assert scenario.read_text() == PASSING


def test_a_hard_link_to_an_input_is_refused_too(
    scenario: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    link = tmp_path / "other-name.json"
    os.link(scenario, link)
    code, _out, err = check(capsys, str(scenario), "--junit", str(link))
    assert code == 2 and "is an input of this run" in err
    assert scenario.read_text() == PASSING


def test_a_rulings_file_is_an_input_of_every_check(
    scenario: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from scenarios.catalogue import catalogue_files

    ruling_file = catalogue_files()[0]
    before = ruling_file.read_bytes()
    code, _out, err = check(capsys, str(scenario), "--json", str(ruling_file))
    assert code == 2 and "is an input" in err
    assert ruling_file.read_bytes() == before


def test_two_outputs_may_not_share_a_file(
    scenario: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    same = tmp_path / "r"
    code, _out, err = check(capsys, str(scenario), "--json", str(same), "--junit", str(same))
    assert code == 2 and "--json and --junit both write to" in one_line(err)
    assert not same.exists()
    code, _out, err = check(capsys, str(scenario), "--json", "-", "--junit", "-")
    assert code == 2 and "both write to standard output" in err


@pytest.mark.parametrize(
    ("given", "reason"),
    [
        ("/dev/null", "not a regular file"),
        ("/proc/self/fd/1", "/proc is not a place for files"),
        (".", "a directory"),
        ("no/such/dir/r.json", "no such directory"),
    ],
)
def test_only_regular_files_are_written(
    given: str,
    reason: str,
    scenario: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(scenario.parent)
    code, out, err = check(capsys, str(scenario), "--json", given)
    assert code == 2 and out == ""
    assert reason in one_line(err)
    assert Path("/dev/null").is_char_device()


def test_outputs_are_checked_before_anything_runs(
    scenario: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def must_not_run(*args: object, **kwargs: object) -> None:
        raise AssertionError("the scenarios ran before the outputs were checked")

    monkeypatch.setattr(runner, "run_files", must_not_run)
    code, _out, err = check(capsys, str(scenario), "--json", "/no/such/dir/r.json")
    assert code == 2 and "no such directory" in err


def test_a_symbolic_link_is_followed_and_kept(
    scenario: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    real, link = tmp_path / "real.json", tmp_path / "link.json"
    real.write_text("old")
    link.symlink_to(real)
    code, _out, _err = check(capsys, str(scenario), "--json", str(link))
    assert code == 0 and link.is_symlink()
    assert json.loads(real.read_text())["summary"]["passed"] == 1


def test_a_loop_of_links_is_named_as_such(
    scenario: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    code, _out, err = check(capsys, str(scenario), "--json", str(loop))
    assert code == 2 and "a loop of symbolic links" in err
    code, _out, err = check(capsys, str(loop))
    assert code == 2 and "a loop of symbolic links" in one_line(err)


# --- how a file is written ----------------------------------------------------------------


def target_in(tmp_path: Path, name: str = "r.json") -> Target:
    return output.plan([("--json", str(tmp_path / name))])[0]


def test_a_new_file_gets_the_umask_s_permissions(tmp_path: Path) -> None:
    previous = os.umask(0o027)
    try:
        output.write(target_in(tmp_path), "{}\n")
    finally:
        os.umask(previous)
    assert (tmp_path / "r.json").stat().st_mode & 0o777 == 0o640


def test_a_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text("old")
    path.chmod(0o604)
    output.write(target_in(tmp_path), "new")
    assert path.read_text() == "new" and path.stat().st_mode & 0o777 == 0o604


def test_an_error_names_the_target_not_the_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "r.json"
    path.write_text("old")

    def disk_full(descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OutputError) as caught:
        output.write(target_in(tmp_path), "new")
    assert str(caught.value) == f"cannot write {path}: No space left on device"
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]  # no temporary file left


def test_ctrl_c_during_the_write_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(descriptor: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        output.write(target_in(tmp_path), "new")
    assert list(tmp_path.iterdir()) == []


def test_sigterm_during_the_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    (tmp_path / "r.json").write_text("old")
    program = textwrap.dedent(
        f"""
        import os, signal
        from arbiter import output
        # The signal arrives while the temporary file is open, as a `kill` during the write.
        os.fsync = lambda descriptor: os.kill(os.getpid(), signal.SIGTERM)
        output.write(output.plan([("--json", {str(tmp_path / "r.json")!r})])[0], "new")
        print("survived")
        """
    )
    run = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert run.returncode == -signal.SIGTERM, run.stderr
    assert "survived" not in run.stdout
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]
    assert (tmp_path / "r.json").read_text() == "old"


# --- standard output ----------------------------------------------------------------------


def test_dash_means_standard_output(scenario: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = check(capsys, str(scenario), "--json", "-")
    assert code == 0
    assert json.loads(out)["summary"]["passed"] == 1  # nothing else on stdout
    assert "passed" in err  # the summary table went to stderr
    code, out, _err = check(capsys, str(scenario), "--junit", "-")
    assert code == 0 and out.startswith("<?xml")


def arbiter(*argv: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "arbiter", *argv]
    return subprocess.run(command, text=True, cwd=ROOT, timeout=120, **kwargs)  # type: ignore[call-overload, no-any-return]


def failing_scenarios(tmp_path: Path, count: int = 3) -> Path:
    root = tmp_path / "in"
    root.mkdir()
    for n in range(count):
        (root / f"w{n}.yaml").write_text(FAILING.format(n=n))
    return root


def test_a_closed_pipe_keeps_the_run_s_status_and_its_reports(tmp_path: Path) -> None:
    root, report = failing_scenarios(tmp_path), tmp_path / "r.json"
    reader, writer = os.pipe()
    os.close(reader)  # as `| head -1` that has already gone
    try:
        run = arbiter("check", str(root), "--json", str(report), stdout=writer, stderr=-1)
    finally:
        os.close(writer)
    assert run.returncode == 1, run.stderr  # the scenarios failed
    assert run.stderr == ""
    assert json.loads(report.read_text())["summary"]["failed"] == 3


@pytest.mark.parametrize("argv", [["cards"], ["check", "{root}"], ["simulate", "--games", "2"]])
def test_a_full_standard_output_is_exit_2_with_one_line(argv: list[str], tmp_path: Path) -> None:
    root = failing_scenarios(tmp_path)
    with open("/dev/full", "w") as full:
        run = arbiter(*(a.format(root=root) for a in argv), stdout=full, stderr=-1)
    assert run.returncode == 2
    assert "cannot write to standard output: No space left on device" in one_line(run.stderr)


def test_simulate_json_to_a_directory_is_exit_2(tmp_path: Path) -> None:
    run = arbiter("simulate", "--games", "2", "--json", str(tmp_path), capture_output=True)
    assert run.returncode == 2
    assert "a directory" in one_line(run.stderr)


def test_graph_out_follows_the_same_rules(capsys: pytest.CaptureFixture[str]) -> None:
    from arbiter.graph_cli import main as graph_main

    assert graph_main(["--out", "/dev/null"]) == 2
    assert "not a regular file" in one_line(capsys.readouterr().err)


# --- printed text -------------------------------------------------------------------------


def test_printable_escapes_control_characters() -> None:
    assert printable("plain café ♠") == "plain café ♠"
    assert printable("bad\x1b[2Jname") == "bad\\x1b[2Jname"
    assert printable("a\nb\tc\rd\x7f\x9b") == "a\\nb\\tc\\rd\\x7f\\x9b"
    assert printable("abc\u202edef") == "abc\\u202edef"


def test_a_file_name_with_a_terminal_escape_is_printed_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bad\x1b[2Jname.yaml").write_text(FAILING.format(n=1))
    code, out, _err = check(capsys, str(tmp_path))
    assert code == 1
    assert "bad\\x1b[2Jname.yaml:6" in out and "\x1b" not in out
