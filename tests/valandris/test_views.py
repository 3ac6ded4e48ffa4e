"""Summaries for people: `describe` and `describe_phase` (V-ENGINE-1, V-ENGINE-5)."""

from __future__ import annotations

from tabletop_rules import valandris as v
from tabletop_rules.testing import finished_playout

from .helpers import play


def test_describe_phase_names_every_setup_decision():  # V-ENGINE-5
    state = v.new_game()
    assert v.describe_phase(state) == "setup: the Holy Spirit places the Leviathan in the Abyss"
    state = play(state, "place L A0", "place U E0", "place A H0")
    assert v.describe_phase(state) == "setup: the Holy Spirit seals Earth vertex 1 of 5 (in increasing order)"
    state = play(state, "seal E1", "seal E2", "seal E3", "seal E4", "seal E5")
    assert v.describe_phase(state) == "setup: the Holy Spirit declares the creature for turn 1"
    state = play(state, "declare U")
    assert v.describe_phase(state) == "setup: Valandris places himself"
    state = play(state, "place V H19")
    assert v.describe_phase(state) == "turn 1: the Leviathan moves from A0, or a creature crosses worlds"


def test_describe_phase_covers_every_phase_of_a_playout():  # V-ENGINE-1
    seen = {}
    for seed in range(6):
        for state in finished_playout(v, seed).states(v):
            seen.setdefault(state.phase, v.describe_phase(state))
    assert set(seen) >= {v.Phase.LEVIATHAN, v.Phase.ARCHANGEL, v.Phase.DECLARE, v.Phase.VALANDRIS}
    for phase, text in seen.items():
        if not phase.is_setup and phase is not v.Phase.OVER:
            assert text.startswith("turn "), text
    assert seen[v.Phase.OVER].startswith("the game is over")


def test_describe_is_one_line_with_pieces_seals_and_declaration():
    state = v.from_position(
        leviathan="A0", unicorn="E0", archangel="H0", valandris="H19", seals=["E7", "E5"], declared="unicorn"
    )
    assert v.describe(state) == (
        "L=A0 U=E0 A=H0 V=H19 | seals E5,E7 | declared Unicorn | "
        "turn 1: the Leviathan moves from A0, or a creature crosses worlds"
    )
    assert v.describe(v.new_game()).startswith(" | seals none | declared none | setup:")


def test_a_state_shows_itself_as_svg_in_notebooks():  # Jupyter's rich display hook
    from tabletop_rules.valandris.render import render_svg

    state = v.from_position(
        leviathan="A0", unicorn="E0", archangel="H0", valandris="H19", seals=["E5"], declared="archangel"
    )
    svg = state._repr_svg_()
    assert svg == render_svg(state)
    assert svg.lstrip().startswith("<svg")
    assert svg.rstrip().endswith("</svg>")
    assert v.to_json(state) == v.to_json(  # drawing changes nothing
        v.from_position(
            leviathan="A0", unicorn="E0", archangel="H0", valandris="H19", seals=["E5"], declared="archangel"
        )
    )
    assert v.new_game()._repr_svg_().lstrip().startswith("<svg")  # an empty board draws too
