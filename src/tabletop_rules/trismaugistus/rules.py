"""The protocol's rules functions: setup, rounds, the human's reports, the automa's turns, chance, scoring.

`tabletop_rules.trismaugistus` re-exports them.  `apply` is pure: it reads the
state, works on a private copy (`automa.Work`) and returns a new state, whose
``trace`` explains what happened, line by line, each line naming its clause.
`check_move` raises with a sentence, `is_legal` answers with a bool and
`apply` does it; the three agree.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

from tabletop_rules.core.errors import (
    GameNotOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
)
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.playout import WeightedOutcomes
from tabletop_rules.core.protocol import CHANCE, Actor
from tabletop_rules.trismaugistus.automa import Work
from tabletop_rules.trismaugistus.content.loader import checked_pack, default_pack
from tabletop_rules.trismaugistus.content.records import Pack
from tabletop_rules.trismaugistus.flow import (
    artifact_die,
    begin_automa_turn,
    card_drawn,
    final_scoring,
    objective_die,
    setup_game,
)
from tabletop_rules.trismaugistus.human import human_move, human_ok, take_ok
from tabletop_rules.trismaugistus.moves import (
    ArtifactDie,
    CardDrawn,
    HumanDraftDie,
    HumanEndTurn,
    HumanTakeArtifact,
    HumanTakeExperiment,
    MasterpieceDrawn,
    Move,
    ObjectiveDie,
    ObjectiveDieRaw,
    ReportBoard,
    ReportFinalScore,
    Setup,
    check_shape,
)
from tabletop_rules.trismaugistus.options import Options
from tabletop_rules.trismaugistus.reports import (
    check_human_move,
    check_report_board,
    check_setup,
    human_turn_menu,
    offered_at_round_start,
    round_start_menu,
    setup_menu,
)
from tabletop_rules.trismaugistus.scoring import check_human_score, report_human_score, winner
from tabletop_rules.trismaugistus.state import BoardMirror, Pending, State, trace_line
from tabletop_rules.trismaugistus.vocabulary import (
    ELEMENTS,
)

__all__ = [
    "RULES_VERSION",
    "apply",
    "automa_score",
    "chance_outcomes",
    "check_move",
    "current_player",
    "is_legal",
    "is_terminal",
    "legal_moves",
    "new_game",
    "outcome",
    "returns",
]

_DEFAULT_OPTIONS: Final = Options()

RULES_VERSION: Final = 2
"""The behaviour version: it changes when the engine's behaviour changes, never on a refactor.

2: the human's final score can be reported (`ReportFinalScore`, the ``score_tie`` option); a report's
sections merge with the mirror in the notation; the one-step experiment advance is traced as T-ACT-3.
"""

def new_game(
    options: Options | Mapping[str, Any] | None = None,
    *,
    players: object = None,
    pack: object = None,
) -> State:
    """A game waiting for its `Setup` move.

    Args:
        options: an `Options`, a dict of its fields, or `None` (the spec's defaults).
        players: 1 (the human reporter) or `None`; the automa is not a player.
        pack: the content pack; defaults to the bundled **fictional** pack (`default_pack`).

    Raises:
        InvalidOptionError: if an option is unknown or out of range, or ``players`` is not 1.
        InvalidContentError: if ``pack`` breaks the schema.
    """
    # a caller's values arrive as `object` and are narrowed here (a compiled build checks annotations)
    if players is not None and (type(players) is not int or players != 1):
        raise InvalidOptionError(f"Trismaugistus is played by 1 player (the human), not {brief(players)}")
    # The default options are one shared (frozen) instance: no re-validation per game, and the caches
    # keyed by options (section_one) compare it by identity.
    chosen = _DEFAULT_OPTIONS if options is None else Options.coerce(options)
    # an explicit pack gets every check of the loader (cached per pack)
    pack = default_pack() if pack is None else checked_pack(pack)
    return _new_game(pack, chosen)


# A pure function of two immutable values, with an immutable result: simulations start game after game
# from the same new game, and `flow.setup_game`'s cache then finds that very state (by identity) instead
# of comparing a fresh one field by field (in a compiled d1 playout, 40 k instructions a game).
@functools.lru_cache(maxsize=64)
def _new_game(pack: Pack, options: Options) -> State:
    return State(pack=pack, options=options)


# --- who acts --------------------------------------------------------------------------------------


def current_player(state: State) -> Actor:
    """0 (the human, reporting) at decisions; CHANCE while the automa draws or rolls; None at the end."""
    if state.phase == "over":
        return None
    if state.pending is not None:
        return CHANCE
    return 0


def is_terminal(state: State) -> bool:
    """True once the final scoring is done."""
    return state.phase == "over"


def returns(state: State) -> tuple[float, ...]:
    """Player 0's return: the human's margin over the automa at the end, else 0.

    The margin is the human's reported score (`ReportFinalScore`) minus the automa's
    total.  Without a report the human's score counts as 0, so the return is minus
    the automa's total (what a simulation without a human minimises).  A tie that
    the ``score_tie`` option gives to one side returns +0.5 (the human's) or -0.5
    (the automa's), so the sign of the return always names the winner.
    """
    score = state.score
    if score is None or state.phase != "over":
        return (0.0,)
    human = score.human_score
    margin = float((human or 0) - score.total)
    if human is not None and margin == 0:
        side = winner(score, state.options.score_tie)
        margin = 0.5 if side == "human" else -0.5 if side == "automa" else 0.0
    return (margin,)


# The last state asked and its menu (one tuple, swapped in one store, so threads never see a state with
# another's menu; it pins that one state), as in Chrononauts: an encoder, an adapter or a search asks for
# the menu of the state the caller has just listed. A Trismaugistus d1 random loop with, at every decision,
# the observation array and the mask counted 1.58x the bare loop's instructions without the memo and 1.48x
# with it, the bare loop itself 0.5 % more; callgrind, `benchmarks/encodings.py --instructions --games 4
# --only "Trismaugistus d1"`.
_LAST: Final[list[tuple[object, tuple[Move, ...]]]] = [(None, ())]


def legal_moves(state: State) -> Sequence[Move]:
    """The human's menu of reports at a decision; empty at chance nodes and at the end (see reports)."""
    last = _LAST[0]
    if last[0] is state:
        return last[1]
    moves = _menu(state)
    _LAST[0] = (state, moves)
    return moves


def _menu(state: State) -> tuple[Move, ...]:
    if state.pending is not None or state.phase == "over":
        return ()
    if state.phase == "setup":
        return setup_menu(state.pack)
    if state.phase == "round_start":
        return round_start_menu(state)
    return human_turn_menu(state)


@functools.lru_cache(maxsize=4096)
def _card_drawn(card_id: str) -> CardDrawn:
    return CardDrawn(card_id=card_id)


@functools.lru_cache(maxsize=8192)  # about 1 KB an entry
def _card_outcomes(pile: frozenset[str]) -> WeightedOutcomes:
    """Every card of ``pile`` equally likely, in card order: weight 1 each out of their number, which is
    also the common denominator of their fractions ``1/n``, so the sampler draws exactly as it would
    from the fractions (the same card for the same seed), without building or comparing any."""
    n = len(pile)
    return WeightedOutcomes(tuple(_card_drawn(c) for c in sorted(pile)), range(1, n + 1), n)


@functools.lru_cache(maxsize=64)
def _objective_outcomes(up: tuple[int, ...]) -> tuple[tuple[Move, Fraction], ...]:
    p = Fraction(1, len(up))
    return tuple((ObjectiveDie(position=i), p) for i in up)


@functools.lru_cache(maxsize=64)
def _masterpiece_outcomes(deck: tuple[str, ...]) -> tuple[tuple[Move, Fraction], ...]:
    p = Fraction(1, len(deck))
    return tuple((MasterpieceDrawn(masterpiece_id=m), p) for m in deck)


_ARTIFACT_OUTCOMES: tuple[tuple[Move, Fraction], ...] = (
    (ArtifactDie(slot=1), Fraction(1, 2)),
    (ArtifactDie(slot=2), Fraction(1, 2)),
)


def chance_outcomes(state: State) -> Sequence[tuple[Move, Fraction]]:
    """Every outcome of the pending chance node with its exact probability (spec 5.2); else empty.

    The same distribution is always the same (cached) sequence, so samplers can reuse their weights; a
    card draw is a `core.WeightedOutcomes`, which `sample_outcome` samples from its integer weights.
    """
    pending = state.pending
    if pending is None:
        return ()
    kind = pending.kind
    if kind == "card":  # C-1, T-RULING-18: an empty pile is reshuffled before the draw
        return _card_outcomes(state.automa.draw_pile or frozenset(state.automa.discard))
    if kind == "objective_die":  # C-2
        return _objective_outcomes(tuple(i + 1 for i, s in enumerate(state.board.objectives) if s.face_up))
    if kind == "artifact_die":  # C-4
        return _ARTIFACT_OUTCOMES
    return _masterpiece_outcomes(state.masterpiece_deck)  # C-3


# --- legality --------------------------------------------------------------------------------------


def _illegal(message: str) -> IllegalMoveError:
    return IllegalMoveError(message)


def check_move(state: State, move: Any) -> None:
    """Raise if ``move`` cannot be applied here, with a sentence saying why.

    Raises:
        InvalidMoveError: if ``move`` is not a move object of this game.
        IllegalMoveError: if it is a move but not acceptable in this state.
    """
    check_shape(move)  # the exact class and field types, before any rule reads them
    if isinstance(move, ReportFinalScore):
        check_human_score(state, move)
        return
    if state.phase == "over":
        raise _illegal("the game is over (only the human's final score can still be reported)")
    pending = state.pending
    if isinstance(move, CardDrawn | ObjectiveDie | ObjectiveDieRaw | MasterpieceDrawn | ArtifactDie):
        if pending is None:
            raise _illegal(f"{brief(move)} is a chance outcome, but no card, die or masterpiece is awaited")
        _check_chance(state, pending, move)
        return
    if pending is not None:
        raise _illegal(f"the engine is waiting for chance ({pending.kind}), not for a report")
    if isinstance(move, Setup):
        check_setup(state, move)
    elif state.phase == "setup":
        raise _illegal("the game starts with its Setup")
    elif isinstance(move, ReportBoard):
        check_report_board(state, move)
    elif state.phase == "round_start":
        raise _illegal(f"round {state.round} starts with the report of the roll")
    else:
        check_human_move(state, move)


def _check_chance(state: State, pending: Pending, move: Any) -> None:
    kinds = {CardDrawn: "card", ObjectiveDie: "objective_die", ObjectiveDieRaw: "objective_die",
             ArtifactDie: "artifact_die", MasterpieceDrawn: "masterpiece"}  # fmt: skip
    if kinds[type(move)] != pending.kind:
        raise _illegal(f"{brief(move)} does not answer the pending {pending.kind}")
    # `check_shape` has refused a wrong type or a value no die shows (a position 1..4, a raw black
    # die 1..6, an artifact slot 1 or 2): what is left depends on the state.
    if isinstance(move, CardDrawn):
        pile = state.automa.draw_pile or frozenset(state.automa.discard)
        if move.card_id not in pile:
            raise _illegal(f"{brief(move.card_id)} is not in the automa's draw pile")
    elif isinstance(move, ObjectiveDie):
        if not state.board.objectives[move.position - 1].face_up:  # a pending die: the row has its 4
            raise _illegal(f"position {move.position} is not a face-up objective")
    elif isinstance(move, MasterpieceDrawn) and move.masterpiece_id not in state.masterpiece_deck:
        raise _illegal(f"{brief(move.masterpiece_id)} is not in the masterpiece deck")


def is_legal(state: State, move: Any) -> bool:
    """Whether `apply` accepts ``move`` in ``state`` (a predicate; never raises)."""
    try:
        check_move(state, move)
    except (IllegalMoveError, InvalidMoveError):
        return False
    return True


# --- apply -----------------------------------------------------------------------------------------


def apply(state: State, move: Move) -> State:
    """The state after ``move``: a human report or a chance outcome.  Never mutates ``state``.

    Raises:
        InvalidMoveError: if ``move`` is not a move of this game.
        IllegalMoveError: if it is not acceptable in this state (the message says why).
    """
    if type(move) is CardDrawn and _card_ok(state, move):
        return card_drawn(state, move.card_id)
    if (type(move) is HumanDraftDie or type(move) is HumanEndTurn) and human_ok(state, move):
        return human_move(state, move)
    if (type(move) is HumanTakeExperiment or type(move) is HumanTakeArtifact) and take_ok(state, move):
        return human_move(state, move)
    if type(move) is ObjectiveDie and _objective_ok(state, move):
        return objective_die(state, move)
    if type(move) is ReportBoard and state.phase == "round_start" and offered_at_round_start(state, move):
        return _report(state, move)  # a report of the round-start menu is valid by construction
    check_move(state, move)  # the full check: raises with a sentence, or accepts a rarer move
    if isinstance(move, Setup):
        return setup_game(state, move)
    if isinstance(move, ReportFinalScore):
        return report_human_score(state, move.points)
    if isinstance(move, ReportBoard):
        return _report(state, move)
    if isinstance(move, CardDrawn):
        return card_drawn(state, move.card_id)
    if isinstance(move, ObjectiveDie | ObjectiveDieRaw):
        return objective_die(state, move)
    if isinstance(move, ArtifactDie):
        return artifact_die(state, move.slot)
    if isinstance(move, MasterpieceDrawn):
        return final_scoring(state, move.masterpiece_id)
    return human_move(state, move)


# Direct predicates for the frequent moves (the same conditions as check_move, without building
# any menu or message); anything they do not accept goes through check_move.


# The fields of a caller's move are read through `Any`, as they are, and then checked exactly (see
# `human.take_ok`).


def _card_ok(state: State, move: CardDrawn) -> bool:
    pending = state.pending
    fields: Any = move
    card_id = fields.card_id
    if pending is None or pending.kind != "card" or state.phase == "over" or type(card_id) is not str:
        return False
    a = state.automa
    return card_id in (a.draw_pile or a.discard)


def _objective_ok(state: State, move: ObjectiveDie) -> bool:
    pending = state.pending
    fields: Any = move
    pos = fields.position
    if pending is None or pending.kind != "objective_die" or state.phase == "over" or type(pos) is not int:
        return False
    slots = state.board.objectives
    return 1 <= pos <= len(slots) and slots[pos - 1].face_up


def _report(state: State, report: ReportBoard) -> State:
    board = state.board
    parts = []
    bowls, areas, offers, objectives, layout = (
        board.bowls, board.areas, board.offers, board.objectives, board.bonus_layout
    )  # fmt: skip
    if report.bowls is not None:
        bowls = report.bowls
        parts.append("bowls")
    if report.experiment_areas is not None:
        areas = report.experiment_areas
        parts.append("areas")
    if report.artifact_offers is not None:
        offers = report.artifact_offers
        parts.append("offers")
    if report.objective_row is not None:
        objectives = report.objective_row
        parts.append("objectives")
    if report.bonus_layout is not None:
        layout = report.bonus_layout
        parts.append("bonus layout")
    round_start = state.phase == "round_start"
    reason = report.reason or ("round_start" if round_start else "correction")
    line = trace_line("", f"board reported ({reason}): {', '.join(parts) or 'nothing'}")
    mirror = BoardMirror(bowls=bowls, areas=areas, offers=offers, objectives=objectives, bonus_layout=layout)
    w = Work(state, board=mirror)
    w.trace.append(line)
    if round_start:
        w.phase = "play"
        w.to_move = state.first_player
        if w.to_move == "automa":
            return begin_automa_turn(w)
    return w.freeze()


# --- the end -----------------------------------------------------------------------------------------

_STEP_FIELDS: Final = (
    "masterpiece_vp",
    "experiments_vp",
    "symbols_vp",
    "formulas_vp",
    "leftovers_vp",
    "tracks_vp",
)


def outcome(state: State) -> dict[str, int | float | str | bool | None]:
    """How a finished game ended, for `tabletop_rules.simulate`: the automa's score and its breakdown.

    Keys: ``score`` (the automa's final total); ``human_score`` (the human's reported
    total, or ``None``), ``winner`` (``"human"``, ``"automa"``, ``"tie"``, or ``None``
    while the human's score is not reported; a tie follows the ``score_tie`` option)
    and ``margin`` (human minus automa, or ``None``); ``vp_track``, the six steps
    ``masterpiece_vp``, ``experiments_vp``, ``symbols_vp``, ``formulas_vp``,
    ``leftovers_vp``, ``tracks_vp``; ``masterpiece`` (its id or ``None``),
    ``masterpiece_resolved``, ``masterpiece_gold``, ``symbols``, ``formulas``,
    ``formulas_bought``; the game's ``difficulty`` and ``objectives`` (on/off);
    the automa's ``experiments`` and ``artifacts`` (counts, starting ones
    included) and its end levels ``level_earth``, ``level_fire``, ``level_water``, ``level_air``.

    Raises:
        GameNotOverError: if the game is not over.
    """
    score = state.score
    if score is None or state.phase != "over":
        raise GameNotOverError("the Trismaugistus game is not over: no outcome yet")
    a = state.automa
    human = score.human_score
    out: dict[str, int | float | str | bool | None] = {
        "score": score.total,
        "human_score": human,
        "winner": None if human is None else winner(score, state.options.score_tie),
        "margin": None if human is None else human - score.total,
        "vp_track": score.vp_track,
    }
    out.update(zip(_STEP_FIELDS, score.steps, strict=True))
    out.update(
        masterpiece=score.masterpiece_id,
        masterpiece_resolved=score.masterpiece_resolved,
        masterpiece_gold=score.masterpiece_gold,
        symbols=score.symbols,
        formulas=score.formulas,
        formulas_bought=score.formulas_bought,
        difficulty=state.difficulty,
        objectives=state.objectives_enabled,
        experiments=len(a.experiments),
        artifacts=len(a.artifacts),
    )
    out.update((f"level_{e}", lvl) for e, lvl in zip(ELEMENTS, a.levels, strict=True))
    return out


def automa_score(state: State) -> int | None:
    """The automa's final score once the game is over, else ``None``."""
    return state.score.total if state.score is not None else None
