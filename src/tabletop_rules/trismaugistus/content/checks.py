"""The cross-record pack validators V-1..V-13 of spec 6.6 (the per-field checks live in the loader).

`pack_check_problems` yields every problem, as ``(where, message)`` pairs, in a
fixed order; `check_pack` raises the first. When a pack is read to the end
(`loader.pack_problems`), a validator runs only if the sections it reads were
read without a problem: checking the deck counts of a card list with a broken
card left out would report a problem that is not there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any, Final

from tabletop_rules.core.jsonio import brief
from tabletop_rules.trismaugistus.content.fields import fail
from tabletop_rules.trismaugistus.content.records import Experiment, Masterpiece, Pack
from tabletop_rules.trismaugistus.vocabulary import ELEMENTS, OBJECTIVE_ROW_SIZE

__all__ = ["check_pack", "pack_check_problems"]

SECTIONS: Final = frozenset(
    {"fictional", "tracks", "automa_cards", "difficulty_presets", "experiments", "masterpieces", "artifacts",
     "objectives"}
)  # fmt: skip
"""The parts of a pack the validators read (the pack's lists, and ``fictional``)."""


def check_pack(pack: Pack) -> None:
    """Run the cross-record validators V-1..V-13 on an already typed pack.

    Raises:
        InvalidContentError: naming the record and field that is wrong (the first problem).
    """
    for where, message in pack_check_problems(pack):
        fail(where, message)


def pack_check_problems(pack: Pack, complete: frozenset[str] = SECTIONS) -> Iterator[tuple[str, str]]:
    """Every problem the cross-record validators find, as ``(where, message)``.

    Args:
        pack: the records read so far.
        complete: the sections (`SECTIONS`) whose every record was read: a validator that
            reads another section is skipped.
    """
    # V-13
    if "fictional" in complete and pack.fictional and not pack.note:
        yield "pack.note", "a fictional pack must explain itself in a non-empty note"
    # V-1: every id read so far (a duplicate of an id of a broken record is found once it is fixed)
    all_ids = [
        *(c.id for c in pack.automa_cards),
        *(e.id for e in pack.experiments),
        *(m.id for m in pack.masterpieces),
        *(a.id for a in pack.artifacts),
        *(o.id for o in pack.objectives),
    ]
    for dupe in sorted(i for i, n in Counter(all_ids).items() if n > 1):
        yield "pack", f"id {brief(dupe)} is used by more than one record (V-1)"
    tracks_ok = "tracks" in complete
    # V-9
    if tracks_ok and (len(pack.tracks) != 4 or sorted(t.element for t in pack.tracks) != sorted(ELEMENTS)):
        tracks_ok = False
        yield "pack.tracks", "must have exactly one track for each of earth, fire, water and air (V-9)"
    if "automa_cards" in complete:
        yield from _decks(pack, "difficulty_presets" in complete)
    # V-10
    if tracks_ok:
        yield from _requirements(pack, complete)
    if "masterpieces" in complete and not pack.masterpieces:
        yield "pack.masterpieces", "must have at least 1 masterpiece"
    # a pack that loads gives a playable game: the setup needs a starting experiment and artifact (B-9)
    if "experiments" in complete and not any(e.stage == "starting" for e in pack.experiments):
        yield (
            "pack.experiments",
            "must have at least 1 starting experiment (stage 'starting') to set up a game",
        )
    if "artifacts" in complete and not any(a.starting for a in pack.artifacts):
        yield "pack.artifacts", "must have at least 1 starting artifact to set up a game"
    # V-12
    if "objectives" in complete and pack.objectives and len(pack.objectives) < OBJECTIVE_ROW_SIZE:
        yield (
            "pack.objectives",
            f"must have at least {OBJECTIVE_ROW_SIZE} objectives if any, got {len(pack.objectives)} (V-12)",
        )


def _decks(pack: Pack, presets_ok: bool) -> Iterator[tuple[str, str]]:
    """V-2 (the deck sizes) and, with every preset read, V-3..V-7 (how each level prepares the deck)."""
    decks = Counter(c.deck for c in pack.automa_cards)
    if decks["purple"] != 4:
        yield "pack.automa_cards", f"must have exactly 4 purple cards, got {decks['purple']} (V-2)"
    if decks["green"] != 4:
        yield "pack.automa_cards", f"must have exactly 4 green cards, got {decks['green']} (V-2)"
    if decks["yellow"] < 7:
        yield "pack.automa_cards", f"must have at least 7 yellow cards, got {decks['yellow']} (V-2)"
    if not presets_ok:
        return
    # V-3
    levels = sorted(p.level for p in pack.difficulty_presets)
    if levels != [1, 2, 3]:
        yield "pack.difficulty_presets", f"must have levels 1, 2 and 3 once each, got {levels} (V-3)"
    deck_of = {c.id: c.deck for c in pack.automa_cards}
    for index, preset in enumerate(pack.difficulty_presets):
        yield from _preset(index, preset, pack, deck_of)


def _preset(index: int, preset: Any, pack: Pack, deck_of: Mapping[str, str]) -> Iterator[tuple[str, str]]:
    """V-4..V-7 for one preset."""
    w = f"difficulty_presets[{index}] (level {preset.level})"
    seen: Counter[str] = Counter([*preset.draw_deck, *preset.face_up_discard, *preset.removed])
    strangers = [ident for ident in seen if ident not in deck_of]
    for ident in strangers:
        yield w, f"names {brief(ident)}, which is not an automa card"
    for ident in sorted(i for i, n in seen.items() if n > 1):
        yield w, f"lists {brief(ident)} more than once (V-4)"
    for ident in (c.id for c in pack.automa_cards if c.id not in seen):
        yield w, f"does not place {brief(ident)} in draw_deck, face_up_discard or removed (V-4)"
    for ident, deck in deck_of.items():
        if deck == "purple" and ident not in preset.removed:
            yield f"{w}.removed", f"must contain the purple card {brief(ident)} (V-5)"
    if strangers:  # the counts below need every id to be a card
        return
    draw = Counter(deck_of[i] for i in preset.draw_deck)
    face_up = Counter(deck_of[i] for i in preset.face_up_discard)
    if preset.level in (1, 2):
        if draw != Counter({"green": 2, "yellow": 7}):
            yield f"{w}.draw_deck", f"must be exactly 2 green and 7 yellow cards, got {_count(draw)} (V-6)"
        if preset.face_up_discard:
            yield f"{w}.face_up_discard", "must be empty at levels 1 and 2 (V-6)"
    else:
        if draw != Counter({"green": 4}):
            yield f"{w}.draw_deck", f"must be exactly the 4 green cards, got {_count(draw)} (V-7)"
        if face_up != Counter({"yellow": 6}):
            yield f"{w}.face_up_discard", f"must be exactly 6 yellow cards, got {_count(face_up)} (V-7)"


def _requirements(pack: Pack, complete: frozenset[str]) -> Iterator[tuple[str, str]]:
    """V-10: every requirement is on its track (of the records read)."""
    track = {t.element: t for t in pack.tracks}
    catalogue: tuple[tuple[str, tuple[Experiment | Masterpiece, ...]], ...] = (
        ("experiments", pack.experiments),
        ("masterpieces", pack.masterpieces),
    )
    for kind, records in catalogue:
        if kind not in complete:  # the indexes would not be the file's
            continue
        for index, record in enumerate(records):
            req = record.requirement
            if req.level > track[req.track].max_level:
                yield (
                    f"{kind}[{index}] ({record.id}).requirement.level",
                    f"{req.level} is above the {req.track} track's max_level"
                    f" {track[req.track].max_level} (V-10)",
                )


def _count(counter: Counter[Any]) -> str:
    return ", ".join(f"{n} {deck}" for deck, n in sorted(counter.items())) or "none"
