"""The validating loader of Chrononauts card lists (C-DATA-1, C-DATA-4).

:func:`build` checks a parsed card list against every rule of C-DATA-4 and
builds the immutable :class:`~tabletop_rules.chrononauts.cards.CardSet`; any
violation raises :class:`~tabletop_rules.core.InvalidStateError` naming the
card and the field.  Edition constraints only give warnings (C-DATA-7).
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Mapping
from typing import Any, Final

from tabletop_rules.chrononauts.cards import (
    ACTION_EFFECTS,
    DIRECTIONS,
    LABELS,
    PLAY_SECTIONS,
    RESERVED_IDS,
    TIMEWARP_EFFECTS,
    ActionCard,
    ArtifactCard,
    CardSet,
    Condition,
    HomeEntry,
    Identity,
    InverterCard,
    Linchpin,
    Mission,
    MissionSlot,
    PatchCard,
    PlayCard,
    Provenance,
    Ripplepoint,
)
from tabletop_rules.core.errors import InvalidStateError

__all__ = ["build"]

SCHEMA_MAJOR: Final = 1


def _fail(where: str, message: str) -> InvalidStateError:
    return InvalidStateError(f"card data: {where}: {message}")


def _get(record: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in record:
        raise _fail(where, f"missing field {key!r}")
    value = record[key]
    if isinstance(value, bool) and kind in (int, (int, type(None))):
        raise _fail(where, f"field {key!r} must be {getattr(kind, '__name__', kind)}, got a bool")
    if not isinstance(value, kind):
        raise _fail(where, f"field {key!r} has the wrong type {type(value).__name__}")
    return value


def _label(value: Any, where: str, field: str) -> str:
    if value not in LABELS:
        raise _fail(
            where, f"field {field!r} has an unknown provenance label {value!r} (expected one of {LABELS})"
        )
    return str(value)


def _provenance(record: Mapping[str, Any], where: str, *, counted: bool) -> Provenance:
    prov = _label(record.get("provenance"), where, "provenance")
    name_prov = _label(record.get("name_provenance"), where, "name_provenance")
    count_prov = _label(record.get("count_provenance"), where, "count_provenance") if counted else None
    fields = _get(record, "field_provenance", dict, where)
    pairs = tuple(sorted((str(k), _label(v, where, f"field_provenance.{k}")) for k, v in fields.items()))
    sources = _get(record, "sources", list, where)
    if not sources or not all(isinstance(s, str) and s for s in sources):
        raise _fail(where, "field 'sources' must be a non-empty list of URLs")  # C-DATA-4.11
    return Provenance(prov, name_prov, count_prov, pairs, tuple(sources))


def _condition(raw: Any, icons: Mapping[str, int], where: str, field: str, *, primed_only: bool) -> Condition:
    if not isinstance(raw, dict):
        raise _fail(where, f"field {field!r} must be an object {{op, terms}}")
    op = raw.get("op")
    terms = raw.get("terms")
    if op not in ("single", "or", "and"):
        raise _fail(where, f"field {field!r} has an unknown op {op!r}")
    if not isinstance(terms, list) or not all(isinstance(t, str) for t in terms):
        raise _fail(where, f"field {field!r} must list its terms as strings")
    if (op == "single") != (len(terms) == 1) or not terms:
        raise _fail(where, f"field {field!r}: 'single' needs one term, 'or'/'and' at least two")
    alt_mask = true_mask = 0
    for term in terms:
        icon = term[:-1] if term.endswith("'") else term
        if icon not in icons:
            raise _fail(where, f"field {field!r} names an unknown linchpin icon {icon!r}")
        if term.endswith("'"):
            alt_mask |= 1 << icons[icon]
        elif primed_only:
            raise _fail(
                where, f"field {field!r}: a ripplepoint condition uses primed terms only, got {term!r}"
            )
        else:
            true_mask |= 1 << icons[icon]
    if len(set(terms)) != len(terms):
        raise _fail(where, f"field {field!r} repeats a term")
    return Condition(op, tuple(terms), alt_mask, true_mask)


def _id(record: Mapping[str, Any], where: str, seen: set[str]) -> str:
    card_id = _get(record, "id", str, where)
    if not card_id or card_id in seen or card_id.lower() in RESERVED_IDS or '"' in card_id:
        raise _fail(where, f"id {card_id!r} is empty, reserved or not unique")
    seen.add(card_id)
    return str(card_id)


def _count(record: Mapping[str, Any], where: str) -> int:
    count = _get(record, "count", int, where)
    if count < 1:
        raise _fail(where, f"field 'count' must be at least 1, got {count}")
    return int(count)


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((str(k), _freeze(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def build(data: Any, *, is_default: bool) -> CardSet:
    """Validate a parsed card list (C-DATA-4) and build the immutable card set."""
    if not isinstance(data, dict):
        raise _fail("file", "the top level must be an object")
    version = data.get("schema_version")
    if not isinstance(version, str) or version.split(".")[0] != str(SCHEMA_MAJOR):
        raise _fail("file", f"unsupported schema_version {version!r} (expected {SCHEMA_MAJOR}.x.y)")
    edition = _get(data, "edition", dict, "edition")
    counts = _get(edition, "counts", dict, "edition")
    for key in (
        "timeline",
        "linchpins",
        "ripplepoints",
        "identities",
        "missions",
        "play_deck",
        "inverters",
        "patches",
        "artifacts",
        "timewarps",
        "actions",
    ):
        _get(counts, key, int, "edition.counts")
    raw_icons = _get(data, "linchpin_icons", list, "linchpin_icons")
    if not all(isinstance(i, str) and i and "'" not in i for i in raw_icons) or len(set(raw_icons)) != len(
        raw_icons
    ):
        raise _fail("linchpin_icons", "icons must be distinct non-empty names without a prime")
    for section in ("timeline", *PLAY_SECTIONS, "missions", "identities"):
        if not isinstance(data.get(section), list) or not all(isinstance(r, dict) for r in data[section]):
            raise _fail(section, "missing or not a list of records")
    seen: set[str] = set()
    warnings: list[str] = []

    # ---- timeline (C-DATA-4.2 .. 4.4)
    timeline = data["timeline"]
    linchpin_records = [r for r in timeline if r.get("kind") == "linchpin"]
    if any(r.get("kind") not in ("linchpin", "ripplepoint") for r in timeline):
        raise _fail("timeline", "every record's kind must be 'linchpin' or 'ripplepoint'")
    if len(timeline) != counts["timeline"] or len(linchpin_records) != counts["linchpins"]:
        raise _fail(
            "timeline",
            f"expected {counts['timeline']} cards with {counts['linchpins']} linchpins "
            f"(edition.counts), found {len(timeline)} with {len(linchpin_records)}",
        )
    ordered_linchpins = sorted(linchpin_records, key=lambda r: (r.get("year", 0), str(r.get("time_index"))))
    icon_bits: dict[str, int] = {}
    for bit, record in enumerate(ordered_linchpins):
        icon = record.get("icon")
        if not isinstance(icon, str) or icon not in raw_icons or icon in icon_bits:
            raise _fail(
                f"{record.get('id')}", f"field 'icon' {icon!r} is not a distinct entry of linchpin_icons"
            )
        icon_bits[icon] = bit
    if set(icon_bits) != set(raw_icons):
        raise _fail("linchpin_icons", "the linchpins' icons differ from linchpin_icons")
    years: set[int] = set()
    indexes: set[str] = set()
    linchpins: list[Linchpin] = []
    ripplepoints: list[Ripplepoint] = []
    for record in sorted(timeline, key=lambda r: r.get("year", 0) if isinstance(r.get("year"), int) else 0):
        where = str(record.get("id"))
        card_id = _id(record, where, seen)
        year = _get(record, "year", int, where)
        time_index = _get(record, "time_index", str, where)
        if year in years or time_index in indexes:
            raise _fail(where, f"year {year} or time_index {time_index!r} is not unique")
        years.add(year)
        indexes.add(time_index)
        headline = _get(record, "true_headline", str, where)
        source = _provenance(record, where, counted=False)
        if record["kind"] == "linchpin":
            ripples = _get(record, "ripples", list, where)
            if not all(isinstance(y, int) and not isinstance(y, bool) for y in ripples):
                raise _fail(where, "field 'ripples' must list years")
            linchpins.append(
                Linchpin(
                    card_id,
                    year,
                    time_index,
                    record["icon"],
                    icon_bits[record["icon"]],
                    headline,
                    _get(record, "alt_headline", str, where),
                    tuple(sorted(ripples)),
                    source,
                )
            )
        else:
            cond = _condition(record.get("paradox_if"), icon_bits, where, "paradox_if", primed_only=True)
            patch_ids = _get(record, "patch_ids", list, where)
            ripplepoints.append(
                Ripplepoint(
                    card_id,
                    year,
                    time_index,
                    headline,
                    cond,
                    bool(_get(record, "nexus", bool, where)),
                    tuple(str(p) for p in patch_ids),
                    source,
                )
            )
    if len(ripplepoints) != counts["ripplepoints"]:
        raise _fail("timeline", f"expected {counts['ripplepoints']} ripplepoints, found {len(ripplepoints)}")
    ripple_by_year = {r.year: r for r in ripplepoints}
    for lp in linchpins:  # C-DATA-4.4 / C-TL-7
        expected = sorted(r.year for r in ripplepoints if r.paradox_if.alt_mask & (1 << lp.bit))
        if list(lp.ripples) != expected:
            raise _fail(lp.id, f"field 'ripples' {list(lp.ripples)} disagrees with the conditions {expected}")

    # ---- patches (C-DATA-4.5)
    patches: list[PatchCard] = []
    for record in data["patches"]:
        where = str(record.get("id"))
        card_id = _id(record, where, seen)
        year = _get(record, "year", int, where)
        if year not in ripple_by_year:
            raise _fail(where, f"field 'year' {year} is not a ripplepoint year")
        if card_id not in ripple_by_year[year].patch_ids:
            raise _fail(where, f"not listed in the patch_ids of ripplepoint {year}")
        cond = _condition(record.get("playable_if"), icon_bits, where, "playable_if", primed_only=False)
        patches.append(
            PatchCard(
                card_id,
                year,
                _get(record, "headline", str, where),
                _count(record, where),
                cond,
                bool(_get(record, "unstable", bool, where)),
                bool(_get(record, "triggers_ultraparadox", bool, where)),
                _provenance(record, where, counted=True),
            )
        )
    patch_by_id = {p.id: p for p in patches}
    for rp in ripplepoints:
        for pid in rp.patch_ids:
            if pid not in patch_by_id or patch_by_id[pid].year != rp.year:
                raise _fail(rp.id, f"field 'patch_ids' names {pid!r}, which is not a patch of {rp.year}")
        mine = [patch_by_id[pid] for pid in rp.patch_ids]
        if not mine:
            raise _fail(rp.id, "field 'patch_ids' is empty")
        if len(mine) > 1 and not all(p.unstable for p in mine):
            raise _fail(rp.id, "a year with several patches must have all of them unstable")
        for p in mine:
            if not p.unstable and p.playable_if != rp.paradox_if:
                raise _fail(
                    p.id, f"field 'playable_if' of a stable patch must equal the paradox_if of {rp.year}"
                )
    if sum(p.count for p in patches) != counts["patches"]:
        raise _fail(
            "patches",
            f"counts add up to {sum(p.count for p in patches)}, edition.counts says {counts['patches']}",
        )
    if sum(p.triggers_ultraparadox for p in patches) > 1:
        raise _fail("patches", "at most one patch may trigger the UltraParadox")

    # ---- inverters, actions, timewarps (C-DATA-4.6, 4.7)
    inverters: list[InverterCard] = []
    for record in data["inverters"]:
        where = str(record.get("id"))
        card_id = _id(record, where, seen)
        raw_targets = record.get("targets")
        if raw_targets == "*":
            targets, any_target = tuple(lp.icon for lp in linchpins), True
        elif isinstance(raw_targets, list) and raw_targets and all(t in icon_bits for t in raw_targets):
            targets, any_target = tuple(sorted(raw_targets, key=icon_bits.__getitem__)), False
        else:
            raise _fail(
                where, f"field 'targets' must be '*' or a list of linchpin icons, got {raw_targets!r}"
            )
        direction = record.get("direction")
        if direction not in DIRECTIONS:
            raise _fail(where, f"field 'direction' {direction!r} is not one of {DIRECTIONS}")
        inverters.append(
            InverterCard(
                card_id,
                _get(record, "name", str, where),
                _count(record, where),
                targets,
                any_target,
                str(direction),
                _provenance(record, where, counted=True),
            )
        )

    def effect_cards(section: str, kind: str, known: frozenset[str]) -> list[ActionCard]:
        out = []
        for record in data[section]:
            where = str(record.get("id"))
            card_id = _id(record, where, seen)
            key = record.get("effect_key")
            if key not in known:
                raise _fail(where, f"field 'effect_key' {key!r} is not known to the engine ({sorted(known)})")
            params = _get(record, "params", dict, where)
            out.append(
                ActionCard(
                    card_id,
                    _get(record, "name", str, where),
                    _count(record, where),
                    kind,
                    str(key),
                    _freeze(params),
                    str(record.get("effect", "")),
                    _provenance(record, where, counted=True),
                )
            )
        return out

    actions = effect_cards("actions", "action", ACTION_EFFECTS)
    timewarps = effect_cards("timewarps", "timewarp", TIMEWARP_EFFECTS)
    for card in actions:
        _check_params(card)

    # ---- artifacts (C-DATA-4.8)
    artifacts: list[ArtifactCard] = []
    ranks: list[int] = []
    up_year = next((p.year for p in patches if p.triggers_ultraparadox), None)
    for record in data["artifacts"]:
        where = str(record.get("id"))
        card_id = _id(record, where, seen)
        count = _count(record, where)
        if count != 1:
            raise _fail(where, f"field 'count' of an Artifact must be 1, got {count}")
        year = _get(record, "year", (int, type(None)), where)
        rank = _get(record, "mona_lisa_rank", (int, type(None)), where)
        if rank is not None:
            if rank < 1:
                raise _fail(where, f"field 'mona_lisa_rank' must be positive, got {rank}")
            ranks.append(rank)
        icons = _get(record, "icons", list, where)
        if not all(isinstance(i, str) for i in icons):
            raise _fail(where, "field 'icons' must list strings")
        blocked = bool(_get(record, "ultraparadox_blocked", bool, where))
        if up_year is not None and year is not None and year > up_year and not blocked:
            raise _fail(where, f"an Artifact dated {year} (after {up_year}) must be ultraparadox_blocked")
        artifacts.append(
            ArtifactCard(
                card_id,
                _get(record, "name", str, where),
                count,
                year,
                str(record.get("era", "unknown")),
                tuple(icons),
                rank,
                blocked,
                _provenance(record, where, counted=True),
            )
        )
    if len(set(ranks)) != len(ranks):
        warnings.append("Mona Lisa ranks are not distinct; C-RULING-5 decides ties")

    deck_sizes = {
        "inverters": sum(c.count for c in inverters),
        "actions": sum(c.count for c in actions),
        "timewarps": sum(c.count for c in timewarps),
        "artifacts": len(artifacts),
    }
    for key, size in deck_sizes.items():
        if size != counts[key]:
            raise _fail(key, f"counts add up to {size}, edition.counts says {counts[key]}")
    if sum(deck_sizes.values()) + counts["patches"] != counts["play_deck"]:
        raise _fail("edition.counts", "the five play-deck categories do not add up to play_deck")

    # ---- missions (C-DATA-4.9)
    artifact_ids = {a.id for a in artifacts}
    missions: list[Mission] = []
    for record in data["missions"]:
        where = str(record.get("id"))
        card_id = _id(record, where, seen)
        requires = _get(record, "requires", list, where)
        if len(requires) != 3:
            raise _fail(where, f"field 'requires' must have three slots, has {len(requires)}")
        slots = []
        for slot in requires:
            kind = slot.get("type") if isinstance(slot, dict) else None
            if kind == "artifact":
                names = [slot.get("artifact")]
            elif kind == "any_of":
                names = slot.get("artifacts") if isinstance(slot.get("artifacts"), list) else [None]
            elif kind == "most_convincing_mona_lisa":
                names = []
            else:
                raise _fail(where, f"field 'requires' has an unknown slot type {kind!r}")
            for name in names:
                if name not in artifact_ids:
                    raise _fail(where, f"field 'requires' names an unknown artifact {name!r}")
            slots.append(MissionSlot(str(kind), tuple(str(n) for n in names)))
        named = [s.artifacts[0] for s in slots if s.type == "artifact"]
        if len(set(named)) != len(named):
            raise _fail(where, "field 'requires' has two identical artifact slots")
        missions.append(
            Mission(
                card_id,
                _get(record, "name", str, where),
                tuple(slots),
                _provenance(record, where, counted=False),
            )
        )
    if len(missions) != counts["missions"]:
        raise _fail("missions", f"expected {counts['missions']} Missions, found {len(missions)}")

    # ---- identities (C-DATA-4.10)
    linchpin_by_year = {lp.year: lp for lp in linchpins}
    identities: list[Identity] = []
    for record in data["identities"]:
        where = str(record.get("id"))
        card_id = _id(record, where, seen)
        home = _get(record, "home", list, where)
        entries = []
        for entry in home:
            if not isinstance(entry, dict):
                raise _fail(where, "field 'home' must list objects")
            year, state, patch = entry.get("year"), entry.get("state"), entry.get("patch")
            if year not in ripple_by_year and year not in linchpin_by_year:
                raise _fail(where, f"field 'home' names a year that does not exist: {year!r}")
            if state == "patched":
                if year not in ripple_by_year or patch not in ripple_by_year[year].patch_ids:
                    raise _fail(where, f"field 'home': {year}' must name a patch of that year, got {patch!r}")
            elif state == "alt":
                if year not in linchpin_by_year:
                    raise _fail(where, f"field 'home': only a linchpin can be 'alt', {year} is not one")
            elif state != "true":
                raise _fail(where, f"field 'home' has an unknown state {state!r}")
            entries.append(HomeEntry(int(year), str(state), str(patch) if state == "patched" else None))
        if len(entries) != 3 or len({e.year for e in entries}) != 3:
            raise _fail(where, "field 'home' must have three entries on three distinct years")
        identity = Identity(
            card_id,
            _get(record, "name", str, where),
            tuple(entries),
            bool(_get(record, "ultraparadox_exempt", bool, where)),
            _provenance(record, where, counted=False),
        )
        if not _satisfiable(identity, ripple_by_year, patch_by_id, linchpin_by_year):
            raise _fail(where, "field 'home' cannot be satisfied by any arrangement of linchpins")
        shape = sorted(e.state for e in entries)
        if shape != ["patched", "patched", "true"] or any(e.year in linchpin_by_year for e in entries):
            warnings.append(f"{card_id}: not one true ripplepoint and two patched entries")
        identities.append(identity)
    if len(identities) != counts["identities"]:
        raise _fail("identities", f"expected {counts['identities']} IDs, found {len(identities)}")

    if not isinstance(data.get("source_catalog", {}), dict):
        raise _fail("source_catalog", "must be an object")

    deck_cards: list[PlayCard] = [*inverters, *patches, *artifacts, *actions, *timewarps]
    by_id: dict[str, Any] = {c.id: c for c in deck_cards}
    records: list[Any] = [*linchpins, *ripplepoints, *missions, *identities]
    for record in records:
        by_id[record.id] = record
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return CardSet(
        data_text=text,
        digest=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        is_default=is_default,
        edition=str(edition.get("name", "")),
        icons=tuple(lp.icon for lp in linchpins),
        linchpins=tuple(linchpins),
        ripplepoints=tuple(ripplepoints),
        patches=tuple(patches),
        inverters=tuple(inverters),
        actions=tuple(actions),
        timewarps=tuple(timewarps),
        artifacts=tuple(artifacts),
        missions=tuple(missions),
        identities=tuple(identities),
        warnings=tuple(warnings),
        deck=tuple(c.id for c in deck_cards),
        deck_counts=tuple(c.count for c in deck_cards),
        deck_index={c.id: i for i, c in enumerate(deck_cards)},
        play_cards={c.id: c for c in deck_cards},
        by_id=by_id,
        linchpin_by_icon={lp.icon: lp for lp in linchpins},
        timeline_by_year={**{lp.year: lp for lp in linchpins}, **ripple_by_year},
        ripple_index={r.year: i for i, r in enumerate(ripplepoints)},
    )


def _check_params(card: ActionCard) -> None:
    def number(value: Any, name: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise _fail(card.id, f"field 'params.{name}' must be a non-negative integer, got {value!r}")

    if card.effect_key == "sell_artifact":
        number(card.param("draw", 2), "draw")
        number(card.param("mona_lisa_bonus_draw", 1), "mona_lisa_bonus_draw")
    if card.effect_key == "perform_miracle":
        if not isinstance(card.param("bonus_icon"), str):
            raise _fail(card.id, "field 'params.bonus_icon' must be an icon name")
        for part in ("base", "bonus"):
            numbers = dict(card.param(part, ()))
            for key in ("draw", "play", "discard"):
                number(numbers.get(key), f"{part}.{key}")


def _satisfiable(
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
