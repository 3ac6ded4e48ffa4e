"""The full game's rules: setup, the turn, cards, the Memo, drawing, winning and goal cards."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest

from tabletop_rules import chrononauts as C
from tabletop_rules.chrononauts.frames import (
    DealGoal,
    DrawCards,
    Harvest,
    MiracleEnd,
    MulliganChoice,
    PlayStep,
    Window,
)
from tabletop_rules.chrononauts.rules import canonical_move
from tabletop_rules.core import CHANCE, IllegalMoveError, InvalidOptionError

from .helpers import draw, evolve_timeline, idle, move, open_years, settle, setup, status, turn

RF = "INV-REVERSE-FATE"
RH = "INV-RESTORE-HISTORY"
MEMO = "TW-MEMO"


def moves_text(state):
    return {C.move_to_str(state, m) for m in C.legal_moves(state)}


# ------------------------------------------------------------------ setup (§4)


def test_setup_true_history_and_deal():  # C-SETUP-2, C-SETUP-3, C-SETUP-4, C-STATE-1, C-STATE-2, C-STATE-3
    state = C.new_game(players=4)
    assert state.alt == 0
    assert all(s == C.TRUE for s in state.status)
    assert state.open_paradoxes() == 0
    assert C.current_player(state) is CHANCE
    outcomes = C.chance_outcomes(state)
    assert len(outcomes) == 10
    assert {p for _, p in outcomes} == {Fraction(1, 10)}
    while not isinstance(state.stack[-1], MulliganChoice):
        state = C.apply(state, C.chance_outcomes(state)[-1][0])
    assert all(len(h) == 3 for h in state.hands)
    assert all(state.ids)
    assert all(state.missions)
    assert state.draw_pile_size() == 80 - 12
    assert state.discard_pile == ()


def test_first_player_and_mulligans():  # C-SETUP-5, C-SETUP-6, C-RULING-29, C-RULING-36
    state = C.new_game(players=3)
    while not isinstance(state.stack[-1], C.frames.ChooseFirst):
        state = C.apply(state, C.chance_outcomes(state)[0][0])
    assert C.chance_outcomes(state) == [(C.FirstPlayer(p), Fraction(1, 3)) for p in range(3)]
    state = C.apply(state, C.FirstPlayer(2))
    assert C.current_player(state) == 2  # seat order from the first player
    old = state.ids[2]
    state = move(state, "mulligan")
    assert isinstance(state.stack[-1], C.frames.DealGoal)
    assert state.id_queue[-1].card == old
    state = C.apply(state, C.chance_outcomes(state)[0][0])
    assert C.current_player(state) == 0  # P2 must keep the second ID
    assert "P2 takes an identity mulligan" in C.observation(state, 1).history
    state = move(move(state, "keep"), "keep")
    assert isinstance(state.stack[-1], DrawCards)
    assert state.active == 2
    assert state.turn == 1


def test_fixed_first_player_and_no_mulligan():  # C-RULING-36, C-RULING-29
    state = C.new_game({"first_player": 1, "identity_mulligans": 0}, players=2)
    while C.current_player(state) is CHANCE and state.turn == 0:
        state = C.apply(state, C.chance_outcomes(state)[0][0])
    assert state.active == 1
    assert state.turn == 1


def test_player_counts():  # C-SETUP-1, C-RULING-37, C-COMP-1
    for n in (2, 6):
        assert C.new_game(players=n).players == n
    for bad in (1, 7):
        with pytest.raises(InvalidOptionError):
            C.new_game(players=bad)
    assert C.new_game({"allow_extra_players": True}, players=8).players == 8
    with pytest.raises(InvalidOptionError):
        C.new_game(players=5, variant="artifaxx")
    with pytest.raises(InvalidOptionError):
        C.new_game(players=2, variant="solonauts")


# ------------------------------------------------------------------ the turn (§5, §6)


def test_draw_one_play_one():  # C-TURN-1, C-TURN-2, C-TURN-3, C-TURN-6, C-PLAY-4
    state = setup(3, hands=[["ART-REX"], ["ART-LIVE-STEGOSAURUS"], []])
    assert C.current_player(state) is CHANCE
    assert isinstance(state.stack[-1], DrawCards)
    state = draw(state)
    assert len(state.hands[0]) == 2
    assert C.current_player(state) == 0
    assert all(m.card in state.hands[0] for m in C.legal_moves(state) if isinstance(m, C.Play))
    state = settle(move(state, 'play "Rex"'))
    assert state.tableaux[0] == ("ART-REX",)
    assert state.active == 1
    assert state.turn == 2


def test_pending_card_and_window():  # C-PLAY-2, C-PLAY-3, C-PLAY-5, C-MEMO-3
    state = move(draw(setup(2, hands=[[RF], [MEMO]])), 'play "Reverse Fate" 1963')
    assert isinstance(state.stack[-1], Window)
    assert RF not in state.hands[0]
    assert C.observation(state, 1).pending == ((0, RF, "JFK"),)
    assert state.alt == 0  # nothing has happened yet
    state = move(state, "pass")
    assert state.discard_pile[-1] == RF
    assert open_years(state) == [1968, 1969]


def test_killing_time():  # C-TURN-4, C-PLAY-6, C-TURN-7
    state = draw(setup(2, hands=[["TW-REWIND", "INV-SABOTAGE"], []]), "TW-REWIND")
    texts = moves_text(state)
    assert 'kill-time "Rewind" "Rewind"' in texts
    assert 'kill-time "Sabotage" "Sabotage"' not in texts
    assert 'kill-time "Rewind"' in texts  # Rewind cannot be played (nothing to take), yet it can be discarded
    assert not any(t.startswith('play "Rewind"') for t in texts)
    one = settle(move(state, 'kill-time "Rewind"'))
    assert one.discard_pile == ("TW-REWIND",)
    assert len(one.hands[0]) == 2
    assert one.active == 1
    two = move(state, 'kill-time "Rewind" "Sabotage"')
    assert isinstance(two.stack[-1], DrawCards)
    assert two.stack[-1].player == 0
    two = draw(two, "ART-REX")
    assert two.hands[0] == ("ART-REX", "TW-REWIND")
    assert two.active == 1


def test_killing_time_allowed_with_a_legal_play():  # C-TURN-4
    state = draw(setup(2, hands=[[RF], []]))
    assert any(isinstance(m, C.KillTime) for m in C.legal_moves(state))
    assert any(isinstance(m, C.Play) for m in C.legal_moves(state))


def test_killing_time_pair_in_either_order():  # C-TURN-4: the pair is unordered
    state = draw(setup(2, hands=[["ART-REX", "ART-LIVE-STEGOSAURUS"], []]))
    in_order = C.KillTime(("ART-REX", "ART-LIVE-STEGOSAURUS"))  # deck order
    reversed_pair = C.KillTime(("ART-LIVE-STEGOSAURUS", "ART-REX"))
    assert in_order in C.legal_moves(state)
    assert reversed_pair not in C.legal_moves(state)
    assert canonical_move(state, reversed_pair) == in_order
    assert canonical_move(state, in_order) == in_order
    assert C.is_legal(state, reversed_pair)
    C.check_move(state, reversed_pair)
    assert C.apply(state, reversed_pair) == C.apply(state, in_order)


def test_empty_hand_skips_the_play():  # C-RULING-26
    deck = C.default_cards()
    everything = [c for c, k in zip(deck.deck, deck.deck_counts, strict=True) for _ in range(k)]
    state = setup(2, hands=[[], everything])
    # P0 has nothing to draw and an empty hand: the draw and the play are skipped, and P1's turn starts
    assert state.turn == 2
    assert C.current_player(state) == 1
    assert "P0 plays" not in " ".join(e.text for e in state.log)


def test_memo_is_never_a_normal_play():  # C-PLAY-7, C-MEMO-2, C-RULING-34
    state = draw(setup(2, hands=[[MEMO], []]))
    assert not any(isinstance(m, (C.Memo, C.Play)) and m.card == MEMO for m in C.legal_moves(state))


def test_memo_cancels_and_consumes_the_play():  # C-MEMO-1, C-MEMO-4, C-MEMO-9, C-RULING-14
    state = move(draw(setup(3, hands=[["ART-REX"], [MEMO], []])), 'play "Rex"')
    state = settle(move(state, "memo"))
    assert state.tableaux[0] == ()
    assert state.discard_pile == ("ART-REX", MEMO)
    assert state.active == 1  # the play was used up and the turn moved on


def test_memo_cannot_target_own_card():  # C-RULING-34, C-MEMO-6
    state = move(draw(setup(2, hands=[["ART-REX", MEMO], []])), 'play "Rex"')
    assert C.current_player(state) == 1
    state = settle(state)
    assert state.tableaux[0] == ("ART-REX",)  # resolved: no Memo can touch it any more
    assert not any(isinstance(m, C.Memo) for m in C.legal_moves(state))


def test_memo_cannot_stop_draws_or_killing_time():  # C-MEMO-8
    state = move(
        draw(setup(2, hands=[["ART-REX", "ART-LIVE-STEGOSAURUS"], [MEMO]])),
        'kill-time "Rex" "Live Stegosaurus"',
    )
    assert isinstance(state.stack[-1], DrawCards)  # no window opens for Killing Time or draws


def test_memo_on_fast_forward_cancels_all_of_it():  # C-MEMO-7
    state = move(
        draw(setup(2, hands=[["TW-FAST-FORWARD"], [MEMO]], fast_forward_mode="draw2_play2")),
        'play "Fast Forward"',
    )
    state = settle(move(state, "memo"))
    assert state.active == 1
    assert len(state.hands[0]) == 1


# ------------------------------------------------------------------ inverters and patches (§8, §9)


def test_inverter_needs_a_legal_target():  # C-INV-2, C-INV-7
    state = draw(setup(2, hands=[["INV-RESTORE-HISTORY", "INV-AVERT-DISASTER"], []]))
    texts = moves_text(state)
    assert not any("Restore History" in t and t.startswith("play") for t in texts)  # nothing is on ALT
    assert {t for t in texts if "Avert" in t and t.startswith("play")} == {
        'play "Avert Disaster" 1912',
        'play "Avert Disaster" 1915',
        'play "Avert Disaster" 1937',
    }


def test_inverter_resolution_order():  # C-INV-6, C-TL-2, C-RULING-4
    state = turn(setup(2, hands=[[RF], []]), 'play "Reverse Fate" 1936')
    assert state.discard_pile == (RF,)
    assert open_years(state) == [1939, 1942, 1945, 1948]
    assert [e.text for e in state.log][-5:-1] == [
        "1939 becomes a paradox",
        "1942 becomes a paradox",
        "1945 becomes a paradox",
        "1948 becomes a paradox",
    ]


def test_patch_only_on_its_own_open_year():  # C-PATCH-1, C-PATCH-2, C-PATCH-8, C-RULING-9
    state = setup(2, hands=[["P-1968", "P-1969", "P-1945-A", "P-1945-B"], []])
    state = draw(evolve_timeline(state, "JFK", "Hitler", "ManhattanProject"))
    texts = moves_text(state)
    assert "patch 1968" in texts
    assert "patch 1969" in texts
    state = draw(settle(move(state, 'patch 1945 "Allied Troops Invade Tokyo"')))
    state = draw(idle(state))
    assert not any(t.startswith("patch 1945") for t in moves_text(state))  # one patch per year


def test_patch_bonus_and_nullification_keep_the_card():  # C-PATCH-4, C-PATCH-7, C-PATCH-5
    state = setup(2, hands=[["P-1968"], [RF]])
    state = draw(evolve_timeline(state, "JFK"))
    state = draw(settle(move(state, "patch 1968")), "ART-REX")
    assert state.hands[0] == tuple(sorted(("ART-REX", _filler_of(state))))
    state = turn(state, 'play "Reverse Fate" 1963')
    assert status(state, 1968) == C.TRUE
    assert "P-1968" in state.discard_pile
    assert "ART-REX" in state.hands[0]  # the bonus card stays


def _filler_of(state):
    return next(c for c in state.hands[0] if c != "ART-REX")


def test_open_count_ignores_patches():  # C-STATE-6, C-LOSE-2
    state = draw(evolve_timeline(setup(2, hands=[["P-1968"], []]), "JFK"))
    assert state.open_paradoxes() == 2
    state = draw(settle(move(state, "patch 1968")))
    assert state.open_paradoxes() == 1


# ------------------------------------------------------------------ artifacts and actions (§11, §12)


def test_artifacts_go_face_up_and_count_only_there():  # C-ART-1, C-ART-2, C-ART-3, C-ART-4, C-WIN-2
    mission = ["ART-VIDEOTAPE-CREATION", "ART-ARK-OF-THE-COVENANT", "ART-PLACEHOLDER-13"]
    state = setup(
        2,
        hands=[[*mission[:2], "ART-REX"], []],
        tableaux=[[mission[2]], []],
        missions=["MIS-THE-GREAT-MYSTERIES", "MIS-PLACEHOLDER-05"],
    )
    state = turn(state, 'play "Rex"')  # not on the Mission, still allowed
    assert state.tableaux[0] == (mission[2], "ART-REX")
    assert not C.is_terminal(state)
    state = turn(idle(state), 'play "Videotape of the Creation of the Universe"')
    state = turn(idle(state), 'play "Lost Ark of the Covenant"')
    assert C.is_terminal(state)
    assert state.result.conditions == ("mission",)


def test_mona_lisa_most_convincing():  # C-ART-5, C-RULING-5, C-RULING-33
    mona = ["ART-MONA-LISA-REAL", "ART-MONA-LISA-FORGERY-GOOD", "ART-MONA-LISA-FORGERY-POOR"]
    state = setup(
        2,
        hands=[["ART-PLACEHOLDER-12"], []],
        tableaux=[[mona[1], "ART-REX"], [mona[2]]],
        missions=["MIS-MONA-AND-THE-DINOSAUR", "MIS-PLACEHOLDER-05"],
    )
    state = turn(state, 'play "Artifact (unpublished list) 12"')
    assert C.is_terminal(state)  # the better forgery is the most convincing Mona Lisa in play
    state = setup(
        2,
        hands=[["ART-PLACEHOLDER-12"], []],
        tableaux=[[mona[1], "ART-REX"], [mona[0]]],
        missions=["MIS-MONA-AND-THE-DINOSAUR", "MIS-PLACEHOLDER-05"],
    )
    assert not C.is_terminal(turn(state, 'play "Artifact (unpublished list) 12"'))


def test_get_there_first():  # C-ACT-2, C-RULING-18, C-ACT-10
    state = draw(
        setup(2, hands=[["ACT-GET-THERE-FIRST"], []], tableaux=[["ART-REX"], ["ART-LIVE-STEGOSAURUS"]])
    )
    plays = {t for t in moves_text(state) if t.startswith('play "Get There')}
    assert plays == {'play "Get There First" "Live Stegosaurus"'}
    state = settle(move(state, 'play "Get There First" "Live Stegosaurus"'))
    assert state.tableaux == (("ART-REX", "ART-LIVE-STEGOSAURUS"), ())
    state = draw(setup(2, hands=[["ACT-GET-THERE-FIRST"], []]))
    assert not any("Get There" in t for t in moves_text(state) if t.startswith("play"))  # C-ACT-1: no target


def test_sell_an_artifact():  # C-ACT-3, C-RULING-17, C-RULING-5
    state = draw(
        setup(
            2,
            hands=[["ACT-SELL-AN-ARTIFACT"], []],
            tableaux=[["ART-MONA-LISA-FORGERY-GOOD"], ["ART-MONA-LISA-FORGERY-POOR"]],
        )
    )
    state = settle(move(state, 'play "Sell an Artifact" "Mona Lisa (better forgery)"'))
    assert state.stack[-1] == DrawCards(0, 3)  # 2 + the Mona Lisa bonus
    state = draw(
        setup(
            2,
            hands=[["ACT-SELL-AN-ARTIFACT"], []],
            tableaux=[["ART-MONA-LISA-FORGERY-POOR"], ["ART-MONA-LISA-REAL"]],
        )
    )
    state = settle(move(state, 'play "Sell an Artifact" "Mona Lisa (poorer forgery)"'))
    assert state.stack[-1] == DrawCards(0, 2)
    assert state.discard_pile[-1] == "ART-MONA-LISA-FORGERY-POOR"


def test_perform_a_miracle():  # C-ACT-4, C-RULING-23, C-ART-6
    hand = ["ACT-MIRACLE-BIBLICAL", "ART-REX", "ART-LIVE-STEGOSAURUS"]
    state = draw(setup(2, hands=[hand, []], tableaux=[["ART-ARK-OF-THE-COVENANT"], []]))
    state = settle(move(state, 'play "Perform a \\"Miracle\\" (Biblical Relics)" "Lost Ark of the Covenant"'))
    assert any(isinstance(f, MiracleEnd) for f in state.stack)
    assert state.hands[0] == ()
    assert state.stack[-1] == DrawCards(0, 3)  # the Ark is a biblical relic: draw 3, play 2, discard 1
    assert C.observation(state, 1).set_aside_sizes == (3, 0)
    state = draw(draw(draw(state, RF), RF), "TW-MEMO")
    assert isinstance(state.stack[-1], PlayStep)
    assert state.stack[-1].kind == "miracle"
    assert not any(isinstance(m, C.KillTime) for m in C.legal_moves(state))
    state = settle(move(state, 'play "Reverse Fate" 1963'))
    state = settle(move(state, 'play "Reverse Fate" 1865'))
    state = move(state, 'discard "Memo From Your Future Self"')
    assert state.active == 1
    assert len(state.hands[0]) == 3


def test_miracle_without_playable_cards_discards():  # C-RULING-23
    state = draw(setup(2, hands=[["ACT-MIRACLE-FUTURE"], []], tableaux=[["ART-REX"], []]))
    state = settle(move(state, 'play "Perform a \\"Miracle\\" (Future Wisdom)" "Rex"'))
    state = draw(draw(state, "TW-MEMO"), "TW-MEMO")
    assert set(C.legal_moves(state)) == {C.Discard("TW-MEMO")}


def test_discontinuity():  # C-ACT-5, C-RULING-20
    state = draw(setup(3, hands=[["ACT-DISCONTINUITY", "ART-REX"], ["TW-REWIND"], ["TW-MEMO"]]), RF)
    goals = (state.ids, state.missions)
    state = settle(move(state, 'play "Discontinuity" next'))
    assert state.hands == (("TW-MEMO",), tuple(sorted(("ART-REX", RF))), ("TW-REWIND",))
    assert (state.ids, state.missions) == goals  # goal cards never move


def test_time_vortex():  # C-ACT-6, C-RULING-32, C-CHANCE-4
    state = draw(setup(3, hands=[["ACT-TIME-VORTEX", "ART-REX"], ["TW-REWIND", RF], []]), RF)
    state = settle(move(state, 'play "Time Vortex"'))
    assert state.hands == ((), (), ())
    outcomes = dict(C.chance_outcomes(state))
    assert outcomes == {
        C.Draw(RF): Fraction(2, 4),
        C.Draw("ART-REX"): Fraction(1, 4),
        C.Draw("TW-REWIND"): Fraction(1, 4),
    }
    for card in (RF, "ART-REX", RF, "TW-REWIND"):
        state = C.apply(state, C.Draw(card))
    assert state.hands == (tuple(sorted((RF, "TW-REWIND"))), ("ART-REX",), (RF,))  # round robin from P0


def test_new_mission_and_goal_piles():  # C-ACT-7, C-RULING-21, C-RULING-28, C-GOAL-2, C-DECK-6
    state = draw(
        setup(2, hands=[["ACT-NEW-MISSION"], []], missions=["MIS-PLACEHOLDER-05", "MIS-PLACEHOLDER-06"])
    )
    assert {t for t in moves_text(state) if t.startswith('play "New Mission')} == {
        'play "New Mission" P0',
        'play "New Mission" P1',
    }
    state = settle(move(state, 'play "New Mission" P1'))
    assert state.missions[1] == ""
    assert state.mission_queue[-1].card == "MIS-PLACEHOLDER-06"
    assert len(C.chance_outcomes(state)) == 8  # uniform over the hidden part
    state = C.apply(state, C.Deal("MIS-PLACEHOLDER-07"))
    assert state.missions[1] == "MIS-PLACEHOLDER-07"
    assert C.observation(state, 0).mission_queue == ("?",)
    assert C.observation(state, 1).mission_queue == ("MIS-PLACEHOLDER-06",)  # C-VIEW-2


def test_it_never_existed():  # C-ACT-8, C-RULING-19
    state = draw(setup(2, hands=[["ACT-IT-NEVER-EXISTED"], []], tableaux=[["ART-REX"], []]))
    state = settle(move(state, 'play "It Never Existed" "Rex"'))
    assert state.tableaux[0] == ()
    assert state.discard_pile[-1] == "ART-REX"


def test_your_parents_never_met():  # C-ACT-9, C-RULING-22, C-GOAL-3
    state = draw(setup(2, hands=[["ACT-YOUR-PARENTS-NEVER-MET"], []], ids=["ID-01", "ID-02"]))
    state = settle(move(state, 'play "Your Parents Never Met" P1'))
    assert state.revealed_ids == ("ID-02",)
    assert C.observation(state, 0).id_queue == ("ID-02",)  # revealed, so public
    state = C.apply(state, C.chance_outcomes(state)[0][0])
    assert state.ids[1] not in ("", "ID-02")


def test_goal_pile_queue_front_when_random_part_is_empty():  # C-RULING-28
    state = setup(2, hands=[["ACT-NEW-MISSION"], []], missions=["MIS-PLACEHOLDER-05", "MIS-PLACEHOLDER-06"])
    queue = tuple(C.QueueEntry(card=m, returned_by=0, revealed=False) for m in sorted(state.mission_pile))
    state = attrs.evolve(state, mission_pile=frozenset(), mission_queue=queue)
    state = settle(move(draw(state), 'play "New Mission" P1'))
    assert state.missions[1] == queue[0].card  # no chance event: the front of the queue
    assert state.mission_queue[-1] == C.QueueEntry(card="MIS-PLACEHOLDER-06", returned_by=1, revealed=False)


def test_id_pile_queue_front_when_random_part_is_empty():  # C-RULING-28, C-ACT-9, C-GOAL-2
    state = setup(2, hands=[["ACT-YOUR-PARENTS-NEVER-MET"], []], ids=["ID-01", "ID-02"])
    queue = tuple(C.QueueEntry(card=i, returned_by=0, revealed=False) for i in sorted(state.id_pile))
    state = attrs.evolve(state, id_pile=frozenset(), id_queue=queue)
    missions = state.missions
    state = settle(move(draw(state), 'play "Your Parents Never Met" P1'))
    assert state.ids == ("ID-01", "ID-03")  # no chance event: the front of the ID queue
    assert state.id_queue == (*queue[1:], C.QueueEntry(card="ID-02", returned_by=1, revealed=True))
    assert state.missions == missions
    assert state.mission_queue == ()


def test_reshuffled_goal_piles_take_back_their_own_cards():  # C-RULING-28 ("reshuffle"), C-ACT-9, C-ACT-7
    hands = [["ACT-YOUR-PARENTS-NEVER-MET", "ACT-NEW-MISSION"], []]
    state = draw(setup(2, hands=hands, ids=["ID-01", "ID-02"], goal_pile_model="reshuffle"))
    missions = state.mission_pile
    state = settle(move(state, 'play "Your Parents Never Met" P1'))
    assert state.ids == ("ID-01", "")
    assert "ID-02" in state.id_pile  # shuffled back into the ID pile, not queued
    assert state.mission_pile == missions
    assert state.id_queue == ()
    assert state.stack[-1] == DealGoal(1, "id")
    assert len(C.chance_outcomes(state)) == 13  # ID-02 may be dealt again


# ------------------------------------------------------------------ timewarps (§13)


def test_fast_forward_two_extra_turns_default():  # C-RULING-15, C-TW-1
    state = turn(setup(2, hands=[["TW-FAST-FORWARD"], []]), 'play "Fast Forward"')
    assert state.active == 0
    assert state.turn == 2
    assert state.extra_turns == 1
    state = idle(state)
    assert state.active == 0
    assert state.turn == 3
    state = idle(state)
    assert state.active == 1


def test_fast_forward_draw2_play2_with_killing_time():  # C-TW-2, C-TURN-5, C-RULING-26
    state = turn(
        setup(2, hands=[["TW-FAST-FORWARD"], []], fast_forward_mode="draw2_play2"), 'play "Fast Forward"'
    )
    state = draw(draw(state, "ART-REX"), "ART-LIVE-STEGOSAURUS")
    assert any(isinstance(m, C.KillTime) for m in C.legal_moves(state))
    state = settle(move(state, 'kill-time "Rex"'))
    state = settle(move(state, 'play "Live Stegosaurus"'))
    assert state.active == 1


def test_fast_forward_plays_without_a_legal_play():  # C-TW-2, C-TURN-5, C-RULING-26
    def after_fast_forward(**options):
        state = draw(
            setup(2, hands=[["TW-FAST-FORWARD"], []], fast_forward_mode="draw2_play2", **options), RH
        )
        state = settle(C.apply(state, C.Play("TW-FAST-FORWARD")))
        return draw(draw(state, "P-1917"), "P-1868")  # nothing in hand can be played

    state = after_fast_forward()  # killing_time_in_effect_plays: each play may kill time
    assert state.stack[-2:] == (PlayStep(0, "effect"), PlayStep(0, "effect"))
    assert C.legal_moves(state) == tuple(
        C.KillTime(cards)
        for cards in ((RH,), ("P-1868",), ("P-1917",), (RH, "P-1868"), (RH, "P-1917"), ("P-1868", "P-1917"))
    )
    skipped = after_fast_forward(killing_time_in_effect_plays=False)  # both plays are skipped
    assert skipped.hands == ((RH, "P-1868", "P-1917"), ())
    assert skipped.active == 1
    assert skipped.stack[-1] == DrawCards(1, 1)
    assert [e.text for e in skipped.log][-3:] == ["P0 draws a card", "P0 draws a card", "turn 2: P1"]


def test_rewind_takes_a_playable_card():  # C-TW-3, C-RULING-16, C-PLAY-8
    state = setup(2, hands=[["TW-REWIND"], []], discard=["TW-MEMO", "INV-RESTORE-HISTORY", RF])
    state = settle(move(draw(state), 'play "Rewind"'))
    assert isinstance(state.stack[-1], Harvest)
    texts = moves_text(state)
    assert not any("Memo" in t for t in texts)
    assert not any("Restore History" in t for t in texts)
    state = move(state, 'play "Reverse Fate" 1963')
    assert isinstance(state.stack[-1], Window)  # its own reaction window
    state = settle(state)
    assert open_years(state) == [1968, 1969]


def test_rewind_not_playable_without_target():  # C-TW-3
    state = draw(setup(2, hands=[["TW-REWIND"], []], discard=["TW-MEMO", "INV-RESTORE-HISTORY"]))
    assert not any(isinstance(m, C.Play) and m.card == "TW-REWIND" for m in C.legal_moves(state))


def test_quick_trip_from_the_draw_pile():  # C-TW-4, C-RULING-16
    state = setup(2, hands=[["TW-QUICK-TRIP"], []], draw_pile=["ART-REX", "ART-LIVE-STEGOSAURUS", "TW-MEMO"])
    state = settle(move(draw(state, "TW-MEMO"), 'play "Quick Trip to the Future"'))
    state = settle(move(state, 'play "Rex"'))
    assert state.tableaux[0] == ("ART-REX",)
    assert state.draw_pile_size() == 1


# ------------------------------------------------------------------ drawing (§14)


def test_recycling_only_when_needed():  # C-DECK-1, C-DECK-2, C-DECK-4, C-CHANCE-4
    state = setup(
        2, hands=[["INV-SABOTAGE"], []], draw_pile=["ART-REX"], tableaux=[[], ["ART-LIVE-STEGOSAURUS"]]
    )
    state = draw(state, "ART-REX")
    assert state.draw_pile_size() == 0
    assert len(state.discard_pile) > 0
    discard = len(state.discard_pile)
    state = settle(move(state, 'play "Rex"'))
    assert state.draw_pile_size() == discard
    assert state.discard_pile == ()
    assert "the discard pile is recycled into the draw pile" in [e.text for e in state.log]
    assert state.tableaux[1] == ("ART-LIVE-STEGOSAURUS",)  # tableaux are never recycled


def test_empty_supply_skips_the_draw():  # C-DECK-3, C-RULING-7
    all_cards = [
        c
        for c, k in zip(C.default_cards().deck, C.default_cards().deck_counts, strict=True)
        for _ in range(k)
    ]
    table = [c for c in all_cards if c.startswith("ART-")]
    hand0 = [c for c in all_cards if not c.startswith("ART-")]
    state = setup(2, hands=[hand0, []], tableaux=[table, []])
    assert C.current_player(state) == 0  # the turn draw was skipped: nothing is left to draw
    assert len(state.hands[0]) == len(hand0)
    state = move(state, 'kill-time "Reverse Fate" "Reverse Fate"')
    assert isinstance(state.stack[-1], DrawCards)  # recycling: the two discards can be drawn again
    assert state.draw_pile_size() == 2
    assert state.discard_pile == ()
    ended = setup(2, hands=[hand0, []], tableaux=[table, []], empty_supply_policy="end_game_draw")
    assert C.is_terminal(ended)
    assert C.returns(ended) == (0.0, 0.0)
    assert ended.result.conditions == ("empty_supply",)
    assert ended.log[-1].text == "no cards are left to draw: the game ends with no winner"


# ------------------------------------------------------------------ winning (§15)


def test_victory_only_for_the_active_player_at_the_end_of_the_turn():  # C-WIN-1, C-GOAL-4, C-WIN-5
    mission = ["ART-VIDEOTAPE-CREATION", "ART-ARK-OF-THE-COVENANT", "ART-PLACEHOLDER-13"]
    state = setup(
        2, hands=[[], []], tableaux=[[], mission], missions=["MIS-PLACEHOLDER-05", "MIS-THE-GREAT-MYSTERIES"]
    )
    state = idle(state)
    assert not C.is_terminal(state)
    assert state.active == 1
    state = idle(state)
    assert C.is_terminal(state)
    assert state.result.winner == 1
    assert state.result.conditions == ("mission",)
    assert state.log[-1].text == "P1 wins by completing their Mission"
    assert C.returns(state) == (-1.0, 1.0)  # C-WIN-*: +1 for the winner, -1 for everyone else
    assert C.outcome(state)["win_type"] == "mission"
    assert C.outcome(state)["end"] == "win"


def test_a_win_names_every_condition_met():  # C-WIN-1, C-WIN-2, C-WIN-4
    mission = ["ART-VIDEOTAPE-CREATION", "ART-ARK-OF-THE-COVENANT", "ART-PLACEHOLDER-13"]
    state = setup(
        2,
        hands=[[], ["INV-REVERSE-FATE"] * 3],
        tableaux=[[], mission],
        missions=["MIS-PLACEHOLDER-05", "MIS-THE-GREAT-MYSTERIES"],
        hand_size_win_threshold=3,
    )
    state = idle(idle(state))  # P1 ends a turn with the Mission done and three cards in hand
    assert state.result.winner == 1
    assert state.result.conditions == ("mission", "hand_size")
    assert state.log[-1].text == "P1 wins by completing their Mission and power and success"
    assert C.outcome(state)["win_type"] == "mission+hand_size"


def test_winner_goals_become_public():  # C-WIN-5
    state = setup(2, hands=[["P-1950", "P-1974"], []], ids=["ID-06", "ID-01"])
    state = evolve_timeline(state, "Lincoln", "JFK", "Hindenburg")
    state = idle(draw(settle(move(draw(state), "patch 1950"))))
    assert C.observation(state, 1).winner_goals == ()
    state = draw(settle(move(draw(state), "patch 1974")))
    assert C.is_terminal(state)
    assert state.result.conditions == ("id",)
    assert state.log[-1].text == "P0 wins by going home"
    assert C.returns(state) == (1.0, -1.0)
    assert C.outcome(state)["win_type"] == "id"
    assert C.observation(state, 1).winner_goals == ("ID-06", state.missions[0])


def test_declare_victory_choice():  # C-RULING-27
    state = setup(2, hands=[["P-1868"] + [RF] * 8, []], auto_declare_victory=False)
    state = draw(settle(move(draw(evolve_timeline(state, "Lincoln")), "patch 1868")))
    assert C.legal_moves(state) == (C.Declare(True), C.Declare(False))
    declared = move(state, "declare")
    assert C.is_terminal(declared)
    assert declared.result.conditions == ("hand_size",)
    assert declared.log[-1].text == "P0 wins by power and success"  # C-WIN-4
    assert C.outcome(declared)["win_type"] == "hand_size"
    declined = move(state, "decline")
    assert not C.is_terminal(declined)
    assert declined.active == 1


def test_goal_cards_are_never_in_hands():  # C-GOAL-1, C-COMP-7
    state = random_state()
    for hand in state.hands:
        assert not any(c.startswith(("ID-", "MIS-")) for c in hand)


def random_state():
    from tabletop_rules.core import random_playout

    return random_playout(C, 9, initial=C.new_game(players=4), max_moves=300).final


def test_illegal_out_of_turn_play():  # C-TURN-1
    state = draw(setup(2, hands=[[], [RF]]))
    with pytest.raises(IllegalMoveError):
        C.apply(state, C.Play(RF, "JFK"))
