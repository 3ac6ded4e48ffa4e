"""Checks of the human's reports, and the finite menus of reports that ``legal_moves`` offers.

A report can describe any board, so the engine cannot list them all.  It
lists a finite, meaningful menu instead (spec 1.3, docs "Reports"):

* before setup, every combination of difficulty, objectives on/off, starting
  experiment and starting artifact of the pack (with a tie-break track when the
  artifact needs one, and the first four objectives as the row);
* at the start of a round, a few standard rolls (nine dice, three of each
  colour, in fixed patterns), alone or with the round's experiment stage laid
  out in the areas and fresh artifact offers, whenever those are valid here;
* during the human's turn, every die they can draft, every experiment and
  artifact they can take, every face-up objective, and ending the turn.

``apply`` also accepts any other valid report, such as a ``ReportBoard``
correction between turns; the checks below say exactly what is valid, each
raising `IllegalMoveError` with a sentence.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, NoReturn

from tabletop_rules.core.errors import IllegalMoveError
from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.core.jsonio import brief
from tabletop_rules.trismaugistus.content.records import BonusSpace, Pack
from tabletop_rules.trismaugistus.moves import (
    Areas,
    BonusLayout,
    Bowls,
    HumanCompleteObjective,
    HumanDraftDie,
    HumanEndTurn,
    HumanTakeArtifact,
    HumanTakeExperiment,
    Offers,
    ReportBoard,
    Setup,
)
from tabletop_rules.trismaugistus.options import Options
from tabletop_rules.trismaugistus.state import State
from tabletop_rules.trismaugistus.vocabulary import (
    BONUS_KINDS,
    COLOURS,
    DICE_PER_ROUND,
    ELEMENTS,
    FACES,
    MAX_BOWL,
    OBJECTIVE_PURPLE_COUNT,
    OBJECTIVE_ROW_SIZE,
    Colour,
    Face,
)

_DEFAULT_OPTIONS = Options()

__all__ = [
    "BOWL_PATTERNS",
    "check_bonus_layout",
    "check_human_move",
    "check_report_board",
    "check_setup",
    "human_turn_menu",
    "layout_from_pack",
    "round_layout",
    "round_start_menu",
    "setup_menu",
    "tiebreak_of",
]


def _illegal(message: str) -> NoReturn:
    raise IllegalMoveError(message)


# --- Setup -----------------------------------------------------------------------------------------


def check_bonus_layout(pack: Pack, layout: Any, where: str) -> None:
    """A bonus layout: four tracks in ELEMENTS order, each with sorted spaces on distinct levels."""
    if not isinstance(layout, tuple) or len(layout) != len(ELEMENTS):
        _illegal(f"{where} must give the bonus spaces of the four tracks, earth, fire, water, air")
    for element, spaces in zip(ELEMENTS, layout, strict=True):
        top = pack.track[element].max_level
        if not isinstance(spaces, tuple) or any(not isinstance(s, BonusSpace) for s in spaces):
            _illegal(f"{where} for {element} must be a tuple of bonus spaces")
        levels = [s.level for s in spaces]
        if list(spaces) != sorted(spaces) or len(set(levels)) != len(levels):
            _illegal(f"{where} for {element} must list distinct levels in rising order")
        for s in spaces:
            if isinstance(s.level, bool) or not isinstance(s.level, int) or not 1 <= s.level <= top:
                _illegal(
                    f"{where} for {element}: level {brief(s.level)} is not on a track of max level {top}"
                )
            if s.kind not in BONUS_KINDS:
                _illegal(f"{where} for {element}: {brief(s.kind)} is not a bonus kind the seed defines")


def tiebreak_of(pack: Pack, setup: Setup) -> Any:
    """The cube's track (T-SETUP-7, T-RULING-2); raises if it cannot be decided."""
    symbols = pack.artifact[setup.starting_artifact].element_symbols
    if len(symbols) == 1:
        if setup.tiebreak_track is not None and setup.tiebreak_track != symbols[0]:
            _illegal(
                f"the starting artifact {setup.starting_artifact} shows {symbols[0]},"
                f" so the tie-break cube goes on {symbols[0]}, not {setup.tiebreak_track} (T-RULING-2)"
            )
        return symbols[0]
    if setup.tiebreak_track is None:
        _illegal(
            f"the starting artifact {setup.starting_artifact} shows {len(symbols)} elemental symbols, so the"
            " tie-break track must be given (T-RULING-2)"
        )
    return setup.tiebreak_track


def check_setup(state: State, setup: Setup) -> None:
    """Every input of the `Setup` move (T-SETUP-5..7, T-OBJ-1, T-RULING-2/15/20/27).

    `check_shape` has checked each field's type and domain (a difficulty 1..3, a track name, tuples
    of distinct ids); these are the checks against the pack and between fields.
    """
    pack = state.pack
    if state.phase != "setup":
        _illegal("the game is already set up")
    exp = pack.experiment.get(setup.starting_experiment)
    if exp is None or exp.stage != "starting":
        _illegal(f"{brief(setup.starting_experiment)} is not a starting experiment of pack {pack.pack_id}")
    art = pack.artifact.get(setup.starting_artifact)
    if art is None or not art.starting:
        _illegal(f"{brief(setup.starting_artifact)} is not a starting artifact of pack {pack.pack_id}")
    tiebreak_of(pack, setup)
    row = setup.objective_row
    if setup.objectives_enabled:
        if len(row) != OBJECTIVE_ROW_SIZE or any(o not in pack.objective for o in row):
            _illegal(
                f"with objectives, the row must list {OBJECTIVE_ROW_SIZE} different objective ids of the pack"
            )
    elif row:
        _illegal("an objective row is given but the objectives module is off")
    for m in setup.masterpieces_unavailable:
        if m not in pack.masterpiece:
            _illegal(f"{brief(m)} is not a masterpiece of pack {pack.pack_id}")
    if setup.bonus_layout is not None:
        check_bonus_layout(pack, setup.bonus_layout, "Setup.bonus_layout")
    purples = setup.objective_purple_ids
    if purples is not None:
        if not setup.objectives_enabled:
            _illegal("objective_purple_ids is given but the objectives module is off")
        wanted = OBJECTIVE_PURPLE_COUNT[setup.difficulty]
        cards = pack.card
        if len(purples) != wanted or any(p not in cards or cards[p].deck != "purple" for p in purples):
            _illegal(
                f"objective_purple_ids must name {wanted} different purple cards"
                f" at difficulty {setup.difficulty}"
            )


@functools.lru_cache(maxsize=16)  # keyed by the immutable pack; returns a tuple of frozen moves
def setup_menu(pack: Pack) -> tuple[Setup, ...]:
    """The menu of setups: difficulty x objectives x starting experiment x starting artifact [x cube]."""
    moves: list[Setup] = []
    row = tuple(o.id for o in pack.objectives[:OBJECTIVE_ROW_SIZE])
    with_objectives = (False, True) if len(pack.objectives) >= OBJECTIVE_ROW_SIZE else (False,)
    starting_exps = [e.id for e in pack.experiments if e.stage == "starting"]
    for difficulty in (1, 2, 3):
        for objectives in with_objectives:
            for experiment in starting_exps:
                for artifact in pack.artifacts:
                    if not artifact.starting:
                        continue
                    symbols = artifact.element_symbols
                    choices: tuple[Any, ...] = (
                        (None,)
                        if len(symbols) == 1
                        else tuple(e for e in ELEMENTS if e in symbols or not symbols)
                    )
                    moves.extend(
                        Setup(
                            difficulty=difficulty,
                            objectives_enabled=objectives,
                            starting_experiment=experiment,
                            starting_artifact=artifact.id,
                            tiebreak_track=cube,
                            objective_row=row if objectives else (),
                        )
                        for cube in choices
                    )
    return tuple(moves)


# --- ReportBoard -----------------------------------------------------------------------------------


def _owned(state: State) -> set[str]:
    a = state.automa
    owned = {*a.experiments, *a.artifacts, *state.human_experiments, *state.human_artifacts}
    if a.starting_experiment is not None:
        owned.add(a.starting_experiment)
    return owned


def check_report_board(state: State, report: ReportBoard) -> None:
    """A board report: where it is accepted, and that every part it gives is a possible board.

    `check_shape` has checked the shape of every part (six bowls of three counts 0..5, six areas,
    three offers, at most four objective slots, four bonus tracks) and the reason's name.
    """
    pack = state.pack
    if state.phase == "round_start":
        if report.reason not in ("round_start", None) or report.bowls is None:
            _illegal(
                f"round {state.round} starts with the report of the roll (reason round_start, with the bowls)"
            )
    elif state.phase == "play" and state.pending is None and state.to_move == "human":
        if report.reason == "round_start":
            _illegal("a round-start report is accepted only before the first turn of a round")
    else:
        _illegal("a board report is accepted only at the start of a round or during the human's turn")
    owned = _owned(state)
    if report.bowls is not None:
        for face, counts in zip(FACES, report.bowls, strict=True):
            if sum(counts) > MAX_BOWL:
                _illegal(f"the {face} bowl holds {sum(counts)} dice; a bowl holds at most {MAX_BOWL} (B-3)")
    if report.experiment_areas is not None:
        seen: list[str] = []
        for face, ids in zip(FACES, report.experiment_areas, strict=True):
            if ids and face not in pack.board.experiment_area_faces:
                _illegal(f"the {face} bowl has no experiment area in pack {pack.pack_id}")
            for e in ids:
                if e not in pack.experiment or pack.experiment[e].stage == "starting":
                    _illegal(f"{brief(e)} is not a board experiment of pack {pack.pack_id}")
                if e in owned:
                    _illegal(f"{e} has already been taken")
                seen.append(e)
        if len(set(seen)) != len(seen):
            _illegal("an experiment is reported in two places")
    if report.artifact_offers is not None:
        seen = []
        for colour, ids in zip(COLOURS, report.artifact_offers, strict=True):
            if len(ids) > pack.board.artifact_slots_per_colour:
                _illegal(
                    f"the {colour} offer has {len(ids)} artifacts;"
                    f" it holds {pack.board.artifact_slots_per_colour}"
                )
            for a in ids:
                art = pack.artifact.get(a)
                if art is None or art.starting or art.colour != colour:
                    _illegal(f"{brief(a)} is not a {colour} board artifact of pack {pack.pack_id}")
                if a in owned:
                    _illegal(f"{a} has already been taken")
                seen.append(a)
        if len(set(seen)) != len(seen):
            _illegal("an artifact is reported twice")
    if report.objective_row is not None:
        if not state.objectives_enabled:
            _illegal("the objectives module is off")
        row = report.objective_row
        if len(row) != OBJECTIVE_ROW_SIZE or len({s.card_id for s in row}) != OBJECTIVE_ROW_SIZE:
            _illegal(f"the objective row must list {OBJECTIVE_ROW_SIZE} different objectives")
        for s in row:
            if s.card_id not in pack.objective:
                _illegal(f"{brief(s.card_id)} is not an objective of pack {pack.pack_id}")
            if s.cubes > (2 if s.face_up else 3):
                _illegal(f"{s.card_id} cannot hold {s.cubes} cubes {'face up' if s.face_up else 'face down'}")
    if report.bonus_layout is not None:
        check_bonus_layout(pack, report.bonus_layout, "ReportBoard.bonus_layout")


def _bowl_pattern(variant: int) -> tuple[tuple[int, int, int], ...]:
    counts = [[0, 0, 0] for _ in FACES]
    for j in range(9):  # nine dice, three of each colour
        counts[(j * (variant + 1) + variant) % len(FACES)][j % 3] += 1
    return tuple((c[0], c[1], c[2]) for c in counts)


BOWL_PATTERNS = tuple(_bowl_pattern(v) for v in range(3))
STAGE_OF_ROUND = {1: "I", 2: "II", 3: "III"}


def round_layout(pack: Pack, round_no: int, variant: int) -> ReportBoard:
    """The round-start report of layout ``variant`` (0 or 1) of ``round_no``: a roll, experiments, offers."""
    stage = STAGE_OF_ROUND[round_no]
    exps = [e.id for e in pack.experiments if e.stage == stage]
    faces = pack.board.experiment_area_faces
    areas: list[list[str]] = [[] for _ in FACES]
    for k, e in enumerate(exps):
        if faces:
            areas[FACES.index(faces[(k + variant) % len(faces)])].append(e)
    slots = pack.board.artifact_slots_per_colour
    offers: list[tuple[str, ...]] = []
    for colour in COLOURS:
        pool = [a.id for a in pack.artifacts if a.colour == colour and not a.starting]
        shift = (round_no - 1 + variant) % len(pool) if pool else 0
        offers.append(tuple((pool[shift:] + pool[:shift])[:slots]))
    return ReportBoard(
        reason="round_start",
        bowls=BOWL_PATTERNS[(round_no + variant) % len(BOWL_PATTERNS)],
        experiment_areas=tuple(tuple(x) for x in areas),
        artifact_offers=tuple(offers),
    )


@functools.lru_cache(maxsize=16)  # keyed by the immutable pack; returns a read-only mapping of tuples
def _round_candidates(pack: Pack) -> Mapping[int, tuple[tuple[ReportBoard, frozenset[str]], ...]]:
    """Per round: the menu's candidate reports in menu order, each with the ids that must be unowned.

    A candidate that is invalid whatever the automa and the human own is left out
    (the other checks of `check_report_board` do not depend on the state
    at the start of a round).
    """
    probe = State(pack=pack, options=_DEFAULT_OPTIONS, phase="round_start", round=1)
    out: dict[int, tuple[tuple[ReportBoard, frozenset[str]], ...]] = {}
    # equal reports are one shared object, so that the menu drops duplicates by identity, not by `==`
    canonical: dict[ReportBoard, ReportBoard] = {}
    for round_no in (1, 2, 3):
        rows: list[tuple[ReportBoard, frozenset[str]]] = []
        for r in [round_no, *(x for x in (1, 2, 3) if x != round_no)]:
            for variant in (0, 1):
                report = round_layout(pack, r, variant)
                try:
                    check_report_board(probe, report)
                except IllegalMoveError:
                    continue
                ids = frozenset(
                    [*(e for x in report.experiment_areas or () for e in x),
                     *(a for x in report.artifact_offers or () for a in x)]
                )  # fmt: skip
                rows.append((canonical.setdefault(report, report), ids))
        for b in BOWL_PATTERNS:
            bare = ReportBoard(bowls=b, reason="round_start")
            rows.append((canonical.setdefault(bare, bare), frozenset()))
        out[round_no] = tuple(rows)
    return frozen_mapping(out)


def round_start_menu(state: State) -> tuple[ReportBoard, ...]:
    """The menu at the start of a round: standard rolls, with each round's layout where it is valid.

    Built from candidates precomputed per pack: a candidate is offered when none
    of its experiments and artifacts is owned yet.
    """
    owned = _owned(state)
    menu: list[ReportBoard] = []
    for report, ids in _round_candidates(state.pack)[state.round]:
        if ids.isdisjoint(owned) and not any(m is report for m in menu):
            menu.append(report)
    return tuple(menu)


def offered_at_round_start(state: State, report: ReportBoard) -> bool:
    """Whether ``report`` is on `round_start_menu` of ``state``, without building the menu.

    It is when it is one of the round's candidates (by identity: the menu's objects are shared)
    and none of that candidate's ids is owned; an equal report is always the same candidate.
    """
    for candidate, ids in _round_candidates(state.pack)[state.round]:
        if candidate is report:
            return ids.isdisjoint(_owned(state))
    return False


# --- the human's turn ------------------------------------------------------------------------------


def _bowls_empty(state: State) -> bool:
    return not any(any(c) for c in state.board.bowls)


def check_human_move(state: State, move: Any) -> None:
    """A report of the human's own turn: draft, take, complete an objective, end the turn."""
    if state.phase != "play" or state.pending is not None or state.to_move != "human":
        _illegal("it is not the human's turn")
    board = state.board  # `check_shape` has checked the faces, colours and positions
    if isinstance(move, HumanDraftDie):
        if state.human_dice >= DICE_PER_ROUND:
            _illegal(f"the human has already drafted {DICE_PER_ROUND} dice this round (B-1)")
        if board.bowls[FACES.index(move.face)][COLOURS.index(move.colour)] <= 0:
            _illegal(f"there is no {move.colour} die in the {move.face} bowl")
    elif isinstance(move, HumanTakeExperiment):
        if move.experiment_id not in board.areas[FACES.index(move.face)]:
            _illegal(f"{move.experiment_id} is not in the {move.face} experiment area")
    elif isinstance(move, HumanTakeArtifact):
        if move.artifact_id not in board.offers[COLOURS.index(move.colour)]:
            _illegal(f"{move.artifact_id} is not in the {move.colour} artifact offer")
    elif isinstance(move, HumanCompleteObjective):
        if not state.objectives_enabled:
            _illegal("the objectives module is off")
        if not board.objectives[move.position - 1].face_up:  # the module on: the row has its 4
            _illegal(f"the objective at position {move.position} is already face down")
    elif isinstance(move, HumanEndTurn):
        if move.finished_round and state.human_dice < DICE_PER_ROUND and not _bowls_empty(state):
            _illegal(
                f"the human has drafted {state.human_dice} dice this round;"
                " the round is finished with the third (or when the bowls are empty)"
            )
    else:  # pragma: no cover - dispatch guarantees the type
        _illegal(f"{brief(move)} is not a report of the human's turn")


_DRAFT: tuple[tuple[HumanDraftDie, ...], ...] = tuple(
    tuple(HumanDraftDie(f, c) for c in COLOURS) for f in FACES
)
_COMPLETE = tuple(HumanCompleteObjective(i + 1) for i in range(OBJECTIVE_ROW_SIZE))
_END_TURN = HumanEndTurn(False)
_END_ROUND = HumanEndTurn(True)


@functools.lru_cache(maxsize=4096)
def _take_experiment(face: Face, experiment_id: str) -> HumanTakeExperiment:
    return HumanTakeExperiment(face, experiment_id)


@functools.lru_cache(maxsize=4096)
def _take_artifact(colour: Colour, artifact_id: str) -> HumanTakeArtifact:
    return HumanTakeArtifact(colour, artifact_id)


def human_turn_menu(state: State) -> tuple[Any, ...]:
    """The menu of the human's turn, in a fixed order, as a tuple of shared move objects.

    Drafts (face then colour order), experiments, artifacts, face-up objectives,
    ending the turn, and finishing the round when that is allowed.
    """
    board = state.board
    drafts = _drafts(board.bowls)  # empty exactly when the bowls are
    drafted_all = state.human_dice >= DICE_PER_ROUND
    # The menu is a concatenation of parts, each cached on the little it depends on: a draft changes
    # only the drafts, a take only its area or offer, so most parts are found again even when the
    # whole board is new (a cache of whole menus missed about half the time in random playouts).
    menu: tuple[Any, ...] = (
        (() if drafted_all else drafts) + _experiments(board.areas) + _artifacts(board.offers)
    )
    if state.objectives_enabled:
        menu += _completions(tuple(s.face_up for s in board.objectives))
    return menu + (_END_BOTH if drafted_all or not drafts else _END_ONLY)


_END_ONLY = (_END_TURN,)
_END_BOTH = (_END_TURN, _END_ROUND)


@functools.lru_cache(maxsize=4096)  # immutable keys, tuples of shared frozen moves
def _drafts(bowls: Bowls) -> tuple[HumanDraftDie, ...]:
    return tuple(_DRAFT[fi][ci] for fi, counts in enumerate(bowls) for ci in range(3) if counts[ci])


@functools.lru_cache(maxsize=4096)
def _experiments(areas: Areas) -> tuple[HumanTakeExperiment, ...]:
    return tuple(_take_experiment(FACES[fi], e) for fi, ids in enumerate(areas) for e in ids)


@functools.lru_cache(maxsize=4096)
def _artifacts(offers: Offers) -> tuple[HumanTakeArtifact, ...]:
    return tuple(_take_artifact(COLOURS[ci], a) for ci, ids in enumerate(offers) for a in ids)


@functools.lru_cache(maxsize=64)
def _completions(up: tuple[bool, ...]) -> tuple[HumanCompleteObjective, ...]:
    return tuple(_COMPLETE[i] for i, face_up in enumerate(up) if face_up)


def layout_from_pack(pack: Pack) -> BonusLayout:
    """The pack's bonus spaces in ELEMENTS order."""
    return tuple(pack.track[e].bonus_spaces for e in ELEMENTS)
