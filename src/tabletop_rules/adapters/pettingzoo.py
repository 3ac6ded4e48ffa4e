"""Every game of the library as a PettingZoo AEC environment (the `pettingzoo` extra).

```python
from tabletop_rules.adapters import pettingzoo as tz

env = tz.env("chrononauts", players=3, max_turns=50)
env.reset(seed=42)
for agent in env.agent_iter():
    observation, reward, termination, truncation, info = env.last()
    if termination or truncation:
        action = None
    else:
        action = env.action_space(agent).sample(observation["action_mask"])
    env.step(action)
env.close()
```

The environments follow PettingZoo's classic board games (`chess_v6`,
`connect_four_v3`):

* **Creation**: `env(name, **options)` (wrapped), `raw_env(name, **options)`.
* **Names**: `tabletop_valandris_v0`, `tabletop_chrononauts_v0`, `tabletop_trismaugistus_v0`
  (`metadata["name"]`).
* **Agents**: `player_0` ... `player_{n-1}`, the game's seats (Valandris: the Holy Spirit, then
  Valandris; Trismaugistus: the one human reporter).
* **Actions**: `Discrete(num_actions(state))`, the game's stable action ids (its `actions` module).
  An action is an `int`, a NumPy integer (what `action_space.sample()` gives) or a 0-d NumPy
  integer array, converted to an exact `int`; a bool, a float, a string or `None` (for an
  agent still playing) raises `InvalidMoveError`.
* **Observations**: `Dict(observation=Box(0, 1, (size,), float32), action_mask=Box(0, 1,
  (num_actions,), int8))`: the game's `observation_tensor` for that seat (the layouts are in
  `docs/reinforcement-learning.md`), and the legal actions of the agent to act (all zero for
  the others).
* **Chance**: resolved inside the environment with the game's exact probabilities
  (`core.sample_outcome`), from a `random.Random` seeded by `reset(seed=...)`.
* **Rewards**: at the end only, the game's `returns`; zero before.
* **Termination** when the game is over; **truncation** (of every agent) after `max_moves` atomic
  moves, by default the game's `max_game_length` where it has one.
* **Illegal actions**: an id of the action space that is not legal here ends the game with
  `env`: its agent gets `illegal_reward` (by default the lowest return of the game; PettingZoo's
  `TerminateIllegalWrapper`); `raw_env` raises `IllegalMoveError`. An id outside the action space
  raises `IllegalMoveError` with both, and changes nothing (PettingZoo's classic games assert).
* **Rendering**: `render_mode="ansi"` gives the game's `describe`.
* **Parallel API**: no (`is_parallelizable=False`): the games are sequential.

Options are the game's options (`valandris.Options` fields, `chrononauts.Options`
fields, ...), plus `players` for the player count, `max_moves` (an `int` >= 1, or
`None`), `illegal_reward` (a finite number) and `render_mode` (`"ansi"` or `None`);
a bad one raises `InvalidOptionError` naming it. `reset(options=...)` ignores its
options (a dict or `None`): a game's options are fixed when the environment is made.

Order and bad requests, with `env` and `raw_env` alike: `step`, `observe`, `last`
and `render` before the first `reset` raise `InvalidRequestError`, and so do
`observe`, `observation_space` and `action_space` of an agent that is not one of
`possible_agents`, `last` once every agent has stepped out of a finished game, and
a seed that is not `None` or an `int` in `0 .. 2**64 - 1`. A terminated or
truncated agent steps with `None`; anything else raises `InvalidMoveError`. After
every agent has stepped out, `env.step` warns and does nothing (PettingZoo's
`OrderEnforcingWrapper`), `raw_env.step` raises `InvalidRequestError`. Wrong
attributes read before `reset` (`env.rewards`...) raise PettingZoo's
`AttributeError`. A refused call changes nothing.

Version history: v0, the first version.
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import TYPE_CHECKING, Any

from tabletop_rules.adapters import _rl
from tabletop_rules.core.errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidRequestError,
)
from tabletop_rules.core.extras import require
from tabletop_rules.core.jsonio import brief

if TYPE_CHECKING:
    import gymnasium
    import numpy as np
    import pettingzoo
    from pettingzoo.utils import wrappers
else:
    pettingzoo = require("pettingzoo", "tabletop_rules.adapters.pettingzoo")
    gymnasium = require("gymnasium", "tabletop_rules.adapters.pettingzoo")
    np = require("numpy", "tabletop_rules.adapters.pettingzoo")
    wrappers = require("pettingzoo.utils.wrappers", "tabletop_rules.adapters.pettingzoo")

__all__ = ["env", "raw_env"]


def env(
    name: str | ModuleType,
    *,
    render_mode: str | None = None,
    players: int | None = None,
    max_moves: int | None = None,
    illegal_reward: float | None = None,
    **options: Any,
) -> Any:
    """The AEC environment of game `name`, wrapped as PettingZoo's classic games are.

    The wrappers are `TerminateIllegalWrapper` (an illegal action ends the game with
    `illegal_reward` for its player, by default the game's lowest return), then subclasses of
    `AssertOutOfBoundsWrapper` and `OrderEnforcingWrapper` that raise the library's typed
    errors where PettingZoo's assert (see the module docstring).

    Raises:
        InvalidOptionError: for an unknown game or a bad option (named in the message), or when
            the game's lowest return is unknown (Valandris without a turn cap) and
            `illegal_reward` is not given.
    """
    if illegal_reward is not None:
        illegal_reward = _rl.check_reward(illegal_reward)
    raw = raw_env(name, render_mode=render_mode, players=players, max_moves=max_moves, **options)
    if illegal_reward is None:
        illegal_reward = _rl.lowest_return(raw.game, raw.initial)
        if illegal_reward is None:
            raise InvalidOptionError(
                f"the lowest return of {raw.metadata['name']} is unbounded: pass illegal_reward"
            )
    wrapped = wrappers.TerminateIllegalWrapper(raw, illegal_reward=illegal_reward)
    wrapped = _CheckedActions(wrapped)
    return _CheckedOrder(wrapped)


class _CheckedActions(wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """`AssertOutOfBoundsWrapper` with typed errors: the action becomes an exact `int` id or is refused."""

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise InvalidMoveError(f"{agent} is done: its only action is None, not {brief(action)}")
            super().step(None)
            return
        super().step(_rl.action_id(action, self.action_space(agent).n))


class _CheckedOrder(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """`OrderEnforcingWrapper` with typed errors: a call that needs a game before `reset` is refused."""

    def _require_reset(self, call: str) -> None:
        if not self._has_reset:
            raise InvalidRequestError(f"call reset() before {call}")

    def step(self, action: Any) -> None:
        self._require_reset("step()")
        super().step(action)

    def observe(self, agent: Any) -> Any:
        self._require_reset("observe()")
        return super().observe(agent)

    def last(self, observe: bool = True) -> Any:
        self._require_reset("last()")
        if not self.agents:
            raise InvalidRequestError("the game is over and every agent has stepped out: call reset()")
        return super().last(observe)

    def render(self) -> Any:
        self._require_reset("render()")
        return super().render()

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        self._require_reset("agent_iter()")
        return super().agent_iter(max_iter)


class raw_env(pettingzoo.AECEnv):  # type: ignore[misc]
    """A game of the library as an unwrapped PettingZoo AEC environment (see the module docstring).

    Attributes:
        game: the game module.
        initial: the first state of every episode.
        state_now: the library's state of the episode in progress (immutable; keep it to undo).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's name)
        "render_modes": ["ansi"],
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        name: str | ModuleType,
        *,
        render_mode: str | None = None,
        players: int | None = None,
        max_moves: int | None = None,
        **options: Any,
    ) -> None:
        """Raises `InvalidOptionError` for an unknown game or a bad option, named in the message."""
        super().__init__()
        self.game = _rl.game_module(name)
        self.render_mode = _rl.check_render_mode(render_mode)
        max_moves = _rl.check_max_moves(max_moves)
        self.initial = _rl.new_state(self.game, players, options)
        self._tensor, size_of = _rl.tensor_functions(self.game)
        self.max_moves = self.game.max_game_length(self.initial) if max_moves is None else max_moves
        seats = len(self.game.returns(self.initial))
        self.metadata = {**raw_env.metadata, "name": f"tabletop_{self.game.GAME_INFO.name}_v0"}
        self.possible_agents = [f"player_{p}" for p in range(seats)]
        self.agents = list(self.possible_agents)
        self._index = {agent: p for p, agent in enumerate(self.possible_agents)}
        size = size_of(self.initial)
        actions = self.game.num_actions(self.initial)
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: gymnasium.spaces.Discrete(actions) for agent in self.possible_agents}
        self._num_actions = actions
        self._seeder: random.Random | None = None
        self._rng = random.Random(0)
        self._moves = 0
        self._started = False  # step, observe, last and render need a reset first
        self.state_now = self.initial
        self._reset_episode()

    def observation_space(self, agent: str) -> Any:
        """The observation space of `agent` (`InvalidRequestError` if it is not one of `possible_agents`)."""
        return self.observation_spaces[self.possible_agents[_rl.check_agent_seat(self._index, agent)]]

    def action_space(self, agent: str) -> Any:
        """The action space of `agent` (`InvalidRequestError` if it is not one of `possible_agents`)."""
        return self.action_spaces[self.possible_agents[_rl.check_agent_seat(self._index, agent)]]

    def _require_reset(self, call: str) -> None:
        if not self._started:
            raise InvalidRequestError(f"call reset() before {call}")

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation tensor and, for the agent to act, its action mask.

        Raises:
            InvalidRequestError: before the first `reset`, or for an agent that is not one of
                `possible_agents`.
        """
        self._require_reset("observe()")
        seat = _rl.check_agent_seat(self._index, agent)
        observation = np.asarray(self._tensor(self.state_now, seat), dtype=np.float32)
        mask = np.zeros(self._num_actions, np.int8)
        if agent == self.agent_selection and not self._over():
            mask[_rl.legal_action_ids(self.game, self.state_now)] = 1
        return {"observation": observation, "action_mask": mask}

    def last(self, observe: bool = True) -> Any:
        """PettingZoo's `last`, refused before `reset` and once every agent has stepped out."""
        self._require_reset("last()")
        if not self.agents:
            raise InvalidRequestError("the game is over and every agent has stepped out: call reset()")
        return super().last(observe)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; `seed` seeds the chance outcomes (then every later unseeded reset follows it).

        Raises:
            InvalidRequestError: `seed` is not `None` or an `int` in `0 .. 2**64 - 1`, or `options`
                is not a dict or `None` (the game is unchanged).
        """
        seed = _rl.check_reset(seed, options)
        if seed is not None:
            self._seeder = random.Random(seed)
        elif self._seeder is None:
            self._seeder = random.Random()
        self._rng = random.Random(self._seeder.getrandbits(64))
        self._reset_episode()
        self._started = True

    def _reset_episode(self) -> None:
        self.agents = list(self.possible_agents)
        self.state_now, self._moves = _rl.resolve_chance(self.game, self.initial, self._rng)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._after_move()

    def step(self, action: Any) -> None:
        """Play the selected agent's action id, then every chance node up to the next decision.

        A terminated or truncated agent steps with `None` (PettingZoo's protocol).

        Raises:
            InvalidRequestError: before the first `reset`, or once every agent has stepped out.
            InvalidMoveError: `action` is not an integer (or, for an agent that is done, not `None`).
            IllegalMoveError: the action id is outside the action space or not legal here (the
                wrapped `env` ends the game for an id of the action space instead).
        """
        self._require_reset("step()")
        if not self.agents:
            raise InvalidRequestError("the game is over and every agent has stepped out: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise InvalidMoveError(f"{agent} is done: its only action is None, not {brief(action)}")
            self._was_dead_step(None)
            return
        state = self.state_now
        move = self.game.action_to_move(state, _rl.action_id(action, self._num_actions))
        if not self.game.is_legal(state, move):
            raise IllegalMoveError(f"action {brief(action)} is not legal for {agent}")
        state = self.game.apply(state, move)
        self.state_now, applied = _rl.resolve_chance(self.game, state, self._rng)
        self._moves += 1 + applied
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._after_move()
        self._accumulate_rewards()

    def _over(self) -> bool:
        return bool(self.game.is_terminal(self.state_now)) or self._cut()

    def _cut(self) -> bool:
        return self.max_moves is not None and self._moves >= self.max_moves

    def _after_move(self) -> None:
        """Select the next agent, or end the game: terminal returns, or a truncation."""
        state = self.state_now
        if self.game.is_terminal(state):
            for agent, value in zip(self.possible_agents, self.game.returns(state), strict=True):
                self.rewards[agent] = float(value)
                self.terminations[agent] = True
            return
        if self._cut():
            self.truncations = dict.fromkeys(self.agents, True)
            return
        self.agent_selection = self.possible_agents[self.game.current_player(state)]

    def render(self) -> str | None:
        """The game's `describe` of the current state (`render_mode="ansi"`), else `None` with a warning.

        Raises:
            InvalidRequestError: before the first `reset`.
        """
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (use render_mode='ansi')")
            return None
        self._require_reset("render()")
        return str(self.game.describe(self.state_now))

    def close(self) -> None:
        """Nothing to release."""
