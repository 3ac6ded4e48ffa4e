"""Rollouts cut at a depth and scored by an evaluation: the `evaluate=` / `max_rollout_depth=` options."""

from __future__ import annotations

import math
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules import valandris
from tabletop_rules.agents import ISMCTS, MCTS, agent_spec
from tabletop_rules.agents._search import MAX_DEPTH, rollout
from tabletop_rules.core import InvalidOptionError
from tabletop_rules.valandris.evaluation import capture_hazard, estimated_returns

VALANDRIS = "tabletop_rules.valandris"
SETUP = ("place L A7", "place U E9", "place A H17", "seal E1", "seal E4", "seal E8", "seal E10", "seal E11")


def position(*texts: str) -> valandris.State:
    state = valandris.new_game()
    for text in texts:
        state = valandris.apply(state, valandris.parse_move(state, text))
    return state


def zero(state: object) -> tuple[float, float]:
    return (0.0, 0.0)


def wrong_width(state: object) -> tuple[float, ...]:
    return (1.0,)


def not_finite(state: object) -> tuple[float, float]:
    return (math.nan, 0.0)


def test_depth_zero_scores_the_leaf_without_playing():
    """REL-AGENTS-5: a rollout cut at depth 0 returns the evaluation of the state it starts from."""
    state = position(*SETUP, "declare U", "place V H12")
    rng = random.Random(1)
    before = rng.getstate()
    assert rollout(valandris, state, rng, None, estimated_returns, 0) == estimated_returns(state)
    assert rng.getstate() == before  # nothing was drawn: no decision was played


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), depth=st.integers(0, 12))
def test_cut_rollouts_return_the_evaluation_or_the_real_returns(seed: int, depth: int) -> None:
    """REL-AGENTS-5: the value of a cut rollout is the evaluation after `depth` decisions, or the
    game's `returns` when the game ended first; either way one finite number per player."""
    state = position(*SETUP, "declare U", "place V H12")
    values = rollout(valandris, state, random.Random(seed), None, zero, depth)
    assert len(values) == 2
    assert all(math.isfinite(v) for v in values)
    assert values == (0.0, 0.0) or values[0] == -values[1] != 0


def test_the_evaluation_is_checked_at_every_use():
    """REL-AGENTS-5: an evaluation that returns the wrong number of values or a value that is not
    finite raises InvalidOptionError naming `evaluate`."""
    state = position(*SETUP, "declare U", "place V H12")
    for bad in (wrong_width, not_finite):
        agent = MCTS(VALANDRIS, iterations=5, evaluate=bad, max_rollout_depth=0)
        with pytest.raises(InvalidOptionError, match="evaluate must return 2 finite numbers"):
            agent(state, random.Random(0))


def test_bad_cut_options_are_refused():
    """REL-AGENTS-1: `evaluate` and `max_rollout_depth` are checked by type and range, and go together."""
    for cls in (MCTS, ISMCTS):
        game = VALANDRIS if cls is MCTS else "tabletop_rules.chrononauts"
        with pytest.raises(InvalidOptionError, match="go together"):
            cls(game, evaluate=zero)
        with pytest.raises(InvalidOptionError, match="go together"):
            cls(game, max_rollout_depth=3)
        for depth in (-1, MAX_DEPTH + 1, True, 2.0, "3"):
            with pytest.raises(InvalidOptionError, match="max_rollout_depth must be an int"):
                cls(game, evaluate=zero, max_rollout_depth=depth)  # type: ignore[arg-type]
        with pytest.raises(InvalidOptionError, match="evaluate must be a function"):
            cls(game, evaluate=3, max_rollout_depth=1)  # type: ignore[arg-type]


def test_cut_search_is_seeded_picklable_and_described():
    """REL-AGENTS-4: an agent with an evaluation pickles, and its description names the evaluation."""
    agent = MCTS(VALANDRIS, iterations=30, evaluate=estimated_returns, max_rollout_depth=3)
    state = position(*SETUP, "declare U", "place V H12")
    copy = pickle.loads(pickle.dumps(agent))
    assert copy == agent
    assert copy(state, random.Random(4)) == agent(state, random.Random(4))
    spec = agent_spec(agent)
    assert spec["evaluate"] == {"agent": "tabletop_rules.valandris.evaluation.estimated_returns"}
    assert spec["max_rollout_depth"] == 3
    assert "max_rollout_depth" not in agent_spec(MCTS(VALANDRIS, iterations=30))  # described as before


def test_valandris_evaluation_prefers_a_cornered_valandris():
    """The capture hazard grows as the creatures close in, and the expected score follows it."""
    far = position(*SETUP, "declare U", "place V H12")
    near = position(*SETUP, "declare U", "place V E3")
    assert 0 < capture_hazard(far) < 1
    assert 0 < capture_hazard(near) < 1
    hs_far, v_far = estimated_returns(far)
    assert hs_far == -v_far
    assert v_far > 0
