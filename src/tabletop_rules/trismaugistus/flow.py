"""The flow of a game: setup, the automa's turns, turn order, round ends and final scoring.

Each function takes a `Work` copy (or a state) and returns the next state;
`rules.apply` dispatches to them.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from tabletop_rules.core.frozen import evolve, frozen_mapping
from tabletop_rules.trismaugistus.automa import Work
from tabletop_rules.trismaugistus.automa_choice import section_one
from tabletop_rules.trismaugistus.content.records import Pack
from tabletop_rules.trismaugistus.moves import ObjectiveDie, ObjectiveDieRaw, ObjectiveSlot, Setup
from tabletop_rules.trismaugistus.reports import layout_from_pack, tiebreak_of
from tabletop_rules.trismaugistus.scoring import final_score
from tabletop_rules.trismaugistus.state import (
    BoardMirror,
    DieOnTracker,
    Pending,
    State,
    TraceLine,
    trace_line,
)
from tabletop_rules.trismaugistus.vocabulary import (
    DICE_PER_ROUND,
    ETHER_BEFORE_ROUND,
    OBJECTIVE_PURPLE_COUNT,
    ROUNDS,
    STARTING_ETHER,
    Side,
)

PENDING_CARD = Pending(kind="card")
PENDING_MASTERPIECE = Pending(kind="masterpiece")

__all__ = [
    "artifact_die",
    "begin_automa_turn",
    "card_drawn",
    "final_scoring",
    "next_turn",
    "objective_die",
    "setup_game",
]


# --- setup (T-SETUP) ---------------------------------------------------------------------------------


def setup_game(state: State, setup: Setup) -> State:
    """The game after its (checked) `Setup`: the automa set up, waiting for the round-1 roll (T-SETUP)."""
    return _setup_game(state, setup)


# A pure function of two immutable values, with an immutable result: simulations start game after game
# from the same new game and the same setup, and share the state after it instead of rebuilding it.
@functools.lru_cache(maxsize=64)
def _setup_game(state: State, setup: Setup) -> State:
    pack = state.pack
    options = state.options
    d = setup.difficulty
    preset = pack.preset[d]
    draw = set(preset.draw_deck)
    discard = list(preset.face_up_discard)
    purples: tuple[str, ...] = ()
    if setup.objectives_enabled:  # T-OBJ-2, T-RULING-27, T-RULING-28
        purples = setup.objective_purple_ids or pack.cards_of("purple")[: OBJECTIVE_PURPLE_COUNT[d]]
        if d == 3 and options.level3_purple_placement == "face_up_discard":
            discard.extend(purples)
        else:
            draw.update(purples)
    layout = setup.bonus_layout if setup.bonus_layout is not None else layout_from_pack(pack)
    row = tuple(ObjectiveSlot(card_id=o) for o in setup.objective_row)
    base = evolve(
        state,
        difficulty=d,
        objectives_enabled=setup.objectives_enabled,
        masterpiece_deck=tuple(m.id for m in pack.masterpieces if m.id not in setup.masterpieces_unavailable),
        board=BoardMirror(objectives=row, bonus_layout=layout),
        automa=evolve(state.automa, starting_experiment=setup.starting_experiment),
    )
    w = Work(base)
    w.ether = STARTING_ETHER
    w.tiebreak = tiebreak_of(pack, setup)
    w.draw_pile = frozenset(draw)
    w.discard = tuple(discard)
    w.artifacts = (setup.starting_artifact,)
    w.note("T-SETUP-1", "automa VP 0; T-SETUP-2: every mastery marker on level 0")
    w.note("T-SETUP-3", "turn order: the human is first player in round 1, the automa second")
    w.note("T-SETUP-4", f"tracker card with {STARTING_ETHER} ether die, no gold")
    deck_text = f"draw pile {len(draw)} cards" + (
        f", {len(discard)} face up in the discard pile" if discard else ""
    )
    clause = {1: "T-SETUP-11", 2: "T-SETUP-10", 3: "T-SETUP-12"}[d]
    w.note(
        clause,
        f"difficulty {d}: {deck_text}" + (f" (with purple {', '.join(purples)}, T-OBJ-2)" if purples else ""),
    )
    w.note(
        "T-SETUP-6",
        f"starting experiment {setup.starting_experiment}, starting artifact {setup.starting_artifact}",
    )
    w.note("T-SETUP-7", f"tie-break cube on {w.tiebreak}")
    if options.starting_experiment_resolved:  # T-RULING-5
        w.experiments = (setup.starting_experiment,)
    req = pack.experiment[setup.starting_experiment].requirement
    w.note("T-SETUP-9", f"advance {req.track} to meet {req}")
    w.move_marker(req.track, req.level, bonuses=options.setup_advance_triggers_bonuses)
    w.phase = "round_start"
    w.round = 1
    w.first_player = "human"
    w.to_move = "human"
    return w.freeze()


# --- turn order and rounds (B-8, T-ROUND) ------------------------------------------------------------


def next_turn(
    w: Work,
    just_played: Side,
    *,
    human_finished: bool | None = None,
    automa_finished: bool | None = None,
    first_finisher: Side | None = None,
) -> State:
    """End the turn of ``just_played``: the other side plays next unless it has finished (B-8).

    When both sides have finished, the round ends (T-ROUND) or, after round 3,
    final scoring starts.  The whole hand-over is worked on ``w``, so only one
    new state is built.
    """
    w.pending = None
    w.turn += 1
    if human_finished is not None:
        w.human_finished = human_finished
    if automa_finished is not None:
        w.automa_finished = automa_finished
    if first_finisher is not None:
        w.first_finisher = first_finisher
    human_done, automa_done = w.human_finished, w.automa_finished
    if human_done and automa_done:
        return _end_round(w)
    if just_played == "human":
        side: Side = "human" if automa_done else "automa"
    else:
        side = "automa" if human_done else "human"
    w.to_move = side
    if side == "human":
        return w.freeze()
    return begin_automa_turn(w)


def begin_automa_turn(w: Work) -> State:
    """The automa's turn starts: wait for its card (C-1), unless it has finished (T-RULING-16)."""
    if (
        w.options.automa_finish_timing == "on_next_turn"
        and w.active is None
        and w.dice_used >= DICE_PER_ROUND
    ):
        w.note("T-RULING-16", "the automa would need a fourth die: it has finished the round")
        first = w.first_finisher or "automa"
        return next_turn(w, "automa", automa_finished=True, first_finisher=first)
    w.to_move = "automa"
    w.pending = PENDING_CARD
    return w.freeze()


def _end_round(w: Work) -> State:
    state = w.state
    if w.round >= ROUNDS:
        w.note("T-SCORE-1", "round 3 is over: final scoring")
        w.phase = "scoring"
        if not state.masterpiece_deck:
            w.pending = None
            return final_scoring(w.freeze(), None, w.trace)
        w.pending = PENDING_MASTERPIECE
        return w.freeze()
    nxt = w.round + 1
    gain = ETHER_BEFORE_ROUND[nxt]
    w.ether += gain
    clause = "T-ROUND-1" if nxt == 2 else "T-ROUND-2"
    w.note(clause, f"before round {nxt}: ether +{gain} -> {w.ether}")
    first = w.first_finisher or w.first_player
    w.note("T-ROUND-3", f"the {first} finished first and is first player in round {nxt}")
    w.exhausted = ()
    w.dice_used = 0
    w.phase = "round_start"
    w.round = nxt
    w.first_player = first
    w.to_move = "human"
    w.human_finished = False
    w.automa_finished = False
    w.first_finisher = None
    w.human_dice = 0
    w.pending = None
    return w.freeze()


# --- the automa's turn (T-TURN, T-DIE, T-POT, T-ACT, T-OBJ) ---------------------------------------


@functools.lru_cache(maxsize=16)  # keyed by the immutable pack; returns a read-only mapping
def _card_lines(pack: Pack) -> Mapping[str, TraceLine]:
    """The T-TURN-2 trace line of each card (its three sections), built once per pack."""
    return frozen_mapping(
        {
            c.id: trace_line(
                "T-TURN-2", f"{c.id}: dice {' '.join(map(str, c.dice))}, cost {c.potency_cost}, {c.action}"
            )
            for c in pack.automa_cards
        }
    )


def _reshuffle_if_empty(w: Work, clause: str) -> None:
    if not w.draw_pile and w.discard:
        w.draw_pile = frozenset(w.discard)
        w.note(
            clause, f"the draw pile is empty: {len(w.discard)} discarded cards shuffled into a new draw pile"
        )
        w.discard = ()


# The frequent trace lines, memoised on their parameters (same text as formatting them each time).


@functools.lru_cache(maxsize=2048)
def _draw_line(card_id: str, deck: str, n: int) -> TraceLine:
    return trace_line("T-TURN-1", f"automa draws {card_id} ({deck}, 1 of {n})")


@functools.lru_cache(maxsize=256)
def _active_line(face: str, colour: str, remaining: int) -> TraceLine:
    return trace_line("T-DIE-1", f"active die {face}/{colour} (remaining {remaining}): section 1 skipped")


@functools.lru_cache(maxsize=256)
def _potency_line(before: int, cost: int) -> TraceLine:
    after = max(before - cost, 0)
    if cost > before:
        return trace_line(
            "T-POT-3",
            f"potency {before} - cost {cost}: overrun, die exhausted at once; the action still resolves",
        )
    if after == 0:
        return trace_line("T-POT-2", f"potency {before} - cost {cost} = 0: die exhausted, moved right")
    return trace_line("T-POT-4", f"potency {before} - cost {cost} = {after}: die stays active")


@functools.lru_cache(maxsize=8192)
def _discard_line(card_id: str, vp: int, gold: int, ether: int) -> TraceLine:
    return trace_line("T-TURN-3", f"{card_id} discarded; VP {vp}, gold {gold}, ether {ether}")


def card_drawn(state: State, card_id: str) -> State:
    """Resolve the card the automa drew: a purple card (T-OBJ-4) or sections 1-3 (T-TURN-2)."""
    w = Work(state)
    _reshuffle_if_empty(w, "T-TURN-5")
    n = len(w.draw_pile)
    w.draw_pile = w.draw_pile - {card_id}
    card = state.pack.card[card_id]
    w.trace.append(_draw_line(card_id, card.deck, n))
    if card.deck == "purple":
        return _purple(w, card_id)
    w.trace.append(_card_lines(state.pack)[card_id])
    die = w.active
    if die is None:
        choice, lines = section_one(w.bowls, card_id, state.pack, state.options)
        w.trace.extend(lines)
        if choice.chosen is None:
            return _no_die(w, card_id, choice.reason)
        die = w.take_die(choice, card)
    else:
        w.trace.append(_active_line(die.face, die.colour, die.remaining))
    cost = card.potency_cost
    assert cost is not None
    before = die.remaining
    after = max(before - cost, 0)
    w.trace.append(_potency_line(before, cost))
    # T-RULING-9: the action uses the card's own die (built by keyword: cheaper than `evolve`)
    card_die = DieOnTracker(
        face=die.face,
        colour=die.colour,
        placed=die.placed,
        remaining=after,
        matched_symbol=die.matched_symbol,
    )
    if after == 0:
        w.active = None
        w.exhausted = (*w.exhausted, (die.face, die.colour))
    else:
        w.active = card_die
    pending = w.do_action(card, card_die)
    if pending is not None:
        w.pending = pending
        return w.freeze()
    return _end_card(w, card_id, exhausted=after == 0)


def _no_die(w: Work, card_id: str, reason: str) -> State:
    """T-RULING-7/8: no die can be taken; the automa has finished the round."""
    state = w.state
    card = state.pack.card[card_id]
    if state.options.no_die_card_handling == "resolve_action_only" and card.action is not None:
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
    w.discard = (*w.discard, card_id)  # T-TURN-3
    if w.held:
        w.discard = (*w.discard, *w.held)  # T-RULING-29 end_of_turn
        w.note("T-RULING-29", f"held purple cards {', '.join(w.held)} discarded at the end of the turn")
        w.held = ()
    w.trace.append(_discard_line(card_id, w.vp, w.gold, w.ether))
    if state.options.reshuffle_timing == "on_empty":
        _reshuffle_if_empty(w, "T-RULING-18")
    if (
        exhausted
        and w.dice_used >= DICE_PER_ROUND
        and state.options.automa_finish_timing == "on_third_die_exhausted"
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
    if state.options.purple_discard_timing == "before_extra_draw":
        w.discard = (*w.discard, card_id)
        w.note("T-RULING-29", f"{card_id} discarded before the extra draw")
        if state.options.reshuffle_timing == "on_empty":
            _reshuffle_if_empty(w, "T-RULING-18")
    else:
        w.held = (*w.held, card_id)
    if any(s.face_up for s in w.objectives_view()):
        w.note("T-OBJ-4", "roll the black die for an objective card")
        w.pending = Pending(kind="objective_die", card_id=card_id)
        return w.freeze()
    w.note("T-RULING-31", "no objective is face up: no roll, no cube")
    w.note("T-OBJ-7", "the automa draws another card")
    w.pending = PENDING_CARD
    return w.freeze()


def objective_die(state: State, move: ObjectiveDie | ObjectiveDieRaw) -> State:
    """The black die (T-OBJ-4/5, T-RULING-30): a cube, or a re-roll; then the extra draw (T-OBJ-7)."""
    w = Work(state)
    up = [i + 1 for i, s in enumerate(w.objectives_view()) if s.face_up]
    if isinstance(move, ObjectiveDie):
        position: int | None = move.position
        w.note("T-OBJ-4", f"the black die points to position {position}")
    else:
        value = move.value
        if state.options.objective_die_mapping == "row_position":  # T-RULING-30
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
    w.pending = PENDING_CARD
    return w.freeze()


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
    result, lines = final_score(state.automa, state.pack, state.options, state.difficulty, masterpiece)
    head = [trace_line("T-SCORE-1", f"masterpiece drawn: {masterpiece_id}")] if masterpiece_id else []
    lines = [*(trace or []), *head, *lines]
    return evolve(state, phase="over", pending=None, score=result, trace=tuple(lines))
