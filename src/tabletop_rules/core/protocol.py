"""The shared game protocol.

A game is a *module* of pure functions over immutable states.  Any module that
defines the functions below satisfies ``Game``, so generic tools take the
module itself::

    from tabletop_rules import valandris
    from tabletop_rules.core import random_playout

    playout = random_playout(valandris, seed=7)

Conventions shared by every game:

* Players are numbered ``0 .. n-1``; ``CHANCE`` is the chance "player"
  that acts at chance nodes; ``current_player`` is ``None`` once the game is over.
* ``legal_moves`` lists decisions only; at a chance node it is empty and
  ``chance_outcomes`` lists every outcome with its exact probability (a
  ``fractions.Fraction``; they sum to exactly 1).  ``apply`` takes either.
* ``apply`` returns a new state and never mutates its argument; keeping an old
  state is undo.  States are hashable and compare by value.
* ``returns`` has one entry per player; it is all zeros until the game is over.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final, Literal, Protocol, TypeAlias, TypeVar

import attrs

__all__ = [
    "CHANCE",
    "Actor",
    "ChanceType",
    "Game",
    "GameInfo",
    "ImperfectInformationGame",
    "MoveT",
    "StateT",
]


class ChanceType(enum.Enum):
    """Type of the ``CHANCE`` sentinel (a one-member enum, so it is typed and picklable)."""

    CHANCE = "chance"

    def __repr__(self) -> str:
        return "CHANCE"


CHANCE: Final = ChanceType.CHANCE
"""The actor at a chance node: ``current_player(state) is CHANCE``."""

Actor: TypeAlias = int | Literal[ChanceType.CHANCE] | None
"""What ``current_player`` returns: a player index, ``CHANCE``, or ``None`` when the game is over."""

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")


@attrs.frozen
class GameInfo:
    """A declarative record of what a game is (after OpenSpiel's ``GameType``).

    Attributes:
        name: the short name used in JSON and records, e.g. ``"valandris"``.
        title: the game's English title.
        min_players, max_players: the supported player counts (the automa of a
            solo game is not a player).
        chance: whether the game has chance nodes.
        perfect_information: whether every player sees the whole state.
        zero_sum: whether the returns of a finished game always sum to zero.
        version: a behaviour version; it changes when the rules engine's
            behaviour changes (not on refactors), and JSON records carry it.
        seat_names: the role of each seat when the seats have fixed roles
            (Valandris: ``("Holy Spirit", "Valandris")``); empty when the seats are
            alike, and then seat ``i`` is called ``P<i>``, as the notation writes it.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    chance: bool
    perfect_information: bool
    zero_sum: bool
    version: int
    seat_names: tuple[str, ...] = ()


class Game(Protocol[StateT, MoveT]):
    """What every game module provides.  A game module satisfies this protocol itself."""

    @property
    def GAME_INFO(self) -> GameInfo: ...  # a module-level constant in a game module

    def new_game(self, options: Any = None, *, players: int | None = None) -> StateT:
        """The initial state (setup decisions, if the game has any, are moves).

        ``options`` is the game's ``Options``, a dict of its fields or ``None`` (the
        defaults); ``players`` defaults to the game's usual count."""
        ...

    def legal_moves(self, state: StateT) -> Sequence[MoveT]:
        """The decisions of the player to act, distinct, in a deterministic order."""
        ...

    def apply(self, state: StateT, move: MoveT) -> StateT:
        """The state after ``move`` (a decision or a chance outcome).

        Raises ``InvalidMoveError`` (not a move of this game, by exact type and value)
        or ``IllegalMoveError`` (not legal here); the state is unchanged."""
        ...

    def check_move(self, state: StateT, move: MoveT) -> None:
        """Nothing if ``apply(state, move)`` would succeed; otherwise the error it would raise.

        Any object may be passed (the gate of a strict boundary); it is typed ``MoveT`` so that
        a game may annotate its own move union."""
        ...

    def is_legal(self, state: StateT, move: MoveT) -> bool:
        """Whether ``apply(state, move)`` would succeed."""
        ...

    def current_player(self, state: StateT) -> Actor:
        """Who acts: a player index, ``CHANCE``, or ``None`` when terminal."""
        ...

    def chance_outcomes(self, state: StateT) -> Sequence[tuple[MoveT, Fraction]]:
        """At a chance node, every outcome with its exact probability; otherwise empty."""
        ...

    def is_terminal(self, state: StateT) -> bool: ...

    def returns(self, state: StateT) -> tuple[float, ...]:
        """One value per player; zeros until the game is over."""
        ...

    def outcome(self, state: StateT) -> dict[str, Any]:
        """How a finished game ended (JSON-ready scalars); ``GameNotOverError`` before the end."""
        ...

    def validate(self, state: StateT) -> None:
        """Nothing if ``state`` is one the rules can reach and continue from; else ``InvalidStateError``."""
        ...

    def describe(self, state: StateT) -> str:
        """A short readable summary of the state."""
        ...

    def move_to_action(self, state: StateT, move: MoveT) -> int:
        """The stable integer id of a decision: the id a client sends back."""
        ...

    def action_to_move(self, state: StateT, action: int) -> MoveT:
        """The decision with id ``action`` (``InvalidMoveError`` for an id outside the space)."""
        ...

    def num_actions(self, state: StateT) -> int:
        """The size of the decision id space for this game's options and content."""
        ...

    def move_to_chance(self, state: StateT, move: MoveT) -> int:
        """The stable integer id of a chance outcome."""
        ...

    def chance_to_move(self, state: StateT, outcome: int) -> MoveT:
        """The chance outcome with id ``outcome``."""
        ...

    def num_chance_outcomes(self, state: StateT) -> int:
        """The size of the chance-outcome id space."""
        ...

    def move_to_json(self, state: StateT, move: MoveT) -> dict[str, Any]:
        """The move as a plain JSON object with a ``"type"`` tag (the wire format)."""
        ...

    def move_from_json(self, state: StateT, obj: object) -> MoveT:
        """The legal move that ``obj`` describes; ``InvalidMoveError`` or ``IllegalMoveError`` otherwise."""
        ...

    def view_json(self, state: StateT, player: int, *, history: bool = False) -> dict[str, Any]:
        """What ``player`` may see, as JSON, with the legal action ids when they are to act.

        The library's games also take ``None``, a spectator (the public view, no moves)."""
        ...

    def events_since(self, state: StateT, player: int, cursor: int) -> tuple[list[dict[str, Any]], int]:
        """The events ``player`` saw since ``cursor``, and the new cursor (the library's games also
        take ``None``, a spectator)."""
        ...

    def json_schema(self, kind: Any) -> dict[str, Any]:
        """The shipped JSON Schema of ``"state"``, ``"move"``, ``"view"`` or ``"record"``."""
        ...

    def max_game_length(self, state: StateT) -> int | None:
        """The most atomic moves a game with these options can last (``None``: unbounded)."""
        ...

    def move_to_str(self, state: StateT, move: MoveT) -> str:
        """The move in the game's notation, in the context of ``state``."""
        ...

    def parse_move(self, state: StateT, text: str) -> MoveT:
        """The legal move that ``text`` names in ``state``.

        Raises InvalidMoveError (syntax), IllegalMoveError (not legal here) or
        AmbiguousMoveError (more than one legal move matches)."""
        ...

    def to_json(self, state: StateT) -> str: ...

    def from_json(self, text: str) -> StateT:
        """The state serialised by ``to_json``; raises InvalidStateError on any malformed input."""
        ...


class ImperfectInformationGame(Game[StateT, MoveT], Protocol[StateT, MoveT]):
    """A game with hidden information adds per-player views."""

    def observation(self, state: StateT, player: int) -> Any:
        """What ``player`` may see of ``state``, and nothing else (the library's games also take
        ``None``, a spectator: the public part alone)."""
        ...

    def information_state_string(self, state: StateT, player: int) -> str:
        """A string that is equal for two states exactly when ``player`` cannot tell them apart (the
        library's games also take ``None``, a spectator, who knows the public information alone)."""
        ...
