"""``arbiter wire-test COMMAND``: an engine's protocol behaviour, apart from the rules.

Starts ``COMMAND`` and checks, one by one, what every engine speaking the wire protocol
must do whatever its rules: the handshake, the shape of each answer (against
``scenarios/schema/wire.schema.json``), ``error`` for a malformed line or an unknown op
(and going on after it), ``rejected`` for an illegal command or answer with the state
unchanged, and exiting after ``bye``. Each check prints ``ok`` or ``FAIL`` with the
reason; exit 0 when all pass, 1 when one fails, 2 when the engine cannot be started.
"""

from __future__ import annotations

import json
import shlex
import textwrap
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from arbiter.output import printable
from scenarios.adapters.base import EngineUnusable
from scenarios.adapters.wire import (
    LineTooLong,
    Peer,
    PeerClosed,
    PeerTimeout,
    hello_problem,
)
from scenarios.loader import load_text
from scenarios.wire_schema import response_problem

# A position every engine can express: two players, the basic cards, $0 in the buy phase.
POSITION = textwrap.dedent("""
    id: rules/wire-test/position
    title: the position arbiter wire-test loads
    setup:
      turn: {phase: buy}
      p1: {hand: [Copper, Estate], deck: [Silver, Copper, Copper, Estate, Copper]}
""")
BYE_WAIT = 3.0


class CheckFailed(Exception):
    """One check's failure: the reason."""


@dataclass
class Session:
    """One engine process and the requests sent to it so far."""

    peer: Peer
    timeout: float
    next_id: int = 1
    log: list[str] = field(default_factory=list)

    def send_raw(self, line: str) -> Any:
        """Send ``line`` as it is; the decoded response (CheckFailed if there is none)."""
        try:
            reply = self.peer.exchange((line + "\n").encode(), time.monotonic() + self.timeout)
        except PeerTimeout:
            raise CheckFailed(f"no response within {self.timeout:g} s") from None
        except LineTooLong:
            raise CheckFailed("the response line is far too long") from None
        except PeerClosed:
            raise CheckFailed("the engine stopped reading its input (it exited?)") from None
        if reply is None:
            raise CheckFailed(f"the engine exited (code {self.peer.exit_code(1)})")
        text = reply.decode("utf-8", errors="replace")
        try:
            return json.loads(text)
        except (ValueError, RecursionError):
            raise CheckFailed(f"the response is not JSON: {printable(text[:200])}") from None

    def request(self, op: str, **fields: Any) -> dict[str, Any]:
        """Send one well-formed request; its response, checked against the schema."""
        ident, self.next_id = self.next_id, self.next_id + 1
        response = self.send_raw(json.dumps({"id": ident, "op": op, **fields}))
        problem = response_problem(op, response)
        if problem:
            raise CheckFailed(f"{op}: the response does not fit the schema: {problem}")
        if response.get("id") != ident:
            raise CheckFailed(f"{op}: the response has id {response.get('id')!r}, not {ident}")
        answer: dict[str, Any] = response
        return answer

    def ok(self, op: str, **fields: Any) -> Any:
        response = self.request(op, **fields)
        if response["status"] != "ok":
            raise CheckFailed(f"{op}: expected ok, got {response['status']}: {response}")
        return response["result"]


def _hello(session: Session) -> str:
    result = session.ok("hello", protocol=[1])
    problem = hello_problem(result)
    if problem:
        raise CheckFailed(problem)
    return f"engine {printable(str(result['engine']))}, {len(result['cards'])} cards"


def _garbage(session: Session) -> str:
    response = session.send_raw("this is not JSON")
    if not isinstance(response, dict) or response.get("status") != "error":
        raise CheckFailed(f"expected status error, got {printable(str(response)[:200])}")
    if response.get("id") is not None:
        raise CheckFailed(f"a line that is not JSON has no id: expected null, got {response['id']}")
    return "answered error with id null"


def _unknown_op(session: Session) -> str:
    ident = session.next_id
    session.next_id += 1
    response = session.send_raw(json.dumps({"id": ident, "op": "dance"}))
    if not isinstance(response, dict) or response.get("status") != "error":
        raise CheckFailed(f"expected status error, got {printable(str(response)[:200])}")
    if response.get("id") != ident:
        raise CheckFailed(f"expected id {ident}, got {response.get('id')!r}")
    return "answered error with the request's id"


def _load(session: Session) -> str:
    setup = dict(load_text(POSITION, "wire-test.yaml").setup)
    response = session.request("load", setup=setup)
    if response["status"] != "ok":
        raise CheckFailed(f"a 2-player position of basic cards was refused: {response}")
    return "a 2-player position of basic cards"


def _state(session: Session) -> tuple[Any, Any, Any]:
    return session.ok("observe"), session.ok("pending"), session.ok("events", since=0)


def _observe(session: Session) -> str:
    state, pending, events = _state(session)
    hand = sorted(state["players"]["p1"]["hand"])
    if hand != ["Copper", "Estate"]:
        raise CheckFailed(f"p1's hand should be [Copper, Estate] as loaded, not {hand}")
    if pending is not None or events:
        raise CheckFailed("nothing may be pending and no event logged right after load")
    return "observe, pending and events fit the schema"


def _rejected(op: str, **fields: Any) -> Callable[[Session], str]:
    def check(session: Session) -> str:
        before = _state(session)
        response = session.request(op, **fields)
        if response["status"] != "rejected":
            raise CheckFailed(f"expected rejected, got {response['status']}")
        if _state(session) != before:
            raise CheckFailed("rejected, but observe, pending or events changed")
        return "rejected, state unchanged"

    return check


def _bye(session: Session) -> str:
    session.ok("bye")
    if session.peer.exit_code(wait=BYE_WAIT) is None:
        raise CheckFailed(f"the engine did not exit within {BYE_WAIT:g} s of bye")
    return "answered ok and exited"


CHECKS: tuple[tuple[str, Callable[[Session], str]], ...] = (
    ("hello", _hello),
    ("a line that is not JSON", _garbage),
    ("an unknown op", _unknown_op),
    ("load", _load),
    ("observe, pending, events", _observe),
    ("buy Province with $0", _rejected("command", verb="buy", arg="Province")),
    ("answer with nothing pending", _rejected("answer", value="Copper")),
    ("bye", _bye),
)


def run(command: str, timeout: float, out: Callable[[str], None] = print) -> int:
    """Run every check on ``command``; 0 all passed, 1 one failed, 2 it cannot start."""
    argv = shlex.split(command)
    if not argv:
        out("arbiter wire-test: give the engine's command")
        return 2
    try:
        peer = Peer(argv)
    except EngineUnusable as exc:
        out(f"arbiter wire-test: {exc}")
        return 2
    session = Session(peer, timeout)
    passed = 0
    try:
        for what, check in CHECKS:
            try:
                out(f"ok    {what}: {check(session)}")
                passed += 1
            except CheckFailed as exc:
                out(f"FAIL  {what}: {printable(str(exc))}")
                if what == "hello" or session.peer.exit_code() is not None:
                    break  # nothing else can be checked
    finally:
        stderr = " | ".join(peer.stderr_lines())
        peer.kill()
    if passed < len(CHECKS) and stderr:
        out(f"      the engine's stderr: {printable(stderr[-600:])}")
    out(f"{passed} of {len(CHECKS)} checks passed")
    return 0 if passed == len(CHECKS) else 1
