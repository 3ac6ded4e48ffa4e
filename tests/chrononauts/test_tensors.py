"""The Chrononauts tensors: built from a player's view, so nothing hidden leaks (C-VIEW-1..5)."""

from __future__ import annotations

import math
import random

import pytest

from tabletop_rules import chrononauts as C
from tabletop_rules.chrononauts import tensors as T
from tabletop_rules.core import CHANCE, evolve, random_playout

CONFIGS = [
    ({"max_turns": 12}, 4),
    ({"max_turns": 12}, 2),
    ({"max_turns": 10, "variant": "artifaxx"}, 3),
    ({"max_turns": 10, "variant": "solonauts"}, 1),
]


def _states(options, players, seed, max_moves=250):
    playout = random_playout(C, seed, initial=C.new_game(options, players=players), max_moves=max_moves)
    return list(playout.states(C))


@pytest.mark.parametrize(("options", "players"), CONFIGS, ids=str)
def test_sizes_are_constant_and_values_lie_in_the_unit_interval(options, players):
    first = C.new_game(options, players=players)
    size, info_size = T.observation_tensor_size(first), T.information_state_tensor_size(first)
    for state in _states(options, players, seed=players)[::2]:
        assert T.observation_tensor_size(state) == size
        assert T.information_state_tensor_size(state) == info_size
        for player in range(players):
            observation = T.observation_tensor(state, player)
            information = T.information_state_tensor(state, player)
            assert len(observation) == size
            assert len(information) == info_size
            assert information[:size] == observation
            assert all(math.isfinite(x) and 0.0 <= x <= 1.0 for x in information)


def test_sizes_of_the_shipped_cards():
    state = C.new_game(players=4)
    assert (T.observation_tensor_size(state), T.information_state_tensor_size(state)) == (559, 839)


def test_json_round_trip_gives_the_same_tensors():
    for state in _states({"max_turns": 8}, 3, seed=7)[::10]:
        again = C.from_json(C.to_json(state))
        for player in range(3):
            assert T.observation_tensor(again, player) == T.observation_tensor(state, player)
            assert T.information_state_tensor(again, player) == T.information_state_tensor(state, player)


def _swap_hidden(state, other, rng):
    """`state` with `other`'s hand, ID and Mission replaced by cards they might hold (sizes kept)."""
    hands = [list(h) for h in state.hands]
    draw = list(state.draw_pile)
    for k, card in enumerate(hands[other]):
        choices = [i for i, n in enumerate(draw) if n and state.cards.deck[i] != card]
        if choices:
            new = rng.choice(choices)
            draw[new] -= 1
            draw[state.cards.deck_index[card]] += 1
            hands[other][k] = state.cards.deck[new]
    changes = {"hands": tuple(tuple(sorted(h)) for h in hands), "draw_pile": tuple(draw)}
    if state.ids[other] and state.id_pile:
        new_id = sorted(state.id_pile)[0]
        changes["ids"] = tuple(new_id if p == other else x for p, x in enumerate(state.ids))
        changes["id_pile"] = state.id_pile - {new_id} | {state.ids[other]}
    if state.missions[other] and state.mission_pile:
        new_mission = sorted(state.mission_pile)[0]
        changes["missions"] = tuple(new_mission if p == other else x for p, x in enumerate(state.missions))
        changes["mission_pile"] = state.mission_pile - {new_mission} | {state.missions[other]}
    return evolve(state, **changes)


def test_another_players_hidden_cards_never_change_a_players_tensors():  # C-VIEW-2, C-VIEW-5
    rng = random.Random(0)
    checked = 0
    for seed in range(3):
        for state in _states({"max_turns": 10}, 3, seed=seed)[5::7]:
            if state.result is not None:
                continue  # the winner's goals become public at the end (C-WIN-5)
            for viewer in range(3):
                other = (viewer + 1) % 3
                changed = _swap_hidden(state, other, rng)
                if (changed.hands, changed.ids, changed.missions) == (state.hands, state.ids, state.missions):
                    continue  # nothing hidden to change yet (before the deal)
                assert T.observation_tensor(changed, viewer) == T.observation_tensor(state, viewer)
                assert T.information_state_tensor(changed, viewer) == T.information_state_tensor(
                    state, viewer
                )
                assert T.information_state_tensor(changed, other) != T.information_state_tensor(state, other)
                checked += 1
    assert checked > 20


def test_information_state_tensor_tells_apart_what_the_string_tells_apart():
    states = [s for seed in range(3) for s in _states({"max_turns": 6}, 3, seed=seed, max_moves=150)[::3]]
    for player in range(3):
        by_string = {}
        for state in states:
            by_string.setdefault(C.information_state_string(state, player), state)
        tensors = {T.information_state_tensor(s, player) for s in by_string.values()}
        assert len(tensors) == len(by_string)


def test_history_summary_counts_plays_and_own_draws():
    state = next(
        s
        for s in reversed(_states({"max_turns": 15}, 2, seed=3))
        if any(" plays " in line for line in C.observation(s, 0).history)
    )
    cards, size = state.cards, T.observation_tensor_size(state)
    summary = T.information_state_tensor(state, 0)[size:]
    d = len(cards.deck)
    plays, draws = summary[3 : 3 + 2 * d], summary[3 + 2 * d :]
    assert any(plays)
    # own draws: the private lines of player 0 name their cards; player 1's draws stay "a card"
    drawn = [
        line
        for line in C.observation(state, 0).history
        if line.startswith("P0 draws ") and line != "P0 draws a card"
    ]
    assert sum(round(x / (1 - x)) for x in draws if x < 1) == len(drawn)


def test_a_bad_player_is_refused():
    state = C.new_game(players=2)
    for player in (2, -1, None, True):
        with pytest.raises(ValueError, match="no player"):
            T.observation_tensor(state, player)
        with pytest.raises(ValueError, match="no player"):
            T.information_state_tensor(state, player)


def test_chance_nodes_have_tensors_too():
    state = C.new_game(players=2)
    assert C.current_player(state) is CHANCE
    assert len(T.information_state_tensor(state, 1)) == T.information_state_tensor_size(state)
