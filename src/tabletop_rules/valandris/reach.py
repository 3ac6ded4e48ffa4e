"""Where the pieces can go: targets, single-move tests and the legal moves of each phase (`LEGAL_MOVES`).

Every function here is pure and reads the board only through the precomputed
tuples of `board` and the tables below.  The helpers take a state's fields
rather than a state, so that `rules.apply` can decide the next phase before it
builds the one new state it returns.

Speed: seals, creatures and neighbourhoods are bitsets (bit `v` for vertex
`v`), so "open neighbours" is one `&` instead of a loop, and the move tables are
built once per vertex, so a generator only filters ready-made moves.  The
single-move tests (`demon_can_reach`) answer for one destination without
building the whole set; `rules` checks each against the generators in tests.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Final

from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.valandris import moves as mv
from tabletop_rules.valandris.board import (
    ABYSS_VERTICES,
    ADJACENT,
    ADJACENT_MASK,
    ANTIPODE,
    CREATURES,
    CROSS,
    EARTH_VERTICES,
    FLY,
    HEAVEN_VERTICES,
    NUM_VERTICES,
    SAME,
    WITHIN_TWO,
    WORLD,
    Piece,
    World,
)
from tabletop_rules.valandris.moves import Move
from tabletop_rules.valandris.options import Options
from tabletop_rules.valandris.state import Phase, State

__all__ = [
    "LEGAL_MOVES",
    "SAME_MASK",
    "SEAL_TOKENS",
    "SETUP_SEALS",
    "archangel_flies",
    "bits",
    "can_step",
    "creature_steps",
    "crossing_ok",
    "crossings",
    "demon_can_reach",
    "demon_moves",
    "demon_reach",
    "leviathan_jumps",
    "occupied",
    "setup_seal_choices",
    "step_moves",
    "step_ok",
    "unicorn_seals",
]

SETUP_SEALS: Final = 5  # V-SETUP-3
SEAL_TOKENS: Final = 12  # V-POWER-UNI-4
_L, _U, _A = Piece.LEVIATHAN, Piece.UNICORN, Piece.ARCHANGEL
_HEAVEN, _EARTH, _ABYSS = int(World.HEAVEN), int(World.EARTH), int(World.ABYSS)


def _mask(vertices: Iterable[int]) -> int:
    out = 0
    for v in vertices:
        out |= 1 << v
    return out


SAME_MASK: Final = tuple(_mask(row) for row in SAME)
"""`SAME_MASK[v]`: the same-world neighbours of `v` as a bitset."""
_STEPS_FROM: Final = tuple(tuple((x, mv.STEP[x]) for x in row) for row in SAME)
_CROSS_MASK: Final = tuple(_mask(row) for row in CROSS)
# `_CROSSINGS_FROM[c][v]`: (target, move) for every crossing of creature `c` from `v`, and
# `_ALL_CROSSINGS_FROM[c][v]` the moves alone, returned whole when no target is closed.
_CROSSINGS_FROM: Final = tuple(
    tuple(tuple((t, mv.CROSS[c][t]) for t in CROSS[v]) for v in range(NUM_VERTICES)) for c in CREATURES
)
_ALL_CROSSINGS_FROM: Final = tuple(
    tuple(tuple(m for _, m in row) for row in table) for table in _CROSSINGS_FROM
)
# `_WITHIN_TWO_MASK[v]`: the vertices at distance 0..2 of `v`; `_TWO_STEPS_VIA[v]`: for each
# neighbour `m` of `v`, its bit and its own neighbours, the second steps through `m`.
_WITHIN_TWO_MASK: Final = tuple(_mask(row) for row in WITHIN_TWO)
_TWO_STEPS_VIA: Final = tuple(tuple((1 << m, ADJACENT_MASK[m]) for m in row) for row in ADJACENT)
# `_DEMON_MOVES_BY_BYTE[k][b]`: the `DemonMove`s to the vertices `8k + i` for the bits `i` set in the
# byte `b`, so that the legal moves of a reach bitset are read a byte at a time, ready-made.
_DEMON_MOVES_BY_BYTE: Final = tuple(
    tuple(
        tuple(mv.DEMON_MOVE[8 * k + i] for i in range(8) if b >> i & 1 and 8 * k + i < NUM_VERTICES)
        for b in range(256)
    )
    for k in range((NUM_VERTICES + 7) // 8)
)


def occupied(creatures: tuple[int, ...]) -> int:
    """The creatures' vertices as a bitset."""
    if len(creatures) == 3:  # every state after setup: unrolled, about twice as fast as the loop
        lev, uni, arc = creatures
        return 1 << lev | 1 << uni | 1 << arc
    out = 0
    for v in creatures:
        out |= 1 << v
    return out


def creature_steps(creatures: tuple[int, ...], sealed: int, creature: int) -> list[int]:
    """Normal steps of `creature`: same-world neighbours, unsealed, without a creature (V-HS-4, V-HS-5)."""
    return [x for x in SAME[creatures[creature]] if not sealed >> x & 1 and x not in creatures]


def step_moves(creatures: tuple[int, ...], sealed: int, creature: int) -> list[Move]:
    """`creature_steps` as `Step` moves, filtered from the table of the creature's vertex."""
    closed = sealed | occupied(creatures)
    return [move for x, move in _STEPS_FROM[creatures[creature]] if not closed >> x & 1]


def can_step(creatures: tuple[int, ...], sealed: int, creature: int) -> bool:
    """Whether `creature_steps` is not empty (one `&` of bitsets)."""
    return SAME_MASK[creatures[creature]] & ~(sealed | occupied(creatures)) != 0


def step_ok(creatures: tuple[int, ...], sealed: int, creature: int, target: int) -> bool:
    """Whether `target` is in `creature_steps` (a vertex index `0 <= target < NUM_VERTICES`)."""
    return (SAME_MASK[creatures[creature]] & ~(sealed | occupied(creatures))) >> target & 1 == 1


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
    """Every crossing the Holy Spirit may declare instead of a normal turn (V-CROSS-1..3, V-RULING-24)."""
    creatures, demon = state.creatures, state.demon
    closed = state.sealed | occupied(creatures)
    if demon is not None and not state.options.crossing_target_may_hold_demon:
        closed |= 1 << demon
    out: list[Move] = []
    for creature in CREATURES:  # in the order L, U, A, each in the order of `CROSS`
        v = creatures[creature]
        if _CROSS_MASK[v] & closed:
            out += [move for t, move in _CROSSINGS_FROM[creature][v] if not closed >> t & 1]
        else:  # the common case: every target open, the ready-made tuple
            out += _ALL_CROSSINGS_FROM[creature][v]
    return out


def demon_reach(state: State, steps: int) -> int:
    """The vertices Valandris can end on in 0..`steps` legal steps, as a bitset (V-DEMON-1..5).

    He follows any edge, never enters a sealed vertex or a creature's vertex,
    and passes through a creature only if the options allow it (V-RULING-4).
    """
    start = state.demon
    assert start is not None
    sealed = state.sealed
    closed = sealed | occupied(state.creatures)
    near = ADJACENT_MASK[start]
    reach = near & ~closed
    if steps >= 2:
        via = near & ~sealed if state.options.demon_may_pass_through_creatures else reach
        if via == near:  # no neighbour stops a passage: every vertex within two steps
            reach = _WITHIN_TWO_MASK[start]
        else:
            for bit, second in _TWO_STEPS_VIA[start]:
                if via & bit:
                    reach |= second
        reach &= ~closed
    return reach | 1 << start


def demon_can_reach(state: State, steps: int, target: int) -> bool:
    """Whether `target` is in `demon_reach(state, steps)`, without building the whole set.

    A two-step move passes through an open neighbour of both ends (adjacency is
    symmetric), so one `&` of two neighbourhoods answers it (V-DEMON-1..5, V-RULING-4).
    """
    start = state.demon
    assert start is not None
    if target == start:
        return True
    sealed = state.sealed
    closed = sealed | occupied(state.creatures)
    if closed >> target & 1:
        return False
    near = ADJACENT_MASK[start]
    if near >> target & 1:
        return True
    if steps < 2:
        return False
    via = near & ~(sealed if state.options.demon_may_pass_through_creatures else closed)
    return ADJACENT_MASK[target] & via != 0


def demon_moves(reach: int) -> tuple[Move, ...]:
    """The `DemonMove`s to the vertices of the bitset `reach`, in increasing vertex order."""
    out: tuple[Move, ...] = ()
    for table in _DEMON_MOVES_BY_BYTE:
        if not reach:
            break
        out += table[reach & 0xFF]
        reach >>= 8
    return out


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


# --------------------------------------------------------------------------- legal moves of each phase
# `rules.legal_moves` looks the state's phase up in `LEGAL_MOVES`.


_PLACE_AT_HOME: Final = tuple(
    tuple(mv.PLACE[c][v] for v in vertices)
    for c, vertices in zip(CREATURES, (ABYSS_VERTICES, EARTH_VERTICES, HEAVEN_VERTICES), strict=True)
)


def _legal_leviathan(state: State) -> tuple[Move, ...]:
    creatures, sealed = state.creatures, state.sealed
    out = step_moves(creatures, sealed, _L)
    if state.declared is _L:  # V-POWER-LEV-1: only the declared Leviathan jumps
        out += [mv.JUMP[x] for x in leviathan_jumps(creatures, sealed, state.demon, state.declared)]
    if not out:
        out.append(mv.STAY)  # V-ENGINE-3: the first decision also picks normal turn vs crossing
    out += crossings(state)
    return tuple(out)


def _legal_unicorn_seal(state: State) -> tuple[Move, ...]:
    sealable = unicorn_seals(state.options, state.creatures, state.sealed, state.demon, state.declared)
    return (*(mv.SEAL[e] for e in sealable), mv.NO_SEAL)


def _legal_unicorn(state: State) -> tuple[Move, ...]:
    return tuple(step_moves(state.creatures, state.sealed, _U))


def _legal_archangel(state: State) -> tuple[Move, ...]:
    steps = step_moves(state.creatures, state.sealed, _A)
    if state.declared is _A:  # V-POWER-ARC-1: only the declared Archangel flies
        steps += [mv.FLY[x] for x in archangel_flies(state.creatures, state.declared)]
    return tuple(steps)


def _legal_declare(state: State) -> tuple[Move, ...]:
    if state.options.allow_declare_none:  # V-RULING-15
        return (*mv.DECLARE, mv.DECLARE_NONE)
    return mv.DECLARE


def setup_seal_choices(state: State) -> list[int]:
    """V-ENGINE-5: seals in increasing vertex order, so each set is reached once; a vertex is offered
    only if enough larger ones remain to complete the five (V-SETUP-3: never the Unicorn's)."""
    sealed = state.sealed
    low = sealed.bit_length() - 1  # the highest seal so far, -1 before the first
    uni = state.creatures[_U]
    eligible = [e for e in EARTH_VERTICES if e > low and e != uni]
    needed = SETUP_SEALS - sealed.bit_count()
    return eligible[: len(eligible) - needed + 1]


def _legal_setup_seal(state: State) -> tuple[Move, ...]:
    return tuple([mv.SEAL[e] for e in setup_seal_choices(state)])


def _legal_place_demon(state: State) -> tuple[Move, ...]:
    blocked = state.sealed | occupied(state.creatures)  # V-SETUP-5, V-RULING-8
    row = mv.PLACE[Piece.VALANDRIS]
    return tuple([row[v] for v in range(NUM_VERTICES) if not blocked >> v & 1])


def _legal_demon(state: State) -> tuple[Move, ...]:
    return demon_moves(demon_reach(state, 2))


def _legal_bonus(state: State) -> tuple[Move, ...]:
    return demon_moves(demon_reach(state, state.options.crossing_bonus_steps))


def _none(state: State) -> tuple[Move, ...]:
    return ()


LEGAL_MOVES: Final[Mapping[Phase, Callable[[State], tuple[Move, ...]]]] = frozen_mapping(
    {
        Phase.PLACE_LEVIATHAN: lambda s: _PLACE_AT_HOME[_L],  # V-SETUP-2
        Phase.PLACE_UNICORN: lambda s: _PLACE_AT_HOME[_U],
        Phase.PLACE_ARCHANGEL: lambda s: _PLACE_AT_HOME[_A],
        Phase.SETUP_SEAL: _legal_setup_seal,
        Phase.SETUP_DECLARE: _legal_declare,
        Phase.PLACE_VALANDRIS: _legal_place_demon,
        Phase.LEVIATHAN: _legal_leviathan,
        Phase.UNICORN_SEAL: _legal_unicorn_seal,
        Phase.UNICORN: _legal_unicorn,
        Phase.ARCHANGEL: _legal_archangel,
        Phase.ROLL: _none,
        Phase.BONUS: _legal_bonus,
        Phase.DECLARE: _legal_declare,
        Phase.VALANDRIS: _legal_demon,
        Phase.OVER: _none,
    }
)
