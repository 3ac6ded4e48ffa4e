"""Simulations at scale: many seeded games, in-process or on any executor.

::

    from concurrent.futures import ProcessPoolExecutor
    from tabletop_rules import valandris
    from tabletop_rules.simulate import simulate
    from tabletop_rules.valandris.agents import greedy_agent

    result = simulate(valandris, 1000, agents=[greedy_agent, greedy_agent], master_seed=7)
    print(result.summary()["outcome"]["score"])

    with ProcessPoolExecutor() as pool:               # the same records, in parallel
        assert simulate(valandris, 1000, agents=[greedy_agent, greedy_agent],
                        master_seed=7, executor=pool) == result

Each game's seed is derived from the master seed and the game's index alone, so
the records are identical whatever runs them: in-process, a process pool, or a
Dask cluster through ``client.get_executor()``.  Games are sent to an executor
in chunks by the game module's *name*, so agents must be picklable (module-level
functions); ``None`` stands for the uniformly random agent.

A game module may define ``outcome(state) -> dict`` describing a finished game
(for example Valandris' score and capturing creature); the summary aggregates
its numeric fields into distributions and the others into counts.

Results are data: ``Simulation.to_dataframe()`` gives a pandas DataFrame (the
``data`` extra), ``save_jsonl``/``load_jsonl`` store the records as JSON Lines,
and ``simulate(..., records_path=PATH)`` appends every finished game to such a
file as it goes and, run again, resumes from it.  An error in one game raises
``SimulationError``, which names the game's index and seed and keeps the
records of every game that finished.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import math
import os
import random
import statistics
import sys
import traceback
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from pathlib import Path
from typing import Any, Final

import attrs

from tabletop_rules.core.errors import TabletopRulesError
from tabletop_rules.core.extras import require
from tabletop_rules.core.jsonio import Fields, as_object, as_text, brief, load_json
from tabletop_rules.core.playout import random_playout
from tabletop_rules.core.protocol import Game

__all__ = [
    "AgentSpec",
    "GameRecord",
    "Simulation",
    "SimulationError",
    "derive_seed",
    "play_one",
    "records_table",
    "simulate",
]

RECORDS_FORMAT: Final = "tabletop-simulation"
RECORDS_FORMAT_VERSION: Final = 1
MAX_RECORD_LINE: Final = 100_000
"""The longest line of a records file that ``load_jsonl`` reads."""

AgentSpec = Callable[[Any, random.Random], Any] | None
Scalar = int | float | str | bool | None


def derive_seed(master_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: a 64-bit hash of the master seed and the index."""
    digest = hashlib.blake2b(f"{master_seed}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


@attrs.frozen
class GameRecord:
    """One finished (or truncated) game of a simulation."""

    index: int
    seed: int
    moves: int
    truncated: bool
    returns: tuple[float, ...]
    outcome: tuple[tuple[str, Scalar], ...]

    def outcome_dict(self) -> dict[str, Scalar]:
        return dict(self.outcome)

    @property
    def winner(self) -> int | None:
        """The player with the single highest return in a finished game of two or more players, else None."""
        if self.truncated or len(self.returns) < 2:
            return None
        best = max(self.returns)
        leaders = [p for p, value in enumerate(self.returns) if value == best]
        return leaders[0] if len(leaders) == 1 else None

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict (one line of a records file)."""
        return {
            "index": self.index,
            "seed": self.seed,
            "moves": self.moves,
            "truncated": self.truncated,
            "returns": list(self.returns),
            "outcome": dict(self.outcome),
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "record") -> GameRecord:
        """The record that ``to_dict`` wrote.

        Raises:
            TabletopRulesError: if a field is missing, unknown or of the wrong type.
        """
        error = TabletopRulesError
        keys = ("index", "seed", "moves", "truncated", "returns", "outcome")
        f = Fields(data, where, required=keys, error=error)
        returns = tuple(
            _number(v, f"{where}.returns[{i}]") for i, v in enumerate(f.array("returns", max_len=64))
        )
        outcome = as_object(f.raw("outcome"), f"{where}.outcome", error=error)
        for key, value in outcome.items():
            as_text(key, f"{where}.outcome key", max_len=200, error=error)
            if value is not None and not isinstance(value, bool | int | float | str):
                raise error(f"{where}.outcome.{brief(key)}: must be a number, string, bool or null")
        return cls(
            index=f.integer("index", low=0, high=2**63),
            seed=f.integer("seed", low=0, high=2**64),
            moves=f.integer("moves", low=0, high=2**63),
            truncated=f.boolean("truncated"),
            returns=returns,
            outcome=tuple(sorted(outcome.items())),
        )


def _number(value: object, where: str) -> float:
    if type(value) is int or (type(value) is float and math.isfinite(value)):
        return value
    raise TabletopRulesError(f"{where}: must be a finite number, not {brief(value)}")


@attrs.frozen
class Simulation:
    """The records of a run, in game order, and how they were made."""

    game: str
    master_seed: int
    records: tuple[GameRecord, ...]

    def summary(self) -> dict[str, Any]:
        """Aggregate figures: moves per game, mean returns, and the outcome fields' distributions."""
        records = self.records
        if not records:
            return {"game": self.game, "games": 0}
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
        """Write the run as JSON Lines: a header line, then one line per game (``load_jsonl`` reads it)."""
        with Path(path).open("w", encoding="utf-8") as handle:
            handle.write(json.dumps(_header(self.game, self.master_seed)) + "\n")
            for record in self.records:
                handle.write(json.dumps(record.to_dict(), sort_keys=True) + "\n")

    @classmethod
    def load_jsonl(cls, path: str | os.PathLike[str]) -> Simulation:
        """The run that ``save_jsonl`` (or ``simulate(..., records_path=...)``) wrote.

        Raises:
            TabletopRulesError: if the file is unreadable or a line is malformed.
        """
        game, master_seed, records, _ = _read_records(Path(path))
        return cls(game, master_seed, tuple(sorted(records.values(), key=lambda r: r.index)))


class SimulationError(RuntimeError):
    """A game of a simulation failed.

    Attributes:
        index, seed: the failing game's index and seed (``play_one(game, seed)`` replays it).
        partial: a ``Simulation`` of every game that finished.
        details: the original error and its traceback, as text.
    """

    def __init__(self, index: int, seed: int, details: str, partial: Simulation) -> None:
        first = details.strip().splitlines()[-1] if details.strip() else "unknown error"
        super().__init__(
            f"game {index} (seed {seed}) of the {partial.game} simulation failed: {first}; "
            f"{len(partial.records)} finished games are kept in .partial"
        )
        self.index = index
        self.seed = seed
        self.details = details
        self.partial = partial


@attrs.frozen
class _Failure:
    index: int
    seed: int
    details: str


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


def play_one(
    game: Game[Any, Any],
    seed: int,
    *,
    index: int = 0,
    agents: Sequence[AgentSpec] | None = None,
    options: Any = None,
    setup: Mapping[str, Any] | None = None,
    max_moves: int | None = None,
    start: Callable[[], Any] | None = None,
) -> GameRecord:
    """Play one seeded game and record it (``None`` agents play uniformly at random)."""
    initial = start() if start is not None else game.new_game(options, **(setup or {}))
    resolved = None
    if agents is not None:
        resolved = [agent if agent is not None else _uniform(game) for agent in agents]
    playout = random_playout(game, seed, initial=initial, agents=resolved, max_moves=max_moves)
    describe = getattr(game, "outcome", None)
    outcome: tuple[tuple[str, Scalar], ...] = ()
    if describe is not None and game.is_terminal(playout.final):
        outcome = tuple(sorted(describe(playout.final).items()))
    return GameRecord(
        index, seed, len(playout.moves), playout.truncated, tuple(game.returns(playout.final)), outcome
    )


def _uniform(game: Game[Any, Any]) -> Callable[[Any, random.Random], Any]:
    def agent(state: Any, rng: random.Random) -> Any:
        return rng.choice(game.legal_moves(state))

    return agent


def _play_chunk(
    game_name: str,
    jobs: Sequence[tuple[int, int]],
    agents: Sequence[AgentSpec] | None,
    options: Any,
    setup: Mapping[str, Any] | None,
    max_moves: int | None,
    start: Callable[[], Any] | None,
) -> tuple[list[GameRecord], _Failure | None]:
    """Worker entry point: import the game by name and play a chunk of (index, seed) jobs.

    A game that raises stops the chunk; its index, seed and traceback come back as text (an
    exception object need not be picklable), with the records of the games before it.
    """
    game: Game[Any, Any] = importlib.import_module(game_name)
    done: list[GameRecord] = []
    for index, seed in jobs:
        try:
            done.append(
                play_one(
                    game,
                    seed,
                    index=index,
                    agents=agents,
                    options=options,
                    setup=setup,
                    max_moves=max_moves,
                    start=start,
                )
            )
        except Exception:
            return done, _Failure(index, seed, traceback.format_exc())
    return done, None


def simulate(
    game: Game[Any, Any],
    games: int,
    *,
    agents: Sequence[AgentSpec] | None = None,
    options: Any = None,
    setup: Mapping[str, Any] | None = None,
    master_seed: int = 0,
    executor: Executor | None = None,
    chunk_size: int = 25,
    max_moves: int | None = None,
    progress: bool | None = None,
    start: Callable[[], Any] | None = None,
    records_path: str | os.PathLike[str] | None = None,
) -> Simulation:
    """Play ``games`` seeded games of ``game`` and return their records.

    Args:
        game: a game module (it is sent to executors by its module name).
        games: how many games to play.
        agents: one agent per player (``None`` entries, or ``agents=None``, play
            uniformly at random); agents must be picklable to use an executor.
        options: the game's options object, passed to ``new_game``.
        setup: extra keyword arguments for ``new_game`` (for example ``players=4``).
        master_seed: game *i* uses ``derive_seed(master_seed, i)``.
        executor: any ``concurrent.futures.Executor``; ``None`` plays in-process.
        chunk_size: games per task sent to the executor.
        max_moves: truncate games longer than this (recorded as ``truncated``).
        progress: show a tqdm progress bar (``None``: only when stderr is a terminal
            and tqdm is installed).
        start: instead of ``new_game(options, **setup)``, a picklable function of no
            arguments returning the initial state (for example
            ``functools.partial(trismaugistus.new_game_with_setup, "setup d3 exp=FX-S1 art=FX-AS1")``).
        records_path: a JSON Lines file that receives every finished game as it
            finishes; if it exists, the games it holds are not played again (a
            resumed run), after checking that it is the same game and master seed.

    Returns:
        The records of all games, in index order.

    Raises:
        SimulationError: if a game raises; it names the game's index and seed and
            holds the records of every game that finished (also in ``records_path``).
        ValueError: on bad arguments, or a records file of another run.
    """
    if type(games) is not int or games < 0:
        raise ValueError("games must be a non-negative int")
    if type(chunk_size) is not int or chunk_size < 1:
        raise ValueError("chunk_size must be at least 1")
    name = getattr(game, "__name__", None)
    if not isinstance(name, str):
        raise TypeError("simulate takes a game module")
    short = name.rsplit(".", 1)[-1]
    saved: dict[int, GameRecord] = {}
    sink = None
    if records_path is not None:
        path = Path(records_path)
        if path.exists():
            saved_game, saved_seed, saved, valid_bytes = _read_records(path)
            if (saved_game, saved_seed) != (short, master_seed):
                raise ValueError(
                    f"{brief(str(path))} holds a {saved_game} run with master seed {saved_seed}, "
                    f"not {short} with {master_seed}"
                )
            with path.open("r+b") as handle:  # drop a last line cut short by an interrupted run
                handle.truncate(valid_bytes)
            sink = path.open("a", encoding="utf-8")
        else:
            sink = path.open("w", encoding="utf-8")
            sink.write(json.dumps(_header(short, master_seed)) + "\n")
            sink.flush()
    jobs = [(i, derive_seed(master_seed, i)) for i in range(games) if i not in saved]
    chunks = [jobs[i : i + chunk_size] for i in range(0, len(jobs), chunk_size)]
    bar = _progress_bar(games, short, progress)
    _advance(bar, games - len(jobs))
    records: list[GameRecord] = [r for r in saved.values() if r.index < games]
    failures: list[_Failure] = []

    def take(result: tuple[list[GameRecord], _Failure | None]) -> None:
        done, failure = result
        records.extend(done)
        if sink is not None:
            sink.writelines(json.dumps(r.to_dict(), sort_keys=True) + "\n" for r in done)
            sink.flush()
        if failure is not None:
            failures.append(failure)
        _advance(bar, len(done))

    try:
        if executor is None:
            for chunk in chunks:
                take(_play_chunk(name, chunk, agents, options, setup, max_moves, start))
                if failures:
                    break
        else:
            futures: list[Future[tuple[list[GameRecord], _Failure | None]]] = [
                executor.submit(_play_chunk, name, chunk, agents, options, setup, max_moves, start)
                for chunk in chunks
            ]
            for future in as_completed(futures):
                take(future.result())
    finally:
        if bar is not None:
            bar.close()
        if sink is not None:
            sink.close()
    records.sort(key=lambda r: r.index)
    result = Simulation(short, master_seed, tuple(records))
    if failures:
        first = min(failures, key=lambda f: f.index)
        raise SimulationError(first.index, first.seed, first.details, result)
    return result


def _header(game: str, master_seed: int) -> dict[str, Any]:
    return {
        "format": RECORDS_FORMAT,
        "format_version": RECORDS_FORMAT_VERSION,
        "game": game,
        "master_seed": master_seed,
    }


def _read_records(path: Path) -> tuple[str, int, dict[int, GameRecord], int]:
    """The header's game and master seed, the records by index, and the bytes of complete lines.

    A last line without its newline (a run killed while writing) is not counted.
    """
    error = TabletopRulesError
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise error(f"cannot read the records file {brief(str(path))}: {type(exc).__name__}") from None
    lines = raw.split(b"\n")
    complete = lines[:-1]  # the part after the last newline is incomplete (or empty)
    if not complete:
        raise error(f"{brief(str(path))} is not a records file: it has no header line")
    header = Fields(
        load_json(complete[0], limit=MAX_RECORD_LINE, what="records header", error=error),
        "records header",
        required=("format", "format_version", "game", "master_seed"),
        error=error,
    )
    if header.raw("format") != RECORDS_FORMAT or header.raw("format_version") != RECORDS_FORMAT_VERSION:
        raise error(f"{brief(str(path))} is not a {RECORDS_FORMAT} version {RECORDS_FORMAT_VERSION} file")
    game = header.text("game", max_len=100)
    master_seed = header.integer("master_seed", low=-(2**63), high=2**63)
    records: dict[int, GameRecord] = {}
    for number, line in enumerate(complete[1:], start=2):
        if not line.strip():
            continue
        data = load_json(line, limit=MAX_RECORD_LINE, what=f"records line {number}", error=error)
        record = GameRecord.from_dict(data, f"line {number}")
        records[record.index] = record
    return game, master_seed, records, len(raw) - len(lines[-1])


def _progress_bar(total: int, name: str, wanted: bool | None) -> Any:
    if wanted is False or (wanted is None and not sys.stderr.isatty()):
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        if wanted:
            warnings.warn(
                "progress=True needs tqdm: pip install 'tabletop-rules[simulate]'; running without a bar",
                RuntimeWarning,
                stacklevel=3,
            )
        return None
    return tqdm(total=total, desc=name, unit="game")


def _advance(bar: Any, n: int) -> None:
    if bar is not None:
        bar.update(n)


def records_table(records: Iterable[GameRecord]) -> list[dict[str, Any]]:
    """The records as plain dicts (for JSON or a data frame)."""
    return [
        {
            "index": r.index,
            "seed": r.seed,
            "moves": r.moves,
            "truncated": r.truncated,
            "returns": list(r.returns),
            **dict(r.outcome),
        }
        for r in records
    ]
