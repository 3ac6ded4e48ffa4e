"""The names renamed in 0.2 still work for one minor release, each with a DeprecationWarning."""

from __future__ import annotations

import importlib

import pytest

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import InvalidContentError
from tabletop_rules.trismaugistus import actions, content, options, serialization


@pytest.mark.parametrize(
    ("module", "old", "new"),
    [
        (tm, "TrismaugistusConfig", tm.Options),
        (tm, "example_pack", tm.default_pack),
        (tm, "PackError", InvalidContentError),
        (options, "TrismaugistusConfig", tm.Options),
        (serialization, "MAX_STATE_JSON_CHARS", tm.MAX_JSON_CHARS),
    ],
)
def test_renamed_names_warn_and_serve_the_new_object(module: object, old: str, new: object):
    with pytest.warns(DeprecationWarning, match=old):
        assert getattr(module, old) is new
    assert old not in getattr(module, "__all__", ())


def test_the_pack_package_moved_to_content():
    pack = importlib.import_module("tabletop_rules.trismaugistus.pack")
    loader = importlib.import_module("tabletop_rules.trismaugistus.pack.loader")
    records = importlib.import_module("tabletop_rules.trismaugistus.pack.records")
    with pytest.warns(DeprecationWarning, match="content.default_pack"):
        assert pack.example_pack is content.default_pack
    with pytest.warns(DeprecationWarning, match="core.InvalidContentError"):
        assert pack.PackError is InvalidContentError
    with pytest.warns(DeprecationWarning, match="MAX_CONTENT_CHARS"):
        assert loader.MAX_PACK_JSON_CHARS == content.MAX_CONTENT_CHARS
    with pytest.warns(DeprecationWarning, match="content.records.BonusSpace"):
        assert records.BonusSpace is content.BonusSpace
    with pytest.raises(AttributeError):
        pack.no_such_name  # noqa: B018


def test_config_helpers_and_state_config_warn():
    with pytest.warns(DeprecationWarning, match="Options.to_dict"):
        assert options.config_to_dict(tm.Options()) == tm.Options().to_dict()
    with pytest.warns(DeprecationWarning, match="Options.from_dict"):
        assert options.config_from_dict({}) == tm.Options()
    state = tm.new_game({"artifact_choice": "roll_d6"})
    with pytest.warns(DeprecationWarning, match="State.options"):
        assert state.config is state.options


def test_actions_take_a_state_and_still_accept_a_pack():
    state = tm.new_game()
    with pytest.warns(DeprecationWarning, match="pass a state"):
        assert actions.num_actions(state.pack) == actions.num_actions(state)  # type: ignore[arg-type]
    with pytest.warns(DeprecationWarning, match="pass a state"):
        assert actions.max_game_length(state.pack, 3) == actions.max_game_length(state, 3)  # type: ignore[arg-type]


def test_unknown_names_are_attribute_errors():
    with pytest.raises(AttributeError):
        tm.no_such_name  # noqa: B018
