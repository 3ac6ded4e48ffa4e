"""Valandris evaluation for search: the chance of a capture, from features that need no tablebase.

`estimated_returns(state)` is what `MCTS` (`tabletop_rules.agents`) scores a rollout with when the
rollout is cut at a depth (`evaluate=`, `max_rollout_depth=`).  It estimates the chance that the Holy
Spirit captures Valandris in each remaining turn from three features of the position, and turns it into
the expected score (V-ENGINE-6: the capture turn, or ``max_turns + 1`` without a capture):

* **distance**: the board distance from Valandris to the nearest creature, and to the second nearest
  (a creature one or two edges away threatens a step, a jump or a fly, V-MOVE-*);
* **escape room**: the vertices Valandris can end on with his two steps (V-DEMON-1..5); a cornered
  Valandris is captured soon;
* **seals**: each sealed Earth vertex closes a road (V-SEAL-*).

The weights were chosen by measurement against the exact values of the solved game
(`docs/valandris-solved.md`): the features rank forced captures above "never" positions, not exactly.

`capture_chance(state)` is exact where `capture_hazard` estimates: the chance that the Holy Spirit
captures Valandris before its running (or next) turn ends, with both sides playing that turn
perfectly and the d12 of a crossing (V-MOVE-*) rolled fairly.  The hard level of `agents.opponent`
plays its tactics from it.
"""

from __future__ import annotations

import math
from typing import Final

import networkx as nx

from tabletop_rules.valandris.board import BOARD, NUM_VERTICES
from tabletop_rules.valandris.rules import apply, chance_outcomes, demon_destinations, legal_moves, returns
from tabletop_rules.valandris.state import Phase, State

__all__ = ["DISTANCE", "HORIZON", "WEIGHTS", "capture_chance", "capture_hazard", "estimated_returns"]

DISTANCE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(lengths[u] for u in range(NUM_VERTICES))
    for _, lengths in sorted(nx.all_pairs_shortest_path_length(BOARD.graph))
)
"""``DISTANCE[u][v]``: the number of board edges between two vertices (any edge, any world); also
``valandris.agents.DISTANCE``."""
WEIGHTS: Final = (1.0, -1.6, -0.4, -0.25, 0.15)
"""The logistic weights of the turn hazard: bias, nearest distance, second distance, escape room, seals."""

HORIZON: Final = 100
"""The turns looked ahead when the game has no turn cap (`Options.max_turns=None`)."""


def capture_hazard(state: State) -> float:
    """The estimated chance that the Holy Spirit captures Valandris in one turn of ``state``."""
    demon = state.demon
    if demon is None or len(state.creatures) < 3:
        return 0.05  # setup: nothing to measure yet
    near = sorted(DISTANCE[c][demon] for c in state.creatures)
    room = len(demon_destinations(state))
    bias, w_near, w_second, w_room, w_seal = WEIGHTS
    x = bias + w_near * (near[0] - 1) + w_second * (near[1] - 1) + w_room * (room - 4)
    x += w_seal * state.sealed.bit_count()
    return 1.0 / (1.0 + math.exp(-x))


def estimated_returns(state: State) -> tuple[float, float]:
    """The expected `returns` (Holy Spirit, Valandris) of ``state``; a finished game's real ones."""
    if state.score is not None:
        return returns(state)
    turn = max(1, state.turn)
    cap = state.options.max_turns
    if cap is None:  # no cap: look as far ahead as the default one
        cap = turn + HORIZON - 1
    left = max(0, cap - turn + 1)
    hazard = capture_hazard(state)
    expected, alive = 0.0, 1.0
    for k in range(left):  # capture in turn `turn + k` with probability alive * hazard
        expected += alive * hazard * (turn + k)
        alive *= 1.0 - hazard
    expected += alive * (cap + 1)
    return (-expected, expected)


def capture_chance(state: State, memo: dict[State, float] | None = None) -> float:
    """The chance that Valandris is captured before the Holy Spirit's turn ends, with perfect play.

    From a state inside a Holy Spirit turn (its creatures' moves, a crossing's roll, Valandris'
    bonus step), the turn is searched to its end: the Holy Spirit picks the move with the highest
    chance, Valandris (at the bonus step) the lowest, and a roll weighs each face by its
    probability.  The turn ends at the declaration for the next turn (V-RULING-16), so a state at
    `Phase.DECLARE` or `Phase.VALANDRIS` has chance 0 unless the game is over; a finished game has 1
    if Valandris was captured, else 0.  A state right after Valandris' move is at the start of
    the next Holy Spirit turn.  ``memo`` shares the states already searched between calls.
    """
    table: dict[State, float] = {} if memo is None else memo
    return _chance(state, table)


def _chance(state: State, memo: dict[State, float]) -> float:
    found = memo.get(state)
    if found is not None:
        return found
    phase = state.phase
    if phase is Phase.OVER:
        value = 1.0 if state.captured else 0.0
    elif phase is Phase.DECLARE or phase is Phase.VALANDRIS or phase.is_setup:
        value = 0.0
    elif phase is Phase.ROLL:
        value = sum(float(p) * _chance(apply(state, roll), memo) for roll, p in chance_outcomes(state))
    elif phase is Phase.BONUS:
        value = min(_chance(apply(state, move), memo) for move in legal_moves(state))
    else:  # a decision of the Holy Spirit's turn; a certain capture ends the search
        value = 0.0
        for move in legal_moves(state):
            value = max(value, _chance(apply(state, move), memo))
            if value >= 1.0:
                break
    memo[state] = value
    return value
