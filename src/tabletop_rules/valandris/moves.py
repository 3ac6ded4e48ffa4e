"""Valandris moves: one small frozen record per kind of atomic decision (V-ENGINE-1, V-ENGINE-2).

Moves name a destination, never a path.  The creature that moves is the one
whose phase it is, so `Step(v)` means "the creature to move steps to v".
Every move that can ever be legal is built once here and reused: `legal_moves`
only picks from these tables.
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from tabletop_rules.core.codecs import Integer, enum_names, index_names, optional
from tabletop_rules.core.errors import InvalidMoveError
from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.core.shapes import move_shapes
from tabletop_rules.valandris.board import CREATURES, NAMES, NUM_VERTICES, Piece

__all__ = [
    "CROSS",
    "DECLARE",
    "DECLARE_NONE",
    "DEMON_MOVE",
    "FLY",
    "JUMP",
    "NO_SEAL",
    "PLACE",
    "ROLL",
    "SEAL",
    "SHAPES",
    "STAY",
    "STEP",
    "Cross",
    "Declare",
    "DemonMove",
    "Fly",
    "Jump",
    "Move",
    "NoSeal",
    "Place",
    "Roll",
    "Seal",
    "Stay",
    "Step",
    "malformed",
    "vertex_of",
    "well_formed",
]


@attrs.frozen
class Place:
    """Setup: put `piece` on `vertex` (V-SETUP-2, V-SETUP-5)."""

    piece: Piece
    vertex: int


@attrs.frozen
class Seal:
    """Seal an Earth vertex: a setup seal (V-SETUP-3) or the Unicorn's power (V-POWER-UNI-1)."""

    vertex: int


@attrs.frozen
class NoSeal:
    """The declared Unicorn does not use its power this turn."""


@attrs.frozen
class Step:
    """A normal step of the creature to move, to a same-world neighbour (V-HS-4)."""

    vertex: int


@attrs.frozen
class Stay:
    """A normal turn whose Leviathan has no legal move (V-RULING-12)."""


@attrs.frozen
class Jump:
    """The Leviathan's power: to the antipode, or on to one of its neighbours (V-POWER-LEV-1..3)."""

    vertex: int


@attrs.frozen
class Fly:
    """The Archangel's power: exactly two Heaven vertices, not passing the middle one (V-POWER-ARC-1..3)."""

    vertex: int


@attrs.frozen
class Cross:
    """Give up the turn to move `creature` along a cross-world edge to `vertex` (V-CROSS-1..3)."""

    creature: Piece
    vertex: int


@attrs.frozen
class Roll:
    """Chance: the d12 shows `face` (1..12), which selects Earth vertex `E(face-1)` (V-CHANCE-2)."""

    face: int


@attrs.frozen
class Declare:
    """Declare the creature whose power may be used next turn (`None` only if the options allow it)."""

    creature: Piece | None


@attrs.frozen
class DemonMove:
    """Valandris ends his move (or bonus step) on `vertex`; his own vertex means staying (V-DEMON-1..5)."""

    vertex: int


Move: TypeAlias = Place | Seal | NoSeal | Step | Stay | Jump | Fly | Cross | Roll | Declare | DemonMove

_V = range(NUM_VERTICES)
PLACE: Final = tuple(tuple(Place(p, v) for v in _V) for p in Piece)
SEAL: Final = tuple(Seal(v) for v in _V)
NO_SEAL: Final = NoSeal()
STEP: Final = tuple(Step(v) for v in _V)
STAY: Final = Stay()
JUMP: Final = tuple(Jump(v) for v in _V)
FLY: Final = tuple(Fly(v) for v in _V)
CROSS: Final = tuple(tuple(Cross(c, v) for v in _V) for c in CREATURES)
ROLL: Final = frozen_mapping({face: Roll(face) for face in range(1, 13)})
DECLARE: Final = tuple(Declare(c) for c in CREATURES)
DECLARE_NONE: Final = Declare(None)
DEMON_MOVE: Final = tuple(DemonMove(v) for v in _V)


# --------------------------------------------------------------------------- exact field types
# A move's fields must have their exact types: a vertex is an `int` in range, never a `bool`, a
# float or a numpy integer (which compare equal to ints and would slip through `in` and `==`).
# The library's one check of a move object (`core.codecs.MoveShapes`) reads these codecs; the move
# JSON of `wire.py` is derived from the same ones.

CREATURE: Final = enum_names(Piece, CREATURES)
SHAPES: Final = move_shapes(
    "Valandris",
    (Place, Seal, NoSeal, Step, Stay, Jump, Fly, Cross, Roll, Declare, DemonMove),
    fields={
        "vertex": index_names(NAMES, "Valandris vertex"),
        "Roll.face": Integer(1, 12),
        "Cross.creature": CREATURE,
        "Declare.creature": optional(CREATURE),
    },
    types={Piece: enum_names(Piece, tuple(Piece))},
)
"""The exact shape of every Valandris move (`core.codecs.MoveShapes`): classes, field types, bounds."""


def well_formed(move: object) -> bool:
    """Whether `move` is exactly one of the move classes, with fields of the exact types and in range."""
    return SHAPES.accepts(move)


def malformed(move: object) -> str:
    """Why `move` is not `well_formed`, naming the class or the field (for error messages).

    Field values are shown with their types where they differ from the real thing: `Step(vertex=1)`
    may hold an `int` subclass, shown as `MyInt(1)`.
    """
    try:
        SHAPES.check(move)
    except InvalidMoveError as error:
        return str(error)
    return f"{type(move).__name__} is well formed"


def vertex_of(move: object, kind: type) -> int:
    """The vertex of `move` if it is exactly a `kind` with an `int` vertex in range; otherwise -1."""
    if type(move) is not kind:
        return -1
    vertex = move.vertex  # type: ignore[attr-defined]
    return vertex if type(vertex) is int and 0 <= vertex < NUM_VERTICES else -1
