"""The wire errors of a match: one JSON object, `{"code", "message", "path"?}`, with a stable list of codes.

A server answers every refused request with `MatchError.to_json()`: a client switches on `code`
(the list below never loses a code, and a code never changes meaning), shows `message` (an English
sentence with moves in the game's notation and the client's values in JSON syntax, never Python
reprs) and may point at `path` (a JSON Pointer, RFC 6901, into the document the client sent).
"""

from __future__ import annotations

import re
from typing import Any, Final, Literal, TypeAlias

from tabletop_rules.core.errors import TabletopRulesError
from tabletop_rules.core.jsonio import brief, json_style

__all__ = ["ERROR_CODES", "MAX_MESSAGE", "ErrorCode", "MatchError", "error_schema", "shown"]

ErrorCode: TypeAlias = Literal[
    "invalid_json",
    "invalid_request",
    "invalid_move",
    "illegal_move",
    "not_your_turn",
    "stale_version",
    "game_over",
    "unknown_seat",
    "undo_not_allowed",
    "unknown_game",
    "invalid_options",
    "invalid_match",
    "invalid_content",
    "log_full",
]

ERROR_CODES: Final[dict[str, str]] = {
    "invalid_json": "the text sent is not one strict JSON document within the size limits",
    "invalid_request": "a field of the request has the wrong type or range (a version, a cursor)",
    "invalid_move": "the move is not a move of this game: its JSON does not have the shape of one",
    "illegal_move": "the move is a move of this game but not a legal one in the current position",
    "not_your_turn": "the seat is not the one to act",
    "stale_version": "the version quoted is not the match's current version: fetch the view again",
    "game_over": "the match is over (finished or resigned): it takes no more moves but a report the game "
    "still accepts after its end (Trismaugistus: the human's final score)",
    "unknown_seat": "the seat is not one of the match's seats (a spectator cannot act)",
    "undo_not_allowed": "the undo policy forbids taking this move back, or there is no move to take back",
    "unknown_game": "the game is not one of the games the match knows",
    "invalid_options": "the options, the seed or the number of seats of a new match are not accepted",
    "invalid_match": "a saved match is malformed, tampered with, or not reachable by its own moves",
    "invalid_content": "the content of a new match (a Chrononauts card list, a Trismaugistus pack) is not "
    "one the game's loader accepts, or the game has no content to replace",
    "log_full": "the match's log holds the most entries a saved match of its game may hold "
    "(`MAX_LOG_BY_GAME`): it takes no more requests, so that it can always be saved and restored",
}
"""Every code a `MatchError` carries, with its meaning. Codes are added, never removed or renamed."""

MAX_MESSAGE: Final = 500
"""The longest `message` of an error object, in characters."""
_MAX_PATH: Final = 300
_PATH: Final = re.compile(r"^move((?:\.[A-Za-z_][A-Za-z0-9_]*|\[[0-9]+\])*)(?: must |: )")
_STEP: Final = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[([0-9]+)\]")


class MatchError(TabletopRulesError):
    """A refused match request: `code` (one of `ERROR_CODES`), a sentence, and where it went wrong.

    Attributes:
        code: the machine-readable code, one of `ERROR_CODES`.
        message: the sentence (at most `MAX_MESSAGE` characters), also `str(error)`.
        path: a JSON Pointer into the document the client sent (`"/vertex"`), or `None`.
    """

    code: ErrorCode
    message: str
    path: str | None

    def __init__(self, code: ErrorCode, message: str, path: str | None = None) -> None:
        if code not in ERROR_CODES:  # a bug of the library, never a client's input
            raise AssertionError(f"unknown match error code {code!r}")
        text = message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 3] + "..."
        super().__init__(text)
        self.code = code
        self.message = text
        self.path = path if path is None or len(path) <= _MAX_PATH else None

    def __reduce__(self) -> tuple[type[MatchError], tuple[str, str, str | None]]:
        """Pickle by the three fields (a server may hand errors between processes)."""
        return (type(self), (self.code, self.message, self.path))

    def to_json(self) -> dict[str, Any]:
        """The error object: `{"code", "message"}` and `"path"` when known (schema: `error_schema()`)."""
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.path is not None:
            out["path"] = self.path
        return out


def shown(value: object) -> str:
    """A value a client sent, for a message: `brief` in JSON syntax (`"0"`, `null`, `true`)."""
    with json_style():
        return brief(value)


def move_path(message: str) -> str | None:
    """The JSON Pointer of the bad field that a move decoder's message names (`move.cards[1]: ...`).

    `"move: a Place lacks ..."` is the whole move (`""`); a message that names no field gives `None`.
    """
    found = _PATH.match(message)
    if found is None:
        return None
    steps = [name or index for name, index in _STEP.findall(found.group(1))]
    return "".join("/" + step.replace("~", "~0").replace("/", "~1") for step in steps)


def error_schema() -> dict[str, Any]:
    """The JSON Schema of the error object (not the top-level document)."""
    return {
        "type": "object",
        "properties": {
            "code": {"enum": list(ERROR_CODES)},
            "message": {"type": "string", "minLength": 1, "maxLength": MAX_MESSAGE},
            "path": {"type": "string", "maxLength": _MAX_PATH, "pattern": "^(/[^/]*)*$"},
        },
        "required": ["code", "message"],
        "additionalProperties": False,
    }
