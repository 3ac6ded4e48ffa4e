"""The shared protocol every game implements, its errors, and generic helpers.

Core imports no game; games import core and never each other.
"""

from tabletop_rules.core.errors import (
    AmbiguousMoveError,
    GameNotOverError,
    IllegalMoveError,
    InvalidContentError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidRequestError,
    InvalidStateError,
    TabletopRulesError,
)
from tabletop_rules.core.frozen import evolve, frozen_mapping
from tabletop_rules.core.options import GameOptions, int_option
from tabletop_rules.core.playout import (
    Agent,
    Playout,
    WeightedOutcomes,
    random_agent,
    random_playout,
    sample_chance,
    sample_outcome,
)
from tabletop_rules.core.protocol import (
    CHANCE,
    Actor,
    ChanceType,
    Game,
    GameInfo,
    ImperfectInformationGame,
)
from tabletop_rules.core.records import make_record, record_playout, replay, state_hash

__all__ = [
    "CHANCE",
    "Actor",
    "Agent",
    "AmbiguousMoveError",
    "ChanceType",
    "Game",
    "GameInfo",
    "GameNotOverError",
    "GameOptions",
    "IllegalMoveError",
    "ImperfectInformationGame",
    "InvalidContentError",
    "InvalidMoveError",
    "InvalidOptionError",
    "InvalidRequestError",
    "InvalidStateError",
    "Playout",
    "TabletopRulesError",
    "WeightedOutcomes",
    "evolve",
    "frozen_mapping",
    "int_option",
    "make_record",
    "random_agent",
    "random_playout",
    "record_playout",
    "replay",
    "sample_chance",
    "sample_outcome",
    "state_hash",
]
