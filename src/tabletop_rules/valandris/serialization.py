"""JSON for Valandris states: written canonically, read through `core.jsonio`, then validated.

The format is a flat object with vertex names (`"H4"`) and lower-case
enumeration names (the key `"rules"` holds the `Options`)::

    {"game": "valandris", "version": 1, "rules": {...}, "phase": "leviathan",
     "turn": 3, "leviathan": "A3", "unicorn": "E0", "archangel": "H5",
     "valandris": "H4", "seals": ["E1", "E7"], "declared": "unicorn",
     "crossing": null, "score": null, "captured": false}

`from_json` rejects anything else with `InvalidStateError`: oversized or
non-strict JSON, wrong types, unknown keys, unknown names, and states that
break a rule (`validate`).
"""

from __future__ import annotations

import json
from typing import Any, Final

from tabletop_rules.core.errors import InvalidMoveError, InvalidOptionError, InvalidStateError
from tabletop_rules.core.jsonio import Fields, brief, load_json
from tabletop_rules.valandris.board import CREATURES, NAMES, Piece, vertex_index
from tabletop_rules.valandris.options import MAX_TURN_CAP, Options
from tabletop_rules.valandris.rules import SEAL_TOKENS
from tabletop_rules.valandris.state import Phase, State, seal_mask
from tabletop_rules.valandris.validation import validate

__all__ = ["FORMAT_VERSION", "MAX_JSON_CHARS", "from_json", "state_from_dict", "state_to_dict", "to_json"]

GAME: Final = "valandris"
FORMAT_VERSION: Final = 1
"""The version of the state JSON (the key `"version"`)."""
MAX_JSON_CHARS: Final = 100_000
"""The longest state JSON text that `from_json` reads."""
_KEYS: Final = (
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
)
_PIECE_KEYS: Final = ("leviathan", "unicorn", "archangel")


def state_to_dict(state: State) -> dict[str, Any]:
    """The JSON-ready dict of `state`."""

    def name(v: int | None) -> str | None:
        return NAMES[v] if v is not None else None

    return {
        "game": GAME,
        "version": FORMAT_VERSION,
        "rules": state.options.to_dict(),
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
    """The state serialised by `to_json`.

    Raises:
        InvalidStateError: on text that is not a `str` (or UTF-8 `bytes`), is
            longer than `MAX_JSON_CHARS`, is not strict JSON, does not follow
            the format, or describes a state that breaks the rules.
    """
    return state_from_dict(load_json(text, limit=MAX_JSON_CHARS, what="Valandris state JSON"))


def state_from_dict(data: object) -> State:
    """The state described by a dict in the JSON format; see `from_json`.

    Raises:
        InvalidStateError: on a dict that does not follow the format, or a state
            that breaks the rules.
    """
    f = Fields(data, "state", required=_KEYS)
    if f.raw("game") != GAME:
        raise InvalidStateError(f"not a Valandris state: game is {brief(f.raw('game'))}")
    version = f.raw("version")
    if type(version) is not int or version != FORMAT_VERSION:
        raise InvalidStateError(
            f"state.version: state format version {brief(version)} is not supported "
            f"(this library reads version {FORMAT_VERSION}, an integer)"
        )
    try:
        options = Options.from_dict(f.raw("rules"))
    except InvalidOptionError as exc:
        raise InvalidStateError(f"state.rules: {exc}") from None
    phase = _enum(Phase, f.raw("phase"), "state.phase")
    placed = [_vertex_or_none(f.raw(key), f.path(key)) for key in _PIECE_KEYS]
    count = sum(v is not None for v in placed)
    if any(v is None for v in placed[:count]):
        raise InvalidStateError("creatures are placed in the order leviathan, unicorn, archangel")
    seals = f.items("seals", _vertex, max_len=SEAL_TOKENS)
    if len(set(seals)) != len(seals):
        raise InvalidStateError("state.seals lists a vertex twice")
    declared = f.raw("declared")
    crossing: tuple[Piece, int] | None = None
    if f.raw("crossing") is not None:
        c = f.child("crossing", required=("creature", "target"))
        crossing = (
            _enum(Piece, c.raw("creature"), c.path("creature")),
            _vertex(c.raw("target"), c.path("target")),
        )
    state = State(
        options=options,
        phase=phase,
        turn=f.integer("turn", low=0, high=MAX_TURN_CAP),
        creatures=tuple(v for v in placed if v is not None),
        demon=_vertex_or_none(f.raw("valandris"), f.path("valandris")),
        sealed=seal_mask(seals),
        declared=None if declared is None else _enum(Piece, declared, f.path("declared")),
        crossing=crossing,
        score=f.optional_integer("score", low=1, high=MAX_TURN_CAP + 1),
        captured=f.boolean("captured"),
    )
    validate(state)
    return state


def _vertex(name: object, where: str) -> int:
    if type(name) is not str:
        raise InvalidStateError(f"{where}: a vertex name is a string, not {brief(name)}")
    try:
        return vertex_index(name)
    except InvalidMoveError:
        raise InvalidStateError(f"{where}: {brief(name)} is not a vertex name") from None


def _vertex_or_none(name: object, where: str) -> int | None:
    return None if name is None else _vertex(name, where)


def _enum(kind: type[Phase] | type[Piece], name: object, where: str) -> Any:
    if not isinstance(name, str) or name.upper() not in kind.__members__ or name != name.lower():
        raise InvalidStateError(
            f"{where}: {brief(name)} is not one of {[m.lower() for m in kind.__members__]}"
        )
    return kind[name.upper()]
