"""benchmarks/bench_revisions.py compares only revisions that play the same games."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_revisions import Revision, report  # noqa: E402

needs_git = pytest.mark.skipif(not (ROOT / ".git").exists(), reason="not a git checkout")


@needs_git
def test_two_extracted_revisions_play_the_same_games() -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "bench_revisions.py"),
            "HEAD",
            "HEAD",
            "--games",
            "2",
            "--rounds",
            "1",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert "same games on every revision" in done.stdout


def test_revisions_that_play_different_games_are_not_compared(
    capsys: pytest.CaptureFixture[str],
) -> None:
    before = Revision("before", ROOT, seconds=[1.0], work=(40, "5e1f"))
    after = Revision("after", ROOT, seconds=[1.0], work=(40, "9a07"))
    assert report([before, after], games=1) == 1
    assert "played different games" in capsys.readouterr().out


@needs_git
def test_an_unknown_revision_is_one_clear_error() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_revisions.py"), "no-such-rev"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 1
    assert "no revision 'no-such-rev'" in done.stderr
    assert "Traceback" not in done.stderr
