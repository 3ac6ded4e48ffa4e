"""The frame-stack invariants of `validate`: the stacks of frames that the rules build, and no other.

A state's stack (`frames`) is the work still to do.  The engine builds it in a few shapes only,
and `check_stack` accepts exactly those, from the frames alone and the zones they name, without
replaying anything (it runs after every move in the conformance suite):

* **the deal** (`ChooseFirst` at the bottom): a bottom part of `rules.new_game`'s stack, its top
  draw maybe partly done, with the hands holding what the finished draws gave (C-SETUP-3, -4, -6);
* **the identity mulligans** (`TurnStart` at the bottom): one `MulliganChoice` per seat still to
  choose, in seat order from the first player, maybe under the deal of the ID just given back
  (C-SETUP-5, C-RULING-29);
* **a turn** (`EndTurn` of the active player at the bottom): the turn's play step under its draw,
  or what resolutions left (Fast Forward's plays, a Miracle's set-aside hand, discards and plays),
  then either one frame that is consumed as soon as it is pushed (a draw, maybe over a pending
  ripple check; a Rewind / Quick Trip choice; a Time Vortex deal; a goal card's deal) or the
  reaction windows: the lowest over a card the active player announced legally, each other over a
  Memo its owner played while being polled below (C-TURN-*, C-PLAY-*, C-MEMO-*, the effects);
* **a victory to declare** (`DeclareChoice` alone), with exactly the conditions the player meets
  (C-RULING-27);
* **Solonauts** (`SoloTurn`, `SoloStep`, `SoloAfter`): the setup deal, the draw back up to five,
  a step, or a play's window, with every readable ID home once a home check has run (C-SOLO-3..8).

Every count is within what its frame allows (a draw within the largest the cards give, a Miracle's
plays and discards within its numbers, a window's passes within its polls), every seat is the one
the rules name (the active player's frames, a Time Vortex's next seat), and exactly one deal is
due for each goal card a seat lacks, with a card to come: a goal card is never dealt twice.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from typing import Final, NamedTuple, cast

from tabletop_rules.chrononauts.context import Context
from tabletop_rules.chrononauts.effects import plays
from tabletop_rules.chrononauts.frames import (
    FRAME_TYPES,
    ChooseFirst,
    DealGoal,
    DeclareChoice,
    DrawCards,
    EndTurn,
    Frame,
    Harvest,
    MiracleDiscard,
    MiracleEnd,
    MulliganChoice,
    PlayStep,
    RippleCheck,
    SoloAfter,
    SoloStep,
    SoloTurn,
    TurnStart,
    VortexDeal,
    Window,
)
from tabletop_rules.chrononauts.moves import Play
from tabletop_rules.chrononauts.position import Position, readable_of, win_conditions_of
from tabletop_rules.chrononauts.rules import new_game
from tabletop_rules.chrononauts.state import OPEN, TRUE, State
from tabletop_rules.core.errors import InvalidStateError
from tabletop_rules.core.jsonio import brief

__all__ = ["check_stack"]


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(f"invalid Chrononauts state: {message}")


class _Limits(NamedTuple):
    """What the frames of one game can hold, worked out once per context (`_limits`)."""

    setup: tuple[Frame, ...]
    """The stack of `rules.new_game` before its first chance event (C-SETUP-3, -4, -6; C-SOLO-3)."""
    effects: frozenset[str]
    """The effects of the Actions and Timewarps of this variant's play deck."""
    draw: int
    """The most cards one `DrawCards` frame draws (the setup hand, a patch's bonus draw, Sell an
    Artifact with the Mona Lisa bonus, Perform a "Miracle", Fast Forward, Solonauts' refill)."""
    miracle_play: int
    miracle_discard: int


@functools.lru_cache(maxsize=64)  # keyed by the immutable context; returns an immutable record
def _limits(ctx: Context) -> _Limits:
    setup = new_game(ctx.options, players=ctx.players, cards=ctx.cards).stack
    draws = [1, *(f.count for f in setup if type(f) is DrawCards)]
    effects: set[str] = set()
    miracle_play = miracle_discard = 0
    dealt = {c for c, k in zip(ctx.cards.deck, ctx.deck_counts, strict=True) if k}
    for card in (*ctx.cards.actions, *ctx.cards.timewarps):
        if card.id not in dealt:
            continue
        key = ctx.effects[card.id]
        effects.add(key)
        if key == "sell_artifact":
            draws.append(int(card.param("draw", 2)) + int(card.param("mona_lisa_bonus_draw", 1)))
        elif key == "fast_forward":
            draws.append(int(card.param("draw", 2)))
        elif key == "perform_miracle":
            for part in ("base", "bonus"):
                numbers = dict(card.param(part, ()))
                draws.append(int(numbers["draw"]))
                miracle_play = max(miracle_play, int(numbers["play"]))
                miracle_discard = max(miracle_discard, int(numbers["discard"]))
    return _Limits(setup, frozenset(effects), max(draws), miracle_play, miracle_discard)


def check_stack(state: State) -> None:
    """The frame stack of an unfinished game is one the rules build (C-SETUP-*, C-TURN-*, C-SOLO-*).

    Its bottom frame says where the game is: choosing the first player while the deal runs
    (`ChooseFirst`), the identity mulligans (`TurnStart` under `MulliganChoice` frames), a turn
    (`EndTurn` under the work of the turn), a victory to declare (`DeclareChoice`), Solonauts'
    loop (`SoloTurn`, `SoloStep`, `SoloAfter`).  Each has its own shape, checked below; then
    every goal card being dealt is owed and can come (`_check_goal_deals`).
    """
    stack = state.stack
    if not stack:
        raise _fail("an unfinished game must wait for a decision or a chance event")
    for frame in stack:
        if type(frame) not in FRAME_TYPES:
            raise _fail(f"{brief(frame)} is not a frame")
    limits = _limits(state.ctx)
    bottom = stack[0]
    if state.variant == "solonauts":
        _solo_stack(state, limits)
    elif type(bottom) is ChooseFirst:
        _setup_stack(state, limits)
    elif type(bottom) is TurnStart:
        _mulligan_stack(state)
    elif type(bottom) is DeclareChoice:
        _declare_stack(state, bottom)
    elif type(bottom) is EndTurn:
        _turn_stack(state, bottom, limits)
    else:
        raise _fail(f"the frame stack has lost its turn frame ({type(bottom).__name__} is at the bottom)")
    _check_goal_deals(state)


def _setup_stack(state: State, limits: _Limits) -> None:
    """C-SETUP-3, -4, -6: the deal of `new_game`, taken from the top, then the choice of the first player.

    The stack is a bottom part of the setup stack (its top draw maybe partly done), the hands hold
    what the finished draws gave, and nothing else has happened yet.
    """
    setup, stack = limits.setup, state.stack
    if (
        state.turn
        or state.active
        or state.extra_turns
        or state.alt
        or state.discard_pile
        or state.out_of_game
        or any(state.tableaux)
        or state.id_queue
        or state.mission_queue
        or state.revealed_ids
    ):
        raise _fail("nothing happens before the first player is chosen but the deal (C-SETUP-6)")
    size = len(stack)
    if size > len(setup) or stack[: size - 1] != setup[: size - 1]:
        raise _fail("the setup frames are not the deal of new_game, in its order (C-SETUP-3, C-SETUP-4)")
    top, due = stack[-1], setup[size - 1]
    if type(top) is DrawCards and type(due) is DrawCards:
        ok = top.player == due.player and 1 <= top.count <= due.count
    else:
        ok = top == due
    if not ok:
        raise _fail(f"the deal has {brief(top)} where {brief(due)} is due (C-SETUP-3, C-SETUP-4)")
    if size == 1 and isinstance(state.options.first_player, int):
        raise _fail("the first player is fixed by the options, so no chance event chooses it (C-RULING-36)")
    hand = {f.player: f.count for f in setup if type(f) is DrawCards}
    owed = {f.player: f.count for f in stack if type(f) is DrawCards}
    sizes = [len(h) for h in state.hands]
    if owed:
        ok = all(sizes[p] + owed.get(p, 0) == k for p, k in hand.items())
    else:  # every hand is dealt, or the draw pile ran out (C-DECK-3)
        ok = all(sizes[p] == k for p, k in hand.items()) or (
            not any(state.draw_pile) and all(sizes[p] <= k for p, k in hand.items())
        )
    if not ok:
        raise _fail(f"the hands {sizes} do not fit the draws of the deal (C-SETUP-4)")


def _mulligan_stack(state: State) -> None:
    """C-SETUP-5, C-RULING-29: the identity mulligans, in seat order from the first player, under the
    first turn.  The seats still to choose are below; the seat choosing now is on top, maybe under the
    deal of the ID it just gave back."""
    cfg, n, stack = state.options, state.players, state.stack
    first = cast("TurnStart", stack[0]).player
    most = cfg.identity_mulligans
    if state.variant != "chrononauts" or most == 0 or state.turn or state.extra_turns:
        raise _fail("a turn waits under mulligans only before the first turn of Chrononauts (C-SETUP-5)")
    if first != state.active or (isinstance(cfg.first_player, int) and first != cfg.first_player):
        raise _fail("the mulligans come after the first player is chosen (C-SETUP-5, C-SETUP-6)")
    body = stack[1:]
    deal = body[-1] if body and type(body[-1]) is DealGoal else None
    choices = cast("tuple[MulliganChoice, ...]", body[:-1] if deal is not None else body)
    if not body or len(choices) > n or any(type(f) is not MulliganChoice for f in choices):
        raise _fail("only identity mulligans wait above the first turn (C-SETUP-5)")
    for i, choice in enumerate(choices):
        remaining = choice.remaining
        if i < len(choices) - 1:  # a seat still to choose
            ok = remaining == most
        elif deal is None:  # the seat choosing now, maybe after exchanges
            ok = 1 <= remaining <= most
        elif deal.player == choice.player:  # it just gave its ID back, and may do so again
            ok = 1 <= remaining < most
        else:  # the seat before it gave its last ID back
            ok = remaining == most
        if choice.player != (first + n - 1 - i) % n or not ok:
            raise _fail(f"{brief(choice)} is not the mulligan of its seat, in order (C-RULING-29)")
    if deal is not None:
        current = choices[-1].player if choices else None
        previous = (first + n - len(choices) - 1) % n if len(choices) < n else None
        if deal.pile != "id" or deal.player not in (current, previous):
            raise _fail("only the ID of the seat that took a mulligan is dealt (C-RULING-29)")


def _declare_stack(state: State, frame: DeclareChoice) -> None:
    """C-RULING-27: a player who met a win condition at the end of their turn decides whether to declare."""
    if len(state.stack) != 1 or frame.player != state.active or not state.turn:
        raise _fail("a victory is declared alone, by the active player, at the end of a turn (C-RULING-27)")
    if state.options.auto_declare_victory:
        raise _fail("auto_declare_victory declares every victory at once (C-RULING-27)")
    s = state
    met = win_conditions_of(s.ctx, frame.player, s.status, s.alt, s.tableaux, s.missions, s.ids, s.hands)
    if not met or frame.conditions != met:
        raise _fail(f"P{frame.player} meets {list(met)}, not the conditions to declare (C-RULING-27)")


_ACTIVE_FRAMES: Final = (PlayStep, DrawCards, Harvest, MiracleDiscard, MiracleEnd)
_TOP_ONLY: Final = (DrawCards, Harvest, VortexDeal, DealGoal)


def _turn_stack(state: State, bottom: EndTurn, limits: _Limits) -> None:
    """C-TURN-2..6 and the effects: the work of a turn, above its `EndTurn`.

    From the bottom up: the turn's play step (under the turn's draw), or the frames that
    resolutions left (Fast Forward's plays, a Miracle's set-aside hand, its discards and plays),
    then at most one frame that is consumed as soon as it is pushed (a draw, maybe over a pending
    ripple check; a Rewind or Quick Trip choice; a Time Vortex deal; a goal card's deal), or else
    the reaction windows over the pending card and the Memos against it.
    """
    stack, active, cfg = state.stack, state.active, state.options
    if bottom.player != active or not state.turn:
        raise _fail(f"EndTurn belongs to P{brief(bottom.player)}, not the active player of a started turn")
    end = len(stack)
    while type(stack[end - 1]) is Window:
        end -= 1
    body, windows = stack[1:end], stack[end:]
    for frame in body:
        if isinstance(frame, _ACTIVE_FRAMES) and frame.player != active:
            raise _fail(f"{type(frame).__name__} belongs to P{frame.player}, not the active player")
    if body and type(body[0]) is PlayStep and body[0].kind == "turn":  # C-TURN-3, C-TURN-4
        if windows or body[1:] not in ((), (DrawCards(active, 1),)):
            raise _fail("the turn's play step waits only under the turn's draw (C-TURN-2, C-TURN-3)")
        return
    effects = limits.effects
    for i, frame in enumerate(body):
        last = i == len(body) - 1
        below = body[i - 1] if i else None
        if type(frame) is PlayStep:
            if frame.kind == "effect":
                ok = "fast_forward" in effects and cfg.fast_forward_mode == "draw2_play2"
            else:
                ok = frame.kind == "miracle" and (type(below) is MiracleDiscard or below == frame)
        elif type(frame) is MiracleEnd:  # C-ACT-4 step 6: the hand comes back once the discards are done
            ok = not last and type(body[i + 1]) is MiracleDiscard and "perform_miracle" in effects
            ok = ok and list(frame.aside) == sorted(frame.aside)
        elif type(frame) is MiracleDiscard:
            ok = type(below) is MiracleEnd and frame.count <= limits.miracle_discard
            ok = ok and (frame.count >= 1 or not last or bool(windows))  # on top, a discard is due
        elif type(frame) is RippleCheck:  # C-RULING-8 off: under the patch's bonus draw, nullifying after it
            ok = i == len(body) - 2 and body[-1] == DrawCards(active, 1) and not windows
            ok = ok and not cfg.patch_requires_playable_if and _patch_to_nullify(state)
        elif type(frame) in _TOP_ONLY:
            ok = last and not windows and _top_frame_ok(state, frame, limits)
        else:
            ok = False
        if not ok:
            raise _fail(f"{brief(frame)} cannot stand there in a turn's frames (C-TURN-*, {_clause(frame)})")
    run = 0
    for frame in body:  # a Miracle's plays: at most the card's number (C-ACT-4)
        run = run + 1 if type(frame) is PlayStep and frame.kind == "miracle" else 0
        if run > limits.miracle_play:
            raise _fail('more plays are due than Perform a "Miracle" gives (C-ACT-4)')
    if windows:
        _check_windows(state, body[-1] if body else bottom, windows, limits)


def _patch_to_nullify(state: State) -> bool:
    """Whether a patch on the TimeLine has a false ``playable_if`` (what a ripple check is pending for)."""
    conditions = state.ctx.playable_if
    return any(s not in (TRUE, OPEN) and not conditions[s].holds(state.alt) for s in state.status)


def _clause(frame: Frame) -> str:
    return {
        PlayStep: "C-TW-2, C-ACT-4",
        MiracleEnd: "C-ACT-4",
        MiracleDiscard: "C-ACT-4",
        RippleCheck: "C-RULING-8",
        DrawCards: "C-CHANCE-3",
        Harvest: "C-TW-3, C-TW-4",
        VortexDeal: "C-ACT-6",
        DealGoal: "C-ACT-7, C-ACT-9",
    }.get(type(frame), "C-TURN-1")


def _top_frame_ok(state: State, frame: Frame, limits: _Limits) -> bool:
    """A frame that waits only on top of a turn: a draw, a Rewind / Quick Trip choice, a Time Vortex
    deal, a goal card's deal (after New Mission or Your Parents Never Met)."""
    effects = limits.effects
    if type(frame) is DrawCards:
        return 1 <= frame.count <= limits.draw
    if type(frame) is Harvest:
        return (frame.source == "discard" and "rewind" in effects) or (
            frame.source == "draw" and "quick_trip" in effects
        )
    if type(frame) is DealGoal:
        key = "new_mission" if frame.pile == "mission" else "your_parents_never_met"
        return frame.pile in ("mission", "id") and key in effects
    return type(frame) is VortexDeal and "time_vortex" in effects and _vortex_ok(state, frame)


def _vortex_ok(state: State, frame: VortexDeal) -> bool:
    """C-ACT-6, C-RULING-32: the Time Vortex of the active player is dealt one card at a time from
    their seat on, to each seat in turn (or to each seat still owed a card under ``restore_sizes``):
    the hands hold what was dealt so far, and the next seat is the one due."""
    n, active = state.players, state.active
    sizes = [len(h) for h in state.hands]
    dealt = sum(sizes)
    if not frame.owed:
        if state.options.time_vortex_deal == "restore_sizes":
            return False
        full, part = divmod(dealt, n)
        return frame.next_player == (active + dealt) % n and all(
            sizes[p] == full + ((p - active) % n < part) for p in range(n)
        )
    if state.options.time_vortex_deal != "restore_sizes" or sum(frame.owed) != len(frame.pool):
        return False
    total = [sizes[p] + frame.owed[p] for p in range(n)]  # the hand sizes before the Time Vortex
    order = [(active + k) % n for k in range(n)]
    got, left, rnd = [0] * n, dealt, 0
    while True:  # round ``rnd`` deals a card to each seat still owed one, in seat order
        seats = [p for p in order if total[p] > rnd]
        if len(seats) > left or not seats:
            break
        for p in seats:
            got[p] += 1
        left -= len(seats)
        rnd += 1
    for p in seats[:left]:
        got[p] += 1
    return got == sizes and left < len(seats) and frame.next_player == seats[left]


def _check_windows(state: State, below: Frame, windows: tuple[Frame, ...], limits: _Limits) -> None:
    """C-PLAY-3, C-MEMO-1..5, C-RULING-6, -14, -34: the reaction windows over the pending card.

    The lowest is over a card the active player announced legally (announcements do not change
    while a window is open: only Memos are played, and they only add to the discard pile); each
    other is over a Memo its owner played into the window below, while being polled there.  Each
    polls the seats of `Context.window_seats`; the top one has someone to poll, and under
    ``memo_poll_all_players=False`` polls only a seat holding a Memo.
    """
    cfg, ctx, active = state.options, state.ctx, state.active
    first = cast("Window", windows[0])
    step, effects = first.step, limits.effects
    step_ok = {
        "turn": type(below) is EndTurn,
        "effect": "fast_forward" in effects and cfg.fast_forward_mode == "draw2_play2",
        "miracle": type(below) is MiracleDiscard or below == PlayStep(active, "miracle"),
        "harvest": (first.origin == "discard" and "rewind" in effects)
        or (first.origin == "draw" and "quick_trip" in effects),
        "solo": type(below) is SoloAfter,
    }.get(step, False)
    if not step_ok or first.owner != active or (first.origin != "hand") != (step == "harvest"):
        raise _fail(f"a reaction window over a {brief(step)} play from {brief(first.origin)} cannot be here")
    play = first.play
    if type(play) is not Play or play.card in ctx.memos:
        raise _fail(f"a reaction window over {brief(play)}, which is not announced (C-PLAY-1)")
    if play not in plays(Position(state), active, (play.card,), harvest=step == "harvest"):
        raise _fail(f"a reaction window over {brief(play)}, which is not a legal announcement (C-PLAY-1)")
    for lower, upper in itertools.pairwise(cast("tuple[Window, ...]", windows)):
        polled = lower.eligible[(lower.index - 1) % len(lower.eligible)] if lower.eligible else None
        if (
            not cfg.memo_can_counter_memo
            or upper.step != "memo"
            or upper.origin != "hand"
            or upper.play != Play(upper.play.card)
            or upper.play.card not in ctx.memos
            or upper.owner != polled
            or lower.passes
            or not lower.index
        ):
            raise _fail("a reaction window above another is a Memo its polled seat played into it (C-MEMO-5)")
    for window in cast("tuple[Window, ...]", windows):
        if window.eligible != ctx.window_seats[window.owner]:
            raise _fail("a reaction window polls the wrong players (C-MEMO-3, C-RULING-34)")
        if window.passes > window.index:
            raise _fail("a reaction window counts more passes than seats polled")
    top = cast("Window", windows[-1])
    if top.passes >= len(top.eligible):
        raise _fail("a reaction window that every seat let pass should have closed (C-RULING-6)")
    if not cfg.memo_poll_all_players and ctx.memos.isdisjoint(state.hands[top.polled()]):
        raise _fail("with memo_poll_all_players=False only a seat holding a Memo is polled (C-MEMO-3)")


def _solo_stack(state: State, limits: _Limits) -> None:
    """C-SOLO-3..8: the deal of the face-up IDs and of five cards, then the loop: a step (play or discard
    one card), the reaction window of a play, then home checks and the draw back up to five."""
    stack, bottom, body = state.stack, state.stack[0], state.stack[1:]
    hand = len(state.hands[0])
    refill = next(f.count for f in limits.setup if type(f) is DrawCards)  # C-SOLO-3, C-SOLO-5
    if type(bottom) is SoloTurn:
        if body[1:] and all(type(f) is DealGoal for f in body[1:]):  # the setup (C-SOLO-3)
            ok = not state.turn and not hand and body[0] == DrawCards(0, refill)
        else:
            draw = body[0] if len(body) == 1 else None  # the draw back up to five (C-SOLO-5)
            ok = type(draw) is DrawCards and draw.count >= 1 and hand + draw.count == refill
    elif type(bottom) is SoloStep:
        ok = not body and state.turn >= 1 and bool(state.solo_ids)
    elif type(bottom) is SoloAfter:
        ok = len(body) == 1 and state.turn >= 1 and bool(state.solo_ids)
        if ok:
            _check_windows(state, bottom, body, limits)
    else:
        ok = False
    if not ok:
        raise _fail(f"{[type(f).__name__ for f in stack]} is not a stack of Solonauts' loop (C-SOLO-4..8)")
    if state.turn >= 2 or (state.turn == 1 and type(bottom) is SoloTurn):  # a home check has run
        by_id = state.cards.by_id
        readable = [i for i in state.solo_ids if readable_of(state.ctx, state.status, state.alt, by_id[i])]
        if readable:
            raise _fail(f"{readable[0]} is readable but not home (C-SOLO-5)")
        if not state.options.solonauts_home_permanent and any(
            not readable_of(state.ctx, state.status, state.alt, by_id[i]) for i in state.home_row
        ):
            raise _fail("an ID no longer readable is still home (solonauts_home_permanent=False)")


_PILES: Final = {"chrononauts": ("id", "mission"), "artifaxx": ("mission",), "solonauts": ("solo",)}


def _check_goal_deals(state: State) -> None:
    """C-SETUP-3, C-GOAL-2, C-SOLO-3: exactly one deal is due for each goal card a seat lacks (a goal
    card is never dealt twice), and each deal has a card to come (the hidden pile or the bottom queue).
    """
    deals: Counter[tuple[int, str]] = Counter()
    for frame in state.stack:
        if type(frame) is DealGoal:
            if frame.pile not in _PILES[state.variant]:
                raise _fail(f"{brief(frame.pile)} goal cards are not dealt in {state.variant}")
            deals[frame.player, frame.pile] += 1
    owed: dict[tuple[int, str], int] = {}
    if state.variant == "chrononauts":
        owed.update({(p, "id"): int(not goal) for p, goal in enumerate(state.ids)})
    if state.variant != "solonauts":
        owed.update({(p, "mission"): int(not goal) for p, goal in enumerate(state.missions)})
    else:  # the IDs still to deal face up at the setup (arranged positions may hold fewer, never more)
        face_up = len(state.solo_ids) + len(state.home_row)
        if face_up > state.options.solonauts_identity_count:
            raise _fail(f"{face_up} IDs are face up, more than solonauts_identity_count (C-SOLO-3)")
        if deals[0, "solo"]:
            owed[0, "solo"] = state.options.solonauts_identity_count - face_up
    for (player, pile), k in owed.items():
        if deals[player, pile] != k:
            what = "Mission" if pile == "mission" else "ID"
            raise _fail(f"P{player} is owed {k} {what} but {deals[player, pile]} are being dealt")
    ids = sum(k for (_, pile), k in deals.items() if pile != "mission")
    if ids > len(state.id_pile) + len(state.id_queue) or deals.total() - ids > len(state.mission_pile) + len(
        state.mission_queue
    ):
        raise _fail("a goal card is being dealt from an empty pile")
