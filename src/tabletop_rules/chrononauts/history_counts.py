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

Counts are tuples (the long runs of counts, the plays and each seat's draws, `bytes` of
native `uint32`), encodings `bytes` (native `float32`), and the caches are bounded
dictionaries, emptied when full (one atomic `clear`): nothing mutable is shared and
nothing is reachable from a state.
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

__all__ = ["Effect", "Own", "SummaryCounter", "Totals"]

_CACHE_SIZE: Final = 1024
"""The most entries of the caches of counts (a cache is emptied when full)."""
_EFFECTS: Final = 8192
"""The most history entries whose `Effect` is cached (many lines recur: draws, passes, plays)."""
_SEP: Final = "\x1f"  # `history`'s separator of a stored private line: text, seat, private text
_F32: Final = struct.Struct("=f")
_U32: Final = struct.Struct("=I")
_V = TypeVar("_V")
_NO_LINE: Final[LineParts] = (-1, -1, -1)

Change = tuple[int, int, tuple[int, ...], tuple[int, ...]]
"""A seat that reads a line differently: ``(seat, card type it draws or -1, shared counts taken
off, shared counts put on)`` (the counts of the public text and of the private one it reads)."""
Effect = tuple[int, int, tuple[Change, ...]]
"""What a stored history entry adds: the seat whose line count it adds one to (or -1), the index
of the play it adds one to (seat * cards + card type, or -1), and its `Change`s."""
_NO_EFFECT: Final[Effect] = (-1, -1, ())

Own = tuple[bytes, bytes, tuple[tuple[int, int], ...]]
"""What one viewer reads differently: their draws per play-deck card type (`uint32`), the `float32`
encoding of those, and the corrections of the shared counts, ``(index, difference)`` pairs in summary order
(empty unless a private text counts otherwise than its public text)."""
Totals = tuple[tuple[Any, ...], int, tuple[int, ...], bytes, bytes, bytes, tuple[Own, ...]]
"""The summary of a run of history entries (a plain tuple, read by index): the entries (a tail or a
chunk's items), the number of lines, the lines per seat, the `float32` encoding of those, the
plays per seat and card type (`uint32`), their encoding, and each seat's `Own`."""


def _put(block: bytes, k: int, value: float) -> bytes:
    """`block` with `float32` slot `k` set to `value` (slices and a concatenation: 0.76 µs against
    1.7 µs for a bytearray copy, `pack_into` and `bytes`, timeit on the loaded machine)."""
    return block[: 4 * k] + _F32.pack(value) + block[4 * k + 4 :]


def _count(counts: bytes, k: int, block: bytes) -> tuple[bytes, bytes]:
    """One more at `uint32` slot `k` of `counts`, and `block` (their `float32` encoding) with slot `k`
    set to the new share ``n / (n + 1)``.

    Counts of a few hundred slots are `bytes`, not tuples, because a count changes one slot at a
    time: two slices and a concatenation copy them in C, where a tuple is rebuilt item by item
    (`extend` of a play line, 4 players: 2.7 µs against 5.0 µs with tuples, timeit).
    """
    n = _U32.unpack_from(counts, 4 * k)[0] + 1
    return counts[: 4 * k] + _U32.pack(n) + counts[4 * k + 4 :], _put(block, k, n / (n + 1))


class SummaryCounter:
    """The history summaries of one game context (player count and card list)."""

    def __init__(self, players: int, deck: int, tables: Tables) -> None:
        self.p, self.d, self.tables = players, deck, tables
        self.seat_shares = tuple(n / (n + 20) for n in range(4096))
        self.pack_head = struct.Struct(f"={1 + players}f").pack
        no_draws: Own = (bytes(4 * deck), bytes(4 * deck), ())
        seats = (0,) * players
        plays = bytes(4 * players * deck)
        self.empty: Totals = ((), 0, seats, self._head(0, seats), plays, plays, (no_draws,) * players)
        self.lines: dict[str, LineParts] = {}
        self.effects: dict[str | Record, Effect] = {}
        self.chunks: dict[object, Totals] = {}
        self.tails: dict[object, Totals] = {}

    def parts(self, viewer: int, log: History) -> tuple[bytes, bytes, bytes]:
        """The summary of `log` as `viewer` reads it, as three `float32` blocks to join in this order:
        the lines and lines per seat; the plays; the viewer's own draws."""
        node, tail = log._chunks, log._tail  # the shared chunks and the short tail (see `History`)
        last = self.tails.get(node)
        if last is None or last[0] is not tail:
            last = self.totals(node, tail, last)
        own = last[6][viewer]
        if own[2]:
            return self._fixed(last, own)
        return last[3], last[5], own[1]

    def totals(self, node: Any, tail: tuple[Any, ...], last: Totals | None) -> Totals:
        """The totals of the chunks up to `node` and of `tail`: from those of the tail read last under
        `node` when `tail` begins with it (the tail of the next state does), else from the chunks'."""
        k = -1 if last is None else len(last[0])
        if last is not None and len(tail) >= k and tail[:k] == last[0]:
            found = self.extend(last, tail[k:], tail)
        else:
            found = self.extend(self.through(node), tail, tail)
        if len(self.tails) >= _CACHE_SIZE:
            self.tails.clear()
        self.tails[node] = found
        return found

    def through(self, node: Any) -> Totals:
        """The totals of the history chunk `node` and of the chunks before it."""
        chain: list[Any] = []
        base, skip = self.empty, 0
        while node is not None:
            hit = self.chunks.get(node)
            if hit is not None:
                base = hit
                break
            chain.append(node)
            last = self.tails.get(node.parent)
            if last is not None and node.items[: len(last[0])] == last[0]:
                base, skip = last, len(last[0])  # the tail read last became this chunk
                break
            node = node.parent
        chain.reverse()  # oldest first (mypyc cannot compile `reversed` over a list of `Any`)
        for chunk in chain:
            base = self._remember(self.chunks, chunk, self.extend(base, chunk.items[skip:], chunk.items))
            skip = 0
        return base

    def extend(self, base: Totals, entries: Sequence[str | Record], run: tuple[Any, ...]) -> Totals:
        """`base` followed by the stored history entries `entries`, as the totals of `run`."""
        if not entries:
            return (run, *base[1:])
        _, lines, seat_counts, _, plays, played, owns = base
        seats = list(seat_counts)
        changed: list[Own] | None = None
        effects = self.effects
        for entry in entries:
            seat, play, changes = effects.get(entry) or self.effect(entry)
            if seat >= 0:
                seats[seat] += 1
                if play >= 0:
                    plays, played = _count(plays, play, played)
            if changes:
                changed = list(owns) if changed is None else changed
                for viewer, drawn, removed, added in changes:
                    changed[viewer] = self._own(changed[viewer], drawn, removed, added)
        lines += len(entries)
        counts = tuple(seats)
        owns = owns if changed is None else tuple(changed)
        return (run, lines, counts, self._head(lines, counts), plays, played, owns)

    def effect(self, entry: str | Record) -> Effect:
        """What one stored history entry adds, for every viewer (cached by the entry).

        The shared counts take the public text; the seat that reads a private text instead gets
        the difference as a correction, and a draw line counts as the own draw of the seat that
        reads it with its own seat at the front (C-VIEW-5)."""
        if type(entry) is str and _SEP not in entry:
            if not entry.startswith("P"):
                return _NO_EFFECT  # a line of no seat ("turn 7: P2", a ripple): not worth a cache entry
            public, to, private = self.read(entry), -1, _NO_LINE
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
            found = self._remember(self.lines, text, read_line(text, self.p, self.tables))
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

    def _own(self, own: Own, drawn: int, removed: tuple[int, ...], added: tuple[int, ...]) -> Own:
        """`own` with one more draw of card type `drawn` (if not -1), and the shared counts of a line
        read privately: `removed` (the public text's) taken off, `added` (the private text's) put on."""
        draws, encoded, fixes = own
        if drawn >= 0:
            draws, encoded = _count(draws, drawn, encoded)
        if removed != added:
            table = dict(fixes)
            for k in removed:
                table[k] = table.get(k, 0) - 1
            for k in added:
                table[k] = table.get(k, 0) + 1
            fixes = tuple(sorted((k, v) for k, v in table.items() if v))
        return (draws, encoded, fixes)

    def _fixed(self, totals: Totals, own: Own) -> tuple[bytes, bytes, bytes]:
        """The summary for a viewer whose private lines count otherwise than their public text."""
        p = self.p
        seats, plays = list(totals[2]), [n for (n,) in _U32.iter_unpack(totals[4])]
        for k, difference in own[2]:
            if k <= p:
                seats[k - 1] += difference
            else:
                plays[k - 1 - p] += difference
        return self._head(totals[1], tuple(seats)), array("f", [n / (n + 1) for n in plays]).tobytes(), own[1]

    def _head(self, lines: int, seats: tuple[int, ...]) -> bytes:
        """The encoding of the number of lines and of the lines per seat."""
        try:  # n / (n + 20) looked up in C: 21 bytecodes a call, not 66 (settrace)
            return self.pack_head(lines / (lines + 100), *map(self.seat_shares.__getitem__, seats))
        except IndexError:  # a seat with 4,096 lines or more
            return self.pack_head(lines / (lines + 100), *(n / (n + 20) for n in seats))

    @staticmethod
    def _remember(cache: dict[Any, _V], key: object, value: _V) -> _V:
        if len(cache) >= _CACHE_SIZE:
            cache.clear()
        cache[key] = value
        return value
