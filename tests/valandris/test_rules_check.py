"""`check_move`, `is_legal` and `apply` agree with `legal_moves`; `new_game` and `outcome` (V-ENGINE-1..6)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules import valandris as v
from tabletop_rules.core import (
    GameNotOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
)
from tabletop_rules.core.protocol import CHANCE
from tabletop_rules.testing import finished_playout
from tabletop_rules.valandris import moves as mv

from .test_conformance import OPTION_SETS

_EVERY_MOVE = (
    *(m for row in mv.PLACE for m in row),
    *mv.SEAL,
    mv.NO_SEAL,
    *mv.STEP,
    mv.STAY,
    *mv.JUMP,
    *mv.FLY,
    *(m for row in mv.CROSS for m in row),
    *mv.ROLL.values(),
    *mv.DECLARE,
    mv.DECLARE_NONE,
    *mv.DEMON_MOVE,
)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), options=st.sampled_from(OPTION_SETS))
def test_check_move_and_is_legal_agree_with_legal_moves(seed, options):  # V-ENGINE-1, V-ENGINE-3, V-CHANCE-1
    """Over random playouts, every move of the game is legal exactly when `legal_moves` lists it."""
    rng = random.Random(seed)
    for state in finished_playout(v, seed, options=options).states(v):
        listed = set(v.legal_moves(state)) | {m for m, _ in v.chance_outcomes(state)}
        for move in rng.sample(_EVERY_MOVE, 40) + sorted(listed, key=repr):
            legal = move in listed
            assert v.is_legal(state, move) is legal, (state, move)
            if legal:
                v.check_move(state, move)
                v.apply(state, move)
            else:
                with pytest.raises(IllegalMoveError):
                    v.check_move(state, move)
                with pytest.raises(IllegalMoveError):
                    v.apply(state, move)


@pytest.mark.parametrize(
    "move",
    [
        "L A0-A1",
        None,
        3,
        v.Step(True),  # type: ignore[arg-type]
        v.Step(1.0),  # type: ignore[arg-type]
        v.Step(99),
        v.Step(-1),
        v.DemonMove("H4"),  # type: ignore[arg-type]
        v.Cross(v.Piece.VALANDRIS, 20),
        v.Cross(0, 20),  # type: ignore[arg-type]
        v.Roll(13),
        v.Roll(True),  # type: ignore[arg-type]
        v.Declare(v.Piece.VALANDRIS),
        v.Place(1, 32),  # type: ignore[arg-type]
    ],
)
def test_a_move_of_the_wrong_type_or_value_is_invalid(move):
    """Exact types: a bool, a float, a string or an out-of-range value is never taken for a vertex."""
    state = v.from_position(
        leviathan="A0", unicorn="E0", archangel="H0", valandris="H19", seals=[], declared="leviathan"
    )
    assert not v.is_legal(state, move)
    with pytest.raises(InvalidMoveError):
        v.check_move(state, move)
    with pytest.raises(InvalidMoveError):
        v.apply(state, move)


def test_an_illegal_move_leaves_the_state_unchanged():  # V-HS-4
    state = v.from_position(
        leviathan="A0", unicorn="E0", archangel="H0", valandris="H19", seals=[], declared="leviathan"
    )
    before = v.to_json(state)
    with pytest.raises(IllegalMoveError, match="turn 1: the Leviathan moves from A0"):
        v.apply(state, v.Step(v.vertex_index("A19")))
    assert v.to_json(state) == before


def test_outcome_of_an_unfinished_game_raises():  # V-END-1
    state = v.new_game()
    with pytest.raises(GameNotOverError, match="not over"):
        v.outcome(state)
    assert isinstance(GameNotOverError("x"), ValueError)


def test_outcome_of_a_finished_game():  # V-END-2, V-END-3, V-ENGINE-6
    final = finished_playout(v, 5).final
    result = v.outcome(final)
    assert result["score"] == final.score
    assert result["captured"] is final.captured
    if final.captured:
        assert final.position(v.Piece[str(result["captured_by"]).upper()]) == final.demon
    assert v.returns(final) == (-float(final.score or 0), float(final.score or 0))
    uncaptured = attrs.evolve(final, captured=False, score=101)
    assert v.outcome(uncaptured) == {"score": 101, "captured": False, "captured_by": None}


def test_new_game_takes_options_a_dict_or_none():  # V-ENGINE-5
    default = v.new_game()
    assert default.options == v.Options()
    assert v.new_game(v.Options()) == default
    assert v.new_game({}) == default
    assert v.new_game({"max_turns": 7}).options == v.Options(max_turns=7)
    assert v.new_game(players=2) == default
    for players in (1, 3, True, 2.0):
        with pytest.raises(InvalidOptionError, match="2 players"):
            v.new_game(players=players)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="unknown"):
        v.new_game({"speed": 3})
    with pytest.raises(InvalidOptionError):
        v.new_game("fast")  # type: ignore[arg-type]


def test_rules_version_is_the_game_version():
    assert v.GAME_INFO.version == v.RULES_VERSION == 1


def test_a_refusal_says_whether_a_roll_or_a_decision_was_awaited():  # V-ENGINE-3, V-CHANCE-1
    start = v.new_game()
    with pytest.raises(IllegalMoveError) as info:
        v.check_move(start, v.Roll(1))
    assert (
        str(info.value)
        == "Roll(face=1) is not legal here; setup: the Holy Spirit places the Leviathan in the Abyss"
    )
    state, rng = start, random.Random(1)
    for _ in range(200):  # a bound: the first roll comes after the setup, a few dozen moves
        if v.current_player(state) == CHANCE:
            break
        state = v.apply(state, rng.choice(v.legal_moves(state)))
    assert v.current_player(state) == CHANCE
    place = v.legal_moves(start)[0]
    with pytest.raises(IllegalMoveError) as info:
        v.check_move(state, place)
    assert str(info.value) == f"{place!r} is not a d12 outcome; {v.describe_phase(state)}"
    assert str(info.value).endswith(": the d12 is rolled")


def test_check_move_of_text_points_to_parse_move():  # mutation survivor (rules.check_move's message)
    import pytest

    from tabletop_rules.core import InvalidMoveError

    with pytest.raises(InvalidMoveError, match="parse_move"):
        v.check_move(v.new_game(), "place L A3")
