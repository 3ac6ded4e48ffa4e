"""The immutable Chrononauts state (C-STATE-*) and its small parts.

Everything here is a frozen, slotted ``attrs`` record holding tuples,
frozensets and shared immutable parts (the `Context`, the frames, the
`History` chunks), so states are hashable, compare by value and can be shared
freely.  The rules live in `tabletop_rules.chrononauts.rules`.

Invariants of a reachable state (checked by `validate`, C-STATE-8): every
play-deck card of the variant is in exactly one zone; every goal card in
exactly one place; a ripplepoint is true exactly when its ``paradox_if`` is
false and a patch lies only on its own, paradoxed year with its ``playable_if``
holding; an unfinished game waits for a decision or a chance event, and a
finished one has a result and no frames.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from typing import Any, Final

import attr
import attrs

from tabletop_rules.chrononauts.content.records import CardSet
from tabletop_rules.chrononauts.context import Context
from tabletop_rules.chrononauts.frames import (
    DECISION_FRAMES,
    ChooseFirst,
    DealGoal,
    DeclareChoice,
    DrawCards,
    EndTurn,
    Frame,
    Harvest,
    MiracleDiscard,
    MulliganChoice,
    PlayStep,
    SoloStep,
    VortexDeal,
    Window,
)
from tabletop_rules.chrononauts.history import Event, History, as_history
from tabletop_rules.chrononauts.options import Options
from tabletop_rules.core.frozen import frozen_mapping, native_record
from tabletop_rules.core.jsonio import one_line
from tabletop_rules.core.svg import render_state

__all__ = ["OPEN", "PHASE_NAMES", "TRUE", "QueueEntry", "Result", "State"]

TRUE: Final = "true"
"""Status of a ripplepoint showing its true side."""
OPEN: Final = "open"
"""Status of an open (unpatched) paradox; any other status is the id of the patch on it."""

PHASE_NAMES: Final = frozen_mapping(
    {
        ChooseFirst: "choose-first",
        DealGoal: "deal-goal",
        DrawCards: "draw",
        PlayStep: "play",
        Window: "reaction",
        Harvest: "harvest",
        MiracleDiscard: "miracle-discard",
        MulliganChoice: "mulligan",
        DeclareChoice: "declare",
        SoloStep: "solo-step",
        VortexDeal: "time-vortex",
        EndTurn: "end-turn",
    }
)
"""The name of the phase a top frame stands for (a view's ``phase``; ``"over"`` once the game ended)."""


@attrs.frozen
class QueueEntry:
    """A goal card at the bottom of its pile (C-RULING-28): who put it there, and whether it was revealed."""

    card: str
    returned_by: int
    revealed: bool


@attrs.frozen
class Result:
    """How the game ended, with a human ``reason``.

    With a winner, ``conditions`` lists every win condition met (``mission``, ``id``,
    ``hand_size``; ``all_home`` in Solonauts).  Without one, it names the cause:
    ``universe_destroyed``, ``out_of_cards`` (Solonauts), ``turn_limit`` or ``empty_supply``.
    """

    winner: int | None
    conditions: tuple[str, ...]
    reason: str


class _StateSlots:
    """The slots of `State`'s fields in the pure build, declared in a plain base class so that attrs does
    not take them for defaults (`core.frozen.native_record`); the compiled build ignores them."""

    __slots__ = (
        "__weakref__",
        "active",
        "alt",
        "ctx",
        "discard_pile",
        "draw_pile",
        "extra_turns",
        "hands",
        "home_row",
        "id_pile",
        "id_queue",
        "ids",
        "log",
        "mission_pile",
        "mission_queue",
        "missions",
        "out_of_game",
        "result",
        "revealed_ids",
        "solo_ids",
        "stack",
        "status",
        "tableaux",
        "turn",
    )


@attr.s(frozen=True, init=False, slots=False, repr=False)
class State(_StateSlots):
    """A Chrononauts, Artifaxx or Solonauts position (C-STATE-1).

    Attributes:
        ctx: cards, options and player count (a shared `Context`, compared by value).
        alt: bitmask of the linchpins showing their alternate side (C-STATE-2).
        status: per ripplepoint in Time Index order, ``"true"``, ``"open"`` or the id of its patch.
        draw_pile: copies left of each play-deck card type (a multiset, C-CHANCE-2).
        discard_pile: card ids in order of arrival.
        hands: each player's hand, sorted (order carries no meaning).
        tableaux: each player's face-up Artifacts, in order of arrival.
        ids, missions: each player's goal cards (``""`` when the variant has none).
        id_pile, mission_pile: the hidden random parts; ``id_queue``, ``mission_queue`` the bottom queues.
        revealed_ids: IDs revealed by Your Parents Never Met (C-GOAL-3).
        out_of_game: patches removed from the game (``nullified_patch_destination="out_of_game"``).
        solo_ids, home_row: Solonauts' face-up IDs not yet home, and those home.
        active: the active player; ``turn``: turns started; ``extra_turns``: Fast Forward turns owed.
        stack: pending frames, innermost last.
        result: set once the game is over.
        log: the public history (a `History`; any iterable of events is converted).

    A native record of the compiled build (`core.frozen.native_record`): compiled code builds it and
    reads its fields directly. The constructor takes the fields positionally or by name, in this order.
    """

    __slots__ = ()  # the fields are `_StateSlots`'; attrs takes only the ``attr.ib()`` for fields

    ctx: Context = attr.ib()
    alt: int = attr.ib()
    status: tuple[str, ...] = attr.ib()
    draw_pile: tuple[int, ...] = attr.ib()
    discard_pile: tuple[str, ...] = attr.ib()
    hands: tuple[tuple[str, ...], ...] = attr.ib()
    tableaux: tuple[tuple[str, ...], ...] = attr.ib()
    ids: tuple[str, ...] = attr.ib()
    missions: tuple[str, ...] = attr.ib()
    id_pile: frozenset[str] = attr.ib()
    id_queue: tuple[QueueEntry, ...] = attr.ib()
    mission_pile: frozenset[str] = attr.ib()
    mission_queue: tuple[QueueEntry, ...] = attr.ib()
    revealed_ids: tuple[str, ...] = attr.ib()
    out_of_game: tuple[str, ...] = attr.ib()
    solo_ids: tuple[str, ...] = attr.ib()
    home_row: tuple[str, ...] = attr.ib()
    active: int = attr.ib()
    turn: int = attr.ib()
    extra_turns: int = attr.ib()
    stack: tuple[Frame, ...] = attr.ib()
    result: Result | None = attr.ib()
    log: History = attr.ib()

    def __init__(
        self,
        ctx: Context,
        alt: int,
        status: tuple[str, ...],
        draw_pile: tuple[int, ...],
        discard_pile: tuple[str, ...],
        hands: tuple[tuple[str, ...], ...],
        tableaux: tuple[tuple[str, ...], ...],
        ids: tuple[str, ...],
        missions: tuple[str, ...],
        id_pile: frozenset[str],
        id_queue: tuple[QueueEntry, ...],
        mission_pile: frozenset[str],
        mission_queue: tuple[QueueEntry, ...],
        revealed_ids: tuple[str, ...],
        out_of_game: tuple[str, ...],
        solo_ids: tuple[str, ...],
        home_row: tuple[str, ...],
        active: int,
        turn: int,
        extra_turns: int,
        stack: tuple[Frame, ...],
        result: Result | None,
        log: History | Iterable[Event],
    ) -> None:
        object.__setattr__(self, "ctx", ctx)
        object.__setattr__(self, "alt", alt)
        object.__setattr__(self, "status", status)
        object.__setattr__(self, "draw_pile", draw_pile)
        object.__setattr__(self, "discard_pile", discard_pile)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "tableaux", tableaux)
        object.__setattr__(self, "ids", ids)
        object.__setattr__(self, "missions", missions)
        object.__setattr__(self, "id_pile", id_pile)
        object.__setattr__(self, "id_queue", id_queue)
        object.__setattr__(self, "mission_pile", mission_pile)
        object.__setattr__(self, "mission_queue", mission_queue)
        object.__setattr__(self, "revealed_ids", revealed_ids)
        object.__setattr__(self, "out_of_game", out_of_game)
        object.__setattr__(self, "solo_ids", solo_ids)
        object.__setattr__(self, "home_row", home_row)
        object.__setattr__(self, "active", active)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "extra_turns", extra_turns)
        object.__setattr__(self, "stack", stack)
        object.__setattr__(self, "result", result)
        object.__setattr__(self, "log", as_history(log))

    @staticmethod
    def _built(
        ctx: Context,
        alt: int,
        status: tuple[str, ...],
        draw_pile: tuple[int, ...],
        discard_pile: tuple[str, ...],
        hands: tuple[tuple[str, ...], ...],
        tableaux: tuple[tuple[str, ...], ...],
        ids: tuple[str, ...],
        missions: tuple[str, ...],
        id_pile: frozenset[str],
        id_queue: tuple[QueueEntry, ...],
        mission_pile: frozenset[str],
        mission_queue: tuple[QueueEntry, ...],
        revealed_ids: tuple[str, ...],
        out_of_game: tuple[str, ...],
        solo_ids: tuple[str, ...],
        home_row: tuple[str, ...],
        active: int,
        turn: int,
        extra_turns: int,
        stack: tuple[Frame, ...],
        result: Result | None,
        log: History,
    ) -> State:
        """``State(...)`` for the engine, which passes a `History` (so nothing is converted): compiled,
        a direct call of the constructor; the pure build replaces it with `core.frozen.native_record`'s
        builder, which fills an open twin with plain slot stores."""
        return State(
            ctx,
            alt,
            status,
            draw_pile,
            discard_pile,
            hands,
            tableaux,
            ids,
            missions,
            id_pile,
            id_queue,
            mission_pile,
            mission_queue,
            revealed_ids,
            out_of_game,
            solo_ids,
            home_row,
            active,
            turn,
            extra_turns,
            stack,
            result,
            log,
        )

    def __reduce__(self) -> tuple[type[State], tuple[Any, ...]]:
        """Pickled as its fields (a native class of the compiled build has no default way)."""
        return (State, tuple(getattr(self, name) for name in _FIELDS))

    def __repr__(self) -> str:
        """One line for the REPL (at most 200 characters, `core.jsonio.one_line`) as python-chess's `Board`.

        It names the variant, the player count, the turn, the phase, who acts (a seat or
        ``chance``), the active player, the open paradoxes against the limit (Artifaxx: the
        tableau sizes; Solonauts: the IDs home), the hand sizes and the number of history events;
        once the game is over, the winner and how. It reads counts only, never the history or
        the card tables, so it costs the same at any length of game. The whole state is
        ``to_json(state)``; a readable summary ``describe(state)``; a picture ``render_svg(state)``.
        """
        return one_line("chrononauts.State", self._summary)

    def _summary(self) -> str:
        options = self.ctx.options
        variant = options.variant
        parts = [variant, f"players={self.ctx.players}", f"turn={self.turn}"]
        result = self.result
        if result is not None:
            won = "none" if result.winner is None else f"P{result.winner}"
            parts += ["phase=over", f"winner={won}", f"({','.join(result.conditions)[:40]})"]
        elif self.stack:
            top = self.stack[-1]
            if isinstance(top, Window):  # as `rules.current_player` answers
                actor = f"P{top.eligible[top.index % len(top.eligible)]}"
            elif isinstance(top, SoloStep):
                actor = "P0"
            elif isinstance(top, DECISION_FRAMES):
                actor = f"P{top.player}"
            else:
                actor = "chance"
            phase = PHASE_NAMES.get(type(top), type(top).__name__)
            parts += [f"phase={phase}", f"to_act={actor}"]
        else:
            parts.append("to_act=chance")
        if variant == "solonauts":
            home = len(self.home_row)
            parts += [f"home={home}/{home + len(self.solo_ids)}", f"draw={sum(self.draw_pile)}"]
        else:
            parts.append(f"active=P{self.active}")
        if variant == "artifaxx":
            parts.append(f"artifacts={','.join(str(len(t)) for t in self.tableaux)}")
        else:
            parts.append(f"paradoxes={self.status.count(OPEN)}/{options.paradox_limit}")
        parts += [f"hands={','.join(str(len(h)) for h in self.hands)}", f"events={len(self.log)}"]
        return " ".join(parts)

    def _repr_svg_(self) -> str:
        """The public picture of the game, so that Jupyter shows a state (`render.render_svg`).

        The picture module sits above the rules, so it is found through `core.svg`'s registry
        (the package registers it at import) rather than imported here."""
        return render_state(self)

    @property
    def players(self) -> int:
        return self.ctx.players

    @property
    def options(self) -> Options:
        """The rulings and the variant of this game."""
        return self.ctx.options

    @property
    def config(self) -> Options:
        """Deprecated since 0.2: use ``options``."""
        warnings.warn(
            "State.config is deprecated since 0.2 and will be removed in 0.3; use State.options",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.ctx.options

    @property
    def cards(self) -> CardSet:
        return self.ctx.cards

    @property
    def variant(self) -> str:
        return self.ctx.options.variant

    def open_paradoxes(self) -> int:
        """The open paradox count (C-STATE-6)."""
        return self.status.count(OPEN)

    def ultraparadox(self) -> bool:
        """Whether the UltraParadox is active (C-STATE-7)."""
        year = self.ctx.up_year
        if year is None:
            return False
        status = self.status[self.ctx.cards.ripple_index[year]]
        return status not in (TRUE, OPEN) and self.ctx.cards.play_cards[status].triggers_ultraparadox  # type: ignore[union-attr]

    def side(self, icon: str) -> str:
        """``"true"`` or ``"alt"`` for a linchpin icon."""
        return "alt" if self.alt >> self.ctx.cards.linchpin_by_icon[icon].bit & 1 else "true"

    def year_status(self, year: int) -> str:
        """The status of a ripplepoint year, or the side of a linchpin year."""
        cards = self.ctx.cards
        if year in cards.ripple_index:
            return self.status[cards.ripple_index[year]]
        card = cards.timeline_by_year[year]
        return self.side(card.icon)  # type: ignore[union-attr]

    def draw_pile_size(self) -> int:
        return sum(self.draw_pile)


native_record(State, convert={"log": as_history}, builder="_built")

_FIELDS: Final = tuple(field.name for field in attrs.fields(State))
"""`State`'s field names, in order."""


def successor(
    state: State,
    *,
    draw_pile: tuple[int, ...],
    discard_pile: tuple[str, ...],
    hands: tuple[tuple[str, ...], ...],
    stack: tuple[Frame, ...],
    log: History,
    alt: int | None = None,
    status: tuple[str, ...] | None = None,
    tableaux: tuple[tuple[str, ...], ...] | None = None,
    active: int | None = None,
    turn: int | None = None,
    extra_turns: int | None = None,
) -> State:
    """``state`` with the fields that the commonest moves change (`fast_paths`); the optional ones
    default to ``state``'s, and the goal cards, the queues, the result and the context are kept.

    The same record as ``evolve(state, ...)`` with those keywords, built by `State._built`: compiled, the
    constructor's direct stores; pure, plain slot stores, in about a sixth of the frozen constructor's time.
    """
    return State._built(
        state.ctx,
        state.alt if alt is None else alt,
        state.status if status is None else status,
        draw_pile,
        discard_pile,
        hands,
        state.tableaux if tableaux is None else tableaux,
        state.ids,
        state.missions,
        state.id_pile,
        state.id_queue,
        state.mission_pile,
        state.mission_queue,
        state.revealed_ids,
        state.out_of_game,
        state.solo_ids,
        state.home_row,
        state.active if active is None else active,
        state.turn if turn is None else turn,
        state.extra_turns if extra_turns is None else extra_turns,
        stack,
        state.result,
        log,
    )
