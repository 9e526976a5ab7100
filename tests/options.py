"""The test suite's own options (set by tests/conftest.py): ``pytest --full``, and the
optional extras of ``pyproject.toml`` a test needs.

Under ``--full`` (CI sets it) the long comparisons run whole: :func:`games` says how many
random games a comparison plays and :func:`sample` which scenarios or mutants a long run
takes; by default a quarter, so that a contributor's run stays
short (the seeds taken are the first ones, which still cycle through every player count
and edition the tests spread over the seeds).

Extras are read from ``pyproject.toml`` itself, so an extra added there is known here
without an edit. An extra is usable when each of its requirements is installed in a
version it allows (another version of a pinned package is not what the tests were written
against).
"""

from __future__ import annotations

import importlib.metadata
import tomllib
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TypeVar

import pytest
from packaging.requirements import Requirement

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"
_NEEDS = "needs the {extra} extra ({why}): pip install -e '.[{extra}]'"
# Set by tests/conftest.py from ``pytest --full``: the long comparisons run whole, and a
# missing extra fails, not skips.
full = False
Item = TypeVar("Item")


def games(count: int) -> int:
    """How many of a comparison's ``count`` random games to play: all under ``--full``,
    a quarter by default."""
    return count if full else max(1, count // 4)


def sample(items: Sequence[Item], step: int = 4) -> Sequence[Item]:
    """The items a long run takes: all under ``--full``, every ``step``-th by default (so
    that a catalogue kept in order, set by set, is still sampled from every part)."""
    return items if full else items[::step]


@cache
def requirements() -> dict[str, tuple[str, ...]]:
    """Each optional extra with the requirements it installs."""
    with PYPROJECT.open("rb") as file:
        project = tomllib.load(file)["project"]
    return {name: tuple(lines) for name, lines in project["optional-dependencies"].items()}


def unusable(extra: str) -> str | None:
    """Why a test that needs ``extra`` cannot run here, with the command that installs
    it; None when it can."""
    if extra not in requirements():
        raise pytest.UsageError(f"pyproject.toml has no optional extra {extra!r}")
    for line in requirements()[extra]:
        requirement = Requirement(line)
        try:
            installed = importlib.metadata.version(requirement.name)
        except importlib.metadata.PackageNotFoundError:
            return _NEEDS.format(extra=extra, why=f"{requirement.name} is not installed")
        if not requirement.specifier.contains(installed, prereleases=True):
            why = f"{requirement.name} {installed} is installed, not {requirement.specifier}"
            return _NEEDS.format(extra=extra, why=why)
    return None


def require(extra: str) -> None:
    """Skip the test, or the module being imported, that needs ``extra`` when it is not
    usable here; under ``--full``, fail it instead."""
    message = unusable(extra)
    if message is None:
        return
    if full:
        pytest.fail(f"--full: {message}", pytrace=False)
    pytest.skip(message, allow_module_level=True)
