"""Valandris move notation: a short, readable text for every move, and its parser.

Canonical forms (what `move_to_str` writes; ``x`` instead of ``-`` marks a capture):

=====================  ==============================================
``place L A3``         setup: place the Leviathan (L), Unicorn (U), Archangel (A) or Valandris (V)
``seal E5``            a setup seal, or the declared Unicorn's seal
``no-seal``            the declared Unicorn does not seal
``L A3-A4``            a creature's normal step (L, U or A), from-to
``L stays``            a normal turn whose Leviathan has no legal move
``jump A3-A16``        the Leviathan's jump (to the antipode or one of its neighbours)
``fly H0xH7``          the Archangel's fly, here capturing
``cross U E2-H9``      a crossing turn: creature, from-to
``roll 5``             the d12 shows 5 (Earth vertex E4)
``declare U``          the declaration for the next turn (``declare none`` if allowed)
``V H4-E1``            Valandris' move or bonus step; ``V H4 stays`` when he stays
=====================  ==============================================

`parse_move` also accepts shorter forms when they name one legal move: a
bare destination (``E1``), a bare ``from-to`` (``H4-E1``), ``cross H9``,
``jump A16``, ``fly H7``, ``L A4``, ``V E1``, ``V stays``.  Keywords and vertex
names are case-insensitive.
"""

from __future__ import annotations

import re
from typing import Final

from tabletop_rules.core.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.valandris import moves as mv
from tabletop_rules.valandris.board import NAMES, vertex_index
from tabletop_rules.valandris.moves import Move, malformed, well_formed
from tabletop_rules.valandris.rules import chance_outcomes, legal_moves
from tabletop_rules.valandris.state import Phase, Piece, State
from tabletop_rules.valandris.views import describe_phase

__all__ = ["MAX_MOVE_TEXT", "move_to_str", "parse_move"]

MAX_MOVE_TEXT: Final = 64
"""The longest move text that `parse_move` reads."""
_CREATURE_PHASE: Final = {
    Phase.LEVIATHAN: Piece.LEVIATHAN,
    Phase.UNICORN: Piece.UNICORN,
    Phase.ARCHANGEL: Piece.ARCHANGEL,
}
_PIECES: Final = {"L": Piece.LEVIATHAN, "U": Piece.UNICORN, "A": Piece.ARCHANGEL, "V": Piece.VALANDRIS}
_VERTEX = r"[HEA][0-9]{1,2}"  # ASCII digits only: `\d` would match "²" or "١"
_PATH: Final = re.compile(rf"^(?:({_VERTEX})([-X]))?({_VERTEX})$")
_FACE: Final = re.compile(r"[1-9]|1[0-2]")
_FORMS: Final = (
    "place P V, seal V, no-seal, P F-T, L stays, jump F-T, fly F-T, cross P F-T, roll K, declare P|none, "
    "V F-T, V F stays, or a bare destination"
)


def move_to_str(state: State, move: Move) -> str:
    """The canonical notation of ``move`` in ``state`` (see the module docstring).

    Raises:
        InvalidMoveError: if `move` is not a Valandris move with fields of the exact
            types (as `check_move` decides).
        IllegalMoveError: if the move's kind does not fit the state's phase (for
            example a creature step when Valandris is to move).
    """
    if not well_formed(move):
        raise InvalidMoveError(malformed(move))
    demon = state.demon
    if isinstance(move, mv.Place):
        return f"place {move.piece.letter} {NAMES[move.vertex]}"
    if isinstance(move, mv.Seal):
        return f"seal {NAMES[move.vertex]}"
    if isinstance(move, mv.NoSeal):
        return "no-seal"
    if isinstance(move, mv.Stay):
        return "L stays"
    if isinstance(move, mv.Roll):
        return f"roll {move.face}"
    if isinstance(move, mv.Declare):
        return f"declare {move.creature.letter if move.creature is not None else 'none'}"
    if isinstance(move, mv.Cross):
        return f"cross {move.creature.letter} {_path(state, move.creature, move.vertex, capture=False)}"
    if isinstance(move, mv.DemonMove):
        if demon is None:
            raise IllegalMoveError("Valandris is not on the board yet")
        if move.vertex == demon:
            return f"V {NAMES[demon]} stays"
        return f"V {_path(state, Piece.VALANDRIS, move.vertex, capture=False)}"
    if isinstance(move, mv.Jump):
        return f"jump {_path(state, Piece.LEVIATHAN, move.vertex)}"
    if isinstance(move, mv.Fly):
        return f"fly {_path(state, Piece.ARCHANGEL, move.vertex)}"
    if isinstance(move, mv.Step):
        creature = _CREATURE_PHASE.get(state.phase)
        if creature is None:
            raise IllegalMoveError(f"no creature steps now; {describe_phase(state)}")
        return f"{creature.letter} {_path(state, creature, move.vertex)}"
    raise AssertionError("unreachable: well_formed accepts only the move classes above")  # pragma: no cover


def _path(state: State, piece: Piece, to: int, *, capture: bool = True) -> str:
    start = state.position(piece)
    if start is None:
        raise IllegalMoveError(f"the {piece.name.title()} is not on the board yet")
    sep = "x" if capture and to == state.demon else "-"
    return f"{NAMES[start]}{sep}{NAMES[to]}"


def parse_move(state: State, text: str) -> Move:
    """The legal move that ``text`` names in ``state``.

    Raises:
        InvalidMoveError: the text is not Valandris notation (unknown form or vertex name).
        IllegalMoveError: the text is well formed but names no legal move here
            (wrong piece, wrong starting vertex, or an illegal destination).
        AmbiguousMoveError: a short form matches several legal moves.
    """
    if type(text) is not str:
        raise InvalidMoveError(f"move text must be a str, not {type(text).__name__}")
    if len(text) > MAX_MOVE_TEXT:  # the size first: nothing below looks at a long text
        raise InvalidMoveError(f"move text is {len(text)} characters, longer than {MAX_MOVE_TEXT}")
    if not text.isascii():
        # ASCII only: `str.upper` and `str.isdigit` would read "ſeal" as SEAL and "roll ²" as a number.
        raise InvalidMoveError(f"move text must be ASCII, not {brief(text)}; expected one of: {_FORMS}")
    tokens = text.strip().upper().split()
    if not tokens:
        raise InvalidMoveError(f"empty move text; expected one of: {_FORMS}")
    if state.phase is Phase.ROLL:
        legal: tuple[Move, ...] = tuple(m for m, _ in chance_outcomes(state))
    else:
        legal = legal_moves(state)
    if not legal:
        raise IllegalMoveError(f"no move is possible: {describe_phase(state)}")
    head, rest = tokens[0], tokens[1:]

    if head == "PLACE" and len(rest) == 2 and rest[0] in _PIECES:
        return _exact(state, legal, mv.PLACE[_PIECES[rest[0]]][_vertex(rest[1])], text)
    if head == "SEAL" and len(rest) == 1:
        return _exact(state, legal, mv.SEAL[_vertex(rest[0])], text)
    if head in ("NO-SEAL", "NOSEAL") and not rest:
        return _exact(state, legal, mv.NO_SEAL, text)
    if (head == "STAY" and not rest) or (head == "L" and rest == ["STAYS"]):
        return _exact(state, legal, mv.STAY, text)
    if head == "ROLL" and len(rest) == 1:
        if not _FACE.fullmatch(rest[0]):
            raise InvalidMoveError(f"a d12 face is 1..12, not {brief(rest[0])}")
        return _exact(state, legal, mv.ROLL[int(rest[0])], text)
    if head == "DECLARE" and len(rest) == 1:
        if rest[0] == "NONE":
            return _exact(state, legal, mv.DECLARE_NONE, text)
        if rest[0] in ("L", "U", "A"):
            return _exact(state, legal, mv.DECLARE[_PIECES[rest[0]]], text)
        raise InvalidMoveError(f"declare takes L, U, A or none, not {brief(rest[0])}")
    if head in ("JUMP", "FLY") and len(rest) == 1:
        piece = Piece.LEVIATHAN if head == "JUMP" else Piece.ARCHANGEL
        start, to = _split_path(state, piece, rest[0])
        return _exact(state, legal, (mv.JUMP if head == "JUMP" else mv.FLY)[to], text)
    if head == "CROSS" and rest:
        if len(rest) == 2 and rest[0] in ("L", "U", "A"):
            creature = _PIECES[rest[0]]
            _, to = _split_path(state, creature, rest[1])
            return _exact(state, legal, mv.CROSS[creature][to], text)
        if len(rest) == 1:
            _, to = _split_path(state, None, rest[0])
            return _one_of(state, [m for m in legal if isinstance(m, mv.Cross) and m.vertex == to], text)
    if head == "V" and rest:
        if rest == ["STAYS"] or (len(rest) == 2 and rest[1] == "STAYS"):
            if len(rest) == 2:
                _check_from(state, Piece.VALANDRIS, _vertex(rest[0]))
            if state.demon is None:
                raise IllegalMoveError(f"Valandris is not on the board; {describe_phase(state)}")
            return _exact(state, legal, mv.DEMON_MOVE[state.demon], text)
        if len(rest) == 1:
            _, to = _split_path(state, Piece.VALANDRIS, rest[0])
            return _exact(state, legal, mv.DEMON_MOVE[to], text)
    if head in ("L", "U", "A") and len(rest) == 1:
        piece = _PIECES[head]
        expected = _CREATURE_PHASE.get(state.phase)
        if expected is not piece:
            raise IllegalMoveError(f"the {piece.name.title()} does not step now; {describe_phase(state)}")
        _, to = _split_path(state, piece, rest[0])
        return _exact(state, legal, mv.STEP[to], text)
    if len(tokens) == 1 and _PATH.match(head):
        start, to = _split_path(state, None, head)
        matches = [m for m in legal if _destination(m) == to and (start is None or _mover(state, m) == start)]
        return _one_of(state, matches, text)
    raise InvalidMoveError(f"cannot read {brief(text)} as a Valandris move; expected one of: {_FORMS}")


def _vertex(token: str) -> int:
    return vertex_index(token)


def _split_path(state: State, piece: Piece | None, token: str) -> tuple[int | None, int]:
    match = _PATH.match(token)
    if match is None:
        raise InvalidMoveError(f"{brief(token)} is not a vertex or a from-to path such as H4-E1")
    start = _vertex(match.group(1)) if match.group(1) else None
    to = _vertex(match.group(3))
    if start is not None and piece is not None:
        _check_from(state, piece, start)
    return start, to


def _check_from(state: State, piece: Piece, start: int) -> None:
    actual = state.position(piece)
    if actual != start:
        where = NAMES[actual] if actual is not None else "not on the board"
        raise IllegalMoveError(f"the {piece.name.title()} is on {where}, not {NAMES[start]}")


def _exact(state: State, legal: tuple[Move, ...], move: Move, text: str) -> Move:
    if move in legal:
        return move
    raise IllegalMoveError(f"{brief(text.strip())} is not legal here; {describe_phase(state)}")


def _one_of(state: State, matches: list[Move], text: str) -> Move:
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise IllegalMoveError(f"{brief(text.strip())} names no legal move; {describe_phase(state)}")
    options = ", ".join(sorted(move_to_str(state, m) for m in matches))
    raise AmbiguousMoveError(f"{brief(text.strip())} could be any of: {options}")


def _destination(move: Move) -> int | None:
    vertex: int | None = getattr(move, "vertex", None)
    return vertex


def _mover(state: State, move: Move) -> int | None:
    """The vertex the moving piece starts from, for bare from-to text."""
    if isinstance(move, mv.Cross):
        return state.position(move.creature)
    if isinstance(move, mv.DemonMove):
        return state.demon
    if isinstance(move, mv.Jump):
        return state.position(Piece.LEVIATHAN)
    if isinstance(move, mv.Fly):
        return state.position(Piece.ARCHANGEL)
    if isinstance(move, mv.Step):
        creature = _CREATURE_PHASE.get(state.phase)
        return state.position(creature) if creature is not None else None
    return None
