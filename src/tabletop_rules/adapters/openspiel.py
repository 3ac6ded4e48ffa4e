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
  module, or else from its `tensors` module), so
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

Caveat: in open-spiel 2.0.2, `MCTSBot.step` crashes on Python games because its
binding releases the GIL; call `MCTSBot.mcts_search(state)` and pick the most
visited child yourself (`best_mcts_action` does this).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

import attrs

from tabletop_rules.core.extras import require
from tabletop_rules.core.protocol import CHANCE

if TYPE_CHECKING:
    import pyspiel
else:
    pyspiel = require("pyspiel", "tabletop_rules.adapters.openspiel")

__all__ = ["GameSpec", "best_mcts_action", "register", "register_all", "spec_for"]


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
    """

    short_name: str
    long_name: str
    module_name: str
    parameters: Mapping[str, Any]
    new_state: Callable[[Mapping[str, Any]], Any]
    utility: Callable[[Mapping[str, Any]], tuple[float, float, float | None]]
    truncate: bool = False
    max_length: Callable[[Mapping[str, Any], Any], int | None] | None = None

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
    if module_name not in _MODULES:
        raise ValueError(f"not a tabletop_rules game: {module_name!r}")
    return _Shared(module_name, importlib.import_module(module_name).from_json(text))


_MODULES = frozenset(
    {"tabletop_rules.valandris", "tabletop_rules.chrononauts", "tabletop_rules.trismaugistus"}
)
_REGISTERED: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> None:
    """Register `spec` with OpenSpiel under `spec.short_name` (once per process)."""
    if spec.short_name in _REGISTERED:
        return
    module = spec.module
    info = module.GAME_INFO
    defaults = dict(spec.parameters)
    first = spec.new_state(defaults)
    players = len(module.returns(first))
    total = spec.utility(defaults)[2]
    obs_tensor, info_tensor = _tensor_functions(module)
    has_obs_tensor = obs_tensor is not None
    if info_tensor is None and info.perfect_information:
        info_tensor = obs_tensor  # the whole state is the information state
    has_info_tensor = info_tensor is not None
    game_type = pyspiel.GameType(
        short_name=spec.short_name,
        long_name=spec.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION
        if info.perfect_information
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
                raise ValueError(f"{spec.short_name} needs a bounded game: set a turn cap")
            super().__init__(
                game_type,
                pyspiel.GameInfo(
                    num_distinct_actions=module.num_actions(initial),
                    max_chance_outcomes=module.num_chance_outcomes(initial),
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

        def new_initial_state(self) -> _State:
            return _State(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
            perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
            return _Observer(self, perfect_recall)

    class _State(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: _Game) -> None:
            super().__init__(game)
            self.box = game.tabletop_initial
            self.limit = game.tabletop_limit

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
            return sorted(module.move_to_action(inner, m) for m in module.legal_moves(inner))

        def chance_outcomes(self) -> list[tuple[int, float]]:
            inner = self.inner
            outcomes = module.chance_outcomes(inner)
            return sorted((module.move_to_chance(inner, m), float(p)) for m, p in outcomes)

        def _apply_action(self, action: int) -> None:
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

        def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> _State:
            """A state the player cannot tell from this one (for OpenSpiel's IS-MCTS).

            OpenSpiel passes a sampler of (outcome, probability) lists; the library's
            `resample_from_infostate` needs a `random.Random`, seeded here from one draw
            of that sampler so the choice stays reproducible under OpenSpiel's seed.
            """
            import random

            seed = probability_sampler([(i, 1 / 1024) for i in range(1024)])
            state = _State(self.get_game())
            state.box = _Shared(
                spec.module_name,
                module.resample_from_infostate(self.inner, player_id, random.Random(seed)),
            )
            return state

        def __str__(self) -> str:
            return str(module.to_json(self.inner))

    class _Observer:
        """The player's view as a string, and as a tensor where the game defines one."""

        def __init__(self, game: _Game, perfect_recall: bool) -> None:
            self.perfect_recall = perfect_recall
            tensor = None
            self._tensor_of = info_tensor if perfect_recall else obs_tensor
            if self._tensor_of is not None:
                np = require("numpy", "OpenSpiel observation tensors")
                size = len(self._tensor_of(game.tabletop_initial.state, 0))
                tensor = np.zeros(size, np.float32)
            self.tensor = tensor
            self.dict: dict[str, Any] = {} if tensor is None else {"observation": tensor}

        def set_from(self, state: _State, player: int) -> None:
            if self._tensor_of is not None and self.tensor is not None:
                self.tensor[:] = self._tensor_of(state.inner, player)

        def string_from(self, state: _State, player: int) -> str:
            hidden = self.perfect_recall or not info.perfect_information
            if hidden and hasattr(module, "information_state_string"):
                return str(module.information_state_string(state.inner, player))
            return str(module.to_json(state.inner))

    if not hasattr(module, "resample_from_infostate"):
        del _State.resample_from_infostate
    pyspiel.register_game(game_type, _Game)
    _REGISTERED[spec.short_name] = spec


def _tensor_functions(module: ModuleType) -> tuple[Callable[..., Any] | None, Callable[..., Any] | None]:
    """The game's `observation_tensor` and `information_state_tensor`, where it has them.

    They are taken from the game module, or else from its `tensors` module (`<game>.tensors`).
    """
    found: list[Callable[..., Any] | None] = []
    tensors: ModuleType | None = None
    for name in ("observation_tensor", "information_state_tensor"):
        function = getattr(module, name, None)
        if function is None:
            if tensors is None:
                tensors = _tensors_module(module.__name__)
            function = getattr(tensors, name, None)
        found.append(function)
    return found[0], found[1]


def _tensors_module(module_name: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"{module_name}.tensors")
    except ModuleNotFoundError as error:
        if error.name != f"{module_name}.tensors":
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
            raise ValueError("tabletop_valandris needs max_turns")
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
    """The built-in spec of one of the library's games (`"valandris"`, ...)."""
    return _SPECS[name]()


def register_all() -> list[str]:
    """Register every game of the library; returns the OpenSpiel short names."""
    names = []
    for build in _SPECS.values():
        spec = build()
        register(spec)
        names.append(spec.short_name)
    return names


def best_mcts_action(bot: Any, state: Any) -> int:
    """The most visited root action of `bot.mcts_search(state)` (use instead of `MCTSBot.step`)."""
    root = bot.mcts_search(state)
    best = max(root.children, key=lambda child: (child.explore_count, child.total_reward))
    return int(best.action)
