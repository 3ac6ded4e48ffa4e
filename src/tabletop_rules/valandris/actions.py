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

Every function takes the state first, as in every game of the library; the
Valandris ids do not depend on it (only `max_game_length` reads its options).

`legal_action_mask(state, out=None)` (the `arrays` extra: numpy) gives the legal decisions as a
`numpy.int8` array of `NUM_ACTIONS`: 1 at the id of each move of `legal_moves(state)`, 0
elsewhere, so all zero at a roll (a chance node: no decision) and once the game is over.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from tabletop_rules.core.arrays import Int8Array, int8_row
from tabletop_rules.core.errors import InvalidMoveError, InvalidStateError
from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.shapes import check_id
from tabletop_rules.valandris import moves as mv
from tabletop_rules.valandris.board import CREATURES, NUM_VERTICES, Piece
from tabletop_rules.valandris.moves import Move, malformed, well_formed
from tabletop_rules.valandris.rules import legal_moves
from tabletop_rules.valandris.state import State

__all__ = [
    "CHANCE_OUTCOMES",
    "NUM_ACTIONS",
    "action_to_move",
    "chance_to_move",
    "legal_action_ids",
    "legal_action_mask",
    "max_game_length",
    "move_to_action",
    "move_to_chance",
    "num_actions",
    "num_chance_outcomes",
]

_N = NUM_VERTICES
_SEAL, _STEP, _JUMP, _FLY, _CROSS, _DEMON = 208, 260, 312, 364, 416, 572
_NO_SEAL, _STAY, _DECLARE, _DECLARE_NONE = 624, 625, 626, 629
NUM_ACTIONS: Final = 630
"""The number of decision ids (`num_actions` of every state)."""
CHANCE_OUTCOMES: Final = 12
"""The number of chance outcome ids: the faces of the d12."""
SETUP_MOVES: Final = 10
"""Setup: three placements, five seals, one declaration and Valandris' placement (V-ENGINE-5)."""
MOVES_PER_TURN: Final = 6
"""At most six atomic moves a turn: a normal turn with a seal, or a crossing with a roll and a bonus step."""

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


def move_to_action(state: State, move: Move) -> int:
    """The id of a decision.

    Raises:
        InvalidMoveError: for a chance outcome or anything that is not a Valandris decision with
            fields of the exact types (a float, a `bool`, a numpy integer, a subclass or a look-alike
            object is refused, as by `check_move`).
    """
    encode = _ENCODE.get(type(move))
    if encode is not None and well_formed(move):
        return encode(move)
    if type(move) is mv.Roll:
        raise InvalidMoveError(f"{brief(move)} is a chance outcome, not a decision; use move_to_chance")
    raise InvalidMoveError(malformed(move))


_ENCODE: Final[Mapping[type, Callable[[Any], int]]] = frozen_mapping(
    {
        mv.Place: lambda m: _N * int(m.piece) + m.vertex,
        mv.Seal: lambda m: _SEAL + m.vertex,
        mv.Step: lambda m: _STEP + m.vertex,
        mv.Jump: lambda m: _JUMP + m.vertex,
        mv.Fly: lambda m: _FLY + m.vertex,
        mv.Cross: lambda m: _CROSS + _N * int(m.creature) + m.vertex,
        mv.DemonMove: lambda m: _DEMON + m.vertex,
        mv.NoSeal: lambda m: _NO_SEAL,
        mv.Stay: lambda m: _STAY,
        mv.Declare: lambda m: _DECLARE_NONE if m.creature is None else _DECLARE + int(m.creature),
    }
)


def action_to_move(state: State, action: int) -> Move:
    """The decision with id `action` (which may not be legal in `state`: `check_move` says).

    Raises:
        InvalidMoveError: if `action` is not an `int` in `range(NUM_ACTIONS)` (a `bool`, a float
            or a numpy integer is refused).
    """
    return _DECODE[check_id(action, NUM_ACTIONS, "Valandris action id")]


def num_actions(state: State) -> int:
    """The number of decision ids: `NUM_ACTIONS`, whatever the options."""
    return NUM_ACTIONS


def move_to_chance(state: State, move: Move) -> int:
    """The id of a chance outcome: `Roll(face)` is `face - 1`.

    Raises:
        InvalidMoveError: if `move` is not a `Roll`.
    """
    if type(move) is not mv.Roll or not well_formed(move):
        raise InvalidMoveError(f"{brief(move)} is not a Valandris chance outcome (a Roll, face an int 1..12)")
    return move.face - 1


def chance_to_move(state: State, outcome: int) -> Move:
    """The chance outcome with id `outcome`.

    Raises:
        InvalidMoveError: if `outcome` is not an `int` in `range(CHANCE_OUTCOMES)`.
    """
    return mv.ROLL[check_id(outcome, CHANCE_OUTCOMES, "d12 outcome id") + 1]


def num_chance_outcomes(state: State) -> int:
    """The number of chance outcome ids: `CHANCE_OUTCOMES` (the d12)."""
    return CHANCE_OUTCOMES


def max_game_length(state: State) -> int | None:
    """The most atomic moves (decisions and chance outcomes) a game under `state.options` can have.

    `None` when the options set no turn cap (`max_turns=None`): the game is then unbounded.
    """
    cap = state.options.max_turns
    return None if cap is None else SETUP_MOVES + MOVES_PER_TURN * cap


# Speed: `legal_moves` only hands out the shared move objects of `moves` (the tables `_DECODE` is
# built from), so the legal ids are looked up by identity: `id(move)` in a dict of ints (a plain
# dict: a read-only proxy costs 25 % more a lookup), where `move_to_action` checks each move's
# exact shape and hashes the frozen record (three times the instructions). The keys stay valid
# because `_DECODE` keeps every one of those objects alive; any other object (none today) goes
# through `move_to_action`. Moves from the engine need no exact-type check.
_ACTION_OF: Final[dict[int, int]] = {id(move): a for a, move in enumerate(_DECODE)}


def _check_state(state: object, what: str) -> None:
    if type(state) is not State:
        raise InvalidStateError(f"{what}: expected a valandris State, not {brief(state)}")


def legal_action_ids(state: State) -> list[int]:
    """The ids of the legal decisions of `state`, ascending; empty at a roll and once the game is over.

    The same ids as `sorted(move_to_action(state, m) for m in legal_moves(state))` (OpenSpiel's
    `legal_actions`), without checking the engine's own moves as a caller's.

    Raises:
        InvalidStateError: `state` is not a Valandris `State`.
    """
    _check_state(state, "legal_action_ids")
    moves = legal_moves(state)
    try:
        return sorted([_ACTION_OF[id(move)] for move in moves])
    except KeyError:  # a move that is not one of the shared objects (none today)
        return sorted([move_to_action(state, move) for move in moves])


def legal_action_mask(state: State, out: object = None) -> Int8Array:
    """The legal decisions of `state` as a `numpy.int8` array of `NUM_ACTIONS` (1 = legal).

    All zero at a roll (chance acts, no player decides) and once the game is over, as
    `legal_moves` is empty there.

    Args:
        state: a Valandris state.
        out: `None` for a new array, or a writeable C-contiguous `int8` array of shape
            `(NUM_ACTIONS,)` to write into (it is cleared first).

    Returns:
        The array written (`out` itself when given).

    Raises:
        InvalidStateError: `state` is not a Valandris `State`.
        InvalidRequestError: `out` is not such an array.
        ImportError: numpy is not installed (the `arrays` extra).
    """
    _check_state(state, "legal_action_mask")
    row = int8_row(out, NUM_ACTIONS, "legal_action_mask")
    moves = legal_moves(state)
    action_of = _ACTION_OF
    # One store per legal move: a Python loop of stores beats one fancy-index store
    # (`row[ids] = 1`) up to about 25 moves (numpy 2.4: 0.6 us against 1.2 us for 12), and
    # Valandris offers 3 to 27 (deciles of random play; 12 on average).
    try:
        for move in moves:
            row[action_of[id(move)]] = 1
    except KeyError:  # a move that is not one of the shared objects (none today)
        for move in moves:
            row[move_to_action(state, move)] = 1
    return row
