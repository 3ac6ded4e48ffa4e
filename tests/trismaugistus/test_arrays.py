"""The Trismaugistus numpy encodings: the same numbers as the tuples at every node, strict arguments.

`observation_array` joins cached blocks (by value for the flow, the human's cards and the bowls,
by identity for the automa and the other board parts), so it is checked against the tuple
function along seeded random games, out of order, with tiny caches, and on equal but distinct
states (a JSON round trip).
"""

from __future__ import annotations

import copy
import random
import warnings
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_rules import trismaugistus as tm
from tabletop_rules import valandris
from tabletop_rules.core import CHANCE, random_playout
from tabletop_rules.core.errors import InvalidRequestError, InvalidStateError
from tabletop_rules.testing.configs import all_configs
from tabletop_rules.testing.encodings import check_encodings
from tabletop_rules.trismaugistus import actions as A
from tabletop_rules.trismaugistus import tensors as T

np = pytest.importorskip("numpy")

STARTS = [config for config in all_configs() if config.module_name == "trismaugistus"]
SIZE = 520  # the fictional example pack
SLOW = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _states(seed: int, start: Any = None, max_moves: int = 3000) -> list[Any]:
    return list(random_playout(tm, seed, initial=start, max_moves=max_moves).states(tm))


def _tuple(state: Any) -> Any:
    return np.asarray(T.observation_tensor(state, 0), np.float32)


def _mask(state: Any) -> Any:
    expected = np.zeros(A.num_actions(state), np.int8)
    for move in tm.legal_moves(state):
        expected[A.move_to_action(state, move)] = 1
    return expected


def _assert_equal_to_the_tuples(states: list[Any]) -> None:
    out = np.full(SIZE, 0.5, np.float32)  # reused: each row must overwrite the last one entirely
    for k, state in enumerate(states):
        expected = _tuple(state)
        row = T.observation_array(state)
        assert row.dtype == np.float32
        assert np.array_equal(row, expected), k
        assert T.observation_array(state, 0, out) is out
        assert np.array_equal(out, expected), k


@SLOW
@given(config=st.sampled_from(STARTS), seed=st.integers(0, 2**32 - 1))
def test_arrays_equal_the_tuples_at_every_node(config: Any, seed: int) -> None:
    """REL-ARRAYS-3: every decision and chance node of seeded random games of every difficulty."""
    states = _states(seed, config.start(tm))
    _assert_equal_to_the_tuples(states)
    mask_out = np.ones(A.num_actions(states[0]), np.int8)
    for state in states:
        expected = _mask(state)
        assert np.array_equal(A.legal_action_mask(state), expected)
        assert A.legal_action_mask(state, mask_out) is mask_out
        assert np.array_equal(mask_out, expected)
        assert A.legal_action_ids(state) == np.flatnonzero(expected).tolist()


@pytest.mark.parametrize("config", STARTS, ids=lambda c: c.label)
def test_the_shared_conformance_check_passes_along_a_game(config: Any) -> None:
    """REL-ARRAYS-3: batch and seats forms, reused `out` arrays and the mask (`testing.encodings`)."""
    for k, state in enumerate(_states(len(config.label), config.start(tm))):
        check_encodings(tm, state, context=f"{config.label} state {k}")


def test_from_the_setup_menu_on() -> None:
    """REL-ARRAYS-3: the setup menu (144 decisions) and the round-start reports."""
    states = _states(4, tm.new_game())
    assert int(A.legal_action_mask(states[0]).sum()) == len(tm.legal_moves(states[0])) == 144
    _assert_equal_to_the_tuples(states)


def test_states_read_out_of_order_with_tiny_caches(monkeypatch: pytest.MonkeyPatch) -> None:
    """REL-ARRAYS-3: the block caches give the same rows in any order, also when emptied often."""
    monkeypatch.setattr(T, "_CACHE_SIZE", 2)
    games = [_states(seed, STARTS[seed % len(STARTS)].start(tm)) for seed in range(4)]
    rng = random.Random(2)
    _assert_equal_to_the_tuples([rng.choice(rng.choice(games)) for _ in range(300)])
    _assert_equal_to_the_tuples(games[0][::-1])


def test_equal_but_distinct_states_give_equal_rows() -> None:
    """REL-ARRAYS-3: a state rebuilt from JSON (every part a new object) has the same row."""
    for state in _states(9, STARTS[3].start(tm))[::5]:
        again = tm.from_json(tm.to_json(state))
        assert again is not state
        assert np.array_equal(T.observation_array(again), T.observation_array(state))
        assert np.array_equal(T.observation_array(again), _tuple(again))


def test_the_mask_learns_only_a_bounded_number_of_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(A, "_MAX_LEARNT", 3)
    A._legal_ids.cache_clear()
    try:
        for state in _states(5, STARTS[0].start(tm)):
            assert np.array_equal(A.legal_action_mask(state), _mask(state))
            assert A.legal_action_ids(state) == np.flatnonzero(_mask(state)).tolist()
        assert len(A._legal_ids(tm.default_pack()).learnt) == 3
    finally:
        A._legal_ids.cache_clear()


def test_the_mask_is_zero_at_a_chance_node_and_at_the_end() -> None:
    chance = over = 0
    for seed in range(4):
        for state in _states(seed, STARTS[seed].start(tm)):
            actor = tm.current_player(state)
            mask = A.legal_action_mask(state)
            if actor is CHANCE or actor is None:
                assert not mask.any()
                assert A.legal_action_ids(state) == []
                chance += actor is CHANCE
                over += actor is None
            else:
                assert int(mask.sum()) == len(tm.legal_moves(state)) > 0
    assert chance > 0
    assert over == 4


def _other_pack() -> Any:
    data = tm.pack_to_dict(tm.default_pack())
    extra = copy.deepcopy(data["masterpieces"][0])
    extra["id"] = "FX-M9"
    data["masterpieces"].append(extra)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return tm.pack_from_dict(data)


def test_batch_and_seats_forms() -> None:
    """REL-ARRAYS-3."""
    states = _states(3, STARTS[1].start(tm))[::4]
    table = T.observation_batch(states)
    assert table.shape == (len(states), SIZE)
    assert np.array_equal(table, np.stack([_tuple(s) for s in states]))
    out = np.full((len(states), SIZE), 7.0, np.float32)
    assert T.observation_batch(tuple(states), [0] * len(states), out) is out
    assert np.array_equal(out, table)
    assert T.observation_batch([]).shape == (0, 0)
    seats = np.ones((1, SIZE), np.float32)
    assert T.observation_seats(states[2], seats) is seats
    assert np.array_equal(seats[0], _tuple(states[2]))
    assert T.observation_seats(states[2]).shape == (1, SIZE)


def test_another_pack_has_its_own_size_and_cannot_share_a_batch() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        other = tm.new_game(pack=_other_pack())
    assert T.observation_tensor_size(other) == SIZE + 1
    assert np.array_equal(T.observation_array(other), np.asarray(T.observation_tensor(other), np.float32))
    with pytest.raises(InvalidRequestError, match="out must have shape"):
        T.observation_batch([tm.new_game(), other])


OUTS = {
    "list": lambda size: [0.0] * size,
    "float64": lambda size: np.zeros(size, np.float64),
    "too short": lambda size: np.zeros(size - 1, np.float32),
    "3-d": lambda size: np.zeros((1, 1, size), np.float32),
    "strided": lambda size: np.zeros(2 * size, np.float32)[::2],
    "int8": lambda size: np.zeros(size, np.int8),
    "text": lambda size: "x" * size,
}


@pytest.mark.parametrize("kind", sorted(OUTS))
def test_a_wrong_out_is_refused_untouched(kind: str) -> None:
    """REL-ARRAYS-1: observation, mask, batch and seats forms refuse an `out` that is not their array."""
    state = STARTS[0].start(tm)
    out = OUTS[kind](SIZE)
    before = copy.copy(out)
    with pytest.raises(InvalidRequestError, match=r"^observation_array: out must"):
        T.observation_array(state, 0, out)
    assert type(out) is not np.ndarray or np.array_equal(out, before)
    size = A.num_actions(state)
    with pytest.raises(InvalidRequestError, match=r"^legal_action_mask: out must"):
        A.legal_action_mask(state, OUTS[kind](size) if kind != "int8" else np.zeros(size, np.float32))
    with pytest.raises(InvalidRequestError, match=r"^observation_seats: out must"):
        T.observation_seats(state, OUTS[kind](SIZE))
    with pytest.raises(InvalidRequestError, match=r"^observation_batch: out must"):
        T.observation_batch([state], 0, OUTS[kind](SIZE))


def test_a_read_only_out_is_refused_untouched() -> None:
    """REL-ARRAYS-1."""
    state = STARTS[0].start(tm)
    out = np.full(SIZE, 0.25, np.float32)
    out.flags.writeable = False
    with pytest.raises(InvalidRequestError, match="writeable"):
        T.observation_array(state, 0, out)
    assert (out == 0.25).all()
    mask = np.full(A.num_actions(state), 3, np.int8)
    mask.flags.writeable = False
    with pytest.raises(InvalidRequestError, match="writeable"):
        A.legal_action_mask(state, mask)
    assert (mask == 3).all()


@pytest.mark.parametrize("player", [1, -1, True, 0.0, None])
def test_only_player_zero_exists(player: Any) -> None:
    state = tm.new_game()
    with pytest.raises(InvalidRequestError, match="no player"):
        T.observation_array(state, player)
    with pytest.raises(InvalidRequestError):
        T.observation_batch([state], player)


@pytest.mark.parametrize("state", [None, "state", {"phase": "play"}, valandris.new_game()], ids=repr)
def test_anything_but_a_trismaugistus_state_is_refused(state: Any) -> None:
    for call, name in (
        (lambda: T.observation_array(state), "observation_array"),
        (lambda: T.observation_tensor(state), "observation_tensor"),
        (lambda: T.observation_seats(state), "observation_seats"),
        (lambda: T.observation_batch([state]), "observation_batch"),
        (lambda: A.legal_action_mask(state), "legal_action_mask"),
        (lambda: A.legal_action_ids(state), "legal_action_ids"),
    ):
        with pytest.raises(InvalidStateError, match=rf"^{name}: expected a trismaugistus State, not "):
            call()


def test_the_state_is_checked_before_out() -> None:
    with pytest.raises(InvalidStateError):
        T.observation_array(None, 0, "not an array")
    with pytest.raises(InvalidStateError):
        A.legal_action_mask(None, "not an array")
