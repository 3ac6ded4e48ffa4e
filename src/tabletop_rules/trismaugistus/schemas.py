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
from tabletop_rules.trismaugistus.content.loader import ID_PATTERN, MAX_CONTENT_CHARS, MAX_LEVEL
from tabletop_rules.trismaugistus.moves import MAX_REPORTED_SCORE
from tabletop_rules.trismaugistus.options import Options
from tabletop_rules.trismaugistus.rules import RULES_VERSION
from tabletop_rules.trismaugistus.serialization import FORMAT, FORMAT_VERSION, PENDING, PHASES, SIDES
from tabletop_rules.trismaugistus.state import MAX_SCORE, MAX_TALLY, MAX_TRACE_LINES, MAX_TRACE_TEXT, MAX_TURN
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
_TALLY = {"type": "integer", "minimum": 0, "maximum": MAX_TALLY}
_SCORE = {"type": "integer", "minimum": 0, "maximum": MAX_SCORE}
_LEVEL = {"type": "integer", "minimum": 0, "maximum": MAX_LEVEL}  # and at most the pack's track's max_level
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
            "vp": _TALLY,
            "gold": _TALLY,
            "ether": _TALLY,
            "levels": _fixed([_LEVEL] * len(ELEMENTS)),
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
    level = {"type": "integer", "minimum": 1, "maximum": MAX_LEVEL}  # and at most the track's max_level
    space = _object({"level": level, "kind": {"enum": list(BONUS_KINDS)}})
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
            "vp_track": _TALLY,
            "masterpiece": nullable(_ID),
            "masterpiece_resolved": {"type": "boolean"},
            "masterpiece_gold": _TALLY,
            "steps": _fixed([_SCORE] * 6),
            "symbols": _SCORE,
            "formulas": _SCORE,
            "formulas_bought": {"type": "integer", "minimum": 0, "maximum": 4},
            "total": _SCORE,
            "human_score": nullable({"type": "integer", "minimum": 0, "maximum": MAX_REPORTED_SCORE}),
        }
    )


def _options() -> dict[str, Any]:
    """`Options` as a state stores it, with what the annotations cannot say: each tie-break order of
    T-RULING-6 is three distinct names, ``wild``, ``leftmost`` and its own last criterion."""
    schema = options_schema(Options, required=False)
    for name, own in (("symbol_only_tiebreak", "colour"), ("colour_only_tiebreak", "symbol")):
        schema["properties"][name] = {
            "type": "array",
            "items": {"enum": ["wild", "leftmost", own]},
            "minItems": 3,
            "maxItems": 3,
            "uniqueItems": True,
        }
    return schema


def state_schema() -> dict[str, Any]:
    """The schema of `serialization.state_to_dict` (what `to_json` writes and `from_json` reads)."""
    side = {"enum": list(SIDES)}
    return _object(
        {
            "format": {"const": FORMAT},
            "format_version": {"const": FORMAT_VERSION},
            "game_version": {"const": RULES_VERSION},
            "pack": {"type": "string", "maxLength": MAX_CONTENT_CHARS},
            "config": _options(),
            "phase": {"enum": list(PHASES)},
            "difficulty": {"type": "integer", "minimum": 0, "maximum": 3},
            "objectives_enabled": {"type": "boolean"},
            "masterpiece_deck": _IDS,
            "round": {"type": "integer", "minimum": 0, "maximum": ROUNDS},
            "turn": {"type": "integer", "minimum": 0, "maximum": MAX_TURN},
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
            "trace": {
                "type": "array",
                "items": _fixed([{"type": "string", "maxLength": MAX_TRACE_TEXT}] * 2),
                "maxItems": MAX_TRACE_LINES,
            },
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
