"""The objectives module (T-OBJ, O-16) and final scoring (T-SCORE, O-18, O-19)."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import CHANCE, IllegalMoveError
from tabletop_rules.trismaugistus.scoring import final_score

from .helpers import automa_turn, bowls, draw, set_up, trace_text

PACK = tm.default_pack()
O16_ROW = (
    tm.ObjectiveSlot("FX-O1"),
    tm.ObjectiveSlot("FX-O2", face_up=False),
    tm.ObjectiveSlot("FX-O3", cubes=2),
    tm.ObjectiveSlot("FX-O4"),
)


def o16_state(options: tm.Options | None = None) -> tm.State:
    state = set_up(1, objectives=True, options=options)
    state = tm.apply(
        state, tm.ReportBoard(reason="round_start", bowls=bowls(iron={"red": 3}), objective_row=O16_ROW)
    )
    return tm.apply(state, tm.HumanEndTurn(False))


def test_o16_setup_adds_purple_cards():  # T-OBJ-1, T-OBJ-2, T-RULING-27
    state = set_up(1, objectives=True)
    assert len(state.automa.draw_pile) == 12
    assert {"FX-P1", "FX-P2", "FX-P3"} <= state.automa.draw_pile
    assert [s.card_id for s in state.board.objectives] == ["FX-O1", "FX-O2", "FX-O3", "FX-O4"]
    assert len(set_up(2, objectives=True).automa.draw_pile) == 13
    chosen = set_up(1, objectives=True, objective_purple_ids=("FX-P2", "FX-P3", "FX-P4"))
    assert "FX-P1" not in chosen.automa.draw_pile


def test_level3_purple_placement():  # T-RULING-28
    state = set_up(3, objectives=True)
    assert len(state.automa.draw_pile) == 8
    outcomes = tm.chance_outcomes(automa_turn(state))
    assert all(p == Fraction(1, 8) for _, p in outcomes)
    options = tm.Options(level3_purple_placement="face_up_discard")
    state = set_up(3, objectives=True, options=options)
    assert len(state.automa.draw_pile) == 4
    assert len(state.automa.discard) == 10


# T-OBJ-4, T-OBJ-5, T-OBJ-6, T-OBJ-7, T-RULING-26, T-RULING-29, T-RULING-30
def test_o16_black_die_and_extra_draw():
    state = o16_state()
    assert tm.current_player(state) is CHANCE
    assert all(p == Fraction(1, 12) for _, p in tm.chance_outcomes(state))
    state = draw(state, "FX-P1")
    assert state.automa.discard == ("FX-P1",)  # discarded before the extra draw
    assert state.automa.active_die is None  # its sections are ignored
    assert tm.chance_outcomes(state) == tuple((tm.ObjectiveDie(i), Fraction(1, 3)) for i in (1, 3, 4))
    before = state
    state = tm.apply(state, tm.ObjectiveDieRaw(6))
    assert state.pending == before.pending
    assert state.board == before.board
    assert state.trace == (
        tm.TraceLine("T-OBJ-5", "the black die shows 6: no face-up card there, roll again"),
    )
    state = tm.apply(state, tm.ObjectiveDieRaw(2))  # face down: roll again
    assert state.board == before.board
    state = tm.apply(state, tm.ObjectiveDieRaw(3))
    assert state.automa.vp == 3
    assert state.board.objectives[2] == tm.ObjectiveSlot("FX-O3", False, 3)
    assert state.trace == (
        tm.TraceLine("T-OBJ-4", "the black die shows 3: position 3"),
        tm.TraceLine("T-OBJ-6", "cube 3 on FX-O3: VP +3 -> 3; turned face down"),
        tm.TraceLine("T-OBJ-7", "the automa draws another card"),
    )
    outcomes = tm.chance_outcomes(state)
    assert len(outcomes) == 11
    assert all(p == Fraction(1, 11) for _, p in outcomes)
    state = draw(state, "FX-Y1")  # the normal turn follows
    assert state.automa.gold == 1
    assert state.automa.dice_used == 1


def test_o16_variant_kth_face_up():  # T-RULING-30 alternative
    state = draw(o16_state(tm.Options(objective_die_mapping="kth_face_up")), "FX-P1")
    state = tm.apply(state, tm.ObjectiveDieRaw(6))
    assert state.automa.vp == 0
    state = tm.apply(state, tm.ObjectiveDieRaw(2))  # the second face-up card is FX-O3
    assert state.automa.vp == 3


def test_o16_after_later_purple_and_none_face_up():  # T-OBJ-5, T-RULING-31
    state = draw(o16_state(), "FX-P1")
    state = tm.apply(state, tm.ObjectiveDie(3))
    state = draw(state, "FX-P2")
    assert tm.chance_outcomes(state) == (
        (tm.ObjectiveDie(1), Fraction(1, 2)),
        (tm.ObjectiveDie(4), Fraction(1, 2)),
    )
    with pytest.raises(IllegalMoveError):
        tm.apply(state, tm.ObjectiveDie(3))
    # every card face down: no roll, straight to the extra draw
    row = tuple(attrs.evolve(s, face_up=False) for s in O16_ROW)
    state = attrs.evolve(o16_state(), board=attrs.evolve(o16_state().board, objectives=row))
    state = draw(state, "FX-P1")
    assert state.pending == tm.Pending("card")
    assert "no roll" in trace_text(state)


def _last_card_purple(options: tm.Options) -> tm.State:
    """The O-16 state whose draw pile holds only FX-P1 (every other card discarded)."""
    state = o16_state(options)
    cards = sorted(state.automa.draw_pile | set(state.automa.discard))
    rest = tuple(c for c in cards if c != "FX-P1")
    return attrs.evolve(
        state, automa=attrs.evolve(state.automa, draw_pile=frozenset({"FX-P1"}), discard=rest)
    )


PURPLE_LINES = (
    tm.TraceLine("T-TURN-1", "automa draws FX-P1 (purple, 1 of 1)"),
    tm.TraceLine("T-RULING-26", "FX-P1 is purple: its sections are ignored"),
    tm.TraceLine("T-RULING-29", "FX-P1 discarded before the extra draw"),
)


def test_a_purple_card_emptying_the_pile_reshuffles_on_the_next_draw():  # T-RULING-18 on_draw, T-TURN-5
    state = draw(_last_card_purple(tm.Options()), "FX-P1")
    assert state.automa.draw_pile == frozenset()
    assert state.automa.discard[-1] == "FX-P1"
    assert state.trace == (*PURPLE_LINES, tm.TraceLine("T-OBJ-4", "roll the black die for an objective card"))


def test_a_purple_card_emptying_the_pile_reshuffles_at_once_on_empty():  # T-RULING-18 on_empty, T-RULING-29
    state = draw(_last_card_purple(tm.Options(reshuffle_timing="on_empty")), "FX-P1")
    assert len(state.automa.draw_pile) == 12
    assert state.automa.discard == ()
    assert state.trace == (
        *PURPLE_LINES,
        tm.TraceLine(
            "T-RULING-18", "the draw pile is empty: 12 discarded cards shuffled into a new draw pile"
        ),
        tm.TraceLine("T-OBJ-4", "roll the black die for an objective card"),
    )


def test_purple_cards_held_to_the_end_of_the_turn_are_named():  # T-RULING-29 end_of_turn, T-OBJ-7
    state = draw(o16_state(tm.Options(purple_discard_timing="end_of_turn")), "FX-P1")
    state = draw(tm.apply(state, tm.ObjectiveDie(1)), "FX-P2")
    state = draw(tm.apply(state, tm.ObjectiveDie(1)), "FX-Y1")
    assert state.automa.discard == ("FX-Y1", "FX-P1", "FX-P2")
    assert state.trace[-2:] == (
        tm.TraceLine("T-RULING-29", "held purple cards FX-P1, FX-P2 discarded at the end of the turn"),
        tm.TraceLine("T-TURN-3", "FX-Y1 discarded; VP 0, gold 1, ether 0"),
    )


def test_cube_below_three_keeps_the_card_face_up():  # T-OBJ-4
    state = tm.apply(draw(o16_state(), "FX-P1"), tm.ObjectiveDie(1))
    assert state.board.objectives[0] == tm.ObjectiveSlot("FX-O1", True, 1)
    assert state.automa.vp == 0


def test_purple_discard_end_of_turn():  # T-RULING-29 alternative
    options = tm.Options(purple_discard_timing="end_of_turn")
    state = draw(o16_state(options), "FX-P1")
    assert state.automa.held_purples == ("FX-P1",)
    assert "FX-P1" not in state.automa.discard
    state = draw(tm.apply(state, tm.ObjectiveDie(1)), "FX-Y1")
    assert state.automa.discard == ("FX-Y1", "FX-P1")
    assert state.automa.held_purples == ()


def test_human_completes_an_objective():  # T-OBJ-3, T-RULING-32
    state = o16_state()
    state = attrs.evolve(state, to_move="human", pending=None)
    state = tm.apply(state, tm.HumanCompleteObjective(3))
    assert state.board.objectives[2] == tm.ObjectiveSlot("FX-O3", False, 0)
    assert state.automa.vp == 0
    with pytest.raises(IllegalMoveError, match="already face down"):
        tm.apply(state, tm.HumanCompleteObjective(2))
    assert tm.HumanCompleteObjective(1) in tm.legal_moves(state)


# --- final scoring ---------------------------------------------------------------------------------

O18 = tm.AutomaState(
    vp=23,
    gold=5,
    ether=2,
    levels=(5, 3, 4, 2),
    experiments=("FX-S1", "FX-E02", "FX-E05", "FX-E10"),
    artifacts=("FX-AS4", "FX-A03", "FX-A02"),
)
O19 = tm.AutomaState(
    vp=10,
    gold=2,
    ether=0,
    levels=(2, 2, 4, 1),
    experiments=("FX-S2", "FX-E01"),
    artifacts=("FX-AS1",),
)


# T-SCORE-1, T-SCORE-2, T-SCORE-3, T-SCORE-4, T-SCORE-5, T-SCORE-6, T-SCORE-7
# T-RULING-21, T-RULING-22, T-RULING-23, T-RULING-24, T-RULING-25
def test_o18_all_six_steps():
    score, trace = final_score(O18, PACK, tm.Options(), 2, PACK.masterpiece["FX-M1"])
    assert score.masterpiece_resolved
    assert score.masterpiece_gold == 3
    assert score.steps == (12, 14, 24, 15, 3, 14)
    assert score.symbols == 8
    assert (score.formulas, score.formulas_bought) == (5, 1)
    assert score.total == 105
    assert [t.clause for t in trace][:6] == [f"T-SCORE-{i}" for i in range(1, 7)]


@pytest.mark.parametrize(
    ("purchase", "total"), [("never", 101), ("only_if_gain", 105), ("max_affordable", 105)]
)
def test_o18_formula_purchase_variants(purchase: str, total: int):  # T-RULING-22
    options = tm.Options(formula_purchase=purchase)  # type: ignore[arg-type]
    score, _ = final_score(O18, PACK, options, 2, PACK.masterpiece["FX-M1"])
    assert score.total == total
    if purchase == "never":
        assert score.steps[3:5] == (10, 4)


def test_only_if_gain_stops_when_vp_do_not_exceed_cost():  # T-RULING-22
    pack = attrs.evolve(PACK, formula_scoring=tm.content.FormulaScoring(8, (0, 1, 2, 3, 4, 5, 6, 7, 8)))
    options = tm.Options(formula_purchase="only_if_gain")
    score, _ = final_score(O18, pack, options, 2, PACK.masterpiece["FX-M1"])
    assert score.formulas_bought == 0
    limited = tm.Options(max_formula_purchases=0)
    assert final_score(O18, PACK, limited, 2, PACK.masterpiece["FX-M1"])[0].formulas_bought == 0


def test_o19_masterpiece_cannot_be_paid():  # T-SCORE-1, T-RULING-21
    score, _ = final_score(O19, PACK, tm.Options(), 3, PACK.masterpiece["FX-M3"])
    assert not score.masterpiece_resolved
    assert score.masterpiece_gold == 0
    assert score.steps == (0, 4, 12, 6, 1, 7)
    assert score.total == 40


def test_masterpiece_met_without_paying():  # T-SCORE-1
    a = attrs.evolve(O19, levels=(2, 2, 7, 1))
    score, _ = final_score(a, PACK, tm.Options(), 3, PACK.masterpiece["FX-M3"])
    assert score.masterpiece_resolved
    assert score.masterpiece_gold == 0
    assert score.steps[0] == 15


def test_masterpiece_payment_moves_marker_alternative():  # T-RULING-21 alternative
    options = tm.Options(masterpiece_payment_moves_marker=True)
    score, _ = final_score(O18, PACK, options, 2, PACK.masterpiece["FX-M1"])
    # fire 3 -> 6: symbol at fire 4 (+1 symbol x 3) and end VP 2 -> 9
    assert score.steps[2] == 27
    assert score.steps[5] == 21


def test_track_symbols_current_level_only():  # T-RULING-24 alternative
    options = tm.Options(track_symbol_count="current_level_only")
    score, _ = final_score(O18, PACK, options, 2, PACK.masterpiece["FX-M1"])
    assert score.symbols == 7  # E5 is past the earth symbol at 4, not on it


def test_starting_experiment_not_counted_alternative():  # T-RULING-5
    a = attrs.evolve(O19, experiments=("FX-E01",))
    score, _ = final_score(a, PACK, tm.Options(), 3, PACK.masterpiece["FX-M3"])
    assert score.steps[1] == 3


def test_final_scoring_through_the_masterpiece_chance_node():  # T-SCORE-7, T-RULING-20, C-3
    state = set_up(2, masterpieces_unavailable=("FX-M2",))
    state = attrs.evolve(state, phase="scoring", pending=tm.Pending("masterpiece"), automa=O18, round=3)
    assert tm.chance_outcomes(state) == tuple(
        (tm.MasterpieceDrawn(m), Fraction(1, 3)) for m in ("FX-M1", "FX-M3", "FX-M4")
    )
    with pytest.raises(IllegalMoveError):
        tm.apply(state, tm.MasterpieceDrawn("FX-M2"))
    out = tm.apply(state, tm.MasterpieceDrawn("FX-M1"))
    assert tm.is_terminal(out)
    assert out.score is not None
    assert out.score.total == 105
    assert tm.returns(out) == (-105.0,)
    assert tm.automa_score(out) == 105
    assert "TOTAL" in tm.describe(out)
    assert tm.legal_moves(out) == ()
    assert tm.current_player(out) is None


def test_empty_masterpiece_deck_scores_without_one():  # T-RULING-20
    state = set_up(2, masterpieces_unavailable=("FX-M1", "FX-M2", "FX-M3", "FX-M4"))
    state = tm.apply(state, tm.ReportBoard(reason="round_start", bowls=bowls()))
    state = attrs.evolve(state, round=3, human_dice=3)
    state = tm.apply(state, tm.HumanEndTurn(True))  # the empty board ends the automa's round too
    state = draw(state, "FX-Y1")
    assert tm.is_terminal(state)
    assert state.score is not None
    assert state.score.masterpiece_id is None


def test_gold_exactly_the_shortfall_resolves_the_masterpiece():  # T-SCORE-1, T-RULING-21 (boundary)
    # FX-M3 needs water 7; W4 is 3 steps short: 3 gold is exactly enough, 2 is not (O-19)
    exact = attrs.evolve(O19, gold=3)
    score, trace = final_score(exact, PACK, tm.Options(), 3, PACK.masterpiece["FX-M3"])
    assert score.masterpiece_resolved
    assert score.masterpiece_gold == 3
    assert score.steps[0] == 15
    assert score.steps[4] == 0  # T-SCORE-7: the gold paid is gone in step 5
    assert "pays 3 gold (gold 0)" in trace[0].text
    short = final_score(attrs.evolve(O19, gold=2), PACK, tm.Options(), 3, PACK.masterpiece["FX-M3"])[0]
    assert not short.masterpiece_resolved


def test_empty_masterpiece_deck_trace_and_score():  # T-SCORE-1, T-SCORE-7, T-RULING-20
    score, trace = final_score(O19, PACK, tm.Options(), 3, None)
    assert score.masterpiece_id is None
    assert not score.masterpiece_resolved
    assert score.masterpiece_gold == 0
    assert score.steps == (0, 4, 12, 6, 1, 7)
    assert score.total == 40
    assert trace == [
        tm.TraceLine("T-SCORE-1", "step 1: the masterpiece deck is empty, no masterpiece"),
        tm.TraceLine("T-SCORE-2", "step 2: 2 experiments -> 4 VP"),
        tm.TraceLine(
            "T-SCORE-3",
            "step 3: symbols 2 experiments + 0 masterpiece + 1 artifacts + 0 tracks = 3 x 4 -> 12 VP",
        ),
        tm.TraceLine("T-SCORE-4", "step 4: 2 types + 1 bought = 3 formulas -> 6 VP (gold left 1)"),
        tm.TraceLine("T-SCORE-5", "step 5: gold 1 + ether 0 -> 1 VP"),
        tm.TraceLine("T-SCORE-6", "step 6: tracks E2 F2 W4 A1 -> 7 VP"),
        tm.TraceLine("T-SCORE-7", "total: VP track 10 + 0 + 4 + 12 + 6 + 1 + 7 = 40"),
    ]


def test_masterpiece_payment_moving_the_marker_keeps_the_whole_trace():  # T-SCORE-1, T-RULING-21
    # FX-M1 needs fire 6; F3 is 3 steps short and O-18 has 5 gold
    paid = "step 1: masterpiece FX-M1: 3 steps short of fire 6, pays 3 gold (gold 2)"
    _, trace = final_score(O18, PACK, tm.Options(), 2, PACK.masterpiece["FX-M1"])
    assert trace[0] == tm.TraceLine("T-SCORE-1", f"{paid} -> 12 VP")
    options = tm.Options(masterpiece_payment_moves_marker=True)
    _, trace = final_score(O18, PACK, options, 2, PACK.masterpiece["FX-M1"])
    assert trace[0] == tm.TraceLine("T-SCORE-1", f"{paid}; fire marker moves to 6 (T-RULING-21) -> 12 VP")
    assert trace[5] == tm.TraceLine("T-SCORE-6", "step 6: tracks E5 F6 W4 A2 -> 21 VP")


def test_track_symbols_count_only_markers_on_a_symbol_space():  # T-SCORE-3, T-RULING-24, T-RULING-25
    # symbol spaces: earth 4, fire 4 and 7, water 5, air 4 and 7; air 5 lies between its two symbols
    automa = tm.AutomaState(levels=(4, 7, 5, 5), experiments=("FX-S3",))  # FX-S3 shows no symbol
    options = tm.Options(track_symbol_count="current_level_only")
    score, trace = final_score(automa, PACK, options, 1, None)
    assert score.symbols == 3
    assert score.steps[2] == 6
    assert trace[2] == tm.TraceLine(
        "T-SCORE-3", "step 3: symbols 0 experiments + 0 masterpiece + 0 artifacts + 3 tracks = 3 x 2 -> 6 VP"
    )
    # the default ruling counts every symbol reached or passed: 1 + 2 + 1 + 1
    reached, _ = final_score(automa, PACK, tm.Options(), 1, None)
    assert (reached.symbols, reached.steps[2]) == (5, 10)


def test_masterpiece_of_a_type_already_held_adds_no_formula():  # T-SCORE-4, T-RULING-22
    # O-18's experiments are circle, square, circle, triangle; FX-M2 (a circle) is met at earth 5
    never = tm.Options(formula_purchase="never")
    score, trace = final_score(O18, PACK, never, 2, PACK.masterpiece["FX-M2"])
    assert score.masterpiece_resolved
    assert (score.formulas, score.formulas_bought) == (3, 0)
    assert score.steps[3] == 6
    assert trace[3] == tm.TraceLine(
        "T-SCORE-4", "step 4: 3 types + 0 bought = 3 formulas -> 6 VP (gold left 5)"
    )
    # buying with 5 gold: 1 then 2, and 2 gold is left, short of the third formula's 3
    score, trace = final_score(O18, PACK, tm.Options(), 2, PACK.masterpiece["FX-M2"])
    assert (score.formulas, score.formulas_bought) == (5, 2)
    assert score.steps[3:5] == (15, 4)
    assert trace[3] == tm.TraceLine(
        "T-SCORE-4", "step 4: 3 types + 2 bought = 5 formulas -> 15 VP (gold left 2)"
    )


def test_formula_purchase_stops_at_the_maximum():  # T-SCORE-4, T-RULING-22, T-RULING-23
    pack = attrs.evolve(PACK, formula_scoring=tm.content.FormulaScoring(4, (0, 1, 3, 6, 10)))
    score, trace = final_score(O18, pack, tm.Options(), 2, PACK.masterpiece["FX-M2"])
    # 3 types; one formula for 1 gold reaches the maximum of 4, and the other 4 gold stay
    assert (score.formulas, score.formulas_bought) == (4, 1)
    assert score.steps[3:5] == (10, 6)  # step 5: gold 4 + ether 2
    assert trace[3] == tm.TraceLine(
        "T-SCORE-4", "step 4: 3 types + 1 bought = 4 formulas -> 10 VP (gold left 4)"
    )


def test_formula_bought_with_exactly_its_cost():  # T-SCORE-4, T-SCORE-7, T-RULING-22 (boundary)
    # 3 gold: the first formula costs 1, the second 2 (all the gold left), the third 3 cannot be paid
    score, trace = final_score(attrs.evolve(O19, gold=3), PACK, tm.Options(), 3, None)
    assert (score.formulas, score.formulas_bought) == (4, 2)
    assert score.steps[3:5] == (10, 0)
    assert trace[3] == tm.TraceLine(
        "T-SCORE-4", "step 4: 2 types + 2 bought = 4 formulas -> 10 VP (gold left 0)"
    )
