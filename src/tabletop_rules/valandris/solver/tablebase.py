"""The solved tablebase: lookups, forward search for mid-turn states, best moves, and the file format.

Values are capture times in Holy Spirit turns.  `Tablebase.value`
counts the Holy Spirit turn in progress (or, on Valandris' turn, the next
one); `Tablebase.capture_turn` gives the absolute turn number.  A
position with no forced capture has the value ``None`` ("never").
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import attrs
import numpy as np
import numpy.typing as npt

from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.valandris import moves as mv
from tabletop_rules.valandris.board import ABYSS_VERTICES, EARTH_VERTICES, HEAVEN_VERTICES, NAMES
from tabletop_rules.valandris.moves import Move
from tabletop_rules.valandris.options import Options
from tabletop_rules.valandris.rules import SETUP_SEALS, apply, legal_moves
from tabletop_rules.valandris.solver._board import ORBITS, mask_vertices
from tabletop_rules.valandris.solver._engine import NEVER, Die, check_options
from tabletop_rules.valandris.solver.files import (
    FORMAT_VERSION,
    MAX_HEADER_BYTES,
    InvalidTablebaseError,
    family_orbits,
    options_key,
    planes_for,
    read_file,
    write_file,
)
from tabletop_rules.valandris.state import CREATURES, Phase, Piece, State
from tabletop_rules.valandris.validation import validate

__all__ = ["FORMAT_VERSION", "MAX_HEADER_BYTES", "InvalidTablebaseError", "SetupAnswer", "Tablebase"]

_N: Final = len(NAMES)
_DIES: Final = ("adversarial", "ignored", "cooperative")

_HS_SETUP: Final = frozenset(
    {Phase.PLACE_LEVIATHAN, Phase.PLACE_UNICORN, Phase.PLACE_ARCHANGEL, Phase.SETUP_SEAL}
)
_NEVER_TURN: Final = 1 << 40  # "never" as an absolute turn, larger than any real one

U8 = npt.NDArray[np.uint8]


@attrs.frozen
class SetupAnswer:
    """The value of the whole setup: the Holy Spirit's best placement and Valandris' best reply.

    Attributes:
        value: Holy Spirit turns to capture when both sides set up and play
            perfectly (``None``: never).
        leviathan, unicorn, archangel: the creatures' vertices of one optimal setup.
        seals: its five seals.
        declared: its first declaration (``None`` when ``first_turn_power="none"``).
        valandris: one best placement for Valandris against it.
        safe_placements: how many of Valandris' placements against it have no
            forced capture (the Holy Spirit's setup minimises the value, then this).
        placements: how many placements he has (44: 52 vertices less 5 seals
            and 3 creatures).
    """

    value: int | None
    leviathan: int
    unicorn: int
    archangel: int
    seals: tuple[int, ...]
    declared: Piece | None
    valandris: int
    safe_placements: int
    placements: int


def _check_state(state: object) -> None:
    """A public lookup takes only a `State` that the rules can reach (`validate`)."""
    if type(state) is not State:
        raise InvalidStateError(f"expected a valandris State, not {type(state).__name__}")
    validate(state)


class Tablebase:
    """Exact capture times for every position of one game variant and one die treatment.

    Build one with `tabletop_rules.valandris.solver.solve` or load one
    with `load`.  ``T[slot, d, L, U, A, V]`` holds the Holy Spirit's
    turn-start values for the seal-set orbit ``orbits[slot]`` in its canonical
    frame, and ``M[slot, L, U, A, V]`` Valandris-to-move values already
    minimised over the declaration.
    """

    def __init__(
        self,
        options: Options,
        die: Die,
        orbits: tuple[int, ...],
        T: U8,
        M: U8,
        info: dict[str, Any] | None = None,
        path: Path | None = None,
        checksum: str | None = None,
    ) -> None:
        check_options(options)
        if type(die) is not str or die not in _DIES:
            raise InvalidOptionError(f"die must be one of {_DIES}, not {brief(die)}")
        if type(orbits) is not tuple or not any(orbits == family_orbits(k) for k in range(13)):
            raise InvalidTablebaseError("orbits must be a tuple of the seal-set orbits with at least k seals")
        t_shape = (len(orbits), planes_for(options), _N, _N, _N, _N)
        for name, array, shape in (("T", T, t_shape), ("M", M, (len(orbits), _N, _N, _N, _N))):
            if not isinstance(array, np.ndarray) or array.dtype != np.uint8 or array.shape != shape:
                got = (
                    f"{array.dtype} {array.shape}" if isinstance(array, np.ndarray) else type(array).__name__
                )
                raise InvalidTablebaseError(f"{name} must be a uint8 array of shape {shape}, not {got}")
        self.options: Final[Options] = options
        self.die: Final[Die] = die
        self.orbits: Final[tuple[int, ...]] = orbits
        # Read-only views: a lookup can never change the values (the solve's own arrays stay its own).
        self.T: Final[U8] = T.view()
        self.M: Final[U8] = M.view()
        self.T.flags.writeable = False
        self.M.flags.writeable = False
        self.info: Final[dict[str, Any]] = dict(info or {})
        self.path: Path | None = path
        self.checksum: str | None = checksum
        """The blake2b-256 checksum of the arrays, once saved or loaded (`None` before)."""
        self._slot: Final[dict[int, int]] = {orbit: k for k, orbit in enumerate(orbits)}
        self._memo: dict[State, int] = {}

    @property
    def rules(self) -> Options:
        """Deprecated: the options this tablebase was solved for; use `options`."""
        warnings.warn(
            "Tablebase.rules is deprecated since 0.2 and will be removed in 0.3; use Tablebase.options",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.options

    # ------------------------------------------------------------------ table lookups

    def _canon(self, sealed: int) -> tuple[int, npt.NDArray[np.intp]]:
        orbit, g = ORBITS.canon(sealed >> EARTH_VERTICES[0] & 0xFFF)
        slot = self._slot.get(orbit)
        if slot is None:
            raise InvalidStateError(
                f"seal set {{{', '.join(NAMES[v] for v in mask_vertices(ORBITS.reps[orbit]))}}} (up to "
                "symmetry) is outside this tablebase's seal-set family"
            )
        return slot, g

    def _check_position(self, state: State) -> None:
        pieces = (*state.creatures, state.demon)
        if len(state.creatures) != 3 or state.demon is None or len(set(pieces)) != 4:
            raise InvalidStateError(f"not a complete position with four distinct vertices: {brief(state)}")
        pieces_off_seals: tuple[int | None, ...] = (*state.creatures, state.demon)
        if state.phase is Phase.UNICORN:  # the Unicorn may just have sealed its own vertex
            pieces_off_seals = (state.creatures[0], state.creatures[2], state.demon)
        if any(state.sealed >> v & 1 for v in pieces_off_seals if v is not None):
            raise InvalidStateError(f"a piece stands on a seal: {brief(state)}")
        if state.options != self.options and options_key(state.options) != options_key(self.options):
            raise InvalidStateError(
                "the state's options differ from the options this tablebase was solved for"
            )

    def _hs_raw(self, state: State) -> int:
        """Turn-start value (phase LEVIATHAN) from the table, NEVER for "never"."""
        slot, g = self._canon(state.sealed)
        lev, uni, arc = state.creatures
        assert state.demon is not None
        plane = 3 if state.declared is None else int(state.declared)
        if plane >= self.T.shape[1]:
            raise InvalidStateError("no creature is declared, which these rules never produce")
        return int(self.T[slot, plane, g[lev], g[uni], g[arc], g[state.demon]])

    def _m_raw(self, creatures: tuple[int, ...], demon: int, sealed: int) -> int:
        slot, g = self._canon(sealed)
        return int(self.M[slot, g[creatures[0]], g[creatures[1]], g[creatures[2]], g[demon]])

    # ------------------------------------------------------------------ values

    def capture_turn(self, state: State) -> int | None:
        """The Holy Spirit turn in which Valandris is captured under perfect play, or ``None`` (never).

        Accepts any running state from the start of play on, mid-turn states
        included (evaluated by searching forward with the game module's
        ``apply`` to the next tabulated positions), a finished game (its score
        if captured), and a setup state at Valandris' placement (or just
        before, at the first declaration), where play starts at turn 1.

        Raises:
            InvalidStateError: for anything but a valid `State` (`validate`), a
                setup state before the creatures and seals are all placed (see
                `setup_answer` for the value of the whole setup), or a position
                outside this tablebase.
        """
        _check_state(state)
        turn = self._turn(state)
        return None if turn >= _NEVER_TURN else turn

    def value(self, state: State) -> int | None:
        """Holy Spirit turns to a forced capture, the turn in progress counted; ``None`` for never.

        On Valandris' turn the count starts with the next Holy Spirit turn;
        at Valandris' placement (and the first declaration) it starts with
        turn 1; a finished game with a capture has the value 0.
        """
        turn = self.capture_turn(state)
        if turn is None:
            return None
        if state.phase is Phase.OVER:
            return 0
        if state.phase.is_setup:
            return turn
        return turn - state.turn + (0 if state.phase is Phase.VALANDRIS else 1)

    def _turn(self, state: State) -> int:
        """`capture_turn` with "never" as `_NEVER_TURN`."""
        phase = state.phase
        if phase is Phase.OVER:
            if state.captured and state.score is not None:
                return state.score
            return _NEVER_TURN
        if phase is Phase.PLACE_VALANDRIS:
            starts = [apply(state, m) for m in legal_moves(state)]
            return max(self._turn(s) for s in starts)
        if phase is Phase.SETUP_DECLARE:
            return min(self._turn(apply(state, m)) for m in legal_moves(state))
        if phase.is_setup:
            raise InvalidStateError(
                "the tablebase values positions from Valandris' placement on; use setup_answer()"
            )
        self._check_position(state)
        if phase is Phase.LEVIATHAN:
            raw = self._hs_raw(state)
            return _NEVER_TURN if raw == NEVER else state.turn + raw - 1
        if phase is Phase.VALANDRIS:
            return max(self._turn(apply(state, m)) for m in legal_moves(state))
        return self._search(state)

    def _search(self, state: State) -> int:
        """Forward search through the rest of a Holy Spirit turn, to the Valandris-to-move positions."""
        memo = self._memo
        if len(memo) > 200_000:
            memo.clear()
        hit = memo.get(state)
        if hit is not None:
            return hit
        phase = state.phase
        if phase is Phase.OVER:
            out = state.score if state.captured and state.score is not None else _NEVER_TURN
        elif phase is Phase.DECLARE:
            # The declaration is the last decision: min over it of Valandris' value is M.
            assert state.demon is not None
            raw = self._m_raw(state.creatures, state.demon, state.sealed)
            out = _NEVER_TURN if raw == NEVER else state.turn + raw
        elif phase is Phase.ROLL:
            out = self._roll(state)
        elif phase is Phase.BONUS:
            out = max(self._search(apply(state, m)) for m in legal_moves(state))
        else:
            out = min(self._search(apply(state, m)) for m in legal_moves(state))
        memo[state] = out
        return out

    def _roll_successors(self, state: State) -> list[State]:
        if self.die == "ignored":
            return [attrs.evolve(state, phase=Phase.BONUS)]
        return list({apply(state, mv.ROLL[face]) for face in range(1, 13)})

    def _roll(self, state: State) -> int:
        values = [self._search(s) for s in self._roll_successors(state)]
        return min(values) if self.die == "cooperative" else max(values)

    # ------------------------------------------------------------------ best moves

    def move_values(self, state: State) -> list[tuple[Move, int | None]]:
        """Each legal move (each d12 face at a roll) with the capture turn it leads to (``None``: never).

        Raises:
            InvalidStateError: as `capture_turn`.
        """
        _check_state(state)
        if state.phase is Phase.ROLL:
            options: list[Move] = [mv.ROLL[face] for face in range(1, 13)]
        else:
            options = list(legal_moves(state))
        out: list[tuple[Move, int | None]] = []
        for move in options:
            if state.phase is Phase.ROLL and self.die == "ignored":
                nxt = attrs.evolve(state, phase=Phase.BONUS)  # no face removes a seal
            else:
                nxt = apply(state, move)
            turn = self._turn(nxt)
            out.append((move, None if turn >= _NEVER_TURN else turn))
        return out

    def best_moves(self, state: State) -> tuple[Move, ...]:
        """The optimal moves for the player to act: the Holy Spirit captures soonest, Valandris latest.

        At a roll, the faces the die treatment picks (Valandris' choice when
        adversarial, the Holy Spirit's when cooperative, every face when ignored).
        At the Holy Spirit's setup decisions, the moves of `setup_answer`'s setup.
        """
        _check_state(state)
        if state.phase in _HS_SETUP:
            return self._setup_moves(state)
        scored = [(m, _NEVER_TURN if t is None else t) for m, t in self.move_values(state)]
        if not scored:
            return ()
        actor_max = state.phase in (Phase.VALANDRIS, Phase.BONUS, Phase.PLACE_VALANDRIS) or (
            state.phase is Phase.ROLL and self.die == "adversarial"
        )
        if state.phase is Phase.ROLL and self.die == "ignored":
            return tuple(m for m, _ in scored)
        best = max(t for _, t in scored) if actor_max else min(t for _, t in scored)
        return tuple(m for m, t in scored if t == best)

    # ------------------------------------------------------------------ setup

    def setup_answer(self) -> SetupAnswer:
        """The value of the whole setup (V-SETUP-2..5) and one optimal setup, computed once.

        The Holy Spirit places the creatures at home, seals five Earth vertices
        (not the Unicorn's) and declares; Valandris then places himself on the
        best free vertex.  Symmetries preserve worlds, so it is enough to try
        one seal set per orbit of five-element sets.
        """
        cached = self.info.get("_setup")
        if isinstance(cached, SetupAnswer):
            return cached
        best: tuple[int, int, int, int, int, int] | None = None  # value, slot, d, l, u, a
        lev = np.array(ABYSS_VERTICES)
        uni = np.array(EARTH_VERTICES)
        arc = np.array(HEAVEN_VERTICES)
        for slot, orbit in enumerate(self.orbits):
            rep = ORBITS.reps[orbit]
            if bin(rep).count("1") != SETUP_SEALS:
                continue
            sealed = set(mask_vertices(rep))
            planes = [3] if self.options.first_turn_power == "none" else [0, 1, 2]
            table = np.asarray(self.T[slot])[planes][:, lev][:, :, uni][:, :, :, arc]  # (d, 20, 12, 20, 52)
            open_v = np.array([v not in sealed for v in range(len(NAMES))])
            idx = np.arange(len(NAMES))
            # Valandris may stand neither on a seal nor on a creature.
            worst = np.where(open_v, table, np.uint8(0))
            worst = np.where((lev[:, None] == idx)[None, :, None, None, :], np.uint8(0), worst)
            worst = np.where((uni[:, None] == idx)[None, None, :, None, :], np.uint8(0), worst)
            worst = np.where((arc[:, None] == idx)[None, None, None, :, :], np.uint8(0), worst)
            # The Holy Spirit ranks setups by Valandris' best reply, then by how many of his
            # placements escape for ever; a Unicorn on a seal is not a setup.
            reply = worst.max(axis=4).astype(np.int64)
            safe = (worst == NEVER).sum(axis=4)
            score = reply * 64 + safe
            score[:, :, [i for i, u in enumerate(EARTH_VERTICES) if u in sealed], :] = 1 << 20
            at = np.unravel_index(int(score.argmin()), score.shape)
            key = int(score[at])
            if best is None or key < best[0]:
                best = (key, slot, int(at[0]), int(lev[at[1]]), int(uni[at[2]]), int(arc[at[3]]))
        if best is None:
            raise InvalidTablebaseError("this tablebase has no five-seal sets (a reduced family)")
        key, slot, d, lv, uv, av = best
        value, safe_count = divmod(key, 64)
        seals = mask_vertices(ORBITS.reps[self.orbits[slot]])
        plane = 3 if self.options.first_turn_power == "none" else d
        row = np.asarray(self.T[slot, plane, lv, uv, av])
        free = [v for v in range(len(NAMES)) if v not in seals and v not in (lv, uv, av)]
        demon = max(free, key=lambda v: int(row[v]))
        declared = None if plane == 3 else CREATURES[d]
        answer = SetupAnswer(
            None if value == NEVER else value, lv, uv, av, seals, declared, demon, safe_count, len(free)
        )
        self.info["_setup"] = answer
        return answer

    def _setup_moves(self, state: State) -> tuple[Move, ...]:
        answer = self.setup_answer()
        phase = state.phase
        if phase is Phase.PLACE_LEVIATHAN:
            return (mv.PLACE[Piece.LEVIATHAN][answer.leviathan],)
        if phase is Phase.PLACE_UNICORN:
            return (mv.PLACE[Piece.UNICORN][answer.unicorn],)
        if phase is Phase.PLACE_ARCHANGEL:
            return (mv.PLACE[Piece.ARCHANGEL][answer.archangel],)
        # Seals: follow the optimal set if the creatures are where the answer put them; otherwise
        # (a setup this answer did not choose) the first legal seal.
        if state.creatures == (answer.leviathan, answer.unicorn, answer.archangel):
            wanted = [e for e in answer.seals if e not in state.seals]
            legal = legal_moves(state)
            picks = tuple(m for m in legal if isinstance(m, mv.Seal) and m.vertex == min(wanted))
            if picks:
                return picks
        return (legal_moves(state)[0],)

    # ------------------------------------------------------------------ statistics

    def positions(self) -> Iterator[tuple[int, int, U8]]:
        """``(slot, orbit size, valid-position mask [L, U, A, V])`` for each stored seal-set orbit."""
        idx = np.arange(len(NAMES))
        eq = idx[:, None] == idx[None, :]
        distinct = ~(
            eq[:, :, None, None]
            | eq[:, None, :, None]
            | eq[:, None, None, :]
            | eq[None, :, :, None]
            | eq[None, :, None, :]
            | eq[None, None, :, :]
        )
        for slot, orbit in enumerate(self.orbits):
            sealed = np.zeros(len(NAMES), dtype=np.bool_)
            sealed[list(mask_vertices(ORBITS.reps[orbit]))] = True
            ok = (
                distinct
                & ~sealed[:, None, None, None]
                & ~sealed[None, :, None, None]
                & ~sealed[None, None, :, None]
                & ~sealed[None, None, None, :]
            )
            yield slot, ORBITS.orbit_size[orbit], ok.astype(np.uint8)

    def histogram(self) -> dict[int | None, int]:
        """How many turn-start states (positions × declarations, all seal sets) have each value."""
        counts = np.zeros(256, dtype=np.int64)
        for slot, weight, ok in self.positions():
            for d in range(3):
                values = np.asarray(self.T[slot, d])[ok.astype(np.bool_)]
                counts += weight * np.bincount(values, minlength=256)
        return {(None if v == NEVER else v): int(c) for v, c in enumerate(counts) if c}

    # ------------------------------------------------------------------ files

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the tablebase (the format is described in `solver.files`) and remember its path.

        Raises:
            InvalidTablebaseError: if the file cannot be written.
        """
        target, checksum = write_file(path, self.options, self.die, self.orbits, self.T, self.M, self.info)
        self.path = target
        self.checksum = checksum
        return target

    @classmethod
    def load(cls, path: str | os.PathLike[str], verify: bool = True, mmap: bool = True) -> Tablebase:
        """Read a file written by `save`; every check of `solver.files.read_file` comes first.

        The arrays are memory-mapped read-only unless ``mmap`` is false; with
        ``verify`` (the default) the checksum is recomputed over both arrays.

        Raises:
            InvalidTablebaseError: on a path that cannot be read, a wrong magic
                line, an unknown format version, a bad header, a file size that
                does not match the header, or a checksum mismatch.
        """
        found = read_file(path, verify, mmap)
        return cls(
            found.options, found.die, found.orbits, found.T, found.M, found.info, found.path, found.checksum
        )
