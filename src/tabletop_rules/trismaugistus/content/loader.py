"""Load a content pack from JSON and check it against every validator of spec 6.6 (V-1..V-13).

A bad pack is rejected with `InvalidContentError`, whose message names the
record and the field, for example ``automa_cards[3] (FX-G1).potency_cost: must
be an integer from 1 to 5, got 7``.  The text is read through `core.jsonio`
(size first, strict JSON).  Loading is the only place where a pack is checked;
the rules trust a loaded `Pack`.
"""

from __future__ import annotations

import functools
import re
import warnings
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, Final, NoReturn

from tabletop_rules.core.errors import InvalidContentError
from tabletop_rules.core.jsonio import brief, load_json, read_text_file
from tabletop_rules.trismaugistus.content.checks import check_pack
from tabletop_rules.trismaugistus.content.records import (
    PACK_SCHEMA,
    Action,
    Artifact,
    AutomaCard,
    BoardSpec,
    BonusSpace,
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
    ACTION_KINDS,
    BONUS_KINDS,
    COLOURS,
    DECKS,
    ELEMENTS,
    FACES,
    OBJECTIVE_ROW_SIZE,
    SYMBOLS,
)

__all__ = [
    "EXAMPLE_PACK_ID",
    "MAX_CONTENT_CHARS",
    "FictionalPackWarning",
    "canonical_pack",
    "check_pack",
    "checked_pack",
    "default_pack",
    "load_pack",
    "pack_from_dict",
    "pack_from_json",
    "pack_to_dict",
]

SCHEMA: Final = PACK_SCHEMA
SCHEMA_VERSION: Final = 1
EXAMPLE_PACK_ID: Final = "fictional-example-v1"
STAGES: Final = ("starting", "I", "II", "III")
ID_PATTERN: Final = re.compile(r"[A-Za-z0-9_.\-]+")
MAX_CONTENT_CHARS: Final = 1_000_000
"""The longest pack JSON text the loader reads (the example pack is about 11 000 characters)."""
MAX_RECORDS: Final = 500
"""The longest list of a pack (cards, experiments, artifacts, masterpieces, objectives, preset lists)."""
MAX_VALUE: Final = 1000
"""The largest number of a pack (VP values, end-game VP, formula VP); printed values are below 100."""
MAX_LEVEL: Final = 50
"""The highest ``max_level`` of a mastery track (printed tracks have about 7 to 10 levels)."""
MAX_FORMULAS: Final = 20
"""The highest ``formula_scoring.max_formulas``."""
MAX_SLOTS: Final = 10
"""The most artifacts a colour may offer (``board.artifact_slots_per_colour``; the seed implies 2)."""
MAX_SYMBOLS: Final = 12
"""The most elemental symbols on one card."""
MAX_TEXT: Final = 1000
"""The longest free text of a pack (a note, a source, a label, a title, a type name)."""
MAX_ID: Final = 64
"""The longest id."""


class FictionalPackWarning(UserWarning):
    """Warns that a pack marked ``fictional`` is in use: its content is not the printed game's."""


def _fail(where: str, message: str) -> NoReturn:
    raise InvalidContentError(f"{where}: {message}")


# --- typed field readers ---------------------------------------------------------------------------


def _obj(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        _fail(where, f"must be an object, got {type(value).__name__}")
    return value


def _list(value: Any, where: str, limit: int = MAX_RECORDS) -> Sequence[Any]:
    if type(value) is not list:
        _fail(where, f"must be an array, got {type(value).__name__}")
    if len(value) > limit:
        _fail(where, f"has {len(value)} entries; a pack has at most {limit} here")
    return value


def _int(value: Any, where: str, low: int | None = None, high: int = MAX_VALUE) -> int:
    if type(value) is not int:
        _fail(where, f"must be an integer, got {brief(value)}")
    if (low is not None and value < low) or value > high:
        span = f"from {low} to {high}" if low is not None else f"at most {high}"
        _fail(where, f"must be an integer {span}, got {brief(value)}")
    return value


def _str(value: Any, where: str, limit: int = MAX_TEXT) -> str:
    if type(value) is not str or not value:
        _fail(where, f"must be a non-empty string, got {brief(value)}")
    if len(value) > limit:
        _fail(where, f"is {len(value)} characters long; at most {limit} are read")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        _fail(where, f"contains a lone surrogate: {brief(value)}")
    return value


def _ident(value: Any, where: str) -> str:
    text = _str(value, where, MAX_ID)
    if not ID_PATTERN.fullmatch(text):
        _fail(
            where, f"ids are used in move notation: letters, digits, '_', '.' and '-' only, got {brief(text)}"
        )
    return text


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        _fail(where, f"must be true or false, got {brief(value)}")
    return value


def _enum(value: Any, allowed: Sequence[str], where: str) -> Any:
    if type(value) is not str or value not in allowed:
        _fail(where, f"must be one of {', '.join(allowed)}, got {brief(value)}")
    return value


def _get(record: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in record:
        _fail(where, f"missing field {brief(key)}")
    return record[key]


def _no_extra(record: Mapping[str, Any], allowed: set[str], where: str) -> None:
    extra = sorted(set(record) - allowed)
    if extra:
        _fail(where, f"unknown field {brief(extra[0])}")


def _name(kind: str, index: int, record: Mapping[str, Any]) -> str:
    ident = record.get("id")
    return (
        f"{kind}[{index}] ({ident})"
        if isinstance(ident, str) and len(ident) <= MAX_ID
        else f"{kind}[{index}]"
    )


# --- records ---------------------------------------------------------------------------------------


def _board(raw: Any) -> BoardSpec:
    w = "board"
    b = _obj(raw, w)
    _no_extra(
        b, {"track_order", "experiment_area_faces", "artifact_slots_per_colour", "objective_row_size"}, w
    )
    order = tuple(
        _enum(e, ELEMENTS, f"{w}.track_order[{i}]")
        for i, e in enumerate(_list(_get(b, "track_order", w), f"{w}.track_order"))
    )
    if sorted(order) != sorted(ELEMENTS):  # V-9
        _fail(f"{w}.track_order", "must list earth, fire, water and air exactly once each")
    faces = tuple(
        _enum(f, FACES, f"{w}.experiment_area_faces[{i}]")
        for i, f in enumerate(_list(_get(b, "experiment_area_faces", w), f"{w}.experiment_area_faces"))
    )
    if len(set(faces)) != len(faces):
        _fail(f"{w}.experiment_area_faces", "lists a face twice")
    slots = _int(_get(b, "artifact_slots_per_colour", w), f"{w}.artifact_slots_per_colour", 1, MAX_SLOTS)
    row = _int(_get(b, "objective_row_size", w), f"{w}.objective_row_size")
    if row != OBJECTIVE_ROW_SIZE:
        _fail(f"{w}.objective_row_size", f"must be {OBJECTIVE_ROW_SIZE} (T-OBJ-1), got {row}")
    return BoardSpec(order, faces, slots, row)


def bonus_spaces_from_list(raw: Any, max_level: int, where: str) -> tuple[BonusSpace, ...]:
    """Read and check a list of ``{level, kind}`` bonus spaces (6.4); used by packs and by setup inputs."""
    spaces: list[BonusSpace] = []
    for i, item in enumerate(_list(raw, where)):
        wi = f"{where}[{i}]"
        sp = _obj(item, wi)
        _no_extra(sp, {"level", "kind"}, wi)
        level = _int(_get(sp, "level", wi), f"{wi}.level", 1, max_level)
        kind = _enum(_get(sp, "kind", wi), BONUS_KINDS, f"{wi}.kind")
        spaces.append(BonusSpace(level, kind))
    levels = [s.level for s in spaces]
    if len(set(levels)) != len(levels):
        _fail(where, "has two bonus spaces on the same level")
    return tuple(sorted(spaces))


def _track(raw: Any, index: int) -> TrackSpec:
    t = _obj(raw, f"tracks[{index}]")
    element_name = t.get("element")
    shown = element_name if element_name in ELEMENTS else brief(element_name, 12)
    w = f"tracks[{index}] ({shown})"
    _no_extra(t, {"element", "max_level", "bonus_spaces", "symbol_levels", "end_vp_by_level"}, w)
    element = _enum(_get(t, "element", w), ELEMENTS, f"{w}.element")
    max_level = _int(_get(t, "max_level", w), f"{w}.max_level", 1, MAX_LEVEL)
    bonuses = bonus_spaces_from_list(_get(t, "bonus_spaces", w), max_level, f"{w}.bonus_spaces")
    symbols = tuple(
        _int(v, f"{w}.symbol_levels[{i}]", 1, max_level)
        for i, v in enumerate(_list(_get(t, "symbol_levels", w), f"{w}.symbol_levels"))
    )
    if len(set(symbols)) != len(symbols):
        _fail(f"{w}.symbol_levels", "lists a level twice")
    end_vp = tuple(
        _int(v, f"{w}.end_vp_by_level[{i}]", 0)
        for i, v in enumerate(_list(_get(t, "end_vp_by_level", w), f"{w}.end_vp_by_level"))
    )
    if len(end_vp) != max_level + 1:
        _fail(f"{w}.end_vp_by_level", f"must have max_level + 1 = {max_level + 1} entries, got {len(end_vp)}")
    return TrackSpec(element, max_level, bonuses, tuple(sorted(symbols)), end_vp)


def _formula(raw: Any) -> FormulaScoring:
    w = "formula_scoring"
    f = _obj(raw, w)
    _no_extra(f, {"max_formulas", "vp_by_count"}, w)
    max_formulas = _int(_get(f, "max_formulas", w), f"{w}.max_formulas", 1, MAX_FORMULAS)
    vps = tuple(
        _int(v, f"{w}.vp_by_count[{i}]", 0)
        for i, v in enumerate(_list(_get(f, "vp_by_count", w), f"{w}.vp_by_count"))
    )
    if len(vps) != max_formulas + 1:  # V-11
        _fail(f"{w}.vp_by_count", f"must have max_formulas + 1 = {max_formulas + 1} entries, got {len(vps)}")
    if vps[0] != 0:
        _fail(f"{w}.vp_by_count[0]", f"must be 0, got {vps[0]}")
    for i in range(1, len(vps)):
        if vps[i] < vps[i - 1]:
            _fail(f"{w}.vp_by_count[{i}]", f"must not be smaller than the entry before it ({vps[i - 1]})")
    return FormulaScoring(max_formulas, vps)


def _card(raw: Any, index: int) -> AutomaCard:
    c = _obj(raw, f"automa_cards[{index}]")
    w = _name("automa_cards", index, c)
    _no_extra(c, {"id", "deck", "dice", "potency_cost", "action", "personality_element", "label"}, w)
    ident = _ident(_get(c, "id", w), f"{w}.id")
    deck = _enum(_get(c, "deck", w), DECKS, f"{w}.deck")
    needs_sections = deck != "purple"  # V-8; purple sections are optional (T-RULING-26)
    dice: list[PicturedDie] = []
    if "dice" in c or needs_sections:
        items = _list(_get(c, "dice", w), f"{w}.dice")
        if not 1 <= len(items) <= 3:
            _fail(f"{w}.dice", f"must picture 1 to 3 dice, got {len(items)}")
        for i, item in enumerate(items):
            wi = f"{w}.dice[{i}]"
            d = _obj(item, wi)
            _no_extra(d, {"symbol", "colour"}, wi)
            symbol = _get(d, "symbol", wi)
            if symbol == "wild":
                _fail(
                    f"{wi}.symbol", "a pictured wild die has no meaning in the seed; please report this card"
                )
            dice.append(
                PicturedDie(
                    _enum(symbol, SYMBOLS, f"{wi}.symbol"),
                    _enum(_get(d, "colour", wi), COLOURS, f"{wi}.colour"),
                )
            )
        if len(set(dice)) != len(dice):
            _fail(f"{w}.dice", "pictures the same symbol and colour twice")
    cost: int | None = None
    if "potency_cost" in c or needs_sections:
        cost = _int(_get(c, "potency_cost", w), f"{w}.potency_cost", 1, 5)
    action: Action | None = None
    if "action" in c or needs_sections:
        wa = f"{w}.action"
        a = _obj(_get(c, "action", w), wa)
        _no_extra(a, {"kind", "params"}, wa)
        kind = _enum(_get(a, "kind", wa), ACTION_KINDS, f"{wa}.kind")
        params = _obj(a.get("params", {}), f"{wa}.params")
        track = None
        if kind == "advance_track":
            _no_extra(params, {"track"}, f"{wa}.params")
            track = _enum(_get(params, "track", f"{wa}.params"), ELEMENTS, f"{wa}.params.track")
        elif params:
            _fail(f"{wa}.params", f"must be empty for {kind} (the amounts are fixed by the seed)")
        action = Action(kind, track)
    personality = None
    if "personality_element" in c:
        if deck != "purple":
            _fail(f"{w}.personality_element", "is for purple cards only")
        personality = _enum(c["personality_element"], ELEMENTS, f"{w}.personality_element")
    label = _str(c["label"], f"{w}.label") if "label" in c else None
    return AutomaCard(ident, deck, tuple(dice), cost, action, personality, label)


def _ids(raw: Any, where: str) -> tuple[str, ...]:
    return tuple(_str(v, f"{where}[{i}]") for i, v in enumerate(_list(raw, where)))


def _preset(raw: Any, index: int) -> DifficultyPreset:
    p = _obj(raw, f"difficulty_presets[{index}]")
    w = f"difficulty_presets[{index}] (level {brief(p.get('level'), 12)})"
    _no_extra(p, {"level", "draw_deck", "face_up_discard", "removed"}, w)
    level = _int(_get(p, "level", w), f"{w}.level", 1, 3)
    return DifficultyPreset(
        level,
        _ids(_get(p, "draw_deck", w), f"{w}.draw_deck"),
        _ids(_get(p, "face_up_discard", w), f"{w}.face_up_discard"),
        _ids(_get(p, "removed", w), f"{w}.removed"),
    )


def _requirement(raw: Any, where: str) -> Requirement:
    r = _obj(raw, where)
    _no_extra(r, {"track", "level"}, where)
    return Requirement(
        _enum(_get(r, "track", where), ELEMENTS, f"{where}.track"),
        _int(_get(r, "level", where), f"{where}.level", 1, MAX_LEVEL),
    )


def _symbols(raw: Any, where: str) -> tuple[Any, ...]:
    return tuple(_enum(v, ELEMENTS, f"{where}[{i}]") for i, v in enumerate(_list(raw, where, MAX_SYMBOLS)))


def _experiment(raw: Any, index: int) -> Experiment:
    e = _obj(raw, f"experiments[{index}]")
    w = _name("experiments", index, e)
    _no_extra(e, {"id", "stage", "type", "requirement", "vp", "element_symbols"}, w)
    return Experiment(
        _ident(_get(e, "id", w), f"{w}.id"),
        _enum(_get(e, "stage", w), STAGES, f"{w}.stage"),
        _str(_get(e, "type", w), f"{w}.type"),
        _requirement(_get(e, "requirement", w), f"{w}.requirement"),
        _int(_get(e, "vp", w), f"{w}.vp", 0),
        _symbols(_get(e, "element_symbols", w), f"{w}.element_symbols"),
    )


def _masterpiece(raw: Any, index: int) -> Masterpiece:
    m = _obj(raw, f"masterpieces[{index}]")
    w = _name("masterpieces", index, m)
    _no_extra(m, {"id", "type", "requirement", "vp", "element_symbols"}, w)
    return Masterpiece(
        _ident(_get(m, "id", w), f"{w}.id"),
        _str(_get(m, "type", w), f"{w}.type"),
        _requirement(_get(m, "requirement", w), f"{w}.requirement"),
        _int(_get(m, "vp", w), f"{w}.vp", 0),
        _symbols(_get(m, "element_symbols", w), f"{w}.element_symbols"),
    )


def _artifact(raw: Any, index: int) -> Artifact:
    a = _obj(raw, f"artifacts[{index}]")
    w = _name("artifacts", index, a)
    _no_extra(a, {"id", "starting", "colour", "element_symbols"}, w)
    return Artifact(
        _ident(_get(a, "id", w), f"{w}.id"),
        _bool(_get(a, "starting", w), f"{w}.starting"),
        _enum(_get(a, "colour", w), COLOURS, f"{w}.colour"),
        _symbols(_get(a, "element_symbols", w), f"{w}.element_symbols"),
    )


def _objective(raw: Any, index: int) -> Objective:
    o = _obj(raw, f"objectives[{index}]")
    w = _name("objectives", index, o)
    _no_extra(o, {"id", "vp", "title"}, w)
    title = _str(o["title"], f"{w}.title") if "title" in o else None
    return Objective(_ident(_get(o, "id", w), f"{w}.id"), _int(_get(o, "vp", w), f"{w}.vp", 0), title)


TOP_LEVEL: Final = {
    "schema", "schema_version", "pack_id", "fictional", "note", "source", "board", "tracks",
    "formula_scoring", "automa_cards", "difficulty_presets", "experiments", "masterpieces",
    "artifacts", "objectives",
}  # fmt: skip


def pack_from_dict(raw: Any) -> Pack:
    """Build a `Pack` from decoded JSON and run every validator (V-1..V-13).

    Raises:
        InvalidContentError: naming the record and field that is wrong.
    """
    w = "pack"
    top = _obj(raw, w)
    _no_extra(top, TOP_LEVEL, w)
    if _get(top, "schema", w) != SCHEMA:
        _fail("pack.schema", f"must be {brief(SCHEMA)}, got {brief(top['schema'])}")
    version = _int(_get(top, "schema_version", w), "pack.schema_version")
    if version != SCHEMA_VERSION:
        _fail("pack.schema_version", f"must be {SCHEMA_VERSION}, got {version}")
    note = _str(top["note"], "pack.note") if top.get("note") not in (None, "") else None
    source = _str(top["source"], "pack.source") if top.get("source") not in (None, "") else None
    pack = Pack(
        schema_version=version,
        pack_id=_str(_get(top, "pack_id", w), "pack.pack_id"),
        fictional=_bool(_get(top, "fictional", w), "pack.fictional"),
        note=note,
        source=source,
        board=_board(_get(top, "board", w)),
        tracks=tuple(_track(t, i) for i, t in enumerate(_list(_get(top, "tracks", w), "pack.tracks"))),
        formula_scoring=_formula(_get(top, "formula_scoring", w)),
        automa_cards=tuple(
            _card(c, i) for i, c in enumerate(_list(_get(top, "automa_cards", w), "pack.automa_cards"))
        ),
        difficulty_presets=tuple(
            _preset(p, i)
            for i, p in enumerate(_list(_get(top, "difficulty_presets", w), "pack.difficulty_presets"))
        ),
        experiments=tuple(
            _experiment(e, i) for i, e in enumerate(_list(_get(top, "experiments", w), "pack.experiments"))
        ),
        masterpieces=tuple(
            _masterpiece(m, i) for i, m in enumerate(_list(_get(top, "masterpieces", w), "pack.masterpieces"))
        ),
        artifacts=tuple(
            _artifact(a, i) for i, a in enumerate(_list(_get(top, "artifacts", w), "pack.artifacts"))
        ),
        objectives=tuple(
            _objective(o, i) for i, o in enumerate(_list(top.get("objectives", []), "pack.objectives"))
        ),
    )
    check_pack(pack)
    return pack


def pack_from_json(text: str) -> Pack:
    """Parse JSON text into a checked `Pack`.

    The text may be at most `MAX_CONTENT_CHARS` characters; it is read through
    `core.jsonio.load_json` (strict JSON: no NaN, no duplicate keys).

    Raises:
        InvalidContentError: on bad JSON or a pack that breaks the schema.
    """
    raw = load_json(text, limit=MAX_CONTENT_CHARS, what="Trismaugistus pack JSON", error=InvalidContentError)
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
