"""Immutable building blocks: changing a frozen record, and read-only tables.

Every state of the library is a frozen ``attrs`` class, and a move builds the
next state by changing a few fields of the last one.  `evolve` is the one
way to do that: keyword-only, checked by mypy (its signature *is*
``attrs.evolve`` for the type checker, whose attrs plugin checks every keyword
and type), and about 1.5 times as fast as ``attrs.evolve`` at run time because
it copies the slots directly instead of calling ``__init__`` (states have no
validators or converters on the hot path; the conformance suite checks the
result equals ``attrs.evolve``'s).

`frozen_mapping` wraps a table that is shared between states (card
indexes, content lookups) so that nobody can change it through a state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

__all__ = ["evolve", "frozen_mapping"]

_K = TypeVar("_K")
_V = TypeVar("_V")

_Slots = tuple[tuple[str, Callable[[Any, Any], Any], Callable[[Any, Any], None]], ...]
_SLOTS: dict[type, tuple[_Slots, Callable[[Any, Any], None] | None]] = {}
"""Per class: (name, getter, setter) of every field, and the cached-hash slot's setter.

Filled once per class on first use; keys are classes, values are immutable
tuples of descriptor methods, so concurrent first uses only write the same value twice."""


def _slots(cls: type) -> tuple[_Slots, Callable[[Any, Any], None] | None]:
    found = _SLOTS.get(cls)
    if found is None:
        def descriptor(name: str) -> Any:
            return next(k.__dict__[name] for k in cls.__mro__ if name in k.__dict__)

        fields = tuple(
            (f.name, descriptor(f.name).__get__, descriptor(f.name).__set__)
            for f in attrs.fields(cls)
        )
        has_hash = any("_attrs_cached_hash" in getattr(k, "__slots__", ()) for k in cls.__mro__)
        found = (fields, descriptor("_attrs_cached_hash").__set__ if has_hash else None)
        _SLOTS[cls] = found
    return found


if TYPE_CHECKING:
    from attrs import evolve as evolve  # noqa: PLC0414 - mypy's attrs plugin checks the keywords and their types
else:

    def evolve(inst, /, **changes):
        """A copy of the frozen, slotted attrs record ``inst`` with ``changes`` applied.

        Equivalent to ``attrs.evolve(inst, **changes)`` for records without
        validators or converters (the state records of this library).

        Raises:
            TypeError: if a keyword is not a field of the record.
        """
        fields, set_hash = _slots(type(inst))
        new = object.__new__(type(inst))
        for name, get, set_ in fields:
            set_(new, changes.pop(name) if name in changes else get(inst, None))
        if changes:
            raise TypeError(f"{type(inst).__name__} has no field(s) {sorted(changes)}")
        if set_hash is not None:
            set_hash(new, None)
        return new


def frozen_mapping(table: Mapping[_K, _V]) -> Mapping[_K, _V]:
    """A read-only view of a copy of ``table`` (a ``MappingProxyType``; lookups cost the same)."""
    return MappingProxyType(dict(table))
