"""Shared helpers for the Valandris tests: positions by relation, not by numbering."""

from __future__ import annotations

from collections.abc import Iterable

from tabletop_rules import valandris as v
from tabletop_rules.valandris.board import (
    ABYSS_VERTICES,
    ADJACENT,
    ANTIPODE,
    CROSS,
    EARTH_VERTICES,
    FLY,
    HEAVEN_VERTICES,
    SAME,
    WORLD,
)

__all__ = [
    "ABYSS_VERTICES",
    "ADJACENT",
    "ANTIPODE",
    "CROSS",
    "EARTH_VERTICES",
    "FLY",
    "HEAVEN_VERTICES",
    "SAME",
    "WORLD",
    "earth_of",
    "first_free",
    "notations",
    "play",
    "position",
]


def position(
    lev: int,
    uni: int,
    arc: int,
    demon: int,
    seals: Iterable[int] = (),
    declared: str | None = "leviathan",
    turn: int = 1,
    **rules: object,
) -> v.State:
    """A state at the start of a Holy Spirit turn."""
    return v.from_position(
        leviathan=lev,
        unicorn=uni,
        archangel=arc,
        valandris=demon,
        seals=seals,
        declared=declared,
        turn=turn,
        options=v.Options(**rules),  # type: ignore[arg-type]
    )


def notations(state: v.State) -> set[str]:
    return {v.move_to_str(state, m) for m in v.legal_moves(state)}


def play(state: v.State, *texts: str) -> v.State:
    for text in texts:
        state = v.apply(state, v.parse_move(state, text))
    return state


def earth_of(vertex: int) -> list[int]:
    """The Earth cross-neighbours of a Heaven or Abyss vertex."""
    return [e for e in CROSS[vertex] if WORLD[e] == v.World.EARTH]


def first_free(candidates: Iterable[int], *taken: int) -> int:
    return next(c for c in candidates if c not in taken)
