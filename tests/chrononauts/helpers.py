"""Shared helpers for the Chrononauts tests: arranged positions and short move drivers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from tabletop_rules import chrononauts as C
from tabletop_rules.chrononauts.engine import Engine
from tabletop_rules.chrononauts.frames import DrawCards, Window
from tabletop_rules.chrononauts.state import State
from tabletop_rules.core import CHANCE

FILLER = "ART-PLACEHOLDER-15"  # a card no test cares about, used as a turn draw
FILLERS = (
    "ART-PLACEHOLDER-15",
    "ART-PLACEHOLDER-14",
    "ART-PLACEHOLDER-13",
    "ART-PLACEHOLDER-12",
    "ART-PLACEHOLDER-11",
    "ACT-NEW-MISSION",
    "ACT-IT-NEVER-EXISTED",
    "INV-HALT-ATTACK",
    "ACT-DISCONTINUITY",
)


def filler(state: State) -> str:
    """A card still in the draw pile that no test cares about."""
    for card in FILLERS:
        if state.draw_pile[state.cards.deck_index[card]]:
            return card
    raise AssertionError("no filler card left")


def setup(
    players: int = 3,
    *,
    hands: Sequence[Iterable[str]] = (),
    tableaux: Sequence[Iterable[str]] = (),
    ids: Sequence[str] = (),
    missions: Sequence[str] = (),
    discard: Iterable[str] = (),
    draw_pile: Iterable[str] | None = None,
    first: int = 0,
    variant: str = "chrononauts",
    cards: C.CardSet | None = None,
    **options: Any,
) -> State:
    """A game at the start of seat ``first``'s first turn (its turn draw pending), arranged as given.

    Unlisted players get empty hands; every other play-deck card is in the draw pile,
    unless ``draw_pile`` lists exactly what it holds (the rest then goes to the discard pile).
    """
    config = C.Options(variant=variant, first_player=first, identity_mulligans=0, **options)
    state = C.new_game(config, players=players, cards=cards)
    while C.current_player(state) is CHANCE and not (
        isinstance(state.stack[-1], DrawCards) and state.turn >= 1
    ):
        state = C.apply(state, C.chance_outcomes(state)[0][0])
    cards = state.cards
    full = Counter(dict(zip(cards.deck, state.ctx.deck_counts, strict=True)))
    hand_lists = [list(hands[p]) if p < len(hands) else [] for p in range(players)]
    table_lists = [list(tableaux[p]) if p < len(tableaux) else [] for p in range(players)]
    used = Counter(c for h in hand_lists for c in h) + Counter(c for t in table_lists for c in t)
    discard_list = list(discard)
    used += Counter(discard_list)
    rest = full - used
    assert not (used - full), f"more copies than the deck holds: {used - full}"
    if draw_pile is not None:
        pile = Counter(draw_pile)
        assert not (pile - rest)
        discard_list += sorted((rest - pile).elements())
        rest = pile
    state = attrs.evolve(
        state,
        hands=tuple(tuple(sorted(h)) for h in hand_lists),
        tableaux=tuple(tuple(t) for t in table_lists),
        draw_pile=tuple(rest[c] for c in cards.deck),
        discard_pile=tuple(discard_list),
        log=(),
    )
    if ids:
        all_ids = {i.id for i in cards.identities}
        state = attrs.evolve(state, ids=tuple(ids), id_pile=frozenset(all_ids - set(ids)), id_queue=())
    if missions:
        all_missions = {m.id for m in cards.missions}
        state = attrs.evolve(
            state,
            missions=tuple(missions),
            mission_pile=frozenset(all_missions - set(missions)),
            mission_queue=(),
        )
    work = Engine(state)
    work.advance()
    state = work.freeze()
    C.validate(state)
    return state


def evolve_timeline(state: State, *icons: str) -> State:
    """Flip linchpins directly (ripples included), to set up a position without playing cards."""
    work = Engine(state)
    for icon in icons:
        work.flip(icon)
    return work.freeze()


def move(state: State, text: str) -> State:
    """Apply the move that ``text`` names, then check the invariants (C-STATE-8)."""
    after = C.apply(state, C.parse_move(state, text))
    C.validate(after)
    return after


def settle(state: State) -> State:
    """Let every open reaction window close with passes."""
    while not C.is_terminal(state) and isinstance(state.stack[-1], Window):
        state = C.apply(state, C.Pass())
    return state


def draw(state: State, card: str | None = None) -> State:
    """Resolve the pending draw with ``card`` (a filler card by default)."""
    assert isinstance(state.stack[-1], DrawCards), state.stack[-1]
    return C.apply(state, C.Draw(card or filler(state)))


def turn(state: State, text: str, drawn: str | None = None) -> State:
    """The active player draws, makes the play ``text``, and every window closes with passes."""
    return settle(move(draw(state, drawn), text))


def idle(state: State) -> State:
    """The active player draws a filler card and kills time with it."""
    card = filler(state)
    state = draw(state, card)
    return settle(C.apply(state, C.KillTime((card,))))


def open_years(state: State) -> list[int]:
    return [rp.year for rp, s in zip(state.cards.ripplepoints, state.status, strict=True) if s == C.OPEN]


def status(state: State, year: int) -> str:
    return state.year_status(year)
