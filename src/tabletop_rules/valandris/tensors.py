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

**Numpy forms** (the `arrays` extra): `observation_array(state, player, out=None)` writes the
same numbers as `observation_tensor` into a `numpy.float32` row of `OBSERVATION_SIZE` (into
`out` when given, so that a training loop reuses one buffer); `observation_batch(states,
players, out=None)` writes one row per state into an `(N, OBSERVATION_SIZE)` array, and
`observation_seats(state, out=None)` both seats' rows into a `(2, OBSERVATION_SIZE)` array.
Valandris has perfect information, so there is no information-state form: the observation is
already everything a player can know.

Speed: the row is cleared, then its dozen or so ones (pieces, seals, flags) are stored one by
one and the turn fraction last; the seals' indices come from a table keyed by the seal bitset.
Measured against the alternatives (numpy 2.4, CPython 3.11): a Python loop of scalar stores
costs about 50 ns a store, one fancy-index store (`row[indices] = 1.0`) about 850 ns plus 30 ns
an index, so the loop wins below about 25 indices; joining ready-made float32 byte blocks and
copying them in at once took as many instructions as the loop and more time.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from tabletop_rules.core.arrays import FloatArray, batch, every_seat, float_row
from tabletop_rules.core.errors import InvalidStateError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.wire import check_player
from tabletop_rules.valandris.board import NUM_VERTICES
from tabletop_rules.valandris.state import Phase, State

__all__ = [
    "OBSERVATION_SIZE",
    "observation_array",
    "observation_batch",
    "observation_seats",
    "observation_tensor",
    "observation_tensor_size",
]

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
        InvalidStateError: if `state` is not a Valandris `State`.
        InvalidRequestError: if `player` is not 0 or 1 (the Holy Spirit, Valandris).
    """
    _check_state(state, "observation_tensor")
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


# --------------------------------------------------------------------------- numpy forms


def observation_array(state: State, player: int, out: object = None) -> FloatArray:
    """`observation_tensor(state, player)` as a `numpy.float32` array of `OBSERVATION_SIZE`.

    Args:
        state: a Valandris state.
        player: the observing seat, 0 (the Holy Spirit) or 1 (Valandris).
        out: `None` for a new array, or a writeable C-contiguous `float32` array of shape
            `(OBSERVATION_SIZE,)` to write into (it is cleared first, then filled).

    Returns:
        The array written (`out` itself when given): the same numbers as `observation_tensor`.

    Raises:
        InvalidStateError: `state` is not a Valandris `State`.
        InvalidRequestError: `player` is not 0 or 1, or `out` is not such an array.
        ImportError: numpy is not installed (the `arrays` extra).
    """
    _check_state(state, "observation_array")
    check_player(player, 2)
    row = float_row(out, OBSERVATION_SIZE, "observation_array")
    creatures = state.creatures
    for piece in range(len(creatures)):
        row[_N * piece + creatures[piece]] = 1.0
    if state.demon is not None:
        row[3 * _N + state.demon] = 1.0
    for index in _seal_ones(state.sealed):
        row[index] = 1.0
    declared = state.declared
    row[_DECLARED + 3 if declared is None else _DECLARED + declared] = 1.0
    row[_PHASE + state.phase] = 1.0
    crossing = state.crossing
    if crossing is not None:
        row[_CROSS_CREATURE + crossing[0]] = 1.0
        row[_CROSS_TARGET + crossing[1]] = 1.0
    turn = state.turn
    if turn:
        cap = state.options.max_turns
        row[_TURN] = min(turn / cap, 1.0) if cap is not None else turn / (turn + 100)
    if state.captured:
        row[_CAPTURED] = 1.0
    row[_SEAT + player] = 1.0
    return row


def observation_batch(
    states: Sequence[State], players: Sequence[int] | int, out: object = None
) -> FloatArray:
    """The observations of `states[k]` seen by `players[k]`, as row `k` of an `(N, OBSERVATION_SIZE)` array.

    Args:
        states: a list or tuple of Valandris states (at most `core.arrays.MAX_BATCH`).
        players: one seat per state, or one seat for every state.
        out: `None`, or a writeable C-contiguous `float32` array of shape `(N, OBSERVATION_SIZE)`.

    Returns:
        The array written (`out` itself when given).

    Raises:
        InvalidStateError: an item of `states` is not a Valandris `State`.
        InvalidRequestError: `states`, `players` or `out` is not as above (checked before any row
            is written), or a seat is not 0 or 1.
    """
    return batch(observation_array, states, players, OBSERVATION_SIZE, out, "observation_batch")


def observation_seats(state: State, out: object = None) -> FloatArray:
    """The observations of `state` seen by both seats: row 0 the Holy Spirit's, row 1 Valandris'.

    Raises:
        InvalidStateError: `state` is not a Valandris `State`.
        InvalidRequestError: `out` is not `None` or a writeable C-contiguous `float32` array of
            shape `(2, OBSERVATION_SIZE)`.
    """
    _check_state(state, "observation_seats")
    return every_seat(observation_array, state, 2, OBSERVATION_SIZE, out, "observation_seats")


def _check_state(state: object, what: str) -> None:
    if type(state) is not State:
        raise InvalidStateError(f"{what}: expected a valandris State, not {brief(state)}")


@functools.lru_cache(maxsize=4096)  # the Earth seal bitsets of valid states; values are short int tuples
def _seal_ones(sealed: int) -> tuple[int, ...]:
    """The tensor indices of the seals of bitset `sealed` (bit `v` for Earth vertex `v`)."""
    return tuple(_SEALS + v - _EARTH for v in range(_EARTH, _EARTH + 12) if sealed >> v & 1)
