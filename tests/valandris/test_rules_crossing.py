"""Crossing worlds, the d12 and its chance node (sections 3.6 and 5)."""

from __future__ import annotations

import random
from fractions import Fraction

import attrs
import pytest

from tabletop_rules import valandris as v
from tabletop_rules.core import CHANCE, IllegalMoveError, sample_chance
from tabletop_rules.valandris import Phase, Piece

from .helpers import ABYSS_VERTICES, CROSS, EARTH_VERTICES, HEAVEN_VERTICES, SAME, WORLD, earth_of, position

A0 = ABYSS_VERTICES[0]
H0 = HEAVEN_VERTICES[0]
E_FAR = next(e for e in EARTH_VERTICES if e not in earth_of(A0) and e not in earth_of(H0))
DEMON_FAR = v.BOARD.antipode[H0]


def test_crossing_moves_one_creature_one_cross_edge_and_others_stay():  # V-CROSS-1, V-CROSS-8, V-RULING-23
    state = position(A0, E_FAR, H0, DEMON_FAR, declared="archangel")
    target = earth_of(H0)[0]
    state = v.apply(state, v.Cross(Piece.ARCHANGEL, target))
    state = v.apply(state, v.Roll(1))
    state = v.apply(state, v.DemonMove(state.demon))  # type: ignore[arg-type]
    assert state.creatures == (A0, E_FAR, target)
    assert state.phase is Phase.DECLARE


def test_crossing_declares_creature_and_target():  # V-CROSS-2, V-CROSS-3, V-RULING-24
    sealed = earth_of(H0)[0]
    uni = earth_of(H0)[1]
    demon = earth_of(H0)[2]
    state = position(A0, uni, H0, demon, seals=[sealed])
    crossings = {(m.creature, m.vertex) for m in v.legal_moves(state) if isinstance(m, v.Cross)}
    arc_targets = {t for c, t in crossings if c is Piece.ARCHANGEL}
    assert arc_targets == {demon}  # not the sealed one, not the Unicorn's; Valandris' vertex is allowed
    for c, t in crossings:
        assert t in CROSS[state.creatures[c]]
        assert t != sealed
        assert t not in state.creatures
    strict = position(A0, uni, H0, demon, seals=[sealed], crossing_target_may_hold_demon=False)
    assert not any(isinstance(m, v.Cross) and m.creature is Piece.ARCHANGEL for m in v.legal_moves(strict))


def test_bonus_step_is_one_optional_step():  # V-CROSS-4, V-RULING-7
    state = position(A0, E_FAR, H0, DEMON_FAR)
    state = v.apply(state, v.Cross(Piece.UNICORN, next(iter(set(CROSS[E_FAR]) - {H0, A0}))))
    assert state.phase is Phase.BONUS
    assert v.current_player(state) == v.VALANDRIS
    reach = {m.vertex for m in v.legal_moves(state)}
    assert reach == set(v.demon_destinations(state, 1))
    assert DEMON_FAR in reach
    assert all(x == DEMON_FAR or x in v.BOARD.adjacent[DEMON_FAR] for x in reach)


def test_bonus_as_full_move_option():  # V-CROSS-4, V-RULING-7
    state = position(A0, E_FAR, H0, DEMON_FAR, crossing_bonus_steps=2)
    state = v.apply(state, v.Cross(Piece.UNICORN, next(iter(set(CROSS[E_FAR]) - {H0, A0}))))
    assert {m.vertex for m in v.legal_moves(state)} == set(v.demon_destinations(state, 2))
    assert len(v.legal_moves(state)) > len(v.demon_destinations(state, 1))


def test_leviathan_and_archangel_crossings_roll_the_die():  # V-CROSS-5, V-RULING-26, V-CHANCE-5
    for creature, start in ((Piece.LEVIATHAN, A0), (Piece.ARCHANGEL, H0)):
        state = position(A0, E_FAR, H0, DEMON_FAR)
        state = v.apply(state, v.Cross(creature, earth_of(start)[0]))
        assert state.phase is Phase.ROLL
        assert v.current_player(state) is CHANCE
        assert v.legal_moves(state) == ()
    # a return home rolls too: the Archangel on Earth crossing back to Heaven
    arc = E_FAR
    uni = next(e for e in EARTH_VERTICES if e != arc and e not in SAME[arc])
    state = position(A0, uni, arc, DEMON_FAR)
    home = next(h for h in CROSS[arc] if WORLD[h] == v.World.HEAVEN)
    state = v.apply(state, v.Cross(Piece.ARCHANGEL, home))
    assert state.phase is Phase.ROLL


def test_unicorn_crossing_never_rolls():  # V-CROSS-6, V-CHANCE-5
    state = position(A0, E_FAR, H0, DEMON_FAR)
    state = v.apply(state, v.Cross(Piece.UNICORN, next(iter(set(CROSS[E_FAR]) - {H0, A0}))))
    assert state.phase is Phase.BONUS
    assert v.chance_outcomes(state) == ()


def test_creature_moves_to_target_and_captures_there():  # V-CROSS-7, V-RULING-24
    target = earth_of(H0)[0]
    state = position(A0, E_FAR, H0, target, turn=5)
    state = v.apply(state, v.Cross(Piece.ARCHANGEL, target))
    state = v.apply(state, v.Roll(12))
    after = v.apply(state, v.DemonMove(target))  # he stays on the target
    assert after.captured
    assert after.score == 5
    assert after.archangel == target


def test_order_of_a_crossing_turn():
    # V-CROSS-9, V-CROSS-10, V-CROSS-11, V-RULING-25, V-RULING-27, V-RULING-22
    state = position(A0, E_FAR, H0, DEMON_FAR, turn=3, declared="archangel")
    phases = []
    actors = []
    for move_kind in (v.Cross, v.Roll, v.DemonMove, v.Declare, v.DemonMove):
        phases.append(state.phase)
        actors.append(v.current_player(state))
        if move_kind is v.Cross:
            move: v.Move = v.Cross(Piece.ARCHANGEL, earth_of(H0)[0])
        elif move_kind is v.Roll:
            move = v.Roll(3)
        else:
            move = v.legal_moves(state)[0]
        assert isinstance(move, move_kind)
        state = v.apply(state, move)
    assert phases == [Phase.LEVIATHAN, Phase.ROLL, Phase.BONUS, Phase.DECLARE, Phase.VALANDRIS]
    assert actors == [v.HOLY_SPIRIT, CHANCE, v.VALANDRIS, v.HOLY_SPIRIT, v.VALANDRIS]
    assert state.turn == 4  # the crossing turn counted as turn 3
    assert state.phase is Phase.LEVIATHAN


def test_power_never_used_in_a_crossing_turn():  # V-POWER-2, V-RULING-22
    state = position(A0, E_FAR, H0, DEMON_FAR, declared="leviathan")
    state = v.apply(state, v.Cross(Piece.UNICORN, next(iter(set(CROSS[E_FAR]) - {H0, A0}))))
    state = v.apply(state, v.legal_moves(state)[0])
    # straight to the declaration: no Leviathan jump, no seal, no fly
    assert state.phase is Phase.DECLARE
    assert state.leviathan == A0


def test_d12_outcomes():  # V-CHANCE-1, V-CHANCE-2, V-RULING-2
    state = v.apply(position(A0, E_FAR, H0, DEMON_FAR), v.Cross(Piece.LEVIATHAN, earth_of(A0)[0]))
    outcomes = v.chance_outcomes(state)
    assert [m for m, _ in outcomes] == [v.Roll(k) for k in range(1, 13)]
    assert all(p == Fraction(1, 12) and isinstance(p, Fraction) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    assert [v.face_vertex(k) for k in range(1, 13)] == list(EARTH_VERTICES)
    assert sorted(v.face_vertex(k) for k in range(1, 13)) == sorted(set(EARTH_VERTICES))


def test_roll_removes_a_seal_if_there_is_one():  # V-CHANCE-3, V-CROSS-5, V-RULING-18
    sealed = [e for e in EARTH_VERTICES if e not in earth_of(A0) and e != E_FAR][:3]
    state = v.apply(
        position(A0, E_FAR, H0, DEMON_FAR, seals=sealed), v.Cross(Piece.LEVIATHAN, earth_of(A0)[0])
    )
    for face in range(1, 13):
        after = v.apply(state, v.Roll(face))
        vertex = v.face_vertex(face)
        assert after.seals == state.seals - {vertex}
        assert after.phase is Phase.BONUS
        if vertex not in state.seals:
            assert after == attrs.evolve(state, phase=Phase.BONUS)  # nothing else changes
    removed = sum(1 for face in range(1, 13) if v.face_vertex(face) in state.seals)
    assert Fraction(12 - removed, 12) == Fraction(9, 12)


def test_only_rolls_are_accepted_at_a_chance_node_and_no_rule_draws_randomness():  # V-CHANCE-4
    state = v.apply(position(A0, E_FAR, H0, DEMON_FAR), v.Cross(Piece.LEVIATHAN, earth_of(A0)[0]))
    with pytest.raises(IllegalMoveError):
        v.apply(state, v.DemonMove(DEMON_FAR))
    # the rules are deterministic functions; sampling happens only with an explicit RNG
    assert v.chance_outcomes(state) == v.chance_outcomes(state)
    draws = [sample_chance(v, state, random.Random(42)) for _ in range(3)]
    assert len(set(draws)) == 1


def test_worked_crossing_turn():  # V-ORACLE-7
    h = H0
    e = earth_of(h)[0]
    s = next(x for x in SAME[e] if x not in earth_of(h))
    uni = next(x for x in EARTH_VERTICES if x not in (e, s) and x not in SAME[e])
    lev = next(a for a in ABYSS_VERTICES if not set(CROSS[a]) & {e, s})
    t = 9
    state = position(lev, uni, h, e, seals=[s], turn=t, declared="leviathan")
    # 1. legal although Valandris stands on e; nobody else will move and no power is usable
    cross = v.Cross(Piece.ARCHANGEL, e)
    assert cross in v.legal_moves(state)
    state = v.apply(state, cross)
    # 2. a chance node with 12 outcomes of 1/12; the face of s removes its seal
    assert len(v.chance_outcomes(state)) == 12
    face_s = next(k for k in range(1, 13) if v.face_vertex(k) == s)
    other = next(k for k in range(1, 13) if v.face_vertex(k) not in state.seals)
    assert v.apply(state, v.Roll(other)).seals == state.seals
    state = v.apply(state, v.Roll(face_s))
    assert s not in state.seals
    # 3. the bonus step: e -> s is now open; Heaven and Abyss neighbours of e without creatures too
    bonus = {m.vertex for m in v.legal_moves(state)}
    assert s in bonus
    assert {x for x in CROSS[e] if x not in state.creatures} <= bonus
    stays = v.apply(state, v.DemonMove(e))
    assert stays.captured
    assert stays.score == t
    state = v.apply(state, v.DemonMove(s))
    # 4. the Archangel moves h -> e; nobody is captured
    assert state.archangel == e
    assert not v.is_terminal(state)
    assert (state.leviathan, state.unicorn) == (lev, uni)
    # 5. the declaration; the Archangel is legal but useless on Earth
    assert v.Declare(Piece.ARCHANGEL) in v.legal_moves(state)
    state = v.apply(state, v.Declare(Piece.UNICORN))
    # 6. Valandris' normal turn from s, then turn t + 1
    assert state.phase is Phase.VALANDRIS
    assert {m.vertex for m in v.legal_moves(state)} == set(v.demon_destinations(state, 2))
    state = v.apply(state, v.DemonMove(s))
    assert state.turn == t + 1
    # with the Unicorn crossing instead, there is no roll
    uni_state = position(lev, uni, h, e, seals=[s], turn=t, declared="leviathan")
    uni_cross = next(
        m for m in v.legal_moves(uni_state) if isinstance(m, v.Cross) and m.creature is Piece.UNICORN
    )
    assert v.apply(uni_state, uni_cross).phase is Phase.BONUS
