"""Hostile values at every entry point that takes a caller's value: typed errors, short messages.

Three classes of failure, each checked at every entry point of every game:

* REL-MESSAGES-1: a message never echoes a whole input; whatever the value (a string of 10⁷
  characters, a JSON object with 10⁵ unknown keys, an integer of 10⁴ digits, an object whose
  ``__repr__`` raises), no message of the library is longer than `MAX_MESSAGE` characters.
* REL-MESSAGES-2: a value nested 10⁴ deep (a list, a tuple, a dict), given as a move, a move JSON
  field, a type tag, a viewer, a cursor or an id, is refused with a typed error, never a
  ``RecursionError``, also when the call is made with little room left on the stack; and a tuple
  nested 10⁶ deep inside a move (whose hash or comparison would crash the interpreter) is refused
  before it is hashed or compared.
* REL-MESSAGES-3: the bounded formatter (`core.jsonio.brief`) never raises and never calls a
  foreign ``__repr__``, ``__hash__`` or ``__eq__``.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import attrs
import numpy as np
import pytest

from tabletop_rules import chrononauts, trismaugistus, valandris
from tabletop_rules.core.errors import TabletopRulesError
from tabletop_rules.core.jsonio import MAX_ECHO, brief, brief_keys
from tabletop_rules.testing import finished_playout

GAMES = (valandris, chrononauts, trismaugistus)
MAX_MESSAGE = 400
"""The longest message a hostile value may produce (a few hundred characters)."""
DEPTH = 10_000


def _nested(kind: type, depth: int = DEPTH) -> Any:
    value: Any = kind()
    for _ in range(depth):
        value = {"a": value} if kind is dict else kind([value])
    return value


class Hostile:
    """An object whose every dunder that a careless message or lookup would call raises."""

    def __repr__(self) -> str:
        raise RuntimeError("repr called")

    def __str__(self) -> str:
        raise RuntimeError("str called")

    def __hash__(self) -> int:
        raise RuntimeError("hash called")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq called")

    def __len__(self) -> int:
        raise RuntimeError("len called")


class MyStr(str):
    pass


class MyInt(int):
    pass


HOSTILE: dict[str, Any] = {
    "deep list": _nested(list),
    "deep tuple": _nested(tuple),
    "deep dict": _nested(dict),
    "huge str": "x" * 10_000_000,
    "huge int": 10**10_000,
    "huge list": list(range(100_000)),
    "many keys": {f"k{i}": i for i in range(100_000)},
    "hostile object": Hostile(),
    "numpy str": np.str_("P0"),
    "numpy int": np.int64(1),
    "str subclass": MyStr("x" * 1000),
    "int subclass": MyInt(1),
    "nan": float("nan"),
    "bytes": b"\xff" * 100_000,
}


def _state(game: ModuleType) -> Any:
    """A state in the middle of a game (some decisions made, the game going on)."""
    playout = finished_playout(game, 3)
    states = list(playout.states(game))
    return states[len(states) // 2]


STATES = {game.__name__: _state(game) for game in GAMES}


def _entry_points(game: ModuleType, state: Any) -> Iterator[tuple[str, Callable[[Any], object]]]:
    """Every entry point of ``game`` with one argument left to the caller."""
    yield "apply", lambda x: game.apply(state, x)
    yield "check_move", lambda x: game.check_move(state, x)
    yield "move_to_str", lambda x: game.move_to_str(state, x)
    yield "move_to_action", lambda x: game.move_to_action(state, x)
    yield "move_to_chance", lambda x: game.move_to_chance(state, x)
    yield "action_to_move", lambda x: game.action_to_move(state, x)
    yield "chance_to_move", lambda x: game.chance_to_move(state, x)
    yield "parse_move", lambda x: game.parse_move(state, x)
    yield "move_from_json", lambda x: game.move_from_json(state, x)
    yield "move_to_json", lambda x: game.move_to_json(state, x)
    yield "from_json", game.from_json
    yield "new_game options", game.new_game
    yield "view_json viewer", lambda x: game.view_json(state, x)
    yield "events_since cursor", lambda x: game.events_since(state, 0, x)
    yield "events_since viewer", lambda x: game.events_since(state, x, 0)
    if hasattr(game, "information_state_string"):  # the games that hide information
        yield "information_state_string", lambda x: game.information_state_string(state, x)
    yield "observation_tensor", lambda x: game.tensors.observation_tensor(state, x)


def _move_json_fields(game: ModuleType, value: Any) -> Iterator[dict[str, Any]]:
    """Move JSON objects of every move class of ``game`` with one field (or the tag) set to ``value``."""
    for tag, record in game.moves.SHAPES.records.items():
        names = [name for name, _ in record.fields]
        base = {"type": tag, **dict.fromkeys(names)}
        yield {**base, "type": value}
        for name in names:
            yield {**base, name: value}


def _forged_moves(game: ModuleType, value: Any) -> Iterator[Any]:
    """Move objects of every move class of ``game`` with one field set to ``value``."""
    for cls in game.moves.SHAPES.by_class:
        fields = attrs.fields(cls)
        for field in fields:
            kwargs = {f.name: None for f in fields}
            kwargs[field.name] = value
            yield cls(**kwargs)


def _check(call: Callable[[Any], object], value: Any, what: str) -> None:
    try:
        call(value)
    except TabletopRulesError as error:
        message = str(error)
        assert message.strip(), f"{what}: an empty message"
        assert len(message) <= MAX_MESSAGE, f"{what}: a message of {len(message)} characters"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__.rsplit(".", 1)[-1])
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_every_entry_point_refuses_hostile_values_briefly(game: ModuleType, kind: str) -> None:
    """REL-MESSAGES-1, REL-MESSAGES-2: typed errors with short messages, at every entry point."""
    value = HOSTILE[kind]
    state = STATES[game.__name__]
    for name, call in _entry_points(game, state):
        _check(call, value, f"{name}({kind})")
    for obj in _move_json_fields(game, value):
        _check(lambda o: game.move_from_json(state, o), obj, f"move_from_json with a {kind} field")
    for move in _forged_moves(game, value):
        _check(lambda m: game.apply(state, m), move, f"apply of {type(move).__name__} with a {kind} field")
        _check(lambda m: game.move_to_action(state, m), move, f"move_to_action with a {kind} field")
        _check(lambda m: game.move_to_str(state, m), move, f"move_to_str with a {kind} field")
        assert game.is_legal(state, move) is False


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__.rsplit(".", 1)[-1])
def test_a_move_json_with_many_unknown_keys_gets_a_short_message(game: ModuleType) -> None:
    """REL-MESSAGES-1: 10⁵ unknown keys are counted, not listed (the report's example)."""
    state = STATES[game.__name__]
    tag = next(iter(game.moves.SHAPES.records))
    obj = {"type": tag, **{f"extra{i}": i for i in range(100_000)}}
    with pytest.raises(TabletopRulesError) as caught:
        game.move_from_json(state, obj)
    assert len(str(caught.value)) <= MAX_MESSAGE
    assert "and 99995 more" in str(caught.value) or "lacks" in str(caught.value)


def _at_depth(room: int, call: Callable[[], object]) -> object:
    """``call()`` made with only about ``room`` frames left before the recursion limit."""

    def down(n: int) -> object:
        return call() if n <= 0 else down(n - 1)

    frames = 0
    frame = sys._getframe()
    while frame is not None:
        frames += 1
        frame = frame.f_back  # type: ignore[assignment]
    return down(sys.getrecursionlimit() - frames - room)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__.rsplit(".", 1)[-1])
def test_errors_are_described_with_little_stack_left(game: ModuleType) -> None:
    """REL-MESSAGES-2: describing a nested value never recurses, even when the caller is already deep."""
    state = STATES[game.__name__]
    deep = _nested(list, 2_000)
    tag = next(iter(game.moves.SHAPES.records))
    for call in (
        lambda: game.move_from_json(state, {"type": deep}),
        lambda: game.move_from_json(state, {"type": tag, "x": deep}),
        lambda: game.action_to_move(state, deep),
        lambda: game.view_json(state, deep),
        lambda: game.events_since(state, 0, deep),
        lambda: game.apply(state, deep),
    ):
        with pytest.raises(TabletopRulesError):
            _at_depth(120, call)


def test_a_move_holding_a_tuple_nested_a_million_deep_is_refused_before_it_is_hashed() -> None:
    """REL-MESSAGES-2: hashing or comparing such a tuple crashes CPython (a C recursion): never done."""
    script = textwrap.dedent(
        """
        import attrs
        from tabletop_rules import chrononauts, trismaugistus, valandris
        from tabletop_rules.core.errors import TabletopRulesError
        from tabletop_rules.testing import finished_playout

        deep = ()
        for _ in range(1_000_000):
            deep = (deep,)
        refused = 0
        for game in (valandris, chrononauts, trismaugistus):
            state = finished_playout(game, 3).initial
            for cls in game.moves.SHAPES.by_class:
                for field in attrs.fields(cls):
                    kwargs = {f.name: None for f in attrs.fields(cls)}
                    kwargs[field.name] = deep
                    move = cls(**kwargs)
                    for call in (game.apply, game.check_move, game.move_to_str, game.move_to_action,
                                 game.move_to_chance, game.move_to_json):
                        try:
                            call(state, move)
                        except TabletopRulesError:
                            refused += 1
                    assert game.is_legal(state, move) is False
        print(refused)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], check=False, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout) > 100


# --------------------------------------------------------------------------- the formatter itself


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_brief_is_bounded_and_never_raises(kind: str) -> None:
    """REL-MESSAGES-3: `brief` describes anything in at most its limit, without foreign dunders."""
    for limit in (10, MAX_ECHO, 200):
        text = brief(HOSTILE[kind], limit)
        assert type(text) is str
        assert 0 < len(text) <= limit


def test_brief_shows_what_a_look_alike_is() -> None:
    """REL-MESSAGES-3: a look-alike prints with its class, since it prints like the real thing."""
    assert brief(MyStr("a")) == "MyStr('a')"
    assert brief(MyInt(3)) == "MyInt(3)"
    assert brief(np.int64(3)) == "np.int64(3)"
    assert brief(np.str_("x")) == "numpy.str_('x')"
    assert brief(1.0) == "1.0"
    assert brief(True) == "True"
    assert brief(Hostile()) == "<Hostile object>"
    assert brief([Hostile(), 1]) == "[<Hostile object>, 1]"
    assert brief(valandris.Step(3)) == "Step(vertex=3)"
    assert brief(valandris.Step(_nested(list))).startswith("Step(vertex=[[[[")
    assert brief((1,)) == "(1,)"
    assert brief({"a": (1, 2)}) == "{'a': (1, 2)}"
    assert brief(frozenset()) == "frozenset()"
    assert brief(list(range(100_000))) == "<list of 100000 items>"


def test_brief_keys_counts_what_it_does_not_show() -> None:
    """REL-MESSAGES-1: a list of unknown keys is shown in part, with a count of the rest."""
    assert brief_keys(["a", "b"]) == "'a', 'b'"
    assert brief_keys([f"k{i}" for i in range(100_000)]) == "'k0', 'k1', 'k2', 'k3', 'k4' and 99995 more"
    assert len(brief_keys(["x" * 10_000] * 5)) < 200
