"""Every invariant of a Valandris state, checked on loaded and constructed positions.

`validate` accepts exactly the states that the rules can reach and continue
from; `from_json` and `from_position` run it on everything they build.
"""

from __future__ import annotations

from typing import NoReturn

from tabletop_rules.core.errors import InvalidStateError
from tabletop_rules.valandris.board import CREATURES, CROSS, NAMES, NUM_VERTICES, WORLD, Piece, World
from tabletop_rules.valandris.options import Options
from tabletop_rules.valandris.rules import SETUP_SEALS
from tabletop_rules.valandris.state import Phase, State

__all__ = ["validate"]


def validate(state: State) -> None:
    """Check every invariant the rules imply (see `State`).

    Raises:
        InvalidStateError: naming the first broken invariant.
    """

    def fail(message: str) -> NoReturn:
        raise InvalidStateError(f"invalid Valandris state: {message}")

    options, phase, turn = state.options, state.phase, state.turn
    if not isinstance(options, Options) or not isinstance(phase, Phase):
        fail("options must be an Options and phase a Phase")
    creatures, demon = state.creatures, state.demon
    if not isinstance(creatures, tuple) or not _is_int(state.sealed) or state.sealed < 0:
        fail("creatures must be a tuple and sealed a non-negative bitset")
    if state.sealed >> NUM_VERTICES:
        fail("sealed has bits beyond the 52 vertices")
    seals = state.seals
    vertices = [*creatures, *seals] + ([demon] if demon is not None else [])
    if not all(_is_int(v) and 0 <= v < NUM_VERTICES for v in vertices):
        fail("every piece and seal must be on a vertex index 0..51")
    if not _is_int(turn) or turn < 0:
        fail("turn must be a non-negative integer")
    expected_count = {Phase.PLACE_LEVIATHAN: 0, Phase.PLACE_UNICORN: 1, Phase.PLACE_ARCHANGEL: 2}.get(
        phase, 3
    )
    if len(creatures) != expected_count:
        fail(f"phase {phase.name} needs {expected_count} creatures on the board, not {len(creatures)}")
    if len(set(creatures)) != len(creatures):
        fail("two creatures share a vertex")  # V-HS-5, V-RULING-10
    if any(WORLD[s] != World.EARTH for s in seals):
        fail("only Earth vertices can be sealed")  # V-POWER-UNI-1
    if phase.is_setup:
        if turn != 0:
            fail("turn is 0 during setup")
        for creature, v in zip(CREATURES, creatures, strict=False):
            if WORLD[v] != creature.home:
                fail(f"the {creature.name.title()} is set up in its own world")  # V-SETUP-2
        needed = SETUP_SEALS if phase > Phase.SETUP_SEAL else (len(seals) if phase == Phase.SETUP_SEAL else 0)
        if len(seals) != needed or (phase == Phase.SETUP_SEAL and len(seals) >= SETUP_SEALS):
            fail(f"phase {phase.name} cannot have {len(seals)} seals")  # V-SETUP-3
        if demon is not None:
            fail("Valandris is placed last in setup")
    else:
        if turn < 1:
            fail("turns are numbered from 1 after setup")
        if options.max_turns is not None and turn > options.max_turns:
            fail(f"turn {turn} is past the cap of {options.max_turns}")
        if demon is None:
            fail("Valandris must be on the board after setup")
    uni = state.unicorn
    own_seal = options.unicorn_may_seal_own_vertex and phase == Phase.UNICORN
    for v in creatures:
        if v in seals and not (own_seal and v == uni):
            fail(f"a creature stands on the sealed vertex {NAMES[v]}")  # V-POWER-UNI-2
    if uni is not None and phase <= Phase.SETUP_DECLARE and uni in seals:
        fail("the Unicorn's vertex cannot be sealed at setup")  # V-SETUP-3
    if demon is not None:
        if demon in seals:
            fail("Valandris stands on a sealed vertex")
        if demon in creatures and not (phase == Phase.OVER and state.captured):
            fail("Valandris shares a vertex with a creature but is not captured")
    declared = state.declared
    if declared is not None and declared not in CREATURES:
        fail("only a creature can be declared")
    if phase <= Phase.SETUP_DECLARE and declared is not None:
        fail("the first declaration comes at the end of setup")
    if (
        phase > Phase.SETUP_DECLARE
        and declared is None
        and not (options.allow_declare_none or options.first_turn_power == "none")
    ):
        fail("a creature must be declared")  # V-HS-8
    if phase == Phase.UNICORN_SEAL and (
        declared is not Piece.UNICORN or uni is None or WORLD[uni] != World.EARTH
    ):
        fail("the Unicorn seals only when declared and on Earth")
    crossing = state.crossing
    if (crossing is not None) != (phase in (Phase.ROLL, Phase.BONUS)):
        fail("a pending crossing exists exactly in the ROLL and BONUS phases")
    if crossing is not None:
        creature, target = crossing
        if creature not in CREATURES or not (_is_int(target) and 0 <= target < NUM_VERTICES):
            fail("a crossing names a creature and a vertex")
        if target not in CROSS[creatures[creature]] or target in seals or target in creatures:
            fail("a crossing target is an open cross-world neighbour of the creature")  # V-CROSS-3
        if phase == Phase.ROLL and creature is Piece.UNICORN:
            fail("a Unicorn crossing never rolls the die")  # V-CROSS-6
    score, captured = state.score, state.captured
    if (score is not None) != (phase == Phase.OVER):
        fail("a score exists exactly when the game is over")
    if phase == Phase.OVER:
        if captured and (score != turn or demon not in creatures):
            fail("a capture scores its turn and leaves a creature on Valandris")  # V-END-2
        if not captured and (options.max_turns is None or score != options.max_turns + 1):
            fail("an uncaptured Valandris scores max_turns + 1")  # V-END-3
    elif captured:
        fail("captured is only true once the game is over")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
