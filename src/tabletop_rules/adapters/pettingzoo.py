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
  (num_actions,), int8))`: the seat's encoding (the layouts are in
  `docs/reinforcement-learning.md`), and the legal actions of the agent to act (all zero for
  the others). `observation_type="observation"` (the default) is the game's
  `observation_tensor`; `"information_state"` its `information_state_tensor`, the seat's view
  plus a summary of the history it has read (Chrononauts only; `size` follows). Both are
  written by the game's numpy forms (`tensors.observation_array`, `actions.legal_action_mask`),
  and both arrays are new at every `observe`/`last`: a caller may keep or change them.
* **Chance**: resolved inside the environment with the game's exact probabilities
  (`core.sample_outcome`), from a `random.Random` seeded by `reset(seed=...)`.
* **Rewards**: at the end only, the game's `returns`; zero before.
* **Termination** when the game is over; **truncation** (of every agent) after `max_moves` atomic
  moves, by default the game's `max_game_length` where it has one.
* **Illegal actions**: an id of the action space that is not legal here ends the game with
  `env`: its agent gets `illegal_reward` (by default the lowest return of the game; PettingZoo's
  `TerminateIllegalWrapper`); `raw_env` raises `IllegalMoveError`. An id outside the action space
  raises `IllegalMoveError` with both, and changes nothing (PettingZoo's classic games assert).
* **Rendering**: `render_mode="ansi"` gives the game's `describe`; `"rgb_array"` its SVG picture
  (`render_svg`, a spectator's view) as an `(H, W, 3)` `uint8` array, with the `render` extra
  (listed in `metadata["render_modes"]` only when it is installed; without it, making the
  environment with `"rgb_array"` raises an `ImportError` naming the extra).
* **Parallel API**: no (`is_parallelizable=False`): the games are sequential.

Options are the game's options (`valandris.Options` fields, `chrononauts.Options`
fields, ...), plus `players` for the player count, `max_moves` (an `int` >= 1, or
`None`), `illegal_reward` (a finite number), `render_mode` (`"ansi"`, `"rgb_array"` or
`None`) and `observation_type` (`"observation"`, or `"information_state"` where the game
has one); a bad one raises `InvalidOptionError` naming it (and the allowed values).
`reset(options=...)` ignores its options (a dict or `None`): a game's options are fixed
when the environment is made.

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

The wrappers are PettingZoo's own classes (subclassed), so `isinstance` checks and
`env.unwrapped` work as with the classic games; they read the raw environment's
attributes directly rather than through one `__getattr__` per layer, check the action's
range with the same test as `Discrete.contains` without building a NumPy scalar, and
judge legality from the raw environment's own mask of the state (built once per state)
rather than from the last observation. Rewards, terminations and truncations are
written only when the game ends (they are zero and false before).

Version history: v0, the first version (`observation_type` and `"rgb_array"` were added
to it without changing the defaults' observations).
"""

from __future__ import annotations

import random
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
    observation_type: str = "observation",
    **options: Any,
) -> Any:
    """The AEC environment of game `name`, wrapped as PettingZoo's classic games are.

    The wrappers are subclasses of PettingZoo's `TerminateIllegalWrapper` (an illegal action
    ends the game with `illegal_reward` for its player, by default the game's lowest return),
    `AssertOutOfBoundsWrapper` and `OrderEnforcingWrapper`, in that order, that raise the
    library's typed errors where PettingZoo's assert, and read the environment's state directly
    instead of through each layer's `__getattr__` (see the module docstring).

    Raises:
        InvalidOptionError: for an unknown game or a bad option (named in the message), or when
            the game's lowest return is unknown (Valandris without a turn cap) and
            `illegal_reward` is not given.
        ImportError: `render_mode="rgb_array"` without the `render` extra (the message names it).
    """
    if illegal_reward is not None:
        illegal_reward = _rl.check_reward(illegal_reward)
    raw = raw_env(
        name,
        render_mode=render_mode,
        players=players,
        max_moves=max_moves,
        observation_type=observation_type,
        **options,
    )
    if illegal_reward is None:
        illegal_reward = _rl.lowest_return(raw.game, raw.initial)
        if illegal_reward is None:
            raise InvalidOptionError(
                f"the lowest return of {raw.metadata['name']} is unbounded: pass illegal_reward"
            )
    return _CheckedOrder(_CheckedActions(_TerminateIllegal(raw, illegal_reward=illegal_reward)))


class _Direct:
    """The attributes every step reads, taken from the raw environment in one lookup.

    PettingZoo's wrappers forward an attribute they lack through `__getattr__`, one layer at a
    time (three layers: three calls and three string checks per read, at every `last` and
    `agent_iter` step). These properties read the raw environment directly; `_ready` says
    whether they may (the outer layer refuses them before `reset`, through PettingZoo's
    `__getattr__` and its `AttributeError`).
    """

    _raw: raw_env

    def _ready(self) -> bool:
        return True

    def _read(self, name: str) -> Any:
        if not self._ready():
            raise AttributeError(name)  # Python then calls the wrapper's __getattr__
        return getattr(self._raw, name)

    @property
    def agent_selection(self) -> str:
        return self._read("agent_selection")  # type: ignore[no-any-return]

    @property
    def agents(self) -> list[str]:
        return self._read("agents")  # type: ignore[no-any-return]

    @property
    def terminations(self) -> dict[str, bool]:
        return self._read("terminations")  # type: ignore[no-any-return]

    @property
    def truncations(self) -> dict[str, bool]:
        return self._read("truncations")  # type: ignore[no-any-return]

    @property
    def rewards(self) -> dict[str, float]:
        return self._read("rewards")  # type: ignore[no-any-return]

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        return self._read("infos")  # type: ignore[no-any-return]

    @property
    def _cumulative_rewards(self) -> dict[str, float]:
        return self._raw._cumulative_rewards


class _TerminateIllegal(_Direct, wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    """`TerminateIllegalWrapper` that reads legality from the environment's own mask of the state.

    PettingZoo's wrapper keeps the last observation of the agent to act and reads its
    `action_mask`; the raw environment keeps that same mask (one per state, built once), so this
    wrapper neither stores observations nor builds one to step. An illegal id goes through
    PettingZoo's own code (the warning, `illegal_reward`, every agent terminated).
    """

    def __init__(self, env: raw_env, illegal_reward: float) -> None:
        super().__init__(env, illegal_reward=illegal_reward)
        self._raw = env

    def observe(self, agent: Any) -> Any:
        return self._raw.observe(agent)

    def step(self, action: Any) -> None:
        raw = self._raw
        agent = raw.agent_selection
        if (
            not self._terminated
            and not raw.terminations[agent]
            and not raw.truncations[agent]
            and not raw._legal_mask()[action]
        ):
            self._prev_obs: Any = {"action_mask": raw._legal_mask()}  # PettingZoo's illegal branch
            super().step(action)
            return
        self._prev_obs = None
        if raw.terminations[agent] or raw.truncations[agent]:
            raw.step(action)  # a dead step (None, else InvalidMoveError)
        else:
            raw._play(action)  # an exact, legal id: `_CheckedActions` converted it, the mask said legal


class _CheckedActions(_Direct, wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """`AssertOutOfBoundsWrapper` with typed errors: the action becomes an exact `int` id or is refused.

    The range check is `_rl.action_id`'s (the same test as `Discrete.contains`, without building
    a NumPy scalar per step).
    """

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self._raw = env.unwrapped

    def step(self, action: Any) -> None:
        raw = self._raw
        agent = raw.agent_selection
        if raw.terminations[agent] or raw.truncations[agent]:
            if action is not None:
                raise InvalidMoveError(f"{agent} is done: its only action is None, not {brief(action)}")
            self.env.step(None)
            return
        self.env.step(_rl.action_id(action, raw._num_actions))


class _CheckedOrder(_Direct, wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """`OrderEnforcingWrapper` with typed errors: a call that needs a game before `reset` is refused."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self._raw = env.unwrapped

    def _ready(self) -> bool:
        return bool(self._has_reset)

    def _require_reset(self, call: str) -> None:
        if not self._has_reset:
            raise InvalidRequestError(f"call reset() before {call}")

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """PettingZoo's `reset`, marking the environment reset only once the reset succeeded."""
        self.env.reset(seed=seed, options=options)
        self._has_reset = True
        self._has_updated = True

    def step(self, action: Any) -> None:
        self._require_reset("step()")
        if not self._raw.agents:
            super().step(action)  # PettingZoo's warning; nothing changes
            return
        self._has_updated = True
        self.env.step(action)

    def observe(self, agent: Any) -> Any:
        self._require_reset("observe()")
        return self._raw.observe(agent)  # the layers below forward it unchanged

    def last(self, observe: bool = True) -> Any:
        """PettingZoo's `last`: the observation, cumulative reward, termination, truncation and info."""
        self._require_reset("last()")
        raw = self._raw
        if not raw.agents:
            raise InvalidRequestError("the game is over and every agent has stepped out: call reset()")
        agent = raw.agent_selection
        return (
            raw.observe(agent) if observe else None,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            raw.infos[agent],
        )

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
        observation_type: `"observation"` or `"information_state"`.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's name)
        "render_modes": _raster.render_modes(),
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
        observation_type: str = "observation",
        **options: Any,
    ) -> None:
        """Raises `InvalidOptionError` for an unknown game or a bad option, named in the message.

        `render_mode="rgb_array"` without the `render` extra raises `ImportError` naming it.
        """
        super().__init__()
        self.game = _rl.game_module(name)
        self.render_mode = _rl.check_render_mode(render_mode)
        if self.render_mode == "rgb_array":
            _raster.rasterizer()  # the extra, or an ImportError naming it, now rather than at render
        max_moves = _rl.check_max_moves(max_moves)
        self.initial = _rl.new_state(self.game, players, options)
        encoding = _rl.encoding(self.game, observation_type, self.initial)
        self.observation_type = observation_type
        self._encode = encoding.observe
        self._mask = encoding.mask
        self.max_moves = self.game.max_game_length(self.initial) if max_moves is None else max_moves
        seats = len(self.game.returns(self.initial))
        self.metadata = {**raw_env.metadata, "name": f"tabletop_{self.game.GAME_INFO.name}_v0"}
        self.possible_agents = [f"player_{p}" for p in range(seats)]
        self.agents = list(self.possible_agents)
        self._index = {agent: p for p, agent in enumerate(self.possible_agents)}
        actions = self.game.num_actions(self.initial)
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(0.0, 1.0, (encoding.size,), np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: gymnasium.spaces.Discrete(actions) for agent in self.possible_agents}
        self._num_actions = actions
        self._legal: Any = None  # the legal mask of `_legal_of`, never handed out (copies are)
        self._legal_of: Any = None
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

    def _legal_mask(self) -> Any:
        """The legal mask of `state_now` (all zero where nobody decides), built once per state."""
        state = self.state_now
        if self._legal_of is not state:
            self._legal = self._mask(state)
            self._legal_of = state
        return self._legal

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation (or information state) and, for the agent to act, its action mask.

        Both arrays are new at every call: a caller may keep or change them.

        Raises:
            InvalidRequestError: before the first `reset`, or for an agent that is not one of
                `possible_agents`.
        """
        if not self._started:
            raise InvalidRequestError("call reset() before observe()")
        seat = self._index.get(agent) if type(agent) is str else None
        if seat is None:
            seat = _rl.check_agent_seat(self._index, agent)  # raises
        if agent == self.agent_selection and not (self.terminations[agent] or self.truncations[agent]):
            mask = self._legal_mask().copy()
        else:
            mask = np.zeros(self._num_actions, np.int8)
        return {"observation": self._encode(self.state_now, seat), "action_mask": mask}

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
        action = _rl.action_id(action, self._num_actions)
        if not self._legal_mask()[action]:
            raise IllegalMoveError(f"action {brief(action)} is not legal for {agent}")
        self._play(action)

    def _play(self, action: int) -> None:
        """Play the legal action id `action` of the agent to act, then chance, then select who is next."""
        game = self.game
        state = game.apply(self.state_now, game.action_to_move(self.state_now, action))
        state, applied = _rl.resolve_chance(game, state, self._rng)
        self.state_now, self._moves = state, self._moves + 1 + applied
        # Rewards are zero until the end: only the last step sets and accumulates them.
        self._after_move()

    def _cut(self) -> bool:
        return self.max_moves is not None and self._moves >= self.max_moves

    def _after_move(self) -> None:
        """Select the next agent, or end the game: terminal returns, or a truncation."""
        state = self.state_now
        game = self.game
        if game.is_terminal(state):
            for agent, value in zip(self.possible_agents, game.returns(state), strict=True):
                self.rewards[agent] = float(value)
                self._cumulative_rewards[agent] += float(value)
                self.terminations[agent] = True
            return
        if self._cut():
            self.truncations = dict.fromkeys(self.agents, True)
            return
        self.agent_selection = self.possible_agents[game.current_player(state)]

    def render(self) -> Any:
        """The current state: the game's `describe` (`"ansi"`) or its SVG picture as pixels (`"rgb_array"`).

        `"rgb_array"` gives an `(H, W, 3)` `numpy.uint8` array of the game's `render_svg` (a
        spectator's view), rasterized by the `render` extra. Without a render mode: `None`, with
        Gymnasium's warning.

        Raises:
            InvalidRequestError: before the first `reset`.
        """
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (use 'ansi' or 'rgb_array')")
            return None
        self._require_reset("render()")
        if self.render_mode == "rgb_array":
            return _raster.rgb_array(self.game.render_svg(self.state_now))
        return str(self.game.describe(self.state_now))

    def close(self) -> None:
        """Nothing to release."""
