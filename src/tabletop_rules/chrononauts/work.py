"""The engine's working copy: a `Position` that the rules may change, then freeze.

`Work` adds to `Position` the elementary changes the rules are made of: the
end of the game, discards, flipping a linchpin with its ripples (C-TL-*),
swapping a goal card (C-GOAL-2), taking an Artifact, recycling the discard
pile (C-DECK-2) and dealing goal cards.  The card effects (`effects`) and the
turn sequence (`engine`) are written with them.  No random number is drawn
here (C-CHANCE-1).
"""

from __future__ import annotations

import functools
from typing import Any, Final

from tabletop_rules.chrononauts.context import Context
from tabletop_rules.chrononauts.frames import DealGoal, MiracleEnd, VortexDeal, Window
from tabletop_rules.chrononauts.history import Record
from tabletop_rules.chrononauts.position import _FIELDS, Position, flip_line, goal_event, ultraparadox_of
from tabletop_rules.chrononauts.state import OPEN, TRUE, QueueEntry, Result, State

__all__ = ["Work", "paradox_table", "ripple_pass"]

_COPIES: Final[dict[str, str]] = {name: f"_{name}" for name in _FIELDS}
"""A zone -> the attribute that holds a `Work`'s copy of it (`peek`)."""


class Work(Position):
    """The position being changed by one move; `freeze` makes it a state again.

    Each zone is copied into a list (a set for a goal pile) the first time the move reads it through
    its property, so that the rules may change it; the zones a move never reads stay the state's."""

    def __init__(self, s: State) -> None:
        super().__init__(s)
        self.log: list[Record] = []  # the events of this change, as History records
        self._status: list[str] | None = None
        self._draw: list[int] | None = None
        self._discard: list[str] | None = None
        self._hands: list[list[str]] | None = None
        self._tableaux: list[list[str]] | None = None
        self._ids: list[str] | None = None
        self._missions: list[str] | None = None
        self._id_pile: set[str] | None = None
        self._id_queue: list[QueueEntry] | None = None
        self._mission_pile: set[str] | None = None
        self._mission_queue: list[QueueEntry] | None = None
        self._revealed: list[str] | None = None
        self._out_of_game: list[str] | None = None
        self._solo_ids: list[str] | None = None
        self._home_row: list[str] | None = None

    # ------------------------------------------------------------------ the zones, copied on first use
    @property
    def status(self) -> list[str]:
        zone = self._status
        if zone is None:
            zone = self._status = list(self.source.status)
        return zone

    @property
    def draw(self) -> list[int]:
        zone = self._draw
        if zone is None:
            zone = self._draw = list(self.source.draw_pile)
        return zone

    @property
    def discard(self) -> list[str]:
        zone = self._discard
        if zone is None:
            zone = self._discard = list(self.source.discard_pile)
        return zone

    @property
    def hands(self) -> list[list[str]]:
        zone = self._hands
        if zone is None:
            zone = self._hands = [list(hand) for hand in self.source.hands]
        return zone

    @property
    def tableaux(self) -> list[list[str]]:
        zone = self._tableaux
        if zone is None:
            zone = self._tableaux = [list(tableau) for tableau in self.source.tableaux]
        return zone

    @property
    def ids(self) -> list[str]:
        zone = self._ids
        if zone is None:
            zone = self._ids = list(self.source.ids)
        return zone

    @property
    def missions(self) -> list[str]:
        zone = self._missions
        if zone is None:
            zone = self._missions = list(self.source.missions)
        return zone

    @property
    def id_pile(self) -> set[str]:
        zone = self._id_pile
        if zone is None:
            zone = self._id_pile = set(self.source.id_pile)
        return zone

    @property
    def id_queue(self) -> list[QueueEntry]:
        zone = self._id_queue
        if zone is None:
            zone = self._id_queue = list(self.source.id_queue)
        return zone

    @property
    def mission_pile(self) -> set[str]:
        zone = self._mission_pile
        if zone is None:
            zone = self._mission_pile = set(self.source.mission_pile)
        return zone

    @property
    def mission_queue(self) -> list[QueueEntry]:
        zone = self._mission_queue
        if zone is None:
            zone = self._mission_queue = list(self.source.mission_queue)
        return zone

    @property
    def revealed(self) -> list[str]:
        zone = self._revealed
        if zone is None:
            zone = self._revealed = list(self.source.revealed_ids)
        return zone

    @property
    def out_of_game(self) -> list[str]:
        zone = self._out_of_game
        if zone is None:
            zone = self._out_of_game = list(self.source.out_of_game)
        return zone

    @property
    def solo_ids(self) -> list[str]:
        zone = self._solo_ids
        if zone is None:
            zone = self._solo_ids = list(self.source.solo_ids)
        return zone

    @property
    def home_row(self) -> list[str]:
        zone = self._home_row
        if zone is None:
            zone = self._home_row = list(self.source.home_row)
        return zone

    def peek(self, name: str) -> Any:
        """The zone as it is now: this work's copy if it made one, else the state's (`Position.peek`)."""
        copy = getattr(self, _COPIES[name])
        return super().peek(name) if copy is None else copy

    def freeze(self) -> State:
        """The state of this position: the zones it copied become tuples again (hands sorted), the others
        are the state's own, shared."""
        s = self.source
        status, draw, discard = self._status, self._draw, self._discard
        hands, tableaux = self._hands, self._tableaux
        ids, missions, id_pile, id_queue = self._ids, self._missions, self._id_pile, self._id_queue
        mission_pile, mission_queue, revealed = self._mission_pile, self._mission_queue, self._revealed
        out_of_game, solo_ids, home_row = self._out_of_game, self._solo_ids, self._home_row
        return State(
            ctx=self.ctx,
            alt=self.alt,
            status=s.status if status is None else tuple(status),
            draw_pile=s.draw_pile if draw is None else tuple(draw),
            discard_pile=s.discard_pile if discard is None else tuple(discard),
            hands=s.hands if hands is None else tuple([tuple(sorted(hand)) for hand in hands]),
            tableaux=s.tableaux if tableaux is None else tuple([tuple(tableau) for tableau in tableaux]),
            ids=s.ids if ids is None else tuple(ids),
            missions=s.missions if missions is None else tuple(missions),
            id_pile=s.id_pile if id_pile is None else frozenset(id_pile),
            id_queue=s.id_queue if id_queue is None else tuple(id_queue),
            mission_pile=s.mission_pile if mission_pile is None else frozenset(mission_pile),
            mission_queue=s.mission_queue if mission_queue is None else tuple(mission_queue),
            revealed_ids=s.revealed_ids if revealed is None else tuple(revealed),
            out_of_game=s.out_of_game if out_of_game is None else tuple(out_of_game),
            solo_ids=s.solo_ids if solo_ids is None else tuple(solo_ids),
            home_row=s.home_row if home_row is None else tuple(home_row),
            active=self.active,
            turn=self.turn,
            extra_turns=self.extra_turns,
            stack=tuple(self.stack),
            result=self.result,
            log=s.log.extended(self.log),
        )

    def say(self, text: str, private_to: int = -1, private_text: str = "") -> None:
        """Add an event to the history (``private_to`` reads ``private_text`` instead, C-VIEW-5)."""
        self.log.append((text, private_to, private_text))

    def end(self, winner: int | None, conditions: tuple[str, ...], reason: str) -> None:
        """The game is over.  Cards held by unfinished work stay accounted for (C-STATE-8d): a hand
        set aside by Perform a "Miracle" returns to its owner, and cards still pending or in a Time
        Vortex pool go to the discard pile."""
        self.result = Result(winner=winner, conditions=conditions, reason=reason)
        for frame in self.stack:
            if isinstance(frame, MiracleEnd):
                self.hands[frame.player].extend(frame.aside)
            elif isinstance(frame, Window):
                self.to_discard(frame.play.card)
            elif isinstance(frame, VortexDeal):
                self.discard.extend(frame.pool)
        self.stack.clear()
        self.say(reason)

    def to_discard(self, card: str) -> None:
        self.discard.append(card)

    # ------------------------------------------------------------------ timeline (§7)
    def flip(self, icon: str) -> None:
        """Flip a linchpin and resolve the ripples (C-INV-6, C-TL-2)."""
        lp = self.cards.linchpin_by_icon[icon]
        self.alt ^= 1 << lp.bit
        self.say(flip_line(lp, self.alt))
        self.ripple()

    def ripple(self) -> None:
        """One atomic ripple pass in Time Index order (C-TL-3, C-RULING-4), then the limit (C-TL-8)."""
        removed: list[str] = []
        ripple_pass(self.ctx, self.status, self.alt, self.log, removed)
        for patch in removed:  # C-RULING-3
            if self.cfg.nullified_patch_destination == "discard":
                self.to_discard(patch)
            else:
                self.out_of_game.append(patch)
        self.check_limit()

    def check_limit(self) -> None:
        """The 13th paradox: ``paradox_limit`` open paradoxes end the game (C-LOSE-1, C-RULING-10)."""
        if self.result is None and self.open_count() >= self.cfg.paradox_limit:
            self.end(
                None,
                ("universe_destroyed",),
                f"{self.open_count()} open paradoxes: the universe is destroyed; everyone loses",
            )

    # ------------------------------------------------------------------ cards and goals
    def swap_goal(self, player: int, pile: str, *, revealed: bool) -> None:
        """Put a goal card at the bottom of its pile and take the top one (C-GOAL-2, C-RULING-28)."""
        goals = self.ids if pile == "id" else self.missions
        old = goals[player]
        goals[player] = ""
        if self.cfg.goal_pile_model == "reshuffle":
            (self.id_pile if pile == "id" else self.mission_pile).add(old)
        else:
            (self.id_queue if pile == "id" else self.mission_queue).append(
                QueueEntry(card=old, returned_by=player, revealed=revealed)
            )
        self.stack.append(DealGoal(player, pile))

    def give_goal(self, frame: DealGoal, card: str) -> None:
        """The dealt goal card reaches its player (or Solonauts' face-up row)."""
        if frame.pile == "solo":
            self.solo_ids.append(card)
            self.say(f"ID {card} ({self.name(card)}) is dealt face up")
            return
        goals = self.missions if frame.pile == "mission" else self.ids
        goals[frame.player] = card
        self.say(*goal_event(self.cards, frame.player, frame.pile, card))

    def take_artifact(self, artifact: str) -> int:
        """Take a face-up Artifact off its tableau; the seat it was taken from."""
        for player, tableau in enumerate(self.tableaux):
            if artifact in tableau:
                tableau.remove(artifact)
                return player
        raise AssertionError(f"{artifact} is not face up")  # pragma: no cover

    def recycle(self) -> None:
        """C-DECK-2: the discard pile becomes the draw pile, only when a draw needs it."""
        for card in self.discard:
            self.draw[self.cards.deck_index[card]] += 1
        self.discard.clear()
        self.say("the discard pile is recycled into the draw pile")


def ripple_pass(ctx: Context, status: list[str], alt: int, events: list[Record], removed: list[str]) -> None:
    """One atomic ripple pass in Time Index order (C-TL-3, C-RULING-4), on ``status`` in place.

    The lines it writes go to ``events`` and the patches it takes off the TimeLine to ``removed``, in
    order; the limit (C-TL-8) is the caller's.  Shared by `Work.ripple` and the fast paths.
    """
    frozen = ctx.options.ultraparadox_post_1962_ripples == "frozen" and ultraparadox_of(ctx, status)
    up_year = ctx.up_year or 0
    paradoxes = paradox_table(ctx, alt)
    cards = ctx.cards
    for i, rp in enumerate(cards.ripplepoints):
        if frozen and rp.year > up_year:  # C-RULING-11 "frozen"
            continue
        paradox = paradoxes[i]
        year_status = status[i]
        if year_status == TRUE:
            if paradox:
                status[i] = OPEN
                events.append((f"{rp.year} becomes a paradox", -1, ""))
        elif year_status == OPEN:
            if not paradox:
                status[i] = TRUE
                events.append((f"{rp.year} is restored", -1, ""))
        elif not paradox:  # C-PATCH-6: restored, the patch is discarded first
            removed.append(year_status)
            status[i] = TRUE
            events.append((f"{rp.year} is restored; {cards.name(year_status)} is removed", -1, ""))
        elif not ctx.playable_if[year_status].holds(alt):  # C-PATCH-5 nullification
            removed.append(year_status)
            status[i] = OPEN
            events.append(
                (f"{cards.name(year_status)} is nullified; {rp.year} is an open paradox again", -1, "")
            )
    if frozen and not ultraparadox_of(ctx, status):
        ripple_pass(ctx, status, alt, events, removed)  # the UltraParadox ended: the frozen years too


@functools.lru_cache(maxsize=16384)
def paradox_table(ctx: Context, alt: int) -> tuple[bool, ...]:
    """Per ripplepoint, whether its ``paradox_if`` holds when ``alt`` shows (C-STATE-4, C-RULING-1).

    A bounded cache keyed by the (immutable) context and the linchpin bitmask, returning a tuple:
    the ripple pass after an Inverter reads one row instead of evaluating every condition."""
    return tuple([condition.holds(alt) for condition in ctx.paradox_if])
