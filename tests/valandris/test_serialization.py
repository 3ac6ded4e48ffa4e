"""JSON round trips and the validation of loaded states (V-ENGINE-4)."""

from __future__ import annotations

import json

import pytest

from tabletop_rules import valandris as v
from tabletop_rules.core import InvalidStateError
from tabletop_rules.testing import finished_playout

from .helpers import ABYSS_VERTICES, EARTH_VERTICES, HEAVEN_VERTICES, position


def test_state_holds_everything_to_continue_mid_turn():  # V-ENGINE-4
    playout = finished_playout(v, seed=3)
    for state in playout.states(v):
        data = v.state_to_dict(state)
        for key in (
            "leviathan",
            "unicorn",
            "archangel",
            "valandris",
            "seals",
            "declared",
            "turn",
            "phase",
            "crossing",
            "score",
            "captured",
            "rules",
        ):
            assert key in data
        again = v.from_json(v.to_json(state))
        assert again == state
        assert v.legal_moves(again) == v.legal_moves(state)


def test_json_is_readable():
    state = position(
        ABYSS_VERTICES[0],
        EARTH_VERTICES[0],
        HEAVEN_VERTICES[0],
        HEAVEN_VERTICES[19],
        seals=[EARTH_VERTICES[5]],
        declared="unicorn",
    )
    data = json.loads(v.to_json(state))
    assert data["game"] == "valandris"
    assert data["phase"] == "leviathan"
    assert data["seals"] == [v.NAMES[EARTH_VERTICES[5]]]
    assert data["declared"] == "unicorn"
    assert data["rules"]["max_turns"] == 100


def good() -> dict[str, object]:
    state = position(ABYSS_VERTICES[0], EARTH_VERTICES[0], HEAVEN_VERTICES[0], HEAVEN_VERTICES[19])
    return v.state_to_dict(state)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": "chess"}, "not a Valandris"),
        ({"version": 2}, "version"),
        ({"phase": "LEVIATHAN"}, "phase"),
        ({"phase": "dance"}, "phase"),
        ({"turn": "1"}, "turn"),
        ({"turn": True}, "turn"),
        ({"leviathan": "A99"}, "vertex"),
        ({"leviathan": 3}, "vertex"),
        ({"unicorn": "A0"}, "share"),
        ({"seals": ["H1"]}, "Earth"),
        ({"seals": "E1"}, "seals"),
        ({"seals": ["E1", "E1"]}, "twice"),
        ({"valandris": None}, "Valandris"),
        ({"declared": "valandris"}, "creature"),
        ({"crossing": {"creature": "unicorn"}}, "crossing"),
        ({"score": 5}, "score"),
        ({"captured": 1}, "captured"),
        ({"rules": {"max_turns": 0}}, "rules"),
        ({"rules": {"colour": "red"}}, "unknown"),
        ({"extra": 1}, "unknown key"),
    ],
)
def test_bad_states_are_rejected_with_a_reason(change, message):
    data = {**good(), **change}
    with pytest.raises(InvalidStateError, match=message):
        v.from_json(json.dumps(data))


@pytest.mark.parametrize(
    "text", ["", "null", "[]", "{", "1" * 200_000, "[" * 5000 + "]" * 5000, '{"game": 1}']
)
def test_garbage_is_rejected(text):
    with pytest.raises(InvalidStateError):
        v.from_json(text)
