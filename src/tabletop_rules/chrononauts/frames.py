"""The engine's pending-step records: the frames of a state's stack.

A state keeps a *stack of frames*: the work still to do, innermost on top (a
reaction window over the card it may cancel, a Fast Forward's remaining plays,
a Miracle's set-aside hand, a draw of several cards...).  The frame on top
says who acts next: a player (`DECISION_FRAMES`), chance (`CHANCE_FRAMES`),
or nobody (the engine resolves it at once).  Frames are frozen and shared.
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attr
import attrs

from tabletop_rules.chrononauts.moves import Play
from tabletop_rules.core.frozen import native_record

__all__ = [
    "CHANCE_FRAMES",
    "DECISION_FRAMES",
    "FRAME_TYPES",
    "ChooseFirst",
    "DealGoal",
    "DeclareChoice",
    "DrawCards",
    "EndTurn",
    "Frame",
    "Harvest",
    "MiracleDiscard",
    "MiracleEnd",
    "MulliganChoice",
    "PlayStep",
    "RippleCheck",
    "SoloAfter",
    "SoloStep",
    "SoloTurn",
    "TurnStart",
    "VortexDeal",
    "Window",
    "vortex_next",
]


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


@attr.s(frozen=True, auto_attribs=True, init=False, slots=False)
class DrawCards:
    """Draw ``count`` cards one chance draw at a time (C-CHANCE-3).

    Read every turn: a native record of the compiled build (`core.frozen.native_record`).
    """

    player: int
    count: int

    def __init__(self, player: int, count: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "count", count)

    def __reduce__(self) -> tuple[type[DrawCards], tuple[int, int]]:
        """Pickled as its fields (a native class of the compiled build has no default way)."""
        return (DrawCards, (self.player, self.count))


native_record(DrawCards)


@attr.s(frozen=True, auto_attribs=True, init=False, slots=False)
class PlayStep:
    """A play from hand is due; ``kind`` is ``turn``, ``effect`` (Fast Forward) or ``miracle``.

    Read every turn: a native record of the compiled build (`core.frozen.native_record`).
    """

    player: int
    kind: str

    def __init__(self, player: int, kind: str) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "kind", kind)

    def __reduce__(self) -> tuple[type[PlayStep], tuple[int, str]]:
        """Pickled as its fields (a native class of the compiled build has no default way)."""
        return (PlayStep, (self.player, self.kind))


native_record(PlayStep)


class _WindowSlots:
    """The slots of `Window`'s fields in the pure build, which `Window._built` fills there (see
    `core.frozen.native_record`); the compiled build ignores them."""

    __slots__ = ("__weakref__", "eligible", "index", "origin", "owner", "passes", "play", "step")


@attr.s(frozen=True, auto_attribs=True, init=False, slots=False)
class Window(_WindowSlots):
    """A Memo reaction window over the pending ``play`` by ``owner`` (C-MEMO-3, C-RULING-6).

    ``origin`` is where the card came from (``hand``/``discard``/``draw``) and
    ``step`` the kind of play step it used (for ``memo_consumes_play``).
    A Memo's own window has ``play.card`` the Memo and ``play.target`` None.

    The commonest frame, built and read by most moves: a native record of the compiled build
    (`core.frozen.native_record`), which builds and reads it directly; its methods build it with
    `_built`.
    """

    owner: int
    play: Play
    origin: str
    step: str
    eligible: tuple[int, ...]
    index: int
    passes: int

    def __init__(
        self,
        owner: int,
        play: Play,
        origin: str,
        step: str,
        eligible: tuple[int, ...],
        index: int,
        passes: int,
    ) -> None:
        object.__setattr__(self, "owner", owner)
        object.__setattr__(self, "play", play)
        object.__setattr__(self, "origin", origin)
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "eligible", eligible)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "passes", passes)

    def __reduce__(self) -> tuple[type[Window], tuple[int, Play, str, str, tuple[int, ...], int, int]]:
        """Pickled as its fields (a native class of the compiled build has no default way)."""
        fields = (self.owner, self.play, self.origin, self.step, self.eligible, self.index, self.passes)
        return (Window, fields)

    @staticmethod
    def _built(
        owner: int, play: Play, origin: str, step: str, eligible: tuple[int, ...], index: int, passes: int
    ) -> Window:
        """``Window(...)`` for its methods: compiled, a direct call of the constructor; the pure build
        replaces it with `core.frozen.native_record`'s builder, which fills an open twin."""
        return Window(owner, play, origin, step, eligible, index, passes)

    def polled(self) -> int:
        """The seat polled now."""
        return self.eligible[self.index % len(self.eligible)]

    @staticmethod
    def opened(owner: int, play: Play, origin: str, step: str, eligible: tuple[int, ...]) -> Window:
        """A new window over ``play``, polling ``eligible`` from the first (C-PLAY-3)."""
        return Window._built(owner, play, origin, step, eligible, 0, 0)

    def after_pass(self) -> Window:
        """The window once the polled player passes: the next seat is polled."""
        return Window._built(
            self.owner, self.play, self.origin, self.step, self.eligible, self.index + 1, self.passes + 1
        )

    def after_memo(self) -> Window:
        """The window once the polled player plays a Memo: the passes count again from zero."""
        return Window._built(self.owner, self.play, self.origin, self.step, self.eligible, self.index + 1, 0)


native_record(Window, builder="_built")


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

    def after_deal(self, card: str, players: int) -> VortexDeal | None:
        """The deal once ``card`` went to ``next_player``: the rest of the pool, dealt from the next
        seat on (C-RULING-32); ``None`` when the pool is empty."""
        pool = list(self.pool)
        pool.remove(card)
        if not pool:
            return None
        player = self.next_player
        owed = self.owed
        if owed:
            owed = tuple([k - 1 if p == player else k for p, k in enumerate(owed)])
        return VortexDeal(tuple(pool), vortex_next(players, (player + 1) % players, owed), owed)


def vortex_next(players: int, start: int, owed: tuple[int, ...]) -> int:
    """The next seat a Time Vortex deals to, from ``start`` on (C-RULING-32): the next one still
    owed a card under ``restore_sizes`` (``owed`` per seat), each seat in turn otherwise."""
    if not owed:
        return start
    for k in range(players):
        player = (start + k) % players
        if owed[player] > 0:
            return player
    return start


@attrs.frozen
class RippleCheck:
    """Run ripple resolution (a patch placed without its ``playable_if``, C-RULING-8)."""


@attr.s(frozen=True, auto_attribs=True, init=False, slots=False)
class EndTurn:
    """The end of ``player``'s turn (C-TURN-6); read every turn, a native record of the compiled build."""

    player: int

    def __init__(self, player: int) -> None:
        object.__setattr__(self, "player", player)

    def __reduce__(self) -> tuple[type[EndTurn], tuple[int]]:
        """Pickled as its fields (a native class of the compiled build has no default way)."""
        return (EndTurn, (self.player,))


native_record(EndTurn)


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
DECISION_FRAMES: Final = (MulliganChoice, PlayStep, Window, Harvest, MiracleDiscard, DeclareChoice, SoloStep)
"""The frames at which a player decides."""
CHANCE_FRAMES: Final = (ChooseFirst, DealGoal, DrawCards, VortexDeal)
"""The frames at which chance acts."""
