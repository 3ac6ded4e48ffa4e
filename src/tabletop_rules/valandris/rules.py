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

import attrs

from tabletop_rules.core.errors import IllegalMoveError, InvalidMoveError, InvalidOptionError
from tabletop_rules.core.protocol import CHANCE, Actor
from tabletop_rules.valandris import moves as mv
from tabletop_rules.valandris.board import (
    ABYSS_VERTICES,
    ADJACENT,
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
_EARTH = int(World.EARTH)
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
    return State(rules, Phase.PLACE_LEVIATHAN, 0, (), None, frozenset(), None)


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
    start = state.demon
    assert start is not None
    seals, creatures = state.seals, state.creatures
    reached = {start}
    frontier = [start]
    through = state.rules.demon_may_pass_through_creatures
    for depth in range(steps):
        last = depth == steps - 1
        nxt: list[int] = []
        for v in frontier:
            for x in ADJACENT[v]:
                if x in seals:
                    continue
                if x in creatures:
                    if through and not last:
                        nxt.append(x)
                    continue
                if x not in reached:
                    reached.add(x)
                    nxt.append(x)
        frontier = nxt
    return tuple(sorted(reached))


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


def _creature_targets(state: State, creature: Piece) -> list[int]:
    """Normal steps of ``creature``: same-world neighbours, unsealed, without a creature (V-HS-4, V-HS-5)."""
    creatures, seals = state.creatures, state.seals
    return [x for x in SAME[creatures[creature]] if x not in seals and x not in creatures]


def _jump_targets(state: State) -> list[int]:
    """The Leviathan's jump destinations, if it is declared and at home (V-POWER-LEV-1..3, V-ENGINE-2)."""
    lev = state.creatures[_L]
    if state.declared is not _L or WORLD[lev] != World.ABYSS:
        return []
    creatures = state.creatures
    far = ANTIPODE[lev]
    if far in creatures:
        return []
    if state.demon == far:  # the jump captures him; no follow-up step
        return [far]
    return [far, *(y for y in SAME[far] if y not in creatures and y not in state.seals)]


def _fly_targets(state: State) -> list[int]:
    """The Archangel's fly destinations, if it is declared and in Heaven (V-POWER-ARC-1..3)."""
    arc = state.creatures[_A]
    if state.declared is not _A or WORLD[arc] != World.HEAVEN:
        return []
    creatures = state.creatures
    return [x for x in FLY[arc] if x not in creatures]


def _sealable(state: State) -> list[int]:
    """Earth vertices the declared Unicorn may seal now (V-POWER-UNI-1..3, V-RULING-17)."""
    uni = state.creatures[_U]
    rules = state.rules
    if state.declared is not _U or WORLD[uni] != _EARTH or len(state.seals) >= SEAL_TOKENS:
        return []
    creatures, seals, demon = state.creatures, state.seals, state.demon
    steps = [x for x in SAME[uni] if x not in seals and x not in creatures]
    candidates: Iterable[int] = SAME[uni] if rules.unicorn_seal_range == "adjacent" else EARTH_VERTICES
    result = []
    own = rules.unicorn_may_seal_own_vertex
    if own:
        candidates = sorted({*candidates, uni})
    for e in candidates:
        if e in seals or e == demon:
            continue
        if e in creatures and not (own and e == uni):
            continue
        # Sealing must leave the Unicorn a legal step.
        if any(x != e for x in steps):
            result.append(e)
    return result


def _crossings(state: State) -> list[Move]:
    """Every crossing the Holy Spirit may declare instead of a normal turn (V-CROSS-1..3)."""
    creatures, seals, demon = state.creatures, state.seals, state.demon
    demon_ok = state.rules.crossing_target_may_hold_demon
    out: list[Move] = []
    for creature in CREATURES:
        row = mv.CROSS[creature]
        for t in CROSS[creatures[creature]]:
            if t in seals or t in creatures or (t == demon and not demon_ok):
                continue
            out.append(row[t])
    return out


def _legal_leviathan(state: State) -> tuple[Move, ...]:
    out: list[Move] = [mv.STEP[x] for x in _creature_targets(state, _L)]
    out += [mv.JUMP[x] for x in _jump_targets(state)]
    if not out:
        out.append(mv.STAY)  # V-ENGINE-3: the first decision also picks normal turn vs crossing
    out += _crossings(state)
    return tuple(out)


def _legal_unicorn_seal(state: State) -> tuple[Move, ...]:
    return (*(mv.SEAL[e] for e in _sealable(state)), mv.NO_SEAL)


def _legal_unicorn(state: State) -> tuple[Move, ...]:
    return tuple(mv.STEP[x] for x in _creature_targets(state, _U))


def _legal_archangel(state: State) -> tuple[Move, ...]:
    steps = [mv.STEP[x] for x in _creature_targets(state, _A)]
    return (*steps, *(mv.FLY[x] for x in _fly_targets(state)))


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
    return tuple(mv.DEMON_MOVE[v] for v in demon_destinations(state, 2))


def _legal_bonus(state: State) -> tuple[Move, ...]:
    return tuple(mv.DEMON_MOVE[v] for v in demon_destinations(state, state.rules.crossing_bonus_steps))


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
    phase = state.phase
    if phase is Phase.ROLL:
        if move not in _ROLL_MOVES:
            raise IllegalMoveError(f"{move!r} is not a d12 outcome; {describe_phase(state)}")
        assert isinstance(move, mv.Roll)
        return _apply_roll(state, move)
    if move not in _LEGAL[phase](state):
        raise IllegalMoveError(f"{move!r} is not legal here; {describe_phase(state)}")
    return _APPLY[phase](state, move)


def _with(state: State, **changes: object) -> State:
    return attrs.evolve(state, **changes)  # type: ignore[arg-type]


def _moved(creatures: tuple[int, ...], creature: Piece, vertex: int) -> tuple[int, ...]:
    return (*creatures[:creature], vertex, *creatures[creature + 1 :])


def _capture(state: State, creatures: tuple[int, ...]) -> State:
    """V-HS-9, V-END-1, V-END-2: a creature reached Valandris; the rest of the turn does not happen."""
    return _with(state, creatures=creatures, phase=Phase.OVER, crossing=None, score=state.turn, captured=True)


def _uncaptured(state: State) -> State:
    """V-END-3 (and V-RULING-12's alternative): the game ends with Valandris free, scoring max_turns + 1."""
    cap = state.rules.max_turns
    assert cap is not None
    return _with(state, phase=Phase.OVER, crossing=None, score=cap + 1, captured=False)


def _apply_place(state: State, move: Move) -> State:
    assert isinstance(move, mv.Place)
    if move.piece is Piece.VALANDRIS:
        return _with(state, demon=move.vertex, phase=Phase.LEVIATHAN, turn=1)  # V-SETUP-6
    return _with(state, creatures=(*state.creatures, move.vertex), phase=Phase(state.phase + 1))


def _apply_setup_seal(state: State, move: Move) -> State:
    assert isinstance(move, mv.Seal)
    seals = state.seals | {move.vertex}
    if len(seals) < SETUP_SEALS:
        return _with(state, seals=seals)
    declare = state.rules.first_turn_power == "declared_at_setup"  # V-SETUP-4, V-RULING-16
    return _with(state, seals=seals, phase=Phase.SETUP_DECLARE if declare else Phase.PLACE_VALANDRIS)


def _apply_setup_declare(state: State, move: Move) -> State:
    assert isinstance(move, mv.Declare)
    return _with(state, declared=move.creature, phase=Phase.PLACE_VALANDRIS)


def _apply_leviathan(state: State, move: Move) -> State:
    if isinstance(move, mv.Cross):
        rolls = move.creature is not _U  # V-CROSS-5, V-CROSS-6, V-RULING-26
        return _with(state, crossing=(move.creature, move.vertex), phase=Phase.ROLL if rolls else Phase.BONUS)
    if isinstance(move, mv.Stay):
        if state.rules.blocked_creature == "holy_spirit_loses":
            return _uncaptured(state)
        return _after_leviathan(state)
    assert isinstance(move, mv.Step | mv.Jump)
    creatures = _moved(state.creatures, _L, move.vertex)
    if move.vertex == state.demon:
        return _capture(state, creatures)
    return _after_leviathan(_with(state, creatures=creatures))


def _after_leviathan(state: State) -> State:
    if _sealable(state):
        return _with(state, phase=Phase.UNICORN_SEAL)
    return _enter_unicorn(state)


def _enter_unicorn(state: State) -> State:
    if _creature_targets(state, _U):
        return _with(state, phase=Phase.UNICORN)
    if state.rules.blocked_creature == "holy_spirit_loses":  # V-HS-3, V-RULING-12
        return _uncaptured(state)
    return _enter_archangel(state)


def _enter_archangel(state: State) -> State:
    if _creature_targets(state, _A) or _fly_targets(state):
        return _with(state, phase=Phase.ARCHANGEL)
    if state.rules.blocked_creature == "holy_spirit_loses":
        return _uncaptured(state)
    return _with(state, phase=Phase.DECLARE)


def _apply_unicorn_seal(state: State, move: Move) -> State:
    if isinstance(move, mv.Seal):
        state = _with(state, seals=state.seals | {move.vertex})
    return _enter_unicorn(state)


def _apply_unicorn(state: State, move: Move) -> State:
    assert isinstance(move, mv.Step)
    creatures = _moved(state.creatures, _U, move.vertex)
    if move.vertex == state.demon:
        return _capture(state, creatures)
    return _enter_archangel(_with(state, creatures=creatures))


def _apply_archangel(state: State, move: Move) -> State:
    assert isinstance(move, mv.Step | mv.Fly)
    creatures = _moved(state.creatures, _A, move.vertex)
    if move.vertex == state.demon:
        return _capture(state, creatures)
    return _with(state, creatures=creatures, phase=Phase.DECLARE)


def _apply_roll(state: State, move: mv.Roll) -> State:
    """V-CROSS-5, V-CHANCE-3: the face's Earth vertex loses its seal, if it has one."""
    return _with(state, seals=state.seals - {face_vertex(move.face)}, phase=Phase.BONUS)


def _apply_bonus(state: State, move: Move) -> State:
    """V-CROSS-4, V-CROSS-7: the bonus step, then the crossing creature moves to its target."""
    assert isinstance(move, mv.DemonMove)
    assert state.crossing is not None
    creature, target = state.crossing
    creatures = _moved(state.creatures, creature, target)
    if target == move.vertex:
        return _capture(_with(state, demon=move.vertex), creatures)
    return _with(state, demon=move.vertex, creatures=creatures, crossing=None, phase=Phase.DECLARE)


def _apply_declare(state: State, move: Move) -> State:
    assert isinstance(move, mv.Declare)
    cap = state.rules.max_turns
    if cap is not None and state.turn >= cap:  # V-END-3: the capped turn is complete
        return _uncaptured(_with(state, declared=move.creature))
    return _with(state, declared=move.creature, phase=Phase.VALANDRIS)


def _apply_demon(state: State, move: Move) -> State:
    assert isinstance(move, mv.DemonMove)
    return _with(state, demon=move.vertex, phase=Phase.LEVIATHAN, turn=state.turn + 1)


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
_ROLL_MOVES: Final = frozenset(m for m, _ in _ROLL_OUTCOMES)
