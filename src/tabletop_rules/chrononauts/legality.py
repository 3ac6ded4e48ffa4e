"""What a position allows: legal moves, win conditions and read-only queries.

:class:`Position` is a mutable copy of a frozen :class:`State` with every
question the rules ask of it (C-PLAY-1 legality, C-WIN-* conditions); the
engine's :class:`~tabletop_rules.chrononauts.engine.Work` extends it with the
changes.  Nothing here changes the position.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from tabletop_rules.chrononauts.cards import ActionCard, ArtifactCard, Identity, InverterCard, PatchCard
from tabletop_rules.chrononauts.state import (
    OPEN,
    TRUE,
    ChooseFirst,
    Context,
    Deal,
    DealGoal,
    Declare,
    DeclareChoice,
    Discard,
    Draw,
    DrawCards,
    Event,
    FirstPlayer,
    Frame,
    Harvest,
    KillTime,
    Memo,
    MiracleDiscard,
    Move,
    Mulligan,
    MulliganChoice,
    Pass,
    Play,
    PlayStep,
    SoloStep,
    State,
    VortexDeal,
    Window,
)

__all__ = [
    "CHANCE_FRAMES",
    "DECISION_FRAMES",
    "Position",
    "chance_outcomes_of",
    "decision_player",
    "describe_play",
    "legal_moves_of",
]

DECISION_FRAMES = (MulliganChoice, PlayStep, Window, Harvest, MiracleDiscard, DeclareChoice, SoloStep)
CHANCE_FRAMES = (ChooseFirst, DealGoal, DrawCards, VortexDeal)


def _p(player: int) -> str:
    return f"P{player}"


class Position:
    """A mutable copy of a :class:`State` and the questions the rules ask of it."""

    def __init__(self, s: State) -> None:
        self.ctx: Context = s.ctx
        self.cards = s.ctx.cards
        self.cfg = s.ctx.config
        self.n = s.ctx.players
        self.alt = s.alt
        self.status = list(s.status)
        self.draw = list(s.draw_pile)
        self.discard = list(s.discard_pile)
        self.hands = [list(h) for h in s.hands]
        self.tableaux = [list(t) for t in s.tableaux]
        self.ids = list(s.ids)
        self.missions = list(s.missions)
        self.id_pile = set(s.id_pile)
        self.id_queue = list(s.id_queue)
        self.mission_pile = set(s.mission_pile)
        self.mission_queue = list(s.mission_queue)
        self.revealed = list(s.revealed_ids)
        self.out_of_game = list(s.out_of_game)
        self.solo_ids = list(s.solo_ids)
        self.home_row = list(s.home_row)
        self.active = s.active
        self.turn = s.turn
        self.extra_turns = s.extra_turns
        self.stack: list[Frame] = list(s.stack)
        self.result = s.result
        self.old_log = s.log
        self.log: list[Event] = []

    def freeze(self) -> State:
        return State(
            ctx=self.ctx,
            alt=self.alt,
            status=tuple(self.status),
            draw_pile=tuple(self.draw),
            discard_pile=tuple(self.discard),
            hands=tuple(tuple(sorted(h)) for h in self.hands),
            tableaux=tuple(tuple(t) for t in self.tableaux),
            ids=tuple(self.ids),
            missions=tuple(self.missions),
            id_pile=frozenset(self.id_pile),
            id_queue=tuple(self.id_queue),
            mission_pile=frozenset(self.mission_pile),
            mission_queue=tuple(self.mission_queue),
            revealed_ids=tuple(self.revealed),
            out_of_game=tuple(self.out_of_game),
            solo_ids=tuple(self.solo_ids),
            home_row=tuple(self.home_row),
            active=self.active,
            turn=self.turn,
            extra_turns=self.extra_turns,
            stack=tuple(self.stack),
            result=self.result,
            log=self.old_log + tuple(self.log),
        )

    # ------------------------------------------------------------------ small helpers
    def say(self, text: str, private_to: int = -1, private_text: str = "") -> None:
        self.log.append(Event(text, private_to, private_text))

    def name(self, card_id: str) -> str:
        return self.cards.name(card_id)

    def ultraparadox(self) -> bool:  # C-STATE-7
        year = self.ctx.up_year
        if year is None:
            return False
        status = self.status[self.cards.ripple_index[year]]
        if status in (TRUE, OPEN):
            return False
        card = self.cards.play_cards[status]
        return isinstance(card, PatchCard) and card.triggers_ultraparadox

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
        cards = self.cards
        for entry in identity.home:
            if entry.year in cards.ripple_index:
                status = self.status[cards.ripple_index[entry.year]]
                if entry.state == "true":
                    if status != TRUE:
                        return False
                elif status in (TRUE, OPEN) or (
                    status != entry.patch and self.cfg.id_patched_match == "specific_patch"
                ):
                    return False
            else:
                lp = cards.timeline_by_year[entry.year]
                side = "alt" if self.alt >> lp.bit & 1 else "true"  # type: ignore[union-attr]
                if side != entry.state:
                    return False
        if self.ultraparadox() and not (identity.ultraparadox_exempt and self.cfg.honor_ultraparadox_exempt):
            cutoff = self.cfg.ultraparadox_id_cutoff_year
            if any(e.year > cutoff for e in identity.home):
                return False
        return True

    def most_convincing(self) -> set[str]:
        """The most convincing face-up Mona Lisa(s) (C-ART-5, C-RULING-5)."""
        ranked = [
            (card.mona_lisa_rank, card.id)
            for _, cid in self.face_up()
            if isinstance(card := self.cards.play_cards[cid], ArtifactCard)
            and card.mona_lisa_rank is not None
        ]
        if not ranked:
            return set()
        top = max(rank for rank, _ in ranked)
        best = {cid for rank, cid in ranked if rank == top}
        if len(best) > 1 and self.cfg.mona_lisa_tie_policy == "not_most_convincing":
            return set()
        return best

    def mission_done(self, player: int) -> bool:
        """Three distinct face-up Artifacts fill the Mission's slots (C-WIN-2, C-RULING-33)."""
        mission = self.cards.by_id.get(self.missions[player])
        if mission is None:
            return False
        mine = set(self.tableaux[player])
        options: list[set[str]] = []
        for slot in mission.requires:
            if slot.type == "most_convincing_mona_lisa":
                options.append(self.most_convincing() & mine)
            else:
                options.append(set(slot.artifacts) & mine)
        if any(not o for o in options):
            return False
        return any(len(set(pick)) == len(pick) for pick in itertools.product(*options))

    def win_conditions(self, player: int) -> tuple[str, ...]:
        """Every condition the player meets at the end of their own turn (C-WIN-1..5)."""
        met = []
        if self.mission_done(player):
            met.append("mission")
        if self.cfg.variant == "chrononauts":
            identity = self.cards.by_id.get(self.ids[player])
            if isinstance(identity, Identity) and self.readable(identity):
                met.append("id")
        hand_win = (
            self.cfg.hand_size_win_enabled
            if self.cfg.variant == "chrononauts"
            else self.cfg.artifaxx_hand_size_win
        )
        if hand_win and len(self.hands[player]) >= self.cfg.hand_size_win_threshold:
            met.append("hand_size")
        return tuple(met)

    # ------------------------------------------------------------------ legality (§6 .. §13)
    def effect_key(self, card: ActionCard) -> str:
        if (
            card.effect_key == "your_parents_never_met"
            and self.cfg.variant == "artifaxx"
            and self.cfg.artifaxx_ypnm == "as_it_never_existed"
        ):
            return "it_never_existed"  # C-ARTIFAXX-3
        return card.effect_key

    def plays(self, player: int, card_ids: Iterable[str], *, harvest: bool = False) -> list[Play]:
        """Every legal announcement of the given cards by ``player`` (C-PLAY-1), in a fixed order."""
        cards = self.cards
        up = self.ultraparadox()
        up_year = self.ctx.up_year or 0
        block_post = up and self.cfg.ultraparadox_blocks_post_1962_plays
        out: list[Play] = []
        for cid in sorted(set(card_ids), key=cards.deck_index.__getitem__):
            card = cards.play_cards[cid]
            if isinstance(card, InverterCard):  # C-INV-2, C-INV-7, C-ANOM-6
                for icon, bit, year, need in self.ctx.inverter_targets[cid]:
                    if block_post and year > up_year:
                        continue
                    side = "alt" if self.alt >> bit & 1 else "true"
                    if need in ("any", side):
                        out.append(Play(cid, icon))
            elif isinstance(card, PatchCard):
                if self.patch_ok(card, block_post, up_year):
                    out.append(Play(cid))
            elif isinstance(card, ArtifactCard):  # C-ANOM-7, C-RULING-13
                if not (
                    up
                    and card.ultraparadox_blocked
                    and (not harvest or self.cfg.ultraparadox_blocks_artifact_moves)
                ):
                    out.append(Play(cid))
            else:
                out.extend(self.effect_plays(player, card, up))
        return out

    def patch_ok(self, card: PatchCard, block_post: bool, up_year: int) -> bool:
        """C-PATCH-1..3, C-RULING-8, C-RULING-9, C-ANOM-6(b)."""
        if block_post and card.year > up_year:
            return False
        status = self.status[self.cards.ripple_index[card.year]]
        if status == TRUE:
            return False
        if status != OPEN and not (self.cfg.allow_patch_replacement and card.unstable and status != card.id):
            return False
        return not self.cfg.patch_requires_playable_if or self.ctx.playable_if[card.id].holds(self.alt)

    def effect_plays(self, player: int, card: ActionCard, up: bool) -> list[Play]:
        cfg = self.cfg
        cid = card.id
        key = self.effect_key(card)
        everyone = range(self.n)
        if key == "get_there_first":  # C-ACT-2, C-RULING-18, C-RULING-13
            if cfg.get_there_first_effect == "disabled":
                return []
            return [
                Play(cid, a)
                for p, a in self.face_up()
                if p != player and not (up and cfg.ultraparadox_blocks_artifact_moves and self.blocked(a))
            ]
        if key == "sell_artifact":  # C-ACT-3, C-RULING-17
            own = list(self.tableaux[player])
            if cfg.sell_artifact_source == "table_or_hand":
                own += [
                    c
                    for c in sorted(set(self.hands[player]))
                    if isinstance(self.cards.play_cards[c], ArtifactCard)
                ]
            return [Play(cid, a) for a in own]
        if key == "perform_miracle":  # C-ACT-4, C-RULING-23
            return [Play(cid, a) for a in self.tableaux[player]]
        if key == "it_never_existed":  # C-ACT-8, C-RULING-19
            return [
                Play(cid, a)
                for p, a in self.face_up()
                if cfg.it_never_existed_scope == "any_artifact" or p != player
            ]
        if key == "discontinuity":  # C-ACT-5, C-RULING-20
            if cfg.discontinuity_direction == "player_choice":
                return [Play(cid, "next"), Play(cid, "previous")]
            return [Play(cid)]
        if key == "time_vortex":  # C-ACT-6
            return [Play(cid)]
        if key == "new_mission":  # C-ACT-7, C-RULING-21
            return [Play(cid, p) for p in (everyone if cfg.new_mission_target == "any_player" else (player,))]
        if key == "your_parents_never_met":  # C-ACT-9, C-RULING-22
            return [Play(cid, p) for p in everyone if cfg.ypnm_target == "any_player" or p != player]
        if key == "fast_forward":  # C-TW-2
            return [Play(cid)]
        if key in ("rewind", "quick_trip"):  # C-TW-3, C-TW-4, C-RULING-16
            return [Play(cid)] if self.harvestable(player, "discard" if key == "rewind" else "draw") else []
        return []  # the Memo is never a normal play (C-PLAY-7, C-RULING-34)

    def harvest_pool(self, source: str) -> list[str]:
        if source == "discard":
            pool = set(self.discard)
        else:
            pool = {c for c, k in zip(self.cards.deck, self.draw, strict=True) if k}
            if not pool and self.cfg.quick_trip_recycle_if_empty:
                pool = set(self.discard)
        return [c for c in pool if self.cards.play_cards[c].kind != "timewarp"]  # C-TW-1

    def harvestable(self, player: int, source: str) -> bool:
        pool = self.harvest_pool(source)
        if not self.cfg.harvest_requires_legal_target:
            return bool(pool)
        return bool(self.plays(player, pool, harvest=True))

    def kill_time_moves(self, player: int) -> list[KillTime]:
        """C-TURN-4: one card, or two (a multiset pair) and a draw."""
        counts = Counter(self.hands[player])
        order = sorted(counts, key=self.cards.deck_index.__getitem__)
        out = [KillTime((c,)) for c in order]
        for i, a in enumerate(order):
            for b in order[i:]:
                if a != b or counts[a] >= 2:
                    out.append(KillTime((a, b)))
        return out

    def discards(self, player: int, *, patches_only: bool = False) -> list[Discard]:
        order = sorted(set(self.hands[player]), key=self.cards.deck_index.__getitem__)
        if patches_only:
            order = [c for c in order if self.cards.play_cards[c].kind == "patch"]
        return [Discard(c) for c in order]

    def window_eligible(self, owner: int) -> tuple[int, ...]:
        """C-MEMO-3: everyone but the owner, in seat order after them (C-RULING-34 may add the owner)."""
        seats = tuple((owner + k) % self.n for k in range(1, self.n))
        return (*seats, owner) if self.cfg.memo_self_target else seats

    def memo_cards(self, player: int) -> list[str]:
        return sorted(
            {
                c
                for c in self.hands[player]
                if isinstance(card := self.cards.play_cards[c], ActionCard) and card.effect_key == "memo"
            }
        )

    def legal(self) -> list[Move]:
        """The decisions at the top frame (empty at chance nodes and at the end)."""
        if self.result is not None or not self.stack:
            return []
        top = self.stack[-1]
        if isinstance(top, PlayStep):
            player = top.player
            plays: list[Move] = list(self.plays(player, self.hands[player]))
            if top.kind == "miracle":  # C-ACT-4 step 4, C-RULING-23
                return plays or list(self.discards(player))
            allow_kt = True
            if top.kind == "effect":
                allow_kt = self.cfg.killing_time_in_effect_plays  # C-TURN-5, C-RULING-26
            elif self.cfg.variant == "artifaxx":
                allow_kt = self.cfg.artifaxx_killing_time  # C-RULING-31
            if allow_kt or not plays:
                plays.extend(self.kill_time_moves(player))
            return plays
        if isinstance(top, Window):
            player = top.eligible[top.index % len(top.eligible)]
            return [Pass(), *(Memo(c) for c in self.memo_cards(player))]
        if isinstance(top, Harvest):
            return list(self.plays(top.player, self.harvest_pool(top.source), harvest=True))
        if isinstance(top, MiracleDiscard):
            return list(self.discards(top.player))
        if isinstance(top, MulliganChoice):
            return [Mulligan(False), Mulligan(True)]
        if isinstance(top, DeclareChoice):
            return [Declare(True), Declare(False)]
        if isinstance(top, SoloStep):
            moves: list[Move] = list(self.plays(0, self.hands[0]))
            only_patches = self.cfg.solonauts_discard_policy == "patches_only"
            discards = self.discards(0, patches_only=only_patches)
            if not discards and not moves:
                discards = self.discards(0)  # nothing else is possible
            return moves + list(discards)
        return []


def describe_play(cards: Any, play: Play) -> str:
    text = str(cards.name(play.card))
    if isinstance(play.target, int):
        return f"{text} on P{play.target}"
    if play.target in cards.linchpin_by_icon:
        return f"{text} on {cards.linchpin_by_icon[play.target].year} ({play.target})"
    if isinstance(play.target, str) and play.target in cards.by_id:
        return f"{text} on {cards.name(play.target)}"
    if play.target is not None:
        return f"{text} ({play.target})"
    return text


# --------------------------------------------------------------------------- read-only queries


def decision_player(state: State) -> int | None:
    """The player to decide at the top frame, or None at chance nodes and at the end."""
    if state.result is not None or not state.stack:
        return None
    top = state.stack[-1]
    if isinstance(top, Window):
        return top.eligible[top.index % len(top.eligible)]
    if isinstance(top, (PlayStep, Harvest, MiracleDiscard, MulliganChoice, DeclareChoice)):
        return top.player
    if isinstance(top, SoloStep):
        return 0
    return None


_LAST: list[tuple[State, tuple[Move, ...]]] = []  # one-entry cache, keyed by identity


def legal_moves_of(state: State) -> tuple[Move, ...]:
    """The decisions at ``state`` (cached for the most recent state object)."""
    if state.result is not None or not state.stack or not isinstance(state.stack[-1], DECISION_FRAMES):
        return ()
    if _LAST and _LAST[0][0] is state:
        return _LAST[0][1]
    moves = tuple(Position(state).legal())
    _LAST[:] = [(state, moves)]
    return moves


_DRAWS: dict[str, Draw] = {}  # Draw records are immutable: build each one once
_FRACTIONS: dict[tuple[int, int], Fraction] = {}


def _draw(card: str) -> Draw:
    move = _DRAWS.get(card)
    if move is None:
        move = _DRAWS[card] = Draw(card)
    return move


def _fraction(k: int, total: int) -> Fraction:
    value = _FRACTIONS.get((k, total))
    if value is None:
        value = _FRACTIONS[(k, total)] = Fraction(k, total)
    return value


def chance_outcomes_of(state: State) -> list[tuple[Move, Fraction]]:
    """Every outcome of the chance event on top, with its exact probability (C-CHANCE-2, C-CHANCE-5)."""
    if state.result is not None or not state.stack:
        return []
    top = state.stack[-1]
    if isinstance(top, DrawCards):
        total = sum(state.draw_pile)
        return [
            (_draw(card), _fraction(k, total))
            for card, k in zip(state.cards.deck, state.draw_pile, strict=True)
            if k
        ]
    if isinstance(top, VortexDeal):
        counts = Counter(top.pool)
        order = sorted(counts, key=state.cards.deck_index.__getitem__)
        return [(Draw(card), Fraction(counts[card], len(top.pool))) for card in order]
    if isinstance(top, DealGoal):
        pile = state.mission_pile if top.pile == "mission" else state.id_pile
        return [(Deal(card), Fraction(1, len(pile))) for card in sorted(pile)]
    if isinstance(top, ChooseFirst):
        return [(FirstPlayer(p), Fraction(1, state.players)) for p in range(state.players)]
    return []
