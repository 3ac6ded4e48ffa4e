"""Determinizations for search agents: `resample_from_infostate` (C-VIEW-*, C-CHANCE-*).

`resample_from_infostate(state, player, rng)` returns a full state that ``player`` cannot tell
from ``state`` (the same `observation` and `information_state_string`), with every card the
player cannot see dealt again at random from the cards it cannot see.  It is what `ISMCTS`
(`tabletop_rules.agents`) searches in.

What is resampled (C-VIEW-3): the other players' hands, the draw pile (unless the player is
choosing for Quick Trip to the Future, C-VIEW-4), every hand set aside by Perform a "Miracle"
(its size is public; C-VIEW-3 hides it from everyone), a Time Vortex's undealt pool, the other
players' IDs and Missions, the hidden random parts of the ID and Mission piles, and the cards that
other players put unrevealed at the bottom of those piles (C-RULING-28).  What is kept: everything
public (C-VIEW-1), the player's own hand, ID, Mission and returned goal cards (C-VIEW-2), every
size and every frame of the turn sequence.  The history keeps its public lines and the player's own
private lines; the other players' private lines are replaced by their public text, because they
name cards the player has not seen.

The model (the "right probabilities").  Every hidden place is filled by one uniformly random
permutation of the *unseen multiset*: the play-deck cards of the variant that the player cannot
see anywhere, and likewise the unseen IDs and the unseen Missions.  This is exactly the
distribution of the hidden cards given what the player sees now, under the chance model of the
rules (C-CHANCE-2, -4, -5: draws, deals and "shuffles" are uniform), when nothing in the past
singles a hidden card out.  It deliberately ignores what a player could only *remember* and
that its view no longer shows: the cards it passed on with Discontinuity or gave to a Time
Vortex, the discard pile's contents at the moment it was recycled, a revealed or own returned
goal card dealt again from the front of a queue, and what the other players' choices suggest.

Determinism: the random numbers are drawn from ``rng`` alone, in an order fixed by what the
player sees, and the result is built only from what the player sees, so two states that
``player`` cannot tell apart give equal results for equal ``rng`` states.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from tabletop_rules.chrononauts.frames import Frame, Harvest, MiracleEnd, VortexDeal, Window
from tabletop_rules.chrononauts.state import OPEN, TRUE, QueueEntry, State
from tabletop_rules.chrononauts.views import check_viewer
from tabletop_rules.core.frozen import evolve

__all__ = ["resample_from_infostate", "unseen_cards"]


def _searching(state: State, player: int) -> bool:
    """Whether ``player`` now sees the draw pile (choosing for Quick Trip to the Future, C-VIEW-4)."""
    if state.result is not None or not state.stack:
        return False
    top = state.stack[-1]
    return isinstance(top, Harvest) and top.source == "draw" and top.player == player


def _public_goals(state: State) -> tuple[str, ...]:
    """The goal cards of the winner, public once the game is won (C-WIN-5)."""
    result = state.result
    if result is None or result.winner is None or state.variant == "solonauts":
        return ()
    return (state.ids[result.winner], state.missions[result.winner])


def unseen_cards(state: State, player: int) -> tuple[list[str], list[str], list[str]]:
    """The play-deck cards, IDs and Missions that ``player`` cannot see, each sorted.

    The play-deck cards form a multiset (the deck of the variant minus every card in view); the
    goal cards are all distinct.
    """
    cards = state.cards
    solo = state.variant == "solonauts"
    counts = list(state.ctx.deck_counts)
    index = cards.deck_index

    def seen(card: str) -> None:
        counts[index[card]] -= 1

    for card in state.discard_pile:
        seen(card)
    for card in state.out_of_game:
        seen(card)
    for tableau in state.tableaux:
        for card in tableau:
            seen(card)
    for status in state.status:
        if status not in (TRUE, OPEN):
            seen(status)
    for frame in state.stack:
        if isinstance(frame, Window):
            seen(frame.play.card)
    mine = 0 if solo else player
    for card in state.hands[mine]:
        seen(card)
    if _searching(state, player):
        for k, left in enumerate(state.draw_pile):
            counts[k] -= left
    deck = [card for card, k in zip(cards.deck, counts, strict=True) for _ in range(k)]
    ids, missions = unseen_goals(state, player)
    return deck, ids, missions


def unseen_goals(state: State, player: int) -> tuple[list[str], list[str]]:
    """The IDs and Missions that ``player`` cannot see, each sorted (the goal part of `unseen_cards`)."""
    cards = state.cards
    solo = state.variant == "solonauts"
    mine = 0 if solo else player
    shown = {
        state.ids[mine],
        state.missions[mine],
        *state.solo_ids,
        *state.home_row,
        *_public_goals(state),
        *(e.card for e in state.id_queue if e.revealed or e.returned_by == player),
        *(e.card for e in state.mission_queue if e.revealed or e.returned_by == player),
    }
    in_game_ids = [i.id for i in cards.identities] if state.variant != "artifaxx" else []
    in_game_missions = [m.id for m in cards.missions] if not solo else []
    ids = sorted(i for i in in_game_ids if i not in shown)
    missions = sorted(m for m in in_game_missions if m not in shown)
    return ids, missions


def resample_from_infostate(state: State, player: int, rng: random.Random) -> State:
    """A state that ``player`` cannot tell from ``state``, its hidden cards dealt anew from ``rng``.

    See the module docstring for what is resampled and with which probabilities.  The result
    passes `validate`, and ``information_state_string(result, player)`` equals
    ``information_state_string(state, player)``.

    Raises:
        InvalidStateError: ``state`` is not a Chrononauts `State`.
        InvalidRequestError: ``player`` is not a seat of this game (a search acts for a seat, so
            the spectator ``None`` is refused too).
    """
    check_viewer(state, player, spectator=False)
    solo = state.variant == "solonauts"
    mine = 0 if solo else player
    deck, ids, missions = unseen_cards(state, player)
    rng.shuffle(deck)
    rng.shuffle(ids)
    rng.shuffle(missions)
    cards_left = iter(deck)
    ids_left = iter(ids)
    missions_left = iter(missions)

    def take(k: int) -> list[str]:
        return [next(cards_left) for _ in range(k)]

    hands = tuple(hand if p == mine else tuple(sorted(take(len(hand)))) for p, hand in enumerate(state.hands))
    stack = tuple(_resample_frame(frame, take) for frame in state.stack)
    if _searching(state, player):
        draw_pile = state.draw_pile
    else:
        counts = [0] * len(state.draw_pile)
        for card in take(state.draw_pile_size()):
            counts[state.cards.deck_index[card]] += 1
        draw_pile = tuple(counts)
    public = set(_public_goals(state))

    def goal(current: str, p: int, left: Iterator[str]) -> str:
        if not current or p == mine or current in public:
            return current
        return next(left)

    new_ids = tuple(goal(g, p, ids_left) for p, g in enumerate(state.ids))
    new_missions = tuple(goal(g, p, missions_left) for p, g in enumerate(state.missions))
    id_queue = _resample_queue(state.id_queue, player, ids_left)
    mission_queue = _resample_queue(state.mission_queue, player, missions_left)
    id_pile = frozenset(next(ids_left) for _ in range(len(state.id_pile)))
    mission_pile = frozenset(next(missions_left) for _ in range(len(state.mission_pile)))
    return evolve(
        state,
        hands=hands,
        stack=stack,
        draw_pile=draw_pile,
        ids=new_ids,
        missions=new_missions,
        id_queue=id_queue,
        mission_queue=mission_queue,
        id_pile=id_pile,
        mission_pile=mission_pile,
        log=state.log.redacted(player),
    )


def _resample_frame(frame: Frame, take: Callable[[int], list[str]]) -> Frame:
    """A frame with its hidden cards (a set-aside hand, a Time Vortex pool) dealt anew."""
    if isinstance(frame, MiracleEnd) and frame.aside:
        return MiracleEnd(player=frame.player, aside=tuple(sorted(take(len(frame.aside)))))
    if isinstance(frame, VortexDeal):
        return VortexDeal(
            pool=tuple(sorted(take(len(frame.pool)))),
            next_player=frame.next_player,
            owed=frame.owed,
        )
    return frame


def _resample_queue(
    queue: tuple[QueueEntry, ...], player: int, left: Iterator[str]
) -> tuple[QueueEntry, ...]:
    """A bottom queue with the other players' unrevealed cards dealt anew (C-RULING-28)."""
    return tuple(
        entry
        if entry.revealed or entry.returned_by == player
        else QueueEntry(card=next(left), returned_by=entry.returned_by, revealed=False)
        for entry in queue
    )
