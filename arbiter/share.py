"""``arbiter share FILE``: one self-contained page to send to the other player.

The scenario runs on the reference engine exactly as ``arbiter check`` runs it, and the
page says, for a reader who has no Arbiter: the question (the title and the note), the
position, the play-by-play, the verdict (with why a question the file expected never
came), the catalogue rulings that apply with their sources, and the scenario file itself.
HTML with its style inline and no script, so it opens from a file, offline; or Markdown
(``--format markdown``) to paste into a message. The site's *Share* button writes the same
page, computed in the reader's browser (:mod:`arbiter.web`).
"""

from __future__ import annotations

import argparse
import html
from dataclasses import dataclass
from pathlib import Path

from scenarios import prose
from scenarios.catalogue import Ruling
from scenarios.trace import Trace, applicable_rulings, why_not_asked

FORMATS = ("html", "markdown")
SUFFIXES = {"html": ".html", "markdown": ".md"}
VERDICT_WORDS = {
    "pass": "The reference engine agrees: every expectation holds.",
    "fail": "The reference engine disagrees with the file.",
    "error": "The scenario could not be played as written.",
    "skip": "The scenario was skipped.",
}


@dataclass(frozen=True)
class Shared:
    """What the page says, in plain text (each renderer escapes it)."""

    scenario_id: str
    title: str
    note: str | None
    position: tuple[str, ...]
    steps: tuple[str, ...]
    result: str
    status: str
    message: str
    why: str | None
    rulings: tuple[Ruling, ...]
    file_text: str


def shared(trace: Trace, file_text: str) -> Shared:
    """The page's content for a traced run of a scenario whose file reads ``file_text``."""
    scenario = trace.scenario
    held = prose.trace_result(trace.records)
    result = prose.sentence(prose.checked(scenario.expect or {})) + (f" {held}" if held else "")
    return Shared(
        scenario_id=scenario.id,
        title=scenario.title,
        note=scenario.note,
        position=tuple(prose.position(scenario.setup, prose.chosen_editions(scenario))),
        steps=tuple(prose.trace_steps(trace.records)),
        result=result,
        status=str(trace.result.status),
        message=trace.result.message,
        why=why_not_asked(trace),
        rulings=tuple(applicable_rulings(trace)),
        file_text=file_text,
    )


# --- HTML ----------------------------------------------------------------------------------

STYLE = (
    "body{font:16px/1.45 system-ui,sans-serif;max-width:44em;margin:1.5em auto;padding:0 1em;"
    "color:#1b1b1b;background:#fff}h1{font-size:1.5em}h2{font-size:1.15em;margin:1.3em 0 .4em}"
    ".verdict{padding:.6em .9em;border-radius:6px;border:1px solid #bbb}"
    ".pass{background:#e9f6ec;border-color:#176d2b}.fail,.error{background:#fdecee;"
    "border-color:#b00020}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f4f4f4;"
    "padding:.6em;border-radius:4px;font-size:.85em}.source{font-size:.85em;color:#555}"
    "@media (prefers-color-scheme:dark){body{background:#17181c;color:#e6e6e6}"
    "pre{background:#24262b}.pass{background:#14301c}.fail,.error{background:#3a1418}"
    ".source{color:#aaa}a{color:#8ab4f8}}"
)


def _link(source: str) -> str:
    """A source as a link only when it is a web address (never a ``javascript:`` one)."""
    text = html.escape(source)
    if source.startswith(("https://", "http://")) and not set(source) & set(' "<>`'):
        return f'<a href="{text}">{text}</a>'
    return text


def render_html(page: Shared) -> str:
    e = html.escape
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(page.title)}</title>",
        f"<style>{STYLE}</style>",
        "</head><body>",
        f"<h1>{e(page.title)}</h1>",
    ]
    if page.note:
        out.append(f"<p>{e(page.note)}</p>")
    out.append(
        f'<div class="verdict {e(page.status)}" data-status="{e(page.status)}"><strong>'
        f"{e(page.status.upper())}.</strong> {e(VERDICT_WORDS.get(page.status, ''))}"
    )
    if page.message:
        out.append(f"<br>{e(page.message)}")
    if page.why:
        out.append(f"<br><strong>Why:</strong> {e(page.why)}")
    out.append("</div>")
    out += ["<h2>The position</h2>", *(f"<p>{e(line)}</p>" for line in page.position)]
    out.append("<h2>What happens</h2>")
    if page.steps:
        out += ["<ol>", *(f"<li>{e(step)}</li>" for step in page.steps), "</ol>"]
    else:
        out.append("<p>Nothing is played: the position itself is checked.</p>")
    out += ["<h2>What the file expects at the end</h2>", f"<p>{e(page.result)}</p>"]
    out.append("<h2>The rulings that apply</h2>")
    if page.rulings:
        out.append("<ul>")
        for ruling in page.rulings:
            out.append(
                f'<li>{e(ruling.text)}<br><span class="source">{e(ruling.id)}; source: '
                f"{_link(ruling.source)}</span></li>"
            )
        out.append("</ul>")
    else:
        out.append("<p>No ruling of the catalogue names two of these cards.</p>")
    out += [
        "<h2>The scenario file</h2>",
        "<p>Run it yourself with <code>arbiter check FILE --trace</code>, or paste it into "
        "a scenario's <em>Edit</em> box on the Arbiter site.</p>",
        f"<pre>{e(page.file_text)}</pre>",
        f'<p class="source">{e(page.scenario_id)}, played by Arbiter\'s reference engine.</p>',
        "</body></html>",
    ]
    return "\n".join(out) + "\n"


# --- Markdown ------------------------------------------------------------------------------


def _md(text: str) -> str:
    for char in ("\\", "*", "_", "`", "[", "]", "<", ">", "#", "|"):
        text = text.replace(char, "\\" + char)
    return text


def render_markdown(page: Shared) -> str:
    out = [f"# {_md(page.title)}", ""]
    if page.note:
        out += [_md(page.note), ""]
    verdict = f"**{page.status.upper()}.** {VERDICT_WORDS.get(page.status, '')}"
    out += [verdict + (f" {_md(page.message)}" if page.message else ""), ""]
    if page.why:
        out += [f"**Why:** {_md(page.why)}", ""]
    out += ["## The position", "", *(_md(line) + "  " for line in page.position), ""]
    out += ["## What happens", ""]
    out += [f"{n}. {_md(step)}" for n, step in enumerate(page.steps, 1)] or [
        "Nothing is played: the position itself is checked."
    ]
    out += ["", "## What the file expects at the end", "", _md(page.result), ""]
    out += ["## The rulings that apply", ""]
    out += [f"- {_md(r.text)} ({r.id}; source: {_md(r.source)})" for r in page.rulings] or [
        "No ruling of the catalogue names two of these cards."
    ]
    fence = "````" if "```" in page.file_text else "```"
    out += ["", "## The scenario file", "", f"{fence}yaml", page.file_text.rstrip(), fence]
    return "\n".join(out) + "\n"


def render(page: Shared, fmt: str = "html") -> str:
    if fmt == "markdown":
        return render_markdown(page)
    if fmt == "html":
        return render_html(page)
    raise ValueError(f"unknown share format {fmt!r} (one of {', '.join(FORMATS)})")


# --- the command ---------------------------------------------------------------------------


def share_file(path: Path, fmt: str = "html") -> tuple[str | None, list[str]]:
    """The page for the scenario in ``path``, or None and the lines ``arbiter check``
    prints for a file that cannot be played (its problems)."""
    from arbiter.report import problem_lines
    from scenarios.runner import reference_adapter
    from scenarios.trace import trace_files

    traces, results = trace_files([path], reference_adapter)
    if not traces:
        return None, [line for result in results for line in problem_lines(result)]
    text = path.read_text(encoding="utf-8", errors="replace")
    return render(shared(traces[0], text), fmt), []


def configure_share(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="the scenario file")
    parser.add_argument(
        "--out",
        metavar="PATH",
        help="where to write the page (default: FILE with .html or .md, never replacing a "
        "file; - for standard output)",
    )
    parser.add_argument(
        "--format", choices=FORMATS, default="html", help="html (default) or markdown"
    )


def run_share(args: argparse.Namespace) -> int:
    import sys

    from arbiter import output
    from arbiter.cli import EXIT_FAILED, EXIT_OK, UsageError

    path = Path(args.file)
    if not path.is_file():
        raise UsageError(f"no scenario file at {args.file}")
    out = args.out if args.out is not None else str(path.with_suffix(SUFFIXES[args.format]))
    (target,) = output.plan([("--out", out)], inputs=[path])
    page, problems = share_file(path, args.format)
    if page is None:
        print("\n".join(problems), file=sys.stderr)
        return EXIT_FAILED
    if target.path is None:
        print(page, end="")
        return EXIT_OK
    output.write_new(target, page)
    print(f"wrote {target}: send it to the other player (it opens in any browser, offline)")
    return EXIT_OK
