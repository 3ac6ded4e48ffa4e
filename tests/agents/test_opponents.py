"""Every game's `agents.opponent(level)`: legal, seeded, picklable, never peeking, strict."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules import chrononauts, trismaugistus, valandris
from tabletop_rules.agents import agent_spec
from tabletop_rules.agents.levels import LEVELS
from tabletop_rules.chrononauts.agents import SampledHeuristic
from tabletop_rules.chrononauts.agents import opponent as chrononauts_opponent
from tabletop_rules.core import CHANCE, InvalidOptionError, random_playout
from tabletop_rules.trismaugistus.agents import SearchHuman
from tabletop_rules.trismaugistus.agents import opponent as trismaugistus_opponent
from tabletop_rules.trismaugistus.evaluation import human_score, margin
from tabletop_rules.valandris.agents import opponent as valandris_opponent

from .helpers import chrononauts_decisions

OPPONENTS = {
    "valandris": valandris_opponent,
    "chrononauts": chrononauts_opponent,
    "trismaugistus": trismaugistus_opponent,
}


@pytest.mark.parametrize("game", sorted(OPPONENTS))
def test_bad_levels_and_caps_are_refused(game: str) -> None:
    """REL-AGENTS-6: `opponent` refuses a level outside easy/medium/hard and a bad time cap."""
    opponent = OPPONENTS[game]
    for level in ("Hard", "", "expert", None, 3, b"hard"):
        with pytest.raises(InvalidOptionError, match="level must be one of easy, medium, hard"):
            opponent(level)  # type: ignore[arg-type]
    for seconds in (0, -1.0, float("nan"), float("inf"), True, "1", 86_401):
        with pytest.raises(InvalidOptionError, match="seconds must be a number"):
            opponent("hard", seconds=seconds)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", sorted(OPPONENTS))
@pytest.mark.parametrize("level", LEVELS)
def test_levels_pickle_and_describe_themselves(game: str, level: str) -> None:
    """REL-AGENTS-4: every level pickles to an equal agent with the same description."""
    agent = OPPONENTS[game](level)
    copy = pickle.loads(pickle.dumps(agent))
    assert agent_spec(copy) == agent_spec(agent)
    assert OPPONENTS[game](level, seconds=2.5) is not None


@pytest.mark.parametrize("level", LEVELS)
def test_valandris_levels_play_legal_reproducible_games(level: str) -> None:
    agent = valandris_opponent(level)
    start = valandris.new_game(valandris.Options(max_turns=3))
    first = random_playout(valandris, 5, initial=start, agents=[agent, agent])
    again = random_playout(valandris, 5, initial=start, agents=[agent, agent])
    assert first.moves == again.moves
    assert valandris.is_terminal(first.final)
    state = first.initial
    for move in first.moves:
        if valandris.current_player(state) is not CHANCE:
            assert move in valandris.legal_moves(state)
        state = valandris.apply(state, move)


def test_the_hard_holy_spirit_captures_a_valandris_next_to_the_leviathan() -> None:
    state = valandris.from_position(
        leviathan="A0", unicorn="E0", archangel="H0", valandris="A1", seals=[], declared="leviathan", turn=2
    )
    agent = valandris_opponent("hard")
    after = valandris.apply(state, agent(state, random.Random(0)))
    assert after.captured


@pytest.mark.parametrize("level", LEVELS)
def test_chrononauts_levels_play_legal_reproducible_moves(level: str) -> None:
    agent = chrononauts_opponent(level)
    for state in chrononauts_decisions(3, 6):
        move = agent(state, random.Random(11))
        assert move in chrononauts.legal_moves(state)
        assert agent(state, random.Random(11)) == move


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), index=st.integers(0, 5))
def test_chrononauts_levels_never_peek(seed: int, index: int) -> None:
    """REL-AGENTS-7: an opponent's move depends only on what its player may see: the same move, and
    the same rng state after it, in two states that differ only in cards hidden from that player."""
    state = chrononauts_decisions(seed % 7, 6)[index]
    player = chrononauts.current_player(state)
    assert isinstance(player, int)
    twin = chrononauts.resample_from_infostate(state, player, random.Random(seed))
    assert chrononauts.information_state_string(twin, player) == chrononauts.information_state_string(
        state, player
    )
    for level in LEVELS:
        agent = chrononauts_opponent(level)
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        assert agent(state, rng_a) == agent(twin, rng_b)
        assert rng_a.getstate() == rng_b.getstate()


def test_search_players_refuse_bad_sample_counts() -> None:
    """REL-AGENTS-6: the sampling players check their one parameter by exact type and range."""
    for cls in (SampledHeuristic, SearchHuman):
        for samples in (0, -1, 1001, True, 2.0, "3"):
            with pytest.raises(InvalidOptionError, match=r"samples must be an int in 1\.\.1000"):
                cls(samples)  # type: ignore[arg-type]


@pytest.mark.parametrize("level", LEVELS)
def test_trismaugistus_levels_play_legal_reproducible_games(level: str) -> None:
    agent = trismaugistus_opponent(level)
    first = random_playout(trismaugistus, 2, agents=[agent])
    again = random_playout(trismaugistus, 2, agents=[agent])
    assert first.moves == again.moves
    assert trismaugistus.is_terminal(first.final)
    state = first.initial
    for move in first.moves:
        if trismaugistus.current_player(state) == 0:
            assert move in trismaugistus.legal_moves(state)
        state = trismaugistus.apply(state, move)
    final = first.final
    assert margin(final) == human_score(final) - final.score.total
    assert margin(first.initial) == 0.0
