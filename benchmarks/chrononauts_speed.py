"""Random-playout speed of Chrononauts: atomic moves per second and games per second.

Usage (from the project's root)::

    .venv/bin/python benchmarks/chrononauts_speed.py --players 4 --games 200
    .venv/bin/python benchmarks/chrononauts_speed.py --players 4 --compare   # + OpenSpiel's tic-tac-toe

Every move counts: decisions, Memo-window passes and chance outcomes alike, all through the
public protocol (``legal_moves``/``chance_outcomes``, ``apply``) as ``random_playout`` plays them.
``--compare`` first runs OpenSpiel's ``python_tic_tac_toe`` (uniformly random, 5 seconds) in the
same process, since a shared machine's speed drifts from minute to minute.
"""

from __future__ import annotations

import argparse
import random
import time

from tabletop_rules import chrononauts
from tabletop_rules.core import random_playout


def tic_tac_toe_steps_per_second(seconds: float = 5.0) -> float:
    """OpenSpiel's Python tic-tac-toe, uniformly random playouts (needs the ``openspiel`` extra)."""
    import pyspiel
    from open_spiel.python import games  # noqa: F401  (registers the python_* games)

    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--variant", default="chrononauts", choices=chrononauts.VARIANTS)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--compare", action="store_true", help="also time OpenSpiel's python_tic_tac_toe")
    args = parser.parse_args()
    peer = tic_tac_toe_steps_per_second() if args.compare else None
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
    if peer is not None:
        print(f"OpenSpiel python_tic_tac_toe: {peer:,.0f} steps/s; ratio {moves / elapsed / peer:.2f}")


if __name__ == "__main__":
    main()
