"""The card effects: one table entry per ``effect_key``, with its legality and its resolution.

Each Action and Timewarp names its effect in the card data (``effect_key``,
C-DATA-7).  `EFFECTS` maps every key the loader accepts to an `Effect`: which
targets the card may be announced with here (C-PLAY-1), how it resolves once
its reaction window closes (C-PLAY-5), and the target slots the action ids
give it (`tabletop_rules.chrononauts.actions`).  The rules look effects up in
this table; nothing else branches on an effect key.

`plays` is the legality of announcing any card (Inverters, patches, Artifacts
and the effects below), the one place the engine, the legal-move generator and
Rewind / Quick Trip to the Future ask.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Mapping
from typing import Final, Literal, TypeAlias

import attrs

from tabletop_rules.chrononauts.content.records import (
    ActionCard,
    ArtifactCard,
    PatchCard,
)
from tabletop_rules.chrononauts.context import Context
from tabletop_rules.chrononauts.frames import (
    DrawCards,
    Harvest,
    MiracleDiscard,
    MiracleEnd,
    PlayStep,
    VortexDeal,
    vortex_next,
)
from tabletop_rules.chrononauts.moves import Play
from tabletop_rules.chrononauts.position import Position, seat
from tabletop_rules.chrononauts.state import OPEN, TRUE
from tabletop_rules.chrononauts.work import Work
from tabletop_rules.core.frozen import frozen_mapping

__all__ = [
    "EFFECTS",
    "Effect",
    "TargetSlots",
    "can_harvest",
    "card_plays",
    "harvest_plays",
    "harvest_pool",
    "harvestable",
    "in_deck_order",
    "plays",
    "plays_in_order",
]

Target: TypeAlias = str | int | None
TargetSlots: TypeAlias = Literal["none", "artifacts", "seats", "seats_and_artifacts", "direction", "never"]
"""The target slots of a card in the action-id layout: no target, one per Artifact, one per seat,
both, ``None``/``"next"``/``"previous"``, or no id at all (the Memo is never a `Play`)."""


@attrs.frozen
class Effect:
    """What one ``effect_key`` does.

    Attributes:
        key: the ``effect_key`` of the card data.
        clause: the rules clause(s) it follows.
        targets: the legal announcements ``targets(position, player, card, ultraparadox)``.
        resolve: the resolution ``resolve(work, owner, card, target)``, once the card stands.
        slots: the card's target slots in the action-id layout.
    """

    key: str
    clause: str
    targets: Callable[[Position, int, ActionCard, bool], list[Play]]
    resolve: Callable[[Work, int, ActionCard, Target], None]
    slots: TargetSlots


# --------------------------------------------------------------------------- legality (C-PLAY-1)


def in_deck_order(ctx: Context, cards: Iterable[str]) -> list[str]:
    """The distinct cards of ``cards``, in deck order (the order of every move list)."""
    return sorted(set(cards), key=ctx.cards.deck_index.__getitem__)


def plays(pos: Position, player: int, card_ids: Iterable[str], *, harvest: bool = False) -> list[Play]:
    """Every legal announcement of the given cards by ``player`` (C-PLAY-1), in deck order."""
    out: list[Play] = []
    _collect(out, pos, player, in_deck_order(pos.ctx, card_ids), harvest, pos.ultraparadox())
    return out


def plays_in_order(pos: Position, player: int, order: Iterable[str]) -> list[Play]:
    """`plays` of cards already distinct and in deck order (a hand that `legality` sorted once)."""
    out: list[Play] = []
    _collect(out, pos, player, order, False, pos.ultraparadox())
    return out


def card_plays(pos: Position, player: int, card: str) -> list[Play]:
    """Every legal announcement of one card by ``player`` (C-PLAY-1): `plays` of that card alone."""
    out: list[Play] = []
    _collect(out, pos, player, (card,), False, pos.ultraparadox())
    return out


def _collect(
    out: list[Play],
    pos: Position,
    player: int,
    card_ids: Iterable[str],
    harvest: bool,
    up: bool,
    *,
    first: bool = False,
) -> bool:
    """Append the legal announcements of each card of ``card_ids`` to ``out``, in that order.

    ``harvest``: the cards are taken by Rewind / Quick Trip (C-TW-3, C-TW-4); ``up``: whether the
    UltraParadox is active (C-STATE-7).  With ``first`` (and an empty ``out``) it stops at the
    first card that has an announcement, and says whether there was one: `harvestable` only asks
    whether any card can be played, and the first card of a pool usually can.  What every card
    shares (the UltraParadox, the options) is read once, not per card.
    """
    ctx = pos.ctx
    play_cards = ctx.cards.play_cards
    shared = ctx.plays  # the context's `Play` records, by (card, target): `Position.play`
    rules = ctx.play_rules  # per card: "inverter", "patch", "artifact" or its effect key
    up_year = ctx.up_year or 0
    block_post = up and pos.cfg.ultraparadox_blocks_post_1962_plays
    for cid in card_ids:
        rule = rules[cid]
        if rule == "patch":
            if patch_ok(pos, play_cards[cid], block_post, up_year):  # type: ignore[arg-type]  # a patch
                out.append(shared[(cid, None)])
        elif rule == "inverter":  # C-INV-2, C-INV-7, C-ANOM-6
            out += _inverter_plays(ctx, cid, pos.alt & ctx.inverter_masks[cid], block_post)
        elif rule == "artifact":  # C-ANOM-7, C-RULING-13
            if not (
                up
                and play_cards[cid].ultraparadox_blocked  # type: ignore[union-attr]  # an Artifact
                and (not harvest or pos.cfg.ultraparadox_blocks_artifact_moves)
            ):
                out.append(shared[(cid, None)])
        else:
            out += _TARGETS[rule](pos, player, play_cards[cid], up)  # type: ignore[arg-type]  # an Action
        if first and out:  # `first` starts from an empty list: this card had an announcement
            return True
    return False


@functools.lru_cache(maxsize=65536)
def _inverter_plays(ctx: Context, card: str, alt: int, block_post: bool) -> tuple[Play, ...]:
    """The linchpins an Inverter may flip, showing the side it needs (C-INV-2, C-ANOM-6).

    A bounded cache keyed by immutable values that returns a tuple of the context's shared plays.
    ``alt`` is the linchpin bitmask masked to the card's `Context.inverter_masks`, the bits it
    reads: a handful of keys per card, whatever the rest of the TimeLine shows, so the cache
    stays small and hits in any game, not only in the ones it has seen.
    """
    up_year = ctx.up_year or 0
    out = []
    for icon, bit, year, need in ctx.inverter_targets[card]:
        if block_post and year > up_year:
            continue
        side = "alt" if alt >> bit & 1 else "true"
        if need in ("any", side):
            out.append(ctx.plays[(card, icon)])
    return tuple(out)


def patch_ok(pos: Position, card: PatchCard, block_post: bool, up_year: int) -> bool:
    """C-PATCH-1..3, C-RULING-8, C-RULING-9, C-ANOM-6(b)."""
    if block_post and card.year > up_year:
        return False
    status = pos.status[pos.cards.ripple_index[card.year]]
    if status == TRUE:
        return False
    if status != OPEN and not (pos.cfg.allow_patch_replacement and card.unstable and status != card.id):
        return False
    return not pos.cfg.patch_requires_playable_if or pos.ctx.playable_if[card.id].holds(pos.alt)


def harvest_pool(pos: Position, source: str) -> list[str]:
    """The cards Rewind (the discard pile) or Quick Trip (the draw pile) may take (C-TW-1), once each."""
    return list(dict.fromkeys(_pool(pos, source)))


def _pool(pos: Position, source: str) -> Iterable[str]:
    """The cards of `harvest_pool` as they are read: the draw pile's in deck order, the discard
    pile's in order of arrival (a card may come twice), without the Timewarps (C-TW-1)."""
    cards = pos.cards
    pile: Iterable[str]
    if source == "discard":
        pile = pos.discard
    else:
        pile = itertools.compress(cards.deck, pos.draw)
        if not any(pos.draw) and pos.cfg.quick_trip_recycle_if_empty:
            pile = pos.discard
    play_cards = cards.play_cards
    return (c for c in pile if play_cards[c].kind != "timewarp")


def harvest_plays(pos: Position, player: int, source: str, card: str) -> list[Play]:
    """Every legal announcement of ``card`` taken by Rewind / Quick Trip from ``source`` (C-TW-1,
    C-TW-3, C-TW-4): `plays` of that card alone, or none when it is not in `harvest_pool`."""
    if pos.cards.play_cards[card].kind == "timewarp":
        return []
    if source == "discard" or (not any(pos.draw) and pos.cfg.quick_trip_recycle_if_empty):
        found = card in pos.discard
    else:
        found = pos.draw[pos.cards.deck_index[card]] > 0
    out: list[Play] = []
    if found:
        _collect(out, pos, player, (card,), True, pos.ultraparadox())
    return out


def harvestable(pos: Position, player: int, source: str, up: bool) -> bool:
    """Whether Rewind / Quick Trip has something to take (C-RULING-16); ``up``: whether the
    UltraParadox is active."""
    if not pos.cfg.harvest_requires_legal_target:
        return any(True for _ in _pool(pos, source))
    return can_harvest(pos, player, source, up)


def can_harvest(pos: Position, player: int, source: str, up: bool) -> bool:
    """Whether some card of Rewind's / Quick Trip's pool has an announcement (C-TW-3, C-TW-4): the
    moves of a `Harvest` frame are not empty, found at the first such card instead of listed."""
    return _collect([], pos, player, _pool(pos, source), True, up, first=True)  # from an empty list


# --------------------------------------------------------------------------- the effects


def _get_there_first_targets(pos: Position, player: int, card: ActionCard, up: bool) -> list[Play]:
    """C-ACT-2, C-RULING-18, C-RULING-13: an Artifact in front of another player."""
    cfg = pos.cfg
    if cfg.get_there_first_effect == "disabled":
        return []
    shared = pos.ctx.plays
    blocking = up and cfg.ultraparadox_blocks_artifact_moves
    return [
        shared[(card.id, a)]
        for p, tableau in enumerate(pos.tableaux)
        if p != player
        for a in tableau
        if not (blocking and pos.blocked(a))
    ]


def _get_there_first(w: Work, owner: int, card: ActionCard, target: Target) -> None:
    """C-ACT-2: take the Artifact."""
    assert isinstance(target, str)
    victim = w.take_artifact(target)
    w.tableaux[owner].append(target)
    w.say(f"{seat(owner)} takes {w.name(target)} from {seat(victim)}")


def _sell_artifact_targets(pos: Position, player: int, card: ActionCard, up: bool) -> list[Play]:
    """C-ACT-3, C-RULING-17: one of the player's own Artifacts (face up, or in hand by ruling)."""
    own = list(pos.tableaux[player])
    if pos.cfg.sell_artifact_source == "table_or_hand":
        own += [
            c for c in sorted(set(pos.hands[player])) if isinstance(pos.cards.play_cards[c], ArtifactCard)
        ]
    return [pos.play(card.id, a) for a in own]


def _sell_artifact(w: Work, owner: int, card: ActionCard, target: Target) -> None:
    """C-ACT-3, C-RULING-5: discard the Artifact and draw, more for the most convincing Mona Lisa."""
    assert isinstance(target, str)
    sold = w.cards.play_cards[target]
    assert isinstance(sold, ArtifactCard)
    others = [w.cards.play_cards[c].mona_lisa_rank for _, c in w.face_up() if c != target]  # type: ignore[union-attr]
    ranks = [r for r in others if r is not None]
    rank = sold.mona_lisa_rank
    if w.cfg.mona_lisa_tie_policy == "not_most_convincing":
        bonus = rank is not None and all(rank > r for r in ranks)
    else:
        bonus = rank is not None and all(rank >= r for r in ranks)
    if target in w.tableaux[owner]:
        w.tableaux[owner].remove(target)
    else:
        w.hands[owner].remove(target)
    w.to_discard(target)
    count = int(card.param("draw", 2)) + (int(card.param("mona_lisa_bonus_draw", 1)) if bonus else 0)
    w.say(f"{seat(owner)} sells {w.name(target)} and draws {count}")
    w.stack.append(DrawCards(owner, count))


def _own_artifact_targets(pos: Position, player: int, card: ActionCard, up: bool) -> list[Play]:
    """C-ACT-4, C-RULING-23: one of the player's face-up Artifacts."""
    shared = pos.ctx.plays
    return [shared[(card.id, a)] for a in pos.tableaux[player]]


def _perform_miracle(w: Work, owner: int, card: ActionCard, target: Target) -> None:
    """C-ACT-4: give up the Artifact, set the hand aside, draw, play and discard, take the hand back."""
    assert isinstance(target, str)
    given = w.cards.play_cards[target]
    assert isinstance(given, ArtifactCard)
    icons = {card.param("bonus_icon")}
    if w.cfg.miracle_bonus_icons == "either":
        icons = {c.param("bonus_icon") for c in w.cards.actions if w.ctx.effects[c.id] == "perform_miracle"}
    numbers = dict(card.param("bonus" if icons & set(given.icons) else "base"))
    w.take_artifact(target)
    w.to_discard(target)
    aside = tuple(sorted(w.hands[owner]))
    w.hands[owner] = []
    w.say(f"{seat(owner)} gives up {w.name(target)} and sets aside {len(aside)} cards")
    w.stack.append(MiracleEnd(owner, aside))
    w.stack.append(MiracleDiscard(owner, int(numbers["discard"])))
    w.stack.extend(PlayStep(owner, "miracle") for _ in range(int(numbers["play"])))
    w.stack.append(DrawCards(owner, int(numbers["draw"])))


def _it_never_existed_targets(pos: Position, player: int, card: ActionCard, up: bool) -> list[Play]:
    """C-ACT-8, C-RULING-19: any face-up Artifact (or only another player's)."""
    scope_all = pos.cfg.it_never_existed_scope == "any_artifact"
    shared = pos.ctx.plays
    return [
        shared[(card.id, a)]
        for p, tableau in enumerate(pos.tableaux)
        if scope_all or p != player
        for a in tableau
    ]


def _it_never_existed(w: Work, owner: int, card: ActionCard, target: Target) -> None:
    """C-ACT-8: the Artifact is discarded."""
    assert isinstance(target, str)
    victim = w.take_artifact(target)
    w.to_discard(target)
    w.say(f"{w.name(target)} never existed ({seat(victim)} loses it)")


def _discontinuity_targets(pos: Position, player: int, card: ActionCard, up: bool) -> list[Play]:
    """C-ACT-5, C-RULING-20: the player chooses the direction, or the ruling fixes it."""
    if pos.cfg.discontinuity_direction == "player_choice":
        return [pos.play(card.id, "next"), pos.play(card.id, "previous")]
    return [pos.play(card.id)]


def _discontinuity(w: Work, owner: int, card: ActionCard, target: Target) -> None:
    """C-ACT-5: every hand passes one seat in the chosen direction."""
    cfg = w.cfg
    direction = target if cfg.discontinuity_direction == "player_choice" else cfg.discontinuity_direction
    step = 1 if direction == "next" else -1
    w.hands[:] = [w.hands[(p - step) % w.n] for p in range(w.n)]
    w.say(f"every hand passes to the {direction} player")


def _no_target(pos: Position, player: int, card: ActionCard, up: bool) -> list[Play]:
    """C-ACT-6, C-TW-2: the card is always playable."""
    return [pos.play(card.id)]


def _time_vortex(w: Work, owner: int, card: ActionCard, target: Target) -> None:
    """C-ACT-6, C-RULING-32: every hand into the pool, dealt back one chance draw at a time."""
    pool = tuple(sorted(c for hand in w.hands for c in hand))
    owed = tuple(len(h) for h in w.hands) if w.cfg.time_vortex_deal == "restore_sizes" else ()
    w.hands[:] = [[] for _ in range(w.n)]
    w.say(f"{len(pool)} cards are gathered into the Time Vortex")
    if pool:
        w.stack.append(VortexDeal(pool, vortex_next(w.n, owner, owed), owed))


def _new_mission_targets(pos: Position, player: int, card: ActionCard, up: bool) -> list[Play]:
    """C-ACT-7, C-RULING-21: any player, or only oneself."""
    seats = range(pos.n) if pos.cfg.new_mission_target == "any_player" else (player,)
    return [pos.play(card.id, p) for p in seats]


def _new_mission(w: Work, owner: int, card: ActionCard, target: Target) -> None:
    """C-ACT-7: the target swaps their Mission."""
    assert isinstance(target, int)
    w.say(f"{seat(target)} swaps their Mission")
    w.swap_goal(target, "mission", revealed=False)


def _ypnm_targets(pos: Position, player: int, card: ActionCard, up: bool) -> list[Play]:
    """C-ACT-9, C-RULING-22: any player, or only another one."""
    anyone = pos.cfg.ypnm_target == "any_player"
    return [pos.play(card.id, p) for p in range(pos.n) if anyone or p != player]


def _your_parents_never_met(w: Work, owner: int, card: ActionCard, target: Target) -> None:
    """C-ACT-9, C-GOAL-3: the target reveals their ID and takes a new one."""
    assert isinstance(target, int)
    old = w.ids[target]
    w.revealed.append(old)
    w.say(f"{seat(target)} reveals ID {old} ({w.name(old)}) and takes a new one")
    w.swap_goal(target, "id", revealed=True)


def _fast_forward(w: Work, owner: int, card: ActionCard, target: Target) -> None:
    """C-TW-2, C-RULING-15: two extra turns, or draw two and play two now."""
    if w.cfg.fast_forward_mode == "two_extra_turns":
        w.extra_turns += 2
        w.say(f"{seat(owner)} will take two extra turns")
    else:
        w.stack.extend(PlayStep(owner, "effect") for _ in range(int(card.param("play", 2))))
        w.stack.append(DrawCards(owner, int(card.param("draw", 2))))


def _rewind_targets(pos: Position, player: int, card: ActionCard, up: bool) -> list[Play]:
    """C-TW-3, C-RULING-16: playable when the discard pile has a card to take."""
    return [pos.play(card.id)] if harvestable(pos, player, "discard", up) else []


def _rewind(w: Work, owner: int, card: ActionCard, target: Target) -> None:
    """C-TW-3: choose a card of the discard pile and play it."""
    w.stack.append(Harvest(owner, "discard"))


def _quick_trip_targets(pos: Position, player: int, card: ActionCard, up: bool) -> list[Play]:
    """C-TW-4, C-RULING-16: playable when the draw pile has a card to take."""
    return [pos.play(card.id)] if harvestable(pos, player, "draw", up) else []


def _quick_trip(w: Work, owner: int, card: ActionCard, target: Target) -> None:
    """C-TW-4: search the draw pile for a card and play it."""
    w.stack.append(Harvest(owner, "draw"))


def _memo_targets(pos: Position, player: int, card: ActionCard, up: bool) -> list[Play]:
    """C-PLAY-7, C-RULING-34: a Memo is never announced; it is played into a reaction window."""
    return []


def _memo(w: Work, owner: int, card: ActionCard, target: Target) -> None:  # pragma: no cover
    """A Memo resolves in its window (the engine's ``memo_stands``), never as a play."""
    raise AssertionError("a Memo is never resolved as a play")


EFFECTS: Final[Mapping[str, Effect]] = frozen_mapping(
    {
        effect.key: effect
        for effect in (
            Effect(
                key="get_there_first",
                clause="C-ACT-2",
                targets=_get_there_first_targets,
                resolve=_get_there_first,
                slots="artifacts",
            ),
            Effect(
                key="sell_artifact",
                clause="C-ACT-3",
                targets=_sell_artifact_targets,
                resolve=_sell_artifact,
                slots="artifacts",
            ),
            Effect(
                key="perform_miracle",
                clause="C-ACT-4",
                targets=_own_artifact_targets,
                resolve=_perform_miracle,
                slots="artifacts",
            ),
            Effect(
                key="discontinuity",
                clause="C-ACT-5",
                targets=_discontinuity_targets,
                resolve=_discontinuity,
                slots="direction",
            ),
            Effect(
                key="time_vortex",
                clause="C-ACT-6",
                targets=_no_target,
                resolve=_time_vortex,
                slots="none",
            ),
            Effect(
                key="new_mission",
                clause="C-ACT-7",
                targets=_new_mission_targets,
                resolve=_new_mission,
                slots="seats",
            ),
            Effect(
                key="it_never_existed",
                clause="C-ACT-8",
                targets=_it_never_existed_targets,
                resolve=_it_never_existed,
                slots="artifacts",
            ),
            Effect(
                key="your_parents_never_met",
                clause="C-ACT-9",
                targets=_ypnm_targets,
                resolve=_your_parents_never_met,
                slots="seats_and_artifacts",  # Artifaxx may play it as It Never Existed (C-ARTIFAXX-3)
            ),
            Effect(
                key="memo",
                clause="C-MEMO-1",
                targets=_memo_targets,
                resolve=_memo,
                slots="never",
            ),
            Effect(
                key="fast_forward",
                clause="C-TW-2",
                targets=_no_target,
                resolve=_fast_forward,
                slots="none",
            ),
            Effect(
                key="rewind",
                clause="C-TW-3",
                targets=_rewind_targets,
                resolve=_rewind,
                slots="none",
            ),
            Effect(
                key="quick_trip",
                clause="C-TW-4",
                targets=_quick_trip_targets,
                resolve=_quick_trip,
                slots="none",
            ),
        )
    }
)

_TARGETS: Final[Mapping[str, Callable[[Position, int, ActionCard, bool], list[Play]]]] = frozen_mapping(
    {key: effect.targets for key, effect in EFFECTS.items()}
)
"""``EFFECTS[key].targets`` by key: `_collect` asks it once per card in hand."""
