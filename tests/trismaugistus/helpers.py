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


def finished(options: tm.Options | None = None) -> tm.State:
    """A game over with the automa's O-18 score of 105 (T-SCORE-7)."""
    state = set_up(2, options=options)
    state = attrs.evolve(
        state,
        phase="scoring",
        pending=tm.Pending("masterpiece"),
        automa=attrs.evolve(
            state.automa,
            vp=23,
            gold=5,
            ether=2,
            levels=(5, 3, 4, 2),
            experiments=("FX-S1", "FX-E02", "FX-E05", "FX-E10"),
            artifacts=("FX-AS4", "FX-A03", "FX-A02"),
        ),
        round=3,
        human_finished=True,
        automa_finished=True,
        first_finisher="human",
    )
    out = tm.apply(state, tm.MasterpieceDrawn("FX-M1"))
    assert out.score is not None
    assert out.score.total == 105
    return out


def mid_round() -> tm.State:
    """Round 1 of a difficulty-2 game, the human to move after the round-start report."""
    state = set_up(2)
    return tm.apply(
        state,
        tm.ReportBoard(
            reason="round_start",
            bowls=bowls(iron={"red": 1, "white": 2}, wild={"black": 1}),
            experiment_areas=areas(copper=["FX-E01", "FX-E03"], iron=["FX-E04"]),
            artifact_offers=offers(red=["FX-A01", "FX-A02"], white=["FX-A03"]),
        ),
    )


def general_human_move(state: tm.State, move: Any) -> tm.State | None:
    """The state after a human draft or take, built the general way (on a `Work` copy), or ``None``.

    The reference the direct paths of `human.py` are tested against (B-5, B-6).
    """
    from tabletop_rules.trismaugistus.automa import Work
    from tabletop_rules.trismaugistus.vocabulary import COLOUR_INDEX, FACE_INDEX

    if isinstance(move, tm.HumanDraftDie):
        w = Work(attrs.evolve(state, human_dice=state.human_dice + 1))
        counts = [list(c) for c in state.board.bowls]
        counts[FACE_INDEX[move.face]][COLOUR_INDEX[move.colour]] -= 1
        w.bowls = tuple((c[0], c[1], c[2]) for c in counts)
        w.note("", f"human drafts {move.face}/{move.colour}")
    elif isinstance(move, tm.HumanTakeExperiment):
        w = Work(attrs.evolve(state, human_experiments=(*state.human_experiments, move.experiment_id)))
        w.areas[FACE_INDEX[move.face]].remove(move.experiment_id)
        w.note("", f"human takes experiment {move.experiment_id}")
    elif isinstance(move, tm.HumanTakeArtifact):
        w = Work(attrs.evolve(state, human_artifacts=(*state.human_artifacts, move.artifact_id)))
        w.offers[COLOUR_INDEX[move.colour]].remove(move.artifact_id)
        w.note("", f"human takes artifact {move.artifact_id}")
    else:
        return None
    return w.freeze()
