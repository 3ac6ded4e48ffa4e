"""The rulings of the Valandris spec that change play, as one frozen options object.

Every field defaults to the spec's ruling (section 4), so `Options()` is the
game as the spec reads the manual.  The allowed values of each field come from
its annotation (`core.GameOptions`): a bad value raises
`InvalidOptionError` on construction, and `Options.choices()` lists them.
"""

from __future__ import annotations

from typing import Literal

import attrs

from tabletop_rules.core.deprecation import renamed_names
from tabletop_rules.core.errors import InvalidOptionError
from tabletop_rules.core.options import GameOptions, int_option

__all__ = ["MAX_TURN_CAP", "Options"]

MAX_TURN_CAP = 1_000_000
"""The largest `Options.max_turns` accepted."""


@attrs.frozen(repr=False)
class Options(GameOptions):
    """The play-changing rulings (★ in the spec), each with the spec's default.

    Attributes:
        demon_may_pass_through_creatures: V-RULING-4.  If true, the middle
            vertex of Valandris' two-step move may hold a creature.
        crossing_bonus_steps: V-RULING-7.  1: the bonus step of a crossing turn
            is a single step; 2: it is a full move of up to two steps.
        blocked_creature: V-RULING-12.  `"stays"`: a creature with no legal
            move stays put; `"holy_spirit_loses"`: the game ends at once with
            Valandris uncaptured (score `max_turns + 1`).
        allow_declare_none: V-RULING-15.  If true, the Holy Spirit may declare
            no creature at the end of a turn.
        first_turn_power: V-RULING-16.  `"declared_at_setup"`: the first
            declaration is made at the end of setup and governs turn 1;
            `"none"`: no declaration at setup and no power on turn 1.
        unicorn_seal_range: V-RULING-17.  `"any"` Earth vertex, or only one
            `"adjacent"` to the Unicorn.
        unicorn_may_seal_own_vertex: V-RULING-17.  If true, the Unicorn may seal
            the vertex it stands on (it then steps off).
        crossing_target_may_hold_demon: V-RULING-24.  If false, a crossing may
            not target Valandris' vertex.
        max_turns: V-RULING-29.  The game ends after this many Holy Spirit
            turns (1 to `MAX_TURN_CAP`); `None` means no cap.
    """

    demon_may_pass_through_creatures: bool = False
    crossing_bonus_steps: Literal[1, 2] = 1
    blocked_creature: Literal["stays", "holy_spirit_loses"] = "stays"
    allow_declare_none: bool = False
    first_turn_power: Literal["declared_at_setup", "none"] = "declared_at_setup"
    unicorn_seal_range: Literal["any", "adjacent"] = "any"
    unicorn_may_seal_own_vertex: bool = False
    crossing_target_may_hold_demon: bool = True
    max_turns: int | None = int_option(100, low=1, high=MAX_TURN_CAP)

    def _check(self) -> None:
        if self.blocked_creature == "holy_spirit_loses" and self.max_turns is None:
            raise InvalidOptionError(
                "Valandris option blocked_creature='holy_spirit_loses' scores the game max_turns + 1, "
                "so it needs a turn cap (max_turns is None)"
            )


__getattr__ = renamed_names(__name__, {"Rules": "Options"}, globals())
