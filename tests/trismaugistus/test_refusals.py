"""Every refusal of the Trismaugistus rules, each reached where it alone refuses the move (issue 29, class 8).

`check_move` dispatches on the phase and the pending chance node (`rules`), then checks the report
(`reports.check_setup`, `check_report_board`, `check_human_move`), the chance outcome
(`rules._check_chance`) or the final score (`scoring.check_human_score`); `apply` first tries direct
predicates for the commonest moves (`human.human_ok`, `human.take_ok`, `rules._card_ok`,
`rules._objective_ok`, `reports.offered_at_round_start`).  Each case below is a state, a move that
`check_move`, `is_legal` and `apply` must refuse there, the clauses that refuse it, and a near miss
that is accepted: the same move in a state that differs only in what the clause looks at, or a move
that differs only in that, in the same state.  So each case fails if its check is deleted from the
predicates or from the full check (the check-deletion experiments of the issue).

Values outside every game's bounds (a difficulty of 4, a face that does not exist) are refused by
the exact shape of the move (`moves.SHAPES`) before any rule reads them; those cases accept either
typed error (`TYPED`).  B-n are the base game's turn rules as the code cites them (spec 1.3).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import attrs
import pytest

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core.errors import IllegalMoveError, InvalidMoveError
from tabletop_rules.core.playout import random_playout
from tabletop_rules.trismaugistus.content.records import BonusSpace
from tabletop_rules.trismaugistus.reports import BOWL_PATTERNS, layout_from_pack, round_layout

from .helpers import areas, bowls, finished, mid_round, offers, set_up

TYPED = (InvalidMoveError, IllegalMoveError)
"""Either error: a value outside every game's bounds is refused by the move's shape, before the rules."""
MENU = (
    tm.HumanDraftDie,
    tm.HumanTakeExperiment,
    tm.HumanTakeArtifact,
    tm.HumanCompleteObjective,
    tm.HumanEndTurn,
)
"""The classes `apply` accepts only when `legal_moves` (or `chance_outcomes`) lists them; the other
reports (`Setup`, `ReportBoard`, `ReportFinalScore`, `ObjectiveDieRaw`) may describe any valid table."""

PACK = tm.default_pack()


class MyStr(str):
    """A `str` subclass: equal to an id or a name, but not of its exact type."""


ROLL = BOWL_PATTERNS[0]
ROW = ("FX-O1", "FX-O2", "FX-O3", "FX-O4")
LAYOUT = layout_from_pack(PACK)


# --------------------------------------------------------------------------- states


def setup_move(**fields: Any) -> tm.Setup:
    """A valid `Setup` (difficulty 1, FX-S1 and FX-AS2, no objectives) with `fields` changed."""
    base = tm.Setup(
        difficulty=1, objectives_enabled=False, starting_experiment="FX-S1", starting_artifact="FX-AS2"
    )
    return attrs.evolve(base, **fields)


def fresh() -> tm.State:
    return tm.new_game()


def round_start() -> tm.State:
    """Waiting for the report of the round-1 roll (T-SETUP-3: the human plays first)."""
    return set_up(2)


def human_turn(objectives: bool = False) -> tm.State:
    """Round 1, the human to move: iron red 1, white 2, wild black 1; copper FX-E01, FX-E03, iron FX-E04;
    red FX-A01, FX-A02, white FX-A03."""
    if not objectives:
        return mid_round()
    return tm.apply(set_up(2, objectives=True), mid_round_report())


def mid_round_report() -> tm.ReportBoard:
    return tm.ReportBoard(
        reason="round_start",
        bowls=bowls(iron={"red": 1, "white": 2}, wild={"black": 1}),
        experiment_areas=areas(copper=["FX-E01", "FX-E03"], iron=["FX-E04"]),
        artifact_offers=offers(red=["FX-A01", "FX-A02"], white=["FX-A03"]),
    )


def after(state: tm.State, *moves: tm.Move) -> tm.State:
    for move in moves:
        state = tm.apply(state, move)
    tm.validate(state)
    return state


def drafted_three() -> tm.State:
    """The human has drafted three dice; the wild black die is still in its bowl (B-1)."""
    return after(human_turn(), tm.HumanDraftDie("iron", "red"), *(tm.HumanDraftDie("iron", "white"),) * 2)


def automa_draws(objectives: bool = False) -> tm.State:
    """The human ended the turn: the automa's card is awaited (T-TURN-1)."""
    state = after(human_turn(objectives), tm.HumanEndTurn(False))
    assert state.pending == tm.Pending("card")
    return state


def first_pending(kind: str, **options: Any) -> tm.State:
    """The first state of a seeded game (difficulty 2, objectives on) awaiting chance of `kind`, with
    every objective still face up for the black die."""
    initial = set_up(2, objectives=True, options=tm.Options(**options))
    for seed in range(50):
        for state in random_playout(tm, seed, initial=initial).states(tm):
            pending = state.pending
            up = kind != "objective_die" or all(s.face_up for s in state.board.objectives)
            if pending is not None and pending.kind == kind and up:
                return state
    raise AssertionError(f"no {kind} in 50 games")


def objective_die() -> tm.State:
    return first_pending("objective_die")


def objective_die_first_down() -> tm.State:
    """The black die is due with objective 1 already face down (completed by the human, T-OBJ-3)."""
    state = objective_die()
    row = state.board.objectives
    down = (attrs.evolve(row[0], face_up=False, cubes=0), *row[1:])
    state = attrs.evolve(state, board=attrs.evolve(state.board, objectives=down))
    tm.validate(state)
    return state


def artifact_die() -> tm.State:
    return first_pending("artifact_die", artifact_choice="roll_d6")


def scoring(unavailable: tuple[str, ...] = ()) -> tm.State:
    """The final scoring waiting for the automa's masterpiece (T-SCORE-1), `unavailable` kept out of it."""
    state = set_up(2, masterpieces_unavailable=unavailable)
    state = attrs.evolve(
        state, phase="scoring", pending=tm.Pending("masterpiece"), round=3, human_finished=True,
        automa_finished=True, first_finisher="human",
    )  # fmt: skip
    tm.validate(state)
    return state


def reported() -> tm.State:
    return after(finished(), tm.ReportFinalScore(80))


def owning(*moves: tm.Move) -> Callable[[], tm.State]:
    return lambda: after(human_turn(), *moves)


def narrow_pack_turn() -> tm.State:
    """The human's turn with a pack whose board has experiment areas beside iron and tin only."""
    pack = attrs.evolve(PACK, board=attrs.evolve(PACK.board, experiment_area_faces=("iron", "tin")))
    state = tm.apply(tm.new_game(pack=pack), setup_move())
    return after(state, tm.ReportBoard(reason="round_start", bowls=ROLL))


def round_two(*owned: str) -> tm.State:
    """The start of round 2, the human owning the experiments `owned`."""
    state = attrs.evolve(round_start(), round=2, human_experiments=owned)
    tm.validate(state)
    return state


ROUND_TWO_LAYOUT = round_layout(PACK, 2, 0)


def _candidate() -> tm.ReportBoard:
    """The round-2 menu's own report object with the round's layout (offered by identity)."""
    return next(m for m in tm.legal_moves(round_two()) if m == ROUND_TWO_LAYOUT)


# --------------------------------------------------------------------------- the cases


class Case(NamedTuple):
    """A refusal: where, which move, which error, the clauses, and a near miss that is accepted."""

    name: str
    clauses: str
    state: Callable[[], tm.State]
    move: Any
    error: type[Exception] | tuple[type[Exception], ...]
    near_miss: Callable[[], tuple[tm.State, tm.Move]]


def _case(
    name: str,
    clauses: str,
    state: Callable[[], tm.State],
    move: Any,
    error: type[Exception] | tuple[type[Exception], ...] = IllegalMoveError,
    *,
    legal: Any = None,
    twin: Callable[[], tm.State] | None = None,
) -> Case:
    """`legal`: an accepted move in the same state; `twin`: a state where `move` itself is accepted."""
    if twin is not None:
        return Case(name, clauses, state, move, error, lambda: (twin(), move))
    assert legal is not None
    return Case(name, clauses, state, move, error, lambda: (state(), legal))


def _layout(element: int, *spaces: BonusSpace) -> tuple[tuple[BonusSpace, ...], ...]:
    """The pack's bonus layout with the spaces of track `element` replaced."""
    return tuple(spaces if i == element else track for i, track in enumerate(LAYOUT))


_SLOTS = tuple(tm.ObjectiveSlot(o) for o in ROW)

CASES = [
    # --- the Setup (T-SETUP-5..7, T-OBJ-1, T-OBJ-2, T-RULING-2, T-RULING-15, T-RULING-20, T-RULING-27)
    _case(
        "setup: a report before it",
        "T-SETUP-5",
        fresh,
        tm.ReportBoard(reason="round_start", bowls=ROLL),
        twin=round_start,
    ),
    _case(
        "setup: a draft before it", "T-SETUP-5, B-5", fresh, tm.HumanDraftDie("iron", "red"), twin=human_turn
    ),
    _case("setup: twice", "T-SETUP-5", round_start, setup_move(), twin=fresh),
    _case("setup: difficulty 4", "T-SETUP-5", fresh, setup_move(difficulty=4), TYPED, legal=setup_move()),
    _case(
        "setup: objectives_enabled an int",
        "T-OBJ-1",
        fresh,
        setup_move(objectives_enabled=1),
        TYPED,
        legal=setup_move(),
    ),
    _case(
        "setup: objectives_enabled zero",
        "T-OBJ-1",
        fresh,
        setup_move(objectives_enabled=0),
        TYPED,
        legal=setup_move(),
    ),
    _case(
        "setup: a board experiment to start with",
        "T-SETUP-6",
        fresh,
        setup_move(starting_experiment="FX-E01"),
        legal=setup_move(),
    ),
    _case(
        "setup: an unknown experiment",
        "T-SETUP-6",
        fresh,
        setup_move(starting_experiment="FX-NOPE"),
        legal=setup_move(),
    ),
    _case(
        "setup: a board artifact to start with",
        "T-SETUP-6",
        fresh,
        setup_move(starting_artifact="FX-A01"),
        legal=setup_move(),
    ),
    _case(
        "setup: an unknown artifact",
        "T-SETUP-6",
        fresh,
        setup_move(starting_artifact="FX-NOPE"),
        legal=setup_move(),
    ),
    _case(
        "setup: a cube on no mastery track",
        "T-SETUP-7, T-RULING-2",
        fresh,
        setup_move(starting_artifact="FX-AS5", tiebreak_track="sky"),
        TYPED,
        legal=setup_move(starting_artifact="FX-AS5", tiebreak_track="earth"),
    ),
    _case(
        "setup: a cube away from the artifact's one symbol",
        "T-SETUP-7, T-RULING-2",
        fresh,
        setup_move(tiebreak_track="earth"),
        legal=setup_move(tiebreak_track="fire"),
    ),
    _case(
        "setup: no cube for an artifact of two symbols",
        "T-SETUP-7, T-RULING-2",
        fresh,
        setup_move(starting_artifact="FX-AS5"),
        legal=setup_move(starting_artifact="FX-AS5", tiebreak_track="water"),
    ),
    _case(
        "setup: a row of three objectives",
        "T-OBJ-1",
        fresh,
        setup_move(objectives_enabled=True, objective_row=ROW[:3]),
        legal=setup_move(objectives_enabled=True, objective_row=ROW),
    ),
    _case(
        "setup: an unknown objective",
        "T-OBJ-1",
        fresh,
        setup_move(objectives_enabled=True, objective_row=(*ROW[:3], "FX-O9")),
        legal=setup_move(objectives_enabled=True, objective_row=ROW),
    ),
    _case(
        "setup: an objective twice",
        "T-OBJ-1",
        fresh,
        setup_move(objectives_enabled=True, objective_row=(*ROW[:3], ROW[0])),
        TYPED,
        legal=setup_move(objectives_enabled=True, objective_row=ROW),
    ),
    _case(
        "setup: a row as a list",
        "T-OBJ-1",
        fresh,
        setup_move(objectives_enabled=True, objective_row=list(ROW)),
        TYPED,
        legal=setup_move(objectives_enabled=True, objective_row=ROW),
    ),
    _case(
        "setup: a row without the module",
        "T-OBJ-1",
        fresh,
        setup_move(objective_row=ROW),
        legal=setup_move(objectives_enabled=True, objective_row=ROW),
    ),
    _case(
        "setup: an unknown unavailable masterpiece",
        "T-RULING-20",
        fresh,
        setup_move(masterpieces_unavailable=("FX-M9",)),
        legal=setup_move(masterpieces_unavailable=("FX-M1",)),
    ),
    _case(
        "setup: an unavailable masterpiece twice",
        "T-RULING-20",
        fresh,
        setup_move(masterpieces_unavailable=("FX-M1", "FX-M1")),
        TYPED,
        legal=setup_move(masterpieces_unavailable=("FX-M1",)),
    ),
    _case(
        "setup: bonus spaces out of order",
        "T-RULING-15",
        fresh,
        setup_move(bonus_layout=_layout(0, BonusSpace(5, "vp_5"), BonusSpace(2, "ether_die"))),
        legal=setup_move(bonus_layout=_layout(0, BonusSpace(2, "ether_die"), BonusSpace(5, "vp_5"))),
    ),
    _case(
        "setup: two bonus spaces on one level",
        "T-RULING-15",
        fresh,
        setup_move(bonus_layout=_layout(0, BonusSpace(2, "ether_die"), BonusSpace(2, "vp_5"))),
        legal=setup_move(bonus_layout=_layout(0, BonusSpace(2, "ether_die"), BonusSpace(5, "vp_5"))),
    ),
    _case(
        "setup: a bonus space past the track's end",
        "T-RULING-15",
        fresh,
        setup_move(bonus_layout=_layout(0, BonusSpace(8, "vp_5"))),
        legal=setup_move(bonus_layout=_layout(0, BonusSpace(7, "vp_5"))),
    ),
    _case(
        "setup: an unknown bonus kind",
        "T-RULING-15",
        fresh,
        setup_move(bonus_layout=_layout(0, BonusSpace(2, "gold_3"))),
        TYPED,
        legal=setup_move(bonus_layout=_layout(0, BonusSpace(2, "vp_5"))),
    ),
    _case(
        "setup: three bonus tracks",
        "T-RULING-15",
        fresh,
        setup_move(bonus_layout=LAYOUT[:3]),
        TYPED,
        legal=setup_move(bonus_layout=LAYOUT),
    ),
    _case(
        "setup: purple cards without the module",
        "T-RULING-27",
        fresh,
        setup_move(objective_purple_ids=("FX-P1", "FX-P2", "FX-P3")),
        legal=setup_move(
            objectives_enabled=True, objective_row=ROW, objective_purple_ids=("FX-P1", "FX-P2", "FX-P3")
        ),
    ),
    _case(
        "setup: four purple cards at difficulty 1",
        "T-OBJ-2, T-RULING-27",
        fresh,
        setup_move(
            objectives_enabled=True,
            objective_row=ROW,
            objective_purple_ids=("FX-P1", "FX-P2", "FX-P3", "FX-P4"),
        ),
        legal=setup_move(
            objectives_enabled=True, objective_row=ROW, objective_purple_ids=("FX-P2", "FX-P3", "FX-P4")
        ),
    ),
    _case(
        "setup: a green card as a purple one",
        "T-OBJ-2, T-RULING-27",
        fresh,
        setup_move(
            objectives_enabled=True, objective_row=ROW, objective_purple_ids=("FX-P1", "FX-P2", "FX-G1")
        ),
        legal=setup_move(
            objectives_enabled=True, objective_row=ROW, objective_purple_ids=("FX-P1", "FX-P2", "FX-P4")
        ),
    ),
    # --- the start of a round (T-SETUP-3, B-3)
    _case(
        "round start: a draft",
        "T-SETUP-3, B-5",
        round_start,
        tm.HumanDraftDie("iron", "red"),
        twin=human_turn,
    ),
    _case(
        "round start: ending the turn",
        "T-SETUP-3, B-8",
        round_start,
        tm.HumanEndTurn(False),
        twin=human_turn,
    ),
    _case(
        "round start: a correction",
        "T-SETUP-3",
        round_start,
        tm.ReportBoard(reason="correction", bowls=ROLL),
        legal=tm.ReportBoard(reason="round_start", bowls=ROLL),
    ),
    _case(
        "round start: no roll",
        "T-SETUP-3",
        round_start,
        tm.ReportBoard(reason="round_start", experiment_areas=areas(copper=["FX-E01"])),
        legal=tm.ReportBoard(reason="round_start", bowls=ROLL, experiment_areas=areas(copper=["FX-E01"])),
    ),
    _case(
        "round start: an unknown reason",
        "T-SETUP-3",
        round_start,
        tm.ReportBoard(reason="whim", bowls=ROLL),
        TYPED,
        legal=tm.ReportBoard(reason="round_start", bowls=ROLL),
    ),
    _case(
        "round start: a menu report naming an owned experiment",
        "T-RULING-15, B-6",
        lambda: round_two(ROUND_TWO_LAYOUT.experiment_areas[0][0]),
        _candidate(),
        twin=round_two,
    ),
    # --- what a board report may say (B-3, B-6, T-RULING-11, T-RULING-15, T-OBJ-6)
    _case(
        "report: six dice in a bowl",
        "B-3",
        round_start,
        tm.ReportBoard(reason="round_start", bowls=bowls(iron={"red": 3, "white": 3})),
        legal=tm.ReportBoard(reason="round_start", bowls=bowls(iron={"red": 3, "white": 2})),
    ),
    _case(
        "report: an experiment beside a bowl without an area",
        "T-RULING-12",
        narrow_pack_turn,
        tm.ReportBoard(experiment_areas=areas(copper=["FX-E01"])),
        legal=tm.ReportBoard(experiment_areas=areas(iron=["FX-E01"])),
    ),
    _case(
        "report: a starting experiment in an area",
        "B-6",
        human_turn,
        tm.ReportBoard(experiment_areas=areas(copper=["FX-S2"])),
        legal=tm.ReportBoard(experiment_areas=areas(copper=["FX-E02"])),
    ),
    _case(
        "report: an unknown experiment",
        "B-6",
        human_turn,
        tm.ReportBoard(experiment_areas=areas(copper=["FX-E99"])),
        legal=tm.ReportBoard(experiment_areas=areas(copper=["FX-E02"])),
    ),
    _case(
        "report: an experiment already taken",
        "B-6",
        owning(tm.HumanTakeExperiment("copper", "FX-E01")),
        tm.ReportBoard(experiment_areas=areas(copper=["FX-E01"])),
        twin=human_turn,
    ),
    _case(
        "report: an experiment in two areas",
        "B-6",
        human_turn,
        tm.ReportBoard(experiment_areas=areas(copper=["FX-E01"], iron=["FX-E01"])),
        legal=tm.ReportBoard(experiment_areas=areas(copper=["FX-E01"], iron=["FX-E02"])),
    ),
    _case(
        "report: three artifacts in an offer",
        "T-RULING-11",
        human_turn,
        tm.ReportBoard(artifact_offers=offers(red=["FX-A01", "FX-A02", "FX-A07"])),
        legal=tm.ReportBoard(artifact_offers=offers(red=["FX-A01", "FX-A07"])),
    ),
    _case(
        "report: an artifact in another colour's offer",
        "T-RULING-11",
        human_turn,
        tm.ReportBoard(artifact_offers=offers(red=["FX-A03"])),
        legal=tm.ReportBoard(artifact_offers=offers(white=["FX-A03"])),
    ),
    _case(
        "report: a starting artifact on offer",
        "T-RULING-11, T-SETUP-6",
        human_turn,
        tm.ReportBoard(artifact_offers=offers(black=["FX-AS1"])),  # a starting artifact nobody took
        legal=tm.ReportBoard(artifact_offers=offers(black=["FX-A05"])),
    ),
    _case(
        "report: an unknown artifact",
        "T-RULING-11",
        human_turn,
        tm.ReportBoard(artifact_offers=offers(red=["FX-A99"])),
        legal=tm.ReportBoard(artifact_offers=offers(red=["FX-A07"])),
    ),
    _case(
        "report: an artifact already taken",
        "T-RULING-11",
        owning(tm.HumanTakeArtifact("red", "FX-A01")),
        tm.ReportBoard(artifact_offers=offers(red=["FX-A01"])),
        twin=human_turn,
    ),
    _case(
        "report: an artifact twice",
        "T-RULING-11",
        human_turn,
        tm.ReportBoard(artifact_offers=offers(red=["FX-A01", "FX-A01"])),
        legal=tm.ReportBoard(artifact_offers=offers(red=["FX-A01", "FX-A02"])),
    ),
    _case(
        "report: objectives without the module",
        "T-OBJ-1",
        human_turn,
        tm.ReportBoard(objective_row=_SLOTS),
        twin=lambda: human_turn(objectives=True),
    ),
    _case(
        "report: a row of three objectives",
        "T-OBJ-1",
        lambda: human_turn(objectives=True),
        tm.ReportBoard(objective_row=_SLOTS[:3]),
        legal=tm.ReportBoard(objective_row=_SLOTS),
    ),
    _case(
        "report: an objective twice",
        "T-OBJ-1",
        lambda: human_turn(objectives=True),
        tm.ReportBoard(objective_row=(*_SLOTS[:3], _SLOTS[0])),
        legal=tm.ReportBoard(objective_row=_SLOTS),
    ),
    _case(
        "report: an unknown objective",
        "T-OBJ-1",
        lambda: human_turn(objectives=True),
        tm.ReportBoard(objective_row=(*_SLOTS[:3], tm.ObjectiveSlot("FX-O9"))),
        legal=tm.ReportBoard(objective_row=_SLOTS),
    ),
    _case(
        "report: three cubes on a face-up objective",
        "T-OBJ-6",
        lambda: human_turn(objectives=True),
        tm.ReportBoard(objective_row=(tm.ObjectiveSlot(ROW[0], True, 3), *_SLOTS[1:])),
        legal=tm.ReportBoard(objective_row=(tm.ObjectiveSlot(ROW[0], False, 3), *_SLOTS[1:])),
    ),
    _case(
        "report: bonus spaces out of order",
        "T-RULING-15",
        human_turn,
        tm.ReportBoard(bonus_layout=_layout(0, BonusSpace(5, "vp_5"), BonusSpace(2, "ether_die"))),
        legal=tm.ReportBoard(bonus_layout=LAYOUT),
    ),
    # --- the human's turn (B-1, B-5, B-6, B-8, T-OBJ-3)
    _case(
        "human: a round-start report mid-round",
        "T-SETUP-3",
        human_turn,
        tm.ReportBoard(reason="round_start", bowls=ROLL),
        legal=tm.ReportBoard(reason="correction", bowls=ROLL),
    ),
    _case(
        "human: a report with an unknown reason",
        "T-RULING-17",
        human_turn,
        tm.ReportBoard(reason="whim", bowls=ROLL),
        TYPED,
        legal=tm.ReportBoard(reason="refill", bowls=ROLL),
    ),
    _case(
        "human: a die not in its bowl",
        "B-5",
        human_turn,
        tm.HumanDraftDie("lead", "red"),
        legal=tm.HumanDraftDie("iron", "red"),
    ),
    _case(
        "human: a die of no face",
        "B-5",
        human_turn,
        tm.HumanDraftDie("gold", "red"),
        TYPED,
        legal=tm.HumanDraftDie("iron", "red"),
    ),
    _case(
        "human: a fourth die", "B-1, B-5", drafted_three, tm.HumanDraftDie("wild", "black"), twin=human_turn
    ),
    _case(
        "human: an experiment from another area",
        "B-6",
        human_turn,
        tm.HumanTakeExperiment("iron", "FX-E01"),
        legal=tm.HumanTakeExperiment("copper", "FX-E01"),
    ),
    _case(
        "human: an experiment of no face",
        "B-6",
        human_turn,
        tm.HumanTakeExperiment("gold", "FX-E01"),
        TYPED,
        legal=tm.HumanTakeExperiment("copper", "FX-E01"),
    ),
    _case(
        "human: an artifact from another offer",
        "B-6",
        human_turn,
        tm.HumanTakeArtifact("white", "FX-A01"),
        legal=tm.HumanTakeArtifact("red", "FX-A01"),
    ),
    _case(
        "human: an artifact of no colour",
        "B-6",
        human_turn,
        tm.HumanTakeArtifact("blue", "FX-A01"),
        TYPED,
        legal=tm.HumanTakeArtifact("red", "FX-A01"),
    ),
    _case(
        "human: an objective without the module",
        "T-OBJ-3",
        human_turn,
        tm.HumanCompleteObjective(1),
        twin=lambda: human_turn(objectives=True),
    ),
    _case(
        "human: an objective already face down",
        "T-OBJ-3",
        lambda: after(human_turn(objectives=True), tm.HumanCompleteObjective(1)),
        tm.HumanCompleteObjective(1),
        twin=lambda: human_turn(objectives=True),
    ),
    _case(
        "human: objective 5",
        "T-OBJ-3",
        lambda: human_turn(objectives=True),
        tm.HumanCompleteObjective(5),
        TYPED,
        legal=tm.HumanCompleteObjective(4),
    ),
    _case(
        "human: finishing the round before the third die",
        "B-1, B-8",
        human_turn,
        tm.HumanEndTurn(True),
        twin=drafted_three,
    ),
    _case(
        "human: finishing the round with an int",
        "B-1",
        drafted_three,
        tm.HumanEndTurn(1),  # type: ignore[arg-type]
        TYPED,
        legal=tm.HumanEndTurn(True),
    ),
    _case(
        "human: a card drawn on the human's turn",
        "T-TURN-1",
        human_turn,
        tm.CardDrawn("FX-Y1"),
        twin=automa_draws,
    ),
    _case("human: a final score mid-game", "T-SCORE-7", human_turn, tm.ReportFinalScore(50), twin=finished),
    # --- chance: the automa's card, the black die, the artifact die, the masterpiece (T-TURN-1, T-OBJ-4..5)
    _case(
        "chance: a report while a card is awaited",
        "T-TURN-1, T-RULING-17",
        automa_draws,
        tm.HumanEndTurn(False),
        twin=human_turn,
    ),
    _case(
        "chance: a board report while a card is awaited",
        "T-RULING-17",
        automa_draws,
        tm.ReportBoard(reason="correction", bowls=ROLL),
        twin=human_turn,
    ),
    _case(
        "chance: a card not in the draw pile",
        "T-TURN-1, T-SETUP-10",
        automa_draws,
        tm.CardDrawn("FX-P1"),
        legal=tm.CardDrawn("FX-Y1"),
    ),
    _case(
        "chance: an unknown card",
        "T-TURN-1",
        automa_draws,
        tm.CardDrawn("FX-NOPE"),
        legal=tm.CardDrawn("FX-Y1"),
    ),
    _case(
        "chance: the black die while a card is awaited, objectives on",
        "T-OBJ-4",
        lambda: automa_draws(objectives=True),
        tm.ObjectiveDie(1),
        twin=objective_die,
    ),
    _case(
        "chance: a card as a str subclass",
        "T-TURN-1",
        automa_draws,
        tm.CardDrawn(MyStr("FX-Y1")),
        TYPED,
        legal=tm.CardDrawn("FX-Y1"),
    ),
    _case(
        "chance: taking an experiment while a card is awaited",
        "T-RULING-17, B-6",
        automa_draws,
        tm.HumanTakeExperiment("copper", "FX-E01"),
        twin=human_turn,
    ),
    _case(
        "chance: taking an artifact while a card is awaited",
        "T-RULING-17, B-6",
        automa_draws,
        tm.HumanTakeArtifact("red", "FX-A01"),
        twin=human_turn,
    ),
    _case(
        "human: an area named by a str subclass",
        "B-6",
        human_turn,
        tm.HumanTakeExperiment(MyStr("copper"), "FX-E01"),
        TYPED,
        legal=tm.HumanTakeExperiment("copper", "FX-E01"),
    ),
    _case(
        "human: an experiment named by a str subclass",
        "B-6",
        human_turn,
        tm.HumanTakeExperiment("copper", MyStr("FX-E01")),
        TYPED,
        legal=tm.HumanTakeExperiment("copper", "FX-E01"),
    ),
    _case(
        "human: a die named by a str subclass",
        "B-5",
        human_turn,
        tm.HumanDraftDie(MyStr("iron"), "red"),
        TYPED,
        legal=tm.HumanDraftDie("iron", "red"),
    ),
    _case(
        "black die: position True",
        "T-OBJ-4",
        objective_die,
        tm.ObjectiveDie(True),
        TYPED,
        legal=tm.ObjectiveDie(1),
    ),
    _case(
        "chance: the black die while a card is awaited",
        "T-OBJ-4",
        automa_draws,
        tm.ObjectiveDie(1),
        twin=objective_die,
    ),
    _case(
        "chance: a masterpiece while a card is awaited",
        "T-SCORE-1",
        automa_draws,
        tm.MasterpieceDrawn("FX-M1"),
        twin=scoring,
    ),
    _case(
        "chance: the artifact die while a card is awaited",
        "T-RULING-10",
        automa_draws,
        tm.ArtifactDie(1),
        twin=artifact_die,
    ),
    _case(
        "black die: a face-down objective",
        "T-OBJ-5, T-RULING-30",
        objective_die_first_down,
        tm.ObjectiveDie(1),
        twin=objective_die,
    ),
    _case(
        "black die: a card instead",
        "T-OBJ-4, T-OBJ-7",
        objective_die,
        tm.CardDrawn("FX-Y1"),
        twin=automa_draws,
    ),
    _case(
        "black die: position 0", "T-OBJ-4", objective_die, tm.ObjectiveDie(0), TYPED, legal=tm.ObjectiveDie(1)
    ),
    _case(
        "black die: position 5", "T-OBJ-4", objective_die, tm.ObjectiveDie(5), TYPED, legal=tm.ObjectiveDie(1)
    ),
    _case(
        "black die: a raw 7",
        "T-RULING-30",
        objective_die,
        tm.ObjectiveDieRaw(7),
        TYPED,
        legal=tm.ObjectiveDieRaw(6),
    ),
    _case(
        "artifact die: slot 3", "T-RULING-10", artifact_die, tm.ArtifactDie(3), TYPED, legal=tm.ArtifactDie(2)
    ),
    _case(
        "artifact die: a card instead", "T-RULING-10", artifact_die, tm.CardDrawn("FX-Y1"), twin=automa_draws
    ),
    _case(
        "masterpiece: an unavailable one",
        "T-SCORE-1, T-RULING-20",
        lambda: scoring(("FX-M2",)),
        tm.MasterpieceDrawn("FX-M2"),
        twin=scoring,
    ),
    # --- the end (T-SCORE-7)
    _case("over: a report", "T-SCORE-7", finished, tm.HumanEndTurn(False), twin=human_turn),
    _case("over: a chance outcome", "T-SCORE-7", finished, tm.MasterpieceDrawn("FX-M1"), twin=scoring),
    _case("final score: twice", "T-SCORE-7", reported, tm.ReportFinalScore(50), twin=finished),
    _case(
        "final score: 10000",
        "T-SCORE-7",
        finished,
        tm.ReportFinalScore(10_000),
        TYPED,
        legal=tm.ReportFinalScore(9999),
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_refusal_alone_refuses_its_move(case: Case) -> None:
    """REL-MOVES-4: every refusal of the rules has a test in a state where it alone refuses the move;
    the move is refused (by `check_move`, `is_legal` and `apply`), is not listed, and changes nothing."""
    state = case.state()
    before = tm.to_json(state)
    if case.error is IllegalMoveError:  # a malformed move may compare equal to a listed one
        assert case.move not in {*tm.legal_moves(state), *(m for m, _ in tm.chance_outcomes(state))}
    assert not tm.is_legal(state, case.move)
    with pytest.raises(case.error):
        tm.check_move(state, case.move)
    with pytest.raises(case.error):
        tm.apply(state, case.move)
    assert tm.to_json(state) == before


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_near_miss_is_accepted(case: Case) -> None:
    """The control: the near miss of each case is accepted and gives a state `validate` accepts; a move
    of the menu's classes, or a chance outcome, is also listed."""
    state, move = case.near_miss()
    assert tm.is_legal(state, move)
    if isinstance(move, MENU) or (state.pending is not None and not isinstance(move, tm.ObjectiveDieRaw)):
        assert move in {*tm.legal_moves(state), *(m for m, _ in tm.chance_outcomes(state))}
    tm.validate(tm.apply(state, move))
