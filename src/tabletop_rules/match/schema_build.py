"""Builds the JSON Schemas of the match documents from the constants they describe.

`python -m tabletop_rules.match.schema_build` writes them to `tabletop_rules/match/schemas/<kind>.json`
(`--check` only compares); a test checks that the shipped files are the built ones. Load them with
`match.json_schema(kind)`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Final

from tabletop_rules.core.wire import MAX_CURSOR, nullable, schema_document, schema_text
from tabletop_rules.match.content import by_game, content_defs, content_schema
from tabletop_rules.match.custom import CONTENT_GAMES
from tabletop_rules.match.errors import error_schema
from tabletop_rules.match.persist import FORMAT, FORMAT_VERSION, GAMES, MAX_LOG, MAX_LOG_BY_GAME
from tabletop_rules.match.record import MAX_MATCH_SEED, UNDO_POLICIES
from tabletop_rules.match.schemas import MatchSchemaKind
from tabletop_rules.valandris.board import CREATURES

__all__ = ["build_schemas", "game_outcomes", "main"]

_SEAT: Final = {"type": "integer", "minimum": 0, "maximum": 99}
_VERSION: Final = {"type": "integer", "minimum": 0, "maximum": MAX_LOG}
_MOVE: Final = {"type": "object", "required": ["type"], "properties": {"type": {"type": "string"}}}
_INT: Final = {"type": "integer"}
_COUNT: Final = {"type": "integer", "minimum": 0}


def _object(properties: dict[str, Any], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": [k for k in properties if k not in optional],
        "additionalProperties": False,
    }


def game_outcomes() -> dict[str, dict[str, Any]]:
    """The schema of each game's `outcome(state)` (the keys its docstring lists), by game name."""
    tris_counts = [
        "vp_track", "masterpiece_vp", "experiments_vp", "symbols_vp", "formulas_vp", "leftovers_vp",
        "tracks_vp", "masterpiece_gold", "symbols", "formulas", "formulas_bought", "experiments",
        "artifacts", "level_earth", "level_fire", "level_water", "level_air",
    ]  # fmt: skip
    return {
        "valandris": _object(
            {
                "score": {"type": "integer", "minimum": 1},
                "captured": {"type": "boolean"},
                "captured_by": nullable({"enum": [c.name.lower() for c in CREATURES]}),
            }
        ),
        "chrononauts": _object(
            {
                "winner": nullable({"type": "integer", "minimum": 0, "maximum": 9}),
                "win_type": nullable(
                    {
                        "type": "string",
                        "pattern": "^(id|mission|hand_size|all_home)(\\+(id|mission|hand_size|all_home))*$",
                    }
                ),
                "end": {
                    "enum": [
                        "win",
                        "universe_destroyed",
                        "out_of_cards",
                        "turn_limit",
                        "empty_supply",
                        "unknown",
                    ]
                },
                "universe_destroyed": {"type": "boolean"},
                "turns": _COUNT,
                "open_paradoxes": _COUNT,
                "players": {"type": "integer", "minimum": 1, "maximum": 10},
                "variant": {"enum": ["chrononauts", "artifaxx", "solonauts"]},
            }
        ),
        "trismaugistus": _object(
            {
                "score": _COUNT,
                "human_score": nullable(_COUNT),
                "winner": nullable({"enum": ["human", "automa", "tie"]}),
                "margin": nullable(_INT),
                **dict.fromkeys(tris_counts, _COUNT),
                "masterpiece": nullable({"type": "string"}),
                "masterpiece_resolved": {"type": "boolean"},
                "difficulty": {"type": "integer", "minimum": 1, "maximum": 3},
                "objectives": {"type": "boolean"},
            }
        ),
    }


def _outcome() -> dict[str, Any]:
    games = game_outcomes()
    finished = _object(
        {
            "end": {"const": "finished"},
            "resigned": {"type": "null"},
            "returns": {"type": "array", "items": {"type": "number"}, "minItems": 1, "maxItems": 10},
            "game": {"anyOf": [{"$ref": f"#/$defs/{name}"} for name in games]},
        }
    )
    resigned = _object(
        {
            "end": {"const": "resigned"},
            "resigned": _SEAT,
            "returns": {"type": "null"},
            "game": {"type": "null"},
        }
    )
    return {"$defs": games, "oneOf": [finished, resigned]}


def _event() -> dict[str, Any]:
    return _object(
        {
            "index": {"type": "integer", "minimum": 0, "maximum": MAX_LOG},
            "version": _VERSION,
            "kind": {"enum": ["move", "chance", "undo", "resign"]},
            "seat": nullable(_SEAT),
            "move": nullable(_MOVE),
            "label": nullable({"type": "string", "maxLength": 200}),
            "lines": {"type": "array", "items": {"type": "string"}},
        }
    )


def _view(outcome: dict[str, Any]) -> dict[str, Any]:
    legal = _object({"action": {"type": "integer", "minimum": 0}, "move": _MOVE, "label": {"type": "string"}})
    games = outcome["$defs"]
    inner = {k: v for k, v in outcome.items() if k != "$defs"}
    return {
        "$defs": {**games, "outcome": inner},
        **_object(
            {
                "game": {"enum": list(GAMES)},
                "version": _VERSION,
                "seat": nullable(_SEAT),
                "seats": {
                    "type": "array",
                    "items": _object({"seat": _SEAT, "name": {"type": "string", "minLength": 1}}),
                    "minItems": 1,
                    "maxItems": 10,
                },
                "to_act": nullable(_SEAT),
                "status": {"enum": ["playing", "over"]},
                "cursor": {"type": "integer", "minimum": 0, "maximum": MAX_CURSOR},
                "legal": {"type": "array", "items": legal},
                "can_undo": {"type": "boolean"},
                "outcome": nullable({"$ref": "#/$defs/outcome"}),
                "game_view": {"type": "object", "required": ["game", "viewer", "to_act", "cursor"]},
            }
        ),
    }


def _match() -> dict[str, Any]:
    entry = {
        "type": "object",
        "properties": {
            "kind": {"enum": ["move", "chance", "undo", "resign"]},
            "seat": nullable(_SEAT),
            "move": _MOVE,
        },
        "required": ["kind", "seat"],
        "additionalProperties": False,
    }
    games = content_defs()
    document = _object(
        {
            "format": {"const": FORMAT},
            "format_version": {"const": FORMAT_VERSION},
            "game": {"enum": list(GAMES)},
            "game_version": {"type": "integer", "minimum": 0},
            "seed": {"type": "integer", "minimum": 0, "maximum": MAX_MATCH_SEED},
            "options": {"type": "object"},
            "players": {"type": "integer", "minimum": 1, "maximum": 100},
            "undo": {"enum": list(UNDO_POLICIES)},
            "version": _VERSION,
            "draws": {"type": "integer", "minimum": 0, "maximum": MAX_LOG},
            "resigned": nullable(_SEAT),
            "log": {"type": "array", "items": entry, "maxItems": MAX_LOG},
            "state_sha256": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
            "content": {"type": "object"},
            "content_sha256": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
        },
        optional=("content", "content_sha256"),
    )
    own = [g for g in games if g in CONTENT_GAMES]
    return {
        "$defs": {g: games[g] for g in own},
        **document,
        "dependentRequired": {"content": ["content_sha256"], "content_sha256": ["content"]},
        "allOf": [
            *by_game("content", tuple(own)),
            *(
                {
                    "if": {"properties": {"game": {"const": g}}},
                    "then": {"properties": {"log": {"maxItems": n}}},
                }
                for g, n in MAX_LOG_BY_GAME.items()
            ),
            {
                "if": {"properties": {"game": {"not": {"enum": own}}}},
                "then": {"not": {"required": ["content"]}},
            },
        ],
    }


def build_schemas() -> dict[MatchSchemaKind, dict[str, Any]]:
    """The match schemas, built from the code (what `python -m tabletop_rules.match.schemas` ships)."""
    outcome = _outcome()
    return {
        "error": schema_document("match", "error", "Match error object", error_schema()),
        "match": schema_document("match", "match", "Saved match", _match()),
        "view": schema_document("match", "view", "Match view", _view(outcome)),
        "event": schema_document("match", "event", "Match event", _event()),
        "outcome": schema_document("match", "outcome", "Match outcome", outcome),
        "content": schema_document("match", "content", "Match content", content_schema()),
    }


def main(argv: list[str]) -> int:
    """Write the shipped schemas (`--check`: only compare, and return 1 if one is out of date)."""
    folder = Path(__file__).resolve().parent / "schemas"
    stale = []
    for kind, document in build_schemas().items():
        path, text = folder / f"{kind}.json", schema_text(document)
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(path.name)
        if "--check" not in argv:
            folder.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
    print(
        ("out of date: " if "--check" in argv else "written: ") + ", ".join(stale) if stale else "up to date"
    )
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
