"""Fuzzing the entry points every game shares: only the library's typed errors may escape.

The same four tests run for each game, from the shared strategies of `tabletop_rules.testing.strategies`:
the state JSON (arbitrary documents, and one edit of a real state), the move JSON of the wire format, and
the text notation. Whatever a loader accepts must be a valid state that writes back to itself, and
whatever a parser accepts must be a legal move. The game-specific fuzzing (content loaders, notation
words, limits) lives in each game's `test_fuzz.py`.
"""

from __future__ import annotations

import functools
import json
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_rules import chrononauts, trismaugistus, valandris
from tabletop_rules.core.errors import InvalidStateError, TabletopRulesError
from tabletop_rules.testing.strategies import (
    json_paths,
    json_values,
    mutated_json,
    raises_only_typed_errors,
    replace_at,
    sample_states,
)

FUZZ = settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])

GAMES: dict[str, ModuleType] = {
    "valandris": valandris,
    "chrononauts": chrononauts,
    "trismaugistus": trismaugistus,
}

STRINGS: dict[str, tuple[str, ...]] = {
    "valandris": ("H0", "E5", "A19", "archangel", "unicorn", "Place", "Roll", "holy_spirit"),
    "chrononauts": ("INV-REVERSE-FATE", "P-1945-A", "ART-REX", "ID-03", "JFK", "Window", "PlayStep", "P1"),
    "trismaugistus": ("FX-G1", "FX-E01", "FX-A01", "iron", "red", "earth", "HumanDraftDie", "Setup"),
}


@functools.cache
def _states(name: str) -> tuple[Any, ...]:
    """States from all through seeded games of each variant."""
    initials: list[Any]
    if name == "valandris":
        initials = [valandris.new_game(), valandris.new_game({"blocked_creature": "holy_spirit_loses"})]
    elif name == "chrononauts":
        initials = [
            chrononauts.new_game(players=3),
            chrononauts.new_game({"max_turns": 20}, players=2, variant="artifaxx"),
            chrononauts.new_game(players=1, variant="solonauts"),
        ]
    else:
        initials = [trismaugistus.new_game(), trismaugistus.new_game({"artifact_choice": "roll_d6"})]
    return sample_states(GAMES[name], initials, seed=11, max_moves=400)


def _accepted_state(game: ModuleType, result: Any) -> None:
    """An accepted document is a state the rules can continue from, and it writes back to itself."""
    game.validate(result)
    assert game.from_json(game.to_json(result)) == result


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(value=json_values())
def test_from_json_of_arbitrary_json_is_refused(name: str, value: Any) -> None:
    with pytest.raises(InvalidStateError) as caught:
        GAMES[name].from_json(json.dumps(value))
    assert str(caught.value).strip()


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_from_json_of_an_edited_state(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    state = data.draw(st.sampled_from(_states(name)), label="state")
    document = json.loads(game.to_json(state))
    text = json.dumps(data.draw(mutated_json(document, *STRINGS[name]), label="edited"))
    result = raises_only_typed_errors(lambda: game.from_json(text))
    if not isinstance(result, TabletopRulesError):
        _accepted_state(game, result)


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_move_from_json_takes_only_legal_moves(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    state = data.draw(st.sampled_from(_states(name)), label="state")
    legal = [*game.legal_moves(state), *(move for move, _ in game.chance_outcomes(state))]
    if legal and data.draw(st.booleans(), label="edit a real move"):
        real = game.move_to_json(state, data.draw(st.sampled_from(legal), label="move"))
        value = data.draw(mutated_json(real, *STRINGS[name]), label="edited")
    else:
        value = data.draw(json_values(*STRINGS[name]), label="value")
    before = game.to_json(state)
    result = raises_only_typed_errors(lambda: game.move_from_json(state, value))
    if not isinstance(result, TabletopRulesError):
        assert game.is_legal(state, result)
        assert game.move_from_json(state, game.move_to_json(state, result)) == result
    assert game.to_json(state) == before  # a refusal changes nothing


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data(), text=st.text(max_size=60))
def test_parse_move_takes_only_legal_moves(name: str, data: st.DataObject, text: str) -> None:
    game = GAMES[name]
    state = data.draw(st.sampled_from(_states(name)), label="state")
    result = raises_only_typed_errors(lambda: game.parse_move(state, text))
    if not isinstance(result, TabletopRulesError):
        assert game.is_legal(state, result)


# --- the strategies themselves ----------------------------------------------------------------------


def test_json_paths_and_replace_at_leave_the_document_unchanged() -> None:
    document = {"a": [1, {"b": 2}], "c": 3}
    assert json_paths(document)[0] == ()
    assert set(json_paths(document)) == {(), ("a",), ("a", 0), ("a", 1), ("a", 1, "b"), ("c",)}
    assert replace_at(document, ("a", 1, "b"), "x") == {"a": [1, {"b": "x"}], "c": 3}
    assert document == {"a": [1, {"b": 2}], "c": 3}


@FUZZ
@given(data=st.data())
def test_mutated_json_edits_a_copy(data: st.DataObject) -> None:
    document = {"a": [1, {"b": 2}], "c": "3"}
    edited = data.draw(mutated_json(document))
    assert document == {"a": [1, {"b": 2}], "c": "3"}  # the original is never edited in place
    assert edited is not document


def test_sample_states_is_deterministic_and_ends_each_game() -> None:
    first = sample_states(valandris, [valandris.new_game()], seed=5)
    again = sample_states(valandris, [valandris.new_game()], seed=5)
    assert first == again
    assert first[0] == valandris.new_game()
    assert valandris.is_terminal(first[-1])


# REL-ERRORS-1: the fuzz tests' oracle: only the library's typed errors escape
def test_raises_only_typed_errors_returns_the_error_or_the_result() -> None:
    error = raises_only_typed_errors(lambda: valandris.from_json("{"))
    assert isinstance(error, InvalidStateError)
    assert raises_only_typed_errors(lambda: 7) == 7
    with pytest.raises(ZeroDivisionError):
        raises_only_typed_errors(lambda: 1 // 0)
