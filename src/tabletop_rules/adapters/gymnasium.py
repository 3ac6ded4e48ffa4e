"""Any seat of any game of the library as a single-agent Gymnasium environment (the `gymnasium` extra).

```python
import gymnasium as gym
import tabletop_rules.adapters.gymnasium  # registers the environments
from tabletop_rules.valandris.agents import greedy_agent

env = gym.make("tabletop_rules/Valandris-v0", seat=1, opponents=greedy_agent, max_turns=30)
observation, info = env.reset(seed=0)
done = False
while not done:
    action = env.action_space.sample(info["action_mask"])
    observation, reward, terminated, truncated, info = env.step(action)
    done = terminated or truncated
```

`TabletopEnv(game, seat=0, opponents=None, **options)` plays one seat; the other
seats are played inside the environment by agents, functions `agent(state, rng)`
that return a legal move of the library's state (uniformly random by default;
`valandris.agents.greedy_agent`, `tabletop_rules.agents.MCTS(...)` or any other agent of the
library works). Chance is resolved inside too, with the game's exact
probabilities, and the opponents draw from the same `random.Random`, which
`reset(seed=...)` seeds.

* **Ids**: `tabletop_rules/Valandris-v0`, `tabletop_rules/Chrononauts-v0`,
  `tabletop_rules/Trismaugistus-v0`, registered when this module is imported; `gymnasium.make`
  passes `seat`, `players`, `opponents`, `max_moves`, `illegal_reward`, `observation_type` and
  the game's options.
* **Actions**: `Discrete(num_actions(state))`, the game's stable action ids.
* **Action mask**: `info["action_mask"]` (int8, 1 for the legal ids), for
  `action_space.sample(mask)` and masked policies; `env.unwrapped.action_masks()` too.
* **Observations**: `Box(0, 1, (size,), float32)`, the seat's `observation_tensor`
  (`observation_type="observation"`, the default) or `information_state_tensor`
  (`"information_state"`, Chrononauts only), written by the game's numpy forms. Observations
  and `info["action_mask"]` are new arrays at every call: a caller may keep or change them.
* **Rewards**: at the end only, the seat's `returns`; zero before.
* **Termination** when the game is over, or after an illegal action, which gets
  `illegal_reward` (by default the game's lowest return).
* **Truncation** after `max_moves` atomic moves (every seat's and chance's), by default the
  game's `max_game_length` where it has one.
* **Rendering**: `render_mode="ansi"` gives the game's `describe`; `"rgb_array"` its SVG picture
  (`render_svg`; Chrononauts draws the seat's own view) as an `(H, W, 3)` `uint8` array, with
  the `render` extra (without it, `"rgb_array"` raises an `ImportError` naming the extra).

`opponents` is one agent for every other seat, or a mapping from seat to agent (seats it
leaves out play at random).

Actions are `int`s, NumPy integers (what `action_space.sample()` gives) or 0-d NumPy
integer arrays (what some policies' `predict` gives), converted to an exact `int`. An id of
the action space that is not legal ends the episode with `illegal_reward`, as above; an
id outside the action space raises `IllegalMoveError`, and a bool, a float, a string
or `None` raises `InvalidMoveError`, both changing nothing.

Options are checked when the environment is made, each raising `InvalidOptionError`
that names it: the game (`"valandris"`, `"chrononauts"`, `"trismaugistus"` or its
module), `seat` (an `int` seat of the game), `opponents` (`None`, an agent, or a
mapping from other seats to agents), `max_moves` (an `int` >= 1, or `None`),
`illegal_reward` (a finite number), `render_mode` (`"ansi"`, `"rgb_array"` or `None`),
`observation_type` (`"observation"`, or `"information_state"` where the game has one),
`players` and the game's options (checked by the game).

Order and bad requests: `step` and `render` before the first `reset`, and a seed that
is not `None` or an `int` in `0 .. 2**64 - 1`, raise `InvalidRequestError`; `step` after
the episode ended raises `IllegalMoveError`. An opponent that raises, or returns a move
that cannot be played (`IllegalMoveError`/`InvalidMoveError` naming its seat), leaves
the environment as it was before that `step` (or, during `reset`, with no episode:
reset again).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

from tabletop_rules.adapters import _raster, _rl
from tabletop_rules.core.errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidRequestError,
)
from tabletop_rules.core.extras import require
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.playout import random_agent
from tabletop_rules.core.protocol import CHANCE

if TYPE_CHECKING:
    import gymnasium
    import numpy as np
else:
    gymnasium = require("gymnasium", "tabletop_rules.adapters.gymnasium")
    np = require("numpy", "tabletop_rules.adapters.gymnasium")

__all__ = ["ENV_IDS", "Agent", "TabletopEnv"]

Agent = Callable[[Any, random.Random], Any]
"""An opponent: the library's state and a `random.Random` in, a legal move out."""

ENV_IDS = {
    "tabletop_rules/Valandris-v0": "valandris",
    "tabletop_rules/Chrononauts-v0": "chrononauts",
    "tabletop_rules/Trismaugistus-v0": "trismaugistus",
}
"""The registered environment ids, with their games."""


class TabletopEnv(gymnasium.Env[Any, Any]):
    """One seat of a game as a Gymnasium environment (see the module docstring).

    Attributes:
        game: the game module.
        seat: the seat the learner plays.
        initial: the first state of every episode.
        state_now: the library's state of the episode in progress.
        observation_type: `"observation"` or `"information_state"`.
    """

    metadata: dict[str, Any] = {"render_modes": _raster.render_modes(), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str | ModuleType,
        seat: int = 0,
        opponents: Agent | Mapping[int, Agent] | None = None,
        *,
        render_mode: str | None = None,
        players: int | None = None,
        max_moves: int | None = None,
        illegal_reward: float | None = None,
        observation_type: str = "observation",
        **options: Any,
    ) -> None:
        """Check every option and build the environment (call `reset` before `step`).

        Raises:
            InvalidOptionError: for an unknown game, a bad seat, opponents, `max_moves`,
                `illegal_reward`, render mode, observation type, player count or game option
                (named in the message).
            ImportError: `render_mode="rgb_array"` without the `render` extra (the message names it).
        """
        self.game = _rl.game_module(game)
        self.render_mode = _rl.check_render_mode(render_mode)
        if self.render_mode == "rgb_array":
            _raster.rasterizer()  # the extra, or an ImportError naming it, now rather than at render
        max_moves = _rl.check_max_moves(max_moves)
        if illegal_reward is not None:
            illegal_reward = _rl.check_reward(illegal_reward)
        self.initial = _rl.new_state(self.game, players, options)
        seats = len(self.game.returns(self.initial))
        if type(seat) is not int or not 0 <= seat < seats:
            raise InvalidOptionError(f"seat must be an integer in 0..{seats - 1}, not {brief(seat)}")
        self.seat = seat
        self._opponents = _opponents(self.game, opponents, seat, seats)
        if illegal_reward is None:
            illegal_reward = _rl.lowest_return(self.game, self.initial)
            if illegal_reward is None:
                raise InvalidOptionError("the game's lowest return is unbounded: pass illegal_reward")
        self.illegal_reward = float(illegal_reward)
        self.max_moves = self.game.max_game_length(self.initial) if max_moves is None else max_moves
        encoding = _rl.encoding(self.game, observation_type, self.initial)
        self.observation_type = observation_type
        self._encode = encoding.observe
        self._mask = encoding.mask
        self._legal: Any = None  # the legal mask of `_legal_of`, never handed out (copies are)
        self._legal_of: Any = None
        self._num_actions = self.game.num_actions(self.initial)
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, (encoding.size,), np.float32)
        self.action_space = gymnasium.spaces.Discrete(self._num_actions)
        self._rng = random.Random(0)
        self._moves = 0
        self._done = False
        self._started = False  # step and render need a reset first
        self.state_now = self.initial

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """A new game, played up to the seat's first decision; `seed` seeds chance and the opponents.

        Raises:
            InvalidRequestError: `seed` is not `None` or an `int` in `0 .. 2**64 - 1`, or `options`
                is not a dict or `None` (nothing changes).
        """
        seed = _rl.check_reset(seed, options)
        self._started = False  # until the opponents have played up to the seat's first decision
        super().reset(seed=seed)
        rng = random.Random(int(self.np_random.integers(2**63)))
        self.state_now, self._moves = self._advance(self.initial, 0, rng)
        self._rng = rng
        self._done = False
        self._started = True
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play the seat's action id, then the other seats and chance up to its next decision.

        An id of the action space that is not legal here ends the episode with `illegal_reward`.

        Raises:
            InvalidRequestError: before the first `reset`.
            IllegalMoveError: if the episode is over (call `reset`), or `action` is outside the
                action space.
            InvalidMoveError: if `action` is not an integer.
        """
        if not self._started:
            raise InvalidRequestError("call reset() before step()")
        state = self.state_now
        if self._done or self.game.is_terminal(state) or self._cut(self._moves):
            raise IllegalMoveError("the episode is over: call reset()")
        action = _rl.action_id(action, self._num_actions)
        if not self._legal_mask()[action]:
            self._done = True
            return self._observation(), self.illegal_reward, True, False, self._info()
        move = self.game.action_to_move(state, action)
        saved = self._rng.getstate()
        try:
            after, moves = self._advance(self.game.apply(state, move), self._moves + 1, self._rng)
        except BaseException:
            self._rng.setstate(saved)  # an opponent failed: the step is undone
            raise
        self.state_now, self._moves = after, moves
        terminated = bool(self.game.is_terminal(after))
        reward = float(self.game.returns(after)[self.seat]) if terminated else 0.0
        return self._observation(), reward, terminated, self._cut(moves) and not terminated, self._info()

    def _advance(self, state: Any, moves: int, rng: random.Random) -> tuple[Any, int]:
        """Chance and the other seats move until the seat decides, the game ends or is cut.

        Returns the state reached and the atomic moves made in the episode; nothing is stored.
        """
        game = self.game
        while not game.is_terminal(state) and not self._cut(moves):
            actor = game.current_player(state)
            if actor == self.seat:
                break
            if actor is CHANCE:
                state, applied = _rl.resolve_chance(game, state, rng)
                moves += applied
                continue
            move = self._opponents[actor](state, rng)
            try:
                state = game.apply(state, move)
            except (IllegalMoveError, InvalidMoveError) as error:
                raise type(error)(
                    f"the agent of seat {actor} chose a move that cannot be played: {error}"
                ) from None
            moves += 1
        return state, moves

    def _cut(self, moves: int) -> bool:
        return self.max_moves is not None and moves >= self.max_moves

    def _observation(self) -> Any:
        """The seat's observation (or information state): a new array at every call."""
        return self._encode(self.state_now, self.seat)

    def _legal_mask(self) -> Any:
        """The legal mask of `state_now` (all zero where nobody decides), built once per state."""
        state = self.state_now
        if self._legal_of is not state:
            self._legal = self._mask(state)
            self._legal_of = state
        return self._legal

    def _info(self) -> dict[str, Any]:
        """`{"action_mask": ...}`: a new array at every call, all zero once the episode is over."""
        if self._started and not self._done and not self._cut(self._moves):
            return {"action_mask": self._legal_mask().copy()}  # zero at a terminal state too
        return {"action_mask": np.zeros(self._num_actions, np.int8)}

    def render(self) -> Any:
        """The current state: the game's `describe` (`"ansi"`) or its SVG picture as pixels (`"rgb_array"`).

        `"rgb_array"` gives an `(H, W, 3)` `numpy.uint8` array of the game's `render_svg`, drawn
        for the seat where the game draws one player's view (Chrononauts), rasterized by the
        `render` extra. Without a render mode: `None`, with Gymnasium's warning.

        Raises:
            InvalidRequestError: before the first `reset`.
        """
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (use 'ansi' or 'rgb_array')")
            return None
        if not self._started:
            raise InvalidRequestError("call reset() before render()")
        if self.render_mode == "rgb_array":
            if self.game.GAME_INFO.name == "chrononauts":
                return _raster.rgb_array(self.game.render_svg(self.state_now, player=self.seat))
            return _raster.rgb_array(self.game.render_svg(self.state_now))
        return str(self.game.describe(self.state_now))

    def action_masks(self) -> Any:
        """The action mask of the current state (the method `sb3_contrib`'s masked algorithms call)."""
        return self._info()["action_mask"]


def _opponents(game: ModuleType, opponents: object, seat: int, seats: int) -> dict[int, Agent]:
    """The agent of every seat but `seat`: one for all, or a mapping from seat to agent (else random).

    Raises:
        InvalidOptionError: `opponents` is not `None`, an agent or such a mapping; or the mapping
            names a seat that is not another seat of the game, or maps one to a non-callable.
    """
    fallback = random_agent(game)
    others = [p for p in range(seats) if p != seat]
    if opponents is None:
        return dict.fromkeys(others, fallback)
    if isinstance(opponents, Mapping):
        chosen: dict[int, Agent] = {}
        for key, agent in opponents.items():
            if type(key) is not int or key not in others:
                raise InvalidOptionError(
                    f"opponents: {brief(key)} is not another seat of the game (the others are {others})"
                )
            if not callable(agent):
                raise InvalidOptionError(
                    f"opponents: the agent of seat {key} is not callable: {brief(agent)}"
                )
            chosen[key] = agent
        return {p: chosen.get(p, fallback) for p in others}
    if callable(opponents):
        return dict.fromkeys(others, opponents)
    raise InvalidOptionError(
        f"opponents must be None, an agent(state, rng) or a dict from seats to agents, not {brief(opponents)}"
    )


def _register() -> None:
    for env_id, name in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="tabletop_rules.adapters.gymnasium:TabletopEnv",
                kwargs={"game": name},
                disable_env_checker=False,
            )


_register()
