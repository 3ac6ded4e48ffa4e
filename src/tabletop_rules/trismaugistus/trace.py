"""The trace of a transition and the final-score table, as text.

``state.trace`` explains the latest transition; `format_trace` prints it;
`format_score` prints the final-score breakdown (`views.describe` uses it).
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop_rules.trismaugistus.state import State, TraceLine

__all__ = ["format_score", "format_trace"]

_STEP_NAMES = (
    "masterpiece",
    "experiments",
    "elemental symbols",
    "formulas",
    "gold and ether left",
    "mastery tracks",
)


def format_trace(lines: Iterable[TraceLine], *, indent: str = "  ") -> str:
    """One line per trace step, each with the clause it applied."""
    return "\n".join(f"{indent}{line}" for line in lines)


def format_score(state: State) -> str:
    """The final-score breakdown as a small table (empty before the end)."""
    score = state.score
    if score is None:
        return ""
    rows = [f"  VP track                 {score.vp_track:>4}"]
    for i, (name, vp) in enumerate(zip(_STEP_NAMES, score.steps, strict=True), start=1):
        extra = ""
        if i == 1 and score.masterpiece_id is not None:
            extra = (
                f"  ({score.masterpiece_id}, {'resolved' if score.masterpiece_resolved else 'not resolved'}"
            )
            extra += f", paid {score.masterpiece_gold} gold)" if score.masterpiece_gold else ")"
        elif i == 3:
            extra = f"  ({score.symbols} symbols)"
        elif i == 4:
            extra = f"  ({score.formulas} formulas, {score.formulas_bought} bought)"
        rows.append(f"  {i}. {name:<21} {vp:>4}{extra}")
    rows.append(f"  TOTAL                    {score.total:>4}")
    return "\n".join(rows)
