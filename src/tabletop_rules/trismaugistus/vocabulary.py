"""The game's vocabulary: elements, faces, colours, card kinds, and the seed's constants.

Everything here is a plain string literal, so records read naturally in JSON and
in notation.  The orders below are the orders the seed prints (die choice
ranks) or the canonical orders the engine uses to store per-face and
per-colour data in tuples.
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

__all__ = [
    "ACTION_KINDS",
    "ALL_AREAS_ORDER",
    "BONUS_KINDS",
    "COLOURS",
    "COLOUR_INDEX",
    "COLOUR_RANK",
    "DECKS",
    "ELEMENTS",
    "ELEMENT_INDEX",
    "ETHER_BEFORE_ROUND",
    "FACES",
    "FACE_INDEX",
    "FORMULA_COSTS",
    "OBJECTIVE_PURPLE_COUNT",
    "OBJECTIVE_ROW_SIZE",
    "REPEAT_TYPE_GOLD",
    "ROUNDS",
    "STARTING_ETHER",
    "SYMBOLS",
    "SYMBOL_RANK",
    "SYMBOL_VP",
    "ActionKind",
    "BonusKind",
    "Colour",
    "Deck",
    "Element",
    "Face",
    "Side",
    "Symbol",
]

Element: TypeAlias = Literal["earth", "fire", "water", "air"]
Symbol: TypeAlias = Literal["lead", "tin", "iron", "copper", "mercury"]
Face: TypeAlias = Literal["lead", "tin", "iron", "copper", "mercury", "wild"]
Colour: TypeAlias = Literal["red", "white", "black"]
Deck: TypeAlias = Literal["purple", "green", "yellow"]
BonusKind: TypeAlias = Literal["ether_die", "vp_5", "advance_nearest"]
ActionKind: TypeAlias = Literal[
    "take_experiment", "advance_nearest", "take_artifact", "gain_gold", "advance_track", "gain_vp"
]
Side: TypeAlias = Literal["human", "automa"]

ELEMENTS: Final[tuple[Element, ...]] = ("earth", "fire", "water", "air")
"""Canonical element order: per-track data in states is stored in this order (not the board order)."""

SYMBOLS: Final[tuple[Symbol, ...]] = ("lead", "tin", "iron", "copper", "mercury")
FACES: Final[tuple[Face, ...]] = ("lead", "tin", "iron", "copper", "mercury", "wild")
"""Canonical face order: bowls and experiment areas are stored in this order."""

COLOURS: Final[tuple[Colour, ...]] = ("red", "white", "black")
"""Canonical colour order: dice counts in a bowl and artifact offers are stored in this order."""

DECKS: Final[tuple[Deck, ...]] = ("purple", "green", "yellow")
BONUS_KINDS: Final[tuple[BonusKind, ...]] = ("ether_die", "vp_5", "advance_nearest")
ACTION_KINDS: Final[tuple[ActionKind, ...]] = (
    "take_experiment",
    "advance_nearest",
    "take_artifact",
    "gain_gold",
    "advance_track",
    "gain_vp",
)

COLOUR_RANK: Final[dict[str, int]] = {"black": 0, "white": 1, "red": 2}
"""T-DIE-5: a choice between colours goes black, then white, then red."""

SYMBOL_RANK: Final[dict[str, int]] = {"iron": 0, "mercury": 1, "tin": 2, "copper": 3, "lead": 4, "wild": 5}
"""T-DIE-6: a choice between symbols goes iron, mercury, tin, copper, lead (wild, unranked, last)."""

ALL_AREAS_ORDER: Final[tuple[Face, ...]] = ("iron", "mercury", "tin", "copper", "lead", "wild")
"""T-RULING-12/13: the order in which all experiment areas are joined."""

# Seed constants (spec table 3.2); indexed by difficulty 1, 2, 3.
ROUNDS: Final = 3  # B-1
DICE_PER_ROUND: Final = 3  # B-1
STARTING_ETHER: Final = 1  # T-SETUP-4
ETHER_BEFORE_ROUND: Final[dict[int, int]] = {2: 2, 3: 3}  # T-ROUND-1, T-ROUND-2
REPEAT_TYPE_GOLD: Final[dict[int, int]] = {1: 1, 2: 1, 3: 2}  # T-ACT-4
SYMBOL_VP: Final[dict[int, int]] = {1: 2, 2: 3, 3: 4}  # T-SCORE-3
OBJECTIVE_PURPLE_COUNT: Final[dict[int, int]] = {1: 3, 2: 4, 3: 4}  # T-OBJ-2
FORMULA_COSTS: Final[tuple[int, ...]] = (1, 2, 3, 4)  # T-SCORE-4, T-RULING-22
OBJECTIVE_ROW_SIZE: Final = 4  # T-OBJ-1
MAX_POTENCY: Final = 5  # B-4, B-5
MAX_BOWL: Final = 5  # B-3
CUBES_TO_SCORE: Final = 3  # T-OBJ-6

FACE_INDEX: Final[dict[str, int]] = {f: i for i, f in enumerate(FACES)}
"""The index of each face in `FACES` (bowls and areas are stored in that order)."""
COLOUR_INDEX: Final[dict[str, int]] = {c: i for i, c in enumerate(COLOURS)}
"""The index of each colour in `COLOURS` (dice counts and offers are stored in that order)."""
ELEMENT_INDEX: Final[dict[str, int]] = {e: i for i, e in enumerate(ELEMENTS)}
"""The index of each element in `ELEMENTS` (levels and bonus layouts are stored in that order)."""
