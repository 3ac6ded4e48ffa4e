"""The automa's final scoring, six steps in order (T-SCORE-1..7)."""

from __future__ import annotations

from tabletop_rules.trismaugistus.content.records import Masterpiece, Pack
from tabletop_rules.trismaugistus.options import Options
from tabletop_rules.trismaugistus.state import AutomaState, FinalScore, TraceLine
from tabletop_rules.trismaugistus.vocabulary import ELEMENTS, FORMULA_COSTS, SYMBOL_VP

__all__ = ["final_score"]


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
        trace.append(TraceLine("T-SCORE-1", "step 1: the masterpiece deck is empty, no masterpiece"))
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
        trace.append(TraceLine("T-SCORE-1", f"step 1: masterpiece {masterpiece.id}: {text} -> {step1} VP"))

    # Step 2: experiments (T-SCORE-2; the masterpiece counts only in step 1, T-RULING-21).
    experiments = [pack.experiment[e] for e in automa.experiments]
    step2 = sum(e.vp for e in experiments)
    trace.append(TraceLine("T-SCORE-2", f"step 2: {len(experiments)} experiments -> {step2} VP"))

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
        TraceLine(
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
        TraceLine(
            "T-SCORE-4",
            f"step 4: {len(types)} types + {bought} bought = {formulas} formulas -> {step4} VP"
            f" (gold left {gold})",
        )
    )

    # Step 5: leftovers (T-SCORE-5).
    step5 = gold + automa.ether
    trace.append(TraceLine("T-SCORE-5", f"step 5: gold {gold} + ether {automa.ether} -> {step5} VP"))

    # Step 6: mastery tracks (T-SCORE-6).
    step6 = sum(pack.track[e].end_vp_by_level[levels[i]] for i, e in enumerate(ELEMENTS))
    shown = " ".join(f"{e[0].upper()}{levels[i]}" for i, e in enumerate(ELEMENTS))
    trace.append(TraceLine("T-SCORE-6", f"step 6: tracks {shown} -> {step6} VP"))

    steps = (step1, step2, step3, step4, step5, step6)
    total = automa.vp + sum(steps)
    trace.append(
        TraceLine("T-SCORE-7", f"total: VP track {automa.vp} + {' + '.join(map(str, steps))} = {total}")
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
