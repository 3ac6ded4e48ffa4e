"""The library's typed errors.

All of them subclass ``ValueError``, so ``except ValueError`` catches any
bad input.  The move errors follow python-chess's trio: text that is not a move
at all, a move that is not legal in the position, and text that names more than
one legal move.  Each message says what was wrong and what was expected.
"""

from __future__ import annotations

__all__ = [
    "AmbiguousMoveError",
    "GameNotOverError",
    "IllegalMoveError",
    "InvalidContentError",
    "InvalidMoveError",
    "InvalidOptionError",
    "InvalidRequestError",
    "InvalidStateError",
    "TabletopRulesError",
]


class TabletopRulesError(ValueError):
    """Base class of every error this library raises on bad input."""


class InvalidMoveError(TabletopRulesError):
    """The text (or object) given as a move has the wrong syntax or type."""


class IllegalMoveError(TabletopRulesError):
    """The move is well formed but not legal in this state."""


class AmbiguousMoveError(TabletopRulesError):
    """The text matches more than one legal move; the message lists them."""


class InvalidStateError(TabletopRulesError):
    """A state (usually from JSON) is malformed or breaks an invariant of the rules."""


class InvalidOptionError(TabletopRulesError):
    """An options object has a value outside its documented range, or an inconsistent combination."""


class InvalidContentError(TabletopRulesError):
    """Game content (a card list, a content pack) is malformed or would not give a playable game.

    The message names the record and the field.  Every game raises this one
    class for bad content, whatever its content is called.
    """


class GameNotOverError(TabletopRulesError):
    """A finished game was needed (``outcome``, a final score) but the game is still going."""


class InvalidRequestError(TabletopRulesError):
    """A client's request does not fit the state: a player who is not in the game, or a bad cursor."""
