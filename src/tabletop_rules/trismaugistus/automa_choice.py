"""The automa's die choice, section 1 of a card (T-DIE-2..6, T-RULING-6, T-RULING-7).

`choose_die` is a pure function of the bowls, the card and the rulings;
`section_one` adds the trace lines that explain it and is cached, since the
same board and card come back often in simulations.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Literal

import attr

from tabletop_rules.core.frozen import native_record
from tabletop_rules.trismaugistus.content.records import AutomaCard, Pack
from tabletop_rules.trismaugistus.options import Options
from tabletop_rules.trismaugistus.state import TraceLine, trace_line
from tabletop_rules.trismaugistus.vocabulary import (
    COLOUR_INDEX,
    COLOUR_RANK,
    COLOURS,
    FACE_INDEX,
    FACES,
    SYMBOL_RANK,
    Colour,
    Face,
)

__all__ = ["Candidate", "DieChoice", "Level", "choose_die", "section_one"]

Level = Literal["A", "B", "C", "fallback"]


@attr.s(frozen=True, auto_attribs=True, init=False, slots=False)
class Candidate:
    """A board die considered at some level: its potency (T-DIE-2) and leftmost match index.

    A native record of the compiled build (`core.frozen.native_record`), as the die choice is
    worked out again for every new board and card.
    """

    face: Face
    colour: Colour
    potency: int
    match_index: int | None
    key: tuple[int, ...]

    def __init__(
        self, face: Face, colour: Colour, potency: int, match_index: int | None, key: tuple[int, ...]
    ) -> None:
        object.__setattr__(self, "face", face)
        object.__setattr__(self, "colour", colour)
        object.__setattr__(self, "potency", potency)
        object.__setattr__(self, "match_index", match_index)
        object.__setattr__(self, "key", key)

    def __reduce__(self) -> tuple[type[Candidate], tuple[Any, ...]]:
        """Pickled as its fields (a native class of the compiled build has no default way)."""
        return (Candidate, (self.face, self.colour, self.potency, self.match_index, self.key))

    def __str__(self) -> str:
        where = f", index {self.match_index}" if self.match_index is not None else ""
        return f"{self.face}/{self.colour} (potency {self.potency}{where})"


native_record(Candidate)


@attr.s(frozen=True, auto_attribs=True, init=False, slots=False)
class DieChoice:
    """The outcome of section 1: the candidates at each level examined, the die chosen and why.

    A native record of the compiled build (`core.frozen.native_record`).
    """

    levels: tuple[tuple[Level, tuple[Candidate, ...]], ...]
    chosen: Candidate | None
    level: Level | None
    reason: str

    def __init__(
        self,
        levels: tuple[tuple[Level, tuple[Candidate, ...]], ...],
        chosen: Candidate | None,
        level: Level | None,
        reason: str,
    ) -> None:
        object.__setattr__(self, "levels", levels)
        object.__setattr__(self, "chosen", chosen)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "reason", reason)

    def __reduce__(self) -> tuple[type[DieChoice], tuple[Any, ...]]:
        """Pickled as its fields (a native class of the compiled build has no default way)."""
        return (DieChoice, (self.levels, self.chosen, self.level, self.reason))


native_record(DieChoice)


_LEVEL_NAMES: dict[str, str] = {
    "A": "level A (symbol and colour)",
    "B": "level B (symbol only)",
    "C": "level C (colour only)",
    "fallback": "fallback (any die, T-RULING-7)",
}


def _board_dice(bowls: Sequence[Sequence[int]]) -> list[tuple[Face, Colour, int]]:
    # The bowls as plain sequences: compiled, a `tuple[int, int, int]` bowl would be unpacked into a
    # C struct and packed into a new tuple again for `sum` and `enumerate`.
    dice: list[tuple[Face, Colour, int]] = []
    for fi, counts in enumerate(bowls):
        potency = sum(counts)  # T-DIE-2, B-4
        for ci, n in enumerate(counts):
            if n:
                dice.append((FACES[fi], COLOURS[ci], potency))
    return dice


def _tiebreak(name: str, face: Face, colour: Colour, index: int) -> int:
    if name == "wild":
        return 0 if face == "wild" else 1
    if name == "leftmost":
        return index
    if name == "colour":
        return COLOUR_RANK[colour]
    return SYMBOL_RANK[face]


def _level_candidates(
    level: Level, dice: list[tuple[Face, Colour, int]], card: AutomaCard, options: Options
) -> tuple[Candidate, ...]:
    out: list[Candidate] = []
    pictured = card.dice
    for face, colour, potency in dice:
        index: int | None = None
        for i, p in enumerate(pictured):
            symbol_ok = face in (p.symbol, "wild")
            if (
                (level == "A" and symbol_ok and colour == p.colour)
                or (level == "B" and symbol_ok)
                or (level == "C" and colour == p.colour)
            ):
                index = i
                break
        key: tuple[int, ...]
        if level == "fallback":
            key = (-potency, 0 if face == "wild" else 1, COLOUR_RANK[colour], SYMBOL_RANK[face])
        elif index is None:
            continue
        elif level == "A":  # T-DIE-3, T-DIE-4
            key = (-potency, 0 if face == "wild" else 1, index)
        else:  # T-DIE-5, T-DIE-6 with T-RULING-6
            order = options.symbol_only_tiebreak if level == "B" else options.colour_only_tiebreak
            key = (-potency, *(_tiebreak(n, face, colour, index) for n in order))
        out.append(Candidate(face, colour, potency, index, (*key, FACE_INDEX[face], COLOUR_INDEX[colour])))
    return tuple(sorted(out, key=lambda c: c.key))


def _criteria(level: Level, options: Options) -> tuple[str, ...]:
    names = {"wild": "wild die first", "leftmost": "leftmost pictured die",
             "colour": "colour rank black>white>red",
             "symbol": "symbol rank iron>mercury>tin>copper>lead"}  # fmt: skip
    if level == "A":
        order: tuple[str, ...] = ("wild", "leftmost")
    elif level == "B":
        order = options.symbol_only_tiebreak
    elif level == "C":
        order = options.colour_only_tiebreak
    else:
        order = ("wild", "colour", "symbol")
    return ("highest potency", *(names[n] for n in order))


def choose_die(bowls: tuple[tuple[int, int, int], ...], card: AutomaCard, options: Options) -> DieChoice:
    """Section 1 of ``card`` against the board (T-DIE-2..6, T-RULING-6, T-RULING-7).

    Levels A, B and C are tried in turn; the first with any candidate decides,
    by the smallest sort key of spec 3.4.  If none matches, ``no_match_fallback``
    decides between any board die and none.
    """
    dice = _board_dice(bowls)
    examined: list[tuple[Level, tuple[Candidate, ...]]] = []
    if not dice:
        return DieChoice((), None, None, "the bowls are empty")
    levels: tuple[Level, ...] = ("A", "B", "C")
    if options.no_match_fallback == "any_die":
        levels = (*levels, "fallback")
    for level in levels:
        found = _level_candidates(level, dice, card, options)
        examined.append((level, found))
        if found:
            chosen = found[0]
            if len(found) == 1:
                reason = f"{_LEVEL_NAMES[level]}: the only candidate"
            else:
                runner = found[1]
                decided = next(
                    i for i, (a, b) in enumerate(zip(chosen.key, runner.key, strict=True)) if a != b
                )
                names = _criteria(level, options)
                why = names[decided] if decided < len(names) else "same die"
                reason = f"{_LEVEL_NAMES[level]}: {len(found)} candidates, decided by {why}"
            return DieChoice(tuple(examined), chosen, level, reason)
    return DieChoice(
        tuple(examined), None, None, "no die matches at levels A, B or C (T-RULING-7: end_round)"
    )


_LEVEL_CLAUSE: dict[str, str] = {"A": "T-DIE-3", "B": "T-DIE-5", "C": "T-DIE-6", "fallback": "T-RULING-7"}
_DECIDED_CLAUSE: dict[str, str] = {"A": "T-DIE-4", "B": "T-DIE-5", "C": "T-DIE-6", "fallback": "T-RULING-7"}


@functools.lru_cache(maxsize=4096)  # about 1.5 KB an entry; keys and values are immutable
def section_one(
    bowls: tuple[tuple[int, int, int], ...], card_id: str, pack: Pack, options: Options
) -> tuple[DieChoice, tuple[TraceLine, ...]]:
    """Section 1 of card ``card_id`` on ``bowls`` and its trace lines (a pure function, cached)."""
    choice = choose_die(bowls, pack.card[card_id], options)
    lines = [
        trace_line(_LEVEL_CLAUSE[level], f"level {level} candidates: {', '.join(map(str, found)) or 'none'}")
        for level, found in choice.levels
    ]
    if choice.chosen is not None:
        lines.append(
            trace_line(
                _DECIDED_CLAUSE[choice.level or "A"],
                f"chosen {choice.chosen.face}/{choice.chosen.colour}: {choice.reason}",
            )
        )
    return choice, tuple(lines)
