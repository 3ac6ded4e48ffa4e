"""The automa's final scoring, six steps in order (T-SCORE-1..7), and the human's reported score."""

from __future__ import annotations

from typing import Any, Literal

from tabletop_rules.core.errors import IllegalMoveError
from tabletop_rules.core.frozen import evolve
from tabletop_rules.trismaugistus.content.records import Masterpiece, Pack
from tabletop_rules.trismaugistus.options import Options
from tabletop_rules.trismaugistus.state import AutomaState, FinalScore, State, TraceLine, trace_line
from tabletop_rules.trismaugistus.vocabulary import ELEMENTS, FORMULA_COSTS, SYMBOL_VP

__all__ = ["check_human_score", "final_score", "report_human_score", "winner"]


def final_score(
    automa: AutomaState,
    pack: Pack,
    options: Options,
    difficulty: int,
    masterpiece: Masterpiece | None,
) -> tuple[FinalScore, list[TraceLine]]:
    """Score the automa: VP track + masterpiece + experiments + symbols + formulas + leftovers + tracks.

    Gold spent in steps 1 and 4 is gone in step 5 (T-SCORE-7).  Returns the
    breakdown and the trace lines explaining it.
    """
    trace: list[TraceLine] = []
    gold = automa.gold
    levels = list(automa.levels)

    # Step 1: masterpiece (T-SCORE-1, T-RULING-21).
    step1 = 0
    resolved = False
    paid = 0
    if masterpiece is None:
        trace.append(trace_line("T-SCORE-1", "step 1: the masterpiece deck is empty, no masterpiece"))
    else:
        req = masterpiece.requirement
        i = ELEMENTS.index(req.track)
        missing = max(0, req.level - levels[i])
        if missing == 0:
            resolved = True
            text = f"meets {req} with {levels[i]}"
        elif gold >= missing:
            resolved = True
            paid = missing
            gold -= missing
            text = f"{missing} steps short of {req}, pays {missing} gold (gold {gold})"
            if options.masterpiece_payment_moves_marker:
                levels[i] = req.level
                text += f"; {req.track} marker moves to {req.level} (T-RULING-21)"
        else:
            text = f"{missing} steps short of {req} with only {gold} gold: not resolved, nothing spent"
        if resolved:
            step1 = masterpiece.vp
        trace.append(trace_line("T-SCORE-1", f"step 1: masterpiece {masterpiece.id}: {text} -> {step1} VP"))

    # Step 2: experiments (T-SCORE-2; the masterpiece counts only in step 1, T-RULING-21).
    experiments = [pack.experiment[e] for e in automa.experiments]
    step2 = sum(e.vp for e in experiments)
    trace.append(trace_line("T-SCORE-2", f"step 2: {len(experiments)} experiments -> {step2} VP"))

    # Step 3: elemental symbols (T-SCORE-3, T-RULING-24, T-RULING-25).
    on_experiments = sum(len(e.element_symbols) for e in experiments)
    on_masterpiece = len(masterpiece.element_symbols) if masterpiece is not None and resolved else 0
    on_artifacts = sum(len(pack.artifact[a].element_symbols) for a in automa.artifacts)
    on_tracks = 0
    for i, element in enumerate(ELEMENTS):
        spaces = pack.track[element].symbol_levels
        if options.track_symbol_count == "reached_or_passed":
            on_tracks += sum(1 for s in spaces if s <= levels[i])
        else:
            on_tracks += 1 if levels[i] in spaces else 0
    symbols = on_experiments + on_masterpiece + on_artifacts + on_tracks
    per_symbol = SYMBOL_VP[difficulty]
    step3 = symbols * per_symbol
    trace.append(
        trace_line(
            "T-SCORE-3",
            f"step 3: symbols {on_experiments} experiments + {on_masterpiece} masterpiece"
            f" + {on_artifacts} artifacts"
            f" + {on_tracks} tracks = {symbols} x {per_symbol} -> {step3} VP",
        )
    )

    # Step 4: formulas (T-SCORE-4, T-RULING-22, T-RULING-23).
    types = {e.type for e in experiments}
    if masterpiece is not None and resolved:
        types.add(masterpiece.type)
    table = pack.formula_scoring
    formulas = min(len(types), table.max_formulas)
    bought = 0
    if options.formula_purchase != "never":
        for cost in FORMULA_COSTS[: options.max_formula_purchases]:
            if formulas >= table.max_formulas or gold < cost:
                break
            if (
                options.formula_purchase == "only_if_gain"
                and table.vp_by_count[formulas + 1] - table.vp_by_count[formulas] <= cost
            ):
                break
            gold -= cost
            formulas += 1
            bought += 1
    step4 = table.vp_by_count[formulas]
    trace.append(
        trace_line(
            "T-SCORE-4",
            f"step 4: {len(types)} types + {bought} bought = {formulas} formulas -> {step4} VP"
            f" (gold left {gold})",
        )
    )

    # Step 5: leftovers (T-SCORE-5).
    step5 = gold + automa.ether
    trace.append(trace_line("T-SCORE-5", f"step 5: gold {gold} + ether {automa.ether} -> {step5} VP"))

    # Step 6: mastery tracks (T-SCORE-6).
    step6 = sum(pack.track[e].end_vp_by_level[levels[i]] for i, e in enumerate(ELEMENTS))
    shown = " ".join(f"{e[0].upper()}{levels[i]}" for i, e in enumerate(ELEMENTS))
    trace.append(trace_line("T-SCORE-6", f"step 6: tracks {shown} -> {step6} VP"))

    steps = (step1, step2, step3, step4, step5, step6)
    total = automa.vp + sum(steps)
    trace.append(
        trace_line("T-SCORE-7", f"total: VP track {automa.vp} + {' + '.join(map(str, steps))} = {total}")
    )
    score = FinalScore(
        vp_track=automa.vp,
        masterpiece_id=masterpiece.id if masterpiece is not None else None,
        masterpiece_resolved=resolved,
        masterpiece_gold=paid,
        steps=steps,
        symbols=symbols,
        formulas=formulas,
        formulas_bought=bought,
        total=total,
    )
    return score, trace


# --- the human's score (library, not the spec: spec 1.2 leaves "who wins" to the base game) ---------


def check_human_score(state: State, move: Any) -> None:
    """A `ReportFinalScore`: accepted once, on a finished game (`check_shape` has checked that
    ``points`` is an ``int`` from 0 to `MAX_REPORTED_SCORE`).

    Raises:
        IllegalMoveError: before the automa's score is known, or on a second report.
    """
    score = state.score
    if state.phase != "over" or score is None:
        raise IllegalMoveError("the human's final score is reported once the automa's final score is known")
    if score.human_score is not None:
        raise IllegalMoveError(f"the human's final score has already been reported ({score.human_score})")


def report_human_score(state: State, points: int) -> State:
    """The finished game with the human's reported score; the trace says who won."""
    score = state.score
    assert score is not None
    new = evolve(score, human_score=points)
    side = winner(new, state.options.score_tie)
    text = {"human": "the human wins", "automa": "the automa wins", "tie": "a tie"}[side]
    if points == score.total and side != "tie":
        text += f" (a tie given to the {side} by the score_tie option)"
    line = trace_line("", f"the human reports a final score of {points}; automa {score.total}: {text}")
    return evolve(state, score=new, trace=(line,))


def winner(score: FinalScore, tie: str) -> Literal["human", "automa", "tie"]:
    """Who won, the human's reported score against the automa's total (``score.human_score`` is set)."""
    human = score.human_score
    assert human is not None
    if human > score.total:
        return "human"
    if human < score.total:
        return "automa"
    return "tie" if tie == "shared" else "human" if tie == "human" else "automa"
