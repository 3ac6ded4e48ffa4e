"""The checked Python entry points of the OpenSpiel adapter's states, its bot calls and samplers.

Private to `adapters.openspiel` (see its docstring and `docs/openspiel.md`): a mixin whose
methods shadow the `pyspiel.State` methods that take a caller's action or player, check the
argument and raise the library's typed errors before OpenSpiel sees it; the calls of OpenSpiel's
C++ MCTS that do not crash on a Python game (`openspiel` re-exports them); and the reading of an
OpenSpiel probability sampler of either convention into a seed.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from tabletop_rules.adapters._rl import exact_integer
from tabletop_rules.core.errors import IllegalMoveError, InvalidMoveError, InvalidRequestError
from tabletop_rules.core.extras import require
from tabletop_rules.core.jsonio import brief

if TYPE_CHECKING:
    import pyspiel
else:
    pyspiel = require("pyspiel", "tabletop_rules.adapters.openspiel")

__all__ = ["CHANCE_ID", "CheckedEntryPoints", "best_mcts_action", "cpp_bot_step", "sampler_seed"]

CHANCE_ID: Final = -1
"""OpenSpiel's chance player (`pyspiel.PlayerId.CHANCE`)."""

_SAMPLER_OUTCOMES: Final = tuple((i, 1 / 1024) for i in range(1024))
"""What a sampler of the (outcome, probability) convention picks from, four times per resample."""


if TYPE_CHECKING:
    _StateBase = pyspiel.State  # for the type checker: the methods below extend pyspiel.State's
else:
    _StateBase = object  # at run time a mixin, placed before pyspiel.State


class CheckedEntryPoints(_StateBase):  # type: ignore[misc,valid-type]
    """The `pyspiel.State` methods that take an action or a player, checked (mixed in before it).

    A refused call raises `InvalidMoveError`, `IllegalMoveError` or `InvalidRequestError` and
    changes nothing; an accepted one calls OpenSpiel's own method with exact `int`s. The state
    provides `ids` (every action and chance outcome id is below it).
    """

    ids: int

    def _name(self) -> str:
        return str(self.get_game().get_type().short_name)

    def _action(self, action: object) -> int:
        """`action` as an exact `int` id below the game's action and outcome counts."""
        value = exact_integer(action)
        if value is None:
            raise InvalidMoveError(f"an OpenSpiel action must be an integer action id, not {brief(action)}")
        bound = self.ids
        if not 0 <= value < bound:
            raise IllegalMoveError(f"{brief(value)} is not an action id of this game (0..{bound - 1})")
        return value

    def _seat(self, player: object, also: int | None = None) -> int:
        """`player` as an exact `int` seat, or the pseudo-player `also` (chance -1, terminal -4)."""
        value = exact_integer(player)
        seats = self.num_players()
        if value is None or not (0 <= value < seats or (also is not None and value == also)):
            extra = "" if also is None else f" or {also} here"
            raise InvalidRequestError(f"{brief(player)} is not a player of this game (0..{seats - 1}{extra})")
        return value

    def _viewer(self, player: object) -> int:
        """The seat named by `player`, or the player to act when it is `None`."""
        if player is not None:
            return self._seat(player)
        actor = self.current_player()
        if actor < 0:
            raise InvalidRequestError("no player acts here (a chance node or the end): name the player")
        return int(actor)

    def apply_action(self, action: Any) -> None:
        """Apply an action id (`InvalidMoveError`, `IllegalMoveError`; nothing changes on an error)."""
        super().apply_action(self._action(action))

    def apply_action_with_legality_check(self, action: Any) -> None:
        """Apply a legal action id (`InvalidMoveError`, `IllegalMoveError`)."""
        value = self._action(action)
        if value not in self.legal_actions():
            raise IllegalMoveError(f"{value} is not a legal action here")
        super().apply_action(value)

    def apply_actions(self, actions: Any) -> None:
        """Refused: the game is sequential (`InvalidMoveError`)."""
        raise InvalidMoveError(f"{self._name()} is sequential: apply one action at a time with apply_action")

    def apply_actions_with_legality_checks(self, actions: Any) -> None:
        """Refused: the game is sequential (`InvalidMoveError`)."""
        self.apply_actions(actions)

    def child(self, action: Any) -> Any:
        """The state after `action` (`InvalidMoveError`, `IllegalMoveError`)."""
        return super().child(self._action(action))

    def undo_action(self, player: Any, action: Any) -> None:
        """Refused (`InvalidRequestError`): keep a clone to go back, it costs O(1)."""
        raise InvalidRequestError(f"{self._name()} has no undo_action: clone the state before an action")

    def legal_actions(self, player: Any = None) -> list[int]:
        """The legal action ids of the player to act, or of `player` (a seat, or `current_player()`)."""
        if player is None:
            return list(super().legal_actions())
        return list(super().legal_actions(self._seat(player, also=self.current_player())))

    def legal_actions_mask(self, player: Any = None) -> list[int]:
        """The legal actions as a 0/1 list (see `legal_actions`)."""
        if player is None:
            return list(super().legal_actions_mask())
        return list(super().legal_actions_mask(self._seat(player, also=self.current_player())))

    def action_to_string(self, *args: Any) -> str:
        """`action_to_string(player, action)` or `action_to_string(action)` (the player to act)."""
        if len(args) == 1:
            player, action = self.current_player(), args[0]
        elif len(args) == 2:
            player, action = args
        else:
            raise InvalidRequestError("action_to_string takes (player, action) or (action)")
        return str(super().action_to_string(self._seat(player, also=CHANCE_ID), self._action(action)))

    def string_to_action(self, *args: Any) -> int:
        """The legal action written `text`: `string_to_action(player, text)` or `(text)`."""
        if len(args) == 1:
            player, text = self.current_player(), args[0]
        elif len(args) == 2:
            player, text = args
        else:
            raise InvalidRequestError("string_to_action takes (player, text) or (text)")
        seat = self._seat(player, also=CHANCE_ID)
        if type(text) is not str:
            raise InvalidMoveError(f"an action's text must be a str, not {brief(text)}")
        for action in self.legal_actions():
            if super().action_to_string(seat, action) == text:
                return int(action)
        raise IllegalMoveError(f"no legal action here is written {brief(text)}")

    def observation_string(self, player: Any = None) -> str:
        """The observation of `player` (by default the player to act) as a string."""
        return str(super().observation_string(self._viewer(player)))

    def information_state_string(self, player: Any = None) -> str:
        """The information state of `player` (by default the player to act) as a string."""
        return str(super().information_state_string(self._viewer(player)))

    def observation_tensor(self, player: Any = None) -> list[float]:
        """The observation tensor of `player` (by default the player to act)."""
        return list(super().observation_tensor(self._viewer(player)))

    def information_state_tensor(self, player: Any = None) -> list[float]:
        """The information-state tensor of `player` (by default the player to act)."""
        return list(super().information_state_tensor(self._viewer(player)))

    def player_return(self, player: Any) -> float:
        """The return of seat `player`."""
        return float(super().player_return(self._seat(player)))

    def player_reward(self, player: Any) -> float:
        """The reward of seat `player` (the game rewards at the end only)."""
        return float(super().player_reward(self._seat(player)))


def best_mcts_action(bot: Any, state: Any) -> int:
    """The most visited root action of `bot.mcts_search(state)`.

    For OpenSpiel's C++ `pyspiel.MCTSBot` or its Python `mcts.MCTSBot` (both have `mcts_search`,
    and the C++ binding keeps the GIL, so it is safe on Python games).
    """
    root = bot.mcts_search(state)
    best = max(root.children, key=lambda child: (child.explore_count, child.total_reward))
    return int(best.action)


def cpp_bot_step(bot: Any, state: Any) -> int:
    """`bot.step(state)` for OpenSpiel's C++ `pyspiel.MCTSBot` on a Python game, without the crash.

    The bindings of `pyspiel.MCTSBot.step` and `pyspiel.ISMCTSBot.step` release the GIL (since
    open-spiel 1.6.13), and the search then clones the Python state, which calls into Python
    without it: a segmentation fault on every Python game, OpenSpiel's own `python_tic_tac_toe`
    included. The base class's binding, `pyspiel.Bot.step`, runs the same C++ `Step` with the GIL
    held; this calls it. Any other `pyspiel.Bot` (a Python bot included) works too.

    Raises:
        InvalidRequestError: `bot` is not a `pyspiel.Bot`, or is a C++ `pyspiel.ISMCTSBot` (it cannot
            search a Python game: OpenSpiel does not forward `ResampleFromInfostate` from C++ to a
            Python state); `state` is not a `pyspiel.State`, or no player acts in it (a chance node
            or the end).
    """
    if not isinstance(bot, pyspiel.Bot):
        raise InvalidRequestError(f"cpp_bot_step takes a pyspiel.Bot, not {brief(bot)}")
    if isinstance(bot, pyspiel.ISMCTSBot):
        raise InvalidRequestError(
            "the C++ pyspiel.ISMCTSBot cannot search a Python game (OpenSpiel does not forward "
            "ResampleFromInfostate to Python states): use open_spiel.python.algorithms.ismcts.ISMCTSBot"
        )
    if not isinstance(state, pyspiel.State):
        raise InvalidRequestError(f"cpp_bot_step takes a pyspiel.State, not {brief(state)}")
    if state.is_terminal() or state.is_chance_node():
        raise InvalidRequestError("no player acts here (a chance node or the end): a bot has no move to make")
    return int(pyspiel.Bot.step(bot, state))


def sampler_seed(sampler: object) -> str | int:
    """A seed for `random.Random` drawn from an OpenSpiel probability sampler of either convention.

    A zero-argument sampler (`pyspiel.UniformProbabilitySampler`, a C++ `std::function<double()>`)
    is called once and must return a number in [0, 1]; a sampler of (outcome, probability) lists
    is called four times on 1,024 equally likely outcomes and must return one of them each time.

    Raises:
        InvalidRequestError: the sampler is not callable, takes neither form, or returns something
            else.
    """
    if not callable(sampler):
        raise InvalidRequestError(f"the probability sampler must be callable, not {brief(sampler)}")
    if isinstance(sampler, pyspiel.UniformProbabilitySampler) or _takes_no_argument(sampler):
        value = sampler()
        number = _unit_float(value)
        if number is None:
            raise InvalidRequestError(
                f"the probability sampler returned {brief(value)}, not a number in [0, 1]"
            )
        return number.hex()  # exact: the same draw gives the same seed on any platform
    seed = 0
    for _ in range(4):
        picked = sampler(list(_SAMPLER_OUTCOMES))
        outcome = exact_integer(picked)
        if outcome is None or not 0 <= outcome < len(_SAMPLER_OUTCOMES):
            raise InvalidRequestError(
                f"the probability sampler picked {brief(picked)}, not one of the outcomes 0..1023 given to it"
            )
        seed = seed * len(_SAMPLER_OUTCOMES) + outcome
    return seed


def _takes_no_argument(sampler: Callable[..., Any]) -> bool:
    """Whether `sampler` is called with no argument (else with a list of outcomes).

    Raises:
        InvalidRequestError: it can be called neither way.
    """
    try:
        signature = inspect.signature(sampler)
    except Exception:  # a builtin without a signature: OpenSpiel's own convention
        return True
    candidates: tuple[tuple[Any, ...], ...] = ((), ([],))
    for arguments in candidates:
        try:
            signature.bind(*arguments)
        except TypeError:
            continue
        return not arguments
    raise InvalidRequestError(
        "the probability sampler must take no argument (pyspiel.UniformProbabilitySampler) "
        "or one list of (outcome, probability) pairs"
    )


def _unit_float(value: object) -> float | None:
    """`value` as a float if it is a number (int, float or NumPy float) in [0, 1], else `None`."""
    kind = type(value)
    number: float | None = None
    if kind is float:
        number = value  # type: ignore[assignment]
    elif kind is int:
        number = 0.0 if value == 0 else 1.0 if value == 1 else None
    else:
        np = sys.modules.get("numpy")
        if np is not None and kind in (np.float16, np.float32, np.float64):
            number = float(value)  # type: ignore[arg-type]
    if number is None or not 0.0 <= number <= 1.0:  # NaN fails the comparison too
        return None
    return number
