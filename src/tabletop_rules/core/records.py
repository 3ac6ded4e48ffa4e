"""Game records: a small JSON format that replays a game exactly.

A record names the game and its behaviour version, holds the initial state (in
the game's own JSON, so options and any custom setup come along), and lists
every move in the game's notation, chance outcomes included::

    {"format": "tabletop-record", "format_version": 1, "game": "valandris", "game_version": 1,
     "seed": 7, "initial": {...}, "moves": ["place L A3", "place U E0", ..., "roll 5", ...],
     "final_sha256": "..."}

``replay`` rebuilds every state by parsing and applying the moves; the hash of
the final state's JSON makes any difference in behaviour visible, and the
optional ``states_sha256`` (the hash of every state, initial one first) names
the first move where it appears.  ``seed`` is informative only: the moves
themselves are authoritative.  A seed, here and everywhere else in the library
(``simulate``, ``derive_seed``, simulation records files), is an ``int`` in
``0 .. 2**64 - 1`` (`check_seed`).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from typing import Any, Final

from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError, TabletopRulesError
from tabletop_rules.core.jsonio import Fields, as_object, as_text, brief, load_json
from tabletop_rules.core.playout import MAX_SEED, Playout, check_seed
from tabletop_rules.core.protocol import Game, GameInfo, MoveT, StateT

__all__ = [
    "MAX_MOVE_CHARS",
    "MAX_RECORD_CHARS",
    "MAX_RECORD_MOVES",
    "MAX_SEED",
    "check_seed",
    "make_record",
    "record_playout",
    "replay",
    "state_hash",
]

FORMAT: Final = "tabletop-record"
FORMAT_VERSION: Final = 1
MAX_RECORD_CHARS: Final = 20_000_000
MAX_RECORD_MOVES: Final = 1_000_000
MAX_MOVE_CHARS: Final = 10_000
"""The longest move text a record may hold (every game's notation is far shorter)."""
_SHA256: Final = re.compile(r"[0-9a-f]{64}")


def _game_info(game: object, what: str) -> GameInfo:
    """The ``GAME_INFO`` of a game module; ``InvalidOptionError`` for anything else."""
    info = getattr(game, "GAME_INFO", None)
    if not isinstance(info, GameInfo):
        raise InvalidOptionError(f"{what} takes a game module (with a GAME_INFO), not {brief(game)}")
    return info


def _check_state_type(game: object, state: object, what: str) -> None:
    """``InvalidStateError`` if the game module has a ``State`` class and ``state`` is not one."""
    kind = getattr(game, "State", None)
    if isinstance(kind, type) and type(state) is not kind:
        found = f"{type(state).__module__}.{type(state).__qualname__}"
        raise InvalidStateError(f"{what}: a {found} is not a {getattr(game, '__name__', '?')}.State")


def state_hash(game: Game[StateT, MoveT], state: StateT) -> str:
    """The SHA-256 of the state's canonical JSON: equal states, equal hashes."""
    return hashlib.sha256(game.to_json(state).encode()).hexdigest()


def make_record(
    game: Game[StateT, MoveT],
    initial: StateT,
    moves: Sequence[MoveT],
    *,
    seed: int | None = None,
    states_sha256: bool = False,
) -> dict[str, Any]:
    """The record of a game played from ``initial`` through ``moves`` (a JSON-ready dict).

    Args:
        game: the game module.
        initial: the first state.
        moves: every move from there, chance outcomes included (a list or tuple).
        seed: the seed that played the game (informative), or ``None``.
        states_sha256: also store the hash of every state, so that ``replay`` names the
            first move whose state differs (a record then grows by 67 characters a move).

    Raises:
        InvalidOptionError: on a bad seed, a non-game ``game`` or ``moves`` that is not a list or
            tuple of at most ``MAX_RECORD_MOVES`` moves.
        InvalidStateError: if ``initial`` is not a state of the game.
        InvalidMoveError, IllegalMoveError: if a move is not legal where it stands.
    """
    info = _game_info(game, "make_record")
    if seed is not None:
        check_seed(seed)
    if type(moves) not in (list, tuple):
        raise InvalidOptionError(f"make_record: moves must be a list or tuple, not {type(moves).__name__}")
    if len(moves) > MAX_RECORD_MOVES:
        raise InvalidOptionError(f"make_record: a record holds at most {MAX_RECORD_MOVES} moves")
    _check_state_type(game, initial, "make_record")
    state = initial
    texts = []
    hashes = [state_hash(game, state)] if states_sha256 else []
    for move in moves:
        texts.append(game.move_to_str(state, move))
        state = game.apply(state, move)
        if states_sha256:
            hashes.append(state_hash(game, state))
    record = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": info.name,
        "game_version": info.version,
        "seed": seed,
        "initial": json.loads(game.to_json(initial)),
        "moves": texts,
        "final_sha256": state_hash(game, state),
    }
    if states_sha256:
        record["states_sha256"] = hashes
    return record


def record_playout(
    game: Game[StateT, MoveT], playout: Playout[StateT, MoveT], *, states_sha256: bool = False
) -> dict[str, Any]:
    """The record of a ``Playout`` (see `make_record`).

    Raises:
        InvalidOptionError: if ``playout`` is not a ``Playout`` or its seed is not a seed.
    """
    if not isinstance(playout, Playout):
        raise InvalidOptionError(f"record_playout takes a Playout, not {type(playout).__name__}")
    return make_record(game, playout.initial, playout.moves, seed=playout.seed, states_sha256=states_sha256)


def replay(game: Game[StateT, MoveT], record: dict[str, Any] | str) -> list[StateT]:
    """Every state of a recorded game, from the initial one to the last.

    Raises:
        InvalidStateError: if the record is malformed (the final hash is
            required, so a truncated record is caught), is for another game or
            behaviour version, names a move that does not parse or is not legal
            where it stands (the message gives its index), reaches a state whose
            hash differs from its entry of ``states_sha256`` (when the record has
            them: the message names the first such move), or ends in a state
            whose hash differs from ``final_sha256``.
        InvalidOptionError: if ``game`` is not a game module.
    """
    info = _game_info(game, "replay")
    data = _load(record)
    if data["game"] != info.name:
        raise InvalidStateError(f"record is of {brief(data['game'])}, not {brief(info.name)}")
    if data["game_version"] != info.version:
        raise InvalidStateError(
            f"record was made by {info.name} behaviour version {data['game_version']}, this is {info.version}"
        )
    hashes: list[str] | None = data.get("states_sha256")
    moves: list[str] = data["moves"]
    if hashes is not None and len(hashes) != len(moves) + 1:
        raise InvalidStateError(
            f"record.states_sha256 has {len(hashes)} hashes, not one per state ({len(moves) + 1})"
        )
    state = game.from_json(json.dumps(data["initial"]))
    if hashes is not None and state_hash(game, state) != hashes[0]:
        raise InvalidStateError("the initial state differs from the recorded one (states_sha256[0])")
    states = [state]
    for index, text in enumerate(moves):
        try:
            move = game.parse_move(state, text)
            state = game.apply(state, move)
        except TabletopRulesError as exc:
            raise InvalidStateError(f"record move {index} ({brief(text)}): {exc}") from None
        if hashes is not None and state_hash(game, state) != hashes[index + 1]:
            raise InvalidStateError(
                f"the state after record move {index} ({brief(text)}) differs from the recorded one "
                f"(states_sha256[{index + 1}])"
            )
        states.append(state)
    if state_hash(game, state) != data["final_sha256"]:
        raise InvalidStateError("the replayed final state differs from the recorded one (final_sha256)")
    return states


def _load(record: dict[str, Any] | str) -> dict[str, Any]:
    """The checked record: a dict is written to JSON first, so both forms pass the same strict reader."""
    if isinstance(record, dict):
        try:
            record = json.dumps(record)
        except (TypeError, ValueError, RecursionError) as exc:
            raise InvalidStateError(f"a record holds only JSON values ({type(exc).__name__})") from None
    data = load_json(record, limit=MAX_RECORD_CHARS, what="game record")
    fields = Fields(
        data,
        "record",
        required=("format", "format_version", "game", "game_version", "initial", "moves", "final_sha256"),
        optional=("seed", "states_sha256"),
    )
    if fields.raw("format") != FORMAT:
        raise InvalidStateError(f"not a {FORMAT} record: format is {brief(fields.raw('format'))}")
    version = fields.raw("format_version")
    if type(version) is not int or version != FORMAT_VERSION:  # not True, not 1.0, not "1"
        raise InvalidStateError(
            f"not a {FORMAT} version {FORMAT_VERSION} record: its format_version is {brief(version)} "
            f"(this library reads version {FORMAT_VERSION}, an integer)"
        )
    fields.text("game", max_len=64)
    fields.integer("game_version", low=0, high=2**31)
    fields.items(
        "moves", lambda m, where: as_text(m, where, max_len=MAX_MOVE_CHARS), max_len=MAX_RECORD_MOVES
    )
    as_object(fields.raw("initial"), "record.initial")
    final = fields.text("final_sha256", max_len=64)
    if not _SHA256.fullmatch(final):
        raise InvalidStateError("record.final_sha256: must be 64 lower-case hexadecimal digits")
    if fields.has("states_sha256"):  # the hash of every state (make_record(states_sha256=True))
        hashes = fields.array("states_sha256", max_len=MAX_RECORD_MOVES + 1)
        for index, value in enumerate(hashes):
            if not _SHA256.fullmatch(as_text(value, f"record.states_sha256[{index}]", max_len=64)):
                raise InvalidStateError(
                    f"record.states_sha256[{index}]: must be 64 lower-case hexadecimal digits"
                )
    if fields.raw("seed") is not None:
        check_seed(fields.raw("seed"), "record.seed", error=InvalidStateError)
    return dict(fields.data)
