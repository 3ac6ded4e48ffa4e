"""The stable integer encoding of decisions and chance outcomes (issue 6, for the OpenSpiel adapter)."""

from __future__ import annotations

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core.errors import InvalidMoveError
from tabletop_rules.testing import finished_playout
from tabletop_rules.trismaugistus import actions

NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
PACK = tm.default_pack()
START = tm.new_game()  # the encoding of the default pack
CONFIGS = [
    None,
    tm.Options(artifact_choice="roll_d6", wild_experiment_area="all_areas"),
    tm.Options(purple_discard_timing="end_of_turn", automa_finish_timing="on_next_turn"),
]


def test_every_id_decodes_to_a_distinct_move_and_back():
    state = tm.new_game()
    n, k = actions.num_actions(START), actions.num_chance_outcomes(START)
    decoded = [actions.action_to_move(state, i) for i in range(n)]
    assert len(set(decoded)) == n
    assert [actions.move_to_action(state, m) for m in decoded] == list(range(n))
    chances = [actions.chance_to_move(state, i) for i in range(k)]
    assert len(set(chances)) == k
    assert [actions.move_to_chance(state, m) for m in chances] == list(range(k))
    assert not set(decoded) & set(chances)


def test_the_layout_is_fixed():
    state = tm.new_game()
    setups = len(tm.legal_moves(state))
    assert actions.action_to_move(state, 0) == tm.legal_moves(state)[0]
    assert isinstance(actions.action_to_move(state, setups), tm.ReportBoard)
    cards = len(PACK.automa_cards)
    assert actions.chance_to_move(state, 0) == tm.CardDrawn(PACK.automa_cards[0].id)
    assert actions.chance_to_move(state, cards) == tm.ObjectiveDie(1)
    assert actions.chance_to_move(state, actions.num_chance_outcomes(START) - 1) == tm.ArtifactDie(2)
    assert actions.move_to_action(state, tm.HumanEndTurn(True)) == actions.num_actions(START) - 1


def test_bad_ids_and_moves_raise_typed_errors():
    state = tm.new_game()
    for bad in (-1, actions.num_actions(START), True, "3", 2.0):
        with pytest.raises(InvalidMoveError):
            actions.action_to_move(state, bad)  # type: ignore[arg-type]
    for bad in (-1, actions.num_chance_outcomes(START), False):
        with pytest.raises(InvalidMoveError):
            actions.chance_to_move(state, bad)
    for move in (
        tm.CardDrawn("FX-G1"),
        tm.ReportBoard(reason="correction"),
        "end",
        tm.HumanDraftDie([1], "red"),
    ):  # type: ignore[arg-type]
        with pytest.raises(InvalidMoveError):
            actions.move_to_action(state, move)  # type: ignore[arg-type]
    for move in (tm.HumanEndTurn(False), tm.ObjectiveDieRaw(3), tm.CardDrawn("nope"), None):
        with pytest.raises(InvalidMoveError):
            actions.move_to_chance(state, move)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_turns"):
        actions.max_game_length(START, -1)


@pytest.mark.parametrize("options", CONFIGS)
@settings(max_examples=6, deadline=None, phases=NO_SHRINK)
@given(seed=st.integers(0, 2**31 - 1))
def test_every_legal_move_of_a_playout_round_trips(options: tm.Options | None, seed: int):
    n, k = actions.num_actions(START), actions.num_chance_outcomes(START)
    playout = finished_playout(tm, seed, options=options)
    for state in playout.states(tm):
        moves = tm.legal_moves(state)
        ids = [actions.move_to_action(state, m) for m in moves]
        assert all(0 <= i < n for i in ids)
        assert len(set(ids)) == len(ids)
        assert [actions.action_to_move(state, i) for i in ids] == list(moves)
        outcomes = [m for m, _ in tm.chance_outcomes(state)]
        cids = [actions.move_to_chance(state, m) for m in outcomes]
        assert all(0 <= i < k for i in cids)
        assert len(set(cids)) == len(cids)
        assert [actions.chance_to_move(state, i) for i in cids] == outcomes
    final = playout.final
    assert len(playout.moves) <= actions.max_game_length(START, final.turn)
