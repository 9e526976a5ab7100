"""``arbiter check --record DIR``: every scenario's message-by-message transcript.

The engine is driven over the wire protocol (the reference engine through ``python -m
scenarios.wire_server``; an isolated or ``wire:`` engine is already), and for each
scenario ``DIR/<scenario id>.txt`` gets every line sent (``>``) and received (``<``) from
its ``load`` on; ``DIR/hello.txt`` gets the handshake. Request ids are renumbered from 1
in each file, so the transcripts of two engines on the same scenario differ only where
the engines do: ``diff -r reference-dir my-engine-dir``.

``DIR`` must be new, empty, or an earlier record (it holds :data:`MARKER`), whose
transcripts are removed first: nothing else a user keeps there is overwritten, and a
scenario this run does not record has no transcript.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from arbiter.output import OutputError, Target, printable, write
from scenarios.adapters.base import Adapter
from scenarios.adapters.wire import WireAdapter
from scenarios.engines import worker_command, worker_environment
from scenarios.runner import AdapterFactory, Result

MARKER = ".arbiter-record"


def check_directory(directory: Path) -> None:
    """Refuse a directory that holds anything but an earlier record, and empty an earlier
    record of its transcripts (before the run): left there, an engine that skips every
    scenario would diff as identical to the one recorded before."""
    shown = printable(str(directory))
    try:
        if directory.exists() and not directory.is_dir():
            raise OutputError(f"--record {shown}: not a directory")
        earlier = directory.is_dir() and any(directory.iterdir())
        if earlier and not (directory / MARKER).exists():
            raise OutputError(
                f"--record {shown}: the directory holds other files "
                "(give a new or empty directory, or an earlier record)"
            )
        if earlier:
            _forget_transcripts(directory)
        directory.mkdir(parents=True, exist_ok=True)
        (directory / MARKER).write_text("written by arbiter check --record\n", encoding="utf-8")
    except OSError as exc:  # a directory that cannot be listed or written
        raise OutputError(f"--record {shown}: {exc.strerror or exc}") from None


def _forget_transcripts(directory: Path) -> None:
    """Remove an earlier record's transcripts (``*.txt``) and the folders they leave empty."""
    for path in sorted(directory.rglob("*.txt"), reverse=True):
        if path.is_file() and not path.is_symlink():
            path.unlink()
    for folder in sorted((p for p in directory.rglob("*") if p.is_dir()), reverse=True):
        if not any(folder.iterdir()):
            folder.rmdir()


def wired(factory: AdapterFactory, engine: str, timeout: float | None) -> AdapterFactory:
    """``factory`` as an engine over the wire (the reference engine is served for it)."""

    def make() -> Adapter:
        adapter = factory()
        if isinstance(adapter, WireAdapter):
            return adapter
        adapter.close()
        server = worker_command(engine)
        return WireAdapter(server, timeout, env=worker_environment(), label=engine)

    return make


class Recorder:
    """Hands out a recording adapter and writes one transcript per finished scenario."""

    def __init__(self, directory: Path, factory: AdapterFactory) -> None:
        self.directory = directory
        self.factory = factory
        self.adapter: WireAdapter | None = None

    def make(self) -> Adapter:
        adapter = self.factory()
        assert isinstance(adapter, WireAdapter), "record through wired()"
        adapter.transcript = []
        self.adapter = adapter
        return adapter

    def on_result(self, result: Result, _done: int, _total: int) -> None:
        assert self.adapter is not None and self.adapter.transcript is not None
        lines, self.adapter.transcript[:] = list(self.adapter.transcript), []
        hello = _hello_end(lines)
        if hello:
            self._write("hello", lines[:hello])
            lines = lines[hello:]
        if lines:  # a skipped scenario sends nothing
            self._write(result.id, lines)

    def _write(self, name: str, lines: list[str]) -> None:
        path = self.directory / f"{name}.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        write(Target("--record", str(path), path.resolve()), "".join(renumbered(lines)))


def _hello_end(lines: list[str]) -> int:
    """How many leading lines are a ``hello`` exchange (0 when none)."""
    if len(lines) >= 2 and lines[0].startswith("> ") and '"op":"hello"' in lines[0]:
        return 2
    return 0


def renumbered(lines: list[str]) -> list[str]:
    """Each line with its request id replaced by its rank in the file (1, 2, ...)."""
    numbers: dict[object, int] = {}
    out = []
    for line in lines:
        direction, text = line[:2], line[2:]
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):
            out.append(line + "\n")
            continue
        if isinstance(message, dict) and "id" in message:
            key = json.dumps(message["id"])
            message["id"] = numbers.setdefault(key, len(numbers) + 1)
            text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
        out.append(f"{direction}{text}\n")
    return out


def recording(
    directory: Path, factory: AdapterFactory, engine: str, timeout: float | None
) -> tuple[AdapterFactory, Callable[[Result, int, int], None]]:
    """The factory to run with and the ``on_result`` hook that writes the transcripts."""
    check_directory(directory)
    recorder = Recorder(directory, wired(factory, engine, timeout))
    return recorder.make, recorder.on_result
