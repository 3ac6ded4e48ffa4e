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
    record = play_one(valandris, 7, options=valandris.Rules(max_turns=3))
    assert record.outcome_dict()["score"] <= 4
    truncated = play_one(valandris, 7, max_moves=5)
    assert truncated.truncated
    assert truncated.outcome == ()


def test_bad_arguments():
    with pytest.raises(ValueError, match="games"):
        simulate(valandris, -1)
    with pytest.raises(ValueError, match="chunk"):
        simulate(valandris, 3, chunk_size=0)


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
