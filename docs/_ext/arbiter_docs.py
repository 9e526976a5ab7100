"""Sphinx extension: generate the data-driven pages of the Arbiter site at build time.

Everything under ``docs/generated/`` is written here, from the card definitions, the
rulings catalogue, the bundled scenarios (run on the reference engine) and the
interaction graph; none of it is committed. :func:`generate` is usable without Sphinx
(the tests call it), and the extension runs it when the configuration is read, before
Sphinx looks for source files.

Pages written:

* ``generated/cards/<slug>.rst`` one per card name (every edition on one page, or the
  chosen edition's when the site is built for one edition of each set); its sections are
  the functions of :data:`CARD_SECTIONS`, in order;
* ``generated/rules/<topic>.rst`` one per general rule topic of the catalogue;
* ``generated/faq/<set>.rst`` the rulings FAQ of each set and of the general rules;
* ``generated/cards/index.rst`` (the cards table), ``generated/mechanics.rst`` indexes;
* ``generated/kingdom.rst`` the rulings sheet of a kingdom, ``generated/dispute.rst`` the
  page that starts a scenario for the cards a reader names and runs it in the browser;
* ``generated/explorer.rst`` plus ``generated/_static/arbiter-graph-data.js``;
* ``generated/options.rst``, ``generated/decision-kinds.rst``, ``generated/worklist.rst``
  included by or linked from the hand-written guides.

A ruling is stated once in full with its anchor (on its card's or its topic's page) and
as a bullet wherever else it is listed; a scenario is told once in full (see
:func:`scenario_homes`) and linked from every ruling it proves.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
if str(ROOT) not in sys.path:  # building from a checkout without installing
    sys.path.insert(0, str(ROOT))
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from markup import disarm_links, esc, heading, html_text, indent, raw_html  # noqa: E402
from neighbourhood import kind_colours, neighbourhood_svg  # noqa: E402

from engine.abilities import CostChange  # noqa: E402
from engine.sets import REGISTRY  # noqa: E402
from scenarios import prose  # noqa: E402

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
# One sentence per card whose text changed between printings: what the change means.
EDITIONS_FILE = HERE.parent / "editions.yaml"
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
DECISION_KINDS = {
    "cards": "pick cards from a zone, or from cards revealed or looked at",
    "gain": "pick a card in the Supply to gain",
    "option": "pick one or more of a card's labelled options",
    "yes_no": "answer yes or no",
    "amount": "answer a whole number from the least to the most allowed (how much to "
    "overpay, how many tokens to remove)",
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
    # The edition of each set the site is built for (None: every edition).
    editions: Mapping[str, int] | None = None
    # Where each scenario is told in full: a page's docname (scenario_homes).
    homes: dict[str, str] = field(default_factory=dict)
    # What changed between a card's printings, in a sentence (EDITIONS_FILE).
    changes: dict[str, str] = field(default_factory=dict)
    # Each card's question spec (checks/questions.py, as arbiter explain --decisions --json
    # gives it), when the scenarios were run.
    questions: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def outcome(self, scenario: Scenario) -> Outcome:
        return self.outcomes.get(scenario.id, Outcome(None))


def run_outcomes(
    scenarios: Sequence[Scenario],
) -> tuple[dict[str, Outcome], bool, dict[str, tuple[Any, ...]]]:
    """Run the scenarios on the reference engine through the runner's public API, keeping
    each one's play-by-play (``scenarios.trace``)."""
    from scenarios import runner
    from scenarios.trace import trace_scenario

    outcomes, traces = {}, {}
    for scenario in scenarios:
        trace = trace_scenario(scenario, runner.reference_adapter())
        outcomes[scenario.id] = Outcome(str(trace.result.status), trace.result.message)
        traces[scenario.id] = tuple(trace.records)
    return outcomes, True, traces


def chosen_cards(cards: Iterable[Card], editions: Mapping[str, int] | None) -> list[Card]:
    """The definitions printed in the chosen edition of their set (every one: None)."""
    if editions is None:
        return list(cards)
    return [c for c in cards if c.set not in editions or editions[c.set] in c.editions]


def fits(scenario: Scenario, editions: Mapping[str, int] | None) -> bool:
    """Whether a scenario belongs on a site built for ``editions``: every card it names is
    printed in the chosen edition of its set, and the scenario plays that definition."""
    if editions is None:
        return True
    from engine.cards import definitions

    for name in scenario.named:
        defs = definitions(name)
        for set_name in {card.set for card in defs} & set(editions):
            wanted = next((c for c in defs if editions[set_name] in c.editions), None)
            played = next((c for c in defs if scenario.editions.get(set_name) in c.editions), None)
            if wanted is None or played is not wanted:
                return False
    return True


def chosen_rulings(rulings: Iterable[Ruling], editions: Mapping[str, int] | None) -> list[Ruling]:
    """The rulings that hold for the chosen editions (a general rule's always do)."""
    return [
        r
        for r in rulings
        if editions is None or r.set not in editions or editions[r.set] in r.editions
    ]


def read_editions_file(path: Path = EDITIONS_FILE) -> dict[str, str]:
    from scenarios.yamlread import read_yaml_file

    if not path.is_file():
        return {}
    data = read_yaml_file(path).data
    return {str(name): " ".join(str(text).split()) for name, text in (data or {}).items()}


def read_data(run_scenarios: bool = True, editions: Mapping[str, int] | None = None) -> Data:
    from checks import graph as interaction
    from engine.cards import ALL_CARDS
    from scenarios.catalogue import catalogue
    from scenarios.loader import bundled_dir, discover, load_many

    started = time.perf_counter()
    if editions is not None:  # a set of one edition (Alchemy) is the same in every choice
        editions = {name: edition for name, edition in editions.items() if name in EDITION_YEARS}
    cards = chosen_cards(ALL_CARDS, editions)
    by_name: dict[str, list[Card]] = defaultdict(list)
    for card in cards:
        by_name[card.name].append(card)
    everything, failures = load_many(discover([bundled_dir()]))
    loaded = [s for s in everything if fits(s, editions)]
    outcomes, ran, traces = run_outcomes(loaded) if run_scenarios else ({}, False, {})
    for failure in failures:
        if failure.scenario_id:
            outcomes[failure.scenario_id] = Outcome("error", str(failure.problems[0]))
    rulings = {r.id: r for r in chosen_rulings(catalogue().values(), editions)}
    graph = interaction.build_graph(
        ALL_CARDS,
        catalogue().values(),
        [interaction.ScenarioInfo.from_scenario(s) for s in loaded],
    )
    data = Data(
        cards,
        dict(by_name),
        rulings,
        loaded,
        [str(f.problems[0]) for f in failures],
        outcomes,
        interaction.select(graph, editions),
        ran,
        traces=traces,
        editions=editions,
        changes=read_editions_file(),
    )
    for scenario in loaded:
        for ruling in scenario.rulings:
            data.by_ruling.setdefault(ruling, []).append(scenario)
    data.homes = scenario_homes(data)
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


def topic_doc(topic: str) -> str:
    return f"/generated/rules/{slug(topic)}"


def ruling_label(ruling_id: str) -> str:
    return "ruling-" + ruling_id.replace("/", "-")


def scenario_label(scenario_id: str) -> str:
    return "scenario-" + scenario_id.replace("/", "-")


def ruling_link(data: Data, ruling_id: str) -> str:
    """A link to where a ruling is stated in full (its card's page or its topic's page)."""
    if ruling_id in data.rulings:
        return f":ref:`{esc(ruling_id)} <{ruling_label(ruling_id)}>`"
    return f"``{ruling_id}``"


def source_link(source: str) -> str:
    if source.startswith(("http://", "https://")) and not set(source) & set(" <>`"):
        host = source.split("/")[2]
        if host.endswith("dominionstrategy.com"):
            host = "the Dominion Strategy wiki"
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


def type_line(card: Card) -> str:
    from engine.model import printed_types

    return TYPE_JOIN.join(printed_types(card.types))


def edition_name(set_name: str, edition: int) -> str:
    label = "first" if edition == 1 else "second" if edition == 2 else f"#{edition}"
    label += " edition"
    years = EDITION_YEARS.get(set_name)
    return f"{label} ({years[edition - 1]})" if years and edition <= len(years) else label


def editions_text(card: Card) -> str:
    return ", ".join(edition_name(card.set, e) for e in card.editions)


def ruling_editions(data: Data, ruling: Ruling) -> str:
    """ "first edition (2008) only" when a ruling holds for fewer printings than its card
    has (or than its set has, for a general rule), and the site shows every edition."""
    if data.editions is not None or ruling.set not in EDITION_YEARS:
        return ""
    printed = (
        set().union(*(c.editions for c in data.by_name[ruling.card]))
        if ruling.card in data.by_name
        else {1, 2}
    )
    if set(ruling.editions) >= printed:
        return ""
    return ", ".join(edition_name(ruling.set, e) for e in ruling.editions) + " only"


def sentence_end(text: str) -> str:
    """``text`` ending in one full stop (or its own ``?``, ``!``, or a closing bracket after
    one): what comes after it starts a new sentence without a double stop."""
    text = text.rstrip()
    return text if re.search("[.!?][)\"'\u201d\u2019]*$", text) else text + "."


def counted(count: int, noun: str, nouns: str | None = None) -> str:
    return prose.counted(count, noun, nouns)


# --- scenarios: told once in full, linked from everywhere else ------------------------------


def card_of(data: Data, scenario: Scenario) -> str | None:
    """The card whose page a scenario's id names (``base/feast/...`` is Feast's)."""
    parts = scenario.id.split("/")
    names = {slug(n): n for n in data.by_name}
    return names.get(parts[1]) if len(parts) > 2 else None


def ruling_doc(ruling: Ruling) -> str:
    """The page that states a ruling in full: its card's, or its topic's."""
    return card_doc(ruling.card) if ruling.card else topic_doc(ruling.topic or "")


def scenario_homes(data: Data) -> dict[str, str]:
    """Where each scenario is told in full (a page's docname, without the leading /): the
    page of the card its id names, else of the first ruling it proves, else of the rule
    topic its id names. A scenario with none of these is listed on the results page only."""
    topics = {r.topic for r in data.rulings.values() if r.topic}
    homes = {}
    for scenario in data.scenarios:
        card = card_of(data, scenario)
        proved = [data.rulings[r] for r in scenario.rulings if r in data.rulings]
        parts = scenario.id.split("/")
        if card is not None:
            home = card_doc(card)
        elif proved:
            home = ruling_doc(proved[0])
        elif parts[0] == "rules" and parts[1] in topics:
            home = topic_doc(parts[1])
        else:
            continue
        homes[scenario.id] = home.lstrip("/")
    return homes


def scenario_steps(data: Data, scenario: Scenario) -> list[str]:
    """The numbered steps of *What happens*: from the engine's play-by-play when the
    scenario was traced, else from the file's steps."""
    records = data.traces.get(scenario.id)
    if records:
        return prose.trace_steps(records)
    player = str(scenario.setup.get("turn", {}).get("player", "p1"))
    return [prose.file_step(step, player) for step in scenario.steps]


def scenario_yaml(scenario: Scenario) -> str:
    """The scenario's file, one click away; ``arbiter-run.js`` gives it Run and Edit."""
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
            f'<details class="arbiter-yaml" data-path="{html_text(shown)}"><summary>The '
            f"scenario file <code>{html_text(shown)}</code></summary>"
        )
        + ".. code-block:: yaml\n\n"
        + indent(text.rstrip())
        + "\n\n"
        + raw_html("</details>")
    )


def scenario_block(data: Data, scenario: Scenario, label: bool = True) -> str:
    """A scenario as a reader's account: Position, What happens, Result, what it proves,
    and its file (with Run and Edit in the browser). ``label``: the anchor rulings link
    to (only where the scenario is at home)."""
    outcome = data.outcome(scenario)
    out = [f"**{esc(scenario.title)}** ({status_role(outcome)})\n\n"]
    if outcome.status in ("fail", "error") and outcome.message:
        out.append(f":status-fail:`On the reference engine:` {esc(outcome.message)}\n\n")
    out.append(
        "**Position.** "
        + " ".join(map(esc, prose.position(scenario.setup, prose.chosen_editions(scenario))))
        + "\n\n"
    )
    steps = scenario_steps(data, scenario)
    out.append("**What happens.**\n\n")
    out.extend(f"#. {esc(step)}\n" for step in steps)
    if not steps:
        out.append("Nothing is played: the position itself is checked.\n")
    out.append("\n")
    expect = scenario.expect or {}
    out.append(f"**Result.** {esc(prose.sentence(prose.checked(expect)))}")
    held = prose.trace_result(data.traces.get(scenario.id, ()))
    out.append(f" {esc(held)}\n\n" if held else "\n\n")
    if scenario.note:
        out.append(f"*Note.* {esc(scenario.note)}\n\n")
    if scenario.rulings:
        out.append(
            "**Proves** " + ", ".join(ruling_link(data, r) for r in scenario.rulings) + ".\n\n"
        )
    out.append(scenario_yaml(scenario))
    target = f".. _{scenario_label(scenario.id)}:\n\n" if label else ""
    return target + ".. container:: arbiter-scenario\n\n" + indent("".join(out)) + "\n\n"


def scenario_reference(data: Data, scenario: Scenario, title: str | None = None) -> str:
    """A link to where a scenario is told in full, or its title when it is told nowhere."""
    text = esc(title or scenario.title)
    if scenario.id in data.homes:
        return f":ref:`{text} <{scenario_label(scenario.id)}>`"
    return text


def scenario_line(data: Data, scenario: Scenario) -> str:
    """One line for a scenario told in full elsewhere: its title (linked) and result."""
    return f"* {scenario_reference(data, scenario)} ({status_role(data.outcome(scenario))})\n"


def proofs_section(data: Data, doc: str, intro: str) -> str:
    """The scenarios at home on page ``doc``, told in full."""
    told = [s for s in data.scenarios if data.homes.get(s.id) == doc.lstrip("/")]
    if not told:
        return ""
    return (
        heading("Proofs", "-")
        + intro
        + " Press *Run* to play one on the reference engine in this page, or *Edit* to "
        "change the position and see what the rules do then.\n\n"
        + "".join(scenario_block(data, s) for s in told)
    )


# --- rulings: short bullets, each with its source and its proof -----------------------------


def proof_links(data: Data, ruling: Ruling) -> str:
    """ "proved by a scenario (passes)", linked; or that no scenario proves it yet."""
    proofs = data.by_ruling.get(ruling.id, [])
    if not proofs:
        return ":status-none:`no scenario proves it yet`"
    failing = [s for s in proofs if data.outcome(s).status in ("fail", "error")]
    if len(proofs) == 1:
        links = scenario_reference(data, proofs[0], "a scenario")
    else:
        links = (
            f"{len(proofs)} scenarios ("
            + ", ".join(scenario_reference(data, s, str(n)) for n, s in enumerate(proofs, 1))
            + ")"
        )
    verdict = (
        f":status-fail:`{counted(len(failing), 'fails', 'fail')} on the reference engine`"
        if failing
        else status_role(data.outcome(proofs[0]))
        if data.ran
        else ""
    )
    return f"proved by {links}" + (f", {verdict}" if verdict else "")


def ruling_list(data: Data, rulings: Sequence[Ruling], label: bool = True) -> str:
    """Rulings as a bullet list (a wiki FAQ's shape)."""
    if not rulings:
        return ""
    return "".join(ruling_item(data, r, label) for r in rulings) + "\n"


def ruling_item(data: Data, ruling: Ruling, label: bool = True) -> str:
    """One ruling as a bullet: its words, then which edition, its source and its proof.
    ``label``: the ruling's anchor (only where it is stated in full)."""
    meta = [
        m for m in (ruling_editions(data, ruling), "source: " + source_link(ruling.source)) if m
    ]
    meta.append(proof_links(data, ruling))
    line = "; ".join(meta)
    line = line[0].upper() + line[1:]
    target = f".. _{ruling_label(ruling.id)}:\n\n" if label else ""
    body = (
        target
        + esc(sentence_end(ruling.text))
        + "\n\n.. rst-class:: arbiter-meta\n\n"
        + sentence_end(line)
        + "\n"
    )
    return "* " + indent(body, 2).lstrip() + "\n"


# --- card pages: a function per section (CARD_SECTIONS) ------------------------------------


@dataclass(frozen=True)
class CardPage:
    """What the sections of one card's page read: the data, the card's name, its
    definitions shown (by edition) and the colours of the kinds of interaction."""

    data: Data
    name: str
    defs: tuple[Card, ...]
    colours: Mapping[str, str]

    @property
    def doc(self) -> str:
        return card_doc(self.name)


RULE_ATTRIBUTES = {
    "cost": "cost",
    "cards": "+Cards",
    "actions": "+Actions",
    "buys": "+Buys",
    "coins": "+$",
    "vp": "VP",
}


def rule_changes(old: Card, new: Card) -> list[str]:
    """What the definitions say differently in numbers and types, in words."""
    from engine.model import printed_types

    changes = []
    if old.types != new.types:
        before, after = (" - ".join(printed_types(c.types)) for c in (old, new))
        changes.append(f"its types from {before} to {after}")
    for attribute, words in RULE_ATTRIBUTES.items():
        before, after = getattr(old, attribute), getattr(new, attribute)
        if before != after:
            changes.append(f"its {words} from {before} to {after}")
    return changes


def edition_change(data: Data, defs: Sequence[Card]) -> str:
    """What changed between a card's two printings, in a sentence: the one written for it
    (``docs/editions.yaml``), or what the definitions and rulings show."""
    old, new = sorted(defs, key=lambda c: min(c.editions))[:2]
    written = data.changes.get(old.name)
    if written:
        return written
    numbers = rule_changes(old, new)
    if numbers:
        return f"The second edition changes {prose.join_words(numbers)}."
    if any(r.card == old.name and set(r.editions) < {1, 2} for r in data.rulings.values()):
        return "The printings work differently: the rulings marked for one edition say how."
    return "Only the wording changed: the engine plays both printings the same way."


def card_title(page: CardPage) -> str:
    data, latest = page.data, page.defs[-1]
    own, proven = ruling_counts(data, page.name)
    costs = sorted({cost_text(c) for c in page.defs})
    types = list(dict.fromkeys(type_line(c) for c in page.defs))
    facts = [
        (
            "Set",
            f":doc:`{set_title(latest.set)} </generated/faq/{slug(latest.set)}>`"
            if latest.set in faq_sets(data)
            else set_title(latest.set),
        ),
        ("Cost", " or ".join(map(esc, costs))),
        ("Types", " / ".join(types)),
        ("Editions", "; ".join(editions_text(c) for c in page.defs)),
        ("Rulings", f"{own} ({proven} proven by a passing scenario)" if own else "none yet"),
    ]
    if not latest.kingdom:
        facts.append(("Supply", "a basic pile, not a Kingdom card"))
    return (
        f".. _card-{slug(page.name)}:\n\n"
        + heading(esc(page.name))
        + ".. container:: arbiter-infobox\n\n"
        + "\n".join(f"   :{k}: {v}" for k, v in facts)
        + "\n\n"
    )


def card_text_section(page: CardPage) -> str:
    """The card's text by edition, and what changed between them in a sentence."""
    out = [heading("Text", "-")]
    for card in page.defs:
        label = (
            f"**{', '.join(edition_name(card.set, e) for e in card.editions).capitalize()}**"
            if card.set in EDITION_YEARS and page.data.editions is None
            else ""
        )
        out.append(
            ".. container:: arbiter-card-text\n\n"
            + (f"   {label}\n\n" if label else "")
            + f"   {esc(card.text)}\n\n"
        )
    card = page.defs[0]
    if len(page.defs) > 1:
        out.append(f"**What changed.** {esc(edition_change(page.data, page.defs))}\n\n")
    elif card.set in EDITION_YEARS and page.data.editions is None:
        if card.editions == (1,):
            out.append("Printed in the first edition only: the second edition removed it.\n\n")
        elif card.editions == (2,):
            out.append("Printed in the second edition only: it was added then.\n\n")
    return "".join(out)


def card_rulings_section(page: CardPage) -> str:
    """The card's rulings as bullets, then the general rules that name it."""
    data = page.data
    own = [r for r in data.rulings.values() if r.card == page.name]
    out = [heading("Rulings", "-")]
    out.append(ruling_list(data, own) or "No ruling of the catalogue is about this card yet.\n\n")
    general = [r for r in data.rulings.values() if r.topic and page.name in r.cards]
    if general:
        out.append("**General rules that name it.**\n\n")
        for ruling in general:
            out.append(
                f"* {esc(sentence_end(ruling.text))} "
                f"({topic_link(ruling.topic or '')}: {ruling_link(data, ruling.id)})\n"
            )
        out.append("\n")
    return "".join(out)


def topic_link(topic: str) -> str:
    return f":doc:`{esc(topic_title(topic))} <{topic_doc(topic)}>`"


@dataclass
class Pair:
    """Everything the graph says about this card and one other: the rulings on both, the
    kinds of interaction, and the reasons the declarations give."""

    other: str
    rulings: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)


def card_pairs(data: Data, name: str) -> list[Pair]:
    from checks.graph import card_interactions

    pairs: dict[str, Pair] = {}
    for group in card_interactions(data.graph, name):
        for row in group.rows:
            pair = pairs.setdefault(row.other, Pair(row.other))
            pair.kinds.append(group.title)
            pair.rulings += [r for r in row.rulings if r in data.rulings and r not in pair.rulings]
            reasons = [v["reason"] for v in row.variants] or [row.reason]
            pair.reasons += [r for r in reasons if r and r not in pair.reasons]
    return sorted(pairs.values(), key=lambda p: p.other)


def other_link(name: str, other: str) -> str:
    return f"another {card_link(other)}" if other == name else card_link(other)


def card_interactions_section(page: CardPage) -> str:
    """The interactions that have a ruling, in the rulings' words (listed under both
    cards: the graph's rows go both ways); the pairs a ruling says need no special rule;
    and, folded, the pairs the declarations join that no ruling covers yet."""
    from checks.graph import non_interactions

    data, name = page.data, page.name
    pairs = card_pairs(data, name)
    ruled = [p for p in pairs if p.rulings]
    out = [heading("Interactions", "-")]
    if ruled:
        out.append(f"With a ruling about both cards ({len(ruled)}):\n\n")
        for pair in ruled:
            said = [
                f"{esc(sentence_end(data.rulings[r].text))} ({ruling_link(data, r)})"
                for r in pair.rulings
            ]
            if len(said) == 1:
                out.append(f"* {other_link(name, pair.other)}: {said[0]}\n")
            else:
                out.append(f"* {other_link(name, pair.other)}:\n\n")
                out.extend(f"  * {line}\n" for line in said)
                out.append("\n")
        out.append("\n")
    else:
        out.append("No ruling is about this card together with another yet.\n\n")
    plain = non_interactions(data.graph, name)
    if plain:
        out.append(f"No special rule applies ({len(plain)}):\n\n")
        for non in plain:
            other = non.cards[1] if non.cards[0] == name else non.cards[0]
            out.append(
                f"* {card_link(other)}: {esc(sentence_end(non.reason))} "
                f"({ruling_link(data, non.ruling)})\n"
            )
        out.append("\n")
    open_pairs = [p for p in pairs if not p.rulings]
    if open_pairs:
        out.append(
            raw_html(
                '<details class="arbiter-kind"><summary>Cards it may interact with that no '
                f"ruling covers yet ({len(open_pairs)})</summary>"
            )
        )
        for pair in open_pairs:
            out.append(
                f"* {other_link(name, pair.other)}: "
                + esc(sentence_end("; ".join(pair.reasons) or pair.kinds[0]))
                + "\n"
            )
        out.append("\n" + raw_html("</details>"))
    return "".join(out)


def card_proofs_section(page: CardPage) -> str:
    data, name = page.data, page.name
    out = [
        proofs_section(
            data,
            page.doc,
            "Each scenario below sets up a position, plays it on the reference engine and "
            "checks what the rulings say.",
        )
    ]
    options = sorted(set().union(*(c.options for c in page.defs)))
    if options and out[0]:
        out.append(
            "In a scenario, this card's options are answered with: "
            + ", ".join(f"``{o}``" for o in options)
            + ".\n\n"
        )
    elsewhere = [
        s
        for s in data.scenarios
        if name in s.cards and data.homes.get(s.id) not in (None, page.doc.lstrip("/"))
    ]
    if elsewhere:
        out.append(
            raw_html(
                '<details class="arbiter-kind"><summary>Other scenarios that use it '
                f"({len(elsewhere)})</summary>"
            )
        )
        out.extend(scenario_line(data, s) for s in elsewhere)
        out.append("\n" + raw_html("</details>"))
    return "".join(out)


# Cards a neighbourhood picture draws at most (the strongest); the others are listed.
PICTURE_LIMIT = 48


def card_neighbourhood_section(page: CardPage) -> str:
    from checks.graph import neighbourhood as graph_neighbourhood

    found = graph_neighbourhood(page.data.graph, page.name, limit=PICTURE_LIMIT)
    if not found.groups:
        return ""
    svg = neighbourhood_svg(
        page.name,
        [(card, slug(card), [kind]) for card, kind in found.shown],
        page.colours,
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


def card_questions_section(page: CardPage) -> str:
    """The questions the card asks, for engine authors (:func:`questions_section`)."""
    return questions_section(page.data, page.name)


# A card's page, section by section: a new section is a function of the page added here.
CARD_SECTIONS: tuple[Callable[[CardPage], str], ...] = (
    card_title,
    card_text_section,
    card_rulings_section,
    card_interactions_section,
    card_proofs_section,
    card_questions_section,
    card_neighbourhood_section,
)


def card_page(data: Data, name: str, colours: Mapping[str, str]) -> str:
    defs = tuple(sorted(data.by_name[name], key=lambda c: min(c.editions)))
    page = CardPage(data, name, defs, colours)
    return PROLOG + "".join(section(page) for section in CARD_SECTIONS)


def kind_descriptions() -> dict[str, str]:
    from checks.graph import MEETINGS, RULING, SCENARIO

    found = {m.kind: m.why for m in MEETINGS}
    found[RULING] = "a ruling of the catalogue names both cards"
    found[SCENARIO] = "a scenario is about both cards"
    return found


def kinds_in_order(data: Data) -> list[str]:
    return list(data.graph.graph.get("kinds", []))


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
        ":doc:`by set </generated/faq/index>`.\n\n"
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
    from engine.model import printed_types

    sets = card_sets(data)
    types = sorted({t for c in data.cards for t in c.types})
    rows = []
    for name in sorted(data.by_name):
        defs = sorted(data.by_name[name], key=lambda c: min(c.editions))
        latest = defs[-1]
        editions = sorted(set().union(*(c.editions for c in defs)))
        own, proven = ruling_counts(data, name)
        card_types = printed_types(set().union(*(c.types for c in defs)))
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
    """Every ruling of one set's cards as bullets, card by card, each with its source and a
    link to the scenario that proves it (told on the card's page, where it can be run)."""
    names = sorted({c.name for c in data.cards if c.set == set_name})
    count = sum(1 for r in data.rulings.values() if r.card in names)
    title = set_title(set_name)
    out = [PROLOG, heading(f"{title}: rulings FAQ")]
    shown = (
        edition_name(set_name, data.editions[set_name])
        if data.editions and set_name in data.editions
        else None
    )
    out.append(
        f"{counted(count, 'ruling')} on the cards of {title}"
        + (f", {shown}" if shown else "")
        + ", card by card. Each says where it comes from and links to the scenario that "
        "proves it on the reference engine; the scenario is on the card's page, where it can "
        "be run and edited.\n\n"
    )
    for name in names:
        own = [r for r in data.rulings.values() if r.card == name]
        if not own:
            continue
        defs = sorted(data.by_name[name], key=lambda c: min(c.editions))
        latest = defs[-1]
        out.append(heading(esc(name), "-"))
        out.append(
            f"{card_link(name)}, {esc(cost_text(latest))}, {esc(type_line(latest))}: "
            f"{esc(latest.text)}"
            + (f" *{esc(edition_change(data, defs))}*" if len(defs) > 1 else "")
            + "\n\n"
        )
        out.append(ruling_list(data, own, label=False))
    return "".join(out)


def faq_rules_page(data: Data) -> str:
    out = [PROLOG, heading("General rules: rulings FAQ")]
    topics = rule_topics(data)
    out.append(
        f"{counted(sum(map(len, topics.values())), 'ruling')} on the rules of the game that "
        "are not about one card, by topic, each with its source and the scenario that proves "
        "it.\n\n"
    )
    for topic, rulings in topics.items():
        out.append(heading(esc(topic_title(topic)), "-"))
        out.append(f"The topic's page: {topic_link(topic)}.\n\n")
        out.append(ruling_list(data, rulings, label=False))
    return "".join(out)


def faq_index(data: Data) -> str:
    out = [heading("Rulings FAQ")]
    out.append(
        "One page per set with every ruling of its cards, and one for the general rules; "
        "each reads in minutes and prints cleanly.\n\n.. toctree::\n   :maxdepth: 1\n\n"
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
        f"{counted(len(rulings), 'ruling')}. "
        + (
            "Cards this rule affects: " + ", ".join(card_link(n) for n in affected) + "."
            if affected
            else "No card in particular: it is a rule of every game."
        )
        + "\n\n"
    )
    out.append(heading("Rulings", "-"))
    out.append(ruling_list(data, rulings))
    out.append(
        proofs_section(
            data,
            topic_doc(topic),
            "Each scenario below sets up a position, plays it on the reference engine and "
            "checks what the rule says.",
        )
    )
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
        out.append("".join(scenario_block(data, s, label=False) for s in bad))
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
    ]
    return {
        "nodes": nodes,
        "edges": edges,
        "non": data.graph.graph.get("non_interactions", []),
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
        "and the rulings to know, listed under both of its cards, and the pairs a ruling says "
        "need no special rule. A name that matches no card gets the closest ones. The "
        "address of the page keeps the Kingdom, so a sheet can be linked to or printed. "
        "``arbiter graph --kingdom`` (``--platinum-colony`` for Platinum and Colony) gives the "
        "same rows from the command line.\n\n"
        + raw_html(
            '<div id="arbiter-kingdom" class="arbiter-kingdom" data-cards="cards/">\n'
            '<label for="arbiter-kingdom-cards">Kingdom</label>\n'
            f'<textarea id="arbiter-kingdom-cards">{html_text(", ".join(sample))}</textarea>\n'
            '<p><label><input type="checkbox" class="colony"> with Platinum and Colony</label> '
            '<button type="button">Show the sheet</button></p>\n'
            '<div class="sheet"><noscript>The sheet needs JavaScript; each card\'s page lists '
            "its interactions.</noscript></div>\n</div>"
        )
    )


DISPUTE_SAMPLE = "Masquerade, Moat"


def dispute_page() -> str:
    """Settle a dispute in the browser: a skeleton for the cards named, to fill in and run."""
    return (
        heading("Settle a dispute")
        + "Two players disagree about some cards? Name them and press *Start*: the page "
        "writes a scenario for them, each card given to the player who would hold it (the "
        "player whose turn it is holds what is played; a card that answers another player's "
        "Attack, like Moat, is the other player's). Fill in the steps and what you think must "
        "happen, press *Run*: the reference engine plays it in this page and says whether the "
        "rules agree, step by step, with the rulings that apply. *Share* downloads one page "
        "with the question, the position, the play-by-play, the verdict and the rulings, to "
        "send to the other player. The format of a scenario: "
        ":doc:`/guides/writing-scenarios`; the same from the command line: "
        ":doc:`/guides/dispute`.\n\n"
        ".. container:: arbiter-dispute\n\n"
        + raw_html(
            '<div class="arbiter-dispute-widget">\n'
            '<p class="arbiter-no-engine">Running a scenario here needs JavaScript and the '
            "engine this site ships; in a copy built without it, use <code>arbiter new</code>, "
            "<code>arbiter check --trace</code> and <code>arbiter share</code>.</p>\n"
            '<p><label>Cards <input type="text" class="cards" '
            f'value="{html_text(DISPUTE_SAMPLE)}" aria-label="the cards of the question"></label> '
            '<button type="button" class="start">Start</button></p>\n'
            '<div class="arbiter-dispute-work"></div>\n</div>',
            by=3,
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
    _write(out / "dispute.rst", dispute_page(), written)
    _write(out / "reports.rst", reports_page(out.parent), written)
    script = "window.ARBITER_GRAPH = " + json.dumps(explorer_data(data), sort_keys=True) + ";\n"
    _write(out / "_static" / "arbiter-graph-data.js", script, written)
    for stale in keep - set(written):  # a card renamed or removed
        if stale.is_file():
            stale.unlink()
    return written


# --- nothing internal is published -----------------------------------------------------------

# Pages written for engine authors, where the declarations are the subject.
DEVELOPER_PAGES = ("mechanics.rst",)


# Tags English writes the same way, as a compound before a noun ("a when-gain effect").
ENGLISH_COMPOUNDS = frozenset({"when-buy", "when-gain", "while-in-play"})


def declaration_tags() -> set[str]:
    """The ``declares`` vocabulary of the engine's cards that reads as an identifier (a
    hyphenated tag such as ``counts-plays``; ``draws`` is also plain English)."""
    from engine.cards import ALL_CARDS
    from engine.cards.common import declared_tags

    tags = {tag for card in ALL_CARDS for tag in declared_tags(card) if "-" in tag}
    return tags - ENGLISH_COMPOUNDS


def internal_markers(text: str, tags: Iterable[str] = ()) -> list[str]:
    """What in ``text`` is meant for the suite, not for a reader: a held-out audit note, a
    declaration tag, a generated "(s)" plural, a double full stop, "does not interact,
    because" (which the ruling after it often contradicts)."""
    found = []
    lowered = text.lower()
    if "held-out audit" in lowered:
        found.append("a held-out audit note")
    if "does not interact, because" in lowered:
        found.append('"does not interact, because"')
    for pattern, what in (
        (r"\w\(s\)", "a generated plural"),
        (r"[^\s.]\.\.(?=[\s)]|$)", "a double stop"),
    ):
        for match in re.finditer(pattern, text, re.MULTILINE):
            found.append(f"{what}: {text[max(match.start() - 30, 0) : match.end() + 10]!r}")
    for tag in sorted(tags):
        if re.search(rf"(?<![\w/-]){re.escape(tag)}(?![\w-])", text):
            found.append(f"the declaration tag {tag}")
    return found


def published_markers(files: Iterable[Path]) -> list[str]:
    """Every internal marker in the generated files a reader sees, one line each."""
    tags = declaration_tags()
    return [
        f"{path.name}: {marker}"
        for path in files
        if path.name not in DEVELOPER_PAGES
        for marker in internal_markers(path.read_text(encoding="utf-8"), tags)
    ]


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
    from checks.graph import GraphQueryError, parse_editions

    run = bool(config.arbiter_run_scenarios) and not os.environ.get("ARBITER_DOCS_NO_RUN")
    started = time.perf_counter()
    try:
        editions = parse_editions(str(config.arbiter_editions or "") or None)
    except GraphQueryError as exc:
        raise ExtensionError(f"arbiter_editions: {exc}") from None
    data = read_data(run, editions)
    strict = str(config.arbiter_strict) not in ("", "0", "False")
    if strict:
        # Before a page is written: a strict build stops here, leaving the site as it was.
        problems = strict_problems(data)
        if problems:
            raise ExtensionError(
                f"--strict: {len(problems)} bundled scenario(s) do not pass, so the site "
                "would publish rulings the engine does not pass:\n  " + "\n  ".join(problems)
            )
    files = generate(out, data=data)
    if strict:
        found = published_markers(files)
        if found:
            raise ExtensionError(
                f"--strict: {len(found)} generated page(s) publish what is meant for the suite:"
                "\n  " + "\n  ".join(found)
            )
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


def _on_finished(app: Sphinx, exception: Exception | None) -> None:
    """The published folder holds what a web server needs: Sphinx leaves an empty folder
    for the page sources it was told not to copy, and a record of its own settings."""
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    sources = out / "_sources"
    if sources.is_dir() and not any(sources.iterdir()):
        sources.rmdir()
    (out / ".buildinfo").unlink(missing_ok=True)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("arbiter_run_scenarios", True, "env")
    # Set by `arbiter docs --strict` (-D arbiter_strict=1): a scenario that fails fails the build.
    app.add_config_value("arbiter_strict", False, "env", types=(bool, str, int))
    # Set by `arbiter docs --editions 1` (or base=1,seaside=2): a site for one edition of
    # each set named; the others show both.
    app.add_config_value("arbiter_editions", "", "env", types=(str,))
    app.connect("config-inited", _on_config, priority=100)
    app.connect("html-page-context", _on_page)
    app.connect("doctree-read", lambda _app, doctree: disarm_links(doctree))
    app.connect("build-finished", _on_finished)
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
