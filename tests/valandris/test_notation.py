"""Move notation: canonical text, short forms and the three typed errors."""

from __future__ import annotations

import pytest

from tabletop_rules import valandris as v
from tabletop_rules.core import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from tabletop_rules.valandris import Piece

from .helpers import ABYSS_VERTICES, CROSS, EARTH_VERTICES, HEAVEN_VERTICES, SAME, position

A0, E0, H0 = ABYSS_VERTICES[0], EARTH_VERTICES[0], HEAVEN_VERTICES[0]
N = v.NAMES


def test_canonical_forms():
    state = position(A0, E0, H0, ANTI := v.BOARD.antipode[H0], declared="leviathan")
    far = v.BOARD.antipode[A0]
    assert v.move_to_str(state, v.Step(SAME[A0][0])) == f"L {N[A0]}-{N[SAME[A0][0]]}"
    assert v.move_to_str(state, v.Jump(far)) == f"jump {N[A0]}-{N[far]}"
    target = CROSS[E0][0]
    assert v.move_to_str(state, v.Cross(Piece.UNICORN, target)) == f"cross U {N[E0]}-{N[target]}"
    assert v.move_to_str(state, v.Roll(5)) == "roll 5"
    assert v.move_to_str(state, v.Declare(Piece.ARCHANGEL)) == "declare A"
    assert v.move_to_str(state, v.Declare(None)) == "declare none"
    assert v.move_to_str(state, v.DemonMove(ANTI)) == f"V {N[ANTI]} stays"
    assert v.move_to_str(state, v.Place(Piece.VALANDRIS, 3)) == f"place V {N[3]}"
    assert v.move_to_str(state, v.Seal(E0)) == f"seal {N[E0]}"
    assert v.move_to_str(state, v.NoSeal()) == "no-seal"
    assert v.move_to_str(state, v.Stay()) == "L stays"


def test_capture_is_marked_with_x():
    demon = SAME[A0][0]
    state = position(A0, E0, H0, demon)
    text = v.move_to_str(state, v.Step(demon))
    assert text == f"L {N[A0]}x{N[demon]}"
    assert v.parse_move(state, text) == v.Step(demon)
    assert v.parse_move(state, text.replace("x", "-")) == v.Step(demon)


def test_short_forms_and_case():
    state = position(A0, E0, H0, v.BOARD.antipode[H0], declared="leviathan")
    step = next(x for x in SAME[A0] if x not in CROSS[E0])  # not also a Unicorn crossing target
    assert v.parse_move(state, N[step]) == v.Step(step)
    shared = next(x for x in SAME[A0] if x in CROSS[E0])
    with pytest.raises(AmbiguousMoveError):
        v.parse_move(state, N[shared])  # a Leviathan step or a Unicorn crossing
    assert v.parse_move(state, f"l {N[step].lower()}") == v.Step(step)
    assert v.parse_move(state, f"{N[A0]}-{N[step]}") == v.Step(step)
    far = v.BOARD.antipode[A0]
    assert v.parse_move(state, f"jump {N[far]}") == v.Jump(far)


def test_ambiguous_short_forms():
    # the Leviathan and the Archangel both on Earth, next to a common Heaven vertex: "cross H?" is ambiguous
    lev, arc = E0, SAME[E0][0]
    common = next(h for h in CROSS[lev] if h in CROSS[arc])
    uni = next(e for e in EARTH_VERTICES if e not in (lev, arc) and e not in SAME[lev] and e not in SAME[arc])
    state = position(lev, uni, arc, v.BOARD.antipode[common], declared="leviathan")
    with pytest.raises(AmbiguousMoveError, match="cross L") as info:
        v.parse_move(state, f"cross {N[common]}")
    assert "cross A" in str(info.value)
    with pytest.raises(AmbiguousMoveError):
        v.parse_move(state, N[common])
    assert v.parse_move(state, f"cross A {N[arc]}-{N[common]}") == v.Cross(Piece.ARCHANGEL, common)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "walk H1",
        "L",
        "L H1-H2-H3",
        "place Q H1",
        "roll 13",
        "roll x",
        "declare Z",
        "seal Q7",
        "L Z1",
        "H99",
        "x" * 100,
        "cross",
        "V",
    ],
)
def test_invalid_syntax(text):
    state = position(A0, E0, H0, v.BOARD.antipode[H0])
    with pytest.raises(InvalidMoveError):
        v.parse_move(state, text)


def test_illegal_here_names_the_position():
    state = position(A0, E0, H0, v.BOARD.antipode[H0])
    with pytest.raises(IllegalMoveError, match="Leviathan"):
        v.parse_move(state, f"U {N[E0]}-{N[SAME[E0][0]]}")  # not the Unicorn's move yet
    with pytest.raises(IllegalMoveError, match="not"):
        v.parse_move(state, f"L {N[ABYSS_VERTICES[5]]}-{N[SAME[ABYSS_VERTICES[5]][0]]}")  # wrong start
    with pytest.raises(IllegalMoveError):
        v.parse_move(state, "declare L")  # not the declaration phase
    with pytest.raises(IllegalMoveError):
        v.parse_move(state, "roll 3")  # not a chance node
    archangel_declared = position(A0, E0, H0, v.BOARD.antipode[H0], declared="archangel")
    with pytest.raises(IllegalMoveError):
        v.parse_move(archangel_declared, f"jump {N[v.BOARD.antipode[A0]]}")  # the Leviathan is not declared


def test_non_text_input():
    state = position(A0, E0, H0, v.BOARD.antipode[H0])
    with pytest.raises(InvalidMoveError):
        v.parse_move(state, 42)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError):
        v.apply(state, "L A0-A1")  # type: ignore[arg-type]
