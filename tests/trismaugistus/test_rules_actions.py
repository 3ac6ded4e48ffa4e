"""Potency (T-POT), actions (T-ACT) and track bonuses (T-BONUS): worked examples O-9..O-14."""

from __future__ import annotations

import attrs
import pytest

from tabletop_rules import trismaugistus as tm
from tabletop_rules.trismaugistus.automa_tracks import nearest_track, track_tables

from .helpers import areas, automa_turn, bowls, draw, level_of, levels, offers, set_up, trace_text

PACK = tm.default_pack()


def with_die(face: str, colour: str, remaining: int, placed: int | None = None) -> tm.DieOnTracker:
    return tm.DieOnTracker(face, colour, placed if placed is not None else remaining, remaining)  # type: ignore[arg-type]


# O-9
@pytest.mark.parametrize(
    ("remaining", "card", "after", "active"),
    [
        (4, "FX-G1", 2, True),  # T-POT-1, T-POT-4
        (3, "FX-Y4", 0, False),  # T-POT-2: exactly used up
        (1, "FX-Y4", 0, False),  # T-POT-3: overrun
    ],
)
def test_o9_potency(
    remaining: int, card: str, after: int, active: bool
):  # T-POT-1, T-POT-2, T-POT-3, T-POT-4
    state = automa_turn(
        set_up(1), board_bowls=bowls(iron={"red": 2}), active_die=with_die("iron", "white", remaining)
    )
    out = draw(state, card)
    if active:
        assert out.automa.active_die is not None
        assert out.automa.active_die.remaining == after
        assert out.automa.exhausted == ()
    else:
        assert out.automa.active_die is None
        assert out.automa.exhausted == (("iron", "white"),)


def test_o9_overrun_still_resolves_the_action_with_the_cards_die():  # T-POT-3, T-RULING-9, T-ACT-1
    state = automa_turn(
        set_up(1),
        board_bowls=bowls(iron={"red": 2}),
        board_areas=areas(tin=["FX-E02"]),
        active_die=with_die("tin", "white", 1),
    )
    out = draw(state, "FX-Y4")  # take_experiment, cost 3
    assert out.automa.active_die is None
    assert "FX-E02" in out.automa.experiments  # taken from the exhausted die's (tin) area
    assert "overrun" in trace_text(out)


def o10_state() -> tm.State:
    state = set_up(2, "FX-S1", "FX-AS2")  # cube on fire
    return automa_turn(
        state,
        board_bowls=bowls(lead={"black": 1}),
        board_areas=areas(iron=["FX-E05", "FX-E02"]),
        levels=levels(1, 2, 0, 0),
        ether=0,
        gold=0,
        vp=0,
        active_die=with_die("iron", "white", 3),
    )


# O-10
def test_o10_missing_type_raise_to_requirement_chained_bonuses():  # T-ACT-2, T-ACT-3, T-BONUS-1, T-BONUS-4
    state = o10_state()
    assert state.automa.tiebreak_track == "fire"
    out = draw(state, "FX-Y2")
    a = out.automa
    assert a.levels == levels(2, 3, 0, 0)
    assert a.ether == 1  # earth@2 reached through fire@3's advance_nearest
    assert (a.gold, a.vp) == (0, 0)
    assert a.experiments == ("FX-S1", "FX-E02")
    assert out.board.areas == areas(iron=["FX-E05"])
    assert a.active_die is not None
    assert a.active_die.remaining == 1
    text = trace_text(out)
    assert "distances E1 F3 W2 A3" in text
    assert text.index("fire@3") < text.index("earth@2")  # resolved as they come (T-RULING-3)


# O-11
def test_o11_most_vp_duplicate_gold_two_bonuses_four_way_tie():  # T-ACT-2..4, T-SETUP-8, T-BONUS-3
    after_o10 = draw(o10_state(), "FX-Y2")
    state = automa_turn(after_o10, cards=("FX-G1",))
    out = draw(state, "FX-G1")
    a = out.automa
    assert a.active_die is None  # overrun: 1 < 2
    assert a.levels == levels(2, 4, 4, 0)
    assert a.vp == 5
    assert a.gold == 1
    assert a.ether == 1
    assert a.experiments == ("FX-S1", "FX-E02", "FX-E05")
    assert "distances E3 F3 W3 A3, cube on fire -> fire" in trace_text(out)


def test_o11_variant_difficulty_3_gold_2():  # T-ACT-4
    after_o10 = draw(o10_state(), "FX-Y2")
    state = automa_turn(after_o10, cards=("FX-G1",))
    out = draw(attrs.evolve(state, difficulty=3), "FX-G1")
    assert out.automa.gold == 2


# O-12
def o12(
    fire: int, area: dict[str, list[str]], die: tm.DieOnTracker, options: tm.Options | None = None
) -> tm.State:
    state = set_up(2, "FX-S1", "FX-AS2", options=options)
    state = automa_turn(
        state,
        board_bowls=bowls(lead={"black": 1}),
        board_areas=areas(**area),
        levels=levels(0, fire, 0, 0),
        active_die=die,
        cards=("FX-Y2",),
    )
    return draw(state, "FX-Y2")


def test_o12a_already_at_requirement_steps_up():  # T-ACT-3
    out = o12(4, {"iron": ["FX-E02"]}, with_die("iron", "white", 3))
    assert level_of(out, "fire") == 5
    assert (out.automa.gold, out.automa.vp) == (0, 0)


def test_o12b_at_maximum_gives_1_vp():  # T-ACT-3, T-BONUS-5
    out = o12(7, {"iron": ["FX-E12"]}, with_die("iron", "white", 3))
    assert level_of(out, "fire") == 7
    assert out.automa.vp == 1
    assert out.automa.experiments[-1] == "FX-E12"


def test_o12c_empty_area_gives_gold():  # T-ACT-2
    out = o12(4, {"copper": ["FX-E02"]}, with_die("iron", "white", 3))
    assert out.automa.gold == 1
    assert out.automa.experiments == ("FX-S1",)


def test_o12d_wild_die_bowl_area_by_default():  # T-RULING-12
    out = o12(4, {"iron": ["FX-E02"]}, with_die("wild", "black", 3))
    assert out.automa.gold == 1
    assert out.board.areas == areas(iron=["FX-E02"])


def test_o12d_variant_all_areas():  # T-RULING-12 alternative
    options = tm.Options(wild_experiment_area="all_areas")
    out = o12(4, {"iron": ["FX-E02"]}, with_die("wild", "black", 3), options)
    assert out.automa.experiments[-1] == "FX-E02"
    assert level_of(out, "fire") == 5


def test_wild_matched_symbol_area():  # T-RULING-12 alternative
    options = tm.Options(wild_experiment_area="matched_symbol")
    die = tm.DieOnTracker("wild", "black", 3, 3, "mercury")
    out = o12(0, {"mercury": ["FX-E03"], "wild": ["FX-E02"]}, die, options)
    assert out.automa.experiments[-1] == "FX-E03"
    # a fallback die matched nothing: all areas, in the order iron, mercury, tin, copper, lead, wild
    out = o12(0, {"lead": ["FX-E03"], "tin": ["FX-E10"]}, with_die("wild", "black", 3), options)
    assert out.automa.experiments[-1] == "FX-E03"  # both missing types, FX-E03 has more VP


def test_wild_area_missing_from_pack_uses_all_areas():  # T-RULING-12
    state = o10_state()
    pack = attrs.evolve(
        state.pack, board=attrs.evolve(state.pack.board, experiment_area_faces=("iron", "tin"))
    )
    state = attrs.evolve(
        state, pack=pack, automa=attrs.evolve(state.automa, active_die=with_die("wild", "red", 3))
    )
    out = draw(state, "FX-Y2")
    assert out.automa.experiments[-1] == "FX-E02"


def test_missing_type_pick_first_slot():  # T-RULING-13 alternative
    area = {"iron": ["FX-E10", "FX-E04"]}  # triangle 2 VP, star 5 VP: both missing
    out = o12(0, area, with_die("iron", "white", 3))
    assert out.automa.experiments[-1] == "FX-E04"  # default: most VP
    options = tm.Options(missing_type_pick="first_slot")
    out = o12(0, area, with_die("iron", "white", 3), options)
    assert out.automa.experiments[-1] == "FX-E10"


def take_with(
    area: dict[str, list[str]],
    die: tm.DieOnTracker,
    options: tm.Options | None = None,
    experiments: tuple[str, ...] = ("FX-S1",),
) -> tuple[str, str]:
    """FX-Y2 (take experiment) with ``die`` on the tracker: the experiment taken and the T-ACT-2 text."""
    state = automa_turn(
        set_up(2, "FX-S1", "FX-AS2", options=options), board_bowls=bowls(lead={"black": 1}),
        board_areas=areas(**area), active_die=die, dice_used=1, experiments=experiments, cards=("FX-Y2",),
    )  # fmt: skip
    tm.validate(state)
    out = draw(state, "FX-Y2")
    [line] = [t for t in out.trace if t.clause == "T-ACT-2"]
    return out.automa.experiments[-1], line.text


def test_first_slot_pick_goes_through_the_areas_in_order():  # T-RULING-12 all_areas, T-RULING-13 first_slot
    # a wild die searches every area (iron first, then mercury ...): FX-E02 in iron's slot 2 comes before
    # FX-E04 in mercury's slot 1; FX-E01 is a circle, like the automa's FX-S1
    options = tm.Options(wild_experiment_area="all_areas", missing_type_pick="first_slot")
    area = {"iron": ["FX-E01", "FX-E02"], "mercury": ["FX-E04"]}
    assert take_with(area, tm.DieOnTracker("wild", "white", 3, 3), options) == (
        "FX-E02",
        "take experiment from iron/mercury/tin/copper/lead/wild"
        " [FX-E01 (circle, 3 VP), FX-E02 (square, 4 VP), FX-E04 (star, 5 VP)]:"
        " FX-E02, first missing type in slot order (T-RULING-13)",
    )


def test_no_missing_type_takes_the_most_vp_then_the_first_slot():  # T-ACT-2, T-ACT-4
    die = tm.DieOnTracker("iron", "white", 3, 3)
    assert take_with({"iron": ["FX-E01", "FX-E05"]}, die) == (
        "FX-E05",
        "take experiment from iron [FX-E01 (circle, 3 VP), FX-E05 (circle, 6 VP)]: FX-E05,"
        " no missing type on offer; the most VP",
    )
    # equal VP: the first slot, whatever the ids (FX-E10 is a triangle, so both types are held)
    assert take_with({"iron": ["FX-E03", "FX-E01"]}, die, experiments=("FX-S1", "FX-E10")) == (
        "FX-E03",
        "take experiment from iron [FX-E03 (triangle, 3 VP), FX-E01 (circle, 3 VP)]: FX-E03,"
        " no missing type on offer; the most VP",
    )


def test_type_compared_with_experiments_before_this_one():  # T-RULING-14, T-ACT-5
    out = o12(0, {"iron": ["FX-E01"]}, with_die("iron", "white", 3))  # circle, and FX-S1 is a circle
    assert out.automa.gold == 1
    assert out.automa.vp == 0  # the experiment's VP wait for final scoring (T-ACT-5)


# O-13
@pytest.mark.parametrize(
    ("lv", "cube", "winner", "distances"),
    [
        ((4, 3, 0, 4), "water", "air", (1, 3, 2, 1)),
        ((4, 5, 0, 1), "water", "earth", (1, 1, 2, 2)),
        ((4, 3, 0, 4), "earth", "earth", (1, 3, 2, 1)),
        ((7, 6, 7, 7), "earth", "fire", (None, 1, None, None)),
        ((7, 7, 7, 7), "fire", None, (None, None, None, None)),
    ],
)
def test_o13_nearest_track(lv, cube, winner, distances):  # T-ACT-6, T-RULING-1, T-SETUP-8
    layout = tuple(PACK.track[e].bonus_spaces for e in ("earth", "fire", "water", "air"))
    assert nearest_track(lv, layout, track_tables(PACK), cube, True) == (winner, distances)


@pytest.mark.parametrize(
    ("lv", "cube", "after", "vp"),
    [
        ((4, 3, 0, 4), "water", (4, 3, 0, 5), 5),
        ((4, 5, 0, 1), "water", (5, 5, 0, 1), 5),
        ((4, 3, 0, 4), "earth", (5, 3, 0, 4), 5),
        ((7, 6, 7, 7), "earth", (7, 7, 7, 7), 0),
        ((7, 7, 7, 7), "earth", (7, 7, 7, 7), 1),
    ],
)
def test_o13_advance_nearest_action(lv, cube, after, vp):  # T-ACT-6, T-BONUS-3, T-BONUS-5
    state = automa_turn(
        set_up(1), levels=lv, tiebreak_track=cube, active_die=with_die("iron", "red", 3), vp=0
    )
    out = draw(state, "FX-Y3")
    assert out.automa.levels == after
    assert out.automa.vp == vp


def test_nearest_includes_maxed_alternative():  # T-RULING-1 alternative
    layout = tuple(PACK.track[e].bonus_spaces for e in ("earth", "fire", "water", "air"))
    assert nearest_track((7, 3, 0, 4), layout, track_tables(PACK), "fire", False)[0] == "earth"
    options = tm.Options(nearest_excludes_maxed=False)
    state = automa_turn(
        set_up(1, options=options), levels=(7, 3, 0, 4), active_die=with_die("iron", "red", 3), vp=0
    )
    out = draw(state, "FX-Y3")
    assert out.automa.levels == (7, 3, 0, 4)
    assert out.automa.vp == 1


# O-14
def o14(placed: int, offer: list[str], options: tm.Options | None = None) -> tm.State:
    state = automa_turn(
        set_up(1, options=options),
        board_offers=offers(white=offer),
        active_die=tm.DieOnTracker("iron", "white", placed, 4),
    )
    return draw(state, "FX-Y5")


def test_o14_even_placed_potency_takes_slot_2():  # T-ACT-7, T-RULING-10
    out = o14(4, ["FX-A03", "FX-A04"])
    assert out.automa.artifacts[-1] == "FX-A04"
    assert out.board.offers == offers(white=["FX-A03"])
    assert out.automa.active_die is not None
    assert out.automa.active_die.remaining == 2


def test_o14_variants():  # T-ACT-7, T-RULING-10, T-RULING-11
    assert o14(3, ["FX-A03", "FX-A04"]).automa.artifacts[-1] == "FX-A03"
    assert o14(4, ["FX-A08"]).automa.artifacts[-1] == "FX-A08"
    empty = o14(4, [])
    assert empty.automa.artifacts == ("FX-AS2",)
    assert empty.automa.active_die is not None
    assert empty.automa.active_die.remaining == 2  # potency still consumed
    remaining = tm.Options(artifact_choice="remaining_potency_parity")
    assert o14(3, ["FX-A03", "FX-A04"], remaining).automa.artifacts[-1] == "FX-A04"  # remaining 2
    first = tm.Options(artifact_choice="first_slot")
    assert o14(4, ["FX-A03", "FX-A04"], first).automa.artifacts[-1] == "FX-A03"


@pytest.mark.parametrize(
    ("choice", "placed", "remaining", "taken"),
    [
        ("placed_potency_parity", 3, 4, "slot 1, FX-A03 (placed potency 3 is odd)"),
        ("placed_potency_parity", 4, 4, "slot 2, FX-A04 (placed potency 4 is even)"),
        ("remaining_potency_parity", 5, 5, "slot 1, FX-A03 (remaining potency 3 is odd)"),
        ("remaining_potency_parity", 3, 4, "slot 2, FX-A04 (remaining potency 2 is even)"),
        ("first_slot", 4, 4, "slot 1, FX-A03 (first slot (T-RULING-10))"),
    ],
)
def test_o14_the_trace_names_the_slot_and_why(choice: str, placed: int, remaining: int, taken: str):
    # T-ACT-7, T-RULING-10: FX-Y5 costs 2, so the remaining potency is the die's potency minus 2
    state = automa_turn(
        set_up(1, options=tm.Options(artifact_choice=choice)),  # type: ignore[arg-type]
        board_offers=offers(white=["FX-A03", "FX-A04"]),
        active_die=tm.DieOnTracker("iron", "white", placed, remaining),
    )
    out = draw(state, "FX-Y5")
    assert out.trace[-2] == tm.TraceLine("T-ACT-7", f"take artifact from the white offer: {taken}")


def test_o14_roll_d6_is_a_chance_node():  # T-RULING-10, C-4
    from fractions import Fraction

    options = tm.Options(artifact_choice="roll_d6")
    state = o14(4, ["FX-A03", "FX-A04"], options)
    assert tm.current_player(state) is tm.rules.CHANCE
    assert tm.chance_outcomes(state) == (
        (tm.ArtifactDie(1), Fraction(1, 2)),
        (tm.ArtifactDie(2), Fraction(1, 2)),
    )
    out = tm.apply(state, tm.ArtifactDie(1))
    assert out.automa.artifacts[-1] == "FX-A03"
    assert out.automa.discard[-1] == "FX-Y5"
    assert out.pending is None


# other actions
def test_gain_gold_advance_track_gain_vp():  # T-ACT-8, T-ACT-9, T-ACT-10
    state = automa_turn(
        set_up(2, "FX-S2", "FX-AS3"), active_die=with_die("iron", "red", 5), cards=("FX-G2", "FX-Y1", "FX-Y7")
    )
    assert draw(state, "FX-Y1").automa.gold == 1
    assert draw(state, "FX-Y7").automa.vp == 5
    assert level_of(draw(state, "FX-G2"), "fire") == 1


def test_advance_track_passing_a_bonus_and_at_max():  # T-ACT-9, T-BONUS-2, T-BONUS-5
    state = automa_turn(
        set_up(1), active_die=with_die("iron", "red", 5), levels=(0, 5, 0, 0), cards=("FX-G2",)
    )
    out = draw(state, "FX-G2")  # fire 5 -> 6 passes fire@6 ether_die
    assert level_of(out, "fire") == 6
    assert out.automa.ether == state.automa.ether + 1
    state = automa_turn(
        set_up(1), active_die=with_die("iron", "red", 5), levels=(0, 7, 0, 0), vp=0, cards=("FX-G2",)
    )
    assert draw(state, "FX-G2").automa.vp == 1


def test_advance_nearest_with_every_track_at_its_maximum():  # T-ACT-6, T-BONUS-5
    state = automa_turn(
        set_up(1), active_die=with_die("iron", "red", 5), dice_used=1, levels=(7, 7, 7, 7), cards=("FX-Y3",)
    )
    tm.validate(state)
    out = draw(state, "FX-Y3")
    assert out.automa.vp == 1
    assert out.automa.levels == (7, 7, 7, 7)
    assert out.trace[-2:] == (
        tm.TraceLine("T-BONUS-5", "advance nearest: every track is at its maximum, VP +1 -> 1"),
        tm.TraceLine("T-TURN-3", "FX-Y3 discarded; VP 1, gold 0, ether 1"),
    )


def test_bonus_fires_once_markers_never_move_down():  # T-RULING-3
    out = o12(0, {"iron": ["FX-E05"]}, with_die("iron", "white", 3))  # water 0 -> 4: vp_5 at 2, nearest at 4
    assert out.automa.vp == 5
    again = automa_turn(
        out, active_die=with_die("iron", "white", 3), board_areas=areas(iron=["FX-E11"]), cards=("FX-Y2",)
    )
    out2 = draw(again, "FX-Y2")  # water 4 -> 6: no bonus between 5 and 6
    assert out2.automa.vp == 5


def roll_d6_third_die(remaining: int) -> tm.State:
    """FX-Y5 (cost 2) on the automa's third die, ``remaining`` potency left, two white artifacts."""
    state = automa_turn(
        set_up(1, options=tm.Options(artifact_choice="roll_d6")),
        board_offers=offers(white=["FX-A03", "FX-A04"]),
        active_die=tm.DieOnTracker("iron", "white", 4, remaining),
        exhausted=(("lead", "red"), ("tin", "black")),
        dice_used=3,
    )
    tm.validate(state)
    return draw(state, "FX-Y5")


def test_roll_d6_on_the_third_die_exhausted_finishes_the_automa():  # T-RULING-10, T-RULING-16, T-POT-2
    state = roll_d6_third_die(2)
    assert state.pending == tm.Pending(
        "artifact_die", card_id="FX-Y5", die=tm.DieOnTracker("iron", "white", 4, 0)
    )
    assert state.trace[-2:] == (
        tm.TraceLine("T-POT-2", "potency 2 - cost 2 = 0: die exhausted, moved right"),
        tm.TraceLine("T-RULING-10", "take artifact: roll a die for FX-A03 (1-3) or FX-A04 (4-6)"),
    )
    out = tm.apply(state, tm.ArtifactDie(2))
    assert (out.automa_finished, out.first_finisher, out.to_move, out.pending) == (
        True,
        "automa",
        "human",
        None,
    )
    took = "take artifact from the white offer: slot 2, FX-A04 (the die chose slot 2 (T-RULING-10 roll_d6))"
    assert out.trace == (
        tm.TraceLine("T-ACT-7", took),
        tm.TraceLine("T-TURN-3", "FX-Y5 discarded; VP 0, gold 0, ether 1"),
        tm.TraceLine("T-RULING-16", "the automa's third die is exhausted: it has finished the round"),
    )
    still = tm.apply(roll_d6_third_die(4), tm.ArtifactDie(2))  # 4 - 2 = 2 left: the die stays active
    assert not still.automa_finished
    assert still.automa.active_die == tm.DieOnTracker("iron", "white", 4, 2)


def test_roll_d6_needs_two_artifacts_on_offer():  # T-RULING-10, C-4
    options = tm.Options(artifact_choice="roll_d6")
    out = o14(4, ["FX-A08"], options)
    assert out.pending is None
    assert out.automa.artifacts[-1] == "FX-A08"


def test_o12a_one_step_advance_is_traced_as_t_act_3():  # T-ACT-3 (tagged T-ACT-6 before rules version 2)
    out = o12(4, {"iron": ["FX-E02"]}, with_die("iron", "white", 3))
    lines = [(t.clause, t.text) for t in out.trace]
    assert lines[5:8] == [
        ("T-ACT-3", "FX-E02 needs fire 3: already 4, one step up"),
        ("T-ACT-3", "experiment: fire +1"),
        ("T-BONUS-1", "fire 4 -> 5"),
    ]
    assert all(clause != "T-ACT-6" for clause, _ in lines)
