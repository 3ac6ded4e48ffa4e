"""The shared numpy helpers of `core.arrays`: the checks of a caller's `out` array and the batch forms."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop_rules.core import arrays
from tabletop_rules.core.errors import InvalidRequestError
from tabletop_rules.core.extras import EXTRAS

np = pytest.importorskip("numpy")


def _encode(state: int, player: int, out: Any) -> Any:
    """A toy encoder: `state` in slot 0, `player` in slot 1, through the shared row check."""
    row = arrays.float_row(out, 3, "toy")
    row[0], row[1] = state, player
    return row


def test_numpy_is_named_by_the_arrays_extra() -> None:
    assert EXTRAS["numpy"] == "arrays"
    assert arrays.numpy() is np


def test_rows_are_new_and_zero_or_the_callers_array_cleared() -> None:
    assert arrays.float_row(None, 4, "x").tolist() == [0.0] * 4
    assert arrays.float_row(None, 4, "x").dtype == np.float32
    assert arrays.int8_row(None, 2, "x").dtype == np.int8
    out = np.full(4, 7.0, np.float32)
    assert arrays.float_row(out, 4, "x") is out
    assert out.tolist() == [0.0] * 4
    mask = np.ones(5, np.int8)
    assert arrays.int8_row(mask, 5, "x") is mask
    assert not mask.any()


def test_a_row_to_overwrite_whole_is_checked_but_not_cleared() -> None:
    out = np.full(4, 7.0, np.float32)
    assert arrays.float_row(out, 4, "x", clear=False) is out
    assert out.tolist() == [7.0] * 4
    assert arrays.float_row(None, 4, "x", clear=False).tolist() == [0.0] * 4
    with pytest.raises(InvalidRequestError, match=r"^x: out must"):
        arrays.float_row(np.zeros(5, np.float32), 4, "x", clear=False)


@pytest.mark.parametrize(
    "out",
    [
        [0.0, 0.0, 0.0],
        np.zeros(3, np.float64),
        np.zeros(4, np.float32),
        np.zeros((1, 3), np.float32),
        np.zeros(6, np.float32)[::2],
        "abc",
    ],
    ids=["list", "float64", "too-long", "2-d", "strided", "text"],
)
def test_a_wrong_out_array_is_refused(out: object) -> None:
    """REL-ARRAYS-1: an `out` that is not exactly the array the encoding writes is refused."""
    with pytest.raises(InvalidRequestError, match=r"^toy: out must"):
        arrays.float_row(out, 3, "toy")


@pytest.mark.parametrize(
    "out",
    [
        np.zeros(3, np.dtype(">f4") if np.little_endian else np.dtype("<f4")),  # float32, not native
        np.zeros(3, np.int32),  # the same item size
        np.zeros(3, "datetime64[s]"),  # no buffer format at all
        np.zeros(3, np.float32).view(np.matrix),  # a subclass
        np.zeros(3, [("a", np.float32)]),  # a record of one float32
    ],
    ids=["non-native-float32", "int32", "datetime64", "matrix", "record"],
)
def test_a_look_alike_out_array_is_refused(out: object) -> None:
    """REL-ARRAYS-1: a look-alike of a `float32` row is refused, by `float_row` (numpy's attributes) and
    by `row_view` (the buffer's format) alike."""
    with pytest.raises(InvalidRequestError, match=r"^toy: out must"):
        arrays.float_row(out, 3, "toy")
    with pytest.raises(InvalidRequestError, match=r"^toy: out must"):
        arrays.row_view(out, bytearray(12), "toy")


def test_masks_refuse_every_dtype_but_int8() -> None:
    for dtype in (np.uint8, np.bool_, np.float32):
        with pytest.raises(InvalidRequestError, match=r"^m: out must"):
            arrays.int8_row(np.zeros(3, dtype), 3, "m")


def test_row_view_copies_the_bytes_of_a_row_into_out_or_a_new_array_and_writes_through() -> None:
    values = np.array([1.5, -2.0, 0.25], np.float32)
    out = np.full(3, 9.0, np.float32)
    row, view = arrays.row_view(out, bytearray(values.tobytes()), "x")
    assert row is out
    assert out.tolist() == [1.5, -2.0, 0.25]
    view[2] = 4.0  # the view writes into the row itself
    view.release()
    assert out.tolist() == [1.5, -2.0, 4.0]
    data = bytearray(values.tobytes())
    new, view = arrays.row_view(None, data, "x")
    view[0] = 3.0
    view.release()
    assert new.dtype == np.float32
    assert new.flags.writeable
    assert new.tolist() == [3.0, -2.0, 0.25]
    with pytest.raises(InvalidRequestError, match=r"^x: out must have shape \(3,\)"):
        arrays.row_view(np.zeros(4, np.float32), bytearray(values.tobytes()), "x")
    assert out.tolist() == [1.5, -2.0, 4.0]


def test_mask_row_copies_the_marks_into_out_or_a_new_array() -> None:
    out = np.ones(5, np.int8)
    marks = bytes([1, 0, 0, 1, 0])
    assert arrays.mask_row(out, marks, "m") is out
    assert out.tolist() == [1, 0, 0, 1, 0]
    shared = bytearray([0, 0, 1, 0])
    new = arrays.mask_row(None, shared, "m")
    assert new.dtype == np.int8
    assert new.flags.writeable
    new[0] = 1  # a copy: the caller's marks are not the array's buffer
    assert new.tolist() == [1, 0, 1, 0]
    assert shared == bytearray([0, 0, 1, 0])
    for wrong in (
        np.zeros(5, np.uint8),
        np.zeros(5, np.bool_),
        np.zeros(6, np.int8),
        np.zeros((5, 1), np.int8),
    ):
        with pytest.raises(InvalidRequestError, match=r"^m: out must"):
            arrays.mask_row(wrong, marks, "m")
    assert out.tolist() == [1, 0, 0, 1, 0]


def test_a_read_only_out_array_is_refused_untouched() -> None:
    out = np.full(3, 2.0, np.float32)
    out.flags.writeable = False
    with pytest.raises(InvalidRequestError, match="writeable"):
        arrays.float_row(out, 3, "toy")
    assert out.tolist() == [2.0] * 3


def test_batch_writes_one_row_per_state_and_player() -> None:
    table = arrays.batch(_encode, [5, 6, 7], [0, 1, 0], 3, None, "toy")
    assert table.tolist() == [[5, 0, 0], [6, 1, 0], [7, 0, 0]]
    assert arrays.batch(_encode, (5, 6), 1, 3, None, "toy").tolist() == [[5, 1, 0], [6, 1, 0]]
    out = np.full((2, 3), 9.0, np.float32)
    assert arrays.batch(_encode, [1, 2], 0, 3, out, "toy") is out
    assert out.tolist() == [[1, 0, 0], [2, 0, 0]]
    assert arrays.batch(_encode, [], 0, 3, None, "toy").shape == (0, 3)


@pytest.mark.parametrize(
    ("states", "players", "message"),
    [
        ({1, 2}, 0, "states must be a list or tuple"),
        ([1, 2], [0], "1 players for 2 states"),
        ([1, 2], 0.0, "players must be an int"),
        ([1, 2], True, "players must be an int"),
    ],
)
def test_batch_refuses_bad_arguments_before_any_work(states: Any, players: Any, message: str) -> None:
    """REL-ARRAYS-2: batch arguments are checked before any row is written."""
    with pytest.raises(InvalidRequestError, match=message):
        arrays.batch(_encode, states, players, 3, None, "toy")


def test_batch_has_a_size_bound() -> None:
    class Huge(list[int]):
        def __len__(self) -> int:
            return arrays.MAX_BATCH + 1

    with pytest.raises(InvalidRequestError, match="states must be a list"):
        arrays.batch(_encode, Huge(), 0, 3, None, "toy")  # a look-alike list is refused by type
    with pytest.raises(InvalidRequestError, match="at most"):
        arrays.batch(_encode, [0] * (arrays.MAX_BATCH + 1), 0, 3, None, "toy")


def test_every_seat_writes_one_row_per_seat() -> None:
    assert arrays.every_seat(_encode, 4, 3, 3, None, "toy").tolist() == [[4, 0, 0], [4, 1, 0], [4, 2, 0]]
    with pytest.raises(InvalidRequestError, match=r"shape \(3, 3\)"):
        arrays.every_seat(_encode, 4, 3, 3, np.zeros((2, 3), np.float32), "toy")
