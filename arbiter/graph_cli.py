"""``arbiter graph``: query or export the interaction graph, or print a kingdom's rulings sheet.

Every query reads the same edges (:mod:`checks.graph`) and prints for people by default:
card names, kind titles, reasons and ruling ids, never internal keys. ``--format json`` or
``graphml`` exports the whole graph; with ``--kingdom``, ``--format`` picks the sheet's
format (text, markdown, html, or json for the sheet as data).
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import networkx as nx  # type: ignore[import-untyped]

from arbiter import output
from checks import graph as g
from checks import rulings_sheet
from checks.interactions import ALL_KINDS, KIND_BY_ID

EXPORTS = ("json", "graphml")
WIDTH = 96


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one clear line, exit 2
        self.exit(2, f"{self.prog}: error: {message}\n")


def parser(prog: str = "arbiter graph") -> argparse.ArgumentParser:
    p = _Parser(
        prog=prog,
        description="Query the card interaction graph, print a kingdom's rulings sheet, "
        "or export the graph.",
    )
    p.add_argument(
        "--kingdom",
        metavar='"CARD, CARD, ..."',
        help="the rulings sheet for these kingdom cards plus the basic cards",
    )
    p.add_argument(
        "--platinum-colony",
        action="store_true",
        help="with --kingdom: the game uses Platinum and Colony",
    )
    p.add_argument(
        "--format",
        choices=(*EXPORTS, *rulings_sheet.FORMATS),
        help="export the graph (json, graphml), or the format of the --kingdom sheet "
        "(text, markdown, html, json)",
    )
    p.add_argument("--out", type=Path, help="file to write the export or the sheet to")
    p.add_argument(
        "--editions",
        metavar="CHOICE",
        help="both (default), 1, 2, or per set like prosperity=1,intrigue=2",
    )
    p.add_argument(
        "--neighbors", "--neighbours", metavar="CARD", help="the cards CARD interacts with, by kind"
    )
    p.add_argument("--kind", help="with --neighbors: only this kind of interaction")
    p.add_argument(
        "--path", nargs=2, metavar=("A", "B"), help="the shortest chain of interactions from A to B"
    )
    p.add_argument(
        "--untested", action="store_true", help="interactions no scenario tests yet (the worklist)"
    )
    p.add_argument("--top", type=int, metavar="N", help="the N most connected cards")
    p.add_argument("--communities", action="store_true", help="groups of closely linked cards")
    p.add_argument("--stats", action="store_true", help="counts by kind (the default)")
    return p


def _wrap(text: str, indent: str) -> str:
    return textwrap.fill(
        text, WIDTH, initial_indent=indent, subsequent_indent=" " * len(indent) + "  "
    )


def _variant_lines(row: g.Row) -> list[str]:
    """One line per reason: ``reason [editions: A 1 / B 1,2]``, editions shown only when
    the interaction does not hold for every edition of both cards."""
    first, second = (row.card, row.other) if row.direction == "out" else (row.other, row.card)
    lines = []
    for variant in row.variants:
        s, t = variant["source_editions"], variant["target_editions"]
        note = ""
        if s != [1, 2] or t != [1, 2]:
            note = (
                f" [editions: {first} {','.join(map(str, s))} / {second} {','.join(map(str, t))}]"
            )
        lines.append(f"{variant['reason']}{note}")
    return lines or [row.reason]


def neighbours_text(
    graph: nx.MultiDiGraph, card: str, kind: str | None, editions: g.EditionChoice | None
) -> str:
    name = g.resolve(graph, card)
    groups = g.card_interactions(graph, name, editions, kind)
    total = len({row.other for group in groups for row in group.rows})
    out = [f"{name}: interacts with {total} card(s)"]
    for group in groups:
        out.append(_wrap(f"{group.title} ({group.count}): {group.means}", "  "))
        for row in group.rows:
            other = f"another {name}" if row.other == name else row.other
            for line in _variant_lines(row):
                out.append(_wrap(f"{other}: {line}", "    - "))
            backing = []
            if row.rulings:
                backing.append("rulings " + ", ".join(row.rulings))
            if row.scenarios:
                backing.append("scenarios " + ", ".join(row.scenarios))
            if backing:
                out.append(_wrap("; ".join(backing), "      "))
    nons = g.non_interactions(graph, name)
    if nons and kind is None:
        out.append(f"  No special rule ({len(nons)}):")
        for non in nons:
            out.append(_wrap(f"with {non.other(name)}: {non.reason} ({non.ruling})", "    - "))
    return "\n".join(out) + "\n"


def path_text(graph: nx.MultiDiGraph, a: str, b: str) -> tuple[str, int]:
    first, second = g.resolve(graph, a), g.resolve(graph, b)
    steps = g.path_steps(graph, first, second)
    if not steps:
        if first == second:
            return f"{first} is where the path starts and ends\n", 0
        return f"no chain of interactions joins {first} and {second}\n", 1
    out = [f"{first} to {second} in {len(steps)} step(s):"]
    for number, step in enumerate(steps, 1):
        out.append(f"  {number}. {step.card} -> {step.next}")
        for row in step.rows:
            cite = f" (rulings {', '.join(row.rulings)})" if row.rulings else ""
            out.append(_wrap(f"{KIND_BY_ID[row.kind].title}: {row.reason}{cite}", "     "))
    return "\n".join(out) + "\n", 0


def top_text(graph: nx.MultiDiGraph, count: int) -> str:
    simple = g.undirected(graph)
    out = []
    for name, distinct, _edges in g.most_connected(graph, count):
        kinds = sorted({k for other in simple[name] for k in simple.edges[name, other]["kinds"]})
        titles = ", ".join(KIND_BY_ID[k].title.lower() for k in kinds)
        out.append(f"{name:20} {distinct:3} cards  ({titles})")
    return "\n".join(out) + "\n"


def communities_text(graph: nx.MultiDiGraph) -> str:
    out = []
    for number, community in enumerate(g.named_communities(graph), 1):
        out.append(f"{number:2}. {community.name}, {len(community.cards)} cards:")
        out.append(_wrap(", ".join(community.cards), "    "))
    return "\n".join(out) + "\n"


def untested_text(graph: nx.MultiDiGraph) -> str:
    rows = g.untested(graph)
    out = [f"{len(rows)} interaction(s) no scenario tests yet"]
    for row in rows:
        extra = f"  rulings: {', '.join(row.rulings)}" if row.rulings else ""
        titles = ", ".join(KIND_BY_ID[k].title for k in row.kinds)
        out.append(f"  {row.cards[0]} / {row.cards[1]}: {titles}{extra}")
    return "\n".join(out) + "\n"


def stats_text(graph: nx.MultiDiGraph) -> str:
    summary = g.stats(graph)
    out = [
        f"{summary['nodes']} cards, {summary['edges']} interactions joining "
        f"{summary['linked_pairs']} pairs of different cards; "
        f"{summary['non_interactions']} clarified non-interactions.",
        "By kind:",
    ]
    for kind in ALL_KINDS:
        count = summary["edges_by_kind"].get(kind.id, 0)
        if count:
            out.append(f"  {count:4}  {kind.title} ({kind.id})")
    ruled = summary["ruled_without_declaration"]
    if ruled:
        out.append(f"Ruled pairs no declaration covers yet ({len(ruled)}):")
        out.append(_wrap(", ".join(ruled), "  "))
    return "\n".join(out) + "\n"


def _export(graph: nx.MultiDiGraph, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(g.to_json(graph), indent=1, sort_keys=True, default=sorted) + "\n"
    buffer = io.BytesIO()
    g.to_graphml(graph, buffer)
    return buffer.getvalue().decode()


def _sheet(
    graph: nx.MultiDiGraph, args: argparse.Namespace, editions: g.EditionChoice | None
) -> str:
    kingdom = rulings_sheet.parse_kingdom(graph, args.kingdom)
    label = "both editions" if editions is None else f"editions {args.editions}"
    sheet = rulings_sheet.kingdom_sheet(graph, kingdom, args.platinum_colony, editions, label)
    if args.format == "json":
        return json.dumps(dataclasses.asdict(sheet), indent=1) + "\n"
    return rulings_sheet.render(sheet, args.format or "text")


def _check(args: argparse.Namespace) -> str | None:
    """The first contradiction among the options, or None."""
    if args.top is not None and args.top < 1:
        return "--top needs a positive number"
    if args.kind is not None and args.neighbors is None:
        return "--kind goes with --neighbors"
    if args.kind is not None and args.kind not in KIND_BY_ID:
        return f"unknown kind {args.kind!r} (one of {', '.join(KIND_BY_ID)})"
    if args.platinum_colony and args.kingdom is None:
        return "--platinum-colony goes with --kingdom"
    if args.format in rulings_sheet.FORMATS and args.kingdom is None:
        return f"--format {args.format} goes with --kingdom (export formats: json, graphml)"
    if args.format == "graphml" and args.kingdom is not None:
        return "--kingdom prints a sheet: --format text, markdown, html or json"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """0 on success, 1 when a path does not exist, 2 on bad input."""
    args = parser().parse_args(argv)
    if args.out is not None and args.format is None and args.kingdom is None:
        args.format = "graphml" if args.out.suffix.lower() == ".graphml" else "json"
    problem = _check(args)
    if problem:
        print(f"arbiter graph: error: {problem}", file=sys.stderr)
        return 2
    code = 0
    try:
        # Checked before the graph is built (arbiter.output: the rules for every output).
        [target] = output.plan(
            [("--out", args.out if args.out is not None else output.STDOUT)],
            inputs=output.project_inputs(),
        )
        editions = g.parse_editions(args.editions)
        graph = g.default_graph()
        chosen = g.select(graph, editions)
        out: list[str] = []
        if args.kingdom is not None:
            out.append(_sheet(graph, args, editions))
        elif args.format in EXPORTS:
            out.append(_export(chosen, args.format))
        if args.neighbors:
            out.append(neighbours_text(graph, args.neighbors, args.kind, editions))
        if args.path:
            text, code = path_text(chosen, *args.path)
            out.append(text)
        if args.untested:
            out.append(untested_text(chosen))
        if args.top is not None:
            out.append(top_text(chosen, args.top))
        if args.communities:
            out.append(communities_text(chosen))
        asked = (
            args.kingdom,
            args.format,
            args.neighbors,
            args.path,
            args.untested,
            args.top,
            args.communities,
        )
        if args.stats or not any(x is not None and x is not False for x in asked):
            out.append(stats_text(chosen))
        output.write(target, "".join(out))
        if args.out is not None:
            print(f"wrote {args.out}", file=sys.stderr)
    except (g.GraphQueryError, output.OutputError) as exc:
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
