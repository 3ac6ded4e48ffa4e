"""The conformance of the numpy encodings: equal to the pure-Python tuples, for any game.

Each game's `tensors` module has `observation_tensor` (a tuple of floats, pure
Python) and its numpy form `observation_array` (and, for hidden-information
games, `information_state_tensor` / `information_state_array`); each game's
`actions` module has `legal_action_mask`. `check_encodings` checks at one state
that every numpy form equals its pure-Python twin for every seat, also when
written into a reused `out` array that held another encoding, and that the mask
marks exactly the ids of the legal decisions. It needs numpy (the `arrays` extra).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from tabletop_rules.core.arrays import numpy
from tabletop_rules.core.protocol import CHANCE
from tabletop_rules.testing.conformance import ConformanceError

__all__ = ["check_encodings"]

_PAIRS = (
    ("observation_tensor", "observation_array", "observation_batch", "observation_seats"),
    (
        "information_state_tensor",
        "information_state_array",
        "information_state_batch",
        "information_state_seats",
    ),
)


def _part(game: ModuleType, name: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"{game.__name__}.{name}")
    except ModuleNotFoundError:
        return None


def check_encodings(game: ModuleType, state: Any, *, context: str = "state") -> None:
    """Check every numpy encoding of `game` at `state` against its pure-Python twin.

    Args:
        game: a game module of the library (`tabletop_rules.valandris`, ...).
        state: any state of that game.
        context: named in the failure message (the seed and move number, say).

    Raises:
        ConformanceError: a numpy form differs from the tuple form, the batch or seats forms
            differ from one row at a time, or the mask differs from the legal decisions' ids.
    """
    np = numpy()
    players = len(game.returns(state))
    tensors = _part(game, "tensors")
    if tensors is not None:
        for tuple_name, array_name, batch_name, seats_name in _PAIRS:
            if not hasattr(tensors, array_name):
                continue
            encode, fast = getattr(tensors, tuple_name), getattr(tensors, array_name)
            rows = []
            scratch = None
            for seat in range(players):
                expected = np.asarray(encode(state, seat), np.float32)
                row = fast(state, seat)
                if row.dtype != np.float32 or not np.array_equal(row, expected):
                    raise ConformanceError(f"{context}: {array_name} differs from {tuple_name} (seat {seat})")
                if scratch is None:
                    scratch = np.full(expected.shape, 0.5, np.float32)  # stale values must be cleared
                if not np.array_equal(fast(state, seat, out=scratch), expected):
                    raise ConformanceError(f"{context}: {array_name} into a used out array differs")
                rows.append(expected)
            table = np.stack(rows)
            if not np.array_equal(getattr(tensors, seats_name)(state), table):
                raise ConformanceError(f"{context}: {seats_name} differs from one seat at a time")
            batch = getattr(tensors, batch_name)([state] * players, list(range(players)))
            if not np.array_equal(batch, table):
                raise ConformanceError(f"{context}: {batch_name} differs from one state at a time")
    actions = _part(game, "actions")
    if actions is not None and hasattr(actions, "legal_action_mask"):
        mask = actions.legal_action_mask(state)
        expected_mask = np.zeros(actions.num_actions(state), np.int8)
        if game.current_player(state) not in (None, CHANCE):
            for move in game.legal_moves(state):
                expected_mask[actions.move_to_action(state, move)] = 1
        if mask.dtype != np.int8 or not np.array_equal(mask, expected_mask):
            raise ConformanceError(f"{context}: legal_action_mask differs from the legal decisions' ids")
