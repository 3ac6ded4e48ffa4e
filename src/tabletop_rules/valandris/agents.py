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

from tabletop_rules.agents import MCTS
from tabletop_rules.agents.levels import check_level
from tabletop_rules.core.errors import InvalidStateError
from tabletop_rules.core.playout import check_agent_call
from tabletop_rules.core.protocol import CHANCE
from tabletop_rules.valandris.evaluation import DISTANCE, estimated_returns
from tabletop_rules.valandris.moves import Move
from tabletop_rules.valandris.rules import apply, current_player, legal_moves
from tabletop_rules.valandris.state import HOLY_SPIRIT, Phase, State

__all__ = ["DISTANCE", "LEVEL_SEARCH", "greedy_agent", "opponent", "random_agent"]

Agent = Callable[[State, random.Random], Move]


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


LEVEL_SEARCH: Final = {"medium": (100, None), "hard": (100, 4)}
"""Per search level: (MCTS iterations, rollout depth cut with `evaluation.estimated_returns`, or None
for random rollouts to the end)."""


def opponent(level: str, *, seconds: float | None = None) -> Agent:
    """The Valandris opponent of a level, for either side: ``"easy"``, ``"medium"`` or ``"hard"``.

    * ``"easy"``: `greedy_agent` (one ply by graph distance);
    * ``"medium"``: `MCTS` with 100 iterations and random rollouts to the end of the game;
    * ``"hard"``: `MCTS` with 100 iterations, `greedy_agent` rollouts cut after 4 decisions and
      scored by `valandris.evaluation.estimated_returns`.

    The iteration budgets make every level reproducible under a seed; ``seconds`` caps the time of
    one decision on top of them (the moves then depend on the machine).

    Raises:
        InvalidOptionError: an unknown level, or ``seconds`` not a number in (0, 86400] or None.
    """
    chosen = check_level(level, seconds)
    if chosen == "easy":
        return greedy_agent
    iterations, depth = LEVEL_SEARCH[chosen]
    if depth is None:
        return MCTS("tabletop_rules.valandris", iterations=iterations, seconds=seconds)
    return MCTS(
        "tabletop_rules.valandris",
        iterations=iterations,
        seconds=seconds,
        rollout_agent=greedy_agent,
        evaluate=estimated_returns,
        max_rollout_depth=depth,
    )
