"""The Valandris numpy encodings: the same numbers as the tuples, every seat, every node, strict arguments."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_rules import trismaugistus, valandris
from tabletop_rules.core import CHANCE, random_playout
from tabletop_rules.core.errors import InvalidRequestError, InvalidStateError
from tabletop_rules.testing.encodings import check_encodings
from tabletop_rules.valandris import actions as A
from tabletop_rules.valandris import tensors as T
from tabletop_rules.valandris.state import Phase

np = pytest.importorskip("numpy")

SIZE = T.OBSERVATION_SIZE
SLOW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "max_turns": st.sampled_from([None, 1, 5, 60]),
        "crossing_bonus_steps": st.sampled_from([1, 2]),
        "first_turn_power": st.sampled_from(["none", "declared_at_setup"]),
        "unicorn_seal_range": st.sampled_from(["any", "adjacent"]),
        "allow_declare_none": st.booleans(),
        "unicorn_may_seal_own_vertex": st.booleans(),
        "demon_may_pass_through_creatures": st.booleans(),
    },
)


def _states(seed: int, options: dict[str, Any] | None = None, max_moves: int = 2000) -> list[Any]:
    return list(random_playout(valandris, seed, options=options or {}, max_moves=max_moves).states(valandris))


def _tuple(state: Any, player: int) -> Any:
    return np.asarray(T.observation_tensor(state, player), np.float32)


def _mask(state: Any) -> Any:
    expected = np.zeros(A.NUM_ACTIONS, np.int8)
    for move in valandris.legal_moves(state):
        expected[A.move_to_action(state, move)] = 1
    return expected


@SLOW
@given(seed=st.integers(0, 2**32 - 1), options=OPTIONS)
def test_arrays_equal_the_tuples_at_every_node_for_every_seat(seed: int, options: dict[str, Any]) -> None:
    """REL-ARRAYS-3: every decision and chance node of seeded random games under drawn rulings."""
    out = np.full(SIZE, 0.5, np.float32)  # reused along the game: each row must clear the last one
    mask_out = np.ones(A.NUM_ACTIONS, np.int8)
    for state in _states(seed, options):
        for player in (0, 1):
            expected = _tuple(state, player)
            row = T.observation_array(state, player)
            assert row.dtype == np.float32
            assert row.shape == (SIZE,)
            assert np.array_equal(row, expected)
            assert T.observation_array(state, player, out) is out
            assert np.array_equal(out, expected)
        assert np.array_equal(A.legal_action_mask(state), _mask(state))
        assert A.legal_action_mask(state, mask_out) is mask_out
        assert np.array_equal(mask_out, _mask(state))
        assert A.legal_action_ids(state) == np.flatnonzero(mask_out).tolist()


@pytest.mark.parametrize("seed", range(3))
def test_the_shared_conformance_check_passes_along_a_game(seed: int) -> None:
    """REL-ARRAYS-3: batch and seats forms, reused `out` arrays and the mask (`testing.encodings`)."""
    for k, state in enumerate(_states(seed, {"max_turns": 12})):
        check_encodings(valandris, state, context=f"seed {seed} state {k}")


def test_batch_and_seats_forms_are_the_rows_one_at_a_time() -> None:
    """REL-ARRAYS-3."""
    states = _states(7)[::9]
    players = [k % 2 for k in range(len(states))]
    table = T.observation_batch(states, players)
    assert table.shape == (len(states), SIZE)
    assert table.dtype == np.float32
    assert np.array_equal(table, np.stack([_tuple(s, p) for s, p in zip(states, players, strict=True)]))
    out = np.full((len(states), SIZE), 3.0, np.float32)
    assert T.observation_batch(tuple(states), 1, out) is out
    assert np.array_equal(out, np.stack([_tuple(s, 1) for s in states]))
    assert T.observation_batch([], 0).shape == (0, SIZE)
    seats = np.full((2, SIZE), 2.0, np.float32)
    assert T.observation_seats(states[3], seats) is seats
    assert np.array_equal(seats, np.stack([_tuple(states[3], 0), _tuple(states[3], 1)]))


def test_a_reused_out_holds_only_the_new_encoding() -> None:
    """REL-ARRAYS-3: after another state (more seals, a crossing, the other seat), nothing stale stays."""
    states = _states(11)
    busy = max(states, key=lambda s: float(_tuple(s, 1).sum()))
    quiet = states[0]
    out = T.observation_array(busy, 1)
    assert T.observation_array(quiet, 0, out) is out
    assert np.array_equal(out, _tuple(quiet, 0))
    crossing = next((s for s in states if s.crossing is not None), busy)
    T.observation_array(crossing, 1, out)
    assert np.array_equal(out, _tuple(crossing, 1))


def test_the_mask_is_zero_at_a_roll_and_at_the_end() -> None:
    chance = over = 0
    for seed in range(6):
        for state in _states(seed):
            mask = A.legal_action_mask(state)
            actor = valandris.current_player(state)
            if actor is CHANCE or actor is None:
                assert not mask.any()
                assert A.legal_action_ids(state) == []
                chance += actor is CHANCE
                over += actor is None
            else:
                assert int(mask.sum()) == len(valandris.legal_moves(state)) > 0
    assert chance > 0
    assert over == 6


def test_the_layout_of_a_known_position() -> None:
    state = valandris.from_position(
        leviathan="A0", unicorn="E0", archangel="H0", valandris="H19",
        seals=["E5", "E6", "E7", "E8", "E9"], declared="archangel",
    )  # fmt: skip
    row = T.observation_array(state, 1)
    ones = [
        valandris.vertex_index("A0"),
        52 + valandris.vertex_index("E0"),
        104 + valandris.vertex_index("H0"),
        156 + valandris.vertex_index("H19"),
        *(208 + k for k in (5, 6, 7, 8, 9)),
        222,
        224 + int(state.phase),
        297,
    ]
    assert [i for i in np.flatnonzero(row).tolist() if i != 294] == ones
    assert state.phase is Phase.LEVIATHAN


def test_an_uncapped_game_encodes_the_turn_as_the_tuples_do() -> None:
    late = [s for s in _states(2, {"max_turns": None}, max_moves=600) if s.turn > 3]
    assert late
    for state in late[::10]:
        assert T.observation_array(state, 0)[294] == np.float32(state.turn / (state.turn + 100))


OUTS = {
    "list": lambda size: [0.0] * size,
    "float64": lambda size: np.zeros(size, np.float64),
    "too long": lambda size: np.zeros(size + 1, np.float32),
    "2-d": lambda size: np.zeros((1, size), np.float32),
    "strided": lambda size: np.zeros(2 * size, np.float32)[::2],
    "int8": lambda size: np.zeros(size, np.int8),
    "subclass": lambda size: np.zeros(size, np.float32).view(np.matrix),
    "text": lambda size: "x" * size,
}


@pytest.mark.parametrize("kind", sorted(OUTS))
def test_a_wrong_out_is_refused(kind: str) -> None:
    """REL-ARRAYS-1: observation, mask, batch and seats forms refuse an `out` that is not their array."""
    state = valandris.new_game()
    with pytest.raises(InvalidRequestError, match=r"^observation_array: out must"):
        T.observation_array(state, 0, OUTS[kind](SIZE))
    bad_mask = OUTS[kind](A.NUM_ACTIONS)
    if kind == "int8":
        bad_mask = np.zeros(A.NUM_ACTIONS, np.float32)
    with pytest.raises(InvalidRequestError, match=r"^legal_action_mask: out must"):
        A.legal_action_mask(state, bad_mask)
    with pytest.raises(InvalidRequestError, match=r"^observation_seats: out must"):
        T.observation_seats(state, OUTS[kind](SIZE))
    with pytest.raises(InvalidRequestError, match=r"^observation_batch: out must"):
        T.observation_batch([state, state], 0, OUTS[kind](SIZE))


def test_a_read_only_out_is_refused_and_left_untouched() -> None:
    """REL-ARRAYS-1."""
    state = valandris.new_game()
    out = np.full(SIZE, 0.25, np.float32)
    out.flags.writeable = False
    with pytest.raises(InvalidRequestError, match="writeable"):
        T.observation_array(state, 0, out)
    assert (out == 0.25).all()
    mask = np.full(A.NUM_ACTIONS, 3, np.int8)
    mask.flags.writeable = False
    with pytest.raises(InvalidRequestError, match="writeable"):
        A.legal_action_mask(state, mask)
    assert (mask == 3).all()


@pytest.mark.parametrize("player", [-1, 2, True, 0.0, "0", None])
def test_a_bad_player_is_refused(player: Any) -> None:
    state = valandris.new_game()
    with pytest.raises(InvalidRequestError, match="no player"):
        T.observation_array(state, player)
    with pytest.raises(InvalidRequestError):
        T.observation_batch([state], [player])


def test_a_numpy_integer_player_is_refused() -> None:
    with pytest.raises(InvalidRequestError, match="no player"):
        T.observation_array(valandris.new_game(), np.int64(0))


@pytest.mark.parametrize("state", [None, "state", {"phase": 0}, trismaugistus.new_game()], ids=repr)
def test_anything_but_a_valandris_state_is_refused(state: Any) -> None:
    for call, name in (
        (lambda: T.observation_array(state, 0), "observation_array"),
        (lambda: T.observation_tensor(state, 0), "observation_tensor"),
        (lambda: T.observation_seats(state), "observation_seats"),
        (lambda: T.observation_batch([state], 0), "observation_array"),
        (lambda: A.legal_action_mask(state), "legal_action_mask"),
        (lambda: A.legal_action_ids(state), "legal_action_ids"),
    ):
        with pytest.raises(InvalidStateError, match=rf"^{name}: expected a valandris State, not "):
            call()


def test_the_state_is_checked_before_out() -> None:
    with pytest.raises(InvalidStateError):
        T.observation_array(None, 0, "not an array")
    with pytest.raises(InvalidStateError):
        A.legal_action_mask(None, "not an array")


def test_a_long_message_is_cut() -> None:
    """REL-MESSAGES-1: the refused value is shown through `brief`."""
    with pytest.raises(InvalidStateError) as caught:
        T.observation_array("x" * 10_000, 0)
    assert len(str(caught.value)) < 200
