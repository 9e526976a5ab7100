"""Sphinx extension: generate the data-driven pages of the Arbiter site at build time.

Everything under ``docs/generated/`` is written here, from the card definitions, the
rulings catalogue, the bundled scenarios (run on the reference engine) and the
interaction graph; none of it is committed. :func:`generate` is usable without Sphinx
(the tests call it), and the extension runs it when the configuration is read, before
Sphinx looks for source files.

Pages written:

* ``generated/cards/<slug>.rst`` one per card name (every edition on one page);
* ``generated/rules/<topic>.rst`` one per general rule topic of the catalogue;
* ``generated/faq/<set>.rst`` the rulings FAQ of each set and of the general rules;
* ``generated/cards/index.rst`` (the cards table), ``generated/mechanics.rst`` indexes;
* ``generated/kingdom.rst`` the rulings sheet of a kingdom;
* ``generated/explorer.rst`` plus ``generated/_static/arbiter-graph-data.js``;
* ``generated/options.rst``, ``generated/decision-kinds.rst``, ``generated/worklist.rst``
  included by or linked from the hand-written guides.
"""

from __future__ import annotations

import difflib
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

from engine.abilities import CostChange
from engine.sets import REGISTRY

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
if str(ROOT) not in sys.path:  # building from a checkout without installing
    sys.path.insert(0, str(ROOT))
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import prose  # noqa: E402
from markup import esc, heading, html_text, indent, raw_html  # noqa: E402
from neighbourhood import kind_colours, neighbourhood_svg  # noqa: E402

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config

    from engine.model import Card
    from scenarios.catalogue import Ruling
    from scenarios.model import Scenario

SET_TITLES = {card_set.name: card_set.title for card_set in REGISTRY}
# First and second printing of each set's card texts.
# The sets printed in several editions, with each edition's year; a set of one edition
# (Alchemy) has no edition to tell apart.
EDITION_YEARS = {
    s.name: tuple(s.editions[e] for e in sorted(s.editions))
    for s in REGISTRY
    if len(s.editions) > 1
}
TOPIC_TITLES = {
    "blue-dog": "The Blue Dog rule",
    "stop-moving": "The Stop-Moving rule",
    "no-visiting": "The No-Visiting rule",
    "end": "End of the game",
    "score": "Scoring",
    "cost": "Costs",
    "turn": "The turn and turn order",
    "shuffle": "Reshuffling",
    "setup": "Setting up",
    "zones": "Where cards go",
}
# An interaction kind with more rows than this starts folded on a card's page.
OPEN_KIND = 12
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
.. role:: del
.. role:: ins

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
    # Each scenario's play-by-play records (scenarios.trace), when it was run and traced.
    traces: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    # Each card's question spec (checks/questions.py, as arbiter explain --decisions --json
    # gives it), when the scenarios were run.
    questions: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def outcome(self, scenario: Scenario) -> Outcome:
        return self.outcomes.get(scenario.id, Outcome(None))


def run_outcomes(
    scenarios: Sequence[Scenario],
) -> tuple[dict[str, Outcome], bool, dict[str, tuple[Any, ...]]]:
    """Run the scenarios on the reference engine through the runner's public API, keeping
    each one's play-by-play (``scenarios.trace``) when the project has it."""
    try:
        from scenarios import runner
    except ImportError:
        return {}, False, {}
    try:
        from scenarios.trace import trace_scenario
    except ImportError:  # a checkout without the play-by-play: the steps come from the file
        results = runner.run_all(scenarios, runner.reference_adapter)
        return {r.id: Outcome(str(r.status), r.message) for r in results}, True, {}
    outcomes, traces = {}, {}
    for scenario in scenarios:
        trace = trace_scenario(scenario, runner.reference_adapter())
        outcomes[scenario.id] = Outcome(str(trace.result.status), trace.result.message)
        traces[scenario.id] = tuple(trace.records)
    return outcomes, True, traces


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
    outcomes, ran, traces = run_outcomes(loaded) if run_scenarios else ({}, False, {})
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
        traces=traces,
    )
    for scenario in loaded:
        for ruling in scenario.rulings:
            data.by_ruling.setdefault(ruling, []).append(scenario)
    if ran:
        data.questions = read_questions(loaded, by_name)
    data.seconds = time.perf_counter() - started
    return data


def read_questions(
    loaded: Sequence[Scenario], by_name: Mapping[str, Sequence[Card]]
) -> dict[str, list[dict[str, Any]]]:
    """Every card's question spec, learnt by running the reference engine."""
    from checks.questions import bundled_specs, spec_json

    specs = bundled_specs(loaded)
    return {name: spec_json(specs, name) for name in by_name}


# --- reStructuredText helpers --------------------------------------------------------------


def slug(name: str) -> str:
    from checks.graph import slug as graph_slug

    return graph_slug(name)


def card_doc(name: str) -> str:
    return f"/generated/cards/{slug(name)}"


def card_link(name: str) -> str:
    return f":doc:`{esc(name)} <{card_doc(name)}>`"


def ruling_label(ruling_id: str) -> str:
    return "ruling-" + ruling_id.replace("/", "-")


def ruling_link(data: Data, ruling_id: str) -> str:
    """A link to where a ruling is stated in full (its card's page or its topic's page)."""
    if ruling_id in data.rulings:
        return f":ref:`{esc(ruling_id)} <{ruling_label(ruling_id)}>`"
    return f"``{ruling_id}``"


def source_link(source: str) -> str:
    if source.startswith(("http://", "https://")) and not set(source) & set(" <>`"):
        host = source.split("/")[2]
        return f"`{esc(host)} <{source}>`__"
    return esc(source)


def status_role(outcome: Outcome) -> str:
    status = outcome.status if outcome.status in STATUS_TEXT else None
    return f":status-{status or 'none'}:`{STATUS_TEXT[status]}`"


def set_title(name: str) -> str:
    return SET_TITLES.get(name, name.replace("-", " ").title())


def topic_title(topic: str) -> str:
    return TOPIC_TITLES.get(topic, topic.replace("-", " ").capitalize())


def cost_text(card: Card) -> str:
    varies = any(change.where == "self" for change in card.static_of(CostChange))
    return f"{card.cost}" + (" (varies: see text)" if varies else "")


def edition_name(set_name: str, edition: int) -> str:
    label = "first" if edition == 1 else "second" if edition == 2 else f"#{edition}"
    label += " edition"
    years = EDITION_YEARS.get(set_name)
    return f"{label} ({years[edition - 1]})" if years and edition <= len(years) else label


def editions_text(card: Card) -> str:
    return ", ".join(edition_name(card.set, e) for e in card.editions)


def ruling_editions(ruling: Ruling) -> str:
    """ " (first edition only)" when a ruling holds for one printing of its set only."""
    if ruling.set not in EDITION_YEARS or set(ruling.editions) >= {1, 2}:
        return ""
    return " (" + ", ".join(edition_name(ruling.set, e) for e in ruling.editions) + " only)"


# --- scenarios as prose ------------------------------------------------------------------


def chosen_editions(scenario: Scenario) -> dict[str, int]:
    """The editions a scenario's file sets itself (the others are the defaults)."""
    return {
        key[1]: scenario.editions[key[1]]
        for key in scenario.lines
        if len(key) == 2 and key[0] == "editions" and key[1] in scenario.editions
    }


def scenario_steps(data: Data, scenario: Scenario) -> list[str]:
    """The numbered steps of *What happens*, each one reStructuredText: from the engine's
    play-by-play when the scenario was traced, else from the file's steps."""
    records = data.traces.get(scenario.id)
    if records:
        return prose.trace_steps(records)
    player = str(scenario.setup.get("turn", {}).get("player", "p1"))
    return [prose.file_step(step, player) for step in scenario.steps]


def scenario_yaml(scenario: Scenario) -> str:
    try:
        text = scenario.file.read_text(encoding="utf-8")
    except OSError:
        return ""
    try:
        shown = scenario.file.resolve().relative_to(ROOT)
    except ValueError:
        shown = Path(scenario.file.name)
    return (
        raw_html(
            f'<details class="arbiter-yaml"><summary>The scenario file '
            f"<code>{html_text(shown)}</code></summary>"
        )
        + ".. code-block:: yaml\n\n"
        + indent(text.rstrip())
        + "\n\n"
        + raw_html("</details>")
    )


def scenario_block(data: Data, scenario: Scenario, proves: bool = True, files: bool = True) -> str:
    """A scenario as a reader's account: Position, What happens, Result, what it proves."""
    outcome = data.outcome(scenario)
    out = [
        f"**{esc(scenario.title)}** ({status_role(outcome)}, ``{scenario.id}``)\n\n",
    ]
    if outcome.status in ("fail", "error") and outcome.message:
        out.append(f":status-fail:`On the reference engine:` {esc(outcome.message)}\n\n")
    out.append(
        "**Position.** "
        + " ".join(prose.position(scenario.setup, chosen_editions(scenario)))
        + "\n\n"
    )
    steps = scenario_steps(data, scenario)
    out.append("**What happens.**\n\n")
    out.extend(f"#. {step}\n" for step in steps)
    if not steps:
        out.append("Nothing is played: the position itself is checked.\n")
    out.append("\n")
    expect = scenario.expect or {}
    out.append(f"**Result.** {prose.sentence(prose.checked(expect))}")
    held = prose.trace_result(data.traces.get(scenario.id, ()))
    out.append(f" {held}\n\n" if held else "\n\n")
    if scenario.note:
        out.append(f"*Note.* {esc(scenario.note)}\n\n")
    if proves and scenario.rulings:
        out.append(
            "**Proves** " + ", ".join(ruling_link(data, r) for r in scenario.rulings) + ".\n\n"
        )
    if files:
        out.append(scenario_yaml(scenario))
    return ".. container:: arbiter-scenario\n\n" + indent("".join(out)) + "\n\n"


def scenario_line(data: Data, scenario: Scenario) -> str:
    """One line for a scenario told in full elsewhere: its title, result and where."""
    where = (
        "proves " + ", ".join(ruling_link(data, r) for r in scenario.rulings)
        if scenario.rulings
        else "on " + card_link(card_of(data, scenario))
        if card_of(data, scenario)
        else f"``{scenario.id}``"
    )
    return f"* {esc(scenario.title)} ({status_role(data.outcome(scenario))}): {where}\n"


def card_of(data: Data, scenario: Scenario) -> str | None:
    """The card whose page a scenario's id names (``base/feast/...`` is Feast's)."""
    parts = scenario.id.split("/")
    names = {slug(n): n for n in data.by_name}
    return names.get(parts[1]) if len(parts) > 2 else None


def ruling_block(data: Data, ruling: Ruling, files: bool = True) -> str:
    """A ruling as one FAQ entry: its text, its source, the scenarios that prove it (with
    their files one click away when ``files``)."""
    editions = ruling_editions(ruling)
    whole = first_sentence(ruling.text) != ruling.text
    out = [
        ".. container:: arbiter-ruling\n\n"
        + (f"   {esc(ruling.text)}\n\n" if whole else "")
        + f"   :tag:`{ruling.id}{editions}` · source: {source_link(ruling.source)}\n\n"
    ]
    others = [c for c in ruling.cards if c != ruling.card]
    if others:
        names = ", ".join(card_link(c) if c in data.by_name else esc(c) for c in others)
        out.append(f"   Also about: {names}.\n\n")
    proofs = data.by_ruling.get(ruling.id, [])
    if proofs:
        out.append(f"   **{'Proof' if len(proofs) == 1 else 'Proofs'}**\n\n")
        out.extend(
            indent(scenario_block(data, s, proves=False, files=files)) + "\n\n" for s in proofs
        )
    else:
        out.append("   :status-none:`No scenario proves this ruling yet.`\n\n")
    return "".join(out)


def first_sentence(text: str, limit: int = 110) -> str:
    """The ruling's first sentence, cut at a word when it is long (a FAQ entry's title)."""
    end = text.find(". ")
    first = text if end < 0 else text[: end + 1]
    if len(first) <= limit:
        return first
    return first[:limit].rsplit(" ", 1)[0] + " …"


def faq(data: Data, rulings: Sequence[Ruling], label: bool = True, files: bool = True) -> str:
    """Rulings as a numbered FAQ (one section per ruling, so that each can be linked): the
    title is the ruling's first sentence, the body the whole ruling and its proof."""
    out = []
    for number, ruling in enumerate(rulings, 1):
        title = f"{number}. {esc(first_sentence(ruling.text))}"
        out.append((f".. _{ruling_label(ruling.id)}:\n\n" if label else "") + heading(title, "~"))
        out.append(ruling_block(data, ruling, files))
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


def word_changes(old: str, new: str) -> str:
    """The second text with the words the first had struck out and the new words marked."""
    before, after = old.split(), new.split()
    out = []
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    for op, a1, a2, b1, b2 in matcher.get_opcodes():
        if op == "equal":
            out.append(esc(" ".join(after[b1:b2])))
            continue
        if a2 > a1:
            out.append(f":del:`{esc(' '.join(before[a1:a2]))}`")
        if b2 > b1:
            out.append(f":ins:`{esc(' '.join(after[b1:b2]))}`")
    return " ".join(out)


RULE_ATTRIBUTES = {
    "cost": "cost",
    "types": "types",
    "cards": "+Cards",
    "actions": "+Actions",
    "buys": "+Buys",
    "coins": "+$",
    "vp": "VP",
    "options": "option labels",
}


def rule_changes(old: Card, new: Card) -> list[str]:
    """What the definitions say differently (numbers, types, declared behaviour)."""
    changes = []
    for attribute, words in RULE_ATTRIBUTES.items():
        before, after = getattr(old, attribute), getattr(new, attribute)
        if before != after:
            if isinstance(before, (frozenset, tuple)):
                before = ", ".join(sorted(before)) or "none"
                after = ", ".join(sorted(after)) or "none"
            changes.append(f"{words}: {esc(before)} → {esc(after)}")
    gone, added = sorted(old.declares - new.declares), sorted(new.declares - old.declares)
    if gone:
        changes.append("no longer " + ", ".join(f"``{t}``" for t in gone))
    if added:
        changes.append("now also " + ", ".join(f"``{t}``" for t in added))
    return changes


def what_changed(data: Data, defs: Sequence[Card]) -> str:
    """The section saying exactly what differs between the printings of one card."""
    card = defs[0]
    if card.set not in EDITION_YEARS:
        return ""
    own = [r for r in data.rulings.values() if r.card == card.name]
    only = [r for r in own if ruling_editions(r)]
    out = [heading("Between editions", "-")]
    if len(defs) == 1:
        if set(card.editions) >= {1, 2}:
            out.append("The card is the same in both editions.\n\n")
        elif card.editions == (1,):
            out.append("Printed in the first edition only: the second edition removed it.\n\n")
        else:
            out.append("Printed in the second edition only: it was added then.\n\n")
    else:
        old, new = sorted(defs, key=lambda c: min(c.editions))[:2]
        out.append(
            f"**The words.** From the {edition_name(old.set, min(old.editions))} to the "
            f"{edition_name(new.set, min(new.editions))} printing (:del:`removed`, "
            f":ins:`added`):\n\n"
            f".. rst-class:: arbiter-diff\n\n   {word_changes(old.text, new.text)}\n\n"
        )
        rules = rule_changes(old, new)
        out.append(
            "**The rules data.** "
            + ("; ".join(rules) if rules else "the same numbers, types and declarations")
            + ".\n\n"
        )
    if only:
        out.append("**Rulings for one edition only.**\n\n")
        out.extend(f"* {ruling_link(data, r.id)}{ruling_editions(r)}\n" for r in only)
        out.append("\n")
    elif len(defs) > 1 or len(card.editions) > 1:
        out.append("Every ruling below holds in both editions.\n\n")
    return "".join(out)


def infobox(data: Data, defs: Sequence[Card]) -> str:
    latest = defs[-1]
    own, proven = ruling_counts(data, latest.name)
    costs = sorted({cost_text(c) for c in defs})
    types = sorted({TYPE_JOIN.join(sorted(c.types)) for c in defs})
    facts = [
        (
            "Set",
            f":doc:`{set_title(latest.set)} </generated/faq/{slug(latest.set)}>`"
            if latest.set in faq_sets(data)
            else set_title(latest.set),
        ),
        ("Cost", " or ".join(map(esc, costs))),
        ("Types", " / ".join(types)),
        ("Editions", "; ".join(editions_text(c) for c in defs)),
        ("Rulings", f"{own} ({proven} proven by a passing scenario)"),
    ]
    if not latest.kingdom:
        facts.append(("Supply", "a basic pile, not a Kingdom card"))
    return (
        ".. container:: arbiter-infobox\n\n" + "\n".join(f"   :{k}: {v}" for k, v in facts) + "\n\n"
    )


def card_text(defs: Sequence[Card]) -> str:
    out = [heading("Text", "-")]
    for card in defs:
        label = (
            f"**{', '.join(edition_name(card.set, e) for e in card.editions).capitalize()}**"
            if card.set in EDITION_YEARS
            else ""
        )
        out.append(
            ".. container:: arbiter-card-text\n\n"
            + (f"   {label}\n\n" if label else "")
            + f"   {esc(card.text)}\n\n"
        )
    return "".join(out)


def editions_note(row: Any) -> str:
    """Which printings an interaction needs, when not every edition of both cards (a
    first-edition Goons meets a second-edition Diplomat)."""
    notes = []
    for variant in row.variants:
        source, target = variant["source_editions"], variant["target_editions"]
        if len(row.variants) > 1 or list(source) != [1, 2] or list(target) != [1, 2]:
            first, second = (
                (row.card, row.other) if row.direction == "out" else (row.other, row.card)
            )
            notes.append(f"{esc(first)} {_printings(source)}, {esc(second)} {_printings(target)}")
    return "; ".join(notes)


def _printings(editions: Sequence[int]) -> str:
    if list(editions) == [1, 2]:
        return "either edition"
    return " or ".join(EDITION_WORDS.get(e, f"edition {e}") for e in editions)


EDITION_WORDS = {1: "first edition", 2: "second edition"}


def interaction_line(data: Data, row: Any) -> str:
    """One interaction of the graph's data API: the other card, why, when, what backs it."""
    arrow = "→" if row.direction == "out" else "←"
    other = f"another {card_link(row.other)}" if row.other == row.card else card_link(row.other)
    reasons = list(dict.fromkeys(v["reason"] for v in row.variants)) or [row.reason]
    text = f"* {arrow} {other}: " + " / ".join(esc(r) for r in reasons if r)
    note = editions_note(row)
    if note:
        text += f" ({note})"
    if row.rulings:
        text += ". Rulings: " + ", ".join(ruling_link(data, r) for r in row.rulings)
    if row.scenarios:
        text += ". Scenarios: " + ", ".join(f"``{sid}``" for sid in row.scenarios)
    return text + ".\n"


def interactions(data: Data, name: str) -> str:
    from checks.graph import card_interactions, non_interactions

    groups = card_interactions(data.graph, name)
    out = [heading("Interactions", "-")]
    others = {row.other for group in groups for row in group.rows if row.other != name}
    if not groups:
        out.append("No interaction with another card is declared or ruled yet.\n\n")
    else:
        out.append(
            f"{len(others)} other card(s), in {len(groups)} kind(s) of interaction, each with "
            "its reason. → this card's instructions reach the other; ← the reverse.\n\n"
        )
    for group in groups:
        out.append(
            raw_html(
                f'<details class="arbiter-kind"{" open" if group.count <= OPEN_KIND else ""}>'
                f"<summary><strong>{html_text(group.title)}</strong> ({group.count}): "
                f"{html_text(group.means)}</summary>"
            )
        )
        out.extend(interaction_line(data, row) for row in group.rows)
        out.append("\n" + raw_html("</details>"))
    clarified = non_interactions(data.graph, name)
    if clarified:
        out.append(heading("Clarified: no interaction", "~"))
        for non in clarified:
            other = non.cards[1] if non.cards[0] == name else non.cards[0]
            out.append(
                f"* {card_link(other)}: does not interact, because {esc(non.reason)} "
                f"({ruling_link(data, non.ruling)})\n"
            )
        out.append("\n")
    return "".join(out)


# Cards a neighbourhood picture draws at most (the strongest); the others are listed.
PICTURE_LIMIT = 48


def neighbourhood(data: Data, name: str, colours: Mapping[str, str]) -> str:
    from checks.graph import neighbourhood as graph_neighbourhood

    found = graph_neighbourhood(data.graph, name, limit=PICTURE_LIMIT)
    svg = neighbourhood_svg(
        name,
        [(card, slug(card), [kind]) for card, kind in found.shown],
        colours,
    )
    out = [
        heading("Neighbourhood", "-"),
        "The cards joined to this one, grouped by the first kind of interaction; click a name "
        "to open its page, or see it in the :doc:`explorer </generated/explorer>`.\n\n",
        raw_html(f'<div class="arbiter-figure">{svg}</div>'),
    ]
    rest = [(group, card) for group in found.groups for card in group.rest]
    if rest:
        out.append(
            f"Not drawn ({len(rest)} more, with fewer rulings and scenarios): "
            + ", ".join(card_link(card) for _, card in rest)
            + ".\n\n"
        )
    return "".join(out)


def card_page(data: Data, name: str, colours: Mapping[str, str]) -> str:
    from scenarios.catalogue import rulings_for_card

    defs = sorted(data.by_name[name], key=lambda c: min(c.editions))
    out = [PROLOG, f".. _card-{slug(name)}:\n\n", heading(esc(name)), infobox(data, defs)]
    out.append(card_text(defs))
    out.append(what_changed(data, defs))
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
    out.append(questions_section(data, name))

    out.append(heading("Rulings", "-"))
    mentioning = rulings_for_card(name, data.rulings.values())
    own = [r for r in mentioning if r.card == name]
    named = [r for r in mentioning if r.card != name]
    if not own:
        out.append("No ruling of the catalogue is about this card yet.\n\n")
    out.append(faq(data, own))
    if named:
        out.append(heading("Rulings of other cards that name it", "~"))
        for ruling in named:
            topic = esc(topic_title(ruling.topic or ""))
            subject = card_link(ruling.card) if ruling.card else topic
            out.append(f"* {subject}: {ruling_link(data, ruling.id)} {esc(ruling.text)}\n")
        out.append("\n")
    proven = {r.id for r in own}
    extra = [
        s
        for s in data.scenarios
        if name in s.cards and not proven & set(s.rulings) and not s.id.startswith("rules/")
    ]
    # A scenario is told in full under each ruling it proves; one that proves none is told
    # on the page of the card its id names. Elsewhere it is one line with links.
    told = [s for s in extra if not s.rulings and card_of(data, s) == name]
    mentioned = [s for s in extra if s not in told]
    if told:
        out.append(heading("Other scenarios about this card", "~"))
        out.append("".join(scenario_block(data, s) for s in told))
    if mentioned:
        out.append(heading("Scenarios of other rulings that use it", "~"))
        out.extend(scenario_line(data, s) for s in mentioned)
        out.append("\n")
    out.append(interactions(data, name))
    out.append(neighbourhood(data, name, colours))
    return "".join(out)


QUESTIONS_INTRO = (
    "What the card asks, in order, as the reference engine asks it (learnt by running it on "
    "the bundled scenarios and {games} random games): who answers, the decision's kind and "
    "purpose, how many may be picked against the number of choices offered, and the event "
    "lines written around each question. ``arbiter explain CARD --decisions --json`` gives "
    "the same as JSON; the :doc:`wire protocol </guides/wire-protocol>` is how an engine "
    "asks it.\n\n"
)


def questions_block(data: Data, name: str) -> str:
    """A card's question spec, as ``arbiter explain CARD --decisions`` prints it."""
    from arbiter.explain import questions_text

    entries = data.questions.get(name)
    if not entries:
        return "Not learnt: the scenarios were not run for this build.\n\n"
    lines = questions_text(entries)
    return ".. code-block:: text\n\n" + "".join(f"   {line}\n" for line in lines) + "\n"


def questions_section(data: Data, name: str) -> str:
    """The section of a card's page on the questions it asks."""
    from checks.questions import RANDOM_GAMES

    set_name = data.by_name[name][0].set
    return (
        heading("Questions it asks", "-")
        + QUESTIONS_INTRO.format(games=RANDOM_GAMES)
        + f"All the cards of the set: :doc:`/generated/questions/{slug(set_name)}`.\n\n"
        + questions_block(data, name)
    )


def questions_page(data: Data, set_name: str) -> str:
    """Every card of one set with the questions it asks."""
    from checks.questions import RANDOM_GAMES

    names = sorted({c.name for c in data.cards if c.set == set_name})
    out = [PROLOG, heading(f"{set_title(set_name)}: the questions each card asks")]
    out.append(QUESTIONS_INTRO.format(games=RANDOM_GAMES))
    for name in names:
        out.append(heading(esc(name), "-"))
        out.append(f"{card_link(name)}\n\n")
        out.append(questions_block(data, name))
    return "".join(out)


def questions_index(data: Data) -> str:
    out = [heading("The questions each card asks")]
    out.append(
        "One page per set: for every card and edition, each question it can ask, in order. "
        "For engine authors (:doc:`/guides/adapters`, :doc:`/guides/wire-protocol`).\n\n"
        ".. toctree::\n   :maxdepth: 1\n\n"
    )
    out.extend(f"   {set_title(s)} <{slug(s)}>\n" for s in card_sets(data))
    return "".join(out)


def cards_index(data: Data) -> str:
    names = sorted(data.by_name)
    out = [PROLOG, heading("Cards")]
    out.append(
        f"{len(names)} cards. Type in the box to filter (by name, set, type or cost), pick a "
        "set or a type, click a column's heading to sort by it. See also the rulings "
        ":doc:`by set </generated/faq/index>` and the cards :doc:`by mechanic "
        "</generated/mechanics>`.\n\n"
    )
    out.append(raw_html(cards_table(data)))
    out.append(".. toctree::\n   :hidden:\n\n")
    out.extend(f"   {slug(n)}\n" for n in names)
    return "".join(out)


def editions_cell(set_name: str, editions: Sequence[int]) -> str:
    if set_name not in EDITION_YEARS:
        return "every game"
    if set(editions) >= {1, 2}:
        return "both"
    return ", ".join(edition_name(set_name, e) for e in editions) + " only"


def cards_table(data: Data) -> str:
    """The cards index as an HTML table that ``cards-table.js`` filters and sorts."""
    sets = card_sets(data)
    types = sorted({t for c in data.cards for t in c.types})
    rows = []
    for name in sorted(data.by_name):
        defs = sorted(data.by_name[name], key=lambda c: min(c.editions))
        latest = defs[-1]
        editions = sorted(set().union(*(c.editions for c in defs)))
        own, proven = ruling_counts(data, name)
        card_types = sorted(set().union(*(c.types for c in defs)))
        rows.append(
            f'<tr data-set="{html_text(latest.set)}" '
            f'data-types="{html_text(" ".join(card_types))}">'
            f'<td data-sort="{html_text(name.lower())}"><a href="{html_text(slug(name))}.html">'
            f"{html_text(name)}</a></td>"
            f'<td data-sort="{sets.index(latest.set)}">{html_text(set_title(latest.set))}</td>'
            f'<td data-sort="{latest.cost.coins}">{html_text(cost_text(latest))}</td>'
            f"<td>{html_text(TYPE_JOIN.join(card_types))}</td>"
            f"<td>{html_text(editions_cell(latest.set, editions))}</td>"
            f'<td data-sort="{own}">{own}' + (f" ({proven} proven)" if own else "") + "</td></tr>"
        )
    set_options = "".join(
        f'<option value="{html_text(s)}">{html_text(set_title(s))}</option>' for s in sets
    )
    type_options = "".join(f'<option value="{html_text(t)}">{html_text(t)}</option>' for t in types)
    return (
        '<div class="arbiter-cards" data-count="' + str(len(rows)) + '">\n'
        '<div class="arbiter-cards-controls">'
        '<label>Filter <input type="search" class="filter" placeholder="name, set, type, cost" '
        'aria-label="Filter the cards"></label> '
        f'<label>Set <select class="set"><option value="">all</option>{set_options}</select>'
        "</label> "
        f'<label>Type <select class="type"><option value="">all</option>{type_options}'
        '</select></label> <span class="shown" aria-live="polite"></span></div>\n'
        '<table class="arbiter-cards-table"><thead><tr>'
        '<th data-type="text">Card</th><th data-type="number">Set</th>'
        '<th data-type="number">Cost</th><th data-type="text">Types</th>'
        '<th data-type="text">Editions</th><th data-type="number">Rulings</th>'
        "</tr></thead><tbody>\n" + "\n".join(rows) + "\n</tbody></table></div>"
    )


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


def faq_sets(data: Data) -> list[str]:
    """The sets that have a rulings FAQ page: every set of a card with a ruling."""
    with_rulings = {
        data.by_name[r.card][0].set for r in data.rulings.values() if r.card in data.by_name
    }
    return [s for s in card_sets(data) if s in with_rulings]


def faq_page(data: Data, set_name: str) -> str:
    """Every ruling of one set's cards, in order of card, each with its proof."""
    names = sorted({c.name for c in data.cards if c.set == set_name})
    count = sum(1 for r in data.rulings.values() if r.card in names)
    out = [PROLOG, heading(f"{set_title(set_name)}: rulings FAQ")]
    out.append(
        f"{count} rulings on {len(names)} cards of the {set_title(set_name)}, in order of card, "
        "each with the scenario that proves it on the reference engine, and prints as one "
        "document. Each card's page has the same rulings with the scenario files.\n\n"
    )
    for name in names:
        own = [r for r in data.rulings.values() if r.card == name]
        if not own:
            continue
        out.append(heading(esc(name), "-"))
        out.append(f"{card_link(name)}: {esc(data.by_name[name][-1].text)}\n\n")
        out.append(faq(data, own, label=False, files=False))
    return "".join(out)


def faq_rules_page(data: Data) -> str:
    out = [PROLOG, heading("General rules: rulings FAQ")]
    topics = rule_topics(data)
    out.append(
        f"{sum(map(len, topics.values()))} rulings on the rules of the game that are not about "
        "one card, by topic, each with the scenario that proves it.\n\n"
    )
    for topic, rulings in topics.items():
        out.append(heading(esc(topic_title(topic)), "-"))
        out.append(f"See also :doc:`the topic's page </generated/rules/{slug(topic)}>`.\n\n")
        out.append(faq(data, rulings, label=False, files=False))
    return "".join(out)


def faq_index(data: Data) -> str:
    out = [heading("Rulings FAQ")]
    out.append(
        "One page per set with every ruling of its cards and its proof, and one for the "
        "general rules; each prints cleanly.\n\n.. toctree::\n   :maxdepth: 1\n\n"
    )
    out.extend(f"   {set_title(s)} <{slug(s)}>\n" for s in faq_sets(data))
    out.append("   General rules <rules>\n")
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


def topic_scenarios(data: Data, topic: str, rulings: Sequence[Ruling]) -> list[Scenario]:
    cited = {r.id for r in rulings}
    return [
        s for s in data.scenarios if s.id.startswith(f"rules/{topic}/") or cited & set(s.rulings)
    ]


def topic_cards(data: Data, topic: str, rulings: Sequence[Ruling]) -> list[str]:
    """The cards a rule topic is about: those its rulings name, and the cards played (or
    asked about) in its scenarios; a card that only fills a Kingdom is not one of them."""
    named = {c for r in rulings for c in r.cards}
    for scenario in topic_scenarios(data, topic, rulings):
        for step in scenario.steps:
            if step.verb == "play":
                named.update(step.arg)
            if step.verb == "choose":  # the card a Throne Room plays, a Feast gains...
                named.update(a for a in ([step.arg] if isinstance(step.arg, str) else []))
            if step.source:
                named.add(step.source)
            pending = step.arg.get("pending") if step.verb == "expect" else None
            if isinstance(pending, Mapping) and "source" in pending:
                named.add(pending["source"])  # the card whose question the rule is about
    return sorted(n for n in named if n in data.by_name and data.by_name[n][0].kingdom)


def topic_page(data: Data, topic: str, rulings: Sequence[Ruling]) -> str:
    out = [PROLOG, f".. _rule-{slug(topic)}:\n\n", heading(esc(topic_title(topic)))]
    affected = topic_cards(data, topic, rulings)
    out.append(
        f"{len(rulings)} ruling(s). "
        + (
            "Cards this rule affects: " + ", ".join(card_link(n) for n in affected) + "."
            if affected
            else "No card in particular: it is a rule of every game."
        )
        + "\n\n"
    )
    out.append(heading("Rulings", "-"))
    out.append(faq(data, rulings))
    cited = {r.id for r in rulings}
    more = [s for s in topic_scenarios(data, topic, rulings) if not cited & set(s.rulings)]
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
            "reason": d.get("reason", ""),
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


SAMPLE_KINGDOM = (
    "Throne Room",
    "Feast",
    "Watchtower",
    "Witch",
    "Trade Route",
    "Moat",
    "Village",
    "Smithy",
    "Market",
    "Gardens",
)


def kingdom_page(data: Data) -> str:
    sample = [name for name in SAMPLE_KINGDOM if name in data.by_name]
    return (
        heading("Kingdom rulings sheet")
        + "Type the ten Kingdom cards of a game (commas or new lines between them) and press "
        "*Show the sheet*: every interaction among them and the basic cards, with its reason "
        "and the rulings to know, grouped by card. The address of the page keeps the Kingdom, "
        "so a sheet can be linked to or printed. ``arbiter graph --kingdom`` gives the same "
        "from the command line.\n\n"
        + raw_html(
            '<div id="arbiter-kingdom" class="arbiter-kingdom" data-cards="cards/">\n'
            '<label for="arbiter-kingdom-cards">Kingdom</label>\n'
            f'<textarea id="arbiter-kingdom-cards">{html_text(", ".join(sample))}</textarea>\n'
            '<p><button type="button">Show the sheet</button></p>\n'
            '<div class="sheet"><noscript>The sheet needs JavaScript; each card\'s page lists '
            "its interactions.</noscript></div>\n</div>"
        )
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
    for set_name in faq_sets(data):
        _write(out / "faq" / f"{slug(set_name)}.rst", faq_page(data, set_name), written)
    _write(out / "faq" / "rules.rst", faq_rules_page(data), written)
    for set_name in card_sets(data):
        _write(out / "questions" / f"{slug(set_name)}.rst", questions_page(data, set_name), written)
    _write(out / "questions" / "index.rst", questions_index(data), written)
    _write(out / "faq" / "index.rst", faq_index(data), written)
    _write(out / "mechanics.rst", mechanics_page(data), written)
    _write(out / "options.rst", options_page(data), written)
    _write(out / "decision-kinds.rst", decision_kinds_page(), written)
    _write(out / "worklist.rst", worklist_page(data), written)
    _write(out / "results.rst", status_page(data), written)
    _write(out / "explorer.rst", explorer_page(data), written)
    _write(out / "kingdom.rst", kingdom_page(data), written)
    _write(out / "reports.rst", reports_page(out.parent), written)
    script = "window.ARBITER_GRAPH = " + json.dumps(explorer_data(data), sort_keys=True) + ";\n"
    _write(out / "_static" / "arbiter-graph-data.js", script, written)
    for stale in keep - set(written):  # a card renamed or removed
        if stale.is_file():
            stale.unlink()
    return written


# --- Sphinx ----------------------------------------------------------------------------------


def strict_problems(data: Data) -> list[str]:
    """Why a strict build must not publish this site: every bundled scenario that does not
    pass on the reference engine (or could not be loaded), one line each."""
    if not data.ran:
        return ["the scenarios were not run (ARBITER_DOCS_NO_RUN or arbiter_run_scenarios)"]
    problems = [f"malformed scenario file: {broken}" for broken in data.broken]
    for scenario in data.scenarios:
        outcome = data.outcome(scenario)
        if outcome.status != "pass":
            first = outcome.message.splitlines()[0] if outcome.message else ""
            status = STATUS_TEXT.get(outcome.status, str(outcome.status))
            problems.append(f"{scenario.file}:{scenario.line}: {scenario.id} {status} {first}")
    return problems


def _on_config(app: Sphinx, config: Config) -> None:
    from sphinx.errors import ExtensionError

    out = Path(app.srcdir) / "generated"
    run = bool(config.arbiter_run_scenarios) and not os.environ.get("ARBITER_DOCS_NO_RUN")
    started = time.perf_counter()
    data = read_data(run)
    if str(config.arbiter_strict) not in ("", "0", "False"):
        # Before a page is written: a strict build stops here, leaving the site as it was.
        problems = strict_problems(data)
        if problems:
            raise ExtensionError(
                f"--strict: {len(problems)} bundled scenario(s) do not pass, so the site "
                "would publish rulings the engine does not pass:\n  " + "\n  ".join(problems)
            )
    files = generate(out, data=data)
    from sphinx.util import logging

    logging.getLogger(__name__).info(
        f"arbiter: generated {len(files)} files in {time.perf_counter() - started:.1f}s"
        + ("" if run else " (scenarios not run)")
    )


def _on_page(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    # Called while a page is written, add_js_file adds the script to that page only.
    for script in PAGE_SCRIPTS.get(pagename, ()):
        app.add_js_file(script)


PAGE_SCRIPTS = {
    "generated/explorer": ("arbiter-graph-data.js", "explorer.js"),
    "generated/kingdom": ("arbiter-graph-data.js", "kingdom.js"),
    "generated/cards/index": ("cards-table.js",),
}


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("arbiter_run_scenarios", True, "env")
    # Set by `arbiter docs --strict` (-D arbiter_strict=1): a scenario that fails fails the build.
    app.add_config_value("arbiter_strict", False, "env", types=(bool, str, int))
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
