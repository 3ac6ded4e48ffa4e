"""The tables of the Chrononauts tensor layout, shared by the tuple encodings and the numpy ones.

`tensors` (pure Python tuples, built from the `View`) and `arrays` (numpy rows,
written straight from the state) encode the same layout, documented in `tensors`;
what both read lives here: the phases and win conditions in slot order, the sizes,
the per-card-list index tables, and the reading of one history line for the
information-state summary.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Final

from tabletop_rules.chrononauts.content.records import CardSet
from tabletop_rules.chrononauts.state import State
from tabletop_rules.core.frozen import frozen_mapping

__all__ = [
    "CONDITIONS",
    "PHASES",
    "LineParts",
    "Tables",
    "card_named",
    "information_state_tensor_size",
    "observation_tensor_size",
    "read_line",
    "sizes",
    "tables",
]

PHASES: Final = (
    "choose-first",
    "deal-goal",
    "draw",
    "play",
    "reaction",
    "harvest",
    "miracle-discard",
    "mulligan",
    "declare",
    "solo-step",
    "time-vortex",
    "end-turn",
    "over",
)
"""The phases of `View.phase` with a slot of their own (any other phase uses the last slot)."""
CONDITIONS: Final = (
    "mission",
    "id",
    "hand_size",
    "all_home",
    "universe_destroyed",
    "out_of_cards",
    "turn_limit",
    "empty_supply",
)
"""The win conditions and causes of `Result.conditions`, in tensor order."""

LineParts = tuple[int, int, int]
"""What one history line adds to the summary: ``(seat, played, drawn)``, each -1 when absent.

``seat`` is the seat the line begins with (``P2 ...``), ``played`` the deck index of the card a
``P2 plays ...`` line announces, ``drawn`` that of a ``P2 draws <card>`` line (the private text
a player reads of their own draw; it counts only for that player)."""

_NOTHING: Final[LineParts] = (-1, -1, -1)


def observation_tensor_size(state: State) -> int:
    """The length of `observation_tensor`: it depends only on the cards and the player count."""
    return sizes(state.cards, state.players)[0]


def information_state_tensor_size(state: State) -> int:
    """The length of `information_state_tensor`: it depends only on the cards and the player count."""
    return sizes(state.cards, state.players)[1]


def sizes(cards: CardSet, p: int) -> tuple[int, int]:
    """The lengths of the observation and information-state tensors of `p` players with `cards`."""
    d, lp, r, a = len(cards.deck), len(cards.linchpins), len(cards.ripplepoints), len(cards.artifacts)
    i, m = len(cards.identities), len(cards.missions)
    observation = 8 * p + p * a + 4 * d + 2 * lp + 3 * r + a + 6 * i + 3 * m + 35
    return observation, observation + 1 + p + p * d + d


class Tables:
    """The index tables of one card list (read-only)."""

    def __init__(self, cards: CardSet) -> None:
        self.linchpins: Mapping[str, int] = frozen_mapping({x.icon: k for k, x in enumerate(cards.linchpins)})
        self.artifacts: Mapping[str, int] = frozen_mapping({x.id: k for k, x in enumerate(cards.artifacts)})
        self.identities: Mapping[str, int] = frozen_mapping({x.id: k for k, x in enumerate(cards.identities)})
        self.missions: Mapping[str, int] = frozen_mapping({x.id: k for k, x in enumerate(cards.missions)})
        self.names: Mapping[str, int] = frozen_mapping({cards.name(c): k for k, c in enumerate(cards.deck)})
        self.longest_first: tuple[tuple[str, int], ...] = tuple(
            sorted(self.names.items(), key=lambda item: -len(item[0]))
        )


@functools.lru_cache(maxsize=16)  # keyed by the immutable card set (hashed by its digest); read-only tables
def tables(cards: CardSet) -> Tables:
    """The index tables of a card list (a bounded cache of read-only tables)."""
    return Tables(cards)


def card_named(text: str, tables: Tables) -> int | None:
    """The deck index of the card whose name begins `text` (followed by its target, if any)."""
    for candidate in (text, text.split(" against ", 1)[0], text.split(" on ", 1)[0]):
        if candidate in tables.names:
            return tables.names[candidate]
    for name, index in tables.longest_first:  # a name that itself holds " on " or " against "
        if text.startswith(name):
            return index
    return None


def read_line(line: str, players: int, tables: Tables) -> LineParts:
    """What a history line, as its reader sees it, adds to the summary (`LineParts`).

    Only lines that begin with a seat of the game (``P0 `` .. ``P<players-1> ``) count; the seat is
    read from at most two ASCII digits (a game has at most 10 seats), so a loaded history line such
    as ``P² ...`` or ``P`` followed by 5,000 digits is no seat rather than a `ValueError`.
    """
    if not line.startswith("P"):
        return _NOTHING
    space = line.find(" ")
    digits = line[1:space]
    if not 2 <= space <= 3 or not digits.isascii() or not digits.isdigit() or int(digits) >= players:
        return _NOTHING
    seat = int(digits)
    rest = line[space + 1 :]
    if rest.startswith("plays "):
        card = card_named(rest[6:], tables)
        return (seat, -1 if card is None else card, -1)
    if rest.startswith("draws ") and rest != "draws a card":
        card = card_named(rest[6:], tables)
        return (seat, -1, -1 if card is None else card)
    return (seat, -1, -1)
