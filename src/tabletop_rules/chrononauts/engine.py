"""The Chrononauts rules engine: resolution on a private working copy.

:func:`apply` copies the frozen state into a :class:`Work` object, changes the
copy, runs every automatic frame until a decision or a chance event is due,
and freezes the result, so callers only ever see immutable states.  No random
number is drawn here (C-CHANCE-1).  Comments name the clause each step follows.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Sequence

from tabletop_rules.chrononauts.cards import ActionCard, ArtifactCard, InverterCard, PatchCard
from tabletop_rules.chrononauts.legality import (
    CHANCE_FRAMES,
    DECISION_FRAMES,
    Position,
    _p,
    chance_outcomes_of,
    decision_player,
    describe_play,
    legal_moves_of,
)
from tabletop_rules.chrononauts.state import (
    OPEN,
    TRUE,
    ChooseFirst,
    Deal,
    DealGoal,
    Declare,
    DeclareChoice,
    Discard,
    Draw,
    DrawCards,
    EndTurn,
    FirstPlayer,
    Harvest,
    History,
    KillTime,
    Memo,
    MiracleDiscard,
    MiracleEnd,
    Move,
    Mulligan,
    MulliganChoice,
    Pass,
    Play,
    PlayStep,
    QueueEntry,
    Result,
    RippleCheck,
    SoloAfter,
    SoloStep,
    SoloTurn,
    State,
    TurnStart,
    VortexDeal,
    Window,
)
from tabletop_rules.core.errors import IllegalMoveError

__all__ = [
    "CHANCE_FRAMES",
    "DECISION_FRAMES",
    "Work",
    "apply_move",
    "chance_outcomes_of",
    "decision_player",
    "legal_moves_of",
]


@functools.cache
def _turn_frames(player: int) -> tuple[EndTurn, PlayStep, DrawCards]:
    """The frames a turn pushes (C-TURN-2..6); frames are immutable, so they are shared."""
    return (EndTurn(player), PlayStep(player, "turn"), DrawCards(player, 1))


class Work(Position):
    """The position being changed by one :func:`apply_move`; it ends frozen again."""

    MUTABLE = True

    def end(self, winner: int | None, conditions: tuple[str, ...], reason: str) -> None:
        """The game is over.  Cards held by unfinished work stay accounted for (C-STATE-8d): a hand
        set aside by Perform a "Miracle" returns to its owner, and cards still pending or in a Time
        Vortex pool go to the discard pile."""
        self.result = Result(winner, conditions, reason)
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
        side = "alt" if self.alt >> lp.bit & 1 else "true"
        self.say(
            f"{lp.year}{chr(39) if side == 'alt' else ''} now shows "
            f"{lp.alt_headline if side == 'alt' else lp.true_headline}"
        )
        self.ripple()

    def ripple(self) -> None:
        """One atomic ripple pass in Time Index order (C-TL-3, C-RULING-4), then the limit (C-TL-8)."""
        frozen = self.cfg.ultraparadox_post_1962_ripples == "frozen" and self.ultraparadox()
        up_year = self.ctx.up_year or 0
        removed: list[str] = []
        for i, rp in enumerate(self.cards.ripplepoints):
            if frozen and rp.year > up_year:  # C-RULING-11 "frozen"
                continue
            paradox = self.ctx.paradox_if[i].holds(self.alt)
            status = self.status[i]
            if status == TRUE:
                if paradox:
                    self.status[i] = OPEN
                    self.say(f"{rp.year} becomes a paradox")
            elif status == OPEN:
                if not paradox:
                    self.status[i] = TRUE
                    self.say(f"{rp.year} is restored")
            elif not paradox:  # C-PATCH-6: restored, the patch is discarded first
                removed.append(status)
                self.status[i] = TRUE
                self.say(f"{rp.year} is restored; {self.name(status)} is removed")
            elif not self.ctx.playable_if[status].holds(self.alt):  # C-PATCH-5 nullification
                removed.append(status)
                self.status[i] = OPEN
                self.say(f"{self.name(status)} is nullified; {rp.year} is an open paradox again")
        for patch in removed:  # C-RULING-3
            if self.cfg.nullified_patch_destination == "discard":
                self.to_discard(patch)
            else:
                self.out_of_game.append(patch)
        if frozen and not self.ultraparadox():
            self.ripple()  # the UltraParadox ended: re-evaluate the frozen years
            return
        self.check_limit()

    def check_limit(self) -> None:
        """The 13th paradox: ``paradox_limit`` open paradoxes end the game (C-LOSE-1, C-RULING-10)."""
        if self.result is None and self.open_count() >= self.cfg.paradox_limit:
            self.end(
                None,
                ("universe_destroyed",),
                f"{self.open_count()} open paradoxes: the universe is destroyed; everyone loses",
            )

    def swap_goal(self, player: int, pile: str, *, revealed: bool) -> None:
        """Put a goal card at the bottom of its pile and take the top one (C-GOAL-2, C-RULING-28)."""
        goals = self.ids if pile == "id" else self.missions
        old = goals[player]
        goals[player] = ""
        if self.cfg.goal_pile_model == "reshuffle":
            (self.id_pile if pile == "id" else self.mission_pile).add(old)
        else:
            (self.id_queue if pile == "id" else self.mission_queue).append(QueueEntry(old, player, revealed))
        self.stack.append(DealGoal(player, pile))

    # ------------------------------------------------------------------ applying decisions
    def decide(self, move: Move) -> None:
        top = self.stack[-1]
        if isinstance(top, PlayStep):
            player = top.player
            self.stack.pop()
            if isinstance(move, Play):
                self.hands[player].remove(move.card)
                self.announce(player, move, "hand", top.kind)
            elif isinstance(move, KillTime):  # C-TURN-4
                for card in move.cards:
                    self.hands[player].remove(card)
                    self.to_discard(card)
                self.say(
                    f"{_p(player)} kills time, discarding " + " and ".join(self.name(c) for c in move.cards)
                )
                if len(move.cards) == 2:
                    self.stack.append(DrawCards(player, 1))
            elif isinstance(move, Discard):  # the Miracle fallback (C-RULING-23)
                self.hands[player].remove(move.card)
                self.to_discard(move.card)
                self.say(f"{_p(player)} cannot play and discards {self.name(move.card)}")
        elif isinstance(top, Window):
            polled = top.eligible[top.index % len(top.eligible)]
            if isinstance(move, Pass):
                self.stack[-1] = Window(
                    top.owner, top.play, top.origin, top.step, top.eligible, top.index + 1, top.passes + 1
                )
                self.say(f"{_p(polled)} lets {self.name(top.play.card)} stand")
            else:
                assert isinstance(move, Memo)
                self.hands[polled].remove(move.card)
                self.stack[-1] = Window(
                    top.owner, top.play, top.origin, top.step, top.eligible, top.index + 1, 0
                )
                self.say(f"{_p(polled)} plays {self.name(move.card)} against {self.name(top.play.card)}")
                if self.cfg.memo_can_counter_memo:  # C-MEMO-5
                    self.stack.append(
                        Window(polled, Play(move.card), "hand", "memo", self.window_eligible(polled), 0, 0)
                    )
                else:
                    self.memo_stands(move.card, polled)
        elif isinstance(top, Harvest):
            assert isinstance(move, Play)
            self.stack.pop()
            if top.source == "discard":
                index = len(self.discard) - 1 - self.discard[::-1].index(move.card)
                del self.discard[index]
            else:
                if not any(self.draw) and self.cfg.quick_trip_recycle_if_empty:
                    self.recycle()
                self.draw[self.cards.deck_index[move.card]] -= 1
            what = "the discard pile" if top.source == "discard" else "the draw pile"
            self.say(f"{_p(top.player)} takes {self.name(move.card)} from {what}")
            self.announce(top.player, move, top.source, "harvest")
        elif isinstance(top, MiracleDiscard):
            assert isinstance(move, Discard)
            self.hands[top.player].remove(move.card)
            self.to_discard(move.card)
            self.say(f"{_p(top.player)} discards {self.name(move.card)}")
            self.stack[-1] = MiracleDiscard(top.player, top.count - 1)
        elif isinstance(top, MulliganChoice):
            assert isinstance(move, Mulligan)
            self.stack.pop()
            if move.take:  # C-SETUP-5, C-RULING-29
                self.say(f"{_p(top.player)} takes an identity mulligan")
                if top.remaining > 1:
                    self.stack.append(MulliganChoice(top.player, top.remaining - 1))
                self.swap_goal(top.player, "id", revealed=False)
            else:
                self.say(f"{_p(top.player)} keeps their ID")
        elif isinstance(top, DeclareChoice):
            assert isinstance(move, Declare)
            self.stack.pop()
            if move.claim:
                self.win(top.player, top.conditions)
            else:
                self.say(f"{_p(top.player)} does not declare victory")
                self.next_turn(top.player)
        elif isinstance(top, SoloStep):
            self.stack.pop()
            self.stack.append(SoloAfter())
            if isinstance(move, Play):
                self.hands[0].remove(move.card)
                self.announce(0, move, "hand", "solo")
            else:
                assert isinstance(move, Discard)
                self.hands[0].remove(move.card)
                self.to_discard(move.card)
                self.say(f"discards {self.name(move.card)}")

    def announce(self, player: int, play: Play, origin: str, step: str) -> None:
        """The card becomes pending and its reaction window opens (C-PLAY-2, C-PLAY-3)."""
        self.say(f"{_p(player)} plays {describe_play(self.cards, play)}")
        self.stack.append(Window(player, play, origin, step, self.window_eligible(player), 0, 0))

    def memo_stands(self, memo: str, memo_owner: int) -> None:
        """The Memo resolves: the card of the window below is cancelled (C-MEMO-1, C-MEMO-4)."""
        target = self.stack.pop()
        assert isinstance(target, Window)
        self.to_discard(target.play.card)
        self.to_discard(memo)
        self.say(f"{self.name(target.play.card)} is cancelled by {_p(memo_owner)}'s Memo")
        if not self.cfg.memo_consumes_play and target.step in ("turn", "effect", "miracle"):
            self.stack.append(PlayStep(target.owner, target.step))  # C-RULING-14 off

    # ------------------------------------------------------------------ resolution (§8 .. §13)
    def resolve(self, owner: int, play: Play) -> None:
        card = self.cards.play_cards[play.card]
        if isinstance(card, InverterCard):  # C-INV-6
            self.to_discard(card.id)
            assert isinstance(play.target, str)
            self.flip(play.target)
        elif isinstance(card, PatchCard):  # C-PATCH-4
            index = self.cards.ripple_index[card.year]
            old = self.status[index]
            if old not in (TRUE, OPEN):  # C-RULING-9 replacement
                self.to_discard(old)
            self.status[index] = card.id
            self.say(f"{card.headline} patches {card.year}")
            if card.triggers_ultraparadox:
                self.say("the UltraParadox begins")  # C-ANOM-5
            if not self.ctx.playable_if[card.id].holds(self.alt):
                self.stack.append(RippleCheck())  # C-RULING-8 off: nullified after the bonus draw
            if self.cfg.variant != "solonauts":  # C-SOLO-4: no bonus draw
                self.stack.append(DrawCards(owner, 1))
        elif isinstance(card, ArtifactCard):  # C-ART-1
            self.tableaux[owner].append(card.id)
        else:
            self.to_discard(card.id)  # C-PLAY-5
            self.effect(owner, card, play.target)

    def take_artifact(self, artifact: str) -> int:
        for player, tableau in enumerate(self.tableaux):
            if artifact in tableau:
                tableau.remove(artifact)
                return player
        raise AssertionError(f"{artifact} is not face up")  # pragma: no cover

    def effect(self, owner: int, card: ActionCard, target: str | int | None) -> None:
        key = self.effect_key(card)
        cfg = self.cfg
        if key == "get_there_first":  # C-ACT-2
            assert isinstance(target, str)
            victim = self.take_artifact(target)
            self.tableaux[owner].append(target)
            self.say(f"{_p(owner)} takes {self.name(target)} from {_p(victim)}")
        elif key == "sell_artifact":  # C-ACT-3
            assert isinstance(target, str)
            sold = self.cards.play_cards[target]
            assert isinstance(sold, ArtifactCard)
            others = [self.cards.play_cards[c].mona_lisa_rank for _, c in self.face_up() if c != target]  # type: ignore[union-attr]
            ranks = [r for r in others if r is not None]
            rank = sold.mona_lisa_rank
            if cfg.mona_lisa_tie_policy == "not_most_convincing":
                bonus = rank is not None and all(rank > r for r in ranks)
            else:
                bonus = rank is not None and all(rank >= r for r in ranks)
            if target in self.tableaux[owner]:
                self.tableaux[owner].remove(target)
            else:
                self.hands[owner].remove(target)
            self.to_discard(target)
            count = int(card.param("draw", 2)) + (int(card.param("mona_lisa_bonus_draw", 1)) if bonus else 0)
            self.say(f"{_p(owner)} sells {self.name(target)} and draws {count}")
            self.stack.append(DrawCards(owner, count))
        elif key == "perform_miracle":  # C-ACT-4
            assert isinstance(target, str)
            given = self.cards.play_cards[target]
            assert isinstance(given, ArtifactCard)
            icons = {card.param("bonus_icon")}
            if cfg.miracle_bonus_icons == "either":
                icons = {
                    c.param("bonus_icon") for c in self.cards.actions if c.effect_key == "perform_miracle"
                }
            numbers = dict(card.param("bonus" if icons & set(given.icons) else "base"))
            self.take_artifact(target)
            self.to_discard(target)
            aside = tuple(sorted(self.hands[owner]))
            self.hands[owner] = []
            self.say(f"{_p(owner)} gives up {self.name(target)} and sets aside {len(aside)} cards")
            self.stack.append(MiracleEnd(owner, aside))
            self.stack.append(MiracleDiscard(owner, int(numbers["discard"])))
            self.stack.extend(PlayStep(owner, "miracle") for _ in range(int(numbers["play"])))
            self.stack.append(DrawCards(owner, int(numbers["draw"])))
        elif key == "discontinuity":  # C-ACT-5
            direction = (
                target if cfg.discontinuity_direction == "player_choice" else cfg.discontinuity_direction
            )
            step = 1 if direction == "next" else -1
            self.hands = [self.hands[(p - step) % self.n] for p in range(self.n)]
            self.say(f"every hand passes to the {direction} player")
        elif key == "time_vortex":  # C-ACT-6, C-RULING-32
            pool = tuple(sorted(c for hand in self.hands for c in hand))
            owed = tuple(len(h) for h in self.hands) if cfg.time_vortex_deal == "restore_sizes" else ()
            self.hands = [[] for _ in range(self.n)]
            self.say(f"{len(pool)} cards are gathered into the Time Vortex")
            if pool:
                self.stack.append(VortexDeal(pool, self.vortex_next(owner, owed), owed))
        elif key == "new_mission":  # C-ACT-7
            assert isinstance(target, int)
            self.say(f"{_p(target)} swaps their Mission")
            self.swap_goal(target, "mission", revealed=False)
        elif key == "it_never_existed":  # C-ACT-8
            assert isinstance(target, str)
            victim = self.take_artifact(target)
            self.to_discard(target)
            self.say(f"{self.name(target)} never existed ({_p(victim)} loses it)")
        elif key == "your_parents_never_met":  # C-ACT-9, C-GOAL-3
            assert isinstance(target, int)
            old = self.ids[target]
            self.revealed.append(old)
            self.say(f"{_p(target)} reveals ID {old} ({self.name(old)}) and takes a new one")
            self.swap_goal(target, "id", revealed=True)
        elif key == "fast_forward":  # C-TW-2, C-RULING-15
            if cfg.fast_forward_mode == "two_extra_turns":
                self.extra_turns += 2
                self.say(f"{_p(owner)} will take two extra turns")
            else:
                self.stack.extend(PlayStep(owner, "effect") for _ in range(int(card.param("play", 2))))
                self.stack.append(DrawCards(owner, int(card.param("draw", 2))))
        elif key == "rewind":  # C-TW-3
            self.stack.append(Harvest(owner, "discard"))
        elif key == "quick_trip":  # C-TW-4
            self.stack.append(Harvest(owner, "draw"))

    def vortex_next(self, start: int, owed: tuple[int, ...]) -> int:
        if not owed:
            return start
        for k in range(self.n):
            player = (start + k) % self.n
            if owed[player] > 0:
                return player
        return start

    # ------------------------------------------------------------------ chance
    def recycle(self) -> None:
        """C-DECK-2: the discard pile becomes the draw pile, only when a draw needs it."""
        for card in self.discard:
            self.draw[self.cards.deck_index[card]] += 1
        self.discard.clear()
        self.say("the discard pile is recycled into the draw pile")

    def chance(self, move: Move) -> None:
        top = self.stack[-1]
        if isinstance(top, DrawCards):
            assert isinstance(move, Draw)
            self.draw[self.cards.deck_index[move.card]] -= 1
            self.hands[top.player].append(move.card)
            self.say(
                f"{_p(top.player)} draws a card", top.player, f"{_p(top.player)} draws {self.name(move.card)}"
            )
            if top.count > 1:
                self.stack[-1] = DrawCards(top.player, top.count - 1)
            else:
                self.stack.pop()
        elif isinstance(top, VortexDeal):
            assert isinstance(move, Draw)
            pool = list(top.pool)
            pool.remove(move.card)
            player = top.next_player
            self.hands[player].append(move.card)
            self.say(f"{_p(player)} is dealt a card", player, f"{_p(player)} is dealt {self.name(move.card)}")
            owed = top.owed
            if owed:
                owed = tuple(k - 1 if p == player else k for p, k in enumerate(owed))
            if pool:
                self.stack[-1] = VortexDeal(tuple(pool), self.vortex_next((player + 1) % self.n, owed), owed)
            else:
                self.stack.pop()
        elif isinstance(top, DealGoal):
            assert isinstance(move, Deal)
            self.stack.pop()
            (self.mission_pile if top.pile == "mission" else self.id_pile).discard(move.card)
            self.give_goal(top, move.card)
        elif isinstance(top, ChooseFirst):
            assert isinstance(move, FirstPlayer)
            self.stack.pop()
            self.begin(move.player)

    def give_goal(self, frame: DealGoal, card: str) -> None:
        if frame.pile == "solo":
            self.solo_ids.append(card)
            self.say(f"ID {card} ({self.name(card)}) is dealt face up")
            return
        goals = self.missions if frame.pile == "mission" else self.ids
        goals[frame.player] = card
        what = "a Mission" if frame.pile == "mission" else "an ID"
        self.say(
            f"{_p(frame.player)} takes {what}",
            frame.player,
            f"{_p(frame.player)} takes {card} ({self.name(card)})",
        )

    def begin(self, first: int) -> None:
        """After the deal: mulligans in seat order from the first player (C-SETUP-5), then the first turn."""
        self.active = first
        self.say(f"{_p(first)} plays first")
        self.stack.append(TurnStart(first))
        if self.cfg.variant == "chrononauts" and self.cfg.identity_mulligans > 0:
            for k in reversed(range(self.n)):
                self.stack.append(MulliganChoice((first + k) % self.n, self.cfg.identity_mulligans))

    # ------------------------------------------------------------------ turn flow
    def win(self, player: int, conditions: tuple[str, ...]) -> None:
        words = {"mission": "completing their Mission", "id": "going home", "hand_size": "power and success"}
        how = " and ".join(words[c] for c in conditions)
        self.end(player, conditions, f"{_p(player)} wins by {how}")

    def next_turn(self, player: int) -> None:
        if self.extra_turns > 0:  # C-RULING-15 "two_extra_turns"
            self.extra_turns -= 1
            self.stack.append(TurnStart(player))
        else:
            self.stack.append(TurnStart((player + 1) % self.n))

    def advance(self) -> None:
        """Resolve automatic frames until a decision or a chance event is due, or the game is over."""
        while self.result is None and self.stack:
            top = self.stack[-1]
            if isinstance(top, Window):
                if top.passes >= len(top.eligible):  # the window closes (C-RULING-6)
                    self.stack.pop()
                    if top.step == "memo":
                        self.memo_stands(top.play.card, top.owner)
                    else:
                        self.resolve(top.owner, top.play)
                    continue
                polled = top.eligible[top.index % len(top.eligible)]
                if not self.cfg.memo_poll_all_players and not self.memo_cards(polled):
                    self.stack[-1] = Window(
                        top.owner, top.play, top.origin, top.step, top.eligible, top.index + 1, top.passes + 1
                    )
                    continue
                return
            if isinstance(top, PlayStep):
                if not self.hands[top.player]:  # C-RULING-26: the play is skipped
                    self.stack.pop()
                    continue
                if (
                    top.kind == "effect"
                    and not self.cfg.killing_time_in_effect_plays
                    and not self.plays(top.player, self.hands[top.player])
                ):
                    self.stack.pop()
                    continue
                return
            if isinstance(top, DrawCards):
                if top.count <= 0:
                    self.stack.pop()
                    continue
                if not any(self.draw):
                    if self.discard and self.cfg.variant != "solonauts":  # C-DECK-2, C-SOLO-7
                        self.recycle()
                        return
                    if self.cfg.empty_supply_policy == "end_game_draw" and self.cfg.variant != "solonauts":
                        self.end(
                            None, ("empty_supply",), "no cards are left to draw: the game ends with no winner"
                        )
                        return
                    self.stack.pop()  # C-DECK-3, C-RULING-7: the draw is skipped
                    continue
                return
            if isinstance(top, DealGoal):
                pile = self.mission_pile if top.pile == "mission" else self.id_pile
                if pile:
                    return
                queue = self.mission_queue if top.pile == "mission" else self.id_queue
                self.stack.pop()
                self.give_goal(top, queue.pop(0).card)
                continue
            if isinstance(top, ChooseFirst):
                if isinstance(self.cfg.first_player, int):
                    self.stack.pop()
                    self.begin(self.cfg.first_player % self.n)
                    continue
                return
            if isinstance(top, Harvest):
                if not self.legal():
                    self.stack.pop()
                    self.say("there is nothing to take")
                    continue
                return
            if isinstance(top, MiracleDiscard):
                if top.count <= 0 or not self.hands[top.player]:
                    self.stack.pop()
                    continue
                return
            if isinstance(top, MiracleEnd):  # C-ACT-4 step 6
                self.stack.pop()
                self.hands[top.player].extend(top.aside)
                self.say(f"{_p(top.player)} takes back the set-aside hand")
                continue
            if isinstance(top, RippleCheck):
                self.stack.pop()
                self.ripple()
                continue
            if isinstance(top, TurnStart):  # C-TURN-2, C-TURN-3
                self.stack.pop()
                if self.cfg.max_turns is not None and self.turn >= self.cfg.max_turns:
                    self.end(
                        None, ("turn_limit",), f"the turn limit ({self.cfg.max_turns}) is reached: no winner"
                    )
                    return
                self.turn += 1
                self.active = top.player
                self.say(f"turn {self.turn}: {_p(top.player)}")
                self.stack.extend(_turn_frames(top.player))
                continue
            if isinstance(top, EndTurn):  # C-TURN-6, C-WIN-1
                self.stack.pop()
                met = self.win_conditions(top.player)
                if met and self.cfg.auto_declare_victory:
                    self.win(top.player, met)
                elif met:
                    self.stack.append(DeclareChoice(top.player, met))
                else:
                    self.next_turn(top.player)
                continue
            if isinstance(top, SoloTurn):  # C-SOLO-6, C-SOLO-8
                self.stack.pop()
                if not self.solo_ids:
                    self.end(0, ("all_home",), "every character is home: Solonauts is won")
                    return
                if not self.hands[0] and not any(self.draw):
                    self.end(
                        None,
                        ("out_of_cards",),
                        "no cards are left and some characters are not home: Solonauts is lost",
                    )
                    return
                if self.cfg.max_turns is not None and self.turn >= self.cfg.max_turns:
                    self.end(
                        None, ("turn_limit",), f"the turn limit ({self.cfg.max_turns}) is reached: no winner"
                    )
                    return
                self.turn += 1
                self.stack.append(SoloStep())
                return
            if isinstance(top, SoloAfter):  # C-SOLO-5, C-RULING-30
                self.stack.pop()
                self.home_check()
                self.stack.append(SoloTurn())
                self.stack.append(DrawCards(0, max(0, 5 - len(self.hands[0]))))
                continue
            return  # a decision frame

    def home_check(self) -> None:
        if not self.cfg.solonauts_home_permanent:
            back = [c for c in self.home_row if not self.readable(self.cards.by_id[c])]
            for card in back:
                self.home_row.remove(card)
                self.solo_ids.append(card)
                self.say(f"{self.name(card)} is no longer home")
        for card in list(self.solo_ids):
            if self.readable(self.cards.by_id[card]):
                self.solo_ids.remove(card)
                self.home_row.append(card)
                self.say(f"{self.name(card)} ({card}) gets home")


def check_chance(state: State, move: object) -> None:
    top = state.stack[-1]
    ok = False
    if isinstance(top, DrawCards) and isinstance(move, Draw):
        index = state.cards.deck_index.get(move.card)
        ok = index is not None and state.draw_pile[index] > 0
    elif isinstance(top, VortexDeal) and isinstance(move, Draw):
        ok = move.card in top.pool
    elif isinstance(top, DealGoal) and isinstance(move, Deal):
        ok = move.card in (state.mission_pile if top.pile == "mission" else state.id_pile)
    elif isinstance(top, ChooseFirst) and isinstance(move, FirstPlayer):
        ok = isinstance(move.player, int) and 0 <= move.player < state.players
    if not ok:
        raise IllegalMoveError(f"{move!r} is not an outcome of the chance event {type(top).__name__} here")


def _pass_keeps_window_open(state: State, top: Window) -> State:
    """A pass that leaves the window open changes only the window and the history (the hot path)."""
    polled = top.eligible[top.index % len(top.eligible)]
    event = (f"{_p(polled)} lets {state.cards.name(top.play.card)} stand", -1, "")
    return State(
        state.ctx,
        state.alt,
        state.status,
        state.draw_pile,
        state.discard_pile,
        state.hands,
        state.tableaux,
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
        state.active,
        state.turn,
        state.extra_turns,
        (
            *state.stack[:-1],
            Window(top.owner, top.play, top.origin, top.step, top.eligible, top.index + 1, top.passes + 1),
        ),
        state.result,
        History.link(state.log, (event,)),
    )


def _draw_fast(state: State, top: DrawCards, card: str) -> State | None:
    """A draw after which nothing resolves by itself (the hot path), or None for the general one."""
    index = state.ctx.cards.deck_index.get(card)
    if index is None or not state.draw_pile[index]:
        return None  # not an outcome here: the general path raises
    pile = list(state.draw_pile)
    pile[index] -= 1
    stack = state.stack
    if top.count > 1:
        if not any(pile):
            return None  # the next draw recycles or ends the game
        new_stack = (*stack[:-1], DrawCards(top.player, top.count - 1))
    else:
        below = stack[-2] if len(stack) > 1 else None
        if not (
            type(below) is PlayStep
            and below.player == top.player
            and (below.kind != "effect" or state.ctx.config.killing_time_in_effect_plays)
        ):
            return None
        new_stack = stack[:-1]
    player = top.player
    hand = list(state.hands[player])
    bisect.insort(hand, card)
    hands = (*state.hands[:player], tuple(hand), *state.hands[player + 1 :])
    who = _p(player)
    event = (f"{who} draws a card", player, f"{who} draws {state.ctx.cards.name(card)}")
    return State(
        state.ctx,
        state.alt,
        state.status,
        tuple(pile),
        state.discard_pile,
        hands,
        state.tableaux,
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
        state.active,
        state.turn,
        state.extra_turns,
        new_stack,
        state.result,
        History.link(state.log, (event,)),
    )


def _play_opens_window(state: State, top: PlayStep, play: Play) -> State | None:
    """A card played from hand: it becomes pending and its window opens (C-PLAY-2, C-PLAY-3).

    The hot path of :meth:`Work.decide` + :meth:`Work.advance`; None when the general path is needed.
    """
    ctx = state.ctx
    n = ctx.players
    player = top.player
    eligible = tuple((player + k) % n for k in range(1, n))
    if ctx.config.memo_self_target:
        eligible = (*eligible, player)
    if not eligible or not ctx.config.memo_poll_all_players:
        return None
    hand = list(state.hands[player])
    hand.remove(play.card)
    hands = (*state.hands[:player], tuple(hand), *state.hands[player + 1 :])
    event = (f"{_p(player)} plays {describe_play(ctx.cards, play)}", -1, "")
    return State(
        ctx,
        state.alt,
        state.status,
        state.draw_pile,
        state.discard_pile,
        hands,
        state.tableaux,
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
        state.active,
        state.turn,
        state.extra_turns,
        (*state.stack[:-1], Window(player, play, "hand", top.kind, eligible, 0, 0)),
        state.result,
        History.link(state.log, (event,)),
    )


def _kill_time_and_draw(state: State, top: PlayStep, move: KillTime) -> State | None:
    """Killing Time with two cards: discard them, then a draw is due (C-TURN-4; the hot path)."""
    if not any(state.draw_pile):
        return None  # the draw recycles or ends the game: the general path
    ctx = state.ctx
    player = top.player
    hand = list(state.hands[player])
    for card in move.cards:
        hand.remove(card)
    hands = (*state.hands[:player], tuple(hand), *state.hands[player + 1 :])
    names = " and ".join(ctx.cards.name(c) for c in move.cards)
    event = (f"{_p(player)} kills time, discarding {names}", -1, "")
    return State(
        ctx,
        state.alt,
        state.status,
        state.draw_pile,
        (*state.discard_pile, *move.cards),
        hands,
        state.tableaux,
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
        state.active,
        state.turn,
        state.extra_turns,
        (*state.stack[:-1], DrawCards(player, 1)),
        state.result,
        History.link(state.log, (event,)),
    )


def apply_move(state: State, move: object) -> State:
    if state.result is not None or not state.stack:
        raise IllegalMoveError(f"the game is over; {move!r} cannot be applied")
    top = state.stack[-1]
    if (
        type(top) is Window
        and type(move) is Pass
        and top.passes + 1 < len(top.eligible)
        and state.ctx.config.memo_poll_all_players
    ):
        return _pass_keeps_window_open(state, top)  # what Work.decide + advance would do
    if type(top) is DrawCards and type(move) is Draw:
        fast = _draw_fast(state, top, move.card)  # what Work.chance + advance would do
        if fast is not None:
            return fast
    if isinstance(top, CHANCE_FRAMES):
        check_chance(state, move)
        work = Work(state)
        work.chance(move)  # type: ignore[arg-type]
    else:
        legal: Sequence[Move] = legal_moves_of(state)
        for candidate in legal:  # moves usually come from legal_moves: compare by identity first
            if candidate is move:
                break
        else:
            if move not in legal:
                raise IllegalMoveError(
                    f"{move!r} is not legal here (player {decision_player(state)} to act at "
                    f"{type(top).__name__}; {len(legal)} legal moves)"
                )
        if type(top) is PlayStep:
            if type(move) is Play:
                fast = _play_opens_window(state, top, move)
            elif type(move) is KillTime and len(move.cards) == 2:
                fast = _kill_time_and_draw(state, top, move)
            else:
                fast = None
            if fast is not None:
                return fast
        work = Work(state)
        work.decide(move)  # type: ignore[arg-type]
    work.advance()
    return work.freeze()
