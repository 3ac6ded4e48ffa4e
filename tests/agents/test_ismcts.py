"""ISMCTS on Kuhn poker (`tests/agents/kuhn.py`): legal, reproducible, picklable, never peeking, sensible."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules.agents import ISMCTS
from tabletop_rules.core import InvalidOptionError, TabletopRulesError
from tabletop_rules.simulate import simulate
from tabletop_rules.testing import finished_playout
from tests.agents import kuhn

KUHN = "tests.agents.kuhn"
J, Q, K = 0, 1, 2

# Decision points of Kuhn poker: the betting so far, and the player to act.
DECISIONS = {"": 0, "p": 1, "b": 1, "pb": 0}


def test_plays_only_legal_moves_through_whole_games():
    agent = ISMCTS(KUHN, iterations=40)
    for seed in range(20):
        playout = finished_playout(kuhn, seed, agents=[agent, agent])
        state = playout.initial
        for move in playout.moves:
            if kuhn.current_player(state) in (0, 1):
                assert move in kuhn.legal_moves(state)
            state = kuhn.apply(state, move)
        assert kuhn.is_terminal(playout.final)


def test_same_seed_same_move_and_same_rng_state():
    agent = ISMCTS(KUHN, iterations=60)
    state = kuhn.deal((Q, K), "p")
    first, second = random.Random(9), random.Random(9)
    assert agent(state, first) == agent(state, second)
    assert first.getstate() == second.getstate()


def test_pickle_round_trip_keeps_the_agent_and_its_choices():
    agent = ISMCTS(kuhn, iterations=50, exploration=1.0, widening=None)
    assert agent.game == KUHN  # the module is kept by name
    copy = pickle.loads(pickle.dumps(agent))
    assert copy == agent
    state = kuhn.deal((J, Q), "b")
    assert copy(state, random.Random(4)) == agent(state, random.Random(4))


def test_simulate_runs_it_like_any_agent():
    agent = ISMCTS(KUHN, iterations=30)
    first = simulate(kuhn, 6, agents=[agent, agent], master_seed=2, progress=False)
    assert first == simulate(kuhn, 6, agents=[agent, agent], master_seed=2, progress=False)
    assert all(not record.truncated for record in first.records)


@settings(max_examples=40, deadline=None)
@given(
    history=st.sampled_from(sorted(DECISIONS)),
    own=st.sampled_from((J, Q, K)),
    pick=st.integers(0, 1),
    seed=st.integers(0, 2**32),
)
def test_never_peeks_at_the_opponents_card(history, own, pick, seed):
    player = DECISIONS[history]
    first_other, second_other = (c for c in (J, Q, K) if c != own)

    def dealt(other):
        return kuhn.deal((own, other) if player == 0 else (other, own), history)

    real, twin = dealt((first_other, second_other)[pick]), dealt((second_other, first_other)[pick])
    info = kuhn.information_state_string
    assert info(real, player) == info(twin, player)
    assert real != twin
    agent = ISMCTS(KUHN, iterations=25)
    rng_real, rng_twin = random.Random(seed), random.Random(seed)
    assert agent(real, rng_real) == agent(twin, rng_twin)
    assert rng_real.getstate() == rng_twin.getstate()


@pytest.mark.parametrize("seed", range(6))
def test_a_jack_never_calls_a_bet_and_a_king_always_does(seed):
    agent = ISMCTS(KUHN, iterations=300)
    for history in ("b", "pb"):
        player = DECISIONS[history]
        for other in (Q, K):
            jack = kuhn.deal((J, other) if player == 0 else (other, J), history)
            assert agent(jack, random.Random(seed)) == "p", (history, other)
        for other in (J, Q):
            king = kuhn.deal((K, other) if player == 0 else (other, K), history)
            assert agent(king, random.Random(seed)) == "b", (history, other)


def test_a_game_without_resampling_is_refused_with_an_option_error():
    with pytest.raises(InvalidOptionError, match="resample_from_infostate"):
        ISMCTS("tabletop_rules.valandris")


def test_bad_budgets_and_states_are_typed_errors():
    with pytest.raises(InvalidOptionError, match="budget"):
        ISMCTS(KUHN, iterations=None)
    with pytest.raises(InvalidOptionError, match="iterations"):
        ISMCTS(KUHN, iterations=0)
    with pytest.raises(InvalidOptionError, match="cannot be imported"):
        ISMCTS("tests.agents.no_such_game")
    agent = ISMCTS(KUHN, iterations=10)
    with pytest.raises(TabletopRulesError, match="chance node"):
        agent(kuhn.new_game(), random.Random(0))
    with pytest.raises(TabletopRulesError, match="over"):
        agent(kuhn.deal((J, Q), "pp"), random.Random(0))


def test_a_time_budget_returns_a_legal_move():
    agent = ISMCTS(KUHN, iterations=None, seconds=0.02)
    assert agent(kuhn.deal((Q, J), ""), random.Random(1)) in ("p", "b")


def test_a_determinization_the_player_can_tell_apart_is_refused(monkeypatch):
    def peeking(state, player, rng):  # a broken resampler: it changes the player's own card
        return kuhn.deal(tuple((c + 1) % 3 for c in state.cards), state.history)

    monkeypatch.setattr(kuhn, "resample_from_infostate", peeking)
    with pytest.raises(TabletopRulesError, match="can tell"):
        ISMCTS(KUHN, iterations=5)(kuhn.deal((J, Q), ""), random.Random(0))
