"""The cross-record pack validators V-1..V-13 of spec 6.6 (the per-field checks live in the loader)."""

from __future__ import annotations

from collections import Counter
from typing import Any, NoReturn

from tabletop_rules.core.errors import InvalidContentError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.trismaugistus.content.records import Experiment, Masterpiece, Pack
from tabletop_rules.trismaugistus.vocabulary import ELEMENTS, OBJECTIVE_ROW_SIZE

__all__ = ["check_pack"]


def _fail(where: str, message: str) -> NoReturn:
    raise InvalidContentError(f"{where}: {message}")


def check_pack(pack: Pack) -> None:
    """Run the cross-record validators V-1..V-13 on an already typed pack.

    Raises:
        InvalidContentError: naming the record and field that is wrong.
    """
    # V-13
    if pack.fictional and not pack.note:
        _fail("pack.note", "a fictional pack must explain itself in a non-empty note")
    # V-1
    all_ids = [
        *(c.id for c in pack.automa_cards),
        *(e.id for e in pack.experiments),
        *(m.id for m in pack.masterpieces),
        *(a.id for a in pack.artifacts),
        *(o.id for o in pack.objectives),
    ]
    dupes = sorted(i for i, n in Counter(all_ids).items() if n > 1)
    if dupes:
        _fail("pack", f"id {brief(dupes[0])} is used by more than one record (V-1)")
    # V-9
    if len(pack.tracks) != 4 or sorted(t.element for t in pack.tracks) != sorted(ELEMENTS):
        _fail("pack.tracks", "must have exactly one track for each of earth, fire, water and air (V-9)")
    # V-2
    decks = Counter(c.deck for c in pack.automa_cards)
    if decks["purple"] != 4:
        _fail("pack.automa_cards", f"must have exactly 4 purple cards, got {decks['purple']} (V-2)")
    if decks["green"] != 4:
        _fail("pack.automa_cards", f"must have exactly 4 green cards, got {decks['green']} (V-2)")
    if decks["yellow"] < 7:
        _fail("pack.automa_cards", f"must have at least 7 yellow cards, got {decks['yellow']} (V-2)")
    # V-3
    levels = sorted(p.level for p in pack.difficulty_presets)
    if levels != [1, 2, 3]:
        _fail("pack.difficulty_presets", f"must have levels 1, 2 and 3 once each, got {levels} (V-3)")
    deck_of = {c.id: c.deck for c in pack.automa_cards}
    for index, preset in enumerate(pack.difficulty_presets):
        w = f"difficulty_presets[{index}] (level {preset.level})"
        seen: Counter[str] = Counter([*preset.draw_deck, *preset.face_up_discard, *preset.removed])
        for ident in seen:
            if ident not in deck_of:
                _fail(w, f"names {brief(ident)}, which is not an automa card")
        twice = sorted(i for i, n in seen.items() if n > 1)
        if twice:
            _fail(w, f"lists {brief(twice[0])} more than once (V-4)")
        missing = [c.id for c in pack.automa_cards if c.id not in seen]
        if missing:
            _fail(w, f"does not place {brief(missing[0])} in draw_deck, face_up_discard or removed (V-4)")
        for ident, deck in deck_of.items():
            if deck == "purple" and ident not in preset.removed:
                _fail(f"{w}.removed", f"must contain the purple card {brief(ident)} (V-5)")
        draw = Counter(deck_of[i] for i in preset.draw_deck)
        face_up = Counter(deck_of[i] for i in preset.face_up_discard)
        if preset.level in (1, 2):
            if draw != Counter({"green": 2, "yellow": 7}):
                _fail(
                    f"{w}.draw_deck", f"must be exactly 2 green and 7 yellow cards, got {_count(draw)} (V-6)"
                )
            if preset.face_up_discard:
                _fail(f"{w}.face_up_discard", "must be empty at levels 1 and 2 (V-6)")
        else:
            if draw != Counter({"green": 4}):
                _fail(f"{w}.draw_deck", f"must be exactly the 4 green cards, got {_count(draw)} (V-7)")
            if face_up != Counter({"yellow": 6}):
                _fail(f"{w}.face_up_discard", f"must be exactly 6 yellow cards, got {_count(face_up)} (V-7)")
    # V-10
    track = {t.element: t for t in pack.tracks}
    catalogue: tuple[tuple[str, tuple[Experiment | Masterpiece, ...]], ...] = (
        ("experiments", pack.experiments),
        ("masterpieces", pack.masterpieces),
    )
    for kind, records in catalogue:
        for index, record in enumerate(records):
            req = record.requirement
            if req.level > track[req.track].max_level:
                _fail(
                    f"{kind}[{index}] ({record.id}).requirement.level",
                    f"{req.level} is above the {req.track} track's max_level"
                    f" {track[req.track].max_level} (V-10)",
                )
    if not pack.masterpieces:
        _fail("pack.masterpieces", "must have at least 1 masterpiece")
    # a pack that loads gives a playable game: the setup needs a starting experiment and artifact (B-9)
    if not any(e.stage == "starting" for e in pack.experiments):
        _fail(
            "pack.experiments", "must have at least 1 starting experiment (stage 'starting') to set up a game"
        )
    if not any(a.starting for a in pack.artifacts):
        _fail("pack.artifacts", "must have at least 1 starting artifact to set up a game")
    # V-12
    if pack.objectives and len(pack.objectives) < OBJECTIVE_ROW_SIZE:
        _fail(
            "pack.objectives",
            f"must have at least {OBJECTIVE_ROW_SIZE} objectives if any, got {len(pack.objectives)} (V-12)",
        )


def _count(counter: Counter[Any]) -> str:
    return ", ".join(f"{n} {deck}" for deck, n in sorted(counter.items())) or "none"
