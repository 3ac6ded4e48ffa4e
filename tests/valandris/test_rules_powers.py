"""The three special powers (section 3.4) and the reach oracles."""

from __future__ import annotations

import pytest

from tabletop_rules import valandris as v
from tabletop_rules.core import IllegalMoveError
from tabletop_rules.valandris import Phase, Piece

from .helpers import ABYSS_VERTICES, ANTIPODE, EARTH_VERTICES, FLY, HEAVEN_VERTICES, SAME, WORLD, position

A0 = ABYSS_VERTICES[0]
E0 = EARTH_VERTICES[0]
H0 = HEAVEN_VERTICES[0]


def far_from(*vertices: int) -> int:
    """A Heaven or Abyss vertex adjacent to none of ``vertices`` and equal to none."""
    return next(
        x
        for x in (*HEAVEN_VERTICES, *ABYSS_VERTICES)
        if x not in vertices and not any(x in v.BOARD.adjacent[y] for y in vertices)
    )


def step_leviathan(state: v.State) -> v.State:
    return v.apply(state, next(m for m in v.legal_moves(state) if isinstance(m, v.Step)))


def test_powers_only_at_home():  # V-POWER-1, V-RULING-21
    # every creature declared in turn, each standing in a foreign world: no power is offered
    lev, uni, arc = E0, HEAVEN_VERTICES[5], SAME[E0][0]
    assert WORLD[uni] == v.World.HEAVEN
    demon = far_from(lev, uni, arc)
    for declared in ("leviathan", "unicorn", "archangel"):
        state = position(lev, uni, arc, demon, declared=declared)
        kinds: set[type] = set()
        while state.phase not in (Phase.DECLARE, Phase.OVER):
            kinds |= {type(m) for m in v.legal_moves(state)}
            state = v.apply(state, next(m for m in v.legal_moves(state) if isinstance(m, v.Step)))
        assert not kinds & {v.Jump, v.Fly, v.Seal, v.NoSeal}
        # declaring an away creature is legal, to no effect
        assert v.Declare(Piece.ARCHANGEL) in v.legal_moves(state)


def test_leviathan_jump_to_antipode_then_optional_step():  # V-POWER-LEV-1, V-POWER-LEV-2, V-RULING-19
    far = ANTIPODE[A0]
    state = position(A0, E0, H0, HEAVEN_VERTICES[19], declared="leviathan")
    jumps = {m.vertex for m in v.legal_moves(state) if isinstance(m, v.Jump)}
    assert jumps == {far, *SAME[far]}
    after = v.apply(state, v.Jump(far))
    assert after.leviathan == far
    assert after.phase is Phase.UNICORN  # the jump was the Leviathan's move
    after = v.apply(state, v.Jump(SAME[far][0]))
    assert after.leviathan == SAME[far][0]


def test_jump_is_the_leviathans_move_and_blocked_by_creatures():  # V-POWER-LEV-3
    far = ANTIPODE[A0]
    # the Unicorn crossed into the Abyss onto the antipode: no jump at all
    state = position(A0, far, H0, HEAVEN_VERTICES[19], declared="leviathan")
    assert not any(isinstance(m, v.Jump) for m in v.legal_moves(state))
    # the Unicorn on a neighbour of the antipode: that follow-up step is not offered
    state = position(A0, SAME[far][0], H0, HEAVEN_VERTICES[19], declared="leviathan")
    jumps = {m.vertex for m in v.legal_moves(state) if isinstance(m, v.Jump)}
    assert jumps == {far, *SAME[far][1:]}


def test_jump_onto_valandris_captures_with_no_follow_up():  # V-POWER-LEV-3, V-ORACLE-6, V-ENGINE-2
    far = ANTIPODE[A0]
    state = position(A0, E0, H0, far, declared="leviathan", turn=7)
    jumps = [m for m in v.legal_moves(state) if isinstance(m, v.Jump)]
    assert jumps == [v.Jump(far)]  # only the capturing jump
    after = v.apply(state, v.Jump(far))
    assert after.captured
    assert after.score == 7
    assert v.move_to_str(state, v.Jump(far)) == f"jump {v.NAMES[A0]}x{v.NAMES[far]}"


def test_unicorn_seals_after_the_leviathan_and_before_its_own_step():  # V-POWER-UNI-1
    state = position(A0, E0, H0, HEAVEN_VERTICES[19], declared="unicorn")
    assert state.phase is Phase.LEVIATHAN
    state = step_leviathan(state)
    assert state.phase is Phase.UNICORN_SEAL
    target = EARTH_VERTICES[11]
    state = v.apply(state, v.Seal(target))
    assert target in state.seals
    assert state.phase is Phase.UNICORN
    assert state.unicorn == E0


def test_no_seal_is_optional():  # V-POWER-UNI-1, V-HS-7
    state = step_leviathan(position(A0, E0, H0, HEAVEN_VERTICES[19], declared="unicorn"))
    after = v.apply(state, v.NoSeal())
    assert after.seals == state.seals
    assert after.phase is Phase.UNICORN


def test_sealed_vertex_is_inaccessible_to_everyone():  # V-POWER-UNI-2, V-RULING-11, V-RULING-5
    sealed = SAME[E0][0]
    state = position(A0, E0, H0, HEAVEN_VERTICES[19], seals=[sealed], declared="archangel")
    state = step_leviathan(state)
    assert v.Step(sealed) not in v.legal_moves(state)
    # Valandris next to the seal cannot enter it
    demon_state = position(
        A0,
        E0,
        H0,
        next(
            h
            for h in HEAVEN_VERTICES
            if sealed in v.BOARD.adjacent[h] and h not in v.BOARD.adjacent[H0] and h != H0
        ),
        seals=[sealed],
    )
    assert sealed not in v.demon_destinations(demon_state)


def test_sealable_vertices():  # V-POWER-UNI-3, V-RULING-17
    demon = E0
    uni = EARTH_VERTICES[11]  # antipode of E0 on Earth: not adjacent to it
    lev = SAME[uni][0]  # the Leviathan crossed onto Earth next to the Unicorn
    already = EARTH_VERTICES[5] if EARTH_VERTICES[5] not in (lev, uni) else EARTH_VERTICES[4]
    state = position(lev, uni, H0, demon, seals=[already], declared="unicorn")
    state = v.apply(state, next(m for m in v.legal_moves(state) if isinstance(m, v.Step) and m.vertex != uni))
    lev_now = state.leviathan
    sealable = {m.vertex for m in v.legal_moves(state) if isinstance(m, v.Seal)}
    expected = set(EARTH_VERTICES) - {already, uni, demon, lev_now}
    assert sealable == expected  # any Earth vertex: unsealed, empty, not the Unicorn's own


def test_seal_may_not_leave_the_unicorn_without_a_step():  # V-POWER-UNI-3, V-RULING-17
    uni = E0
    last_open = SAME[uni][0]
    seals = SAME[uni][1:]
    state = step_leviathan(position(A0, uni, H0, HEAVEN_VERTICES[19], seals=seals, declared="unicorn"))
    assert state.phase is Phase.UNICORN_SEAL
    assert v.Seal(last_open) not in v.legal_moves(state)
    with pytest.raises(IllegalMoveError):
        v.apply(state, v.Seal(last_open))


def test_adjacent_seal_range_option():  # V-RULING-17
    state = step_leviathan(
        position(A0, E0, H0, HEAVEN_VERTICES[19], declared="unicorn", unicorn_seal_range="adjacent")
    )
    sealable = {m.vertex for m in v.legal_moves(state) if isinstance(m, v.Seal)}
    assert sealable == set(SAME[E0])


def test_unicorn_may_seal_its_own_vertex_option():  # V-RULING-17
    state = step_leviathan(
        position(A0, E0, H0, HEAVEN_VERTICES[19], declared="unicorn", unicorn_may_seal_own_vertex=True)
    )
    assert v.Seal(E0) in v.legal_moves(state)
    state = v.apply(state, v.Seal(E0))
    assert E0 in state.seals
    assert state.phase is Phase.UNICORN
    state = v.apply(state, v.legal_moves(state)[0])
    assert state.unicorn != E0
    assert E0 in state.seals
    default = step_leviathan(position(A0, E0, H0, HEAVEN_VERTICES[19], declared="unicorn"))
    assert v.Seal(E0) not in v.legal_moves(default)


def test_seal_supply_never_runs_out():  # V-POWER-UNI-4, V-RULING-18
    # eleven seals leave only the Unicorn's vertex open, so no seal phase can start
    uni = E0
    seals = [e for e in EARTH_VERTICES if e != uni]
    state = position(A0, uni, H0, HEAVEN_VERTICES[19], seals=seals, declared="unicorn")
    state = step_leviathan(state)
    assert state.phase is not Phase.UNICORN_SEAL
    assert len(state.seals) == 11


def test_archangel_flies_exactly_two():  # V-POWER-ARC-1, V-POWER-ARC-3, V-RULING-20
    state = position(A0, E0, H0, ABYSS_VERTICES[19], declared="archangel")
    state = step_leviathan(state)
    state = v.apply(state, v.legal_moves(state)[0])
    assert state.phase is Phase.ARCHANGEL
    moves = v.legal_moves(state)
    assert {m.vertex for m in moves if isinstance(m, v.Fly)} == set(FLY[H0])
    assert {m.vertex for m in moves if isinstance(m, v.Step)} == set(SAME[H0])


def test_archangel_fly_skips_middle():  # V-POWER-ARC-2, V-ORACLE-6, V-RULING-20
    middle = SAME[H0][0]
    dest = next(x for x in FLY[H0] if middle in SAME[x])
    state = position(A0, E0, H0, middle, declared="archangel")
    state = step_leviathan(state)
    state = v.apply(state, next(m for m in v.legal_moves(state) if m.vertex != middle))  # type: ignore[union-attr]
    after = v.apply(state, v.Fly(dest))
    assert not v.is_terminal(after)
    assert after.archangel == dest
    assert after.demon == middle


def archangel_to_move(creatures: tuple[int, int, int]) -> v.State:
    """An Archangel decision of turn 2, the Archangel declared, Valandris far away in the Abyss."""
    return v.State(
        options=v.Options(),
        phase=Phase.ARCHANGEL,
        turn=2,
        creatures=creatures,
        demon=ABYSS_VERTICES[19],
        sealed=0,
        declared=Piece.ARCHANGEL,
    )


def test_fly_middle_may_hold_a_creature_but_not_the_destination():  # V-POWER-ARC-3
    middle = SAME[H0][0]
    dest = next(x for x in FLY[H0] if middle in SAME[x])
    # an Archangel decision with the Unicorn (crossed into Heaven) standing on the middle vertex
    state = archangel_to_move((A0, middle, H0))
    v.validate(state)
    assert v.Fly(dest) in v.legal_moves(state)
    assert v.Step(middle) not in v.legal_moves(state)
    # ... and with the Unicorn on the destination instead, that fly is illegal
    blocked = archangel_to_move((A0, dest, H0))
    assert v.Fly(dest) not in v.legal_moves(blocked)
    assert len([m for m in v.legal_moves(blocked) if isinstance(m, v.Fly)]) == 5


def test_fly_onto_valandris_captures():  # V-ORACLE-6
    dest = FLY[H0][0]
    state = position(A0, E0, H0, dest, declared="archangel", turn=3)
    state = step_leviathan(state)
    state = v.apply(state, v.legal_moves(state)[0])
    after = v.apply(state, v.Fly(dest))
    assert after.captured
    assert after.score == 3


def test_reach_on_an_empty_board():  # V-ORACLE-5
    def empty(demon: int) -> v.State:
        return v.State(
            options=v.Options(),
            phase=Phase.VALANDRIS,
            turn=1,
            creatures=(),
            demon=demon,
            sealed=0,
            declared=Piece.LEVIATHAN,
        )

    assert {len(v.demon_destinations(empty(x))) for x in HEAVEN_VERTICES} == {29}
    assert {len(v.demon_destinations(empty(x))) for x in EARTH_VERTICES} == {41}
    assert {len(v.demon_destinations(empty(x))) for x in ABYSS_VERTICES} == {29}
    # a home Leviathan with its power: 3 steps + 4 jump destinations
    state = position(A0, E0, H0, HEAVEN_VERTICES[19], declared="leviathan")
    moves = v.legal_moves(state)
    assert sum(isinstance(m, v.Step) for m in moves) == 3
    assert sum(isinstance(m, v.Jump) for m in moves) == 4
    # a home Archangel with its power: 3 steps + 6 flies
    state = position(A0, E0, H0, ABYSS_VERTICES[19], declared="archangel")
    state = step_leviathan(state)
    state = v.apply(state, v.legal_moves(state)[0])
    moves = v.legal_moves(state)
    assert sum(isinstance(m, v.Step) for m in moves) == 3
    assert sum(isinstance(m, v.Fly) for m in moves) == 6
