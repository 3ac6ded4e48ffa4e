"""The game configurations that the benchmarks and the soak test run: every game, variant and player count.

Each entry is ``(label, module name under tabletop_rules, start)``, where
``start(module)`` returns the initial state of one game (setup included where
the game plays setup as moves).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import partial
from typing import Any

Config = tuple[str, str, Callable[[Any], Any]]


def _valandris() -> list[Config]:
    def alternatives(m: Any) -> Any:
        return m.new_game(
            m.Rules(
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

    return [
        ("Valandris", "valandris", lambda m: m.new_game()),
        ("Valandris, every alternative ruling", "valandris", alternatives),
        ("Valandris, no turn cap", "valandris", lambda m: m.new_game(m.Rules(max_turns=None))),
    ]


def _trismaugistus_start(difficulty: int, objectives: bool) -> Callable[[Any], Any]:
    def start(m: Any) -> Any:
        state = m.new_game()
        setup = next(
            move
            for move in m.legal_moves(state)
            if isinstance(move, m.Setup)
            and move.difficulty == difficulty
            and move.objectives_enabled == objectives
        )
        return m.apply(state, setup)

    return start


def _trismaugistus() -> list[Config]:
    return [
        (
            f"Trismaugistus d{level}{', objectives' if objectives else ''}",
            "trismaugistus",
            _trismaugistus_start(level, objectives),
        )
        for level in (1, 2, 3)
        for objectives in (False, True)
    ]


def _chrononauts_start(players: int, m: Any, variant: str = "chrononauts") -> Any:
    return m.new_game(players=players, variant=variant)


def _chrononauts() -> list[Config]:
    return [
        *((f"Chrononauts {n}p", "chrononauts", partial(_chrononauts_start, n)) for n in (2, 3, 4, 5, 6)),
        ("Chrononauts Artifaxx 3p", "chrononauts", partial(_chrononauts_start, 3, variant="artifaxx")),
        ("Chrononauts Solonauts", "chrononauts", partial(_chrononauts_start, 1, variant="solonauts")),
    ]


def all_configs() -> list[Config]:
    """Every configuration whose game is present in this checkout."""
    found: list[Config] = []
    for name, build in (
        ("valandris", _valandris),
        ("chrononauts", _chrononauts),
        ("trismaugistus", _trismaugistus),
    ):
        try:
            importlib.import_module(f"tabletop_rules.{name}")
        except ImportError:
            continue
        found += build()
    return found


def speed_configs() -> list[Config]:
    """The configurations of the speed table (the default rulings only)."""
    keep = (
        "Valandris",
        "Chrononauts 2p",
        "Chrononauts 4p",
        "Chrononauts 6p",
        "Trismaugistus d1",
        "Trismaugistus d2",
        "Trismaugistus d3",
    )
    return [c for c in all_configs() if c[0] in keep]
