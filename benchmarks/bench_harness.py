"""What a broken engine costs the harness: the time of a full run, and the peak memory.

    python benchmarks/bench_harness.py [--timeout SECONDS]

Three runs of ``arbiter check`` on the whole bundled suite, each against a deliberately
broken engine from ``tests/fake_engines/`` and at the given per-request timeout (default:
the harness's default, 10 s):

* ``never_answers.py`` never answers anything, not even ``hello``: the run stops after one
  timeout, with one line and exit 2;
* ``hang.py`` answers until asked to play a Smithy, then never again: each such scenario
  costs one timeout and a restart, the others pass;
* ``flood_stdout.py`` writes an endless line when asked to play a Smithy: each such
  scenario is an error as soon as 4 MB have arrived. The figure is the harness's own peak
  resident memory (``ru_maxrss`` of the ``arbiter check`` process, which the engines'
  processes are not part of), beside the same run's peak on the sane reference engine.

Each run is a separate ``arbiter check`` process, timed by the wall clock.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINES = ROOT / "tests" / "fake_engines"
# Runs `arbiter check` in this child and prints its own peak RSS (KiB) on stderr's last line.
CHILD = """
import resource, sys
from arbiter.cli import main
code = main(sys.argv[1:])
sys.stderr.write(f"\\nmaxrss {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}\\n")
sys.exit(code)
"""


def check(engine: str, timeout: str | None) -> tuple[float, int, int, str]:
    """Wall seconds, exit code, the harness's peak RSS in KiB, and its last stderr line."""
    argv = [sys.executable, "-c", CHILD, "check", "--engine", engine]
    if timeout:
        argv += ["--timeout", timeout]
    started = time.perf_counter()
    done = subprocess.run(
        argv, cwd=ROOT, capture_output=True, text=True, check=False, env={**os.environ}
    )
    seconds = time.perf_counter() - started
    lines = done.stderr.strip().splitlines()
    peak = int(lines[-1].split()[1]) if lines and lines[-1].startswith("maxrss") else -1
    said = next((line for line in reversed(lines[:-1]) if line.strip()), "")
    summary = next((line for line in done.stdout.splitlines() if line.startswith("all ")), said)
    return seconds, done.returncode, peak, summary


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--timeout", help="per-request timeout in seconds (default: 10)")
    args = parser.parse_args()
    python = sys.executable
    runs = [
        ("reference (sane)", "reference"),
        ("never answers", f"wire:{python} {ENGINES / 'never_answers.py'}"),
        ("hangs on Smithy", f"wire:{python} {ENGINES / 'hang.py'}"),
        ("floods stdout on Smithy", f"wire:{python} {ENGINES / 'flood_stdout.py'}"),
    ]
    print(f"whole bundled suite, timeout {args.timeout or 'default (10)'} s")
    for label, engine in runs:
        seconds, code, peak, summary = check(engine, args.timeout)
        print(f"  {label:24} {seconds:7.1f} s  exit {code}  peak {peak / 1024:6.1f} MiB")
        print(f"  {'':24} {summary[:150]}")
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"  (this benchmark's own process: {own / 1024:.1f} MiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
