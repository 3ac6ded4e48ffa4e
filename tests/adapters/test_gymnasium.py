"""The single-seat Gymnasium environment passes Gymnasium's checker on every game."""

from __future__ import annotations

import random
import warnings

import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from tabletop_rules import chrononauts, valandris  # noqa: E402
from tabletop_rules.adapters.gymnasium import ENV_IDS, TabletopEnv  # noqa: E402
from tabletop_rules.core.errors import IllegalMoveError, InvalidOptionError  # noqa: E402
from tabletop_rules.valandris import agents as valandris_agents  # noqa: E402

SMALL = [
    ("tabletop_rules/Valandris-v0", {"max_turns": 3}),
    ("tabletop_rules/Valandris-v0", {"max_turns": 3, "seat": 1, "opponents": valandris_agents.greedy_agent}),
    ("tabletop_rules/Chrononauts-v0", {"players": 3, "max_turns": 4, "seat": 2}),
    ("tabletop_rules/Trismaugistus-v0", {"max_moves": 30}),
]


@pytest.mark.parametrize(("env_id", "kwargs"), SMALL, ids=str)
def test_check_env_passes(env_id, kwargs):
    env = gymnasium.make(env_id, **kwargs)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings too
        check_env(env.unwrapped)


def test_every_game_is_registered():
    assert set(ENV_IDS) <= set(gymnasium.registry)


def _episode(env, seed):
    observation, info = env.reset(seed=seed)
    rewards, actions = [], []
    rng = random.Random(seed)
    while len(actions) < 10_000:  # a bound: an episode that never ends fails below, not hangs
        legal = [i for i, ok in enumerate(info["action_mask"]) if ok]
        assert legal
        action = rng.choice(legal)
        actions.append(action)
        observation, reward, terminated, truncated, info = env.step(action)
        assert observation in env.observation_space
        rewards.append(reward)
        if terminated or truncated:
            return actions, rewards, terminated, truncated
    raise AssertionError(f"the episode of seed {seed} has not ended after {len(actions)} steps")


def test_an_episode_ends_with_the_seats_return_and_replays_from_its_seed():
    env = TabletopEnv("valandris", seat=1, max_turns=5)
    actions, rewards, terminated, truncated = _episode(env, 4)
    assert terminated
    assert not truncated
    assert all(r == 0 for r in rewards[:-1])
    assert rewards[-1] == env.state_now.score  # Valandris' return is his score
    assert _episode(env, 4) == (actions, rewards, terminated, truncated)


def test_opponents_may_be_given_per_seat():
    calls = []

    def counting(state, rng):
        calls.append(state)
        return rng.choice(chrononauts.legal_moves(state))

    env = TabletopEnv("chrononauts", seat=0, opponents={2: counting}, players=3, max_turns=4)
    _episode(env, 1)
    assert calls


def test_an_illegal_action_ends_the_episode_with_the_lowest_return():
    env = TabletopEnv("chrononauts", players=2, max_turns=3)
    _, info = env.reset(seed=0)
    illegal = int(info["action_mask"].argmin())
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert not info["action_mask"].any()
    with pytest.raises(IllegalMoveError, match="reset"):
        env.step(0)


def test_truncation_after_max_moves():
    env = TabletopEnv("trismaugistus", max_moves=5)
    _, _, terminated, truncated = _episode(env, 0)
    assert truncated
    assert not terminated


def test_render_ansi_and_bad_arguments():
    env = TabletopEnv("valandris", render_mode="ansi", max_turns=3)
    env.reset(seed=0)
    assert env.render() == valandris.describe(env.state_now)
    with pytest.raises(InvalidOptionError, match="seat"):
        TabletopEnv("valandris", seat=2)
    with pytest.raises(InvalidOptionError, match="render_mode"):
        TabletopEnv("valandris", render_mode="human")
    with pytest.raises(InvalidOptionError, match="no tabletop_rules game"):
        TabletopEnv("go")
