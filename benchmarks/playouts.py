"""Random-playout speed through the public protocol.

Usage::

    python benchmarks/playouts.py [--game valandris] [--seconds 10]

Plays uniformly random seeded games (decisions and chance outcomes both count
as atomic moves) for a fixed wall time and prints atomic moves/s, games/s and
moves per game.  Speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import sys
import time
from typing import Any

from tabletop_rules.core import random_playout


def measure(game: Any, seconds: float, options: Any = None) -> dict[str, float]:
    moves = games = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        playout = random_playout(game, seed, options=options)
        moves += len(playout.moves)
        games += 1
        seed += 1
    elapsed = time.perf_counter() - start
    return {
        "games": games,
        "atomic_moves": moves,
        "seconds": elapsed,
        "moves_per_second": moves / elapsed,
        "games_per_second": games / elapsed,
        "moves_per_game": moves / games,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="valandris", help="module name under tabletop_rules")
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    game = importlib.import_module(f"tabletop_rules.{args.game}")
    result = measure(game, args.seconds)
    print(f"{args.game} on Python {platform.python_version()} ({platform.machine()}):")
    print(
        f"  {result['moves_per_second']:,.0f} atomic moves/s, {result['games_per_second']:,.1f} games/s, "
        f"{result['moves_per_game']:.1f} moves/game over {result['games']:,.0f} games"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
