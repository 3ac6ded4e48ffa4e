"""OpenSpiel's learning and testing tools on every game, and the observer's numpy tensors.

Each test backs a row of the table in `docs/openspiel.md` ("OpenSpiel's algorithms on each game").
"""

from __future__ import annotations

import random
import types

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import generate_playthrough, tabular_qlearner  # noqa: E402

from tabletop_rules.adapters import openspiel  # noqa: E402
from tabletop_rules.core.errors import InvalidRequestError  # noqa: E402

openspiel.register_all()

GAMES = [
    ("tabletop_valandris", {"max_turns": 3}),
    ("tabletop_chrononauts", {"players": 2, "max_turns": 3}),
    ("tabletop_chrononauts", {"players": 4, "max_turns": 2}),
    ("tabletop_trismaugistus", {"max_turns": 1}),
]
IDS = [f"{name}-{params.get('players', '')}" for name, params in GAMES]


@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_tabular_qlearning_through_rl_environment(name, params):
    """OpenSpiel's `tabular_qlearner.QLearner`, one per seat, trains on episodes of `rl_environment`
    (its table keyed by the information-state tensor) and every episode ends."""
    game = pyspiel.load_game(name, params)
    env = rl_environment.Environment(game, seed=3)
    actions = env.action_spec()["num_actions"]
    agents = [tabular_qlearner.QLearner(player_id=p, num_actions=actions) for p in range(env.num_players)]
    for _ in range(3):
        step = env.reset()
        for _ in range(20_000):  # a bound: a game that never ends fails below, not hangs
            if step.last():
                break
            player = step.observations["current_player"]
            output = agents[player].step(step)
            assert output.action in step.observations["legal_actions"][player]
            step = env.step([output.action])
        assert step.last()
        for agent in agents:
            agent.step(step)  # the final step: every learner sees its reward
    assert all(agent._q_values for agent in agents)  # every seat learned some values


@pytest.mark.parametrize(("name", "params"), GAMES[:2] + GAMES[3:], ids=IDS[:2] + IDS[3:])
def test_playthroughs_are_generated(name, params):
    """`generate_playthrough.playthrough` (the text of OpenSpiel's golden playthrough files) runs a whole
    seeded game, tensors and strings at every step, and is reproducible."""
    spec = name + "(" + ",".join(f"{k}={v}" for k, v in params.items()) + ")"
    text = generate_playthrough.playthrough(spec, None, seed=1)
    assert f"game: {spec}" in text
    assert "IsTerminal() = True" in text
    assert "ObservationTensor(0)" in text
    assert generate_playthrough.playthrough(spec, None, seed=1) == text


def _decisions(game, seed, count=40):
    """Some states of a random game at players' decisions."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    found = []
    while not state.is_terminal() and len(found) < count:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            found.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_observer_tensors_are_the_games_encodings_in_one_buffer(name, params):
    """REL-OPENSPIEL-8: an observer's `dict` holds its `tensor` buffer itself, `set_from` writes the game's
    encoding into that buffer (the numpy form where the game has one), and the state's tensors equal the
    game's tuple functions."""
    from tabletop_rules.adapters.openspiel import _encoders

    game = pyspiel.load_game(name, params)
    module = openspiel.spec_for(name.removeprefix("tabletop_")).module
    obs_tuple, info_tuple = _encoders(module, "observation_tensor", "information_state_tensor")
    info_tuple = info_tuple or obs_tuple  # a perfect-information game's information state is its state
    for perfect_recall, encode in ((False, obs_tuple), (True, info_tuple)):
        observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=perfect_recall), None)
        buffer = observer.tensor
        assert observer.dict["observation"] is buffer
        assert buffer.dtype == np.float32
        assert buffer.flags.c_contiguous
        for state in _decisions(game, seed=len(name)):
            for player in range(game.num_players()):
                observer.set_from(state, player)
                assert observer.tensor is buffer
                assert buffer.tolist() == pytest.approx(encode(state.inner, player))
    for state in _decisions(game, seed=1, count=5):
        for player in range(game.num_players()):
            assert state.observation_tensor(player) == pytest.approx(obs_tuple(state.inner, player))
            assert state.information_state_tensor(player) == pytest.approx(info_tuple(state.inner, player))


def test_observer_checks_its_arguments():
    """REL-OPENSPIEL-5: an observer refuses a state of another game or a player that is not a seat."""
    game = pyspiel.load_game("tabletop_chrononauts", {"players": 2, "max_turns": 2})
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True), None)
    state = _decisions(game, seed=0, count=1)[0]
    for player in (2, -1, 1.0, True, None):
        with pytest.raises(InvalidRequestError):
            observer.set_from(state, player)
    with pytest.raises(InvalidRequestError):
        observer.set_from(state.inner, 0)


def test_encoders_fall_back_to_the_tuple_functions():
    """A game without the numpy encodings gets `None` for them (the observer copies the tuple), and the
    encoders are found in the game module before its `tensors` module."""
    from tabletop_rules.adapters.openspiel import _encoders

    def observation_tensor(state, player):
        return (0.0,)

    bare = types.ModuleType("tabletop_rules.adapters")  # a package with no `tensors` module
    bare.observation_tensor = observation_tensor
    assert _encoders(bare, "observation_tensor", "information_state_tensor") == (observation_tensor, None)
    assert _encoders(bare, "observation_array", "information_state_array") == (None, None)


@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_state_tensors_equal_openspiels_own_path(name, params):
    """REL-OPENSPIEL-8: `state.observation_tensor(p)` and `information_state_tensor(p)`, computed once in
    Python, are exactly the float32 values of OpenSpiel's C++ path through the game's observers (which
    encodes twice per call: once to size the tensor on a new initial state)."""
    game = pyspiel.load_game(name, params)
    for state in _decisions(game, seed=2, count=15):
        for player in range(game.num_players()):
            mine = state.observation_tensor(player)
            assert type(mine) is list
            assert all(type(x) is float for x in mine)
            assert mine == pyspiel.State.observation_tensor(state, player)
            own = pyspiel.State.information_state_tensor(state, player)
            assert state.information_state_tensor(player) == own
        assert state.observation_tensor() == state.observation_tensor(state.current_player())


@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_legal_actions_and_chance_outcomes_equal_the_general_path(name, params):
    """The adapter's fast paths (the game's `legal_action_ids`; chance probabilities from integer weights)
    give exactly the ids and floats of the general path through `move_to_action` and `float(Fraction)`."""
    module = openspiel.spec_for(name.removeprefix("tabletop_")).module
    game = pyspiel.load_game(name, params)
    rng = random.Random(6)
    state = game.new_initial_state()
    seen = 0
    while not state.is_terminal() and seen < 300:
        inner = state.inner
        if state.is_chance_node():
            general = sorted(
                (module.move_to_chance(inner, m), float(p)) for m, p in module.chance_outcomes(inner)
            )
            outcomes = state.chance_outcomes()
            assert outcomes == general
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            legal = state.legal_actions()
            assert legal == sorted(module.move_to_action(inner, m) for m in module.legal_moves(inner))
            state.apply_action(rng.choice(legal))
        seen += 1
