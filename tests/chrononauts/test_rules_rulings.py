"""Rulings that change play, tested with their non-default settings (§21)."""

from __future__ import annotations

import json

import attrs
import pytest

from tabletop_rules import chrononauts as C
from tabletop_rules.chrononauts.context import make_context
from tabletop_rules.chrononauts.engine import Engine
from tabletop_rules.chrononauts.frames import DrawCards, PlayStep
from tabletop_rules.core import CHANCE

from .helpers import draw, evolve_timeline, idle, move, open_years, settle, setup, status, turn

RF = "INV-REVERSE-FATE"


def plays(state):
    return {C.move_to_str(state, m) for m in C.legal_moves(state) if isinstance(m, C.Play)}


def test_operator_override():  # C-RULING-1
    state = evolve_timeline(setup(2, hands=[["P-1974"], []], ripple_operator_overrides={1974: "or"}), "JFK")
    assert 1974 in open_years(state)  # saving JFK alone now changes 1974
    assert "patch 1974" in plays(draw(state))  # its ordinary patch follows the override


def _custom(change):
    data = json.loads(C.default_cards().data_text)
    change(data)
    return C.cards_from_dict(data)


def test_any_patch_reads_as_home():  # C-RULING-2
    def change(data):
        home = next(r for r in data["identities"] if r["id"] == "ID-01")["home"]
        home[2] = {"year": 1945, "state": "patched", "patch": "P-1945-A"}

    cards = _custom(change)
    for match, readable in (("specific_patch", False), ("any_patch", True)):
        state = setup(2, cards=cards, ids=["ID-01", "ID-02"], id_patched_match=match)
        work = Engine(evolve_timeline(state, "Lusitania", "Hitler"))
        work.status[state.cards.ripple_index[1917]] = "P-1917"
        work.status[state.cards.ripple_index[1945]] = "P-1945-B"
        assert work.readable(cards.by_id["ID-01"]) is readable


def test_removed_patches_out_of_game():  # C-RULING-3
    state = setup(2, hands=[["P-1968"], [RF]], nullified_patch_destination="out_of_game")
    state = draw(settle(move(draw(evolve_timeline(state, "JFK")), "patch 1968")))
    state = turn(state, 'play "Reverse Fate" 1963')
    assert state.out_of_game == ("P-1968",)
    assert "P-1968" not in state.discard_pile


def test_mona_lisa_ties_count_when_configured():  # C-RULING-5
    def change(data):
        next(r for r in data["artifacts"] if r["id"] == "ART-MONA-LISA-FORGERY-GOOD")["mona_lisa_rank"] = 3

    cards = _custom(change)
    table = [["ART-MONA-LISA-FORGERY-GOOD", "ART-REX", "ART-PLACEHOLDER-12"], ["ART-MONA-LISA-REAL"]]
    missions = ["MIS-MONA-AND-THE-DINOSAUR", "MIS-PLACEHOLDER-05"]
    for policy, done in (("not_most_convincing", False), ("all_tied_count", True)):
        state = setup(2, cards=cards, tableaux=table, missions=missions, mona_lisa_tie_policy=policy)
        assert Engine(state).mission_done(0) is done


def test_memo_cannot_counter_memo():  # C-RULING-6 (memo_can_counter_memo=False)
    state = setup(3, hands=[["ART-REX", "TW-MEMO"], ["TW-MEMO"], []], memo_can_counter_memo=False)
    state = move(move(draw(state), 'play "Rex"'), "memo")
    assert C.current_player(state) is not None
    assert not any(isinstance(m, C.Memo) for m in C.legal_moves(state))
    assert state.discard_pile == ("ART-REX", "TW-MEMO")
    assert [e.text for e in state.log][-2] == "Rex is cancelled by P1's Memo"  # the Memo's owner named


def test_memo_polls_only_holders_when_configured():  # C-RULING-6 (memo_poll_all_players=False)
    state = setup(3, hands=[["ART-REX"], [], []], memo_poll_all_players=False)
    state = move(draw(state), 'play "Rex"')
    assert state.tableaux[0] == ("ART-REX",)  # no one holds a Memo: the window closed at once


def test_patch_without_playable_if():  # C-RULING-8
    state = setup(2, hands=[["P-1945-A"], []], patch_requires_playable_if=False)
    state = draw(evolve_timeline(state, "Hitler"))
    assert 'patch 1945 "Allied Troops Invade Tokyo"' in plays(state)
    state = settle(move(state, 'patch 1945 "Allied Troops Invade Tokyo"'))
    assert isinstance(state.stack[-1], DrawCards)  # the bonus card is drawn first
    state = draw(state)
    assert status(state, 1945) == C.OPEN
    assert "P-1945-A" in state.discard_pile


def test_patch_replacement_on_1945():  # C-RULING-9
    state = setup(2, hands=[["P-1945-A", "P-1945-B"], []], allow_patch_replacement=True)
    state = draw(evolve_timeline(state, "Hitler", "ManhattanProject"))
    state = draw(idle(draw(settle(move(state, 'patch 1945 "Allied Troops Invade Tokyo"')))))
    assert 'patch 1945 "1945 Nexus Patch (unpublished title) B"' in plays(state)
    state = draw(settle(move(state, 'patch 1945 "1945 Nexus Patch (unpublished title) B"')))
    assert status(state, 1945) == "P-1945-B"
    assert "P-1945-A" in state.discard_pile


def test_paradox_limit_option():  # C-RULING-10
    state = turn(setup(2, hands=[[RF], []], paradox_limit=4), 'play "Reverse Fate" 1936')
    assert C.is_terminal(state)
    assert state.open_paradoxes() == 4


def test_ultraparadox_options():  # C-RULING-11, C-RULING-13
    hands = [["INV-PREVENT-ASSASSINATION", "P-1969", "ACT-GET-THERE-FIRST"], []]
    base = evolve_timeline(setup(2, hands=hands, tableaux=[[], ["ART-SPORTS-ALMANAC"]]), "Sputnik")
    work = Engine(base)
    work.status[base.cards.ripple_index[1962]] = "P-1962"
    work.draw[base.cards.deck_index["P-1962"]] -= 1
    state = draw(work.freeze())
    assert state.ultraparadox()
    assert 'play "Get There First" "Sports Almanac"' not in plays(state)
    assert "patch 1969" not in plays(state)
    assert 'play "Prevent Assassination" 1963' not in plays(state)
    loose_config = attrs.evolve(
        state.options, ultraparadox_blocks_post_1962_plays=False, ultraparadox_blocks_artifact_moves=False
    )
    loose = attrs.evolve(state, ctx=make_context(state.cards, loose_config, 2))
    assert "patch 1969" in plays(loose)
    assert 'play "Prevent Assassination" 1963' in plays(loose)
    assert 'play "Get There First" "Sports Almanac"' in plays(loose)


def test_ultraparadox_harvest_of_a_blocked_artifact():  # C-RULING-13, C-RULING-16, C-ANOM-7, C-TW-3
    def rewind_during_the_ultraparadox(**options):
        state = setup(2, hands=[["TW-REWIND"], []], discard=["ART-SPORTS-ALMANAC"], **options)
        work = Engine(evolve_timeline(state, "Sputnik"))
        work.status[state.cards.ripple_index[1962]] = "P-1962"
        work.draw[state.cards.deck_index["P-1962"]] -= 1
        state = draw(work.freeze())
        assert state.ultraparadox()
        return state

    blocked = rewind_during_the_ultraparadox()  # the only card to take is blocked: no Rewind
    assert 'play "Rewind"' not in plays(blocked)
    loose = rewind_during_the_ultraparadox(ultraparadox_blocks_artifact_moves=False)
    assert 'play "Rewind"' in plays(loose)  # a harvested Artifact may be played despite the UltraParadox
    state = settle(move(loose, 'play "Rewind"'))
    assert C.legal_moves(state) == (C.Play("ART-SPORTS-ALMANAC"),)
    state = settle(move(state, 'play "Sports Almanac"'))
    assert state.tableaux[0] == ("ART-SPORTS-ALMANAC",)


def test_ultraparadox_frozen_ripples():  # C-RULING-11 ("frozen")
    state = setup(2, hands=[["P-1962", "INV-RESTORE-HISTORY"], [RF]], ultraparadox_post_1962_ripples="frozen")
    state = evolve_timeline(state, "Sputnik", "JFK")
    state = draw(settle(move(draw(state), "patch 1962")))
    assert state.ultraparadox()
    state = turn(state, 'play "Reverse Fate" 1865')
    assert status(state, 1868) == C.OPEN
    assert status(state, 1974) == C.TRUE  # frozen while the UltraParadox lasts
    C.validate(state)
    state = turn(state, 'play "Restore History" 1957')
    assert not state.ultraparadox()
    assert status(state, 1974) == C.OPEN


def test_ultraparadox_cutoff_and_exemption():  # C-RULING-12
    state = setup(
        2,
        hands=[["P-1868", "P-1962"], []],
        ids=["ID-02", "ID-01"],
        honor_ultraparadox_exempt=True,
        ultraparadox_id_cutoff_year=1900,
    )
    state = evolve_timeline(state, "Lincoln", "Sputnik")
    state = idle(draw(settle(move(draw(state), "patch 1868"))))
    state = draw(settle(move(draw(state), "patch 1962")))
    assert C.is_terminal(state)  # the cockroach is exempt
    state = setup(
        2,
        hands=[["P-1868", "P-1962"], []],
        ids=["ID-02", "ID-01"],
        honor_ultraparadox_exempt=False,
        ultraparadox_id_cutoff_year=1900,
    )
    state = evolve_timeline(state, "Lincoln", "Sputnik")
    state = idle(draw(settle(move(draw(state), "patch 1868"))))
    state = draw(settle(move(draw(state), "patch 1962")))
    assert not C.is_terminal(state)  # 1948 is after the cutoff of 1900


def test_ultraparadox_rewind_with_only_a_blocked_artifact_takes_nothing():  # C-RULING-13, C-RULING-16
    """Rewind may be played without a card to take (harvest_requires_legal_target=False); during the
    UltraParadox a blocked Artifact is no card to take, so the effect ends with nothing taken."""
    state = setup(
        2, hands=[["TW-REWIND"], []], discard=["ART-SPORTS-ALMANAC"], harvest_requires_legal_target=False
    )
    work = Engine(evolve_timeline(state, "Sputnik"))
    work.status[state.cards.ripple_index[1962]] = "P-1962"
    work.draw[state.cards.deck_index["P-1962"]] -= 1
    state = draw(work.freeze())
    assert state.ultraparadox()
    state = settle(move(state, 'play "Rewind"'))
    assert "there is nothing to take" in [e.text for e in state.log]
    assert state.active == 1
    assert state.discard_pile[-1] == "TW-REWIND"


def test_a_play_cancelled_in_a_miracle_gives_back_the_miracles_play_step():  # C-RULING-14, C-ACT-4
    state = setup(
        2, hands=[["ACT-MIRACLE-FUTURE"], ["TW-MEMO"]], tableaux=[["ART-REX"], []], memo_consumes_play=False
    )
    state = settle(move(draw(state), 'play "Perform a \\"Miracle\\" (Future Wisdom)" "Rex"'))
    state = draw(draw(state, "ART-LIVE-STEGOSAURUS"), "TW-MEMO")
    state = move(move(move(state, 'play "Live Stegosaurus"'), "memo"), "pass")  # P0 lets the Memo stand
    assert state.stack[-1] == PlayStep(0, "miracle")  # the Miracle's play again, then its discard
    assert C.legal_moves(state) == (C.Discard("TW-MEMO"),)


def test_cancelled_play_can_be_replayed():  # C-RULING-14 (memo_consumes_play=False)
    state = setup(2, hands=[["ART-REX", "ART-LIVE-STEGOSAURUS"], ["TW-MEMO"]], memo_consumes_play=False)
    state = settle(move(move(draw(state), 'play "Rex"'), "memo"))
    assert state.stack[-1] == PlayStep(0, "turn")  # the turn's play again
    assert state.active == 0


def test_harvest_without_legal_target_requirement():  # C-RULING-16
    state = setup(
        2, hands=[["TW-REWIND"], []], discard=["INV-RESTORE-HISTORY"], harvest_requires_legal_target=False
    )
    state = settle(move(draw(state), 'play "Rewind"'))
    assert state.active == 1
    assert "there is nothing to take" in [e.text for e in state.log]


def test_quick_trip_recycles_when_configured():  # C-RULING-16
    state = setup(2, hands=[["TW-QUICK-TRIP"], []], draw_pile=["TW-MEMO"], quick_trip_recycle_if_empty=True)
    state = draw(state, "TW-MEMO")
    assert 'play "Quick Trip to the Future"' in plays(state)
    discarded = set(state.discard_pile)
    state = settle(move(state, 'play "Quick Trip to the Future"'))
    assert {m.card for m in C.legal_moves(state)} <= discarded  # it searches the discard pile
    state = move(state, C.move_to_str(state, C.legal_moves(state)[0]))
    assert state.draw_pile_size() > 0  # recycled for the search


def test_quick_trip_searches_a_draw_pile_that_has_cards_even_when_recycling_is_allowed():  # C-RULING-16
    state = setup(
        2,
        hands=[["TW-QUICK-TRIP"], []],
        draw_pile=["TW-MEMO", "ART-REX", "INV-RESTORE-HISTORY"],
        quick_trip_recycle_if_empty=True,
    )
    state = draw(state, "TW-MEMO")
    discarded = state.discard_pile
    state = settle(move(state, 'play "Quick Trip to the Future"'))
    assert {m.card for m in C.legal_moves(state)} <= {"ART-REX", "INV-RESTORE-HISTORY"}  # the draw pile
    state = move(state, C.move_to_str(state, C.legal_moves(state)[0]))
    assert state.discard_pile[: len(discarded)] == discarded  # nothing recycled: the pile had cards


def test_sell_from_hand():  # C-RULING-17
    state = draw(
        setup(2, hands=[["ACT-SELL-AN-ARTIFACT", "ART-REX"], []], sell_artifact_source="table_or_hand")
    )
    assert 'play "Sell an Artifact" "Rex"' in plays(state)
    state = draw(
        setup(
            2,
            hands=[["ACT-SELL-AN-ARTIFACT", "ART-REX"], []],
            tableaux=[["ART-LIVE-STEGOSAURUS"], []],
            sell_artifact_source="table_or_hand",
        ),
        "ART-PLACEHOLDER-15",
    )
    sells = [
        m.target for m in C.legal_moves(state) if isinstance(m, C.Play) and m.card == "ACT-SELL-AN-ARTIFACT"
    ]
    assert sells == ["ART-LIVE-STEGOSAURUS", "ART-PLACEHOLDER-15", "ART-REX"]  # face up first, then the hand


def test_get_there_first_disabled():  # C-RULING-18
    state = draw(
        setup(
            2,
            hands=[["ACT-GET-THERE-FIRST"], []],
            tableaux=[[], ["ART-REX"]],
            get_there_first_effect="disabled",
        )
    )
    assert not any("Get There" in t for t in plays(state))


def test_it_never_existed_opponents_only():  # C-RULING-19
    state = draw(
        setup(
            2,
            hands=[["ACT-IT-NEVER-EXISTED"], []],
            tableaux=[["ART-REX"], ["ART-LIVE-STEGOSAURUS"]],
            it_never_existed_scope="opponent_artifact",
        )
    )
    assert {t for t in plays(state) if "Never" in t} == {'play "It Never Existed" "Live Stegosaurus"'}


@pytest.mark.parametrize("direction", ["previous", "next"])
def test_discontinuity_fixed_direction(direction):  # C-RULING-20, C-ACT-5
    state = draw(
        setup(3, hands=[["ACT-DISCONTINUITY", "ART-REX"], [], ["TW-MEMO"]], discontinuity_direction=direction)
    )
    drawn = next(c for c in state.hands[0] if c not in ("ACT-DISCONTINUITY", "ART-REX"))
    announced = {m for m in C.legal_moves(state) if type(m) is C.Play and m.card == "ACT-DISCONTINUITY"}
    assert announced == {C.Play("ACT-DISCONTINUITY")}  # the ruling fixes the direction: no choice
    state = settle(move(state, 'play "Discontinuity"'))
    kept = tuple(sorted(("ART-REX", drawn)))
    if direction == "previous":
        assert state.hands == ((), ("TW-MEMO",), kept)
    else:
        assert state.hands == (("TW-MEMO",), kept, ())
    assert f"every hand passes to the {direction} player" in [e.text for e in state.log]


def test_new_mission_self_and_ypnm_other():  # C-RULING-21, C-RULING-22
    state = draw(
        setup(
            3,
            hands=[["ACT-NEW-MISSION", "ACT-YOUR-PARENTS-NEVER-MET"], []],
            new_mission_target="self",
            ypnm_target="other_player",
        )
    )
    assert {t for t in plays(state) if "Mission" in t} == {'play "New Mission" P0'}
    assert {t for t in plays(state) if "Parents" in t} == {
        'play "Your Parents Never Met" P1',
        'play "Your Parents Never Met" P2',
    }


def test_miracle_either_icon():  # C-RULING-23
    state = draw(
        setup(
            2,
            hands=[["ACT-MIRACLE-FUTURE"], []],
            tableaux=[["ART-ARK-OF-THE-COVENANT"], []],
            miracle_bonus_icons="either",
        )
    )
    state = settle(move(state, 'play "Perform a \\"Miracle\\" (Future Wisdom)" "Lost Ark of the Covenant"'))
    assert state.stack[-1] == DrawCards(0, 3)


def test_prevent_assassination_scope():  # C-RULING-24
    state = evolve_timeline(setup(2, hands=[["INV-PREVENT-ASSASSINATION"], []]), "Hitler")
    assert 'play "Prevent Assassination" 1936' not in plays(draw(state))
    state = evolve_timeline(
        setup(2, hands=[["INV-PREVENT-ASSASSINATION"], []], prevent_assassination_scope="all_assassinations"),
        "Hitler",
    )
    assert 'play "Prevent Assassination" 1936' in plays(draw(state))


def test_restore_history_scope():  # C-RULING-25
    state = evolve_timeline(setup(2, hands=[["INV-RESTORE-HISTORY"], []]), "Hitler", "Titanic")
    assert {t for t in plays(draw(state)) if "Restore" in t} == {
        'play "Restore History" 1936',
        'play "Restore History" 1912',
    }
    state = evolve_timeline(
        setup(2, hands=[["INV-RESTORE-HISTORY"], []], restore_history_scope="disasters_only"),
        "Hitler",
        "Titanic",
    )
    assert {t for t in plays(draw(state)) if "Restore" in t} == {'play "Restore History" 1912'}


def test_no_killing_time_in_effect_plays():  # C-RULING-26
    state = setup(
        2,
        hands=[["TW-FAST-FORWARD"], []],
        fast_forward_mode="draw2_play2",
        killing_time_in_effect_plays=False,
    )
    state = draw(draw(turn(state, 'play "Fast Forward"'), "ART-REX"), "TW-MEMO")
    assert C.Play("ART-REX") in C.legal_moves(state)
    assert not any(isinstance(m, C.KillTime) for m in C.legal_moves(state))


def test_reshuffle_goal_pile():  # C-RULING-28
    state = draw(
        setup(
            2,
            hands=[["ACT-NEW-MISSION"], []],
            missions=["MIS-PLACEHOLDER-05", "MIS-PLACEHOLDER-06"],
            goal_pile_model="reshuffle",
        )
    )
    state = settle(move(state, 'play "New Mission" P0'))
    assert C.Deal("MIS-PLACEHOLDER-05") in dict(C.chance_outcomes(state))  # it can come straight back


def test_two_mulligans():  # C-RULING-29
    state = C.new_game({"identity_mulligans": 2, "first_player": 0}, players=2)
    while C.current_player(state) is CHANCE:
        state = C.apply(state, C.chance_outcomes(state)[0][0])
    state = move(state, "mulligan")
    state = C.apply(state, C.chance_outcomes(state)[0][0])
    assert C.current_player(state) == 0
    assert C.parse_move(state, "mulligan") == C.Mulligan(True)


def test_time_vortex_restore_sizes():  # C-RULING-32
    state = draw(
        setup(3, hands=[["ACT-TIME-VORTEX"], ["TW-REWIND", RF], []], time_vortex_deal="restore_sizes"),
        "ART-REX",
    )
    state = settle(move(state, 'play "Time Vortex"'))
    for _ in range(3):
        state = C.apply(state, C.chance_outcomes(state)[0][0])
    assert [len(h) for h in state.hands] == [1, 2, 0]


def test_a_time_vortex_deals_to_the_next_seat_still_owed_a_card():  # C-RULING-32
    from tabletop_rules.chrononauts.frames import vortex_next

    assert vortex_next(4, 1, ()) == 1  # round robin: the seat it is asked about
    assert vortex_next(4, 1, (0, 0, 2, 1)) == 2  # the next seat owed a card, going round
    assert vortex_next(4, 3, (1, 0, 2, 0)) == 0
    assert vortex_next(4, 2, (1, 0, 0, 3)) == 3
    assert vortex_next(3, 0, (0, 0, 0)) == 0  # nobody is owed anything: the seat asked about


def test_memo_self_target():  # C-RULING-34
    state = setup(2, hands=[["ART-REX", "TW-MEMO"], []], memo_self_target=True)
    state = move(move(draw(state), 'play "Rex"'), "pass")
    assert C.current_player(state) == 0
    assert C.Memo("TW-MEMO") in C.legal_moves(state)


def test_hand_size_threshold_and_switch():  # C-RULING-35
    state = setup(2, hands=[["ART-REX", RF, RF], []], hand_size_win_threshold=3)
    assert C.is_terminal(turn(state, 'play "Rex"'))
    state = setup(2, hands=[["ART-REX", RF, RF], []], hand_size_win_threshold=3, hand_size_win_enabled=False)
    assert not C.is_terminal(turn(state, 'play "Rex"'))


def test_selling_a_mona_lisa_tied_for_top_rank_earns_no_bonus():  # C-ACT-3, C-RULING-5, C-RULING-17
    def change(data):
        next(r for r in data["artifacts"] if r["id"] == "ART-MONA-LISA-FORGERY-GOOD")["mona_lisa_rank"] = 3

    tied = _custom(change)
    table = [["ART-MONA-LISA-REAL"], ["ART-MONA-LISA-FORGERY-GOOD"]]
    for cards, policy, count in (
        (tied, "not_most_convincing", 2),  # "more real than any other" is strict: a tie earns nothing
        (tied, "all_tied_count", 3),
        (None, "not_most_convincing", 3),  # rank 3 against rank 2: the bonus
    ):
        hands = [["ACT-SELL-AN-ARTIFACT"], []]
        state = setup(2, cards=cards, hands=hands, tableaux=table, mona_lisa_tie_policy=policy)
        state = settle(move(draw(state), 'play "Sell an Artifact" "Mona Lisa (the real one)"'))
        C.validate(state)
        top = state.stack[-1]
        assert isinstance(top, DrawCards)
        assert (top.player, top.count, policy) == (0, count, policy)


def test_unstable_patch_not_offered_on_a_true_1945():  # C-PATCH-2, C-RULING-8, C-RULING-9
    options = {"allow_patch_replacement": True, "patch_requires_playable_if": False}
    state = draw(setup(2, hands=[["P-1945-A", "P-1945-B"], []], **options))
    assert status(state, 1945) == C.TRUE
    assert not any(p.startswith("patch 1945") for p in plays(state))  # 1945 is not a paradox
    state = draw(evolve_timeline(setup(2, hands=[["P-1945-A", "P-1945-B"], []], **options), "Hitler"))
    assert {p for p in plays(state) if p.startswith("patch 1945")} == {
        'patch 1945 "Allied Troops Invade Tokyo"',
        'patch 1945 "1945 Nexus Patch (unpublished title) B"',
    }
    state = draw(settle(move(state, 'patch 1945 "1945 Nexus Patch (unpublished title) B"')))
    state = draw(idle(state))
    # C-RULING-9 replacement: the other unstable patch may replace it
    assert {p for p in plays(state) if p.startswith("patch 1945")} == {
        'patch 1945 "Allied Troops Invade Tokyo"'
    }


def test_one_artifact_never_fills_two_mission_slots():  # C-WIN-2, C-RULING-33
    def change(data):
        mission = next(r for r in data["missions"] if r["id"] == "MIS-PLACEHOLDER-05")
        mission["requires"] = [
            {"type": "artifact", "artifact": "ART-REX"},
            {"type": "any_of", "artifacts": ["ART-REX", "ART-LIVE-STEGOSAURUS"]},
            {"type": "artifact", "artifact": "ART-PLACEHOLDER-14"},
        ]

    cards = _custom(change)
    missions = ["MIS-PLACEHOLDER-05", "MIS-PLACEHOLDER-06"]
    for tableau, done in (
        (["ART-REX", "ART-PLACEHOLDER-14", "ART-PLACEHOLDER-13"], False),  # Rex cannot count twice
        (["ART-REX", "ART-PLACEHOLDER-14", "ART-LIVE-STEGOSAURUS"], True),
        (["ART-LIVE-STEGOSAURUS", "ART-PLACEHOLDER-14", "ART-PLACEHOLDER-13"], False),
    ):
        state = setup(2, cards=cards, tableaux=[tableau, []], missions=missions)
        assert Engine(state).mission_done(0) is done
