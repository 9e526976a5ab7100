"""An engine in any language, driven over the wire protocol (JSON lines on a subprocess).

``arbiter check --engine wire:"COMMAND"`` starts ``COMMAND`` (split like a shell would,
no shell involved), says ``hello`` and then sends one request per Adapter call; the
protocol is specified in ``docs/guides/wire-protocol.rst`` and served for the reference
engine by :mod:`scenarios.wire_server`.

The harness must survive the engine under test. Every way a peer can misbehave becomes an
:class:`~scenarios.adapters.base.AdapterError` (so an ``error`` for that scenario, never
a crash of the run) whose message carries the last exchange:

* no response, or a request it does not read, within the per-request timeout
  (``--timeout`` or ``ARBITER_WIRE_TIMEOUT`` seconds, default 10);
* the process exits or closes its output (its last lines of standard error are shown);
* a line longer than :data:`MAX_MESSAGE_BYTES`, a line that is not JSON (or nested too
  deeply to parse), a response with the wrong ``id`` or ``status``, a result of the
  wrong shape;
* an unknown card in an observation, a pending decision or an event line.

After any of these the process is considered broken: its whole process group is killed
(a wrapper's children too) and the next ``load`` starts a fresh one, so the next scenario
runs on a sane peer. A response with status ``error`` (the engine reporting its own
failure) is an error of the scenario as well, but the process, still speaking the
protocol, is kept. An engine that cannot start, fails ``hello``, or breaks in
:data:`DEATHS_IN_A_ROW` scenarios in a row raises
:class:`~scenarios.adapters.base.EngineUnusable`, which stops the run.

Nothing here blocks: the pipes are non-blocking and every read and write waits on a
selector with a deadline, so the harness's time and memory are bounded whatever the
engine does.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import selectors
import shlex
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from engine import decisions
from scenarios.adapters.base import (
    DEFAULT_PURPOSE,
    JSON,
    Adapter,
    AdapterError,
    EngineUnusable,
    Rejected,
    Unsupported,
)
from scenarios.adapters.limits import timeout_from_env
from scenarios.loader import match_event
from scenarios.model import REPRESENTATIONS

PROTOCOL_VERSION = 1
STDERR_LINES_KEPT = 20
STDERR_TAIL_BYTES = 8 * 1024
SHOWN_CHARS = 300  # of each side of the last exchange, in messages
MAX_MESSAGE_BYTES = 4 * 1024 * 1024  # one response line; an observation is a few KB
CHUNK_BYTES = 64 * 1024
KILL_WAIT = 5.0  # seconds to reap a killed engine
BYE_WAIT = 2.0  # seconds an engine gets to exit after ``bye``
DEATHS_IN_A_ROW = 5  # scenarios in a row that broke the engine before the run stops

# The card lists a player's observation may hold (revealed and the mats: optional).
ZONES = ("hand", "deck", "discard", "in_play", "set_aside", "revealed", "island", "native_village")
KINDS = frozenset(decisions.KINDS)
PURPOSES = frozenset(decisions.PURPOSES)
CARD_KINDS = frozenset({"cards", "gain", "react", "trigger"})


@cache
def _card_names() -> frozenset[str]:
    """Every card name a scenario can use."""
    from scenarios.loader import reference_cards_cached

    return reference_cards_cached().names


def second_edition_table(sets: Mapping[str, str]) -> dict[str, dict[str, Any]]:
    """The ``supported_cards`` table of an engine that has the 2nd-edition text of every
    card it has (``sets``: card -> set): a card whose instructions changed between the
    editions is playable under edition 2 only, any other (one reworded only) under both."""
    from engine.cards import instruction_editions, lookup

    def editions(name: str, set_name: str) -> list[int]:
        second = instruction_editions(lookup(name))
        return [e for e in (1, 2) if instruction_editions(lookup(name, {set_name: e})) == second]

    return {
        name: {"set": set_name, "editions": editions(name, set_name)}
        for name, set_name in sets.items()
    }


def unsupported_by_table(
    table: Mapping[str, Mapping[str, Any]],
    cards: set[str],
    editions: Mapping[str, int],
    engine: str,
    missing_sets: Mapping[str, str] | None = None,
) -> str | None:
    """Why ``cards`` under ``editions`` are beyond an engine whose ``hello`` sent ``table``
    (and ``missing_sets``).

    ``table`` maps a card to ``{"set": ..., "editions": [...]}``: the values of the
    scenario's ``editions[set]`` under which the engine can play that card.
    ``missing_sets`` maps a set the engine lacks as a whole to the reason it gives: a
    card of such a set (by the project's catalogue) is skipped for that reason.
    """
    if missing_sets:
        from engine.cards import definitions

        for name in sorted(cards & _card_names() - set(table)):
            reason = missing_sets.get(definitions(name)[0].set)
            if reason:
                return reason
    missing, wrong_edition = [], []
    for name in sorted(cards):
        entry = table.get(name)
        if entry is None:
            missing.append(name)
            continue
        wanted = editions.get(str(entry.get("set")), 2)
        if wanted not in entry.get("editions", (1, 2)):
            wrong_edition.append(f"{name} (edition {wanted})")
    reasons = []
    if missing:
        reasons.append(f"{engine} lacks {', '.join(missing)}")
    if wrong_edition:
        reasons.append(f"{engine} lacks the text of {', '.join(wrong_edition)}")
    return "; ".join(reasons) or None


class PeerTimeout(Exception):
    """No complete response before the deadline; ``sending`` says which half was stuck."""

    def __init__(self, sending: bool) -> None:
        super().__init__("timeout")
        self.sending = sending


class LineTooLong(Exception):
    """The engine wrote more than :data:`MAX_MESSAGE_BYTES` without ending the line."""


class PeerClosed(Exception):
    """The engine closed its input: the request could not be delivered."""


class Peer:
    """One running engine, in its own process group, read and written without blocking.

    Every read and write goes through one selector with the caller's deadline, so an
    engine that never answers, never reads, or keeps a pipe open through a child it left
    behind cannot stall the harness. Standard output is read in chunks into one buffer
    that may hold at most one message (:data:`MAX_MESSAGE_BYTES`); standard error keeps
    only its last :data:`STDERR_TAIL_BYTES`. Memory therefore stays bounded whatever the
    engine writes.
    """

    def __init__(self, argv: Sequence[str], env: Mapping[str, str] | None = None) -> None:
        # A mark every process of this engine inherits in its environment, so that kill()
        # finds even one that left the process group (a daemon's setsid).
        self.mark = f"{RUN_MARK}={secrets.token_hex(12)}"
        environment = dict(os.environ if env is None else env)
        environment[RUN_MARK] = self.mark.partition("=")[2]
        try:
            self.process = subprocess.Popen(
                list(argv),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                start_new_session=True,  # its own process group: kill() takes its children
                env=environment,
            )
        except (OSError, ValueError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            raise EngineUnusable(f"cannot start {shlex.join(argv)}: {reason}") from None
        assert self.process.stdin and self.process.stdout and self.process.stderr
        self.stdin, self.stdout, self.stderr_pipe = (
            self.process.stdin.fileno(),
            self.process.stdout.fileno(),
            self.process.stderr.fileno(),
        )
        for fd in (self.stdin, self.stdout, self.stderr_pipe):
            os.set_blocking(fd, False)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.stdout, selectors.EVENT_READ, "out")
        self.selector.register(self.stderr_pipe, selectors.EVENT_READ, "err")
        self.buffer = bytearray()
        self.scanned = 0  # bytes of buffer known to hold no newline
        self.tail = bytearray()
        self.at_end = False  # standard output closed

    @property
    def pid(self) -> int:
        return self.process.pid

    def exchange(self, request: bytes, deadline: float) -> bytes | None:
        """Write ``request``, then return the next line (None at end of output).

        Raises :class:`PeerTimeout` at ``deadline``, :class:`LineTooLong` for an oversized line
        and :class:`PeerClosed` when the engine no longer reads.
        """
        unsent = memoryview(request)
        if unsent:
            self.selector.register(self.stdin, selectors.EVENT_WRITE, "in")
        try:
            while True:
                if not unsent:
                    line = self._line()
                    if line is not None or self.at_end:
                        return line
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise PeerTimeout(sending=bool(unsent))
                for key, _events in self.selector.select(remaining):
                    if key.data == "in":
                        unsent = self._write(unsent)
                    elif key.data == "out":
                        self._read_output()
                    else:
                        self._read_stderr()
        finally:
            if unsent:
                self.selector.unregister(self.stdin)

    def _write(self, unsent: memoryview) -> memoryview:
        try:
            written = os.write(self.stdin, unsent[:CHUNK_BYTES])
        except BlockingIOError:
            return unsent
        except OSError:  # EPIPE: it closed its input or exited
            raise PeerClosed from None
        rest = unsent[written:]
        if not rest:
            self.selector.unregister(self.stdin)
        return rest

    def _read(self, fd: int) -> bytes | None:
        """What ``fd`` has (b"" if nothing yet); None at its end, which unregisters it."""
        try:
            chunk = os.read(fd, CHUNK_BYTES)
        except BlockingIOError:
            return b""
        if not chunk:
            self.selector.unregister(fd)
            return None
        return chunk

    def _read_output(self) -> None:
        chunk = self._read(self.stdout)
        if chunk is None:
            self.at_end = True
            return
        self.buffer += chunk
        if len(self.buffer) > MAX_MESSAGE_BYTES and self.buffer.find(b"\n", self.scanned) < 0:
            raise LineTooLong

    def _read_stderr(self) -> None:
        self._keep_stderr(self._read(self.stderr_pipe) or b"")

    def _keep_stderr(self, chunk: bytes) -> None:
        self.tail += chunk
        del self.tail[:-STDERR_TAIL_BYTES]

    def _line(self) -> bytes | None:
        end = self.buffer.find(b"\n", self.scanned)
        if end < 0:
            self.scanned = len(self.buffer)
            return None
        if end > MAX_MESSAGE_BYTES:
            raise LineTooLong
        line = bytes(self.buffer[:end])
        del self.buffer[: end + 1]
        self.scanned = 0
        return line

    def stderr_lines(self) -> list[str]:
        """The last lines the engine wrote to standard error (whatever is still unread too)."""
        with contextlib.suppress(OSError, ValueError):
            for _ in range(16):  # what it wrote just before dying, without waiting for more
                chunk = os.read(self.stderr_pipe, CHUNK_BYTES)
                if not chunk:
                    break
                self._keep_stderr(chunk)
        text = self.tail.decode("utf-8", errors="replace")
        return [line for line in text.splitlines() if line.strip()][-STDERR_LINES_KEPT:]

    def exit_code(self, wait: float = 0.0) -> int | None:
        try:
            return self.process.wait(wait) if wait else self.process.poll()
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        """Kill the whole process group (children it started included), and every process
        that still carries the engine's mark (one that left the group), then close the
        pipes."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        kill_marked(self.mark)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(KILL_WAIT)
        self.selector.close()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            with contextlib.suppress(OSError, ValueError):
                if stream is not None:
                    stream.close()


# The environment variable that marks the processes of one engine's run.
RUN_MARK = "ARBITER_ENGINE_RUN"


def kill_marked(mark: str) -> None:
    """SIGKILL every process of ours whose environment holds ``mark`` (``NAME=value``),
    looking again until none is left (one may fork while we look). Linux only (/proc);
    elsewhere the process group is all that is killed."""
    wanted = mark.encode() + b"\0"
    for _ in range(8):
        found = [pid for pid in _our_processes() if wanted in _environment(pid)]
        if not found:
            return
        for pid in found:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)


def _our_processes() -> list[int]:
    try:
        names = os.listdir("/proc")
    except OSError:
        return []
    me = os.getpid()
    return [int(name) for name in names if name.isdigit() and int(name) != me]


def _environment(pid: int) -> bytes:
    try:
        with open(f"/proc/{pid}/environ", "rb") as handle:
            return handle.read() + b"\0"
    except OSError:  # gone, a zombie, or another user's
        return b""


class WireAdapter(Adapter):
    """The client side of the wire protocol: each Adapter call is one request line.

    ``timeout`` bounds each request (sending it and reading the response); ``deadline``
    (a :func:`time.monotonic` instant) bounds them all. ``env`` is the engine's
    environment (default: ours); ``label`` its name before ``hello`` gives one.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        timeout: float | None = None,
        *,
        deadline: float | None = None,
        env: Mapping[str, str] | None = None,
        label: str | None = None,
    ) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise ValueError('wire: needs a command to run (wire:"COMMAND")')
        self.timeout = timeout if timeout is not None else timeout_from_env()
        self.deadline = deadline
        self.env = env
        self.label = label
        self.name = label or f"wire:{shlex.join(self.argv)}"
        self.peer: Peer | None = None
        self.hello: dict[str, Any] | None = None
        self.next_id = 1
        self.exchange: tuple[str, str] = ("", "")
        self.event_cache: list[str] = []
        self.starts = 0  # how many processes this adapter has started (tests read it)
        self.process_groups: list[int] = []  # one per process started (tests read it)
        self.broken_in_a_row = 0  # scenarios in a row that ended with a broken engine
        self.broke_this_scenario = False
        self.transcript: list[str] | None = None  # when set, every line sent and received

    # --- the process ------------------------------------------------------------------------

    def _peer(self) -> Peer:
        if self.peer is None:
            self.peer = Peer(self.argv, self.env)
            self.starts += 1
            self.process_groups.append(self.peer.pid)
            self.hello = None
            self.exchange = ("", "")
            try:
                self._hello()
            except EngineUnusable:
                raise
            except AdapterError as exc:
                # An engine that cannot say hello cannot run any scenario: stop the run.
                raise EngineUnusable(f"hello failed: {exc}") from None
        return self.peer

    def _hello(self) -> None:
        result = self._call("hello", {"protocol": [PROTOCOL_VERSION]}, start=False)
        problem = hello_problem(result)
        if problem:
            raise self._broken(f"hello: {problem}")
        self.hello = result
        engine = result.get("engine")
        if isinstance(engine, str) and engine and len(engine) <= 80 and engine.isprintable():
            # A worker serving an in-process adapter goes by the adapter's own name.
            self.name = engine if self.label else f"wire:{engine}"

    def _broken(self, what: str) -> AdapterError:
        """Kill the peer (the next load starts a new one); the error to raise."""
        details = [what]
        sent, received = self.exchange
        if sent:
            details.append(
                f"last exchange: sent {_clip(sent)}; "
                f"received {_clip(received) if received else 'nothing'}"
            )
        if self.peer is not None:
            code = self.peer.exit_code()  # before kill(): did it die on its own?
            stderr = " | ".join(self.peer.stderr_lines())
            self.peer.kill()
            if stderr:
                details.append(f"stderr: {_clip(stderr, 600)}")
            if code is not None and code != 0 and "exited" not in what:
                details.append(f"exit code {code}")
        self.peer = None
        message = "; ".join(details)
        if not self.broke_this_scenario:
            self.broke_this_scenario = True
            self.broken_in_a_row += 1
        if self.broken_in_a_row >= DEATHS_IN_A_ROW:
            return EngineUnusable(
                f"the engine broke in {self.broken_in_a_row} scenarios in a row; "
                f"the last time: {message}"
            )
        return AdapterError(message)

    def close(self) -> None:
        if self.peer is None:
            return
        peer, self.peer = self.peer, None
        with contextlib.suppress(PeerTimeout, LineTooLong, PeerClosed, OSError, ValueError):
            bye = json.dumps({"id": self.next_id, "op": "bye"}) + "\n"
            peer.exchange(bye.encode(), time.monotonic() + BYE_WAIT)
            peer.exit_code(wait=BYE_WAIT)
        peer.kill()  # whatever it left running goes with it

    # --- one request ------------------------------------------------------------------------

    def _request_deadline(self) -> float:
        deadline = time.monotonic() + self.timeout
        return deadline if self.deadline is None else min(deadline, self.deadline)

    def _call(self, op: str, fields: dict[str, Any] | None = None, start: bool = True) -> Any:
        peer = self._peer() if start else self.peer
        assert peer is not None
        ident, self.next_id = self.next_id, self.next_id + 1
        line = json.dumps({"id": ident, "op": op, **(fields or {})}, separators=(",", ":"))
        self.exchange = (line, "")
        self._record(f"> {line}")
        try:
            reply = peer.exchange((line + "\n").encode(), self._request_deadline())
        except PeerTimeout as stuck:
            half = "the request could not be sent" if stuck.sending else "no response"
            cause = " (the engine does not read its input)" if stuck.sending else ""
            raise self._broken(
                f"{op}: {half} within {self.timeout:g} s{cause} (the engine was stopped)"
            ) from None
        except LineTooLong:
            raise self._broken(
                f"{op}: the engine wrote more than {MAX_MESSAGE_BYTES} bytes without "
                "ending the line (the engine was stopped)"
            ) from None
        except PeerClosed:
            code = peer.exit_code(wait=1)
            raise self._broken(
                f"{op}: the engine exited (code {code}) before the request could be sent"
            ) from None
        if reply is None:
            code = peer.exit_code(wait=1)
            raise self._broken(f"{op}: the engine exited (code {code}) without responding")
        text = reply.decode("utf-8", errors="replace").rstrip("\r")
        self.exchange = (line, text)
        self._record(f"< {text}")
        return self._result(op, ident, text)

    def _record(self, line: str) -> None:
        if self.transcript is not None:
            self.transcript.append(line)

    def _result(self, op: str, ident: int, reply: str) -> Any:
        try:
            response = json.loads(reply)
        except ValueError:
            raise self._broken(f"{op}: the engine's response is not JSON") from None
        except RecursionError:
            raise self._broken(f"{op}: the engine's response is nested too deeply") from None
        if not isinstance(response, dict):
            raise self._broken(f"{op}: a response must be a JSON object")
        if response.get("id") != ident:
            raise self._broken(
                f"{op}: the response has id {_clip(json.dumps(response.get('id')), 40)}, "
                f"the request had {ident}"
            )
        status = response.get("status")
        message = response.get("message")
        message = message if isinstance(message, str) else ""
        if status == "ok":
            if "result" not in response:
                raise self._broken(f"{op}: an ok response needs a result (null for none)")
            return response["result"]
        if status == "rejected" and op in ("command", "answer", "load"):
            raise Rejected(message or "rejected")
        if status == "unsupported" and op == "load":
            raise Unsupported(message or "unsupported")
        if status == "error":
            # The engine reports its own failure and still speaks the protocol: keep it.
            sent, received = self.exchange
            raise AdapterError(
                f"{op}: the engine reported an error: {_clip(message) or '?'}; "
                f"last exchange: sent {_clip(sent)}; received "
                f"{_clip(received)}"
            )
        raise self._broken(
            f"{op}: status {_clip(json.dumps(status), 40)} is not a valid response to {op}"
        )

    # --- the Adapter interface --------------------------------------------------------------

    def supported_cards(self) -> dict[str, dict[str, JSON]] | None:
        self._peer()
        assert self.hello is not None
        cards: dict[str, dict[str, JSON]] = self.hello["cards"]
        return cards

    def supported_features(self) -> frozenset[str]:
        self._peer()
        assert self.hello is not None
        return frozenset(self.hello.get("features", ()))

    def missing_sets(self) -> dict[str, str]:
        self._peer()
        assert self.hello is not None
        return dict(self.hello.get("missing_sets", {}))

    def representation(self) -> frozenset[str]:
        self._peer()
        assert self.hello is not None
        return frozenset(self.hello.get("representation", ()))

    def unsupported_reason(self, cards: set[str], editions: dict[str, int]) -> str | None:
        table = self.supported_cards() or {}
        engine = self.name.removeprefix("wire:")
        return unsupported_by_table(table, cards, editions, engine, self.missing_sets())

    def load(self, setup: dict[str, Any]) -> None:
        if not self.broke_this_scenario:
            self.broken_in_a_row = 0  # the last scenario ran on a sane engine
        self.broke_this_scenario = False
        self.event_cache = []
        self._call("load", {"setup": setup})

    def command(self, verb: str, arg: Any) -> None:
        self._call("command", {"verb": verb, "arg": arg})

    def answer(self, value: Any) -> None:
        self._call("answer", {"value": value})

    def pending(self) -> dict[str, Any] | None:
        result = self._call("pending")
        if result is not None:
            problem = _check_pending(result)
            if problem:
                raise self._broken(f"pending: {problem}")
            # An engine that does not say what a decision is for (protocol 1 before
            # purpose existed) means the documented default.
            result.setdefault("purpose", DEFAULT_PURPOSE)
        return result  # type: ignore[no-any-return]

    def observe(self) -> dict[str, Any]:
        result = self._call("observe")
        problem = _check_state(result)
        if problem:
            raise self._broken(f"observe: {problem}")
        return result  # type: ignore[no-any-return]

    def events(self) -> list[str]:
        result = self._call("events", {"since": len(self.event_cache)})
        if not isinstance(result, list):
            raise self._broken("events: the result must be a list of event lines")
        for line in result:
            problem = _check_event(line)
            if problem:
                raise self._broken(f"events: {problem}")
        self.event_cache.extend(result)
        return list(self.event_cache)


# --- checking what the peer says -----------------------------------------------------------


def _clip(text: str, limit: int = SHOWN_CHARS) -> str:
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} chars)"


def _unknown_card(name: Any, where: str) -> str | None:
    if not isinstance(name, str):
        return f"{where} must be a card name, not {json.dumps(name)}"
    if name not in _card_names():
        return f"unknown card {name!r} in {where}"
    return None


def _check_cards(cards: Any, where: str) -> str | None:
    if not isinstance(cards, list):
        return f"{where} must be a list of card names"
    for number, name in enumerate(cards, 1):  # positions count from 1, as everywhere
        problem = _unknown_card(name, f"{where}[{number}]")
        if problem:
            return problem
    return None


def _check_state(state: Any) -> str | None:
    """What is wrong with an ``observe`` result, or None (keys the runner reads)."""
    if not isinstance(state, dict):
        return "the result must be an object"
    players = state.get("players")
    if not isinstance(players, dict):
        return "players must be an object"
    for name, zones in players.items():
        if not isinstance(zones, dict):
            return f"players.{name} must be an object"
        for zone in ZONES:
            if zone in zones:
                problem = _check_cards(zones[zone], f"players.{name}.{zone}")
                if problem:
                    return problem
    supply = state.get("supply", {})
    if not isinstance(supply, dict):
        return "supply must be an object"
    for name, count in supply.items():
        problem = _unknown_card(name, "supply")
        if problem:
            return problem
        if not isinstance(count, int):
            return f"supply.{name} must be a count"
    return _check_cards(state.get("trash", []), "trash")


def _check_pending(pending: Any) -> str | None:
    if not isinstance(pending, dict):
        return "the result must be null or an object"
    if pending.get("kind") not in KINDS:
        return f"kind {pending.get('kind')!r} is not one of {', '.join(sorted(KINDS))}"
    if pending.get("purpose", DEFAULT_PURPOSE) not in PURPOSES:
        return f"purpose {pending.get('purpose')!r} is not one of {', '.join(sorted(PURPOSES))}"
    source = pending.get("source")
    if source is not None:
        problem = _unknown_card(source, "pending.source")
        if problem:
            return problem
    choices = pending.get("choices", [])
    if not isinstance(choices, list):
        return "choices must be a list"
    for choice in choices:
        if not isinstance(choice, str | bool):
            return f"choice {json.dumps(choice)} is neither a label nor a card name"
        # Picks of cards name cards; other kinds carry option or position labels.
        if pending.get("kind") in CARD_KINDS:
            problem = _unknown_card(choice, "pending.choices")
            if problem:
                return problem
    return None


def _check_event(line: Any) -> str | None:
    if not isinstance(line, str):
        return f"an event line must be a string, not {json.dumps(line)}"
    match = match_event(line)
    if match is None:
        return f"{line!r} is not an event line (see docs/guides/writing-scenarios.rst)"
    for group in ("card", "card2"):
        card = match.groupdict().get(group)
        problem = _unknown_card(card, f"event {line!r}") if card else None
        if problem:
            return problem
    return None


def hello_problem(result: Any) -> str | None:
    """What is wrong with a ``hello`` result, or None."""
    if not isinstance(result, dict) or result.get("protocol") != PROTOCOL_VERSION:
        return f"the engine must answer protocol {PROTOCOL_VERSION}"
    cards = result.get("cards")
    if not isinstance(cards, dict) or not all(
        isinstance(entry, dict) and isinstance(entry.get("editions", []), list)
        for entry in cards.values()
    ):
        return "cards must map each card to {set, editions}"
    features = result.get("features", [])
    if not isinstance(features, list) or not all(isinstance(f, str) for f in features):
        return "features, when given, must be a list of names"
    missing_sets = result.get("missing_sets", {})
    if not isinstance(missing_sets, dict) or not all(
        isinstance(reason, str) for reason in missing_sets.values()
    ):
        return "missing_sets, when given, must map each set to a reason"
    representation = result.get("representation", [])
    if not isinstance(representation, list) or not set(representation) <= set(REPRESENTATIONS):
        return f"representation, when given, must be a list of {', '.join(REPRESENTATIONS)}"
    return None
