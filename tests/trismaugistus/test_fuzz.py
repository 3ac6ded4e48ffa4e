"""Fuzzing every text and JSON entry point: only the library's typed errors may escape.

``parse_move`` (free text and notation-like word salad, in states all through a
game), ``from_json`` (arbitrary JSON, mutated valid states, huge numbers, deep
nesting, wrong types, long strings) and the content-pack loader (arbitrary
JSON, mutations of the example pack).  The typed errors are the subclasses of
:class:`tabletop_rules.core.TabletopRulesError` (a ``ValueError``), which
includes `InvalidContentError`.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import random_playout
from tabletop_rules.core.errors import InvalidContentError, TabletopRulesError
from tabletop_rules.trismaugistus.content.loader import pack_from_dict, pack_from_json
from tabletop_rules.trismaugistus.serialization import MAX_JSON_CHARS

FAST = settings(
    max_examples=120,
    deadline=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# --- JSON building blocks ---------------------------------------------------------------------------

HUGE = st.sampled_from([10**30, -(10**30), 2**63, -(2**63) - 1, 10**4000])
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-5, 12)
    | HUGE
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(
        ["FX-G1", "FX-E01", "FX-A01", "FX-O1", "FX-M1", "iron", "red", "earth", "card", "x" * 5000]
    )
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _mutate(data: Any, draw: Any) -> Any:
    """One random edit somewhere in ``data``: replace a value, delete it, add a key, or nest it deeply."""
    paths = _paths(data)
    path = draw(st.sampled_from(paths[1:] if len(paths) > 1 else paths), label="path")
    edit = draw(st.sampled_from(["replace", "delete", "add", "nest", "swap_type"]), label="edit")
    if not path:
        return draw(JSON)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    old = parent[key]
    if edit == "replace":
        parent[key] = draw(JSON, label="value")
    elif edit == "delete":
        del parent[key]
    elif edit == "add" and isinstance(parent, dict):
        parent[draw(st.text(max_size=6), label="new key")] = draw(JSON)
    elif edit == "add":
        parent.append(draw(JSON))
    elif edit == "nest":
        value: Any = old
        for _ in range(draw(st.integers(1, 900), label="depth")):
            value = [value]
        parent[key] = value
    else:
        parent[key] = {list: {}, dict: [], str: 0, int: "0", float: "0.5"}.get(type(old), [old])
    return data


# --- states -----------------------------------------------------------------------------------------


@functools.cache
def _sample_states() -> tuple[tm.State, ...]:
    states: list[tm.State] = []
    for seed, options in ((3, None), (4, {"artifact_choice": "roll_d6"})):
        playout = random_playout(tm, seed, options=options)
        states.extend(list(playout.states(tm))[:: max(1, len(playout.moves) // 12)])
        states.append(playout.final)
    return tuple(states)


STATES = st.sampled_from(range(30)).map(lambda i: _sample_states()[i % len(_sample_states())])


def _typed(call: Any, *args: Any) -> Any:
    try:
        return call(*args)
    except TabletopRulesError:
        return None


# --- parse_move -------------------------------------------------------------------------------------

WORDS = st.sampled_from(
    [
        "setup", "report", "draft", "experiment", "artifact", "objective", "end", "finished", "draw", "cube",
        "black-die", "masterpiece", "artifact-die", "d1", "d2", "d3", "d9", "exp=FX-S1", "art=FX-AS2",
        "cube=water", "objectives=FX-O1,FX-O2,FX-O3,FX-O4", "unavailable=FX-M1", "purple=FX-P1",
        "bonuses=earth:2=ether_die+5=vp_5,fire:-", "bonuses=earth:99=vp_5", "round_start", "refill",
        "correction", "bowls=lead:b1,tin:r1b1", "bowls=-", "bowls=iron:r9", "areas=copper:FX-E01+FX-E03",
        "offers=red:FX-A01+FX-A02", "objectives=FX-O1,FX-O2:down,FX-O3:c2,FX-O4", "iron/black", "wild/red",
        "copper", "red", "FX-E01", "FX-A02", "FX-G1", "FX-M1", "0", "1", "2", "6", "7", "-1", "99999999999",
        "=", ",", "+", ":", "/", "\x00", "é", "",
    ]
)  # fmt: skip
NOTATION_LIKE = st.lists(WORDS, min_size=1, max_size=7).map(" ".join)


@FAST
@given(state=STATES, text=st.text(max_size=60) | NOTATION_LIKE)
def test_parse_move_raises_only_typed_errors(state: tm.State, text: str):
    move = _typed(tm.parse_move, state, text)
    if move is not None:
        legal = [*tm.legal_moves(state), *(m for m, _ in tm.chance_outcomes(state))]
        assert tm.is_legal(state, move)
        if type(move) is not tm.ReportBoard and type(move) is not tm.ObjectiveDieRaw:
            assert move in legal or isinstance(move, tm.Setup)


def test_parse_move_limits():
    state = tm.new_game()
    with pytest.raises(TabletopRulesError, match="overlong"):
        tm.parse_move(state, "end " + "x" * 5000)
    for junk in (None, 3, b"end", ["end"]):
        with pytest.raises(TabletopRulesError):
            tm.parse_move(state, junk)  # type: ignore[arg-type]


# --- from_json --------------------------------------------------------------------------------------


@FAST
@given(value=JSON)
def test_from_json_of_arbitrary_json(value: Any):
    with pytest.raises(TabletopRulesError):
        tm.from_json(json.dumps(value))


@FAST
@given(text=st.text(max_size=200))
def test_from_json_of_arbitrary_text(text: str):
    _typed(tm.from_json, text)


@FAST
@given(state=STATES, data=st.data())
def test_from_json_of_mutated_states(state: tm.State, data: st.DataObject):
    raw = json.loads(tm.to_json(state))
    if data.draw(st.booleans(), label="mutate the pack"):
        pack = json.loads(raw["pack"])
        raw["pack"] = json.dumps(_mutate(pack, data.draw))
    else:
        raw = _mutate(raw, data.draw)
    text = json.dumps(raw)
    restored = _typed(tm.from_json, text)
    if restored is not None:  # the edit kept a valid state: it must be consistent and round-trip
        tm.validate(restored)
        assert tm.from_json(tm.to_json(restored)) == restored


def test_from_json_rejects_huge_deep_and_long_inputs():
    good = tm.to_json(_sample_states()[-1])
    for text in (
        "[" * 100_000 + "]" * 100_000,
        '{"format": ' + "9" * 5000 + "}",
        good.replace('"vp":', '"vp":' + "9" * 5000 + ',"x":', 1),
        good[:-1] + ', "pad": "' + "x" * MAX_JSON_CHARS + '"}',
        good.replace('"gold":', '"gold":NaN,"g":', 1),
        "\ud800",
        b"{}",
    ):
        with pytest.raises(TabletopRulesError):
            tm.from_json(text)  # type: ignore[arg-type]


# --- content packs ----------------------------------------------------------------------------------


@functools.cache
def _example_pack_text() -> str:
    return (
        resources.files("tabletop_rules.trismaugistus.content")
        .joinpath("data", "trismaugistus_example_pack.json")
        .read_text(encoding="utf-8")
    )


@FAST
@given(data=st.data())
def test_pack_loader_on_mutated_example_pack(data: st.DataObject):
    raw = _mutate(json.loads(_example_pack_text()), data.draw)
    try:
        pack = pack_from_dict(raw)
    except InvalidContentError as exc:
        error: ValueError = exc
        assert ": " in str(error)  # a ValueError naming the record or field, then saying what is wrong
        return
    assert pack_from_json(json.dumps(raw)) == pack
    tm.new_game(pack=pack)


@FAST
@given(value=JSON)
def test_pack_loader_on_arbitrary_json(value: Any):
    with pytest.raises(InvalidContentError):
        pack_from_json(json.dumps(value))


def test_pack_loader_rejects_huge_deep_and_long_inputs(tmp_path: Any):
    from tabletop_rules.trismaugistus.content.loader import MAX_CONTENT_CHARS

    for text in (
        "[" * 100_000,
        "9" * 5000,
        _example_pack_text().replace('"schema_version": 1', '"schema_version": 1' + "0" * 5000, 1),
        " " * (MAX_CONTENT_CHARS + 1),
        "NaN",
    ):
        with pytest.raises(InvalidContentError):
            pack_from_json(text)
        path = tmp_path / "pack.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(InvalidContentError):
            tm.load_pack(path, warn_fictional=False)
    with pytest.raises(InvalidContentError):
        tm.load_pack(tmp_path / "missing.json")
    (tmp_path / "bad.json").write_bytes(b"\xff\xfe{")
    with pytest.raises(InvalidContentError):
        tm.load_pack(tmp_path / "bad.json")


# --- options ----------------------------------------------------------------------------------------


@FAST
@given(options=st.dictionaries(st.sampled_from(["artifact_choice", "symbol_only_tiebreak",
                                                "max_formula_purchases", "nearest_excludes_maxed", "nope"]),
                               JSON, max_size=3))  # fmt: skip
def test_new_game_options_raise_only_typed_errors(options: dict[str, Any]):
    _typed(tm.new_game, options)
