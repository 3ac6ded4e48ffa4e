"""The retrograde engine: value iteration over every position, one seal-set orbit at a time.

Positions are stored per canonical seal set ``S`` as arrays indexed
``[L, U, A, V]`` (the Leviathan's, the Unicorn's, the Archangel's and
Valandris' vertices), one byte per position: the number of Holy Spirit turns
to a forced capture, or `NEVER`.  Two families of arrays are kept:

* ``T[s, d]``: the Holy Spirit to move at the start of a turn with ``d``
  declared (``d`` = 0, 1, 2 for the Leviathan, the Unicorn, the Archangel);
* ``M[s]``: Valandris to move, already minimised over the declaration the
  Holy Spirit made just before (the declaration is the last decision of a
  Holy Spirit turn, so the turn's value only ever needs this minimum).

One sweep applies the turn structure of `tabletop_rules.valandris.rules`
as whole-array passes, one per decision (Archangel, Unicorn, seal,
Leviathan, Valandris), each a reduction over a vertex's neighbours along one
axis.  Entries that are not positions (two pieces on one vertex, a piece on a
seal) hold sentinels that make illegal moves lose every minimum or maximum
they enter.  Starting from "never everywhere", the sweeps decrease
monotonically to the exact values; the engine stops after a sweep that
changes nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from typing import Any, Final, Literal

import numpy as np
import numpy.typing as npt

from tabletop_rules.core.errors import InvalidOptionError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.valandris.board import CROSS, WORLD, World
from tabletop_rules.valandris.options import Options
from tabletop_rules.valandris.solver._board import (
    ADJ_MATRIX,
    CROSS_EDGES,
    EARTH,
    FLY_TABLE,
    JUMP_TABLE,
    ORBITS,
    SAME_MATRIX,
    N,
    mask_vertices,
)

__all__ = ["NEVER", "Die", "Engine"]

NEVER: Final = 255
"""The stored value of a position with no forced capture."""
Die = Literal["adversarial", "ignored", "cooperative"]

U8 = npt.NDArray[np.uint8]
Bool = npt.NDArray[np.bool_]
Table = Sequence[Sequence[int]]
Progress = Callable[[str, int, int], None]

_SAME: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(int(u) for u in np.flatnonzero(r)) for r in SAME_MATRIX
)
_ADJ: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(int(u) for u in np.flatnonzero(r)) for r in ADJ_MATRIX)
_I: Final = np.arange(N)
_EQ: Final[Bool] = _I[:, None] == _I[None, :]
_EARTH_V: Final[Bool] = np.array([WORLD[v] == World.EARTH for v in range(N)])
_EARTH_IDX: Final = np.array(EARTH, dtype=np.intp)
_EARTH_SL: Final = slice(EARTH[0], EARTH[-1] + 1)
assert tuple(range(N))[_EARTH_SL] == EARTH


def _front(x: npt.NDArray[np.generic], axis: int) -> npt.NDArray[np.generic]:
    return x if axis == 0 else np.ascontiguousarray(np.moveaxis(x, axis, 0))


def _back(x: U8, axis: int) -> U8:
    return x if axis == 0 else np.ascontiguousarray(np.moveaxis(x, 0, axis))


def neighbour_reduce(x: U8, axis: int, table: Table, op: np.ufunc, empty: int, closed: bool = False) -> U8:
    """Reduce ``x`` along ``axis`` over each vertex's row of ``table``.

    ``out[..., v, ...] = op over u in table[v] of x[..., u, ...]``, also over
    ``v`` itself if ``closed``; ``empty`` where the row is empty (and not closed).
    Axes 0 and 1 are reduced in place (their slices are long contiguous runs);
    the others go through a transposed copy.
    """
    moved = axis >= 2
    xf = _front(x, axis) if moved else x
    out = np.empty_like(xf)
    lead = 0 if moved else axis
    for v in range(N):
        o = out[v] if lead == 0 else out[:, v]
        row = list(table[v])
        if closed:
            o[...] = xf[v] if lead == 0 else xf[:, v]
        elif row:
            u0 = row.pop()
            o[...] = xf[u0] if lead == 0 else xf[:, u0]
        else:
            o.fill(empty)
        for u in row:
            op(o, xf[u] if lead == 0 else xf[:, u], out=o)
    return _back(out, axis) if moved else out


def top_two(xf: U8) -> tuple[U8, U8, U8]:
    """Over each ``V``'s closed neighbourhood: the largest value, a vertex holding it, the second.

    ``xf`` and the results are in the ``[V, L, U, A]`` layout (``V`` first).  The
    second value is the largest after removing one occurrence of the first, so
    it equals the first on ties: the maximum with any one vertex excluded is
    the second value if that vertex holds the first, and the first otherwise.
    """
    m1 = xf.copy()
    a1 = np.empty_like(xf)
    m2 = np.zeros_like(xf)
    low = np.empty_like(xf[0])
    for v in range(N):
        a1[v].fill(v)
        o1, oa, o2 = m1[v], a1[v], m2[v]
        for u in _ADJ[v]:
            val = xf[u]
            np.minimum(o1, val, out=low)
            np.maximum(o2, low, out=o2)
            np.copyto(oa, np.uint8(u), where=val > o1)
            np.maximum(o1, val, out=o1)
    return m1, a1, m2


def _inc(x: U8) -> U8:
    """``x + 1``, with `NEVER` staying `NEVER`."""
    out = np.minimum(x, NEVER - 1)
    out += 1
    return out


def _combine(slots: list[U8 | None], c: int, value: U8, agg: np.ufunc) -> None:
    """Fold ``value`` into ``slots[c]`` with ``agg`` (the die treatment's max or min), in place."""
    held = slots[c]
    if held is None:
        slots[c] = value
    else:
        agg(held, value, out=held)


def _permute(x: U8, g: npt.NDArray[np.intp]) -> U8:
    """``out[l, u, a, v] = x[g[l], g[u], g[a], g[v]]``: a table read through a symmetry.

    Each axis is permuted while it is a leading axis, so every copy moves whole blocks.
    """
    y = x[g][:, g]
    y = np.ascontiguousarray(np.moveaxis(y, 3, 2))[:, :, g]  # [L, U, V, A], V permuted
    y = np.ascontiguousarray(np.moveaxis(y, 3, 0))[g]  # [A, L, U, V], A permuted
    return np.ascontiguousarray(np.moveaxis(y, 0, 2))


def unicorn_steps(coll: Bool) -> U8:
    """``[L, U, A]``: how many legal steps the Unicorn has (the Leviathan already moved)."""
    return neighbour_reduce((~coll).astype(np.uint8), 1, _SAME, np.add, 0)


def seal_allowed(rules: Options, steps: U8, e: int) -> Bool:
    """``[L, U, A]``: whether the declared Unicorn may seal the unsealed Earth vertex ``e`` now.

    The same conditions as the rules' seal phase (V-POWER-UNI-3, V-RULING-17): the
    Unicorn on Earth with a legal step, ``e`` holding no creature (the Unicorn's own
    vertex only if allowed), within range, and not the Unicorn's last step.
    Valandris' vertex (``e`` must not hold him either) is the caller's to mask.
    """
    lq, uq, aq = np.ix_(_I, _I, _I)
    step_e = SAME_MATRIX[uq, e] & (lq != e) & (aq != e)
    ok: Bool = _EARTH_V[uq] & (lq != e) & (aq != e) & (steps > 0) & ~(step_e & (steps == 1))
    if not rules.unicorn_may_seal_own_vertex:
        ok &= uq != e
    if rules.unicorn_seal_range == "adjacent":
        ok &= SAME_MATRIX[uq, e]
    return ok


def check_options(rules: Options) -> None:
    """Raise `InvalidOptionError` for options the solver does not model.

    Every ★ ruling of `Options` is modelled; ``max_turns`` is not a
    rule of the solved game (values are capture times without a cap), so it is accepted and ignored.
    """
    if type(rules) is not Options:
        raise InvalidOptionError(f"options must be a valandris.Options, not {type(rules).__name__}")


class Engine:
    """One solve: the options, the die treatment, the seal-set family, and the value arrays."""

    def __init__(self, rules: Options, die: Die, min_seals: int = 0) -> None:
        check_options(rules)
        given: tuple[object, object] = (die, min_seals)  # checked as objects: callers may pass anything
        if type(given[0]) is not str or die not in ("adversarial", "ignored", "cooperative"):
            raise InvalidOptionError(
                f"die must be 'adversarial', 'ignored' or 'cooperative', not {brief(die)}"
            )
        if type(given[1]) is not int or not 0 <= min_seals <= 12:
            raise InvalidOptionError(f"min_seals must be an int in 0..12, not {brief(min_seals)}")
        if min_seals and die != "ignored":
            raise InvalidOptionError(
                "a reduced seal-set family (min_seals > 0) is closed only with die='ignored'"
            )
        self.options: Final = rules
        self.die: Final[Die] = die
        self.orbits: Final = tuple(i for i, rep in enumerate(ORBITS.reps) if bin(rep).count("1") >= min_seals)
        self.slot: Final = {orbit: k for k, orbit in enumerate(self.orbits)}
        n = len(self.orbits)
        shape = (N, N, N, N)
        self.M: Final[U8] = np.full((n, *shape), NEVER, dtype=np.uint8)
        # A fourth plane, "no creature declared", exists when the rules can produce it.  Declaring
        # nothing only removes options, so it never lowers Valandris-to-move values: the sweeps use
        # the three creatures, and the fourth plane is computed once from the final values.
        self.planes: Final = 4 if rules.allow_declare_none or rules.first_turn_power == "none" else 3
        self.T: Final[U8] = np.full((n, self.planes, *shape), NEVER, dtype=np.uint8)
        self._N: Final[U8] = np.full((n, *shape), NEVER, dtype=np.uint8)
        self.sweeps = 0
        self.seconds = 0.0
        # S-independent masks.
        self._v_on_creature: Final[Bool] = (
            _EQ[:, None, None, :] | _EQ[None, :, None, :] | _EQ[None, None, :, :]
        )
        same = SAME_MATRIX
        common = same[:, None, None, :] | same[None, :, None, :] | same[None, None, :, :]
        jump_m = np.zeros((N, N), dtype=np.bool_)
        fly_m = np.zeros((N, N), dtype=np.bool_)
        for v in range(N):
            jump_m[v, list(JUMP_TABLE[v])] = True
            fly_m[v, list(FLY_TABLE[v])] = True
        antipode = np.array([row[0] if row else v for v, row in enumerate(JUMP_TABLE)])
        far = antipode[:, None, None]
        self._far_occupied: Final[Bool] = (far == _I[None, :, None]) | (far == _I[None, None, :])
        jump_cap = jump_m[:, None, None, :] & ~self._far_occupied[..., None]
        self._capture: Final[tuple[Bool, Bool, Bool]] = (
            common | jump_cap,
            common,
            common | fly_m[None, None, :, :],
        )
        self.loses: Final = rules.blocked_creature == "holy_spirit_loses"
        # Each creature's own capture moves (for holy_spirit_loses), with and without its power.
        self._cap_l: Final[Bool] = same[:, None, None, :]
        self._cap_l_jump: Final[Bool] = self._cap_l | jump_cap
        self._cap_a: Final[Bool] = same[None, None, :, :]
        self._cap_a_fly: Final[Bool] = self._cap_a | fly_m[None, None, :, :]

    # ------------------------------------------------------------------ per seal set

    def _masks(self, mask: int) -> tuple[Bool, Bool, Bool]:
        """(sealed per vertex, bad creature triple [L,U,A], V blocked [L,U,A,V]) for a 12-bit seal mask."""
        sealed = np.zeros(N, dtype=np.bool_)
        sealed[list(mask_vertices(mask))] = True
        coll = (
            _EQ[:, :, None]
            | _EQ[:, None, :]
            | _EQ[None, :, :]
            | sealed[:, None, None]
            | sealed[None, :, None]
            | sealed[None, None, :]
        )
        vbad = self._v_on_creature | sealed[None, None, None, :]
        return sealed, coll, vbad

    def _m_of(self, mask: int) -> U8:
        """``M`` for any seal mask, read in that mask's own frame."""
        orbit, g = ORBITS.canon(mask)
        table = self.M[self.slot[orbit]]
        return table if ORBITS.reps[orbit] == mask else _permute(table, g)

    def _n_of(self, mask: int) -> U8:
        orbit, g = ORBITS.canon(mask)
        table = self._N[self.slot[orbit]]
        return table if ORBITS.reps[orbit] == mask else _permute(table, g)

    def _n_of_earth(self, mask: int) -> U8:
        """``_n_of(mask)[:, EARTH]``: only the Unicorn-on-Earth slice, which is all a seal can use."""
        orbit, g = ORBITS.canon(mask)
        table = self._N[self.slot[orbit]]
        out: U8 = table[np.ix_(g, g[_EARTH_IDX], g, g)]
        return out

    def _creature_passes(self, m: U8, coll: Bool, fly: bool) -> U8:
        """The Archangel's then the Unicorn's move: value with L already moved, before U and A move."""
        free = (~coll).astype(np.uint8)
        mh = np.where(coll[..., None], np.uint8(NEVER), m)
        xa = neighbour_reduce(mh, 2, _SAME, np.minimum, NEVER)
        can = neighbour_reduce(free, 2, _SAME, np.maximum, 0)
        if fly:
            np.minimum(xa, neighbour_reduce(mh, 2, FLY_TABLE, np.minimum, NEVER), out=xa)
            np.maximum(can, neighbour_reduce(free, 2, FLY_TABLE, np.maximum, 0), out=can)
        # V-RULING-12: a blocked creature stays, or (holy_spirit_loses) the game ends uncaptured
        xa = np.where((can == 0)[..., None], self._blocked(mh), xa)
        xh = np.where(coll[..., None], np.uint8(NEVER), xa)
        xu = neighbour_reduce(xh, 1, _SAME, np.minimum, NEVER)
        can_u = neighbour_reduce(free, 1, _SAME, np.maximum, 0)
        return np.where((can_u == 0)[..., None], self._blocked(xa), xu)

    def _blocked(self, stays: U8) -> U8 | np.uint8:
        """The value after a creature with no legal move: it stays, or the game ends with no capture."""
        return np.uint8(NEVER) if self.loses else stays

    def _seal_option(self, mask: int, xu: U8, coll: Bool) -> U8:
        """The declared Unicorn's optional seal (V-POWER-UNI-1..3, V-RULING-17), before its step."""
        steps = unicorn_steps(coll)
        best = xu.copy()
        for bit, e in enumerate(EARTH):
            if mask >> bit & 1:
                continue
            ok = seal_allowed(self.options, steps, e)
            ok4 = ok[:, _EARTH_SL, :, None] & np.not_equal(_I, e)[None, None, None, :]
            cand = self._n_of_earth(mask | 1 << bit)
            part = best[:, _EARTH_SL]
            np.minimum(part, np.where(ok4, cand, np.uint8(NEVER)), out=part)
        return best

    def _leviathan_pass(self, x: U8, coll: Bool, jump: bool) -> U8:
        free = (~coll).astype(np.uint8)
        xh = np.where(coll[..., None], np.uint8(NEVER), x)
        out = neighbour_reduce(xh, 0, _SAME, np.minimum, NEVER)
        can = neighbour_reduce(free, 0, _SAME, np.maximum, 0)
        if jump:
            far_ok = ~self._far_occupied
            jumps = neighbour_reduce(xh, 0, JUMP_TABLE, np.minimum, NEVER)
            np.minimum(out, np.where(far_ok[..., None], jumps, np.uint8(NEVER)), out=out)
            can_j = neighbour_reduce(free, 0, JUMP_TABLE, np.maximum, 0) & far_ok
            np.maximum(can, can_j, out=can)
        return np.where((can == 0)[..., None], self._blocked(x), out)

    def _crossings(self, mask: int, sealed: Bool) -> U8:
        """The best crossing turn (V-CROSS-1..8), one value per position, the turn itself counted."""
        rules = self.options
        if rules.crossing_bonus_steps == 2:
            return self._crossings_full_move(mask, sealed)
        plan = self._die_plan(mask)
        agg = np.minimum if self.die == "cooperative" else np.maximum
        # Valandris' bonus step is a max over his closed neighbourhood, except that the crossing
        # creature's old vertex is still occupied.  That exclusion matters only when V is next to
        # the old vertex, so the value is the plain neighbourhood maximum (top-1) everywhere else,
        # and the top-1 / top-2 split fixes the few (old vertex, V) pairs where it matters.
        full: list[U8 | None] = [None, None, None]
        fixes: list[U8 | None] = [None, None, None]
        for post, creatures in plan.items():
            m = self._m_of(post)
            _, coll, vbad = self._masks(post)
            # A target holding another creature is a collision: NEVER, so it never wins the Holy
            # Spirit's minimum.  V on a creature or a seal is 0: a capture if it is the target,
            # and never better than staying for Valandris otherwise.
            mz = np.where(vbad, np.uint8(0), np.where(coll[..., None], np.uint8(NEVER), m))
            m1, a1, m2 = top_two(np.ascontiguousarray(np.moveaxis(mz, 3, 0)))  # [V, L, U, A]
            for c in creatures:
                _combine(full, c, m1 if c == 1 else m1.copy(), agg)
                index: tuple[Any, ...] = (_FIX_V, *([slice(None)] * c), _FIX_T)  # -> [fix, other, other]
                val = m1[index]
                np.copyto(val, m2[index], where=a1[index] == _FIX_OLD_B)
                _combine(fixes, c, val, agg)
        best = np.full((N, N, N, N), NEVER, dtype=np.uint8)
        targets = tuple(tuple(t for t in CROSS[v] if not sealed[t]) for v in range(N))
        bad_fix = sealed[_FIX_T]
        if not rules.crossing_target_may_hold_demon:
            bad_fix |= _FIX_T == _FIX_V
        for c in range(3):
            held, fix = full[c], fixes[c]
            assert held is not None
            assert fix is not None
            front = np.ascontiguousarray(np.moveaxis(held, c + 1, 0))  # [t, V, other, other]
            if not rules.crossing_target_may_hold_demon:
                front[_I, _I] = NEVER
            front = neighbour_reduce(front, 0, targets, np.minimum, NEVER)  # [old, V, other, other]
            fix[bad_fix] = NEVER
            front[_PAIR_OLD, _PAIR_V] = np.minimum.reduceat(fix, _PAIR_START, axis=0)
            np.minimum(best, np.ascontiguousarray(np.moveaxis(_inc(front), (0, 1), (c, 3))), out=best)
        return best

    def _captures(self, coll: Bool) -> tuple[Bool, Bool, Bool, Bool]:
        """``[L, U, A, V]`` masks, one per declaration (the fourth: none), of a capture this turn.

        A creature captures by moving onto him.  Under the default V-RULING-12 the other
        creatures' moves cannot stop a capture, so the masks are fixed.  Under
        ``holy_spirit_loses`` a blocked creature ends the game first: the Unicorn captures only
        if the Leviathan can move, and the Archangel only if, after some Leviathan move, the
        Unicorn can move too.
        """
        if not self.loses:
            c = self._capture
            return (c[0], c[1], c[2], c[1])
        free = (~coll).astype(np.uint8)
        u_moves = np.where(coll, np.uint8(0), (unicorn_steps(coll) > 0).astype(np.uint8))
        can_l = neighbour_reduce(free, 0, _SAME, np.maximum, 0)
        u_after = neighbour_reduce(u_moves, 0, _SAME, np.maximum, 0)
        far_ok = ~self._far_occupied  # the declared Leviathan's jumps add to its moves
        can_l_jump = can_l | (neighbour_reduce(free, 0, JUMP_TABLE, np.maximum, 0) & far_ok)
        u_after_jump = u_after | (neighbour_reduce(u_moves, 0, JUMP_TABLE, np.maximum, 0) & far_ok)
        cap_u = SAME_MATRIX[None, :, None, :]

        def mask(cap_l: Bool, l_can: U8, u_can: U8, cap_a: Bool) -> Bool:
            l_moves = (l_can > 0)[..., None]
            out: Bool = cap_l | (l_moves & cap_u) | (l_moves & ((u_can > 0)[..., None] | cap_u) & cap_a)
            return out

        plain = mask(self._cap_l, can_l, u_after, self._cap_a)
        return (
            mask(self._cap_l_jump, can_l_jump, u_after_jump, self._cap_a),
            plain,
            mask(self._cap_l, can_l, u_after, self._cap_a_fly),
            plain,
        )

    def _die_plan(self, mask: int) -> dict[int, list[int]]:
        """``{seal set after the die: creatures whose crossing leads there}`` for a crossing from ``mask``.

        The Unicorn never rolls (V-CROSS-6); the Leviathan and the Archangel roll (V-CROSS-5),
        and the die is resolved by the treatment: every face (adversarial, cooperative) or
        none (ignored).
        """
        rolled = [mask]
        if self.die != "ignored":
            faces = [mask & ~(1 << bit) for bit in range(12) if mask >> bit & 1]
            rolled = faces if mask == 0xFFF else [mask, *faces]
        plan: dict[int, list[int]] = {mask: [1]}
        for post in rolled:
            plan.setdefault(post, []).extend((0, 2))
        return plan

    def _crossings_full_move(self, mask: int, sealed: Bool) -> U8:
        """`_crossings` when the bonus is a full move of up to two steps (V-RULING-7 = 2).

        Computed per directed cross edge ``e = (old, t)``: during the bonus the crossing
        creature still stands on ``old`` (which Valandris may neither enter nor pass) and
        not yet on ``t`` (which he may pass; ending there is a capture).  Arrays are laid
        out ``[V, e, other, other]``, so each step is a max over whole contiguous blocks.
        """
        rules = self.options
        agg = np.minimum if self.die == "cooperative" else np.maximum
        pass_creatures = rules.demon_may_pass_through_creatures
        held: list[U8 | None] = [None, None, None]
        for post, creatures in self._die_plan(mask).items():
            m = self._m_of(post)
            post_sealed, coll, vbad = self._masks(post)
            mz = np.where(vbad, np.uint8(0), np.where(coll[..., None], np.uint8(NEVER), m))
            # [w, o1, o2]: the middle vertex of two steps is never a seal, nor (V-RULING-4) a creature
            bad = np.broadcast_to(post_sealed[:, None, None], (N, N, N))
            if not pass_creatures:
                bad = bad | _EQ[:, :, None] | _EQ[:, None, :]
            for c in creatures:
                # [V, t, o1, o2], then one block per edge: [V, e, o1, o2]
                x = np.ascontiguousarray(np.moveaxis(mz, (3, c), (0, 1)))[:, _EDGE_T]
                x[_EDGE_OLD, _EDGE_IDX] = 0  # the old vertex is still occupied
                f1 = neighbour_reduce(x, 0, _ADJ, np.maximum, 0, closed=True)
                if not pass_creatures:
                    f1[_EDGE_OLD, _EDGE_IDX] = 0  # nor a middle vertex
                np.copyto(f1, np.uint8(0), where=bad[:, None])
                f2 = neighbour_reduce(f1, 0, _ADJ, np.maximum, 0, closed=True)
                _combine(held, c, f2, agg)
        best = np.full((N, N, N, N), NEVER, dtype=np.uint8)
        for c in range(3):
            h = held[c]
            assert h is not None
            h[:, sealed[_EDGE_T]] = NEVER  # the target must be unsealed when declared
            if not rules.crossing_target_may_hold_demon:
                h[_EDGE_T, _EDGE_IDX] = NEVER
            per_old = np.minimum.reduceat(h, _EDGE_START, axis=1)  # [V, old, o1, o2]
            np.minimum(best, np.moveaxis(_inc(per_old), (0, 1), (3, c)), out=best)
        return best

    def _hs_turn(self, slot: int, mask: int) -> None:
        """Recompute ``T[slot, d]`` for all three declarations from the current ``M``."""
        sealed, coll, _ = self._masks(mask)
        m = self.M[slot]
        xu0 = self._N[slot]
        xu_fly = self._creature_passes(m, coll, fly=True)
        xs = self._seal_option(mask, xu0, coll)
        cross = self._crossings(mask, sealed)
        captures = self._captures(coll)
        for d, (x, jump) in enumerate(((xu0, True), (xs, False), (xu_fly, False))):
            xl = self._leviathan_pass(x, coll, jump)
            value = np.minimum(cross, _inc(xl))
            np.copyto(value, np.uint8(1), where=captures[d])
            if (value == NEVER - 1).any():
                raise OverflowError("capture times reached the storage limit of the tablebase")
            self.T[slot, d] = value

    def _no_power(self, slot: int, mask: int) -> None:
        """``T[slot, 3]``: the turn with no creature declared (no jump, seal or fly), from the final ``M``."""
        sealed, coll, _ = self._masks(mask)
        xu0 = self._creature_passes(self.M[slot], coll, fly=False)
        value = np.minimum(self._crossings(mask, sealed), _inc(self._leviathan_pass(xu0, coll, jump=False)))
        np.copyto(value, np.uint8(1), where=self._captures(coll)[3])
        self.T[slot, 3] = value

    def _demon_turn(self, slot: int, mask: int) -> bool:
        """Recompute ``M[slot]`` from ``T[slot]``: Valandris' 0-2 steps, then the minimum over ``d``.

        Works in a ``[V, L, U, A]`` layout, where each step is a max over whole contiguous blocks.
        """
        sealed, _, vbad = self._masks(mask)
        vbad_f = np.ascontiguousarray(np.moveaxis(vbad, 3, 0))
        if self.options.demon_may_pass_through_creatures:  # V-RULING-4: only seals stop a passage
            middle_bad = np.broadcast_to(sealed[:, None, None, None], vbad_f.shape)
        else:
            middle_bad = vbad_f
        best: U8 | None = None
        for d in range(3):
            t = np.ascontiguousarray(np.moveaxis(self.T[slot, d], 3, 0))
            f1 = neighbour_reduce(np.where(vbad_f, np.uint8(0), t), 0, _ADJ, np.maximum, 0, True)
            f2 = neighbour_reduce(np.where(middle_bad, np.uint8(0), f1), 0, _ADJ, np.maximum, 0, True)
            best = f2 if best is None else np.minimum(best, f2)
        assert best is not None
        new = np.moveaxis(best, 0, 3)
        changed = not np.array_equal(new, self.M[slot])
        self.M[slot] = new
        return changed

    # ------------------------------------------------------------------ the solve

    def _readers(self) -> list[set[int]]:
        """For each slot, the slots whose turn reads its tables: itself, a seal away, a die face away."""
        readers: list[set[int]] = [{s} for s in range(len(self.orbits))]
        for slot, orbit in enumerate(self.orbits):
            mask = ORBITS.reps[orbit]
            for bit in range(12):
                if not mask >> bit & 1:
                    readers[self.slot[int(ORBITS.rep_index[mask | 1 << bit])]].add(slot)  # a seal
                elif self.die != "ignored":
                    readers[self.slot[int(ORBITS.rep_index[mask & ~(1 << bit)])]].add(slot)  # a face
        return readers

    def _n_pass(self, slot: int, mask: int) -> None:
        _, coll, _ = self._masks(mask)
        self._N[slot] = self._creature_passes(self.M[slot], coll, fly=False)

    def _step(self, slot: int, mask: int) -> bool:
        self._hs_turn(slot, mask)
        return self._demon_turn(slot, mask)

    def run(self, progress: Progress | None = None, max_sweeps: int | None = None, workers: int = 2) -> None:
        """Sweep until nothing changes (or ``max_sweeps``), seal-set orbits shared among ``workers`` threads.

        numpy releases the GIL in its loops, so threads overlap.  A thread may
        read another orbit's table while it is being rewritten; every entry is
        then an old or a new value, both upper bounds of the exact one, so the
        sweeps still decrease to the same fixed point (value iteration in any
        order), and a sweep that changes nothing proves it is reached.
        """
        start = time.perf_counter()
        reps = [ORBITS.reps[o] for o in self.orbits]
        readers = self._readers()
        changed = set(range(len(reps)))  # orbits whose M changed in the previous sweep
        with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
            while changed and (max_sweeps is None or self.sweeps < max_sweeps):
                self.sweeps += 1
                label = f"sweep {self.sweeps}"
                list(pool.map(self._n_pass, sorted(changed), [reps[s] for s in sorted(changed)]))
                # Only orbits that read a changed table can change (Gauss-Seidel with a worklist).
                todo = sorted({r for s in changed for r in readers[s]})
                jobs = {pool.submit(self._step, slot, reps[slot]): slot for slot in todo}
                changed = set()
                for done, job in enumerate(as_completed(jobs), start=1):
                    if job.result():
                        changed.add(jobs[job])
                    if progress is not None:
                        progress(label, done, len(todo))
            if self.planes == 4:
                list(pool.map(self._no_power, range(len(reps)), reps))
        self.seconds = time.perf_counter() - start


_EDGE_OLD: Final = np.array([o for o, _ in CROSS_EDGES], dtype=np.intp)
_EDGE_T: Final = np.array([t for _, t in CROSS_EDGES], dtype=np.intp)
_EDGE_IDX: Final = np.arange(len(CROSS_EDGES))
_EDGE_START: Final = np.searchsorted(_EDGE_OLD, np.arange(N))
"""Directed cross edges ``(old, t)`` sorted by ``old``, and where each ``old``'s edges start."""
assert np.all(np.diff(_EDGE_OLD) >= 0)
assert len(set(_EDGE_OLD.tolist())) == N

_FIXES: Final = tuple((old, dem, t) for old in range(N) for dem in _ADJ[old] for t in CROSS[old])
"""(old vertex, V, target) for every crossing whose bonus step could go to the old vertex."""
_FIX_OLD_B: Final = np.array([o for o, _, _ in _FIXES], dtype=np.uint8)[:, None, None]
_FIX_V: Final = np.array([d for _, d, _ in _FIXES], dtype=np.intp)
_FIX_T: Final = np.array([t for _, _, t in _FIXES], dtype=np.intp)
_PAIRS: Final = tuple(dict.fromkeys((o, d) for o, d, _ in _FIXES))
_PAIR_OLD: Final = np.array([o for o, _ in _PAIRS], dtype=np.intp)
_PAIR_V: Final = np.array([d for _, d in _PAIRS], dtype=np.intp)
_PAIR_START: Final = np.array(
    [next(i for i, f in enumerate(_FIXES) if f[:2] == pair) for pair in _PAIRS], dtype=np.intp
)
