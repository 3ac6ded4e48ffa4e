"""MCTS on Valandris and Trismaugistus: legal, reproducible, picklable, pool-safe, tactical."""

from __future__ import annotations

import pickle
import random
from concurrent.futures import ProcessPoolExecutor

import pytest

from tabletop_rules import trismaugistus, valandris
from tabletop_rules.agents import MCTS
from tabletop_rules.core import CHANCE, InvalidOptionError, TabletopRulesError, random_playout
from tabletop_rules.simulate import simulate
from tabletop_rules.testing import finished_playout
from tabletop_rules.valandris.agents import greedy_agent

VALANDRIS = "tabletop_rules.valandris"
HOLY_SPIRIT = 0

SETUP = ("place L A7", "place U E9", "place A H17", "seal E1", "seal E4", "seal E8", "seal E10", "seal E11")


def position(*texts: str) -> object:
    """The Valandris state after the moves `texts`, in notation, from a new game."""
    state = valandris.new_game()
    for text in texts:
        state = valandris.apply(state, valandris.parse_move(state, text))
    return state


def test_valandris_plays_only_legal_moves():
    agent = MCTS(VALANDRIS, iterations=12)
    playout = random_playout(valandris, 3, agents=[agent, agent], max_moves=40)
    state = playout.initial
    for move in playout.moves:
        if valandris.current_player(state) is not CHANCE:
            assert move in valandris.legal_moves(state)
        state = valandris.apply(state, move)


def test_same_seed_same_move_and_same_rng_state():
    agent = MCTS(VALANDRIS, iterations=40)
    state = position(*SETUP, "declare U", "place V H12")
    first, second = random.Random(5), random.Random(5)
    assert agent(state, first) == agent(state, second)
    assert first.getstate() == second.getstate()


def test_pickle_round_trip_keeps_the_agent_and_its_choices():
    agent = MCTS(valandris, iterations=30, rollout_agent=greedy_agent, widening=None)
    assert agent.game == VALANDRIS  # the module is kept by name
    copy = pickle.loads(pickle.dumps(agent))
    assert copy == agent
    state = position(*SETUP, "declare U")
    assert copy(state, random.Random(8)) == agent(state, random.Random(8))


def test_a_process_pool_gives_the_same_records_as_in_process():
    agents = [MCTS(VALANDRIS, iterations=4), greedy_agent]
    kwargs = {"agents": agents, "master_seed": 4, "max_moves": 24, "chunk_size": 1, "progress": False}
    base = simulate(valandris, 2, **kwargs)
    with ProcessPoolExecutor(2) as pool:
        assert simulate(valandris, 2, executor=pool, **kwargs) == base


@pytest.mark.parametrize("seed", range(2))
def test_the_holy_spirit_finds_the_capture_of_its_turn(seed):
    # V-HS-2, V-HS-9, V-GOAL-1: Valandris stands next to the Archangel, which moves last in the turn;
    # the Holy Spirit captures in turn 1 only by keeping the Archangel's step open through the
    # Leviathan's and the Unicorn's moves (random rollouts need about 1000 iterations to find it every
    # time: with 300, one seed in ten crosses worlds instead).
    state = position(*SETUP, "declare U", "place V H12")
    agent, rng = MCTS(VALANDRIS, iterations=1000), random.Random(seed)
    while valandris.current_player(state) == HOLY_SPIRIT:
        state = valandris.apply(state, agent(state, rng))
    assert valandris.is_terminal(state)
    assert valandris.returns(state) == (-1.0, 1.0)  # captured in Holy Spirit turn 1


def test_greedy_rollouts_find_it_with_fewer_iterations():
    state = position(*SETUP, "declare U", "place V H12")
    agent, rng = MCTS(VALANDRIS, iterations=60, rollout_agent=greedy_agent), random.Random(3)
    while valandris.current_player(state) == HOLY_SPIRIT:
        state = valandris.apply(state, agent(state, rng))
    assert valandris.returns(state) == (-1.0, 1.0)


def test_the_leviathan_takes_the_capture_at_once():
    # V-HS-4, V-HS-9: the Leviathan, first to move, can step onto Valandris.
    state = position(*SETUP, "declare U", "place V A2")
    move = MCTS(VALANDRIS, iterations=100)(state, random.Random(0))
    assert valandris.move_to_str(state, move) == "L A7xA2"


def test_trismaugistus_setup_and_turns_are_legal_and_reproducible():
    agent = MCTS("tabletop_rules.trismaugistus", iterations=15)
    state = trismaugistus.new_game()
    rng = random.Random(2)
    decisions = 0
    while decisions < 3 and not trismaugistus.is_terminal(state):
        if trismaugistus.current_player(state) is CHANCE:
            outcomes = trismaugistus.chance_outcomes(state)
            move = outcomes[rng.randrange(len(outcomes))][0]
        else:
            move = agent(state, rng)
            assert move in trismaugistus.legal_moves(state)
            decisions += 1
        state = trismaugistus.apply(state, move)
    start = trismaugistus.new_game()
    assert agent(start, random.Random(1)) == agent(start, random.Random(1))


def test_single_legal_move_is_returned_without_search():
    agent = MCTS(VALANDRIS, iterations=10)
    state = position(*SETUP, "declare U", "place V H12")
    while len(valandris.legal_moves(state)) != 1:  # follow the first moves to a forced one
        state = valandris.apply(state, valandris.legal_moves(state)[0])
    rng = random.Random(0)
    before = rng.getstate()
    assert agent(state, rng) == valandris.legal_moves(state)[0]
    assert rng.getstate() == before


def test_bad_parameters_and_states_are_typed_errors():
    with pytest.raises(InvalidOptionError, match="budget"):
        MCTS(VALANDRIS, iterations=None)
    with pytest.raises(InvalidOptionError, match="seconds"):
        MCTS(VALANDRIS, seconds=-1.0)
    with pytest.raises(InvalidOptionError, match="exploration"):
        MCTS(VALANDRIS, exploration=0.0)
    with pytest.raises(InvalidOptionError, match="widening"):
        MCTS(VALANDRIS, widening=-2.0)
    with pytest.raises(InvalidOptionError, match="game module"):
        MCTS(3)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="not a game module"):
        MCTS("tabletop_rules.core")
    with pytest.raises(TabletopRulesError, match="over"):
        MCTS(VALANDRIS, iterations=5)(finished_playout(valandris, 1).final, random.Random(0))


def test_a_time_budget_returns_a_legal_move():
    state = position(*SETUP, "declare U", "place V H12")
    move = MCTS(VALANDRIS, iterations=None, seconds=0.05)(state, random.Random(3))
    assert move in valandris.legal_moves(state)
