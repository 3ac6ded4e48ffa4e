"""The engine's fast paths: the commonest moves, built straight from the state.

Four moves make up most of a game: a pass in a reaction window that stays
open, a draw after which nothing resolves by itself, a card played from hand
(its window opens) and Killing Time with two cards.  For each, `apply_fast`
builds exactly the state that the general path
(`engine.run`: a working copy, the move, `Engine.advance`, freeze) builds,
writing the same history lines (the functions of `position`), or returns
``None`` when the general path is needed.  ``tests/chrononauts/test_fast_paths.py``
checks every fast path against the general path, field by field and in JSON.

The caller has checked the move (`rules.check_move`).
"""

from __future__ import annotations

import bisect

from tabletop_rules.chrononauts.frames import DrawCards, Frame, PlayStep, Window
from tabletop_rules.chrononauts.history import History
from tabletop_rules.chrononauts.moves import Draw, KillTime, Move, Pass, Play
from tabletop_rules.chrononauts.position import draw_event, kill_time_line, pass_line, play_line
from tabletop_rules.chrononauts.state import State

__all__ = ["apply_fast"]


def apply_fast(state: State, move: Move) -> State | None:
    """The state after a checked ``move`` when a fast path covers it, else ``None``."""
    top = state.stack[-1]
    if type(top) is Window:
        if type(move) is Pass:
            return _pass_keeps_window_open(state, top)
    elif type(top) is DrawCards:
        if type(move) is Draw:
            return _draw(state, top, move.card)
    elif type(top) is PlayStep:
        if type(move) is Play:
            return _play_opens_window(state, top, move)
        if type(move) is KillTime and len(move.cards) == 2:
            return _kill_time_and_draw(state, top, move)
    return None


def _next_state(
    state: State,
    *,
    draw_pile: tuple[int, ...],
    discard_pile: tuple[str, ...],
    hands: tuple[tuple[str, ...], ...],
    stack: tuple[Frame, ...],
    log: History,
) -> State:
    """``state`` with the five zones a fast path changes.

    Built with keyword arguments rather than `core.evolve`: the attrs constructor of ``State`` is
    about twice as fast as `evolve`'s field-by-field copy, and this is the commonest move's cost.
    """
    return State(
        ctx=state.ctx,
        alt=state.alt,
        status=state.status,
        draw_pile=draw_pile,
        discard_pile=discard_pile,
        hands=hands,
        tableaux=state.tableaux,
        ids=state.ids,
        missions=state.missions,
        id_pile=state.id_pile,
        id_queue=state.id_queue,
        mission_pile=state.mission_pile,
        mission_queue=state.mission_queue,
        revealed_ids=state.revealed_ids,
        out_of_game=state.out_of_game,
        solo_ids=state.solo_ids,
        home_row=state.home_row,
        active=state.active,
        turn=state.turn,
        extra_turns=state.extra_turns,
        stack=stack,
        result=state.result,
        log=log,
    )


def _pass_keeps_window_open(state: State, top: Window) -> State | None:
    """C-MEMO-3: a pass that leaves the window open changes only the window and the history."""
    if top.passes + 1 >= len(top.eligible) or not state.ctx.options.memo_poll_all_players:
        return None  # the window closes, or the next seat may be skipped: the general path
    event = (pass_line(state.ctx.cards, top.polled(), top.play.card), -1, "")
    return _next_state(
        state,
        draw_pile=state.draw_pile,
        discard_pile=state.discard_pile,
        hands=state.hands,
        stack=(*state.stack[:-1], top.after_pass()),
        log=History.link(state.log, (event,)),
    )


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
        if not (
            type(below) is PlayStep
            and below.player == top.player
            and (below.kind != "effect" or state.ctx.options.killing_time_in_effect_plays)
        ):
            return None  # what comes next may resolve by itself: the general path
        new_stack = stack[:-1]
    player = top.player
    hand = list(state.hands[player])
    bisect.insort(hand, card)  # hands stay sorted
    return _next_state(
        state,
        draw_pile=tuple(pile),
        discard_pile=state.discard_pile,
        hands=(*state.hands[:player], tuple(hand), *state.hands[player + 1 :]),
        stack=new_stack,
        log=History.link(state.log, (draw_event(state.ctx.cards, player, card),)),
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
    window = Window(
        owner=player, play=play, origin="hand", step=top.kind, eligible=eligible, index=0, passes=0
    )
    return _next_state(
        state,
        draw_pile=state.draw_pile,
        discard_pile=state.discard_pile,
        hands=(*state.hands[:player], tuple(hand), *state.hands[player + 1 :]),
        stack=(*state.stack[:-1], window),
        log=History.link(state.log, ((play_line(ctx.cards, player, play), -1, ""),)),
    )


def _kill_time_and_draw(state: State, top: PlayStep, move: KillTime) -> State | None:
    """C-TURN-4: Killing Time with two cards: discard them, then a draw is due."""
    if not any(state.draw_pile):
        return None  # the draw recycles or ends the game: the general path
    player = top.player
    hand = list(state.hands[player])
    for card in move.cards:
        hand.remove(card)
    return _next_state(
        state,
        draw_pile=state.draw_pile,
        discard_pile=(*state.discard_pile, *move.cards),
        hands=(*state.hands[:player], tuple(hand), *state.hands[player + 1 :]),
        stack=(*state.stack[:-1], DrawCards(player, 1)),
        log=History.link(state.log, ((kill_time_line(state.ctx.cards, player, move.cards), -1, ""),)),
    )
