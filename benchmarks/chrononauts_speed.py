"""Random-playout speed of Chrononauts: atomic moves per second and games per second.

Usage (from the project's root)::

    .venv/bin/python benchmarks/chrononauts_speed.py --players 4 --games 200

Every move counts: decisions, Memo-window passes and chance outcomes alike.
"""

from __future__ import annotations

import argparse
import time

from tabletop_rules import chrononauts
from tabletop_rules.core import random_playout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--variant", default="chrononauts", choices=chrononauts.VARIANTS)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    players = 1 if args.variant == "solonauts" else args.players
    initial = chrononauts.new_game(players=players, variant=args.variant)
    moves = 0
    ended = 0
    start = time.perf_counter()
    for seed in range(args.seed, args.seed + args.games):
        playout = random_playout(chrononauts, seed, initial=initial)
        moves += len(playout.moves)
        ended += chrononauts.is_terminal(playout.final)
    elapsed = time.perf_counter() - start
    print(
        f"{args.variant}, {players} players: {args.games} games ({ended} finished), {moves} moves "
        f"in {elapsed:.2f} s"
    )
    print(
        f"{moves / elapsed:,.0f} moves/s, {args.games / elapsed:,.2f} games/s, "
        f"{moves / args.games:,.0f} moves per game"
    )


if __name__ == "__main__":
    main()
