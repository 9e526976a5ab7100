"""Sphinx extension: generate the data-driven pages of the Arbiter site at build time.

Everything under ``docs/generated/`` is written here, from the card definitions, the
rulings catalogue, the bundled scenarios (run on the reference engine) and the
interaction graph; none of it is committed. :func:`generate` is usable without Sphinx
(the tests call it), and the extension runs it when the configuration is read, before
Sphinx looks for source files.

Pages written:

* ``generated/cards/<slug>.rst`` one per card name (every edition on one page);
* ``generated/rules/<topic>.rst`` one per general rule topic of the catalogue;
* ``generated/sets.rst``, ``generated/mechanics.rst`` index pages;
* ``generated/explorer.rst`` plus ``generated/_static/arbiter-graph-data.js``;
* ``generated/options.rst``, ``generated/decision-kinds.rst``, ``generated/worklist.rst``
  included by or linked from the hand-written guides.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.sets import REGISTRY

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
if str(ROOT) not in sys.path:  # building from a checkout without installing
    sys.path.insert(0, str(ROOT))
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from neighbourhood import kind_colours, neighbourhood_svg  # noqa: E402

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config

    from engine.model import Card
    from scenarios.catalogue import Ruling
    from scenarios.model import Scenario

SET_TITLES = {card_set.name: card_set.title for card_set in REGISTRY}
# First and second printing of each set's card texts.
EDITION_YEARS = {s.name: (s.editions[1], s.editions[2]) for s in REGISTRY if s.kingdom}
TOPIC_TITLES = {
    "blue-dog": "The Blue Dog rule",
    "stop-moving": "The Stop-Moving rule",
    "no-visiting": "The No-Visiting rule",
    "end": "End of the game",
    "score": "Scoring",
    "cost": "Costs",
}
DECISION_KINDS = {
    "cards": "pick cards from a zone, or from cards revealed or looked at",
    "gain": "pick a card in the Supply to gain",
    "option": "pick one or more of a card's labelled options",
    "yes_no": "answer yes or no",
    "order": "put cards in an order, top first",
    "name": "name any card",
    "react": "reveal a Reaction (answer with its name) or decline (no, or []); the source is "
    "the card the event is about (the Attack, the gained card), the Reactions are the "
    "choices, and a Reaction still in hand may be revealed again",
    "trigger": "several of one player's abilities meet one event (Mint's when-buy and a "
    "Watchtower): pick the one that resolves next, by its card's name; the source is the "
    "card the event is about",
}
TYPE_JOIN = " \N{EN DASH} "
STATUS_TEXT = {
    "pass": "passes",
    "fail": "FAILS",
    "error": "ERROR",
    "skip": "skipped",
    None: "not run",
}
PROLOG = """\
.. role:: status-pass
.. role:: status-fail
.. role:: status-error
.. role:: status-skip
.. role:: status-none
.. role:: tag

"""


# --- reading the data ---------------------------------------------------------------------


@dataclass
class Outcome:
    status: str | None
    message: str = ""


@dataclass
class Data:
    cards: list[Card]
    by_name: dict[str, list[Card]]
    rulings: dict[str, Ruling]
    scenarios: list[Scenario]
    broken: list[str]
    outcomes: dict[str, Outcome]
    graph: Any
    ran: bool
    seconds: float = 0.0
    by_ruling: dict[str, list[Scenario]] = field(default_factory=dict)

    def outcome(self, scenario: Scenario) -> Outcome:
        return self.outcomes.get(scenario.id, Outcome(None))


def run_outcomes(scenarios: Sequence[Scenario]) -> tuple[dict[str, Outcome], bool]:
    """Run the scenarios on the reference engine through the runner's public API."""
    try:
        from scenarios import runner
    except ImportError:
        return {}, False
    results = runner.run_all(scenarios, runner.reference_adapter)
    return {r.id: Outcome(str(r.status), r.message) for r in results}, True


def read_data(run_scenarios: bool = True) -> Data:
    from checks import graph as interaction
    from engine.cards import ALL_CARDS
    from scenarios.catalogue import catalogue
    from scenarios.loader import bundled_dir, discover, load_many

    started = time.perf_counter()
    by_name: dict[str, list[Card]] = defaultdict(list)
    for card in ALL_CARDS:
        by_name[card.name].append(card)
    loaded, failures = load_many(discover([bundled_dir()]))
    outcomes, ran = run_outcomes(loaded) if run_scenarios else ({}, False)
    for failure in failures:
        if failure.scenario_id:
            outcomes[failure.scenario_id] = Outcome("error", str(failure.problems[0]))
    rulings = dict(catalogue())
    graph = interaction.build_graph(
        ALL_CARDS,
        rulings.values(),
        [interaction.ScenarioInfo.from_scenario(s) for s in loaded],
    )
    data = Data(
        list(ALL_CARDS),
        dict(by_name),
        rulings,
        loaded,
        [str(f.problems[0]) for f in failures],
        outcomes,
        graph,
        ran,
    )
    for scenario in loaded:
        for ruling in scenario.rulings:
            data.by_ruling.setdefault(ruling, []).append(scenario)
    data.seconds = time.perf_counter() - started
    return data


# --- reStructuredText helpers --------------------------------------------------------------


def esc(text: object) -> str:
    """Text as literal reStructuredText (no accidental markup)."""
    out = str(text)
    for char in ("\\", "*", "`", "|", "_"):
        out = out.replace(char, "\\" + char)
    return out


def heading(text: str, char: str = "=", over: bool = False) -> str:
    line = char * max(len(text), 3)
    return f"{line}\n{text}\n{line}\n\n" if over else f"{text}\n{line}\n\n"


def slug(name: str) -> str:
    from checks.graph import slug as graph_slug

    return graph_slug(name)


def card_doc(name: str) -> str:
    return f"/generated/cards/{slug(name)}"


def card_link(name: str) -> str:
    return f":doc:`{esc(name)} <{card_doc(name)}>`"


def source_link(source: str) -> str:
    if source.startswith(("http://", "https://")):
        host = source.split("/")[2]
        return f"`{esc(host)} <{source}>`__"
    return esc(source)


def status_role(outcome: Outcome) -> str:
    status = outcome.status if outcome.status in STATUS_TEXT else None
    return f":status-{status or 'none'}:`{STATUS_TEXT[status]}`"


def indent(text: str, by: int = 3) -> str:
    pad = " " * by
    return "\n".join(pad + line if line.strip() else "" for line in text.splitlines())


def set_title(name: str) -> str:
    return SET_TITLES.get(name, name.replace("-", " ").title())


def topic_title(topic: str) -> str:
    return TOPIC_TITLES.get(topic, topic.replace("-", " ").capitalize())


def cost_text(card: Card) -> str:
    return f"${card.cost}" + (" (varies: see text)" if card.self_cost_modifier else "")


def editions_text(card: Card) -> str:
    years = EDITION_YEARS.get(card.set)
    names = []
    for edition in card.editions:
        label = "first" if edition == 1 else "second" if edition == 2 else f"#{edition}"
        names.append(f"{label} ({years[edition - 1]})" if years else label)
    return ", ".join(names)


# --- pieces of pages -----------------------------------------------------------------------


def scenario_block(data: Data, scenario: Scenario) -> str:
    outcome = data.outcome(scenario)
    try:
        rel = scenario.file.resolve().relative_to(ROOT)
    except ValueError:
        rel = scenario.file
    lines = [
        f"* Scenario ``{scenario.id}`` ({status_role(outcome)}): {esc(scenario.title)}",
        f"  (``{rel}``)",
    ]
    if outcome.status in ("fail", "error") and outcome.message:
        first = outcome.message.splitlines()[0]
        lines.append(f"  — {esc(first)}")
    text = scenario.file.read_text(encoding="utf-8") if scenario.file.exists() else ""
    if text:
        lines += [
            "",
            "  .. raw:: html",
            "",
            "     <details><summary>the scenario file</summary>",
            "",
            "  .. code-block:: yaml",
            "",
            indent(text.rstrip(), 5),
            "",
            "  .. raw:: html",
            "",
            "     </details>",
        ]
    return "\n".join(lines) + "\n"


def ruling_block(data: Data, ruling: Ruling) -> str:
    out = [f"``{ruling.id}``"]
    if ruling.editions != (1, 2) and ruling.set in EDITION_YEARS:
        out.append(f" (edition {', '.join(map(str, ruling.editions))} only)")
    out.append(f"\n   {esc(ruling.text)}\n")
    others = [c for c in ruling.cards if c != ruling.card]
    if others:
        names = ", ".join(card_link(c) if c in data.by_name else esc(c) for c in others)
        out.append(f"\n   Also names: {names}.\n")
    out.append(f"\n   Source: {source_link(ruling.source)}\n")
    proofs = data.by_ruling.get(ruling.id, [])
    if proofs:
        out.append("\n" + indent("".join(scenario_block(data, s) for s in proofs)) + "\n")
    else:
        out.append("\n   :status-none:`No scenario proves this ruling yet.`\n")
    return "".join(out)


def kind_descriptions() -> dict[str, str]:
    from checks.graph import MEETINGS, RULING, SCENARIO

    found = {m.kind: m.why for m in MEETINGS}
    found[RULING] = "a ruling of the catalogue names both cards"
    found[SCENARIO] = "a scenario is about both cards"
    return found


def kinds_in_order(data: Data) -> list[str]:
    return list(data.graph.graph.get("kinds", []))


# --- card pages ----------------------------------------------------------------------------


def what_changed(defs: Sequence[Card]) -> list[str]:
    if len(defs) == 1:
        card = defs[0]
        if card.set not in EDITION_YEARS or set(card.editions) >= {1, 2}:
            return ["The card is the same in both editions."] if card.set in EDITION_YEARS else []
        if card.editions == (1,):
            return ["Printed in the first edition only: the second edition removed it."]
        return ["Printed in the second edition only: it was added then."]
    old, new = sorted(defs, key=lambda c: min(c.editions))[:2]
    changes = []
    for attribute in ("cost", "types", "cards", "actions", "buys", "coins", "vp", "options"):
        before, after = getattr(old, attribute), getattr(new, attribute)
        if before != after:
            show = (
                (lambda v: ", ".join(sorted(v)) or "none")
                if isinstance(before, (frozenset, tuple))
                else str
            )
            changes.append(f"{attribute}: {esc(show(before))} → {esc(show(after))}")
    if old.text != new.text:
        changes.append("the text changed (see above)")
    if old.declares != new.declares:
        gone = sorted(old.declares - new.declares)
        added = sorted(new.declares - old.declares)
        changes.append(
            "what it does: "
            + "; ".join(
                part
                for part in (
                    f"no longer {', '.join(gone)}" if gone else "",
                    f"now {', '.join(added)}" if added else "",
                )
                if part
            )
        )
    return changes or ["Only the wording changed; the rules are the same."]


def card_page(data: Data, name: str, colours: Mapping[str, str]) -> str:
    from checks.graph import neighbours

    defs = sorted(data.by_name[name], key=lambda c: min(c.editions))
    latest = defs[-1]
    out = [PROLOG, f".. _card-{slug(name)}:\n\n", heading(name)]
    facts = [
        ("Set", f":doc:`{set_title(latest.set)} </generated/sets>`"),
        ("Cost", cost_text(latest)),
        ("Types", TYPE_JOIN.join(sorted(latest.types))),
        ("Editions", "; ".join(editions_text(c) for c in defs)),
    ]
    if not latest.kingdom:
        facts.append(("Supply", "a basic pile, not a Kingdom card"))
    out.append("\n".join(f":{k}: {v}" for k, v in facts) + "\n\n")

    out.append(heading("Text", "-"))
    for card in defs:
        prefix = f"**Edition {', '.join(map(str, card.editions))}.** " if len(defs) > 1 else ""
        out.append(f"{prefix}{esc(card.text)}\n\n")
    changes = what_changed(defs)
    if changes:
        out.append("**Between editions:** " + "; ".join(changes) + "\n\n")
    tags = sorted(set().union(*(c.declares for c in defs)))
    if tags:
        out.append(
            "**Does and responds to:** "
            + ", ".join(f":ref:`{t} <mechanic-{slug(t)}>`" for t in tags)
            + "\n\n"
        )
    options = sorted(set().union(*(c.options for c in defs)))
    if options:
        out.append("**Option labels:** " + ", ".join(f"``{o}``" for o in options) + "\n\n")

    out.append(heading("Rulings", "-"))
    from scenarios.catalogue import rulings_for_card

    own = [r for r in rulings_for_card(name, data.rulings.values()) if r.card == name]
    named = [r for r in rulings_for_card(name, data.rulings.values()) if r.card != name]
    if not own:
        out.append("No ruling of the catalogue is about this card yet.\n\n")
    for number, ruling in enumerate(own, 1):
        out.append(f"{number}. " + ruling_block(data, ruling) + "\n")
    if named:
        out.append(heading("Rulings of other cards that name it", "~"))
        for ruling in named:
            subject = card_link(ruling.card) if ruling.card else esc(ruling.topic or "")
            out.append(f"* {subject}: ``{ruling.id}`` {esc(ruling.text)}\n")
        out.append("\n")
    proven = {r.id for r in own}
    extra = [
        s
        for s in data.scenarios
        if name in s.cards and not proven & set(s.rulings) and not s.id.startswith("rules/")
    ]
    if extra:
        out.append(heading("Other scenarios about this card", "~"))
        out.append("".join(scenario_block(data, s) for s in extra) + "\n")

    found = neighbours(data.graph, name)
    out.append(heading("Interactions", "-"))
    descriptions = kind_descriptions()
    if not found:
        out.append("No interaction with another card is declared or ruled yet.\n\n")
    for kind, rows in found.items():
        out.append(f"**{esc(kind)}** — {esc(descriptions.get(kind, ''))}\n\n")
        for row in rows:
            arrow = "→" if row.direction == "out" else "←"
            label = ", ".join(f"``{r}``" for r in row.data.get("rulings", []))
            out.append(f"* {arrow} {card_link(row.card)}" + (f" ({label})" if label else "") + "\n")
        out.append("\n")

    joined: dict[str, list[str]] = defaultdict(list)
    for kind, rows in found.items():
        for row in rows:
            if kind not in joined[row.card] and row.card != name:
                joined[row.card].append(kind)
    svg = neighbourhood_svg(
        name, [(other, slug(other), kinds) for other, kinds in joined.items()], colours
    )
    out.append(heading("Neighbourhood", "-"))
    out.append(
        "Every card joined to this one, coloured by the first kind of interaction; "
        "click a name to open its page, or see it in the :doc:`explorer </generated/explorer>`."
        "\n\n.. raw:: html\n\n" + indent(f'<div class="arbiter-figure">{svg}</div>') + "\n"
    )
    return "".join(out)


def cards_index(data: Data) -> str:
    names = sorted(data.by_name)
    out = [heading("Cards", "=")]
    out.append(
        f"One page per card: {len(names)} cards. See also the index "
        ":doc:`by set </generated/sets>` and :doc:`by mechanic </generated/mechanics>`.\n\n"
    )
    out.append(".. toctree::\n   :maxdepth: 1\n\n")
    out.extend(f"   {n} <{slug(n)}>\n" for n in names)
    return "".join(out)


# --- index pages ---------------------------------------------------------------------------


def card_sets(data: Data) -> list[str]:
    from engine.model import SETS

    present = {c.set for c in data.cards}
    return [s for s in SETS if s in present] + sorted(present - set(SETS))


def ruling_counts(data: Data, name: str) -> tuple[int, int]:
    own = [r for r in data.rulings.values() if r.card == name]
    proven = sum(
        1
        for r in own
        if any(data.outcome(s).status == "pass" for s in data.by_ruling.get(r.id, []))
    )
    return len(own), proven


def sets_page(data: Data) -> str:
    out = [PROLOG, heading("Cards by set")]
    out.append(
        "Each set's cards with cost, types, editions, and how many of their rulings a "
        "scenario proves on the reference engine.\n\n"
    )
    for set_name in card_sets(data):
        names = sorted(
            {c.name for c in data.cards if c.set == set_name},
            key=lambda n: (data.by_name[n][-1].cost, n),
        )
        out.append(heading(set_title(set_name), "-"))
        out.append(".. list-table::\n   :header-rows: 1\n\n")
        out.append(
            "   * - Card\n     - Cost\n     - Types\n     - Editions\n     - Rulings proven\n"
        )
        for name in names:
            defs = data.by_name[name]
            editions = sorted(set().union(*(c.editions for c in defs)))
            own, proven = ruling_counts(data, name)
            out.append(
                f"   * - {card_link(name)}\n     - {esc(cost_text(defs[-1]))}\n"
                f"     - {TYPE_JOIN.join(sorted(defs[-1].types))}\n"
                f"     - {', '.join(map(str, editions))}\n     - {proven} / {own}\n"
            )
        out.append("\n")
    return "".join(out)


def mechanics_page(data: Data) -> str:
    from checks.graph import IMPLIED, MEETINGS, facets

    out = [PROLOG, heading("Cards by mechanic")]
    out.append(
        "What each card declares that it does or responds to (its ``declares`` data), its "
        "types, and how the interaction graph turns those into edges.\n\n"
    )
    tagged: dict[str, set[str]] = defaultdict(set)
    for card in data.cards:
        for tag in card.declares:
            tagged[tag].add(card.name)
    out.append(heading("What cards do and respond to", "-"))
    for tag in sorted(tagged):
        out.append(f".. _mechanic-{slug(tag)}:\n\n")
        out.append(heading(tag, "~"))
        out.append(", ".join(card_link(n) for n in sorted(tagged[tag])) + "\n\n")
    out.append(heading("Types", "-"))
    types: dict[str, set[str]] = defaultdict(set)
    for card in data.cards:
        for kind in card.types:
            types[kind].add(card.name)
    for kind in sorted(types):
        out.append(f"**{kind}**: " + ", ".join(card_link(n) for n in sorted(types[kind])) + "\n\n")
    out.append(heading("How interactions are derived", "-"))
    out.append(
        "An edge joins card A to card B when one of A's facets is in a row's *does* column "
        "and one of B's is in its *meets* column. Facets are the declared tags plus what the "
        "definition shows by its shape (``type:…``, ``trigger:event:where``, ``has:…``).\n\n"
        ".. list-table::\n   :header-rows: 1\n   :widths: 15 25 25 35\n\n"
        "   * - Kind\n     - Does\n     - Meets\n     - Why\n"
    )
    for meeting in MEETINGS:
        count = sum(1 for *_, k in data.graph.edges(keys=True) if k == meeting.kind)
        out.append(
            f"   * - {esc(meeting.kind)} ({count})\n"
            f"     - {', '.join(f'``{t}``' for t in sorted(meeting.does))}\n"
            f"     - {', '.join(f'``{t}``' for t in sorted(meeting.meets))}\n"
            f"     - {esc(meeting.why)}\n"
        )
    out.append(
        "\nA definition's shape implies tags even where ``declares`` does not list them:\n\n"
    )
    for key, implied in IMPLIED.items():
        out.append(f"* ``{key}`` ⇒ {', '.join(f'``{t}``' for t in sorted(implied))}\n")
    silent = sorted(
        n
        for n, defs in data.by_name.items()
        if any(c.kingdom and not c.vanilla for c in defs)
        and not set().union(*(facets(c) for c in defs)) & _read_facets()
    )
    if silent:
        out.append(
            "\nKingdom cards with abilities whose declarations no interaction reads yet: "
            + ", ".join(card_link(n) for n in silent)
            + ".\n"
        )
    return "".join(out)


def _read_facets() -> set[str]:
    from checks.graph import meeting_vocabulary

    return set(meeting_vocabulary())


def rule_topics(data: Data) -> dict[str, list[Ruling]]:
    topics: dict[str, list[Ruling]] = defaultdict(list)
    for ruling in data.rulings.values():
        if ruling.topic:
            topics[ruling.topic].append(ruling)
    return dict(topics)


def topic_page(data: Data, topic: str, rulings: Sequence[Ruling]) -> str:
    out = [PROLOG, f".. _rule-{slug(topic)}:\n\n", heading(topic_title(topic))]
    for number, ruling in enumerate(rulings, 1):
        out.append(f"{number}. " + ruling_block(data, ruling) + "\n")
    cited = {r.id for r in rulings}
    more = [
        s
        for s in data.scenarios
        if s.id.startswith(f"rules/{topic}/") and not cited & set(s.rulings)
    ]
    if more:
        out.append(heading("Other scenarios on this topic", "-"))
        out.append("".join(scenario_block(data, s) for s in more))
    return "".join(out)


def rules_index(data: Data) -> str:
    topics = rule_topics(data)
    out = [heading("General rules")]
    out.append(
        "The rules of the game that are not about one card: setup, the turn, "
        "shuffling, the named rules that settle interactions, the end and scoring. "
        "Each page lists the rulings of one topic with the scenarios that prove them.\n\n"
        ".. toctree::\n   :maxdepth: 1\n\n"
    )
    out.extend(f"   {topic_title(t)} <{slug(t)}>\n" for t in topics)
    return "".join(out)


# --- guides' generated parts -----------------------------------------------------------------


def options_page(data: Data) -> str:
    out = [heading("Option labels of every card", "-")]
    out.append(
        "A ``choose`` step answers an ``option`` decision with one of these labels "
        "(matching ignores case). Cards not listed ask no option question.\n\n"
    )
    rows = []
    for name in sorted(data.by_name):
        for card in sorted(data.by_name[name], key=lambda c: min(c.editions)):
            if card.options:
                editions = (
                    f" (edition {', '.join(map(str, card.editions))})"
                    if len(data.by_name[name]) > 1
                    else ""
                )
                rows.append((f"{card_link(name)}{editions}", card.options))
    if not rows:
        return "".join(out) + "No card has option labels yet.\n"
    out.append(".. list-table::\n   :header-rows: 1\n\n   * - Card\n     - Labels\n")
    for label, options in rows:
        out.append(f"   * - {label}\n     - {', '.join(f'``{o}``' for o in options)}\n")
    return "".join(out) + "\n"


def decision_kinds_page() -> str:
    from engine.decisions import KINDS

    out = [".. list-table::\n   :header-rows: 1\n\n   * - ``kind``\n     - What is asked\n"]
    for kind in KINDS:
        described = DECISION_KINDS.get(kind, "(not described yet)")
        out.append(f"   * - ``{kind}``\n     - {esc(described)}\n")
    return "".join(out) + "\n"


def worklist_page(data: Data) -> str:
    from checks.graph import untested

    rows = untested(data.graph)
    out = [PROLOG, heading("Interactions without a scenario")]
    out.append(
        f"{len(rows)} pairs of cards interact (by their declarations or by a ruling) but no "
        "scenario is about them yet. Pairs a ruling already settles come first: only the proof "
        "is missing. ``arbiter graph --untested`` prints the same list.\n\n"
    )
    if rows:
        out.append(".. list-table::\n   :header-rows: 1\n\n")
        out.append("   * - Cards\n     - Kinds\n     - Rulings\n")
        for row in rows:
            out.append(
                f"   * - {card_link(row.cards[0])} / {card_link(row.cards[1])}\n"
                f"     - {esc(', '.join(row.kinds))}\n"
                f"     - {', '.join(f'``{r}``' for r in row.rulings) or '—'}\n"
            )
    return "".join(out)


def status_page(data: Data) -> str:
    counts: dict[str, int] = defaultdict(int)
    for scenario in data.scenarios:
        counts[data.outcome(scenario).status or "not run"] += 1
    out = [PROLOG, heading("Scenario results")]
    if not data.ran:
        out.append("The scenarios were not run for this build.\n\n")
    out.append(
        f"{len(data.scenarios)} scenarios on the reference engine: "
        + ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
        + ".\n\n"
    )
    bad = [s for s in data.scenarios if data.outcome(s).status in ("fail", "error")]
    if bad:
        out.append(heading("Not passing", "-"))
        out.append("".join(scenario_block(data, s) for s in bad))
    if data.broken:
        out.append(heading("Malformed files", "-"))
        out.extend(f"* ``{esc(b)}``\n" for b in data.broken)
    return "".join(out)


# --- the explorer ----------------------------------------------------------------------------


def explorer_data(data: Data) -> dict[str, Any]:
    kinds = kinds_in_order(data)
    colours = kind_colours(kinds)
    descriptions = kind_descriptions()
    nodes = [
        {
            "id": name,
            "slug": attrs["slug"],
            "set": attrs["set"],
            "cost": attrs["cost"],
            "types": attrs["types"],
            "editions": attrs["editions"],
            "declares": attrs["declares"],
            "kingdom": attrs["kingdom"],
        }
        for name, attrs in sorted(data.graph.nodes(data=True))
    ]
    edges = [
        {
            "source": s,
            "target": t,
            "kind": k,
            "editions": d.get("editions", [1, 2]),
            "rulings": d.get("rulings", []),
        }
        for s, t, k, d in sorted(data.graph.edges(keys=True, data=True))
        if s != t
    ]
    return {
        "nodes": nodes,
        "edges": edges,
        "kinds": [{"id": k, "colour": colours[k], "why": descriptions.get(k, "")} for k in kinds],
        "sets": [{"id": s, "title": set_title(s)} for s in card_sets(data)],
    }


def explorer_page(data: Data) -> str:
    counts = f"{data.graph.number_of_nodes()} cards, {data.graph.number_of_edges()} interactions"
    return (
        heading("Interaction explorer")
        + f"The whole interaction graph ({counts}). Search a card, filter by set, edition and "
        "kind of interaction; click a card to see its neighbours and a link to its page. "
        "Drag to pan, scroll to zoom. Everything runs in the page: no network needed.\n\n"
        ".. raw:: html\n\n"
        + indent(
            '<div id="arbiter-explorer" class="arbiter-explorer">\n'
            "<noscript>The explorer needs JavaScript; the card pages have the same data."
            "</noscript>\n</div>"
        )
        + "\n"
    )


def reports_page(docs: Path) -> str:
    """Every report on another engine (``docs/reports/*.rst``) linked, and put in a toctree
    here unless a hand-written page's toctree already holds it (one parent each)."""
    found = sorted((docs / "reports").glob("*.rst")) if (docs / "reports").is_dir() else []
    written = " ".join(
        path.read_text(encoding="utf-8")
        for path in docs.rglob("*.rst")
        if "generated" not in path.relative_to(docs).parts
        and "reports" not in path.relative_to(docs).parts
    )
    out = [heading("Other engines under test")]
    out.append(
        "The bundled scenario suite run against other Dominion engines through their "
        "adapters (see :doc:`/guides/testing-engines`).\n\n"
    )
    if not found:
        return "".join(out) + "No report yet.\n"
    out.extend(f"* :doc:`/reports/{path.stem}`\n" for path in found)
    loose = [path for path in found if f"reports/{path.stem}" not in written]
    if loose:
        out.append("\n.. toctree::\n   :hidden:\n\n")
        out.extend(f"   /reports/{path.stem}\n" for path in loose)
    return "".join(out)


# --- writing everything ------------------------------------------------------------------------


def _write(path: Path, text: str, written: list[Path]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # Leave unchanged files alone so that Sphinx only rebuilds what changed.
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    written.append(path)


def generate(out: Path, run_scenarios: bool = True, data: Data | None = None) -> list[Path]:
    """Write every generated page under ``out`` (wiped first); return the files written."""
    data = data or read_data(run_scenarios)
    keep = set(out.rglob("*")) if out.exists() else set()
    written: list[Path] = []
    colours = kind_colours(kinds_in_order(data))
    for name in sorted(data.by_name):
        _write(out / "cards" / f"{slug(name)}.rst", card_page(data, name, colours), written)
    _write(out / "cards" / "index.rst", cards_index(data), written)
    for topic, rulings in rule_topics(data).items():
        _write(out / "rules" / f"{slug(topic)}.rst", topic_page(data, topic, rulings), written)
    _write(out / "rules" / "index.rst", rules_index(data), written)
    _write(out / "sets.rst", sets_page(data), written)
    _write(out / "mechanics.rst", mechanics_page(data), written)
    _write(out / "options.rst", options_page(data), written)
    _write(out / "decision-kinds.rst", decision_kinds_page(), written)
    _write(out / "worklist.rst", worklist_page(data), written)
    _write(out / "results.rst", status_page(data), written)
    _write(out / "explorer.rst", explorer_page(data), written)
    _write(out / "reports.rst", reports_page(out.parent), written)
    script = "window.ARBITER_GRAPH = " + json.dumps(explorer_data(data), sort_keys=True) + ";\n"
    _write(out / "_static" / "arbiter-graph-data.js", script, written)
    for stale in keep - set(written):  # a card renamed or removed
        if stale.is_file():
            stale.unlink()
    return written


# --- Sphinx ----------------------------------------------------------------------------------


def _on_config(app: Sphinx, config: Config) -> None:
    out = Path(app.srcdir) / "generated"
    run = bool(config.arbiter_run_scenarios) and not os.environ.get("ARBITER_DOCS_NO_RUN")
    started = time.perf_counter()
    files = generate(out, run_scenarios=run)
    from sphinx.util import logging

    logging.getLogger(__name__).info(
        f"arbiter: generated {len(files)} files in {time.perf_counter() - started:.1f}s"
        + ("" if run else " (scenarios not run)")
    )


def _on_page(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    if pagename == "generated/explorer":
        app.add_js_file("arbiter-graph-data.js")
        app.add_js_file("explorer.js")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("arbiter_run_scenarios", True, "env")
    app.connect("config-inited", _on_config, priority=100)
    app.connect("html-page-context", _on_page)
    app.add_css_file("arbiter.css")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


def clean(out: Path) -> None:
    """Remove the generated folder (``python docs/_ext/arbiter_docs.py --clean``)."""
    shutil.rmtree(out, ignore_errors=True)


def _main(argv: Iterable[str]) -> int:
    args = list(argv)
    out = HERE.parent / "generated"
    if "--clean" in args:
        clean(out)
        return 0
    files = generate(out, run_scenarios="--no-run" not in args)
    print(f"wrote {len(files)} files under {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))
