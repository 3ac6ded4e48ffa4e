"""A test client of the web app's WebSocket protocol (asyncio `websockets`), checking every error object."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import jsonschema

from tabletop_rules import match

TIMEOUT = 30.0
_SCHEMA = match.json_schema("error")
_SCHEMA["properties"]["code"] = {
    "enum": [
        *match.ERROR_CODES,
        "unknown_match",
        "seat_taken",
        "invalid_token",
        "not_joined",
        "server_full",
    ]
}
ERROR = jsonschema.Draft202012Validator(_SCHEMA)
"""The error object of the match, with the server's own codes added."""


def ws_url(url: str) -> str:
    return "ws" + url.removeprefix("http") + "ws"


class Peer:
    """One connection: sends requests, waits for replies, keeps the last update and every event."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.update: dict[str, Any] | None = None
        self.events: list[dict[str, Any]] = []
        self.acks: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, url: str, **kwargs: Any) -> Peer:
        from websockets.asyncio.client import connect

        return cls(await connect(ws_url(url), open_timeout=TIMEOUT, **kwargs))

    async def send(self, request: Any) -> None:
        await self.socket.send(request if isinstance(request, str | bytes) else json.dumps(request))

    async def next(self) -> dict[str, Any]:
        """The next message (recording updates, acks and errors as they pass)."""
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.socket.recv(), TIMEOUT))
        if message["type"] == "update":
            assert message["events"] == [] or message["events"][0]["index"] == len(self.events)
            self.events.extend(message["events"])
            assert message["cursor"] == len(self.events)
            self.update = message
        elif message["type"] == "ack":
            self.acks.append(message)
        elif message["type"] == "error":
            ERROR.validate({k: v for k, v in message.items() if k not in ("type", "id")})
            self.errors.append(message)
        return message

    async def expect(self, kind: str) -> dict[str, Any]:
        """Read until a message of `kind` (`"update"`, `"ack"`, `"error"`, `"joined"`) arrives."""
        while True:
            message = await self.next()
            if message["type"] == kind:
                return message

    async def refused(self, request: Any, code: str) -> dict[str, Any]:
        """Send `request` and return the error it gets, checked to carry `code`."""
        await self.send(request)
        error = await self.expect("error")
        assert error["code"] == code, error
        return error

    async def join(self, room: str, seat: int | None, **more: Any) -> dict[str, Any]:
        """Join `room` as `seat` (claiming it, or resuming with `token=`): the `joined` reply."""
        await self.send({"type": "join", "match": room, "seat": seat, **more})
        joined = await self.next()
        assert joined["type"] == "joined", joined
        await self.expect("update")
        return joined

    async def until_version(self, version: int) -> dict[str, Any]:
        """The first update whose view has at least `version`."""
        while self.update is None or self.update["view"]["version"] < version:
            await self.expect("update")
        return self.update

    async def close(self) -> None:
        await self.socket.close()
