"""Stand-ins for the human at the table, for automa statistics: the uniform reporter and a heuristic one.

An agent is a function ``agent(state, rng) -> move`` called at the human's
decisions (never at chance nodes); it draws randomness only from ``rng``, so
seeded games are reproducible.  The human's real rules (materials, reactions,
formulas, the human's own resources) are outside the engine, so no agent plays
the human's game: an agent only *reports* plausible table changes.  What the
automa meets depends on those reports (which dice are left in the bowls,
which experiments and artifacts are left for it), so the reporter shapes the
automa's score.

`random_agent` picks uniformly among the reports of the menu: it may draft
three dice in one turn, take every experiment on the board, or end turns
without drafting.  `heuristic_human` reports what a reasonable player does.  `SearchHuman` plays the
human's seat to win under the score model of `trismaugistus.evaluation` (`margin`): at each draft and
each take it tries every candidate with sampled playouts to the end (the automa's cards and dice drawn
with their exact probabilities, the same futures for every candidate) and keeps the best mean margin.
`opponent(level)` gives ``"easy"`` (`heuristic_human`), ``"medium"`` (`SearchHuman(2)`) and ``"hard"``
(`SearchHuman(6)`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final, TypeAlias

import attrs

from tabletop_rules.agents.levels import check_level
from tabletop_rules.core.errors import IllegalMoveError, InvalidOptionError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.playout import check_agent_call, sample_outcome
from tabletop_rules.trismaugistus.evaluation import margin
from tabletop_rules.trismaugistus.moves import (
    HumanCompleteObjective,
    HumanDraftDie,
    HumanEndTurn,
    HumanTakeArtifact,
    HumanTakeExperiment,
    Move,
    ReportBoard,
)
from tabletop_rules.trismaugistus.rules import apply, chance_outcomes, current_player, legal_moves
from tabletop_rules.trismaugistus.state import State
from tabletop_rules.trismaugistus.vocabulary import COLOURS, FACES

__all__ = [
    "LEVEL_SAMPLES",
    "MAX_SAMPLES",
    "OBJECTIVE_CHANCE",
    "Agent",
    "SearchHuman",
    "heuristic_human",
    "opponent",
    "random_agent",
]

MAX_SAMPLES: Final = 1_000
"""The most sampled futures per candidate report of `SearchHuman`."""
LEVEL_SAMPLES: Final = {"medium": 2, "hard": 6}
"""The sampled futures per candidate of the search levels."""

Agent: TypeAlias = Callable[[State, random.Random], Move]
"""A reporter: ``agent(state, rng) -> move`` at the human's decisions."""

OBJECTIVE_CHANCE: Final = 0.2
"""How often `heuristic_human` completes a face-up objective at the end of a turn (its resources are
outside the engine, so this stands for "when it can")."""

_DRAFT_PREFIX: Final = "human drafts "
_FINISH: Final = HumanEndTurn(True)
_END: Final = HumanEndTurn(False)


def _check_decision(agent: str, state: object, rng: object) -> None:
    """Refuse a call with no human decision to make: another game's state, a bad ``rng`` (the
    `check_agent_call` errors), a chance node or the end (`IllegalMoveError`)."""
    check_agent_call(agent, "Trismaugistus", State, state, rng)
    if current_player(state) != 0:  # type: ignore[arg-type]  # a State, checked just above
        raise IllegalMoveError(f"{agent} decides only at the human's decisions, not at chance or the end")


def random_agent(state: State, rng: random.Random) -> Move:
    """Uniformly random among the reports of the menu (`legal_moves`).

    Raises:
        InvalidStateError: if ``state`` is not a Trismaugistus state.
        InvalidOptionError: if ``rng`` is not a ``random.Random``.
        IllegalMoveError: at a chance node or at the end of the game (there is no decision).
    """
    _check_decision("random_agent", state, rng)
    return rng.choice(legal_moves(state))


def _last_report(state: State) -> str:
    """The trace text of the human's report just applied during play (a draft, a take), else ``""``."""
    trace = state.trace
    if state.phase == "play" and trace and trace[0].text.startswith("human "):
        return trace[0].text
    return ""


def _draft_value(state: State, move: HumanDraftDie) -> tuple[int, int, int]:
    """How well a die fits: a card it can then take, then the die's potency (B-4, B-6)."""
    board = state.board
    pack = state.pack
    area = board.areas[FACES.index(move.face)]
    best_vp = max((pack.experiment[e].vp for e in area), default=-1)
    has_artifact = bool(board.offers[COLOURS.index(move.colour)])
    potency = sum(board.bowls[FACES.index(move.face)])
    return (best_vp, int(has_artifact), potency)


def heuristic_human(state: State, rng: random.Random) -> Move:
    """A plausible human reporter, for automa statistics (deterministic for a given ``rng`` state).

    What it assumes, turn by turn (the base game's actions are simplified to what the
    engine sees):

    * **setup and round starts**: a random entry of the menu, preferring the round-start
      reports that lay out experiments and artifact offers (a real round always has them);
    * **its turn**: it drafts **one** die per turn, the one that best fits its goals: the die
      whose face opens the experiment area with the most valuable experiment, then whose
      colour has an artifact on offer, then the most potent one (the most dice in its bowl),
      ties broken by ``rng``;
    * with that die it takes the most valuable experiment of the die's area (B-6) when there
      is one, else an artifact of the die's colour when one is on offer: it is assumed to
      afford what its die gives access to;
    * before ending the turn it completes a face-up objective with probability
      `OBJECTIVE_CHANCE`;
    * it ends the turn, with ``finished_round`` on the turn of its third die (or when the
      bowls are empty).

    Raises:
        InvalidStateError: if ``state`` is not a Trismaugistus state.
        InvalidOptionError: if ``rng`` is not a ``random.Random``.
        IllegalMoveError: at a chance node or at the end of the game (there is no decision).
    """
    _check_decision("heuristic_human", state, rng)
    menu = legal_moves(state)
    if state.phase != "play":
        laid_out = [m for m in menu if isinstance(m, ReportBoard) and m.experiment_areas is not None]
        return rng.choice(laid_out or list(menu))
    last = _last_report(state)
    if last.startswith(_DRAFT_PREFIX):  # the die drafted this turn picks what it can take (B-6)
        face, _, colour = last[len(_DRAFT_PREFIX) :].partition("/")
        pack = state.pack
        takes = [m for m in menu if isinstance(m, HumanTakeExperiment) and m.face == face]
        if takes:
            top = max(pack.experiment[m.experiment_id].vp for m in takes)
            return rng.choice([m for m in takes if pack.experiment[m.experiment_id].vp == top])
        arts = [m for m in menu if isinstance(m, HumanTakeArtifact) and m.colour == colour]
        if arts:
            return rng.choice(arts)
    elif not last:  # the first report of a turn: draft one die, if one can be drafted
        drafts = [m for m in menu if isinstance(m, HumanDraftDie)]
        if drafts:
            best = max(_draft_value(state, m) for m in drafts)
            return rng.choice([m for m in drafts if _draft_value(state, m) == best])
    objectives = [m for m in menu if isinstance(m, HumanCompleteObjective)]
    if objectives and not last.startswith("human completes") and rng.random() < OBJECTIVE_CHANCE:
        return rng.choice(objectives)
    return _FINISH if _FINISH in menu else _END


def _playout(state: State, rng: random.Random) -> State:
    """Play ``state`` to the end: `heuristic_human` for the human, the automa's chance sampled."""
    while state.phase != "over":
        if current_player(state) == 0:
            state = apply(state, heuristic_human(state, rng))
        else:
            state = apply(state, sample_outcome(chance_outcomes(state), rng))
    return state


@attrs.frozen
class SearchHuman:
    """A human-seat player that searches its drafts and takes by sampled playouts (see the module).

    Raises:
        InvalidOptionError: if ``samples`` is not an int in 1..`MAX_SAMPLES`.
    """

    samples: int = 6

    def __attrs_post_init__(self) -> None:
        if type(self.samples) is not int or not 1 <= self.samples <= MAX_SAMPLES:
            raise InvalidOptionError(f"samples must be an int in 1..{MAX_SAMPLES}, not {brief(self.samples)}")

    def __call__(self, state: State, rng: random.Random) -> Move:
        """The human's report in ``state``.

        Raises:
            InvalidStateError: if ``state`` is not a Trismaugistus state.
            InvalidOptionError: if ``rng`` is not a ``random.Random``.
            IllegalMoveError: at a chance node or at the end of the game (there is no decision).
        """
        _check_decision("SearchHuman", state, rng)
        if state.phase != "play":
            return heuristic_human(state, rng)
        menu = legal_moves(state)
        last = _last_report(state)
        kinds: tuple[type, ...] = (HumanTakeExperiment, HumanTakeArtifact) if last else (HumanDraftDie,)
        candidates = [m for m in menu if isinstance(m, kinds)]
        if len(candidates) < 2:
            return heuristic_human(state, rng)
        seeds = [rng.getrandbits(64) for _ in range(self.samples)]
        best: Move = candidates[0]
        best_value = -float("inf")
        for move in candidates:
            after = apply(state, move)
            value = sum(margin(_playout(after, random.Random(seed))) for seed in seeds)
            if value > best_value:
                best, best_value = move, value
        return best

    def spec(self) -> dict[str, Any]:
        """The agent's class and parameters as JSON data (`agents.agent_spec`)."""
        return {"agent": "tabletop_rules.trismaugistus.agents.SearchHuman", "samples": self.samples}


def opponent(level: str, *, seconds: float | None = None) -> Any:
    """The human-seat player of a level: ``"easy"`` (`heuristic_human`), ``"medium"``
    (`SearchHuman(2)`) or ``"hard"`` (`SearchHuman(6)`).

    ``seconds`` is accepted for every game's `opponent`; the levels do a fixed number of playouts per
    decision, so it is not used.

    Raises:
        InvalidOptionError: an unknown level, or ``seconds`` not a number in (0, 86400] or None.
    """
    chosen = check_level(level, seconds)
    if chosen == "easy":
        return heuristic_human
    return SearchHuman(LEVEL_SAMPLES[chosen])
