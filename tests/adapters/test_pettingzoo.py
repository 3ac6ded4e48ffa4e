"""The PettingZoo AEC environments pass PettingZoo's API and seed tests on every game."""

from __future__ import annotations

import random
import warnings

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from tabletop_rules.adapters import pettingzoo as tz
from tabletop_rules.core.errors import IllegalMoveError, InvalidOptionError

SMALL = [
    ("valandris", {"max_turns": 3}),
    ("chrononauts", {"players": 3, "max_turns": 4}),
    ("chrononauts", {"players": 2, "max_turns": 3, "variant": "artifaxx"}),
    ("trismaugistus", {"max_moves": 30}),
]


@pytest.mark.parametrize(("name", "options"), SMALL, ids=str)
def test_api_and_seed_tests_pass(name, options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's advice on Dict observations, as for its own games
        api_test(tz.env(name, **options), num_cycles=100)
        seed_test(lambda: tz.env(name, **options), num_cycles=30)


def _play(env, seed):
    env.reset(seed=seed)
    rng = random.Random(seed)
    trace = []
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            trace.append((agent, reward))
            env.step(None)
            continue
        action = rng.choice([i for i, ok in enumerate(observation["action_mask"]) if ok])
        trace.append((agent, action))
        env.step(action)
    return trace


def test_metadata_agents_and_spaces_follow_the_classic_conventions():
    env = tz.env("chrononauts", players=4, max_turns=3)
    assert env.metadata["name"] == "tabletop_chrononauts_v0"
    assert env.metadata["render_modes"][0] == "ansi"
    assert env.metadata["is_parallelizable"] is False
    assert env.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    space = env.observation_space("player_0")
    assert space["observation"].shape == (559,)
    assert space["action_mask"].shape == (1887,)
    assert env.action_space("player_0").n == 1887
    assert isinstance(env.unwrapped, tz.raw_env)


def test_rewards_at_the_end_are_the_game_returns():
    env = tz.env("valandris", max_turns=4)
    env.reset(seed=3)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            break
        assert reward == 0
        env.step(env.action_space(agent).sample(observation["action_mask"]))
    state = env.unwrapped.state_now
    assert env.unwrapped.game.is_terminal(state)
    score = state.score
    assert env.rewards == {"player_0": -score, "player_1": score}


def test_the_same_seed_plays_the_same_game_and_another_seed_another():
    env = tz.env("chrononauts", players=2, max_turns=4)
    first = _play(env, 11)
    assert _play(env, 11) == first
    assert _play(env, 12) != first


def test_an_illegal_action_ends_the_game_with_the_lowest_return():
    env = tz.env("valandris", max_turns=5)
    env.reset(seed=0)
    observation, *_ = env.last()
    illegal = int(observation["action_mask"].argmin())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(illegal)
    assert env.rewards["player_0"] == -6.0
    raw = tz.raw_env("valandris", max_turns=5)
    raw.reset(seed=0)
    with pytest.raises(IllegalMoveError):
        raw.step(illegal)


def test_render_ansi_is_the_games_description():
    env = tz.env("trismaugistus", render_mode="ansi", max_moves=10)
    env.reset(seed=0)
    assert "Trismaugistus" in env.render()


def test_a_truncated_game_truncates_every_agent():
    env = tz.raw_env("trismaugistus", max_moves=3)
    env.reset(seed=1)
    for _ in range(100):  # a bound: the game is cut off after 3 moves
        if any(env.truncations.values()):
            break
        agent = env.agent_selection
        env.step(env.action_space(agent).sample(env.observe(agent)["action_mask"]))
    assert all(env.truncations.values())
    assert not any(env.terminations.values())


def test_bad_names_and_options_are_refused():
    with pytest.raises(InvalidOptionError, match="no tabletop_rules game"):
        tz.env("chess")
    with pytest.raises(InvalidOptionError):
        tz.env("valandris", max_turns=0)
    with pytest.raises(InvalidOptionError, match="illegal_reward"):
        tz.env("valandris", max_turns=None)
    assert tz.env("valandris", max_turns=None, illegal_reward=-1e6).unwrapped.max_moves is None
