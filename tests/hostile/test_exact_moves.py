"""Look-alike moves and ids, refused the same way by every game (one shared check, `core.codecs.MoveShapes`).

REL-EXACT-1: `check_move`, `is_legal`, `apply`, `move_to_str`, `move_to_action`,
`move_to_chance` and `move_to_json` accept a move only if it is exactly one of the game's move
classes (not a subclass, not an object of another class with the same fields) whose fields have
exactly the types of their annotations: a legal move with one field replaced by an equal
look-alike (``numpy.str_``, a ``str`` or ``int`` subclass, a float, a ``bool``, a numpy
integer) is refused with `InvalidMoveError`, and the state is unchanged.

REL-EXACT-2: `action_to_move` and `chance_to_move` take only an ``int`` in range: a ``bool``, a
float, a numpy integer, an ``int`` subclass, a string or an ``int`` out of range is refused with
`InvalidMoveError`, never `IllegalMoveError` and never an ``IndexError``.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType
from typing import Any

import attrs
import numpy as np
import pytest

from tabletop_rules import chrononauts, trismaugistus, valandris
from tabletop_rules.core.errors import InvalidMoveError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.testing import finished_playout

GAMES = (valandris, chrononauts, trismaugistus)


class MyStr(str):
    pass


class MyInt(int):
    pass


def _examples(game: ModuleType) -> dict[type, tuple[Any, Any]]:
    """One (state, legal move or chance outcome) per move class, from seeded random games."""
    found: dict[type, tuple[Any, Any]] = {}
    for seed in range(4):
        for state in finished_playout(game, seed).states(game):
            moves = list(game.legal_moves(state)) or [m for m, _ in game.chance_outcomes(state)]
            for move in moves:
                found.setdefault(type(move), (state, move))
    return found


EXAMPLES = {game.__name__: _examples(game) for game in GAMES}


def _look_alikes(value: Any) -> Iterator[Any]:
    """Values equal to ``value`` (or standing for it) that are not of its exact type."""
    if type(value) is str:
        yield np.str_(value)
        yield MyStr(value)
    elif type(value) is bool:
        yield int(value)
        yield np.bool_(value)
    elif type(value) is int:
        yield float(value)
        yield np.int64(value)
        yield MyInt(value)
        if value in (0, 1):
            yield bool(value)
    elif type(value) is tuple:
        yield list(value)
        for fake in _look_alikes(value[0]) if value else ():
            yield (fake, *value[1:])  # a tuple holding one look-alike
    elif hasattr(value, "value") and hasattr(value, "name"):  # an enum member
        yield value.value
        yield value.name


def _forgeries(move: Any) -> Iterator[tuple[str, Any]]:
    cls = type(move)
    fields = attrs.asdict(move, recurse=False)
    yield "a subclass", type(f"Sub{cls.__name__}", (cls,), {})(**fields)
    yield "another class", attrs.make_class(cls.__name__, list(fields), frozen=True)(**fields)
    for name, value in fields.items():
        for fake in _look_alikes(value):
            yield f"{name}={type(fake).__name__}", attrs.evolve(move, **{name: fake})


def _cases() -> Iterator[Any]:
    for game in GAMES:
        for cls in EXAMPLES[game.__name__]:
            yield pytest.param(game, cls, id=f"{game.__name__.rsplit('.', 1)[-1]}-{cls.__name__}")


@pytest.mark.parametrize(("game", "cls"), list(_cases()))
def test_look_alikes_of_a_legal_move_are_refused_everywhere(game: ModuleType, cls: type) -> None:
    """REL-EXACT-1: every forgery of a legal move is an `InvalidMoveError` at every entry point."""
    state, move = EXAMPLES[game.__name__][cls]
    before = game.to_json(state)
    chance = game.current_player(state) is not None and type(game.current_player(state)) is not int
    forged = 0
    for what, fake in _forgeries(move):
        assert not game.is_legal(state, fake), what
        for call in (
            game.check_move,
            game.apply,
            game.move_to_str,
            game.move_to_chance if chance else game.move_to_action,
            game.move_to_json,
        ):
            with pytest.raises(InvalidMoveError):
                call(state, fake)
        forged += 1
    assert forged >= 2
    assert game.to_json(state) == before
    game.apply(state, move)  # the genuine move still applies


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__.rsplit(".", 1)[-1])
def test_most_move_classes_have_a_legal_example(game: ModuleType) -> None:
    """The test above reaches nearly every move class (the rest are checked by the shape tests)."""
    classes = set(game.moves.SHAPES.by_class)
    assert len(set(EXAMPLES[game.__name__]) & classes) >= len(classes) - 4


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__.rsplit(".", 1)[-1])
def test_ids_are_exact_ints_in_range(game: ModuleType) -> None:
    """REL-EXACT-2: anything but an ``int`` in range is not an id: `InvalidMoveError`."""
    state = game.new_game()
    for decode, size in (
        (game.action_to_move, game.num_actions(state)),
        (game.chance_to_move, game.num_chance_outcomes(state)),
    ):
        decode(state, size - 1)
        for bad in (1.0, True, False, np.int64(1), MyInt(1), "1", None, -1, size, 10**400, [1], (1,)):
            with pytest.raises(InvalidMoveError):
                decode(state, bad)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__.rsplit(".", 1)[-1])
def test_the_games_describe_a_bad_field_the_same_way(game: ModuleType) -> None:
    """REL-EXACT-1: the message names the class and field, what it must be, and the look-alike."""
    state, move = next(iter(EXAMPLES[game.__name__].values()))
    name, value = next(iter(attrs.asdict(move, recurse=False).items()), (None, None))
    if name is None:
        pytest.skip("the first example has no field")
    fake = next(_look_alikes(value))
    with pytest.raises(InvalidMoveError) as caught:
        game.apply(state, attrs.evolve(move, **{name: fake}))
    message = str(caught.value)
    assert message.startswith(f"{type(move).__name__}.{name} must be "), message
    assert message.endswith(f", not {brief(fake)}"), message
