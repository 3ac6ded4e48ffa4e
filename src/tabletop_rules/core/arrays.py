"""The numpy forms of the encodings, written once for every game (needs the `arrays` extra: numpy).

Each game's `tensors` module writes one observation (and, for hidden-information
games, one information state) straight into a `numpy.float32` row, and each
game's `actions` module writes the legal-action mask into a `numpy.int8` row.
This module holds what those functions share: the lazy numpy import (the core
install has no numpy), the checks of a caller's `out` array, and the batch forms
(many states, or every seat of one state, into an `(N, size)` array).

The rows are the same numbers as the pure-Python tuple functions
(`observation_tensor`, `information_state_tensor`), in the same documented
layouts; tests check them equal.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

from tabletop_rules.core.errors import InvalidRequestError
from tabletop_rules.core.extras import require
from tabletop_rules.core.jsonio import brief

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    FloatArray = npt.NDArray[np.float32]
    Int8Array = npt.NDArray[np.int8]
else:
    FloatArray = Any
    Int8Array = Any

__all__ = [
    "MAX_BATCH",
    "FloatArray",
    "Int8Array",
    "batch",
    "every_seat",
    "float_row",
    "int8_row",
    "mask_row",
    "numpy",
    "row_view",
]

MAX_BATCH: Final = 1_000_000
"""The most rows one batch call writes (a bound on the caller's input, checked before any work)."""

_S = TypeVar("_S")


@functools.cache
def numpy() -> Any:
    """The numpy module, imported on first use.

    Raises:
        ImportError: numpy is not installed; the message names the extra to install
            (`pip install 'tabletop-rules[arrays]'`).
    """
    return require("numpy", "the numpy encodings")


@functools.cache
def _kinds() -> tuple[Any, Any, Any, Any]:
    """numpy, `numpy.ndarray` and the `float32` and `int8` dtypes, found once.

    Speed: building a dtype parses its name (about 2,000 instructions); the rows below are checked
    on every call of an encoding, so they compare with these.
    """
    np = numpy()
    return np, np.ndarray, np.dtype(np.float32), np.dtype(np.int8)


def _checked_out(out: object, shape: tuple[int, ...], dtype: Any, what: str) -> Any:
    """`out` if it is a writeable C-contiguous `numpy.ndarray` of `shape` and `dtype`; else raises."""
    if type(out) is not _kinds()[1]:
        raise InvalidRequestError(f"{what}: out must be a numpy.ndarray, not {brief(out)}")
    if out.shape != shape or out.dtype != dtype:  # type: ignore[attr-defined]
        raise InvalidRequestError(
            f"{what}: out must have shape {shape} and dtype {dtype}, "
            f"not shape {tuple(out.shape)} and dtype {out.dtype}"  # type: ignore[attr-defined]
        )
    flags = out.flags  # type: ignore[attr-defined]  # a new flags object each time it is read
    if not flags.writeable or not flags.c_contiguous:
        raise InvalidRequestError(f"{what}: out must be a writeable, C-contiguous array")
    return out


def _buffer(out: object, size: int, dtype: Any, what: str, form: str, ndarray: type) -> memoryview:
    """The writeable buffer of `out`, a C-contiguous `numpy.ndarray` of shape `(size,)` and `dtype`
    (whose buffer format is `form`; `ndarray` is numpy's array type, which the caller has at hand);
    raises `InvalidRequestError` otherwise.

    Speed: the usual case is judged from the buffer, whose format, size and flags are read in C
    (`out.shape`, `out.dtype` and `out.flags` each build a new object); a check and a copy of a
    4.4 kB row took 0.8 µs against 1.4 to 2.0 µs (timeit).
    """
    if type(out) is ndarray:
        try:
            view = memoryview(out)  # type: ignore[arg-type]
        except (TypeError, ValueError, BufferError):  # a dtype with no buffer format
            pass
        else:
            if (
                view.format == form
                and view.ndim == 1
                and view.shape[0] == size  # type: ignore[index]
                and not view.readonly
                and view.c_contiguous
            ):
                return view
    _checked_out(out, (size,), dtype, what)  # raises, saying what is wrong
    raise AssertionError("unreachable: _checked_out accepted an out that the buffer refused")


def _row(out: object, size: int, dtype: Any, what: str, clear: bool = True) -> Any:
    """A zeroed row of `size` and `dtype`: `out` itself when given (checked, then cleared unless the
    caller overwrites it whole), else a new one."""
    np, ndarray = _kinds()[:2]
    if out is None:
        return np.zeros(size, dtype)
    # the usual case in one expression (a call less), `_checked_out` says what is wrong otherwise; for a
    # row written in place this is cheaper than judging the buffer (`memoryview(out)`, about 1,800
    # instructions), which pays only where the row is then copied through it (`row_view`, `mask_row`)
    if (
        type(out) is not ndarray
        or out.shape != (size,)  # type: ignore[attr-defined]
        or out.dtype != dtype  # type: ignore[attr-defined]
        or not (flags := out.flags).writeable  # type: ignore[attr-defined]
        or not flags.c_contiguous
    ):
        _checked_out(out, (size,), dtype, what)
    if clear:
        out.fill(0)  # type: ignore[attr-defined]
    return out


def float_row(out: object, size: int, what: str, *, clear: bool = True) -> FloatArray:
    """A zeroed `float32` row of `size`: `out` itself when given (checked, then cleared), else a new one.

    With `clear=False` a given `out` is only checked, not cleared: for an encoder that then writes
    every item of the row (clearing it first would be wasted work).

    Raises:
        InvalidRequestError: `out` is not a writeable C-contiguous `numpy.ndarray` of shape `(size,)`
            and dtype `float32`.
    """
    return _row(out, size, _kinds()[2], what, clear)  # type: ignore[no-any-return]


def row_view(out: object, data: bytearray, what: str) -> tuple[FloatArray, memoryview[float]]:
    """The `float32` row whose native bytes are `data`, and a writeable `float32` memoryview of it: `out`
    itself when given (checked, then overwritten with `data`), else a new array over `data`.

    For the encoders that join a row from byte blocks, then write the few values that change on most
    moves through the view (a memoryview item costs about half a numpy item store). `out` is judged
    from its buffer (`memoryview(out)`: format, shape and flags read in C, where `out.shape`,
    `out.dtype` and `out.flags` each build a new object): the same arrays are accepted and refused as
    by `float_row`, with the same messages. The caller releases the view.

    Raises:
        InvalidRequestError: `out` is not a writeable C-contiguous `numpy.ndarray` of dtype `float32`
            and shape `(len(data) // 4,)`.
    """
    np, ndarray, float32, _ = _kinds()
    if out is None:
        return np.frombuffer(data, float32), memoryview(data).cast("f")
    view = _buffer(out, len(data) // 4, float32, what, "f", ndarray)
    view.cast("B")[:] = data
    return out, view  # type: ignore[return-value]


def int8_row(out: object, size: int, what: str) -> Int8Array:
    """A zeroed `int8` row of `size`: `out` itself when given (checked, then cleared), else a new one.

    Raises:
        InvalidRequestError: as `float_row`, for dtype `int8`.
    """
    return _row(out, size, _kinds()[3], what)  # type: ignore[no-any-return]


def mask_row(out: object, marks: bytes | bytearray, what: str) -> Int8Array:
    """The `int8` row whose items are the bytes of `marks` (1 at each legal action, else 0): copied into
    `out` when given (checked first), else a new array.

    For a mask marked in a `bytearray` (or kept as `bytes`): one check and one copy whatever the number
    of legal actions, where `int8_row` and a numpy item store per action cost about 7,000 and 600
    instructions (callgrind).

    Raises:
        InvalidRequestError: `out` is not a writeable C-contiguous `numpy.ndarray` of shape
            `(len(marks),)` and dtype `int8`.
    """
    np, ndarray, _, int8 = _kinds()
    if out is None:
        return np.frombuffer(bytearray(marks), int8)  # type: ignore[no-any-return]
    _buffer(out, len(marks), int8, what, "b", ndarray).cast("B")[:] = marks
    return out  # type: ignore[return-value]


def batch(
    encode: Callable[[_S, int, Any], object],
    states: Sequence[_S],
    players: Sequence[int] | int,
    size: int,
    out: object,
    what: str,
) -> FloatArray:
    """Encode `states[k]` seen by `players[k]` into row `k` of an `(N, size)` `float32` array.

    `encode(state, player, row)` is the game's `..._array` function (it checks the state and the
    player and writes `row` in place). `players` may be one seat for every state. Nothing is
    encoded until every argument's shape is checked; an error in row `k` leaves the rows before it
    written (the array is the caller's scratch space, not a state).

    Raises:
        InvalidRequestError: `states` is not a list or tuple, has more than `MAX_BATCH` items, or
            `players` is not an int or a list or tuple of the same length; `out` is not a writeable
            C-contiguous `float32` array of shape `(N, size)`; or a state or player is refused by
            `encode`.
    """
    if type(states) not in (list, tuple):
        raise InvalidRequestError(f"{what}: states must be a list or tuple of states, not {brief(states)}")
    n = len(states)
    if n > MAX_BATCH:
        raise InvalidRequestError(f"{what}: at most {MAX_BATCH:,} states in one batch, not {n:,}")
    if type(players) is int:
        seats: Sequence[int] = (players,) * n
    elif type(players) in (list, tuple):
        seats = players  # type: ignore[assignment]
        if len(seats) != n:
            raise InvalidRequestError(f"{what}: {len(seats)} players for {n} states")
    else:
        raise InvalidRequestError(f"{what}: players must be an int or a list or tuple, not {brief(players)}")
    np, _, f32, _ = _kinds()
    shape = (n, size)
    table = np.zeros(shape, f32) if out is None else _checked_out(out, shape, f32, what)
    for k in range(n):
        encode(states[k], seats[k], table[k])
    return table  # type: ignore[no-any-return]


def every_seat(
    encode: Callable[[_S, int, Any], object], state: _S, players: int, size: int, out: object, what: str
) -> FloatArray:
    """Encode `state` seen by each of its `players` seats into row `seat` of a `(players, size)` array.

    Raises:
        InvalidRequestError: `out` is not a writeable C-contiguous `float32` array of shape
            `(players, size)`, or `encode` refuses the state.
    """
    np, _, f32, _ = _kinds()
    shape = (players, size)
    table = np.zeros(shape, f32) if out is None else _checked_out(out, shape, f32, what)
    for seat in range(players):
        encode(state, seat, table[seat])
    return table  # type: ignore[no-any-return]
