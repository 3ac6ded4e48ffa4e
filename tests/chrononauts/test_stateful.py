"""The shared Hypothesis state machine on Chrononauts: legal, illegal, junk input, undo, validate, JSON."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

from tabletop_rules import chrononauts
from tabletop_rules.testing.stateful import game_state_machine

ChrononautsMachine = game_state_machine(chrononauts, lambda: chrononauts.new_game(players=3))
ChrononautsMachine.TestCase.settings = settings(
    max_examples=12,
    stateful_step_count=50,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestChrononautsMachine = ChrononautsMachine.TestCase

SolonautsMachine = game_state_machine(chrononauts, lambda: chrononauts.new_game(variant="solonauts"))
SolonautsMachine.TestCase.settings = settings(
    max_examples=5,
    stateful_step_count=40,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestSolonautsMachine = SolonautsMachine.TestCase
