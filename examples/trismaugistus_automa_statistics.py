"""The automa's final score over seeded games, with two stand-ins for the human reporter.

Uses the bundled FICTIONAL example pack (invented content, not the printed
game's cards), so the numbers say how the engine behaves, not how strong the
real automa is.  `random_agent` reports uniformly among the menu;
`heuristic_human` drafts one die a turn and takes what that die gives access to
(see its docstring).

    python examples/trismaugistus_automa_statistics.py [games]
"""

from __future__ import annotations

import statistics
import sys

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import random_playout
from tabletop_rules.trismaugistus.agents import Agent, heuristic_human, random_agent


def scores(agent: Agent, games: int, difficulty: int) -> list[int]:
    start = tm.new_game_with_setup(f"setup d{difficulty} exp=FX-S2 art=FX-AS3")
    out = []
    for seed in range(games):
        final = random_playout(tm, seed, initial=start, agents=[agent]).final
        total = tm.automa_score(final)
        assert total is not None
        out.append(total)
    return out


def main(games: int) -> None:
    print(f"automa final score over {games} seeded games (seeds 0..{games - 1}), FICTIONAL example pack")
    print("difficulty  reporter    mean    sd  min  q1  median  q3  max")
    for difficulty in (1, 2, 3):
        for name, agent in (("random", random_agent), ("heuristic", heuristic_human)):
            s = scores(agent, games, difficulty)
            q1, median, q3 = statistics.quantiles(s, n=4)
            print(
                f"d{difficulty}          {name:<10} {statistics.mean(s):5.1f} {statistics.stdev(s):5.1f}"
                f" {min(s):4d} {q1:3.0f} {median:7.0f} {q3:3.0f} {max(s):4d}"
            )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
