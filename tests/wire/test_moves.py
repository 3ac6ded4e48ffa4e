"""Move JSON (`<game>.wire.move_to_json` / `move_from_json`): inverses, strict, typed errors."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_rules import chrononauts, trismaugistus, valandris
from tabletop_rules.chrononauts import wire as cwire
from tabletop_rules.core import IllegalMoveError, InvalidMoveError
from tabletop_rules.trismaugistus import wire as twire
from tabletop_rules.valandris import wire as vwire

from .helpers import LABELS, games, sample

ERRORS = (InvalidMoveError, IllegalMoveError)


def _by_label(label: str):
    return next(g for g in games() if g.label == label)


@pytest.mark.parametrize("label", LABELS)
def test_every_played_move_round_trips(label):
    g = _by_label(label)
    for state, move in zip(g.states, g.moves, strict=False):
        data = g.wire.move_to_json(state, move)
        assert set(data) == {"type", *(f for f in data if f != "type")}
        assert data["type"] == type(move).__name__
        text = json.dumps(data, allow_nan=False)  # plain JSON
        back = g.wire.move_from_json(state, json.loads(text))
        assert back == move
        assert type(back) is type(move)


@pytest.mark.parametrize("label", LABELS)
def test_every_legal_move_and_chance_outcome_round_trips(label):
    g = _by_label(label)
    for state in sample(g.states):
        moves = list(g.game.legal_moves(state)) + [m for m, _ in g.game.chance_outcomes(state)]
        for move in moves:
            back = g.wire.move_from_json(state, json.loads(json.dumps(g.wire.move_to_json(state, move))))
            assert back == move
        assert type(back) is type(move)


def test_valandris_move_json_uses_vertex_names_and_lower_case_pieces():
    state = valandris.from_position(
        leviathan="A0", unicorn="E0", archangel="H0", valandris="H19",
        seals=["E5", "E6", "E7", "E8", "E9"], declared="archangel",
    )  # fmt: skip
    move = next(m for m in valandris.legal_moves(state) if isinstance(m, valandris.Cross))
    data = vwire.move_to_json(state, move)
    name = valandris.NAMES[move.vertex]
    assert data == {"type": "Cross", "creature": move.creature.name.lower(), "vertex": name}


def test_look_alike_objects_are_invalid_not_moves():
    state = valandris.new_game()
    place = valandris.legal_moves(state)[0]
    # V-ENGINE-2: a move's fields have their exact types
    for bad in (valandris.Step(True), valandris.Seal(20.0), "place L A0", None):  # type: ignore[arg-type]
        with pytest.raises(InvalidMoveError):
            vwire.move_to_json(state, bad)
    good = vwire.move_to_json(state, place)
    cases = [
        [],
        "Place",
        {**good, "extra": 1},
        {k: v for k, v in good.items() if k != "vertex"},
        {**good, "type": "place"},
        {**good, "type": ["Place"]},
        {**good, "vertex": 32},
        {**good, "vertex": "Z9"},
        {**good, "vertex": ["A0"]},
        {**good, "piece": "LEVIATHAN"},
        {**good, "piece": 0},
    ]
    for obj in cases:
        with pytest.raises(InvalidMoveError):
            vwire.move_from_json(state, obj)


def test_well_formed_but_illegal_moves_raise_illegal():
    state = valandris.new_game()  # V-SETUP-2: the Leviathan is placed in the Abyss first
    with pytest.raises(IllegalMoveError):
        vwire.move_from_json(state, {"type": "Place", "piece": "leviathan", "vertex": "E0"})
    with pytest.raises(IllegalMoveError):
        vwire.move_from_json(state, {"type": "Roll", "face": 3})
    with pytest.raises(IllegalMoveError):
        vwire.move_to_json(state, valandris.Roll(3))
    c = chrononauts.new_game(players=3)
    with pytest.raises(InvalidMoveError):  # not a card of this card list
        cwire.move_from_json(c, {"type": "Discard", "card": "NO-SUCH-CARD"})
    with pytest.raises(IllegalMoveError):  # a card, but setup deals goals first
        cwire.move_from_json(c, {"type": "Discard", "card": c.cards.deck[0]})
    with pytest.raises(InvalidMoveError):  # two cards at most (C-TURN-4)
        cwire.move_from_json(c, {"type": "KillTime", "cards": [c.cards.deck[0]] * 3})
    t = trismaugistus.new_game()
    with pytest.raises(InvalidMoveError):
        twire.move_from_json(t, {"type": "HumanDraftDie", "face": "gold", "colour": "red"})
    with pytest.raises(IllegalMoveError):  # T-SETUP: the game starts with its Setup
        twire.move_from_json(t, {"type": "HumanDraftDie", "face": "tin", "colour": "red"})


_SCALARS = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=30)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12,
)


def _structured(g, state):
    """Objects with a real type tag and the real keys, with junk or near-real values."""
    tags = sorted(g.wire.MOVES.records)
    real = [g.wire.move_to_json(state, m) for m in list(g.game.legal_moves(state))[:20]]
    real += [g.wire.move_to_json(state, m) for m, _ in list(g.game.chance_outcomes(state))[:20]]

    @st.composite
    def build(draw):
        if real and draw(st.booleans()):
            base = dict(draw(st.sampled_from(real)))
        else:
            record = g.wire.MOVES.records[draw(st.sampled_from(tags))]
            base = {"type": record.tag, **{name: None for name, _ in record.fields}}
        keys = [k for k in base if k != "type"]
        if keys:
            key = draw(st.sampled_from(keys))
            values = [v for r in real for k, v in r.items() if k == key]
            base[key] = draw(_JSON | st.sampled_from(values)) if values else draw(_JSON)
        return base

    return build()


@pytest.mark.parametrize("label", ["Valandris", "Chrononauts 3p", "Trismaugistus d2, objectives"])
def test_junk_objects_give_typed_errors_or_legal_moves(label):
    g = _by_label(label)
    states = sample(g.states, 6)

    cases = st.sampled_from(range(len(states))).flatmap(
        lambda i: st.tuples(st.just(i), _JSON | _structured(g, states[i]))
    )

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(cases)
    def check(case):
        index, obj = case
        state = states[index]
        try:
            move = g.wire.move_from_json(state, obj)
        except ERRORS:
            return
        assert g.game.is_legal(state, move)
        assert g.wire.move_to_json(state, move) == obj

    check()
