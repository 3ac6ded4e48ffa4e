"""Trismaugistus pictures: the automa's side of the table, its click hooks, and any pack text escaped."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import CHANCE, evolve, sample_chance
from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError
from tabletop_rules.trismaugistus.vocabulary import COLOURS, ELEMENT_INDEX, FACES

from .svg_helpers import SVG, by_class, parse, texts

FEW = settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
SETUPS = (
    "setup d1 exp=FX-S3 art=FX-AS2",
    "setup d2 exp=FX-S2 art=FX-AS3",
    "setup d3 exp=FX-S1 art=FX-AS1",
    "setup d1 exp=FX-S1 art=FX-AS1 objectives=FX-O1,FX-O2,FX-O3,FX-O4",
    "setup d3 exp=FX-S2 art=FX-AS4 objectives=FX-O4,FX-O3,FX-O2,FX-O1",
)


def playout(seed: int, setup: str, pack: tm.Pack | None = None, moves: int = 2000) -> Iterator[tm.State]:
    """The states of a seeded random game from `setup`, the setup state first."""
    rng = random.Random(seed)
    state = tm.new_game(pack=pack) if pack is not None else tm.new_game()
    state = tm.apply(state, tm.parse_move(state, setup))
    yield state
    for _ in range(moves):
        if tm.is_terminal(state):
            return
        if tm.current_player(state) == CHANCE:
            move = sample_chance(tm, state, rng)
        else:
            move = rng.choice(list(tm.legal_moves(state)))
        state = tm.apply(state, move)
        yield state


def one(root: ET.Element, name: str) -> ET.Element:
    (element,) = by_class(root, name)
    return element


def check_picture(state: tm.State) -> ET.Element:
    """Draw `state` twice (the same text), parse it, and check every hook against the state."""
    text = tm.render_svg(state)
    assert text == tm.render_svg(state)  # deterministic
    root = parse(text)
    assert one(root, "phase").get("data-phase") == state.phase
    if state.phase == "setup":
        assert not by_class(root, "bowl")
        return root
    automa = state.automa
    board = state.board
    scores = one(root, "scoreboard")
    assert (scores.get("data-round"), scores.get("data-vp")) == (str(state.round), str(automa.vp))
    assert (scores.get("data-gold"), scores.get("data-ether")) == (str(automa.gold), str(automa.ether))
    # the six bowls, in face order, with their dice (B-3) and potency (B-4)
    bowls = by_class(root, "bowl")
    assert [b.get("data-bowl") for b in bowls] == list(FACES)
    for bowl, counts in zip(bowls, board.bowls, strict=True):
        assert bowl.get("data-potency") == str(sum(counts))
        dice = [d.get("data-die") for d in by_class(bowl, "die")]
        face = bowl.get("data-bowl")
        assert dice == [f"{face}/{c}" for c, n in zip(COLOURS, counts, strict=True) for _ in range(n)]
    # the experiment areas and artifact offers, card by card in slot order
    for area, ids in zip(by_class(root, "experiment-area"), board.areas, strict=True):
        assert [c.get("data-card") for c in by_class(area, "experiment")] == list(ids[:5])
    offers = by_class(root, "offer")
    assert [o.get("data-offer") for o in offers] == list(COLOURS)
    for offer, ids in zip(offers, board.offers, strict=True):
        assert [a.get("data-card") for a in by_class(offer, "artifact")] == list(ids[:4])
    # the tracker card (T-DIE-7, T-POT-2)
    tracker = one(root, "tracker")
    assert tracker.get("data-dice-used") == str(automa.dice_used)
    active = one(root, "active-die")
    die = automa.active_die
    if die is None:
        assert active.get("data-die") is None
    else:
        assert active.get("data-die") == f"{die.face}/{die.colour}"
        placed = (active.get("data-placed"), active.get("data-remaining"))
        assert placed == (str(die.placed), str(die.remaining))
    exhausted = [d.get("data-die") for d in by_class(one(root, "exhausted"), "die")]
    assert exhausted == [f"{f}/{c}" for f, c in automa.exhausted]
    # the tracks in board order, each marker on its level, the cube on one (T-SETUP-7, T-SETUP-8)
    tracks = by_class(root, "track")
    assert [t.get("data-track") for t in tracks] == list(state.pack.board.track_order)
    for track in tracks:
        element = track.get("data-track") or ""
        spec = state.pack.track[element]
        assert track.get("data-level") == str(automa.levels[ELEMENT_INDEX[element]])
        assert len(by_class(track, "space")) == spec.max_level + 1
        assert len(by_class(track, "symbol")) == len(spec.symbol_levels)
        kinds = [b.get("data-bonus") for b in by_class(track, "bonus")]
        assert kinds == [s.kind for s in board.bonus_layout[ELEMENT_INDEX[element]]]
        assert (track.get("data-cube") == "yes") == (automa.tiebreak_track == element)
        assert len(by_class(track, "cube")) == (automa.tiebreak_track == element)
    # the card in play or on top of the discard pile, and the piles
    cards = by_class(root, "automa-card")
    pending = state.pending
    shown = pending.card_id if pending is not None and pending.card_id is not None else None
    if shown is None and automa.discard:
        shown = automa.discard[-1]
    assert [c.get("data-card") for c in cards] == ([] if shown is None else [shown])
    piles = {p.get("data-pile"): p.get("data-count") for p in by_class(root, "pile")}
    assert piles == {"draw": str(len(automa.draw_pile)), "discard": str(len(automa.discard))}
    collected = [c.get("data-card") for c in by_class(one(root, "experiments"), "experiment")]
    assert collected == list(automa.experiments[: len(collected)])
    assert collected or not automa.experiments
    # the objective row (T-OBJ-1, T-OBJ-5, T-OBJ-6)
    row = by_class(root, "objective")
    assert [o.get("data-card") for o in row] == [slot.card_id for slot in board.objectives]
    for shown_slot, slot in zip(row, board.objectives, strict=True):
        assert shown_slot.get("data-face-up") == ("yes" if slot.face_up else "no")
        assert shown_slot.get("data-cubes") == str(slot.cubes) == str(len(by_class(shown_slot, "cube")))
    # the final score (T-SCORE-7)
    final = by_class(root, "final-score")
    if state.score is None:
        assert not final
    else:
        assert [f.get("data-total") for f in final] == [str(state.score.total)]
    return root


def test_the_blank_game_before_setup_is_drawn() -> None:
    root = check_picture(tm.new_game())
    assert "before setup" in " ".join(texts(root))


@pytest.mark.parametrize("setup", SETUPS)
def test_every_state_of_a_seeded_game_is_drawn_with_its_hooks(setup: str) -> None:
    """Every state of a whole game, one per difficulty and module, from setup to the final score."""
    states = list(playout(SETUPS.index(setup), setup))
    assert tm.is_terminal(states[-1])
    for state in states:
        check_picture(state)


@FEW
@given(seed=st.integers(0, 2**32), setup=st.sampled_from(SETUPS), cut=st.integers(0, 400))
def test_random_reachable_states_are_drawn(seed: int, setup: str, cut: int) -> None:
    """Any reachable state, under random rulings too, gives a well-formed picture that matches it."""
    options = tm.Options.choices()
    rng = random.Random(seed)
    chosen = {name: rng.choice(values) for name, values in options.items()}
    state = tm.new_game(tm.Options.from_dict(chosen))
    state = tm.apply(state, tm.parse_move(state, setup))
    for _ in range(cut):
        if tm.is_terminal(state):
            break
        if tm.current_player(state) == CHANCE:
            move = sample_chance(tm, state, rng)
        else:
            move = rng.choice(list(tm.legal_moves(state)))
        state = tm.apply(state, move)
    check_picture(state)


def test_the_worked_opening_shows_its_die_cards_and_tracks() -> None:
    """O-15's first automa turn as the picture shows it: the die bought with, the card, the piles."""
    state = tm.new_game_with_setup("setup d2 exp=FX-S2 art=FX-AS3")
    for line in (
        "report round_start bowls=lead:b1,tin:r1b1,iron:w1b1,copper:w2r1,mercury:w1,wild:r1b1 "
        "areas=copper:FX-E01+FX-E03,iron:FX-E04 "
        "offers=red:FX-A01+FX-A02,white:FX-A03+FX-A04,black:FX-A05+FX-A06",
        "draft iron/black",
        "end",
        "draw FX-Y5",
    ):
        state = tm.apply(state, tm.parse_move(state, line))
    root = check_picture(state)
    active = one(root, "active-die")
    assert (active.get("data-die"), active.get("data-placed"), active.get("data-remaining")) == (
        "copper/red", "4", "2",
    )  # fmt: skip
    assert [c.get("data-card") for c in by_class(root, "automa-card")] == ["FX-Y5"]
    red = by_class(root, "offer")[0]
    assert [a.get("data-card") for a in by_class(red, "artifact")] == ["FX-A01"]
    words = " ".join(texts(root))
    assert "FX-A02" in words  # now the automa's (T-ACT-7)
    assert "FICTIONAL" in words


def test_the_end_screen_shows_every_scoring_step_and_the_verdict() -> None:
    final = list(playout(3, SETUPS[1]))[-1]
    assert final.score is not None
    root = check_picture(final)
    assert "not reported" in " ".join(texts(root))
    reported = tm.apply(final, tm.parse_move(final, f"report score {final.score.total + 1}"))
    words = " ".join(texts(check_picture(reported)))
    assert "the human wins" in words
    for step in ("masterpiece", "experiments", "elemental symbols", "formulas", "mastery tracks"):
        assert step in words


def test_size_scales_the_picture_and_keeps_the_drawing() -> None:
    """REL-PICTURES-1: `size` changes the displayed width only; a bad one is an option error."""
    state = list(playout(1, SETUPS[0], moves=30))[-1]
    default = ET.fromstring(tm.render_svg(state))
    small = ET.fromstring(tm.render_svg(state, size=320))
    assert small.get("viewBox") == default.get("viewBox")
    assert small.get("width") == "320"
    bad: Any
    for bad in (True, 0, 10**9, float("nan"), "640", None):
        with pytest.raises(InvalidOptionError):
            tm.render_svg(state, size=bad)


def test_only_valid_trismaugistus_states_are_drawn() -> None:
    """REL-PICTURES-1: anything but a valid State of this game is an InvalidStateError."""
    state = list(playout(2, SETUPS[1], moves=30))[-1]
    forged = [
        evolve(state, round=7),
        evolve(state, automa=evolve(state.automa, levels=(99, 0, 0, 0))),
        evolve(state, board=evolve(state.board, bowls=((9, 9, 9),) * 6)),
    ]
    bad: Any
    for bad in (None, "state", 3, object(), tm.mirror(state), *forged):
        with pytest.raises(InvalidStateError) as caught:
            tm.render_svg(bad)
        assert len(str(caught.value)) < 300


def test_jupyter_shows_the_same_picture() -> None:
    """REL-PICTURES-1: `_repr_svg_` is `render_svg` (registered through `core.svg`)."""
    for state in (tm.new_game(), list(playout(4, SETUPS[3], moves=50))[-1]):
        assert state._repr_svg_() == tm.render_svg(state)


# --------------------------------------------------------------------------------------- pack text


def _pack_named(odd: str) -> tm.Pack:
    """The fictional pack with every free text (the pack id, types, labels, titles) replaced by `odd`."""
    data = tm.pack_to_dict(tm.default_pack())
    data["pack_id"] = odd
    data["note"] = odd
    data["source"] = odd
    for i, record in enumerate(data["experiments"]):
        record["type"] = f"{odd}|type{i % 4}"  # four types, so the automa still gains gold for repeats
    for record in data["masterpieces"]:
        record["type"] = f"{odd}|type0"
    for i, record in enumerate(data["automa_cards"]):
        record["label"] = f"{odd}|card{i}"
    for i, record in enumerate(data["objectives"]):
        record["title"] = f"{odd}|goal{i}"
    return tm.pack_from_dict(data)


_TEXT = st.text(alphabet=st.characters(exclude_categories=["Cs"]), min_size=1, max_size=1000)
_HOSTILE = [
    "<script>alert(1)</script>", "]]><!--", "&amp; &lt;", '" onload="x', "\x00\x1b\ufffe", "\u202e" * 50,
]  # fmt: skip


def _structure(text: str) -> list[str]:
    root = ET.fromstring(text)
    return [e.tag for e in root.iter() if e.tag != f"{SVG}text"]


@pytest.mark.parametrize("odd", _HOSTILE, ids=repr)
def test_hostile_pack_text_is_escaped(odd: str) -> None:
    """REL-PICTURES-2: markup, entities and control characters in a pack's text stay text."""
    pack = _pack_named(odd)
    for state in playout(5, SETUPS[3], pack=pack, moves=60):
        text = tm.render_svg(state)
        root = ET.fromstring(text)  # well-formed
        assert not root.findall(f".//{SVG}script")
        plain = tm.render_svg(_plain(state))
        assert _structure(text) == _structure(plain)


def _plain(state: tm.State) -> tm.State:
    """The same state with the shipped pack (the hostile pack has the same ids and numbers)."""
    return evolve(state, pack=tm.default_pack())


@FEW
@given(odd=_TEXT, seed=st.integers(0, 2**16))
def test_any_pack_text_gives_a_well_formed_picture(odd: str, seed: int) -> None:
    """REL-PICTURES-2: any text the pack loader accepts gives a well-formed picture of the same shape.

    The picture parses, has the elements of the same position drawn with the shipped pack (no text
    became markup), and shows a short text; a long one is cut, so the picture stays bounded.
    """
    pack = _pack_named(odd)
    states = list(playout(seed, SETUPS[4], pack=pack, moves=80))
    for state in (states[0], states[-1]):
        text = tm.render_svg(state)
        assert _structure(text) == _structure(tm.render_svg(_plain(state)))
        assert len(text) < 60_000 + 2 * len(odd)  # the description repeats the pack id once
        if 0 < len(odd.strip()) <= 10 and odd.isprintable():
            assert re.sub(r"\s+", " ", odd).strip() in " ".join(texts(ET.fromstring(text)))
    assert len(repr(states[-1])) <= 200
