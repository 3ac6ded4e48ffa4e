"""Search agents that play any game of the library: `MCTS` and `ISMCTS`.

An agent is a callable `agent(state, rng) -> move` (the `core.Agent` type) that draws all its
randomness from `rng`, so `core.random_playout` and `simulate` take it, and the same seed gives
the same game. The agents here are frozen `attrs` records that hold the game module's *name* and
import the game when called, so they pickle and run on process pools and Dask clusters:

```python
from concurrent.futures import ProcessPoolExecutor

from tabletop_rules import valandris
from tabletop_rules.agents import MCTS
from tabletop_rules.simulate import simulate
from tabletop_rules.valandris.agents import greedy_agent

holy_spirit = MCTS("tabletop_rules.valandris", iterations=200)
with ProcessPoolExecutor() as pool:
    result = simulate(valandris, 20, agents=[holy_spirit, greedy_agent], executor=pool)
```

* `MCTS`: UCT with chance nodes, random rollouts and progressive widening, for
  perfect-information games (Valandris, Trismaugistus).
* `ISMCTS`: single-observer information-set MCTS over determinizations, for hidden-information
  games that provide `resample_from_infostate(state, player, rng)`.

Game-specific heuristic agents, evaluations and the strength levels live with their game
(`valandris.agents.greedy_agent`, `valandris.evaluation.estimated_returns`,
`<game>.agents.opponent(level)` for the `LEVELS` easy, medium and hard); the uniformly random agent
is `core.random_agent`.

The constructors check every argument by exact type and range (`MAX_ITERATIONS`, `MAX_SECONDS`,
`MAX_CONSTANT`) and that the game imports and is a game, raising `InvalidOptionError` naming the
argument; `agent_spec` gives the stable JSON description of any agent that `simulate` stores in a
records file.
"""

from __future__ import annotations

from tabletop_rules.agents._search import MAX_CONSTANT, MAX_DEPTH, MAX_ITERATIONS, MAX_SECONDS
from tabletop_rules.agents.ismcts import HIDDEN_INFORMATION_FUNCTIONS, ISMCTS
from tabletop_rules.agents.levels import LEVELS, check_level
from tabletop_rules.agents.mcts import MCTS
from tabletop_rules.agents.spec import agent_spec
from tabletop_rules.core.playout import Agent

__all__ = [
    "HIDDEN_INFORMATION_FUNCTIONS",
    "ISMCTS",
    "LEVELS",
    "MAX_CONSTANT",
    "MAX_DEPTH",
    "MAX_ITERATIONS",
    "MAX_SECONDS",
    "MCTS",
    "Agent",
    "agent_spec",
    "check_level",
]
