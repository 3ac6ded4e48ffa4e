"""Trismaugistus: the fan-made automa for *Trismegistus: The Ultimate Formula*, on the shared protocol.

The engine plays the automa completely (setup at difficulty 1-3, every turn,
rounds, the objectives module, the six-step final scoring).  The human plays
their own rules on the physical board and reports the changes they cause as
moves of player 0 (spec section 1.3); the automa's card draws, the black die,
the optional artifact die and the masterpiece draw are chance nodes with exact
probabilities.  Every automa step leaves a readable, clause-tagged trace on
the state.

Content (automa cards, tracks, experiments ...) comes from a content pack.
Only a **fictional** example pack is bundled; owners transcribe their own
(``python -m tabletop_rules.trismaugistus validate|show PACK.json``).

    >>> from tabletop_rules import trismaugistus as tm
    >>> state = tm.new_game()
    >>> state = tm.apply(state, tm.parse_move(state, "setup d2 exp=FX-S2 art=FX-AS3"))
    >>> state.automa.levels, state.automa.tiebreak_track
    ((0, 0, 1, 0), 'earth')

Reliability and interoperability: :func:`validate` checks every invariant of a
state (``from_json`` and the conformance suite run it); :func:`outcome`
summarises a finished game for :mod:`tabletop_rules.simulate`;
:mod:`tabletop_rules.trismaugistus.actions` gives every decision and chance
outcome a stable integer id (for OpenSpiel).

Returns: the game has one player (the human reporter, player 0); ``returns``
is minus the automa's final score once the game is over (the human's own score
is outside the engine).  :func:`automa_score` gives the score itself.
"""

from __future__ import annotations

from typing import Final

from tabletop_rules.core.errors import IllegalMoveError, InvalidMoveError, InvalidStateError
from tabletop_rules.core.protocol import GameInfo
from tabletop_rules.trismaugistus.automa import DieChoice, choose_die
from tabletop_rules.trismaugistus.moves import (
    ArtifactDie,
    CardDrawn,
    ChanceOutcome,
    HumanCompleteObjective,
    HumanDraftDie,
    HumanEndTurn,
    HumanTakeArtifact,
    HumanTakeExperiment,
    MasterpieceDrawn,
    Move,
    ObjectiveDie,
    ObjectiveDieRaw,
    ObjectiveSlot,
    Report,
    ReportBoard,
    Setup,
)
from tabletop_rules.trismaugistus.notation import format_move, parse_move_text
from tabletop_rules.trismaugistus.options import RULING_FIELDS, TrismaugistusConfig
from tabletop_rules.trismaugistus.pack import (
    FictionalPackWarning,
    Pack,
    PackError,
    example_pack,
    load_pack,
)
from tabletop_rules.trismaugistus.rules import (
    apply,
    chance_outcomes,
    check_move,
    current_player,
    is_legal,
    is_terminal,
    legal_moves,
    new_game,
    returns,
)
from tabletop_rules.trismaugistus.serialization import from_json, to_json
from tabletop_rules.trismaugistus.state import (
    AutomaState,
    BoardMirror,
    DieOnTracker,
    FinalScore,
    Pending,
    State,
    TraceLine,
)
from tabletop_rules.trismaugistus.trace import describe, format_score, format_trace
from tabletop_rules.trismaugistus.validation import validate
from tabletop_rules.trismaugistus.vocabulary import ELEMENTS

__all__ = [
    "GAME_INFO",
    "RULING_FIELDS",
    "ArtifactDie",
    "AutomaState",
    "BoardMirror",
    "CardDrawn",
    "ChanceOutcome",
    "DieChoice",
    "DieOnTracker",
    "FictionalPackWarning",
    "FinalScore",
    "HumanCompleteObjective",
    "HumanDraftDie",
    "HumanEndTurn",
    "HumanTakeArtifact",
    "HumanTakeExperiment",
    "MasterpieceDrawn",
    "Move",
    "ObjectiveDie",
    "ObjectiveDieRaw",
    "ObjectiveSlot",
    "Pack",
    "PackError",
    "Pending",
    "Report",
    "ReportBoard",
    "Setup",
    "State",
    "TraceLine",
    "TrismaugistusConfig",
    "apply",
    "automa_score",
    "chance_outcomes",
    "check_move",
    "choose_die",
    "current_player",
    "describe",
    "example_pack",
    "format_score",
    "format_trace",
    "from_json",
    "is_legal",
    "is_terminal",
    "legal_moves",
    "load_pack",
    "move_to_str",
    "new_game",
    "new_game_with_setup",
    "outcome",
    "parse_move",
    "returns",
    "to_json",
    "validate",
]

GAME_INFO: Final = GameInfo(
    name="trismaugistus",
    title="Trismaugistus (automa for Trismegistus: The Ultimate Formula)",
    min_players=1,
    max_players=1,
    chance=True,
    perfect_information=True,
    zero_sum=False,
    version=1,
)


def move_to_str(state: State, move: Move) -> str:
    """``move`` in the notation of :mod:`~tabletop_rules.trismaugistus.notation` (``state`` is not needed)."""
    del state
    return format_move(move)


def parse_move(state: State, text: str) -> Move:
    """The move that ``text`` names, if it can be applied in ``state``.

    Raises:
        InvalidMoveError: if the text is not in the notation.
        IllegalMoveError: if the move cannot be applied here (the message says why).
    """
    move = parse_move_text(text)
    try:
        check_move(state, move)
    except InvalidMoveError as exc:  # pragma: no cover - parsed moves always have a move type
        raise IllegalMoveError(str(exc)) from exc
    return move


_STEP_FIELDS: Final = (
    "masterpiece_vp",
    "experiments_vp",
    "symbols_vp",
    "formulas_vp",
    "leftovers_vp",
    "tracks_vp",
)


def outcome(state: State) -> dict[str, int | float | str | bool | None]:
    """How a finished game ended, for :mod:`tabletop_rules.simulate`: the automa's score and its breakdown.

    Keys: ``score`` (the automa's final total), ``vp_track``, the six steps
    ``masterpiece_vp``, ``experiments_vp``, ``symbols_vp``, ``formulas_vp``,
    ``leftovers_vp``, ``tracks_vp``; ``masterpiece`` (its id or ``None``),
    ``masterpiece_resolved``, ``masterpiece_gold``, ``symbols``, ``formulas``,
    ``formulas_bought``; the game's ``difficulty`` and ``objectives`` (on/off);
    the automa's ``experiments`` and ``artifacts`` (counts, starting ones
    included) and its end levels ``level_earth``, ``level_fire``, ``level_water``, ``level_air``.

    Raises:
        InvalidStateError: if the game is not over.
    """
    score = state.score
    if score is None or state.phase != "over":
        raise InvalidStateError("the game is not over: no outcome yet")
    a = state.automa
    out: dict[str, int | float | str | bool | None] = {
        "score": score.total,
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


def new_game_with_setup(
    setup: str | Setup, options: TrismaugistusConfig | None = None, *, pack: Pack | None = None
) -> State:
    """A game whose setup has been reported: :func:`new_game` followed by the ``setup`` move.

    Handy as a picklable start for simulations, e.g.
    ``functools.partial(new_game_with_setup, "setup d3 exp=FX-S1 art=FX-AS1")``.

    Raises:
        InvalidMoveError, IllegalMoveError: if ``setup`` is not a legal setup move.
    """
    state = new_game(options, pack=pack)
    move = parse_move(state, setup) if isinstance(setup, str) else setup
    if not isinstance(move, Setup):
        raise IllegalMoveError(f"{setup!r} is not a setup move")
    return apply(state, move)


def automa_score(state: State) -> int | None:
    """The automa's final score once the game is over, else ``None``."""
    return state.score.total if state.score is not None else None
