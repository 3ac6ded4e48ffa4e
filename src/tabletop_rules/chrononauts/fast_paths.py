"""The engine's fast paths: the commonest moves, built straight from the state.

A few moves make up most of a game: a pass in a reaction window (that stays
open, or closes on an Artifact, an Inverter or a patch), a draw (or a card
dealt from a Time Vortex, or a goal card dealt at the setup), a card played
from hand (its window opens) and Killing Time.  Several of them end the turn,
and `_turn_ends` starts the next one directly (win check, turn line, the next
turn's shared frames).  For each, `apply_fast`
builds exactly the state that the general path
(`engine.run`: a working copy, the move, `Engine.advance`, freeze) builds,
writing the same history lines (the functions of `position`), or returns
``None`` when the general path is needed.  ``tests/chrononauts/test_fast_paths.py``
checks every fast path against the general path, field by field and in JSON.

The caller has checked the move (`rules.check_move`).
"""

from __future__ import annotations

import bisect
import functools
from typing import Final

from tabletop_rules.chrononauts.content.records import ArtifactCard, CardSet, InverterCard, PatchCard
from tabletop_rules.chrononauts.frames import (
    DealGoal,
    DrawCards,
    EndTurn,
    Frame,
    PlayStep,
    RippleCheck,
    VortexDeal,
    Window,
)
from tabletop_rules.chrononauts.history import History, Record, encode
from tabletop_rules.chrononauts.moves import Deal, Draw, KillTime, Move, Pass, Play
from tabletop_rules.chrononauts.position import (
    deal_event,
    draw_event,
    flip_line,
    goal_event,
    kill_time_line,
    pass_line,
    play_line,
    turn_line,
    win_conditions_of,
)
from tabletop_rules.chrononauts.state import OPEN, TRUE, State, successor
from tabletop_rules.chrononauts.work import ripple_pass
from tabletop_rules.core.frozen import evolve

__all__ = ["apply_fast"]

RIPPLE_CHECK: Final = RippleCheck()


def apply_fast(state: State, move: Move) -> State | None:
    """The state after a checked ``move`` when a fast path covers it, else ``None``."""
    top = state.stack[-1]
    if type(top) is Window:
        if type(move) is Pass:
            if top.passes + 1 >= len(top.eligible):
                return _pass_closes_window(state, top)
            return _pass_keeps_window_open(state, top)
    elif type(top) is DrawCards:
        if type(move) is Draw:
            return _draw(state, top, move.card)
    elif type(top) is DealGoal:
        if type(move) is Deal:
            return _deal_goal(state, top, move.card)
    elif type(top) is VortexDeal:
        if type(move) is Draw:
            return _vortex_deal(state, top, move.card)
    elif type(top) is PlayStep:
        if type(move) is Play:
            return _play_opens_window(state, top, move)
        if type(move) is KillTime:
            if len(move.cards) == 2:
                return _kill_time_and_draw(state, top, move)
            return _kill_time_ends_turn(state, top, move.cards[0])
    return None


def _with_hand(
    hands: tuple[tuple[str, ...], ...], player: int, hand: list[str]
) -> tuple[tuple[str, ...], ...]:
    """``hands`` with ``player``'s hand replaced (through a list: one copy, the quickest way to replace
    one item of a short tuple)."""
    changed = list(hands)
    changed[player] = tuple(hand)
    return tuple(changed)


def _pass_keeps_window_open(state: State, top: Window) -> State | None:
    """C-MEMO-3: a pass that leaves the window open changes only the window and the history."""
    if not state.ctx.options.memo_poll_all_players:
        return None  # the next seat may be skipped: the general path
    return successor(
        state,
        draw_pile=state.draw_pile,
        discard_pile=state.discard_pile,
        hands=state.hands,
        stack=(*state.stack[:-1], top.after_pass()),
        log=History.link_entry(state.log, _pass_entry(state.ctx.cards, top.polled(), top.play.card)),
    )


@functools.lru_cache(maxsize=4096)
def _pass_entry(cards: CardSet, polled: int, card: str) -> str | Record:
    """The history entry of a pass (`position.pass_line`), encoded once per card set, seat and card:
    a bounded cache of immutable strings (the commonest move writes it)."""
    return encode((pass_line(cards, polled, card), -1, ""))


def _draw(state: State, top: DrawCards, card: str) -> State | None:
    """C-CHANCE-3: a draw after which nothing resolves by itself: the card joins the hand."""
    pile = list(state.draw_pile)
    pile[state.ctx.cards.deck_index[card]] -= 1
    stack = state.stack
    if top.count > 1:
        if not any(pile):
            return None  # the next draw recycles or ends the game
        new_stack = (*stack[:-1], DrawCards(top.player, top.count - 1))
    else:
        below = stack[-2] if len(stack) > 1 else None
        if type(below) is EndTurn and below.player == top.player:
            new_stack = None  # the last draw of the turn: the turn ends
        elif not (
            type(below) is PlayStep
            and below.player == top.player
            and (below.kind != "effect" or state.ctx.options.killing_time_in_effect_plays)
        ):
            return None  # what comes next may resolve by itself: the general path
        else:
            new_stack = stack[:-1]
    player = top.player
    hand = list(state.hands[player])
    bisect.insort(hand, card)  # hands stay sorted
    hands = _with_hand(state.hands, player, hand)
    entry = _draw_entry(state.ctx.cards, player, card)
    if new_stack is None:
        return _turn_ends(state, player, stack[:-1], tuple(pile), state.discard_pile, hands, [entry])
    return successor(
        state,
        draw_pile=tuple(pile),
        discard_pile=state.discard_pile,
        hands=hands,
        stack=new_stack,
        log=History.link_entry(state.log, entry),
    )


@functools.lru_cache(maxsize=4096)
def _draw_entry(cards: CardSet, player: int, card: str) -> str | Record:
    """The history entry of a draw (`position.draw_event`), encoded once per card set, seat and card:
    a bounded cache of immutable strings (a game repeats its draws' lines)."""
    return encode(draw_event(cards, player, card))


def _deal_goal(state: State, top: DealGoal, card: str) -> State | None:
    """C-SETUP-3, C-GOAL-2: a Mission or an ID is dealt to its player.  Covered when the next frame
    is a chance event at once: the setup's next deal from a pile that is not empty, or its first
    draw.  Solonauts' face-up IDs, and a deal after which the turn goes on, take the general path."""
    if top.pile == "solo":
        return None
    rest = state.stack[:-1]
    mission = top.pile == "mission"
    mission_pile = state.mission_pile - {card} if mission else state.mission_pile
    id_pile = state.id_pile if mission else state.id_pile - {card}
    below = rest[-1] if rest else None
    if type(below) is DealGoal:
        if not (mission_pile if below.pile == "mission" else id_pile):
            return None  # that deal takes from the bottom queue (C-RULING-28)
    elif not (type(below) is DrawCards and below.count > 0 and any(state.draw_pile)):
        return None
    goals = list(state.missions if mission else state.ids)
    goals[top.player] = card
    return evolve(
        state,
        missions=tuple(goals) if mission else state.missions,
        ids=state.ids if mission else tuple(goals),
        mission_pile=mission_pile,
        id_pile=id_pile,
        stack=rest,
        log=History.link(state.log, (goal_event(state.ctx.cards, top.player, top.pile, card),)),
    )


def _vortex_deal(state: State, top: VortexDeal, card: str) -> State | None:
    """C-ACT-6, C-RULING-32: a card of the Time Vortex joins the hand of the seat dealt to, and the
    next seat is dealt to.  The last card takes the general path (what comes next may resolve)."""
    ctx = state.ctx
    following = top.after_deal(card, ctx.players)
    if following is None:
        return None
    player = top.next_player
    hand = list(state.hands[player])
    bisect.insort(hand, card)  # hands stay sorted
    return successor(
        state,
        draw_pile=state.draw_pile,
        discard_pile=state.discard_pile,
        hands=_with_hand(state.hands, player, hand),
        stack=(*state.stack[:-1], following),
        log=History.link_entry(state.log, encode(deal_event(ctx.cards, player, card))),
    )


def _play_opens_window(state: State, top: PlayStep, play: Play) -> State | None:
    """C-PLAY-2, C-PLAY-3: a card played from hand becomes pending and its window opens."""
    ctx = state.ctx
    player = top.player
    eligible = ctx.window_seats[player]
    if not eligible or not ctx.options.memo_poll_all_players:
        return None  # the window closes at once, or seats may be skipped: the general path
    hand = list(state.hands[player])
    hand.remove(play.card)
    window = Window.opened(player, play, "hand", top.kind, eligible)
    return successor(
        state,
        draw_pile=state.draw_pile,
        discard_pile=state.discard_pile,
        hands=_with_hand(state.hands, player, hand),
        stack=(*state.stack[:-1], window),
        log=History.link_entry(state.log, _play_entry(ctx.cards, player, play.card, play.target)),
    )


@functools.lru_cache(maxsize=16384)
def _play_entry(cards: CardSet, player: int, card: str, target: str | int | None) -> str | Record:
    """The history entry of a card announced (`position.play_line`), encoded once per card set, seat,
    card and target: a bounded cache of immutable strings."""
    return encode((play_line(cards, player, Play(card, target)), -1, ""))


def _kill_time_and_draw(state: State, top: PlayStep, move: KillTime) -> State | None:
    """C-TURN-4: Killing Time with two cards: discard them, then a draw is due."""
    if not any(state.draw_pile):
        return None  # the draw recycles or ends the game: the general path
    player = top.player
    hand = list(state.hands[player])
    for card in move.cards:
        hand.remove(card)
    return successor(
        state,
        draw_pile=state.draw_pile,
        discard_pile=(*state.discard_pile, *move.cards),
        hands=_with_hand(state.hands, player, hand),
        stack=(*state.stack[:-1], state.ctx.turn_frames[player][2]),  # the shared `DrawCards(player, 1)`
        log=History.link_entry(state.log, _kill_time_entry(state.ctx.cards, player, move.cards)),
    )


@functools.lru_cache(maxsize=16384)
def _kill_time_entry(cards: CardSet, player: int, discarded: tuple[str, ...]) -> str | Record:
    """The history entry of Killing Time (`position.kill_time_line`), encoded once per card set, seat
    and cards: a bounded cache of immutable strings."""
    return encode((kill_time_line(cards, player, discarded), -1, ""))


def _kill_time_ends_turn(state: State, top: PlayStep, card: str) -> State | None:
    """C-TURN-4: Killing Time with one card discards it, and no draw is due: the turn ends."""
    player = top.player
    rest = state.stack[:-1]
    below = rest[-1] if rest else None
    if not (type(below) is EndTurn and below.player == player):
        return None  # more plays of an effect are due: the general path
    hand = list(state.hands[player])
    hand.remove(card)
    return _turn_ends(
        state,
        player,
        rest,
        state.draw_pile,
        (*state.discard_pile, card),
        _with_hand(state.hands, player, hand),
        [_kill_time_entry(state.ctx.cards, player, (card,))],
    )


def _turn_ends(
    state: State,
    player: int,
    stack: tuple[Frame, ...],
    draw_pile: tuple[int, ...],
    discard_pile: tuple[str, ...],
    hands: tuple[tuple[str, ...], ...],
    entries: list[str | Record],
    *,
    alt: int | None = None,
    status: tuple[str, ...] | None = None,
    tableaux: tuple[tuple[str, ...], ...] | None = None,
) -> State | None:
    """C-TURN-6, C-TURN-2, C-TURN-3: the step before ``player``'s `EndTurn` (on top of ``stack``) is
    done; with no win condition met, the next turn begins and its first draw is due.

    ``entries`` are the move's history entries in their stored form (`history.encode`); the next
    turn's line is added to them.  ``None`` (the general path) when a condition is met, the turn
    limit is reached or the draw pile is empty (it is recycled, or the game ends).  ``alt``,
    ``status`` and ``tableaux`` default to the state's.
    """
    ctx = state.ctx
    options = ctx.options
    alt = state.alt if alt is None else alt
    status = state.status if status is None else status
    tableaux = state.tableaux if tableaux is None else tableaux
    if win_conditions_of(ctx, player, status, alt, tableaux, state.missions, state.ids, hands):
        return None  # C-WIN-1: a win, or the choice to declare it
    if options.max_turns is not None and state.turn >= options.max_turns:
        return None  # C-TURN-3: the game ends at the limit
    if not any(draw_pile):
        return None  # C-DECK-2, C-DECK-3: the turn's draw recycles, ends the game or is skipped
    extra_turns = state.extra_turns
    if extra_turns > 0:  # C-RULING-15 "two_extra_turns": the same player again
        extra_turns -= 1
        following = player
    else:
        following = (player + 1) % ctx.players
    turn = state.turn + 1
    entries.append(encode((turn_line(turn, following), -1, "")))
    return successor(
        state,
        alt=alt,
        status=status,
        draw_pile=draw_pile,
        discard_pile=discard_pile,
        hands=hands,
        tableaux=tableaux,
        active=following,
        turn=turn,
        extra_turns=extra_turns,
        stack=stack[:-1] + ctx.turn_frames[following],  # the turn's shared frames (C-TURN-2..6)
        log=History.link_entries(state.log, tuple(entries)),
    )


def _pass_closes_window(state: State, top: Window) -> State | None:
    """C-MEMO-3, C-RULING-6: the last pass closes the window and the card resolves (C-PLAY-5).

    Covered: an Artifact (C-ART-1) or an Inverter (C-INV-6, the ripples C-TL-3) after which the
    owner's turn ends, and a patch (C-PATCH-4), after which its bonus draw is due.
    Anything else (an Action, a Memo's own window, a game that ends...) takes the general path.
    """
    if top.step == "memo":
        return None  # a Memo's own window: the Memo stands (C-MEMO-4)
    ctx = state.ctx
    cards = ctx.cards
    owner = top.owner
    card_id = top.play.card
    card = cards.play_cards[card_id]
    if not isinstance(card, (PatchCard, ArtifactCard, InverterCard)):
        return None  # an Action or a Timewarp resolves through its effect: the general path
    rest = state.stack[:-1]
    entries: list[str | Record] = [_pass_entry(cards, top.polled(), card_id)]
    if isinstance(card, PatchCard):
        return _patch_stands(state, owner, card, rest, entries)
    if not (rest and type(rest[-1]) is EndTurn and rest[-1].player == owner):
        return None
    if isinstance(card, ArtifactCard):
        tableaux = state.tableaux
        return _turn_ends(
            state,
            owner,
            rest,
            state.draw_pile,
            state.discard_pile,
            state.hands,
            entries,
            tableaux=(*tableaux[:owner], (*tableaux[owner], card_id), *tableaux[owner + 1 :]),
        )
    if isinstance(card, InverterCard):
        lp = cards.linchpin_by_icon[top.play.target]  # type: ignore[index]  # an Inverter names a linchpin
        alt = state.alt ^ 1 << lp.bit
        entries.append(encode((flip_line(lp, alt), -1, "")))
        status = list(state.status)
        removed: list[str] = []
        ripples: list[Record] = []
        ripple_pass(ctx, status, alt, ripples, removed)
        entries += map(encode, ripples)
        if removed and ctx.options.nullified_patch_destination != "discard":
            return None  # C-RULING-3: patches leave the game
        if status.count(OPEN) >= ctx.options.paradox_limit:
            return None  # C-TL-8: the universe is destroyed
        return _turn_ends(
            state,
            owner,
            rest,
            state.draw_pile,
            (*state.discard_pile, card_id, *removed),
            state.hands,
            entries,
            alt=alt,
            status=tuple(status),
        )
    return None


def _patch_stands(
    state: State, owner: int, card: PatchCard, rest: tuple[Frame, ...], entries: list[str | Record]
) -> State | None:
    """C-PATCH-4: the patch lies on its year (a replaced unstable patch is discarded, C-RULING-9) and
    its owner draws a bonus card (C-PATCH-4); an unplayable patch waits for a ripple check (C-RULING-8)."""
    ctx = state.ctx
    if ctx.options.variant == "solonauts" or not any(state.draw_pile):
        return None  # no bonus draw (C-SOLO-4), or it recycles: the general path
    index = ctx.cards.ripple_index[card.year]
    old = state.status[index]
    discard = state.discard_pile if old in (TRUE, OPEN) else (*state.discard_pile, old)
    entries.append(encode((f"{card.headline} patches {card.year}", -1, "")))
    if card.triggers_ultraparadox:
        entries.append(encode(("the UltraParadox begins", -1, "")))  # C-ANOM-5
    if not ctx.playable_if[card.id].holds(state.alt):
        rest = (*rest, RIPPLE_CHECK)
    return successor(
        state,
        status=(*state.status[:index], card.id, *state.status[index + 1 :]),
        draw_pile=state.draw_pile,
        discard_pile=discard,
        hands=state.hands,
        stack=(*rest, DrawCards(owner, 1)),
        log=History.link_entries(state.log, tuple(entries)),
    )
