"""What a position allows: legal moves, win conditions and read-only queries.

:class:`Position` is a mutable copy of a frozen :class:`State` with every
question the rules ask of it (C-PLAY-1 legality, C-WIN-* conditions); the
engine's :class:`~tabletop_rules.chrononauts.engine.Work` extends it with the
changes.  Nothing here changes the position.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any, Final

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
    QueueEntry,
    Record,
    SoloStep,
    State,
    VortexDeal,
    Window,
)
from tabletop_rules.core.playout import WeightedOutcomes

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


# Position attribute -> (State field, copy for a mutable Work); read-only Positions share the tuples.
_LAZY: Final[dict[str, tuple[str, Callable[[Any], Any]]]] = {
    "status": ("status", list),
    "draw": ("draw_pile", list),
    "discard": ("discard_pile", list),
    "hands": ("hands", lambda hands: [list(h) for h in hands]),
    "tableaux": ("tableaux", lambda tableaux: [list(t) for t in tableaux]),
    "ids": ("ids", list),
    "missions": ("missions", list),
    "id_pile": ("id_pile", set),
    "id_queue": ("id_queue", list),
    "mission_pile": ("mission_pile", set),
    "mission_queue": ("mission_queue", list),
    "revealed": ("revealed_ids", list),
    "out_of_game": ("out_of_game", list),
    "solo_ids": ("solo_ids", list),
    "home_row": ("home_row", list),
    "stack": ("stack", list),
}


class Position:
    """A copy of a :class:`State` and the questions the rules ask of it.

    The zones are copied lazily, on first use: a read-only ``Position`` (legality)
    reads the state's own tuples, and the engine's mutable ``Work`` copies into
    lists only the zones it touches; :meth:`freeze` reuses the untouched ones.
    """

    MUTABLE = False

    # the zones, materialised by __getattr__ (lists in a Work, the state's tuples otherwise)
    status: list[str]
    draw: list[int]
    discard: list[str]
    hands: list[list[str]]
    tableaux: list[list[str]]
    ids: list[str]
    missions: list[str]
    id_pile: set[str]
    id_queue: list[QueueEntry]
    mission_pile: set[str]
    mission_queue: list[QueueEntry]
    revealed: list[str]
    out_of_game: list[str]
    solo_ids: list[str]
    home_row: list[str]
    stack: list[Frame]

    def __init__(self, s: State) -> None:
        ctx = s.ctx
        self.source = s
        self.ctx: Context = ctx
        self.cards = ctx.cards
        self.cfg = ctx.config
        self.n = ctx.players
        self.alt = s.alt
        self.active = s.active
        self.turn = s.turn
        self.extra_turns = s.extra_turns
        self.result = s.result
        self.log: list[Record] = []  # the events of this change, as History records
        if self.MUTABLE:
            self.stack = list(s.stack)  # every change touches the stack
        else:  # read-only: share the state's tuples (typed as lists, only ever read)
            d = self.__dict__
            d["status"] = s.status
            d["draw"] = s.draw_pile
            d["discard"] = s.discard_pile
            d["hands"] = s.hands
            d["tableaux"] = s.tableaux
            d["ids"] = s.ids
            d["missions"] = s.missions
            d["id_pile"] = s.id_pile
            d["id_queue"] = s.id_queue
            d["mission_pile"] = s.mission_pile
            d["mission_queue"] = s.mission_queue
            d["revealed"] = s.revealed_ids
            d["out_of_game"] = s.out_of_game
            d["solo_ids"] = s.solo_ids
            d["home_row"] = s.home_row
            d["stack"] = s.stack

    def __getattr__(self, name: str) -> Any:
        lazy = _LAZY.get(name)
        if lazy is None:
            raise AttributeError(name)
        value = getattr(self.source, lazy[0])
        if self.MUTABLE:
            value = lazy[1](value)
        self.__dict__[name] = value
        return value

    def freeze(self) -> State:
        s = self.source
        get = self.__dict__.get
        status = get("status")
        draw = get("draw")
        discard = get("discard")
        hands = get("hands")
        tableaux = get("tableaux")
        ids = get("ids")
        missions = get("missions")
        id_pile = get("id_pile")
        id_queue = get("id_queue")
        mission_pile = get("mission_pile")
        mission_queue = get("mission_queue")
        revealed = get("revealed")
        out_of_game = get("out_of_game")
        solo_ids = get("solo_ids")
        home_row = get("home_row")
        stack = get("stack")
        return State(
            self.ctx,
            self.alt,
            s.status if status is None else tuple(status),
            s.draw_pile if draw is None else tuple(draw),
            s.discard_pile if discard is None else tuple(discard),
            s.hands if hands is None else tuple([tuple(sorted(h)) for h in hands]),
            s.tableaux if tableaux is None else tuple([tuple(t) for t in tableaux]),
            s.ids if ids is None else tuple(ids),
            s.missions if missions is None else tuple(missions),
            s.id_pile if id_pile is None else frozenset(id_pile),
            s.id_queue if id_queue is None else tuple(id_queue),
            s.mission_pile if mission_pile is None else frozenset(mission_pile),
            s.mission_queue if mission_queue is None else tuple(mission_queue),
            s.revealed_ids if revealed is None else tuple(revealed),
            s.out_of_game if out_of_game is None else tuple(out_of_game),
            s.solo_ids if solo_ids is None else tuple(solo_ids),
            s.home_row if home_row is None else tuple(home_row),
            self.active,
            self.turn,
            self.extra_turns,
            s.stack if stack is None else tuple(stack),
            self.result,
            s.log.extended(self.log),
        )

    # ------------------------------------------------------------------ small helpers
    def play(self, card: str, target: str | int | None = None) -> Play:
        """The (shared, immutable) ``Play(card, target)`` record."""
        cache = self.ctx.play_cache
        move = cache.get((card, target))
        if move is None:
            move = cache[(card, target)] = Play(card, target)
        return move

    def say(self, text: str, private_to: int = -1, private_text: str = "") -> None:
        self.log.append((text, private_to, private_text))

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
        if mission is None or len(self.tableaux[player]) < len(mission.requires):
            return False  # each slot needs its own card
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
        alt = self.alt
        inverter_cache = self.ctx.inverter_plays
        for cid in sorted(set(card_ids), key=cards.deck_index.__getitem__):
            card = cards.play_cards[cid]
            if isinstance(card, InverterCard):  # C-INV-2, C-INV-7, C-ANOM-6
                key = (cid, alt, block_post)
                found = inverter_cache.get(key)
                if found is None:
                    targets = []
                    for icon, bit, year, need in self.ctx.inverter_targets[cid]:
                        if block_post and year > up_year:
                            continue
                        side = "alt" if alt >> bit & 1 else "true"
                        if need in ("any", side):
                            targets.append(self.play(cid, icon))
                    if len(inverter_cache) >= 65536:
                        inverter_cache.clear()
                    found = inverter_cache[key] = tuple(targets)
                out.extend(found)
            elif isinstance(card, PatchCard):
                if self.patch_ok(card, block_post, up_year):
                    out.append(self.play(cid))
            elif isinstance(card, ArtifactCard):  # C-ANOM-7, C-RULING-13
                if not (
                    up
                    and card.ultraparadox_blocked
                    and (not harvest or self.cfg.ultraparadox_blocks_artifact_moves)
                ):
                    out.append(self.play(cid))
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
                self.play(cid, a)
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
            return [self.play(cid, a) for a in own]
        if key == "perform_miracle":  # C-ACT-4, C-RULING-23
            return [self.play(cid, a) for a in self.tableaux[player]]
        if key == "it_never_existed":  # C-ACT-8, C-RULING-19
            return [
                self.play(cid, a)
                for p, a in self.face_up()
                if cfg.it_never_existed_scope == "any_artifact" or p != player
            ]
        if key == "discontinuity":  # C-ACT-5, C-RULING-20
            if cfg.discontinuity_direction == "player_choice":
                return [self.play(cid, "next"), self.play(cid, "previous")]
            return [self.play(cid)]
        if key == "time_vortex":  # C-ACT-6
            return [self.play(cid)]
        if key == "new_mission":  # C-ACT-7, C-RULING-21
            return [
                self.play(cid, p) for p in (everyone if cfg.new_mission_target == "any_player" else (player,))
            ]
        if key == "your_parents_never_met":  # C-ACT-9, C-RULING-22
            return [self.play(cid, p) for p in everyone if cfg.ypnm_target == "any_player" or p != player]
        if key == "fast_forward":  # C-TW-2
            return [self.play(cid)]
        if key in ("rewind", "quick_trip"):  # C-TW-3, C-TW-4, C-RULING-16
            return (
                [self.play(cid)] if self.harvestable(player, "discard" if key == "rewind" else "draw") else []
            )
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
        return any(self.plays(player, (card,), harvest=True) for card in pool)  # stops at the first

    def kill_time_moves(self, player: int) -> list[KillTime]:
        """C-TURN-4: one card, or two (a multiset pair) and a draw; single cards first, deck order."""
        hand = self.hands[player]
        order = sorted(set(hand), key=self.cards.deck_index.__getitem__)
        cache = self.ctx.kill_cache
        out: list[KillTime] = []
        for a in order:
            key: tuple[str, ...] = (a,)
            move = cache.get(key)
            if move is None:
                move = cache[key] = KillTime(key)
            out.append(move)
        pairs = len(order) < len(hand)  # some card has two copies
        for i, a in enumerate(order):
            for b in order[i:] if pairs and hand.count(a) >= 2 else order[i + 1 :]:
                key = (a, b)
                move = cache.get(key)
                if move is None:
                    move = cache[key] = KillTime(key)
                out.append(move)
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


_PASS: Final = Pass()
_PASS_ONLY: Final[tuple[Move, ...]] = (_PASS,)
_LAST: list[Any] = [None, ()]  # one-entry cache: the most recent state (by identity) and its moves


def legal_moves_of(state: State) -> tuple[Move, ...]:
    """The decisions at ``state`` (cached for the most recent state object)."""
    if state.result is not None or not state.stack:
        return ()
    if _LAST[0] is state:
        moves: tuple[Move, ...] = _LAST[1]
        return moves
    top = state.stack[-1]
    if type(top) is Window:  # the most common decision: poll one player (C-MEMO-3)
        player = top.eligible[top.index % len(top.eligible)]
        memos = state.ctx.memos
        hand = state.hands[player]
        if memos.isdisjoint(hand):
            moves = _PASS_ONLY
        else:
            moves = (_PASS, *(Memo(c) for c in sorted(memos.intersection(hand))))
    elif isinstance(top, DECISION_FRAMES):
        moves = tuple(Position(state).legal())
    else:
        return ()
    _LAST[0] = state
    _LAST[1] = moves
    return moves


_FRACTION_ROWS: dict[int, tuple[Fraction, ...]] = {}  # total -> Fraction(k, total) for every k


def _fractions(total: int) -> tuple[Fraction, ...]:
    row = _FRACTION_ROWS.get(total)
    if row is None:
        row = _FRACTION_ROWS[total] = tuple(Fraction(k, total) for k in range(total + 1))
    return row


def _draw_table(
    draws: tuple[Draw, ...], full: tuple[int, ...], total: int
) -> tuple[tuple[tuple[Move, Fraction], ...], ...]:
    """Per deck card, per number of copies left, the outcome ``(Draw(card), copies/total)``."""
    row = _fractions(total)
    return tuple(
        tuple((draw, row[k]) if k <= total else (draw, row[0]) for k in range(copies + 1))
        for draw, copies in zip(draws, full, strict=True)
    )


def chance_outcomes_of(state: State) -> list[tuple[Move, Fraction]]:
    """Every outcome of the chance event on top, with its exact probability (C-CHANCE-2, C-CHANCE-5)."""
    if state.result is not None or not state.stack:
        return []
    top = state.stack[-1]
    if type(top) is DrawCards:
        pile_counts = state.draw_pile
        total = sum(pile_counts)
        if not total:
            return []
        # the (Draw, probability) pairs are shared and immutable, built once per pile size: a draw
        # allocates only its list, which keeps samplers' caches cheap for the garbage collector
        table = state.ctx.draw_outcomes.get(total)
        if table is None:
            table = _draw_table(state.ctx.draws, state.ctx.deck_counts, total)
            state.ctx.draw_outcomes[total] = table
        pairs, weights = [], []
        for i, k in enumerate(pile_counts):
            if k:
                pairs.append(table[i][k])
                weights.append(k)
        # the card counts are the integer weights, so the sampler needs no fraction arithmetic
        return WeightedOutcomes(pairs, tuple(itertools.accumulate(weights)), total)
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
