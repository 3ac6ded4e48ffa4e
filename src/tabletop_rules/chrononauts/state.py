"""Chrononauts moves, pending-work frames and the immutable game state (C-STATE-*).

Everything here is a frozen, slotted ``attrs`` record holding tuples, so states
are hashable and compare by value.  The rules live in :mod:`.rules`.

The state keeps a *stack of frames*: the work still to do, innermost on top
(a reaction window over the card it may cancel, a Fast Forward's remaining
plays, a Miracle's set-aside hand, a draw of several cards...).  The frame on
top says who acts next: a player (a decision), chance, or nobody (the engine
resolves it at once).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Iterator
from fractions import Fraction
from typing import Final, TypeAlias, overload

import attrs

from tabletop_rules.chrononauts.cards import CardSet, Condition
from tabletop_rules.chrononauts.options import RulesConfig

__all__ = [
    "OPEN",
    "TRUE",
    "ChooseFirst",
    "Context",
    "Deal",
    "DealGoal",
    "Declare",
    "DeclareChoice",
    "Discard",
    "Draw",
    "DrawCards",
    "EndTurn",
    "Event",
    "FirstPlayer",
    "Frame",
    "Harvest",
    "History",
    "KillTime",
    "Memo",
    "MiracleDiscard",
    "MiracleEnd",
    "Move",
    "Mulligan",
    "MulliganChoice",
    "Pass",
    "Play",
    "PlayStep",
    "QueueEntry",
    "Record",
    "Result",
    "RippleCheck",
    "SoloAfter",
    "SoloStep",
    "SoloTurn",
    "State",
    "TurnStart",
    "VortexDeal",
    "Window",
]

TRUE: Final = "true"
"""Status of a ripplepoint showing its true side."""
OPEN: Final = "open"
"""Status of an open (unpatched) paradox; any other status is the id of the patch on it."""


# --------------------------------------------------------------------------- moves


@attrs.frozen
class Play:
    """Announce a card (C-PLAY-1): ``target`` is a linchpin icon (Inverter), an Artifact id
    (Get There First, Sell an Artifact, Miracle, It Never Existed), a seat (New Mission,
    Your Parents Never Met), ``"next"``/``"previous"`` (Discontinuity), or ``None``."""

    card: str
    target: str | int | None = None


@attrs.frozen
class KillTime:
    """Killing Time (C-TURN-4): discard one card, or two and draw one."""

    cards: tuple[str, ...]


@attrs.frozen
class Discard:
    """Discard one card: a Miracle's discards and fallback (C-ACT-4), a Solonauts step (C-SOLO-4)."""

    card: str


@attrs.frozen
class Memo:
    """Play a Memo in the open reaction window (C-MEMO-1)."""

    card: str


@attrs.frozen
class Pass:
    """Let the card in the open reaction window stand (C-MEMO-3)."""


@attrs.frozen
class Mulligan:
    """Identity mulligan (C-SETUP-5): ``take`` a new ID or keep the one dealt."""

    take: bool


@attrs.frozen
class Declare:
    """With ``auto_declare_victory=False``: claim the win now, or let the chance go (C-RULING-27)."""

    claim: bool


@attrs.frozen
class Draw:
    """Chance: this card comes off the draw pile (or out of a Time Vortex's pool)."""

    card: str


@attrs.frozen
class Deal:
    """Chance: this ID or Mission is the "top card" of its pile (C-CHANCE-5)."""

    card: str


@attrs.frozen
class FirstPlayer:
    """Chance: this seat plays first (C-RULING-36)."""

    player: int


Move: TypeAlias = Play | KillTime | Discard | Memo | Pass | Mulligan | Declare | Draw | Deal | FirstPlayer


# --------------------------------------------------------------------------- frames


@attrs.frozen
class ChooseFirst:
    """Chance: the first player."""


@attrs.frozen
class DealGoal:
    """Take the top card of the ID or Mission pile for ``player`` (chance while the random part has cards)."""

    player: int
    pile: str  # "id" | "mission"


@attrs.frozen
class MulliganChoice:
    player: int
    remaining: int


@attrs.frozen
class TurnStart:
    player: int


@attrs.frozen
class DrawCards:
    """Draw ``count`` cards one chance draw at a time (C-CHANCE-3)."""

    player: int
    count: int


@attrs.frozen
class PlayStep:
    """A play from hand is due; ``kind`` is ``turn``, ``effect`` (Fast Forward) or ``miracle``."""

    player: int
    kind: str


@attrs.frozen
class Window:
    """A Memo reaction window over the pending ``play`` by ``owner`` (C-MEMO-3, C-RULING-6).

    ``origin`` is where the card came from (``hand``/``discard``/``draw``) and
    ``step`` the kind of play step it used (for ``memo_consumes_play``).
    A Memo's own window has ``play.card`` the Memo and ``play.target`` None.
    """

    owner: int
    play: Play
    origin: str
    step: str
    eligible: tuple[int, ...]
    index: int
    passes: int


@attrs.frozen
class Harvest:
    """Rewind / Quick Trip to the Future: choose the card to play from ``source`` (C-TW-3, C-TW-4)."""

    player: int
    source: str  # "discard" | "draw"


@attrs.frozen
class MiracleDiscard:
    player: int
    count: int


@attrs.frozen
class MiracleEnd:
    """Give back the hand set aside by Perform a "Miracle" (C-ACT-4 step 6)."""

    player: int
    aside: tuple[str, ...]


@attrs.frozen
class VortexDeal:
    """Deal the Time Vortex pool one chance draw at a time (C-ACT-6, C-RULING-32)."""

    pool: tuple[str, ...]
    next_player: int
    owed: tuple[int, ...]  # per player, for ``restore_sizes``; empty for round robin


@attrs.frozen
class RippleCheck:
    """Run ripple resolution (a patch placed without its ``playable_if``, C-RULING-8)."""


@attrs.frozen
class EndTurn:
    player: int


@attrs.frozen
class DeclareChoice:
    player: int
    conditions: tuple[str, ...]


@attrs.frozen
class SoloTurn:
    """Solonauts: check the end, then a step is due."""


@attrs.frozen
class SoloStep:
    """Solonauts: play or discard one card (C-SOLO-4)."""


@attrs.frozen
class SoloAfter:
    """Solonauts: send home every ID that can go, then draw back up to five (C-SOLO-4, C-SOLO-5)."""


Frame: TypeAlias = (
    ChooseFirst
    | DealGoal
    | MulliganChoice
    | TurnStart
    | DrawCards
    | PlayStep
    | Window
    | Harvest
    | MiracleDiscard
    | MiracleEnd
    | VortexDeal
    | RippleCheck
    | EndTurn
    | DeclareChoice
    | SoloTurn
    | SoloStep
    | SoloAfter
)

FRAME_TYPES: Final = (
    ChooseFirst,
    DealGoal,
    MulliganChoice,
    TurnStart,
    DrawCards,
    PlayStep,
    Window,
    Harvest,
    MiracleDiscard,
    MiracleEnd,
    VortexDeal,
    RippleCheck,
    EndTurn,
    DeclareChoice,
    SoloTurn,
    SoloStep,
    SoloAfter,
)
MOVE_TYPES: Final = (Play, KillTime, Discard, Memo, Pass, Mulligan, Declare, Draw, Deal, FirstPlayer)


# --------------------------------------------------------------------------- records


@attrs.frozen
class QueueEntry:
    """A goal card at the bottom of its pile (C-RULING-28): who put it there, and whether it was revealed."""

    card: str
    returned_by: int
    revealed: bool


@attrs.frozen
class Event:
    """One line of the public history; ``private_to`` sees ``private_text`` instead (C-VIEW-5)."""

    text: str
    private_to: int = -1
    private_text: str = ""


Record: TypeAlias = tuple[str, int, str]
"""An event as stored in a :class:`History`: ``(text, private_to, private_text)``."""


_SEP: Final = "\x1f"
_CHUNK: Final = 64


def _encode(record: Record) -> str | Record:
    """A record as a plain string when it can be one (strings cost the garbage collector nothing)."""
    text, private_to, private_text = record
    if _SEP in text or _SEP in private_text:
        return record
    if private_to == -1 and not private_text:
        return text
    return f"{text}{_SEP}{private_to}{_SEP}{private_text}"


def _decode(item: str | Record) -> Record:
    if isinstance(item, tuple):
        return item
    if _SEP not in item:
        return (item, -1, "")
    text, private_to, private_text = item.split(_SEP)
    return (text, int(private_to), private_text)


class _Chunk:
    """A full, immutable run of 64 history entries, linked to the chunks before it.

    Chunks are shared by every later state of a game, so what is derived from one (its decoded
    records, its JSON text, the seats its private entries name) is computed once and kept.
    """

    __slots__ = ("_json", "_private", "_records", "items", "parent")

    def __init__(self, parent: _Chunk | None, items: tuple[str | Record, ...]) -> None:
        self.parent = parent
        self.items = items
        self._records: tuple[Record, ...] | None = None
        self._json: str | None = None
        self._private: frozenset[int] | None = None

    def records(self) -> tuple[Record, ...]:
        if self._records is None:
            self._records = tuple(map(_decode, self.items))
        return self._records

    def json(self) -> str:
        if self._json is None:
            self._json = _records_json(self.records())
        return self._json

    def private(self) -> frozenset[int]:
        if self._private is None:
            self._private = _private_seats(self.items)
        return self._private


def _records_json(records: Iterable[Record]) -> str:
    """The records as the comma-separated items of a JSON array (no brackets)."""
    return json.dumps([list(r) for r in records], separators=(",", ":"), ensure_ascii=False)[1:-1]


def _private_seats(items: Iterable[str | Record]) -> frozenset[int]:
    return frozenset(_decode(i)[1] for i in items if not isinstance(i, str) or _SEP in i) - {-1}


class History:
    """The public history of a game: a persistent, append-only sequence of :class:`Event`.

    States of one game share their history: a move adds its few events to a short tail
    (at most 64 entries, copied) and full tails become shared, immutable chunks, so a move
    costs the same at turn 1 and at turn 500 and no state copies the whole history; what is
    derived from a chunk (decoded records, JSON text) is computed once for the whole game.
    Entries are stored as plain strings where possible, which the garbage collector
    does not track.  It reads like a tuple of :class:`Event` (iteration, ``len``,
    indexing and slicing build the events on demand), compares by content (also
    with a tuple of events) and hashes like one.
    """

    __slots__ = ("_chunks", "_hash", "_tail", "size")

    def __init__(self, events: Iterable[Event] = (), parent: History | None = None) -> None:
        base = EMPTY_HISTORY if parent is None else parent
        self._chunks: _Chunk | None = base._chunks
        self._tail: tuple[str | Record, ...] = base._tail
        self.size: int = base.size
        self._hash: int | None = None
        records = tuple((e.text, e.private_to, e.private_text) for e in events)
        if records:
            self._append(records)

    def _append(self, records: tuple[Record, ...]) -> None:
        tail = self._tail + tuple(_encode(r) for r in records)
        if len(tail) >= _CHUNK:
            self._chunks = _Chunk(self._chunks, tail)
            tail = ()
        self._tail = tail
        self.size += len(records)

    @classmethod
    def link(cls, parent: History, records: tuple[Record, ...]) -> History:
        """``parent`` followed by ``records`` (the engine's constructor)."""
        if not records:
            return parent
        new = cls.__new__(cls)
        new._hash = None
        if len(records) == 1 and len(parent._tail) < _CHUNK - 1:  # the common case, inlined
            new._chunks = parent._chunks
            new._tail = (*parent._tail, _encode(records[0]))
            new.size = parent.size + 1
            return new
        new._chunks = parent._chunks
        new._tail = parent._tail
        new.size = parent.size
        new._append(records)
        return new

    def extended(self, records: list[Record]) -> History:
        """This history followed by ``records`` (``self`` when there are none)."""
        return History.link(self, tuple(records))

    def _chunk_list(self) -> list[_Chunk]:
        chunks: list[_Chunk] = []
        node = self._chunks
        while node is not None:
            chunks.append(node)
            node = node.parent
        chunks.reverse()
        return chunks

    def records(self) -> tuple[Record, ...]:
        """Every event as a ``(text, private_to, private_text)`` record, oldest first."""
        out: list[Record] = []
        for chunk in self._chunk_list():
            out.extend(chunk.records())
        out.extend(map(_decode, self._tail))
        return tuple(out)

    def to_json_array(self) -> str:
        """The records as a JSON array of ``[text, private_to, private_text]`` (compact, unescaped)."""
        parts = [chunk.json() for chunk in self._chunk_list()]
        if self._tail:
            parts.append(_records_json(map(_decode, self._tail)))
        return "[" + ",".join(parts) + "]"

    def private_seats(self) -> frozenset[int]:
        """The seats that private entries are addressed to."""
        seats = _private_seats(self._tail)
        for chunk in self._chunk_list():
            seats |= chunk.private()
        return seats

    def flat(self) -> tuple[Event, ...]:
        """Every event, oldest first, as a tuple (built on demand: linear in the length)."""
        return tuple(Event(*record) for record in self.records())

    def __len__(self) -> int:
        return self.size

    def __bool__(self) -> bool:
        return self.size > 0

    def __iter__(self) -> Iterator[Event]:
        return iter(self.flat())

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...
    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        if isinstance(index, slice):
            return tuple(Event(*record) for record in self.records()[index])
        return Event(*self.records()[index])

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, History):
            return self.size == other.size and self.records() == other.records()
        if isinstance(other, tuple):
            return self.size == len(other) and self.flat() == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self.flat())  # equal to the hash of the equal tuple of events
        return self._hash

    def __repr__(self) -> str:
        return f"History({list(self.flat())!r})"

    def __getstate__(self) -> tuple[Record, ...]:
        return self.records()

    def __setstate__(self, records: tuple[Record, ...]) -> None:
        self._chunks = None
        self._tail = ()
        self.size = 0
        self._hash = None
        if records:
            self._append(tuple(records))


EMPTY_HISTORY: Final = History.__new__(History)
EMPTY_HISTORY._chunks = None
EMPTY_HISTORY._tail = ()
EMPTY_HISTORY.size = 0
EMPTY_HISTORY._hash = None


def as_history(value: History | Iterable[Event]) -> History:
    """A :class:`History` from a history or any iterable of events (the ``State.log`` converter)."""
    if isinstance(value, History):
        return value
    return History(value)


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


# --------------------------------------------------------------------------- context


@attrs.frozen(eq=False)
class Context:
    """The fixed part of a game: cards, rules and player count, with indexes built once."""

    cards: CardSet
    config: RulesConfig
    players: int
    deck_counts: tuple[int, ...]  # this variant's play deck, aligned with ``cards.deck``
    up_year: int | None  # the year whose patch triggers the UltraParadox
    paradox_if: tuple[Condition, ...]  # per ripplepoint, with operator overrides (C-RULING-1)
    playable_if: dict[str, Condition]  # per patch id, with operator overrides
    inverter_targets: dict[
        str, tuple[tuple[str, int, int, str], ...]
    ]  # card -> (icon, bit, year, side needed)
    memos: frozenset[str] = frozenset()  # the Memo card ids
    draws: tuple[Draw, ...] = ()  # one Draw outcome per play-deck card type, aligned with ``cards.deck``
    # private memo tables of the rules: shared immutable Play records, Killing Time lists by hand
    play_cache: dict[tuple[str, str | int | None], Play] = attrs.field(factory=dict)
    kill_cache: dict[tuple[str, ...], KillTime] = attrs.field(factory=dict)
    inverter_plays: dict[tuple[str, int, bool], tuple[Play, ...]] = attrs.field(factory=dict)
    # per draw-pile size, per card, per copies left: the shared (Draw, probability) outcome
    draw_outcomes: dict[int, tuple[tuple[tuple[Move, Fraction], ...], ...]] = attrs.field(factory=dict)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Context)
            and other.players == self.players
            and other.config == self.config
            and other.cards == self.cards
        )

    def __hash__(self) -> int:
        return hash((self.cards.digest, self.config, self.players))


@functools.lru_cache(maxsize=64)
def make_context(cards: CardSet, config: RulesConfig, players: int) -> Context:
    overrides = dict(config.ripple_operator_overrides)
    paradox_if = tuple(
        rp.paradox_if.with_op(overrides[rp.year]) if rp.year in overrides else rp.paradox_if
        for rp in cards.ripplepoints
    )
    playable_if: dict[str, Condition] = {}
    for patch in cards.patches:
        cond = patch.playable_if
        if patch.year in overrides and not patch.unstable:
            cond = cond.with_op(overrides[patch.year])
        playable_if[patch.id] = cond
    keep = {
        "artifaxx": ("artifact", "action", "timewarp"),
        "solonauts": ("patch", "inverter"),
    }.get(config.variant, ("inverter", "patch", "artifact", "action", "timewarp"))
    counts = []
    for card_id, count in zip(cards.deck, cards.deck_counts, strict=True):
        card = cards.play_cards[card_id]
        kept = card.kind in keep
        if (
            config.variant == "artifaxx"
            and card.kind == "action"
            and str(getattr(card, "effect_key", "")) == "your_parents_never_met"
            and config.artifaxx_ypnm == "remove"
        ):
            kept = False  # C-ARTIFAXX-3
        counts.append(count if kept else 0)
    up_year = next((p.year for p in cards.patches if p.triggers_ultraparadox), None)
    return Context(
        cards,
        config,
        players,
        tuple(counts),
        up_year,
        paradox_if,
        playable_if,
        _inverter_targets(cards, config),
        frozenset(c.id for c in (*cards.actions, *cards.timewarps) if c.effect_key == "memo"),
        tuple(Draw(card_id) for card_id in cards.deck),
    )


_ASSASSINATED_ON_ALT: Final = ("Hitler", "Reagan")  # C-RULING-24, "all_assassinations"


def _inverter_targets(
    cards: CardSet, config: RulesConfig
) -> dict[str, tuple[tuple[str, int, int, str], ...]]:
    """Per Inverter card, the linchpins it may flip and the side each must show first (C-INV-2)."""
    need = {"to_alt": "true", "to_true": "alt", "either": "any"}
    disasters: tuple[str, ...] = next(
        (c.targets for c in cards.inverters if c.id == "INV-AVERT-DISASTER"), ()
    )
    out: dict[str, tuple[tuple[str, int, int, str], ...]] = {}
    for card in cards.inverters:
        pairs = [(icon, need[card.direction]) for icon in card.targets]
        if card.id == "INV-RESTORE-HISTORY" and config.restore_history_scope == "disasters_only":
            pairs = [(icon, side) for icon, side in pairs if icon in disasters]  # C-RULING-25
        if (
            card.id == "INV-PREVENT-ASSASSINATION"
            and config.prevent_assassination_scope == "all_assassinations"
        ):
            pairs += [(icon, "alt") for icon in _ASSASSINATED_ON_ALT if icon in cards.linchpin_by_icon]
        out[card.id] = tuple(
            (icon, cards.linchpin_by_icon[icon].bit, cards.linchpin_by_icon[icon].year, side)
            for icon, side in pairs
        )
    return out


# --------------------------------------------------------------------------- state


@attrs.frozen
class State:
    """A Chrononauts, Artifaxx or Solonauts position (C-STATE-1).

    Attributes:
        ctx: cards, rules and player count (compared by value).
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
        log: the public history (a :class:`History`; any iterable of events is converted).
    """

    ctx: Context
    alt: int
    status: tuple[str, ...]
    draw_pile: tuple[int, ...]
    discard_pile: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    tableaux: tuple[tuple[str, ...], ...]
    ids: tuple[str, ...]
    missions: tuple[str, ...]
    id_pile: frozenset[str]
    id_queue: tuple[QueueEntry, ...]
    mission_pile: frozenset[str]
    mission_queue: tuple[QueueEntry, ...]
    revealed_ids: tuple[str, ...]
    out_of_game: tuple[str, ...]
    solo_ids: tuple[str, ...]
    home_row: tuple[str, ...]
    active: int
    turn: int
    extra_turns: int
    stack: tuple[Frame, ...]
    result: Result | None
    log: History = attrs.field(converter=as_history)

    @property
    def players(self) -> int:
        return self.ctx.players

    @property
    def config(self) -> RulesConfig:
        return self.ctx.config

    @property
    def cards(self) -> CardSet:
        return self.ctx.cards

    @property
    def variant(self) -> str:
        return self.ctx.config.variant

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
