"""Score distributions of Valandris between the baseline agents.

Usage: ``python examples/simulate_valandris.py [--games 1000] [--workers 2] [--seed 2026]``

Each pairing plays the same seeded games whatever the number of workers.
"""

from __future__ import annotations

import argparse
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from tabletop_rules import valandris
from tabletop_rules.simulate import AgentSpec, simulate
from tabletop_rules.valandris.agents import greedy_agent, random_agent

PAIRINGS: list[tuple[str, list[AgentSpec]]] = [
    ("greedy Holy Spirit vs greedy Valandris", [greedy_agent, greedy_agent]),
    ("random Holy Spirit vs greedy Valandris", [random_agent, greedy_agent]),
    ("greedy Holy Spirit vs random Valandris", [greedy_agent, random_agent]),
]


def histogram(counts: dict[Any, int], width: int = 40) -> list[str]:
    """Scores grouped in bands of ten turns, drawn as bars."""
    bands: dict[int, int] = {}
    for score, n in counts.items():
        bands[(int(score) - 1) // 10] = bands.get((int(score) - 1) // 10, 0) + n
    top = max(bands.values())
    lines = []
    for band in sorted(bands):
        low, high = band * 10 + 1, band * 10 + 10
        label = f"{low:>3}-{high:<3}" if low <= 100 else f"{low:>3}    "
        lines.append(f"    {label} {'#' * max(1, round(width * bands[band] / top)):<{width}} {bands[band]}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    executor: Executor | None = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for title, agents in PAIRINGS:
            result = simulate(valandris, args.games, agents=agents, master_seed=args.seed, executor=executor)
            score = result.summary()["outcome"]["score"]
            print(f"{title}: {args.games} games")
            print(
                f"  score mean {score['mean']:.1f}, median {score['median']}, min {score['min']}, "
                f"max {score['max']} (101 = never captured)"
            )
            print("\n".join(histogram(score["histogram"])))
    finally:
        if executor is not None:
            executor.shutdown()


if __name__ == "__main__":
    main()
