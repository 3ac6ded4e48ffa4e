"""Every refusal of the Valandris rules, each reached where it alone refuses the move (issue 29, class 8).

Each case is a state, a move that `check_move`, `is_legal` and `apply` must refuse there, the clause
that refuses it, and a near miss that is legal: the same move in a state that differs only in what
the clause looks at, or a move that differs only in what the clause looks at, in the same state.  So
each case fails if its check is deleted from `rules` or `reach` (the check-deletion experiments of
the issue), rather than passing because another check refused the move first.

Positions are built by relation (neighbours, antipodes, fly targets), not by the board's numbering
(V-BOARD-9); `at` builds a state of a given phase and checks it with `validate`, so every state here
is one the rules can reach.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import attrs
import pytest

from tabletop_rules import valandris as v
from tabletop_rules.core.errors import IllegalMoveError, InvalidMoveError
from tabletop_rules.valandris import Phase, Piece
from tabletop_rules.valandris import moves as mv
from tabletop_rules.valandris.reach import setup_seal_choices

from .helpers import (
    ABYSS_VERTICES,
    ADJACENT,
    ANTIPODE,
    CROSS,
    EARTH_VERTICES,
    FLY,
    HEAVEN_VERTICES,
    SAME,
    WORLD,
)

L, U, A, V = Piece.LEVIATHAN, Piece.UNICORN, Piece.ARCHANGEL, Piece.VALANDRIS

# The base position: each creature at home, Valandris on the Heaven antipode of the Archangel.
A0 = ABYSS_VERTICES[0]
E0 = EARTH_VERTICES[0]
H0 = HEAVEN_VERTICES[0]
FAR = ANTIPODE[H0]
A0_STEP = SAME[A0][0]  # an Abyss neighbour of the Leviathan
A0_CROSS = next(x for x in CROSS[A0] if x != E0)  # an Earth cross-neighbour of the Leviathan, open
JUMP_TO = ANTIPODE[A0]  # the Leviathan's jump, and the neighbours of its landing square
JUMP_ON = SAME[JUMP_TO]
E0_STEP = SAME[E0][0]  # an Earth neighbour of the Unicorn
E0_FAR = next(e for e in EARTH_VERTICES if e != E0 and e not in SAME[E0])  # Earth, not adjacent
H0_STEP = SAME[H0][0]
H0_FLY = FLY[H0][0]
# Valandris' two-step moves: from FAR, a target whose only middle square is MIDDLE (an Earth square)
TWO_AWAY, MIDDLE = next(
    (t, mids[0])
    for t in range(len(WORLD))
    if t != FAR
    and t not in ADJACENT[FAR]
    and len(mids := [m for m in ADJACENT[FAR] if m in ADJACENT[t]]) == 1
    and WORLD[mids[0]] == v.World.EARTH
)
EARTH_FLY = next(x for x in FLY[E0_FAR] if x not in (A0, E0, H0))  # two squares away on Earth
UNI_CROSS = next(x for x in CROSS[E0] if x not in (A0, H0, FAR, MIDDLE, TWO_AWAY))  # the Unicorn crosses
THREE_AWAY = next(
    t for t in range(len(WORLD)) if t != FAR and not any(t in ADJACENT[m] or t == m for m in ADJACENT[FAR])
)


class MyInt(int):
    """An `int` subclass: equal to a vertex index, but not of its exact type."""


def at(
    phase: Phase = Phase.LEVIATHAN,
    *,
    lev: int = A0,
    uni: int = E0,
    arc: int = H0,
    demon: int = FAR,
    seals: tuple[int, ...] = (),
    declared: Piece | None = U,
    crossing: tuple[Piece, int] | None = None,
    **options: Any,
) -> v.State:
    """A state of `phase` in the given position, checked by `validate` (so one the rules can reach)."""
    start = v.from_position(
        leviathan=lev,
        unicorn=uni,
        archangel=arc,
        valandris=demon,
        seals=seals,
        declared=declared if declared is not None else L,
        options=options,
    )
    state = attrs.evolve(start, phase=phase, declared=declared, crossing=crossing)
    v.validate(state)
    return state


def setup(*moves: mv.Move, **options: Any) -> v.State:
    """A setup state: the Leviathan, Unicorn and Archangel placed at home (base squares) after `moves`."""
    state = v.new_game(v.Options(**options))
    for move in moves:
        state = v.apply(state, move)
    return state


PLACED = (mv.Place(L, A0), mv.Place(U, E0), mv.Place(A, H0))


def sealed_setup(**options: Any) -> v.State:
    """The setup after the five seals: the first choice each time."""
    state = setup(*PLACED, **options)
    for _ in range(5):  # V-SETUP-3: five seals
        state = v.apply(state, mv.Seal(setup_seal_choices(state)[0]))
    assert state.phase is Phase.SETUP_DECLARE
    return state


def declared_setup() -> v.State:
    return v.apply(sealed_setup(), mv.Declare(L))


class Case(NamedTuple):
    """A refusal: where, which move, which error, the clauses, and a near miss that is legal."""

    name: str
    clauses: str
    state: Callable[[], v.State]
    move: Any
    error: type[Exception]
    near_miss: Callable[[], tuple[v.State, mv.Move]]


def _same_state(state: Callable[[], v.State], move: mv.Move) -> Callable[[], tuple[v.State, mv.Move]]:
    return lambda: (state(), move)


def _other_state(state: Callable[[], v.State], move: mv.Move) -> Callable[[], tuple[v.State, mv.Move]]:
    return lambda: (state(), move)


def _case(
    name: str,
    clauses: str,
    state: Callable[[], v.State],
    move: Any,
    error: type[Exception],
    *,
    legal: mv.Move | None = None,
    twin: Callable[[], v.State] | None = None,
) -> Case:
    """`legal`: a legal move in the same state; `twin`: a state where `move` itself is legal."""
    if twin is not None:
        near = _other_state(twin, move)
    else:
        assert legal is not None
        near = _same_state(state, legal)
    return Case(name, clauses, state, move, error, near)


_FIRST_SEAL = sorted(setup_seal_choices(setup(*PLACED)))
_SECOND_SEALS = setup_seal_choices(setup(*PLACED, mv.Seal(_FIRST_SEAL[2])))
_LEVIATHAN_BOXED = tuple(x for x in SAME[E0_STEP] if x != E0)  # seal every other neighbour of E0_STEP

CASES = [
    # --- setup: placing the pieces (V-SETUP-2, V-SETUP-5, V-ENGINE-5)
    _case("place: not a Place", "V-ENGINE-5", setup, mv.Step(A0), IllegalMoveError, legal=PLACED[0]),
    _case("place: vertex -1", "V-SETUP-2", setup, mv.Place(L, -1), InvalidMoveError, legal=PLACED[0]),
    _case(
        "place: not the piece of the phase",
        "V-SETUP-2, V-RULING-31",
        setup,
        mv.Place(U, E0),
        IllegalMoveError,
        twin=lambda: setup(PLACED[0]),
    ),
    _case(
        "place: a creature outside its world",
        "V-SETUP-2",
        setup,
        mv.Place(L, H0),
        IllegalMoveError,
        legal=PLACED[0],
    ),
    _case(
        "place: Valandris on a seal",
        "V-SETUP-5, V-POWER-UNI-2",
        declared_setup,
        mv.Place(V, _FIRST_SEAL[0]),
        IllegalMoveError,
        legal=mv.Place(V, FAR),
    ),
    _case(
        "place: Valandris on a creature",
        "V-SETUP-5, V-RULING-8",
        declared_setup,
        mv.Place(V, A0),
        IllegalMoveError,
        legal=mv.Place(V, FAR),
    ),
    _case(
        "place: Valandris on vertex -1",
        "V-SETUP-5",
        declared_setup,
        mv.Place(V, -1),
        InvalidMoveError,
        legal=mv.Place(V, FAR),
    ),
    # --- setup: the five seals (V-SETUP-3, V-ENGINE-5)
    _case(
        "setup seal: the Unicorn's square",
        "V-SETUP-3",
        lambda: setup(*PLACED),
        mv.Seal(E0),
        IllegalMoveError,
        legal=mv.Seal(_FIRST_SEAL[0]),
    ),
    _case(
        "setup seal: not an Earth square",
        "V-SETUP-3, V-POWER-UNI-1",
        lambda: setup(*PLACED),
        mv.Seal(H0_STEP),
        IllegalMoveError,
        legal=mv.Seal(_FIRST_SEAL[0]),
    ),
    _case(
        "setup seal: below the last seal",
        "V-ENGINE-5",
        lambda: setup(*PLACED, mv.Seal(_FIRST_SEAL[2])),
        mv.Seal(_FIRST_SEAL[1]),
        IllegalMoveError,
        twin=lambda: setup(*PLACED),
    ),
    _case(
        "setup seal: too high to complete five",
        "V-ENGINE-5, V-SETUP-3",
        lambda: setup(*PLACED),
        mv.Seal(_SECOND_SEALS[-1]),
        IllegalMoveError,
        twin=lambda: setup(*PLACED, mv.Seal(_FIRST_SEAL[2])),
    ),
    _case(
        "setup seal: a Step",
        "V-ENGINE-5",
        lambda: setup(*PLACED),
        mv.Step(_FIRST_SEAL[0]),
        IllegalMoveError,
        legal=mv.Seal(_FIRST_SEAL[0]),
    ),
    # --- setup: the first declaration (V-SETUP-4, V-HS-8, V-RULING-15, V-RULING-16)
    _case(
        "setup declare: Valandris",
        "V-SETUP-4, V-HS-8",
        sealed_setup,
        mv.Declare(V),
        InvalidMoveError,
        legal=mv.Declare(L),
    ),
    _case(
        "setup declare: nobody",
        "V-SETUP-4, V-RULING-15",
        sealed_setup,
        mv.Declare(None),
        IllegalMoveError,
        twin=lambda: sealed_setup(allow_declare_none=True),
    ),
    _case(
        "setup declare: an int",
        "V-SETUP-4",
        sealed_setup,
        mv.Declare(0),
        InvalidMoveError,  # type: ignore[arg-type]
        legal=mv.Declare(L),
    ),
    _case(
        "setup declare: a Seal",
        "V-SETUP-4",
        sealed_setup,
        mv.Seal(E0_FAR),
        IllegalMoveError,
        legal=mv.Declare(L),
    ),
    # --- the Leviathan's move (V-HS-4, V-HS-5, V-RULING-9..12)
    _case(
        "leviathan: step not to a neighbour",
        "V-HS-4",
        at,
        mv.Step(JUMP_TO),
        IllegalMoveError,
        legal=mv.Step(A0_STEP),
    ),
    _case(
        "leviathan: step along a cross-world edge",
        "V-HS-4, V-RULING-9",
        at,
        mv.Step(A0_CROSS),
        IllegalMoveError,
        legal=mv.Step(A0_STEP),
    ),
    _case(
        "leviathan: step onto a creature",
        "V-HS-5, V-RULING-10",
        lambda: at(arc=A0_STEP),
        mv.Step(A0_STEP),
        IllegalMoveError,
        twin=at,
    ),
    _case(
        "leviathan: step onto a seal",
        "V-HS-5, V-RULING-11",
        lambda: at(lev=E0_STEP, uni=E0, seals=(SAME[E0_STEP][1],)),
        mv.Step(SAME[E0_STEP][1]),
        IllegalMoveError,
        twin=lambda: at(lev=E0_STEP, uni=E0),
    ),
    _case(
        "leviathan: step to vertex -1", "V-HS-4", at, mv.Step(-1), InvalidMoveError, legal=mv.Step(A0_STEP)
    ),
    _case(
        "leviathan: step to an int subclass",
        "V-HS-4",
        at,
        mv.Step(MyInt(A0_STEP)),
        InvalidMoveError,
        legal=mv.Step(A0_STEP),
    ),
    _case(
        "leviathan: stay while it can step",
        "V-RULING-12, V-ENGINE-3",
        at,
        mv.Stay(),
        IllegalMoveError,
        twin=lambda: at(lev=E0_STEP, uni=E0, seals=_LEVIATHAN_BOXED),
    ),
    _case("leviathan: a Fly", "V-ENGINE-1", at, mv.Fly(A0_STEP), IllegalMoveError, legal=mv.Step(A0_STEP)),
    # --- crossings (V-CROSS-1..3, V-RULING-24)
    _case(
        "cross: Valandris crosses",
        "V-CROSS-1",
        at,
        mv.Cross(V, A0_CROSS),
        InvalidMoveError,
        legal=mv.Cross(L, A0_CROSS),
    ),
    _case(
        "cross: the creature is an int",
        "V-CROSS-2",
        at,
        mv.Cross(0, A0_CROSS),
        InvalidMoveError,  # type: ignore[arg-type]
        legal=mv.Cross(L, A0_CROSS),
    ),
    _case(
        "cross: the vertex is an int subclass",
        "V-CROSS-2",
        at,
        mv.Cross(L, MyInt(A0_CROSS)),
        InvalidMoveError,
        legal=mv.Cross(L, A0_CROSS),
    ),
    _case(
        "cross: not a cross-world neighbour",
        "V-CROSS-1, V-CROSS-3",
        at,
        mv.Cross(L, A0_STEP),
        IllegalMoveError,
        legal=mv.Cross(L, A0_CROSS),
    ),
    _case(
        "cross: a sealed target",
        "V-CROSS-3",
        lambda: at(seals=(A0_CROSS,)),
        mv.Cross(L, A0_CROSS),
        IllegalMoveError,
        twin=at,
    ),
    _case(
        "cross: a creature's square",
        "V-CROSS-3",
        at,
        mv.Cross(L, E0),
        IllegalMoveError,
        twin=lambda: at(uni=E0_FAR),
    ),
    _case(
        "cross: Valandris' square when the option forbids it",
        "V-CROSS-3, V-RULING-24",
        lambda: at(demon=A0_CROSS, crossing_target_may_hold_demon=False),
        mv.Cross(L, A0_CROSS),
        IllegalMoveError,
        twin=lambda: at(demon=A0_CROSS),
    ),
    # --- the Leviathan's jump (V-POWER-LEV-1..3, V-POWER-1, V-HS-7, V-RULING-19)
    _case(
        "jump: not declared",
        "V-HS-7, V-POWER-LEV-1",
        at,
        mv.Jump(JUMP_TO),
        IllegalMoveError,
        twin=lambda: at(declared=L),
    ),
    _case(
        "jump: away from home",
        "V-POWER-1, V-RULING-21",
        lambda: at(lev=E0_STEP, declared=L),
        mv.Jump(ANTIPODE[E0_STEP]),
        IllegalMoveError,
        legal=mv.Step(SAME[E0_STEP][1]),
    ),
    _case(
        "jump: a creature on the antipode",
        "V-POWER-LEV-3, V-RULING-19",
        lambda: at(arc=JUMP_TO, declared=L),
        mv.Jump(JUMP_ON[0]),
        IllegalMoveError,
        twin=lambda: at(declared=L),
    ),
    _case(
        "jump: no follow-up step after capturing",
        "V-POWER-LEV-3, V-RULING-19",
        lambda: at(demon=JUMP_TO, declared=L),
        mv.Jump(JUMP_ON[0]),
        IllegalMoveError,
        twin=lambda: at(declared=L),
    ),
    _case(
        "jump: the follow-up step onto a creature",
        "V-RULING-19, V-HS-5",
        lambda: at(arc=JUMP_ON[0], declared=L),
        mv.Jump(JUMP_ON[0]),
        IllegalMoveError,
        twin=lambda: at(declared=L),
    ),
    _case(
        "jump: beyond the antipode's neighbours",
        "V-POWER-LEV-1, V-ENGINE-2",
        lambda: at(declared=L),
        mv.Jump(A0_STEP),
        IllegalMoveError,
        legal=mv.Jump(JUMP_TO),
    ),
    _case(
        "jump: vertex -1",
        "V-POWER-LEV-1",
        lambda: at(declared=L),
        mv.Jump(-1),
        InvalidMoveError,
        legal=mv.Jump(JUMP_TO),
    ),
    # --- the Unicorn's seal (V-POWER-UNI-1..3, V-RULING-17)
    _case(
        "unicorn seal: a sealed square",
        "V-POWER-UNI-3",
        lambda: at(Phase.UNICORN_SEAL, seals=(E0_FAR,)),
        mv.Seal(E0_FAR),
        IllegalMoveError,
        twin=lambda: at(Phase.UNICORN_SEAL),
    ),
    _case(
        "unicorn seal: Valandris' square",
        "V-POWER-UNI-3",
        lambda: at(Phase.UNICORN_SEAL, demon=E0_FAR),
        mv.Seal(E0_FAR),
        IllegalMoveError,
        twin=lambda: at(Phase.UNICORN_SEAL),
    ),
    _case(
        "unicorn seal: a creature's square",
        "V-POWER-UNI-3",
        lambda: at(Phase.UNICORN_SEAL, arc=E0_FAR),
        mv.Seal(E0_FAR),
        IllegalMoveError,
        twin=lambda: at(Phase.UNICORN_SEAL),
    ),
    _case(
        "unicorn seal: its last step",
        "V-POWER-UNI-3, V-RULING-17",
        lambda: at(Phase.UNICORN_SEAL, seals=SAME[E0][1:]),
        mv.Seal(E0_STEP),
        IllegalMoveError,
        twin=lambda: at(Phase.UNICORN_SEAL, seals=SAME[E0][2:]),
    ),
    _case(
        "unicorn seal: its own square",
        "V-POWER-UNI-3, V-RULING-17",
        lambda: at(Phase.UNICORN_SEAL),
        mv.Seal(E0),
        IllegalMoveError,
        twin=lambda: at(Phase.UNICORN_SEAL, unicorn_may_seal_own_vertex=True),
    ),
    _case(
        "unicorn seal: out of range",
        "V-RULING-17",
        lambda: at(Phase.UNICORN_SEAL, unicorn_seal_range="adjacent"),
        mv.Seal(E0_FAR),
        IllegalMoveError,
        twin=lambda: at(Phase.UNICORN_SEAL),
    ),
    _case(
        "unicorn seal: not an Earth square",
        "V-POWER-UNI-1",
        lambda: at(Phase.UNICORN_SEAL),
        mv.Seal(H0_STEP),
        IllegalMoveError,
        legal=mv.Seal(E0_FAR),
    ),
    _case(
        "unicorn seal: a Step",
        "V-POWER-UNI-1",
        lambda: at(Phase.UNICORN_SEAL),
        mv.Step(E0_FAR),
        IllegalMoveError,
        legal=mv.Seal(E0_FAR),
    ),
    _case(
        "unicorn seal: vertex -1",
        "V-POWER-UNI-1",
        lambda: at(Phase.UNICORN_SEAL),
        mv.Seal(-1),
        InvalidMoveError,
        legal=mv.NO_SEAL,
    ),
    # --- the Unicorn's step (V-HS-4, V-HS-5)
    _case(
        "unicorn: step not to a neighbour",
        "V-HS-4",
        lambda: at(Phase.UNICORN),
        mv.Step(E0_FAR),
        IllegalMoveError,
        legal=mv.Step(E0_STEP),
    ),
    _case(
        "unicorn: step along a cross-world edge",
        "V-HS-4, V-RULING-9",
        lambda: at(Phase.UNICORN),
        mv.Step(CROSS[E0][-1]),
        IllegalMoveError,
        legal=mv.Step(E0_STEP),
    ),
    _case(
        "unicorn: step onto a seal",
        "V-HS-5, V-RULING-11",
        lambda: at(Phase.UNICORN, seals=(E0_STEP,)),
        mv.Step(E0_STEP),
        IllegalMoveError,
        twin=lambda: at(Phase.UNICORN),
    ),
    _case(
        "unicorn: step onto a creature",
        "V-HS-5, V-RULING-10",
        lambda: at(Phase.UNICORN, arc=E0_STEP),
        mv.Step(E0_STEP),
        IllegalMoveError,
        twin=lambda: at(Phase.UNICORN),
    ),
    _case(
        "unicorn: step to vertex -1",
        "V-HS-4",
        lambda: at(Phase.UNICORN),
        mv.Step(-1),
        InvalidMoveError,
        legal=mv.Step(E0_STEP),
    ),
    _case(
        "unicorn: a Fly",
        "V-HS-4",
        lambda: at(Phase.UNICORN),
        mv.Fly(E0_STEP),
        IllegalMoveError,
        legal=mv.Step(E0_STEP),
    ),
    # --- the Archangel's step and fly (V-HS-4, V-HS-5, V-POWER-ARC-1..3, V-POWER-1, V-HS-7)
    _case(
        "archangel: fly not declared",
        "V-HS-7, V-POWER-ARC-1",
        lambda: at(Phase.ARCHANGEL),
        mv.Fly(H0_FLY),
        IllegalMoveError,
        twin=lambda: at(Phase.ARCHANGEL, declared=A),
    ),
    _case(
        "archangel: fly away from home",
        "V-POWER-1, V-RULING-21",
        lambda: at(Phase.ARCHANGEL, arc=E0_FAR, declared=A),
        mv.Fly(EARTH_FLY),
        IllegalMoveError,
        legal=mv.Step(next(x for x in SAME[E0_FAR] if x != E0)),
    ),
    _case(
        "archangel: fly onto a creature",
        "V-POWER-ARC-3, V-RULING-20",
        lambda: at(Phase.ARCHANGEL, lev=H0_FLY, declared=A),
        mv.Fly(H0_FLY),
        IllegalMoveError,
        twin=lambda: at(Phase.ARCHANGEL, declared=A),
    ),
    _case(
        "archangel: fly one square",
        "V-POWER-ARC-3",
        lambda: at(Phase.ARCHANGEL, declared=A),
        mv.Fly(H0_STEP),
        IllegalMoveError,
        legal=mv.Fly(H0_FLY),
    ),
    _case(
        "archangel: step not to a neighbour",
        "V-HS-4",
        lambda: at(Phase.ARCHANGEL),
        mv.Step(H0_FLY),
        IllegalMoveError,
        legal=mv.Step(H0_STEP),
    ),
    _case(
        "archangel: step to vertex -1",
        "V-HS-4",
        lambda: at(Phase.ARCHANGEL),
        mv.Step(-1),
        InvalidMoveError,
        legal=mv.Step(H0_STEP),
    ),
    # --- the roll (V-CHANCE-1, V-CHANCE-2)
    _case(
        "roll: face 0",
        "V-CHANCE-1",
        lambda: at(Phase.ROLL, crossing=(L, A0_CROSS)),
        mv.Roll(0),
        InvalidMoveError,
        legal=mv.Roll(12),
    ),
    _case(
        "roll: face 13",
        "V-CHANCE-1",
        lambda: at(Phase.ROLL, crossing=(L, A0_CROSS)),
        mv.Roll(13),
        InvalidMoveError,
        legal=mv.Roll(12),
    ),
    _case(
        "roll: face True",
        "V-CHANCE-1",
        lambda: at(Phase.ROLL, crossing=(L, A0_CROSS)),
        mv.Roll(True),  # type: ignore[arg-type]
        InvalidMoveError,
        legal=mv.Roll(1),
    ),
    _case(
        "roll: not a Roll",
        "V-CHANCE-1",
        lambda: at(Phase.ROLL, crossing=(L, A0_CROSS)),
        mv.DemonMove(FAR),
        IllegalMoveError,
        legal=mv.Roll(1),
    ),
    # --- the crossing bonus (V-CROSS-4, V-RULING-7, V-DEMON-4, V-DEMON-5)
    _case(
        "bonus: two steps",
        "V-CROSS-4, V-RULING-7",
        lambda: at(Phase.BONUS, crossing=(U, UNI_CROSS)),
        mv.DemonMove(TWO_AWAY),
        IllegalMoveError,
        twin=lambda: at(Phase.BONUS, crossing=(U, UNI_CROSS), crossing_bonus_steps=2),
    ),
    _case(
        "bonus: onto a creature",
        "V-DEMON-5, V-RULING-3",
        lambda: at(Phase.BONUS, arc=MIDDLE, crossing=(U, UNI_CROSS)),
        mv.DemonMove(MIDDLE),
        IllegalMoveError,
        twin=lambda: at(Phase.BONUS, crossing=(U, UNI_CROSS)),
    ),
    _case(
        "bonus: onto a seal",
        "V-DEMON-4, V-RULING-5",
        lambda: at(Phase.BONUS, seals=(MIDDLE,), crossing=(U, UNI_CROSS)),
        mv.DemonMove(MIDDLE),
        IllegalMoveError,
        twin=lambda: at(Phase.BONUS, crossing=(U, UNI_CROSS)),
    ),
    _case(
        "bonus: vertex -1",
        "V-CROSS-4",
        lambda: at(Phase.BONUS, crossing=(U, UNI_CROSS)),
        mv.DemonMove(-1),
        InvalidMoveError,
        legal=mv.DemonMove(FAR),
    ),
    # --- the declaration (V-HS-8, V-RULING-15): the issue's own example, in the phase it alone refuses
    _case(
        "declare: Valandris",
        "V-HS-8",
        lambda: at(Phase.DECLARE),
        mv.Declare(V),
        InvalidMoveError,
        legal=mv.Declare(L),
    ),
    _case(
        "declare: nobody",
        "V-HS-8, V-RULING-15",
        lambda: at(Phase.DECLARE),
        mv.Declare(None),
        IllegalMoveError,
        twin=lambda: at(Phase.DECLARE, allow_declare_none=True),
    ),
    _case(
        "declare: an int",
        "V-HS-8",
        lambda: at(Phase.DECLARE),
        mv.Declare(0),
        InvalidMoveError,  # type: ignore[arg-type]
        legal=mv.Declare(L),
    ),
    _case(
        "declare: a Step",
        "V-HS-8",
        lambda: at(Phase.DECLARE),
        mv.Step(H0_STEP),
        IllegalMoveError,
        legal=mv.Declare(L),
    ),
    # --- Valandris' move (V-DEMON-1..5, V-RULING-3..5)
    _case(
        "valandris: three steps",
        "V-DEMON-1",
        lambda: at(Phase.VALANDRIS),
        mv.DemonMove(THREE_AWAY),
        IllegalMoveError,
        legal=mv.DemonMove(TWO_AWAY),
    ),
    _case(
        "valandris: onto a creature",
        "V-DEMON-5, V-RULING-3",
        lambda: at(Phase.VALANDRIS, arc=MIDDLE),
        mv.DemonMove(MIDDLE),
        IllegalMoveError,
        twin=lambda: at(Phase.VALANDRIS),
    ),
    _case(
        "valandris: onto a seal",
        "V-DEMON-4, V-RULING-5",
        lambda: at(Phase.VALANDRIS, seals=(MIDDLE,)),
        mv.DemonMove(MIDDLE),
        IllegalMoveError,
        twin=lambda: at(Phase.VALANDRIS),
    ),
    _case(
        "valandris: through a creature",
        "V-DEMON-5, V-RULING-4",
        lambda: at(Phase.VALANDRIS, arc=MIDDLE),
        mv.DemonMove(TWO_AWAY),
        IllegalMoveError,
        twin=lambda: at(Phase.VALANDRIS, arc=MIDDLE, demon_may_pass_through_creatures=True),
    ),
    _case(
        "valandris: through a seal",
        "V-DEMON-4, V-RULING-5",
        lambda: at(Phase.VALANDRIS, seals=(MIDDLE,), demon_may_pass_through_creatures=True),
        mv.DemonMove(TWO_AWAY),
        IllegalMoveError,
        twin=lambda: at(Phase.VALANDRIS),
    ),
    _case(
        "valandris: an int subclass",
        "V-DEMON-1",
        lambda: at(Phase.VALANDRIS),
        mv.DemonMove(MyInt(FAR)),
        InvalidMoveError,
        legal=mv.DemonMove(FAR),
    ),
    _case(
        "valandris: vertex -1",
        "V-DEMON-1",
        lambda: at(Phase.VALANDRIS),
        mv.DemonMove(-1),
        InvalidMoveError,
        legal=mv.DemonMove(FAR),
    ),
]


def _over() -> v.State:
    """A game just ended by a capture: the Archangel steps onto Valandris (V-HS-9, V-END-1)."""
    state = at(Phase.ARCHANGEL, demon=H0_STEP)
    return v.apply(state, mv.Step(H0_STEP))


CASES.append(
    _case(
        "over: nothing more",
        "V-END-1",
        _over,
        mv.Declare(L),
        IllegalMoveError,
        twin=lambda: at(Phase.DECLARE),
    )
)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_refusal_alone_refuses_its_move(case: Case) -> None:
    """REL-MOVES-4: every refusal of the rules has a test in a state where it alone refuses the move;
    the move is refused (by `check_move`, `is_legal` and `apply`), is not listed, and changes nothing."""
    state = case.state()
    before = v.to_json(state)
    if case.error is IllegalMoveError:  # a malformed move may compare equal to a listed one (0 == LEVIATHAN)
        assert case.move not in {*v.legal_moves(state), *(m for m, _ in v.chance_outcomes(state))}
    assert not v.is_legal(state, case.move)
    with pytest.raises(case.error):
        v.check_move(state, case.move)
    with pytest.raises(case.error):
        v.apply(state, case.move)
    assert v.to_json(state) == before


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_near_miss_is_legal(case: Case) -> None:
    """The control: the near miss of each case is legal, listed, and gives a state `validate` accepts."""
    state, move = case.near_miss()
    listed = {*v.legal_moves(state), *(m for m, _ in v.chance_outcomes(state))}
    assert move in listed
    assert v.is_legal(state, move)
    v.validate(v.apply(state, move))


def test_the_seal_phase_needs_a_declared_unicorn_with_a_step():  # V-POWER-UNI-1, V-HS-7, V-ENGINE-3
    """The Unicorn's seal is offered only when it is declared, at home and can still step afterwards;
    otherwise the phase is skipped and a `Seal` is refused in the phase that follows."""
    offered = v.apply(at(declared=U), mv.Step(A0_STEP))
    assert offered.phase is Phase.UNICORN_SEAL
    for state in (
        at(declared=L),  # not declared
        at(uni=HEAVEN_VERTICES[5], declared=U),  # away from home
        at(declared=U, seals=SAME[E0][1:], arc=E0_STEP),  # no step left: nothing may be sealed
    ):
        after = v.apply(state, mv.Step(A0_STEP))
        assert after.phase is not Phase.UNICORN_SEAL
        assert not v.is_legal(after, mv.Seal(E0_FAR))
