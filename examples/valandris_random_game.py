"""Print a readable seeded game of Valandris between two uniformly random players.

Usage: ``python examples/valandris_random_game.py [SEED]``
"""

from __future__ import annotations

import sys

from tabletop_rules import core, valandris


def main(seed: int = 1) -> None:
    game: core.Game[valandris.State, valandris.Move] = valandris
    playout = core.random_playout(game, seed)
    state = playout.initial
    print(f"Valandris, seed {seed}: uniformly random moves for both sides")
    for move in playout.moves:
        actor = game.current_player(state)
        who = "chance" if actor is core.CHANCE else ("Holy Spirit", "Valandris")[actor or 0]
        label = f"turn {state.turn:>3}" if state.turn else "setup   "
        print(f"  {label}  {who:<11}  {game.move_to_str(state, move)}")
        state = game.apply(state, move)
    print(valandris.describe_phase(state))
    print(f"returns (Holy Spirit, Valandris): {game.returns(state)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
