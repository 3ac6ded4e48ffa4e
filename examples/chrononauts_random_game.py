"""Play one seeded random game of Chrononauts and print its log.

Usage (from the project's root)::

    .venv/bin/python examples/chrononauts_random_game.py --seed 7 --players 4
    .venv/bin/python examples/chrononauts_random_game.py --variant solonauts --quiet

Every decision is uniformly random; every chance outcome (draws, deals) is
sampled with its exact probability from the same seeded generator, so a seed
always replays the same game.  Reaction-window passes are hidden unless
``--passes`` is given.
"""

from __future__ import annotations

import argparse

from tabletop_rules import chrononauts
from tabletop_rules.core import CHANCE, random_playout


def main() -> None:
    parser = argparse.ArgumentParser(description="Play one seeded random game of Chrononauts.")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", default="chrononauts", choices=chrononauts.VARIANTS)
    parser.add_argument("--passes", action="store_true", help="also print reaction-window passes")
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    args = parser.parse_args()

    players = 1 if args.variant == "solonauts" else args.players
    initial = chrononauts.new_game(players=players, variant=args.variant)
    playout = random_playout(chrononauts, args.seed, initial=initial)
    if not args.quiet:
        turn = 0
        for number, (state, move) in enumerate(zip(playout.states(chrononauts), playout.moves, strict=False)):
            if state.turn != turn:
                turn = state.turn
                print(f"--- turn {turn}: P{state.active} (open paradoxes: {state.open_paradoxes()})")
            if isinstance(move, chrononauts.Pass) and not args.passes:
                continue
            actor = chrononauts.current_player(state)
            who = f"P{actor}"
            if actor is CHANCE:
                receiver = getattr(state.stack[-1], "player", None)
                who = "chance" if receiver is None else f"->P{receiver}"
            print(f"{number:5d}  {who:>6}  {chrononauts.move_to_str(state, move)}")
    print()
    print(chrononauts.describe(playout.final))
    print(f"{len(playout.moves)} moves; returns {chrononauts.returns(playout.final)}")


if __name__ == "__main__":
    main()
