"""End of the game, score and returns (section 3.7)."""

from __future__ import annotations

import attrs

from tabletop_rules import valandris as v
from tabletop_rules.valandris import Phase, Piece

from .helpers import ABYSS_VERTICES, EARTH_VERTICES, HEAVEN_VERTICES, SAME, play, position

A0 = ABYSS_VERTICES[0]
E0 = EARTH_VERTICES[0]
H0 = HEAVEN_VERTICES[0]


def test_score_one_by_the_archangel():  # V-ORACLE-8, V-END-2, V-RULING-28
    h2 = SAME[H0][0]
    state = play(v.new_game(), f"place L {v.NAMES[A0]}", f"place U {v.NAMES[E0]}", f"place A {v.NAMES[H0]}")
    free = [e for e in EARTH_VERTICES if e != E0 and e not in SAME[E0]][:5]
    state = play(state, *(f"seal {v.NAMES[e]}" for e in sorted(free)), "declare L", f"place V {v.NAMES[h2]}")
    state = v.apply(state, next(m for m in v.legal_moves(state) if isinstance(m, v.Step)))
    state = v.apply(state, next(m for m in v.legal_moves(state) if isinstance(m, v.Step)))
    assert state.phase is Phase.ARCHANGEL
    over = v.apply(state, v.Step(h2))
    assert v.is_terminal(over)
    assert over.score == 1
    assert v.returns(over) == (-1.0, 1.0)


def test_capture_by_the_leviathan_ends_the_turn_at_once():  # V-ORACLE-8, V-END-1, V-RULING-14
    demon = SAME[A0][0]
    state = position(A0, E0, H0, demon)
    over = v.apply(state, v.Step(demon))
    assert over.phase is Phase.OVER
    assert over.score == 1
    assert over.creatures == (demon, E0, H0)  # the Unicorn and the Archangel never moved
    assert over.declared is Piece.LEVIATHAN  # and no declaration was made
    assert v.legal_moves(over) == ()
    assert v.current_player(over) is None


def test_crossing_turns_count_in_the_score():  # V-END-2, V-CROSS-11
    state = position(A0, E0, H0, v.BOARD.antipode[H0], declared="archangel")
    state = v.apply(
        state, next(m for m in v.legal_moves(state) if isinstance(m, v.Cross) and m.creature is Piece.UNICORN)
    )
    state = play(state, "V stays", "declare A", "V stays")
    assert state.turn == 2


def test_turn_cap():  # V-END-3, V-RULING-29
    state = position(A0, E0, H0, v.BOARD.antipode[H0], max_turns=2)
    for turn in (1, 2):
        while state.phase is not Phase.DECLARE:
            state = v.apply(state, next(m for m in v.legal_moves(state) if isinstance(m, v.Step)))
        state = v.apply(state, v.Declare(Piece.LEVIATHAN))
        if turn == 1:
            state = v.apply(state, v.legal_moves(state)[0])
    assert v.is_terminal(state)
    assert not state.captured
    assert state.score == 3
    assert v.returns(state) == (-3.0, 3.0)


def test_no_cap():  # V-END-3, V-RULING-29
    state = position(A0, E0, H0, v.BOARD.antipode[H0], max_turns=None, turn=5000)
    assert not v.is_terminal(state)
    assert v.validate(state) is None


def test_no_repetition_or_draw_rule():  # V-END-4, V-RULING-30
    # every creature steps out and back, Valandris stays: the same position recurs, and play goes on
    start = position(A0, E0, H0, v.BOARD.antipode[H0])
    state = start
    for turn in range(1, 11):
        previous = start.creatures
        while state.phase is not Phase.DECLARE:
            if turn % 2 == 1:
                move = next(m for m in v.legal_moves(state) if isinstance(m, v.Step))
            else:
                move = v.Step(
                    previous[
                        state.phase - Phase.LEVIATHAN
                        if state.phase is Phase.LEVIATHAN
                        else state.phase - Phase.UNICORN + 1
                    ]
                )
            state = v.apply(state, move)
        state = v.apply(state, v.Declare(Piece.LEVIATHAN))
        state = v.apply(state, v.DemonMove(start.demon))  # type: ignore[arg-type]
        if turn % 2 == 0:
            assert attrs.evolve(state, turn=1) == start
    assert not v.is_terminal(state)
    assert state.turn == 11


def test_scores_only_and_zero_sum_returns():  # V-END-5, V-ENGINE-6, V-GOAL-3
    assert v.GAME_INFO.zero_sum
    assert v.GAME_INFO.min_players == v.GAME_INFO.max_players == 2
    state = position(A0, E0, H0, SAME[A0][0], turn=12)
    over = v.apply(state, v.Step(SAME[A0][0]))
    assert v.returns(over) == (-12.0, 12.0)  # the Holy Spirit wants a low score, Valandris a high one
    assert sum(v.returns(over)) == 0
    assert v.returns(state) == (0.0, 0.0)
