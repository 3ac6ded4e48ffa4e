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
from typing import Any, Final

import attrs

from tabletop_rules.agents import MCTS
from tabletop_rules.agents.levels import check_level
from tabletop_rules.agents.spec import agent_spec
from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.playout import check_agent_call
from tabletop_rules.core.protocol import CHANCE
from tabletop_rules.valandris.evaluation import DISTANCE, capture_chance, capture_hazard, estimated_returns
from tabletop_rules.valandris.moves import Move
from tabletop_rules.valandris.rules import apply, current_player, legal_moves
from tabletop_rules.valandris.state import HOLY_SPIRIT, Phase, State

__all__ = [
    "DISTANCE",
    "LEVEL_SEARCH",
    "SETUP_ROLLOUT_DEPTH",
    "Tactics",
    "greedy_agent",
    "opponent",
    "random_agent",
]

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


_VALANDRIS_PHASES: Final = frozenset({Phase.PLACE_VALANDRIS, Phase.VALANDRIS, Phase.BONUS})
_TURN_PHASES: Final = frozenset({Phase.LEVIATHAN, Phase.UNICORN_SEAL, Phase.UNICORN, Phase.ARCHANGEL})


@attrs.frozen
class Tactics:
    """Exact one-turn tactics (`evaluation.capture_chance`) over a search: the hard level.

    * **Valandris** (his placement, his turn, a bonus step) takes the move after which the Holy
      Spirit's coming turn captures him with the lowest chance, then the lowest
      `evaluation.capture_hazard` (escape room, distances, seals); ties are broken by ``rng``.
    * **The Holy Spirit**, inside its turn, takes the move with the highest capture chance when
      that chance is at least ``threshold``; otherwise (and for its declarations) it asks
      ``search``, and for its setup ``setup_search`` (by default ``search``).

    Attributes:
        search: the agent for the Holy Spirit's other decisions (`opponent` gives `MCTS` with
            `greedy_agent` rollouts cut at 4 decisions and `evaluation.estimated_returns`).
        setup_search: the agent for the Holy Spirit's setup (placements, seals, first declaration),
            or ``None`` for ``search``.  `opponent` gives the same `MCTS` with rollouts cut at 16
            decisions: cut at 4 during the setup, a rollout would be scored before Valandris is
            placed, where the evaluation has nothing to measure.
        threshold: the capture chance, in (0, 1], at which a capture line is taken over the search.

    A frozen, picklable record; the same state and ``rng`` state give the same move.

    Raises:
        InvalidOptionError: ``search`` or ``setup_search`` is not callable, or ``threshold`` is not a
            float or int in (0, 1].
    """

    search: Agent
    setup_search: Agent | None = None
    threshold: float = 0.5

    def __attrs_post_init__(self) -> None:
        if not callable(self.search):
            raise InvalidOptionError(f"search must be an agent (a callable), not {brief(self.search)}")
        if self.setup_search is not None and not callable(self.setup_search):
            raise InvalidOptionError(
                f"setup_search must be an agent (a callable) or None, not {brief(self.setup_search)}"
            )
        value = self.threshold
        if type(value) not in (int, float) or not 0 < value <= 1:
            raise InvalidOptionError(f"threshold must be a number in (0, 1], not {brief(value)}")

    def __call__(self, state: State, rng: random.Random) -> Move:
        """The move of the player to act (see the class docstring).

        Raises:
            InvalidStateError: if ``state`` is not a Valandris state with a decision to make.
            InvalidOptionError: if ``rng`` is not a ``random.Random``.
        """
        _check_decision(state, rng, "Tactics")
        moves = legal_moves(state)
        if len(moves) == 1:
            return moves[0]
        phase = state.phase
        memo: dict[State, float] = {}
        if phase in _VALANDRIS_PHASES:
            scored = [
                (capture_chance(after, memo), capture_hazard(after), index)
                for index, after in enumerate(apply(state, move) for move in moves)
            ]
            best = min(scored)[:2]
            return moves[rng.choice([index for *key, index in scored if tuple(key) == best])]
        if phase in _TURN_PHASES:
            chances = [capture_chance(apply(state, move), memo) for move in moves]
            top = max(chances)
            if top >= self.threshold:
                return moves[rng.choice([i for i, chance in enumerate(chances) if chance == top])]
        elif phase.is_setup and self.setup_search is not None:
            return self.setup_search(state, rng)
        return self.search(state, rng)

    def spec(self) -> dict[str, Any]:
        """The agent's class and parameters as JSON data (`agents.agent_spec`)."""
        return {
            "agent": "tabletop_rules.valandris.agents.Tactics",
            "search": agent_spec(self.search),
            "setup_search": agent_spec(self.setup_search),
            "threshold": self.threshold,
        }


SETUP_ROLLOUT_DEPTH: Final = 16
"""The hard level's rollout depth at the Holy Spirit's setup: past Valandris' placement (V-SETUP-*)."""
LEVEL_SEARCH: Final = {"medium": (100, 4), "hard": (100, 4)}
"""Per search level: (MCTS iterations, the rollout depth cut with `evaluation.estimated_returns`)."""


def opponent(level: str, *, seconds: float | None = None) -> Agent:
    """The Valandris opponent of a level, for either side: ``"easy"``, ``"medium"`` or ``"hard"``.

    * ``"easy"``: `greedy_agent` (one ply by graph distance);
    * ``"medium"``: `MCTS` with 100 iterations, `greedy_agent` rollouts cut after 4 decisions and
      scored by `valandris.evaluation.estimated_returns`;
    * ``"hard"``: `Tactics`, exact one-turn captures (`valandris.evaluation.capture_chance`) over
      the medium level's search, whose rollouts reach `SETUP_ROLLOUT_DEPTH` decisions at the setup.

    The iteration budgets make every level reproducible under a seed; ``seconds`` caps the time of
    one decision on top of them (the moves then depend on the machine).

    Raises:
        InvalidOptionError: an unknown level, or ``seconds`` not a number in (0, 86400] or None.
    """
    chosen = check_level(level, seconds)
    if chosen == "easy":
        return greedy_agent
    iterations, depth = LEVEL_SEARCH[chosen]
    search = MCTS(
        "tabletop_rules.valandris",
        iterations=iterations,
        seconds=seconds,
        rollout_agent=greedy_agent,
        evaluate=estimated_returns,
        max_rollout_depth=depth,
    )
    if chosen == "medium":
        return search
    return Tactics(search, attrs.evolve(search, max_rollout_depth=SETUP_ROLLOUT_DEPTH))
