"""Game records and their seeds: `GameRecord`, `derive_seed`, and the limits of a run."""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Iterable
from typing import Any, Final

import attrs

from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError
from tabletop_rules.core.jsonio import Fields, as_int, as_object, as_text, brief
from tabletop_rules.core.records import check_seed

MAX_GAMES: Final = 1_000_000_000
"""The most games one run may hold: indexes are ``0 .. MAX_GAMES - 1``."""
MAX_CHUNK_SIZE: Final = 1_000_000
"""The most games in one task sent to an executor."""
MAX_MOVE_LIMIT: Final = 1_000_000_000
"""The largest ``max_moves``."""
MAX_PLAYERS: Final = 64
"""The most players (entries of ``returns``) a record holds."""
SEED_SCHEME: Final = "blake2b-64(master_seed/index)"
"""How ``derive_seed`` makes a game's seed; a records file names it, so a change would be refused."""

AgentSpec = Callable[[Any, random.Random], Any] | None
Scalar = int | float | str | bool | None


def derive_seed(master_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: a 64-bit hash of the master seed and the index.

    Raises:
        InvalidOptionError: unless ``master_seed`` is a seed (an ``int`` in ``0 .. 2**64 - 1``)
            and ``index`` an ``int`` in ``0 .. MAX_GAMES - 1``.
    """
    check_seed(master_seed, "master_seed")
    as_int(index, "index", low=0, high=MAX_GAMES - 1, error=InvalidOptionError)
    return _derive(master_seed, index)


def _derive(master_seed: int, index: int) -> int:
    digest = hashlib.blake2b(f"{master_seed}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


@attrs.frozen
class GameRecord:
    """One finished (or truncated) game of a simulation.

    Attributes:
        index: the game's index in its run, ``0 .. MAX_GAMES - 1``.
        seed: the game's seed, ``derive_seed(master_seed, index)`` in a run.
        moves: the atomic moves played (chance outcomes included).
        truncated: whether ``max_moves`` cut the game before its end.
        returns: each player's return (all zero in a truncated game).
        outcome: the game's ``outcome(state)`` fields as sorted ``(name, value)`` pairs; empty for a
            truncated game or a game without ``outcome``.
    """

    index: int
    seed: int
    moves: int
    truncated: bool
    returns: tuple[float, ...]
    outcome: tuple[tuple[str, Scalar], ...]

    def outcome_dict(self) -> dict[str, Scalar]:
        """The outcome fields as a dict (a new one at each call)."""
        return dict(self.outcome)

    @property
    def winner(self) -> int | None:
        """The player with the single highest return in a finished game of two or more players, else None."""
        if self.truncated or len(self.returns) < 2:
            return None
        best = max(self.returns)
        leaders = [p for p, value in enumerate(self.returns) if value == best]
        return leaders[0] if len(leaders) == 1 else None

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict (one line of a records file)."""
        return {
            "index": self.index,
            "seed": self.seed,
            "moves": self.moves,
            "truncated": self.truncated,
            "returns": list(self.returns),
            "outcome": dict(self.outcome),
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "record") -> GameRecord:
        """The record that ``to_dict`` wrote.

        Raises:
            InvalidStateError: if a field is missing, unknown, of the wrong type or out of range
                (an index of ``0 .. MAX_GAMES - 1``, a seed of ``0 .. 2**64 - 1``, at most
                ``MAX_PLAYERS`` finite returns, outcome numbers within ``2**63`` either way).
        """
        error = InvalidStateError
        keys = ("index", "seed", "moves", "truncated", "returns", "outcome")
        f = Fields(data, where, required=keys, error=error)
        returns = tuple(
            _number(v, f"{where}.returns[{i}]") for i, v in enumerate(f.array("returns", max_len=MAX_PLAYERS))
        )
        outcome = as_object(f.raw("outcome"), f"{where}.outcome", error=error)
        for key, value in outcome.items():
            as_text(key, f"{where}.outcome key", max_len=200, error=error)
            if type(value) is int or type(value) is float:
                _number(value, f"{where}.outcome.{brief(key)}")
            elif value is not None and type(value) is not bool and type(value) is not str:
                raise error(f"{where}.outcome.{brief(key)}: must be a number, string, bool or null")
        return cls(
            index=f.integer("index", low=0, high=MAX_GAMES - 1),
            seed=check_seed(f.raw("seed"), f"{where}.seed", error=error),
            moves=f.integer("moves", low=0, high=2**63 - 1),
            truncated=f.boolean("truncated"),
            returns=returns,
            outcome=tuple(sorted(outcome.items())),
        )


def _number(value: object, where: str) -> float:
    """A finite ``float``, or an ``int`` within ``2**63`` either way (so every mean is finite)."""
    if (type(value) is int and -(2**63) <= value < 2**63) or (type(value) is float and math.isfinite(value)):
        return value
    raise InvalidStateError(f"{where}: must be a finite number, not {brief(value)}")


def records_table(records: Iterable[GameRecord]) -> list[dict[str, Any]]:
    """The records as flat dicts (for JSON or a data frame).

    Each dict holds ``index``, ``seed``, ``moves``, ``truncated`` and ``returns`` (a list), then the
    outcome fields beside them (unlike ``GameRecord.to_dict``, which nests them under ``outcome``).
    """
    return [
        {
            "index": r.index,
            "seed": r.seed,
            "moves": r.moves,
            "truncated": r.truncated,
            "returns": list(r.returns),
            **dict(r.outcome),
        }
        for r in records
    ]
