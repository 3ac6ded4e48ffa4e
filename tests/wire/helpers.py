"""Seeded playouts of every configuration, shared by the wire tests (built once per session)."""

from __future__ import annotations

import functools
import importlib
from types import ModuleType
from typing import Any, NamedTuple

from tabletop_rules.core import CHANCE, random_playout
from tabletop_rules.testing.configs import all_configs

MAX_MOVES = 300
"""Long games (Artifaxx can run for thousands of moves) are cut here; every kind of move comes before."""


class Game(NamedTuple):
    label: str
    game: ModuleType
    wire: ModuleType
    schemas: ModuleType
    states: tuple[Any, ...]  # every state of the playout, the initial one first
    moves: tuple[Any, ...]  # moves[i] leads from states[i] to states[i + 1]

    def players(self, state: Any) -> int:
        name = self.game.GAME_INFO.name
        return {"valandris": 2, "trismaugistus": 1}.get(name) or state.players


@functools.cache
def games(seed: int = 1) -> tuple[Game, ...]:
    out = []
    for label, name, start in all_configs():
        game = importlib.import_module(f"tabletop_rules.{name}")
        playout = random_playout(game, seed, initial=start(game), max_moves=MAX_MOVES)
        states = [playout.initial]
        for move in playout.moves:
            states.append(game.apply(states[-1], move))
        out.append(
            Game(
                label,
                game,
                importlib.import_module(f"tabletop_rules.{name}.wire"),
                importlib.import_module(f"tabletop_rules.{name}.schemas"),
                tuple(states),
                playout.moves,
            )
        )
    return tuple(out)


def sample(states: tuple[Any, ...], count: int = 12) -> list[Any]:
    """About `count` states spread over a game, the last one included."""
    step = max(1, len(states) // count)
    return [*states[::step], states[-1]]


def is_chance(game: ModuleType, state: Any) -> bool:
    return game.current_player(state) is CHANCE


LABELS = [g.label for g in games()]
