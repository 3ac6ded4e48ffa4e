"""Hostile input at the core's shared entry points: JSON loading, `Fields`, `replay`, sampling, `simulate`.

Valandris is the sample game where one is needed (records, simulations).
"""

from __future__ import annotations

import random
import threading
from fractions import Fraction
from typing import Any

import pytest

from tabletop_rules import valandris as v
from tabletop_rules.core import random_playout
from tabletop_rules.core.errors import InvalidContentError, InvalidStateError
from tabletop_rules.core.jsonio import Fields, as_choice, as_int, brief, load_json
from tabletop_rules.core.playout import sample_outcome
from tabletop_rules.core.records import record_playout, replay
from tabletop_rules.simulate import SimulationError, play_one, simulate
from tabletop_rules.testing import finished_playout


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("x" * 101, "limit of 100"),
        (b"x" * 101, "101 bytes"),
        (b"\xff", "not UTF-8"),
        ('{"a": NaN}', "not valid JSON"),
        ('{"a": Infinity}', "not valid JSON"),
        ('{"a": 1, "a": 2}', "duplicate"),
        ("[" * 40 + "]" * 40, None),  # within the limit and legal: no error
        ('"\\ud800"', "surrogate"),
        ("\ud800", "surrogate"),
        (None, "must be a str"),
        (type("S", (str,), {})("1"), "must be a str"),
        (bytearray(b"1"), None),
        ("9" * 99, None),
        ("", "not valid JSON"),
    ],
)
def test_load_json(text: Any, match: str | None) -> None:
    if match is None:
        load_json(text, limit=100, what="test JSON")
    else:
        with pytest.raises(InvalidStateError, match=match):
            load_json(text, limit=100, what="test JSON")


# REL-SIZES-1: sizes and nesting are checked before any costly work
def test_load_json_deep_nesting_and_huge_numbers() -> None:
    with pytest.raises(InvalidStateError, match=r"nested too deeply|not valid JSON"):
        load_json("[" * 200_000, limit=1_000_000, what="deep")
    with pytest.raises(InvalidStateError, match="not valid JSON"):
        load_json("9" * 5000, limit=1_000_000, what="digits")
    with pytest.raises(InvalidContentError, match="deep"):
        load_json("[" * 200_000, limit=1_000_000, what="deep", error=InvalidContentError)


def test_fields_name_the_path_of_every_bad_field() -> None:
    with pytest.raises(InvalidStateError, match="lacks"):
        Fields({}, "x", required=("a",))
    with pytest.raises(InvalidStateError, match="unknown key"):
        Fields({"a": 1, "b": 2}, "x", required=("a",))
    for bad in ([], "a", None, {1: 2}):
        with pytest.raises(InvalidStateError, match="JSON object"):
            Fields(bad, "x", required=())
    f = Fields(
        {"n": True, "m": 10**400, "s": "x" * 10, "l": list(range(5)), "c": {"d": 1}}, "x", required="nmslc"
    )
    with pytest.raises(InvalidStateError, match=r"x\.n: must be an integer"):
        f.integer("n", low=0, high=5)
    with pytest.raises(InvalidStateError, match=r"x\.m: .*<int of"):
        f.integer("m", low=0, high=5)
    with pytest.raises(InvalidStateError, match=r"x\.s: must be at most 3"):
        f.text("s", max_len=3)
    with pytest.raises(InvalidStateError, match=r"x\.l: must have at most 2"):
        f.array("l", max_len=2)
    with pytest.raises(InvalidStateError, match=r"x\.l\[0\]"):
        f.items("l", lambda item, where: as_int(str(item), where, low=0, high=9), max_len=9)
    with pytest.raises(InvalidStateError, match=r"x\.c: lacks"):
        f.child("c", required=("e",))
    with pytest.raises(InvalidStateError, match="must be one of"):
        as_choice(True, "x.k", (1, 2))
    assert as_choice(1, "x.k", (True, 1)) == 1
    assert len(brief("y" * 10_000)) <= 60
    assert len(brief(list(range(10_000)))) <= 60


# --------------------------------------------------------------------------- core.replay of odd record dicts


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return record_playout(v, random_playout(v, 2, max_moves=30))


class Opaque:
    pass


@pytest.mark.parametrize(
    ("change", "match"),
    [
        ({"seed": Opaque()}, "only JSON values"),
        ({"seed": float("nan")}, "not valid JSON|only JSON values"),
        ({"moves": (1, 2)}, None),  # a tuple is written as a JSON list: then each move must be text
        ({"moves": [b"L A1"]}, "only JSON values"),
        ({"format": "other"}, "not a"),
        ({"format_version": "1"}, "not a"),
        ({"game": "chess"}, "record is of"),
        ({"game": ["valandris"]}, "record.game"),
        ({"game_version": 10**400}, "game_version"),
        ({"final_sha256": "F" * 64}, "final_sha256"),
        ({"final_sha256": None}, "final_sha256"),
        ({"initial": None}, "record.initial"),
        ({"initial": {"game": "valandris"}}, "lacks"),
        ({"states_sha256": "x"}, "states_sha256"),
    ],
)
def test_replay_refuses_odd_records(
    record: dict[str, Any], change: dict[str, Any], match: str | None
) -> None:
    with pytest.raises(InvalidStateError, match=match or "record"):
        replay(v, {**record, **change})


def test_replay_refuses_non_dicts_and_deep_records(record: dict[str, Any]) -> None:
    for bad in (None, 3, [record], "[" * 200_000, "x" * 30_000_000):
        with pytest.raises(InvalidStateError):
            replay(v, bad)  # type: ignore[arg-type]
    deep: Any = {}
    for _ in range(50_000):
        deep = {"a": deep}
    with pytest.raises(InvalidStateError):
        replay(v, {**record, "initial": deep})
    assert len(replay(v, record)) == len(record["moves"]) + 1  # the good record still replays


# --------------------------------------------------------------------------- sample_outcome from 8 threads


# REL-THREADS-1: rules functions and samplers are safe to call from many threads
def test_sample_outcome_is_exact_and_thread_safe() -> None:
    outcomes = tuple(v.chance_outcomes(_roll_state()))
    expected = [[sample_outcome(outcomes, rng) for _ in range(2000)] for rng in map(random.Random, range(8))]
    results: list[list[Any]] = [[] for _ in range(8)]
    errors: list[BaseException] = []

    def work(i: int) -> None:
        try:
            rng = random.Random(i)
            results[i] = [sample_outcome(outcomes, rng) for _ in range(2000)]
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert results == expected
    with pytest.raises(ValueError, match="no chance outcomes"):
        sample_outcome((), random.Random(0))
    with pytest.raises(ValueError, match="sum to 1/2"):
        sample_outcome(((1, Fraction(1, 2)),), random.Random(0))


@pytest.mark.parametrize(
    "outcomes",
    [((1, Fraction(3, 2)), (2, Fraction(-1, 2))), ((1, 0.5), (2, 0.5))],
    ids=["negative-probability", "float-probability"],
)
def test_sample_outcome_refuses_negative_or_float_probabilities(outcomes: Any) -> None:
    with pytest.raises(ValueError, match="probabilit"):
        sample_outcome(outcomes, random.Random(0))


def _roll_state() -> v.State:
    for seed in range(200):
        for state in finished_playout(v, seed).states(v):
            if v.chance_outcomes(state):
                return state
    raise AssertionError("no roll found")  # pragma: no cover


# --------------------------------------------------------------------------- simulate faults


def failing_agent(state: v.State, rng: random.Random) -> v.Move:
    if state.phase is v.Phase.VALANDRIS and state.turn == 3 and rng.random() < 0.3:
        raise RuntimeError("boom")
    return rng.choice(v.legal_moves(state))


def test_a_failing_game_names_its_index_and_seed_and_keeps_finished_records() -> None:
    with pytest.raises(SimulationError) as caught:
        simulate(v, 30, agents=[None, failing_agent], master_seed=4, chunk_size=7, progress=False)
    error = caught.value
    assert f"game {error.index} (seed {error.seed})" in str(error)
    assert "boom" in error.details
    kept = {r.index for r in error.partial.records}
    assert error.index not in kept
    assert kept >= set(range(error.index))  # every game before the failing one finished and is kept
    for r in error.partial.records:
        again = play_one(v, r.seed, index=r.index, agents=[None, failing_agent])
        assert again == r  # a kept record is exactly the game its seed plays
    with pytest.raises(RuntimeError, match="boom"):
        play_one(v, error.seed, agents=[None, failing_agent])  # the failure replays from its seed
    with pytest.raises(Exception):  # noqa: B017,PT011 - whatever the agent raises, it is reported
        simulate(v, 2, agents=[None, lambda s, r: "not a move"], progress=False)
