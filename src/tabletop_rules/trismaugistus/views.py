"""What a player may see, and summaries for people: the engine's picture of the table.

Trismaugistus has perfect information (the automa hides nothing), so there is
no observation function.  `mirror` gives everything the engine believes about
the table as a JSON-ready dict (the bowls, the experiment areas, the artifact
offers, the objective row, the bonus layout, the automa's tracks and
resources, the human's side, the flow and the score), so that a table
companion can show it and the player can check it against the physical board.
`describe` prints the same picture as text.  The trace of a transition is
printed by `trace.format_trace`.
"""

from __future__ import annotations

from typing import Any

from tabletop_rules.trismaugistus.content.records import Pack
from tabletop_rules.trismaugistus.rules import outcome
from tabletop_rules.trismaugistus.state import State
from tabletop_rules.trismaugistus.trace import format_score
from tabletop_rules.trismaugistus.vocabulary import COLOURS, DICE_PER_ROUND, ELEMENTS, FACES

__all__ = ["describe", "mirror"]


def _experiment(pack: Pack, experiment_id: str) -> dict[str, Any]:
    e = pack.experiment[experiment_id]
    return {
        "id": e.id,
        "type": e.type,
        "requirement": {"track": e.requirement.track, "level": e.requirement.level},
        "vp": e.vp,
        "symbols": list(e.element_symbols),
    }


def _artifact(pack: Pack, artifact_id: str) -> dict[str, Any]:
    a = pack.artifact[artifact_id]
    return {"id": a.id, "colour": a.colour, "symbols": list(a.element_symbols)}


def mirror(state: State) -> dict[str, Any]:
    """Everything the engine believes about the table, as a JSON-ready dict (only str, int, bool, None,
    lists and dicts).

    Keys: ``pack`` (``id``, ``fictional``); ``flow`` (``phase``, ``round``, ``turn``,
    ``difficulty``, ``objectives``, ``first_player``, ``to_move``, ``waiting_for``: a chance
    node's kind or ``None``, ``human_finished``, ``automa_finished``); ``bowls`` (per face:
    the dice per colour and ``potency``, the number of dice in the bowl, B-4);
    ``experiment_areas`` (per face that has an area, or holds cards: the experiments in slot
    order with type, requirement, VP and symbols); ``artifact_offers`` (per colour, in slot
    order); ``objective_row`` (position, id, VP, face up, cubes); ``bonus_layout`` (per track:
    level and kind); ``automa`` (VP, gold, ether, ``tracks`` per element with ``level``,
    ``max_level`` and ``next_bonus``, the tie-break track, experiments, artifacts, the active
    die, the exhausted dice, dice used, the draw pile as a sorted list, the discard pile bottom
    to top, held purple cards); ``human`` (dice drafted, experiments, artifacts); ``score``
    (`outcome` once the game is over, else ``None``).
    """
    pack = state.pack
    board = state.board
    a = state.automa
    area_faces = set(pack.board.experiment_area_faces)
    layout = board.bonus_layout
    tracks = {}
    for i, element in enumerate(ELEMENTS):
        level = a.levels[i]
        ahead = [s.level for s in layout[i] if s.level > level] if i < len(layout) else []
        tracks[element] = {
            "level": level,
            "max_level": pack.track[element].max_level,
            "next_bonus": min(ahead) if ahead else None,
        }
    die = a.active_die
    return {
        "pack": {"id": pack.pack_id, "fictional": pack.fictional},
        "flow": {
            "phase": state.phase,
            "round": state.round,
            "turn": state.turn,
            "difficulty": state.difficulty,
            "objectives": state.objectives_enabled,
            "first_player": state.first_player,
            "to_move": state.to_move,
            "waiting_for": None if state.pending is None else state.pending.kind,
            "human_finished": state.human_finished,
            "automa_finished": state.automa_finished,
        },
        "bowls": {
            face: {**dict(zip(COLOURS, counts, strict=True)), "potency": sum(counts)}
            for face, counts in zip(FACES, board.bowls, strict=True)
        },
        "experiment_areas": {
            face: [_experiment(pack, e) for e in ids]
            for face, ids in zip(FACES, board.areas, strict=True)
            if face in area_faces or ids
        },
        "artifact_offers": {
            colour: [_artifact(pack, x) for x in ids]
            for colour, ids in zip(COLOURS, board.offers, strict=True)
        },
        "objective_row": [
            {
                "position": i,
                "id": slot.card_id,
                "vp": pack.objective[slot.card_id].vp,
                "face_up": slot.face_up,
                "cubes": slot.cubes,
            }
            for i, slot in enumerate(board.objectives, start=1)
        ],
        "bonus_layout": {
            element: [{"level": s.level, "kind": s.kind} for s in spaces]
            for element, spaces in zip(ELEMENTS, layout, strict=True)
        },
        "automa": {
            "vp": a.vp,
            "gold": a.gold,
            "ether": a.ether,
            "tracks": tracks,
            "tiebreak_track": a.tiebreak_track,
            "experiments": list(a.experiments),
            "artifacts": list(a.artifacts),
            "active_die": None
            if die is None
            else {"face": die.face, "colour": die.colour, "placed": die.placed, "remaining": die.remaining},
            "exhausted": [{"face": f, "colour": c} for f, c in a.exhausted],
            "dice_used": a.dice_used,
            "draw_pile": sorted(a.draw_pile),
            "discard": list(a.discard),
            "held_purples": list(a.held_purples),
        },
        "human": {
            "dice_drafted": state.human_dice,
            "experiments": list(state.human_experiments),
            "artifacts": list(state.human_artifacts),
        },
        "score": outcome(state) if state.phase == "over" else None,
    }


def _where(state: State) -> str:
    if state.phase == "over":
        total = state.score.total if state.score else 0
        return f"Game over. Automa final score {total}:"
    if state.phase == "scoring":
        return "final scoring: waiting for the masterpiece the automa draws"
    if state.phase == "round_start":
        return f"round {state.round}: waiting for the report of the roll"
    if state.pending is not None:
        waiting = {
            "card": "the card it turns up",
            "objective_die": "the black die",
            "artifact_die": "the die",
        }
        return (
            f"round {state.round}, turn {state.turn + 1}: the automa waits for {waiting[state.pending.kind]}"
        )
    return f"round {state.round}, turn {state.turn + 1}: the {state.to_move} reports"


def describe(state: State) -> str:
    """Everything the engine believes about the table, as text (the same picture as `mirror`)."""
    pack = state.pack
    tag = " [FICTIONAL example pack]" if pack.fictional else ""
    if state.phase == "setup":
        return f"Trismaugistus, pack {pack.pack_id}{tag}: waiting for setup"
    m = mirror(state)
    modules = " +objectives" if state.objectives_enabled else ""
    lines = [f"Trismaugistus d{state.difficulty}{modules}, pack {pack.pack_id}{tag}", _where(state)]
    if state.phase == "over":
        lines.append(format_score(state))
        out = m["score"]
        if out["human_score"] is None:
            lines.append("Human score: not reported (report score N)")
        else:
            verdict = {"human": "the human wins", "automa": "the automa wins", "tie": "a tie"}[out["winner"]]
            lines.append(f"Human score {out['human_score']}: {verdict} (margin {out['margin']:+d})")
    am = m["automa"]
    shown = " ".join(
        f"{e[0].upper()}{t['level']}/{t['max_level']}"
        + (f"(bonus@{t['next_bonus']})" if t["next_bonus"] else "")
        for e, t in am["tracks"].items()
    )
    die = am["active_die"]
    die_text = (
        "none"
        if die is None
        else f"{die['face']}/{die['colour']} placed {die['placed']}, left {die['remaining']}"
    )
    lines += [
        ("automa (before final scoring)" if state.phase in ("scoring", "over") else "automa")
        + f": VP {am['vp']}, gold {am['gold']}, ether {am['ether']};"
        f" dice used {am['dice_used']}/{DICE_PER_ROUND}, active die {die_text}"
        + (" (finished the round)" if state.automa_finished else ""),
        f"  tracks {shown}; cube on {am['tiebreak_track']}",
        f"  experiments {', '.join(am['experiments']) or '-'}; artifacts {', '.join(am['artifacts']) or '-'}",
        f"  deck: draw pile {len(am['draw_pile'])} ({', '.join(am['draw_pile']) or '-'}),"
        f" discard {len(am['discard'])}",
        f"human: {state.human_dice}/{DICE_PER_ROUND} dice drafted"
        + (" (finished the round)" if state.human_finished else "")
        + f"; experiments {', '.join(state.human_experiments) or '-'};"
        f" artifacts {', '.join(state.human_artifacts) or '-'}",
    ]
    bowls = [
        f"{face}:" + "".join(f"{c[0]}{b[c]}" for c in COLOURS if b[c]) + f"(potency {b['potency']})"
        for face, b in m["bowls"].items()
        if b["potency"]
    ]
    lines.append(f"bowls: {' '.join(bowls) or 'empty'}")
    areas = [
        f"{face}: " + (", ".join(f"{e['id']} ({e['type']}, {e['vp']} VP)" for e in cards) or "-")
        for face, cards in m["experiment_areas"].items()
    ]
    lines.append(f"experiment areas: {'; '.join(areas) or '-'}")
    offers = [
        f"{colour}: " + (", ".join(x["id"] for x in items) or "-")
        for colour, items in m["artifact_offers"].items()
    ]
    lines.append(f"artifact offers: {'; '.join(offers)}")
    if m["objective_row"]:
        row = [
            f"{o['position']}. {o['id']} ({o['vp']} VP,"
            f" {'face up' if o['face_up'] else 'face down'}, {o['cubes']} cubes)"
            for o in m["objective_row"]
        ]
        lines.append(f"objectives: {'; '.join(row)}")
    return "\n".join(lines)
