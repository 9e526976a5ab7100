"""The wire protocol's messages checked against ``scenarios/schema/wire.schema.json``.

The schema is the machine-readable half of ``docs/guides/wire-protocol.rst``: every
request (``#/$defs/request``) and the response to each op (``#/$defs/response/$defs/OP``).
The project's tests validate both sides with it (what :class:`~scenarios.adapters.wire.
WireAdapter` sends and what :mod:`scenarios.wire_server` answers), and ``arbiter
wire-test`` validates an engine's answers with it.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
from jsonschema.exceptions import best_match

from engine.sets import ALL_SETS, KINGDOM_SETS

SCHEMA_PATH = Path(__file__).resolve().parent / "schema" / "wire.schema.json"
OPS = ("hello", "load", "command", "answer", "pending", "observe", "events", "bye")


@cache
def schema() -> dict[str, Any]:
    """The wire schema, with the sets and the editions a setup carries filled in from
    the set registry (engine.sets), which the file leaves empty."""
    root: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    root["$defs"]["set"]["enum"] = list(ALL_SETS)
    editions = root["$defs"]["setup"]["properties"]["editions"]
    editions["required"] = list(KINGDOM_SETS)
    editions["properties"] = {name: {"$ref": "#/$defs/edition"} for name in KINGDOM_SETS}
    return root


@cache
def _validator(pointer: str) -> jsonschema.protocols.Validator:
    """A validator of the definition at ``pointer`` (``#/$defs/...``) of the schema."""
    return jsonschema.Draft202012Validator({**schema(), "$ref": pointer})


def _problem(pointer: str, message: Any) -> str | None:
    error = best_match(_validator(pointer).iter_errors(message))
    if error is None:
        return None
    where = "/".join(str(part) for part in error.absolute_path) or "the message"
    return f"{where}: {error.message[:300]}"


def request_problem(message: Any) -> str | None:
    """What is wrong with a request, or None when the schema accepts it."""
    return _problem("#/$defs/request", message)


def response_problem(op: str, message: Any) -> str | None:
    """What is wrong with the response to a request with ``op``, or None."""
    if op not in OPS:
        return f"no response is defined for op {op!r}"
    return _problem(f"#/$defs/response/$defs/{op}", message)
