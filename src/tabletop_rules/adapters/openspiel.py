"""Every game of the library inside OpenSpiel (the `openspiel` extra).

```python
import pyspiel
from tabletop_rules.adapters import openspiel

openspiel.register_all()
game = pyspiel.load_game("tabletop_valandris", {"max_turns": 30})
pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
```

The bridge is written once against the protocol: a game is registered from its
module (`GAME_INFO`, the rules functions and the action ids of its `actions.py`)
plus a small `GameSpec` (OpenSpiel parameters, how they make a first state, the
utility range). It gives OpenSpiel

* a `GameType` with the game's dynamics, chance mode, information and utility,
  and a `GameInfo` whose action spaces are the game's stable action ids
  (`num_actions`, `num_chance_outcomes`, `max_game_length`);
* chance outcomes with the game's exact probabilities (as floats, which
  OpenSpiel requires);
* an observer: observation and information-state strings, and the
  `observation_tensor` / `information_state_tensor` of the game (from the game
  module, or else from its `tensors` module, in their numpy forms where they exist), so
  `open_spiel.python.rl_environment.Environment` runs on every game (a
  perfect-information game's information-state tensor is its observation tensor);
* O(1) cloning. OpenSpiel clones a Python state by building a new initial state
  and deep-copying the Python attributes. The library's states are immutable, so
  the wrapped state is held in a `_Shared` box whose deep copy is itself, and a
  game's initial state is built once and shared: a clone costs the same early
  and late in a game (see `docs/performance.md`).

Serialisation is OpenSpiel's own (the action history and a pickle of the Python
attributes); the pickle of a wrapped state holds only the game's name and its
JSON, which `from_json` validates when it is read back. As with any pickle, only
deserialise strings you produced.

Hostile calls. Every Python entry point of a state checks its arguments and raises
the library's typed errors, never OpenSpiel's `SpielError`, a `TypeError` from the
binding or a crash. An action is an `int` or a NumPy integer (OpenSpiel's own Python
bots pass `numpy.int64`); a bool, a float, a string or `None` raises `InvalidMoveError`.
An id outside the action space, an illegal action, and any action once `is_terminal()`
is true (the end of the game, or the move bound of a truncated game) raise
`IllegalMoveError`, from `apply_action`, `apply_action_with_legality_check` and `child`
alike; the check of the move bound is in `_apply_action`, so C++ callers get it too,
and an error raised there reaches Python through pybind as the same exception. A
player that is not a seat (`observation_string(7)`, `player_return(-1)`, a float, a
bool) raises `InvalidRequestError`; `legal_actions` also takes `current_player()`
whatever it is (-1 at a chance node, -4 at the end) and `action_to_string` the chance
player -1, as OpenSpiel's algorithms pass them; the one-argument forms use the player
to act and refuse a chance node or the end. `undo_action` (keep a clone instead: it
costs O(1)) and the simultaneous-move `apply_actions` raise `InvalidRequestError` and
`InvalidMoveError`. A refused call changes nothing. `pyspiel.load_game` checks
parameter names and types itself (an unknown name, or a float for an int, raises
OpenSpiel's `SpielError` before the adapter runs); the adapter checks every value, and
a game whose move bound exceeds OpenSpiel's `int` (2**31 - 1), with `InvalidOptionError`.

Search with OpenSpiel's bots (`docs/openspiel.md` has the table). The Python bots of
`open_spiel.python.algorithms` work, `step` included: `mcts.MCTSBot` on every game,
`ismcts.ISMCTSBot` on Chrononauts and on a perfect-information game registered again with
`GameSpec.declare_imperfect` (the Python IS-MCTS takes only imperfect-information games). The C++
`pyspiel.MCTSBot.step` crashes the process (a segmentation fault) on any Python game in
open-spiel 1.6.13 and later: that binding releases the GIL, then the search clones the Python
state, which calls Python without it. `cpp_bot_step(bot, state)` calls the same C++ search through
the base class's binding, `pyspiel.Bot.step`, which keeps the GIL; `mcts_search`,
`step_with_policy` and `pyspiel.evaluate_bots` keep it too. The C++ `pyspiel.ISMCTSBot` cannot
search a Python game at all: OpenSpiel does not forward `ResampleFromInfostate` from C++ to a
Python state (`SpielError`), and does not bind its `SetResampler`.

Tensors. `state.observation_tensor(p)` and `information_state_tensor(p)` are computed in Python,
once, from the game's numpy encoding (`observation_array`, `information_state_array` of its
`tensors` module) where it has one, else from its tuple function: OpenSpiel's C++ path for a
Python game would also build a new initial state and encode it to size the tensor, at every call.
The values are the same float32 values. The observers (`make_py_observer`, used by OpenSpiel's C++
side and `open_spiel.python.observation`) write the numpy encoding straight into their `tensor`
buffer (`out=`), of which `dict["observation"]` is the same array.

`resample_from_infostate(player, sampler)` gives a state that the player cannot tell
from this one, for the Python `ISMCTSBot` (Chrononauts' own resample; in a
perfect-information game, a clone). It clones the state (O(1), keeping `move_number()`
and `history()`, which the move bound counts) and replaces the library state inside it.
It takes a sampler of either convention (a zero-argument callable returning a number in
[0, 1], as OpenSpiel passes; or a picker of `(outcome, probability)` pairs) and is a
function of its draws alone, so a seeded `pyspiel.UniformProbabilitySampler` reproduces
it: give one to the bot with `bot.set_resampler(lambda s, p: s.resample_from_infostate(p,
sampler))`. Any other sampler raises `InvalidRequestError`; an exception raised inside
the sampler is the caller's and passes through. `docs/openspiel.md` has the details.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

import attrs

from tabletop_rules.adapters._openspiel_checks import (
    CheckedEntryPoints,
    best_mcts_action,
    cpp_bot_step,
    sampler_seed,
)
from tabletop_rules.adapters._rl import exact_integer
from tabletop_rules.core.errors import (
    IllegalMoveError,
    InvalidOptionError,
    InvalidRequestError,
    InvalidStateError,
)
from tabletop_rules.core.extras import require
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.playout import WeightedOutcomes
from tabletop_rules.core.protocol import CHANCE

if TYPE_CHECKING:
    import pyspiel
else:
    pyspiel = require("pyspiel", "tabletop_rules.adapters.openspiel")

__all__ = ["GameSpec", "best_mcts_action", "cpp_bot_step", "register", "register_all", "spec_for"]

MAX_GAME_LENGTH: Final = 2**31 - 1
"""The largest move bound OpenSpiel's `GameInfo` holds (a C++ `int`)."""


@attrs.frozen
class GameSpec:
    """The small per-game part of the bridge: OpenSpiel parameters and how they make a game.

    Attributes:
        short_name: the name given to `pyspiel.load_game`.
        long_name: a readable title.
        module_name: the game module, e.g. `"tabletop_rules.valandris"`.
        parameters: OpenSpiel parameters with their defaults (bool, int, float or str).
        new_state: the library's initial state for a full parameter dict.
        utility: (min, max, sum) of the returns for a parameter dict (sum `None` for a
            game that is not constant-sum).
        truncate: for games with no natural length bound, the OpenSpiel game ends
            (with the game's current returns) after `max_game_length` atomic moves.
        max_length: the most atomic moves of a game, for a parameter dict and the
            initial state; by default the game's own `max_game_length(state)`.
        declare_imperfect: declare a perfect-information game to OpenSpiel as one of imperfect
            information, whose information state is the whole state, for the algorithms that take
            only those (OpenSpiel's IS-MCTS bots); register it under a name of its own.
    """

    short_name: str
    long_name: str
    module_name: str
    parameters: Mapping[str, Any]
    new_state: Callable[[Mapping[str, Any]], Any]
    utility: Callable[[Mapping[str, Any]], tuple[float, float, float | None]]
    truncate: bool = False
    max_length: Callable[[Mapping[str, Any], Any], int | None] | None = None
    declare_imperfect: bool = False

    @property
    def module(self) -> ModuleType:
        return importlib.import_module(self.module_name)


class _Shared:
    """An immutable library state inside an OpenSpiel state: deep-copying it shares it."""

    __slots__ = ("module_name", "state")

    def __init__(self, module_name: str, state: Any) -> None:
        self.module_name = module_name
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self  # the state is frozen and everything it reaches is immutable

    def __reduce__(self) -> tuple[Callable[[str, str], _Shared], tuple[str, str]]:
        return _from_json, (self.module_name, importlib.import_module(self.module_name).to_json(self.state))


def _from_json(module_name: str, text: str) -> _Shared:
    """The box of a pickled state: only the library's games, read by their validating `from_json`."""
    if type(module_name) is not str or module_name not in _MODULES:
        raise InvalidStateError(f"not a tabletop_rules game: {brief(module_name)}")
    return _Shared(module_name, importlib.import_module(module_name).from_json(text))


_MODULES = frozenset(
    {"tabletop_rules.valandris", "tabletop_rules.chrononauts", "tabletop_rules.trismaugistus"}
)
_REGISTERED: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> None:
    """Register `spec` with OpenSpiel under `spec.short_name` (once per process).

    Raises:
        InvalidOptionError: `spec` is not a `GameSpec`.
    """
    if not isinstance(spec, GameSpec):
        raise InvalidOptionError(f"register takes a GameSpec, not {brief(spec)}")
    if spec.short_name in _REGISTERED:
        return
    module = spec.module
    info = module.GAME_INFO
    defaults = dict(spec.parameters)
    first = spec.new_state(defaults)
    players = len(module.returns(first))
    total = spec.utility(defaults)[2]
    obs_tensor, info_tensor = _encoders(module, "observation_tensor", "information_state_tensor")
    obs_array, info_array = _encoders(module, "observation_array", "information_state_array")
    if info_tensor is None and info.perfect_information:
        info_tensor, info_array = obs_tensor, obs_array  # the whole state is the information state
    has_obs_tensor = obs_tensor is not None
    has_info_tensor = info_tensor is not None
    perfect = info.perfect_information and not spec.declare_imperfect
    resample = getattr(module, "resample_from_infostate", None)
    legal_ids = _from_module(module, "legal_action_ids", "actions")
    game_type = pyspiel.GameType(
        short_name=spec.short_name,
        long_name=spec.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION
        if perfect
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_utility_kind(total),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=has_info_tensor,
        provides_observation_string=True,
        provides_observation_tensor=has_obs_tensor,
        parameter_specification=defaults,
    )

    class _Game(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: Mapping[str, Any] | None = None) -> None:
            merged = {**defaults, **(params or {})}
            initial = spec.new_state(merged)
            low, high, utility_sum = spec.utility(merged)
            if spec.max_length is None:
                length = module.max_game_length(initial)
            else:
                length = spec.max_length(merged, initial)
            if length is None:
                raise InvalidOptionError(f"{spec.short_name} needs a bounded game: set a turn cap")
            if not 1 <= length <= MAX_GAME_LENGTH:
                raise InvalidOptionError(
                    f"{spec.short_name}: these parameters bound a game at {brief(length)} moves, more than "
                    f"OpenSpiel holds (2**31-1): lower max_turns"
                )
            actions = module.num_actions(initial)
            outcomes = module.num_chance_outcomes(initial)
            super().__init__(
                game_type,
                pyspiel.GameInfo(
                    num_distinct_actions=actions,
                    max_chance_outcomes=outcomes,
                    num_players=len(module.returns(initial)),
                    min_utility=low,
                    max_utility=high,
                    utility_sum=utility_sum,
                    max_game_length=length,
                ),
                merged,
            )
            self.tabletop_initial = _Shared(spec.module_name, initial)  # built once, shared by every state
            self.tabletop_limit = length if spec.truncate else None
            self.tabletop_ids = max(actions, outcomes)  # every action or outcome id is below this
            self.tabletop_seats = len(module.returns(initial))
            self.tabletop_chance_ids: dict[Any, int] = {}  # chance move -> id, filled as outcomes are seen

        def new_initial_state(self) -> _State:
            return _State(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
            if params:
                raise InvalidOptionError(f"the observers of {spec.short_name} take no parameters")
            perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
            return _Observer(self, perfect_recall)

    class _State(CheckedEntryPoints, pyspiel.State):  # type: ignore[misc]
        # OpenSpiel's hooks, called by the C++ side of the state (their arguments are checked there,
        # or before by the Python entry points of `CheckedEntryPoints`).

        def __init__(self, game: _Game) -> None:
            super().__init__(game)
            self.box = game.tabletop_initial
            self.limit = game.tabletop_limit
            self.ids = game.tabletop_ids
            self.seats = game.tabletop_seats

        @property
        def inner(self) -> Any:
            """The library's state."""
            return self.box.state

        def _cut(self) -> bool:
            return self.limit is not None and self.move_number() >= self.limit

        def current_player(self) -> int:
            if self._cut():
                return int(pyspiel.PlayerId.TERMINAL)
            actor = module.current_player(self.inner)
            if actor is None:
                return int(pyspiel.PlayerId.TERMINAL)
            if actor is CHANCE:
                return int(pyspiel.PlayerId.CHANCE)
            return int(actor)

        def _legal_actions(self, player: int) -> list[int]:
            if self._cut():
                return []
            inner = self.inner
            if legal_ids is not None:
                return list(legal_ids(inner))  # ascending, the engine's own moves unchecked
            return sorted(module.move_to_action(inner, m) for m in module.legal_moves(inner))

        def chance_outcomes(self) -> list[tuple[int, float]]:
            if self._cut():
                return []
            inner = self.inner
            outcomes = module.chance_outcomes(inner)
            ids: dict[Any, int] = self.get_game().tabletop_chance_ids  # the game's states share one layout

            def to_id(move: Any) -> int:
                found = ids.get(move)
                if found is None:
                    found = ids[move] = module.move_to_chance(inner, move)
                return found

            if type(outcomes) is WeightedOutcomes:  # integer weights: no Fraction built per outcome
                pairs, total, last = [], outcomes.denominator, 0
                for move, running in zip(outcomes.moves, outcomes.cumulative, strict=True):
                    if running != last:  # int / int is correctly rounded, as float(Fraction) is
                        pairs.append((to_id(move), (running - last) / total))
                        last = running
                return sorted(pairs)
            return sorted((to_id(m), float(p)) for m, p in outcomes)

        def _apply_action(self, action: int) -> None:
            if self._cut():
                raise IllegalMoveError(
                    f"the game is over: it was cut at its bound of {self.limit} moves, so no action applies"
                )
            inner = self.inner
            if module.current_player(inner) is CHANCE:
                move = module.chance_to_move(inner, action)
            else:
                move = module.action_to_move(inner, action)
            self.box = _Shared(spec.module_name, module.apply(inner, move))

        def _action_to_string(self, player: int, action: int) -> str:
            inner = self.inner
            if player == pyspiel.PlayerId.CHANCE:
                return str(module.move_to_str(inner, module.chance_to_move(inner, action)))
            return str(module.move_to_str(inner, module.action_to_move(inner, action)))

        def is_terminal(self) -> bool:
            return bool(module.is_terminal(self.inner)) or self._cut()

        def returns(self) -> list[float]:
            return [float(x) for x in module.returns(self.inner)]

        def __str__(self) -> str:
            return str(module.to_json(self.inner))

        # The two tensors from Python, computed once. OpenSpiel's own path for a Python game sizes the
        # tensor by building a new initial state and encoding it (`PyGame::ObservationTensorShape`) at
        # every call, so it encodes twice; the result here is the same list of float32 values.
        def observation_tensor(self, player: Any = None) -> list[float]:
            """The observation tensor of `player` (by default the player to act), as OpenSpiel gives it."""
            # An exact int seat skips `_viewer` (an OpenSpiel loop calls this at every decision).
            seat = player if type(player) is int and 0 <= player < self.seats else self._viewer(player)
            if obs_array is not None:
                return obs_array(self.box.state, seat).tolist()  # type: ignore[no-any-return]
            if obs_tensor is None:
                return super().observation_tensor(seat)
            return _float32_list(obs_tensor, self.inner, seat)

        def information_state_tensor(self, player: Any = None) -> list[float]:
            """The information-state tensor of `player` (by default the player to act)."""
            seat = player if type(player) is int and 0 <= player < self.seats else self._viewer(player)
            if info_array is not None:
                return info_array(self.box.state, seat).tolist()  # type: ignore[no-any-return]
            if info_tensor is None:
                return super().information_state_tensor(seat)
            return _float32_list(info_tensor, self.inner, seat)

        def resample_from_infostate(self, player_id: Any, probability_sampler: Any) -> _State:
            """A state that `player_id` cannot tell from this one, for OpenSpiel's IS-MCTS.

            It is a clone of this state (same `move_number()` and `history()`, which the move
            bound counts) holding the library's `resample_from_infostate` of the wrapped state,
            drawn from a `random.Random` seeded by the sampler (see the module docstring for the
            two sampler conventions). A perfect-information game's resample is the clone itself.

            Raises:
                InvalidRequestError: `player_id` is not a seat, or the sampler is not one of the
                    two conventions or returns something else.
            """
            seat = self._seat(player_id)
            seed = sampler_seed(probability_sampler)
            twin: _State = self.clone()
            if resample is not None:
                twin.box = _Shared(spec.module_name, resample(self.inner, seat, random.Random(seed)))
            return twin

    class _Observer:
        """The player's view as a string, and as a tensor where the game defines one.

        OpenSpiel's Python observers hold one buffer, `tensor`, and in `dict` views of it (C++
        copies the tensor out of `dict`): here `dict["observation"]` is `tensor` itself. `set_from`
        writes the game's numpy encoding (`observation_array` / `information_state_array` of its
        `tensors` module) straight into `tensor` through `out=`, where the game has it, and else
        copies the tuple of its `observation_tensor` / `information_state_tensor`.
        """

        def __init__(self, game: _Game, perfect_recall: bool) -> None:
            self.perfect_recall = perfect_recall
            self.players = game.num_players()
            tensor = None
            self._tuple_of = info_tensor if perfect_recall else obs_tensor
            self._array_of = info_array if perfect_recall else obs_array
            if self._tuple_of is not None:
                np = require("numpy", "OpenSpiel observation tensors")
                size = len(self._tuple_of(game.tabletop_initial.state, 0))
                tensor = np.zeros(size, np.float32)
            else:
                self._array_of = None
            self.tensor = tensor
            self.dict: dict[str, Any] = {} if tensor is None else {"observation": tensor}

        def _check(self, state: object, player: object) -> int:
            if not isinstance(state, _State):
                raise InvalidRequestError(f"not a state of {spec.short_name}: a {type(state).__name__[:40]}")
            seat = exact_integer(player)
            if seat is None or not 0 <= seat < self.players:
                raise InvalidRequestError(
                    f"{brief(player)} is not a player of this game (0..{self.players - 1})"
                )
            return seat

        def set_from(self, state: _State, player: int) -> None:
            seat = self._check(state, player)
            tensor = self.tensor
            if tensor is None:
                return
            if self._array_of is not None:
                self._array_of(state.inner, seat, out=tensor)  # written in place, no copy
            elif self._tuple_of is not None:
                tensor[:] = self._tuple_of(state.inner, seat)

        def string_from(self, state: _State, player: int) -> str:
            seat = self._check(state, player)
            hidden = self.perfect_recall or not perfect
            if hidden and hasattr(module, "information_state_string"):
                return str(module.information_state_string(state.inner, seat))
            return str(module.to_json(state.inner))

    pyspiel.register_game(game_type, _Game)
    _REGISTERED[spec.short_name] = spec


def _encoders(
    module: ModuleType, observation: str, information_state: str
) -> tuple[Callable[..., Any] | None, Callable[..., Any] | None]:
    """The game's two encoders named `observation` and `information_state`, where it has them.

    They are taken from the game module, or else from its `tensors` module (`<game>.tensors`):
    the tuple functions (`observation_tensor`, ...) or their numpy forms (`observation_array`,
    ...), which a game may not have (the observer then copies the tuple).
    """
    return _from_module(module, observation, "tensors"), _from_module(module, information_state, "tensors")


def _float32_list(encode: Callable[..., Any], inner: Any, seat: int) -> list[float]:
    """The tuple tensor of a game without a numpy form, as the list of float32 values OpenSpiel
    returns (rounded to float32, as OpenSpiel's C++ buffer rounds it)."""
    np = require("numpy", "OpenSpiel observation tensors")
    return np.asarray(encode(inner, seat), np.float32).tolist()  # type: ignore[no-any-return]


def _from_module(module: ModuleType, name: str, submodule: str) -> Callable[..., Any] | None:
    """The function `name` of the game module, or else of its `submodule`, or `None`."""
    function = getattr(module, name, None)
    if function is None:
        part = _submodule(module.__name__, submodule)
        function = getattr(part, name, None)
    return function


def _submodule(module_name: str, submodule: str) -> ModuleType | None:
    """`<module_name>.<submodule>`, or `None` where the game has no such module."""
    name = f"{module_name}.{submodule}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return None


def _utility_kind(total: float | None) -> Any:
    if total is None:
        return pyspiel.GameType.Utility.GENERAL_SUM
    if total == 0:
        return pyspiel.GameType.Utility.ZERO_SUM
    return pyspiel.GameType.Utility.CONSTANT_SUM


def _valandris() -> GameSpec:
    from tabletop_rules import valandris

    def options(params: Mapping[str, Any]) -> valandris.Options:
        return valandris.Options.from_dict(dict(params))

    def bound(params: Mapping[str, Any]) -> float:
        cap = options(params).max_turns
        if cap is None:
            raise InvalidOptionError("tabletop_valandris needs max_turns")
        return cap + 1.0

    return GameSpec(
        short_name="tabletop_valandris",
        long_name="Valandris (tabletop_rules)",
        module_name="tabletop_rules.valandris",
        parameters=valandris.Options().to_dict(),
        new_state=lambda params: valandris.new_game(options(params)),
        utility=lambda params: (-bound(params), bound(params), 0.0),
    )


def _chrononauts() -> GameSpec:
    from tabletop_rules import chrononauts

    def new_state(params: Mapping[str, Any]) -> Any:
        options = {"max_turns": int(params["max_turns"]), "variant": str(params["variant"])}
        return chrononauts.new_game(options, players=int(params["players"]))

    return GameSpec(
        short_name="tabletop_chrononauts",
        long_name="Chrononauts (tabletop_rules)",
        module_name="tabletop_rules.chrononauts",
        # A game has no natural length bound (a deck can recycle for ever), so the turn cap of
        # C-RULING-38 is a parameter, and the OpenSpiel game is also cut at the matching move bound.
        parameters={"players": 4, "variant": "chrononauts", "max_turns": 500},
        new_state=new_state,
        utility=lambda params: (-1.0, 1.0, None),
        truncate=True,
    )


def _trismaugistus() -> GameSpec:
    from tabletop_rules import trismaugistus

    return GameSpec(
        short_name="tabletop_trismaugistus",
        long_name="Trismaugistus automa, fictional example pack (tabletop_rules)",
        module_name="tabletop_rules.trismaugistus",
        # The human's reports have no natural bound (a finished automa leaves the human free to end
        # turns), so the OpenSpiel game is cut after the atomic moves of ``max_turns`` turns.
        parameters={"max_turns": 2000},
        new_state=lambda params: trismaugistus.new_game(),
        utility=lambda params: (-10_000.0, 0.0, None),
        truncate=True,
        max_length=lambda params, state: trismaugistus.max_game_length(state, int(params["max_turns"])),
    )


_SPECS: Mapping[str, Callable[[], GameSpec]] = {
    "valandris": _valandris,
    "chrononauts": _chrononauts,
    "trismaugistus": _trismaugistus,
}


def spec_for(name: str) -> GameSpec:
    """The built-in spec of one of the library's games (`"valandris"`, ...).

    Raises:
        InvalidOptionError: `name` is not one of them.
    """
    if type(name) is not str or name not in _SPECS:
        raise InvalidOptionError(f"no tabletop_rules game {brief(name)}; the games are {', '.join(_SPECS)}")
    return _SPECS[name]()


def register_all() -> list[str]:
    """Register every game of the library; returns the OpenSpiel short names."""
    names = []
    for build in _SPECS.values():
        spec = build()
        register(spec)
        names.append(spec.short_name)
    return names
