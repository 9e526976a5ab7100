"""The docs generator: a page per card and per rule topic, indexes, explorer data.

Fast: calls the generator directly (no sphinx-build, scenarios not run); CI builds the
whole site with ``sphinx-build -W`` separately (``arbiter docs``).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
sys.path.insert(0, str(DOCS / "_ext"))

import arbiter_docs as gen  # type: ignore[import-not-found]  # noqa: E402

from engine.cards import ALL_CARDS  # noqa: E402
from engine.decisions import KINDS  # noqa: E402
from scenarios.catalogue import catalogue  # noqa: E402


@pytest.fixture(scope="module")
def data() -> gen.Data:
    return gen.read_data(run_scenarios=False)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, data: gen.Data) -> Path:
    out = tmp_path_factory.mktemp("generated")
    gen.generate(out, data=data)
    return out


def test_a_page_per_card(site: Path) -> None:
    names = {card.name for card in ALL_CARDS}
    pages = {p.stem for p in (site / "cards").glob("*.rst")} - {"index"}
    assert pages == {gen.slug(name) for name in names}
    index = (site / "cards" / "index.rst").read_text()
    for name in names:
        page = (site / "cards" / f"{gen.slug(name)}.rst").read_text()
        assert f"\n{name}\n===" in page
        assert "Rulings\n-------" in page and "Neighbourhood" in page
        assert f"<{gen.slug(name)}>" in index


def test_card_page_content(site: Path) -> None:
    for card in ALL_CARDS:
        own = [r for r in catalogue().values() if r.card == card.name]
        page = (site / "cards" / f"{gen.slug(card.name)}.rst").read_text()
        for ruling in own:
            assert f"``{ruling.id}``" in page
        assert '<svg xmlns="http://www.w3.org/2000/svg" class="arbiter-neighbourhood"' in page
        assert f"${card.cost}" in page


def test_editions_that_differ_are_explained(data: gen.Data) -> None:
    for name, defs in data.by_name.items():
        changes = gen.what_changed(defs)
        if len(defs) > 1:
            assert changes, name
        elif defs[0].editions == (1,):
            assert "first edition only" in changes[0]


def test_a_page_per_rule_topic(site: Path) -> None:
    topics = {r.topic for r in catalogue().values() if r.topic}
    assert topics
    pages = {p.stem for p in (site / "rules").glob("*.rst")} - {"index"}
    assert pages == {gen.slug(t) for t in topics}
    for topic in topics:
        page = (site / "rules" / f"{gen.slug(topic)}.rst").read_text()
        for ruling in (r for r in catalogue().values() if r.topic == topic):
            assert f"``{ruling.id}``" in page


def test_indexes_and_guides_parts(site: Path, data: gen.Data) -> None:
    sets = (site / "sets.rst").read_text()
    for set_name in {c.set for c in ALL_CARDS}:
        assert gen.set_title(set_name) in sets
    mechanics = (site / "mechanics.rst").read_text()
    for tag in {t for c in ALL_CARDS for t in c.declares}:
        assert f".. _mechanic-{gen.slug(tag)}:" in mechanics
    kinds = (site / "decision-kinds.rst").read_text()
    assert all(f"``{kind}``" in kinds for kind in KINDS)
    options = (site / "options.rst").read_text()
    for card in ALL_CARDS:
        for label in card.options:
            assert f"``{label}``" in options
    assert "not run" in (site / "results.rst").read_text()


def test_explorer_data_is_the_graph(site: Path, data: gen.Data) -> None:
    script = (site / "_static" / "arbiter-graph-data.js").read_text()
    payload: dict[str, Any] = json.loads(script.removeprefix("window.ARBITER_GRAPH = ")[:-2])
    assert {n["id"] for n in payload["nodes"]} == {c.name for c in ALL_CARDS}
    kinds = {k["id"] for k in payload["kinds"]}
    assert {e["kind"] for e in payload["edges"]} <= kinds
    loops = sum(1 for s, t in data.graph.edges() if s == t)
    assert len(payload["edges"]) == data.graph.number_of_edges() - loops


def test_explorer_works_offline() -> None:
    for script in (DOCS / "_static").glob("*.js"):
        text = script.read_text()
        assert "fetch(" not in text and "XMLHttpRequest" not in text
        urls = set(re.findall(r"https?://[^\"' ]+", text)) - {"http://www.w3.org/2000/svg"}
        assert not urls, f"{script.name} refers to {urls}"


def test_stale_pages_are_removed(tmp_path: Path, data: gen.Data) -> None:
    stale = tmp_path / "cards" / "a-card-that-left.rst"
    stale.parent.mkdir(parents=True)
    stale.write_text("old")
    gen.generate(tmp_path, data=data)
    assert not stale.exists()


def test_rst_escaping() -> None:
    assert gen.esc("a *b* `c` |d| e_") == "a \\*b\\* \\`c\\` \\|d\\| e\\_"
