"""The machinery that `MCTS` and `ISMCTS` share: game lookup, budgets, statistics, UCB, rollouts.

Everything here lives only for the length of one decision: the trees are plain mutable objects built
and dropped inside one call of an agent, never reachable from a frozen object.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any

from tabletop_rules.core.errors import InvalidOptionError, TabletopRulesError
from tabletop_rules.core.playout import sample_outcome
from tabletop_rules.core.protocol import CHANCE, Game

RolloutAgent = Callable[[Any, random.Random], Any]
"""A picklable decision policy used inside rollouts: `agent(state, rng) -> move`."""

PROTOCOL_FUNCTIONS = (
    "new_game",
    "legal_moves",
    "apply",
    "current_player",
    "chance_outcomes",
    "is_terminal",
    "returns",
)


def module_name(game: str | ModuleType) -> str:
    """The importable name of a game given as a module or as its name (the agents store only the name)."""
    if isinstance(game, ModuleType):
        return game.__name__
    if not isinstance(game, str):
        raise TypeError(f"game must be a game module or its name, not {type(game).__name__}")
    return game


def load_game(name: str, extra: Sequence[str] = ()) -> Game[Any, Any]:
    """Import the game module `name` and check that it has the protocol functions (and `extra`).

    Raises:
        InvalidOptionError: if `name` cannot be imported.
        TypeError: if the module lacks a protocol function or one of `extra`.
    """
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        raise InvalidOptionError(f"game {name!r} cannot be imported: {exc}") from None
    missing = [f for f in (*PROTOCOL_FUNCTIONS, *extra) if not callable(getattr(module, f, None))]
    if missing:
        raise TypeError(f"{name} is not a game module for this agent: it has no {', '.join(missing)}")
    return module


def check_budget(iterations: int | None, seconds: float | None) -> None:
    """Check the search budget of an agent.

    Raises:
        InvalidOptionError: unless at least one limit is given and each given one is positive.
    """
    if iterations is None and seconds is None:
        raise InvalidOptionError("a search needs a budget: iterations=, seconds= or both")
    if iterations is not None and (type(iterations) is not int or iterations < 1):
        raise InvalidOptionError(f"iterations must be a positive int, not {iterations!r}")
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0 < seconds < math.inf
    ):
        raise InvalidOptionError(f"seconds must be a positive finite number, not {seconds!r}")


def check_positive(value: float, what: str) -> None:
    """Raises `InvalidOptionError` unless `value` is a finite positive number."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < math.inf:
        raise InvalidOptionError(f"{what} must be a positive finite number, not {value!r}")


def check_widening(instance: Any, attribute: Any, value: float | None) -> None:
    """The attrs validator of `widening`: `None` (plain UCT) or a finite positive number."""
    if value is not None:
        check_positive(value, "widening")


def check_search(
    iterations: int | None, seconds: float | None, exploration: float, widening_exponent: float
) -> None:
    """Check the search constants shared by `MCTS` and `ISMCTS`.

    Raises:
        InvalidOptionError: on a bad budget, a non-positive constant or an exponent above 1.
    """
    check_budget(iterations, seconds)
    check_positive(exploration, "exploration")
    check_positive(widening_exponent, "widening_exponent")
    if widening_exponent > 1:
        raise InvalidOptionError(f"widening_exponent must be at most 1, not {widening_exponent!r}")


def check_decision(game: Game[Any, Any], state: Any, agent: str) -> int:
    """The player to act in `state`; raises `TabletopRulesError` at a chance node or at the end."""
    actor = game.current_player(state)
    if actor is None or actor is CHANCE:
        where = "the game is over" if actor is None else "this is a chance node"
        raise TabletopRulesError(f"{agent} chooses decisions, but {where}")
    return actor


class Budget:
    """Counts iterations and watches the clock; `more()` says whether to run another iteration."""

    __slots__ = ("deadline", "done", "limit")

    def __init__(self, iterations: int | None, seconds: float | None) -> None:
        self.limit = iterations
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.done = 0

    def more(self) -> bool:
        if self.done == 0:
            return True  # always at least one iteration
        if self.limit is not None and self.done >= self.limit:
            return False
        return self.deadline is None or time.perf_counter() < self.deadline


class Bounds:
    """The smallest and largest return seen in this search, to scale values into [0, 1] for UCB."""

    __slots__ = ("high", "low")

    def __init__(self) -> None:
        self.low = math.inf
        self.high = -math.inf

    def update(self, values: Iterable[float]) -> None:
        for value in values:
            self.low = min(self.low, value)
            self.high = max(self.high, value)

    def scale(self, mean: float) -> float:
        span = self.high - self.low
        return (mean - self.low) / span if span > 0 else 0.5


class Edge:
    """The statistics of one move at one node: visits, the acting player's total return, availability."""

    __slots__ = ("available", "child", "total", "visits")

    def __init__(self, child: Any = None) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 1
        self.child = child

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


def allowed_children(visits: int, constant: float | None, exponent: float) -> float:
    """Progressive widening: how many moves a node visited `visits` times may have expanded."""
    if constant is None:
        return math.inf
    width: float = constant * float(visits) ** exponent
    return max(1, math.floor(width))


def ucb_pick(
    edges: Iterable[tuple[Any, Edge]], parent_visits: int | None, bounds: Bounds, exploration: float
) -> tuple[Any, Edge]:
    """The move with the highest UCB1 value (the first one on a tie).

    The count under the logarithm is `parent_visits` (the node's visits, for UCT) or, when it is
    `None`, each edge's availability (how often its move was legal when the node was visited: ISMCTS).
    """
    best: tuple[Any, Edge] | None = None
    best_value = -math.inf
    for move, edge in edges:
        parent = edge.available if parent_visits is None else parent_visits
        value = bounds.scale(edge.mean()) + exploration * math.sqrt(math.log(parent) / edge.visits)
        if value > best_value:
            best, best_value = (move, edge), value
    assert best is not None
    return best


def most_visited(legal: Sequence[Any], edges: dict[Any, Edge]) -> Any:
    """The legal move searched most often; ties go to the higher mean return, then to the earlier move."""
    best = legal[0]
    best_key: tuple[int, float] = (-1, -math.inf)
    for move in legal:
        edge = edges.get(move)
        if edge is None:
            continue
        key = (edge.visits, edge.mean())
        if key > best_key:
            best, best_key = move, key
    return best


def rollout(
    game: Game[Any, Any], state: Any, rng: random.Random, agent: RolloutAgent | None
) -> tuple[float, ...]:
    """Play `state` to the end (uniformly random decisions unless `agent` is given) and return `returns`."""
    is_terminal, current_player, apply = game.is_terminal, game.current_player, game.apply
    while not is_terminal(state):
        if current_player(state) is CHANCE:
            move = sample_outcome(game.chance_outcomes(state), rng)
        elif agent is None:
            moves = game.legal_moves(state)
            move = moves[rng.randrange(len(moves))]
        else:
            move = agent(state, rng)
        state = apply(state, move)
    return tuple(game.returns(state))
