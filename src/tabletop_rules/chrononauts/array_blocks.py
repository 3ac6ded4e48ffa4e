"""The parts of the Chrononauts numpy rows that `arrays` joins: tables built once, blocks cached.

`Blocks` holds, for one game context (card list, options, player count), what every
row of that game shares: the offsets of the layout documented in `tensors`, the
`float32` bytes of the empty sections, the value of *n* copies of each card type, and
bounded caches of the encoded parts of a state that successive states share (the
TimeLine, the tableaux, the discard pile, the goal-card piles as one viewer sees them,
the result). Each cache is keyed by what the viewer sees of its part, never by a
hidden field; its values are `bytes`, and it is emptied when full (one atomic `clear`:
threads never see a half-evicted cache, and a hit costs one `dict.get`).

The numbers are those of `tensors`, computed the same way: a count of `n` copies is
`1/c` added `n` times (at most 1), a ratio is a Python division, each rounded once to
`float32` (as numpy's cast of the tuple rounds it).
"""

from __future__ import annotations

import struct
from array import array
from collections.abc import Iterable, Sequence
from typing import Any, Final

from tabletop_rules.chrononauts.context import Context
from tabletop_rules.chrononauts.history_counts import SummaryCounter
from tabletop_rules.chrononauts.state import OPEN, TRUE, State
from tabletop_rules.chrononauts.tensor_layout import CONDITIONS, PHASES, sizes, tables
from tabletop_rules.core.arrays import numpy

__all__ = ["BY_CONTEXT", "CACHE_SIZE", "Blocks", "blocks"]

CACHE_SIZE: Final = 1024
"""The most entries of each cache of a `Blocks` (a cache is emptied when full)."""
_F32: Final = struct.Struct("=f")
_ONE: Final = _F32.pack(1.0)
_NONE: Final[tuple[Any, ...]] = (None,) * 8  # a memo that matches nothing

Cards = tuple[str, ...]
GoalsKey = tuple[int, int, Cards, Cards, Cards, Cards, Cards]
"""The goal-card piles as one viewer sees them: the sizes of the ID and Mission piles, the queues
(hidden cards as ``"?"``), the revealed IDs, Solonauts' IDs and home row."""


def _floats(values: Sequence[float]) -> bytes:
    """`values` as native `float32` bytes (each rounded to nearest, as numpy's cast rounds)."""
    return array("f", values).tobytes()


def _remember(cache: dict[Any, bytes], key: object, value: bytes) -> bytes:
    if len(cache) >= CACHE_SIZE:
        cache.clear()
    cache[key] = value
    return value


class Blocks:
    """What the rows of one game context share: offsets, constant blocks and the caches of parts."""

    def __init__(self, ctx: Context) -> None:
        cards, p = ctx.cards, ctx.players
        self.ctx = ctx
        self.np = numpy()
        self.float32 = self.np.dtype(self.np.float32)
        self.tables = t = tables(cards)
        self.p = p
        self.solo = ctx.options.variant == "solonauts"
        self.max_turns = ctx.options.max_turns
        self.paradox_limit = ctx.options.paradox_limit
        d, lp, r, a = len(cards.deck), len(cards.linchpins), len(cards.ripplepoints), len(cards.artifacts)
        i, m = len(cards.identities), len(cards.missions)
        self.d, self.i, self.m = d, i, m
        self.deck_size = max(sum(ctx.deck_counts), 1)
        self.deck_index = cards.deck_index
        self.linchpin_bits = tuple(lp_card.bit for lp_card in cards.linchpins)
        self.artifact_deck = tuple(cards.deck_index[x.id] for x in cards.artifacts)
        # `shares[k][n]`: n copies of card type k over its c copies in the deck (1/c added n times, at
        # most 1); from c + 1 copies on the sum exceeds 1, so the table stops there.
        self.shares = tuple(self._shares(max(c, 1)) for c in ctx.deck_counts)
        self.cells = tuple(tuple(map(_F32.pack, row)) for row in self.shares)
        # Offsets (the layout of `tensors`).
        self.to_act = p
        self.phase = 2 * p + 1
        self.active = self.phase + len(PHASES) + 1
        self.turn = self.active + p
        timeline = self.turn + 1
        discard = timeline + lp + 3 * r + 2 + p * a
        self.draw = discard + d
        self.hands = self.draw + 1
        self.aside = self.hands + p
        self.pending = self.aside + p
        pending_size = 2 * p + d + lp + a + 3
        self.memos = self.pending + pending_size - 1
        goals = self.pending + pending_size
        self.own = goals + 2 + i + 1 + m + 1 + 3 * i
        self.identity = self.own + d
        self.mission = self.identity + i
        self.size = self.mission + m + d + p + 1 + len(CONDITIONS) + i + m
        self.info_size = self.size + 1 + p + p * d + d
        assert (self.size, self.info_size) == sizes(cards, p), "the array layout differs from `tensors`"
        at = self.pending + p + d  # the target slots: linchpins, Artifacts, seats, "next", "previous"
        targets: dict[str | int, int] = {x: at + lp + k for x, k in t.artifacts.items()}
        targets.update({x: at + k for x, k in t.linchpins.items()})  # a linchpin icon is read first
        targets.update({seat: at + lp + a + seat for seat in range(p + 2)})
        targets.update({"next": at + lp + a + p, "previous": at + lp + a + p + 1})
        self.targets = targets
        self.sizes = tuple(min(n / self.deck_size, 1.0) for n in range(self.deck_size + 1))
        self.draws = tuple(_F32.pack(n / self.deck_size) for n in range(self.deck_size + 1))
        # Per play-deck card id: its slot in the hand section, and the share of n copies for every n
        # a hand can hold (up to the deck's size: at most 1 from c + 1 copies on).
        self.hand_cells = {
            card: (self.own + k, self.shares[k] + (1.0,) * (self.deck_size + 1 - len(self.shares[k])))
            for card, k in cards.deck_index.items()
        }
        # Constant blocks: the zeros before the TimeLine; of the hands set aside and the pending card;
        # an empty deck block; the result of an unfinished game.
        self.head = bytes(4 * timeline)
        self.middle = bytes(4 * (goals - self.aside))
        self.no_own = bytes(4 * (d + i + m))
        self.no_cards = bytes(4 * d)
        self.unfinished = _floats([0.0] * p + [1.0] + [0.0] * (len(CONDITIONS) + i + m))
        self.history = SummaryCounter(p, d, t)
        # The caches of parts, each keyed by what the viewer sees of its part, and memos of the parts
        # read last (by identity: successive states share the records of what did not change).
        self.timelines: dict[tuple[int, tuple[str, ...]], bytes] = {}
        self.tableaux: dict[tuple[tuple[str, ...], ...], bytes] = {}
        self.discards: dict[tuple[str, ...], bytes] = {}
        self.goals: dict[GoalsKey, bytes] = {}
        self.hands_parts: dict[tuple[int, ...], bytes] = {}
        self.endings: dict[tuple[Any, ...], bytes] = {}
        self.public_memo: tuple[Any, ...] = _NONE
        self.goals_memo: list[tuple[Any, ...]] = [_NONE] * p
        self.sizes_memo: tuple[Any, ...] = _NONE

    @staticmethod
    def _shares(copies: int) -> tuple[float, ...]:
        out, total, unit = [0.0], 0.0, 1.0 / copies
        for _ in range(copies + 1):
            total += unit
            out.append(min(total, 1.0))
        return tuple(out)

    def public(self, state: State) -> bytes:
        """The zeros of the first sections (written value by value), the TimeLine, the tableaux and
        the discard pile, joined; memorised for the next state. A part that is the same object as the
        last state's is taken from the memo, and a discard pile that grew from it is updated from its
        block: hashing a new pile or tableau to look it up costs more than the update."""
        alt, status, tableaux, pile = state.alt, state.status, state.tableaux, state.discard_pile
        memo = self.public_memo  # the last state's parts, their blocks, and the joined block
        if memo[0] is status and memo[3] == alt:
            timeline = memo[5]
        else:
            timeline = self.timelines.get((alt, status)) or self._timeline(alt, status, state)
        table = memo[6] if memo[1] is tableaux else self.tableaux.get(tableaux) or self._tableaux(tableaux)
        last = memo[2]
        if last is pile:
            discard = memo[7]
        elif last is not None and len(last) < len(pile) <= len(last) + 2 and pile[: len(last)] == last:
            discard = self._grown(memo[7], pile, len(last))
        else:
            discard = self.discards.get(pile) or self._discard(pile)
        joined = b"".join((self.head, timeline, table, discard))
        self.public_memo = (status, tableaux, pile, alt, joined, timeline, table, discard)
        return joined

    def sizes_part(self, state: State) -> bytes:
        """The draw pile's size and each hand's, over the deck's; memorised for the next state (the draw
        pile's part from the memo when it is the same object: summing it is the larger part)."""
        memo, pile, hands = self.sizes_memo, state.draw_pile, state.hands
        draw: bytes
        if memo[0] is pile:
            draw = memo[3]
        else:
            n = sum(pile)
            draw = self.draws[n] if n < len(self.draws) else _F32.pack(n / self.deck_size)
        lengths = (*map(len, hands),)
        joined = draw + (self.hands_parts.get(lengths) or self.hands_part(lengths))
        self.sizes_memo = (pile, hands, joined, draw)
        return joined

    def hands_part(self, lengths: tuple[int, ...]) -> bytes:
        """Each hand's size over the deck's (the sizes are few: cached by them)."""
        sizes, last = self.sizes, len(self.sizes)
        return _remember(self.hands_parts, lengths, _floats([sizes[n] if n < last else 1.0 for n in lengths]))

    def goals_part(self, state: State, viewer: int) -> bytes:
        """The goal piles' sizes, the queues as `viewer` sees them (C-RULING-28: a queued card shows
        only if revealed or put there by the viewer), the revealed IDs, Solonauts' rows; memorised
        for the viewer's next state."""
        id_queue, mission_queue = state.id_queue, state.mission_queue
        key: GoalsKey = (
            len(state.id_pile),
            len(state.mission_pile),
            tuple([e.card if e.revealed or e.returned_by == viewer else "?" for e in id_queue]),
            tuple([e.card if e.revealed or e.returned_by == viewer else "?" for e in mission_queue]),
            state.revealed_ids,
            state.solo_ids,
            state.home_row,
        )
        part = self.goals.get(key) or self._goals(key)
        self.goals_memo[viewer] = (
            state.id_pile,
            state.mission_pile,
            id_queue,
            mission_queue,
            state.revealed_ids,
            state.solo_ids,
            state.home_row,
            part,
        )
        return part

    def _timeline(self, alt: int, status: tuple[str, ...], state: State) -> bytes:
        out = [float(alt >> bit & 1) for bit in self.linchpin_bits]
        for s in status:
            out += (1.0, 0.0, 0.0) if s == TRUE else (0.0, 1.0, 0.0) if s == OPEN else (0.0, 0.0, 1.0)
        out.append(min(status.count(OPEN) / self.paradox_limit, 1.0))
        out.append(1.0 if state.ultraparadox() else 0.0)
        return _remember(self.timelines, (alt, status), _floats(out))

    def _tableaux(self, key: tuple[tuple[str, ...], ...]) -> bytes:
        artifacts, a = self.tables.artifacts, len(self.artifact_deck)
        out = [0.0] * (a * len(key))
        for seat, tableau in enumerate(key):
            counts = self.count(artifacts[card] for card in tableau)
            for k, n in counts.items():
                row = self.shares[self.artifact_deck[k]]
                out[seat * a + k] = row[n] if n < len(row) else 1.0
        return _remember(self.tableaux, key, _floats(out))

    def _discard(self, pile: tuple[str, ...]) -> bytes:
        """The discard pile per card type; from the block of the pile a card or two shorter when known
        (the pile mostly grows by a card or two)."""
        for shorter in (1, 2):
            known = self.discards.get(pile[:-shorter]) if len(pile) >= shorter else None
            if known is not None:
                return _remember(self.discards, pile, self._grown(known, pile, len(pile) - shorter))
        block = self.deck_block(self.count(map(self.deck_index.__getitem__, pile)))
        return _remember(self.discards, pile, block)

    def _grown(self, block: bytes, pile: tuple[str, ...], known: int) -> bytes:
        """The block of `pile` from `block`, that of its first `known` cards: the new cards' slots are
        replaced."""
        for card in set(pile[known:]):
            k = self.deck_index[card]
            n = pile.count(card)
            row = self.cells[k]
            block = block[: 4 * k] + (row[n] if n < len(row) else _ONE) + block[4 * k + 4 :]
        return block

    def deck_block(self, counts: dict[int, int]) -> bytes:
        """Per play-deck card type, the share of its count in `counts` (by deck index)."""
        out = [0.0] * self.d
        for k, n in counts.items():
            row = self.shares[k]
            out[k] = row[n] if n < len(row) else 1.0
        return _floats(out)

    @staticmethod
    def count(indices: Iterable[int]) -> dict[int, int]:
        """How many times each index occurs."""
        counts: dict[int, int] = {}
        for k in indices:
            counts[k] = counts.get(k, 0) + 1
        return counts

    def _goals(self, key: GoalsKey) -> bytes:
        id_pile, mission_pile, id_queue, mission_queue, revealed, solo_ids, home_row = key
        identities, missions = self.tables.identities, self.tables.missions
        i, m = max(self.i, 1), max(self.m, 1)

        def bits(size: int, index: Any, ids: tuple[str, ...]) -> list[float]:
            block = [0.0] * size
            for card in ids:
                if card in index:
                    block[index[card]] = 1.0
            return block

        out = [id_pile / i, mission_pile / m]
        out += [*bits(self.i, identities, id_queue), id_queue.count("?") / i]
        out += [*bits(self.m, missions, mission_queue), mission_queue.count("?") / m]
        for ids in (revealed, solo_ids, home_row):
            out += bits(self.i, identities, ids)
        return _remember(self.goals, key, _floats(out))

    def search(self, draw_pile: tuple[int, ...]) -> bytes:
        """The draw pile per card type, while the viewer searches it (C-VIEW-4)."""
        return self.deck_block({k: n for k, n in enumerate(draw_pile) if n})

    def ending(self, state: State) -> bytes:
        """The winner, the conditions and the winner's goal cards (public at the end, C-WIN-5)."""
        result = state.result
        if result is None:
            return self.unfinished
        winner = result.winner
        goals: tuple[str, ...] = ()
        if winner is not None and not self.solo:
            goals = tuple(g for g in (state.ids[winner], state.missions[winner]) if g)
        key = (winner, result.conditions, goals)
        cached = self.endings.get(key)
        if cached is not None:
            return cached
        out = [0.0] * (self.p + 1)
        out[self.p if winner is None else winner] = 1.0
        out += [1.0 if c in result.conditions else 0.0 for c in CONDITIONS]
        ids, missions = self.tables.identities, self.tables.missions
        out += [1.0 if any(ids.get(g) == k for g in goals) else 0.0 for k in range(self.i)]
        out += [1.0 if any(missions.get(g) == k for g in goals) else 0.0 for k in range(self.m)]
        return _remember(self.endings, key, _floats(out))


BY_CONTEXT: Final[dict[int, Blocks]] = {}
"""The `Blocks` of each game context by the context's id (an entry holds its context, so the id cannot
be reused while the entry lives); read by `blocks`, and inline by `arrays` (a hit is one `dict.get`)."""


def blocks(ctx: Context) -> Blocks:
    """The `Blocks` of a game context (at most 64 contexts are kept)."""
    found = BY_CONTEXT.get(id(ctx))
    if found is not None and found.ctx is ctx:
        return found
    if len(BY_CONTEXT) >= 64:
        BY_CONTEXT.clear()
    found = BY_CONTEXT[id(ctx)] = Blocks(ctx)
    return found
