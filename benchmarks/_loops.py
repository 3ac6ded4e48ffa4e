"""The seeded random-play loop that the benchmarks time or count (`playouts.py`, `shortcuts.py`)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tabletop_rules.core import CHANCE, sample_chance


def seeded_games(game: Any, start: Callable[[Any], Any], first_seed: int, games: int) -> int:
    """Random playouts of the `games` games seeded `first_seed` on (`legal_moves` / `apply` / chance
    sampling, a uniformly random choice); the atomic moves played."""
    moves = 0
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed)
        state = start(game)
        while not game.is_terminal(state):
            if game.current_player(state) is CHANCE:
                move = sample_chance(game, state, rng)
            else:
                legal = game.legal_moves(state)
                move = legal[rng.randrange(len(legal))]
            state = game.apply(state, move)
            moves += 1
    return moves
