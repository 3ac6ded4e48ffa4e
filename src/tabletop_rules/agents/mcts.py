"""Monte Carlo tree search (UCT) for perfect-information games, with chance nodes.

`MCTS` is an agent like any other (`agent(state, rng) -> move`), so `core.random_playout` and
`simulate` take it, on a process pool or a Dask cluster too: it is a frozen, picklable `attrs`
record that holds the game module's *name* and imports the game when it is called.

```python
import random

from tabletop_rules import valandris
from tabletop_rules.agents import MCTS

agent = MCTS("tabletop_rules.valandris", iterations=200)
state = valandris.new_game()
move = agent(state, random.Random(7))      # the same move for the same seed, every time
```

The choices, and their constants:

* **Selection: UCB1** (UCT, Kocsis and Szepesvári 2006). At a node where player `p` acts, the
  child maximising `q + exploration * sqrt(ln N / n)` is followed, where `n` is the child's visits,
  `N` the node's, and `q` the child's mean return *for `p`*, scaled into [0, 1] by the smallest and
  largest return seen so far in this search (the games' returns are scores, not wins: a Valandris
  score runs from 1 to 101). `exploration` defaults to `sqrt(2)`, UCB1's constant for [0, 1]
  rewards. Ties go to the move expanded first.
* **Returns per player.** Every rollout's whole `returns` tuple is backed up; each edge keeps the
  total of its acting player's entry, so the search works for any number of players (one for
  Trismaugistus, two for Valandris) and for games that are not zero-sum.
* **Chance nodes** are sampled, never enumerated: each visit draws one outcome with its exact
  probability through `core.sample_outcome`, and a child node is kept per outcome drawn.
* **Expansion with progressive widening** (Coulom 2007; Chaslot et al. 2008): a decision node
  visited `N` times may have at most `max(1, floor(widening * N ** widening_exponent))` expanded
  moves (defaults 2 and 0.5: 2 moves after one visit, 20 after 100, 40 after 400), and the next
  move expanded is drawn uniformly among the unexpanded ones. Where few moves are legal this is
  plain UCT after a few visits; where many are (Valandris' placements, Trismaugistus' setup menu)
  the search deepens instead of spending its budget on one try of every move. `widening=None`
  expands every move before any is revisited (plain UCT).
* **Rollouts** play to the end of the game with uniformly random decisions, or with
  `rollout_agent` (a picklable agent, for example `valandris.agents.greedy_agent`); with
  `max_rollout_depth` they stop after that many decisions and `evaluate` (a picklable function,
  for example `valandris.evaluation.estimated_returns`) scores the state reached, in the units of
  `returns`.
* **Budget**: `iterations` (reproducible) and/or `seconds` (wall-clock time: the number of
  iterations then depends on the machine and its load, so **a time budget is not
  reproducible**). The search stops at the first limit reached and always runs one iteration.
* **Randomness** comes from the `rng` argument alone (expansion order, chance outcomes, rollouts):
  with an iteration budget the same state and seed give the same move, in any process.
* **Final move**: the root move visited most often; ties go to the higher mean return, then to the
  earlier move in `legal_moves` order. A state with a single legal move returns it at once,
  without searching and without drawing from `rng`.
* Every decision searches a fresh tree (no tree is kept between moves: the agent is immutable).
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
from tabletop_rules.core.playout import sample_outcome
from tabletop_rules.core.protocol import CHANCE, Game

__all__ = ["MCTS"]


class _Node:
    """One state of the search tree: decision (with edges), chance (with a child per outcome) or terminal."""

    __slots__ = ("actor", "edges", "outcomes", "state", "untried", "visits")

    def __init__(self, game: Game[Any, Any], state: Any) -> None:
        self.state = state
        self.actor = game.current_player(state)
        self.visits = 0
        self.edges: dict[Any, Edge] = {}
        self.outcomes: dict[Any, _Node] = {}
        self.untried: list[Any] = (
            list(game.legal_moves(state)) if self.actor is not None and self.actor is not CHANCE else []
        )


@attrs.frozen
class MCTS:
    """UCT search with random rollouts for perfect-information games (see the module docstring).

    Attributes:
        game: the game module, or its importable name (`"tabletop_rules.valandris"`); only the
            name is kept, so the agent pickles.
        iterations: the number of search iterations per decision (reproducible): an `int` in
            1..10^8 (`MAX_ITERATIONS`), or `None` for a time budget alone.
        seconds: a wall-clock limit per decision (not reproducible), in (0, 86400]; with both
            limits, the first one reached stops the search.
        exploration: the UCB1 constant, applied to returns scaled into [0, 1], in (0, 1000].
        widening: the progressive-widening constant, in (0, 1000] (`None`: expand every move,
            plain UCT).
        widening_exponent: the progressive-widening exponent, in (0, 1].
        rollout_agent: the decision policy of rollouts (uniformly random when `None`); it must
            be picklable to run the agent on a process pool.
        evaluate: `evaluate(state) -> estimated returns` (one finite number per player, on the
            scale of `returns`), the value of a rollout cut at `max_rollout_depth`; it must be
            picklable to run the agent on a process pool.
        max_rollout_depth: the decisions a rollout plays before `evaluate` scores it (chance
            events not counted), an `int` in 0..10^4; 0 scores the new leaf at once.  Given
            with `evaluate` or not at all (`None`: rollouts play to the end).

    Every number is an `int` (not a `bool`) or a finite `float`, by exact type.

    Raises:
        InvalidOptionError: naming the argument: a missing budget, a number of the wrong type or
            out of its range, a `rollout_agent` that is not callable, a game name that cannot be
            imported, or a module that is not a game (no `GAME_INFO` or a protocol function).
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
        load_game(self.game)

    def spec(self) -> dict[str, Any]:
        """The agent's class and parameters as JSON-ready data (`agents.spec.agent_spec`).

        `simulate` stores it in a records file's header, so that a resumed run with other
        parameters is refused.
        """
        return search_spec(self, "tabletop_rules.agents.MCTS")

    def __call__(self, state: Any, rng: random.Random) -> Any:
        """The chosen move in `state`, a decision node of a perfect-information game.

        Raises:
            InvalidStateError: if `state` is not the game's `State`, is a chance node or the game
                is over.
            InvalidOptionError: if `rng` is not a `random.Random`.
        """
        game = load_game(self.game)
        check_decision(game, state, rng, "MCTS")
        root = _Node(game, state)
        legal = tuple(root.untried)
        if len(legal) == 1:
            return legal[0]
        bounds = Bounds()
        budget = Budget(self.iterations, self.seconds)
        while budget.more():
            self._iterate(game, root, rng, bounds)
            budget.done += 1
        return most_visited(legal, root.edges)

    def _iterate(self, game: Game[Any, Any], root: _Node, rng: random.Random, bounds: Bounds) -> None:
        """One iteration: select down the tree, expand one move, roll out, back the returns up."""
        node = root
        path: list[tuple[_Node, Edge, int]] = []
        expanded = False
        while node.actor is not None and not expanded:
            if node.actor is CHANCE:
                outcome = sample_outcome(game.chance_outcomes(node.state), rng)
                child = node.outcomes.get(outcome)
                if child is None:
                    child = node.outcomes[outcome] = _Node(game, game.apply(node.state, outcome))
                node.visits += 1
                node = child
                continue
            untried = node.untried
            if untried and len(node.edges) < allowed_children(
                node.visits, self.widening, self.widening_exponent
            ):
                index = rng.randrange(len(untried))
                move = untried[index]
                untried[index] = untried[-1]
                untried.pop()
                edge = node.edges[move] = Edge(_Node(game, game.apply(node.state, move)))
                expanded = True
            else:
                move, edge = ucb_pick(node.edges.items(), node.visits, bounds, self.exploration)
            path.append((node, edge, node.actor))
            node = edge.child
        if node.actor is None:
            values = tuple(game.returns(node.state))
        else:
            values = rollout(game, node.state, rng, self.rollout_agent, self.evaluate, self.max_rollout_depth)
        bounds.update(values)
        for parent, edge, actor in path:
            parent.visits += 1
            edge.visits += 1
            edge.total += values[actor]
