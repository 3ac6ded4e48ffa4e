"""The match record and the requests that change it: new_match, submit, undo, resign.

A `Match` is an immutable value: each accepted request returns a new one with `version + 1`, and
a refused one raises `MatchError` and leaves the match as it was (the caller keeps the old value).
Chance is resolved by the match itself right after each request, with a sampler seeded from the
match's `seed` and the number of draws so far, so the same requests give the same match, and a
restored match draws what the original would have drawn.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
from collections.abc import Mapping
from typing import Any, Final, Literal, TypeAlias

import attrs

from tabletop_rules.core.errors import IllegalMoveError, InvalidMoveError, TabletopRulesError
from tabletop_rules.core.jsonio import brief, json_style, load_json
from tabletop_rules.core.playout import sample_outcome
from tabletop_rules.core.protocol import CHANCE
from tabletop_rules.core.records import MAX_MOVE_CHARS
from tabletop_rules.core.wire import MoveWire
from tabletop_rules.match.custom import read_content
from tabletop_rules.match.errors import MatchError, move_path, shown

__all__ = [
    "GAMES",
    "LOG_RESERVE",
    "MAX_LOG",
    "MAX_LOG_BY_GAME",
    "MAX_MATCH_SEED",
    "UNDO_POLICIES",
    "Entry",
    "Match",
    "UndoPolicy",
    "game_module",
    "new_match",
    "resign",
    "seat_name",
    "submit",
    "submit_action",
    "undo",
]

UndoPolicy: TypeAlias = Literal["none", "own_last"]
UNDO_POLICIES: Final[tuple[UndoPolicy, ...]] = ("none", "own_last")
"""`"none"`: no undo; `"own_last"`: a seat may take back its last move until another actor (a player or
chance) has acted after it."""
MAX_MATCH_SEED: Final = 2**53 - 1
"""The largest match seed: every seed is an integer that JavaScript represents exactly."""
EntryKind: TypeAlias = Literal["move", "chance", "undo", "resign"]
GAMES: Final = ("valandris", "chrononauts", "trismaugistus")
"""The games `new_match` and `from_json` know by name."""
_MAX_LABEL: Final = 200
MAX_LOG_BY_GAME: Final = {"valandris": 10_000, "chrononauts": 20_000, "trismaugistus": 3_000}
"""The most log entries a match of each game may hold, so that `from_json` replays any document it
accepts in a few seconds (on a loaded 2-core machine, 20,000 Valandris entries of moves and undos
took 6.7 s; Chrononauts replays at about 0.13–0.2 ms an entry, about 3 s for 20,000). A whole game
is far shorter: Valandris at most 610 entries under its default cap, Chrononauts at most 3,952
moves in 200 random games of each setup (1,544 with the heuristic agent), Trismaugistus under 1,000.
`submit` refuses a request once a match is within `LOG_RESERVE` entries of its limit (`log_full`),
so that every match a server holds can be saved and restored."""
MAX_LOG: Final = max(MAX_LOG_BY_GAME.values())
"""The most log entries a match document may hold, whatever its game (`MAX_LOG_BY_GAME` per game)."""
LOG_RESERVE: Final = 64
"""The log entries kept free for the chance outcomes and undo that follow an accepted request."""

_MAX_CHANCE_RUN: Final = 10_000  # chance nodes in a row before the match calls the game broken


@attrs.frozen
class Entry:
    """One line of a match's log.

    Attributes:
        kind: `"move"` (a seat's decision), `"chance"` (drawn by the match), `"undo"` (a seat took
            back its last move) or `"resign"`.
        seat: the seat that made the request, `None` for chance.
        move: the move JSON as canonical text (`"move"` and `"chance"`), else `None`.
        label: the move in the game's notation, in the position it was made in (else `""`).
        version: the match's version once this entry was added.
        lines: for a game that hides information, what each viewer read in the game's own history
            because of this entry: one tuple per seat, then the spectator's; else `()`.
    """

    kind: EntryKind
    seat: int | None
    move: str | None
    label: str
    version: int
    lines: tuple[tuple[str, ...], ...] = ()


@attrs.frozen(repr=False, eq=False)
class Match:
    """A match of one game: who sits where, the position, its version and its log.

    Build one with `new_match` (or `from_json`) and change it with `submit`, `submit_action`,
    `undo` and `resign`; read it with `view`, `events` and `to_json`. Never build one by hand.

    Attributes:
        game: the game module (any module of the `core.protocol.Game` protocol).
        seed: the seed of the match's chance sampler.
        options: the game's options as JSON (`Options.to_dict()`), as given to `new_match`.
        players: the number of seats.
        undo_policy: `"none"` or `"own_last"`.
        state: the current position, never at a chance node (the match draws at once).
        version: the number of accepted requests; every view quotes it, every request must.
        log: every entry, oldest first.
        draws: the number of chance outcomes drawn so far.
        resigned: the seat that resigned, or `None`.
        history_cursor: the game's own history cursor of `state` (`events_since`); 0 when the game
            hides nothing.
        undo_state: the position before the last move and its history cursor, while the move may
            still be taken back; else `None`.
        content: the match's own content (a card list, a pack) as canonical JSON text, or `None`
            for the game's shipped content.
    """

    game: Any
    seed: int
    options: str  # canonical JSON text of the options: immutable, comparable
    players: int
    undo_policy: UndoPolicy
    state: Any
    version: int
    log: tuple[Entry, ...]
    draws: int
    resigned: int | None = None
    history_cursor: int = 0
    undo_state: tuple[Any, int] | None = None
    content: str | None = None

    def __repr__(self) -> str:
        status = "over" if self.over else f"to_act={self.to_act}"
        return (
            f"<Match {self.game.GAME_INFO.name} version={self.version} seats={self.players} "
            f"{status} log={len(self.log)}>"
        )

    @property
    def over(self) -> bool:
        """Whether the match takes no more moves: the game is over or a seat resigned."""
        return self.resigned is not None or bool(self.game.is_terminal(self.state))

    @property
    def to_act(self) -> int | None:
        """The seat to act, or `None` once the match is over (never chance: the match draws at once)."""
        if self.resigned is not None:
            return None
        actor = self.game.current_player(self.state)
        return actor if type(actor) is int else None


def game_module(name: object) -> Any:
    """The game module called `name` (one of `GAMES`).

    Raises:
        MatchError: `unknown_game` for any other value.
    """
    if type(name) is not str or name not in GAMES:
        raise MatchError("unknown_game", f"the game is one of {json.dumps(list(GAMES))}, not {shown(name)}")
    return importlib.import_module(f"tabletop_rules.{name}")


def seat_name(game: Any, players: int, seat: int) -> str:
    """The name of `seat`: its role in `GAME_INFO.seat_names` when the seats have roles, else `P<seat>`."""
    names = getattr(game.GAME_INFO, "seat_names", ())
    return names[seat] if len(names) == players else f"P{seat}"


def _draw_rng(seed: int, draw: int) -> random.Random:
    """The generator of the match's `draw`-th chance outcome: independent of every other draw."""
    digest = hashlib.sha256(f"tabletop-match:{seed}:{draw}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def _canonical(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def _label(game: Any, state: Any, move: Any) -> str:
    try:
        text = str(game.move_to_str(state, move))
    except TabletopRulesError:  # a notation that cannot write this move: its JSON says it
        text = _canonical(game.move_to_json(state, move))
    return text if len(text) <= _MAX_LABEL else text[: _MAX_LABEL - 3] + "..."


def _lines(game: Any, after: Any, cursor: int, players: int) -> tuple[tuple[tuple[str, ...], ...], int]:
    """What each seat, then a spectator, reads in the game's history of `after` since `cursor` (the
    game's own history cursor before the move), and the cursor of `after`."""
    if game.GAME_INFO.perfect_information:
        return (), 0
    out = []
    for viewer in [*range(players), None]:
        events, now = game.events_since(after, viewer, cursor)
        out.append(tuple(str(e["text"]) for e in events if e.get("type") == "event"))
    return tuple(out), now


def _history_cursor(game: Any, state: Any) -> int:
    """The game's own history cursor of `state` (for `events_since`), 0 in a game that hides nothing."""
    return 0 if game.GAME_INFO.perfect_information else int(game.view_json(state, None)["cursor"])


def _settle(match: Match, state: Any, log: list[Entry], version: int, cursor: int) -> tuple[Any, int, int]:
    """Draw every chance outcome from `state` (whose history cursor is `cursor`) on, appending `"chance"`
    entries to `log`: the state reached, the number of draws and its history cursor."""
    game, draws = match.game, match.draws
    for _ in range(_MAX_CHANCE_RUN):
        if game.current_player(state) is not CHANCE:
            return state, draws, cursor
        move = sample_outcome(game.chance_outcomes(state), _draw_rng(match.seed, draws))
        after = game.apply(state, move)
        lines, cursor = _lines(game, after, cursor, match.players)
        entry = Entry(
            "chance",
            None,
            _canonical(game.move_to_json(state, move)),
            _label(game, state, move),
            version,
            lines,
        )
        log.append(entry)
        state, draws = after, draws + 1
    raise AssertionError(f"{game.GAME_INFO.name}: more than {_MAX_CHANCE_RUN} chance nodes in a row")


def new_match(
    game: Any,
    *,
    seed: int,
    options: Mapping[str, Any] | None = None,
    seats: int | None = None,
    undo: UndoPolicy = "none",
    content: Mapping[str, Any] | None = None,
) -> Match:
    """A new match of `game` at version 0, its opening chance outcomes (a deal) already drawn.

    Args:
        game: a game module (`tabletop_rules.valandris`, ...) or its name (`"valandris"`).
        seed: the seed of the match's chance sampler, an `int` in `0..MAX_MATCH_SEED`.
        options: the game's options as a JSON object of its `Options` fields (`None`: the defaults).
        seats: the number of seats (`None`: the game's default player count).
        undo: the undo policy, `"none"` or `"own_last"`.
        content: the game's content as a JSON object, instead of the shipped one (`None`): a
            Chrononauts card list or a Trismaugistus pack, checked by the game's loader
            (`match.custom.read_content`); `match.content(m)` serves it, `to_json` stores it.

    Raises:
        MatchError: `unknown_game` for a name the match does not know; `invalid_options` for a bad
            seed, options, seat count or undo policy (a match reads no file: `card_data_path` is
            refused); `invalid_content` for content the game's loader refuses, too long, or given
            to a game without content (Valandris).
    """
    module = game_module(game) if type(game) is str else game
    if type(seed) is not int or not 0 <= seed <= MAX_MATCH_SEED:
        raise MatchError(
            "invalid_options", f"a match seed is an integer in 0..{MAX_MATCH_SEED}, not {shown(seed)}"
        )
    if undo not in UNDO_POLICIES:
        raise MatchError(
            "invalid_options",
            f"the undo policy is one of {json.dumps(list(UNDO_POLICIES))}, not {shown(undo)}",
        )
    if options is not None and not isinstance(options, Mapping):
        raise MatchError(
            "invalid_options", f"options are a JSON object of the game's options, not {shown(options)}"
        )
    text: str | None = None
    kwargs: dict[str, Any] = {}
    if content is not None:
        text, kwargs = read_content(module, content)
    try:
        state = module.new_game(None if options is None else dict(options), players=seats, **kwargs)
        chosen = module.Options.coerce(None if options is None else dict(options)).to_dict()
    except TabletopRulesError as error:
        raise MatchError("invalid_options", str(error)) from None
    if chosen.get("card_data_path") is not None:
        raise MatchError("invalid_options", "a match reads no file: card_data_path must be null")
    players = len(module.returns(state))  # one return per seat
    start = Match(module, seed, _canonical(chosen), players, undo, state, 0, (), 0, content=text)
    log: list[Entry] = []
    state, draws, cursor = _settle(start, state, log, 0, _history_cursor(module, state))
    return attrs.evolve(start, state=state, log=tuple(log), draws=draws, history_cursor=cursor)


def _check_request(match: Match, seat: object, version: object, *, ended: bool = False) -> int:
    """The seat, once the request is known to be about this version of a running match.

    `ended`: let the request through when the game is over but no seat resigned (for `submit`:
    a game may still take a report after its end, `_after_the_end`).
    """
    if type(seat) is not int or not 0 <= seat < match.players:
        who = "a spectator" if seat is None else shown(seat)
        raise MatchError("unknown_seat", f"{who} is not a seat of this match (seats 0..{match.players - 1})")
    if type(version) is not int:
        raise MatchError("invalid_request", f"a version is an integer, not {shown(version)}")
    if version != match.version:
        raise MatchError(
            "stale_version",
            f"version {version} is not the current one ({match.version}): fetch the view again",
        )
    if match.resigned is not None or (match.over and not ended):
        raise MatchError("game_over", "the match is over: it takes no more moves")
    limit = MAX_LOG_BY_GAME[match.game.GAME_INFO.name]
    if len(match.log) >= limit - LOG_RESERVE:
        raise MatchError(
            "log_full",
            f"the match has {len(match.log):,} log entries, the most a saved {match.game.GAME_INFO.name} "
            f"match may hold is {limit:,}: it takes no more requests",
        )
    return seat


def _after_the_end(match: Match, seat: int, move: object) -> Match:
    """`match` after a move the game still accepts once it is over (Trismaugistus: the human's final
    score, `ReportFinalScore`); any other request is refused with `game_over`."""
    game, state = match.game, match.state
    try:
        if isinstance(move, str | bytes | bytearray):
            move = load_json(move, limit=MAX_MOVE_CHARS, what="move JSON", error=InvalidMoveError)
        decoded = game.move_from_json(state, move)
    except TabletopRulesError as error:
        raise MatchError("game_over", f"the match is over: it takes no more moves ({error})") from None
    return _play(match, seat, decoded)


def _check_turn(match: Match, seat: int) -> None:
    actor = match.to_act
    if actor is not None and actor != seat:
        raise MatchError(
            "not_your_turn",
            f"it is {seat_name(match.game, match.players, actor)}'s turn (seat {actor}), "
            f"not {seat_name(match.game, match.players, seat)}'s (seat {seat})",
        )


def _illegal(game: Any, state: Any, move: Any, error: TabletopRulesError) -> MatchError:
    """The refusal of a well-formed move, with the move in the game's notation (never its repr)."""
    shown = _canonical(move.data) if type(move) is _AsJson else _label(game, state, move)
    label = f"the move {shown[:_MAX_LABEL]}"
    text, python = str(error), brief(move)
    text = text.replace(python, label) if python in text else f"{label} is not legal here: {text}"
    return MatchError("illegal_move", text)


def _play(match: Match, seat: int, move: Any) -> Match:
    """`match` after the legal decision `move` of `seat`, and the chance it leads to."""
    game, state = match.game, match.state
    after = game.apply(state, move)
    version = match.version + 1
    lines, cursor = _lines(game, after, match.history_cursor, match.players)
    entry = Entry(
        "move", seat, _canonical(game.move_to_json(state, move)), _label(game, state, move), version, lines
    )
    log = [*match.log, entry]
    settled, draws, cursor = _settle(match, after, log, version, cursor)
    undoable = match.undo_policy == "own_last" and draws == match.draws  # no chance drawn since the move
    return attrs.evolve(
        match,
        state=settled,
        version=version,
        log=tuple(log),
        draws=draws,
        history_cursor=cursor,
        undo_state=(state, match.history_cursor) if undoable else None,
    )


def submit(match: Match, seat: object, move: object, version: object) -> Match:
    """The match after `seat` plays `move` in the position of `version`, and chance is drawn.

    Args:
        match: the match.
        seat: the seat that sends the move (an `int`).
        move: the move JSON: a parsed object (`{"type": "Roll", "face": 7}`) or its JSON text
            (a `str` or UTF-8 `bytes` of at most `core.records.MAX_MOVE_CHARS` characters).
        version: the version of the view the move was chosen in.

    Raises:
        MatchError: `unknown_seat`, `invalid_request` (a version that is not an integer),
            `stale_version`, `game_over`, `not_your_turn`, `invalid_json`, `invalid_move` (with
            the `path` of the bad field) or `illegal_move`, checked in this order. Once the game
            is over, a move it still accepts is applied (Trismaugistus: the human's final score,
            `{"type": "ReportFinalScore", "points": 87}`) and any other is `game_over`.
    """
    who = _check_request(match, seat, version, ended=True)
    if match.over:
        return _after_the_end(match, who, move)
    _check_turn(match, who)
    if isinstance(move, str | bytes | bytearray):
        try:
            move = load_json(move, limit=MAX_MOVE_CHARS, what="move JSON", error=InvalidMoveError)
        except InvalidMoveError as error:
            raise MatchError("invalid_json", str(error)) from None
    game, state = match.game, match.state
    try:
        decoded = game.move_from_json(state, move)
    except IllegalMoveError as error:
        raise _illegal(game, state, _decode(game, state, move), error) from None
    except InvalidMoveError as error:
        raise MatchError("invalid_move", str(error), move_path(str(error))) from None
    return _play(match, who, decoded)


def _decode(game: Any, state: Any, move: Any) -> Any:
    """The move object that the JSON object `move` names (it decoded once), without the legality check.

    The games of the library decode with their `wire.MOVES`; another game's move is shown as its JSON.
    """
    wire = getattr(getattr(game, "wire", None), "MOVES", None)
    if isinstance(wire, MoveWire):
        with json_style():
            return wire.records[move["type"]].decode(move, "move", state)
    return _AsJson(move)


@attrs.frozen
class _AsJson:
    """A move that only its JSON can name (for a game whose notation this module cannot reach)."""

    data: Any


def submit_action(match: Match, seat: object, action: object, version: object) -> Match:
    """`submit` with the move's action id (`legal[i]["action"]` of a view) instead of its JSON.

    Raises:
        MatchError: as `submit`; an action id that is not an `int` of the game's action space is
            `invalid_move`, one that is not legal now `illegal_move`.
    """
    who = _check_request(match, seat, version)
    _check_turn(match, who)
    game, state = match.game, match.state
    if type(action) is not int:
        raise MatchError("invalid_move", f"an action id is an integer, not {shown(action)}")
    try:
        move = game.action_to_move(state, action)
    except TabletopRulesError as error:
        raise MatchError("invalid_move", str(error)) from None
    try:
        game.check_move(state, move)
    except IllegalMoveError as error:
        raise _illegal(game, state, move, error) from None
    except TabletopRulesError as error:
        raise MatchError("invalid_move", str(error)) from None
    return _play(match, who, move)


def undo(match: Match, seat: object, version: object) -> Match:
    """The match with `seat`'s last move taken back (policy `"own_last"`): the position before it.

    A move can be taken back while it is the last entry of the log: no chance outcome was drawn
    and no other seat acted after it (and it was not itself taken back). The log keeps the move
    and adds an `"undo"` entry, so every client's cursor stays valid.

    Raises:
        MatchError: `unknown_seat`, `invalid_request`, `stale_version`, `game_over`, or
            `undo_not_allowed` (policy `"none"`, or no move of `seat`'s to take back).
    """
    who = _check_request(match, seat, version)
    if match.undo_policy == "none":
        raise MatchError("undo_not_allowed", 'this match allows no undo (its undo policy is "none")')
    last = match.log[-1] if match.log else None
    if match.undo_state is None or last is None or last.kind != "move" or last.seat != who:
        raise MatchError(
            "undo_not_allowed",
            f"{seat_name(match.game, match.players, who)} has no move to take back: only the last move "
            "of the log can be, before chance or another seat acts",
        )
    version_ = match.version + 1
    entry = Entry("undo", who, None, "", version_)
    log = (*match.log, entry)
    state, cursor = match.undo_state
    return attrs.evolve(match, state=state, version=version_, log=log, history_cursor=cursor, undo_state=None)


def resign(match: Match, seat: object, version: object) -> Match:
    """The match over, `seat` having resigned; the position stays as it was.

    Raises:
        MatchError: `unknown_seat`, `invalid_request`, `stale_version` or `game_over`.
    """
    who = _check_request(match, seat, version)
    version_ = match.version + 1
    log = (*match.log, Entry("resign", who, None, "", version_))
    return attrs.evolve(match, version=version_, log=log, resigned=who, undo_state=None)
