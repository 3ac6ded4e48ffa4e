"""`Options`: the rulings of spec section 4, their allowed values derived from the annotations."""

from __future__ import annotations

import typing

import attrs
import pytest

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import GameOptions, InvalidOptionError


def test_options_is_a_game_options_with_the_spec_defaults():  # T-RULING-1, T-RULING-7, T-RULING-10
    options = tm.Options()
    assert isinstance(options, GameOptions)
    assert options.nearest_excludes_maxed is True
    assert options.no_match_fallback == "any_die"
    assert options.artifact_choice == "placed_potency_parity"
    assert options.max_formula_purchases == 4
    assert hash(options) == hash(tm.Options())


def test_choices_come_from_the_annotations():  # T-RULING-3, T-RULING-22, T-RULING-30
    choices = tm.Options.choices()
    hints = typing.get_type_hints(tm.Options)
    for name, allowed in choices.items():
        hint = hints[name]
        expected = (False, True) if hint is bool else typing.get_args(hint)
        assert allowed == expected
    assert choices["bonus_order"] == ("ascending_after_move",)  # fixed by the spec
    assert choices["formula_purchase"] == ("max_affordable", "only_if_gain", "never")
    assert choices["objective_die_mapping"] == ("row_position", "kth_face_up")
    # the tie-break orders and the purchase count are not enumerable choices
    assert "symbol_only_tiebreak" not in choices
    assert "max_formula_purchases" not in choices
    every = {f.name for f in attrs.fields(tm.Options)}
    assert every - set(choices) == {"symbol_only_tiebreak", "colour_only_tiebreak", "max_formula_purchases"}


@pytest.mark.parametrize("name", sorted(tm.Options.choices()))
def test_every_choice_is_accepted_and_round_trips(name: str):
    for value in tm.Options.choices()[name]:
        options = tm.Options(**{name: value})
        assert tm.Options.from_dict(options.to_dict()) == options


def test_dict_round_trip():  # T-RULING-6, T-RULING-22
    options = tm.Options(
        symbol_only_tiebreak=("leftmost", "wild", "colour"),
        max_formula_purchases=2,
        artifact_choice="roll_d6",
    )
    data = options.to_dict()
    assert data["symbol_only_tiebreak"] == ["leftmost", "wild", "colour"]  # JSON-ready lists
    assert list(data) == [f.name for f in attrs.fields(tm.Options)]
    assert tm.Options.from_dict(data) == options
    assert tm.Options.from_dict({}) == tm.Options()


def test_bad_values_are_refused_with_the_field_named():  # T-RULING-6, T-RULING-22
    with pytest.raises(InvalidOptionError, match="artifact_choice"):
        tm.Options(artifact_choice="coin")  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="nearest_excludes_maxed"):
        tm.Options(nearest_excludes_maxed=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match=r"max_formula_purchases must be an integer in 0\.\.4"):
        tm.Options(max_formula_purchases=5)
    with pytest.raises(InvalidOptionError, match="max_formula_purchases"):
        tm.Options(max_formula_purchases=True)
    with pytest.raises(InvalidOptionError, match="colour_only_tiebreak"):
        tm.Options(colour_only_tiebreak=("wild", "leftmost", "colour"))
    with pytest.raises(InvalidOptionError, match="unknown Trismaugistus option"):
        tm.Options.from_dict({"speed": "fast"})
    with pytest.raises(InvalidOptionError, match="mapping"):
        tm.Options.from_dict([("artifact_choice", "roll_d6")])  # type: ignore[arg-type]


def test_every_ruling_field_is_an_option_or_named_elsewhere():
    fields = {f.name for f in attrs.fields(tm.Options)}
    for clause, where in tm.RULING_FIELDS.items():
        names = [w.strip() for w in where.split(",")]
        assert all(n in fields or n.startswith(("Setup.", "pack:")) for n in names), clause
