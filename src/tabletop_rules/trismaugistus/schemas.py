"""JSON Schemas (draft 2020-12) of the Trismaugistus JSON: the state, a move, a view and a game record.

The schemas are built here from the code they describe: the state schema from the format of
`serialization` (its vocabulary, options and bounds), the move schema from the move records
(`wire.MOVES`, by `attrs` introspection), the view schema next to `wire.view_json`, and the
record schema from `core.records`. `scripts/make_schemas.py` writes them to
`trismaugistus/schemas/{state,move,view,record}.json`, shipped as package data, and a test
checks that the shipped files are the ones the code builds. `json_schema(kind)` loads one.

A state embeds its content pack as the pack's JSON text (`"pack"`): the schema bounds its
length; `from_json` checks it with the pack loader. `pack_schema` is the schema of a pack itself
(what `content.pack_from_dict` reads, shipped as `schemas/pack.json`, loaded by
`content_json_schema()`), built from the loader's readers, bounds and field names.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any, Final

from tabletop_rules.core.wire import (
    SchemaKind,
    load_schema,
    nullable,
    options_schema,
    record_schema,
    schema_document,
)
from tabletop_rules.trismaugistus.content import fields
from tabletop_rules.trismaugistus.content.fields import COMMENT_PREFIX
from tabletop_rules.trismaugistus.content.loader import (
    ID_PATTERN,
    MAX_CONTENT_CHARS,
    MAX_FORMULAS,
    MAX_ID,
    MAX_LEVEL,
    MAX_SLOTS,
    SCHEMA_VERSION,
    STAGES,
)
from tabletop_rules.trismaugistus.content.records import PACK_SCHEMA
from tabletop_rules.trismaugistus.moves import MAX_REPORTED_SCORE
from tabletop_rules.trismaugistus.options import Options
from tabletop_rules.trismaugistus.rules import RULES_VERSION
from tabletop_rules.trismaugistus.serialization import FORMAT, FORMAT_VERSION, PENDING, PHASES, SIDES
from tabletop_rules.trismaugistus.state import MAX_SCORE, MAX_TALLY, MAX_TRACE_LINES, MAX_TRACE_TEXT, MAX_TURN
from tabletop_rules.trismaugistus.vocabulary import (
    ACTION_KINDS,
    BONUS_KINDS,
    COLOURS,
    CUBES_TO_SCORE,
    DECKS,
    DICE_PER_ROUND,
    ELEMENTS,
    FACES,
    MAX_BOWL,
    MAX_POTENCY,
    OBJECTIVE_ROW_SIZE,
    ROUNDS,
    SYMBOLS,
)
from tabletop_rules.trismaugistus.wire import MOVES, view_schema

__all__ = [
    "CONTENT_KIND",
    "build_content_schemas",
    "build_schemas",
    "content_json_schema",
    "json_schema",
    "pack_schema",
    "state_schema",
]

GAME = "trismaugistus"
_ID = {"type": "string", "minLength": 1, "maxLength": MAX_ID, "pattern": f"^(?:{ID_PATTERN.pattern})$"}
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


# ------------------------------------------------------------------------------------------ the pack

_COMMENTS: Final[dict[str, Any]] = {f"^{re.escape(COMMENT_PREFIX)}": {}}
"""A member whose name starts with ``//`` is a comment, allowed in every object of a pack."""


def _closed(required: dict[str, Any], optional: dict[str, Any] | None = None) -> dict[str, Any]:
    """An object of a pack: `required` fields (never ``null``: not filled in yet), `optional` ones
    (``null`` is the same as leaving one out), comments, nothing else (`fields.no_extra`)."""
    properties = {**required, **{k: nullable(v) for k, v in (optional or {}).items()}}
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "patternProperties": _COMMENTS,
        "additionalProperties": False,
    }


def pack_schema() -> dict[str, Any]:
    """The schema of a Trismaugistus content pack, as `content.pack_from_dict` reads it (spec section 6).

    Every field of the readers of `content.fields` and `content.loader`, with their bounds (`MAX_TEXT`,
    `MAX_ID`, `MAX_RECORDS`, `MAX_VALUE`, `MAX_LEVEL`, `MAX_SYMBOLS`, `MAX_FORMULAS`, `MAX_SLOTS`) and
    the field names of each record; ``//`` comments anywhere; ``null`` for a left-out optional field.
    What only the loader checks: the validators V-1..V-13 across records (unique ids, deck counts,
    presets naming cards, a level within its track's ``max_level``, table lengths, rising tables,
    distinct bonus levels), an integer written as ``1.0``, a lone surrogate.
    """
    text = {"type": "string", "minLength": 1, "maxLength": fields.MAX_TEXT}
    ident = {"type": "string", "minLength": 1, "maxLength": MAX_ID, "pattern": f"^(?:{ID_PATTERN.pattern})$"}

    def number(low: int, high: int = fields.MAX_VALUE) -> dict[str, Any]:
        return {"type": "integer", "minimum": low, "maximum": high}

    def listed(item: dict[str, Any], limit: int = fields.MAX_RECORDS, **more: Any) -> dict[str, Any]:
        return {"type": "array", "items": item, "maxItems": limit, **more}

    elements = {"enum": list(ELEMENTS)}
    level = number(1, MAX_LEVEL)
    symbols = listed(elements, fields.MAX_SYMBOLS)
    requirement = _closed({"track": elements, "level": level})
    board = _closed(
        {
            "track_order": listed(elements, minItems=len(ELEMENTS), maxItems=len(ELEMENTS), uniqueItems=True),
            "experiment_area_faces": listed({"enum": list(FACES)}, uniqueItems=True),
            "artifact_slots_per_colour": number(1, MAX_SLOTS),
            "objective_row_size": {"const": OBJECTIVE_ROW_SIZE},
        }
    )
    track = _closed(
        {
            "element": elements,
            "max_level": level,
            "bonus_spaces": listed(_closed({"level": level, "kind": {"enum": list(BONUS_KINDS)}})),
            "symbol_levels": listed(level, uniqueItems=True),
            "end_vp_by_level": listed(number(0)),
        }
    )
    formula = _closed(
        {
            "max_formulas": number(1, MAX_FORMULAS),
            "vp_by_count": listed(number(0), prefixItems=[{"const": 0}]),
        }
    )
    die = _closed({"symbol": {"enum": list(SYMBOLS)}, "colour": {"enum": list(COLOURS)}})
    params = {"type": "object", "patternProperties": _COMMENTS, "additionalProperties": False}
    action = _closed(
        {"kind": {"enum": list(ACTION_KINDS)}},
        {"params": params | {"properties": {"track": elements}}},
    )
    action["if"] = {"properties": {"kind": {"const": "advance_track"}}}
    action["then"] = {
        "required": ["params"],
        "properties": {"params": {"type": "object", "required": ["track"]}},
    }
    action["else"] = {"properties": {"params": nullable(params)}}  # only comments: the seed fixes the amounts
    sections = {
        "dice": listed(die, minItems=1, maxItems=3, uniqueItems=True),  # `fields.pictured_dice`
        "potency_cost": number(1, MAX_POTENCY),
        "action": action,
    }
    card = _closed(
        {"id": ident, "deck": {"enum": list(DECKS)}},
        {**sections, "personality_element": elements, "label": text},
    )
    card["if"] = {"properties": {"deck": {"const": "purple"}}}  # V-8: purple sections are optional
    card["then"] = {}
    card["else"] = {
        "required": list(sections),
        "properties": {**sections, "personality_element": {"type": "null"}},
    }
    ids = listed(text)
    preset = _closed({"level": number(1, 3), "draw_deck": ids, "face_up_discard": ids, "removed": ids})
    artifact = {"id": ident, "starting": {"type": "boolean"}, "colour": {"enum": list(COLOURS)},
                "element_symbols": symbols}  # fmt: skip
    masterpiece = {"id": ident, "type": text, "requirement": requirement, "vp": number(0),
                   "element_symbols": symbols}  # fmt: skip
    return _closed(
        {
            "schema": {"const": PACK_SCHEMA},
            "schema_version": {"const": SCHEMA_VERSION},
            "pack_id": text,
            "fictional": {"type": "boolean"},
            "board": board,
            "tracks": listed(track),
            "formula_scoring": formula,
            "automa_cards": listed(card),
            "difficulty_presets": listed(preset),
            "experiments": listed(_closed({**masterpiece, "stage": {"enum": list(STAGES)}})),
            "masterpieces": listed(_closed(masterpiece)),
            "artifacts": listed(_closed(artifact)),
        },
        {
            "note": {"type": "string", "maxLength": fields.MAX_TEXT},  # "" is no note
            "source": text,
            "objectives": listed(_closed({"id": ident, "vp": number(0)}, {"title": text})),
        },
    )


CONTENT_KIND: Final = "pack"
"""The name of the pack schema: `schemas/pack.json`."""


def build_content_schemas() -> dict[str, dict[str, Any]]:
    """The content schema (the pack), built from the loader (what `scripts/make_schemas.py` ships)."""
    return {CONTENT_KIND: schema_document(GAME, CONTENT_KIND, "Trismaugistus content pack", pack_schema())}


def content_json_schema() -> dict[str, Any]:
    """The shipped JSON Schema of a content pack (`schemas/pack.json`), as a new dict."""
    path = resources.files("tabletop_rules.trismaugistus").joinpath("schemas", f"{CONTENT_KIND}.json")
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


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
