"""Game records: a small JSON format that replays a game exactly.

A record names the game and its behaviour version, holds the initial state (in
the game's own JSON, so options and any custom setup come along), and lists
every move in the game's notation, chance outcomes included::

    {"format": "tabletop-record", "format_version": 1, "game": "valandris", "game_version": 1,
     "seed": 7, "initial": {...}, "moves": ["place L A3", "place U E0", ..., "roll 5", ...],
     "final_sha256": "..."}

``replay`` rebuilds every state by parsing and applying the moves; the hash of
the final state's JSON makes any difference in behaviour visible.  ``seed`` is
informative only: the moves themselves are authoritative.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any, Final

from tabletop_rules.core.errors import InvalidStateError, TabletopRulesError
from tabletop_rules.core.playout import Playout
from tabletop_rules.core.protocol import Game, MoveT, StateT

__all__ = [
    "MAX_RECORD_CHARS",
    "MAX_RECORD_MOVES",
    "make_record",
    "record_playout",
    "replay",
    "state_hash",
]

FORMAT: Final = "tabletop-record"
FORMAT_VERSION: Final = 1
MAX_RECORD_CHARS: Final = 20_000_000
MAX_RECORD_MOVES: Final = 1_000_000


def state_hash(game: Game[StateT, MoveT], state: StateT) -> str:
    """The SHA-256 of the state's canonical JSON: equal states, equal hashes."""
    return hashlib.sha256(game.to_json(state).encode()).hexdigest()


def make_record(
    game: Game[StateT, MoveT],
    initial: StateT,
    moves: Sequence[MoveT],
    *,
    seed: int | None = None,
) -> dict[str, Any]:
    """The record of a game played from ``initial`` through ``moves`` (a JSON-ready dict)."""
    state = initial
    texts = []
    for move in moves:
        texts.append(game.move_to_str(state, move))
        state = game.apply(state, move)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game.GAME_INFO.name,
        "game_version": game.GAME_INFO.version,
        "seed": seed,
        "initial": json.loads(game.to_json(initial)),
        "moves": texts,
        "final_sha256": state_hash(game, state),
    }


def record_playout(game: Game[StateT, MoveT], playout: Playout[StateT, MoveT]) -> dict[str, Any]:
    """The record of a :class:`~tabletop_rules.core.Playout`."""
    return make_record(game, playout.initial, playout.moves, seed=playout.seed)


def replay(game: Game[StateT, MoveT], record: dict[str, Any] | str) -> list[StateT]:
    """Every state of a recorded game, from the initial one to the last.

    Raises:
        InvalidStateError: if the record is malformed, is for another game or
            behaviour version, names a move that does not parse or is not legal
            where it stands (the message gives its index), or ends in a state
            whose hash differs from ``final_sha256``.
    """
    data = _load(record)
    info = game.GAME_INFO
    if data["game"] != info.name:
        raise InvalidStateError(f"record is of {data['game']!r}, not {info.name!r}")
    if data["game_version"] != info.version:
        raise InvalidStateError(
            f"record was made by {info.name} behaviour version {data['game_version']}, this is {info.version}"
        )
    state = game.from_json(json.dumps(data["initial"]))
    states = [state]
    for index, text in enumerate(data["moves"]):
        try:
            move = game.parse_move(state, text)
            state = game.apply(state, move)
        except TabletopRulesError as exc:
            raise InvalidStateError(f"record move {index} ({text!r}): {exc}") from None
        states.append(state)
    expected = data.get("final_sha256")
    if expected is not None and state_hash(game, state) != expected:
        raise InvalidStateError("the replayed final state differs from the recorded one (final_sha256)")
    return states


def _load(record: dict[str, Any] | str) -> dict[str, Any]:
    if isinstance(record, str):
        if len(record) > MAX_RECORD_CHARS:
            raise InvalidStateError(f"record text longer than {MAX_RECORD_CHARS} characters")
        try:
            record = json.loads(record)
        except (ValueError, RecursionError) as exc:
            raise InvalidStateError(f"record is not valid JSON: {exc}") from None
    if not isinstance(record, dict):
        raise InvalidStateError("a record is a JSON object")
    required = {"format", "format_version", "game", "game_version", "initial", "moves"}
    missing = sorted(required - set(record))
    if missing:
        raise InvalidStateError(f"record lacks {missing}")
    if record["format"] != FORMAT or record["format_version"] != FORMAT_VERSION:
        raise InvalidStateError(f"not a {FORMAT} version {FORMAT_VERSION} record")
    moves = record["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise InvalidStateError("record moves must be a list of strings")
    if len(moves) > MAX_RECORD_MOVES:
        raise InvalidStateError(f"record has more than {MAX_RECORD_MOVES} moves")
    if not isinstance(record["initial"], dict):
        raise InvalidStateError("record initial state must be a JSON object")
    final = record.get("final_sha256")
    if final is not None and not isinstance(final, str):
        raise InvalidStateError("final_sha256 must be a string")
    return record
