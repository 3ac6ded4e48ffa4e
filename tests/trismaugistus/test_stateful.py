"""The shared Hypothesis state machine on Trismaugistus: legal, illegal, junk input, undo, validate, JSON."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

from tabletop_rules import trismaugistus as tm
from tabletop_rules.testing.stateful import game_state_machine

TrismaugistusMachine = game_state_machine(tm, tm.new_game)
TrismaugistusMachine.TestCase.settings = settings(
    max_examples=30,
    stateful_step_count=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestTrismaugistusMachine = TrismaugistusMachine.TestCase


def _objectives_game() -> tm.State:
    state = tm.new_game({"artifact_choice": "roll_d6", "purple_discard_timing": "end_of_turn"})
    setup = next(m for m in tm.legal_moves(state) if isinstance(m, tm.Setup) and m.objectives_enabled)
    return tm.apply(state, setup)


ObjectivesMachine = game_state_machine(tm, _objectives_game)
ObjectivesMachine.TestCase.settings = settings(
    max_examples=15,
    stateful_step_count=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestObjectivesMachine = ObjectivesMachine.TestCase
