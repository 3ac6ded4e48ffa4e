"""Chrononauts' `max_game_length`: a realistic bound that no measured game reaches (`docs/openspiel.md`)."""

from __future__ import annotations

import random

import attrs
import pytest

from tabletop_rules import chrononauts
from tabletop_rules.chrononauts import actions
from tabletop_rules.core.playout import sample_outcome
from tabletop_rules.core.protocol import CHANCE

CONFIGS = [
    (2, {}),
    (4, {}),
    (4, {"fast_forward_mode": "draw2_play2"}),
    (6, {}),
    (10, {"allow_extra_players": True}),
    (4, {"variant": "artifaxx"}),
    (1, {"variant": "solonauts"}),
]


def _setup(players, options):
    if options.variant == "solonauts":
        return options.solonauts_identity_count + 5
    return 2 * players + 2 * players * (options.identity_mulligans + 1) + 3 * players + 1


@pytest.mark.parametrize(("players", "extra"), CONFIGS, ids=str)
def test_the_bound_is_the_setup_and_an_allowance_per_turn(players, extra):
    """`max_game_length` is the setup plus `MOVES_PER_TURN` (24) for each turn of the cap and four more:
    about 12,000 moves for the OpenSpiel adapter's default cap of 500 turns (it was about 200,000)."""
    state = chrononauts.new_game({**extra, "max_turns": 500}, players=players)
    bound = chrononauts.max_game_length(state)
    assert actions.MOVES_PER_TURN == 24
    assert bound == _setup(players, state.options) + 24 * 504
    assert 12_000 < bound < 12_200
    assert chrononauts.max_game_length(chrononauts.new_game(extra, players=players)) is None


@pytest.mark.parametrize(("players", "extra"), CONFIGS, ids=str)
def test_no_random_game_reaches_the_bound_of_any_cap(players, extra):
    """Seeded random games capped at 500 turns end by the rules, and by the end of every turn k they have
    made fewer moves than `max_game_length` of the same game capped at k turns (so no cap cuts them)."""
    for seed in range(6):
        state = chrononauts.new_game({**extra, "max_turns": 500}, players=players)
        rng = random.Random(seed)
        moves = turn = 0
        margins = []
        while state.result is None:
            if chrononauts.current_player(state) is CHANCE:
                move = sample_outcome(chrononauts.chance_outcomes(state), rng)
            else:
                move = rng.choice(chrononauts.legal_moves(state))
            state = chrononauts.apply(state, move)
            moves += 1
            if state.turn != turn:
                if turn:
                    capped = attrs.evolve(state.options, max_turns=turn)
                    margins.append(actions.game_length_bound(capped, players) - (moves - 1))
                turn = state.turn
        assert moves <= chrononauts.max_game_length(state)
        assert min(margins) > 0


def test_a_default_openspiel_game_ends_by_the_rules_well_within_the_bound():
    """Through OpenSpiel: the default 4-player game reports the bound, and a random game ends by the rules
    (a result), not by the adapter's cut."""
    pyspiel = pytest.importorskip("pyspiel")
    from tabletop_rules.adapters import openspiel

    openspiel.register_all()
    game = pyspiel.load_game("tabletop_chrononauts")
    assert game.max_game_length() == 12_133
    rng = random.Random(8)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.inner.result is not None
    assert state.move_number() < game.max_game_length() / 3
