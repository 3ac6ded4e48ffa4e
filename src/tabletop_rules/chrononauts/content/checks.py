"""The field checks of the card-list loader: typed fields, conditions, provenance (C-DATA-4).

Each function reads one field or record of a parsed card list, or checks one
rule of C-DATA-4, and raises `InvalidContentError` naming the card and the
field.  `tabletop_rules.chrononauts.content.loader` builds card sets with them.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Mapping, Sequence
from typing import Any, Final

from tabletop_rules.chrononauts.content.records import (
    LABELS,
    RESERVED_IDS,
    ActionCard,
    Condition,
    HomeEntry,
    Identity,
    Linchpin,
    PatchCard,
    Provenance,
    Ripplepoint,
)
from tabletop_rules.core.errors import InvalidContentError
from tabletop_rules.core.jsonio import brief, check_text

__all__ = [
    "check_params",
    "condition",
    "constraint_warnings",
    "fail",
    "freeze",
    "get",
    "label",
    "provenance",
    "read_count",
    "read_id",
    "satisfiable",
]


MAX_TEXT: Final = 120
"""The longest name, headline or other text field read (notation writes names in moves)."""
MAX_ID: Final = 60
"""The longest card id (ids are written unquoted in the notation)."""
MAX_COPIES: Final = 100
"""The most copies of one card type (a state's JSON bounds its draw pile counts the same way)."""
MAX_RECORDS: Final = 200
"""The most records in one section of a card list."""
MAX_NUMBER: Final = 20
"""The largest number an effect's ``params`` may give (cards drawn, played or discarded)."""


def fail(where: str, message: str) -> InvalidContentError:
    return InvalidContentError(f"card data: {where}: {message}")


def get(record: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in record:
        raise fail(where, f"missing field {brief(key)}")
    value = record[key]
    if isinstance(value, bool) and kind in (int, (int, type(None))):
        raise fail(where, f"field {brief(key)} must be {getattr(kind, '__name__', kind)}, got a bool")
    if not isinstance(value, kind):
        raise fail(where, f"field {brief(key)} has the wrong type {type(value).__name__}")
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise fail(where, f"field {brief(key)} is longer than {MAX_TEXT} characters")
        check_text(value, f"card data: {where}: field {brief(key)}", error=InvalidContentError)
    return value


def label(value: Any, where: str, field: str) -> str:
    if value not in LABELS:
        raise fail(
            where,
            f"field {brief(field)} has an unknown provenance label {brief(value)} (expected one of {LABELS})",
        )
    return str(value)


def provenance(record: Mapping[str, Any], where: str, *, counted: bool) -> Provenance:
    prov = label(record.get("provenance"), where, "provenance")
    name_prov = label(record.get("name_provenance"), where, "name_provenance")
    count_prov = label(record.get("count_provenance"), where, "count_provenance") if counted else None
    fields = get(record, "field_provenance", dict, where)
    pairs = tuple(sorted((str(k), label(v, where, f"field_provenance.{k}")) for k, v in fields.items()))
    sources = get(record, "sources", list, where)
    if not sources or not all(isinstance(s, str) and s for s in sources):
        raise fail(where, "field 'sources' must be a non-empty list of URLs")  # C-DATA-4.11
    return Provenance(
        provenance=prov,
        name_provenance=name_prov,
        count_provenance=count_prov,
        field_provenance=pairs,
        sources=tuple(sources),
    )


def condition(raw: Any, icons: Mapping[str, int], where: str, field: str, *, primed_only: bool) -> Condition:
    if not isinstance(raw, dict):
        raise fail(where, f"field {brief(field)} must be an object {{op, terms}}")
    op = raw.get("op")
    terms = raw.get("terms")
    if op not in ("single", "or", "and"):
        raise fail(where, f"field {brief(field)} has an unknown op {brief(op)}")
    if not isinstance(terms, list) or not all(isinstance(t, str) for t in terms):
        raise fail(where, f"field {brief(field)} must list its terms as strings")
    if (op == "single") != (len(terms) == 1) or not terms:
        raise fail(where, f"field {brief(field)}: 'single' needs one term, 'or'/'and' at least two")
    alt_mask = true_mask = 0
    for term in terms:
        icon = term[:-1] if term.endswith("'") else term
        if icon not in icons:
            raise fail(where, f"field {brief(field)} names an unknown linchpin icon {brief(icon)}")
        if term.endswith("'"):
            alt_mask |= 1 << icons[icon]
        elif primed_only:
            raise fail(
                where,
                f"field {brief(field)}: a ripplepoint condition uses primed terms only, got {brief(term)}",
            )
        else:
            true_mask |= 1 << icons[icon]
    if len(set(terms)) != len(terms):
        raise fail(where, f"field {brief(field)} repeats a term")
    return Condition(op=op, terms=tuple(terms), alt_mask=alt_mask, true_mask=true_mask)


def read_id(record: Mapping[str, Any], where: str, seen: set[str]) -> str:
    card_id = get(record, "id", str, where)
    if not card_id or card_id in seen or card_id.lower() in RESERVED_IDS:
        raise fail(where, f"id {brief(card_id)} is empty, reserved or not unique")
    if len(card_id) > MAX_ID or any(c.isspace() or c in '"\\' for c in card_id) or not card_id.isprintable():
        raise fail(
            where,
            f"id {brief(card_id)} must be at most {MAX_ID} printable characters, without spaces or quotes",
        )
    seen.add(card_id)
    return str(card_id)


def read_count(record: Mapping[str, Any], where: str) -> int:
    count = get(record, "count", int, where)
    if not 1 <= count <= MAX_COPIES:
        raise fail(where, f"field 'count' must be in 1..{MAX_COPIES}, got {brief(count)}")
    return int(count)


def freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((str(k), freeze(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


def check_params(card: ActionCard) -> None:
    """The numbers an effect reads from its ``params`` (C-DATA-3): small non-negative ints."""

    def number(value: Any, name: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_NUMBER:
            raise fail(
                card.id, f"field 'params.{name}' must be an integer in 0..{MAX_NUMBER}, got {brief(value)}"
            )

    if card.effect_key == "sell_artifact":
        number(card.param("draw", 2), "draw")
        number(card.param("mona_lisa_bonus_draw", 1), "mona_lisa_bonus_draw")
    if card.effect_key == "perform_miracle":
        if not isinstance(card.param("bonus_icon"), str):
            raise fail(card.id, "field 'params.bonus_icon' must be an icon name")
        for part in ("base", "bonus"):
            numbers = dict(card.param(part, ()))
            for key in ("draw", "play", "discard"):
                number(numbers.get(key), f"{part}.{key}")
    if card.effect_key == "fast_forward":
        number(card.param("draw", 2), "draw")
        number(card.param("play", 2), "play")


def satisfiable(
    identity: Identity,
    ripples: Mapping[int, Ripplepoint],
    patches: Mapping[str, PatchCard],
    linchpins: Mapping[int, Linchpin],
) -> bool:
    """Some linchpin arrangement makes all three home entries readable (C-DATA-4.10)."""
    mask = 0
    for entry in identity.home:
        if entry.year in linchpins:
            mask |= 1 << linchpins[entry.year].bit
        else:
            rp = ripples[entry.year]
            mask |= rp.paradox_if.alt_mask | rp.paradox_if.true_mask
            if entry.patch is not None:
                mask |= patches[entry.patch].playable_if.alt_mask | patches[entry.patch].playable_if.true_mask

    def readable(alt: int, entry: HomeEntry) -> bool:
        if entry.year in linchpins:
            return bool(alt >> linchpins[entry.year].bit & 1) == (entry.state == "alt")
        paradox = ripples[entry.year].paradox_if.holds(alt)
        if entry.state == "true":
            return not paradox
        return paradox and patches[str(entry.patch)].playable_if.holds(alt)

    bits = [1 << i for i in range(mask.bit_length()) if mask & (1 << i)]
    for chosen in itertools.product((0, 1), repeat=len(bits)):
        alt = sum(b for b, c in zip(bits, chosen, strict=True) if c)
        if all(readable(alt, entry) for entry in identity.home):
            return True
    return False


def constraint_warnings(
    constraints: object, identities: Sequence[Identity], ripple_years: Collection[int]
) -> list[str]:
    """C-DATA-7: warnings (never errors) where the IDs break the edition's ``edition_constraints``.

    An ID entry on a year that is not a ripplepoint, a patched entry on a year whose patches no ID
    of the edition uses (1945 in this edition), a true entry on a year that is never an ID's true
    year, and a patched year used by more or fewer IDs than ``identity_patch_multiplicity`` says.
    """
    if not isinstance(constraints, dict):
        return ["edition_constraints is not an object; it is ignored"]
    raw = constraints.get("identity_patch_multiplicity", {})
    never = constraints.get("ripplepoints_never_true_on_an_identity", [])
    if not isinstance(raw, dict) or not isinstance(never, list):
        return ["edition_constraints is malformed; it is ignored"]
    multiplicity = {str(k): v for k, v in raw.items()}
    out: list[str] = []
    used: dict[str, int] = {}
    for identity in identities:
        for entry in identity.home:
            if entry.year not in ripple_years:
                out.append(
                    f"{identity.id}: uses {entry.year}, which is not a ripplepoint (edition_constraints)"
                )
            elif entry.state == "patched":
                used[str(entry.year)] = used.get(str(entry.year), 0) + 1
                if multiplicity.get(str(entry.year)) == 0:
                    out.append(
                        f"{identity.id}: uses a patch of {entry.year}, which no ID of the edition uses"
                    )
            elif entry.state == "true" and entry.year in never:
                out.append(f"{identity.id}: {entry.year} is never an ID's true year in the edition")
    for year, expected in sorted(multiplicity.items()):
        if isinstance(expected, int) and expected and used.get(year, 0) != expected:
            out.append(f"{year}' is used by {used.get(year, 0)} IDs; edition_constraints says {expected}")
    return out
