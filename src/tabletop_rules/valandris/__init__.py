"""Valandris: a two-player pursuit game on three nested Platonic skeletons.

The Holy Spirit (player 0) moves the Leviathan, the Unicorn and the Archangel,
each with a special power, to capture the demon Valandris (player 1), who
flees up to two steps a turn across all three worlds.  Valandris scores the
number of the Holy Spirit turn in which he is captured.  Perfect information,
with one chance element: a d12 that may remove a seal when the Leviathan or the
Archangel crosses worlds.

This module satisfies `tabletop_rules.core.Game`::

    >>> from tabletop_rules import valandris
    >>> state = valandris.from_position(leviathan="A0", unicorn="E0", archangel="H0",
    ...     valandris="H19", seals=["E5", "E6", "E7", "E8", "E9"], declared="archangel")
    >>> [valandris.move_to_str(state, m) for m in valandris.legal_moves(state)][:3]
    ['L A0-A1', 'L A0-A4', 'L A0-A5']

The rules follow the spec's rulings by default; pass an `Options` (or a dict of
its fields) to `new_game` to change them.
"""

from __future__ import annotations

from typing import Final

from tabletop_rules.core.deprecation import renamed_names
from tabletop_rules.core.protocol import GameInfo
from tabletop_rules.core.svg import register_renderer
from tabletop_rules.valandris.actions import (
    CHANCE_OUTCOMES,
    NUM_ACTIONS,
    action_to_move,
    chance_to_move,
    max_game_length,
    move_to_action,
    move_to_chance,
    num_actions,
    num_chance_outcomes,
)
from tabletop_rules.valandris.board import BOARD, CREATURES, NAMES, Board, Piece, World, vertex_index
from tabletop_rules.valandris.moves import (
    Cross,
    Declare,
    DemonMove,
    Fly,
    Jump,
    Move,
    NoSeal,
    Place,
    Roll,
    Seal,
    Stay,
    Step,
)
from tabletop_rules.valandris.notation import MAX_MOVE_TEXT, move_to_str, parse_move
from tabletop_rules.valandris.options import Options
from tabletop_rules.valandris.positions import from_position
from tabletop_rules.valandris.render import render_svg
from tabletop_rules.valandris.rules import (
    RULES_VERSION,
    apply,
    chance_outcomes,
    check_move,
    current_player,
    demon_destinations,
    face_vertex,
    is_legal,
    is_terminal,
    legal_moves,
    new_game,
    outcome,
    returns,
)
from tabletop_rules.valandris.schemas import json_schema
from tabletop_rules.valandris.serialization import (
    FORMAT_VERSION,
    MAX_JSON_CHARS,
    from_json,
    state_from_dict,
    state_to_dict,
    to_json,
)
from tabletop_rules.valandris.state import HOLY_SPIRIT, VALANDRIS, Phase, State, seal_mask
from tabletop_rules.valandris.symmetry import transform_move, transform_state
from tabletop_rules.valandris.tensors import observation_tensor, observation_tensor_size
from tabletop_rules.valandris.validation import validate
from tabletop_rules.valandris.views import describe, describe_phase
from tabletop_rules.valandris.wire import events_since, move_from_json, move_to_json, view_json

__all__ = [
    "BOARD",
    "CHANCE_OUTCOMES",
    "CREATURES",
    "FORMAT_VERSION",
    "GAME_INFO",
    "HOLY_SPIRIT",
    "MAX_JSON_CHARS",
    "MAX_MOVE_TEXT",
    "NAMES",
    "NUM_ACTIONS",
    "RULES_VERSION",
    "VALANDRIS",
    "Board",
    "Cross",
    "Declare",
    "DemonMove",
    "Fly",
    "Jump",
    "Move",
    "NoSeal",
    "Options",
    "Phase",
    "Piece",
    "Place",
    "Roll",
    "Seal",
    "State",
    "Stay",
    "Step",
    "World",
    "action_to_move",
    "apply",
    "chance_outcomes",
    "chance_to_move",
    "check_move",
    "current_player",
    "demon_destinations",
    "describe",
    "describe_phase",
    "events_since",
    "face_vertex",
    "from_json",
    "from_position",
    "is_legal",
    "is_terminal",
    "json_schema",
    "legal_moves",
    "max_game_length",
    "move_from_json",
    "move_to_action",
    "move_to_chance",
    "move_to_json",
    "move_to_str",
    "new_game",
    "num_actions",
    "num_chance_outcomes",
    "observation_tensor",
    "observation_tensor_size",
    "outcome",
    "parse_move",
    "render_svg",
    "returns",
    "seal_mask",
    "state_from_dict",
    "state_to_dict",
    "to_json",
    "transform_move",
    "transform_state",
    "validate",
    "vertex_index",
    "view_json",
]

GAME_INFO: Final = GameInfo(
    name="valandris",
    title="Valandris",
    min_players=2,
    max_players=2,
    chance=True,
    perfect_information=True,
    zero_sum=True,
    version=RULES_VERSION,
    seat_names=("Holy Spirit", "Valandris"),
)

__getattr__ = renamed_names(__name__, {"Rules": "Options"}, globals())

register_renderer(State, render_svg)  # State._repr_svg_ draws through core.svg's registry
