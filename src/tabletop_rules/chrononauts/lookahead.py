"""The hard Chrononauts opponent: `SampledLookahead`, the heuristic's judgement one round further on.

`heuristic.heuristic_agent` judges a move by the position right after it.  A race to a win is lost
in the moves that follow: an Artifact that completes an opponent's Mission (C-WIN-2), a flip that
lets the next player restore a linchpin of its ID (C-WIN-3), a patch that someone else's Memo
cancels (C-MEMO-1).  `SampledLookahead` looks until the player's next play step:

1. It deals the cards hidden from the player anew ``samples`` times
   (`determinize.resample_from_infostate`): each deal is a world the player cannot tell from the
   real one (C-VIEW-1, -2, -4), and the agent reads nothing else, so it never peeks.
2. It scores each candidate move as the heuristic does (play it, close the reaction windows with
   passes, `heuristic.evaluate`), averaged over the worlds.  A move that wins is played at once.
3. For the ``top`` best of them, in each world it plays on: chance events are drawn from a stream
   seeded once per world (the same for every candidate, so candidates are compared on the same
   draws), the other players choose as the heuristic would in that world (its one-ply choice at
   play steps, its Memo rule in reaction windows, C-RULING-6), and so does the player in its own
   reaction windows, until the player's next play step, the end of the game, or ``horizon``
   decisions; `heuristic.evaluate` scores what the player sees then.
4. It plays the move with the best average of step 3; ties go to the better score of step 2.

Outside play steps (reaction windows, mulligans, declarations, choices) it is `heuristic_agent`.
Measured against `heuristic_agent` (the strength table of `docs/agents.md`), the default
``SampledLookahead(5, 6)`` is ``opponent("hard")``.
"""

from __future__ import annotations

import random
from typing import Any, Final

import attrs

from tabletop_rules.chrononauts.determinize import resample_from_infostate
from tabletop_rules.chrononauts.frames import PlayStep, Window
from tabletop_rules.chrononauts.heuristic import (
    MAX_SAMPLES,
    WIN,
    _candidates,
    _score_after,
    _settle,
    _window_choice,
    evaluate,
    heuristic_agent,
)
from tabletop_rules.chrononauts.legality import chance_outcomes, current_player, decision_player, legal_moves
from tabletop_rules.chrononauts.moves import Declare, KillTime, Move
from tabletop_rules.chrononauts.rules import apply
from tabletop_rules.chrononauts.state import State
from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.playout import check_agent_call, sample_outcome

__all__ = ["MAX_HORIZON", "MAX_TOP", "SampledLookahead"]

MAX_TOP: Final = 64
"""The most candidate moves `SampledLookahead` follows to the next play step."""
MAX_HORIZON: Final = 1_000
"""The most decisions `SampledLookahead` plays on in one world."""


def _check(value: object, name: str, most: int) -> None:
    if type(value) is not int or not 1 <= value <= most:
        raise InvalidOptionError(f"{name} must be an int in 1..{most}, not {brief(value)}")


@attrs.frozen
class SampledLookahead:
    """The heuristic's judgement followed to the player's next play step (see the module docstring).

    Attributes:
        samples: the worlds (deals of the hidden cards) per decision, 1..`heuristic.MAX_SAMPLES`.
        top: the candidate moves followed to the next play step, 1..`MAX_TOP`.
        horizon: the most decisions played on in one world, 1..`MAX_HORIZON`.

    A frozen, picklable record; the same state and ``rng`` state give the same move.

    Raises:
        InvalidOptionError: if a field is not an exact ``int`` in its range.
    """

    samples: int = 5
    top: int = 6
    horizon: int = 24

    def __attrs_post_init__(self) -> None:
        _check(self.samples, "samples", MAX_SAMPLES)
        _check(self.top, "top", MAX_TOP)
        _check(self.horizon, "horizon", MAX_HORIZON)

    def __call__(self, state: State, rng: random.Random) -> Move:
        """The move of the player to act, from its information and ``rng`` only.

        Raises:
            InvalidStateError: ``state`` is not a Chrononauts state, the game is over or a chance
                event is due.
            InvalidOptionError: ``rng`` is not a ``random.Random``.
        """
        check_agent_call("SampledLookahead", "Chrononauts", State, state, rng)
        player = decision_player(state)
        if player is None:
            raise InvalidStateError("SampledLookahead chooses decisions, but no player is to act here")
        moves = legal_moves(state)
        if not isinstance(state.stack[-1], PlayStep) or len(moves) == 1:
            return heuristic_agent(state, rng)
        worlds = [resample_from_infostate(state, player, rng) for _ in range(self.samples)]
        seeds = [rng.getrandbits(64) for _ in worlds]
        candidates = _candidates(worlds[0], player, moves)
        first = sorted(
            (
                (-sum(_score_after(world, move, player) for world in worlds) / len(worlds), index, move)
                for index, move in enumerate(candidates)
            ),
            key=lambda item: item[:2],
        )
        if -first[0][0] >= WIN:
            return first[0][2]
        best, best_score = first[0][2], -float("inf")
        for _, _, move in first[: self.top]:
            score = sum(
                self._played_on(world, move, player, random.Random(seed))
                for world, seed in zip(worlds, seeds, strict=True)
            ) / len(worlds)
            if score > best_score + 1e-9:
                best, best_score = move, score
        return best

    def _played_on(self, world: State, move: Move, player: int, rng: random.Random) -> float:
        """`evaluate` for ``player`` at its next play step after ``move`` in ``world`` (step 3)."""
        state = apply(world, move)
        for _ in range(self.horizon):
            if state.result is not None:
                break
            actor = current_player(state)
            if type(actor) is not int:  # a chance event, drawn from the world's stream
                state = apply(state, sample_outcome(chance_outcomes(state), rng))
                continue
            if actor == player and isinstance(state.stack[-1], PlayStep):
                break  # the player's own next play step (or still its turn): judge here
            state = apply(state, _reply(state, actor, rng))
        state, extra = _settle(state, player)
        return evaluate(state, player, extra_cards=extra)

    def spec(self) -> dict[str, Any]:
        """The agent's class and parameters as JSON data (`agents.agent_spec`)."""
        return {
            "agent": "tabletop_rules.chrononauts.lookahead.SampledLookahead",
            "samples": self.samples,
            "top": self.top,
            "horizon": self.horizon,
        }


def _reply(state: State, actor: int, rng: random.Random) -> Move:
    """The heuristic's choice for ``actor`` inside a world, where every card is known."""
    moves = legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    top = state.stack[-1]
    if type(top) is Window:
        return _window_choice(state, actor, moves)
    if not isinstance(top, PlayStep):
        return Declare(True) if Declare(True) in moves else heuristic_agent(state, rng)
    best, best_score = moves[0], -float("inf")
    for move in moves:
        if isinstance(move, KillTime) and len(move.cards) == 2:
            continue  # C-TURN-4: the pairs are judged by the heuristic only at the root
        score = _score_after(state, move, actor)
        if score > best_score:
            best, best_score = move, score
    return best
