"""The `repr` of states and of the other big records a user meets at a REPL: short, cheap, never failing.

A state's repr is one line, like python-chess's `Board('...')`: the game, the players, the turn,
the phase and who acts, at most 200 characters however long the game (REL-REPR-1); it reads counts,
never the history or the trace, so its cost does not grow with the game (REL-REPR-2); it never
raises, even for a record built by hand with wrong fields (REL-REPR-3); and equality, hashing and
pickling are those of the records, unchanged (REL-REPR-4).
"""

from __future__ import annotations

import functools
import importlib
import pickle
import re
from types import ModuleType
from typing import Any

import attrs
import pytest

import tabletop_rules
from tabletop_rules import chrononauts, trismaugistus, valandris
from tabletop_rules.chrononauts.history import History
from tabletop_rules.core import CHANCE, evolve, random_playout
from tabletop_rules.core.jsonio import brief
from tabletop_rules.testing.configs import all_configs
from tabletop_rules.trismaugistus.state import TraceLine

MAX_REPR = 200
LONG = 2_000
CONFIGS = {label: (name, start) for label, name, start in all_configs()}


@functools.cache  # the games are replayed by several tests; states are immutable
def _long_game(label: str) -> tuple[ModuleType, list[Any]]:
    """Every state of a seeded random game of `label`, up to `LONG` moves (or its end)."""
    name, start = CONFIGS[label]
    game = importlib.import_module(f"tabletop_rules.{name}")
    playout = random_playout(game, 11, initial=start(game), max_moves=LONG)
    return game, list(playout.states(game))


@pytest.fixture(scope="module", params=list(CONFIGS))
def played(request: pytest.FixtureRequest) -> tuple[str, ModuleType, list[Any]]:
    return (request.param, *_long_game(request.param))


def _actor(game: ModuleType, state: Any) -> str:
    actor = game.current_player(state)
    return "-" if actor is None else "chance" if actor is CHANCE else f"P{actor}"


def test_a_states_repr_is_one_short_line_with_the_useful_facts(
    played: tuple[str, ModuleType, list[Any]],
) -> None:
    """REL-REPR-1: at most 200 characters at every state of a long game; game, turn, phase, who acts."""
    label, game, states = played
    name = game.GAME_INFO.name
    for state in states[:: max(1, len(states) // 200)] + states[-1:]:
        text = repr(state)
        assert len(text) <= MAX_REPR, text
        assert "\n" not in text
        assert text.startswith(f"<{name}.State ")
        assert brief(state) == text if len(text) <= 60 else brief(state).endswith("...")
        if name == "trismaugistus" and state.phase == "setup":
            continue
        assert f"turn={state.turn}" in text
        acts = re.search(r"to_act=(\S+)", text)
        if game.is_terminal(state):
            assert acts is None or acts.group(1) == "-"
            assert "over" in text.lower()
        else:
            assert acts is not None, text
            assert acts.group(1).split("(")[0] == _actor(game, state), text
        if name == "chrononauts":
            assert f"players={state.players}" in text
            assert f"events={len(state.log)}" in text
            assert f"hands={','.join(str(len(h)) for h in state.hands)}" in text
    if name == "chrononauts" and label != "Chrononauts Solonauts":
        assert len(states[-1].log) > 100  # a long game indeed


def test_a_states_repr_never_reads_the_history(monkeypatch: pytest.MonkeyPatch) -> None:
    """REL-REPR-2: Chrononauts' repr reads counts only: the history is never listed, so a repr at move
    2,000 costs what it costs at move 1 (and Trismaugistus' never reads the trace)."""
    _, states = _long_game("Chrononauts 3p")
    final = states[-1]
    expected = repr(final)

    def refuse(*_: Any, **__: Any) -> Any:
        raise AssertionError("the repr read the history")

    for method in ("records", "flat", "__iter__", "__getitem__", "__eq__", "__hash__"):
        monkeypatch.setattr(History, method, refuse)
    assert repr(final) == expected
    assert repr(final.log) == f"<chrononauts.History of {len(final.log)} events>"
    monkeypatch.undo()

    _, played = _long_game("Trismaugistus d2, objectives")
    long_trace = tuple(TraceLine("T-ACT-1", "x" * 50_000) for _ in range(10_000))
    heavy = evolve(played[len(played) // 2], trace=long_trace)
    assert len(repr(heavy)) <= MAX_REPR
    assert repr(heavy) == repr(played[len(played) // 2])  # the trace is not shown


def _forged() -> list[Any]:
    c = chrononauts.new_game(players=3)
    v = valandris.new_game()
    t = trismaugistus.new_game()
    # The compiled build's native records (`core.frozen.native_record`, such as the Chrononauts and
    # Trismaugistus `State`) check their fields' types when built, so these cannot be forged there at all.
    ill_typed = [] if tabletop_rules.COMPILED else [
        evolve(c, hands=None),  # type: ignore[arg-type]
        evolve(c, status=12),  # type: ignore[arg-type]
        evolve(c, turn="x" * 10**6),  # type: ignore[arg-type]
        evolve(t, phase="play", automa=None),  # type: ignore[arg-type]
        evolve(t, pack=None),  # type: ignore[arg-type]
    ]
    return [
        *ill_typed,
        evolve(c, stack=(None,)),  # type: ignore[arg-type]
        evolve(c, result=chrononauts.Result(winner=None, conditions=("x" * 10**5,) * 100, reason="")),
        evolve(v, creatures=(999,)),
        evolve(v, phase=99),  # type: ignore[arg-type]
        evolve(v, sealed="x"),  # type: ignore[arg-type]
        evolve(t, phase="over", score=None, round=3),
    ]


@pytest.mark.parametrize("state", _forged(), ids=lambda s: type(s).__module__.split(".")[1])
def test_a_repr_never_raises(state: Any) -> None:
    """REL-REPR-3: a repr of a record built by hand with wrong fields is still a short line."""
    text = repr(state)
    assert len(text) <= MAX_REPR
    assert text.startswith("<")
    assert text.endswith(">")


def test_the_other_big_records_have_short_reprs() -> None:
    """REL-REPR-1: contexts, card sets, packs, options, views and histories show one short line."""
    _, states = _long_game("Chrononauts 4p")
    state = states[-1]
    artifaxx = chrononauts.Options(variant="artifaxx", paradox_limit=11, max_turns=500)
    records = [
        state.ctx,
        state.cards,
        state.log,
        state.options,
        artifaxx,
        chrononauts.Options(**{f.name: f.default for f in attrs.fields(chrononauts.Options)}),
        chrononauts.observation(state, None),
        chrononauts.observation(state, 1),
        trismaugistus.new_game().pack,
        trismaugistus.new_game().options,
        valandris.Options(max_turns=None),
    ]
    for record in records:
        text = repr(record)
        assert len(text) <= MAX_REPR, text
        assert "\n" not in text
    assert repr(chrononauts.Options()) == "Options()"
    assert repr(artifaxx) == "Options(variant='artifaxx', paradox_limit=11, max_turns=500)"
    assert eval(repr(artifaxx), {"Options": chrononauts.Options}) == artifaxx  # a call that builds them
    assert repr(chrononauts.observation(state, 1)).startswith("<chrononauts.View for P1: ")


def test_every_change_of_the_defaults_is_counted_when_too_many_to_show() -> None:
    """REL-REPR-1: options that differ from the defaults in many fields are cut, saying how many."""
    changed = {}
    for name, allowed in chrononauts.Options.choices().items():
        default = getattr(chrononauts.Options(), name)
        other = next((a for a in allowed if a != default), None)
        if other is not None:
            try:
                chrononauts.Options(**changed, **{name: other})
            except ValueError:
                continue
            changed[name] = other
    options = chrononauts.Options(**changed)
    text = repr(options)
    assert len(changed) > 10
    assert len(text) <= MAX_REPR
    assert "more; see to_dict()" in text


@pytest.mark.parametrize("label", ["Valandris", "Chrononauts 3p", "Trismaugistus d1"])
def test_equality_hashing_and_pickling_are_unchanged(label: str) -> None:
    """REL-REPR-4: a repr of its own changes nothing else: states still compare, hash and pickle by value."""
    game, states = _long_game(label)
    for state in states[:: max(1, len(states) // 20)]:
        copy = pickle.loads(pickle.dumps(state))
        assert copy == state
        assert hash(copy) == hash(state)
        assert repr(copy) == repr(state)
        assert game.to_json(copy) == game.to_json(state)
    assert states[0] != states[-1]
    cls = type(states[0])
    # attrs still writes them, field by field (but a native record of the compiled build, such as the
    # Chrononauts and Trismaugistus `State`, has its own compiled __init__: `core.frozen.native_record`)
    native = tabletop_rules.COMPILED and label.startswith(("Chrononauts", "Trismaugistus"))
    for method in ("__eq__", "__hash__") if native else ("__init__", "__eq__", "__hash__"):
        assert getattr(cls, method).__code__.co_filename.startswith("<attrs generated"), method
    assert cls.__repr__.__qualname__ == f"{cls.__name__}.__repr__"  # the state's own
    assert "__dict__" not in dir(states[0])  # the slots are unchanged: no instance dictionary
