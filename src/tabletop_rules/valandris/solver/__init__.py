"""Valandris solved: exact capture times for every position, perfect-play agents (issue 8).

Needs the optional ``solver`` extra (numpy)::

    pip install "tabletop-rules[solver]"

::

    from tabletop_rules import valandris
    from tabletop_rules.valandris.solver import solve, Tablebase, perfect_agent

    tb = solve(die="adversarial")               # about 10 minutes on an idle two-core machine
    tb.save("valandris-adversarial.vtb")
    tb = Tablebase.load("valandris-adversarial.vtb")
    state = valandris.from_position(leviathan="A0", unicorn="E0", archangel="H0", valandris="H19",
                                    seals=["E5", "E6", "E7", "E8", "E9"], declared="archangel")
    tb.value(state)          # Holy Spirit turns to a forced capture, this turn counted; None = never
    tb.best_moves(state)

The solve is a retrograde analysis (value iteration) over every position:
the Leviathan, the Unicorn, the Archangel and Valandris anywhere on the 52
vertices, every seal set up to the board's 120 symmetries (82 orbits), each
declaration, and both sides to move.  The d12 is resolved deterministically
in one of three ways, which bound the real game from both sides:

* ``"adversarial"``: Valandris picks the face (an upper bound on capture times);
* ``"cooperative"``: the Holy Spirit picks the face (a lower bound);
* ``"ignored"``: no seal is ever removed.

See ``docs/valandris-solved.md`` for the answers and the proof of correctness.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from tabletop_rules.core.errors import InvalidOptionError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.valandris.options import Options
from tabletop_rules.valandris.solver._engine import NEVER, Die, Engine, check_options
from tabletop_rules.valandris.solver.agents import PerfectAgent, perfect_agent
from tabletop_rules.valandris.solver.tablebase import (
    FORMAT_VERSION,
    MAX_HEADER_BYTES,
    InvalidTablebaseError,
    SetupAnswer,
    Tablebase,
)

__all__ = [
    "FORMAT_VERSION",
    "MAX_HEADER_BYTES",
    "NEVER",
    "SUPPORTED_OPTIONS",
    "Die",
    "InvalidTablebaseError",
    "PerfectAgent",
    "SetupAnswer",
    "Tablebase",
    "check_options",
    "perfect_agent",
    "solve",
]

SUPPORTED_OPTIONS = tuple(field.name for field in attrs.fields(Options))
"""Options fields the solver accepts with any value: every field of `valandris.Options`.

``max_turns`` does not enter the values (they are capture times without a cap).  Under
``blocked_creature="holy_spirit_loses"`` a line in which a creature is blocked ends the game
uncaptured, so its value is "never".
"""


def solve(
    options: Options | None = None,
    die: Die = "adversarial",
    *,
    progress: bool | Callable[[str, int, int], None] = False,
    min_seals: int = 0,
    max_sweeps: int | None = None,
    workers: int = 2,
) -> Tablebase:
    """Solve Valandris exactly for one set of options and one die treatment.

    Args:
        options: the rulings (default: the spec's); anything but a
            `valandris.Options` raises `InvalidOptionError`.
        die: ``"adversarial"``, ``"ignored"`` or ``"cooperative"``.
        progress: ``True`` for a tqdm progress bar, or a callback
            ``(label, done, total)``.
        min_seals: solve only the seal sets with at least this many seals, a
            family closed under play only when no seal is ever removed, so it
            needs ``die="ignored"``.  For tests; 0 is the whole game.
        max_sweeps: stop after this many sweeps (values above it stay "never").
            For tests; ``None`` runs to the fixed point.
        workers: threads sharing the seal-set orbits of each sweep (numpy
            releases the GIL, so two threads use two cores), 1..64.

    Raises:
        InvalidOptionError: on options that are not a `valandris.Options`, an
            unknown die, or an argument of the wrong type or out of range.
    """
    chosen = Options() if options is None else options
    if type(workers) is not int or not 1 <= workers <= 64:
        raise InvalidOptionError(f"workers must be an int in 1..64, not {brief(workers)}")
    if max_sweeps is not None and (type(max_sweeps) is not int or not 0 <= max_sweeps <= 255):
        raise InvalidOptionError(f"max_sweeps must be None or an int in 0..255, not {brief(max_sweeps)}")
    if type(progress) is not bool and not callable(progress):
        raise InvalidOptionError(f"progress must be a bool or a callable, not {type(progress).__name__}")
    engine = Engine(chosen, die, min_seals)  # refuses anything but an Options, a die and 0..12 seals
    callback: Callable[[str, int, int], None] | None
    bar = None
    if progress is True:
        from tqdm import tqdm

        bar = tqdm(total=len(engine.orbits), unit="seal set", desc="sweep 1")

        def callback(label: str, done: int, total: int) -> None:
            assert bar is not None
            if done == 1:
                bar.reset(total)
                bar.set_description(label)
            bar.update(1)

    elif progress is False:
        callback = None
    else:
        callback = progress
    try:
        engine.run(callback, max_sweeps, workers)
    finally:
        if bar is not None:
            bar.close()
    info = {"sweeps": engine.sweeps, "seconds": round(engine.seconds, 1), "min_seals": min_seals}
    if max_sweeps is not None:
        info["max_sweeps"] = max_sweeps
    return Tablebase(chosen, die, engine.orbits, engine.T, engine.M, info)
