"""The action ids drive OpenSpiel: a draft adapter spec for Trismaugistus passes OpenSpiel's random sim test.

The spec below is what the lead may wire into ``adapters/_openspiel_specs.py``
(under the name ``tabletop_trismaugistus``); it is registered here under a
test-only name.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from tabletop_rules import trismaugistus as tm  # noqa: E402
from tabletop_rules.adapters import openspiel  # noqa: E402
from tabletop_rules.trismaugistus import actions  # noqa: E402

MAX_TURNS = 2000  # random play never comes close (see test_conformance: fewer than 1000 moves)


def trismaugistus_spec(short_name: str = "tabletop_trismaugistus") -> openspiel.GameSpec:
    start = tm.new_game()
    return openspiel.GameSpec(
        short_name=short_name,
        long_name="Trismaugistus automa (tabletop_rules)",
        module=tm,
        parameters={"max_turns": MAX_TURNS},
        new_state=lambda params: tm.new_game(),
        num_actions=actions.num_actions(start),
        chance_outcomes=actions.num_chance_outcomes(start),
        encode=actions.move_to_action,
        decode=actions.action_to_move,
        encode_chance=actions.move_to_chance,
        decode_chance=actions.chance_to_move,
        players=lambda params: 1,
        utility=lambda params: (-10_000.0, 0.0, None),
        max_length=lambda params: actions.max_game_length(start, int(params["max_turns"])),
        perfect_information=True,
    )


def test_random_sim_test_with_serialization():
    spec = trismaugistus_spec("tabletop_trismaugistus_draft")
    openspiel.register(spec)
    game = pyspiel.load_game(spec.short_name)
    assert game.num_distinct_actions() == actions.num_actions(tm.new_game())
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns()[0] == -tm.automa_score(state.inner)
    params: Mapping[str, Any] = {"max_turns": MAX_TURNS}
    assert len(state.history()) <= spec.max_length(params)
