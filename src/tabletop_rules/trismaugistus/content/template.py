"""A blank content pack for owners to fill in: every field of the schema, each with its rule next to it.

`pack_template()` is the text ``python -m tabletop_rules.trismaugistus pack
template`` writes. It is strict JSON, so that any editor can check its syntax,
and it uses the loader's two conventions for hand-written packs
(`content.fields`): a member whose name starts with ``//`` is a comment (JSON
has no comments; the loader ignores these members in every object, so the
filled-in file keeps its notes and still loads), and ``null`` marks a value to
fill in (``pack validate`` lists each one that is left, with its JSON path,
until none is). What the rules fix is filled in already: the schema, the four
elements, the deck of each card, the objective row's size, the preset levels
and the empty face-up piles of levels 1 and 2. The fixed numbers of cards (4
purple, 4 green, at least 7 yellow) are laid out as blank cards; the
catalogue lists have one blank record each, to copy once per printed card.

No printed content is in the template: only field names, rules and blanks.
"""

from __future__ import annotations

import json
from typing import Any, Final

from tabletop_rules.trismaugistus.content.records import PACK_SCHEMA
from tabletop_rules.trismaugistus.vocabulary import (
    ACTION_KINDS,
    BONUS_KINDS,
    COLOURS,
    ELEMENTS,
    FACES,
    SYMBOLS,
)

__all__ = ["TEMPLATE_CARDS", "pack_template"]

TEMPLATE_CARDS: Final = (("purple", 4), ("green", 4), ("yellow", 9))
"""The blank automa cards of the template: 4 purple and 4 green (V-2), and 9 yellow (at least 7; the
research on the base game suggests 9: add or remove yellow cards to match your copy)."""

_ID_RULE: Final = "an id of your choice: letters, digits, '_', '.' and '-' (at most 64); unique in the pack"


def _listed(values: tuple[str, ...]) -> str:
    return ", ".join(f'"{v}"' for v in values)


def _one_of(values: tuple[str, ...]) -> str:
    return "one of " + _listed(values)


def _card(deck: str, first: bool) -> dict[str, Any]:
    card: dict[str, Any] = {}
    if first:
        card["//"] = (
            f"A {deck} card. Sections 1-3 are required for green and yellow cards; purple cards only "
            "trigger the objectives module (T-RULING-26), so their sections may stay null."
        )
        card["// id"] = _ID_RULE + ", for example P1..P4, G1..G4, Y1..Y9"
    card["id"] = None
    card["deck"] = deck
    if first:
        card["// dice"] = (
            "section 1, the pictured dice left to right: 1 to 3 of "
            f'{{"symbol": {_one_of(SYMBOLS)}, "colour": {_one_of(COLOURS)}}}, no pair twice. '
            "A pictured wild die has no meaning in the variant: report such a card."
        )
    purple = deck == "purple"
    card["dice"] = None if purple else [{"symbol": None, "colour": None}]
    if first:
        card["// potency_cost"] = "section 2: an integer 1..5"
    card["potency_cost"] = None
    if first:
        card["// action"] = (
            f"section 3: kind is {_one_of(ACTION_KINDS)}; params is null (or {{}}) except "
            f'{{"track": {_one_of(ELEMENTS)}}} for advance_track'
        )
    card["action"] = None if purple else {"kind": None, "params": None}
    if first and purple:
        card["// personality_element"] = f"optional, purple cards only: {_one_of(ELEMENTS)} (not used)"
    if purple:
        card["personality_element"] = None
    if first:
        card["// label"] = "optional: your own short description, never the printed text"
    card["label"] = None
    return card


def _track(element: str, first: bool) -> dict[str, Any]:
    track: dict[str, Any] = {}
    if first:
        track["//"] = "One track per element, each once, in any order (the board order is board.track_order)."
    track["element"] = element
    if first:
        track["// max_level"] = "the highest level, an integer 1..50 (the start space is level 0)"
    track["max_level"] = None
    if first:
        track["// bonus_spaces"] = (
            f"one entry per bonus token: level 1..max_level (each level once), kind {_one_of(BONUS_KINDS)}; "
            "[] if the track has none. A token of another kind has no meaning in the variant: report it."
        )
    track["bonus_spaces"] = [{"level": None, "kind": None}]
    if first:
        track["// symbol_levels"] = (
            "the levels whose space shows an elemental symbol: integers 1..max_level, each once"
        )
    track["symbol_levels"] = None
    if first:
        track["// end_vp_by_level"] = (
            "the end-game VP of each level 0..max_level: max_level + 1 integers >= 0"
        )
    track["end_vp_by_level"] = None
    return track


def _preset(level: int) -> dict[str, Any]:
    preset: dict[str, Any] = {"level": level}
    if level == 1:
        preset["//"] = (
            "Every card id in exactly one of draw_deck, face_up_discard and removed; every purple card "
            "is removed at every level (V-4, V-5). The removal lists were pictures in the variant's text."
        )
    if level in (1, 2):
        preset["// draw_deck"] = "exactly 2 green and 7 yellow card ids (V-6)"
        preset["draw_deck"] = None
        preset["face_up_discard"] = []
    else:
        preset["// draw_deck"] = "exactly the 4 green card ids (V-7)"
        preset["draw_deck"] = None
        preset["// face_up_discard"] = (
            "exactly 6 yellow card ids, which wait face up in the discard pile (V-7)"
        )
        preset["face_up_discard"] = None
    preset["// removed"] = "every other card id: the 4 purple cards and the cards this level takes out"
    preset["removed"] = None
    return preset


def _requirement_rule() -> str:
    return f'{{"track": {_one_of(ELEMENTS)}, "level": 1..that track\'s max_level}}'


def _template() -> dict[str, Any]:
    cards = [_card(deck, i == 0) for deck, count in TEMPLATE_CARDS for i in range(count)]
    return {
        "//": (
            "A Trismaugistus content pack: your transcription of your own copy of the game. Fill in every "
            "null; members whose name starts with // are comments, which the loader ignores (keep or delete "
            "them). Check the file with: python -m tabletop_rules.trismaugistus pack validate FILE (it lists "
            "every problem with its JSON path), then compare it with your cards: ... pack show FILE."
        ),
        "schema": PACK_SCHEMA,
        "schema_version": 1,
        "// pack_id": "your name for this pack, any text, for example my-copy-2024",
        "pack_id": None,
        "// fictional": "false for a transcription of a real copy; true only for invented data (then a note)",
        "fictional": None,
        "// note": "optional free text (required, non-empty, if fictional is true)",
        "note": None,
        "// source": "optional free text: where the data comes from (transcribed from my copy, 2nd printing)",
        "source": None,
        "board": {
            "// track_order": f"the four tracks top to bottom as printed: {_listed(ELEMENTS)} in some order",
            "track_order": None,
            "// experiment_area_faces": (
                f"the bowls with an experiment area next to them: faces among {_listed(FACES)}, each once"
            ),
            "experiment_area_faces": None,
            "// artifact_slots_per_colour": "how many artifacts each colour offers: an integer 1..10",
            "artifact_slots_per_colour": None,
            "// objective_row_size": "always 4 (T-OBJ-1)",
            "objective_row_size": 4,
        },
        "tracks": [_track(element, i == 0) for i, element in enumerate(ELEMENTS)],
        "formula_scoring": {
            "// max_formulas": "the most formulas that score: an integer 1..20",
            "max_formulas": None,
            "// vp_by_count": (
                "the total VP for 0, 1, ..., max_formulas formulas: max_formulas + 1 integers >= 0, "
                "starting with 0, never decreasing"
            ),
            "vp_by_count": None,
        },
        "// automa_cards": "exactly 4 purple and 4 green cards, and at least 7 yellow (V-2)",
        "automa_cards": cards,
        "// difficulty_presets": "how each difficulty prepares the automa deck: levels 1, 2 and 3 once each",
        "difficulty_presets": [_preset(level) for level in (1, 2, 3)],
        "// experiments": (
            "one entry per experiment card (the starting experiments and every stage I, II and III card): "
            "copy the entry. At least one starting experiment."
        ),
        "experiments": [
            {
                "// id": _ID_RULE,
                "id": None,
                "// stage": 'one of "starting", "I", "II", "III"',
                "stage": None,
                "// type": "your name for the printed type icon (experiments of one type share it)",
                "type": None,
                "// requirement": _requirement_rule(),
                "requirement": {"track": None, "level": None},
                "// vp": "an integer 0..1000",
                "vp": None,
                "// element_symbols": f"the printed elemental symbols, repeats allowed: {_one_of(ELEMENTS)}",
                "element_symbols": None,
            }
        ],
        "// masterpieces": "one entry per masterpiece card: copy the entry. At least one.",
        "masterpieces": [
            {
                "id": None,
                "// type": "the type icon's name, as for experiments",
                "type": None,
                "// requirement": _requirement_rule(),
                "requirement": {"track": None, "level": None},
                "vp": None,
                "element_symbols": None,
            }
        ],
        "// artifacts": "one entry per artifact card, starting ones too: copy it. At least 1 starting.",
        "artifacts": [
            {
                "id": None,
                "// starting": "true for a starting artifact, false for one of the board's offers",
                "starting": None,
                "// colour": f"the colour of the offer it is bought from: {_one_of(COLOURS)}",
                "colour": None,
                "// element_symbols": f"the printed elemental symbols: {_one_of(ELEMENTS)}",
                "element_symbols": None,
            }
        ],
        "// objectives": (
            "only for the objectives module: one entry per objective card (at least 4); "
            "set the list to null or [] if you do not use the module"
        ),
        "objectives": [
            {
                "id": None,
                "// vp": "the VP the automa scores when it puts the third cube on it: an integer 0..1000",
                "vp": None,
                "// title": "optional: your own words, never the printed text",
                "title": None,
            }
        ],
    }


def pack_template() -> str:
    """The blank pack as JSON text (strict JSON with ``//`` comment members), ending with a newline.

    Filled in (every ``null`` of a required field replaced, the catalogue lists extended), it is
    a pack `load_pack` reads; `pack_problems` lists what is still missing or wrong.
    """
    return json.dumps(_template(), indent=2, ensure_ascii=False) + "\n"
