"""Fuzzing every text and JSON entry point: only the library's typed errors may escape.

``parse_move`` (free text and notation-like word salad, in states all through a game),
``from_json`` (limits, unknown card ids, broken invariants) and the card-list loader
(``cards_from_json`` / ``cards_from_dict`` on arbitrary JSON and on mutations of the shipped list).
The typed errors are the subclasses of :class:`tabletop_rules.core.TabletopRulesError`
(a ``ValueError``); each must say something. Arbitrary and edited state JSON is fuzzed for
every game in ``tests/test_fuzz.py``.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tabletop_rules import chrononauts as C
from tabletop_rules.chrononauts.content import MAX_CONTENT_CHARS
from tabletop_rules.chrononauts.serialization import MAX_JSON_CHARS
from tabletop_rules.core.errors import InvalidContentError, InvalidStateError, TabletopRulesError
from tabletop_rules.testing.strategies import json_paths, json_values, replace_at, sample_states

FAST = settings(
    max_examples=80,
    deadline=None,
    database=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

JSON = json_values(
    "INV-REVERSE-FATE", "P-1945-A", "ART-REX", "ID-03", "MIS-PLACEHOLDER-05", "JFK", "open", "true", "Window",
    "DrawCards", "PlayStep", "NOT-A-CARD", "P1",
)  # fmt: skip


@functools.cache
def _states() -> tuple[C.State, ...]:
    """States from all through a few games (full game, Artifaxx, Solonauts)."""
    initials = (
        C.new_game(players=3),
        C.new_game({"max_turns": 20}, players=2, variant="artifaxx"),
        C.new_game(players=1, variant="solonauts"),
    )
    return sample_states(C, initials, seed=11, max_moves=300)


def _error_of(call: Any) -> TabletopRulesError | None:
    """The typed error ``call()`` raises (None if it returns); anything else propagates."""
    try:
        call()
    except TabletopRulesError as error:
        return error
    return None


def _typed(call: Any) -> None:
    error = _error_of(call)
    assert error is None or str(error).strip(), "a typed error without a message"


# --- parse_move ------------------------------------------------------------------------------------

WORDS = st.sampled_from(
    [
        "play",
        "patch",
        "kill-time",
        "discard",
        "memo",
        "pass",
        "mulligan",
        "keep",
        "declare",
        "decline",
        "draw",
        "deal",
        "first",
        '"Reverse Fate"',
        '"Rex"',
        "1963",
        "1945",
        "JFK",
        "P0",
        "P9",
        "P99",
        "next",
        "previous",
        '"',
        '\\"',
        "²",
        "١٩٦٣",
        "ID-03",
        "INV-REVERSE-FATE",
        "'",
        "x" * 400,
    ]
)


@FAST
@given(index=st.integers(0, 10**6), text=st.text(max_size=60) | st.lists(WORDS, max_size=5).map(" ".join))
def test_parse_move_raises_only_typed_errors(index, text):
    states = _states()
    state = states[index % len(states)]
    error = _error_of(lambda: C.parse_move(state, text))
    if error is not None:
        assert str(error)
        return
    legal = list(C.legal_moves(state)) + [m for m, _ in C.chance_outcomes(state)]
    assert C.parse_move(state, text) in legal


def test_parse_move_rejects_non_text_and_unicode_digits():
    state = _states()[0]
    for bad in (None, 3, b"pass", ["pass"]):
        _typed(lambda bad=bad: C.parse_move(state, bad))
    for text in ("patch ²", "patch ١٩٦٨", 'play "Reverse Fate" ³', "first P²"):
        _typed(lambda text=text: C.parse_move(state, text))


# --- from_json -------------------------------------------------------------------------------------


def test_from_json_limits_and_malformed_text():
    for text in ("", "{", "[" * 100_000 + "]" * 100_000, "1" * 5000, '{"game": NaN}', "null"):
        with pytest.raises(InvalidStateError):
            C.from_json(text)
    with pytest.raises(InvalidStateError, match="limit"):
        C.from_json(" " * (MAX_JSON_CHARS + 1))
    with pytest.raises(InvalidStateError):
        C.from_json(b"{}")  # type: ignore[arg-type]


def test_from_json_unknown_cards_and_broken_invariants():
    data = json.loads(C.to_json(_states()[5]))
    for key, value in (
        ("discard_pile", ["NOT-A-CARD"]),
        ("hands", [["ART-REX", "ART-REX"], *data["hands"][1:]]),
        ("turn", 10**40),
        ("active", -1),
        ("alt", ["JFK", "JFK"]),
        ("timeline", {**data["timeline"], "1968": "P-1999"}),
        ("log", [["text", 2.5, ""]]),
        ("stack", [{"frame": "Window"}]),
        ("stack", [[[[[]]]]] * 3),
    ):
        with pytest.raises(InvalidStateError):
            C.from_json(json.dumps({**data, key: value}))


# --- the card-list loader --------------------------------------------------------------------------


@functools.cache
def _card_data() -> dict[str, Any]:
    return json.loads(C.default_cards().data_text)


@FAST
@given(value=JSON)
def test_card_loader_on_arbitrary_json(value):
    with pytest.raises(InvalidContentError):
        C.cards_from_json(json.dumps(value))


@settings(FAST, max_examples=60)
@given(pick=st.integers(0, 10**6), new=JSON)
def test_card_loader_on_a_mutated_card_list(pick, new):
    data = _card_data()
    paths = json_paths(data)[1:]
    path = paths[pick % len(paths)]
    mutated = replace_at(data, path, new)
    error = _error_of(lambda: C.cards_from_dict(mutated))
    if error is not None:
        assert isinstance(error, InvalidContentError)
        assert str(error).startswith("card data")
        return
    C.new_game(players=2, cards=C.cards_from_dict(mutated))  # an accepted list plays


@settings(FAST, max_examples=40)
@given(pick=st.integers(0, 10**6), drop=st.booleans())
def test_card_loader_on_removed_or_duplicated_records(pick, drop):
    data = _card_data()
    sections = [k for k, v in data.items() if isinstance(v, list) and v and isinstance(v[0], dict)]
    section = sections[pick % len(sections)]
    records = list(data[section])
    index = pick % len(records)
    records = records[:index] + records[index + 1 :] if drop else [*records, records[index]]
    with pytest.raises(InvalidContentError):
        C.cards_from_dict({**data, section: records})


def test_card_loader_limits():
    with pytest.raises(InvalidContentError, match="limit"):
        C.cards_from_json(" " * (MAX_CONTENT_CHARS + 1))
    for text in ("", "[" * 100_000, "9" * 5000):
        with pytest.raises(InvalidContentError):
            C.cards_from_json(text)
