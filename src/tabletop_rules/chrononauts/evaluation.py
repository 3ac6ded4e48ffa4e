"""Chrononauts evaluation for search: every player's chance of winning, estimated from the position.

`estimated_returns(state)` is what `ISMCTS` (`tabletop_rules.agents`) scores a rollout with when the
rollout is cut at a depth (`evaluate=`, `max_rollout_depth=`).  It turns the heuristic score of
`heuristic.evaluate` (distance to each player's nearest win, C-WIN-2..4; paradox danger, C-LOSE-1; the
Memos in hand, C-MEMO-1; the opponents' visible threats) into expected returns on the scale of
`returns`: a player wins (+1) with probability `softmax(score / TEMPERATURE)` and loses (-1) otherwise,
and the universe is destroyed (every return -1) with a probability that grows as the open paradoxes near
the limit.  It reads the whole state, so search uses it only inside determinizations.
"""

from __future__ import annotations

import math
from typing import Final

from tabletop_rules.chrononauts.frames import Window
from tabletop_rules.chrononauts.heuristic import MEMO_VALUE, win_distance
from tabletop_rules.chrononauts.moves import PASS
from tabletop_rules.chrononauts.rules import apply, returns
from tabletop_rules.chrononauts.state import State

__all__ = ["TEMPERATURE", "estimated_returns", "win_distance"]

TEMPERATURE: Final = 2.0
"""Score points per factor e of winning odds: one play nearer a win multiplies a player's odds by e^(1/2)."""


def estimated_returns(state: State) -> tuple[float, ...]:
    """The expected `returns` of ``state``: +1 for the likely winner, -1 for the others (see the module).

    The pending reaction windows are closed with passes first (a played card acts only then); a
    finished game gives its real `returns`.
    """
    while state.result is None and type(state.stack[-1]) is Window:
        state = apply(state, PASS)  # a played card acts once its reaction window closes (C-MEMO-1)
    if state.result is not None:
        return returns(state)
    memos = state.ctx.memos
    scores = [
        -win_distance(state, p) + MEMO_VALUE * math.sqrt(len(memos.intersection(state.hands[p])))
        for p in range(state.players)
    ]
    top = max(scores)
    weights = [math.exp((s - top) / TEMPERATURE) for s in scores]
    total = sum(weights)
    margin = state.options.paradox_limit - state.open_paradoxes()
    doom = 0.5 if margin <= 1 else 0.2 if margin == 2 else 0.0
    return tuple((1 - doom) * (2 * w / total - 1) - doom for w in weights)
