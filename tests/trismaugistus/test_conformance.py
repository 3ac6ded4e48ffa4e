"""The shared conformance suite on the automa game, at every difficulty, with a random reporting human."""

from __future__ import annotations

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import random_playout
from tabletop_rules.testing import check_determinism, check_playout, finished_playout

NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)  # a failure names its seed; shrinking is slow


def started(difficulty: int, objectives: bool, options: tm.Options | None = None) -> tm.State:
    state = tm.new_game(options)
    setups = [
        m for m in tm.legal_moves(state) if m.difficulty == difficulty and m.objectives_enabled == objectives
    ]  # type: ignore[union-attr]
    return tm.apply(state, setups[difficulty % len(setups)])


@pytest.mark.parametrize("difficulty", [1, 2, 3])
@settings(max_examples=3, deadline=None, phases=NO_SHRINK)
@given(seed=st.integers(0, 2**31 - 1), objectives=st.booleans())
def test_conformance_each_difficulty(difficulty: int, seed: int, objectives: bool):  # T-GEN-1, T-GEN-2
    playout = check_playout(tm, seed, initial=started(difficulty, objectives), max_moves=3000)
    assert not playout.truncated
    final = playout.final
    assert tm.is_terminal(final)
    assert final.score is not None
    assert final.round == 3


@settings(max_examples=3, deadline=None, phases=NO_SHRINK)
@given(seed=st.integers(0, 2**31 - 1))
def test_conformance_from_the_setup_menu(seed: int):
    assert not check_playout(tm, seed).truncated


ALTERNATIVES = [
    tm.Options(artifact_choice="roll_d6", wild_experiment_area="matched_symbol"),
    tm.Options(
        automa_finish_timing="on_next_turn",
        reshuffle_timing="on_empty",
        purple_discard_timing="end_of_turn",
        objective_die_mapping="kth_face_up",
        level3_purple_placement="face_up_discard",
    ),
    tm.Options(
        no_match_fallback="end_round",
        no_die_card_handling="resolve_action_only",
        nearest_excludes_maxed=False,
        formula_purchase="only_if_gain",
    ),
]


@pytest.mark.parametrize("options", ALTERNATIVES)
def test_conformance_with_alternative_rulings(options: tm.Options):
    for difficulty in (1, 3):
        playout = check_playout(tm, 11 + difficulty, initial=started(difficulty, True, options))
        assert not playout.truncated


def test_determinism():
    for seed in (1, 2, 3):
        check_determinism(tm, seed)
    assert finished_playout(tm, 5).moves == finished_playout(tm, 5).moves


def test_playouts_terminate_quickly():
    playouts = [random_playout(tm, seed, max_moves=1000) for seed in range(30)]
    assert not any(p.truncated for p in playouts)  # a game that never ends fails here, not hangs
    assert all(tm.is_terminal(p.final) for p in playouts)


# REL-IMMUTABLE-1: apply never changes its argument
def test_apply_never_mutates_and_trace_explains():  # T-TURN-1
    state = started(2, False)
    text = tm.to_json(state)
    nxt = tm.apply(state, tm.legal_moves(state)[0])
    assert tm.to_json(state) == text
    assert nxt.trace
    assert "round 1" in tm.describe(nxt)


def test_module_docstring_example_runs():
    import doctest

    assert doctest.testmod(tm).failed == 0
