"""The Valandris state: everything needed to continue a game, mid-turn included (V-ENGINE-4).

A state is a frozen, hashable value.  There is no hidden engine memory: the
phase says which atomic decision comes next, and a pending crossing is part of
the state.

Invariants (checked by `validation.validate` on every loaded state):

* `creatures` holds 0, 1, 2 or 3 distinct vertices (setup places them in
  order), then always 3; no creature stands on a seal, except the Unicorn on
  the vertex it has just sealed under `unicorn_may_seal_own_vertex`.
* `sealed` is a bitset over Earth vertices only, with at most 12 seals.
* `demon` is `None` exactly until Valandris places himself; he never stands
  on a seal, nor on a creature unless the game ended with a capture.
* `crossing` is set exactly in the `ROLL` and `BONUS` phases.
* `score` is set exactly when the phase is `OVER`: the capture turn, or
  `max_turns + 1` without a capture.
"""

from __future__ import annotations

import enum
import warnings
from collections.abc import Iterable
from typing import Any, Final

import attrs

from tabletop_rules.core.frozen import open_layout
from tabletop_rules.core.jsonio import one_line
from tabletop_rules.core.svg import render_state
from tabletop_rules.valandris.board import CREATURES, NAMES, Piece
from tabletop_rules.valandris.options import Options

__all__ = [
    "CREATURES",
    "HOLY_SPIRIT",
    "VALANDRIS",
    "Phase",
    "Piece",
    "State",
    "seal_mask",
]

HOLY_SPIRIT: Final = 0
"""Player index of the Holy Spirit, who moves first."""
VALANDRIS: Final = 1
"""Player index of Valandris, the demon."""


class Phase(enum.IntEnum):
    """Which atomic decision comes next (V-ENGINE-1, V-ENGINE-5)."""

    PLACE_LEVIATHAN = 0  # setup: the Holy Spirit places the Leviathan in the Abyss
    PLACE_UNICORN = 1  # ... the Unicorn on Earth
    PLACE_ARCHANGEL = 2  # ... the Archangel in Heaven
    SETUP_SEAL = 3  # ... seals 5 Earth vertices, in increasing vertex order
    SETUP_DECLARE = 4  # ... declares the creature for turn 1 (V-RULING-16)
    PLACE_VALANDRIS = 5  # Valandris places himself
    LEVIATHAN = 6  # first decision of a Holy Spirit turn: the Leviathan's move, or a crossing
    UNICORN_SEAL = 7  # the declared Unicorn may seal an Earth vertex
    UNICORN = 8  # the Unicorn's step
    ARCHANGEL = 9  # the Archangel's step or fly
    ROLL = 10  # chance: the d12 after a Leviathan or Archangel crossing declaration
    BONUS = 11  # Valandris' bonus step inside a crossing turn
    DECLARE = 12  # the Holy Spirit declares the creature for its next turn
    VALANDRIS = 13  # Valandris' turn: 0-2 steps
    OVER = 14  # the game has ended

    @property
    def is_setup(self) -> bool:
        return self <= Phase.PLACE_VALANDRIS


def seal_mask(vertices: Iterable[int]) -> int:
    """The bitset of a collection of vertex indices, as stored in `State.sealed`."""
    mask = 0
    for v in vertices:
        mask |= 1 << v
    return mask


class _StateSlots:
    """The slots of `State`'s fields, declared in a plain base class so that `successor` can fill them
    (see `core.frozen.open_layout`)."""

    __slots__ = (
        "__weakref__",
        "captured",
        "creatures",
        "crossing",
        "declared",
        "demon",
        "options",
        "phase",
        "score",
        "sealed",
        "turn",
    )


@attrs.frozen(repr=False)
class State(_StateSlots):
    """A Valandris position.

    Attributes:
        options: the rulings in force (part of the state, so a state is self-contained).
        phase: the next atomic decision.
        turn: the Holy Spirit turn number, from 1 (0 during setup).
        creatures: the vertices of the Leviathan, the Unicorn and the Archangel,
            in that order; shorter during setup, before all are placed.
        demon: Valandris' vertex, or `None` before he is placed.
        sealed: the sealed Earth vertices as a bitset (bit `v` set when `v` is
            sealed); `seals` gives the same set as a frozenset.
        declared: the creature whose power may be used this (or the next) turn.
        crossing: the pending crossing `(creature, target)` during `ROLL` and `BONUS`.
        score: Valandris' score once the game is over (`None` while it runs).
        captured: whether the game ended with a capture.
    """

    options: Options
    phase: Phase
    turn: int
    creatures: tuple[int, ...]
    demon: int | None
    sealed: int
    declared: Piece | None
    crossing: tuple[Piece, int] | None = None
    score: int | None = None
    captured: bool = False

    @property
    def rules(self) -> Options:
        """Deprecated: the options in force; use `options`."""
        warnings.warn(
            "valandris.State.rules is deprecated since 0.2 and will be removed in 0.3; use State.options",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.options

    @property
    def seals(self) -> frozenset[int]:
        """The sealed Earth vertices."""
        mask, out, v = self.sealed, [], 0
        while mask:
            if mask & 1:
                out.append(v)
            mask >>= 1
            v += 1
        return frozenset(out)

    @property
    def leviathan(self) -> int | None:
        return self.creatures[0] if len(self.creatures) > 0 else None

    @property
    def unicorn(self) -> int | None:
        return self.creatures[1] if len(self.creatures) > 1 else None

    @property
    def archangel(self) -> int | None:
        return self.creatures[2] if len(self.creatures) > 2 else None

    def position(self, piece: Piece) -> int | None:
        """The vertex of `piece`, or `None` if it is not on the board yet."""
        if piece is Piece.VALANDRIS:
            return self.demon
        return self.creatures[piece] if len(self.creatures) > piece else None

    def _repr_svg_(self) -> str:
        """The board as SVG, so that Jupyter shows a state as a picture (`render.render_svg`).

        The picture module sits above the rules, so it is found through `core.svg`'s registry
        (the package registers it at import) rather than imported here."""
        return render_state(self)

    def __repr__(self) -> str:
        """A one-line summary for the REPL (well under 200 characters), like python-chess's `Board`.

        The turn, the phase, who acts (``P0`` the Holy Spirit, ``P1`` Valandris, ``chance`` at a
        roll), the pieces, the seals, the declared creature and, once the game is over, the score.
        The whole state is ``to_json(state)``; a sentence ``describe(state)``; a picture
        ``render_svg(state)``.
        """
        return one_line("valandris.State", self._summary)

    def _summary(self) -> str:
        pieces = ", ".join(f"{p.letter}={NAMES[v]}" for p, v in zip(CREATURES, self.creatures, strict=False))
        demon = NAMES[self.demon] if self.demon is not None else "-"
        seals = ",".join(NAMES[s] for s in sorted(self.seals)) or "-"
        declared = self.declared.letter if self.declared is not None else "-"
        extra = f", score={self.score}" if self.score is not None else ""
        return (
            f"turn={self.turn} phase={self.phase.name} to_act={_ACTS[self.phase]} "
            f"{pieces}, V={demon}, seals={seals}, declared={declared}{extra}"
        )


OPEN_STATE: Final = open_layout(State)
"""`State`'s twin without the frozen guard (`core.frozen.open_layout`): `successor` fills one with plain
slot stores, then makes it a `State`.

Kept by measurement (issue 25's bar: 10 %): a random playout takes 44.8 k instructions a move with the
constructor in `rules` and 33.4 k with `successor` in the pure build, 33.4 k and 23.1 k in the compiled
one (callgrind, 20 seeded games, 2026-11-28); `benchmarks/shortcuts.py --instructions --games 10 --only
Valandris`, whose constructor sits behind one call more, gives 1.40 and 1.60. The frozen constructor
writes each field through ``object.__setattr__``, about 1,100 instructions a field."""


def successor(
    state: State,
    *,
    phase: Phase,
    turn: int,
    creatures: tuple[int, ...],
    demon: int | None,
    sealed: int,
    declared: Piece | None,
    crossing: tuple[Piece, int] | None,
    score: int | None,
    captured: bool,
) -> State:
    """`state` with every field but its options replaced: the same record as
    ``State(options=state.options, phase=phase, ...)``, built for the rules' every move.

    The twin class (`OPEN_STATE`) is filled with plain slot stores, where the frozen constructor writes
    each field through ``object.__setattr__`` (a method call per field).
    """
    new: Any = object.__new__(OPEN_STATE)
    new.options = state.options
    new.phase = phase
    new.turn = turn
    new.creatures = creatures
    new.demon = demon
    new.sealed = sealed
    new.declared = declared
    new.crossing = crossing
    new.score = score
    new.captured = captured
    new.__class__ = State  # the same layout: the object becomes a frozen State
    return new  # type: ignore[no-any-return]


_ACTS: Final = {
    **dict.fromkeys(Phase, "P0"),
    Phase.PLACE_VALANDRIS: "P1",
    Phase.BONUS: "P1",
    Phase.VALANDRIS: "P1",
    Phase.ROLL: "chance",
    Phase.OVER: "-",
}
"""Who acts in each phase, as `State.__repr__` writes it (`rules.current_player` is the rule)."""
