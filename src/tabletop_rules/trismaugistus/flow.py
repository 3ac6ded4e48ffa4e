"""The automa's side of the flow: its turns, turn order, round ends and final scoring.

Each function takes a :class:`~tabletop_rules.trismaugistus.automa.Work` copy
(or a state) and returns the next state; ``rules.apply`` dispatches to them.
"""

from __future__ import annotations

from typing import Any

import attrs

from tabletop_rules.trismaugistus.automa import Work, choose_die
from tabletop_rules.trismaugistus.moves import ObjectiveDie, ObjectiveDieRaw
from tabletop_rules.trismaugistus.scoring import final_score
from tabletop_rules.trismaugistus.state import Pending, State, TraceLine
from tabletop_rules.trismaugistus.vocabulary import DICE_PER_ROUND, ETHER_BEFORE_ROUND, ROUNDS, Side

__all__ = [
    "artifact_die",
    "begin_automa_turn",
    "card_drawn",
    "final_scoring",
    "next_turn",
    "objective_die",
]


# --- turn order and rounds (B-8, T-ROUND) ------------------------------------------------------------


def next_turn(w: Work, just_played: Side, **changes: Any) -> State:
    """End the turn of ``just_played``: the other side plays next unless it has finished (B-8).

    When both sides have finished, the round ends (T-ROUND) or, after round 3, final scoring starts.
    """
    state = w.freeze(pending=None, turn=w.state.turn + 1, **changes)
    human_done, automa_done = state.human_finished, state.automa_finished
    if human_done and automa_done:
        return _end_round(Work(state), w.trace)
    if just_played == "human":
        side: Side = "human" if automa_done else "automa"
    else:
        side = "automa" if human_done else "human"
    if side == "human":
        return attrs.evolve(state, to_move="human")
    w2 = Work(attrs.evolve(state, to_move="automa"))
    w2.trace = list(w.trace)
    return begin_automa_turn(w2)


def begin_automa_turn(w: Work) -> State:
    """The automa's turn starts: wait for its card (C-1), unless it has finished (T-RULING-16)."""
    state = w.state
    if (
        state.config.automa_finish_timing == "on_next_turn"
        and w.active is None
        and w.dice_used >= DICE_PER_ROUND
    ):
        w.note("T-RULING-16", "the automa would need a fourth die: it has finished the round")
        first = state.first_finisher or "automa"
        return next_turn(w, "automa", automa_finished=True, first_finisher=first)
    return w.freeze(to_move="automa", pending=Pending("card"))


def _end_round(w: Work, trace: list[TraceLine]) -> State:
    state = w.state
    w.trace = list(trace)
    if state.round >= ROUNDS:
        w.note("T-SCORE-1", "round 3 is over: final scoring")
        if not state.masterpiece_deck:
            return final_scoring(w.freeze(phase="scoring"), None, w.trace)
        return w.freeze(phase="scoring", pending=Pending("masterpiece"))
    nxt = state.round + 1
    gain = ETHER_BEFORE_ROUND[nxt]
    w.ether += gain
    clause = "T-ROUND-1" if nxt == 2 else "T-ROUND-2"
    w.note(clause, f"before round {nxt}: ether +{gain} -> {w.ether}")
    first = state.first_finisher or state.first_player
    w.note("T-ROUND-3", f"the {first} finished first and is first player in round {nxt}")
    w.exhausted = []
    w.dice_used = 0
    return w.freeze(
        phase="round_start",
        round=nxt,
        first_player=first,
        to_move="human",
        human_finished=False,
        automa_finished=False,
        first_finisher=None,
        human_dice=0,
        pending=None,
    )


# --- the automa's turn (T-TURN, T-DIE, T-POT, T-ACT, T-OBJ) ---------------------------------------


def _reshuffle_if_empty(w: Work, clause: str) -> None:
    if not w.draw_pile and w.discard:
        w.draw_pile = set(w.discard)
        w.note(
            clause, f"the draw pile is empty: {len(w.discard)} discarded cards shuffled into a new draw pile"
        )
        w.discard = []


def card_drawn(state: State, card_id: str) -> State:
    """Resolve the card the automa drew: a purple card (T-OBJ-4) or sections 1-3 (T-TURN-2)."""
    w = Work(state)
    _reshuffle_if_empty(w, "T-TURN-5")
    n = len(w.draw_pile)
    w.draw_pile.discard(card_id)
    card = state.pack.card[card_id]
    w.note("T-TURN-1", f"automa draws {card_id} ({card.deck}, 1 of {n})")
    if card.deck == "purple":
        return _purple(w, card_id)
    w.note(
        "T-TURN-2",
        f"{card_id}: dice {' '.join(map(str, card.dice))}, cost {card.potency_cost}, {card.action}",
    )
    die = w.active
    if die is None:
        choice = choose_die(tuple((c[0], c[1], c[2]) for c in w.bowls), card, state.config)
        for level, found in choice.levels:
            listing = ", ".join(map(str, found)) or "none"
            clause = {"A": "T-DIE-3", "B": "T-DIE-5", "C": "T-DIE-6", "fallback": "T-RULING-7"}[level]
            w.note(clause, f"level {level} candidates: {listing}")
        if choice.chosen is None:
            return _no_die(w, card_id, choice.reason)
        decided = {"A": "T-DIE-4", "B": "T-DIE-5", "C": "T-DIE-6", "fallback": "T-RULING-7"}[
            choice.level or "A"
        ]
        w.note(decided, f"chosen {choice.chosen.face}/{choice.chosen.colour}: {choice.reason}")
        die = w.take_die(choice, card)
    else:
        w.note("T-DIE-1", f"active die {die} (remaining {die.remaining}): section 1 skipped")
    cost = card.potency_cost
    assert cost is not None
    before = die.remaining
    after = max(before - cost, 0)
    if cost > before:
        w.note(
            "T-POT-3",
            f"potency {before} - cost {cost}: overrun, die exhausted at once; the action still resolves",
        )
    elif after == 0:
        w.note("T-POT-2", f"potency {before} - cost {cost} = 0: die exhausted, moved right")
    else:
        w.note("T-POT-4", f"potency {before} - cost {cost} = {after}: die stays active")
    card_die = attrs.evolve(die, remaining=after)  # T-RULING-9: the action uses this die
    if after == 0:
        w.active = None
        w.exhausted.append((die.face, die.colour))
    else:
        w.active = card_die
    pending = w.do_action(card, card_die)
    if pending is not None:
        return w.freeze(pending=pending)
    return _end_card(w, card_id, exhausted=after == 0)


def _no_die(w: Work, card_id: str, reason: str) -> State:
    """T-RULING-7/8: no die can be taken; the automa has finished the round."""
    state = w.state
    card = state.pack.card[card_id]
    if state.config.no_die_card_handling == "resolve_action_only" and card.action is not None:
        w.note("T-RULING-8", f"no die ({reason}): section 2 skipped, the action resolves without a die")
        if card.action.kind == "take_experiment":
            w.gold += 1
            w.note("T-RULING-8", f"take experiment without a die: gold +1 -> {w.gold}")
        else:
            w.do_action(card, None)
    else:
        w.note("T-RULING-8", f"no die ({reason}): {card_id} is discarded unresolved")
    return _end_card(w, card_id, exhausted=False, finished=True)


def _end_card(w: Work, card_id: str, *, exhausted: bool, finished: bool = False) -> State:
    state = w.state
    w.discard.append(card_id)  # T-TURN-3
    if w.held:
        w.discard.extend(w.held)  # T-RULING-29 end_of_turn
        w.note("T-RULING-29", f"held purple cards {', '.join(w.held)} discarded at the end of the turn")
        w.held = []
    w.note("T-TURN-3", f"{card_id} discarded; {w.money()}")
    if state.config.reshuffle_timing == "on_empty":
        _reshuffle_if_empty(w, "T-RULING-18")
    if (
        exhausted
        and w.dice_used >= DICE_PER_ROUND
        and state.config.automa_finish_timing == "on_third_die_exhausted"
    ):
        w.note("T-RULING-16", "the automa's third die is exhausted: it has finished the round")
        finished = True
    if finished:
        first = state.first_finisher or "automa"
        return next_turn(w, "automa", automa_finished=True, first_finisher=first)
    return next_turn(w, "automa")


def _purple(w: Work, card_id: str) -> State:
    """T-OBJ-4..7: a purple card places a cube, then the automa draws again."""
    state = w.state
    w.note("T-RULING-26", f"{card_id} is purple: its sections are ignored")
    if state.config.purple_discard_timing == "before_extra_draw":
        w.discard.append(card_id)
        w.note("T-RULING-29", f"{card_id} discarded before the extra draw")
        if state.config.reshuffle_timing == "on_empty":
            _reshuffle_if_empty(w, "T-RULING-18")
    else:
        w.held.append(card_id)
    if any(s.face_up for s in w.objectives):
        w.note("T-OBJ-4", "roll the black die for an objective card")
        return w.freeze(pending=Pending("objective_die", card_id))
    w.note("T-RULING-31", "no objective is face up: no roll, no cube")
    w.note("T-OBJ-7", "the automa draws another card")
    return w.freeze(pending=Pending("card"))


def objective_die(state: State, move: ObjectiveDie | ObjectiveDieRaw) -> State:
    """The black die (T-OBJ-4/5, T-RULING-30): a cube, or a re-roll; then the extra draw (T-OBJ-7)."""
    w = Work(state)
    up = [i + 1 for i, s in enumerate(w.objectives) if s.face_up]
    if isinstance(move, ObjectiveDie):
        position: int | None = move.position
        w.note("T-OBJ-4", f"the black die points to position {position}")
    else:
        value = move.value
        if state.config.objective_die_mapping == "row_position":  # T-RULING-30
            position = value if value in up else None
        else:
            position = up[value - 1] if value <= len(up) else None
        if position is None:
            w.note("T-OBJ-5", f"the black die shows {value}: no face-up card there, roll again")
            return w.freeze()
        w.note("T-OBJ-4", f"the black die shows {value}: position {position}")
    assert position is not None
    w.objective_cube(position)
    w.note("T-OBJ-7", "the automa draws another card")
    return w.freeze(pending=Pending("card"))


def artifact_die(state: State, slot: int) -> State:
    """The artifact die of ``artifact_choice="roll_d6"`` chose ``slot``; the card's turn then ends."""
    pending = state.pending
    assert pending is not None
    assert pending.die is not None
    assert pending.card_id is not None
    w = Work(state)
    w.take_artifact_slot(pending.die.colour, slot, f"the die chose slot {slot} (T-RULING-10 roll_d6)")
    return _end_card(w, pending.card_id, exhausted=pending.die.remaining == 0)


def final_scoring(state: State, masterpiece_id: str | None, trace: list[TraceLine] | None = None) -> State:
    """Score the automa with the masterpiece it drew (T-SCORE); the game is over."""
    masterpiece = state.pack.masterpiece[masterpiece_id] if masterpiece_id is not None else None
    result, lines = final_score(state.automa, state.pack, state.config, state.difficulty, masterpiece)
    head = [TraceLine("T-SCORE-1", f"masterpiece drawn: {masterpiece_id}")] if masterpiece_id else []
    lines = [*(trace or []), *head, *lines]
    return attrs.evolve(state, phase="over", pending=None, score=result, trace=tuple(lines))
