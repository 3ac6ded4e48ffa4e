"""Valandris positions as SVG pictures (standard library only).

`render_svg(state)` draws the three worlds side by side, Heaven, Earth and the
Abyss, each as a flat (Schlegel-style) diagram of its solid computed from the
board's own coordinates: a vertex keeps its azimuth around the axis through
`E0` and moves out with its angle from that axis (an azimuthal equal-area
projection), so all three panels share one frame. `Hi` and `Ai` sit at the
same place of their panels, and an Earth square sits in the middle of the
Heaven pentagon it lies under. Cross-world edges are not drawn; the legend
says how to read them from the shared frame. The south pole `E11`, which the
projection cannot place, is the circle around the Earth diagram (a point at
infinity), marked at its bottom.

On top come the seals, the four pieces, the declared creature's power (a
gold ring, and the squares its power reaches when it stands in its home
world), a pending crossing, the last move as an arrow and a caption with the
turn, the phase and what comes next.

```python
from tabletop_rules import valandris
from tabletop_rules.valandris.render import move_endpoints, render_svg

before = valandris.from_position(leviathan="A0", unicorn="E0", archangel="H0", valandris="H19",
                                 seals=["E6", "E7", "E8", "E9", "E10"], declared="archangel")
move = valandris.parse_move(before, "L A0-A1")
after = valandris.apply(before, move)
svg_text = render_svg(after, last_move=move_endpoints(before, move), vertex_names=True)
```
"""

from __future__ import annotations

import math
import textwrap
from typing import Final

from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.svg import SvgDocument, check_flag, check_size, number
from tabletop_rules.valandris.board import BOARD, NAMES, Piece
from tabletop_rules.valandris.moves import Cross, DemonMove, Fly, Jump, Move, Place, Seal, Step
from tabletop_rules.valandris.rules import check_move, current_player
from tabletop_rules.valandris.state import Phase, State
from tabletop_rules.valandris.validation import validate
from tabletop_rules.valandris.views import describe, describe_phase

__all__ = ["move_endpoints", "render_svg"]

WIDTH: Final = 960
HEIGHT: Final = 640
_RADIUS: Final = 118.0  # the outer ring of Heaven and the Abyss
_CENTRE_Y: Final = 215.0
_PANEL_X: Final = (165.0, 480.0, 795.0)  # Heaven, Earth, Abyss
_POLE_DROP: Final = 138.0  # the radius of the circle that stands for E11

_WORLD_TITLES: Final = ("Heaven (outer dodecahedron)", "Earth (icosahedron)", "Abyss (inner dodecahedron)")
_EDGE_COLOURS: Final = ("#e3a8a1", "#9fd4b3", "#a9b6e6")
_RING_COLOURS: Final = ("#b03a2e", "#1e8449", "#1f3a93")
_PIECE_COLOURS: Final = ("#1f3a93", "#1e8449", "#b03a2e", "#111111")  # Leviathan, Unicorn, Archangel, V.
_PIECE_NAMES: Final = ("Leviathan", "Unicorn", "Archangel", "Valandris")
_POWERS: Final = (
    "may jump to the antipode of its Abyss square, then take one more step",
    "may seal an open Earth square just before its step",
    "may fly exactly two Heaven squares",
)
_NOTES: Final = (
    "The panels share one frame, seen down the axis through E0: Hi and Ai sit at the same place. Cross-world "
    "edges are not drawn: a square touches the squares at its place in the next panel (a Heaven square the 3 "
    "Earth squares around it; an Earth square the 5 Heaven squares around it and the 5 nearest Abyss "
    "squares). E11, the south pole, is the circle around the Earth diagram: it touches H15-H19 and A15-A19."
)
_GOLD: Final = "#d4ac0d"
_ARROW: Final = "#e67e22"


def _polar(vertex: int) -> tuple[float, float]:
    """The angle from the axis through `E0` and the azimuth of a vertex, in radians."""
    x, y, z = BOARD.xyz[vertex]
    radius = math.sqrt(x * x + y * y + z * z)
    return math.acos(max(-1.0, min(1.0, z / radius))), math.atan2(y, x)


def _layout() -> tuple[tuple[float, float], ...]:
    """Every vertex's place in the picture: an azimuthal equal-area projection in each panel."""
    board = BOARD
    outer = max(2 * math.sin(_polar(v)[0] / 2) for v in range(len(board.names)) if board.world[v] == 0)
    points = []
    for vertex in range(len(board.names)):
        world = int(board.world[vertex])
        polar, azimuth = _polar(vertex)
        cx = _PANEL_X[world]
        if polar > math.pi - 1e-6:  # the south pole has no place in the projection
            points.append((cx, _CENTRE_Y + _POLE_DROP))
            continue
        radius = _RADIUS * 2 * math.sin(polar / 2) / outer
        points.append((cx + radius * math.cos(azimuth), _CENTRE_Y - radius * math.sin(azimuth)))
    return tuple(points)


_POINTS: Final = _layout()
_INDEX: Final = {name: vertex for vertex, name in enumerate(NAMES)}
_POLE: Final = next(v for v in range(len(_POINTS)) if _POINTS[v][1] > _CENTRE_Y + _POLE_DROP - 1)


def _vertex(value: object) -> int:
    """A square of `last_move`, given by index (an exact `int`) or name (an exact `str`, any case)."""
    if type(value) is str and len(value) <= 3 and value.upper() in _INDEX:
        return _INDEX[value.upper()]
    if type(value) is int and 0 <= value < len(_POINTS):
        return value
    raise InvalidOptionError(
        f"last_move: {brief(value)} is not a Valandris square "
        "(an index 0..51 or a name H0-H19, E0-E11, A0-A19)"
    )


def _last_move(last_move: object) -> tuple[int, int] | None:
    """`render_svg`'s `last_move`, checked: `None` or a `tuple` of two squares."""
    if last_move is None:
        return None
    if type(last_move) is not tuple or len(last_move) != 2:
        raise InvalidOptionError(
            f"last_move must be None or a tuple (from, to) of two squares, not {brief(last_move)}"
        )
    return (_vertex(last_move[0]), _vertex(last_move[1]))


def _check_state(state: object) -> State:
    """A state to draw: exactly a `State` that the rules can reach (`validate`), so drawing cannot fail."""
    if type(state) is not State:
        raise InvalidStateError(f"expected a valandris State, not {brief(state)}")
    validate(state)
    return state


def move_endpoints(before: State, move: Move) -> tuple[int, int] | None:
    """The squares a move goes from and to, for `render_svg`'s `last_move`.

    A move names only its destination, so the state before the move is needed.
    A placement or a seal gives the same square twice; a declaration, `NoSeal`,
    `Stay` and a roll give `None`.

    Args:
        before: the state in which `move` is played.
        move: the move.

    Returns:
        `(from, to)` as vertex indices, or `None` for a move that moves nothing.

    Raises:
        InvalidStateError: if `before` is not a valid Valandris `State`.
        InvalidMoveError: if `move` is not a Valandris move object of the exact types.
        IllegalMoveError: if `move` is not legal in `before` (its endpoints would mean nothing).
    """
    _check_state(before)
    check_move(before, move)
    if isinstance(move, Place | Seal):
        return (move.vertex, move.vertex)
    if isinstance(move, DemonMove):
        return None if before.demon is None else (before.demon, move.vertex)
    if isinstance(move, Cross):
        start = before.position(move.creature)
        return None if start is None else (start, move.vertex)
    mover = {
        Phase.LEVIATHAN: Piece.LEVIATHAN,
        Phase.UNICORN: Piece.UNICORN,
        Phase.ARCHANGEL: Piece.ARCHANGEL,
    }.get(before.phase)
    if isinstance(move, Step | Jump | Fly) and mover is not None:
        start = before.position(mover)
        return None if start is None else (start, move.vertex)
    return None


def render_svg(
    state: State,
    *,
    last_move: tuple[int | str, int | str] | None = None,
    vertex_names: bool = False,
    size: float = WIDTH,
) -> str:
    """A picture of a Valandris position, as SVG text.

    The same state and arguments always give the same text. Every argument is checked, by
    exact type and range, before anything is drawn. Valandris hides nothing, so there is no
    viewer: every player and spectator sees this picture.

    Args:
        state: any valid state (`validate`), setup and finished games included.
        last_move: `None`, or a `tuple` `(from, to)` of the squares of the move that led here,
            each an `int` index `0..51` or a name such as `"H4"` (any case), drawn as an arrow
            (a ring when both are the same square); `move_endpoints(before, move)` computes it.
        vertex_names: `True` to write every square's name on it (exactly a `bool`).
        size: the picture's displayed width in pixels, an `int` or a finite `float` in
            `core.svg.MIN_SIZE..MAX_SIZE` (16..16,384); the `viewBox` stays the same.

    Returns:
        The SVG document.

    Raises:
        InvalidStateError: if `state` is not a valid Valandris `State`.
        InvalidOptionError: if `last_move`, `vertex_names` or `size` is not as described (a
            square that does not exist, a list instead of a tuple, `1` for `True`, a `bool`, `NaN`
            or `1e9` as a size).
    """
    _check_state(state)
    last = _last_move(last_move)
    check_flag(vertex_names, "vertex_names")
    check_size(size)
    doc = SvgDocument(
        WIDTH,
        HEIGHT,
        title=f"Valandris, {'setup' if state.phase.is_setup else f'turn {state.turn}'}",
        description=describe(state) if state.creatures else describe_phase(state),
        pixel_width=size,
    )
    doc.raw(
        f'<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
        f'markerHeight="5" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="{_ARROW}"/>'
        "</marker></defs>"
    )
    _draw_worlds(doc, vertex_names)
    _draw_seals(doc, state, vertex_names)
    _draw_power(doc, state)
    if state.crossing is not None:
        creature, target = state.crossing
        start = state.position(creature)
        if start is not None:
            _arrow(doc, start, target, "crossing", dashed=True)
    if last is not None:
        _arrow(doc, last[0], last[1], "last-move", dashed=False)
    _draw_pieces(doc, state)
    _draw_caption(doc, state)
    _draw_legend(doc)
    return doc.to_string()


def _draw_worlds(doc: SvgDocument, vertex_names: bool) -> None:
    board = BOARD
    for world, title in enumerate(_WORLD_TITLES):
        doc.text(title, x=_PANEL_X[world], y=44, text_anchor="middle", font_size=16, font_weight="bold")
    with doc.group(class_="edges", stroke_width=2.2, fill="none"):
        for u in range(len(_POINTS)):
            for v in board.same[u]:
                if u < v:
                    colour = _EDGE_COLOURS[int(board.world[u])]
                    doc.element("path", d=_edge_path(u, v), stroke=colour, class_="edge")
    doc.element(
        "circle", cx=_PANEL_X[1], cy=_CENTRE_Y, r=_POLE_DROP, fill="none", stroke=_EDGE_COLOURS[1],
        stroke_width=3, class_="pole",
    )  # fmt: skip
    with doc.group(class_="vertices"):
        for v, (x, y) in enumerate(_POINTS):
            world = int(board.world[v])
            radius = 10.5 if vertex_names else 5
            doc.element(
                "circle",
                cx=x,
                cy=y,
                r=radius,
                fill="#ffffff",
                stroke=_RING_COLOURS[world],
                stroke_width=1.5,
                class_="vertex",
                data_vertex=board.names[v],
            )
            if vertex_names:
                doc.text(
                    board.names[v],
                    x=x,
                    y=y + 3.5,
                    text_anchor="middle",
                    font_size=9,
                    fill=_RING_COLOURS[world],
                    class_="vertex-name",
                )


def _edge_path(u: int, v: int) -> str:
    """A straight edge; an edge of the south pole runs out to the circle that stands for it."""
    (x1, y1), (x2, y2) = _POINTS[u], _POINTS[v]
    if _POLE in (u, v):
        (x1, y1) = _POINTS[v if u == _POLE else u]
        dx, dy = x1 - _PANEL_X[1], y1 - _CENTRE_Y
        scale = _POLE_DROP / math.hypot(dx, dy)
        x2, y2 = _PANEL_X[1] + dx * scale, _CENTRE_Y + dy * scale
    return f"M {number(x1)} {number(y1)} L {number(x2)} {number(y2)}"


def _draw_seals(doc: SvgDocument, state: State, vertex_names: bool) -> None:
    with doc.group(class_="seals"):
        for v in sorted(state.seals):
            x, y = _POINTS[v]
            doc.element(
                "rect",
                x=x - 9,
                y=y - 9,
                width=18,
                height=18,
                rx=3,
                fill="#4d4d4d",
                stroke="#000000",
                transform=f"rotate(45 {number(x)} {number(y)})",
                class_="seal",
                data_vertex=NAMES[v],
            )
            label = NAMES[v] if vertex_names else "S"
            doc.text(label, x=x, y=y + 4, text_anchor="middle", font_size=9 if vertex_names else 12,
                     font_weight="bold", fill="#ffffff")  # fmt: skip


def _power_targets(state: State, creature: Piece) -> tuple[int, ...]:
    """The squares the declared creature's power reaches from where it stands (geometry only)."""
    square = state.position(creature)
    board = BOARD
    if square is None or board.world[square] != creature.home:
        return ()
    if creature is Piece.LEVIATHAN:
        return (board.antipode[square],)
    if creature is Piece.ARCHANGEL:
        return board.distance_two[square]
    return ()


def _draw_power(doc: SvgDocument, state: State) -> None:
    creature = state.declared
    if creature is None or state.position(creature) is None:
        return
    with doc.group(class_="power", fill="none", stroke=_GOLD):
        for v in _power_targets(state, creature):
            x, y = _POINTS[v]
            doc.element(
                "circle",
                cx=x,
                cy=y,
                r=12,
                stroke_width=2,
                stroke_dasharray="3 2",
                class_="power-target",
                data_vertex=NAMES[v],
            )


def _arrow(doc: SvgDocument, start: int, end: int, kind: str, *, dashed: bool) -> None:
    (x1, y1), (x2, y2) = _POINTS[start], _POINTS[end]
    dash = "7 5" if dashed else None
    names = f"{NAMES[start]}-{NAMES[end]}"
    if start == end:
        doc.element(
            "circle", cx=x1, cy=y1, r=18, fill="none", stroke=_ARROW, stroke_width=3,
            stroke_dasharray=dash, class_=kind, data_move=names,
        )  # fmt: skip
        return
    length = math.hypot(x2 - x1, y2 - y1)
    trim = min(14.0, length / 3)
    if BOARD.world[start] == BOARD.world[end]:
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        d = (
            f"M {number(x1 + ux * trim)} {number(y1 + uy * trim)} "
            f"L {number(x2 - ux * trim)} {number(y2 - uy * trim)}"
        )
    else:  # between panels: an arc over the top
        top = min(y1, y2) - 70
        mx = (x1 + x2) / 2
        d = (
            f"M {number(x1)} {number(y1 - trim)} "
            f"Q {number(mx)} {number(top)} {number(x2)} {number(y2 - trim)}"
        )
    doc.element(
        "path", d=d, fill="none", stroke=_ARROW, stroke_width=4, stroke_linecap="round",
        stroke_dasharray=dash, marker_end="url(#arrowhead)", class_=kind, data_move=names,
    )  # fmt: skip


def _draw_pieces(doc: SvgDocument, state: State) -> None:
    pieces = [(piece, state.position(piece)) for piece in Piece]
    with doc.group(class_="pieces"):
        for piece, square in pieces:
            if square is None:
                continue
            x, y = _POINTS[square]
            if piece is state.declared:
                doc.element(
                    "circle", cx=x, cy=y, r=17, fill="none", stroke=_GOLD, stroke_width=4,
                    class_="declared", data_piece=_PIECE_NAMES[piece],
                )  # fmt: skip
            doc.element(
                "circle", cx=x, cy=y, r=12.5, fill=_PIECE_COLOURS[piece], stroke="#ffffff", stroke_width=2,
                class_="piece", data_piece=_PIECE_NAMES[piece], data_vertex=NAMES[square],
            )  # fmt: skip
            doc.text(
                piece.letter, x=x, y=y + 5, text_anchor="middle", font_size=14, font_weight="bold",
                fill="#ffffff",
            )  # fmt: skip


def _draw_caption(doc: SvgDocument, state: State) -> None:
    phase = state.phase
    actor = current_player(state)
    who = {0: "the Holy Spirit to move", 1: "Valandris to move"}.get(actor, "chance")  # type: ignore[arg-type]
    if phase is Phase.OVER:
        who = "game over"
    head = f"Setup ({phase.name.lower()})" if phase.is_setup else f"Turn {state.turn}, {phase.name.lower()}"
    lines = [f"{head}: {who}", f"Next: {describe_phase(state)}."]
    if state.crossing is not None:
        creature, target = state.crossing
        lines[1] += f" Pending crossing: the {_PIECE_NAMES[creature]} to {NAMES[target]} (dashed)."
    declared = state.declared
    if declared is not None:
        lines.append(
            f"Declared: the {_PIECE_NAMES[declared]}, which {_POWERS[declared]} (in its home world)."
        )
    else:
        lines.append("Declared: no creature.")
    placed = [(piece, state.position(piece)) for piece in Piece]
    pieces = ", ".join(f"{_PIECE_NAMES[p]} {NAMES[v]}" for p, v in placed if v is not None)
    seals = ", ".join(NAMES[v] for v in sorted(state.seals)) or "none"
    lines.append(f"Pieces: {pieces or 'none placed yet'}. Seals: {seals}.")
    with doc.group(class_="caption"):
        for i, line in enumerate(lines):
            doc.text(
                line,
                x=30,
                y=430 + 24 * i,
                font_size=17 if i == 0 else 15,
                font_weight="bold" if i == 0 else None,
            )


def _draw_legend(doc: SvgDocument) -> None:
    y = 540
    with doc.group(class_="legend", font_size=13):
        x = 30.0
        for piece in Piece:
            doc.element("circle", cx=x + 9, cy=y, r=9, fill=_PIECE_COLOURS[piece])
            doc.text(piece.letter, x=x + 9, y=y + 4.5, text_anchor="middle", font_size=11, fill="#ffffff")
            doc.text(_PIECE_NAMES[piece], x=x + 22, y=y + 4.5)
            x += 112
        doc.element("rect", x=x + 2, y=y - 7, width=14, height=14, fill="#4d4d4d",
                    transform=f"rotate(45 {number(x + 9)} {number(y)})")  # fmt: skip
        doc.text("seal", x=x + 22, y=y + 4.5)
        x += 62
        doc.element("circle", cx=x + 9, cy=y, r=9, fill="none", stroke=_GOLD, stroke_width=3)
        doc.text("declared creature", x=x + 24, y=y + 4.5)
        x += 150
        doc.element("circle", cx=x + 9, cy=y, r=9, fill="none", stroke=_GOLD, stroke_width=2,
                    stroke_dasharray="3 2")  # fmt: skip
        doc.text("its power reaches", x=x + 24, y=y + 4.5)
        x += 145
        doc.element("path", d=f"M {number(x)} {y} L {number(x + 30)} {y}", stroke=_ARROW, stroke_width=4,
                    marker_end="url(#arrowhead)")  # fmt: skip
        doc.text("last move", x=x + 40, y=y + 4.5)
        notes = textwrap.wrap(_NOTES, width=112)
        for i, line in enumerate(notes):
            doc.text(line, x=30, y=y + 28 + 17 * i, fill="#444444")
