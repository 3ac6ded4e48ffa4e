"""The JSON a client exchanges, written once: moves with a type tag, their schemas, cursors.

A move is a JSON object whose `"type"` names its class and whose other keys are its `attrs`
fields in stable ids: `{"type": "Cross", "creature": "unicorn", "vertex": "E5"}`. A game's
`moves.py` describes its moves' shapes (`core.codecs.move_shapes`: a `Codec` for each field whose
annotation does not say how it travels, the rest derived), and its `wire.py` joins them to its
`check_move` (`MoveWire.of`): the encoder, the strict decoder (exact keys and JSON types, bounded
sizes: `InvalidMoveError`; then the game's `check_move`: `IllegalMoveError`) and the JSON Schema
come from one description. The codecs are re-exported here. Also here: what views and schemas
share.
"""

from __future__ import annotations

import functools
import hashlib
import json
import typing
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import Any, Final, Literal, TypeAlias

import attrs

from tabletop_rules.core.codecs import (
    BOOLEAN,
    NULL,
    Array,
    Codec,
    Integer,
    Names,
    Record,
    Text,
    Union,
    _derive,
    choice,
    enum_names,
    fixed,
    index_names,
    optional,
    record_codec,
)
from tabletop_rules.core.errors import InvalidMoveError, InvalidOptionError, InvalidRequestError
from tabletop_rules.core.jsonio import brief, json_style
from tabletop_rules.core.records import FORMAT, FORMAT_VERSION, MAX_MOVE_CHARS, MAX_RECORD_MOVES, MAX_SEED
from tabletop_rules.core.shapes import MoveShapes, move_shapes

__all__ = [
    "BOOLEAN",
    "JSON_SCHEMA_DIALECT",
    "MAX_CURSOR",
    "NULL",
    "SCHEMA_KINDS",
    "Array",
    "Codec",
    "Integer",
    "InvalidRequestError",
    "MoveShapes",
    "MoveWire",
    "Names",
    "Record",
    "SchemaKind",
    "Text",
    "Union",
    "check_cursor",
    "check_player",
    "choice",
    "enum_names",
    "fingerprint_cursor",
    "fixed",
    "index_names",
    "load_schema",
    "move_shapes",
    "move_wire",
    "nullable",
    "optional",
    "options_schema",
    "record_codec",
    "record_schema",
    "schema_document",
    "schema_text",
    "to_act_json",
]

JSON_SCHEMA_DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect of every shipped schema."""
MAX_CURSOR: Final = 2**53 - 1
"""The largest cursor: every cursor is an integer that JavaScript represents exactly."""
SchemaKind: TypeAlias = Literal["state", "move", "view", "record"]
SCHEMA_KINDS: Final[tuple[SchemaKind, ...]] = ("state", "move", "view", "record")
"""The schemas every game ships, as `<game>/schemas/<kind>.json`."""


@attrs.frozen(eq=False)
class MoveWire(MoveShapes):
    """The move JSON of one game (build it with `move_wire`): its `MoveShapes` and its `check_move`."""

    check_move: Callable[[Any, Any], None] = attrs.field(kw_only=True)

    @classmethod
    def of(cls, shapes: MoveShapes, check_move: Callable[[Any, Any], None]) -> MoveWire:
        """The move JSON of the game whose moves have `shapes` and whose legality is `check_move`."""
        return cls(shapes.game, shapes.records, shapes.by_class, check_move=check_move)

    def to_json(self, state: Any, move: Any) -> dict[str, Any]:
        """The JSON of `move`, a legal move in `state` (errors as the game's `check_move`)."""
        out = self.encode(move)
        self.check_move(state, move)
        return out

    def from_json(self, state: Any, obj: object) -> Any:
        """The legal move that the JSON object `obj` describes in `state`.

        Raises:
            InvalidMoveError: if `obj` is not a move object of this game.
            IllegalMoveError: if the move it describes is not legal in `state`.
        """
        with json_style():  # the client's values, echoed in its own syntax: "Z9", null, ["a"]
            if type(obj) is not dict:
                raise InvalidMoveError(f"a {self.game} move is a JSON object, not {brief(obj)}")
            tag = obj.get("type")
            record = self.records.get(tag) if type(tag) is str else None
            if record is None:
                names = brief(sorted(self.records), 400)
                raise InvalidMoveError(f"move.type: {brief(tag)} is not one of {names}")
            move = record.decode(obj, "move", state)
        self.check_move(state, move)
        return move


def move_wire(
    game: str,
    classes: Sequence[type],
    check_move: Callable[[Any, Any], None],
    *,
    fields: Mapping[str, Codec] | None = None,
    types: Mapping[Any, Codec] | None = None,
) -> MoveWire:
    """The move JSON of a game: `move_shapes` of its classes with its `check_move`.

    Raises:
        TypeError: (at import) as `move_shapes`.
    """
    return MoveWire.of(move_shapes(game, classes, fields=fields, types=types), check_move)


def to_act_json(actor: object) -> int | Literal["chance"] | None:
    """Who acts (`current_player`), as JSON: a player index, `"chance"` at a chance node, or `None`
    once the game is over, and only then.

    Every document of the library writes `to_act` this way: the views of every game (at the top
    level and inside a Chrononauts `view`), the match views (`tabletop_rules.match`).
    """
    if actor is None or type(actor) is int:
        return actor
    return "chance"


def check_cursor(cursor: object, high: int = MAX_CURSOR) -> int:
    """`cursor` if it is an `int` in `0..high`; otherwise `InvalidRequestError`."""
    if type(cursor) is not int or not 0 <= cursor <= high:
        raise InvalidRequestError(f"a cursor is an integer in 0..{high} from this game, not {brief(cursor)}")
    return cursor


def fingerprint_cursor(state_json: str) -> int:
    """The cursor of a game whose state keeps no history: 53 bits of the SHA-256 of its JSON.

    Equal states have equal cursors; a change of state changes it (but for a 53-bit collision).
    """
    return int.from_bytes(hashlib.sha256(state_json.encode()).digest()[:7], "big") >> 3


def check_player(player: object, players: int) -> int:
    """`player` if it is an `int` seat of a `players`-player game; otherwise `InvalidRequestError`."""
    if type(player) is not int or not 0 <= player < players:
        raise InvalidRequestError(f"no player {brief(player)} in a {players}-player game (0..{players - 1})")
    return player


def schema_document(game: str, kind: str, title: str, body: Mapping[str, Any]) -> dict[str, Any]:
    """A top-level schema: the dialect, an `$id` (`urn:tabletop-rules:<game>:<kind>`), a title, `body`."""
    return {
        "$schema": JSON_SCHEMA_DIALECT,
        "$id": f"urn:tabletop-rules:{game}:{kind}",
        "title": title,
        **body,
    }


def options_schema(cls: type, *, required: bool) -> dict[str, Any]:
    """The JSON Schema of a `GameOptions` class's `to_dict`, from its annotations and `int_option` ranges.

    `required`: whether every field is present (`to_dict`) or only the non-default ones.
    """
    hints, properties = typing.get_type_hints(cls), {}
    for field in attrs.fields(cls):
        low, high = field.metadata.get("range", (-(2**63), 2**63 - 1))
        try:
            codec = _derive(hints[field.name], field.name, {}, {int: Integer(low, high)})
        except TypeError:  # a table option (a variable-length tuple): only its JSON type is said here
            properties[field.name] = {"type": "array"}
            continue
        properties[field.name] = codec.schema()
    out: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
    return {**out, "required": list(properties)} if required else out


_MOVES: Final = MAX_RECORD_MOVES


def record_schema(game: str, version: int, state: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON Schema of a game record (`core.make_record`) of `game`'s behaviour `version`."""
    sha = {"type": "string", "pattern": "^[0-9a-f]{64}$"}
    return {
        "$defs": {"state": dict(state)},
        "type": "object",
        "properties": {
            "format": {"const": FORMAT},
            "format_version": {"const": FORMAT_VERSION},
            "game": {"const": game},
            "game_version": {"const": version},
            "seed": nullable({"type": "integer", "minimum": 0, "maximum": MAX_SEED}),
            "initial": {"$ref": "#/$defs/state"},
            "moves": {
                "type": "array",
                "items": {"type": "string", "maxLength": MAX_MOVE_CHARS},
                "maxItems": _MOVES,
            },
            "final_sha256": sha,
            "states_sha256": {"type": "array", "items": sha, "maxItems": _MOVES + 1},
        },
        "required": ["format", "format_version", "game", "game_version", "initial", "moves", "final_sha256"],
        "additionalProperties": False,
    }


def schema_text(document: Mapping[str, Any]) -> str:
    """The text a schema is shipped as: two-space indented JSON and a final newline."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def nullable(schema: Mapping[str, Any]) -> dict[str, Any]:
    """`schema` or `null`."""
    return {"anyOf": [dict(schema), {"type": "null"}]}


def load_schema(package: str, kind: object) -> dict[str, Any]:
    """The shipped schema `<package>/schemas/<kind>.json` as a new dict; `InvalidOptionError` if bad."""
    if type(kind) is not str or kind not in SCHEMA_KINDS:
        raise InvalidOptionError(f"a schema kind is one of {list(SCHEMA_KINDS)}, not {brief(kind)}")
    return json.loads(_schema_text(package, kind))  # type: ignore[no-any-return]


@functools.lru_cache(maxsize=32)  # keyed by (package, kind) strings; returns the file's immutable text
def _schema_text(package: str, kind: str) -> str:
    return resources.files(package).joinpath("schemas", f"{kind}.json").read_text(encoding="utf-8")
