"""Simple baseline agents for Valandris: uniformly random, and one-ply greedy by graph distance.

An agent is a function ``agent(state, rng) -> move``; it draws randomness only
from ``rng`` (ties are broken there), so seeded games are reproducible.  Both
refuse, with a typed error, a state that is not a Valandris ``State``, a roll or a
finished game (there is no decision to make) and an ``rng`` that is not a
``random.Random``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

import networkx as nx

from tabletop_rules.core.errors import InvalidStateError
from tabletop_rules.core.playout import check_agent_call
from tabletop_rules.core.protocol import CHANCE
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


def _check_decision(state: object, rng: object, agent: str) -> None:
    """Refuse a call with no decision to make: another game's state, a roll, the end, or a bad ``rng``."""
    check_agent_call(agent, "Valandris", State, state, rng)
    actor = current_player(state)  # type: ignore[arg-type]  # a State, checked just above
    if actor is None or actor is CHANCE:
        raise InvalidStateError(
            f"{agent} chooses decisions, but {'the game is over' if actor is None else 'a roll is due'}"
        )


def random_agent(state: State, rng: random.Random) -> Move:
    """Uniformly random among the legal moves.

    Raises:
        InvalidStateError: if ``state`` is not a Valandris state with a decision to make.
        InvalidOptionError: if ``rng`` is not a ``random.Random``.
    """
    _check_decision(state, rng, "random_agent")
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

    Raises:
        InvalidStateError: if ``state`` is not a Valandris state with a decision to make.
        InvalidOptionError: if ``rng`` is not a ``random.Random``.
    """
    _check_decision(state, rng, "greedy_agent")
    moves = legal_moves(state)
    if state.demon is None and state.phase is not Phase.PLACE_VALANDRIS:
        return rng.choice(moves)  # the Holy Spirit's setup: nothing to chase yet
    sign = 1 if current_player(state) == HOLY_SPIRIT else -1
    scored = [(tuple(sign * x for x in _pressure(apply(state, m))), i) for i, m in enumerate(moves)]
    best = min(score for score, _ in scored)
    return moves[rng.choice([i for score, i in scored if score == best])]
