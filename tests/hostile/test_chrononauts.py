"""Hostile input against Chrononauts: forged moves, state JSON, card lists and notation.

Every failure must be one of the library's typed errors, and nothing may change (the principles of
`docs/architecture.md`; C-PLAY-1, C-DATA-4, C-DATA-7, C-STATE-8).
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tabletop_rules import chrononauts as C
from tabletop_rules.chrononauts.frames import PlayStep, Window
from tabletop_rules.core import CHANCE, random_playout
from tabletop_rules.core.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidContentError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidRequestError,
    InvalidStateError,
    TabletopRulesError,
)
from tabletop_rules.testing import finished_playout

FAST = settings(
    max_examples=60,
    deadline=None,
    database=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
MOVE_ERRORS = (InvalidMoveError, IllegalMoveError)


class IntSub(int):
    pass


class StrSub(str):
    pass


@attrs.frozen
class Play:  # a look-alike of C.Play
    card: str
    target: Any = None


def _numpy_ints() -> list[Any]:
    try:
        import numpy as np
    except ImportError:  # pragma: no cover
        return []
    return [np.int64(0), np.int32(1), np.bool_(True)]


def _states() -> list[C.State]:
    """A chance node, a turn's play step, a reaction window, a finished game."""
    out = []
    game = random_playout(C, 17, initial=C.new_game(players=3), max_moves=400)
    for state in game.states(C):
        top = state.stack[-1] if state.stack else None
        if C.current_player(state) is CHANCE and not any(isinstance(s.stack[-1], type(top)) for s in out):
            out.append(state)
        if isinstance(top, (PlayStep, Window)) and not any(type(s.stack[-1]) is type(top) for s in out):
            out.append(state)
    out.append(finished_playout(C, 3, initial=C.new_game(players=2)).final)
    return out


STATES = _states()


def _forged(state: C.State) -> list[object]:
    card = state.cards.deck[0]
    odd = [1.0, True, IntSub(0), StrSub("JFK"), *_numpy_ints()]
    moves: list[object] = [C.Play(card, t) for t in odd]
    moves += [C.Play(StrSub(card)), C.Play(card, [0]), Play(card), Play(card, None)]
    moves += [C.FirstPlayer(v) for v in (True, 1.0, IntSub(0), *_numpy_ints())]
    moves += [C.KillTime([card]), C.KillTime((card, card, card)), C.KillTime(()), C.KillTime((StrSub(card),))]
    moves += [C.Draw(StrSub(card)), C.Draw(1), C.Deal(None), C.Mulligan(1), C.Declare(0), C.Memo(b"x")]
    moves += [None, "pass", {"card": card}, (card,), C.Pass, object()]
    return moves


@pytest.mark.parametrize("index", range(len(STATES)))
def test_forged_moves_raise_move_errors_and_change_nothing(index):  # C-PLAY-1
    state = STATES[index]
    card = state.cards.deck[0]
    before = C.to_json(state)
    for move in _forged(state):
        with pytest.raises(InvalidMoveError):
            C.check_move(state, move)
        with pytest.raises(InvalidMoveError):
            C.apply(state, move)
        assert C.is_legal(state, move) is False
    for move in (
        C.Play("NOT-A-CARD"),
        C.Play(card, 10**400),
        C.Play(card, -1),
        C.FirstPlayer(10**400),
        C.Draw("NOT-A-CARD"),
        C.Deal("ID-99"),
        C.FirstPlayer(99),
    ):
        with pytest.raises(MOVE_ERRORS) as error:
            C.apply(state, move)
        assert len(str(error.value)) < 1000
    assert C.to_json(state) == before


def test_killing_time_takes_its_two_cards_in_either_order():  # C-TURN-4: the pair is unordered
    for state in random_playout(C, 4, initial=C.new_game(players=2), max_moves=200).states(C):
        pairs = [m for m in C.legal_moves(state) if isinstance(m, C.KillTime) and len(set(m.cards)) == 2]
        for move in pairs[:3]:
            reverse = C.KillTime(move.cards[::-1])
            assert C.is_legal(state, reverse)
            C.check_move(state, reverse)
            assert C.apply(state, reverse) == C.apply(state, move)


# ------------------------------------------------------------------------------------ state JSON


def _window_state() -> C.State:
    return next(s for s in STATES if s.stack and isinstance(s.stack[-1], Window))


def _load(data: dict[str, Any]) -> None:
    with pytest.raises(InvalidStateError):
        C.from_json(json.dumps(data))


def test_from_json_rejects_a_window_over_a_target_the_card_cannot_take():  # C-PLAY-1, C-MEMO-2
    data = json.loads(C.to_json(_window_state()))
    for target in ("banana", "JFK", "ART-REX", 1, "next", None):
        frame = data["stack"][-1]
        card = frame["play"]["card"]
        if target == frame["play"]["target"]:
            continue
        frame["play"]["target"] = target
        try:
            state = C.from_json(json.dumps(data))
        except InvalidStateError:
            continue
        assert C.Play(card, target) in state.ctx.plays.values()  # accepted only when it fits the card


def test_from_json_rejects_a_stack_that_cannot_continue():  # C-TURN-6
    data = json.loads(C.to_json(STATES[1]))
    for i in range(len(data["stack"])):
        broken = json.loads(json.dumps(data))
        del broken["stack"][i]
        try:
            state = C.from_json(json.dumps(broken))
        except InvalidStateError:
            continue
        _still_playable(state)


def _still_playable(state: C.State) -> None:
    rng = random.Random(0)
    for _ in range(60):
        if C.is_terminal(state):
            return
        moves = C.legal_moves(state) or [m for m, _ in C.chance_outcomes(state)]
        assert moves
        state = C.apply(state, moves[rng.randrange(len(moves))])


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("turn",), 10**400),
        (("turn",), -1),
        (("extra_turns",), 10**30),
        (("active",), True),
        (("players",), 10**400),
        (("draw_pile", "INV-REVERSE-FATE"), 10**400),
        (("alt",), ["JFK", "JFK"]),
        (("log",), [["\ud800", -1, ""]]),
        (("result",), {"winner": None, "conditions": ["\udfff"], "reason": "x"}),
        (("hands",), [["\ud800"], [], []]),
        (("version",), 10**400),
        (("options",), {"ripple_operator_overrides": [[True, "or"]]}),
        (("options",), {"ripple_operator_overrides": [[1975, "or"]]}),
        (("options",), {"max_turns": 10**400}),
    ],
)
def test_from_json_rejects_out_of_range_fields(path, value):  # C-STATE-8, bounds on every number
    data = json.loads(C.to_json(STATES[1]))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(InvalidStateError):
        C.state_from_dict(data)
    if "\ud800" not in repr(value) and "\udfff" not in repr(value):
        _load(data)


@FAST
@given(st.integers(0, len(STATES) - 1), st.data())
def test_from_json_of_mutated_frames_gives_typed_errors_or_playable_states(index, data):
    raw = json.loads(C.to_json(STATES[index]))
    if not raw["stack"]:
        return
    i = data.draw(st.integers(0, len(raw["stack"]) - 1))
    frame = raw["stack"][i]
    key = data.draw(st.sampled_from(sorted(frame)))
    frame[key] = data.draw(
        st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from(["turn", "x", "TW-MEMO", 10**400])
    )
    try:
        state = C.state_from_dict(raw)
    except InvalidStateError:
        return
    _still_playable(state)


# ------------------------------------------------------------------------------------ card lists


def _cards(change) -> dict[str, Any]:
    data = json.loads(C.default_cards().data_text)
    change(data)
    return data


def _set(section: str, card: str, key: str, value: Any):
    def change(data):
        next(r for r in data[section] if r["id"] == card)[key] = value

    return change


def _huge_deck(data):
    record = next(r for r in data["inverters"] if r["id"] == "INV-REVERSE-FATE")
    record["count"] += 10**9
    data["edition"]["counts"]["inverters"] += 10**9
    data["edition"]["counts"]["play_deck"] += 10**9


def _many_records(data):
    template = next(r for r in data["actions"] if r["id"] == "ACT-NEW-MISSION")
    data["actions"] += [{**template, "id": f"ACT-X-{i}", "name": f"X {i}"} for i in range(300)]
    data["edition"]["counts"]["actions"] += 300 * template["count"]
    data["edition"]["counts"]["play_deck"] += 300 * template["count"]


@pytest.mark.parametrize(
    "change",
    [
        _huge_deck,
        _many_records,
        _set("timewarps", "TW-FAST-FORWARD", "params", {"draw": 10**9, "play": 2}),
        _set("timewarps", "TW-FAST-FORWARD", "params", {"draw": "2", "play": 2}),
        _set("actions", "ACT-SELL-AN-ARTIFACT", "params", {"draw": 10**400}),
        _set("artifacts", "ART-REX", "name", "R" * 5000),
        _set("artifacts", "ART-REX", "name", "Rex \ud800"),
        _set("identities", "ID-03", "id", "ID 03"),
        _set("inverters", "INV-REVERSE-FATE", "count", 10**400),
        _set("inverters", "INV-REVERSE-FATE", "count", True),
    ],
)
def test_card_lists_out_of_bounds_are_rejected(change):  # C-DATA-4, C-DATA-7
    with pytest.raises(InvalidContentError):
        C.cards_from_dict(_cards(change))


def test_a_card_list_without_cards_that_come_back_is_rejected():  # C-DECK-2, C-ARTIFAXX-2
    def only_ypnm(data):
        removed = sum(
            r["count"] for r in data["actions"] + data["timewarps"] if r["id"] != "ACT-YOUR-PARENTS-NEVER-MET"
        )
        data["actions"] = [r for r in data["actions"] if r["id"] == "ACT-YOUR-PARENTS-NEVER-MET"]
        data["timewarps"] = []
        data["edition"]["counts"]["actions"] = data["actions"][0]["count"]
        data["edition"]["counts"]["timewarps"] = 0
        data["edition"]["counts"]["play_deck"] -= removed

    with pytest.raises(InvalidContentError):
        C.cards_from_dict(_cards(only_ypnm))


def test_edition_constraints_warn_for_a_1945_patch_or_a_linchpin_year():  # C-DATA-7, C-DATA-6
    def change(data):
        home = next(r for r in data["identities"] if r["id"] == "ID-01")["home"]
        home[2] = {"year": 1945, "state": "patched", "patch": "P-1945-A"}
        home[0] = {"year": 1963, "state": "true"}

    cards = C.cards_from_dict(_cards(change))
    assert any("ID-01" in w and "1945" in w for w in cards.warnings)
    assert any("ID-01" in w and "1963" in w for w in cards.warnings)
    _still_playable(C.new_game(players=2, cards=cards))


# REL-CONTENT-1: content that validates gives a playable game
@FAST
@given(st.data())
def test_card_lists_that_load_give_playable_games(data):  # "content that validates gives a playable game"
    section = data.draw(st.sampled_from(["inverters", "actions", "timewarps", "patches"]))
    raw = json.loads(C.default_cards().data_text)
    record = data.draw(st.sampled_from(raw[section]))
    key = data.draw(st.sampled_from(sorted(k for k in record if k not in ("sources", "notes"))))
    record[key] = data.draw(st.none() | st.integers(-2, 120) | st.text(max_size=8) | st.just({"draw": 3}))
    try:
        cards = C.cards_from_dict(raw)
    except InvalidContentError:
        return
    for variant, players in (("chrononauts", 2), ("artifaxx", 2), ("solonauts", 1)):
        _still_playable(C.new_game(players=players, cards=cards, variant=variant))


# ------------------------------------------------------------- notation, views, options


@pytest.mark.parametrize(
    "text",
    [
        "patch １９６８",
        "patch ١٩٦٨",
        'play "Reverse Fate" ١٩٦٣',
        "first P١",
        "first P" + "9" * 5000,
        "x" * 10**6,
        "play " + '"' * 1000,
        "kill-time \ud800",
        "",
        "\x00",
    ],
)
def test_notation_rejects_hostile_text(text):  # Unicode digits are not years, huge texts are cut
    state = STATES[1]
    with pytest.raises((InvalidMoveError, IllegalMoveError)):
        C.parse_move(state, text)


@FAST
@given(st.text(max_size=40))
def test_notation_fuzz_raises_only_move_errors(text):
    for state in STATES[:3]:
        try:
            move = C.parse_move(state, text)
        except (InvalidMoveError, IllegalMoveError, AmbiguousMoveError):
            continue
        assert C.is_legal(state, move)


@pytest.mark.parametrize("viewer", [7, -1, True, 1.0, "0", *_numpy_ints()])
def test_views_reject_non_seats(viewer):  # C-VIEW-5
    with pytest.raises(InvalidRequestError):
        C.observation(STATES[1], viewer)
    with pytest.raises(InvalidRequestError):
        C.information_state_string(STATES[1], viewer)


@pytest.mark.parametrize(
    "overrides",
    [{True: "or"}, {1974.0: "or"}, {"1974": "or"}, {1975: "or"}, {10**400: "or"}, {1974: 1}, [[1974]]],
)
def test_operator_overrides_take_only_ripplepoint_years(overrides):  # C-RULING-1
    with pytest.raises(InvalidOptionError):
        C.new_game({"ripple_operator_overrides": overrides}, players=2)


def test_operator_override_of_a_ripplepoint_year_is_fine():  # C-RULING-1
    state = C.new_game({"ripple_operator_overrides": {1974: "or"}}, players=2)
    assert state.options.ripple_operator_overrides == ((1974, "or"),)


def test_every_error_is_a_library_error():
    assert issubclass(InvalidStateError, TabletopRulesError)
