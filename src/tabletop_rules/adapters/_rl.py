"""What the reinforcement-learning environments share: games by name, tensors, masks, chance.

Written once against the protocol (and each game's `actions` and `tensors`
modules), for `adapters.pettingzoo` and `adapters.gymnasium`. It imports neither
PettingZoo nor Gymnasium.
"""

from __future__ import annotations

import importlib
import numbers
import random
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any, Final

from tabletop_rules.core.errors import InvalidMoveError, InvalidOptionError
from tabletop_rules.core.playout import sample_outcome
from tabletop_rules.core.protocol import CHANCE

__all__ = [
    "GAMES",
    "Tensor",
    "action_id",
    "game_module",
    "legal_action_ids",
    "lowest_return",
    "new_state",
    "resolve_chance",
    "tensor_functions",
]

GAMES: Final[Mapping[str, str]] = {
    "valandris": "tabletop_rules.valandris",
    "chrononauts": "tabletop_rules.chrononauts",
    "trismaugistus": "tabletop_rules.trismaugistus",
}
"""The library's games by short name, with their modules."""

Tensor = Callable[[Any, int], tuple[float, ...]]


def game_module(game: str | ModuleType) -> ModuleType:
    """The game module of `game`: a short name of `GAMES` or a game module itself.

    Raises:
        InvalidOptionError: for a name that is not one of the library's games.
    """
    if isinstance(game, ModuleType):
        return game
    if game not in GAMES:
        raise InvalidOptionError(f"no tabletop_rules game {game!r}; the games are {', '.join(GAMES)}")
    return importlib.import_module(GAMES[game])


def tensor_functions(module: ModuleType) -> tuple[Tensor, Callable[[Any], int]]:
    """The game's `observation_tensor` and `observation_tensor_size` (from the module or its `tensors`).

    Raises:
        InvalidOptionError: if the game has no observation tensor.
    """
    source: Any = module
    if not hasattr(module, "observation_tensor"):
        try:
            source = importlib.import_module(f"{module.__name__}.tensors")
        except ModuleNotFoundError as error:
            if error.name != f"{module.__name__}.tensors":
                raise
            raise InvalidOptionError(f"{module.__name__} has no observation_tensor") from error
    tensor: Tensor = source.observation_tensor
    size: Callable[[Any], int] = source.observation_tensor_size
    return tensor, size


def new_state(module: ModuleType, players: int | None, options: Mapping[str, Any]) -> Any:
    """A new game: `module.new_game(options, players=players)` (an empty options dict means the defaults)."""
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


def action_id(action: object) -> int:
    """`action` as an `int`: an integer (a NumPy integer included, as RL libraries give), never a bool.

    Raises:
        InvalidMoveError: for anything else (a float, a bool, a string...).
    """
    if isinstance(action, bool) or not isinstance(action, numbers.Integral):
        shape = getattr(action, "shape", None)
        if shape == () and hasattr(action, "item"):  # a 0-d NumPy array
            return action_id(action.item())
        raise InvalidMoveError(f"an action must be an integer action id, not {action!r}")
    return int(action)


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
