"""Setup (T-SETUP), turn flow (T-TURN, B-8), rounds (T-ROUND), chance nodes (spec 5): O-1, O-2, O-15, O-17."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import CHANCE, IllegalMoveError, InvalidMoveError, InvalidOptionError

from .helpers import areas, automa_turn, bowls, draw, finished, level_of, offers, set_up, trace_text

LEVEL1 = frozenset({"FX-G1", "FX-G2", *(f"FX-Y{i}" for i in range(1, 8))})


# O-1
def test_o1_setup_with_a_bonus():  # T-SETUP-1..4, T-SETUP-6, T-SETUP-7, T-SETUP-9, T-SETUP-11, T-RULING-4
    state = set_up(1, "FX-S3", "FX-AS2")
    a = state.automa
    assert a.ether == 2  # 1 (T-SETUP-4) + earth@2 ether_die
    assert a.tiebreak_track == "fire"
    assert (a.gold, a.vp) == (0, 0)
    assert a.levels == (2, 0, 0, 0)
    assert a.experiments == ("FX-S3",)
    assert a.artifacts == ("FX-AS2",)
    assert a.draw_pile == LEVEL1
    assert a.discard == ()
    assert state.first_player == "human"
    assert state.phase == "round_start"
    assert state.round == 1
    assert tm.current_player(state) == 0


def test_o1_the_whole_setup_trace():  # T-SETUP-1..4, T-SETUP-6, T-SETUP-7, T-SETUP-9, T-SETUP-11, T-BONUS-2
    assert set_up(1, "FX-S3", "FX-AS2").trace == (
        tm.TraceLine("T-SETUP-1", "automa VP 0; T-SETUP-2: every mastery marker on level 0"),
        tm.TraceLine("T-SETUP-3", "turn order: the human is first player in round 1, the automa second"),
        tm.TraceLine("T-SETUP-4", "tracker card with 1 ether die, no gold"),
        tm.TraceLine("T-SETUP-11", "difficulty 1: draw pile 9 cards"),
        tm.TraceLine("T-SETUP-6", "starting experiment FX-S3, starting artifact FX-AS2"),
        tm.TraceLine("T-SETUP-7", "tie-break cube on fire"),
        tm.TraceLine("T-SETUP-9", "advance earth to meet earth 2"),
        tm.TraceLine("T-BONUS-1", "earth 0 -> 2"),
        tm.TraceLine("T-BONUS-2", "bonus earth@2 ether_die: ether +1 -> 2"),
    )


@pytest.mark.parametrize(
    ("difficulty", "line"),
    [
        (2, tm.TraceLine("T-SETUP-10", "difficulty 2: draw pile 13 cards (with purple FX-P1, FX-P2, FX-P3,"
                                       " FX-P4, T-OBJ-2)")),
        (3, tm.TraceLine("T-SETUP-12", "difficulty 3: draw pile 8 cards, 6 face up in the discard pile"
                                       " (with purple FX-P1, FX-P2, FX-P3, FX-P4, T-OBJ-2)")),
    ],
)  # fmt: skip
def test_the_setup_trace_names_the_difficulty_deck(difficulty: int, line: tm.TraceLine):  # T-SETUP-10, -12
    assert set_up(difficulty, "FX-S3", "FX-AS2", objectives=True).trace[3] == line  # T-OBJ-2, T-RULING-28


def test_o1_variant_setup_advance_without_bonuses():  # T-RULING-4 alternative
    options = tm.Options(setup_advance_triggers_bonuses=False)
    state = set_up(1, "FX-S3", "FX-AS2", options=options)
    assert state.automa.ether == 1
    assert state.automa.levels == (2, 0, 0, 0)


def test_fresh_game_is_blank():  # T-SETUP-1, T-SETUP-2, T-GEN-1
    state = tm.new_game()
    assert state.phase == "setup"
    assert state.automa.levels == (0, 0, 0, 0)
    assert state.automa.vp == 0
    assert tm.current_player(state) == 0


# O-2
def test_o2_artifact_with_two_symbols_needs_a_tiebreak_track():  # T-RULING-2
    with pytest.raises(IllegalMoveError, match=r"tie-break track must be given \(T-RULING-2\)$"):
        set_up(1, "FX-S1", "FX-AS5")
    assert set_up(1, "FX-S1", "FX-AS5", cube="water").automa.tiebreak_track == "water"


def test_tiebreak_track_must_agree_with_a_single_symbol():  # T-RULING-2
    with pytest.raises(IllegalMoveError, match="goes on fire"):
        set_up(1, "FX-S1", "FX-AS2", cube="water")
    assert set_up(1, "FX-S1", "FX-AS2", cube="fire").automa.tiebreak_track == "fire"


def test_difficulty_decks():  # T-SETUP-5, T-SETUP-10, T-SETUP-11, T-SETUP-12, T-RULING-19
    pack = tm.default_pack()
    for level in (1, 2, 3):
        state = set_up(level)
        preset = pack.preset[level]
        assert state.automa.draw_pile == frozenset(preset.draw_deck)
        assert state.automa.discard == preset.face_up_discard
        assert not any(pack.card[c].deck == "purple" for c in state.automa.draw_pile)
    d3 = set_up(3).automa
    assert {tm.default_pack().card[c].deck for c in d3.draw_pile} == {"green"}
    assert len(d3.discard) == 6


def test_starting_cards_and_no_masterpiece():  # T-SETUP-6
    state = set_up(2, "FX-S2", "FX-AS3")
    assert state.automa.starting_experiment == "FX-S2"
    assert state.score is None
    assert state.masterpiece_deck == ("FX-M1", "FX-M2", "FX-M3", "FX-M4")


def test_starting_experiment_not_resolved_alternative():  # T-RULING-5 alternative
    options = tm.Options(starting_experiment_resolved=False)
    state = set_up(2, "FX-S2", "FX-AS3", options=options)
    assert state.automa.experiments == ()
    assert state.automa.levels == (0, 0, 1, 0)  # the marker still meets the requirement (T-SETUP-9)


def test_setup_bonus_layout_input():  # T-RULING-15
    layout = ((tm.content.BonusSpace(1, "vp_5"),), (), (), ())
    state = set_up(1, "FX-S3", "FX-AS2", bonus_layout=layout)
    assert state.automa.vp == 5  # earth 0 -> 2 passes the reported vp_5 at 1
    assert state.automa.ether == 1


ROW = ("FX-O1", "FX-O2", "FX-O3", "FX-O4")
OF_PACK = "of pack fictional-example-v1"
PURPLES_3 = "objective_purple_ids must name 3 different purple cards at difficulty 1"
SETUP_REFUSALS = [
    (tm.Setup(4, False, "FX-S1", "FX-AS2"), "Setup.difficulty must be an int in 1..3, not 4"),
    (tm.Setup(1, False, "FX-E01", "FX-AS2"), f"'FX-E01' is not a starting experiment {OF_PACK}"),
    (tm.Setup(1, False, "FX-S1", "FX-A01"), f"'FX-A01' is not a starting artifact {OF_PACK}"),
    (tm.Setup(1, False, "FX-S1", "FX-AS2", "sky"),  # type: ignore[arg-type]
     "Setup.tiebreak_track must be one of ['earth', 'fire', 'water', 'air'], not 'sky'"),
    (tm.Setup(1, False, "FX-S1", "FX-AS2", objective_row=("FX-O1",)),
     "an objective row is given but the objectives module is off"),
    (tm.Setup(1, True, "FX-S1", "FX-AS2", objective_row=("FX-O1", "FX-O1", "FX-O2", "FX-O3")),
     "Setup.objective_row must list each item once, not ('FX-O1', 'FX-O1', 'FX-O2', 'FX-O3')"),
    (tm.Setup(1, True, "FX-S1", "FX-AS2", objective_row=("FX-O1", "FX-O2", "FX-O3")),
     "with objectives, the row must list 4 different objective ids of the pack"),
    (tm.Setup(1, False, "FX-S1", "FX-AS2", masterpieces_unavailable=("FX-X",)),
     f"'FX-X' is not a masterpiece {OF_PACK}"),
    (tm.Setup(1, False, "FX-S1", "FX-AS2", objective_purple_ids=("FX-P1",)),
     "objective_purple_ids is given but the objectives module is off"),
    (tm.Setup(1, True, "FX-S1", "FX-AS2", objective_row=ROW,
              objective_purple_ids=("FX-P1", "FX-Y1", "FX-P2")),
     PURPLES_3),  # FX-Y1 is a yellow card
    (tm.Setup(1, True, "FX-S1", "FX-AS2", objective_row=ROW,
              objective_purple_ids=("FX-P1", "FX-Q9", "FX-P2")),
     PURPLES_3),  # FX-Q9 is no card at all
    (tm.Setup(1, True, "FX-S1", "FX-AS2", objective_row=ROW,
              objective_purple_ids=("FX-P1", "FX-P1", "FX-P2")),
     "Setup.objective_purple_ids must list each item once, not ('FX-P1', 'FX-P1', 'FX-P2')"),
    (tm.Setup(1, False, "FX-S1", "FX-AS5"), "the starting artifact FX-AS5 shows 2 elemental symbols,"
     " so the tie-break track must be given (T-RULING-2)"),
    (tm.Setup(1, False, "FX-S1", "FX-AS2", "water"), "the starting artifact FX-AS2 shows fire,"
     " so the tie-break cube goes on fire, not water (T-RULING-2)"),
]  # fmt: skip


@pytest.mark.parametrize(("move", "message"), SETUP_REFUSALS)
def test_setup_inputs_are_checked(move: tm.Setup, message: str):  # T-SETUP-6, T-SETUP-7, T-OBJ-1, T-OBJ-2
    state = tm.new_game()
    for attempt in (tm.check_move, tm.apply):  # a value no move can hold is refused by the shape check
        with pytest.raises(InvalidMoveError if message.startswith("Setup.") else IllegalMoveError) as info:
            attempt(state, move)
        assert str(info.value) == message
    assert not tm.is_legal(state, move)


def test_setup_and_the_game_over_refuse_other_moves_word_for_word():  # T-SETUP, T-SCORE-7
    with pytest.raises(IllegalMoveError) as info:
        tm.apply(set_up(1), tm.Setup(1, False, "FX-S1", "FX-AS2"))
    assert str(info.value) == "the game is already set up"
    with pytest.raises(IllegalMoveError) as info:
        tm.apply(tm.new_game(), tm.ReportBoard())
    assert str(info.value) == "the game starts with its Setup"
    with pytest.raises(IllegalMoveError) as info:
        tm.apply(finished(), tm.HumanEndTurn(False))
    assert str(info.value) == "the game is over (only the human's final score can still be reported)"
    with pytest.raises(InvalidMoveError) as bad:
        tm.check_move(tm.new_game(), "end")
    assert str(bad.value) == "expected a Trismaugistus move object, not 'end'; parse text with parse_move"


def test_options_are_validated():  # T-RULING-3, T-RULING-17, T-RULING-26, T-RULING-31
    with pytest.raises(InvalidOptionError, match="artifact_choice"):
        tm.Options(artifact_choice="coin")  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="bonus_order"):
        tm.Options(bonus_order="descending")  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError):
        tm.Options(reaction_reports="during_turn")  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError):
        tm.Options(purple_sections="used")  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError):
        tm.Options(objective_no_target="reroll")  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError):
        tm.Options(max_formula_purchases=5)
    with pytest.raises(InvalidOptionError):
        tm.Options(nearest_excludes_maxed=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError):
        tm.Options(symbol_only_tiebreak=("wild", "leftmost", "symbol"))
    with pytest.raises(InvalidOptionError, match="unknown Trismaugistus option"):
        tm.new_game({"colour": 1})
    assert tm.new_game({"artifact_choice": "roll_d6"}).options.artifact_choice == "roll_d6"


# T-RULING-9, T-RULING-11, T-RULING-14, T-RULING-19, T-RULING-23, T-RULING-25
def test_every_ruling_has_a_home():
    assert sorted(tm.RULING_FIELDS, key=lambda r: int(r.split("-")[-1])) == [
        f"T-RULING-{i}" for i in range(1, 33)
    ]
    fields = {f.name for f in attrs.fields(tm.Options)}
    for where in tm.RULING_FIELDS.values():
        for name in where.split(", "):
            if not name.startswith(("Setup.", "pack:")):
                assert name in fields, name
    options = tm.Options()
    assert (options.overrun_action_die, options.type_comparison, options.difficulty_constants) == (
        "card_die",
        "before_this_experiment",
        "seed",
    )
    assert options.symbol_count == "every_printed_symbol"


# O-15
ROUND1 = tm.ReportBoard(
    reason="round_start",
    bowls=bowls(
        lead={"black": 1},
        tin={"red": 1, "black": 1},
        iron={"white": 1, "black": 1},
        copper={"white": 2, "red": 1},
        mercury={"white": 1},
        wild={"red": 1, "black": 1},
    ),
    experiment_areas=areas(copper=["FX-E01", "FX-E03"], iron=["FX-E04"]),
    artifact_offers=offers(red=["FX-A01", "FX-A02"], white=["FX-A03", "FX-A04"], black=["FX-A05", "FX-A06"]),
)


# T-TURN-1, T-TURN-2, T-TURN-3, T-DIE-3, T-POT-3, T-ACT-2, T-ACT-7, T-SETUP-3
def test_o15_integrated_opening_difficulty_2():
    state = set_up(2, "FX-S2", "FX-AS3")
    assert state.automa.levels == (0, 0, 1, 0)
    assert state.automa.tiebreak_track == "earth"
    assert state.automa.ether == 1
    state = tm.apply(state, ROUND1)
    assert tm.current_player(state) == 0  # the human is first player
    # H1
    state = tm.apply(state, tm.HumanDraftDie("iron", "black"))
    state = tm.apply(state, tm.HumanEndTurn(False))
    assert state.board.bowls[2] == (0, 1, 0)
    assert tm.current_player(state) is CHANCE
    outcomes = tm.chance_outcomes(state)
    assert len(outcomes) == 9
    assert all(p == Fraction(1, 9) for _, p in outcomes)
    # A1
    state = draw(state, "FX-Y5")
    a = state.automa
    assert a.active_die == tm.DieOnTracker("copper", "red", 4, 2, "copper")
    assert (a.ether, a.dice_used) == (0, 1)
    assert a.artifacts == ("FX-AS3", "FX-A02")
    assert tm.current_player(state) == 0
    # H2, A2
    state = tm.apply(state, tm.HumanEndTurn(False))
    assert all(p == Fraction(1, 8) for _, p in tm.chance_outcomes(state))
    state = draw(state, "FX-Y1")
    assert state.automa.gold == 1
    assert state.automa.active_die is not None
    assert state.automa.active_die.remaining == 1
    # H3, A3
    state = tm.apply(state, tm.HumanEndTurn(False))
    state = draw(state, "FX-Y4")
    a = state.automa
    assert a.active_die is None
    assert a.experiments == ("FX-S2", "FX-E01")
    assert a.ether == 1
    assert a.levels == (2, 0, 1, 0)
    assert a.gold == 1
    # H4, A4
    state = tm.apply(state, tm.HumanEndTurn(False))
    state = draw(state, "FX-Y8")
    a = state.automa
    assert a.levels == (3, 0, 1, 0)
    assert (a.vp, a.gold, a.ether) == (0, 1, 0)
    assert a.experiments == ("FX-S2", "FX-E01")
    assert a.artifacts == ("FX-AS3", "FX-A02")
    assert a.active_die == tm.DieOnTracker("wild", "black", 3, 2, "tin")
    assert a.dice_used == 2
    assert a.draw_pile == frozenset({"FX-G3", "FX-G4", "FX-Y2", "FX-Y7", "FX-Y9"})
    assert a.discard == ("FX-Y5", "FX-Y1", "FX-Y4", "FX-Y8")
    assert "decided by wild die first" in trace_text(state)


# O-17
def round_end_state(options: tm.Options | None = None) -> tm.State:
    state = tm.apply(
        set_up(1, options=options),
        tm.ReportBoard(reason="round_start", bowls=bowls(iron={"red": 3, "white": 2})),
    )
    state = attrs.evolve(state, human_dice=2)
    return automa_turn(state, dice_used=3, active_die=tm.DieOnTracker("iron", "red", 2, 1), ether=0)


def test_o17_round_change():  # T-ROUND-1, T-ROUND-3, T-RULING-16, B-8
    state = draw(round_end_state(), "FX-Y1")  # cost 1: the third die is exhausted
    assert state.automa_finished
    assert state.first_finisher == "automa"
    assert tm.current_player(state) == 0
    # the automa is skipped: the human keeps the turn
    state = tm.apply(state, tm.HumanDraftDie("iron", "red"))
    state = tm.apply(state, tm.HumanEndTurn(False))
    assert tm.current_player(state) == 0
    assert state.to_move == "human"
    with pytest.raises(IllegalMoveError):
        tm.apply(state, tm.HumanDraftDie("iron", "red"))  # a fourth die
    state = tm.apply(state, tm.HumanEndTurn(True))
    assert state.round == 2
    assert state.phase == "round_start"
    assert state.automa.ether == 2
    assert state.first_player == "automa"
    assert (state.automa.dice_used, state.automa.exhausted) == (0, ())
    state = tm.apply(state, tm.ReportBoard(reason="round_start", bowls=bowls(tin={"black": 3})))
    assert tm.current_player(state) is CHANCE  # the automa opens round 2


def test_o17_before_round_3():  # T-ROUND-2, T-ROUND-3
    state = round_end_state()
    state = attrs.evolve(state, round=2, human_finished=True, first_finisher="human")
    state = automa_turn(state, ether=1)
    state = draw(state, "FX-Y1")
    assert state.round == 3
    assert state.automa.ether == 4
    assert state.first_player == "human"


def test_finish_on_next_turn_alternative():  # T-RULING-16 alternative
    options = tm.Options(automa_finish_timing="on_next_turn")
    state = draw(round_end_state(options), "FX-Y1")
    assert not state.automa_finished
    state = tm.apply(state, tm.HumanEndTurn(False))  # the automa's next turn would need a fourth die
    assert state.automa_finished
    assert state.trace == (
        tm.TraceLine("", "the human ends the turn"),
        tm.TraceLine("T-RULING-16", "the automa would need a fourth die: it has finished the round"),
    )
    assert tm.current_player(state) == 0
    assert state.first_finisher == "automa"


def test_human_finished_first_automa_plays_on():  # B-8, T-ROUND-3
    state = tm.apply(
        set_up(1), tm.ReportBoard(reason="round_start", bowls=bowls(iron={"red": 3}, tin={"white": 3}))
    )
    for move in (tm.HumanDraftDie("iron", "red"),) * 3:
        state = tm.apply(state, move)
    state = tm.apply(state, tm.HumanEndTurn(True))
    assert state.human_finished
    assert state.first_finisher == "human"
    state = draw(state, "FX-Y1")
    assert tm.current_player(state) is CHANCE  # the automa takes turn after turn
    assert tm.legal_moves(state) == ()  # T-TURN-4: the automa never reacts; the human has no move now


def test_reshuffle_when_the_pile_is_empty():  # T-TURN-5, T-RULING-18
    state = automa_turn(set_up(3), active_die=tm.DieOnTracker("iron", "red", 5, 5), draw_pile=frozenset())
    outcomes = tm.chance_outcomes(state)
    assert len(outcomes) == 6
    assert all(p == Fraction(1, 6) for _, p in outcomes)
    out = draw(state, "FX-Y2")
    assert "FX-Y2" not in out.automa.draw_pile
    assert out.automa.draw_pile == frozenset({"FX-Y4", "FX-Y5", "FX-Y7", "FX-Y8", "FX-Y9"})
    assert out.automa.discard == ("FX-Y2",)


def test_reshuffle_on_empty_alternative():  # T-RULING-18 alternative
    options = tm.Options(reshuffle_timing="on_empty")
    state = automa_turn(
        set_up(1, options=options),
        active_die=tm.DieOnTracker("iron", "red", 5, 5),
        draw_pile=frozenset({"FX-Y1"}),
        discard=("FX-Y2",),
    )
    out = draw(state, "FX-Y1")
    assert out.automa.draw_pile == frozenset({"FX-Y1", "FX-Y2"})
    assert out.automa.discard == ()
    assert out.trace[-2:] == (
        tm.TraceLine("T-TURN-3", "FX-Y1 discarded; VP 0, gold 1, ether 1"),
        tm.TraceLine(
            "T-RULING-18", "the draw pile is empty: 2 discarded cards shuffled into a new draw pile"
        ),
    )


def test_difficulty_3_green_first_then_yellow():  # T-SETUP-12, spec 5.4
    state = automa_turn(set_up(3), active_die=tm.DieOnTracker("iron", "red", 5, 5))
    for n in (4, 3, 2, 1):
        outcomes = tm.chance_outcomes(state)
        assert len(outcomes) == n
        assert {tm.default_pack().card[o.card_id].deck for o, _ in outcomes} == {"green"}  # type: ignore[union-attr]
        card = outcomes[0][0].card_id  # type: ignore[union-attr]
        state = automa_turn(draw(state, card), active_die=tm.DieOnTracker("iron", "red", 5, 5))
    outcomes = tm.chance_outcomes(state)
    assert len(outcomes) == 10
    assert all(p == Fraction(1, 10) for _, p in outcomes)


def test_a_turn_is_resolved_in_one_go():  # T-RULING-17, T-TURN-4
    state = automa_turn(set_up(1), board_bowls=bowls(iron={"red": 2}))
    out = draw(state, "FX-G1")
    assert tm.current_player(out) == 0  # straight back to the human, with no step in between
    assert out.pending is None


def test_round_start_requires_the_roll():  # T-GEN-2, B-3
    state = set_up(1)
    with pytest.raises(IllegalMoveError, match="starts with the report"):
        tm.apply(state, tm.HumanEndTurn(False))
    with pytest.raises(IllegalMoveError, match="round_start"):
        tm.apply(state, tm.ReportBoard(reason="correction", bowls=bowls()))
    with pytest.raises(InvalidMoveError, match=r"bowls\[2\]\[0\] must be an int in 0\.\.5, not 6"):
        tm.apply(state, tm.ReportBoard(reason="round_start", bowls=bowls(iron={"red": 6})))
    menu = tm.legal_moves(state)
    assert all(isinstance(m, tm.ReportBoard) and m.reason == "round_start" for m in menu)
    assert len(menu) >= 3


def test_reports_during_the_round():  # T-RULING-15, T-RULING-17
    state = tm.apply(set_up(1), ROUND1)
    fix = tm.ReportBoard(reason="correction", experiment_areas=areas(iron=["FX-E05"]))
    assert fix not in tm.legal_moves(state)
    out = tm.apply(state, fix)
    assert out.board.areas == areas(iron=["FX-E05"])
    with pytest.raises(IllegalMoveError, match="reported in two places"):
        tm.apply(
            state, tm.ReportBoard(reason="refill", experiment_areas=areas(iron=["FX-E01"], tin=["FX-E01"]))
        )
    with pytest.raises(IllegalMoveError, match="not a red board artifact"):
        tm.apply(state, tm.ReportBoard(reason="refill", artifact_offers=offers(red=["FX-AS2"])))
    with pytest.raises(IllegalMoveError, match="only before the first turn"):
        tm.apply(state, ROUND1)
    layout = tuple(() for _ in range(4))
    out = tm.apply(state, tm.ReportBoard(reason="correction", bonus_layout=layout))
    assert out.board.bonus_layout == ((), (), (), ())


def test_human_takes_are_mirrored():  # T-GEN-2
    state = tm.apply(set_up(1), ROUND1)
    state = tm.apply(state, tm.HumanTakeExperiment("copper", "FX-E01"))
    state = tm.apply(state, tm.HumanTakeArtifact("red", "FX-A01"))
    assert state.board.areas[3] == ("FX-E03",)
    assert state.board.offers[0] == ("FX-A02",)
    assert state.human_experiments == ("FX-E01",)
    with pytest.raises(IllegalMoveError, match="not in the copper"):
        tm.apply(state, tm.HumanTakeExperiment("copper", "FX-E01"))
    with pytest.raises(IllegalMoveError, match="already been taken"):
        tm.apply(state, tm.ReportBoard(reason="refill", experiment_areas=areas(copper=["FX-E01"])))
    assert level_of(state, "fire") == 2


def test_artifact_offer_size_comes_from_the_pack():  # T-RULING-11
    state = tm.apply(set_up(1), ROUND1)
    three = tm.ReportBoard(reason="refill", artifact_offers=offers(red=["FX-A01", "FX-A02", "FX-A07"]))
    with pytest.raises(IllegalMoveError, match="it holds 2"):
        tm.apply(state, three)
    pack = attrs.evolve(
        tm.default_pack(), board=attrs.evolve(tm.default_pack().board, artifact_slots_per_colour=3)
    )
    big = tm.apply(attrs.evolve(state, pack=pack), three)
    assert big.board.offers[0] == ("FX-A01", "FX-A02", "FX-A07")


def test_levels_1_and_2_share_their_constants():  # T-RULING-19, T-SCORE-3, T-ACT-4
    from tabletop_rules.trismaugistus.vocabulary import OBJECTIVE_PURPLE_COUNT, REPEAT_TYPE_GOLD, SYMBOL_VP

    assert REPEAT_TYPE_GOLD == {1: 1, 2: 1, 3: 2}
    assert SYMBOL_VP == {1: 2, 2: 3, 3: 4}
    assert OBJECTIVE_PURPLE_COUNT == {1: 3, 2: 4, 3: 4}
    for level in (1, 2):
        state = automa_turn(
            set_up(level, "FX-S1", "FX-AS2"),
            board_areas=areas(iron=["FX-E01"]),
            active_die=tm.DieOnTracker("iron", "white", 3, 3),
            cards=("FX-Y2",),
        )
        assert draw(state, "FX-Y2").automa.gold == 1  # a second circle: 1 gold at both levels


def test_report_reason_may_be_left_out():  # T-RULING-17
    state = set_up(1)
    started = tm.apply(state, tm.ReportBoard(bowls=bowls(iron={"red": 3})))
    assert started.phase == "play"
    assert tm.parse_move(state, "report bowls=iron:r3") == tm.ReportBoard(bowls=bowls(iron={"red": 3}))
    fixed = tm.apply(started, tm.ReportBoard(bowls=bowls(iron={"red": 2})))
    assert fixed.board.bowls == bowls(iron={"red": 2})
    assert "correction" in trace_text(fixed)
    with pytest.raises(IllegalMoveError, match="with the bowls"):
        tm.apply(state, tm.ReportBoard(experiment_areas=areas()))


GOLDEN = (55, 1, 75)  # moves, difficulty, automa score of finished_playout(tm, 2026)


def test_golden_seeded_game():  # a regression record: change GAME_INFO.version when this changes
    from tabletop_rules.testing import finished_playout

    playout = finished_playout(tm, 2026)
    final = playout.final
    assert final.score is not None
    assert (len(playout.moves), final.difficulty, final.score.total) == GOLDEN


def test_empty_bowls_offer_finishing_the_round_before_the_third_die():  # B-1, B-3
    state = tm.apply(set_up(2), tm.ReportBoard(reason="round_start", bowls=bowls(iron={"red": 1})))
    state = tm.apply(state, tm.HumanDraftDie("iron", "red"))
    assert state.human_dice == 1
    assert not any(any(c) for c in state.board.bowls)
    assert tm.HumanEndTurn(True) in tm.legal_moves(state)
    assert tm.is_legal(state, tm.HumanEndTurn(True))
    with_dice = tm.apply(set_up(2), tm.ReportBoard(reason="round_start", bowls=bowls(iron={"red": 2})))
    with_dice = tm.apply(with_dice, tm.HumanDraftDie("iron", "red"))
    assert tm.HumanEndTurn(True) not in tm.legal_moves(with_dice)
    assert not tm.is_legal(with_dice, tm.HumanEndTurn(True))


def _automa_finished_in_play(round_no: int, human_dice: int, *, deck: bool = True) -> tm.State:
    """Round ``round_no``, the human to move with ``human_dice`` drafted; the automa has finished."""
    unavailable = () if deck else tuple(m.id for m in tm.default_pack().masterpieces)
    state = set_up(1, masterpieces_unavailable=unavailable)
    state = tm.apply(state, tm.ReportBoard(bowls=bowls(iron={"red": 3})))
    state = attrs.evolve(
        state, round=round_no, automa_finished=True, first_finisher="automa", human_dice=human_dice
    )
    tm.validate(state)
    return state


def test_the_human_plays_on_after_the_automa_finished():  # B-8
    state = tm.apply(_automa_finished_in_play(1, 1), tm.HumanEndTurn(False))
    assert (state.to_move, state.pending, state.turn) == ("human", None, 1)
    assert state.trace == (tm.TraceLine("", "the human ends the turn"),)


def test_round_3_ends_with_an_empty_masterpiece_deck():  # T-SCORE-1, T-RULING-20, B-1
    state = tm.apply(_automa_finished_in_play(3, 3, deck=False), tm.HumanEndTurn(True))
    assert state.phase == "over"
    assert state.pending is None
    assert state.score is not None
    assert (state.score.masterpiece_id, state.score.total) == (None, 9)
    assert state.trace[:3] == (
        tm.TraceLine("B-1", "the human has finished the round"),
        tm.TraceLine("T-SCORE-1", "round 3 is over: final scoring"),
        tm.TraceLine("T-SCORE-1", "step 1: the masterpiece deck is empty, no masterpiece"),
    )
    assert state.trace[-1] == tm.TraceLine("T-SCORE-7", "total: VP track 0 + 0 + 2 + 4 + 1 + 1 + 1 = 9")
    assert len(state.trace) == 9
