"""What a match shows each seat and each spectator: `view`, `events`, `outcome`.

Everything here is JSON-ready (dicts, lists, strings, numbers, booleans, `None`) and is built
from the game's own view functions, so a seat sees exactly what the game shows it (a Chrononauts
seat: the public table and its own cards; a spectator, `None`: the public table alone).
"""

from __future__ import annotations

import json
from typing import Any

from tabletop_rules.match.errors import MatchError, shown
from tabletop_rules.match.record import Entry, Match, seat_name

__all__ = ["can_undo", "events", "legal", "outcome", "seats", "view"]


def _viewer(match: Match, seat: object) -> int | None:
    if seat is None or (type(seat) is int and 0 <= seat < match.players):
        return seat
    raise MatchError(
        "unknown_seat",
        f"{shown(seat)} is not a seat of this match (seats 0..{match.players - 1}, or null for a spectator)",
    )


def seats(match: Match) -> list[dict[str, Any]]:
    """The seats: `[{"seat": 0, "name": "Holy Spirit"}, ...]` (`GAME_INFO.seat_names`, else `P<i>`)."""
    return [{"seat": i, "name": seat_name(match.game, match.players, i)} for i in range(match.players)]


def legal(match: Match, seat: object) -> list[dict[str, Any]]:
    """The moves `seat` may submit now, each `{"action", "move", "label"}`: its action id, its JSON and its
    notation; empty unless `seat` is to act in a running match (and always for a spectator).

    Raises:
        MatchError: `unknown_seat` if `seat` is neither a seat nor `None`.
    """
    viewer = _viewer(match, seat)
    if viewer is None or match.over or match.to_act != viewer:
        return []
    game, state = match.game, match.state
    return [
        {
            "action": game.move_to_action(state, move),
            "move": game.move_to_json(state, move),
            "label": str(game.move_to_str(state, move)),
        }
        for move in game.legal_moves(state)
    ]


def _labelled(match: Match, viewer: int | None, game_view: dict[str, Any]) -> list[dict[str, Any]]:
    """`legal(match, viewer)`, reusing the ids and JSON the game's view lists (in `legal_moves` order)."""
    if viewer is None or match.over or match.to_act != viewer:
        return []
    game, state = match.game, match.state
    moves, actions, data = game.legal_moves(state), game_view["legal_actions"], game_view["legal_moves"]
    if len(moves) != len(actions) or len(moves) != len(data):  # a game whose view lists them otherwise
        return legal(match, viewer)
    return [
        {"action": a, "move": d, "label": str(game.move_to_str(state, m))}
        for a, d, m in zip(actions, data, moves, strict=True)
    ]


def can_undo(match: Match, seat: int | None) -> bool:
    """Whether `undo(match, seat, match.version)` would succeed."""
    last = match.log[-1] if match.log else None
    return (
        seat is not None
        and not match.over
        and match.undo_state is not None
        and last is not None
        and last.kind == "move"
        and last.seat == seat
    )


def outcome(match: Match) -> dict[str, Any] | None:
    """How the match ended, or `None` while it runs.

    `{"end": "finished", "resigned": null, "returns": [...], "game": {...}}` when the game is over
    (`returns` and `game` are the game's `returns` and `outcome`), or `{"end": "resigned",
    "resigned": seat, "returns": null, "game": null}` when a seat resigned first.
    """
    if match.resigned is not None:
        return {"end": "resigned", "resigned": match.resigned, "returns": None, "game": None}
    if not match.game.is_terminal(match.state):
        return None
    returns = [float(r) for r in match.game.returns(match.state)]
    return {
        "end": "finished",
        "resigned": None,
        "returns": returns,
        "game": dict(match.game.outcome(match.state)),
    }


def view(match: Match, seat: object) -> dict[str, Any]:
    """What `seat` (`None`: a spectator) sees now, with the version to quote in its next request.

    Keys: `game`, `version`, `seat`, `seats`, `to_act` (a seat, or `null` once the match is over:
    the match draws chance at once, so never `"chance"`), `status` (`"playing"` or `"over"`),
    `cursor` (the log size, for `events`), `legal` (see `legal`), `can_undo`, `outcome` (see
    `outcome`) and `game_view`, the game's own `view_json(state, seat)` (with no legal moves
    once the match is over).

    Raises:
        MatchError: `unknown_seat` if `seat` is neither a seat nor `None`.
    """
    viewer = _viewer(match, seat)
    game_view = match.game.view_json(match.state, viewer)
    moves = _labelled(match, viewer, game_view)
    if match.over:
        game_view = {**game_view, "legal_actions": [], "legal_moves": []}
        if match.resigned is not None:
            game_view["to_act"] = None
    return {
        "game": match.game.GAME_INFO.name,
        "version": match.version,
        "seat": viewer,
        "seats": seats(match),
        "to_act": match.to_act,
        "status": "over" if match.over else "playing",
        "cursor": len(match.log),
        "legal": moves,
        "can_undo": can_undo(match, viewer),
        "outcome": outcome(match),
        "game_view": game_view,
    }


def _event(match: Match, index: int, entry: Entry, viewer: int | None) -> dict[str, Any]:
    hidden = not match.game.GAME_INFO.perfect_information
    shown = not hidden or (viewer is not None and entry.kind == "move" and entry.seat == viewer)
    lines = entry.lines[match.players if viewer is None else viewer] if entry.lines else ()
    return {
        "index": index,
        "version": entry.version,
        "kind": entry.kind,
        "seat": entry.seat,
        "move": json.loads(entry.move) if shown and entry.move is not None else None,
        "label": entry.label if shown and entry.move is not None else None,
        "lines": list(lines),
    }


def events(match: Match, seat: object, cursor: object) -> tuple[list[dict[str, Any]], int]:
    """The log entries after `cursor` as `seat` (`None`: a spectator) may read them, and the new cursor.

    Each event is `{"index", "version", "kind", "seat", "move", "label", "lines"}`. In a game with
    perfect information every event shows its move JSON and label. In a game that hides
    information (Chrononauts) a move and its label are shown only to the seat that made it, chance
    outcomes to nobody, and `lines` holds what the game's history tells this viewer about the entry
    (its own draws in full, the others' as "P1 draws a card"). Pass `0` the first time.

    Raises:
        MatchError: `unknown_seat` for a seat that is neither a seat nor `None`; `invalid_request`
            for a cursor that is not an integer in `0..len(log)`.
    """
    viewer = _viewer(match, seat)
    size = len(match.log)
    if type(cursor) is not int or not 0 <= cursor <= size:
        raise MatchError("invalid_request", f"a cursor is an integer in 0..{size}, not {shown(cursor)}")
    return [_event(match, i, match.log[i], viewer) for i in range(cursor, size)], size
