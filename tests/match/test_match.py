"""`tabletop_rules.match`: versions, seats, wire errors, undo, resignation, save and restore."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules import chrononauts, match, trismaugistus, valandris
from tabletop_rules.core import TabletopRulesError
from tabletop_rules.match import MatchError

GAMES = ("valandris", "chrononauts", "trismaugistus")
MODULES = {"valandris": valandris, "chrononauts": chrononauts, "trismaugistus": trismaugistus}
ERROR = jsonschema.Draft202012Validator(match.json_schema("error"))
VIEW = jsonschema.Draft202012Validator(match.json_schema("view"))
EVENT = jsonschema.Draft202012Validator(match.json_schema("event"))
SAVED = jsonschema.Draft202012Validator(match.json_schema("match"))


def refused(code: str, call: Any) -> MatchError:
    """The `MatchError` `call` raises, checked to carry `code` and a valid error object."""
    with pytest.raises(MatchError) as info:
        call()
    assert info.value.code == code, info.value.to_json()
    ERROR.validate(info.value.to_json())
    assert isinstance(info.value, TabletopRulesError)
    return info.value


def play(m: match.Match, rng: random.Random, moves: int = 10_000) -> match.Match:
    """`m` after up to `moves` random legal moves sent as JSON text, each view checked."""
    for _ in range(moves):
        if m.over:
            break
        seat = m.to_act
        v = match.view(m, seat)
        VIEW.validate(v)
        m = match.submit(m, seat, json.dumps(rng.choice(v["legal"])["move"]), v["version"])
    return m


@pytest.mark.parametrize("name", GAMES)
def test_whole_games_through_submit_and_restore(name: str) -> None:
    """REL-MATCH-1: a whole seeded game is played with JSON alone; to_json/from_json gives the same match."""
    m = play(match.new_match(name, seed=3), random.Random(3))
    assert m.over
    assert match.view(m, 0)["status"] == "over"
    out = match.outcome(m)
    assert out is not None
    assert out["end"] == "finished"
    jsonschema.validate(out, match.json_schema("outcome"))
    text = match.to_json(m)
    SAVED.validate(json.loads(text))
    back = match.from_json(text)
    assert match.to_json(back) == text
    assert back.state == m.state
    assert back.version == m.version


@pytest.mark.parametrize("name", GAMES)
def test_a_restored_match_continues_identically(name: str) -> None:
    """REL-MATCH-2: a match restored mid-game draws the same chance and reaches the same end."""
    m = play(match.new_match(name, seed=11), random.Random(5), moves=15)
    restored = match.from_json(match.to_json(m))
    a, b = play(m, random.Random(9)), play(restored, random.Random(9))
    assert match.to_json(a) == match.to_json(b)


@pytest.mark.parametrize("name", GAMES)
def test_stale_duplicate_and_out_of_turn_requests_are_refused(name: str) -> None:
    """REL-MATCH-3: a request quotes the version; a stale or repeated one changes nothing."""
    m = match.new_match(name, seed=1)
    seat = m.to_act
    v = match.view(m, seat)
    move = v["legal"][0]["move"]
    after = match.submit(m, seat, move, v["version"])
    assert after.version == m.version + 1
    assert m.version == v["version"]
    refused("stale_version", lambda: match.submit(after, after.to_act, move, v["version"]))
    refused("stale_version", lambda: match.submit(m, seat, move, v["version"] + 7))
    refused("invalid_request", lambda: match.submit(m, seat, move, "0"))
    refused("invalid_request", lambda: match.submit(m, seat, move, True))
    refused("unknown_seat", lambda: match.submit(m, m.players, move, 0))
    refused("unknown_seat", lambda: match.submit(m, None, move, 0))
    refused("unknown_seat", lambda: match.view(m, -1))
    if m.players > 1:
        other = (seat + 1) % m.players
        error = refused("not_your_turn", lambda: match.submit(m, other, move, 0))
        assert match.seat_name(m.game, m.players, seat) in error.message


def test_wire_errors_name_the_move_in_notation_and_the_json_in_json() -> None:
    """REL-MATCH-4: messages show moves in the game's notation and client values in JSON, never reprs."""
    m = match.new_match("valandris", seed=1)
    cases = {
        "invalid_json": ["{", "[1, NaN]", '{"a": 1, "a": 2}', "x" * 20_000],
        "invalid_move": [
            [],
            None,
            {"type": "Nope"},
            {"type": "Place", "piece": "leviathan", "vertex": "Z9"},
            {"type": "Place", "piece": "leviathan"},
            {"type": "Place", "piece": "leviathan", "vertex": "A0", "extra": 1},
        ],
        "illegal_move": [
            {"type": "Place", "piece": "leviathan", "vertex": "E0"},
            {"type": "Roll", "face": 3},
        ],
    }
    for code, moves in cases.items():
        for move in moves:
            error = refused(code, lambda move=move: match.submit(m, 0, move, 0))
            for python in ("<Piece", "Place(", "None", "True", "['", "'Z9'", "'extra'"):
                assert python not in error.message, error.message
    assert (
        refused(
            "invalid_move",
            lambda: match.submit(m, 0, {"type": "Place", "piece": "leviathan", "vertex": "Z9"}, 0),
        ).path
        == "/vertex"
    )
    error = refused(
        "illegal_move", lambda: match.submit(m, 0, {"type": "Place", "piece": "leviathan", "vertex": "E0"}, 0)
    )
    assert error.message == (
        "the move place L E0 is not legal here; setup: the Holy Spirit places the Leviathan in the Abyss"
    )
    assert refused("invalid_move", lambda: match.submit_action(m, 0, "3", 0)).message == (
        'an action id is an integer, not "3"'
    )


def test_the_error_texts_quoted_in_the_docs_are_produced() -> None:
    """REL-MATCH-4: every error text that docs/wire-format.md quotes is the library's own."""
    m = match.new_match("valandris", seed=1)
    after = match.submit(m, 0, {"type": "Place", "piece": "leviathan", "vertex": "A0"}, 0)
    place = {"type": "Place", "piece": "leviathan"}
    quoted = {
        'move.vertex: "Z9" is not a Valandris vertex': lambda: valandris.move_from_json(
            m.state, {**place, "vertex": "Z9"}
        ),
        (
            "the move place L E0 is not legal here; setup: the Holy Spirit places the Leviathan in the Abyss"
        ): lambda: match.submit(m, 0, {**place, "vertex": "E0"}, 0),
        "version 0 is not the current one (1): fetch the view again": lambda: match.submit(
            after, 0, {"type": "Place", "piece": "unicorn", "vertex": "E0"}, 0
        ),
        'move: a Place lacks ["vertex"]': lambda: match.submit(m, 0, place, 0),
    }
    text = (Path(__file__).parents[2] / "docs" / "wire-format.md").read_text(encoding="utf-8")
    for message, call in quoted.items():
        assert message in text, message
        with pytest.raises(TabletopRulesError) as info:
            call()
        assert str(info.value) == message


def test_game_over_and_resignation() -> None:
    """REL-MATCH-5: a resignation ends the match; nothing is accepted after the end."""
    m = match.new_match("valandris", seed=2)
    over = match.resign(m, 1, 0)
    assert over.over
    assert over.to_act is None
    assert over.resigned == 1
    assert match.outcome(over) == {"end": "resigned", "resigned": 1, "returns": None, "game": None}
    v = match.view(over, 0)
    VIEW.validate(v)
    assert v["legal"] == []
    assert v["game_view"]["legal_moves"] == []
    assert v["to_act"] is None
    refused("game_over", lambda: match.submit(over, 0, v["game_view"]["state"], over.version))
    refused("game_over", lambda: match.resign(over, 0, over.version))
    assert match.from_json(match.to_json(over)).resigned == 1
    done = play(match.new_match("trismaugistus", seed=4), random.Random(4))
    refused("game_over", lambda: match.submit(done, 0, {"type": "Setup"}, done.version))


def test_undo_policy() -> None:
    """REL-MATCH-6: "own_last" takes back a seat's last move until another actor acts; "none" never."""
    m = match.new_match("valandris", seed=2)
    refused(
        "undo_not_allowed",
        lambda: match.undo(match.submit(m, 0, match.view(m, 0)["legal"][0]["move"], 0), 0, 1),
    )
    m = match.new_match("valandris", seed=2, undo="own_last")
    assert not match.view(m, 0)["can_undo"]
    refused("undo_not_allowed", lambda: match.undo(m, 0, 0))
    a = match.submit(m, 0, match.view(m, 0)["legal"][0]["move"], 0)
    assert match.view(a, 0)["can_undo"]
    assert not match.view(a, 1)["can_undo"]
    refused("undo_not_allowed", lambda: match.undo(a, 1, a.version))
    back = match.undo(a, 0, a.version)
    assert back.state == m.state
    assert back.version == 2
    assert [e.kind for e in back.log] == ["move", "undo"]
    refused("undo_not_allowed", lambda: match.undo(back, 0, back.version))  # one move, taken back once
    restored = match.from_json(match.to_json(back))
    assert restored.state == m.state
    assert match.to_json(restored) == match.to_json(back)
    # after chance (a d12) the move cannot be taken back: the roll is known
    rng, c = random.Random(0), back
    while not c.over and not any(e.kind == "chance" for e in c.log):
        c = match.submit(c, c.to_act, rng.choice(match.legal(c, c.to_act))["move"], c.version)
    if c.log[-1].kind == "chance":
        refused("undo_not_allowed", lambda: match.undo(c, c.log[-2].seat, c.version))


def test_views_never_leak_hidden_cards() -> None:
    """REL-MATCH-7: a seat's view is the game's own view of that seat; events hide others' moves."""
    m = play(match.new_match("chrononauts", seed=8, seats=3), random.Random(8), moves=60)
    for seat in (0, 1, 2, None):
        v = match.view(m, seat)
        assert v["game_view"] == chrononauts.view_json(m.state, seat)
        for event in match.events(m, seat, 0)[0]:
            EVENT.validate(event)
            if event["move"] is not None:
                assert event["kind"] == "move"
                assert event["seat"] == seat
        lines = [line for event in match.events(m, seat, 0)[0] for line in event["lines"]]
        assert lines == [e["text"] for e in chrononauts.events_since(m.state, seat, 0)[0]]
    secret = set(m.state.hands[1]) - set(m.state.hands[0]) - set(m.state.discard_pile)
    text0 = json.dumps([match.view(m, 0), match.events(m, 0, 0)])
    spectator = json.dumps([match.view(m, None), match.events(m, None, 0)])
    for card in secret:
        assert f'"{card}"' not in text0
        assert f'"{card}"' not in spectator


def test_events_and_cursors() -> None:
    """REL-MATCH-7: events since a cursor; a bad cursor is a typed refusal."""
    m = play(match.new_match("valandris", seed=4), random.Random(4), moves=5)
    events, cursor = match.events(m, 1, 0)
    assert cursor == len(m.log) == len(events)
    assert [e["index"] for e in events] == list(range(cursor))
    assert match.events(m, 1, cursor) == ([], cursor)
    for bad in (-1, cursor + 1, "0", 1.0, None):
        refused("invalid_request", lambda bad=bad: match.events(m, 0, bad))


@pytest.mark.parametrize(
    "tamper",
    [
        lambda d: d.update(seed=d["seed"] + 1),
        lambda d: d["log"].pop(),
        lambda d: d["log"].append(d["log"][-1]),
        lambda d: d.update(version=d["version"] + 1),
        lambda d: d.update(state_sha256="0" * 64),
        lambda d: d.update(game="chess"),
        lambda d: d.update(extra=1),
        lambda d: d["log"][3].update(seat=1),
        lambda d: d["log"][0].update(move={"type": "Place", "piece": "leviathan", "vertex": "A9"}),
    ],
)
def test_tampered_documents_are_refused(tamper: Any) -> None:
    """REL-MATCH-8: from_json loads only a match its log reaches; anything else is a typed refusal."""
    m = play(match.new_match("valandris", seed=6), random.Random(6), moves=40)
    assert any(e.kind == "chance" for e in m.log)
    document = json.loads(match.to_json(m))
    tamper(document)
    with pytest.raises(MatchError) as info:
        match.from_json(json.dumps(document))
    assert info.value.code in ("invalid_match", "unknown_game")
    ERROR.validate(info.value.to_json())


def test_huge_and_deep_documents_are_refused_before_work() -> None:
    """REL-MATCH-8: size and nesting are checked before parsing and replaying."""
    refused("invalid_match", lambda: match.from_json(" " * (match.MAX_MATCH_CHARS + 1)))
    refused("invalid_match", lambda: match.from_json("[" * 100_000 + "]" * 100_000))
    refused("invalid_match", lambda: match.from_json(b"\xff"))
    refused("invalid_match", lambda: match.from_json(12))
    refused("invalid_match", lambda: match.from_json('{"log": [' + "1," * 300_000 + "1]}"))


def test_new_match_refusals() -> None:
    """REL-MATCH-9: a bad game, seed, options, seat count or policy is a typed refusal."""
    refused("unknown_game", lambda: match.new_match("chess", seed=1))
    for call in (
        lambda: match.new_match("valandris", seed=-1),
        lambda: match.new_match("valandris", seed=2**53),
        lambda: match.new_match("valandris", seed=True),
        lambda: match.new_match("valandris", seed=1, seats=3),
        lambda: match.new_match("valandris", seed=1, options={"max_turns": -4}),
        lambda: match.new_match("valandris", seed=1, undo="all"),
        lambda: match.new_match("chrononauts", seed=1, options={"card_data_path": "/etc/passwd"}),
    ):
        refused("invalid_options", call)


def test_seat_names_and_legal_labels() -> None:
    """REL-MATCH-10: seats carry role names; each legal move has its id, JSON and label."""
    names = {g: [s["name"] for s in match.seats(match.new_match(g, seed=1))] for g in GAMES}
    assert names == {
        "valandris": ["Holy Spirit", "Valandris"],
        "chrononauts": ["P0", "P1", "P2", "P3"],
        "trismaugistus": ["Human"],
    }
    m = match.new_match("valandris", seed=1)
    for item in match.view(m, 0)["legal"]:
        move = valandris.action_to_move(m.state, item["action"])
        assert valandris.move_to_json(m.state, move) == item["move"]
        assert valandris.move_to_str(m.state, move) == item["label"]


def test_to_act_has_one_meaning() -> None:
    """REL-MATCH-11: `to_act` is a seat, "chance" or null (over), in every view, inner ones included."""
    state = chrononauts.new_game(players=3)
    assert chrononauts.view_json(state, 0)["to_act"] == "chance"
    assert chrononauts.view_json(state, 0)["view"]["to_act"] == "chance"
    m = play(match.new_match("chrononauts", seed=2, seats=2), random.Random(2))
    assert match.view(m, 0)["game_view"]["view"]["to_act"] is None
    assert match.view(m, 0)["game_view"]["to_act"] is None


def test_shipped_match_schemas_are_the_built_ones() -> None:
    """The shipped match schemas are what `match.schema_build` builds."""
    from tabletop_rules.core.wire import schema_text
    from tabletop_rules.match import schema_build

    for kind, document in schema_build.build_schemas().items():
        assert json.dumps(match.json_schema(kind)) == json.dumps(json.loads(schema_text(document)))
    refused_kind = pytest.raises(TabletopRulesError)
    with refused_kind:
        match.json_schema("state")


@settings(max_examples=15, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(0, 2**53 - 1),
    steps=st.integers(0, 40),
    choices=st.randoms(use_true_random=False),
)
def test_random_matches_round_trip_and_refuse_cleanly(game: str, seed: int, steps: int, choices: Any) -> None:
    """REL-MATCH-1, REL-MATCH-3: random matches: valid views, stale repeats refused, exact round trips."""
    m = match.new_match(game, seed=seed, undo="own_last")
    for _ in range(steps):
        if m.over:
            break
        v = match.view(m, m.to_act)
        VIEW.validate(v)
        assert v["legal"] == match.legal(m, m.to_act)
        move = choices.choice(v["legal"])["move"]
        nxt = match.submit(m, m.to_act, move, v["version"])
        seat = m.to_act
        refused(
            "stale_version",
            lambda nxt=nxt, seat=seat, move=move, v=v: match.submit(nxt, seat, move, v["version"]),
        )
        m = nxt
    assert match.to_json(match.from_json(match.to_json(m))) == match.to_json(m)


def test_a_report_the_game_still_takes_after_its_end() -> None:
    """REL-MATCH-5: Trismaugistus' final score is reported after the end; nothing else is taken."""
    done = play(match.new_match("trismaugistus", seed=4), random.Random(4))
    out = match.outcome(done)
    assert out is not None
    assert out["game"]["winner"] is None
    reported = match.submit(done, 0, {"type": "ReportFinalScore", "points": 999}, done.version)
    out = match.outcome(reported)
    assert out is not None
    assert out["game"]["winner"] == "human"
    assert reported.log[-1].label == "report score 999"
    again = {"type": "ReportFinalScore", "points": 1}
    assert (
        "already been reported"
        in refused("game_over", lambda: match.submit(reported, 0, again, reported.version)).message
    )
    assert match.to_json(match.from_json(match.to_json(reported))) == match.to_json(reported)


@pytest.mark.parametrize("name", GAMES)
def test_content_names_every_id_a_view_shows(name: str) -> None:
    """REL-MATCH-10: the content lists the ids the views name, with kinds and names, and validates."""
    m = play(match.new_match(name, seed=12), random.Random(12), moves=30)
    shipped = match.content(m)
    jsonschema.validate(shipped, match.json_schema("content"))
    ids = {item["id"] for item in shipped["items"]}
    for item in match.view(m, m.to_act if m.to_act is not None else 0)["legal"]:
        for key, value in item["move"].items():
            if key in ("card", "vertex", "experiment_id", "card_id") and isinstance(value, str):
                assert value in ids, (key, value)
    json.dumps(shipped)  # JSON-ready


def test_chrononauts_undo_and_spectator_events() -> None:
    """REL-MATCH-6, REL-MATCH-7: undo works in a hidden-information game; a spectator sees no move."""
    m = match.new_match("chrononauts", seed=3, seats=2, undo="own_last")
    rng = random.Random(3)
    for _ in range(200):
        seat = m.to_act
        nxt = match.submit(m, seat, rng.choice(match.legal(m, seat))["move"], m.version)
        if match.can_undo(nxt, seat):
            back = match.undo(nxt, seat, nxt.version)
            assert back.state == m.state
            assert match.view(back, seat)["game_view"] == match.view(m, seat)["game_view"]
            break
        m = nxt
    else:
        pytest.fail("no move could be taken back in 200 moves")
    events, _ = match.events(back, None, 0)
    assert all(e["move"] is None and e["label"] is None for e in events)
    assert events[-1]["kind"] == "undo"


def test_errors_pickle_and_keep_their_fields() -> None:
    """A `MatchError` crosses a process boundary with its code, message and path."""
    import pickle

    error = MatchError("invalid_move", "move.vertex: bad", "/vertex")
    back = pickle.loads(pickle.dumps(error))
    assert (back.code, back.message, back.path, str(back)) == (
        "invalid_move",
        "move.vertex: bad",
        "/vertex",
        str(error),
    )


_SAVED: dict[str, str] = {}


def _saved(name: str) -> str:
    if name not in _SAVED:
        _SAVED[name] = match.to_json(
            play(match.new_match(name, seed=21, undo="own_last"), random.Random(2), 25)
        )
    return _SAVED[name]


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(GAMES),
    path=st.lists(st.integers(0, 10_000), min_size=1, max_size=4),
    value=st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(allow_nan=False),
        st.text(max_size=5),
        st.lists(st.integers(), max_size=3),
        st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    ),
)
def test_a_mutated_document_is_the_same_match_or_a_typed_refusal(
    name: str, path: list[int], value: Any
) -> None:
    """REL-MATCH-8: any one field of a saved match changed: it loads as a match its log reaches, or
    `from_json` refuses it with a `MatchError` (never another exception)."""
    document = json.loads(_saved(name))
    node: Any = document
    for step in path:  # walk down to a random container, then replace one of its values
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = keys[step % len(keys)]
        if isinstance(node[key], dict | list) and node[key] and step % 3:
            node = node[key]
            continue
        node[key] = value
        break
    try:
        restored = match.from_json(json.dumps(document))
    except MatchError as error:
        ERROR.validate(error.to_json())
        return
    text = match.to_json(restored)  # a match its log reaches (options written in full): it round-trips
    assert match.to_json(match.from_json(text)) == text
    assert len(restored.log) == len(document["log"])
