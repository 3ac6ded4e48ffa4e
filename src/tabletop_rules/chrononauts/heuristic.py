"""The Chrononauts heuristic: `heuristic_agent`, its evaluation `evaluate`, and the helpers of the
agents built on it (`agents.SampledHeuristic`, `lookahead.SampledLookahead`).

`heuristic_agent(state, rng)` chooses the move of the player to act from what that player may see
(C-VIEW-1, -2, -4) and from ``rng`` alone: it first deals the hidden cards anew
(`resample_from_infostate`), then tries each legal move in that determinization, lets every
reaction window close with passes, and scores what it sees of the result with `evaluate`.  Two
states that the player cannot tell apart (equal `information_state_string`) and equal ``rng``
states give the same move.  The heuristics, and the rule each one serves:

* **Race to the nearest win** (C-WIN-1..4): the score is minus the estimated number of plays the
  player still needs for its nearest win: its ID (C-WIN-3: each ``true`` year needs its linchpins
  restored, each ``patched`` year needs its paradox and then its named patch, C-RULING-2), its
  Mission (C-WIN-2: the slots its tableau cannot fill with distinct Artifacts, C-RULING-33; an
  Artifact in hand is one play away), or ten cards (C-WIN-4, C-RULING-35: only a patch bonus or a
  sale grows the hand, so each missing card costs more than a play).  A won game scores highest,
  a lost or destroyed one lowest (C-LOSE-1).
* **Repair paradoxes** (C-PATCH-4, C-LOSE-1): each open paradox costs a little, and more near the
  paradox limit, so a patch that fits (with its bonus card, C-PATCH-4) is played when nothing
  better is, and a flip that would destroy the universe never is.
* **Watch the others** (C-VIEW-1): an opponent's nearest win is estimated from what is public: its
  hand size, its tableau against every Mission the player has not seen (a Mission one Artifact
  away is a visible threat), and the TimeLine against every ID the player has not seen.  Moves that
  push an opponent back (It Never Existed or Get There First on a threatening Artifact, C-ACT-2,
  C-ACT-8) score higher.
* **Memos** (C-MEMO-1, C-RULING-6): a Memo is worth keeping; in a reaction window the player plays
  one only when letting the card stand scores clearly worse than cancelling it (a visible threat,
  a broken home year, the universe destroyed), and never spends one on its own card (C-RULING-34).
* **Mulligan** (C-SETUP-5, C-RULING-29): an ID further from home than the average ID is returned.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from tabletop_rules.chrononauts.content.records import Condition, Identity, Mission
from tabletop_rules.chrononauts.determinize import resample_from_infostate, unseen_goals
from tabletop_rules.chrononauts.frames import DrawCards, MulliganChoice, PlayStep, Window
from tabletop_rules.chrononauts.legality import decision_player, legal_moves
from tabletop_rules.chrononauts.moves import PASS, Declare, KillTime, Memo, Move, Mulligan
from tabletop_rules.chrononauts.rules import apply
from tabletop_rules.chrononauts.state import OPEN, TRUE, State
from tabletop_rules.core.errors import InvalidStateError, TabletopRulesError
from tabletop_rules.core.playout import check_agent_call

__all__ = [
    "HAND_CARD_COST",
    "MAX_SAMPLES",
    "MEMO_VALUE",
    "OPPONENT_WEIGHT",
    "WIN",
    "evaluate",
    "heuristic_agent",
    "id_distance",
    "mission_distance",
    "win_distance",
]

WIN: Final = 1000.0
"""The score of a won game (minus it for a lost or destroyed one)."""
HAND_CARD_COST: Final = 1.5
"""Plays per missing card on the way to ten cards (C-WIN-4: only patches and sales grow a hand)."""
MEMO_VALUE: Final = 1.5
"""What a Memo in hand is worth: the bar a card must clear before a Memo is spent on it."""
OPPONENT_WEIGHT: Final = 0.6
"""How much an opponent's progress counts against the player's own (2 players: one opponent)."""

MAX_SAMPLES: Final = 1_000
"""The most determinizations a sampling agent (`SampledHeuristic`, `SampledLookahead`) averages over."""

# ------------------------------------------------------------------------------------ distances


def _popcount(value: int) -> int:
    return bin(value).count("1")


def _flips_to_hold(cond: Condition, alt: int) -> int:
    """Linchpin flips until ``cond`` holds (C-STATE-5)."""
    if cond.op == "and":
        return _popcount(cond.alt_mask & ~alt) + _popcount(cond.true_mask & alt)
    return 0 if cond.holds(alt) else 1


def _flips_to_break(cond: Condition, alt: int) -> int:
    """Linchpin flips until ``cond`` no longer holds."""
    if not cond.holds(alt):
        return 0
    if cond.op == "and":
        return 1
    return _popcount(cond.alt_mask & alt) + _popcount(cond.true_mask & ~alt)


def id_distance(state: State, identity: Identity, hand: Sequence[str] = ()) -> float:
    """Estimated plays until ``identity``'s three home years are readable (C-WIN-3, C-RULING-2)."""
    ctx, cards, alt = state.ctx, state.cards, state.alt
    total = 0.0
    for entry in identity.home:
        index = cards.ripple_index.get(entry.year)
        if index is None:  # a linchpin entry (user decks)
            total += 0.0 if state.year_status(entry.year) == entry.state else 1.0
            continue
        status = state.status[index]
        cond = ctx.paradox_if[index]
        if entry.state == "true":
            total += _flips_to_break(cond, alt)
        elif status != entry.patch:
            patch = entry.patch or ""
            needed = (
                max(_flips_to_hold(cond, alt), _flips_to_hold(ctx.playable_if[patch], alt)) if patch else 0
            )
            if status not in (TRUE, OPEN):
                needed += 1  # another patch must go first
            total += needed + (1.0 if patch in hand else 1.5)
    cutoff = state.options.ultraparadox_id_cutoff_year
    if (
        state.ultraparadox()
        and not identity.ultraparadox_exempt
        and any(e.year > cutoff for e in identity.home)
    ):  # C-ANOM-8
        total += 2.0
    return total


def mission_distance(
    state: State, mission: Mission, tableau: Sequence[str], hand: Sequence[str] = ()
) -> float:
    """Estimated plays until ``mission``'s slots hold distinct Artifacts of ``tableau`` (C-WIN-2)."""
    slots = [
        set(s.artifacts) if s.type != "most_convincing_mona_lisa" else _mona_lisas(state)
        for s in mission.requires
    ]
    used: set[str] = set()
    total = 0.0
    for slot in sorted(slots, key=len):
        have = [a for a in slot if a in tableau and a not in used]
        if have:
            used.add(have[0])
            continue
        held = [a for a in slot if a in hand and a not in used]
        if held:
            used.add(held[0])
            total += 1.0
        else:
            total += 2.5
    return total


def _mona_lisas(state: State) -> set[str]:
    best = max((a.mona_lisa_rank or 0 for a in state.cards.artifacts), default=0)
    return {a.id for a in state.cards.artifacts if a.mona_lisa_rank == best and best}


def _hand_distance(state: State, size: int) -> float:
    if state.variant != "chrononauts" or not state.options.hand_size_win_enabled:
        return 99.0
    return max(0, state.options.hand_size_win_threshold - size) * HAND_CARD_COST


# ------------------------------------------------------------------------------------ evaluation


def evaluate(state: State, player: int, *, extra_cards: int = 0) -> float:
    """The score of ``state`` for ``player``, from what ``player`` sees of it (higher is better).

    ``extra_cards`` counts cards the player is about to draw (a pending bonus draw).
    """
    result = state.result
    if result is not None:
        if result.winner == player:
            return WIN
        if result.winner is None and "universe_destroyed" not in result.conditions:
            return 0.0
        return -WIN
    hand = state.hands[player]
    score = -win_distance(state, player, extra_cards=extra_cards)
    score += MEMO_VALUE * math.sqrt(len(state.ctx.memos.intersection(hand)))
    score -= _paradox_cost(state)
    score += OPPONENT_WEIGHT * _threat(state, player)
    return score


def win_distance(state: State, player: int, *, extra_cards: int = 0) -> float:
    """The estimated plays ``player`` needs for its nearest win (ID, Mission or ten cards, C-WIN-2..4).

    It reads the player's own ID, Mission and hand, so it is exact knowledge only in a
    determinization (or for the player itself).  The second-nearest win counts a little (a player
    with two routes is harder to stop).  ``extra_cards`` counts cards the player is about to draw.
    """
    cards = state.cards
    hand = state.hands[player]
    own = [_hand_distance(state, len(hand) + extra_cards)]
    identity = cards.by_id.get(state.ids[player])
    if isinstance(identity, Identity):
        own.append(id_distance(state, identity, hand))
    mission = cards.by_id.get(state.missions[player])
    if isinstance(mission, Mission):
        own.append(mission_distance(state, mission, state.tableaux[player], hand))
    own.sort()
    return own[0] + 0.15 * (own[1] if len(own) > 1 else 0.0)


def _paradox_cost(state: State) -> float:
    """C-LOSE-1: open paradoxes cost more and more near the limit."""
    opened = state.open_paradoxes()
    margin = state.options.paradox_limit - opened
    return 0.1 * opened + (8.0 / margin if margin > 0 else WIN)


def _threat(state: State, player: int) -> float:
    """The smallest expected distance of an opponent to a win, from public facts (C-VIEW-1)."""
    ids, missions = unseen_goals(state, player)
    id_avg = _id_average(state, tuple(ids))
    mission_key = tuple(missions)
    nearest = 99.0
    for p in range(state.players):
        if p == player:
            continue
        nearest = min(
            nearest,
            _hand_distance(state, len(state.hands[p])),
            id_avg,
            _mission_risk(state, state.tableaux[p], mission_key) / 2,
        )
    return min(nearest, 12.0)


# `_threat` is most of a heuristic decision's time, and its two parts depend on little: the average ID
# distance on the TimeLine and the unseen IDs, a tableau's Mission risk on the tableau and the unseen
# Missions, which most moves leave unchanged.  They are cached here, keyed by those parts and by the
# game context's identity (checked on every hit); the caches hold floats only and are emptied when full.
_CACHE_LIMIT: Final = 4096
_ID_AVERAGES: dict[tuple[int, int, tuple[str, ...], tuple[str, ...]], tuple[object, float]] = {}
_MISSION_RISKS: dict[tuple[int, tuple[str, ...], tuple[str, ...]], tuple[object, float]] = {}


def _id_average(state: State, ids: tuple[str, ...]) -> float:
    """The average `id_distance` of the IDs ``ids`` (99 if none), for an opponent whose hand is unknown."""
    ctx = state.ctx
    key = (id(ctx), state.alt, state.status, ids)
    hit = _ID_AVERAGES.get(key)
    if hit is not None and hit[0] is ctx:
        return hit[1]
    by_id = state.cards.by_id
    records = [r for r in (by_id[i] for i in ids) if isinstance(r, Identity)]
    value = sum(id_distance(state, r) for r in records) / len(records) if records else 99.0
    if len(_ID_AVERAGES) >= _CACHE_LIMIT:
        _ID_AVERAGES.clear()
    _ID_AVERAGES[key] = (ctx, value)
    return value


def _mission_risk(state: State, tableau: tuple[str, ...], missions: tuple[str, ...]) -> float:
    """The nearest plus the average `mission_distance` of ``missions`` from ``tableau`` (198 if none):
    a Mission one Artifact away is a visible threat even if it is only one of several candidates."""
    ctx = state.ctx
    key = (id(ctx), tableau, missions)
    hit = _MISSION_RISKS.get(key)
    if hit is not None and hit[0] is ctx:
        return hit[1]
    by_id = state.cards.by_id
    records = [r for r in (by_id[m] for m in missions) if isinstance(r, Mission)]
    distances = [mission_distance(state, r, tableau) for r in records]
    value = min(distances, default=99.0) + (sum(distances) / len(distances) if distances else 99.0)
    if len(_MISSION_RISKS) >= _CACHE_LIMIT:
        _MISSION_RISKS.clear()
    _MISSION_RISKS[key] = (ctx, value)
    return value


# ------------------------------------------------------------------------------------ look-ahead


def _settle(state: State, player: int) -> tuple[State, int]:
    """Let the reaction windows close with passes; the cards ``player`` is about to draw."""
    while state.result is None and type(state.stack[-1]) is Window and decision_player(state) != player:
        state = apply(state, PASS)
    extra = 0
    if state.result is None:
        top = state.stack[-1]
        if isinstance(top, DrawCards) and top.player == player:
            extra = top.count
    return state, extra


def _score_after(state: State, move: Move, player: int) -> float:
    try:
        after, extra = _settle(apply(state, move), player)
    except TabletopRulesError:  # pragma: no cover - a legal move always applies
        return -WIN
    return evaluate(after, player, extra_cards=extra)


def _window_choice(state: State, player: int, moves: Sequence[Move]) -> Move:
    """C-MEMO-1, C-RULING-6: cancel the pending card only when it is clearly bad for the player."""
    memos = [m for m in moves if isinstance(m, Memo)]
    if not memos:
        return PASS
    stand = _score_after(state, PASS, player)
    cancel = _score_after(state, memos[0], player)
    return memos[0] if cancel - stand > MEMO_VALUE else PASS


def _mulligan_choice(state: State, player: int) -> Move:
    """C-SETUP-5, C-RULING-29: return an ID further from home than the average one."""
    cards = state.cards
    mine = cards.by_id.get(state.ids[player])
    if not isinstance(mine, Identity):
        return Mulligan(False)
    average = sum(id_distance(state, i) for i in cards.identities) / len(cards.identities)
    return Mulligan(id_distance(state, mine) > average + 0.5)


def heuristic_agent(state: State, rng: random.Random) -> Move:
    """The move of the player to act, from its information and ``rng`` only (see the module docstring).

    Raises:
        InvalidStateError: ``state`` is not a Chrononauts state, the game is over or a chance
            event is due.
        InvalidOptionError: ``rng`` is not a ``random.Random``.
    """
    check_agent_call("heuristic_agent", "Chrononauts", State, state, rng)
    player = decision_player(state)
    if player is None:
        raise InvalidStateError("heuristic_agent chooses decisions, but no player is to act here")
    moves = legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    top = state.stack[-1]
    if isinstance(top, MulliganChoice):
        return _mulligan_choice(state, player)
    if Declare(True) in moves:
        return Declare(True)  # C-RULING-27: a win is always claimed
    world = resample_from_infostate(state, player, rng)
    if isinstance(top, Window):
        return _window_choice(world, player, moves)
    candidates = _candidates(world, player, moves, pairs=isinstance(top, PlayStep))
    best: list[Move] = []
    best_score = -float("inf")
    for move in candidates:
        score = _score_after(world, move, player)
        if score > best_score + 1e-9:
            best, best_score = [move], score
        elif score > best_score - 1e-9:
            best.append(move)
    return best[rng.randrange(len(best))]


def _candidates(world: State, player: int, moves: Sequence[Move], *, pairs: bool = True) -> list[Move]:
    """The moves the heuristic judges: every move but the two-card Killing Times, and with ``pairs``
    the one pair of the two least useful cards (`_best_pairs`, judged in ``world``)."""
    candidates = [m for m in moves if not (isinstance(m, KillTime) and len(m.cards) == 2)]
    if pairs and len(candidates) < len(moves):
        candidates += _best_pairs(world, player, moves)
    return candidates


def _best_pairs(state: State, player: int, moves: Sequence[Move]) -> list[Move]:
    """C-TURN-4: of the two-card Killing Times, only the one of the two least useful cards."""
    pairs: list[Move] = [m for m in moves if isinstance(m, KillTime) and len(m.cards) == 2]
    singles = [m for m in moves if isinstance(m, KillTime) and len(m.cards) == 1]
    if len(singles) < 2:
        return pairs[:1]
    ranked = sorted(singles, key=lambda m: -_score_after(state, m, player))
    first, second = ranked[0].cards[0], ranked[1].cards[0]
    wanted = tuple(sorted((first, second), key=state.cards.deck_index.__getitem__))
    chosen: list[Move] = [m for m in pairs if isinstance(m, KillTime) and m.cards in (wanted, (first, first))]
    return chosen[:1]
