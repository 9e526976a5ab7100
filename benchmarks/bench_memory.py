"""How much memory a long game takes, recorded and unrecorded. A script; it prints figures.

    python benchmarks/bench_memory.py                  # 20,000 turns, both ways
    python benchmarks/bench_memory.py --turns 100000

A 2-player game of Big Money bots that play their Treasures every turn and never buy, so
that it never ends, is played for ``--turns`` turns (both players' together) through
``engine.bots.play_game``: once recording (``Game(record=True)``, the default: the event
log and the list of inputs grow with every turn) and once recording nothing
(``record=False``, what ``arbiter simulate`` plays). Each way runs in a child process of
its own, twice: once for the child's peak resident size (interpreter and imports
included, and the same figure before the game), once for the peak of what Python
allocated during the game (``tracemalloc``, which itself takes memory and time, hence
the separate run). Not a test: nothing here fails.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.bots import play_game  # noqa: E402
from engine.game import Game  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_engine import KINGDOM, SlowBuyer  # noqa: E402

MIB = 1024 * 1024


def play_long_game(turns: int, record: bool, traced: bool) -> str:
    """Play the never-ending game for ``turns`` turns; a line of figures."""
    before = _peak_resident()
    if traced:
        tracemalloc.start()
    start = time.process_time()
    game = Game.new(players=2, kingdom=KINGDOM, seed=1, colony=False, record=record)
    never_buys = [SlowBuyer(every=turns + 1) for _ in range(2)]
    over = play_game(game, never_buys, max_turns=turns)
    seconds = time.process_time() - start
    assert over.turns == turns and not over.finished
    if traced:
        peak = tracemalloc.get_traced_memory()[1]
        return f"{peak / MIB:.2f} MiB peak allocated during the game (tracemalloc)"
    return (
        f"{_peak_resident() / MIB:.1f} MiB peak resident ({before / MIB:.1f} MiB before the "
        f"game); {len(game.state.events):,} events and {len(game.inputs):,} inputs kept; "
        f"{seconds:.2f} s CPU"
    )


def _peak_resident() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=20_000, help="turns, both players' together")
    parser.add_argument("--one", choices=["recorded", "unrecorded"], help=argparse.SUPPRESS)
    parser.add_argument("--traced", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.turns < 1:
        parser.error("--turns must be at least 1")
    if args.one:
        print(play_long_game(args.turns, args.one == "recorded", args.traced))
        return 0
    print(f"== A never-ending 2-player game, {args.turns:,} turns ==")
    for one in ("recorded", "unrecorded"):
        figures = []
        for traced in ([], ["--traced"]):  # each in a fresh process: its own peak
            child = [sys.executable, __file__, "--turns", str(args.turns), "--one", one, *traced]
            done = subprocess.run(child, capture_output=True, text=True, check=False)
            figures.append(done.stdout.strip() or f"failed: {done.stderr.strip()}")
        print(f"{one:<10}: " + "; ".join(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
