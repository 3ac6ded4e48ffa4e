"""The reference web app: matches of the three games over `tabletop_rules.match`, played in a browser.

Usage (from the project's root, with the `examples` extra: `pip install -e '.[examples]'`)::

    .venv/bin/python examples/web/server.py --port 8000      # prints http://127.0.0.1:8000/

Open the URL, create a match and take a seat (or watch); open it again in another window for the
other seat. The page (`static/index.html`, no build step) shows the game's SVG picture, the legal
moves as buttons and as clickable parts of the picture (its `data-*` hooks), and the event log.

HTTP (JSON; every refusal is an error object `{"code", "message", "path"?}` with a 4xx status):

* `GET /api/matches`: the matches (id, game, seats with `taken`, version, status);
* `POST /api/matches` `{"game", "options"?, "seats"?, "undo"?}`: a new match (201), its seed drawn by
  the server (a `"seed"` is accepted only with `--allow-seeds`: it decides every hidden card);
* `GET /api/matches/{id}`: one match and its spectator view; `GET /api/matches/{id}/events?cursor=n`:
  the log as a spectator reads it; `GET /api/matches/{id}/content`: `match.content`.

WebSocket `/ws`: the protocol of `lobby.py` (join a seat with a token or watch; send moves quoting
the view's version; get an `ack` or an `error`, and an `update` after every change of the match).
Frames are bounded (`lobby.MAX_FRAME` characters answered with `invalid_json`, and about four times
that closes the connection, code 1009). `--port 0` picks a free port; the URL printed says which.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import sys
import traceback
from pathlib import Path
from typing import Any, Final

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

sys.path.insert(0, str(Path(__file__).resolve().parent))  # `lobby` next to this file, however it is run

from lobby import MAX_FRAME, Client, Lobby, Room, ServerError

from tabletop_rules import match
from tabletop_rules.core.errors import InvalidRequestError
from tabletop_rules.core.jsonio import load_json

__all__ = ["MAX_CONNECTIONS", "build_app", "main"]

STATIC: Final = Path(__file__).resolve().parent / "static"
MAX_CONNECTIONS: Final = 1_000
"""The most WebSocket connections at once; more are closed at once (code 1013, try again later)."""
_QUEUE: Final = 64  # replies waiting for a slow reader before its own requests wait too
_STATUS: Final = {"unknown_match": 404, "server_full": 503}


class Connection:
    """One WebSocket: a single writer task sends the replies in order, then an `update` if one is due.

    Updates are built when they are sent, from the match as it is then: a slow reader gets one
    update with every event it missed instead of a queue of stale ones.
    """

    def __init__(self, websocket: WebSocket, client: Client) -> None:
        self.websocket = websocket
        self.client = client
        self.replies: asyncio.Queue[dict[str, Any]] = asyncio.Queue(_QUEUE)
        self.wake = asyncio.Event()
        self.update_due = False
        client.notify = self.push_update

    def push_update(self) -> None:
        """Mark an update due (the room changed) without waiting for this connection."""
        self.update_due = True
        self.wake.set()

    async def reply(self, message: dict[str, Any]) -> None:
        """Queue a reply (waits while `_QUEUE` replies are unsent: a client that never reads stalls only
        itself)."""
        await self.replies.put(message)
        self.wake.set()

    async def write(self) -> None:
        """Send replies and updates until the connection closes (or, on a bug of the server, close it
        with code 1011 and say why on standard error: never a connection left waiting forever)."""
        try:
            while True:
                await self.wake.wait()
                self.wake.clear()
                while not self.replies.empty():
                    await self._send(self.replies.get_nowait())
                if self.update_due and self.client.room is not None:
                    self.update_due = False
                    await self._send(self.client.update())
        except (WebSocketDisconnect, OSError, RuntimeError):  # the client went away
            return
        except Exception:
            traceback.print_exc()
            await self.websocket.close(code=1011)

    async def _send(self, message: dict[str, Any]) -> None:
        await self.websocket.send_text(json.dumps(message, separators=(",", ":"), ensure_ascii=False))


def _broadcast(room: Room) -> None:
    for watcher in list(room.watchers):
        watcher.notify()


def build_app(lobby: Lobby | None = None) -> Starlette:
    """The ASGI application over `lobby` (a new, empty one by default)."""
    rooms = Lobby() if lobby is None else lobby
    connections = 0

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    async def list_matches(request: Request) -> Response:
        return JSONResponse([room.summary() for room in rooms.rooms.values()])

    async def create_match(request: Request) -> Response:
        try:
            body = await _read_body(request)
            request_json = load_json(body, limit=MAX_FRAME, what="the request", error=InvalidRequestError)
            room = rooms.create(request_json)
        except InvalidRequestError as error:
            return _refusal(match.MatchError("invalid_json", str(error)))
        except (match.MatchError, ServerError) as error:
            return _refusal(error)
        return JSONResponse(room.summary(), status_code=201)

    async def one_match(request: Request) -> Response:
        try:
            room = rooms.room(request.path_params["match_id"])
        except ServerError as error:
            return _refusal(error)
        return JSONResponse({**room.summary(), "view": room.view(None)})

    async def match_events(request: Request) -> Response:
        try:
            room = rooms.room(request.path_params["match_id"])
            text = request.query_params.get("cursor", "0")
            cursor: object = int(text) if text.isdigit() and len(text) < 10 else text
            events, new_cursor = match.events(room.match, None, cursor)
        except (ServerError, match.MatchError) as error:
            return _refusal(error)
        return JSONResponse({"events": events, "cursor": new_cursor})

    async def match_content(request: Request) -> Response:
        try:
            room = rooms.room(request.path_params["match_id"])
        except ServerError as error:
            return _refusal(error)
        return JSONResponse(match.content(room.match))

    async def play(websocket: WebSocket) -> None:
        nonlocal connections
        if connections >= MAX_CONNECTIONS:
            await websocket.close(code=1013)
            return
        connections += 1
        await websocket.accept()
        client = Client(rooms)
        connection = Connection(websocket, client)
        writer = asyncio.create_task(connection.write())
        try:
            while not writer.done():
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                frame = message.get("text")
                replies, changed = client.handle(frame if frame is not None else message.get("bytes"))
                for reply in replies:
                    await connection.reply(reply)
                if changed and client.room is not None:
                    _broadcast(client.room)
        except WebSocketDisconnect:
            pass
        finally:
            connections -= 1
            client.leave()
            writer.cancel()

    return Starlette(
        routes=[
            Route("/", index),
            Route("/api/matches", list_matches, methods=["GET"]),
            Route("/api/matches", create_match, methods=["POST"]),
            Route("/api/matches/{match_id}", one_match),
            Route("/api/matches/{match_id}/events", match_events),
            Route("/api/matches/{match_id}/content", match_content),
            WebSocketRoute("/ws", play),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]
    )


async def _read_body(request: Request) -> bytes:
    """The request body, refused (`InvalidRequestError`) past `MAX_FRAME` bytes without reading the rest."""
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_FRAME:
            raise InvalidRequestError(f"the request is more than {MAX_FRAME} bytes")
    return bytes(body)


def _refusal(error: match.MatchError | ServerError) -> Response:
    return JSONResponse(error.to_json(), status_code=_STATUS.get(error.code, 400))


def _listen(host: str, port: int) -> tuple[socket.socket, str]:
    """A socket bound to `host`:`port` (0: a free port) and the URL it serves."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    bound, chosen = sock.getsockname()[:2]
    shown = f"[{bound}]" if family == socket.AF_INET6 else bound
    return sock, f"http://{shown}:{chosen}/"


def _server(allow_seeds: bool) -> uvicorn.Server:
    config = uvicorn.Config(
        build_app(Lobby(allow_seeds=allow_seeds)),
        log_level="warning",
        ws_max_size=4 * MAX_FRAME + 1024,
        lifespan="off",
    )
    return uvicorn.Server(config)


def main(argv: list[str] | None = None) -> int:
    """Serve until interrupted; print the URL first (with the port chosen when `--port 0`)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: loopback)")
    parser.add_argument("--port", type=int, default=8000, help="the port (0: any free port)")
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="serve on a free loopback port, play one match of each game with random WebSocket clients, "
        "check each log against the moves acknowledged, and exit (0: all good)",
    )
    parser.add_argument("--seed", type=int, default=1, help="the seed of --self-test's matches and clients")
    parser.add_argument(
        "--allow-seeds",
        action="store_true",
        help="let a new match's creator choose its seed (tests, replays: the seed decides the hidden cards)",
    )
    args = parser.parse_args(argv)
    if args.self_test:
        from self_test import run_self_test

        sock, url = _listen("127.0.0.1", 0)
        return run_self_test(_server(True), sock, url, args.seed)
    sock, url = _listen(args.host, args.port)
    print(f"tabletop_rules web app: {url}", flush=True)
    _server(args.allow_seeds).run(sockets=[sock])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
