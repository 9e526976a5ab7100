"""The card interaction graph, built from what card definitions declare.

Nothing here knows a pair of cards. Every edge comes from one of three sources:

``declared``
    A card's *facets* (its ``declares`` tags, its types, its triggers' events and places,
    whether it has a play effect, a ``cost_modifier``, a ``self_cost_modifier``, a
    ``buy_restriction``, a ``vp_counter``) are matched against :data:`MEETINGS`, a table
    (data, not code) saying which thing a card *does* meets which thing another card
    *responds to or depends on*. Each match is an edge labelled with the meeting's kind.
``ruling``
    A ruling of the catalogue that names two or more cards (its ``card`` plus its
    ``cards``) joins them, labelled with the ruling ids.
``scenario``
    A scenario about two or more cards (its ``cards``, by default the kingdom cards it
    names) joins them, labelled with the scenario ids and the rulings they prove. A
    scenario under ``rules/`` only counts when it lists its ``cards`` explicitly: a setup
    scenario with a ten-card Kingdom is about pile sizes, not about those cards' pairs.

The graph is a :class:`networkx.MultiDiGraph` keyed by kind: at most one edge of a kind
from one card to another. Direction runs from the card that does something to the card
that responds (for rulings, from the ruling's card to the cards it names). Queries that
ask about closeness (paths, communities, most connected) use the undirected view.

Editions: a node lists the editions its definitions are printed in; a declared edge lists
the editions in which both ends, as printed then, make the meeting (edition *n* meaning
every set in its *n*-th edition), so a filter on an edition keeps exactly what holds there.
"""

from __future__ import annotations

import argparse
import difflib
import itertools
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

import networkx as nx  # type: ignore[import-untyped]

from arbiter import output

if TYPE_CHECKING:
    from engine.model import Card
    from scenarios.catalogue import Ruling
    from scenarios.model import Scenario

CARD_KINDS = frozenset({"Action", "Treasure", "Victory", "Curse"})
DECLARED = "declared"
RULING = "ruling"
SCENARIO = "scenario"

# --- facets: what the graph reads of a card definition -----------------------------------

# Structure of a definition that implies a tag even when ``declares`` forgets it. Keys are
# the structural facets computed in :func:`facets`; values the tags they imply.
IMPLIED: Mapping[str, frozenset[str]] = {
    "trigger:attack:hand": frozenset({"reacts-to-attack"}),
    "trigger:gain:hand": frozenset({"reacts-to-gain"}),
    "trigger:gain:self": frozenset({"when-gain"}),
    "trigger:buy:self": frozenset({"when-buy"}),
    "trigger:gain:in_play": frozenset({"while-in-play"}),
    "trigger:buy:in_play": frozenset({"while-in-play"}),
    "trigger:cleanup:in_play": frozenset({"while-in-play"}),
    "has:cost_modifier": frozenset({"reduces-costs", "while-in-play"}),
    # 2nd-edition Quarry: the reduction lasts the turn, wherever the card goes.
    "has:lasting_cost_modifier": frozenset({"reduces-costs"}),
    "has:buy_restriction": frozenset({"restricts-buys"}),
    "has:vp_counter": frozenset({"counts-cards"}),
    "gains-to-hand": frozenset({"gains"}),
    "gains-to-deck": frozenset({"gains"}),
    "gains-from-trash": frozenset({"gains"}),
    "gives-curses": frozenset({"gives-cards"}),
    "trashes-self": frozenset({"trashes"}),
}


def structure(card: Card) -> set[str]:
    """The facets a definition has by its shape, not by its ``declares``."""
    found = {f"type:{kind}" for kind in card.types}
    found |= {f"trigger:{t.event}:{t.where}" for t in card.triggers}
    for attribute in (
        "effect",
        "self_cost_modifier",
        "buy_restriction",
        "vp_counter",
    ):
        if getattr(card, attribute) is not None:
            found.add(f"has:{attribute}")
    if card.cost_modifier is not None:
        found.add("has:lasting_cost_modifier" if card.cost_modifier_lasts else "has:cost_modifier")
    # Several of the kinds that counting effects test (not Attack or Reaction, which
    # most Actions of these sets carry beside Action): Great Hall, Harem, Nobles, Mill.
    if len(card.types & CARD_KINDS) >= 2:
        found.add("multi-type")
    if card.effect is not None and "Action" in card.types:
        found.add("action-with-effect")
    in_play = (
        any(t.where == "in_play" for t in card.triggers)
        or (card.cost_modifier is not None and not card.cost_modifier_lasts)
        or "while-in-play" in card.declares
    )
    if "Treasure" in card.types and (card.effect is not None or card.triggers or in_play):
        found.add("treasure-with-ability")
    if "Action" in card.types and in_play:
        found.add("action-while-in-play")
    if card.self_cost_modifier is not None:
        found.add("cost-varies")
    return found


def facets(card: Card) -> frozenset[str]:
    """Everything the meeting table may read of ``card``: tags, types and structure."""
    found = set(card.declares) | structure(card)
    changed = True
    while changed:  # implied tags may imply more (gains-to-hand -> gains)
        before = len(found)
        for key in list(found):
            found |= IMPLIED.get(key, frozenset())
        changed = len(found) != before
    return frozenset(found)


# --- the meeting table -------------------------------------------------------------------


@dataclass(frozen=True)
class Meeting:
    """What one card does (any of ``does``) meets what another responds to (any of ``meets``)."""

    kind: str
    does: frozenset[str]
    meets: frozenset[str]
    why: str
    self_loops: bool = True  # whether a card meets itself (Throne Room on Throne Room)


def _m(kind: str, does: str, meets: str, why: str, self_loops: bool = True) -> Meeting:
    return Meeting(kind, frozenset(does.split()), frozenset(meets.split()), why, self_loops)


MEETINGS: tuple[Meeting, ...] = (
    _m(
        "attack-reaction",
        "attacks",
        "reacts-to-attack blocks-attack",
        "an Attack meets a card that reacts to Attacks (revealing it, being unaffected)",
        self_loops=False,
    ),
    _m("curse-giving", "gives-curses", "type:Curse", "the card hands out Curses"),
    _m(
        "gain-reaction",
        "gains gives-curses",
        "reacts-to-gain",
        "a gain (one's own or a Curse given to another player) meets a card that reacts "
        "to gains from hand or play",
    ),
    _m(
        "gain-trigger",
        "gains",
        "when-gain",
        "a gain other than a buy meets a card with a when-gain ability",
    ),
    _m(
        "gain-not-buy",
        "gains",
        "when-buy restricts-buys",
        "gaining is not buying: when-buy abilities and buy restrictions do not apply",
    ),
    _m(
        "passing-not-gaining",
        "passes-cards",
        "reacts-to-gain when-gain",
        "a passed card moves to another player but is not gained",
    ),
    _m(
        "card-count",
        "gains gives-curses trashes passes-cards",
        "counts-cards",
        "changing how many cards a player has changes what a counting card is worth",
    ),
    _m(
        "multi-type",
        "counts-types",
        "multi-type",
        "a card of several kinds (Action, Treasure, Victory) counts as each of them",
        self_loops=False,
    ),
    _m(
        "multi-play",
        "plays-actions",
        "action-with-effect counts-plays",
        "an Action played more than once: each play resolves in full and counts as a play",
    ),
    _m(
        "multi-play-in-play",
        "plays-actions",
        "action-while-in-play",
        "a card played twice is still one copy in play: while-in-play effects fire once",
    ),
    _m(
        "treasure-play",
        "plays-treasures",
        "treasure-with-ability",
        "a Treasure played by another card's effect still does what it does when played",
    ),
    _m(
        "cost-change",
        "reduces-costs",
        "has:self_cost_modifier cost-varies restricts-buys tests-cost",
        "a reduced cost changes what a card that compares costs can gain, trash or score",
    ),
    _m(
        "trash-pool",
        "trashes",
        "gains-from-trash trigger:trash:self",
        "a trashed card can be gained back from the trash or fires its when-trash ability",
    ),
    _m(
        "in-play-removal",
        "trashes-self",
        "plays-actions",
        "a card that leaves play can no longer be found by effects that want it in play",
        self_loops=False,
    ),
)


def meeting_vocabulary() -> frozenset[str]:
    """Every facet the meeting table reads, on either side."""
    return frozenset(itertools.chain.from_iterable(m.does | m.meets for m in MEETINGS))


# --- inputs ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScenarioInfo:
    """What the graph needs of a scenario: its id, the cards it is about, its rulings."""

    id: str
    cards: tuple[str, ...]
    rulings: tuple[str, ...] = ()
    file: str = ""

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> ScenarioInfo:
        """The scenario as the graph sees it.

        Its ``cards`` when the file lists them. Otherwise the Kingdom cards it actually
        uses (in a player's zones, the trash, a step or an expectation) plus the card its
        id names: a Kingdom written out in full only to fill the Supply joins nothing.
        A scenario under ``rules/`` without ``cards`` is about a rule, not about cards.
        """
        if ("cards",) in scenario.lines:
            cards = tuple(dict.fromkeys(scenario.cards))
        elif scenario.set_name == "rules":
            cards = ()
        else:
            cards = _used_cards(scenario)
        return cls(scenario.id, cards, tuple(scenario.rulings), str(scenario.file))


def _strings(value: Any) -> Iterable[str]:
    """Every string in a setup, steps or expectations, except Supply pile sizes."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            if key in ("kingdom", "supply"):
                continue
            yield from _strings(key)
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


def _used_cards(scenario: Scenario) -> tuple[str, ...]:
    from engine.cards import ALL_CARDS

    kingdom = {card.name for card in ALL_CARDS if card.kingdom}
    by_slug = {slug(card.name): card.name for card in ALL_CARDS}
    parts = scenario.id.split("/")
    subject = [by_slug[parts[1]]] if len(parts) > 2 and parts[1] in by_slug else []
    steps = [(step.arg, step.source) for step in scenario.steps]
    named = _strings((scenario.setup, steps, scenario.expect))
    return tuple(dict.fromkeys([*subject, *(n for n in named if n in kingdom)]))


@dataclass
class Inputs:
    cards: list[Card]
    rulings: list[Ruling]
    scenarios: list[ScenarioInfo]
    problems: list[str] = field(default_factory=list)


def load_inputs(with_scenarios: bool = True) -> Inputs:
    """The engine's cards, the rulings catalogue and the bundled scenarios."""
    from engine.cards import ALL_CARDS
    from scenarios.catalogue import catalogue

    inputs = Inputs(list(ALL_CARDS), list(catalogue().values()), [])
    if with_scenarios:
        from scenarios.loader import bundled_dir, discover, load_many

        loaded, failures = load_many(discover([bundled_dir()]))
        inputs.problems = [str(failure.problems[0]) for failure in failures]
        inputs.scenarios = [ScenarioInfo.from_scenario(scenario) for scenario in loaded]
    return inputs


# --- building ----------------------------------------------------------------------------


def slug(name: str) -> str:
    """A card's file-name form: ``Throne Room`` -> ``throne-room``, ``King's Court`` ->
    ``kings-court``."""
    return "".join(c if c.isalnum() else "-" for c in name.lower().replace("'", "")).strip("-")


def _node_attributes(defs: Sequence[Card]) -> dict[str, Any]:
    latest = max(defs, key=lambda card: max(card.editions))
    return {
        "set": latest.set,
        "cost": latest.cost,
        "types": sorted(set().union(*(card.types for card in defs))),
        "editions": sorted(set().union(*(card.editions for card in defs))),
        "declares": sorted(set().union(*(card.declares for card in defs))),
        "facets": sorted(set().union(*(facets(card) for card in defs))),
        "kingdom": latest.kingdom,
        "text": latest.text,
        "slug": slug(latest.name),
    }


def _add(graph: nx.MultiDiGraph, source: str, target: str, kind: str, **attributes: Any) -> None:
    """Add an edge, or merge list attributes into the existing edge of that kind."""
    if graph.has_edge(source, target, key=kind):
        data = graph.edges[source, target, kind]
        for name, value in attributes.items():
            if isinstance(value, list):
                data[name] = sorted(set(data.get(name, [])) | set(value))
        return
    graph.add_edge(source, target, key=kind, kind=kind, **attributes)


def build_graph(
    cards: Iterable[Card],
    rulings: Iterable[Ruling] = (),
    scenarios: Iterable[ScenarioInfo] = (),
    meetings: Sequence[Meeting] = MEETINGS,
) -> nx.MultiDiGraph:
    """The interaction graph of ``cards``, plus the edges rulings and scenarios make."""
    by_name: dict[str, list[Card]] = defaultdict(list)
    for card in cards:
        by_name[card.name].append(card)
    graph = nx.MultiDiGraph()
    for name, defs in by_name.items():
        graph.add_node(name, **_node_attributes(defs))

    card_facets = {id(card): facets(card) for defs in by_name.values() for card in defs}
    for meeting in meetings:
        doers = [
            (name, card)
            for name, defs in by_name.items()
            for card in defs
            if card_facets[id(card)] & meeting.does
        ]
        takers = [
            (name, card)
            for name, defs in by_name.items()
            for card in defs
            if card_facets[id(card)] & meeting.meets
        ]
        for (source, doer), (target, taker) in itertools.product(doers, takers):
            if source == target and not meeting.self_loops:
                continue
            if source == target and doer is not taker:
                continue  # one edition of a card never meets the other edition
            editions = sorted(set(doer.editions) & set(taker.editions))
            if not editions:
                continue
            because = sorted(card_facets[id(doer)] & meeting.does)
            meets = sorted(card_facets[id(taker)] & meeting.meets)
            _add(
                graph,
                source,
                target,
                meeting.kind,
                family=DECLARED,
                editions=editions,
                why=f"{'/'.join(because)} -> {'/'.join(meets)}",
            )

    for ruling in rulings:
        if ruling.card is not None and ruling.card not in graph:
            continue  # a ruling about a card the engine does not have yet
        named = [
            name
            for name in dict.fromkeys((ruling.card, *ruling.cards))
            if name is not None and name in graph
        ]
        if len(named) < 2:
            continue
        pairs = (
            [(named[0], other) for other in named[1:]]
            if ruling.card is not None
            else list(itertools.combinations(named, 2))
        )
        for source, target in pairs:
            _add(
                graph,
                source,
                target,
                RULING,
                family=RULING,
                rulings=[ruling.id],
                editions=sorted(ruling.editions),
                why="a ruling names both cards",
            )

    proven: set[str] = set()
    for scenario in scenarios:
        proven.update(scenario.rulings)
        named = [name for name in scenario.cards if name in graph]
        for source, target in itertools.combinations(named, 2):
            _add(
                graph,
                source,
                target,
                SCENARIO,
                family=SCENARIO,
                scenarios=[scenario.id],
                rulings=list(scenario.rulings),
                editions=[1, 2],
                why="a scenario is about both cards",
            )
    graph.graph["kinds"] = [m.kind for m in meetings] + [RULING, SCENARIO]
    graph.graph["proven_rulings"] = sorted(proven)
    return graph


def default_graph(with_scenarios: bool = True) -> nx.MultiDiGraph:
    inputs = load_inputs(with_scenarios)
    return build_graph(inputs.cards, inputs.rulings, inputs.scenarios)


# --- queries -----------------------------------------------------------------------------


class GraphQueryError(ValueError):
    """A query names something the graph does not have."""


def resolve(graph: nx.MultiDiGraph, name: str) -> str:
    """The node called ``name`` (case and apostrophes ignored), or a clear error."""
    if name in graph:
        return str(name)
    wanted = slug(name)
    for node in graph:
        if slug(node) == wanted:
            return str(node)
    close = difflib.get_close_matches(name, [str(n) for n in graph], n=1, cutoff=0.6)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise GraphQueryError(f"unknown card {name!r}{hint}")


@dataclass(frozen=True)
class Neighbour:
    card: str
    kind: str
    direction: str  # "out": this card does, the other responds; "in": the reverse
    data: Mapping[str, Any]


def neighbours(
    graph: nx.MultiDiGraph, card: str, kind: str | None = None
) -> dict[str, list[Neighbour]]:
    """The cards joined to ``card``, grouped by kind, sorted by name."""
    card = resolve(graph, card)
    found: dict[str, list[Neighbour]] = defaultdict(list)
    for _, other, key, data in graph.out_edges(card, keys=True, data=True):
        found[key].append(Neighbour(other, key, "out", data))
    for other, _, key, data in graph.in_edges(card, keys=True, data=True):
        if other != card:
            found[key].append(Neighbour(other, key, "in", data))
    return {
        k: sorted(v, key=lambda n: (n.card, n.direction))
        for k, v in sorted(found.items())
        if kind is None or k == kind
    }


def undirected(graph: nx.MultiDiGraph, kinds: Iterable[str] | None = None) -> nx.Graph:
    """A simple undirected graph whose edge weight counts the kinds joining two cards."""
    wanted = None if kinds is None else set(kinds)
    simple = nx.Graph()
    simple.add_nodes_from(graph.nodes(data=True))
    for source, target, key in graph.edges(keys=True):
        if source == target or (wanted is not None and key not in wanted):
            continue
        if simple.has_edge(source, target):
            simple.edges[source, target]["weight"] += 1
            simple.edges[source, target]["kinds"].add(key)
        else:
            simple.add_edge(source, target, weight=1, kinds={key})
    return simple


def path(graph: nx.MultiDiGraph, first: str, second: str) -> list[tuple[str, str, list[str]]]:
    """The shortest chain of interactions from one card to another: (card, next, kinds)."""
    a, b = resolve(graph, first), resolve(graph, second)
    simple = undirected(graph)
    try:
        nodes = nx.shortest_path(simple, a, b)
    except nx.NetworkXNoPath:
        return []
    return [(x, y, sorted(simple.edges[x, y]["kinds"])) for x, y in itertools.pairwise(nodes)]


def most_connected(graph: nx.MultiDiGraph, count: int = 10) -> list[tuple[str, int, int]]:
    """(card, distinct neighbours, edges) for the ``count`` best connected cards."""
    simple = undirected(graph)
    rows = [
        (str(n), simple.degree(n), graph.degree(n) - 2 * graph.number_of_edges(n, n)) for n in graph
    ]
    return sorted(rows, key=lambda row: (-row[1], -row[2], row[0]))[:count]


def communities(graph: nx.MultiDiGraph) -> list[list[str]]:
    """Groups of closely linked cards (greedy modularity, deterministic), largest first."""
    simple = undirected(graph)
    simple.remove_nodes_from([n for n in list(simple) if simple.degree(n) == 0])
    if simple.number_of_edges() == 0:
        return []
    groups = nx.algorithms.community.greedy_modularity_communities(simple, weight="weight")
    return sorted((sorted(group) for group in groups), key=lambda g: (-len(g), g))


def tested_pairs(graph: nx.MultiDiGraph) -> set[frozenset[str]]:
    """Pairs of cards some scenario is about, or whose ruling some scenario proves."""
    proven = set(graph.graph.get("proven_rulings", []))
    return {
        frozenset((s, t))
        for s, t, k, data in graph.edges(keys=True, data=True)
        if k == SCENARIO or proven & set(data.get("rulings", []))
    }


@dataclass(frozen=True)
class Untested:
    cards: tuple[str, str]
    kinds: tuple[str, ...]
    rulings: tuple[str, ...]
    kingdom: bool  # both cards are Kingdom cards

    @property
    def priority(self) -> int:
        """0: a ruling on two Kingdom cards, 1: a ruling naming a basic card, 2: declared."""
        if self.rulings:
            return 0 if self.kingdom else 1
        return 2


def untested(graph: nx.MultiDiGraph) -> list[Untested]:
    """Interactions (declared or ruled) that no scenario is about yet: the worklist.

    Pairs a ruling names come first (the ruling is written, only its proof is missing),
    Kingdom pairs before those with a basic card, then the declared ones, each by name.
    """
    tested = tested_pairs(graph)
    found: dict[tuple[str, str], tuple[set[str], set[str]]] = {}
    for source, target, key, data in graph.edges(keys=True, data=True):
        if key == SCENARIO or frozenset((source, target)) in tested:
            continue
        ordered = (target, source) if (target, source) in found else (source, target)
        kinds, rulings = found.setdefault(ordered, (set(), set()))
        kinds.add(key)
        rulings.update(data.get("rulings", []))
    rows = [
        Untested(
            pair, tuple(sorted(k)), tuple(sorted(r)), all(graph.nodes[n]["kingdom"] for n in pair)
        )
        for pair, (k, r) in found.items()
    ]
    return sorted(rows, key=lambda row: (row.priority, row.cards))


def stats(graph: nx.MultiDiGraph) -> dict[str, Any]:
    """Counts for a summary: nodes by set, edges by kind, unread tags."""
    by_kind = Counter(key for _, _, key in graph.edges(keys=True))
    by_set = Counter(data["set"] for _, data in graph.nodes(data=True))
    read = meeting_vocabulary()
    unread = sorted(
        {tag for _, data in graph.nodes(data=True) for tag in data["declares"]}
        - read
        - set(IMPLIED)
        - {"while-in-play"}  # read through structure(): action-while-in-play, treasures
    )
    silent = sorted(
        n
        for n, data in graph.nodes(data=True)
        if data["kingdom"]
        and not data["declares"]
        and any(f in data["facets"] for f in ("has:effect",))
        and not any(f.startswith("trigger:") for f in data["facets"])
    )
    return {
        "nodes": graph.number_of_nodes(),
        "edges": graph.number_of_edges(),
        "nodes_by_set": dict(sorted(by_set.items())),
        "edges_by_kind": dict(sorted(by_kind.items())),
        "tags_no_meeting_reads": unread,
        "cards_with_effects_but_no_declares": silent,
    }


# --- export ------------------------------------------------------------------------------


def to_json(graph: nx.MultiDiGraph) -> dict[str, Any]:
    """Node-link data (``nodes``/``edges``, each edge with its ``key``: the kind)."""
    data: dict[str, Any] = nx.node_link_data(graph, edges="edges")
    return data


def from_json(data: Mapping[str, Any]) -> nx.MultiDiGraph:
    return nx.node_link_graph(data, directed=True, multigraph=True, edges="edges")


LIST_SEPARATOR = ";"


def to_graphml(graph: nx.MultiDiGraph, out: Path | str | BinaryIO) -> None:
    """GraphML has no lists: list attributes are written joined by ``;``."""
    flat = nx.MultiDiGraph()
    flat.graph.update(
        {k: LIST_SEPARATOR.join(v) if isinstance(v, list) else v for k, v in graph.graph.items()}
    )

    def flatten(data: Mapping[str, Any]) -> dict[str, Any]:
        return {
            k: LIST_SEPARATOR.join(map(str, v)) if isinstance(v, (list, tuple, set)) else v
            for k, v in data.items()
        }

    for node, data in graph.nodes(data=True):
        flat.add_node(node, **flatten(data))
    for source, target, key, data in graph.edges(keys=True, data=True):
        flat.add_edge(source, target, key=key, **flatten(data))
    nx.write_graphml(flat, out if hasattr(out, "write") else str(out))


def from_graphml(path: Path | str) -> nx.MultiDiGraph:
    """Read what :func:`to_graphml` wrote, turning joined strings back into lists."""
    flat = nx.read_graphml(str(path), force_multigraph=True)
    lists = {"types", "editions", "declares", "facets", "rulings", "scenarios"}
    graph = nx.MultiDiGraph()

    def unflatten(data: Mapping[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in data.items():
            if k in lists:
                items = [item for item in str(v).split(LIST_SEPARATOR) if item]
                out[k] = [int(i) for i in items] if k == "editions" else items
            else:
                out[k] = v
        return out

    for node, data in flat.nodes(data=True):
        graph.add_node(node, **unflatten(data))
    for source, target, key, data in flat.edges(keys=True, data=True):
        graph.add_edge(source, target, key=key, **unflatten(data))
    return graph


# --- command line ------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one clear line, exit 2
        self.exit(2, f"{self.prog}: error: {message}\n")


def parser(prog: str = "arbiter graph") -> argparse.ArgumentParser:
    p = _Parser(prog=prog, description="Export or query the card interaction graph.")
    p.add_argument(
        "--format",
        choices=("json", "graphml"),
        help="export the whole graph in this format (to --out, or stdout)",
    )
    p.add_argument("--out", type=Path, help="file to write the export to")
    p.add_argument(
        "--neighbors", "--neighbours", metavar="CARD", help="the cards CARD interacts with, by kind"
    )
    p.add_argument("--kind", help="with --neighbors: only this kind of interaction")
    p.add_argument(
        "--path", nargs=2, metavar=("A", "B"), help="the shortest chain of interactions from A to B"
    )
    p.add_argument(
        "--untested",
        action="store_true",
        help="interactions no scenario is about yet (the worklist)",
    )
    p.add_argument("--top", type=int, metavar="N", help="the N most connected cards")
    p.add_argument("--communities", action="store_true", help="groups of closely linked cards")
    p.add_argument("--stats", action="store_true", help="counts by set and by kind (default)")
    return p


def _print_neighbours(graph: nx.MultiDiGraph, card: str, kind: str | None) -> None:
    name = resolve(graph, card)
    found = neighbours(graph, name, kind)
    total = sum(len(v) for v in found.values())
    print(f"{name}: {total} interaction(s)")
    for key, rows in found.items():
        print(f"  {key}:")
        for row in rows:
            arrow = "->" if row.direction == "out" else "<-"
            label = ", ".join(row.data.get("rulings", [])) or row.data.get("why", "")
            print(f"    {arrow} {row.card}  ({label})")


def _graphml_text(graph: nx.MultiDiGraph) -> str:
    import io

    buffer = io.BytesIO()
    to_graphml(graph, buffer)
    return buffer.getvalue().decode()


def main(argv: Sequence[str] | None = None) -> int:
    """``arbiter graph``: 0 on success, 1 when a path does not exist, 2 on bad input."""
    args = parser().parse_args(argv)
    if args.top is not None and args.top < 1:
        print("arbiter graph: error: --top needs a positive number", file=sys.stderr)
        return 2
    if args.out is not None and args.format is None:
        args.format = "graphml" if args.out.suffix.lower() == ".graphml" else "json"
    if args.kind is not None and args.neighbors is None:
        print("arbiter graph: error: --kind goes with --neighbors", file=sys.stderr)
        return 2
    try:  # checked before the graph is built (arbiter.output: the rules for every output)
        where = args.out if args.out is not None else output.STDOUT
        targets = output.plan([("--out", where if args.format else None)])
    except output.OutputError as exc:
        print(f"arbiter graph: error: {exc}", file=sys.stderr)
        return 2
    graph = default_graph()
    if args.kind is not None and args.kind not in graph.graph["kinds"]:
        known = ", ".join(graph.graph["kinds"])
        print(f"arbiter graph: error: unknown kind {args.kind!r} (one of {known})", file=sys.stderr)
        return 2
    code = 0
    try:
        if args.format:
            text = (
                json.dumps(to_json(graph), indent=1, sort_keys=True) + "\n"
                if args.format == "json"
                else _graphml_text(graph)
            )
            output.write(targets[0], text)
        if args.format and args.out is not None:
            print(
                f"wrote {args.out} ({graph.number_of_nodes()} cards, "
                f"{graph.number_of_edges()} interactions)",
                file=sys.stderr,
            )
        if args.neighbors:
            _print_neighbours(graph, args.neighbors, args.kind)
        if args.path:
            hops = path(graph, *args.path)
            a, b = resolve(graph, args.path[0]), resolve(graph, args.path[1])
            if not hops and a != b:
                print(f"no chain of interactions joins {a} and {b}")
                code = 1
            for x, y, kinds in hops:
                print(f"{x} -- {', '.join(kinds)} -- {y}")
        if args.untested:
            rows = untested(graph)
            print(f"{len(rows)} interaction(s) without a scenario")
            for row in rows:
                extra = f"  rulings: {', '.join(row.rulings)}" if row.rulings else ""
                print(f"  {row.cards[0]} / {row.cards[1]}: {', '.join(row.kinds)}{extra}")
        if args.top is not None:
            for name, distinct, edges in most_connected(graph, args.top):
                print(f"{name:20} {distinct:3} cards  {edges:3} edges")
        if args.communities:
            for number, group in enumerate(communities(graph), 1):
                print(f"{number:2}. {', '.join(group)}")
        if args.stats or not any(
            (args.format, args.neighbors, args.path, args.untested, args.top, args.communities)
        ):
            print(json.dumps(stats(graph), indent=2))
    except (GraphQueryError, output.OutputError) as exc:
        print(f"arbiter graph: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `arbiter graph --untested | head`
        sys.stderr.close()
        return code
    except OSError as exc:
        print(
            f"arbiter graph: error: cannot write {args.out}: {exc.strerror or exc}", file=sys.stderr
        )
        return 2
    return code


if __name__ == "__main__":
    raise SystemExit(main())
