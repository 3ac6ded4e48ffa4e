"""Perfect-play agents from a tablebase, usable by `tabletop_rules.simulate.simulate`.

An agent is ``agent(state, rng) -> move``.  `PerfectAgent` is a
module-level class, so it pickles: a pickled agent carries the tablebase's
file path, and a worker process loads the file (memory-mapped, once per
process) the first time it is asked for a move.  An agent whose tablebase was
never saved works in-process only.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Final

from tabletop_rules.valandris.moves import Move
from tabletop_rules.valandris.rules import legal_moves
from tabletop_rules.valandris.solver.tablebase import Tablebase
from tabletop_rules.valandris.state import HOLY_SPIRIT, VALANDRIS, Phase, State

__all__ = ["PerfectAgent", "perfect_agent"]

_LOADED: Final[dict[str, Tablebase]] = {}
_ROLES: Final[dict[int | str, int]] = {
    "holy_spirit": HOLY_SPIRIT,
    "valandris": VALANDRIS,
    HOLY_SPIRIT: HOLY_SPIRIT,
    VALANDRIS: VALANDRIS,
}


class PerfectAgent:
    """Plays one side perfectly from a tablebase; ties between optimal moves are broken by ``rng``.

    It plays whichever side is to move, so one agent can play both sides; ``side``
    is kept for messages and checks.  Decisions outside the tablebase (none in a
    full tablebase's game) fall back to the first legal move.
    """

    def __init__(self, tablebase: Tablebase, side: int) -> None:
        self._tablebase: Tablebase | None = tablebase
        self._path = None if tablebase.path is None else str(tablebase.path)
        self.side: Final = side

    @property
    def tablebase(self) -> Tablebase:
        if self._tablebase is None:
            assert self._path is not None
            if self._path not in _LOADED:
                _LOADED[self._path] = Tablebase.load(self._path, verify=False)
            self._tablebase = _LOADED[self._path]
        return self._tablebase

    def __call__(self, state: State, rng: random.Random) -> Move:
        if state.phase is Phase.OVER:
            raise ValueError("the game is over")
        best = self.tablebase.best_moves(state)
        return rng.choice(best) if best else legal_moves(state)[0]

    def __getstate__(self) -> dict[str, Any]:
        if self._path is None:
            raise TypeError(
                "a PerfectAgent pickles only when its tablebase was saved to or loaded from a file "
                "(call Tablebase.save first)"
            )
        return {"path": self._path, "side": self.side}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self._tablebase = None
        self._path = str(Path(data["path"]))
        self.side = data["side"]  # type: ignore[misc]

    def __repr__(self) -> str:
        side = "holy_spirit" if self.side == HOLY_SPIRIT else "valandris"
        return f"PerfectAgent({self._path or '<in memory>'}, side={side!r})"


def perfect_agent(tablebase: Tablebase, side: int | str) -> PerfectAgent:
    """A perfect-play agent for ``side`` (0 or ``"holy_spirit"``, 1 or ``"valandris"``)."""
    if side not in _ROLES:
        raise ValueError(f"side must be 'holy_spirit', 'valandris', 0 or 1, not {side!r}")
    return PerfectAgent(tablebase, _ROLES[side])
