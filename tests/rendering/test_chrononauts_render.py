"""Chrononauts pictures: the TimeLine grid, the paradox count, and views that never leak hidden cards."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tabletop_rules import chrononauts
from tabletop_rules.chrononauts.render import render_svg
from tabletop_rules.core import CHANCE, evolve, sample_chance

from .svg_helpers import by_class, parse, texts

CELL_CLASSES = {
    "linchpin true",
    "linchpin alt",
    "ripplepoint true",
    "ripplepoint open",
    "ripplepoint patched",
}


def playout(seed: int, players: int = 4, moves: int = 500, **setup: Any) -> Iterator[chrononauts.State]:
    """The states of a seeded random game, for at most `moves` moves."""
    rng = random.Random(seed)
    state = chrononauts.new_game(players=players, **setup)
    yield state
    for _ in range(moves):
        if chrononauts.is_terminal(state):
            return
        if chrononauts.current_player(state) == CHANCE:
            move = sample_chance(chrononauts, state, rng)
        else:
            move = rng.choice(list(chrononauts.legal_moves(state)))
        state = chrononauts.apply(state, move)
        yield state


def paradox_limit(state: chrononauts.State) -> int:
    options: Any = getattr(state, "options", None) or state.config
    return int(options.paradox_limit)


def check_picture(state: chrononauts.State, player: int | None) -> str:
    text = render_svg(state, player=player)
    assert text == render_svg(state, player=player)  # deterministic
    root = parse(text)
    cells = by_class(root, "cell")
    # C-STATE-2..5: the 32 TimeLine cards, each with its side or status
    assert len(cells) == 32
    shown = {int(c.get("data-year") or 0): " ".join((c.get("class") or "").split()[1:]) for c in cells}
    assert set(shown.values()) <= CELL_CLASSES
    for linchpin in state.cards.linchpins:
        assert shown[linchpin.year] == f"linchpin {state.side(linchpin.icon)}"
    for ripplepoint in state.cards.ripplepoints:
        status = state.year_status(ripplepoint.year)
        expected = status if status in ("true", "open") else "patched"
        assert shown[ripplepoint.year] == f"ripplepoint {expected}"
    patched = {c.get("data-year"): c.get("data-patch") for c in cells if "patched" in (c.get("class") or "")}
    for year, patch in patched.items():
        assert patch == state.year_status(int(year or 0))
        assert state.cards.name(patch or "") in " ".join(texts(root))
    # C-STATE-6, C-STATE-7: the open paradox count against the limit, and the UltraParadox
    (count,) = by_class(root, "paradox-count")
    assert count.get("data-open") == str(state.open_paradoxes())
    assert count.get("data-limit") == str(paradox_limit(state))
    assert len(by_class(root, "paradox-slot")) == paradox_limit(state)
    assert sum(1 for c in cells if "open" in (c.get("class") or "").split()) == state.open_paradoxes()
    (up,) = by_class(root, "ultraparadox")
    assert up.get("data-active") == ("yes" if state.ultraparadox() else "no")
    mine = by_class(root, "mine")
    assert [m.get("data-seat") for m in mine] == ([] if player is None else [str(player)])
    return text


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_games_are_drawn_faithfully_for_everyone(seed: int) -> None:
    states = list(playout(seed))
    seen = set()
    for state in [*states[::7], states[-1]]:
        for player in (None, *range(state.players)):
            root = parse(check_picture(state, player))
            seen |= {" ".join((c.get("class") or "").split()[1:]) for c in by_class(root, "cell")}
    assert {"linchpin alt", "ripplepoint open"} <= seen


def _mid_game(seed: int = 2) -> chrononauts.State:
    """A 4-player state after the deal with cards in every hand, not yet over."""
    for state in playout(seed, moves=300):
        if state.turn >= 8 and all(state.hands) and state.result is None:
            return state
    raise AssertionError("no such state")


def _other_cards(state: chrononauts.State, viewer: int) -> chrononauts.State:
    """The state with all that `viewer` cannot see changed: others' hands, IDs, Missions, the draw pile.

    Cards are exchanged, never made up, so the changed state is still valid (`render_svg` draws only
    valid states): each other player gives the first card of their hand to the draw pile for another
    card of it, and swaps their ID and Mission for hidden ones of the piles.
    """
    deck = state.cards.deck
    hands, draw = list(state.hands), list(state.draw_pile)
    ids, id_pile = list(state.ids), set(state.id_pile)
    missions, mission_pile = list(state.missions), set(state.mission_pile)
    for seat in range(state.players):
        if seat == viewer:
            continue
        if hands[seat]:
            gone = hands[seat][0]
            come = next(c for i, c in enumerate(deck) if draw[i] and c != gone)
            draw[deck.index(come)] -= 1
            draw[deck.index(gone)] += 1
            hands[seat] = tuple(sorted((*hands[seat][1:], come)))
        if ids[seat] and ids[seat] not in state.revealed_ids and id_pile:
            other = min(id_pile)
            id_pile = (id_pile - {other}) | {ids[seat]}
            ids[seat] = other
        if missions[seat] and mission_pile:
            other = min(mission_pile)
            mission_pile = (mission_pile - {other}) | {missions[seat]}
            missions[seat] = other
    changed = evolve(
        state,
        hands=tuple(hands),
        draw_pile=tuple(draw),
        ids=tuple(ids),
        id_pile=frozenset(id_pile),
        missions=tuple(missions),
        mission_pile=frozenset(mission_pile),
    )
    chrononauts.validate(changed)
    return changed


@pytest.mark.parametrize("viewer", [0, 1, 2, 3])
def test_a_players_picture_never_shows_what_is_hidden_from_them(viewer: int) -> None:
    # C-VIEW-1, C-VIEW-2, C-VIEW-5: others' hands, IDs, Missions and the draw pile stay hidden
    state = _mid_game()
    changed = _other_cards(state, viewer)
    assert changed != state
    assert render_svg(changed, player=viewer) == render_svg(state, player=viewer)
    assert render_svg(changed) == render_svg(state)
    other = (viewer + 1) % state.players
    assert render_svg(changed, player=other) != render_svg(state, player=other)
    # the private lines of the history (another player's draws and deals) are shown redacted
    shown = " ".join(texts(parse(render_svg(state, player=viewer))))
    secrets = [
        private for text, seat, private in state.log.records() if seat not in (-1, viewer) and private != text
    ]
    assert secrets
    assert not any(secret in shown for secret in secrets[-6:])


def test_a_players_picture_shows_their_own_hand_id_and_mission() -> None:
    # C-VIEW-2: the viewer sees their own hand and goals
    state = _mid_game()
    for player in range(state.players):
        words = " ".join(texts(parse(render_svg(state, player=player))))
        wrapped_words = words.replace("\u2026", "")
        assert "Hand: " in words
        assert state.cards.name(state.ids[player]) in wrapped_words
        assert state.cards.name(state.missions[player]) in wrapped_words
    public = parse(render_svg(state))
    assert not any(t.startswith("Hand: ") for t in texts(public))
    assert by_class(public, "hand") == []


@pytest.mark.parametrize(
    ("variant", "players"), [("artifaxx", 3), ("solonauts", 1)]
)  # fmt: skip
def test_the_variants_are_drawn(variant: str, players: int) -> None:
    for state in list(playout(5, players=players, moves=150, variant=variant))[::10]:
        root = parse(render_svg(state))
        assert len(by_class(root, "cell")) == (0 if variant == "artifaxx" else 32)
        assert len(by_class(root, "player")) == players


def _cards_named(rename: Callable[[dict[str, Any]], None]) -> chrononauts.CardSet:
    data = json.loads(chrononauts.default_cards().data_text)
    rename(data)
    load = getattr(chrononauts, "cards_from_dict", None) or chrononauts.CardSet.from_data
    cards: chrononauts.CardSet = load(data)
    return cards


def test_odd_card_text_is_escaped() -> None:
    odd = 'Lincoln <b>Shot</b> & "Wounded" \x07'

    def rename(data: dict[str, Any]) -> None:
        data["timeline"][0]["true_headline"] = odd

    cards = _cards_named(rename)
    state = chrononauts.new_game(players=2, cards=cards)
    root = parse(render_svg(state, player=0))
    assert 'Lincoln <b>Shot</b> & "Wounded" \ufffd' in " ".join(texts(root))
