"""An engine in any language, driven over the wire protocol (JSON lines on a subprocess).

``arbiter check --engine wire:"COMMAND"`` starts ``COMMAND`` (split like a shell would,
no shell involved), says ``hello`` and then sends one request per Adapter call; the
protocol is specified in ``docs/guides/wire-protocol.rst`` and served for the reference
engine by :mod:`scenarios.wire_server`.

The harness must survive the engine under test. Every way a peer can misbehave becomes an
:class:`~scenarios.adapters.base.AdapterError` (so an ``error`` for that scenario, never
a crash of the run) whose message carries the last exchange:

* no response within the per-request timeout (``ARBITER_WIRE_TIMEOUT`` seconds,
  default 10; a peer that hangs is killed);
* the process exits or closes its output (its last lines of standard error are shown);
* a line that is not JSON, a response with the wrong ``id`` or ``status``, a result of
  the wrong shape;
* an unknown card in an observation, a pending decision or an event line.

After any of these the process is considered broken: it is killed and the next ``load``
starts a fresh one, so the next scenario runs on a sane peer. A response with status
``error`` (the engine reporting its own failure) is an error of the scenario as well, but
the process, still speaking the protocol, is kept.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import subprocess
import threading
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import IO, Any

from scenarios.adapters.base import JSON, Adapter, AdapterError, Rejected, Unsupported
from scenarios.loader import match_event

PROTOCOL_VERSION = 1
DEFAULT_TIMEOUT = 10.0
STDERR_LINES_KEPT = 20
SHOWN_CHARS = 300  # of each side of the last exchange, in messages

ZONES = ("hand", "deck", "discard", "in_play", "set_aside")
KINDS = frozenset({"cards", "gain", "option", "yes_no", "order", "name", "react", "trigger"})
CARD_KINDS = frozenset({"cards", "gain", "react", "trigger"})


@cache
def _card_names() -> frozenset[str]:
    """Every card name a scenario can use."""
    from scenarios.loader import reference_cards_cached

    return reference_cards_cached().names


def _timeout_from_env() -> float:
    raw = os.environ.get("ARBITER_WIRE_TIMEOUT")
    if not raw:
        return DEFAULT_TIMEOUT
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"ARBITER_WIRE_TIMEOUT must be a number of seconds, not {raw!r}") from None
    if value <= 0:
        raise ValueError("ARBITER_WIRE_TIMEOUT must be positive")
    return value


def unsupported_by_table(
    table: Mapping[str, Mapping[str, Any]],
    cards: set[str],
    editions: Mapping[str, int],
    engine: str,
) -> str | None:
    """Why ``cards`` under ``editions`` are beyond an engine whose ``hello`` sent ``table``.

    ``table`` maps a card to ``{"set": ..., "editions": [...]}``: the values of the
    scenario's ``editions[set]`` under which the engine can play that card.
    """
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


class _Peer:
    """One running subprocess and the threads that read its two output streams."""

    def __init__(self, argv: Sequence[str]) -> None:
        try:
            self.process = subprocess.Popen(
                list(argv),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as exc:
            raise AdapterError(f"cannot start {shlex.join(argv)}: {exc.strerror or exc}") from None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr: deque[str] = deque(maxlen=STDERR_LINES_KEPT)
        assert self.process.stdout is not None and self.process.stderr is not None
        self._pump(self.process.stdout, self.lines.put, end=lambda: self.lines.put(None))
        self._pump(self.process.stderr, lambda line: self.stderr.append(line.rstrip("\n")))

    @staticmethod
    def _pump(
        stream: IO[str], take: Callable[[str], None], end: Callable[[], None] | None = None
    ) -> None:
        def run() -> None:
            with contextlib.suppress(ValueError, OSError):  # closed under us by kill()
                for line in stream:
                    take(line)
            if end is not None:
                end()

        threading.Thread(target=run, daemon=True).start()

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def receive(self, timeout: float) -> str | None:
        """The next line, None at end of output; raises queue.Empty on timeout."""
        return self.lines.get(timeout=timeout)

    def exit_code(self, wait: float = 0.0) -> int | None:
        try:
            return self.process.wait(wait) if wait else self.process.poll()
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(5)
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            with contextlib.suppress(OSError, ValueError):
                if stream is not None:
                    stream.close()


class WireAdapter(Adapter):
    """The client side of the wire protocol: each Adapter call is one request line."""

    def __init__(self, command: str | Sequence[str], timeout: float | None = None) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise ValueError('wire: needs a command to run (wire:"COMMAND")')
        self.timeout = timeout if timeout is not None else _timeout_from_env()
        self.name = f"wire:{shlex.join(self.argv)}"
        self.peer: _Peer | None = None
        self.hello: dict[str, Any] | None = None
        self.next_id = 1
        self.exchange: tuple[str, str] = ("", "")
        self.event_cache: list[str] = []
        self.starts = 0  # how many processes this adapter has started (tests read it)

    # --- the process ------------------------------------------------------------------------

    def _peer(self) -> _Peer:
        if self.peer is None:
            self.peer = _Peer(self.argv)
            self.starts += 1
            self.hello = None
            self.exchange = ("", "")
            self._hello()
        return self.peer

    def _hello(self) -> None:
        result = self._call("hello", {"protocol": [PROTOCOL_VERSION]}, start=False)
        if not isinstance(result, dict) or result.get("protocol") != PROTOCOL_VERSION:
            raise self._broken(f"hello: the engine must answer protocol {PROTOCOL_VERSION}")
        cards = result.get("cards")
        if not isinstance(cards, dict) or not all(
            isinstance(entry, dict) and isinstance(entry.get("editions", []), list)
            for entry in cards.values()
        ):
            raise self._broken("hello: cards must map each card to {set, editions}")
        self.hello = result
        engine = result.get("engine")
        if isinstance(engine, str) and engine:
            self.name = f"wire:{engine}"

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
            self.peer.kill()
            stderr = " | ".join(line for line in self.peer.stderr if line.strip())
            if stderr:
                details.append(f"stderr: {_clip(stderr, 600)}")
            if code is not None and code != 0 and "exited" not in what:
                details.append(f"exit code {code}")
        self.peer = None
        return AdapterError("; ".join(details))

    def close(self) -> None:
        if self.peer is None:
            return
        peer = self.peer
        with contextlib.suppress(Exception):
            peer.send(json.dumps({"id": self.next_id, "op": "bye"}))
            peer.exit_code(wait=2)
        peer.kill()
        self.peer = None

    # --- one request ------------------------------------------------------------------------

    def _call(self, op: str, fields: dict[str, Any] | None = None, start: bool = True) -> Any:
        peer = self._peer() if start else self.peer
        assert peer is not None
        ident, self.next_id = self.next_id, self.next_id + 1
        line = json.dumps({"id": ident, "op": op, **(fields or {})}, separators=(",", ":"))
        self.exchange = (line, "")
        try:
            peer.send(line)
        except (BrokenPipeError, OSError, ValueError):
            code = peer.exit_code(wait=1)
            raise self._broken(
                f"{op}: the engine exited (code {code}) before the request could be sent"
            ) from None
        try:
            reply = peer.receive(self.timeout)
        except queue.Empty:
            raise self._broken(
                f"{op}: no response within {self.timeout:g} s (the engine was stopped)"
            ) from None
        if reply is None:
            code = peer.exit_code(wait=1)
            raise self._broken(f"{op}: the engine exited (code {code}) without responding")
        self.exchange = (line, reply.rstrip("\n"))
        return self._result(op, ident, reply)

    def _result(self, op: str, ident: int, reply: str) -> Any:
        try:
            response = json.loads(reply)
        except ValueError:
            raise self._broken(f"{op}: the engine's response is not JSON") from None
        if not isinstance(response, dict):
            raise self._broken(f"{op}: a response must be a JSON object")
        if response.get("id") != ident:
            raise self._broken(
                f"{op}: the response has id {response.get('id')!r}, the request had {ident}"
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
                f"{op}: the engine reported an error: {message or '?'}; "
                f"last exchange: sent {_clip(sent)}; received "
                f"{_clip(received)}"
            )
        raise self._broken(f"{op}: status {status!r} is not a valid response to {op}")

    # --- the Adapter interface --------------------------------------------------------------

    def supported_cards(self) -> dict[str, dict[str, JSON]] | None:
        self._peer()
        assert self.hello is not None
        cards: dict[str, dict[str, JSON]] = self.hello["cards"]
        return cards

    def unsupported_reason(self, cards: set[str], editions: dict[str, int]) -> str | None:
        table = self.supported_cards() or {}
        return unsupported_by_table(table, cards, editions, self.name.removeprefix("wire:"))

    def load(self, setup: dict[str, Any]) -> None:
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
    for index, name in enumerate(cards):
        problem = _unknown_card(name, f"{where}[{index}]")
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
        return f"{line!r} is not an event line of SCENARIOS.md"
    card = match.groupdict().get("card")
    return _unknown_card(card, f"event {line!r}") if card else None


def wire_factory(command: str) -> Callable[[], Adapter]:
    """The factory behind ``--engine wire:COMMAND``: one adapter (one process) per run."""
    if not shlex.split(command):
        raise KeyError('wire: needs a command, as in --engine wire:"arbiter wire"')

    def make() -> Adapter:
        return WireAdapter(command)

    return make
