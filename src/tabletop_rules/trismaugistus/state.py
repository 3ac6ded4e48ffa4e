"""The state: frozen ``attrs`` records, tuples and frozensets inside (hashable, compared by value).

Invariants (all checked by :func:`~tabletop_rules.trismaugistus.validation.validate`; ``from_json`` runs it):

* before ``Setup`` the phase is ``"setup"`` and the automa is blank;
* ``pending`` is set exactly when chance acts: the automa's card draw (C-1),
  the black die (C-2), the artifact die (C-4) or the masterpiece draw (C-3);
* a bowl holds at most 5 dice; the automa's levels lie in ``0..max_level``;
* every card id of the automa deck is in exactly one of the draw pile, the
  discard pile, the held purple cards, or the card being resolved.

``trace`` explains the latest transition (what ``apply`` just did), line by
line, each line naming the clause it applies; it is part of the value of the
state.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, Literal, NamedTuple, TypeAlias, TypeVar

import attrs

from tabletop_rules.trismaugistus.moves import Areas, BonusLayout, Bowls, ObjectiveSlot, Offers
from tabletop_rules.trismaugistus.options import TrismaugistusConfig
from tabletop_rules.trismaugistus.pack.records import Pack
from tabletop_rules.trismaugistus.vocabulary import Colour, Element, Face, Side, Symbol

__all__ = [
    "AutomaState",
    "BoardMirror",
    "DieOnTracker",
    "FinalScore",
    "Pending",
    "Phase",
    "State",
    "TraceLine",
    "evolve_state",
]

Phase: TypeAlias = Literal["setup", "round_start", "play", "scoring", "over"]


class TraceLine(NamedTuple):
    """One step of the automa's reasoning: the clause applied and what it did, in words.

    A named pair (``clause``, ``text``): cheap to build on the hot path, compared by value.
    """

    clause: str
    text: str

    def __str__(self) -> str:
        return f"[{self.clause}] {self.text}" if self.clause else self.text


@attrs.frozen
class DieOnTracker:
    """The automa's active die (T-DIE-7): face, colour, placed potency, remaining potency.

    ``matched_symbol`` is the symbol of the pictured die it matched (``None``
    for a fallback die), used by ``wild_experiment_area="matched_symbol"``.
    """

    face: Face
    colour: Colour
    placed: int
    remaining: int
    matched_symbol: Symbol | None = None

    def __str__(self) -> str:
        return f"{self.face}/{self.colour}"


@attrs.frozen
class AutomaState:
    """Everything the engine keeps for the automa (spec 1.3)."""

    vp: int = 0
    gold: int = 0
    ether: int = 0
    levels: tuple[int, ...] = (0, 0, 0, 0)  # ELEMENTS order
    tiebreak_track: Element = "earth"
    starting_experiment: str | None = None
    experiments: tuple[str, ...] = ()  # resolved experiments, in order
    artifacts: tuple[str, ...] = ()
    active_die: DieOnTracker | None = None
    exhausted: tuple[tuple[Face, Colour], ...] = ()  # this round, on the right of the tracker card
    dice_used: int = 0  # this round
    draw_pile: frozenset[str] = frozenset()
    discard: tuple[str, ...] = ()  # bottom to top
    held_purples: tuple[str, ...] = ()  # purple_discard_timing="end_of_turn"


@attrs.frozen
class BoardMirror:
    """The human's report of the table (see :mod:`~tabletop_rules.trismaugistus.moves` for the orders)."""

    bowls: Bowls = ((0, 0, 0),) * 6
    areas: Areas = ((),) * 6
    offers: Offers = ((),) * 3
    objectives: tuple[ObjectiveSlot, ...] = ()
    bonus_layout: BonusLayout = ((),) * 4


@attrs.frozen
class Pending:
    """The chance event the state waits for, with the card being resolved and its die if relevant."""

    kind: Literal["card", "objective_die", "artifact_die", "masterpiece"]
    card_id: str | None = None
    die: DieOnTracker | None = None


@attrs.frozen
class FinalScore:
    """The six-step final scoring (T-SCORE-1..7); ``steps[i]`` is the VP of step ``i + 1``."""

    vp_track: int
    masterpiece_id: str | None
    masterpiece_resolved: bool
    masterpiece_gold: int
    steps: tuple[int, ...]
    symbols: int
    formulas: int
    formulas_bought: int
    total: int


@attrs.frozen(cache_hash=True)
class State:
    """A Trismaugistus game: the pack, the rulings, the automa, the board mirror and the flow."""

    pack: Pack
    config: TrismaugistusConfig
    phase: Phase = "setup"
    difficulty: int = 0
    objectives_enabled: bool = False
    masterpiece_deck: tuple[str, ...] = ()
    round: int = 0
    turn: int = 0  # turns completed so far in the game (the human's and the automa's)
    first_player: Side = "human"
    to_move: Side = "human"
    human_finished: bool = False
    automa_finished: bool = False
    first_finisher: Side | None = None
    human_dice: int = 0  # dice the human drafted this round
    human_experiments: tuple[str, ...] = ()
    human_artifacts: tuple[str, ...] = ()
    automa: AutomaState = AutomaState()
    board: BoardMirror = BoardMirror()
    pending: Pending | None = None
    score: FinalScore | None = None
    trace: tuple[TraceLine, ...] = ()


_T = TypeVar("_T")


def _slot(cls: type, name: str) -> Any:
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass.__dict__[name]
    raise AttributeError(name)  # pragma: no cover


def _fast_constructor(cls: type[_T], probe: _T) -> Callable[..., _T]:
    """A private positional constructor for the frozen, slotted, validator-free attrs class ``cls``.

    It sets every slot through its member descriptor (what the attrs-generated
    ``__init__`` does through ``object.__setattr__``, about twice as fast) and
    resets the cached hash.  The hot path builds its new records with it; the
    result equals ``cls(*values)``, which is checked on ``probe`` at import.
    """
    names = [a.name for a in attrs.fields(cls)]  # type: ignore[arg-type]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    body = ["    self = _new(_cls)"]
    for i, name in enumerate(names):
        namespace[f"_set{i}"] = _slot(cls, name).__set__
        body.append(f"    _set{i}(self, v{i})")
    if any("_attrs_cached_hash" in getattr(k, "__slots__", ()) for k in cls.__mro__):
        namespace["_set_hash"] = _slot(cls, "_attrs_cached_hash").__set__
        body.append("    _set_hash(self, None)")
    args = ", ".join(f"v{i}" for i in range(len(names)))
    source = f"def make({args}):\n" + "\n".join(body) + "\n    return self\n"
    exec(compile(source, f"<fast constructor of {cls.__name__}>", "exec"), namespace)
    make: Callable[..., _T] = namespace["make"]
    copy = make(*(getattr(probe, n) for n in names))
    if copy != probe or hash(copy) != hash(probe):  # pragma: no cover - an attrs change would show here
        raise AssertionError(f"the fast constructor of {cls.__name__} does not rebuild its records")
    return make


new_automa_state: Callable[..., AutomaState] = _fast_constructor(AutomaState, AutomaState())
"""``AutomaState(*all fields, in order)`` without the attrs ``__init__`` (hot path only)."""
new_die: Callable[..., DieOnTracker] = _fast_constructor(DieOnTracker, DieOnTracker("iron", "red", 1, 1))
"""``DieOnTracker(*all fields, in order)`` without the attrs ``__init__`` (hot path only)."""
new_board: Callable[..., BoardMirror] = _fast_constructor(BoardMirror, BoardMirror())
"""``BoardMirror(*all fields, in order)`` without the attrs ``__init__`` (hot path only)."""
new_state: Callable[..., State] = _fast_constructor(
    State,
    State(pack=None, config=None),  # type: ignore[arg-type]
)
"""``State(*all fields, in order)`` without the attrs ``__init__`` (hot path only; no validation)."""

_STATE_FIELDS: tuple[str, ...] = tuple(a.name for a in attrs.fields(State))
_STATE_INDEX: dict[str, int] = {name: i for i, name in enumerate(_STATE_FIELDS)}
_state_values = operator.attrgetter(*_STATE_FIELDS)


def evolve_state(state: State, **changes: Any) -> State:
    """``state`` with ``changes``: a private fast ``attrs.evolve`` for the hot path (no validation)."""
    values = list(_state_values(state))
    for name, value in changes.items():
        values[_STATE_INDEX[name]] = value
    return new_state(*values)
