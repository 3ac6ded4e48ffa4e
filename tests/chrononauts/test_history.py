"""The shared public history: a persistent sequence that behaves like a tuple of events (C-VIEW-5)."""

from __future__ import annotations

import json
import pickle

import attrs
import pytest

from tabletop_rules import chrononauts as C
from tabletop_rules.chrononauts.history import Event, History
from tabletop_rules.core import InvalidStateError, random_playout


def _mid_game() -> C.State:
    playout = random_playout(C, 2, initial=C.new_game(players=3), max_moves=120)
    return playout.final


def test_history_is_shared_and_behaves_like_a_tuple():
    playout = random_playout(C, 8, initial=C.new_game(players=3), max_moves=200)
    states = list(playout.states(C))
    a, b = states[-2], states[-1]
    assert isinstance(b.log, C.History)
    assert len(b.log) >= len(a.log)
    assert tuple(b.log)[: len(a.log)] == tuple(a.log)
    assert b.log[: len(a.log)] == tuple(a.log)
    assert b.log[-1] == tuple(b.log)[-1]
    assert b.log == tuple(b.log)
    assert hash(b.log) == hash(tuple(b.log))
    rebuilt = C.from_json(C.to_json(b))
    assert rebuilt == b
    assert hash(rebuilt) == hash(b)
    assert pickle.loads(pickle.dumps(b)) == b
    assert attrs.evolve(b, log=()).log == ()
    assert not attrs.evolve(b, log=()).log
    # a move adds one small link over the previous history instead of copying it
    assert C.History.link(a.log, ()) is a.log
    assert C.History.link(a.log, (("x", -1, ""),)).records() == (*a.log.records(), ("x", -1, ""))
    assert b.log.records()[: len(a.log)] == a.log.records()


def test_history_chunks_keep_their_json_and_private_seats():
    """Full chunks of 64 events cache their JSON text and private seats, equal to a plain encoding."""
    events = [
        Event(f"e{i} \u00e8", i % 3 if i % 7 == 0 else -1, "secret" if i % 7 == 0 else "") for i in range(200)
    ]
    events[5] = Event("a \x1f separator", 1, "x\x1fy")  # stored as a tuple, not a string
    log = C.History(events)
    records = [[e.text, e.private_to, e.private_text] for e in events]
    assert log.to_json_array() == json.dumps(records, separators=(",", ":"), ensure_ascii=False)
    assert log.to_json_array() == log.to_json_array()  # the cached text is reused unchanged
    assert log.private_seats() == {0, 1, 2}
    longer = C.History.link(log, (("late", -1, ""),))
    assert json.loads(longer.to_json_array())[:200] == records
    # a bad seat deep inside a full chunk is still found by validate
    state = _mid_game()
    padding = [Event(f"p{i}") for i in range(130)]
    broken = attrs.evolve(state, log=(Event("early", 9, "y"), *padding, *state.log))
    with pytest.raises(InvalidStateError, match="private_to"):
        C.validate(broken)


def test_a_history_cannot_be_changed():  # shared by every later state of a game
    import pytest

    from tabletop_rules import chrononauts as c
    from tabletop_rules.core import random_playout

    log = random_playout(c, 1, max_moves=200).final.log
    size = log.size
    for name, value in (("size", 3), ("_tail", ()), ("_chunks", None), ("anything", 1)):
        with pytest.raises(AttributeError):
            setattr(log, name, value)
    with pytest.raises(AttributeError):
        del log.size
    assert log.size == size == len(log.records())


def test_a_linked_history_is_a_history_that_cannot_be_changed():
    """`History.link` builds its result past the write guard; what it returns is a guarded `History`."""
    import pytest

    from tabletop_rules.chrononauts.history import EMPTY_HISTORY, History

    log = EMPTY_HISTORY
    for i in range(70):  # across a full chunk: both ways of linking
        records = ((f"line {i}", -1, ""),) if i % 3 else ((f"a {i}", -1, ""), ("b", i % 2, "c"))
        log = History.link(log, records)
        assert type(log) is History
        with pytest.raises(AttributeError):
            log.size = 0  # type: ignore[misc]
    assert log.size == len(log.records()) == 70 + 24
    assert log.records()[-4:] == (("line 67", -1, ""), ("line 68", -1, ""), ("a 69", -1, ""), ("b", 1, "c"))
    assert hash(log) == hash(log.flat())


def test_a_linked_line_is_the_linked_public_record():
    """`History.link_line` stores what `link` stores for ``(text, -1, "")``, across a full chunk and
    for a text that holds the separator (which is stored as a record)."""
    from tabletop_rules.chrononauts.history import EMPTY_HISTORY, History

    by_line = by_record = EMPTY_HISTORY
    for i in range(130):
        text = f"line {i}" if i % 7 else f"odd \x1f line {i}"
        by_line = History.link_line(by_line, text)
        by_record = History.link(by_record, ((text, -1, ""),))
        assert type(by_line) is History
        assert by_line.size == by_record.size == i + 1
        assert by_line.records() == by_record.records()
        assert by_line.to_json_array() == by_record.to_json_array()
    assert by_line.records()[7] == ("odd \x1f line 7", -1, "")
    assert by_line == by_record
    assert hash(by_line) == hash(by_record)


def test_a_linked_entry_is_the_linked_record():
    """`History.link_entry` of `encode(record)` stores what `link` stores for the record: public,
    private and separator-holding records, across a full chunk."""
    from tabletop_rules.chrononauts.history import EMPTY_HISTORY, History, encode

    by_entry = by_record = EMPTY_HISTORY
    for i in range(130):
        record = (
            (f"P{i % 3} draws a card", i % 3, f"P{i % 3} draws card {i}") if i % 2 else (f"line {i}", -1, "")
        )
        if i % 11 == 0:
            record = (f"odd \x1f {i}", 1, "private")
        by_entry = History.link_entry(by_entry, encode(record))
        by_record = History.link(by_record, (record,))
        assert type(by_entry) is History
        assert by_entry.records() == by_record.records()
    assert by_entry.records()[11] == ("odd \x1f 11", 1, "private")
    assert by_entry.to_json_array() == by_record.to_json_array()
    assert by_entry.private_seats() == by_record.private_seats() == {0, 1, 2}


def test_linked_entries_are_the_linked_records():
    """`History.link_entries` of encoded records stores what `link` stores for the records: several
    at a time, public, private and separator-holding ones, across full chunks."""
    from tabletop_rules.chrononauts.history import EMPTY_HISTORY, History, encode

    by_entries = by_records = EMPTY_HISTORY
    for i in range(90):
        records = tuple(
            (f"odd \x1f {i}.{k}", 1, "private")
            if (i + k) % 11 == 0
            else (f"P{k} draws a card", k, f"card {i}")
            for k in range(i % 4)  # none to three records at a time
        )
        by_entries = History.link_entries(by_entries, tuple(map(encode, records)))
        by_records = History.link(by_records, records)
        assert type(by_entries) is History
        assert by_entries.size == by_records.size
        assert by_entries.records() == by_records.records()
    assert by_entries.size > 128  # chunks filled up on the way
    assert by_entries.to_json_array() == by_records.to_json_array()
    assert by_entries == by_records


@pytest.mark.parametrize("size", [0, 1, 63, 64, 65, 130, 200])
def test_records_since_is_the_slice_of_records(size: int) -> None:
    """`records_since(k)` equals `records()[k:]` for every k, across chunk boundaries."""
    history = History()
    for k in range(size):
        history = History.link(history, ((f"line {k}", k % 3 - 1, "secret" if k % 3 == 2 else ""),))
    records = history.records()
    for start in range(size + 2):
        assert history.records_since(start) == records[start:]
