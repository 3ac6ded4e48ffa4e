"""The public history of a game: a persistent, append-only sequence of `Event`.

Every state of a game shares its history with the states before it: a move adds
its few events to a short tail, and full tails become shared, immutable chunks.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Iterator
from typing import Final, TypeAlias, overload

import attrs

__all__ = ["EMPTY_HISTORY", "Event", "History", "Record", "as_history", "encode"]


@attrs.frozen
class Event:
    """One line of the public history; ``private_to`` sees ``private_text`` instead (C-VIEW-5)."""

    text: str
    private_to: int = -1
    private_text: str = ""


Record: TypeAlias = tuple[str, int, str]
"""An event as stored in a `History`: ``(text, private_to, private_text)``."""


_SEP: Final = "\x1f"
_CHUNK: Final = 64


def encode(record: Record) -> str | Record:
    """A record in the form a `History` stores it: a plain string when it can be one (strings cost
    the garbage collector nothing), else the record itself."""
    text, private_to, private_text = record
    if _SEP in text or _SEP in private_text:
        return record
    if private_to == -1 and not private_text:
        return text
    return f"{text}{_SEP}{private_to}{_SEP}{private_text}"


def _decode(item: str | Record) -> Record:
    if isinstance(item, tuple):
        return item
    if _SEP not in item:
        return (item, -1, "")
    text, private_to, private_text = item.split(_SEP)
    return (text, int(private_to), private_text)


class _Chunk:
    """A full, immutable run of 64 history entries, linked to the chunks before it.

    Chunks are shared by every later state of a game.  Their decoded records,
    JSON text and private seats are not stored in them: `_chunk_records`,
    `_chunk_json` and `_chunk_private` are bounded caches keyed by the
    (immutable) entries, so they are computed once per chunk while it is in use,
    and never by a move that only fills a chunk.
    """

    __slots__ = ("items", "parent")

    parent: _Chunk | None
    items: tuple[str | Record, ...]

    def __init__(self, parent: _Chunk | None, items: tuple[str | Record, ...]) -> None:
        object.__setattr__(self, "parent", parent)
        object.__setattr__(self, "items", items)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("history chunks are immutable")

    @property
    def private(self) -> frozenset[int]:
        """The seats that private entries are addressed to (computed when asked, not per move)."""
        return _chunk_private(self.items)

    def records(self) -> tuple[Record, ...]:
        return _chunk_records(self.items)

    def json(self) -> str:
        return _chunk_json(self.items)


# Bounded caches keyed by a chunk's entries (a tuple of strings and string/int tuples) and returning
# immutable values: a chunk is read again and again while its game goes on (views, JSON), and two
# threads can at worst compute the same value twice.
@functools.lru_cache(maxsize=4096)
def _chunk_records(items: tuple[str | Record, ...]) -> tuple[Record, ...]:
    return tuple(map(_decode, items))


@functools.lru_cache(maxsize=4096)
def _chunk_json(items: tuple[str | Record, ...]) -> str:
    return _records_json(_chunk_records(items))


@functools.lru_cache(maxsize=4096)
def _chunk_private(items: tuple[str | Record, ...]) -> frozenset[int]:
    return _private_seats(items)


@functools.lru_cache(maxsize=4096)
def _redact(items: tuple[str | Record, ...], player: int) -> tuple[str | Record, ...]:
    """Entries with the private lines of seats other than ``player`` reduced to their public text."""
    out: list[str | Record] = []
    for item in items:
        if isinstance(item, str) and _SEP not in item:
            out.append(item)
            continue
        text, private_to, _ = _decode(item)
        out.append(item if private_to in (-1, player) else encode((text, -1, "")))
    return tuple(out)


def _records_json(records: Iterable[Record]) -> str:
    """The records as the comma-separated items of a JSON array (no brackets)."""
    return json.dumps([list(r) for r in records], separators=(",", ":"), ensure_ascii=False)[1:-1]


def _private_seats(items: Iterable[str | Record]) -> frozenset[int]:
    return frozenset(_decode(i)[1] for i in items if not isinstance(i, str) or _SEP in i) - {-1}


class History:
    """The public history of a game: a persistent, append-only sequence of `Event`.

    States of one game share their history: a move adds its few events to a short tail
    (at most 64 entries, copied) and full tails become shared, immutable chunks, so a move
    costs the same at turn 1 and at turn 500 and no state copies the whole history; what is
    derived from a chunk (decoded records, JSON text) is computed once for the whole game.
    Entries are stored as plain strings where possible, which the garbage collector
    does not track.  It reads like a tuple of `Event` (iteration, ``len``,
    indexing and slicing build the events on demand), compares by content (also
    with a tuple of events) and hashes like one.
    """

    __slots__ = ("_chunks", "_hash", "_tail", "size")
    _chunks: _Chunk | None
    _tail: tuple[str | Record, ...]
    size: int
    """How many events the history holds."""
    _hash: int | None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a History cannot be changed (tried to set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a History cannot be changed (tried to delete {name!r})")

    def __init__(
        self,
        events: Iterable[Event] = (),
        parent: History | None = None,
        _parts: tuple[_Chunk | None, tuple[str | Record, ...], int] | None = None,
    ) -> None:
        """``parent`` (none: the empty history) followed by ``events``.

        ``_parts`` (the engine's, through `_built`, `_grown` and `link_entry`) gives the chunks, tail
        and size of a history directly. Every write here goes through ``object.__setattr__``, because
        `__setattr__` refuses writes; compiled, `History` is a native class and mypyc makes each of
        them a direct store, so a move's history is built in a fraction of the pure build's time."""
        object.__setattr__(self, "_hash", None)
        if _parts is not None:
            object.__setattr__(self, "_chunks", _parts[0])
            object.__setattr__(self, "_tail", _parts[1])
            object.__setattr__(self, "size", _parts[2])
            return
        base = EMPTY_HISTORY if parent is None else parent
        object.__setattr__(self, "_chunks", base._chunks)
        object.__setattr__(self, "_tail", base._tail)
        object.__setattr__(self, "size", base.size)
        records = tuple((e.text, e.private_to, e.private_text) for e in events)
        if records:
            self._append(records)

    def _append(self, records: tuple[Record, ...]) -> None:
        tail = self._tail + tuple(encode(r) for r in records)
        if len(tail) >= _CHUNK:
            object.__setattr__(self, "_chunks", _Chunk(self._chunks, tail))
            tail = ()
        object.__setattr__(self, "_tail", tail)
        object.__setattr__(self, "size", self.size + len(records))

    @classmethod
    def link(cls, parent: History, records: tuple[Record, ...]) -> History:
        """``parent`` followed by ``records`` (the engine's constructor)."""
        if not records:
            return parent
        if len(parent._tail) + len(records) < _CHUNK:  # the common case: no chunk fills up
            if len(records) == 1:
                return cls.link_entry(parent, encode(records[0]))
            return _grown(parent, (*parent._tail, *map(encode, records)), len(records))
        new = _built(parent._chunks, parent._tail, parent.size)
        new._append(records)
        return new

    @classmethod
    def link_line(cls, parent: History, text: str) -> History:
        """``parent`` followed by one public line: ``link(parent, ((text, -1, ""),))`` without the
        record (the commonest moves write one public line, which is stored as the text itself)."""
        if _SEP in text:
            return cls.link(parent, ((text, -1, ""),))
        return cls.link_entry(parent, text)

    @classmethod
    def link_entry(cls, parent: History, entry: str | Record) -> History:
        """``parent`` followed by one event already in its stored form (`encode`), so that a line
        written again and again (a draw) is encoded once."""
        tail = parent._tail
        if len(tail) + 1 >= _CHUNK:
            return cls.link(parent, (_decode(entry),))  # a chunk fills up: the general way
        # `_grown(parent, tail + (entry,), 1)`, written out: the commonest move's one call fewer in the
        # pure build (tuple concatenation: one new tuple, where unpacking builds a list first)
        return History((), None, (parent._chunks, tail + (entry,), parent.size + 1))  # noqa: RUF005

    @classmethod
    def link_entries(cls, parent: History, entries: tuple[str | Record, ...]) -> History:
        """``parent`` followed by events already in their stored form (`encode`): `link` without
        encoding lines that were encoded once (a draw's, a pass's)."""
        if len(parent._tail) + len(entries) < _CHUNK:
            return _grown(parent, parent._tail + entries, len(entries))
        return cls.link(parent, tuple(map(_decode, entries)))  # a chunk fills up: the general way

    def extended(self, records: list[Record]) -> History:
        """This history followed by ``records`` (``self`` when there are none)."""
        return History.link(self, tuple(records))

    def _chunk_list(self) -> list[_Chunk]:
        chunks: list[_Chunk] = []
        node = self._chunks
        while node is not None:
            chunks.append(node)
            node = node.parent
        chunks.reverse()
        return chunks

    def records(self) -> tuple[Record, ...]:
        """Every event as a ``(text, private_to, private_text)`` record, oldest first."""
        out: list[Record] = []
        for chunk in self._chunk_list():
            out.extend(chunk.records())
        out.extend(map(_decode, self._tail))
        return tuple(out)

    def records_since(self, start: int) -> tuple[Record, ...]:
        """The events from index ``start`` on, oldest first, as `records` gives them.

        Reads only the chunks that hold them, so reading a game's new events after each move costs
        the same at turn 1 and at turn 500 (``records()[start:]`` decodes the whole history).
        """
        tail = self._tail
        first = self.size - len(tail)  # the index of the tail's first event
        if start >= first:
            return tuple(map(_decode, tail[max(start - first, 0) :]))
        chunks: list[_Chunk] = []
        node = self._chunks
        while node is not None and first > start:
            chunks.append(node)
            first -= len(node.items)
            node = node.parent
        out: list[Record] = []
        for chunk in reversed(chunks):
            out.extend(chunk.records())
        out.extend(map(_decode, tail))
        return tuple(out[max(start - first, 0) :])

    def to_json_array(self) -> str:
        """The records as a JSON array of ``[text, private_to, private_text]`` (compact, unescaped)."""
        parts = [chunk.json() for chunk in self._chunk_list()]
        if self._tail:
            parts.append(_records_json(map(_decode, self._tail)))
        return "[" + ",".join(parts) + "]"

    def private_seats(self) -> frozenset[int]:
        """The seats that private entries are addressed to."""
        seats = _private_seats(self._tail)
        for chunk in self._chunk_list():
            seats |= chunk.private
        return seats

    def redacted(self, player: int) -> History:
        """This history as ``player`` may know it: the other seats' private lines keep only their
        public text (C-VIEW-5).  Shares what it can: a history with nothing to hide is returned as is,
        and each full chunk is redacted once (a bounded cache keyed by its entries)."""
        if not self.private_seats() - {player}:
            return self
        node: _Chunk | None = None
        for chunk in self._chunk_list():
            node = _Chunk(node, _redact(chunk.items, player))  # its private seats: at most ``player``
        return _built(node, _redact(self._tail, player), self.size)

    def flat(self) -> tuple[Event, ...]:
        """Every event, oldest first, as a tuple (built on demand: linear in the length)."""
        return tuple(Event(*record) for record in self.records())

    def __len__(self) -> int:
        return self.size

    def __bool__(self) -> bool:
        return self.size > 0

    def __iter__(self) -> Iterator[Event]:
        return iter(self.flat())

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...
    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        if isinstance(index, slice):
            return tuple(Event(*record) for record in self.records()[index])
        return Event(*self.records()[index])

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, History):
            return self.size == other.size and self.records() == other.records()
        if isinstance(other, tuple):
            return self.size == len(other) and self.flat() == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        cached = self._hash
        if cached is None:
            cached = hash(self.flat())  # equal to the hash of the equal tuple of events
            object.__setattr__(self, "_hash", cached)
        return cached

    def __repr__(self) -> str:
        """One line, whatever the length: the number of events (the events are ``history.flat()``)."""
        return f"<chrononauts.History of {self.size} events>"

    def __getstate__(self) -> tuple[Record, ...]:
        return self.records()

    def __setstate__(self, records: tuple[Record, ...]) -> None:
        object.__setattr__(self, "_chunks", None)
        object.__setattr__(self, "_tail", ())
        object.__setattr__(self, "size", 0)
        object.__setattr__(self, "_hash", None)
        if records:
            self._append(tuple(records))


def _built(chunks: _Chunk | None, tail: tuple[str | Record, ...], size: int) -> History:
    """A history of these parts (see `History.__init__`).

    (A twin class filled with plain stores and then given the class `History`, as
    `core.frozen.open_layout` does, was measured on 2026-11-27: 4-player random playouts take 1.06× the
    instructions without it in the pure build, 1.08× in the compiled one, below issue 25's bar of 10 %:
    removed.)"""
    return History((), None, (chunks, tail, size))


def _grown(parent: History, tail: tuple[str | Record, ...], added: int) -> History:
    """``parent`` with a longer tail that fills no chunk (a move's commonest cost)."""
    return History((), None, (parent._chunks, tail, parent.size + added))


EMPTY_HISTORY: Final = _built(None, (), 0)


def as_history(value: History | Iterable[Event]) -> History:
    """A `History` from a history or any iterable of events (the ``State.log`` converter)."""
    if isinstance(value, History):
        return value
    return History(value)
