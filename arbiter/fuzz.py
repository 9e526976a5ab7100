"""``arbiter fuzz``: differential fuzzing of an engine against the reference engine.

    arbiter fuzz --engine pyminion --seconds 600 --sets base intrigue --players 2-4
    arbiter fuzz --engine wire:./my-engine --games 500 --seed 7 --out found --json fuzz.json

The work is done by :mod:`checks.differential`; this module only reads the options,
shows progress, writes each finding as a scenario file in ``--out`` (never over an
existing file) and prints the summary. Exit codes: 0 no divergence, 1 a divergence was
found, 2 bad options (one line on stderr).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from arbiter import output
from arbiter.cli import (
    CARD_SETS,
    EXIT_FAILED,
    EXIT_OK,
    UsageError,
    dumps,
    engine_factory,
    seconds,
    text_table,
)
from arbiter.output import printable
from scenarios.adapters.base import EngineUnusable

if TYPE_CHECKING:  # the engine and the fuzzer are imported when the command runs, not
    # whenever `arbiter` builds its parser
    from checks.differential import Finding, FuzzConfig, Summary

SETS = tuple(name for name in CARD_SETS if name != "basic")

DEFAULT_GAMES = 100  # when neither --games nor --seconds is given
PROGRESS_EVERY = 0.5  # seconds between two progress lines on a terminal


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--engine",
        required=True,
        metavar="NAME",
        help="the engine under test: reference, pyminion, a registered name, module:Class "
        "or wire:COMMAND (see arbiter engines)",
    )
    parser.add_argument("--games", type=int, metavar="N", help="stop after N games")
    parser.add_argument(
        "--seconds", type=seconds, metavar="S", help="start no new game after S seconds"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the random games (0)")
    parser.add_argument(
        "--sets",
        nargs="+",
        default=["base", "intrigue"],
        metavar="SET",
        help=f"sets to draw kingdoms from: {' '.join(SETS)} (default: base intrigue)",
    )
    parser.add_argument(
        "--players", default="2-6", metavar="N|A-B", help="player counts (default 2-6)"
    )
    parser.add_argument(
        "--kingdom",
        metavar="CARD,CARD,...",
        help="play every game with these Kingdom cards instead of random ones",
    )
    parser.add_argument(
        "--max-steps",
        type=int,
        default=2000,
        metavar="N",
        help="cut a game after N commands and answers (default 2000)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("fuzz-found"),
        metavar="DIR",
        help="where to write one scenario per bug found (default: fuzz-found)",
    )
    parser.add_argument(
        "--json", metavar="FILE", help="also write the summary as JSON (- for standard output)"
    )


def _players(text: str) -> tuple[int, ...]:
    low, _, high = text.partition("-")
    try:
        first, last = int(low), int(high or low)
    except ValueError:
        raise UsageError(f"--players: expected N or A-B, not {text!r}") from None
    if not 2 <= first <= last <= 6:
        raise UsageError(f"--players: player counts are 2 to 6, not {text!r}")
    return tuple(range(first, last + 1))


def _sets(words: list[str]) -> tuple[str, ...]:
    sets = tuple(dict.fromkeys(part for word in words for part in word.split(",") if part))
    unknown = [name for name in sets if name not in SETS]
    if unknown or not sets:
        raise UsageError(f"--sets: choose from {', '.join(SETS)}, not {', '.join(unknown)}")
    return sets


def _kingdom(text: str | None) -> tuple[str, ...] | None:
    from engine import cards as catalogue

    if text is None:
        return None
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    known = {card.name for card in catalogue.kingdom_cards()}
    unknown = [name for name in names if name not in known]
    if unknown or not names:
        raise UsageError(f"--kingdom: not Kingdom cards: {', '.join(unknown) or '(none)'}")
    return names


def config_from(args: argparse.Namespace) -> FuzzConfig:
    from checks.differential import FuzzConfig

    for name in ("games", "max_steps"):
        value = getattr(args, name)
        if value is not None and value < 1:
            raise UsageError(f"--{name.replace('_', '-')} must be at least 1, not {value}")
    games = args.games if args.games is not None or args.seconds else DEFAULT_GAMES
    return FuzzConfig(
        engine=args.engine,
        games=games,
        seconds=args.seconds,
        seed=args.seed,
        sets=_sets(args.sets),
        players=_players(args.players),
        kingdom=_kingdom(args.kingdom),
        max_inputs=args.max_steps,
    )


def _check_out(out: Path) -> None:
    """UsageError unless findings can be written in ``out``: a directory, or a name whose
    nearest existing parent is one, that this process may write in."""
    where = out
    while not where.exists() and where != where.parent:
        where = where.parent
    problem = None
    if where == out and not out.is_dir():
        problem = "is not a directory"
    elif not where.is_dir():
        problem = f"cannot be made: {printable(str(where))} is not a directory"
    elif not os.access(where, os.W_OK | os.X_OK):
        problem = f"cannot be written: {printable(str(where))} is not writable"
    if problem is not None:
        raise UsageError(f"--out: {printable(str(out))} {problem}")


def write_new(directory: Path, stem: str, text: str) -> Path:
    """Write ``text`` to ``directory/stem.yaml``, or ``stem-2.yaml``... if that exists:
    an existing file is never overwritten, and a file is written whole or not at all (a
    full disk leaves none: :func:`arbiter.output.write_new`). OutputError when it cannot."""
    directory.mkdir(parents=True, exist_ok=True)
    for number in range(1, 1000):
        path = directory / (f"{stem}.yaml" if number == 1 else f"{stem}-{number}.yaml")
        try:
            output.write_new(output.Target("--out", str(path), path), text)
        except output.OutputError:
            if path.exists():  # another finding's (or anybody's) file: the next name
                continue
            raise
        return path
    raise UsageError(f"cannot write {stem}.yaml in {directory}: 999 such files exist")


class Console:
    """The progress line (on a terminal only) and the report of each finding."""

    def __init__(self, out: Path, stream: TextIO | None = None) -> None:
        self.out = out
        self.stream = stream if stream is not None else sys.stderr
        self.live = self.stream.isatty()
        self.shown = 0.0
        self.unwritten = 0  # findings --out could not take

    def progress(self, summary: Summary) -> None:
        now = time.monotonic()
        if not self.live or now - self.shown < PROGRESS_EVERY:
            return
        self.shown = now
        found = len(summary.findings)
        self.stream.write(
            f"\r{summary.games} games, {summary.steps} steps, {found} bug(s), "
            f"{sum(summary.divergences.values())} divergence(s), {summary.seconds:.0f} s "
        )
        self.stream.flush()

    def finding(self, finding: Finding) -> None:
        """Write a verified finding at once (nothing is lost if the run is stopped); one
        that is not a regression test is only reported."""
        if self.live:
            self.stream.write("\r\033[K")
        if finding.problem is None:
            from checks.differential import slug

            stem = slug(finding.document["id"].replace("/", "-"))
            try:
                finding.path = str(write_new(self.out, stem, finding.text))
                where = f"-> {printable(finding.path)}"
            except output.OutputError as exc:  # a full disk: shown here, the run goes on
                self.unwritten += 1
                where = f"not written ({exc}); the scenario:\n{finding.text}"
        else:
            where = f"not written, the scenario is no regression test: {printable(finding.problem)}"
        self.stream.write(f"found: {printable(finding.document['title'])}\n  {where}\n")
        self.stream.flush()


def summary_text(summary: Summary) -> str:
    """The summary as printed; engine-made text (reasons, titles) escaped."""
    lines = [
        f"{printable(summary.engine)}: {summary.games} games, {summary.steps} steps in "
        f"{summary.seconds:.0f} s, {summary.cpu_seconds:.0f} s of CPU (seed {summary.seed})"
    ]
    for count, reason in sorted(summary.dropped_players.items()):
        lines.append(f"not played: {count} players ({printable(reason)})")
    for reason, games in summary.skipped.most_common():
        lines.append(f"skipped {games} game(s): {printable(reason)}")
    if summary.divergences:
        rows = [(printable(card), count) for card, count in summary.divergences.most_common()]
        lines += ["", text_table(("card", "divergences"), rows)]
    lines.append("")
    lines.append(
        f"{len(summary.findings)} bug(s) found ({summary.duplicates} more divergence(s) "
        "were the same bugs again)"
    )
    for finding in summary.findings:
        check = "" if finding.problem is None else f"  [unverified: {finding.problem}]"
        lines.append(
            f"  {finding.path or finding.document['id']}: {finding.document['title']}{check}"
        )
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from checks.differential import Fuzzer

    config = config_from(args)
    # The outputs are checked before the long run: a bad one found at the first finding
    # would cost it.
    targets = output.plan([("--json", args.json)], inputs=output.project_inputs())
    _check_out(args.out)
    engine = engine_factory(args.engine, args)()
    console = Console(args.out)
    try:
        summary = Fuzzer(config, engine, console.finding, console.progress).run()
    except ValueError as exc:  # the engine plays nothing of what was asked: before any game
        raise UsageError(str(exc)) from None
    except EngineUnusable as exc:  # it cannot even start (an import that exits)
        raise UsageError(f"{printable(args.engine)}: {printable(str(exc))}") from None
    finally:
        engine.close()
    if console.live:
        sys.stderr.write("\r\033[K")
    for target in targets:  # the report first: a closed pipe must not cost the file
        output.write(target, dumps(summary.to_json()))
    human = sys.stderr if any(target.is_stdout for target in targets) else sys.stdout
    print(summary_text(summary), file=human)
    if console.unwritten:
        raise UsageError(f"--out: {console.unwritten} finding(s) could not be written (above)")
    return EXIT_FAILED if summary.findings or summary.divergences else EXIT_OK
