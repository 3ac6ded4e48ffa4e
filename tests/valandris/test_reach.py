"""The fast paths of `reach` against the plain definitions they replace (V-HS-4, V-HS-5, V-DEMON-1..5)."""

from __future__ import annotations

import random

import pytest

from tabletop_rules import valandris as v
from tabletop_rules.testing import finished_playout
from tabletop_rules.valandris import moves as mv
from tabletop_rules.valandris import reach

from .helpers import ADJACENT, CROSS, SAME
from .test_conformance import OPTION_SETS


def playout_states(seed: int, options: v.Options) -> list[v.State]:
    return [s for s in finished_playout(v, seed, options=options).states(v) if len(s.creatures) == 3]


def plain_reach(state: v.State, steps: int) -> set[int]:
    """Valandris' destinations by breadth-first search over the board's edges (V-DEMON-1..5, V-RULING-4)."""
    assert state.demon is not None
    closed = set(state.seals) | set(state.creatures)
    passable = set(state.seals) if state.options.demon_may_pass_through_creatures else closed
    out = {state.demon}
    for middle in ADJACENT[state.demon]:
        if middle in closed and middle in passable:
            continue
        if middle not in closed:
            out.add(middle)
        if steps >= 2 and middle not in passable:
            out.update(x for x in ADJACENT[middle] if x not in closed)
    return out


@pytest.mark.parametrize("options", OPTION_SETS)
def test_demon_reach_and_its_single_target_test(options):
    for seed in range(4):
        for state in playout_states(seed, options):
            if state.demon is None or state.phase is v.Phase.OVER:
                continue
            for steps in (1, 2):
                expected = plain_reach(state, steps)
                mask = reach.demon_reach(state, steps)
                assert set(reach.bits(mask)) == expected
                assert reach.demon_moves(mask) == tuple(mv.DEMON_MOVE[x] for x in sorted(expected))
                for target in range(52):
                    assert reach.demon_can_reach(state, steps, target) is (target in expected)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_steps_and_crossings_from_the_tables(options):
    for seed in range(4):
        for state in playout_states(seed, options):
            creatures, sealed = state.creatures, state.sealed
            for creature in range(3):
                plain = [x for x in SAME[creatures[creature]] if x not in state.seals and x not in creatures]
                assert reach.creature_steps(creatures, sealed, creature) == plain
                assert reach.step_moves(creatures, sealed, creature) == [mv.STEP[x] for x in plain]
                assert reach.can_step(creatures, sealed, creature) is bool(plain)
                for target in range(52):
                    assert reach.step_ok(creatures, sealed, creature, target) is (target in plain)
            if state.demon is None:
                continue
            plain_crossings = [
                mv.CROSS[c][t]
                for c in v.CREATURES
                for t in CROSS[creatures[c]]
                if reach.crossing_ok(state, c, t)
            ]
            assert reach.crossings(state) == plain_crossings


def test_bits_in_increasing_order():
    rng = random.Random(1)
    for _ in range(200):
        chosen = sorted(rng.sample(range(52), rng.randrange(53)))
        mask = sum(1 << x for x in chosen)
        assert reach.bits(mask) == chosen
        assert reach.demon_moves(mask) == tuple(mv.DEMON_MOVE[x] for x in chosen)


def test_occupied_marks_each_creature_vertex_even_during_setup():  # mutation survivor (reach.occupied)
    from tabletop_rules.valandris.reach import occupied

    assert occupied((20,)) == 1 << 20
    assert occupied((40, 22)) == 1 << 40 | 1 << 22
    assert occupied((0, 33, 51)) == 1 | 1 << 33 | 1 << 51
