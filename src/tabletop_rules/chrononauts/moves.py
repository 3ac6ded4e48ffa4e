"""Chrononauts moves: the frozen, hashable move records and the `Move` union.

Decisions are `Play`, `KillTime`, `Discard`, `Memo`, `Pass`, `Mulligan` and
`Declare`; chance outcomes are `Draw`, `Deal` and `FirstPlayer`.  Records
compare by value; the rules hand out shared instances (`PASS`, the context's
tables of plays and Killing Time moves), so comparing by identity first is cheap.
"""

from __future__ import annotations

import functools
from collections.abc import Collection
from typing import Any, Final, TypeAlias

import attrs

from tabletop_rules.chrononauts.content.records import CardSet
from tabletop_rules.core.codecs import Array, Integer, Text, Union, optional
from tabletop_rules.core.shapes import move_shapes

__all__ = [
    "DECISION_TYPES",
    "ID_PATTERN",
    "MAX_ID_CHARS",
    "MOVE_TYPES",
    "PASS",
    "SEATS",
    "SHAPES",
    "Deal",
    "Declare",
    "Discard",
    "Draw",
    "FirstPlayer",
    "KillTime",
    "Memo",
    "Move",
    "Mulligan",
    "Pass",
    "Play",
]


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

MOVE_TYPES: Final = (Play, KillTime, Discard, Memo, Pass, Mulligan, Declare, Draw, Deal, FirstPlayer)
DECISION_TYPES: Final = (Play, KillTime, Discard, Memo, Pass, Mulligan, Declare)

PASS: Final = Pass()
"""The shared `Pass` (any ``Pass()`` equals it)."""


# --- the exact shape of a move: field types and bounds, before any rule reads them ---------------
# The library's one check of a move object (`core.codecs.MoveShapes`) reads these codecs; the move
# JSON of `wire.py` is derived from the same ones. A card id's codec also knows, for the JSON
# decoder, which ids a state's card list has.

SEATS: Final = 10
"""Seat slots of the layout: player targets and first players, for any player count up to 10."""
MAX_ID_CHARS: Final = 200
"""The longest card id or linchpin icon a move may name."""
ID_PATTERN: Final = r"[^\x00-\x1f]+"


@functools.lru_cache(maxsize=16)  # keyed by the immutable card list; returns a frozenset
def _targets(cards: CardSet) -> frozenset[str]:
    """The text targets of a play: linchpin icons, Artifact ids and the two directions."""
    return frozenset([*cards.linchpin_by_icon, *(a.id for a in cards.artifacts), "next", "previous"])


@functools.lru_cache(maxsize=16)  # keyed by the immutable card list; returns a frozenset
def _goals(cards: CardSet) -> frozenset[str]:
    return frozenset([*(i.id for i in cards.identities), *(m.id for m in cards.missions)])


def _play_cards(state: Any) -> Collection[str]:  # a State (not imported: the state module imports this one)
    return state.cards.play_cards  # type: ignore[no-any-return]


PLAY_CARD: Final = Text(MAX_ID_CHARS, ID_PATTERN, _play_cards, "play-deck card id")
SEAT: Final = Integer(0, SEATS - 1)
"""A seat of the layout: a player target or the first player."""
SHAPES: Final = move_shapes(
    "Chrononauts",
    MOVE_TYPES,
    fields={
        "Play.card": PLAY_CARD,
        "Play.target": optional(
            Union(
                (
                    Text(
                        MAX_ID_CHARS,
                        ID_PATTERN,
                        lambda s: _targets(s.cards),
                        "linchpin icon, Artifact or direction",
                    ),
                    SEAT,
                )
            )
        ),
        "KillTime.cards": Array(PLAY_CARD, 1, 2),
        "Discard.card": PLAY_CARD,
        "Memo.card": PLAY_CARD,
        "Draw.card": PLAY_CARD,
        "Deal.card": Text(MAX_ID_CHARS, ID_PATTERN, lambda s: _goals(s.cards), "ID or Mission card id"),
        "FirstPlayer.player": SEAT,
    },
)
"""The exact shape of every Chrononauts move (`core.codecs.MoveShapes`): classes, field types, bounds."""
