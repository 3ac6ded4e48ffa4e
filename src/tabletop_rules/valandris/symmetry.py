"""The board's 120 symmetries acting on states and moves (V-BOARD-12, V-ORACLE-4).

A symmetry is a vertex permutation `g` from `Board.symmetries` (in
`tabletop_rules.valandris.board`).  It acts on every
vertex-valued field; a d12 face acts through its Earth vertex (V-CHANCE-2).
Because the rules only look at adjacency, ``apply(g·s, g·m) == g·apply(s, m)``.

Both functions check their inputs: `g` must be one of the 120 symmetries (any
sequence equal to one, a numpy row included, is replaced by the board's own
tuple of `int`s), and a move must be exactly a Valandris move, as `check_move`
decides, so no forged value ever reaches a transformed state or move.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from tabletop_rules.core.errors import InvalidMoveError, InvalidStateError, TabletopRulesError
from tabletop_rules.core.frozen import evolve, frozen_mapping
from tabletop_rules.core.jsonio import brief
from tabletop_rules.valandris import moves as mv
from tabletop_rules.valandris.board import BOARD, EARTH_VERTICES, NUM_VERTICES
from tabletop_rules.valandris.moves import Move, malformed, well_formed
from tabletop_rules.valandris.state import State, seal_mask

__all__ = ["transform_move", "transform_state"]


@functools.lru_cache(maxsize=1)
def _symmetries() -> Mapping[tuple[int, ...], tuple[int, ...]]:
    """Each of the 120 symmetries, mapped to itself: a lookup that hands back the board's own tuple.

    Cache: one immutable mapping, built on first use (the board finds its symmetries lazily).
    """
    return frozen_mapping({g: g for g in BOARD.symmetries})


def _symmetry(g: Sequence[int], error: type[TabletopRulesError]) -> tuple[int, ...]:
    """The board's own tuple for `g`, or `error` if `g` is not one of the 120 symmetries."""
    try:
        if len(g) != NUM_VERTICES:  # first the size: `tuple` of a huge or endless object is never built
            raise TypeError
        found = _symmetries().get(tuple(g))
    except TypeError:
        found = None
    if found is None:
        raise error(f"{brief(g)} is not one of the board's 120 symmetries (BOARD.symmetries)")
    return found


def transform_state(state: State, g: Sequence[int]) -> State:
    """The image of ``state`` under the board symmetry ``g``.

    Raises:
        InvalidStateError: if `state` is not a `State` or `g` is not a symmetry of the board.
    """
    if type(state) is not State:
        raise InvalidStateError(f"expected a valandris State, not {type(state).__name__}")
    g = _symmetry(g, InvalidStateError)
    crossing = None if state.crossing is None else (state.crossing[0], g[state.crossing[1]])
    return evolve(
        state,
        creatures=tuple(g[v] for v in state.creatures),
        demon=None if state.demon is None else g[state.demon],
        sealed=seal_mask(g[s] for s in state.seals),
        crossing=crossing,
    )


def transform_move(move: Move, g: Sequence[int]) -> Move:
    """The image of ``move`` under the board symmetry ``g``.

    Raises:
        InvalidMoveError: if `move` is not a Valandris move with fields of the exact types,
            or `g` is not a symmetry of the board.
    """
    if not well_formed(move):
        raise InvalidMoveError(malformed(move))
    g = _symmetry(g, InvalidMoveError)
    if isinstance(move, mv.Roll):
        return mv.ROLL[EARTH_VERTICES.index(g[EARTH_VERTICES[move.face - 1]]) + 1]
    if isinstance(move, mv.Cross):
        return mv.CROSS[move.creature][g[move.vertex]]
    if isinstance(move, mv.Place):
        return mv.PLACE[move.piece][g[move.vertex]]
    if isinstance(move, mv.Seal):
        return mv.SEAL[g[move.vertex]]
    if isinstance(move, mv.Step):
        return mv.STEP[g[move.vertex]]
    if isinstance(move, mv.Jump):
        return mv.JUMP[g[move.vertex]]
    if isinstance(move, mv.Fly):
        return mv.FLY[g[move.vertex]]
    if isinstance(move, mv.DemonMove):
        return mv.DEMON_MOVE[g[move.vertex]]
    return move
