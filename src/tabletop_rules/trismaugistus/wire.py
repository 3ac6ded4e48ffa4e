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
    Array,
    Integer,
    Text,
    check_cursor,
    check_player,
    fingerprint_cursor,
    fixed,
    move_wire,
    optional,
    record_codec,
    to_act_json,
)
from tabletop_rules.trismaugistus.actions import move_to_action
from tabletop_rules.trismaugistus.content.loader import ID_PATTERN
from tabletop_rules.trismaugistus.content.records import BonusSpace
from tabletop_rules.trismaugistus.moves import (
    MAX_REPORTED_SCORE,
    ArtifactDie,
    CardDrawn,
    HumanCompleteObjective,
    HumanDraftDie,
    HumanEndTurn,
    HumanTakeArtifact,
    HumanTakeExperiment,
    MasterpieceDrawn,
    Move,
    ObjectiveDie,
    ObjectiveDieRaw,
    ObjectiveSlot,
    ReportBoard,
    ReportFinalScore,
    Setup,
)
from tabletop_rules.trismaugistus.rules import check_move, current_player, legal_moves
from tabletop_rules.trismaugistus.serialization import state_to_dict
from tabletop_rules.trismaugistus.state import State
from tabletop_rules.trismaugistus.vocabulary import (
    COLOURS,
    CUBES_TO_SCORE,
    ELEMENTS,
    FACES,
    MAX_BOWL,
    OBJECTIVE_ROW_SIZE,
)

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
MAX_ID_CHARS: Final = 200
"""The longest pack id a move may name."""
MAX_LIST: Final = 1000
"""The most ids a list of a report may hold (an area, an offer, the unavailable masterpieces)."""
MAX_LEVEL: Final = 10_000
"""The highest track level a bonus space of a report may name."""


def _ids(what: str, table: str) -> Text:
    return Text(MAX_ID_CHARS, ID_PATTERN.pattern, lambda s: getattr(s.pack, table), what)


EXPERIMENT: Final = _ids("experiment id of the pack", "experiment")
ARTIFACT: Final = _ids("artifact id of the pack", "artifact")
OBJECTIVE: Final = _ids("objective id of the pack", "objective")
MASTERPIECE: Final = _ids("masterpiece id of the pack", "masterpiece")
CARD: Final = _ids("automa card id of the pack", "card")
BONUS_LAYOUT: Final = optional(
    fixed(
        tuple(
            Array(record_codec(BonusSpace, fields={"BonusSpace.level": Integer(1, MAX_LEVEL)}), 0, MAX_LEVEL)
            for _ in ELEMENTS
        )
    )
)
SLOT: Final = record_codec(
    ObjectiveSlot,
    fields={"ObjectiveSlot.card_id": OBJECTIVE, "ObjectiveSlot.cubes": Integer(0, CUBES_TO_SCORE)},
)
MOVES: Final = move_wire(
    "Trismaugistus",
    (
        Setup,
        ReportBoard,
        HumanDraftDie,
        HumanTakeExperiment,
        HumanTakeArtifact,
        HumanCompleteObjective,
        HumanEndTurn,
        CardDrawn,
        ObjectiveDie,
        ObjectiveDieRaw,
        MasterpieceDrawn,
        ArtifactDie,
        ReportFinalScore,
    ),
    check_move,
    fields={
        "Setup.difficulty": Integer(1, 3),
        "Setup.starting_experiment": EXPERIMENT,
        "Setup.starting_artifact": ARTIFACT,
        "Setup.objective_row": Array(OBJECTIVE, 0, OBJECTIVE_ROW_SIZE, unique=True),
        "Setup.masterpieces_unavailable": Array(MASTERPIECE, 0, MAX_LIST, unique=True),
        "Setup.bonus_layout": BONUS_LAYOUT,
        "Setup.objective_purple_ids": optional(Array(CARD, 0, OBJECTIVE_ROW_SIZE, unique=True)),
        "ReportBoard.bowls": optional(
            fixed(tuple(fixed((Integer(0, MAX_BOWL),) * len(COLOURS)) for _ in FACES))
        ),
        "ReportBoard.experiment_areas": optional(fixed(tuple(Array(EXPERIMENT, 0, MAX_LIST) for _ in FACES))),
        "ReportBoard.artifact_offers": optional(fixed(tuple(Array(ARTIFACT, 0, MAX_LIST) for _ in COLOURS))),
        "ReportBoard.objective_row": optional(Array(SLOT, 0, OBJECTIVE_ROW_SIZE)),
        "ReportBoard.bonus_layout": BONUS_LAYOUT,
        "HumanTakeExperiment.experiment_id": EXPERIMENT,
        "HumanTakeArtifact.artifact_id": ARTIFACT,
        "HumanCompleteObjective.position": Integer(1, OBJECTIVE_ROW_SIZE),
        "CardDrawn.card_id": CARD,
        "ObjectiveDie.position": Integer(1, OBJECTIVE_ROW_SIZE),
        "ObjectiveDieRaw.value": Integer(1, 6),
        "MasterpieceDrawn.masterpiece_id": MASTERPIECE,
        "ArtifactDie.slot": Integer(1, 2),
        "ReportFinalScore.points": Integer(0, MAX_REPORTED_SCORE),
    },
)
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


def _legal(state: State, player: int) -> tuple[list[int], list[dict[str, Any]]]:
    if current_player(state) != player:
        return [], []
    moves = legal_moves(state)
    return [move_to_action(state, m) for m in moves], [MOVES.encode(m) for m in moves]


def view_json(state: State, player: int, *, history: bool = False) -> dict[str, Any]:
    """What the human (`player` 0) sees: the whole state, the cursor, and the reports on the menu now.

    Keys: `game`, `viewer`, `to_act` (`0`, `"chance"` or `null`), `cursor`, `state` (the state
    JSON, whose `trace` explains the latest transition), `legal_actions` (the ids of
    `actions.py`, empty unless the human is to act) and `legal_moves` (the same moves as JSON, in
    the same order). `apply` also accepts reports that no menu offers (a correction of the
    board): send them as move JSON. With `history=True`, `history` is added: always empty, since
    a state keeps no history.

    Raises:
        InvalidRequestError: if `player` is not 0.
    """
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


def events_since(state: State, player: int, cursor: int) -> tuple[list[dict[str, Any]], int]:
    """What the human has to learn since `cursor`, and the new cursor.

    The state keeps no history (only the trace of the latest transition), so the events are
    `[]` when `cursor` is the current one, and otherwise one `{"type": "snapshot", "state": ...}`
    with the current state JSON. Pass `0` for a first call.

    Raises:
        InvalidRequestError: if `player` is not 0, or `cursor` is not an integer in `0..MAX_CURSOR`.
    """
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
            "viewer": {"const": 0},
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
