"""Information-set Monte Carlo tree search for hidden-information games.

`ISMCTS` is single-observer ISMCTS (SO-ISMCTS, Cowling, Powley and Whitehouse 2012, "Information
Set Monte Carlo Tree Search"), with its statistics keyed by information sets. Like `MCTS`, it is a
frozen, picklable `attrs` agent (`agent(state, rng) -> move`) that holds the game module's name.

The game must provide, besides the protocol functions and `information_state_string`,
`resample_from_infostate(state, player, rng)` (OpenSpiel's name): a full state, drawn with the
right probabilities from `rng` alone, that `player` cannot tell from `state`.

```python
agent = ISMCTS("my_games.kuhn_poker", iterations=500)
move = agent(state, random.Random(3))
```

How one decision is searched, and the constants:

* **Determinize, then search.** Each iteration draws a determinization `d =
  resample_from_infostate(state, player, rng)` for the player to act at the root, and walks the
  tree in `d`: the tree never sees the real state, only what the player may see of it.
* **Nodes are information sets.** A decision node is keyed by `(actor, information_state_string(s,
  actor))` for the state `s` of the determinization in which it is reached, so the statistics of
  a node are shared by every state its acting player cannot tell apart, and each player's
  decisions are made on that player's own information (the opponent's hidden cards in the
  determinization included). Chance nodes are not stored: their outcomes are sampled with the
  exact probabilities through `core.sample_outcome`.
* **Availability.** A move may be legal in some determinizations and not in others; selection
  considers only the moves legal in the current one, and UCB1 takes the logarithm of each move's
  *availability* (how often it was legal when its node was visited) instead of the node's visits.
* **Selection, values, expansion and rollouts** are those of `MCTS`: UCB1 on returns scaled into
  [0, 1] by the extreme returns of the search (`exploration` defaults to `sqrt(2)`), each player's
  own entry of `returns` backed up, progressive widening (`widening=2`, `widening_exponent=0.5`),
  one new node per iteration, random (or `rollout_agent`) rollouts to the end, or cut after
  `max_rollout_depth` decisions and scored by `evaluate` (it sees the determinization).
* **Budget, randomness, final move** as for `MCTS`: an iteration budget is reproducible, a time
  budget (`seconds=`) is not; all randomness is drawn from the `rng` argument; the final move is
  the most visited legal root move (ties: higher mean, then `legal_moves` order).
* **Never peeking.** The decision uses `current_player`, `legal_moves` and
  `information_state_string` of the real state for the player to act, and
  `resample_from_infostate`. When the game's `resample_from_infostate` depends only on the
  player's information (as its contract says), two states with the same information state string
  and the same `rng` seed give the same move, and leave `rng` in the same state.
"""

from __future__ import annotations

import math
import random
from typing import Any

import attrs

from tabletop_rules.agents._search import (
    Bounds,
    Budget,
    Edge,
    Evaluate,
    RolloutAgent,
    allowed_children,
    check_decision,
    check_search,
    load_game,
    module_name,
    most_visited,
    rollout,
    search_spec,
    ucb_pick,
)
from tabletop_rules.core.errors import InvalidStateError
from tabletop_rules.core.playout import sample_outcome
from tabletop_rules.core.protocol import CHANCE, Game

__all__ = ["HIDDEN_INFORMATION_FUNCTIONS", "ISMCTS"]

HIDDEN_INFORMATION_FUNCTIONS = ("information_state_string", "resample_from_infostate")
"""The functions that `ISMCTS` needs from a game module besides the protocol functions."""


class _InfoNode:
    """The statistics of one information set: its visits and one `Edge` per expanded move."""

    __slots__ = ("edges", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.edges: dict[Any, Edge] = {}


@attrs.frozen
class ISMCTS:
    """Single-observer information-set MCTS over determinizations (see the module docstring).

    Attributes:
        game: the game module, or its importable name; only the name is kept, so the agent pickles.
        iterations: the number of search iterations (determinizations) per decision, an `int`
            in 1..10^8, or `None` for a time budget alone.
        seconds: a wall-clock limit per decision (not reproducible), in (0, 86400].
        exploration: the UCB1 constant, applied to returns scaled into [0, 1], in (0, 1000].
        widening: the progressive-widening constant, in (0, 1000] (`None`: expand every move first).
        widening_exponent: the progressive-widening exponent, in (0, 1].
        rollout_agent: the decision policy of rollouts in determinizations (uniformly random
            when `None`).
        evaluate: `evaluate(state) -> estimated returns` (one finite number per player, on the
            scale of `returns`), the value of a rollout cut at `max_rollout_depth`; it must be
            picklable to run the agent on a process pool.
        max_rollout_depth: the decisions a rollout plays before `evaluate` scores it (chance
            events not counted), an `int` in 0..10^4; 0 scores the new leaf at once.  Given
            with `evaluate` or not at all (`None`: rollouts play to the end).

    The checks are those of `MCTS`.

    Raises:
        InvalidOptionError: naming the argument: a missing budget, a number of the wrong type or
            out of its range, a `rollout_agent` that is not callable, a game name that cannot be
            imported, or a module that is not a game with `resample_from_infostate` and
            `information_state_string`.
    """

    game: str = attrs.field(converter=module_name)
    iterations: int | None = 1000
    seconds: float | None = None
    exploration: float = math.sqrt(2)
    widening: float | None = 2.0
    widening_exponent: float = 0.5
    rollout_agent: RolloutAgent | None = None
    evaluate: Evaluate | None = None
    max_rollout_depth: int | None = None

    def __attrs_post_init__(self) -> None:
        check_search(
            self.iterations,
            self.seconds,
            self.exploration,
            self.widening,
            self.widening_exponent,
            self.rollout_agent,
            self.evaluate,
            self.max_rollout_depth,
        )
        load_game(self.game, HIDDEN_INFORMATION_FUNCTIONS)

    def spec(self) -> dict[str, Any]:
        """The agent's class and parameters as JSON-ready data (`agents.spec.agent_spec`).

        `simulate` stores it in a records file's header, so that a resumed run with other
        parameters is refused.
        """
        return search_spec(self, "tabletop_rules.agents.ISMCTS")

    def __call__(self, state: Any, rng: random.Random) -> Any:
        """The chosen move of the player to act in `state`, from that player's information only.

        Raises:
            InvalidStateError: if `state` is not the game's `State`, is a chance node or the game
                is over, or if the game's `resample_from_infostate` returns a state the player can
                tell from `state`.
            InvalidOptionError: if `rng` is not a `random.Random`.
        """
        game = load_game(self.game, HIDDEN_INFORMATION_FUNCTIONS)
        player = check_decision(game, state, rng, "ISMCTS")
        legal = tuple(game.legal_moves(state))
        if len(legal) == 1:
            return legal[0]
        info = game.information_state_string  # type: ignore[attr-defined]
        resample = game.resample_from_infostate  # type: ignore[attr-defined]
        root = _InfoNode()
        seen = info(state, player)
        table: dict[tuple[int, str], _InfoNode] = {(player, seen): root}
        bounds = Bounds()
        budget = Budget(self.iterations, self.seconds)
        while budget.more():
            determinization = resample(state, player, rng)
            if info(determinization, player) != seen:
                raise InvalidStateError(
                    f"{self.game}.resample_from_infostate gave a state that player {player} can tell "
                    "from the real one (its information_state_string differs)"
                )
            self._iterate(game, table, determinization, rng, bounds)
            budget.done += 1
        return most_visited(legal, root.edges)

    def _iterate(
        self,
        game: Game[Any, Any],
        table: dict[tuple[int, str], _InfoNode],
        state: Any,
        rng: random.Random,
        bounds: Bounds,
    ) -> None:
        """One iteration in one determinization: select, expand one node, roll out, back up."""
        info = game.information_state_string  # type: ignore[attr-defined]
        path: list[tuple[_InfoNode, Edge, int]] = []
        while True:
            actor = game.current_player(state)
            if actor is None:
                values = tuple(game.returns(state))
                break
            if actor is CHANCE:
                state = game.apply(state, sample_outcome(game.chance_outcomes(state), rng))
                continue
            key = (actor, info(state, actor))
            node = table.get(key)
            if node is None:
                table[key] = _InfoNode()
                values = rollout(game, state, rng, self.rollout_agent, self.evaluate, self.max_rollout_depth)
                break
            legal = game.legal_moves(state)
            present = [(move, node.edges[move]) for move in legal if move in node.edges]
            for _, edge in present:
                edge.available += 1
            if len(present) < len(legal) and (
                not present
                or len(node.edges) < allowed_children(node.visits, self.widening, self.widening_exponent)
            ):
                untried = [move for move in legal if move not in node.edges]
                move = untried[rng.randrange(len(untried))]
                edge = node.edges[move] = Edge()
            else:
                move, edge = ucb_pick(present, None, bounds, self.exploration)
            path.append((node, edge, actor))
            state = game.apply(state, move)
        bounds.update(values)
        for node, edge, actor in path:
            node.visits += 1
            edge.visits += 1
            edge.total += values[actor]
