"""The board's 120 symmetries acting on states and moves (V-BOARD-12, V-ORACLE-4).

A symmetry is a vertex permutation `g` from `Board.symmetries` (in
`tabletop_rules.valandris.board`).  It acts on every
vertex-valued field; a d12 face acts through its Earth vertex (V-CHANCE-2).
Because the rules only look at adjacency, ``apply(g·s, g·m) == g·apply(s, m)``.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop_rules.core.frozen import evolve
from tabletop_rules.valandris import moves as mv
from tabletop_rules.valandris.board import EARTH_VERTICES
from tabletop_rules.valandris.moves import Move
from tabletop_rules.valandris.state import State, seal_mask

__all__ = ["transform_move", "transform_state"]


def transform_state(state: State, g: Sequence[int]) -> State:
    """The image of ``state`` under the vertex permutation ``g``."""
    crossing = None if state.crossing is None else (state.crossing[0], g[state.crossing[1]])
    return evolve(
        state,
        creatures=tuple(g[v] for v in state.creatures),
        demon=None if state.demon is None else g[state.demon],
        sealed=seal_mask(g[s] for s in state.seals),
        crossing=crossing,
    )


def transform_move(move: Move, g: Sequence[int]) -> Move:
    """The image of ``move`` under the vertex permutation ``g``."""
    if isinstance(move, mv.Roll):
        return mv.ROLL[EARTH_VERTICES.index(g[EARTH_VERTICES[move.face - 1]]) + 1]
    if isinstance(move, mv.Cross):
        return mv.CROSS[move.creature][g[move.vertex]]
    if isinstance(move, mv.Place):
        return mv.PLACE[move.piece][g[move.vertex]]
    if isinstance(move, mv.Seal | mv.Step | mv.Jump | mv.Fly | mv.DemonMove):
        return type(move)(g[move.vertex])
    return move
