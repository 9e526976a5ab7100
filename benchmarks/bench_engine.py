"""How fast is the reference engine? A script to run by hand; it prints figures.

    python benchmarks/bench_engine.py              # everything
    python benchmarks/bench_engine.py --games 500  # more games per measurement
    python benchmarks/bench_engine.py --profile    # cProfile of the Big Money mirror
    python benchmarks/bench_engine.py --just-play reference --games 100  # untimed, for valgrind

What it measures:

1. Games per second of a 2-player Big Money mirror on the reference engine, exactly as
   scenarios run it: every move through ``Game.command`` / ``Game.answer`` (rule checks
   on), every event recorded, the bots seeing only a ``GameView``. Side by side in the
   same run, the same mirror on pyminion (``pip install 'dominion-arbiter[pyminion]'``)
   with the same buy rule and its logging off, and the ratio of the two.
2. The cost per game as games get longer: Big Money that buys only on every k-th of
   its turns (but plays its Treasures every turn) for k = 1..4; turns per game against
   time per game, with a least-squares line. Linear cost means a flat time per turn.
3. The time of the whole scenario suite (``arbiter check``).
4. The time of ``arbiter prove`` (skipped with a message until it exists).

Rates are measured in CPU time of this process (``time.process_time``), so that other work
on a shared machine moves the figures less. Both engines run interleaved in the same
process, round after round; each engine's best and median round are printed, and the ratio
is the median of the rounds' ratios (the two runs of a round are seconds apart, so a slow
spell of the machine hits both). Not a timed test: nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.bots import BIG_MONEY_FALLBACK as FALLBACK  # noqa: E402
from engine.bots import BigMoney, GameView, big_money_buy, play_game  # noqa: E402
from engine.game import Game  # noqa: E402

# Cards both engines have; Big Money buys none of them, they only fill the Supply.
KINGDOM = [
    "Cellar",
    "Chapel",
    "Moat",
    "Village",
    "Workshop",
    "Smithy",
    "Militia",
    "Market",
    "Laboratory",
    "Witch",
]


# ---------------------------------------------------------------- reference engine


class SlowBuyer(BigMoney):
    """Big Money that buys only on every ``every``-th of its own turns: longer games
    with the same per-turn work (it plays its Treasures every turn)."""

    def __init__(self, every: int) -> None:
        super().__init__(name=f"bigmoney/every-{every}")
        self.every = every

    def choose_buy(self, view: GameView, coins: int, among: set[str] | None = None) -> str | None:
        if (view.turn_number - 1) % self.every:
            return None
        return super().choose_buy(view, coins, among)


def run_reference(
    games: int, seed: int, bot: Callable[[], BigMoney] = BigMoney
) -> tuple[float, int, int]:
    """(seconds, player-turns, events) for ``games`` games of a 2-player mirror."""
    turns = events = 0
    start = clock()
    for index in range(games):
        game = Game.new(players=2, kingdom=KINGDOM, seed=seed + index, colony=False)
        result = play_game(game, [bot(), bot()], max_turns=10_000)
        if not result.finished:
            raise SystemExit("a benchmark game did not finish")
        turns += result.turns
        events += len(game.state.events)
    return clock() - start, turns, events


# ---------------------------------------------------------------- pyminion


def pyminion_runner() -> Callable[[int, int], tuple[float, int]] | None:
    try:
        from pyminion.bots.bot import Bot, BotDecider
        from pyminion.expansions import base
        from pyminion.game import Game as PyminionGame
    except ImportError:
        return None

    by_name = {card.name: card for card in base.base_set}
    cards = {card.name: card for card in (base.province, base.duchy, base.gold, base.estate)}
    cards["Silver"] = base.silver

    class BigMoneyDecider(BotDecider):  # type: ignore[misc]
        """The same rule as ``engine.bots.big_money_buy``."""

        def action_priority(self, player: Any, game: Any) -> Any:
            return iter(())

        def buy_priority(self, player: Any, game: Any) -> Any:
            money = player.state.money
            name = big_money_buy(money, game.supply.pile_length("Province"))
            # The same fall-backs as BigMoney.choose_buy when a pile is empty.
            while name is not None:
                if cards[name].get_cost(player, game) <= money:
                    yield cards[name]
                name = FALLBACK.get(name)

    kingdom = [by_name[name] for name in KINGDOM]

    def run(games: int, seed: int) -> tuple[float, int]:
        random.seed(seed)
        turns = 0
        start = clock()
        for _ in range(games):
            players = [Bot(BigMoneyDecider(), "p1"), Bot(BigMoneyDecider(), "p2")]
            game = PyminionGame(
                players=players, expansions=[base.base_set], kingdom_cards=kingdom, log_stdout=False
            )
            result = game.play()
            turns += sum(summary.turns for summary in result.player_summaries)
        return clock() - start, turns

    return run


# ---------------------------------------------------------------- sections


def section_mirror(games: int, seed: int, rounds: int) -> None:
    print(f"== Big Money mirror, 2 players, {games} games x {rounds} rounds ==")
    pyminion = pyminion_runner()
    ref_rates: list[float] = []
    py_rates: list[float] = []
    ref_turns = py_turns = events = 0
    for _ in range(rounds):  # interleaved, so both see the same machine load
        seconds, ref_turns, events = run_reference(games, seed)
        ref_rates.append(games / seconds)
        if pyminion is not None:
            seconds, py_turns = pyminion(games, seed)
            py_rates.append(games / seconds)
    print(
        f"reference engine : {_rates(ref_rates)}  ({ref_turns / games / 2:.1f} turns per player, "
        f"{events / games:.0f} events recorded per game, rule checks on)"
    )
    if pyminion is None:
        print("pyminion         : not installed (pip install 'dominion-arbiter[pyminion]')")
        return
    print(
        f"pyminion 0.4.0   : {_rates(py_rates)}  ({py_turns / games / 2:.1f} turns per "
        "player, logging off)"
    )
    # Each round's two runs are seconds apart, so their ratio cancels the slow swings of a
    # shared machine's speed; the median of those ratios is the figure to quote.
    ratios = sorted(ref / py for ref, py in zip(ref_rates, py_rates, strict=True))
    print(
        f"ratio            : {statistics.median(ratios):8.2f}x (reference / pyminion: median of "
        f"the {rounds} rounds' ratios, {ratios[0]:.2f}x to {ratios[-1]:.2f}x)"
    )


def _rates(rates: list[float]) -> str:
    return f"{max(rates):8.1f} games/s best round, {statistics.median(rates):.1f} median"


def section_length(games: int, seed: int, rounds: int) -> None:
    print(f"\n== Cost per game as games get longer (buy only every k-th turn; best of {rounds}) ==")
    print(f"{'k':>3} {'turns/game':>11} {'ms/game':>9} {'us/turn':>9}")
    every_k = (1, 2, 3, 4)
    runs: dict[int, list[tuple[float, int, int]]] = {every: [] for every in every_k}
    for _ in range(rounds):  # every k in each round, so a slow spell hits them all
        for every in every_k:
            runs[every].append(run_reference(games, seed, lambda every=every: SlowBuyer(every)))
    points: list[tuple[float, float]] = []
    for every in every_k:
        seconds, turns, _ = min(runs[every])
        per_game, turns_per_game = seconds / games, turns / games
        points.append((turns_per_game, per_game))
        print(
            f"{every:>3} {turns_per_game:>11.1f} {per_game * 1e3:>9.2f} "
            f"{per_game / turns_per_game * 1e6:>9.1f}"
        )
    xs, ys = [x for x, _ in points], [y for _, y in points]
    slope, intercept = statistics.linear_regression(xs, ys)
    r = statistics.correlation(xs, ys)
    print(
        f"fit: time/game = {intercept * 1e3:.3f} ms + {slope * 1e6:.1f} us x turns "
        f"(r^2 = {r * r:.4f}); time per turn longest/shortest = "
        f"{(ys[-1] / xs[-1]) / (ys[0] / xs[0]):.2f}"
    )


def clock() -> float:
    """CPU time of this process: on a shared machine it moves far less than wall time."""
    return time.process_time()


def _arbiter(*args: str) -> list[str] | None:
    """How to run the arbiter CLI, or None when it does not offer ``args[0]`` yet."""
    if not (ROOT / "arbiter" / "cli.py").exists():
        return None
    command = [sys.executable, "-m", "arbiter", *args]
    probe = subprocess.run(
        [*command[:3], args[0], "--help"], cwd=ROOT, capture_output=True, text=True
    )
    return command if probe.returncode == 0 else None


def section_command(title: str, args: list[str]) -> None:
    print(f"\n== {title}: arbiter {' '.join(args)} ==")
    command = _arbiter(*args)
    if command is None:
        print(f"skipped: `arbiter {args[0]}` does not exist yet")
        return
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    last = (done.stdout.strip().splitlines() or [""])[-1].strip()
    print(
        f"{seconds:.2f} s wall, {cpu:.2f} s CPU (exit {done.returncode}; process start "
        f"included); last line: {last}"
    )


def profile(games: int, seed: int, top: int) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    run_reference(games, seed)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).strip_dirs().sort_stats("tottime")
    stats.print_stats(top)
    print(out.getvalue())


def just_play(engine: str, games: int, seed: int) -> int:
    """Play the mirror with no timing, for a counter outside the process (valgrind)."""
    if engine == "reference":
        run_reference(games, seed)
        return 0
    pyminion = pyminion_runner()
    if pyminion is None:
        print("pyminion is not installed (pip install 'dominion-arbiter[pyminion]')")
        return 2
    pyminion(games, seed)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per measurement")
    parser.add_argument("--rounds", type=int, default=7, help="rounds of the side-by-side run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="only profile the mirror")
    parser.add_argument("--top", type=int, default=25, help="profile entries shown")
    parser.add_argument("--only", choices=["mirror", "length", "suite", "prove"])
    parser.add_argument(
        "--just-play",
        choices=["reference", "pyminion"],
        help="only play --games mirror games on one engine, untimed (to count instructions)",
    )
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.games < (0 if args.just_play else 1):  # 0 games: the baseline of a count
        parser.error("--games must be at least 1 (0 only with --just-play)")
    if args.profile:
        profile(args.games, args.seed, args.top)
        return 0
    if args.just_play:
        return just_play(args.just_play, args.games, args.seed)
    print(f"python {sys.version.split()[0]} on {sys.platform}; {shutil.which('python') or ''}")
    if args.only in (None, "mirror"):
        section_mirror(args.games, args.seed, args.rounds)
    if args.only in (None, "length"):
        section_length(max(20, args.games // 3), args.seed, args.rounds)
    if args.only in (None, "suite"):
        section_command("Scenario suite", ["check"])
    if args.only in (None, "prove"):
        section_command("Proofs", ["prove"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
