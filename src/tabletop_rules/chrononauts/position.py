"""A working copy of a state and the questions the rules ask of it (C-STATE-*, C-WIN-*).

`Position` reads a frozen `State` (a read-only position returns the state's
tuples; the engine's mutable `Work` copies only the zones it touches, on first
use) and answers the rules' questions: the UltraParadox, readable IDs, Missions
done, win conditions.  It also holds the history lines that the engine and its
fast paths both write, so the two always write the same text.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet
from typing import Any, Final

from tabletop_rules.chrononauts.content.records import (
    ActionCard,
    ArtifactCard,
    CardSet,
    Identity,
    Linchpin,
    PatchCard,
)
from tabletop_rules.chrononauts.context import Context
from tabletop_rules.chrononauts.frames import Frame, Window
from tabletop_rules.chrononauts.history import Record
from tabletop_rules.chrononauts.moves import Play
from tabletop_rules.chrononauts.state import OPEN, TRUE, QueueEntry, State

__all__ = [
    "Position",
    "deal_event",
    "describe_play",
    "draw_event",
    "flip_line",
    "goal_event",
    "kill_time_line",
    "mission_done_of",
    "most_convincing_of",
    "pass_line",
    "play_line",
    "readable_of",
    "seat",
    "turn_line",
    "ultraparadox_of",
    "win_conditions_of",
]


def seat(player: int) -> str:
    """A seat as the history writes it: ``P0``, ``P1``..."""
    return f"P{player}"


def describe_play(cards: CardSet, play: Play) -> str:
    """A play as the history writes it: the card's name and its target."""
    text = str(cards.name(play.card))
    if isinstance(play.target, int):
        return f"{text} on P{play.target}"
    if isinstance(play.target, str) and play.target in cards.linchpin_by_icon:
        return f"{text} on {cards.linchpin_by_icon[play.target].year} ({play.target})"
    if isinstance(play.target, str) and play.target in cards.by_id:
        return f"{text} on {cards.name(play.target)}"
    if play.target is not None:
        return f"{text} ({play.target})"
    return text


# ---------------------------------------------------------------- history lines shared with the fast paths


def play_line(cards: CardSet, player: int, play: Play) -> str:
    """C-PLAY-2: the card is announced."""
    return f"{seat(player)} plays {describe_play(cards, play)}"


def pass_line(cards: CardSet, polled: int, card: str) -> str:
    """C-MEMO-3: a polled player lets the pending card stand."""
    return f"{seat(polled)} lets {cards.name(card)} stand"


def kill_time_line(cards: CardSet, player: int, discarded: Iterable[str]) -> str:
    """C-TURN-4: Killing Time."""
    return f"{seat(player)} kills time, discarding " + " and ".join(cards.name(c) for c in discarded)


def flip_line(linchpin: Linchpin, alt: int) -> str:
    """C-INV-6: a linchpin is flipped; ``alt`` is the bitmask after the flip."""
    if alt >> linchpin.bit & 1:
        return f"{linchpin.year}' now shows {linchpin.alt_headline}"
    return f"{linchpin.year} now shows {linchpin.true_headline}"


def turn_line(turn: int, player: int) -> str:
    """C-TURN-2: a turn begins."""
    return f"turn {turn}: {seat(player)}"


def draw_event(cards: CardSet, player: int, card: str) -> Record:
    """C-CHANCE-3: a draw, public without the card and private to the drawer with it (C-VIEW-5)."""
    who = seat(player)
    return (f"{who} draws a card", player, f"{who} draws {cards.name(card)}")


def goal_event(cards: CardSet, player: int, pile: str, card: str) -> Record:
    """C-SETUP-3, C-GOAL-2: a Mission or an ID reaches its player, public without the card (C-VIEW-5)."""
    who = seat(player)
    what = "a Mission" if pile == "mission" else "an ID"
    return (f"{who} takes {what}", player, f"{who} takes {card} ({cards.name(card)})")


def deal_event(cards: CardSet, player: int, card: str) -> Record:
    """C-ACT-6, C-RULING-32: a card of the Time Vortex is dealt, private to its new owner (C-VIEW-5)."""
    who = seat(player)
    return (f"{who} is dealt a card", player, f"{who} is dealt {cards.name(card)}")


_FIELDS: Final[dict[str, str]] = {
    "status": "status",
    "draw": "draw_pile",
    "discard": "discard_pile",
    "hands": "hands",
    "tableaux": "tableaux",
    "ids": "ids",
    "missions": "missions",
    "id_pile": "id_pile",
    "id_queue": "id_queue",
    "mission_pile": "mission_pile",
    "mission_queue": "mission_queue",
    "revealed": "revealed_ids",
    "out_of_game": "out_of_game",
    "solo_ids": "solo_ids",
    "home_row": "home_row",
}
"""Position zone -> the `State` field it reads (`peek`)."""


class Position:
    """A `State` and the questions the rules ask of it.

    A read-only ``Position`` (legality) reads the state's own zones (its tuples); the engine's mutable
    `Work` (a subclass) copies into lists only the zones a move changes, on first use, and
    `Work.freeze` shares the others with the state before.
    """

    def __init__(self, s: State) -> None:
        ctx = s.ctx
        self.source = s
        self.ctx: Context = ctx
        self.cards = ctx.cards
        self.cfg = ctx.options
        self.n = ctx.players
        self.alt = s.alt
        self.result = s.result
        self.active = s.active
        self.turn = s.turn
        self.extra_turns = s.extra_turns
        self.stack: list[Frame] = list(s.stack)  # a short list, which a Work changes

    # the zones: a read-only position reads the state's; `Work` overrides each with its own copy
    @property
    def status(self) -> Sequence[str]:
        return self.source.status

    @property
    def draw(self) -> Sequence[int]:
        return self.source.draw_pile

    @property
    def discard(self) -> Sequence[str]:
        return self.source.discard_pile

    @property
    def hands(self) -> Sequence[Sequence[str]]:
        return self.source.hands

    @property
    def tableaux(self) -> Sequence[Sequence[str]]:
        return self.source.tableaux

    @property
    def ids(self) -> Sequence[str]:
        return self.source.ids

    @property
    def missions(self) -> Sequence[str]:
        return self.source.missions

    @property
    def id_pile(self) -> AbstractSet[str]:
        return self.source.id_pile

    @property
    def id_queue(self) -> Sequence[QueueEntry]:
        return self.source.id_queue

    @property
    def mission_pile(self) -> AbstractSet[str]:
        return self.source.mission_pile

    @property
    def mission_queue(self) -> Sequence[QueueEntry]:
        return self.source.mission_queue

    @property
    def revealed(self) -> Sequence[str]:
        return self.source.revealed_ids

    @property
    def out_of_game(self) -> Sequence[str]:
        return self.source.out_of_game

    @property
    def solo_ids(self) -> Sequence[str]:
        return self.source.solo_ids

    @property
    def home_row(self) -> Sequence[str]:
        return self.source.home_row

    def peek(self, name: str) -> Any:
        """A zone as it is now, to read and not to change: the state's own here, the copy a `Work` made
        of it there.  A question asked of a `Work` (is a win condition met? is the draw pile empty?)
        then copies nothing, and `Work.freeze` keeps the state's tuple."""
        return getattr(self.source, _FIELDS[name])

    # ------------------------------------------------------------------ small helpers
    def play(self, card: str, target: str | int | None = None) -> Play:
        """The shared, immutable ``Play(card, target)`` record of the context."""
        return self.ctx.plays[(card, target)]

    def name(self, card_id: str) -> str:
        return self.cards.name(card_id)

    def ultraparadox(self) -> bool:  # C-STATE-7
        return ultraparadox_of(self.ctx, self.status)

    def effect_key(self, card: ActionCard) -> str:
        """The effect of an Action or Timewarp in this game (C-ARTIFAXX-3 may change it)."""
        return self.ctx.effects[card.id]

    def blocked(self, card_id: str) -> bool:
        card = self.cards.play_cards[card_id]
        return isinstance(card, ArtifactCard) and card.ultraparadox_blocked

    def open_count(self) -> int:  # C-STATE-6
        return self.status.count(OPEN)

    def face_up(self) -> Iterable[tuple[int, str]]:
        for player, tableau in enumerate(self.tableaux):
            for card in tableau:
                yield player, card

    # ------------------------------------------------------------------ goals (§15, §17)
    def readable(self, identity: Identity) -> bool:
        """Whether an ID's three home entries are readable on the TimeLine (C-WIN-3, C-ANOM-8)."""
        return readable_of(self.ctx, self.status, self.alt, identity)

    def mission_done(self, player: int) -> bool:
        """Three distinct face-up Artifacts fill the Mission's slots (C-WIN-2, C-RULING-33)."""
        return mission_done_of(self.ctx, self.tableaux, self.missions[player], player)

    def win_conditions(self, player: int) -> tuple[str, ...]:
        """Every condition the player meets at the end of their own turn (C-WIN-1..5)."""
        peek = self.peek  # a question: the zones are read, not copied
        return win_conditions_of(
            self.ctx,
            player,
            peek("status"),
            self.alt,
            peek("tableaux"),
            peek("missions"),
            peek("ids"),
            peek("hands"),
        )

    # ------------------------------------------------------------------ reaction windows (§14)
    def window_eligible(self, owner: int) -> tuple[int, ...]:
        """C-MEMO-3: everyone but the owner, in seat order after them (C-RULING-34 may add the owner)."""
        return self.ctx.window_seats[owner]

    def window(self, owner: int, play: Play, origin: str, step: str) -> Window:
        """A new reaction window over ``play`` (C-PLAY-3), polling from the seat after its owner."""
        return Window.opened(owner, play, origin, step, self.window_eligible(owner))

    def memo_cards(self, player: int) -> list[str]:
        """The Memo cards in a player's hand, sorted (C-MEMO-1)."""
        return sorted(self.ctx.memos.intersection(self.hands[player]))


# ---------------------------------------------------------------- the questions, over the zones themselves
# `Position` asks them of its zones, and the fast paths of the zones they are about to freeze.


def ultraparadox_of(ctx: Context, status: Sequence[str]) -> bool:
    """Whether the UltraParadox is active (C-STATE-7)."""
    year = ctx.up_year
    if year is None:
        return False
    cards = ctx.cards
    patch = status[cards.ripple_index[year]]
    if patch in (TRUE, OPEN):
        return False
    card = cards.play_cards[patch]
    return isinstance(card, PatchCard) and card.triggers_ultraparadox


def readable_of(ctx: Context, status: Sequence[str], alt: int, identity: Identity) -> bool:
    """Whether an ID's three home entries are readable on the TimeLine (C-WIN-3, C-ANOM-8)."""
    cards = ctx.cards
    cfg = ctx.options
    for entry in identity.home:
        if entry.year in cards.ripple_index:
            year_status = status[cards.ripple_index[entry.year]]
            if entry.state == "true":
                if year_status != TRUE:
                    return False
            elif year_status in (TRUE, OPEN) or (
                year_status != entry.patch and cfg.id_patched_match == "specific_patch"
            ):
                return False
        else:
            lp = cards.timeline_by_year[entry.year]
            side = "alt" if alt >> lp.bit & 1 else "true"  # type: ignore[union-attr]
            if side != entry.state:
                return False
    if ultraparadox_of(ctx, status) and not (identity.ultraparadox_exempt and cfg.honor_ultraparadox_exempt):
        cutoff = cfg.ultraparadox_id_cutoff_year
        if any(e.year > cutoff for e in identity.home):
            return False
    return True


def most_convincing_of(ctx: Context, tableaux: Sequence[Sequence[str]]) -> set[str]:
    """The most convincing face-up Mona Lisa(s) (C-ART-5, C-RULING-5)."""
    play_cards = ctx.cards.play_cards
    ranked = [
        (card.mona_lisa_rank, card.id)
        for tableau in tableaux
        for cid in tableau
        if isinstance(card := play_cards[cid], ArtifactCard) and card.mona_lisa_rank is not None
    ]
    if not ranked:
        return set()
    top = max(rank for rank, _ in ranked)
    best = {cid for rank, cid in ranked if rank == top}
    if len(best) > 1 and ctx.options.mona_lisa_tie_policy == "not_most_convincing":
        return set()
    return best


def mission_done_of(ctx: Context, tableaux: Sequence[Sequence[str]], mission_id: str, player: int) -> bool:
    """Three distinct face-up Artifacts of ``player`` fill the Mission's slots (C-WIN-2, C-RULING-33)."""
    mission = ctx.cards.by_id.get(mission_id)
    if mission is None or len(tableaux[player]) < len(mission.requires):
        return False  # each slot needs its own card
    mine = set(tableaux[player])
    options: list[set[str]] = []
    for slot in mission.requires:
        if slot.type == "most_convincing_mona_lisa":
            options.append(most_convincing_of(ctx, tableaux) & mine)
        else:
            options.append(set(slot.artifacts) & mine)
    if any(not o for o in options):
        return False
    return any(len(set(pick)) == len(pick) for pick in itertools.product(*options))


def win_conditions_of(
    ctx: Context,
    player: int,
    status: Sequence[str],
    alt: int,
    tableaux: Sequence[Sequence[str]],
    missions: Sequence[str],
    ids: Sequence[str],
    hands: Sequence[Sequence[str]],
) -> tuple[str, ...]:
    """Every condition ``player`` meets at the end of their own turn (C-WIN-1..5)."""
    cfg = ctx.options
    met: list[str] = []
    if mission_done_of(ctx, tableaux, missions[player], player):
        met.append("mission")
    if cfg.variant == "chrononauts":
        identity = ctx.cards.by_id.get(ids[player])
        if isinstance(identity, Identity) and readable_of(ctx, status, alt, identity):
            met.append("id")
    hand_win = cfg.hand_size_win_enabled if cfg.variant == "chrononauts" else cfg.artifaxx_hand_size_win
    if hand_win and len(hands[player]) >= cfg.hand_size_win_threshold:
        met.append("hand_size")
    return tuple(met)
