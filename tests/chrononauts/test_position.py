"""The shared win conditions of `position.py`, on card lists that reach their rarer branches."""

from __future__ import annotations

import itertools
import json

import attrs
import pytest

from tabletop_rules import chrononauts as C
from tabletop_rules.chrononauts.effects import harvest_pool
from tabletop_rules.chrononauts.engine import Engine
from tabletop_rules.chrononauts.position import (
    Position,
    mission_done_of,
    readable_of,
    ultraparadox_of,
    win_conditions_of,
)
from tabletop_rules.testing import finished_playout

LUSITANIA, LINCOLN, HITLER = 1 << 3, 1 << 0, 1 << 4  # the linchpins' bits (1915, 1865, 1936)


def _cards(change):
    data = json.loads(C.default_cards().data_text)
    change(data)
    return C.cards_from_dict(data)


def _record(data, section, card_id):
    return next(r for r in data[section] if r["id"] == card_id)


def _linchpin_home(data):
    """ID-01 goes home to three linchpins: Lusitania sunk differently (alt), Lincoln as history has it,
    Hitler's alternate side."""
    _record(data, "identities", "ID-01")["home"] = [
        {"year": 1915, "state": "alt"},
        {"year": 1865, "state": "true"},
        {"year": 1936, "state": "alt"},
    ]


LINCHPIN_HOME = _cards(_linchpin_home)


def _status(state, **patched):
    """The state's statuses with some years patched (``y1962="P-1962"``)."""
    status = list(state.status)
    for year, patch in patched.items():
        status[state.cards.ripple_index[int(year[1:])]] = patch
    return tuple(status)


@pytest.mark.parametrize("bits", list(itertools.product((0, 1), repeat=3)))
def test_a_home_entry_on_a_linchpin_reads_the_linchpins_side(bits):  # C-WIN-3, C-STATE-2
    lusitania, lincoln, hitler = bits
    others = 1 << 1 | 1 << 2  # Titanic and Ferdinand, read by no home entry
    alt = LUSITANIA * lusitania | LINCOLN * lincoln | HITLER * hitler | others
    expected = lusitania == 1 and lincoln == 0 and hitler == 1
    state = attrs.evolve(C.new_game(players=2, cards=LINCHPIN_HOME), alt=alt, ids=("ID-01", "ID-02"))
    identity = LINCHPIN_HOME.by_id["ID-01"]
    assert readable_of(state.ctx, state.status, alt, identity) is expected
    position = Position(state)
    assert position.readable(identity) is expected
    assert ("id" in position.win_conditions(0)) is expected
    conditions = win_conditions_of(
        state.ctx, 0, state.status, alt, state.tableaux, state.missions, state.ids, state.hands
    )
    assert ("id" in conditions) is expected


@pytest.mark.parametrize(
    ("options", "readable"),
    [
        ({}, True),  # ID-02 is exempt from the UltraParadox
        ({"honor_ultraparadox_exempt": False}, True),  # not exempt, but no home year after 1962
        ({"honor_ultraparadox_exempt": False, "ultraparadox_id_cutoff_year": 1961}, False),
    ],
)
def test_a_home_year_on_the_ultraparadox_cutoff_stays_readable(options, readable):  # C-ANOM-8, C-RULING-12
    state = C.new_game(options, players=2)
    status = _status(state, y1868="P-1868", y1962="P-1962")
    assert ultraparadox_of(state.ctx, status)
    assert readable_of(state.ctx, status, state.alt, state.cards.by_id["ID-02"]) is readable


def test_without_an_ultraparadox_patch_there_is_no_ultraparadox():  # C-STATE-7, C-DATA-4
    def change(data):
        _record(data, "patches", "P-1962")["triggers_ultraparadox"] = False

    state = C.new_game(players=2, cards=_cards(change))
    assert state.ctx.up_year is None
    assert not ultraparadox_of(state.ctx, _status(state, y1962="P-1962"))


def test_only_the_ultraparadox_patch_triggers_it():  # C-STATE-7
    def change(data):  # the trigger moves to one of the two patches of 1945
        _record(data, "patches", "P-1962")["triggers_ultraparadox"] = False
        _record(data, "patches", "P-1945-A")["triggers_ultraparadox"] = True

    state = C.new_game(players=2, cards=_cards(change))
    assert state.ctx.up_year == 1945
    assert ultraparadox_of(state.ctx, _status(state, y1945="P-1945-A"))
    assert not ultraparadox_of(state.ctx, _status(state, y1945="P-1945-B"))
    assert not ultraparadox_of(state.ctx, state.status)


def test_no_mission_is_never_done():  # C-WIN-2: a variant or seat without a Mission card
    state = C.new_game(players=2)
    tableaux = (("ART-REX", "ART-LIVE-STEGOSAURUS", "ART-SPORTS-ALMANAC"), ())
    assert mission_done_of(state.ctx, tableaux, "", 0) is False


def test_a_position_reads_its_zones_from_the_state_and_knows_no_others():
    state = C.new_game(players=2)
    position = Position(state)
    assert position.ids is state.ids  # a read-only position shares the state's tuples
    assert position.home_row is state.home_row
    with pytest.raises(AttributeError, match="no_such_zone"):
        _ = position.no_such_zone


def test_a_read_only_position_reads_the_turn_from_its_state():
    state = next(s for s in finished_playout(C, 4).states(C) if s.turn > 3)
    position = Position(state)
    assert (position.active, position.turn, position.extra_turns, position.result) == (
        state.active,
        state.turn,
        state.extra_turns,
        state.result,
    )
    work = Engine(state)
    work.turn += 1  # a Work changes them: they are its own, and the state keeps its own
    assert (work.turn, state.turn, Position(state).turn) == (state.turn + 1, work.turn - 1, work.turn - 1)
    with pytest.raises(AttributeError):
        _ = position.log  # a read-only position writes no history


def test_a_question_asked_of_a_work_copies_no_zone():  # C-WIN-1: the end-of-turn check reads only
    zones = ("status", "tableaux", "missions", "ids", "hands", "draw", "discard")
    for state in list(finished_playout(C, 6, initial=C.new_game(players=3)).states(C))[40::97]:
        work = Engine(state)
        for seat in range(state.players):
            assert work.win_conditions(seat) == win_conditions_of(
                state.ctx,
                seat,
                state.status,
                state.alt,
                state.tableaux,
                state.missions,
                state.ids,
                state.hands,
            )
        assert work.peek("draw") is state.draw_pile
        fields = {"draw": "draw_pile", "discard": "discard_pile"}
        assert all(work.peek(zone) is getattr(state, fields.get(zone, zone)) for zone in zones)  # no copy
        frozen = work.freeze()
        assert frozen == state
        assert frozen.status is state.status
        assert frozen.hands is state.hands
        copied = work.hands  # a zone the move changes is copied, and peek then reads the copy
        assert copied is not state.hands
        assert work.peek("hands") is copied
        assert copied == [list(hand) for hand in state.hands]


def test_the_harvest_pool_holds_each_card_once_and_no_timewarp():  # C-TW-1
    state = next(
        s
        for s in finished_playout(C, 2).states(C)
        if len(s.discard_pile) > len(set(s.discard_pile)) and any(c.startswith("TW-") for c in s.discard_pile)
    )
    position = Position(state)
    pool = harvest_pool(position, "discard")
    assert len(pool) == len(set(pool))
    assert set(pool) == {c for c in state.discard_pile if state.cards.play_cards[c].kind != "timewarp"}
    draw_pool = harvest_pool(position, "draw")
    deck = state.cards.deck
    assert draw_pool == [
        c for c, k in zip(deck, state.draw_pile, strict=True) if k and not c.startswith("TW-")
    ]
