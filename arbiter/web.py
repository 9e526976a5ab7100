"""What the site's pages ask of the engine running in the reader's browser (Pyodide).

The worker (``docs/_static/arbiter-worker.mjs``) calls these with the text of a scenario
as the reader sees or edits it; each answers with JSON. They run exactly what the command
line runs (the same loader, runner, report and trace), so a page shows the messages
``arbiter check`` prints. Usable in CPython too (tests/test_web.py runs them on the zip
the site ships).
"""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath
from typing import Any

# Where the page's scenario is written before it is read, as the file it came from
# (scenarios/base/feast/throne-room.yaml), so that messages name the same file.
DEFAULT_PATH = "dispute.yaml"


def _file(path: str, text: str) -> Path:
    """``text`` written to ``path`` (relative, inside the working folder; anything else is
    the default name), ready to be read as a scenario file."""
    relative = PurePosixPath(path or DEFAULT_PATH)
    if relative.is_absolute() or ".." in relative.parts or relative.suffix not in (".yaml", ".yml"):
        relative = PurePosixPath(DEFAULT_PATH)
    target = Path(*relative.parts)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return target


def check(text: str, path: str = DEFAULT_PATH) -> str:
    """Run one scenario: ``{status, id, report, trace}``. ``report`` holds the lines
    ``arbiter check FILE`` prints about it (a malformed file's problems included), and
    ``trace`` the play-by-play of ``arbiter check FILE --trace`` (empty when the file
    could not be played)."""
    from arbiter.report import problem_lines
    from scenarios.runner import reference_adapter
    from scenarios.trace import render_trace, trace_files

    file = _file(path, text)
    traces, results = trace_files([file], reference_adapter)
    result = results[0]
    failing = str(result.status) in ("fail", "error")
    answer: dict[str, Any] = {
        "status": str(result.status),
        "id": result.id,
        "report": "\n".join(problem_lines(result) if failing else [f"PASS  {result.id}"]),
        "trace": render_trace(traces[0]) if traces else "",
    }
    return json.dumps(answer)


def share(text: str, path: str = DEFAULT_PATH) -> str:
    """The page ``arbiter share FILE`` writes for this scenario: ``{page}``, or
    ``{report}`` with its problems when it cannot be played."""
    from arbiter.share import share_file

    page, problems = share_file(_file(path, text))
    return json.dumps({"page": page} if page is not None else {"report": "\n".join(problems)})


def skeleton(names: str) -> str:
    """``arbiter new`` for the cards named (commas or new lines between them): ``{text}``,
    or ``{error}`` naming a card that is not one, with the closest names."""
    from arbiter.cli import UsageError, find_card
    from arbiter.new import skeleton as new_skeleton

    wanted = [part.strip() for part in names.replace("\n", ",").split(",") if part.strip()]
    if not wanted:
        return json.dumps({"error": "name at least one card"})
    try:
        found = list(dict.fromkeys(find_card(name) for name in wanted))
    except UsageError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"text": new_skeleton(found)})
