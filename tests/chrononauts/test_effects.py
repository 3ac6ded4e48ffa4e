"""The card-effect table: one entry per ``effect_key``, used by legality, resolution and action ids."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop_rules import chrononauts as C
from tabletop_rules.chrononauts.content import ACTION_EFFECTS, TIMEWARP_EFFECTS
from tabletop_rules.chrononauts.effects import EFFECTS, Effect

from .helpers import draw, settle, setup


def test_every_shipped_effect_key_has_exactly_one_entry():  # C-DATA-7
    cards = C.default_cards()
    keys = Counter(card.effect_key for card in (*cards.actions, *cards.timewarps))
    assert set(keys) <= set(EFFECTS)
    for key in keys:
        assert sum(1 for effect in EFFECTS.values() if effect.key == key) == 1
    # and every key the loader accepts, no more
    assert set(EFFECTS) == ACTION_EFFECTS | TIMEWARP_EFFECTS
    assert all(isinstance(e, Effect) and e.key == k for k, e in EFFECTS.items())


def test_the_effect_table_is_read_only():
    with pytest.raises(TypeError):
        EFFECTS["memo"] = EFFECTS["rewind"]  # type: ignore[index]


def test_artifaxx_may_play_ypnm_as_it_never_existed():  # C-ARTIFAXX-3, C-RULING-31
    state = C.new_game({"artifaxx_ypnm": "as_it_never_existed"}, players=3, variant="artifaxx")
    assert state.ctx.effects["ACT-YOUR-PARENTS-NEVER-MET"] == "it_never_existed"
    assert C.new_game(players=3).ctx.effects["ACT-YOUR-PARENTS-NEVER-MET"] == "your_parents_never_met"


@pytest.mark.parametrize(
    ("card", "target", "clause"),
    [
        ("ACT-GET-THERE-FIRST", "ART-REX", "C-ACT-2"),
        ("ACT-IT-NEVER-EXISTED", "ART-REX", "C-ACT-8"),
        ("ACT-NEW-MISSION", 1, "C-ACT-7"),
        ("ACT-DISCONTINUITY", "next", "C-ACT-5"),
    ],
)
def test_a_legal_target_resolves_through_the_table(card, target, clause):
    state = draw(setup(3, hands=[[card], []], tableaux=[[], ["ART-REX"]]))
    play = C.Play(card, target)
    assert play in C.legal_moves(state)
    assert EFFECTS[state.ctx.effects[card]].clause == clause
    after = settle(C.apply(state, play))
    assert card in after.discard_pile  # C-PLAY-5: an Action is discarded as it resolves
    C.validate(after)
