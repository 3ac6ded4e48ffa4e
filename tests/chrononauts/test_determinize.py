"""`resample_from_infostate`: views kept, determinism, no peeking, the right distribution (C-VIEW-*)."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tabletop_rules import chrononauts as C
from tabletop_rules.agents import ISMCTS
from tabletop_rules.chrononauts.determinize import resample_from_infostate, unseen_cards
from tabletop_rules.core import CHANCE, random_playout
from tabletop_rules.core.errors import InvalidRequestError

from .helpers import draw, move, settle, setup

FAST = settings(
    max_examples=40,
    deadline=None,
    database=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow],
)

GAMES = [("chrononauts", 2), ("chrononauts", 4), ("artifaxx", 3), ("solonauts", 1)]


def game_name() -> str:
    """The game module ISMCTS searches: the package once it re-exports `resample_from_infostate`."""
    return (
        "tabletop_rules.chrononauts"
        if hasattr(C, "resample_from_infostate")
        else "tests.chrononauts.searchable"
    )


def some_state(seed: int, game: int, moves: int) -> C.State:
    variant, players = GAMES[game]
    return random_playout(
        C, seed, initial=C.new_game(players=players, variant=variant), max_moves=moves
    ).final


@FAST
@given(st.integers(0, 10_000), st.integers(0, len(GAMES) - 1), st.integers(0, 400), st.integers(0, 10_000))
def test_the_player_cannot_tell_the_determinization_from_the_real_state(seed, game, moves, rseed):
    # C-VIEW-1..5: same observation, same information state string, and a valid state (C-STATE-8)
    state = some_state(seed, game, moves)
    for player in range(state.players):
        resampled = resample_from_infostate(state, player, random.Random(rseed))
        C.validate(resampled)
        assert C.observation(resampled, player) == C.observation(state, player)
        assert C.information_state_string(resampled, player) == C.information_state_string(state, player)


@FAST
@given(st.integers(0, 10_000), st.integers(0, len(GAMES) - 1), st.integers(0, 400), st.integers(0, 10_000))
def test_it_depends_only_on_the_information_state_and_the_rng(seed, game, moves, rseed):
    state = some_state(seed, game, moves)
    for player in range(state.players):
        # another state with the same information for the player (its hidden cards dealt anew)
        twin = resample_from_infostate(state, player, random.Random(rseed + 1))
        assert C.information_state_string(twin, player) == C.information_state_string(state, player)
        rng_a, rng_b = random.Random(rseed), random.Random(rseed)
        assert resample_from_infostate(state, player, rng_a) == resample_from_infostate(twin, player, rng_b)
        assert rng_a.getstate() == rng_b.getstate()


def test_it_is_deterministic_and_changes_hidden_cards_only():
    state = some_state(3, 0, 120)
    one = resample_from_infostate(state, 0, random.Random(5))
    assert one == resample_from_infostate(state, 0, random.Random(5))
    assert one.hands[0] == state.hands[0]
    assert one.ids[0] == state.ids[0]
    assert one.missions[0] == state.missions[0]
    assert one.tableaux == state.tableaux
    assert one.discard_pile == state.discard_pile
    assert one.status == state.status
    assert one.alt == state.alt
    others = {resample_from_infostate(state, 0, random.Random(k)).hands[1] for k in range(20)}
    assert len(others) > 1  # C-VIEW-3: the opponent's hand is really resampled


def test_the_other_players_private_history_is_redacted():  # C-VIEW-5
    state = some_state(4, 0, 60)
    resampled = resample_from_infostate(state, 0, random.Random(1))
    assert resampled.log.private_seats() <= {0}
    assert [r for r in resampled.log.records() if r[1] == 0] == [r for r in state.log.records() if r[1] == 0]


def test_quick_trip_keeps_the_draw_pile_its_player_sees():  # C-VIEW-4, C-TW-4
    state = setup(
        2, hands=[["TW-QUICK-TRIP"], []], draw_pile=["ART-REX", "INV-REVERSE-FATE", "ART-LIVE-STEGOSAURUS"]
    )
    state = settle(move(draw(state, "ART-LIVE-STEGOSAURUS"), 'play "Quick Trip to the Future"'))
    for k in range(5):
        assert resample_from_infostate(state, 0, random.Random(k)).draw_pile == state.draw_pile
    piles = {resample_from_infostate(state, 1, random.Random(k)).draw_pile for k in range(20)}
    assert len(piles) > 1


@pytest.mark.parametrize("viewer", [7, -1, True, 0.0, "0", None])
def test_a_viewer_must_be_a_seat(viewer):
    state = C.new_game(players=2)
    with pytest.raises(InvalidRequestError):
        resample_from_infostate(state, viewer, random.Random(0))


def _after_the_deal(seed: int) -> C.State:
    state = C.new_game(C.Options(first_player=0, identity_mulligans=0), players=2)
    rng = random.Random(seed)
    while C.current_player(state) is CHANCE:
        outcomes = C.chance_outcomes(state)
        state = C.apply(state, rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0])
    return state


def chi_square(observed: Counter[object], expected: dict[object, float]) -> float:
    return sum((observed[k] - e) ** 2 / e for k, e in expected.items())


def test_the_opponents_id_is_uniform_over_the_unseen_ids():  # C-CHANCE-5, C-RULING-28
    state = _after_the_deal(11)
    _, unseen_ids, _ = unseen_cards(state, 0)
    assert len(unseen_ids) == 13
    assert state.ids[0] not in unseen_ids
    rng = random.Random(2024)
    samples = 2600
    seen = Counter(resample_from_infostate(state, 0, rng).ids[1] for _ in range(samples))
    assert set(seen) <= set(unseen_ids)
    statistic = chi_square(seen, dict.fromkeys(unseen_ids, samples / 13))
    assert statistic < 45  # 12 degrees of freedom: p < 1e-5 beyond 40.8


def test_the_opponents_hand_is_a_hypergeometric_draw_of_the_unseen_cards():  # C-CHANCE-2
    state = _after_the_deal(12)
    unseen, _, _ = unseen_cards(state, 0)
    card = "INV-REVERSE-FATE"
    size, copies, hand = len(unseen), unseen.count(card), len(state.hands[1])
    assert size == 80 - len(state.hands[0])
    assert hand == 3
    exact = {
        k: math.comb(copies, k) * math.comb(size - copies, hand - k) / math.comb(size, hand)
        for k in range(hand + 1)
    }
    rng = random.Random(7)
    samples = 3000
    seen = Counter(resample_from_infostate(state, 0, rng).hands[1].count(card) for _ in range(samples))
    merged = {0: exact[0], 1: exact[1], 2: exact[2] + exact[3]}  # keep every expected count above 5
    seen[2] += seen.pop(3, 0)
    statistic = chi_square(seen, {k: samples * p for k, p in merged.items()})
    assert statistic < 25  # 2 degrees of freedom: p < 1e-5 beyond 23.0


def test_ismcts_plays_chrononauts_without_peeking():
    state = _after_the_deal(13)
    state = C.apply(state, C.chance_outcomes(state)[0][0]) if C.current_player(state) is CHANCE else state
    assert C.current_player(state) == 0
    agent = ISMCTS(game_name(), iterations=4)
    chosen = agent(state, random.Random(3))
    assert chosen in C.legal_moves(state)
    twin = resample_from_infostate(state, 0, random.Random(99))
    assert agent(twin, random.Random(3)) == chosen
