"""Setup as a sequence of moves, and the position constructor (section 3.1, V-ENGINE-5)."""

from __future__ import annotations

import itertools

import pytest

from tabletop_rules import valandris as v
from tabletop_rules.core import IllegalMoveError, InvalidStateError
from tabletop_rules.valandris import Phase, Piece
from tabletop_rules.valandris.rules import SEAL_TOKENS, SETUP_SEALS

from .helpers import ABYSS_VERTICES, EARTH_VERTICES, HEAVEN_VERTICES, notations, play


def placed_creatures(rules: v.Options | None = None) -> v.State:
    return play(v.new_game(rules), "place L A0", "place U E0", "place A H0")


def test_components():  # V-SETUP-1, V-POWER-UNI-4, V-RULING-18
    assert SEAL_TOKENS == 12
    assert SETUP_SEALS == 5
    assert len(v.CREATURES) == 3
    assert {p.letter for p in Piece} == {"L", "U", "A", "V"}
    assert (
        len(
            v.chance_outcomes(
                v.State(
                    options=v.Options(),
                    phase=Phase.ROLL,
                    turn=1,
                    creatures=(32, 20, 0),
                    demon=1,
                    sealed=0,
                    declared=Piece.LEVIATHAN,
                    crossing=(Piece.LEVIATHAN, 21),
                )
            )
        )
        == 12
    )  # one d12


def test_creatures_are_placed_in_their_own_worlds():  # V-SETUP-2
    state = v.new_game()
    assert v.current_player(state) == v.HOLY_SPIRIT
    assert {m.vertex for m in v.legal_moves(state)} == set(ABYSS_VERTICES)
    state = play(state, "place L A0")
    assert {m.vertex for m in v.legal_moves(state)} == set(EARTH_VERTICES)
    state = play(state, "place U E0")
    assert {m.vertex for m in v.legal_moves(state)} == set(HEAVEN_VERTICES)
    with pytest.raises(IllegalMoveError):
        play(state, "place A E3")
    state = play(state, "place A H0")
    assert state.phase is Phase.SETUP_SEAL


def test_exactly_five_earth_seals_never_on_the_unicorn():  # V-SETUP-3, V-RULING-31
    state = placed_creatures()
    unicorn = state.unicorn
    seals_chosen = 0
    while state.phase is Phase.SETUP_SEAL:
        moves = v.legal_moves(state)
        assert all(isinstance(m, v.Seal) for m in moves)
        assert unicorn not in {m.vertex for m in moves}
        state = v.apply(state, moves[0])
        seals_chosen += 1
    assert seals_chosen == 5
    assert len(state.seals) == 5
    assert state.phase is Phase.SETUP_DECLARE


def test_each_seal_set_is_reached_by_one_sequence():  # V-ENGINE-5
    # Enumerate every setup-seal sequence: each 5-subset of the 11 free Earth vertices appears once.
    start = placed_creatures()
    reached: list[frozenset[int]] = []

    def walk(state: v.State) -> None:
        if state.phase is not Phase.SETUP_SEAL:
            reached.append(state.seals)
            return
        for m in v.legal_moves(state):
            walk(v.apply(state, m))

    walk(start)
    free = [e for e in EARTH_VERTICES if e != start.unicorn]
    assert len(reached) == len(set(reached)) == len(list(itertools.combinations(free, 5))) == 462


def test_first_declaration_at_end_of_setup():  # V-SETUP-4, V-RULING-16
    state = play(placed_creatures(), "seal E1", "seal E2", "seal E3", "seal E4", "seal E5")
    assert notations(state) == {"declare L", "declare U", "declare A"}
    state = play(state, "declare U")
    assert state.declared is Piece.UNICORN
    assert state.phase is Phase.PLACE_VALANDRIS


def test_first_turn_power_none_skips_the_setup_declaration():  # V-SETUP-4, V-RULING-16
    rules = v.Options(first_turn_power="none")
    state = play(placed_creatures(rules), "seal E6", "seal E7", "seal E8", "seal E9", "seal E10")
    assert state.phase is Phase.PLACE_VALANDRIS
    assert state.declared is None
    state = play(state, "place V A19")
    # no power on turn 1: the Leviathan has only its steps (and crossings)
    assert not any(isinstance(m, v.Jump) for m in v.legal_moves(state))
    state = play(state, "L A0-A1")
    assert state.phase is Phase.UNICORN  # no seal phase either


def test_valandris_places_himself_anywhere_open():  # V-SETUP-5, V-RULING-8
    state = play(placed_creatures(), "seal E1", "seal E2", "seal E3", "seal E4", "seal E5", "declare A")
    assert v.current_player(state) == v.VALANDRIS
    spots = {m.vertex for m in v.legal_moves(state)}
    assert spots == set(range(52)) - state.seals - set(state.creatures)
    assert len(spots) == 52 - 5 - 3
    # even next to a creature
    assert any(state.archangel in v.BOARD.adjacent[s] for s in spots)


def test_play_starts_with_holy_spirit_turn_1():  # V-SETUP-6, V-GOAL-2
    state = play(
        placed_creatures(), "seal E1", "seal E2", "seal E3", "seal E4", "seal E5", "declare A", "place V A19"
    )
    assert state.turn == 1
    assert state.phase is Phase.LEVIATHAN
    assert v.current_player(state) == v.HOLY_SPIRIT


def test_from_position_validates():  # V-ENGINE-5
    ok = v.from_position(
        leviathan="A0", unicorn="E0", archangel="H0", valandris="H19", seals=["E5"], declared="unicorn"
    )
    assert ok.phase is Phase.LEVIATHAN
    assert ok.turn == 1
    bad = [
        {"leviathan": "A0", "unicorn": "A0"},  # two creatures on one vertex
        {"valandris": "E5"},  # on a seal
        {"valandris": "A0"},  # on a creature
        {"seals": ["H3"]},  # Heaven cannot be sealed
        {"unicorn": "E5"},  # on a seal
        {"declared": None},  # a declaration is required by default
        {"declared": "valandris"},
        {"leviathan": "Z9"},
        {"turn": 0},
        {"turn": 101},
    ]
    base = {
        "leviathan": "A0",
        "unicorn": "E0",
        "archangel": "H0",
        "valandris": "H19",
        "seals": ["E5"],
        "declared": "unicorn",
    }
    for change in bad:
        with pytest.raises(InvalidStateError):
            v.from_position(**{**base, **change})  # type: ignore[arg-type]
