"""OpenSpiel's MCTS as the Holy Spirit against the library's greedy Valandris.

Usage: ``python examples/openspiel_mcts_valandris.py [--games 4] [--simulations 60] [--max-turns 30]``
(needs the ``openspiel`` extra).  This is OpenSpiel's Python ``MCTSBot``, which works on
Python games; the C++ ``pyspiel.MCTSBot.step`` crashes on them (see ``docs/openspiel.md``).
"""

from __future__ import annotations

import argparse
import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from tabletop_rules import valandris
from tabletop_rules.adapters import openspiel
from tabletop_rules.core import sample_chance
from tabletop_rules.valandris.agents import greedy_agent


def play(game: pyspiel.Game, seed: int, simulations: int) -> int:
    rng = random.Random(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=np.random.RandomState(seed))
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=simulations,
        evaluator=evaluator,
        random_state=np.random.RandomState(seed),
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        inner = state.inner
        if state.is_chance_node():
            action = valandris.move_to_chance(inner, sample_chance(valandris, inner, rng))
        elif state.current_player() == valandris.VALANDRIS:
            action = valandris.move_to_action(inner, greedy_agent(inner, rng))
        else:
            action = openspiel.best_mcts_action(bot, state)
        state.apply_action(action)
    score = state.inner.score
    assert score is not None
    return int(score)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=60)
    parser.add_argument("--max-turns", type=int, default=30)
    args = parser.parse_args()
    openspiel.register_all()
    game = pyspiel.load_game("tabletop_valandris", {"max_turns": args.max_turns})
    scores = []
    for seed in range(args.games):
        score = play(game, seed, args.simulations)
        scores.append(score)
        print(f"seed {seed}: MCTS Holy Spirit vs greedy Valandris, score {score}")
    print(
        f"mean score {sum(scores) / len(scores):.1f} (lower is better for the Holy Spirit; "
        f"{args.max_turns + 1} means never captured)"
    )


if __name__ == "__main__":
    main()
