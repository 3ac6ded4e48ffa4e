"""A stable integer encoding of Chrononauts moves, for frameworks that index actions (OpenSpiel, nets).

The layout depends only on the card list: not on the options, the position or even the player
count (seat targets always have :data:`SEATS` = 10 slots, the most players C-RULING-37 allows),
so one id space serves every game played with a card list.  With ``D`` play-deck card types
(``cards.deck`` order, 55 in the shipped edition), ``L`` linchpin icons (13), ``A`` Artifacts
(15), ``G`` goal cards (14 IDs then 10 Missions) and ``n = SEATS``:

Decisions, ``range(num_actions(cards, n))``, in this order:

=====================  ==========================================================================
block                  ids
=====================  ==========================================================================
``Play``               per play-deck card type, in deck order, one slot per target it can take:
                       Inverter: one per linchpin icon (``L``); Patch, Artifact, Time Vortex,
                       Fast Forward, Rewind, Quick Trip: one (no target); Get There First, Sell an
                       Artifact, Perform a "Miracle", It Never Existed: one per Artifact (``A``);
                       New Mission: one per seat (``n``); Your Parents Never Met: one per seat,
                       then one per Artifact (Artifaxx' ``as_it_never_existed``); Discontinuity:
                       no target, ``"next"``, ``"previous"``; the Memo: none (it is never a Play).
                       Cards taken by Rewind or Quick Trip to the Future use the same ids.
``KillTime``           ``D`` single cards, then the ``D (D + 1) / 2`` unordered pairs ``a <= b``
                       (deck order; a pair of two copies is ``a == b``)
``Discard``            ``D``, by deck index
``Memo``               one per Memo card type (deck order)
``Pass``               1
``Mulligan``           2: ``Mulligan(False)`` (keep), ``Mulligan(True)``
``Declare``            2: ``Declare(True)``, ``Declare(False)``
=====================  ==========================================================================

Chance outcomes, ``range(num_chance_outcomes(cards, n))``: ``Draw(card)`` by deck index
(``D``), then ``Deal(card)`` by goal-card index (IDs, then Missions, each in file order;
``G``), then ``FirstPlayer(p)`` (``n``).

The shipped edition has 1,887 decision ids and 89 chance outcome ids.

Chrononauts has no bound on its length: the rules set no turn limit, and even with
``max_turns`` (C-RULING-38) a single turn can in principle last as long as the deck recycles
(chains of Perform a "Miracle", Rewind, or Fast Forward in ``draw2_play2`` mode), although
random games never come close.  :func:`max_game_length` therefore gives a *practical* bound
for a capped game, and an adapter that needs a hard one should stop a game that reaches it
as a draw (the same outcome as the turn limit).
"""

from __future__ import annotations

import functools
from typing import Final

import attrs

from tabletop_rules.chrononauts.cards import ActionCard, CardSet, InverterCard
from tabletop_rules.chrononauts.options import RulesConfig
from tabletop_rules.chrononauts.state import (
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
    State,
)
from tabletop_rules.core.errors import IllegalMoveError, InvalidMoveError, InvalidOptionError

__all__ = [
    "MOVES_PER_TURN",
    "SEATS",
    "ActionLayout",
    "action_to_move",
    "chance_to_move",
    "layout",
    "max_game_length",
    "move_to_action",
    "move_to_chance",
    "num_actions",
    "num_chance_outcomes",
]

_ARTIFACT_TARGETS: Final = frozenset(
    {"get_there_first", "sell_artifact", "perform_miracle", "it_never_existed"}
)

SEATS: Final = 10
"""Seat slots of the layout: player targets and first players, for any player count up to 10."""

MOVES_PER_TURN: Final = 400
"""The practical allowance of atomic moves per turn used by :func:`max_game_length`.

Uniformly random games average about 4 atomic moves a turn; the longest turn seen in 900
random games (2, 4 and 6 players, both Fast Forward modes, Artifaxx, Solonauts) had 43."""


@attrs.frozen(eq=False)
class ActionLayout:
    """The id tables for one card list and player count (build it with :func:`layout`)."""

    cards: CardSet
    decisions: tuple[Move, ...]  # id -> decision
    decision_ids: dict[Move, int]  # decision -> id
    chances: tuple[Move, ...]  # id -> chance outcome
    chance_ids: dict[Move, int]


def _play_targets(card: object, cards: CardSet) -> list[str | int | None]:
    artifacts: list[str | int | None] = [a.id for a in cards.artifacts]
    seats: list[str | int | None] = list(range(SEATS))
    if isinstance(card, InverterCard):
        return [lp.icon for lp in cards.linchpins]
    if isinstance(card, ActionCard):
        key = card.effect_key
        if key == "memo":
            return []
        if key in _ARTIFACT_TARGETS:
            return artifacts
        if key == "new_mission":
            return seats
        if key == "your_parents_never_met":
            return seats + artifacts
        if key == "discontinuity":
            return [None, "next", "previous"]
        return [None]  # _NO_TARGET
    return [None]  # Patches and Artifacts


def layout(cards: CardSet, players: int) -> ActionLayout:
    """The encoding tables for ``cards`` (the same for every player count 1..10; built once)."""
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= SEATS:
        raise InvalidOptionError(f"players must be an int in 1..{SEATS}, got {players!r}")
    return _layout(cards)


@functools.lru_cache(maxsize=16)
def _layout(cards: CardSet) -> ActionLayout:
    deck = cards.deck
    decisions: list[Move] = []
    for card_id in deck:
        card = cards.play_cards[card_id]
        decisions += [Play(card_id, target) for target in _play_targets(card, cards)]
    decisions += [KillTime((c,)) for c in deck]
    for i, a in enumerate(deck):
        decisions += [KillTime((a, b)) for b in deck[i:]]
    decisions += [Discard(c) for c in deck]
    memos = [
        c for c in deck if isinstance(card := cards.play_cards[c], ActionCard) and card.effect_key == "memo"
    ]
    decisions += [Memo(c) for c in memos]
    decisions += [Pass(), Mulligan(False), Mulligan(True), Declare(True), Declare(False)]
    goals = [i.id for i in cards.identities] + [m.id for m in cards.missions]
    chances: list[Move] = [Draw(c) for c in deck]
    chances += [Deal(g) for g in goals]
    chances += [FirstPlayer(p) for p in range(SEATS)]
    decision_ids = {move: i for i, move in enumerate(decisions)}
    chance_ids = {move: i for i, move in enumerate(chances)}
    assert len(decision_ids) == len(decisions)
    assert len(chance_ids) == len(chances)
    return ActionLayout(cards, tuple(decisions), decision_ids, tuple(chances), chance_ids)


def num_actions(cards: CardSet, players: int) -> int:
    """The size of the decision id space for this card list (any player count 1..10)."""
    return len(layout(cards, players).decisions)


def num_chance_outcomes(cards: CardSet, players: int) -> int:
    """The size of the chance-outcome id space for this card list (any player count 1..10)."""
    return len(layout(cards, players).chances)


def move_to_action(state: State, move: Move) -> int:
    """The id of a decision in ``state``'s game (raises InvalidMoveError for anything else)."""
    try:
        return layout(state.cards, state.players).decision_ids[move]
    except (KeyError, TypeError):
        raise InvalidMoveError(f"{move!r} is not a Chrononauts decision of this game") from None


def action_to_move(state: State, action: int) -> Move:
    """The decision with id ``action`` (raises IllegalMoveError outside ``range(num_actions)``)."""
    decisions = layout(state.cards, state.players).decisions
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < len(decisions):
        raise IllegalMoveError(f"{action!r} is not a Chrononauts action id (0..{len(decisions) - 1})")
    return decisions[action]


def move_to_chance(state: State, move: Move) -> int:
    """The id of a chance outcome (``Draw``, ``Deal``, ``FirstPlayer``) in ``state``'s game."""
    try:
        return layout(state.cards, state.players).chance_ids[move]
    except (KeyError, TypeError):
        raise InvalidMoveError(f"{move!r} is not a Chrononauts chance outcome of this game") from None


def chance_to_move(state: State, outcome: int) -> Move:
    """The chance outcome with id ``outcome``."""
    chances = layout(state.cards, state.players).chances
    if isinstance(outcome, bool) or not isinstance(outcome, int) or not 0 <= outcome < len(chances):
        raise IllegalMoveError(f"{outcome!r} is not a Chrononauts chance outcome id (0..{len(chances) - 1})")
    return chances[outcome]


def max_game_length(config: RulesConfig, players: int) -> int | None:
    """A practical bound on the atomic moves of a game, or None when ``max_turns`` is not set.

    The setup (goal deals, mulligans, the deal of three cards each, the first player) plus
    :data:`MOVES_PER_TURN` for each of the ``max_turns`` turns.  It is not a proof: see the module
    notes; an adapter should end a game that reaches it with no winner.
    """
    if config.max_turns is None:
        return None
    setup = 2 * players + 2 * players * (config.identity_mulligans + 1) + 3 * players + 1
    if config.variant == "solonauts":
        setup = config.solonauts_identity_count + 5
    return setup + MOVES_PER_TURN * config.max_turns
