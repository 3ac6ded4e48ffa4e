"""Where the pieces can go: the move generators that `rules` reads, clause by clause.

Every function here is pure and reads the board only through the precomputed
tuples of `board`.  The helpers take a state's fields rather than a state, so
that `rules.apply` can decide the next phase before it builds the one new
state it returns.  Seals are a bitset (bit `v` set when vertex `v` is sealed).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from tabletop_rules.valandris import moves as mv
from tabletop_rules.valandris.board import (
    ADJACENT_MASK,
    ANTIPODE,
    CREATURES,
    CROSS,
    EARTH_VERTICES,
    FLY,
    SAME,
    WORLD,
    Piece,
    World,
)
from tabletop_rules.valandris.moves import Move
from tabletop_rules.valandris.options import Options
from tabletop_rules.valandris.state import State

__all__ = [
    "SEAL_TOKENS",
    "SETUP_SEALS",
    "archangel_flies",
    "bits",
    "creature_steps",
    "crossing_ok",
    "crossings",
    "demon_reach",
    "leviathan_jumps",
    "unicorn_seals",
]

SETUP_SEALS: Final = 5  # V-SETUP-3
SEAL_TOKENS: Final = 12  # V-POWER-UNI-4
_L, _U, _A = Piece.LEVIATHAN, Piece.UNICORN, Piece.ARCHANGEL
_HEAVEN, _EARTH, _ABYSS = int(World.HEAVEN), int(World.EARTH), int(World.ABYSS)


def creature_steps(creatures: tuple[int, ...], sealed: int, creature: int) -> list[int]:
    """Normal steps of `creature`: same-world neighbours, unsealed, without a creature (V-HS-4, V-HS-5)."""
    return [x for x in SAME[creatures[creature]] if not sealed >> x & 1 and x not in creatures]


def leviathan_jumps(
    creatures: tuple[int, ...], sealed: int, demon: int | None, declared: Piece | None
) -> list[int]:
    """The Leviathan's jump destinations, if it is declared and at home (V-POWER-LEV-1..3, V-ENGINE-2)."""
    lev = creatures[_L]
    if declared is not _L or WORLD[lev] != _ABYSS:
        return []
    far = ANTIPODE[lev]
    if far in creatures:
        return []
    if demon == far:  # the jump captures him; no follow-up step
        return [far]
    return [far, *(y for y in SAME[far] if y not in creatures and not sealed >> y & 1)]


def archangel_flies(creatures: tuple[int, ...], declared: Piece | None) -> list[int]:
    """The Archangel's fly destinations, if it is declared and in Heaven (V-POWER-ARC-1..3)."""
    arc = creatures[_A]
    if declared is not _A or WORLD[arc] != _HEAVEN:
        return []
    return [x for x in FLY[arc] if x not in creatures]


def unicorn_seals(
    options: Options, creatures: tuple[int, ...], sealed: int, demon: int | None, declared: Piece | None
) -> list[int]:
    """Earth vertices the declared Unicorn may seal now (V-POWER-UNI-1..4, V-RULING-17)."""
    uni = creatures[_U]
    if declared is not _U or WORLD[uni] != _EARTH or sealed.bit_count() >= SEAL_TOKENS:
        return []
    steps = [x for x in SAME[uni] if not sealed >> x & 1 and x not in creatures]
    if not steps:
        return []
    candidates: Iterable[int] = SAME[uni] if options.unicorn_seal_range == "adjacent" else EARTH_VERTICES
    own = options.unicorn_may_seal_own_vertex
    if own:
        candidates = sorted({*candidates, uni})
    # Sealing must leave the Unicorn a legal step: a vertex is excluded only if it is its last one.
    last = steps[0] if len(steps) == 1 else -1
    return [
        e
        for e in candidates
        if not sealed >> e & 1 and e not in (demon, last) and (e not in creatures or (own and e == uni))
    ]


def crossing_ok(state: State, creature: Piece, target: int) -> bool:
    """Whether `creature` may cross to `target` instead of a normal turn (V-CROSS-1..3, V-RULING-24)."""
    creatures = state.creatures
    return (
        target in CROSS[creatures[creature]]
        and not state.sealed >> target & 1
        and target not in creatures
        and (target != state.demon or state.options.crossing_target_may_hold_demon)
    )


def crossings(state: State) -> list[Move]:
    """Every crossing the Holy Spirit may declare instead of a normal turn (V-CROSS-1..3)."""
    creatures, sealed, demon = state.creatures, state.sealed, state.demon
    demon_ok = state.options.crossing_target_may_hold_demon
    out: list[Move] = []
    for creature in CREATURES:
        row = mv.CROSS[creature]
        for t in CROSS[creatures[creature]]:
            if sealed >> t & 1 or t in creatures or (t == demon and not demon_ok):
                continue
            out.append(row[t])
    return out


def demon_reach(state: State, steps: int) -> int:
    """The vertices Valandris can end on in 0..`steps` legal steps, as a bitset (V-DEMON-1..5).

    He follows any edge, never enters a sealed vertex or a creature's vertex,
    and passes through a creature only if the options allow it (V-RULING-4).
    """
    start = state.demon
    assert start is not None
    sealed = state.sealed
    occupied = 0
    for v in state.creatures:
        occupied |= 1 << v
    closed = sealed | occupied
    near = ADJACENT_MASK[start]
    reach = near & ~closed
    if steps >= 2:
        via = near & ~sealed if state.options.demon_may_pass_through_creatures else reach
        while via:
            low = via & -via
            reach |= ADJACENT_MASK[low.bit_length() - 1]
            via ^= low
        reach &= ~closed
    return reach | 1 << start


_BYTE_BITS: Final = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))


def bits(mask: int) -> list[int]:
    """The set bits of `mask` in increasing order (a byte at a time, from a table)."""
    out: list[int] = []
    offset = 0
    while mask:
        byte = mask & 0xFF
        if byte:
            out += [offset + i for i in _BYTE_BITS[byte]]
        mask >>= 8
        offset += 8
    return out
