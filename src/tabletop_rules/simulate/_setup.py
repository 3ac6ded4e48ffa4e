"""A run's arguments checked once, before the first game: `_prepare` gives the `_Run` sent to workers."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

import attrs

from tabletop_rules.agents._search import load_game
from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError, TabletopRulesError
from tabletop_rules.core.jsonio import as_int, brief
from tabletop_rules.core.protocol import Game
from tabletop_rules.simulate._records import MAX_MOVE_LIMIT, MAX_PLAYERS, AgentSpec


@attrs.frozen
class _Run:
    """What every game of a run is played with (checked once, then sent to the workers)."""

    module: str
    agents: tuple[AgentSpec, ...]
    options: Any
    setup: Mapping[str, Any]
    max_moves: int | None
    start: Callable[[], Any] | None


@attrs.frozen
class _Prepared:
    game: Game[Any, Any]
    run: _Run
    initial: Any
    players: int


def _prepare(
    game: object,
    what: str,
    *,
    agents: object,
    options: object,
    setup: object,
    max_moves: object,
    start: object,
) -> _Prepared:
    """Check every argument that defines the games, and build the initial state once.

    Raises:
        InvalidOptionError: on a bad argument (naming it), options or setup that ``new_game``
            refuses, or a ``start`` that fails.
        InvalidStateError: if the initial state is not a valid state of the game.
    """
    if not isinstance(game, ModuleType):
        raise InvalidOptionError(f"{what} takes a game module, not {brief(game)}")
    name = game.__name__
    if type(name) is not str or load_game(name) is not game:
        raise InvalidOptionError(
            f"{what}: the module {brief(name)} is not the one its name imports (workers import games by name)"
        )
    checked: Game[Any, Any] = game  # load_game checked the protocol
    if max_moves is not None:
        as_int(max_moves, "max_moves", low=0, high=MAX_MOVE_LIMIT, error=InvalidOptionError)
    if start is not None:
        if not callable(start):
            raise InvalidOptionError(f"start must be a function of no arguments or None, not {brief(start)}")
        if options is not None or setup:
            raise InvalidOptionError("start= builds the initial state itself: give start= or options=/setup=")
        setup_dict: dict[str, Any] = {}
        initial = _call(start, "start()")
    else:
        setup_dict = _check_setup(checked, setup)
        initial = _call(lambda: checked.new_game(options, **setup_dict), "new_game(options, **setup)")
    players = _check_initial(checked, initial)
    return _Prepared(
        checked,
        _Run(name, _check_agents(agents, players), options, setup_dict, max_moves, start),  # type: ignore[arg-type]
        initial,
        players,
    )


def _call(make: Callable[[], Any], what: str) -> Any:
    """``make()``; the library's errors pass, anything else becomes ``InvalidOptionError``."""
    try:
        return make()
    except TabletopRulesError:
        raise
    except Exception as exc:
        raise InvalidOptionError(f"{what} failed ({type(exc).__name__}: {_cut(str(exc), 200)})") from exc


def _check_setup(game: Game[Any, Any], setup: object) -> dict[str, Any]:
    """``setup`` as a dict, if ``new_game`` takes each of its keys as a keyword argument."""
    if setup is None:
        return {}
    if not isinstance(setup, Mapping) or not all(type(key) is str for key in setup):
        raise InvalidOptionError(f"setup must be a dict of new_game's keyword arguments, not {brief(setup)}")
    found = dict(setup)
    try:
        parameters = list(inspect.signature(game.new_game).parameters.values())
    except (TypeError, ValueError):  # pragma: no cover - a builtin without a signature
        return found
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        return found
    named = [p.name for p in parameters if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    allowed = set(named[1:])  # the first is the options
    unknown = sorted(key for key in found if key not in allowed)
    if unknown:
        takes = ", ".join(sorted(allowed)) or "no keyword arguments"
        raise InvalidOptionError(f"setup: new_game takes {takes}, not {brief(unknown)}")
    return found


def _check_initial(game: Game[Any, Any], initial: Any) -> int:
    """The player count of the initial state, after checking it is a valid state of the game."""
    kind = getattr(game, "State", None)
    if isinstance(kind, type) and type(initial) is not kind:
        raise InvalidStateError(
            f"the initial state is a {type(initial).__qualname__}, not a {game.__name__}.State"  # type: ignore[attr-defined]
        )
    validate = getattr(game, "validate", None)
    if callable(validate):
        validate(initial)
    values = _call(lambda: game.returns(initial), "returns(initial state)")
    if type(values) not in (tuple, list) or not 1 <= len(values) <= MAX_PLAYERS:
        raise InvalidStateError(
            f"returns(initial state) must give 1 to {MAX_PLAYERS} values, not {brief(values)}"
        )
    return len(values)


def _check_agents(agents: object, players: int) -> tuple[AgentSpec, ...]:
    if agents is None:
        return (None,) * players
    if type(agents) not in (list, tuple):
        raise InvalidOptionError(
            f"agents must be a list or tuple of one agent per player, not {brief(agents)}"
        )
    found: tuple[Any, ...] = tuple(agents)  # type: ignore[arg-type]
    if len(found) != players:
        raise InvalidOptionError(
            f"agents: the game has {players} players, but {len(found)} agents were given"
        )
    for seat, agent in enumerate(found):
        if agent is not None and not callable(agent):
            raise InvalidOptionError(
                f"agents[{seat}] must be an agent(state, rng) or None, not {brief(agent)}"
            )
    return found


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
