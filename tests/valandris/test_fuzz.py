"""Fuzzing every Valandris entry point: only the library's typed errors may escape."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_rules import valandris as v
from tabletop_rules.core import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidStateError,
    TabletopRulesError,
    make_record,
    replay,
)
from tabletop_rules.testing import finished_playout
from tabletop_rules.testing.strategies import json_values

PLAYOUT = finished_playout(v, 21)
STATES = list(PLAYOUT.states(v))
JSON_VALUES = json_values("H0", "E5", "A19", "archangel", "unicorn", "leviathan", "valandris")


FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(index=st.integers(0, len(STATES) - 1), text=st.text(max_size=80))
def test_parse_move_raises_only_typed_errors(index, text):
    state = STATES[index]
    try:
        move = v.parse_move(state, text)
    except TabletopRulesError:
        return
    assert move in v.legal_moves(state) or move in [m for m, _ in v.chance_outcomes(state)]


@FUZZ
@given(
    index=st.integers(0, len(STATES) - 1),
    pieces=st.lists(
        st.sampled_from(
            [
                "place",
                "seal",
                "no-seal",
                "L",
                "U",
                "A",
                "V",
                "jump",
                "fly",
                "cross",
                "roll",
                "declare",
                "stays",
                "none",
                "H0",
                "E5",
                "A19",
                "H19-E0",
                "A3xA16",
                "-",
                "x",
                "12",
                "0",
                "H99",
            ]
        ),
        max_size=5,
    ),
)
def test_parse_move_on_near_miss_text(index, pieces):
    state = STATES[index]
    before = v.to_json(state)
    text = " ".join(pieces)
    try:
        move = v.parse_move(state, text)
    except (InvalidMoveError, IllegalMoveError, AmbiguousMoveError) as exc:
        message = str(exc)
        assert len(message) < 1000  # a sentence, never the whole input
        assert v.to_json(state) == before  # nothing changed
        return
    # accepted text names exactly one legal move, whose canonical text reads back to it
    legal = v.legal_moves(state) or tuple(m for m, _ in v.chance_outcomes(state))
    assert move in legal
    assert v.parse_move(state, v.move_to_str(state, move)) == move


@FUZZ
@given(value=JSON_VALUES)
def test_from_json_on_arbitrary_json(value):
    try:
        state = v.from_json(json.dumps(value))
    except InvalidStateError as exc:
        message = str(exc)
        assert message.startswith(("state", "not a Valandris state", "Valandris state JSON"))  # names where
        return
    v.validate(state)  # pragma: no cover - arbitrary JSON is never a whole state


@FUZZ
@given(
    index=st.integers(0, len(STATES) - 1),
    key=st.sampled_from(sorted(v.state_to_dict(STATES[0]))),
    value=JSON_VALUES,
)
def test_from_json_on_a_mutated_state(index, key, value):
    data = v.state_to_dict(STATES[index])
    data[key] = value
    try:
        state = v.from_json(json.dumps(data))
    except InvalidStateError as exc:
        message = str(exc)
        # a field error names the field's path; anything else is a broken rule of the whole state
        assert f"state.{key}" in message or message.startswith(
            (
                "invalid Valandris state",
                "not a Valandris",
                "Valandris state JSON",
                "unsupported",
                "creatures are placed",
                "state.seals",
            )
        )
        return
    v.validate(state)
    assert v.from_json(v.to_json(state)) == state  # what loads writes back to itself
    if key not in ("rules", "seals"):  # (options are filled in with defaults; seals are sorted)
        assert v.state_to_dict(state)[key] == value


@FUZZ
@given(data=st.dictionaries(st.text(max_size=40), JSON_VALUES, max_size=4))
def test_options_from_arbitrary_dicts(data):
    try:
        rules = v.Options.from_dict(data)
    except InvalidOptionError:
        return
    assert v.Options.from_dict(rules.to_dict()) == rules


def test_size_limits_are_enforced():
    huge = json.dumps({"pad": "x" * 200_000})
    with pytest.raises(InvalidStateError, match="more than the limit"):
        v.from_json(huge)
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(InvalidStateError, match="more than the limit"):
        v.from_json(deep)
    with pytest.raises(InvalidStateError, match=r"nested too deeply|not valid JSON|state"):
        v.from_json("[" * 50_000 + "]" * 50_000)


RECORD = make_record(v, PLAYOUT.initial, PLAYOUT.moves[:60], seed=21)


@FUZZ
@given(key=st.sampled_from(sorted(RECORD)), value=JSON_VALUES)
def test_replay_of_a_mutated_record(key, value):
    record = {**RECORD, key: value}
    try:
        states = replay(v, record)
    except InvalidStateError as exc:
        message = str(exc)
        assert "record" in message or "state" in message or "Valandris" in message
        return
    # only a change that keeps the game replays, and then it replays the same game
    assert states == replay(v, RECORD)


@FUZZ
@given(index=st.integers(0, 59), text=st.text(max_size=20))
def test_replay_with_a_corrupted_move(index, text):
    moves = list(RECORD["moves"])
    moves[index] = text
    try:
        states = replay(v, {**RECORD, "moves": moves})
    except InvalidStateError as exc:
        message = str(exc)
        assert f"record move {index}" in message or "final_sha256" in message or "record.moves" in message
        return
    assert states == replay(v, RECORD)  # another spelling of the same move (a short form)
