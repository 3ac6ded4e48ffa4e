"""Moves: the human's reports (decisions of player 0) and the chance outcomes.

The human's moves are not game decisions: they mirror what happened on the
table (spec 1.3).  The automa makes no free choices, so it has no moves of its
own; its turns are resolved by the engine when a card is drawn.

Board data inside moves and states is stored in canonical orders (see
``vocabulary``):

* ``Bowls``: six ``(red, white, black)`` dice counts, one per face in ``FACES`` order;
* ``Areas``: six tuples of experiment ids in slot order, one per face in ``FACES`` order;
* ``Offers``: three tuples of artifact ids in slot order, one per colour in ``COLOURS`` order;
* ``BonusLayout``: four tuples of ``BonusSpace``, one per element in ``ELEMENTS`` order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal, NoReturn, TypeAlias

import attrs

from tabletop_rules.core.errors import IllegalMoveError
from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.core.jsonio import brief
from tabletop_rules.trismaugistus.content.records import BonusSpace
from tabletop_rules.trismaugistus.vocabulary import Colour, Element, Face

__all__ = [
    "MAX_REPORTED_SCORE",
    "Areas",
    "ArtifactDie",
    "BonusLayout",
    "Bowls",
    "CardDrawn",
    "ChanceOutcome",
    "HumanCompleteObjective",
    "HumanDraftDie",
    "HumanEndTurn",
    "HumanTakeArtifact",
    "HumanTakeExperiment",
    "MasterpieceDrawn",
    "Move",
    "ObjectiveDie",
    "ObjectiveDieRaw",
    "ObjectiveSlot",
    "Offers",
    "Report",
    "ReportBoard",
    "ReportFinalScore",
    "Setup",
    "check_shape",
]

Bowls: TypeAlias = tuple[tuple[int, int, int], ...]
Areas: TypeAlias = tuple[tuple[str, ...], ...]
Offers: TypeAlias = tuple[tuple[str, ...], ...]
BonusLayout: TypeAlias = tuple[tuple[BonusSpace, ...], ...]

MAX_REPORTED_SCORE: Final = 9999
"""The largest human score `ReportFinalScore` accepts (real games end near 100 points)."""


@attrs.frozen
class ObjectiveSlot:
    """One card of the objective row (T-OBJ-1): its id, whether it is face up, and its yellow cubes."""

    card_id: str
    face_up: bool = True
    cubes: int = 0


@attrs.frozen
class Setup:
    """The game's setup, as chosen at the table (T-SETUP, spec 1.3).

    ``starting_experiment`` and ``starting_artifact`` are the cards the human
    rejected (T-SETUP-6).  ``tiebreak_track`` is needed only when the artifact
    does not show exactly one elemental symbol (T-RULING-2).  With objectives,
    ``objective_row`` lists the 4 revealed objective ids left to right (T-OBJ-1).
    """

    difficulty: int
    objectives_enabled: bool
    starting_experiment: str
    starting_artifact: str
    tiebreak_track: Element | None = None
    objective_row: tuple[str, ...] = ()
    masterpieces_unavailable: tuple[str, ...] = ()
    bonus_layout: BonusLayout | None = None
    objective_purple_ids: tuple[str, ...] | None = None


@attrs.frozen
class ReportBoard:
    """The human reports the board; each field given replaces that part of the mirror.

    ``reason`` says why: ``"round_start"`` (the roll of a new round, with
    ``bowls``; accepted only before the round's first turn), ``"refill"`` or
    ``"correction"`` (during a round, between turns), or ``None``: whichever
    the flow is at (the roll at the start of a round, else a correction).
    The menu of ``legal_moves`` always names the reason.
    """

    bowls: Bowls | None = None
    experiment_areas: Areas | None = None
    artifact_offers: Offers | None = None
    objective_row: tuple[ObjectiveSlot, ...] | None = None
    bonus_layout: BonusLayout | None = None
    reason: Literal["round_start", "refill", "correction"] | None = None


@attrs.frozen
class HumanDraftDie:
    """The human took a die of ``face`` and ``colour`` from its bowl."""

    face: Face
    colour: Colour


@attrs.frozen
class HumanTakeExperiment:
    """The human took ``experiment_id`` from the experiment area of ``face``."""

    face: Face
    experiment_id: str


@attrs.frozen
class HumanTakeArtifact:
    """The human took ``artifact_id`` from the offer of ``colour``."""

    colour: Colour
    artifact_id: str


@attrs.frozen
class HumanCompleteObjective:
    """The human completed the objective at ``position`` (1-4) and turned it face down (T-OBJ-3)."""

    position: int


@attrs.frozen
class HumanEndTurn:
    """The human ends their turn; ``finished_round`` when they used up their third die of the round."""

    finished_round: bool = False


@attrs.frozen
class ReportFinalScore:
    """The human's own final score, reported once the game is over (the automa's total is known).

    The human scores by the base game's rules, on the table; the engine only
    compares the two totals (`rules.outcome`, `rules.returns`).  ``points`` is
    an ``int`` from 0 to `MAX_REPORTED_SCORE`.  It is accepted once, on the
    finished game, and no menu offers it (a terminal state has no legal moves).
    """

    points: int


@attrs.frozen
class CardDrawn:
    """Chance C-1: the automa card turned up (T-TURN-1)."""

    card_id: str


@attrs.frozen
class ObjectiveDie:
    """Chance C-2: the black die pointed to the objective at ``position`` (T-OBJ-4)."""

    position: int


@attrs.frozen
class ObjectiveDieRaw:
    """The black die's raw value (1-6) as rolled at the table; a value pointing nowhere is a re-roll."""

    value: int


@attrs.frozen
class MasterpieceDrawn:
    """Chance C-3: the masterpiece the automa drew at final scoring (T-SCORE-1)."""

    masterpiece_id: str


@attrs.frozen
class ArtifactDie:
    """Chance C-4 (only with ``artifact_choice="roll_d6"``): the artifact slot (1 or 2) the die chose."""

    slot: int


Report: TypeAlias = (
    Setup
    | ReportBoard
    | HumanDraftDie
    | HumanTakeExperiment
    | HumanTakeArtifact
    | HumanCompleteObjective
    | HumanEndTurn
    | ReportFinalScore
)
ChanceOutcome: TypeAlias = CardDrawn | ObjectiveDie | ObjectiveDieRaw | MasterpieceDrawn | ArtifactDie
Move: TypeAlias = Report | ChanceOutcome


# --- the shape of a move: exact types, before any rule looks at it -----------------------------------

MAX_MOVE_ITEMS: Final = 64
"""The most ids a tuple field of a move may hold (a row, an area, an offer, a track's bonuses)."""
MAX_NAME_CHARS: Final = 64
"""The longest text field of a move (an id, a face, a colour, a reason): pack ids have at most 64."""


def _name_ok(value: Any) -> bool:
    return type(value) is str and len(value) <= MAX_NAME_CHARS


def _malformed(move: Any, field: str, wanted: str) -> NoReturn:
    value = getattr(move, field, None)
    raise IllegalMoveError(
        f"{type(move).__name__}.{field} must be {wanted}, not {brief(value)} ({type(value).__name__});"
        " this is not a well-formed Trismaugistus move"
    )


def _ids_ok(value: Any, *, optional: bool = False) -> bool:
    if value is None:
        return optional
    return type(value) is tuple and len(value) <= MAX_MOVE_ITEMS and all(_name_ok(x) for x in value)


def _layout_ok(value: Any) -> bool:
    return value is None or (
        type(value) is tuple
        and len(value) <= MAX_MOVE_ITEMS
        and all(
            type(spaces) is tuple
            and len(spaces) <= MAX_MOVE_ITEMS
            and all(type(s) is BonusSpace and type(s.level) is int and _name_ok(s.kind) for s in spaces)
            for spaces in value
        )
    )


def _groups_ok(value: Any) -> bool:
    return value is None or (
        type(value) is tuple and len(value) <= MAX_MOVE_ITEMS and all(_ids_ok(x) for x in value)
    )


def _bowls_ok(value: Any) -> bool:
    return value is None or (
        type(value) is tuple
        and len(value) <= MAX_MOVE_ITEMS
        and all(type(c) is tuple and len(c) <= 3 and all(type(n) is int for n in c) for c in value)
    )


def _slots_ok(value: Any) -> bool:
    return value is None or (
        type(value) is tuple
        and len(value) <= MAX_MOVE_ITEMS
        and all(
            type(s) is ObjectiveSlot
            and _name_ok(s.card_id)
            and type(s.face_up) is bool
            and type(s.cubes) is int
            for s in value
        )
    )


def check_shape(move: Any) -> None:
    """Check that every field of ``move`` has its exact type (``int`` is never a ``bool``, a float, a
    numpy integer or a subclass; ``str`` never a subclass; tuples hold the right elements).

    Values are checked by the rules afterwards (a difficulty of 7 is well formed but illegal).

    Raises:
        IllegalMoveError: naming the first field of the wrong type (a move of this game, but not one
            that can be applied anywhere, as before this check existed).
    """
    kind = type(move)
    if kind is Setup:
        if type(move.difficulty) is not int:
            _malformed(move, "difficulty", "an int")
        if type(move.objectives_enabled) is not bool:
            _malformed(move, "objectives_enabled", "a bool")
        for name in ("starting_experiment", "starting_artifact"):
            if not _name_ok(getattr(move, name)):
                _malformed(move, name, f"an id (a str of at most {MAX_NAME_CHARS} characters)")
        if move.tiebreak_track is not None and not _name_ok(move.tiebreak_track):
            _malformed(move, "tiebreak_track", "a track name or None")
        for name in ("objective_row", "masterpieces_unavailable"):
            if not _ids_ok(getattr(move, name)):
                _malformed(move, name, f"a tuple of at most {MAX_MOVE_ITEMS} ids")
        if not _ids_ok(move.objective_purple_ids, optional=True):
            _malformed(move, "objective_purple_ids", "a tuple of ids or None")
        if not _layout_ok(move.bonus_layout):
            _malformed(
                move, "bonus_layout", "a tuple of tuples of BonusSpace(level: int, kind: str), or None"
            )
    elif kind is ReportBoard:
        if not _bowls_ok(move.bowls):
            _malformed(move, "bowls", "a tuple of (red, white, black) int counts, or None")
        for name in ("experiment_areas", "artifact_offers"):
            if not _groups_ok(getattr(move, name)):
                _malformed(move, name, "a tuple of tuples of ids, or None")
        if not _slots_ok(move.objective_row):
            _malformed(move, "objective_row", "a tuple of ObjectiveSlot(str, bool, int), or None")
        if not _layout_ok(move.bonus_layout):
            _malformed(
                move, "bonus_layout", "a tuple of tuples of BonusSpace(level: int, kind: str), or None"
            )
        if move.reason is not None and not _name_ok(move.reason):
            _malformed(move, "reason", "a reason (str) or None")
    elif kind is HumanEndTurn:
        if type(move.finished_round) is not bool:
            _malformed(move, "finished_round", "a bool")
    else:
        for field in attrs.fields(kind):
            wanted = _FIELD_TYPES.get(field.name)
            value = getattr(move, field.name)
            if wanted is not None and type(value) is not wanted:
                _malformed(move, field.name, f"a {wanted.__name__}")
            if wanted is str and len(value) > MAX_NAME_CHARS:
                _malformed(move, field.name, f"a name of at most {MAX_NAME_CHARS} characters")


_FIELD_TYPES: Final[Mapping[str, type]] = frozen_mapping(
    {
        "face": str,
        "colour": str,
        "experiment_id": str,
        "artifact_id": str,
        "card_id": str,
        "masterpiece_id": str,
        "position": int,
        "value": int,
        "slot": int,
        "points": int,
    }
)
