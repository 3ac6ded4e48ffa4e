"""valandris.state: the record and its builder `successor` (`core.frozen.open_layout`)."""

from __future__ import annotations

import random

import attrs
import pytest

from tabletop_rules import valandris as v
from tabletop_rules.core import CHANCE, sample_chance
from tabletop_rules.valandris.state import OPEN_STATE, Phase, State, successor


def _states(seeds: range) -> list[State]:
    """Every state of seeded random games, the last of each over (captured or not)."""
    out: list[State] = []
    for seed in seeds:
        rng, state = random.Random(seed), v.new_game({"max_turns": 6 + seed % 5})
        out.append(state)
        while not v.is_terminal(state):
            if v.current_player(state) is CHANCE:
                move = sample_chance(v, state, rng)
            else:
                moves = v.legal_moves(state)
                move = moves[rng.randrange(len(moves))]
            state = v.apply(state, move)
            out.append(state)
    return out


def test_successor_builds_the_record_the_constructor_builds() -> None:
    """`successor` gives a frozen `State` equal to the constructor's, holding the very field values."""
    states = _states(range(12))
    reached = {s.phase for s in states}
    assert {Phase.PLACE_LEVIATHAN, Phase.ROLL, Phase.BONUS, Phase.VALANDRIS, Phase.OVER} <= reached
    assert any(s.captured for s in states)
    assert any(s.score is not None and not s.captured for s in states)  # the turn cap's end
    for state in states:
        fields = attrs.asdict(state, recurse=False)
        changes = {k: x for k, x in fields.items() if k != "options"}
        built = successor(state, **changes)
        assert type(built) is State
        assert built == State(**fields) == state
        assert hash(built) == hash(state)
        assert all(getattr(built, k) is x for k, x in fields.items())
        assert v.to_json(built) == v.to_json(state)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            built.turn = 99  # type: ignore[misc]


def test_successor_takes_the_options_of_the_state_it_follows() -> None:
    """The options are the one field `successor` keeps; every other field is given."""
    state = v.new_game({"max_turns": 7})
    built = successor(
        state,
        phase=Phase.OVER,
        turn=3,
        creatures=(1, 2, 3),
        demon=4,
        sealed=0b101,
        declared=None,
        crossing=None,
        score=3,
        captured=True,
    )
    assert built.options is state.options
    assert (built.phase, built.turn, built.creatures, built.demon, built.sealed) == (
        Phase.OVER,
        3,
        (1, 2, 3),
        4,
        5,
    )
    assert (built.declared, built.crossing, built.score, built.captured) == (None, None, 3, True)
    assert state.phase is Phase.PLACE_LEVIATHAN  # the state it follows is unchanged


def test_the_open_twin_is_never_what_a_caller_sees() -> None:
    """No state of a game is an instance of the twin class; a `State` has the twin's slots only."""
    assert OPEN_STATE is not State
    assert OPEN_STATE.__mro__[1] is State.__mro__[1]
    assert all(type(s) is State for s in _states(range(3)))
    assert not hasattr(v.new_game(), "__dict__")
