"""The rulings of the Valandris spec that change play, as one frozen options object.

Every field defaults to the spec's ruling (section 4), so ``Rules()`` is the
game as the spec reads the manual.  Fields are validated on construction and a
bad value raises :class:`~tabletop_rules.core.InvalidOptionError`.
"""

from __future__ import annotations

from typing import Any, Literal

import attrs

from tabletop_rules.core.errors import InvalidOptionError

__all__ = ["Rules"]

_CHOICES: dict[str, tuple[object, ...]] = {
    "crossing_bonus_steps": (1, 2),
    "blocked_creature": ("stays", "holy_spirit_loses"),
    "first_turn_power": ("declared_at_setup", "none"),
    "unicorn_seal_range": ("any", "adjacent"),
}
_BOOLS = (
    "demon_may_pass_through_creatures",
    "allow_declare_none",
    "unicorn_may_seal_own_vertex",
    "crossing_target_may_hold_demon",
)


@attrs.frozen
class Rules:
    """The play-changing rulings (★ in the spec), each with the spec's default.

    Attributes:
        demon_may_pass_through_creatures: V-RULING-4.  If true, the middle
            vertex of Valandris' two-step move may hold a creature.
        crossing_bonus_steps: V-RULING-7.  1: the bonus step of a crossing turn
            is a single step; 2: it is a full move of up to two steps.
        blocked_creature: V-RULING-12.  ``"stays"``: a creature with no legal
            move stays put; ``"holy_spirit_loses"``: the game ends at once with
            Valandris uncaptured (score ``max_turns + 1``).
        allow_declare_none: V-RULING-15.  If true, the Holy Spirit may declare
            no creature at the end of a turn.
        first_turn_power: V-RULING-16.  ``"declared_at_setup"``: the first
            declaration is made at the end of setup and governs turn 1;
            ``"none"``: no declaration at setup and no power on turn 1.
        unicorn_seal_range: V-RULING-17.  ``"any"`` Earth vertex, or only one
            ``"adjacent"`` to the Unicorn.
        unicorn_may_seal_own_vertex: V-RULING-17.  If true, the Unicorn may seal
            the vertex it stands on (it then steps off).
        crossing_target_may_hold_demon: V-RULING-24.  If false, a crossing may
            not target Valandris' vertex.
        max_turns: V-RULING-29.  The game ends after this many Holy Spirit
            turns; ``None`` means no cap.
    """

    demon_may_pass_through_creatures: bool = False
    crossing_bonus_steps: Literal[1, 2] = 1
    blocked_creature: Literal["stays", "holy_spirit_loses"] = "stays"
    allow_declare_none: bool = False
    first_turn_power: Literal["declared_at_setup", "none"] = "declared_at_setup"
    unicorn_seal_range: Literal["any", "adjacent"] = "any"
    unicorn_may_seal_own_vertex: bool = False
    crossing_target_may_hold_demon: bool = True
    max_turns: int | None = 100

    def __attrs_post_init__(self) -> None:
        for name in _BOOLS:
            if not isinstance(getattr(self, name), bool):
                raise InvalidOptionError(f"Rules.{name} must be a bool, not {getattr(self, name)!r}")
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if isinstance(value, bool) or value not in choices:
                raise InvalidOptionError(f"Rules.{name} must be one of {choices}, not {value!r}")
        turns = self.max_turns
        if turns is not None and (isinstance(turns, bool) or not isinstance(turns, int) or turns < 1):
            raise InvalidOptionError(f"Rules.max_turns must be a positive int or None, not {turns!r}")
        if turns is not None and turns > 1_000_000:
            raise InvalidOptionError(f"Rules.max_turns must be at most 1000000, not {turns}")
        if self.blocked_creature == "holy_spirit_loses" and turns is None:
            raise InvalidOptionError(
                "Rules.blocked_creature='holy_spirit_loses' scores the game max_turns + 1, "
                "so it needs a turn cap (max_turns is None)"
            )

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict (every field)."""
        return attrs.asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Options from a dict as made by :meth:`to_dict`; missing fields take their defaults.

        Raises:
            InvalidOptionError: on an unknown field or a bad value.
        """
        if not isinstance(data, dict):
            raise InvalidOptionError(f"options must be a JSON object, not {type(data).__name__}")
        known = {f.name for f in attrs.fields(cls)}
        unknown = sorted(str(k) for k in data if k not in known)
        if unknown:
            raise InvalidOptionError(f"unknown Valandris option(s): {', '.join(unknown)}")
        return cls(**data)
