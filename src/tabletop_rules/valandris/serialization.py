"""JSON for Valandris states, and the invariant check that every loaded state passes.

The format is a flat object with vertex names (``"H4"``) and lower-case
enumeration names::

    {"game": "valandris", "version": 1, "rules": {...}, "phase": "leviathan",
     "turn": 3, "leviathan": "A3", "unicorn": "E0", "archangel": "H5",
     "valandris": "H4", "seals": ["E1", "E7"], "declared": "unicorn",
     "crossing": null, "score": null, "captured": false}

:func:`from_json` rejects anything else with :class:`InvalidStateError`: wrong
types, unknown keys, unknown names, and states that break a rule (:func:`validate`).
"""

from __future__ import annotations

import json
from typing import Any, Final, NoReturn

from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError
from tabletop_rules.valandris.board import CROSS, NAMES, NUM_VERTICES, WORLD, World, vertex_index
from tabletop_rules.valandris.options import Rules
from tabletop_rules.valandris.rules import SEAL_TOKENS, SETUP_SEALS
from tabletop_rules.valandris.state import CREATURES, Phase, Piece, State, seal_mask

__all__ = ["MAX_JSON_CHARS", "from_json", "state_from_dict", "state_to_dict", "to_json", "validate"]

GAME: Final = "valandris"
FORMAT_VERSION: Final = 1
MAX_JSON_CHARS: Final = 100_000
_KEYS: Final = frozenset(
    {
        "game",
        "version",
        "rules",
        "phase",
        "turn",
        "leviathan",
        "unicorn",
        "archangel",
        "valandris",
        "seals",
        "declared",
        "crossing",
        "score",
        "captured",
    }
)
_PIECE_KEYS: Final = ("leviathan", "unicorn", "archangel")


def state_to_dict(state: State) -> dict[str, Any]:
    """The JSON-ready dict of ``state``."""

    def name(v: int | None) -> str | None:
        return NAMES[v] if v is not None else None

    return {
        "game": GAME,
        "version": FORMAT_VERSION,
        "rules": state.rules.to_dict(),
        "phase": state.phase.name.lower(),
        "turn": state.turn,
        **{key: name(state.position(p)) for key, p in zip(_PIECE_KEYS, CREATURES, strict=True)},
        "valandris": name(state.demon),
        "seals": [NAMES[s] for s in sorted(state.seals)],
        "declared": state.declared.name.lower() if state.declared is not None else None,
        "crossing": None
        if state.crossing is None
        else {"creature": state.crossing[0].name.lower(), "target": NAMES[state.crossing[1]]},
        "score": state.score,
        "captured": state.captured,
    }


def to_json(state: State) -> str:
    """The state as canonical JSON text (sorted keys), for storage and exchange."""
    return json.dumps(state_to_dict(state), sort_keys=True)


def from_json(text: str) -> State:
    """The state serialised by :func:`to_json`.

    Raises:
        InvalidStateError: on text that is not JSON, is larger than
            :data:`MAX_JSON_CHARS`, does not follow the format, or describes a
            state that breaks the rules.
    """
    if not isinstance(text, str | bytes):
        raise InvalidStateError(f"from_json takes a str, not {type(text).__name__}")
    if len(text) > MAX_JSON_CHARS:
        raise InvalidStateError(f"JSON text longer than {MAX_JSON_CHARS} characters")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise InvalidStateError(f"not valid JSON: {exc}") from None
    return state_from_dict(data)


def state_from_dict(data: object) -> State:
    """The state described by a dict in the JSON format; see :func:`from_json`."""
    if not isinstance(data, dict):
        raise InvalidStateError(f"a Valandris state is a JSON object, not {type(data).__name__}")
    keys = set(data)
    if keys != _KEYS:
        missing, extra = sorted(_KEYS - keys), sorted(str(k) for k in keys - _KEYS)
        raise InvalidStateError(f"state keys wrong: missing {missing}, unexpected {extra}")
    if data["game"] != GAME:
        raise InvalidStateError(f"not a Valandris state: game is {data['game']!r}")
    if data["version"] != FORMAT_VERSION or isinstance(data["version"], bool):
        raise InvalidStateError(f"unsupported state format version {data['version']!r} (expected 1)")
    try:
        rules = Rules.from_dict(data["rules"])
    except (InvalidOptionError, TypeError) as exc:
        raise InvalidStateError(f"bad rules: {exc}") from None
    phase = _enum(Phase, data["phase"], "phase")
    placed = [_vertex_or_none(data[key], key) for key in _PIECE_KEYS]
    count = sum(v is not None for v in placed)
    if any(v is None for v in placed[:count]):
        raise InvalidStateError("creatures are placed in the order leviathan, unicorn, archangel")
    creatures = tuple(v for v in placed if v is not None)
    seals_raw = data["seals"]
    if not isinstance(seals_raw, list) or len(seals_raw) > SEAL_TOKENS:
        raise InvalidStateError("seals must be a list of at most 12 Earth vertex names")
    seals = [_vertex(s, "seals") for s in seals_raw]
    if len(set(seals)) != len(seals):
        raise InvalidStateError("seals lists a vertex twice")
    declared = None if data["declared"] is None else _enum(Piece, data["declared"], "declared")
    crossing_raw = data["crossing"]
    crossing: tuple[Piece, int] | None = None
    if crossing_raw is not None:
        if not isinstance(crossing_raw, dict) or set(crossing_raw) != {"creature", "target"}:
            raise InvalidStateError('crossing must be null or {"creature": ..., "target": ...}')
        crossing = (
            _enum(Piece, crossing_raw["creature"], "crossing.creature"),
            _vertex(crossing_raw["target"], "crossing.target"),
        )
    turn, score, captured = data["turn"], data["score"], data["captured"]
    if not _is_int(turn):
        raise InvalidStateError(f"turn must be an integer, not {turn!r}")
    if score is not None and not _is_int(score):
        raise InvalidStateError(f"score must be an integer or null, not {score!r}")
    if not isinstance(captured, bool):
        raise InvalidStateError(f"captured must be true or false, not {captured!r}")
    state = State(
        rules,
        phase,
        turn,
        creatures,
        _vertex_or_none(data["valandris"], "valandris"),
        seal_mask(seals),
        declared,
        crossing,
        score,
        captured,
    )
    validate(state)
    return state


def validate(state: State) -> None:
    """Check every invariant the rules imply; raise :class:`InvalidStateError` naming the first broken one."""

    def fail(message: str) -> NoReturn:
        raise InvalidStateError(f"invalid Valandris state: {message}")

    rules, phase, turn = state.rules, state.phase, state.turn
    if not isinstance(rules, Rules) or not isinstance(phase, Phase):
        fail("rules must be a Rules and phase a Phase")
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
        if rules.max_turns is not None and turn > rules.max_turns:
            fail(f"turn {turn} is past the cap of {rules.max_turns}")
        if demon is None:
            fail("Valandris must be on the board after setup")
    uni = state.unicorn
    own_seal = rules.unicorn_may_seal_own_vertex and phase == Phase.UNICORN
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
        and not (rules.allow_declare_none or rules.first_turn_power == "none")
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
        if not captured and (rules.max_turns is None or score != rules.max_turns + 1):
            fail("an uncaptured Valandris scores max_turns + 1")  # V-END-3
    elif captured:
        fail("captured is only true once the game is over")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _vertex(name: object, field: str) -> int:
    if not isinstance(name, str):
        raise InvalidStateError(f"{field}: a vertex name is a string, not {name!r}")
    try:
        return vertex_index(name)
    except KeyError:
        raise InvalidStateError(f"{field}: {name[:20]!r} is not a vertex name") from None


def _vertex_or_none(name: object, field: str) -> int | None:
    return None if name is None else _vertex(name, field)


def _enum(kind: type[Phase] | type[Piece], name: object, field: str) -> Any:
    if not isinstance(name, str) or name.upper() not in kind.__members__ or name != name.lower():
        raise InvalidStateError(
            f"{field}: {str(name)[:30]!r} is not one of {[m.lower() for m in kind.__members__]}"
        )
    return kind[name.upper()]
