"""Every file a command writes, and every line it prints that holds text from outside.

A command first turns its output options into :class:`Target` objects with :func:`plan`,
before it runs anything, so a bad output is reported at once and not after a long run.
Then it writes each report with :func:`write`. The rules, in one place:

- ``-`` means standard output. Two outputs of one run may not be the same file (or both
  standard output), and no output may be one of the run's inputs.
- Only regular files are written. A device (``/dev/null``), a FIFO, a directory and any
  path under ``/proc`` or ``/sys`` (``/proc/self/fd/1``) are refused: use ``-`` for
  standard output. A symbolic link is followed: the file it points to is replaced, the
  link stays.
- A file is written whole or not at all: through a temporary file in the same directory,
  renamed over the target. A new file gets the permissions the umask allows (0666 minus
  the umask); a file that is replaced keeps its permissions. The temporary file is
  removed when the write fails, on Ctrl-C (SIGINT) and on SIGTERM.
- Errors name the target as the user gave it, never the temporary file; they are
  :class:`OutputError` (one line, exit 2).

:func:`guarded_stdout` makes standard output safe for a whole command: a closed pipe
(``arbiter check | head -1``) silences the rest of the output and lets the command finish
with its real exit status; a stdout that cannot be written (``> /dev/full``) becomes an
:class:`OutputError`. :func:`printable` escapes control characters in text that came from
files or engines before it is printed.
"""

from __future__ import annotations

import os
import re
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

STDOUT = "-"
# Pseudo file systems whose "files" are views of processes or the kernel, not files.
REFUSED_ROOTS = (Path("/proc"), Path("/sys"))
# Unicode controls that reorder text on a terminal ("Trojan source"), beside C0/C1/DEL.
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e") | frozenset(
    "\u2066\u2067\u2068\u2069"
)
_NAMED_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


class OutputError(Exception):
    """An output that cannot or may not be written; printed as one line, exit 2."""


@dataclass(frozen=True)
class Target:
    """One output of a run: where the option asked for it to go."""

    option: str  # the option that asked for it, e.g. "--json"
    given: str  # as the user wrote it
    path: Path | None  # the file to replace (symbolic links followed); None: standard output

    @property
    def is_stdout(self) -> bool:
        return self.path is None

    def __str__(self) -> str:
        return "standard output" if self.path is None else printable(self.given)


# --- checking the outputs before a run ----------------------------------------------------


def plan(
    requests: Iterable[tuple[str, str | os.PathLike[str] | None]],
    inputs: Iterable[Path] = (),
) -> list[Target]:
    """The outputs ``(option, value)`` ask for (``None`` values skipped), all checked.

    Raises :class:`OutputError` for an output that is an input of the run, the same as
    another output, not a regular file, or in a directory that does not exist or cannot
    be written.
    """
    wanted = [(option, value) for option, value in requests if value is not None]
    if not wanted:  # nothing to check the inputs against: do not stat every scenario
        return []
    inputs = list(inputs)
    input_ids = {_identity(path) for path in inputs} - {None}
    input_paths = {_resolved(path, "input") for path in inputs}
    targets: list[Target] = []
    for option, value in wanted:
        target = _target(option, os.fspath(value))
        if target.path is not None:
            _check_file(target)
            if target.path in input_paths or _identity(target.path) in input_ids - {None}:
                raise OutputError(f"{option} {target}: that is an input of this run")
        for earlier in targets:
            if earlier.path == target.path:
                raise OutputError(
                    f"{earlier.option} and {option} both write to {target}: give each its own"
                )
        targets.append(target)
    return targets


def project_inputs() -> list[Path]:
    """The files every command reads, which no output of any command may replace: the
    bundled scenarios and the rulings catalogue (one overwritten, every command fails)."""
    from scenarios.catalogue import catalogue_files
    from scenarios.loader import bundled_dir, discover

    return [*discover([bundled_dir()]), *catalogue_files()]


def _target(option: str, given: str) -> Target:
    if given == STDOUT:
        return Target(option, given, None)
    if not given:
        raise OutputError(f"{option}: give a file name, or - for standard output")
    return Target(option, given, _resolved(Path(given), option))


def _resolved(path: Path, what: str) -> Path:
    """``path`` made absolute with symbolic links followed; a loop is an OutputError."""
    try:
        return path.resolve()
    except (RuntimeError, OSError) as exc:  # RuntimeError: a symlink loop (Python 3.11)
        raise OutputError(f"{what} {printable(str(path))}: {_loop_or(exc)}") from None


def _loop_or(exc: BaseException) -> str:
    if isinstance(exc, RuntimeError) or getattr(exc, "errno", None) == 40:  # ELOOP
        return "a loop of symbolic links"
    return getattr(exc, "strerror", None) or str(exc)


def _identity(path: Path) -> tuple[int, int] | None:
    """(device, inode) of an existing file, to catch a hard link to an input."""
    try:
        found = path.stat()
    except (OSError, RuntimeError):
        return None
    return (found.st_dev, found.st_ino)


def _check_file(target: Target) -> None:
    """Refuse what is not, or cannot become, a regular file we may replace."""
    assert target.path is not None
    given = Path(os.path.abspath(target.given))
    for root in REFUSED_ROOTS:
        if given.is_relative_to(root) or target.path.is_relative_to(root):
            raise OutputError(
                f"{target.option} {target}: {root} is not a place for files "
                "(use - for standard output)"
            )
    try:
        found = target.path.stat()
    except FileNotFoundError:
        found = None
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror}") from None
    if found is not None and not stat.S_ISREG(found.st_mode):
        kind = "a directory" if stat.S_ISDIR(found.st_mode) else "not a regular file"
        raise OutputError(
            f"{target.option} {target}: {kind} (only regular files are written; "
            "use - for standard output)"
        )
    parent = target.path.parent
    if not parent.is_dir():
        raise OutputError(f"cannot write {target}: no such directory {printable(str(parent))}")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write {target}: permission denied in {printable(str(parent))}")


# --- writing ------------------------------------------------------------------------------


def write(target: Target, text: str) -> None:
    """Write ``text`` to ``target``: standard output, or the whole file replaced at once."""
    if target.path is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    _check_file(target)  # again: the run may have taken long, and things change
    try:
        _replace(target.path, _utf8(text))
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from None


def _utf8(text: str) -> bytes:
    """``text`` as UTF-8; a name that is not UTF-8 (its bytes kept as lone surrogates by
    Python) gets U+FFFD for them rather than failing the write (``--json`` of a run over
    such a file name was an internal error)."""
    return _SURROGATES.sub("\ufffd", text).encode("utf-8")


_SURROGATES = re.compile("[\ud800-\udfff]")


def write_new(target: Target, text: str) -> None:
    """Write ``text`` to a file that must not exist yet (``arbiter new``): an existing
    file is never replaced, even one that appears between the check and the write."""
    if target.path is None:
        write(target, text)
        return
    _check_file(target)
    try:
        handle = target.path.open("xb")
    except FileExistsError:
        raise OutputError(f"{target.option} {target}: that file exists, and is kept") from None
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from None
    try:
        with handle:
            handle.write(_utf8(text))
    except BaseException as exc:  # the file is ours: a half-written one is removed
        target.path.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from None
        raise


def _replace(path: Path, data: bytes) -> None:
    mode = _mode_for(path)
    with _sigterm_raises():
        handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        temporary = Path(name)
        try:
            try:
                os.fchmod(handle, mode)
                view = memoryview(data)
                while view:
                    view = view[os.write(handle, view) :]
                os.fsync(handle)  # the data is on disk before the name points at it
            finally:
                os.close(handle)
            os.replace(temporary, path)
        except BaseException:  # a failed write, Ctrl-C or SIGTERM: leave nothing behind
            temporary.unlink(missing_ok=True)
            raise


def _mode_for(path: Path) -> int:
    """A replaced file keeps its permissions; a new one gets 0666 minus the umask."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


class Terminated(BaseException):
    """SIGTERM arrived while a file was being written (after its temporary was removed)."""


@contextmanager
def _sigterm_raises() -> Iterator[None]:
    """While writing: SIGTERM raises, so the temporary file is removed, then kills us.

    Only the main thread can set signal handlers; elsewhere the default stays.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def raise_terminated(signum: int, frame: FrameType | None) -> None:
        raise Terminated(signum)

    previous = signal.signal(signal.SIGTERM, raise_terminated)
    try:
        yield
    except Terminated:
        signal.signal(signal.SIGTERM, previous)
        # Die of the signal as we would have without the handler (exit status 143).
        os.kill(os.getpid(), signal.SIGTERM)
        raise
    finally:
        signal.signal(signal.SIGTERM, previous)


# --- standard output ----------------------------------------------------------------------


class _GuardedStream:
    """Standard output that swallows a closed pipe and names a failed write."""

    def __init__(self, inner: TextIO) -> None:
        self.inner = inner
        self.closed_pipe = False

    def write(self, text: str) -> int:
        if not self.closed_pipe:
            self._guard(lambda: self.inner.write(text))
        return len(text)

    def flush(self) -> None:
        if not self.closed_pipe:
            self._guard(self.inner.flush)

    def _guard(self, action: Any) -> None:
        try:
            action()
        except BrokenPipeError:  # the reader went away: nothing more to say to it
            self.closed_pipe = True
            _silence(self.inner)
        except OSError as exc:
            _silence(self.inner)
            raise OutputError(f"cannot write to standard output: {exc.strerror or exc}") from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _silence(stream: TextIO) -> None:
    """Point the stream's descriptor at /dev/null, so the exit-time flush cannot fail."""
    try:
        descriptor = stream.fileno()
    except (OSError, ValueError, AttributeError):  # not a real file (a test's capture)
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, descriptor)
    finally:
        os.close(null)


@contextmanager
def guarded_stdout() -> Iterator[None]:
    """Run a command with :class:`_GuardedStream` as ``sys.stdout``, flushed at the end."""
    guard = _GuardedStream(sys.stdout)
    sys.stdout = guard
    try:
        yield
        guard.flush()
    finally:
        sys.stdout = guard.inner


# --- printing outside text ----------------------------------------------------------------


def printable(text: str) -> str:
    """``text`` with control characters shown as escapes (``\\x1b``, ``\\n``, ``\\u202e``).

    For text from scenario files, file names and engines: printed raw, an escape
    sequence in a file name could clear the screen or hide a line of the report.
    """
    if text.isprintable():  # the common case, at C speed
        return text
    return "".join(_escaped(char) for char in text)


def _escaped(char: str) -> str:
    if char in _NAMED_ESCAPES:
        return _NAMED_ESCAPES[char]
    code = ord(char)
    if code < 0x20 or 0x7F <= code < 0xA0:
        return f"\\x{code:02x}"
    # A lone surrogate stands for a byte of a file name that is not UTF-8: printed, the
    # terminal would get that byte raw.
    if char in _BIDI_CONTROLS or 0xD800 <= code < 0xE000:
        return f"\\u{code:04x}"
    return char
