"""Playing many cards from one hand: time against hand size, to show it is linear.

    python benchmarks/bench_long_hand.py [--sizes 1000,4000,16000] [--repeat N]

For each n, a hand of n Coppers then n Silvers in the Buy phase; every Silver is played
by name (``play Silver``), which finds the first Silver in the hand each time. Prints the
best of N runs per size, the time per play, and the ratio to the previous size: about
the size ratio when playing is linear, its square when quadratic (issue 14 measured
0.7 s at n=4,000 and 6.7 s at n=16,000 before the fix).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.game import Game
from engine.setup_check import BASIC_PILES, MAX_CARDS


def play_every_silver(n: int) -> float:
    """Seconds to play n Silvers from a hand of n Coppers and n Silvers."""
    game = Game(
        {
            "p1": {"hand": ["Copper"] * n + ["Silver"] * n},
            "turn": {"phase": "buy"},
            "supply": dict.fromkeys(BASIC_PILES, 0),  # every card of the setup is in the hand
        }
    )
    started = time.perf_counter()
    for _ in range(n):
        game.command("play", "Silver")
    seconds = time.perf_counter() - started
    assert game.state.turn.coins == 2 * n
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000,4000,16000", help="comma list of n")
    parser.add_argument("--repeat", type=int, default=3, help="runs per size (best kept)")
    args = parser.parse_args()
    sizes = [int(part) for part in args.sizes.split(",") if part.strip()]
    if not sizes or min(sizes) < 1 or args.repeat < 1:
        parser.error("--sizes must be positive numbers and --repeat at least 1")
    if max(sizes) > MAX_CARDS // 2:
        parser.error(f"a setup holds at most {MAX_CARDS} cards: n is at most {MAX_CARDS // 2}")
    print(f"{'n':>7}  {'seconds':>8}  {'us/play':>8}  ratio to previous (size ratio)")
    previous: tuple[int, float] | None = None
    for n in sizes:
        best = min(play_every_silver(n) for _ in range(args.repeat))
        ratio = ""
        if previous is not None:
            ratio = f"{best / previous[1]:.1f} ({n / previous[0]:.1f})"
        print(f"{n:>7}  {best:>8.3f}  {best / n * 1e6:>8.1f}  {ratio}")
        previous = (n, best)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
