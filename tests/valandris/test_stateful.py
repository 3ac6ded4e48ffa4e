"""Stateful random testing of Valandris: legal, illegal and junk input in any order."""

from __future__ import annotations

from hypothesis import settings

from tabletop_rules import valandris as v
from tabletop_rules.testing.stateful import game_state_machine

Machine = game_state_machine(v, lambda: v.new_game(v.Options(max_turns=15)))
Machine.TestCase.settings = settings(max_examples=25, stateful_step_count=60, deadline=None)
TestValandrisMachine = Machine.TestCase
