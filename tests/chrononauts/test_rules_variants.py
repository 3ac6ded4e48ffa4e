"""Artifaxx (§19) and Solonauts (§20), variants of the same module."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from tabletop_rules import chrononauts as C
from tabletop_rules.chrononauts.frames import DrawCards, SoloStep, SoloTurn, Window
from tabletop_rules.core import CHANCE, IllegalMoveError
from tabletop_rules.testing import finished_playout

from .helpers import draw, evolve_timeline, idle, move, settle, setup, turn

RF = "INV-REVERSE-FATE"
RH = "INV-RESTORE-HISTORY"

# ------------------------------------------------------------------ Artifaxx


def test_artifaxx_components_and_setup():  # C-ARTIFAXX-2, C-ARTIFAXX-3, C-ARTIFAXX-4, C-RULING-31
    state = C.new_game(players=3, variant="artifaxx")
    kinds = Counter()
    for card, k in zip(state.cards.deck, state.draw_pile, strict=True):
        kinds[state.cards.play_cards[card].kind] += k
    assert +kinds == {"artifact": 15, "action": 13, "timewarp": 10}  # Your Parents Never Met set aside
    assert state.draw_pile[state.cards.deck_index["ACT-YOUR-PARENTS-NEVER-MET"]] == 0
    while state.turn == 0:
        state = C.apply(state, C.chance_outcomes(state)[0][0])
    assert all(len(h) == 3 for h in state.hands)
    assert all(state.missions)
    assert not any(state.ids)
    assert state.id_pile == frozenset()  # no IDs, no TimeLine play


def test_artifaxx_ypnm_as_it_never_existed():  # C-ARTIFAXX-3, C-RULING-31
    state = C.new_game({"artifaxx_ypnm": "as_it_never_existed"}, players=2, variant="artifaxx")
    assert state.draw_pile[state.cards.deck_index["ACT-YOUR-PARENTS-NEVER-MET"]] == 1
    state = draw(
        setup(
            2,
            hands=[["ACT-YOUR-PARENTS-NEVER-MET"], []],
            tableaux=[[], ["ART-REX"]],
            variant="artifaxx",
            artifaxx_ypnm="as_it_never_existed",
        )
    )
    state = settle(move(state, 'play "Your Parents Never Met" "Rex"'))
    assert state.tableaux[1] == ()
    assert "ART-REX" in state.discard_pile


def test_artifaxx_turn_and_mission_win():  # C-ARTIFAXX-5, C-ARTIFAXX-6, C-WIN-6
    mission = ["ART-VIDEOTAPE-CREATION", "ART-ARK-OF-THE-COVENANT", "ART-PLACEHOLDER-13"]
    state = setup(
        2,
        hands=[[mission[0]], ["TW-MEMO"]],
        tableaux=[mission[1:], []],
        variant="artifaxx",
        missions=["MIS-THE-GREAT-MYSTERIES", "MIS-PLACEHOLDER-05"],
    )
    state = draw(state)
    assert any(isinstance(m, C.KillTime) for m in C.legal_moves(state))  # Killing Time is on
    state = move(state, 'play "Videotape of the Creation of the Universe"')
    assert C.current_player(state) == 1  # the Memo window works as in the full game
    state = settle(state)
    assert C.is_terminal(state)
    assert state.result.conditions == ("mission",)


def test_artifaxx_no_hand_size_win_by_default():  # C-ARTIFAXX-6, C-RULING-31, C-WIN-6
    hand = ["TW-MEMO"] * 3 + ["TW-REWIND"] * 2 + ["TW-QUICK-TRIP"] * 3 + ["ACT-NEW-MISSION", "ART-REX"]
    state = setup(2, hands=[hand, []], variant="artifaxx")
    assert not C.is_terminal(turn(state, 'play "Rex"'))
    state = setup(2, hands=[hand, []], variant="artifaxx", artifaxx_hand_size_win=True)
    assert C.is_terminal(turn(state, 'play "Rex"'))


def test_artifaxx_without_killing_time():  # C-RULING-31
    state = draw(setup(2, hands=[["ART-REX"], []], variant="artifaxx", artifaxx_killing_time=False))
    assert not any(isinstance(m, C.KillTime) for m in C.legal_moves(state))


def test_artifaxx_refuses_killing_time_when_it_is_off():  # C-RULING-31, C-TURN-4
    hand = ["ART-REX", "TW-REWIND", "TW-REWIND"]
    state = draw(setup(2, hands=[hand, []], variant="artifaxx", artifaxx_killing_time=False), "TW-MEMO")
    assert C.legal_moves(state) == (C.Play("ART-REX"),)
    pairs = (("ART-REX",), ("ART-REX", "TW-REWIND"), ("TW-REWIND", "TW-REWIND"), ("TW-REWIND", "ART-REX"))
    for kill_time in map(C.KillTime, pairs):
        assert not C.is_legal(state, kill_time)
        with pytest.raises(IllegalMoveError, match="is not legal here"):
            C.apply(state, kill_time)


def test_artifaxx_recycles():  # C-ARTIFAXX-5, C-DECK-2
    state = setup(2, hands=[["ART-REX"], []], variant="artifaxx", draw_pile=["ART-LIVE-STEGOSAURUS"])
    state = turn(state, 'play "Rex"', drawn="ART-LIVE-STEGOSAURUS")
    assert state.discard_pile == ()
    assert state.draw_pile_size() > 0


# ------------------------------------------------------------------ Solonauts


def solo(**options):
    state = C.new_game(options, variant="solonauts")
    while C.current_player(state) is CHANCE:
        state = C.apply(state, C.chance_outcomes(state)[0][0])
    return state


def test_solonauts_setup():  # C-SOLO-1, C-SOLO-2, C-SOLO-3, C-CHANCE-5
    state = C.new_game(variant="solonauts")
    assert state.players == 1
    assert len(C.chance_outcomes(state)) == 14
    state = solo()
    kinds = Counter(state.cards.play_cards[c].kind for c in state.hands[0])
    assert sum(state.draw_pile) + len(state.hands[0]) == 41
    assert set(kinds) <= {"patch", "inverter"}
    assert len(state.solo_ids) == 8
    assert len(state.hands[0]) == 5
    assert isinstance(state.stack[-1], SoloStep)
    assert C.current_player(state) == 0
    assert len(solo(solonauts_identity_count=6).solo_ids) == 6


def test_solonauts_step_no_bonus_and_refill():  # C-SOLO-4, C-RULING-30
    state = solo()
    patch_free = [
        m
        for m in C.legal_moves(state)
        if isinstance(m, C.Play) and state.cards.play_cards[m.card].kind == "inverter"
    ]
    assert any(isinstance(m, C.Discard) for m in C.legal_moves(state))
    state = C.apply(state, patch_free[0])
    assert C.current_player(state) is CHANCE  # draw back up to five
    state = C.apply(state, C.chance_outcomes(state)[0][0])
    assert len(state.hands[0]) == 5


def test_solonauts_patch_gives_no_bonus():  # C-SOLO-4
    state = setup(1, hands=[["P-1868", "INV-SABOTAGE"]], variant="solonauts", draw_pile=[])
    state = evolve_timeline(state, "Lincoln")
    state = move(state, "patch 1868")
    assert state.hands[0] == ("INV-SABOTAGE",)
    assert state.status[0] == "P-1868"


def test_solonauts_patch_draws_no_bonus_card_from_a_full_pile():  # C-SOLO-4, C-SOLO-5
    state = setup(1, hands=[["P-1868", "INV-SABOTAGE"]], variant="solonauts")
    state = move(evolve_timeline(state, "Lincoln"), "patch 1868")
    assert state.hands == (("INV-SABOTAGE",),)
    assert state.stack[-2:] == (SoloTurn(), DrawCards(0, 4))  # only the refill up to five, no bonus draw


def test_solonauts_going_home_is_permanent():  # C-SOLO-5, C-SOLO-6, C-RULING-30, C-WIN-3
    state = setup(1, hands=[["P-1868", "INV-RESTORE-HISTORY"]], variant="solonauts", draw_pile=[])
    state = attrs_evolve_solo(state, ("ID-02", "ID-03"))
    state = evolve_timeline(state, "Lincoln", "ManhattanProject")
    assert C.current_player(state) == 0
    state = move(state, 'discard "Abraham Lincoln Impeached"')
    assert state.home_row == ()
    state = setup(1, hands=[["P-1991", "P-1995", "INV-RESTORE-HISTORY"]], variant="solonauts", draw_pile=[])
    state = attrs_evolve_solo(state, ("ID-03", "ID-02"))
    state = evolve_timeline(state, "Reagan", "Waco")
    state = move(state, "patch 1991")
    state = move(state, "patch 1995")
    assert state.home_row == ("ID-03",)  # Renee: 1868, 1991', 1995'
    assert not C.is_terminal(state)
    state = move(state, 'play "Restore History" 1981')
    assert state.home_row == ("ID-03",)  # stays home
    assert C.is_terminal(state)
    assert state.result.winner is None


def test_solonauts_home_can_be_lost_when_not_permanent():  # C-RULING-30 (solonauts_home_permanent=False)
    hand = ["P-1991", "P-1995", "INV-RESTORE-HISTORY"]
    state = setup(1, hands=[hand], variant="solonauts", draw_pile=[], solonauts_home_permanent=False)
    state = attrs_evolve_solo(state, ("ID-03", "ID-02"))
    state = evolve_timeline(state, "Reagan", "Waco")
    state = move(move(state, "patch 1991"), "patch 1995")
    assert state.home_row == ("ID-03",)
    assert state.solo_ids == ("ID-02",)
    assert state.log[-1].text == "Renee (ID-03) gets home"
    before = len(state.log)
    state = move(state, 'play "Restore History" 1981')  # 1991 is restored: Renee no longer reads home
    assert state.home_row == ()
    assert state.solo_ids == ("ID-02", "ID-03")
    assert [e.text for e in state.log[before:]] == [
        "P0 plays Restore History on 1981 (Reagan)",
        "1981 now shows Reagan Wounded",
        "1991 is restored; Communism Re-invents Itself is removed",
        "Renee is no longer home",
        "no cards are left and some characters are not home: Solonauts is lost",
    ]


def attrs_evolve_solo(state, ids):
    import attrs

    others = frozenset(i.id for i in state.cards.identities) - set(ids)
    return attrs.evolve(state, solo_ids=tuple(ids), id_pile=others)


def test_solonauts_win_and_loss():  # C-SOLO-6, C-SOLO-8, C-DECK-5, C-SOLO-7, C-LOSE-4
    state = setup(1, hands=[["P-1991", "P-1995"]], variant="solonauts", draw_pile=[])
    state = attrs_evolve_solo(state, ("ID-03",))
    state = evolve_timeline(state, "Reagan", "Waco")
    state = move(move(state, "patch 1991"), "patch 1995")
    assert C.is_terminal(state)
    assert state.result.winner == 0
    assert state.log[-1].text == "every character is home: Solonauts is won"
    assert C.returns(state) == (1.0,)
    assert C.outcome(state)["win_type"] == "all_home"
    state = setup(1, hands=[["INV-SABOTAGE"]], variant="solonauts", draw_pile=[])
    state = attrs_evolve_solo(state, ("ID-03",))
    assert state.discard_pile  # cards that were discarded are never recycled
    state = move(state, 'discard "Sabotage"')
    assert C.is_terminal(state)
    assert state.result.conditions == ("out_of_cards",)
    assert C.returns(state) == (-1.0,)
    assert C.is_terminal(finished_playout(C, 3, initial=C.new_game(variant="solonauts")).final)


def test_solonauts_everything_public_but_the_draw_pile():  # C-VIEW-7
    state = solo()
    view = C.observation(state, None)
    assert view.hand == state.hands[0]
    assert view.solo_ids == state.solo_ids
    assert "draw_pile" in C.view_to_json(view)
    assert view.draw_pile == ()


def test_solonauts_patches_only_discards():  # C-RULING-30
    state = setup(
        1,
        hands=[["P-1868", "INV-SABOTAGE"]],
        variant="solonauts",
        draw_pile=[],
        solonauts_discard_policy="patches_only",
    )
    discards = {m for m in C.legal_moves(state) if isinstance(m, C.Discard)}
    assert discards == {C.Discard("P-1868")}


def test_solonauts_patches_only_discards_anything_when_stuck():  # C-RULING-30, C-SOLO-4
    state = setup(1, hands=[[RH]], variant="solonauts", solonauts_discard_policy="patches_only")
    assert C.legal_moves(state) == (C.Discard(RH),)  # no patch, no play: any card may go


def test_solonauts_patches_only_keeps_other_cards_when_something_else_is_possible():  # C-RULING-30
    def discards(hand):
        state = setup(1, hands=[hand], variant="solonauts", solonauts_discard_policy="patches_only")
        return [m for m in C.legal_moves(state) if isinstance(m, C.Discard)]

    assert discards([RF]) == []  # Reverse Fate can be played: no discard at all
    assert discards([RF, "P-1868"]) == [C.Discard("P-1868")]
    assert discards(["P-1868", RH]) == [C.Discard("P-1868")]  # nothing to play, but a patch to discard


def test_solonauts_window_of_ones_own_card():  # C-RULING-34, C-SOLO-4: the window is the solo step's
    state = setup(1, hands=[["P-1868", "INV-SABOTAGE"]], variant="solonauts", memo_self_target=True)
    state = move(evolve_timeline(state, "Lincoln"), "patch 1868")
    assert state.stack[-1] == Window(
        owner=0, play=C.Play("P-1868"), origin="hand", step="solo", eligible=(0,), index=0, passes=0
    )
    assert C.legal_moves(state) == (C.Pass(),)
    assert C.from_json(C.to_json(state)) == state
    # the window closes: the patch stands, and still no bonus card (C-SOLO-4), only the refill
    after = move(state, "pass")
    assert after.hands == (("INV-SABOTAGE",),)
    assert after.stack[-2:] == (SoloTurn(), DrawCards(0, 4))


def test_solonauts_discards_in_deck_order():  # C-SOLO-4: the order of the legal moves is part of the API
    state = setup(1, hands=[[RH, RF]], variant="solonauts")
    assert [m for m in C.legal_moves(state) if isinstance(m, C.Discard)] == [C.Discard(RF), C.Discard(RH)]
    assert isinstance(C.legal_moves(state)[0], C.Play)  # the plays first


def test_ultraparadox_display_hint_is_not_engine_state():  # C-ANOM-10
    state = setup(2, hands=[["P-1962"], []])
    state = draw(settle(move(draw(evolve_timeline(state, "Sputnik")), "patch 1962")))
    view = C.observation(state, 0)
    assert view.ultraparadox
    assert [y for y, _ in view.ripplepoints][-1] == 1999
    assert idle(state).ultraparadox()


def test_solonauts_counts_one_turn_at_a_time():  # C-SOLO-6
    """Each Solonauts turn adds one to the turn count, and only a turn's start changes it."""
    for seed in range(3):
        states = list(finished_playout(C, seed, initial=C.new_game(variant="solonauts")).states(C))
        turns = [s.turn for s in states]
        assert all(b - a in (0, 1) for a, b in itertools.pairwise(turns))
        assert turns[-1] >= 3
