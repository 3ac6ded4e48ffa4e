"""A policy over encoded observations as an agent of the library (needs numpy: the `arrays` extra).

RL code writes policies over tensors: `policy(observation, mask, rng) -> action id`, where
`observation` is the acting player's `numpy.float32` observation (or information state), `mask`
the `numpy.int8` legal-action mask and `rng` a `random.Random`. The rest of the library plays
with agents over states: `agent(state, rng) -> move` (`simulate`, `TabletopEnv`'s opponents,
`random_playout`). `policy_agent` turns the first into the second, so a learner's own policy can
be its opponent (self-play), or be evaluated by `simulate`:

```python
import random
from tabletop_rules import valandris
from tabletop_rules.adapters.policy import policy_agent

def first_legal(observation, mask, rng):
    return int(mask.argmax())

agent = policy_agent(valandris, first_legal)
state = valandris.new_game()
move = agent(state, random.Random(0))      # a legal Valandris move
```

The agent encodes the state for the player to act, calls the policy with the agent's own `rng`
(so seeded games stay reproducible), and converts the id back to a move. It is strict about
the answer: an exact integer (an `int`, a NumPy integer, a 0-d NumPy integer array) that is a
legal id here; anything else is refused with a typed error naming the policy's answer, and
nothing is played. The arrays are built fresh for every call, so a policy may keep or change
them. A `PolicyAgent` pickles when its policy does (for `simulate(..., executor=...)`), and its
`spec()` describes it in a records file's header.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any, Final

import attrs

from tabletop_rules.adapters import _rl
from tabletop_rules.agents.spec import agent_spec
from tabletop_rules.core.arrays import numpy
from tabletop_rules.core.errors import IllegalMoveError, InvalidOptionError, InvalidStateError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.protocol import CHANCE

__all__ = ["OBSERVATION_TYPES", "Policy", "PolicyAgent", "policy_agent"]

Policy = Callable[[Any, Any, random.Random], object]
"""`policy(observation, mask, rng) -> action id`: float32 and int8 NumPy arrays and a `random.Random` in."""

OBSERVATION_TYPES: Final = ("observation", "information_state")
"""What the policy sees: the observation tensor, or the information state (hidden-information games)."""

_ENCODERS: Final = {
    "observation": ("observation_array", "observation_tensor"),
    "information_state": ("information_state_array", "information_state_tensor"),
}


def policy_agent(
    game: str | ModuleType, policy: Policy, *, observation_type: str = "observation"
) -> PolicyAgent:
    """An agent `agent(state, rng) -> move` that asks `policy` for an action id of the player to act.

    Args:
        game: `"valandris"`, `"chrononauts"`, `"trismaugistus"` or one of those game modules.
        policy: `policy(observation, mask, rng) -> action id` (see the module docstring).
        observation_type: `"observation"` (every game) or `"information_state"` (Chrononauts).

    Raises:
        InvalidOptionError: for an unknown game, a `policy` that is not callable, or an
            `observation_type` the game has no encoding for.
    """
    return PolicyAgent(_rl.game_module(game).__name__, policy, observation_type)


@attrs.frozen(repr=False)
class PolicyAgent:
    """A policy over encoded observations, played as an agent of the library (see `policy_agent`).

    Attributes:
        game: the game's module name (`"tabletop_rules.valandris"`).
        policy: the policy function.
        observation_type: `"observation"` or `"information_state"`.
    """

    game: str
    policy: Policy
    observation_type: str = "observation"
    _module: Any = attrs.field(init=False, eq=False)
    _encode: Callable[..., Any] = attrs.field(init=False, eq=False)
    _fast: bool = attrs.field(init=False, eq=False)
    _mask: Callable[..., Any] | None = attrs.field(init=False, eq=False)

    def __attrs_post_init__(self) -> None:
        game: object = self.game
        if type(game) is str and game in _rl.GAMES.values():  # a module name (as __reduce__ gives)
            module = importlib.import_module(game)
        else:
            module = _rl.game_module(game)  # a short name or a game module, else InvalidOptionError
        if not callable(self.policy):
            raise InvalidOptionError(
                f"policy must be callable(observation, mask, rng), not {brief(self.policy)}"
            )
        kind = self.observation_type
        if type(kind) is not str or kind not in _ENCODERS:
            raise InvalidOptionError(
                f"observation_type must be one of {', '.join(OBSERVATION_TYPES)}, not {brief(kind)}"
            )
        tensors = importlib.import_module(f"{module.__name__}.tensors")
        actions = importlib.import_module(f"{module.__name__}.actions")
        fast, slow = _ENCODERS[kind]
        encode = getattr(tensors, fast, None)
        if encode is None:
            encode = getattr(tensors, slow, None)
        if encode is None:
            raise InvalidOptionError(f"{module.__name__} has no {kind.replace('_', '-')} encoding")
        numpy()  # the arrays extra, or an ImportError naming it
        object.__setattr__(self, "game", module.__name__)
        object.__setattr__(self, "_module", module)
        object.__setattr__(self, "_encode", encode)
        object.__setattr__(self, "_fast", encode.__name__ == fast)
        object.__setattr__(self, "_mask", getattr(actions, "legal_action_mask", None))

    def __call__(self, state: Any, rng: random.Random) -> Any:
        """The move of the action id the policy gives for the player to act in `state`.

        Raises:
            InvalidOptionError: if `rng` is not a `random.Random`.
            InvalidStateError: if nobody decides in `state` (a chance node or the end).
            InvalidMoveError: if the policy's answer is not an integer (a float, a bool, `None`...).
            IllegalMoveError: if it is an integer that is not a legal action id in `state`.
        """
        if not isinstance(rng, random.Random):
            raise InvalidOptionError(f"a policy agent draws from a random.Random, not {brief(rng)}")
        game = self._module
        player = game.current_player(state)
        if player is None or player is CHANCE:
            reason = "the game is over" if player is None else "a chance outcome is due"
            raise InvalidStateError(f"a policy agent chooses decisions, but {reason}")
        np = numpy()
        if self._fast:
            observation = self._encode(state, player)
        else:
            observation = np.asarray(self._encode(state, player), dtype=np.float32)
        if self._mask is not None:
            mask = self._mask(state)
        else:
            mask = np.zeros(game.num_actions(state), np.int8)
            mask[_rl.legal_action_ids(game, state)] = 1
        legal = mask.copy()  # the policy may change the arrays it is given
        answer = self.policy(observation, mask, rng)
        action = _rl.action_id(answer, len(legal))
        if not legal[action]:
            raise IllegalMoveError(
                f"the policy chose action id {action}, which is not legal here "
                f"(legal ids: {brief([int(i) for i in legal.nonzero()[0]])})"
            )
        return game.action_to_move(state, action)

    def spec(self) -> dict[str, Any]:
        """The agent's description in a records file's header (the policy described by `agent_spec`)."""
        return {
            "agent": "tabletop_rules.adapters.policy.PolicyAgent",
            "game": self.game,
            "policy": agent_spec(self.policy),
            "observation_type": self.observation_type,
        }

    def __reduce__(self) -> tuple[Any, ...]:
        return (PolicyAgent, (self.game, self.policy, self.observation_type))

    def __repr__(self) -> str:
        return f"policy_agent({self.game!r}, {self.policy!r}, observation_type={self.observation_type!r})"
