"""A fixed integer encoding of Valandris moves, for frameworks that index actions (OpenSpiel, neural nets).

Decisions get ids in ``range(NUM_ACTIONS)``, stable across versions:

==========  ==========================================
ids         move
==========  ==========================================
0-207       ``Place(piece, v)``: ``52 * piece + v``
208-259     ``Seal(v)``
260-311     ``Step(v)``
312-363     ``Jump(v)``
364-415     ``Fly(v)``
416-571     ``Cross(creature, v)``: ``416 + 52 * creature + v``
572-623     ``DemonMove(v)``
624         ``NoSeal()``
625         ``Stay()``
626-628     ``Declare(creature)``
629         ``Declare(None)``
==========  ==========================================

Chance outcomes have their own ids: ``Roll(face)`` is ``face - 1`` (``range(CHANCE_OUTCOMES)``).
"""

from __future__ import annotations

from typing import Final

from tabletop_rules.core.errors import IllegalMoveError, InvalidMoveError
from tabletop_rules.valandris import moves as mv
from tabletop_rules.valandris.board import NUM_VERTICES
from tabletop_rules.valandris.moves import Move
from tabletop_rules.valandris.state import CREATURES, Piece

__all__ = [
    "CHANCE_OUTCOMES",
    "NUM_ACTIONS",
    "action_to_move",
    "chance_to_move",
    "move_to_action",
    "move_to_chance",
]

_N = NUM_VERTICES
_SEAL, _STEP, _JUMP, _FLY, _CROSS, _DEMON = 208, 260, 312, 364, 416, 572
_NO_SEAL, _STAY, _DECLARE, _DECLARE_NONE = 624, 625, 626, 629
NUM_ACTIONS: Final = 630
CHANCE_OUTCOMES: Final = 12

_DECODE: Final[tuple[Move, ...]] = (
    *(mv.PLACE[p][v] for p in Piece for v in range(_N)),
    *mv.SEAL,
    *mv.STEP,
    *mv.JUMP,
    *mv.FLY,
    *(mv.CROSS[c][v] for c in CREATURES for v in range(_N)),
    *mv.DEMON_MOVE,
    mv.NO_SEAL,
    mv.STAY,
    *mv.DECLARE,
    mv.DECLARE_NONE,
)
assert len(_DECODE) == NUM_ACTIONS


def move_to_action(move: Move) -> int:
    """The id of a decision (raises :class:`InvalidMoveError` for a chance outcome or a non-move)."""
    if isinstance(move, mv.Place):
        return _N * int(move.piece) + move.vertex
    if isinstance(move, mv.Seal):
        return _SEAL + move.vertex
    if isinstance(move, mv.Step):
        return _STEP + move.vertex
    if isinstance(move, mv.Jump):
        return _JUMP + move.vertex
    if isinstance(move, mv.Fly):
        return _FLY + move.vertex
    if isinstance(move, mv.Cross):
        return _CROSS + _N * int(move.creature) + move.vertex
    if isinstance(move, mv.DemonMove):
        return _DEMON + move.vertex
    if isinstance(move, mv.NoSeal):
        return _NO_SEAL
    if isinstance(move, mv.Stay):
        return _STAY
    if isinstance(move, mv.Declare):
        return _DECLARE_NONE if move.creature is None else _DECLARE + int(move.creature)
    raise InvalidMoveError(f"{move!r} is not a Valandris decision")


def action_to_move(action: int) -> Move:
    """The decision with id ``action`` (raises :class:`IllegalMoveError` outside ``range(NUM_ACTIONS)``)."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise IllegalMoveError(f"{action!r} is not a Valandris action id (0..{NUM_ACTIONS - 1})")
    return _DECODE[action]


def move_to_chance(move: Move) -> int:
    """The id of a chance outcome: ``Roll(face)`` is ``face - 1``."""
    if not isinstance(move, mv.Roll):
        raise InvalidMoveError(f"{move!r} is not a Valandris chance outcome")
    return move.face - 1


def chance_to_move(outcome: int) -> Move:
    """The chance outcome with id ``outcome``."""
    if isinstance(outcome, bool) or not isinstance(outcome, int) or not 0 <= outcome < CHANCE_OUTCOMES:
        raise IllegalMoveError(f"{outcome!r} is not a d12 outcome id (0..11)")
    return mv.ROLL[outcome + 1]
