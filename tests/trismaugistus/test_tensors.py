"""The Trismaugistus observation tensor: a fixed size per pack, values in [0, 1], the whole state."""

from __future__ import annotations

import itertools
import math

import pytest

from tabletop_rules import trismaugistus as T
from tabletop_rules.core import random_playout
from tabletop_rules.trismaugistus import tensors


def _states(seed):
    return list(random_playout(T, seed, max_moves=120).states(T))


@pytest.mark.parametrize("seed", range(3))
def test_size_depends_only_on_the_pack_and_values_lie_in_the_unit_interval(seed):
    size = tensors.observation_tensor_size(T.new_game())
    assert size == 520  # the fictional example pack
    for state in _states(seed):
        assert tensors.observation_tensor_size(state) == size
        tensor = tensors.observation_tensor(state, 0)
        assert len(tensor) == size
        assert all(math.isfinite(x) and 0.0 <= x <= 1.0 for x in tensor)


def test_json_round_trip_gives_the_same_tensor():
    for state in _states(5)[::4]:
        again = T.from_json(T.to_json(state))
        assert tensors.observation_tensor(again) == tensors.observation_tensor(state)


def test_consecutive_states_differ():  # every move changes the state, so its tensor
    states = _states(1)
    for before, after in itertools.pairwise(states):
        if before.phase != "over":
            assert tensors.observation_tensor(before) != tensors.observation_tensor(after)


def test_only_player_zero_exists():
    with pytest.raises(ValueError, match="no player"):
        tensors.observation_tensor(T.new_game(), 1)
