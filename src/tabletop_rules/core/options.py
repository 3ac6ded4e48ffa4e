"""What every game's options class shares: checks derived from the type annotations, and dict I/O.

A game's options are one frozen ``attrs`` class named ``Options`` in the game's
``options.py``, one field per ruling or variant, each with the rulebook's (or
spec's) default.  It inherits `GameOptions`, which

* checks every field on construction from its annotation alone: ``bool`` is
  ``True``/``False``, ``Literal[...]`` one of its values (of the same type, so
  ``True`` is not ``1``), ``int`` within the ``(low, high)`` given by
  `int_option` (``int | None`` also takes ``None``); there is no
  hand-kept table of allowed values to fall out of step;
* gives `GameOptions.to_dict`, `GameOptions.from_dict` and
  `GameOptions.choices` (the allowed values of every enumerable field,
  for front ends and docs).

Fields of any other type check themselves (a converter or validator).
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Literal, Self

import attrs

from tabletop_rules.core.errors import InvalidOptionError
from tabletop_rules.core.jsonio import MAX_REPR, brief, brief_keys

__all__ = ["GameOptions", "int_option"]


_Spec = tuple[tuple[str, str, Any], ...]
_SPECS: dict[type, _Spec] = {}


def int_option(default: int | None, *, low: int, high: int) -> Any:
    """An integer option field with its range (and ``None`` if the annotation allows it)."""
    return attrs.field(default=default, metadata={"range": (low, high)})


def _game(cls: type) -> str:
    parts = cls.__module__.split(".")
    return parts[1].title() if len(parts) > 1 and parts[0] == "tabletop_rules" else cls.__name__


def _spec(cls: type) -> _Spec:
    found = _SPECS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        out = []
        for field in attrs.fields(cls):
            hint = hints[field.name]
            args = typing.get_args(hint)
            if hint is bool:
                out.append((field.name, "choice", (False, True)))
            elif typing.get_origin(hint) is Literal:
                out.append((field.name, "choice", args))
            elif "range" in field.metadata and (hint is int or set(args) == {int, type(None)}):
                out.append((field.name, "int" if hint is int else "int?", field.metadata["range"]))
        found = tuple(out)
        _SPECS[cls] = found
    return found


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, tuple | list) else value


class GameOptions:
    """Base of every game's ``Options``: annotation-driven checks, ``to_dict``/``from_dict``, ``choices``."""

    __slots__ = ()

    def __attrs_post_init__(self) -> None:
        game = _game(type(self))
        for name, kind, allowed in _spec(type(self)):
            value = getattr(self, name)
            if kind == "choice":
                if not any(type(value) is type(a) and value == a for a in allowed):
                    raise InvalidOptionError(
                        f"{game} option {name} must be one of {allowed}, not {brief(value)}"
                    )
            elif not (value is None and kind == "int?"):
                low, high = allowed
                if type(value) is not int or not low <= value <= high:
                    none = " or None" if kind == "int?" else ""
                    raise InvalidOptionError(
                        f"{game} option {name} must be an integer in {low}..{high}{none}, not {brief(value)}"
                    )
        self._check()

    def _check(self) -> None:
        """Checks that involve several fields; a game's ``Options`` overrides it."""

    def __repr__(self) -> str:
        """The options as the call that builds them, naming only the fields that differ from the defaults.

        ``Options()`` holds every default and ``Options(variant='artifaxx')`` one change, so a repr
        stays a line (at most `MAX_REPR` characters: a long list of changes is cut, and says how
        many it left out). Every field, defaults included, is ``options.to_dict()``. A game's
        ``Options`` declares ``repr=False`` so that attrs keeps this one.
        """
        changed = []
        for field in attrs.fields(type(self)):  # type: ignore[arg-type]  # every subclass is an attrs class
            default = field.default
            if isinstance(default, attrs.Factory):  # type: ignore[arg-type]  # attrs.Factory is a class
                default = default.factory()
            value = getattr(self, field.name)
            if value != default:
                changed.append(f"{field.name}={brief(value)}")
        name = type(self).__name__
        shown: list[str] = []
        width = len(name) + 2
        for i, part in enumerate(changed):
            if width + len(part) + 2 > MAX_REPR - 30:  # room left for the note
                shown.append(f"... {len(changed) - i} more; see to_dict()")
                break
            shown.append(part)
            width += len(part) + 2
        return f"{name}({', '.join(shown)})"

    @classmethod
    def choices(cls) -> Mapping[str, tuple[Any, ...]]:
        """The allowed values of every ``bool`` and ``Literal`` field, in declaration order."""
        return {name: allowed for name, kind, allowed in _spec(cls) if kind == "choice"}

    def to_dict(self) -> dict[str, Any]:
        """Every field, JSON-ready (tuples become lists)."""
        return {name: _plain(value) for name, value in attrs.asdict(self, recurse=False).items()}  # type: ignore[arg-type]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Options from a mapping of field names (as `to_dict` makes); absent fields keep defaults.

        Raises:
            InvalidOptionError: on a non-mapping, an unknown field or a bad value.
        """
        if type(data) not in (dict, MappingProxyType):  # a Mapping of the caller's own could do anything
            raise InvalidOptionError(
                f"{_game(cls)} options must be a dict (a mapping of field names), not {brief(data)}"
            )
        known = {f.name for f in attrs.fields(cls)}  # type: ignore[arg-type]
        unknown = [k for k in data if type(k) is not str or k not in known]
        if unknown:
            raise InvalidOptionError(f"unknown {_game(cls)} option(s): {brief_keys(unknown)}")
        try:
            return cls(**data)
        except TypeError as exc:  # pragma: no cover - every field has a default
            raise InvalidOptionError(f"bad {_game(cls)} options: {exc}") from None

    @classmethod
    def coerce(cls, options: Self | Mapping[str, Any] | None) -> Self:
        """``options`` as this class: an instance, a mapping (through `from_dict`) or ``None`` (defaults).

        Raises:
            InvalidOptionError: on anything else, or a bad mapping.
        """
        if options is None:
            default = _DEFAULTS.get(cls)
            if default is None:  # checked once per class, then shared: the record is frozen
                default = _DEFAULTS[cls] = cls()
            return default  # type: ignore[return-value]  # the entry of ``cls`` is a ``cls``
        if type(options) is cls:
            return options
        if type(options) in (dict, MappingProxyType):
            return cls.from_dict(options)  # type: ignore[arg-type]
        raise InvalidOptionError(
            f"{_game(cls)} options must be {cls.__name__}, a dict or None, not {type(options).__name__}"
        )


_DEFAULTS: dict[type[GameOptions], GameOptions] = {}
"""Per options class, its default instance, made on first use (one entry per class; immutable values)."""
