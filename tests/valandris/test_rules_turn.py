"""The Holy Spirit's normal turn, decomposed into atomic decisions (sections 3.2, 3.3 and 6)."""

from __future__ import annotations

import pytest

from tabletop_rules import valandris as v
from tabletop_rules.core import IllegalMoveError
from tabletop_rules.valandris import Phase, Piece

from .helpers import (
    ABYSS_VERTICES,
    ANTIPODE,
    CROSS,
    EARTH_VERTICES,
    HEAVEN_VERTICES,
    SAME,
    notations,
    position,
)

A0 = ABYSS_VERTICES[0]
E0 = EARTH_VERTICES[0]
H0 = HEAVEN_VERTICES[0]
FAR = ANTIPODE[H0]  # a Heaven vertex far from every piece below


def free_step(state: v.State) -> v.Move:
    return next(m for m in v.legal_moves(state) if isinstance(m, v.Step))


def test_normal_turn_is_a_sequence_of_decisions():  # V-HS-2, V-ENGINE-1, V-RULING-14, V-GOAL-2
    state = position(A0, E0, H0, FAR, declared="archangel")
    seen = []
    while state.phase is not Phase.VALANDRIS:
        seen.append(state.phase)
        assert v.current_player(state) == v.HOLY_SPIRIT
        state = v.apply(state, v.legal_moves(state)[0])
    assert seen == [Phase.LEVIATHAN, Phase.UNICORN, Phase.ARCHANGEL, Phase.DECLARE]
    assert v.current_player(state) == v.VALANDRIS
    state = v.apply(state, v.legal_moves(state)[0])
    assert state.turn == 2
    assert state.phase is Phase.LEVIATHAN


def test_no_creature_is_left_unmoved():  # V-HS-3
    start = position(A0, E0, H0, FAR, declared="leviathan")
    state = start
    for _ in range(3):
        state = v.apply(state, free_step(state))
    assert state.phase is Phase.DECLARE
    assert all(a != b for a, b in zip(start.creatures, state.creatures, strict=True))
    # there is no "pass" for a creature that can move
    assert not any(isinstance(m, v.Stay) for m in v.legal_moves(start))


def test_normal_step_uses_the_edges_of_the_world_it_stands_in():  # V-HS-4, V-RULING-9
    lev = E0  # a Leviathan that crossed to Earth
    uni = next(e for e in EARTH_VERTICES if e not in SAME[lev] and e != lev)
    state = position(lev, uni, H0, FAR)
    steps = {m.vertex for m in v.legal_moves(state) if isinstance(m, v.Step)}
    assert steps == set(SAME[lev])  # Earth edges only, never a cross-world edge
    assert not steps & set(CROSS[lev])


def test_no_step_onto_a_seal_or_a_creature_even_one_moved_this_turn():  # V-HS-5, V-RULING-10, V-RULING-11
    lev = E0
    target = SAME[lev][0]
    sealed = SAME[lev][1]
    uni = next(e for e in SAME[target] if e != lev and e not in SAME[lev] and e != sealed)
    state = position(lev, uni, H0, FAR, seals=[sealed])
    steps = {m.vertex for m in v.legal_moves(state) if isinstance(m, v.Step)}
    assert sealed not in steps
    state = v.apply(state, v.Step(target))
    assert state.phase is Phase.UNICORN
    unicorn_steps = {m.vertex for m in v.legal_moves(state)}
    assert target not in unicorn_steps  # the Leviathan reached it earlier this turn
    assert unicorn_steps == set(SAME[uni]) - {target, sealed}
    with pytest.raises(IllegalMoveError):
        v.apply(state, v.Step(target))


def test_only_the_declared_creature_may_use_its_power():  # V-HS-6, V-HS-7, V-RULING-15
    for declared, power in (("leviathan", v.Jump), ("archangel", v.Fly)):
        state = position(A0, E0, H0, FAR, declared=declared)
        kinds = set()
        while state.phase is not Phase.DECLARE:
            kinds |= {type(m) for m in v.legal_moves(state)}
            state = v.apply(state, free_step(state))
        assert power in kinds
        assert kinds & {v.Jump, v.Fly} == {power}
        assert v.Seal not in kinds  # no Unicorn seal phase unless the Unicorn is declared
    # a power is optional: a normal step is always offered beside it
    state = position(A0, E0, H0, FAR, declared="leviathan")
    assert any(isinstance(m, v.Step) for m in v.legal_moves(state))


def test_declaration_at_the_end_of_every_turn():  # V-HS-8
    state = position(A0, E0, H0, FAR, declared="leviathan")
    for _ in range(3):
        state = v.apply(state, free_step(state))
    assert state.phase is Phase.DECLARE
    assert notations(state) == {"declare L", "declare U", "declare A"}  # repeating L is allowed
    with pytest.raises(IllegalMoveError):
        v.apply(state, v.Declare(None))
    after = v.apply(state, v.Declare(Piece.LEVIATHAN))
    assert after.declared is Piece.LEVIATHAN


def test_allow_declare_none_gives_four_declarations():  # V-HS-8, V-RULING-15
    state = position(A0, E0, H0, FAR, declared="leviathan", allow_declare_none=True)
    for _ in range(3):
        state = v.apply(state, free_step(state))
    assert notations(state) == {"declare L", "declare U", "declare A", "declare none"}
    state = v.apply(state, v.Declare(None))
    state = v.apply(state, v.legal_moves(state)[0])
    assert state.declared is None
    assert not any(isinstance(m, v.Jump) for m in v.legal_moves(state))


def test_capture_in_a_foreign_world_counts():  # V-HS-9, V-RULING-13, V-GOAL-1
    lev = E0  # the Leviathan stands on Earth
    demon = SAME[lev][0]
    uni = next(e for e in EARTH_VERTICES if e not in (lev, demon, *SAME[lev]))
    state = position(lev, uni, H0, demon, turn=4)
    after = v.apply(state, v.Step(demon))
    assert v.is_terminal(after)
    assert after.captured
    assert after.score == 4
    assert after.creatures[Piece.LEVIATHAN] == after.demon == demon


def test_first_decision_chooses_between_normal_turn_and_crossing():  # V-HS-1
    state = position(A0, E0, H0, FAR)
    kinds = {type(m) for m in v.legal_moves(state)}
    assert {v.Step, v.Cross} <= kinds


def test_blocked_unicorn_stays_automatically():  # V-HS-3, V-RULING-12, V-ENGINE-3
    seals = list(SAME[E0])
    state = position(A0, E0, H0, FAR, seals=seals, declared="archangel")
    state = v.apply(state, free_step(state))
    assert state.phase is Phase.ARCHANGEL  # the Unicorn's phase had no choice and was skipped
    assert state.unicorn == E0


def test_blocked_creature_loses_under_the_alternative_ruling():  # V-RULING-12
    seals = list(SAME[E0])
    state = position(
        A0, E0, H0, FAR, seals=seals, declared="archangel", blocked_creature="holy_spirit_loses", max_turns=30
    )
    after = v.apply(state, free_step(state))
    assert v.is_terminal(after)
    assert not after.captured
    assert after.score == 31
    assert v.returns(after) == (-31.0, 31.0)


def test_blocked_unicorn_after_the_seal_phase_ends_the_game_with_the_moved_creatures():
    """V-HS-3, V-RULING-12 (holy_spirit_loses), V-POWER-UNI-1, V-END-3: the Unicorn is declared but walled
    in, so after the Leviathan's step its seal phase has nothing to seal and is passed, and the blocked
    Unicorn ends the game at once.  The finished state keeps the creatures as they stand after the
    Leviathan's step, the seals, the declaration, and scores max_turns + 1."""
    seals = list(SAME[E0])
    state = position(
        A0, E0, H0, FAR, seals=seals, declared="unicorn", blocked_creature="holy_spirit_loses", max_turns=30
    )
    target = SAME[A0][0]
    after = v.apply(state, v.Step(target))
    assert after.phase is Phase.OVER
    assert v.is_terminal(after)
    assert after.creatures == (target, E0, H0)  # the Leviathan has moved; the others have not
    assert after.leviathan == target
    assert after.demon == FAR
    assert after.seals == frozenset(seals)
    assert after.sealed == state.sealed
    assert after.declared is Piece.UNICORN
    assert after.crossing is None
    assert not after.captured
    assert after.score == 31
    assert v.returns(after) == (-31.0, 31.0)
    assert v.legal_moves(after) == ()
    v.validate(after)
    again = v.from_json(v.to_json(after))
    assert again == after
    assert again.creatures == (target, E0, H0)


def test_blocked_archangel_after_the_unicorn_ends_the_game_with_the_moved_creatures():
    """V-HS-3, V-RULING-12 (holy_spirit_loses), V-END-3: an Archangel that crossed to Earth is walled in
    by seals and not declared (so it cannot fly), so once the Leviathan and the Unicorn have stepped the
    game ends at once.  The finished state keeps both steps, the seals and the declaration, and scores
    max_turns + 1 (the seals and the declaration of the state before, not the ones of a new game)."""
    arc, uni = E0, ANTIPODE[E0]  # the Unicorn's neighbours are not the Archangel's
    seals = list(SAME[arc])
    state = position(
        A0, uni, arc, FAR, seals=seals, declared="leviathan", blocked_creature="holy_spirit_loses",
        max_turns=30,
    )
    lev_to = next(m.vertex for m in v.legal_moves(state) if isinstance(m, v.Step))
    state = v.apply(state, v.Step(lev_to))
    assert state.phase is Phase.UNICORN
    uni_to = free_step(state).vertex  # type: ignore[union-attr]
    after = v.apply(state, v.Step(uni_to))
    assert after.phase is Phase.OVER
    assert after.creatures == (lev_to, uni_to, arc)
    assert after.demon == FAR
    assert after.seals == frozenset(seals)
    assert after.declared is Piece.LEVIATHAN
    assert after.crossing is None
    assert not after.captured
    assert after.score == 31
    v.validate(after)
    assert v.from_json(v.to_json(after)) == after


def test_blocked_leviathan_gets_an_explicit_stay():  # V-ENGINE-3, V-RULING-12
    lev = E0
    uni = SAME[lev][0]
    seals = SAME[lev][1:]
    state = position(lev, uni, H0, FAR, seals=seals)
    moves = v.legal_moves(state)
    assert v.Stay() in moves
    assert all(isinstance(m, v.Stay | v.Cross) for m in moves)
    after = v.apply(state, v.Stay())
    assert after.leviathan == lev
    losing = position(lev, uni, H0, FAR, seals=seals, blocked_creature="holy_spirit_loses")
    over = v.apply(losing, v.Stay())
    assert v.is_terminal(over)
    assert over.score == 101


def test_a_phase_with_one_legal_action_is_still_offered():  # V-ENGINE-3
    uni = E0
    seals = SAME[uni][1:]
    state = position(A0, uni, H0, FAR, seals=seals, declared="archangel")
    state = v.apply(state, free_step(state))
    assert state.phase is Phase.UNICORN
    assert v.legal_moves(state) == (v.Step(SAME[uni][0]),)


def test_actions_are_destinations_and_never_overlap():  # V-ENGINE-2
    state = position(A0, E0, H0, FAR, declared="leviathan")
    moves = v.legal_moves(state)
    assert len(moves) == len(set(moves))
    steps = {m.vertex for m in moves if isinstance(m, v.Step)}
    jumps = {m.vertex for m in moves if isinstance(m, v.Jump)}
    assert not steps & jumps
    # a jump plus its optional step is one action: the antipode and its 3 neighbours
    assert jumps == {ANTIPODE[A0], *SAME[ANTIPODE[A0]]}
