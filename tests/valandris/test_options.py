"""The options object (section 4): defaults, validation, and the rulings without an option."""

from __future__ import annotations

import pytest

from tabletop_rules import valandris as v
from tabletop_rules.core import InvalidOptionError


def test_defaults_are_the_spec_rulings():  # V-RULING-4, V-RULING-7, V-RULING-12, V-RULING-15, V-RULING-16
    r = v.Rules()
    assert r.demon_may_pass_through_creatures is False
    assert r.crossing_bonus_steps == 1
    assert r.blocked_creature == "stays"
    assert r.allow_declare_none is False
    assert r.first_turn_power == "declared_at_setup"
    assert r.unicorn_seal_range == "any"  # V-RULING-17
    assert r.unicorn_may_seal_own_vertex is False
    assert r.crossing_target_may_hold_demon is True  # V-RULING-24
    assert r.max_turns == 100  # V-RULING-29


@pytest.mark.parametrize(
    "kwargs",
    [
        {"crossing_bonus_steps": 3},
        {"crossing_bonus_steps": True},
        {"blocked_creature": "explodes"},
        {"first_turn_power": None},
        {"unicorn_seal_range": "far"},
        {"allow_declare_none": 1},
        {"max_turns": 0},
        {"max_turns": 2.5},
        {"max_turns": 10**9},
        {"blocked_creature": "holy_spirit_loses", "max_turns": None},
    ],
)
def test_bad_options_are_rejected(kwargs):
    with pytest.raises(InvalidOptionError):
        v.Rules(**kwargs)


def test_options_round_trip():
    r = v.Rules(crossing_bonus_steps=2, max_turns=None, unicorn_seal_range="adjacent")
    assert v.Rules.from_dict(r.to_dict()) == r
    with pytest.raises(InvalidOptionError):
        v.Rules.from_dict({"speed": 3})
    with pytest.raises(InvalidOptionError):
        v.new_game("fast")  # type: ignore[arg-type]


def test_options_are_frozen():
    r = v.Rules()
    with pytest.raises(AttributeError):
        r.max_turns = 3  # type: ignore[misc]
