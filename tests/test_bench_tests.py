"""benchmarks/bench_tests.py runs a revision's suite where it extracted it and reports
each run with pytest's own closing line."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="not a git checkout")
def test_a_revision_is_run_and_reported() -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "bench_tests.py"),
            "HEAD",
            "--",
            "tests/test_front_pages.py",
            "-n",
            "0",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    first = done.stdout.splitlines()[0]
    assert re.fullmatch(
        r"HEAD round 1: wall [\d.]+ s, CPU [\d.]+ s; load [\d.]+ -> [\d.]+; \d+ passed in .*s",
        first,
    ), first
    assert "medians over 1 round(s)" in done.stdout
