"""Valandris moves: one small frozen record per kind of atomic decision (V-ENGINE-1, V-ENGINE-2).

Moves name a destination, never a path.  The creature that moves is the one
whose phase it is, so `Step(v)` means "the creature to move steps to v".
Every move that can ever be legal is built once here and reused: `legal_moves`
only picks from these tables.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, TypeAlias, cast

import attrs

from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.core.jsonio import brief
from tabletop_rules.valandris.board import CREATURES, NUM_VERTICES, Piece

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

_VALANDRIS: Final = Piece.VALANDRIS


def _is_vertex(value: object) -> bool:
    return type(value) is int and 0 <= value < NUM_VERTICES


def _is_creature(value: object) -> bool:
    return type(value) is Piece and value is not _VALANDRIS


_WELL_FORMED: Final[Mapping[type, Callable[[Any], bool]]] = {
    Place: lambda m: type(m.piece) is Piece and _is_vertex(m.vertex),
    Seal: lambda m: _is_vertex(m.vertex),
    NoSeal: lambda m: True,
    Step: lambda m: _is_vertex(m.vertex),
    Stay: lambda m: True,
    Jump: lambda m: _is_vertex(m.vertex),
    Fly: lambda m: _is_vertex(m.vertex),
    Cross: lambda m: _is_creature(m.creature) and _is_vertex(m.vertex),
    Roll: lambda m: type(m.face) is int and 1 <= m.face <= 12,
    Declare: lambda m: m.creature is None or _is_creature(m.creature),
    DemonMove: lambda m: _is_vertex(m.vertex),
}


def well_formed(move: object) -> bool:
    """Whether `move` is exactly one of the move classes, with fields of the exact types and in range."""
    check = _WELL_FORMED.get(type(move))
    return check is not None and check(move)


def malformed(move: object) -> str:
    """Why `move` is not `well_formed`, naming the class or the field (for error messages).

    Field values are shown with their types, since a look-alike prints like the real thing:
    `Step(vertex=1)` may hold an `int` subclass.
    """
    kind = type(move)
    if kind not in _WELL_FORMED:
        base = next((c.__name__ for c in _WELL_FORMED if isinstance(move, c)), None)
        what = f" (a subclass of {base})" if base else ""
        return f"expected a valandris move object, not {kind.__name__}{what}; parse text with parse_move"
    for field in attrs.fields(cast("type[Any]", kind)):
        value = getattr(move, field.name)
        check, expected = _FIELD_CHECKS[field.name]
        if not (check(value) or (kind is Declare and value is None)):
            given = f"{type(value).__name__} {brief(value)}"
            return f"{kind.__name__}.{field.name} must be {expected}, not {given}"
    return f"{kind.__name__} is well formed"  # pragma: no cover - only called on malformed moves


_FIELD_CHECKS: Final[Mapping[str, tuple[Callable[[Any], bool], str]]] = {
    "vertex": (_is_vertex, f"an int vertex index 0..{NUM_VERTICES - 1}"),
    "piece": (lambda v: type(v) is Piece, "a Piece"),
    "creature": (_is_creature, "a creature Piece (LEVIATHAN, UNICORN or ARCHANGEL)"),
    "face": (lambda v: type(v) is int and 1 <= v <= 12, "an int d12 face 1..12"),
}


def vertex_of(move: object, kind: type) -> int:
    """The vertex of `move` if it is exactly a `kind` with an `int` vertex in range; otherwise -1."""
    if type(move) is not kind:
        return -1
    vertex = move.vertex  # type: ignore[attr-defined]
    return vertex if type(vertex) is int and 0 <= vertex < NUM_VERTICES else -1
