"""The JSON a Valandris client exchanges: moves with a type tag, views, and events since a cursor.

Moves are the records of `moves.py` with a `"type"` tag; a vertex is its name (`"E5"`) and a
piece its lower-case name:

```json
{"type": "Cross", "creature": "unicorn", "vertex": "E5"}
{"type": "Roll", "face": 7}
{"type": "Declare", "creature": null}
```

Valandris has perfect information, so a player's view is the whole state (the JSON of
`serialization.state_to_dict`) with the ids and JSON of the moves the viewer may make. The state
keeps no history of moves: the cursor is a fingerprint of the state (`core.wire.fingerprint_cursor`)
and `events_since` gives one `"snapshot"` event, the current state, whenever the cursor is not the
current one. A client that wants the moves themselves records them as it sends and receives them.
"""

from __future__ import annotations

import json
from typing import Any, Final

from tabletop_rules.core.wire import (
    MAX_CURSOR,
    MoveWire,
    check_cursor,
    check_player,
    fingerprint_cursor,
    to_act_json,
)
from tabletop_rules.valandris.actions import NUM_ACTIONS, move_to_action
from tabletop_rules.valandris.moves import (
    SHAPES,
    Move,
)
from tabletop_rules.valandris.rules import check_move, current_player, legal_moves
from tabletop_rules.valandris.serialization import state_to_dict
from tabletop_rules.valandris.state import State

__all__ = ["MOVES", "PLAYERS", "events_since", "move_from_json", "move_to_json", "view_json", "view_schema"]

PLAYERS: Final = 2
"""The seats of a Valandris game: 0 the Holy Spirit, 1 Valandris."""
MOVES: Final = MoveWire.of(SHAPES, check_move)
"""The move JSON of Valandris (`core.wire.MoveWire`)."""


def move_to_json(state: State, move: Move) -> dict[str, Any]:
    """The JSON object of `move`, a legal decision or d12 outcome in `state`.

    Raises:
        InvalidMoveError: if `move` is not a Valandris move object with fields of the exact types.
        IllegalMoveError: if it is not legal in `state`.
    """
    return MOVES.to_json(state, move)


def move_from_json(state: State, obj: object) -> Move:
    """The legal move that the JSON object `obj` (as `move_to_json` writes it) names in `state`.

    Raises:
        InvalidMoveError: if `obj` is not exactly a Valandris move object (type tag, keys, JSON
            types, vertex names).
        IllegalMoveError: if the move is not legal in `state`.
    """
    move: Move = MOVES.from_json(state, obj)
    return move


def _legal(state: State, player: int | None) -> tuple[list[int], list[dict[str, Any]]]:
    if player is None or current_player(state) != player:
        return [], []
    moves = legal_moves(state)
    return [move_to_action(state, m) for m in moves], [MOVES.encode(m) for m in moves]


def view_json(state: State, player: int | None, *, history: bool = False) -> dict[str, Any]:
    """What `player` (`None`: a spectator) sees: the whole state, the cursor, and the moves `player`
    may make now (none for a spectator).

    Keys: `game`, `viewer`, `to_act` (a seat, `"chance"` or `null`), `cursor`, `state` (the state
    JSON), `legal_actions` (the ids of `actions.py`, empty unless `player` is to act) and
    `legal_moves` (the same moves as JSON, in the same order). With `history=True`, `history` is
    added: always empty, since a Valandris state keeps no history.

    Raises:
        InvalidRequestError: if `player` is not 0, 1 or `None` (a spectator, who sees the same
            state and has no moves).
    """
    if player is not None:  # None: a spectator, who sees what the players see
        check_player(player, PLAYERS)
    data = state_to_dict(state)
    actions, moves = _legal(state, player)
    view: dict[str, Any] = {
        "game": "valandris",
        "viewer": player,
        "to_act": to_act_json(current_player(state)),
        "cursor": fingerprint_cursor(json.dumps(data, sort_keys=True)),
        "state": data,
        "legal_actions": actions,
        "legal_moves": moves,
    }
    if history:
        view["history"] = []
    return view


def events_since(state: State, player: int | None, cursor: int) -> tuple[list[dict[str, Any]], int]:
    """What `player` has to learn since `cursor`, and the new cursor.

    The state keeps no history, so the events are `[]` when `cursor` is the current one, and
    otherwise one `{"type": "snapshot", "state": ...}` with the current state JSON. Pass `0` for
    a first call.

    Raises:
        InvalidRequestError: if `player` is not 0, 1 or `None` (a spectator), or `cursor` is not
            an integer in `0..MAX_CURSOR`.
    """
    if player is not None:  # None: a spectator, who sees what the players see
        check_player(player, PLAYERS)
    check_cursor(cursor)
    data = state_to_dict(state)
    now = fingerprint_cursor(json.dumps(data, sort_keys=True))
    return ([] if cursor == now else [{"type": "snapshot", "state": data}]), now


def view_schema(state: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema of `view_json` (not the top-level document), given the state schema."""
    return {
        "$defs": {"state": state, "move": MOVES.schema()},
        "type": "object",
        "properties": {
            "game": {"const": "valandris"},
            "viewer": {
                "anyOf": [{"type": "integer", "minimum": 0, "maximum": PLAYERS - 1}, {"type": "null"}]
            },
            "to_act": {
                "anyOf": [
                    {"type": "integer", "minimum": 0, "maximum": PLAYERS - 1},
                    {"const": "chance"},
                    {"type": "null"},
                ]
            },
            "cursor": {"type": "integer", "minimum": 0, "maximum": MAX_CURSOR},
            "state": {"$ref": "#/$defs/state"},
            "legal_actions": {
                "type": "array",
                "items": {"type": "integer", "minimum": 0, "maximum": NUM_ACTIONS - 1},
                "uniqueItems": True,
            },
            "legal_moves": {"type": "array", "items": {"$ref": "#/$defs/move"}},
            "history": {"type": "array", "maxItems": 0},
        },
        "required": ["game", "viewer", "to_act", "cursor", "state", "legal_actions", "legal_moves"],
        "additionalProperties": False,
    }
