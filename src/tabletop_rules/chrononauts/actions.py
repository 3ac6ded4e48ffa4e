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

`legal_action_ids` lists the ids of the legal decisions (ascending, as OpenSpiel's
``legal_actions``) and `legal_action_mask` marks them in a `numpy.int8` row of
`num_actions` slots (the ``arrays`` extra); both are empty at a chance node and once the
game is over. They look the engine's own moves up directly (mostly by identity: the
engine hands out the context's shared records), without the exact-type check
`move_to_action` makes of a caller's move.

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
from tabletop_rules.chrononauts.context import Context
from tabletop_rules.chrononauts.effects import EFFECTS
from tabletop_rules.chrononauts.legality import legal_moves
from tabletop_rules.chrononauts.moves import (
    PASS,
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
from tabletop_rules.core.arrays import Int8Array, mask_row
from tabletop_rules.core.errors import InvalidStateError
from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.shapes import check_id

__all__ = [
    "MOVES_PER_TURN",
    "SEATS",
    "ActionLayout",
    "action_to_move",
    "chance_to_move",
    "layout",
    "legal_action_ids",
    "legal_action_mask",
    "max_game_length",
    "move_to_action",
    "move_to_chance",
    "num_actions",
    "num_chance_outcomes",
]

MOVES_PER_TURN: Final = 24
"""The allowance of atomic moves per turn used by `max_game_length` (for every player count).

Twice a plain turn at ten players, the most C-RULING-37 allows: a draw, a play, a Memo window
answered by the nine others, an effect's choice.  In 200 uniformly random games of each
configuration capped at 500 turns (`benchmarks/chrononauts_game_lengths.py`) a game averaged at
most 8.9 moves a turn (10 players; 4.4 at 4), and the longest single turn had 54 moves."""


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


class _DecisionIds:
    """The decision id of every move record the engine hands out for one game context.

    The engine's legal moves are mostly the context's shared records (`Context.plays`,
    `Context.kill_times`, `PASS`), so they are looked up by identity, `id(move)` in a dict of
    ints, all in C (`map`), where the layout's table would hash each record's fields (a frozen
    attrs hash, a Python call). The table holds the records, so no id in it can be reused while
    it lives; it is private to this module and never changed once built, but for the memo of the
    last mask. The other moves (a Memo, a Discard, a Mulligan...) are found by value. Moves from
    the engine need no exact-type check (`move_to_action` makes it for moves from a caller).
    """

    def __init__(self, ctx: Context) -> None:
        ids = _card_layout(ctx.cards).decision_ids
        self.ctx = ctx
        self.size = len(ids)
        shared: tuple[Move, ...] = (*ctx.plays.values(), *ctx.kill_times.values(), PASS)
        self.records = tuple(r for r in shared if r in ids)
        by_identity = {id(r): ids[r] for r in self.records}
        self.shared = by_identity.__getitem__
        self.by_identity = by_identity.get
        self.by_value = ids
        self.last_marks: tuple[tuple[Move, ...], bytes | bytearray] = ((), bytes(self.size))

    def id_of(self, move: Move) -> int:
        """The id of one legal move of the engine (a shared record, or another by value)."""
        found = self.by_identity(id(move))
        return self.by_value[move] if found is None else found

    def ids(self, moves: tuple[Move, ...]) -> list[int]:
        """The ids of the engine's legal moves `moves`, in their order."""
        try:
            return [*map(self.shared, map(id, moves))]  # the commonest case: only shared records
        except KeyError:
            return [*map(self.id_of, moves)]

    def marks(self, moves: tuple[Move, ...]) -> bytes | bytearray:
        """The mask of the engine's legal moves `moves`, a byte per id: from the memo of the last moves
        when they are the same tuple (a poll with nothing to play but pass is one shared tuple; the
        memo holds the tuple, so its identity cannot be another's), else marked anew."""
        memo = self.last_marks
        if memo[0] is moves:
            return memo[1]
        marks = bytearray(self.size)
        for k in self.ids(moves):
            marks[k] = 1
        self.last_marks = (moves, marks)  # one atomic store: a thread reads the old pair or the new
        return marks


_DECISION_IDS: dict[int, _DecisionIds] = {}


def _decision_ids(state: object, what: str) -> _DecisionIds:
    """The id tables of a state's context (by the context's identity; bounded)."""
    if type(state) is not State:
        raise InvalidStateError(f"{what}: expected a chrononauts State, not {brief(state)}")
    ctx = state.ctx
    found = _DECISION_IDS.get(id(ctx))
    if found is None or found.ctx is not ctx:
        if len(_DECISION_IDS) >= 64:
            _DECISION_IDS.clear()
        found = _DECISION_IDS[id(ctx)] = _DecisionIds(ctx)
    return found


def _legal_ids(state: State, table: _DecisionIds) -> list[int]:
    """The ids of the legal decisions, in the order of `legal_moves`."""
    return table.ids(legal_moves(state))


def legal_action_ids(state: State) -> list[int]:
    """The ids of the legal decisions of ``state``, ascending; empty at a chance node or once the game
    is over (OpenSpiel's ``legal_actions``).

    The same ids as ``sorted(move_to_action(state, m) for m in legal_moves(state))``, without
    checking the engine's own moves as a caller's (about 25 % of the cost of listing the moves).

    Raises:
        InvalidStateError: ``state`` is not a Chrononauts `State`.
    """
    return sorted(_legal_ids(state, _decision_ids(state, "legal_action_ids")))


def legal_action_mask(state: State, out: object = None) -> Int8Array:
    """A `numpy.int8` row of `num_actions` slots: 1 at the id of each legal decision, else 0.

    At a chance node and once the game is over nobody decides: the mask is all zero. Written into
    ``out`` (cleared first) when given. Needs numpy (the ``arrays`` extra).

    Raises:
        InvalidStateError: ``state`` is not a Chrononauts `State`.
        InvalidRequestError: ``out`` is not a writeable C-contiguous `int8` array of shape
            ``(num_actions(state),)``.
        ImportError: numpy is not installed.
    """
    table = _decision_ids(state, "legal_action_mask")
    return mask_row(out, table.marks(legal_moves(state)), "legal_action_mask")


def max_game_length(state: State) -> int | None:
    """A practical bound on the atomic moves of ``state``'s game, or None when ``max_turns`` is not set.

    The setup (goal deals, mulligans, the deal of three cards each, the first player) plus
    `MOVES_PER_TURN` for each of the ``max_turns`` turns and for four turns more, so that a long
    turn fits even in a game capped at one turn.  It is not a proof: see the module notes; an
    adapter should end a game that reaches it with no winner.  No random game measured came near
    it: with the default cap of the OpenSpiel adapter (500 turns, 4 players: 12,133 moves) the
    longest of 200 took 2,025 moves, and no game came within 100 moves of the bound of any cap
    by the end of any turn (see `docs/openspiel.md`).
    """
    return game_length_bound(state.options, state.players)


def game_length_bound(options: Options, players: int) -> int | None:
    """`max_game_length` from the options and the player count."""
    if options.max_turns is None:
        return None
    setup = 2 * players + 2 * players * (options.identity_mulligans + 1) + 3 * players + 1
    if options.variant == "solonauts":
        setup = options.solonauts_identity_count + 5
    return setup + MOVES_PER_TURN * (options.max_turns + 4)  # four spare turns: one long turn early on
