"""Hostile input at the adapters: OpenSpiel states and games, PettingZoo and Gymnasium environments.

Every failure must be one of the library's typed errors (never OpenSpiel's `SpielError`, a binding's
`TypeError`, an `AssertionError` of a PettingZoo wrapper, a `KeyError`), its message must not echo a
whole input, and a refused call must change nothing. Integers arrive as RL code gives them: an
`int`, a NumPy integer or a 0-d NumPy integer array are accepted; bools, floats, strings and
`None` are not.
"""

from __future__ import annotations

import math
import random
import warnings
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from open_spiel.python.observation import make_observation  # noqa: E402

from tabletop_rules.adapters import openspiel  # noqa: E402
from tabletop_rules.adapters import pettingzoo as tz  # noqa: E402
from tabletop_rules.adapters._rl import exact_integer  # noqa: E402
from tabletop_rules.adapters.gymnasium import TabletopEnv  # noqa: E402
from tabletop_rules.core.errors import (  # noqa: E402
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidRequestError,
    TabletopRulesError,
)
from tabletop_rules.valandris import actions as valandris_actions  # noqa: E402
from tabletop_rules.valandris.agents import greedy_agent  # noqa: E402

openspiel.register_all()

HUGE_TEXT = "x" * 1_000_000
NOT_INTEGERS: list[Any] = [
    1.0,
    True,
    False,
    np.True_,
    "1",
    None,
    [1],
    b"1",
    np.float64(1.0),
    np.array([1]),
    np.array(1.0),
    type("MyInt", (int,), {})(1),
    HUGE_TEXT,
]
"""Values that are not action ids: `InvalidMoveError`."""

OUT_OF_RANGE = [-1, -2, 2**31, 2**63, 2**64, 2**70, -(2**70)]
"""Integers that are no action id of any game: `IllegalMoveError`."""

NOT_SEATS: list[Any] = [-3, 7, 2**70, True, 1.0, "0", [0], np.float32(0), HUGE_TEXT]
"""Values that are no seat of a 2- or 3-player game: `InvalidRequestError`."""

ANY_VALUE = st.one_of(
    st.integers(),
    st.floats(allow_nan=True),
    st.text(max_size=20),
    st.none(),
    st.booleans(),
    st.binary(max_size=5),
    st.lists(st.integers(), max_size=2),
)


def _short(error: pytest.ExceptionInfo[BaseException]) -> None:
    """A message never echoes a whole input."""
    assert len(str(error.value)) < 300


# ----------------------------------------------------------------------------------------------- OpenSpiel

OPENSPIEL_GAMES = [
    ("tabletop_valandris", {"max_turns": 5}),
    ("tabletop_chrononauts", {"players": 3, "max_turns": 5}),
    ("tabletop_trismaugistus", {"max_turns": 5}),
]


def _decision(name: str, params: dict[str, Any], seed: int = 1) -> Any:
    """An OpenSpiel state of `name` at a player's decision, a few moves in."""
    game = pyspiel.load_game(name, params)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.move_number() < 12 or state.is_chance_node():
        assert not state.is_terminal()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def _snapshot(state: Any) -> tuple[Any, ...]:
    return state.history(), state.move_number(), str(state)


@pytest.mark.parametrize(("name", "params"), OPENSPIEL_GAMES, ids=str)
def test_openspiel_actions_are_checked(name: str, params: dict[str, Any]) -> None:
    """REL-OPENSPIEL-4: every entry point taking an action refuses a non-integer or a bad id, unchanged."""
    state = _decision(name, params)
    before = _snapshot(state)
    illegal = next(a for a in range(state.num_distinct_actions()) if a not in state.legal_actions())
    entry_points = [state.apply_action, state.apply_action_with_legality_check, state.child]
    for apply in entry_points:
        for value in NOT_INTEGERS:
            with pytest.raises(InvalidMoveError) as error:
                apply(value)
            _short(error)
        for value in [*OUT_OF_RANGE, illegal]:
            with pytest.raises(IllegalMoveError) as error:
                apply(value)
            _short(error)
        assert _snapshot(state) == before
    for value in NOT_INTEGERS:
        with pytest.raises(InvalidMoveError):
            state.action_to_string(state.current_player(), value)
    for value in OUT_OF_RANGE:
        with pytest.raises(IllegalMoveError):
            state.action_to_string(value)
    with pytest.raises(InvalidMoveError, match="sequential"):
        state.apply_actions([illegal])
    with pytest.raises(InvalidMoveError, match="sequential"):
        state.apply_actions_with_legality_checks([illegal])
    with pytest.raises(InvalidRequestError, match="undo"):
        state.undo_action(state.current_player(), illegal)
    with pytest.raises(InvalidMoveError):
        state.string_to_action(["text"])
    with pytest.raises(IllegalMoveError) as error:
        state.string_to_action(HUGE_TEXT)
    _short(error)
    assert _snapshot(state) == before


@pytest.mark.parametrize("convert", [int, np.int64, np.int32, np.uint16, np.array], ids=str)
def test_openspiel_takes_numpy_integers_as_exact_ids(convert: Any) -> None:
    """REL-OPENSPIEL-4: a NumPy integer (what OpenSpiel's own Python bots pass) is the same action id."""
    state = _decision("tabletop_chrononauts", {"players": 2, "max_turns": 5})
    action = state.legal_actions()[0]
    expected = state.child(action)
    assert str(state.child(convert(action))) == str(expected)
    text = state.action_to_string(action)
    assert state.action_to_string(convert(action)) == text
    assert state.string_to_action(text) == action
    state.apply_action_with_legality_check(convert(action))
    assert state.history() == expected.history()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=ANY_VALUE)
def test_openspiel_apply_action_of_anything(value: Any) -> None:
    """REL-OPENSPIEL-4: any value is either a legal action id or refused with a typed error, unchanged."""
    state = _decision("tabletop_valandris", {"max_turns": 5})
    before = _snapshot(state)
    legal = set(state.legal_actions())
    try:
        state.apply_action(value)
    except (InvalidMoveError, IllegalMoveError):
        assert _snapshot(state) == before
    else:
        assert exact_integer(value) in legal


@pytest.mark.parametrize(("name", "params"), OPENSPIEL_GAMES, ids=str)
def test_openspiel_players_are_checked(name: str, params: dict[str, Any]) -> None:
    """REL-OPENSPIEL-5: every entry point that takes a player refuses a non-seat with InvalidRequestError."""
    state = _decision(name, params)
    before = _snapshot(state)
    seats = state.num_players()
    takes_a_player = [
        state.observation_string,
        state.information_state_string,
        state.observation_tensor,
        state.information_state_tensor,
        state.player_return,
        state.player_reward,
        state.legal_actions,
        state.legal_actions_mask,
        lambda p: state.action_to_string(p, state.legal_actions()[0]),
        lambda p: state.string_to_action(p, state.action_to_string(p, state.legal_actions()[0])),
        lambda p: str(state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0, 0.0, 1.0))),
    ]
    for call in takes_a_player:
        for player in [*NOT_SEATS, seats]:
            with pytest.raises(InvalidRequestError) as error:
                call(player)
            _short(error)
        assert call(np.int64(seats - 1)) == call(seats - 1)
    for call in takes_a_player[:4]:
        assert call(None) == call(state.current_player())  # None: the player to act
    with pytest.raises(InvalidRequestError):
        state.observation_string(-1)  # the chance player has no observation
    with pytest.raises(InvalidRequestError):
        state.legal_actions(-1)  # not a chance node
    observer = make_observation(state.get_game())
    for player in NOT_SEATS:
        with pytest.raises(InvalidRequestError):
            observer.set_from(state, player)
        with pytest.raises(InvalidRequestError):
            observer.string_from(state, player)
    with pytest.raises(InvalidRequestError, match="not a state"):
        observer.string_from("a state", 0)
    assert _snapshot(state) == before


def test_openspiel_pseudo_players_where_openspiel_passes_them() -> None:
    """REL-OPENSPIEL-5: `current_player()` is a player at a chance node (-1) and at the end (-4)."""
    game = pyspiel.load_game("tabletop_valandris", {"max_turns": 3})
    state = game.new_initial_state()
    rng = random.Random(0)
    seen_chance = False
    while not state.is_terminal():
        actor = state.current_player()
        assert state.legal_actions(actor) == state.legal_actions()
        if state.is_chance_node():
            seen_chance = True
            outcome = state.legal_actions(actor)[0]
            assert state.action_to_string(actor, outcome) == state.action_to_string(outcome)
            with pytest.raises(InvalidRequestError, match="no player acts"):
                state.information_state_string()
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen_chance
    assert state.legal_actions(state.current_player()) == []
    with pytest.raises(InvalidRequestError, match="no player acts"):
        state.observation_string()


def test_openspiel_resample_refuses_bad_samplers() -> None:
    """REL-OPENSPIEL-2: a sampler of neither convention, or one returning junk, is an InvalidRequestError."""
    state = _decision("tabletop_chrononauts", {"players": 3, "max_turns": 5})
    before = _snapshot(state)
    player = state.current_player()
    bad_samplers: list[Any] = [
        None,
        0.5,
        "sampler",
        lambda a, b: 0,
        lambda: 1.5,
        lambda: -0.1,
        lambda: math.nan,
        lambda: "0.5",
        lambda: True,
        lambda: None,
        lambda: HUGE_TEXT,
        lambda outcomes: 1024,
        lambda outcomes: -1,
        lambda outcomes: 3.0,
        lambda outcomes: outcomes[0],  # the pair, not the outcome
        lambda outcomes: True,
    ]
    for sampler in bad_samplers:
        with pytest.raises(InvalidRequestError) as error:
            state.resample_from_infostate(player, sampler)
        _short(error)
    assert _snapshot(state) == before
    for good in [lambda: 0, lambda: 1, lambda: np.float32(0.5), lambda outcomes: np.int64(1023)]:
        assert state.resample_from_infostate(player, good).move_number() == state.move_number()


def test_openspiel_a_perfect_information_resample_is_a_clone() -> None:
    """REL-OPENSPIEL-2: in a perfect-information game the resample is the state itself, history included."""
    state = _decision("tabletop_valandris", {"max_turns": 5})
    twin = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert _snapshot(twin) == _snapshot(state)
    assert twin.inner is state.inner


def test_openspiel_parameters_and_specs_are_checked() -> None:
    """REL-OPENSPIEL-6: bad parameter values, specs, game names, observer parameters: InvalidOptionError."""
    with pytest.raises(InvalidOptionError, match="2\\*\\*31"):
        pyspiel.load_game("tabletop_trismaugistus", {"max_turns": 10**9})
    # a Chrononauts bound is 24 moves a turn: its largest max_turns (10**7) fits OpenSpiel's int
    with pytest.raises(InvalidOptionError, match="max_turns"):
        pyspiel.load_game("tabletop_chrononauts", {"max_turns": 10**8})
    for params in [{"players": 9}, {"max_turns": 0}, {"variant": "x" * 10_000}]:
        with pytest.raises(InvalidOptionError) as error:
            pyspiel.load_game("tabletop_chrononauts", params)
        _short(error)
    with pytest.raises(InvalidOptionError, match="max_turns"):
        pyspiel.load_game("tabletop_valandris", {"max_turns": -1})
    for name in ["chess", None, ["valandris"], HUGE_TEXT]:
        with pytest.raises(InvalidOptionError) as error:
            openspiel.spec_for(name)
        _short(error)
    with pytest.raises(InvalidOptionError, match="GameSpec"):
        openspiel.register("tabletop_valandris")  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="no parameters"):
        make_observation(pyspiel.load_game("tabletop_valandris"), params={"x": 1})


# ----------------------------------------------------------------------------------------------- PettingZoo

BAD_OPTIONS: list[tuple[str, dict[str, Any], str]] = [
    ("chess", {}, "game"),
    (None, {}, "game"),  # type: ignore[list-item]
    (["valandris"], {}, "game"),  # type: ignore[list-item]
    (math, {}, "game"),  # type: ignore[list-item]
    (HUGE_TEXT, {}, "game"),
    ("valandris", {"max_moves": 0}, "max_moves"),
    ("valandris", {"max_moves": -5}, "max_moves"),
    ("valandris", {"max_moves": 1.5}, "max_moves"),
    ("valandris", {"max_moves": "10"}, "max_moves"),
    ("valandris", {"max_moves": True}, "max_moves"),
    ("valandris", {"max_moves": 2**63}, "max_moves"),
    ("valandris", {"max_moves": np.int64(5)}, "max_moves"),
    ("valandris", {"render_mode": "human"}, "render_mode"),
    ("valandris", {"render_mode": ["ansi"]}, "render_mode"),
    ("valandris", {"render_mode": HUGE_TEXT}, "render_mode"),
    ("chrononauts", {"players": 9}, "players"),
    ("chrononauts", {"players": "3"}, "players"),
    ("chrononauts", {"players": True}, "players"),
    ("valandris", {"max_turns": "3"}, "max_turns"),
    ("valandris", {"no_such_option": 1}, "no_such_option"),
]
BAD_REWARDS: list[Any] = ["x", math.nan, math.inf, -math.inf, 10**400, 1e13, True, [1], np.bool_(False)]


@pytest.mark.parametrize(("name", "options", "named"), BAD_OPTIONS, ids=str)
@pytest.mark.parametrize("make", ["env", "raw_env", "TabletopEnv"])
def test_every_option_is_checked(name: Any, options: dict[str, Any], named: str, make: str) -> None:
    """REL-PETTINGZOO-1, REL-GYMNASIUM-1: a bad game, option or player count: InvalidOptionError naming it."""
    build = {"env": tz.env, "raw_env": tz.raw_env, "TabletopEnv": TabletopEnv}[make]
    with pytest.raises(InvalidOptionError, match=named) as error:
        build(name, **options)
    _short(error)


@pytest.mark.parametrize("reward", BAD_REWARDS, ids=str)
def test_illegal_reward_is_checked(reward: Any) -> None:
    """REL-PETTINGZOO-1, REL-GYMNASIUM-1: `illegal_reward` is a finite number of magnitude at most 1e12."""
    for build in (tz.env, TabletopEnv):
        with pytest.raises(InvalidOptionError, match="illegal_reward") as error:
            build("valandris", max_turns=5, illegal_reward=reward)
        _short(error)
    for good in [-3, -2.5, np.float32(-1.0), np.int64(-7), 0]:
        assert TabletopEnv("valandris", max_turns=5, illegal_reward=good).illegal_reward == float(good)
    assert tz.env("valandris", max_turns=None, illegal_reward=-1e12) is not None


def _game_trace(env: Any, seed: int | None) -> list[Any]:
    """The agents and actions of a game played with the first legal action."""
    env.reset(seed=seed)
    trace = []
    for agent in env.agent_iter(10_000):
        observation, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            trace.append((agent, reward))
            env.step(None)
            continue
        action = int(np.flatnonzero(observation["action_mask"])[0])
        trace.append((agent, action))
        env.step(action)
    return trace


@pytest.mark.parametrize("make", [tz.env, tz.raw_env], ids=["env", "raw_env"])
def test_pettingzoo_order_agents_and_seeds(make: Any) -> None:
    """REL-PETTINGZOO-2, REL-PETTINGZOO-4: calls before reset, unknown agents and bad seeds are refused."""
    env = make("chrononauts", players=2, max_turns=3, render_mode="ansi")
    for call in (lambda: env.step(0), lambda: env.observe("player_0"), env.last, env.render):
        with pytest.raises(InvalidRequestError, match="reset"):
            call()
    for seed in [-1, 1.5, 2**64, 2**100, True, "1", np.int64(1), [1]]:
        with pytest.raises(InvalidRequestError, match="seed") as error:
            env.reset(seed=seed)
        _short(error)
    with pytest.raises(InvalidRequestError, match="options"):
        env.reset(seed=1, options=["x"])
    with pytest.raises(InvalidRequestError, match="reset"):
        env.step(0)  # a refused reset starts nothing
    env.reset(seed=2**64 - 1)
    env.reset(seed=0)
    before = env.unwrapped.state_now
    for seed in [-1, 2**64]:
        with pytest.raises(InvalidRequestError):
            env.reset(seed=seed)
    assert env.unwrapped.state_now is before  # a refused reset changes nothing
    for agent in ["player_2", "", None, 0, ["player_0"], HUGE_TEXT]:
        for call in (env.observe, env.observation_space, env.action_space):
            with pytest.raises(InvalidRequestError, match="agent") as error:
                call(agent)
            _short(error)
    assert _game_trace(env, 5) == _game_trace(env, 5)
    assert not env.agents  # every agent has stepped out
    with pytest.raises(InvalidRequestError, match="reset"):
        env.last()
    if make is tz.raw_env:
        with pytest.raises(InvalidRequestError, match="reset"):
            env.step(None)
    else:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            env.step(None)  # PettingZoo's OrderEnforcingWrapper: a warning, nothing else


def _live(make: Any) -> Any:
    env = make("valandris", max_turns=5)
    env.reset(seed=3)
    return env


def _pz_snapshot(env: Any) -> tuple[Any, ...]:
    raw = env.unwrapped
    return raw.state_now, env.agent_selection, dict(env.rewards), dict(env.terminations), raw._moves


@pytest.mark.parametrize("make", [tz.env, tz.raw_env], ids=["env", "raw_env"])
def test_pettingzoo_actions_are_checked(make: Any) -> None:
    """REL-PETTINGZOO-3: non-integers and ids outside the space are refused, unchanged; NumPy ids accepted."""
    env = _live(make)
    before = _pz_snapshot(env)
    for value in NOT_INTEGERS:
        with pytest.raises(InvalidMoveError) as error:
            env.step(value)
        _short(error)
    for value in [*OUT_OF_RANGE, valandris_actions.NUM_ACTIONS]:
        with pytest.raises(IllegalMoveError) as error:
            env.step(value)
        _short(error)
    assert _pz_snapshot(env) == before
    legal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])
    env.step(np.array(legal))
    legal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])
    env.step(np.uint16(legal))
    assert env.unwrapped._moves > before[-1]


def test_pettingzoo_an_illegal_id_of_the_space_ends_env_and_is_refused_by_raw_env() -> None:
    """REL-PETTINGZOO-3: an illegal id of the space ends the `env` game; `raw_env` raises."""
    raw = _live(tz.raw_env)
    before = _pz_snapshot(raw)
    illegal = int(raw.observe(raw.agent_selection)["action_mask"].argmin())
    with pytest.raises(IllegalMoveError):
        raw.step(np.int64(illegal))
    assert _pz_snapshot(raw) == before
    env = _live(tz.env)
    agent = env.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(np.int64(illegal))
    assert env.rewards[agent] == -6.0
    assert all(env.terminations.values())
    with pytest.raises(InvalidMoveError, match="None"):
        env.step(0)  # a done agent steps with None
    env.step(None)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=ANY_VALUE)
def test_pettingzoo_raw_step_of_anything(value: Any) -> None:
    """REL-PETTINGZOO-3: any value is a legal id or refused with a typed error, the game unchanged."""
    env = _live(tz.raw_env)
    before = _pz_snapshot(env)
    legal = set(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]).tolist())
    try:
        env.step(value)
    except TabletopRulesError:
        assert _pz_snapshot(env) == before
    else:
        assert exact_integer(value) in legal


# ----------------------------------------------------------------------------------------------- Gymnasium


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"seat": 2}, "seat"),
        ({"seat": -1}, "seat"),
        ({"seat": True}, "seat"),
        ({"seat": 1.0}, "seat"),
        ({"seat": np.int64(1)}, "seat"),
        ({"seat": 2**70}, "seat"),
        ({"opponents": 5}, "opponents"),
        ({"opponents": "greedy"}, "opponents"),
        ({"opponents": {0: greedy_agent}}, "opponents"),  # the learner's own seat
        ({"opponents": {2: greedy_agent}}, "opponents"),
        ({"opponents": {True: greedy_agent}}, "opponents"),
        ({"opponents": {"1": greedy_agent}}, "opponents"),
        ({"opponents": {1: "greedy"}}, "opponents"),
        ({"opponents": {HUGE_TEXT: None}}, "opponents"),
    ],
    ids=str,
)
def test_gymnasium_seat_and_opponents_are_checked(options: dict[str, Any], named: str) -> None:
    """REL-GYMNASIUM-1: `seat` and `opponents` are checked when the environment is made."""
    with pytest.raises(InvalidOptionError, match=named) as error:
        TabletopEnv("valandris", max_turns=5, **options)
    _short(error)
    with pytest.raises(InvalidOptionError, match=named):
        gymnasium.make("tabletop_rules/Valandris-v0", max_turns=5, **options)


def test_gymnasium_order_seeds_and_actions() -> None:
    """REL-GYMNASIUM-2, REL-GYMNASIUM-3: before reset, bad seeds, bad actions: typed, changing nothing."""
    env = TabletopEnv("chrononauts", players=3, max_turns=4, seat=1, render_mode="ansi")
    for call in (lambda: env.step(0), env.render):
        with pytest.raises(InvalidRequestError, match="reset"):
            call()
    for seed in [-1, 1.5, 2**64, True, "1", np.int64(1)]:
        with pytest.raises(InvalidRequestError, match="seed"):
            env.reset(seed=seed)
    with pytest.raises(InvalidRequestError, match="reset"):
        env.step(0)
    _, info = env.reset(seed=2**64 - 1)
    _, info = env.reset(seed=7)
    before = (env.state_now, env._moves, env._rng.getstate())
    for value in NOT_INTEGERS:
        with pytest.raises(InvalidMoveError) as error:
            env.step(value)
        _short(error)
    for value in [*OUT_OF_RANGE, env.action_space.n]:
        with pytest.raises(IllegalMoveError) as error:
            env.step(value)
        _short(error)
    assert (env.state_now, env._moves, env._rng.getstate()) == before
    legal = np.flatnonzero(info["action_mask"])
    _, _, terminated, truncated, info = env.step(np.array(legal[0]))
    assert env._moves > before[1]
    if not (terminated or truncated):
        env.step(np.int8(np.flatnonzero(info["action_mask"])[0]))
    illegal = int(env.action_masks().argmin())
    if env.action_masks().any():
        _, reward, terminated, _, _ = env.step(illegal)
        assert (reward, terminated) == (-1.0, True)
    with pytest.raises(IllegalMoveError, match="reset"):
        env.step(0)


def test_gymnasium_a_failing_opponent_leaves_the_environment_as_it_was() -> None:
    """REL-GYMNASIUM-4: an opponent's bad move names its seat; its step is undone, its reset leaves none."""
    fail = {"next": False}

    def flaky(state: Any, rng: random.Random) -> Any:
        rng.random()  # it draws from the environment's generator before it fails
        if fail["next"]:
            fail["next"] = False
            return "not a move"
        return greedy_agent(state, rng)

    def steady(state: Any, rng: random.Random) -> Any:
        rng.random()
        return greedy_agent(state, rng)

    env = TabletopEnv("valandris", seat=1, opponents=flaky, max_turns=8)
    reference = TabletopEnv("valandris", seat=1, opponents=steady, max_turns=8)
    observation, info = env.reset(seed=4)
    expected, _ = reference.reset(seed=4)
    assert (observation == expected).all()
    action = int(np.flatnonzero(info["action_mask"])[0])
    before = (env.state_now, env._moves, env._rng.getstate())
    fail["next"] = True
    with pytest.raises(InvalidMoveError, match="seat 0") as error:
        env.step(action)
    _short(error)
    assert (env.state_now, env._moves, env._rng.getstate()) == before
    after = env.step(action)  # the retry plays exactly the step the reference plays
    assert (after[0] == reference.step(action)[0]).all()
    assert env.state_now == reference.state_now

    def broken(state: Any, rng: random.Random) -> Any:
        raise ZeroDivisionError("the caller's own bug")

    env = TabletopEnv("valandris", seat=1, opponents={0: broken}, max_turns=8)
    with pytest.raises(ZeroDivisionError):
        env.reset(seed=1)  # the caller's own exception is the caller's
    with pytest.raises(InvalidRequestError, match="reset"):
        env.step(0)  # a failed reset leaves no episode
