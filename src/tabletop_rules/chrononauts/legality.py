"""What a position allows: the decisions at the top frame and the outcomes of chance.

`legal` lists the decisions of a `Position` (C-PLAY-1, C-TURN-4, C-MEMO-3,
C-SETUP-5, C-RULING-27, C-SOLO-4) and `legal_moves` those of a state; `chance_outcomes` lists every outcome
of a chance event with its exact probability (C-CHANCE-2, C-CHANCE-5).
Nothing here changes a position.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from tabletop_rules.chrononauts.context import Context
from tabletop_rules.chrononauts.effects import harvest_pool, in_deck_order, plays, plays_in_order
from tabletop_rules.chrononauts.frames import (
    DECISION_FRAMES,
    ChooseFirst,
    DealGoal,
    DeclareChoice,
    DrawCards,
    Harvest,
    MiracleDiscard,
    MulliganChoice,
    PlayStep,
    SoloStep,
    VortexDeal,
    Window,
)
from tabletop_rules.chrononauts.moves import (
    PASS,
    Deal,
    Declare,
    Discard,
    FirstPlayer,
    KillTime,
    Memo,
    Move,
    Mulligan,
)
from tabletop_rules.chrononauts.position import Position
from tabletop_rules.chrononauts.state import State
from tabletop_rules.core.playout import WeightedOutcomes
from tabletop_rules.core.protocol import CHANCE, Actor

__all__ = [
    "chance_outcomes",
    "current_player",
    "decision_player",
    "kill_time_moves",
    "legal",
    "legal_moves",
]

_PASS_ONLY: Final[tuple[Move, ...]] = (PASS,)
_MULLIGANS: Final[tuple[Move, ...]] = (Mulligan(False), Mulligan(True))
_DECLARES: Final[tuple[Move, ...]] = (Declare(True), Declare(False))


def kill_time_moves(pos: Position, player: int) -> tuple[KillTime, ...]:
    """C-TURN-4: one card, or two (a multiset pair) and a draw; single cards first, deck order."""
    hand = pos.hands[player]
    return tuple(_kill_times(pos.ctx, hand, in_deck_order(pos.ctx, hand)))


def _kill_times(ctx: Context, hand: Sequence[str], order: list[str]) -> list[KillTime]:
    """`kill_time_moves` of ``hand``, whose distinct cards in deck order are ``order``: the
    context's shared records, each single card, then each pair ``(a, b)`` with ``a`` first.

    With no card twice in hand the pairs are exactly ``itertools.combinations(order, 2)``, in
    that order, so the records are looked up in C (a listing per turn, and hands rarely recur
    between games, so no cache would hit); a card held twice adds its own pair before the
    others it begins.
    """
    get = ctx.kill_times.__getitem__
    if len(order) == len(hand):
        return [*map(get, zip(order)), *map(get, itertools.combinations(order, 2))]
    out = [*map(get, zip(order))]
    for i, a in enumerate(order):
        if hand.count(a) >= 2:
            out.append(get((a, a)))
        out += [get((a, b)) for b in order[i + 1 :]]
    return out


def discards(pos: Position, player: int, *, patches_only: bool = False) -> list[Discard]:
    """One `Discard` per card type in hand, deck order (C-ACT-4, C-SOLO-4, C-RULING-30)."""
    order = in_deck_order(pos.ctx, pos.hands[player])
    if patches_only:
        order = [c for c in order if pos.cards.play_cards[c].kind == "patch"]
    return [Discard(c) for c in order]


def _play_step(pos: Position, top: PlayStep) -> list[Move]:
    """C-PLAY-1, C-TURN-4: the cards of the hand that may be announced, then Killing Time."""
    player = top.player
    hand = pos.hands[player]
    order = in_deck_order(pos.ctx, hand)  # sorted once, for the plays and for Killing Time
    moves: list[Move] = plays_in_order(pos, player, order)  # type: ignore[assignment]  # a new list
    kind = top.kind
    if kind == "miracle":  # C-ACT-4 step 4, C-RULING-23
        return moves or list(discards(pos, player))
    cfg = pos.cfg
    allow_kt = True
    if kind == "effect":
        allow_kt = cfg.killing_time_in_effect_plays  # C-TURN-5, C-RULING-26
    elif cfg.variant == "artifaxx":
        allow_kt = cfg.artifaxx_killing_time  # C-RULING-31
    if allow_kt or not moves:
        moves += _kill_times(pos.ctx, hand, order)
    return moves


def legal(pos: Position) -> list[Move]:
    """The decisions at the top frame (empty at chance nodes and at the end)."""
    if pos.result is not None or not pos.stack:
        return []
    top = pos.stack[-1]
    cfg = pos.cfg
    if isinstance(top, PlayStep):
        return _play_step(pos, top)
    if isinstance(top, Window):  # C-MEMO-3
        player = top.eligible[top.index % len(top.eligible)]
        return [PASS, *(Memo(c) for c in pos.memo_cards(player))]
    if isinstance(top, Harvest):  # C-TW-3, C-TW-4
        return list(plays(pos, top.player, harvest_pool(pos, top.source), harvest=True))
    if isinstance(top, MiracleDiscard):
        return list(discards(pos, top.player))
    if isinstance(top, MulliganChoice):  # C-SETUP-5
        return list(_MULLIGANS)
    if isinstance(top, DeclareChoice):  # C-RULING-27
        return list(_DECLARES)
    if isinstance(top, SoloStep):  # C-SOLO-4, C-RULING-30
        moves: list[Move] = list(plays(pos, 0, pos.hands[0]))
        only_patches = cfg.solonauts_discard_policy == "patches_only"
        some = discards(pos, 0, patches_only=only_patches)
        if not some and not moves:
            some = discards(pos, 0)  # nothing else is possible
        return moves + list(some)
    return []


def current_player(state: State) -> Actor:
    """The seat to decide, `CHANCE` at a chance node, or None once the game is over."""
    if state.result is not None:
        return None
    if not state.stack:
        return CHANCE
    top = state.stack[-1]
    if type(top) is Window:  # the commonest frames first
        return top.eligible[top.index % len(top.eligible)]
    if type(top) is DrawCards:
        return CHANCE
    if isinstance(top, (PlayStep, Harvest, MiracleDiscard, MulliganChoice, DeclareChoice)):
        return top.player
    if isinstance(top, SoloStep):
        return 0
    return CHANCE


def decision_player(state: State) -> int | None:
    """The player to decide at the top frame, or None at chance nodes and at the end."""
    player = current_player(state)
    return player if type(player) is int else None


# The last state asked and its decisions (one tuple, swapped in one store, so threads never see a state
# with another's moves; it pins that one state). An encoder, an adapter or a search asks for the moves of
# the state the caller has just listed: a Chrononauts 4-player random loop with, at every decision, the
# information-state array and the mask counted 2.13x the bare loop's instructions without the memo and
# 1.89x with it (with the observation array: 1.85x and 1.61x); callgrind, `benchmarks/encodings.py
# --instructions --games 6 --only "Chrononauts 4p"`.
_LAST: Final[list[tuple[object, tuple[Move, ...]]]] = [(None, ())]


def legal_moves(state: State) -> tuple[Move, ...]:
    """The decisions of the player to act, distinct and in a fixed order; empty at chance nodes."""
    last = _LAST[0]
    if last[0] is state:
        return last[1]
    moves = _legal_moves(state)
    _LAST[0] = (state, moves)
    return moves


def _legal_moves(state: State) -> tuple[Move, ...]:
    if state.result is not None or not state.stack:
        return ()
    top = state.stack[-1]
    if type(top) is Window:  # the most common decision: poll one player (C-MEMO-3)
        player = top.eligible[top.index % len(top.eligible)]
        memos = state.ctx.memos
        hand = state.hands[player]
        if memos.isdisjoint(hand):
            return _PASS_ONLY
        return (PASS, *(Memo(c) for c in sorted(memos.intersection(hand))))
    if type(top) is PlayStep:  # a turn's play: the longest list
        return tuple(_play_step(Position(state), top))
    if isinstance(top, DECISION_FRAMES):
        return tuple(legal(Position(state)))
    return ()


def chance_outcomes(state: State) -> Sequence[tuple[Move, Fraction]]:
    """At a chance node, every outcome with its exact probability (C-CHANCE-2, C-CHANCE-5); otherwise
    empty."""
    if state.result is not None or not state.stack:
        return ()
    top = state.stack[-1]
    if type(top) is DrawCards:
        # C-CHANCE-2: each card left is drawn with probability copies / cards left.  The copies are
        # the integer weights: one running total per deck card, built in C, and the context's shared
        # `Draw` of every deck card; a card with no copy left adds nothing and is not an outcome.
        cumulative = tuple(itertools.accumulate(state.draw_pile))
        total = cumulative[-1] if cumulative else 0
        if not total:
            return ()
        return WeightedOutcomes(state.ctx.draws, cumulative, total)
    if isinstance(top, VortexDeal):
        # C-RULING-32: each card of the pool is dealt with probability copies / pool size, as integer
        # weights over their least common denominator: the copies and the size divided by the gcd of
        # the copies (which divides their sum, the size), as the reduced fractions would give.
        counts = Counter(top.pool)
        index = state.ctx.cards.deck_index
        order = sorted(counts, key=index.__getitem__)
        common = math.gcd(*counts.values())
        draws = state.ctx.draws
        return WeightedOutcomes(
            tuple([draws[index[card]] for card in order]),
            tuple(itertools.accumulate([counts[card] // common for card in order])),
            len(top.pool) // common,
        )
    if isinstance(top, DealGoal):
        pile = state.mission_pile if top.pile == "mission" else state.id_pile
        return _uniform(tuple(Deal(card) for card in sorted(pile)))
    if isinstance(top, ChooseFirst):
        return _uniform(tuple(FirstPlayer(p) for p in range(state.players)))
    return ()


def _uniform(outcomes: tuple[Move, ...]) -> WeightedOutcomes:
    """Equally likely outcomes, each of weight 1 out of their number (which is also the common
    denominator of their fractions ``1/n``, so the sampler draws exactly as it would from them)."""
    n = len(outcomes)
    return WeightedOutcomes(outcomes, range(1, n + 1), n)
