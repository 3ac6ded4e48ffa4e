"""Random-playout speed of the Trismaugistus automa engine, per difficulty.

An atomic move is one ``apply`` (a human report or a chance outcome); each game
starts after a setup of the given difficulty (objectives off and on, alternately)
and runs to the end of final scoring with uniformly random reports.

    .venv/bin/python benchmarks/trismaugistus_speed.py [--games N]
"""

from __future__ import annotations

import argparse
import time

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import random_playout


def started(difficulty: int, objectives: bool) -> tm.State:
    state = tm.new_game()
    setups = [
        m
        for m in tm.legal_moves(state)
        if isinstance(m, tm.Setup) and m.difficulty == difficulty and m.objectives_enabled == objectives
    ]
    return tm.apply(state, setups[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games per difficulty")
    args = parser.parse_args()
    columns = ("difficulty", "games", "moves", "seconds", "moves/s", "games/s", "mean score")
    widths = (10, 6, 8, 8, 9, 8, 10)
    print(" ".join(f"{c:>{w}}" for c, w in zip(columns, widths, strict=True)))
    for difficulty in (1, 2, 3):
        starts = (started(difficulty, False), started(difficulty, True))
        moves = 0
        total_score = 0
        t0 = time.perf_counter()
        for seed in range(args.games):
            playout = random_playout(tm, seed, initial=starts[seed % 2])
            moves += len(playout.moves)
            total_score += tm.automa_score(playout.final) or 0
        elapsed = time.perf_counter() - t0
        print(
            f"{difficulty:>10} {args.games:>6} {moves:>8} {elapsed:>8.2f} {moves / elapsed:>9.0f}"
            f" {args.games / elapsed:>8.1f} {total_score / args.games:>10.1f}"
        )


if __name__ == "__main__":
    main()
