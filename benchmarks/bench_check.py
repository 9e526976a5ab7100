"""What ``arbiter check`` over the bundled scenarios costs in CPU time, and where it goes.

    python benchmarks/bench_check.py [--repeat N]

Two figures, both CPU time (user + system), not wall time, because the machine is shared:

* **the whole command**: ``python -m arbiter check`` in a child process, interpreter start
  included, as a user runs it (``resource.getrusage(RUSAGE_CHILDREN)``), after one
  untimed run that writes the bytecode cache; the median and the best of ``--repeat``
  runs. It runs the checkout the script is in: copied into an older checkout, it
  measures that one with the same interpreter;
* **the split**, in a second child that does the command's work phase by phase with
  ``time.process_time`` around each: *start* (the interpreter, before the first line of
  the child runs: the whole child's CPU minus the phases), *import* (``arbiter.cli`` and
  what it imports), *discover* (finding the files), *read* (the strict YAML reader),
  *catalogue* (the rulings catalogue and the card index the checks use), *validate*
  (schema and the loader's checks, ``parse_scenario``), *run* (playing every scenario on
  the reference engine and judging it), *report* (the summary the command prints).

It prints figures; it asserts nothing (speed is not a test). The machine's load average is
printed beside them: on a busy machine every figure is higher.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# `python -m arbiter` from the checkout this script is in, so that the script copied into
# an older checkout measures that one (the current directory comes first on the path).
COMMAND = [sys.executable, "-m", "arbiter", "check"]

# The phases of `arbiter check`, done one by one with the functions the command calls.
SPLIT_CHILD = """
import json, resource, sys, time

def cpu():
    return time.process_time()

marks = {}
t = cpu()
import arbiter.cli
marks["import"] = cpu() - t

from scenarios import loader, runner
from scenarios.catalogue import catalogue

t = cpu()
files = loader.discover([loader.bundled_dir()])
marks["discover"] = cpu() - t

t = cpu()
docs = [loader.read_yaml_file(path) for path in files]
marks["read"] = cpu() - t

t = cpu()
rulings = catalogue().keys()
cards = loader.reference_cards_cached()
marks["catalogue"] = cpu() - t

t = cpu()
scenarios = [loader.parse_scenario(doc, path, cards, rulings) for doc, path in zip(docs, files)]
marks["validate"] = cpu() - t

t = cpu()
results = runner.run_all(scenarios, runner.reference_adapter)
marks["run"] = cpu() - t

t = cpu()
table = arbiter.cli.summary_table(arbiter.cli.summarize(results))
marks["report"] = cpu() - t

usage = resource.getrusage(resource.RUSAGE_SELF)
total = usage.ru_utime + usage.ru_stime
passed = sum(1 for result in results if result.status == "pass")
print(json.dumps({"marks": marks, "total": total, "count": len(files), "passed": passed}))
"""


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} ({os.cpu_count()} cores)"


def child_cpu(argv: list[str]) -> tuple[float, subprocess.CompletedProcess[str]]:
    """The CPU seconds (user + system) of one child process, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used, done


def warm_up() -> None:
    """One untimed run that writes the bytecode cache (even where PYTHONDONTWRITEBYTECODE
    is set): compiling the sources again on every run is not what a user's runs cost."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(COMMAND, cwd=ROOT, capture_output=True, check=False, env=environment)


def whole_command(repeat: int) -> None:
    figures = []
    last = ""
    for _ in range(repeat):
        used, done = child_cpu(COMMAND)
        if done.returncode != 0:
            print(f"arbiter check exited {done.returncode}:\n{done.stdout}{done.stderr}")
            raise SystemExit(1)
        figures.append(used)
        last = done.stdout.strip().splitlines()[-1]
    print(f"== arbiter check in {ROOT}, {repeat} runs ({load_average()}) ==")
    print(
        f"CPU time: {statistics.median(figures):.3f} s median, {min(figures):.3f} s best"
        f" (runs: {', '.join(f'{f:.3f}' for f in figures)})"
    )
    print(f"last line: {' '.join(last.split())}")


def split(repeat: int) -> None:
    runs = []
    for _ in range(repeat):
        _used, done = child_cpu([sys.executable, "-c", SPLIT_CHILD])
        if done.returncode != 0:
            print(f"the split's child failed:\n{done.stderr}")
            raise SystemExit(1)
        runs.append(json.loads(done.stdout))
    best = min(runs, key=lambda run: run["total"])
    marks = best["marks"]
    phases = {"start": best["total"] - sum(marks.values()), **marks}
    print(f"\n== the split, best of {repeat} by total ({load_average()}) ==")
    print(f"{best['count']} scenarios, {best['passed']} passed")
    for name, seconds in phases.items():
        share = 100 * seconds / best["total"]
        print(f"{name:10s} {seconds:7.3f} s  {share:5.1f}%")
    print(f"{'total':10s} {best['total']:7.3f} s")
    per = 1000 * (marks["read"] + marks["validate"] + marks["run"]) / best["count"]
    print(f"per scenario (read + validate + run): {per:.3f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each (default 5)")
    args = parser.parse_args()
    warm_up()
    whole_command(args.repeat)
    split(args.repeat)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
