"""The machinery that `MCTS` and `ISMCTS` share: game lookup, budgets, statistics, UCB, rollouts.

Everything here lives only for the length of one decision: the trees are plain mutable objects built
and dropped inside one call of an agent, never reachable from a frozen object.
"""

from __future__ import annotations

import importlib
import math
import random
import re
import time
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any, Final

from tabletop_rules.agents.spec import agent_spec
from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.playout import check_agent_call, sample_outcome
from tabletop_rules.core.protocol import CHANCE, Game, GameInfo

RolloutAgent = Callable[[Any, random.Random], Any]
"""A picklable decision policy used inside rollouts: `agent(state, rng) -> move`."""
Evaluate = Callable[[Any], Sequence[float]]
"""A picklable evaluation: `evaluate(state) -> estimated returns`, one finite number per player, on the
scale of the game's `returns`, for a state that is not over (a cut rollout's last state)."""

PROTOCOL_FUNCTIONS = (
    "new_game",
    "legal_moves",
    "apply",
    "current_player",
    "chance_outcomes",
    "is_terminal",
    "returns",
)

MAX_ITERATIONS: Final = 100_000_000
"""The largest iteration budget: each iteration adds a node, and 10^8 nodes already fill tens of GB."""
MAX_SECONDS: Final = 86_400
"""The longest time budget of one decision: a day."""
MAX_CONSTANT: Final = 1_000
"""The largest `exploration` and `widening` constants (UCB1's is sqrt(2); widening's is about 2)."""
MAX_DEPTH: Final = 10_000
"""The largest `max_rollout_depth`: far above any game's length in decisions."""
MAX_NAME: Final = 200
"""The longest game module name an agent takes."""
_MODULE_NAME: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")


def module_name(game: object) -> str:
    """The importable name of a game given as a module or as its name (the agents store only the name).

    Raises:
        InvalidOptionError: unless `game` is a module or a dotted module name (ASCII identifiers,
            at most `MAX_NAME` characters).
    """
    if isinstance(game, ModuleType):
        game = game.__name__
    elif type(game) is not str:
        raise InvalidOptionError(f"game must be a game module or its name, not {brief(game)}")
    if type(game) is not str or len(game) > MAX_NAME or not _MODULE_NAME.fullmatch(game):
        raise InvalidOptionError(f"game must be a dotted module name, not {brief(game)}")
    return game


def load_game(name: str, extra: Sequence[str] = ()) -> Game[Any, Any]:
    """Import the game module `name` and check that it is a game: `GAME_INFO` and the protocol functions.

    Raises:
        InvalidOptionError: if `name` cannot be imported (whatever the import raises), or the
            module is not a game: it has no `GAME_INFO`, or lacks a protocol function or one of
            `extra`.
    """
    try:
        module = importlib.import_module(name)
    except Exception as exc:  # ImportError, an error in the module's own code, a bad name
        raise InvalidOptionError(f"game {brief(name)} cannot be imported ({type(exc).__name__})") from None
    if not isinstance(getattr(module, "GAME_INFO", None), GameInfo):
        raise InvalidOptionError(f"{brief(name)} is not a game module: it has no GAME_INFO")
    missing = [f for f in (*PROTOCOL_FUNCTIONS, *extra) if not callable(getattr(module, f, None))]
    if missing:
        raise InvalidOptionError(
            f"{brief(name)} is not a game module for this agent: it has no {', '.join(missing)}"
        )
    return module  # checked above: a module with the protocol functions


def check_number(value: object, what: str, high: float) -> None:
    """Raises `InvalidOptionError` unless `value` is an `int` (not a `bool`) or a `float` in (0, high]."""
    if type(value) not in (int, float) or not 0 < value <= high:  # type: ignore[operator]
        raise InvalidOptionError(f"{what} must be a number in (0, {high}], not {brief(value)}")


def check_search(
    iterations: object,
    seconds: object,
    exploration: object,
    widening: object,
    widening_exponent: object,
    rollout_agent: object,
    evaluate: object = None,
    max_rollout_depth: object = None,
) -> None:
    """Check the constructor arguments shared by `MCTS` and `ISMCTS`, each by exact type and range.

    Numbers are `int` (never a `bool`) or `float` (finite: NaN fails every comparison and
    infinity is above every bound); subclasses such as numpy scalars are refused.

    Raises:
        InvalidOptionError: naming the first bad argument: no budget, `iterations` not an int in
            1..`MAX_ITERATIONS`, `seconds` not in (0, `MAX_SECONDS`], `exploration` or `widening`
            not in (0, `MAX_CONSTANT`], `widening_exponent` not in (0, 1], a `rollout_agent` or
            `evaluate` that is not callable, a `max_rollout_depth` that is not an int in
            0..`MAX_DEPTH`, or one of `evaluate` and `max_rollout_depth` without the other.
    """
    if iterations is None and seconds is None:
        raise InvalidOptionError("a search needs a budget: iterations=, seconds= or both")
    if iterations is not None and (type(iterations) is not int or not 1 <= iterations <= MAX_ITERATIONS):
        raise InvalidOptionError(
            f"iterations must be an int in 1..{MAX_ITERATIONS} or None, not {brief(iterations)}"
        )
    if seconds is not None:
        check_number(seconds, "seconds", MAX_SECONDS)
    check_number(exploration, "exploration", MAX_CONSTANT)
    if widening is not None:
        check_number(widening, "widening", MAX_CONSTANT)
    check_number(widening_exponent, "widening_exponent", 1)
    if rollout_agent is not None and not callable(rollout_agent):
        raise InvalidOptionError(
            f"rollout_agent must be an agent(state, rng) or None, not {brief(rollout_agent)}"
        )
    if evaluate is not None and not callable(evaluate):
        raise InvalidOptionError(
            f"evaluate must be a function evaluate(state) or None, not {brief(evaluate)}"
        )
    if max_rollout_depth is not None and (
        type(max_rollout_depth) is not int or not 0 <= max_rollout_depth <= MAX_DEPTH
    ):
        raise InvalidOptionError(
            f"max_rollout_depth must be an int in 0..{MAX_DEPTH} or None, not {brief(max_rollout_depth)}"
        )
    if (evaluate is None) != (max_rollout_depth is None):
        raise InvalidOptionError(
            "evaluate and max_rollout_depth go together: a rollout cut at a depth is scored by the "
            "evaluation, and an evaluation is used only where a rollout is cut"
        )


def check_decision(game: Game[Any, Any], state: Any, rng: object, agent: str) -> int:
    """The player to act in `state`, after checking the call.

    Raises:
        InvalidStateError: if `state` is not of the game's `State` class (when the module has one),
            or is a chance node or a finished game (there is no decision to make).
        InvalidOptionError: if `rng` is not a `random.Random`.
    """
    kind = getattr(game, "State", None)
    check_agent_call(agent, game.__name__, kind if isinstance(kind, type) else type(state), state, rng)  # type: ignore[attr-defined]
    actor = game.current_player(state)
    if actor is None or actor is CHANCE:
        where = "the game is over" if actor is None else "this is a chance node"
        raise InvalidStateError(f"{agent} chooses decisions, but {where}")
    return actor


def search_spec(agent: Any, name: str) -> dict[str, Any]:
    """The JSON-ready description of an `MCTS` or `ISMCTS` (`name`): its class and parameters.

    `evaluate` and `max_rollout_depth` appear only when they are given, so an agent without them is
    described as before they existed (a records file written then still resumes).
    """
    described = {
        "agent": name,
        "game": agent.game,
        "iterations": agent.iterations,
        "seconds": agent.seconds,
        "exploration": agent.exploration,
        "widening": agent.widening,
        "widening_exponent": agent.widening_exponent,
        "rollout_agent": agent_spec(agent.rollout_agent),
    }
    if agent.evaluate is not None:
        described["evaluate"] = agent_spec(agent.evaluate)
        described["max_rollout_depth"] = agent.max_rollout_depth
    return described


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
    game: Game[Any, Any],
    state: Any,
    rng: random.Random,
    agent: RolloutAgent | None,
    evaluate: Evaluate | None = None,
    depth: int | None = None,
) -> tuple[float, ...]:
    """Play `state` on (uniformly random decisions unless `agent` is given) and return its value.

    The value is `returns` at the end of the game or, when `depth` is given, `evaluate` of the state
    reached after `depth` decisions (chance events are not counted), whichever comes first.

    Raises:
        InvalidOptionError: if `evaluate` returns anything but as many finite numbers as `returns`.
    """
    is_terminal, current_player, apply = game.is_terminal, game.current_player, game.apply
    played = 0
    while not is_terminal(state):
        actor = current_player(state)
        if actor is CHANCE:
            move = sample_outcome(game.chance_outcomes(state), rng)
        elif depth is not None and played >= depth:
            assert evaluate is not None  # checked by the constructor: they go together
            return evaluated(game, state, evaluate)
        elif agent is None:
            moves = game.legal_moves(state)
            move = moves[rng.randrange(len(moves))]
            played += 1
        else:
            move = agent(state, rng)
            played += 1
        state = apply(state, move)
    return tuple(game.returns(state))


def evaluated(game: Game[Any, Any], state: Any, evaluate: Evaluate) -> tuple[float, ...]:
    """`evaluate(state)` as a tuple of floats, checked: one finite number per entry of `returns`.

    Raises:
        InvalidOptionError: if the evaluation has the wrong length or a value that is not a finite
            `int` or `float`.
    """
    values = tuple(evaluate(state))
    width = len(game.returns(state))
    if len(values) != width or not all(type(v) in (int, float) and math.isfinite(v) for v in values):
        raise InvalidOptionError(
            f"evaluate must return {width} finite numbers (one per player), not {brief(values)}"
        )
    return values
