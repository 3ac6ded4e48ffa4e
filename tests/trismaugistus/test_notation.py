"""Notation: every move round-trips through its text; bad text is an InvalidMoveError."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import IllegalMoveError, InvalidMoveError
from tabletop_rules.trismaugistus.notation import format_move, parse_move_text

from .helpers import areas, bowls, offers, set_up

MOVES: list[tm.Move] = [
    tm.Setup(2, False, "FX-S2", "FX-AS3"),
    tm.Setup(
        3,
        True,
        "FX-S1",
        "FX-AS5",
        "water",
        ("FX-O1", "FX-O2", "FX-O3", "FX-O4"),
        ("FX-M1", "FX-M2"),
        (
            (tm.content.BonusSpace(2, "vp_5"),),
            (),
            (tm.content.BonusSpace(1, "ether_die"), tm.content.BonusSpace(3, "advance_nearest")),
            (),
        ),
        ("FX-P1", "FX-P2", "FX-P3", "FX-P4"),
    ),
    tm.ReportBoard(
        reason="round_start",
        bowls=bowls(lead={"black": 1}, wild={"red": 1, "black": 2}),
        experiment_areas=areas(copper=["FX-E01", "FX-E03"], iron=["FX-E04"]),
        artifact_offers=offers(red=["FX-A01"], black=["FX-A05", "FX-A06"]),
        objective_row=(
            tm.ObjectiveSlot("FX-O1"),
            tm.ObjectiveSlot("FX-O2", False),
            tm.ObjectiveSlot("FX-O3", True, 2),
            tm.ObjectiveSlot("FX-O4", False, 3),
        ),
        bonus_layout=((), (), (), ()),
    ),
    tm.ReportBoard(
        reason="correction",
        bowls=bowls(),
        experiment_areas=areas(),
        artifact_offers=offers(),
        objective_row=(),
    ),
    tm.ReportBoard(reason="refill"),
    tm.ReportBoard(bowls=bowls(iron={"white": 2})),
    tm.HumanDraftDie("iron", "black"),
    tm.HumanTakeExperiment("copper", "FX-E01"),
    tm.HumanTakeArtifact("red", "FX-A02"),
    tm.HumanCompleteObjective(2),
    tm.HumanEndTurn(False),
    tm.HumanEndTurn(True),
    tm.CardDrawn("FX-Y5"),
    tm.ObjectiveDie(3),
    tm.ObjectiveDieRaw(6),
    tm.MasterpieceDrawn("FX-M1"),
    tm.ArtifactDie(2),
]


@pytest.mark.parametrize("move", MOVES, ids=lambda m: type(m).__name__)
def test_notation_round_trips(move: tm.Move):
    text = format_move(move)
    assert parse_move_text(text) == move
    assert format_move(parse_move_text(text)) == text


def test_notation_examples():
    assert format_move(MOVES[0]) == "setup d2 exp=FX-S2 art=FX-AS3"
    assert format_move(tm.HumanEndTurn(True)) == "end finished"
    assert format_move(MOVES[2]).startswith("report round_start bowls=lead:b1,wild:r1b2 areas=iron:FX-E04,")


@pytest.mark.parametrize(
    "text",
    ["", "draft", "draft iron", "draft iron/green", "setup d4 exp=FX-S1 art=FX-AS2", "setup d1 exp=FX-S1",
     "report later", "report round_start bowls=iron:x1", "cube 0", "black-die 7", "artifact-die 3",
     "end now", "experiment gold FX-E01", "report correction areas=iron:FX-E01,iron:FX-E02", "draw a,b",
     "setup d1 exp=FX-S1 art=FX-AS2 cube=aether", "report refill bonuses=earth:2=gold"],
)  # fmt: skip
def test_bad_text_is_an_invalid_move(text: str):
    with pytest.raises(InvalidMoveError):
        parse_move_text(text)


def test_parse_move_checks_legality():
    state = set_up(1)
    with pytest.raises(IllegalMoveError):
        tm.parse_move(state, "draw FX-Y1")  # no card is awaited
    with pytest.raises(IllegalMoveError):
        tm.parse_move(state, "setup d1 exp=FX-S1 art=FX-AS2")
    with pytest.raises(InvalidMoveError):
        tm.apply(state, "end")  # type: ignore[arg-type]
    menu = tm.legal_moves(state)
    assert tm.parse_move(state, tm.move_to_str(state, menu[0])) == menu[0]


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=40))
def test_fuzz_parse_never_crashes(text: str):
    state = set_up(1)
    try:
        move = tm.parse_move(state, text)
    except (InvalidMoveError, IllegalMoveError):
        return
    assert tm.is_legal(state, move)
