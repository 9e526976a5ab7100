"""What ``arbiter check`` over the bundled scenarios costs in CPU time, and where it goes.

    python benchmarks/bench_check.py [--repeat N]

Every figure is CPU time (user + system), not wall time, because the machine is shared.
``arbiter check`` keeps the loaded scenarios between runs (scenarios/cache.py), so the
whole command is measured three ways, each in a child process, interpreter start included,
as a user runs it (``resource.getrusage(RUSAGE_CHILDREN)``), after one untimed run that
writes the bytecode cache; the median and the best of ``--repeat`` runs of each:

* **cold**: ``arbiter check --no-cache``, every file read and validated;
* **filling**: with an empty cache, which the run fills (a first run, or after the loader,
  schema, catalogue or engine changed);
* **warm**: with the cache filled by the run before (the files unchanged); the games are
  played and judged all the same.

The cache used is a temporary directory of the benchmark's, never the user's. It runs the
checkout the script is in: copied into an older checkout, it measures that one with the
same interpreter (one without the cache gets the cold figure only).

Then **the split**: in another child, the command's work phase by phase with
``time.process_time`` around each: *start* (the interpreter, before the first line of the
child runs: the whole child's CPU minus the phases), *import* (``arbiter.cli`` and what it
imports), *discover* (finding the files), *read* (the strict YAML reader), *catalogue*
(the rulings catalogue and the card index the checks use), *validate* (schema and the
loader's checks, ``parse_scenario``), *run* (playing every scenario on the reference engine
and judging it), *report* (the summary the command prints). The warm split has *load*
(the scenarios from the filled cache) in place of read, catalogue and validate.

``--instructions`` adds valgrind's count of the instructions of a cold and of a warm run
(``benchmarks/instructions.py``, to be copied with the script): the figure to compare
revisions by on a busy machine.

``--files-of REV`` measures the same runs over the scenario files that existed at the
revision ``REV`` instead of all of them (today's versions of those files; one deleted
since is left out and counted): the workload a goal was set on when the suite was smaller
(issue 20's at 99c1257, 571 files).

It prints figures; it asserts nothing (speed is not a test). The machine's load average is
printed beside them: on a busy machine every figure is higher.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# `python -m arbiter` from the checkout this script is in, so that the script copied into
# an older checkout measures that one (the current directory comes first on the path).
COMMAND = [sys.executable, "-m", "arbiter", "check"]
# Whether this checkout keeps loaded scenarios between runs (older ones do not).
HAS_CACHE = (ROOT / "scenarios" / "cache.py").exists()

# The phases of `arbiter check`, done one by one with the functions the command calls;
# with "warm" as its argument, the scenarios come from the filled cache.
SPLIT_CHILD = """
import json, resource, sys, time

def cpu():
    return time.process_time()

warm = sys.argv[1:2] == ["warm"]
given = sys.argv[2:]  # the files of --files-of; none: the bundled scenarios
marks = {}
t = cpu()
import arbiter.cli
marks["import"] = cpu() - t

from scenarios import loader, runner

t = cpu()
files = loader.discover(given or [loader.bundled_dir()])
marks["discover"] = cpu() - t

if warm:
    from scenarios.cache import ScenarioCache

    t = cpu()
    scenarios, failures = loader.load_many(files, cache=ScenarioCache.for_user())
    marks["load"] = cpu() - t
    assert not failures
else:
    from scenarios.catalogue import catalogue
    from scenarios.yamlread import read_yaml_file

    t = cpu()
    docs = [read_yaml_file(path) for path in files]
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


def child_cpu(
    argv: list[str], environment: dict[str, str] | None = None
) -> tuple[float, subprocess.CompletedProcess[str]]:
    """The CPU seconds (user + system) of one child process, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        argv, cwd=ROOT, capture_output=True, text=True, check=False, env=environment
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used, done


def cache_environment(directory: Path) -> dict[str, str]:
    """The environment of a child whose cache is ``directory`` (the benchmark's own)."""
    environment = {k: v for k, v in os.environ.items() if k != "ARBITER_NO_CACHE"}
    environment["ARBITER_CACHE_DIR"] = str(directory)
    return environment


def warm_up(cache: Path, command: list[str]) -> None:
    """One untimed run that writes the bytecode cache (even where PYTHONDONTWRITEBYTECODE
    is set): compiling the sources again on every run is not what a user's runs cost."""
    environment = cache_environment(cache)
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run(command, cwd=ROOT, capture_output=True, check=False, env=environment)


def files_of(revision: str) -> tuple[list[str], int]:
    """The scenario files (paths from the checkout's root) that existed at ``revision``
    and still exist, and how many of its files no longer do."""
    listed = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", revision, "--", "scenarios"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if listed.returncode != 0:
        raise SystemExit(f"bench_check: git ls-tree {revision}: {listed.stderr.strip()}")
    files = [
        name
        for name in listed.stdout.splitlines()
        if name.endswith((".yaml", ".yml"))
        and not name.startswith(("scenarios/rulings/", "scenarios/schema/"))
    ]
    present = [name for name in files if (ROOT / name).is_file()]
    return present, len(files) - len(present)


def whole_command(label: str, repeat: int, argv: list[str], cache: Path, empty: bool) -> None:
    """``repeat`` runs of ``argv`` with ``cache`` as the cache (emptied before each run
    when ``empty``)."""
    figures = []
    last = ""
    for _ in range(repeat):
        if empty:
            shutil.rmtree(cache, ignore_errors=True)
        used, done = child_cpu(argv, cache_environment(cache))
        if done.returncode != 0:
            print(f"arbiter check exited {done.returncode}:\n{done.stdout}{done.stderr}")
            raise SystemExit(1)
        figures.append(used)
        last = done.stdout.strip().splitlines()[-1]
    words = [word for word in argv[1:] if not word.startswith("scenarios/")]
    if len(words) < len(argv) - 1:
        words.append(f"<{len(argv) - 1 - len(words)} files>")
    print(f"== {label}: {' '.join(words)}, {repeat} runs ({load_average()}) ==")
    print(
        f"CPU time: {statistics.median(figures):.3f} s median, {min(figures):.3f} s best"
        f" (runs: {', '.join(f'{f:.3f}' for f in figures)})"
    )
    print(f"last line: {' '.join(last.split())}")


def count_instructions(command: list[str], cold: list[str], cache: Path) -> None:
    """One cold and one warm run under valgrind (the cache is filled by the runs before)."""
    # Imported here: the script copied alone into an older checkout runs without it.
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from instructions import instruction_count

    print(f"\n== instructions (valgrind, PYTHONHASHSEED=0), one run each ({load_average()}) ==")
    for label, argv in (("cold, no cache", cold), ("warm, the cache filled", command)):
        count = instruction_count(argv, ROOT, cache_environment(cache))
        if count is None:
            print("valgrind is not installed: no counts")
            return
        print(f"{label:24s} {count / 1e9:7.3f} G")


def split(label: str, repeat: int, cache: Path, warm: bool, files: list[str]) -> None:
    runs = []
    argv = [sys.executable, "-c", SPLIT_CHILD, "warm" if warm else "cold", *files]
    for _ in range(repeat):
        _used, done = child_cpu(argv, cache_environment(cache))
        if done.returncode != 0:
            print(f"the split's child failed:\n{done.stderr}")
            raise SystemExit(1)
        runs.append(json.loads(done.stdout))
    best = min(runs, key=lambda run: run["total"])
    marks = best["marks"]
    phases = {"start": best["total"] - sum(marks.values()), **marks}
    print(f"\n== the split, {label}, best of {repeat} by total ({load_average()}) ==")
    print(f"{best['count']} scenarios, {best['passed']} passed")
    for name, seconds in phases.items():
        share = 100 * seconds / best["total"]
        print(f"{name:10s} {seconds:7.3f} s  {share:5.1f}%")
    print(f"{'total':10s} {best['total']:7.3f} s")
    loading = ("load",) if warm else ("read", "validate")
    per = 1000 * sum(marks[name] for name in (*loading, "run")) / best["count"]
    print(f"per scenario ({' + '.join((*loading, 'run'))}): {per:.3f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each (default 5)")
    parser.add_argument(
        "--files-of",
        metavar="REV",
        help="only the scenario files that existed at the git revision REV",
    )
    parser.add_argument(
        "--instructions", action="store_true", help="also count instructions (valgrind)"
    )
    args = parser.parse_args()
    files: list[str] = []
    if args.files_of:
        files, gone = files_of(args.files_of)
        print(f"the {len(files)} scenario files of {args.files_of} ({gone} deleted since)")
    command = [*COMMAND, *files]
    with tempfile.TemporaryDirectory(prefix="bench-check-") as temporary:
        cache = Path(temporary) / "cache"
        warm_up(cache, command)
        if not HAS_CACHE:
            label = "arbiter check (no cache in this checkout)"
            whole_command(label, args.repeat, command, cache, True)
            split("cold", args.repeat, cache, False, files)
            return 0
        cold = [*COMMAND, "--no-cache", *files]
        whole_command("cold, no cache", args.repeat, cold, cache, False)
        whole_command("filling an empty cache", args.repeat, command, cache, True)
        whole_command("warm, the cache filled", args.repeat, command, cache, False)
        split("cold", args.repeat, cache, False, files)
        split("warm", args.repeat, cache, True, files)
        if args.instructions:
            count_instructions(command, cold, cache)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
