"""The Valandris solver on a reduced problem: exact values checked against the rules functions.

The reduced problem is the family of seal sets with at least 11 of the 12
Earth vertices sealed, with the d12 ignored: no seal is then ever removed and
the Unicorn can never add one, so the family is closed under play and the
solve is exact for it.  It is solved with ``first_turn_power="none"``, which
adds the "no creature declared" plane to the three planes of the default
rulings.  The full solve lives in ``benchmarks/valandris_solve.py``.
"""

from __future__ import annotations

import pickle
import random
import types
from fractions import Fraction
from pathlib import Path

import attrs
import numpy as np
import pytest

pytest.importorskip("numpy")

from tabletop_rules import valandris as v
from tabletop_rules.core.errors import InvalidOptionError
from tabletop_rules.testing import finished_playout
from tabletop_rules.valandris.solver import Tablebase, perfect_agent, solve
from tabletop_rules.valandris.solver import _engine as engine
from tabletop_rules.valandris.solver.__main__ import main, parse_options
from tabletop_rules.valandris.solver._board import ORBITS, SYMMETRIES
from tabletop_rules.valandris.solver.checker import (
    bellman_value,
    long_positions,
    perfect_playout,
    random_positions,
    run_checks,
    search_value,
)

from .helpers import EARTH_VERTICES


@pytest.fixture(scope="module")
def tablebase() -> Tablebase:
    # first_turn_power="none" changes only turn 1 (no creature declared): the three declaration
    # planes are those of the default rulings, and a fourth plane covers "no creature declared".
    return solve(v.Options(first_turn_power="none"), die="ignored", min_seals=11)


@pytest.fixture(scope="module")
def saved(tablebase: Tablebase, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tablebase.save(tmp_path_factory.mktemp("tb") / "small.vtb")


def test_seal_orbits() -> None:
    assert len(ORBITS.reps) == 82
    assert sum(ORBITS.orbit_size) == 4096
    rng = random.Random(3)
    for _ in range(50):
        mask = rng.randrange(4096)
        orbit, g = ORBITS.canon(mask)
        image = sum(
            1 << (int(g[e]) - EARTH_VERTICES[0]) for i, e in enumerate(EARTH_VERTICES) if mask >> i & 1
        )
        assert image == ORBITS.reps[orbit]


def test_neighbour_reduce_and_top_two_match_brute_force() -> None:
    rng = np.random.default_rng(5)
    x = rng.integers(0, 9, size=(52, 52, 52, 52), dtype=np.uint8)
    adj = engine._ADJ
    for axis in range(4):
        out = engine.neighbour_reduce(x, axis, adj, np.maximum, 0, True)
        probe = [int(i) for i in rng.integers(0, 52, size=4)]
        row = (*probe[:axis], slice(None), *probe[axis + 1 :])
        line = x[row]
        assert [int(line[[vx, *adj[vx]]].max()) for vx in range(52)] == out[row].tolist()
    m1, a1, m2 = (np.moveaxis(a, 0, 3) for a in engine.top_two(np.ascontiguousarray(np.moveaxis(x, 3, 0))))
    for _ in range(200):
        lev, uni, arc, dem = (int(i) for i in rng.integers(0, 52, size=4))
        values = sorted((int(x[lev, uni, arc, u]) for u in (dem, *adj[dem])), reverse=True)
        assert (int(m1[lev, uni, arc, dem]), int(m2[lev, uni, arc, dem])) == (values[0], values[1])
        assert int(x[lev, uni, arc, int(a1[lev, uni, arc, dem])]) == values[0]


@pytest.mark.parametrize(
    "rules",
    [v.Options(), v.Options(unicorn_may_seal_own_vertex=True), v.Options(unicorn_seal_range="adjacent")],
)
def test_seal_masks_match_the_rules(rules: v.Options) -> None:
    """The solver's seal conditions equal the rules' seal phase on random positions and seal sets."""
    from tabletop_rules.valandris.reach import unicorn_seals

    rng = random.Random(12)
    for _ in range(4):
        mask = rng.randrange(4096) & rng.randrange(4096)  # fewer seals, more to seal
        seals = [e for i, e in enumerate(EARTH_VERTICES) if mask >> i & 1]
        sealed = np.isin(np.arange(52), seals)
        eq = np.eye(52, dtype=bool)
        coll = eq[:, :, None] | eq[:, None, :] | eq[None, :, :]
        coll |= sealed[:, None, None] | sealed[None, :, None] | sealed[None, None, :]
        steps = engine.unicorn_steps(coll)
        allowed = {e: engine.seal_allowed(rules, steps, e) for e in EARTH_VERTICES if e not in seals}
        free = [x for x in range(52) if not sealed[x]]
        for _ in range(200):
            lev, arc, demon = rng.sample(free, 3)
            uni = rng.choice([e for e in EARTH_VERTICES if e not in seals and e not in (lev, arc, demon)])
            expected = set(unicorn_seals(rules, (lev, uni, arc), v.seal_mask(seals), demon, v.Piece.UNICORN))
            got = {e for e, ok in allowed.items() if ok[lev, uni, arc] and e != demon}
            assert got == expected


def test_options_that_are_not_rules_are_refused() -> None:
    with pytest.raises(InvalidOptionError, match=r"valandris\.Options"):
        solve({"crossing_bonus_steps": 2}, die="ignored", min_seals=12, max_sweeps=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "rules",
    [
        pytest.param(v.Options(crossing_bonus_steps=2), id="bonus-full-move"),  # V-RULING-7
        pytest.param(v.Options(blocked_creature="holy_spirit_loses"), id="blocked-loses"),  # V-RULING-12
        pytest.param(
            v.Options(
                crossing_bonus_steps=2,
                demon_may_pass_through_creatures=True,
                crossing_target_may_hold_demon=False,
                allow_declare_none=True,
            ),
            id="combined",
        ),
    ],
)
def test_rulings_that_help_valandris_are_solved_exactly(tablebase: Tablebase, rules: v.Options) -> None:
    """V-RULING-7 (the bonus as a full move) and V-RULING-12 (a blocked creature loses the game).

    Both are checked against the rules functions (Bellman recomputation through ``apply``, direct
    search, symmetry), and both only ever help Valandris: no value drops below the default's,
    and some rise.
    """
    small = solve(rules, die="ignored", min_seals=11)
    report = run_checks(small, seed=4, search=8, search_depth=1, bellman=120, long=20, long_minimum=5)
    assert report.ok, report.failures[:5]
    assert report.bellman == report.bellman_agree >= 120
    default = tablebase.T[:, :3]
    assert np.all(small.T[:, :3] >= default)
    assert np.any(small.T[:, :3] > default)


def test_blocked_creature_ends_the_game_uncaptured(tablebase: Tablebase) -> None:
    """V-RULING-12: the Archangel next to Valandris captures him, unless the blocked Unicorn ends
    the game first (holy_spirit_loses)."""
    position = {
        "leviathan": "A0",
        "unicorn": "E0",  # every other Earth vertex, so every Unicorn step, is sealed
        "archangel": "H0",
        "valandris": "H1",
        "seals": [f"E{i}" for i in range(1, 12)],
        "declared": v.Piece.LEVIATHAN,
        "turn": 2,  # under first_turn_power="none" nothing is declared on turn 1 (V-RULING-16)
    }
    stays = v.from_position(**position, options=tablebase.options)  # type: ignore[arg-type]
    assert tablebase.value(stays) == 1
    loses = v.Options(blocked_creature="holy_spirit_loses")
    small = solve(loses, die="ignored", min_seals=11)
    state = v.from_position(**position, options=loses)  # type: ignore[arg-type]
    step = next(m for m in v.legal_moves(state) if isinstance(m, v.Step))
    after = v.apply(state, step)
    assert v.is_terminal(after)
    assert not after.captured
    assert small.value(after) is None
    value = small.value(state)
    assert value is None or value > 1
    assert bellman_value(small, state) == value


def test_no_declaration_plane(tablebase: Tablebase) -> None:
    """With no creature declared (turn 1 under first_turn_power="none", or allow_declare_none),
    values come from a fourth plane, checked against the rules."""
    small = tablebase
    assert small.T.shape[1] == 4
    assert np.all(small.T[:, 3] >= small.T[:, :3].min(axis=1))  # declaring nothing never helps
    rng = random.Random(3)
    states = [s for s in random_positions(small, rng, 80) if s.declared is None][:12]
    assert states
    for state in states:
        assert bellman_value(small, state) == small.value(state)


def test_bad_die_and_open_family_are_refused() -> None:
    with pytest.raises(ValueError, match="die"):
        solve(die="fair", min_seals=12)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="ignored"):
        solve(die="adversarial", min_seals=11)


def test_values_agree_with_direct_search(tablebase: Tablebase) -> None:
    rng = random.Random(11)
    agreed = 0
    for state in random_positions(tablebase, rng, 12):
        expected = search_value(state, 2, "ignored")
        got = tablebase.value(state)
        assert got == expected or (expected is None and (got is None or got > 2))
        agreed += 1
    assert agreed == 12


def test_bellman_consistency_and_symmetry(tablebase: Tablebase) -> None:
    report = run_checks(tablebase, seed=2, search=5, search_depth=1, bellman=150, long=40, long_minimum=9)
    assert report.ok, report.failures[:5]
    assert report.bellman == report.bellman_agree >= 150


def test_long_capture_is_played_out_exactly(tablebase: Tablebase) -> None:
    """Perfect play from a long forced capture ends in exactly the tabulated turn."""
    rng = random.Random(4)
    states = list(long_positions(tablebase, rng, 3, 10))
    assert states
    for state in states:
        expected = tablebase.value(state)
        assert expected is not None
        assert expected >= 10
        assert bellman_value(tablebase, state) == expected
        final = perfect_playout(tablebase, state, rng)
        assert final.captured
        assert final.score == state.turn + expected - 1


def test_perfect_agents_play_through_the_playout_api(tablebase: Tablebase) -> None:
    """The agents plug into core.playout, as simulate uses them.

    The tablebase ignores the die, so the playout's d12 is made to agree: it always shows the one
    unsealed Earth vertex (11 seals at most are ever placed, V-RULING-18), which removes no seal.
    """
    rng = random.Random(6)
    hs, dem = perfect_agent(tablebase, "holy_spirit"), perfect_agent(tablebase, "valandris")

    def open_face(state: v.State) -> tuple[tuple[v.Move, Fraction], ...]:
        face = next(k for k in range(1, 13) if v.face_vertex(k) not in state.seals)
        return ((v.Roll(face), Fraction(1)),)

    die_ignored = types.SimpleNamespace(**{name: getattr(v, name) for name in v.__all__})
    die_ignored.chance_outcomes = open_face
    played = 0
    for state in random_positions(tablebase, rng, 200):
        expected = tablebase.value(state)
        if len(state.seals) < 11 or expected is None or played >= 4:
            continue
        final = finished_playout(die_ignored, 3, initial=state, agents=[hs, dem]).final  # type: ignore[arg-type]
        assert final.captured
        assert final.score == state.turn + expected - 1
        played += 1
    assert played == 4


def test_mid_turn_values_follow_the_turn(tablebase: Tablebase) -> None:
    """Each decision's value is the best successor value, for every phase of a turn."""
    rng = random.Random(8)
    for state in random_positions(tablebase, rng, 6):
        s = state
        while s.phase is not v.Phase.OVER and s.turn <= state.turn + 1:
            turns = [t for _, t in tablebase.move_values(s)]
            never = 1 << 40
            best = (
                max(never if t is None else t for t in turns)
                if v.current_player(s) == v.VALANDRIS
                else min(never if t is None else t for t in turns)
            )
            got = tablebase.capture_turn(s)
            assert (never if got is None else got) == best, s
            if s.phase is v.Phase.ROLL:  # the die is ignored in this tablebase
                s = attrs.evolve(s, phase=v.Phase.BONUS)
                continue
            s = v.apply(s, rng.choice(v.legal_moves(s)))


def test_symmetric_states_have_equal_values(tablebase: Tablebase) -> None:
    rng = random.Random(9)
    for state in random_positions(tablebase, rng, 30):
        g = SYMMETRIES[rng.randrange(120)]
        assert tablebase.value(v.transform_state(state, list(g))) == tablebase.value(state)


def test_save_load_roundtrip(tablebase: Tablebase, saved: Path) -> None:
    loaded = Tablebase.load(saved)
    assert loaded.die == "ignored"
    assert loaded.options == tablebase.options
    assert np.array_equal(np.asarray(loaded.T), tablebase.T)
    assert np.array_equal(np.asarray(loaded.M), tablebase.M)
    rng = random.Random(1)
    for state in random_positions(tablebase, rng, 20):
        assert loaded.value(state) == tablebase.value(state)


def test_corrupt_and_foreign_files_are_refused(saved: Path, tmp_path: Path) -> None:
    data = bytearray(saved.read_bytes())
    data[-1] ^= 0xFF
    bad = tmp_path / "bad.vtb"
    bad.write_bytes(bytes(data))
    with pytest.raises(ValueError, match="checksum"):
        Tablebase.load(bad)
    other = tmp_path / "other.vtb"
    other.write_bytes(b"hello")
    with pytest.raises(ValueError, match="not a Valandris tablebase"):
        Tablebase.load(other)


def test_setup_answer_needs_five_seal_sets(tablebase: Tablebase) -> None:
    with pytest.raises(ValueError, match="five-seal"):
        tablebase.setup_answer()


def test_state_outside_family_or_rules_is_refused(tablebase: Tablebase) -> None:
    state = v.from_position(
        leviathan="A0",
        unicorn="E0",
        archangel="H0",
        valandris="H19",
        seals=["E5"],
        declared="archangel",
        turn=2,
    )
    with pytest.raises(ValueError, match="outside"):
        tablebase.value(attrs.evolve(state, options=tablebase.options))
    sample = next(s for s in random_positions(tablebase, random.Random(0), 20) if s.declared is not None)
    other = attrs.evolve(sample, options=v.Options(unicorn_seal_range="adjacent"))
    with pytest.raises(ValueError, match="options"):
        tablebase.value(other)


def test_agent_pickles_through_its_file(tablebase: Tablebase, saved: Path) -> None:
    in_memory = perfect_agent(tablebase, "valandris")
    copy = Tablebase(tablebase.options, "ignored", tablebase.orbits, tablebase.T, tablebase.M)
    unsaved = perfect_agent(copy, 1)
    with pytest.raises(TypeError, match="saved"):
        pickle.dumps(unsaved)
    loaded = perfect_agent(Tablebase.load(saved), "holy_spirit")
    clone = pickle.loads(pickle.dumps(loaded))
    state = next(random_positions(tablebase, random.Random(5), 1))
    rng = random.Random(0)
    assert clone(state, rng) in tablebase.best_moves(state)
    assert in_memory.side == v.VALANDRIS


def test_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert parse_options(["unicorn_seal_range=adjacent", "max_turns=none"]) == v.Options(
        unicorn_seal_range="adjacent", max_turns=None
    )
    out = str(tmp_path / "x.vtb")
    assert main(["--die", "ignored", "--out", out, "--option", "crossing_bonus_steps=3"]) == 2
    assert "crossing_bonus_steps" in capsys.readouterr().err


def test_tablebase_rules_is_a_deprecated_alias(tablebase: Tablebase) -> None:
    with pytest.warns(DeprecationWarning, match="Tablebase.options"):
        assert tablebase.rules is tablebase.options
