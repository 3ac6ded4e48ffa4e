"""What a player may see, and summaries for people.

Trismaugistus has perfect information (the automa hides nothing), so there is
no observation function; `describe` gives a short summary of a state for
logs and demos.  The trace of a transition is printed by `trace.format_trace`.
"""

from __future__ import annotations

from tabletop_rules.trismaugistus.state import State
from tabletop_rules.trismaugistus.trace import format_score
from tabletop_rules.trismaugistus.vocabulary import COLOURS, ELEMENTS, FACES

__all__ = ["describe"]


def _levels(state: State) -> str:
    return " ".join(f"{e[0].upper()}{lvl}" for e, lvl in zip(ELEMENTS, state.automa.levels, strict=True))


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
