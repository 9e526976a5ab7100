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
        assert "Rulings\n-------" in page and "Interactions\n------------" in page
        assert f'<a href="{gen.slug(name)}.html">' in index
        assert f"\n   {gen.slug(name)}\n" in index  # in the (hidden) toctree


def test_card_page_content(site: Path, data: gen.Data) -> None:
    from engine.model import printed_types

    for card in ALL_CARDS:
        own = [r for r in catalogue().values() if r.card == card.name]
        page = (site / "cards" / f"{gen.slug(card.name)}.rst").read_text()
        for ruling in own:  # each stated here in full, with its anchor, as a bullet
            assert f"* .. _{gen.ruling_label(ruling.id)}:\n" in page
        if gen.card_pairs(data, card.name):
            assert '<svg xmlns="http://www.w3.org/2000/svg" class="arbiter-neighbourhood"' in page
        assert f"{card.cost}" in page
        assert gen.TYPE_JOIN.join(printed_types(card.types)) in page
    astrolabe = (site / "cards" / "astrolabe.rst").read_text()
    assert ":Types: Treasure \N{EN DASH} Duration" in astrolabe


def test_editions_that_differ_are_explained_in_a_sentence(data: gen.Data) -> None:
    page = gen.card_page(data, "Outpost", {})
    assert "**What changed.** The second edition's Outpost works only if it is the first" in page
    for name, defs in data.by_name.items():
        page = gen.card_page(data, name, {})
        if len(defs) > 1:
            assert "**What changed.** " in page and ":del:" not in page, name
        elif defs[0].editions == (1,) and defs[0].set in gen.EDITION_YEARS:
            assert "Printed in the first edition only" in page, name
    # A card whose definitions differ but has no sentence written gets one from them.
    import dataclasses

    unwritten = dataclasses.replace(data, changes={})
    assert gen.edition_change(unwritten, data.by_name["Cellar"]) == (
        "Only the wording changed: the engine plays both printings the same way."
    )
    assert "rulings marked for one edition" in gen.edition_change(
        unwritten, data.by_name["Throne Room"]
    )
    from engine.costs import Cost

    cellar = data.by_name["Cellar"]
    costlier = [cellar[0], dataclasses.replace(cellar[1], cost=Cost(3))]
    assert gen.edition_change(unwritten, costlier) == (
        "The second edition changes its cost from $2 to $3."
    )


def test_a_page_per_rule_topic(site: Path) -> None:
    topics = {r.topic for r in catalogue().values() if r.topic}
    assert topics
    pages = {p.stem for p in (site / "rules").glob("*.rst")} - {"index"}
    assert pages == {gen.slug(t) for t in topics}
    for topic in topics:
        page = (site / "rules" / f"{gen.slug(topic)}.rst").read_text()
        for ruling in (r for r in catalogue().values() if r.topic == topic):
            assert f"* .. _{gen.ruling_label(ruling.id)}:\n" in page


def test_a_rulings_faq_per_set(site: Path, data: gen.Data) -> None:
    rulings = catalogue().values()
    for set_name in {c.set for c in ALL_CARDS}:
        own = [r for r in rulings if r.card and data.by_name[r.card][0].set == set_name]
        if not own:
            continue
        page = (site / "faq" / f"{set_name}.rst").read_text()
        cards = sorted({r.card for r in own if r.card})
        sections = re.split(r"\n(?=[^\n]+\n-{3,}\n)", page)[1:]  # one per card, in order
        assert [section.split("\n")[0].replace("\\", "") for section in sections] == cards
        for card, section in zip(cards, sections, strict=True):
            for ruling in (r for r in own if r.card == card):
                assert gen.esc(gen.sentence_end(ruling.text)) in section, ruling.id
        # The proofs are one click away, on the card pages: none is told in the FAQ.
        assert ".. container:: arbiter-scenario" not in page and "<details" not in page
        assert ".. _ruling-" not in page  # each ruling's anchor is on its own page
        assert page.count(":ref:`a scenario <scenario-") + page.count(" scenarios (") >= len(own)
    general = (site / "faq" / "rules.rst").read_text()
    assert all(gen.esc(gen.sentence_end(r.text)) in general for r in rulings if r.topic)


def test_rule_topic_pages_list_the_cards_they_affect(site: Path) -> None:
    page = (site / "rules" / "stop-moving.rst").read_text()
    assert "Cards this rule affects:" in page
    assert ":doc:`Feast </generated/cards/feast>`" in page


def test_indexes_and_guides_parts(site: Path, data: gen.Data) -> None:
    index = (site / "cards" / "index.rst").read_text()
    for set_name in {c.set for c in ALL_CARDS}:
        assert f'data-set="{set_name}"' in index
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
    assert len(payload["edges"]) == data.graph.number_of_edges()  # a card with itself too
    assert all("declares" not in n for n in payload["nodes"])  # no declaration tags
    assert payload["non"] == data.graph.graph["non_interactions"]


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


# --- scenarios as prose -------------------------------------------------------------------


def _scenario(data: gen.Data, scenario_id: str) -> Any:
    return next(s for s in data.scenarios if s.id == scenario_id)


def _in_order(text: str, parts: list[str]) -> None:
    at = 0
    for part in parts:
        found = text.find(part, at)
        assert found >= 0, f"{part!r} missing after position {at} in:\n{text}"
        at = found + len(part)


def traced(data: gen.Data, scenario_id: str) -> tuple[gen.Data, Any]:
    """``data`` with one scenario run on the reference engine and traced."""
    import dataclasses

    from scenarios.runner import reference_adapter
    from scenarios.trace import trace_scenario

    scenario = _scenario(data, scenario_id)
    trace = trace_scenario(scenario, reference_adapter())
    return dataclasses.replace(data, traces={scenario.id: tuple(trace.records)}), scenario


def test_prose_of_a_throne_room_feast_scenario(data: gen.Data) -> None:
    traced_data, scenario = traced(data, "base/feast/throne-room")
    block = gen.scenario_block(traced_data, scenario)
    _in_order(
        block,
        [
            "**Position.** Two players. Kingdom: Throne Room, Feast.",
            "Base set cards in their first edition",
            "p1 has Throne Room, Feast, Copper in hand",
            "**What happens.**",
            "#. p1 plays Throne Room. Then p1 plays Feast; p1 trashes Feast.",
            "Asked: Feast asks p1: gain a card costing up to 5 (gain;",
            "#. p1 answers Duchy. Then p1 gains Duchy; p1 plays Feast.",
            "Asked: Feast asks p1: gain a card costing up to 5",
            "#. p1 answers Duchy. Then p1 gains Duchy.",
            "**Result.** p1 has Copper in hand; p1 has 2 Duchies in the discard pile",
            "the trash holds Feast",
            "6 left in the Duchy pile",
            "The reference engine's state at the end matches every expectation.",
            "**Proves**",
            "base/feast/2",
            "<details",
            "id: base/feast/throne-room",
        ],
    )


def test_prose_of_a_masquerade_scenario(data: gen.Data) -> None:
    traced_data, scenario = traced(data, "intrigue/masquerade/pass-then-trash")
    block = gen.scenario_block(traced_data, scenario)
    _in_order(
        block,
        [
            "p1 has Masquerade, Estate in hand; Copper, Silver in the deck",
            "p2 has Curse in hand",
            "#. p1 plays Masquerade. Then p1 draws Copper; p1 draws Silver.",
            "Asked: Masquerade asks p1: pass a card to p2 (cards; pick 1 of",
            "#. p1 answers Estate. Then p1 passes Estate to p2; p2 passes Curse to p1.",
            "Asked: Masquerade asks p1: you may trash a card from your hand",
            "#. Checked at this point:",
            "(it holds)",
            "#. p1 answers Curse. Then p1 trashes Curse.",
            "**Result.** p1 has Copper, Silver in hand; p2 has Estate in hand",
            "the trash holds Curse",
        ],
    )


def test_prose_without_a_play_by_play_tells_the_file(data: gen.Data) -> None:
    block = gen.scenario_block(data, _scenario(data, "base/feast/throne-room"))
    _in_order(block, ["#. p1 plays Throne Room.", "#. The answer to Feast's question: Duchy."])


def test_card_page_states_what_changed_between_editions(data: gen.Data) -> None:
    page = gen.card_page(data, "Throne Room", {})
    _in_order(
        page,
        [
            "**First edition (2008)**",
            "Choose an Action card in your hand. Play it twice.",
            "**Second edition (2016)**",
            "**What changed.** The second edition makes playing an Action card optional",
            ".. _ruling-base-throne-room-1:",
            "First edition (2008) only; source: `the Dominion Strategy wiki",
        ],
    )


# --- nothing a user wrote becomes markup ----------------------------------------------------

INJECTION = ".. raw:: html{0}{0}   <script>alert(1)</script>"


@pytest.mark.parametrize("separator", ["\r", "\x85", "\u2028", "\n", "\u2029", "\x0b"])
@pytest.mark.parametrize("key", ["title", "note"])
def test_titles_and_notes_are_one_line_at_load(separator: str, key: str) -> None:
    from scenarios.loader import ScenarioError, load_text

    value = json.dumps("Harmless" + separator + INJECTION.format(separator))
    fields = {"title": '"Feast trashes itself"', "note": '"A note."', key: value}
    text = (
        f"id: base/feast/injected\ntitle: {fields['title']}\nnote: {fields['note']}\n"
        "setup:\n  kingdom: [Feast]\n  p1: {hand: [Feast]}\n"
    )
    load_text(text.replace(value, '"plain"'), "good.yaml")  # the same file, one line: loads
    with pytest.raises(ScenarioError) as raised:
        load_text(text, "bad.yaml")
    message = str(raised.value)
    line = 2 if key == "title" else 3
    assert f"bad.yaml:{line}: {key}: " in message, message
    # (the schema already refuses a "\n" in a title, with its own words)
    assert "one line of plain text" in message or "a single line" in message, message


@pytest.mark.extra("docs")  # docutils
def test_a_title_that_reaches_a_page_stays_text(data: gen.Data) -> None:
    """Even a scenario that did not come through the loader cannot inject markup."""
    import dataclasses

    from docutils.core import publish_parts

    scenario = _scenario(data, "base/feast/coins-do-not-help")
    for separator in ("\r", "\x85", "\u2028"):
        title = "Harmless" + separator + INJECTION.format(separator) + " *x* `y` |z|_"
        bad = dataclasses.replace(scenario, title=title, note=title)
        block = gen.scenario_block(data, bad)
        html = publish_parts(
            gen.PROLOG + block,
            writer="html",
            settings_overrides={"report_level": 5, "raw_enabled": True},
        )["body"]
        assert "<script>" not in html
        assert html.count("&lt;script&gt;alert(1)&lt;/script&gt;") == 2  # title and note
        # Each stays one run of text: no new paragraph, quote or directive starts in it.
        assert "<strong>Harmless .. raw:: html" in html
        assert "<em>Note.</em> Harmless .. raw:: html" in html
        assert "<blockquote>" not in html
        assert "*x* `y` |z|_" in html


def test_raw_html_is_escaped() -> None:
    from markup import html_text, one_line

    assert html_text('<a href="x">\u2028') == "&lt;a href=&quot;x&quot;&gt; "
    assert one_line("a\rb\x85c\u2028d\te") == "a b c d e"
    assert gen.esc(".. raw:: html").startswith("\\ ")


# --- a strict build publishes only rulings the engine passes --------------------------------

WRONG = """\
id: base/feast/wrong-on-purpose
title: A scenario that fails on purpose (Feast gains from the Supply)
setup:
  kingdom: [Feast, Laboratory]
  p1: {hand: [Feast]}
steps:
  - play: Feast
  - choose: Laboratory
expect:
  supply: {Laboratory: 10}
"""


@pytest.mark.extra("docs")  # Sphinx
def test_strict_build_fails_on_a_failing_scenario(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from arbiter import cli
    from scenarios import loader

    bundled = tmp_path / "bundled"
    (bundled / "base" / "feast").mkdir(parents=True)
    (bundled / "base" / "feast" / "wrong-on-purpose.yaml").write_text(WRONG)
    monkeypatch.setattr(loader, "bundled_dir", lambda: bundled)
    monkeypatch.delenv("ARBITER_DOCS_NO_RUN", raising=False)
    site = tmp_path / "site"
    status = cli.main(["docs", "--strict", "--out", str(site)])
    captured = capsys.readouterr()
    assert status != 0
    output = captured.out + captured.err
    assert "--strict: 1 bundled scenario(s) do not pass" in output, output
    assert "base/feast/wrong-on-purpose FAILS" in output
    assert not (site / "index.html").exists()


def test_strict_problems_lists_only_what_does_not_pass(data: gen.Data) -> None:
    scenario = data.scenarios[0]
    passing = dataclasses_replace(data, ran=True, broken=[])
    passing.outcomes = {s.id: gen.Outcome("pass") for s in data.scenarios}
    assert gen.strict_problems(passing) == []
    passing.outcomes[scenario.id] = gen.Outcome("fail", "expected 1, found 2\nmore")
    assert gen.strict_problems(passing) == [
        f"{scenario.file}:{scenario.line}: {scenario.id} FAILS expected 1, found 2"
    ]
    assert gen.strict_problems(dataclasses_replace(data, ran=False))


def dataclasses_replace(data: gen.Data, **changes: Any) -> gen.Data:
    import dataclasses

    return dataclasses.replace(data, **changes)


def test_prose_from_a_play_by_play() -> None:
    """The steps of *What happens* from trace records (the shapes scenarios.trace gives):
    each command and answer numbered, what it caused and the decision asked in it."""
    from dataclasses import dataclass, field

    @dataclass
    class Decision:
        player: str
        source: str

        def question(self) -> str:
            return f"{self.source} asks {self.player} (gain; up to $5)"

    @dataclass
    class Start:
        events: tuple[str, ...] = ()
        asked: Decision | None = None

    @dataclass
    class Command:
        player: str
        verb: str
        card: str
        refused: str | None = None

    @dataclass
    class Answer:
        player: str
        value: Any
        refused: str | None = None

    @dataclass
    class Happened:
        lines: tuple[str, ...]

    @dataclass
    class Asked:
        decision: Decision

    @dataclass
    class Checkpoint:
        step: int | None
        expected: dict[str, Any]
        problems: tuple[str, ...] = field(default=())

    from scenarios import prose

    feast = Decision("p1", "Feast")
    records = [
        Start(),
        Command("p1", "play", "Throne Room"),
        Happened(("p1 plays Throne Room", "p1 plays Feast", "p1 trashes Feast")),
        Asked(feast),
        Answer("p1", "Gold", refused="Gold costs 6"),
        Answer("p1", "Duchy"),
        Happened(("p1 gains Duchy", "p1 plays Feast")),
        Asked(feast),
        Checkpoint(4, {"trash": ["Feast"]}),
        Answer("p1", "Duchy"),
        Checkpoint(None, {"trash": ["Feast"]}),
    ]
    steps = prose.trace_steps(records)
    assert steps == [
        "p1 plays Throne Room. Then p1 plays Feast; p1 trashes Feast. "
        "Asked: Feast asks p1 (gain; up to $5).",
        "p1 answers Gold: the rules refuse it (Gold costs 6).",
        "p1 answers Duchy. Then p1 gains Duchy; p1 plays Feast. "
        "Asked: Feast asks p1 (gain; up to $5).",
        "Checked at this point: the trash holds Feast (it holds).",
        "p1 answers Duchy.",
    ]
    assert prose.trace_result(records) == (
        "The reference engine's state at the end matches every expectation."
    )
    records[-1] = Checkpoint(None, {"trash": ["Feast"]}, ("trash: expected [Feast], found []",))
    assert "differs: trash: expected [Feast], found []." in (prose.trace_result(records) or "")


def test_prose_of_positions_across_turns(data: gen.Data) -> None:
    kings_court = gen.scenario_block(data, _scenario(data, "intrigue/bridge/kings-court-in-setup"))
    assert "p1 has Bridge (played by King's Court, in play too) in play." in kings_court
    clerk = gen.scenario_block(data, _scenario(data, "prosperity/clerk/start-of-turn-setup"))
    assert "p1's turn is about to start (its start-of-turn effects come first)" in clerk


@pytest.mark.extra("docs")  # docutils
@pytest.mark.parametrize(
    "link",
    [
        "javascript:alert(document.cookie)",
        "JavaScript:alert(1)",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    ],
)
def test_a_link_in_a_note_or_a_ruling_is_live_only_for_http_https_and_mailto(
    data: gen.Data, link: str
) -> None:
    """docutils made a live link of a javascript: or data: URL in a scenario's note or a
    ruling's text (seen in a real build; issue 34)."""
    import dataclasses

    from docutils.core import publish_doctree, publish_from_doctree
    from markup import disarm_links

    scenario = _scenario(data, "base/feast/coins-do-not-help")
    note = f"See {link} or https://wiki.dominionstrategy.com/index.php/Feast for more."
    block = gen.scenario_block(data, dataclasses.replace(scenario, note=note))
    doctree = publish_doctree(gen.PROLOG + block, settings_overrides={"report_level": 5})
    disarm_links(doctree)
    html = publish_from_doctree(doctree, writer="html").decode()
    assert 'href="https://wiki.dominionstrategy.com/index.php/Feast"' in html
    scheme = link.partition(":")[0]
    assert f'href="{scheme}' not in html.lower() and f"href='{scheme}" not in html.lower()
    assert link.replace("&", "&amp;") in html  # still there, as text


# --- nothing internal is published -------------------------------------------------------------


def test_no_page_publishes_what_is_meant_for_the_suite(site: Path) -> None:
    """Held-out audit notes, declaration tags, "(s)" plurals, double stops and "does not
    interact, because": in no generated page (the engine authors' page on declarations
    excepted) and not in the explorer's data."""
    tags = gen.declaration_tags()
    assert "counts-plays" in tags and "duration-like" in tags
    files = [path for path in sorted(site.rglob("*")) if path.is_file()]
    assert len(files) > 150
    assert gen.published_markers(files) == []  # (a strict build checks the same, scenarios run)


@pytest.mark.parametrize(
    ("text", "marker"),
    [
        ("A note. Held-out audit case.", "a held-out audit note"),
        ("Throne Room is a double play (counts-plays).", "the declaration tag counts-plays"),
        ("2 Curse(s) each.", "a generated plural"),
        ("it happens twice.. Rulings: x", "a double stop"),
        ("Moat: does not interact, because Moat blocks.", '"does not interact, because"'),
    ],
)
def test_each_internal_marker_is_found(text: str, marker: str) -> None:
    found = gen.internal_markers(text, {"counts-plays"})
    assert len(found) == 1 and found[0].startswith(marker), found
    assert (
        gen.internal_markers(
            "Fine... and .. _label: and seaside/x/counts-plays-2.", {"counts-plays"}
        )
        == []
    )


# --- a site for one edition of each set -------------------------------------------------------


def test_a_site_for_the_first_edition_of_every_set(tmp_path: Path) -> None:
    first = {name: 1 for name in gen.EDITION_YEARS}
    data = gen.read_data(run_scenarios=False, editions=first)
    assert "Astrolabe" not in data.by_name and "Woodcutter" in data.by_name  # 2nd / 1st only
    assert all(len(defs) == 1 for defs in data.by_name.values())
    throne = gen.card_page(data, "Throne Room", {})
    assert "Choose an Action card in your hand. Play it twice." in throne
    assert "You may play an Action card from your hand twice." not in throne
    assert "What changed" not in throne and "edition (2008)**" not in throne
    assert ".. _ruling-base-throne-room-1:" in throne
    assert "ruling-base-throne-room-2" not in throne  # a second-edition ruling
    everything = gen.read_data(run_scenarios=False)
    left_out = {s.id for s in everything.scenarios} - {s.id for s in data.scenarios}
    assert "seaside/astrolabe/tiara" in left_out  # it plays a second-edition card
    assert all(s.editions["base"] == 1 for s in data.scenarios if "Throne Room" in s.named)
    files = gen.generate(tmp_path, data=data)
    assert gen.published_markers(files) == []
    faq = (tmp_path / "faq" / "base.rst").read_text()
    assert "first edition (2008)" in faq and "Woodcutter" in faq and "Artisan" not in faq


def test_docs_refuses_a_bad_edition_choice(capsys: pytest.CaptureFixture[str]) -> None:
    from arbiter import cli

    assert cli.main(["docs", "--editions", "base=3"]) == 2
    assert "bad --editions part 'base=3'" in capsys.readouterr().err
