"""The options object (section 4): defaults, allowed values, dict round trips, and the deprecated names."""

from __future__ import annotations

import warnings

import pytest

from tabletop_rules import valandris as v
from tabletop_rules.core import InvalidOptionError


def test_defaults_are_the_spec_rulings():  # V-RULING-4, V-RULING-7, V-RULING-12, V-RULING-15, V-RULING-16
    r = v.Options()
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
        v.Options(**kwargs)


def test_options_round_trip():
    r = v.Options(crossing_bonus_steps=2, max_turns=None, unicorn_seal_range="adjacent")
    assert v.Options.from_dict(r.to_dict()) == r
    assert v.Options.from_dict({}) == v.Options()
    assert v.Options().to_dict() == {
        "demon_may_pass_through_creatures": False,
        "crossing_bonus_steps": 1,
        "blocked_creature": "stays",
        "allow_declare_none": False,
        "first_turn_power": "declared_at_setup",
        "unicorn_seal_range": "any",
        "unicorn_may_seal_own_vertex": False,
        "crossing_target_may_hold_demon": True,
        "max_turns": 100,
    }
    with pytest.raises(InvalidOptionError, match="unknown Valandris option"):
        v.Options.from_dict({"speed": 3})
    with pytest.raises(InvalidOptionError, match="mapping"):
        v.Options.from_dict([("max_turns", 3)])  # type: ignore[arg-type]


def test_choices_come_from_the_annotations():
    """Every ruling's allowed values, as front ends list them (no hand-kept table)."""
    assert v.Options.choices() == {
        "demon_may_pass_through_creatures": (False, True),  # V-RULING-4
        "crossing_bonus_steps": (1, 2),  # V-RULING-7
        "blocked_creature": ("stays", "holy_spirit_loses"),  # V-RULING-12
        "allow_declare_none": (False, True),  # V-RULING-15
        "first_turn_power": ("declared_at_setup", "none"),  # V-RULING-16
        "unicorn_seal_range": ("any", "adjacent"),  # V-RULING-17
        "unicorn_may_seal_own_vertex": (False, True),
        "crossing_target_may_hold_demon": (False, True),  # V-RULING-24
    }
    for name, allowed in v.Options.choices().items():
        for value in allowed:
            if (name, value) != ("blocked_creature", "holy_spirit_loses"):
                assert getattr(v.Options(**{name: value}), name) == value


def test_new_game_takes_a_dict_of_options():
    state = v.new_game({"crossing_bonus_steps": 2, "max_turns": None})
    assert state.options == v.Options(crossing_bonus_steps=2, max_turns=None)


def test_deprecated_names_warn_and_still_work():
    """`Rules`, `State.rules`, `from_position(rules=...)` and `Tablebase.rules` are the 0.1 names."""
    with pytest.warns(DeprecationWarning, match="valandris.Options"):
        assert v.Rules is v.Options  # type: ignore[attr-defined]
    from tabletop_rules.valandris import options

    with pytest.warns(DeprecationWarning, match="Options"):
        assert options.Rules is v.Options  # type: ignore[attr-defined]
    state = v.new_game({"max_turns": 9})
    with pytest.warns(DeprecationWarning, match="State.options"):
        assert state.rules == v.Options(max_turns=9)
    with pytest.warns(DeprecationWarning, match="options="):
        placed = v.from_position(
            leviathan="A0",
            unicorn="E0",
            archangel="H0",
            valandris="H19",
            seals=[],
            declared="unicorn",
            rules=v.Options(max_turns=9),
        )
    assert placed.options.max_turns == 9
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert "Rules" not in v.__all__
        with pytest.raises(AttributeError):
            v.NoSuchName  # type: ignore[attr-defined]  # noqa: B018


def test_options_are_frozen():
    r = v.Options()
    with pytest.raises(AttributeError):
        r.max_turns = 3  # type: ignore[misc]
