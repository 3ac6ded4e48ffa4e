"""The reference web app as a real process: HTTP, malformed frames, seats and tokens, resume, 50 clients."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from typing import Any

import jsonschema
import pytest

from tabletop_rules import match
from tests.web.client import ERROR, Peer
from tests.web.conftest import SERVER

httpx = pytest.importorskip("httpx")
websockets = pytest.importorskip("websockets")

VIEW = jsonschema.Draft202012Validator(match.json_schema("view"))
EVENT = jsonschema.Draft202012Validator(match.json_schema("event"))


def create(url: str, **request: Any) -> str:
    answer = httpx.post(url + "api/matches", json=request, timeout=30)
    assert answer.status_code == 201, answer.text
    room: str = answer.json()["id"]
    return room


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 300))


def test_serves_the_page_and_the_match_list(web_url: str) -> None:
    page = httpx.get(web_url, timeout=30)
    assert page.status_code == 200
    assert '<script src="/static/app.js">' in page.text
    assert "function connect()" in httpx.get(web_url + "static/app.js", timeout=30).text
    room = create(web_url, game="chrononauts", seed=4, seats=3)
    listed = {r["id"]: r for r in httpx.get(web_url + "api/matches", timeout=30).json()}
    assert listed[room]["game"] == "chrononauts"
    assert [s["taken"] for s in listed[room]["seats"]] == [False, False, False]
    one = httpx.get(web_url + f"api/matches/{room}", timeout=30).json()
    VIEW.validate(one["view"])
    assert one["view"]["seat"] is None
    assert one["view"]["legal"] == []
    content = httpx.get(web_url + f"api/matches/{room}/content", timeout=30).json()
    assert content["game"] == "chrononauts"
    assert content["items"]


@pytest.mark.parametrize(
    ("body", "code", "status"),
    [
        ("{", "invalid_json", 400),
        ('{"game": "valandris", "game": "valandris"}', "invalid_json", 400),  # duplicate key
        ('{"game": "valandris", "seed": NaN}', "invalid_json", 400),
        ("x" * 70_000, "invalid_json", 400),
        ("[1, 2]", "invalid_request", 400),
        ('{"game": "valandris", "colour": "red"}', "invalid_request", 400),
        ('{"game": "chess"}', "unknown_game", 400),
        ('{"game": "valandris", "seed": -1}', "invalid_options", 400),
        ('{"game": "valandris", "options": {"max_turns": "ten"}}', "invalid_options", 400),
        ('{"game": "chrononauts", "seats": 99}', "invalid_options", 400),
    ],
)
def test_http_refusals_are_error_objects(web_url: str, body: str, code: str, status: int) -> None:
    answer = httpx.post(web_url + "api/matches", content=body, timeout=30)
    assert answer.status_code == status
    ERROR.validate(answer.json())
    assert answer.json()["code"] == code


def test_http_unknown_match_and_bad_cursor(web_url: str) -> None:
    for path in ("api/matches/nope", "api/matches/nope/events", "api/matches/nope/content"):
        answer = httpx.get(web_url + path, timeout=30)
        assert answer.status_code == 404
        assert answer.json()["code"] == "unknown_match"
    room = create(web_url, game="valandris", seed=1)
    for cursor in ("-1", "99", "x"):
        answer = httpx.get(web_url + f"api/matches/{room}/events", params={"cursor": cursor}, timeout=30)
        assert answer.status_code == 400
        assert answer.json()["code"] == "invalid_request"


def test_malformed_frames_are_refused_and_the_connection_lives_on(web_url: str) -> None:
    """REL-WEB-1: every malformed frame gets an error object; the connection and the match go on as before."""
    room = create(web_url, game="valandris", seed=2)

    async def scenario() -> None:
        peer = await Peer.open(web_url)
        await peer.refused({"type": "move", "version": 0, "action": 1}, "not_joined")
        await peer.refused("not json", "invalid_json")
        await peer.refused(b'{"type": "sync"}', "invalid_json")  # a binary frame
        await peer.refused('{"type": "join", "type": "join"}', "invalid_json")
        await peer.refused("[1, 2]", "invalid_request")
        await peer.refused("null", "invalid_request")
        await peer.refused({}, "invalid_request")
        await peer.refused({"type": "teleport"}, "invalid_request")
        await peer.refused({"type": "sync", "id": ["x"]}, "invalid_request")
        await peer.refused("[" * 100_000, "invalid_json")  # past MAX_FRAME, answered, not parsed
        await peer.refused({"type": "join", "match": "nope", "seat": 0}, "unknown_match")
        await peer.refused({"type": "join", "match": room, "seat": "0"}, "unknown_seat")
        await peer.refused({"type": "join", "match": room, "seat": 2}, "unknown_seat")
        await peer.refused({"type": "join", "match": room}, "unknown_seat")
        await peer.refused({"type": "join", "match": room, "seat": 0, "cursor": -1}, "invalid_request")
        joined = await peer.join(room, 0)
        assert joined["token"]
        assert joined["seat"] == 0
        assert peer.update is not None
        view = peer.update["view"]
        VIEW.validate(view)
        await peer.refused({"type": "join", "match": room, "seat": 1}, "invalid_request")  # joined already
        await peer.refused({"type": "move", "move": view["legal"][0]["move"]}, "invalid_request")
        both = {"type": "move", "version": 0, "move": view["legal"][0]["move"], "action": 1}
        await peer.refused(both, "invalid_request")
        await peer.refused({"type": "move", "version": "0", "action": 1}, "invalid_request")
        await peer.refused({"type": "move", "version": 0, "move": "{"}, "invalid_json")
        error = await peer.refused(
            {"type": "move", "version": 0, "move": {"type": "Place", "piece": "dragon", "vertex": "A0"}},
            "invalid_move",
        )
        assert error["path"] == "/piece"
        await peer.refused({"type": "move", "version": 0, "action": 10**30}, "invalid_move")
        await peer.refused({"type": "undo", "version": 0}, "undo_not_allowed")
        error = await peer.refused({"type": "move", "version": 7, "action": 1, "id": "r1"}, "stale_version")
        assert error["id"] == "r1"
        await peer.send({"type": "move", "version": 0, "move": view["legal"][0]["move"], "id": 5})
        ack = await peer.expect("ack")
        assert ack == {"type": "ack", "request": "move", "version": 1, "id": 5}
        update = await peer.until_version(1)
        assert [e["move"] for e in update["events"]] == [view["legal"][0]["move"]]
        for event in peer.events:
            EVENT.validate(event)
        # a frame far past the bound closes this connection (1009), and only this one
        await peer.send("x" * 2_000_000)
        with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
            await _read_until_closed(peer)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 1009
        again = await Peer.open(web_url)
        await again.join(room, None)
        assert again.update is not None
        assert again.update["view"]["version"] == 1
        await again.close()

    run(scenario())


async def _read_until_closed(peer: Peer) -> None:
    while True:
        await peer.next()


def test_a_seat_is_claimed_once_and_resumed_with_its_token(web_url: str) -> None:
    """REL-WEB-2: a second claim is `seat_taken`, a wrong token `invalid_token`; its token resumes it."""
    room = create(web_url, game="chrononauts", seed=3, seats=2)

    async def scenario() -> None:
        first = await Peer.open(web_url)
        token = (await first.join(room, 0))["token"]
        thief = await Peer.open(web_url)
        await thief.refused({"type": "join", "match": room, "seat": 0}, "seat_taken")
        await thief.refused({"type": "join", "match": room, "seat": 0, "token": "guess"}, "invalid_token")
        await thief.refused({"type": "join", "match": room, "seat": 1, "token": token}, "invalid_token")
        await thief.refused({"type": "join", "match": room, "seat": 0, "token": 7}, "invalid_token")
        joined = await thief.join(room, None)  # a spectator
        assert "token" not in joined
        assert joined["seats"][0]["taken"]
        await thief.refused({"type": "move", "version": 0, "action": 1883}, "unknown_seat")
        await thief.refused({"type": "resign", "version": 0}, "unknown_seat")
        assert thief.update is not None
        assert thief.update["view"]["legal"] == []
        second = await Peer.open(web_url)  # the same player from a second window
        await second.join(room, 0, token=token)
        assert second.events == first.events
        for peer in (first, thief, second):
            await peer.close()

    run(scenario())


def test_disconnect_and_resume_from_the_cursor(web_url: str) -> None:
    """REL-WEB-2: a seat that drops out and comes back with its token and cursor gets each event once."""
    room = create(web_url, game="valandris", seed=5, options={"max_turns": 2})
    rng = random.Random(5)

    async def scenario() -> None:
        holy = await Peer.open(web_url)
        token = (await holy.join(room, 0))["token"]
        demon = await Peer.open(web_url)
        await demon.join(room, 1)
        events_before: list[dict[str, Any]] = []
        version = 0
        while True:
            peers = {0: holy, 1: demon}
            view = (holy.update or {})["view"]
            if view["status"] == "over":
                break
            actor = peers[view["to_act"]]
            await actor.until_version(version)
            legal = actor.update["view"]["legal"] if actor.update else []
            await actor.send({"type": "move", "version": version, "move": rng.choice(legal)["move"]})
            version = (await actor.expect("ack"))["version"]
            await holy.until_version(version)
            if version == 3:  # the Holy Spirit drops out for a while; the Demon plays on
                events_before = list(holy.events)
                await holy.close()
                holy = await Peer.open(web_url)
                cursor = len(events_before)
                holy.events = list(events_before)
                await holy.join(room, 0, token=token, cursor=cursor)
        await demon.until_version(version)
        spectator = await Peer.open(web_url)
        await spectator.join(room, None)
        assert events_before
        assert holy.events == spectator.events == demon.events
        assert [e["index"] for e in holy.events] == list(range(len(holy.events)))
        for peer in (holy, demon, spectator):
            await peer.close()

    run(scenario())


def test_stale_and_duplicate_requests_apply_once(web_url: str) -> None:
    """REL-WEB-3: a request sent twice is applied once (`stale_version`); the log is what was acknowledged."""
    room = create(web_url, game="valandris", seed=6, options={"max_turns": 1})

    async def scenario() -> None:
        holy, demon = await Peer.open(web_url), await Peer.open(web_url)
        await holy.join(room, 0)
        await demon.join(room, 1)
        assert holy.update is not None
        move = holy.update["view"]["legal"][0]["move"]
        await holy.send({"type": "move", "version": 0, "move": move})
        await holy.send({"type": "move", "version": 0, "move": move})  # sent twice
        first, second = await holy.expect("ack"), await holy.expect("error")
        assert first["version"] == 1
        assert second["code"] == "stale_version"
        await demon.refused({"type": "move", "version": 1, "move": move}, "not_your_turn")
        await demon.refused({"type": "resign", "version": 0}, "stale_version")
        await demon.send({"type": "resign", "version": 1})
        assert (await demon.expect("ack"))["version"] == 2
        update = await holy.until_version(2)
        assert update["view"]["status"] == "over"
        assert update["view"]["outcome"]["end"] == "resigned"
        await holy.refused({"type": "move", "version": 2, "move": move}, "game_over")
        log = httpx.get(holy_url(web_url, room), timeout=30).json()["events"]
        assert [(e["kind"], e["seat"], e["version"]) for e in log] == [("move", 0, 1), ("resign", 1, 2)]
        await holy.close()
        await demon.close()

    run(scenario())


def holy_url(url: str, room: str) -> str:
    return url + f"api/matches/{room}/events?cursor=0"


async def _play_seat(url: str, room: str, seat: int, seed: int) -> list[tuple[int, int, str]]:
    """One seat of a random game: (version, seat, move) of every move it had acknowledged.

    One request in four is sent twice: the copy must be refused (`stale_version`), never applied.
    """
    rng = random.Random(seed * 2 + seat)
    peer = await Peer.open(url)
    await peer.join(room, seat)
    acked: list[tuple[int, int, str]] = []
    while True:
        update = peer.update
        assert update is not None
        view = update["view"]
        if view["status"] == "over":
            break
        if view["to_act"] != seat:
            await peer.expect("update")
            continue
        move = rng.choice(view["legal"])["move"]
        request = {"type": "move", "version": view["version"], "move": move, "id": len(acked)}
        await peer.send(request)
        twice = rng.random() < 0.25
        if twice:
            await peer.send(request)
        ack = await peer.expect("ack")
        assert ack["id"] == len(acked)
        assert ack["version"] == view["version"] + 1
        acked.append((ack["version"], seat, json.dumps(move, sort_keys=True)))
        if twice:
            assert (await peer.expect("error"))["code"] == "stale_version"
        await peer.until_version(ack["version"])
    await peer.close()
    return acked


def test_fifty_concurrent_clients_lose_and_duplicate_no_move(web_url: str) -> None:
    """REL-WEB-3: 25 Valandris matches, 2 seats each, played at once: each log is the moves acknowledged."""
    rooms = [create(web_url, game="valandris", seed=i, options={"max_turns": 1}) for i in range(25)]

    async def scenario() -> list[list[tuple[int, int, str]]]:
        seats = [_play_seat(web_url, room, seat, i) for i, room in enumerate(rooms) for seat in (0, 1)]
        return list(await asyncio.gather(*seats))

    results = run(scenario())
    for i, room in enumerate(rooms):
        acked = sorted(results[2 * i] + results[2 * i + 1])
        log = httpx.get(holy_url(web_url, room), timeout=30).json()["events"]
        moves = [
            (e["version"], e["seat"], json.dumps(e["move"], sort_keys=True))
            for e in log
            if e["kind"] == "move"
        ]
        assert {e["kind"] for e in log} <= {"move", "chance"}  # the match draws chance itself
        assert moves == acked
        assert [v for v, _, _ in acked] == list(range(1, len(acked) + 1))
        assert httpx.get(web_url + f"api/matches/{room}", timeout=30).json()["status"] == "over"


def test_self_test_mode_plays_each_game_and_exits() -> None:
    """REL-WEB-3: `server.py --self-test` serves a match of each game to random clients and exits 0."""
    result = subprocess.run(
        [sys.executable, str(SERVER), "--self-test", "--seed", "3"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("self-test of the web app at http://127.0.0.1:")
    assert [line.split(":")[0] for line in lines[1:]] == ["valandris", "chrononauts", "trismaugistus"]
    assert all("log as acknowledged" in line for line in lines[1:])
