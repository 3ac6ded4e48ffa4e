"""The stable integer encoding of moves (``chrononauts.actions``, for the OpenSpiel adapter)."""

from __future__ import annotations

import pytest

from tabletop_rules import chrononauts as C
from tabletop_rules.chrononauts import actions as A
from tabletop_rules.core import CHANCE, InvalidMoveError, random_playout
from tabletop_rules.testing import finished_playout

GAMES = [
    (2, "chrononauts", {}),
    (4, "chrononauts", {}),
    (6, "chrononauts", {}),
    (4, "artifaxx", {"max_turns": 40}),
    (3, "artifaxx", {"max_turns": 40, "artifaxx_ypnm": "as_it_never_existed"}),
    (1, "solonauts", {}),
    (
        5,
        "chrononauts",
        {
            "fast_forward_mode": "draw2_play2",
            "sell_artifact_source": "table_or_hand",
            "auto_declare_victory": False,
            "memo_self_target": True,
            "max_turns": 80,
        },
    ),
]


def _check_state(state: C.State) -> int:
    size = A.num_actions(state)
    chance_size = A.num_chance_outcomes(state)
    if C.current_player(state) is CHANCE:
        ids = []
        for move, _ in C.chance_outcomes(state):
            outcome = A.move_to_chance(state, move)
            assert 0 <= outcome < chance_size
            assert A.chance_to_move(state, outcome) == move
            ids.append(outcome)
    else:
        ids = []
        for move in C.legal_moves(state):
            action = A.move_to_action(state, move)
            assert 0 <= action < size
            assert A.action_to_move(state, action) == move
            ids.append(action)
    assert len(set(ids)) == len(ids)
    return len(ids)


@pytest.mark.parametrize(("players", "variant", "options"), GAMES)
def test_every_move_round_trips_along_random_playouts(players, variant, options):
    initial = C.new_game(options, players=players, variant=variant)
    for seed in range(2):
        playout = random_playout(C, seed, initial=initial, max_moves=600)
        for state in playout.states(C):
            if not C.is_terminal(state):
                assert _check_state(state) > 0


def test_layout_sizes_and_stability():
    cards = C.default_cards()
    state = C.new_game(players=4)
    assert len(cards.deck) == 55
    assert A.num_actions(state) == 1887
    assert A.num_chance_outcomes(state) == 55 + 24 + 10
    # the same ids for every player count
    assert {A.num_actions(C.new_game(players=n)) for n in range(2, 7)} == {1887}
    assert A.num_actions(C.new_game(variant="solonauts")) == 1887
    assert A.move_to_action(C.new_game(players=2), C.Pass()) == A.move_to_action(
        C.new_game(players=6), C.Pass()
    )
    # fixed anchors of the documented layout
    assert A.action_to_move(state, 0) == C.Play(cards.deck[0], cards.linchpins[0].icon)
    assert A.move_to_action(state, C.Pass()) == A.num_actions(state) - 5
    assert A.move_to_action(state, C.Declare(False)) == A.num_actions(state) - 1
    assert A.move_to_chance(state, C.Draw(cards.deck[0])) == 0
    assert A.move_to_chance(state, C.FirstPlayer(9)) == A.num_chance_outcomes(state) - 1
    # every id decodes to a distinct move
    decoded = [A.action_to_move(state, i) for i in range(A.num_actions(state))]
    assert len(set(decoded)) == len(decoded)


def test_bad_ids_and_moves_raise_typed_errors():
    state = C.new_game(players=3)
    size = A.num_actions(state)
    for bad in (-1, size, True, "3", 2.0, None):
        with pytest.raises(InvalidMoveError):
            A.action_to_move(state, bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidMoveError):
            A.chance_to_move(state, bad if bad != size else 10**6)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError):
        A.move_to_action(state, C.Draw("INV-REVERSE-FATE"))
    with pytest.raises(InvalidMoveError):
        A.move_to_chance(state, C.Pass())
    with pytest.raises(InvalidMoveError):
        A.move_to_action(state, C.Play("not-a-card"))


def test_max_game_length():  # C-RULING-38
    assert A.max_game_length(C.new_game(players=4)) is None
    bound = A.max_game_length(C.new_game({"max_turns": 30}, players=4))
    assert bound is not None
    assert bound >= 30 * A.MOVES_PER_TURN
    playout = finished_playout(C, 5, initial=C.new_game({"max_turns": 30}, players=4))
    assert len(playout.moves) <= bound
    solo = A.max_game_length(C.new_game({"variant": "solonauts", "max_turns": 50}))
    assert solo is not None
    assert solo > 50
