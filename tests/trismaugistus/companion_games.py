"""Seeded games written in the notation, for the tests of the table companion.

`seeded_game` plays a whole game with the engine's own stand-in for the player (`heuristic_human`, or any
agent) and a seeded shuffle of the automa's cards, and returns it as the lines a player would type, with
the state before each line.  The folder of the companion's parts (`examples/`) is put on the path, and
the parts are imported from there.
"""

from __future__ import annotations

import importlib
import random
import sys
from pathlib import Path
from typing import Any

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import CHANCE, sample_outcome
from tabletop_rules.trismaugistus.agents import heuristic_human

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "trismaugistus_companion.py"
if str(SCRIPT.parent) not in sys.path:
    sys.path.insert(0, str(SCRIPT.parent))

# the companion's parts, imported once `examples/` is on the path
_checklist = importlib.import_module("trismaugistus_table.checklist")
_completion = importlib.import_module("trismaugistus_table.completion")
_helptext = importlib.import_module("trismaugistus_table.helptext")
_notes = importlib.import_module("trismaugistus_table.notes")
checklist = _checklist.checklist
complete = _completion.complete
HEADS, PURPOSE, help_for = _helptext.HEADS, _helptext.PURPOSE, _helptext.help_for
menu_lines, syntax_table = _helptext.menu_lines, _helptext.syntax_table
notes = _notes.notes

SETUP = "setup d2 exp=FX-S2 art=FX-AS3"
OBJECTIVES = "setup d3 exp=FX-S1 art=FX-AS1 objectives=FX-O1,FX-O2,FX-O3,FX-O4"


def seeded_game(
    seed: int, setup: str = SETUP, score: int = 64, options: dict[str, Any] | None = None, agent: Any = None
) -> tuple[list[str], list[tm.State]]:
    """A whole game in notation, and the state before each line (the last: the final state)."""
    rng = random.Random(seed)
    agent = agent or heuristic_human
    state = tm.new_game(options)
    lines, states = [setup], [state]
    state = tm.apply(state, tm.parse_move(state, setup))
    while True:
        states.append(state)
        if tm.is_terminal(state):
            break
        chance = tm.current_player(state) is CHANCE
        move = sample_outcome(tm.chance_outcomes(state), rng) if chance else agent(state, rng)
        lines.append(tm.move_to_str(state, move))
        state = tm.apply(state, move)
    lines.append(f"report score {score}")
    states.append(tm.apply(state, tm.parse_move(state, lines[-1])))
    return lines, states
