"""The fixed-size numeric encoding of a Valandris state, for neural networks (pure Python).

Valandris has perfect information, so a player's observation is the whole state,
plus a one-hot of the observing seat (so that one network can play both sides).
Every value lies in `[0, 1]`, and the size is `OBSERVATION_SIZE` = 298 whatever
the options and the position. Vertex indices are those of `board`: `H0..H19`
are 0..19, `E0..E11` are 20..31, `A0..A19` are 32..51.

| slice | size | meaning |
|---|---|---|
| `[0, 52)` | 52 | the Leviathan's vertex, one-hot (all zero before it is placed) |
| `[52, 104)` | 52 | the Unicorn's vertex, one-hot |
| `[104, 156)` | 52 | the Archangel's vertex, one-hot |
| `[156, 208)` | 52 | Valandris' vertex, one-hot |
| `[208, 220)` | 12 | sealed Earth vertices `E0..E11` (1 = sealed) |
| `[220, 224)` | 4 | the declared creature: Leviathan, Unicorn, Archangel, none |
| `[224, 239)` | 15 | the phase, one-hot in `Phase` order (`PLACE_LEVIATHAN` .. `OVER`) |
| `[239, 242)` | 3 | the creature of a pending crossing (`ROLL`, `BONUS`), one-hot |
| `[242, 294)` | 52 | the target vertex of a pending crossing, one-hot |
| `294` | 1 | the turn: `turn / max_turns` (at most 1); without a cap `turn / (turn + 100)` |
| `295` | 1 | 1 once Valandris has been captured |
| `[296, 298)` | 2 | the observing seat, one-hot: Holy Spirit (0), Valandris (1) |

The options are not encoded: they are fixed for a game (train one network per
set of options).
"""

from __future__ import annotations

from typing import Final

from tabletop_rules.core.wire import check_player
from tabletop_rules.valandris.board import NUM_VERTICES
from tabletop_rules.valandris.state import Phase, State

__all__ = ["OBSERVATION_SIZE", "observation_tensor", "observation_tensor_size"]

_N: Final = NUM_VERTICES
_SEALS: Final = 4 * _N  # 208
_EARTH: Final = 20  # the index of E0
_DECLARED: Final = _SEALS + 12  # 220
_PHASE: Final = _DECLARED + 4  # 224
_CROSS_CREATURE: Final = _PHASE + len(Phase)  # 239
_CROSS_TARGET: Final = _CROSS_CREATURE + 3  # 242
_TURN: Final = _CROSS_TARGET + _N  # 294
_CAPTURED: Final = _TURN + 1  # 295
_SEAT: Final = _CAPTURED + 1  # 296
OBSERVATION_SIZE: Final = _SEAT + 2
"""The length of every Valandris observation tensor (298)."""


def observation_tensor_size(state: State) -> int:
    """The length of `observation_tensor`: `OBSERVATION_SIZE`, whatever the state."""
    return OBSERVATION_SIZE


def observation_tensor(state: State, player: int) -> tuple[float, ...]:
    """The whole state as `OBSERVATION_SIZE` floats in `[0, 1]`, seen by `player` (layout above).

    Raises:
        InvalidRequestError: if `player` is not 0 or 1 (the Holy Spirit, Valandris).
    """
    check_player(player, 2)
    out = [0.0] * OBSERVATION_SIZE
    for piece, vertex in enumerate(state.creatures):
        out[_N * piece + vertex] = 1.0
    if state.demon is not None:
        out[3 * _N + state.demon] = 1.0
    for vertex in state.seals:
        out[_SEALS + vertex - _EARTH] = 1.0
    out[_DECLARED + (3 if state.declared is None else int(state.declared))] = 1.0
    out[_PHASE + int(state.phase)] = 1.0
    if state.crossing is not None:
        creature, target = state.crossing
        out[_CROSS_CREATURE + int(creature)] = 1.0
        out[_CROSS_TARGET + target] = 1.0
    cap = state.options.max_turns
    out[_TURN] = min(state.turn / cap, 1.0) if cap is not None else state.turn / (state.turn + 100)
    out[_CAPTURED] = 1.0 if state.captured else 0.0
    out[_SEAT + player] = 1.0
    return tuple(out)
