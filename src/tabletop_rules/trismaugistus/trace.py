"""Readable views: the trace of a transition, a state summary, a final-score table.

``state.trace`` explains the latest transition; :func:`format_trace` prints it.
:func:`describe` gives a short summary of a state for logs and demos.
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop_rules.trismaugistus.state import State, TraceLine
from tabletop_rules.trismaugistus.vocabulary import COLOURS, ELEMENTS, FACES

__all__ = ["describe", "format_score", "format_trace"]

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


def _levels(state: State) -> str:
    return " ".join(f"{e[0].upper()}{lvl}" for e, lvl in zip(ELEMENTS, state.automa.levels, strict=True))


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


def describe(state: State) -> str:
    """A short human-readable summary: round, the automa's VP, gold, ether, tracks; the score at the end."""
    pack = state.pack
    tag = " [FICTIONAL example pack]" if pack.fictional else ""
    if state.phase == "setup":
        return f"Trismaugistus, pack {pack.pack_id}{tag}: waiting for setup"
    a = state.automa
    modules = " +objectives" if state.objectives_enabled else ""
    head = f"Trismaugistus d{state.difficulty}{modules}, pack {pack.pack_id}{tag}"
    if state.phase == "over":
        total = state.score.total if state.score else 0
        return f"{head}\nGame over. Automa final score {total}:\n{format_score(state)}"
    if state.phase == "scoring":
        where = "final scoring (masterpiece draw)"
    elif state.phase == "round_start":
        where = f"round {state.round}, waiting for the roll report"
    else:
        mover = "automa (chance)" if state.pending is not None else state.to_move
        where = f"round {state.round}, turn {state.turn + 1}, {mover} to act"
    die = "none"
    if a.active_die is not None:
        die = f"{a.active_die} placed {a.active_die.placed}, remaining {a.active_die.remaining}"
    dice = sum(sum(c) for c in state.board.bowls)
    bowls = " ".join(
        f"{f}:{''.join(f'{c[0]}{n}' for c, n in zip(COLOURS, counts, strict=True) if n)}"
        for f, counts in zip(FACES, state.board.bowls, strict=True)
        if any(counts)
    )
    lines = [
        head,
        where,
        f"automa: VP {a.vp}, gold {a.gold}, ether {a.ether}, tracks {_levels(state)}"
        f" (cube on {a.tiebreak_track})",
        f"  experiments {', '.join(a.experiments) or '-'}; artifacts {', '.join(a.artifacts) or '-'}",
        f"  active die {die}; dice used {a.dice_used}/3;"
        f" draw pile {len(a.draw_pile)}, discard {len(a.discard)}",
        f"board: {dice} dice ({bowls or 'empty'})",
    ]
    return "\n".join(lines)
