"""Simulations: seeded, identical on every executor, with summaries."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from tabletop_rules import valandris
from tabletop_rules.simulate import derive_seed, play_one, simulate
from tabletop_rules.valandris.agents import greedy_agent, random_agent


def test_seeds_depend_on_master_seed_and_index_only():
    assert derive_seed(1, 5) == derive_seed(1, 5)
    assert len({derive_seed(1, i) for i in range(1000)}) == 1000
    assert derive_seed(1, 0) != derive_seed(2, 0)


def test_in_process_run_is_reproducible_and_summarised():
    first = simulate(valandris, 12, master_seed=3, progress=False)
    again = simulate(valandris, 12, master_seed=3, progress=False)
    assert first == again
    assert [r.index for r in first.records] == list(range(12))
    summary = first.summary()
    assert summary["games"] == 12
    score = summary["outcome"]["score"]
    assert 1 <= score["min"] <= score["mean"] <= score["max"] <= 101
    assert sum(score["histogram"].values()) == 12
    assert set(summary["outcome"]["captured"]["counts"]) <= {"true", "false"}
    assert summary["mean_returns"][0] == -summary["mean_returns"][1]


def test_every_executor_gives_the_same_records():
    agents = [greedy_agent, random_agent]
    base = simulate(valandris, 10, agents=agents, master_seed=11, chunk_size=3, progress=False)
    with ThreadPoolExecutor(2) as pool:
        threads = simulate(valandris, 10, agents=agents, master_seed=11, chunk_size=3, executor=pool)
    with ProcessPoolExecutor(2) as pool:
        processes = simulate(valandris, 10, agents=agents, master_seed=11, chunk_size=4, executor=pool)
    assert base == threads == processes


def test_dask_distributed_executor():
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        result = simulate(valandris, 8, master_seed=5, chunk_size=2, executor=client.get_executor())
    assert result == simulate(valandris, 8, master_seed=5, progress=False)


def test_play_one_with_options_and_truncation():
    record = play_one(valandris, 7, options=valandris.Options(max_turns=3))
    assert record.outcome_dict()["score"] <= 4
    truncated = play_one(valandris, 7, max_moves=5)
    assert truncated.truncated
    assert truncated.outcome == ()


def test_bad_arguments():
    from tabletop_rules.core import InvalidOptionError

    with pytest.raises(InvalidOptionError, match="games"):
        simulate(valandris, -1)
    with pytest.raises(InvalidOptionError, match="chunk"):
        simulate(valandris, 3, chunk_size=0)
    with pytest.raises(InvalidOptionError, match="master_seed"):
        simulate(valandris, 3, master_seed=-1)


def test_trismaugistus_score_distribution_per_difficulty():
    from functools import partial

    from tabletop_rules import trismaugistus

    means = {}
    for level in (1, 3):
        start = partial(trismaugistus.new_game_with_setup, f"setup d{level} exp=FX-S1 art=FX-AS1")
        result = simulate(trismaugistus, 6, master_seed=level, start=start, progress=False)
        summary = result.summary()
        assert summary["games"] == 6
        assert {r.outcome_dict()["difficulty"] for r in result.records} == {level}
        means[level] = summary["mean_returns"][0]
    with ProcessPoolExecutor(2) as pool:
        start = partial(trismaugistus.new_game_with_setup, "setup d3 exp=FX-S1 art=FX-AS1")
        again = simulate(trismaugistus, 6, master_seed=3, start=start, executor=pool, chunk_size=2)
    assert again.summary()["mean_returns"][0] == means[3]


def _explodes_on_turn_five(state, rng):
    """A picklable agent with a bug that shows only in some games."""
    if state.turn == 5 and rng.random() < 0.5:
        raise KeyError("agent bug")
    return rng.choice(valandris.legal_moves(state))


@pytest.mark.parametrize("pool", [None, "threads"])
def test_a_failing_game_is_named_and_finished_records_are_kept(pool):
    from tabletop_rules.simulate import SimulationError

    agents = [_explodes_on_turn_five, None]
    if pool is None:
        with pytest.raises(SimulationError) as caught:
            simulate(valandris, 40, agents=agents, master_seed=1, chunk_size=4, progress=False)
    else:
        with ThreadPoolExecutor(2) as executor, pytest.raises(SimulationError) as caught:
            simulate(valandris, 40, agents=agents, master_seed=1, chunk_size=4, executor=executor)
    error = caught.value
    assert error.seed == derive_seed(1, error.index)
    assert f"game {error.index} (seed {error.seed})" in str(error)
    assert "KeyError" in error.details
    assert error.partial.records
    assert error.index not in {r.index for r in error.partial.records}
    for record in error.partial.records:  # every kept record is the real one
        assert record == play_one(valandris, record.seed, index=record.index, agents=agents)
    with pytest.raises(KeyError):
        play_one(valandris, error.seed, index=error.index, agents=agents)


def test_records_save_load_and_resume(tmp_path):
    from tabletop_rules.simulate import Simulation

    full = simulate(valandris, 9, master_seed=4, progress=False)
    path = tmp_path / "run.jsonl"
    full.save_jsonl(path)
    assert Simulation.load_jsonl(path) == full
    # an interrupted run: the header, 5 records and half a line
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:6]) + lines[6][:20])
    resumed = simulate(valandris, 9, master_seed=4, progress=False, records_path=path)
    assert resumed == full
    assert Simulation.load_jsonl(path) == full
    with pytest.raises(ValueError, match="master seed 4, not 5"):
        simulate(valandris, 9, master_seed=5, progress=False, records_path=path)


@pytest.mark.parametrize(
    "line",
    [
        '{"index": -1, "seed": 1, "moves": 1, "truncated": false, "returns": [1, -1], "outcome": {}}',
        '{"index": 1, "seed": 1, "moves": 1, "truncated": 0, "returns": [1, -1], "outcome": {}}',
        '{"index": 1, "seed": 1, "moves": 1, "truncated": false, "returns": [NaN], "outcome": {}}',
        '{"index": 1, "seed": 1, "moves": 1, "truncated": false, "returns": [], "outcome": {"a": [1]}}',
        '{"index": 1}',
        "[" * 100_000,
    ],
)
def test_a_bad_records_file_raises_a_typed_error(tmp_path, line):
    from tabletop_rules.core import TabletopRulesError
    from tabletop_rules.simulate import Simulation

    path = tmp_path / "bad.jsonl"
    header = '{"format": "tabletop-simulation", "format_version": 1, "game": "valandris", "master_seed": 0}'
    path.write_text(header + "\n" + line + "\n")
    with pytest.raises(TabletopRulesError):
        Simulation.load_jsonl(path)


def test_results_as_a_data_frame():
    pandas = pytest.importorskip("pandas")
    result = simulate(valandris, 6, master_seed=2, progress=False)
    frame = result.to_dataframe()
    assert isinstance(frame, pandas.DataFrame)
    head = ["index", "seed", "moves", "truncated", "winner", "return_0", "return_1"]
    assert list(frame.columns[:7]) == head
    assert {"score", "captured", "captured_by"} <= set(frame.columns)
    assert frame["index"].tolist() == list(range(6))
    for row, record in zip(frame.itertuples(), result.records, strict=True):
        assert row.score == record.outcome_dict()["score"]
        assert (row.winner if not pandas.isna(row.winner) else None) == record.winner
        assert record.winner == (0 if record.returns[0] > record.returns[1] else 1)


def test_progress_without_tqdm_warns(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_tqdm(name, *args, **kwargs):
        if name == "tqdm":
            raise ImportError("no tqdm here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_tqdm)
    with pytest.warns(RuntimeWarning, match=r"tabletop-rules\[simulate\]"):
        simulate(valandris, 2, progress=True)


def test_a_missing_extra_names_itself(monkeypatch):
    import sys

    from tabletop_rules.core.extras import require

    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"pip install 'tabletop-rules\[data\]'"):
        require("pandas", "Simulation.to_dataframe")
