"""What the adapters share: games by name, tensors, masks, chance, and the checks at their boundaries.

Written once against the protocol (and each game's `actions` and `tensors`
modules), for `adapters.pettingzoo` and `adapters.gymnasium`; `adapters.openspiel`
uses its integer checks too. It imports neither PettingZoo, Gymnasium nor NumPy:
a NumPy value is recognised only when NumPy is already imported (none can exist
otherwise).

Encodings. `encoding` finds a game's numpy forms by name (`tensors.observation_array`,
`tensors.information_state_array`, `actions.legal_action_mask`), falling back to the
pure-Python tuple functions for a game that has none yet, so every adapter takes the
fast path wherever a game offers it.

Integers at the boundary. RL code passes action ids as NumPy integers
(`action_space.sample()`, `argmax`), and OpenSpiel's own Python bots do too, so an
adapter accepts an exact `int`, a NumPy integer scalar (`numpy.int64`, ...) and a
0-d NumPy integer array, each converted to an exact `int` at the boundary; it
refuses a `bool` (a NumPy one too), a float, a string, `None`, an `int` subclass
and anything else that merely converts to an integer.
"""

from __future__ import annotations

import functools
import importlib
import math
import random
import sys
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any, Final, NamedTuple

from tabletop_rules.core import arrays
from tabletop_rules.core.errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidRequestError,
)
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.playout import sample_outcome
from tabletop_rules.core.protocol import CHANCE

__all__ = [
    "GAMES",
    "MAX_MOVES",
    "MAX_REWARD",
    "MAX_SEED",
    "OBSERVATION_TYPES",
    "RENDER_MODES",
    "Encoding",
    "action_id",
    "check_agent_seat",
    "check_max_moves",
    "check_render_mode",
    "check_reset",
    "check_reward",
    "encoding",
    "exact_integer",
    "game_module",
    "legal_action_ids",
    "lowest_return",
    "new_state",
    "resolve_chance",
]

GAMES: Final[Mapping[str, str]] = {
    "valandris": "tabletop_rules.valandris",
    "chrononauts": "tabletop_rules.chrononauts",
    "trismaugistus": "tabletop_rules.trismaugistus",
}
"""The library's games by short name, with their modules."""

MAX_MOVES: Final = 2**63 - 1
"""The largest `max_moves` an environment accepts (it fits a signed 64-bit integer)."""

MAX_REWARD: Final = 1e12
"""The largest magnitude of an `illegal_reward`."""

MAX_SEED: Final = 2**64 - 1
"""The largest seed `reset` accepts (seeds are 0 .. 2**64 - 1, as NumPy's are)."""

RENDER_MODES: Final = ("ansi", "rgb_array")
"""The render modes: the game's `describe` text, or its SVG picture as an `(H, W, 3)` `uint8` array.

An environment's `metadata["render_modes"]` lists `"rgb_array"` only when the `render` extra is
installed (Gymnasium's `check_env` makes the environment in every listed mode)."""

OBSERVATION_TYPES: Final = ("observation", "information_state")
"""What an environment observes: the observation tensor, or the information state (hidden information)."""


@functools.cache
def _numpy_integer_types(np: ModuleType) -> frozenset[type]:
    """NumPy's own integer scalar types (`int8` ... `uint64`; not `bool_`, not subclasses)."""
    return frozenset(t for t in set(np.sctypeDict.values()) if issubclass(t, np.integer))


def exact_integer(value: object) -> int | None:
    """`value` as an exact `int` if it is an integer the adapters accept, else `None`.

    Accepted: an exact `int`, a NumPy integer scalar and a 0-d NumPy integer array (see the
    module docstring). Refused (`None`): `bool`, NumPy `bool_`, floats, `int` subclasses,
    strings, anything else.
    """
    kind = type(value)
    if kind is int:
        return value  # type: ignore[return-value]
    np = sys.modules.get("numpy")
    if np is None:
        return None
    if kind in _numpy_integer_types(np):
        number: int = value.__int__()  # type: ignore[attr-defined]
        return number
    if kind is np.ndarray and value.ndim == 0 and value.dtype.kind in "iu":  # type: ignore[attr-defined]
        return int(value.item())  # type: ignore[attr-defined]
    return None


def action_id(action: object, num_actions: int | None = None) -> int:
    """`action` as an exact `int` action id (see `exact_integer`), in `range(num_actions)` if given.

    Raises:
        InvalidMoveError: `action` is not an integer (a float, a bool, a string, `None`...).
        IllegalMoveError: `action` is an integer outside `range(num_actions)`.
    """
    value = exact_integer(action)
    if value is None:
        raise InvalidMoveError(f"an action must be an integer action id, not {brief(action)}")
    if num_actions is not None and not 0 <= value < num_actions:
        raise IllegalMoveError(f"{brief(value)} is not an action id of this game (0..{num_actions - 1})")
    return value


def game_module(game: object) -> ModuleType:
    """The game module of `game`: a short name of `GAMES` or one of those game modules itself.

    Raises:
        InvalidOptionError: for anything else (another name, another module, a non-string).
    """
    if isinstance(game, ModuleType):
        if game.__name__ in GAMES.values() and sys.modules.get(game.__name__) is game:
            return game
        raise InvalidOptionError(
            f"game must be one of the library's games ({', '.join(GAMES)}), not a module"
        )
    if type(game) is not str or game not in GAMES:
        raise InvalidOptionError(f"no tabletop_rules game {brief(game)}; the games are {', '.join(GAMES)}")
    return importlib.import_module(GAMES[game])


def check_render_mode(render_mode: object) -> str | None:
    """`render_mode` if it is `None` or one of `RENDER_MODES` (`"ansi"`, `"rgb_array"`).

    Raises:
        InvalidOptionError: for anything else.
    """
    if render_mode is None or (type(render_mode) is str and render_mode in RENDER_MODES):
        return render_mode
    raise InvalidOptionError(f"render_mode must be 'ansi', 'rgb_array' or None, not {brief(render_mode)}")


def check_max_moves(max_moves: object) -> int | None:
    """`max_moves` if it is `None` or an exact `int` in `1 .. MAX_MOVES`.

    Raises:
        InvalidOptionError: for anything else (a bool, a float, zero, a negative number...).
    """
    if max_moves is None or (type(max_moves) is int and 1 <= max_moves <= MAX_MOVES):
        return max_moves
    raise InvalidOptionError(f"max_moves must be an integer in 1..2**63-1 or None, not {brief(max_moves)}")


def check_reward(value: object, name: str = "illegal_reward") -> float:
    """`value` as a float: an `int` or `float` (a NumPy one too), finite, of magnitude at most `MAX_REWARD`.

    Raises:
        InvalidOptionError: for a bool, a string, NaN, an infinity, a huge number or anything else.
    """
    number: float | None = None
    integer = exact_integer(value)
    if integer is not None:
        number = float(integer) if abs(integer) <= MAX_REWARD else math.inf
    elif type(value) is float:
        number = value
    else:
        np = sys.modules.get("numpy")
        if np is not None and type(value) in (np.float16, np.float32, np.float64):
            number = float(value)  # type: ignore[arg-type]
    if number is None or not abs(number) <= MAX_REWARD:  # NaN fails the comparison too
        raise InvalidOptionError(
            f"{name} must be a finite number of magnitude at most 1e12, not {brief(value)}"
        )
    return number


def check_reset(seed: object, options: object) -> int | None:
    """The seed of `reset`, checked: `None` or an exact `int` in `0 .. MAX_SEED`; `options`: `None` or a dict.

    Raises:
        InvalidRequestError: for a negative, float, bool, NumPy or over-large seed, or options that
            are not a dict.
    """
    if options is not None and not isinstance(options, dict):
        raise InvalidRequestError(f"reset options must be a dict or None, not {brief(options)}")
    if seed is None or (type(seed) is int and 0 <= seed <= MAX_SEED):
        return seed
    raise InvalidRequestError(f"a seed must be None or an integer in 0..2**64-1, not {brief(seed)}")


def check_agent_seat(agents: Mapping[str, int], agent: object) -> int:
    """The seat of `agent`, a name of `agents` (`"player_0"` ...).

    Raises:
        InvalidRequestError: `agent` is not one of the environment's agents.
    """
    if type(agent) is not str or agent not in agents:
        raise InvalidRequestError(f"no agent {brief(agent)}; the agents are {', '.join(agents)}")
    return agents[agent]


class Encoding(NamedTuple):
    """A game's encodings for an adapter: the observation of one seat and the legal-action mask.

    Attributes:
        observe: `observe(state, seat)`, a new `numpy.float32` array of `size` (the game's
            `..._array` function, or its tuple function converted).
        size: the length of every observation.
        mask: `mask(state)`, the game's `legal_action_mask`: a new `numpy.int8` array of the
            game's `num_actions` (all zero where nobody decides).
        fast: whether both come from the game's numpy forms (not the tuple fallbacks).
    """

    observe: Callable[[Any, int], Any]
    size: int
    mask: Callable[[Any], Any]
    fast: bool


def encoding(module: ModuleType, observation_type: object, initial: Any) -> Encoding:
    """The encodings of `module` for `observation_type`, sized for games like `initial`.

    Raises:
        InvalidOptionError: `observation_type` is not one of `OBSERVATION_TYPES`, or is
            `"information_state"` for a game with no information state (the message names the
            values the game allows).
        ImportError: numpy is missing (the message names the extra to install).
    """
    if type(observation_type) is not str or observation_type not in OBSERVATION_TYPES:
        raise InvalidOptionError(
            f"observation_type must be 'observation' or 'information_state', not {brief(observation_type)}"
        )
    name = module.__name__
    tensors: Any = importlib.import_module(f"{name}.tensors")
    actions: Any = importlib.import_module(f"{name}.actions")
    tensor = getattr(tensors, f"{observation_type}_tensor", None)
    if tensor is None:
        raise InvalidOptionError(
            f"observation_type: {name.rpartition('.')[2]} has no information state "
            f"(a game without hidden information); the only allowed value is 'observation'"
        )
    size = int(getattr(tensors, f"{observation_type}_tensor_size")(initial))
    np = arrays.numpy()
    array = getattr(tensors, f"{observation_type}_array", None)
    observe: Callable[[Any, int], Any]
    if array is not None:
        observe = array
    else:

        def observe(state: Any, seat: int) -> Any:
            return np.asarray(tensor(state, seat), dtype=np.float32)

    legal_mask = getattr(actions, "legal_action_mask", None)
    mask: Callable[[Any], Any]
    if legal_mask is not None:
        mask = legal_mask
    else:
        actions_count = int(module.num_actions(initial))

        def mask(state: Any) -> Any:
            row = np.zeros(actions_count, np.int8)
            row[legal_action_ids(module, state)] = 1
            return row

    return Encoding(observe, size, mask, array is not None and legal_mask is not None)


def new_state(module: ModuleType, players: int | None, options: Mapping[str, Any]) -> Any:
    """A new game: `module.new_game(options, players=players)` (an empty options dict means the defaults).

    The game checks `players` and every option itself and raises `InvalidOptionError`.
    """
    return module.new_game(dict(options) or None, players=players)


def legal_action_ids(module: ModuleType, state: Any) -> list[int]:
    """The action ids of the legal decisions of `state`, sorted."""
    return sorted(module.move_to_action(state, move) for move in module.legal_moves(state))


def resolve_chance(module: ModuleType, state: Any, rng: random.Random) -> tuple[Any, int]:
    """The state after sampling every chance node from `state` on, and how many outcomes were applied."""
    applied = 0
    while module.current_player(state) is CHANCE:
        state = module.apply(state, sample_outcome(module.chance_outcomes(state), rng))
        applied += 1
    return state, applied


def lowest_return(module: ModuleType, state: Any) -> float | None:
    """The lowest return a player can get in a game of `state`'s options, if the library knows it.

    Valandris: minus the most turns (`max_turns + 1`); Chrononauts: -1 (a loss);
    Trismaugistus: -10,000 (the OpenSpiel adapter's bound on the automa's score).
    """
    name = module.GAME_INFO.name
    if name == "valandris":
        cap = state.options.max_turns
        return -float(cap + 1) if cap is not None else None
    if name == "chrononauts":
        return -1.0
    if name == "trismaugistus":
        return -10_000.0
    return None
