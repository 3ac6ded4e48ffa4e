"""Play Valandris against the MCTS agent in the terminal.

Usage:
    python examples/play_against_agent.py [--side holy_spirit|valandris] [--iterations N] [--seed S]
    python examples/play_against_agent.py --auto      # the agent plays both sides (no input)

Without a terminal on standard input (in CI, in a pipe) the agent plays both sides, as with `--auto`.
Type moves in the game's notation (`L A7-A2`, `seal E3`, `place V H12`, ...); `?` lists the legal
moves, an empty line lets the agent choose for you.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from typing import Any

from tabletop_rules import valandris
from tabletop_rules.agents import MCTS
from tabletop_rules.core import CHANCE, TabletopRulesError, sample_chance

SIDES = ("holy_spirit", "valandris")


def ask_human(state: Any, helper: Callable[[Any, random.Random], Any], rng: random.Random) -> Any:
    """A move typed by the player (`?` lists the legal moves, an empty line asks the agent)."""
    while True:
        try:
            text = input(f"{valandris.describe_phase(state)}> ").strip()
        except EOFError:  # input closed: the agent finishes the game for you
            text = ""
        if not text:
            return helper(state, rng)
        if text == "?":
            print("  " + ", ".join(valandris.move_to_str(state, m) for m in valandris.legal_moves(state)))
            continue
        try:
            return valandris.parse_move(state, text)
        except TabletopRulesError as error:
            print(f"  {error}")


def main() -> None:
    parser = argparse.ArgumentParser(description="Play Valandris against the MCTS agent.")
    parser.add_argument("--side", choices=SIDES, default="valandris", help="the side you play")
    parser.add_argument("--iterations", type=int, help="MCTS iterations per move (300; 40 with --auto)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--auto", action="store_true", help="the agent plays both sides")
    parser.add_argument("--max-turns", type=int, default=6, help="turn cap of the game")
    args = parser.parse_args()
    auto = args.auto or not sys.stdin.isatty()
    iterations = args.iterations or (40 if auto else 300)

    agent = MCTS("tabletop_rules.valandris", iterations=iterations)
    human = None if auto else SIDES.index(args.side)
    opponent = "both sides" if auto else "against you"
    print(f"Valandris, seed {args.seed}: MCTS({iterations}) plays {opponent}")
    rng = random.Random(args.seed)
    options = getattr(valandris, "Options", None) or valandris.Rules
    state = valandris.new_game(options(max_turns=args.max_turns))
    while not valandris.is_terminal(state):
        actor = valandris.current_player(state)
        if actor is CHANCE:
            move = sample_chance(valandris, state, rng)
        elif actor == human:
            move = ask_human(state, agent, rng)
        else:
            move = agent(state, rng)
        print(f"{valandris.describe_phase(state)}: {valandris.move_to_str(state, move)}")
        state = valandris.apply(state, move)
    print(valandris.describe(state))
    print(f"returns (Holy Spirit, Valandris): {valandris.returns(state)}")


if __name__ == "__main__":
    main()
