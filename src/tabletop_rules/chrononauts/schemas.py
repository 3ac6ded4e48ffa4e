"""JSON Schemas (draft 2020-12) of the Chrononauts JSON: the state, a move, a view and a game record.

The schemas are built here from the code they describe: the state schema from the format of
`serialization` (the frames of the stack from their `attrs` records, the options from `Options`),
the move schema from the move records (`wire.MOVES`, by `attrs` introspection), the view schema
from the `views.View` record (`wire.view_schema`), and the record schema from `core.records`.
`scripts/make_schemas.py` writes them to `chrononauts/schemas/{state,move,view,record}.json`,
shipped as package data, and a test checks that the shipped files are the ones the code builds.
`json_schema(kind)` loads one.

A state may embed a custom card list (`"cards"`): the schema only says that it is an object;
`from_json` checks it with the card-list loader.
"""

from __future__ import annotations

import typing
from typing import Any

import attrs

from tabletop_rules.chrononauts.actions import SEATS
from tabletop_rules.chrononauts.content.loader import MAX_CONTENT_CHARS
from tabletop_rules.chrononauts.frames import FRAME_TYPES
from tabletop_rules.chrononauts.moves import Play
from tabletop_rules.chrononauts.options import Options
from tabletop_rules.chrononauts.rules import RULES_VERSION
from tabletop_rules.chrononauts.serialization import FORMAT_VERSION, GAME_NAME
from tabletop_rules.chrononauts.wire import ID_PATTERN, MAX_ID_CHARS, view_schema
from tabletop_rules.chrononauts.wire import MOVES as MOVE_WIRE
from tabletop_rules.core.wire import (
    SchemaKind,
    load_schema,
    nullable,
    options_schema,
    record_schema,
    schema_document,
)

__all__ = ["build_schemas", "json_schema", "state_schema"]

_SEAT = {"type": "integer", "minimum": 0, "maximum": SEATS - 1}
_ID = {"type": "string", "minLength": 1, "maxLength": MAX_ID_CHARS, "pattern": f"^(?:{ID_PATTERN})$"}
_IDS = {"type": "array", "items": _ID}
_TEXT = {"type": "string", "maxLength": MAX_CONTENT_CHARS}
_SEAT_FIELDS = ("player", "owner", "next_player")


def _frame_field(name: str, hint: Any) -> dict[str, Any]:
    """A frame field as `serialization` writes it (the rules of its reader, by name, then by type)."""
    if name in _SEAT_FIELDS:
        return _SEAT
    if hint is int:
        return {"type": "integer", "minimum": 0, "maximum": 1000}
    if hint is str:
        return _TEXT
    if hint is Play:
        return {
            "type": "object",
            "properties": {"card": _ID, "target": {"anyOf": [_ID, _SEAT, {"type": "null"}]}},
            "required": ["card", "target"],
            "additionalProperties": False,
        }
    if name == "eligible":
        return {"type": "array", "items": _SEAT, "maxItems": SEATS}
    if name == "owed":
        return {
            "type": "array",
            "items": {"type": "integer", "minimum": 0, "maximum": 200},
            "maxItems": SEATS,
        }
    if name in ("aside", "pool"):
        return _IDS
    if name == "conditions":
        return {"type": "array", "items": _TEXT}
    raise TypeError(f"frame field {name}: {hint!r} has no schema")  # pragma: no cover - a new frame field


def _frame(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    properties: dict[str, Any] = {"frame": {"const": cls.__name__}}
    for field in attrs.fields(cls):
        properties[field.name] = _frame_field(field.name, hints[field.name])
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _queue() -> dict[str, Any]:
    entry = {
        "type": "array",
        "prefixItems": [_ID, _SEAT, {"type": "boolean"}],
        "items": False,
        "minItems": 3,
        "maxItems": 3,
    }
    return {"type": "array", "items": entry}


def state_schema() -> dict[str, Any]:
    """The schema of `serialization.state_to_dict` (what `to_json` writes and `from_json` reads)."""
    per_seat = {"minItems": 1, "maxItems": SEATS}
    goal = {"anyOf": [_ID, {"const": ""}]}
    properties: dict[str, Any] = {
        "game": {"const": GAME_NAME},
        "version": {"const": FORMAT_VERSION},
        "cards": {"anyOf": [{"const": "default"}, {"type": "object"}]},
        "options": options_schema(Options, required=False),
        "players": {"type": "integer", "minimum": 1, "maximum": SEATS},
        "alt": {"type": "array", "items": _ID, "uniqueItems": True},
        "timeline": {
            "type": "object",
            "propertyNames": {"pattern": "^-?[0-9]+$"},
            "additionalProperties": {"anyOf": [{"enum": ["true", "open"]}, _ID]},
        },
        "draw_pile": {
            "type": "object",
            "propertyNames": _ID,
            "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 100},
        },
        "discard_pile": _IDS,
        "hands": {"type": "array", "items": _IDS, **per_seat},
        "tableaux": {"type": "array", "items": _IDS, **per_seat},
        "ids": {"type": "array", "items": goal, **per_seat},
        "missions": {"type": "array", "items": goal, **per_seat},
        "id_pile": _IDS,
        "id_queue": _queue(),
        "mission_pile": _IDS,
        "mission_queue": _queue(),
        "revealed_ids": _IDS,
        "out_of_game": _IDS,
        "solo_ids": _IDS,
        "home_row": _IDS,
        "active": _SEAT,
        "turn": {"type": "integer", "minimum": 0, "maximum": 10**7},
        "extra_turns": {"type": "integer", "minimum": 0, "maximum": 1000},
        "stack": {"type": "array", "items": {"oneOf": [_frame(cls) for cls in FRAME_TYPES]}},
        "result": nullable(
            {
                "type": "object",
                "properties": {
                    "winner": nullable(_SEAT),
                    "conditions": {"type": "array", "items": _TEXT},
                    "reason": _TEXT,
                },
                "required": ["winner", "conditions", "reason"],
                "additionalProperties": False,
            }
        ),
        "log": {
            "type": "array",
            "items": {
                "type": "array",
                "prefixItems": [_TEXT, {"type": "integer", "minimum": -1, "maximum": SEATS - 1}, _TEXT],
                "items": False,
                "minItems": 3,
                "maxItems": 3,
            },
        },
    }
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def build_schemas() -> dict[SchemaKind, dict[str, Any]]:
    """The four schemas, built from the code (what `scripts/make_schemas.py` ships)."""
    state = state_schema()
    game = GAME_NAME
    return {
        "state": schema_document(game, "state", "Chrononauts state", state),
        "move": schema_document(game, "move", "Chrononauts move", MOVE_WIRE.schema()),
        "view": schema_document(game, "view", "Chrononauts view", view_schema()),
        "record": schema_document(
            game, "record", "Chrononauts game record", record_schema(game, RULES_VERSION, state)
        ),
    }


def json_schema(kind: SchemaKind) -> dict[str, Any]:
    """The shipped JSON Schema of `kind` (`"state"`, `"move"`, `"view"` or `"record"`), as a new dict.

    Raises:
        InvalidOptionError: if `kind` is not one of them.
    """
    return load_schema("tabletop_rules.chrononauts", kind)
