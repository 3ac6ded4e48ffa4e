"""A stable integer encoding of Chrononauts moves, for frameworks that index actions (OpenSpiel, nets).

The layout depends only on the card list: not on the options, the position or even the player
count (seat targets always have `SEATS` = 10 slots, the most players C-RULING-37 allows),
so one id space serves every game played with a card list.  With ``D`` play-deck card types
(``cards.deck`` order, 55 in the shipped edition), ``L`` linchpin icons (13), ``A`` Artifacts
(15), ``G`` goal cards (14 IDs then 10 Missions) and ``n = SEATS``:

Decisions, ``range(num_actions(state))``, in this order:

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

Chance outcomes, ``range(num_chance_outcomes(state))``: ``Draw(card)`` by deck index
(``D``), then ``Deal(card)`` by goal-card index (IDs, then Missions, each in file order;
``G``), then ``FirstPlayer(p)`` (``n``).

The shipped edition has 1,887 decision ids and 89 chance outcome ids.

Chrononauts has no bound on its length: the rules set no turn limit, and even with
``max_turns`` (C-RULING-38) a single turn can in principle last as long as the deck recycles
(chains of Perform a "Miracle", Rewind, or Fast Forward in ``draw2_play2`` mode), although
random games never come close.  `max_game_length` therefore gives a *practical* bound
for a capped game, and an adapter that needs a hard one should stop a game that reaches it
as a draw (the same outcome as the turn limit).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Final

import attrs

from tabletop_rules.chrononauts.content.records import ActionCard, CardSet, InverterCard, PlayCard
from tabletop_rules.chrononauts.effects import EFFECTS
from tabletop_rules.chrononauts.moves import (
    SEATS,
    SHAPES,
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
from tabletop_rules.chrononauts.options import Options
from tabletop_rules.chrononauts.state import State
from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.core.shapes import check_id

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

MOVES_PER_TURN: Final = 400
"""The practical allowance of atomic moves per turn used by `max_game_length`.

Uniformly random games average about 4 atomic moves a turn; the longest turn seen in 900
random games (2, 4 and 6 players, both Fast Forward modes, Artifaxx, Solonauts) had 43."""


@attrs.frozen(eq=False)
class ActionLayout:
    """The id tables of one card list (build it with `layout`); every table is read-only."""

    cards: CardSet
    decisions: tuple[Move, ...]  # id -> decision
    decision_ids: Mapping[Move, int]  # decision -> id
    chances: tuple[Move, ...]  # id -> chance outcome
    chance_ids: Mapping[Move, int]


def _play_targets(card: PlayCard, cards: CardSet) -> list[str | int | None]:
    """The target slots of a card: its effect's (`effects.Effect.slots`), or one per linchpin."""
    if isinstance(card, InverterCard):
        return [lp.icon for lp in cards.linchpins]
    if not isinstance(card, ActionCard):
        return [None]  # Patches and Artifacts
    artifacts: list[str | int | None] = [a.id for a in cards.artifacts]
    seats: list[str | int | None] = list(range(SEATS))
    slots: dict[str, list[str | int | None]] = {
        "none": [None],
        "artifacts": artifacts,
        "seats": seats,
        "seats_and_artifacts": seats + artifacts,
        "direction": [None, "next", "previous"],
        "never": [],
    }
    return slots[EFFECTS[card.effect_key].slots]


def layout(state: State) -> ActionLayout:
    """The encoding tables of ``state``'s card list (the same for every player count 1..10)."""
    return _card_layout(state.cards)


@functools.lru_cache(maxsize=16)
def _card_layout(cards: CardSet) -> ActionLayout:
    """The encoding tables of a card list (a bounded cache of immutable layouts)."""
    deck = cards.deck
    decisions: list[Move] = []
    for card_id in deck:
        decisions += [Play(card_id, target) for target in _play_targets(cards.play_cards[card_id], cards)]
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
    return ActionLayout(
        cards=cards,
        decisions=tuple(decisions),
        decision_ids=frozen_mapping(decision_ids),
        chances=tuple(chances),
        chance_ids=frozen_mapping(chance_ids),
    )


def num_actions(state: State) -> int:
    """The size of the decision id space of ``state``'s card list (any player count 1..10)."""
    return len(layout(state).decisions)


def num_chance_outcomes(state: State) -> int:
    """The size of the chance-outcome id space of ``state``'s card list (any player count 1..10)."""
    return len(layout(state).chances)


def move_to_action(state: State, move: Move) -> int:
    """The id of a decision in ``state``'s game.

    Raises:
        InvalidMoveError: ``move`` is not exactly a Chrononauts move (class and field types, as
            `check_move` decides), or not a decision of this card list.
    """
    return SHAPES.lookup(layout(state).decision_ids, move, "Chrononauts decision of this card list")


def action_to_move(state: State, action: int) -> Move:
    """The decision with id ``action`` (which may not be legal in ``state``: `check_move` says).

    Raises:
        InvalidMoveError: ``action`` is not an int in ``range(num_actions(state))`` (a ``bool``, a
            float or a numpy integer is refused).
    """
    decisions = layout(state).decisions
    return decisions[check_id(action, len(decisions), "Chrononauts action id")]


def move_to_chance(state: State, move: Move) -> int:
    """The id of a chance outcome (``Draw``, ``Deal``, ``FirstPlayer``) in ``state``'s game.

    Raises:
        InvalidMoveError: ``move`` is not exactly a Chrononauts move, or not a chance outcome of
            this card list.
    """
    return SHAPES.lookup(layout(state).chance_ids, move, "Chrononauts chance outcome of this card list")


def chance_to_move(state: State, outcome: int) -> Move:
    """The chance outcome with id ``outcome``.

    Raises:
        InvalidMoveError: ``outcome`` is not an int in ``range(num_chance_outcomes(state))``.
    """
    chances = layout(state).chances
    return chances[check_id(outcome, len(chances), "Chrononauts chance outcome id")]


def max_game_length(state: State) -> int | None:
    """A practical bound on the atomic moves of ``state``'s game, or None when ``max_turns`` is not set.

    The setup (goal deals, mulligans, the deal of three cards each, the first player) plus
    `MOVES_PER_TURN` for each of the ``max_turns`` turns.  It is not a proof: see the module
    notes; an adapter should end a game that reaches it with no winner.
    """
    return game_length_bound(state.options, state.players)


def game_length_bound(options: Options, players: int) -> int | None:
    """`max_game_length` from the options and the player count."""
    if options.max_turns is None:
        return None
    setup = 2 * players + 2 * players * (options.identity_mulligans + 1) + 3 * players + 1
    if options.variant == "solonauts":
        setup = options.solonauts_identity_count + 5
    return setup + MOVES_PER_TURN * options.max_turns
