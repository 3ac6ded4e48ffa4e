"""`Simulation`: the records of a run, its summary, its DataFrame and its JSON Lines file."""

from __future__ import annotations

import json
import os
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError
from tabletop_rules.core.extras import require
from tabletop_rules.core.jsonio import as_object, brief, load_json
from tabletop_rules.simulate._files import (
    MAX_RECORD_LINE,
    RECORDS_FORMAT,
    RECORDS_FORMAT_VERSION,
    _as_path,
    _canonical,
    _read_records,
)
from tabletop_rules.simulate._records import GameRecord, Scalar


@attrs.frozen
class Simulation:
    """The records of a run, in game order, and how they were made.

    Attributes:
        game: the game's short name (``"valandris"``).
        master_seed: the run's master seed.
        records: one ``GameRecord`` per finished game, in index order.
        run: the run's description (the records file's header) as canonical JSON text, or
            ``None`` when it is not known (a ``Simulation`` built by hand, or read from a
            version 1 file); ``save_jsonl`` writes it.
    """

    game: str
    master_seed: int
    records: tuple[GameRecord, ...]
    run: str | None = None

    def summary(self) -> dict[str, Any]:
        """Aggregate figures: moves per game, mean returns, and the outcome fields' distributions.

        Raises:
            InvalidStateError: if the records are of games with different player counts (runs
                of different setups mixed together).
        """
        records = self.records
        if not records:
            return {"game": self.game, "games": 0}
        counts = {len(r.returns) for r in records}
        if len(counts) > 1:
            raise InvalidStateError(
                f"the records mix games of {sorted(counts)} players: summarise one setup at a time"
            )
        players = len(records[0].returns)
        fields: dict[str, list[Scalar]] = {}
        for record in records:
            for key, value in record.outcome:
                fields.setdefault(key, []).append(value)
        return {
            "game": self.game,
            "games": len(records),
            "truncated": sum(r.truncated for r in records),
            "moves": _numeric([r.moves for r in records]),
            "mean_returns": [statistics.fmean(r.returns[p] for r in records) for p in range(players)],
            "outcome": {key: _aggregate(values) for key, values in fields.items()},
        }

    def to_dataframe(self) -> Any:
        """The records as a pandas DataFrame, one row per game (needs the ``data`` extra).

        Columns: ``index``, ``seed``, ``moves``, ``truncated``, ``winner`` (see
        ``GameRecord.winner``; missing when there is none), ``return_0`` ...
        ``return_<n-1>``, then the game's outcome fields (a field whose name
        clashes with one of these is prefixed ``outcome_``).
        """
        pandas = require("pandas", "Simulation.to_dataframe")
        rows = []
        for record in self.records:
            row: dict[str, Any] = {
                "index": record.index,
                "seed": record.seed,
                "moves": record.moves,
                "truncated": record.truncated,
                "winner": record.winner,
            }
            row.update((f"return_{p}", value) for p, value in enumerate(record.returns))
            for key, value in record.outcome:
                row[f"outcome_{key}" if key in row else key] = value
            rows.append(row)
        frame = pandas.DataFrame(rows)
        if "winner" in frame:
            frame["winner"] = frame["winner"].astype("Int64")
        return frame

    def save_jsonl(self, path: str | os.PathLike[str]) -> None:
        """Write the run as JSON Lines: a header line, then one line per game (``load_jsonl`` reads it).

        The header is ``run`` when it is known (a version 2 file, which ``simulate`` can resume),
        else a version 1 header of the game and master seed (a file that is read, not resumed).

        Raises:
            InvalidOptionError: if ``path`` is not a path, or the file cannot be written.
        """
        target = _as_path(path, "path")
        if self.run is not None:
            header = as_object(
                load_json(self.run, limit=MAX_RECORD_LINE, what="Simulation.run", error=InvalidOptionError),
                "Simulation.run",
                error=InvalidOptionError,
            )
        else:
            header = {
                "format": RECORDS_FORMAT,
                "format_version": 1,
                "game": self.game,
                "master_seed": self.master_seed,
            }
        try:
            with target.open("w", encoding="utf-8") as handle:
                handle.write(_canonical(header) + "\n")
                for record in self.records:
                    handle.write(json.dumps(record.to_dict(), sort_keys=True) + "\n")
        except (OSError, ValueError) as exc:
            raise InvalidOptionError(f"cannot write {brief(str(target))} ({type(exc).__name__})") from None

    @classmethod
    def load_jsonl(cls, path: str | os.PathLike[str]) -> Simulation:
        """The run that ``save_jsonl`` (or ``simulate(..., records_path=...)``) wrote.

        Files of both formats are read; a version 2 file's records are checked against its header
        (player count, and each seed against ``derive_seed``).

        Raises:
            InvalidStateError: if the file is unreadable, its header is not a records header, or
                a line is malformed, repeats a game or does not fit the header.
            InvalidOptionError: if ``path`` is not a path.
        """
        header, records, _ = _read_records(_as_path(path, "path"))
        run = _canonical(header) if header["format_version"] == RECORDS_FORMAT_VERSION else None
        ordered = tuple(sorted(records.values(), key=lambda r: r.index))
        return cls(header["game"], header["master_seed"], ordered, run)


def _numeric(values: Sequence[float]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "mean": statistics.fmean(values),
        "stdev": statistics.pstdev(values),
        "min": min(values),
        "median": statistics.median(values),
        "max": max(values),
    }
    if all(isinstance(v, int) for v in values):
        out["histogram"] = dict(sorted(Counter(values).items()))
    return out


def _aggregate(values: Sequence[Scalar]) -> dict[str, Any]:
    numbers = [v for v in values if isinstance(v, int | float) and not isinstance(v, bool)]
    if numbers and len(numbers) == len(values):
        return _numeric(numbers)
    counts = Counter(
        "none" if v is None else str(v).lower() if isinstance(v, bool) else str(v) for v in values
    )
    return {"counts": dict(sorted(counts.items()))}
