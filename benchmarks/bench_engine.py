"""How fast is the reference engine? A script to run by hand; it prints figures.

    python benchmarks/bench_engine.py              # everything
    python benchmarks/bench_engine.py --games 500  # more games per measurement
    python benchmarks/bench_engine.py --profile    # cProfile of the Big Money mirror
    python benchmarks/bench_engine.py --just-play reference --games 100  # untimed, for valgrind

What it measures:

1. A 2-player Big Money mirror, per player-turn and per game, on the reference engine
   exactly as scenarios run it: every move through ``Game.command`` / ``Game.answer``
   (rule checks on), every event recorded, the bots seeing only a ``GameView``. Side by
   side in the same rounds: pyminion (``pip install 'dominion-arbiter[pyminion]'``) with
   the same buy rule, silenced (its root logger at WARNING, so no log record is built:
   its fastest setting) and as shipped (``log_stdout=False`` only, which still builds a
   record per ``logger.info``), and the bare-lists floor (``benchmarks/floor.py``: the
   same mirror on lists of card names, the lower bound of CPython for this work). The
   ratios printed: the reference's speed-up over each pyminion and its cost over the floor.
2. Random-bot games on random kingdoms of all three sets (the moves of
   ``checks.random_play``, which the random-game checks and the state machine play), per
   player-turn, against the Big Money mirror in the same rounds.
3. The cost per game as games get longer: Big Money that buys only on every k-th of
   its turns (but plays its Treasures every turn) for k = 1..4; turns per game against
   time per game, with a least-squares line. Linear cost means a flat time per turn.
4. The time of the whole scenario suite (``arbiter check``).
5. The time of ``arbiter prove`` (skipped with a message until it exists).

Rates are measured in CPU time of this process (``time.process_time``), so that other work
on a shared machine moves the figures less. Every contender runs in the same process, one
after the other in each round, round after round; each one's median and best round are
printed, and a ratio is the median of the rounds' ratios (the runs of a round are seconds
apart, so a slow spell of the machine hits them all). Not a timed test: nothing here
fails on a slow machine.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import logging
import pstats
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# The engine of this checkout, unless --installed asks for the one the interpreter has
# installed (a compiled one: ARBITER_COMPILE=1 pip install ., engine/compiled.py). Decided
# before anything is imported, hence sys.argv.
INSTALLED = "--installed" in sys.argv[1:]
if not INSTALLED and str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from checks.random_play import step as random_step  # noqa: E402
from engine.bots import BIG_MONEY_FALLBACK as FALLBACK  # noqa: E402
from engine.bots import BigMoney, GameView, big_money_buy, play_game  # noqa: E402
from engine.compiled import is_compiled  # noqa: E402
from engine.game import Game  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from floor import play_floor_game  # noqa: E402
from mirror_driver import KINGDOM  # noqa: E402
from random_driver import play_games as play_random_games  # noqa: E402

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


Runner = Callable[[int, int], tuple[float, int]]


def contenders() -> dict[str, Runner | None]:
    """The mirror's players, in the order each round runs them (None: not installed).

    pyminion sets the root logger to INFO when it is imported, so ``log_stdout=False`` alone
    only hides its output: every ``logger.info`` still builds a LogRecord. Its fastest
    setting is the root logger at WARNING ("silenced"); "as shipped" is what a user gets
    without that line. Both are printed, and the ratios are quoted against the silenced one.
    """
    pyminion = pyminion_runner()
    return {
        "reference": lambda games, seed: run_reference(games, seed)[:2],
        "pyminion, silenced": None
        if pyminion is None
        else _with_root_level(pyminion, logging.WARNING),
        "pyminion, as shipped": None if pyminion is None else pyminion,
        "bare-lists floor": run_floor,
    }


def _with_root_level(run: Runner, level: int) -> Runner:
    def silenced(games: int, seed: int) -> tuple[float, int]:
        root = logging.getLogger()
        shipped = root.level
        root.setLevel(level)
        try:
            return run(games, seed)
        finally:
            root.setLevel(shipped)

    return silenced


def run_floor(games: int, seed: int) -> tuple[float, int]:
    """(seconds, player-turns) of ``games`` mirror games on bare lists (benchmarks/floor.py)."""
    rng = random.Random(seed)
    turns = 0
    start = clock()
    for _ in range(games):
        turns += play_floor_game(rng)[0]
    return clock() - start, turns


def section_mirror(games: int, seed: int, rounds: int) -> None:
    print(f"== Big Money mirror, 2 players, {games} games x {rounds} rounds ==")
    players = contenders()
    # Per round and player: microseconds per player-turn and games per second.
    per_turn: dict[str, list[float]] = {name: [] for name, run in players.items() if run}
    per_game: dict[str, list[float]] = {name: [] for name in per_turn}
    turns: dict[str, int] = {}
    for _ in range(rounds):  # alternating, so a slow spell of the machine hits every player
        for name, run in players.items():
            if run is None:
                continue
            seconds, turns[name] = run(games, seed)
            per_turn[name].append(seconds / turns[name] * 1e6)
            per_game[name].append(games / seconds)
    for name in players:
        if name not in per_turn:
            print(f"{name:<22}: not installed (pip install 'dominion-arbiter[pyminion]')")
            continue
        print(
            f"{name:<22}: {statistics.median(per_turn[name]):7.2f} us/player-turn median "
            f"({min(per_turn[name]):.2f} best), {statistics.median(per_game[name]):7.1f} games/s "
            f"median; {turns[name] / games / 2:.1f} turns per player"
        )
    print(
        "reference engine: every rule check on, every event recorded "
        f"({_events_per_game(seed):.0f} per game)"
    )
    # Each round's runs are seconds apart, so their ratio cancels the slow swings of a
    # shared machine's speed; the median of those ratios is the figure to quote.
    _ratio(
        per_turn, "pyminion, silenced", "reference", "reference's speed-up over pyminion, silenced"
    )
    _ratio(
        per_turn,
        "pyminion, as shipped",
        "reference",
        "reference's speed-up over pyminion as shipped",
    )
    _ratio(per_turn, "reference", "bare-lists floor", "reference's cost over the bare-lists floor")


def _ratio(per_turn: dict[str, list[float]], slow: str, fast: str, meaning: str) -> None:
    if slow not in per_turn or fast not in per_turn:
        return
    ratios = sorted(s / f for s, f in zip(per_turn[slow], per_turn[fast], strict=True))
    print(
        f"{meaning:<46}: {statistics.median(ratios):5.2f}x per player-turn "
        f"(median of the rounds' ratios, {ratios[0]:.2f}x to {ratios[-1]:.2f}x)"
    )


def _events_per_game(seed: int) -> float:
    _, _, events = run_reference(20, seed)
    return events / 20


def run_random(games: int, seed: int) -> tuple[float, int]:
    """(seconds, player-turns) of random-bot games on random kingdoms of all three sets:
    the games the random-game checks and the state machine play (``checks.random_play``'s
    moves, without its invariant checks, so that only the engine is timed), cut off after
    ``random_driver.MAX_TURNS`` turns (those still count)."""
    start = clock()
    turns = play_random_games(Game, random_step, games, seed).turns
    return clock() - start, turns


def section_random(games: int, seed: int, rounds: int) -> None:
    print(
        f"\n== Random-bot games on random kingdoms of all three sets, {games} games x {rounds} =="
    )
    per_turn: dict[str, list[float]] = {"Big Money mirror": [], "random bots": []}
    runners: dict[str, Runner] = {
        "Big Money mirror": lambda games, seed: run_reference(games, seed)[:2],
        "random bots": run_random,
    }
    for _ in range(rounds):
        for name, run in runners.items():
            seconds, turns = run(games, seed)
            per_turn[name].append(seconds / turns * 1e6)
    for name, figures in per_turn.items():
        print(
            f"{name:<22}: {statistics.median(figures):7.2f} us/player-turn median "
            f"({min(figures):.2f} best)"
        )
    _ratio(
        per_turn, "random bots", "Big Money mirror", "cost of a random turn over a Big Money turn"
    )


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


def engine_kind() -> str:
    """Which reference engine runs: compiled or pure Python, and where it comes from."""
    import engine

    kind = "compiled (mypyc)" if is_compiled() else "pure Python"
    return f"{kind}, from {Path(engine.__file__).parent}"


def clock() -> float:
    """CPU time of this process: on a shared machine it moves far less than wall time."""
    return time.process_time()


def _arbiter(*args: str) -> list[str] | None:
    """How to run the arbiter CLI, or None when it does not offer ``args[0]`` yet."""
    if not (ROOT / "arbiter" / "cli.py").exists():
        return None
    command = [sys.executable, "-m", "arbiter", *args]
    probe = subprocess.run(
        [*command[:3], args[0], "--help"], cwd=_command_dir(), capture_output=True, text=True
    )
    return command if probe.returncode == 0 else None


def _command_dir() -> Path:
    """Where ``python -m arbiter`` runs: the checkout (whose sources it then imports), or,
    with --installed, out of it (the installed engine)."""
    return Path(tempfile.gettempdir()) if INSTALLED else ROOT


def section_command(title: str, args: list[str]) -> None:
    print(f"\n== {title}: arbiter {' '.join(args)} ==")
    command = _arbiter(*args)
    if command is None:
        print(f"skipped: `arbiter {args[0]}` does not exist yet")
        return
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=_command_dir(), capture_output=True, text=True)
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
    if engine == "floor":
        run_floor(games, seed)
        return 0
    pyminion = pyminion_runner()
    if pyminion is None:
        print("pyminion is not installed (pip install 'dominion-arbiter[pyminion]')")
        return 2
    if engine == "pyminion-silenced":
        pyminion = _with_root_level(pyminion, logging.WARNING)
    pyminion(games, seed)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per measurement")
    parser.add_argument("--rounds", type=int, default=7, help="rounds of the side-by-side run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="only profile the mirror")
    parser.add_argument("--top", type=int, default=25, help="profile entries shown")
    parser.add_argument("--only", choices=["mirror", "random", "length", "suite", "prove"])
    parser.add_argument(
        "--installed",
        action="store_true",
        help="the engine this interpreter has installed (a compiled one, say), not this checkout's",
    )
    parser.add_argument(
        "--just-play",
        choices=["reference", "pyminion", "pyminion-silenced", "floor"],
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
    print(f"python {sys.version.split()[0]} on {sys.platform}; {sys.executable}")
    print(f"engine: {engine_kind()}")
    if args.only in (None, "mirror"):
        section_mirror(args.games, args.seed, args.rounds)
    if args.only in (None, "random"):
        section_random(max(10, args.games // 4), args.seed, args.rounds)
    if args.only in (None, "length"):
        section_length(max(20, args.games // 3), args.seed, args.rounds)
    if args.only in (None, "suite"):
        section_command("Scenario suite", ["check"])
    if args.only in (None, "prove"):
        section_command("Proofs", ["prove"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
