"""The card-effect table: one entry per ``effect_key``, used by legality, resolution and action ids."""

from __future__ import annotations

import json
import random
from collections import Counter

import attrs
import pytest

from tabletop_rules import chrononauts as C
from tabletop_rules.chrononauts.content import ACTION_EFFECTS, TIMEWARP_EFFECTS
from tabletop_rules.chrononauts.effects import EFFECTS, Effect
from tabletop_rules.chrononauts.frames import DrawCards, MiracleDiscard, PlayStep

from .helpers import draw, evolve_timeline, settle, setup


def test_every_shipped_effect_key_has_exactly_one_entry():  # C-DATA-7
    cards = C.default_cards()
    keys = Counter(card.effect_key for card in (*cards.actions, *cards.timewarps))
    assert set(keys) <= set(EFFECTS)
    for key in keys:
        assert sum(1 for effect in EFFECTS.values() if effect.key == key) == 1
    # and every key the loader accepts, no more
    assert set(EFFECTS) == ACTION_EFFECTS | TIMEWARP_EFFECTS
    assert all(isinstance(e, Effect) and e.key == k for k, e in EFFECTS.items())


def test_the_effect_table_is_read_only():
    with pytest.raises(TypeError):
        EFFECTS["memo"] = EFFECTS["rewind"]  # type: ignore[index]


def test_artifaxx_may_play_ypnm_as_it_never_existed():  # C-ARTIFAXX-3, C-RULING-31
    state = C.new_game({"artifaxx_ypnm": "as_it_never_existed"}, players=3, variant="artifaxx")
    assert state.ctx.effects["ACT-YOUR-PARENTS-NEVER-MET"] == "it_never_existed"
    assert C.new_game(players=3).ctx.effects["ACT-YOUR-PARENTS-NEVER-MET"] == "your_parents_never_met"


@pytest.mark.parametrize(
    ("card", "target", "clause"),
    [
        ("ACT-GET-THERE-FIRST", "ART-REX", "C-ACT-2"),
        ("ACT-IT-NEVER-EXISTED", "ART-REX", "C-ACT-8"),
        ("ACT-NEW-MISSION", 1, "C-ACT-7"),
        ("ACT-DISCONTINUITY", "next", "C-ACT-5"),
    ],
)
def test_a_legal_target_resolves_through_the_table(card, target, clause):
    state = draw(setup(3, hands=[[card], []], tableaux=[[], ["ART-REX"]]))
    play = C.Play(card, target)
    assert play in C.legal_moves(state)
    assert EFFECTS[state.ctx.effects[card]].clause == clause
    after = settle(C.apply(state, play))
    assert card in after.discard_pile  # C-PLAY-5: an Action is discarded as it resolves
    C.validate(after)


def _with_params(card_id: str, params: dict[str, int]) -> C.CardSet:
    """The shipped cards with ``params`` as the only numbers of ``card_id`` (the loader accepts any)."""
    data = json.loads(C.default_cards().data_text)
    record = next(r for part in ("actions", "timewarps") for r in data[part] if r["id"] == card_id)
    record["params"] = params
    return C.cards_from_dict(data)


@pytest.mark.parametrize(
    ("params", "drawn", "with_bonus"),
    [
        ({}, 2, 3),
        ({"draw": 3, "mona_lisa_bonus_draw": 2}, 3, 5),
        ({"draw": 0, "mona_lisa_bonus_draw": 4}, 0, 4),
    ],
)
def test_sell_an_artifact_reads_its_numbers(params, drawn, with_bonus):  # C-ACT-3, C-RULING-5, C-DATA-3
    cards = _with_params("ACT-SELL-AN-ARTIFACT", params)
    for sold, count in (("ART-MONA-LISA-FORGERY-GOOD", with_bonus), ("ART-REX", drawn)):
        state = draw(setup(2, hands=[["ACT-SELL-AN-ARTIFACT"], []], tableaux=[[sold], []], cards=cards))
        state = settle(C.apply(state, C.Play("ACT-SELL-AN-ARTIFACT", sold)))
        assert f"P0 sells {cards.name(sold)} and draws {count}" in [e.text for e in state.log]
        assert state.tableaux[0] == ()
        assert state.discard_pile[-2:] == ("ACT-SELL-AN-ARTIFACT", sold)
        if count:
            assert state.stack[-1] == DrawCards(0, count)
        else:
            assert state.active == 1  # nothing to draw: the turn is over


@pytest.mark.parametrize(("params", "drawn", "played"), [({}, 2, 2), ({"draw": 1, "play": 3}, 1, 3)])
def test_fast_forward_reads_its_numbers(params, drawn, played):  # C-TW-2, C-RULING-15, C-DATA-3
    cards = _with_params("TW-FAST-FORWARD", params)
    state = draw(setup(2, hands=[["TW-FAST-FORWARD"], []], cards=cards, fast_forward_mode="draw2_play2"))
    state = settle(C.apply(state, C.Play("TW-FAST-FORWARD")))
    assert state.stack[-1 - played :] == (*(PlayStep(0, "effect"),) * played, DrawCards(0, drawn))
    assert state.stack[-2 - played] != PlayStep(0, "effect")


def test_miracle_discard_is_skipped_with_an_empty_hand():  # C-ACT-4 step 5, C-DATA-3
    data = json.loads(C.default_cards().data_text)
    miracle = next(r for r in data["actions"] if r["id"] == "ACT-MIRACLE-BIBLICAL")
    miracle["params"]["base"] = {"draw": 1, "play": 1, "discard": 1}
    cards = C.cards_from_dict(data)
    state = draw(setup(2, hands=[["ACT-MIRACLE-BIBLICAL"], []], tableaux=[["ART-REX"], []], cards=cards))
    state = settle(C.apply(state, C.Play("ACT-MIRACLE-BIBLICAL", "ART-REX")))  # Rex is no relic: base
    state = draw(state, "ART-LIVE-STEGOSAURUS")
    assert C.legal_moves(state) == (C.Play("ART-LIVE-STEGOSAURUS"),)
    state = settle(C.apply(state, C.Play("ART-LIVE-STEGOSAURUS")))  # the hand is empty: nothing to discard
    assert state.active == 1
    assert state.hands == (("ART-PLACEHOLDER-15",), ())  # the set-aside hand is back
    assert state.tableaux == (("ART-LIVE-STEGOSAURUS",), ())
    assert [e.text for e in state.log][-2:] == ["P0 takes back the set-aside hand", "turn 2: P1"]


def test_a_miracle_discards_its_number_and_keeps_a_patch_bonus_card():  # C-ACT-4 steps 5 and 6, C-RULING-23
    state = setup(2, hands=[["ACT-MIRACLE-BIBLICAL"], []], tableaux=[["ART-REX"], []])
    state = draw(evolve_timeline(state, "Lincoln"))  # 1868 is a paradox: its patch can be played
    # Rex is no relic: the base numbers, draw 2, play 1, discard 1
    state = settle(C.apply(state, C.Play("ACT-MIRACLE-BIBLICAL", "ART-REX")))
    state = draw(draw(state, "P-1868"), "ART-LIVE-STEGOSAURUS")
    state = draw(settle(C.apply(state, C.Play("P-1868"))), "ART-SPORTS-ALMANAC")  # the patch's bonus card
    assert state.hands[0] == ("ART-LIVE-STEGOSAURUS", "ART-SPORTS-ALMANAC")
    assert state.stack[-1] == MiracleDiscard(0, 1)
    state = settle(C.apply(state, C.Discard("ART-LIVE-STEGOSAURUS")))  # the one discard: the Miracle is done
    assert state.active == 1
    assert state.hands[0] == ("ART-PLACEHOLDER-15", "ART-SPORTS-ALMANAC")  # the bonus card kept
    assert [e.text for e in state.log][-3:] == [
        "P0 discards Live Stegosaurus",
        "P0 takes back the set-aside hand",
        "turn 2: P1",
    ]


# ------------------------------------------------------------------ the move lists' tables


def _unmasked_inverter_plays(state: C.State, card: str, block_post: bool) -> tuple[C.Play, ...]:
    """C-INV-2, C-ANOM-6 read straight from the targets: every linchpin of the card showing the side
    it needs (any side for ``"any"``), none after the UltraParadox year when ``block_post``."""
    ctx = state.ctx
    return tuple(
        ctx.plays[(card, icon)]
        for icon, bit, year, need in ctx.inverter_targets[card]
        if not (block_post and year > (ctx.up_year or 0))
        and need in ("any", "alt" if state.alt >> bit & 1 else "true")
    )


@pytest.mark.parametrize("scope", ["all_assassinations", "true_side_assassinations"])
def test_an_inverters_plays_read_only_the_bits_of_its_mask(scope):  # C-INV-2, C-ANOM-6, C-RULING-24
    from tabletop_rules.chrononauts.effects import _inverter_plays

    state = C.new_game({"prevent_assassination_scope": scope}, players=2)
    ctx = state.ctx
    masks = ctx.inverter_masks
    assert masks["INV-REVERSE-FATE"] == 0  # every target either way: no bit is read
    restore = sum(1 << bit for _, bit, _, _ in ctx.inverter_targets["INV-RESTORE-HISTORY"])
    assert masks["INV-RESTORE-HISTORY"] == restore
    rng = random.Random(7)
    for alt in [0, 2**13 - 1, *(rng.getrandbits(13) for _ in range(60))]:
        timeline = attrs.evolve(state, alt=alt)
        for card in ctx.inverter_targets:
            for block_post in (False, True):
                masked = _inverter_plays(ctx, card, alt & masks[card], block_post)
                assert masked == _unmasked_inverter_plays(timeline, card, block_post), (card, alt)


@pytest.mark.parametrize(
    "hand",
    [
        (),
        ("ART-REX",),
        ("TW-MEMO", "TW-MEMO"),
        ("ACT-GET-THERE-FIRST", "ART-REX", "INV-SABOTAGE", "P-1945-A"),
        ("ART-REX", "INV-REVERSE-FATE", "INV-REVERSE-FATE", "TW-MEMO", "TW-MEMO", "TW-REWIND"),
        ("INV-REVERSE-FATE", "INV-REVERSE-FATE", "INV-REVERSE-FATE", "P-1868"),
    ],
)
def test_killing_time_lists_singles_then_pairs_in_deck_order(hand):  # C-TURN-4
    from tabletop_rules.chrononauts.legality import kill_time_moves
    from tabletop_rules.chrononauts.position import Position

    state = setup(2, hands=[list(hand), []])
    index = state.cards.deck_index
    order = sorted(set(hand), key=index.__getitem__)
    expected = [C.KillTime((a,)) for a in order]
    for i, a in enumerate(order):
        if hand.count(a) >= 2:
            expected.append(C.KillTime((a, a)))  # a multiset pair of a card held twice
        expected += [C.KillTime((a, b)) for b in order[i + 1 :]]
    listed = kill_time_moves(Position(state), 0)
    assert listed == tuple(expected)
    assert all(move is state.ctx.kill_times[move.cards] for move in listed)  # the shared records


def test_a_time_vortex_deals_with_the_least_common_denominator():  # C-ACT-6, C-RULING-32, C-CHANCE-5
    from fractions import Fraction

    from tabletop_rules.chrononauts.frames import VortexDeal
    from tabletop_rules.core import sample_outcome

    state = setup(2)
    pool = ("ART-REX", "ART-SPORTS-ALMANAC", "P-1868", "P-1917", "TW-MEMO", "TW-MEMO")
    dealing = attrs.evolve(state, stack=(*state.stack, VortexDeal(pool, 0, ())))
    outcomes = C.chance_outcomes(dealing)
    third, sixth = Fraction(1, 3), Fraction(1, 6)
    # deck order, each with its exact share of the pool
    assert list(outcomes) == [
        (C.Draw("P-1868"), sixth),
        (C.Draw("P-1917"), sixth),
        (C.Draw("ART-REX"), sixth),
        (C.Draw("ART-SPORTS-ALMANAC"), sixth),
        (C.Draw("TW-MEMO"), third),
    ]
    assert outcomes.denominator == 6
    even = attrs.evolve(state, stack=(*state.stack, VortexDeal(("P-1868", "P-1868", *pool[4:]), 0, ())))
    halves = C.chance_outcomes(even)
    assert list(halves) == [(C.Draw("P-1868"), Fraction(1, 2)), (C.Draw("TW-MEMO"), Fraction(1, 2))]
    assert halves.denominator == 2  # 2/4 = 1/2: one draw below 2, as from the reduced fractions
    for dealt in (outcomes, halves):
        fractions = tuple(dealt)
        for seed in range(20):
            assert sample_outcome(dealt, random.Random(seed)) == sample_outcome(
                fractions, random.Random(seed)
            )


def test_a_harvest_has_a_play_exactly_when_its_pool_lists_one():  # C-TW-3, C-TW-4, C-RULING-16
    from tabletop_rules.chrononauts.effects import can_harvest, harvest_pool, plays
    from tabletop_rules.chrononauts.position import Position
    from tabletop_rules.testing import finished_playout

    seen = set()
    for options in ({}, {"ultraparadox_blocks_artifact_moves": True, "quick_trip_recycle_if_empty": True}):
        initial = C.new_game(options, players=3)
        for state in list(finished_playout(C, 11, initial=initial).states(C))[::7]:
            position = Position(state)
            up = position.ultraparadox()
            for source in ("discard", "draw"):
                for player in range(state.players):
                    listed = plays(position, player, harvest_pool(position, source), harvest=True)
                    assert can_harvest(position, player, source, up) is bool(listed)
                    seen.add(bool(listed))
    assert seen == {True, False}  # both answers were checked
