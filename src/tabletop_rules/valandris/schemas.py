"""JSON Schemas (draft 2020-12) of the Valandris JSON: the state, a move, a view and a game record.

The schemas are built here from the code they describe: the state schema from the format of
`serialization` (its vertex names, enumerations, options and bounds), the move schema from the
move records (`wire.MOVES`, by `attrs` introspection), the view schema next to `wire.view_json`,
and the record schema from `core.records`. `scripts/make_schemas.py` writes them to
`valandris/schemas/{state,move,view,record}.json`, shipped as package data, and a test checks
that the shipped files are the ones the code builds. `json_schema(kind)` loads one:

```python
from tabletop_rules.valandris import json_schema
import jsonschema

jsonschema.validate(view, json_schema("view"))
```
"""

from __future__ import annotations

from typing import Any

from tabletop_rules.core.wire import (
    SchemaKind,
    load_schema,
    nullable,
    options_schema,
    record_schema,
    schema_document,
)
from tabletop_rules.valandris.actions import NUM_ACTIONS
from tabletop_rules.valandris.board import CREATURES, NAMES, Piece
from tabletop_rules.valandris.options import MAX_TURN_CAP, Options
from tabletop_rules.valandris.rules import RULES_VERSION, SEAL_TOKENS
from tabletop_rules.valandris.serialization import FORMAT_VERSION, GAME
from tabletop_rules.valandris.state import Phase
from tabletop_rules.valandris.wire import MOVES, view_schema

__all__ = ["build_schemas", "json_schema", "state_schema"]


def _names(members: Any) -> dict[str, Any]:
    return {"enum": [m.name.lower() for m in members]}


def state_schema() -> dict[str, Any]:
    """The schema of `serialization.state_to_dict` (what `to_json` writes and `from_json` reads)."""
    vertex = {"enum": list(NAMES)}
    properties: dict[str, Any] = {
        "game": {"const": GAME},
        "version": {"const": FORMAT_VERSION},
        "rules": options_schema(Options, required=False),
        "phase": _names(Phase),
        "turn": {"type": "integer", "minimum": 0, "maximum": MAX_TURN_CAP},
        **{piece.name.lower(): nullable(vertex) for piece in CREATURES},
        "valandris": nullable(vertex),
        "seals": {"type": "array", "items": vertex, "maxItems": SEAL_TOKENS, "uniqueItems": True},
        "declared": nullable(_names(CREATURES)),
        "crossing": nullable(
            {
                "type": "object",
                "properties": {"creature": _names(Piece), "target": vertex},
                "required": ["creature", "target"],
                "additionalProperties": False,
            }
        ),
        "score": nullable({"type": "integer", "minimum": 1, "maximum": MAX_TURN_CAP + 1}),
        "captured": {"type": "boolean"},
    }
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _view(state: dict[str, Any]) -> dict[str, Any]:
    """`wire.view_schema` with what it leaves out: the legal moves are distinct action ids, so there are
    at most `NUM_ACTIONS` of them (and as many move objects)."""
    schema = view_schema(state)
    for key in ("legal_actions", "legal_moves"):
        schema["properties"][key]["maxItems"] = NUM_ACTIONS
    return schema


def build_schemas() -> dict[SchemaKind, dict[str, Any]]:
    """The four schemas, built from the code (what `scripts/make_schemas.py` ships)."""
    state = state_schema()
    return {
        "state": schema_document(GAME, "state", "Valandris state", state),
        "move": schema_document(GAME, "move", "Valandris move", MOVES.schema()),
        "view": schema_document(GAME, "view", "Valandris view", _view(state)),
        "record": schema_document(
            GAME, "record", "Valandris game record", record_schema(GAME, RULES_VERSION, state)
        ),
    }


def json_schema(kind: SchemaKind) -> dict[str, Any]:
    """The shipped JSON Schema of `kind` (`"state"`, `"move"`, `"view"` or `"record"`), as a new dict.

    Raises:
        InvalidOptionError: if `kind` is not one of them.
    """
    return load_schema("tabletop_rules.valandris", kind)
