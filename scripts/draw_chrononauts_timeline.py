"""Draw the Chrononauts TimeLine's dependency graph as SVG (pure Python, no plotting library).

Linchpins sit on the top row and ripplepoints on the bottom row, both in Time
Index order; an arrow runs from each linchpin to every ripplepoint whose
"Paradoxed if" condition names it.  A ripplepoint's box says whether its
condition is a single icon, an OR or an AND; the edges are coloured the same
way.  The Nexus (1945) and the UltraParadox year (1962) are outlined.

Usage (from the project's root)::

    .venv/bin/python scripts/draw_chrononauts_timeline.py                 # writes docs/images/
    .venv/bin/python scripts/draw_chrononauts_timeline.py --cards deck.json --out my.svg
    .venv/bin/python scripts/draw_chrononauts_timeline.py --provenance    # the docs' provenance tables
"""

from __future__ import annotations

import argparse
import pathlib
from html import escape

from tabletop_rules.chrononauts.content import CardSet, default_cards, load_cards, provenance_markdown

COLOURS = {"single": "#6b6b6b", "or": "#1f6fb2", "and": "#c0392b"}
WIDTH = 1740
TOP_Y, BOTTOM_Y = 120, 520
BOX_H = 58


def svg(cards: CardSet) -> str:
    """The whole picture as SVG text."""
    linchpins = sorted(cards.linchpins, key=lambda c: c.time_index)
    ripples = sorted(cards.ripplepoints, key=lambda c: c.time_index)
    up_year = next((p.year for p in cards.patches if p.triggers_ultraparadox), None)

    def xs(count: int) -> list[float]:
        step = (WIDTH - 80) / count
        return [40 + step * (i + 0.5) for i in range(count)]

    top = {lp.icon: (x, lp) for x, lp in zip(xs(len(linchpins)), linchpins, strict=True)}
    bottom = list(zip(xs(len(ripples)), ripples, strict=True))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="670" viewBox="0 0 {WIDTH} 670" '
        'font-family="Helvetica, Arial, sans-serif">',
        '<rect width="100%" height="100%" fill="#ffffff"/>',
        '<text x="40" y="36" font-size="22" font-weight="bold">Chrononauts TimeLine: which linchpins '
        "paradox which ripplepoints</text>",
        '<text x="40" y="62" font-size="14" fill="#444">Top: the 13 linchpins (flipped by Inverters). '
        "Bottom: the 19 ripplepoints, each with its &#8220;Paradoxed if&#8221; condition. "
        "Edges: grey = single icon, blue = OR, red = AND.</text>",
        "<defs>",
    ]
    for op, colour in COLOURS.items():
        out.append(
            f'<marker id="arrow-{op}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
            f'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="{colour}"/></marker>'
        )
    out.append("</defs>")
    for x, rp in bottom:  # edges first, under the boxes
        cond = rp.paradox_if
        for term in cond.terms:
            icon = term.rstrip("'")
            x0, _ = top[icon]
            colour = COLOURS[cond.op]
            dash = ' stroke-dasharray="7 4"' if cond.op == "and" else ""
            out.append(
                f'<line x1="{x0:.1f}" y1="{TOP_Y + BOX_H / 2:.1f}" '
                f'x2="{x:.1f}" y2="{BOTTOM_Y - BOX_H / 2 - 2:.1f}" stroke="{colour}" stroke-width="1.6" '
                f'opacity="0.85"{dash} marker-end="url(#arrow-{cond.op})"/>'
            )
    for x, lp in top.values():
        out.append(_box(120, x, TOP_Y, "#6c3483", "#f4ecf7", f"{lp.year}", lp.icon, lp.time_index, 1.5))
    for x, rp in bottom:
        op = rp.paradox_if.op
        label = {"single": "single", "or": "OR", "and": "AND"}[op]
        border, width = ("#b9770e", 3.5) if rp.nexus or rp.year == up_year else ("#1f4e79", 1.5)
        out.append(
            _box(
                80,
                x,
                BOTTOM_Y,
                border,
                "#eaf2f8",
                f"{rp.year}",
                label,
                rp.time_index,
                width,
                label_colour=COLOURS[op],
            )
        )
    legend_y = 625
    out.append(
        f'<text x="40" y="{legend_y}" font-size="13" fill="#444">Gold outline: 1945 (the Nexus: three '
        "linchpins, three unstable patches) and 1962 (its patch, World War 3, starts the UltraParadox)."
        "</text>"
        f'<text x="40" y="{legend_y + 20}" font-size="13" fill="#444">Small letters: the Time Index. '
        "Generated from the card data by scripts/draw_chrononauts_timeline.py.</text>"
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _box(
    box_w: float,
    x: float,
    y: float,
    border: str,
    fill: str,
    title: str,
    subtitle: str,
    index: str,
    width: float,
    label_colour: str = "#333",
) -> str:
    left, top = x - box_w / 2, y - BOX_H / 2
    return (
        f'<g><rect x="{left:.1f}" y="{top:.1f}" width="{box_w}" height="{BOX_H}" rx="8" fill="{fill}" '
        f'stroke="{border}" stroke-width="{width}"/>'
        f'<text x="{x:.1f}" y="{y - 4:.1f}" font-size="17" font-weight="bold" text-anchor="middle">'
        f"{escape(title)}</text>"
        f'<text x="{x:.1f}" y="{y + 15:.1f}" font-size="12" text-anchor="middle" fill="{label_colour}">'
        f"{escape(subtitle)}</text>"
        f'<text x="{left + 5:.1f}" y="{top + BOX_H - 4:.1f}" font-size="9" fill="#777">'
        f"{escape(index)}</text></g>"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description="Draw the Chrononauts TimeLine dependency graph as SVG.")
    parser.add_argument("--cards", type=pathlib.Path, help="a card list in the package's JSON schema")
    parser.add_argument(
        "--out", type=pathlib.Path, default=pathlib.Path("docs/images/chrononauts_timeline.svg")
    )
    parser.add_argument("--provenance", action="store_true", help="print the provenance tables instead")
    args = parser.parse_args()
    cards = load_cards(args.cards) if args.cards else default_cards()
    if args.provenance:
        print(provenance_markdown(cards), end="")
        return
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(svg(cards), encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
