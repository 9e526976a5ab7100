"""The card interaction graph: which cards interact under the rules, why, and where it is ruled.

An edge joins two cards when the outcome of one card's instructions depends on the other
(a player could ask how they work together, and the answer is a ruling). Edges come from
the cards' declarations only, through the kinds of :mod:`checks.interactions`; each has a
kind, a one-sentence reason specific to the pair, the editions of each card for which it
holds, and the rulings and scenarios that back it:

* a ruling of the catalogue that names two cards attaches to the edges between them; one
  whose ``unrelated`` list names a card is a *clarified non-interaction* instead (no rule
  beyond each card's own applies, in the ruling's words), never an edge; a ruling that
  names a pair no declaration covers becomes a ``ruled`` edge whose reason is the ruling
  (listed by ``--stats`` so that the declarations can catch up), unless it is a general
  rule's (a topic's) ruling, which names cards as instances of the rule and only backs the
  edges they already have;
* a scenario attaches to the edges it tests: those whose rulings it cites, and those
  between its subject card (the card its id names) and another card it is about.

Nodes are card names; every edge keeps, per variant, the editions of its source and its
target definition, so a table mixing editions (1st-edition Goons with 2nd-edition
Diplomat) has all its interactions, and :func:`select` keeps only what holds for a choice
of editions. The graph is a :class:`networkx.MultiDiGraph` keyed by kind, directed from
the card whose instructions reach the other.

The functions documented as *data API* (:func:`card_interactions`,
:func:`non_interactions`, :func:`pair_report`, :func:`neighbourhood`, and
:mod:`checks.rulings_sheet`) are what the docs and the CLI render; their names and fields
are kept stable.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

import networkx as nx  # type: ignore[import-untyped]

from checks.interactions import ALL_KINDS, KIND_BY_ID, KINDS, RULED, Kind, derive
from engine.abilities import ChangesCards, CostChange
from engine.cards.common import declared_tags
from engine.costs import as_cost
from scenarios import names

if TYPE_CHECKING:
    from engine.model import Card
    from scenarios.catalogue import Ruling
    from scenarios.model import Scenario

DECLARED = "declared"
RULING = "ruling"
SCENARIO = "scenario"

# --- what each kind reads, for the docs' mechanics page ------------------------------------


@dataclass(frozen=True)
class Meeting:
    """A kind of interaction as a row of the docs' table: what it reads on either side."""

    kind: str
    does: frozenset[str]
    meets: frozenset[str]
    why: str


_READS: Mapping[str, tuple[str, str]] = {
    "double-play": (
        "plays",
        "later turn, moves itself, counts, lasting, in play, gains, trashes, plays",
    ),
    "played-from-deck": ("plays", "counts, plays, reveals"),
    "attack-reaction": ("attack", "reaction"),
    "attack-protection": ("attack", "protection"),
    "others-gain": ("gains", "watches"),
    "gain-plays": ("gains", "watches"),
    "reactions": ("reaction", "reaction"),
    "gain-reaction": ("gains", "watches"),
    "same-gain": ("watches", "watches"),
    "gained-ability": ("gains", "watches"),
    "watched-type": ("watches", "types"),
    "several-types": ("asks", "types"),
    "counted-after-leaving": ("counts", "trashes"),
    "type-change": ("changes types", "asks"),
    "cost-change": ("reduces", "tests cost"),
    "variable-cost": ("cost varies", "tests cost"),
    "potion-cost": ("potion cost", "tests cost"),
    "names": ("names", "card"),
    "trashed-from-play": ("trashes", "in play, later turn"),
    "from-trash": ("gains", "trashes"),
    "ruled": ("ruling", "ruling"),
}

MEETINGS: tuple[Meeting, ...] = tuple(
    Meeting(
        kind.id,
        frozenset(_READS[kind.id][0].split(", ")),
        frozenset(_READS[kind.id][1].split(", ")),
        kind.means,
    )
    for kind in ALL_KINDS
)
IMPLIED: Mapping[str, frozenset[str]] = {}


def facets(card: Card) -> frozenset[str]:
    """The words of :data:`MEETINGS` that ``card``'s definition gives the graph to read."""
    targets = card.targets
    found = {
        word
        for word, present in (
            ("plays", targets.plays is not None),
            ("gains", bool(targets.gains)),
            ("watches", bool(targets.watches)),
            ("counts", bool(targets.counts)),
            ("asks", bool(targets.asks)),
            ("names", bool(targets.names)),
            ("reduces", targets.reduces is not None),
            ("trashes", bool(targets.trashes or targets.trashes_when_gained)),
            ("cost varies", any(c.where == "self" for c in card.static_of(CostChange))),
            ("potion cost", bool(as_cost(card.cost).potion)),
            ("changes types", bool(card.static_of(ChangesCards))),
            ("attack", "Attack" in card.types),
            ("reaction", any(t.event == "attack" and t.where == "hand" for t in card.triggers)),
            (
                "protection",
                any(t.event == "attack" and t.where == "in_play" for t in card.triggers),
            ),
            ("later turn", any(t.where == "next_turn" for t in card.triggers)),
        )
        if present
    }
    return frozenset(found)


def meeting_vocabulary() -> frozenset[str]:
    """Every word the kinds read of a definition (see :func:`facets`)."""
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

    @property
    def subject(self) -> str | None:
        """The slug of the card its id names (``base/throne-room/feast`` -> ``throne-room``)."""
        parts = self.id.split("/")
        return parts[1] if len(parts) > 2 else None


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


@cache
def _kingdom_and_slugs() -> tuple[frozenset[str], dict[str, str]]:
    """The Kingdom cards' names, and every card's name by its slug (worked out once, not
    once per scenario)."""
    from engine.cards import ALL_CARDS

    kingdom = frozenset(card.name for card in ALL_CARDS if card.kingdom)
    return kingdom, {slug(card.name): card.name for card in ALL_CARDS}


def _used_cards(scenario: Scenario) -> tuple[str, ...]:
    kingdom, by_slug = _kingdom_and_slugs()
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
        "cost": str(latest.cost),
        "types": sorted(set().union(*(card.types for card in defs))),
        "editions": sorted(set().union(*(card.editions for card in defs))),
        "declares": sorted(set().union(*(declared_tags(card) for card in defs))),
        "facets": sorted(set().union(*(facets(card) for card in defs))),
        "kingdom": latest.kingdom,
        "text": latest.text,
        "slug": slug(latest.name),
    }


def _variant(reason: str, source: Iterable[int], target: Iterable[int]) -> dict[str, Any]:
    return {"reason": reason, "source_editions": sorted(source), "target_editions": sorted(target)}


def _merge_variants(variants: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """One variant per reason, with the editions of each end joined."""
    by_reason: dict[str, tuple[set[int], set[int]]] = {}
    for variant in variants:
        source, target = by_reason.setdefault(variant["reason"], (set(), set()))
        source.update(variant["source_editions"])
        target.update(variant["target_editions"])
    return [_variant(reason, s, t) for reason, (s, t) in by_reason.items()]


def _set_edge(
    graph: nx.MultiDiGraph,
    source: str,
    target: str,
    kind: str,
    variants: list[dict[str, Any]],
    family: str,
) -> None:
    variants = _merge_variants(variants)
    graph.add_edge(
        source,
        target,
        key=kind,
        kind=kind,
        family=family,
        reason=variants[0]["reason"],
        variants=variants,
        source_editions=sorted({e for v in variants for e in v["source_editions"]}),
        target_editions=sorted({e for v in variants for e in v["target_editions"]}),
        editions=sorted(
            {e for v in variants for e in (*v["source_editions"], *v["target_editions"])}
        ),
        rulings=[],
        scenarios=[],
    )


def build_graph(
    cards: Iterable[Card],
    rulings: Iterable[Ruling] = (),
    scenarios: Iterable[ScenarioInfo] = (),
    kinds: Sequence[Kind] = KINDS,
) -> nx.MultiDiGraph:
    """The interaction graph of ``cards`` with the rulings and scenarios that back it."""
    cards = list(cards)
    by_name: dict[str, list[Card]] = defaultdict(list)
    for card in cards:
        by_name[card.name].append(card)
    graph = nx.MultiDiGraph()
    for name, defs in by_name.items():
        graph.add_node(name, **_node_attributes(defs))

    grouped: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for found in derive(cards, kinds):
        key = (found.doer.name, found.taker.name, found.kind)
        grouped[key].append(_variant(found.reason, found.doer.editions, found.taker.editions))
    for (source, target, kind), variants in grouped.items():
        _set_edge(graph, source, target, kind, variants, DECLARED)

    _attach_rulings(graph, list(rulings))
    _attach_scenarios(graph, list(scenarios))
    graph.graph["kinds"] = [kind.id for kind in (*kinds, RULED)]
    return graph


def definition_graph(cards: Iterable[Card], kinds: Sequence[Kind] = KINDS) -> nx.MultiDiGraph:
    """*Data API.* The declared interactions with card *definitions* as nodes.

    A node is ``(name, editions)``: a card printed in the 1st edition only is
    ``(name, (1,))``. Each edge joins the two printings it holds for; :func:`build_graph`
    folds these onto card names, keeping the editions of each end in its variants.
    """
    graph = nx.MultiDiGraph()
    cards = list(cards)
    for card in cards:
        graph.add_node((card.name, card.editions), set=card.set, types=sorted(card.types))
    for found in derive(cards, kinds):
        graph.add_edge(
            (found.doer.name, found.doer.editions),
            (found.taker.name, found.taker.editions),
            key=found.kind,
            kind=found.kind,
            reason=found.reason,
        )
    return graph


def _ruled_pairs(ruling: Ruling, graph: nx.MultiDiGraph) -> list[tuple[str, str]]:
    named = [n for n in dict.fromkeys((ruling.card, *ruling.cards)) if n is not None and n in graph]
    if ruling.card is not None:
        return [(ruling.card, other) for other in named[1:]] if ruling.card in graph else []
    return list(itertools.combinations(named, 2))


def _edges_between(graph: nx.MultiDiGraph, a: str, b: str) -> list[tuple[str, str, str]]:
    found = [(a, b, k) for k in graph.get_edge_data(a, b, default={})]
    if a != b:
        found += [(b, a, k) for k in graph.get_edge_data(b, a, default={})]
    return found


def _attach_rulings(graph: nx.MultiDiGraph, rulings: list[Ruling]) -> None:
    non: list[dict[str, Any]] = []
    for ruling in rulings:
        for a, b in _ruled_pairs(ruling, graph):
            if a in ruling.examples or b in ruling.examples:
                continue  # named to illustrate a general rule, not about this pair
            if b in ruling.unrelated or a in ruling.unrelated:
                non.append({"cards": [a, b], "ruling": ruling.id, "reason": ruling.text})
                continue
            edges = _edges_between(graph, a, b)
            if not edges and ruling.card is None:
                # A general rule names cards to show where it applies (Haven, Tactician and
                # Outpost each with nothing left to do): it backs the interactions the
                # cards have, but it is not a ruling about any two of them together.
                continue
            if not edges:
                editions = graph.nodes[b]["editions"]
                _set_edge(
                    graph,
                    a,
                    b,
                    RULED.id,
                    [_variant(ruling.text, ruling.editions, editions)],
                    RULING,
                )
                edges = [(a, b, RULED.id)]
            for edge in edges:
                data = graph.edges[edge]
                data["rulings"] = sorted({*data["rulings"], ruling.id})
    graph.graph["non_interactions"] = non
    graph.graph["ruling_texts"] = {ruling.id: ruling.text for ruling in rulings}


def _attach_scenarios(graph: nx.MultiDiGraph, scenarios: list[ScenarioInfo]) -> None:
    """Each edge lists the scenarios that prove it: those citing one of its rulings, and
    those about one of its two cards that use both."""
    edges_by_ruling: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for _, _, data in graph.edges(data=True):
        for ruling in data["rulings"]:
            edges_by_ruling[ruling].append(data)
    slugs = {node: slug(node) for node in graph.nodes}
    proven: set[str] = set()
    for scenario in scenarios:
        proven.update(scenario.rulings)
        proving = {
            id(data): data for ruling in scenario.rulings for data in edges_by_ruling[ruling]
        }
        about = set(scenario.cards)
        for source in about & slugs.keys():
            for _, target, data in graph.out_edges(source, data=True):
                if target in about and scenario.subject in (slugs[source], slugs[target]):
                    proving[id(data)] = data
        for data in proving.values():
            data["scenarios"] = sorted({*data["scenarios"], scenario.id})
    graph.graph["proven_rulings"] = sorted(proven)


def default_graph(with_scenarios: bool = True) -> nx.MultiDiGraph:
    inputs = load_inputs(with_scenarios)
    return build_graph(inputs.cards, inputs.rulings, inputs.scenarios)


# --- editions ----------------------------------------------------------------------------


class GraphQueryError(ValueError):
    """A query names something the graph does not have, or is malformed."""


EditionChoice = Mapping[str, int]


def parse_editions(text: str | None) -> EditionChoice | None:
    """``both`` (or nothing): every definition; ``1`` / ``2``: that edition of every set;
    ``base=1,intrigue=2``: per set (sets not named keep both)."""
    if text is None or text.strip().lower() in ("", "both", "all"):
        return None
    from engine.model import SETS

    sets = [s for s in SETS if s != "basic"]
    if text.strip() in ("1", "2"):
        return {s: int(text) for s in sets}
    choice: dict[str, int] = {}
    for part in text.split(","):
        name, _, number = part.partition("=")
        name, number = name.strip().lower(), number.strip()
        if name not in sets or number not in ("1", "2"):
            raise GraphQueryError(
                f"bad --editions part {part.strip()!r}: use both, 1, 2 or SET=N,... "
                f"with SET one of {', '.join(sets)} and N 1 or 2"
            )
        choice[name] = int(number)
    return choice


def _allowed(
    graph: nx.MultiDiGraph, card: str, editions: Sequence[int], choice: EditionChoice
) -> bool:
    wanted = choice.get(graph.nodes[card]["set"])
    return wanted is None or wanted in editions


def select(graph: nx.MultiDiGraph, editions: EditionChoice | None) -> nx.MultiDiGraph:
    """The graph for a choice of editions: nodes of cards printed then, edge variants whose
    two definitions are both chosen (every edge when ``editions`` is None)."""
    if editions is None:
        return graph
    chosen = nx.MultiDiGraph()
    chosen.graph.update(graph.graph)
    for node, data in graph.nodes(data=True):
        if _allowed(graph, node, data["editions"], editions):
            chosen.add_node(node, **data)
    for source, target, key, data in graph.edges(keys=True, data=True):
        if source not in chosen or target not in chosen:
            continue
        kept = [
            v
            for v in data["variants"]
            if _allowed(graph, source, v["source_editions"], editions)
            and _allowed(graph, target, v["target_editions"], editions)
        ]
        if kept:
            chosen.add_edge(
                source, target, key=key, **{**data, "variants": kept, "reason": kept[0]["reason"]}
            )
    chosen.graph["non_interactions"] = [
        n for n in graph.graph.get("non_interactions", []) if all(c in chosen for c in n["cards"])
    ]
    return chosen


# --- queries -----------------------------------------------------------------------------


def resolve(graph: nx.MultiDiGraph, name: str) -> str:
    """The node called ``name``, matched as ``check``, ``explain`` and ``new`` match card
    names (:mod:`scenarios.names`: case, spacing and apostrophes forgiven), or a clear
    error with the closest names."""
    cards = [str(node) for node in graph]
    found = names.canonical(name, cards)
    if found is None:
        raise GraphQueryError(f"unknown card {name!r}{names.did_you_mean(name, cards)}")
    return found


@dataclass(frozen=True)
class Neighbour:
    card: str
    kind: str
    direction: str  # "out": this card's instructions reach the other; "in": the reverse
    data: Mapping[str, Any]


def neighbours(
    graph: nx.MultiDiGraph, card: str, kind: str | None = None
) -> dict[str, list[Neighbour]]:
    """The cards joined to ``card``, grouped by kind (in the order of the kinds), by name."""
    card = resolve(graph, card)
    found: dict[str, list[Neighbour]] = defaultdict(list)
    for _, other, key, data in graph.out_edges(card, keys=True, data=True):
        found[key].append(Neighbour(other, key, "out", data))
    for other, _, key, data in graph.in_edges(card, keys=True, data=True):
        if other != card:
            found[key].append(Neighbour(other, key, "in", data))
    order = {k.id: i for i, k in enumerate(ALL_KINDS)}
    return {
        k: sorted(v, key=lambda n: (n.card, n.direction))
        for k, v in sorted(found.items(), key=lambda item: (order.get(item[0], 99), item[0]))
        if kind is None or k == kind
    }


@dataclass(frozen=True)
class Row:
    """One interaction as the data API gives it: the other card, which way it goes, why,
    per-edition variants (each with ``reason``, ``source_editions``, ``target_editions``),
    the ruling ids and scenario ids that back it."""

    card: str
    other: str
    kind: str
    direction: str
    reason: str
    variants: tuple[Mapping[str, Any], ...]
    rulings: tuple[str, ...]
    scenarios: tuple[str, ...]

    @property
    def strength(self) -> int:
        """How well established: rulings and scenarios count double, a variant once."""
        return 2 * (len(self.rulings) + len(self.scenarios)) + len(self.variants)


@dataclass(frozen=True)
class KindGroup:
    """The interactions of one kind for a card: ``title`` and ``means`` explain the kind."""

    kind: str
    title: str
    means: str
    rows: tuple[Row, ...]

    @property
    def count(self) -> int:
        return len(self.rows)


def _row(card: str, neighbour: Neighbour) -> Row:
    data = neighbour.data
    return Row(
        card,
        neighbour.card,
        neighbour.kind,
        neighbour.direction,
        str(data.get("reason", "")),
        tuple(data.get("variants", ())),
        tuple(data.get("rulings", ())),
        tuple(data.get("scenarios", ())),
    )


def card_interactions(
    graph: nx.MultiDiGraph,
    card: str,
    editions: EditionChoice | None = None,
    kind: str | None = None,
) -> list[KindGroup]:
    """*Data API.* The interactions of ``card`` grouped by kind, each group with its count
    and every row's reason, editions, rulings and scenarios. A self-interaction (Throne
    Room playing a Throne Room) is a row whose ``other`` is the card itself."""
    chosen = select(graph, editions)
    name = resolve(chosen, card)
    groups = []
    for key, rows in neighbours(chosen, name, kind).items():
        described = KIND_BY_ID.get(key)
        groups.append(
            KindGroup(
                key,
                described.title if described else key,
                described.means if described else "",
                tuple(_row(name, row) for row in rows),
            )
        )
    return groups


@dataclass(frozen=True)
class NonInteraction:
    """*Data API.* Two cards a ruling says do not interact, and the ruling's words."""

    cards: tuple[str, str]
    ruling: str
    reason: str

    def other(self, card: str) -> str:
        """The card of the two that is not ``card``."""
        return self.cards[1] if self.cards[0] == card else self.cards[0]

    def sentence(self) -> str:
        """The ruling's words: they may say how the two cards go together, only that no
        rule beyond each card's own applies (a plain double play, a non-Attack)."""
        return f"{self.cards[0]} and {self.cards[1]}: no special rule. {self.reason}"


def non_interactions(
    graph: nx.MultiDiGraph, card: str, other: str | None = None
) -> list[NonInteraction]:
    """*Data API.* The clarified non-interactions of ``card`` (with ``other`` only, if given)."""
    name = resolve(graph, card)
    second = resolve(graph, other) if other is not None else None
    found = []
    for entry in graph.graph.get("non_interactions", []):
        a, b = entry["cards"]
        if name not in (a, b) or (second is not None and second not in (a, b)):
            continue
        found.append(NonInteraction((a, b), entry["ruling"], entry["reason"]))
    return found


@dataclass(frozen=True)
class PairReport:
    """*Data API.* Everything about two cards: their interactions and non-interactions."""

    cards: tuple[str, str]
    interactions: tuple[Row, ...]
    non_interactions: tuple[NonInteraction, ...]


def pair_report(
    graph: nx.MultiDiGraph, a: str, b: str, editions: EditionChoice | None = None
) -> PairReport:
    """*Data API.* How ``a`` and ``b`` interact (for ``explain A B`` and the card pages)."""
    chosen = select(graph, editions)
    first, second = resolve(chosen, a), resolve(chosen, b)
    rows = [
        row
        for group in card_interactions(chosen, first)
        for row in group.rows
        if row.other == second
    ]
    return PairReport((first, second), tuple(rows), tuple(non_interactions(graph, first, second)))


@dataclass(frozen=True)
class NeighbourhoodGroup:
    kind: str
    title: str
    count: int
    shown: tuple[str, ...]
    rest: tuple[str, ...]


@dataclass(frozen=True)
class Neighbourhood:
    """*Data API.* A card's neighbours for a picture that stays legible for hubs: at most
    ``limit`` cards are ``shown`` (the strongest: most rulings and scenarios), grouped by
    the kind that joins them first; the others are listed by name in ``rest``."""

    centre: str
    total: int
    groups: tuple[NeighbourhoodGroup, ...]

    @property
    def shown(self) -> list[tuple[str, str]]:
        """(card, kind) for every card to draw."""
        return [(card, g.kind) for g in self.groups for card in g.shown]


def neighbourhood(
    graph: nx.MultiDiGraph, card: str, limit: int = 16, editions: EditionChoice | None = None
) -> Neighbourhood:
    """*Data API.* See :class:`Neighbourhood`."""
    groups = card_interactions(graph, card, editions)
    first_kind: dict[str, str] = {}
    strength: Counter[str] = Counter()
    for group in groups:
        for row in group.rows:
            if row.other == row.card:
                continue
            first_kind.setdefault(row.other, group.kind)
            strength[row.other] += row.strength
    ranked = sorted(first_kind, key=lambda c: (-strength[c], c))
    drawn = set(ranked[:limit])
    out = []
    for group in groups:
        members = sorted(c for c, k in first_kind.items() if k == group.kind)
        if members:
            out.append(
                NeighbourhoodGroup(
                    group.kind,
                    group.title,
                    len(members),
                    tuple(c for c in members if c in drawn),
                    tuple(c for c in members if c not in drawn),
                )
            )
    return Neighbourhood(resolve(graph, card), len(first_kind), tuple(out))


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


@dataclass(frozen=True)
class Step:
    """One step of a path: from ``card`` to ``next`` by these interactions."""

    card: str
    next: str
    rows: tuple[Row, ...]


def path_steps(graph: nx.MultiDiGraph, first: str, second: str) -> list[Step]:
    """The shortest chain of interactions from one card to another, each step with the
    interactions (reason, rulings) that join its two cards."""
    a, b = resolve(graph, first), resolve(graph, second)
    simple = undirected(graph)
    try:
        nodes = nx.shortest_path(simple, a, b)
    except nx.NetworkXNoPath:
        return []
    steps = []
    for x, y in itertools.pairwise(nodes):
        rows = [row for g in card_interactions(graph, x) for row in g.rows if row.other == y]
        steps.append(Step(x, y, tuple(rows)))
    return steps


def path(graph: nx.MultiDiGraph, first: str, second: str) -> list[tuple[str, str, list[str]]]:
    """The shortest chain as (card, next, kinds)."""
    return [
        (s.card, s.next, sorted({r.kind for r in s.rows})) for s in path_steps(graph, first, second)
    ]


def most_connected(graph: nx.MultiDiGraph, count: int = 10) -> list[tuple[str, int, int]]:
    """(card, distinct neighbours, edges) for the ``count`` best connected cards."""
    simple = undirected(graph)
    rows = [
        (str(n), simple.degree(n), graph.degree(n) - 2 * graph.number_of_edges(n, n)) for n in graph
    ]
    return sorted(rows, key=lambda row: (-row[1], -row[2], row[0]))[:count]


@dataclass(frozen=True)
class Community:
    """A group of closely linked cards, named by the kind most of its inner links have."""

    name: str
    kind: str
    cards: tuple[str, ...]


def named_communities(graph: nx.MultiDiGraph) -> list[Community]:
    """Communities (greedy modularity on the undirected graph), largest first, each named
    by its dominant mechanic and its most connected card."""
    simple = undirected(graph)
    found = []
    for group in communities(graph):
        inner = Counter(
            kind
            for x, y in itertools.combinations(group, 2)
            if simple.has_edge(x, y)
            for kind in simple.edges[x, y]["kinds"]
        )
        kind = inner.most_common(1)[0][0] if inner else ""
        hub = max(group, key=lambda c: (simple.subgraph(group).degree(c), c))
        title = KIND_BY_ID[kind].title if kind in KIND_BY_ID else "Linked cards"
        found.append(Community(f"{title} (around {hub})", kind, tuple(group)))
    return found


COMMUNITY_RESOLUTION = 1.1


def communities(graph: nx.MultiDiGraph) -> list[list[str]]:
    """Groups of closely linked cards (greedy modularity, deterministic), largest first.

    The resolution is a little above modularity's default: at 1.0 the graph of seven sets
    (190 cards) merged the Potion costs, the double plays and the cards of several types
    into one group of 75 (modularity's resolution limit: the larger the graph, the larger
    the groups it settles for)."""
    simple = undirected(graph)
    simple.remove_nodes_from([n for n in list(simple) if simple.degree(n) == 0])
    if simple.number_of_edges() == 0:
        return []
    groups = nx.algorithms.community.greedy_modularity_communities(
        simple, weight="weight", resolution=COMMUNITY_RESOLUTION
    )
    # A card left alone (its neighbours all joined other groups) is no group of linked cards.
    linked = (sorted(group) for group in groups if len(group) > 1)
    return sorted(linked, key=lambda g: (-len(g), g))


def tested_pairs(graph: nx.MultiDiGraph) -> set[frozenset[str]]:
    """Pairs of cards joined by an edge that some scenario tests."""
    return {frozenset((s, t)) for s, t, data in graph.edges(data=True) if data.get("scenarios")}


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
    """Interactions that no scenario tests yet: the worklist.

    Pairs a ruling backs come first (the ruling is written, only its proof is missing),
    Kingdom pairs before those with a basic card, then the others, each by name.
    """
    tested = tested_pairs(graph)
    found: dict[tuple[str, str], tuple[set[str], set[str]]] = {}
    for source, target, key, data in graph.edges(keys=True, data=True):
        if source == target or frozenset((source, target)) in tested:
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


def ruled_only(graph: nx.MultiDiGraph) -> list[tuple[str, str, list[str]]]:
    """Pairs a ruling joins that no declaration covers: (card, other, rulings)."""
    return sorted(
        (s, t, list(d["rulings"]))
        for s, t, k, d in graph.edges(keys=True, data=True)
        if k == RULED.id
    )


def stats(graph: nx.MultiDiGraph) -> dict[str, Any]:
    """Counts for a summary: nodes by set, edges by kind, linked pairs, ruled-only pairs."""
    by_kind = Counter(key for _, _, key in graph.edges(keys=True))
    by_set = Counter(data["set"] for _, data in graph.nodes(data=True))
    simple = undirected(graph)
    return {
        "nodes": graph.number_of_nodes(),
        "edges": graph.number_of_edges(),
        "linked_pairs": simple.number_of_edges(),
        "nodes_by_set": dict(sorted(by_set.items())),
        "edges_by_kind": {k.id: by_kind[k.id] for k in ALL_KINDS if by_kind[k.id]},
        "non_interactions": len(graph.graph.get("non_interactions", [])),
        "ruled_without_declaration": [f"{s} / {t}" for s, t, _ in ruled_only(graph)],
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
    """GraphML has no lists: list attributes are written joined by ``;``, and the edition
    variants (a list of mappings) as JSON text."""
    flat = nx.MultiDiGraph()
    flat.graph.update(
        {
            k: LIST_SEPARATOR.join(map(str, v))
            if isinstance(v, list) and all(isinstance(i, str) for i in v)
            else json.dumps(v)
            for k, v in graph.graph.items()
        }
    )

    def flatten(data: Mapping[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in data.items():
            if k == "variants":
                out[k] = json.dumps(v, sort_keys=True)
            elif isinstance(v, (list, tuple, set)):
                out[k] = LIST_SEPARATOR.join(map(str, v))
            else:
                out[k] = v
        return out

    for node, data in graph.nodes(data=True):
        flat.add_node(node, **flatten(data))
    for source, target, key, data in graph.edges(keys=True, data=True):
        flat.add_edge(source, target, key=key, **flatten(data))
    nx.write_graphml(flat, out if hasattr(out, "write") else str(out))


_LISTS = {
    "types",
    "editions",
    "declares",
    "facets",
    "rulings",
    "scenarios",
    "source_editions",
    "target_editions",
}
_NUMBERS = {"editions", "source_editions", "target_editions"}


def from_graphml(path: Path | str) -> nx.MultiDiGraph:
    """Read what :func:`to_graphml` wrote, turning joined strings back into lists."""
    flat = nx.read_graphml(str(path), force_multigraph=True)
    graph = nx.MultiDiGraph()

    def unflatten(data: Mapping[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in data.items():
            if k == "variants":
                out[k] = json.loads(v)
            elif k in _LISTS:
                items = [item for item in str(v).split(LIST_SEPARATOR) if item]
                out[k] = [int(i) for i in items] if k in _NUMBERS else items
            else:
                out[k] = v
        return out

    for node, data in flat.nodes(data=True):
        graph.add_node(node, **unflatten(data))
    for source, target, key, data in flat.edges(keys=True, data=True):
        graph.add_edge(source, target, key=key, **unflatten(data))
    return graph
