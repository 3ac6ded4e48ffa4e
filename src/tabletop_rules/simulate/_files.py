"""Records files: the header that describes a run, reading a file back, and the checks of a resumed run."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import IO, Any, Final

from tabletop_rules.agents.spec import agent_spec, value_spec
from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError
from tabletop_rules.core.jsonio import Fields, as_object, brief, load_json
from tabletop_rules.core.options import GameOptions
from tabletop_rules.core.protocol import Game
from tabletop_rules.core.records import MAX_SEED, check_seed, state_hash
from tabletop_rules.simulate._records import (
    MAX_MOVE_LIMIT,
    MAX_PLAYERS,
    SEED_SCHEME,
    GameRecord,
    _derive,
)
from tabletop_rules.simulate._setup import _Prepared

RECORDS_FORMAT: Final = "tabletop-simulation"
RECORDS_FORMAT_VERSION: Final = 2
"""Version 2 headers describe the whole run; version 1 files (game and master seed) are read, not resumed."""
MAX_RECORD_LINE: Final = 100_000
"""The longest line of a records file that ``load_jsonl`` reads."""

_MAX_HEADER_DEPTH: Final = 64
_SHA256_HEX: Final = frozenset("0123456789abcdef")

_RUN_FIELDS: Final = (
    ("game", "game"),
    ("module", "game module"),
    ("game_version", "rules version"),
    ("players", "player count"),
    ("options", "options"),
    ("setup", "setup"),
    ("start", "start function"),
    ("initial_sha256", "initial state (hash)"),
    ("max_moves", "move limit"),
    ("agents", "agents"),
    ("master_seed", "master seed"),
    ("seeds", "seed scheme"),
)
"""The fields of a version 2 header that define a run, in the order a resumed run is compared."""
_HEADER_KEYS: Final = ("format", "format_version", *(key for key, _ in _RUN_FIELDS))


def _options_spec(game: Game[Any, Any], options: Any) -> Any:
    """The options as the game reads them: its ``Options``' fields (so ``None`` and the defaults agree)."""
    cls = getattr(game, "Options", None)
    if isinstance(cls, type) and issubclass(cls, GameOptions):
        try:
            return value_spec(cls.coerce(options).to_dict())
        except InvalidOptionError:  # pragma: no cover - new_game took these options
            pass
    return value_spec(options)


def _header(prepared: _Prepared, options: Any, master_seed: int) -> dict[str, Any]:
    """The version 2 header: everything that defines the run, as JSON data."""
    game, run = prepared.game, prepared.run
    to_json = getattr(game, "to_json", None)
    header: dict[str, Any] = {
        "format": RECORDS_FORMAT,
        "format_version": RECORDS_FORMAT_VERSION,
        "game": run.module.rsplit(".", 1)[-1],
        "module": run.module,
        "game_version": game.GAME_INFO.version,
        "players": prepared.players,
        "options": _options_spec(game, options),
        "setup": value_spec(dict(run.setup)),
        "start": agent_spec(run.start),
        "initial_sha256": state_hash(game, prepared.initial) if callable(to_json) else None,
        "max_moves": run.max_moves,
        "agents": [agent_spec(agent) for agent in run.agents],
        "master_seed": master_seed,
        "seeds": SEED_SCHEME,
    }
    if len(_canonical(header)) > MAX_RECORD_LINE:  # many players with long descriptions: keep hashes
        for key in ("options", "setup", "start"):
            header[key] = _hashed(header[key])
        header["agents"] = [_hashed(spec) for spec in header["agents"]]
    return header


def _hashed(value: Any) -> dict[str, Any]:
    text = _canonical(value)
    return {"sha256": hashlib.sha256(text.encode()).hexdigest(), "chars": len(text)}


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _as_path(value: object, what: str) -> Path:
    """``value`` as a ``Path``, if it is a ``str`` or an ``os.PathLike`` of one."""
    if isinstance(value, str | os.PathLike):
        text = os.fspath(value)
        if type(text) is str and text and "\0" not in text:
            return Path(text)
    raise InvalidOptionError(f"{what} must be a path (a str or os.PathLike), not {brief(value)}")


def _open_records(path: Path, header: dict[str, Any]) -> tuple[dict[int, GameRecord], IO[str]]:
    """The records already in ``path`` (after checking it holds this run) and the file, open to append.

    Raises:
        InvalidOptionError: if the folder is missing, the path is a folder, the file cannot be
            written, or it holds another run (or a version 1 run, which cannot be checked).
        InvalidStateError: if the file is not a well-formed records file.
    """
    where = f"records_path {brief(str(path))}"
    try:
        folder = path.parent
        if not folder.is_dir():
            what = "is not a folder" if folder.exists() else "does not exist"
            raise InvalidOptionError(f"{where}: the folder {brief(str(folder))} {what}")
        exists = path.exists()
        if exists and not path.is_file():
            raise InvalidOptionError(f"{where} is not a file")
        size = path.stat().st_size if exists else 0
    except OSError as exc:
        raise InvalidOptionError(f"{where} cannot be used ({type(exc).__name__})") from None
    saved: dict[int, GameRecord] = {}
    try:
        if size:
            stored, saved, valid_bytes = _read_records(path)
            _check_same_run(path, stored, header)
            with path.open("r+b") as handle:  # drop a last line cut short by an interrupted run
                handle.truncate(valid_bytes)
            sink = path.open("a", encoding="utf-8")
        else:
            sink = path.open("w", encoding="utf-8")
            sink.write(_canonical(header) + "\n")
            sink.flush()
    except OSError as exc:
        raise InvalidOptionError(f"{where} cannot be written ({type(exc).__name__})") from None
    return saved, sink


def _check_same_run(path: Path, stored: dict[str, Any], header: dict[str, Any]) -> None:
    """Refuse a records file of another run, naming the first field that differs (both values)."""
    if stored["format_version"] != RECORDS_FORMAT_VERSION:
        raise InvalidOptionError(
            f"{brief(str(path))} is a records file of format version {stored['format_version']}, "
            "whose header does not say which options, setup, move limit and agents made it, "
            "so it cannot be resumed: read it with Simulation.load_jsonl, and give the new run "
            "another records_path"
        )
    wanted = json.loads(_canonical(header))
    for key, label in _RUN_FIELDS:
        difference = _first_difference(stored[key], wanted[key], "")
        if difference is not None:
            where, old, new = difference
            raise InvalidOptionError(
                f"{brief(str(path))} holds a run with {label}{where} {brief(old)}, not {brief(new)}: "
                "resume it with the same arguments, or give another records_path"
            )


_MISSING: Final = "<missing>"


def _first_difference(old: Any, new: Any, where: str) -> tuple[str, Any, Any] | None:
    """The path and both values of the first difference between two JSON values (depth is bounded)."""
    if type(old) is dict and type(new) is dict:
        for key in sorted(set(old) | set(new)):
            found = _first_difference(old.get(key, _MISSING), new.get(key, _MISSING), f"{where}.{key}")
            if found is not None:
                return found
        return None
    if type(old) is list and type(new) is list and len(old) == len(new):
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            found = _first_difference(a, b, f"{where}[{i}]")
            if found is not None:
                return found
        return None
    return None if type(old) is type(new) and old == new else (where, old, new)


def _read_records(path: Path) -> tuple[dict[str, Any], dict[int, GameRecord], int]:
    """The header, the records by index, and the bytes of complete lines.

    The file is read a line at a time (a line is at most ``MAX_RECORD_LINE`` bytes), so a
    huge file never sits in memory.  A last line without its newline (a run killed while
    writing) is not counted.

    Raises:
        InvalidStateError: naming the line at fault.
    """
    error = InvalidStateError
    where = brief(str(path))
    header: dict[str, Any] | None = None
    records: dict[int, GameRecord] = {}
    valid = 0
    number = 0
    try:
        with path.open("rb") as handle:
            while True:
                line = handle.readline(MAX_RECORD_LINE + 2)
                if not line.endswith(b"\n"):
                    if len(line) > MAX_RECORD_LINE:
                        raise error(f"{where}: line {number + 1} is longer than {MAX_RECORD_LINE} bytes")
                    break  # the end of the file, or a last line cut short
                number += 1
                valid += len(line)
                if header is None:
                    header = _read_header(line[:-1], where)
                elif line.strip():
                    record = _read_line(line[:-1], number, header)
                    if record.index in records:
                        raise error(f"{where}: line {number} records game {record.index} a second time")
                    records[record.index] = record
    except OSError as exc:
        raise error(f"cannot read the records file {where} ({type(exc).__name__})") from None
    if header is None:
        raise error(f"{where} is not a records file: it has no header line")
    return header, records, valid


def _read_header(line: bytes, where: str) -> dict[str, Any]:
    error = InvalidStateError
    data = as_object(
        load_json(line, limit=MAX_RECORD_LINE, what="records header", error=error),
        "records header",
        error=error,
    )
    version = data.get("format_version")
    if data.get("format") != RECORDS_FORMAT or type(version) is not int or version not in (1, 2):
        raise error(f"{where} is not a {RECORDS_FORMAT} file (format version 1 or {RECORDS_FORMAT_VERSION})")
    if version == 1:  # game and master seed only; master seeds could then be negative
        f = Fields(
            data, "records header", required=("format", "format_version", "game", "master_seed"), error=error
        )
        f.text("game", max_len=100)
        f.integer("master_seed", low=-(2**63), high=MAX_SEED)
        return dict(data)
    f = Fields(data, "records header", required=_HEADER_KEYS, error=error)
    f.text("game", max_len=100)
    f.text("module", max_len=200)
    f.integer("game_version", low=0, high=2**31)
    players = f.integer("players", low=1, high=MAX_PLAYERS)
    check_seed(data["master_seed"], "records header.master_seed", error=error)
    f.choice("seeds", (SEED_SCHEME,))
    f.optional_integer("max_moves", low=0, high=MAX_MOVE_LIMIT)
    digest = f.optional_text("initial_sha256", max_len=64)
    if digest is not None and (len(digest) != 64 or not set(digest) <= _SHA256_HEX):
        raise error("records header.initial_sha256: must be 64 lower-case hexadecimal digits or null")
    if len(f.array("agents", max_len=MAX_PLAYERS)) != players:
        raise error(f"records header.agents: must describe one agent for each of the {players} players")
    _check_depth(data, "records header")
    return dict(data)


def _check_depth(value: Any, where: str) -> None:
    """``InvalidStateError`` if ``value`` nests deeper than ``_MAX_HEADER_DEPTH`` (checked iteratively)."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > _MAX_HEADER_DEPTH:
            raise InvalidStateError(f"{where}: nested more than {_MAX_HEADER_DEPTH} deep")
        if type(item) is dict:
            stack.extend((v, depth + 1) for v in item.values())
        elif type(item) is list:
            stack.extend((v, depth + 1) for v in item)


def _read_line(line: bytes, number: int, header: dict[str, Any]) -> GameRecord:
    """One record, checked against a version 2 header (player count, seed)."""
    error = InvalidStateError
    data = load_json(line, limit=MAX_RECORD_LINE, what=f"records line {number}", error=error)
    record = GameRecord.from_dict(data, f"line {number}")
    if header["format_version"] == RECORDS_FORMAT_VERSION:
        if len(record.returns) != header["players"]:
            raise error(
                f"line {number}: {len(record.returns)} returns, not one per player ({header['players']})"
            )
        expected = _derive(header["master_seed"], record.index)
        if record.seed != expected:
            raise error(
                f"line {number}: game {record.index} has seed {record.seed}, but this run gives it {expected}"
            )
    return record
