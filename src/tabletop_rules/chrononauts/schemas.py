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
from typing import Any, Final

import attrs

from tabletop_rules.chrononauts.actions import SEATS
from tabletop_rules.chrononauts.frames import FRAME_TYPES
from tabletop_rules.chrononauts.moves import Play
from tabletop_rules.chrononauts.options import VARIANTS, Options
from tabletop_rules.chrononauts.rules import RULES_VERSION
from tabletop_rules.chrononauts.serialization import (
    FORMAT_VERSION,
    FRAME_CHOICES,
    GAME_NAME,
    MAX_COPIES,
    MAX_EXTRA_TURNS,
    MAX_FRAME_NUMBER,
    MAX_OWED,
    MAX_TEXT_CHARS,
    MAX_TURN,
)
from tabletop_rules.chrononauts.state import OPEN, PHASE_NAMES, TRUE
from tabletop_rules.chrononauts.validation import END_CONDITIONS, WIN_CONDITIONS
from tabletop_rules.chrononauts.wire import ID_PATTERN, MAX_ID_CHARS, view_schema
from tabletop_rules.chrononauts.wire import MOVES as MOVE_WIRE
from tabletop_rules.core.wire import (
    MAX_CURSOR,
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
_TEXT = {"type": "string", "maxLength": MAX_TEXT_CHARS}
_COUNT = {"type": "integer", "minimum": 0}
_SEAT_FIELDS = ("player", "owner", "next_player")
MAX_YEAR: Final = attrs.fields_dict(Options)["ultraparadox_id_cutoff_year"].metadata["range"][1]
"""The bound of year-valued options (the operator overrides' years too)."""


def _frame_field(name: str, hint: Any) -> dict[str, Any]:
    """A frame field as `serialization` writes it (the rules of its reader, by name, then by type)."""
    if name in _SEAT_FIELDS:
        return _SEAT
    if hint is int:
        return {"type": "integer", "minimum": 0, "maximum": MAX_FRAME_NUMBER}
    if name in FRAME_CHOICES:
        return {"enum": list(FRAME_CHOICES[name])}
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
            "items": {"type": "integer", "minimum": 0, "maximum": MAX_OWED},
            "maxItems": SEATS,
        }
    if name in ("aside", "pool"):
        return _IDS
    if name == "conditions":
        return {"type": "array", "items": {"enum": list(WIN_CONDITIONS)}}
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


def _options() -> dict[str, Any]:
    """`Options` as a state stores it (the non-default fields), with what the annotations cannot say:
    the operator overrides are ``[year, "and" | "or"]`` pairs, the first player a seat or
    ``"random"``, the card list path a string."""
    schema = options_schema(Options, required=False)
    properties = schema["properties"]
    year = {"type": "integer", "minimum": -MAX_YEAR, "maximum": MAX_YEAR}
    properties["ripple_operator_overrides"] = {
        "type": "array",
        "items": {
            "type": "array",
            "prefixItems": [year, {"enum": ["and", "or"]}],
            "items": False,
            "minItems": 2,
            "maxItems": 2,
        },
    }
    properties["first_player"] = {"anyOf": [_SEAT, {"const": "random"}]}
    properties["card_data_path"] = nullable({"type": "string"})
    return schema


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
        "options": _options(),
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
            "additionalProperties": {"type": "integer", "minimum": 0, "maximum": MAX_COPIES},
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
        "turn": {"type": "integer", "minimum": 0, "maximum": MAX_TURN},
        "extra_turns": {"type": "integer", "minimum": 0, "maximum": MAX_EXTRA_TURNS},
        "stack": {"type": "array", "items": {"oneOf": [_frame(cls) for cls in FRAME_TYPES]}},
        "result": nullable(
            {
                "type": "object",
                "properties": {
                    "winner": nullable(_SEAT),
                    "conditions": {"type": "array", "items": {"enum": list(END_CONDITIONS)}, "minItems": 1},
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


def _pair(first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "prefixItems": [first, second], "items": False, "minItems": 2, "maxItems": 2}


def _view() -> dict[str, Any]:
    """`wire.view_schema` with the bounds and the enumerations that the `View` annotations cannot say.

    A view is only written, never read back: these bounds are what a client may rely on."""
    schema = view_schema()
    per_seat = {"minItems": 1, "maxItems": SEATS}
    goal = {"anyOf": [_ID, {"const": ""}]}
    hidden = {"type": "array", "items": {"anyOf": [_ID, {"const": "?"}]}}  # another seat's goal card: "?"
    status = {"anyOf": [{"enum": [TRUE, OPEN]}, _ID]}
    target = {"anyOf": [_ID, _SEAT, {"type": "null"}]}
    schema["$defs"]["view"]["properties"].update(
        {
            "variant": {"enum": list(VARIANTS)},
            "players": {"type": "integer", "minimum": 1, "maximum": SEATS},
            "viewer": nullable(_SEAT),
            "to_act": nullable(_SEAT),
            "phase": {"enum": sorted({*PHASE_NAMES.values(), "over"})},
            "active": _SEAT,
            "turn": {"type": "integer", "minimum": 0, "maximum": MAX_TURN},
            "linchpins": {"type": "array", "items": _pair({"type": "integer"}, {"enum": [TRUE, "alt"]})},
            "ripplepoints": {"type": "array", "items": _pair({"type": "integer"}, status)},
            "open_paradoxes": _COUNT,
            "tableaux": {"type": "array", "items": _IDS, **per_seat},
            "discard_pile": _IDS,
            "draw_pile_size": _COUNT,
            "hand_sizes": {"type": "array", "items": _COUNT, **per_seat},
            "set_aside_sizes": {"type": "array", "items": _COUNT, **per_seat},
            "pending": {
                "type": "array",
                "items": {
                    "type": "array",
                    "prefixItems": [_SEAT, _ID, target],
                    "items": False,
                    "minItems": 3,
                    "maxItems": 3,
                },
            },
            "id_pile_size": _COUNT,
            "mission_pile_size": _COUNT,
            "id_queue": hidden,
            "mission_queue": hidden,
            "revealed_ids": _IDS,
            "solo_ids": _IDS,
            "home_row": _IDS,
            "hand": _IDS,
            "identity": goal,
            "mission": goal,
            "draw_pile": _IDS,
            "winner": nullable(_SEAT),
            "conditions": {"type": "array", "items": {"enum": list(END_CONDITIONS)}},
            "outcome": _TEXT,
            "winner_goals": _IDS,
        }
    )
    properties = schema["properties"]
    properties["cursor"] = {"type": "integer", "minimum": 0, "maximum": MAX_CURSOR}
    properties["history"] = {"type": "array", "items": _TEXT}
    return schema


def build_schemas() -> dict[SchemaKind, dict[str, Any]]:
    """The four schemas, built from the code (what `scripts/make_schemas.py` ships)."""
    state = state_schema()
    game = GAME_NAME
    return {
        "state": schema_document(game, "state", "Chrononauts state", state),
        "move": schema_document(game, "move", "Chrononauts move", MOVE_WIRE.schema()),
        "view": schema_document(game, "view", "Chrononauts view", _view()),
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
