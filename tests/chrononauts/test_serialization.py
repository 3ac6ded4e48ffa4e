"""State JSON: `to_json` / `from_json` round trips, user card lists, what `from_json` rejects (C-STATE-8)."""

from __future__ import annotations

import json

import pytest
from hypothesis import settings

from tabletop_rules import chrononauts as C
from tabletop_rules.core import (
    InvalidStateError,
    random_playout,
)

from .helpers import draw, setup

FEW = settings(max_examples=2, deadline=None, database=None)


def test_json_round_trip_mid_game():
    playout = random_playout(C, 5, initial=C.new_game(players=3), max_moves=200)
    for state in list(playout.states(C))[::20]:
        assert C.from_json(C.to_json(state)) == state


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(game="valandris"), "game"),
        (lambda d: d.update(players=9), "players"),
        (lambda d: d["hands"][0].append("INV-REVERSE-FATE"), "conserved"),
        (lambda d: d["hands"][0].append("NOPE"), "unknown card"),
        (lambda d: d.update(alt=["Lincoln"]), "1868"),
        (lambda d: d["timeline"].update({"1868": "P-1917"}), "1868"),
        (lambda d: d.update(options={"paradox_limit": 0}), "paradox_limit"),
        (lambda d: d.update(stack=[]), "decision"),
        (lambda d: d.pop("log"), "keys"),
        (lambda d: d.update(ids=["ID-01", "ID-01", "ID-02"]), "IDs"),
        (
            lambda d: d["stack"].append(
                {
                    "frame": "Window",
                    "owner": 0,
                    "play": {"card": "INV-REVERSE-FATE", "target": "JFK"},
                    "origin": "hand",
                    "step": "turn",
                    "eligible": [2],
                    "index": 0,
                    "passes": 0,
                }
            ),
            "wrong players|conserved",
        ),
    ],
)
def test_from_json_rejects(edit, message):  # C-STATE-8
    state = draw(setup(3, hands=[["INV-REVERSE-FATE"], []]))
    data = json.loads(C.to_json(state))
    edit(data)
    with pytest.raises(InvalidStateError, match=message):
        C.from_json(json.dumps(data))


def test_from_json_rejects_junk():
    for text in ("", "[]", "{", '{"game": "chrononauts"}', "null"):
        with pytest.raises(InvalidStateError):
            C.from_json(text)


def test_json_embeds_a_user_card_list(tmp_path):  # C-DATA-7
    data = json.loads(C.default_cards().data_text)
    data["inverters"][0]["name"] = "Reverse Fate (printed)"
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    cards = C.load_cards(path)
    state = C.new_game(players=2, cards=cards)
    text = C.to_json(state)
    assert '"Reverse Fate (printed)"' in text
    assert C.from_json(text) == state
    assert C.from_json(text).cards == cards != C.default_cards()
