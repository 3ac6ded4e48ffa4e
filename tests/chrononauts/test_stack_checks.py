"""stack_checks.py: `validate` accepts the frame stacks the engine builds and refuses the others, each
with its whole sentence.

The forgeries start from reachable states and change one thing; `tests/hostile/test_state_json.py`
has more of them (matched by a part of their sentence) and the property tests of REL-STATE-1..3.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from tabletop_rules import chrononauts as C
from tabletop_rules.chrononauts.context import make_context
from tabletop_rules.chrononauts.frames import (
    ChooseFirst,
    DealGoal,
    DeclareChoice,
    DrawCards,
    EndTurn,
    Harvest,
    MiracleDiscard,
    MiracleEnd,
    MulliganChoice,
    PlayStep,
    RippleCheck,
    SoloStep,
    SoloTurn,
    VortexDeal,
)
from tabletop_rules.core import CHANCE, InvalidStateError
from tabletop_rules.core.jsonio import brief

from .helpers import draw, evolve_timeline, move, settle, setup

PREFIX = "invalid Chrononauts state: "


def _refusal(state: C.State) -> str:
    """The sentence `validate` refuses ``state`` with, without the prefix every refusal has."""
    with pytest.raises(InvalidStateError) as refused:
        C.validate(state)
    text = str(refused.value)
    assert text.startswith(PREFIX), text
    return text.removeprefix(PREFIX)


def _stack(state: C.State, *frames: object, keep: int | None = None, **fields: Any) -> C.State:
    """``state`` with its stack cut to ``keep`` frames (all by default), then ``frames`` pushed on top."""
    stack = state.stack if keep is None else state.stack[:keep]
    return attrs.evolve(state, stack=(*stack, *frames), **fields)


def _retimed(state: C.State, **options: Any) -> C.State:
    """``state`` under other options."""
    ctx = make_context(state.cards, attrs.evolve(state.options, **options), state.players)
    return attrs.evolve(state, ctx=ctx)


def _deal_until(state: C.State, done: Callable[[C.State], bool]) -> C.State:
    while not done(state):
        state = C.apply(state, C.chance_outcomes(state)[0][0])
    return state


def _cards(change: Callable[[dict[str, Any]], None]) -> C.CardSet:
    data = json.loads(C.default_cards().data_text)
    change(data)
    return C.cards_from_dict(data)


# ------------------------------------------------------------------------------ the deal


def test_the_deal_keeps_new_games_order_below_its_top():  # C-SETUP-3, C-SETUP-4
    fresh = C.new_game(players=3)
    stack = list(fresh.stack)
    stack[1], stack[2] = stack[2], stack[1]  # two seats' setup draws swapped, the top frame as due
    assert stack[-1] == fresh.stack[-1]
    assert (
        _refusal(attrs.evolve(fresh, stack=tuple(stack)))
        == "the setup frames are not the deal of new_game, in its order (C-SETUP-3, C-SETUP-4)"
    )


def test_a_fixed_first_player_is_never_chosen_by_chance():  # C-SETUP-6, C-RULING-36
    state = C.new_game({"first_player": 1}, players=3)
    sizes = set()
    while C.current_player(state) is CHANCE and state.turn == 0:
        C.validate(state)  # every state of the deal, the last draws over ChooseFirst included
        sizes.add(len(state.stack))
        state = C.apply(state, C.chance_outcomes(state)[0][0])
    assert {2, 3} <= sizes
    assert state.active == 1
    chosen = _deal_until(C.new_game(players=3), lambda s: len(s.stack) == 1)
    assert chosen.stack == (ChooseFirst(),)
    C.validate(chosen)
    assert (
        _refusal(_retimed(chosen, first_player=1))
        == "the first player is fixed by the options, so no chance event chooses it (C-RULING-36)"
    )


def test_a_deal_cut_short_by_an_empty_draw_pile():  # C-SETUP-4, C-DECK-3, C-RULING-37
    def small_deck(data: dict[str, Any]) -> None:
        # one Action and no Timewarp: an Artifaxx play deck of 16 cards, for ten seats of three
        data["actions"] = [dict(r, count=1) for r in data["actions"] if r["id"] == "ACT-NEW-MISSION"]
        data["timewarps"] = []
        counts = data["edition"]["counts"]
        counts.update(actions=1, timewarps=0)
        counts["play_deck"] = counts["inverters"] + counts["patches"] + counts["artifacts"] + 1

    options = {"variant": "artifaxx", "allow_extra_players": True}
    state = C.new_game(options, players=10, cards=_cards(small_deck))
    state = _deal_until(state, lambda s: len(s.stack) == 1)
    assert state.stack == (ChooseFirst(),)
    assert not any(state.draw_pile)
    assert [len(h) for h in state.hands] == [3, 3, 3, 3, 3, 1, 0, 0, 0, 0]
    C.validate(state)  # the last draws were skipped: the hands hold what the pile had


def test_the_mulligans_come_after_the_first_player_is_chosen():  # C-SETUP-5, C-SETUP-6
    state = C.new_game({"identity_mulligans": 2, "first_player": 1}, players=3)
    state = _deal_until(state, lambda s: type(s.stack[-1]) is MulliganChoice)
    C.validate(state)
    assert (
        _refusal(attrs.evolve(state, active=2))
        == "the mulligans come after the first player is chosen (C-SETUP-5, C-SETUP-6)"
    )


# ------------------------------------------------------------------------------ the end of a turn


def test_no_victory_waits_to_be_declared_under_auto_declare_victory():  # C-RULING-27
    state = setup(
        2,
        hands=[["ART-REX", "ART-SPORTS-ALMANAC", "P-1868"]],
        auto_declare_victory=False,
        hand_size_win_threshold=2,
    )
    state = move(draw(state), 'kill-time "Rex"')
    assert state.stack == (DeclareChoice(0, ("hand_size",)),)
    assert (
        _refusal(_retimed(state, auto_declare_victory=True))
        == "auto_declare_victory declares every victory at once (C-RULING-27)"
    )


# ------------------------------------------------------------------------------ a turn's frames


def _turn() -> C.State:
    """Seat 0's play step, after the turn's draw."""
    return draw(setup(3, hands=[["ART-REX", "TW-MEMO"], ["TW-MEMO"], []]))


def _vortex(**options: Any) -> C.State:
    """A Time Vortex of seat 0 with its first card dealt."""
    state = setup(
        3, hands=[["ACT-TIME-VORTEX", "ART-REX"], ["ART-SPORTS-ALMANAC", "TW-MEMO"], ["P-1868"]], **options
    )
    state = settle(move(draw(state, "ART-PLACEHOLDER-15"), 'play "Time Vortex"'))
    return C.apply(state, C.chance_outcomes(state)[0][0])


def _misplaced() -> dict[str, tuple[Callable[[], C.State], str]]:
    turn = _turn()
    aside = turn.hands[0]
    vortex = _vortex()
    owing = attrs.evolve(vortex.stack[-1], owed=(1, 1, 1))  # owed cards belong to restore_sizes
    return {
        "discards without the set-aside hand": (
            lambda: _stack(turn, MiracleDiscard(0, 1), keep=1),
            "MiracleDiscard(player=0, count=1) cannot stand there in a turn's frames (C-TURN-*, C-ACT-4)",
        ),
        "the set-aside hand without discards": (
            lambda: _stack(
                turn, MiracleEnd(0, aside), PlayStep(0, "miracle"), keep=1, hands=((), *turn.hands[1:])
            ),
            f"{brief(MiracleEnd(0, aside))} cannot stand there in a turn's frames (C-TURN-*, C-ACT-4)",
        ),
        "a Rewind choice under a draw": (
            lambda: _stack(turn, Harvest(0, "discard"), DrawCards(0, 1), keep=1),
            "Harvest(player=0, source='discard') cannot stand there in a turn's frames"
            " (C-TURN-*, C-TW-3, C-TW-4)",
        ),
        "a round robin Time Vortex owing cards": (
            lambda: _stack(vortex, owing, keep=-1),
            f"{brief(owing)} cannot stand there in a turn's frames (C-TURN-*, C-ACT-6)",
        ),
        "a second turn frame": (
            lambda: _stack(turn, EndTurn(0), PlayStep(0, "turn"), keep=1),
            "EndTurn(player=0) cannot stand there in a turn's frames (C-TURN-*, C-TURN-1)",
        ),
    }


@pytest.mark.parametrize(
    "name",
    [
        "discards without the set-aside hand",
        "the set-aside hand without discards",
        "a Rewind choice under a draw",
        "a round robin Time Vortex owing cards",
        "a second turn frame",
    ],
)
def test_a_frame_out_of_its_place_in_a_turn_is_named_with_its_clause(name):  # C-TURN-1, C-ACT-4, C-ACT-6
    make, sentence = _misplaced()[name]
    assert _refusal(make()) == sentence


def test_a_miracle_plays_at_most_its_number():  # C-ACT-4
    turn = _turn()
    hand = turn.hands[0]
    base = (MiracleEnd(0, hand[:1]), MiracleDiscard(0, 1), PlayStep(0, "miracle"), PlayStep(0, "miracle"))
    two = _stack(turn, *base, keep=1, hands=(hand[1:], *turn.hands[1:]))
    C.validate(two)  # the bonus numbers: two plays
    three = _stack(two, PlayStep(0, "miracle"))
    assert _refusal(three) == 'more plays are due than Perform a "Miracle" gives (C-ACT-4)'


def _play(state: C.State, card: str, target: str | None = None) -> C.State:
    after = C.apply(state, C.Play(card, target))
    C.validate(after)
    return after


def test_a_miracle_that_discards_nothing():  # C-ACT-4 steps 4 and 5, C-DATA-3
    def no_discard(data: dict[str, Any]) -> None:
        miracle = next(r for r in data["actions"] if r["id"] == "ACT-MIRACLE-BIBLICAL")
        miracle["params"]["base"] = {"draw": 2, "play": 2, "discard": 0}

    cards = _cards(no_discard)
    state = draw(setup(2, hands=[["ACT-MIRACLE-BIBLICAL"], []], tableaux=[["ART-REX"], []], cards=cards))
    state = settle(_play(state, "ACT-MIRACLE-BIBLICAL", "ART-REX"))  # Rex is no relic: the base numbers
    state = draw(draw(state, "ART-LIVE-STEGOSAURUS"), "ART-SPORTS-ALMANAC")
    aside = MiracleEnd(0, ("ART-PLACEHOLDER-15",))
    assert state.stack[1:] == (aside, MiracleDiscard(0, 0), PlayStep(0, "miracle"), PlayStep(0, "miracle"))
    C.validate(state)  # no discard is due, under the plays
    state = _play(state, "ART-LIVE-STEGOSAURUS")  # its window open over a play step
    state = _play(settle(state), "ART-SPORTS-ALMANAC")  # its window open over the discards alone
    assert state.stack[1:-1] == (aside, MiracleDiscard(0, 0))
    state = settle(state)
    assert state.hands[0] == ("ART-PLACEHOLDER-15",)  # nothing discarded, the hand taken back
    assert state.tableaux[0] == ("ART-LIVE-STEGOSAURUS", "ART-SPORTS-ALMANAC")


def test_a_patch_waiting_for_its_nullification():  # C-RULING-8 (patch_requires_playable_if=False)
    state = setup(2, hands=[["P-1945-A"], []], patch_requires_playable_if=False)
    state = draw(evolve_timeline(state, "Hitler"))
    state = settle(move(state, 'patch 1945 "Allied Troops Invade Tokyo"'))
    assert state.stack[1:] == (RippleCheck(), DrawCards(0, 1))
    C.validate(state)  # the bonus card first, then the ripple check nullifies the patch
    nothing = draw(setup(2, hands=[["ART-REX"], []], patch_requires_playable_if=False))
    forged = _stack(nothing, RippleCheck(), DrawCards(0, 1), keep=1)
    assert _refusal(forged) == "RippleCheck() cannot stand there in a turn's frames (C-TURN-*, C-RULING-8)"


# ------------------------------------------------------------------------------ the Time Vortex


def test_every_step_of_a_time_vortex_restoring_the_hand_sizes_validates():  # C-ACT-6, C-RULING-32
    state = draw(
        setup(
            3,
            hands=[["ACT-TIME-VORTEX"], ["TW-REWIND", "INV-REVERSE-FATE"], []],
            time_vortex_deal="restore_sizes",
        ),
        "ART-REX",
    )
    state = settle(move(state, 'play "Time Vortex"'))
    assert state.stack[-1] == VortexDeal(state.stack[-1].pool, 0, (1, 2, 0))
    seen = []
    while type(state.stack[-1]) is VortexDeal:
        C.validate(state)
        seen.append((state.stack[-1].next_player, tuple(len(h) for h in state.hands)))
        state = C.apply(state, C.chance_outcomes(state)[0][0])
    # a card to each seat owed one, from the player on, then a second round for seat 1
    assert seen == [(0, (0, 0, 0)), (1, (1, 0, 0)), (1, (1, 1, 0))]
    assert [len(h) for h in state.hands] == [1, 2, 0]


def test_a_time_vortex_deal_must_fit_the_hands():  # C-ACT-6, C-RULING-32
    state = _vortex(time_vortex_deal="restore_sizes")
    frame = state.stack[-1]
    assert ([len(h) for h in state.hands], frame.next_player, frame.owed) == ([1, 0, 0], 1, (1, 2, 1))
    C.validate(state)
    # seat 0's card moved to seat 2: the next seat is still due, but the hands are not the deal's
    forged = attrs.evolve(state, hands=((), state.hands[1], state.hands[0]))
    assert _refusal(forged) == f"{brief(frame)} cannot stand there in a turn's frames (C-TURN-*, C-ACT-6)"


# ------------------------------------------------------------------------------ reaction windows


def _window() -> C.State:
    """The reaction window over seat 0's Rex (seat 1 holds a Memo, seat 0 a patch)."""
    return move(draw(setup(3, hands=[["ART-REX", "P-1868"], ["TW-MEMO"], []])), 'play "Rex"')


def test_the_lowest_window_fits_the_frame_below():  # C-PLAY-3, C-TW-2
    state = _window()
    forged = _stack(state, attrs.evolve(state.stack[-1], step="effect"), keep=1)
    assert _refusal(forged) == "a reaction window over a 'effect' play from 'hand' cannot be here"


def test_a_memo_window_stands_over_the_window_its_owner_was_polled_in():  # C-MEMO-5
    state = C.apply(_window(), C.Memo("TW-MEMO"))
    C.validate(state)
    lower, upper = state.stack[-2:]
    assert (lower.index, lower.passes, upper.owner, upper.play) == (1, 0, 1, C.Play("TW-MEMO"))
    sentence = "a reaction window above another is a Memo its polled seat played into it (C-MEMO-5)"
    passed = _stack(state, attrs.evolve(lower, passes=1), upper, keep=1)  # seat 1 passed, then played
    assert _refusal(passed) == sentence
    later = _stack(state, attrs.evolve(lower, index=2), upper, keep=1)  # seat 2 was polled, not seat 1
    assert _refusal(later) == sentence


# ------------------------------------------------------------------------------ Solonauts


def _solo(**options: Any) -> C.State:
    """Solonauts' first step: Renee (ID-03, home at 1868, 1991', 1995') and ID-02 face up, 1991 and 1995
    paradoxed, the two patches in hand."""
    state = setup(1, hands=[["P-1991", "P-1995", "INV-RESTORE-HISTORY"]], variant="solonauts", **options)
    others = frozenset(i.id for i in state.cards.identities) - {"ID-02", "ID-03"}
    state = attrs.evolve(state, solo_ids=("ID-03", "ID-02"), id_pile=others)
    return evolve_timeline(state, "Reagan", "Waco")


def _patched_1995(state: C.State) -> C.State:
    """``state`` with the 1995 patch laid from the hand (and one more card to draw back up to five)."""
    index = state.cards.ripple_index[1995]
    status = tuple("P-1995" if i == index else s for i, s in enumerate(state.status))
    hand = tuple(c for c in state.hands[0] if c != "P-1995")
    refill = state.stack[-1]
    assert type(refill) is DrawCards
    stack = (*state.stack[:-1], DrawCards(0, refill.count + 1))
    return attrs.evolve(state, status=status, hands=(hand,), stack=stack)


def test_the_home_check_has_run_once_the_first_step_is_done():  # C-SOLO-5
    state = move(_solo(), "patch 1991")
    assert state.turn == 1
    assert state.stack[0] == SoloTurn()  # drawing back up to five, after the home check
    assert state.solo_ids == ("ID-03", "ID-02")
    assert _refusal(_patched_1995(state)) == "ID-03 is readable but not home (C-SOLO-5)"


def test_an_id_no_longer_readable_leaves_home():  # C-RULING-30 (solonauts_home_permanent=False)
    state = move(move(_solo(draw_pile=[], solonauts_home_permanent=False), "patch 1991"), "patch 1995")
    assert state.home_row == ("ID-03",)
    index = state.cards.ripple_index[1995]
    status = tuple(C.OPEN if i == index else s for i, s in enumerate(state.status))
    forged = attrs.evolve(state, status=status, discard_pile=(*state.discard_pile, "P-1995"))
    assert _refusal(forged) == "an ID no longer readable is still home (solonauts_home_permanent=False)"


def test_no_more_ids_face_up_than_solonauts_identity_count():  # C-SOLO-3
    state = move(move(_solo(draw_pile=[]), "patch 1991"), "patch 1995")
    assert (state.solo_ids, state.home_row) == (("ID-02",), ("ID-03",))
    C.validate(state)
    more = sorted(state.id_pile)[:7]  # 8 on the row and 1 home: one more than the 8 of the options
    forged = attrs.evolve(state, solo_ids=(*state.solo_ids, *more), id_pile=state.id_pile - set(more))
    assert _refusal(forged) == "9 IDs are face up, more than solonauts_identity_count (C-SOLO-3)"


def test_the_solonauts_setup_deals_every_face_up_id():  # C-SOLO-3
    state = C.new_game(variant="solonauts")
    assert state.stack == (SoloTurn(), DrawCards(0, 5), *(DealGoal(0, "solo"),) * 8)
    assert _refusal(_stack(state, keep=-1)) == "P0 is owed 8 ID but 7 are being dealt"
    assert (
        _refusal(_stack(state, DealGoal(0, "mission"))) == "'mission' goal cards are not dealt in solonauts"
    )
    step = _deal_until(state, lambda s: type(s.stack[-1]) is SoloStep)
    C.validate(step)


def test_no_id_is_dealt_without_one_to_come():  # C-SOLO-3, C-GOAL-2
    def seven_ids(data: dict[str, Any]) -> None:
        data["identities"] = data["identities"][:7]
        data["edition"]["counts"]["identities"] = 7

    state = C.new_game({"solonauts_identity_count": 6}, variant="solonauts", cards=_cards(seven_ids))
    C.validate(state)
    # eight face-up IDs to deal from seven: the options themselves no longer fit the card list
    # (`check_players`, C-SOLO-3), so the state is refused before its stack is read
    eight = _retimed(state, solonauts_identity_count=8)
    forged = _stack(eight, DealGoal(0, "solo"), DealGoal(0, "solo"))
    assert "InvalidOptionError: 'solonauts_identity_count=8 needs as many IDs" in _refusal(forged)


# ------------------------------------------------------------------------------ goal card deals


def test_an_id_is_dealt_only_to_a_seat_without_one():  # C-GOAL-2, C-SETUP-3
    state = _turn()
    assert all(state.ids)
    assert _refusal(_stack(state, DealGoal(2, "id"), keep=1)) == "P2 is owed 0 ID but 1 are being dealt"
