"""Hostile callers of `simulate`, `play_one`, `derive_seed`, records files and game records.

Every argument is checked before a game is played; a records file is resumed only by the very run
that wrote it; interruptions and dead workers keep what finished; every seed of ``0 .. 2**64 - 1``
round-trips through records files and `replay`; `replay` checks `states_sha256`.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import random
import signal
import threading
import types
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_rules import chrononauts, trismaugistus, valandris
from tabletop_rules.agents import MCTS
from tabletop_rules.core import make_record, random_playout, record_playout, replay
from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError
from tabletop_rules.core.records import MAX_SEED, check_seed, state_hash
from tabletop_rules.simulate import (
    MAX_GAMES,
    MAX_RECORD_LINE,
    GameRecord,
    Simulation,
    SimulationError,
    SimulationInterrupted,
    derive_seed,
    play_one,
    simulate,
)
from tabletop_rules.valandris.agents import greedy_agent, random_agent

SHORT = {"max_moves": 12, "progress": False}
"""Short games: what is tested here is the run around them."""

# --------------------------------------------------------------------------------- agents for the tests


PLAYED = {"moves": 0}


def counting_agent(state: Any, rng: random.Random) -> Any:
    """Counts its decisions (in this process), so a test sees that no game was played."""
    PLAYED["moves"] += 1
    return rng.choice(valandris.legal_moves(state))


def interrupting_agent(state: Any, rng: random.Random) -> Any:
    """Ctrl-C in the middle of some games (the same games on every executor: it reads the state and rng)."""
    if state.phase is valandris.Phase.VALANDRIS and state.turn == 2 and rng.random() < 0.4:
        raise KeyboardInterrupt
    return rng.choice(valandris.legal_moves(state))


def dying_agent(state: Any, rng: random.Random) -> Any:
    """Kills the worker process it runs in during some games (in the test process it plays on)."""
    dies = state.phase is valandris.Phase.VALANDRIS and state.turn == 2 and rng.random() < 0.4
    if dies and multiprocessing.parent_process() is not None:
        os._exit(1)
    return rng.choice(valandris.legal_moves(state))


_SIGNALLED = threading.Event()


def signalling_agent(state: Any, rng: random.Random) -> Any:
    """Sends a real SIGINT to this process once, from a worker thread, after a few decisions."""
    if state.turn == 3 and not _SIGNALLED.is_set():
        _SIGNALLED.set()
        os.kill(os.getpid(), signal.SIGINT)
    return rng.choice(valandris.legal_moves(state))


# --------------------------------------------------------------------------------- arguments


BAD_ARGUMENTS: list[tuple[dict[str, Any], str]] = [
    ({"games": -1}, "games"),
    ({"games": True}, "games"),
    ({"games": 3.0}, "games"),
    ({"games": "3"}, "games"),
    ({"games": None}, "games"),
    ({"games": MAX_GAMES + 1}, "games"),
    ({"games": 10**400}, "games"),
    ({"chunk_size": 0}, "chunk_size"),
    ({"chunk_size": True}, "chunk_size"),
    ({"chunk_size": 2.0}, "chunk_size"),
    ({"chunk_size": 10**7}, "chunk_size"),
    ({"master_seed": -1}, "master_seed"),
    ({"master_seed": 2**64}, "master_seed"),
    ({"master_seed": True}, "master_seed"),
    ({"master_seed": 1.0}, "master_seed"),
    ({"master_seed": "7"}, "master_seed"),
    ({"master_seed": None}, "master_seed"),
    ({"max_moves": -1}, "max_moves"),
    ({"max_moves": True}, "max_moves"),
    ({"max_moves": 1.5}, "max_moves"),
    ({"max_moves": 10**10}, "max_moves"),
    ({"progress": 1}, "progress"),
    ({"progress": "yes"}, "progress"),
    ({"executor": "pool"}, "executor"),
    ({"executor": object()}, "executor"),
    ({"agents": [counting_agent]}, "2 players, but 1"),
    ({"agents": [counting_agent] * 3}, "2 players, but 3"),
    ({"agents": counting_agent}, "agents must be a list"),
    ({"agents": "ab"}, "agents must be a list"),
    ({"agents": [counting_agent, 3]}, r"agents\[1\]"),
    ({"agents": [counting_agent, "greedy"]}, r"agents\[1\]"),
    ({"setup": {"bogus": 1}}, "new_game takes players"),
    ({"setup": {"options": None}}, "new_game takes players"),
    ({"setup": {"players": 3}}, "player"),
    ({"setup": [("players", 2)]}, "setup must be a dict"),
    ({"setup": {1: 2}}, "setup must be a dict"),
    ({"options": {"bogus": True}}, "bogus"),
    ({"options": 3}, "options"),
    ({"options": valandris.Options(), "start": valandris.new_game}, "start="),
    ({"setup": {"players": 2}, "start": valandris.new_game}, "start="),
    ({"start": 3}, "start must be"),
    ({"start": lambda: 1 / 0}, "ZeroDivisionError"),
    ({"records_path": 3}, "records_path"),
    ({"records_path": b"run.jsonl"}, "records_path"),
    ({"records_path": ""}, "records_path"),
    ({"records_path": "a\0b"}, "records_path"),
]


@pytest.mark.parametrize(("change", "match"), BAD_ARGUMENTS, ids=lambda x: str(x)[:40])
def test_every_argument_is_checked_before_a_game_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: dict[str, Any], match: str
) -> None:
    """REL-SIMULATE-1: a bad argument is an `InvalidOptionError` naming it, before any move or file."""
    monkeypatch.chdir(tmp_path)
    PLAYED["moves"] = 0
    kwargs: dict[str, Any] = {"agents": [counting_agent, counting_agent], "progress": False, **change}
    games = kwargs.pop("games", 3)
    if "records_path" not in kwargs:
        kwargs["records_path"] = tmp_path / "run.jsonl"
    with pytest.raises(InvalidOptionError, match=match) as caught:
        simulate(valandris, games, **kwargs)
    assert len(str(caught.value)) < 400
    assert PLAYED["moves"] == 0
    assert list(tmp_path.iterdir()) == []  # no records file was started


@pytest.mark.parametrize(
    ("game", "match"),
    [
        ("tabletop_rules.valandris", "game module"),
        (3, "game module"),
        (None, "game module"),
        (types, "not a game module"),
        (types.ModuleType("tabletop_rules.fake"), "cannot be imported"),
        (types.ModuleType("tabletop_rules.valandris"), "not the one its name imports"),
    ],
)
def test_simulate_and_play_one_take_only_importable_game_modules(game: object, match: str) -> None:
    """REL-SIMULATE-1: anything but a game module importable by its name is an `InvalidOptionError`."""
    with pytest.raises(InvalidOptionError, match=match):
        simulate(game, 2, progress=False)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match=match):
        play_one(game, 2)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "start",
    [
        lambda: None,
        lambda: "state",
        trismaugistus.new_game,
        lambda: attrs.evolve(valandris.new_game(), turn=-5),
    ],
    ids=["None", "text", "another game", "invalid"],
)
def test_a_start_that_gives_no_valid_state_is_refused_before_playing(start: Any) -> None:
    """REL-SIMULATE-1: `start=` must give a valid state of the game (`InvalidStateError`)."""
    with pytest.raises(InvalidStateError):
        simulate(valandris, 2, start=start, progress=False)


def test_play_one_and_derive_seed_check_their_arguments() -> None:
    """REL-SIMULATE-1: `play_one` and `derive_seed` check index and seed like `simulate`."""
    for bad in (-1, True, 1.0, MAX_GAMES, "1"):
        with pytest.raises(InvalidOptionError, match="index"):
            play_one(valandris, 1, index=bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidOptionError, match="index"):
            derive_seed(1, bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="players, but 1"):
        play_one(valandris, 1, agents=[greedy_agent])


def test_a_huge_run_is_not_queued_all_at_once() -> None:
    """REL-SIMULATE-1, REL-SIMULATE-4: chunks are sent as needed; a future that raises is a lost worker.

    `MAX_GAMES` games on an executor never queue every chunk at once (no memory blow-up), and a
    future that raises (what Dask's `KilledWorker` or a shut-down cluster gives) is a `SimulationError`
    naming the first game of its chunk.
    """

    class Refusing(Executor):
        def __init__(self) -> None:
            self.submitted = 0

        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            self.submitted += 1
            future: Future[Any] = Future()
            future.set_exception(RuntimeError("the cluster is gone"))
            return future

    pool = Refusing()
    with pytest.raises(SimulationError, match="was lost") as caught:
        simulate(valandris, MAX_GAMES, executor=pool, chunk_size=1, progress=False)
    assert pool.submitted <= 1_024
    assert caught.value.index == 0
    assert caught.value.seed == derive_seed(0, 0)


# --------------------------------------------------------------------------------- records paths


def test_a_records_path_that_cannot_be_written_is_refused_before_playing(tmp_path: Path) -> None:
    """REL-SIMULATE-5: a missing folder, a folder, a path through a file: `InvalidOptionError`, no game."""
    PLAYED["moves"] = 0
    agents = [counting_agent, counting_agent]
    (tmp_path / "plain").write_text("x")
    for path, match in [
        (tmp_path / "missing" / "run.jsonl", "does not exist"),
        (tmp_path, "is not a file"),
        (tmp_path / "plain" / "run.jsonl", "is not a folder"),
    ]:
        with pytest.raises(InvalidOptionError, match=match):
            simulate(valandris, 3, agents=agents, records_path=path, progress=False)
    assert PLAYED["moves"] == 0
    assert not (tmp_path / "missing").exists()


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs file permissions that bind")
def test_a_records_file_without_write_permission_is_refused(tmp_path: Path) -> None:
    """REL-SIMULATE-5: a file (or folder) that cannot be written: `InvalidOptionError` before playing."""
    agents = [counting_agent, counting_agent]
    path = tmp_path / "run.jsonl"
    simulate(valandris, 2, agents=agents, records_path=path, **SHORT)
    path.chmod(0o400)
    PLAYED["moves"] = 0
    with pytest.raises(InvalidOptionError, match="cannot be written"):
        simulate(valandris, 3, agents=agents, records_path=path, **SHORT)
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(InvalidOptionError, match="cannot be written"):
            simulate(valandris, 3, agents=agents, records_path=folder / "run.jsonl", **SHORT)
    finally:
        folder.chmod(0o700)
    assert PLAYED["moves"] == 0


@pytest.mark.skipif(not Path("/sys/kernel").is_dir(), reason="needs Linux's read-only /sys")
def test_a_records_file_in_a_read_only_file_system_is_refused() -> None:
    """REL-SIMULATE-5: even for root, a file that cannot be created is refused before playing."""
    PLAYED["moves"] = 0
    with pytest.raises(InvalidOptionError, match="cannot be written"):
        simulate(valandris, 3, agents=[counting_agent] * 2, records_path="/sys/tabletop-run.jsonl", **SHORT)
    assert PLAYED["moves"] == 0


def test_an_empty_records_file_starts_a_run(tmp_path: Path) -> None:
    """REL-SIMULATE-5: an empty file (made by `touch`) is a new run; anything else must be a records file."""
    path = tmp_path / "run.jsonl"
    path.touch()
    result = simulate(valandris, 3, records_path=path, **SHORT)
    assert Simulation.load_jsonl(path) == result
    path.write_text("my notes, not a records file")
    with pytest.raises(InvalidStateError, match="no header"):
        simulate(valandris, 3, records_path=path, **SHORT)
    assert path.read_text() == "my notes, not a records file"  # nothing overwritten


# --------------------------------------------------------------------------------- resuming


def _mcts(iterations: int) -> MCTS:
    return MCTS("tabletop_rules.valandris", iterations=iterations)


BASE: dict[str, Any] = {"agents": [greedy_agent, None], "master_seed": 9, "max_moves": 10}
CHANGES: list[tuple[dict[str, Any], str]] = [
    ({"master_seed": 10}, "master seed 9, not 10"),
    ({"max_moves": 11}, "move limit 10, not 11"),
    ({"max_moves": None}, "move limit 10, not None"),
    (
        {"agents": [random_agent, None]},
        r"agents\[0\]\.agent 'tabletop_rules\.valandris\.agents\.greedy_agent'",
    ),
    ({"agents": [greedy_agent, greedy_agent]}, r"agents\[1\] None, not \{'agent'"),
    ({"agents": None}, r"agents\[0\] \{'agent'.*, not None"),
    ({"options": {"max_turns": 5}}, "options.max_turns"),
    ({"options": valandris.Options(allow_declare_none=True)}, "options.allow_declare_none False, not True"),
    ({"start": partial(valandris.new_game, {"max_turns": 5})}, "start function None"),
]


@pytest.mark.parametrize(("change", "match"), CHANGES, ids=lambda x: str(x)[:40])
def test_resuming_another_run_is_refused_naming_the_first_difference(
    tmp_path: Path, change: dict[str, Any], match: str
) -> None:
    """REL-SIMULATE-2: a records file written with other arguments is refused, the difference named."""
    path = tmp_path / "run.jsonl"
    first = simulate(valandris, 3, records_path=path, progress=False, **BASE)
    before = path.read_bytes()
    with pytest.raises(InvalidOptionError, match=match) as caught:
        simulate(valandris, 5, records_path=path, progress=False, **{**BASE, **change})
    assert "resume it with the same arguments" in str(caught.value)
    assert path.read_bytes() == before  # the file is untouched
    assert simulate(valandris, 5, records_path=path, progress=False, **BASE).records[:3] == first.records


def test_an_agent_with_other_parameters_is_another_run(tmp_path: Path) -> None:
    """REL-SIMULATE-2: agents are compared by their parameters, not only their class."""
    path = tmp_path / "run.jsonl"
    simulate(valandris, 1, agents=[_mcts(2), None], records_path=path, max_moves=6, progress=False)
    with pytest.raises(InvalidOptionError, match=r"agents\[0\]\.iterations 2, not 3"):
        simulate(valandris, 2, agents=[_mcts(3), None], records_path=path, max_moves=6, progress=False)
    again = simulate(valandris, 2, agents=[_mcts(2), None], records_path=path, max_moves=6, progress=False)
    assert len(again.records) == 2


def test_a_new_rules_version_or_another_game_is_another_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """REL-SIMULATE-2: the game and its rules version (`GAME_INFO.version`) are part of the run."""
    path = tmp_path / "run.jsonl"
    simulate(valandris, 2, records_path=path, **SHORT)
    with pytest.raises(InvalidOptionError, match="game 'valandris', not 'trismaugistus'"):
        simulate(trismaugistus, 2, records_path=path, **SHORT)
    newer = attrs.evolve(valandris.GAME_INFO, version=valandris.GAME_INFO.version + 1)
    monkeypatch.setattr(valandris, "GAME_INFO", newer)
    with pytest.raises(InvalidOptionError, match=f"rules version {newer.version - 1}, not {newer.version}"):
        simulate(valandris, 2, records_path=path, **SHORT)


def test_the_player_count_and_setup_are_part_of_the_run(tmp_path: Path) -> None:
    """REL-SIMULATE-2: a Chrononauts run of 3 players is not resumed with 4 (the old `summary()` failure)."""
    path = tmp_path / "run.jsonl"
    args = {"max_moves": 30, "progress": False, "records_path": path}
    simulate(chrononauts, 2, setup={"players": 3}, **args)
    with pytest.raises(InvalidOptionError, match="player count 3, not 4"):
        simulate(chrononauts, 3, setup={"players": 4}, **args)
    assert simulate(chrononauts, 3, setup={"players": 3}, **args).summary()["games"] == 3


def test_default_options_given_any_way_are_the_same_run(tmp_path: Path) -> None:
    """REL-SIMULATE-2: `None`, `{}` and `Options()` are the same options (compared as the game reads them)."""
    path = tmp_path / "run.jsonl"
    first = simulate(valandris, 2, records_path=path, **SHORT)
    second = simulate(valandris, 3, options={}, records_path=path, **SHORT)
    third = simulate(valandris, 4, options=valandris.Options(), records_path=path, **SHORT)
    assert third.records[:3] == second.records
    assert second.records[:2] == first.records


def test_a_version_1_file_is_read_but_not_resumed(tmp_path: Path) -> None:
    """REL-SIMULATE-2: an old file cannot say which options and agents made it: refused, still readable."""
    full = simulate(valandris, 3, **SHORT)
    old = Simulation(full.game, full.master_seed, full.records)  # no run description: format version 1
    path = tmp_path / "old.jsonl"
    old.save_jsonl(path)
    assert json.loads(path.read_text().splitlines()[0])["format_version"] == 1
    assert Simulation.load_jsonl(path) == old
    with pytest.raises(InvalidOptionError, match="format version 1"):
        simulate(valandris, 3, records_path=path, **SHORT)


# --------------------------------------------------------------------------------- records files


def _records_file(tmp_path: Path, *lines: str, games: int = 3) -> Path:
    path = tmp_path / "run.jsonl"
    simulate(valandris, games, records_path=path, **SHORT)
    text = path.read_text()
    path.write_text(text + "".join(line + "\n" for line in lines))
    return path


def _line(**change: Any) -> str:
    record = {"index": 7, "seed": derive_seed(0, 7), "moves": 1, "truncated": True, "returns": [0.0, 0.0]}
    return json.dumps({**record, "outcome": {}, **change})


@pytest.mark.parametrize(
    ("line", "match"),
    [
        (_line(index=0, seed=derive_seed(0, 0)), "a second time"),
        (_line(seed=1), "but this run gives it"),
        (_line(returns=[0.0]), "not one per player"),
        (_line(returns=[0.0] * 65), "at most 64"),
        (_line(index=MAX_GAMES), "index"),
        (_line(seed=-1), "seed"),
        (_line(seed=2**64), "seed"),
        (_line(seed=1.0), "seed"),
        (_line(outcome={"score": 10**400}), "finite number"),
        (_line(outcome={"score": 2**63}), "finite number"),
        (_line(outcome={"score": [1]}), "number, string"),
        ("x" * (MAX_RECORD_LINE + 5), "longer than"),
        ("[" * 50_000, "records line"),
    ],
    ids=lambda x: str(x)[:30],
)
def test_a_malformed_records_file_is_an_invalid_state_error(tmp_path: Path, line: str, match: str) -> None:
    """REL-SIMULATE-6: every line is checked, against the header too; resuming refuses the same way."""
    path = _records_file(tmp_path, line)
    with pytest.raises(InvalidStateError, match=match):
        Simulation.load_jsonl(path)
    with pytest.raises(InvalidStateError, match=match):
        simulate(valandris, 3, records_path=path, **SHORT)


@pytest.mark.parametrize(
    ("change", "match"),
    [
        ({"players": 0}, "players"),
        ({"players": 3}, "agents"),
        ({"agents": [None]}, "agents"),
        ({"master_seed": -1}, "master_seed"),
        ({"seeds": "random"}, "seeds"),
        ({"initial_sha256": "X" * 64}, "initial_sha256"),
        ({"max_moves": -1}, "max_moves"),
        ({"extra": 1}, "unknown"),
        ({"options": json.loads("[" * 100 + "]" * 100)}, "nested"),
        ({"format_version": 3}, "not a tabletop-simulation file"),
        ({"format_version": True}, "not a tabletop-simulation file"),
    ],
)
def test_a_malformed_header_is_an_invalid_state_error(
    tmp_path: Path, change: dict[str, Any], match: str
) -> None:
    """REL-SIMULATE-6: the header's fields are read strictly."""
    path = _records_file(tmp_path)
    lines = path.read_text().splitlines(keepends=True)
    header = {**json.loads(lines[0]), **change}
    path.write_text(json.dumps(header) + "\n" + "".join(lines[1:]))
    with pytest.raises(InvalidStateError, match=match):
        Simulation.load_jsonl(path)


def test_summary_of_mixed_player_counts_is_a_typed_error() -> None:
    """REL-SIMULATE-6: records of games with different player counts cannot be summarised together."""
    two = GameRecord(0, 1, 3, False, (1.0, -1.0), ())
    three = GameRecord(1, 2, 3, False, (1.0, 0.0, -1.0), ())
    with pytest.raises(InvalidStateError, match="players"):
        Simulation("mixed", 0, (two, three)).summary()


def test_load_and_save_refuse_bad_paths(tmp_path: Path) -> None:
    """REL-SIMULATE-6: paths that are not paths, files that are not there: typed errors."""
    result = simulate(valandris, 1, **SHORT)
    for bad in (3, None, b"x", "a\0b"):
        with pytest.raises(InvalidOptionError, match="path"):
            result.save_jsonl(bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidOptionError, match="path"):
            Simulation.load_jsonl(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="cannot write"):
        result.save_jsonl(tmp_path / "missing" / "x.jsonl")
    with pytest.raises(InvalidStateError, match="cannot read"):
        Simulation.load_jsonl(tmp_path / "missing.jsonl")
    with pytest.raises(InvalidOptionError, match=r"Simulation\.run"):
        attrs.evolve(result, run="{not json").save_jsonl(tmp_path / "x.jsonl")


# --------------------------------------------------------------------------------- interruptions


@pytest.mark.parametrize("pool", [None, "threads", "processes"])
def test_keyboard_interrupt_keeps_the_finished_records_and_names_the_game(
    tmp_path: Path, pool: str | None
) -> None:
    """REL-SIMULATE-3: Ctrl-C inside a game: `SimulationInterrupted` (a `KeyboardInterrupt`) names it.

    The finished records are in ``.partial`` and in the records file, and running the same call
    again finishes the run with exactly the records of an uninterrupted one.
    """
    path = tmp_path / "run.jsonl"
    args: dict[str, Any] = {
        "agents": [None, interrupting_agent],
        "master_seed": 3,
        "chunk_size": 2,
        "progress": False,
    }
    executor = {None: None, "threads": ThreadPoolExecutor(2), "processes": ProcessPoolExecutor(2)}[pool]
    try:
        with pytest.raises(SimulationInterrupted) as caught:
            simulate(valandris, 20, executor=executor, records_path=path, **args)
    finally:
        if executor is not None:
            executor.shutdown()
    error = caught.value
    assert isinstance(error, KeyboardInterrupt)
    assert error.seed == derive_seed(3, error.index)
    assert f"game {error.index} (seed {error.seed})" in str(error)
    kept = {r.index for r in error.partial.records}
    assert error.index not in kept
    if pool is None:
        assert kept == set(range(error.index))  # in-process: every game before it, and no other
    assert Simulation.load_jsonl(path).records == error.partial.records  # the file holds them too
    with pytest.raises(KeyboardInterrupt):
        play_one(valandris, error.seed, agents=[None, interrupting_agent])  # the cut game replays its cut


def test_a_real_sigint_while_waiting_on_an_executor(tmp_path: Path) -> None:
    """REL-SIMULATE-3: SIGINT reaching the main thread while it waits on a thread pool."""
    _SIGNALLED.clear()
    path = tmp_path / "run.jsonl"
    with ThreadPoolExecutor(2) as pool, pytest.raises(SimulationInterrupted) as caught:
        simulate(
            valandris,
            400,
            agents=[None, signalling_agent],
            executor=pool,
            chunk_size=1,
            records_path=path,
            progress=False,
        )
    error = caught.value
    assert error.index not in {r.index for r in error.partial.records}
    assert Simulation.load_jsonl(path).records == error.partial.records
    resumed = simulate(valandris, 400, agents=[None, signalling_agent], records_path=path, progress=False)
    assert (
        resumed.records == simulate(valandris, 400, agents=[None, signalling_agent], progress=False).records
    )


def test_a_killed_worker_process_keeps_the_finished_records(tmp_path: Path) -> None:
    """REL-SIMULATE-4: a worker that dies (`os._exit`) gives a `SimulationError` naming a lost game."""
    path = tmp_path / "run.jsonl"
    args = {"agents": [None, dying_agent], "master_seed": 5, "chunk_size": 2}
    with ProcessPoolExecutor(2) as pool, pytest.raises(SimulationError) as caught:
        simulate(valandris, 30, executor=pool, records_path=path, progress=False, **args)
    error = caught.value
    assert error.seed == derive_seed(5, error.index)
    assert "was lost (BrokenProcessPool)" in str(error)
    assert f"game {error.index} (seed {error.seed})" in str(error)
    kept = error.partial.records
    assert error.index not in {r.index for r in kept}
    assert Simulation.load_jsonl(path).records == kept
    for record in kept:  # every kept record is the real game (in this process the agent does not die)
        assert record == play_one(valandris, record.seed, index=record.index, agents=[None, dying_agent])
    resumed = simulate(valandris, 30, records_path=path, progress=False, **args)  # in-process now
    assert resumed == simulate(valandris, 30, progress=False, **args)


# --------------------------------------------------------------------------------- seeds


SEEDS = [0, 1, 2**31, 2**32, 2**53 + 1, 2**63 - 1, 2**63, 2**64 - 2, MAX_SEED]
BAD_SEEDS: list[object] = [-1, -(2**63), 2**64, 10**400, True, False, 1.0, float("nan"), "7", None, [1]]


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_every_seed_is_checked_the_same_way_everywhere(tmp_path: Path, seed: object) -> None:
    """REL-RECORDS-1: one check (`check_seed`): the same refusal from every entry point that takes a seed."""
    expected = r"must be an integer in 0\.\.18446744073709551615"
    with pytest.raises(InvalidOptionError, match=expected):
        check_seed(seed)
    with pytest.raises(InvalidOptionError, match="master_seed: " + expected):
        derive_seed(seed, 0)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="master_seed: " + expected):
        simulate(valandris, 1, master_seed=seed, progress=False)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="seed: " + expected):
        play_one(valandris, seed)  # type: ignore[arg-type]
    playout = random_playout(valandris, 1, max_moves=4)
    record = record_playout(valandris, playout)
    if seed is not None:  # None is "no seed" in a game record
        with pytest.raises(InvalidOptionError, match="seed: " + expected):
            make_record(valandris, playout.initial, playout.moves, seed=seed)  # type: ignore[arg-type]
        written = "nan" if isinstance(seed, float) and math.isnan(seed) else seed  # NaN is not JSON
        with pytest.raises(InvalidStateError, match=r"record\.seed"):
            replay(valandris, {**record, "seed": written})
    if type(seed) is int:
        path = _records_file(tmp_path, _line(seed=seed))
        with pytest.raises(InvalidStateError, match="line 5.seed: " + expected):
            Simulation.load_jsonl(path)


@pytest.mark.parametrize("seed", SEEDS)
def test_seeds_of_the_whole_range_round_trip_through_records_and_replay(tmp_path: Path, seed: int) -> None:
    """REL-RECORDS-2: any seed 0 .. 2**64 - 1 is written and read back by records files and `replay`."""
    played = play_one(valandris, seed, index=4, max_moves=8)
    saved = Simulation("valandris", seed, (played,))
    saved.save_jsonl(tmp_path / "one.jsonl")
    assert Simulation.load_jsonl(tmp_path / "one.jsonl") == saved
    playout = random_playout(valandris, seed, max_moves=8)
    record = json.loads(json.dumps(record_playout(valandris, playout)))
    assert record["seed"] == seed
    assert replay(valandris, record)[-1] == playout.final
    path = tmp_path / "run.jsonl"
    run = simulate(valandris, 2, master_seed=seed, records_path=path, **SHORT)
    assert Simulation.load_jsonl(path) == run
    assert simulate(valandris, 3, master_seed=seed, records_path=path, **SHORT).records[:2] == run.records
    for game in run.records:  # the derived seeds (half of them above 2**63) replay too
        derived = random_playout(valandris, game.seed, max_moves=8)
        assert replay(valandris, make_record(valandris, derived.initial, derived.moves, seed=game.seed))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, MAX_SEED), index=st.integers(0, MAX_GAMES - 1))
def test_any_seed_and_derived_seed_round_trips(tmp_path: Path, seed: int, index: int) -> None:
    """REL-RECORDS-2: hypothesis over the whole range of seeds and indexes."""
    derived = derive_seed(seed, index)
    assert 0 <= derived <= MAX_SEED
    for value in (seed, derived):
        record = GameRecord(index, value, 0, True, (0.0, 0.0), ())
        assert GameRecord.from_dict(json.loads(json.dumps(record.to_dict()))) == record
        playout = random_playout(valandris, value, max_moves=3)
        text = json.dumps(make_record(valandris, playout.initial, playout.moves, seed=value))
        assert len(replay(valandris, text)) == 4


# --------------------------------------------------------------------------------- game records


@pytest.fixture(scope="module")
def hashed() -> dict[str, Any]:
    playout = random_playout(valandris, 11, max_moves=30)
    return record_playout(valandris, playout, states_sha256=True)


def test_replay_checks_every_state_hash_and_names_the_first_move_that_differs(hashed: dict[str, Any]) -> None:
    """REL-RECORDS-3: `states_sha256`, when present, is checked state by state."""
    states = replay(valandris, hashed)
    assert [state_hash(valandris, s) for s in states] == hashed["states_sha256"]
    for k in (0, 1, 17, len(states) - 1):
        hashes = list(hashed["states_sha256"])
        hashes[k] = "0" * 64
        where = "the initial state" if k == 0 else f"the state after record move {k - 1} "
        with pytest.raises(InvalidStateError, match=f"{where}.*states_sha256\\[{k}\\]"):
            replay(valandris, {**hashed, "states_sha256": hashes})


@pytest.mark.parametrize(
    ("hashes", "match"),
    [
        (lambda h: h[:-1], "not one per state"),
        (lambda h: [*h, h[-1]], "not one per state"),
        (lambda h: [h[0].upper(), *h[1:]], "hexadecimal"),
        (lambda h: [h[0][:63] + "g", *h[1:]], "hexadecimal"),
        (lambda h: [None, *h[1:]], r"states_sha256\[0\]"),
        (lambda h: "x", "states_sha256"),
    ],
)
def test_a_malformed_states_sha256_is_refused(hashed: dict[str, Any], hashes: Any, match: str) -> None:
    """REL-RECORDS-3: the hash list has one lower-case SHA-256 per state."""
    with pytest.raises(InvalidStateError, match=match):
        replay(valandris, {**hashed, "states_sha256": hashes(hashed["states_sha256"])})


def test_records_refuse_non_games_foreign_states_and_odd_moves(hashed: dict[str, Any]) -> None:
    """REL-RECORDS-4: typed errors for a non-game, another game's state, moves that are not a list."""
    playout = random_playout(valandris, 1, max_moves=4)
    for game in (None, "valandris", types):
        with pytest.raises(InvalidOptionError, match="game module"):
            make_record(game, playout.initial, playout.moves)  # type: ignore[arg-type]
        with pytest.raises(InvalidOptionError, match="game module"):
            replay(game, hashed)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match=r"valandris\.State"):
        make_record(valandris, trismaugistus.new_game(), ())
    for moves in (3, "place L A1", iter(playout.moves), {1: 2}):
        with pytest.raises(InvalidOptionError, match="moves"):
            make_record(valandris, playout.initial, moves)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="Playout"):
        record_playout(valandris, "playout")  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError) as caught:
        replay(valandris, {**hashed, "game": "x" * 5_000})
    assert len(str(caught.value)) < 200
    with pytest.raises(InvalidStateError) as caught:
        replay(valandris, {**hashed, "moves": ["z" * 9_000]})
    assert len(str(caught.value)) < 300


def test_the_record_schema_takes_the_seeds_replay_takes() -> None:
    """REL-RECORDS-2: the shipped record schema and `replay` agree on the seed range, 0 .. 2**64 - 1."""
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(valandris.json_schema("record"))
    playout = random_playout(valandris, 1, max_moves=4)
    record = record_playout(valandris, playout)
    for seed in (None, 0, 2**63, MAX_SEED):
        validator.validate({**record, "seed": seed})
    for seed in (-1, 2**64):
        assert not validator.is_valid({**record, "seed": seed})
