"""Codecs: how each field of a move travels, checked by exact type and bounds, derived from annotations.

A game's moves are `attrs` records. `move_shapes` reads their annotations and gives each field a
`Codec`: the game supplies one for each field whose annotation does not say how it travels (an
`int` that is a vertex, a `str` that is a card id, with bounds), and the rest are derived. From
one codec come a fast exact-type test (`predicate`), the JSON encoder, the strict decoder and
the JSON Schema, so the check of a Python move object (`core.shapes.MoveShapes`, which every
game's `check_move`, `move_to_action` and `move_to_str` run first), the move JSON of `core.wire`
and the shipped schemas cannot fall out of step.
"""

from __future__ import annotations

import enum
import functools
import re
import types
import typing
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, ClassVar, Final, Literal, TypeAlias

import attrs

from tabletop_rules.core.errors import InvalidMoveError
from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.core.jsonio import brief, brief_keys

__all__ = [
    "BOOLEAN",
    "NULL",
    "Array",
    "Codec",
    "Integer",
    "Names",
    "Record",
    "Text",
    "Union",
    "choice",
    "enum_names",
    "fixed",
    "index_names",
    "optional",
    "record_codec",
]

_NONE: Final = type(None)
_MISSING: Final = object()
_LISTED: Final = 12
"""A message lists the names a value may take when there are at most this many."""


def _a(noun: str) -> str:
    """``noun`` with its indefinite article."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def _bad(where: str, message: str) -> InvalidMoveError:
    return InvalidMoveError(f"{where} {message}" if message.startswith("must ") else f"{where}: {message}")


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

    def predicate(self, values: bool = True) -> Callable[[Any], bool]:
        """A fast test of what `encode` accepts (exact types and bounds), without a message or output.

        With ``values=False``, a cheaper test of the exact types alone (and of the lengths that
        bound the work): a value that passes it, and is equal to a value that passes the full
        test, is that value, since equal values of the same exact types are the same.
        """
        raise NotImplementedError

    def expects(self) -> str:
        """What `encode` takes, for messages: ``"an int in 1..12"``."""
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
            raise _bad(where, f"must be {self.expects()}, not {brief(value)}")
        return value

    def expects(self) -> str:
        return f"an int in {self.low}..{self.high}"

    def predicate(self, values: bool = True) -> Callable[[Any], bool]:
        low, high = self.low, self.high
        return (lambda v: type(v) is int and low <= v <= high) if values else (lambda v: type(v) is int)

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
            raise _bad(where, f"must be {self.expects()}, not {brief(value)}")
        if not _compiled(self.pattern).fullmatch(value):
            raise _bad(where, f"{brief(value)} is not a well-formed {self.what}")
        return value

    def expects(self) -> str:
        return f"{_a(self.what)} (a str of 1..{self.max_len} characters)"

    def predicate(self, values: bool = True) -> Callable[[Any], bool]:
        max_len, match = self.max_len, _compiled(self.pattern).fullmatch
        if not values:
            return lambda v: type(v) is str and len(v) <= max_len
        return lambda v: type(v) is str and 0 < len(v) <= max_len and match(v) is not None

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
    _by_value: _Table = attrs.field(init=False, repr=False, eq=False)
    _by_name: _Table = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:  # the two lookup tables, built once
        object.__setattr__(self, "_by_value", _table(self.values, self.names))
        object.__setattr__(self, "_by_name", _table(self.names, self.values))

    def py_types(self) -> tuple[type, ...]:
        return tuple(dict.fromkeys(map(type, self.values)))

    def json_types(self) -> tuple[type, ...]:
        return tuple(dict.fromkeys(map(type, self.names)))

    def encode(self, value: Any, where: str) -> Any:
        if (name := _find(self._by_value, value)) is _MISSING:
            raise _bad(where, f"must be {self.expects()}, not {brief(value)}")
        return name

    def expects(self) -> str:
        """The Python values, described by their kind: enum members by name, ints by their range."""
        if self.values in ((None,), (False, True)):
            return "None" if self.values[0] is None else "a bool"
        kinds = {type(v) for v in self.values}
        if len(kinds) == 1 and issubclass(kind := kinds.pop(), enum.Enum):
            members = [v.name for v in self.values]
            listed = ", ".join(members[:-1]) + f" or {members[-1]}" if len(members) > 1 else members[0]
            return f"a {kind.__name__} ({listed})"
        if self.values == tuple(range(len(self.values))):
            return f"{_a(self.what)} (an int 0..{len(self.values) - 1})"
        return f"one of {brief(list(self.values), 100)}"

    def predicate(self, values: bool = True) -> Callable[[Any], bool]:
        table, types_ = self._by_value
        if not values:
            return lambda v: type(v) in types_
        return lambda v: type(v) in types_ and (type(v), v) in table

    def decode(self, data: Any, where: str, state: Any) -> Any:
        if (value := _find(self._by_name, data)) is _MISSING:
            if len(self.names) > _LISTED:  # a long table (a board's vertices): name the kind, not them all
                raise _bad(where, f"{brief(data)} is not {_a(self.what)}")
            raise _bad(where, f"must be one of {brief(list(self.names), 200)}, not {brief(data)}")
        return value

    def schema(self) -> dict[str, Any]:
        if self.names in ((False, True), (None,)):
            return {"type": "boolean" if self.names[0] is False else "null"}
        return {"enum": list(self.names)}


_Table: TypeAlias = tuple[Mapping[tuple[type, Any], Any], frozenset[type]]


def _table(keys: tuple[Any, ...], values: tuple[Any, ...]) -> _Table:
    """A read-only map from `(type, key)` to value, and the types of the keys."""
    table = frozen_mapping({(type(k), k): v for k, v in zip(keys, values, strict=True)})
    return table, frozenset(map(type, keys))


def _find(table: _Table, key: Any) -> Any:
    """The value of `key` (by exact type and value) in `table`, or `_MISSING`.

    The type is checked before the key is hashed: a look-alike's `__hash__` is never called, and
    a deeply nested tuple is never hashed.
    """
    lookup, types_ = table
    return lookup.get((type(key), key), _MISSING) if type(key) in types_ else _MISSING


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
        raise _bad(where, f"must be {self.expects()}, not {brief(value)}")

    def expects(self) -> str:
        return " or ".join(option.expects() for option in self.options)

    def predicate(self, values: bool = True) -> Callable[[Any], bool]:
        by_type = {t: option.predicate(values) for option in self.options for t in option.py_types()}
        return lambda v: (check := by_type.get(type(v))) is not None and check(v)

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
            what = self.expects() if kind is tuple else f"an array of {self.min_len}..{self.max_len} items"
            raise _bad(where, f"must be {what}, not {brief(value)}")
        return zip((*self.prefix, *[self.item] * (size - len(self.prefix))), value, strict=True)

    def encode(self, value: Any, where: str) -> Any:
        out = [c.encode(v, f"{where}[{i}]") for i, (c, v) in enumerate(self._codecs(value, where, tuple))]
        if self.unique and len(set(value)) != len(value):
            raise _bad(where, f"must list each item once, not {brief(value)}")
        return out

    def expects(self) -> str:
        size = f"{self.min_len}" if self.min_len == self.max_len else f"{self.min_len}..{self.max_len}"
        return f"a tuple of {size} items"

    def predicate(self, values: bool = True) -> Callable[[Any], bool]:
        low, high, unique = self.min_len, self.max_len, self.unique and values
        prefix = tuple(c.predicate(values) for c in self.prefix)
        item = None if self.item is None else self.item.predicate(values)
        if not prefix and item is not None:  # a list of one kind: the items are checked by `map`, in C

            def check(v: Any) -> bool:
                return (
                    type(v) is tuple
                    and low <= len(v) <= high
                    and all(map(item, v))
                    and (not unique or len(set(v)) == len(v))
                )

            return check
        n = len(prefix)

        def check_prefix(v: Any) -> bool:
            if type(v) is not tuple or not low <= len(v) <= high:
                return False
            if not all(map(_call, prefix, v)):  # the first `n` items, one codec each
                return False
            return (len(v) == n or all(map(item, v[n:]))) and (  # type: ignore[arg-type]
                not unique or len(set(v)) == len(v)
            )

        return check_prefix

    def decode(self, data: Any, where: str, state: Any) -> Any:
        codecs = enumerate(self._codecs(data, where, list))
        out = tuple(c.decode(v, f"{where}[{i}]", state) for i, (c, v) in codecs)
        if self.unique and len(set(out)) != len(out):
            raise _bad(where, f"must list each item once, not {brief(data)}")
        return out

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array"}
        if self.prefix:
            out["prefixItems"] = [c.schema() for c in self.prefix]
        out["items"] = False if self.item is None else self.item.schema()
        out.update(minItems=self.min_len, maxItems=self.max_len)
        return {**out, "uniqueItems": True} if self.unique else out


def _call(check: Callable[[Any], bool], value: Any) -> bool:
    return check(value)


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
            raise _bad(where, f"must be {self.expects()}, not {brief(value)}")
        out: dict[str, Any] = {} if self.tag is None else {"type": self.tag}
        for name, codec in self.fields:
            out[name] = codec.encode(getattr(value, name), f"{where}.{name}")
        return out

    def expects(self) -> str:
        return f"a {self.cls.__name__}"

    def predicate(self, values: bool = True) -> Callable[[Any], bool]:
        cls = self.cls
        checks = tuple((name, codec.predicate(values)) for name, codec in self.fields)

        def check(v: Any) -> bool:
            if type(v) is not cls:
                return False
            for name, field in checks:  # noqa: SIM110 - twice as fast as all() over a generator (timeit)
                if not field(getattr(v, name)):
                    return False
            return True

        return check

    def decode(self, data: Any, where: str, state: Any) -> Any:
        if type(data) is not dict:
            raise _bad(where, f"must be a JSON object, not {brief(data)}")
        keys = self.keys()
        if data.keys() != keys:
            missing = sorted(keys - data.keys())
            extra = [k for k in data if k not in keys]
            parts = ([f"lacks {brief(missing, 200)}"] if missing else []) + (
                [f"has unknown key(s) {brief_keys(extra)}"] if extra else []
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


def record_codec(
    cls: type, *, fields: Mapping[str, Codec] | None = None, types: Mapping[Any, Codec] | None = None
) -> Record:
    """The codec of a nested `attrs` record (no type tag), derived as `move_wire` derives a move's."""
    return _record(cls, None, fields or {}, types or {})
