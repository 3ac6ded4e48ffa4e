"""Kuhn poker on the library's protocol: a tiny hidden-information game for testing `ISMCTS`.

Three cards (J, Q, K = 0, 1, 2); each player antes 1 and is dealt one card (two chance nodes);
then player 0 passes (`"p"`) or bets 1 (`"b"`), and so on: `pp`, `bp`, `bb`, `pbp`, `pbb` end the
game (a fold after a bet loses the ante, otherwise the higher card wins the pot). Each player sees
only their own card and the betting; `resample_from_infostate` draws the cards a player cannot see.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Final

import attrs

from tabletop_rules.core import CHANCE, Actor, GameInfo, IllegalMoveError, InvalidMoveError, InvalidStateError

GAME_INFO: Final = GameInfo(
    name="kuhn_poker",
    title="Kuhn poker",
    min_players=2,
    max_players=2,
    chance=True,
    perfect_information=False,
    zero_sum=True,
    version=1,
)
CARDS: Final = "JQK"
TERMINAL: Final = frozenset({"pp", "bp", "bb", "pbp", "pbb"})

Move = str | int
"""A decision (`"p"` or `"b"`) or a dealt card (0, 1 or 2)."""


@attrs.frozen
class State:
    cards: tuple[int, ...]
    history: str


def new_game(options: object = None) -> State:
    return State(cards=(), history="")


def is_terminal(state: State) -> bool:
    return state.history in TERMINAL


def current_player(state: State) -> Actor:
    if len(state.cards) < 2:
        return CHANCE
    if is_terminal(state):
        return None
    return len(state.history) % 2


def legal_moves(state: State) -> tuple[Move, ...]:
    return () if current_player(state) in (None, CHANCE) else ("p", "b")


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    if len(state.cards) >= 2:
        return ()
    left = [c for c in range(3) if c not in state.cards]
    return tuple((c, Fraction(1, len(left))) for c in left)


def apply(state: State, move: Move) -> State:
    if current_player(state) is CHANCE:
        if not any(move == c and type(move) is int for c, _ in chance_outcomes(state)):
            raise IllegalMoveError(f"{move!r} is not a card left to deal")
        assert isinstance(move, int)
        return State(cards=(*state.cards, move), history=state.history)
    if type(move) is not str or move not in legal_moves(state):
        raise IllegalMoveError(f"{move!r} is not legal after {state.history!r}")
    return State(cards=state.cards, history=state.history + move)


def returns(state: State) -> tuple[float, float]:
    if not is_terminal(state):
        return (0.0, 0.0)
    history = state.history
    if history in ("bp", "pbp"):  # a fold: the bettor wins the other's ante
        winner = 0 if history == "bp" else 1
        return (1.0, -1.0) if winner == 0 else (-1.0, 1.0)
    stake = 2.0 if history.endswith("bb") else 1.0
    return (stake, -stake) if state.cards[0] > state.cards[1] else (-stake, stake)


def observation(state: State, player: int) -> tuple[int | None, str]:
    """The player's own card (once dealt) and the public betting."""
    return (state.cards[player] if len(state.cards) > player else None, state.history)


def information_state_string(state: State, player: int) -> str:
    card, history = observation(state, player)
    return f"{'-' if card is None else CARDS[card]}:{history}"


def resample_from_infostate(state: State, player: int, rng: random.Random) -> State:
    """A state that `player` cannot tell from `state`: the other dealt cards are drawn again."""
    own = state.cards[player] if len(state.cards) > player else None
    deck = [c for c in range(3) if c != own]
    cards = []
    for seat in range(len(state.cards)):
        if seat == player:
            cards.append(own)
        else:
            cards.append(deck.pop(rng.randrange(len(deck))))
    return State(cards=tuple(c for c in cards if c is not None), history=state.history)


def move_to_str(state: State, move: Move) -> str:
    return CARDS[move] if isinstance(move, int) else move


def parse_move(state: State, text: str) -> Move:
    move: Move = CARDS.index(text) if text in CARDS else text
    if move not in (*legal_moves(state), *(c for c, _ in chance_outcomes(state))):
        raise InvalidMoveError(f"{text!r} is not a move here")
    return move


def to_json(state: State) -> str:
    return json.dumps({"cards": list(state.cards), "history": state.history})


def from_json(text: str) -> State:
    try:
        data = json.loads(text)
        return State(cards=tuple(int(c) for c in data["cards"]), history=str(data["history"]))
    except (ValueError, KeyError, TypeError) as exc:
        raise InvalidStateError(f"not a Kuhn poker state: {exc}") from None


def deal(cards: tuple[int, int], history: str = "") -> State:
    """The state after dealing `cards` to players 0 and 1 and betting `history`."""
    return State(cards=cards, history=history)
