"""Move notation: `move_to_str` and `parse_move` round trips, forms and the three move errors (C-DOC-5)."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules import chrononauts as C
from tabletop_rules.core import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
)

from .helpers import draw, setup

FEW = settings(max_examples=2, deadline=None, database=None)


def test_notation_round_trip_and_forms():  # C-DOC-5
    state = draw(
        setup(3, hands=[["INV-REVERSE-FATE", "ACT-NEW-MISSION", "ACT-DISCONTINUITY", "ART-REX"], []])
    )
    texts = [C.move_to_str(state, m) for m in C.legal_moves(state)]
    for text, m in zip(texts, C.legal_moves(state), strict=True):
        assert C.parse_move(state, text) == m
    assert 'play "Reverse Fate" 1963' in texts
    assert 'play "New Mission" P2' in texts
    assert 'play "Discontinuity" next' in texts
    assert 'play "Rex"' in texts
    assert any(t.startswith("kill-time ") for t in texts)
    assert C.parse_move(state, "play INV-REVERSE-FATE JFK") == C.Play("INV-REVERSE-FATE", "JFK")
    assert C.parse_move(state, 'PLAY "reverse fate" 1963') == C.Play("INV-REVERSE-FATE", "JFK")


def test_notation_errors():
    state = draw(setup(3, hands=[["INV-REVERSE-FATE", "INV-AVERT-DISASTER"], []]))
    with pytest.raises(AmbiguousMoveError):
        C.parse_move(state, 'play "Reverse Fate"')
    with pytest.raises(IllegalMoveError):
        C.parse_move(state, 'play "Rewind"')
    with pytest.raises(InvalidMoveError):
        C.parse_move(state, 'play "No Such Card"')
    with pytest.raises(InvalidMoveError):
        C.parse_move(state, 'play "Reverse Fate')
    with pytest.raises(InvalidMoveError):
        C.parse_move(state, "fly 1963")
    with pytest.raises(InvalidMoveError):
        C.parse_move(state, "patch 1865")  # a linchpin year
    with pytest.raises(IllegalMoveError):
        C.parse_move(state, "patch 1968")  # 1968 is not a paradox
    with pytest.raises(IllegalMoveError):
        C.parse_move(state, "memo")
    with pytest.raises(InvalidMoveError):
        C.parse_move(state, 12)  # type: ignore[arg-type]


def test_notation_for_every_move_kind():
    state = C.new_game(players=2)
    assert C.move_to_str(state, C.chance_outcomes(state)[0][0]).startswith("deal MIS-")
    assert C.move_to_str(state, C.FirstPlayer(1)) == "first P1"
    assert C.move_to_str(state, C.Draw("TW-REWIND")) == 'draw "Rewind"'
    assert C.move_to_str(state, C.Pass()) == "pass"
    assert C.move_to_str(state, C.Memo("TW-MEMO")) == "memo"
    assert C.move_to_str(state, C.Mulligan(True)) == "mulligan"
    assert C.move_to_str(state, C.Mulligan(False)) == "keep"
    assert C.move_to_str(state, C.Declare(True)) == "declare"
    assert C.move_to_str(state, C.Declare(False)) == "decline"
    assert C.move_to_str(state, C.Discard("TW-REWIND")) == 'discard "Rewind"'
    assert C.move_to_str(state, C.Play("P-1945-B")) == 'patch 1945 "1945 Nexus Patch (unpublished title) B"'
    assert C.move_to_str(state, C.Play("ACT-MIRACLE-BIBLICAL", "ART-REX")) == (
        'play "Perform a \\"Miracle\\" (Biblical Relics)" "Rex"'
    )
    assert (
        C.parse_move(state, C.move_to_str(state, C.chance_outcomes(state)[0][0]))
        == C.chance_outcomes(state)[0][0]
    )


@settings(max_examples=30, deadline=None, database=None)
@given(text=st.text(max_size=40))
def test_parse_never_crashes(text):
    state = draw(setup(2, hands=[["INV-REVERSE-FATE"], []]))
    with contextlib.suppress(InvalidMoveError, IllegalMoveError, AmbiguousMoveError):
        C.parse_move(state, text)
