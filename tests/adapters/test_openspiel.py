"""The OpenSpiel adapter passes OpenSpiel's own random simulation test for every game."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts  # noqa: E402

from tabletop_rules import valandris  # noqa: E402
from tabletop_rules.adapters import openspiel  # noqa: E402
from tabletop_rules.core.errors import IllegalMoveError  # noqa: E402
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


def test_python_mcts_bot_step_works_on_a_python_game():
    """REL-OPENSPIEL-3: the Python `MCTSBot.step` works (it is the C++ bots' `step` that crashes)."""
    import numpy as np
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("tabletop_valandris", {"max_turns": 4})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(game, 2.0, 16, evaluator, random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    assert bot.step(state) in state.legal_actions()


class _CountingISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python ISMCTSBot, unchanged but for a count of the resamples it asks for."""

    resamples = 0

    def resample_from_infostate(self, state):
        self.resamples += 1
        return super().resample_from_infostate(state)  # with pyspiel.UniformProbabilitySampler(0., 1.)


def _ismcts_game(players, max_turns, simulations, seed, resampler=None):
    """A whole Chrononauts game with OpenSpiel's Python ISMCTSBot at every seat.

    Returns the final state, the bot and the number of decisions it searched (those with a choice).
    """
    import numpy as np
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("tabletop_chrononauts", {"players": players, "max_turns": max_turns})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = _CountingISMCTSBot(game, evaluator, 2.0, simulations, random_state=np.random.RandomState(seed))
    if resampler is not None:
        bot.set_resampler(resampler)
    rng = np.random.RandomState(seed + 1)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        assert state.move_number() <= game.max_game_length()
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(outcomes, p=probabilities))  # a numpy.int64, as bots give
        else:
            legal = state.legal_actions()
            action = bot.step(state)
            assert action in legal
            state.apply_action(action)
            decisions += len(legal) > 1
    return state, bot, decisions


@pytest.mark.parametrize(("players", "max_turns"), [(2, 10), (4, 6)])
def test_openspiels_python_ismcts_bot_plays_whole_chrononauts_games(players, max_turns):
    """REL-OPENSPIEL-3: OpenSpiel's Python `ISMCTSBot`, as shipped, plays whole 2- and 4-player games.

    It resamples through the adapter with the sampler it passes itself
    (`pyspiel.UniformProbabilitySampler(0., 1.)`), and checks at every simulation that the resampled
    state has the root's information state.
    """
    state, bot, decisions = _ismcts_game(players, max_turns, simulations=8, seed=players)
    assert state.is_terminal()
    assert decisions >= 5
    assert bot.resamples == 8 * decisions  # one per simulation of every decision with a choice
    assert len(state.returns()) == players


def test_ismcts_games_replay_under_a_seeded_sampler():
    """REL-OPENSPIEL-2: with a seeded `pyspiel.UniformProbabilitySampler`, an IS-MCTS game replays exactly."""

    def seeded():
        sampler = pyspiel.UniformProbabilitySampler(11, 0.0, 1.0)
        return lambda state, player: state.resample_from_infostate(player, sampler)

    first, _, _ = _ismcts_game(2, 5, simulations=4, seed=3, resampler=seeded())
    second, _, _ = _ismcts_game(2, 5, simulations=4, seed=3, resampler=seeded())
    assert first.history() == second.history()
    assert str(first) == str(second)


def _searched_state(players=3, moves=60, seed=5):
    """A Chrononauts state some way into a game, at a player's decision."""
    game = pyspiel.load_game("tabletop_chrononauts", {"players": players, "max_turns": 30})
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.move_number() < moves or state.is_chance_node():
        assert not state.is_terminal()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_resample_keeps_move_number_history_and_information_state():
    """REL-OPENSPIEL-2: the resample has the original's move number, history and information state."""
    state = _searched_state()
    player = state.current_player()
    for seed in range(5):
        resampled = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
        assert resampled.move_number() == state.move_number()
        assert resampled.history() == state.history()
        assert resampled.current_player() == player
        assert resampled.information_state_string(player) == state.information_state_string(player)
        assert resampled.legal_actions() == state.legal_actions()
    others = {
        str(state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(k, 0.0, 1.0)))
        for k in range(8)
    }
    assert len(others) > 1  # the hidden cards really are dealt again


def test_resample_accepts_both_sampler_conventions_reproducibly():
    """REL-OPENSPIEL-2: a zero-argument float sampler or an (outcome, probability) picker; reproducible."""
    state = _searched_state()
    player = state.current_player()

    def same(make_sampler):
        return str(state.resample_from_infostate(player, make_sampler())) == str(
            state.resample_from_infostate(player, make_sampler())
        )

    assert same(lambda: pyspiel.UniformProbabilitySampler(7, 0.0, 1.0))
    assert same(lambda: lambda: 0.25)
    assert same(lambda: random.Random(4).random)  # a builtin method: no signature, OpenSpiel's convention
    assert same(lambda: lambda outcomes: outcomes[17][0])
    picker = random.Random(9)
    assert same(lambda: lambda outcomes, r=random.Random(9): r.choice(outcomes)[0])  # noqa: B008
    drawn = {str(state.resample_from_infostate(player, lambda o: picker.choice(o)[0])) for _ in range(6)}
    assert len(drawn) > 1


def test_a_cut_state_refuses_every_action_and_resamples_at_its_move_number():
    """REL-OPENSPIEL-1: at the move bound the state is terminal and refuses every action, changing nothing."""
    import attrs

    spec = attrs.evolve(
        openspiel.spec_for("chrononauts"), short_name="test_chrononauts_cut_40", max_length=lambda p, s: 40
    )
    openspiel.register(spec)
    game = pyspiel.load_game("test_chrononauts_cut_40", {"players": 2})
    rng = random.Random(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.move_number() == 40
    assert state.inner.result is None  # cut by the adapter, not ended by the rules
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.legal_actions() == []
    assert state.chance_outcomes() == []
    history, text = state.history(), str(state)
    for action in (0, 1, 2, game.num_distinct_actions() - 1):
        for apply in (state.apply_action, state.child, state.apply_action_with_legality_check):
            with pytest.raises(IllegalMoveError):
                apply(action)
    assert state.history() == history
    assert str(state) == text
    resampled = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    assert resampled.is_terminal()
    assert resampled.move_number() == 40
    assert resampled.history() == history
    with pytest.raises(IllegalMoveError):
        resampled.apply_action(0)


def test_a_truncated_trismaugistus_game_refuses_actions_at_its_bound():
    """REL-OPENSPIEL-1: the Trismaugistus automa's OpenSpiel game ends at its move bound, for good."""
    game = pyspiel.load_game("tabletop_trismaugistus", {"max_turns": 1})
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    history = state.history()
    for action in range(game.num_distinct_actions()):
        with pytest.raises(IllegalMoveError):
            state.apply_action(action)
    assert state.history() == history
