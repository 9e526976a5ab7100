"""Serve any :class:`~scenarios.adapters.base.Adapter` over the wire protocol, version 1.

The protocol is specified in ``docs/guides/wire-protocol.rst``; in short: one JSON object
per line on standard input (a request: ``id``, ``op`` and the op's fields), one JSON
object per line on standard output (the response: the same ``id``, a ``status`` of
``ok`` / ``rejected`` / ``unsupported`` / ``error``, and ``result`` or ``message``).

``arbiter wire`` runs :func:`serve` around the reference engine, which makes it both a
working peer for ``arbiter check --engine wire:"arbiter wire"`` and the executable
example for authors of engines in other languages. ``arbiter wire --engine pyminion``
serves any registered engine the same way.

Standard output belongs to the protocol alone: while serving, ``sys.stdout`` points at
standard error, so a stray ``print`` in an engine cannot corrupt the stream. The worker
of an isolated engine (``python -m scenarios.wire_server ENGINE``) goes further, before
it imports the engine: the protocol gets a descriptor of its own and descriptor 1 becomes
standard error (a print at import, or an extension module writing to it, goes there),
and its address space is limited (``ARBITER_WORKER_MEMORY``, MB, default 2048: an engine
that allocates without end fails with MemoryError instead of taking the machine).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from typing import IO, Any

from engine.errors import BadPosition
from engine.setup_check import check_setup
from scenarios.adapters.base import Adapter, Rejected, Unsupported

PROTOCOL_VERSION = 1
SUPPORTED_VERSIONS = (PROTOCOL_VERSION,)
MAX_REQUEST_CHARS = 4 * 1024 * 1024  # a setup is a few KB
TOO_LONG = f"a request longer than {MAX_REQUEST_CHARS} characters was dropped"

Handler = Callable[[Adapter, dict[str, Any]], Any]


def supported_cards(adapter: Adapter) -> dict[str, dict[str, Any]]:
    """The ``cards`` table of ``hello``: what ``adapter`` can express, card by card.

    ``{"Library": {"set": "base", "editions": [2]}, ...}``: under which values of the
    scenario's ``editions[set]`` the engine can play that card. Taken from the adapter's
    own :meth:`~Adapter.supported_cards` if it has one, else by asking
    :meth:`~Adapter.unsupported_reason` about each card of the project's catalogue under
    each edition.
    """
    table = adapter.supported_cards()
    if table is not None:
        return table
    from engine.cards import ALL_CARDS

    found: dict[str, dict[str, Any]] = {}
    for card in ALL_CARDS:
        if card.name in found:
            continue
        editions = [
            edition
            for edition in (1, 2)
            if adapter.unsupported_reason({card.name}, {card.set: edition}) is None
        ]
        if editions:
            found[card.name] = {"set": card.set, "editions": editions}
    return found


def _hello(adapter: Adapter, request: dict[str, Any]) -> Any:
    offered = request.get("protocol", [PROTOCOL_VERSION])
    offered = offered if isinstance(offered, list) else [offered]
    common = [version for version in SUPPORTED_VERSIONS if version in offered]
    if not common:
        raise _ProtocolError(
            f"no common protocol version: the client offers {offered}, "
            f"this server speaks {list(SUPPORTED_VERSIONS)}"
        )
    hello = {"protocol": max(common), "engine": adapter.name, "cards": supported_cards(adapter)}
    features = sorted(adapter.supported_features())
    if features:  # a version-1 engine's hello stays exactly what it was
        hello["features"] = features
    missing_sets = adapter.missing_sets()
    if missing_sets:
        hello["missing_sets"] = dict(missing_sets)
    representation = sorted(adapter.representation())
    if representation:
        hello["representation"] = representation
    return hello


def _load(adapter: Adapter, request: dict[str, Any]) -> Any:
    setup = _field(request, "setup", dict)
    try:  # the engine's setup validation, whatever engine is served
        check_setup(setup)
    except BadPosition as bad:
        raise _ProtocolError(f"load: setup.{bad}" if bad.key else f"load: {bad}") from None
    adapter.load(setup)
    return None


def _command(adapter: Adapter, request: dict[str, Any]) -> Any:
    adapter.command(_field(request, "verb", str), request.get("arg"))
    return None


def _answer(adapter: Adapter, request: dict[str, Any]) -> Any:
    if "value" not in request:
        raise _ProtocolError("answer needs a value")
    adapter.answer(request["value"])
    return None


def _events(adapter: Adapter, request: dict[str, Any]) -> Any:
    since = request.get("since", 0)
    if not isinstance(since, int) or since < 0:
        raise _ProtocolError("events: since must be a non-negative integer")
    return adapter.events()[since:]


HANDLERS: dict[str, Handler] = {
    "hello": _hello,
    "load": _load,
    "command": _command,
    "answer": _answer,
    "pending": lambda adapter, _request: adapter.pending(),
    "observe": lambda adapter, _request: adapter.observe(),
    "events": _events,
    "bye": lambda _adapter, _request: None,
}


class _ProtocolError(Exception):
    """The request itself is malformed (the client's fault, answered with ``error``)."""


def _field(request: dict[str, Any], key: str, kind: type) -> Any:
    value = request.get(key)
    if not isinstance(value, kind):
        raise _ProtocolError(f"{request.get('op')} needs {key} ({kind.__name__})")
    return value


def respond(adapter: Adapter, line: str) -> tuple[dict[str, Any], bool]:
    """The response to one request line, and whether the session is over (``bye``)."""
    try:
        request = json.loads(line)
    except ValueError as exc:
        return {"id": None, "status": "error", "message": f"not JSON: {exc}"}, False
    except RecursionError:
        return {"id": None, "status": "error", "message": "not JSON: nested too deeply"}, False
    if not isinstance(request, dict):
        return {"id": None, "status": "error", "message": "a request is a JSON object"}, False
    ident, op = request.get("id"), request.get("op")
    handler = HANDLERS.get(op) if isinstance(op, str) else None
    if handler is None:
        return {
            "id": ident,
            "status": "error",
            "message": f"unknown op {op!r} (known: {', '.join(HANDLERS)})",
        }, False
    try:
        result = handler(adapter, request)
    except Rejected as exc:
        return {"id": ident, "status": "rejected", "message": str(exc)}, False
    except Unsupported as exc:
        return {"id": ident, "status": "unsupported", "message": str(exc)}, False
    except _ProtocolError as exc:
        return {"id": ident, "status": "error", "message": str(exc)}, False
    except Exception as exc:  # the engine's own failure: report it, keep serving
        return {"id": ident, "status": "error", "message": f"{type(exc).__name__}: {exc}"}, False
    return {"id": ident, "status": "ok", "result": result}, op == "bye"


def _request_lines(instream: IO[str]) -> Iterator[str | None]:
    """Each line of ``instream``; None for a line longer than :data:`MAX_REQUEST_CHARS`
    (read and dropped in bounded pieces, so memory stays bounded whatever the client sends)."""
    while True:
        line = instream.readline(MAX_REQUEST_CHARS + 1)
        if not line:
            return
        if len(line) <= MAX_REQUEST_CHARS or line.endswith("\n"):
            yield line
            continue
        while line and not line.endswith("\n"):
            line = instream.readline(MAX_REQUEST_CHARS)
        yield None


def serve(
    adapter: Adapter, instream: IO[str] | None = None, outstream: IO[str] | None = None
) -> int:
    """Answer requests from ``instream`` until ``bye`` or end of input; returns 0."""
    instream = instream if instream is not None else sys.stdin
    outstream = outstream if outstream is not None else sys.stdout
    saved, sys.stdout = sys.stdout, sys.stderr  # stdout is the protocol's alone
    try:
        for line in _request_lines(instream):
            if line is None:
                response: dict[str, Any] = {"id": None, "status": "error", "message": TOO_LONG}
                done = False
            elif not line.strip():
                continue
            else:
                response, done = respond(adapter, line)
            outstream.write(json.dumps(response, separators=(",", ":")) + "\n")
            outstream.flush()
            if done:
                break
    finally:
        sys.stdout = saved
        adapter.close()
    return 0


MEMORY_VARIABLE = "ARBITER_WORKER_MEMORY"
DEFAULT_MEMORY_MB = 2048


def protocol_stream() -> IO[str]:
    """Standard output for the protocol alone: a new descriptor for the stream it is,
    and descriptor 1 made standard error, so nothing else can write to the stream."""
    import os

    sys.stdout.flush()
    stream = os.fdopen(os.dup(1), "w", encoding="utf-8", errors="replace", closefd=True)
    os.dup2(2, 1)
    return stream


def limit_memory() -> None:
    """Limit this process's address space to ``ARBITER_WORKER_MEMORY`` MB (children it
    starts inherit the limit); nothing where the platform cannot."""
    import os

    raw = os.environ.get(MEMORY_VARIABLE, "").strip()
    try:
        megabytes = int(raw) if raw else DEFAULT_MEMORY_MB
    except ValueError:
        megabytes = DEFAULT_MEMORY_MB
    try:
        import resource
    except ImportError:  # Windows
        return
    limit = megabytes * 1024 * 1024
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def main(argv: list[str] | None = None) -> int:
    """``python -m scenarios.wire_server [ENGINE]``: serve an engine in this process (a
    name or ``module:attr``, see :mod:`scenarios.engines`); the worker of isolated engines."""
    from scenarios.engines import EngineNotFound, resolve

    args = sys.argv[1:] if argv is None else argv
    protocol = protocol_stream()
    limit_memory()
    try:
        adapter = resolve(args[0] if args else "reference", isolated=False)()
    except EngineNotFound as exc:
        print(f"arbiter wire: {exc}", file=sys.stderr)
        return 2
    except MemoryError:
        print(f"arbiter wire: the engine needed more than ${MEMORY_VARIABLE} MB", file=sys.stderr)
        return 2
    return serve(adapter, outstream=protocol)


if __name__ == "__main__":
    sys.exit(main())
