"""The content schemas refuse hand-made wrong card lists and packs, and so do the loaders.

A wrong document is the shipped card list (or pack) with one field changed; each is refused by the
shipped schema (`content_json_schema()`) and by the game's loader (`cards_from_dict`,
`pack_from_dict`). The schemas are generated from the loaders (`scripts/make_schemas.py --check`).
"""

from __future__ import annotations

import copy
import functools
from typing import Any

import jsonschema
import pytest

from tabletop_rules.chrononauts import schemas as cschemas
from tabletop_rules.chrononauts.content import cards_from_dict, cards_to_dict, default_cards
from tabletop_rules.chrononauts.content.checks import MAX_COPIES, MAX_ID, MAX_NUMBER, MAX_RECORDS, MAX_TEXT
from tabletop_rules.core import InvalidContentError
from tabletop_rules.trismaugistus import schemas as tschemas
from tabletop_rules.trismaugistus.content import default_pack, pack_from_dict, pack_to_dict
from tabletop_rules.trismaugistus.content import fields as pack_fields

DELETE = object()
Path = tuple[Any, ...]


def _edited(document: Any, path: Path, value: Any) -> Any:
    out = copy.deepcopy(document)
    target = out
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return out


@functools.cache
def _cards() -> dict[str, Any]:
    return cards_to_dict(default_cards())


def _index(section: str, **match: Any) -> int:
    return next(i for i, r in enumerate(_cards()[section]) if all(r.get(k) == v for k, v in match.items()))


LINCHPIN = _index("timeline", kind="linchpin")
RIPPLE = _index("timeline", kind="ripplepoint")
SELL = _index("actions", effect_key="sell_artifact")
MIRACLE = _index("actions", effect_key="perform_miracle")

CARDS: list[tuple[str, Path, Any]] = [
    ("no schema_version", ("schema_version",), DELETE),
    ("schema_version 2.0.0", ("schema_version",), "2.0.0"),
    ("a schema_version that is a number", ("schema_version",), 1),
    ("edition.counts without patches", ("edition", "counts", "patches"), DELETE),
    ("a negative count", ("edition", "counts", "timeline"), -1),
    ("a count above the largest deck", ("edition", "counts", "play_deck"), MAX_COPIES * MAX_RECORDS + 1),
    ("a primed linchpin icon", ("linchpin_icons", 0), "Lincoln'"),
    ("an empty linchpin icon", ("linchpin_icons", 0), ""),
    ("a timeline card of a third kind", ("timeline", 0, "kind"), "wormhole"),
    ("an id with a space", ("timeline", LINCHPIN, "id"), "TL 1865"),
    ("an id with a quote", ("timeline", LINCHPIN, "id"), 'TL"1865'),
    ("a reserved id", ("timeline", LINCHPIN, "id"), "Open"),
    ("an id longer than MAX_ID", ("timeline", LINCHPIN, "id"), "T" * (MAX_ID + 1)),
    ("a headline longer than MAX_TEXT", ("timeline", LINCHPIN, "true_headline"), "h" * (MAX_TEXT + 1)),
    ("a year that is text", ("timeline", LINCHPIN, "year"), "1865"),
    ("a year that is true", ("timeline", LINCHPIN, "year"), True),
    ("a linchpin without its icon", ("timeline", LINCHPIN, "icon"), DELETE),
    ("ripples that are not years", ("timeline", LINCHPIN, "ripples"), ["1868"]),
    ("a provenance label 'sure'", ("timeline", LINCHPIN, "provenance"), "sure"),
    ("no sources", ("timeline", LINCHPIN, "sources"), []),
    ("an empty source", ("timeline", LINCHPIN, "sources"), [""]),
    ("a field_provenance label 'maybe'", ("timeline", LINCHPIN, "field_provenance"), {"year": "maybe"}),
    ("an unprimed ripplepoint term", ("timeline", RIPPLE, "paradox_if", "terms"), ["Lincoln"]),
    ("a condition op 'xor'", ("timeline", RIPPLE, "paradox_if", "op"), "xor"),
    ("'single' with two terms", ("timeline", RIPPLE, "paradox_if"), {"op": "single", "terms": ["A'", "B'"]}),
    ("'or' with one term", ("timeline", RIPPLE, "paradox_if"), {"op": "or", "terms": ["A'"]}),
    ("'and' repeating a term", ("timeline", RIPPLE, "paradox_if"), {"op": "and", "terms": ["A'", "A'"]}),
    ("no patch ids", ("timeline", RIPPLE, "patch_ids"), []),
    ("a nexus that is 'no'", ("timeline", RIPPLE, "nexus"), "no"),
    ("a patch count of 0", ("patches", 0, "count"), 0),
    ("a patch count above MAX_COPIES", ("patches", 0, "count"), MAX_COPIES + 1),
    ("a patch without count_provenance", ("patches", 0, "count_provenance"), DELETE),
    ("an inverter direction 'sideways'", ("inverters", 0, "direction"), "sideways"),
    ("inverter targets '?'", ("inverters", 0, "targets"), "?"),
    ("no inverter targets", ("inverters", 0, "targets"), []),
    ("an unknown effect", ("actions", 0, "effect_key"), "win_the_game"),
    ("a Timewarp effect on an Action", ("actions", 0, "effect_key"), "memo"),
    ("params that are a list", ("actions", 0, "params"), []),
    ("a draw above MAX_NUMBER", ("actions", SELL, "params", "draw"), MAX_NUMBER + 1),
    ("a Miracle without its bonus", ("actions", MIRACLE, "params", "bonus"), DELETE),
    ("a Miracle base draw of -1", ("actions", MIRACLE, "params", "base", "draw"), -1),
    ("an Artifact count of 2", ("artifacts", 0, "count"), 2),
    ("a Mona Lisa rank of 0", ("artifacts", 0, "mona_lisa_rank"), 0),
    ("artifact icons that are not text", ("artifacts", 0, "icons"), [1]),
    ("a Mission of two slots", ("missions", 0, "requires"), [{"type": "most_convincing_mona_lisa"}] * 2),
    ("a slot of an unknown type", ("missions", 0, "requires", 0, "type"), "any_two"),
    ("an artifact slot without its artifact", ("missions", 0, "requires", 0), {"type": "artifact"}),
    ("a home of two entries", ("identities", 0, "home"), [{"year": 1865, "state": "true"}] * 2),
    ("a home state 'lost'", ("identities", 0, "home", 0, "state"), "lost"),
    ("a patched home without its patch", ("identities", 0, "home", 1, "patch"), DELETE),
    ("a source_catalog that is a list", ("source_catalog",), []),
    ("more than MAX_RECORDS patches", ("patches",), [{}] * (MAX_RECORDS + 1)),
]


@functools.cache
def _validator(kind: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator((cschemas if kind == "cards" else tschemas).content_json_schema())


@pytest.mark.parametrize(("why", "path", "value"), CARDS, ids=[c[0] for c in CARDS])
def test_the_card_list_schema_and_loader_refuse(why, path, value):
    """REL-SCHEMA-4: a card list with one wrong field is refused by the schema and by the loader."""
    document = _edited(_cards(), path, value)
    assert not _validator("cards").is_valid(document), f"the card-list schema accepts {why}"
    with pytest.raises(InvalidContentError):
        cards_from_dict(document)


@functools.cache
def _pack() -> dict[str, Any]:
    return pack_to_dict(default_pack())


PURPLE = next(i for i, c in enumerate(_pack()["automa_cards"]) if c["deck"] == "purple")
GREEN = next(i for i, c in enumerate(_pack()["automa_cards"]) if c["deck"] != "purple")

PACK: list[tuple[str, Path, Any]] = [
    ("another schema", ("schema",), "some-other-pack"),
    ("schema_version 2", ("schema_version",), 2),
    ("a pack_id not filled in yet (null)", ("pack_id",), None),
    ("an empty pack_id", ("pack_id",), ""),
    ("a note longer than MAX_TEXT", ("note",), "n" * (pack_fields.MAX_TEXT + 1)),
    ("fictional 'yes'", ("fictional",), "yes"),
    ("an unknown top-level field", ("colour_scheme",), "blue"),
    ("a member named '/ comment' (one slash)", ("/ comment",), "x"),
    ("a track order of three elements", ("board", "track_order"), ["earth", "fire", "water"]),
    ("a track order with an element twice", ("board", "track_order"), ["earth", "earth", "fire", "water"]),
    ("an objective row of 5", ("board", "objective_row_size"), 5),
    ("no artifact slot", ("board", "artifact_slots_per_colour"), 0),
    ("a track of the element 'aether'", ("tracks", 0, "element"), "aether"),
    ("a max_level above MAX_LEVEL", ("tracks", 0, "max_level"), pack_fields.MAX_LEVEL + 1),
    ("a bonus space of an unknown kind", ("tracks", 0, "bonus_spaces", 0, "kind"), "free_lunch"),
    ("a symbol level listed twice", ("tracks", 0, "symbol_levels"), [2, 2]),
    ("an end VP above MAX_VALUE", ("tracks", 0, "end_vp_by_level", 0), pack_fields.MAX_VALUE + 1),
    ("a formula table not starting at 0", ("formula_scoring", "vp_by_count", 0), 1),
    ("a card id with a space", ("automa_cards", 0, "id"), "FX G1"),
    ("a card of the deck 'blue'", ("automa_cards", 0, "deck"), "blue"),
    ("a pictured wild die", ("automa_cards", GREEN, "dice", 0, "symbol"), "wild"),
    (
        "four pictured dice",
        ("automa_cards", GREEN, "dice"),
        [{"symbol": "lead", "colour": c} for c in ("red", "white", "black", "red")],
    ),
    ("a potency cost of 6", ("automa_cards", GREEN, "potency_cost"), 6),
    ("a green card without its action", ("automa_cards", GREEN, "action"), DELETE),
    ("a green card whose action is null", ("automa_cards", GREEN, "action"), None),
    ("an action of an unknown kind", ("automa_cards", GREEN, "action"), {"kind": "steal"}),
    ("advance_track without a track", ("automa_cards", GREEN, "action"), {"kind": "advance_track"}),
    ("gain_vp with an amount", ("automa_cards", GREEN, "action"), {"kind": "gain_vp", "params": {"vp": 3}}),
    ("a personality on a green card", ("automa_cards", GREEN, "personality_element"), "fire"),
    ("an empty label", ("automa_cards", PURPLE, "label"), ""),
    ("a preset of level 4", ("difficulty_presets", 0, "level"), 4),
    ("an experiment of the stage 'IV'", ("experiments", 0, "stage"), "IV"),
    ("a requirement of level 0", ("experiments", 0, "requirement", "level"), 0),
    ("13 element symbols", ("experiments", 0, "element_symbols"), ["fire"] * (pack_fields.MAX_SYMBOLS + 1)),
    ("a masterpiece of negative VP", ("masterpieces", 0, "vp"), -1),
    ("an artifact of the colour 'green'", ("artifacts", 0, "colour"), "green"),
    ("an objective with an unknown field", ("objectives", 0, "reward"), 3),
    ("more than MAX_RECORDS experiments", ("experiments",), [{}] * (pack_fields.MAX_RECORDS + 1)),
]


@pytest.mark.parametrize(("why", "path", "value"), PACK, ids=[c[0] for c in PACK])
def test_the_pack_schema_and_loader_refuse(why, path, value):
    """REL-SCHEMA-4: a pack with one wrong field is refused by the schema and by the loader."""
    document = _edited(_pack(), path, value)
    assert not _validator("pack").is_valid(document), f"the pack schema accepts {why}"
    with pytest.raises(InvalidContentError):
        pack_from_dict(document)


def test_comments_and_nulls_are_the_pack_conventions():
    """REL-SCHEMA-4: a ``//`` member anywhere and ``null`` for an optional field: schema and loader accept."""
    document = _edited(_pack(), ("// about",), "a comment")
    document["automa_cards"][PURPLE]["label"] = None
    document["automa_cards"][GREEN]["// why"] = ["any", "JSON"]
    document["objectives"] = None
    document["source"] = None
    assert _validator("pack").is_valid(document)
    pack_from_dict(document)
