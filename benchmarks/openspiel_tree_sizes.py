"""Knuth's estimate of the size of each game's tree, as OpenSpiel's CFR would have to walk it.

Usage::

    python benchmarks/openspiel_tree_sizes.py [--paths 200]

For each small configuration, plays `--paths` uniformly random seeded games through `pyspiel`
(chance outcomes drawn uniformly too) and averages, over the paths, the sum along each path of the
product of the branching factors so far: an unbiased estimate of the number of histories (Knuth,
"Estimating the efficiency of backtrack programs", 1975). `docs/openspiel.md` quotes the figures.
"""

from __future__ import annotations

import argparse
import math
import random
from typing import Any

import pyspiel

from tabletop_rules.adapters import openspiel

CASES: list[tuple[str, dict[str, Any]]] = [
    ("tabletop_valandris", {"max_turns": 1}),
    ("tabletop_valandris", {"max_turns": 2}),
    ("tabletop_chrononauts", {"players": 2, "max_turns": 1}),
    ("tabletop_chrononauts", {"players": 1, "variant": "solonauts", "max_turns": 1}),
    ("tabletop_trismaugistus", {"max_turns": 1}),
]


def estimate(game: Any, paths: int, seed: int = 0) -> float:
    """Knuth's estimate of the number of histories of `game` from `paths` random paths."""
    rng = random.Random(seed)
    total = 0.0
    for _ in range(paths):
        state = game.new_initial_state()
        nodes, product = 1.0, 1.0
        while not state.is_terminal():
            if state.is_chance_node():
                options = [action for action, _ in state.chance_outcomes()]
            else:
                options = state.legal_actions()
            product *= len(options)
            nodes += product
            state.apply_action(rng.choice(options))
        total += nodes
    return total / paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--paths", type=int, default=200)
    args = parser.parse_args()
    openspiel.register_all()
    for name, params in CASES:
        size = estimate(pyspiel.load_game(name, params), args.paths)
        print(f"{name} {params}: about 10^{math.log10(size):.1f} histories", flush=True)


if __name__ == "__main__":
    main()
