"""Trismaugistus: the fan-made automa for *Trismegistus: The Ultimate Formula*, on the shared protocol.

The engine plays the automa completely (setup at difficulty 1-3, every turn,
rounds, the objectives module, the six-step final scoring).  The human plays
their own rules on the physical board and reports the changes they cause as
moves of player 0 (spec section 1.3); the automa's card draws, the black die,
the optional artifact die and the masterpiece draw are chance nodes with exact
probabilities.  Every automa step leaves a readable, clause-tagged trace on
the state.

Content (automa cards, tracks, experiments ...) comes from a content pack.
Only a **fictional** example pack is bundled; owners transcribe their own
(``python -m tabletop_rules.trismaugistus pack template|validate|show``).

    >>> from tabletop_rules import trismaugistus as tm
    >>> state = tm.new_game()
    >>> state = tm.apply(state, tm.parse_move(state, "setup d2 exp=FX-S2 art=FX-AS3"))
    >>> state.automa.levels, state.automa.tiebreak_track
    ((0, 0, 1, 0), 'earth')

Reliability and interoperability: `validate` checks every invariant of a
state (``from_json`` and the conformance suite run it); `outcome` summarises a
finished game for `tabletop_rules.simulate`; `tabletop_rules.trismaugistus.actions`
gives every decision and chance outcome a stable integer id (for OpenSpiel).

Returns: the game has one player (the human reporter, player 0); ``returns``
is minus the automa's final score once the game is over (the human's own score
is outside the engine).  `automa_score` gives the score itself.

This module only re-exports the public names of the game's modules (`options`,
`moves`, `state`, `rules`, `notation`, `actions`, `views`, `validation`,
`serialization`, `render`, `content`), defines `GAME_INFO`, and serves the names renamed
in 0.2 with a `DeprecationWarning`.
"""

from __future__ import annotations

from typing import Final

from tabletop_rules.core.deprecation import renamed_names
from tabletop_rules.core.errors import InvalidContentError
from tabletop_rules.core.protocol import GameInfo
from tabletop_rules.core.svg import register_renderer
from tabletop_rules.trismaugistus import pack as pack  # the deprecated module path (its names warn)
from tabletop_rules.trismaugistus.actions import (
    action_to_move,
    chance_to_move,
    max_game_length,
    move_to_action,
    move_to_chance,
    num_actions,
    num_chance_outcomes,
)
from tabletop_rules.trismaugistus.automa_choice import DieChoice, choose_die
from tabletop_rules.trismaugistus.content import (
    MAX_CONTENT_CHARS,
    FictionalPackWarning,
    Pack,
    PackProblem,
    default_pack,
    load_pack,
    pack_from_dict,
    pack_from_json,
    pack_problems,
    pack_template,
    pack_to_dict,
)
from tabletop_rules.trismaugistus.content.loader import checked_pack
from tabletop_rules.trismaugistus.moves import (
    MAX_REPORTED_SCORE,
    ArtifactDie,
    CardDrawn,
    ChanceOutcome,
    HumanCompleteObjective,
    HumanDraftDie,
    HumanEndTurn,
    HumanTakeArtifact,
    HumanTakeExperiment,
    MasterpieceDrawn,
    Move,
    ObjectiveDie,
    ObjectiveDieRaw,
    ObjectiveSlot,
    Report,
    ReportBoard,
    ReportFinalScore,
    Setup,
)
from tabletop_rules.trismaugistus.notation import MAX_MOVE_TEXT, move_to_str, new_game_with_setup, parse_move
from tabletop_rules.trismaugistus.options import RULING_FIELDS, Options
from tabletop_rules.trismaugistus.render import render_svg
from tabletop_rules.trismaugistus.rules import (
    RULES_VERSION,
    apply,
    automa_score,
    chance_outcomes,
    check_move,
    current_player,
    is_legal,
    is_terminal,
    legal_moves,
    new_game,
    outcome,
    returns,
)
from tabletop_rules.trismaugistus.schemas import json_schema
from tabletop_rules.trismaugistus.serialization import (
    FORMAT_VERSION,
    MAX_JSON_CHARS,
    from_json,
    state_from_dict,
    state_to_dict,
    to_json,
)
from tabletop_rules.trismaugistus.state import (
    AutomaState,
    BoardMirror,
    DieOnTracker,
    FinalScore,
    Pending,
    State,
    TraceLine,
)
from tabletop_rules.trismaugistus.tensors import observation_tensor, observation_tensor_size
from tabletop_rules.trismaugistus.trace import format_score, format_trace
from tabletop_rules.trismaugistus.validation import validate
from tabletop_rules.trismaugistus.views import describe, mirror
from tabletop_rules.trismaugistus.wire import events_since, move_from_json, move_to_json, view_json

__all__ = [
    "FORMAT_VERSION",
    "GAME_INFO",
    "MAX_CONTENT_CHARS",
    "MAX_JSON_CHARS",
    "MAX_MOVE_TEXT",
    "MAX_REPORTED_SCORE",
    "RULES_VERSION",
    "RULING_FIELDS",
    "ArtifactDie",
    "AutomaState",
    "BoardMirror",
    "CardDrawn",
    "ChanceOutcome",
    "DieChoice",
    "DieOnTracker",
    "FictionalPackWarning",
    "FinalScore",
    "HumanCompleteObjective",
    "HumanDraftDie",
    "HumanEndTurn",
    "HumanTakeArtifact",
    "HumanTakeExperiment",
    "InvalidContentError",
    "MasterpieceDrawn",
    "Move",
    "ObjectiveDie",
    "ObjectiveDieRaw",
    "ObjectiveSlot",
    "Options",
    "Pack",
    "PackProblem",
    "Pending",
    "Report",
    "ReportBoard",
    "ReportFinalScore",
    "Setup",
    "State",
    "TraceLine",
    "action_to_move",
    "apply",
    "automa_score",
    "chance_outcomes",
    "chance_to_move",
    "check_move",
    "checked_pack",
    "choose_die",
    "current_player",
    "default_pack",
    "describe",
    "events_since",
    "format_score",
    "format_trace",
    "from_json",
    "is_legal",
    "is_terminal",
    "json_schema",
    "legal_moves",
    "load_pack",
    "max_game_length",
    "mirror",
    "move_from_json",
    "move_to_action",
    "move_to_chance",
    "move_to_json",
    "move_to_str",
    "new_game",
    "new_game_with_setup",
    "num_actions",
    "num_chance_outcomes",
    "observation_tensor",
    "observation_tensor_size",
    "outcome",
    "pack_from_dict",
    "pack_from_json",
    "pack_problems",
    "pack_template",
    "pack_to_dict",
    "parse_move",
    "render_svg",
    "returns",
    "state_from_dict",
    "state_to_dict",
    "to_json",
    "validate",
    "view_json",
]

GAME_INFO: Final = GameInfo(
    name="trismaugistus",
    title="Trismaugistus (automa for Trismegistus: The Ultimate Formula)",
    min_players=1,
    max_players=1,
    chance=True,
    perfect_information=True,
    zero_sum=False,
    version=RULES_VERSION,
    seat_names=("Human",),
)

register_renderer(State, render_svg)  # State._repr_svg_ draws through core.svg's registry

__getattr__ = renamed_names(
    __name__,
    {
        "TrismaugistusConfig": "Options",
        "example_pack": "default_pack",
        "PackError": "InvalidContentError",
    },
    globals(),
)
