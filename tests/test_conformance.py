"""The conformance suite over every game configuration of `tabletop_rules.testing.configs`.

One test, every game: the protocol's contract at every state of seeded random games (JSON round trips,
terminal consistency, distinct deterministic legal moves that all apply, notation round trips, action ids
that invert each other, `check_move`/`is_legal` agreeing with `legal_moves`, exact chance
probabilities, no mutation by `apply`, illegal moves refused, junk text refused), with each game's own
`validate` at every state. Every playout has a move bound, so a game that never ends fails instead of
hanging the suite.
"""

from __future__ import annotations

import importlib
import random
import threading
from collections.abc import Callable
from typing import Any

import pytest

from tabletop_rules.testing import check_determinism, check_playout, finished_playout
from tabletop_rules.testing.configs import GameConfig, all_configs
from tabletop_rules.testing.encodings import check_encodings

MAX_MOVES = 400


@pytest.mark.parametrize("config", all_configs(), ids=lambda c: c.label)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_configuration_conforms(config: GameConfig, seed: int) -> None:
    game = importlib.import_module(f"tabletop_rules.{config.module_name}")
    calls: list[object] = []

    def validate(state: object) -> None:
        calls.append(state)
        game.validate(state)

    playout = check_playout(
        game, seed, initial=config.start(game), max_moves=MAX_MOVES, validate=validate, illegal_per_state=2
    )
    assert len(playout.moves) <= MAX_MOVES
    assert playout.truncated or game.is_terminal(playout.final)
    assert len(calls) == len(playout.moves) + 1  # the game's validate ran at every state


# REL-REPLAY-1: the same seed is the same game, move for move
@pytest.mark.parametrize("config", all_configs(), ids=lambda c: c.label)
def test_every_configuration_is_deterministic(config: GameConfig) -> None:
    game = importlib.import_module(f"tabletop_rules.{config.module_name}")
    check_determinism(game, 5, initial=config.start(game), max_moves=MAX_MOVES)


@pytest.mark.parametrize("config", all_configs(), ids=lambda c: c.label)
def test_every_configuration_encodes_as_its_tuples(config: GameConfig) -> None:
    """The numpy encodings equal the pure-Python tuples at every state of a seeded game, for every seat."""
    pytest.importorskip("numpy")
    game = importlib.import_module(f"tabletop_rules.{config.module_name}")
    playout = check_playout(game, 3, initial=config.start(game), max_moves=120, illegal_per_state=0)
    state = playout.initial
    check_encodings(game, state, context="start")
    for number, move in enumerate(playout.moves):
        state = game.apply(state, move)
        check_encodings(game, state, context=f"seed 3, move {number + 1}")


# Each game's `legal_moves` keeps the last state asked and its moves; how each computes them without it.
_UNREMEMBERED: dict[str, tuple[str, str]] = {
    "valandris": ("valandris.reach", "LEGAL_MOVES"),  # per phase
    "chrononauts": ("chrononauts.legality", "_legal_moves"),
    "trismaugistus": ("trismaugistus.rules", "_menu"),
}


def _unremembered(module_name: str) -> Callable[[Any], tuple[Any, ...]]:
    where, name = _UNREMEMBERED[module_name]
    found = getattr(importlib.import_module(f"tabletop_rules.{where}"), name)
    if module_name == "valandris":
        return lambda state: found[state.phase](state)  # type: ignore[no-any-return]
    return found  # type: ignore[no-any-return]


@pytest.mark.parametrize("module_name", sorted(_UNREMEMBERED))
def test_every_games_legal_moves_memo_gives_each_state_its_own_moves(module_name: str) -> None:
    """REL-THREADS-1: a state asked again gets its own moves (the very tuple), a state asked after
    another gets its own, and threads that ask for many states' moves at once each get the state's."""
    game = importlib.import_module(f"tabletop_rules.{module_name}")
    states = [s for seed in (3, 4) for s in finished_playout(game, seed, max_moves=2_000).states(game)]
    unremembered = _unremembered(module_name)
    truth = [unremembered(s) for s in states]
    assert len({len(moves) for moves in truth}) > 3
    for k in (0, 5, 5, 3, len(states) - 1, 3):
        first = game.legal_moves(states[k])
        assert first == truth[k]
        assert game.legal_moves(states[k]) is first
    failures: list[int] = []

    def ask(order: int) -> None:
        rng = random.Random(order)
        for _ in range(400):
            k = rng.randrange(len(states))
            if game.legal_moves(states[k]) != truth[k]:
                failures.append(k)

    threads = [threading.Thread(target=ask, args=(order,)) for order in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
