"""`heuristic_agent` and `rollout_agent`: what they play, on the player's information only."""

from __future__ import annotations

import random

import pytest

from tabletop_rules import chrononauts as C
from tabletop_rules.chrononauts.agents import evaluate, heuristic_agent, rollout_agent
from tabletop_rules.chrononauts.determinize import resample_from_infostate
from tabletop_rules.core import CHANCE, random_agent, random_playout
from tabletop_rules.core.errors import TabletopRulesError
from tabletop_rules.testing import finished_playout

from .helpers import draw, evolve_timeline, move, setup


def test_it_patches_a_home_year_of_its_id():  # C-PATCH-4, C-WIN-3: ID-08 needs 1917'
    state = evolve_timeline(
        setup(2, hands=[["P-1917", "ACT-NEW-MISSION"], []], ids=["ID-08", "ID-03"]), "Lusitania"
    )
    state = draw(state)
    assert heuristic_agent(state, random.Random(1)) == C.Play("P-1917")


def test_it_blocks_an_opponent_one_artifact_from_a_mission():  # C-ACT-8, C-WIN-2, C-VIEW-1
    state = setup(
        2,
        hands=[["ACT-IT-NEVER-EXISTED"], []],
        tableaux=[[], ["ART-MONA-LISA-REAL", "ART-MONA-LISA-FORGERY-GOOD"]],
        ids=["ID-08", "ID-03"],
        missions=["MIS-PLACEHOLDER-06", "MIS-MONA-LISA-TRIPTYCH"],
    )
    chosen = heuristic_agent(draw(state), random.Random(2))
    assert chosen.card == "ACT-IT-NEVER-EXISTED"
    assert chosen.target in ("ART-MONA-LISA-REAL", "ART-MONA-LISA-FORGERY-GOOD")


def test_it_spends_a_memo_to_save_the_universe():  # C-MEMO-1, C-LOSE-1 (E4: 12 open, then Sputnik)
    state = setup(2, hands=[["TW-MEMO"], ["INV-REVERSE-FATE"]], first=1, ids=["ID-08", "ID-03"])
    icons = ("Hitler", "PearlHarbor", "Titanic", "Lusitania", "Ferdinand", "Lincoln", "Hindenburg", "Waco")
    state = draw(evolve_timeline(state, *icons))
    assert state.open_paradoxes() == 12
    state = move(state, 'play "Reverse Fate" 1957')
    assert C.current_player(state) == 0
    assert heuristic_agent(state, random.Random(3)) == C.Memo("TW-MEMO")


def test_it_lets_a_harmless_card_stand():  # C-RULING-6: a Memo is worth keeping
    state = setup(2, hands=[["TW-MEMO"], ["ART-PLACEHOLDER-15"]], first=1, ids=["ID-08", "ID-03"])
    state = move(draw(state, "ART-PLACEHOLDER-14"), 'play "Artifact (unpublished list) 15"')
    assert heuristic_agent(state, random.Random(3)) == C.Pass()


def _decision_states(seed: int) -> list[C.State]:
    game = random_playout(C, seed, initial=C.new_game(players=2), max_moves=300)
    states = [s for s in game.states(C) if C.current_player(s) not in (None, CHANCE)]
    return states[::25]


@pytest.mark.parametrize("seed", [1, 2])
def test_the_decision_depends_only_on_the_information_state(seed):  # C-VIEW-3, C-VIEW-6
    for state in _decision_states(seed):
        player = C.current_player(state)
        twin = resample_from_infostate(state, player, random.Random(seed + 50))
        assert C.information_state_string(twin, player) == C.information_state_string(state, player)
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        assert heuristic_agent(state, rng_a) == heuristic_agent(twin, rng_b)
        assert rng_a.getstate() == rng_b.getstate()


def test_it_beats_random_play():  # the strength target, in small (see benchmarks/strength.py)
    wins = 0
    for seed in range(4):
        seat = seed % 2
        agents = [heuristic_agent, random_agent(C)] if seat == 0 else [random_agent(C), heuristic_agent]
        final = finished_playout(C, 300 + seed, initial=C.new_game(players=2), agents=agents).final
        wins += final.result.winner == seat
    assert wins >= 3


def test_rollout_agent_plays_legal_moves_to_the_end():
    final = finished_playout(C, 5, initial=C.new_game(players=3), agents=[rollout_agent] * 3).final
    assert C.is_terminal(final)


def test_agents_refuse_chance_nodes():
    state = C.new_game(players=2)
    assert C.current_player(state) is CHANCE
    with pytest.raises(TabletopRulesError):
        heuristic_agent(state, random.Random(0))


def test_evaluate_prefers_a_win_and_fears_destruction():  # C-WIN-*, C-LOSE-1
    won = finished_playout(C, 8, initial=C.new_game(players=2), agents=[heuristic_agent] * 2).final
    winner = won.result.winner
    assert evaluate(won, winner) == 1000.0
    assert evaluate(won, 1 - winner) == -1000.0
