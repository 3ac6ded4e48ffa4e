"""Valandris: a two-player pursuit game on three nested Platonic skeletons.

The Holy Spirit (player 0) moves the Leviathan, the Unicorn and the Archangel,
each with a special power, to capture the demon Valandris (player 1), who
flees up to two steps a turn across all three worlds.  Valandris scores the
number of the Holy Spirit turn in which he is captured.  Perfect information,
with one chance element: a d12 that may remove a seal when the Leviathan or the
Archangel crosses worlds.

This module satisfies :class:`tabletop_rules.core.Game`::

    >>> from tabletop_rules import valandris
    >>> state = valandris.from_position(leviathan="A0", unicorn="E0", archangel="H0",
    ...     valandris="H19", seals=["E5", "E6", "E7", "E8", "E9"], declared="archangel")
    >>> [valandris.move_to_str(state, m) for m in valandris.legal_moves(state)][:3]
    ['L A0-A1', 'L A0-A4', 'L A0-A5']

The rules follow the spec's rulings by default; pass a :class:`Rules` to change them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from tabletop_rules.core.errors import InvalidStateError
from tabletop_rules.core.protocol import GameInfo
from tabletop_rules.valandris.board import BOARD, NAMES, Board, World, vertex_index
from tabletop_rules.valandris.moves import (
    Cross,
    Declare,
    DemonMove,
    Fly,
    Jump,
    Move,
    NoSeal,
    Place,
    Roll,
    Seal,
    Stay,
    Step,
)
from tabletop_rules.valandris.notation import move_to_str, parse_move
from tabletop_rules.valandris.options import Rules
from tabletop_rules.valandris.rules import (
    apply,
    chance_outcomes,
    current_player,
    demon_destinations,
    describe_phase,
    face_vertex,
    is_terminal,
    legal_moves,
    new_game,
    returns,
)
from tabletop_rules.valandris.serialization import (
    from_json,
    state_from_dict,
    state_to_dict,
    to_json,
    validate,
)
from tabletop_rules.valandris.state import CREATURES, HOLY_SPIRIT, VALANDRIS, Phase, Piece, State, seal_mask
from tabletop_rules.valandris.symmetry import transform_move, transform_state

__all__ = [
    "BOARD",
    "CREATURES",
    "GAME_INFO",
    "HOLY_SPIRIT",
    "NAMES",
    "VALANDRIS",
    "Board",
    "Cross",
    "Declare",
    "DemonMove",
    "Fly",
    "Jump",
    "Move",
    "NoSeal",
    "Phase",
    "Piece",
    "Place",
    "Roll",
    "Rules",
    "Seal",
    "State",
    "Stay",
    "Step",
    "World",
    "apply",
    "chance_outcomes",
    "current_player",
    "demon_destinations",
    "describe",
    "describe_phase",
    "face_vertex",
    "from_json",
    "from_position",
    "is_terminal",
    "legal_moves",
    "move_to_str",
    "new_game",
    "outcome",
    "parse_move",
    "returns",
    "seal_mask",
    "state_from_dict",
    "state_to_dict",
    "to_json",
    "transform_move",
    "transform_state",
    "validate",
    "vertex_index",
]

GAME_INFO: Final = GameInfo(
    name="valandris",
    title="Valandris",
    min_players=2,
    max_players=2,
    chance=True,
    perfect_information=True,
    zero_sum=True,
    version=1,
)


def _as_vertex(value: int | str, field: str) -> int:
    if isinstance(value, str):
        try:
            return vertex_index(value.upper())
        except KeyError:
            raise InvalidStateError(f"{field}: {value!r} is not a vertex name") from None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(NAMES):
        raise InvalidStateError(f"{field}: {value!r} is not a vertex")
    return value


def from_position(
    *,
    leviathan: int | str,
    unicorn: int | str,
    archangel: int | str,
    valandris: int | str,
    seals: Iterable[int | str],
    declared: Piece | str | None,
    turn: int = 1,
    rules: Rules | None = None,
) -> State:
    """The start of Holy Spirit turn ``turn`` in a given position (V-ENGINE-5).

    Vertices are indices or names (``"H4"``); ``declared`` is a :class:`Piece`,
    its lower-case name, or ``None`` where the rules allow it.  Creatures may
    stand in foreign worlds (after crossings).

    Raises:
        InvalidStateError: if the position breaks a rule (see :func:`validate`).
    """
    if isinstance(declared, str):
        if declared.upper() not in ("LEVIATHAN", "UNICORN", "ARCHANGEL"):
            raise InvalidStateError(f"declared: {declared!r} is not a creature")
        declared = Piece[declared.upper()]
    state = State(
        rules=Rules() if rules is None else rules,
        phase=Phase.LEVIATHAN,
        turn=turn,
        creatures=(
            _as_vertex(leviathan, "leviathan"),
            _as_vertex(unicorn, "unicorn"),
            _as_vertex(archangel, "archangel"),
        ),
        demon=_as_vertex(valandris, "valandris"),
        sealed=seal_mask(_as_vertex(s, "seals") for s in seals),
        declared=declared,
    )
    validate(state)
    return state


def outcome(state: State) -> dict[str, int | str | bool | None]:
    """How a finished game ended, for simulations: score, capture, and the capturing creature."""
    if state.score is None:
        raise ValueError("the game is not over")
    catcher = next((c for c in CREATURES if state.captured and state.position(c) == state.demon), None)
    return {
        "score": state.score,
        "captured": state.captured,
        "captured_by": catcher.name.lower() if catcher is not None else None,
    }


def describe(state: State) -> str:
    """A one-line summary of a state: pieces, seals, declaration, and what comes next."""
    pieces = " ".join(f"{p.letter}={NAMES[v]}" for p, v in zip(CREATURES, state.creatures, strict=False))
    demon = f" V={NAMES[state.demon]}" if state.demon is not None else ""
    seals = ",".join(NAMES[s] for s in sorted(state.seals)) or "none"
    declared = state.declared.name.title() if state.declared is not None else "none"
    return f"{pieces}{demon} | seals {seals} | declared {declared} | {describe_phase(state)}"
