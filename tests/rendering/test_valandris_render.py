"""Valandris pictures: every state of random games drawn, parsed and checked against the state."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tabletop_rules import valandris
from tabletop_rules.core import CHANCE, IllegalMoveError, InvalidOptionError, sample_chance
from tabletop_rules.valandris.render import move_endpoints, render_svg

from .svg_helpers import by_class, parse, texts

PIECE_NAMES = ("Leviathan", "Unicorn", "Archangel", "Valandris")


def playout(seed: int, moves: int = 120) -> Iterator[tuple[valandris.State, valandris.Move, valandris.State]]:
    """(before, move, after) along a seeded random game, setup included, for at most `moves` moves."""
    rng = random.Random(seed)
    state = valandris.new_game()
    for _ in range(moves):
        if valandris.is_terminal(state):
            return
        if valandris.current_player(state) == CHANCE:
            move = sample_chance(valandris, state, rng)
        else:
            move = rng.choice(list(valandris.legal_moves(state)))
        after = valandris.apply(state, move)
        yield state, move, after
        state = after


def check_picture(state: valandris.State, last: tuple[int, int] | None, names: bool) -> None:
    text = render_svg(state, last_move=last, vertex_names=names)
    assert text == render_svg(state, last_move=last, vertex_names=names)  # deterministic
    root = parse(text)
    # V-BOARD-1: 20 + 12 + 20 squares, with the solids' 30 + 30 + 30 edges
    assert len(by_class(root, "vertex")) == 52
    assert len(by_class(root, "edge")) == 90
    assert len(by_class(root, "vertex-name")) == (52 if names else 0)
    pieces = {e.get("data-piece"): e.get("data-vertex") for e in by_class(root, "piece")}
    expected = {
        PIECE_NAMES[piece]: valandris.NAMES[square]
        for piece in valandris.Piece
        if (square := state.position(piece)) is not None
    }
    assert pieces == expected
    seals = sorted(e.get("data-vertex") or "" for e in by_class(root, "seal"))
    assert seals == sorted(valandris.NAMES[v] for v in state.seals)
    declared = [e.get("data-piece") for e in by_class(root, "declared")]
    if state.declared is not None and state.position(state.declared) is not None:
        assert declared == [PIECE_NAMES[state.declared]]
    else:
        assert declared == []
    arrows = [e.get("data-move") for e in by_class(root, "last-move")]
    if last is None:
        assert arrows == []
    else:
        assert arrows == [f"{valandris.NAMES[last[0]]}-{valandris.NAMES[last[1]]}"]
    assert len(by_class(root, "crossing")) == (state.crossing is not None)
    assert f"Next: {valandris.describe_phase(state)}." in " ".join(texts(root))


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_every_state_of_random_games_is_drawn_faithfully(seed: int) -> None:
    seen_arrow = False
    for before, move, after in playout(seed):
        last = move_endpoints(before, move)
        seen_arrow |= last is not None and last[0] != last[1]
        check_picture(after, last, names=seed % 2 == 0)
    assert seen_arrow


def test_the_declared_archangel_shows_where_it_may_fly() -> None:
    # V-POWER-ARC-1..3: the declared Archangel in Heaven flies exactly two squares
    state = valandris.from_position(
        leviathan="A0", unicorn="E0", archangel="H0", valandris="H19",
        seals=["E6", "E7", "E8", "E9", "E10"], declared="archangel",
    )  # fmt: skip
    root = parse(render_svg(state))
    (halo,) = by_class(root, "declared")
    assert halo.get("data-piece") == "Archangel"
    targets = sorted(e.get("data-vertex") or "" for e in by_class(root, "power-target"))
    assert targets == sorted(valandris.NAMES[v] for v in valandris.BOARD.distance_two[0])
    assert any("fly exactly two Heaven squares" in t for t in texts(root))


def test_the_declared_leviathan_shows_its_jump_and_a_creature_abroad_shows_none() -> None:
    # V-POWER-LEV-1: the jump lands on the antipode; V-POWER-1: powers work only at home
    home = valandris.from_position(
        leviathan="A3", unicorn="E0", archangel="H0", valandris="H19",
        seals=["E6", "E7", "E8", "E9", "E10"], declared="leviathan",
    )  # fmt: skip
    targets = [e.get("data-vertex") for e in by_class(parse(render_svg(home)), "power-target")]
    assert targets == [valandris.NAMES[valandris.BOARD.antipode[valandris.vertex_index("A3")]]]
    abroad = valandris.from_position(
        leviathan="E1", unicorn="E0", archangel="H0", valandris="H19",
        seals=["E6", "E7", "E8", "E9", "E10"], declared="leviathan",
    )  # fmt: skip
    root = parse(render_svg(abroad))
    assert by_class(root, "power-target") == []
    assert len(by_class(root, "declared")) == 1


def test_a_crossing_is_drawn_between_worlds_and_stays_pending() -> None:
    # V-CROSS-1..4: a crossing turn; the creature moves after Valandris' bonus step
    before = valandris.from_position(
        leviathan="A0", unicorn="E0", archangel="H0", valandris="H19",
        seals=["E6", "E7", "E8", "E9", "E10"], declared="archangel",
    )  # fmt: skip
    move = valandris.parse_move(before, "cross U E0-H1")
    after = valandris.apply(before, move)
    assert after.crossing is not None
    assert move_endpoints(before, move) == (valandris.vertex_index("E0"), valandris.vertex_index("H1"))
    root = parse(render_svg(after, last_move=("e0", "H1")))
    (arrow,) = by_class(root, "last-move")
    assert arrow.get("data-move") == "E0-H1"
    assert " Q " in (arrow.get("d") or "")  # an arc between the panels
    (pending,) = by_class(root, "crossing")
    assert pending.get("data-move") == "E0-H1"


def test_move_endpoints_of_every_kind_of_move() -> None:
    state = valandris.new_game()
    place = valandris.legal_moves(state)[0]
    assert isinstance(place, valandris.Place)
    assert move_endpoints(state, place) == (place.vertex, place.vertex)
    position = valandris.from_position(
        leviathan="A0", unicorn="E0", archangel="H0", valandris="H19",
        seals=["E6", "E7", "E8", "E9", "E10"], declared="leviathan",
    )  # fmt: skip
    jump = valandris.parse_move(position, "jump A0-A19")
    assert move_endpoints(position, jump) == (valandris.vertex_index("A0"), valandris.vertex_index("A19"))
    unmoving = [
        (before, move)
        for seed in range(4)
        for before, move, _ in playout(seed)
        if isinstance(move, valandris.Declare | valandris.Roll)
    ]
    assert {type(move) for _, move in unmoving} == {valandris.Declare, valandris.Roll}
    assert all(move_endpoints(before, move) is None for before, move in unmoving)
    # the move must be legal where it is played: otherwise its start means nothing
    with pytest.raises(IllegalMoveError):
        move_endpoints(position, valandris.Declare(valandris.Piece.UNICORN))


def test_size_and_bad_last_move() -> None:
    state = valandris.new_game()
    root = parse(render_svg(state, size=480))
    assert root.get("width") == "480"
    assert root.get("viewBox") == "0 0 960 640"
    with pytest.raises(InvalidOptionError, match="not a Valandris square"):
        render_svg(state, last_move=("H0", "Z9"))
    with pytest.raises(InvalidOptionError):
        render_svg(state, last_move=(0, 52))
