"""Summaries of a Valandris state for people: a one-line description and the next decision.

Valandris has perfect information, so every player sees the whole state and
there is no `observation` to compute.  This module reads only the state (not
the rules), so that the rules can quote `describe_phase` in their errors.
"""

from __future__ import annotations

from typing import Final

from tabletop_rules.valandris.board import CREATURES, NAMES, Piece
from tabletop_rules.valandris.state import Phase, State

__all__ = ["describe", "describe_phase"]

_SETUP: Final = {
    Phase.PLACE_LEVIATHAN: "setup: the Holy Spirit places the Leviathan in the Abyss",
    Phase.PLACE_UNICORN: "setup: the Holy Spirit places the Unicorn on Earth",
    Phase.PLACE_ARCHANGEL: "setup: the Holy Spirit places the Archangel in Heaven",
    Phase.SETUP_DECLARE: "setup: the Holy Spirit declares the creature for turn 1",
    Phase.PLACE_VALANDRIS: "setup: Valandris places himself",
}


def describe_phase(state: State) -> str:
    """A sentence saying what the next decision is, for messages and logs."""
    phase = state.phase
    if phase is Phase.OVER:
        if state.captured:
            return f"the game is over: Valandris was captured in turn {state.score}"
        return f"the game is over: Valandris was not captured (score {state.score})"
    if phase is Phase.SETUP_SEAL:
        return f"setup: the Holy Spirit seals Earth vertex {len(state.seals) + 1} of 5 (in increasing order)"
    if phase.is_setup:
        return _SETUP[phase]
    turn = f"turn {state.turn}: "
    if phase is Phase.LEVIATHAN:
        where = NAMES[state.creatures[Piece.LEVIATHAN]]
        return turn + f"the Leviathan moves from {where}, or a creature crosses worlds"
    if phase is Phase.UNICORN_SEAL:
        return turn + "the Unicorn may seal an Earth vertex"
    if phase is Phase.UNICORN:
        return turn + f"the Unicorn steps from {NAMES[state.creatures[Piece.UNICORN]]}"
    if phase is Phase.ARCHANGEL:
        return turn + f"the Archangel moves from {NAMES[state.creatures[Piece.ARCHANGEL]]}"
    if phase is Phase.ROLL:
        return turn + "the d12 is rolled"
    if phase is Phase.BONUS:
        return turn + "Valandris takes his bonus step"
    if phase is Phase.DECLARE:
        return turn + "the Holy Spirit declares the creature for its next turn"
    return turn + "Valandris moves up to two steps"


def describe(state: State) -> str:
    """A one-line summary of a state: pieces, seals, declaration, and what comes next."""
    pieces = " ".join(f"{p.letter}={NAMES[v]}" for p, v in zip(CREATURES, state.creatures, strict=False))
    demon = f" V={NAMES[state.demon]}" if state.demon is not None else ""
    seals = ",".join(NAMES[s] for s in sorted(state.seals)) or "none"
    declared = state.declared.name.title() if state.declared is not None else "none"
    return f"{pieces}{demon} | seals {seals} | declared {declared} | {describe_phase(state)}"
