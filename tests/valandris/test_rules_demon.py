"""Valandris' own move (section 3.5)."""

from __future__ import annotations

from tabletop_rules import valandris as v
from tabletop_rules.valandris import Phase, Piece

from .helpers import ABYSS_VERTICES, ADJACENT, CROSS, EARTH_VERTICES, HEAVEN_VERTICES, SAME, WORLD


def demon_turn(
    demon: int, creatures: tuple[int, int, int], seals: frozenset[int] = frozenset(), **rules: object
) -> v.State:
    options = v.Options(**rules)  # type: ignore[arg-type]
    state = v.State(
        options=options,
        phase=Phase.VALANDRIS,
        turn=1,
        creatures=creatures,
        demon=demon,
        sealed=v.seal_mask(seals),
        declared=Piece.LEVIATHAN,
    )
    v.validate(state)
    return state


# creatures parked far away from H0's neighbourhood
H0 = HEAVEN_VERTICES[0]
AWAY = (v.BOARD.antipode[ABYSS_VERTICES[0]], v.BOARD.antipode[EARTH_VERTICES[0]], v.BOARD.antipode[H0])


def two_step_reach(start: int, blocked: set[int]) -> set[int]:
    one = {x for x in ADJACENT[start] if x not in blocked}
    return {start} | one | {y for x in one for y in ADJACENT[x] if y not in blocked}


def test_up_to_two_steps_or_staying():  # V-DEMON-1, V-DEMON-2
    state = demon_turn(H0, AWAY)
    moves = v.legal_moves(state)
    assert v.current_player(state) == v.VALANDRIS
    assert {m.vertex for m in moves} == two_step_reach(H0, set(AWAY))
    assert v.DemonMove(H0) in moves  # staying
    after = v.apply(state, v.DemonMove(H0))
    assert after.demon == H0
    assert after.turn == 2


def test_changes_worlds_freely_even_twice():  # V-DEMON-3, V-RULING-6
    state = demon_turn(H0, AWAY)
    worlds = {WORLD[m.vertex] for m in v.legal_moves(state)}
    assert worlds == {v.World.HEAVEN, v.World.EARTH, v.World.ABYSS}  # Heaven -> Earth -> Abyss in one move
    # stepping away and back is the same action as staying: one action per destination
    assert len(v.legal_moves(state)) == len({m.vertex for m in v.legal_moves(state)})


def test_no_step_onto_or_through_a_seal():  # V-DEMON-4, V-RULING-5
    earth = list(CROSS[H0])
    seals = frozenset(earth)
    state = demon_turn(H0, AWAY, seals)
    reach = {m.vertex for m in v.legal_moves(state)}
    assert not reach & seals
    # with all three Earth neighbours sealed, no Abyss vertex is reachable (there is no Heaven-Abyss edge)
    assert not any(WORLD[x] == v.World.ABYSS for x in reach)
    assert reach == two_step_reach(H0, set(seals) | set(AWAY))


def test_no_step_onto_or_through_a_creature():  # V-DEMON-5, V-RULING-3, V-RULING-4
    blocker = SAME[H0][0]
    seals = frozenset(CROSS[H0])  # cut the Earth routes so that some vertices lie only beyond the blocker
    lev, uni = AWAY[0], AWAY[1]
    state = demon_turn(H0, (lev, uni, blocker), seals)
    reach = {m.vertex for m in v.legal_moves(state)}
    assert blocker not in reach
    assert reach == two_step_reach(H0, {lev, uni, blocker} | seals)
    only_through = two_step_reach(H0, {lev, uni} | seals) - reach - {blocker}
    assert only_through
    passing = demon_turn(H0, (lev, uni, blocker), seals, demon_may_pass_through_creatures=True)
    reach_passing = {m.vertex for m in v.legal_moves(passing)}
    assert reach_passing == reach | only_through
    assert blocker not in reach_passing  # still never onto a creature


def test_his_own_moves_never_capture():  # V-DEMON-6, V-GOAL-1
    creature_next_door = SAME[H0][0]
    state = demon_turn(H0, (AWAY[0], AWAY[1], creature_next_door))
    for move in v.legal_moves(state):
        after = v.apply(state, move)
        assert not v.is_terminal(after)
        assert after.demon not in after.creatures
