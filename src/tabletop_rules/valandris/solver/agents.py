"""Perfect-play agents from a tablebase, usable by `tabletop_rules.simulate.simulate`.

An agent is ``agent(state, rng) -> move``.  `PerfectAgent` is a
module-level class, so it pickles: a pickled agent carries the tablebase's
file path and the checksum of its arrays.  A worker process loads the file the
first time the agent is asked for a move, recomputes the checksum over the
whole file (a few seconds for a full tablebase, once per process and file) and
refuses a file whose checksum is not the one pickled, so an agent never plays
from a file that was changed or corrupted after it was pickled.  An agent whose
tablebase was never saved works in-process only.
"""

from __future__ import annotations

import functools
import random
import re
from pathlib import Path
from typing import Any, Final

from tabletop_rules.core.errors import IllegalMoveError, InvalidOptionError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.valandris.moves import Move
from tabletop_rules.valandris.rules import legal_moves
from tabletop_rules.valandris.solver.files import InvalidTablebaseError
from tabletop_rules.valandris.solver.tablebase import Tablebase
from tabletop_rules.valandris.state import HOLY_SPIRIT, VALANDRIS, Phase, State

__all__ = ["PerfectAgent", "perfect_agent"]

_ROLES: Final[dict[str, int]] = {"holy_spirit": HOLY_SPIRIT, "valandris": VALANDRIS}
_CHECKSUM: Final = re.compile(r"blake2b-256:[0-9a-f]{64}")


@functools.lru_cache(maxsize=4)
def _load_verified(path: str, checksum: str) -> Tablebase:
    """The tablebase at `path`, its checksum recomputed and compared with the one pickled.

    Cache: at most 4 tablebases per process, keyed by (path, checksum) strings; a
    `Tablebase` only reads its read-only arrays, so sharing one between agents and
    threads is safe.
    """
    tablebase = Tablebase.load(path, verify=True)
    if tablebase.checksum != checksum:
        raise InvalidTablebaseError(
            f"{brief(path)} is not the tablebase this agent was pickled with (its checksum differs)"
        )
    return tablebase


class PerfectAgent:
    """Plays one side perfectly from a tablebase; ties between optimal moves are broken by ``rng``.

    It plays whichever side is to move, so one agent can play both sides; ``side``
    is kept for messages and checks.  Decisions outside the tablebase (none in a
    full tablebase's game) fall back to the first legal move.
    """

    def __init__(self, tablebase: Tablebase, side: int) -> None:
        if not isinstance(tablebase, Tablebase):
            raise InvalidOptionError(f"a PerfectAgent needs a Tablebase, not {type(tablebase).__name__}")
        if type(side) is not int or side not in (HOLY_SPIRIT, VALANDRIS):
            raise InvalidOptionError(f"side must be 0 (the Holy Spirit) or 1 (Valandris), not {brief(side)}")
        self._tablebase: Tablebase | None = tablebase
        self._path = None if tablebase.path is None else str(tablebase.path)
        self._checksum = tablebase.checksum
        self.side: Final = side

    @property
    def tablebase(self) -> Tablebase:
        """The tablebase; after unpickling, loaded and verified on first use (`InvalidTablebaseError`)."""
        if self._tablebase is None:
            assert self._path is not None
            assert self._checksum is not None
            self._tablebase = _load_verified(self._path, self._checksum)
        return self._tablebase

    def __call__(self, state: State, rng: random.Random) -> Move:
        """An optimal move in ``state``, ties broken by ``rng``.

        Raises:
            IllegalMoveError: if the game is over.
            InvalidStateError: if ``state`` is not a valid Valandris state (the tablebase checks it).
            InvalidOptionError: if ``rng`` is not a ``random.Random``.
        """
        if type(state) is State and state.phase is Phase.OVER:
            raise IllegalMoveError("no move is possible: the game is over")
        if not isinstance(rng, random.Random):
            raise InvalidOptionError(f"PerfectAgent draws from a random.Random, not {brief(rng)}")
        best = self.tablebase.best_moves(state)  # checks the state
        return rng.choice(best) if best else legal_moves(state)[0]

    def spec(self) -> dict[str, Any]:
        """The agent as JSON data (`agents.agent_spec`): its side and its tablebase's checksum.

        `simulate` stores it in a records file, so a run resumed with another tablebase or side
        is refused; the path is left out, since the same file may live elsewhere on a worker.
        """
        return {
            "agent": "tabletop_rules.valandris.solver.agents.PerfectAgent",
            "side": self.side,
            "checksum": self._checksum,
        }

    def __getstate__(self) -> dict[str, Any]:
        if self._path is None or self._checksum is None:
            raise TypeError(
                "a PerfectAgent pickles only when its tablebase was saved to or loaded from a file "
                "(call Tablebase.save first)"
            )
        return {"path": self._path, "side": self.side, "checksum": self._checksum}

    def __setstate__(self, data: object) -> None:
        if (
            type(data) is not dict
            or set(data) != {"path", "side", "checksum"}
            or type(data["path"]) is not str
            or type(data["side"]) is not int
            or data["side"] not in (HOLY_SPIRIT, VALANDRIS)
            or type(data["checksum"]) is not str
            or not _CHECKSUM.fullmatch(data["checksum"])
        ):
            raise InvalidTablebaseError(f"not the pickled state of a PerfectAgent: {brief(data)}")
        self._tablebase = None
        self._path = str(Path(data["path"]))
        self._checksum = data["checksum"]
        self.side = data["side"]  # type: ignore[misc]

    def __repr__(self) -> str:
        side = "holy_spirit" if self.side == HOLY_SPIRIT else "valandris"
        return f"PerfectAgent({self._path or '<in memory>'}, side={side!r})"


def perfect_agent(tablebase: Tablebase, side: int | str) -> PerfectAgent:
    """A perfect-play agent for ``side`` (0 or ``"holy_spirit"``, 1 or ``"valandris"``).

    Raises:
        InvalidOptionError: on another side (a `bool` or a float is not a side).
    """
    if type(side) is str and side in _ROLES:
        side = _ROLES[side]
    if type(side) is not int or side not in (HOLY_SPIRIT, VALANDRIS):
        raise InvalidOptionError(f"side must be 'holy_spirit', 'valandris', 0 or 1, not {brief(side)}")
    return PerfectAgent(tablebase, side)
