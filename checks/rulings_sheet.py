"""The rulings sheet for one game: every interaction among a kingdom's cards and the basics.

*Data API* (used by ``arbiter graph --kingdom`` and the docs' kingdom page):
:func:`kingdom_sheet` builds a :class:`Sheet` from the interaction graph, and
:func:`render` writes it as plain text, Markdown or HTML for printing. Each interaction is
listed under both of its cards (the Kingdom cards in the order given, then the basic
cards), with its reason, the editions it needs when they are not both, and the rulings to
know (id and text); a Kingdom card that meets none of the others says so. The site's sheet
(``docs/_static/kingdom.js``) lists the same rows: tests/test_kingdom_sheet.py compares them.
"""

from __future__ import annotations

import html
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import networkx as nx  # type: ignore[import-untyped]

from checks.graph import (
    EditionChoice,
    GraphQueryError,
    NonInteraction,
    Row,
    card_interactions,
    non_interactions,
    resolve,
    select,
)

BASICS = ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse")
PLATINUM_COLONY = ("Platinum", "Colony")
MAX_KINGDOM = 10
FORMATS = ("text", "markdown", "html")
NONE_ON_THE_TABLE = "No interaction with the other cards on the table."


@dataclass(frozen=True)
class SheetCard:
    """One card's part of the sheet: the interactions listed under it."""

    card: str
    kingdom: bool
    rows: tuple[Row, ...]
    non_interactions: tuple[NonInteraction, ...]


@dataclass(frozen=True)
class Sheet:
    kingdom: tuple[str, ...]
    basics: tuple[str, ...]
    cards: tuple[SheetCard, ...]
    rulings: Mapping[str, str]  # id -> text, for every ruling the sheet cites
    editions: str

    def pairs(self) -> set[frozenset[str]]:
        """Every pair of cards the sheet lists (a card with itself is a one-card set)."""
        return {frozenset((r.card, r.other)) for c in self.cards for r in c.rows}


def parse_kingdom(graph: nx.MultiDiGraph, text: str) -> list[str]:
    """The kingdom cards of ``"Card, Card, ..."``: known, Kingdom cards, no repeats, 1 to 10."""
    names = [part.strip() for part in text.split(",") if part.strip()]
    if not names:
        raise GraphQueryError("--kingdom needs card names separated by commas")
    cards = [resolve(graph, name) for name in names]
    basic = [c for c in cards if not graph.nodes[c]["kingdom"]]
    if basic:
        raise GraphQueryError(f"not a Kingdom card: {', '.join(basic)} (basic cards are always in)")
    repeated = sorted({c for c in cards if cards.count(c) > 1})
    if repeated:
        raise GraphQueryError(f"named twice in --kingdom: {', '.join(repeated)}")
    if len(cards) > MAX_KINGDOM:
        raise GraphQueryError(f"--kingdom has {len(cards)} cards; a kingdom has at most 10")
    return cards


def kingdom_sheet(
    graph: nx.MultiDiGraph,
    kingdom: Sequence[str],
    platinum_colony: bool = False,
    editions: EditionChoice | None = None,
    editions_label: str = "both editions",
) -> Sheet:
    """*Data API.* The sheet for ``kingdom`` (card names) plus the basic cards."""
    chosen = select(graph, editions)
    cards = [resolve(chosen, name) for name in kingdom]
    basics = [b for b in (*BASICS, *(PLATINUM_COLONY if platinum_colony else ())) if b in chosen]
    table = [*cards, *basics]
    parts = []
    cited: dict[str, str] = {}
    texts = chosen.graph.get("ruling_texts", {})
    for card in table:
        rows = tuple(
            row
            for group in card_interactions(chosen, card)
            for row in group.rows
            if row.other in table
        )
        for row in rows:
            cited.update({r: texts.get(r, "") for r in row.rulings})
        nons = tuple(n for n in non_interactions(chosen, card) if n.other(card) in table)
        cited.update({n.ruling: n.reason for n in nons})
        if rows or nons or card in cards:
            parts.append(SheetCard(card, card in cards, rows, nons))
    return Sheet(
        tuple(cards), tuple(basics), tuple(parts), dict(sorted(cited.items())), editions_label
    )


# --- rendering -----------------------------------------------------------------------------


def _editions_note(row: Row) -> str:
    """Which editions the row needs, when not every edition of both cards."""
    notes = []
    for variant in row.variants:
        source, target = variant["source_editions"], variant["target_editions"]
        if len(row.variants) > 1 or source != [1, 2] or target != [1, 2]:
            notes.append(
                f"{row.card if row.direction == 'out' else row.other} {_ed(source)}, "
                f"{row.other if row.direction == 'out' else row.card} {_ed(target)}"
            )
    return "; ".join(notes)


def _ed(editions: Sequence[int]) -> str:
    return (
        "both editions" if list(editions) == [1, 2] else f"edition {', '.join(map(str, editions))}"
    )


def _lines(row: Row) -> tuple[str, str, list[str]]:
    """(heading, reasons, rulings) of one row for every format."""
    other = "another " + row.card if row.other == row.card else row.other
    reasons = [v["reason"] for v in row.variants] or [row.reason]
    note = _editions_note(row)
    reason = " / ".join(dict.fromkeys(reasons)) + (f" [{note}]" if note else "")
    return f"with {other}", reason, list(row.rulings)


def render_text(sheet: Sheet, width: int = 96) -> str:
    out = [
        f"Rulings sheet: {', '.join(sheet.kingdom)}",
        f"With the basic cards {', '.join(sheet.basics)}; {sheet.editions}.",
        "",
    ]
    for part in sheet.cards:
        out.append(part.card)
        if not part.rows and not part.non_interactions:
            out.append(f"  - {NONE_ON_THE_TABLE}")
        for row in part.rows:
            head, reason, rulings = _lines(row)
            out.append(
                textwrap.fill(
                    f"{head}: {reason}", width, initial_indent="  - ", subsequent_indent="    "
                )
            )
            if rulings:
                out.append(
                    textwrap.fill(
                        "rulings: " + ", ".join(rulings),
                        width,
                        initial_indent="    ",
                        subsequent_indent="      ",
                    )
                )
        for non in part.non_interactions:
            out.append(
                textwrap.fill(
                    f"no special rule with {non.other(part.card)}: {non.reason} ({non.ruling})",
                    width,
                    initial_indent="  - ",
                    subsequent_indent="    ",
                )
            )
        out.append("")
    if sheet.rulings:
        out.append("Rulings to know")
        for ruling, text in sheet.rulings.items():
            out.append(
                textwrap.fill(
                    f"{ruling}: {text}", width, initial_indent="  ", subsequent_indent="    "
                )
            )
    return "\n".join(out).rstrip() + "\n"


def _md(text: str) -> str:
    for char in ("\\", "*", "_", "`", "[", "]", "<", ">", "#", "|"):
        text = text.replace(char, "\\" + char)
    return text


def render_markdown(sheet: Sheet) -> str:
    out = [
        f"# Rulings sheet: {_md(', '.join(sheet.kingdom))}",
        "",
        f"With the basic cards {_md(', '.join(sheet.basics))}; {_md(sheet.editions)}.",
        "",
    ]
    for part in sheet.cards:
        out += [f"## {_md(part.card)}", ""]
        if not part.rows and not part.non_interactions:
            out.append(f"- {NONE_ON_THE_TABLE}")
        for row in part.rows:
            head, reason, rulings = _lines(row)
            cite = f" (rulings: {', '.join(f'`{r}`' for r in rulings)})" if rulings else ""
            out.append(f"- **{_md(head)}**: {_md(reason)}{cite}")
        for non in part.non_interactions:
            out.append(
                f"- **no special rule with {_md(non.other(part.card))}**: "
                f"{_md(non.reason)} (`{non.ruling}`)"
            )
        out.append("")
    if sheet.rulings:
        out += ["## Rulings to know", ""]
        out += [f"- `{r}`: {_md(text)}" for r, text in sheet.rulings.items()]
    return "\n".join(out).rstrip() + "\n"


def render_html(sheet: Sheet) -> str:
    e = html.escape
    title = f"Rulings sheet: {', '.join(sheet.kingdom)}"
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(title)}</title>",
        "<style>body{font:11pt/1.35 sans-serif;max-width:48em;margin:1em auto}"
        "h2{font-size:12pt;margin:.8em 0 .2em}ul{margin:0;padding-left:1.2em}"
        "code{font-size:9pt}@media print{body{margin:0}}</style>",
        "</head><body>",
        f"<h1>{e(title)}</h1>",
        f"<p>With the basic cards {e(', '.join(sheet.basics))}; {e(sheet.editions)}.</p>",
    ]
    for part in sheet.cards:
        out += [f'<section class="card"><h2>{e(part.card)}</h2>', "<ul>"]
        if not part.rows and not part.non_interactions:
            out.append(f"<li>{e(NONE_ON_THE_TABLE)}</li>")
        for row in part.rows:
            head, reason, rulings = _lines(row)
            cite = (
                f" <small>(rulings: {', '.join(f'<code>{e(r)}</code>' for r in rulings)})</small>"
                if rulings
                else ""
            )
            out.append(f"<li><b>{e(head)}</b>: {e(reason)}{cite}</li>")
        for non in part.non_interactions:
            out.append(
                f"<li><b>no special rule with {e(non.other(part.card))}</b>: "
                f"{e(non.reason)} <small>(<code>{e(non.ruling)}</code>)</small></li>"
            )
        out += ["</ul>", "</section>"]
    if sheet.rulings:
        out += ["<h2>Rulings to know</h2>", "<ul>"]
        out += [f"<li><code>{e(r)}</code>: {e(text)}</li>" for r, text in sheet.rulings.items()]
        out.append("</ul>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def render(sheet: Sheet, fmt: str = "text") -> str:
    """*Data API.* The sheet as ``text``, ``markdown`` or ``html``."""
    if fmt == "markdown":
        return render_markdown(sheet)
    if fmt == "html":
        return render_html(sheet)
    if fmt == "text":
        return render_text(sheet)
    raise ValueError(f"unknown sheet format {fmt!r} (one of {', '.join(FORMATS)})")
