"""The numpy forms of the Chrononauts encodings, written straight from the state (the `arrays` extra).

`observation_array` and `information_state_array` give exactly the numbers of
`tensors.observation_tensor` and `tensors.information_state_tensor` (the layout
documented there) as a `numpy.float32` row, written into `out` when given; the
`_batch` forms encode many states into an `(N, size)` array and the `_seats` forms
every seat of one state. `tensors` re-exports them all.

**Privacy.** The tuple functions are built from `observation` (the `View`), so
they cannot see what the viewer may not. These functions skip the `View` for speed
and read the state, but only what a `View` holds: every seat's hand *size*, never
another seat's hand, ID or Mission (the winner's goal cards only once the game is
over, C-WIN-5); the size of the ID and Mission piles, never their cards; of the
goal cards queued at the bottom of a pile, only those revealed or put there by the
viewer (C-RULING-28); the draw pile's size, and its cards only while the viewer
searches it (Quick Trip to the Future, C-VIEW-4); the size of a hand set aside by
Perform a "Miracle"; and of the history, the public text of every line but the
viewer's own private lines (C-VIEW-5). Every cache below is keyed by what the
viewer sees (their seat is part of the key of anything private), so a row never
depends on anything else; a test checks that states differing only in another
seat's hidden cards give equal rows, and that every row equals the tuple function's.

**Speed.** Everything that depends only on the card list and the player count is
built once per game context (`_Encoder`: offsets, the byte blocks of empty
sections, the value of *n* copies of each card type). A row is then joined from
`bytes` blocks, each the encoding of one part of the state cached under that part
(the TimeLine, the tableaux, the discard pile, the goal-card piles, the viewer's
own cards, the result), since successive states share those parts; the few values
that change on most moves (seats, phase, turn, pile and hand sizes, the pending
card) are written into the row one by one. The history summary is never
rescanned: the counts through each history chunk are cached, and the counts of
the last tail read under a chunk are counted on by the lines added since
(`history_counts`). The caches are bounded dictionaries, emptied when full,
holding `bytes` and tuples, and the history summary's running counts, which only
one thread at a time holds; nothing reachable from a state is cached or changed,
and two threads at worst compute the same block twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from tabletop_rules.chrononauts.array_blocks import BY_CONTEXT, Blocks, blocks
from tabletop_rules.chrononauts.frames import Harvest, MiracleEnd, Window
from tabletop_rules.chrononauts.legality import current_player
from tabletop_rules.chrononauts.state import PHASE_NAMES, State
from tabletop_rules.chrononauts.tensor_layout import (
    PHASES,
    information_state_tensor_size,
    observation_tensor_size,
)
from tabletop_rules.core.arrays import FloatArray, batch, every_seat, row_view
from tabletop_rules.core.errors import InvalidStateError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.wire import check_player

__all__ = [
    "information_state_array",
    "information_state_batch",
    "information_state_seats",
    "observation_array",
    "observation_batch",
    "observation_seats",
]

_PHASE_SLOT: Final = {cls: PHASES.index(name) for cls, name in PHASE_NAMES.items() if name in PHASES}
_OVER: Final = PHASES.index("over")
_OTHER: Final = len(PHASES)


def _check_state(state: object, what: str) -> State:
    if type(state) is not State:
        raise InvalidStateError(f"{what}: expected a chrononauts State, not {brief(state)}")
    return state


def _row(state: object, player: object, out: object, history: bool, what: str) -> FloatArray:
    """The observation (and with `history` the information state) of `player` into a row.

    The parts that successive states share are joined as `float32` bytes, each from the memo of
    the last state read, else from its cache (`array_blocks`), and copied into the row; the values
    that change on most moves are then written one by one through a `memoryview` of the row, which
    costs about half a numpy item assignment (callgrind: 300 against 590 instructions an item).
    """
    if type(state) is not State:
        raise InvalidStateError(f"{what}: expected a chrononauts State, not {brief(state)}")
    ctx = state.ctx
    if type(player) is not int or not 0 <= player < ctx.players:
        check_player(player, ctx.players)  # raises InvalidRequestError with the tuple functions' words
    viewer: int = player  # type: ignore[assignment]
    enc: Blocks | None = BY_CONTEXT.get(id(ctx))
    if enc is None or enc.ctx is not ctx:
        enc = blocks(ctx)
    memo = enc.public_memo
    if (
        memo[0] is state.status
        and memo[1] is state.tableaux
        and memo[2] is state.discard_pile
        and memo[3] == state.alt
    ):
        public = memo[4]
    else:
        public = enc.public(state)
    memo = enc.goals_memo[viewer]
    if (
        memo[0] is state.id_pile
        and memo[1] is state.mission_pile
        and memo[2] is state.id_queue
        and memo[3] is state.mission_queue
        and memo[4] is state.revealed_ids
        and memo[5] is state.solo_ids
        and memo[6] is state.home_row
    ):
        goals = memo[7]
    else:
        goals = enc.goals_part(state, viewer)
    memo = enc.sizes_memo
    sizes = memo[2] if memo[0] is state.draw_pile and memo[1] is state.hands else enc.sizes_part(state)
    result, stack = state.result, state.stack
    top = stack[-1] if stack else None
    searched = enc.no_cards
    if type(top) is Harvest and top.source == "draw" and top.player == viewer and result is None:
        searched = enc.search(state.draw_pile)  # C-VIEW-4: the viewer is searching the draw pile
    ending = enc.unfinished if result is None else enc.ending(state)
    parts = [
        public,
        sizes,
        enc.middle,
        goals,
        enc.no_own,
        searched,
        ending,
    ]
    if history:
        parts.append(enc.history.summary(viewer, state.log))
    encoded, row = row_view(out, bytearray().join(parts), what)
    # The values that change on most moves, one by one.
    p = enc.p
    row[viewer] = 1.0
    actor = current_player(state)
    row[enc.to_act + (actor if type(actor) is int else p)] = 1.0
    if result is not None:
        row[enc.phase + _OVER] = 1.0
    else:
        row[enc.phase + (_PHASE_SLOT.get(type(top), _OTHER) if top is not None else _OTHER)] = 1.0
    row[enc.active + state.active] = 1.0
    turn, cap = state.turn, enc.max_turns
    row[enc.turn] = min(turn / cap, 1.0) if cap is not None else turn / (turn + 50)
    windows = 0
    aside: dict[int, int] | None = None
    for frame in stack:  # the outermost pending card and the Memos over it; the hands set aside
        if type(frame) is Window:
            if not windows:
                row[enc.pending + frame.owner] = 1.0
                play = frame.play
                row[enc.pending + p + enc.deck_index[play.card]] = 1.0
                if play.target is not None and play.target in enc.targets:
                    row[enc.targets[play.target]] = 1.0
            windows += 1
        elif type(frame) is MiracleEnd:
            aside = {} if aside is None else aside
            aside[frame.player] = aside.get(frame.player, 0) + len(frame.aside)
    if windows > 1:
        row[enc.memos] = (windows - 1) / windows
    if aside is not None:
        for owner, n in aside.items():
            row[enc.aside + owner] = min(n / enc.deck_size, 1.0)
    seat = 0 if enc.solo else viewer  # C-VIEW-7: in Solonauts everything but the draw pile is public
    hand, cells = state.hands[seat], enc.hand_cells
    for card in hand:  # each share table reaches the deck's size: no hand holds more copies
        slot, share = cells[card]
        row[slot] = share[hand.count(card)]
    identity, mission = state.ids[seat], state.missions[seat]
    if identity in enc.tables.identities:
        row[enc.identity + enc.tables.identities[identity]] = 1.0
    if mission in enc.tables.missions:
        row[enc.mission + enc.tables.missions[mission]] = 1.0
    row.release()
    return encoded


def observation_array(state: State, player: int, out: object = None) -> FloatArray:
    """`observation_tensor(state, player)` as a `numpy.float32` row, written into `out` if given.

    Raises:
        InvalidStateError: `state` is not a Chrononauts `State`.
        InvalidRequestError: `player` is not a seat of the game (an exact `int`), or `out` is not a
            writeable C-contiguous `float32` array of shape `(observation_tensor_size(state),)`.
        ImportError: numpy is not installed (the `arrays` extra).
    """
    return _row(state, player, out, False, "observation_array")


def information_state_array(state: State, player: int, out: object = None) -> FloatArray:
    """`information_state_tensor(state, player)` as a `numpy.float32` row, written into `out` if given.

    Raises:
        InvalidStateError: `state` is not a Chrononauts `State`.
        InvalidRequestError: `player` is not a seat, or `out` is not a writeable C-contiguous
            `float32` array of shape `(information_state_tensor_size(state),)`.
        ImportError: numpy is not installed (the `arrays` extra).
    """
    return _row(state, player, out, True, "information_state_array")


def _batch(
    encode: Callable[[State, int, Any], object],
    size: Callable[[State], int],
    states: Sequence[State],
    players: Sequence[int] | int,
    out: object,
    what: str,
) -> FloatArray:
    width = 0
    if type(states) in (list, tuple) and states:
        width = size(_check_state(states[0], what))
    return batch(encode, states, players, width, out, what)


def observation_batch(
    states: Sequence[State], players: Sequence[int] | int, out: object = None
) -> FloatArray:
    """Row `k` is `observation_array(states[k], players[k])` (`players` may be one seat for all).

    The states must share a card list and a player count (the rows' size); an empty batch is an
    array of shape `(0, 0)`.

    Raises:
        InvalidStateError: a state is not a Chrononauts `State`.
        InvalidRequestError: `states` is not a list or tuple (of at most `core.arrays.MAX_BATCH`), `players`
            is not a seat or a list or tuple of seats as long, a state's rows have another size, or `out`
            is not a writeable C-contiguous `float32` array of shape `(len(states), size)`.
    """
    return _batch(observation_array, observation_tensor_size, states, players, out, "observation_batch")


def information_state_batch(
    states: Sequence[State], players: Sequence[int] | int, out: object = None
) -> FloatArray:
    """Row `k` is `information_state_array(states[k], players[k])`; as `observation_batch`.

    Raises:
        InvalidStateError: a state is not a Chrononauts `State`.
        InvalidRequestError: as `observation_batch`.
    """
    return _batch(
        information_state_array,
        information_state_tensor_size,
        states,
        players,
        out,
        "information_state_batch",
    )


def observation_seats(state: State, out: object = None) -> FloatArray:
    """Row `seat` is `observation_array(state, seat)`, for every seat: shape `(players, size)`.

    Raises:
        InvalidStateError: `state` is not a Chrononauts `State`.
        InvalidRequestError: `out` is not a writeable C-contiguous `float32` array of that shape.
    """
    checked = _check_state(state, "observation_seats")
    size = observation_tensor_size(checked)
    return every_seat(observation_array, checked, checked.players, size, out, "observation_seats")


def information_state_seats(state: State, out: object = None) -> FloatArray:
    """Row `seat` is `information_state_array(state, seat)`, for every seat: shape `(players, size)`.

    Raises:
        InvalidStateError: `state` is not a Chrononauts `State`.
        InvalidRequestError: `out` is not a writeable C-contiguous `float32` array of that shape.
    """
    checked = _check_state(state, "information_state_seats")
    size = information_state_tensor_size(checked)
    return every_seat(information_state_array, checked, checked.players, size, out, "information_state_seats")
