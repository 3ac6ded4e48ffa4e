"""The fixed-size numeric encoding of a Trismaugistus state, for neural networks (pure Python).

Trismaugistus has perfect information (the automa hides nothing), so the
observation of the one player (the human reporter, seat 0) is the whole state.
The size depends only on the content pack: with `C` automa cards, `E`
experiments, `M` masterpieces, `A` artifacts, `O` objectives (pack order) and
`B` = the sum over the four tracks of `3 * (max_level + 1)`, it is
`125 + 5C + 9E + M + 3A + 4O + B` (520 for the fictional example pack).
Every value lies in `[0, 1]`; unbounded counts `x` are squashed as `x / (x + k)`,
which keeps them distinct.

| slice (in order) | size | meaning |
|---|---|---|
| phase | 5 | one-hot: `setup`, `round_start`, `play`, `scoring`, `over` |
| difficulty | 3 | one-hot: 1, 2, 3 (zero before the setup) |
| objectives | 1 | 1 if the objectives module is in play |
| round | 4 | one-hot: 0 (before the first round), 1, 2, 3 |
| turn | 1 | turns completed, `turn / (turn + 20)` |
| first player, to move | 2 + 2 | one-hot each: human, automa |
| finished | 2 | the human has finished the round; the automa has |
| first finisher | 3 | one-hot: none, human, automa |
| human dice | 1 | dice the human drafted this round, `/ 3` |
| human experiments | `E` | 1 for each experiment the human took |
| human artifacts | `A` | 1 for each artifact the human took |
| automa VP, gold, ether | 3 | `x / (x + 10)` each |
| automa levels | 4 | per track (earth, fire, water, air), `level / max_level` |
| tie-break cube | 4 | one-hot track |
| starting experiment | `E` | one-hot |
| automa experiments, artifacts | `E` + `A` | 1 for each one it resolved or took |
| active die | 17 | present; face (6); colour (3); placed, remaining `/ 5`; matched symbol (5) |
| exhausted dice | 18 | per face and colour, count `/ 3` |
| dice used | 1 | this round, `/ 3` |
| automa draw pile | `C` | 1 for each card in it |
| automa discard | `C` + `C` | 1 for each card in it; then its top card, one-hot |
| held purples | `C` | 1 for each purple card held |
| bowls | 18 | dice per face and colour, `/ 5` |
| experiment areas | `6E` | per experiment, the face of the area holding it (one-hot over 6) |
| artifact offers | `A` | 1 for each artifact on offer |
| objective row | `4(O + 2)` | per position 1-4: the objective (one-hot over `O`), face up, cubes `/ 3` |
| bonus layout | `B` | per track, level `0..max_level` and kind (`ether_die`, `vp_5`, `advance_nearest`) |
| masterpiece deck | `M` | 1 for each masterpiece still in it |
| pending chance event | 4 | one-hot kind: `card`, `objective_die`, `artifact_die`, `masterpiece` |
| pending card | `C` | the card being resolved, one-hot |
| pending die | 17 | as the active die |
| final score | 7 | total, then the six steps, `x / (x + 50)` each (zero before the end) |

The options and the trace (the explanation of the last move) are not encoded.

**Numpy forms** (the `arrays` extra): `observation_array(state, player=0, out=None)` writes the
same numbers as `observation_tensor` into a `numpy.float32` row (into `out` when given, so that
a training loop reuses one buffer); `observation_batch(states, players=0, out=None)` writes one
row per state into an `(N, size)` array (the states share a pack; an empty batch has shape
`(0, 0)`), and `observation_seats(state, out=None)` the one seat's row as a `(1, size)` array.
There is no information-state form: the game has perfect information (the automa's draw pile
is a set, its order unknown to everyone, the engine included), so the observation is already
all a player can know, and the history adds nothing a decision can use.

Each block of the table above is built by one function, which both forms share. Speed: the
numpy form joins the blocks as `bytes`, each cached under the part of the state it encodes
(successive states share most parts: the automa's between its turns, the experiment areas, the
artifact offers, the objective row and the bonus layout for many moves), so a row costs a few
dictionary lookups, one join and one copy; the turn and the human's dice count are then
written one by one. The caches are bounded per pack (emptied when full) and hold `bytes` with
the state parts they were built from, which keeps each identity key valid while it is cached.
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar

import attrs

from tabletop_rules.core.arrays import FloatArray, batch, every_seat, row_view
from tabletop_rules.core.errors import InvalidStateError
from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.wire import check_player
from tabletop_rules.trismaugistus.content.records import Pack
from tabletop_rules.trismaugistus.state import AutomaState, DieOnTracker, FinalScore, Pending, State
from tabletop_rules.trismaugistus.vocabulary import (
    BONUS_KINDS,
    COLOUR_INDEX,
    COLOURS,
    ELEMENT_INDEX,
    ELEMENTS,
    FACE_INDEX,
    FACES,
    SYMBOLS,
)

__all__ = [
    "observation_array",
    "observation_batch",
    "observation_seats",
    "observation_tensor",
    "observation_tensor_size",
]

_PHASES: Final = ("setup", "round_start", "play", "scoring", "over")
_SIDES: Final = ("human", "automa")
_PENDING: Final = ("card", "objective_die", "artifact_die", "masterpiece")
_DIE: Final = 1 + len(FACES) + len(COLOURS) + 2 + len(SYMBOLS)  # 17
_SCORE_STEPS: Final = 6
_TURN: Final = 13  # the turn's slot in the flow block
_HUMAN_DICE: Final = 23  # the human's dice, the flow block's last slot
_FLOW: Final = 24  # the flow block's size
_CACHE_SIZE: Final = 512
"""The most entries of each block cache of a pack (a cache is emptied when full)."""

_K = TypeVar("_K")


@attrs.frozen(eq=False)
class _Layout:
    """The index tables of one pack (read-only)."""

    cards: Mapping[str, int]
    experiments: Mapping[str, int]
    masterpieces: Mapping[str, int]
    artifacts: Mapping[str, int]
    objectives: Mapping[str, int]
    max_levels: tuple[int, ...]  # ELEMENTS order
    bonus_offsets: tuple[int, ...]  # ELEMENTS order, from the start of the bonus block
    bonus_size: int
    size: int


def _index(ids: list[str]) -> Mapping[str, int]:
    return frozen_mapping({card: i for i, card in enumerate(ids)})


@functools.lru_cache(maxsize=16)  # keyed by the immutable pack; returns read-only tables
def _layout(pack: Pack) -> _Layout:
    levels = {track.element: track.max_level for track in pack.tracks}
    max_levels = tuple(levels.get(element, 0) for element in ELEMENTS)
    offsets, total = [], 0
    for level in max_levels:
        offsets.append(total)
        total += len(BONUS_KINDS) * (level + 1)
    c, e, m = len(pack.automa_cards), len(pack.experiments), len(pack.masterpieces)
    a, o = len(pack.artifacts), len(pack.objectives)
    return _Layout(
        cards=_index([card.id for card in pack.automa_cards]),
        experiments=_index([x.id for x in pack.experiments]),
        masterpieces=_index([x.id for x in pack.masterpieces]),
        artifacts=_index([x.id for x in pack.artifacts]),
        objectives=_index([x.id for x in pack.objectives]),
        max_levels=max_levels,
        bonus_offsets=tuple(offsets),
        bonus_size=total,
        size=125 + 5 * c + 9 * e + m + 3 * a + 4 * o + total,
    )


def observation_tensor_size(state: State) -> int:
    """The length of `observation_tensor`: it depends only on `state.pack`."""
    return _layout(state.pack).size


def _check_state(state: object, what: str) -> State:
    if type(state) is not State:
        raise InvalidStateError(f"{what}: expected a trismaugistus State, not {brief(state)}")
    return state


# --------------------------------------------------------------------------- the blocks, in order
# Each function gives one stretch of the layout as Python floats; `observation_tensor` joins them,
# `observation_array` caches each as float32 bytes.


def _squash(x: int, k: float) -> float:
    return x / (x + k) if x > 0 else 0.0


def _one_hot(size: int, index: int | None) -> list[float]:
    block = [0.0] * size
    if index is not None:
        block[index] = 1.0
    return block


def _bits(size: int, indices: Mapping[str, int], ids: Any) -> list[float]:
    block = [0.0] * size
    for card in ids:
        block[indices[card]] = 1.0
    return block


def _die(die: DieOnTracker | None) -> list[float]:
    if die is None:
        return [0.0] * _DIE
    symbol = None if die.matched_symbol is None else SYMBOLS.index(die.matched_symbol)
    return [
        1.0,
        *_one_hot(len(FACES), FACE_INDEX[die.face]),
        *_one_hot(len(COLOURS), COLOUR_INDEX[die.colour]),
        die.placed / 5,
        die.remaining / 5,
        *_one_hot(len(SYMBOLS), symbol),
    ]


def _flow(key: tuple[Any, ...]) -> list[float]:
    """Phase to first finisher, with the turn and the human's dice left at zero (`_FLOW` values)."""
    phase, difficulty, objectives, round_no, first, to_move, human_done, automa_done, finisher = key
    return [
        *_one_hot(5, _PHASES.index(phase)),
        *_one_hot(3, difficulty - 1 if difficulty else None),
        1.0 if objectives else 0.0,
        *_one_hot(4, round_no),
        0.0,  # the turn
        *_one_hot(2, _SIDES.index(first)),
        *_one_hot(2, _SIDES.index(to_move)),
        1.0 if human_done else 0.0,
        1.0 if automa_done else 0.0,
        *_one_hot(3, 0 if finisher is None else 1 + _SIDES.index(finisher)),
        0.0,  # the human's dice
    ]


def _flow_key(state: State) -> tuple[Any, ...]:
    return (
        state.phase,
        state.difficulty,
        state.objectives_enabled,
        state.round,
        state.first_player,
        state.to_move,
        state.human_finished,
        state.automa_finished,
        state.first_finisher,
    )


def _human(lay: _Layout, key: tuple[tuple[str, ...], tuple[str, ...]]) -> list[float]:
    experiments, artifacts = key
    return [
        *_bits(len(lay.experiments), lay.experiments, experiments),
        *_bits(len(lay.artifacts), lay.artifacts, artifacts),
    ]


def _automa_keys(auto: AutomaState) -> tuple[tuple[Any, ...], ...]:
    """The automa's four sub-blocks' keys: resources, cards taken, dice, card piles (layout order)."""
    return (
        (auto.vp, auto.gold, auto.ether, auto.levels, auto.tiebreak_track),
        (auto.starting_experiment, auto.experiments, auto.artifacts),
        (auto.active_die, auto.exhausted, auto.dice_used),
        (auto.draw_pile, auto.discard, auto.held_purples),
    )


def _automa_resources(lay: _Layout, key: tuple[Any, ...]) -> list[float]:
    vp, gold, ether, levels, tiebreak = key
    return [
        _squash(vp, 10),
        _squash(gold, 10),
        _squash(ether, 10),
        *(lvl / top if top else 0.0 for lvl, top in zip(levels, lay.max_levels, strict=True)),
        *_one_hot(4, ELEMENT_INDEX[tiebreak]),
    ]


def _automa_cards(lay: _Layout, key: tuple[Any, ...]) -> list[float]:
    start, experiments, artifacts = key
    e = len(lay.experiments)
    return [
        *_one_hot(e, None if start is None else lay.experiments[start]),
        *_bits(e, lay.experiments, experiments),
        *_bits(len(lay.artifacts), lay.artifacts, artifacts),
    ]


def _automa_dice(lay: _Layout, key: tuple[Any, ...]) -> list[float]:
    active, exhausted, used = key
    counts = [0.0] * (len(FACES) * len(COLOURS))
    for face, colour in exhausted:
        counts[FACE_INDEX[face] * len(COLOURS) + COLOUR_INDEX[colour]] += 1 / 3
    return [*_die(active), *counts, used / 3]


def _automa_piles(lay: _Layout, key: tuple[Any, ...]) -> list[float]:
    draw, discard, held = key
    c = len(lay.cards)
    return [
        *_bits(c, lay.cards, draw),
        *_bits(c, lay.cards, discard),
        *_one_hot(c, lay.cards[discard[-1]] if discard else None),
        *_bits(c, lay.cards, held),
    ]


_AUTOMA_PARTS: Final = (_automa_resources, _automa_cards, _automa_dice, _automa_piles)


def _automa(lay: _Layout, auto: AutomaState) -> list[float]:
    """Resources, levels, tie-break, experiments, artifacts, dice and the four card piles."""
    return [x for build, key in zip(_AUTOMA_PARTS, _automa_keys(auto), strict=True) for x in build(lay, key)]


def _bowls(lay: _Layout, bowls: tuple[tuple[int, ...], ...]) -> list[float]:
    return [n / 5 for bowl in bowls for n in bowl]


def _areas(lay: _Layout, areas: tuple[tuple[str, ...], ...]) -> list[float]:
    block = [0.0] * (len(FACES) * len(lay.experiments))
    for face_index, area in enumerate(areas):
        for experiment in area:
            block[lay.experiments[experiment] * len(FACES) + face_index] = 1.0
    return block


def _offers(lay: _Layout, offers: tuple[tuple[str, ...], ...]) -> list[float]:
    return _bits(len(lay.artifacts), lay.artifacts, (x for offer in offers for x in offer))


def _objective_row(lay: _Layout, row: tuple[Any, ...]) -> list[float]:
    block: list[float] = []
    for position in range(4):
        slot = row[position] if position < len(row) else None
        block += _one_hot(len(lay.objectives), None if slot is None else lay.objectives[slot.card_id])
        block += [0.0, 0.0] if slot is None else [1.0 if slot.face_up else 0.0, slot.cubes / 3]
    return block


def _bonus(lay: _Layout, layout: tuple[tuple[Any, ...], ...]) -> list[float]:
    block = [0.0] * lay.bonus_size
    for element, spaces in zip(ELEMENTS, layout, strict=True):
        for space in spaces:
            at = lay.bonus_offsets[ELEMENT_INDEX[element]] + space.level * len(BONUS_KINDS)
            block[at + BONUS_KINDS.index(space.kind)] = 1.0
    return block


def _masterpieces(lay: _Layout, deck: tuple[str, ...]) -> list[float]:
    return _bits(len(lay.masterpieces), lay.masterpieces, deck)


def _pending(lay: _Layout, pending: Pending | None) -> list[float]:
    card = None if pending is None or pending.card_id is None else lay.cards[pending.card_id]
    return [
        *_one_hot(4, None if pending is None else _PENDING.index(pending.kind)),
        *_one_hot(len(lay.cards), card),
        *_die(None if pending is None else pending.die),
    ]


def _score(score: FinalScore | None) -> list[float]:
    if score is None:
        return [0.0] * (1 + _SCORE_STEPS)
    steps = [*score.steps, *[0] * _SCORE_STEPS][:_SCORE_STEPS]
    return [_squash(score.total, 50), *(_squash(max(x, 0), 50) for x in steps)]


def observation_tensor(state: State, player: int = 0) -> tuple[float, ...]:
    """The whole state as `observation_tensor_size(state)` floats in `[0, 1]` (layout above).

    Raises:
        InvalidStateError: if `state` is not a Trismaugistus `State`.
        InvalidRequestError: if `player` is not 0 (the human reporter; the game has one player).
    """
    _check_state(state, "observation_tensor")
    check_player(player, 1)
    lay = _layout(state.pack)
    board = state.board
    flow = _flow(_flow_key(state))
    flow[_TURN] = _squash(state.turn, 20)
    flow[_HUMAN_DICE] = state.human_dice / 3
    out = [
        *flow,
        *_human(lay, (state.human_experiments, state.human_artifacts)),
        *_automa(lay, state.automa),
        *_bowls(lay, board.bowls),
        *_areas(lay, board.areas),
        *_offers(lay, board.offers),
        *_objective_row(lay, board.objectives),
        *_bonus(lay, board.bonus_layout),
        *_masterpieces(lay, state.masterpiece_deck),
        *_pending(lay, state.pending),
        *_score(state.score),
    ]
    assert len(out) == lay.size, "the Trismaugistus tensor layout is inconsistent"
    return tuple(out)


# --------------------------------------------------------------------------- numpy forms


class _Blocks:
    """The float32 bytes of each block of one pack's layout, cached under the state part encoded.

    The flow, the human's cards and the bowls are keyed by value (small tuples); the automa and
    the other parts by identity (one cache per block: two blocks may hold the same object, the
    empty tuple say), with the part kept beside its bytes so that its id cannot be reused while
    the entry lives (an equal but distinct part is encoded again, correctly).
    """

    def __init__(self, lay: _Layout) -> None:
        self.lay = lay
        self.flow: dict[tuple[Any, ...], bytes] = {}
        self.human: dict[tuple[tuple[str, ...], tuple[str, ...]], bytes] = {}
        self.bowls: dict[tuple[tuple[int, ...], ...], bytes] = {}
        self.automa: dict[int, tuple[Any, bytes]] = {}
        self.automa_parts: tuple[dict[Any, bytes], ...] = ({}, {}, {}, {})
        self.areas: dict[int, tuple[Any, bytes]] = {}
        self.offers: dict[int, tuple[Any, bytes]] = {}
        self.objectives: dict[int, tuple[Any, bytes]] = {}
        self.bonus: dict[int, tuple[Any, bytes]] = {}
        self.masterpieces: dict[int, tuple[Any, bytes]] = {}
        self.no_pending = _floats(_pending(lay, None))
        self.no_score = _floats(_score(None))

    def by_value(self, cache: dict[_K, bytes], key: _K, build: Callable[[_Layout, _K], list[float]]) -> bytes:
        found = cache.get(key)
        if found is None:
            if len(cache) >= _CACHE_SIZE:
                cache.clear()
            found = cache[key] = _floats(build(self.lay, key))
        return found

    def by_identity(
        self, cache: dict[int, tuple[Any, bytes]], part: _K, build: Callable[[_Layout, _K], list[float]]
    ) -> bytes:
        found = cache.get(id(part))
        if found is not None and found[0] is part:
            return found[1]
        if len(cache) >= _CACHE_SIZE:
            cache.clear()
        block = _floats(build(self.lay, part))
        cache[id(part)] = (part, block)
        return block

    def automa_block(self, auto: AutomaState) -> bytes:
        """The automa's block: by identity, else joined from its four sub-blocks (by value).

        An automa turn makes a new `AutomaState` but changes only some of its parts (its
        resources and card piles, say), so the others are found again.
        """
        found = self.automa.get(id(auto))
        if found is not None and found[0] is auto:
            return found[1]
        if len(self.automa) >= _CACHE_SIZE:
            self.automa.clear()
        parts = zip(self.automa_parts, _automa_keys(auto), _AUTOMA_PARTS, strict=True)
        block = b"".join([self.by_value(cache, key, build) for cache, key, build in parts])
        self.automa[id(auto)] = (auto, block)
        return block


def _floats(values: list[float]) -> bytes:
    return array("f", values).tobytes()


@functools.lru_cache(maxsize=16)  # keyed by the immutable pack; holds bounded caches of bytes
def _blocks(pack: Pack) -> _Blocks:
    return _Blocks(_layout(pack))


def observation_array(state: State, player: int = 0, out: object = None) -> FloatArray:
    """`observation_tensor(state, player)` as a `numpy.float32` array of `observation_tensor_size(state)`.

    Args:
        state: a Trismaugistus state.
        player: 0, the human reporter (the game's one seat).
        out: `None` for a new array, or a writeable C-contiguous `float32` array of shape
            `(observation_tensor_size(state),)` to write into (all of it is overwritten).

    Returns:
        The array written (`out` itself when given): the same numbers as `observation_tensor`.

    Raises:
        InvalidStateError: `state` is not a Trismaugistus `State`.
        InvalidRequestError: `player` is not 0, or `out` is not such an array.
        ImportError: numpy is not installed (the `arrays` extra).
    """
    _check_state(state, "observation_array")
    check_player(player, 1)
    blocks = _blocks(state.pack)
    by_value, by_identity = blocks.by_value, blocks.by_identity
    board = state.board
    pending, score = state.pending, state.score
    parts = [
        by_value(blocks.flow, _flow_key(state), _flow_of),
        by_value(blocks.human, (state.human_experiments, state.human_artifacts), _human),
        blocks.automa_block(state.automa),
        by_value(blocks.bowls, board.bowls, _bowls),
        by_identity(blocks.areas, board.areas, _areas),
        by_identity(blocks.offers, board.offers, _offers),
        by_identity(blocks.objectives, board.objectives, _objective_row),
        by_identity(blocks.bonus, board.bonus_layout, _bonus),
        by_identity(blocks.masterpieces, state.masterpiece_deck, _masterpieces),
        blocks.no_pending if pending is None else _floats(_pending(blocks.lay, pending)),
        blocks.no_score if score is None else _floats(_score(score)),
    ]
    encoded, row = row_view(out, bytearray().join(parts), "observation_array")
    if state.turn:
        row[_TURN] = _squash(state.turn, 20)
    if state.human_dice:
        row[_HUMAN_DICE] = state.human_dice / 3
    row.release()
    return encoded


def _flow_of(lay: _Layout, key: tuple[Any, ...]) -> list[float]:
    return _flow(key)


def observation_batch(
    states: Sequence[State], players: Sequence[int] | int = 0, out: object = None
) -> FloatArray:
    """Row `k` is `observation_array(states[k], players[k])` (`players` may be one seat for all).

    The states must share a pack (the rows' size is its `observation_tensor_size`); an empty batch
    is an array of shape `(0, 0)`.

    Raises:
        InvalidStateError: a state is not a Trismaugistus `State`.
        InvalidRequestError: `states` is not a list or tuple (of at most `core.arrays.MAX_BATCH`),
            `players` is not 0 or a list or tuple of zeros as long, a state's rows have another size
            (another pack), or `out` is not a writeable C-contiguous `float32` array of shape
            `(len(states), size)`.
    """
    width = 0
    if type(states) in (list, tuple) and states:
        width = observation_tensor_size(_check_state(states[0], "observation_batch"))
    return batch(observation_array, states, players, width, out, "observation_batch")


def observation_seats(state: State, out: object = None) -> FloatArray:
    """The observation of the one seat as a `(1, observation_tensor_size(state))` array.

    Raises:
        InvalidStateError: `state` is not a Trismaugistus `State`.
        InvalidRequestError: `out` is not a writeable C-contiguous `float32` array of that shape.
    """
    size = observation_tensor_size(_check_state(state, "observation_seats"))
    return every_seat(observation_array, state, 1, size, out, "observation_seats")
