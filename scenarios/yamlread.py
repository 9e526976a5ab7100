"""Strict YAML reading that remembers the line of every key.

Scenario files are written by hand, often by people who do not program, and may come from
anyone (a dispute posted online), so reading them must be safe and every complaint must
point at a line. PyYAML's composer gives nodes with marks; we build plain Python values
from those nodes ourselves instead of using a constructor, which lets us

* record the 1-based line of every mapping key and sequence item,
* refuse duplicate keys (PyYAML silently keeps the last one),
* refuse every tag that is not one of YAML's plain data types,
* bound the work an alias can cause (a "billion laughs" file expands exponentially).
"""

from __future__ import annotations

import copy
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MAX_BYTES = 1_000_000
# A large real scenario has a few hundred nodes; these bounds only stop hostile input.
MAX_NODES = 50_000
MAX_DEPTH = 64

KeyPath = tuple[str | int, ...]


class YamlError(Exception):
    """The text is not acceptable YAML for us; ``line`` is 1-based."""

    def __init__(self, line: int, reason: str, key: KeyPath = ()) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason
        self.key = key


@dataclass
class Document:
    """Plain data (dicts, lists, str, int, float, bool, None) plus where each key sits.

    ``has_float`` says whether a float sits anywhere in ``data`` (None: not known), which
    the reader knows at no cost and the schema pre-check asks."""

    data: Any
    lines: dict[KeyPath, int] = field(default_factory=dict)
    has_float: bool | None = None

    def line_of(self, path: KeyPath) -> int:
        """The line of ``path``, or of its nearest ancestor that has one."""
        for end in range(len(path), 0, -1):
            line = self.lines.get(tuple(path[:end]))
            if line is not None:
                return line
        return 1


def read_yaml(text: str) -> Document:
    """Parse one YAML document strictly; raise :class:`YamlError` on anything doubtful."""
    # PyYAML is imported on the first read (scenarios/yamlnodes.py): a warm `arbiter
    # check` reads no YAML at all.
    from scenarios.yamlnodes import parse

    return parse(text)


def read_yaml_file(path: Path) -> Document:
    """Read ``path`` with the size limit and UTF-8 decoding checked first."""
    return read_yaml_bytes(read_file_bytes(path))


def read_file_bytes(path: Path) -> bytes:
    """The bytes of ``path``, its size checked against the limit before it is read.

    A file that is not a regular one (a pipe, a FIFO, a device) is read until it ends, at
    most :data:`MAX_BYTES` of it (``/dev/zero`` never ends), and waiting at most
    :data:`QUIET_SECONDS` for each piece (a FIFO nobody writes to never does): either is
    a :class:`YamlError`, never a hang."""
    # An open, an fstat, the reads and a close: Path.stat and Path.read_bytes would also
    # stat it a second time, ask whether it is a terminal and seek (every run of `arbiter
    # check` reads every scenario file, if only to see that it is unchanged). Opening
    # without waiting: opening a FIFO waits for a writer.
    descriptor = os.open(path, _READ_FLAGS)
    try:
        status = os.fstat(descriptor)
        size = status.st_size
        if size > MAX_BYTES:
            raise YamlError(1, f"file is {size} bytes, more than the {MAX_BYTES} allowed")
        if stat.S_ISREG(status.st_mode):
            chunks = [os.read(descriptor, size + 1)]
            if len(chunks[0]) <= size:
                return chunks[0]
            while chunks[-1]:  # it grew while read: read it to its end
                chunks.append(os.read(descriptor, _CHUNK))
            data = b"".join(chunks)
        else:
            data = _read_stream(descriptor)
        if len(data) > MAX_BYTES:
            raise YamlError(1, f"file is more than the {MAX_BYTES} bytes allowed")
        return data
    finally:
        os.close(descriptor)


def _read_stream(descriptor: int) -> bytes:
    """What a pipe, FIFO or device holds, to its end, but no more than one byte past the
    limit and waiting at most :data:`QUIET_SECONDS` for each piece."""
    import select

    chunks: list[bytes] = []
    read = 0
    while read <= MAX_BYTES:
        ready, _, _ = select.select([descriptor], [], [], QUIET_SECONDS)
        if not ready:
            raise YamlError(
                1, f"nothing to read for {QUIET_SECONDS:g} s (a FIFO no one writes to?)"
            )
        try:
            chunk = os.read(descriptor, _CHUNK)
        except BlockingIOError:  # woken for nothing
            continue
        if not chunk:
            break
        chunks.append(chunk)
        read += len(chunk)
    return b"".join(chunks)


_CHUNK = 1 << 16
# How long a pipe or FIFO may stay silent before its reading fails.
QUIET_SECONDS = 10.0
# Bytes as they are (Windows would translate line ends without O_BINARY), not handed to a
# child process, and no wait for a FIFO's writer; the flags a platform lacks are left out.
_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_BINARY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_NONBLOCK", 0)
)


def read_yaml_bytes(data: bytes) -> Document:
    """:func:`read_yaml` of the UTF-8 text ``data`` (a byte order mark allowed)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise YamlError(1, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    return read_yaml(text)


_ATOMS = frozenset({str, int, float, bool, type(None)})


def plain_copy(value: Any) -> Any:
    """A deep copy of plain data (what YAML and an engine's observations are made of:
    dicts, lists, text, numbers, booleans, None), several times faster than
    :func:`copy.deepcopy`, which the loader and every run pay for on each setup. Anything
    else is handed to :func:`copy.deepcopy`. Unlike deepcopy it does not keep two
    references to one list as one (a YAML alias): each becomes its own copy, as if the
    file had written the list out twice, which is what the alias means."""
    kind = type(value)
    # Text and numbers are taken as they are without a call: most values are card names.
    if kind is dict:
        return {
            key: item if type(item) in _ATOMS else plain_copy(item) for key, item in value.items()
        }
    if kind is list:
        return [item if type(item) in _ATOMS else plain_copy(item) for item in value]
    if kind in _ATOMS:
        return value
    return copy.deepcopy(value)
