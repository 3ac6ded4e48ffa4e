"""Help on the notation: the syntax is read from the notation module's own table, the examples from the menu.

`tabletop_rules.trismaugistus.notation` documents every move in a table (move class, text); the help
reads that table instead of copying it, so it cannot drift from the parser.  The examples of
``help <word>`` are the moves the engine would accept right now (its menu and its chance outcomes,
written by `move_to_str`), so they are always valid, with the ids of the pack in use.
"""

from __future__ import annotations

import functools
import re
import textwrap

from tabletop_rules import trismaugistus as tm
from tabletop_rules.trismaugistus import notation
from tabletop_rules.trismaugistus.vocabulary import COLOURS, ELEMENTS, FACES

__all__ = ["HEADS", "PURPOSE", "help_for", "menu_lines", "overview", "syntax_table"]

_WIDTH = 100

PURPOSE: dict[str, str] = {
    "setup": "once, at the start: the difficulty, and the starting experiment and artifact you gave the"
    " automa (the ones you rejected); with the objectives module, the four objectives revealed",
    "report": "the board: at each round's start the roll (bowls=), the experiments laid out (areas=) and"
    " the artifact offers (offers=); later a refill or a correction, naming only what changed;"
    " after the game, your own total (report score N)",
    "draft": "your turn: the die you took from a bowl, as face/colour",
    "experiment": "your turn: the experiment you took, from the area of your die's face",
    "artifact": "your turn: the artifact you took, from the offer of your die's colour",
    "objective": "your turn, with objectives: the objective you completed (its position in the row)",
    "end": "the end of your turn; `end finished` on the turn of your third die",
    "draw": "the automa's turn: the card you turned up from its deck",
    "cube": "with objectives, after a purple card: the row position the black die points to",
    "black-die": "with objectives, after a purple card: the value the black die shows (roll again on a"
    " face-down card: the engine says so)",
    "masterpiece": "after round 3: the masterpiece you turned up for the automa",
    "artifact-die": "only with the roll_d6 artifact ruling: the artifact slot the die chose",
}
"""What each report is for, in the player's words (the syntax comes from the notation's table)."""


@functools.cache
def syntax_table() -> dict[str, list[str]]:
    """Each head word of the notation and its syntax lines, read from `notation`'s docstring table."""
    doc = notation.__doc__ or ""
    lines = doc.splitlines()
    borders = [i for i, line in enumerate(lines) if re.fullmatch(r"=+ +=+", line.strip())]
    if len(borders) < 3:  # pragma: no cover - the table is part of the notation module
        return {}
    column = lines[borders[0]].index(" =") + 1
    rows: list[str] = []
    for line in lines[borders[1] + 1 : borders[2]]:
        if line[:column].strip():
            rows.append(line[column:].strip())
        elif rows:
            rows[-1] += " " + line.strip()
    table: dict[str, list[str]] = {}
    for row in rows:
        text = row.replace("``", "")
        table.setdefault(text.split()[0], []).append(text)
    return table


HEADS: tuple[str, ...] = tuple(syntax_table())
"""The head words of the notation, in the order of its table."""


def menu_lines(state: tm.State) -> list[str]:
    """Every move the engine accepts now, in notation: the player's menu, then the chance outcomes."""
    moves = [*tm.legal_moves(state), *(m for m, _ in tm.chance_outcomes(state))]
    if tm.is_terminal(state) and state.score is not None and state.score.human_score is None:
        moves.append(tm.ReportFinalScore(state.score.total))
    return [tm.move_to_str(state, m) for m in moves]


def help_for(state: tm.State, head: str) -> str:
    """``help <head>``: what the report is for, its syntax, the words it takes, and examples valid now."""
    if head not in PURPOSE:
        known = ", ".join(HEADS)
        return f"no report is called {head!r}; the reports are: {known} (and `help` alone)"
    out = textwrap.wrap(f"{head}: {PURPOSE[head]}", _WIDTH, subsequent_indent="  ")
    out += [f"  syntax: {text}" for text in syntax_table().get(head, [])]
    if head in ("draft", "experiment", "report", "setup"):
        out.append(f"  faces: {', '.join(FACES)}")
    if head in ("draft", "artifact", "report"):
        out.append(f"  colours: {', '.join(COLOURS)} (in bowls: r, w, b and a count, e.g. iron:r1w2)")
    if head == "setup":
        out.append(f"  tracks (cube=): {', '.join(ELEMENTS)}")
    examples = [line for line in [*menu_lines(state), *_beyond_the_menu(state)] if line.split()[0] == head]
    if examples:
        shown = examples[:4]
        more = f" (and {len(examples) - len(shown)} more)" if len(examples) > len(shown) else ""
        out.append(f"  accepted now{more}:")
        out += [f"    {line}" for line in shown]
    else:
        out.append("  not accepted at this point of the game")
    return "\n".join(out)


def _beyond_the_menu(state: tm.State) -> list[str]:
    """Accepted texts the menu does not list: a raw black die, and a board report during play (here the
    areas or the offers as the engine has them, which a refill or a correction would name)."""
    pending = state.pending
    if pending is not None:
        return [f"black-die {v}" for v in range(1, 7)] if pending.kind == "objective_die" else []
    if state.phase != "play":
        return []
    board = state.board
    reports = [
        tm.ReportBoard(reason="refill", experiment_areas=board.areas),
        tm.ReportBoard(reason="correction", artifact_offers=board.offers),
    ]
    return [tm.move_to_str(state, m) for m in reports if tm.is_legal(state, m)]


def overview(commands: list[tuple[str, str]]) -> str:
    """``help``: the reports (the notation) and the companion's own commands, one line each."""
    width = max(len(h) for h in (*HEADS, *(c for c, _ in commands)))
    out = ["Reports, in the game's notation (`help <word>` shows its syntax and examples valid now):"]
    indent = " " * (width + 4)
    for head in HEADS:
        out += textwrap.wrap(f"  {head:<{width}}  {PURPOSE.get(head, '')}", _WIDTH, subsequent_indent=indent)
    out.append("Companion commands:")
    for name, text in commands:
        out += textwrap.wrap(f"  {name:<{width}}  {text}", _WIDTH, subsequent_indent=indent)
    out += textwrap.wrap(
        "A bare `draw`, `cube`, `black-die`, `masterpiece` or `artifact-die` lets the companion turn it up"
        " for you (seeded by --seed).",
        _WIDTH,
    )
    return "\n".join(out)
