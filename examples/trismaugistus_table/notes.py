"""Notes on reports the engine accepts but a player rarely means: said aloud, never refused.

The engine's menu is deliberately wide (it mirrors the table and cannot see the base game's rules), so
it accepts a second die in one turn, a card taken without a die, or ``end`` on the turn of the third die.
Each is legal, but each is more often a slip than a choice, so the companion says so (with ``undo`` one
word away) and applies the report anyway.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop_rules import trismaugistus as tm
from tabletop_rules.trismaugistus.vocabulary import DICE_PER_ROUND

__all__ = ["notes"]

_ORDINAL = {2: "second", 3: "third"}


def notes(state: tm.State, move: tm.Move, this_turn: Sequence[tm.Move], difficulty: int | None) -> list[str]:
    """What is unusual about ``move`` in ``state`` (empty if nothing is).

    Args:
        state: the state the move is applied to (the move is legal there).
        move: the report.
        this_turn: the player's reports already made in this turn, oldest first.
        difficulty: the difficulty the companion was started with (``--difficulty``), or ``None``.
    """
    drafts = [m for m in this_turn if isinstance(m, tm.HumanDraftDie)]
    takes = [m for m in this_turn if isinstance(m, tm.HumanTakeExperiment | tm.HumanTakeArtifact)]
    out: list[str] = []
    if isinstance(move, tm.Setup) and difficulty is not None and move.difficulty != difficulty:
        out.append(
            f"the companion was started with --difficulty {difficulty}; this setup says d{move.difficulty}"
        )
    elif isinstance(move, tm.ReportBoard) and state.phase == "round_start":
        missing = [
            name
            for name, part in (("areas=", move.experiment_areas), ("offers=", move.artifact_offers))
            if part is None
        ]
        if missing:
            out.append(
                f"this roll names no {' and no '.join(missing)}: the engine keeps the experiments"
                " and artifacts it already has on the board"
            )
    elif isinstance(move, tm.HumanDraftDie) and drafts:
        n = len(drafts) + 1
        out.append(f"this is your {_ORDINAL.get(n, f'{n}th')} die this turn; a turn normally uses one")
    elif isinstance(move, tm.HumanTakeExperiment | tm.HumanTakeArtifact):
        out += _take_notes(move, drafts, takes)
    elif isinstance(move, tm.HumanEndTurn) and not move.finished_round:
        if state.human_dice >= DICE_PER_ROUND:
            out.append(
                f"you have drafted your {DICE_PER_ROUND} dice this round: report `end finished` on the turn"
                " of your third die (undo, then type it), or the engine keeps giving you turns"
            )
        elif not any(any(c) for c in state.board.bowls):
            out.append("the bowls are empty: `end finished` ends your round")
        elif not drafts:
            out.append("you end the turn without drafting a die")
    return out


def _take_notes(
    move: tm.HumanTakeExperiment | tm.HumanTakeArtifact,
    drafts: list[tm.HumanDraftDie],
    takes: list[tm.HumanTakeExperiment | tm.HumanTakeArtifact],
) -> list[str]:
    what = "an experiment" if isinstance(move, tm.HumanTakeExperiment) else "an artifact"
    if not drafts:
        return [f"no die drafted this turn: {what} is normally taken with the die you drafted (B-6)"]
    if len(takes) >= len(drafts):
        return [f"more cards taken than dice drafted this turn (this is take {len(takes) + 1})"]
    if isinstance(move, tm.HumanTakeExperiment) and all(d.face != move.face for d in drafts):
        faces = ", ".join(f"{d.face}/{d.colour}" for d in drafts)
        return [f"the {move.face} area is reached with a {move.face} die (B-6); you drafted {faces}"]
    if isinstance(move, tm.HumanTakeArtifact) and all(d.colour != move.colour for d in drafts):
        dice = ", ".join(f"{d.face}/{d.colour}" for d in drafts)
        return [f"the {move.colour} offer is reached with a {move.colour} die (B-6); you drafted {dice}"]
    return []
