"""An independent check of a tablebase, through the game module's rules functions only.

Nothing here reads the solver's internal arrays except through
`Tablebase.value`-style lookups of turn-start positions, and the
direct search reads no table at all:

* `forced_within` decides "the Holy Spirit can force a capture within
  ``k`` turns" by exhaustive game-tree search with ``legal_moves`` and
  ``apply`` (chance nodes resolved by the die treatment), so
  `search_value` proves ``value == k`` for small ``k`` and ``value > k``
  otherwise.
* `bellman_value` recomputes one turn-start value from its successors:
  the whole Holy Spirit turn is expanded with ``apply``, Valandris' replies
  with ``demon_destinations``, and only the next turn-start positions are
  looked up in the tablebase.  If this holds at every position the tablebase
  is exact (by induction on the capture time), so sampling it gives evidence
  of exactness for the long values that search cannot reach.
* `check_symmetry` compares the values of a state and its images
  under the board's symmetries.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Final

import attrs
import numpy as np

from tabletop_rules.valandris import moves as mv
from tabletop_rules.valandris.board import BOARD, NUM_VERTICES
from tabletop_rules.valandris.positions import from_position
from tabletop_rules.valandris.rules import apply, demon_destinations, legal_moves
from tabletop_rules.valandris.solver._engine import NEVER, Die
from tabletop_rules.valandris.solver.tablebase import Tablebase
from tabletop_rules.valandris.state import CREATURES, Phase, Piece, State
from tabletop_rules.valandris.symmetry import transform_state

__all__ = [
    "CheckReport",
    "bellman_value",
    "check_symmetry",
    "forced_within",
    "long_positions",
    "perfect_playout",
    "random_positions",
    "run_checks",
    "search_value",
]

_INF: Final = 1 << 30
_MAX_SEALED: Final = 11  # V-RULING-18: the Unicorn seals only if it keeps an open step


def _roll_successors(state: State, die: Die) -> list[State]:
    if die == "ignored":
        return [attrs.evolve(state, phase=Phase.BONUS)]
    return list({apply(state, mv.ROLL[face]) for face in range(1, 13)})


def forced_within(state: State, k: int, die: Die, memo: dict[tuple[State, int], bool] | None = None) -> bool:
    """Whether the Holy Spirit can force a capture within ``k`` Holy Spirit turns, the current one counted.

    ``state`` is any state of a running Holy Spirit turn or a Valandris turn
    (then the count starts with the next Holy Spirit turn).  Plain search
    with the rules functions; the cost grows fast with ``k``.
    """
    table: dict[tuple[State, int], bool] = {} if memo is None else memo
    key = (state, k)
    hit = table.get(key)
    if hit is not None:
        return hit
    phase = state.phase
    if phase is Phase.OVER:
        out = state.captured
    elif k <= 0:
        out = False
    elif phase is Phase.VALANDRIS:
        out = all(forced_within(apply(state, m), k, die, table) for m in legal_moves(state))
    elif phase is Phase.DECLARE:
        # The declaration ends the turn: only the next turns can still capture.
        out = any(forced_within(apply(state, m), k - 1, die, table) for m in legal_moves(state))
    elif phase is Phase.ROLL:
        nexts = _roll_successors(state, die)
        pick = any if die == "cooperative" else all
        out = pick(forced_within(s, k, die, table) for s in nexts)
    elif phase is Phase.BONUS:
        out = all(forced_within(apply(state, m), k, die, table) for m in legal_moves(state))
    else:
        out = any(forced_within(apply(state, m), k, die, table) for m in legal_moves(state))
    table[key] = out
    return out


def search_value(state: State, k_max: int, die: Die) -> int | None:
    """The exact value if it is at most ``k_max``, else ``None`` (meaning "more than ``k_max``")."""
    memo: dict[tuple[State, int], bool] = {}
    for k in range(1, k_max + 1):
        if forced_within(state, k, die, memo):
            return k
    return None


def _turn_start_value(tablebase: Tablebase, state: State) -> int:
    raw = tablebase._hs_raw(state)
    return _INF if raw == NEVER else raw


def bellman_value(tablebase: Tablebase, state: State) -> int | None:
    """One turn-start value (phase ``LEVIATHAN``) recomputed from the tablebase's values one turn later.

    The Holy Spirit's turn is expanded move by move with ``apply``; at each
    end of turn every declaration is tried, Valandris' replies come from
    ``demon_destinations``, and the turn-start values after them are read
    from the tablebase.  Returns ``None`` for "never".
    """
    if state.phase is not Phase.LEVIATHAN:
        raise ValueError("bellman_value takes a state at the start of a Holy Spirit turn")
    die = tablebase.die
    memo: dict[State, int] = {}
    ends: dict[tuple[tuple[int, ...], int, int], int] = {}

    def after_turn(s: State) -> int:
        """Turns to capture counted from the next turn, the Holy Spirit about to declare."""
        assert s.demon is not None
        key = (s.creatures, s.demon, s.sealed)
        hit = ends.get(key)
        if hit is not None:
            return hit
        best = _INF
        options: tuple[Piece | None, ...] = CREATURES
        if tablebase.options.allow_declare_none:
            options = (*CREATURES, None)
        for d in options:
            declared = attrs.evolve(s, phase=Phase.VALANDRIS, declared=d)
            worst = 0
            for v in demon_destinations(declared):
                nxt = attrs.evolve(declared, phase=Phase.LEVIATHAN, demon=v, turn=s.turn + 1)
                worst = max(worst, _turn_start_value(tablebase, nxt))
            best = min(best, worst)
        ends[key] = best
        return best

    def turn(s: State) -> int:
        hit = memo.get(s)
        if hit is not None:
            return hit
        phase = s.phase
        if phase is Phase.OVER:
            out = 1 if s.captured else _INF
        elif phase is Phase.DECLARE:
            rest = after_turn(s)
            out = _INF if rest >= _INF else 1 + rest
        elif phase is Phase.ROLL:
            values = [turn(n) for n in _roll_successors(s, die)]
            out = min(values) if die == "cooperative" else max(values)
        elif phase is Phase.BONUS:
            out = max(turn(apply(s, m)) for m in legal_moves(s))
        else:
            out = min(turn(apply(s, m)) for m in legal_moves(s))
        memo[s] = out
        return out

    value = turn(state)
    return None if value >= _INF else value


def check_symmetry(tablebase: Tablebase, state: State, rng: random.Random, count: int = 4) -> bool:
    """Whether ``state`` and ``count`` random images of it under the board's symmetries have equal values."""
    value = tablebase.value(state)
    symmetries = BOARD.symmetries
    return all(
        tablebase.value(transform_state(state, symmetries[rng.randrange(len(symmetries))])) == value
        for _ in range(count)
    )


def random_positions(tablebase: Tablebase, rng: random.Random, count: int) -> Iterator[State]:
    """Random turn-start states (Holy Spirit to move) from the tablebase's seal-set family."""
    from tabletop_rules.valandris.solver._board import ORBITS, SYMMETRIES, mask_vertices

    # The family may hold the 12-seal set, which no game reaches (V-RULING-18: at most 11 seals) and
    # `validate` refuses; the positions are drawn from the reachable seal sets only.
    reachable = [o for o in tablebase.orbits if ORBITS.reps[o].bit_count() <= _MAX_SEALED]
    for _ in range(count):
        orbit = reachable[rng.randrange(len(reachable))]
        g = SYMMETRIES[rng.randrange(len(SYMMETRIES))]
        seals = sorted(int(g[v]) for v in mask_vertices(ORBITS.reps[orbit]))
        free = [v for v in range(NUM_VERTICES) if v not in seals]
        lev, uni, arc, demon = rng.sample(free, 4)
        choices: list[Piece | None] = list(CREATURES)
        if tablebase.T.shape[1] == 4:  # the rules also produce "no creature declared"
            choices.append(None)
        declared = rng.choice(choices)
        yield from_position(
            leviathan=lev,
            unicorn=uni,
            archangel=arc,
            valandris=demon,
            seals=seals,
            declared=declared,
            turn=_turn_for(declared),
            options=tablebase.options,
        )


def _turn_for(declared: Piece | None) -> int:
    """A turn at which the rules allow `declared` under every option set: nothing is declared on turn 1
    under `first_turn_power="none"`, and a creature always is from turn 2 unless `allow_declare_none`
    (values count from the turn in progress, so the turn number does not change them)."""
    return 1 if declared is None else 2


def long_positions(tablebase: Tablebase, rng: random.Random, count: int, minimum: int) -> Iterator[State]:
    """Random turn-start states whose tabulated value is at least ``minimum`` (and finite), seen through
    random symmetries."""
    from tabletop_rules.valandris.solver._board import ORBITS, SYMMETRIES, mask_vertices

    found: list[tuple[int, int, tuple[int, ...]]] = []
    for slot, _, ok in tablebase.positions():
        if ORBITS.reps[tablebase.orbits[slot]].bit_count() > _MAX_SEALED:
            continue  # no game reaches 12 seals (V-RULING-18)
        table = np.asarray(tablebase.T[slot])
        hits = np.argwhere((table >= minimum) & (table < NEVER) & ok.astype(np.bool_)[None])
        if len(hits):
            for row in hits[rng.sample(range(len(hits)), min(len(hits), count))]:
                found.append((slot, int(row[0]), tuple(int(x) for x in row[1:])))
    for slot, d, (lev, uni, arc, demon) in rng.sample(found, min(count, len(found))):
        g = SYMMETRIES[rng.randrange(len(SYMMETRIES))]
        seals = sorted(int(g[v]) for v in mask_vertices(ORBITS.reps[tablebase.orbits[slot]]))
        yield from_position(
            leviathan=int(g[lev]),
            unicorn=int(g[uni]),
            archangel=int(g[arc]),
            valandris=int(g[demon]),
            seals=seals,
            declared=CREATURES[d] if d < 3 else None,  # plane 3: no creature declared
            turn=_turn_for(CREATURES[d] if d < 3 else None),
            options=tablebase.options,
        )


def perfect_playout(tablebase: Tablebase, state: State, rng: random.Random, max_turns: int = 300) -> State:
    """Play on from ``state`` with both sides choosing among `Tablebase.best_moves` (ties by ``rng``).

    The die follows the tablebase's treatment: Valandris picks the face when
    adversarial, the Holy Spirit when cooperative, and no seal is removed when
    ignored.  Returns the final state (or the state after ``max_turns`` turns).
    """
    s = state
    while s.phase is not Phase.OVER and s.turn < state.turn + max_turns:
        if s.phase is Phase.ROLL and tablebase.die == "ignored":
            s = attrs.evolve(s, phase=Phase.BONUS)
            continue
        s = apply(s, rng.choice(tablebase.best_moves(s)))
    return s


@attrs.define
class CheckReport:
    """Counts of agreements and the first disagreements found."""

    searched: int = 0
    search_agree: int = 0
    bellman: int = 0
    bellman_agree: int = 0
    symmetric: int = 0
    symmetric_agree: int = 0
    failures: list[str] = attrs.field(factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


def run_checks(
    tablebase: Tablebase,
    seed: int = 0,
    *,
    search: int = 20,
    search_depth: int = 1,
    bellman: int = 200,
    long: int = 50,
    long_minimum: int = 5,
) -> CheckReport:
    """Compare the tablebase with direct search, Bellman recomputation and symmetry on sampled states."""
    rng = random.Random(seed)
    report = CheckReport()
    for state in random_positions(tablebase, rng, search):
        report.searched += 1
        expected = search_value(state, search_depth, tablebase.die)
        got = tablebase.value(state)
        agree = got == expected if expected is not None else got is None or got > search_depth
        report.search_agree += agree
        if not agree:
            report.failures.append(f"search: {state!r}: table {got}, search {expected}")
    samples = list(random_positions(tablebase, rng, bellman))
    samples += list(long_positions(tablebase, rng, long, long_minimum))
    for state in samples:
        report.bellman += 1
        got = tablebase.value(state)
        expected = bellman_value(tablebase, state)
        report.bellman_agree += got == expected
        if got != expected:
            report.failures.append(f"bellman: {state!r}: table {got}, recomputed {expected}")
        report.symmetric += 1
        same = check_symmetry(tablebase, state, rng)
        report.symmetric_agree += same
        if not same:
            report.failures.append(f"symmetry: {state!r}")
    return report
