"""A Hypothesis state machine that drives any game with legal, illegal and junk input.

::

    from tabletop_rules import valandris
    from tabletop_rules.testing.stateful import game_state_machine

    TestValandrisMachine = game_state_machine(valandris, valandris.new_game).TestCase

Rules: play a legal move (or a chance outcome), try a move seen elsewhere that is
not legal here, parse arbitrary text, and undo by going back to an earlier
state.  After every step the machine checks that the current state passes the
game's ``validate`` (when it has one) and survives a JSON round trip, and that
no earlier state changed (their JSON is compared with what it was).  Needs
``hypothesis`` (a test dependency, not a runtime one).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tabletop_rules.core.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from tabletop_rules.core.protocol import CHANCE, Game

__all__ = ["game_state_machine"]


def game_state_machine(game: Game[Any, Any], new_state: Callable[[], Any]) -> type[RuleBasedStateMachine]:
    """A state machine class for ``game`` starting from ``new_state()``."""
    validate = getattr(game, "validate", None)

    class GameMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.states = [new_state()]
            self.texts = [game.to_json(self.states[0])]
            self.seen: list[Any] = []

        @property
        def state(self) -> Any:
            return self.states[-1]

        @precondition(lambda self: not game.is_terminal(self.state))
        @rule(data=st.data())
        def play_legal(self, data: st.DataObject) -> None:
            state = self.state
            if game.current_player(state) is CHANCE:
                outcomes = game.chance_outcomes(state)
                move = outcomes[data.draw(st.integers(0, len(outcomes) - 1), label="outcome")][0]
            else:
                moves = game.legal_moves(state)
                move = moves[data.draw(st.integers(0, len(moves) - 1), label="move")]
                assert game.parse_move(state, game.move_to_str(state, move)) == move
                self.seen.extend(m for m in moves[:8] if m not in self.seen)
                del self.seen[:-256]
            after = game.apply(state, move)
            assert game.to_json(state) == self.texts[-1], "apply mutated its input"
            self.states.append(after)
            self.texts.append(game.to_json(after))

        @precondition(lambda self: bool(self.seen))
        @rule(data=st.data())
        def play_illegal(self, data: st.DataObject) -> None:
            state = self.state
            candidate = data.draw(st.sampled_from(self.seen), label="candidate")
            legal = set(game.legal_moves(state)) | {m for m, _ in game.chance_outcomes(state)}
            if candidate in legal:
                return
            try:
                game.apply(state, candidate)
            except IllegalMoveError:
                pass
            else:
                raise AssertionError(f"apply accepted the illegal move {candidate!r}")
            assert game.to_json(state) == self.texts[-1], "a refused move changed the state"

        @rule(text=st.text(max_size=40))
        def parse_text(self, text: str) -> None:
            state = self.state
            try:
                move = game.parse_move(state, text)
            except (InvalidMoveError, IllegalMoveError, AmbiguousMoveError):
                return
            # A game may accept more than it lists (a Trismaugistus board report can describe any valid
            # board; its menu offers a few), so the parsed move must be one the rules accept.
            legal = list(game.legal_moves(state)) + [m for m, _ in game.chance_outcomes(state)]
            assert move in legal or game.is_legal(state, move), (
                f"parse_move({text!r}) returned a move that is not legal"
            )

        @precondition(lambda self: len(self.states) > 1)
        @rule(data=st.data())
        def undo(self, data: st.DataObject) -> None:
            back = data.draw(st.integers(1, len(self.states) - 1), label="undo")
            del self.states[-back:]
            del self.texts[-back:]

        @invariant()
        def state_is_valid_and_round_trips(self) -> None:
            state = self.state
            if validate is not None:
                validate(state)
            assert game.from_json(self.texts[-1]) == state
            assert game.to_json(state) == self.texts[-1]

        @invariant()
        def history_is_unchanged(self) -> None:
            for earlier, text in zip(self.states[-5:], self.texts[-5:], strict=True):
                assert game.to_json(earlier) == text

    GameMachine.__name__ = f"{game.GAME_INFO.title.replace(' ', '')}Machine"
    return GameMachine
