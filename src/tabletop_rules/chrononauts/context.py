"""The fixed part of a game: cards, options and player count, with every table built once.

`make_context` builds a `Context` when a game starts (or is read back from
JSON); every state of the game shares it.  Its tables are complete when it is
made and read-only (tuples and `core.frozen_mapping`), so sharing it between
states, threads and processes is safe.  `check_players` is the player-count rule.
"""

from __future__ import annotations

import functools
import itertools
import warnings
from collections.abc import Mapping
from typing import Any, Final

import attr

from tabletop_rules.chrononauts.content.records import ActionCard, CardSet, Condition
from tabletop_rules.chrononauts.frames import DrawCards, EndTurn, PlayStep
from tabletop_rules.chrononauts.moves import Draw, KillTime, Play
from tabletop_rules.chrononauts.options import Options
from tabletop_rules.core.errors import InvalidOptionError
from tabletop_rules.core.frozen import frozen_mapping, native_record
from tabletop_rules.core.jsonio import brief

__all__ = ["Context", "InverterTarget", "check_players", "make_context"]

InverterTarget = tuple[str, int, int, str]
"""An Inverter's target: ``(icon, bit, year, side it must show first)``, the side ``"true"``,
``"alt"`` or ``"any"``."""

_DIRECTION_NEEDS: Final = {"to_alt": "true", "to_true": "alt", "either": "any"}
_ASSASSINATED_ON_ALT: Final = ("Hitler", "Reagan")  # C-RULING-24, "all_assassinations"
_DISCONTINUITY_TARGETS: Final = (None, "next", "previous")


@attr.s(frozen=True, auto_attribs=True, init=False, slots=False, eq=False, repr=False)
class Context:
    """The fixed part of a game: cards, options and player count, with indexes built once.

    Attributes:
        cards: the card list; options: the rulings; players: the player count.
        deck_counts: this variant's play deck, aligned with ``cards.deck``.
        up_year: the year whose patch triggers the UltraParadox (None if no patch does).
        paradox_if: per ripplepoint, its condition with the operator overrides (C-RULING-1).
        playable_if: per patch id, its condition with the operator overrides.
        inverter_targets: per Inverter id, the linchpins it may flip (C-INV-2, C-RULING-24, -25).
        inverter_masks: per Inverter id, the linchpin bits its announcements depend on: those of the
            targets that must show a given side first (a target of ``"any"`` side does not read it).
        effects: per Action and Timewarp id, the effect it has under these options (C-ARTIFAXX-3).
        play_rules: per play-deck card id, how its announcements are found (C-PLAY-1):
            ``"inverter"``, ``"patch"``, ``"artifact"``, or the card's effect in ``effects``.
        memos: the Memo card ids.
        draws: one `Draw` per play-deck card type, aligned with ``cards.deck``.
        plays: every `Play` a card of this game can make, by ``(card, target)`` (shared records).
        kill_times: every `KillTime` by its cards (shared records).
        turn_frames: per seat, the frames a turn pushes (C-TURN-2..6).
        window_seats: per owner of a pending card, the seats its reaction window polls, in order
            (C-MEMO-3: everyone else from the next seat on; C-RULING-34 may add the owner last).

    Read by nearly every rule: a native record of the compiled build (`core.frozen.native_record`).
    """

    cards: CardSet
    options: Options
    players: int
    deck_counts: tuple[int, ...]
    up_year: int | None
    paradox_if: tuple[Condition, ...]
    playable_if: Mapping[str, Condition]
    inverter_targets: Mapping[str, tuple[InverterTarget, ...]]
    inverter_masks: Mapping[str, int]
    effects: Mapping[str, str]
    play_rules: Mapping[str, str]
    memos: frozenset[str]
    draws: tuple[Draw, ...]
    plays: Mapping[tuple[str, str | int | None], Play]
    kill_times: Mapping[tuple[str, ...], KillTime]
    turn_frames: tuple[tuple[EndTurn, PlayStep, DrawCards], ...]
    window_seats: tuple[tuple[int, ...], ...]
    key: tuple[str, Options, int]  # what the context is made of: equality and hash
    key_hash: int  # hash(key), computed once: the context keys the per-move caches (draws, plays)

    def __init__(
        self,
        cards: CardSet,
        options: Options,
        players: int,
        deck_counts: tuple[int, ...],
        up_year: int | None,
        paradox_if: tuple[Condition, ...],
        playable_if: Mapping[str, Condition],
        inverter_targets: Mapping[str, tuple[InverterTarget, ...]],
        inverter_masks: Mapping[str, int],
        effects: Mapping[str, str],
        play_rules: Mapping[str, str],
        memos: frozenset[str],
        draws: tuple[Draw, ...],
        plays: Mapping[tuple[str, str | int | None], Play],
        kill_times: Mapping[tuple[str, ...], KillTime],
        turn_frames: tuple[tuple[EndTurn, PlayStep, DrawCards], ...],
        window_seats: tuple[tuple[int, ...], ...],
        key: tuple[str, Options, int],
        key_hash: int,
    ) -> None:
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "deck_counts", deck_counts)
        object.__setattr__(self, "up_year", up_year)
        object.__setattr__(self, "paradox_if", paradox_if)
        object.__setattr__(self, "playable_if", playable_if)
        object.__setattr__(self, "inverter_targets", inverter_targets)
        object.__setattr__(self, "inverter_masks", inverter_masks)
        object.__setattr__(self, "effects", effects)
        object.__setattr__(self, "play_rules", play_rules)
        object.__setattr__(self, "memos", memos)
        object.__setattr__(self, "draws", draws)
        object.__setattr__(self, "plays", plays)
        object.__setattr__(self, "kill_times", kill_times)
        object.__setattr__(self, "turn_frames", turn_frames)
        object.__setattr__(self, "window_seats", window_seats)
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "key_hash", key_hash)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Context) and other.key == self.key

    def __hash__(self) -> int:
        return self.key_hash

    def __reduce__(self) -> tuple[Any, tuple[CardSet, Options, int]]:
        """Pickled as what it is made of; unpickling makes (or finds) the context again."""
        return (make_context, (self.cards, self.options, self.players))

    def __repr__(self) -> str:
        """One line: the variant, the player count and the card list (its tables are not shown).

        What a context is made of is ``(ctx.cards, ctx.options, ctx.players)``; the options in full
        are ``ctx.options.to_dict()``.
        """
        return (
            f"<chrononauts.Context {self.options.variant} players={self.players} "
            f"cards={self.cards.digest[:12]}>"
        )

    @property
    def config(self) -> Options:
        """Deprecated since 0.2: use ``options``."""
        warnings.warn(
            "Context.config is deprecated since 0.2; use Context.options", DeprecationWarning, stacklevel=2
        )
        return self.options


native_record(Context)

def check_players(options: Options, players: int, cards: CardSet) -> None:
    """The player count of the variant (C-SETUP-1, C-ARTIFAXX-1, C-SOLO-1, C-RULING-37).

    Raises:
        InvalidOptionError: a count outside the variant's range, more players than goal cards,
            more Solonauts IDs face up than the card list has (C-SOLO-3), a fixed first player who is
            not a seat, or an operator override of a year that is not a ripplepoint of the card list
            (C-RULING-1).
    """
    if type(players) is not int:
        raise InvalidOptionError(f"players must be an int, got {brief(players)}")
    if options.variant == "solonauts":
        low, high = 1, 1
    else:
        low = 2
        high = 6 if options.variant == "chrononauts" else 4
        if options.allow_extra_players:
            high = 10
    if not low <= players <= high:
        raise InvalidOptionError(f"{options.variant} is for {low}-{high} players, not {players}")
    if players > len(cards.missions) or players > len(cards.identities):
        raise InvalidOptionError(f"{players} players need as many IDs and Missions")
    if options.variant == "solonauts" and options.solonauts_identity_count > len(cards.identities):
        raise InvalidOptionError(  # C-SOLO-3: the setup deals that many IDs face up
            f"solonauts_identity_count={options.solonauts_identity_count} needs as many IDs, "
            f"but the card list has {len(cards.identities)}"
        )
    if isinstance(options.first_player, int) and options.first_player >= players:
        raise InvalidOptionError(f"first_player={options.first_player} is not a seat of {players} players")
    years = {rp.year for rp in cards.ripplepoints}
    for year, _ in options.ripple_operator_overrides:  # C-RULING-1: only ripplepoints have operators
        if year not in years:
            raise InvalidOptionError(
                f"ripple_operator_overrides names {year}, which is not a ripplepoint year of this card list"
            )


@functools.lru_cache(maxsize=64)
def make_context(cards: CardSet, options: Options, players: int) -> Context:
    """The context of a game (cached: one immutable context per card list, options and count)."""
    overrides = dict(options.ripple_operator_overrides)
    paradox_if = tuple(
        rp.paradox_if.with_op(overrides[rp.year]) if rp.year in overrides else rp.paradox_if
        for rp in cards.ripplepoints
    )
    playable_if: dict[str, Condition] = {}
    for patch in cards.patches:
        cond = patch.playable_if
        if patch.year in overrides and not patch.unstable:
            cond = cond.with_op(overrides[patch.year])
        playable_if[patch.id] = cond
    effects = {card.id: _effect_key(card, options) for card in (*cards.actions, *cards.timewarps)}
    inverter_targets = _inverter_targets(cards, options)
    return Context(
        cards=cards,
        options=options,
        players=players,
        deck_counts=_deck_counts(cards, options),
        up_year=next((p.year for p in cards.patches if p.triggers_ultraparadox), None),
        paradox_if=paradox_if,
        playable_if=frozen_mapping(playable_if),
        inverter_targets=inverter_targets,
        inverter_masks=frozen_mapping(
            {
                card: sum({1 << bit for _, bit, _, side in targets if side != "any"})  # distinct bits: an OR
                for card, targets in inverter_targets.items()
            }
        ),
        effects=frozen_mapping(effects),
        play_rules=frozen_mapping(
            {
                card_id: effects.get(card_id) or cards.play_cards[card_id].kind  # an effect, or the kind
                for card_id in cards.deck
            }
        ),
        memos=frozenset(card_id for card_id, key in effects.items() if key == "memo"),
        draws=tuple(Draw(card_id) for card_id in cards.deck),
        plays=_plays(cards, players),
        kill_times=_kill_times(cards),
        turn_frames=tuple((EndTurn(p), PlayStep(p, "turn"), DrawCards(p, 1)) for p in range(players)),
        window_seats=tuple(
            (
                *((owner + k) % players for k in range(1, players)),
                *((owner,) if options.memo_self_target else ()),
            )
            for owner in range(players)
        ),
        key=(cards.digest, options, players),
        key_hash=hash((cards.digest, options, players)),
    )


def _effect_key(card: ActionCard, options: Options) -> str:
    """The effect a card has in this game: Artifaxx may play YPNM as It Never Existed (C-ARTIFAXX-3)."""
    if (
        card.effect_key == "your_parents_never_met"
        and options.variant == "artifaxx"
        and options.artifaxx_ypnm == "as_it_never_existed"
    ):
        return "it_never_existed"
    return card.effect_key


def _deck_counts(cards: CardSet, options: Options) -> tuple[int, ...]:
    """Copies of each card type in this variant's play deck (C-ARTIFAXX-2, C-ARTIFAXX-3, C-SOLO-2)."""
    keep = {
        "artifaxx": ("artifact", "action", "timewarp"),
        "solonauts": ("patch", "inverter"),
    }.get(options.variant, ("inverter", "patch", "artifact", "action", "timewarp"))
    counts = []
    for card_id, count in zip(cards.deck, cards.deck_counts, strict=True):
        card = cards.play_cards[card_id]
        kept = card.kind in keep
        if (
            options.variant == "artifaxx"
            and isinstance(card, ActionCard)
            and card.effect_key == "your_parents_never_met"
            and options.artifaxx_ypnm == "remove"
        ):
            kept = False  # C-ARTIFAXX-3
        counts.append(count if kept else 0)
    return tuple(counts)


def _inverter_targets(cards: CardSet, options: Options) -> Mapping[str, tuple[InverterTarget, ...]]:
    """Per Inverter card, the linchpins it may flip and the side each must show first (C-INV-2)."""
    disasters: tuple[str, ...] = next(
        (c.targets for c in cards.inverters if c.id == "INV-AVERT-DISASTER"), ()
    )
    out: dict[str, tuple[InverterTarget, ...]] = {}
    for card in cards.inverters:
        pairs = [(icon, _DIRECTION_NEEDS[card.direction]) for icon in card.targets]
        if card.id == "INV-RESTORE-HISTORY" and options.restore_history_scope == "disasters_only":
            pairs = [(icon, side) for icon, side in pairs if icon in disasters]  # C-RULING-25
        if (
            card.id == "INV-PREVENT-ASSASSINATION"
            and options.prevent_assassination_scope == "all_assassinations"
        ):
            pairs += [(icon, "alt") for icon in _ASSASSINATED_ON_ALT if icon in cards.linchpin_by_icon]
        out[card.id] = tuple(
            (icon, cards.linchpin_by_icon[icon].bit, cards.linchpin_by_icon[icon].year, side)
            for icon, side in pairs
        )
    return frozen_mapping(out)


def _plays(cards: CardSet, players: int) -> Mapping[tuple[str, str | int | None], Play]:
    """One shared `Play` for every card and every target it could name in this game."""
    seats: tuple[str | int | None, ...] = tuple(range(players))
    targets: tuple[str | int | None, ...] = (
        None,
        *_DISCONTINUITY_TARGETS[1:],
        *cards.linchpin_by_icon,
        *(a.id for a in cards.artifacts),
        *seats,
    )
    return frozen_mapping({(c, t): Play(c, t) for c in cards.deck for t in targets})


def _kill_times(cards: CardSet) -> Mapping[tuple[str, ...], KillTime]:
    """One shared `KillTime` for every card and every pair of cards, in deck order (C-TURN-4)."""
    singles = {(c,): KillTime((c,)) for c in cards.deck}
    pairs = {(a, b): KillTime((a, b)) for a, b in itertools.combinations_with_replacement(cards.deck, 2)}
    return frozen_mapping({**singles, **pairs})
