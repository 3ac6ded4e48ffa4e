"""The JSON a Chrononauts client exchanges: moves with a type tag, private views, and history events.

Moves are the records of `moves.py` with a `"type"` tag; cards are named by their ids (never
their titles), seats by their index:

```json
{"type": "Play", "card": "ACT-NEW-MISSION", "target": 2}
{"type": "KillTime", "cards": ["P-1868", "ART-REX"]}
{"type": "Draw", "card": "INV-SABOTAGE"}
```

Chrononauts hides information, so a player's view is `views.observation` (the public part of
the state and the viewer's own cards, C-VIEW-1..5) as JSON, without the history unless asked,
with the ids and JSON of the moves the viewer may make. The cursor is the length of the shared
public history (`State.log`), and `events_since` gives the entries after it, each as the viewer
may read it: a private entry addressed to the viewer in its private wording, every other entry
in its public wording.
"""

from __future__ import annotations

import types
import typing
from typing import Any, Final, Literal

import attrs

from tabletop_rules.chrononauts.actions import SEATS, move_to_action
from tabletop_rules.chrononauts.moves import ID_PATTERN, MAX_ID_CHARS, SHAPES, Move
from tabletop_rules.chrononauts.rules import check_move, current_player, legal_moves
from tabletop_rules.chrononauts.state import State
from tabletop_rules.chrononauts.views import View, observation
from tabletop_rules.core.wire import (
    MoveWire,
    check_cursor,
    check_player,
    to_act_json,
)

__all__ = [
    "ID_PATTERN",
    "MAX_ID_CHARS",
    "MOVES",
    "events_since",
    "move_from_json",
    "move_to_json",
    "view_json",
    "view_schema",
]

MOVES: Final = MoveWire.of(SHAPES, check_move)
"""The move JSON of Chrononauts (`core.wire.MoveWire`)."""


def move_to_json(state: State, move: Move) -> dict[str, Any]:
    """The JSON object of `move`, a legal decision or chance outcome in `state`.

    Raises:
        InvalidMoveError: if `move` is not a Chrononauts move object with fields of the exact types.
        IllegalMoveError: if it is not legal in `state`.
    """
    return MOVES.to_json(state, move)


def move_from_json(state: State, obj: object) -> Move:
    """The legal move that the JSON object `obj` (as `move_to_json` writes it) names in `state`.

    Raises:
        InvalidMoveError: if `obj` is not exactly a Chrononauts move object (type tag, keys, JSON
            types, bounds, card ids of this card list).
        IllegalMoveError: if the move is not legal in `state`.
    """
    move: Move = MOVES.from_json(state, obj)
    return move


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def _viewer(state: State, player: int | None) -> None:
    if player is not None:
        check_player(player, state.players)


def view_json(state: State, player: int | None, *, history: bool = False) -> dict[str, Any]:
    """What `player` (`None`: a spectator) may see, as JSON, and the moves `player` may make now.

    Keys: `game`, `viewer`, `to_act` (a seat, `"chance"` or `null`), `cursor` (the length of
    the public history), `view` (the fields of `views.View` but its history), `legal_actions`
    (the ids of `actions.py`, empty unless `player` is to act) and `legal_moves` (the same
    moves as JSON, in the same order). With `history=True`, `history` lists every history entry
    as `player` reads it (C-VIEW-5).

    Raises:
        InvalidRequestError: if `player` is neither `None` nor a seat of the game.
    """
    _viewer(state, player)
    view = observation(state, player)
    actor = current_player(state)
    moves = legal_moves(state) if player is not None and actor == player else ()
    out: dict[str, Any] = {
        "game": "chrononauts",
        "viewer": player,
        "to_act": to_act_json(actor),
        "cursor": len(state.log),
        "view": {f.name: _plain(getattr(view, f.name)) for f in attrs.fields(View) if f.name != "history"},
        "legal_actions": [move_to_action(state, m) for m in moves],
        "legal_moves": [MOVES.encode(m) for m in moves],
    }
    if history:
        out["history"] = list(view.history)
    return out


def events_since(state: State, player: int | None, cursor: int) -> tuple[list[dict[str, Any]], int]:
    """The history entries after `cursor`, as `player` (`None`: a spectator) reads them, and the new cursor.

    Each event is `{"type": "event", "index": i, "text": ..., "private": ...}`: `private` is true
    when the text is the private wording addressed to `player` (C-VIEW-5); everyone else reads
    the public wording of that entry. The cursor is the number of entries seen (0 at the start).

    Raises:
        InvalidRequestError: if `player` is neither `None` nor a seat, or `cursor` is not an
            integer in `0..len(state.log)`.
    """
    _viewer(state, player)
    size = len(state.log)
    check_cursor(cursor, size)
    if cursor == size:
        return [], size
    events = []
    for index, (text, private_to, private_text) in enumerate(state.log.records_since(cursor), start=cursor):
        mine = player is not None and private_to == player
        events.append(
            {"type": "event", "index": index, "text": private_text if mine else text, "private": mine}
        )
    return events, size


def _plain_schema(hint: Any) -> dict[str, Any]:
    """The JSON Schema of a value of annotation `hint` written plainly (tuples as arrays).

    For read-only records such as a game's `View`: `bool`, `int`, `str`, `None`, `Literal`,
    unions, tuples and `attrs` records (objects with exactly their fields).

    Raises:
        TypeError: for any other annotation.
    """
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    plain = {bool: "boolean", int: "integer", str: "string", type(None): "null"}
    if hint in plain:
        return {"type": plain[hint]}
    if origin is Literal:
        return {"enum": list(args)}
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [_plain_schema(a) for a in args]}
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return {"type": "array", "items": _plain_schema(args[0])}
    if origin is tuple:
        items = [_plain_schema(a) for a in args]
        return {
            "type": "array",
            "prefixItems": items,
            "items": False,
            "minItems": len(items),
            "maxItems": len(items),
        }
    if attrs.has(hint):
        hints = typing.get_type_hints(hint)
        names = [f.name for f in attrs.fields(hint)]
        return {
            "type": "object",
            "properties": {name: _plain_schema(hints[name]) for name in names},
            "required": names,
            "additionalProperties": False,
        }
    raise TypeError(f"no plain JSON Schema for the annotation {hint!r}")


def view_schema() -> dict[str, Any]:
    """The JSON Schema of `view_json` (not the top-level document), from the `View` record's annotations."""
    seat = {"type": "integer", "minimum": 0, "maximum": SEATS - 1}
    view = _plain_schema(View)  # the history travels apart (`history=True`, `events_since`)
    del view["properties"]["history"]
    view["required"].remove("history")
    return {
        "$defs": {"view": view, "move": MOVES.schema()},
        "type": "object",
        "properties": {
            "game": {"const": "chrononauts"},
            "viewer": {"anyOf": [seat, {"type": "null"}]},
            "to_act": {"anyOf": [seat, {"const": "chance"}, {"type": "null"}]},
            "cursor": {"type": "integer", "minimum": 0},
            "view": {"$ref": "#/$defs/view"},
            "legal_actions": {
                "type": "array",
                "items": {"type": "integer", "minimum": 0},
                "uniqueItems": True,
            },
            "legal_moves": {"type": "array", "items": {"$ref": "#/$defs/move"}},
            "history": {"type": "array", "items": {"type": "string"}},
        },
        "required": ["game", "viewer", "to_act", "cursor", "view", "legal_actions", "legal_moves"],
        "additionalProperties": False,
    }
