"""A whole solo game from the player's seat: what the player types, and what the engine answers.

Uses the bundled FICTIONAL example pack (invented content, not the printed
game's cards).  The player's reports are made by `heuristic_human` (one die a
turn, taking what the die gives access to), the automa's cards by a seeded
shuffle; at the table you type what happened instead.  The output is the
transcript shown on the documentation page "Play a solo game".

    python examples/trismaugistus_table_companion.py [seed] [human score]
"""

from __future__ import annotations

import random
import sys

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import CHANCE, sample_outcome
from tabletop_rules.trismaugistus.agents import heuristic_human

SETUP = "setup d2 exp=FX-S2 art=FX-AS3"


def transcript(seed: int, human_score: int) -> list[str]:
    rng = random.Random(seed)
    state = tm.new_game()
    lines = []
    text = SETUP
    while True:
        move = tm.parse_move(state, text)
        state = tm.apply(state, move)
        lines.append(f"> {text}")
        lines.extend(f"  {line}" for line in state.trace)
        if state.phase == "round_start":
            lines.extend(["", *tm.describe(state).splitlines(), ""])
        if tm.is_terminal(state):
            if isinstance(move, tm.MasterpieceDrawn):  # the player adds up their own score and reports it
                text = f"report score {human_score}"
                continue
            return [*lines, "", *tm.describe(state).splitlines()]
        if tm.current_player(state) is CHANCE:  # the card (or die) turned up at the table
            chosen = sample_outcome(tm.chance_outcomes(state), rng)
        else:  # the player's report of what they did
            chosen = heuristic_human(state, rng)
        text = tm.move_to_str(state, chosen)


if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    score = int(sys.argv[2]) if len(sys.argv) > 2 else 64
    print("\n".join(transcript(seed, score)))
