"""The history summary of the information-state tensor, counted once per line for every viewer.

The summary (layout in `tensors`) counts the lines of the history as a viewer reads
them: every line, the lines of each seat, each seat's plays per card type, and the
viewer's own draws. `information_state_tensor` rescans the whole redacted history at
every call; `SummaryCounter` reads each stored line once for all viewers and caches
the running counts, so `arrays.information_state_array` costs the same at move 10 and
at move 10,000:

* a `History` is a chain of shared, immutable chunks of 64 entries and a short tail;
  the counts through a chunk are cached under the chunk itself (its identity: the
  chunk and everything before it never change), and the counts through the last tail
  read under its chunk, then extended by the lines added since (the tail of the next
  state begins with it);
* the counts that every viewer shares (lines, lines per seat, plays), read from the
  public text, are kept once; each seat keeps its own draws, and the corrections of
  the lines only it reads privately (their private text in place of the public one,
  C-VIEW-5), so no viewer's counts ever depend on another seat's private lines;
* what a stored line adds is worked out once per line text and cached (`Effect`), and
  the plays, which change on few lines, keep their encoding from one tail to the next.

The counts are kept in `Run`s: a run holds the counts through one tail, in `array`s of
native `uint32` and, beside them, their `float32` encodings, so that a line changes one
slot of each in place (a run of immutable `bytes` had to be copied whole at every play
and draw). A run is private to its counter, and a reader gets a copy of the summary's
bytes, never the arrays. A run is taken out of its cache while it is read and counted on
(`dict.pop`, atomic), so no two threads ever change one run: a thread that finds none
starts its own, from the chunks. The counts through a
chunk are kept as a run that is never changed again (a new run starts from a copy).
The caches are bounded dictionaries, emptied when full (one atomic `clear`), and nothing
is reachable from a state.
"""

from __future__ import annotations

import struct
from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

from tabletop_rules.chrononauts.history import History
from tabletop_rules.chrononauts.tensor_layout import LineParts, Tables, read_line

if TYPE_CHECKING:
    from tabletop_rules.chrononauts.history import Record

__all__ = ["Effect", "Run", "SummaryCounter"]

_CACHE_SIZE: Final = 1024
"""The most entries of the caches of counts (a cache is emptied when full)."""
_EFFECTS: Final = 8192
"""The most history entries whose `Effect` is cached (many lines recur: draws, passes, plays)."""
_SEP: Final = "\x1f"  # `history`'s separator of a stored private line: text, seat, private text
_V = TypeVar("_V")
_NO_LINE: Final[LineParts] = (-1, -1, -1)

Change = tuple[int, int, tuple[int, ...], tuple[int, ...]]
"""A seat that reads a line differently: ``(seat, card type it draws or -1, shared counts taken
off, shared counts put on)`` (the counts of the public text and of the private one it reads)."""
Effect = tuple[int, int, tuple[Change, ...]]
"""What a stored history entry adds: the seat whose line count it adds one to (or -1), the index
of the play it adds one to (seat * cards + card type, or -1), and its `Change`s."""


class Run:
    """The summary through one run of history entries, counted in place.

    A run belongs to one `SummaryCounter` and is changed only while it is out of the counter's
    caches: `SummaryCounter.count` adds entries, `copy` starts another run from it.

    Attributes:
        tail: the entries counted since the chunk the run belongs to (a tail, or a chunk's items).
        lines: the number of lines.
        seats: the lines of each seat.
        head: the encoding of those: ``lines / (lines + 100)``, then ``n / (n + 20)`` for each seat.
        plays: the plays per seat and card type (slot ``seat * deck + card type``).
        played: their encoding, ``n / (n + 1)`` at each slot.
        draws: each seat's own draws per play-deck card type.
        drawn: their encodings.
        fixes: each seat's corrections of the shared counts, ``{index in summary order: difference}``
            (empty unless a private text counts otherwise than its public text).
    """

    __slots__ = ("drawn", "draws", "fixes", "head", "lines", "played", "plays", "seats", "tail")

    def __init__(
        self,
        tail: tuple[Any, ...],
        lines: int,
        seats: list[int],
        head: array[float],
        plays: array[int],
        played: array[float],
        draws: list[array[int]],
        drawn: list[array[float]],
        fixes: list[dict[int, int]],
    ) -> None:
        self.tail, self.lines, self.seats, self.head = tail, lines, seats, head
        self.plays, self.played, self.draws, self.drawn, self.fixes = plays, played, draws, drawn, fixes

    @staticmethod
    def empty(players: int, deck: int) -> Run:
        """The run of no entries."""
        plays, draws = bytes(4 * players * deck), bytes(4 * deck)
        return Run(
            (),
            0,
            [0] * players,
            array("f", bytes(4 + 4 * players)),
            array("I", plays),
            array("f", plays),
            [array("I", draws) for _ in range(players)],
            [array("f", draws) for _ in range(players)],
            [{} for _ in range(players)],
        )

    def copy(self) -> Run:
        """A new run with the same counts."""
        return Run(
            self.tail,
            self.lines,
            self.seats[:],
            self.head[:],
            self.plays[:],
            self.played[:],
            [a[:] for a in self.draws],
            [a[:] for a in self.drawn],
            [dict(f) for f in self.fixes],
        )


class SummaryCounter:
    """The history summaries of one game context (player count and card list)."""

    def __init__(self, players: int, deck: int, tables: Tables) -> None:
        self.p, self.d, self.tables = players, deck, tables
        self.pack_head = struct.Struct(f"={1 + players}f").pack
        self.lines: dict[str, LineParts] = {}
        self.effects: dict[str | Record, Effect] = {}
        self.chunks: dict[object, Run] = {}
        """The counts through each chunk (runs never changed again)."""
        self.runs: dict[object, Run] = {}
        """Per chunk, the run through the tail after it read last."""

    def summary(self, viewer: int, log: History) -> bytes:
        """The summary of `log` as `viewer` reads it, as `float32` bytes: the lines and the lines per
        seat, the plays, the viewer's own draws."""
        node, tail = log._chunks, log._tail  # the shared chunks and the short tail (see `History`)
        runs = self.runs
        run = runs.pop(node, None)  # taken out while in use: no other thread can reach it meanwhile
        if run is None or run.tail is not tail:
            # the tail of the next state begins with the tail read last: count on from it
            k = -1 if run is None else len(run.tail)
            if run is not None and len(tail) >= k and tail[:k] == run.tail:
                self.count(run, tail[k:])
            else:
                run = self.through(node)
                self.count(run, tail)
            run.tail = tail
        if run.fixes[viewer]:
            found = self._fixed(run, viewer)
        else:
            found = b"".join((run.head, run.played, run.drawn[viewer]))
        if len(runs) >= _CACHE_SIZE:
            runs.clear()
        runs[node] = run
        return found

    def through(self, node: Any) -> Run:
        """A new run of the history chunk `node` and the chunks before it."""
        chain: list[Any] = []
        base: Run | None = None
        skip = 0
        while node is not None:
            hit = self.chunks.get(node)
            if hit is not None:
                base = hit.copy()
                break
            chain.append(node)
            parent = node.parent
            last = self.runs.pop(parent, None)  # taken out while it is read, as in `summary`
            if last is not None:
                if node.items[: len(last.tail)] == last.tail:  # the tail read last became this chunk
                    base, skip = last.copy(), len(last.tail)
                self.runs[parent] = last
                if base is not None:
                    break
            node = parent
        if base is None:
            base = Run.empty(self.p, self.d)
        chain.reverse()  # oldest first (mypyc cannot compile `reversed` over a list of `Any`)
        for chunk in chain:
            self.count(base, chunk.items[skip:])
            base.tail, skip = chunk.items, 0
            _remember(self.chunks, chunk, base.copy())
        return base

    def count(self, run: Run, entries: Sequence[str | Record]) -> None:
        """Count the stored history entries `entries` into `run`."""
        effects = self.effects
        seats, plays, played, head = run.seats, run.plays, run.played, run.head
        for entry in entries:
            seat, play, changes = effects.get(entry) or self.effect(entry)
            if seat >= 0:
                n = seats[seat] + 1
                seats[seat] = n
                head[1 + seat] = n / (n + 20)
                if play >= 0:
                    n = plays[play] + 1
                    plays[play] = n
                    played[play] = n / (n + 1)
            for viewer, drawn, removed, added in changes:
                if drawn >= 0:
                    n = run.draws[viewer][drawn] + 1
                    run.draws[viewer][drawn] = n
                    run.drawn[viewer][drawn] = n / (n + 1)
                if removed != added:
                    fixes = run.fixes[viewer]
                    for k in removed:
                        fixes[k] = fixes.get(k, 0) - 1
                    for k in added:
                        fixes[k] = fixes.get(k, 0) + 1
                    for k in [k for k, v in fixes.items() if not v]:
                        del fixes[k]
        lines = run.lines + len(entries)
        run.lines = lines
        head[0] = lines / (lines + 100)

    def effect(self, entry: str | Record) -> Effect:
        """What one stored history entry adds, for every viewer (cached by the entry).

        The shared counts take the public text; the seat that reads a private text instead gets
        the difference as a correction, and a draw line counts as the own draw of the seat that
        reads it with its own seat at the front (C-VIEW-5)."""
        if type(entry) is str and _SEP not in entry:
            # a line of no seat ("turn 7: P2", a ripple) adds only a line; its texts recur from game to game
            public, to, private = (self.read(entry) if entry.startswith("P") else _NO_LINE), -1, _NO_LINE
        else:
            record = entry.split(_SEP) if type(entry) is str else entry
            public, to, private = self.read(str(record[0])), int(record[1]), self.read(str(record[2]))
            if not 0 <= to < self.p:
                to = -1
        changes: list[Change] = []
        seat, played, drawn = public
        if seat >= 0 and played < 0 and drawn >= 0 and seat != to:  # a public draw line
            changes.append((seat, drawn, (), ()))
        if to >= 0:
            removed, added = self._counted(public), self._counted(private)
            drawn = private[2] if private[0] == to else -1
            if drawn >= 0 or removed != added:
                changes.append((to, drawn, removed, added) if removed != added else (to, drawn, (), ()))
        found: Effect = (seat, seat * self.d + played if seat >= 0 and played >= 0 else -1, tuple(changes))
        if len(self.effects) >= _EFFECTS:
            self.effects.clear()
        self.effects[entry] = found
        return found

    def read(self, text: str) -> LineParts:
        """`read_line` of a line's text, cached by the text."""
        found = self.lines.get(text)
        if found is None:
            found = _remember(self.lines, text, read_line(text, self.p, self.tables))
        return found

    def _counted(self, parts: LineParts) -> tuple[int, ...]:
        """The shared counts a line adds one to, by their index in the summary: its seat's lines, and
        its play."""
        seat, played, _ = parts
        if seat < 0:
            return ()
        if played >= 0:
            return (1 + seat, 1 + self.p + seat * self.d + played)
        return (1 + seat,)

    def _fixed(self, run: Run, viewer: int) -> bytes:
        """The summary for a viewer whose private lines count otherwise than their public text."""
        p = self.p
        seats, plays = run.seats[:], run.plays.tolist()
        for k, difference in run.fixes[viewer].items():
            if k <= p:
                seats[k - 1] += difference
            else:
                plays[k - 1 - p] += difference
        played = array("f", [n / (n + 1) for n in plays])
        return b"".join((self._head(run.lines, seats), played, run.drawn[viewer]))

    def _head(self, lines: int, seats: list[int]) -> bytes:
        """The encoding of the number of lines and of the lines per seat."""
        return self.pack_head(lines / (lines + 100), *(n / (n + 20) for n in seats))


def _remember(cache: dict[Any, _V], key: object, value: _V) -> _V:
    if len(cache) >= _CACHE_SIZE:
        cache.clear()
    cache[key] = value
    return value
