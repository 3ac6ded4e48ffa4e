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
"""

from __future__ import annotations

import hashlib
import importlib
import random
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from typing import Any

import attrs

from tabletop_rules.core.playout import random_playout
from tabletop_rules.core.protocol import Game

__all__ = ["AgentSpec", "GameRecord", "Simulation", "derive_seed", "play_one", "records_table", "simulate"]

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
) -> list[GameRecord]:
    """Worker entry point: import the game by name and play a chunk of (index, seed) jobs."""
    game: Game[Any, Any] = importlib.import_module(game_name)
    return [
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
        for index, seed in jobs
    ]


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
    """
    if games < 0:
        raise ValueError("games must be non-negative")
    if chunk_size < 1:
        raise ValueError("chunk_size must be at least 1")
    name = getattr(game, "__name__", None)
    if not isinstance(name, str):
        raise TypeError("simulate takes a game module")
    jobs = [(i, derive_seed(master_seed, i)) for i in range(games)]
    chunks = [jobs[i : i + chunk_size] for i in range(0, games, chunk_size)]
    bar = _progress_bar(games, name, progress)
    records: list[GameRecord] = []
    if executor is None:
        for chunk in chunks:
            records += _play_chunk(name, chunk, agents, options, setup, max_moves, start)
            _advance(bar, len(chunk))
    else:
        futures: list[Future[list[GameRecord]]] = [
            executor.submit(_play_chunk, name, chunk, agents, options, setup, max_moves, start)
            for chunk in chunks
        ]
        for future in as_completed(futures):
            done = future.result()
            records += done
            _advance(bar, len(done))
    if bar is not None:
        bar.close()
    records.sort(key=lambda r: r.index)
    return Simulation(name.rsplit(".", 1)[-1], master_seed, tuple(records))


def _progress_bar(total: int, name: str, wanted: bool | None) -> Any:
    if wanted is False or (wanted is None and not sys.stderr.isatty()):
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, desc=name.rsplit(".", 1)[-1], unit="game")


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
