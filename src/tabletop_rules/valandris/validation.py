"""Every invariant of a Valandris state, checked on loaded and constructed positions.

`validate` accepts exactly the states that the rules can reach and continue
from; `from_json` and `from_position` run it on everything they build.  Each
field is checked for its exact type and range first (a vertex is an `int`, never
a `bool`, an `IntEnum` member or a numpy integer), then the rules' invariants,
then that the player to act has a move and that a finished game ended in a way
the rules allow.
"""

from __future__ import annotations

from typing import Final, NoReturn

from tabletop_rules.core.errors import InvalidStateError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.valandris.board import CREATURES, CROSS, NAMES, NUM_VERTICES, WORLD, Piece, World
from tabletop_rules.valandris.options import MAX_TURN_CAP, Options
from tabletop_rules.valandris.reach import (
    SEAL_TOKENS,
    SETUP_SEALS,
    archangel_flies,
    can_step,
    leviathan_jumps,
    setup_seal_choices,
    unicorn_seals,
)
from tabletop_rules.valandris.state import Phase, State

__all__ = ["validate"]

_L, _U, _A = Piece.LEVIATHAN, Piece.UNICORN, Piece.ARCHANGEL
_MAX_SEALED: Final = SEAL_TOKENS - 1
"""At most 11 Earth vertices are sealed: the Unicorn seals only if it keeps an open step (V-RULING-18)."""
_FIRST_TURN: Final = frozenset(
    {
        Phase.LEVIATHAN,
        Phase.UNICORN_SEAL,
        Phase.UNICORN,
        Phase.ARCHANGEL,
        Phase.ROLL,
        Phase.BONUS,
        Phase.DECLARE,
    }
)


def _fail(message: str) -> NoReturn:
    raise InvalidStateError(f"invalid Valandris state: {message}")


def validate(state: State) -> None:
    """Check every invariant the rules imply (see `State`).

    Raises:
        InvalidStateError: naming the first broken invariant.
    """
    if type(state) is not State:
        _fail(f"expected a State, not {type(state).__name__}")
    _check_fields(state)
    _check_pieces(state)
    _check_declaration(state)
    _check_crossing(state)
    _check_end(state)
    _check_can_continue(state)


def _is_vertex(value: object) -> bool:
    return type(value) is int and 0 <= value < NUM_VERTICES


def _check_fields(state: State) -> None:
    """Exact types and ranges of every field, before anything reads them."""
    if type(state.options) is not Options or type(state.phase) is not Phase:
        _fail("options must be an Options and phase a Phase")
    creatures, sealed = state.creatures, state.sealed
    if type(creatures) is not tuple or len(creatures) > len(CREATURES):
        _fail("creatures must be a tuple of at most 3 vertices")
    if type(sealed) is not int or sealed < 0:
        _fail("sealed must be a non-negative bitset (an int)")
    if sealed >> NUM_VERTICES:
        _fail("sealed has bits beyond the 52 vertices")
    demon = state.demon
    if not all(_is_vertex(v) for v in creatures) or not (demon is None or _is_vertex(demon)):
        _fail("every piece must be on a vertex index 0..51 (an int)")
    turn, cap = state.turn, state.options.max_turns
    if type(turn) is not int or turn < 0:
        _fail("turn must be a non-negative integer")
    if turn > (MAX_TURN_CAP if cap is None else cap):  # V-END-3
        _fail(f"turn {brief(turn)} is past the cap of {cap if cap is not None else MAX_TURN_CAP} turns")
    score = state.score
    if score is not None and (type(score) is not int or not 1 <= score <= MAX_TURN_CAP + 1):
        _fail(f"score must be None or an integer in 1..{MAX_TURN_CAP + 1}")
    if type(state.captured) is not bool:
        _fail("captured must be True or False")
    declared = state.declared
    if declared is not None and (type(declared) is not Piece or declared not in CREATURES):
        _fail("only a creature (a Piece other than VALANDRIS) can be declared")
    crossing = state.crossing
    if crossing is not None and (
        type(crossing) is not tuple
        or len(crossing) != 2
        or type(crossing[0]) is not Piece
        or crossing[0] not in CREATURES
        or not _is_vertex(crossing[1])
    ):
        _fail("a crossing is a (creature Piece, vertex) pair")


def _check_pieces(state: State) -> None:
    """Where pieces and seals may be (V-SETUP-*, V-HS-5, V-POWER-UNI-2, V-RULING-10, V-RULING-18)."""
    options, phase, turn = state.options, state.phase, state.turn
    creatures, demon, seals = state.creatures, state.demon, state.seals
    expected_count = {Phase.PLACE_LEVIATHAN: 0, Phase.PLACE_UNICORN: 1, Phase.PLACE_ARCHANGEL: 2}.get(
        phase, 3
    )
    if len(creatures) != expected_count:
        _fail(f"phase {phase.name} needs {expected_count} creatures on the board, not {len(creatures)}")
    if len(set(creatures)) != len(creatures):
        _fail("two creatures share a vertex")  # V-HS-5, V-RULING-10
    if any(WORLD[s] != World.EARTH for s in seals):
        _fail("only Earth vertices can be sealed")  # V-POWER-UNI-1
    if len(seals) > _MAX_SEALED:
        _fail(f"{len(seals)} seals: at most {_MAX_SEALED} Earth vertices are ever sealed")  # V-RULING-18
    if phase.is_setup:
        if turn != 0:
            _fail("turn is 0 during setup")
        for creature, v in zip(CREATURES, creatures, strict=False):
            if WORLD[v] != creature.home:
                _fail(f"the {creature.name.title()} is set up in its own world")  # V-SETUP-2
        needed = SETUP_SEALS if phase > Phase.SETUP_SEAL else (len(seals) if phase == Phase.SETUP_SEAL else 0)
        if len(seals) != needed or (phase == Phase.SETUP_SEAL and len(seals) >= SETUP_SEALS):
            _fail(f"phase {phase.name} cannot have {len(seals)} seals")  # V-SETUP-3
        if demon is not None:
            _fail("Valandris is placed last in setup")
        if phase == Phase.SETUP_DECLARE and options.first_turn_power == "none":
            _fail("with first_turn_power='none' setup has no declaration")  # V-RULING-16
    else:
        if turn < 1:
            _fail("turns are numbered from 1 after setup")
        if demon is None:
            _fail("Valandris must be on the board after setup")
    uni = state.unicorn
    own_seal = options.unicorn_may_seal_own_vertex and phase == Phase.UNICORN
    for v in creatures:
        if v in seals and not (own_seal and v == uni):
            _fail(f"a creature stands on the sealed vertex {NAMES[v]}")  # V-POWER-UNI-2
    if uni is not None and phase <= Phase.SETUP_DECLARE and uni in seals:
        _fail("the Unicorn's vertex cannot be sealed at setup")  # V-SETUP-3
    if demon is not None:
        if demon in seals:
            _fail("Valandris stands on a sealed vertex")  # V-DEMON-4
        if demon in creatures and not (phase == Phase.OVER and state.captured):
            _fail("Valandris shares a vertex with a creature but is not captured")  # V-DEMON-5


def _check_declaration(state: State) -> None:
    """V-HS-7, V-HS-8, V-RULING-15, V-RULING-16: who may be declared, and when."""
    options, phase, declared = state.options, state.phase, state.declared
    if phase <= Phase.SETUP_DECLARE and declared is not None:
        _fail("the first declaration comes at the end of setup")
    no_first = options.first_turn_power == "none"
    before_first = phase == Phase.PLACE_VALANDRIS or (state.turn == 1 and phase in _FIRST_TURN)
    if no_first and before_first and declared is not None:
        _fail("with first_turn_power='none' nothing is declared before the end of turn 1")  # V-RULING-16
    if (
        phase > Phase.SETUP_DECLARE
        and declared is None
        and not options.allow_declare_none
        and not (no_first and (before_first or (phase == Phase.OVER and state.turn == 1)))
    ):
        _fail("a creature must be declared")  # V-HS-8
    if phase == Phase.UNICORN_SEAL:
        uni = state.unicorn
        if declared is not _U or uni is None or WORLD[uni] != World.EARTH:
            _fail("the Unicorn seals only when declared and on Earth")  # V-POWER-UNI-1, V-POWER-LEV-1


def _check_crossing(state: State) -> None:
    """V-CROSS-1..6, V-RULING-24: a pending crossing and its target."""
    phase, crossing, creatures = state.phase, state.crossing, state.creatures
    if (crossing is not None) != (phase in (Phase.ROLL, Phase.BONUS)):
        _fail("a pending crossing exists exactly in the ROLL and BONUS phases")
    if crossing is None:
        return
    creature, target = crossing
    if target not in CROSS[creatures[creature]] or target in state.seals or target in creatures:
        _fail("a crossing target is an open cross-world neighbour of the creature")  # V-CROSS-3
    if target == state.demon and not state.options.crossing_target_may_hold_demon:
        _fail("crossing_target_may_hold_demon is off, so a crossing cannot target Valandris")  # V-RULING-24
    if phase == Phase.ROLL and creature is _U:
        _fail("a Unicorn crossing never rolls the die")  # V-CROSS-6


def _blocked(state: State) -> bool:
    """Whether some creature has no legal move in this position (V-HS-3, V-RULING-12)."""
    creatures, sealed, declared = state.creatures, state.sealed, state.declared
    leviathan = can_step(creatures, sealed, _L) or leviathan_jumps(creatures, sealed, state.demon, declared)
    unicorn = can_step(creatures, sealed, _U)
    archangel = can_step(creatures, sealed, _A) or archangel_flies(creatures, declared)
    return not (leviathan and unicorn and archangel)


def _check_end(state: State) -> None:
    """V-END-1..4, V-RULING-12, V-RULING-29: a score exactly at the end, and only ends the rules allow."""
    options, phase, turn, score = state.options, state.phase, state.turn, state.score
    cap = options.max_turns
    if (score is not None) != (phase == Phase.OVER):
        _fail("a score exists exactly when the game is over")
    if phase != Phase.OVER:
        if state.captured:
            _fail("captured is only true once the game is over")
        if phase == Phase.VALANDRIS and turn == cap:
            _fail(f"turn {turn} is the last (max_turns): the game ends at its declaration")  # V-END-3
        return
    if state.captured:
        if score != turn or state.demon not in state.creatures:
            _fail("a capture scores its turn and leaves a creature on Valandris")  # V-END-2
        return
    if cap is None or score != cap + 1:
        _fail("an uncaptured Valandris scores max_turns + 1")  # V-END-3
    if turn != cap and not (options.blocked_creature == "holy_spirit_loses" and _blocked(state)):
        # V-END-3, V-END-4: the game ends uncaptured only when the capped turn is complete, or (under
        # blocked_creature="holy_spirit_loses") when a creature has no legal move (V-RULING-12).
        _fail(f"the game cannot end uncaptured on turn {turn} before the cap of {cap}")


def _check_can_continue(state: State) -> None:
    """The player to act has a legal move (V-ENGINE-3: phases without a choice are never stopped at)."""
    phase, creatures, sealed = state.phase, state.creatures, state.sealed
    if phase == Phase.SETUP_SEAL and not setup_seal_choices(state):
        _fail("the seals so far leave no way to place five in increasing order")  # V-ENGINE-5
    if phase == Phase.UNICORN_SEAL and not unicorn_seals(
        state.options, creatures, sealed, state.demon, state.declared
    ):
        _fail("the Unicorn has nothing to seal, so the seal phase is skipped")  # V-ENGINE-3, V-POWER-UNI-3
    if phase == Phase.UNICORN and not can_step(creatures, sealed, _U):
        _fail("the Unicorn has no legal step, so it stays without a decision")  # V-ENGINE-3, V-RULING-12
    if (
        phase == Phase.ARCHANGEL
        and not can_step(creatures, sealed, _A)
        and not archangel_flies(creatures, state.declared)
    ):
        _fail("the Archangel has no legal move, so it stays without a decision")  # V-ENGINE-3, V-RULING-12
