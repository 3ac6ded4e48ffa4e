"""A seeded solo game against the Trismaugistus automa, printed move by move with the automa's trace.

Uses the bundled FICTIONAL example pack (invented content, not the printed
game's cards).  The human's side is a stand-in: a seeded random choice among
the reports the engine offers (draft a die, take an experiment, end the turn
...).  At the table you would report what you actually did instead, and give
the engine the cards the automa actually turned up.

    python examples/trismaugistus_solo_game.py [seed] [difficulty]
"""

from __future__ import annotations

import random
import sys

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import CHANCE, sample_outcome


def play(seed: int, difficulty: int) -> tm.State:
    rng = random.Random(seed)
    state = tm.new_game()  # default rulings, fictional example pack
    print(tm.describe(state))
    setup = tm.parse_move(state, f"setup d{difficulty} exp=FX-S2 art=FX-AS3")
    state = tm.apply(state, setup)
    print(f"\n> {tm.move_to_str(state, setup)}")
    print(tm.format_trace(state.trace))
    while not tm.is_terminal(state):
        if tm.current_player(state) is CHANCE:
            move = sample_outcome(tm.chance_outcomes(state), rng)  # the card turned up at the table
        else:
            move = rng.choice(tm.legal_moves(state))  # the human's report
        print(f"> {tm.move_to_str(state, move)}")
        before_round = state.round
        state = tm.apply(state, move)
        automa_side = isinstance(move, tm.CardDrawn | tm.ObjectiveDie | tm.MasterpieceDrawn | tm.ArtifactDie)
        if automa_side or state.round != before_round or tm.is_terminal(state):
            print(tm.format_trace(state.trace))
        if state.phase == "round_start":
            print(f"\n{tm.describe(state)}\n")
    print()
    print(tm.describe(state))
    return state


if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    difficulty = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    final = play(seed, difficulty)
    print(f"\nreturns for player 0 (minus the automa's score): {tm.returns(final)}")
