"""`adapters.policy`: a policy over encoded observations played as an agent of the library."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")

from tabletop_rules import chrononauts, trismaugistus, valandris  # noqa: E402
from tabletop_rules.adapters.policy import PolicyAgent, policy_agent  # noqa: E402
from tabletop_rules.chrononauts import tensors as chrononauts_tensors  # noqa: E402
from tabletop_rules.core import sample_chance  # noqa: E402
from tabletop_rules.core.errors import (  # noqa: E402
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidStateError,
)
from tabletop_rules.core.protocol import CHANCE  # noqa: E402
from tabletop_rules.simulate import Simulation, simulate  # noqa: E402
from tabletop_rules.valandris import tensors as valandris_tensors  # noqa: E402


def first_legal(observation, mask, rng):
    """A module-level policy (picklable): the lowest legal id."""
    return int(np.flatnonzero(mask)[0])


def uniform(observation, mask, rng):
    """A module-level policy: a legal id drawn from ``rng``."""
    return rng.choice([int(i) for i in np.flatnonzero(mask)])


def _decision_states(game, seed, steps, **setup):
    """The decision states of one seeded random game, up to ``steps`` of them."""
    rng = random.Random(seed)
    state = game.new_game(**setup)
    found = []
    while not game.is_terminal(state) and len(found) < steps:
        if game.current_player(state) is CHANCE:
            state = game.apply(state, sample_chance(game, state, rng))
            continue
        found.append(state)
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return found


def _legal_ids(game, state):
    return sorted(game.move_to_action(state, move) for move in game.legal_moves(state))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_policy_sees_the_players_encoding_and_mask_and_its_id_is_played(seed):
    seen = []

    def spy(observation, mask, rng):
        seen.append((observation.copy(), mask.copy()))
        return first_legal(observation, mask, rng)

    agent = policy_agent("valandris", spy)
    for state in _decision_states(valandris, seed, 40, options=valandris.Options(max_turns=6)):
        move = agent(state, random.Random(0))
        observation, mask = seen[-1]
        player = valandris.current_player(state)
        assert observation.dtype == np.float32
        assert mask.dtype == np.int8
        assert observation.tolist() == pytest.approx(valandris_tensors.observation_tensor(state, player))
        assert np.flatnonzero(mask).tolist() == _legal_ids(valandris, state)
        assert valandris.move_to_action(state, move) == _legal_ids(valandris, state)[0]


def test_information_state_policies_see_the_information_state_tensor():
    seen = []

    def spy(observation, mask, rng):
        seen.append(observation.copy())
        return uniform(observation, mask, rng)

    agent = policy_agent(chrononauts, spy, observation_type="information_state")
    for state in _decision_states(chrononauts, 3, 25, players=3):
        agent(state, random.Random(1))
        player = chrononauts.current_player(state)
        expected = chrononauts_tensors.information_state_tensor(state, player)
        assert seen[-1].tolist() == pytest.approx(expected)


@pytest.mark.parametrize(
    ("game", "setup"),
    [(valandris, {"options": valandris.Options(max_turns=8)}), (chrononauts, {"setup": {"players": 3}})],
    ids=["valandris", "chrononauts"],
)
def test_policy_agents_play_whole_seeded_games_reproducibly(game, setup):
    players = len(game.returns(game.new_game(**setup.get("setup", {}))))
    agents = [policy_agent(game, uniform)] * players
    first = simulate(game, 3, agents=agents, master_seed=11, max_moves=3000, progress=False, **setup)
    again = simulate(game, 3, agents=agents, master_seed=11, max_moves=3000, progress=False, **setup)
    assert first == again
    assert all(record.moves > 0 for record in first.records)


def test_trismaugistus_observation_policies_play():
    agent = policy_agent(trismaugistus, uniform)
    for state in _decision_states(trismaugistus, 5, 10):
        assert trismaugistus.is_legal(state, agent(state, random.Random(2)))


@pytest.mark.parametrize(
    "answer",
    [1.0, True, np.bool_(True), None, "3", [3], np.array([3]), np.float64(3.0)],
    ids=repr,
)
def test_an_answer_that_is_not_an_integer_is_refused(answer):
    """REL-POLICY-1: a policy's answer that is not an exact integer raises InvalidMoveError."""
    agent = policy_agent(valandris, lambda observation, mask, rng: answer)
    with pytest.raises(InvalidMoveError, match="integer action id"):
        agent(valandris.new_game(), random.Random(0))


@pytest.mark.parametrize("answer", [-1, 10**30, np.int64(10**6)], ids=repr)
def test_an_id_outside_the_action_space_is_refused(answer):
    """REL-POLICY-1: an integer outside the action space raises IllegalMoveError."""
    agent = policy_agent(valandris, lambda observation, mask, rng: answer)
    with pytest.raises(IllegalMoveError, match="not an action id"):
        agent(valandris.new_game(), random.Random(0))


def test_an_illegal_id_is_refused_even_when_the_policy_rewrites_its_mask():
    """REL-POLICY-1: an id that is not legal here raises IllegalMoveError, whatever the policy did."""
    state = valandris.new_game()
    illegal = next(i for i in range(valandris.num_actions(state)) if i not in _legal_ids(valandris, state))

    def cheat(observation, mask, rng):
        mask[:] = 1
        return np.int64(illegal)

    with pytest.raises(IllegalMoveError, match=f"action id {illegal}, which is not legal") as caught:
        policy_agent(valandris, cheat)(state, random.Random(0))
    assert len(str(caught.value)) < 600


def test_numpy_integers_are_accepted():
    state = valandris.new_game()
    agent = policy_agent(valandris, lambda o, m, r: np.array(np.flatnonzero(m)[0]))
    assert type(agent(state, random.Random(0))) is type(valandris.legal_moves(state)[0])


def test_what_the_policy_raises_passes_through():
    def broken(observation, mask, rng):
        raise ZeroDivisionError("inside the policy")

    with pytest.raises(ZeroDivisionError, match="inside the policy"):
        policy_agent(valandris, broken)(valandris.new_game(), random.Random(0))


def test_the_agent_refuses_calls_with_no_decision_and_bad_rngs():
    agent = policy_agent(valandris, first_legal)
    with pytest.raises(InvalidOptionError, match=r"random\.Random"):
        agent(valandris.new_game(), np.random.default_rng(0))
    chance = next(s for s in _roll_states())
    with pytest.raises(InvalidStateError, match="chance outcome is due"):
        agent(chance, random.Random(0))


def _roll_states():
    rng = random.Random(0)
    state = valandris.new_game()
    while not valandris.is_terminal(state):
        if valandris.current_player(state) is CHANCE:
            yield state
            state = valandris.apply(state, sample_chance(valandris, state, rng))
        else:
            state = valandris.apply(state, rng.choice(valandris.legal_moves(state)))


@pytest.mark.parametrize(
    ("game", "policy", "kind", "message"),
    [
        ("go", first_legal, "observation", "no tabletop_rules game"),
        (valandris, 3, "observation", "policy must be callable"),
        (valandris, first_legal, "pixels", "observation_type must be one of"),
        (valandris, first_legal, "information_state", "no information-state encoding"),
    ],
)
def test_bad_construction_arguments_are_refused(game, policy, kind, message):
    with pytest.raises(InvalidOptionError, match=message):
        policy_agent(game, policy, observation_type=kind)


def test_an_agent_pickles_compares_and_describes_itself(tmp_path):
    agent = policy_agent("valandris", first_legal)
    copy = pickle.loads(pickle.dumps(agent))
    assert copy == agent
    assert isinstance(copy, PolicyAgent)
    assert copy.game == "tabletop_rules.valandris"
    assert agent.spec()["policy"] == {"agent": f"{__name__}.first_legal"}
    assert "first_legal" in repr(agent)
    path = tmp_path / "run.jsonl"
    simulate(
        valandris,
        2,
        agents=[agent, None],
        options=valandris.Options(max_turns=4),
        records_path=path,
        progress=False,
    )
    assert '"tabletop_rules.adapters.policy.PolicyAgent"' in path.read_text().splitlines()[0]
    assert len(Simulation.load_jsonl(path).records) == 2


def test_an_agent_is_an_opponent_of_the_gymnasium_environment():
    gymnasium_adapter = pytest.importorskip("tabletop_rules.adapters.gymnasium")
    env = gymnasium_adapter.TabletopEnv(
        "valandris", seat=1, opponents=policy_agent(valandris, uniform), max_turns=5
    )
    _, info = env.reset(seed=4)
    done = False
    while not done:
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        done = terminated or truncated
    assert valandris.is_terminal(env.state_now)
