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
from types import FunctionType, MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

import attr
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
            return next((k.__dict__[name] for k in cls.__mro__ if name in k.__dict__), None)

        # attrgetter with several names returns a tuple of them all, read in C.
        self.getter: Callable[[Any], Any] = (
            operator.attrgetter(*names) if len(names) > 1 else (lambda inst: (getattr(inst, names[0]),))
        )
        self.index = {name: i for i, name in enumerate(names)}
        # A record whose fields are not slots (a dict record of `native_record`, pure) has no setters:
        # `evolve` builds it with its constructor.
        descriptors = [descriptor(name) for name in names]
        self.setters: tuple[Any, ...] | None = (
            None if None in descriptors else tuple(d.__set__ for d in descriptors)
        )
        has_hash = any("_attrs_cached_hash" in getattr(k, "__slots__", ()) for k in cls.__mro__)
        self.set_hash = descriptor("_attrs_cached_hash").__set__ if has_hash else None


_call = operator.call
_NATIVE: set[type] = set()
"""The records that `native_record` found compiled: `evolve` builds them with their constructor."""
_LAYOUTS: dict[type, _Layout] = {}
"""Per record class, its `_Layout`, made on first use (an immutable value: concurrent first uses only
store equal layouts twice)."""


if TYPE_CHECKING:
    from attrs import evolve as evolve  # noqa: PLC0414 - mypy's attrs plugin checks the keywords and their types
else:

    def evolve(inst, /, **changes):
        """A copy of the frozen, slotted attrs record ``inst`` with ``changes`` applied (a record without
        slots, or a native record of the compiled build, is built with its constructor).

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
        if cls in _NATIVE or layout.setters is None:  # compiled, or a dict record: the constructor
            return cls(*values)
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
    own = {"__slots__": cls.__dict__["__slots__"]} if "__slots__" in cls.__dict__ else {}
    twin = type(f"_Open{cls.__name__}", (base,), own)
    probe: Any = object.__new__(twin)
    probe.__class__ = cls  # raises TypeError here if the layouts differ
    return twin


def native_record(
    cls: type, *, convert: Mapping[str, Callable[[Any], Any]] | None = None, builder: str | None = None
) -> None:
    """Serve a native record of the compiled build in both builds.

    mypyc compiles a class decorated ``@attr.s(frozen=True, auto_attribs=True, init=False,
    slots=False)`` as a *native* class: compiled code reads its fields from the object's own
    structure instead of through the generic attribute lookup, and its hand-written ``__init__``,
    whose stores are ``object.__setattr__(self, name, value)`` (the frozen class refuses plain ones),
    becomes direct stores. attrs still adds equality, hashing, ``repr``, ``attrs.fields`` and the
    write guard. Such a record lists its fields once more in that ``__init__``, positional and in
    field order, as attrs' own would take them, and converts there the fields named in ``convert``.

    Its hot paths build it through a static method, named by ``builder``, that only returns
    ``cls(...)`` with every field (converted already): compiled, a direct call of the constructor.

    In the compiled build (``cls.__init__`` is compiled) this notes ``cls`` for `evolve`, which then
    calls the constructor. Interpreted (the pure build), the hand-written ``__init__`` is slow, as each
    ``object.__setattr__`` call looks the method up again, so:

    - ``cls.__init__`` becomes the one attrs generates for a frozen slotted record with these fields
      (same arguments, the ``convert`` functions as converters), which writes through one cached
      setter and keeps an instance dictionary in the compact form the interpreter reads fastest;
    - when ``cls``'s plain base class declares the fields (and ``"__weakref__"``) as ``__slots__``,
      as `open_layout` wants, the static method ``builder`` becomes an open twin of ``cls`` whose
      ``__init__`` (attrs', for a mutable record: a plain slot store a field) fills the object and
      then makes it a ``cls``: a frozen ``cls`` equal to ``cls(*fields)``, built in about a sixth of
      the time of the cached-setter ``__init__`` (0.44 µs against 2.6 µs for
      `chrononauts.state.State`'s 23 fields, ``timeit``). It converts nothing, as the method it
      replaces.

    Call it once, after the class. Measured (callgrind, 2026-11-28, a
    pure 6-player Chrononauts playout): with `chrononauts.frames.Window`'s hand-written ``__init__``
    it takes 1.4 % more instructions than with attrs' one, and with ``Window``'s methods calling
    attrs' one instead of the builder, 3.2 % more (78.5 k against 76.1 k a move).

    A field's default (a plain value, not a factory) is the hand-written ``__init__``'s default too,
    and the pure build's ``__init__`` keeps it; a builder takes every field.

    Raises:
        TypeError: if ``cls`` is interpreted and not an attrs record declared with ``slots=False``,
            has fields with default factories, converters, keyword-only or outside ``__init__``, ``convert``
            names a field it does not have, ``builder`` is not a static method of ``cls``, or a
            ``builder`` is named while ``cls``'s base does not declare the fields as slots.
    """
    if not attrs.has(cls) or cls.__dict__.get("__slots__"):
        raise TypeError(f"{cls.__name__} must be an attrs record declared with slots=False")
    if not isinstance(cls.__dict__.get("__init__"), FunctionType):
        _NATIVE.add(cls)  # a native class of the compiled build: its own __init__ is the fast one
        return
    fields = attrs.fields(cls)
    names = [f.name for f in fields]
    convert = dict(convert or {})
    factory: Any = attrs.Factory  # a class at run time; typed as a function for mypy
    if any(isinstance(f.default, factory) or f.converter is not None or f.kw_only or not f.init
           for f in fields):
        raise TypeError(f"{cls.__name__}'s fields must be plain and positional, without default factories")
    if not convert.keys() <= set(names):
        raise TypeError(f"{cls.__name__} has no fields {sorted(convert.keys() - set(names))}")
    # attrs' init for a frozen slotted record writes through one cached ``object.__setattr__``: it
    # works on this record too (attrs' own init for a dict record would write ``self.__dict__``,
    # which makes later reads slower).
    frozen_twin = attrs.make_class(
        cls.__name__,
        {f.name: attr.ib(default=f.default, converter=convert.get(f.name)) for f in fields},
        frozen=True, slots=True, repr=False, eq=False,
    )
    init: Any = frozen_twin.__dict__["__init__"]
    init.__doc__ = cls.__dict__["__init__"].__doc__
    setattr(cls, "__init__", init)  # noqa: B010 - a method replaced on the class, which mypy would refuse
    if builder is None:
        return
    if not isinstance(cls.__dict__.get(builder), staticmethod):
        raise TypeError(f"{cls.__name__}.{builder} must be a static method")
    twin: Any = open_layout(cls)

    def made_a_record(self: Any) -> None:
        self.__class__ = cls  # the same layout: from here on a frozen record

    # attrs generates, for a mutable record with these fields, an __init__ of plain stores that ends
    # by calling __attrs_post_init__; the twin, which has the slots, takes it.
    twin.__attrs_post_init__ = made_a_record
    twin.__init__ = attrs.make_class(
        f"_Fill{cls.__name__}", names, bases=(twin,), frozen=False, eq=False, repr=False
    ).__dict__["__init__"]
    setattr(cls, builder, staticmethod(twin))
