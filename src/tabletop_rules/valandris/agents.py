"""Simple baseline agents for Valandris: uniformly random, and one-ply greedy by graph distance.

An agent is a function ``agent(state, rng) -> move``; it draws randomness only
from ``rng`` (ties are broken there), so seeded games are reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

import networkx as nx

from tabletop_rules.valandris.board import BOARD, NUM_VERTICES
from tabletop_rules.valandris.moves import Move
from tabletop_rules.valandris.rules import apply, current_player, legal_moves
from tabletop_rules.valandris.state import HOLY_SPIRIT, Phase, State

__all__ = ["DISTANCE", "greedy_agent", "random_agent"]

Agent = Callable[[State, random.Random], Move]

DISTANCE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(lengths[u] for u in range(NUM_VERTICES))
    for _, lengths in sorted(nx.all_pairs_shortest_path_length(BOARD.graph))
)
"""``DISTANCE[u][v]``: the number of board edges between two vertices (any edge, any world)."""


def random_agent(state: State, rng: random.Random) -> Move:
    """Uniformly random among the legal moves."""
    return rng.choice(legal_moves(state))


def _pressure(state: State) -> tuple[int, ...]:
    """How close the creatures are to Valandris after a move: lower is better for the Holy Spirit."""
    if state.score is not None:
        return (-1000 if state.captured else 1000,)
    demon = state.demon
    assert demon is not None
    distances = sorted(DISTANCE[c][demon] for c in state.creatures)
    return (*distances, -state.sealed.bit_count())


def greedy_agent(state: State, rng: random.Random) -> Move:
    """One ply of lookahead by graph distance.

    The Holy Spirit picks the decision that brings its creatures closest to
    Valandris (a capture first); Valandris picks the vertex farthest from the
    nearest creatures.  Ties are broken by ``rng``.  Setup and chance-free
    details (declarations, seals) follow the same measure.
    """
    moves = legal_moves(state)
    if state.demon is None and state.phase is not Phase.PLACE_VALANDRIS:
        return rng.choice(moves)  # the Holy Spirit's setup: nothing to chase yet
    sign = 1 if current_player(state) == HOLY_SPIRIT else -1
    scored = [(tuple(sign * x for x in _pressure(apply(state, m))), i) for i, m in enumerate(moves)]
    best = min(score for score, _ in scored)
    return moves[rng.choice([i for score, i in scored if score == best])]
