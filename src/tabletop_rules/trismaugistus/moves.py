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

from typing import Final, Literal, TypeAlias

import attrs

from tabletop_rules.core.codecs import Array, Integer, Text, fixed, optional, record_codec
from tabletop_rules.core.shapes import move_shapes
from tabletop_rules.trismaugistus.content.loader import ID_PATTERN
from tabletop_rules.trismaugistus.content.records import BonusSpace
from tabletop_rules.trismaugistus.vocabulary import (
    COLOURS,
    CUBES_TO_SCORE,
    ELEMENTS,
    FACES,
    MAX_BOWL,
    OBJECTIVE_ROW_SIZE,
    Colour,
    Element,
    Face,
)

__all__ = [
    "MAX_ID_CHARS",
    "MAX_LEVEL",
    "MAX_LIST",
    "MAX_REPORTED_SCORE",
    "SHAPES",
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


# --- the exact shape of a move: field types and bounds, before any rule reads them ---------------
# The library's one check of a move object (`core.codecs.MoveShapes`) reads these codecs; the move
# JSON of `wire.py` is derived from the same ones. Values are checked by the rules afterwards (an
# experiment id that is not on the board is well formed but not legal).

MAX_ID_CHARS: Final = 200
"""The longest pack id a move may name."""
MAX_LIST: Final = 1000
"""The most ids a list of a report may hold (an area, an offer, the unavailable masterpieces)."""
MAX_LEVEL: Final = 10_000
"""The highest track level a bonus space of a report may name."""


def _ids(what: str, table: str) -> Text:
    """A pack id's codec; the JSON decoder also checks it is an id of `table` in the state's pack."""
    return Text(MAX_ID_CHARS, ID_PATTERN.pattern, lambda s: getattr(s.pack, table), what)


EXPERIMENT: Final = _ids("experiment id of the pack", "experiment")
ARTIFACT: Final = _ids("artifact id of the pack", "artifact")
OBJECTIVE: Final = _ids("objective id of the pack", "objective")
MASTERPIECE: Final = _ids("masterpiece id of the pack", "masterpiece")
CARD: Final = _ids("automa card id of the pack", "card")
BONUS_LAYOUT: Final = optional(
    fixed(
        tuple(
            Array(record_codec(BonusSpace, fields={"BonusSpace.level": Integer(1, MAX_LEVEL)}), 0, MAX_LEVEL)
            for _ in ELEMENTS
        )
    )
)
SLOT: Final = record_codec(
    ObjectiveSlot,
    fields={"ObjectiveSlot.card_id": OBJECTIVE, "ObjectiveSlot.cubes": Integer(0, CUBES_TO_SCORE)},
)
SHAPES: Final = move_shapes(
    "Trismaugistus",
    (
        Setup,
        ReportBoard,
        HumanDraftDie,
        HumanTakeExperiment,
        HumanTakeArtifact,
        HumanCompleteObjective,
        HumanEndTurn,
        CardDrawn,
        ObjectiveDie,
        ObjectiveDieRaw,
        MasterpieceDrawn,
        ArtifactDie,
        ReportFinalScore,
    ),
    fields={
        "Setup.difficulty": Integer(1, 3),
        "Setup.starting_experiment": EXPERIMENT,
        "Setup.starting_artifact": ARTIFACT,
        "Setup.objective_row": Array(OBJECTIVE, 0, OBJECTIVE_ROW_SIZE, unique=True),
        "Setup.masterpieces_unavailable": Array(MASTERPIECE, 0, MAX_LIST, unique=True),
        "Setup.bonus_layout": BONUS_LAYOUT,
        "Setup.objective_purple_ids": optional(Array(CARD, 0, OBJECTIVE_ROW_SIZE, unique=True)),
        "ReportBoard.bowls": optional(
            fixed(tuple(fixed((Integer(0, MAX_BOWL),) * len(COLOURS)) for _ in FACES))
        ),
        "ReportBoard.experiment_areas": optional(fixed(tuple(Array(EXPERIMENT, 0, MAX_LIST) for _ in FACES))),
        "ReportBoard.artifact_offers": optional(fixed(tuple(Array(ARTIFACT, 0, MAX_LIST) for _ in COLOURS))),
        "ReportBoard.objective_row": optional(Array(SLOT, 0, OBJECTIVE_ROW_SIZE)),
        "ReportBoard.bonus_layout": BONUS_LAYOUT,
        "HumanTakeExperiment.experiment_id": EXPERIMENT,
        "HumanTakeArtifact.artifact_id": ARTIFACT,
        "HumanCompleteObjective.position": Integer(1, OBJECTIVE_ROW_SIZE),
        "CardDrawn.card_id": CARD,
        "ObjectiveDie.position": Integer(1, OBJECTIVE_ROW_SIZE),
        "ObjectiveDieRaw.value": Integer(1, 6),
        "MasterpieceDrawn.masterpiece_id": MASTERPIECE,
        "ArtifactDie.slot": Integer(1, 2),
        "ReportFinalScore.points": Integer(0, MAX_REPORTED_SCORE),
    },
)
"""The exact shape of every Trismaugistus move (`core.codecs.MoveShapes`): classes, field types, bounds."""


def check_shape(move: object) -> None:
    """Check that ``move`` is exactly a move of this game: its class, and every field of its exact
    type (an ``int`` is never a ``bool``, a float, a numpy integer or a subclass; a ``str`` never a
    subclass; tuples hold the right items) within its bounds (`SHAPES`).

    Values are checked by the rules afterwards (an id that is not on the board is well formed but
    not legal).

    Raises:
        InvalidMoveError: naming the class or the first field that is not of its shape.
    """
    SHAPES.check(move)
