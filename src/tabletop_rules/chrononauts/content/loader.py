"""The checked loading of Chrononauts card lists (C-DATA-1, C-DATA-4, C-DATA-7).

`load_cards` (a file), `cards_from_json` (text) and `cards_from_dict` (parsed
data) check a card list against every rule of C-DATA-4 and build the immutable
`CardSet`; `default_cards` is the shipped edition (``data/cards.json``, schema
1.0.0) and `cards_to_dict` gives a card set's data back.  Text is read through
`core.jsonio` (size first, strict JSON).  Any violation raises
`InvalidContentError` naming the card and the field; edition constraints only
give warnings (C-DATA-7).  A card list that loads always gives a playable game.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from importlib import resources
from typing import Any, Final

from tabletop_rules.chrononauts.content.checks import (
    MAX_COPIES,
    MAX_RECORDS,
    check_params,
    condition,
    constraint_warnings,
    fail,
    freeze,
    get,
    provenance,
    read_count,
    read_id,
    satisfiable,
)
from tabletop_rules.chrononauts.content.records import (
    ACTION_EFFECTS,
    DIRECTIONS,
    PLAY_SECTIONS,
    TIMEWARP_EFFECTS,
    ActionCard,
    ArtifactCard,
    CardSet,
    HomeEntry,
    Identity,
    InverterCard,
    Linchpin,
    Mission,
    MissionSlot,
    PatchCard,
    PlayCard,
    Ripplepoint,
)
from tabletop_rules.core.errors import InvalidContentError
from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.core.jsonio import brief, load_json, read_text_file

__all__ = [
    "MAX_CONTENT_CHARS",
    "cards_from_dict",
    "cards_from_json",
    "cards_to_dict",
    "default_cards",
    "load_cards",
]

SCHEMA_MAJOR: Final = 1
MAX_CONTENT_CHARS: Final = 4_000_000
"""The longest card-list JSON text the loaders read (the shipped one is about 100 kB)."""
_WHAT: Final = "card data"


def load_cards(path: str | os.PathLike[str]) -> CardSet:
    """The card list in the JSON file at ``path``, checked (C-DATA-4, C-DATA-7).

    Raises:
        InvalidContentError: an unreadable or oversized file, invalid JSON, or a bad card list.
    """
    text = read_text_file(path, limit=MAX_CONTENT_CHARS, what=_WHAT, error=InvalidContentError)
    return cards_from_json(text)


def cards_from_json(text: str | bytes) -> CardSet:
    """The card list in the JSON ``text`` (at most `MAX_CONTENT_CHARS` characters), checked.

    Raises:
        InvalidContentError: oversized or invalid JSON, or a bad card list.
    """
    data = load_json(text, limit=MAX_CONTENT_CHARS, what=_WHAT, error=InvalidContentError)
    return cards_from_dict(data)


def cards_from_dict(data: Any) -> CardSet:
    """Check a parsed card list (C-DATA-4) and build the immutable card set.

    Raises:
        InvalidContentError: naming the card and the field; a record of the wrong shape that slips
            past the named checks is reported with the underlying error.
    """
    try:
        return _build(data, is_default=False)
    except InvalidContentError:
        raise
    except (TypeError, KeyError, IndexError, AttributeError, ValueError, RecursionError) as error:
        raise InvalidContentError(
            f"card data: malformed card list ({type(error).__name__}: {error})"
        ) from error


def cards_to_dict(cards: CardSet) -> dict[str, Any]:
    """The card list's data, as `cards_from_dict` reads it (a new dict, keys sorted)."""
    data: dict[str, Any] = json.loads(cards.data_text)
    return data


@functools.lru_cache(maxsize=1)
def default_cards() -> CardSet:
    """The shipped 136-card edition (``data/cards.json``), loaded and checked once.

    Cached: one immutable card set, shared by every game that uses the edition.
    """
    text = (
        resources.files("tabletop_rules.chrononauts.content")
        .joinpath("data/cards.json")
        .read_text(encoding="utf-8")
    )
    data = load_json(text, limit=MAX_CONTENT_CHARS, what=_WHAT, error=InvalidContentError)
    return _build(data, is_default=True)


def _build(data: Any, *, is_default: bool) -> CardSet:
    """Validate a parsed card list (C-DATA-4) and build the immutable card set."""
    if not isinstance(data, dict):
        raise fail("file", "the top level must be an object")
    version = data.get("schema_version")
    if not isinstance(version, str) or version.split(".")[0] != str(SCHEMA_MAJOR):
        raise fail("file", f"unsupported schema_version {brief(version)} (expected {SCHEMA_MAJOR}.x.y)")
    edition = get(data, "edition", dict, "edition")
    counts = get(edition, "counts", dict, "edition")
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
        if not 0 <= get(counts, key, int, "edition.counts") <= MAX_COPIES * MAX_RECORDS:
            raise fail("edition.counts", f"{key} is out of range")
    raw_icons = get(data, "linchpin_icons", list, "linchpin_icons")
    if not all(isinstance(i, str) and i and "'" not in i for i in raw_icons) or len(set(raw_icons)) != len(
        raw_icons
    ):
        raise fail("linchpin_icons", "icons must be distinct non-empty names without a prime")
    for section in ("timeline", *PLAY_SECTIONS, "missions", "identities"):
        if not isinstance(data.get(section), list) or not all(isinstance(r, dict) for r in data[section]):
            raise fail(section, "missing or not a list of records")
        if len(data[section]) > MAX_RECORDS:
            raise fail(section, f"more than {MAX_RECORDS} records")
    seen: set[str] = set()
    warnings: list[str] = []

    # ---- timeline (C-DATA-4.2 .. 4.4)
    timeline = data["timeline"]
    linchpin_records = [r for r in timeline if r.get("kind") == "linchpin"]
    if any(r.get("kind") not in ("linchpin", "ripplepoint") for r in timeline):
        raise fail("timeline", "every record's kind must be 'linchpin' or 'ripplepoint'")
    if len(timeline) != counts["timeline"] or len(linchpin_records) != counts["linchpins"]:
        raise fail(
            "timeline",
            f"expected {counts['timeline']} cards with {counts['linchpins']} linchpins "
            f"(edition.counts), found {len(timeline)} with {len(linchpin_records)}",
        )
    ordered_linchpins = sorted(linchpin_records, key=lambda r: (r.get("year", 0), str(r.get("time_index"))))
    icon_bits: dict[str, int] = {}
    for bit, record in enumerate(ordered_linchpins):
        icon = record.get("icon")
        if not isinstance(icon, str) or icon not in raw_icons or icon in icon_bits:
            raise fail(
                f"{record.get('id')}", f"field 'icon' {brief(icon)} is not a distinct entry of linchpin_icons"
            )
        icon_bits[icon] = bit
    if set(icon_bits) != set(raw_icons):
        raise fail("linchpin_icons", "the linchpins' icons differ from linchpin_icons")
    years: set[int] = set()
    indexes: set[str] = set()
    linchpins: list[Linchpin] = []
    ripplepoints: list[Ripplepoint] = []
    for record in sorted(timeline, key=lambda r: r.get("year", 0) if isinstance(r.get("year"), int) else 0):
        where = str(record.get("id"))
        card_id = read_id(record, where, seen)
        year = get(record, "year", int, where)
        time_index = get(record, "time_index", str, where)
        if year in years or time_index in indexes:
            raise fail(where, f"year {year} or time_index {brief(time_index)} is not unique")
        years.add(year)
        indexes.add(time_index)
        headline = get(record, "true_headline", str, where)
        source = provenance(record, where, counted=False)
        if record["kind"] == "linchpin":
            ripples = get(record, "ripples", list, where)
            if not all(isinstance(y, int) and not isinstance(y, bool) for y in ripples):
                raise fail(where, "field 'ripples' must list years")
            linchpins.append(
                Linchpin(
                    id=card_id,
                    year=year,
                    time_index=time_index,
                    icon=record["icon"],
                    bit=icon_bits[record["icon"]],
                    true_headline=headline,
                    alt_headline=get(record, "alt_headline", str, where),
                    ripples=tuple(sorted(ripples)),
                    source=source,
                )
            )
        else:
            cond = condition(record.get("paradox_if"), icon_bits, where, "paradox_if", primed_only=True)
            patch_ids = get(record, "patch_ids", list, where)
            ripplepoints.append(
                Ripplepoint(
                    id=card_id,
                    year=year,
                    time_index=time_index,
                    true_headline=headline,
                    paradox_if=cond,
                    nexus=bool(get(record, "nexus", bool, where)),
                    patch_ids=tuple(str(p) for p in patch_ids),
                    source=source,
                )
            )
    if len(ripplepoints) != counts["ripplepoints"]:
        raise fail("timeline", f"expected {counts['ripplepoints']} ripplepoints, found {len(ripplepoints)}")
    ripple_by_year = {r.year: r for r in ripplepoints}
    for lp in linchpins:  # C-DATA-4.4 / C-TL-7
        expected = sorted(r.year for r in ripplepoints if r.paradox_if.alt_mask & (1 << lp.bit))
        if list(lp.ripples) != expected:
            raise fail(lp.id, f"field 'ripples' {list(lp.ripples)} disagrees with the conditions {expected}")

    # ---- patches (C-DATA-4.5)
    patches: list[PatchCard] = []
    for record in data["patches"]:
        where = str(record.get("id"))
        card_id = read_id(record, where, seen)
        year = get(record, "year", int, where)
        if year not in ripple_by_year:
            raise fail(where, f"field 'year' {year} is not a ripplepoint year")
        if card_id not in ripple_by_year[year].patch_ids:
            raise fail(where, f"not listed in the patch_ids of ripplepoint {year}")
        cond = condition(record.get("playable_if"), icon_bits, where, "playable_if", primed_only=False)
        patches.append(
            PatchCard(
                id=card_id,
                year=year,
                headline=get(record, "headline", str, where),
                count=read_count(record, where),
                playable_if=cond,
                unstable=bool(get(record, "unstable", bool, where)),
                triggers_ultraparadox=bool(get(record, "triggers_ultraparadox", bool, where)),
                source=provenance(record, where, counted=True),
            )
        )
    patch_by_id = {p.id: p for p in patches}
    for rp in ripplepoints:
        for pid in rp.patch_ids:
            if pid not in patch_by_id or patch_by_id[pid].year != rp.year:
                raise fail(rp.id, f"field 'patch_ids' names {brief(pid)}, which is not a patch of {rp.year}")
        mine = [patch_by_id[pid] for pid in rp.patch_ids]
        if not mine:
            raise fail(rp.id, "field 'patch_ids' is empty")
        if len(mine) > 1 and not all(p.unstable for p in mine):
            raise fail(rp.id, "a year with several patches must have all of them unstable")
        for p in mine:
            if not p.unstable and p.playable_if != rp.paradox_if:
                raise fail(
                    p.id, f"field 'playable_if' of a stable patch must equal the paradox_if of {rp.year}"
                )
    if sum(p.count for p in patches) != counts["patches"]:
        raise fail(
            "patches",
            f"counts add up to {sum(p.count for p in patches)}, edition.counts says {counts['patches']}",
        )
    if sum(p.triggers_ultraparadox for p in patches) > 1:
        raise fail("patches", "at most one patch may trigger the UltraParadox")

    # ---- inverters, actions, timewarps (C-DATA-4.6, 4.7)
    inverters: list[InverterCard] = []
    for record in data["inverters"]:
        where = str(record.get("id"))
        card_id = read_id(record, where, seen)
        raw_targets = record.get("targets")
        if raw_targets == "*":
            targets, any_target = tuple(lp.icon for lp in linchpins), True
        elif isinstance(raw_targets, list) and raw_targets and all(t in icon_bits for t in raw_targets):
            targets, any_target = tuple(sorted(raw_targets, key=icon_bits.__getitem__)), False
        else:
            raise fail(
                where, f"field 'targets' must be '*' or a list of linchpin icons, got {brief(raw_targets)}"
            )
        direction = record.get("direction")
        if direction not in DIRECTIONS:
            raise fail(where, f"field 'direction' {brief(direction)} is not one of {DIRECTIONS}")
        inverters.append(
            InverterCard(
                id=card_id,
                name=get(record, "name", str, where),
                count=read_count(record, where),
                targets=targets,
                any_target=any_target,
                direction=str(direction),
                source=provenance(record, where, counted=True),
            )
        )

    def effect_cards(section: str, kind: str, known: frozenset[str]) -> list[ActionCard]:
        out = []
        for record in data[section]:
            where = str(record.get("id"))
            card_id = read_id(record, where, seen)
            key = record.get("effect_key")
            if key not in known:
                raise fail(
                    where, f"field 'effect_key' {brief(key)} is not known to the engine ({sorted(known)})"
                )
            params = get(record, "params", dict, where)
            out.append(
                ActionCard(
                    id=card_id,
                    name=get(record, "name", str, where),
                    count=read_count(record, where),
                    kind=kind,
                    effect_key=str(key),
                    params=freeze(params),
                    effect=str(record.get("effect", "")),
                    source=provenance(record, where, counted=True),
                )
            )
        return out

    actions = effect_cards("actions", "action", ACTION_EFFECTS)
    timewarps = effect_cards("timewarps", "timewarp", TIMEWARP_EFFECTS)
    for card in (*actions, *timewarps):
        check_params(card)
    if not any(c.effect_key != "your_parents_never_met" for c in (*actions, *timewarps)):
        # with only Artifacts and patches, which stay on the table, the cards would stop coming back
        # (C-DECK-2) and an Artifaxx game would turn forever with nothing to do
        raise fail("actions", "the play deck needs an Action or Timewarp other than Your Parents Never Met")

    # ---- artifacts (C-DATA-4.8)
    artifacts: list[ArtifactCard] = []
    ranks: list[int] = []
    up_year = next((p.year for p in patches if p.triggers_ultraparadox), None)
    for record in data["artifacts"]:
        where = str(record.get("id"))
        card_id = read_id(record, where, seen)
        count = read_count(record, where)
        if count != 1:
            raise fail(where, f"field 'count' of an Artifact must be 1, got {count}")
        year = get(record, "year", (int, type(None)), where)
        rank = get(record, "mona_lisa_rank", (int, type(None)), where)
        if rank is not None:
            if rank < 1:
                raise fail(where, f"field 'mona_lisa_rank' must be positive, got {rank}")
            ranks.append(rank)
        icons = get(record, "icons", list, where)
        if not all(isinstance(i, str) for i in icons):
            raise fail(where, "field 'icons' must list strings")
        blocked = bool(get(record, "ultraparadox_blocked", bool, where))
        if up_year is not None and year is not None and year > up_year and not blocked:
            raise fail(where, f"an Artifact dated {year} (after {up_year}) must be ultraparadox_blocked")
        artifacts.append(
            ArtifactCard(
                id=card_id,
                name=get(record, "name", str, where),
                count=count,
                year=year,
                era=str(record.get("era", "unknown")),
                icons=tuple(icons),
                mona_lisa_rank=rank,
                ultraparadox_blocked=blocked,
                source=provenance(record, where, counted=True),
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
            raise fail(key, f"counts add up to {size}, edition.counts says {counts[key]}")
    if sum(deck_sizes.values()) + counts["patches"] != counts["play_deck"]:
        raise fail("edition.counts", "the five play-deck categories do not add up to play_deck")

    # ---- missions (C-DATA-4.9)
    artifact_ids = {a.id for a in artifacts}
    missions: list[Mission] = []
    for record in data["missions"]:
        where = str(record.get("id"))
        card_id = read_id(record, where, seen)
        requires = get(record, "requires", list, where)
        if len(requires) != 3:
            raise fail(where, f"field 'requires' must have three slots, has {len(requires)}")
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
                raise fail(where, f"field 'requires' has an unknown slot type {brief(kind)}")
            for name in names:
                if name not in artifact_ids:
                    raise fail(where, f"field 'requires' names an unknown artifact {brief(name)}")
            slots.append(MissionSlot(type=str(kind), artifacts=tuple(str(n) for n in names)))
        named = [s.artifacts[0] for s in slots if s.type == "artifact"]
        if len(set(named)) != len(named):
            raise fail(where, "field 'requires' has two identical artifact slots")
        missions.append(
            Mission(
                id=card_id,
                name=get(record, "name", str, where),
                requires=tuple(slots),
                source=provenance(record, where, counted=False),
            )
        )
    if len(missions) != counts["missions"]:
        raise fail("missions", f"expected {counts['missions']} Missions, found {len(missions)}")

    # ---- identities (C-DATA-4.10)
    linchpin_by_year = {lp.year: lp for lp in linchpins}
    identities: list[Identity] = []
    for record in data["identities"]:
        where = str(record.get("id"))
        card_id = read_id(record, where, seen)
        home = get(record, "home", list, where)
        entries = []
        for entry in home:
            if not isinstance(entry, dict):
                raise fail(where, "field 'home' must list objects")
            year, state, patch = entry.get("year"), entry.get("state"), entry.get("patch")
            if year not in ripple_by_year and year not in linchpin_by_year:
                raise fail(where, f"field 'home' names a year that does not exist: {brief(year)}")
            if state == "patched":
                if year not in ripple_by_year or patch not in ripple_by_year[year].patch_ids:
                    raise fail(
                        where, f"field 'home': {year}' must name a patch of that year, got {brief(patch)}"
                    )
            elif state == "alt":
                if year not in linchpin_by_year:
                    raise fail(where, f"field 'home': only a linchpin can be 'alt', {year} is not one")
            elif state != "true":
                raise fail(where, f"field 'home' has an unknown state {brief(state)}")
            entries.append(
                HomeEntry(year=int(year), state=str(state), patch=str(patch) if state == "patched" else None)
            )
        if len(entries) != 3 or len({e.year for e in entries}) != 3:
            raise fail(where, "field 'home' must have three entries on three distinct years")
        identity = Identity(
            id=card_id,
            name=get(record, "name", str, where),
            home=tuple(entries),
            ultraparadox_exempt=bool(get(record, "ultraparadox_exempt", bool, where)),
            source=provenance(record, where, counted=False),
        )
        if not satisfiable(identity, ripple_by_year, patch_by_id, linchpin_by_year):
            raise fail(where, "field 'home' cannot be satisfied by any arrangement of linchpins")
        shape = sorted(e.state for e in entries)
        if shape != ["patched", "patched", "true"] or any(e.year in linchpin_by_year for e in entries):
            warnings.append(f"{card_id}: not one true ripplepoint and two patched entries")
        identities.append(identity)
    if len(identities) != counts["identities"]:
        raise fail("identities", f"expected {counts['identities']} IDs, found {len(identities)}")
    if "edition_constraints" in data:
        warnings += constraint_warnings(data["edition_constraints"], identities, ripple_by_year)

    if not isinstance(data.get("source_catalog", {}), dict):
        raise fail("source_catalog", "must be an object")

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
        deck_index=frozen_mapping({c.id: i for i, c in enumerate(deck_cards)}),
        play_cards=frozen_mapping({c.id: c for c in deck_cards}),
        by_id=frozen_mapping(by_id),
        linchpin_by_icon=frozen_mapping({lp.icon: lp for lp in linchpins}),
        timeline_by_year=frozen_mapping({**{lp.year: lp for lp in linchpins}, **ripple_by_year}),
        ripple_index=frozen_mapping({r.year: i for i, r in enumerate(ripplepoints)}),
    )
