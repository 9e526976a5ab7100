"""What ``arbiter check`` says about a run: the text report, JUnit XML, GitHub annotations,
the baseline of known failures, and the progress line.

The text report puts what needs attention first: new failures and errors, each with its
ruling ids and the first sentence of each ruling, then the failures a baseline expects,
the scenarios a baseline lists that pass now, and last the skips, grouped by reason with
their counts (``-v`` lists every scenario under its reason).
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from arbiter.output import printable
from scenarios.catalogue import ruling_line
from scenarios.model import REPRESENTATION_WORDS
from scenarios.runner import Result, Status

if TYPE_CHECKING:
    import xml.etree.ElementTree as ET

FAILING = (Status.FAIL, Status.ERROR)
BASELINE_FORMAT = 1
SKIP_GROUPS_SHOWN = 20
# A terminal's escape sequences (colours, cursor moves): removed from XML reports.
_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|[@-Z\\-_])")


def shown_path(path: str) -> str:
    """``path`` relative to the working directory when it is below it, else as given."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd()))
    except (ValueError, OSError, RuntimeError):  # RuntimeError: a loop of links
        return path


def is_failing(result: Result) -> bool:
    return result.status in FAILING


# --- the baseline -------------------------------------------------------------------------


class BaselineError(ValueError):
    """A baseline file that cannot be read; the message names the file and the problem."""


@dataclass(frozen=True)
class Baseline:
    """The failures a run is expected to have: scenario id -> ``fail`` or ``error``."""

    engine: str
    expected: dict[str, str]

    @classmethod
    def read(cls, path: Path) -> Baseline:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise BaselineError(
                f"--baseline {path}: no such file (--update-baseline writes it)"
            ) from None
        except (OSError, ValueError, RecursionError) as exc:
            raise BaselineError(f"--baseline {path}: not a baseline file: {exc}") from None
        expected = data.get("expected") if isinstance(data, dict) else None
        if (
            not isinstance(data, dict)
            or data.get("arbiter_baseline") != BASELINE_FORMAT
            or not isinstance(expected, dict)
            or not all(isinstance(k, str) and v in ("fail", "error") for k, v in expected.items())
        ):
            raise BaselineError(
                f"--baseline {path}: not a baseline file (write one with --update-baseline)"
            )
        return cls(str(data.get("engine", "")), dict(expected))

    @classmethod
    def of(cls, results: Iterable[Result], engine: str) -> Baseline:
        failing = {r.id: str(r.status) for r in results if is_failing(r)}
        return cls(engine, dict(sorted(failing.items())))

    def expects(self, result: Result) -> bool:
        """Whether the baseline expects this failure: the same id failing the same way (a
        failure that became an error is new)."""
        return self.expected.get(result.id) == str(result.status)

    def text(self) -> str:
        data = {"arbiter_baseline": BASELINE_FORMAT, "engine": self.engine}
        return json.dumps({**data, "expected": self.expected}, indent=2) + "\n"


@dataclass
class Verdict:
    """A run against a baseline: which failures are new, expected, and which are fixed."""

    new: list[Result] = field(default_factory=list)
    expected: list[Result] = field(default_factory=list)
    fixed: list[Result] = field(default_factory=list)

    @classmethod
    def judge(cls, results: Sequence[Result], baseline: Baseline | None) -> Verdict:
        """A baseline entry stands for one scenario failing one way: a failure of another
        kind is new, and so is every result of an id used more than once (a new file
        reusing a baselined id would otherwise be an expected error that never ran)."""
        verdict = cls()
        if baseline is None:
            verdict.new = [result for result in results if is_failing(result)]
            return verdict
        uses = Counter(result.id for result in results)
        for result in results:
            alone = uses[result.id] == 1
            if is_failing(result):
                expected = alone and baseline.expects(result)
                (verdict.expected if expected else verdict.new).append(result)
            elif result.status is Status.PASS and alone and result.id in baseline.expected:
                verdict.fixed.append(result)
        return verdict

    @property
    def ok(self) -> bool:
        return not self.new


# --- the text report ----------------------------------------------------------------------


def problem_lines(result: Result, label: str | None = None) -> list[str]:
    """What the text report says about one result: its status and id, where and what went
    wrong, and its rulings (the site's Run shows the same lines)."""
    label = label or str(result.status).upper()
    lines = [
        f"{label:5} {printable(result.id)}",
        f"      {printable(shown_path(result.location))}: {printable(result.message)}",
    ]
    lines += [f"      ruling {ruling}: {ruling_line(ruling)}" for ruling in result.rulings]
    return lines


def skip_groups(results: Iterable[Result]) -> list[tuple[str, list[Result]]]:
    """The skipped results by reason, the largest group first."""
    groups: defaultdict[str, list[Result]] = defaultdict(list)
    for result in results:
        if result.status is Status.SKIP:
            groups[result.message].append(result)
    return sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))


def _skips(results: Sequence[Result], verbose: bool) -> list[str]:
    groups = skip_groups(results)
    if not groups:
        return []
    total = sum(len(group) for _reason, group in groups)
    lines = [f"{total} skipped, by reason:"]
    shown = groups if verbose else groups[:SKIP_GROUPS_SHOWN]
    for reason, group in shown:
        lines.append(f"  {len(group):4}  {printable(reason)}")
        if verbose:
            lines += [f"          {printable(r.id)}" for r in group]
    if len(shown) < len(groups):
        lines.append(f"  ... and {len(groups) - len(shown)} more reasons (-v lists them all)")
    return lines


def text_report(
    summary_table: str,
    results: Sequence[Result],
    verdict: Verdict,
    *,
    verbose: bool = False,
    baseline: Baseline | None = None,
) -> str:
    """The whole text report: the table, then what needs attention first."""
    blocks = [summary_table]
    blocks += ["\n".join(problem_lines(r, r.status.upper())) for r in verdict.new]
    if baseline is not None:
        if verdict.expected:
            listed = [f"  {r.status:5} {printable(r.id)}" for r in verdict.expected]
            blocks.append("\n".join([f"{len(verdict.expected)} expected by the baseline:"]))
            if verbose:
                blocks[-1] += "\n" + "\n".join(listed)
        if verdict.fixed:
            lines = [f"{len(verdict.fixed)} fixed (in the baseline, passing now):"]
            lines += [f"  FIXED {printable(r.id)}" for r in verdict.fixed]
            lines.append("  (--update-baseline takes them out of the baseline)")
            blocks.append("\n".join(lines))
        new = len(verdict.new)
        blocks.append(f"baseline: {new} new failure{'s' if new != 1 else ''}")
    compared = compared_as_lines(results)
    if compared:
        blocks.append("\n".join(compared))
    skips = _skips(results, verbose)
    if skips:
        blocks.append("\n".join(skips))
    return "\n\n".join(blocks)


def compared_as_lines(results: Sequence[Result]) -> list[str]:
    """How many scenarios were compared under each representation choice the engine
    declares (``Adapter.representation``), in words; empty when none was."""
    counts = Counter(choice for result in results for choice in result.compared_as)
    if not counts:
        return []
    lines = ["Compared as the engine declares (what it represents differently):"]
    lines += [
        f"  {REPRESENTATION_WORDS.get(choice, choice)} ({choice}): {count} scenario(s)"
        for choice, count in sorted(counts.items())
    ]
    return lines


# --- GitHub Actions annotations -----------------------------------------------------------


def _gh_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


def github_annotations(verdict: Verdict) -> str:
    """One ``::error`` per new failure or error, one ``::notice`` per fixed scenario."""
    lines = []
    for result in verdict.new:
        where = f"file={_gh_property(printable(shown_path(result.file)))}"
        if result.line:
            where += f",line={result.line}"
        title = _gh_property(printable(f"{result.status.upper()} {result.id}"))
        rulings = "".join(f"\nruling {r}: {ruling_line(r)}" for r in result.rulings)
        body = _gh_data(printable(result.message) + rulings)
        lines.append(f"::error {where},title={title}::{body}")
    for result in verdict.fixed:
        where = f"file={_gh_property(printable(shown_path(result.file)))}"
        lines.append(f"::notice {where},title=fixed {_gh_property(result.id)}::passes now")
    return "\n".join(lines)


# --- JUnit XML ----------------------------------------------------------------------------


def xml_text(text: str) -> str:
    """``text`` as XML 1.0 may hold it: terminal escapes removed, other control
    characters written as ``\\xNN`` (ElementTree would write them raw: invalid XML)."""
    text = _ANSI.sub("", text)
    return "".join(
        char
        if char in "\t\n\r"
        or (" " <= char <= "\ud7ff")
        or ("\ue000" <= char <= "\ufffd")
        or char >= "\U00010000"
        else f"\\x{ord(char):02x}"
        for char in text
    )


def junit_xml(
    results: Sequence[Result], engine: str, summarize: Callable[[Sequence[Result]], Any]
) -> str:
    """The run as JUnit XML, in the element order of the JUnit schema (a case's
    ``properties`` before its ``failure``/``error``/``skipped``), with times in seconds
    and paths relative to the working directory."""
    import xml.etree.ElementTree as ET  # only for --junit: not a cost of every check

    summary = summarize(results)
    suites = ET.Element(
        "testsuites",
        name=xml_text(f"arbiter ({engine})"),
        tests=str(summary["total"]),
        failures=str(summary["failed"]),
        errors=str(summary["errors"]),
        skipped=str(summary["skipped"]),
        time=_seconds(results),
    )
    for set_name, row in summary["by_set"].items():
        members = [r for r in results if r.set_name == set_name]
        suite = ET.SubElement(
            suites,
            "testsuite",
            name=xml_text(set_name),
            tests=str(row["total"]),
            failures=str(row["failed"]),
            errors=str(row["errors"]),
            skipped=str(row["skipped"]),
            time=_seconds(members),
        )
        for result in members:
            _junit_case(suite, result)
    ET.indent(suites)
    return ET.tostring(suites, encoding="unicode", xml_declaration=True) + "\n"


def _seconds(results: Iterable[Result]) -> str:
    return f"{sum(r.seconds for r in results):.3f}"


def _junit_case(suite: ET.Element, result: Result) -> None:
    import xml.etree.ElementTree as ET

    case = ET.SubElement(
        suite,
        "testcase",
        classname=xml_text(result.set_name),
        name=xml_text(result.id),
        file=xml_text(shown_path(result.file)),
        time=f"{result.seconds:.3f}",
    )
    if result.line:
        case.set("line", str(result.line))
    if result.rulings:
        properties = ET.SubElement(case, "properties")
        for ruling in result.rulings:
            ET.SubElement(properties, "property", name="ruling", value=xml_text(ruling))
    tag = {Status.FAIL: "failure", Status.ERROR: "error", Status.SKIP: "skipped"}.get(result.status)
    if tag:
        message = xml_text(result.message)
        element = ET.SubElement(case, tag, message=message)
        element.text = f"{xml_text(shown_path(result.location))}: {message}"


# --- the progress line --------------------------------------------------------------------


class Progress:
    """``[done/total] id`` on one line of a terminal, redrawn at most ten times a second;
    nothing at all when the stream is not a terminal (CI logs, pipes)."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.active = _is_terminal(self.stream)
        self.drawn = 0.0
        self.width = 0

    def __call__(self, result: Result, done: int, total: int) -> None:
        now = time.monotonic()
        if not self.active or (now - self.drawn < 0.1 and done < total):
            return
        self.drawn = now
        text = f"[{done}/{total}] {printable(result.id)}"[:79]
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)

    def clear(self) -> None:
        if self.active and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
