"""``validate(state)``: every invariant the rules imply, checked on a whole state.

`serialization.from_json` runs it on every state it reads, and the shared
conformance suite (`tabletop_rules.testing.check_playout`) runs it after every
move.  It raises `InvalidStateError` naming the broken invariant; it never
raises anything else, whatever the state holds.

The invariants, by area:

* **flow**: the phase, round, difficulty and turn are in range; before
  ``Setup`` everything is blank; a chance node is pending exactly when the
  automa acts (or the masterpiece is drawn); the round-start state has no dice
  taken and nobody finished; at most one side has finished during play, never
  the side to move, and ``first_finisher`` names a side that finished; the
  score exists exactly once the game is over and adds up.
* **dice**: every bowl holds 0..5 dice in non-negative counts; the automa has
  taken at most 3 dice this round, each either exhausted or the active die
  (``dice_used == len(exhausted) + (active die)``); the active die has
  ``1 <= remaining <= placed <= 5``; the human has drafted at most 3 dice.
* **tracks**: four levels, each within ``0..max_level``; the tie-break cube on
  a track; the bonus layout is four tracks of distinct rising levels of known
  kinds.
* **automa deck**: the draw pile, the discard pile and the held purple cards
  are disjoint and, with the card whose artifact die is pending, hold exactly
  the deck of the difficulty (the preset's green and yellow cards, plus as many
  purple cards as T-OBJ-2 adds with objectives, none without).
* **cards on the table**: an experiment is in at most one of the areas, the
  automa's experiments and the human's; areas hold board experiments, only at
  faces with an area; the same for artifacts (offers hold board artifacts of
  their colour, at most ``artifact_slots_per_colour``); the automa's first
  artifact is a starting one; the objective row has 4 different objectives
  with the module on (0 without), with 0..2 cubes face up and 0..3 face down.
"""

from __future__ import annotations

from typing import Any, NoReturn

from tabletop_rules.core.errors import IllegalMoveError, InvalidStateError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.trismaugistus.moves import MAX_REPORTED_SCORE
from tabletop_rules.trismaugistus.reports import check_bonus_layout
from tabletop_rules.trismaugistus.state import (
    MAX_SCORE,
    MAX_TALLY,
    MAX_TRACE_LINES,
    MAX_TRACE_TEXT,
    MAX_TURN,
    AutomaState,
    BoardMirror,
    State,
    TraceLine,
)
from tabletop_rules.trismaugistus.vocabulary import (
    COLOURS,
    DICE_PER_ROUND,
    ELEMENTS,
    FACES,
    MAX_BOWL,
    MAX_POTENCY,
    OBJECTIVE_PURPLE_COUNT,
    OBJECTIVE_ROW_SIZE,
    ROUNDS,
    SYMBOLS,
)

__all__ = ["validate"]

_PHASES = ("setup", "round_start", "play", "scoring", "over")
_SIDES = ("human", "automa")
_PENDING = ("card", "objective_die", "artifact_die", "masterpiece")
_BLANK_AUTOMA = AutomaState()
_BLANK_BOARD = BoardMirror()


def _bad(message: str) -> NoReturn:
    raise InvalidStateError(f"invalid Trismaugistus state: {message}")


def _is_int(v: Any, low: int, high: int | None = None) -> bool:
    return type(v) is int and v >= low and (high is None or v <= high)


def validate(state: State) -> None:
    """Check every invariant of ``state`` (see the module docstring).

    Raises:
        InvalidStateError: naming the first broken invariant.
    """
    if not isinstance(state, State):
        _bad(f"{type(state).__name__} is not a Trismaugistus State")
    try:
        _validate(state)
    except InvalidStateError:
        raise
    except (TypeError, AttributeError, KeyError, IndexError, ValueError) as exc:
        _bad(f"malformed field ({type(exc).__name__}: {exc})")


def _validate(s: State) -> None:
    if s.phase not in _PHASES:
        _bad(f"unknown phase {brief(s.phase)}")
    if s.first_player not in _SIDES or s.to_move not in _SIDES:
        _bad("first_player and to_move must be 'human' or 'automa'")
    if s.first_finisher is not None and s.first_finisher not in _SIDES:
        _bad("first_finisher must be 'human', 'automa' or None")
    for name in ("human_finished", "automa_finished", "objectives_enabled"):
        if type(getattr(s, name)) is not bool:
            _bad(f"{name} must be a bool")
    if not _is_int(s.turn, 0, MAX_TURN):
        _bad(f"turn must be an integer from 0 to {MAX_TURN}")
    _check_trace(s)
    if s.phase == "setup":
        _check_blank(s)
        return
    if not _is_int(s.difficulty, 1, 3):
        _bad(f"difficulty {brief(s.difficulty)} is not 1, 2 or 3")
    if not _is_int(s.round, 1, ROUNDS):
        _bad(f"round {brief(s.round)} is not 1 to {ROUNDS}")
    if s.round == 1 and s.first_player != "human":
        _bad("the human is first player in round 1 (T-SETUP-3)")
    _check_flow(s)
    _check_dice(s)
    _check_tracks(s)
    _check_deck(s)
    _check_table(s)
    _check_score(s)


def _check_trace(s: State) -> None:
    trace = s.trace
    if type(trace) is not tuple or len(trace) > MAX_TRACE_LINES:
        _bad(f"the trace is a tuple of at most {MAX_TRACE_LINES} lines")
    for line in trace:
        if type(line) is not TraceLine or type(line.clause) is not str or type(line.text) is not str:
            _bad("a trace line is a TraceLine(clause: str, text: str)")
        if len(line.clause) > MAX_TRACE_TEXT or len(line.text) > MAX_TRACE_TEXT:
            _bad(f"a trace line has at most {MAX_TRACE_TEXT} characters")
        try:
            line.clause.encode("utf-8")
            line.text.encode("utf-8")
        except UnicodeEncodeError:
            _bad("a trace line holds a lone surrogate (it could not be written as UTF-8)")


def _check_blank(s: State) -> None:
    if (
        s.difficulty != 0
        or s.round != 0
        or s.turn != 0
        or s.pending is not None
        or s.score is not None
        or s.automa != _BLANK_AUTOMA
        or s.board != _BLANK_BOARD
        or s.masterpiece_deck
        or s.human_dice != 0
        or s.human_experiments
        or s.human_artifacts
        or s.human_finished
        or s.automa_finished
        or s.first_finisher is not None
        or s.objectives_enabled
    ):
        _bad("before Setup the game must be blank")


def _check_flow(s: State) -> None:
    pending = s.pending
    if pending is not None and pending.kind not in _PENDING:
        _bad(f"unknown pending chance node {brief(pending.kind)}")
    if s.phase == "round_start":
        if pending is not None or s.to_move != "human":
            _bad("at the start of a round the human reports the roll; nothing is pending")
        a = s.automa
        if s.human_finished or s.automa_finished or s.first_finisher is not None:
            _bad("nobody has finished a round that has not started")
        if s.human_dice or a.dice_used or a.exhausted or a.active_die is not None:
            _bad("no die has been taken in a round that has not started")
    elif s.phase == "play":
        if (pending is not None) != (s.to_move == "automa"):
            _bad("during play, chance is pending exactly on the automa's turn")
        if pending is not None and pending.kind == "masterpiece":
            _bad("the masterpiece is drawn only at final scoring")
        if s.human_finished and s.automa_finished:
            _bad("the round is over when both sides have finished")
        if (s.to_move == "human" and s.human_finished) or (s.to_move == "automa" and s.automa_finished):
            _bad(f"the {s.to_move} has finished the round but is to move")
    else:  # scoring, over
        if s.round != ROUNDS or not (s.human_finished and s.automa_finished):
            _bad(f"phase {brief(s.phase)} comes after both sides finished round {ROUNDS}")
        if s.phase == "scoring" and (pending is None or pending.kind != "masterpiece"):
            _bad("final scoring waits for the masterpiece draw")
        if s.phase == "over" and pending is not None:
            _bad("nothing is pending once the game is over")
    if pending is not None and pending.kind == "masterpiece" and not s.masterpiece_deck:
        _bad("a masterpiece draw is pending but the masterpiece deck is empty")
    finished = {"human": s.human_finished, "automa": s.automa_finished}
    if (s.first_finisher is None) != (not s.human_finished and not s.automa_finished):
        _bad("first_finisher is set exactly when a side has finished the round")
    if s.first_finisher is not None and not finished[s.first_finisher]:
        _bad(f"first_finisher {brief(s.first_finisher)} has not finished the round")


def _check_die(die: Any, where: str, *, active: bool) -> None:
    if die.face not in FACES or die.colour not in COLOURS:
        _bad(f"{where} is not a die face and colour")
    if not _is_int(die.placed, 1, MAX_POTENCY) or not _is_int(die.remaining, 1 if active else 0, die.placed):
        _bad(
            f"{where}: potency must satisfy {'1' if active else '0'} <= remaining <= placed <= {MAX_POTENCY}"
        )
    if die.matched_symbol is not None and die.matched_symbol not in SYMBOLS:
        _bad(f"{where}: matched symbol {brief(die.matched_symbol)} is not a symbol")


def _check_dice(s: State) -> None:
    bowls = s.board.bowls
    if type(bowls) is not tuple or len(bowls) != len(FACES):
        _bad("the board must have six bowls")
    for face, counts in zip(FACES, bowls, strict=True):
        if type(counts) is not tuple or len(counts) != len(COLOURS) or any(not _is_int(n, 0) for n in counts):
            _bad(f"the {face} bowl must hold three dice counts >= 0")
        if sum(counts) > MAX_BOWL:
            _bad(f"the {face} bowl holds more than {MAX_BOWL} dice")
    a = s.automa
    if not _is_int(a.dice_used, 0, DICE_PER_ROUND) or not _is_int(s.human_dice, 0, DICE_PER_ROUND):
        _bad(f"a side has taken more than {DICE_PER_ROUND} dice this round")
    for face_colour in a.exhausted:
        if len(face_colour) != 2 or face_colour[0] not in FACES or face_colour[1] not in COLOURS:
            _bad("an exhausted die must be (face, colour)")
    if a.active_die is not None:
        _check_die(a.active_die, "the active die", active=True)
    if a.dice_used != len(a.exhausted) + (a.active_die is not None):
        _bad("every die the automa took this round is exhausted or active (dice conservation)")
    if s.pending is not None and s.pending.die is not None:
        _check_die(s.pending.die, "the pending die", active=False)
    if s.phase == "play" and a.dice_used >= DICE_PER_ROUND and a.active_die is None:
        _check_no_fourth_die(s)
    for name in ("vp", "gold", "ether"):
        if not _is_int(getattr(a, name), 0, MAX_TALLY):
            _bad(f"the automa's {name} must be an integer from 0 to {MAX_TALLY}")


def _check_no_fourth_die(s: State) -> None:
    """T-RULING-16: an automa whose three dice are exhausted has finished the round, or is about to.

    Under ``automa_finish_timing="on_third_die_exhausted"`` it finishes with the card that
    exhausts its third die: only that card's artifact die may still be pending.  Under
    ``"on_next_turn"`` it finishes when its next turn begins, so it never waits for a card then.
    """
    pending = s.pending
    die = None if pending is None or pending.kind != "artifact_die" else pending.die
    if s.automa_finished or (die is not None and die.remaining == 0):
        return
    if s.options.automa_finish_timing == "on_third_die_exhausted" or s.to_move == "automa":
        _bad(f"the automa's {DICE_PER_ROUND} dice are exhausted, but it has not finished (T-RULING-16)")


def _check_tracks(s: State) -> None:
    a = s.automa
    pack = s.pack
    if type(a.levels) is not tuple or len(a.levels) != len(ELEMENTS):
        _bad("the automa has one level per mastery track")
    for element, level in zip(ELEMENTS, a.levels, strict=True):
        top = pack.track[element].max_level
        if not _is_int(level, 0, top):
            _bad(f"the {element} level {brief(level)} is not within 0..{top}")
    if a.tiebreak_track not in ELEMENTS:
        _bad("the tie-break cube must be on a mastery track")
    try:
        check_bonus_layout(pack, s.board.bonus_layout, "the bonus layout")
    except IllegalMoveError as exc:
        _bad(str(exc))


def _check_deck(s: State) -> None:
    a = s.automa
    pack = s.pack
    cards = pack.card
    piles = (("draw pile", tuple(a.draw_pile)), ("discard pile", a.discard), ("held cards", a.held_purples))
    seen: set[str] = set()
    for name, ids in piles:
        for c in ids:
            if c not in cards:
                _bad(f"{brief(c)} in the automa's {name} is not an automa card")
            if c in seen:
                _bad(f"{c} is in two places of the automa deck")
            seen.add(c)
    pending = s.pending
    if pending is not None and pending.card_id is not None and pending.card_id not in cards:
        _bad(f"the pending card {brief(pending.card_id)} is not an automa card")
    if pending is not None and pending.kind == "artifact_die":
        if pending.card_id is None or pending.die is None:
            _bad("an artifact die needs its card and die")
        if pending.card_id in seen:
            _bad(f"the card being resolved, {pending.card_id}, is also in a pile")
        seen.add(pending.card_id)
    elif (
        pending is not None
        and pending.kind == "objective_die"
        and not any(slot.face_up for slot in s.board.objectives)
    ):
        _bad("a black-die roll is pending but no objective is face up")
    if pending is not None and pending.kind == "card" and not a.draw_pile and not a.discard:
        _bad("a card draw is pending but the draw and discard piles are empty")
    preset = pack.preset[s.difficulty]
    expected = {*preset.draw_deck, *preset.face_up_discard}
    purples = {c for c in seen if cards[c].deck == "purple"}
    if seen - purples != expected:
        _bad(f"the automa deck does not hold the difficulty-{s.difficulty} cards exactly once")
    wanted = OBJECTIVE_PURPLE_COUNT[s.difficulty] if s.objectives_enabled else 0
    if len(purples) != wanted:
        _bad(f"the automa deck holds {len(purples)} purple cards, not {wanted} (T-OBJ-2)")
    if a.held_purples and any(cards[c].deck != "purple" for c in a.held_purples):
        _bad("only purple cards are held until the end of the turn")


def _distinct(groups: list[tuple[str, Any]], what: str) -> None:
    seen: dict[str, str] = {}
    for where, ids in groups:
        for x in ids:
            if type(x) is not str:
                _bad(f"{where} holds {brief(x)}, not an id")
            if x in seen:
                _bad(f"{what} {x} is both in {seen[x]} and in {where}")
            seen[x] = where


def _check_table(s: State) -> None:
    pack = s.pack
    a = s.automa
    board = s.board
    # experiments
    start = a.starting_experiment
    if start is None or start not in pack.experiment or pack.experiment[start].stage != "starting":
        _bad(f"the automa's starting experiment {brief(start)} is not a starting experiment")
    if (start in a.experiments) != s.options.starting_experiment_resolved:
        _bad("the starting experiment is among the resolved ones exactly under T-RULING-5")
    if type(board.areas) is not tuple or len(board.areas) != len(FACES):
        _bad("the board must have six experiment areas")
    faces = pack.board.experiment_area_faces
    for face, ids in zip(FACES, board.areas, strict=True):
        if ids and face not in faces:
            _bad(f"the {face} bowl has no experiment area")
        for e in ids:
            if e not in pack.experiment or pack.experiment[e].stage == "starting":
                _bad(f"{brief(e)} in the {face} area is not a board experiment")
    for e in (*a.experiments, *s.human_experiments):
        if e not in pack.experiment or (e != start and pack.experiment[e].stage == "starting"):
            _bad(f"{brief(e)} is not an experiment that can be taken")
    _distinct(
        [("the automa's experiments", a.experiments), ("the human's experiments", s.human_experiments)]
        + [(f"the {f} area", ids) for f, ids in zip(FACES, board.areas, strict=True)],
        "experiment",
    )
    # artifacts
    if not a.artifacts or a.artifacts[0] not in pack.artifact or not pack.artifact[a.artifacts[0]].starting:
        _bad("the automa's first artifact is its starting artifact")
    for x in (*a.artifacts[1:], *s.human_artifacts):
        if x not in pack.artifact or pack.artifact[x].starting:
            _bad(f"{brief(x)} is not a board artifact")
    if type(board.offers) is not tuple or len(board.offers) != len(COLOURS):
        _bad("the board must have three artifact offers")
    for colour, ids in zip(COLOURS, board.offers, strict=True):
        if len(ids) > pack.board.artifact_slots_per_colour:
            _bad(f"the {colour} offer holds more than {pack.board.artifact_slots_per_colour} artifacts")
        for x in ids:
            if x not in pack.artifact or pack.artifact[x].starting or pack.artifact[x].colour != colour:
                _bad(f"{brief(x)} is not a {colour} board artifact")
    _distinct(
        [("the automa's artifacts", a.artifacts), ("the human's artifacts", s.human_artifacts)]
        + [(f"the {c} offer", ids) for c, ids in zip(COLOURS, board.offers, strict=True)],
        "artifact",
    )
    # objectives
    row = board.objectives
    if len(row) != (OBJECTIVE_ROW_SIZE if s.objectives_enabled else 0):
        _bad("the objective row has 4 cards with the objectives module, none without")
    if len({slot.card_id for slot in row}) != len(row):
        _bad("an objective is twice in the row")
    for slot in row:
        if slot.card_id not in pack.objective:
            _bad(f"{brief(slot.card_id)} is not an objective")
        if type(slot.face_up) is not bool or not _is_int(slot.cubes, 0, 2 if slot.face_up else 3):
            side = "up" if slot.face_up else "down"
            _bad(f"the objective {slot.card_id} has {brief(slot.cubes)} cubes face {side}")
    # masterpieces
    deck = s.masterpiece_deck
    if len(set(deck)) != len(deck) or any(m not in pack.masterpiece for m in deck):
        _bad("the masterpiece deck must list different masterpieces of the pack")


def _check_score(s: State) -> None:
    score = s.score
    if (score is not None) != (s.phase == "over"):
        _bad("the score is set exactly when the game is over")
    if score is None:
        return
    if (
        type(score.steps) is not tuple
        or len(score.steps) != 6
        or any(not _is_int(x, 0, MAX_SCORE) for x in score.steps)
    ):
        _bad(f"the score lists the VP of the six steps, each from 0 to {MAX_SCORE}")
    for name in ("masterpiece_gold", "symbols", "formulas", "formulas_bought"):
        if not _is_int(getattr(score, name), 0, MAX_SCORE):
            _bad(f"the score's {name} must be an integer from 0 to {MAX_SCORE}")
    if type(score.masterpiece_resolved) is not bool:
        _bad("the score's masterpiece_resolved must be a bool")
    if score.vp_track != s.automa.vp or score.total != score.vp_track + sum(score.steps):
        _bad("the score's total is the automa's VP track plus the six steps")
    if score.human_score is not None and not _is_int(score.human_score, 0, MAX_REPORTED_SCORE):
        _bad(f"the human's reported score must be an integer from 0 to {MAX_REPORTED_SCORE}")
    if score.masterpiece_id is not None and score.masterpiece_id not in s.pack.masterpiece:
        _bad(f"the scored masterpiece {brief(score.masterpiece_id)} is not in the pack")
