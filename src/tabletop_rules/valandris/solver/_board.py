"""The board as numpy tables for the solver, and the seal-set orbits under the board's symmetries.

Everything here is derived from `tabletop_rules.valandris.board`; nothing
is typed in.  Seal sets are 12-bit masks over the Earth vertices: bit ``i``
stands for Earth vertex ``EARTH_VERTICES[i]``.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from tabletop_rules.valandris.board import (
    ADJACENT,
    ANTIPODE,
    BOARD,
    CROSS,
    EARTH_VERTICES,
    FLY,
    NUM_VERTICES,
    SAME,
    WORLD,
    World,
)

__all__ = [
    "ADJ_MATRIX",
    "CROSS_EDGES",
    "EARTH",
    "FLY_TABLE",
    "JUMP_TABLE",
    "SAME_MATRIX",
    "SYMMETRIES",
    "N",
    "SealOrbits",
    "earth_mask",
    "mask_vertices",
]

N: Final = NUM_VERTICES
EARTH: Final = tuple(EARTH_VERTICES)
_EARTH_BIT: Final = {v: i for i, v in enumerate(EARTH)}

Bool = npt.NDArray[np.bool_]
Index = npt.NDArray[np.intp]

SYMMETRIES: Final[Index] = np.array(BOARD.symmetries, dtype=np.intp)
"""The 120 board symmetries as a (120, 52) array: ``SYMMETRIES[k, v]`` is the image of ``v``."""


def _matrix(rows: tuple[tuple[int, ...], ...]) -> Bool:
    out = np.zeros((N, N), dtype=np.bool_)
    for v, row in enumerate(rows):
        out[v, list(row)] = True
    return out


SAME_MATRIX: Final = _matrix(SAME)
ADJ_MATRIX: Final = _matrix(ADJACENT)
FLY_TABLE: Final[tuple[tuple[int, ...], ...]] = tuple(
    FLY[v] if WORLD[v] == World.HEAVEN else () for v in range(N)
)
"""Fly destinations from a Heaven vertex (empty elsewhere: the power works only at home)."""
JUMP_TABLE: Final[tuple[tuple[int, ...], ...]] = tuple(
    (ANTIPODE[v], *SAME[ANTIPODE[v]]) if WORLD[v] == World.ABYSS else () for v in range(N)
)
"""Jump destinations from an Abyss vertex: the antipode and its neighbours (empty elsewhere)."""
CROSS_EDGES: Final[tuple[tuple[int, int], ...]] = tuple((v, t) for v in range(N) for t in CROSS[v])
"""Every directed cross-world edge ``(from, to)`` (240 of them)."""


def earth_mask(vertices: frozenset[int] | set[int] | tuple[int, ...]) -> int:
    """The 12-bit seal mask of a set of Earth vertices."""
    out = 0
    for v in vertices:
        out |= 1 << _EARTH_BIT[v]
    return out


def mask_vertices(mask: int) -> tuple[int, ...]:
    """The Earth vertices of a 12-bit seal mask, in increasing order."""
    return tuple(EARTH[i] for i in range(12) if mask >> i & 1)


class SealOrbits:
    """The 4096 seal sets grouped into orbits of the board's 120 symmetries.

    Attributes:
        reps: the canonical representative of each orbit (the smallest mask in
            it), in increasing order.
        rep_index: for each of the 4096 masks, the index in ``reps`` of its orbit.
        to_rep: for each mask, the index of a symmetry ``g`` that maps the mask
            onto its representative (``g·S = rep``).
        orbit_size: the number of masks in each orbit.
    """

    def __init__(self) -> None:
        bits = (np.arange(4096)[:, None] >> np.arange(12)[None, :]) & 1  # (4096, 12)
        earth_perm = SYMMETRIES[:, list(EARTH)] - EARTH[0]  # (120, 12): image bit of each bit
        weights = np.zeros((120, 12), dtype=np.int64)
        for k in range(120):
            weights[k] = 1 << earth_perm[k]
        images = bits @ weights.T  # (4096, 120): mask of g·S
        best = images.argmin(axis=1)
        rep_mask = images[np.arange(4096), best]
        reps = np.unique(rep_mask)
        self.reps: Final[tuple[int, ...]] = tuple(int(r) for r in reps)
        self.rep_index: Final[Index] = np.searchsorted(reps, rep_mask).astype(np.intp)
        self.to_rep: Final[Index] = best.astype(np.intp)
        self.orbit_size: Final[tuple[int, ...]] = tuple(
            int(c) for c in np.bincount(self.rep_index, minlength=len(reps))
        )

    def canon(self, mask: int) -> tuple[int, Index]:
        """``(orbit index, g)``: ``g`` (a length-52 permutation) maps ``mask`` onto its representative."""
        return int(self.rep_index[mask]), SYMMETRIES[int(self.to_rep[mask])]


ORBITS: Final = SealOrbits()
