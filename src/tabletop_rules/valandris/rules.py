"""Valandris rules: setup, legal moves, checking a move and applying it.

Each Holy Spirit turn is a sequence of atomic decisions (V-ENGINE-1): the
Leviathan's move (or a crossing), the Unicorn's optional seal, the Unicorn's
step, the Archangel's step or fly, and the declaration.  Phases without a real
choice are applied automatically (V-ENGINE-3).  Every function is pure; where
the pieces may go is computed in `reach` from the precomputed tuples of `board`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, Final

from tabletop_rules.core.errors import (
    GameNotOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
)
from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.protocol import CHANCE, Actor
from tabletop_rules.valandris import moves as mv
from tabletop_rules.valandris.board import CREATURES, EARTH_VERTICES, NUM_VERTICES, WORLD, Piece
from tabletop_rules.valandris.moves import Move, malformed, vertex_of, well_formed
from tabletop_rules.valandris.options import Options
from tabletop_rules.valandris.reach import (
    LEGAL_MOVES,
    SEAL_TOKENS,
    SETUP_SEALS,
    archangel_flies,
    bits,
    can_step,
    crossing_ok,
    demon_can_reach,
    demon_reach,
    leviathan_jumps,
    occupied,
    setup_seal_choices,
    step_ok,
    unicorn_seals,
)
from tabletop_rules.valandris.state import HOLY_SPIRIT, VALANDRIS, Phase, State, successor
from tabletop_rules.valandris.views import describe_phase

__all__ = [
    "RULES_VERSION",
    "SEAL_TOKENS",
    "SETUP_SEALS",
    "apply",
    "chance_outcomes",
    "check_move",
    "current_player",
    "demon_destinations",
    "face_vertex",
    "is_legal",
    "is_terminal",
    "legal_moves",
    "new_game",
    "outcome",
    "returns",
]

RULES_VERSION: Final = 1
"""The behaviour version of these rules: it changes when play changes, never on a refactor."""

_L, _U, _A, _V = Piece.LEVIATHAN, Piece.UNICORN, Piece.ARCHANGEL, Piece.VALANDRIS
# Speed: reading an enum member (`Phase.OVER`) goes through the enum class's attribute machinery,
# about 0.2 µs in CPython 3.11, as long as a dict lookup and a comparison together; the per-move code
# below compares and builds phases through these module-level names instead.
_LEVIATHAN, _UNICORN_SEAL, _UNICORN, _ARCHANGEL = (
    Phase.LEVIATHAN,
    Phase.UNICORN_SEAL,
    Phase.UNICORN,
    Phase.ARCHANGEL,
)
_ROLL, _BONUS, _DECLARE, _VALANDRIS, _OVER = (
    Phase.ROLL,
    Phase.BONUS,
    Phase.DECLARE,
    Phase.VALANDRIS,
    Phase.OVER,
)
_ROLL_OUTCOMES: Final = tuple((mv.ROLL[face], Fraction(1, 12)) for face in range(1, 13))
_PLAYER: Final[Mapping[Phase, Actor]] = frozen_mapping(
    {
        **dict.fromkeys(Phase, HOLY_SPIRIT),
        Phase.PLACE_VALANDRIS: VALANDRIS,
        Phase.BONUS: VALANDRIS,
        Phase.VALANDRIS: VALANDRIS,
        Phase.ROLL: CHANCE,
        Phase.OVER: None,
    }
)


def face_vertex(face: int) -> int:
    """The Earth vertex selected by a d12 face: face k is `E(k-1)` (V-CHANCE-2, V-RULING-2)."""
    return EARTH_VERTICES[face - 1]


def new_game(options: Options | Mapping[str, Any] | None = None, *, players: object = None) -> State:
    """The empty board before setup; setup is played as moves (V-ENGINE-5).

    Use `from_position` to start from a given setup.

    Args:
        options: an `Options`, a dict of its fields, or `None` for the spec's rulings.
        players: 2 (the Holy Spirit and Valandris) or `None`.

    Raises:
        InvalidOptionError: on bad options or a player count other than 2.
    """
    if players is not None and (type(players) is not int or players != 2):
        raise InvalidOptionError(f"Valandris is played by exactly 2 players, not {brief(players)}")
    return State(
        options=Options.coerce(options),
        phase=Phase.PLACE_LEVIATHAN,
        turn=0,
        creatures=(),
        demon=None,
        sealed=0,
        declared=None,
    )


# --------------------------------------------------------------------------- queries


def current_player(state: State) -> Actor:
    """The Holy Spirit (0), Valandris (1), `core.CHANCE` at a roll, or `None` once the game is over."""
    return _PLAYER[state.phase]


def is_terminal(state: State) -> bool:
    """Whether the game is over (V-END-1, V-END-3)."""
    return state.phase is _OVER


def returns(state: State) -> tuple[float, float]:
    """Zero-sum returns (V-ENGINE-6): `(-score, +score)` for (Holy Spirit, Valandris) at the end."""
    if state.score is None:
        return (0.0, 0.0)
    return (-float(state.score), float(state.score))


def outcome(state: State) -> dict[str, int | str | bool | None]:
    """How a finished game ended, for simulations: score, capture, and the capturing creature.

    Raises:
        GameNotOverError: if the game is not over.
    """
    if state.score is None:
        raise GameNotOverError(f"the Valandris game is not over: {describe_phase(state)}")
    catcher = next((c for c in CREATURES if state.captured and state.position(c) == state.demon), None)
    return {
        "score": state.score,
        "captured": state.captured,
        "captured_by": catcher.name.lower() if catcher is not None else None,
    }


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """At a roll, the 12 faces of the d12, each with probability exactly 1/12 (V-CHANCE-1)."""
    return _ROLL_OUTCOMES if state.phase is _ROLL else ()


# The last state asked and its moves, one pair replaced in one store (REL-THREADS-1), as in the other games:
# an encoder, an adapter or a search asks for the moves of the state the caller has just listed.
_LAST: Final[list[tuple[object, tuple[Move, ...]]]] = [(None, ())]


def legal_moves(state: State) -> tuple[Move, ...]:
    """The decisions of the player to act, in a fixed order (empty at a roll and at the end)."""
    last = _LAST[0]
    if last[0] is state:
        return last[1]
    moves = LEGAL_MOVES[state.phase](state)
    _LAST[0] = (state, moves)
    return moves


def demon_destinations(state: State, steps: int = 2) -> tuple[int, ...]:
    """Vertices Valandris can end on in 0..`steps` legal steps (V-DEMON-1..5), sorted.

    He follows any edge, never enters a sealed vertex or a creature's vertex,
    and passes through a creature only if the options allow it (V-RULING-4).
    """
    return tuple(bits(demon_reach(state, steps)))


# --------------------------------------------------------------------------- checking one move
# `apply` checks only the one move it is given, with the checker of the state's phase, which reads
# like the clause it enforces.  Speed: each checker tests the move's exact type itself (a vertex is
# an `int` in range, never a `bool`, a float or a numpy integer), so a legal move costs one call and
# no list is built; only a refused move is looked at again (`well_formed`) to choose between
# `InvalidMoveError` and `IllegalMoveError`.  The tests check every checker against `legal_moves`.


_PLACED: Final = {
    Phase.PLACE_LEVIATHAN: _L,
    Phase.PLACE_UNICORN: _U,
    Phase.PLACE_ARCHANGEL: _A,
    Phase.PLACE_VALANDRIS: _V,
}


def _check_place(state: State, move: Move) -> bool:
    if type(move) is not mv.Place or not well_formed(move) or move.piece is not _PLACED[state.phase]:
        return False  # V-SETUP-2, V-SETUP-5: the Leviathan, the Unicorn, the Archangel, then Valandris
    if move.piece is not _V:  # V-SETUP-2: each creature in its own world
        return WORLD[move.vertex] == move.piece.home
    return not (state.sealed | occupied(state.creatures)) >> move.vertex & 1  # V-SETUP-5, V-RULING-8


def _check_setup_seal(state: State, move: Move) -> bool:
    target = vertex_of(move, mv.Seal)
    return target >= 0 and target in setup_seal_choices(state)


def _check_unicorn_seal(state: State, move: Move) -> bool:
    if type(move) is mv.NoSeal:  # V-POWER-UNI-1: the power is optional
        return True
    target = vertex_of(move, mv.Seal)
    options, creatures, sealed = state.options, state.creatures, state.sealed
    return target >= 0 and target in unicorn_seals(options, creatures, sealed, state.demon, state.declared)


def _check_leviathan(state: State, move: Move) -> bool:
    creatures, sealed = state.creatures, state.sealed
    kind = type(move)
    if kind is mv.Step:  # V-HS-4, V-HS-5
        target = vertex_of(move, mv.Step)
        return target >= 0 and step_ok(creatures, sealed, _L, target)
    if kind is mv.Cross:  # V-CROSS-1..3
        # A caller's move: its fields are read untyped, then checked exactly (see `_check_roll`), into
        # names of their own (a compiled function gives each local name one type: `target` is an int).
        fields: Any = move
        crosser, to = fields.creature, fields.vertex
        return (
            type(crosser) is Piece
            and crosser is not _V
            and type(to) is int
            and 0 <= to < NUM_VERTICES
            and crossing_ok(state, crosser, to)
        )
    if kind is mv.Jump:  # V-POWER-LEV-1..3
        target = vertex_of(move, mv.Jump)
        return target >= 0 and target in leviathan_jumps(creatures, sealed, state.demon, state.declared)
    if kind is mv.Stay:  # V-RULING-12: only a Leviathan without any move stays
        return not can_step(creatures, sealed, _L) and not leviathan_jumps(
            creatures, sealed, state.demon, state.declared
        )
    return False


def _check_unicorn(state: State, move: Move) -> bool:
    target = vertex_of(move, mv.Step)  # V-HS-4, V-HS-5
    return target >= 0 and step_ok(state.creatures, state.sealed, _U, target)


def _check_archangel(state: State, move: Move) -> bool:
    if type(move) is mv.Fly:  # V-POWER-ARC-1..3
        target = vertex_of(move, mv.Fly)
        return target >= 0 and target in archangel_flies(state.creatures, state.declared)
    target = vertex_of(move, mv.Step)  # V-HS-4, V-HS-5
    return target >= 0 and step_ok(state.creatures, state.sealed, _A, target)


def _check_roll(state: State, move: Move) -> bool:
    """V-CHANCE-1: a d12 face, exactly.

    The fields of a caller's move are read through `Any`, as they are: a typed read (`move.face`, an
    `int`) is checked, and coerced, by the compiled build, where a `bool` passes as an `int` and
    another type raises a bare `TypeError` before the exact-type check below can refuse it.
    """
    if type(move) is not mv.Roll:
        return False
    fields: Any = move
    face = fields.face
    return type(face) is int and 1 <= face <= 12


def _check_bonus(state: State, move: Move) -> bool:
    target = vertex_of(move, mv.DemonMove)  # V-CROSS-4, V-RULING-7
    return target >= 0 and demon_can_reach(state, state.options.crossing_bonus_steps, target)


def _check_declare(state: State, move: Move) -> bool:
    if type(move) is not mv.Declare:  # V-HS-8, V-RULING-15
        return False
    fields: Any = move  # a caller's move: fields read untyped, then checked exactly (see `_check_roll`)
    creature = fields.creature
    if creature is None:
        return state.options.allow_declare_none
    return type(creature) is Piece and creature is not _V


def _check_demon(state: State, move: Move) -> bool:
    target = vertex_of(move, mv.DemonMove)  # V-DEMON-1..5
    return target >= 0 and demon_can_reach(state, 2, target)


def _check_none(state: State, move: Move) -> bool:
    return False


_CHECK: Final[Mapping[Phase, Callable[[State, Move], bool]]] = frozen_mapping(
    {
        Phase.PLACE_LEVIATHAN: _check_place,
        Phase.PLACE_UNICORN: _check_place,
        Phase.PLACE_ARCHANGEL: _check_place,
        Phase.SETUP_SEAL: _check_setup_seal,
        Phase.SETUP_DECLARE: _check_declare,
        Phase.PLACE_VALANDRIS: _check_place,
        Phase.LEVIATHAN: _check_leviathan,
        Phase.UNICORN_SEAL: _check_unicorn_seal,
        Phase.UNICORN: _check_unicorn,
        Phase.ARCHANGEL: _check_archangel,
        Phase.ROLL: _check_roll,
        Phase.BONUS: _check_bonus,
        Phase.DECLARE: _check_declare,
        Phase.VALANDRIS: _check_demon,
        Phase.OVER: _check_none,
    }
)


def check_move(state: State, move: Move) -> None:
    """Check that `move` is a legal decision (or, at a roll, a d12 outcome) in `state`.

    Raises:
        InvalidMoveError: if `move` is not a Valandris move object with fields of
            the exact types (use `parse_move` for text).
        IllegalMoveError: if the move is not legal here.
    """
    if _CHECK[state.phase](state, move):
        return
    if not well_formed(move):
        raise InvalidMoveError(malformed(move))
    if state.phase is _ROLL:
        raise IllegalMoveError(f"{brief(move)} is not a d12 outcome; {describe_phase(state)}")
    raise IllegalMoveError(f"{brief(move)} is not legal here; {describe_phase(state)}")


def is_legal(state: State, move: Move) -> bool:
    """Whether `apply(state, move)` would succeed: `check_move` as a bool."""
    return _CHECK[state.phase](state, move)


# --------------------------------------------------------------------------- apply


def apply(state: State, move: Move) -> State:
    """The state after `move`, a decision or (at a roll) a `Roll`.

    Raises:
        InvalidMoveError: if `move` is not a Valandris move object (use
            `parse_move` for text).
        IllegalMoveError: if the move is not legal here.  The state is unchanged.
    """
    phase = state.phase
    if not _CHECK[phase](state, move):
        check_move(state, move)  # raises the error that says why
    return _APPLY[phase](state, move)


# The next state is built by `_next` (and the two ends) with `state.successor`, every field named, rather
# than with the constructor or `core.frozen.evolve`: a move makes one state, and `successor` fills it with
# plain slot stores (see its measurement there).


def _next(
    state: State,
    phase: Phase,
    *,
    turn: int,
    creatures: tuple[int, ...],
    demon: int | None,
    sealed: int,
    declared: Piece | None,
    crossing: tuple[Piece, int] | None,
) -> State:
    """`state` at `phase` with these fields; its options, score and capture are kept."""
    return successor(
        state,
        phase=phase,
        turn=turn,
        creatures=creatures,
        demon=demon,
        sealed=sealed,
        declared=declared,
        crossing=crossing,
        score=state.score,
        captured=state.captured,
    )


def _capture(state: State, creatures: tuple[int, ...], demon: int | None = None) -> State:
    """V-HS-9, V-END-1, V-END-2: a creature reached Valandris; the rest of the turn does not happen."""
    return successor(
        state,
        phase=_OVER,
        turn=state.turn,
        creatures=creatures,
        demon=state.demon if demon is None else demon,
        sealed=state.sealed,
        declared=state.declared,
        crossing=None,
        score=state.turn,
        captured=True,
    )


def _uncaptured(state: State, creatures: tuple[int, ...], sealed: int, declared: Piece | None) -> State:
    """V-END-3 (and V-RULING-12's alternative): the game ends with Valandris free, scoring max_turns + 1."""
    cap = state.options.max_turns
    assert cap is not None
    return successor(
        state,
        phase=_OVER,
        turn=state.turn,
        creatures=creatures,
        demon=state.demon,
        sealed=sealed,
        declared=declared,
        crossing=None,
        score=cap + 1,
        captured=False,
    )


def _continue_turn(state: State, creatures: tuple[int, ...], sealed: int, done: Phase) -> State:
    """The state at the next decision of a normal turn after `done` (V-ENGINE-3).

    Phases without a real choice are passed: the seal phase when there is
    nothing to seal, and a Unicorn or Archangel with no legal move, which stays
    (or, under `blocked_creature="holy_spirit_loses"`, ends the game).
    """
    options, demon, declared = state.options, state.demon, state.declared
    loses = options.blocked_creature == "holy_spirit_loses"
    if done is _LEVIATHAN:
        if unicorn_seals(options, creatures, sealed, demon, declared):
            return _during(state, _UNICORN_SEAL, creatures, sealed)
        done = _UNICORN_SEAL
    if done is _UNICORN_SEAL:
        if can_step(creatures, sealed, _U):
            return _during(state, _UNICORN, creatures, sealed)
        if loses:  # V-HS-3, V-RULING-12
            return _uncaptured(state, creatures, sealed, declared)
        done = _UNICORN
    if done is _UNICORN:
        if can_step(creatures, sealed, _A) or archangel_flies(creatures, declared):
            return _during(state, _ARCHANGEL, creatures, sealed)
        if loses:
            return _uncaptured(state, creatures, sealed, declared)
    return _during(state, _DECLARE, creatures, sealed)


def _during(state: State, phase: Phase, creatures: tuple[int, ...], sealed: int) -> State:
    return _next(state, phase, turn=state.turn, creatures=creatures, demon=state.demon, sealed=sealed,
                 declared=state.declared, crossing=None)


def _moved(creatures: tuple[int, ...], creature: int, vertex: int) -> tuple[int, ...]:
    if creature == 0:
        return (vertex, creatures[1], creatures[2])
    if creature == 1:
        return (creatures[0], vertex, creatures[2])
    return (creatures[0], creatures[1], vertex)


def _apply_place(state: State, move: Move) -> State:
    assert isinstance(move, mv.Place)
    if move.piece is Piece.VALANDRIS:  # V-SETUP-6: play starts with Holy Spirit turn 1
        return _next(state, _LEVIATHAN, turn=1, creatures=state.creatures, demon=move.vertex,
                     sealed=state.sealed, declared=state.declared, crossing=state.crossing)
    return _next(state, Phase(state.phase + 1), turn=state.turn, creatures=(*state.creatures, move.vertex),
                 demon=state.demon, sealed=state.sealed, declared=state.declared, crossing=state.crossing)


def _apply_setup_seal(state: State, move: Move) -> State:
    assert isinstance(move, mv.Seal)
    sealed = state.sealed | 1 << move.vertex
    phase = Phase.SETUP_SEAL
    if sealed.bit_count() == SETUP_SEALS:  # V-SETUP-4, V-RULING-16
        declare = state.options.first_turn_power == "declared_at_setup"
        phase = Phase.SETUP_DECLARE if declare else Phase.PLACE_VALANDRIS
    return _next(state, phase, turn=state.turn, creatures=state.creatures, demon=state.demon, sealed=sealed,
                 declared=state.declared, crossing=state.crossing)


def _apply_setup_declare(state: State, move: Move) -> State:
    assert isinstance(move, mv.Declare)
    return _next(state, Phase.PLACE_VALANDRIS, turn=state.turn, creatures=state.creatures, demon=state.demon,
                 sealed=state.sealed, declared=move.creature, crossing=state.crossing)


def _apply_leviathan(state: State, move: Move) -> State:
    creatures = state.creatures
    if isinstance(move, mv.Cross):
        rolls = move.creature is not _U  # V-CROSS-5, V-CROSS-6, V-RULING-26
        return _next(state, _ROLL if rolls else _BONUS, turn=state.turn, creatures=creatures,
                     demon=state.demon, sealed=state.sealed, declared=state.declared,
                     crossing=(move.creature, move.vertex))
    if isinstance(move, mv.Stay):
        if state.options.blocked_creature == "holy_spirit_loses":
            return _uncaptured(state, creatures, state.sealed, state.declared)
        return _continue_turn(state, creatures, state.sealed, _LEVIATHAN)
    assert isinstance(move, mv.Step | mv.Jump)
    creatures = _moved(creatures, _L, move.vertex)
    if move.vertex == state.demon:
        return _capture(state, creatures)
    return _continue_turn(state, creatures, state.sealed, _LEVIATHAN)


def _apply_unicorn_seal(state: State, move: Move) -> State:
    sealed = state.sealed | 1 << move.vertex if isinstance(move, mv.Seal) else state.sealed
    return _continue_turn(state, state.creatures, sealed, _UNICORN_SEAL)


def _apply_unicorn(state: State, move: Move) -> State:
    assert isinstance(move, mv.Step)
    creatures = _moved(state.creatures, _U, move.vertex)
    if move.vertex == state.demon:
        return _capture(state, creatures)
    return _continue_turn(state, creatures, state.sealed, _UNICORN)


def _apply_archangel(state: State, move: Move) -> State:
    assert isinstance(move, mv.Step | mv.Fly)
    creatures = _moved(state.creatures, _A, move.vertex)
    if move.vertex == state.demon:
        return _capture(state, creatures)
    return _during(state, _DECLARE, creatures, state.sealed)


def _apply_roll(state: State, move: Move) -> State:
    """V-CROSS-5, V-CHANCE-3: the face's Earth vertex loses its seal, if it has one."""
    assert isinstance(move, mv.Roll)
    vertex = EARTH_VERTICES[move.face - 1]
    return _next(state, _BONUS, turn=state.turn, creatures=state.creatures, demon=state.demon,
                 sealed=state.sealed & ~(1 << vertex), declared=state.declared, crossing=state.crossing)


def _apply_bonus(state: State, move: Move) -> State:
    """V-CROSS-4, V-CROSS-7: the bonus step, then the crossing creature moves to its target."""
    assert isinstance(move, mv.DemonMove)
    assert state.crossing is not None
    creature, target = state.crossing
    creatures = _moved(state.creatures, creature, target)
    if target == move.vertex:
        return _capture(state, creatures, move.vertex)
    return _next(state, _DECLARE, turn=state.turn, creatures=creatures, demon=move.vertex,
                 sealed=state.sealed, declared=state.declared, crossing=None)


def _apply_declare(state: State, move: Move) -> State:
    assert isinstance(move, mv.Declare)
    cap = state.options.max_turns
    if cap is not None and state.turn >= cap:  # V-END-3: the capped turn is complete
        return _uncaptured(state, state.creatures, state.sealed, move.creature)
    return _next(state, _VALANDRIS, turn=state.turn, creatures=state.creatures, demon=state.demon,
                 sealed=state.sealed, declared=move.creature, crossing=state.crossing)


def _apply_demon(state: State, move: Move) -> State:
    assert isinstance(move, mv.DemonMove)
    return _next(state, _LEVIATHAN, turn=state.turn + 1, creatures=state.creatures, demon=move.vertex,
                 sealed=state.sealed, declared=state.declared, crossing=state.crossing)


_APPLY: Final[Mapping[Phase, Callable[[State, Move], State]]] = frozen_mapping(
    {
        Phase.PLACE_LEVIATHAN: _apply_place,
        Phase.PLACE_UNICORN: _apply_place,
        Phase.PLACE_ARCHANGEL: _apply_place,
        Phase.SETUP_SEAL: _apply_setup_seal,
        Phase.SETUP_DECLARE: _apply_setup_declare,
        Phase.PLACE_VALANDRIS: _apply_place,
        Phase.LEVIATHAN: _apply_leviathan,
        Phase.UNICORN_SEAL: _apply_unicorn_seal,
        Phase.UNICORN: _apply_unicorn,
        Phase.ARCHANGEL: _apply_archangel,
        Phase.ROLL: _apply_roll,
        Phase.BONUS: _apply_bonus,
        Phase.DECLARE: _apply_declare,
        Phase.VALANDRIS: _apply_demon,
    }
)
