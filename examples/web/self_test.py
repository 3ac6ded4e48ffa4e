"""`server.py --self-test`: the web app serves one match of each game to random WebSocket clients, then exits.

The server runs in a thread on a free loopback port; one client per seat (the `websockets`
library) joins its seat, answers each `update` that puts it to act with a random legal move (by
its JSON, or one time in three by its action id) quoting the view's version, and resigns after
`MAX_MOVES` moves so that every match ends. Each match's log, read over HTTP as a spectator, must
be exactly the requests the clients had acknowledged. It prints one line a match.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket
import threading
import time
import urllib.request
from typing import Any, Final

import uvicorn
from websockets.asyncio.client import ClientConnection, connect

__all__ = ["MAX_MOVES", "run_self_test"]

MAX_MOVES: Final = 60
"""The moves played in a match before the seat to act resigns."""
_MATCHES: Final = (
    ("valandris", {"max_turns": 3}, None),
    ("chrononauts", None, 3),
    ("trismaugistus", None, None),
)
_TIMEOUT: Final = 60.0


def _http(url: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    with urllib.request.urlopen(urllib.request.Request(url, data=data), timeout=_TIMEOUT) as answer:
        return json.loads(answer.read())


async def _seat(
    url: str, room: str, seat: int, rng: random.Random, played: list[int]
) -> list[tuple[int, int]]:
    """One seat's client: the (version, seat) of every request of its that was acknowledged."""
    acked: list[tuple[int, int]] = []
    asked = -1  # the version of the last request sent: an update may show a version twice
    async with connect("ws" + url.removeprefix("http") + "ws", open_timeout=_TIMEOUT) as socket_:
        await _send(socket_, {"type": "join", "match": room, "seat": seat})
        while True:
            message = json.loads(await asyncio.wait_for(socket_.recv(), _TIMEOUT))
            if message["type"] == "error":
                raise AssertionError(f"seat {seat} was refused: {message}")
            if message["type"] == "ack":
                acked.append((message["version"], seat))
                continue
            if message["type"] != "update":
                continue
            view = message["view"]
            if view["status"] == "over":
                return acked
            if view["to_act"] != seat or view["version"] <= asked:
                continue
            asked = view["version"]
            request: dict[str, Any] = {"type": "move", "version": view["version"]}
            if len(played) >= MAX_MOVES:
                request["type"] = "resign"
            elif rng.random() < 1 / 3:
                request["action"] = rng.choice(view["legal"])["action"]
            else:
                request["move"] = rng.choice(view["legal"])["move"]
            played.append(seat)
            await _send(socket_, request)


async def _send(connection: ClientConnection, request: dict[str, Any]) -> None:
    await connection.send(json.dumps(request))


async def _play(url: str, room: dict[str, Any], seed: int) -> list[tuple[int, int]]:
    played: list[int] = []
    seats = [
        _seat(url, room["id"], seat["seat"], random.Random(seed * 10 + seat["seat"]), played)
        for seat in room["seats"]
    ]
    results = await asyncio.gather(*seats)
    return sorted(pair for acked in results for pair in acked)


def run_self_test(server: uvicorn.Server, sock: socket.socket, url: str, seed: int) -> int:
    """Serve on `sock` in a thread, play the matches, stop the server: 0 if every log is as acknowledged."""
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + _TIMEOUT
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            print("the server did not start")
            return 1
        time.sleep(0.02)
    print(f"self-test of the web app at {url}")
    failures = 0
    try:
        for index, (game, options, seats) in enumerate(_MATCHES):
            request = {"game": game, "seed": seed + index, "options": options, "seats": seats}
            room = _http(url + "api/matches", request)
            acked = asyncio.run(_play(url, room, seed + index))
            log = _http(url + f"api/matches/{room['id']}/events")["events"]
            logged = [(e["version"], e["seat"]) for e in log if e["kind"] in ("move", "resign")]
            end = _http(url + f"api/matches/{room['id']}")["view"]["outcome"]
            good = logged == acked
            failures += not good
            print(
                f"{game}: {len(acked)} requests acknowledged, {len(log)} log entries, "
                f"{'log as acknowledged' if good else 'LOG DIFFERS FROM THE ACKNOWLEDGED REQUESTS'}; "
                f"end: {end['end']}"
            )
    finally:
        server.should_exit = True
        thread.join(_TIMEOUT)
    return 1 if failures else 0
