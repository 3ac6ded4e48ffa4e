"""The Valandris observation tensor: a fixed size, values in [0, 1], the whole state (V-ENGINE-4)."""

from __future__ import annotations

import math

import pytest

from tabletop_rules import valandris as V
from tabletop_rules.core import random_playout
from tabletop_rules.valandris import tensors as T


def _states(seed, max_turns=8):
    playout = random_playout(V, seed, options={"max_turns": max_turns}, max_moves=200)
    return list(playout.states(V))


@pytest.mark.parametrize("seed", range(3))
def test_size_is_constant_and_values_lie_in_the_unit_interval(seed):
    for state in _states(seed):
        assert T.observation_tensor_size(state) == T.OBSERVATION_SIZE == 298
        for player in (0, 1):
            tensor = T.observation_tensor(state, player)
            assert len(tensor) == T.OBSERVATION_SIZE
            assert all(math.isfinite(x) and 0.0 <= x <= 1.0 for x in tensor)


def test_json_round_trip_gives_the_same_tensor():
    for state in _states(4)[::3]:
        again = V.from_json(V.to_json(state))
        assert T.observation_tensor(again, 0) == T.observation_tensor(state, 0)


def test_distinct_states_give_distinct_tensors():  # V-ENGINE-4: the state is everything
    states = {s for seed in range(2) for s in _states(seed)}
    tensors = {T.observation_tensor(s, 0) for s in states}
    assert len(tensors) == len(states)


def test_layout_of_a_known_position():
    state = V.from_position(
        leviathan="A0", unicorn="E0", archangel="H0", valandris="H19",
        seals=["E5", "E6", "E7", "E8", "E9"], declared="archangel",
    )  # fmt: skip
    tensor = T.observation_tensor(state, 1)
    assert tensor[V.vertex_index("A0")] == 1.0
    assert tensor[52 + V.vertex_index("E0")] == 1.0
    assert tensor[104 + V.vertex_index("H0")] == 1.0
    assert tensor[156 + V.vertex_index("H19")] == 1.0
    assert [i - 208 for i in range(208, 220) if tensor[i]] == [5, 6, 7, 8, 9]
    assert tensor[220:224] == (0.0, 0.0, 1.0, 0.0)
    assert tensor[224 + int(state.phase)] == 1.0
    assert tensor[296:298] == (0.0, 1.0)
    assert sum(tensor) == pytest.approx(4 + 5 + 1 + 1 + 1 + tensor[294])


@pytest.mark.parametrize("player", [-1, 2, True, 0.0])
def test_a_bad_player_is_refused(player):
    with pytest.raises(ValueError, match="no player"):
        T.observation_tensor(V.new_game(), player)
