"""Is the engine faster or slower than it was? Revisions of it side by side, in one run.

    python benchmarks/bench_revisions.py 99c1257 HEAD            # before / after the split
    python benchmarks/bench_revisions.py 99c1257 HEAD --rounds 9 --games 100
    python benchmarks/bench_revisions.py 99c1257 HEAD --instructions   # also valgrind counts
    python benchmarks/bench_revisions.py 2321bd9 HEAD --workload random  # random-bot games
    python benchmarks/bench_revisions.py e1c1f5f HEAD --compiled \
        --sets base,intrigue,prosperity,seaside    # issue 28's before / after, in one run

Each revision's ``engine/`` and ``checks/`` are extracted with ``git archive`` into a
temporary directory (the checkout is not touched) and play the same Big Money mirrors
through ``benchmarks/mirror_driver.py`` (``--workload random``: the same random-bot games
through ``benchmarks/random_driver.py``, with each revision's own legal-move generator),
in a new process each time. The revisions take turns,
round after round, so a slow spell of a shared machine hits them all; each one's median
CPU time per player-turn is printed, and a ratio is the median of the rounds' ratios to the
first revision. The games must be the same games on every revision (the same player-turns,
every card of every game ending in the same place): if they are not, the revisions do
different work, the timing says nothing, and the script says so and exits 1. The number of
events each revision logs is printed; it may differ where the event log itself changed
(``pN starts a turn`` came with Seaside), which is work the later revision does.

``--compiled`` adds each revision compiled by mypyc (its whole tree extracted and built
with ``ARBITER_COMPILE=1 pip install --no-deps --target``, as ``.ci/run`` builds it; the
driver refuses a build whose core is not compiled), compared with the first revision
compiled. ``--sets A,B,...`` adds the last revision (and its compiled build) with its
catalogue cut to those Kingdom sets (``mirror_driver.load_only``), compared with the same
build knowing every set: a game must not cost more because the engine knows more cards.

``--instructions`` adds valgrind's instruction count per game (GAMES games minus none, so
interpreter start and imports cancel): the figure that does not move with the machine's
load. Not a timed test: nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

sys.path.insert(0, str(ROOT / "benchmarks"))
from instructions import instruction_count  # noqa: E402
from mirror_driver import SETS_VARIABLE  # noqa: E402

DRIVERS = {
    "mirror": ROOT / "benchmarks" / "mirror_driver.py",
    "random": ROOT / "benchmarks" / "random_driver.py",
}
# What the drivers import from a revision.
PARTS = ("engine", "checks")


@dataclass
class Revision:
    name: str
    root: Path
    seconds: list[float] = field(default_factory=list)
    # The catalogue cut to these Kingdom sets (mirror_driver.load_only), or every set.
    sets: str | None = None
    # What its ratio is taken to: the first revision of its kind, unless this is it.
    baseline: Revision | None = None
    # (player-turns, final positions' hash): the same every round, and on every revision.
    work: tuple[int, str] | None = None
    events: int = 0


def extract(revision: str, into: Path) -> Path:
    """``revision``'s engine and checks packages, unpacked in a new directory under ``into``."""
    root = Path(tempfile.mkdtemp(dir=into))
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision, *PARTS],
        capture_output=True,
    )
    if archive.returncode:
        raise SystemExit(f"bench_revisions: no revision {revision!r}: {archive.stderr.decode()}")
    with tempfile.TemporaryFile() as tar:
        tar.write(archive.stdout)
        tar.seek(0)
        with tarfile.open(fileobj=tar) as files:
            files.extractall(root, filter="data")
    # Compiled once here, so that no measured run pays for compiling the bytecode.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(root)], check=True)
    return root


def build_compiled(revision: str, into: Path) -> Path:
    """``revision`` built by mypyc (``ARBITER_COMPILE=1``) into a new directory under
    ``into``, as ``.ci/run`` builds it; an error unless its core really is compiled."""
    source = Path(tempfile.mkdtemp(dir=into))
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision], capture_output=True
    )
    if archive.returncode:
        raise SystemExit(f"bench_revisions: no revision {revision!r}: {archive.stderr.decode()}")
    with tempfile.TemporaryFile() as tar:
        tar.write(archive.stdout)
        tar.seek(0)
        with tarfile.open(fileobj=tar) as files:
            files.extractall(source, filter="data")
    target = Path(tempfile.mkdtemp(dir=into))
    print(f"compiling {revision} (mypyc; minutes)", file=sys.stderr)
    install = [sys.executable, "-m", "pip", "install", "--verbose", "--no-deps"]
    built = subprocess.run(
        [*install, "--target", str(target), str(source)],
        capture_output=True,
        text=True,
        env={**os.environ, "ARBITER_COMPILE": "1"},
    )
    if built.returncode or not any((target / "engine").glob("game.*.so")):
        # setup.py installs the pure-Python engine when mypyc fails, and says why.
        said = [line for line in built.stdout.splitlines() if "error" in line.lower()]
        why = "\n".join([*said[-5:], built.stderr[-2000:]])
        raise SystemExit(f"bench_revisions: {revision} did not compile:\n{why}")
    return target


def drive(
    driver: Path, root: Path, games: int, seed: int, sets: str | None = None
) -> tuple[float, int, int, str]:
    """(CPU seconds, player-turns, events, final positions' hash) of one run of the driver
    on ``root``'s engine (its catalogue cut to ``sets``, when given)."""
    env = dict(os.environ)
    env.pop(SETS_VARIABLE, None)
    if sets is not None:
        env[SETS_VARIABLE] = sets
    done = subprocess.run(
        [sys.executable, str(driver), str(root), str(games), str(seed)],
        capture_output=True,
        text=True,
        env=env,
    )
    if done.returncode:
        raise SystemExit(f"bench_revisions: the driver failed on {root}:\n{done.stderr}")
    seconds, turns, events, positions = done.stdout.split()
    return float(seconds), int(turns), int(events), positions


def instructions(driver: Path, root: Path, games: int) -> int | None:
    """valgrind's instruction count per game on ``root``'s engine, or None without valgrind."""
    counts = []
    for played in (0, games):
        argv = [sys.executable, str(driver), str(root), str(played)]
        count = instruction_count(argv, ROOT, {"PATH": "/usr/bin:/bin"})
        if count is None:
            return None
        counts.append(count)
    return (counts[1] - counts[0]) // games


def run_rounds(driver: Path, revisions: list[Revision], games: int, rounds: int) -> None:
    for round_number in range(rounds):
        for revision in revisions:
            seconds, turns, revision.events, positions = drive(
                driver, revision.root, games, seed=0, sets=revision.sets
            )
            if revision.work not in (None, (turns, positions)):
                raise SystemExit(
                    f"bench_revisions: {revision.name} played other games"
                    f" in round {round_number + 1}"
                )
            revision.work = (turns, positions)
            revision.seconds.append(seconds)
        print(f"round {round_number + 1} of {rounds} done", file=sys.stderr)


def report(revisions: list[Revision], games: int, title: str = "Big Money mirror") -> int:
    works = {revision.work for revision in revisions}
    first = revisions[0]
    assert first.work is not None
    turns = first.work[0]
    print(f"== {title}, 2 players, {games} games x {len(first.seconds)} rounds ==")
    width = max(12, *(len(revision.name) for revision in revisions))
    for revision in revisions:
        per_turn = [seconds / turns * 1e6 for seconds in revision.seconds]
        line = (
            f"{revision.name:>{width}}: {statistics.median(per_turn):7.2f} us/player-turn median"
            f" ({min(per_turn):.2f} best), {revision.events} events"
        )
        baseline = revision.baseline or (None if revision is first else first)
        if baseline is not None:
            ratios = [
                mine / theirs
                for mine, theirs in zip(revision.seconds, baseline.seconds, strict=True)
            ]
            line += (
                f"; {statistics.median(ratios):.3f}x the time of {baseline.name}"
                f" (rounds {min(ratios):.3f}x to {max(ratios):.3f}x)"
            )
        print(line)
    if len(works) != 1:
        print("the revisions played different games (player-turns, final positions' hash):")
        for revision in revisions:
            print(f"  {revision.name}: {revision.work}")
        return 1
    print(f"same games on every revision: {turns} player-turns, every card ending alike")
    return 0


def contenders(names: list[str], into: Path, compiled: bool, sets: str | None) -> list[Revision]:
    """Each revision (pure Python, then compiled with ``compiled``), and with ``sets`` the
    last revision of each build again with its catalogue cut to ``sets``, compared with
    its full self."""
    pure = [Revision(name, extract(name, into)) for name in names]
    builds = [pure]
    if compiled:
        built = [Revision(f"{name} compiled", build_compiled(name, into)) for name in names]
        for revision in built[1:]:
            revision.baseline = built[0]
        builds.append(built)
    found: list[Revision] = []
    for build in builds:
        found.extend(build)
        if sets is not None:
            count = len(sets.split(","))
            found.extend(
                Revision(f"{full.name}, {count} sets", full.root, sets=sets, baseline=full)
                for full in build[-1:]
            )
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revisions", nargs="+", help="git revisions; the first is the baseline")
    parser.add_argument("--games", type=int, default=100, help="games per run (default 100)")
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds (default 7)")
    parser.add_argument(
        "--instructions", action="store_true", help="also count instructions with valgrind"
    )
    parser.add_argument(
        "--workload",
        choices=sorted(DRIVERS),
        default="mirror",
        help="Big Money mirrors (default) or random-bot games on random Kingdoms",
    )
    parser.add_argument(
        "--compiled", action="store_true", help="also each revision compiled by mypyc"
    )
    parser.add_argument(
        "--sets",
        metavar="A,B,...",
        help="also each build with its catalogue cut to these Kingdom sets",
    )
    args = parser.parse_args()
    if args.games < 1 or args.rounds < 1:
        parser.error("--games and --rounds must be at least 1")
    driver = DRIVERS[args.workload]
    title = "Big Money mirror" if args.workload == "mirror" else "Random-bot games"
    with tempfile.TemporaryDirectory(prefix="bench-revisions-") as tmp:
        revisions = contenders(args.revisions, Path(tmp), args.compiled, args.sets)
        run_rounds(driver, revisions, args.games, args.rounds)
        status = report(revisions, args.games, title)
        if args.instructions:
            print("== instructions per game (valgrind, PYTHONHASHSEED=0) ==")
            base = None
            for revision in revisions:
                count = instructions(driver, revision.root, args.games)
                if count is None:
                    print("valgrind is not installed")
                    break
                base = base or count
                print(f"{revision.name:>12}: {count / 1e6:7.3f} M ({count / base:.3f}x)")
    return status


if __name__ == "__main__":
    sys.exit(main())
