"""The table companion: the human's final score, reports that change only what they name, the mirror."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import IllegalMoveError, InvalidMoveError, InvalidStateError
from tabletop_rules.trismaugistus.moves import MAX_REPORTED_SCORE, ReportFinalScore
from tabletop_rules.trismaugistus.notation import format_move, parse_move_text
from tabletop_rules.trismaugistus.views import mirror

from .helpers import areas, bowls, finished, mid_round, offers, set_up

# --- the human's final score -----------------------------------------------------------------------


def test_without_a_report_the_game_ends_as_before():  # T-SCORE-7
    state = finished()
    assert tm.is_terminal(state)
    assert tm.legal_moves(state) == ()
    assert tm.returns(state) == (-105.0,)
    out = tm.outcome(state)
    assert (out["score"], out["human_score"], out["winner"], out["margin"]) == (105, None, None, None)


@pytest.mark.parametrize(("points", "winner", "ret"), [(120, "human", 15.0), (90, "automa", -15.0)])
def test_report_final_score_names_the_winner(points: int, winner: str, ret: float):
    state = finished()
    move = tm.parse_move(state, f"report score {points}")
    assert move == ReportFinalScore(points)
    assert tm.move_to_str(state, move) == f"report score {points}"
    assert tm.is_legal(state, move)
    out = tm.apply(state, move)
    assert tm.is_terminal(out)
    assert tm.legal_moves(out) == ()
    assert tm.returns(out) == (ret,)
    summary = tm.outcome(out)
    assert (summary["human_score"], summary["winner"], summary["margin"]) == (points, winner, points - 105)
    assert f"the {winner} wins" in tm.describe(out)
    assert tm.from_json(tm.to_json(out)) == out
    assert state.score is not None
    assert state.score.human_score is None


@pytest.mark.parametrize(("tie", "winner", "ret"), [("shared", "tie", 0.0), ("human", "human", 0.5),
                                                    ("automa", "automa", -0.5)])  # fmt: skip
def test_a_tie_follows_the_score_tie_option(tie: str, winner: str, ret: float):
    state = finished(tm.Options(score_tie=tie))  # type: ignore[arg-type]
    out = tm.apply(state, ReportFinalScore(105))
    assert tm.outcome(out)["winner"] == winner
    assert tm.returns(out) == (ret,)


def test_the_default_tie_is_shared():
    assert tm.Options().score_tie == "shared"


def test_the_score_is_reported_once_and_only_at_the_end():
    before = set_up(2)
    with pytest.raises(IllegalMoveError, match="once the automa's final score is known"):
        tm.apply(before, ReportFinalScore(80))
    with pytest.raises(IllegalMoveError):
        tm.parse_move(before, "report score 80")
    state = tm.apply(finished(), ReportFinalScore(80))
    with pytest.raises(IllegalMoveError, match="already been reported"):
        tm.apply(state, ReportFinalScore(81))
    with pytest.raises(IllegalMoveError, match="the game is over"):
        tm.apply(state, tm.HumanEndTurn(False))


class _Int(int):
    pass


@pytest.mark.parametrize("points", [True, 80.0, -1, MAX_REPORTED_SCORE + 1, _Int(80), "80", None, 10**400])
def test_forged_scores_are_refused_and_change_nothing(points: Any):
    state = finished()
    text = tm.to_json(state)
    with pytest.raises(InvalidMoveError, match=r"^ReportFinalScore\.points must be an int in 0\.\.9999"):
        tm.apply(state, ReportFinalScore(points))
    assert not tm.is_legal(state, ReportFinalScore(points))
    assert tm.to_json(state) == text


def test_the_largest_score_is_accepted_and_recorded():  # the upper bound of ReportFinalScore
    state = finished()
    move = ReportFinalScore(MAX_REPORTED_SCORE)
    assert tm.is_legal(state, move)
    out = tm.apply(state, move)
    assert out.score is not None
    assert out.score.human_score == MAX_REPORTED_SCORE == 9999
    assert out.trace == (
        tm.TraceLine("", "the human reports a final score of 9999; automa 105: the human wins"),
    )


@pytest.mark.parametrize(("points", "shown"), [(-1, "-1"), (10000, "10000"), (10**400, "<int of 1329 bits>")])
def test_an_out_of_range_score_is_refused_with_its_value(points: int, shown: str):
    with pytest.raises(InvalidMoveError) as info:
        tm.apply(finished(), ReportFinalScore(points))
    assert str(info.value) == f"ReportFinalScore.points must be an int in 0..9999, not {shown}"


def test_a_score_before_the_end_is_refused_with_the_whole_message():
    with pytest.raises(IllegalMoveError) as info:
        tm.apply(set_up(2), ReportFinalScore(80))
    assert str(info.value) == "the human's final score is reported once the automa's final score is known"
    state = tm.apply(finished(), ReportFinalScore(80))
    with pytest.raises(IllegalMoveError) as info:
        tm.apply(state, ReportFinalScore(81))
    assert str(info.value) == "the human's final score has already been reported (80)"


def test_the_trace_line_of_a_report_the_automa_wins():
    out = tm.apply(finished(), ReportFinalScore(90))
    assert out.trace == (
        tm.TraceLine("", "the human reports a final score of 90; automa 105: the automa wins"),
    )
    tied = tm.apply(finished(tm.Options(score_tie="automa")), ReportFinalScore(105))
    text = (
        "the human reports a final score of 105; automa 105:"
        " the automa wins (a tie given to the automa by the score_tie option)"
    )
    assert tied.trace == (tm.TraceLine("", text),)


BAD_SCORES = ["report score -1", "report score 10000", "report score 08", "report score \u0663",
              "report score", "report score 1 2", "report score 1e3"]  # fmt: skip


@pytest.mark.parametrize("text", BAD_SCORES)
def test_bad_score_texts_are_invalid(text: str):
    with pytest.raises(InvalidMoveError):
        tm.parse_move(finished(), text)


def test_validate_bounds_the_human_score():
    state = finished()
    assert state.score is not None
    bad = attrs.evolve(state, score=attrs.evolve(state.score, human_score=10**400))
    with pytest.raises(InvalidStateError, match="reported score"):
        tm.validate(bad)
    data = json.loads(tm.to_json(tm.apply(state, ReportFinalScore(7))))
    data["score"]["human_score"] = 10**6
    with pytest.raises(InvalidStateError, match="human_score"):
        tm.from_json(json.dumps(data))


# --- reports change only what they name ------------------------------------------------------------


def test_a_partial_refill_keeps_the_areas_it_does_not_name():
    state = mid_round()
    move = tm.parse_move(state, "report refill areas=copper:FX-E05")
    assert move.experiment_areas == areas(copper=["FX-E05"], iron=["FX-E04"])  # type: ignore[union-attr]
    out = tm.apply(state, move)
    assert out.board.areas == areas(copper=["FX-E05"], iron=["FX-E04"])
    assert out.board.offers == state.board.offers
    assert out.board.bowls == state.board.bowls


def test_face_dash_empties_one_and_a_bare_dash_empties_all():
    state = mid_round()
    one = tm.parse_move(state, "report correction areas=iron:- offers=white:-")
    assert one.experiment_areas == areas(copper=["FX-E01", "FX-E03"])  # type: ignore[union-attr]
    assert one.artifact_offers == offers(red=["FX-A01", "FX-A02"])  # type: ignore[union-attr]
    every = tm.parse_move(state, "report correction areas=- bowls=-")
    assert every.experiment_areas == areas()
    assert every.bowls == bowls()


def test_bowls_merge_during_a_round_but_a_roll_is_whole():  # B-3
    state = mid_round()
    fixed = tm.parse_move(state, "report correction bowls=lead:b2")
    assert fixed.bowls == bowls(lead={"black": 2}, iron={"red": 1, "white": 2}, wild={"black": 1})  # type: ignore[union-attr]
    start = attrs.evolve(state, phase="round_start", round=2, human_dice=0)
    start = attrs.evolve(start, automa=attrs.evolve(start.automa, dice_used=0, exhausted=(), active_die=None))
    roll = tm.parse_move(start, "report bowls=lead:b2")
    assert roll.bowls == bowls(lead={"black": 2})  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "text",
    [
        "report refill areas=copper:FX-E05,copper:FX-E06",  # a face twice
        "report refill bowls=iron:r1r2",  # a colour twice
        "report refill bowls=iron:r1,iron:w1",
        "report refill offers=red:FX-A01,red:-",
        "report refill objectives=FX-O1,FX-O2",  # a partial row
        "report refill bonuses=earth:2=vp_5",  # a partial layout
    ],
)
def test_ambiguous_or_partial_sections_are_refused(text: str):
    with pytest.raises(InvalidMoveError):
        tm.parse_move(mid_round(), text)


def test_move_to_str_writes_against_the_mirror_and_round_trips():
    state = mid_round()
    move = tm.ReportBoard(
        reason="refill",
        bowls=bowls(iron={"red": 1}),
        experiment_areas=areas(copper=["FX-E05"]),
        artifact_offers=offers(black=["FX-A05"]),
    )
    text = tm.move_to_str(state, move)
    assert "iron:-" in text
    assert "copper:FX-E05" in text
    assert "red:-" in text
    assert "wild:-" in text
    assert tm.parse_move(state, text) == move
    # the stateless pair reads and writes against an empty mirror
    assert parse_move_text(format_move(move)) == move


# --- the mirror ------------------------------------------------------------------------------------


def test_mirror_is_json_ready_and_complete():
    state = mid_round()
    m = mirror(state)
    assert json.loads(json.dumps(m)) == m
    assert m["bowls"]["iron"] == {"red": 1, "white": 2, "black": 0, "potency": 3}  # B-4
    assert [e["id"] for e in m["experiment_areas"]["copper"]] == ["FX-E01", "FX-E03"]
    assert m["experiment_areas"]["copper"][0]["requirement"] == {"track": "earth", "level": 2}
    assert [a["id"] for a in m["artifact_offers"]["red"]] == ["FX-A01", "FX-A02"]
    assert m["automa"]["tracks"]["earth"] == {"level": 0, "max_level": 7, "next_bonus": 2}
    assert m["automa"]["ether"] == 1
    assert m["automa"]["tiebreak_track"] == "fire"
    assert m["flow"]["phase"] == "play"
    assert m["score"] is None
    text = tm.describe(state)
    for part in ("FX-E01", "FX-A02", "iron:r1w2(potency 3)", "cube on fire", "draw pile 9"):
        assert part in text


def test_mirror_shows_the_objective_row_and_the_score():
    state = set_up(1, objectives=True)
    m = mirror(state)
    assert [o["id"] for o in m["objective_row"]] == ["FX-O1", "FX-O2", "FX-O3", "FX-O4"]
    assert "1. FX-O1" in tm.describe(state)
    over = tm.apply(finished(), ReportFinalScore(100))
    assert mirror(over)["score"]["winner"] == "automa"


def test_a_score_of_zero_can_be_reported():  # the lower bound of ReportFinalScore
    out = tm.apply(finished(), tm.parse_move(finished(), "report score 0"))
    assert tm.outcome(out)["margin"] == -105


def test_the_trace_says_when_the_tie_ruling_decided():
    out = tm.apply(finished(tm.Options(score_tie="human")), ReportFinalScore(105))
    assert out.trace[0].text.endswith("the human wins (a tie given to the human by the score_tie option)")
    shared = tm.apply(finished(), ReportFinalScore(105))
    assert shared.trace[0].text.endswith(": a tie")


def test_mirror_next_bonus_is_strictly_above_the_marker():  # T-BONUS-1
    state = set_up(1, "FX-S3", "FX-AS2")  # O-1: earth 0 -> 2, on the earth@2 bonus
    tracks = mirror(state)["automa"]["tracks"]
    assert tracks["earth"] == {"level": 2, "max_level": 7, "next_bonus": 5}
    assert tracks["water"]["next_bonus"] == 2
