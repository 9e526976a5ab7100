"""A card's neighbourhood as an SVG picture, drawn without any plotting library.

The layout is radial and deterministic: the card in the middle, its neighbours on one or
two rings, grouped by the first kind that joins them so that each kind sits in one arc.
Every neighbour's name is a link to its page (``<slug>.html`` beside the card's page).
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


def neighbourhood_svg(
    centre: str,
    neighbours: Sequence[tuple[str, str, Sequence[str]]],
    colours: Mapping[str, str],
    width: int = 680,
) -> str:
    """``neighbours`` is (name, slug, kinds); returns an inline ``<svg>`` element.

    Up to :data:`FLAT` neighbours get level labels on one ring; more get one wider ring
    with labels turned along the radius, so that none overlaps another.
    """
    radial = len(neighbours) > FLAT
    legend_kinds = sorted({k for _, _, kinds in neighbours for k in kinds[:1]})
    if radial:
        radius = max(190.0, len(neighbours) * 15 / (2 * math.pi))
        height = int(2 * (radius + 130))
        width = max(width, height + 160)
        cx, cy = height / 2, height / 2
    else:
        height = 460
        cx, cy = width / 2 - 70, height / 2
        radius = min(cx, cy) - 70
    ordered = sorted(neighbours, key=lambda n: (n[2][0] if n[2] else "", n[0]))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="arbiter-neighbourhood" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
        f'aria-label="{escape(centre)} and the cards it interacts with">',
        f"<title>{escape(centre)}: {len(neighbours)} neighbouring card(s)</title>",
        '<rect width="100%" height="100%" fill="#fbfbf8" stroke="#ddd"/>',
    ]
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
        if radial:
            degrees = math.degrees(angle)
            left = math.cos(angle) < 0
            lx, ly = cx + (radius + 10) * math.cos(angle), cy + (radius + 10) * math.sin(angle)
            label = (
                f'<text x="{lx:.1f}" y="{ly:.1f}" dy="4" '
                f'text-anchor="{"end" if left else "start"}" '
                f'transform="rotate({degrees + (180 if left else 0):.1f} {lx:.1f} {ly:.1f})" '
                f'font-size="11" font-family="sans-serif" fill="#1a1a1a">{escape(name)}</text>'
            )
        else:
            cos = math.cos(angle)
            anchor = "start" if cos > 0.2 else "end" if cos < -0.2 else "middle"
            dx = 9 if anchor == "start" else -9 if anchor == "end" else 0
            dy = 4 if anchor != "middle" else (16 if math.sin(angle) > 0 else -10)
            label = (
                f'<text x="{x + dx:.1f}" y="{y + dy:.1f}" text-anchor="{anchor}" '
                f'font-size="12" font-family="sans-serif" fill="#1a1a1a">{escape(name)}</text>'
            )
        parts.append(
            f'<a href="{escape(slug)}.html" class="node"><title>{escape(name)}: '
            f"{escape(', '.join(kinds))}</title>"
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{5 if radial else 6}" fill="{colour}" '
            f'stroke="#333" stroke-width="0.8"/>{label}</a>'
        )
    parts.append(
        f'<circle cx="{cx}" cy="{cy}" r="11" fill="#222"/>'
        f'<text x="{cx}" y="{cy + 28}" text-anchor="middle" font-size="15" '
        f'font-weight="bold" font-family="sans-serif">{escape(centre)}</text>'
    )
    for index, kind in enumerate(legend_kinds):
        y = 22 + index * 18
        parts.append(
            f'<rect x="{width - 150}" y="{y - 9}" width="12" height="4" '
            f'fill="{colours.get(kind, "#999")}"/><text x="{width - 133}" y="{y - 4}" '
            f'font-size="11" font-family="sans-serif">{escape(kind)}</text>'
        )
    if not neighbours:
        parts.append(
            f'<text x="{cx}" y="{cy - 30}" text-anchor="middle" font-size="13" '
            f'font-family="sans-serif" fill="#555">no interaction declared yet</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)
