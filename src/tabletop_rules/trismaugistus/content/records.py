"""Typed, frozen records of a content pack (spec section 6).

A pack is the owner's transcription of their own printed components: automa
cards, difficulty presets, tracks, experiments, masterpieces, artifacts,
objectives and the formula values.  The records mirror the JSON schema field
for field; `tabletop_rules.trismaugistus.content.loader` builds and checks them.
The indexes at the bottom of `Pack` are built once, when the pack is
loaded, so the rules only ever look things up; they are read-only mappings, so
nothing reachable from a state can be changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs

from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.core.jsonio import brief
from tabletop_rules.trismaugistus.vocabulary import (
    ActionKind,
    BonusKind,
    Colour,
    Deck,
    Element,
    Face,
    Symbol,
)

__all__ = [
    "Action",
    "Artifact",
    "AutomaCard",
    "BoardSpec",
    "BonusSpace",
    "DifficultyPreset",
    "Experiment",
    "FormulaScoring",
    "Masterpiece",
    "Objective",
    "Pack",
    "PicturedDie",
    "Requirement",
    "TrackSpec",
    "pack_to_dict",
]

PACK_SCHEMA: Final = "trismaugistus-content-pack"
"""The ``schema`` of a pack's JSON (spec 6.2)."""


@attrs.frozen
class BoardSpec:
    """``board`` (6.3): the printed board facts the automa depends on."""

    track_order: tuple[Element, ...]
    experiment_area_faces: tuple[Face, ...]
    artifact_slots_per_colour: int
    objective_row_size: int


@attrs.frozen(order=True)
class BonusSpace:
    """A bonus token on a mastery track (6.4): reaching or passing ``level`` gives ``kind`` (T-BONUS-1)."""

    level: int
    kind: BonusKind


@attrs.frozen
class TrackSpec:
    """One mastery track (6.4)."""

    element: Element
    max_level: int
    bonus_spaces: tuple[BonusSpace, ...]
    symbol_levels: tuple[int, ...]
    end_vp_by_level: tuple[int, ...]


@attrs.frozen
class FormulaScoring:
    """``formula_scoring`` (6.8): ``vp_by_count[n]`` is the total VP for ``n`` formulas."""

    max_formulas: int
    vp_by_count: tuple[int, ...]


@attrs.frozen
class PicturedDie:
    """A die pictured in section 1 of an automa card."""

    symbol: Symbol
    colour: Colour

    def __str__(self) -> str:
        return f"{self.symbol}/{self.colour}"


@attrs.frozen
class Action:
    """Section 3 of an automa card; ``track`` is set only for ``advance_track``."""

    kind: ActionKind
    track: Element | None = None

    def __str__(self) -> str:
        return f"{self.kind}({self.track})" if self.track is not None else self.kind


@attrs.frozen
class AutomaCard:
    """An automa card (6.5).  Purple cards may omit their sections (T-RULING-26)."""

    id: str
    deck: Deck
    dice: tuple[PicturedDie, ...]
    potency_cost: int | None
    action: Action | None
    personality_element: Element | None = None
    label: str | None = None


@attrs.frozen
class DifficultyPreset:
    """How the automa deck is prepared at one difficulty (6.6, T-SETUP-10..12)."""

    level: int
    draw_deck: tuple[str, ...]
    face_up_discard: tuple[str, ...]
    removed: tuple[str, ...]


@attrs.frozen
class Requirement:
    """A mastery requirement: the marker on ``track`` at ``level`` or above."""

    track: Element
    level: int

    def __str__(self) -> str:
        return f"{self.track} {self.level}"


@attrs.frozen
class Experiment:
    """An experiment card (6.7); ``stage`` is ``starting``, ``I``, ``II`` or ``III``."""

    id: str
    stage: str
    type: str
    requirement: Requirement
    vp: int
    element_symbols: tuple[Element, ...]


@attrs.frozen
class Masterpiece:
    """A masterpiece card (6.7), drawn by the automa at final scoring (T-SCORE-1)."""

    id: str
    type: str
    requirement: Requirement
    vp: int
    element_symbols: tuple[Element, ...]


@attrs.frozen
class Artifact:
    """An artifact card (6.7)."""

    id: str
    starting: bool
    colour: Colour
    element_symbols: tuple[Element, ...]


@attrs.frozen
class Objective:
    """An objective card (6.7); ``title`` is the owner's own words."""

    id: str
    vp: int
    title: str | None = None


@attrs.frozen(cache_hash=True, repr=False)
class Pack:
    """A whole content pack.  Build it with `load_pack`.

    Packs compare by value; the lookup tables (``card``, ``experiment`` ...) are
    derived from the records and take no part in comparisons.
    """

    schema_version: int
    pack_id: str
    fictional: bool
    note: str | None
    source: str | None
    board: BoardSpec
    tracks: tuple[TrackSpec, ...]
    formula_scoring: FormulaScoring
    automa_cards: tuple[AutomaCard, ...]
    difficulty_presets: tuple[DifficultyPreset, ...]
    experiments: tuple[Experiment, ...]
    masterpieces: tuple[Masterpiece, ...]
    artifacts: tuple[Artifact, ...]
    objectives: tuple[Objective, ...]

    card: Mapping[str, AutomaCard] = attrs.field(init=False, eq=False, repr=False)
    experiment: Mapping[str, Experiment] = attrs.field(init=False, eq=False, repr=False)
    masterpiece: Mapping[str, Masterpiece] = attrs.field(init=False, eq=False, repr=False)
    artifact: Mapping[str, Artifact] = attrs.field(init=False, eq=False, repr=False)
    objective: Mapping[str, Objective] = attrs.field(init=False, eq=False, repr=False)
    track: Mapping[str, TrackSpec] = attrs.field(init=False, eq=False, repr=False)
    preset: Mapping[int, DifficultyPreset] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        self._index()

    def _index(self) -> None:
        # init=False fields of a frozen record: set once, here, and never again
        object.__setattr__(self, "card", frozen_mapping({c.id: c for c in self.automa_cards}))
        object.__setattr__(self, "experiment", frozen_mapping({e.id: e for e in self.experiments}))
        object.__setattr__(self, "masterpiece", frozen_mapping({m.id: m for m in self.masterpieces}))
        object.__setattr__(self, "artifact", frozen_mapping({a.id: a for a in self.artifacts}))
        object.__setattr__(self, "objective", frozen_mapping({o.id: o for o in self.objectives}))
        object.__setattr__(self, "track", frozen_mapping({t.element: t for t in self.tracks}))
        object.__setattr__(self, "preset", frozen_mapping({p.level: p for p in self.difficulty_presets}))

    def __getstate__(self) -> dict[str, Any]:
        """The records only (the read-only indexes do not pickle; `__setstate__` rebuilds them)."""
        return {f.name: getattr(self, f.name) for f in attrs.fields(Pack) if f.init}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_attrs_cached_hash", None)
        self._index()

    def __repr__(self) -> str:
        """One line: the pack's id (cut to 60 characters), whether it is fictional, and its sizes.

        The whole pack is ``pack_to_dict(pack)``; its records are its fields (``pack.automa_cards``...).
        """
        fictional = " (fictional)" if self.fictional else ""
        return (
            f"<trismaugistus.Pack {brief(self.pack_id)}{fictional}: {len(self.automa_cards)} automa cards, "
            f"{len(self.experiments)} experiments, {len(self.artifacts)} artifacts, "
            f"{len(self.objectives)} objectives>"
        )

    def cards_of(self, deck: Deck) -> tuple[str, ...]:
        """The ids of the automa cards of ``deck``, in pack order."""
        return tuple(c.id for c in self.automa_cards if c.deck == deck)


def pack_to_dict(pack: Pack) -> dict[str, Any]:
    """The pack as a JSON-ready dict in the schema of spec section 6 (inverse of `pack_from_dict`)."""
    out: dict[str, Any] = {
        "schema": PACK_SCHEMA,
        "schema_version": pack.schema_version,
        "pack_id": pack.pack_id,
        "fictional": pack.fictional,
    }
    if pack.note is not None:
        out["note"] = pack.note
    if pack.source is not None:
        out["source"] = pack.source
    b = pack.board
    out["board"] = {
        "track_order": list(b.track_order),
        "experiment_area_faces": list(b.experiment_area_faces),
        "artifact_slots_per_colour": b.artifact_slots_per_colour,
        "objective_row_size": b.objective_row_size,
    }
    out["tracks"] = [
        {
            "element": t.element,
            "max_level": t.max_level,
            "bonus_spaces": [{"level": s.level, "kind": s.kind} for s in t.bonus_spaces],
            "symbol_levels": list(t.symbol_levels),
            "end_vp_by_level": list(t.end_vp_by_level),
        }
        for t in pack.tracks
    ]
    out["formula_scoring"] = {
        "max_formulas": pack.formula_scoring.max_formulas,
        "vp_by_count": list(pack.formula_scoring.vp_by_count),
    }
    cards: list[dict[str, Any]] = []
    for c in pack.automa_cards:
        card: dict[str, Any] = {"id": c.id, "deck": c.deck}
        if c.dice:
            card["dice"] = [{"symbol": d.symbol, "colour": d.colour} for d in c.dice]
        if c.potency_cost is not None:
            card["potency_cost"] = c.potency_cost
        if c.action is not None:
            params = {"track": c.action.track} if c.action.track is not None else {}
            card["action"] = {"kind": c.action.kind, "params": params}
        if c.personality_element is not None:
            card["personality_element"] = c.personality_element
        if c.label is not None:
            card["label"] = c.label
        cards.append(card)
    out["automa_cards"] = cards
    out["difficulty_presets"] = [
        {
            "level": p.level,
            "draw_deck": list(p.draw_deck),
            "face_up_discard": list(p.face_up_discard),
            "removed": list(p.removed),
        }
        for p in pack.difficulty_presets
    ]
    out["experiments"] = [
        {
            "id": e.id,
            "stage": e.stage,
            "type": e.type,
            "requirement": {"track": e.requirement.track, "level": e.requirement.level},
            "vp": e.vp,
            "element_symbols": list(e.element_symbols),
        }
        for e in pack.experiments
    ]
    out["masterpieces"] = [
        {
            "id": m.id,
            "type": m.type,
            "requirement": {"track": m.requirement.track, "level": m.requirement.level},
            "vp": m.vp,
            "element_symbols": list(m.element_symbols),
        }
        for m in pack.masterpieces
    ]
    out["artifacts"] = [
        {"id": a.id, "starting": a.starting, "colour": a.colour, "element_symbols": list(a.element_symbols)}
        for a in pack.artifacts
    ]
    out["objectives"] = [
        {"id": o.id, "vp": o.vp, **({"title": o.title} if o.title is not None else {})}
        for o in pack.objectives
    ]
    return out
