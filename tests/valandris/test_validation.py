"""`validate`: every invariant of a state (V-ENGINE-4), on states built directly rather than from JSON."""

from __future__ import annotations

import attrs
import pytest

from tabletop_rules import valandris as v
from tabletop_rules.core import InvalidStateError
from tabletop_rules.testing import finished_playout
from tabletop_rules.valandris import Phase, Piece

from .helpers import ABYSS_VERTICES, EARTH_VERTICES, HEAVEN_VERTICES, position

A0, E0, H0, H19 = ABYSS_VERTICES[0], EARTH_VERTICES[0], HEAVEN_VERTICES[0], HEAVEN_VERTICES[19]


def start() -> v.State:
    return position(A0, E0, H0, H19, seals=[EARTH_VERTICES[5]])


def test_every_reached_state_is_valid():  # V-ENGINE-4
    for seed in range(5):
        for state in finished_playout(v, seed).states(v):
            v.validate(state)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"creatures": (A0, A0, H0)}, "share a vertex"),  # V-HS-5
        ({"creatures": (A0, E0)}, "needs 3 creatures"),
        ({"sealed": 1 << H0}, "sealed vertex|Earth"),  # V-POWER-UNI-1
        ({"sealed": 1 << 60}, "beyond the 52"),
        ({"sealed": v.seal_mask(EARTH_VERTICES)}, "at most 11 Earth vertices"),  # V-RULING-18
        ({"sealed": v.seal_mask([E0])}, "creature stands on the sealed"),  # V-POWER-UNI-2
        ({"demon": A0}, "not captured"),
        ({"demon": None}, "Valandris must be on the board"),
        ({"turn": 0}, "turns are numbered from 1"),
        ({"turn": 101}, "past the cap"),  # V-END-3
        ({"declared": None}, "must be declared"),  # V-HS-8
        ({"declared": Piece.VALANDRIS}, "only a creature"),
        ({"crossing": (Piece.LEVIATHAN, EARTH_VERTICES[1])}, "pending crossing"),
        ({"score": 3}, "score exists exactly"),
        ({"captured": True}, "captured is only true"),
        ({"phase": Phase.UNICORN_SEAL}, "Unicorn seals only when declared"),
        ({"options": {"max_turns": 3}}, "options must be an Options"),
    ],
)
def test_broken_invariants_are_named(change, message):
    state = attrs.evolve(start(), **change)
    with pytest.raises(InvalidStateError, match=message):
        v.validate(state)


def test_setup_invariants():  # V-SETUP-2, V-SETUP-3
    state = v.new_game()
    v.validate(state)
    with pytest.raises(InvalidStateError, match="turn is 0 during setup"):
        v.validate(attrs.evolve(state, turn=1))
    placed = attrs.evolve(state, phase=Phase.PLACE_UNICORN, creatures=(H0,))
    with pytest.raises(InvalidStateError, match="set up in its own world"):
        v.validate(placed)


def test_from_position_validates():  # V-ENGINE-5
    with pytest.raises(InvalidStateError, match="share a vertex"):
        v.from_position(
            leviathan="A0", unicorn="A0", archangel="H0", valandris="H19", seals=[], declared="unicorn"
        )
    with pytest.raises(InvalidStateError, match="not a vertex"):
        v.from_position(
            leviathan="Z9", unicorn="E0", archangel="H0", valandris="H19", seals=[], declared=None
        )
    with pytest.raises(InvalidStateError, match="not a creature"):
        v.from_position(
            leviathan="A0", unicorn="E0", archangel="H0", valandris="H19", seals=[], declared="demon"
        )
