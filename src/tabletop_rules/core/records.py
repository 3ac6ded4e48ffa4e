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
import re
from collections.abc import Sequence
from typing import Any, Final

from tabletop_rules.core.errors import InvalidStateError, TabletopRulesError
from tabletop_rules.core.jsonio import Fields, as_object, as_text, load_json
from tabletop_rules.core.playout import Playout
from tabletop_rules.core.protocol import Game, MoveT, StateT

__all__ = [
    "MAX_MOVE_CHARS",
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
MAX_MOVE_CHARS: Final = 10_000
"""The longest move text a record may hold (every game's notation is far shorter)."""
_SHA256: Final = re.compile(r"[0-9a-f]{64}")


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
    """The record of a ``Playout``."""
    return make_record(game, playout.initial, playout.moves, seed=playout.seed)


def replay(game: Game[StateT, MoveT], record: dict[str, Any] | str) -> list[StateT]:
    """Every state of a recorded game, from the initial one to the last.

    Raises:
        InvalidStateError: if the record is malformed (the final hash is
            required, so a truncated record is caught), is for another game or
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
    if fields.raw("format") != FORMAT or fields.raw("format_version") != FORMAT_VERSION:
        raise InvalidStateError(f"not a {FORMAT} version {FORMAT_VERSION} record")
    fields.text("game", max_len=64)
    fields.integer("game_version", low=0, high=2**31)
    fields.items(
        "moves", lambda m, where: as_text(m, where, max_len=MAX_MOVE_CHARS), max_len=MAX_RECORD_MOVES
    )
    as_object(fields.raw("initial"), "record.initial")
    final = fields.text("final_sha256", max_len=64)
    if not _SHA256.fullmatch(final):
        raise InvalidStateError("record.final_sha256: must be 64 lower-case hexadecimal digits")
    if fields.has("states_sha256"):  # the hash of every state, written by the golden playthroughs
        hashes = fields.array("states_sha256", max_len=MAX_RECORD_MOVES + 1)
        for index, value in enumerate(hashes):
            as_text(value, f"record.states_sha256[{index}]", max_len=64)
    if fields.raw("seed") is not None:
        fields.integer("seed", low=-(2**63), high=2**63 - 1)
    return dict(fields.data)
