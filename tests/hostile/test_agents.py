"""Hostile callers of the agents: constructors, game names, decisions and descriptions.

`MCTS` and `ISMCTS` take their constants by exact type and range and their game by importable name;
every agent (the search agents and each game's own agent functions) refuses a call with no decision to
make with a typed error; `agent_spec` describes any agent as stable JSON, or refuses with a typed error.
"""

from __future__ import annotations

import functools
import json
import math
import pickle
import random
import sys
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules import chrononauts, trismaugistus, valandris
from tabletop_rules.agents import ISMCTS, MAX_CONSTANT, MAX_ITERATIONS, MAX_SECONDS, MCTS, agent_spec
from tabletop_rules.agents.spec import MAX_SPEC_CHARS, value_spec
from tabletop_rules.chrononauts import agents as chrononauts_agents
from tabletop_rules.chrononauts.lookahead import SampledLookahead
from tabletop_rules.core import CHANCE, TabletopRulesError
from tabletop_rules.core.errors import IllegalMoveError, InvalidOptionError, InvalidStateError
from tabletop_rules.testing import finished_playout
from tabletop_rules.trismaugistus import agents as trismaugistus_agents
from tabletop_rules.valandris import agents as valandris_agents
from tests.agents import kuhn

VALANDRIS = "tabletop_rules.valandris"
KUHN = "tests.agents.kuhn"

# --------------------------------------------------------------------------------- constructor values

NOT_NUMBERS: list[object] = [
    True,
    False,
    "1",
    b"1",
    [1],
    (1,),
    {1: 1},
    Fraction(1, 2),
    Decimal("0.5"),
    np.float64(0.5),
    np.int64(3),
    1 + 0j,
    object(),
]
NOT_FINITE = [math.nan, math.inf, -math.inf]


def _bad_values(high: float, *, integer: bool) -> list[object]:
    """Values a hostile caller gives for a number in (0, high]: wrong types, non-finite, out of range."""
    out: list[object] = [*NOT_NUMBERS, *NOT_FINITE, 0, -1, -1.5, 10**400, -(10**400), 1e308]
    out += [high + 1, high * 2 + 0.5] if high > 1 else [1.0000001, 2]
    if integer:
        out += [0.5, 1.0, 10.0]
    return out


PARAMETERS: list[tuple[str, list[object]]] = [
    ("iterations", _bad_values(MAX_ITERATIONS, integer=True)),
    ("seconds", _bad_values(MAX_SECONDS, integer=False)),
    ("exploration", [*_bad_values(MAX_CONSTANT, integer=False), None]),
    ("widening", _bad_values(MAX_CONSTANT, integer=False)),
    ("widening_exponent", [*_bad_values(1, integer=False), None]),
    ("rollout_agent", [3, "greedy_agent", b"x", 1.5, [valandris_agents.greedy_agent]]),
]
CASES = [(name, value) for name, values in PARAMETERS for value in values]


@pytest.mark.parametrize("agent", [MCTS, ISMCTS])
@pytest.mark.parametrize(("name", "value"), CASES, ids=lambda x: x if isinstance(x, str) else None)
def test_every_constructor_argument_is_checked_by_type_and_range(
    agent: type[Any], name: str, value: object
) -> None:
    """REL-AGENTS-1: a bad constant of `MCTS`/`ISMCTS` is an `InvalidOptionError` naming the argument."""
    game = KUHN if agent is ISMCTS else VALANDRIS
    with pytest.raises(InvalidOptionError, match=name):
        agent(game, **{name: value})


@pytest.mark.parametrize("agent", [MCTS, ISMCTS])
def test_the_range_ends_are_accepted(agent: type[Any]) -> None:
    """REL-AGENTS-1: the documented bounds themselves are valid (ints and floats alike)."""
    game = KUHN if agent is ISMCTS else VALANDRIS
    agent(
        game, iterations=MAX_ITERATIONS, seconds=MAX_SECONDS, exploration=MAX_CONSTANT, widening=MAX_CONSTANT
    )
    agent(game, iterations=1, seconds=1e-300, exploration=1e-300, widening=1, widening_exponent=1)
    agent(game, iterations=None, seconds=1, widening=None, widening_exponent=5e-324)
    with pytest.raises(InvalidOptionError, match="budget"):
        agent(game, iterations=None, seconds=None)


@settings(max_examples=200, deadline=None)
@given(
    name=st.sampled_from(["iterations", "seconds", "exploration", "widening", "widening_exponent"]),
    value=st.one_of(
        st.floats(allow_nan=True, allow_infinity=True),
        st.integers(min_value=-(2**80), max_value=2**80),
        st.booleans(),
        st.text(max_size=5),
        st.none(),
    ),
)
def test_any_value_is_accepted_only_within_its_range(name: str, value: object) -> None:
    """REL-AGENTS-1: any value either builds an agent whose constant is that exact value, or is refused."""
    high = {"iterations": MAX_ITERATIONS, "seconds": MAX_SECONDS, "widening_exponent": 1}.get(
        name, MAX_CONSTANT
    )
    integer = name == "iterations"
    allowed_none = name in ("iterations", "seconds", "widening")
    valid = (value is None and allowed_none) or (
        type(value) in ((int,) if integer else (int, float)) and 0 < value <= high  # type: ignore[operator]
    )
    kwargs: dict[str, object] = {name: value}
    if name == "iterations" and value is None:
        kwargs["seconds"] = 1.0  # a budget is still needed
    if not valid:
        with pytest.raises(InvalidOptionError, match=f"{name}|budget"):
            MCTS(VALANDRIS, **kwargs)
        return
    built = MCTS(VALANDRIS, **kwargs)
    assert getattr(built, name) is value or getattr(built, name) == value


# --------------------------------------------------------------------------------- game names


@pytest.fixture
def odd_modules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A folder on `sys.path` with modules that fail to import in various ways, or are not games."""
    (tmp_path / "hostile_raises.py").write_text("raise RuntimeError('boom at import')\n")
    (tmp_path / "hostile_syntax.py").write_text("def (:\n")
    (tmp_path / "hostile_not_a_game.py").write_text("GAME_INFO = 'valandris'\ndef new_game(): pass\n")
    (tmp_path / "hostile_half_a_game.py").write_text(
        "from tabletop_rules.valandris import GAME_INFO, new_game, apply\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    yield str(tmp_path)
    for name in [m for m in sys.modules if m.startswith("hostile_")]:
        del sys.modules[name]


GAME_NAMES: list[tuple[object, str]] = [
    ("tests.agents.no_such_game", "cannot be imported"),
    ("no_such_package.game", "cannot be imported"),
    ("hostile_raises", "cannot be imported"),
    ("hostile_syntax", "cannot be imported"),
    ("hostile_not_a_game", "not a game module"),
    ("hostile_half_a_game", "not a game module"),
    ("math", "not a game module"),
    ("tabletop_rules", "not a game module"),
    ("tabletop_rules.core", "not a game module"),
    ("", "dotted module name"),
    (".valandris", "dotted module name"),
    ("tabletop_rules..valandris", "dotted module name"),
    ("tabletop_rules.valandris ", "dotted module name"),
    ("a\x00b", "dotted module name"),
    ("\ud800", "dotted module name"),
    ("x" * 10_000, "dotted module name"),
    ("a." * 5_000 + "a", "dotted module name"),
    (3, "game module or its name"),
    (None, "game module or its name"),
    (b"tabletop_rules.valandris", "game module or its name"),
    (type("S", (str,), {})("tabletop_rules.valandris"), "game module or its name"),
    (valandris.State, "game module or its name"),
    (ModuleType("not_imported"), "cannot be imported"),
]


@pytest.mark.usefixtures("odd_modules")
@pytest.mark.parametrize("agent", [MCTS, ISMCTS])
@pytest.mark.parametrize(
    ("game", "match"), GAME_NAMES, ids=lambda x: repr(x)[:30] if not isinstance(x, str) else x[:30]
)
def test_a_game_that_is_not_an_importable_game_is_an_option_error(
    agent: type[Any], game: object, match: str
) -> None:
    """REL-AGENTS-2: unimportable names, modules failing at import, non-games, bad names: option errors."""
    with pytest.raises(InvalidOptionError, match=match) as caught:
        agent(game, iterations=3)
    assert len(str(caught.value)) < 300  # a huge name is not echoed whole


def test_a_game_module_outside_the_library_is_accepted() -> None:
    """REL-AGENTS-2: any module that implements the protocol is a game (Kuhn poker, in the tests)."""
    assert ISMCTS(kuhn, iterations=3).game == KUHN
    assert MCTS(KUHN, iterations=3).game == KUHN


# --------------------------------------------------------------------------------- decisions


def _roll(game: Any) -> Any:
    """A chance node of ``game`` reached in a seeded random game."""
    for seed in range(50):
        for state in finished_playout(game, seed).states(game):
            if game.current_player(state) is CHANCE:
                return state
    raise AssertionError("no chance node")  # pragma: no cover


@pytest.fixture(scope="module")
def states() -> dict[str, Any]:
    return {
        "valandris": valandris.new_game(),
        "valandris over": finished_playout(valandris, 1).final,
        "valandris roll": _roll(valandris),
        "trismaugistus": trismaugistus.new_game(),
        "trismaugistus over": finished_playout(trismaugistus, 1).final,
        "chrononauts": chrononauts.new_game(players=2),
        "chrononauts over": finished_playout(chrononauts, 1, initial=chrononauts.new_game(players=2)).final,
        "kuhn": kuhn.deal((0, 1), ""),
        "kuhn over": kuhn.deal((0, 1), "pp"),
        "kuhn deal": kuhn.new_game(),
    }


AGENTS: list[tuple[str, Callable[[], Callable[[Any, random.Random], Any]], str, list[str]]] = [
    # (label, agent factory, its game, the states it must refuse)
    ("MCTS", lambda: MCTS(VALANDRIS, iterations=3), "valandris", ["valandris over", "valandris roll"]),
    ("ISMCTS", lambda: ISMCTS(KUHN, iterations=3), "kuhn", ["kuhn over", "kuhn deal"]),
    (
        "greedy_agent",
        lambda: valandris_agents.greedy_agent,
        "valandris",
        ["valandris over", "valandris roll"],
    ),
    (
        "random_agent",
        lambda: valandris_agents.random_agent,
        "valandris",
        ["valandris over", "valandris roll"],
    ),
    ("random_agent", lambda: trismaugistus_agents.random_agent, "trismaugistus", ["trismaugistus over"]),
    (
        "heuristic_human",
        lambda: trismaugistus_agents.heuristic_human,
        "trismaugistus",
        ["trismaugistus over"],
    ),
    ("heuristic_agent", lambda: chrononauts_agents.heuristic_agent, "chrononauts", ["chrononauts over"]),
    ("rollout_agent", lambda: chrononauts_agents.rollout_agent, "chrononauts", ["chrononauts over"]),
    (
        "SampledLookahead",
        lambda: SampledLookahead(1, 1, 1),
        "chrononauts",
        ["chrononauts over", "chrononauts"],
    ),
    (
        "Tactics",
        lambda: valandris_agents.Tactics(valandris_agents.greedy_agent),
        "valandris",
        ["valandris over", "valandris roll"],
    ),
]


@pytest.mark.parametrize(
    ("label", "make", "game", "no_decision"), AGENTS, ids=[f"{a[2]}-{a[0]}" for a in AGENTS]
)
def test_every_agent_refuses_a_call_with_no_decision_to_make(
    states: dict[str, Any], label: str, make: Any, game: str, no_decision: list[str]
) -> None:
    """REL-AGENTS-3: a finished game, a chance node, another game's state, a non-state or a bad rng.

    Each is a typed error (`InvalidStateError`; `InvalidOptionError` for the rng; Trismaugistus'
    reporters keep their `IllegalMoveError` at chance and at the end), never an `IndexError`,
    `AttributeError` or `KeyError`.
    """
    agent = make()
    for key in no_decision:
        with pytest.raises((InvalidStateError, IllegalMoveError), match=r"decid|over|chance|roll|no player"):
            agent(states[key], random.Random(0))
    foreign = [k for k in states if not k.startswith(game)]
    for key in foreign:
        with pytest.raises(InvalidStateError, match=f"{label} plays"):
            agent(states[key], random.Random(0))
    for junk in (None, 3, "state", object(), {"phase": 1}):
        with pytest.raises(InvalidStateError, match=f"{label} plays"):
            agent(junk, random.Random(0))
    for rng in (None, 7, "seed", np.random.default_rng(0), random):
        with pytest.raises(InvalidOptionError, match=r"random\.Random"):
            agent(states[game], rng)


# --------------------------------------------------------------------------------- pickling and specs


def test_agents_pickle_and_describe_themselves_stably() -> None:
    """REL-AGENTS-4: a pickled agent is equal, has the same spec, and the spec is plain JSON data."""
    agent = MCTS(
        valandris,
        iterations=7,
        seconds=2.5,
        exploration=0.75,
        widening=None,
        widening_exponent=1,
        rollout_agent=valandris_agents.greedy_agent,
    )
    copy = pickle.loads(pickle.dumps(agent))
    assert copy == agent
    assert agent_spec(copy) == agent_spec(agent) == agent.spec()
    assert json.loads(json.dumps(agent.spec())) == {
        "agent": "tabletop_rules.agents.MCTS",
        "game": VALANDRIS,
        "iterations": 7,
        "seconds": 2.5,
        "exploration": 0.75,
        "widening": None,
        "widening_exponent": 1,
        "rollout_agent": {"agent": "tabletop_rules.valandris.agents.greedy_agent"},
    }
    assert agent_spec(MCTS(VALANDRIS, iterations=8)) != agent_spec(MCTS(VALANDRIS, iterations=7))
    ismcts = ISMCTS(KUHN, iterations=4, rollout_agent=MCTS(VALANDRIS, iterations=2))
    assert agent_spec(ismcts)["rollout_agent"]["agent"] == "tabletop_rules.agents.MCTS"
    assert agent_spec(None) is None


def test_a_spec_is_the_same_in_another_process() -> None:
    """REL-AGENTS-4: descriptions depend on the agent alone, not on the process (no ids, no addresses)."""
    agents = [
        MCTS(VALANDRIS, iterations=3, rollout_agent=valandris_agents.greedy_agent),
        valandris_agents.greedy_agent,
        functools.partial(trismaugistus.new_game_with_setup, "setup d3 exp=FX-S1 art=FX-AS1"),
        None,
    ]
    here = [agent_spec(a) for a in agents]
    with ProcessPoolExecutor(1) as pool:
        there = list(pool.map(agent_spec, agents))
    assert there == here


@attrs.frozen
class _AttrsAgent:
    depth: int
    weights: tuple[float, ...]

    def __call__(self, state: Any, rng: random.Random) -> Any:  # pragma: no cover - never played here
        return None


class _Opaque:
    def __call__(self, state: Any, rng: random.Random) -> Any:  # pragma: no cover
        return None


def test_specs_of_every_kind_of_agent() -> None:
    """REL-AGENTS-4: functions, partials, attrs records, opaque objects: stable JSON per parameter set."""
    assert agent_spec(valandris_agents.greedy_agent) == {
        "agent": "tabletop_rules.valandris.agents.greedy_agent"
    }
    assert agent_spec(_AttrsAgent(2, (0.5, 1.0))) == {
        "agent": f"{__name__}._AttrsAgent",
        "depth": 2,
        "weights": [0.5, 1.0],
    }
    assert agent_spec(_AttrsAgent(2, (0.5,))) != agent_spec(_AttrsAgent(3, (0.5,)))
    assert agent_spec(_Opaque()) == {"agent": f"{__name__}._Opaque"}
    part = agent_spec(functools.partial(valandris_agents.greedy_agent, state=None))
    assert part["func"] == {"agent": "tabletop_rules.valandris.agents.greedy_agent"}
    assert part["keywords"] == {"state": None}
    long = agent_spec(_AttrsAgent(1, tuple(float(i) for i in range(10_000))))
    assert set(long) == {"sha256", "chars"}
    assert long["chars"] > MAX_SPEC_CHARS
    assert long != agent_spec(_AttrsAgent(1, tuple(float(i) for i in range(10_001))))


class _SpecRaises:
    def spec(self) -> Any:
        raise KeyError("nope")


class _SpecReturns:
    def __init__(self, value: Any) -> None:
        self.value = value

    def spec(self) -> Any:
        return self.value


class _HostileMapping(Mapping[str, int]):
    def __getitem__(self, key: str) -> int:
        raise RuntimeError("no")

    def __iter__(self) -> Iterator[str]:
        raise RuntimeError("no")

    def __len__(self) -> int:
        return 1


@pytest.mark.parametrize(
    "agent",
    [
        _SpecRaises(),
        _SpecReturns({1, 2}),
        _SpecReturns(math.nan),
        _SpecReturns({1: "a"}),
        _SpecReturns(object()),
        _SpecReturns("\ud800"),
        _SpecReturns(10**5000),
        _SpecReturns(functools.reduce(lambda acc, _: [acc], range(100), [])),
    ],
    ids=["raises", "set", "nan", "int key", "object", "surrogate", "huge int", "deep"],
)
def test_a_hostile_spec_is_an_option_error(agent: object) -> None:
    """REL-AGENTS-4: a `spec()` that raises or returns what is not JSON data: `InvalidOptionError`."""
    with pytest.raises(InvalidOptionError, match="spec"):
        agent_spec(agent)


def test_hostile_values_are_described_or_refused_with_a_typed_error() -> None:
    """REL-AGENTS-4: self-containing lists, deep nesting, hostile mappings and lone surrogates."""
    loop: list[Any] = []
    loop.append(loop)
    assert json.dumps(value_spec(loop))  # cut at a fixed depth, never a RecursionError
    deep: Any = []
    for _ in range(100_000):
        deep = [deep]
    assert json.dumps(value_spec(deep))
    assert value_spec(math.nan) == {"float": "nan"}
    assert set(value_spec("\ud800")) == {"text_sha256"}
    assert value_spec(type("S", (str,), {"__str__": lambda self: 1 / 0})("x"))["value"] == "x"
    with pytest.raises(InvalidOptionError, match="cannot describe"):
        value_spec(_HostileMapping())
    with pytest.raises(TabletopRulesError):
        agent_spec(_SpecReturns([_HostileMapping()]))


def test_the_perfect_agent_describes_its_tablebase_and_checks_its_rng() -> None:
    """REL-AGENTS-3, REL-AGENTS-4: the solver's `PerfectAgent` by its side and checksum; a bad rng is refused.

    The agent is built from its pickled form, so no tablebase is solved or loaded: both checks come first.
    """
    from tabletop_rules.valandris.solver.agents import PerfectAgent

    agent = PerfectAgent.__new__(PerfectAgent)
    agent.__setstate__({"path": "/nowhere.vtb", "side": 1, "checksum": "blake2b-256:" + "0" * 64})
    assert agent_spec(agent) == {
        "agent": "tabletop_rules.valandris.solver.agents.PerfectAgent",
        "side": 1,
        "checksum": "blake2b-256:" + "0" * 64,
    }
    for rng in (None, 3, random):
        with pytest.raises(InvalidOptionError, match=r"random\.Random"):
            agent(valandris.new_game(), rng)  # type: ignore[arg-type]
