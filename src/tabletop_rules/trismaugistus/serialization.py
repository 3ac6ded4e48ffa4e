"""JSON for states: self-contained (the pack travels with the state), checked field by field on the way in.

``from_json`` never evaluates anything: it reads the text through
`core.jsonio.load_json` (size first, strict JSON), rebuilds every record through
its constructor and checks the invariants listed in
`tabletop_rules.trismaugistus.state` (`validate`), raising `InvalidStateError`
with the path of the bad field.  The JSON keys stay as they were written by
earlier versions (the options are under ``"config"``).
"""

from __future__ import annotations

import functools
import json
from typing import Any, Final, NoReturn

from tabletop_rules.core.deprecation import renamed_names
from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError, TabletopRulesError
from tabletop_rules.core.jsonio import brief, load_json
from tabletop_rules.trismaugistus.content.loader import canonical_pack, pack_from_json, pack_to_dict
from tabletop_rules.trismaugistus.content.records import BonusSpace, Pack
from tabletop_rules.trismaugistus.moves import MAX_REPORTED_SCORE, ObjectiveSlot
from tabletop_rules.trismaugistus.options import Options
from tabletop_rules.trismaugistus.rules import RULES_VERSION
from tabletop_rules.trismaugistus.state import (
    MAX_SCORE,
    MAX_TALLY,
    MAX_TRACE_LINES,
    MAX_TRACE_TEXT,
    MAX_TURN,
    AutomaState,
    BoardMirror,
    DieOnTracker,
    FinalScore,
    Pending,
    State,
    TraceLine,
)
from tabletop_rules.trismaugistus.validation import validate
from tabletop_rules.trismaugistus.vocabulary import (
    BONUS_KINDS,
    COLOURS,
    DICE_PER_ROUND,
    ELEMENTS,
    FACES,
    MAX_BOWL,
    MAX_POTENCY,
    SYMBOLS,
)

__all__ = ["FORMAT_VERSION", "MAX_JSON_CHARS", "from_json", "state_from_dict", "state_to_dict", "to_json"]

FORMAT: Final = "tabletop_rules.trismaugistus/state"
MAX_JSON_CHARS: Final = 2_000_000
"""The longest state JSON text `from_json` reads (the example pack's states are about 15 000)."""
FORMAT_VERSION: Final = 2
"""The version of the state JSON (``"format_version"``); 2 added ``score.human_score``."""
PHASES: Final = ("setup", "round_start", "play", "scoring", "over")
SIDES: Final = ("human", "automa")
PENDING: Final = ("card", "objective_die", "artifact_die", "masterpiece")


@functools.lru_cache(maxsize=8)  # keyed by the immutable pack; returns a str
def _pack_text(pack: Pack) -> str:
    return json.dumps(pack_to_dict(pack), separators=(",", ":"), ensure_ascii=False)


@functools.lru_cache(maxsize=8)  # keyed by the text; returns the shared, immutable pack
def _pack_from_text(text: str) -> Pack:
    return canonical_pack(pack_from_json(text))


def _options_dict(options: Options) -> dict[str, Any]:
    return options.to_dict()


@functools.lru_cache(maxsize=64)  # keyed by hashable items; returns a frozen Options
def _options_from_items(items: tuple[tuple[str, Any], ...]) -> Options:
    return Options.from_dict(dict(items))


def _die(d: DieOnTracker | None) -> Any:
    if d is None:
        return None
    return {
        "face": d.face,
        "colour": d.colour,
        "placed": d.placed,
        "remaining": d.remaining,
        "matched": d.matched_symbol,
    }


def to_json(state: State) -> str:
    """The state as JSON text (stable: the same state always gives the same text)."""
    return json.dumps(state_to_dict(state), separators=(",", ":"), ensure_ascii=False)


def state_to_dict(state: State) -> dict[str, Any]:
    """The state as a JSON-ready dict (what `to_json` writes); the pack is embedded as its JSON text."""
    a = state.automa
    b = state.board
    s = state.score
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game_version": RULES_VERSION,
        "pack": _pack_text(state.pack),
        "config": _options_dict(state.options),
        "phase": state.phase,
        "difficulty": state.difficulty,
        "objectives_enabled": state.objectives_enabled,
        "masterpiece_deck": list(state.masterpiece_deck),
        "round": state.round,
        "turn": state.turn,
        "first_player": state.first_player,
        "to_move": state.to_move,
        "human_finished": state.human_finished,
        "automa_finished": state.automa_finished,
        "first_finisher": state.first_finisher,
        "human_dice": state.human_dice,
        "human_experiments": list(state.human_experiments),
        "human_artifacts": list(state.human_artifacts),
        "automa": {
            "vp": a.vp,
            "gold": a.gold,
            "ether": a.ether,
            "levels": list(a.levels),
            "tiebreak_track": a.tiebreak_track,
            "starting_experiment": a.starting_experiment,
            "experiments": list(a.experiments),
            "artifacts": list(a.artifacts),
            "active_die": _die(a.active_die),
            "exhausted": [list(x) for x in a.exhausted],
            "dice_used": a.dice_used,
            "draw_pile": sorted(a.draw_pile),
            "discard": list(a.discard),
            "held_purples": list(a.held_purples),
        },
        "board": {
            "bowls": [list(c) for c in b.bowls],
            "areas": [list(x) for x in b.areas],
            "offers": [list(x) for x in b.offers],
            "objectives": [{"id": o.card_id, "face_up": o.face_up, "cubes": o.cubes} for o in b.objectives],
            "bonus_layout": [[{"level": x.level, "kind": x.kind} for x in t] for t in b.bonus_layout],
        },
        "pending": None
        if state.pending is None
        else {"kind": state.pending.kind, "card": state.pending.card_id, "die": _die(state.pending.die)},
        "score": None
        if s is None
        else {
            "vp_track": s.vp_track,
            "masterpiece": s.masterpiece_id,
            "masterpiece_resolved": s.masterpiece_resolved,
            "masterpiece_gold": s.masterpiece_gold,
            "steps": list(s.steps),
            "symbols": s.symbols,
            "formulas": s.formulas,
            "formulas_bought": s.formulas_bought,
            "total": s.total,
            "human_score": s.human_score,
        },
        "trace": [[t.clause, t.text] for t in state.trace],
    }


# --- reading ---------------------------------------------------------------------------------------


def _bad(path: str, why: str) -> NoReturn:
    raise InvalidStateError(f"state JSON {path}: {why}")


def _obj(v: Any, path: str, keys: set[str]) -> dict[str, Any]:
    if not isinstance(v, dict):
        _bad(path, "must be an object")
    if set(v) != keys:
        missing = sorted(keys - set(v))
        _bad(
            path,
            f"missing field {brief(missing[0])}"
            if missing
            else f"unknown field {brief(sorted(set(v) - keys)[0])}",
        )
    return v


def _int(v: Any, path: str, low: int = 0, high: int = MAX_SCORE) -> int:
    if type(v) is not int or v < low or v > high:
        _bad(path, f"must be an integer from {low} to {high}, got {brief(v)}")
    return v


def _version(v: Any, path: str, what: str, current: int) -> None:
    """A version field: exactly the ``int`` ``current`` (not ``true``, not ``2.0``, not ``"2"``)."""
    if type(v) is not int or v != current:
        _bad(
            path,
            f"{what} version {brief(v)} is not supported (this library reads version {current}, an integer)",
        )


def _bool(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        _bad(path, "must be true or false")
    return v


def _choice(v: Any, allowed: tuple[Any, ...], path: str) -> Any:
    if not any(v is a or (type(v) is type(a) and v == a) for a in allowed):
        _bad(path, f"must be one of {', '.join(map(str, allowed))}, got {brief(v)}")
    return v


def _ids(v: Any, path: str, known: Any) -> tuple[str, ...]:
    if not isinstance(v, list) or any(not isinstance(x, str) or x not in known for x in v):
        _bad(path, "must be a list of ids of the pack")
    if len(set(v)) != len(v):
        _bad(path, "lists an id twice")
    return tuple(v)


def _read_die(v: Any, path: str) -> DieOnTracker | None:
    if v is None:
        return None
    d = _obj(v, path, {"face", "colour", "placed", "remaining", "matched"})
    placed = _int(d["placed"], f"{path}.placed", 1, MAX_POTENCY)
    return DieOnTracker(
        face=_choice(d["face"], FACES, f"{path}.face"),
        colour=_choice(d["colour"], COLOURS, f"{path}.colour"),
        placed=placed,
        remaining=_int(d["remaining"], f"{path}.remaining", 0, placed),
        matched_symbol=_choice(d["matched"], (*SYMBOLS, None), f"{path}.matched"),
    )


def from_json(text: str) -> State:
    """The state that `to_json` wrote.

    The text may be at most `MAX_JSON_CHARS` characters and is read through
    `core.jsonio.load_json` (strict JSON: no NaN or Infinity, no duplicate
    keys); ``"format_version"`` and ``"game_version"`` are exactly the current
    ``int`` versions (not ``true``, ``2.0`` or ``"2"``); every state read is
    checked by `validate`.

    Raises:
        InvalidStateError: on malformed JSON, a wrong field, or a broken invariant.
    """
    return state_from_dict(load_json(text, limit=MAX_JSON_CHARS, what="Trismaugistus state JSON"))


def state_from_dict(raw: Any) -> State:
    """The state of a dict as `state_to_dict` makes it, checked field by field and then by `validate`.

    Raises:
        InvalidStateError: on a wrong field or a broken invariant.
    """
    keys = {
        "format", "format_version", "game_version", "pack", "config", "phase", "difficulty",
        "objectives_enabled", "masterpiece_deck", "round", "turn", "first_player", "to_move",
        "human_finished",
        "automa_finished", "first_finisher", "human_dice", "human_experiments", "human_artifacts",
        "automa", "board", "pending", "score", "trace",
    }  # fmt: skip
    top = _obj(raw, "", keys)
    if type(top["format"]) is not str or top["format"] != FORMAT:
        _bad("format", f"is {brief(top['format'])}, not {FORMAT}")
    _version(top["format_version"], "format_version", "state format", FORMAT_VERSION)
    _version(top["game_version"], "game_version", "engine behaviour", RULES_VERSION)
    try:
        if not isinstance(top["pack"], str):
            _bad("pack", "must be the pack's JSON text")
        pack = _pack_from_text(top["pack"])
        if not isinstance(top["config"], dict):
            _bad("config", "must be an object")
        items = tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in sorted(top["config"].items()))
        try:
            options = _options_from_items(items)
        except TypeError:  # an unhashable value
            options = Options.from_dict(top["config"])
        state = _read_state(top, pack, options)
    except InvalidStateError:
        raise
    except (InvalidOptionError, TabletopRulesError) as exc:
        raise InvalidStateError(f"state JSON: {exc}") from exc
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError) as exc:
        raise InvalidStateError(f"state JSON: malformed ({type(exc).__name__}: {exc})") from exc
    validate(state)
    return state


def _read_state(top: dict[str, Any], pack: Pack, options: Options) -> State:
    phase = _choice(top["phase"], PHASES, "phase")
    before_setup = phase == "setup"
    difficulty = _int(top["difficulty"], "difficulty", 0 if before_setup else 1, 0 if before_setup else 3)
    rnd = _int(top["round"], "round", 0 if before_setup else 1, 0 if before_setup else 3)
    cards = pack.card
    a = _obj(
        top["automa"],
        "automa",
        {"vp", "gold", "ether", "levels", "tiebreak_track", "starting_experiment", "experiments", "artifacts",
         "active_die", "exhausted", "dice_used", "draw_pile", "discard", "held_purples"},
    )  # fmt: skip
    levels = a["levels"]
    if not isinstance(levels, list) or len(levels) != 4:
        _bad("automa.levels", "must list four levels: earth, fire, water, air")
    for i, e in enumerate(ELEMENTS):
        _int(levels[i], f"automa.levels[{i}]", 0, pack.track[e].max_level)
    start = a["starting_experiment"]
    if start is not None and (not isinstance(start, str) or start not in pack.experiment):
        _bad("automa.starting_experiment", "must be an experiment id or null")
    exhausted = a["exhausted"]
    if not isinstance(exhausted, list) or len(exhausted) > DICE_PER_ROUND:
        _bad("automa.exhausted", "must list at most three dice")
    ex: list[Any] = []
    for i, pair in enumerate(exhausted):
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] not in FACES or pair[1] not in COLOURS:
            _bad(f"automa.exhausted[{i}]", "must be [face, colour]")
        ex.append((pair[0], pair[1]))
    draw = _ids(a["draw_pile"], "automa.draw_pile", cards)
    discard = _ids(a["discard"], "automa.discard", cards)
    held = _ids(a["held_purples"], "automa.held_purples", cards)
    if len({*draw, *discard, *held}) != len(draw) + len(discard) + len(held):
        _bad("automa", "a card is in two of the draw pile, the discard pile and the held purple cards")
    automa = AutomaState(
        vp=_int(a["vp"], "automa.vp", 0, MAX_TALLY),
        gold=_int(a["gold"], "automa.gold", 0, MAX_TALLY),
        ether=_int(a["ether"], "automa.ether", 0, MAX_TALLY),
        levels=tuple(levels),
        tiebreak_track=_choice(a["tiebreak_track"], ELEMENTS, "automa.tiebreak_track"),
        starting_experiment=start,
        experiments=_ids(a["experiments"], "automa.experiments", pack.experiment),
        artifacts=_ids(a["artifacts"], "automa.artifacts", pack.artifact),
        active_die=_read_die(a["active_die"], "automa.active_die"),
        exhausted=tuple(ex),
        dice_used=_int(a["dice_used"], "automa.dice_used", 0, DICE_PER_ROUND),
        draw_pile=frozenset(draw),
        discard=discard,
        held_purples=held,
    )
    board = _read_board(top["board"], pack)
    p = top["pending"]
    pending = None
    if p is not None:
        pd = _obj(p, "pending", {"kind", "card", "die"})
        card = pd["card"]
        if card is not None and (not isinstance(card, str) or card not in cards):
            _bad("pending.card", "must be an automa card id or null")
        pending = Pending(
            kind=_choice(pd["kind"], PENDING, "pending.kind"),
            card_id=card,
            die=_read_die(pd["die"], "pending.die"),
        )
        if pending.kind == "card" and not draw and not discard:
            _bad("pending", "a card draw is pending but the draw and discard piles are empty")
        if pending.kind == "artifact_die" and (pending.die is None or card is None):
            _bad("pending", "an artifact die needs its card and die")
        if pending.kind == "objective_die" and not any(s.face_up for s in board.objectives):
            _bad("pending", "a black-die roll is pending but no objective is face up")
    expected = top["to_move"] == "automa" if phase == "play" else phase == "scoring"
    if (pending is not None) != expected or (
        phase == "scoring" and pending is not None and pending.kind != "masterpiece"
    ):
        _bad("pending", f"does not fit phase {brief(phase)} and to_move {brief(top['to_move'])}")
    deck = _ids(top["masterpiece_deck"], "masterpiece_deck", pack.masterpiece)
    if pending is not None and pending.kind == "masterpiece" and not deck:
        _bad("pending", "a masterpiece draw is pending but the masterpiece deck is empty")
    score = _read_score(top["score"]) if top["score"] is not None else None
    if (score is not None) != (phase == "over"):
        _bad("score", "is set exactly when the game is over")
    trace = top["trace"]
    if type(trace) is not list or len(trace) > MAX_TRACE_LINES:
        _bad("trace", f"must be a list of at most {MAX_TRACE_LINES} [clause, text] pairs")
    for i, t in enumerate(trace):
        if type(t) is not list or len(t) != 2 or not all(type(x) is str for x in t):
            _bad(f"trace[{i}]", "must be a [clause, text] pair of strings")
        if len(t[0]) > MAX_TRACE_TEXT or len(t[1]) > MAX_TRACE_TEXT:
            _bad(f"trace[{i}]", f"a trace line has at most {MAX_TRACE_TEXT} characters")
    first_finisher = top["first_finisher"]
    if first_finisher is not None:
        _choice(first_finisher, SIDES, "first_finisher")
    return State(
        pack=pack,
        options=options,
        phase=phase,
        difficulty=difficulty,
        objectives_enabled=_bool(top["objectives_enabled"], "objectives_enabled"),
        masterpiece_deck=deck,
        round=rnd,
        turn=_int(top["turn"], "turn", 0, MAX_TURN),
        first_player=_choice(top["first_player"], SIDES, "first_player"),
        to_move=_choice(top["to_move"], SIDES, "to_move"),
        human_finished=_bool(top["human_finished"], "human_finished"),
        automa_finished=_bool(top["automa_finished"], "automa_finished"),
        first_finisher=first_finisher,
        human_dice=_int(top["human_dice"], "human_dice", 0, DICE_PER_ROUND),
        human_experiments=_ids(top["human_experiments"], "human_experiments", pack.experiment),
        human_artifacts=_ids(top["human_artifacts"], "human_artifacts", pack.artifact),
        automa=automa,
        board=board,
        pending=pending,
        score=score,
        trace=tuple(TraceLine(c, t) for c, t in trace),
    )


def _read_board(v: Any, pack: Pack) -> BoardMirror:
    b = _obj(v, "board", {"bowls", "areas", "offers", "objectives", "bonus_layout"})
    bowls = b["bowls"]
    if not isinstance(bowls, list) or len(bowls) != len(FACES):
        _bad("board.bowls", "must list six bowls")
    read_bowls = []
    for i, counts in enumerate(bowls):
        if not isinstance(counts, list) or len(counts) != 3:
            _bad(f"board.bowls[{i}]", "must be [red, white, black] counts")
        c = tuple(_int(n, f"board.bowls[{i}]", 0, MAX_BOWL) for n in counts)
        if sum(c) > MAX_BOWL:
            _bad(f"board.bowls[{i}]", f"holds more than {MAX_BOWL} dice")
        read_bowls.append((c[0], c[1], c[2]))
    areas = b["areas"]
    if not isinstance(areas, list) or len(areas) != len(FACES):
        _bad("board.areas", "must list six areas")
    offers = b["offers"]
    if not isinstance(offers, list) or len(offers) != len(COLOURS):
        _bad("board.offers", "must list three offers")
    objectives = b["objectives"]
    if not isinstance(objectives, list) or len(objectives) > 4:
        _bad("board.objectives", "must list at most four objective slots")
    slots = []
    for i, o in enumerate(objectives):
        od = _obj(o, f"board.objectives[{i}]", {"id", "face_up", "cubes"})
        if od["id"] not in pack.objective:
            _bad(f"board.objectives[{i}].id", "is not an objective of the pack")
        slots.append(
            ObjectiveSlot(
                card_id=od["id"],
                face_up=_bool(od["face_up"], f"board.objectives[{i}].face_up"),
                cubes=_int(od["cubes"], f"board.objectives[{i}].cubes", 0, 3),
            )
        )
    layout = b["bonus_layout"]
    if not isinstance(layout, list) or len(layout) != 4:
        _bad("board.bonus_layout", "must list four tracks")
    read_layout = []
    for i, (element, spaces) in enumerate(zip(ELEMENTS, layout, strict=True)):
        if not isinstance(spaces, list):
            _bad(f"board.bonus_layout[{i}]", "must be a list")
        top = pack.track[element].max_level
        read = tuple(
            BonusSpace(
                _int(
                    _obj(s, f"board.bonus_layout[{i}][{j}]", {"level", "kind"})["level"],
                    f"board.bonus_layout[{i}][{j}].level",
                    1,
                    top,
                ),
                _choice(s["kind"], BONUS_KINDS, f"board.bonus_layout[{i}][{j}].kind"),
            )
            for j, s in enumerate(spaces)
        )
        if list(read) != sorted(read) or len({s.level for s in read}) != len(read):
            _bad(f"board.bonus_layout[{i}]", "must list distinct levels in rising order")
        read_layout.append(read)
    return BoardMirror(
        bowls=tuple(read_bowls),
        areas=tuple(_ids(x, f"board.areas[{i}]", pack.experiment) for i, x in enumerate(areas)),
        offers=tuple(_ids(x, f"board.offers[{i}]", pack.artifact) for i, x in enumerate(offers)),
        objectives=tuple(slots),
        bonus_layout=tuple(read_layout),
    )


def _read_score(v: Any) -> FinalScore:
    s = _obj(
        v,
        "score",
        {"vp_track", "masterpiece", "masterpiece_resolved", "masterpiece_gold", "steps", "symbols",
         "formulas", "formulas_bought", "total", "human_score"},
    )  # fmt: skip
    steps = s["steps"]
    if not isinstance(steps, list) or len(steps) != 6:
        _bad("score.steps", "must list the VP of the six steps")
    m = s["masterpiece"]
    if m is not None and not isinstance(m, str):
        _bad("score.masterpiece", "must be an id or null")
    score = FinalScore(
        vp_track=_int(s["vp_track"], "score.vp_track", 0, MAX_TALLY),
        masterpiece_id=m,
        masterpiece_resolved=_bool(s["masterpiece_resolved"], "score.masterpiece_resolved"),
        masterpiece_gold=_int(s["masterpiece_gold"], "score.masterpiece_gold", 0, MAX_TALLY),
        steps=tuple(_int(x, f"score.steps[{i}]") for i, x in enumerate(steps)),
        symbols=_int(s["symbols"], "score.symbols"),
        formulas=_int(s["formulas"], "score.formulas"),
        formulas_bought=_int(s["formulas_bought"], "score.formulas_bought", 0, 4),
        total=_int(s["total"], "score.total"),
        human_score=None
        if s["human_score"] is None
        else _int(s["human_score"], "score.human_score", 0, MAX_REPORTED_SCORE),
    )
    if score.total != score.vp_track + sum(score.steps):
        _bad("score.total", "is not the VP track plus the six steps")
    return score


__getattr__ = renamed_names(__name__, {"MAX_STATE_JSON_CHARS": "MAX_JSON_CHARS"}, globals())
