"""How many atomic moves Chrononauts games take, against `max_game_length` (`docs/openspiel.md`).

Usage::

    python benchmarks/chrononauts_game_lengths.py [--games 200] [--max-turns 500] [--agent heuristic]

Plays uniformly random seeded games (seeds 0 to --games - 1; decisions and chance outcomes both
count as atomic moves) of each player count and variant, with the OpenSpiel adapter's default turn
cap (with ``--agent heuristic``: the library's `chrononauts.agents.heuristic_agent` at every seat,
2, 4 and 6 players of the classic game), and prints per configuration: the mean, 99th percentile
and longest game, the longest single turn, the largest mean of moves per turn over a game (setup
excluded), the excess: the most moves by the end of a turn k less `max_game_length` of the same
game capped at k turns, over every k and game (negative: no game capped anywhere would have been
cut), and `max_game_length` for the cap.
"""

from __future__ import annotations

import argparse
import random
import statistics
from typing import Any

import attrs

from tabletop_rules import chrononauts
from tabletop_rules.chrononauts import actions
from tabletop_rules.chrononauts.agents import heuristic_agent
from tabletop_rules.core.playout import Agent, sample_outcome
from tabletop_rules.core.protocol import CHANCE

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    *((p, {"variant": "chrononauts"}) for p in (2, 3, 4, 5, 6)),
    *((p, {"variant": "chrononauts", "allow_extra_players": True}) for p in (8, 10)),
    *((p, {"variant": "chrononauts", "fast_forward_mode": "draw2_play2"}) for p in (4, 6)),
    *((p, {"variant": "artifaxx"}) for p in (2, 4)),
    (1, {"variant": "solonauts"}),
]


def bound_for(state: chrononauts.State, turns: int, cache: dict[int, int]) -> int:
    """`max_game_length` of the same game capped at `turns` turns."""
    found = cache.get(turns)
    if found is None:
        bound = actions.game_length_bound(attrs.evolve(state.options, max_turns=turns), state.players)
        assert bound is not None
        found = cache[turns] = bound
    return found


def one_game(players: int, options: dict[str, Any], seed: int, agent: Agent) -> tuple[int, int, int, float]:
    """Moves, longest turn, the most moves by the end of a turn k past the bound of a k-turn game,
    and moves per turn."""
    state = chrononauts.new_game(options, players=players)
    bounds: dict[int, int] = {}
    rng = random.Random(seed)
    moves = longest = started = turn = first = 0
    excess = -(10**9)
    while state.result is None:
        if chrononauts.current_player(state) is CHANCE:
            move = sample_outcome(chrononauts.chance_outcomes(state), rng)
        else:
            move = agent(state, rng)
        state = chrononauts.apply(state, move)
        moves += 1
        if state.turn != turn:  # this move began a turn: the moves before it ended the last one
            if turn:
                longest = max(longest, moves - 1 - started)
                excess = max(excess, moves - 1 - bound_for(state, turn, bounds))
            started, turn = moves - 1, state.turn
            first = first or started
    if turn:
        longest = max(longest, moves - started)
        excess = max(excess, moves - bound_for(state, turn, bounds))
    return moves, longest, excess, (moves - first) / max(turn, 1)


def random_choice(state: chrononauts.State, rng: random.Random) -> Any:
    """A uniformly random legal move."""
    return rng.choice(chrononauts.legal_moves(state))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--max-turns", type=int, default=500)
    parser.add_argument("--agent", choices=["random", "heuristic"], default="random")
    args = parser.parse_args()
    agent: Agent = heuristic_agent if args.agent == "heuristic" else random_choice
    configs = CONFIGS if args.agent == "random" else [(p, {"variant": "chrononauts"}) for p in (2, 4, 6)]
    print(
        "| players, variant | games | mean | p99 | longest game | longest turn | moves/turn (max) "
        "| excess | max_game_length |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for players, extra in configs:
        options = {**extra, "max_turns": args.max_turns}
        rows = [one_game(players, options, seed, agent) for seed in range(args.games)]
        lengths = sorted(row[0] for row in rows)
        bound = chrononauts.max_game_length(chrononauts.new_game(options, players=players))
        label = f"{players}, {extra['variant']} {extra.get('fast_forward_mode', '')}".strip()
        print(
            f"| {label} | {args.games} | {statistics.mean(lengths):.0f} "
            f"| {lengths[int(0.99 * (len(lengths) - 1))]} | {lengths[-1]} | {max(r[1] for r in rows)} "
            f"| {max(r[3] for r in rows):.1f} | {max(r[2] for r in rows)} | {bound} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
