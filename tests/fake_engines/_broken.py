"""The reference engine over the wire, broken on purpose when told to play a Smithy.

Each script beside this one passes :func:`serve` the way it misbehaves; every other
request is answered correctly, so a test can check that the harness reports that one
scenario as an error and goes on with the next one on a fresh process.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script, any cwd

from scenarios.adapters.reference import ReferenceAdapter
from scenarios.wire_server import respond

TRIGGER = "Smithy"
Request = dict[str, Any]
Response = dict[str, Any]


def write(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def serve(
    on_trigger: Callable[[Request], None] | None = None,
    after_trigger: Callable[[Request, Response], Response] | None = None,
) -> None:
    """Serve the reference engine; ``on_trigger`` replaces the answer to ``play Smithy``,
    ``after_trigger`` rewrites every response once that command has been seen."""
    adapter = ReferenceAdapter()
    triggered = False
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("op") == "command" and request.get("arg") == TRIGGER:
            triggered = True
            if on_trigger is not None:
                on_trigger(request)
                continue
        response, done = respond(adapter, line)
        if triggered and after_trigger is not None:
            response = after_trigger(request, response)
        write(json.dumps(response))
        if done:
            return
