"""The conformance suite: the library's own ``random_sim_test``.

``check_playout`` plays a seeded random game and, at every state on the
way (mid-turn states included), checks the contract of the shared protocol:

* ``from_json(to_json(s)) == s`` and the JSON text is stable;
* ``current_player`` is ``None`` exactly when ``is_terminal``; a terminal state
  has no legal moves and no chance outcomes; returns are zeros until the end
  and sum to zero at the end of a zero-sum game;
* decisions are distinct, deterministic, each one applies, and
  ``parse_move(s, move_to_str(s, m)) == m``;
* chance probabilities are positive exact ``Fraction``\\ s summing to 1;
* ``apply`` never mutates its input (state and JSON compared before and after);
* moves seen elsewhere in the game that are not legal here raise
  ``IllegalMoveError`` and leave the state unchanged; junk text raises one of
  the typed move errors.

It raises ``ConformanceError`` (an ``AssertionError``) naming the seed,
the move number and what failed.  It needs no test framework.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from tabletop_rules.core.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
)
from tabletop_rules.core.playout import Playout, WeightedOutcomes, random_playout, sample_outcome
from tabletop_rules.core.protocol import CHANCE, Game, MoveT, StateT

__all__ = ["ConformanceError", "check_determinism", "check_playout", "check_state"]

_JUNK_TEXTS = ("", "   ", "\x00", "?!", "zzzz 999", "9" * 400, "move move move move move")


class ConformanceError(AssertionError):
    """A game broke the shared protocol's contract."""


class _FixedPoint(random.Random):
    """A random source whose ``randrange`` always returns one point (to test a sampler's mapping)."""

    def __init__(self, point: int) -> None:
        super().__init__(0)
        self.point = point

    def randrange(self, *args: Any, **kwargs: Any) -> int:
        return self.point


def _fail(context: str, message: str) -> ConformanceError:
    return ConformanceError(f"{context}: {message}")


def check_state(
    game: Game[StateT, MoveT],
    state: StateT,
    *,
    context: str = "state",
    illegal_candidates: tuple[MoveT, ...] = (),
    validate: Callable[[StateT], object] | None = None,
) -> None:
    """Check every contract of the protocol that concerns one state."""
    text = game.to_json(state)
    restored = game.from_json(text)
    if restored != state:
        raise _fail(context, "from_json(to_json(state)) != state")
    if game.to_json(restored) != text:
        raise _fail(context, "to_json is not stable across a JSON round trip")
    if validate is not None:
        validate(state)

    actor = game.current_player(state)
    terminal = game.is_terminal(state)
    if terminal != (actor is None):
        raise _fail(context, f"is_terminal={terminal} but current_player={actor!r}")
    moves = game.legal_moves(state)
    outcomes = game.chance_outcomes(state)
    values = game.returns(state)
    info = game.GAME_INFO
    if not info.min_players <= len(values) <= info.max_players:
        raise _fail(context, f"returns has {len(values)} entries")

    if terminal:
        if moves or outcomes:
            raise _fail(context, "a terminal state has legal moves or chance outcomes")
        if info.zero_sum and sum(values) != 0:
            raise _fail(context, f"zero-sum game returns {values}")
        return
    if any(v != 0 for v in values):
        raise _fail(context, f"returns {values} before the end of the game")

    if actor is CHANCE:
        if moves:
            raise _fail(context, "a chance node offers decisions")
        if not outcomes:
            raise _fail(context, "a chance node has no outcomes")
        if any(not isinstance(p, Fraction) or p <= 0 for _, p in outcomes):
            raise _fail(context, "chance probabilities must be positive Fractions")
        if sum((p for _, p in outcomes), Fraction(0)) != 1:
            raise _fail(context, "chance probabilities do not sum to exactly 1")
        if isinstance(outcomes, WeightedOutcomes):
            # the sampler reads only the weights: the first and last point of each listed outcome's
            # share of the denominator must pick that outcome
            start = 0
            for move, probability in outcomes:
                end = start + int(probability * outcomes.denominator)
                for point in (start, end - 1):
                    if sample_outcome(outcomes, _FixedPoint(point)) != move:
                        raise _fail(context, f"sampling WeightedOutcomes at {point} does not give {move!r}")
                start = end
        applied: list[Any] = [o for o, _ in outcomes]
        if len(set(applied)) != len(applied):
            raise _fail(context, "chance outcomes are not distinct")
    else:
        if outcomes:
            raise _fail(context, "a decision node has chance outcomes")
        if not moves:
            raise _fail(context, "a non-terminal decision node has no legal moves")
        if list(game.legal_moves(state)) != list(moves):
            raise _fail(context, "legal_moves is not deterministic")
        if len(set(moves)) != len(moves):
            raise _fail(context, "legal moves are not distinct")
        applied = list(moves)
        for move in moves:
            notation = game.move_to_str(state, move)
            parsed = game.parse_move(state, notation)
            if parsed != move:
                raise _fail(context, f"parse_move({notation!r}) gave {parsed!r}, not {move!r}")

    _check_ids(game, state, applied, chance=actor is CHANCE, context=context)
    for move in applied:
        after = game.apply(state, move)
        if game.to_json(state) != text:
            raise _fail(context, f"apply({move!r}) mutated its input")
        if after == state and not game.is_terminal(after) and game.to_json(after) == text:
            raise _fail(context, f"apply({move!r}) returned the same state")

    legal = set(applied)
    for candidate in illegal_candidates:
        if candidate in legal:
            continue
        if getattr(game, "is_legal", None) is not None and game.is_legal(state, candidate):
            raise _fail(context, f"is_legal accepts the illegal move {candidate!r}")
        try:
            game.apply(state, candidate)
        except IllegalMoveError:
            pass
        else:
            raise _fail(context, f"apply accepted the illegal move {candidate!r}")
        if game.to_json(state) != text:
            raise _fail(context, f"a refused move {candidate!r} mutated the state")
    if actor is not CHANCE:
        for junk in _JUNK_TEXTS:
            try:
                game.parse_move(state, junk)
            except (InvalidMoveError, IllegalMoveError, AmbiguousMoveError):
                continue
            raise _fail(context, f"parse_move accepted junk text {junk!r}")


def _check_ids(
    game: Game[StateT, MoveT], state: StateT, moves: list[Any], *, chance: bool, context: str
) -> None:
    """The action ids of the protocol: distinct, in range, and inverse of each other; and
    `check_move`/`is_legal` accept every legal move (for games that define them)."""
    if getattr(game, "move_to_action", None) is None:
        return
    encode: Callable[[StateT, MoveT], int]
    decode: Callable[[StateT, int], MoveT]
    if chance:
        encode, decode, size = game.move_to_chance, game.chance_to_move, game.num_chance_outcomes(state)
    else:
        encode, decode, size = game.move_to_action, game.action_to_move, game.num_actions(state)
    ids = [encode(state, move) for move in moves]
    if len(set(ids)) != len(ids):
        raise _fail(context, "two moves share an action id")
    for move, action in zip(moves, ids, strict=True):
        if type(action) is not int or not 0 <= action < size:
            raise _fail(context, f"action id {action!r} of {move!r} is outside 0..{size - 1}")
        if decode(state, action) != move:
            raise _fail(context, f"action id {action} decodes to {decode(state, action)!r}, not {move!r}")
        if not chance:
            game.check_move(state, move)
            if not game.is_legal(state, move):
                raise _fail(context, f"is_legal refuses the legal move {move!r}")
        if getattr(game, "move_to_json", None) is not None:
            wire = json.loads(json.dumps(game.move_to_json(state, move)))
            if game.move_from_json(state, wire) != move:
                raise _fail(context, f"move JSON {wire!r} does not read back as {move!r}")


def check_playout(
    game: Game[StateT, MoveT],
    seed: int,
    *,
    options: Any = None,
    initial: StateT | None = None,
    max_moves: int = 5000,
    validate: Callable[[StateT], object] | None = None,
    illegal_per_state: int = 4,
) -> Playout[StateT, MoveT]:
    """Play a seeded random game and ``check_state`` at every state of it.

    The moves are chosen exactly as ``random_playout``
    chooses them with the same seed, so the returned playout equals that one.
    ``validate`` (by default the game module's own ``validate``, if it has one)
    checks the game's invariants at every state.
    """
    if validate is None:
        validate = getattr(game, "validate", None)
    rng = random.Random(seed)
    pick = random.Random(seed ^ 0x5EED)  # chooses illegal candidates, apart from the game's RNG
    state = game.new_game(options) if initial is None else initial
    start = state
    seen: list[MoveT] = []
    seen_set: set[MoveT] = set()
    moves: list[MoveT] = []
    while True:
        context = f"seed {seed}, move {len(moves)}"
        pool = tuple(pick.sample(seen, min(illegal_per_state, len(seen))))
        check_state(game, state, context=context, illegal_candidates=pool, validate=validate)
        if game.is_terminal(state):
            return Playout(seed, start, tuple(moves), state, truncated=False)
        if len(moves) >= max_moves:
            return Playout(seed, start, tuple(moves), state, truncated=True)
        if game.current_player(state) is CHANCE:
            move = sample_outcome(game.chance_outcomes(state), rng)
        else:
            move = rng.choice(game.legal_moves(state))
            for m in game.legal_moves(state):
                if m not in seen_set and len(seen) < 512:
                    seen_set.add(m)
                    seen.append(m)
        state = game.apply(state, move)
        moves.append(move)


def finished_playout(
    game: Game[StateT, MoveT],
    seed: int,
    *,
    options: Any = None,
    initial: StateT | None = None,
    agents: Sequence[Callable[[StateT, random.Random], MoveT]] | None = None,
    max_moves: int = 20_000,
) -> Playout[StateT, MoveT]:
    """``random_playout`` that must reach the end of the game within ``max_moves`` atomic moves.

    The same game as ``random_playout`` with the same arguments. Tests play through it, so that a game
    that never ends fails, naming its seed, instead of hanging the suite.

    Raises:
        ConformanceError: if the game has not ended after ``max_moves`` moves.
    """
    playout = random_playout(game, seed, options=options, initial=initial, agents=agents, max_moves=max_moves)
    if playout.truncated:
        raise ConformanceError(f"seed {seed}: the game has not ended after {max_moves} moves")
    return playout


def check_determinism(
    game: Game[StateT, MoveT],
    seed: int,
    *,
    options: Any = None,
    initial: StateT | None = None,
    max_moves: int = 100_000,
) -> None:
    """Two playouts from the same seed are the same game, move for move and state for state."""
    first = random_playout(game, seed, options=options, initial=initial, max_moves=max_moves)
    second = random_playout(game, seed, options=options, initial=initial, max_moves=max_moves)
    if first.moves != second.moves or first.final != second.final:
        raise ConformanceError(f"seed {seed}: two playouts with the same seed differ")
