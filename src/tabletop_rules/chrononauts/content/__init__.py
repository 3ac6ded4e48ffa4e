"""Chrononauts content: the card records, their checked loader and the shipped card list.

* `records`: the frozen card records and the `CardSet` (read-only tables);
* `loader`: `load_cards`, `cards_from_json`, `cards_from_dict`, `cards_to_dict`,
  `default_cards`, `MAX_CONTENT_CHARS`;
* ``data/cards.json``: the shipped 136-card edition.
"""

from __future__ import annotations

from tabletop_rules.chrononauts.content.loader import (
    MAX_CONTENT_CHARS,
    cards_from_dict,
    cards_from_json,
    cards_to_dict,
    default_cards,
    load_cards,
)
from tabletop_rules.chrononauts.content.records import (
    ACTION_EFFECTS,
    LABELS,
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
    provenance_markdown,
)

__all__ = [
    "ACTION_EFFECTS",
    "LABELS",
    "MAX_CONTENT_CHARS",
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
    "cards_from_dict",
    "cards_from_json",
    "cards_to_dict",
    "default_cards",
    "load_cards",
    "provenance_markdown",
]
