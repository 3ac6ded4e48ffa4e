"""The stand-in reporters: legal, reproducible, and the heuristic one drafts one die a turn (B-1, B-6)."""

from __future__ import annotations

import random

import pytest

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import CHANCE, IllegalMoveError, sample_outcome
from tabletop_rules.testing import finished_playout
from tabletop_rules.trismaugistus.agents import heuristic_human, random_agent

SETUPS = [
    "setup d1 exp=FX-S2 art=FX-AS3",
    "setup d2 exp=FX-S1 art=FX-AS2 objectives=FX-O1,FX-O2,FX-O3,FX-O4",
    "setup d3 exp=FX-S3 art=FX-AS1",
]


def play(setup: str, seed: int) -> list[tuple[tm.State, tm.Move]]:
    """Every (state, move) of a seeded game where `heuristic_human` reports; each move checked legal."""
    rng = random.Random(seed)
    state = tm.new_game_with_setup(setup)
    steps = []
    while not tm.is_terminal(state):
        if tm.current_player(state) is CHANCE:
            move = sample_outcome(tm.chance_outcomes(state), rng)
        else:
            move = heuristic_human(state, rng)
            assert move in tm.legal_moves(state)
            tm.check_move(state, move)
        steps.append((state, move))
        state = tm.apply(state, move)
        assert len(steps) < 2000
    return steps


@pytest.mark.parametrize("setup", SETUPS)
@pytest.mark.parametrize("seed", range(4))
def test_heuristic_human_plays_legal_games_to_the_end(setup: str, seed: int):
    steps = play(setup, seed)
    # B-1: at most three dice a round, one per turn
    drafts_in_turn = 0
    for state, move in steps:
        if isinstance(move, tm.HumanDraftDie):
            drafts_in_turn += 1
            assert drafts_in_turn == 1
        elif isinstance(move, tm.HumanEndTurn):
            drafts_in_turn = 0
            assert move.finished_round == (
                state.human_dice == 3 or not any(any(c) for c in state.board.bowls)
            )


def test_heuristic_human_takes_from_its_die_area():  # B-6
    for state, move in play(SETUPS[0], 1):
        if isinstance(move, tm.HumanTakeExperiment):
            assert state.trace[0].text.startswith(f"human drafts {move.face}/")
        if isinstance(move, tm.HumanTakeArtifact):
            assert state.trace[0].text.endswith(f"/{move.colour}")


@pytest.mark.parametrize("agent", [heuristic_human, random_agent])
def test_agents_are_reproducible_per_seed(agent):
    start = tm.new_game_with_setup(SETUPS[1])
    first = finished_playout(tm, 11, initial=start, agents=[agent])
    second = finished_playout(tm, 11, initial=start, agents=[agent])
    assert first.moves == second.moves
    assert first.final == second.final
    other = finished_playout(tm, 12, initial=start, agents=[agent])
    assert other.moves != first.moves


def test_heuristic_human_decides_only_at_decisions():
    state = tm.new_game_with_setup(SETUPS[0])
    rng = random.Random(1)
    assert isinstance(heuristic_human(tm.new_game(), rng), tm.Setup)
    state = tm.apply(state, heuristic_human(state, rng))  # the round-1 roll, laid out
    assert any(state.board.areas)
    assert any(state.board.offers)
    state = tm.apply(state, tm.HumanEndTurn(False))
    assert tm.current_player(state) is CHANCE
    with pytest.raises(IllegalMoveError):
        heuristic_human(state, rng)
