"""Expose the library's games to OpenSpiel.

Needs the ``openspiel`` extra: ``pip install 'tabletop-rules[openspiel]'``.

::

    import pyspiel
    from tabletop_rules.adapters import openspiel

    openspiel.register_all()
    game = pyspiel.load_game("tabletop_valandris", {"max_turns": 30})
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)

Each game is registered with ``pyspiel.register_game``: a ``GameType`` with the
game's dynamics, chance mode, information and utility, a ``GameInfo`` with a
fixed action space (the game's own stable move encoding), and a Python state that
wraps the library's immutable state.  Chance outcomes carry the game's exact
probabilities (as floats, which OpenSpiel requires).  Serialisation uses
OpenSpiel's action history, which replays exactly because the rules are pure.

Caveat: in open-spiel 2.0.2, ``MCTSBot.step`` crashes on Python games because its
binding releases the GIL; call ``MCTSBot.mcts_search(state)`` and pick the most
visited child yourself (``best_mcts_action`` below does this).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs
import pyspiel

from tabletop_rules.core.protocol import CHANCE

__all__ = ["GameSpec", "best_mcts_action", "register", "register_all", "spec_for"]


@attrs.frozen
class GameSpec:
    """How one of the library's games maps onto OpenSpiel.

    Attributes:
        short_name: the name given to ``pyspiel.load_game``.
        long_name: a readable title.
        module: the game module (``tabletop_rules.valandris``, ...).
        parameters: OpenSpiel parameters with their defaults.
        new_state: the library state for a parameter dict.
        num_actions: the size of the decision space.
        chance_outcomes: the size of the chance-outcome space.
        encode, decode: decision <-> id, given the current state.
        encode_chance, decode_chance: chance outcome <-> id, given the current state.
        players: number of players for a parameter dict.
        utility: (min, max, sum) of the returns for a parameter dict (sum ``None``
            for a game that is not constant-sum).
        max_length: the most atomic moves a game can last, for a parameter dict.
        perfect_information: whether the game hides nothing.
        observation: a player's view as a string (defaults to the full state).
        truncate: for games with no natural length bound, the OpenSpiel game ends
            (with the game's current returns) after ``max_length`` atomic moves.
    """

    short_name: str
    long_name: str
    module: Any
    parameters: Mapping[str, Any]
    new_state: Callable[[Mapping[str, Any]], Any]
    num_actions: int
    chance_outcomes: int
    encode: Callable[[Any, Any], int]
    decode: Callable[[Any, int], Any]
    encode_chance: Callable[[Any, Any], int]
    decode_chance: Callable[[Any, int], Any]
    players: Callable[[Mapping[str, Any]], int]
    utility: Callable[[Mapping[str, Any]], tuple[float, float, float | None]]
    max_length: Callable[[Mapping[str, Any]], int]
    perfect_information: bool
    observation: Callable[[Any, int], str] | None = None
    truncate: bool = False


_REGISTERED: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> None:
    """Register ``spec`` with OpenSpiel under ``spec.short_name`` (once per process)."""
    if spec.short_name in _REGISTERED:
        return
    defaults = dict(spec.parameters)
    players = spec.players(defaults)
    total = spec.utility(defaults)[2]
    game_type = pyspiel.GameType(
        short_name=spec.short_name,
        long_name=spec.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION
        if spec.perfect_information
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_utility_kind(total),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=defaults,
    )

    class _Game(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: Mapping[str, Any] | None = None) -> None:
            merged = {**defaults, **(params or {})}
            low, high, utility_sum = spec.utility(merged)
            info = pyspiel.GameInfo(
                num_distinct_actions=spec.num_actions,
                max_chance_outcomes=spec.chance_outcomes,
                num_players=spec.players(merged),
                min_utility=low,
                max_utility=high,
                utility_sum=utility_sum,
                max_game_length=spec.max_length(merged),
            )
            super().__init__(game_type, info, merged)
            self.tabletop_parameters = merged
            self.tabletop_limit = spec.max_length(merged) if spec.truncate else None

        def new_initial_state(self) -> _State:
            return _State(self, spec.new_state(self.tabletop_parameters))

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
            return _Observer()

    class _State(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: _Game, inner: Any) -> None:
            super().__init__(game)
            self.inner = inner
            self.limit = game.tabletop_limit

        def _cut(self) -> bool:
            return self.limit is not None and len(self.history()) >= self.limit

        def current_player(self) -> int:
            if self._cut():
                return int(pyspiel.PlayerId.TERMINAL)
            actor = spec.module.current_player(self.inner)
            if actor is None:
                return int(pyspiel.PlayerId.TERMINAL)
            if actor is CHANCE:
                return int(pyspiel.PlayerId.CHANCE)
            return int(actor)

        def _legal_actions(self, player: int) -> list[int]:
            if self._cut():
                return []
            return sorted(spec.encode(self.inner, m) for m in spec.module.legal_moves(self.inner))

        def chance_outcomes(self) -> list[tuple[int, float]]:
            outcomes = spec.module.chance_outcomes(self.inner)
            return sorted((spec.encode_chance(self.inner, m), float(p)) for m, p in outcomes)

        def _apply_action(self, action: int) -> None:
            if spec.module.current_player(self.inner) is CHANCE:
                move = spec.decode_chance(self.inner, action)
            else:
                move = spec.decode(self.inner, action)
            self.inner = spec.module.apply(self.inner, move)

        def _action_to_string(self, player: int, action: int) -> str:
            if player == pyspiel.PlayerId.CHANCE:
                return str(spec.module.move_to_str(self.inner, spec.decode_chance(self.inner, action)))
            return str(spec.module.move_to_str(self.inner, spec.decode(self.inner, action)))

        def is_terminal(self) -> bool:
            return bool(spec.module.is_terminal(self.inner)) or self._cut()

        def returns(self) -> list[float]:
            return [float(x) for x in spec.module.returns(self.inner)]

        def __str__(self) -> str:
            return str(spec.module.to_json(self.inner))

    class _Observer:
        """String observations only: the player's view (the whole state when nothing is hidden)."""

        def __init__(self) -> None:
            self.tensor = None
            self.dict: dict[str, Any] = {}

        def set_from(self, state: _State, player: int) -> None:
            pass

        def string_from(self, state: _State, player: int) -> str:
            if spec.observation is not None:
                return spec.observation(state.inner, player)
            return str(spec.module.to_json(state.inner))

    pyspiel.register_game(game_type, _Game)
    _REGISTERED[spec.short_name] = spec


def _utility_kind(total: float | None) -> Any:
    if total is None:
        return pyspiel.GameType.Utility.GENERAL_SUM
    if total == 0:
        return pyspiel.GameType.Utility.ZERO_SUM
    return pyspiel.GameType.Utility.CONSTANT_SUM


def spec_for(name: str) -> GameSpec:
    """The built-in spec of one of the library's games (``"valandris"``, ...)."""
    from tabletop_rules.adapters import _openspiel_specs

    return _openspiel_specs.SPECS[name]()


def register_all() -> list[str]:
    """Register every game of the library; returns the OpenSpiel short names."""
    from tabletop_rules.adapters import _openspiel_specs

    names = []
    for build in _openspiel_specs.SPECS.values():
        spec = build()
        register(spec)
        names.append(spec.short_name)
    return names


def best_mcts_action(bot: Any, state: Any) -> int:
    """The most visited root action of ``bot.mcts_search(state)`` (use instead of ``MCTSBot.step``)."""
    root = bot.mcts_search(state)
    best = max(root.children, key=lambda child: (child.explore_count, child.total_reward))
    return int(best.action)
