"""The site's kingdom sheet (docs/_static/kingdom.js) and ``arbiter graph --kingdom``
(checks/rulings_sheet.py) give the same rows, and the page suggests card names as the
command line does.

The page's functions run under Node (the JavaScript kit's runtime) on the graph data the
site publishes; the rows are compared with the Python sheet's, card by card, for the
kingdoms of the issue and random ones, with and without Platinum and Colony. Skipped
without Node.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
sys.path.insert(0, str(DOCS / "_ext"))

import arbiter_docs as gen  # type: ignore[import-not-found]  # noqa: E402

from checks import rulings_sheet  # noqa: E402
from scenarios.names import did_you_mean  # noqa: E402

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(
    NODE is None, reason="Node is needed (the JavaScript kit's runtime)"
)

RUN = """
const sheet = require(process.argv[1]);
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = {
  sheets: input.kingdoms.map((k) => sheet.sheetRows(input.graph, k.cards, k.colony)),
  suggestions: input.typos.map((t) => sheet.suggestions(t, input.names)),
};
process.stdout.write(JSON.stringify(out));
"""

ISSUE_KINGDOMS = (
    ["Moat", "Witch", "Militia"],
    ["Outpost", "Throne Room", "Smugglers"],
    ["Throne Room", "Feast", "Watchtower", "Witch", "Trade Route"],
    ["Masquerade", "Moat", "Village"],
)
TYPOS = (
    "Tresure Map",
    "thrones room",
    "Wich",
    "Kings Cort",
    "Moot",
    "Smuglers",
    "Native Vilage",
    "Lighthous",
    "xyzzy",
    "Courtyrad",
    "Gold",
    "Vilage",
    "Sea",
    "Bazar",
    "Mines",
    "Villages",  # five close names: the three closest are given
    "Courts",
    "Smith",
)


@pytest.fixture(scope="module")
def data() -> Any:
    return gen.read_data(run_scenarios=False)


def run_node(payload: dict[str, Any]) -> Any:
    assert NODE is not None
    done = subprocess.run(
        [NODE, "-e", RUN, str(DOCS / "_static" / "kingdom.js")],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(done.stdout)


def python_rows(graph: Any, kingdom: list[str], colony: bool) -> list[Any]:
    sheet = rulings_sheet.kingdom_sheet(graph, kingdom, platinum_colony=colony)
    return [
        {
            "card": part.card,
            "kingdom": part.kingdom,
            "rows": sorted(
                (row.other, row.kind, row.direction == "out", sorted(row.rulings))
                for row in part.rows
            ),
            "plain": sorted((n.other(part.card), n.ruling) for n in part.non_interactions),
        }
        for part in sheet.cards
    ]


def page_rows(parts: list[Any]) -> list[Any]:
    return [
        {
            "card": part["card"],
            "kingdom": part["kingdom"],
            "rows": sorted(
                (r["other"], r["kind"], r["out"], sorted(r["rulings"])) for r in part["rows"]
            ),
            "plain": sorted((p["other"], p["ruling"]) for p in part["plain"]),
        }
        for part in parts
    ]


def test_the_page_and_the_command_line_give_the_same_rows(data: Any) -> None:
    kingdom_cards = sorted(n for n, defs in data.by_name.items() if defs[0].kingdom)
    chooser = random.Random(32)
    kingdoms = [{"cards": k, "colony": False} for k in ISSUE_KINGDOMS]
    kingdoms += [
        {"cards": chooser.sample(kingdom_cards, 10), "colony": n % 2 == 1} for n in range(40)
    ]
    payload = {"graph": gen.explorer_data(data), "kingdoms": kingdoms, "typos": [], "names": []}
    found = run_node(payload)["sheets"]
    compared = 0
    for kingdom, parts in zip(kingdoms, found, strict=True):
        expected = python_rows(data.graph, kingdom["cards"], kingdom["colony"])
        assert page_rows(parts) == expected, kingdom
        compared += sum(len(p["rows"]) for p in expected)
    assert compared > 500  # the kingdoms met enough interactions to mean something


def test_an_interaction_is_under_both_its_cards_on_the_page(data: Any) -> None:
    """The issue's case: Moat and Witch, Outpost and Smugglers each list the other."""
    payload = {
        "graph": gen.explorer_data(data),
        "kingdoms": [{"cards": k, "colony": False} for k in ISSUE_KINGDOMS[:2]],
        "typos": [],
        "names": [],
    }
    first, second = run_node(payload)["sheets"]
    under = {p["card"]: {r["other"] for r in p["rows"]} for p in first + second}
    assert "Witch" in under["Moat"] and "Moat" in under["Witch"]
    assert "Militia" in under["Moat"] and "Moat" in under["Militia"]
    assert "Outpost" in under["Smugglers"] and "Smugglers" in under["Outpost"]
    assert "Throne Room" in under["Outpost"] and "Outpost" in under["Throne Room"]


def test_the_page_suggests_names_as_the_command_line_does(data: Any) -> None:
    names = sorted(data.by_name)
    found = run_node(
        {"graph": {"nodes": [], "edges": [], "kinds": []}, "kingdoms": [], "typos": list(TYPOS),
         "names": names}
    )["suggestions"]  # fmt: skip
    for typo, suggested in zip(TYPOS, found, strict=True):
        expected = did_you_mean(typo, names)
        shown = f" (did you mean {' or '.join(repr(n) for n in suggested)}?)" if suggested else ""
        if typo in names:
            assert suggested == [typo]
            continue
        assert shown == expected, typo
    assert found[0][0] == "Treasure Map" and found[TYPOS.index("xyzzy")] == []
