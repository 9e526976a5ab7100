"""The ``arbiter`` command line.

Each subcommand is one :class:`Command` entry (name, help, how to add its arguments, what
to run); adding ``graph``, ``prove``, ``simulate``, ``docs`` or ``wire`` is adding an entry
to :data:`COMMANDS`. Exit codes: 0 success, 1 some scenario failed or errored, 2 unusable
input or environment (unknown path, card or option; an output file that may not or cannot
be written; a full disk or standard output), 3 an internal error. Bad input is reported as
one line on stderr, never as a traceback. Output files and printed outside text go
through :mod:`arbiter.output`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from arbiter import output
from arbiter.explain import pair_text, ruling_lines
from arbiter.new import configure_new, run_new
from arbiter.output import OutputError, Target, printable
from arbiter.report import junit_xml, shown_path
from arbiter.share import configure_share, run_share
from engine import sets
from engine.sets import ALL_SETS
from scenarios import names, runner
from scenarios.catalogue import Ruling, catalogue, catalogue_files, rulings_for_card
from scenarios.loader import ScanError, bundled_dir, discover, load_many
from scenarios.model import Scenario
from scenarios.runner import Result, Status

if TYPE_CHECKING:
    from engine.model import Card
    from scenarios.cache import ScenarioCache

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
WIDTH = 88
CARD_SETS = ALL_SETS


class UsageError(Exception):
    """Input we cannot work with; main prints it as one line and exits 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # argparse would print the whole usage and exit; we want one line and control.
        if "required: COMMAND" in message:
            names = ", ".join(command.name for command in COMMANDS)
            message = f"choose a command: {names} (see --help)"
        raise UsageError(f"{self.prog}: {message}")


@dataclass(frozen=True)
class Command:
    """A subcommand. ``forward`` hands the raw arguments to a command with its own parser."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    forward: Callable[[list[str]], int] | None = None


# --- output helpers -----------------------------------------------------------------------


def text_table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A plain text table: numbers right-aligned, everything else left-aligned."""
    rows = [list(row) for row in rows]
    numeric = [
        all(isinstance(row[i], int) for row in rows) and bool(rows) for i in range(len(header))
    ]
    cells = [list(header), *([str(cell) for cell in row] for row in rows)]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = [
        "  ".join(
            cell.rjust(widths[i]) if numeric[i] else cell.ljust(widths[i])
            for i, cell in enumerate(row)
        ).rstrip()
        for row in cells
    ]
    return "\n".join([lines[0], "-" * min(max(map(len, lines)), WIDTH), *lines[1:]])


def dumps(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


# --- check --------------------------------------------------------------------------------

STATUS_ORDER = (Status.PASS, Status.FAIL, Status.ERROR, Status.SKIP)
STATUS_NAMES = {
    Status.PASS: "passed",
    Status.FAIL: "failed",
    Status.ERROR: "errors",
    Status.SKIP: "skipped",
}


def summarize(results: Sequence[Result]) -> dict[str, Any]:
    def counts(selected: Iterable[Result]) -> dict[str, int]:
        tally = Counter(result.status for result in selected)
        row = {STATUS_NAMES[status]: tally[status] for status in STATUS_ORDER}
        return {**row, "total": sum(row.values())}

    sets = sorted({result.set_name for result in results})
    return {
        **counts(results),
        "by_set": {name: counts(r for r in results if r.set_name == name) for name in sets},
    }


def summary_table(summary: dict[str, Any]) -> str:
    columns = [*STATUS_NAMES.values(), "total"]
    rows = [[name, *(row[c] for c in columns)] for name, row in summary["by_set"].items()]
    rows.append(["all", *(summary[c] for c in columns)])
    return text_table(["set", *columns], rows)


def _selector(text: str | None) -> Callable[[str, str], bool] | None:
    if not text:
        return None
    wanted = text.lower()
    return lambda scenario_id, file: wanted in scenario_id.lower() or wanted in file.lower()


def engine_factory(engine: str, args: argparse.Namespace | None = None) -> runner.AdapterFactory:
    """The engine's factory, or UsageError (unknown name, engine not installed)."""
    from scenarios.engines import EngineNotFound, resolve

    timeout, deadline = _limits(args)
    try:
        return resolve(engine, timeout=timeout, deadline=deadline)
    except EngineNotFound as exc:
        raise UsageError(str(exc)) from None


def _limits(args: argparse.Namespace | None) -> tuple[float | None, float | None]:
    """The per-request timeout (``--timeout``, else the environment) and the deadline."""
    from scenarios.adapters.limits import timeout_from_env

    timeout = getattr(args, "timeout", None)
    if timeout is None:
        try:
            timeout = timeout_from_env()
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    return timeout, getattr(args, "deadline_at", None)


def _positive(text: str) -> int:
    """argparse type of ``--maxfail``: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return value


def seconds(text: str) -> float:
    """argparse type of ``--timeout`` and ``--deadline``: a positive, finite number."""
    from scenarios.adapters.limits import parse_timeout

    try:
        return parse_timeout(text, "the value")
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _files(paths: Sequence[str]) -> list[Path]:
    try:
        return discover(paths or [bundled_dir()])
    except FileNotFoundError as exc:
        raise UsageError(printable(str(exc.args[0]))) from None
    except ScanError as exc:
        raise UsageError(printable(str(exc))) from None


def _run(paths: Sequence[str], engine: str, keyword: str | None = None) -> list[Result]:
    return _run_files(_files(paths), engine, keyword)


def _both(
    first: Callable[[Result, int, int], None] | None, second: Callable[[Result, int, int], None]
) -> Callable[[Result, int, int], None]:
    """One ``on_result`` hook that calls ``first`` (if any), then ``second``."""

    def both(result: Result, done: int, total: int) -> None:
        if first is not None:
            first(result, done, total)
        second(result, done, total)

    return both


def _run_files(
    files: Sequence[Path],
    engine: str,
    keyword: str | None,
    args: argparse.Namespace | None = None,
    **options: Any,
) -> list[Result]:
    factory = engine_factory(engine, args)
    options["cache"] = _cache(args)
    options["deadline"] = _limits(args)[1]
    if args is not None and getattr(args, "record", None) and engine == args.engine:
        from arbiter.record import recording

        factory, write = recording(args.record, factory, engine, _limits(args)[0])
        options["on_result"] = _both(options.get("on_result"), write)
    try:
        return runner.run_files(files, factory, select=_selector(keyword), **options)
    except runner.RunStopped as stopped:
        raise UsageError(f"{engine}: {stopped.reason}") from None


def _cache(args: argparse.Namespace | None) -> ScenarioCache | None:
    """The cache of loaded scenarios for ``arbiter check`` (None: not this command, or
    turned off); the games are played every time all the same."""
    if args is None or getattr(args, "no_cache", True):
        return None
    from scenarios.cache import ScenarioCache

    return ScenarioCache.for_user()


def _traced_run(
    files: Sequence[Path], engine: str, keyword: str | None, human: TextIO
) -> list[Result]:
    """Run with ``--trace``: each scenario's play-by-play printed before the summary."""
    from scenarios.trace import render_trace, trace_files

    traces, results = trace_files(files, engine_factory(engine), _selector(keyword))
    for trace in traces:
        lines = render_trace(trace).splitlines()
        print("\n".join(map(printable, lines)) + "\n", file=human)
    return results


def run_check(args: argparse.Namespace) -> int:
    import time

    from arbiter import report

    args.deadline_at = time.monotonic() + args.deadline if args.deadline else None
    if args.compare:
        engine_factory(args.compare, args)  # an unknown engine is bad input, before the long run
    if args.update_baseline and not args.baseline:
        raise UsageError("--update-baseline needs --baseline FILE (the file it writes)")
    files = _files(args.paths)
    baseline = _read_baseline(args)
    # Every output is checked before anything runs; none may be a scenario or ruling file.
    targets = output.plan(
        [
            ("--json", args.json),
            ("--junit", args.junit),
            ("--update-baseline", args.baseline if args.update_baseline else None),
        ],
        inputs=[*files, *catalogue_files()],
    )
    # A report on standard output leaves the human summary to standard error.
    human = sys.stderr if any(target.is_stdout for target in targets) else sys.stdout
    progress = report.Progress()
    try:
        if args.trace:
            results = _traced_run(files, args.engine, args.k, human)
        else:
            results = _run_files(
                files,
                args.engine,
                args.k,
                args,
                maxfail=args.maxfail,
                failing=lambda r: report.is_failing(r) and not (baseline and baseline.expects(r)),
                on_result=progress,
            )
    finally:
        progress.clear()
    if not results:
        where = ", ".join(map(printable, args.paths)) or "the bundled scenarios"
        selection = f" matching {printable(args.k)!r}" if args.k else ""
        raise UsageError(f"no scenarios{selection} found in {where}")
    summary = summarize(results)
    if args.compare:
        return _run_compare(args, files, results, summary, targets, human)
    verdict = report.Verdict.judge(results, baseline)
    # Reports first: a reader that closes the pipe early must not cost the files.
    _write_reports(args, targets, results, summary)
    if args.format == "github":
        annotations = report.github_annotations(verdict)
        print(f"{annotations}\n{summary_table(summary)}".lstrip("\n"), file=human)
    else:
        text = report.text_report(
            summary_table(summary), results, verdict, verbose=args.verbose, baseline=baseline
        )
        print(text, file=human)
    if args.maxfail is not None and len(verdict.new) >= args.maxfail:
        print(f"\nstopped after {len(verdict.new)} failure(s) (--maxfail)", file=human)
    for target in targets:
        if target.option == "--update-baseline":
            output.write(target, report.Baseline.of(results, args.engine).text())
            print(
                f"\nwrote {target}: {len(verdict.new) + len(verdict.expected)} expected failure(s)",
                file=human,
            )
            return EXIT_OK
    return EXIT_OK if verdict.ok else EXIT_FAILED


def _read_baseline(args: argparse.Namespace) -> Any:
    """The baseline of ``--baseline`` (None when not given, or when it is to be written
    for the first time); UsageError for a file that is not a baseline."""
    from arbiter.report import Baseline, BaselineError

    if not args.baseline or (args.update_baseline and not Path(args.baseline).exists()):
        return None
    try:
        baseline = Baseline.read(Path(args.baseline))
    except BaselineError as exc:
        raise UsageError(printable(str(exc))) from None
    if baseline.engine and baseline.engine != args.engine:
        # Another engine's known failures would hide this one's new ones (or, updated,
        # the other engine's baseline would be lost).
        raise UsageError(
            printable(
                f"--baseline {args.baseline} lists the failures of --engine "
                f"{baseline.engine}, not of --engine {args.engine} (give each engine its "
                "own baseline file)"
            )
        )
    return baseline


def disagreements(
    first: Sequence[Result], second: Sequence[Result], include_skips: bool = True
) -> list[dict[str, Any]]:
    """The scenarios whose status or message differ between two runs, by id; without
    ``include_skips``, a scenario either run skipped is no disagreement."""
    other = {(result.id, result.file): result for result in second}
    rows = []
    for result in first:
        match = other.pop((result.id, result.file), None)
        skipped = Status.SKIP in (result.status, match.status if match else None)
        if skipped and not include_skips:
            continue
        if match is None or (result.status, result.message) != (match.status, match.message):
            rows.append(
                {
                    "id": result.id,
                    "file": result.file,
                    "a": result.to_json(),
                    "b": match.to_json() if match else None,
                }
            )
    rows += [
        {"id": r.id, "file": r.file, "a": None, "b": r.to_json()}
        for r in other.values()
        if include_skips or r.status is not Status.SKIP
    ]
    return rows


def _verdict(row: dict[str, Any] | None) -> str:
    if row is None:
        return "not run"
    return f"{row['status']}" + (f": {printable(row['message'])}" if row["message"] else "")


def _run_compare(
    args: argparse.Namespace,
    files: Sequence[Path],
    results: list[Result],
    summary: dict[str, Any],
    targets: Sequence[Target],
    human: TextIO,
) -> int:
    """`--compare B`: both summaries, then every scenario the two engines disagree on.

    Exit 0 when they agree on every scenario, 1 otherwise (whatever each one's verdicts).
    """
    others = _run_files(files, args.compare, args.k, args)
    rows = disagreements(results, others, include_skips=args.include_skips)
    left_out = len(disagreements(results, others)) - len(rows)
    _write_reports(
        args,
        targets,
        results,
        summary,
        {
            "engine": args.compare,
            "results": [r.to_json() for r in others],
            "summary": summarize(others),
            "disagreements": rows,
        },
    )
    for engine, run in ((args.engine, summary), (args.compare, summarize(others))):
        print(f"{printable(engine)}:\n{summary_table(run)}\n", file=human)
    skips = (
        f" ({left_out} more differ only in being skipped by one: --include-skips lists them)"
        if left_out
        else ""
    )
    print(
        f"{len(rows)} scenario(s) on which {printable(args.engine)} and "
        f"{printable(args.compare)} disagree{skips}",
        file=human,
    )
    for row in rows:
        print(
            f"\n{printable(row['id'])}\n  {printable(args.engine)}: {_verdict(row['a'])}"
            f"\n  {printable(args.compare)}: {_verdict(row['b'])}",
            file=human,
        )
    return EXIT_OK if not rows else EXIT_FAILED


def _write_reports(
    args: argparse.Namespace,
    targets: Sequence[Target],
    results: list[Result],
    summary: dict[str, Any],
    compared: dict[str, Any] | None = None,
) -> None:
    for target in targets:
        if target.option == "--json":
            report = {
                "engine": args.engine,
                "results": [r.to_json() for r in results],
                "summary": summary,
            }
            if compared is not None:
                report["compare"] = compared
            output.write(target, dumps(report))
        elif target.option == "--junit":
            output.write(target, junit_xml(results, args.engine, summarize))


def configure_check(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="scenario files or directories (default: the bundled scenarios)",
    )
    parser.add_argument(
        "--json", metavar="FILE", help="write results as JSON to FILE (- for standard output)"
    )
    parser.add_argument(
        "--junit", metavar="FILE", help="write JUnit XML to FILE (- for standard output)"
    )
    parser.add_argument("-k", metavar="TEXT", help="only scenarios whose id or file contains TEXT")
    parser.add_argument(
        "--trace",
        action="store_true",
        help="print each scenario's play-by-play: commands, decisions asked, answers, "
        "events and the state at each checkpoint",
    )
    parser.add_argument(
        "--engine",
        default="reference",
        metavar="NAME",
        help="engine to check: reference, pyminion, a name from `arbiter engines`, "
        "module:Class or module:factory (an in-process adapter, run in a worker process), "
        "or wire:COMMAND (a subprocess speaking the wire protocol); default: reference",
    )
    parser.add_argument(
        "--timeout",
        type=seconds,
        metavar="SECONDS",
        help="seconds an engine in another process gets for each request "
        "(default: $ARBITER_WIRE_TIMEOUT, else 10)",
    )
    parser.add_argument(
        "-v", "--verbose", action="store_true", help="list every skipped scenario by reason"
    )
    parser.add_argument(
        "--maxfail",
        type=_positive,
        metavar="N",
        help="stop after N failures or errors (with --baseline: N new ones)",
    )
    parser.add_argument(
        "-x", dest="maxfail", action="store_const", const=1, help="stop at the first failure"
    )
    parser.add_argument(
        "--baseline",
        metavar="FILE",
        help="known failures (JSON): those are reported as expected and only new failures "
        "fail the run; scenarios of the baseline that pass now are reported as fixed",
    )
    parser.add_argument(
        "--update-baseline",
        action="store_true",
        help="write this run's failures to the --baseline FILE",
    )
    parser.add_argument(
        "--format",
        choices=("text", "github"),
        default="text",
        help="text (default) or github: GitHub Actions annotations for failures",
    )
    parser.add_argument(
        "--include-skips",
        action="store_true",
        help="with --compare, count a scenario one engine skipped as a disagreement",
    )
    parser.add_argument(
        "--record",
        type=Path,
        metavar="DIR",
        help="write each scenario's message-by-message wire transcript to DIR/<id>.txt "
        "(the reference engine's by default: diff it with your engine's)",
    )
    parser.add_argument(
        "--deadline",
        type=seconds,
        metavar="SECONDS",
        help="stop the whole run (exit 2) when it has taken this long",
    )
    parser.add_argument(
        "--compare",
        metavar="NAME",
        help="also run engine NAME and list the scenarios on which the two "
        "disagree (status or message); exit 1 if any",
    )
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="read and validate every file afresh, without the cache of loaded scenarios "
        "(also: ARBITER_NO_CACHE=1; kept in $ARBITER_CACHE_DIR, else "
        "$XDG_CACHE_HOME/arbiter, else ~/.cache/arbiter)",
    )


# --- cards --------------------------------------------------------------------------------


def _types(card: Card) -> str:
    from engine.model import printed_types

    return " - ".join(printed_types(card.types))


def _editions(card: Card) -> str:
    return ",".join(map(str, card.editions))


def run_cards(args: argparse.Namespace) -> int:
    from engine.cards import ALL_CARDS
    from engine.model import printed_types

    cards = [card for card in ALL_CARDS if args.set in (None, card.set)]
    if args.json:
        print(
            dumps(
                [
                    {
                        "name": c.name,
                        "set": c.set,
                        "editions": list(c.editions),
                        "cost": str(c.cost),
                        "types": printed_types(c.types),
                        "kingdom": c.kingdom,
                        "options": list(c.options),
                    }
                    for c in cards
                ]
            ),
            end="",
        )
        return EXIT_OK
    rows = [[c.name, c.set, _editions(c), str(c.cost), _types(c)] for c in cards]
    print(text_table(["card", "set", "editions", "cost", "types"], rows))
    return EXIT_OK


def configure_cards(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--set", choices=CARD_SETS, help="only the cards of one set")
    parser.add_argument("--json", action="store_true", help="print JSON")


# --- rulings ------------------------------------------------------------------------------


def ruling_status(rulings: Iterable[Ruling], results: Sequence[Result]) -> list[dict[str, Any]]:
    rows = []
    for ruling in rulings:
        cited = [r for r in results if ruling.id in r.rulings]
        rows.append(
            {
                "id": ruling.id,
                "set": ruling.set,
                "subject": ruling.subject,
                "editions": list(ruling.editions),
                "text": ruling.text,
                "source": ruling.source,
                "scenarios": [{"id": r.id, "status": str(r.status)} for r in cited],
                "proven": any(r.status is Status.PASS for r in cited),
            }
        )
    return rows


def run_rulings(args: argparse.Namespace) -> int:
    results = _run([], "reference")
    rows = ruling_status(catalogue().values(), results)
    proven = sum(row["proven"] for row in rows)
    shown = [row for row in rows if not (args.missing and row["proven"])]
    if args.grep:
        shown = [row for row in shown if _ruling_matches(row, args.grep)]
        if not shown:
            raise UsageError(f"no ruling mentions {printable(args.grep)!r}")
    if args.json:
        summary = {"total": len(rows), "proven": proven, "missing": len(rows) - proven}
        print(dumps({"rulings": shown, "summary": summary}), end="")
        return EXIT_OK
    table = [
        [
            row["id"],
            row["subject"],
            ", ".join(s["id"] for s in row["scenarios"] if s["status"] == "pass") or "-",
        ]
        for row in shown
    ]
    if args.grep:
        for row, ruling in ((row, catalogue()[row["id"]]) for row in shown):
            passing = [s["id"] for s in row["scenarios"] if s["status"] == "pass"]
            print("\n".join(ruling_lines(ruling, "")))
            print(f"  Passing scenarios: {', '.join(passing) or 'none'}\n")
        print(f"{len(shown)} of {len(rows)} rulings mention {printable(args.grep)!r}")
        return EXIT_OK
    print(text_table(["ruling", "about", "passing scenarios"], table))
    print(f"\n{proven} of {len(rows)} rulings have a passing scenario on the reference engine")
    return EXIT_OK


def _ruling_matches(row: dict[str, Any], text: str) -> bool:
    """Whether a ruling's id, subject, text or source contains ``text`` (any case)."""
    wanted = " ".join(text.lower().split())
    fields = (row["id"], row["subject"], row["text"], row["source"])
    return any(wanted in " ".join(str(field).lower().split()) for field in fields)


def configure_rulings(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--grep", metavar="TEXT", help="only rulings whose text, id or source contains TEXT"
    )
    parser.add_argument(
        "--missing", action="store_true", help="only rulings without a passing scenario"
    )
    parser.add_argument("--json", action="store_true", help="print JSON")


# --- explain ------------------------------------------------------------------------------


def find_card(name: str) -> str:
    """The catalogue's spelling of ``name`` (case, spacing and apostrophes forgiven, as
    everywhere: :mod:`scenarios.names`), or UsageError with the closest names."""
    from engine.cards import card_names

    found = names.canonical(name, card_names())
    if found is None:
        raise UsageError(f"unknown card {name!r}{names.did_you_mean(name, card_names())}")
    return found


def _edition_lines(definitions: Sequence[Card]) -> list[str]:
    if len(definitions) == 1:
        card = definitions[0]
        printed = sets.BY_NAME[card.set].editions
        if len(printed) == 1:  # a set of one edition (Alchemy)
            return [f"Editions: its set's only edition ({printed[card.editions[0]]})"]
        names: dict[tuple[int, ...], str] = {(1,): "1st edition only", (2,): "2nd edition only"}
        text = names.get(tuple(card.editions), "1st and 2nd editions, same card")
        return [f"Editions: {text}"]
    lines = ["Editions: the card changed between editions"]
    for field in ("cost", "types", "options"):
        values = [getattr(card, field) for card in definitions]
        if len(set(values)) > 1:
            shown = "; ".join(
                f"{_editions(card)}: {_field_text(card, field)}" for card in definitions
            )
            lines.append(f"  {field} differs ({shown})")
    return lines


def _field_text(card: Card, field: str) -> str:
    if field == "types":
        return _types(card)
    if field == "options":
        return ", ".join(card.options) or "none"
    return str(card.cost)


def _wrapped(text: str, indent: str = "  ") -> str:
    return textwrap.fill(
        " ".join(text.split()), WIDTH, initial_indent=indent, subsequent_indent=indent
    )


def explain_text(name: str) -> str:
    from engine.cards import definitions

    cards = sorted(definitions(name), key=lambda card: card.editions)
    first = cards[0]
    out = [f"{name}: {first.set}, {_types(first)}, cost {first.cost}", *_edition_lines(cards)]
    for card in cards:
        which = "" if len(cards) == 1 else f" (edition {_editions(card)})"
        out += ["", f"Text{which}:", _wrapped(card.text)]
        if card.options:
            out.append(f"  Option labels: {', '.join(card.options)}")
    rulings = rulings_for_card(name)
    out += ["", f"Rulings ({len(rulings)}):"]
    out += [line for ruling in rulings for line in ruling_lines(ruling)]
    loaded, _malformed = load_many(discover([bundled_dir()]))
    out += ["", *_scenario_lines(name, {ruling.id for ruling in rulings}, loaded)]
    out += ["", *_interaction_lines(name, loaded)]
    return "\n".join(out)


def _interaction_lines(name: str, loaded: list[Scenario]) -> list[str]:
    """The card's neighbours in the interaction graph, by kind of interaction."""
    from checks.graph import ScenarioInfo, build_graph, neighbours
    from engine.cards import ALL_CARDS

    graph = build_graph(
        ALL_CARDS, catalogue().values(), [ScenarioInfo.from_scenario(s) for s in loaded]
    )
    found = neighbours(graph, name)
    lines = [f"Interactions ({sum(len(rows) for rows in found.values())}):"]
    for kind, rows in found.items():
        lines += [f"  {kind}:", _wrapped(", ".join(sorted({row.card for row in rows})), "    ")]
    return lines


def _scenario_lines(name: str, ruling_ids: set[str], loaded: list[Scenario]) -> list[str]:
    related = [s for s in loaded if name in s.named or ruling_ids & set(s.rulings)]
    lines = [f"Scenarios ({len(related)}):"]
    lines += [
        f"  {printable(s.id)}: {printable(s.title)}\n    {printable(shown_path(str(s.file)))}"
        for s in related
    ]
    return lines


def run_explain(args: argparse.Namespace) -> int:
    cards = [find_card(name) for name in args.cards]
    if len(cards) > 2:
        raise UsageError("explain takes one card, or two to see how they interact")
    if args.json and not args.decisions:
        raise UsageError("--json goes with --decisions (the question spec as JSON)")
    if args.decisions:
        return _explain_decisions(cards, args.json)
    if len(cards) == 1:
        print(explain_text(cards[0]))
    else:
        loaded, _malformed = load_many(discover([bundled_dir()]))
        print(pair_text(cards[0], cards[1], loaded))
    return EXIT_OK


def _explain_decisions(cards: Sequence[str], as_json: bool) -> int:
    """Each card's question spec (``checks/questions.py``), learnt by running the reference
    engine on the bundled scenarios and its standard random games."""
    from arbiter.explain import questions_text
    from checks.questions import RANDOM_GAMES, bundled_specs, spec_json

    specs = bundled_specs()
    found = {name: spec_json(specs, name) for name in cards}
    if as_json:
        print(dumps(found))
        return EXIT_OK
    for name, entries in found.items():
        print(
            f"{name}: the questions it asks, learnt by running the reference engine on the "
            f"bundled scenarios and {RANDOM_GAMES} random games"
        )
        print("\n".join(questions_text(entries)))
    return EXIT_OK


def configure_explain(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "cards",
        nargs="+",
        metavar="CARD",
        help="a card name (case does not matter); two names: what the rules say about the pair",
    )
    parser.add_argument(
        "--decisions",
        action="store_true",
        help="the questions each card asks (kind, purpose, bounds, who, the events after)",
    )
    parser.add_argument("--json", action="store_true", help="with --decisions: print JSON")


# --- graph (checks.graph has its own parser; we only forward to it) -----------------------


def forward_graph(argv: list[str]) -> int:
    from arbiter.graph_cli import main as graph_main

    return graph_main(argv)


def forward_prove(argv: list[str]) -> int:
    from checks.proofs import main as prove_main  # imports z3: only when proving

    return prove_main(argv)


def forward_mutants(argv: list[str]) -> int:
    from checks.mutants import main as mutants_main

    return mutants_main(argv)


def forward_simulate(argv: list[str]) -> int:
    from arbiter.simulate import main as simulate_main

    return simulate_main(argv)


def _forwarded(args: argparse.Namespace) -> int:  # never reached: main forwards first
    raise UsageError("this command takes its arguments as given")


def _no_arguments(parser: argparse.ArgumentParser) -> None:
    """Forwarded commands parse their own arguments (see `arbiter graph --help`)."""


# --- docs (the Sphinx site, from a source checkout; needs the `docs` extra) --------------

DOCS_DIR = Path(__file__).resolve().parent.parent / "docs"


def configure_docs(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--out",
        type=Path,
        default=DOCS_DIR / "_build" / "html",
        help="where to write the HTML site (default: docs/_build/html)",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="fail the build when any bundled scenario does not pass (CI uses it)",
    )
    parser.add_argument(
        "--editions",
        metavar="CHOICE",
        help="a site for one edition of each set: 1, 2, or SET=N,... for some sets "
        "(default: every edition, side by side)",
    )
    parser.add_argument(
        "--no-browser-engine",
        action="store_true",
        help="leave out the engine that runs scenarios in the reader's browser (Pyodide, "
        "about 15 MB): the scenarios then have no Run or Edit",
    )


def run_docs(args: argparse.Namespace) -> int:
    if not (DOCS_DIR / "conf.py").is_file():
        raise UsageError(f"no docs/conf.py at {DOCS_DIR}: build the site from a source checkout")
    if args.out.exists() and not args.out.is_dir():
        raise UsageError(f"cannot write the site to {args.out}: it is a file")
    from checks.graph import GraphQueryError, parse_editions

    # A wrong option is the user's first problem to hear of, also where Sphinx is missing.
    try:
        parse_editions(args.editions)
    except GraphQueryError as exc:
        raise UsageError(str(exc)) from None
    try:
        from sphinx.cmd.build import build_main
    except ImportError:
        raise UsageError("building the docs needs Sphinx: pip install -e '.[docs]'") from None
    import time

    started = time.perf_counter()
    # -W: a warning fails the build, as in CI; --strict: so does a failing scenario.
    options = ["-D", "arbiter_strict=1"] if args.strict else []
    if args.editions:
        options += ["-D", f"arbiter_editions={args.editions}"]
    if args.no_browser_engine:
        options += ["-D", "arbiter_browser_engine=0"]
    # Sphinx's own cache (the doctrees) goes beside the site, not into it: the folder
    # written is what a web server publishes, nothing more.
    doctrees = args.out.with_name(args.out.name + ".doctrees")
    # -j auto: the pages are read and written in parallel, one process per core.
    command = ["-W", "--keep-going", "-q", "-j", "auto", *options, "-b", "html"]
    command += ["-d", str(doctrees), str(DOCS_DIR), str(args.out)]
    if build_main(command):
        return EXIT_FAILED
    pages = sum(1 for _ in args.out.rglob("*.html"))
    seconds = time.perf_counter() - started
    print(f"built {args.out / 'index.html'} ({pages} pages) in {seconds:.0f} s")
    return EXIT_OK


# --- wire (serve an engine over the wire protocol on stdin/stdout) ----------------------


def configure_wire(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--engine", default="reference", metavar="NAME", help="engine to serve (default: reference)"
    )


def run_wire(args: argparse.Namespace) -> int:
    from scenarios.engines import EngineNotFound, resolve
    from scenarios.wire_server import protocol_stream, serve

    if args.engine.startswith("wire:"):
        raise UsageError("arbiter wire serves an in-process engine, not another wire peer")
    protocol = protocol_stream()  # before the engine's module prints anything at import
    try:
        factory = resolve(args.engine, isolated=False)
    except EngineNotFound as exc:
        raise UsageError(str(exc)) from None
    return serve(factory(), outstream=protocol)


# --- wire-test (an engine's protocol behaviour, apart from the rules) ---------------------


def configure_wire_test(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("command", metavar="COMMAND", help="the engine's command line")
    parser.add_argument(
        "--timeout",
        type=seconds,
        metavar="SECONDS",
        help="seconds for each answer (default: $ARBITER_WIRE_TIMEOUT, else 10)",
    )


def run_wire_test(args: argparse.Namespace) -> int:
    from arbiter.wire_test import run

    timeout, _deadline = _limits(args)
    return run(args.command, timeout or 10.0)


# --- engines (what --engine can name) -----------------------------------------------------


def run_engines(args: argparse.Namespace) -> int:
    from scenarios.engines import available, describe

    for info in available():
        print(describe(info))
    print(
        "\nalso: --engine module:Class or module:factory (an Adapter, imported from the "
        "Python path),\n      --engine wire:COMMAND (any language, over the wire protocol)"
    )
    return EXIT_OK


# --- fuzz (differential fuzzing against the reference engine: arbiter/fuzz.py) ----------


def configure_fuzz(parser: argparse.ArgumentParser) -> None:
    from arbiter.fuzz import configure

    configure(parser)


def run_fuzz(args: argparse.Namespace) -> int:
    from arbiter.fuzz import run

    return run(args)


# --- the parser and main ------------------------------------------------------------------

COMMANDS: tuple[Command, ...] = (
    Command("check", "run scenarios on an engine and report", configure_check, run_check),
    Command(
        "cards", "list every card with set, editions, cost and types", configure_cards, run_cards
    ),
    Command(
        "rulings",
        "the rulings catalogue and which rulings have a passing scenario",
        configure_rulings,
        run_rulings,
    ),
    Command(
        "explain",
        "a card's text, editions, rulings and scenarios; or two cards' rulings together",
        configure_explain,
        run_explain,
    ),
    Command("new", "write a scenario skeleton for some cards", configure_new, run_new),
    Command(
        "share",
        "write one self-contained page (or Markdown) of a scenario's verdict, to send",
        configure_share,
        run_share,
    ),
    Command(
        "graph",
        "export or query the card interaction graph (see arbiter graph --help)",
        _no_arguments,
        _forwarded,
        forward=forward_graph,
    ),
    Command(
        "prove",
        "z3 proofs of the rule functions and invariants (see arbiter prove --help)",
        _no_arguments,
        _forwarded,
        forward=forward_prove,
    ),
    Command(
        "mutants",
        "apply known engine bugs to the reference engine; fail if a scenario misses one",
        _no_arguments,
        _forwarded,
        forward=forward_mutants,
    ),
    Command(
        "simulate",
        "bot games with win rates (see arbiter simulate --help)",
        _no_arguments,
        _forwarded,
        forward=forward_simulate,
    ),
    Command(
        "docs",
        "build the documentation site (Sphinx, with every card's page)",
        configure_docs,
        run_docs,
    ),
    Command(
        "wire",
        "serve an engine over the wire protocol (JSON lines on stdin/stdout)",
        configure_wire,
        run_wire,
    ),
    Command("engines", "list the engines --engine can name", _no_arguments, run_engines),
    Command(
        "wire-test",
        "check an engine's wire protocol behaviour (handshake, shapes, errors)",
        configure_wire_test,
        run_wire_test,
    ),
    Command(
        "fuzz",
        "random games on the reference and an engine, compared step by step",
        configure_fuzz,
        run_fuzz,
    ),
)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("dominion-arbiter")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "unknown"


class _Version(argparse.Action):
    """``--version``, looked up only when asked: importlib.metadata would otherwise be a
    tenth of the CPU time of every ``arbiter check`` (benchmarks/bench_check.py)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **_ignored: Any) -> None:
        super().__init__(
            option_strings,
            dest,
            nargs=0,
            default=argparse.SUPPRESS,
            help="show program's version number and exit",  # argparse's own words
        )

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> NoReturn:
        print(f"arbiter {_version()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="arbiter", description="Dominion rulings, checked by scenarios.")
    parser.add_argument("--version", action=_Version)
    commands = parser.add_subparsers(
        title="commands", dest="command", metavar="COMMAND", required=True
    )
    for command in COMMANDS:
        sub = commands.add_parser(
            command.name,
            help=command.help,
            description=command.help,
            add_help=command.forward is None,
        )
        command.configure(sub)
        sub.set_defaults(handler=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        with output.guarded_stdout():
            return _dispatch(argv)
    except (UsageError, OutputError) as exc:
        message = printable(str(exc))
        print(message if message.startswith("arbiter") else f"arbiter: {message}", file=sys.stderr)
        return EXIT_USAGE
    except SystemExit as exc:  # --help and --version
        return exc.code if isinstance(exc.code, int) else EXIT_OK
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        if os.environ.get("ARBITER_DEBUG", "") not in ("", "0"):  # as ARBITER_NO_CACHE
            raise
        print(
            f"arbiter: internal error: {type(exc).__name__}: {printable(str(exc))} "
            "(set ARBITER_DEBUG=1 for the traceback)",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


def _dispatch(argv: list[str]) -> int:
    forward = next((c.forward for c in COMMANDS if argv[:1] == [c.name] and c.forward), None)
    if forward is not None:
        return forward(argv[1:])
    args = build_parser().parse_args(argv)
    code: int = args.handler(args)
    return code
