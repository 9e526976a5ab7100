"""The loaded scenarios of ``arbiter check``, kept between runs (like mypy's or pytest's cache).

Reading and validating a scenario file is most of what ``arbiter check`` costs before any
game is played, and a file that has not changed loads to the same Scenario every time.
A valid file's Scenario is kept as one entry, under the path it was loaded by, with the
key it was made for: a hash of

* the file's exact bytes, the path it was given by (messages and ``Scenario.file`` name
  it) and the id its place in the bundled tree demands (``loader.bundled_id``);

and it is kept in the pack of the :func:`fingerprint` of everything loading depends on:
the loader's modules, the schema, the rulings catalogue, the engine package (card
definitions, setup check), the installed YAML and schema libraries, the Python version
and this entry format. So a changed file, a changed loader, schema, catalogue or card
never finds a stale entry. What is never cached: an invalid file (its error is made again
on every run, so it stays byte-identical), a load with another card index or rulings than
the reference ones, and a load after the engine was changed in place in this process (a
mutant: ``engine.setup_check.check_generation``). The games are never cached: the run
checks the engine, every time.

The packs live under ``$ARBITER_CACHE_DIR``, else ``$XDG_CACHE_HOME/arbiter``, else
``~/.cache/arbiter`` (never beside the user's files), one file per fingerprint (the newest
few are kept). ``ARBITER_NO_CACHE=1`` or ``arbiter check --no-cache`` turns it off. A pack
is written to a temporary file and renamed, so concurrent runs each see a whole pack (the
last one written wins; the other's new entries are made again next time); a pack that
cannot be read or does not check out against its own digest, or an entry that cannot be
decoded, is ignored and written again: the cache never makes an error. A pack is read
only when it is a regular file of this user's that no one else may write (written 0600):
its digest is anyone's to compute, so in a shared directory another user's pack could
change a verdict; it is opened without following a link or waiting (a FIFO), and a
temporary one is removed on Ctrl-C (or, left by a killed run, an hour later).
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import os
import stat
import sys
import time
from collections.abc import Iterator, Mapping
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from engine.setup_check import check_generation
from scenarios.loader import PACKAGE_DIR, bundled_id, load_bytes, unreadable
from scenarios.model import Scenario, SetupAcceptance, Step
from scenarios.yamlread import KeyPath, YamlError, read_file_bytes

# Changed whenever what an entry holds changes.
ENTRY_FORMAT = "arbiter-scenario-cache 3"
MARSHAL_VERSION = 4
DIGEST_SIZE = 20  # bytes of the digest an entry starts with
# Packs kept (the newest by time of change): one per version of the code that loads, so
# that switching between a few checkouts keeps each one's entries.
KEPT_VERSIONS = 8
# Entries a pack holds at most (by path); beyond, only the paths of the run are kept.
MAX_ENTRIES = 20_000
# A pack is at most this large (MAX_ENTRIES entries of a few KB); a larger file is not one.
MAX_PACK_BYTES = 512 * 1024 * 1024
# A temporary pack this old was left by a run that was killed while it saved.
STALE_SECONDS = 3600
# Packs are never read or written through a symbolic link (one to /dev/zero).
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
# The libraries that reading and validating use (a new version is a new fingerprint).
LIBRARIES = ("yaml", "fastjsonschema", "jsonschema")


def cache_root() -> Path | None:
    """Where entries are kept, or None when caching is off (or there is no home)."""
    if os.environ.get("ARBITER_NO_CACHE", "") not in ("", "0"):
        return None
    chosen = os.environ.get("ARBITER_CACHE_DIR")
    if chosen:
        return Path(chosen)
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(xdg):
        return Path(xdg) / "arbiter"
    try:
        return Path.home() / ".cache" / "arbiter"
    except RuntimeError:  # no home directory to be found
        return None


def _files_hashed(digest: Any, directory: Path, suffixes: tuple[str, ...], deep: bool) -> None:
    pattern = "**/*" if deep else "*"
    for path in sorted(directory.glob(pattern)):
        if path.suffix in suffixes and "__pycache__" not in path.parts and path.is_file():
            digest.update(f"{path.relative_to(directory)}\0".encode())
            digest.update(path.read_bytes())


def _library_stamp(digest: Any, name: str) -> None:
    """A library's files by name, size and time of change: an install or upgrade rewrites
    them (its text would cost more to read than all the rest)."""
    spec = find_spec(name)
    origin = spec.origin if spec is not None else None
    if origin is None:
        digest.update(f"{name}: absent\0".encode())
        return
    directory = Path(origin).parent if spec and spec.submodule_search_locations else None
    for path in sorted(directory.iterdir()) if directory else [Path(origin)]:
        stat = path.stat()
        digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\0".encode())


@cache
def fingerprint() -> str:
    """A hash of everything that loading a scenario file depends on besides the file."""
    import engine

    digest = hashlib.blake2b(digest_size=DIGEST_SIZE)
    versions = (ENTRY_FORMAT, MARSHAL_VERSION, sys.version, sys.implementation.cache_tag)
    digest.update("\0".join(map(str, versions)).encode())
    code = (".py", ".so", ".pyd")
    _files_hashed(digest, Path(engine.__file__).parent, code, deep=True)
    _files_hashed(digest, PACKAGE_DIR, code, deep=False)
    _files_hashed(digest, PACKAGE_DIR / "schema", (".json",), deep=False)
    _files_hashed(digest, PACKAGE_DIR / "rulings", (".yaml", ".yml"), deep=False)
    for name in LIBRARIES:
        _library_stamp(digest, name)
    return digest.hexdigest()


# --- an entry: a Scenario in marshal's format -------------------------------------------


def _encoded(scenario: Scenario) -> tuple[Any, ...]:
    """The Scenario as the plain values marshal writes (its own format, the one of the
    ``.pyc`` files in ``__pycache__``, which keeps tuples tuples): the loader's values
    are dicts, lists, tuples, text, whole numbers, booleans and None."""
    steps = tuple(
        (s.number, s.line, s.verb, s.arg, s.player, s.source, s.rejected, s.controller)
        for s in scenario.steps
    )
    return (
        scenario.id,
        scenario.title,
        scenario.line,
        scenario.rulings,
        scenario.cards,
        scenario.editions,
        scenario.seed,
        scenario.setup,
        steps,
        scenario.expect,
        scenario.expect_line,
        scenario.setup_line,
        scenario.source,
        scenario.note,
        scenario.named,
        # Packed apart: read only when a message needs a line (about half of an entry).
        marshal.dumps(dict(scenario.lines), MARSHAL_VERSION),
    )


def _decoded(data: tuple[Any, ...], path: Path) -> Scenario:
    (ident, title, line, rulings, cards, editions, seed, setup, steps, expect) = data[:10]
    expect_line, setup_line, source, note, named, lines = data[10:]
    return Scenario(
        id=ident,
        title=title,
        file=path,
        line=line,
        rulings=rulings,
        cards=cards,
        editions=editions,
        seed=seed,
        setup=setup,
        steps=tuple(Step(*step) for step in steps),
        expect=expect,
        expect_line=expect_line,
        setup_line=setup_line,
        source=source,
        note=note,
        named=named,
        lines=PackedLines(lines),
        # The check accepted this setup when the entry was made, and the fingerprint
        # says the check is the same code; in this process, only while nothing changed it.
        acceptance=SetupAcceptance(setup, check_generation()),
    )


class PackedLines(Mapping[KeyPath, int]):
    """A cached scenario's ``lines``, unpacked on the first look: a run that passes never
    looks (the lines of the keys it names are fields of their own). The pack checked out
    against its digest, so the bytes are what marshal wrote; should they not unpack all the
    same, no line is known (messages then name the scenario's first line)."""

    def __init__(self, packed: bytes) -> None:
        self._packed = packed
        self._lines: dict[KeyPath, int] | None = None

    def _unpacked(self) -> dict[KeyPath, int]:
        if self._lines is None:
            try:
                lines = marshal.loads(self._packed)
            except Exception:
                lines = {}
            self._lines = lines if isinstance(lines, dict) else {}
        return self._lines

    def __getitem__(self, key: KeyPath) -> int:
        return self._unpacked()[key]

    def __iter__(self) -> Iterator[KeyPath]:
        return iter(self._unpacked())

    def __len__(self) -> int:
        return len(self._unpacked())


def _digest(payload: bytes) -> bytes:
    return hashlib.blake2b(payload, digest_size=DIGEST_SIZE).digest()


class ScenarioCache:
    """Loads scenario files through the entries kept in one file, the pack of this
    :func:`fingerprint`: read whole on the first load, written whole by :meth:`save`
    when a load added to it (one file: creating a file per scenario would cost more
    than the loading it saves)."""

    def __init__(self, root: Path) -> None:
        self.pack = root / "scenarios" / f"{fingerprint()}.pack"
        # The entries by the path they were loaded by: (key, the Scenario encoded).
        self.entries: dict[str, tuple[str, bytes]] | None = None
        self.used: set[str] = set()
        self.changed = False

    @classmethod
    def for_user(cls) -> ScenarioCache | None:
        """The user's cache, or None when it is turned off."""
        root = cache_root()
        return None if root is None else cls(root)

    def load(self, path: Path) -> Scenario:
        """``loader.load_scenario(path)``, through the cache; raises ScenarioError alike."""
        if not isinstance(path, Path):  # Path(path) of a Path would parse it again
            path = Path(path)
        try:
            data = read_file_bytes(path)
        except (YamlError, OSError) as exc:
            raise unreadable(path, exc) from None
        if check_generation() != 0:  # the engine was changed in place (a mutant)
            return load_bytes(data, path)
        key, name = self._key(path, data), str(path)
        entries = self._entries()
        self.used.add(name)
        kept = entries.get(name)
        if kept is not None and kept[0] == key:
            with contextlib.suppress(Exception):  # a damaged entry is made again
                return _decoded(marshal.loads(kept[1]), path)
        scenario = load_bytes(data, path)  # raises for an invalid file: never kept
        entries[name] = (key, marshal.dumps(_encoded(scenario), MARSHAL_VERSION))
        self.changed = True
        return scenario

    def save(self) -> None:
        """Write the pack if a load added to it (to a temporary file, then renamed)."""
        if not self.changed or self.entries is None:
            return
        self.changed = False
        entries = self.entries
        if len(entries) > MAX_ENTRIES:  # the paths of this run first
            entries = {name: entries[name] for name in self.used}
        payload = marshal.dumps(entries, MARSHAL_VERSION)
        temporary = self.pack.with_name(f".{self.pack.name}.{os.getpid()}.tmp")
        try:
            fresh = not self.pack.exists()
            self.pack.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            _write_private(temporary, _digest(payload) + payload)
            os.replace(temporary, self.pack)
        except BaseException as exc:  # a failed write, or Ctrl-C: no temporary left behind
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)
            if isinstance(exc, OSError):  # a cache that cannot be written is no cache
                return
            raise
        if fresh:
            self._forget_old_versions()

    def _key(self, path: Path, data: bytes) -> str:
        digest = hashlib.blake2b(digest_size=DIGEST_SIZE)
        digest.update(f"{path}\0{bundled_id(path)}\0".encode(errors="surrogateescape"))
        digest.update(data)
        return digest.hexdigest()

    def _entries(self) -> dict[str, tuple[str, bytes]]:
        if self.entries is None:
            self.entries = _read_pack(self.pack)
        return self.entries

    def _forget_old_versions(self) -> None:
        """Remove the packs of all but the newest few other fingerprints, and temporary
        packs more than an hour old (of a run killed while it saved)."""
        try:
            others = [other for other in self.pack.parent.glob("*.pack") if other != self.pack]
            stale = [
                temporary
                for temporary in self.pack.parent.glob(".*.pack.*.tmp")
                if time.time() - _changed(temporary) / 1e9 > STALE_SECONDS
            ]
        except OSError:
            return
        for old in [*sorted(others, key=_changed, reverse=True)[KEPT_VERSIONS - 1 :], *stale]:
            with contextlib.suppress(OSError):
                old.unlink()


def _write_private(path: Path, data: bytes) -> None:
    """Write a new file only this user may read or write (a pack is trusted when it is
    ours and no one else could have changed it: :func:`_read_pack`)."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_FOLLOW, 0o600)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(descriptor, view) :]
    finally:
        os.close(descriptor)


def _read_pack(pack: Path) -> dict[str, tuple[str, bytes]]:
    """The entries of ``pack``; none when it is absent, unreadable, damaged, or not to be
    trusted: not a regular file of this user's that no one else may write (a pack
    another user wrote in a shared cache directory turned a FAIL into a PASS), larger
    than a pack can be, or a link (to /dev/zero). Opened without waiting (a FIFO)."""
    flags = os.O_RDONLY | _NO_FOLLOW | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(pack, flags)
    except OSError:
        return {}
    try:
        status = os.fstat(descriptor)
        if not _trusted(status):
            return {}
        text = os.read(descriptor, status.st_size + 1)
        # marshal is not meant for data it did not write: a damaged pack is found by its
        # digest and never handed to it.
        if len(text) != status.st_size or text[:DIGEST_SIZE] != _digest(text[DIGEST_SIZE:]):
            return {}
        entries = marshal.loads(text[DIGEST_SIZE:])
    except Exception:
        return {}
    finally:
        os.close(descriptor)
    return entries if isinstance(entries, dict) else {}


def _trusted(status: os.stat_result) -> bool:
    if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_PACK_BYTES:
        return False
    if not hasattr(os, "geteuid"):  # Windows: the user's own profile, no such sharing
        return True
    return status.st_uid == os.geteuid() and not status.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _changed(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0
