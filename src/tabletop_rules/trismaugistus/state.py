"""The state: frozen ``attrs`` records, tuples and frozensets inside (hashable, compared by value).

Invariants (all checked by `validation.validate`; ``from_json`` runs it):

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

import warnings
from typing import Any, Final, Literal, NamedTuple, TypeAlias

import attr
import attrs

from tabletop_rules.core.frozen import native_record
from tabletop_rules.core.jsonio import one_line
from tabletop_rules.core.svg import render_state
from tabletop_rules.trismaugistus.content.records import Pack
from tabletop_rules.trismaugistus.moves import Areas, BonusLayout, Bowls, ObjectiveSlot, Offers
from tabletop_rules.trismaugistus.options import Options
from tabletop_rules.trismaugistus.vocabulary import Colour, Element, Face, Side, Symbol

__all__ = [
    "MAX_SCORE",
    "MAX_TALLY",
    "MAX_TRACE_LINES",
    "MAX_TRACE_TEXT",
    "MAX_TURN",
    "AutomaState",
    "BoardMirror",
    "DieOnTracker",
    "FinalScore",
    "Pending",
    "Phase",
    "State",
    "TraceLine",
    "trace_line",
]

Phase: TypeAlias = Literal["setup", "round_start", "play", "scoring", "over"]

# Bounds of the numbers of a state, far above any game (checked by `validate` and `from_json`).
MAX_TALLY: Final = 100_000
"""The most VP, gold or ether dice the automa can hold (with a pack's bounded values a game stays far
below: the automa plays at most about 15 cards a round)."""
MAX_SCORE: Final = 10_000_000
"""The largest step of the final scoring, or total."""
MAX_TURN: Final = 1_000_000_000
"""The most completed turns of a game.  The rules set no bound (a human may end turns without drafting
for ever once the automa has finished a round), so this is the library's: a state past it is refused."""
MAX_TRACE_LINES: Final = 10_000
"""The most lines of a transition's trace (an automa turn writes a few dozen)."""
MAX_TRACE_TEXT: Final = 50_000
"""The longest text of a trace line (a line lists at most the experiments on offer)."""


class TraceLine(NamedTuple):
    """One step of the automa's reasoning: the clause applied and what it did, in words.

    A named pair (``clause``, ``text``): cheap to build on the hot path, compared by value.
    """

    clause: str
    text: str

    def __str__(self) -> str:
        return f"[{self.clause}] {self.text}" if self.clause else self.text


_tuple_new: Final = tuple.__new__


def trace_line(clause: str, text: str) -> TraceLine:
    """``TraceLine(clause, text)``, built without the named tuple's interpreted ``__new__``: a
    transition writes a few lines (a compiled d1 playout: 46.9 k instructions a move against 48.4 k)."""
    return _tuple_new(TraceLine, (clause, text))


@attr.s(frozen=True, auto_attribs=True, init=False, slots=False)
class DieOnTracker:
    """The automa's active die (T-DIE-7): face, colour, placed potency, remaining potency.

    ``matched_symbol`` is the symbol of the pictured die it matched (``None``
    for a fallback die), used by ``wild_experiment_area="matched_symbol"``.
    Built for every card the automa resolves: a native record of the compiled build
    (`core.frozen.native_record`).
    """

    face: Face
    colour: Colour
    placed: int
    remaining: int
    matched_symbol: Symbol | None = attr.ib(default=None)

    def __init__(
        self, face: Face, colour: Colour, placed: int, remaining: int, matched_symbol: Symbol | None = None
    ) -> None:
        object.__setattr__(self, "face", face)
        object.__setattr__(self, "colour", colour)
        object.__setattr__(self, "placed", placed)
        object.__setattr__(self, "remaining", remaining)
        object.__setattr__(self, "matched_symbol", matched_symbol)

    def __reduce__(self) -> tuple[type[DieOnTracker], tuple[Any, ...]]:
        """Pickled as its fields (a native class of the compiled build has no default way)."""
        return (DieOnTracker, (self.face, self.colour, self.placed, self.remaining, self.matched_symbol))

    def __str__(self) -> str:
        return f"{self.face}/{self.colour}"


native_record(DieOnTracker)


class _AutomaSlots:
    """The slots of `AutomaState`'s fields in the pure build, declared in a plain base class so that attrs
    does not take them for defaults (`core.frozen.native_record`); the compiled build ignores them."""

    __slots__ = (
        "__weakref__",
        "active_die",
        "artifacts",
        "dice_used",
        "discard",
        "draw_pile",
        "ether",
        "exhausted",
        "experiments",
        "gold",
        "held_purples",
        "levels",
        "starting_experiment",
        "tiebreak_track",
        "vp",
    )


@attr.s(frozen=True, init=False, slots=False)
class AutomaState(_AutomaSlots):
    """Everything the engine keeps for the automa (spec 1.3).

    Attributes:
        vp, gold, ether: the automa's tallies.
        levels: its mastery markers, in `ELEMENTS` order.
        tiebreak_track: the track of the tie-break cube.
        starting_experiment: its starting experiment (T-SETUP-6).
        experiments, artifacts: what it took, in order (resolved experiments only).
        active_die: the die on its tracker card, if any.
        exhausted: this round's exhausted dice, on the right of the tracker card.
        dice_used: the dice it took this round.
        draw_pile, discard: its deck (the discard pile bottom to top).
        held_purples: purple cards held until the end of its turn (``purple_discard_timing="end_of_turn"``).

    A native record of the compiled build (`core.frozen.native_record`), rebuilt whenever the automa acts.
    """

    __slots__ = ()  # the fields are `_AutomaSlots`'; attrs takes only the ``attr.ib()`` for fields

    vp: int = attr.ib(default=0)
    gold: int = attr.ib(default=0)
    ether: int = attr.ib(default=0)
    levels: tuple[int, ...] = attr.ib(default=(0, 0, 0, 0))
    tiebreak_track: Element = attr.ib(default="earth")
    starting_experiment: str | None = attr.ib(default=None)
    experiments: tuple[str, ...] = attr.ib(default=())
    artifacts: tuple[str, ...] = attr.ib(default=())
    active_die: DieOnTracker | None = attr.ib(default=None)
    exhausted: tuple[tuple[Face, Colour], ...] = attr.ib(default=())
    dice_used: int = attr.ib(default=0)
    draw_pile: frozenset[str] = attr.ib(default=frozenset())
    discard: tuple[str, ...] = attr.ib(default=())
    held_purples: tuple[str, ...] = attr.ib(default=())

    def __init__(
        self,
        vp: int = 0,
        gold: int = 0,
        ether: int = 0,
        levels: tuple[int, ...] = (0, 0, 0, 0),
        tiebreak_track: Element = "earth",
        starting_experiment: str | None = None,
        experiments: tuple[str, ...] = (),
        artifacts: tuple[str, ...] = (),
        active_die: DieOnTracker | None = None,
        exhausted: tuple[tuple[Face, Colour], ...] = (),
        dice_used: int = 0,
        draw_pile: frozenset[str] = frozenset(),
        discard: tuple[str, ...] = (),
        held_purples: tuple[str, ...] = (),
    ) -> None:
        object.__setattr__(self, "vp", vp)
        object.__setattr__(self, "gold", gold)
        object.__setattr__(self, "ether", ether)
        object.__setattr__(self, "levels", levels)
        object.__setattr__(self, "tiebreak_track", tiebreak_track)
        object.__setattr__(self, "starting_experiment", starting_experiment)
        object.__setattr__(self, "experiments", experiments)
        object.__setattr__(self, "artifacts", artifacts)
        object.__setattr__(self, "active_die", active_die)
        object.__setattr__(self, "exhausted", exhausted)
        object.__setattr__(self, "dice_used", dice_used)
        object.__setattr__(self, "draw_pile", draw_pile)
        object.__setattr__(self, "discard", discard)
        object.__setattr__(self, "held_purples", held_purples)

    @staticmethod
    def _built(
        *,
        vp: int,
        gold: int,
        ether: int,
        levels: tuple[int, ...],
        tiebreak_track: Element,
        starting_experiment: str | None,
        experiments: tuple[str, ...],
        artifacts: tuple[str, ...],
        active_die: DieOnTracker | None,
        exhausted: tuple[tuple[Face, Colour], ...],
        dice_used: int,
        draw_pile: frozenset[str],
        discard: tuple[str, ...],
        held_purples: tuple[str, ...],
    ) -> AutomaState:
        """``AutomaState(...)`` with every field, for the transitions: compiled, a direct call of the
        constructor; the pure build replaces it with `core.frozen.native_record`'s builder, which fills an
        open twin with plain slot stores."""
        return AutomaState(
            vp,
            gold,
            ether,
            levels,
            tiebreak_track,
            starting_experiment,
            experiments,
            artifacts,
            active_die,
            exhausted,
            dice_used,
            draw_pile,
            discard,
            held_purples,
        )

    def __reduce__(self) -> tuple[type[AutomaState], tuple[Any, ...]]:
        """Pickled as its fields (a native class of the compiled build has no default way)."""
        return (AutomaState, tuple(getattr(self, name) for name in _AUTOMA_FIELDS))


native_record(AutomaState, builder="_built")

_AUTOMA_FIELDS: Final = tuple(field.name for field in attrs.fields(AutomaState))
_BLANK_AUTOMA: Final = AutomaState()


@attr.s(frozen=True, auto_attribs=True, init=False, slots=False)
class BoardMirror:
    """The human's report of the table (see `tabletop_rules.trismaugistus.moves` for the orders).

    Rebuilt by every draft and take: a native record of the compiled build (`core.frozen.native_record`).
    """

    bowls: Bowls = attr.ib(default=((0, 0, 0),) * 6)
    areas: Areas = attr.ib(default=((),) * 6)
    offers: Offers = attr.ib(default=((),) * 3)
    objectives: tuple[ObjectiveSlot, ...] = attr.ib(default=())
    bonus_layout: BonusLayout = attr.ib(default=((),) * 4)

    def __init__(
        self,
        bowls: Bowls = ((0, 0, 0),) * 6,
        areas: Areas = ((),) * 6,
        offers: Offers = ((),) * 3,
        objectives: tuple[ObjectiveSlot, ...] = (),
        bonus_layout: BonusLayout = ((),) * 4,
    ) -> None:
        object.__setattr__(self, "bowls", bowls)
        object.__setattr__(self, "areas", areas)
        object.__setattr__(self, "offers", offers)
        object.__setattr__(self, "objectives", objectives)
        object.__setattr__(self, "bonus_layout", bonus_layout)

    def __reduce__(self) -> tuple[type[BoardMirror], tuple[Any, ...]]:
        """Pickled as its fields (a native class of the compiled build has no default way)."""
        return (BoardMirror, (self.bowls, self.areas, self.offers, self.objectives, self.bonus_layout))


native_record(BoardMirror)

_BLANK_BOARD: Final = BoardMirror()


@attr.s(frozen=True, auto_attribs=True, init=False, slots=False)
class Pending:
    """The chance event the state waits for, with the card being resolved and its die if relevant.

    Read at every move (who acts): a native record of the compiled build (`core.frozen.native_record`).
    """

    kind: Literal["card", "objective_die", "artifact_die", "masterpiece"]
    card_id: str | None = attr.ib(default=None)
    die: DieOnTracker | None = attr.ib(default=None)

    def __init__(
        self,
        kind: Literal["card", "objective_die", "artifact_die", "masterpiece"],
        card_id: str | None = None,
        die: DieOnTracker | None = None,
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "card_id", card_id)
        object.__setattr__(self, "die", die)

    def __reduce__(self) -> tuple[type[Pending], tuple[Any, ...]]:
        """Pickled as its fields (a native class of the compiled build has no default way)."""
        return (Pending, (self.kind, self.card_id, self.die))


native_record(Pending)


@attrs.frozen
class FinalScore:
    """The six-step final scoring (T-SCORE-1..7); ``steps[i]`` is the VP of step ``i + 1``.

    ``human_score`` is the human's own total once reported (`ReportFinalScore`), else ``None``; the
    engine only compares it with ``total`` (`rules.outcome`).
    """

    vp_track: int
    masterpiece_id: str | None
    masterpiece_resolved: bool
    masterpiece_gold: int
    steps: tuple[int, ...]
    symbols: int
    formulas: int
    formulas_bought: int
    total: int
    human_score: int | None = None


class _StateSlots:
    """The slots of `State`'s fields in the pure build, declared in a plain base class so that attrs does
    not take them for defaults (`core.frozen.native_record`); the compiled build ignores them."""

    __slots__ = (
        "__weakref__",
        "automa",
        "automa_finished",
        "board",
        "difficulty",
        "first_finisher",
        "first_player",
        "human_artifacts",
        "human_dice",
        "human_experiments",
        "human_finished",
        "masterpiece_deck",
        "objectives_enabled",
        "options",
        "pack",
        "pending",
        "phase",
        "round",
        "score",
        "to_move",
        "trace",
        "turn",
    )


@attr.s(frozen=True, init=False, slots=False, repr=False)
class State(_StateSlots):
    """A Trismaugistus game: the pack, the rulings (`options`), the automa, the board mirror and the flow.

    A move builds the next state with `core.evolve` (keyword-only); nothing reachable from a state is
    mutable. ``turn`` counts the turns completed so far in the game (the human's and the automa's);
    ``human_dice`` the dice the human drafted this round.

    A native record of the compiled build (`core.frozen.native_record`): compiled code builds it and
    reads its fields directly. The constructor takes the fields positionally or by name, in this order.
    """

    __slots__ = ()  # the fields are `_StateSlots`'; attrs takes only the ``attr.ib()`` for fields

    pack: Pack = attr.ib()
    options: Options = attr.ib()
    phase: Phase = attr.ib(default="setup")
    difficulty: int = attr.ib(default=0)
    objectives_enabled: bool = attr.ib(default=False)
    masterpiece_deck: tuple[str, ...] = attr.ib(default=())
    round: int = attr.ib(default=0)
    turn: int = attr.ib(default=0)
    first_player: Side = attr.ib(default="human")
    to_move: Side = attr.ib(default="human")
    human_finished: bool = attr.ib(default=False)
    automa_finished: bool = attr.ib(default=False)
    first_finisher: Side | None = attr.ib(default=None)
    human_dice: int = attr.ib(default=0)
    human_experiments: tuple[str, ...] = attr.ib(default=())
    human_artifacts: tuple[str, ...] = attr.ib(default=())
    automa: AutomaState = attr.ib(default=_BLANK_AUTOMA)
    board: BoardMirror = attr.ib(default=_BLANK_BOARD)
    pending: Pending | None = attr.ib(default=None)
    score: FinalScore | None = attr.ib(default=None)
    trace: tuple[TraceLine, ...] = attr.ib(default=())

    def __init__(
        self,
        pack: Pack,
        options: Options,
        phase: Phase = "setup",
        difficulty: int = 0,
        objectives_enabled: bool = False,
        masterpiece_deck: tuple[str, ...] = (),
        round: int = 0,
        turn: int = 0,
        first_player: Side = "human",
        to_move: Side = "human",
        human_finished: bool = False,
        automa_finished: bool = False,
        first_finisher: Side | None = None,
        human_dice: int = 0,
        human_experiments: tuple[str, ...] = (),
        human_artifacts: tuple[str, ...] = (),
        automa: AutomaState = _BLANK_AUTOMA,
        board: BoardMirror = _BLANK_BOARD,
        pending: Pending | None = None,
        score: FinalScore | None = None,
        trace: tuple[TraceLine, ...] = (),
    ) -> None:
        object.__setattr__(self, "pack", pack)
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "difficulty", difficulty)
        object.__setattr__(self, "objectives_enabled", objectives_enabled)
        object.__setattr__(self, "masterpiece_deck", masterpiece_deck)
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "first_player", first_player)
        object.__setattr__(self, "to_move", to_move)
        object.__setattr__(self, "human_finished", human_finished)
        object.__setattr__(self, "automa_finished", automa_finished)
        object.__setattr__(self, "first_finisher", first_finisher)
        object.__setattr__(self, "human_dice", human_dice)
        object.__setattr__(self, "human_experiments", human_experiments)
        object.__setattr__(self, "human_artifacts", human_artifacts)
        object.__setattr__(self, "automa", automa)
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "pending", pending)
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "trace", trace)

    @staticmethod
    def _built(
        *,
        pack: Pack,
        options: Options,
        phase: Phase,
        difficulty: int,
        objectives_enabled: bool,
        masterpiece_deck: tuple[str, ...],
        round: int,
        turn: int,
        first_player: Side,
        to_move: Side,
        human_finished: bool,
        automa_finished: bool,
        first_finisher: Side | None,
        human_dice: int,
        human_experiments: tuple[str, ...],
        human_artifacts: tuple[str, ...],
        automa: AutomaState,
        board: BoardMirror,
        pending: Pending | None,
        score: FinalScore | None,
        trace: tuple[TraceLine, ...],
    ) -> State:
        """``State(...)`` with every field, for the transitions (one state a move): compiled, a direct call
        of the constructor; the pure build replaces it with `core.frozen.native_record`'s builder, which
        fills an open twin with plain slot stores."""
        return State(
            pack,
            options,
            phase,
            difficulty,
            objectives_enabled,
            masterpiece_deck,
            round,
            turn,
            first_player,
            to_move,
            human_finished,
            automa_finished,
            first_finisher,
            human_dice,
            human_experiments,
            human_artifacts,
            automa,
            board,
            pending,
            score,
            trace,
        )

    def __reduce__(self) -> tuple[type[State], tuple[Any, ...]]:
        """Pickled as its fields (a native class of the compiled build has no default way)."""
        return (State, tuple(getattr(self, name) for name in _FIELDS))

    @property
    def config(self) -> Options:
        """Deprecated since 0.2 (removed in 0.3): use `options`."""
        warnings.warn(
            "State.config is deprecated since 0.2 and will be removed in 0.3; use State.options",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.options

    def __repr__(self) -> str:
        """One line for the REPL (at most 200 characters, `core.jsonio.one_line`) as python-chess's `Board`.

        It names the difficulty and modules, the round and turn, the phase, who acts (``P0``, the
        human who reports, or the chance event awaited), whose side of the table plays
        (``side=human`` or ``automa``), the automa's VP, gold and ether,
        its final score once the game is over, and the pack. It reads a few fields, never the
        trace or the pack's tables. The whole state is ``to_json(state)``; everything the engine
        believes about the table ``describe(state)`` (text) or ``mirror(state)`` (a dict).
        """
        return one_line("trismaugistus.State", self._summary)

    def _repr_svg_(self) -> str:
        """The automa's side of the table as SVG, so that Jupyter shows a state (`render.render_svg`).

        The picture module sits above the rules, so it is found through `core.svg`'s registry
        (the package registers it at import) rather than imported here."""
        return render_state(self)

    def _summary(self) -> str:
        pack = f"pack={self.pack.pack_id[:40]!r}"
        if self.phase == "setup":
            return f"phase=setup {pack}"
        modules = "+objectives" if self.objectives_enabled else ""
        parts = [f"d{self.difficulty}{modules}", f"round={self.round}", f"turn={self.turn}"]
        parts.append(f"phase={self.phase}")
        if self.pending is not None:  # as `rules.current_player` answers
            parts.append(f"to_act=chance({self.pending.kind})")
        elif self.phase != "over":
            parts.append("to_act=P0")  # the human reports, for both sides of the table
        if self.phase == "play":
            parts.append(f"side={self.to_move}")
        automa = self.automa
        parts.append(f"automa=VP{automa.vp}/gold{automa.gold}/ether{automa.ether}")
        if self.score is not None:
            human = "?" if self.score.human_score is None else str(self.score.human_score)
            parts.append(f"score={self.score.total} human={human}")
        parts.append(pack)
        return " ".join(parts)


native_record(State, builder="_built")

_FIELDS: Final = tuple(field.name for field in attrs.fields(State))
"""`State`'s field names, in order."""
