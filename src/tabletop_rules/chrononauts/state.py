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
from typing import Final, TypeAlias

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
        log: the public history.
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
    log: tuple[Event, ...]

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
