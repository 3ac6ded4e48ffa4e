"""Building a state from a described position, instead of playing setup as moves (V-ENGINE-5)."""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Iterable, Mapping
from typing import Any

from tabletop_rules.core.errors import InvalidMoveError, InvalidOptionError, InvalidStateError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.valandris.board import NUM_VERTICES, Piece, vertex_index
from tabletop_rules.valandris.options import Options
from tabletop_rules.valandris.reach import SEAL_TOKENS
from tabletop_rules.valandris.state import Phase, State, seal_mask
from tabletop_rules.valandris.validation import validate

__all__ = ["from_position"]


def _as_vertex(value: int | str, field: str) -> int:
    if type(value) is str:
        try:
            return vertex_index(value.upper() if value.isascii() else value)
        except InvalidMoveError:
            raise InvalidStateError(f"{field}: {brief(value)} is not a vertex name") from None
    if type(value) is not int or not 0 <= value < NUM_VERTICES:
        raise InvalidStateError(f"{field}: {brief(value)} is not a vertex")
    return value


def _seal_list(seals: Iterable[int | str]) -> list[int]:
    """The sealed vertices, reading no more than one past the 12 Earth vertices (`seals` may be endless)."""
    if isinstance(seals, str | bytes) or not isinstance(seals, Iterable):
        raise InvalidStateError(f"seals: expected a collection of vertices, not {brief(seals)}")
    out = [_as_vertex(s, f"seals[{i}]") for i, s in enumerate(itertools.islice(seals, SEAL_TOKENS + 1))]
    if len(out) > SEAL_TOKENS:
        raise InvalidStateError(f"seals: more than the {SEAL_TOKENS} seal tokens")
    if len(set(out)) != len(out):
        raise InvalidStateError("seals: a vertex is listed twice")
    return out


def from_position(
    *,
    leviathan: int | str,
    unicorn: int | str,
    archangel: int | str,
    valandris: int | str,
    seals: Iterable[int | str],
    declared: Piece | str | None,
    turn: int = 1,
    options: Options | Mapping[str, Any] | None = None,
    rules: Options | None = None,
) -> State:
    """The start of Holy Spirit turn `turn` in a given position (V-ENGINE-5).

    Vertices are indices or names (`"H4"`); `declared` is a `Piece`, its
    lower-case name, or `None` where the options allow it.  Creatures may
    stand in foreign worlds (after crossings).

    Args:
        leviathan: the Leviathan's vertex (likewise `unicorn`, `archangel`, `valandris`).
        seals: the sealed Earth vertices.
        declared: the creature whose power may be used this turn.
        turn: the Holy Spirit turn about to be played, from 1.
        options: an `Options`, a dict of its fields, or `None` for the spec's rulings.
        rules: deprecated name of `options`.

    Raises:
        InvalidStateError: if the position breaks a rule (see `validate`).
        InvalidOptionError: on bad options.
    """
    if rules is not None:
        warnings.warn(
            "from_position(rules=...) is deprecated since 0.2 and will be removed in 0.3; use options=...",
            DeprecationWarning,
            stacklevel=2,
        )
        if options is not None:
            raise InvalidOptionError("from_position takes options or rules (deprecated), not both")
        options = rules
    if isinstance(declared, str):
        if type(declared) is not str or declared.upper() not in ("LEVIATHAN", "UNICORN", "ARCHANGEL"):
            raise InvalidStateError(f"declared: {brief(declared)} is not a creature")
        declared = Piece[declared.upper()]
    state = State(
        options=Options.coerce(options),
        phase=Phase.LEVIATHAN,
        turn=turn,
        creatures=(
            _as_vertex(leviathan, "leviathan"),
            _as_vertex(unicorn, "unicorn"),
            _as_vertex(archangel, "archangel"),
        ),
        demon=_as_vertex(valandris, "valandris"),
        sealed=seal_mask(_seal_list(seals)),
        declared=declared,
    )
    validate(state)
    return state
