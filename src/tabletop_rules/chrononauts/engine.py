"""The Chrononauts turn sequence: the frame stack, resolved on a private working copy.

`Engine` is the `Work` of one move: `Engine.decide` applies a decision and
`Engine.chance` a chance outcome, then `Engine.advance` runs every automatic
frame until a decision or a chance event is due, and `Work.freeze` makes
the result a frozen state again, so callers only ever see immutable states.
Card effects are looked up in `effects.EFFECTS`.  No random number is drawn
here (C-CHANCE-1).  Comments name the clause each step follows.
"""

from __future__ import annotations

from tabletop_rules.chrononauts.content.records import ArtifactCard, InverterCard, PatchCard
from tabletop_rules.chrononauts.effects import EFFECTS, can_harvest, plays
from tabletop_rules.chrononauts.frames import (
    ChooseFirst,
    DealGoal,
    DeclareChoice,
    DrawCards,
    EndTurn,
    Harvest,
    MiracleDiscard,
    MiracleEnd,
    MulliganChoice,
    PlayStep,
    RippleCheck,
    SoloAfter,
    SoloStep,
    SoloTurn,
    TurnStart,
    VortexDeal,
    Window,
)
from tabletop_rules.chrononauts.moves import (
    Deal,
    Declare,
    Discard,
    Draw,
    FirstPlayer,
    KillTime,
    Memo,
    Move,
    Mulligan,
    Pass,
    Play,
)
from tabletop_rules.chrononauts.position import (
    deal_event,
    draw_event,
    kill_time_line,
    pass_line,
    play_line,
    seat,
    turn_line,
)
from tabletop_rules.chrononauts.state import OPEN, TRUE, State
from tabletop_rules.chrononauts.work import Work
from tabletop_rules.core.errors import IllegalMoveError
from tabletop_rules.core.jsonio import brief

__all__ = ["Engine", "check_chance", "run"]


class Engine(Work):
    """The working copy of one move, with the turn sequence that resolves it."""

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
                self.say(kill_time_line(self.cards, player, move.cards))
                if len(move.cards) == 2:
                    self.stack.append(DrawCards(player, 1))
            elif isinstance(move, Discard):  # the Miracle fallback (C-RULING-23)
                self.hands[player].remove(move.card)
                self.to_discard(move.card)
                self.say(f"{seat(player)} cannot play and discards {self.name(move.card)}")
        elif isinstance(top, Window):
            polled = top.polled()
            if isinstance(move, Pass):
                self.stack[-1] = top.after_pass()
                self.say(pass_line(self.cards, polled, top.play.card))
            else:
                assert isinstance(move, Memo)
                self.hands[polled].remove(move.card)
                self.stack[-1] = top.after_memo()
                self.say(f"{seat(polled)} plays {self.name(move.card)} against {self.name(top.play.card)}")
                if self.cfg.memo_can_counter_memo:  # C-MEMO-5
                    self.stack.append(self.window(polled, self.play(move.card), "hand", "memo"))
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
            self.say(f"{seat(top.player)} takes {self.name(move.card)} from {what}")
            self.announce(top.player, move, top.source, "harvest")
        elif isinstance(top, MiracleDiscard):
            assert isinstance(move, Discard)
            self.hands[top.player].remove(move.card)
            self.to_discard(move.card)
            self.say(f"{seat(top.player)} discards {self.name(move.card)}")
            self.stack[-1] = MiracleDiscard(top.player, top.count - 1)
        elif isinstance(top, MulliganChoice):
            assert isinstance(move, Mulligan)
            self.stack.pop()
            if move.take:  # C-SETUP-5, C-RULING-29
                self.say(f"{seat(top.player)} takes an identity mulligan")
                if top.remaining > 1:
                    self.stack.append(MulliganChoice(top.player, top.remaining - 1))
                self.swap_goal(top.player, "id", revealed=False)
            else:
                self.say(f"{seat(top.player)} keeps their ID")
        elif isinstance(top, DeclareChoice):
            assert isinstance(move, Declare)
            self.stack.pop()
            if move.claim:
                self.win(top.player, top.conditions)
            else:
                self.say(f"{seat(top.player)} does not declare victory")
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
        self.say(play_line(self.cards, player, play))
        self.stack.append(self.window(player, play, origin, step))

    def memo_stands(self, memo: str, memo_owner: int) -> None:
        """The Memo resolves: the card of the window below is cancelled (C-MEMO-1, C-MEMO-4)."""
        target = self.stack.pop()
        assert isinstance(target, Window)
        self.to_discard(target.play.card)
        self.to_discard(memo)
        self.say(f"{self.name(target.play.card)} is cancelled by {seat(memo_owner)}'s Memo")
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
            EFFECTS[self.effect_key(card)].resolve(self, owner, card, play.target)

    def chance(self, move: Move) -> None:
        top = self.stack[-1]
        if isinstance(top, DrawCards):
            assert isinstance(move, Draw)
            self.draw[self.cards.deck_index[move.card]] -= 1
            self.hands[top.player].append(move.card)
            self.say(*draw_event(self.cards, top.player, move.card))
            if top.count > 1:
                self.stack[-1] = DrawCards(top.player, top.count - 1)
            else:
                self.stack.pop()
        elif isinstance(top, VortexDeal):
            assert isinstance(move, Draw)
            player = top.next_player
            self.hands[player].append(move.card)
            self.say(*deal_event(self.cards, player, move.card))
            following = top.after_deal(move.card, self.n)
            if following is not None:
                self.stack[-1] = following
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

    def begin(self, first: int) -> None:
        """After the deal: mulligans in seat order from the first player (C-SETUP-5), then the first turn."""
        self.active = first
        self.say(f"{seat(first)} plays first")
        self.stack.append(TurnStart(first))
        if self.cfg.variant == "chrononauts" and self.cfg.identity_mulligans > 0:
            for k in reversed(range(self.n)):
                self.stack.append(MulliganChoice((first + k) % self.n, self.cfg.identity_mulligans))

    # ------------------------------------------------------------------ turn flow
    def win(self, player: int, conditions: tuple[str, ...]) -> None:
        words = {"mission": "completing their Mission", "id": "going home", "hand_size": "power and success"}
        how = " and ".join(words[c] for c in conditions)
        self.end(player, conditions, f"{seat(player)} wins by {how}")

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
                if not self.cfg.memo_poll_all_players and not self.memo_cards(top.polled()):
                    self.stack[-1] = top.after_pass()
                    continue
                return
            if isinstance(top, PlayStep):
                if not self.peek("hands")[top.player]:  # C-RULING-26: the play is skipped
                    self.stack.pop()
                    continue
                if (
                    top.kind == "effect"
                    and not self.cfg.killing_time_in_effect_plays
                    and not plays(self, top.player, self.hands[top.player])
                ):
                    self.stack.pop()
                    continue
                return
            if isinstance(top, DrawCards):
                if top.count <= 0:
                    self.stack.pop()
                    continue
                if not any(self.peek("draw")):
                    if self.peek("discard") and self.cfg.variant != "solonauts":  # C-DECK-2, C-SOLO-7
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
            if isinstance(top, TurnStart):  # C-TURN-2, C-TURN-3
                self.stack.pop()
                if self.cfg.max_turns is not None and self.turn >= self.cfg.max_turns:
                    self.end(
                        None, ("turn_limit",), f"the turn limit ({self.cfg.max_turns}) is reached: no winner"
                    )
                    return
                self.turn += 1
                self.active = top.player
                self.say(turn_line(self.turn, top.player))
                self.stack.extend(self.ctx.turn_frames[top.player])  # shared, immutable frames
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
                if not can_harvest(self, top.player, top.source, self.ultraparadox()):
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
                self.say(f"{seat(top.player)} takes back the set-aside hand")
                continue
            if isinstance(top, RippleCheck):
                self.stack.pop()
                self.ripple()
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
        ok = move.player < state.players  # `SHAPES` has checked it is an int seat 0..9
    if not ok:
        raise IllegalMoveError(
            f"{brief(move)} is not an outcome of the chance event {type(top).__name__} here"
        )


def run(state: State, move: Move, *, chance: bool) -> State:
    """The general path of `apply`: copy, apply the decision or chance outcome, advance, freeze."""
    work = Engine(state)
    if chance:
        work.chance(move)
    else:
        work.decide(move)
    work.advance()
    return work.freeze()
