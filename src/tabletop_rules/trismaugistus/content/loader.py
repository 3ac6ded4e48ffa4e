"""Load a content pack from JSON and check it against every validator of spec 6.6 (V-1..V-13).

A bad pack is rejected with `InvalidContentError`, whose message names the
record and the field, for example ``automa_cards[3] (FX-G1).potency_cost: must
be an integer from 1 to 5, got 7``; `pack_problems` lists every problem at once
instead, each with its JSON path (for owners typing a pack: ``python -m
tabletop_rules.trismaugistus pack validate PACK.json``).  The text is read
through `core.jsonio` (size first, strict JSON).  Members whose name starts with
``//`` are comments, and ``null`` leaves an optional field out (`fields`).
Loading is the only place where a pack is checked; the rules trust a loaded `Pack`.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, Final

from tabletop_rules.core.errors import InvalidContentError
from tabletop_rules.core.jsonio import brief, load_json, read_text_file
from tabletop_rules.trismaugistus.content import fields as _fields
from tabletop_rules.trismaugistus.content.checks import check_pack, pack_check_problems
from tabletop_rules.trismaugistus.content.fields import (
    PackProblem,
    Problems,
    array,
    boolean,
    card_action,
    element_symbols,
    enum,
    fail,
    get,
    has,
    id_list,
    ident,
    integer,
    name,
    no_extra,
    obj,
    pictured_dice,
    problem,
    requirement,
    text,
)
from tabletop_rules.trismaugistus.content.records import (
    PACK_SCHEMA,
    Artifact,
    AutomaCard,
    BoardSpec,
    DifficultyPreset,
    Experiment,
    FormulaScoring,
    Masterpiece,
    Objective,
    Pack,
    PicturedDie,
    Requirement,
    TrackSpec,
    pack_to_dict,
)
from tabletop_rules.trismaugistus.vocabulary import (
    COLOURS,
    DECKS,
    ELEMENTS,
    FACES,
    OBJECTIVE_ROW_SIZE,
    Deck,
    Element,
)

__all__ = [
    "EXAMPLE_PACK_ID",
    "MAX_CONTENT_CHARS",
    "FictionalPackWarning",
    "PackProblem",
    "canonical_pack",
    "check_pack",
    "checked_pack",
    "default_pack",
    "load_pack",
    "pack_from_dict",
    "pack_from_json",
    "pack_problems",
    "pack_problems_in_text",
    "pack_to_dict",
]

SCHEMA: Final = PACK_SCHEMA
SCHEMA_VERSION: Final = 1
EXAMPLE_PACK_ID: Final = "fictional-example-v1"
STAGES: Final = ("starting", "I", "II", "III")
ID_PATTERN: Final = _fields.ID_PATTERN
MAX_ID: Final = _fields.MAX_ID
"""The longest id."""
MAX_TEXT: Final = _fields.MAX_TEXT
"""The longest free text of a pack (a note, a source, a label, a title, a type name)."""
bonus_spaces_from_list: Final = _fields.bonus_spaces_from_list
MAX_CONTENT_CHARS: Final = 1_000_000
"""The longest pack JSON text the loader reads (the example pack is about 11 000 characters)."""
MAX_LEVEL: Final = _fields.MAX_LEVEL
"""The highest ``max_level`` of a mastery track (printed tracks have about 7 to 10 levels)."""
MAX_FORMULAS: Final = 20
"""The highest ``formula_scoring.max_formulas``."""
MAX_SLOTS: Final = 10
"""The most artifacts a colour may offer (``board.artifact_slots_per_colour``; the seed implies 2)."""
MAX_SYMBOLS: Final = _fields.MAX_SYMBOLS
"""The most elemental symbols on one card."""


class FictionalPackWarning(UserWarning):
    """Warns that a pack marked ``fictional`` is in use: its content is not the printed game's."""


# --- records ---------------------------------------------------------------------------------------
# Each reader reads one record through `p` (`fields.Problems`): strictly, the first problem is raised;
# otherwise each field is read on its own, so every problem of the record is found, and a record with
# a problem gives `None` (it is left out of the pack).

BOARD_FIELDS: Final = {
    "track_order",
    "experiment_area_faces",
    "artifact_slots_per_colour",
    "objective_row_size",
}
TRACK_FIELDS: Final = {"element", "max_level", "bonus_spaces", "symbol_levels", "end_vp_by_level"}
FORMULA_FIELDS: Final = {"max_formulas", "vp_by_count"}
CARD_FIELDS: Final = {"id", "deck", "dice", "potency_cost", "action", "personality_element", "label"}
PRESET_FIELDS: Final = {"level", "draw_deck", "face_up_discard", "removed"}
EXPERIMENT_FIELDS: Final = {"id", "stage", "type", "requirement", "vp", "element_symbols"}
MASTERPIECE_FIELDS: Final = {"id", "type", "requirement", "vp", "element_symbols"}
ARTIFACT_FIELDS: Final = {"id", "starting", "colour", "element_symbols"}
OBJECTIVE_FIELDS: Final = {"id", "vp", "title"}


def _board(raw: Any, p: Problems) -> BoardSpec | None:
    w = "board"
    b = obj(raw, w)
    start = p.mark()
    p.read(lambda: no_extra(b, BOARD_FIELDS, w), None)

    def order() -> tuple[Any, ...]:
        found = tuple(
            enum(e, ELEMENTS, f"{w}.track_order[{i}]")
            for i, e in enumerate(array(get(b, "track_order", w), f"{w}.track_order"))
        )
        if sorted(found) != sorted(ELEMENTS):  # V-9
            fail(f"{w}.track_order", "must list earth, fire, water and air exactly once each")
        return found

    def faces() -> tuple[Any, ...]:
        found = tuple(
            enum(f, FACES, f"{w}.experiment_area_faces[{i}]")
            for i, f in enumerate(array(get(b, "experiment_area_faces", w), f"{w}.experiment_area_faces"))
        )
        if len(set(found)) != len(found):
            fail(f"{w}.experiment_area_faces", "lists a face twice")
        return found

    def row() -> int:
        size = integer(get(b, "objective_row_size", w), f"{w}.objective_row_size")
        if size != OBJECTIVE_ROW_SIZE:
            fail(f"{w}.objective_row_size", f"must be {OBJECTIVE_ROW_SIZE} (T-OBJ-1), got {size}")
        return size

    def slots() -> int:
        where = f"{w}.artifact_slots_per_colour"
        return integer(get(b, "artifact_slots_per_colour", w), where, 1, MAX_SLOTS)

    spec = BoardSpec(p.read(order, ()), p.read(faces, ()), p.read(slots, 0), p.read(row, 0))
    return spec if p.mark() == start else None


def _track(raw: Any, index: int, p: Problems) -> TrackSpec | None:
    t = obj(raw, f"tracks[{index}]")
    element_name = t.get("element")
    w = f"tracks[{index}] ({element_name})" if element_name in ELEMENTS else f"tracks[{index}]"
    start = p.mark()
    p.read(lambda: no_extra(t, TRACK_FIELDS, w), None)
    element: Element = p.read(lambda: enum(get(t, "element", w), ELEMENTS, f"{w}.element"), "earth")
    max_level = p.read(lambda: integer(get(t, "max_level", w), f"{w}.max_level", 1, MAX_LEVEL), 0)
    top = max_level or MAX_LEVEL  # a bad max_level: the levels are still checked against the largest

    def symbols() -> tuple[int, ...]:
        found = tuple(
            integer(v, f"{w}.symbol_levels[{i}]", 1, top)
            for i, v in enumerate(array(get(t, "symbol_levels", w), f"{w}.symbol_levels"))
        )
        if len(set(found)) != len(found):
            fail(f"{w}.symbol_levels", "lists a level twice")
        return tuple(sorted(found))

    def end_vp() -> tuple[int, ...]:
        found = tuple(
            integer(v, f"{w}.end_vp_by_level[{i}]", 0)
            for i, v in enumerate(array(get(t, "end_vp_by_level", w), f"{w}.end_vp_by_level"))
        )
        if max_level and len(found) != max_level + 1:
            fail(
                f"{w}.end_vp_by_level", f"must have max_level + 1 = {max_level + 1} entries, got {len(found)}"
            )
        return found

    spec = TrackSpec(
        element,
        max_level,
        p.read(lambda: bonus_spaces_from_list(get(t, "bonus_spaces", w), top, f"{w}.bonus_spaces"), ()),
        p.read(symbols, ()),
        p.read(end_vp, ()),
    )
    return spec if p.mark() == start else None


def _formula(raw: Any, p: Problems) -> FormulaScoring | None:
    w = "formula_scoring"
    f = obj(raw, w)
    start = p.mark()
    p.read(lambda: no_extra(f, FORMULA_FIELDS, w), None)
    max_formulas = p.read(lambda: integer(get(f, "max_formulas", w), f"{w}.max_formulas", 1, MAX_FORMULAS), 0)

    def table() -> tuple[int, ...]:
        vps = tuple(
            integer(v, f"{w}.vp_by_count[{i}]", 0)
            for i, v in enumerate(array(get(f, "vp_by_count", w), f"{w}.vp_by_count"))
        )
        if max_formulas and len(vps) != max_formulas + 1:  # V-11
            fail(
                f"{w}.vp_by_count", f"must have max_formulas + 1 = {max_formulas + 1} entries, got {len(vps)}"
            )
        if vps and vps[0] != 0:
            fail(f"{w}.vp_by_count[0]", f"must be 0, got {vps[0]}")
        for i in range(1, len(vps)):
            if vps[i] < vps[i - 1]:
                fail(f"{w}.vp_by_count[{i}]", f"must not be smaller than the entry before it ({vps[i - 1]})")
        return vps

    scoring = FormulaScoring(max_formulas, p.read(table, ()))
    return scoring if p.mark() == start else None


def _card(raw: Any, index: int, p: Problems) -> AutomaCard | None:
    c = obj(raw, f"automa_cards[{index}]")
    w = name("automa_cards", index, c)
    start = p.mark()
    p.read(lambda: no_extra(c, CARD_FIELDS, w), None)
    card_id = p.read(lambda: ident(get(c, "id", w), f"{w}.id"), "")
    deck: Deck = p.read(lambda: enum(get(c, "deck", w), DECKS, f"{w}.deck"), "purple")
    needs_sections = deck != "purple"  # V-8; purple sections are optional (T-RULING-26)
    dice: tuple[PicturedDie, ...] = ()
    if has(c, "dice") or needs_sections:
        dice = p.read(lambda: pictured_dice(c, w), ())
    cost: int | None = None
    if has(c, "potency_cost") or needs_sections:
        cost = p.read(lambda: integer(get(c, "potency_cost", w), f"{w}.potency_cost", 1, 5), None)
    action = p.read(lambda: card_action(c, w), None) if has(c, "action") or needs_sections else None

    def personality() -> Any:
        if deck != "purple":
            fail(f"{w}.personality_element", "is for purple cards only")
        return enum(c["personality_element"], ELEMENTS, f"{w}.personality_element")

    element = p.read(personality, None) if has(c, "personality_element") else None
    label = p.read(lambda: text(c["label"], f"{w}.label"), None) if has(c, "label") else None
    card = AutomaCard(card_id, deck, dice, cost, action, element, label)
    return card if p.mark() == start else None


def _preset(raw: Any, index: int, p: Problems) -> DifficultyPreset | None:
    r = obj(raw, f"difficulty_presets[{index}]")
    level_given = r.get("level")
    known = type(level_given) is int and 1 <= level_given <= 3
    w = f"difficulty_presets[{index}] (level {level_given})" if known else f"difficulty_presets[{index}]"
    start = p.mark()
    p.read(lambda: no_extra(r, PRESET_FIELDS, w), None)
    preset = DifficultyPreset(
        p.read(lambda: integer(get(r, "level", w), f"{w}.level", 1, 3), 0),
        p.read(lambda: id_list(get(r, "draw_deck", w), f"{w}.draw_deck"), ()),
        p.read(lambda: id_list(get(r, "face_up_discard", w), f"{w}.face_up_discard"), ()),
        p.read(lambda: id_list(get(r, "removed", w), f"{w}.removed"), ()),
    )
    return preset if p.mark() == start else None


def _experiment(raw: Any, index: int, p: Problems) -> Experiment | None:
    e = obj(raw, f"experiments[{index}]")
    w = name("experiments", index, e)
    start = p.mark()
    p.read(lambda: no_extra(e, EXPERIMENT_FIELDS, w), None)
    record = Experiment(
        p.read(lambda: ident(get(e, "id", w), f"{w}.id"), ""),
        p.read(lambda: enum(get(e, "stage", w), STAGES, f"{w}.stage"), ""),
        p.read(lambda: text(get(e, "type", w), f"{w}.type"), ""),
        p.read(lambda: requirement(get(e, "requirement", w), f"{w}.requirement"), Requirement("earth", 0)),
        p.read(lambda: integer(get(e, "vp", w), f"{w}.vp", 0), 0),
        p.read(lambda: element_symbols(get(e, "element_symbols", w), f"{w}.element_symbols"), ()),
    )
    return record if p.mark() == start else None


def _masterpiece(raw: Any, index: int, p: Problems) -> Masterpiece | None:
    m = obj(raw, f"masterpieces[{index}]")
    w = name("masterpieces", index, m)
    start = p.mark()
    p.read(lambda: no_extra(m, MASTERPIECE_FIELDS, w), None)
    record = Masterpiece(
        p.read(lambda: ident(get(m, "id", w), f"{w}.id"), ""),
        p.read(lambda: text(get(m, "type", w), f"{w}.type"), ""),
        p.read(lambda: requirement(get(m, "requirement", w), f"{w}.requirement"), Requirement("earth", 0)),
        p.read(lambda: integer(get(m, "vp", w), f"{w}.vp", 0), 0),
        p.read(lambda: element_symbols(get(m, "element_symbols", w), f"{w}.element_symbols"), ()),
    )
    return record if p.mark() == start else None


def _artifact(raw: Any, index: int, p: Problems) -> Artifact | None:
    a = obj(raw, f"artifacts[{index}]")
    w = name("artifacts", index, a)
    start = p.mark()
    p.read(lambda: no_extra(a, ARTIFACT_FIELDS, w), None)
    record = Artifact(
        p.read(lambda: ident(get(a, "id", w), f"{w}.id"), ""),
        p.read(lambda: boolean(get(a, "starting", w), f"{w}.starting"), False),
        p.read(lambda: enum(get(a, "colour", w), COLOURS, f"{w}.colour"), "red"),
        p.read(lambda: element_symbols(get(a, "element_symbols", w), f"{w}.element_symbols"), ()),
    )
    return record if p.mark() == start else None


def _objective(raw: Any, index: int, p: Problems) -> Objective | None:
    o = obj(raw, f"objectives[{index}]")
    w = name("objectives", index, o)
    start = p.mark()
    p.read(lambda: no_extra(o, OBJECTIVE_FIELDS, w), None)
    record = Objective(
        p.read(lambda: ident(get(o, "id", w), f"{w}.id"), ""),
        p.read(lambda: integer(get(o, "vp", w), f"{w}.vp", 0), 0),
        p.read(lambda: text(o["title"], f"{w}.title"), None) if has(o, "title") else None,
    )
    return record if p.mark() == start else None


_WHAT: Final = "Trismaugistus pack JSON"
TOP_LEVEL: Final = {
    "schema", "schema_version", "pack_id", "fictional", "note", "source", "board", "tracks",
    "formula_scoring", "automa_cards", "difficulty_presets", "experiments", "masterpieces",
    "artifacts", "objectives",
}  # fmt: skip


def _section(top: Mapping[str, Any], key: str, read: Any, p: Problems, complete: set[str]) -> tuple[Any, ...]:
    """The records of the list `key`, read one by one; the section is `complete` if every record is.

    A broken automa card whose id and deck are sound stands in for itself in the deck checks
    (V-2..V-7 read only those), so that a problem in a card's dice does not hide one in a preset.
    """
    start = p.mark()
    where = f"pack.{key}"
    if key == "objectives" and not has(top, key):
        items: Sequence[Any] = []
    else:
        items = p.read(lambda: array(get(top, key, "pack"), where), [])
    records = []
    whole = True
    for index, item in enumerate(items):

        def record(item: Any = item, index: int = index) -> Any:
            return read(item, index, p)

        found = p.read(record, None)
        if found is None and key == "automa_cards":
            found = _stand_in(item)
        whole = whole and found is not None
        records.append(found)
    if p.mark() == start or (whole and items and key == "automa_cards"):
        complete.add(key)
    return tuple(r for r in records if r is not None)


def _stand_in(raw: Any) -> AutomaCard | None:
    """An automa card with only its id and deck, if both are sound (for the deck checks)."""
    if not isinstance(raw, Mapping):
        return None
    card_id, deck = raw.get("id"), raw.get("deck")
    if (
        type(card_id) is str
        and 0 < len(card_id) <= MAX_ID
        and ID_PATTERN.fullmatch(card_id)
        and deck in DECKS
    ):
        return AutomaCard(card_id, deck, (), None, None)
    return None


def _read_pack(raw: Any, p: Problems) -> Pack | None:
    """The pack of `raw`, read through `p`; `None` if `p` keeps going and found a problem."""
    w = "pack"
    top = obj(raw, w)
    start = p.mark()
    complete: set[str] = set()
    p.read(lambda: no_extra(top, TOP_LEVEL, w), None)

    def schema() -> None:
        if get(top, "schema", w) != SCHEMA:
            fail("pack.schema", f"must be {brief(SCHEMA)}, got {brief(top['schema'])}")

    def version() -> int:
        found = integer(get(top, "schema_version", w), "pack.schema_version")
        if found != SCHEMA_VERSION:
            fail("pack.schema_version", f"must be {SCHEMA_VERSION}, got {found}")
        return found

    p.read(schema, None)
    schema_version = p.read(version, SCHEMA_VERSION)
    note = p.read(lambda: text(top["note"], "pack.note"), None) if top.get("note") not in (None, "") else None
    source = p.read(lambda: text(top["source"], "pack.source"), None) if has(top, "source") else None
    pack_id = p.read(lambda: text(get(top, "pack_id", w), "pack.pack_id"), "")
    fictional = p.read(lambda: boolean(get(top, "fictional", w), "pack.fictional"), False)
    if "fictional" in top and top["fictional"] is not None and type(top["fictional"]) is bool:
        complete.add("fictional")
    board = p.read(lambda: _board(get(top, "board", w), p), None)
    tracks = _section(top, "tracks", _track, p, complete)
    formula = p.read(lambda: _formula(get(top, "formula_scoring", w), p), None)
    pack = Pack(
        schema_version=schema_version,
        pack_id=pack_id,
        fictional=fictional,
        note=note,
        source=source,
        board=board if board is not None else BoardSpec((), (), 0, 0),
        tracks=tracks,
        formula_scoring=formula if formula is not None else FormulaScoring(0, ()),
        automa_cards=_section(top, "automa_cards", _card, p, complete),
        difficulty_presets=_section(top, "difficulty_presets", _preset, p, complete),
        experiments=_section(top, "experiments", _experiment, p, complete),
        masterpieces=_section(top, "masterpieces", _masterpiece, p, complete),
        artifacts=_section(top, "artifacts", _artifact, p, complete),
        objectives=_section(top, "objectives", _objective, p, complete),
    )
    if p.strict:
        check_pack(pack)
        return pack
    for where, message in pack_check_problems(pack, frozenset(complete)):
        p.add(where, message)
    return pack if p.mark() == start else None


def pack_from_dict(raw: Any) -> Pack:
    """Build a `Pack` from decoded JSON and run every validator (V-1..V-13).

    Members whose name starts with ``//`` are comments, ignored in every object; ``null``
    is the same as leaving out an optional field.

    Raises:
        InvalidContentError: naming the record and field that is wrong (the first problem; see
            `pack_problems` for all of them).
    """
    pack = _read_pack(raw, Problems(strict=True))
    assert pack is not None
    return pack


def pack_problems(raw: Any) -> tuple[PackProblem, ...]:
    """Every problem of a pack's decoded JSON at once, each with its JSON path (empty if it is valid).

    The same checks as `pack_from_dict`, which raises the first: each field is read on its own,
    then the cross-record validators V-1..V-13 run over every section whose records are all
    sound (a broken record would make them report what is not wrong). At most
    `fields.MAX_PROBLEMS` problems are listed; a last one counts the rest.
    """
    p = Problems(strict=False)
    p.read(lambda: _read_pack(raw, p), None)
    return p.report()


def pack_problems_in_text(json_text: str) -> tuple[PackProblem, ...]:
    """`pack_problems` of a pack's JSON text: text that is not JSON (or too long) is one problem at ``$``."""
    try:
        raw = load_json(json_text, limit=MAX_CONTENT_CHARS, what=_WHAT, error=InvalidContentError)
    except InvalidContentError as exc:
        return (problem("pack", str(exc)),)
    return pack_problems(raw)


def pack_from_json(text: str) -> Pack:
    """Parse JSON text into a checked `Pack`.

    The text may be at most `MAX_CONTENT_CHARS` characters; it is read through
    `core.jsonio.load_json` (strict JSON: no NaN, no duplicate keys).

    Raises:
        InvalidContentError: on bad JSON or a pack that breaks the schema.
    """
    raw = load_json(text, limit=MAX_CONTENT_CHARS, what=_WHAT, error=InvalidContentError)
    return pack_from_dict(raw)


def load_pack(path: str | Path, *, warn_fictional: bool = True) -> Pack:
    """Load and check the pack at ``path``.

    A pack marked ``fictional`` triggers a one-line `FictionalPackWarning`
    (pass ``warn_fictional=False`` in tests).

    Raises:
        InvalidContentError: if the file cannot be read or the pack breaks the schema.
    """
    text = read_text_file(path, limit=MAX_CONTENT_CHARS, what="Trismaugistus pack", error=InvalidContentError)
    pack = pack_from_json(text)
    if pack.fictional and warn_fictional:
        warnings.warn(
            f"pack {brief(pack.pack_id)} is FICTIONAL example data, not the printed game's content",
            FictionalPackWarning,
            stacklevel=2,
        )
    return pack


def checked_pack(pack: Any) -> Pack:
    """A `Pack` built in code (not loaded), checked field by field as the loader checks JSON.

    Returns the shared canonical instance of its content (bonus spaces and symbol levels sorted).

    Raises:
        InvalidContentError: if ``pack`` is not a `Pack` or breaks any check of the loader (V-1..V-13,
            types, bounds, a playable setup).
    """
    if type(pack) is not Pack:
        raise InvalidContentError(f"a Trismaugistus pack is a Pack, not {type(pack).__name__}")
    try:
        return _checked_pack(pack)
    except TypeError as exc:  # an unhashable field: a list where the records hold tuples
        raise InvalidContentError(f"pack: malformed record ({brief(str(exc), 120)})") from None


@functools.lru_cache(maxsize=16)  # keyed by the immutable pack; returns the shared immutable pack
def _checked_pack(pack: Pack) -> Pack:
    try:
        data = pack_to_dict(pack)
    except (TypeError, AttributeError, ValueError, KeyError) as exc:
        raise InvalidContentError(f"pack: malformed record ({type(exc).__name__})") from None
    return canonical_pack(pack_from_dict(data))


@functools.lru_cache(maxsize=16)
def canonical_pack(pack: Pack) -> Pack:
    """One shared instance per distinct pack, so states compare their packs by identity first."""
    return pack


@functools.cache
def default_pack() -> Pack:
    """The bundled **fictional** example pack (``fictional-example-v1``).

    Its cards, tracks and values are invented for tests and documentation; they
    are not the printed game's content.  Owners load their own pack with
    `load_pack`.
    """
    text = resources.files("tabletop_rules.trismaugistus.content").joinpath(
        "data", "trismaugistus_example_pack.json"
    )
    return canonical_pack(pack_from_json(text.read_text(encoding="utf-8")))
