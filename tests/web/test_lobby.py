"""The web app's protocol without the network (`examples/web/lobby.py`): any frame gets replies, no crash."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from tabletop_rules import match
from tests.web.client import ERROR

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "web"))
import lobby

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
FIELD_VALUES = {
    "type": st.sampled_from(["join", "move", "undo", "resign", "sync", "Move", ""]) | JSON,
    "match": st.sampled_from(["room", "nope"]) | JSON,
    "seat": st.sampled_from([0, 1, 2, -1, None, True, "0"]) | JSON,
    "token": st.sampled_from(["", "x" * 24]) | JSON,
    "cursor": st.integers(-2, 5) | JSON,
    "version": st.integers(-1, 3) | JSON,
    "move": st.sampled_from(
        [
            {"type": "Place", "piece": "leviathan", "vertex": "A0"},
            {"type": "Place", "piece": "leviathan", "vertex": "Z9"},
            {"type": "Seal", "vertex": "E1"},
            "{",
        ]
    )
    | JSON,
    "action": st.integers(-5, 700) | JSON,
    "id": st.sampled_from([1, "a", "", "x" * 65]) | JSON,
}
REQUESTS = st.fixed_dictionaries({}, optional=FIELD_VALUES)
PLAUSIBLE = st.builds(
    lambda kind, version, body: json.dumps({"type": kind, "version": version, **body}),
    st.sampled_from(["move", "move", "resign", "undo"]),
    st.integers(0, 2),
    st.sampled_from(
        [{"action": 32}, {"action": 33}, {"move": {"type": "Place", "piece": "leviathan", "vertex": "A1"}}]
    ),
)
FRAMES = st.one_of(
    PLAUSIBLE,
    PLAUSIBLE,
    PLAUSIBLE,
    REQUESTS.map(json.dumps),
    JSON.map(json.dumps),
    st.text(max_size=40),
    st.binary(max_size=20),
    st.none(),
)


def _room(hub: lobby.Lobby) -> lobby.Room:
    room = hub.create({"game": "valandris", "seed": 1, "options": {"max_turns": 1}})
    hub.rooms["room"] = hub.rooms.pop(room.id)
    room.id = "room"
    return room


@settings(max_examples=200, deadline=None)
@given(st.lists(FRAMES, min_size=1, max_size=12), st.booleans())
def test_any_frames_get_replies_and_the_log_is_what_was_acknowledged(frames: list[Any], joined: bool) -> None:
    """REL-WEB-1: whatever a client sends, `handle` answers (an error object for a refusal) and never
    raises; the match changes exactly by the requests it acknowledged."""
    hub = lobby.Lobby(allow_seeds=True)
    room = _room(hub)
    client = lobby.Client(hub)
    acks = 0
    if joined:
        replies, _ = client.handle(json.dumps({"type": "join", "match": "room", "seat": 0}))
        assert [r["type"] for r in replies] == ["joined", "update"]
    for frame in frames:
        before = room.match.version
        replies, changed = client.handle(frame)
        assert replies
        for reply in replies:
            json.dumps(reply)  # JSON-ready
            if reply["type"] == "error":
                ERROR.validate({k: v for k, v in reply.items() if k not in ("type", "id")})
            elif reply["type"] == "ack":
                acks += 1
                event("acknowledged")
                assert reply["version"] == room.match.version == before + 1
        assert changed == (room.match.version != before)
    assert room.match.version == acks
    assert sum(1 for entry in room.match.log if entry.kind in ("move", "undo", "resign")) == acks


def test_a_seed_is_chosen_by_the_server_unless_allowed() -> None:
    """A player who knew the seed would know every hidden card: by default the server draws it."""
    with pytest.raises(match.MatchError) as refused:
        lobby.Lobby().create({"game": "chrononauts", "seed": 7})
    assert refused.value.code == "invalid_request"
    assert refused.value.path == "/seed"
    room = lobby.Lobby().create({"game": "chrononauts", "seats": 3})
    assert room.match.players == 3


def test_a_second_claim_and_a_wrong_token_are_refused() -> None:
    """REL-WEB-2: seats are claimed once; the token resumes a seat, and nothing else does."""
    hub = lobby.Lobby(allow_seeds=True)
    _room(hub)
    first, second = lobby.Client(hub), lobby.Client(hub)
    token = first.handle(json.dumps({"type": "join", "match": "room", "seat": 1}))[0][0]["token"]
    for request, code in [
        ({"seat": 1}, "seat_taken"),
        ({"seat": 1, "token": token[:-1]}, "invalid_token"),
        ({"seat": 0, "token": token}, "invalid_token"),
    ]:
        replies, _ = second.handle(json.dumps({"type": "join", "match": "room", **request}))
        assert [r.get("code") for r in replies] == [code]
    replies, _ = second.handle(json.dumps({"type": "join", "match": "room", "seat": 1, "token": token}))
    assert replies[0] == {
        "type": "joined",
        "match": "room",
        "game": "valandris",
        "seat": 1,
        "seats": [
            {"seat": 0, "name": "Holy Spirit", "taken": False},
            {"seat": 1, "name": "Valandris", "taken": True},
        ],
    }
