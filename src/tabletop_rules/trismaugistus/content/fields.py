"""The typed field readers of the pack loader, and the record of a problem they find.

Each reader checks one JSON value (its exact type, its bounds) and raises
`InvalidContentError` naming where it is, for example ``automa_cards[4]
(FX-G1).potency_cost: must be an integer from 1 to 5, got 7``. The loader reads
a pack in one of two ways, through `Problems`: strictly (`pack_from_dict`: the
first problem is raised) or to the end (`pack_problems`: every problem is kept,
each as a `PackProblem` with its JSON path, so that an owner typing a pack sees
them all at once).

Two conventions make a pack easy to write by hand (the template `pack template`
writes uses both): a member whose name starts with ``//`` is a comment, which
the loader ignores in every object; and ``null`` is the same as leaving out an
optional field, while a required field that is ``null`` is reported as not
filled in yet.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, NoReturn, TypeVar

import attrs

from tabletop_rules.core.errors import InvalidContentError
from tabletop_rules.core.jsonio import brief, brief_keys
from tabletop_rules.trismaugistus.content.records import Action, BonusSpace, PicturedDie, Requirement
from tabletop_rules.trismaugistus.vocabulary import ACTION_KINDS, BONUS_KINDS, COLOURS, ELEMENTS, SYMBOLS

__all__ = ["COMMENT_PREFIX", "MAX_PROBLEMS", "PackProblem", "Problems"]

T = TypeVar("T")

COMMENT_PREFIX: Final = "//"
"""A member of a pack object whose name starts with this is a comment: the loader ignores it."""
MAX_PROBLEMS: Final = 200
"""The most problems `pack_problems` lists (the rest are counted in a last one), so a report stays bounded."""
MAX_TEXT: Final = 1000
"""The longest free text of a pack (a note, a source, a label, a title, a type name)."""
MAX_RECORDS: Final = 500
"""The longest list of a pack (cards, experiments, artifacts, masterpieces, objectives, preset lists)."""
MAX_VALUE: Final = 1000
"""The largest number of a pack (VP values, end-game VP, formula VP); printed values are below 100."""
MAX_ID: Final = 64
"""The longest id."""
MAX_LEVEL: Final = 50
"""The highest ``max_level`` of a mastery track (printed tracks have about 7 to 10 levels)."""
MAX_SYMBOLS: Final = 12
"""The most elemental symbols on one card."""
ID_PATTERN: Final = re.compile(r"[A-Za-z0-9_.\-]+")
_NOTE: Final = re.compile(r" \((?:level )?[A-Za-z0-9_.\-]+\)")  # `where`'s names of records: " (FX-G1)"


@attrs.frozen
class PackProblem:
    """One thing wrong in a pack: where it is and what is wrong, in words.

    ``where`` is the loader's name of the place, with the record's id or element
    (``automa_cards[4] (FX-G1).potency_cost``); ``path`` is the same place as a
    JSONPath (``$.automa_cards[4].potency_cost``; ``$`` is the whole pack);
    ``message`` says what is wrong (``must be an integer from 1 to 5, got 7``).
    Every value a message repeats goes through `core.jsonio.brief`.
    """

    path: str
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


def problem(where: str, message: str) -> PackProblem:
    """A `PackProblem` at the loader's place `where` (its JSONPath is derived from it)."""
    bare = _NOTE.sub("", where)
    if bare == "pack":
        path = "$"
    elif bare.startswith("pack."):
        path = "$" + bare[4:]
    else:
        path = "$." + bare
    return PackProblem(path, where, message)


class PackFailure(InvalidContentError):
    """The `InvalidContentError` the readers raise; it keeps its place and sentence apart for `Problems`."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.detail = message

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (to another process) as the plain `InvalidContentError` it is to callers."""
        return (InvalidContentError, self.args)


def fail(where: str, message: str) -> NoReturn:
    """Raise the problem `message` at `where`.

    Raises:
        InvalidContentError: always (a `PackFailure`, which keeps the place and the sentence apart).
    """
    raise PackFailure(where, message)


class Problems:
    """How the loader goes on after a problem: ``strict`` raises the first, else every one is kept.

    `read` runs one reader: in strict mode it simply calls it; otherwise a problem
    is recorded and `read` returns ``default``, so the next field is read. A record
    with a problem is left out of the pack (`mark` tells whether one was found since),
    and the cross-record checks that need a whole section run only when it is complete.
    """

    __slots__ = ("found", "more", "strict")

    def __init__(self, *, strict: bool) -> None:
        self.strict = strict
        self.found: list[PackProblem] = []
        self.more = 0

    def read(self, reader: Callable[[], T], default: T) -> T:
        """``reader()``; when it finds a problem and `strict` is off, the problem is kept and ``default``
        returned.

        Raises:
            InvalidContentError: the problem, in strict mode.
        """
        if self.strict:
            return reader()
        try:
            return reader()
        except PackFailure as exc:
            self.add(exc.where, exc.detail)
            return default

    def add(self, where: str, message: str) -> None:
        """Keep a problem (the first `MAX_PROBLEMS`; the rest are counted)."""
        if len(self.found) < MAX_PROBLEMS:
            self.found.append(problem(where, message))
        else:
            self.more += 1

    def mark(self) -> int:
        """The number of problems found so far (compare before and after reading a record)."""
        return len(self.found) + self.more

    def report(self) -> tuple[PackProblem, ...]:
        """The problems kept, and one more counting those left out, if any."""
        if not self.more:
            return tuple(self.found)
        last = problem("pack", f"and {self.more} more problems (fix these first)")
        return (*self.found, last)


# --- typed field readers ---------------------------------------------------------------------------


def fields(record: Mapping[str, Any]) -> list[str]:
    """The names of a record's members that are not comments."""
    return [key for key in record if not (type(key) is str and key.startswith(COMMENT_PREFIX))]


def obj(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        fail(where, f"must be an object, got {type(value).__name__}")
    return value


def array(value: Any, where: str, limit: int = MAX_RECORDS) -> Sequence[Any]:
    if type(value) is not list:
        fail(where, f"must be an array, got {type(value).__name__}")
    if len(value) > limit:
        fail(where, f"has {len(value)} entries; a pack has at most {limit} here")
    return value


def integer(value: Any, where: str, low: int | None = None, high: int = MAX_VALUE) -> int:
    if type(value) is not int:
        fail(where, f"must be an integer, got {brief(value)}")
    if (low is not None and value < low) or value > high:
        span = f"from {low} to {high}" if low is not None else f"at most {high}"
        fail(where, f"must be an integer {span}, got {brief(value)}")
    return value


def text(value: Any, where: str, limit: int = MAX_TEXT) -> str:
    if type(value) is not str or not value:
        fail(where, f"must be a non-empty string, got {brief(value)}")
    if len(value) > limit:
        fail(where, f"is {len(value)} characters long; at most {limit} are read")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        fail(where, f"contains a lone surrogate: {brief(value)}")
    return value


def ident(value: Any, where: str) -> str:
    checked = text(value, where, MAX_ID)
    if not ID_PATTERN.fullmatch(checked):
        fail(
            where,
            f"ids are used in move notation: letters, digits, '_', '.' and '-' only, got {brief(checked)}",
        )
    return checked


def boolean(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        fail(where, f"must be true or false, got {brief(value)}")
    return value


def enum(value: Any, allowed: Sequence[str], where: str) -> Any:
    if type(value) is not str or value not in allowed:
        fail(where, f"must be one of {', '.join(allowed)}, got {brief(value)}")
    return value


def has(record: Mapping[str, Any], key: str) -> bool:
    """Whether an optional field is given (``null`` is the same as leaving it out)."""
    return record.get(key) is not None


def get(record: Mapping[str, Any], key: str, where: str) -> Any:
    """A required field: a problem when it is missing, or ``null`` (not filled in yet)."""
    if key not in record:
        fail(where, f"missing field {brief(key)}")
    value = record[key]
    if value is None:
        fail(f"{where}.{key}", "is not filled in yet (null)")
    return value


def no_extra(record: Mapping[str, Any], allowed: set[str], where: str) -> None:
    """No member but the allowed fields and comments."""
    extra = sorted(set(fields(record)) - allowed)
    if len(extra) == 1:
        fail(where, f"unknown field {brief(extra[0])}")
    if extra:
        fail(where, f"unknown field {brief(extra[0])} (unknown fields: {brief_keys(extra)})")


def name(kind: str, index: int, record: Mapping[str, Any]) -> str:
    """The place of a record, with its id when it has a valid one: ``automa_cards[4] (FX-G1)``."""
    found = record.get("id")
    if type(found) is str and len(found) <= MAX_ID and ID_PATTERN.fullmatch(found):
        return f"{kind}[{index}] ({found})"
    return f"{kind}[{index}]"


# --- parts of records ------------------------------------------------------------------------------


def bonus_spaces_from_list(raw: Any, max_level: int, where: str) -> tuple[BonusSpace, ...]:
    """Read and check a list of ``{level, kind}`` bonus spaces (6.4); used by packs and by setup inputs."""
    spaces: list[BonusSpace] = []
    for i, item in enumerate(array(raw, where)):
        wi = f"{where}[{i}]"
        sp = obj(item, wi)
        no_extra(sp, {"level", "kind"}, wi)
        level = integer(get(sp, "level", wi), f"{wi}.level", 1, max_level)
        kind = enum(get(sp, "kind", wi), BONUS_KINDS, f"{wi}.kind")
        spaces.append(BonusSpace(level, kind))
    levels = [s.level for s in spaces]
    if len(set(levels)) != len(levels):
        fail(where, "has two bonus spaces on the same level")
    return tuple(sorted(spaces))


def pictured_dice(c: Mapping[str, Any], w: str) -> tuple[PicturedDie, ...]:
    """Section 1 of the automa card `c` (6.5): 1 to 3 pictured dice, no wild die, no pair twice."""
    items = array(get(c, "dice", w), f"{w}.dice")
    if not 1 <= len(items) <= 3:
        fail(f"{w}.dice", f"must picture 1 to 3 dice, got {len(items)}")
    dice: list[PicturedDie] = []
    for i, item in enumerate(items):
        wi = f"{w}.dice[{i}]"
        d = obj(item, wi)
        no_extra(d, {"symbol", "colour"}, wi)
        symbol = get(d, "symbol", wi)
        if symbol == "wild":
            fail(f"{wi}.symbol", "a pictured wild die has no meaning in the seed; please report this card")
        colour = enum(get(d, "colour", wi), COLOURS, f"{wi}.colour")
        dice.append(PicturedDie(enum(symbol, SYMBOLS, f"{wi}.symbol"), colour))
    if len(set(dice)) != len(dice):
        fail(f"{w}.dice", "pictures the same symbol and colour twice")
    return tuple(dice)


def card_action(c: Mapping[str, Any], w: str) -> Action:
    """Section 3 of the automa card `c` (6.5); ``params`` names a track for ``advance_track`` only."""
    wa = f"{w}.action"
    a = obj(get(c, "action", w), wa)
    no_extra(a, {"kind", "params"}, wa)
    kind = enum(get(a, "kind", wa), ACTION_KINDS, f"{wa}.kind")
    params = obj(a["params"], f"{wa}.params") if has(a, "params") else {}
    track = None
    if kind == "advance_track":
        no_extra(params, {"track"}, f"{wa}.params")
        track = enum(get(params, "track", f"{wa}.params"), ELEMENTS, f"{wa}.params.track")
    elif fields(params):
        fail(f"{wa}.params", f"must be empty for {kind} (the amounts are fixed by the seed)")
    return Action(kind, track)


def id_list(raw: Any, where: str) -> tuple[str, ...]:
    """A list of card ids (a preset's lists; the checks see whether they name cards)."""
    return tuple(text(v, f"{where}[{i}]") for i, v in enumerate(array(raw, where)))


def requirement(raw: Any, where: str) -> Requirement:
    """A ``{track, level}`` mastery requirement (its level against the track is V-10, in `checks`)."""
    r = obj(raw, where)
    no_extra(r, {"track", "level"}, where)
    return Requirement(
        enum(get(r, "track", where), ELEMENTS, f"{where}.track"),
        integer(get(r, "level", where), f"{where}.level", 1, MAX_LEVEL),
    )


def element_symbols(raw: Any, where: str) -> tuple[Any, ...]:
    """The elemental symbols printed on a card (repeats allowed, at most `MAX_SYMBOLS`)."""
    return tuple(enum(v, ELEMENTS, f"{where}[{i}]") for i, v in enumerate(array(raw, where, MAX_SYMBOLS)))
