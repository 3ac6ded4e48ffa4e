"""Saving and restoring a match: `to_json` writes its requests, `from_json` replays them.

The document holds what made the match (game, seed, options, seats, undo policy, and its own
content with the content's SHA-256 when it has one) and its log; the
position is not stored but rebuilt by replaying the log from `new_match`, with the match's own
sampler drawing each chance outcome again. So only a reachable match loads: a log whose moves are
not legal, whose chance outcomes are not the ones the seed draws, or whose version, draws, result
or final position (a SHA-256 of the game's state JSON) differ from the replay's is refused.
Sizes and shapes are checked before any replay.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Final

from tabletop_rules.core.errors import InvalidStateError, TabletopRulesError
from tabletop_rules.core.jsonio import Fields, as_choice, as_object, brief, json_style, load_json
from tabletop_rules.match.custom import CONTENT_GAMES, content_digest, content_limit
from tabletop_rules.match.errors import MatchError, shown
from tabletop_rules.match.record import (
    GAMES,
    MAX_LOG,
    MAX_LOG_BY_GAME,
    MAX_MATCH_SEED,
    UNDO_POLICIES,
    Match,
    game_module,
    new_match,
    resign,
    submit,
    undo,
)

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "GAMES",
    "MAX_LOG",
    "MAX_LOG_BY_GAME",
    "MAX_MATCH_CHARS",
    "from_json",
    "game_module",
    "to_json",
]

FORMAT: Final = "tabletop-match"
FORMAT_VERSION: Final = 1
MAX_MATCH_CHARS: Final = 20_000_000
"""The longest match document `from_json` reads, in characters (or bytes)."""

_KINDS: Final = ("move", "chance", "undo", "resign")


def _sha(match: Match) -> str:
    return hashlib.sha256(match.game.to_json(match.state).encode()).hexdigest()


def to_json(match: Match) -> str:
    """The match as JSON text (schema: `json_schema("match")`), to store and `from_json` later."""
    log = []
    for entry in match.log:
        item: dict[str, Any] = {"kind": entry.kind, "seat": entry.seat}
        if entry.move is not None:
            item["move"] = json.loads(entry.move)
        log.append(item)
    document = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": match.game.GAME_INFO.name,
        "game_version": match.game.GAME_INFO.version,
        "seed": match.seed,
        "options": json.loads(match.options),
        "players": match.players,
        "undo": match.undo_policy,
        "version": match.version,
        "draws": match.draws,
        "resigned": match.resigned,
        "log": log,
        "state_sha256": _sha(match),
    }
    if match.content is not None:  # a match on the shipped content writes neither key
        document["content"] = json.loads(match.content)
        document["content_sha256"] = content_digest(match.content)
    return json.dumps(document, separators=(",", ":"), ensure_ascii=False)


def _bad(message: str) -> MatchError:
    return MatchError("invalid_match", message)


def from_json(text: object) -> Match:
    """The match that `to_json` wrote, rebuilt by replaying its log.

    Args:
        text: the JSON text (a `str`, or UTF-8 `bytes`) of at most `MAX_MATCH_CHARS` characters.

    Raises:
        MatchError: `invalid_match` for anything but a match this library's replay reaches (too
            big, not strict JSON, nested too deeply, a field of the wrong type or range, a move
            that is not legal where it stands, a chance outcome the seed does not draw, a version,
            result or final position that the replay does not give); `unknown_game` for a game
            name it does not know.
    """
    try:
        data = load_json(text, limit=MAX_MATCH_CHARS, what="match JSON", error=InvalidStateError)
        with json_style():
            header, log = _read(data)
    except InvalidStateError as error:
        raise _bad(str(error)) from None
    module = game_module(header["game"])
    if header["game_version"] != module.GAME_INFO.version:
        raise _bad(
            f"game_version: the match was played under {module.GAME_INFO.name} rules version "
            f"{header['game_version']}, this library plays version {module.GAME_INFO.version}"
        )
    try:
        match = new_match(
            module,
            seed=header["seed"],
            options=header["options"],
            seats=header["players"],
            undo=header["undo"],
            content=header["content"],
        )
    except MatchError as error:
        raise _bad(f"the match cannot be set up: {error}") from None
    match = _replay(match, log)
    for name, value in (("version", match.version), ("draws", match.draws), ("resigned", match.resigned)):
        if header[name] != value:
            raise _bad(
                f"{name}: the document says {shown(header[name])}, the replay of its log gives {value}"
            )
    if header["state_sha256"] != _sha(match):
        raise _bad("state_sha256: the replay of the log does not reach the position the document names")
    return match


_HEADER: Final = (
    "format",
    "format_version",
    "game",
    "game_version",
    "seed",
    "options",
    "players",
    "undo",
    "version",
    "draws",
    "resigned",
    "log",
    "state_sha256",
)

_CONTENT: Final = ("content", "content_sha256")


def _content(fields: Fields, game: str) -> dict[str, Any] | None:
    """The match's own content, if the document has one, once its digest is checked (`InvalidStateError`)."""
    given = [key for key in _CONTENT if key in fields.data]
    if not given:
        return None
    if len(given) == 1:
        raise InvalidStateError(f"match: {given[0]} comes with {({*_CONTENT} - {*given}).pop()}")
    content = as_object(fields.raw("content"), "match.content")
    digest = fields.text("content_sha256", max_len=64)
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)  # depth: load_json
    if game in CONTENT_GAMES and len(text) > content_limit(game):  # other games: `new_match` refuses it
        raise InvalidStateError(f"match.content: longer than the {content_limit(game)} characters allowed")
    if digest != content_digest(text):
        raise InvalidStateError("match.content_sha256: the content is not the one the document names")
    return content


def _read(data: Any) -> tuple[dict[str, Any], list[tuple[str, int | None, Any]]]:
    """The header fields and the log entries (kind, seat, move), typed and bounded (`InvalidStateError`)."""
    fields = Fields(data, "match", required=_HEADER, optional=_CONTENT)
    if fields.raw("format") != FORMAT:
        raise InvalidStateError(
            f"match.format: must be {json.dumps(FORMAT)}, not {brief(fields.raw('format'))}"
        )
    if fields.raw("format_version") != FORMAT_VERSION or type(fields.raw("format_version")) is not int:
        raise InvalidStateError(f"match.format_version: this library reads version {FORMAT_VERSION}")
    players = fields.integer("players", low=1, high=100)
    header: dict[str, Any] = {
        "game": fields.text("game", max_len=40),
        "game_version": fields.integer("game_version", low=0, high=10**6),
        "seed": fields.integer("seed", low=0, high=MAX_MATCH_SEED),
        "options": as_object(fields.raw("options"), "match.options"),
        "players": players,
        "undo": fields.choice("undo", UNDO_POLICIES),
        "version": fields.integer("version", low=0, high=MAX_LOG),
        "draws": fields.integer("draws", low=0, high=MAX_LOG),
        "resigned": fields.optional_integer("resigned", low=0, high=players - 1),
        "state_sha256": fields.text("state_sha256", max_len=64),
    }
    header["content"] = _content(fields, header["game"])
    raw = fields.array("log", max_len=MAX_LOG_BY_GAME.get(header["game"], MAX_LOG))
    log = []
    for i, item in enumerate(raw):
        where = f"match.log[{i}]"
        kind = as_choice(as_object(item, where).get("kind"), f"{where}.kind", _KINDS)
        moves = kind in ("move", "chance")
        entry = Fields(item, where, required=("kind", "seat", "move") if moves else ("kind", "seat"))
        seat = entry.optional_integer("seat", low=0, high=players - 1)
        if (seat is None) != (kind == "chance"):
            raise InvalidStateError(
                f"{where}.seat: a {kind} entry has {'no' if kind == 'chance' else 'a'} seat"
            )
        move = as_object(entry.raw("move"), f"{where}.move") if moves else None
        log.append((kind, seat, move))
    return header, log


def _replay(match: Match, log: list[tuple[str, int | None, Any]]) -> Match:
    """`match` (just set up, its opening chance drawn) after every request of `log`, each draw checked.

    The match's log and `log` go side by side: entry `i` of one is entry `i` of the other.
    """
    position = _drawn(match, log, 0)
    while position < len(log):
        kind, seat, move = log[position]
        if kind == "chance":
            raise _bad(f"log[{position}]: a chance outcome that the match's sampler does not draw here")
        try:
            if kind == "move":
                match = submit(match, seat, move, match.version)
            elif kind == "undo":
                match = undo(match, seat, match.version)
            else:
                match = resign(match, seat, match.version)
        except TabletopRulesError as error:
            raise _bad(f"log[{position}]: {error}") from None
        position = _drawn(match, log, position + 1)
    return match


def _drawn(match: Match, log: list[tuple[str, int | None, Any]], start: int) -> int:
    """Check that the chance entries the replay drew from `start` on are those of `log`; the next position."""
    position = start
    for entry in match.log[start:]:
        if entry.kind != "chance":
            break
        if (
            position >= len(log)
            or log[position][0] != "chance"
            or log[position][2] != json.loads(entry.move or "")
        ):
            raise _bad(f"log[{position}]: the match's sampler draws {json.dumps(entry.label)} here")
        position += 1
    return position
