"""Serialization: JSON round trips of every state, strict reading through `core.jsonio`, then `validate`."""

from __future__ import annotations

import json

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import InvalidStateError
from tabletop_rules.testing import finished_playout
from tabletop_rules.trismaugistus import serialization

from .helpers import set_up


@settings(max_examples=8, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(st.integers(0, 10_000))
def test_json_round_trip_of_every_state(seed: int):
    playout = finished_playout(tm, seed)
    for state in playout.states(tm):
        text = tm.to_json(state)
        assert tm.from_json(text) == state
        assert tm.to_json(tm.from_json(text)) == text


def test_from_json_rejects_bad_states():
    state = set_up(2)
    good = json.loads(tm.to_json(state))

    def bad(edit) -> None:  # type: ignore[no-untyped-def]
        data = json.loads(json.dumps(good))
        edit(data)
        with pytest.raises(InvalidStateError):
            tm.from_json(json.dumps(data))

    bad(lambda d: d.update(phase="lunch"))
    bad(lambda d: d.update(difficulty=4))
    bad(lambda d: d["automa"].update(levels=[0, 0, 9, 0]))
    bad(lambda d: d["automa"].update(vp=-1))
    bad(lambda d: d["automa"].update(vp=True))
    bad(lambda d: d["automa"].update(discard=["FX-G3"]))  # also in the draw pile
    bad(lambda d: d["board"]["bowls"].__setitem__(0, [3, 3, 0]))
    bad(lambda d: d["board"].update(extra=1))
    pack = json.loads(good["pack"])
    pack["tracks"][0]["max_level"] = 0
    bad(lambda d: d.update(pack=json.dumps(pack)))
    bad(lambda d: d.update(pack="{"))
    bad(lambda d: d.update(pack={}))
    bad(lambda d: d["config"].update(artifact_choice="coin"))
    bad(lambda d: d.update(pending={"kind": "card", "card": None, "die": None}))
    bad(lambda d: d.update(score={"vp_track": 1}))
    bad(lambda d: d.update(trace=[["a"]]))
    bad(lambda d: d.update(game_version=99))
    bad(lambda d: d.pop("round"))
    with pytest.raises(InvalidStateError):
        tm.from_json("not json")
    with pytest.raises(InvalidStateError):
        tm.from_json("[]")


def test_state_dicts_round_trip_and_match_the_json():  # T-GEN-2
    state = set_up(2, objectives=True)
    data = tm.state_to_dict(state)
    assert tm.state_from_dict(data) == state
    assert json.loads(tm.to_json(state)) == data
    assert data["config"] == state.options.to_dict()  # the JSON key stays "config"
    assert data["format_version"] == tm.FORMAT_VERSION == serialization.FORMAT_VERSION
    assert data["game_version"] == tm.RULES_VERSION == tm.GAME_INFO.version


def test_from_json_is_strict_and_bounded():
    good = tm.to_json(set_up(1))
    with pytest.raises(InvalidStateError, match="limit"):
        tm.from_json(good[:-1] + ', "pad": "' + "x" * tm.MAX_JSON_CHARS + '"}')
    with pytest.raises(InvalidStateError, match="duplicate key"):
        tm.from_json(good[:-1] + ', "phase": "setup"}')
    with pytest.raises(InvalidStateError, match="not a JSON number"):
        tm.from_json(good.replace('"turn":0', '"turn":NaN', 1))
    with pytest.raises(InvalidStateError):
        tm.from_json(42)  # type: ignore[arg-type]
