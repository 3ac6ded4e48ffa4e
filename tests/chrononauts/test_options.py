"""The options object (C-DOC-4, §22): checks from the annotations, dict round trips, choices."""

from __future__ import annotations

import json
import typing

import attrs
import pytest

from tabletop_rules import chrononauts as C
from tabletop_rules.core import GameOptions, InvalidOptionError, random_playout


def test_options_are_frozen_validated_and_serialisable():  # C-DOC-4
    options = C.Options()
    assert options.paradox_limit == 13
    assert options.fast_forward_mode == "two_extra_turns"
    with pytest.raises(InvalidOptionError):
        C.Options(fast_forward_mode="three_turns")
    with pytest.raises(InvalidOptionError):
        C.Options(memo_can_counter_memo="yes")  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError):
        C.Options.from_dict({"no_such_rule": 1})
    with pytest.raises(InvalidOptionError):
        C.Options(solonauts_identity_count=15)
    with pytest.raises(InvalidOptionError):
        C.Options(ripple_operator_overrides={1974: "xor"})
    options = C.Options(ripple_operator_overrides={1974: "or"}, max_turns=9)
    assert C.Options.from_dict(options.to_dict()) == options
    assert hash(options) == hash(C.Options.from_dict(options.to_dict()))


def test_options_dict_round_trip_through_json():  # C-DOC-4
    options = C.Options(
        variant="artifaxx",
        ripple_operator_overrides={1945: "and"},
        first_player=2,
        max_turns=40,
        fast_forward_mode="draw2_play2",
    )
    data = json.loads(json.dumps(options.to_dict()))
    assert C.Options.from_dict(data) == options
    assert C.Options.coerce(data) == options
    assert C.Options.coerce(None) == C.Options()
    assert set(options.non_default()) == {
        "variant",
        "ripple_operator_overrides",
        "first_player",
        "max_turns",
        "fast_forward_mode",
    }
    assert C.Options().non_default() == {}
    assert C.new_game(data, players=3).options == options


def test_choices_come_from_the_annotations():  # C-DOC-4
    choices = C.Options.choices()
    assert isinstance(C.Options(), GameOptions)
    assert choices["variant"] == C.VARIANTS == ("chrononauts", "artifaxx", "solonauts")
    assert choices["fast_forward_mode"] == ("draw2_play2", "two_extra_turns")
    assert choices["memo_self_target"] == (False, True)
    hints = typing.get_type_hints(C.Options)
    for field in attrs.fields(C.Options):
        hint = hints[field.name]
        if hint is bool or typing.get_origin(hint) is typing.Literal:
            assert field.name in choices, field.name
            for value in choices[field.name]:  # every listed value is accepted
                assert getattr(C.Options(**{field.name: value}), field.name) == value


@pytest.mark.parametrize(
    "bad",
    [
        {"variant": "chess"},
        {"memo_self_target": 1},
        {"paradox_limit": 0},
        {"paradox_limit": True},
        {"max_turns": 0},
        {"identity_mulligans": -1},
        {"first_player": True},
        {"first_player": "last"},
        {"card_data_path": 3},
        {"ripple_operator_overrides": [[1945, "xor"]]},
    ],
)
def test_bad_options_raise_invalid_option_error(bad):  # C-DOC-4
    with pytest.raises(InvalidOptionError, match="option"):
        C.Options.from_dict(bad)
    with pytest.raises(InvalidOptionError):
        C.new_game(bad, players=3)


def test_new_game_takes_options_a_dict_or_none():  # C-DOC-4
    assert C.new_game(players=3).options == C.Options()
    assert C.new_game({"max_turns": 7}, players=3).options.max_turns == 7
    assert C.new_game(C.Options(max_turns=7), players=3).options.max_turns == 7
    assert C.new_game(variant="solonauts").options.variant == "solonauts"
    with pytest.raises(InvalidOptionError):
        C.new_game(7, players=3)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError):
        C.new_game(variant="chess")


def test_renamed_options_names_still_work_with_a_warning():
    state = C.new_game(players=3)
    with pytest.warns(DeprecationWarning, match="Options"):
        assert C.RulesConfig is C.Options  # type: ignore[attr-defined]
    with pytest.warns(DeprecationWarning, match=r"State\.options"):
        assert state.config is state.options  # type: ignore[attr-defined]
    with pytest.warns(DeprecationWarning, match="RULES_VERSION"):
        assert C.VERSION == C.RULES_VERSION == 2  # type: ignore[attr-defined]


def test_solonauts_needs_as_many_ids_as_it_deals_face_up():  # C-SOLO-3
    """Content that loads always gives a playable game: a card list with fewer IDs than
    `solonauts_identity_count` is refused by `new_game`, not dealt until the pile runs out."""
    data = json.loads(C.default_cards().data_text)
    data["identities"] = data["identities"][:7]
    data["edition"]["counts"]["identities"] = 7
    seven = C.cards_from_dict(data)
    with pytest.raises(InvalidOptionError) as caught:
        C.new_game(variant="solonauts", cards=seven)
    assert str(caught.value) == "solonauts_identity_count=8 needs as many IDs, but the card list has 7"
    for count in (6, 7):
        state = C.new_game({"solonauts_identity_count": count}, variant="solonauts", cards=seven)
        C.validate(state)
        playout = random_playout(C, seed=count, initial=state, max_moves=20_000)
        assert C.is_terminal(playout.final)  # the deal and the game run to the end
