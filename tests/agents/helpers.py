"""Decision states of seeded games, shared by the agents' tests."""

from __future__ import annotations

import random

from tabletop_rules import chrononauts
from tabletop_rules.chrononauts.heuristic import heuristic_agent
from tabletop_rules.core import CHANCE
from tabletop_rules.core.playout import sample_outcome


def chrononauts_decisions(seed: int, count: int, players: int = 2) -> list[chrononauts.State]:
    """Decision states (each with a choice) of a game played by heuristic agents."""
    state = chrononauts.new_game(players=players)
    rng = random.Random(seed)
    found: list[chrononauts.State] = []
    while not chrononauts.is_terminal(state) and len(found) < count:
        if chrononauts.current_player(state) is CHANCE:
            state = chrononauts.apply(state, sample_outcome(chrononauts.chance_outcomes(state), rng))
            continue
        if len(chrononauts.legal_moves(state)) > 1:
            found.append(state)
        state = chrononauts.apply(state, heuristic_agent(state, rng))
    return found
