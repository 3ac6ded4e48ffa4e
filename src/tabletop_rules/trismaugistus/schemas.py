"""JSON Schemas (draft 2020-12) of the Trismaugistus JSON: the state, a move, a view and a game record.

The schemas are built here from the code they describe: the state schema from the format of
`serialization` (its vocabulary, options and bounds), the move schema from the move records
(`wire.MOVES`, by `attrs` introspection), the view schema next to `wire.view_json`, and the
record schema from `core.records`. `scripts/make_schemas.py` writes them to
`trismaugistus/schemas/{state,move,view,record}.json`, shipped as package data, and a test
checks that the shipped files are the ones the code builds. `json_schema(kind)` loads one.

A state embeds its content pack as the pack's JSON text (`"pack"`): the schema bounds its
length; `from_json` checks it with the pack loader.
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
from tabletop_rules.trismaugistus.content.loader import ID_PATTERN, MAX_CONTENT_CHARS
from tabletop_rules.trismaugistus.moves import MAX_REPORTED_SCORE
from tabletop_rules.trismaugistus.options import Options
from tabletop_rules.trismaugistus.rules import RULES_VERSION
from tabletop_rules.trismaugistus.serialization import FORMAT, FORMAT_VERSION, PENDING, PHASES, SIDES
from tabletop_rules.trismaugistus.vocabulary import (
    BONUS_KINDS,
    COLOURS,
    CUBES_TO_SCORE,
    DICE_PER_ROUND,
    ELEMENTS,
    FACES,
    MAX_BOWL,
    MAX_POTENCY,
    OBJECTIVE_ROW_SIZE,
    ROUNDS,
    SYMBOLS,
)
from tabletop_rules.trismaugistus.wire import MAX_ID_CHARS, MOVES, view_schema

__all__ = ["build_schemas", "json_schema", "state_schema"]

GAME = "trismaugistus"
_ID = {"type": "string", "minLength": 1, "maxLength": MAX_ID_CHARS, "pattern": f"^(?:{ID_PATTERN.pattern})$"}
_IDS = {"type": "array", "items": _ID, "uniqueItems": True}
_COUNT = {"type": "integer", "minimum": 0}
_DICE = {"type": "integer", "minimum": 0, "maximum": DICE_PER_ROUND}


def _fixed(items: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "type": "array",
        "prefixItems": items,
        "items": False,
        "minItems": len(items),
        "maxItems": len(items),
    }


def _object(properties: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _die() -> dict[str, Any]:
    return _object(
        {
            "face": {"enum": list(FACES)},
            "colour": {"enum": list(COLOURS)},
            "placed": {"type": "integer", "minimum": 1, "maximum": MAX_POTENCY},
            "remaining": {"type": "integer", "minimum": 0, "maximum": MAX_POTENCY},
            "matched": nullable({"enum": list(SYMBOLS)}),
        }
    )


def _automa() -> dict[str, Any]:
    return _object(
        {
            "vp": _COUNT,
            "gold": _COUNT,
            "ether": _COUNT,
            "levels": _fixed([_COUNT] * len(ELEMENTS)),
            "tiebreak_track": {"enum": list(ELEMENTS)},
            "starting_experiment": nullable(_ID),
            "experiments": _IDS,
            "artifacts": _IDS,
            "active_die": nullable(_die()),
            "exhausted": {
                "type": "array",
                "items": _fixed([{"enum": list(FACES)}, {"enum": list(COLOURS)}]),
                "maxItems": DICE_PER_ROUND,
            },
            "dice_used": _DICE,
            "draw_pile": _IDS,
            "discard": _IDS,
            "held_purples": _IDS,
        }
    )


def _board() -> dict[str, Any]:
    bowl = _fixed([{"type": "integer", "minimum": 0, "maximum": MAX_BOWL}] * len(COLOURS))
    space = _object({"level": {"type": "integer", "minimum": 1}, "kind": {"enum": list(BONUS_KINDS)}})
    slot = _object(
        {
            "id": _ID,
            "face_up": {"type": "boolean"},
            "cubes": {"type": "integer", "minimum": 0, "maximum": CUBES_TO_SCORE},
        }
    )
    return _object(
        {
            "bowls": _fixed([bowl] * len(FACES)),
            "areas": _fixed([_IDS] * len(FACES)),
            "offers": _fixed([_IDS] * len(COLOURS)),
            "objectives": {"type": "array", "items": slot, "maxItems": OBJECTIVE_ROW_SIZE},
            "bonus_layout": _fixed([{"type": "array", "items": space}] * len(ELEMENTS)),
        }
    )


def _score() -> dict[str, Any]:
    return _object(
        {
            "vp_track": _COUNT,
            "masterpiece": nullable(_ID),
            "masterpiece_resolved": {"type": "boolean"},
            "masterpiece_gold": _COUNT,
            "steps": _fixed([_COUNT] * 6),
            "symbols": _COUNT,
            "formulas": _COUNT,
            "formulas_bought": {"type": "integer", "minimum": 0, "maximum": 4},
            "total": _COUNT,
            "human_score": nullable({"type": "integer", "minimum": 0, "maximum": MAX_REPORTED_SCORE}),
        }
    )


def state_schema() -> dict[str, Any]:
    """The schema of `serialization.state_to_dict` (what `to_json` writes and `from_json` reads)."""
    side = {"enum": list(SIDES)}
    return _object(
        {
            "format": {"const": FORMAT},
            "format_version": {"const": FORMAT_VERSION},
            "game_version": {"const": RULES_VERSION},
            "pack": {"type": "string", "maxLength": MAX_CONTENT_CHARS},
            "config": options_schema(Options, required=False),
            "phase": {"enum": list(PHASES)},
            "difficulty": {"type": "integer", "minimum": 0, "maximum": 3},
            "objectives_enabled": {"type": "boolean"},
            "masterpiece_deck": _IDS,
            "round": {"type": "integer", "minimum": 0, "maximum": ROUNDS},
            "turn": _COUNT,
            "first_player": side,
            "to_move": side,
            "human_finished": {"type": "boolean"},
            "automa_finished": {"type": "boolean"},
            "first_finisher": nullable(side),
            "human_dice": _DICE,
            "human_experiments": _IDS,
            "human_artifacts": _IDS,
            "automa": _automa(),
            "board": _board(),
            "pending": nullable(
                _object({"kind": {"enum": list(PENDING)}, "card": nullable(_ID), "die": nullable(_die())})
            ),
            "score": nullable(_score()),
            "trace": {"type": "array", "items": _fixed([{"type": "string"}, {"type": "string"}])},
        }
    )


def build_schemas() -> dict[SchemaKind, dict[str, Any]]:
    """The four schemas, built from the code (what `scripts/make_schemas.py` ships)."""
    state = state_schema()
    return {
        "state": schema_document(GAME, "state", "Trismaugistus state", state),
        "move": schema_document(GAME, "move", "Trismaugistus move", MOVES.schema()),
        "view": schema_document(GAME, "view", "Trismaugistus view", view_schema(state)),
        "record": schema_document(
            GAME, "record", "Trismaugistus game record", record_schema(GAME, RULES_VERSION, state)
        ),
    }


def json_schema(kind: SchemaKind) -> dict[str, Any]:
    """The shipped JSON Schema of `kind` (`"state"`, `"move"`, `"view"` or `"record"`), as a new dict.

    Raises:
        InvalidOptionError: if `kind` is not one of them.
    """
    return load_schema("tabletop_rules.trismaugistus", kind)
