"""The integer ids of decisions and chance outcomes: stable, one-to-one, state first."""

from __future__ import annotations

import pytest

from tabletop_rules import valandris as v
from tabletop_rules.core import InvalidMoveError
from tabletop_rules.testing import finished_playout
from tabletop_rules.valandris import actions


def test_every_action_id_round_trips():
    state = v.new_game()
    assert v.num_actions(state) == actions.NUM_ACTIONS == 630
    decoded = [v.action_to_move(state, i) for i in range(v.num_actions(state))]
    assert len(set(decoded)) == len(decoded)
    assert [v.move_to_action(state, m) for m in decoded] == list(range(actions.NUM_ACTIONS))


def test_every_chance_id_round_trips():  # V-CHANCE-1, V-CHANCE-2
    state = v.new_game()
    assert v.num_chance_outcomes(state) == actions.CHANCE_OUTCOMES == 12
    rolls = [v.chance_to_move(state, i) for i in range(12)]
    assert rolls == [v.Roll(face) for face in range(1, 13)]
    assert [v.move_to_chance(state, m) for m in rolls] == list(range(12))


def test_ids_are_stable():
    """The documented table of ids (a change would break stored OpenSpiel data)."""
    state = v.new_game()
    assert v.move_to_action(state, v.Place(v.Piece.UNICORN, 20)) == 52 + 20
    assert v.move_to_action(state, v.Seal(21)) == 208 + 21
    assert v.move_to_action(state, v.Step(0)) == 260
    assert v.move_to_action(state, v.Jump(40)) == 312 + 40
    assert v.move_to_action(state, v.Fly(5)) == 364 + 5
    assert v.move_to_action(state, v.Cross(v.Piece.ARCHANGEL, 20)) == 416 + 104 + 20
    assert v.move_to_action(state, v.DemonMove(51)) == 623
    assert v.move_to_action(state, v.NoSeal()) == 624
    assert v.move_to_action(state, v.Stay()) == 625
    assert v.move_to_action(state, v.Declare(v.Piece.UNICORN)) == 627
    assert v.move_to_action(state, v.Declare(None)) == 629


def test_legal_moves_of_a_playout_have_distinct_ids():  # V-ENGINE-2
    for state in finished_playout(v, 4).states(v):
        ids = [v.move_to_action(state, m) for m in v.legal_moves(state)]
        assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("bad", [-1, 630, True, 1.0, "3"])
def test_bad_action_ids_are_refused(bad):
    with pytest.raises(InvalidMoveError, match="is not a Valandris action id"):
        v.action_to_move(v.new_game(), bad)


@pytest.mark.parametrize("bad", [-1, 12, False, 0.0])
def test_bad_chance_ids_are_refused(bad):
    with pytest.raises(InvalidMoveError, match="is not a d12 outcome id"):
        v.chance_to_move(v.new_game(), bad)


def test_kinds_are_kept_apart():
    state = v.new_game()
    with pytest.raises(InvalidMoveError):
        v.move_to_action(state, v.Roll(3))
    with pytest.raises(InvalidMoveError):
        v.move_to_chance(state, v.Step(3))
    with pytest.raises(InvalidMoveError):
        v.move_to_action(state, "seal E1")  # type: ignore[arg-type]


def test_max_game_length_bounds_every_game():  # V-END-3, V-RULING-29
    options = v.Options(max_turns=8)
    state = v.new_game(options)
    assert v.max_game_length(state) == 10 + 6 * 8
    assert v.max_game_length(v.new_game({"max_turns": None})) is None
    for seed in range(20):
        playout = finished_playout(v, seed, options=options)
        assert len(playout.moves) <= v.max_game_length(state)
