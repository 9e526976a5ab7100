"""benchmarks/bench_revisions.py compares only revisions that play the same games."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_revisions import Revision, report  # noqa: E402
from mirror_driver import SETS_VARIABLE  # noqa: E402

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


def _drive_with_sets(sets: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "mirror_driver.py"), str(ROOT), "1"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, SETS_VARIABLE: sets},
    )


def test_the_driver_plays_with_its_catalogue_cut_to_some_sets() -> None:
    # The driver checks that the catalogue then holds those sets' cards and no others.
    assert _drive_with_sets("base,intrigue").returncode == 0


def test_a_set_the_registry_lacks_is_one_clear_error() -> None:
    done = _drive_with_sets("base,no-such-set")
    assert done.returncode == 1
    assert "no such sets in this revision's registry: ['no-such-set']" in done.stderr
    assert "Traceback" not in done.stderr
