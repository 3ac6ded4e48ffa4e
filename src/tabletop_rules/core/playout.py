"""Randomness lives here, never inside a game's rules.

``sample_chance`` picks a chance outcome with exactly the probabilities the
game states, from an explicit ``random.Random``; ``random_playout``
plays a whole game with uniformly random decisions.  Same seed, same game.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Any, Final, Generic, overload

import attrs

from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError
from tabletop_rules.core.jsonio import ErrorType, as_int, brief
from tabletop_rules.core.protocol import CHANCE, Game, MoveT, StateT

__all__ = [
    "MAX_SEED",
    "Agent",
    "Playout",
    "WeightedOutcomes",
    "check_agent_call",
    "check_seed",
    "random_agent",
    "random_playout",
    "sample_chance",
    "sample_outcome",
]

Agent = Callable[[Any, random.Random], Any]
"""A decision policy: ``agent(state, rng) -> move``.  It may only use ``rng`` for randomness."""


class WeightedOutcomes(Sequence[tuple[Any, Fraction]]):
    """Chance outcomes given by integer weights, so that sampling needs no fraction arithmetic.

    ``moves[i]`` has the weight ``cumulative[i] - cumulative[i - 1]`` (``cumulative[0]`` for the
    first) out of ``denominator``, the last cumulative weight; a move of weight 0 is not an outcome.
    A game returns one from ``chance_outcomes`` when it knows its weights directly: a draw pile
    passes every card of the deck and the running total of the copies left, so a draw builds one
    tuple of running totals (in C) and no per-card pair.  `sample_outcome` picks a move from the
    weights alone; to everyone else it is a read-only sequence of the ``(outcome, probability)``
    pairs of the outcomes of positive weight, in order, built when first read.
    """

    __slots__ = ("_cumulative", "_denominator", "_moves", "_pairs")

    def __init__(self, moves: Sequence[Any], cumulative: Sequence[int], denominator: int) -> None:
        self._moves = moves
        self._cumulative = cumulative
        self._denominator = denominator
        self._pairs: tuple[tuple[Any, Fraction], ...] | None = None

    # Read-only views: what was sampled and what is listed stay the same object's.
    @property
    def moves(self) -> Sequence[Any]:
        """The moves, one per cumulative weight (a move of weight 0 included)."""
        return self._moves

    @property
    def cumulative(self) -> Sequence[int]:
        """The running totals of the weights, one per move."""
        return self._cumulative

    @property
    def denominator(self) -> int:
        """The total weight: the last running total."""
        return self._denominator

    def pairs(self) -> tuple[tuple[Any, Fraction], ...]:
        """The ``(outcome, probability)`` pairs of positive weight, in order.

        Raises:
            InvalidOptionError: the weights are not a non-decreasing run of integers that ends at
                ``denominator``, or do not match ``moves`` one for one.
        """
        pairs = self._pairs
        if pairs is None:
            if len(self._moves) != len(self._cumulative) or not self._cumulative:
                raise InvalidOptionError("WeightedOutcomes needs one cumulative weight per move, and a move")
            out: list[tuple[Any, Fraction]] = []
            before = 0
            for move, total in zip(self._moves, self._cumulative, strict=True):
                if type(total) is not int or total < before:
                    raise InvalidOptionError(
                        f"cumulative weights must be non-decreasing integers, not {brief(total)}"
                    )
                if total > before:
                    out.append((move, Fraction(total - before, self._denominator)))
                before = total
            if before != self._denominator:
                raise InvalidOptionError(
                    f"the weights sum to {before}, not the denominator {self._denominator}"
                )
            pairs = self._pairs = tuple(out)  # computed once: the same value every time
        return pairs

    def __len__(self) -> int:
        return len(self.pairs())

    @overload
    def __getitem__(self, index: int) -> tuple[Any, Fraction]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[Any, Fraction]]: ...
    def __getitem__(self, index: int | slice) -> tuple[Any, Fraction] | Sequence[tuple[Any, Fraction]]:
        return self.pairs()[index]

    def __iter__(self) -> Iterator[tuple[Any, Fraction]]:
        return iter(self.pairs())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, WeightedOutcomes | list | tuple):
            return self.pairs() == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to lists, which are unhashable

    def __repr__(self) -> str:
        return f"WeightedOutcomes({list(self.pairs())!r})"


def sample_outcome(outcomes: Sequence[tuple[MoveT, Fraction]], rng: random.Random) -> MoveT:
    """Pick one outcome with its exact probability.

    The draw is a single ``rng.randrange`` over the common denominator, so the
    sampling is exact (no float rounding) and reproducible across platforms.
    The integer weights of a tuple seen recently are reused (games return the
    same tuple for the same distribution); the function is thread-safe.

    Raises:
        InvalidOptionError: if ``outcomes`` is empty or its probabilities do not sum to 1.
    """
    if isinstance(outcomes, WeightedOutcomes):
        # The outcome is the first move whose cumulative weight exceeds the point: exactly what
        # `bisect_right` finds, in C (a draw pile has dozens of outcomes).  A move of weight 0 repeats
        # the total before it, so no point lands on it; and the pairs are never built.
        point = rng.randrange(outcomes._denominator)
        return outcomes._moves[bisect.bisect_right(outcomes._cumulative, point)]  # type: ignore[no-any-return]
    if type(outcomes) is tuple:
        # Games return the same tuple object for the same distribution, so its integer weights are
        # computed once.  Only tuples are cached: a list could change after it was sampled.  The
        # entry keeps the tuple alive, so its id cannot be reused while the entry exists; a full
        # cache is emptied in one atomic step, so concurrent samplers at worst recompute weights.
        cached = _WEIGHTS.get(id(outcomes))
        if cached is not None and cached[0] is outcomes:
            _, denominator, cumulative = cached
        else:
            denominator, cumulative = _weights(outcomes)
            if len(_WEIGHTS) >= _WEIGHTS_SIZE:
                _WEIGHTS.clear()
            _WEIGHTS[id(outcomes)] = (outcomes, denominator, cumulative)
    else:
        denominator, cumulative = _weights(outcomes)
    return outcomes[bisect.bisect_right(cumulative, rng.randrange(denominator))][0]


_WEIGHTS_SIZE = 4096
_WEIGHTS: dict[int, tuple[object, int, tuple[int, ...]]] = {}


def _weights(outcomes: Sequence[tuple[object, Fraction]]) -> tuple[int, tuple[int, ...]]:
    """The common denominator and the cumulative integer weights of a distribution."""
    if not outcomes:
        raise InvalidOptionError("no chance outcomes to sample from")
    for _, probability in outcomes:
        if type(probability) is not Fraction or not 0 < probability <= 1:
            raise InvalidOptionError(
                f"chance probabilities must be Fractions in (0, 1], not {brief(probability)}"
            )
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    cumulative = []
    total = 0
    for _, probability in outcomes:
        total += probability.numerator * (denominator // probability.denominator)
        cumulative.append(total)
    if total != denominator:
        raise InvalidOptionError(f"chance probabilities sum to {Fraction(total, denominator)}, not 1")
    return denominator, tuple(cumulative)


def sample_chance(game: Game[StateT, MoveT], state: StateT, rng: random.Random) -> MoveT:
    """Sample the chance outcome of ``state`` (which must be a chance node) from ``rng``."""
    return sample_outcome(game.chance_outcomes(state), rng)


def random_agent(game: Game[StateT, MoveT]) -> Callable[[StateT, random.Random], MoveT]:
    """An agent that picks uniformly among the legal moves."""

    def agent(state: StateT, rng: random.Random) -> MoveT:
        return rng.choice(game.legal_moves(state))

    return agent


@attrs.frozen
class Playout(Generic[StateT, MoveT]):
    """A finished (or truncated) playout: the start, every move in order, and the end.

    Intermediate states are not stored (they are cheap to recompute with
    ``states``), so a playout of a long game stays small.
    """

    seed: int
    initial: StateT
    moves: tuple[MoveT, ...]
    final: StateT
    truncated: bool

    def states(self, game: Game[StateT, MoveT]) -> Iterator[StateT]:
        """Yield every state from the initial one to the final one, by replaying the moves."""
        state = self.initial
        yield state
        for move in self.moves:
            state = game.apply(state, move)
            yield state


def check_agent_call(agent: str, game: str, state_type: type, state: object, rng: object) -> None:
    """An agent's first check of its arguments: a state of its game and a ``random.Random``.

    Args:
        agent: the agent's name, for messages (``"greedy_agent"``).
        game: the game's name, for messages.
        state_type: the game's ``State`` class; ``state`` must be exactly one.

    Raises:
        InvalidStateError: if ``state`` is not a state of the game.
        InvalidOptionError: if ``rng`` is not a ``random.Random``.
    """
    if type(state) is not state_type:
        raise InvalidStateError(f"{agent} plays {game}, not {brief(state)}")
    if not isinstance(rng, random.Random):
        raise InvalidOptionError(f"{agent} draws from a random.Random, not {brief(rng)}")


MAX_SEED: Final = 2**64 - 1
"""The largest seed: seeds are the 64-bit unsigned integers (every `derive_seed` value is one)."""


def check_seed(value: object, where: str = "seed", *, error: ErrorType = InvalidOptionError) -> int:
    """``value`` if it is a seed: an ``int`` (not a ``bool``) in ``0 .. MAX_SEED``.

    The one check of every seed the library takes or reads (``random_playout``, ``simulate``,
    ``play_one``, ``derive_seed``, ``make_record``, ``replay``, simulation records files), so
    that each seed it writes reads back.  Negative seeds are refused: ``random.Random`` would
    seed ``-n`` like ``n``.

    Raises:
        error: (``InvalidOptionError`` by default) naming ``where`` otherwise.
    """
    return as_int(value, where, low=0, high=MAX_SEED, error=error)


def random_playout(
    game: Game[StateT, MoveT],
    seed: int,
    *,
    options: Any = None,
    initial: StateT | None = None,
    agents: Sequence[Callable[[StateT, random.Random], MoveT]] | None = None,
    max_moves: int | None = None,
) -> Playout[StateT, MoveT]:
    """Play one game from ``random.Random(seed)``.

    Decisions come from ``agents[player]`` (uniformly random by default), chance
    outcomes from ``sample_chance``; both draw from the same seeded RNG, so
    the same seed always gives the same game.  ``max_moves`` truncates the game.

    Raises:
        InvalidOptionError: if ``seed`` is not an ``int`` in ``0 .. MAX_SEED`` (`check_seed`).
    """
    rng = random.Random(check_seed(seed))
    state = game.new_game(options) if initial is None else initial
    start = state
    fallback = random_agent(game)
    moves: list[MoveT] = []
    while not game.is_terminal(state):
        if max_moves is not None and len(moves) >= max_moves:
            return Playout(seed, start, tuple(moves), state, truncated=True)
        actor = game.current_player(state)
        if actor is CHANCE:
            move = sample_chance(game, state, rng)
        else:
            assert actor is not None
            agent = agents[actor] if agents is not None else fallback
            move = agent(state, rng)
        state = game.apply(state, move)
        moves.append(move)
    return Playout(seed, start, tuple(moves), state, truncated=False)
