"""``validate``: every invariant the rules imply, each broken one named."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import tabletop_rules
from tabletop_rules import trismaugistus as tm
from tabletop_rules.core.errors import InvalidStateError
from tabletop_rules.testing import check_playout, finished_playout


def _mid_game(seed: int = 7) -> tm.State:
    """A difficulty-1 state without objectives, in round 1 with the human to move, after a few moves."""
    start = tm.apply(tm.new_game(), tm.parse_move(tm.new_game(), "setup d1 exp=FX-S1 art=FX-AS2"))
    for state in finished_playout(tm, seed, initial=start).states(tm):
        if state.phase == "play" and state.to_move == "human" and state.automa.dice_used:
            return state
    raise AssertionError("no such state")  # pragma: no cover


def _automa(state: tm.State, **changes: Any) -> tm.State:
    return attrs.evolve(state, automa=attrs.evolve(state.automa, **changes))


def _board(state: tm.State, **changes: Any) -> tm.State:
    return attrs.evolve(state, board=attrs.evolve(state.board, **changes))


def test_every_state_of_playouts_is_valid():
    for seed in range(6):
        for state in finished_playout(tm, seed).states(tm):
            tm.validate(state)


def test_conformance_calls_the_module_validate(monkeypatch):
    calls = []
    original = tm.validate

    def counting(state):
        calls.append(state)
        original(state)

    monkeypatch.setattr(tm, "validate", counting)
    playout = check_playout(tm, 2)  # the suite takes the module's own validate by default
    assert playout.final.score is not None
    assert len(calls) == len(playout.moves) + 1  # once at every state
    assert calls[-1] == playout.final


BROKEN = {
    "phase": lambda s: attrs.evolve(s, phase="lunch"),
    "round": lambda s: attrs.evolve(s, round=4),
    "difficulty": lambda s: attrs.evolve(s, difficulty=0),
    "turn": lambda s: attrs.evolve(s, turn=-1),
    "level above max": lambda s: _automa(s, levels=(0, 0, 99, 0)),
    "negative gold": lambda s: _automa(s, gold=-1),
    "bool vp": lambda s: _automa(s, vp=True),
    "cube": lambda s: _automa(s, tiebreak_track="aether"),
    "dice conservation": lambda s: _automa(s, dice_used=0),
    "four dice": lambda s: attrs.evolve(s, human_dice=4),
    "overfull bowl": lambda s: _board(s, bowls=((3, 3, 0), *s.board.bowls[1:])),
    "negative bowl": lambda s: _board(s, bowls=((-1, 0, 0), *s.board.bowls[1:])),
    "lost card": lambda s: _automa(s, draw_pile=frozenset(sorted(s.automa.draw_pile)[1:])),
    "card twice": lambda s: _automa(s, discard=(*s.automa.discard, next(iter(s.automa.draw_pile)))),
    "foreign card": lambda s: _automa(s, draw_pile=s.automa.draw_pile | {"FX-NOPE"}),
    "extra purple": lambda s: _automa(s, draw_pile=s.automa.draw_pile | {"FX-P4"}),
    "experiment twice": lambda s: attrs.evolve(s, human_experiments=(s.automa.experiments[0],)),
    "artifact of wrong colour": lambda s: _board(s, offers=(("FX-A03",), (), ())),
    "starting artifact on offer": lambda s: _board(s, offers=(("FX-AS2",), (), ())),
    "objective row without module": lambda s: _board(s, objectives=(tm.ObjectiveSlot("FX-O1"),)),
    "pending on the human's turn": lambda s: attrs.evolve(s, pending=tm.Pending("card")),
    "both finished": lambda s: attrs.evolve(
        s, human_finished=True, automa_finished=True, first_finisher="human"
    ),
    "finisher not finished": lambda s: attrs.evolve(s, first_finisher="automa"),
    "score during play": lambda s: attrs.evolve(
        s, score=tm.FinalScore(0, None, False, 0, (0,) * 6, 0, 0, 0, 0)
    ),
    "bad layout": lambda s: _board(s, bonus_layout=((), (), (), ("x",))),
    "wrong type": lambda s: _board(s, bowls=None),
}


NOT_SERIALISABLE = {"bad layout", "wrong type"}  # to_json writes only well-typed states


# The compiled build's native records check their fields' types when built (`core.frozen.native_record`):
# there a `None` bowl raises a bare TypeError, and a bool VP is stored as the int it equals.
NATIVE_TYPED = {"bool vp", "wrong type"}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_validate_names_each_broken_invariant(name: str):
    state = _mid_game()
    tm.validate(state)
    if tabletop_rules.COMPILED and name in NATIVE_TYPED:
        if name == "wrong type":
            with pytest.raises(TypeError):
                BROKEN[name](state)
        else:
            assert type(BROKEN[name](state).automa.vp) is int
        return
    broken = BROKEN[name](state)
    with pytest.raises(InvalidStateError, match="invalid Trismaugistus state"):
        tm.validate(broken)
    if name not in NOT_SERIALISABLE:
        with pytest.raises(InvalidStateError):
            tm.from_json(tm.to_json(broken))


def test_validate_setup_and_end_states():
    tm.validate(tm.new_game())
    with pytest.raises(InvalidStateError):
        tm.validate(_automa(tm.new_game(), vp=3))
    with pytest.raises(InvalidStateError):
        tm.validate("state")  # type: ignore[arg-type]
    final = finished_playout(tm, 4).final
    tm.validate(final)
    assert final.score is not None
    with pytest.raises(InvalidStateError):
        tm.validate(attrs.evolve(final, score=attrs.evolve(final.score, total=final.score.total + 1)))
    with pytest.raises(InvalidStateError):
        tm.validate(attrs.evolve(final, score=None))
