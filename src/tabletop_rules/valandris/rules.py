"""Valandris rules: setup, legal moves and their application.

Each Holy Spirit turn is a sequence of atomic decisions (V-ENGINE-1): the
Leviathan's move (or a crossing), the Unicorn's optional seal, the Unicorn's
step, the Archangel's step or fly, and the declaration.  Phases without a real
choice are applied automatically (V-ENGINE-3).  Every function is pure; the
board is read only through the precomputed tuples of :mod:`.board`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Final

from tabletop_rules.core.errors import IllegalMoveError, InvalidMoveError, InvalidOptionError
from tabletop_rules.core.protocol import CHANCE, Actor
from tabletop_rules.valandris import moves as mv
from tabletop_rules.valandris.board import (
    ABYSS_VERTICES,
    ADJACENT_MASK,
    ANTIPODE,
    CROSS,
    EARTH_VERTICES,
    FLY,
    HEAVEN_VERTICES,
    NAMES,
    SAME,
    WORLD,
    World,
)
from tabletop_rules.valandris.moves import Move
from tabletop_rules.valandris.options import Rules
from tabletop_rules.valandris.state import CREATURES, HOLY_SPIRIT, VALANDRIS, Phase, Piece, State

__all__ = [
    "SETUP_SEALS",
    "apply",
    "chance_outcomes",
    "current_player",
    "demon_destinations",
    "describe_phase",
    "face_vertex",
    "is_terminal",
    "legal_moves",
    "new_game",
    "returns",
]

SETUP_SEALS: Final = 5  # V-SETUP-3
SEAL_TOKENS: Final = 12  # V-POWER-UNI-4
_L, _U, _A = Piece.LEVIATHAN, Piece.UNICORN, Piece.ARCHANGEL
_HEAVEN, _EARTH, _ABYSS = int(World.HEAVEN), int(World.EARTH), int(World.ABYSS)
_ROLL_OUTCOMES: Final = tuple((mv.ROLL[face], Fraction(1, 12)) for face in range(1, 13))
_PLAYER: Final[dict[Phase, Actor]] = {
    **dict.fromkeys(Phase, HOLY_SPIRIT),
    Phase.PLACE_VALANDRIS: VALANDRIS,
    Phase.BONUS: VALANDRIS,
    Phase.VALANDRIS: VALANDRIS,
    Phase.ROLL: CHANCE,
    Phase.OVER: None,
}


def face_vertex(face: int) -> int:
    """The Earth vertex selected by a d12 face: face k is ``E(k-1)`` (V-CHANCE-2, V-RULING-2)."""
    return EARTH_VERTICES[face - 1]


def new_game(options: Rules | None = None) -> State:
    """The empty board before setup; setup is played as moves (V-ENGINE-5).

    Use :func:`~tabletop_rules.valandris.from_position` to start from a given setup.
    """
    rules = Rules() if options is None else options
    if not isinstance(rules, Rules):
        raise InvalidOptionError(f"options must be a valandris.Rules, not {type(rules).__name__}")
    return State(rules, Phase.PLACE_LEVIATHAN, 0, (), None, 0, None)


# --------------------------------------------------------------------------- queries


def current_player(state: State) -> Actor:
    """The Holy Spirit (0), Valandris (1), :data:`~tabletop_rules.core.CHANCE` at a roll, or ``None``."""
    return _PLAYER[state.phase]


def is_terminal(state: State) -> bool:
    return state.phase is Phase.OVER


def returns(state: State) -> tuple[float, float]:
    """Zero-sum returns (V-ENGINE-6): ``(-score, +score)`` for (Holy Spirit, Valandris) at the end."""
    if state.score is None:
        return (0.0, 0.0)
    return (-float(state.score), float(state.score))


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """At a roll, the 12 faces of the d12, each with probability exactly 1/12 (V-CHANCE-1)."""
    return _ROLL_OUTCOMES if state.phase is Phase.ROLL else ()


def legal_moves(state: State) -> tuple[Move, ...]:
    """The decisions of the player to act, in a fixed order (empty at a roll and at the end)."""
    return _LEGAL[state.phase](state)


def demon_destinations(state: State, steps: int = 2) -> tuple[int, ...]:
    """Vertices Valandris can end on in 0..``steps`` legal steps (V-DEMON-1..5), sorted.

    He follows any edge, never enters a sealed vertex or a creature's vertex,
    and passes through a creature only if the rules allow it (V-RULING-4).
    """
    return tuple(_bits(_demon_reach(state, steps)))


def _demon_reach(state: State, steps: int) -> int:
    """:func:`demon_destinations` as a bitset over vertex indices."""
    start = state.demon
    assert start is not None
    sealed = state.sealed
    occupied = 0
    for v in state.creatures:
        occupied |= 1 << v
    closed = sealed | occupied
    near = ADJACENT_MASK[start]
    reach = near & ~closed
    if steps >= 2:
        via = near & ~sealed if state.rules.demon_may_pass_through_creatures else reach
        while via:
            low = via & -via
            reach |= ADJACENT_MASK[low.bit_length() - 1]
            via ^= low
        reach &= ~closed
    return reach | 1 << start


_BYTE_BITS: Final = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))


def _bits(mask: int) -> list[int]:
    """The set bits of ``mask`` in increasing order (a byte at a time, from a table)."""
    out: list[int] = []
    offset = 0
    while mask:
        byte = mask & 0xFF
        if byte:
            out += [offset + i for i in _BYTE_BITS[byte]]
        mask >>= 8
        offset += 8
    return out


def describe_phase(state: State) -> str:
    """A sentence saying what the next decision is, for messages and logs."""
    phase = state.phase
    if phase is Phase.OVER:
        if state.captured:
            return f"the game is over: Valandris was captured in turn {state.score}"
        return f"the game is over: Valandris was not captured (score {state.score})"
    if phase.is_setup:
        return {
            Phase.PLACE_LEVIATHAN: "setup: the Holy Spirit places the Leviathan in the Abyss",
            Phase.PLACE_UNICORN: "setup: the Holy Spirit places the Unicorn on Earth",
            Phase.PLACE_ARCHANGEL: "setup: the Holy Spirit places the Archangel in Heaven",
            Phase.SETUP_SEAL: f"setup: the Holy Spirit seals Earth vertex {len(state.seals) + 1} of 5 "
            "(in increasing order)",
            Phase.SETUP_DECLARE: "setup: the Holy Spirit declares the creature for turn 1",
            Phase.PLACE_VALANDRIS: "setup: Valandris places himself",
        }[phase]
    turn = f"turn {state.turn}: "
    if phase is Phase.LEVIATHAN:
        return turn + f"the Leviathan moves from {NAMES[state.creatures[_L]]}, or a creature crosses worlds"
    if phase is Phase.UNICORN_SEAL:
        return turn + "the Unicorn may seal an Earth vertex"
    if phase is Phase.UNICORN:
        return turn + f"the Unicorn steps from {NAMES[state.creatures[_U]]}"
    if phase is Phase.ARCHANGEL:
        return turn + f"the Archangel moves from {NAMES[state.creatures[_A]]}"
    if phase is Phase.ROLL:
        return turn + "the d12 is rolled"
    if phase is Phase.BONUS:
        return turn + "Valandris takes his bonus step"
    if phase is Phase.DECLARE:
        return turn + "the Holy Spirit declares the creature for its next turn"
    return turn + "Valandris moves up to two steps"


# --------------------------------------------------------------------------- legal moves
# The helpers take the state's fields rather than a state, so that ``apply``
# can decide the next phase before it builds the one new state it returns.


def _targets(creatures: tuple[int, ...], sealed: int, creature: int) -> list[int]:
    """Normal steps of ``creature``: same-world neighbours, unsealed, without a creature (V-HS-4, V-HS-5)."""
    return [x for x in SAME[creatures[creature]] if not sealed >> x & 1 and x not in creatures]


def _jumps(creatures: tuple[int, ...], sealed: int, demon: int | None, declared: Piece | None) -> list[int]:
    """The Leviathan's jump destinations, if it is declared and at home (V-POWER-LEV-1..3, V-ENGINE-2)."""
    lev = creatures[_L]
    if declared is not _L or WORLD[lev] != _ABYSS:
        return []
    far = ANTIPODE[lev]
    if far in creatures:
        return []
    if demon == far:  # the jump captures him; no follow-up step
        return [far]
    return [far, *(y for y in SAME[far] if y not in creatures and not sealed >> y & 1)]


def _flies(creatures: tuple[int, ...], declared: Piece | None) -> list[int]:
    """The Archangel's fly destinations, if it is declared and in Heaven (V-POWER-ARC-1..3)."""
    arc = creatures[_A]
    if declared is not _A or WORLD[arc] != _HEAVEN:
        return []
    return [x for x in FLY[arc] if x not in creatures]


def _sealable(
    rules: Rules, creatures: tuple[int, ...], sealed: int, demon: int | None, declared: Piece | None
) -> list[int]:
    """Earth vertices the declared Unicorn may seal now (V-POWER-UNI-1..3, V-RULING-17)."""
    uni = creatures[_U]
    if declared is not _U or WORLD[uni] != _EARTH or sealed.bit_count() >= SEAL_TOKENS:
        return []
    steps = [x for x in SAME[uni] if not sealed >> x & 1 and x not in creatures]
    if not steps:
        return []
    candidates: Iterable[int] = SAME[uni] if rules.unicorn_seal_range == "adjacent" else EARTH_VERTICES
    own = rules.unicorn_may_seal_own_vertex
    if own:
        candidates = sorted({*candidates, uni})
    # Sealing must leave the Unicorn a legal step: a vertex is excluded only if it is its last one.
    last = steps[0] if len(steps) == 1 else -1
    return [
        e
        for e in candidates
        if not sealed >> e & 1 and e not in (demon, last) and (e not in creatures or (own and e == uni))
    ]


def _crossing_ok(state: State, creature: Piece, target: int) -> bool:
    """Whether ``creature`` may cross to ``target`` instead of a normal turn (V-CROSS-1..3, V-RULING-24)."""
    creatures = state.creatures
    return (
        target in CROSS[creatures[creature]]
        and not state.sealed >> target & 1
        and target not in creatures
        and (target != state.demon or state.rules.crossing_target_may_hold_demon)
    )


def _crossings(state: State) -> list[Move]:
    """Every crossing the Holy Spirit may declare instead of a normal turn."""
    creatures, sealed, demon = state.creatures, state.sealed, state.demon
    demon_ok = state.rules.crossing_target_may_hold_demon
    out: list[Move] = []
    for creature in CREATURES:
        row = mv.CROSS[creature]
        for t in CROSS[creatures[creature]]:
            if sealed >> t & 1 or t in creatures or (t == demon and not demon_ok):
                continue
            out.append(row[t])
    return out


def _legal_leviathan(state: State) -> tuple[Move, ...]:
    creatures, sealed = state.creatures, state.sealed
    out: list[Move] = [mv.STEP[x] for x in _targets(creatures, sealed, _L)]
    out += [mv.JUMP[x] for x in _jumps(creatures, sealed, state.demon, state.declared)]
    if not out:
        out.append(mv.STAY)  # V-ENGINE-3: the first decision also picks normal turn vs crossing
    out += _crossings(state)
    return tuple(out)


def _legal_unicorn_seal(state: State) -> tuple[Move, ...]:
    sealable = _sealable(state.rules, state.creatures, state.sealed, state.demon, state.declared)
    return (*(mv.SEAL[e] for e in sealable), mv.NO_SEAL)


def _legal_unicorn(state: State) -> tuple[Move, ...]:
    return tuple(mv.STEP[x] for x in _targets(state.creatures, state.sealed, _U))


def _legal_archangel(state: State) -> tuple[Move, ...]:
    steps = [mv.STEP[x] for x in _targets(state.creatures, state.sealed, _A)]
    return (*steps, *(mv.FLY[x] for x in _flies(state.creatures, state.declared)))


def _legal_declare(state: State) -> tuple[Move, ...]:
    if state.rules.allow_declare_none:
        return (*mv.DECLARE, mv.DECLARE_NONE)
    return mv.DECLARE


def _legal_setup_seal(state: State) -> tuple[Move, ...]:
    # V-ENGINE-5: seals in increasing vertex order, so each set is reached once;
    # a vertex is offered only if enough larger ones remain to complete the five.
    uni = state.creatures[_U]
    low = max(state.seals, default=-1)
    eligible = [e for e in EARTH_VERTICES if e > low and e != uni]
    needed = SETUP_SEALS - len(state.seals)
    return tuple(mv.SEAL[e] for e in eligible[: len(eligible) - needed + 1])


def _legal_place_demon(state: State) -> tuple[Move, ...]:
    blocked = state.seals.union(state.creatures)
    row = mv.PLACE[Piece.VALANDRIS]
    return tuple(row[v] for v in range(len(NAMES)) if v not in blocked)  # V-SETUP-5, V-RULING-8


def _legal_demon(state: State) -> tuple[Move, ...]:
    row = mv.DEMON_MOVE
    return tuple([row[v] for v in _bits(_demon_reach(state, 2))])


def _legal_bonus(state: State) -> tuple[Move, ...]:
    row = mv.DEMON_MOVE
    return tuple([row[v] for v in _bits(_demon_reach(state, state.rules.crossing_bonus_steps))])


def _none(state: State) -> tuple[Move, ...]:
    return ()


_LEGAL: Final[Mapping[Phase, Callable[[State], tuple[Move, ...]]]] = {
    Phase.PLACE_LEVIATHAN: lambda s: tuple(mv.PLACE[_L][v] for v in ABYSS_VERTICES),
    Phase.PLACE_UNICORN: lambda s: tuple(mv.PLACE[_U][v] for v in EARTH_VERTICES),
    Phase.PLACE_ARCHANGEL: lambda s: tuple(mv.PLACE[_A][v] for v in HEAVEN_VERTICES),
    Phase.SETUP_SEAL: _legal_setup_seal,
    Phase.SETUP_DECLARE: _legal_declare,
    Phase.PLACE_VALANDRIS: _legal_place_demon,
    Phase.LEVIATHAN: _legal_leviathan,
    Phase.UNICORN_SEAL: _legal_unicorn_seal,
    Phase.UNICORN: _legal_unicorn,
    Phase.ARCHANGEL: _legal_archangel,
    Phase.ROLL: _none,
    Phase.BONUS: _legal_bonus,
    Phase.DECLARE: _legal_declare,
    Phase.VALANDRIS: _legal_demon,
    Phase.OVER: _none,
}


# --------------------------------------------------------------------------- legality of one move
# ``apply`` checks the one move it is given without building the whole legal list.


def _is_legal(state: State, move: Move) -> bool:
    phase = state.phase
    if phase is Phase.VALANDRIS or phase is Phase.BONUS:
        steps = 2 if phase is Phase.VALANDRIS else state.rules.crossing_bonus_steps
        if not isinstance(move, mv.DemonMove) or type(move.vertex) is not int or not 0 <= move.vertex < 52:
            return False
        return _demon_reach(state, steps) >> move.vertex & 1 == 1
    creatures, sealed = state.creatures, state.sealed
    if phase is Phase.LEVIATHAN:
        if isinstance(move, mv.Step):
            return move.vertex in _targets(creatures, sealed, _L)
        if isinstance(move, mv.Jump):
            return move.vertex in _jumps(creatures, sealed, state.demon, state.declared)
        if isinstance(move, mv.Cross):
            creature = move.creature
            return (
                type(creature) is Piece
                and creature in CREATURES
                and _crossing_ok(state, creature, move.vertex)
            )
        if isinstance(move, mv.Stay):
            return not _targets(creatures, sealed, _L) and not _jumps(
                creatures, sealed, state.demon, state.declared
            )
        return False
    if phase is Phase.UNICORN:
        return isinstance(move, mv.Step) and move.vertex in _targets(creatures, sealed, _U)
    if phase is Phase.ARCHANGEL:
        if isinstance(move, mv.Step):
            return move.vertex in _targets(creatures, sealed, _A)
        return isinstance(move, mv.Fly) and move.vertex in _flies(creatures, state.declared)
    if phase is Phase.DECLARE or phase is Phase.SETUP_DECLARE:
        if not isinstance(move, mv.Declare):
            return False
        named = move.creature
        if named is None:
            return state.rules.allow_declare_none
        return type(named) is Piece and named in CREATURES
    if phase is Phase.ROLL:
        return isinstance(move, mv.Roll) and type(move.face) is int and 1 <= move.face <= 12
    return move in _LEGAL[phase](state)


# --------------------------------------------------------------------------- apply


def apply(state: State, move: Move) -> State:
    """The state after ``move``, a decision or (at a roll) a :class:`~.moves.Roll`.

    Raises:
        InvalidMoveError: if ``move`` is not a Valandris move object (use
            :func:`~tabletop_rules.valandris.parse_move` for text).
        IllegalMoveError: if the move is not legal here.  The state is unchanged.
    """
    if not isinstance(move, _MOVE_TYPES):
        raise InvalidMoveError(
            f"expected a valandris move object, not {type(move).__name__} {move!r}; "
            "parse text with parse_move"
        )
    if not _is_legal(state, move):
        if state.phase is Phase.ROLL:
            raise IllegalMoveError(f"{move!r} is not a d12 outcome; {describe_phase(state)}")
        raise IllegalMoveError(f"{move!r} is not legal here; {describe_phase(state)}")
    return _APPLY[state.phase](state, move)


def _over(
    state: State,
    creatures: tuple[int, ...],
    demon: int | None,
    sealed: int,
    score: int,
    captured: bool,
    declared: Piece | None,
) -> State:
    return State(
        state.rules, Phase.OVER, state.turn, creatures, demon, sealed, declared, None, score, captured
    )


def _capture(state: State, creatures: tuple[int, ...], demon: int | None = None) -> State:
    """V-HS-9, V-END-1, V-END-2: a creature reached Valandris; the rest of the turn does not happen."""
    at = state.demon if demon is None else demon
    return _over(state, creatures, at, state.sealed, state.turn, True, state.declared)


def _uncaptured(state: State, creatures: tuple[int, ...], sealed: int, declared: Piece | None) -> State:
    """V-END-3 (and V-RULING-12's alternative): the game ends with Valandris free, scoring max_turns + 1."""
    cap = state.rules.max_turns
    assert cap is not None
    return _over(state, creatures, state.demon, sealed, cap + 1, False, declared)


def _continue_turn(state: State, creatures: tuple[int, ...], sealed: int, done: Phase) -> State:
    """The state at the next decision of a normal turn after ``done`` (V-ENGINE-3).

    Phases without a real choice are passed: the seal phase when there is
    nothing to seal, and a Unicorn or Archangel with no legal move, which stays
    (or, under ``blocked_creature="holy_spirit_loses"``, ends the game).
    """
    rules, demon, declared = state.rules, state.demon, state.declared
    loses = rules.blocked_creature == "holy_spirit_loses"
    if done is Phase.LEVIATHAN:
        if _sealable(rules, creatures, sealed, demon, declared):
            return _during(state, Phase.UNICORN_SEAL, creatures, sealed)
        done = Phase.UNICORN_SEAL
    if done is Phase.UNICORN_SEAL:
        if _targets(creatures, sealed, _U):
            return _during(state, Phase.UNICORN, creatures, sealed)
        if loses:  # V-HS-3, V-RULING-12
            return _uncaptured(state, creatures, sealed, declared)
        done = Phase.UNICORN
    if done is Phase.UNICORN:
        if _targets(creatures, sealed, _A) or _flies(creatures, declared):
            return _during(state, Phase.ARCHANGEL, creatures, sealed)
        if loses:
            return _uncaptured(state, creatures, sealed, declared)
    return _during(state, Phase.DECLARE, creatures, sealed)


def _during(state: State, phase: Phase, creatures: tuple[int, ...], sealed: int) -> State:
    return State(state.rules, phase, state.turn, creatures, state.demon, sealed, state.declared)


def _moved(creatures: tuple[int, ...], creature: int, vertex: int) -> tuple[int, ...]:
    if creature == 0:
        return (vertex, creatures[1], creatures[2])
    if creature == 1:
        return (creatures[0], vertex, creatures[2])
    return (creatures[0], creatures[1], vertex)


def _apply_place(state: State, move: Move) -> State:
    assert isinstance(move, mv.Place)
    if move.piece is Piece.VALANDRIS:  # V-SETUP-6: play starts with Holy Spirit turn 1
        return State(
            state.rules, Phase.LEVIATHAN, 1, state.creatures, move.vertex, state.sealed, state.declared
        )
    return State(
        state.rules, Phase(state.phase + 1), 0, (*state.creatures, move.vertex), None, state.sealed, None
    )


def _apply_setup_seal(state: State, move: Move) -> State:
    assert isinstance(move, mv.Seal)
    sealed = state.sealed | 1 << move.vertex
    phase = Phase.SETUP_SEAL
    if sealed.bit_count() == SETUP_SEALS:  # V-SETUP-4, V-RULING-16
        declare = state.rules.first_turn_power == "declared_at_setup"
        phase = Phase.SETUP_DECLARE if declare else Phase.PLACE_VALANDRIS
    return State(state.rules, phase, 0, state.creatures, None, sealed, None)


def _apply_setup_declare(state: State, move: Move) -> State:
    assert isinstance(move, mv.Declare)
    return State(state.rules, Phase.PLACE_VALANDRIS, 0, state.creatures, None, state.sealed, move.creature)


def _apply_leviathan(state: State, move: Move) -> State:
    creatures = state.creatures
    if isinstance(move, mv.Cross):
        rolls = move.creature is not _U  # V-CROSS-5, V-CROSS-6, V-RULING-26
        return State(
            state.rules,
            Phase.ROLL if rolls else Phase.BONUS,
            state.turn,
            creatures,
            state.demon,
            state.sealed,
            state.declared,
            (move.creature, move.vertex),
        )
    if isinstance(move, mv.Stay):
        if state.rules.blocked_creature == "holy_spirit_loses":
            return _uncaptured(state, creatures, state.sealed, state.declared)
        return _continue_turn(state, creatures, state.sealed, Phase.LEVIATHAN)
    assert isinstance(move, mv.Step | mv.Jump)
    creatures = _moved(creatures, _L, move.vertex)
    if move.vertex == state.demon:
        return _capture(state, creatures)
    return _continue_turn(state, creatures, state.sealed, Phase.LEVIATHAN)


def _apply_unicorn_seal(state: State, move: Move) -> State:
    sealed = state.sealed | 1 << move.vertex if isinstance(move, mv.Seal) else state.sealed
    return _continue_turn(state, state.creatures, sealed, Phase.UNICORN_SEAL)


def _apply_unicorn(state: State, move: Move) -> State:
    assert isinstance(move, mv.Step)
    creatures = _moved(state.creatures, _U, move.vertex)
    if move.vertex == state.demon:
        return _capture(state, creatures)
    return _continue_turn(state, creatures, state.sealed, Phase.UNICORN)


def _apply_archangel(state: State, move: Move) -> State:
    assert isinstance(move, mv.Step | mv.Fly)
    creatures = _moved(state.creatures, _A, move.vertex)
    if move.vertex == state.demon:
        return _capture(state, creatures)
    return _during(state, Phase.DECLARE, creatures, state.sealed)


def _apply_roll(state: State, move: Move) -> State:
    """V-CROSS-5, V-CHANCE-3: the face's Earth vertex loses its seal, if it has one."""
    assert isinstance(move, mv.Roll)
    vertex = EARTH_VERTICES[move.face - 1]
    sealed = state.sealed & ~(1 << vertex)
    return State(
        state.rules,
        Phase.BONUS,
        state.turn,
        state.creatures,
        state.demon,
        sealed,
        state.declared,
        state.crossing,
    )


def _apply_bonus(state: State, move: Move) -> State:
    """V-CROSS-4, V-CROSS-7: the bonus step, then the crossing creature moves to its target."""
    assert isinstance(move, mv.DemonMove)
    assert state.crossing is not None
    creature, target = state.crossing
    creatures = _moved(state.creatures, creature, target)
    if target == move.vertex:
        return _capture(state, creatures, move.vertex)
    return State(state.rules, Phase.DECLARE, state.turn, creatures, move.vertex, state.sealed, state.declared)


def _apply_declare(state: State, move: Move) -> State:
    assert isinstance(move, mv.Declare)
    cap = state.rules.max_turns
    if cap is not None and state.turn >= cap:  # V-END-3: the capped turn is complete
        return _uncaptured(state, state.creatures, state.sealed, move.creature)
    return State(
        state.rules, Phase.VALANDRIS, state.turn, state.creatures, state.demon, state.sealed, move.creature
    )


def _apply_demon(state: State, move: Move) -> State:
    assert isinstance(move, mv.DemonMove)
    return State(
        state.rules,
        Phase.LEVIATHAN,
        state.turn + 1,
        state.creatures,
        move.vertex,
        state.sealed,
        state.declared,
    )


_APPLY: Final[Mapping[Phase, Callable[[State, Move], State]]] = {
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
_MOVE_TYPES: Final = (
    mv.Place,
    mv.Seal,
    mv.NoSeal,
    mv.Step,
    mv.Stay,
    mv.Jump,
    mv.Fly,
    mv.Cross,
    mv.Roll,
    mv.Declare,
    mv.DemonMove,
)
