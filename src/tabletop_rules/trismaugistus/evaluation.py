"""The human seat's prospects: `human_score` and `margin` (what `agents.SearchHuman` maximises).

The engine plays the automa; the human's own game (materials, formulas, tracks) is outside it, so a
human's final score must be modelled from what the reports show (`State.human_experiments`,
`State.human_artifacts`):

    human_score = HUMAN_BASE + the experiments' VP + ARTIFACT_POINTS per artifact taken

`HUMAN_BASE` stands for everything the engine does not see; it was set so that `heuristic_human` wins
about half of its games at difficulty 1 under this model (measured: the automa scores 61 to 67 on
average at every difficulty against it).  `margin(state)` is that score minus the automa's total at the
end of the game; the human "wins" when it is positive.

`agents.SearchHuman(samples)` resolves chance over the automa's deck by sampling: at each of its turn's two
real choices (which die to draft, and which card to take with it) it plays every candidate report
followed by ``samples`` playouts to the end (`heuristic_human` for the later reports, the automa's cards
and dice drawn with their exact probabilities), with the same sampled futures for every candidate
(common random numbers), and reports the candidate with the highest mean `margin`.  Its other reports
are `heuristic_human`'s.
"""

from __future__ import annotations

from typing import Final

from tabletop_rules.trismaugistus.state import State

__all__ = ["ARTIFACT_POINTS", "HUMAN_BASE", "human_score", "margin"]

HUMAN_BASE: Final = 25
"""The modelled points of the human's game that the engine does not see."""
ARTIFACT_POINTS: Final = 3
"""The modelled points of one artifact taken (its symbols feed the human's formulas)."""


def human_score(state: State) -> int:
    """The modelled final score of the human from its reports so far (see the module docstring)."""
    experiments = state.pack.experiment
    return (
        HUMAN_BASE
        + sum(experiments[e].vp for e in state.human_experiments)
        + ARTIFACT_POINTS * len(state.human_artifacts)
    )


def margin(state: State) -> float:
    """The modelled human score minus the automa's total, at the end of the game (0 before it)."""
    score = state.score
    if score is None or state.phase != "over":
        return 0.0
    return float(human_score(state) - score.total)
