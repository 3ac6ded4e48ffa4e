"""The rulebook's "saving JFK" example and every worked example of the spec (§24, E1-E9)."""

from __future__ import annotations

from fractions import Fraction

from tabletop_rules import chrononauts as C
from tabletop_rules.core import IllegalMoveError

from .helpers import draw, evolve_timeline, idle, move, open_years, settle, setup, status, turn

PA = "INV-PREVENT-ASSASSINATION"
RH = "INV-RESTORE-HISTORY"
RF = "INV-REVERSE-FATE"


def test_rulebook_saving_jfk():  # C-TL-4, C-TL-5, C-TL-6, C-INV-1, C-TL-1
    state = setup(2, hands=[[PA], [PA]])
    state = turn(state, 'play "Prevent Assassination" 1963')
    assert open_years(state) == [1968, 1969]  # 1968 single, 1969 OR; 1974 (AND) not yet
    assert status(state, 1974) == C.TRUE
    state = turn(state, 'play "Prevent Assassination" 1865')
    assert open_years(state) == [1868, 1968, 1969, 1974]


def test_e1_saving_jfk_with_patch_and_restore():  # E1: C-PATCH-4, C-PATCH-6, C-RULING-3, C-TL-3
    state = setup(3, hands=[[PA, RH], [PA], ["P-1974"]])
    state = turn(state, 'play "Prevent Assassination" 1963')
    assert open_years(state) == [1968, 1969]
    state = turn(state, 'play "Prevent Assassination" 1865')
    assert open_years(state) == [1868, 1968, 1969, 1974]
    state = settle(move(draw(state), "patch 1974"))
    assert len(state.hands[2]) == 1  # 1 + draw - patch; the bonus draw is pending
    state = draw(state, "TW-REWIND")  # C-PATCH-4 bonus draw
    assert len(state.hands[2]) == 2
    assert open_years(state) == [1868, 1968, 1969]
    assert status(state, 1974) == "P-1974"
    state = turn(state, 'play "Restore History" 1865')
    assert open_years(state) == [1968, 1969]
    assert status(state, 1974) == C.TRUE
    assert status(state, 1868) == C.TRUE
    assert state.discard_pile[-2:] == (RH, "P-1974")  # the inverter is discarded first (C-PLAY-5)


def test_e2_nexus_unstable_patches():  # E2: C-ANOM-1, C-ANOM-2, C-ANOM-3, C-PATCH-5, C-PATCH-3
    state = setup(2, hands=[[RF, "P-1945-A", "P-1945-B"], [RF, RH]])
    state = turn(state, 'play "Reverse Fate" 1943')
    assert open_years(state) == [1945, 1962]
    state = turn(state, 'play "Reverse Fate" 1936')  # P1 flips Hitler before the patch
    state = settle(move(draw(state), 'patch 1945 "Allied Troops Invade Tokyo"'))
    state = draw(state)
    assert status(state, 1945) == "P-1945-A"
    assert open_years(state) == [1939, 1942, 1948, 1962]
    assert status(state, 1944) == C.TRUE  # AND with Pearl Harbor still true
    state = turn(state, 'play "Restore History" 1943')
    assert open_years(state) == [1939, 1942, 1945, 1948]  # nullified while 1945 stays paradoxed
    assert "P-1945-A" in state.discard_pile
    state = draw(state)
    legal = {C.move_to_str(state, m) for m in C.legal_moves(state)}
    assert 'patch 1945 "1945 Nexus Patch (unpublished title) B"' in legal
    assert not any("Allied Troops" in m for m in legal)


def test_e3_ultraparadox():  # E3: C-ANOM-4, C-ANOM-5, C-ANOM-6, C-ANOM-7, C-ANOM-9, C-STATE-7
    sab, gtf = "INV-SABOTAGE", "ACT-GET-THERE-FIRST"
    hands = [[sab, "P-1962", PA, "P-1969", "ART-SPORTS-ALMANAC", "ART-CURE-FOR-CANCER", gtf, RH], []]
    state = setup(2, hands=hands, tableaux=[[], ["ART-REX"]])
    state = turn(state, 'play "Sabotage" 1957')
    assert open_years(state) == [1962, 1969]
    state = idle(state)
    assert not state.ultraparadox()  # C-ANOM-4: an open 1962 is an ordinary paradox
    state = settle(move(draw(state), "patch 1962"))
    state = draw(state)
    assert state.ultraparadox()
    assert open_years(state) == [1969]
    state = idle(state)
    state = draw(state)
    plays = {C.move_to_str(state, m) for m in C.legal_moves(state)}
    assert 'play "Prevent Assassination" 1963' not in plays
    assert 'play "Prevent Assassination" 1865' in plays
    assert "patch 1969" not in plays
    assert 'play "Sports Almanac"' not in plays
    assert 'play "Cure for Cancer"' not in plays
    assert 'play "Get There First" "Rex"' in plays
    state = settle(move(state, 'play "Restore History" 1957'))
    assert not state.ultraparadox()
    assert open_years(state) == []
    assert "P-1962" in state.discard_pile


def test_e3_going_home_under_the_ultraparadox():  # E3 step 4: C-ANOM-8, C-RULING-12, C-WIN-3
    state = setup(2, hands=[["P-1868", "P-1962"], []], ids=["ID-02", "ID-01"])
    state = evolve_timeline(state, "Lincoln", "Sputnik", "JFK")
    state = settle(move(draw(state), "patch 1868"))
    state = draw(state)
    assert C.is_terminal(state) is False
    state = idle(state)
    state = settle(move(draw(state), "patch 1962"))
    state = draw(state)
    assert state.ultraparadox()
    assert C.is_terminal(state)
    assert state.result.winner == 0
    assert "id" in state.result.conditions


def test_e4_thirteenth_paradox():  # E4: C-LOSE-1, C-LOSE-3, C-RULING-10, C-TL-8
    state = setup(2, hands=[[RF] * 5, [RF] * 4])
    counts = []
    for year in (1936, 1941, 1912, 1915, 1914, 1865, 1937, 1993):
        state = turn(state, f'play "Reverse Fate" {year}')
        counts.append(state.open_paradoxes())
    assert counts == [4, 5, 7, 8, 9, 10, 11, 12]
    state = turn(state, 'play "Reverse Fate" 1957')
    assert C.is_terminal(state)
    assert state.open_paradoxes() == 14
    assert state.result.winner is None
    assert C.returns(state) == (-1.0, -1.0)


def test_e5_memo_chain():  # E5: C-MEMO-3, C-MEMO-5, C-RULING-6, C-MEMO-1
    memo, avert = "TW-MEMO", "INV-AVERT-DISASTER"
    state = setup(3, hands=[[avert, memo], [], [memo]])
    state = move(draw(state), 'play "Avert Disaster" 1912')
    assert C.current_player(state) == 1
    state = move(state, "pass")
    assert C.current_player(state) == 2
    state = move(state, "memo")  # C plays M1
    assert C.current_player(state) == 0
    state = move(state, "memo")  # A plays M2 against M1
    state = move(move(state, "pass"), "pass")  # B and C let M2 stand
    assert C.current_player(state) == 1  # back in the first window, passes reset
    state = move(move(state, "pass"), "pass")
    assert open_years(state) == [1929, 1933]
    assert state.discard_pile[-3:] == (memo, memo, avert)
    assert [e.text for e in state.log].index("turn 2: P1") > 0  # that was A's play: A's turn is over
    assert state.turn == 2
    assert state.active == 1


def test_e6_fast_forward_and_memo():  # E6: C-MEMO-7, C-TW-2, C-RULING-15
    ff = "TW-FAST-FORWARD"
    state = setup(2, hands=[[ff], ["TW-MEMO"]], fast_forward_mode="draw2_play2")
    state = settle(move(draw(state), 'play "Fast Forward"'))
    state = draw(draw(state, "ART-REX"), "ART-LIVE-STEGOSAURUS")
    state = move(state, 'play "Rex"')
    state = move(state, "memo")
    state = settle(state)
    assert "ART-REX" in state.discard_pile
    assert state.tableaux[0] == ()
    assert C.current_player(state) == 0  # the second play is still due
    state = settle(move(state, 'play "Live Stegosaurus"'))
    assert state.tableaux[0] == ("ART-LIVE-STEGOSAURUS",)


def test_e7_identity_win():  # E7: C-WIN-3, C-WIN-1, C-RULING-2
    state = setup(2, hands=[["INV-AVERT-DISASTER", "P-1917", PA, PA, "P-1974"], []], ids=["ID-01", "ID-05"])
    state = turn(state, 'play "Avert Disaster" 1915')
    assert open_years(state) == [1917, 1933]
    state = idle(state)
    state = draw(settle(move(draw(state), "patch 1917")))
    state = idle(state)
    state = turn(state, 'play "Prevent Assassination" 1865')
    state = idle(state)
    state = turn(state, 'play "Prevent Assassination" 1963')
    assert open_years(state) == [1868, 1933, 1968, 1969, 1974]
    assert not C.is_terminal(state)
    state = idle(state)
    state = draw(settle(move(draw(state), "patch 1974")))
    assert C.is_terminal(state)
    assert state.result.winner == 0
    assert state.result.conditions == ("id",)


def test_e7_open_year_blocks_going_home():  # E7 last line: C-WIN-3
    state = setup(2, hands=[[PA, "P-1974"], []], ids=["ID-01", "ID-05"])
    state = evolve_timeline(state, "Lusitania", "Lincoln", "JFK")
    state = draw(settle(move(draw(state), "patch 1974")))
    assert status(state, 1917) == C.OPEN
    assert not C.is_terminal(state)


def test_e8_hand_size():  # E8: C-WIN-4, C-RULING-35
    nine = ["INV-REVERSE-FATE"] * 8 + ["ART-REX"]
    state = setup(2, hands=[nine, []])
    state = turn(state, 'play "Rex"')
    assert not C.is_terminal(state)
    assert len(state.hands[0]) == 9
    state = setup(2, hands=[[*nine[:8], "P-1868"], []])
    state = evolve_timeline(state, "Lincoln")
    state = draw(settle(move(draw(state), "patch 1868")))
    assert C.is_terminal(state)
    assert state.result.conditions == ("hand_size",)


def test_e9_draw_probabilities():  # E9: C-CHANCE-2, C-CHANCE-3, C-SETUP-4
    state = C.new_game(players=2)
    while not isinstance(state.stack[-1], C.frames.DrawCards):
        state = C.apply(state, C.chance_outcomes(state)[0][0])
    outcomes = dict(C.chance_outcomes(state))
    assert outcomes[C.Draw(RF)] == Fraction(9, 80)
    assert sum(outcomes.values()) == 1
    for card in (RF, RF, "TW-REWIND"):
        state = C.apply(state, C.Draw(card))
    outcomes = dict(C.chance_outcomes(state))
    assert outcomes[C.Draw(RF)] == Fraction(7, 77)
    assert state.hands[0] == tuple(sorted((RF, RF, "TW-REWIND")))


def test_illegal_play_is_rejected_and_state_unchanged():  # C-PLAY-1, C-INV-4
    state = draw(setup(2, hands=[["INV-AVERT-DISASTER"], []]))
    state = evolve_timeline(state, "Titanic")
    text = C.to_json(state)
    try:
        C.apply(state, C.Play("INV-AVERT-DISASTER", "Titanic"))  # never works in reverse
    except IllegalMoveError:
        pass
    else:  # pragma: no cover
        raise AssertionError("Avert Disaster flipped a disaster back")
    assert C.to_json(state) == text
