"""Chrononauts (Looney Labs, 136-card edition), with Artifaxx and Solonauts as variants.

A card game of time travel: players flip linchpins of a 32-card TimeLine,
patch the paradoxes that ripple out, collect Artifacts and race to win by going
home (ID), completing their Mission or holding ten cards, before the 13th open
paradox destroys the universe.  The module satisfies
`tabletop_rules.core.ImperfectInformationGame`::

    from tabletop_rules import chrononauts
    from tabletop_rules.core import random_playout

    state = chrononauts.new_game(players=4)
    game = random_playout(chrononauts, seed=7, initial=state)
    print(chrononauts.describe(game.final))

Every draw, deal and shuffle is a chance node with exact probabilities; the
rules never draw random numbers.  Rulings and variants are fields of `Options`;
card facts come from a checked `CardSet` (`default_cards`, `load_cards`).
Rules clauses (``C-...``) refer to the project's Chrononauts specification.
This module only re-exports: the rules are in `rules`, the records in `moves`,
`state` and `content`.
"""

from __future__ import annotations

from typing import Final

from tabletop_rules.chrononauts.actions import (
    action_to_move,
    chance_to_move,
    max_game_length,
    move_to_action,
    move_to_chance,
    num_actions,
    num_chance_outcomes,
)
from tabletop_rules.chrononauts.content import (
    MAX_CONTENT_CHARS,
    CardSet,
    cards_from_dict,
    cards_from_json,
    cards_to_dict,
    default_cards,
    load_cards,
    provenance_markdown,
)
from tabletop_rules.chrononauts.determinize import resample_from_infostate
from tabletop_rules.chrononauts.history import Event, History
from tabletop_rules.chrononauts.moves import (
    Deal,
    Declare,
    Discard,
    Draw,
    FirstPlayer,
    KillTime,
    Memo,
    Move,
    Mulligan,
    Pass,
    Play,
)
from tabletop_rules.chrononauts.notation import MAX_MOVE_TEXT, move_to_str, parse_move
from tabletop_rules.chrononauts.options import VARIANTS, Options
from tabletop_rules.chrononauts.render import render_svg
from tabletop_rules.chrononauts.rules import (
    RULES_VERSION,
    apply,
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
from tabletop_rules.chrononauts.schemas import json_schema
from tabletop_rules.chrononauts.serialization import (
    FORMAT_VERSION,
    MAX_JSON_CHARS,
    from_json,
    state_from_dict,
    state_to_dict,
    to_json,
)
from tabletop_rules.chrononauts.state import OPEN, TRUE, QueueEntry, Result, State
from tabletop_rules.chrononauts.tensors import (
    information_state_tensor,
    information_state_tensor_size,
    observation_tensor,
    observation_tensor_size,
)
from tabletop_rules.chrononauts.validation import validate
from tabletop_rules.chrononauts.views import (
    View,
    describe,
    information_state_string,
    observation,
    view_to_json,
)
from tabletop_rules.chrononauts.wire import events_since, move_from_json, move_to_json, view_json
from tabletop_rules.core.deprecation import renamed_names
from tabletop_rules.core.protocol import GameInfo
from tabletop_rules.core.svg import register_renderer

__all__ = [
    "FORMAT_VERSION",
    "GAME_INFO",
    "MAX_CONTENT_CHARS",
    "MAX_JSON_CHARS",
    "MAX_MOVE_TEXT",
    "OPEN",
    "RULES_VERSION",
    "TRUE",
    "VARIANTS",
    "CardSet",
    "Deal",
    "Declare",
    "Discard",
    "Draw",
    "Event",
    "FirstPlayer",
    "History",
    "KillTime",
    "Memo",
    "Move",
    "Mulligan",
    "Options",
    "Pass",
    "Play",
    "QueueEntry",
    "Result",
    "State",
    "View",
    "action_to_move",
    "apply",
    "cards_from_dict",
    "cards_from_json",
    "cards_to_dict",
    "chance_outcomes",
    "chance_to_move",
    "check_move",
    "current_player",
    "default_cards",
    "describe",
    "events_since",
    "from_json",
    "information_state_string",
    "information_state_tensor",
    "information_state_tensor_size",
    "is_legal",
    "is_terminal",
    "json_schema",
    "legal_moves",
    "load_cards",
    "max_game_length",
    "move_from_json",
    "move_to_action",
    "move_to_chance",
    "move_to_json",
    "move_to_str",
    "new_game",
    "num_actions",
    "num_chance_outcomes",
    "observation",
    "observation_tensor",
    "observation_tensor_size",
    "outcome",
    "parse_move",
    "provenance_markdown",
    "render_svg",
    "resample_from_infostate",
    "returns",
    "state_from_dict",
    "state_to_dict",
    "to_json",
    "validate",
    "view_json",
    "view_to_json",
]

GAME_INFO: Final = GameInfo(
    name="chrononauts",
    title="Chrononauts",
    min_players=1,  # Solonauts; the full game is 2-6 and Artifaxx 2-4
    max_players=10,  # with allow_extra_players (C-RULING-37)
    chance=True,
    perfect_information=False,
    zero_sum=False,
    version=RULES_VERSION,
)

__getattr__ = renamed_names(__name__, {"RulesConfig": "Options", "VERSION": "RULES_VERSION"}, globals())

register_renderer(State, render_svg)  # State._repr_svg_ draws through core.svg's registry
