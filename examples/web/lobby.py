"""The rooms of the reference web app: matches, seat tokens and the wire protocol, without the transport.

A `Lobby` holds matches (`tabletop_rules.match`), each in a `Room` with a secret token per claimed
seat. `Client` is one connection's side of the protocol: `handle(frame)` reads one text frame and
returns the replies for that connection; the ASGI server (`server.py`) sends them and pushes an
`update` to every connection of the room after each accepted request (`Room.watchers`). Nothing
here awaits: a request reads the room's match and stores the new one in one step, so two
connections never interleave inside a request and every accepted move is in the log exactly once.

Client to server (text frames, one JSON object each, at most `MAX_FRAME` characters):

* `{"type": "join", "match": id, "seat": 0 | null, "token"?: str, "cursor"?: n}`: claim a free seat
  (the reply carries its new `token`), resume a claimed one with its token from event `cursor`,
  or watch (`"seat": null`);
* `{"type": "move", "version": v, "move": {...}}` or `{"type": "move", "version": v, "action": id}`;
* `{"type": "undo", "version": v}`, `{"type": "resign", "version": v}`, `{"type": "sync"}`.

Any request may carry an `"id"` (a short string or an integer) that its `ack` or `error` repeats.
Server to client: `joined`, `ack` (`{"type": "ack", "request", "version", "id"?}`), `update`
(`{"type": "update", "view", "events", "cursor", "svg"}`) and `error`: the match's error object
(`{"code", "message", "path"?}`) with `"type": "error"`, with the codes of `match.ERROR_CODES` and
this server's own, `SERVER_ERROR_CODES`.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable
from typing import Any, Final

from tabletop_rules import match
from tabletop_rules.core.errors import InvalidRequestError, TabletopRulesError
from tabletop_rules.core.jsonio import brief, json_style, load_json

__all__ = [
    "MAX_FRAME",
    "MAX_MATCHES",
    "SERVER_ERROR_CODES",
    "Client",
    "Lobby",
    "Room",
    "ServerError",
    "error_message",
]

MAX_FRAME: Final = 65_536
"""The longest text frame a client may send, in characters; a longer one is refused (`invalid_json`)."""
MAX_MATCHES: Final = 1_000
"""The most matches one server holds."""
_MAX_ID: Final = 64
_REQUESTS: Final = ("join", "move", "undo", "resign", "sync")
_ERROR_CODES: Final = dict(match.ERROR_CODES)

SERVER_ERROR_CODES: Final[dict[str, str]] = {
    "unknown_match": "no match has this id on this server",
    "seat_taken": "the seat was claimed by another client: resume it with its token, or watch",
    "invalid_token": "the token is not the one issued for this seat",
    "not_joined": "the connection must join a match (as a seat or a spectator) first",
    "server_full": "the server holds as many matches as it may",
}
"""The codes this server adds to `match.ERROR_CODES` (for what a match alone cannot know: connections)."""


class ServerError(Exception):
    """A refused request: an error object like `match.MatchError`'s, with a server code."""

    def __init__(self, code: str, message: str, path: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.path = path

    def to_json(self) -> dict[str, Any]:
        """The error object `{"code", "message", "path"?}`."""
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.path is not None:
            out["path"] = self.path
        return out


def shown(value: object) -> str:
    """A client's value for a message: cut short, in JSON syntax."""
    with json_style():
        return brief(value)


def error_message(error: match.MatchError | ServerError, request_id: object = None) -> dict[str, Any]:
    """The `error` message of a refusal, repeating the request's `id` when it had one."""
    out = {"type": "error", **error.to_json()}
    if request_id is not None:
        out["id"] = request_id
    return out


class Room:
    """One match on the server, the tokens of its claimed seats, and a cache of what each viewer sees."""

    def __init__(self, room_id: str, game: match.Match) -> None:
        self.id = room_id
        self.match = game
        self.tokens: list[str | None] = [None] * game.players
        self.watchers: set[Client] = set()
        self._last_move: tuple[int | str, int | str] | None = None
        self._cache: dict[tuple[str, int | None], Any] = {}
        self._cached_version = -1

    def change(self, after: match.Match) -> None:
        """Store the match after an accepted request (and what the pictures need of the move)."""
        self._last_move = _endpoints(self.match, after)
        self.match = after

    def _cached(self, kind: str, seat: int | None, build: Callable[[], Any]) -> Any:
        if self._cached_version != self.match.version:
            self._cache.clear()
            self._cached_version = self.match.version
        key = (kind, seat)
        if key not in self._cache:
            self._cache[key] = build()
        return self._cache[key]

    def view(self, seat: int | None) -> dict[str, Any]:
        """`match.view` for `seat`, built once per version."""
        result: dict[str, Any] = self._cached("view", seat, lambda: match.view(self.match, seat))
        return result

    def svg(self, seat: int | None) -> str:
        """The game's picture for `seat` (Chrononauts hides the others' hands), built once per version."""
        return str(self._cached("svg", seat, lambda: _picture(self.match, seat, self._last_move)))

    def summary(self) -> dict[str, Any]:
        """The room as the match list shows it: id, game, seats (with `taken`), version, status."""
        seats = match.seats(self.match)
        for item in seats:
            item["taken"] = self.tokens[item["seat"]] is not None
        return {
            "id": self.id,
            "game": self.match.game.GAME_INFO.name,
            "seats": seats,
            "version": self.match.version,
            "status": "over" if self.match.over else "playing",
            "watchers": len(self.watchers),
        }


def _endpoints(before: match.Match, after: match.Match) -> tuple[int | str, int | str] | None:
    """The squares of the Valandris move that made `after` (for the picture's arrow), else `None`."""
    if before.game.GAME_INFO.name != "valandris" or not after.log or after.log[-1].kind != "move":
        return None
    from tabletop_rules.valandris.render import move_endpoints

    game = before.game
    entry = after.log[-1]
    if entry.move is None:
        return None
    try:
        moved = game.move_from_json(before.state, load_json(entry.move, limit=10_000, what="move"))
        return move_endpoints(before.state, moved)
    except TabletopRulesError:  # a move the picture cannot draw: no arrow
        return None


def _picture(game: match.Match, seat: int | None, last_move: tuple[int | str, int | str] | None) -> str:
    name = game.game.GAME_INFO.name
    if name == "valandris":
        return str(game.game.render_svg(game.state, last_move=last_move, vertex_names=True))
    if name == "chrononauts":
        return str(game.game.render_svg(game.state, player=seat))
    return str(game.game.render_svg(game.state))


class Lobby:
    """Every room of the server, by id."""

    def __init__(self, *, allow_seeds: bool = False) -> None:
        """`allow_seeds`: let whoever creates a match choose its seed (for tests and replays only: the
        seed decides every hidden card, so a player who knows it reads the others' hands)."""
        self.rooms: dict[str, Room] = {}
        self.allow_seeds = allow_seeds

    def create(self, request: object) -> Room:
        """A new room from `{"game", "seed"?, "options"?, "seats"?, "undo"?}` (a missing seed is drawn).

        Raises:
            match.MatchError: `invalid_request`, `unknown_game`, `invalid_options`.
            ServerError: `server_full`.
        """
        if not isinstance(request, dict):
            raise match.MatchError("invalid_request", f"a new match is a JSON object, not {shown(request)}")
        unknown = sorted(set(request) - {"game", "seed", "options", "seats", "undo"})
        if unknown:
            raise match.MatchError("invalid_request", f"unknown field {shown(unknown[0])}", f"/{unknown[0]}")
        if len(self.rooms) >= MAX_MATCHES:
            raise ServerError("server_full", f"this server holds at most {MAX_MATCHES} matches")
        seed = request.get("seed")
        if seed is not None and not self.allow_seeds:
            raise match.MatchError(
                "invalid_request",
                "this server draws each match's seed itself (it decides the hidden cards)",
                "/seed",
            )
        game = match.new_match(
            request.get("game"),
            seed=secrets.randbelow(match.MAX_MATCH_SEED + 1) if seed is None else seed,
            options=request.get("options"),
            seats=request.get("seats"),
            undo=request.get("undo", "none"),
        )
        room = Room(f"m{len(self.rooms) + 1}-{secrets.token_hex(3)}", game)
        self.rooms[room.id] = room
        return room

    def room(self, room_id: object) -> Room:
        """The room called `room_id`.

        Raises:
            ServerError: `unknown_match`.
        """
        room = self.rooms.get(room_id) if type(room_id) is str else None
        if room is None:
            raise ServerError("unknown_match", f"no match is called {shown(room_id)}", "/match")
        return room


class Client:
    """One connection: the room it joined, its seat (`None`: a spectator) and its event cursor."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.room: Room | None = None
        self.seat: int | None = None
        self.cursor = 0
        self.notify: Callable[[], None] = _nothing
        """Called after any request changes this connection's room: the transport sends an `update`."""

    def leave(self) -> None:
        """Forget the connection (it closed); its seat stays claimed for a resume with the token."""
        if self.room is not None:
            self.room.watchers.discard(self)

    def update(self) -> dict[str, Any]:
        """The `update` message: the view, the events since the cursor (which moves on), the picture."""
        if self.room is None:
            raise AssertionError("update before join")
        room = self.room
        events, self.cursor = match.events(room.match, self.seat, self.cursor)
        return {
            "type": "update",
            "view": room.view(self.seat),
            "events": events,
            "cursor": self.cursor,
            "svg": room.svg(self.seat),
        }

    def handle(self, frame: object) -> tuple[list[dict[str, Any]], bool]:
        """The replies to one frame (a `str` is a text frame; anything else is refused) and whether the
        room changed (then every watcher of the room gets an `update`)."""
        request_id: object = None
        try:
            if type(frame) is not str:
                raise match.MatchError("invalid_json", "a request is JSON in a text frame, not a binary one")
            try:
                request = load_json(frame, limit=MAX_FRAME, what="the frame", error=InvalidRequestError)
            except InvalidRequestError as error:
                raise match.MatchError("invalid_json", str(error)) from None
            if not isinstance(request, dict):
                raise match.MatchError("invalid_request", f"a request is a JSON object, not {shown(request)}")
            request_id = request.get("id")
            if request_id is not None and not _good_id(request_id):
                request_id = None
                raise match.MatchError("invalid_request", "an id is a string of 1 to 64 characters or an int")
            kind = request.get("type")
            if kind not in _REQUESTS:
                choices = ", ".join(_REQUESTS)
                raise match.MatchError(
                    "invalid_request", f"the type is one of {choices}, not {shown(kind)}", "/type"
                )
            if kind == "join":
                return self._join(request), False
            return self._act(kind, request, request_id)
        except (match.MatchError, ServerError) as error:
            return [error_message(error, request_id)], False

    def _join(self, request: dict[str, Any]) -> list[dict[str, Any]]:
        if self.room is not None:
            raise match.MatchError("invalid_request", "this connection has joined a match already")
        room = self.lobby.room(request.get("match"))
        seat, token, cursor = request.get("seat", "missing"), request.get("token"), request.get("cursor", 0)
        if seat is not None and (type(seat) is not int or not 0 <= seat < room.match.players):
            raise match.MatchError(
                "unknown_seat",
                f"{shown(seat)} is not a seat of this match (seats 0..{room.match.players - 1}, "
                "or null to watch)",
                "/seat",
            )
        if type(cursor) is not int or not 0 <= cursor <= len(room.match.log):
            raise match.MatchError(
                "invalid_request",
                f"a cursor is an integer in 0..{len(room.match.log)}, not {shown(cursor)}",
                "/cursor",
            )
        reply: dict[str, Any] = {"type": "joined", "match": room.id, "game": room.match.game.GAME_INFO.name}
        if seat is not None:
            held = room.tokens[seat]
            if token is None:
                if held is not None:
                    raise ServerError(
                        "seat_taken", f"seat {seat} is taken: resume it with its token, or watch", "/seat"
                    )
                room.tokens[seat] = reply["token"] = secrets.token_urlsafe(18)
            elif type(token) is not str or held is None or not hmac.compare_digest(token, held):
                raise ServerError("invalid_token", f"this is not the token of seat {seat}", "/token")
        self.room, self.seat, self.cursor = room, seat, cursor
        room.watchers.add(self)
        reply["seat"] = seat
        reply["seats"] = room.summary()["seats"]
        return [reply, self.update()]

    def _act(
        self, kind: str, request: dict[str, Any], request_id: object
    ) -> tuple[list[dict[str, Any]], bool]:
        room = self.room
        if room is None:
            raise ServerError("not_joined", 'join a match first: {"type": "join", ...}')
        if kind == "sync":
            return [self.update()], False
        version = request.get("version")
        if "version" not in request:
            raise match.MatchError("invalid_request", "a request quotes the version of its view", "/version")
        current = room.match
        if kind == "move":
            has_move, has_action = "move" in request, "action" in request
            if has_move == has_action:
                raise match.MatchError("invalid_request", "a move request has either a move or an action")
            if has_move:
                after = match.submit(current, self.seat, request["move"], version)
            else:
                after = match.submit_action(current, self.seat, request["action"], version)
        elif kind == "undo":
            after = match.undo(current, self.seat, version)
        else:
            after = match.resign(current, self.seat, version)
        room.change(after)
        ack: dict[str, Any] = {"type": "ack", "request": kind, "version": after.version}
        if request_id is not None:
            ack["id"] = request_id
        return [ack], True


def _nothing() -> None:
    return None


def _good_id(value: object) -> bool:
    if type(value) is int:
        return -(2**53) < value < 2**53
    return type(value) is str and 0 < len(value) <= _MAX_ID


def _check_codes() -> None:
    """The server's codes never reuse one of the match's (a client switches on `code` alone)."""
    clash = set(SERVER_ERROR_CODES) & set(_ERROR_CODES)
    if clash:  # pragma: no cover - a programming error of this file
        raise AssertionError(f"server codes clash with match codes: {sorted(clash)}")


_check_codes()
