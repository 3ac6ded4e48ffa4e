"""OpenSpiel's MCTS as the Holy Spirit against the library's greedy Valandris, with baselines.

Usage: ``python examples/openspiel_mcts_valandris.py [--games 10] [--simulations 40] [--max-turns 12]
[--baseline-games 200]`` (needs the ``openspiel`` extra). The MCTS is OpenSpiel's Python
``MCTSBot`` (random rollouts) over the library's game registered in OpenSpiel (see
``docs/openspiel.md`` for the other bots). Its baselines are the library's uniformly random and
one-ply greedy agents as the Holy Spirit, in the same OpenSpiel loop, against the same greedy
Valandris; game ``g`` of every Holy Spirit has seed ``g``, so the first ``--games`` games of the
baselines use the MCTS games' seeds.

For each Holy Spirit the script prints the capture rate (a capture within ``max_turns`` is the Holy
Spirit's win) with its 95 % Wilson score interval, the mean score (the turn of the capture,
``max_turns + 1`` when Valandris survives; lower is better for the Holy Spirit) with its 95 %
normal-approximation interval (mean +- 1.96 standard errors), and the milliseconds per decision of
the Holy Spirit; then its command line and elapsed time.
"""

from __future__ import annotations

import argparse
import math
import random
import shlex
import statistics
import sys
import time
from collections.abc import Callable

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from tabletop_rules import valandris
from tabletop_rules.adapters import openspiel
from tabletop_rules.core import sample_chance
from tabletop_rules.valandris.agents import greedy_agent, random_agent

Chooser = Callable[[pyspiel.State, random.Random], int]
"""The Holy Spirit: an OpenSpiel state (of the registered game) and a generator in, an action id out."""


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate of `successes` out of `n`."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: list[int], z: float = 1.96) -> tuple[float, float, float]:
    """The mean and its 95 % normal-approximation interval (mean +- z standard errors)."""
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, mean - half, mean + half


def agent_chooser(agent: Callable[[valandris.State, random.Random], valandris.Move]) -> Chooser:
    """A library agent as the Holy Spirit: it reads the library's state under the OpenSpiel one."""
    return lambda state, rng: valandris.move_to_action(state.inner, agent(state.inner, rng))


def mcts_chooser(game: pyspiel.Game, seed: int, simulations: int) -> Chooser:
    """OpenSpiel's Python MCTS with random rollouts, seeded by the game's seed."""
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=np.random.RandomState(seed))
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=simulations,
        evaluator=evaluator,
        random_state=np.random.RandomState(seed),
    )
    return lambda state, rng: openspiel.best_mcts_action(bot, state)


def play(game: pyspiel.Game, seed: int, holy_spirit: Chooser) -> tuple[int, int, float]:
    """One seeded game against the greedy Valandris: the score, the Holy Spirit's decisions and seconds."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    decisions, seconds = 0, 0.0
    while not state.is_terminal():
        inner = state.inner
        if state.is_chance_node():
            action = valandris.move_to_chance(inner, sample_chance(valandris, inner, rng))
        elif state.current_player() == valandris.VALANDRIS:
            action = valandris.move_to_action(inner, greedy_agent(inner, rng))
        else:
            started = time.perf_counter()
            action = holy_spirit(state, rng)
            seconds += time.perf_counter() - started
            decisions += 1
        state.apply_action(action)
    score = state.inner.score
    assert score is not None
    return int(score), decisions, seconds


def report(name: str, results: list[tuple[int, int, float]], max_turns: int) -> None:
    scores = [score for score, _, _ in results]
    captures = sum(score <= max_turns for score in scores)
    low, high = wilson(captures, len(scores))
    mean, mean_low, mean_high = mean_interval(scores)
    ms = 1000 * sum(s for _, _, s in results) / max(1, sum(d for _, d, _ in results))
    print(
        f"  {name:<22} {len(scores):>5}  {captures / len(scores):6.1%} [{low:5.1%}, {high:5.1%}]"
        f"  {mean:5.2f} [{mean_low:5.2f}, {mean_high:5.2f}]  {ms:8.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games of the MCTS Holy Spirit")
    parser.add_argument("--simulations", type=int, default=40, help="MCTS simulations per decision")
    parser.add_argument("--max-turns", type=int, default=12, help="Valandris' max_turns option")
    parser.add_argument("--baseline-games", type=int, default=200, help="games of each baseline")
    args = parser.parse_args()
    print("$ " + shlex.join(["python", "examples/openspiel_mcts_valandris.py", *sys.argv[1:]]))
    start = time.perf_counter()
    openspiel.register_all()
    game = pyspiel.load_game("tabletop_valandris", {"max_turns": args.max_turns})
    print(f"The Holy Spirit against the greedy Valandris, max_turns={args.max_turns}; 95 % intervals:")
    print("captures within max_turns (Wilson), mean score (normal approximation; lower is better")
    print(f"for the Holy Spirit, {args.max_turns + 1} = never captured), ms per Holy Spirit decision")
    print(f"  {'Holy Spirit':<22} {'games':>5}  {'captures':<22}  {'mean score':<20}  {'ms':>8}")
    baselines = (("random agent", agent_chooser(random_agent)), ("greedy agent", agent_chooser(greedy_agent)))
    for name, chooser in baselines:
        results = [play(game, seed, chooser) for seed in range(args.baseline_games)]
        report(name, results, args.max_turns)
        if args.games < args.baseline_games:
            report(f"{name}, first {args.games}", results[: args.games], args.max_turns)
    mcts_results = [
        play(game, seed, mcts_chooser(game, seed, args.simulations)) for seed in range(args.games)
    ]
    report(f"MCTS({args.simulations})", mcts_results, args.max_turns)
    print(f"({time.perf_counter() - start:.1f} s in all)")


if __name__ == "__main__":
    main()
