"""Chrononauts moves: the frozen, hashable move records and the `Move` union.

Decisions are `Play`, `KillTime`, `Discard`, `Memo`, `Pass`, `Mulligan` and
`Declare`; chance outcomes are `Draw`, `Deal` and `FirstPlayer`.  Records
compare by value; the rules hand out shared instances (`PASS`, the context's
tables of plays and Killing Time moves), so comparing by identity first is cheap.
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

__all__ = [
    "DECISION_TYPES",
    "MOVE_TYPES",
    "PASS",
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
