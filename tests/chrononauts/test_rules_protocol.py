"""The shared protocol: conformance playouts, determinism, notation, JSON and per-player views."""

from __future__ import annotations

import contextlib
import json
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules import chrononauts as C
from tabletop_rules.core import (
    CHANCE,
    AmbiguousMoveError,
    IllegalMoveError,
    ImperfectInformationGame,
    InvalidMoveError,
    InvalidStateError,
    random_playout,
)
from tabletop_rules.testing import check_determinism, check_playout

from .helpers import draw, move, settle, setup

FEW = settings(max_examples=2, deadline=None, database=None)


def test_module_satisfies_the_protocol():
    game: ImperfectInformationGame[C.State, C.Move] = C  # type: ignore[assignment]
    assert game.GAME_INFO.name == "chrononauts"
    assert not C.GAME_INFO.perfect_information
    assert C.GAME_INFO.chance


@pytest.mark.parametrize("players", [2, 4, 6])
@FEW
@given(seed=st.integers(0, 2**32 - 1))
def test_conformance_full_game(players, seed):  # C-SETUP-1, C-CHANCE-1, C-STATE-8
    check_playout(C, seed, initial=C.new_game(players=players), max_moves=200, validate=C.validate)


@pytest.mark.parametrize("players", [2, 4])
@FEW
@given(seed=st.integers(0, 2**32 - 1))
def test_conformance_artifaxx(players, seed):  # C-ARTIFAXX-1
    state = C.new_game({"max_turns": 40}, players=players, variant="artifaxx")
    check_playout(C, seed, initial=state, max_moves=150, validate=C.validate)


@FEW
@given(seed=st.integers(0, 2**32 - 1))
def test_conformance_solonauts(seed):  # C-SOLO-1
    playout = check_playout(C, seed, initial=C.new_game(variant="solonauts"), validate=C.validate)
    assert not playout.truncated  # a single pass through 41 cards always ends (C-SOLO-7)


def test_conformance_full_game_to_the_end():  # C-LOSE-1 or C-WIN-*: random games end
    playout = check_playout(C, 1, initial=C.new_game(players=2), validate=C.validate)
    assert not playout.truncated
    assert C.is_terminal(playout.final)


def test_determinism():  # C-CHANCE-6
    check_determinism(C, 3)
    check_determinism(C, 4, options=C.Options(variant="solonauts"))


def test_random_games_end():  # C-RULING-38: no cap by default, yet random games end
    for seed in range(4):
        playout = random_playout(C, seed, initial=C.new_game(players=4))
        assert C.is_terminal(playout.final)
        assert sum(1 for m in playout.moves if isinstance(m, C.Play)) > 0


def test_turn_cap():  # C-RULING-38
    playout = random_playout(C, 1, initial=C.new_game({"max_turns": 5}, players=3))
    assert playout.final.turn <= 5
    if playout.final.result.winner is None:
        assert playout.final.result.conditions == ("turn_limit",)
        assert C.returns(playout.final) == (0.0, 0.0, 0.0)


# ------------------------------------------------------------------ notation


def test_notation_round_trip_and_forms():  # C-DOC-5
    state = draw(
        setup(3, hands=[["INV-REVERSE-FATE", "ACT-NEW-MISSION", "ACT-DISCONTINUITY", "ART-REX"], []])
    )
    texts = [C.move_to_str(state, m) for m in C.legal_moves(state)]
    for text, m in zip(texts, C.legal_moves(state), strict=True):
        assert C.parse_move(state, text) == m
    assert 'play "Reverse Fate" 1963' in texts
    assert 'play "New Mission" P2' in texts
    assert 'play "Discontinuity" next' in texts
    assert 'play "Rex"' in texts
    assert any(t.startswith("kill-time ") for t in texts)
    assert C.parse_move(state, "play INV-REVERSE-FATE JFK") == C.Play("INV-REVERSE-FATE", "JFK")
    assert C.parse_move(state, 'PLAY "reverse fate" 1963') == C.Play("INV-REVERSE-FATE", "JFK")


def test_notation_errors():
    state = draw(setup(3, hands=[["INV-REVERSE-FATE", "INV-AVERT-DISASTER"], []]))
    with pytest.raises(AmbiguousMoveError):
        C.parse_move(state, 'play "Reverse Fate"')
    with pytest.raises(IllegalMoveError):
        C.parse_move(state, 'play "Rewind"')
    with pytest.raises(InvalidMoveError):
        C.parse_move(state, 'play "No Such Card"')
    with pytest.raises(InvalidMoveError):
        C.parse_move(state, 'play "Reverse Fate')
    with pytest.raises(InvalidMoveError):
        C.parse_move(state, "fly 1963")
    with pytest.raises(InvalidMoveError):
        C.parse_move(state, "patch 1865")  # a linchpin year
    with pytest.raises(IllegalMoveError):
        C.parse_move(state, "patch 1968")  # 1968 is not a paradox
    with pytest.raises(IllegalMoveError):
        C.parse_move(state, "memo")
    with pytest.raises(InvalidMoveError):
        C.parse_move(state, 12)  # type: ignore[arg-type]


def test_notation_for_every_move_kind():
    state = C.new_game(players=2)
    assert C.move_to_str(state, C.chance_outcomes(state)[0][0]).startswith("deal MIS-")
    assert C.move_to_str(state, C.FirstPlayer(1)) == "first P1"
    assert C.move_to_str(state, C.Draw("TW-REWIND")) == 'draw "Rewind"'
    assert C.move_to_str(state, C.Pass()) == "pass"
    assert C.move_to_str(state, C.Memo("TW-MEMO")) == "memo"
    assert C.move_to_str(state, C.Mulligan(True)) == "mulligan"
    assert C.move_to_str(state, C.Mulligan(False)) == "keep"
    assert C.move_to_str(state, C.Declare(True)) == "declare"
    assert C.move_to_str(state, C.Declare(False)) == "decline"
    assert C.move_to_str(state, C.Discard("TW-REWIND")) == 'discard "Rewind"'
    assert C.move_to_str(state, C.Play("P-1945-B")) == 'patch 1945 "1945 Nexus Patch (unpublished title) B"'
    assert C.move_to_str(state, C.Play("ACT-MIRACLE-BIBLICAL", "ART-REX")) == (
        'play "Perform a \\"Miracle\\" (Biblical Relics)" "Rex"'
    )
    assert (
        C.parse_move(state, C.move_to_str(state, C.chance_outcomes(state)[0][0]))
        == C.chance_outcomes(state)[0][0]
    )


@settings(max_examples=30, deadline=None, database=None)
@given(text=st.text(max_size=40))
def test_parse_never_crashes(text):
    state = draw(setup(2, hands=[["INV-REVERSE-FATE"], []]))
    with contextlib.suppress(InvalidMoveError, IllegalMoveError, AmbiguousMoveError):
        C.parse_move(state, text)


# ------------------------------------------------------------------ JSON


def test_json_round_trip_mid_game():
    playout = random_playout(C, 5, initial=C.new_game(players=3), max_moves=200)
    for state in list(playout.states(C))[::20]:
        assert C.from_json(C.to_json(state)) == state


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(game="valandris"), "game"),
        (lambda d: d.update(players=9), "players"),
        (lambda d: d["hands"][0].append("INV-REVERSE-FATE"), "conserved"),
        (lambda d: d["hands"][0].append("NOPE"), "unknown card"),
        (lambda d: d.update(alt=["Lincoln"]), "1868"),
        (lambda d: d["timeline"].update({"1868": "P-1917"}), "1868"),
        (lambda d: d.update(options={"paradox_limit": 0}), "paradox_limit"),
        (lambda d: d.update(stack=[]), "decision"),
        (lambda d: d.pop("log"), "keys"),
        (lambda d: d.update(ids=["ID-01", "ID-01", "ID-02"]), "IDs"),
        (
            lambda d: d["stack"].append(
                {
                    "frame": "Window",
                    "owner": 0,
                    "play": {"card": "INV-REVERSE-FATE", "target": "JFK"},
                    "origin": "hand",
                    "step": "turn",
                    "eligible": [2],
                    "index": 0,
                    "passes": 0,
                }
            ),
            "wrong players|conserved",
        ),
    ],
)
def test_from_json_rejects(edit, message):  # C-STATE-8
    state = draw(setup(3, hands=[["INV-REVERSE-FATE"], []]))
    data = json.loads(C.to_json(state))
    edit(data)
    with pytest.raises(InvalidStateError, match=message):
        C.from_json(json.dumps(data))


def test_from_json_rejects_junk():
    for text in ("", "[]", "{", '{"game": "chrononauts"}', "null"):
        with pytest.raises(InvalidStateError):
            C.from_json(text)


def test_json_embeds_a_user_card_list(tmp_path):  # C-DATA-7
    data = json.loads(C.default_cards().data_text)
    data["inverters"][0]["name"] = "Reverse Fate (printed)"
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    cards = C.load_cards(path)
    state = C.new_game(players=2, cards=cards)
    text = C.to_json(state)
    assert '"Reverse Fate (printed)"' in text
    assert C.from_json(text) == state
    assert C.from_json(text).cards == cards != C.default_cards()


# ------------------------------------------------------------------ views


def test_view_holds_exactly_the_public_part_and_own_secrets():  # C-VIEW-1, C-VIEW-2, C-VIEW-5
    state = draw(
        setup(3, hands=[["INV-REVERSE-FATE"], ["TW-MEMO"], ["ART-REX"]], ids=["ID-01", "ID-02", "ID-03"])
    )
    view = C.observation(state, 0)
    assert view.hand == tuple(sorted(("INV-REVERSE-FATE", draw_card(state))))
    assert view.identity == "ID-01"
    assert view.hand_sizes == (2, 1, 1)
    text = C.view_to_json(view)
    assert "TW-MEMO" not in text
    assert "ID-02" not in text
    assert "ART-REX" not in text
    spectator = C.observation(state, None)
    assert spectator.hand == ()
    assert spectator.identity == ""


def draw_card(state):
    return next(c for c in state.hands[0] if c != "INV-REVERSE-FATE")


@settings(max_examples=10, deadline=None, database=None)
@given(seed=st.integers(0, 2**16), steps=st.integers(0, 120))
def test_hidden_cards_never_change_a_view(seed, steps):  # C-VIEW-3, C-VIEW-6
    playout = random_playout(C, seed, initial=C.new_game(players=3), max_moves=steps)
    state = playout.final
    if C.is_terminal(state):
        return
    rng = random.Random(seed)
    # give player 2 a different hidden hand, ID and Mission of the same sizes, from the hidden pools
    pool = list(state.hands[2]) + [
        c for c, k in zip(state.cards.deck, state.draw_pile, strict=True) for _ in range(k)
    ]
    rng.shuffle(pool)
    new_hand = tuple(sorted(pool[: len(state.hands[2])]))
    rest = pool[len(state.hands[2]) :]
    draw_pile = tuple(rest.count(c) for c in state.cards.deck)
    ids = list(state.ids)
    hidden_ids = sorted(state.id_pile)
    if hidden_ids and ids[2]:
        ids[2], swapped = hidden_ids[0], ids[2]
        id_pile = (state.id_pile - {hidden_ids[0]}) | {swapped}
    else:
        id_pile = state.id_pile
    missions = list(state.missions)
    hidden_missions = sorted(state.mission_pile)
    mission_pile = state.mission_pile
    if hidden_missions and missions[2]:
        missions[2], returned = hidden_missions[0], missions[2]
        mission_pile = (state.mission_pile - {hidden_missions[0]}) | {returned}
    other = attrs.evolve(
        state,
        hands=(*state.hands[:2], new_hand),
        draw_pile=draw_pile,
        ids=tuple(ids),
        id_pile=id_pile,
        missions=tuple(missions),
        mission_pile=mission_pile,
    )
    C.validate(other)
    for viewer in (0, 1):
        assert C.information_state_string(other, viewer) == C.information_state_string(state, viewer)
        assert C.observation(other, viewer) == C.observation(state, viewer)
    if other.hands[2] != state.hands[2] or other.ids[2] != state.ids[2]:
        assert C.information_state_string(other, 2) != C.information_state_string(state, 2)


def test_history_is_redacted():  # C-VIEW-5
    state = draw(setup(2, hands=[[], []]), "TW-REWIND")
    assert C.observation(state, 0).history[-1] == "P0 draws Rewind"
    assert C.observation(state, 1).history[-1] == "P0 draws a card"


def test_every_player_is_polled_without_a_memo():  # C-VIEW-6, C-RULING-6
    state = move(draw(setup(3, hands=[["ART-REX"], [], []])), 'play "Rex"')
    assert C.current_player(state) == 1
    assert C.legal_moves(state) == (C.Pass(),)
    state = move(state, "pass")
    assert C.current_player(state) == 2
    assert C.current_player(settle(state)) is CHANCE


def test_quick_trip_shows_the_draw_pile_to_its_player_only():  # C-VIEW-4, C-TW-4
    state = setup(
        2, hands=[["TW-QUICK-TRIP"], []], draw_pile=["ART-REX", "INV-REVERSE-FATE", "ART-LIVE-STEGOSAURUS"]
    )
    state = settle(move(draw(state, "ART-LIVE-STEGOSAURUS"), 'play "Quick Trip to the Future"'))
    assert C.observation(state, 0).draw_pile == ("INV-REVERSE-FATE", "ART-REX")
    assert C.observation(state, 1).draw_pile == ()


def test_describe():
    state = C.new_game(players=4)
    assert "4 players" in C.describe(state)
    final = random_playout(C, 2, initial=state).final
    assert "Game over" in C.describe(final)
    assert C.describe(random_playout(C, 2, initial=C.new_game(variant="solonauts")).final).startswith(
        "Solonauts"
    )
