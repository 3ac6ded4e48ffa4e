"""Targeted tests for rules that random playouts only catch through the state validator.

Each test would fail if its clause were broken in `rules.py` or `reach.py`: a jump onto a
creature, a fly outside Heaven, an Archangel step capture, the turn cap and the uncaptured
score; then the survivors of a hand-run mutation check of those two modules (see the report
of the "Test strength, measured" issue), each named after the mutant it kills.
"""

from __future__ import annotations

import pytest

from tabletop_rules import valandris as v
from tabletop_rules.core.errors import IllegalMoveError
from tabletop_rules.valandris import moves as mv

from .helpers import ABYSS_VERTICES, ANTIPODE, EARTH_VERTICES, FLY, HEAVEN_VERTICES, SAME, position

A0, E0, H0 = ABYSS_VERTICES[0], EARTH_VERTICES[0], HEAVEN_VERTICES[0]


def safe_step(state: v.State) -> v.Move:
    """A step of the creature to move that does not capture."""
    return next(m for m in v.legal_moves(state) if isinstance(m, mv.Step) and m.vertex != state.demon)


def test_the_leviathan_cannot_jump_onto_a_creature():  # V-POWER-LEV-3, V-HS-5, V-RULING-19
    far = ANTIPODE[A0]
    demon = next(h for h in HEAVEN_VERTICES if h != H0)
    free = position(A0, E0, H0, demon, declared="leviathan")
    assert mv.JUMP[far] in v.legal_moves(free)  # the positive control: the power works
    blocked = position(A0, E0, far, demon, declared="leviathan")  # the Archangel stands on the antipode
    assert not any(isinstance(m, mv.Jump) for m in v.legal_moves(blocked))
    for target in (far, *SAME[far]):
        assert not v.is_legal(blocked, mv.JUMP[target])
        with pytest.raises(IllegalMoveError):
            v.apply(blocked, mv.JUMP[target])


def test_the_archangel_flies_only_in_heaven():  # V-POWER-1, V-POWER-ARC-1, V-RULING-21
    demon = ABYSS_VERTICES[5]
    home = position(A0, E0, H0, demon, declared="archangel")
    home = v.apply(v.apply(home, safe_step(home)), safe_step(v.apply(home, safe_step(home))))
    assert home.phase is v.Phase.ARCHANGEL
    assert {m.vertex for m in v.legal_moves(home) if isinstance(m, mv.Fly)} == set(FLY[H0])
    away_at = EARTH_VERTICES[6]  # the Archangel has crossed to Earth
    away = position(A0, E0, away_at, demon, declared="archangel")
    away = v.apply(away, safe_step(away))
    away = v.apply(away, safe_step(away))
    assert away.phase is v.Phase.ARCHANGEL
    assert not any(isinstance(m, mv.Fly) for m in v.legal_moves(away))
    two_away = {y for x in SAME[away_at] for y in SAME[x]} - {away_at, *SAME[away_at]}
    for target in two_away:
        assert not v.is_legal(away, mv.FLY[target])


def test_an_archangel_step_onto_valandris_captures_him():  # V-HS-9, V-GOAL-1, V-END-1, V-END-2, V-ORACLE-8
    demon = SAME[H0][0]
    state = position(A0, E0, H0, demon, declared="leviathan", turn=4)
    state = v.apply(state, safe_step(state))
    state = v.apply(state, safe_step(state))
    assert state.phase is v.Phase.ARCHANGEL
    final = v.apply(state, mv.STEP[demon])
    assert final.phase is v.Phase.OVER
    assert final.captured
    assert final.score == 4
    assert v.outcome(final) == {"score": 4, "captured": True, "captured_by": "archangel"}
    assert v.returns(final) == (-4.0, 4.0)
    assert v.legal_moves(final) == ()


def finish_turn(state: v.State) -> v.State:
    """Play the Holy Spirit's normal turn without capturing, up to the declaration."""
    while state.phase is not v.Phase.DECLARE:
        state = v.apply(state, safe_step(state))
    return state


def test_the_game_ends_when_the_capped_turn_is_complete():  # V-END-3, V-RULING-29
    demon = ABYSS_VERTICES[10]
    before_cap = finish_turn(position(A0, E0, H0, demon, turn=1, max_turns=2))
    after = v.apply(before_cap, mv.DECLARE[0])
    assert after.phase is v.Phase.VALANDRIS  # turn 1 of 2: play goes on
    at_cap = finish_turn(position(A0, E0, H0, demon, turn=2, max_turns=2))
    final = v.apply(at_cap, mv.DECLARE[1])
    assert final.phase is v.Phase.OVER  # the declaration completes turn 2: the game ends
    assert not final.captured
    assert final.declared is v.Piece.UNICORN
    assert v.is_terminal(final)


def test_an_uncaptured_valandris_scores_max_turns_plus_one():  # V-END-3, V-RULING-29, V-ENGINE-6
    demon = ABYSS_VERTICES[10]
    final = v.apply(finish_turn(position(A0, E0, H0, demon, turn=7, max_turns=7)), mv.DECLARE[0])
    assert final.score == 8
    assert v.returns(final) == (-8.0, 8.0)
    assert v.outcome(final) == {"score": 8, "captured": False, "captured_by": None}
