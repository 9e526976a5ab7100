"""How long does ``pytest`` take? Revisions of the test suite side by side, in one run.

    python benchmarks/bench_tests.py e1c1f5f HEAD          # before / after issue 35
    python benchmarks/bench_tests.py HEAD --rounds 3
    python benchmarks/bench_tests.py HEAD -- --full        # arguments after -- go to pytest

Each revision is extracted whole with ``git archive`` into a temporary directory (the
checkout is not touched), and its suite runs there as a contributor runs it:
``python -m pytest`` with that revision's own options (``pyproject.toml``: one process
before issue 35, parallel workers after), in the environment this script runs in, which
imports the extracted tree's code (Python puts the working directory first on its path).
The revisions take turns, round after round, so a busy spell of a shared machine hits
them all.

Each run prints its wall time, the CPU time of pytest and of every process it waited for
(user and system), the load average before and after it, and pytest's closing line; then
each revision's medians and their ratios to the first revision. The load is the 1-minute
load average (2 on 2 busy cores). On a shared machine the
wall time grows with the others' work and the CPU time hardly does: read the wall time
with the load beside it. Not a timed test: nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Run:
    wall: float
    cpu: float
    load_before: float  # the 1-minute load average
    load_after: float
    closing: str  # pytest's last line: passed, failed, skipped and its own time


@dataclass
class Revision:
    name: str
    root: Path
    runs: list[Run] = field(default_factory=list)


def extract(revision: str, into: Path) -> Path:
    """The whole tree of ``revision``, unpacked in a new directory under ``into``."""
    root = Path(tempfile.mkdtemp(dir=into))
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision],
        capture_output=True,
        check=False,
    )
    if archive.returncode:
        raise SystemExit(f"bench_tests: no revision {revision!r}: {archive.stderr.decode()}")
    subprocess.run(["tar", "-x", "-C", str(root)], input=archive.stdout, check=True)
    return root


def run_suite(root: Path, arguments: list[str]) -> Run:
    """One run of ``python -m pytest`` in ``root``."""
    load_before = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *arguments],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = done.stdout.strip().splitlines()
    closing = lines[-1] if lines else f"no output (exit {done.returncode}): {done.stderr[-300:]}"
    return Run(wall, cpu, load_before, os.getloadavg()[0], closing.strip("= "))


def report(revisions: list[Revision]) -> None:
    first = revisions[0]
    print(f"\nmedians over {len(first.runs)} round(s), {os.cpu_count()} cores:")
    for revision in revisions:
        wall = statistics.median(run.wall for run in revision.runs)
        cpu = statistics.median(run.cpu for run in revision.runs)
        ratios = ""
        if revision is not first:
            base_wall = statistics.median(run.wall for run in first.runs)
            base_cpu = statistics.median(run.cpu for run in first.runs)
            ratios = f"  ({wall / base_wall:.2f}x the wall, {cpu / base_cpu:.2f}x the CPU)"
        print(f"  {revision.name}: wall {wall:.0f} s, CPU {cpu:.0f} s{ratios}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revisions", nargs="+", help="git revisions; the first is the baseline")
    parser.add_argument("--rounds", type=int, default=1, help="runs of each revision (1)")
    argv = sys.argv[1:]
    arguments = argv[argv.index("--") + 1 :] if "--" in argv else []
    args = parser.parse_args(argv[: argv.index("--")] if "--" in argv else argv)
    with tempfile.TemporaryDirectory(prefix="bench-tests-") as into:
        revisions = [Revision(name, extract(name, Path(into))) for name in args.revisions]
        for round_number in range(1, args.rounds + 1):
            for revision in revisions:
                run = run_suite(revision.root, arguments)
                revision.runs.append(run)
                print(
                    f"{revision.name} round {round_number}: wall {run.wall:.1f} s, "
                    f"CPU {run.cpu:.1f} s; load {run.load_before:.1f} -> {run.load_after:.1f}; "
                    f"{run.closing}",
                    flush=True,
                )
    report(revisions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
