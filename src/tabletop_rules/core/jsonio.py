"""Reading JSON from outside the library: sizes first, strict parsing, then typed fields.

Every game's ``from_json``, its content loaders (card lists, packs) and the
game records read untrusted text through this module, so the same checks hold
everywhere, in the same order:

1. the input's type (``str``, or UTF-8 ``bytes``) and its size, before any
   costly work (`load_json`, `read_text_file`);
2. strict JSON: no ``NaN``/``Infinity``, no duplicate keys, no lone surrogate
   (it could not be written back as UTF-8), nesting deep enough to blow the
   stack reported as an error;
3. typed fields with bounds (`Fields` and the ``as_*`` functions): an
   integer is an ``int`` and never a ``bool`` or a float, every number has a
   range, every list and string a length limit.

Every failure is the caller's error class (``InvalidStateError`` by default)
with a sentence that names the path of the bad field; values are echoed
shortened (`brief`), never whole.
"""

from __future__ import annotations

import contextlib
import contextvars
import enum
import functools
import itertools
import json
import os
import re
from collections.abc import Callable, Collection, Iterator, Mapping
from pathlib import Path
from typing import Any, Final, NoReturn

import attrs

from tabletop_rules.core.errors import InvalidStateError, TabletopRulesError

__all__ = [
    "MAX_ECHO",
    "MAX_REPR",
    "Fields",
    "as_bool",
    "as_choice",
    "as_int",
    "as_list",
    "as_object",
    "as_text",
    "brief",
    "brief_keys",
    "check_text",
    "json_style",
    "load_json",
    "one_line",
    "read_text_file",
]

ErrorType = type[TabletopRulesError]

MAX_ECHO: Final = 60
"""How many characters of a bad value an error message repeats."""
MAX_REPR: Final = 200
"""The longest ``repr`` of a state, a view, a context or options: one line at a REPL."""

_SURROGATE_ESCAPE: Final = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_JSON_STYLE: Final = contextvars.ContextVar("tabletop_rules_json_style", default=False)


@contextlib.contextmanager
def json_style() -> Iterator[None]:
    """Within the block, `brief` writes what JSON can hold as JSON: ``"Z9"``, ``null``, ``true``, ``["a"]``.

    For messages about a document a client sent (a move JSON): the client reads its own values
    in its own syntax, not Python's (``'Z9'``, ``None``, ``True``). Other values are described
    as usual. The setting is local to the thread (a context variable).
    """
    token = _JSON_STYLE.set(True)
    try:
        yield
    finally:
        _JSON_STYLE.reset(token)


def brief(value: object, limit: int = MAX_ECHO) -> str:
    """A short description of ``value`` for an error message: its ``repr``, cut to ``limit`` characters.

    Safe on anything a caller can pass: it never raises, never recurses (a list nested 10⁴ deep
    is described like any other), stops reading a value once ``limit`` characters are written
    (a huge string, list or number costs no more than a small one), and calls no ``__repr__``
    but those of Python's own scalars and of the library's classes. A subclass of ``str``,
    ``int`` or ``float`` shows its class (``MyStr('a')``), since it prints like the real thing;
    any other foreign object is named by its class alone (``<Foo object>``).
    """
    try:
        text = _Describer(limit, _JSON_STYLE.get()).run(value)
    except Exception:  # a hostile attribute or enum member: name the type alone
        text = f"<{_type_name(value)} object>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def one_line(kind: str, summary: Callable[[], str]) -> str:
    """``<kind summary>``, cut to `MAX_REPR` characters: the ``repr`` of a big record.

    A repr never raises: if ``summary`` fails (a record built by hand with wrong fields), the
    text says ``(malformed)``.
    """
    try:
        text = f"<{kind} {summary()}>"
    except Exception:
        text = f"<{kind} (malformed)>"
    return text if len(text) <= MAX_REPR else text[: MAX_REPR - 4] + "...>"


def brief_keys(keys: Collection[object], shown: int = 5) -> str:
    """Some of ``keys`` for a message (``'a', 'b' and 99998 more``), however many there are."""
    first = [brief(k, 30) for k in itertools.islice(keys, shown)]
    more = len(keys) - len(first)
    return ", ".join(first) + (f" and {more} more" if more > 0 else "")


def _type_name(value: object) -> str:
    kind = type(value)
    name = kind.__qualname__
    if type(name) is not str or len(name) > 40:
        return "?"
    return f"numpy.{name}" if getattr(kind, "__module__", None) == "numpy" else name


_SCALARS: Final = (str, bytes, bytearray, int, float, complex, bool, type(None))
_TRUSTED_MODULE: Final = re.compile(r"(tabletop_rules|fractions|decimal|pathlib|numpy)(\.|$)")


class _Describer:
    """Writes the repr of a value from an explicit stack (no recursion), stopping past a budget."""

    __slots__ = ("budget", "json", "out", "size")

    def __init__(self, limit: int, json: bool = False) -> None:
        self.budget = limit + 1  # one character past the limit is enough to know it was cut
        self.json = json  # write strings, None, bools, lists, tuples and dicts as JSON
        self.out: list[str] = []
        self.size = 0

    def run(self, value: object) -> str:
        stack: list[tuple[bool, object]] = [(False, value)]  # (is literal text, item)
        while stack and self.size < self.budget:
            literal, item = stack.pop()
            if literal:
                self._write(item)  # type: ignore[arg-type]
            else:
                stack.extend(reversed(self._parts(item)))
        return "".join(self.out)

    def _write(self, text: str) -> None:
        self.out.append(text)
        self.size += len(text)

    def _parts(self, value: object) -> list[tuple[bool, object]]:
        """The text of ``value`` as literal pieces and inner values still to describe."""
        kind = type(value)
        if self.json and kind in _JSON_SCALARS:
            return [(True, _json_scalar(value, 4 * self.budget))]
        if kind in _SCALARS:
            return [(True, _scalar(value, 4 * self.budget))]
        trusted = _TRUSTED_MODULE.match(getattr(kind, "__module__", "") or "")
        if isinstance(value, enum.Enum):
            return [(True, repr(value) if trusted else f"{_type_name(value)}.{value.name}")]
        if kind.__name__ == "ndarray" and kind.__module__ == "numpy":
            return [(True, f"<numpy array of shape {brief(getattr(value, 'shape', None))}>")]
        plain = _plain_scalar(value)
        if plain is not None:  # a subclass of str, int or float: shown with its class, by the base's repr
            return [(True, f"{_type_name(value)}({_scalar(plain, 4 * self.budget)})")]
        if kind is list or kind is tuple or kind is set or kind is frozenset or kind is dict:
            return self._container(value, kind)
        if attrs.has(kind) and _attrs_repr(kind):
            fields = [f.name for f in attrs.fields(kind) if f.repr]
            parts: list[tuple[bool, object]] = [(True, f"{kind.__qualname__}(")]
            for i, name in enumerate(fields[: self.budget]):
                parts += [(True, f"{', ' if i else ''}{name}="), (False, getattr(value, name))]
            return [*parts, (True, ")")]
        if trusted:
            return [(True, repr(value)[: 4 * self.budget])]
        return [(True, f"<{_type_name(value)} object>")]

    def _container(self, value: Any, kind: type) -> list[tuple[bool, object]]:
        size = len(value)
        if self.json and kind is tuple:
            kind = list  # JSON has one kind of array
        if size > self.budget:
            return [(True, f"<{kind.__name__} of {size} items>")]
        if kind is dict:
            items: list[tuple[bool, object]] = []
            for i, (key, item) in enumerate(value.items()):
                items += [(True, ", " if i else ""), (False, key), (True, ": "), (False, item)]
            return [(True, "{"), *items, (True, "}")]
        if kind is set or kind is frozenset:
            if not size:
                return [(True, f"{kind.__name__}()")]
            open_, close = ("{", "}") if kind is set else ("frozenset({", "})")
        else:
            open_, close = ("[", "]") if kind is list else ("(", ",)" if size == 1 else ")")
        items = []
        for i, item in enumerate(value):
            items += [(True, ", " if i else ""), (False, item)]
        return [(True, open_), *items, (True, close)]


_JSON_SCALARS: Final = (str, bool, type(None))


def _json_scalar(value: Any, cut: int) -> str:
    """A string, ``None`` or a bool as JSON text (a string cut to about ``cut`` characters first)."""
    if type(value) is str:
        return json.dumps(value[:cut], ensure_ascii=False)
    return "null" if value is None else ("true" if value else "false")


def _plain_scalar(value: object) -> str | int | float | None:
    """The plain ``str``, ``int`` or ``float`` inside a subclass instance (bypassing its overrides)."""
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int):
        return int.__int__(value)
    if isinstance(value, float):
        return float.__float__(value)
    return None


def _scalar(value: Any, cut: int) -> str:
    """The repr of a built-in scalar, never longer than about ``cut`` characters to build."""
    if isinstance(value, str | bytes | bytearray):
        return repr(value[:cut])
    if type(value) is int and value.bit_length() > cut:
        return f"<int of {value.bit_length()} bits>"  # repr would fail past 4300 digits
    return repr(value)


@functools.cache  # keyed by class; a class's repr method does not change
def _attrs_repr(kind: type) -> bool:
    """Whether ``kind`` uses the ``repr`` attrs wrote (described field by field, without recursion)."""
    code = getattr(kind.__repr__, "__code__", None)
    return code is not None and code.co_filename.startswith("<attrs generated")


def _fail(error: ErrorType, where: str, message: str) -> NoReturn:
    raise error(f"{where}: {message}" if where else message)


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        dup = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise ValueError(f"duplicate key {brief(dup)}")
    return out


def load_json(text: object, *, limit: int, what: str, error: ErrorType = InvalidStateError) -> Any:
    """The value of the JSON document ``text``, checked for size before it is parsed.

    Args:
        text: a ``str`` (or UTF-8 ``bytes``) of at most ``limit`` characters.
        limit: the largest accepted size, in characters (bytes for ``bytes``).
        what: what the text is, for messages (``"Valandris state JSON"``).
        error: the error class to raise.

    Raises:
        error: on a wrong type, an oversized text, invalid or non-strict JSON
            (``NaN``, duplicate keys, lone surrogates) or nesting too deep.
    """
    if isinstance(text, bytes | bytearray) and type(text) in (bytes, bytearray):
        if len(text) > limit:
            _fail(error, "", f"{what} is {len(text)} bytes, more than the limit of {limit}")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            _fail(error, "", f"{what} is not UTF-8 text ({exc.reason} at byte {exc.start})")
    if type(text) is not str:
        _fail(error, "", f"{what} must be a str, not {type(text).__name__}")
    if len(text) > limit:
        _fail(error, "", f"{what} is {len(text)} characters, more than the limit of {limit}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        _fail(error, "", f"{what} contains a lone surrogate at character {exc.start}")
    try:
        data = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_unique_keys)
    except RecursionError:
        _fail(error, "", f"{what} is nested too deeply")
    except ValueError as exc:  # JSONDecodeError, the int-digits limit, our hooks
        _fail(error, "", f"{what} is not valid JSON ({brief(str(exc), 120)[1:-1]})")
    if _SURROGATE_ESCAPE.search(text):
        try:
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            _fail(error, "", f"{what} contains an escaped lone surrogate")
        except RecursionError:  # pragma: no cover - json.loads would have failed first
            _fail(error, "", f"{what} is nested too deeply")
    return data


def read_text_file(
    path: str | os.PathLike[str], *, limit: int, what: str, error: ErrorType = InvalidStateError
) -> str:
    """The UTF-8 text of the file at ``path``, reading no more than the limit allows.

    Raises:
        error: if the path is not a readable file, the file is larger than
            ``limit`` characters, or it is not UTF-8.
    """
    if not isinstance(path, str | os.PathLike):
        _fail(error, "", f"{what}: a path is a str or os.PathLike, not {type(path).__name__}")
    try:
        with Path(path).open("rb") as handle:
            raw = handle.read(4 * limit + 1)  # a character is at most 4 UTF-8 bytes
    except (OSError, ValueError) as exc:  # ValueError: an embedded NUL in the path
        _fail(error, "", f"{what}: cannot read {brief(str(path))}: {type(exc).__name__}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        if len(raw) > 4 * limit:
            _fail(error, "", f"{what}: {brief(str(path))} is larger than the limit of {limit} characters")
        _fail(error, "", f"{what}: {brief(str(path))} is not UTF-8 text ({exc.reason} at byte {exc.start})")
    if len(text) > limit:
        _fail(error, "", f"{what}: {brief(str(path))} is larger than the limit of {limit} characters")
    return text


def check_text(value: str, where: str, *, error: ErrorType = InvalidStateError) -> str:
    """``value`` if it can be written as UTF-8 (no lone surrogate); otherwise the error."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        _fail(error, where, "contains a lone surrogate")
    return value


def as_int(value: object, where: str, *, low: int, high: int, error: ErrorType = InvalidStateError) -> int:
    """``value`` if it is an ``int`` (not a ``bool``) in ``low..high``."""
    if type(value) is not int or not low <= value <= high:
        _fail(error, where, f"must be an integer in {low}..{high}, not {brief(value)}")
    return value


def as_bool(value: object, where: str, *, error: ErrorType = InvalidStateError) -> bool:
    """``value`` if it is ``True`` or ``False``."""
    if type(value) is not bool:
        _fail(error, where, f"must be true or false, not {brief(value)}")
    return value


def as_text(
    value: object,
    where: str,
    *,
    max_len: int,
    error: ErrorType = InvalidStateError,
) -> str:
    """``value`` if it is a ``str`` of at most ``max_len`` characters with no lone surrogate."""
    if type(value) is not str:
        _fail(error, where, f"must be a string, not {brief(value)}")
    if len(value) > max_len:
        _fail(error, where, f"must be at most {max_len} characters, not {len(value)}")
    return check_text(value, where, error=error)


def as_choice(
    value: object, where: str, choices: Collection[Any], *, error: ErrorType = InvalidStateError
) -> Any:
    """``value`` if it is one of ``choices`` with the same type (``True`` is not ``1``)."""
    for choice in choices:
        if type(value) is type(choice) and value == choice:
            return choice
    _fail(error, where, f"must be one of {brief(tuple(choices), 200)}, not {brief(value)}")


def as_list(value: object, where: str, *, max_len: int, error: ErrorType = InvalidStateError) -> list[Any]:
    """``value`` if it is a list of at most ``max_len`` items."""
    if type(value) is not list:
        _fail(error, where, f"must be a list, not {brief(value)}")
    if len(value) > max_len:
        _fail(error, where, f"must have at most {max_len} items, not {len(value)}")
    return value


def as_object(value: object, where: str, *, error: ErrorType = InvalidStateError) -> dict[str, Any]:
    """``value`` if it is a JSON object (a ``dict`` with string keys)."""
    if type(value) is not dict or not all(type(k) is str for k in value):
        _fail(error, where, f"must be a JSON object, not {brief(value)}")
    return value


class Fields:
    """Typed access to the fields of one JSON object, each failure naming the field's path.

    Example::

        f = Fields(data, "state", required=("turn", "seals"), optional=("note",))
        turn = f.integer("turn", low=1, high=MAX_TURNS)
        seals = f.array("seals", max_len=12)

    Raises:
        error: (on construction) if ``data`` is not an object, lacks a required
            key or has a key that is neither required nor optional.
    """

    __slots__ = ("data", "error", "where")

    def __init__(
        self,
        data: object,
        where: str,
        *,
        required: Collection[str],
        optional: Collection[str] = (),
        error: ErrorType = InvalidStateError,
    ) -> None:
        self.data: Mapping[str, Any] = as_object(data, where, error=error)
        self.where = where
        self.error = error
        keys = self.data.keys()
        missing = [k for k in required if k not in keys]
        extra = sorted(k for k in keys if k not in required and k not in optional)
        if missing or extra:
            parts = ([f"lacks {missing}"] if missing else []) + (
                [f"has unknown key(s) {brief_keys(extra)}"] if extra else []
            )
            _fail(error, where, " and ".join(parts))

    def path(self, key: str) -> str:
        """The path of field ``key``, for messages."""
        return f"{self.where}.{key}" if self.where else key

    def has(self, key: str) -> bool:
        """Whether the (optional) field is present."""
        return key in self.data

    def raw(self, key: str, default: Any = None) -> Any:
        """The field's value, unchecked (``default`` if an optional field is absent)."""
        return self.data.get(key, default)

    def integer(self, key: str, *, low: int, high: int) -> int:
        return as_int(self.data.get(key), self.path(key), low=low, high=high, error=self.error)

    def optional_integer(self, key: str, *, low: int, high: int) -> int | None:
        value = self.data.get(key)
        return None if value is None else self.integer(key, low=low, high=high)

    def boolean(self, key: str) -> bool:
        return as_bool(self.data.get(key), self.path(key), error=self.error)

    def text(self, key: str, *, max_len: int) -> str:
        return as_text(self.data.get(key), self.path(key), max_len=max_len, error=self.error)

    def optional_text(self, key: str, *, max_len: int) -> str | None:
        value = self.data.get(key)
        return None if value is None else self.text(key, max_len=max_len)

    def choice(self, key: str, choices: Collection[Any]) -> Any:
        return as_choice(self.data.get(key), self.path(key), choices, error=self.error)

    def array(self, key: str, *, max_len: int) -> list[Any]:
        return as_list(self.data.get(key), self.path(key), max_len=max_len, error=self.error)

    def items(self, key: str, read: Callable[[Any, str], Any], *, max_len: int) -> tuple[Any, ...]:
        """The field's list, each item read by ``read(item, path)``, as a tuple."""
        path = self.path(key)
        return tuple(read(item, f"{path}[{i}]") for i, item in enumerate(self.array(key, max_len=max_len)))

    def child(self, key: str, *, required: Collection[str], optional: Collection[str] = ()) -> Fields:
        """The `Fields` of a nested object."""
        return Fields(
            self.data.get(key), self.path(key), required=required, optional=optional, error=self.error
        )
