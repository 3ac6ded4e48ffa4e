"""Chrononauts players: `heuristic_agent`, `rollout_agent`, `easy_agent`, `SampledHeuristic` and the
levels of `opponent`.

`heuristic_agent(state, rng)` (module `chrononauts.heuristic`, where its heuristics and the rule
each one serves are described) chooses the move of the player to act from what that player may see
(C-VIEW-1, -2, -4) and from ``rng`` alone: it deals the hidden cards anew, tries each legal move in
that deal, lets every reaction window close with passes, and scores what it sees with `evaluate`.

The opponents of `opponent(level)`: ``"easy"`` is `easy_agent` (`rollout_agent` in a
determinization of the player's information), ``"medium"`` is `heuristic_agent`, ``"hard"`` is
`lookahead.SampledLookahead()`, the heuristic's judgement averaged over five deals of the hidden
cards and followed, for the six best moves, to the player's next play step.  `SampledHeuristic`
averages the heuristic's one-ply look-ahead over several deals; it plays about as well as the
heuristic.

`rollout_agent(state, rng)` is a fast, peeking policy for the rollouts of `ISMCTS` (it plays inside
determinizations, where every card is known): it passes in reaction windows, plays a fitting patch
when it can, never flips the universe into destruction, and otherwise plays a random legal move.
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from tabletop_rules.agents.levels import check_level
from tabletop_rules.chrononauts.determinize import resample_from_infostate
from tabletop_rules.chrononauts.frames import PlayStep, Window
from tabletop_rules.chrononauts.heuristic import (
    MAX_SAMPLES,
    _candidates,
    _score_after,
    evaluate,
    heuristic_agent,
)
from tabletop_rules.chrononauts.legality import decision_player, legal_moves
from tabletop_rules.chrononauts.lookahead import SampledLookahead
from tabletop_rules.chrononauts.moves import PASS, Move, Play
from tabletop_rules.chrononauts.state import OPEN, TRUE, State
from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.playout import check_agent_call

__all__ = [
    "MAX_SAMPLES",
    "SampledHeuristic",
    "easy_agent",
    "evaluate",
    "heuristic_agent",
    "opponent",
    "rollout_agent",
]


# ------------------------------------------------------------------------------------ rollouts


def rollout_agent(state: State, rng: random.Random) -> Move:
    """A fast policy for search rollouts; it reads the whole state (use it in determinizations only).

    Passes in reaction windows, plays a patch that fits when it can (C-PATCH-4), avoids a flip that
    reaches the paradox limit (C-LOSE-1), and otherwise plays a random legal move.

    Raises:
        InvalidStateError: ``state`` is not a Chrononauts state, the game is over or a chance
            event is due.
        InvalidOptionError: ``rng`` is not a ``random.Random``.
    """
    check_agent_call("rollout_agent", "Chrononauts", State, state, rng)
    moves = legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    if not moves:
        raise InvalidStateError("rollout_agent chooses decisions, but no player is to act here")
    top = state.stack[-1]
    if isinstance(top, Window):
        return PASS
    if not isinstance(top, PlayStep):
        return moves[rng.randrange(len(moves))]
    cards = state.cards
    patches = [m for m in moves if isinstance(m, Play) and cards.play_cards[m.card].kind == "patch"]
    if patches:
        return patches[rng.randrange(len(patches))]
    limit = state.options.paradox_limit
    safe = [
        m
        for m in moves
        if not (
            isinstance(m, Play)
            and cards.play_cards[m.card].kind == "inverter"
            and _opens_after_flip(state, str(m.target)) >= limit
        )
    ]
    pool = safe or list(moves)
    return pool[rng.randrange(len(pool))]


def _opens_after_flip(state: State, icon: str) -> int:
    """The open paradox count after flipping ``icon`` (C-TL-3), counted without resolving."""
    alt = state.alt ^ (1 << state.cards.linchpin_by_icon[icon].bit)
    ctx = state.ctx
    count = 0
    for i, status in enumerate(state.status):
        if not ctx.paradox_if[i].holds(alt):
            continue
        if status in (TRUE, OPEN) or not ctx.playable_if[status].holds(alt):
            count += 1
    return count


# ------------------------------------------------------------------------------------ opponents


def easy_agent(state: State, rng: random.Random) -> Move:
    """The easy level: `agents.rollout_agent` on the player's information only.

    `rollout_agent` reads the whole state; here it decides in a determinization of the player's
    information (`resample_from_infostate`), so it never peeks.

    Raises:
        InvalidStateError: ``state`` is not a Chrononauts state with a decision to make.
        InvalidOptionError: ``rng`` is not a ``random.Random``.
    """
    check_agent_call("easy_agent", "Chrononauts", State, state, rng)
    player = decision_player(state)
    if player is None:
        raise InvalidStateError("easy_agent chooses decisions, but no player is to act here")
    moves = legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    return rollout_agent(resample_from_infostate(state, player, rng), rng)


@attrs.frozen
class SampledHeuristic:
    """The heuristic agent's look-ahead at play steps, averaged over ``samples`` determinizations.

    Outside play steps (reaction windows, mulligans, declarations, choices) it is
    `agents.heuristic_agent`.  A frozen, picklable record.

    Raises:
        InvalidOptionError: if ``samples`` is not an int in 1..`MAX_SAMPLES`.
    """

    samples: int = 8

    def __attrs_post_init__(self) -> None:
        if type(self.samples) is not int or not 1 <= self.samples <= MAX_SAMPLES:
            raise InvalidOptionError(f"samples must be an int in 1..{MAX_SAMPLES}, not {brief(self.samples)}")

    def __call__(self, state: State, rng: random.Random) -> Move:
        """The move of the player to act, from its information and ``rng`` only.

        Raises:
            InvalidStateError: ``state`` is not a Chrononauts state, the game is over or a chance
                event is due.
            InvalidOptionError: ``rng`` is not a ``random.Random``.
        """
        check_agent_call("SampledHeuristic", "Chrononauts", State, state, rng)
        player = decision_player(state)
        if player is None:
            raise InvalidStateError("SampledHeuristic chooses decisions, but no player is to act here")
        moves = legal_moves(state)
        if not isinstance(state.stack[-1], PlayStep) or len(moves) == 1:
            return heuristic_agent(state, rng)
        worlds = [resample_from_infostate(state, player, rng) for _ in range(self.samples)]
        candidates = _candidates(worlds[0], player, moves)
        best: list[Move] = []
        best_score = -float("inf")
        for move in candidates:
            score = sum(_score_after(world, move, player) for world in worlds) / len(worlds)
            if score > best_score + 1e-9:
                best, best_score = [move], score
            elif score > best_score - 1e-9:
                best.append(move)
        return best[rng.randrange(len(best))]

    def spec(self) -> dict[str, Any]:
        """The agent's class and parameters as JSON data (`agents.agent_spec`)."""
        return {"agent": "tabletop_rules.chrononauts.agents.SampledHeuristic", "samples": self.samples}


def opponent(level: str, *, seconds: float | None = None) -> Any:
    """The Chrononauts opponent of a level: ``"easy"``, ``"medium"`` or ``"hard"`` (see the module).

    Every level is seeded (the same state and ``rng`` seed give the same move) and picklable, and
    decides from the player's information only.  ``seconds`` is accepted as a cap for every game's
    `opponent`; these levels do a fixed amount of work per decision (milliseconds), so it never binds.

    Raises:
        InvalidOptionError: an unknown level, or ``seconds`` not a number in (0, 86400] or None.
    """
    chosen = check_level(level, seconds)
    if chosen == "easy":
        return easy_agent
    if chosen == "medium":
        return heuristic_agent
    return SampledLookahead()
