"""Soak test: millions of random moves with invariant checks, counting exceptions and mutations.

Usage: ``python benchmarks/soak.py [--moves 1000000] [--only valandris]``

For every configuration (each game, its variants and player counts) it plays
seeded random games until ``--moves`` atomic moves have been made.  Before and
after each move it checks the state with the game's ``validate``; it compares
the state's JSON before and after ``apply`` (a mutation is any difference); and
it counts every exception.  Expected: zero of both.  CI runs a short version
(``tests/test_soak.py``).
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any

from tabletop_rules.core import CHANCE, sample_chance
from tabletop_rules.testing.configs import all_configs


def soak(module_name: str, start: Callable[[Any], Any], moves: int, seed: int = 0) -> dict[str, Any]:
    game = importlib.import_module(f"tabletop_rules.{module_name}")
    validate = getattr(game, "validate", None)
    made = games = exceptions = mutations = 0
    first_errors: list[str] = []
    started = time.perf_counter()
    while made < moves:
        rng = random.Random(seed + games)
        games += 1
        try:
            state = start(game)
            while not game.is_terminal(state) and made < moves:
                if validate is not None:
                    validate(state)
                before = game.to_json(state)
                if game.current_player(state) is CHANCE:
                    move = sample_chance(game, state, rng)
                else:
                    move = rng.choice(game.legal_moves(state))
                after = game.apply(state, move)
                if game.to_json(state) != before:
                    mutations += 1
                state = after
                made += 1
            if validate is not None:
                validate(state)
        except Exception:  # a soak test counts every failure instead of stopping at the first
            exceptions += 1
            if len(first_errors) < 3:
                first_errors.append(traceback.format_exc(limit=4))
    return {
        "moves": made,
        "games": games,
        "exceptions": exceptions,
        "mutations": mutations,
        "seconds": time.perf_counter() - started,
        "errors": first_errors,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1_000_000, help="atomic moves per configuration")
    parser.add_argument("--only", help="only configurations whose label contains this text")
    args = parser.parse_args()
    failed = False
    for label, module_name, start in all_configs():
        if args.only and args.only.lower() not in label.lower():
            continue
        result = soak(module_name, start, args.moves)
        print(
            f"{label}: {result['moves']:,} moves in {result['games']:,} games, "
            f"{result['exceptions']} exceptions, {result['mutations']} mutations ({result['seconds']:.0f} s)"
        )
        for error in result["errors"]:
            print(error)
        failed |= bool(result["exceptions"] or result["mutations"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
