"""Move notation: one line of text per move, paired formatter and parser (they round-trip).

=====================================  =================================================
Move                                   Text
=====================================  =================================================
``Setup``                              ``setup d2 exp=FX-S2 art=FX-AS3 [cube=water]
                                       [objectives=FX-O1,FX-O2,FX-O3,FX-O4]
                                       [unavailable=FX-M1] [purple=FX-P1,FX-P2,FX-P3]
                                       [bonuses=...]``
``ReportBoard``                        ``report [round_start|refill|correction] bowls=lead:b1,tin:r1b1
                                       areas=copper:FX-E01+FX-E03 offers=red:FX-A01+FX-A02
                                       objectives=FX-O1,FX-O2:down,FX-O3:c2,FX-O4
                                       bonuses=earth:2=ether_die+5=vp_5,fire:-,...``
``HumanDraftDie``                      ``draft iron/black``
``HumanTakeExperiment``                ``experiment copper FX-E01``
``HumanTakeArtifact``                  ``artifact red FX-A02``
``HumanCompleteObjective``             ``objective 2``
``HumanEndTurn``                       ``end`` or ``end finished``
``CardDrawn``                          ``draw FX-Y5``
``ObjectiveDie``                       ``cube 3`` (the black die chose position 3)
``ObjectiveDieRaw``                    ``black-die 6`` (the raw value rolled at the table)
``MasterpieceDrawn``                   ``masterpiece FX-M1``
``ArtifactDie``                        ``artifact-die 2``
``ReportFinalScore``                   ``report score 87`` (once the game is over)
=====================================  =================================================

**Reports change only what they name.**  In `parse_move` (which reads against
the state's mirror), a section of a report names faces (``bowls=``,
``areas=``) or colours (``offers=``); each one named replaces that bowl, area or
offer, and those not named keep what the mirror shows.  ``face:-`` empties one
(``areas=copper:-``), and a bare ``-`` empties the whole section
(``offers=-``).  So ``report refill areas=copper:FX-E05`` refills the copper
area and leaves the other areas alone.  The one exception is the roll at the
start of a round (reason ``round_start``, or no reason at a round start): its
``bowls=`` is the whole roll, and bowls it does not name are empty.
``objectives=`` lists the whole row of 4 and ``bonuses=`` all four tracks; a
partial one is refused with `InvalidMoveError` (it would leave the row or a
track undefined).  A face or colour named twice, or a colour letter repeated in
a bowl, is refused too.

`move_to_str` writes a report against the same mirror (the faces it changes,
``face:-`` for those it empties), so ``parse_move(s, move_to_str(s, m)) == m``.
The stateless pair `format_move` / `parse_move_text` writes and reads against an
empty mirror (every face not named is empty).  Dice counts are ``r``/``w``/``b``
followed by a digit.  Numbers are ASCII digits only.
"""

from __future__ import annotations

import re
from typing import Any, Final

from tabletop_rules.core.errors import IllegalMoveError, InvalidMoveError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.trismaugistus.content.records import BonusSpace, Pack
from tabletop_rules.trismaugistus.moves import (
    MAX_REPORTED_SCORE,
    Areas,
    ArtifactDie,
    BonusLayout,
    Bowls,
    CardDrawn,
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
    ReportBoard,
    ReportFinalScore,
    Setup,
    check_shape,
)
from tabletop_rules.trismaugistus.options import Options
from tabletop_rules.trismaugistus.rules import apply, check_move, new_game
from tabletop_rules.trismaugistus.state import BoardMirror, State
from tabletop_rules.trismaugistus.vocabulary import BONUS_KINDS, COLOURS, ELEMENTS, FACES, OBJECTIVE_ROW_SIZE

__all__ = [
    "MAX_MOVE_TEXT",
    "format_move",
    "move_to_str",
    "new_game_with_setup",
    "parse_move",
    "parse_move_text",
]

MAX_MOVE_TEXT: Final = 4000
"""The longest move text `parse_move` reads (a full board report is a few hundred characters)."""

_LETTER = {"red": "r", "white": "w", "black": "b"}
_ID = re.compile(r"[A-Za-z0-9_.\-]+")
_LETTER_INDEX = {"r": 0, "w": 1, "b": 2}
_COUNTS = re.compile(r"(?:[rwb][0-9])+")
_NUMBER = re.compile(r"0|[1-9][0-9]*")  # ASCII digits only (str.isdigit also takes other scripts)


def _ids(values: tuple[str, ...], sep: str) -> str:
    return sep.join(values) if values else "-"


_EMPTY: Final = BoardMirror()


def _bowls(bowls: Bowls, base: Bowls) -> str:
    """The non-empty bowls, and ``face:-`` where ``bowls`` empties one the ``base`` mirror has."""
    if not any(any(c) for c in bowls):
        return "-"
    parts = []
    for face, counts, old in zip(FACES, bowls, base, strict=True):
        if any(counts):
            parts.append(
                f"{face}:" + "".join(f"{_LETTER[c]}{n}" for c, n in zip(COLOURS, counts, strict=True) if n)
            )
        elif any(old):
            parts.append(f"{face}:-")
    return ",".join(parts)


def _groups(keys: tuple[str, ...], groups: Areas, base: Areas) -> str:
    """The same for areas (keys: faces) and offers (keys: colours)."""
    if not any(groups):
        return "-"
    parts = []
    for key, ids, old in zip(keys, groups, base, strict=True):
        if ids:
            parts.append(f"{key}:{'+'.join(ids)}")
        elif old:
            parts.append(f"{key}:-")
    return ",".join(parts)


def _layout(layout: BonusLayout) -> str:
    return ",".join(
        f"{e}:" + ("+".join(f"{s.level}={s.kind}" for s in spaces) or "-")
        for e, spaces in zip(ELEMENTS, layout, strict=True)
    )


def format_move(move: Move) -> str:
    """The text of ``move`` (see the module's table); a report is written against an empty mirror.

    Raises:
        InvalidMoveError: if ``move`` is not a move of this game.
    """
    return _format(move, _EMPTY, roll=True)


def _format(move: Move, base: BoardMirror, *, roll: bool) -> str:
    if isinstance(move, Setup):
        parts = [
            f"setup d{move.difficulty}",
            f"exp={move.starting_experiment}",
            f"art={move.starting_artifact}",
        ]
        if move.tiebreak_track is not None:
            parts.append(f"cube={move.tiebreak_track}")
        if move.objectives_enabled:
            parts.append(f"objectives={_ids(move.objective_row, ',')}")
        elif move.objective_row:
            parts.append(f"row={_ids(move.objective_row, ',')}")
        if move.masterpieces_unavailable:
            parts.append(f"unavailable={','.join(move.masterpieces_unavailable)}")
        if move.objective_purple_ids is not None:
            parts.append(f"purple={_ids(move.objective_purple_ids, ',')}")
        if move.bonus_layout is not None:
            parts.append(f"bonuses={_layout(move.bonus_layout)}")
        return " ".join(parts)
    if isinstance(move, ReportBoard):
        parts = ["report"] if move.reason is None else [f"report {move.reason}"]
        if move.bowls is not None:
            parts.append(f"bowls={_bowls(move.bowls, _EMPTY.bowls if roll else base.bowls)}")
        if move.experiment_areas is not None:
            parts.append(f"areas={_groups(FACES, move.experiment_areas, base.areas)}")
        if move.artifact_offers is not None:
            parts.append(f"offers={_groups(COLOURS, move.artifact_offers, base.offers)}")
        if move.objective_row is not None:
            slots = [
                s.card_id + ("" if s.face_up else ":down") + (f":c{s.cubes}" if s.cubes else "")
                for s in move.objective_row
            ]
            parts.append(f"objectives={','.join(slots) or '-'}")
        if move.bonus_layout is not None:
            parts.append(f"bonuses={_layout(move.bonus_layout)}")
        return " ".join(parts)
    if isinstance(move, ReportFinalScore):
        return f"report score {move.points}"
    if isinstance(move, HumanDraftDie):
        return f"draft {move.face}/{move.colour}"
    if isinstance(move, HumanTakeExperiment):
        return f"experiment {move.face} {move.experiment_id}"
    if isinstance(move, HumanTakeArtifact):
        return f"artifact {move.colour} {move.artifact_id}"
    if isinstance(move, HumanCompleteObjective):
        return f"objective {move.position}"
    if isinstance(move, HumanEndTurn):
        return "end finished" if move.finished_round else "end"
    if isinstance(move, CardDrawn):
        return f"draw {move.card_id}"
    if isinstance(move, ObjectiveDie):
        return f"cube {move.position}"
    if isinstance(move, ObjectiveDieRaw):
        return f"black-die {move.value}"
    if isinstance(move, MasterpieceDrawn):
        return f"masterpiece {move.masterpiece_id}"
    if isinstance(move, ArtifactDie):
        return f"artifact-die {move.slot}"
    raise InvalidMoveError(f"{brief(move)} is not a Trismaugistus move")


# --- parsing ---------------------------------------------------------------------------------------


def _bad(text: str, why: str) -> InvalidMoveError:
    return InvalidMoveError(f"cannot read {brief(text)} as a Trismaugistus move: {why}")


def _id(text: str, value: str) -> str:
    if not _ID.fullmatch(value):
        raise _bad(text, f"{brief(value)} is not an id")
    return value


def _id_list(text: str, value: str, sep: str) -> tuple[str, ...]:
    if value == "-":
        return ()
    return tuple(_id(text, v) for v in value.split(sep))


def _small_int(text: str, value: str, low: int, high: int) -> int:
    if not _NUMBER.fullmatch(value) or len(value) > len(str(high)) or not low <= int(value) <= high:
        raise _bad(text, f"expected a number from {low} to {high}, got {brief(value)}")
    return int(value)


def _parse_bowls(text: str, value: str, base: Bowls) -> Bowls:
    if value == "-":
        return _EMPTY.bowls
    counts = dict(zip(FACES, base, strict=True))
    named: set[str] = set()
    for part in value.split(","):
        face, _, spec = part.partition(":")
        if face not in counts or face in named or not (spec == "-" or _COUNTS.fullmatch(spec)):
            raise _bad(
                text, f"bad bowl {brief(part)} (expected e.g. iron:r1w2, or iron:- for empty, once each)"
            )
        named.add(face)
        letters = spec[0::2] if spec != "-" else ""
        if len(set(letters)) != len(letters):
            raise _bad(text, f"bad bowl {brief(part)}: a colour is given twice")
        c = [0, 0, 0]
        for i in range(0, len(letters) * 2, 2):
            c[_LETTER_INDEX[spec[i]]] = int(spec[i + 1])
        counts[face] = (c[0], c[1], c[2])
    return tuple(counts.values())


def _parse_groups(
    text: str, value: str, keys: tuple[str, ...], base: tuple[tuple[str, ...], ...]
) -> tuple[tuple[str, ...], ...]:
    if value == "-":
        return ((),) * len(keys)
    groups = dict(zip(keys, base, strict=True))
    named: set[str] = set()
    for part in value.split(","):
        key, _, ids = part.partition(":")
        if key not in groups or key in named or not ids:
            raise _bad(text, f"bad group {brief(part)} (each {'/'.join(keys)} at most once)")
        named.add(key)
        groups[key] = () if ids == "-" else tuple(_id(text, i) for i in ids.split("+"))
    return tuple(groups[k] for k in keys)


def _parse_layout(text: str, value: str) -> BonusLayout:
    tracks: dict[str, tuple[BonusSpace, ...] | None] = dict.fromkeys(ELEMENTS)
    for part in value.split(","):
        element, _, spec = part.partition(":")
        if element not in tracks or tracks[element] is not None or not spec:
            raise _bad(text, f"bad bonus track {brief(part)}")
        spaces: list[BonusSpace] = []
        if spec != "-":
            for item in spec.split("+"):
                level, _, kind = item.partition("=")
                if kind not in BONUS_KINDS:
                    raise _bad(text, f"bad bonus space {brief(item)}")
                spaces.append(BonusSpace(_small_int(text, level, 1, 99), kind))
        tracks[element] = tuple(spaces)
    if any(v is None for v in tracks.values()):
        raise _bad(text, "bonuses must give all four tracks")
    return tuple(v for v in tracks.values() if v is not None)


def _parse_slots(text: str, value: str) -> tuple[ObjectiveSlot, ...]:
    if value != "-" and value.count(",") != OBJECTIVE_ROW_SIZE - 1:
        raise _bad(text, f"objectives= lists the whole row of {OBJECTIVE_ROW_SIZE} cards")
    slots = []
    for part in value.split(",") if value != "-" else []:
        ident, *flags = part.split(":")
        face_up, cubes = True, 0
        for flag in flags:
            if flag == "down" and face_up:
                face_up = False
            elif flag.startswith("c") and cubes == 0:
                cubes = _small_int(text, flag[1:], 1, 3)
            else:
                raise _bad(text, f"bad objective flag {brief(flag)}")
        slots.append(ObjectiveSlot(_id(text, ident), face_up, cubes))
    return tuple(slots)


def _options(text: str, words: list[str], allowed: set[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for word in words:
        key, eq, value = word.partition("=")
        if not eq or key not in allowed or key in out or not value:
            raise _bad(text, f"unexpected {brief(word)}")
        out[key] = value
    return out


def _parse_setup(text: str, words: list[str]) -> Setup:
    if not re.fullmatch(r"d[123]", words[1] if len(words) > 1 else ""):
        raise _bad(text, "setup needs a difficulty d1, d2 or d3")
    opts = _options(
        text, words[2:], {"exp", "art", "cube", "objectives", "row", "unavailable", "purple", "bonuses"}
    )
    if "exp" not in opts or "art" not in opts:
        raise _bad(text, "setup needs exp=<starting experiment> and art=<starting artifact>")
    cube = opts.get("cube")
    if cube is not None and cube not in ELEMENTS:
        raise _bad(text, f"{brief(cube)} is not a mastery track")
    if "objectives" in opts and "row" in opts:
        raise _bad(text, "give objectives= or row=, not both")
    enabled = "objectives" in opts
    return Setup(
        difficulty=int(words[1][1]),
        objectives_enabled=enabled,
        starting_experiment=_id(text, opts["exp"]),
        starting_artifact=_id(text, opts["art"]),
        tiebreak_track=cube,
        objective_row=_id_list(text, opts.get("objectives", opts.get("row", "-")), ","),
        masterpieces_unavailable=_id_list(text, opts.get("unavailable", "-"), ","),
        bonus_layout=_parse_layout(text, opts["bonuses"]) if "bonuses" in opts else None,
        objective_purple_ids=_id_list(text, opts["purple"], ",") if "purple" in opts else None,
    )


def _parse_report(text: str, words: list[str], base: BoardMirror, round_start: bool) -> Move:
    if len(words) == 3 and words[1] == "score":
        return ReportFinalScore(_small_int(text, words[2], 0, MAX_REPORTED_SCORE))
    reason = words[1] if len(words) > 1 and "=" not in words[1] else None
    if reason not in ("round_start", "refill", "correction", None):
        raise _bad(text, "a report's reason is round_start, refill or correction (or: report score N)")
    opts = _options(
        text, words[1 if reason is None else 2 :], {"bowls", "areas", "offers", "objectives", "bonuses"}
    )
    roll = reason == "round_start" or (reason is None and round_start)
    return ReportBoard(
        reason=reason,  # type: ignore[arg-type]
        bowls=_parse_bowls(text, opts["bowls"], _EMPTY.bowls if roll else base.bowls)
        if "bowls" in opts
        else None,
        experiment_areas=_parse_groups(text, opts["areas"], FACES, base.areas) if "areas" in opts else None,
        artifact_offers=_parse_groups(text, opts["offers"], COLOURS, base.offers)
        if "offers" in opts
        else None,
        objective_row=_parse_slots(text, opts["objectives"]) if "objectives" in opts else None,
        bonus_layout=_parse_layout(text, opts["bonuses"]) if "bonuses" in opts else None,
    )


def parse_move_text(text: str) -> Move:
    """Read one move from ``text`` (syntax only; a report is read against an empty mirror).

    Legality is checked by the caller; `parse_move` reads a report against the state's mirror.

    Raises:
        InvalidMoveError: if the text is not a move of this notation.
    """
    return _parse(text, _EMPTY, round_start=True)


def _parse(text: str, base: BoardMirror, *, round_start: bool) -> Move:
    if type(text) is not str:
        raise InvalidMoveError(f"a move's text must be a string, not {type(text).__name__}")
    if len(text) > MAX_MOVE_TEXT:
        raise InvalidMoveError(
            f"overlong text: a Trismaugistus move is at most {MAX_MOVE_TEXT} characters, not {len(text)}"
        )
    words = text.split()
    if not words:
        raise _bad(text, "empty text")
    head, args = words[0], words[1:]
    if head == "setup":
        return _parse_setup(text, words)
    if head == "report":
        return _parse_report(text, words, base, round_start)
    if head == "end" and len(args) <= 1:
        if not args:
            return HumanEndTurn(False)
        if args == ["finished"]:
            return HumanEndTurn(True)
    one: dict[str, Any] = {
        "draw": lambda v: CardDrawn(_id(text, v)),
        "cube": lambda v: ObjectiveDie(_small_int(text, v, 1, 9)),
        "black-die": lambda v: ObjectiveDieRaw(_small_int(text, v, 1, 6)),
        "masterpiece": lambda v: MasterpieceDrawn(_id(text, v)),
        "artifact-die": lambda v: ArtifactDie(_small_int(text, v, 1, 2)),
        "objective": lambda v: HumanCompleteObjective(_small_int(text, v, 1, 9)),
    }
    if head in one and len(args) == 1:
        move: Move = one[head](args[0])
        return move
    if head == "draft" and len(args) == 1:
        face, _, colour = args[0].partition("/")
        if face in FACES and colour in COLOURS:
            return HumanDraftDie(face, colour)
    if head == "experiment" and len(args) == 2 and args[0] in FACES:
        return HumanTakeExperiment(args[0], _id(text, args[1]))
    if head == "artifact" and len(args) == 2 and args[0] in COLOURS:
        return HumanTakeArtifact(args[0], _id(text, args[1]))
    raise _bad(text, "unknown move (see the notation table in the docs)")


def _is_roll(state: State, move: Any) -> bool:
    return move.reason == "round_start" or (move.reason is None and state.phase == "round_start")


def move_to_str(state: State, move: Move) -> str:
    """``move`` in the notation of the module's table; a report is written against the state's mirror.

    Raises:
        InvalidMoveError: if ``move`` is not exactly a move of this game (class and field types, as
            `check_move` decides).
    """
    check_shape(move)
    try:
        if isinstance(move, ReportBoard):
            return _format(move, state.board, roll=_is_roll(state, move))
        return _format(move, _EMPTY, roll=True)
    except (TypeError, ValueError, AttributeError, KeyError) as exc:
        if isinstance(exc, InvalidMoveError):
            raise
        raise InvalidMoveError(f"{brief(move)} is not a well-formed Trismaugistus move") from None


def parse_move(state: State, text: str) -> Move:
    """The move that ``text`` names, if it can be applied in ``state``.

    A report changes only what it names: its sections are read against the
    state's mirror (see the module's docstring).

    Raises:
        InvalidMoveError: if the text is not in the notation.
        IllegalMoveError: if the move cannot be applied here (the message says why).
    """
    move = _parse(text, state.board, round_start=state.phase == "round_start")
    try:
        check_move(state, move)
    except InvalidMoveError as exc:  # pragma: no cover - parsed moves always have a move type
        raise IllegalMoveError(str(exc)) from exc
    return move


def new_game_with_setup(
    setup: str | Setup, options: Options | dict[str, Any] | None = None, *, pack: Pack | None = None
) -> State:
    """A game whose setup has been reported: `new_game` followed by the ``setup`` move (text or move).

    Handy as a picklable start for simulations, e.g.
    ``functools.partial(new_game_with_setup, "setup d3 exp=FX-S1 art=FX-AS1")``.

    Raises:
        InvalidMoveError, IllegalMoveError: if ``setup`` is not a legal setup move.
    """
    state = new_game(options, pack=pack)
    move = parse_move(state, setup) if isinstance(setup, str) else setup
    if not isinstance(move, Setup):
        raise IllegalMoveError(f"{brief(setup)} is not a setup move")
    return apply(state, move)
