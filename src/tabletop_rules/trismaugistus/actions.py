"""A fixed integer encoding of Trismaugistus moves, for frameworks that index actions (OpenSpiel, nets).

The ids depend only on the content pack (its records, in pack order), never on
the rest of the state, so they are stable for a given pack.  Every function
takes the state (as in every game); the encoding is the one of ``state.pack``.
Every decision that `legal_moves` can offer has an id in
``range(num_actions(state))``; with ``nE`` board experiments, ``nA`` board
artifacts, ``nS`` setups in the setup menu and ``nR`` round-start reports:

=====================  ==========================================================
ids (in this order)    move
=====================  ==========================================================
``nS``                 ``Setup``: its index in the setup menu (difficulty x objectives
                       x starting experiment x starting artifact [x cube])
``nR``                 ``ReportBoard`` of the round-start menu: round 1..3 x layout
                       variant 0..1 (bowls, areas and offers), then the three bare
                       rolls (duplicates keep their first id)
18                     ``HumanDraftDie(face, colour)``: ``6 faces x 3 colours``
``6 * nE``             ``HumanTakeExperiment(face, experiment)``: face x board experiment
``nA``                 ``HumanTakeArtifact(colour, artifact)``: each board artifact,
                       with its own colour
4                      ``HumanCompleteObjective(position)``, positions 1-4
2                      ``HumanEndTurn(False)``, ``HumanEndTurn(True)``
=====================  ==========================================================

Chance outcomes have their own ids in ``range(num_chance_outcomes(state))``:
``CardDrawn`` (one per automa card, pack order), then ``ObjectiveDie(1..4)``,
then ``MasterpieceDrawn`` (one per masterpiece, pack order), then
``ArtifactDie(1)``, ``ArtifactDie(2)``.  ``ObjectiveDieRaw`` (a raw value rolled
at the table) is never offered by ``chance_outcomes`` and has no id.

Moves that ``apply`` accepts but no menu offers (a ``Setup`` with options
outside the menu, a ``ReportBoard`` correction...) have no id:
`move_to_action` raises `InvalidMoveError` for them.

The game has **no finite length bound** in atomic moves: once the automa has
finished a round, the human may end turns without drafting for ever.
`max_game_length` bounds the length of a game cut off after a given
number of completed turns (``state.turn``, ``max_turns``, by default
`DEFAULT_MAX_TURNS`), which is what a framework that needs a bound
(OpenSpiel's ``max_game_length``) should use, truncating the game there.

`legal_action_ids(state)` lists the ids of the legal decisions, ascending, and
`legal_action_mask(state, out=None)` (the ``arrays`` extra: numpy) gives them as a
``numpy.int8`` array of ``num_actions(state)``: 1 at the id of each move of
``legal_moves(state)``, 0 elsewhere, so all zero at a chance node (the automa's
card draws and dice: no decision) and once the game is over.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Mapping
from typing import Final

import attrs

from tabletop_rules.core.arrays import Int8Array, int8_row
from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError
from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.shapes import check_id
from tabletop_rules.trismaugistus.content.records import Pack
from tabletop_rules.trismaugistus.moves import (
    SHAPES,
    ArtifactDie,
    CardDrawn,
    HumanCompleteObjective,
    HumanDraftDie,
    HumanEndTurn,
    HumanTakeArtifact,
    HumanTakeExperiment,
    MasterpieceDrawn,
    Move,
    ObjectiveDie,
    ReportBoard,
)
from tabletop_rules.trismaugistus.reports import BOWL_PATTERNS, round_layout, setup_menu
from tabletop_rules.trismaugistus.rules import legal_moves
from tabletop_rules.trismaugistus.state import MAX_TURN, State
from tabletop_rules.trismaugistus.vocabulary import (
    COLOURS,
    DICE_PER_ROUND,
    FACES,
    OBJECTIVE_PURPLE_COUNT,
    OBJECTIVE_ROW_SIZE,
    ROUNDS,
)

__all__ = [
    "DEFAULT_MAX_TURNS",
    "action_to_move",
    "chance_to_move",
    "legal_action_ids",
    "legal_action_mask",
    "max_game_length",
    "move_to_action",
    "move_to_chance",
    "num_actions",
    "num_chance_outcomes",
]

ARTIFACT_DIE_SLOTS: Final = 2
DEFAULT_MAX_TURNS: Final = 2000
"""The default cut-off of `max_game_length` (random play ends well within it: fewer than 1000 moves)."""


@attrs.frozen(eq=False)
class _Encoding:
    """The id tables of one pack: decode tuples and encode dicts, for decisions and chance outcomes."""

    actions: tuple[Move, ...]
    action_ids: Mapping[Move, int]
    chances: tuple[Move, ...]
    chance_ids: Mapping[Move, int]


def _index(moves: list[Move]) -> tuple[tuple[Move, ...], Mapping[Move, int]]:
    decode: list[Move] = []
    encode: dict[Move, int] = {}
    for move in moves:
        if move not in encode:
            encode[move] = len(decode)
            decode.append(move)
    return tuple(decode), frozen_mapping(encode)


@functools.lru_cache(maxsize=16)  # keyed by the immutable pack; the encoding holds tuples and read-only maps
def _encoding(pack: Pack) -> _Encoding:
    board_experiments = [e.id for e in pack.experiments if e.stage != "starting"]
    board_artifacts = [a for a in pack.artifacts if not a.starting]
    decisions: list[Move] = [*setup_menu(pack)]
    decisions += [round_layout(pack, r, v) for r in range(1, ROUNDS + 1) for v in (0, 1)]
    decisions += [ReportBoard(bowls=b, reason="round_start") for b in BOWL_PATTERNS]
    decisions += [HumanDraftDie(f, c) for f in FACES for c in COLOURS]
    decisions += [HumanTakeExperiment(f, e) for f in FACES for e in board_experiments]
    decisions += [HumanTakeArtifact(a.colour, a.id) for a in board_artifacts]
    decisions += [HumanCompleteObjective(i) for i in range(1, OBJECTIVE_ROW_SIZE + 1)]
    decisions += [HumanEndTurn(False), HumanEndTurn(True)]
    chances: list[Move] = [CardDrawn(c.id) for c in pack.automa_cards]
    chances += [ObjectiveDie(i) for i in range(1, OBJECTIVE_ROW_SIZE + 1)]
    chances += [MasterpieceDrawn(m.id) for m in pack.masterpieces]
    chances += [ArtifactDie(s) for s in range(1, ARTIFACT_DIE_SLOTS + 1)]
    actions, action_ids = _index(decisions)
    outcomes, chance_ids = _index(chances)
    return _Encoding(actions=actions, action_ids=action_ids, chances=outcomes, chance_ids=chance_ids)


def _pack_of(state: State | Pack, function: str) -> Pack:
    """``state.pack``; a `Pack` (the signature before 0.2) still works, with a warning."""
    if isinstance(state, Pack):
        warnings.warn(
            f"actions.{function}(pack) is deprecated since 0.2 and will be removed in 0.3;"
            f" pass a state: actions.{function}(state)",
            DeprecationWarning,
            stacklevel=3,
        )
        return state
    return state.pack


def num_actions(state: State) -> int:
    """The size of the decision space: every id is in ``range(num_actions(state))`` (for ``state.pack``)."""
    return len(_encoding(_pack_of(state, "num_actions")).actions)


def num_chance_outcomes(state: State) -> int:
    """The size of the chance-outcome space (for ``state.pack``)."""
    return len(_encoding(_pack_of(state, "num_chance_outcomes")).chances)


def move_to_action(state: State, move: Move) -> int:
    """The id of a decision (one of the menus of ``legal_moves``) in the encoding of ``state``'s pack.

    Raises:
        InvalidMoveError: if ``move`` is not exactly a Trismaugistus move (class and field types,
            as `check_move` decides), or is a chance outcome or a report that no menu offers.
    """
    return SHAPES.lookup(_encoding(state.pack).action_ids, move, "Trismaugistus decision with an action id")


def action_to_move(state: State, action: int) -> Move:
    """The decision with id ``action`` in the encoding of ``state``'s pack.

    Raises:
        InvalidMoveError: if ``action`` is not an ``int`` in ``range(num_actions(state))`` (a ``bool``,
            a float or a numpy integer is refused).
    """
    actions = _encoding(state.pack).actions
    return actions[check_id(action, len(actions), "Trismaugistus action id")]


def move_to_chance(state: State, move: Move) -> int:
    """The id of a chance outcome (as ``chance_outcomes`` offers it) in the encoding of ``state``'s pack.

    Raises:
        InvalidMoveError: if ``move`` is not exactly a Trismaugistus move, or is a decision,
            ``ObjectiveDieRaw``, or an outcome naming an id that is not in the pack.
    """
    return SHAPES.lookup(_encoding(state.pack).chance_ids, move, "Trismaugistus chance outcome with an id")


def chance_to_move(state: State, outcome: int) -> Move:
    """The chance outcome with id ``outcome`` in the encoding of ``state``'s pack.

    Raises:
        InvalidMoveError: if ``outcome`` is not an ``int`` in ``range(num_chance_outcomes(state))``.
    """
    chances = _encoding(state.pack).chances
    return chances[check_id(outcome, len(chances), "Trismaugistus chance outcome id")]


class _LegalIds:
    """The decision id of each move object the engine hands out, for one pack, looked up by identity.

    The menus of `legal_moves` are made of shared move objects (each menu part is cached), so
    `id(move)` in a dict of ints finds a legal move's id for a third of the cost of `move_to_action`,
    which checks the move's exact shape and hashes the frozen record by value. The table learns
    each object the first time `move_to_action` names it, and keeps the object (so that its id
    cannot be reused while the table lives); past `_MAX_LEARNT` objects it stops learning and
    the others are looked up by value. Moves from the engine need no exact-type check.
    """

    def __init__(self, pack: Pack) -> None:
        self.size = len(_encoding(pack).actions)
        self.by_identity: dict[int, int] = {}
        self.learnt: list[Move] = []

    def learn(self, state: State, move: Move) -> int:
        action = move_to_action(state, move)
        if len(self.learnt) < _MAX_LEARNT:
            self.learnt.append(move)  # first kept, then named: an id in the dict is always held
            self.by_identity[id(move)] = action
        return action


_MAX_LEARNT: Final = 8192
"""The most move objects a `_LegalIds` learns (a pack's menus share a few hundred)."""


@functools.lru_cache(maxsize=16)  # keyed by the immutable pack
def _legal_ids(pack: Pack) -> _LegalIds:
    return _LegalIds(pack)


def _check_state(state: object, what: str) -> State:
    if type(state) is not State:
        raise InvalidStateError(f"{what}: expected a trismaugistus State, not {brief(state)}")
    return state


def legal_action_ids(state: State) -> list[int]:
    """The ids of the legal decisions of ``state``, ascending; empty at a chance node and at the end.

    The same ids as ``sorted(move_to_action(state, m) for m in legal_moves(state))`` (OpenSpiel's
    ``legal_actions``), without checking the engine's own moves as a caller's.

    Raises:
        InvalidStateError: ``state`` is not a Trismaugistus `State`.
    """
    table = _legal_ids(_check_state(state, "legal_action_ids").pack)
    known = table.by_identity.get
    ids: list[int] = []
    for move in legal_moves(state):
        action = known(id(move))
        ids.append(table.learn(state, move) if action is None else action)
    return sorted(ids)


def legal_action_mask(state: State, out: object = None) -> Int8Array:
    """The legal decisions of ``state`` as a ``numpy.int8`` array of ``num_actions(state)`` (1 = legal).

    All zero at a chance node (the automa's draws and dice: nobody decides) and once the game is
    over, as ``legal_moves`` is empty there.

    Args:
        state: a Trismaugistus state.
        out: ``None`` for a new array, or a writeable C-contiguous ``int8`` array of shape
            ``(num_actions(state),)`` to write into (it is cleared first).

    Returns:
        The array written (``out`` itself when given).

    Raises:
        InvalidStateError: ``state`` is not a Trismaugistus `State`.
        InvalidRequestError: ``out`` is not such an array.
        ImportError: numpy is not installed (the ``arrays`` extra).
    """
    table = _legal_ids(_check_state(state, "legal_action_mask").pack)
    row = int8_row(out, table.size, "legal_action_mask")
    known = table.by_identity.get
    # One store per legal move: a Python loop of stores beats one fancy-index store
    # (`row[ids] = 1`) up to about 25 moves, and a menu holds 2 to 18 (7 on average; 144 once, at
    # the setup).
    for move in legal_moves(state):
        action = known(id(move))
        row[table.learn(state, move) if action is None else action] = 1
    return row


def max_game_length(state: State, max_turns: int = DEFAULT_MAX_TURNS) -> int:
    """An upper bound on the atomic moves of a game cut off once ``state.turn`` reaches ``max_turns``.

    Without a cut-off there is no bound (see the module docstring).  The bound
    counts: the setup, the three round-start reports and the masterpiece draw;
    every draft (3 a round), experiment, artifact and objective the human can
    take once each; and, for each of the ``max_turns`` completed turns plus the
    turn in progress, the most atomic moves one turn can hold: an automa turn
    is a card draw, up to two purple cards per purple card in the deck (before
    and after a reshuffle) each with its black die, and an artifact die, which
    is more than the human's one end-of-turn report.

    Raises:
        InvalidOptionError: if ``max_turns`` is not an integer >= 0.
    """
    pack = _pack_of(state, "max_game_length")
    if type(max_turns) is not int or not 0 <= max_turns <= MAX_TURN:
        raise InvalidOptionError(f"max_turns must be an integer in 0..{MAX_TURN}, not {brief(max_turns)}")
    board_experiments = sum(1 for e in pack.experiments if e.stage != "starting")
    board_artifacts = sum(1 for a in pack.artifacts if not a.starting)
    purples = max(OBJECTIVE_PURPLE_COUNT.values())
    fixed = 1 + ROUNDS + 1
    human = ROUNDS * DICE_PER_ROUND + board_experiments + board_artifacts + OBJECTIVE_ROW_SIZE
    per_turn = 1 + 2 * purples * 2 + 1
    return fixed + human + (max_turns + 1) * per_turn
