"""The automa's mastery tracks: per-pack lookups and "advance nearest" (T-ACT-6, T-RULING-1, T-SETUP-8)."""

from __future__ import annotations

import functools

import attrs

from tabletop_rules.trismaugistus.content.records import Pack
from tabletop_rules.trismaugistus.vocabulary import ELEMENTS, Element, Face

__all__ = ["TrackTables", "break_track_tie", "nearest_track", "track_tables"]


@attrs.frozen
class TrackTables:
    """Per-pack lookups, built once per pack: max levels (ELEMENTS order) and the board order."""

    max_levels: tuple[int, ...]
    board_order: tuple[Element, ...]
    area_faces: frozenset[Face]


@functools.lru_cache(maxsize=32)  # keyed by the (immutable, hashable) pack; frozen tables
def track_tables(pack: Pack) -> TrackTables:
    """The pack's track lookups (cached per pack)."""
    return TrackTables(
        max_levels=tuple(pack.track[e].max_level for e in ELEMENTS),
        board_order=pack.board.track_order,
        area_faces=frozenset(pack.board.experiment_area_faces),
    )


# --- die choice (T-DIE) ------------------------------------------------------------------------------


def nearest_track(
    levels: tuple[int, ...],
    layout: tuple[tuple[object, ...], ...],
    tables: TrackTables,
    cube: Element,
    excludes_maxed: bool,
) -> tuple[Element | None, tuple[int | None, ...]]:
    """The track "advance nearest" moves (T-ACT-6, T-RULING-1) and each track's distance (None: excluded).

    Distance = the lowest bonus level above the marker (or the maximum) minus
    the marker; ties go to the cube's track, else the first tied track below it
    in board order, wrapping round (T-SETUP-8).
    """
    distances: list[int | None] = []
    for i, level in enumerate(levels):
        top = tables.max_levels[i]
        if level >= top:
            distances.append(None if excludes_maxed else 0)
            continue
        above = [s.level for s in layout[i] if s.level > level]  # type: ignore[attr-defined]
        distances.append((min(above) if above else top) - level)
    known = [d for d in distances if d is not None]
    if not known:
        return None, tuple(distances)
    best = min(known)
    tied = {ELEMENTS[i] for i, d in enumerate(distances) if d == best}
    return break_track_tie(tied, cube, tables.board_order), tuple(distances)


def break_track_tie(tied: set[Element], cube: Element, board_order: tuple[Element, ...]) -> Element:
    """T-SETUP-8: the cube's track if tied, else the first tied track below it, wrapping to the top."""
    start = board_order.index(cube)
    for k in range(len(board_order)):
        candidate = board_order[(start + k) % len(board_order)]
        if candidate in tied:
            return candidate
    raise AssertionError("no tied track")  # pragma: no cover
