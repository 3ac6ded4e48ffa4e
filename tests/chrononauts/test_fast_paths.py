"""The engine's fast paths build exactly the state the general path (working copy + advance) builds."""

from __future__ import annotations

import pytest

from tabletop_rules import chrononauts as C
from tabletop_rules.chrononauts.engine import run
from tabletop_rules.chrononauts.frames import CHANCE_FRAMES
from tabletop_rules.core import random_playout

CONFIGS = [
    (4, "chrononauts", {}),
    (2, "chrononauts", {"memo_self_target": True, "killing_time_in_effect_plays": False}),
    (3, "chrononauts", {"fast_forward_mode": "draw2_play2", "memo_poll_all_players": False}),
    (3, "artifaxx", {"max_turns": 30}),
    (1, "solonauts", {}),
]


def _general(state: C.State, move: C.Move) -> C.State:
    return run(state, move, chance=isinstance(state.stack[-1], CHANCE_FRAMES))


@pytest.mark.parametrize(("players", "variant", "options"), CONFIGS)
def test_fast_paths_match_the_general_path(players, variant, options):
    initial = C.new_game(options, players=players, variant=variant)
    for seed in range(2):
        playout = random_playout(C, seed, initial=initial, max_moves=500)
        for i, (state, move) in enumerate(zip(playout.states(C), playout.moves, strict=False)):
            fast = C.apply(state, move)
            slow = _general(state, move)
            assert fast == slow  # every field, the history included
            if i % 100 == 0:
                assert C.to_json(fast) == C.to_json(slow)
