"""The exact shape of a game's moves: the one check every entry point runs before a rule reads a move.

`move_shapes` derives, from a game's move classes and the codecs of `core.codecs`, a
`MoveShapes`: which classes are moves, and the exact types and bounds of their fields. Every
game's `check_move`, `move_to_action`, `move_to_chance` and `move_to_str` run it first, so the
three games refuse look-alikes (a subclass, a ``numpy.str_``, a float equal to an int, a
``bool``) the same way and with the same sentence, and a hostile field is never hashed, compared
or printed in full. The move JSON of `core.wire` is derived from the same records.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeAlias

import attrs

from tabletop_rules.core.codecs import Array, Codec, Integer, Names, Record, Text, Union, _record
from tabletop_rules.core.errors import InvalidMoveError
from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.core.jsonio import brief

__all__ = ["MoveShapes", "check_id", "move_shapes"]


@attrs.frozen(eq=False)
class MoveShapes:
    """The exact shape of a game's moves (build it with `move_shapes`): a tagged `Record` per move class.

    It is the one check of a move object's exact types and bounds, which every game's
    `check_move`, `move_to_action`, `move_to_chance` and `move_to_str` run before anything
    else: a move is one of the game's classes (not a subclass or a look-alike) whose fields have
    exactly the types of their annotations (an `int` is never a `bool`, a float or a numpy
    integer; a `str` is never a subclass) and lie within their codecs' bounds. The move JSON
    (`MoveWire`) is derived from the same records, so what a client may send and what Python code
    may pass cannot differ.
    """

    game: str
    records: Mapping[str, Record]  # tag -> record
    by_class: Mapping[type, Record]
    checks: Mapping[type, Callable[[Any], bool]] = attrs.field(init=False, repr=False)
    type_checks: Mapping[type, Callable[[Any], bool]] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        checks = {cls: record.predicate() for cls, record in self.by_class.items()}
        object.__setattr__(self, "checks", frozen_mapping(checks))
        types_ = {cls: _type_check(record) for cls, record in self.by_class.items()}
        object.__setattr__(self, "type_checks", frozen_mapping(types_))

    def accepts(self, move: object) -> bool:
        """Whether `move` is exactly a move of this game (class, field types and bounds); never raises."""
        check = self.checks.get(type(move))
        return check is not None and check(move)

    def check(self, move: object) -> None:
        """Return quietly if `accepts(move)`; otherwise raise, naming the class or the field.

        Raises:
            InvalidMoveError: if `move` is not exactly a move object of this game.
        """
        if not self.accepts(move):
            self.encode(move)
            raise InvalidMoveError(f"{brief(move)} is not a well-formed {self.game} move")  # pragma: no cover

    def lookup(self, table: Mapping[Any, int], move: object, what: str) -> int:
        """The id of `move` in `table` (a game's action or chance outcome ids), checked first.

        The exact types of the move's fields are checked before it is hashed: a look-alike never
        reaches the table (it would find the id of the move it equals), and a hostile field is
        never hashed. A move of the exact types that is equal to one of the table's (which are
        well formed) is that move, so its values need no other check.

        Raises:
            InvalidMoveError: if `move` is not exactly a move of this game, or not one of `table`'s
                (the message says it is not a `what`).
        """
        check = self.type_checks.get(type(move))
        if check is not None and check(move):
            found = table.get(move)
            if found is not None:
                return found
        self.check(move)
        raise InvalidMoveError(f"{brief(move)} is not a {what}")

    def encode(self, move: Any) -> dict[str, Any]:
        """The JSON of a move object, without checking that it is legal (`InvalidMoveError` if malformed)."""
        record = self.by_class.get(type(move))
        if record is None:
            base = next((c.__name__ for c in self.by_class if isinstance(move, c)), None)
            what = f" (a subclass of {base})" if base else ""
            raise InvalidMoveError(
                f"expected a {self.game} move object, not {brief(move)}{what}; parse text with parse_move"
            )
        return record.encode(move, record.cls.__name__)  # type: ignore[no-any-return]

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of a move: one tagged object per move class."""
        return {"oneOf": [record.schema() for record in self.records.values()]}


def move_shapes(
    game: str,
    classes: Sequence[type],
    *,
    fields: Mapping[str, Codec] | None = None,
    types: Mapping[Any, Codec] | None = None,
) -> MoveShapes:
    """The exact shape of a game's moves, derived from its move classes by `attrs` introspection.

    Args:
        game: the game's name, for messages.
        classes: every move class; the tag of each is its class name.
        fields: codecs by field, as `"Class.field"` or as a field name shared by every class
            (nested records included: `"BonusSpace.level"`).
        types: codecs by annotation (`Piece`, `tuple[str, ...]`), used wherever it appears.

    Raises:
        TypeError: (at import, a bug of the game's `moves.py`) if an annotation has no codec: an
            `int`, a `str` or a variable-length tuple needs one that gives its bounds.
    """
    records = {cls.__name__: _record(cls, cls.__name__, fields or {}, types or {}) for cls in classes}
    return MoveShapes(
        game=game,
        records=frozen_mapping(records),
        by_class=frozen_mapping({r.cls: r for r in records.values()}),
    )


def check_id(value: object, size: int, what: str) -> int:
    """`value` if it is an `int` in `range(size)` (an action or chance outcome id of `size` ids).

    Raises:
        InvalidMoveError: for anything else: a `bool`, a float, a numpy integer, a subclass of
            `int`, or an `int` out of range is not an id.
    """
    if type(value) is not int or not 0 <= value < size:
        raise InvalidMoveError(f"{brief(value)} is not a {what} (an int in 0..{size - 1})")
    return value


def _type_check(record: Record) -> Callable[[Any], bool]:
    """`record.predicate(values=False)`, as one loop over the fields where every field is a scalar or
    a tuple of scalars.

    Most moves have one or two such fields; `MoveShapes.lookup` runs this on every legal move an id
    is asked for, so it is worth one flat loop instead of a closure a field: under callgrind, the
    ids of every legal move of four random Chrononauts games cost 7 % fewer instructions (25,700
    a move against 27,600 with the closures; 20,600 with no check at all).
    """
    specs = [_flat_spec(codec) for _, codec in record.fields]
    if any(spec is None for spec in specs):
        return record.predicate(values=False)
    cls = record.cls
    fields = tuple((name, spec) for (name, _), spec in zip(record.fields, specs, strict=True))

    def check(v: Any) -> bool:
        if type(v) is not cls:
            return False
        for name, (types_, items, high) in fields:  # type: ignore[misc]
            value = getattr(v, name)
            if type(value) not in types_:
                return False
            if items is not None and (len(value) > high or not items.issuperset(map(type, value))):
                return False
        return True

    return check


_FlatSpec: TypeAlias = tuple[frozenset[type], frozenset[type] | None, int]


def _flat_spec(codec: Codec) -> _FlatSpec | None:
    """(exact types, item types of a tuple or None, most items) of a codec of scalars or of a tuple
    of scalars; None for anything deeper."""
    scalar = _scalar_types(codec)
    if scalar is not None:
        return scalar, None, 0
    if isinstance(codec, Array) and not codec.prefix and codec.item is not None:
        items = _scalar_types(codec.item)
        return None if items is None else (frozenset((tuple,)), items, codec.max_len)
    return None


def _scalar_types(codec: Codec) -> frozenset[type] | None:
    """The exact types of a codec of scalars (through nested unions), or `None` for arrays and records."""
    if isinstance(codec, Union):
        parts = [_scalar_types(option) for option in codec.options]
        return None if any(p is None for p in parts) else frozenset(t for p in parts if p for t in p)
    return frozenset(codec.py_types()) if type(codec) in (Integer, Text, Names) else None
