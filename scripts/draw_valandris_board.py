"""Draw the Valandris board as an SVG picture (docs/images/valandris_board.svg).

Usage: ``python scripts/draw_valandris_board.py [OUT.svg]``

Pure Python, no plotting library: the board's own coordinates are projected
orthographically along the axis through ``E0`` (the north pole), slightly
tilted so that front and back can be told apart.  Four panels: each world's
skeleton with its vertex names, then all three worlds with the cross-world
edges.  Vertices on the far side are drawn lighter.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

from tabletop_rules.valandris.board import BOARD, World

COLOURS = {World.HEAVEN: "#c0392b", World.EARTH: "#1e8449", World.ABYSS: "#1f3a93"}
TITLES = {
    World.HEAVEN: "Heaven (outer dodecahedron)",
    World.EARTH: "Earth (icosahedron)",
    World.ABYSS: "Abyss (inner dodecahedron)",
}
PANEL = 420
TILT = math.radians(18)


def project(xyz: tuple[float, float, float], scale: float) -> tuple[float, float, float]:
    x, y, z = xyz
    y2 = y * math.cos(TILT) - z * math.sin(TILT)
    z2 = y * math.sin(TILT) + z * math.cos(TILT)
    return (x * scale, -y2 * scale, z2)


def panel(worlds: tuple[World, ...], cross: bool, ox: float, oy: float, title: str) -> list[str]:
    out = [
        f'<g transform="translate({ox + PANEL / 2:.1f},{oy + PANEL / 2 + 10:.1f})">',
        f'<text x="0" y="{-PANEL / 2 + 8:.1f}" text-anchor="middle" font-size="15" '
        f'font-family="sans-serif">{title}</text>',
    ]
    scale = 170.0
    keep = [v for v in range(52) if BOARD.world[v] in worlds]
    if len(worlds) == 1:
        radius = math.dist((0, 0, 0), BOARD.xyz[keep[0]])
        scale = 170.0 / radius
    pts = {v: project(BOARD.xyz[v], scale) for v in keep}
    edges = []
    for u, v, kind in BOARD.graph.edges(data="kind"):
        if u in pts and v in pts and (kind == "same" or cross):
            edges.append((min(pts[u][2], pts[v][2]), u, v, kind))
    for depth, u, v, kind in sorted(edges):
        colour = COLOURS[BOARD.world[u]] if kind == "same" else "#888888"
        opacity = 0.9 if depth > -0.05 else 0.3
        width = 1.8 if kind == "same" else 0.6
        dash = ' stroke-dasharray="3,3"' if kind == "cross" else ""
        out.append(
            f'<line x1="{pts[u][0]:.1f}" y1="{pts[u][1]:.1f}" x2="{pts[v][0]:.1f}" y2="{pts[v][1]:.1f}" '
            f'stroke="{colour}" stroke-width="{width}" stroke-opacity="{opacity}"{dash}/>'
        )
    for v in sorted(keep, key=lambda v: pts[v][2]):
        x, y, z = pts[v]
        front = z > -0.05
        colour = COLOURS[BOARD.world[v]]
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{9 if len(worlds) == 1 else 4}" fill="{colour}" '
            f'fill-opacity="{1.0 if front else 0.35}" stroke="white" stroke-width="1"/>'
        )
        if len(worlds) == 1:
            out.append(
                f'<text x="{x:.1f}" y="{y + 3.5:.1f}" text-anchor="middle" font-size="8.5" '
                f'font-family="sans-serif" fill="{"white" if front else "#333333"}">{BOARD.names[v]}</text>'
            )
    out.append("</g>")
    return out


def render() -> str:
    width, height = 2 * PANEL, 2 * PANEL
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">',
        '<rect width="100%" height="100%" fill="white"/>',
    ]
    parts += panel((World.HEAVEN,), False, 0, 0, TITLES[World.HEAVEN])
    parts += panel((World.EARTH,), False, PANEL, 0, TITLES[World.EARTH])
    parts += panel((World.ABYSS,), False, 0, PANEL, TITLES[World.ABYSS])
    parts += panel(tuple(World), True, PANEL, PANEL, "All three worlds, cross-world edges dashed")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> int:
    default = Path(__file__).resolve().parent.parent / "docs/images/valandris_board.svg"
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    out.write_text(render(), encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
