"""The JSON a Trismaugistus client exchanges: reports and chance outcomes with a type tag, views, events.

Moves are the records of `moves.py` with a `"type"` tag; cards are named by their pack ids,
faces, colours and elements by their names, board reports as arrays in the canonical orders of
`vocabulary` (six faces, three colours, four elements):

```json
{"type": "HumanDraftDie", "face": "tin", "colour": "red"}
{"type": "CardDrawn", "card_id": "A07"}
{"type": "ReportBoard", "bowls": [[1, 0, 2], ...], "experiment_areas": null, ..., "reason": "refill"}
```

Trismaugistus has perfect information (the automa hides nothing), so the human's view is the
whole state JSON (`serialization.state_to_dict`, whose `trace` explains the latest transition)
with the ids and JSON of the moves they may report. The state keeps no history of moves, only
the trace of the latest one: the cursor is a fingerprint of the state
(`core.wire.fingerprint_cursor`) and `events_since` gives one `"snapshot"` event, the current
state with its trace, whenever the cursor is not the current one. A client that wants every
report records them as it sends them.
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
from tabletop_rules.trismaugistus.actions import move_to_action
from tabletop_rules.trismaugistus.moves import (
    MAX_ID_CHARS,
    MAX_LEVEL,
    MAX_LIST,
    SHAPES,
    Move,
)
from tabletop_rules.trismaugistus.rules import check_move, current_player, legal_moves
from tabletop_rules.trismaugistus.serialization import state_to_dict
from tabletop_rules.trismaugistus.state import State

__all__ = [
    "MAX_ID_CHARS",
    "MAX_LEVEL",
    "MAX_LIST",
    "MOVES",
    "PLAYERS",
    "events_since",
    "move_from_json",
    "move_to_json",
    "view_json",
    "view_schema",
]

PLAYERS: Final = 1
"""The seats of a Trismaugistus game: the human (0); the automa is not a player."""
MOVES: Final = MoveWire.of(SHAPES, check_move)
"""The move JSON of Trismaugistus (`core.wire.MoveWire`)."""


def move_to_json(state: State, move: Move) -> dict[str, Any]:
    """The JSON object of `move`, a report or chance outcome that `apply` accepts in `state`.

    Raises:
        InvalidMoveError: if `move` is not a Trismaugistus move object with fields of the exact types.
        IllegalMoveError: if it is not acceptable in `state`.
    """
    return MOVES.to_json(state, move)


def move_from_json(state: State, obj: object) -> Move:
    """The move that the JSON object `obj` (as `move_to_json` writes it) names, if `state` accepts it.

    Raises:
        InvalidMoveError: if `obj` is not exactly a Trismaugistus move object (type tag, keys,
            JSON types, bounds, ids of the state's pack).
        IllegalMoveError: if the move is not acceptable in `state`.
    """
    move: Move = MOVES.from_json(state, obj)
    return move


def _legal(state: State, player: int | None) -> tuple[list[int], list[dict[str, Any]]]:
    if player is None or current_player(state) != player:
        return [], []
    moves = legal_moves(state)
    return [move_to_action(state, m) for m in moves], [MOVES.encode(m) for m in moves]


def view_json(state: State, player: int | None, *, history: bool = False) -> dict[str, Any]:
    """What the human (`player` 0) or a spectator (`None`) sees: the whole state, the cursor, and
    the reports on the human's menu now (none for a spectator).

    Keys: `game`, `viewer`, `to_act` (`0`, `"chance"` or `null`), `cursor`, `state` (the state
    JSON, whose `trace` explains the latest transition), `legal_actions` (the ids of
    `actions.py`, empty unless the human is to act) and `legal_moves` (the same moves as JSON, in
    the same order). `apply` also accepts reports that no menu offers (a correction of the
    board): send them as move JSON. With `history=True`, `history` is added: always empty, since
    a state keeps no history.

    Raises:
        InvalidRequestError: if `player` is not 0 or `None` (a spectator, who sees the same
            state and has no moves).
    """
    if player is not None:  # None: a spectator, who sees what the players see
        check_player(player, PLAYERS)
    data = state_to_dict(state)
    actions, moves = _legal(state, player)
    view: dict[str, Any] = {
        "game": "trismaugistus",
        "viewer": player,
        "to_act": to_act_json(current_player(state)),
        "cursor": _cursor(data),
        "state": data,
        "legal_actions": actions,
        "legal_moves": moves,
    }
    if history:
        view["history"] = []
    return view


def _cursor(data: dict[str, Any]) -> int:
    return fingerprint_cursor(json.dumps(data, separators=(",", ":"), ensure_ascii=False))


def events_since(state: State, player: int | None, cursor: int) -> tuple[list[dict[str, Any]], int]:
    """What the human has to learn since `cursor`, and the new cursor.

    The state keeps no history (only the trace of the latest transition), so the events are
    `[]` when `cursor` is the current one, and otherwise one `{"type": "snapshot", "state": ...}`
    with the current state JSON. Pass `0` for a first call.

    Raises:
        InvalidRequestError: if `player` is not 0 or `None` (a spectator), or `cursor` is not an
            integer in `0..MAX_CURSOR`.
    """
    if player is not None:  # None: a spectator, who sees what the players see
        check_player(player, PLAYERS)
    check_cursor(cursor)
    data = state_to_dict(state)
    now = _cursor(data)
    return ([] if cursor == now else [{"type": "snapshot", "state": data}]), now


def view_schema(state: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema of `view_json` (not the top-level document), given the state schema."""
    return {
        "$defs": {"state": state, "move": MOVES.schema()},
        "type": "object",
        "properties": {
            "game": {"const": "trismaugistus"},
            "viewer": {"anyOf": [{"const": 0}, {"type": "null"}]},
            "to_act": {"anyOf": [{"const": 0}, {"const": "chance"}, {"type": "null"}]},
            "cursor": {"type": "integer", "minimum": 0, "maximum": MAX_CURSOR},
            "state": {"$ref": "#/$defs/state"},
            "legal_actions": {
                "type": "array",
                "items": {"type": "integer", "minimum": 0},
                "uniqueItems": True,
            },
            "legal_moves": {"type": "array", "items": {"$ref": "#/$defs/move"}},
            "history": {"type": "array", "maxItems": 0},
        },
        "required": ["game", "viewer", "to_act", "cursor", "state", "legal_actions", "legal_moves"],
        "additionalProperties": False,
    }
