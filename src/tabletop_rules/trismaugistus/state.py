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
from typing import TYPE_CHECKING, Final, Literal, NamedTuple, TypeAlias

import attrs

from tabletop_rules.core.frozen import open_layout
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


class _AutomaSlots:
    """The slots of `AutomaState`'s fields, for `new_automa` (see `core.frozen.open_layout`)."""

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


@attrs.frozen
class AutomaState(_AutomaSlots):
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
    """The human's report of the table (see `tabletop_rules.trismaugistus.moves` for the orders)."""

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
    """The slots of `State`'s fields, declared in a plain base class so that `new_state` can fill
    them (see `core.frozen.open_layout`)."""

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


@attrs.frozen(cache_hash=True, repr=False)
class State(_StateSlots):
    """A Trismaugistus game: the pack, the rulings (`options`), the automa, the board mirror and the flow.

    A move builds the next state with `core.evolve` (keyword-only); nothing
    reachable from a state is mutable.
    """

    pack: Pack
    options: Options
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


_OPEN_STATE: Final = open_layout(State)
_OPEN_AUTOMA: Final = open_layout(AutomaState)

if TYPE_CHECKING:
    # for mypy: the same keywords and types as the constructors
    new_state = State
    new_automa = AutomaState
else:

    def new_automa(
        *,
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
    ):
        """``AutomaState(...)`` with every field given, in half the time (`core.frozen.open_layout`)."""
        automa = object.__new__(_OPEN_AUTOMA)
        automa.vp = vp
        automa.gold = gold
        automa.ether = ether
        automa.levels = levels
        automa.tiebreak_track = tiebreak_track
        automa.starting_experiment = starting_experiment
        automa.experiments = experiments
        automa.artifacts = artifacts
        automa.active_die = active_die
        automa.exhausted = exhausted
        automa.dice_used = dice_used
        automa.draw_pile = draw_pile
        automa.discard = discard
        automa.held_purples = held_purples
        automa.__class__ = AutomaState  # the same layout: from here on a frozen AutomaState
        return automa

    def new_state(
        *,
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
    ):
        """``State(...)`` with every field given, in half the time (`core.frozen.open_layout`):
        for the transitions, which build one state per move."""
        state = object.__new__(_OPEN_STATE)
        state.pack = pack
        state.options = options
        state.phase = phase
        state.difficulty = difficulty
        state.objectives_enabled = objectives_enabled
        state.masterpiece_deck = masterpiece_deck
        state.round = round
        state.turn = turn
        state.first_player = first_player
        state.to_move = to_move
        state.human_finished = human_finished
        state.automa_finished = automa_finished
        state.first_finisher = first_finisher
        state.human_dice = human_dice
        state.human_experiments = human_experiments
        state.human_artifacts = human_artifacts
        state.automa = automa
        state.board = board
        state.pending = pending
        state.score = score
        state.trace = trace
        state._attrs_cached_hash = None
        state.__class__ = State  # the same layout: from here on a frozen State
        return state
