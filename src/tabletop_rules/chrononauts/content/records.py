"""Chrononauts card records: typed, immutable cards and the card set (C-DATA-*).

The records only: `tabletop_rules.chrononauts.content.loader` checks a card
list (C-DATA-4) and builds a `CardSet` from it (`load_cards`,
`cards_from_json`, `cards_from_dict`, `default_cards`); this module never
imports the loader.  Card facts (conditions, targets, counts, parameters,
flags, Mission lists, ID years) come only from the data (C-DATA-7, C-INV-5).
Every table of a `CardSet` is read-only (tuples and `core.frozen_mapping`),
so a card set is safely shared by every state of every game that uses it.
"""

from __future__ import annotations

import importlib
import pathlib
import warnings
from collections.abc import Mapping
from typing import Any, Final

import attrs

from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.core.jsonio import brief

__all__ = [
    "ACTION_EFFECTS",
    "LABELS",
    "TIMEWARP_EFFECTS",
    "ActionCard",
    "ArtifactCard",
    "CardSet",
    "Condition",
    "HomeEntry",
    "Identity",
    "InverterCard",
    "Linchpin",
    "Mission",
    "MissionSlot",
    "PatchCard",
    "PlayCard",
    "Provenance",
    "Ripplepoint",
    "provenance_markdown",
]

LABELS: Final = ("confirmed", "partial", "inferred", "placeholder")
ACTION_EFFECTS: Final = frozenset(
    {
        "get_there_first",
        "sell_artifact",
        "perform_miracle",
        "discontinuity",
        "time_vortex",
        "new_mission",
        "it_never_existed",
        "your_parents_never_met",
    }
)
TIMEWARP_EFFECTS: Final = frozenset({"memo", "fast_forward", "rewind", "quick_trip"})
DIRECTIONS: Final = ("to_alt", "to_true", "either")
RESERVED_IDS: Final = frozenset({"true", "open", "alt"})
PLAY_SECTIONS: Final = ("inverters", "patches", "artifacts", "actions", "timewarps")


# --------------------------------------------------------------------------- records


@attrs.frozen
class Provenance:
    """Where a record's facts come from (C-DOC-3, C-DATA-5)."""

    provenance: str
    name_provenance: str
    count_provenance: str | None
    field_provenance: tuple[tuple[str, str], ...]
    sources: tuple[str, ...]


@attrs.frozen
class Condition:
    """A ``paradox_if`` / ``playable_if`` condition over linchpin sides (C-STATE-4, C-STATE-5).

    ``alt_mask`` holds the bits of primed terms (``X'``), ``true_mask`` those of
    plain terms (``X``); bit ``i`` is linchpin ``i`` in Time Index order.
    """

    op: str
    terms: tuple[str, ...]
    alt_mask: int
    true_mask: int

    def holds(self, alt: int) -> bool:
        """Whether the condition holds when ``alt`` is the bitmask of linchpins on their alternate side."""
        if self.op == "and":
            return (alt & self.alt_mask) == self.alt_mask and not (alt & self.true_mask)
        return bool(alt & self.alt_mask) or bool(~alt & self.true_mask)

    def with_op(self, op: str) -> Condition:
        if op == self.op or len(self.terms) < 2:
            return self
        return attrs.evolve(self, op=op)

    def __str__(self) -> str:
        return f" {self.op.upper()} ".join(self.terms)


@attrs.frozen
class Linchpin:
    id: str
    year: int
    time_index: str
    icon: str
    bit: int
    true_headline: str
    alt_headline: str
    ripples: tuple[int, ...]
    source: Provenance

    @property
    def name(self) -> str:
        return self.true_headline


@attrs.frozen
class Ripplepoint:
    id: str
    year: int
    time_index: str
    true_headline: str
    paradox_if: Condition
    nexus: bool
    patch_ids: tuple[str, ...]
    source: Provenance

    @property
    def name(self) -> str:
        return self.true_headline


@attrs.frozen
class PatchCard:
    id: str
    year: int
    headline: str
    count: int
    playable_if: Condition
    unstable: bool
    triggers_ultraparadox: bool
    source: Provenance
    kind: str = "patch"

    @property
    def name(self) -> str:
        return self.headline


@attrs.frozen
class InverterCard:
    id: str
    name: str
    count: int
    targets: tuple[str, ...]  # linchpin icons; "*" is expanded to all of them
    any_target: bool
    direction: str
    source: Provenance
    kind: str = "inverter"


@attrs.frozen
class ActionCard:
    """An Action or a Timewarp (``kind``); ``effect_key`` selects the engine's procedure."""

    id: str
    name: str
    count: int
    kind: str  # "action" | "timewarp"
    effect_key: str
    params: tuple[tuple[str, Any], ...]
    effect: str
    source: Provenance

    def param(self, key: str, default: Any = None) -> Any:
        for k, v in self.params:
            if k == key:
                return v
        return default


@attrs.frozen
class ArtifactCard:
    id: str
    name: str
    count: int
    year: int | None
    era: str
    icons: tuple[str, ...]
    mona_lisa_rank: int | None
    ultraparadox_blocked: bool
    source: Provenance
    kind: str = "artifact"


@attrs.frozen
class MissionSlot:
    """One requirement: ``artifact`` (one id), ``any_of`` (several) or ``most_convincing_mona_lisa``."""

    type: str
    artifacts: tuple[str, ...]


@attrs.frozen
class Mission:
    id: str
    name: str
    requires: tuple[MissionSlot, ...]
    source: Provenance


@attrs.frozen
class HomeEntry:
    year: int
    state: str  # "true" | "patched" | "alt"
    patch: str | None


@attrs.frozen
class Identity:
    id: str
    name: str
    home: tuple[HomeEntry, ...]
    ultraparadox_exempt: bool
    source: Provenance


PlayCard = InverterCard | PatchCard | ArtifactCard | ActionCard


# --------------------------------------------------------------------------- the card set


@attrs.frozen(eq=False)
class CardSet:
    """A validated, immutable card list.  Two card sets are equal when their data is identical.

    Build one with the loader (`load_cards`, `cards_from_json`,
    `cards_from_dict`); `default_cards()` is the shipped edition.  The
    index tables (``deck_index``, ``play_cards``, ``by_id``...) are read-only
    mappings.
    """

    data_text: str  # canonical JSON of the source data
    digest: str
    is_default: bool
    edition: str
    icons: tuple[str, ...]
    linchpins: tuple[Linchpin, ...]
    ripplepoints: tuple[Ripplepoint, ...]
    patches: tuple[PatchCard, ...]
    inverters: tuple[InverterCard, ...]
    actions: tuple[ActionCard, ...]
    timewarps: tuple[ActionCard, ...]
    artifacts: tuple[ArtifactCard, ...]
    missions: tuple[Mission, ...]
    identities: tuple[Identity, ...]
    warnings: tuple[str, ...]
    # indexes, built once
    deck: tuple[str, ...]  # play-deck card ids, one entry per card type, canonical order
    deck_counts: tuple[int, ...]
    deck_index: Mapping[str, int]
    play_cards: Mapping[str, PlayCard]
    by_id: Mapping[str, Any]
    linchpin_by_icon: Mapping[str, Linchpin]
    timeline_by_year: Mapping[int, Linchpin | Ripplepoint]
    ripple_index: Mapping[int, int]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.digest == self.digest

    def __hash__(self) -> int:
        return hash(self.digest)

    def __repr__(self) -> str:
        """One line: the edition (cut to 60 characters) and the start of the digest.

        The whole card list is ``cards_to_dict(cards)`` (or ``cards.data_text``).
        """
        return f"<chrononauts.CardSet {brief(self.edition)} {self.digest[:12]}>"

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        """Pickled field by field, the read-only tables as plain dicts (a mapping proxy cannot be)."""
        fields = {
            f.name: dict(value) if isinstance(value := getattr(self, f.name), Mapping) else value
            for f in attrs.fields(CardSet)
        }
        return (_unpickle_card_set, (fields,))

    # ---- deprecated constructors (the loader builds card sets; see `content.loader`)
    @classmethod
    def from_json(cls, path: str | pathlib.Path) -> CardSet:
        """Deprecated since 0.2: use `load_cards(path)`."""
        return _deprecated_load("from_json", "load_cards", path)

    @classmethod
    def from_text(cls, text: str) -> CardSet:
        """Deprecated since 0.2: use `cards_from_json(text)`."""
        return _deprecated_load("from_text", "cards_from_json", text)

    @classmethod
    def from_data(cls, data: Any) -> CardSet:
        """Deprecated since 0.2: use `cards_from_dict(data)`."""
        return _deprecated_load("from_data", "cards_from_dict", data)

    # ---- lookups
    def name(self, card_id: str) -> str:
        """The card's name (its id when the list has no such card)."""
        record = self.by_id.get(card_id)
        if record is None:
            return card_id
        name: str = record.name  # every record's name is a string (the loader checks it)
        return name

    def play_card(self, card_id: str) -> PlayCard:
        return self.play_cards[card_id]

    def provenance_rows(self) -> list[tuple[str, str, str, str, str]]:
        """(section, id, name, provenance, name_provenance) for every record, in file order."""
        rows = []
        sections: list[tuple[str, tuple[Any, ...]]] = [
            ("timeline", tuple(sorted((*self.linchpins, *self.ripplepoints), key=lambda r: r.year))),
            ("patches", self.patches),
            ("inverters", self.inverters),
            ("actions", self.actions),
            ("timewarps", self.timewarps),
            ("artifacts", self.artifacts),
            ("missions", self.missions),
            ("identities", self.identities),
        ]
        for section, records in sections:
            for r in records:
                rows.append((section, r.id, str(r.name), r.source.provenance, r.source.name_provenance))
        return rows


def _unpickle_card_set(fields: dict[str, Any]) -> CardSet:
    values: dict[str, Any] = {k: frozen_mapping(v) if isinstance(v, dict) else v for k, v in fields.items()}
    return CardSet(**values)


def _deprecated_load(old: str, new: str, source: Any) -> CardSet:
    """The deprecated ``CardSet`` constructors forward to the loader, which they find by name.

    The records never depend on the loader (it imports them); these three
    forwarders, to be removed in 0.3, look it up at call time only.
    """
    warnings.warn(
        f"CardSet.{old} is deprecated since 0.2 and will be removed in 0.3; "
        f"use tabletop_rules.chrononauts.{new}",
        DeprecationWarning,
        stacklevel=3,
    )
    loader = importlib.import_module("tabletop_rules.chrononauts.content.loader")
    cards: CardSet = getattr(loader, new)(source)
    return cards


def provenance_markdown(cards: CardSet) -> str:
    """The data-provenance tables of the docs, generated from a card set (C-DATA-5).

    One summary row per section (how many records carry each label), then one
    row per card with its label, its title's label and, for deck cards, its count.
    """
    sections = (
        "timeline",
        "patches",
        "inverters",
        "actions",
        "timewarps",
        "artifacts",
        "missions",
        "identities",
    )
    rows = cards.provenance_rows()
    lines = ["| Section | Records | " + " | ".join(LABELS) + " |", "|---|---|" + "---|" * len(LABELS)]
    for section in sections:
        mine = [r for r in rows if r[0] == section]
        counts = [sum(1 for r in mine if r[3] == label) for label in LABELS]
        lines.append(f"| {section} | {len(mine)} | " + " | ".join(str(c) for c in counts) + " |")
    lines += [
        "",
        "| Card | Title | Section | Provenance | Title provenance | Copies |",
        "|---|---|---|---|---|---|",
    ]
    for section, card_id, name, prov, name_prov in rows:
        record = cards.by_id[card_id]
        count = getattr(record, "count", "")
        title = name.replace("|", "\\|")
        lines.append(f"| `{card_id}` | {title} | {section} | {prov} | {name_prov} | {count} |")
    return "\n".join(lines) + "\n"
