"""Every scenario shown in the guides and the README runs and passes on the reference engine."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from scenarios.adapters.reference import ReferenceAdapter
from scenarios.loader import load_text
from scenarios.runner import Status, run_scenario

ROOT = Path(__file__).resolve().parent.parent
RST_BLOCK = re.compile(r"^\.\. code-block:: yaml\n\n((?:   .*\n|\n)+)", re.M)
MD_BLOCK = re.compile(r"^```yaml\n(.*?)^```", re.M | re.S)


def _examples() -> list[tuple[str, str]]:
    found = []
    for page in sorted((ROOT / "docs" / "guides").glob("*.rst")):
        for number, block in enumerate(RST_BLOCK.findall(page.read_text()), 1):
            found.append((f"{page.name}#{number}", textwrap.dedent(block)))
    readme = (ROOT / "README.md").read_text()
    for number, block in enumerate(MD_BLOCK.findall(readme), 1):
        found.append((f"README.md#{number}", block))
    return [(name, text) for name, text in found if "steps:" in text and "setup:" in text]


EXAMPLES = _examples()


def test_the_guides_show_scenarios() -> None:
    assert len(EXAMPLES) >= 2


@pytest.mark.parametrize(("name", "text"), EXAMPLES, ids=[name for name, _ in EXAMPLES])
def test_example_passes(name: str, text: str) -> None:
    result = run_scenario(load_text(text, name), ReferenceAdapter())
    assert result.status is Status.PASS, result.message
