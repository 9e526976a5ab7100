"""What `arbiter check` reports for CI: failures first with their rulings, skips grouped,
--maxfail / -x, --baseline (expected / new / fixed), valid JUnit, GitHub annotations,
--compare without skips, and a progress line only on a terminal."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from fake_adapter import FakeAdapter
from test_cli import FAILING, PASSING

from arbiter import cli
from arbiter.report import Progress, xml_text
from scenarios import engines
from scenarios.adapters.base import AdapterError
from scenarios.runner import Result, Status

RULED = FAILING.replace("title:", "rulings: [base/bureaucrat/1]\ntitle:")


def wrong(name: str) -> str:
    """A failing scenario with the id rules/turn/NAME that cites a ruling."""
    return RULED.replace("rules/turn/wrong", f"rules/turn/{name}")


@pytest.fixture(autouse=True)
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(engines.BUILT_IN, "reference", ("fake_adapter:FakeAdapter", None, ""))


def suite(root: Path, passing: int = 1, failing: int = 1) -> Path:
    """``root/in`` with that many passing and failing scenarios."""
    root = root / "in"
    root.mkdir()
    for n in range(passing):
        (root / f"pass{n}.yaml").write_text(
            PASSING.replace("base/copper/coin", f"base/copper/coin{n}")
        )
    for n in range(failing):
        (root / f"wrong{n}.yaml").write_text(wrong(f"wrong{n}"))
    return root


def check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["check", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def use(monkeypatch: pytest.MonkeyPatch, adapter: type[FakeAdapter]) -> None:
    monkeypatch.setattr(engines, "resolve", lambda _name, **_options: adapter)


def test_failures_come_first_with_their_rulings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class SkipsCopper(FakeAdapter):
        def unsupported_reason(self, cards: set[str], editions: dict[str, int]) -> str | None:
            return "fake lacks Copper" if "Copper" in cards else None

    use(monkeypatch, SkipsCopper)
    code, out, _err = check(capsys, str(suite(tmp_path, passing=2)))
    assert code == 1
    blocks = out.split("\n\n")
    failure = blocks[1].splitlines()
    assert failure[0] == "FAIL  rules/turn/wrong0"
    assert failure[1].endswith("wrong0.yaml:7: final expect: turn.coins expected 3 found 2")
    assert failure[2] == (
        "      ruling base/bureaucrat/1: The player of Bureaucrat gains a Silver from the "
        "Supply and it ends up on top of that player's deck, not in the discard pile."
    )
    assert blocks[2].splitlines() == ["2 skipped, by reason:", "     2  fake lacks Copper"]


def test_skips_are_grouped_by_reason_and_listed_with_v(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Refuses(FakeAdapter):
        def unsupported_reason(self, cards: set[str], editions: dict[str, int]) -> str:
            return "not today" if "Copper" in cards else "not Silver either"

    use(monkeypatch, Refuses)
    root = suite(tmp_path, passing=3)
    code, out, _err = check(capsys, str(root))
    assert code == 0
    assert out.split("\n\n")[-1].splitlines() == [
        "4 skipped, by reason:",
        "     3  not today",
        "     1  not Silver either",
    ]
    _code, verbose, _err = check(capsys, str(root), "-v")
    assert "          base/copper/coin0" in verbose.splitlines()
    assert "SKIP" not in out  # no block per skipped scenario any more


@pytest.mark.parametrize("argv", [["--maxfail", "2"], ["-x"]])
def test_maxfail_and_x_stop_the_run(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "r.json"
    root = suite(tmp_path, 0, 4)
    code, out, _err = check(capsys, str(root), *argv, "--json", str(report))
    wanted = 2 if "--maxfail" in argv else 1
    assert code == 1
    assert len(json.loads(report.read_text())["results"]) == wanted
    assert f"stopped after {wanted} failure(s) (--maxfail)" in out


@pytest.mark.parametrize("value", ["0", "-3", "two"])
def test_a_bad_maxfail_is_a_usage_error(
    value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _out, err = check(capsys, str(suite(tmp_path)), "--maxfail", value)
    assert code == 2 and "at least 1" in err


def test_a_baseline_reports_expected_new_and_fixed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = suite(tmp_path, 1, 2)
    baseline = tmp_path / "baseline.json"
    code, out, _err = check(capsys, str(root), "--baseline", str(baseline), "--update-baseline")
    assert code == 0 and "wrote" in out and "2 expected failure(s)" in out
    written = json.loads(baseline.read_text())
    assert written["expected"] == {"rules/turn/wrong0": "fail", "rules/turn/wrong1": "fail"}

    code, out, _err = check(capsys, str(root), "--baseline", str(baseline))
    assert code == 0, out  # only expected failures
    assert "2 expected by the baseline:" in out and "baseline: 0 new failures" in out

    # wrong0 is fixed, wrong2 is new, wrong1 still fails as expected.
    (root / "wrong0.yaml").write_text(PASSING.replace("base/copper/coin", "rules/turn/wrong0"))
    (root / "wrong2.yaml").write_text(wrong("wrong2"))
    code, out, _err = check(capsys, str(root), "--baseline", str(baseline))
    assert code == 1
    assert out.split("\n\n")[1].startswith("FAIL  rules/turn/wrong2")
    assert "1 expected by the baseline:" in out
    assert "FIXED rules/turn/wrong0" in out
    assert "baseline: 1 new failure" in out

    baseline.write_text('{"expected": []}')
    code, _out, err = check(capsys, str(root), "--baseline", str(baseline))
    assert code == 2 and "not a baseline file" in err
    code, _out, err = check(capsys, str(root), "--update-baseline")
    assert code == 2 and "--update-baseline needs --baseline FILE" in err


def test_a_baseline_of_another_engine_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = suite(tmp_path, 1, 2)
    baseline = tmp_path / "baseline.json"
    check(capsys, str(root), "--baseline", str(baseline), "--update-baseline")
    assert json.loads(baseline.read_text())["engine"] == "reference"
    written = baseline.read_text()
    other = ["--engine", "wrong_engines:ReportsNoExtraTurns"]
    for update in ([], ["--update-baseline"]):
        code, out, err = check(capsys, str(root), *other, "--baseline", str(baseline), *update)
        assert code == 2 and out == ""
        assert err.strip().endswith(
            f"--baseline {baseline} lists the failures of --engine reference, not of --engine "
            "wrong_engines:ReportsNoExtraTurns (give each engine its own baseline file)"
        )
    assert baseline.read_text() == written  # never overwritten


class Garbled(FakeAdapter):
    def load(self, setup: dict[str, Any]) -> None:
        raise AdapterError("the engine said \x1b[31mred\x1b[0m and rang \x07 the bell")


def test_junit_is_valid_with_times_relative_paths_and_schema_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    use(monkeypatch, Garbled)
    monkeypatch.chdir(tmp_path)
    suite(tmp_path, 1, 0)
    code, _out, _err = check(capsys, "in", "--junit", "r.xml")
    assert code == 1
    text = (tmp_path / "r.xml").read_text()
    assert "\x1b" not in text and "\x07" not in text
    suites = ET.fromstring(text)  # parses: the XML is well formed
    assert float(suites.get("time", "-1")) >= 0
    case = next(suites.iter("testcase"))
    assert case.get("file") == "in/pass0.yaml"
    assert float(case.get("time", "-1")) >= 0
    assert [child.tag for child in case] == ["properties", "error"]
    assert case.find("error").get("message") == (  # type: ignore[union-attr]
        "setup: the engine said red and rang \\x07 the bell"
    )


def test_xml_text_keeps_what_xml_allows() -> None:
    assert xml_text("a\tb\nc é ✓ 🂡") == "a\tb\nc é ✓ 🂡"
    assert xml_text("\x00\x1b[1;32mok\x1b[0m\ufffe") == "\\x00ok\\xfffe"


def test_github_annotations(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = check(capsys, str(suite(tmp_path, 1, 1)), "--format", "github")
    assert code == 1
    first = out.splitlines()[0]
    assert first.startswith("::error file=")
    assert ",line=7," in first
    assert ",title=FAIL rules/turn/wrong0::final expect: turn.coins expected 3 found 2" in first
    assert "%0Aruling base/bureaucrat/1: The player of Bureaucrat" in first
    assert out.splitlines()[1].split() == ["set", "passed", "failed", "errors", "skipped", "total"]


def test_compare_ignores_skips_unless_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Refuses(FakeAdapter):
        def unsupported_reason(self, cards: set[str], editions: dict[str, int]) -> str:
            return "not today"

    monkeypatch.setattr(
        engines,
        "resolve",
        lambda name, **_options: Refuses if name == "refuses" else FakeAdapter,
    )
    root = suite(tmp_path, 1, 0)
    code, out, _err = check(capsys, str(root), "--engine", "refuses", "--compare", "reference")
    assert code == 0
    assert "0 scenario(s) on which refuses and reference disagree (1 more differ only" in out
    code, out, _err = check(
        capsys, str(root), "--engine", "refuses", "--compare", "reference", "--include-skips"
    )
    assert code == 1 and "1 scenario(s) on which" in out


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_line_shows_on_a_terminal_only() -> None:
    result = Result("base/x/y", "f.yaml", Status.PASS)
    quiet = io.StringIO()
    Progress(quiet)(result, 1, 2)
    assert quiet.getvalue() == ""
    terminal = Terminal()
    progress = Progress(terminal)
    progress(result, 2, 2)
    assert terminal.getvalue() == "\r[2/2] base/x/y"
    progress.clear()
    assert terminal.getvalue().endswith("\r" + " " * len("[2/2] base/x/y") + "\r")


def test_no_progress_in_a_captured_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _code, _out, err = check(capsys, str(suite(tmp_path)))
    assert err == ""
