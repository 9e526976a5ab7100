"""A card's neighbourhood as an SVG picture, drawn without any plotting library.

Two deterministic layouts. Up to :data:`FLAT` neighbours: radial, the card in the middle
and its neighbours on a ring, ordered by the first kind that joins them so that each kind
sits in one arc. More (Throne Room, King's Court): grouped, the card on the left and one
labelled box per kind on the right holding its cards' names in columns, one line per
kind, so that the picture stays legible however many cards there are.
Every neighbour's name is a link to its page (``<slug>.html`` beside the card's page).
Colours of text and background come from the page's stylesheet (light or dark).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape

# One colour per interaction kind, picked in order from a palette readable on white.
PALETTE = (
    "#d62728",
    "#1f77b4",
    "#2ca02c",
    "#9467bd",
    "#ff7f0e",
    "#17becf",
    "#8c564b",
    "#e377c2",
    "#7f7f7f",
    "#bcbd22",
    "#393b79",
    "#637939",
    "#843c39",
    "#7b4173",
    "#ff1493",
    "#e6550d",
    "#111111",
)


FLAT = 24


# Rulings and scenarios keep their colour whatever kinds the meeting table has.
FIXED = {"ruling": "#e6550d", "scenario": "#111111"}


def kind_colours(kinds: Sequence[str]) -> dict[str, str]:
    free = [colour for colour in PALETTE if colour not in FIXED.values()]
    others = [kind for kind in kinds if kind not in FIXED]
    colours = {kind: free[i % len(free)] for i, kind in enumerate(others)}
    colours.update({kind: FIXED[kind] for kind in kinds if kind in FIXED})
    return colours


Neighbours = Sequence[tuple[str, str, Sequence[str]]]


def neighbourhood_svg(
    centre: str, neighbours: Neighbours, colours: Mapping[str, str], width: int = 680
) -> str:
    """``neighbours`` is (name, slug, kinds); returns an inline ``<svg>`` element."""
    if len(neighbours) > FLAT:
        return grouped_svg(centre, neighbours, colours)
    return radial_svg(centre, neighbours, colours, width)


def _open(centre: str, count: int, width: int, height: int) -> list[str]:
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="arbiter-neighbourhood" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
        f'aria-label="{escape(centre)} and the cards it interacts with">',
        f"<title>{escape(centre)}: {count} neighbouring card{'' if count == 1 else 's'}</title>",
        f'<rect class="backdrop" width="{width}" height="{height}" fill="#fbfbf8" stroke="#ddd"/>',
    ]


def _node(name: str, slug: str, kinds: Sequence[str], circle: str, label: str) -> str:
    return (
        f'<a href="{escape(slug)}.html" class="node"><title>{escape(name)}: '
        f"{escape(', '.join(kinds))}</title>{circle}{label}</a>"
    )


GROUP_COLUMN = 132
GROUP_ROW = 19


def grouped_svg(centre: str, neighbours: Neighbours, colours: Mapping[str, str]) -> str:
    groups: dict[str, list[tuple[str, str, Sequence[str]]]] = {}
    for item in sorted(neighbours, key=lambda n: n[0]):
        groups.setdefault(item[2][0] if item[2] else "", []).append(item)
    order = sorted(groups, key=lambda k: (-len(groups[k]), k))
    width, left, columns = 720, 200, 4
    boxes, y = [], 12
    for kind in order:
        rows = math.ceil(len(groups[kind]) / columns)
        height = 30 + rows * GROUP_ROW
        boxes.append((kind, y, height))
        y += height + 12
    total = max(y, 120)
    cx, cy = 70, total / 2
    parts = _open(centre, len(neighbours), width, total)
    for kind, top, height in boxes:
        colour = colours.get(kind, "#999")
        parts.append(
            f'<path d="M{cx + 12} {cy:.1f} C{cx + 70} {cy:.1f} {left - 60} {top + height / 2:.1f} '
            f'{left} {top + height / 2:.1f}" fill="none" stroke="{colour}" stroke-width="2.5" '
            f'stroke-opacity="0.8"/>'
        )
    for kind, top, height in boxes:
        colour = colours.get(kind, "#999")
        parts.append(
            f'<rect class="group" x="{left}" y="{top}" width="{width - left - 8}" '
            f'height="{height}" rx="6" fill="#fff" stroke="{colour}" stroke-width="1.5"/>'
            f'<text x="{left + 10}" y="{top + 18}" font-size="13" font-weight="bold" '
            f'font-family="sans-serif" fill="#1a1a1a">{escape(kind)} '
            f"({len(groups[kind])})</text>"
        )
        for index, (name, slug, kinds) in enumerate(groups[kind]):
            x = left + 16 + (index % columns) * GROUP_COLUMN
            row_y = top + 30 + (index // columns) * GROUP_ROW + 10
            parts.append(
                _node(
                    name,
                    slug,
                    kinds,
                    f'<circle cx="{x}" cy="{row_y - 4}" r="4" fill="{colour}"/>',
                    f'<text x="{x + 8}" y="{row_y}" font-size="12" font-family="sans-serif" '
                    f'fill="#1a1a1a">{escape(name)}</text>',
                )
            )
    parts.append(
        f'<circle cx="{cx}" cy="{cy:.1f}" r="11" fill="#222" stroke="#fff"/>'
        f'<text x="{cx}" y="{cy + 30:.1f}" text-anchor="middle" font-size="15" '
        f'font-weight="bold" font-family="sans-serif" fill="#1a1a1a">{escape(centre)}</text>'
    )
    parts.append("</svg>")
    return "\n".join(parts)


def radial_svg(
    centre: str, neighbours: Neighbours, colours: Mapping[str, str], width: int = 680
) -> str:
    """The card in the middle, level labels on one ring (up to :data:`FLAT` neighbours)."""
    legend_kinds = sorted({k for _, _, kinds in neighbours for k in kinds[:1]})
    height = 460
    cx, cy = width / 2 - 70, height / 2
    radius = min(cx, cy) - 70
    ordered = sorted(neighbours, key=lambda n: (n[2][0] if n[2] else "", n[0]))
    parts = _open(centre, len(neighbours), width, height)
    points = []
    for index, (name, slug, kinds) in enumerate(ordered):
        angle = 2 * math.pi * index / max(len(ordered), 1) - math.pi / 2
        x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        points.append((name, slug, kinds, x, y, angle))
    for _, _, kinds, x, y, _ in points:
        for offset, kind in enumerate(kinds[:3]):
            shift = (offset - (min(len(kinds), 3) - 1) / 2) * 3
            parts.append(
                f'<line x1="{cx + shift:.1f}" y1="{cy + shift:.1f}" x2="{x + shift:.1f}" '
                f'y2="{y + shift:.1f}" stroke="{colours.get(kind, "#999")}" '
                f'stroke-width="1.6" stroke-opacity="0.75"/>'
            )
    for name, slug, kinds, x, y, angle in points:
        colour = colours.get(kinds[0], "#999") if kinds else "#999"
        cos = math.cos(angle)
        anchor = "start" if cos > 0.2 else "end" if cos < -0.2 else "middle"
        dx = 9 if anchor == "start" else -9 if anchor == "end" else 0
        dy = 4 if anchor != "middle" else (16 if math.sin(angle) > 0 else -10)
        parts.append(
            _node(
                name,
                slug,
                kinds,
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="{colour}" stroke="#333" '
                'stroke-width="0.8"/>',
                f'<text x="{x + dx:.1f}" y="{y + dy:.1f}" text-anchor="{anchor}" '
                f'font-size="12" font-family="sans-serif" fill="#1a1a1a">{escape(name)}</text>',
            )
        )
    parts.append(
        f'<circle cx="{cx}" cy="{cy}" r="11" fill="#222" stroke="#fff"/>'
        f'<text x="{cx}" y="{cy + 28}" text-anchor="middle" font-size="15" '
        f'font-weight="bold" font-family="sans-serif" fill="#1a1a1a">{escape(centre)}</text>'
    )
    for index, kind in enumerate(legend_kinds):
        y = 22 + index * 18
        parts.append(
            f'<rect x="{width - 150}" y="{y - 9}" width="12" height="4" '
            f'fill="{colours.get(kind, "#999")}"/><text x="{width - 133}" y="{y - 4}" '
            f'font-size="11" font-family="sans-serif" fill="#1a1a1a">{escape(kind)}</text>'
        )
    if not neighbours:
        parts.append(
            f'<text x="{cx}" y="{cy - 30}" text-anchor="middle" font-size="13" '
            f'font-family="sans-serif" fill="#555">no interaction declared yet</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)
