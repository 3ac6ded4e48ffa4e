"""Notation (every move round-trips) and JSON (round trip, strict validation)."""

from __future__ import annotations

import json

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st
from tm_support import areas, bowls, offers, set_up

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import IllegalMoveError, InvalidMoveError, InvalidStateError, random_playout
from tabletop_rules.trismaugistus.notation import format_move, parse_move_text

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
            (tm.pack.BonusSpace(2, "vp_5"),),
            (),
            (tm.pack.BonusSpace(1, "ether_die"), tm.pack.BonusSpace(3, "advance_nearest")),
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


@settings(max_examples=8, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(st.integers(0, 10_000))
def test_json_round_trip_of_every_state(seed: int):
    playout = random_playout(tm, seed)
    for state in playout.states(tm):
        text = tm.to_json(state)
        assert tm.from_json(text) == state
        assert tm.to_json(tm.from_json(text)) == text


def test_from_json_rejects_bad_states():
    state = set_up(2)
    good = json.loads(tm.to_json(state))

    def bad(edit) -> None:  # type: ignore[no-untyped-def]
        data = json.loads(json.dumps(good))
        edit(data)
        with pytest.raises(InvalidStateError):
            tm.from_json(json.dumps(data))

    bad(lambda d: d.update(phase="lunch"))
    bad(lambda d: d.update(difficulty=4))
    bad(lambda d: d["automa"].update(levels=[0, 0, 9, 0]))
    bad(lambda d: d["automa"].update(vp=-1))
    bad(lambda d: d["automa"].update(vp=True))
    bad(lambda d: d["automa"].update(discard=["FX-G3"]))  # also in the draw pile
    bad(lambda d: d["board"]["bowls"].__setitem__(0, [3, 3, 0]))
    bad(lambda d: d["board"].update(extra=1))
    pack = json.loads(good["pack"])
    pack["tracks"][0]["max_level"] = 0
    bad(lambda d: d.update(pack=json.dumps(pack)))
    bad(lambda d: d.update(pack="{"))
    bad(lambda d: d.update(pack={}))
    bad(lambda d: d["config"].update(artifact_choice="coin"))
    bad(lambda d: d.update(pending={"kind": "card", "card": None, "die": None}))
    bad(lambda d: d.update(score={"vp_track": 1}))
    bad(lambda d: d.update(trace=[["a"]]))
    bad(lambda d: d.update(game_version=99))
    bad(lambda d: d.pop("round"))
    with pytest.raises(InvalidStateError):
        tm.from_json("not json")
    with pytest.raises(InvalidStateError):
        tm.from_json("[]")
