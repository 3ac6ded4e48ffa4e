"""The OpenSpiel adapter passes OpenSpiel's own random simulation test for every game."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from tabletop_rules import valandris  # noqa: E402
from tabletop_rules.adapters import openspiel  # noqa: E402
from tabletop_rules.valandris import actions  # noqa: E402

NAMES = openspiel.register_all()
# random_sim_test with serialize=True deserialises the state at every step by replaying its whole history,
# so each step costs as much as the game so far: long games are kept short here (clones are O(1)).
SMALL = {
    "tabletop_valandris": [{"max_turns": 25}],
    "tabletop_chrononauts": [
        {"players": 4, "max_turns": 6},
        {"players": 2, "max_turns": 6},
        {"players": 6, "max_turns": 4},
        {"variant": "artifaxx", "players": 3, "max_turns": 6},
        {"variant": "solonauts", "players": 1, "max_turns": 6},
    ],
    "tabletop_trismaugistus": [{"max_turns": 2000}],
}
CASES = [(name, params) for name in NAMES for params in SMALL.get(name, [{}])]


def test_every_game_is_registered():
    assert set(NAMES) == {"tabletop_valandris", "tabletop_chrononauts", "tabletop_trismaugistus"}


@pytest.mark.parametrize(("name", "params"), CASES, ids=str)
def test_random_sim_test_with_serialization(name, params):
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_chrononauts_information_states_hide_other_hands():
    game = pyspiel.load_game("tabletop_chrononauts", {"players": 3, "max_turns": 10})
    info = game.get_type()
    assert info.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    views = {p: state.information_state_string(p) for p in range(3)}
    assert len(set(views.values())) == 3  # each player sees their own hand only


def test_valandris_parameters_reach_the_rules():
    game = pyspiel.load_game("tabletop_valandris", {"max_turns": 5, "crossing_bonus_steps": 2})
    info = game.get_type()
    assert info.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert info.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_distinct_actions() == actions.NUM_ACTIONS
    assert game.max_chance_outcomes() == 12
    assert game.max_utility() == 6
    state = game.new_initial_state()
    assert state.inner.options.crossing_bonus_steps == 2
    rng = random.Random(0)
    while not state.is_terminal():
        assert state.move_number() < 10_000  # a bound: a game that never ends fails, not hangs
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns()[0] == -state.returns()[1]
    assert valandris.is_terminal(state.inner)


def test_action_encoding_is_a_bijection():
    s = valandris.new_game()
    ids = range(actions.NUM_ACTIONS)
    assert all(actions.move_to_action(s, actions.action_to_move(s, i)) == i for i in ids)
    assert [actions.move_to_chance(s, actions.chance_to_move(s, i)) for i in range(12)] == list(range(12))
    with pytest.raises(ValueError, match="action id"):
        actions.action_to_move(s, actions.NUM_ACTIONS)


@pytest.mark.parametrize("name", ["tabletop_valandris", "tabletop_chrononauts", "tabletop_trismaugistus"])
def test_cloning_shares_the_immutable_state(name):
    import time

    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(300):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    clone = state.clone()
    assert clone.inner is state.inner  # shared, not copied: O(1) whatever the game's length
    assert clone.history() == state.history()
    assert str(clone) == str(state)
    if not clone.is_terminal():
        action = clone.legal_actions()[0] if not clone.is_chance_node() else clone.chance_outcomes()[0][0]
        clone.apply_action(action)
        assert clone.inner is not state.inner
        assert str(state) != str(clone) or state.history() != clone.history()
    began = time.perf_counter()
    for _ in range(200):
        state.clone()
    assert (time.perf_counter() - began) / 200 < 0.05  # a deep copy of a late Chrononauts state took ~0.17 s


def test_mcts_search_works_on_a_python_game():
    import numpy as np
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("tabletop_valandris", {"max_turns": 4})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=20, evaluator=evaluator, random_state=np.random.RandomState(0)
    )
    state = game.new_initial_state()
    action = openspiel.best_mcts_action(bot, state)
    assert action in state.legal_actions()


RL_CASES = [
    ("tabletop_valandris", {"max_turns": 6}, 298),
    ("tabletop_chrononauts", {"players": 3, "max_turns": 5}, 760),
    ("tabletop_chrononauts", {"players": 2, "max_turns": 4, "variant": "artifaxx"}, 0),
    ("tabletop_trismaugistus", {"max_turns": 40}, 520),
]


@pytest.mark.parametrize(("name", "params", "size"), RL_CASES, ids=str)
def test_rl_environment_runs_episodes(name, params, size):
    rl_environment = pytest.importorskip("open_spiel.python.rl_environment")
    game = pyspiel.load_game(name, params)
    env = rl_environment.Environment(game, seed=5)
    expected = game.information_state_tensor_size()
    assert size in (0, expected)  # the tensors come from the game's tensors module
    rng = random.Random(1)
    for _ in range(3):
        step = env.reset()
        for _ in range(20_000):  # a bound: a game that never ends fails below, not hangs
            if step.last():
                break
            player = step.observations["current_player"]
            assert len(step.observations["info_state"][player]) == expected
            step = env.step([rng.choice(step.observations["legal_actions"][player])])
        assert step.last()
        assert len(step.rewards) == game.num_players()


def test_tensors_are_the_games_own():
    from tabletop_rules import chrononauts
    from tabletop_rules.chrononauts import tensors

    game = pyspiel.load_game("tabletop_chrononauts", {"players": 2, "max_turns": 5})
    assert game.get_type().provides_information_state_tensor
    assert game.get_type().provides_observation_tensor
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    for player in range(2):
        assert state.observation_tensor(player) == pytest.approx(
            tensors.observation_tensor(state.inner, player)
        )
        assert state.information_state_tensor(player) == pytest.approx(
            tensors.information_state_tensor(state.inner, player)
        )
    assert chrononauts.current_player(state.inner) is not None


def test_clone_is_cheap_late_in_a_game():
    game = pyspiel.load_game("tabletop_chrononauts", {"players": 4, "max_turns": 60})
    state = game.new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal() and state.move_number() < 400:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    clone = state.clone()
    assert clone.inner is state.inner  # shared, not copied: the state is immutable
    assert clone.history() == state.history()
