"""Builders for Trismaugistus test states (fictional example pack, default rulings unless given)."""

from __future__ import annotations

from typing import Any

import attrs

from tabletop_rules import trismaugistus as tm
from tabletop_rules.trismaugistus.moves import Areas, Bowls, Offers
from tabletop_rules.trismaugistus.vocabulary import COLOURS, ELEMENTS, FACES


def bowls(**faces: dict[str, int]) -> Bowls:
    """``bowls(iron={"red": 1, "white": 2})``: the O-n notation ``iron{red:1, white:2}``."""
    out = []
    for face in FACES:
        counts = faces.get(face, {})
        out.append(tuple(counts.get(c, 0) for c in COLOURS))
    return tuple((c[0], c[1], c[2]) for c in out)


def areas(**faces: list[str]) -> Areas:
    return tuple(tuple(faces.get(f, ())) for f in FACES)


def offers(**colours: list[str]) -> Offers:
    return tuple(tuple(colours.get(c, ())) for c in COLOURS)


def levels(e: int, f: int, w: int, a: int) -> tuple[int, ...]:
    return (e, f, w, a)


def set_up(
    difficulty: int = 1,
    exp: str = "FX-S1",
    art: str = "FX-AS2",
    *,
    cube: str | None = None,
    objectives: bool = False,
    row: tuple[str, ...] = (),
    options: tm.Options | None = None,
    **setup_fields: Any,
) -> tm.State:
    """A state right after ``Setup`` (waiting for the round-1 roll)."""
    state = tm.new_game(options)
    if objectives and not row:
        row = ("FX-O1", "FX-O2", "FX-O3", "FX-O4")
    move = tm.Setup(difficulty, objectives, exp, art, cube, row, **setup_fields)  # type: ignore[arg-type]
    return tm.apply(state, move)


def automa_turn(
    state: tm.State,
    *,
    board_bowls: Bowls | None = None,
    board_areas: Areas | None = None,
    board_offers: Offers | None = None,
    cards: tuple[str, ...] = (),
    **automa: Any,
) -> tm.State:
    """``state`` moved to the automa's turn (a card draw pending), with the board and automa fields given.

    ``cards`` are added to the draw pile so that a test can draw them.
    """
    a = state.automa
    changes = dict(automa)
    if cards:
        changes["draw_pile"] = a.draw_pile | frozenset(cards)
        changes["discard"] = tuple(c for c in a.discard if c not in cards)
    board = state.board
    if board_bowls is not None:
        board = attrs.evolve(board, bowls=board_bowls)
    if board_areas is not None:
        board = attrs.evolve(board, areas=board_areas)
    if board_offers is not None:
        board = attrs.evolve(board, offers=board_offers)
    return attrs.evolve(
        state,
        phase="play",
        to_move="automa",
        pending=tm.Pending("card"),
        automa=attrs.evolve(a, **changes),
        board=board,
    )


def draw(state: tm.State, card: str) -> tm.State:
    return tm.apply(state, tm.CardDrawn(card))


def level_of(state: tm.State, element: str) -> int:
    return state.automa.levels[ELEMENTS.index(element)]


def trace_text(state: tm.State) -> str:
    return "\n".join(str(t) for t in state.trace)
