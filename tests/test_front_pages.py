"""The README and the documentation's home page name every set the engine has and every
command ``arbiter`` has, and the README's quick start makes a virtual environment first.

Sets come from ``engine.sets.REGISTRY`` and commands from ``arbiter.cli.COMMANDS``: a new
set or command fails here until both pages name it.
"""

from __future__ import annotations

import re
from pathlib import Path

import options
import pytest

from arbiter.cli import COMMANDS
from engine.sets import REGISTRY

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
HOME = ROOT / "docs" / "index.rst"
SETS = [card_set.title for card_set in REGISTRY if card_set.kingdom]


def first_paragraph(path: Path) -> str:
    """The first paragraph after the title, on one line."""
    return " ".join(path.read_text().split("\n\n")[1].split())


@pytest.mark.parametrize("page", [README, HOME], ids=lambda page: page.name)
def test_the_first_paragraph_names_every_set(page: Path) -> None:
    opening = first_paragraph(page)
    missing = [title for title in SETS if title not in opening]
    assert not missing, f"{page.name} does not name {missing} in: {opening}"


def readme_table_commands() -> list[str]:
    return re.findall(r"^\| `arbiter ([a-z-]+)", README.read_text(), re.MULTILINE)


def test_the_readme_table_has_a_row_for_every_command_and_no_other() -> None:
    named = set(readme_table_commands())
    assert named == {command.name for command in COMMANDS}


def test_the_home_page_names_every_command() -> None:
    named = set(re.findall(r"``arbiter ([a-z-]+)``", HOME.read_text()))
    assert named == {command.name for command in COMMANDS}


def test_the_quick_start_makes_a_virtual_environment_first() -> None:
    text = README.read_text()
    quick_start = text[text.index("## Quick start") :]
    block = quick_start[quick_start.index("```sh\n") + 6 :]
    lines = block[: block.index("```")].splitlines()
    assert lines == [
        "python3 -m venv .venv && . .venv/bin/activate",
        "pip install -e '.[test]' && arbiter check",
        "pytest",
    ]


def test_the_quick_start_names_every_extra_a_test_may_need() -> None:
    text = README.read_text()
    quick_start = text[text.index("## Quick start") : text.index("## The `arbiter` command")]
    missing = [
        extra
        for extra in options.requirements()
        if extra != "test" and f"`{extra}`" not in quick_start
    ]
    assert not missing, f"the quick start does not say the tests skip without {missing}"
