"""What each player may see: `observation`, the redacted history, `describe` (C-VIEW-*)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules import chrononauts as C
from tabletop_rules.chrononauts.frames import Harvest
from tabletop_rules.core import (
    CHANCE,
    random_playout,
)
from tabletop_rules.core.errors import InvalidRequestError
from tabletop_rules.testing import finished_playout

from .helpers import draw, move, settle, setup

FEW = settings(max_examples=2, deadline=None, database=None)


def test_view_holds_exactly_the_public_part_and_own_secrets():  # C-VIEW-1, C-VIEW-2, C-VIEW-5
    state = draw(
        setup(3, hands=[["INV-REVERSE-FATE"], ["TW-MEMO"], ["ART-REX"]], ids=["ID-01", "ID-02", "ID-03"])
    )
    view = C.observation(state, 0)
    assert view.hand == tuple(sorted(("INV-REVERSE-FATE", draw_card(state))))
    assert view.identity == "ID-01"
    assert view.hand_sizes == (2, 1, 1)
    text = C.view_to_json(view)
    assert "TW-MEMO" not in text
    assert "ID-02" not in text
    assert "ART-REX" not in text
    spectator = C.observation(state, None)
    assert spectator.hand == ()
    assert spectator.identity == ""


def draw_card(state):
    return next(c for c in state.hands[0] if c != "INV-REVERSE-FATE")


@settings(max_examples=10, deadline=None, database=None)
@given(seed=st.integers(0, 2**16), steps=st.integers(0, 120))
def test_hidden_cards_never_change_a_view(seed, steps):  # C-VIEW-3, C-VIEW-4, C-VIEW-6
    playout = random_playout(C, seed, initial=C.new_game(players=3), max_moves=steps)
    state = playout.final
    if C.is_terminal(state):
        return
    rng = random.Random(seed)
    # give player 2 a different hidden hand, ID and Mission of the same sizes, from the hidden pools
    pool = list(state.hands[2]) + [
        c for c, k in zip(state.cards.deck, state.draw_pile, strict=True) for _ in range(k)
    ]
    rng.shuffle(pool)
    new_hand = tuple(sorted(pool[: len(state.hands[2])]))
    rest = pool[len(state.hands[2]) :]
    draw_pile = tuple(rest.count(c) for c in state.cards.deck)
    ids = list(state.ids)
    hidden_ids = sorted(state.id_pile)
    if hidden_ids and ids[2]:
        ids[2], swapped = hidden_ids[0], ids[2]
        id_pile = (state.id_pile - {hidden_ids[0]}) | {swapped}
    else:
        id_pile = state.id_pile
    missions = list(state.missions)
    hidden_missions = sorted(state.mission_pile)
    mission_pile = state.mission_pile
    if hidden_missions and missions[2]:
        missions[2], returned = hidden_missions[0], missions[2]
        mission_pile = (state.mission_pile - {hidden_missions[0]}) | {returned}
    other = attrs.evolve(
        state,
        hands=(*state.hands[:2], new_hand),
        draw_pile=draw_pile,
        ids=tuple(ids),
        id_pile=id_pile,
        missions=tuple(missions),
        mission_pile=mission_pile,
    )
    C.validate(other)
    top = state.stack[-1]
    # C-VIEW-4: a player choosing a card for Quick Trip sees the draw pile, which the swap changed
    searching = top.player if type(top) is Harvest and top.source == "draw" else None
    for viewer in (0, 1):
        if viewer == searching:
            continue
        assert C.information_state_string(other, viewer) == C.information_state_string(state, viewer)
        assert C.observation(other, viewer) == C.observation(state, viewer)
    if other.hands[2] != state.hands[2] or other.ids[2] != state.ids[2]:
        assert C.information_state_string(other, 2) != C.information_state_string(state, 2)


def test_history_is_redacted():  # C-VIEW-5
    state = draw(setup(2, hands=[[], []]), "TW-REWIND")
    assert C.observation(state, 0).history[-1] == "P0 draws Rewind"
    assert C.observation(state, 1).history[-1] == "P0 draws a card"


def test_every_player_is_polled_without_a_memo():  # C-VIEW-6, C-RULING-6
    state = move(draw(setup(3, hands=[["ART-REX"], [], []])), 'play "Rex"')
    assert C.current_player(state) == 1
    assert C.legal_moves(state) == (C.Pass(),)
    state = move(state, "pass")
    assert C.current_player(state) == 2
    assert C.current_player(settle(state)) is CHANCE


def test_quick_trip_shows_the_draw_pile_to_its_player_only():  # C-VIEW-4, C-TW-4
    state = setup(
        2, hands=[["TW-QUICK-TRIP"], []], draw_pile=["ART-REX", "INV-REVERSE-FATE", "ART-LIVE-STEGOSAURUS"]
    )
    state = settle(move(draw(state, "ART-LIVE-STEGOSAURUS"), 'play "Quick Trip to the Future"'))
    assert C.observation(state, 0).draw_pile == ("INV-REVERSE-FATE", "ART-REX")
    assert C.observation(state, 1).draw_pile == ()


def test_describe():
    state = C.new_game(players=4)
    assert "4 players" in C.describe(state)
    final = finished_playout(C, 2, initial=state).final
    assert "Game over" in C.describe(final)
    assert C.describe(finished_playout(C, 2, initial=C.new_game(variant="solonauts")).final).startswith(
        "Solonauts"
    )


@pytest.mark.parametrize("viewer", [7, -1, True, False, 1.0, "1"])
def test_a_viewer_that_is_not_a_seat_is_a_typed_error(viewer):  # C-VIEW-5: a view is for a seat or None
    """REL-VIEWS-2: a viewer that is neither a seat nor None is an InvalidRequestError everywhere."""
    state = C.new_game(players=2)
    with pytest.raises(InvalidRequestError, match="no player"):
        C.observation(state, viewer)
    with pytest.raises(InvalidRequestError, match="no player"):
        C.information_state_string(state, viewer)


def test_the_spectator_reads_the_public_information_state():  # C-VIEW-1, C-VIEW-5
    """REL-VIEWS-1: ``None`` is the spectator in information_state_string too (the public view)."""
    state = draw(setup(2, hands=[["TW-MEMO"], ["ART-REX"]]), "TW-REWIND")
    public = C.information_state_string(state, None)
    assert public == C.view_to_json(C.observation(state, None))
    assert "TW-MEMO" not in public
    assert "ART-REX" not in public
    assert "P0 draws a card" in public
    assert "P0 draws Rewind" not in public
    # two states a spectator cannot tell apart: the hands differ, the public information does not
    assert state.hands == (("TW-MEMO", "TW-REWIND"), ("ART-REX",))
    other = attrs.evolve(state, hands=(("ART-REX", "TW-REWIND"), ("TW-MEMO",)))
    C.validate(other)
    assert C.information_state_string(other, None) == public
    assert C.information_state_string(other, 0) != C.information_state_string(state, 0)
