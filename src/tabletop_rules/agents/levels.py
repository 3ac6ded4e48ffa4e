"""The strength levels that every game's `agents.opponent(level, *, seconds=None)` offers.

A front end asks a game for ``opponent("easy")``, ``opponent("medium")`` or ``opponent("hard")``
and gets an agent (`agent(state, rng) -> move`): seeded, picklable, playing only legal moves from what
its player may see.  Iteration budgets are the primary control, so a level plays the same moves on
every machine; ``seconds`` caps the time of one decision (with it, the moves depend on the machine).
"""

from __future__ import annotations

from typing import Final

from tabletop_rules.agents._search import MAX_SECONDS, check_number
from tabletop_rules.core.errors import InvalidOptionError
from tabletop_rules.core.jsonio import brief

__all__ = ["LEVELS", "check_level"]

LEVELS: Final = ("easy", "medium", "hard")
"""The levels, weakest first."""


def check_level(level: object, seconds: object) -> str:
    """``level`` after checking it and the time cap ``seconds``.

    Raises:
        InvalidOptionError: unless ``level`` is one of `LEVELS` (an exact ``str``) and ``seconds`` is
            ``None`` or an ``int`` / finite ``float`` in (0, `MAX_SECONDS`].
    """
    if type(level) is not str or level not in LEVELS:
        raise InvalidOptionError(f"level must be one of {', '.join(LEVELS)}, not {brief(level)}")
    if seconds is not None:
        check_number(seconds, "seconds", MAX_SECONDS)
    return level
