"""The game configurations shared by the tests, the benchmarks and the soak.

Every game, variant and player count that the soak test, the golden playthroughs and the speed table
run. Each entry is a `GameConfig`: a label, the module name under `tabletop_rules`, and `start`, which
takes the game module and returns the initial state of one game (setup included where the game plays its
setup as moves). A `GameConfig` is a named tuple, so `label, module_name, start = config` works.

Games are imported lazily by name, so this module imports no game (the layering of
`docs/architecture.md`), and a configuration whose game is absent from the checkout is left out.

Example:
    ```python
    import importlib

    from tabletop_rules.testing.configs import speed_configs

    for label, module_name, start in speed_configs():
        game = importlib.import_module(f"tabletop_rules.{module_name}")
        state = start(game)
    ```
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import partial
from types import ModuleType
from typing import NamedTuple

__all__ = ["GameConfig", "Start", "all_configs", "speed_configs"]

Start = Callable[[ModuleType], object]
"""Builds the initial state of one game from the game module."""

_SPEED_LABELS = (
    "Valandris",
    "Chrononauts 2p",
    "Chrononauts 4p",
    "Chrononauts 6p",
    "Trismaugistus d1",
    "Trismaugistus d2",
    "Trismaugistus d3",
)


class GameConfig(NamedTuple):
    """One configuration: a label, the module name under `tabletop_rules`, and the start of a game."""

    label: str
    """A short name, for example `"Chrononauts 4p"`."""
    module_name: str
    """The game's module under `tabletop_rules`, for example `"chrononauts"`."""
    start: Start
    """Takes the game module and returns the initial state of one game."""


def _valandris_default(m: ModuleType) -> object:
    return m.new_game()


def _valandris_alternatives(m: ModuleType) -> object:
    return m.new_game(
        m.Options(
            demon_may_pass_through_creatures=True,
            crossing_bonus_steps=2,
            blocked_creature="holy_spirit_loses",
            allow_declare_none=True,
            first_turn_power="none",
            unicorn_seal_range="adjacent",
            unicorn_may_seal_own_vertex=True,
            crossing_target_may_hold_demon=False,
            max_turns=60,
        )
    )


def _valandris_no_turn_cap(m: ModuleType) -> object:
    return m.new_game(m.Options(max_turns=None))


def _valandris() -> list[GameConfig]:
    return [
        GameConfig("Valandris", "valandris", _valandris_default),
        GameConfig("Valandris, every alternative ruling", "valandris", _valandris_alternatives),
        GameConfig("Valandris, no turn cap", "valandris", _valandris_no_turn_cap),
    ]


def _trismaugistus_start(difficulty: int, objectives: bool, m: ModuleType) -> object:
    state = m.new_game()
    setup = next(
        move
        for move in m.legal_moves(state)
        if isinstance(move, m.Setup)
        and move.difficulty == difficulty
        and move.objectives_enabled == objectives
    )
    return m.apply(state, setup)


def _trismaugistus() -> list[GameConfig]:
    return [
        GameConfig(
            f"Trismaugistus d{level}{', objectives' if objectives else ''}",
            "trismaugistus",
            partial(_trismaugistus_start, level, objectives),
        )
        for level in (1, 2, 3)
        for objectives in (False, True)
    ]


def _chrononauts_start(players: int, variant: str, m: ModuleType) -> object:
    return m.new_game(players=players, variant=variant)


def _chrononauts() -> list[GameConfig]:
    return [
        *(
            GameConfig(f"Chrononauts {n}p", "chrononauts", partial(_chrononauts_start, n, "chrononauts"))
            for n in (2, 3, 4, 5, 6)
        ),
        GameConfig("Chrononauts Artifaxx 3p", "chrononauts", partial(_chrononauts_start, 3, "artifaxx")),
        GameConfig("Chrononauts Solonauts", "chrononauts", partial(_chrononauts_start, 1, "solonauts")),
    ]


_BUILDERS: tuple[tuple[str, Callable[[], list[GameConfig]]], ...] = (
    ("valandris", _valandris),
    ("chrononauts", _chrononauts),
    ("trismaugistus", _trismaugistus),
)


def all_configs() -> list[GameConfig]:
    """Every configuration whose game is present in this checkout.

    Returns:
        The configurations in a fixed order: Valandris, Chrononauts, Trismaugistus.
    """
    found: list[GameConfig] = []
    for name, build in _BUILDERS:
        try:
            importlib.import_module(f"tabletop_rules.{name}")
        except ImportError:
            continue
        found += build()
    return found


def speed_configs() -> list[GameConfig]:
    """The configurations of the speed table (the default rulings only).

    Returns:
        The subset of `all_configs` that `benchmarks/playouts.py` measures, in the same order.
    """
    return [config for config in all_configs() if config.label in _SPEED_LABELS]
