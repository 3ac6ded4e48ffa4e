"""The hard levels: Chrononauts' `SampledLookahead`, Valandris' `Tactics` and `capture_chance`, and
the caches of the Chrononauts heuristic's threat estimate."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules import chrononauts, valandris
from tabletop_rules.agents import MCTS, agent_spec
from tabletop_rules.chrononauts import agents as chrononauts_agents
from tabletop_rules.chrononauts import heuristic
from tabletop_rules.chrononauts.content.records import Identity, Mission
from tabletop_rules.chrononauts.determinize import unseen_cards, unseen_goals
from tabletop_rules.chrononauts.heuristic import id_distance, mission_distance
from tabletop_rules.chrononauts.lookahead import MAX_HORIZON, MAX_TOP, SampledLookahead
from tabletop_rules.core import CHANCE, InvalidOptionError, InvalidStateError
from tabletop_rules.core.playout import sample_outcome
from tabletop_rules.valandris.agents import SETUP_ROLLOUT_DEPTH, Tactics, greedy_agent
from tabletop_rules.valandris.agents import opponent as valandris_opponent
from tabletop_rules.valandris.evaluation import capture_chance
from tabletop_rules.valandris.solver.checker import forced_within
from tabletop_rules.valandris.state import Phase

from .helpers import chrononauts_decisions

# ------------------------------------------------------------------------------ Chrononauts


def test_lookahead_checks_its_fields() -> None:
    """REL-AGENTS-6: every field is an exact int in its range."""
    for field, most in (("samples", 1_000), ("top", MAX_TOP), ("horizon", MAX_HORIZON)):
        for bad in (0, -1, most + 1, True, 2.0, "3", None):
            with pytest.raises(InvalidOptionError, match=rf"{field} must be an int in 1\.\.{most}"):
                SampledLookahead(**{field: bad})  # type: ignore[arg-type]


def test_lookahead_refuses_states_without_a_decision() -> None:
    agent = SampledLookahead(1, 1, 1)
    with pytest.raises(InvalidStateError):
        agent(valandris.new_game(), random.Random(0))  # type: ignore[arg-type]
    state = chrononauts.new_game(players=2)
    assert chrononauts.current_player(state) is CHANCE
    with pytest.raises(InvalidStateError, match="no player is to act"):
        agent(state, random.Random(0))
    with pytest.raises(InvalidOptionError):
        agent(chrononauts_decisions(1, 1, 2)[0], 7)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 4])
def test_lookahead_plays_legal_seeded_moves_and_pickles(players: int) -> None:
    """REL-AGENTS-4: legal, the same move for the same seed, equal after a pickle round trip."""
    agent = SampledLookahead(2, 3, 12)
    copy = pickle.loads(pickle.dumps(agent))
    assert copy == agent
    assert agent_spec(copy) == agent_spec(agent)
    assert agent_spec(agent) == {
        "agent": "tabletop_rules.chrononauts.lookahead.SampledLookahead",
        "samples": 2,
        "top": 3,
        "horizon": 12,
    }
    for state in chrononauts_decisions(5, 8, players):
        move = agent(state, random.Random(4))
        assert move in chrononauts.legal_moves(state)
        assert copy(state, random.Random(4)) == move


def test_the_hard_level_is_the_lookahead() -> None:
    assert chrononauts_agents.opponent("hard") == SampledLookahead()


def test_lookahead_takes_a_win_at_once() -> None:
    """A move that wins is played without looking further (C-WIN-1)."""
    found = 0
    for seed in range(8):
        for state in chrononauts_decisions(seed, 40, 2):
            player = chrononauts.current_player(state)
            assert isinstance(player, int)
            winning = [  # won once the reaction windows close with passes
                move
                for move in chrononauts.legal_moves(state)
                if heuristic._score_after(state, move, player) >= heuristic.WIN
            ]
            if winning:
                found += 1
                assert SampledLookahead(1, 1, 1)(state, random.Random(0)) in winning
    assert found  # the games above reach winning moves


def _threat_uncached(state: chrononauts.State, player: int) -> float:
    """The opponents' threat as the heuristic computed it before its caches (the reference)."""
    _, ids, missions = unseen_cards(state, player)
    cards = state.cards
    id_records = [r for r in (cards.by_id[i] for i in ids) if isinstance(r, Identity)]
    mission_records = [r for r in (cards.by_id[m] for m in missions) if isinstance(r, Mission)]
    id_avg = sum(id_distance(state, r) for r in id_records) / len(id_records) if id_records else 99.0
    nearest = 99.0
    for p in range(state.players):
        if p == player:
            continue
        d = [mission_distance(state, r, state.tableaux[p]) for r in mission_records]
        risk = min(d, default=99.0) + (sum(d) / len(d) if d else 99.0)
        hand = heuristic._hand_distance(state, len(state.hands[p]))
        nearest = min(nearest, hand, id_avg, risk / 2)
    return min(nearest, 12.0)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 5]))
def test_threat_caches_change_nothing(seed: int, players: int) -> None:
    """The cached threat equals the uncached reference, for every seat, in games of every size."""
    for state in chrononauts_decisions(seed, 12, players):
        for player in range(players):
            assert heuristic._threat(state, player) == _threat_uncached(state, player)
            assert unseen_goals(state, player) == unseen_cards(state, player)[1:]


def test_threat_caches_tell_game_contexts_apart() -> None:
    """Equal parts of two games with different card lists never share a cached value."""
    base = chrononauts_decisions(1, 3, 2)[-1]
    artifaxx = chrononauts.new_game(players=2, options=chrononauts.Options(variant="artifaxx"))
    for state in (base, artifaxx, base):
        for player in range(2):
            assert heuristic._threat(state, player) == _threat_uncached(state, player)


# ------------------------------------------------------------------------------ Valandris


def valandris_states(seed: int, count: int) -> list[valandris.State]:
    """States of greedy games with Valandris or the Holy Spirit to decide inside a turn."""
    rng = random.Random(seed)
    state = valandris.new_game(valandris.Options(max_turns=12))
    found: list[valandris.State] = []
    while not valandris.is_terminal(state) and len(found) < count:
        if valandris.current_player(state) is CHANCE:
            state = valandris.apply(state, sample_outcome(valandris.chance_outcomes(state), rng))
            continue
        if not state.phase.is_setup and len(valandris.legal_moves(state)) > 1:
            found.append(state)
        state = valandris.apply(state, greedy_agent(state, rng))
    return found


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_capture_chance_lies_between_the_solver_die_bounds(seed: int) -> None:
    """`capture_chance` is 1 where the Holy Spirit forces a capture this turn whatever the die, 0
    where it cannot capture even with the die's help, and a probability in between otherwise."""
    for found in valandris_states(seed, 6):
        state = found
        if state.phase is Phase.VALANDRIS or state.phase is Phase.DECLARE:
            state = valandris.apply(state, valandris.legal_moves(state)[0])
        if state.phase is Phase.OVER or state.phase is Phase.DECLARE:
            continue
        chance = capture_chance(state)
        assert 0.0 <= chance <= 1.0
        if forced_within(state, 1, "adversarial"):
            assert chance == 1.0
        if not forced_within(state, 1, "cooperative"):
            assert chance == 0.0


def test_capture_chance_of_a_finished_game_and_of_a_declaration() -> None:
    state = valandris.from_position(
        leviathan="A0", unicorn="E0", archangel="H0", valandris="A1", seals=[], declared="leviathan", turn=2
    )
    assert capture_chance(state) == 1.0  # the Leviathan steps onto him
    captured = valandris.apply(state, Tactics(greedy_agent)(state, random.Random(0)))
    assert captured.captured
    assert capture_chance(captured) == 1.0
    for state in valandris_states(3, 40):
        if state.phase is Phase.DECLARE:
            assert capture_chance(state) == 0.0
            break


def test_tactics_checks_its_fields() -> None:
    """REL-AGENTS-6: the search must be callable and the threshold a number in (0, 1]."""
    with pytest.raises(InvalidOptionError, match="search must be an agent"):
        Tactics(3)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="setup_search must be an agent"):
        Tactics(greedy_agent, "mcts")  # type: ignore[arg-type]
    for bad in (0, -0.5, 1.5, float("nan"), True, "0.5", None):
        with pytest.raises(InvalidOptionError, match=r"threshold must be a number in \(0, 1\]"):
            Tactics(greedy_agent, threshold=bad)  # type: ignore[arg-type]


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_tactics_valandris_moves_where_capture_is_least_likely(seed: int) -> None:
    """Valandris' move has the lowest capture chance of all his moves; a capture the Holy Spirit
    is sure of is taken."""
    agent = Tactics(greedy_agent)
    for state in valandris_states(seed, 8):
        move = agent(state, random.Random(seed))
        assert move in valandris.legal_moves(state)
        chances = [capture_chance(valandris.apply(state, m)) for m in valandris.legal_moves(state)]
        chosen = capture_chance(valandris.apply(state, move))
        if state.phase in (Phase.VALANDRIS, Phase.BONUS):  # Valandris' decisions
            assert chosen == min(chances)
        elif state.phase is not Phase.DECLARE and max(chances) == 1.0:
            assert chosen == 1.0


def test_the_hard_valandris_level_is_tactics_over_the_medium_search() -> None:
    hard, medium = valandris_opponent("hard"), valandris_opponent("medium")
    assert isinstance(medium, MCTS)
    assert isinstance(hard, Tactics)
    assert hard.search == medium
    assert hard.setup_search == attrs.evolve(medium, max_rollout_depth=SETUP_ROLLOUT_DEPTH)
    assert agent_spec(hard)["search"] == agent_spec(medium)
    assert agent_spec(hard)["setup_search"]["max_rollout_depth"] == SETUP_ROLLOUT_DEPTH
    assert pickle.loads(pickle.dumps(hard)) == hard


def test_tactics_asks_the_setup_search_at_the_setup_only() -> None:
    """The Holy Spirit's setup decisions go to `setup_search`, its turns' to `search`."""
    asked: list[str] = []

    def setup_agent(state: valandris.State, rng: random.Random) -> valandris.Move:
        asked.append("setup")
        return greedy_agent(state, rng)

    def search_agent(state: valandris.State, rng: random.Random) -> valandris.Move:
        asked.append("search")
        return greedy_agent(state, rng)

    agent = Tactics(search_agent, setup_agent)
    state = valandris.new_game(valandris.Options(max_turns=3))
    rng = random.Random(2)
    while not valandris.is_terminal(state):
        if valandris.current_player(state) is CHANCE:
            state = valandris.apply(state, sample_outcome(valandris.chance_outcomes(state), rng))
            continue
        setup = state.phase.is_setup and state.phase is not Phase.PLACE_VALANDRIS
        choice = len(valandris.legal_moves(state)) > 1
        before = len(asked)
        state = valandris.apply(state, agent(state, rng))
        if setup and choice:
            assert asked[before:] == ["setup"]
        elif setup or not choice:
            assert asked[before:] == []
        else:
            assert "setup" not in asked[before:]
    assert "setup" in asked
    assert "search" in asked
