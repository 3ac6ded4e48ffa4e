"""Fuzzing every text and JSON entry point: only the library's typed errors may escape.

``parse_move`` (free text and notation-like word salad, in states all through a
game), ``from_json`` (states with an edited pack; huge, deep and long
inputs) and the content-pack loader (arbitrary JSON, mutations of the
example pack).  Arbitrary and edited state JSON is fuzzed for every game in
``tests/test_fuzz.py``.  The typed errors are the subclasses of
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
from tabletop_rules.core.errors import InvalidContentError, TabletopRulesError
from tabletop_rules.testing.strategies import json_values, mutated_json, sample_states, word_salad
from tabletop_rules.trismaugistus.content.loader import pack_from_dict, pack_from_json
from tabletop_rules.trismaugistus.serialization import MAX_JSON_CHARS

FAST = settings(
    max_examples=120,
    deadline=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

JSON = json_values("FX-G1", "FX-E01", "FX-A01", "FX-O1", "FX-M1", "iron", "red", "earth", "card")


# --- states -----------------------------------------------------------------------------------------


@functools.cache
def _sample_states() -> tuple[tm.State, ...]:
    return sample_states(tm, (tm.new_game(), tm.new_game({"artifact_choice": "roll_d6"})), seed=3)


STATES = st.sampled_from(range(30)).map(lambda i: _sample_states()[i % len(_sample_states())])


def _typed(call: Any, *args: Any) -> Any:
    try:
        return call(*args)
    except TabletopRulesError:
        return None


# --- parse_move -------------------------------------------------------------------------------------

WORDS = [
        "setup", "report", "draft", "experiment", "artifact", "objective", "end", "finished", "draw", "cube",
        "black-die", "masterpiece", "artifact-die", "d1", "d2", "d3", "d9", "exp=FX-S1", "art=FX-AS2",
        "cube=water", "objectives=FX-O1,FX-O2,FX-O3,FX-O4", "unavailable=FX-M1", "purple=FX-P1",
        "bonuses=earth:2=ether_die+5=vp_5,fire:-", "bonuses=earth:99=vp_5", "round_start", "refill",
        "correction", "bowls=lead:b1,tin:r1b1", "bowls=-", "bowls=iron:r9", "areas=copper:FX-E01+FX-E03",
        "offers=red:FX-A01+FX-A02", "objectives=FX-O1,FX-O2:down,FX-O3:c2,FX-O4", "iron/black", "wild/red",
        "copper", "red", "FX-E01", "FX-A02", "FX-G1", "FX-M1", "0", "1", "2", "6", "7", "-1", "99999999999",
        "=", ",", "+", ":", "/", "\x00", "é", "",
    ]  # fmt: skip
NOTATION_LIKE = word_salad(WORDS)


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
@given(text=st.text(max_size=200))
def test_from_json_of_arbitrary_text(text: str):
    _typed(tm.from_json, text)


@FAST
@given(state=STATES, data=st.data())
def test_from_json_of_states_with_an_edited_pack(state: tm.State, data: st.DataObject):
    raw = json.loads(tm.to_json(state))
    raw["pack"] = json.dumps(data.draw(mutated_json(json.loads(raw["pack"])), label="pack"))
    text = json.dumps(raw)
    restored = _typed(tm.from_json, text)
    if restored is not None:  # the edit kept a valid state: it must be consistent and round-trip
        tm.validate(restored)
        assert tm.from_json(tm.to_json(restored)) == restored


# REL-SIZES-1: huge, deep and long inputs are refused first
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
    raw = data.draw(mutated_json(json.loads(_example_pack_text())), label="pack")
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
