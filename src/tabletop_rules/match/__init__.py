"""Matches: the record a server keeps for one game between seats, with versions, a log and wire errors.

A `Match` is an immutable value over any game of the protocol (no I/O, no threads, no clock):
the transport (HTTP, WebSocket, a queue) is the caller's. Every view carries the match's
`version`; every request quotes the version it was made in, so an answer sent early or twice is
refused (`stale_version`) instead of being applied to another position::

    from tabletop_rules import match

    m = match.new_match("valandris", seed=7)
    v = match.view(m, 0)                                   # {"version": 0, "to_act": 0, "legal": [...], ...}
    m = match.submit(m, 0, v["legal"][0]["move"], v["version"])
    events, cursor = match.events(m, 1, 0)                 # what seat 1 has to learn
    text = match.to_json(m)                                # store it; match.from_json(text) restores it

A refused request raises `MatchError`, whose `code` is one of `ERROR_CODES` and whose
`to_json()` is the error object to send back. See docs/front-end.md and docs/wire-format.md.
"""

from __future__ import annotations

from tabletop_rules.match.content import content
from tabletop_rules.match.errors import ERROR_CODES, MAX_MESSAGE, ErrorCode, MatchError
from tabletop_rules.match.persist import (
    FORMAT,
    FORMAT_VERSION,
    GAMES,
    MAX_LOG,
    MAX_LOG_BY_GAME,
    MAX_MATCH_CHARS,
    from_json,
    to_json,
)
from tabletop_rules.match.record import (
    LOG_RESERVE,
    MAX_MATCH_SEED,
    UNDO_POLICIES,
    Entry,
    Match,
    UndoPolicy,
    new_match,
    resign,
    seat_name,
    submit,
    submit_action,
    undo,
)
from tabletop_rules.match.schemas import MATCH_SCHEMA_KINDS, json_schema
from tabletop_rules.match.views import can_undo, events, legal, outcome, seats, view

__all__ = [
    "ERROR_CODES",
    "FORMAT",
    "FORMAT_VERSION",
    "GAMES",
    "LOG_RESERVE",
    "MATCH_SCHEMA_KINDS",
    "MAX_LOG",
    "MAX_LOG_BY_GAME",
    "MAX_MATCH_CHARS",
    "MAX_MATCH_SEED",
    "MAX_MESSAGE",
    "UNDO_POLICIES",
    "Entry",
    "ErrorCode",
    "Match",
    "MatchError",
    "UndoPolicy",
    "can_undo",
    "content",
    "events",
    "from_json",
    "json_schema",
    "legal",
    "new_match",
    "outcome",
    "resign",
    "seat_name",
    "seats",
    "submit",
    "submit_action",
    "to_json",
    "undo",
    "view",
]
