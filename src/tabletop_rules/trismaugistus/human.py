"""The human's own turn (B-6..B-8): the direct checks and the state changes of drafts, takes and turn ends.

These are the most frequent reports of a game, so `rules.apply` accepts them
with the direct predicates `human_ok` and `take_ok` (the same conditions as
`reports.check_human_move`, without building a menu or a message) and
`human_move` builds the next state.  A draft or a take changes only the board
mirror, the human's counts and the trace, and the commonest end of turn only
hands over to the automa, so these build the new records directly by keyword
(`_next_state`), without a `Work` copy; the tests check each of them against
the general path on random playouts.
"""

from __future__ import annotations

import functools
from typing import Any, Final

from tabletop_rules.trismaugistus.automa import Work, without_die
from tabletop_rules.trismaugistus.flow import PENDING_CARD, next_turn
from tabletop_rules.trismaugistus.moves import (
    HumanCompleteObjective,
    HumanDraftDie,
    HumanEndTurn,
    HumanTakeArtifact,
    HumanTakeExperiment,
    ObjectiveSlot,
)
from tabletop_rules.trismaugistus.state import BoardMirror, Pending, State, TraceLine, trace_line
from tabletop_rules.trismaugistus.vocabulary import COLOUR_INDEX, DICE_PER_ROUND, FACE_INDEX, Side

__all__ = ["human_move", "human_ok", "take_ok"]


def take_ok(state: State, move: Any) -> bool:
    """The conditions of `check_human_move` for taking an experiment or an artifact (B-6).

    The fields of a caller's move are read through `Any`, as they are, and then checked exactly: a
    typed read (``move.face``, a `str`) would be checked by the compiled build, which raises a bare
    `TypeError` for another type before the exact check can refuse it.
    """
    if state.phase != "play" or state.pending is not None or state.to_move != "human":
        return False
    fields: Any = move
    if type(move) is HumanTakeExperiment:
        key, card, index, groups = fields.face, fields.experiment_id, FACE_INDEX, state.board.areas
    else:
        key, card, index, groups = fields.colour, fields.artifact_id, COLOUR_INDEX, state.board.offers
    if type(key) is not str or type(card) is not str:
        return False
    i = index.get(key)
    return i is not None and card in groups[i]


def human_ok(state: State, move: Any) -> bool:
    """The conditions of `check_human_move` for a draft or an end of turn (B-1, B-5, B-8); the fields
    read through `Any` (see `take_ok`)."""
    if state.phase != "play" or state.pending is not None or state.to_move != "human":
        return False
    fields: Any = move
    if type(move) is HumanEndTurn:
        finished = fields.finished_round
        if finished is False:
            return True
        return finished is True and (
            state.human_dice >= DICE_PER_ROUND or not any(any(c) for c in state.board.bowls)
        )
    face, colour = fields.face, fields.colour
    if type(face) is not str or type(colour) is not str or state.human_dice >= DICE_PER_ROUND:
        return False
    fi = FACE_INDEX.get(face)
    ci = COLOUR_INDEX.get(colour)
    return fi is not None and ci is not None and state.board.bowls[fi][ci] > 0


_END_TURN_TRACE: Final = (trace_line("", "the human ends the turn"),)


@functools.lru_cache(maxsize=64)  # 6 faces x 3 colours; immutable keys and values
def _draft_trace(face: str, colour: str) -> tuple[TraceLine, ...]:
    """The trace of a draft, built once per die (the same text as formatting it each time)."""
    return (trace_line("", f"human drafts {face}/{colour}"),)


def _automa_turn_starts(state: State) -> bool:
    """Whether the human's end of turn hands over to the automa, which then draws (not finishing)."""
    if state.automa_finished:
        return False
    a = state.automa
    # T-RULING-16 on_next_turn: an automa without a die that would need a fourth has finished instead
    return not (
        state.options.automa_finish_timing == "on_next_turn"
        and a.active_die is None
        and a.dice_used >= DICE_PER_ROUND
    )


def _next_state(
    state: State,
    trace: tuple[TraceLine, ...],
    *,
    board: BoardMirror | None = None,
    turn: int | None = None,
    to_move: Side | None = None,
    pending: Pending | None = None,
    human_dice: int | None = None,
    human_experiments: tuple[str, ...] | None = None,
    human_artifacts: tuple[str, ...] | None = None,
) -> State:
    """``state`` after a report of the human's turn: the fields given change, the rest is kept.

    ``pending`` is the new value (the human's turn never waits for chance, so ``None`` keeps it).
    Every field by keyword, through the state's builder (`State._built`; `core.evolve` would read every
    field of the old record first).
    """
    return State._built(
        pack=state.pack,
        options=state.options,
        phase=state.phase,
        difficulty=state.difficulty,
        objectives_enabled=state.objectives_enabled,
        masterpiece_deck=state.masterpiece_deck,
        round=state.round,
        turn=state.turn if turn is None else turn,
        first_player=state.first_player,
        to_move=state.to_move if to_move is None else to_move,
        human_finished=state.human_finished,
        automa_finished=state.automa_finished,
        first_finisher=state.first_finisher,
        human_dice=state.human_dice if human_dice is None else human_dice,
        human_experiments=state.human_experiments if human_experiments is None else human_experiments,
        human_artifacts=state.human_artifacts if human_artifacts is None else human_artifacts,
        automa=state.automa,
        board=state.board if board is None else board,
        pending=pending,
        score=state.score,
        trace=trace,
    )


def _mirror(board: BoardMirror, *, bowls: Any = None, areas: Any = None, offers: Any = None) -> BoardMirror:
    """``board`` with the parts given replaced (by keyword, as `_next_state`)."""
    return BoardMirror(
        bowls=board.bowls if bowls is None else bowls,
        areas=board.areas if areas is None else areas,
        offers=board.offers if offers is None else offers,
        objectives=board.objectives,
        bonus_layout=board.bonus_layout,
    )


def human_move(state: State, move: Any) -> State:
    """The state after a checked report of the human's turn: a draft, a take, an objective, an end."""
    kind = type(move)
    board = state.board
    if kind is HumanDraftDie:
        bowls = without_die(board.bowls, FACE_INDEX[move.face], COLOUR_INDEX[move.colour])
        return _next_state(
            state,
            _draft_trace(move.face, move.colour),
            board=_mirror(board, bowls=bowls),
            human_dice=state.human_dice + 1,
        )
    if kind is HumanEndTurn:
        if not move.finished_round and _automa_turn_starts(state):
            # The most frequent hand-over, without a working copy: the automa waits for its card
            # (B-8, T-TURN-1).  The same state as the general path below (`next_turn`), which the
            # tests check on every hand-over of random playouts.
            return _next_state(
                state, _END_TURN_TRACE, turn=state.turn + 1, to_move="automa", pending=PENDING_CARD
            )
        w = Work(state)
        if move.finished_round:
            w.note("B-1", "the human has finished the round")
            first = state.first_finisher or "human"
            return next_turn(w, "human", human_finished=True, first_finisher=first)
        w.note("", "the human ends the turn")
        return next_turn(w, "human")
    if kind is HumanTakeExperiment:  # only the area, the human's cards and the trace change
        eid = move.experiment_id
        fi = FACE_INDEX[move.face]
        areas = list(board.areas)
        areas[fi] = tuple(e for e in areas[fi] if e != eid)
        return _next_state(
            state,
            (trace_line("", f"human takes experiment {eid}"),),
            board=_mirror(board, areas=tuple(areas)),
            human_experiments=(*state.human_experiments, eid),
        )
    if kind is HumanTakeArtifact:
        aid = move.artifact_id
        ci = COLOUR_INDEX[move.colour]
        offers = list(board.offers)
        offers[ci] = tuple(x for x in offers[ci] if x != aid)
        return _next_state(
            state,
            (trace_line("", f"human takes artifact {aid}"),),
            board=_mirror(board, offers=tuple(offers)),
            human_artifacts=(*state.human_artifacts, aid),
        )
    assert kind is HumanCompleteObjective
    w = Work(state)
    slot = w.objectives[move.position - 1]
    w.objectives[move.position - 1] = ObjectiveSlot(card_id=slot.card_id, face_up=False, cubes=0)
    w.note("T-OBJ-3", f"human completes {slot.card_id} and turns it face down")
    if slot.cubes:
        w.note("T-RULING-32", f"its {slot.cubes} cubes go back to the supply; the automa gets nothing")
    return w.freeze()
