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

`open_layout` serves the few hot paths that build one large state record per
move (see its docstring); `native_record` the records that the compiled build
makes native classes.
"""

from __future__ import annotations

import operator
from collections import deque as _consume
from collections.abc import Callable, Mapping
from itertools import repeat
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

__all__ = ["evolve", "frozen_mapping", "native_record", "open_layout"]

_K = TypeVar("_K")
_V = TypeVar("_V")


class _Layout:
    """How to copy one record class: read every field in one C call, write each slot directly."""

    __slots__ = ("getter", "index", "set_hash", "setters")

    def __init__(self, cls: type) -> None:
        names = [f.name for f in attrs.fields(cls)]

        def descriptor(name: str) -> Any:
            return next(k.__dict__[name] for k in cls.__mro__ if name in k.__dict__)

        # attrgetter with several names returns a tuple of them all, read in C.
        self.getter: Callable[[Any], Any] = (
            operator.attrgetter(*names) if len(names) > 1 else (lambda inst: (getattr(inst, names[0]),))
        )
        self.index = {name: i for i, name in enumerate(names)}
        self.setters = tuple(descriptor(name).__set__ for name in names)
        has_hash = any("_attrs_cached_hash" in getattr(k, "__slots__", ()) for k in cls.__mro__)
        self.set_hash = descriptor("_attrs_cached_hash").__set__ if has_hash else None


_call = operator.call
_LAYOUTS: dict[type, _Layout] = {}
"""Per record class, its `_Layout`, made on first use (an immutable value: concurrent first uses only
store equal layouts twice)."""


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
        cls = type(inst)
        layout = _LAYOUTS.get(cls)
        if layout is None:
            layout = _LAYOUTS[cls] = _Layout(cls)
        values = list(layout.getter(inst))
        index = layout.index
        for name, value in changes.items():
            if name not in index:
                raise TypeError(f"{cls.__name__} has no field {name!r}")
            values[index[name]] = value
        new = object.__new__(cls)
        # Write every slot through its descriptor: map + a zero-length deque run the loop in C,
        # which is a fifth faster than a Python for-loop over 20-odd fields.
        _consume(map(_call, layout.setters, repeat(new), values), 0)
        if layout.set_hash is not None:
            layout.set_hash(new, None)
        return new


def frozen_mapping(table: Mapping[_K, _V]) -> Mapping[_K, _V]:
    """A read-only view of a copy of ``table`` (a ``MappingProxyType``; lookups cost the same)."""
    return MappingProxyType(dict(table))


def open_layout(cls: type) -> type:
    """A class with exactly ``cls``'s memory layout, whose slots can be set by plain assignment.

    A frozen attrs record refuses ``record.field = value``, so its ``__init__`` writes every field
    through ``object.__setattr__``: about 70 ns a field, 3 µs for a 21-field state.  A hot path that
    builds one such record per move can instead fill an instance of this twin with plain assignments
    (the interpreter's specialised slot store, a few ns each) and then set its ``__class__`` to
    ``cls``, which Python allows between classes of the same layout.  The result *is* a ``cls``
    instance, equal to the one ``cls(...)`` builds, and frozen from then on; the build takes half the
    time.  Each use is a hand-written, keyword-only builder next to its record (tested equal to the
    record's constructor), for example::

        _OPEN_STATE = open_layout(State)

        def new_state(*, pack, options, ...):
            state = object.__new__(_OPEN_STATE)
            state.pack = pack
            ...
            state.__class__ = State  # the same layout: the object becomes a frozen State
            return state

    ``cls`` must be a slotted attrs record whose fields are the slots of its plain base class, declared
    with ``"__weakref__"``, so that ``cls`` itself adds at most attrs' hash cache.

    Raises:
        TypeError: if ``cls`` is not laid out that way (at import, never on the hot path).
    """
    base = cls.__mro__[1]
    slots = set(getattr(base, "__slots__", ()))
    names = {f.name for f in attrs.fields(cls)}
    if slots != {*names, "__weakref__"} or names & set(cls.__dict__.get("__slots__", ())):
        raise TypeError(f"{cls.__name__}'s base must declare its fields and '__weakref__' as its __slots__")
    twin = type(f"_Open{cls.__name__}", (base,), {"__slots__": tuple(cls.__dict__.get("__slots__", ()))})
    probe: Any = object.__new__(twin)
    probe.__class__ = cls  # raises TypeError here if the layouts differ
    return twin


def native_record(cls: type) -> None:
    """Give a native record of the compiled build the fastest ``__init__`` of the pure one.

    mypyc compiles a class decorated ``@attr.s(frozen=True, auto_attribs=True, init=False,
    slots=False)`` as a *native* class: compiled code reads its fields from the object's own
    structure instead of through the generic attribute lookup, and its hand-written ``__init__``,
    whose stores are ``object.__setattr__(self, name, value)`` (the frozen class refuses plain ones),
    becomes direct stores. attrs still adds equality, hashing, ``repr``, ``attrs.fields`` and the
    write guard. Such a record must list its fields once more in that ``__init__``, positional and in
    field order, as attrs' own would take them.

    Interpreted (the pure build), the same ``__init__`` is a slow way to fill the record: each
    ``object.__setattr__`` call looks the method up again. So in the pure build this replaces
    ``cls.__init__`` by the one attrs generates for a frozen slotted record with these fields (same
    arguments), which writes through one cached setter; in the compiled build (a native class, whose
    instances have no dictionary) it does nothing. Call it once, after the class. Measured for
    `chrononauts.frames.Window` (callgrind, 2026-11-28): a pure 6-player playout takes 1.4 % more
    instructions with the hand-written ``__init__`` than with this one.

    Raises:
        TypeError: if ``cls`` is interpreted but not a frozen attrs record without slots.
    """
    if not attrs.has(cls) or "__slots__" in cls.__dict__:
        raise TypeError(f"{cls.__name__} must be an attrs record without slots")
    if not cls.__dictoffset__:  # a native class of the compiled build: its own __init__ is the fast one
        return
    fields = attrs.fields(cls)
    if any(f.default is not attrs.NOTHING or f.converter is not None or f.kw_only or not f.init
           for f in fields):
        raise TypeError(f"{cls.__name__}'s fields must be plain, positional and without defaults")
    # attrs' init for a frozen slotted record writes through one cached ``object.__setattr__``: it
    # works on this record too, and keeps its instance dictionary in the compact form the
    # interpreter reads fastest (attrs' own init for a dict record writes ``self.__dict__``).
    twin = attrs.make_class(cls.__name__, [f.name for f in fields], frozen=True, slots=True, repr=False,
                            eq=False)
    init: Any = twin.__dict__["__init__"]
    init.__doc__ = cls.__dict__["__init__"].__doc__
    setattr(cls, "__init__", init)  # noqa: B010 - a method replaced on the class, which mypy would refuse
