"""Playing a run: `simulate` and `play_one`, in-process or on an executor, and how a run fails."""

from __future__ import annotations

import json
import os
import random
import sys
import traceback
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from typing import IO, Any, Final

import attrs

from tabletop_rules.agents._search import load_game
from tabletop_rules.core.errors import InvalidOptionError
from tabletop_rules.core.jsonio import as_int, brief
from tabletop_rules.core.playout import random_playout
from tabletop_rules.core.protocol import Game
from tabletop_rules.core.records import check_seed
from tabletop_rules.simulate._files import _as_path, _canonical, _header, _open_records
from tabletop_rules.simulate._records import (
    MAX_CHUNK_SIZE,
    MAX_GAMES,
    AgentSpec,
    GameRecord,
    Scalar,
    _derive,
)
from tabletop_rules.simulate._results import Simulation
from tabletop_rules.simulate._setup import _cut, _prepare, _Run

_IN_FLIGHT: Final = 1_024
"""The most chunks sent to an executor and not yet back: a huge run never queues every chunk at once."""


class SimulationError(RuntimeError):
    """A game of a simulation failed, or the worker playing it was lost.

    Attributes:
        index, seed: the failing game's index and seed (``play_one(game, seed)`` replays it);
            for a lost worker, the first game of the chunk it was playing.
        partial: a ``Simulation`` of every game that finished.
        details: the original error and its traceback, as text.
    """

    def __init__(self, index: int, seed: int, details: str, partial: Simulation) -> None:
        first = details.strip().splitlines()[-1] if details.strip() else "unknown error"
        super().__init__(
            f"game {index} (seed {seed}) of the {partial.game} simulation failed: {_cut(first, 300)}; "
            f"{len(partial.records)} finished games are kept in .partial"
        )
        self.index = index
        self.seed = seed
        self.details = details
        self.partial = partial


class SimulationInterrupted(KeyboardInterrupt):
    """A simulation stopped by ``KeyboardInterrupt`` (Ctrl-C, or an agent raising it), with what finished.

    It is a ``KeyboardInterrupt``, so ``except Exception`` does not swallow a Ctrl-C and an
    interrupted program still stops; ``records_path`` already holds every finished game, so the
    same call resumes the run.

    Attributes:
        index, seed: the game that was cut short (with an executor: the first game not finished).
        partial: a ``Simulation`` of every game that finished.
    """

    def __init__(self, index: int, seed: int, partial: Simulation) -> None:
        super().__init__(
            f"game {index} (seed {seed}) of the {partial.game} simulation was interrupted; "
            f"{len(partial.records)} finished games are kept in .partial"
        )
        self.index = index
        self.seed = seed
        self.partial = partial


@attrs.frozen
class _Failure:
    index: int
    seed: int
    details: str
    interrupted: bool = False


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
    """Play one seeded game and record it (``None`` agents play uniformly at random).

    The arguments are those of ``simulate`` and are checked the same way; what an agent raises
    passes through.

    Raises:
        InvalidOptionError: on a bad argument, naming it (a seed outside ``0 .. 2**64 - 1``).
        InvalidStateError: if ``start`` gives a state that is not a valid state of the game.
    """
    check_seed(seed)
    as_int(index, "index", low=0, high=MAX_GAMES - 1, error=InvalidOptionError)
    prepared = _prepare(
        game, "play_one", agents=agents, options=options, setup=setup, max_moves=max_moves, start=start
    )
    return _play(prepared.game, prepared.run, index, seed)


def _play(game: Game[Any, Any], run: _Run, index: int, seed: int) -> GameRecord:
    initial = run.start() if run.start is not None else game.new_game(run.options, **run.setup)
    agents = [agent if agent is not None else _uniform(game) for agent in run.agents]
    playout = random_playout(game, seed, initial=initial, agents=agents, max_moves=run.max_moves)
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


def _play_chunk(run: _Run, jobs: Sequence[tuple[int, int]]) -> tuple[list[GameRecord], _Failure | None]:
    """Worker entry point: import the game by name and play a chunk of (index, seed) jobs.

    A game that raises stops the chunk; its index, seed and traceback come back as text (an
    exception object need not be picklable), with the records of the games before it.  A
    ``KeyboardInterrupt`` is reported the same way, marked as an interruption.
    """
    done: list[GameRecord] = []
    index, seed = jobs[0]
    try:
        game = load_game(run.module)
        for index, seed in jobs:
            done.append(_play(game, run, index, seed))
    except Exception:
        return done, _Failure(index, seed, traceback.format_exc())
    except KeyboardInterrupt:
        return done, _Failure(index, seed, traceback.format_exc(), interrupted=True)
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

    Every argument is checked, the initial state built and validated, and ``records_path``
    opened, before the first game is played.

    Args:
        game: a game module (it is sent to executors by its module name).
        games: how many games to play, ``0 .. MAX_GAMES`` (10^9).
        agents: a list or tuple of one agent per player (``None`` entries, or ``agents=None``,
            play uniformly at random); agents must be picklable to use an executor.
        options: the game's options object, passed to ``new_game``.
        setup: extra keyword arguments for ``new_game`` (for example ``players=4``).
        master_seed: game *i* uses ``derive_seed(master_seed, i)``; ``0 .. 2**64 - 1``.
        executor: any ``concurrent.futures.Executor``; ``None`` plays in-process.
        chunk_size: games per task sent to the executor, ``1 .. MAX_CHUNK_SIZE``.
        max_moves: truncate games longer than this (recorded as ``truncated``);
            ``0 .. MAX_MOVE_LIMIT`` or ``None``.
        progress: show a tqdm progress bar (``None``: only when stderr is a terminal
            and tqdm is installed).
        start: instead of ``new_game(options, **setup)`` (then give neither), a picklable,
            deterministic function of no arguments returning the initial state (for example
            ``functools.partial(trismaugistus.new_game_with_setup, "setup d3 exp=FX-S1 art=FX-AS1")``).
        records_path: a JSON Lines file, in an existing folder, that receives every finished
            game as it finishes; if it exists, the games it holds are not played again (a
            resumed run), after checking that its header describes this very run.

    Returns:
        The records of all games, in index order.

    Raises:
        SimulationError: if a game raises or the worker playing it is lost; it names the
            game's index and seed and holds the records of every game that finished (also
            in ``records_path``).  After a failure no new chunk is sent to the executor; the
            chunks already sent finish and are kept.
        SimulationInterrupted: on ``KeyboardInterrupt``: the same, as a ``KeyboardInterrupt``.
        InvalidOptionError: on a bad argument (naming it), a ``records_path`` that cannot be
            written (a missing folder, a folder, no permission), or a records file of another
            run (naming the first field that differs) or of format version 1.
        InvalidStateError: if the records file is malformed, or ``start`` gives an invalid state.
    """
    as_int(games, "games", low=0, high=MAX_GAMES, error=InvalidOptionError)
    as_int(chunk_size, "chunk_size", low=1, high=MAX_CHUNK_SIZE, error=InvalidOptionError)
    check_seed(master_seed, "master_seed")
    if progress is not None and type(progress) is not bool:
        raise InvalidOptionError(f"progress must be True, False or None, not {brief(progress)}")
    if executor is not None and not isinstance(executor, Executor):
        raise InvalidOptionError(
            f"executor must be a concurrent.futures.Executor or None, not {brief(executor)}"
        )
    path = None if records_path is None else _as_path(records_path, "records_path")
    prepared = _prepare(
        game, "simulate", agents=agents, options=options, setup=setup, max_moves=max_moves, start=start
    )
    header = _header(prepared, options, master_seed)
    run_text = _canonical(header)
    saved: dict[int, GameRecord] = {}
    sink = None
    if path is not None:
        saved, sink = _open_records(path, header)
    runner = _Runner(prepared.run, header["game"], master_seed, games, run_text, saved, sink)
    bar = _progress_bar(games, header["game"], progress)
    runner.bar = bar
    _advance(bar, len(runner.records))
    try:
        if executor is None:
            runner.here()
        else:
            runner.on(executor, chunk_size)
    except KeyboardInterrupt as exc:
        if isinstance(exc, SimulationInterrupted):
            raise
        runner.interrupted(exc)
    finally:
        if bar is not None:
            bar.close()
        if sink is not None:
            sink.close()
    return runner.result()


class _Runner:
    """The state of one ``simulate`` call: what finished, what failed, and the records file."""

    def __init__(
        self,
        run: _Run,
        name: str,
        master_seed: int,
        games: int,
        run_text: str,
        saved: dict[int, GameRecord],
        sink: IO[str] | None,
    ) -> None:
        self.run = run
        self.name = name
        self.master_seed = master_seed
        self.games = games
        self.run_text = run_text
        self.sink = sink
        self.bar: Any = None
        self.records = [r for r in saved.values() if r.index < games]
        self.finished = {r.index for r in self.records}
        self.failures: list[_Failure] = []
        self.in_flight: dict[Future[tuple[list[GameRecord], _Failure | None]], list[tuple[int, int]]] = {}

    def jobs(self) -> Iterator[tuple[int, int]]:
        """The (index, seed) of every game still to play, in order, made as they are needed."""
        finished = self.finished
        return ((i, _derive(self.master_seed, i)) for i in range(self.games) if i not in finished)

    def take(self, result: tuple[list[GameRecord], _Failure | None]) -> None:
        done, failure = result
        self.records.extend(done)
        self.finished.update(r.index for r in done)
        if self.sink is not None and done:
            self.sink.writelines(json.dumps(r.to_dict(), sort_keys=True) + "\n" for r in done)
            self.sink.flush()
        if failure is not None:
            self.failures.append(failure)
        _advance(self.bar, len(done))

    def here(self) -> None:
        """Play in this process, one game at a time, so each record reaches the file as it finishes."""
        for job in self.jobs():
            self.take(_play_chunk(self.run, [job]))
            if self.failures:
                return

    def on(self, executor: Executor, chunk_size: int) -> None:
        """Play on ``executor``, with at most ``_IN_FLIGHT`` chunks sent and not back."""
        jobs = self.jobs()
        chunks = iter(lambda: [job for _, job in zip(range(chunk_size), jobs, strict=False)], [])
        in_flight = self.in_flight

        def send() -> None:
            while len(in_flight) < _IN_FLIGHT and not self.failures:
                chunk = next(chunks, None)
                if chunk is None:
                    return
                try:
                    future = executor.submit(_play_chunk, self.run, chunk)
                except Exception as exc:  # a shut-down executor, an agent that does not pickle
                    self.take(([], _lost(chunk, exc)))
                    return
                in_flight[future] = chunk

        send()
        while in_flight:
            done, _ = wait(in_flight, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=lambda f: in_flight[f][0][0]):
                chunk = in_flight.pop(future)
                self.take(_outcome(future, chunk))
            send()

    def interrupted(self, exc: KeyboardInterrupt) -> None:
        """Keep what finished, stop what did not start, and raise ``SimulationInterrupted``."""
        for future, chunk in list(self.in_flight.items()):
            future.cancel()
            if future.done() and not future.cancelled():
                self.take(_outcome(future, chunk))
        index = next((i for i in range(self.games) if i not in self.finished), None)
        if index is None:  # every game had finished: nothing was cut short
            raise exc
        raise SimulationInterrupted(index, _derive(self.master_seed, index), self.partial()) from exc

    def partial(self) -> Simulation:
        records = tuple(sorted(self.records, key=lambda r: r.index))
        return Simulation(self.name, self.master_seed, records, self.run_text)

    def result(self) -> Simulation:
        partial = self.partial()
        stopped = [f for f in self.failures if f.interrupted]
        if stopped:
            first = min(stopped, key=lambda f: f.index)
            raise SimulationInterrupted(first.index, first.seed, partial)
        if self.failures:
            first = min(self.failures, key=lambda f: f.index)
            raise SimulationError(first.index, first.seed, first.details, partial)
        return partial


def _outcome(
    future: Future[tuple[list[GameRecord], _Failure | None]], chunk: list[tuple[int, int]]
) -> tuple[list[GameRecord], _Failure | None]:
    """What a chunk's future holds; a future that raises (its worker died) lost the whole chunk."""
    try:
        return future.result()
    except Exception as exc:  # BrokenProcessPool, Dask's KilledWorker, CancelledError, a pickling error
        return [], _lost(chunk, exc)


def _lost(chunk: list[tuple[int, int]], exc: BaseException) -> _Failure:
    index, seed = chunk[0]
    details = "".join(traceback.format_exception(exc))
    reason = f"the worker playing games {index}..{chunk[-1][0]} was lost ({type(exc).__name__})"
    return _Failure(index, seed, f"{details}{reason}\n")


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
