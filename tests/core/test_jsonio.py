"""core.jsonio: sizes are checked before parsing, JSON is strict, fields are typed and bounded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules.core.errors import InvalidContentError, InvalidStateError
from tabletop_rules.core.jsonio import (
    MAX_ECHO,
    Fields,
    as_bool,
    as_choice,
    as_int,
    as_list,
    as_text,
    brief,
    load_json,
    read_text_file,
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=10,
)


@given(json_values)
def test_load_json_reads_what_json_dumps_writes(value: object) -> None:
    assert load_json(json.dumps(value), limit=10_000, what="test") == value


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('{"a": 1, "a": 2}', "duplicate key 'a'"),
        ("[NaN]", "NaN is not a JSON number"),
        ("[Infinity]", "Infinity is not a JSON number"),
        ('"\\ud800"', "lone surrogate"),
        ("\ud800", "lone surrogate"),
        ("[" * 50_000 + "]" * 50_000, "nested too deeply"),
        ("{", "not valid JSON"),
        ("1" * 5000, "not valid JSON"),
    ],
)
def test_load_json_refuses_non_strict_json(text: str, fragment: str) -> None:
    with pytest.raises(InvalidStateError, match=fragment):
        load_json(text, limit=200_000, what="test")


def test_a_surrogate_pair_is_a_character_not_an_error() -> None:
    assert load_json('"\\ud83d\\ude00"', limit=100, what="test") == "\U0001f600"


def test_size_is_checked_first_and_the_error_is_the_callers() -> None:
    with pytest.raises(InvalidContentError, match="101 characters, more than the limit of 100"):
        load_json("x" * 101, limit=100, what="card list", error=InvalidContentError)
    with pytest.raises(InvalidStateError, match="bytes, more than the limit"):
        load_json(b"1" * 11, limit=10, what="test")
    with pytest.raises(InvalidStateError, match="not UTF-8"):
        load_json(b"\xff", limit=10, what="test")
    for wrong in (None, 1, ["[]"], memoryview(b"[]")):
        with pytest.raises(InvalidStateError, match="must be a str"):
            load_json(wrong, limit=10, what="test")


def test_read_text_file_limits_what_it_reads(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text('{"a": "é"}', encoding="utf-8")
    assert read_text_file(good, limit=100, what="pack") == '{"a": "é"}'
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 1000)
    with pytest.raises(InvalidStateError, match="larger than the limit of 100"):
        read_text_file(big, limit=100, what="pack")
    latin = tmp_path / "latin.json"
    latin.write_bytes(b"\xe9")
    with pytest.raises(InvalidStateError, match="not UTF-8"):
        read_text_file(latin, limit=100, what="pack")
    for bad in (tmp_path / "missing.json", tmp_path, "a\0b"):
        with pytest.raises(InvalidStateError, match="cannot read"):
            read_text_file(bad, limit=100, what="pack")
    with pytest.raises(InvalidStateError, match="a path is"):
        read_text_file(3, limit=100, what="pack")  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [True, 1.0, "1", None, 10, -1, 2**70])
def test_as_int_takes_only_ints_in_range(value: object) -> None:
    with pytest.raises(InvalidStateError, match=r"turn: must be an integer in 0\.\.9"):
        as_int(value, "turn", low=0, high=9)


def test_typed_readers_accept_exactly_their_type() -> None:
    assert as_int(9, "x", low=0, high=9) == 9
    assert as_bool(False, "x") is False
    assert as_text("abc", "x", max_len=3) == "abc"
    assert as_list([1], "x", max_len=1) == [1]
    assert as_choice(1, "x", (True, 1)) == 1
    with pytest.raises(InvalidStateError, match="must be one of"):
        as_choice(True, "x", (1, 2))
    with pytest.raises(InvalidStateError, match="true or false"):
        as_bool(0, "x")
    with pytest.raises(InvalidStateError, match="at most 3 characters"):
        as_text("abcd", "x", max_len=3)
    with pytest.raises(InvalidStateError, match="lone surrogate"):
        as_text("\udc00", "x", max_len=3)
    with pytest.raises(InvalidStateError, match="at most 1 items"):
        as_list([1, 2], "x", max_len=1)


def test_fields_names_the_path_of_the_bad_field() -> None:
    data = {"turn": 3, "seals": ["E1"], "sub": {"n": "x"}}
    f = Fields(data, "state", required=("turn", "seals", "sub"), optional=("note",))
    assert f.integer("turn", low=1, high=5) == 3
    assert f.items("seals", lambda v, where: as_text(v, where, max_len=3), max_len=12) == ("E1",)
    assert not f.has("note")
    assert f.optional_text("note", max_len=5) is None
    with pytest.raises(InvalidStateError, match=r"^state\.sub\.n: must be an integer"):
        f.child("sub", required=("n",)).integer("n", low=0, high=1)
    with pytest.raises(InvalidStateError, match=r"lacks \['turn'\] and has unknown key"):
        Fields({"seals": [], "x": 1}, "state", required=("turn", "seals"))
    with pytest.raises(InvalidStateError, match="must be a JSON object"):
        Fields([], "state", required=())


@given(st.one_of(st.text(), st.binary(), st.integers(), st.lists(st.integers())))
def test_brief_never_echoes_a_whole_input(value: object) -> None:
    assert len(brief(value)) <= MAX_ECHO


def test_brief_of_huge_values_is_cheap() -> None:
    assert brief(10**10000) == "<int of 33220 bits>"
    assert brief("x" * 10**7).endswith("...")
    assert brief(list(range(10**5))) == "<list of 100000 items>"
