"""The JSON a client exchanges, written once: moves with a type tag, their schemas, cursors.

A move is a JSON object whose `"type"` names its class and whose other keys are its `attrs`
fields in stable ids: `{"type": "Cross", "creature": "unicorn", "vertex": "E5"}`. A game's
`wire.py` gives its move classes and a `Codec` for each field whose annotation does not say how
it travels (an `int` that is a vertex, a `str` that is a card id, with bounds); `move_wire`
derives the rest from the annotations, so the encoder, the strict decoder (exact keys and JSON
types, bounded sizes: `InvalidMoveError`; then the game's `check_move`: `IllegalMoveError`) and
the JSON Schema cannot fall out of step. Also here: what views and schemas share.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import types
import typing
from collections.abc import Callable, Collection, Mapping, Sequence
from importlib import resources
from typing import Any, ClassVar, Final, Literal, TypeAlias

import attrs

from tabletop_rules.core.errors import (
    InvalidMoveError,
    InvalidOptionError,
    InvalidRequestError,
)
from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.records import FORMAT, FORMAT_VERSION, MAX_MOVE_CHARS, MAX_RECORD_MOVES

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

_NONE: Final = type(None)
_MISSING: Final = object()


def _bad(where: str, message: str) -> InvalidMoveError:
    return InvalidMoveError(f"{where}: {message}")


class Codec:
    """How a field travels: `encode`, a strict `decode`, its `schema`; a `Union` dispatches on the
    exact Python types `encode` takes (`py_types()`) and the JSON types `decode` takes (`json_types()`)."""

    PY: ClassVar[tuple[type, ...]] = ()
    JSON: ClassVar[tuple[type, ...]] = ()

    def py_types(self) -> tuple[type, ...]:
        return self.PY

    def json_types(self) -> tuple[type, ...]:
        return self.JSON

    def encode(self, value: Any, where: str) -> Any:  # `InvalidMoveError` unless exact type and range
        raise NotImplementedError

    def decode(self, data: Any, where: str, state: Any) -> Any:  # `InvalidMoveError` on anything else
        return self.encode(data, where)

    def schema(self) -> dict[str, Any]:  # a new dict
        raise NotImplementedError


@attrs.frozen
class Integer(Codec):
    """An `int` in `low..high` (never a `bool` or a float), written as a JSON integer."""

    low: int
    high: int
    PY: ClassVar[tuple[type, ...]] = (int,)
    JSON: ClassVar[tuple[type, ...]] = (int,)

    def encode(self, value: Any, where: str) -> Any:
        if type(value) is not int or not self.low <= value <= self.high:
            raise _bad(where, f"must be an integer in {self.low}..{self.high}, not {brief(value)}")
        return value

    def schema(self) -> dict[str, Any]:
        return {"type": "integer", "minimum": self.low, "maximum": self.high}


@attrs.frozen
class Text(Codec):
    """A `str` of `1..max_len` characters matching `pattern`, and (when decoding) one of `known(state)`.

    `known` names the ids the game accepts in a state (its card list, its pack); an id that is
    not one of them is not a move of this game (`InvalidMoveError`).
    """

    max_len: int
    pattern: str = r"[^\x00-\x1f]+"
    known: Callable[[Any], Collection[str]] | None = None
    what: str = "id"
    PY: ClassVar[tuple[type, ...]] = (str,)
    JSON: ClassVar[tuple[type, ...]] = (str,)

    def encode(self, value: Any, where: str) -> Any:
        if type(value) is not str or not 0 < len(value) <= self.max_len:
            raise _bad(where, f"must be a string of 1..{self.max_len} characters, not {brief(value)}")
        if not _compiled(self.pattern).fullmatch(value):
            raise _bad(where, f"{brief(value)} is not a well-formed {self.what}")
        return value

    def decode(self, data: Any, where: str, state: Any) -> Any:
        value = self.encode(data, where)
        if self.known is not None and value not in self.known(state):
            raise _bad(where, f"{brief(value)} is not a {self.what} of this game")
        return value

    def schema(self) -> dict[str, Any]:
        pattern = f"^(?:{self.pattern})$"
        return {"type": "string", "minLength": 1, "maxLength": self.max_len, "pattern": pattern}


@functools.lru_cache(maxsize=64)  # keyed by the pattern text; returns an immutable compiled pattern
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


@attrs.frozen
class Names(Codec):
    """One of a few `values`, written as its entry of `names` (JSON scalars), compared by exact type.

    Build it with `choice` (a `Literal`: each value is its own name), `enum_names`
    (`Piece.UNICORN` is `"unicorn"`) or `index_names` (a Valandris vertex `25` is `"E5"`).
    """

    values: tuple[Any, ...]
    names: tuple[Any, ...]
    what: str = "value"

    def py_types(self) -> tuple[type, ...]:
        return tuple(dict.fromkeys(map(type, self.values)))

    def json_types(self) -> tuple[type, ...]:
        return tuple(dict.fromkeys(map(type, self.names)))

    def encode(self, value: Any, where: str) -> Any:
        if (name := _find(self.values, self.names, value)) is _MISSING:
            raise _bad(where, f"{brief(value)} is not a {self.what}")
        return name

    def decode(self, data: Any, where: str, state: Any) -> Any:
        if (value := _find(self.names, self.values, data)) is _MISSING:
            raise _bad(where, f"must be one of {brief(list(self.names), 200)}, not {brief(data)}")
        return value

    def schema(self) -> dict[str, Any]:
        if self.names in ((False, True), (None,)):
            return {"type": "boolean" if self.names[0] is False else "null"}
        return {"enum": list(self.names)}


def _find(keys: tuple[Any, ...], values: tuple[Any, ...], key: Any) -> Any:
    """The value of `key` (by exact type and value), or `_MISSING`."""
    try:
        return _lookup(keys, values).get((type(key), key), _MISSING)
    except TypeError:  # an unhashable key (a list, a dict) is none of them
        return _MISSING


@functools.lru_cache(maxsize=64)  # keyed by immutable tuples; returns a read-only mapping
def _lookup(keys: tuple[Any, ...], values: tuple[Any, ...]) -> Mapping[tuple[type, Any], Any]:
    return frozen_mapping({(type(k), k): v for k, v in zip(keys, values, strict=True)})


def choice(values: Sequence[Any]) -> Names:
    """The codec of a `Literal[...]`: each value written as itself."""
    return Names(tuple(values), tuple(values), "choice")


BOOLEAN: Final = Names((False, True), (False, True), "boolean")
"""The codec of a `bool`: `true` or `false`, never `1` or `0`."""


def enum_names(kind: type[Any], members: Sequence[Any]) -> Names:
    """The codec of enumeration `members`, written by their lower-case names."""
    return Names(tuple(members), tuple(m.name.lower() for m in members), f"{kind.__name__} name")


def index_names(names: Sequence[str], what: str = "name") -> Names:
    """The codec of an `int` index into a table of `names`, written as its name."""
    return Names(tuple(range(len(names))), tuple(names), what)


@attrs.frozen
class Union(Codec):
    """One of several codecs whose Python types, and whose JSON types, are pairwise distinct."""

    options: tuple[Codec, ...]

    def __attrs_post_init__(self) -> None:
        for attribute in ("py_types", "json_types"):
            seen = [t for option in self.options for t in getattr(option, attribute)()]
            if len(seen) != len(set(seen)):
                raise TypeError(f"the options of a Union overlap in {attribute}: {seen}")

    def py_types(self) -> tuple[type, ...]:
        return tuple(t for option in self.options for t in option.py_types())

    def json_types(self) -> tuple[type, ...]:
        return tuple(t for option in self.options for t in option.json_types())

    def encode(self, value: Any, where: str) -> Any:
        for option in self.options:
            if type(value) in option.py_types():
                return option.encode(value, where)
        raise _bad(where, f"{brief(value)} has none of the types {[t.__name__ for t in self.py_types()]}")

    def decode(self, data: Any, where: str, state: Any) -> Any:
        for option in self.options:
            if type(data) in option.json_types():
                return option.decode(data, where, state)
        raise _bad(where, f"{brief(data)} is not any of the allowed values")

    def schema(self) -> dict[str, Any]:
        return {"anyOf": [option.schema() for option in self.options]}


@attrs.frozen
class Array(Codec):
    """A `tuple` of `min_len..max_len` items, written as a JSON array (JSON Schema's model of arrays).

    Item `i` has codec `prefix[i]`, and the items after the prefix have codec `item`; `fixed`
    makes an array of exactly one item per codec (`tuple[int, int, int]`).
    """

    item: Codec | None
    min_len: int
    max_len: int
    unique: bool = False
    prefix: tuple[Codec, ...] = ()
    PY: ClassVar[tuple[type, ...]] = (tuple,)
    JSON: ClassVar[tuple[type, ...]] = (list,)

    def _codecs(self, value: Any, where: str, kind: type) -> Any:
        size = len(value) if type(value) is kind and isinstance(value, list | tuple) else -1
        if not self.min_len <= size <= self.max_len:
            raise _bad(where, f"must be an array of {self.min_len}..{self.max_len} items, not {brief(value)}")
        return zip((*self.prefix, *[self.item] * (size - len(self.prefix))), value, strict=True)

    def encode(self, value: Any, where: str) -> Any:
        return [c.encode(v, f"{where}[{i}]") for i, (c, v) in enumerate(self._codecs(value, where, tuple))]

    def decode(self, data: Any, where: str, state: Any) -> Any:
        codecs = enumerate(self._codecs(data, where, list))
        out = tuple(c.decode(v, f"{where}[{i}]", state) for i, (c, v) in codecs)
        if self.unique and len(set(out)) != len(out):
            raise _bad(where, "lists an item twice")
        return out

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array"}
        if self.prefix:
            out["prefixItems"] = [c.schema() for c in self.prefix]
        out["items"] = False if self.item is None else self.item.schema()
        out.update(minItems=self.min_len, maxItems=self.max_len)
        return {**out, "uniqueItems": True} if self.unique else out


def fixed(items: Sequence[Codec]) -> Array:
    """An array of exactly one item per codec (a `tuple[X, Y, Z]`)."""
    return Array(None, len(items), len(items), prefix=tuple(items))


NULL: Final = Names((None,), (None,), "null")
"""The codec of `None`, written `null`."""


def optional(inner: Codec) -> Union:
    """`None` (written `null`) or a value of `inner` (an `X | None`)."""
    return Union((inner, NULL))


@attrs.frozen
class Record(Codec):
    """An `attrs` record, written as an object with exactly its fields (and `"type": tag` if tagged)."""

    cls: type
    fields: tuple[tuple[str, Codec], ...]
    tag: str | None = None

    JSON: ClassVar[tuple[type, ...]] = (dict,)

    def py_types(self) -> tuple[type, ...]:
        return (self.cls,)

    def keys(self) -> frozenset[str]:  # the exact keys of the JSON object
        return frozenset([name for name, _ in self.fields] + ([] if self.tag is None else ["type"]))

    def encode(self, value: Any, where: str) -> Any:
        if type(value) is not self.cls:
            raise _bad(where, f"must be a {self.cls.__name__}, not {brief(value)}")
        out: dict[str, Any] = {} if self.tag is None else {"type": self.tag}
        for name, codec in self.fields:
            out[name] = codec.encode(getattr(value, name), f"{where}.{name}")
        return out

    def decode(self, data: Any, where: str, state: Any) -> Any:
        if type(data) is not dict:
            raise _bad(where, f"must be a JSON object, not {brief(data)}")
        keys = self.keys()
        if data.keys() != keys:
            missing = sorted(keys - data.keys())
            extra = sorted(brief(k) for k in data.keys() - keys)
            parts = ([f"lacks {missing}"] if missing else []) + (
                [f"has unknown key(s) {extra}"] if extra else []
            )
            raise _bad(where, f"a {self.tag or self.cls.__name__} " + " and ".join(parts))
        kwargs = {name: codec.decode(data[name], f"{where}.{name}", state) for name, codec in self.fields}
        return self.cls(**kwargs)

    def schema(self) -> dict[str, Any]:
        properties: dict[str, Any] = {} if self.tag is None else {"type": {"const": self.tag}}
        properties.update((name, codec.schema()) for name, codec in self.fields)
        return {
            "type": "object",
            "properties": properties,
            "required": sorted(self.keys()),
            "additionalProperties": False,
        }


def _derive(hint: Any, where: str, fields: Mapping[str, Codec], types_: Mapping[Any, Codec]) -> Codec:
    """The codec of an annotation: a codec the game gives for it, or one built from its parts."""
    if hint in types_:
        return types_[hint]
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is bool:
        return BOOLEAN
    if origin is Literal:
        return choice(args)
    if origin in (typing.Union, types.UnionType):
        rest = tuple(a for a in args if a is not _NONE)
        inner = (
            _derive(rest[0], where, fields, types_) if len(rest) == 1 else _union(rest, where, fields, types_)
        )
        return optional(inner) if len(rest) < len(args) else inner
    if origin is tuple and args and args[-1] is not Ellipsis:
        return fixed([_derive(a, f"{where}[{i}]", fields, types_) for i, a in enumerate(args)])
    if attrs.has(hint):
        return _record(hint, None, fields, types_)
    raise TypeError(f"{where}: give a bounded codec for the annotation {hint!r}")


def _union(
    args: tuple[Any, ...], where: str, fields: Mapping[str, Codec], types_: Mapping[Any, Codec]
) -> Codec:
    literals = [a for a in args if typing.get_origin(a) is Literal]
    options = [_derive(a, where, fields, types_) for a in args if typing.get_origin(a) is not Literal]
    if literals:
        options.append(choice([v for a in literals for v in typing.get_args(a)]))
    return Union(tuple(options))


def _record(cls: type, tag: str | None, fields: Mapping[str, Codec], types_: Mapping[Any, Codec]) -> Record:
    """An `attrs` record's codec: each field's from `fields` (`"Class.field"`, then name), else derived."""
    hints = typing.get_type_hints(cls)
    out = []
    for field in attrs.fields(cls):
        name = field.name
        codec = fields.get(f"{cls.__name__}.{name}") or fields.get(name)
        if codec is None:
            codec = _derive(hints[name], f"{cls.__name__}.{name}", fields, types_)
        out.append((name, codec))
    return Record(cls=cls, fields=tuple(out), tag=tag)


@attrs.frozen(eq=False)
class MoveWire:
    """The move JSON of one game (build it with `move_wire`): a tagged `Record` per move class."""

    game: str
    records: Mapping[str, Record]  # tag -> record
    by_class: Mapping[type, Record]
    check_move: Callable[[Any, Any], None]

    def encode(self, move: Any) -> dict[str, Any]:
        """The JSON of a move object, without checking that it is legal (`InvalidMoveError` if malformed)."""
        record = self.by_class.get(type(move))
        if record is None:
            raise InvalidMoveError(f"{brief(move)} is not a {self.game} move object")
        return record.encode(move, "move")  # type: ignore[no-any-return]

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
        if type(obj) is not dict:
            raise InvalidMoveError(f"a {self.game} move is a JSON object, not {brief(obj)}")
        tag = obj.get("type")
        record = self.records.get(tag) if type(tag) is str else None
        if record is None:
            raise InvalidMoveError(f"move.type: {brief(tag)} is not one of {sorted(self.records)}")
        move = record.decode(obj, "move", state)
        self.check_move(state, move)
        return move

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of a move: one tagged object per move class."""
        return {"oneOf": [record.schema() for record in self.records.values()]}


def record_codec(
    cls: type, *, fields: Mapping[str, Codec] | None = None, types: Mapping[Any, Codec] | None = None
) -> Record:
    """The codec of a nested `attrs` record (no type tag), derived as `move_wire` derives a move's."""
    return _record(cls, None, fields or {}, types or {})


def move_wire(
    game: str,
    classes: Sequence[type],
    check_move: Callable[[Any, Any], None],
    *,
    fields: Mapping[str, Codec] | None = None,
    types: Mapping[Any, Codec] | None = None,
) -> MoveWire:
    """The move JSON of a game, derived from its move classes by `attrs` introspection.

    Args:
        game: the game's name, for messages.
        classes: every move class; the tag of each is its class name.
        check_move: the game's `check_move(state, move)`.
        fields: codecs by field, as `"Class.field"` or as a field name shared by every class
            (nested records included: `"BonusSpace.level"`).
        types: codecs by annotation (`Piece`, `tuple[str, ...]`), used wherever it appears.

    Raises:
        TypeError: (at import, a bug of the game's `wire.py`) if an annotation has no codec: an
            `int`, a `str` or a variable-length tuple needs one that gives its bounds.
    """
    records = {cls.__name__: _record(cls, cls.__name__, fields or {}, types or {}) for cls in classes}
    return MoveWire(
        game=game,
        records=frozen_mapping(records),
        by_class=frozen_mapping({r.cls: r for r in records.values()}),
        check_move=check_move,
    )


def to_act_json(actor: object) -> int | str | None:
    """Who acts, as JSON: a player index, `"chance"`, or `None` once the game is over."""
    return actor if actor is None or type(actor) is int else "chance"


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
            "seed": nullable({"type": "integer", "minimum": -(2**63), "maximum": 2**63 - 1}),
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
