"""The owner's verification view: a loaded pack printed as plain-text tables (spec 6.9).

Each row can be held against the physical card or board: automa cards with
their pictured dice, cost and action; the difficulty presets; the tracks with
their bonus spaces, symbol spaces and end-game VP; the catalogue of
experiments, masterpieces, artifacts and objectives; the formula table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from tabletop_rules.core.jsonio import brief
from tabletop_rules.trismaugistus.content.records import Pack

__all__ = ["SECTIONS", "format_pack"]

SECTIONS: Final = ("cards", "presets", "tracks", "catalogue", "all")


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows, strict=True)]
    out = []
    for row in (header, *rows):
        out.append("  ".join(str(x).ljust(w) for x, w in zip(row, widths, strict=True)).rstrip())
    return out


def banner(pack: Pack) -> list[str]:
    """The pack's title line, with the fictional label when it applies."""
    label = "  *** FICTIONAL: not the printed game's content ***" if pack.fictional else ""
    lines = [f"PACK {pack.pack_id}{label}"]
    if pack.note:
        lines.append(f"note: {pack.note}")
    if pack.source:
        lines.append(f"source: {pack.source}")
    return lines


def _cards(pack: Pack) -> list[str]:
    decks = Counter(c.deck for c in pack.automa_cards)
    head = (
        f"AUTOMA CARDS ({len(pack.automa_cards)}: purple {decks['purple']}, green {decks['green']},"
        f" yellow {decks['yellow']})"
    )
    rows = []
    for c in pack.automa_cards:
        dice = "  ".join(str(d) for d in c.dice) or "-"
        cost = str(c.potency_cost) if c.potency_cost is not None else "-"
        action = str(c.action) if c.action is not None else "-"
        extra = " ".join(
            x
            for x in (f"element={c.personality_element}" if c.personality_element else "", c.label or "")
            if x
        )
        rows.append((c.id, c.deck, dice, cost, action, extra))
    return [head, *_table(("id", "deck", "pictured dice (left -> right)", "cost", "action", "notes"), rows)]


def _presets(pack: Pack) -> list[str]:
    rows = []
    for p in sorted(pack.difficulty_presets, key=lambda p: p.level):
        rows.append(
            (
                str(p.level),
                " ".join(p.draw_deck) or "-",
                " ".join(p.face_up_discard) or "-",
                " ".join(p.removed) or "-",
            )
        )
    sizes = {p.level: p for p in pack.difficulty_presets}
    p1 = sizes[1]
    header = (
        "level",
        f"draw deck ({len(p1.draw_deck)})",
        f"face-up discard ({len(p1.face_up_discard)})",
        f"removed ({len(p1.removed)})",
    )
    return ["PRESETS (sizes in the header are level 1's)", *_table(header, rows)]


def _tracks(pack: Pack) -> list[str]:
    rows = []
    by_element = {t.element: t for t in pack.tracks}
    for element in pack.board.track_order:
        t = by_element[element]
        bonuses = " ".join(f"{s.level}:{s.kind}" for s in t.bonus_spaces) or "-"
        symbols = " ".join(map(str, t.symbol_levels)) or "-"
        rows.append((element, str(t.max_level), bonuses, symbols, " ".join(map(str, t.end_vp_by_level))))
    b = pack.board
    f = pack.formula_scoring
    return [
        "TRACKS (top to bottom)",
        *_table(("track", "max", "bonuses", "symbols", "end VP by level"), rows),
        "BOARD",
        f"  experiment areas next to: {' '.join(b.experiment_area_faces) or '-'}",
        f"  artifacts on offer per colour: {b.artifact_slots_per_colour}",
        f"  objective row: {b.objective_row_size}",
        "FORMULAS",
        f"  max {f.max_formulas}; VP by count: "
        + " ".join(f"{n}:{vp}" for n, vp in enumerate(f.vp_by_count)),
    ]


def _catalogue(pack: Pack) -> list[str]:
    lines = ["EXPERIMENTS"]
    lines += _table(
        ("id", "stage", "type", "requirement", "vp", "symbols"),
        [
            (e.id, e.stage, e.type, str(e.requirement), str(e.vp), " ".join(e.element_symbols) or "-")
            for e in pack.experiments
        ],
    )
    lines.append("MASTERPIECES")
    lines += _table(
        ("id", "type", "requirement", "vp", "symbols"),
        [
            (m.id, m.type, str(m.requirement), str(m.vp), " ".join(m.element_symbols) or "-")
            for m in pack.masterpieces
        ],
    )
    lines.append("ARTIFACTS")
    lines += _table(
        ("id", "starting", "colour", "symbols"),
        [
            (a.id, "yes" if a.starting else "no", a.colour, " ".join(a.element_symbols) or "-")
            for a in pack.artifacts
        ],
    )
    lines.append("OBJECTIVES")
    if pack.objectives:
        lines += _table(("id", "vp", "title"), [(o.id, str(o.vp), o.title or "") for o in pack.objectives])
    else:
        lines.append("  (none: the objectives module cannot be used with this pack)")
    return lines


def format_pack(pack: Pack, section: str = "all") -> str:
    """The pack as text tables; ``section`` is one of ``SECTIONS``."""
    if section not in SECTIONS:
        raise ValueError(f"section must be one of {', '.join(SECTIONS)}, not {brief(section)}")
    lines = banner(pack)
    parts = {"cards": _cards, "presets": _presets, "tracks": _tracks, "catalogue": _catalogue}
    for name, build in parts.items():
        if section in (name, "all"):
            lines.append("")
            lines += build(pack)
    return "\n".join(lines)
