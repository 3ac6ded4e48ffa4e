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
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Final

import attrs

from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.core.wire import check_player
from tabletop_rules.trismaugistus.content.records import Pack
from tabletop_rules.trismaugistus.state import DieOnTracker, State
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

__all__ = ["observation_tensor", "observation_tensor_size"]

_PHASES: Final = ("setup", "round_start", "play", "scoring", "over")
_SIDES: Final = ("human", "automa")
_PENDING: Final = ("card", "objective_die", "artifact_die", "masterpiece")
_DIE: Final = 1 + len(FACES) + len(COLOURS) + 2 + len(SYMBOLS)  # 17
_SCORE_STEPS: Final = 6


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


def _squash(x: int, k: float) -> float:
    return x / (x + k) if x > 0 else 0.0


class _Writer:
    """Appends the blocks of the layout in order."""

    def __init__(self) -> None:
        self.out: list[float] = []

    def one_hot(self, size: int, index: int | None) -> None:
        block = [0.0] * size
        if index is not None:
            block[index] = 1.0
        self.out += block

    def bits(self, size: int, indices: Mapping[str, int], ids: object) -> None:
        block = [0.0] * size
        for card in ids:  # type: ignore[attr-defined]
            block[indices[card]] = 1.0
        self.out += block

    def die(self, die: DieOnTracker | None) -> None:
        if die is None:
            self.out += [0.0] * _DIE
            return
        self.out.append(1.0)
        self.one_hot(len(FACES), FACE_INDEX[die.face])
        self.one_hot(len(COLOURS), COLOUR_INDEX[die.colour])
        self.out += [die.placed / 5, die.remaining / 5]
        symbol = None if die.matched_symbol is None else SYMBOLS.index(die.matched_symbol)
        self.one_hot(len(SYMBOLS), symbol)


def observation_tensor(state: State, player: int = 0) -> tuple[float, ...]:
    """The whole state as `observation_tensor_size(state)` floats in `[0, 1]` (layout above).

    Raises:
        InvalidRequestError: if `player` is not 0 (the human reporter; the game has one player).
    """
    check_player(player, 1)
    lay = _layout(state.pack)
    c, e, m, a = len(lay.cards), len(lay.experiments), len(lay.masterpieces), len(lay.artifacts)
    w = _Writer()
    # the flow
    w.one_hot(5, _PHASES.index(state.phase))
    w.one_hot(3, state.difficulty - 1 if state.difficulty else None)
    w.out.append(1.0 if state.objectives_enabled else 0.0)
    w.one_hot(4, state.round)
    w.out.append(_squash(state.turn, 20))
    w.one_hot(2, _SIDES.index(state.first_player))
    w.one_hot(2, _SIDES.index(state.to_move))
    w.out += [1.0 if state.human_finished else 0.0, 1.0 if state.automa_finished else 0.0]
    w.one_hot(3, 0 if state.first_finisher is None else 1 + _SIDES.index(state.first_finisher))
    w.out.append(state.human_dice / 3)
    w.bits(e, lay.experiments, state.human_experiments)
    w.bits(a, lay.artifacts, state.human_artifacts)
    # the automa
    auto = state.automa
    w.out += [_squash(auto.vp, 10), _squash(auto.gold, 10), _squash(auto.ether, 10)]
    w.out += [lvl / top if top else 0.0 for lvl, top in zip(auto.levels, lay.max_levels, strict=True)]
    w.one_hot(4, ELEMENT_INDEX[auto.tiebreak_track])
    start = auto.starting_experiment
    w.one_hot(e, None if start is None else lay.experiments[start])
    w.bits(e, lay.experiments, auto.experiments)
    w.bits(a, lay.artifacts, auto.artifacts)
    w.die(auto.active_die)
    exhausted = [0.0] * (len(FACES) * len(COLOURS))
    for face, colour in auto.exhausted:
        exhausted[FACE_INDEX[face] * len(COLOURS) + COLOUR_INDEX[colour]] += 1 / 3
    w.out += exhausted
    w.out.append(auto.dice_used / 3)
    w.bits(c, lay.cards, auto.draw_pile)
    w.bits(c, lay.cards, auto.discard)
    w.one_hot(c, lay.cards[auto.discard[-1]] if auto.discard else None)
    w.bits(c, lay.cards, auto.held_purples)
    # the board mirror
    board = state.board
    w.out += [n / 5 for bowl in board.bowls for n in bowl]
    areas = [0.0] * (len(FACES) * e)
    for face_index, area in enumerate(board.areas):
        for experiment in area:
            areas[lay.experiments[experiment] * len(FACES) + face_index] = 1.0
    w.out += areas
    w.bits(a, lay.artifacts, (x for offer in board.offers for x in offer))
    for position in range(4):
        slot = board.objectives[position] if position < len(board.objectives) else None
        w.one_hot(len(lay.objectives), None if slot is None else lay.objectives[slot.card_id])
        w.out += [0.0, 0.0] if slot is None else [1.0 if slot.face_up else 0.0, slot.cubes / 3]
    bonus = [0.0] * lay.bonus_size
    for element, spaces in zip(ELEMENTS, board.bonus_layout, strict=True):
        for space in spaces:
            at = lay.bonus_offsets[ELEMENT_INDEX[element]] + space.level * len(BONUS_KINDS)
            bonus[at + BONUS_KINDS.index(space.kind)] = 1.0
    w.out += bonus
    w.bits(m, lay.masterpieces, state.masterpiece_deck)
    # the pending chance event
    pending = state.pending
    w.one_hot(4, None if pending is None else _PENDING.index(pending.kind))
    card = None if pending is None or pending.card_id is None else lay.cards[pending.card_id]
    w.one_hot(c, card)
    w.die(None if pending is None else pending.die)
    # the final score
    score = state.score
    if score is None:
        w.out += [0.0] * (1 + _SCORE_STEPS)
    else:
        steps = [*score.steps, *[0] * _SCORE_STEPS][:_SCORE_STEPS]
        w.out += [_squash(score.total, 50), *(_squash(max(x, 0), 50) for x in steps)]
    assert len(w.out) == lay.size, "the Trismaugistus tensor layout is inconsistent"
    return tuple(w.out)
