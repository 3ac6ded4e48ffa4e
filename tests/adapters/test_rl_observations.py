"""The PettingZoo and Gymnasium observations: fast encodings, fresh arrays, and the observation types."""

from __future__ import annotations

import importlib
import random
import warnings

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from tabletop_rules import chrononauts  # noqa: E402
from tabletop_rules.adapters import _rl  # noqa: E402
from tabletop_rules.adapters import pettingzoo as tz  # noqa: E402
from tabletop_rules.adapters.gymnasium import TabletopEnv  # noqa: E402
from tabletop_rules.core.errors import IllegalMoveError, InvalidOptionError  # noqa: E402

GAMES = [
    ("valandris", {"max_turns": 4}),
    ("chrononauts", {"players": 3, "max_turns": 4}),
    ("trismaugistus", {"max_moves": 40}),
]


def _walk(env, seed, steps=400):
    """Yield `(raw, agent, observation)` along a seeded random game of a PettingZoo environment."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    for agent in env.agent_iter(steps):
        observation, _, termination, truncation, _ = env.last()
        yield env.unwrapped, agent, observation
        if termination or truncation:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_the_environments_take_the_games_numpy_forms(name, options):
    """Each environment encodes with the game's `observation_array` and `legal_action_mask`."""
    tensors = importlib.import_module(f"tabletop_rules.{name}.tensors")
    actions = importlib.import_module(f"tabletop_rules.{name}.actions")
    raw = tz.raw_env(name, **options)
    gym = TabletopEnv(name, **options)
    for env in (raw, gym):
        assert env._encode is tensors.observation_array
        assert env._mask is actions.legal_action_mask
    assert _rl.encoding(raw.game, "observation", raw.initial).fast
    if name == "chrononauts":
        info = tz.raw_env(name, observation_type="information_state", **options)
        assert info._encode is tensors.information_state_array


def test_a_game_without_the_numpy_forms_falls_back_to_its_tuple_functions(monkeypatch):
    """The fallback gives the same arrays (a game may gain its numpy forms later than the adapters)."""
    tensors = importlib.import_module("tabletop_rules.valandris.tensors")
    actions = importlib.import_module("tabletop_rules.valandris.actions")
    fast = tz.raw_env("valandris", max_turns=4)
    monkeypatch.delattr(tensors, "observation_array")
    monkeypatch.delattr(actions, "legal_action_mask")
    slow = tz.raw_env("valandris", max_turns=4)
    assert not _rl.encoding(slow.game, "observation", slow.initial).fast
    for env in (fast, slow):
        env.reset(seed=4)
    for _ in range(12):
        a, b = fast.observe(fast.agent_selection), slow.observe(slow.agent_selection)
        assert a["observation"].dtype == b["observation"].dtype == np.float32
        assert b["action_mask"].dtype == np.int8
        assert np.array_equal(a["observation"], b["observation"])
        assert np.array_equal(a["action_mask"], b["action_mask"])
        action = int(np.flatnonzero(a["action_mask"])[0])
        fast.step(action)
        slow.step(action)


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_observations_and_masks_equal_the_tuple_encodings_along_a_game(name, options):
    """REL-PETTINGZOO-5: the observation is the seat's `observation_tensor`, the mask its legal ids."""
    game = importlib.import_module(f"tabletop_rules.{name}")
    seen = 0
    for raw, agent, observation in _walk(tz.env(name, **options), 5):
        seat = raw.possible_agents.index(agent)
        state = raw.state_now
        assert observation["observation"].dtype == np.float32
        assert observation["action_mask"].dtype == np.int8
        assert observation["observation"].tolist() == pytest.approx(game.observation_tensor(state, seat))
        legal = [] if game.is_terminal(state) else _rl.legal_action_ids(game, state)
        assert np.flatnonzero(observation["action_mask"]).tolist() == (
            [] if raw.terminations[agent] or raw.truncations[agent] else legal
        )
        for other in raw.possible_agents:  # an agent not to act sees no legal action
            if other != agent:
                assert not raw.observe(other)["action_mask"].any()
        seen += 1
    assert seen > 5


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_gymnasium_observations_and_masks_equal_the_tuple_encodings(name, options):
    """REL-GYMNASIUM-5: the observation is the seat's `observation_tensor`, the mask its legal ids."""
    game = importlib.import_module(f"tabletop_rules.{name}")
    env = TabletopEnv(name, seat=0, **options)
    observation, info = env.reset(seed=6)
    rng = random.Random(6)
    for _ in range(60):
        state = env.state_now
        assert observation.tolist() == pytest.approx(game.observation_tensor(state, 0))
        legal = _rl.legal_action_ids(game, state) if not env._done else []
        assert np.flatnonzero(info["action_mask"]).tolist() == legal
        if not legal:
            break
        observation, _, terminated, truncated, info = env.step(rng.choice(legal))
        if terminated or truncated:
            assert not info["action_mask"].any()
            break


def test_returned_arrays_are_new_and_changing_them_changes_nothing():
    """REL-PETTINGZOO-5, REL-GYMNASIUM-5: observations and masks are new: a caller may keep or change them."""
    env = tz.env("valandris", max_turns=4)
    env.reset(seed=1)
    first = env.observe("player_0")
    second = env.observe("player_0")
    assert first["observation"] is not second["observation"]
    assert first["action_mask"] is not second["action_mask"]
    kept = {key: value.copy() for key, value in first.items()}
    legal = int(np.flatnonzero(first["action_mask"])[0])
    illegal = int(np.flatnonzero(first["action_mask"] == 0)[0])
    first["action_mask"][:] = 1  # the caller's copy; the environment's legality is its own
    first["observation"][:] = 0.5
    third = env.observe("player_0")
    assert np.array_equal(third["action_mask"], kept["action_mask"])
    assert np.array_equal(third["observation"], kept["observation"])
    raw = tz.raw_env("valandris", max_turns=4)
    raw.reset(seed=1)
    raw.observe("player_0")["action_mask"][:] = 1
    with pytest.raises(IllegalMoveError):
        raw.step(illegal)
    raw.step(legal)

    gym = TabletopEnv("valandris", max_turns=4)
    _, info = gym.reset(seed=1)
    info["action_mask"][:] = 1
    assert not np.array_equal(gym.action_masks(), info["action_mask"])
    assert gym.action_masks() is not gym.action_masks()
    _, reward, terminated, _, _ = gym.step(int(np.flatnonzero(gym.action_masks() == 0)[0]))
    assert terminated  # still judged illegal: the environment's own mask decided
    assert reward == gym.illegal_reward


def _chrononauts_info_env(**extra):
    return tz.env("chrononauts", players=3, max_turns=4, observation_type="information_state", **extra)


def test_the_information_state_of_chrononauts_in_pettingzoo():
    """REL-PETTINGZOO-6: `observation_type="information_state"` observes the information-state tensor."""
    env = _chrononauts_info_env()
    size = chrononauts.information_state_tensor_size(env.unwrapped.initial)
    assert size > chrononauts.observation_tensor_size(env.unwrapped.initial)
    assert env.observation_space("player_1")["observation"].shape == (size,)
    assert env.unwrapped.observation_type == "information_state"
    seen = 0
    for raw, agent, observation in _walk(env, 3, steps=150):
        seat = raw.possible_agents.index(agent)
        expected = chrononauts.information_state_tensor(raw.state_now, seat)
        assert observation["observation"].tolist() == pytest.approx(expected)
        assert observation["observation"] in env.observation_space(agent)["observation"]
        seen += 1
    assert seen > 5
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(_chrononauts_info_env(), num_cycles=60)
        seed_test(_chrononauts_info_env, num_cycles=20)


def test_the_information_state_of_chrononauts_in_gymnasium():
    """REL-GYMNASIUM-6: the single-seat environment observes the seat's information state."""
    env = TabletopEnv("chrononauts", seat=1, players=3, max_turns=4, observation_type="information_state")
    size = chrononauts.information_state_tensor_size(env.initial)
    assert env.observation_space.shape == (size,)
    observation, _ = env.reset(seed=2)
    assert observation.tolist() == pytest.approx(chrononauts.information_state_tensor(env.state_now, 1))
    made = gymnasium.make(
        "tabletop_rules/Chrononauts-v0", players=2, max_turns=3, observation_type="information_state"
    )
    size = chrononauts.information_state_tensor_size(made.unwrapped.initial)
    assert made.observation_space.shape == (size,)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings too
        check_env(made.unwrapped)


@pytest.mark.parametrize("name", ["valandris", "trismaugistus"])
@pytest.mark.parametrize("make", [tz.env, tz.raw_env, TabletopEnv], ids=["env", "raw_env", "gymnasium"])
def test_a_game_without_an_information_state_refuses_it(make, name):
    """REL-PETTINGZOO-6, REL-GYMNASIUM-6: the refusal names the only value the game allows."""
    with pytest.raises(InvalidOptionError, match=r"observation_type.*only allowed value is 'observation'"):
        make(name, observation_type="information_state")
    assert make(name, observation_type="observation").observation_type == "observation"


@pytest.mark.parametrize("bad", ["info_state", "", None, 1, b"observation", ["observation"], "x" * 10_000])
@pytest.mark.parametrize("make", [tz.env, TabletopEnv], ids=["pettingzoo", "gymnasium"])
def test_an_unknown_observation_type_is_refused_naming_the_allowed_values(make, bad):
    """REL-PETTINGZOO-6, REL-GYMNASIUM-6: anything but the two names: InvalidOptionError naming both."""
    with pytest.raises(InvalidOptionError, match="'observation' or 'information_state'") as error:
        make("chrononauts", players=2, observation_type=bad)
    assert len(str(error.value)) < 300
