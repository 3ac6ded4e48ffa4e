"""JSON Schemas (draft 2020-12) of the Chrononauts JSON: the state, a move, a view and a game record.

The schemas are built here from the code they describe: the state schema from the format of
`serialization` (the frames of the stack from their `attrs` records, the options from `Options`),
the move schema from the move records (`wire.MOVES`, by `attrs` introspection), the view schema
from the `views.View` record (`wire.view_schema`), and the record schema from `core.records`.
`scripts/make_schemas.py` writes them to `chrononauts/schemas/{state,move,view,record}.json`,
shipped as package data, and a test checks that the shipped files are the ones the code builds.
`json_schema(kind)` loads one.

A state names the shipped card list (`"cards": "default"`) or embeds a custom one. With the shipped
list, the schema holds its ids, years and copies (`default_cards_schema`); a custom list is only an
object to the schema, and `from_json` checks it with the card-list loader and the state against it.
Every count and list of cards is bounded by the largest card list the loader reads (`MAX_PLAY_DECK`,
`MAX_GOALS`), so a view, which does not say which card list it comes from, is bounded too.

`cards_schema` is the schema of a card list itself (what `content.cards_from_dict` reads, shipped as
`schemas/cards.json`, loaded by `content_json_schema()`), built from the loader's bounds and names.
"""

from __future__ import annotations

import json
import typing
from importlib import resources
from typing import Any, Final

import attrs

from tabletop_rules.chrononauts.actions import SEATS
from tabletop_rules.chrononauts.content import checks as card_checks
from tabletop_rules.chrononauts.content.checks import MAX_ID, MAX_RECORDS
from tabletop_rules.chrononauts.content.loader import SCHEMA_MAJOR, default_cards
from tabletop_rules.chrononauts.content.records import (
    ACTION_EFFECTS,
    DIRECTIONS,
    LABELS,
    RESERVED_IDS,
    TIMEWARP_EFFECTS,
)
from tabletop_rules.chrononauts.frames import FRAME_TYPES
from tabletop_rules.chrononauts.moves import Play
from tabletop_rules.chrononauts.options import VARIANTS, Options
from tabletop_rules.chrononauts.rules import RULES_VERSION
from tabletop_rules.chrononauts.serialization import (
    FORMAT_VERSION,
    FRAME_CHOICES,
    GAME_NAME,
    MAX_COPIES,
    MAX_EXTRA_TURNS,
    MAX_FRAME_NUMBER,
    MAX_OWED,
    MAX_TEXT_CHARS,
    MAX_TURN,
)
from tabletop_rules.chrononauts.state import OPEN, PHASE_NAMES, TRUE
from tabletop_rules.chrononauts.validation import END_CONDITIONS, WIN_CONDITIONS
from tabletop_rules.chrononauts.wire import MOVES as MOVE_WIRE
from tabletop_rules.chrononauts.wire import view_schema
from tabletop_rules.core.wire import (
    MAX_CURSOR,
    SchemaKind,
    load_schema,
    nullable,
    options_schema,
    record_schema,
    schema_document,
)

__all__ = [
    "CARD_ID_PATTERN",
    "MAX_GOALS",
    "MAX_PLAY_DECK",
    "MAX_YEAR",
    "build_content_schemas",
    "build_schemas",
    "cards_schema",
    "content_json_schema",
    "default_cards_schema",
    "json_schema",
    "state_schema",
]

MAX_PLAY_DECK: Final = MAX_COPIES * MAX_RECORDS
"""The largest play deck a card list may have (its ``edition.counts.play_deck`` is at most this, and
the card-list loader checks that the deck adds up to it): no hand, tableau, pile or count of play
cards is larger."""
MAX_GOALS: Final = MAX_RECORDS
"""The most ID (or Mission) cards, and the most ripplepoints or linchpins, a card list may have (one
section's records)."""
CARD_ID_PATTERN: Final = r'[^\s"\\\x00-\x1f\x7f]+'
"""A card id as the card-list loader reads it (`content.checks.read_id`): printable, without spaces,
quotes or backslashes (at most `MAX_ID` characters)."""

_SEAT = {"type": "integer", "minimum": 0, "maximum": SEATS - 1}
_ID = {"type": "string", "minLength": 1, "maxLength": MAX_ID, "pattern": f"^(?:{CARD_ID_PATTERN})$"}
_IDS = {"type": "array", "items": _ID, "maxItems": MAX_PLAY_DECK}  # play cards
_GOAL_IDS = {"type": "array", "items": _ID, "maxItems": MAX_GOALS}  # ID or Mission cards
_ICON = {"type": "string", "minLength": 1, "pattern": "^[^']+$"}  # a linchpin icon: no prime (C-DATA-4)
_TEXT = {"type": "string", "maxLength": MAX_TEXT_CHARS}
_COUNT = {"type": "integer", "minimum": 0, "maximum": MAX_PLAY_DECK}
_SEAT_FIELDS = ("player", "owner", "next_player")
MAX_YEAR: Final = attrs.fields_dict(Options)["ultraparadox_id_cutoff_year"].metadata["range"][1]
"""The bound of year-valued options (the operator overrides' years too)."""


def _frame_field(name: str, hint: Any) -> dict[str, Any]:
    """A frame field as `serialization` writes it (the rules of its reader, by name, then by type)."""
    if name in _SEAT_FIELDS:
        return _SEAT
    if hint is int:
        return {"type": "integer", "minimum": 0, "maximum": MAX_FRAME_NUMBER}
    if name in FRAME_CHOICES:
        return {"enum": list(FRAME_CHOICES[name])}
    if hint is Play:
        return {
            "type": "object",
            "properties": {"card": _ID, "target": {"anyOf": [_ID, _SEAT, {"type": "null"}]}},
            "required": ["card", "target"],
            "additionalProperties": False,
        }
    if name == "eligible":
        return {"type": "array", "items": _SEAT, "maxItems": SEATS}
    if name == "owed":
        return {
            "type": "array",
            "items": {"type": "integer", "minimum": 0, "maximum": MAX_OWED},
            "maxItems": SEATS,
        }
    if name in ("aside", "pool"):
        return _IDS
    if name == "conditions":
        return {"type": "array", "items": {"enum": list(WIN_CONDITIONS)}}
    raise TypeError(f"frame field {name}: {hint!r} has no schema")  # pragma: no cover - a new frame field


def _frame(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    properties: dict[str, Any] = {"frame": {"const": cls.__name__}}
    for field in attrs.fields(cls):
        properties[field.name] = _frame_field(field.name, hints[field.name])
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _options() -> dict[str, Any]:
    """`Options` as a state stores it (the non-default fields), with what the annotations cannot say:
    the operator overrides are ``[year, "and" | "or"]`` pairs (or ``{}``), the first player a seat or
    ``"random"``, the card list path a string."""
    schema = options_schema(Options, required=False)
    properties = schema["properties"]
    year = {"type": "integer", "minimum": -MAX_YEAR, "maximum": MAX_YEAR}
    pairs = {
        "type": "array",
        "items": {
            "type": "array",
            "prefixItems": [year, {"enum": ["and", "or"]}],
            "items": False,
            "minItems": 2,
            "maxItems": 2,
        },
    }
    # `Options` also takes a mapping of years, which JSON can only give empty (its keys are texts)
    properties["ripple_operator_overrides"] = {"anyOf": [pairs, {"type": "object", "maxProperties": 0}]}
    properties["first_player"] = {"anyOf": [_SEAT, {"const": "random"}]}
    properties["card_data_path"] = nullable({"type": "string"})
    return schema


def _queue() -> dict[str, Any]:
    entry = {
        "type": "array",
        "prefixItems": [_ID, _SEAT, {"type": "boolean"}],
        "items": False,
        "minItems": 3,
        "maxItems": 3,
    }
    return {"type": "array", "items": entry, "maxItems": MAX_GOALS}


def state_schema() -> dict[str, Any]:
    """The schema of `serialization.state_to_dict` (what `to_json` writes and `from_json` reads)."""
    per_seat = {"minItems": 1, "maxItems": SEATS}
    goal = {"anyOf": [_ID, {"const": ""}]}
    properties: dict[str, Any] = {
        "game": {"const": GAME_NAME},
        "version": {"const": FORMAT_VERSION},
        "cards": {"anyOf": [{"const": "default"}, {"type": "object"}]},
        "options": _options(),
        "players": {"type": "integer", "minimum": 1, "maximum": SEATS},
        "alt": {"type": "array", "items": _ICON, "maxItems": MAX_GOALS, "uniqueItems": True},
        "timeline": {
            "type": "object",
            "propertyNames": {"pattern": "^-?[0-9]+$"},
            "maxProperties": MAX_GOALS,
            "additionalProperties": {"anyOf": [{"enum": ["true", "open"]}, _ID]},
        },
        "draw_pile": {
            "type": "object",
            "propertyNames": _ID,
            "maxProperties": MAX_PLAY_DECK,
            "additionalProperties": {"type": "integer", "minimum": 0, "maximum": MAX_COPIES},
        },
        "discard_pile": _IDS,
        "hands": {"type": "array", "items": _IDS, **per_seat},
        "tableaux": {"type": "array", "items": _IDS, **per_seat},
        "ids": {"type": "array", "items": goal, **per_seat},
        "missions": {"type": "array", "items": goal, **per_seat},
        "id_pile": _GOAL_IDS,
        "id_queue": _queue(),
        "mission_pile": _GOAL_IDS,
        "mission_queue": _queue(),
        "revealed_ids": _GOAL_IDS,
        "out_of_game": _IDS,
        "solo_ids": _GOAL_IDS,
        "home_row": _GOAL_IDS,
        "active": _SEAT,
        "turn": {"type": "integer", "minimum": 0, "maximum": MAX_TURN},
        "extra_turns": {"type": "integer", "minimum": 0, "maximum": MAX_EXTRA_TURNS},
        "stack": {"type": "array", "items": {"oneOf": [_frame(cls) for cls in FRAME_TYPES]}},
        "result": nullable(
            {
                "type": "object",
                "properties": {
                    "winner": nullable(_SEAT),
                    "conditions": {"type": "array", "items": {"enum": list(END_CONDITIONS)}, "minItems": 1},
                    "reason": _TEXT,
                },
                "required": ["winner", "conditions", "reason"],
                "additionalProperties": False,
            }
        ),
        "log": {
            "type": "array",
            "items": {
                "type": "array",
                "prefixItems": [_TEXT, {"type": "integer", "minimum": -1, "maximum": SEATS - 1}, _TEXT],
                "items": False,
                "minItems": 3,
                "maxItems": 3,
            },
        },
    }
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
        "if": {"properties": {"cards": {"const": "default"}}},
        "then": default_cards_schema(),
    }


def default_cards_schema() -> dict[str, Any]:
    """What a state with the shipped card list (``"cards": "default"``) holds beyond the general schema:
    the card list's ids where the loader looks them up (play cards, IDs, Missions, linchpin icons),
    exactly its ripplepoint years (each ``"true"``, ``"open"`` or a patch of that year), and at most
    its copies of each card in the draw pile. A state with a custom card list is checked against that
    list by `from_json` alone."""
    cards = default_cards()
    play = {"enum": sorted(cards.play_cards)}
    identities = {"enum": [card.id for card in cards.identities]}
    missions = {"enum": [card.id for card in cards.missions]}

    def listed(item: dict[str, Any]) -> dict[str, Any]:
        return {"items": item}

    def queue(item: dict[str, Any]) -> dict[str, Any]:
        return {"items": {"prefixItems": [item]}}

    years = {
        str(rp.year): {"enum": [TRUE, OPEN, *(p.id for p in cards.patches if p.year == rp.year)]}
        for rp in cards.ripplepoints
    }
    properties = {
        "alt": listed({"enum": list(cards.linchpin_by_icon)}),
        "timeline": {"properties": years, "required": list(years), "additionalProperties": False},
        "draw_pile": {
            "properties": {
                card: {"maximum": count} for card, count in zip(cards.deck, cards.deck_counts, strict=True)
            },
            "additionalProperties": False,
        },
        "discard_pile": listed(play),
        "hands": listed(listed(play)),
        "tableaux": listed(listed(play)),
        "out_of_game": listed(play),
        "ids": listed({"anyOf": [identities, {"const": ""}]}),
        "missions": listed({"anyOf": [missions, {"const": ""}]}),
        "id_pile": listed(identities),
        "id_queue": queue(identities),
        "mission_pile": listed(missions),
        "mission_queue": queue(missions),
        "revealed_ids": listed(identities),
        "solo_ids": listed(identities),
        "home_row": listed(identities),
    }
    return {"properties": properties}


def _pair(first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "prefixItems": [first, second], "items": False, "minItems": 2, "maxItems": 2}


def _view() -> dict[str, Any]:
    """`wire.view_schema` with the bounds and the enumerations that the `View` annotations cannot say.

    A view is only written, never read back: these bounds are what a client may rely on."""
    schema = view_schema()
    per_seat = {"minItems": 1, "maxItems": SEATS}
    goal = {"anyOf": [_ID, {"const": ""}]}
    hidden = {  # another seat's goal card: "?"
        "type": "array",
        "items": {"anyOf": [_ID, {"const": "?"}]},
        "maxItems": MAX_GOALS,
    }
    status = {"anyOf": [{"enum": [TRUE, OPEN]}, _ID]}
    target = {"anyOf": [_ID, _SEAT, {"type": "null"}]}
    schema["$defs"]["view"]["properties"].update(
        {
            "variant": {"enum": list(VARIANTS)},
            "players": {"type": "integer", "minimum": 1, "maximum": SEATS},
            "viewer": nullable(_SEAT),
            "to_act": {"anyOf": [_SEAT, {"const": "chance"}, {"type": "null"}]},  # as the top-level to_act
            "phase": {"enum": sorted({*PHASE_NAMES.values(), "over"})},
            "active": _SEAT,
            "turn": {"type": "integer", "minimum": 0, "maximum": MAX_TURN},
            "linchpins": {
                "type": "array",
                "items": _pair({"type": "integer"}, {"enum": [TRUE, "alt"]}),
                "maxItems": MAX_GOALS,
            },
            "ripplepoints": {
                "type": "array",
                "items": _pair({"type": "integer"}, status),
                "maxItems": MAX_GOALS,
            },
            "open_paradoxes": {"type": "integer", "minimum": 0, "maximum": MAX_GOALS},
            "tableaux": {"type": "array", "items": _IDS, **per_seat},
            "discard_pile": _IDS,
            "draw_pile_size": _COUNT,
            "hand_sizes": {"type": "array", "items": _COUNT, **per_seat},
            "set_aside_sizes": {"type": "array", "items": _COUNT, **per_seat},
            "pending": {
                "type": "array",
                "items": {
                    "type": "array",
                    "prefixItems": [_SEAT, _ID, target],
                    "items": False,
                    "minItems": 3,
                    "maxItems": 3,
                },
            },
            "id_pile_size": {"type": "integer", "minimum": 0, "maximum": MAX_GOALS},
            "mission_pile_size": {"type": "integer", "minimum": 0, "maximum": MAX_GOALS},
            "id_queue": hidden,
            "mission_queue": hidden,
            "revealed_ids": _GOAL_IDS,
            "solo_ids": _GOAL_IDS,
            "home_row": _GOAL_IDS,
            "hand": _IDS,
            "identity": goal,
            "mission": goal,
            "draw_pile": _IDS,
            "winner": nullable(_SEAT),
            "conditions": {"type": "array", "items": {"enum": list(END_CONDITIONS)}},
            "outcome": _TEXT,
            "winner_goals": {"type": "array", "items": _ID, "maxItems": 2},  # the winner's ID and Mission
        }
    )
    properties = schema["properties"]
    properties["cursor"] = {"type": "integer", "minimum": 0, "maximum": MAX_CURSOR}
    properties["history"] = {"type": "array", "items": _TEXT}
    return schema


# ------------------------------------------------------------------------------------- the card list

_LIST_ID_PATTERN: Final = r'[^\s"\\\x00-\x1f\x7f-\x9f]+'  # `read_id`: printable, no space, quote or backslash


def _any_case(words: frozenset[str]) -> str:
    """A pattern of `words` in any letter case (the loader compares ``id.lower()``)."""
    cased = ("".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else c for c in w) for w in sorted(words))
    return "|".join(cased)


def _card_record(properties: dict[str, Any], *, counted: bool) -> dict[str, Any]:
    """A card record: `properties` and the provenance fields (`checks.provenance`), all required."""
    label = {"enum": list(LABELS)}
    provenance = {
        "provenance": label,
        "name_provenance": label,
        **({"count_provenance": label} if counted else {}),
        "field_provenance": {"type": "object", "additionalProperties": label},
        "sources": {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1},
    }
    every = {**properties, **provenance}
    return {"type": "object", "properties": every, "required": list(every)}


def _condition(*, primed_only: bool) -> dict[str, Any]:
    """`checks.condition`: ``{op, terms}``, a term a linchpin icon, primed (``Hitler'``) or not."""
    term = {"type": "string", "pattern": "^[^']+'$" if primed_only else "^[^']+'?$"}
    return {
        "type": "object",
        "properties": {"op": {"enum": ["single", "or", "and"]}, "terms": {"type": "array", "items": term}},
        "required": ["op", "terms"],
        "if": {"properties": {"op": {"const": "single"}}},
        "then": {"properties": {"terms": {"minItems": 1, "maxItems": 1}}},
        "else": {"properties": {"terms": {"minItems": 2, "uniqueItems": True}}},
    }


def _params() -> list[dict[str, Any]]:
    """What `checks.check_params` reads of an effect's ``params``, by ``effect_key``."""
    number = {"type": "integer", "minimum": 0, "maximum": card_checks.MAX_NUMBER}
    parts = {  # a part of Perform a Miracle: an object of three numbers (or the pairs `dict` takes)
        "anyOf": [
            {"type": "object", "properties": dict.fromkeys(("draw", "play", "discard"), number),
             "required": ["draw", "play", "discard"]},
            {"type": "array", "minItems": 3},
        ]
    }  # fmt: skip
    by_key = {
        "sell_artifact": {"properties": dict.fromkeys(("draw", "mona_lisa_bonus_draw"), number)},
        "fast_forward": {"properties": dict.fromkeys(("draw", "play"), number)},
        "perform_miracle": {
            "properties": {"bonus_icon": {"type": "string"}, "base": parts, "bonus": parts},
            "required": ["bonus_icon", "base", "bonus"],
        },
    }
    return [
        {"if": {"properties": {"effect_key": {"const": key}}}, "then": {"properties": {"params": schema}}}
        for key, schema in by_key.items()
    ]


def cards_schema() -> dict[str, Any]:
    """The schema of a Chrononauts card list, as `content.cards_from_dict` reads it (C-DATA-4).

    Every field the loader reads, with the bounds of `content.checks` and the names of `records`;
    members it does not read are allowed (``notes``...). Only the loader checks the cross-record rules
    (``edition.counts``, unique ids, icons, patches, homes), ``1.0`` for ``1`` and lone surrogates.
    """
    text = {"type": "string", "maxLength": card_checks.MAX_TEXT}
    card_id = {"type": "string", "minLength": 1, "maxLength": MAX_ID, "pattern": f"^(?:{_LIST_ID_PATTERN})$",
               "not": {"pattern": f"^(?:{_any_case(RESERVED_IDS)})$"}}  # fmt: skip
    icon = {"type": "string", "minLength": 1, "pattern": "^[^']+$"}
    year, flag = {"type": "integer"}, {"type": "boolean"}
    count = {"type": "integer", "minimum": 1, "maximum": card_checks.MAX_COPIES}
    named = {"id": card_id, "name": text}
    timeline = {"id": card_id, "year": year, "time_index": text, "true_headline": text}
    linchpin = _card_record(
        {**timeline, "kind": {"const": "linchpin"}, "icon": icon, "alt_headline": text,
         "ripples": {"type": "array", "items": year}},
        counted=False,
    )  # fmt: skip
    ripplepoint = _card_record(
        {
            **timeline,
            "kind": {"const": "ripplepoint"},
            "paradox_if": _condition(primed_only=True),
            "nexus": flag,
            # an id is compared as `str(item)`: only a text item must be an id
            "patch_ids": {"type": "array", "items": {"anyOf": [card_id, {"not": {"type": "string"}}]},
                          "minItems": 1},
        },
        counted=False,
    )  # fmt: skip
    patch = _card_record(
        {"id": card_id, "year": year, "headline": text, "count": count,
         "playable_if": _condition(primed_only=False), "unstable": flag, "triggers_ultraparadox": flag},
        counted=True,
    )  # fmt: skip
    inverter = _card_record(
        {**named, "count": count, "direction": {"enum": list(DIRECTIONS)},
         "targets": {"anyOf": [{"const": "*"}, {"type": "array", "items": icon, "minItems": 1}]}},
        counted=True,
    )  # fmt: skip

    def effect(known: frozenset[str]) -> dict[str, Any]:
        schema = _card_record(
            {**named, "count": count, "effect_key": {"enum": sorted(known)}, "params": {"type": "object"}},
            counted=True,
        )
        return {**schema, "allOf": _params()}

    artifact = _card_record(
        {**named, "count": {"const": 1}, "year": nullable(year),
         "mona_lisa_rank": nullable({"type": "integer", "minimum": 1}),
         "icons": {"type": "array", "items": {"type": "string"}}, "ultraparadox_blocked": flag},
        counted=True,
    )  # fmt: skip
    slot = {  # a slot's artifact (or artifacts) is read for its type only
        "type": "object",
        "properties": {"type": {"enum": ["artifact", "any_of", "most_convincing_mona_lisa"]}},
        "required": ["type"],
        "allOf": [
            {"if": {"properties": {"type": {"const": kind}}},
             "then": {"properties": {field: schema}, "required": [field]}}
            for kind, field, schema in (
                ("artifact", "artifact", card_id),
                ("any_of", "artifacts", {"type": "array", "items": card_id}),
            )
        ],
    }  # fmt: skip
    mission = _card_record(
        {**named, "requires": {"type": "array", "items": slot, "minItems": 3, "maxItems": 3}}, counted=False
    )
    home = {  # its patch is read when it is patched only
        "type": "object",
        "properties": {"year": year, "state": {"enum": ["true", "alt", "patched"]}},
        "required": ["year", "state"],
        "if": {"properties": {"state": {"const": "patched"}}},
        "then": {"properties": {"patch": card_id}, "required": ["patch"]},
    }
    identity = _card_record(
        {**named, "home": {"type": "array", "items": home, "minItems": 3, "maxItems": 3},
         "ultraparadox_exempt": flag},
        counted=False,
    )  # fmt: skip
    size = {"type": "integer", "minimum": 0, "maximum": MAX_PLAY_DECK}
    counts = (
        "timeline", "linchpins", "ripplepoints", "identities", "missions", "play_deck", "inverters",
        "patches", "artifacts", "timewarps", "actions",
    )  # fmt: skip

    def section(record: dict[str, Any]) -> dict[str, Any]:
        return {"type": "array", "items": record, "maxItems": MAX_RECORDS}

    properties = {
        "schema_version": {"type": "string", "pattern": f"^{SCHEMA_MAJOR}(?:\\.[\\s\\S]*)?$"},
        "edition": {
            "type": "object",
            "properties": {
                "counts": {
                    "type": "object",
                    "properties": dict.fromkeys(counts, size),
                    "required": list(counts),
                }
            },
            "required": ["counts"],
        },
        "linchpin_icons": {"type": "array", "items": icon, "uniqueItems": True, "maxItems": MAX_RECORDS},
        "timeline": section({"oneOf": [linchpin, ripplepoint]}),
        "patches": section(patch),
        "inverters": section(inverter),
        "actions": section(effect(ACTION_EFFECTS)),
        "timewarps": section(effect(TIMEWARP_EFFECTS)),
        "artifacts": section(artifact),
        "missions": section(mission),
        "identities": section(identity),
        "source_catalog": {"type": "object"},
    }
    required = [k for k in properties if k != "source_catalog"]
    return {"type": "object", "properties": properties, "required": required}


CONTENT_KIND: Final = "cards"
"""The name of the card-list schema: `schemas/cards.json`."""


def build_content_schemas() -> dict[str, dict[str, Any]]:
    """The content schema (the card list), built from the loader (what `scripts/make_schemas.py` ships)."""
    return {CONTENT_KIND: schema_document(GAME_NAME, CONTENT_KIND, "Chrononauts card list", cards_schema())}


def content_json_schema() -> dict[str, Any]:
    """The shipped JSON Schema of a card list (`schemas/cards.json`), as a new dict."""
    path = resources.files("tabletop_rules.chrononauts").joinpath("schemas", f"{CONTENT_KIND}.json")
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def build_schemas() -> dict[SchemaKind, dict[str, Any]]:
    """The four schemas, built from the code (what `scripts/make_schemas.py` ships)."""
    state = state_schema()
    game = GAME_NAME
    return {
        "state": schema_document(game, "state", "Chrononauts state", state),
        "move": schema_document(game, "move", "Chrononauts move", MOVE_WIRE.schema()),
        "view": schema_document(game, "view", "Chrononauts view", _view()),
        "record": schema_document(
            game, "record", "Chrononauts game record", record_schema(game, RULES_VERSION, state)
        ),
    }


def json_schema(kind: SchemaKind) -> dict[str, Any]:
    """The shipped JSON Schema of `kind` (`"state"`, `"move"`, `"view"` or `"record"`), as a new dict.

    Raises:
        InvalidOptionError: if `kind` is not one of them.
    """
    return load_schema("tabletop_rules.chrononauts", kind)
