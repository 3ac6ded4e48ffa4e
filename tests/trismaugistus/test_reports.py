"""The checks of the human's reports, word for word, and the standard layouts of the round-start menu."""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import IllegalMoveError, InvalidMoveError, InvalidStateError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.trismaugistus.content.records import BonusSpace
from tabletop_rules.trismaugistus.reports import BOWL_PATTERNS, _bowl_pattern, round_layout

from .helpers import areas, bowls, mid_round, offers, set_up

PACK = tm.default_pack()
PACK_ID = "fictional-example-v1"


def refusal(state: tm.State, move: Any) -> str:
    """The whole message of the error that ``check_move`` and ``apply`` raise: an `IllegalMoveError`, or
    an `InvalidMoveError` for a move that is not of the moves' shape (its message names the field)."""
    with pytest.raises((IllegalMoveError, InvalidMoveError)) as checked:
        tm.check_move(state, move)
    with pytest.raises((IllegalMoveError, InvalidMoveError)) as applied:
        tm.apply(state, move)
    assert str(applied.value) == str(checked.value)
    assert type(applied.value) is type(checked.value)
    shape = re.match(rf"{type(move).__name__}\.[\w.\[\]]+ must ", str(checked.value))  # names the field
    assert type(checked.value) is (InvalidMoveError if shape else IllegalMoveError)
    assert not tm.is_legal(state, move)
    return str(checked.value)


def objectives_round() -> tm.State:
    """Round 1 with the objectives module on (a face-up row FX-O1..FX-O4), the human to move."""
    return tm.apply(set_up(1, objectives=True), tm.ReportBoard(bowls=bowls(iron={"red": 3})))


def with_last_track(layout: tm.moves.BonusLayout, *spaces: BonusSpace) -> tm.moves.BonusLayout:
    return (*layout[:3], spaces)


# --- the round-start menu's standard layouts (spec 1.3) ----------------------------------------------


def test_the_three_standard_rolls():  # B-3, B-4: nine dice, three of each colour
    assert [_bowl_pattern(v) for v in range(3)] == list(BOWL_PATTERNS)
    assert BOWL_PATTERNS == (
        ((2, 0, 0), (0, 2, 0), (0, 0, 2), (1, 0, 0), (0, 1, 0), (0, 0, 1)),
        ((0, 0, 0), (3, 0, 0), (0, 0, 0), (0, 3, 0), (0, 0, 0), (0, 0, 3)),
        ((0, 0, 0), (0, 0, 0), (2, 1, 2), (0, 0, 0), (0, 0, 0), (1, 2, 1)),
    )


# Each round's two layouts: the stage's experiments dealt over the pack's areas from the variant on, and
# each colour's board artifacts from position (round - 1 + variant) on, two to an offer.
LAYOUTS = {
    (1, 0): (BOWL_PATTERNS[1], areas(lead=["FX-E01"], tin=["FX-E02"], iron=["FX-E03"], copper=["FX-E04"],
                                     mercury=["FX-E10"]),
             offers(red=["FX-A01", "FX-A02"], white=["FX-A03", "FX-A04"], black=["FX-A05", "FX-A06"])),
    (1, 1): (BOWL_PATTERNS[2], areas(tin=["FX-E01"], iron=["FX-E02"], copper=["FX-E03"], mercury=["FX-E04"],
                                     wild=["FX-E10"]),
             offers(red=["FX-A02", "FX-A07"], white=["FX-A04", "FX-A08"], black=["FX-A06", "FX-A09"])),
    (2, 0): (BOWL_PATTERNS[2], areas(lead=["FX-E05"], tin=["FX-E06"], iron=["FX-E07"], copper=["FX-E08"]),
             offers(red=["FX-A02", "FX-A07"], white=["FX-A04", "FX-A08"], black=["FX-A06", "FX-A09"])),
    (2, 1): (BOWL_PATTERNS[0], areas(tin=["FX-E05"], iron=["FX-E06"], copper=["FX-E07"], mercury=["FX-E08"]),
             offers(red=["FX-A07", "FX-A01"], white=["FX-A08", "FX-A03"], black=["FX-A09", "FX-A05"])),
    (3, 0): (BOWL_PATTERNS[0], areas(lead=["FX-E09"], tin=["FX-E11"], iron=["FX-E12"]),
             offers(red=["FX-A07", "FX-A01"], white=["FX-A08", "FX-A03"], black=["FX-A09", "FX-A05"])),
    (3, 1): (BOWL_PATTERNS[1], areas(tin=["FX-E09"], iron=["FX-E11"], copper=["FX-E12"]),
             offers(red=["FX-A01", "FX-A02"], white=["FX-A03", "FX-A04"], black=["FX-A05", "FX-A06"])),
}  # fmt: skip


@pytest.mark.parametrize(("round_no", "variant"), sorted(LAYOUTS))
def test_round_layouts_of_the_fictional_pack(round_no: int, variant: int):
    rolled, laid_out, offered = LAYOUTS[round_no, variant]
    assert round_layout(PACK, round_no, variant) == tm.ReportBoard(
        bowls=rolled, experiment_areas=laid_out, artifact_offers=offered, reason="round_start"
    )


def test_a_round_layout_leaves_a_colour_without_board_artifacts_empty():
    kept = tuple(a for a in PACK.artifacts if a.colour != "black" or a.starting)
    no_black = attrs.evolve(PACK, artifacts=kept)
    report = round_layout(no_black, 2, 1)
    assert report.artifact_offers == offers(red=["FX-A07", "FX-A01"], white=["FX-A08", "FX-A03"])
    assert report.experiment_areas == LAYOUTS[2, 1][1]


# --- ReportBoard ---------------------------------------------------------------------------------------


SIX_AREAS = "ReportBoard.experiment_areas must be a tuple of 6 items, not "
BOARD_REFUSALS = [
    (
        tm.ReportBoard(reason="later"),  # type: ignore[arg-type]
        "ReportBoard.reason must be one of ['round_start', 'refill', 'correction'], not 'later'",
    ),
    (
        tm.ReportBoard(bowls=bowls(iron={"red": -1})),
        "ReportBoard.bowls[2][0] must be an int in 0..5, not -1",
    ),
    (tm.ReportBoard(experiment_areas=((),) * 5), SIX_AREAS + "((), (), (), (), ())"),
    (tm.ReportBoard(experiment_areas=((),) * 7), SIX_AREAS + "((), (), (), (), (), (), ())"),
    (
        tm.ReportBoard(experiment_areas=areas(copper=["FX-S2"])),
        f"'FX-S2' is not a board experiment of pack {PACK_ID}",
    ),
    (
        tm.ReportBoard(artifact_offers=(("FX-A01",), ())),
        "ReportBoard.artifact_offers must be a tuple of 3 items, not (('FX-A01',), ())",
    ),
    (tm.ReportBoard(objective_row=()), "the objectives module is off"),
]


@pytest.mark.parametrize(("move", "message"), BOARD_REFUSALS)
def test_board_report_refusals_word_for_word(move: tm.ReportBoard, message: str):  # B-3, spec 1.3
    assert refusal(mid_round(), move) == message


def test_objective_row_report_refusals_word_for_word():  # T-OBJ-1, T-OBJ-6: 2 cubes face up, 3 face down
    state = objectives_round()
    row = state.board.objectives
    assert refusal(state, tm.ReportBoard(objective_row=(tm.ObjectiveSlot("FX-O1", True, 3), *row[1:]))) == (
        "FX-O1 cannot hold 3 cubes face up"
    )
    assert refusal(state, tm.ReportBoard(objective_row=(tm.ObjectiveSlot("FX-O9", True, 0), *row[1:]))) == (
        f"'FX-O9' is not an objective of pack {PACK_ID}"
    )
    scored = (tm.ObjectiveSlot("FX-O1", False, 3), tm.ObjectiveSlot("FX-O2", True, 2), *row[2:])
    assert tm.apply(state, tm.ReportBoard(objective_row=scored)).board.objectives == scored


# --- bonus layouts (T-BONUS-1, T-SETUP-8) --------------------------------------------------------------


def test_bonus_layout_refusals_word_for_word():
    state = mid_round()
    layout = state.board.bonus_layout
    where = "ReportBoard.bonus_layout"  # the same checks as Setup.bonus_layout
    cases = [
        (layout[:3], f"{where} must be a tuple of 4 items, not {brief(layout[:3])}"),
        (
            with_last_track(layout, BonusSpace(2, "gold")),
            f"{where}[3][0].kind must be one of ['ether_die', 'vp_5', 'advance_nearest'], not 'gold'",
        ),
        (
            with_last_track(layout, BonusSpace(8, "vp_5")),
            f"{where} for air: level 8 is not on a track of max level 7",
        ),
    ]
    for bad, message in cases:
        assert refusal(state, tm.ReportBoard(bonus_layout=bad)) == message


def test_a_bonus_space_may_be_on_the_last_level_of_a_track():
    state = mid_round()
    layout = with_last_track(state.board.bonus_layout, BonusSpace(1, "ether_die"), BonusSpace(7, "vp_5"))
    assert tm.apply(state, tm.ReportBoard(bonus_layout=layout)).board.bonus_layout == layout


@pytest.mark.parametrize(
    ("last", "message"),
    [
        (None, "the bonus layout must give the bonus spaces of the four tracks, earth, fire, water, air"),
        (
            (BonusSpace(True, "vp_5"),),
            "the bonus layout for air: level True is not on a track of max level 7",
        ),
        ([BonusSpace(2, "vp_5")], "the bonus layout for air must be a tuple of bonus spaces"),
        ((BonusSpace(2, "gold"),), "the bonus layout for air: 'gold' is not a bonus kind the seed defines"),
    ],
)
def test_validate_checks_the_bonus_layout(last: Any, message: str):  # a hand-built state: no move shape
    state = mid_round()
    layout = state.board.bonus_layout
    bad = layout[:3] if last is None else (*layout[:3], last)
    with pytest.raises(InvalidStateError) as info:
        tm.validate(attrs.evolve(state, board=attrs.evolve(state.board, bonus_layout=bad)))
    assert str(info.value) == f"invalid Trismaugistus state: {message}"


# --- the human's turn (B-1, B-6, T-OBJ-3) ---------------------------------------------------------------


HUMAN_REFUSALS = [
    (
        tm.HumanDraftDie("gold", "red"),  # type: ignore[arg-type]
        "HumanDraftDie.face must be one of ['lead', 'tin', 'iron', 'copper', 'mercury', 'wild'], not 'gold'",
    ),
    (tm.HumanTakeArtifact("red", "FX-A09"), "FX-A09 is not in the red artifact offer"),
    (tm.HumanCompleteObjective(1), "the objectives module is off"),
    (
        tm.HumanEndTurn(True),
        "the human has drafted 0 dice this round;"
        " the round is finished with the third (or when the bowls are empty)",
    ),
]


@pytest.mark.parametrize(("move", "message"), HUMAN_REFUSALS)
def test_human_move_refusals_word_for_word(move: Any, message: str):
    assert refusal(mid_round(), move) == message


def test_an_objective_position_off_the_row_is_named():  # T-OBJ-3
    assert refusal(objectives_round(), tm.HumanCompleteObjective(9)) == (
        "HumanCompleteObjective.position must be an int in 1..4, not 9"
    )
