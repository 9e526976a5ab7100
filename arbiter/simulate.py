"""``arbiter simulate``: bot games on the reference engine, with a results table.

    arbiter simulate --bots bigmoney,bigmoney:Smithy --games 1000 --workers 4
    arbiter simulate --players 3 --bots random,bigmoney,bigmoney:Witch:2 --kingdom random \\
        --editions base=1,intrigue=2 --seed 7 --json results.json

Every game is played by :func:`engine.bots.play_game`, through the same ``Game.command`` /
``Game.answer`` loop as scenarios. Game ``i`` gets its own seed, derived from
``(--seed, i)``; seats rotate (in game ``i`` bot ``j`` sits in seat ``(j - i) mod
players``), so over any ``players`` consecutive games every bot has every seat once. Games
are independent and their results are put back in game order, so the results are the same
for the same seed whatever ``--workers`` is.

Exit codes: 0 done, 2 bad options or an output that cannot be written (one line on
stderr), 3 an internal error (an engine or
bot failure, with the game's index and seed so it can be replayed), 130 interrupted.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn, TextIO

from arbiter import output
from arbiter.output import OutputError, printable
from engine import cards as catalogue
from engine.bots import BigMoneyWith, make_bot, play_game
from engine.game import Game, random_kingdom
from engine.sets import BY_NAME, KINGDOM_SETS

EXIT_OK, EXIT_USAGE, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 2, 3, 130
SETS = KINGDOM_SETS
MAX_TURNS_PER_PLAYER = 100
Z95 = 1.959963984540054


class UsageError(Exception):
    """Options we cannot run with; main prints one line and exits 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


# ---------------------------------------------------------------------- configuration


COLONY_WORDS = {True: "yes", False: "no", None: "auto"}


@dataclass(frozen=True)
class Config:
    """A checked simulation request; plain data, so worker processes can receive it."""

    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    kingdom: tuple[str, ...] | None  # None: a random kingdom for every game
    editions: dict[str, int] = field(default_factory=dict)
    sets: tuple[str, ...] = SETS
    colony: bool | None = None  # None: by the Prosperity rule, game by game
    max_turns: int = MAX_TURNS_PER_PLAYER

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "kingdom": list(self.kingdom) if self.kingdom is not None else "random",
            "editions": dict(self.editions),
            "sets": list(self.sets),
            "colony": COLONY_WORDS[self.colony],
            "max_turns_per_player": self.max_turns,
        }


# The most games one run plays: every game's result is kept (``--json`` lists them), a
# few hundred bytes each.
MAX_GAMES = 1_000_000


def build_parser() -> _Parser:
    parser = _Parser(
        prog="arbiter simulate",
        description="Play bot games on the reference engine and report win rates.",
    )
    add = parser.add_argument
    add("--players", type=int, help="players per game, 2 to 6 (default: the number of --bots)")
    add(
        "--bots",
        default="bigmoney",
        help="comma list, one per player: random, bigmoney, bigmoney:CARD[:N] "
        "(default: bigmoney); a single bot plays every seat",
    )
    add("--games", type=int, default=100, help=f"games to play, at most {MAX_GAMES:,} (100)")
    add("--seed", type=int, default=0, help="master seed (default: 0)")
    add("--kingdom", default="random", help="comma list of kingdom cards, or random (default)")
    add(
        "--editions",
        default="",
        help="editions per set, e.g. base=1,intrigue=2 (default: each set's latest)",
    )
    add(
        "--colony",
        choices=("yes", "no", "auto"),
        default="auto",
        help="Platinum and Colony in the Supply: yes, no, or auto (default: by the "
        "Prosperity rule, a chance equal to the share of Prosperity cards in the kingdom)",
    )
    add("--workers", type=int, default=1, help="processes to play on (default: 1)")
    add(
        "--max-turns",
        type=int,
        default=MAX_TURNS_PER_PLAYER,
        help=f"stop a game after this many turns per player (default: {MAX_TURNS_PER_PLAYER})",
    )
    add("--progress", action="store_true", help="show the progress bar even when not a TTY")
    add(
        "--json",
        nargs="?",
        const="-",
        metavar="FILE",
        help="write the results as JSON to FILE (or to stdout, instead of the table)",
    )
    return parser


def parse_editions(text: str) -> tuple[dict[str, int], tuple[str, ...]]:
    """``base=1,intrigue=2`` -> ({"base": 1, "intrigue": 2}, ("base", "intrigue"))."""
    editions: dict[str, int] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        name, sep, value = item.partition("=")
        name = name.strip().lower()
        if not sep or name not in SETS:
            raise UsageError(
                f"--editions: {item!r} is not SET=1 or SET=2 with SET one of {', '.join(SETS)}"
            )
        printed = sorted(BY_NAME[name].editions)
        if value.strip() not in [str(edition) for edition in printed]:
            choices = " or ".join(f"{name}={edition}" for edition in printed)
            raise UsageError(f"--editions: {item!r}: {name} was printed as {choices} only")
        editions[name] = int(value)
    return editions, (tuple(editions) if editions else SETS)


def _kingdom_card(name: str, editions: dict[str, int], what: str) -> str:
    wanted = name.strip()
    known = {n.lower(): n for n in catalogue.card_names()}
    if wanted.lower() not in known:
        raise UsageError(f"{what}: unknown card {wanted!r}")
    card = catalogue.lookup(known[wanted.lower()], {**catalogue.DEFAULT_EDITIONS, **editions})
    if not card.kingdom:
        raise UsageError(f"{what}: {card.name} is not a kingdom card")
    return card.name


def make_config(args: argparse.Namespace) -> Config:
    editions, sets = parse_editions(args.editions)
    specs = [spec.strip() for spec in args.bots.split(",") if spec.strip()]
    if not specs:
        raise UsageError("--bots: give at least one bot")
    players = args.players if args.players is not None else max(len(specs), 2)
    if not 2 <= players <= 6:
        raise UsageError(f"--players must be 2 to 6, not {players}")
    if len(specs) == 1:
        specs *= players
    if len(specs) != players:
        raise UsageError(f"--bots: {players} players need {players} bots, not {len(specs)}")
    bots: list[str] = []
    for spec in specs:
        try:
            bot = make_bot(spec)
        except ValueError as error:
            raise UsageError(f"--bots: {error}") from None
        if isinstance(bot, BigMoneyWith):
            name = _kingdom_card(bot.card_name, editions, f"--bots {spec}")
            spec = ":".join([spec.split(":")[0], name, *spec.split(":")[2:]])
        bots.append(spec)
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES:,}, not {args.games}")
    if args.workers < 1:
        raise UsageError(f"--workers must be at least 1, not {args.workers}")
    if args.max_turns < 1:
        raise UsageError(f"--max-turns must be at least 1, not {args.max_turns}")
    kingdom: tuple[str, ...] | None = None
    if args.kingdom.strip().lower() != "random":
        names = [n for n in (part.strip() for part in args.kingdom.split(",")) if n]
        if not names:
            raise UsageError("--kingdom: give card names, or random")
        kingdom = tuple(_kingdom_card(name, editions, "--kingdom") for name in names)
        repeated = sorted({name for name in kingdom if kingdom.count(name) > 1})
        if repeated:
            raise UsageError(f"--kingdom: {', '.join(repeated)} given twice")
        for spec in bots:
            needed = _bot_card(spec)
            if needed is not None and needed not in kingdom:
                raise UsageError(f"--bots {spec}: {needed} is not in --kingdom")
    return Config(
        players=players,
        bots=tuple(bots),
        games=args.games,
        seed=args.seed,
        kingdom=kingdom,
        editions=editions,
        sets=sets,
        colony={"yes": True, "no": False, "auto": None}[args.colony],
        max_turns=args.max_turns,
    )


def _bot_card(spec: str) -> str | None:
    parts = spec.split(":")
    return parts[1] if len(parts) > 1 else None


# ---------------------------------------------------------------------- one game


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index``: a hash of (master seed, index), the same everywhere."""
    digest = hashlib.blake2b(f"arbiter-simulate/{seed}/{index}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big")


def seating(index: int, players: int) -> list[int]:
    """Which bot sits in each seat of game ``index``: seat ``s`` gets bot ``(s + i) % n``."""
    return [(seat + index) % players for seat in range(players)]


def game_kingdom(config: Config, seed: int) -> list[str]:
    if config.kingdom is not None:
        return list(config.kingdom)
    rng = random.Random(seed)
    editions = {**catalogue.DEFAULT_EDITIONS, **config.editions}
    kingdom = random_kingdom(rng, editions, config.sets)
    # The cards the bots are built around must be there: they replace random ones.
    for needed in dict.fromkeys(filter(None, map(_bot_card, config.bots))):
        if needed not in kingdom:
            spare = [i for i, name in enumerate(kingdom) if name not in _bots_cards(config)]
            kingdom[spare[-1]] = needed
    return kingdom


def _bots_cards(config: Config) -> set[str]:
    return {card for card in map(_bot_card, config.bots) if card is not None}


def new_game(config: Config, index: int) -> Game:
    """Game ``index`` of ``config`` as set up, before anyone moves. It records nothing
    (``record=False``): the results need no event log, and a long game then takes no
    more memory than a short one."""
    seed = game_seed(config.seed, index)
    return Game.new(
        players=config.players,
        kingdom=game_kingdom(config, seed),
        seed=seed,
        editions={**catalogue.DEFAULT_EDITIONS, **config.editions},
        colony=config.colony,
        record=False,
    )


def play_one(task: tuple[Config, int]) -> dict[str, Any]:
    """Play game ``index`` of ``config``; what happened, by bot (not by seat)."""
    config, index = task
    seed = game_seed(config.seed, index)
    seats = seating(index, config.players)
    game = new_game(config, index)
    kingdom = game.state.kingdom
    bots = [make_bot(config.bots[bot], seed=seed + seat) for seat, bot in enumerate(seats)]
    try:
        over = play_game(game, bots, max_turns=config.max_turns * config.players)
    except Exception as error:  # an engine or bot bug: say which game to replay
        raise RuntimeError(
            f"game {index + 1} of {config.games} (counted from 1; seed {seed}, "
            f"kingdom {', '.join(kingdom)}): "
            f"{type(error).__name__}: {error}"
        ) from error
    by_bot = {bot: seat for seat, bot in enumerate(seats)}
    return {
        "index": index,
        "seed": seed,
        "kingdom": kingdom,
        "seats": seats,
        "finished": over.finished,
        "turns": over.turns,
        "vp": [over.scores[by_bot[bot]] for bot in range(config.players)],
        "turns_taken": [
            game.table.player(by_bot[bot]).turns_taken for bot in range(config.players)
        ],
        "winners": sorted(seats[seat] for seat in over.winners),
    }


# ---------------------------------------------------------------------- running


def run_games(
    config: Config, workers: int = 1, progress: TextIO | None = None
) -> list[dict[str, Any]]:
    """Every game's result, in game order (whatever ``workers`` is)."""
    tasks = ((config, index) for index in range(config.games))  # made as they are played
    bar = ProgressBar(config.games, progress) if progress is not None else None
    results: list[dict[str, Any]] = []
    if workers == 1 or config.games == 1:
        stream: Iterator[dict[str, Any]] = map(play_one, tasks)
        for result in stream:
            results.append(result)
            if bar is not None:
                bar.update(len(results))
    else:
        chunk = max(1, min(50, config.games // (workers * 8)))
        with multiprocessing.get_context().Pool(min(workers, config.games)) as pool:
            for result in pool.imap(play_one, tasks, chunksize=chunk):
                results.append(result)
                if bar is not None:
                    bar.update(len(results))
    if bar is not None:
        bar.close()
    return results


class ProgressBar:
    """``[#####.....] 512/1000 games  43.1 games/s  ETA 11 s`` on one line of a stream."""

    WIDTH = 30

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.stream = total, stream
        self.started = self.shown = time.perf_counter()

    def update(self, done: int) -> None:
        now = time.perf_counter()
        if done < self.total and now - self.shown < 0.1:
            return
        self.shown = now
        rate = done / max(now - self.started, 1e-9)
        filled = self.WIDTH * done // self.total
        eta = (self.total - done) / rate if rate > 0 else 0.0
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] {done}/{self.total} games"
            f"  {rate:.1f} games/s  ETA {eta:.0f} s "
        )
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


# ---------------------------------------------------------------------- statistics


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def _spread(values: Sequence[float]) -> tuple[float, float]:
    if not values:
        return (0.0, 0.0)
    return (statistics.fmean(values), statistics.pstdev(values) if len(values) > 1 else 0.0)


def summarize(config: Config, results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per bot: sole wins, shared wins (ties), losses, win rate with its 95% interval,
    mean and standard deviation of VP and of turns taken, over the finished games."""
    finished = [r for r in results if r["finished"]]
    tied_games = sum(1 for r in finished if len(r["winners"]) > 1)
    bots = []
    for bot, spec in enumerate(config.bots):
        wins = sum(1 for r in finished if r["winners"] == [bot])
        ties = sum(1 for r in finished if bot in r["winners"] and len(r["winners"]) > 1)
        low, high = wilson(wins, len(finished))
        vp_mean, vp_sd = _spread([r["vp"][bot] for r in finished])
        turns_mean, turns_sd = _spread([r["turns_taken"][bot] for r in finished])
        bots.append(
            {
                "bot": spec,
                "label": f"{bot + 1}:{spec}",
                "games": len(finished),
                "wins": wins,
                "ties": ties,
                "losses": len(finished) - wins - ties,
                "win_rate": wins / len(finished) if finished else 0.0,
                "win_rate_ci95": [low, high],
                "vp_mean": vp_mean,
                "vp_sd": vp_sd,
                "turns_mean": turns_mean,
                "turns_sd": turns_sd,
            }
        )
    lengths = [r["turns"] for r in finished]
    length_mean, length_sd = _spread(lengths)
    return {
        "games": len(results),
        "finished": len(finished),
        "unfinished": len(results) - len(finished),
        "tied_games": tied_games,
        "game_turns_mean": length_mean,
        "game_turns_sd": length_sd,
        "bots": bots,
    }


def results_table(config: Config, summary: dict[str, Any], seconds: float) -> str:
    kingdom = ", ".join(config.kingdom) if config.kingdom is not None else "random"
    chosen = {**catalogue.DEFAULT_EDITIONS, **config.editions}
    editions = ", ".join(f"{name} {chosen[name]}" for name in config.sets)
    lines = [
        f"{summary['games']} games, {config.players} players, seed {config.seed}; "
        f"kingdom: {kingdom}; editions: {editions}; Colony: {COLONY_WORDS[config.colony]}",
        "",
    ]
    header = ["bot", "wins", "ties", "win rate", "95% CI", "VP mean ± sd", "turns mean ± sd"]
    rows = [
        [
            bot["label"],
            str(bot["wins"]),
            str(bot["ties"]),
            f"{bot['win_rate']:.1%}",
            f"{bot['win_rate_ci95'][0]:.1%} - {bot['win_rate_ci95'][1]:.1%}",
            f"{bot['vp_mean']:.1f} ± {bot['vp_sd']:.1f}",
            f"{bot['turns_mean']:.1f} ± {bot['turns_sd']:.1f}",
        ]
        for bot in summary["bots"]
    ]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  ".join(
            cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i])
            for i, cell in enumerate(cells)
        )

    lines += [line(header), "-" * len(line(header)), *map(line, rows), ""]
    rate = summary["games"] / seconds if seconds > 0 else 0.0
    lines.append(
        f"games tied: {summary['tied_games']}; unfinished (turn limit): {summary['unfinished']}; "
        f"game length {summary['game_turns_mean']:.1f} ± {summary['game_turns_sd']:.1f} turns; "
        f"{seconds:.1f} s ({rate:.0f} games/s)"
    )
    return "\n".join(lines)


# ---------------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        with output.guarded_stdout():
            return _simulate(argv)
    except (UsageError, OutputError) as error:
        print(f"arbiter simulate: error: {printable(str(error))}", file=sys.stderr)
        return EXIT_USAGE


def _simulate(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    config = make_config(args)
    # Checked before the games are played, not after.
    targets = output.plan([("--json", args.json)], inputs=output.project_inputs())
    show = args.progress or sys.stderr.isatty()
    started = time.perf_counter()
    try:
        results = run_games(config, args.workers, sys.stderr if show else None)
    except KeyboardInterrupt:
        print("\narbiter simulate: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except RuntimeError as error:
        print(f"arbiter simulate: internal error in {error}", file=sys.stderr)
        return EXIT_INTERNAL
    seconds = time.perf_counter() - started
    summary = summarize(config, results)
    for target in targets:
        data = {
            "config": config.to_json(),
            "summary": summary,
            "results": list(results),
            "timing": {"seconds": seconds, "workers": args.workers},
        }
        output.write(target, json.dumps(data, indent=2) + "\n")
        if target.is_stdout:
            return EXIT_OK  # the JSON is the output, instead of the table
    print(results_table(config, summary, seconds))
    return EXIT_OK


if __name__ == "__main__":
    raise SystemExit(main())
