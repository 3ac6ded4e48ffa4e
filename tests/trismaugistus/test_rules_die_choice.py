"""Die choice, card section 1 (T-DIE), worked examples O-3..O-8 and the rulings around them."""

from __future__ import annotations

import pytest

from tabletop_rules import trismaugistus as tm

from .helpers import automa_turn, bowls, draw, set_up

PACK = tm.default_pack()
DEFAULT = tm.Options()


def choose(card: str, board: tm.moves.Bowls, options: tm.Options = DEFAULT) -> tm.DieChoice:
    return tm.choose_die(board, PACK.card[card], options)


def picked(choice: tm.DieChoice) -> str:
    assert choice.chosen is not None
    return f"{choice.chosen.face}/{choice.chosen.colour}"


# O-3
def test_o3_level_a_wild_first_then_leftmost():  # T-DIE-3, T-DIE-4, T-DIE-2
    board = bowls(iron={"red": 1, "white": 2}, mercury={"black": 2}, wild={"black": 1, "red": 1, "white": 1})
    choice = choose("FX-G1", board)
    assert choice.level == "A"
    level_a = dict(choice.levels)["A"]
    assert [(str(c.face), c.colour, c.potency, c.match_index) for c in level_a] == [
        ("wild", "red", 3, 0),
        ("wild", "black", 3, 1),
        ("iron", "red", 3, 0),
        ("mercury", "black", 2, 1),
    ]
    assert picked(choice) == "wild/red"


def test_o3_through_apply_boost_and_bowl():  # T-DIE-7, T-DIE-8
    board = bowls(iron={"red": 1, "white": 2}, mercury={"black": 2}, wild={"black": 1, "red": 1, "white": 1})
    state = automa_turn(set_up(1), board_bowls=board, ether=1)
    after = draw(state, "FX-G1")
    die_placed = "wild/red"
    assert after.automa.ether == 0
    assert after.automa.dice_used == 1
    # placed at 3, boosted to 4; FX-G1 costs 2, so 2 remain
    assert after.automa.active_die == tm.DieOnTracker("wild", "red", 4, 2, "iron")
    assert str(after.automa.active_die) == die_placed
    assert after.board.bowls == bowls(
        iron={"red": 1, "white": 2}, mercury={"black": 2}, wild={"black": 1, "white": 1}
    )


# O-4
def test_o4_higher_potency_beats_wild_and_boost_to_5():  # T-DIE-3, T-DIE-8
    board = bowls(iron={"red": 1, "white": 1, "black": 2}, wild={"red": 1, "black": 1})
    assert picked(choose("FX-G1", board)) == "iron/red"
    after = draw(automa_turn(set_up(1), board_bowls=board, ether=1), "FX-G1")
    assert after.automa.active_die is not None
    assert after.automa.active_die.placed == 5
    assert after.automa.ether == 0


def test_o4_variant_potency_5_spends_no_ether():  # T-DIE-8, B-5
    board = bowls(iron={"red": 2, "white": 1, "black": 2}, wild={"red": 1, "black": 1})
    after = draw(automa_turn(set_up(1), board_bowls=board, ether=2), "FX-G1")
    assert after.automa.active_die is not None
    assert (after.automa.active_die.face, after.automa.active_die.placed) == ("iron", 5)
    assert after.automa.ether == 2


def test_o4_variant_no_ether_no_boost():  # T-DIE-8
    board = bowls(iron={"red": 1, "white": 1, "black": 2}, wild={"red": 1, "black": 1})
    after = draw(automa_turn(set_up(1), board_bowls=board, ether=0), "FX-G1")
    assert after.automa.active_die is not None
    assert after.automa.active_die.placed == 4


# O-5
def test_o5_level_b_symbol_only_colour_rank():  # T-DIE-5, T-RULING-6
    board = bowls(lead={"white": 2}, tin={"white": 1, "red": 2}, iron={"black": 2}, copper={"red": 1})
    choice = choose("FX-Y1", board)
    levels = dict(choice.levels)
    assert levels["A"] == ()
    assert {(c.face, c.colour, c.potency) for c in levels["B"]} == {
        ("lead", "white", 2),
        ("tin", "white", 3),
        ("tin", "red", 3),
    }
    assert "C" not in levels  # iron/black is never considered
    assert choice.level == "B"
    assert picked(choice) == "tin/white"


# O-6
def test_o6_level_c_leftmost_before_symbol_rank():  # T-DIE-6, T-RULING-6
    board = bowls(copper={"black": 2, "white": 1}, mercury={"red": 2, "white": 1}, tin={"white": 1})
    choice = choose("FX-Y6", board)
    assert choice.level == "C"
    assert {(c.face, c.colour, c.potency, c.match_index) for c in dict(choice.levels)["C"]} == {
        ("copper", "black", 3, 0),
        ("mercury", "red", 3, 1),
    }
    assert picked(choice) == "copper/black"


def test_o6_variant_symbol_rank_before_leftmost():  # T-RULING-6 alternative
    board = bowls(copper={"black": 2, "white": 1}, mercury={"red": 2, "white": 1}, tin={"white": 1})
    options = tm.Options(colour_only_tiebreak=("wild", "symbol", "leftmost"))
    assert picked(choose("FX-Y6", board, options)) == "mercury/red"


def test_symbol_only_alternative_order():  # T-RULING-6 alternative for level B
    # FX-Y2 pictures iron/white, copper/red: iron/red (index 0, red) vs copper/black (index 1, black).
    board = bowls(iron={"red": 1}, copper={"black": 1})
    assert picked(choose("FX-Y2", board)) == "iron/red"  # leftmost first (default)
    options = tm.Options(symbol_only_tiebreak=("wild", "colour", "leftmost"))
    assert picked(choose("FX-Y2", board, options)) == "copper/black"


# O-7
def test_o7_level_c_symbol_rank():  # T-DIE-6
    board = bowls(iron={"red": 1, "white": 2}, mercury={"red": 1, "black": 2}, copper={"black": 1})
    choice = choose("FX-Y1", board)
    assert choice.level == "C"
    found = {(c.face, c.colour, c.potency, c.match_index) for c in dict(choice.levels)["C"]}
    assert found == {
        ("iron", "red", 3, 0),
        ("mercury", "red", 3, 0),
        ("mercury", "black", 3, 1),
        ("copper", "black", 1, 1),
    }
    assert picked(choice) == "iron/red"
    assert "symbol rank" in choice.reason


# O-8
def test_o8_nothing_matches_any_die_fallback():  # T-RULING-7
    board = bowls(iron={"white": 2}, copper={"white": 1})
    choice = choose("FX-Y1", board)
    assert choice.level == "fallback"
    assert picked(choice) == "iron/white"
    assert choice.chosen is not None
    assert choice.chosen.potency == 2


def test_o8_variant_end_round_discards_unresolved():  # T-RULING-7, T-RULING-8
    options = tm.Options(no_match_fallback="end_round")
    board = bowls(iron={"white": 2}, copper={"white": 1})
    assert choose("FX-Y1", board, options).chosen is None
    state = automa_turn(set_up(1, options=options), board_bowls=board)
    after = draw(state, "FX-Y1")
    assert after.automa_finished
    assert after.automa.gold == 0  # FX-Y1 (gain_gold) is not resolved
    assert after.automa.discard[-1] == "FX-Y1"
    assert after.board.bowls == board


def test_empty_board_finishes_the_round():  # T-RULING-8
    state = automa_turn(set_up(1), board_bowls=bowls())
    after = draw(state, "FX-Y1")
    assert after.automa_finished
    assert after.automa.gold == 0
    assert "discarded unresolved" in "\n".join(map(str, after.trace))


def test_the_trace_of_a_card_without_a_die():  # T-RULING-8, both alternatives
    state = automa_turn(set_up(1), board_bowls=bowls())
    assert draw(state, "FX-Y1").trace == (
        tm.TraceLine("T-TURN-1", "automa draws FX-Y1 (yellow, 1 of 9)"),
        tm.TraceLine("T-TURN-2", "FX-Y1: dice lead/red tin/black, cost 1, gain_gold"),
        tm.TraceLine("T-RULING-8", "no die (the bowls are empty): FX-Y1 is discarded unresolved"),
        tm.TraceLine("T-TURN-3", "FX-Y1 discarded; VP 0, gold 0, ether 1"),
    )
    options = tm.Options(no_die_card_handling="resolve_action_only")
    state = automa_turn(set_up(1, options=options), board_bowls=bowls())
    assert draw(state, "FX-Y2").trace == (
        tm.TraceLine("T-TURN-1", "automa draws FX-Y2 (yellow, 1 of 9)"),
        tm.TraceLine("T-TURN-2", "FX-Y2: dice iron/white copper/red, cost 2, take_experiment"),
        tm.TraceLine(
            "T-RULING-8", "no die (the bowls are empty): section 2 skipped, the action resolves without a die"
        ),
        tm.TraceLine("T-RULING-8", "take experiment without a die: gold +1 -> 1"),
        tm.TraceLine("T-TURN-3", "FX-Y2 discarded; VP 0, gold 1, ether 1"),
    )
    assert draw(state, "FX-Y5").trace == (
        tm.TraceLine("T-TURN-1", "automa draws FX-Y5 (yellow, 1 of 9)"),
        tm.TraceLine("T-TURN-2", "FX-Y5: dice copper/red mercury/white, cost 2, take_artifact"),
        tm.TraceLine(
            "T-RULING-8", "no die (the bowls are empty): section 2 skipped, the action resolves without a die"
        ),
        tm.TraceLine("T-RULING-8", "take artifact: no die, nothing happens"),
        tm.TraceLine("T-TURN-3", "FX-Y5 discarded; VP 0, gold 0, ether 1"),
    )


def test_resolve_action_only_alternative():  # T-RULING-8 alternative
    options = tm.Options(no_die_card_handling="resolve_action_only")
    state = automa_turn(set_up(1, options=options), board_bowls=bowls())
    assert draw(state, "FX-Y1").automa.gold == 1  # gain_gold resolves
    assert draw(state, "FX-Y2").automa.gold == 1  # an experiment without a die gives 1 gold
    after = draw(state, "FX-Y5")  # an artifact without a die does nothing
    assert after.automa.artifacts == state.automa.artifacts
    assert after.automa_finished


def test_active_die_skips_section_1():  # T-DIE-1, T-POT-4
    board = bowls(iron={"red": 5})
    die = tm.DieOnTracker("tin", "white", 3, 3)
    after = draw(automa_turn(set_up(1), board_bowls=board, active_die=die), "FX-G1")
    assert after.board.bowls == board  # the better iron/red die is ignored
    assert after.automa.active_die == tm.DieOnTracker("tin", "white", 3, 1)
    assert after.automa.dice_used == 0


@pytest.mark.parametrize(
    ("board", "expected"),
    [
        (
            bowls(tin={"black": 1}, lead={"red": 1}),
            "lead/red",
        ),  # level A: lead/red index 0 beats tin/black index 1
        (bowls(tin={"black": 2}, lead={"red": 1}), "tin/black"),  # higher potency first
        (bowls(wild={"white": 1}, lead={"white": 1}), "wild/white"),  # level B: wild first
    ],
)
def test_die_choice_table(board: tm.moves.Bowls, expected: str):  # T-DIE-3, T-DIE-4, T-DIE-5
    assert picked(choose("FX-Y1", board)) == expected


def test_each_choice_is_one_face_and_colour():  # T-DIE-2: dice of one face and colour are the same die
    board = bowls(iron={"red": 3})
    choice = choose("FX-G1", board)
    assert len(dict(choice.levels)["A"]) == 1


# The reason of each choice, word for word: the level and the criterion that separated the first two
# candidates in the order of that level (T-DIE-4, T-DIE-5, T-DIE-6 with T-RULING-6, T-RULING-7).
REASONS = [
    (bowls(iron={"red": 1, "white": 2}, mercury={"black": 1}), "iron/red",
     "level A (symbol and colour): 2 candidates, decided by highest potency"),
    (bowls(iron={"red": 1, "white": 1}, wild={"red": 1, "white": 1}), "wild/red",
     "level A (symbol and colour): 2 candidates, decided by wild die first"),
    (bowls(iron={"red": 1, "white": 1}, mercury={"black": 1, "white": 1}), "iron/red",
     "level A (symbol and colour): 2 candidates, decided by leftmost pictured die"),
    (bowls(iron={"red": 3}), "iron/red", "level A (symbol and colour): the only candidate"),
    (bowls(iron={"white": 1}, mercury={"white": 1}), "iron/white",
     "level B (symbol only): 2 candidates, decided by leftmost pictured die"),
    (bowls(iron={"white": 1, "black": 1}), "iron/black",
     "level B (symbol only): 2 candidates, decided by colour rank black>white>red"),
    (bowls(tin={"red": 1}, copper={"black": 1}), "tin/red",
     "level C (colour only): 2 candidates, decided by leftmost pictured die"),
    (bowls(tin={"red": 1}, lead={"red": 1}), "tin/red",
     "level C (colour only): 2 candidates, decided by symbol rank iron>mercury>tin>copper>lead"),
    (bowls(tin={"white": 1}, lead={"white": 1}), "tin/white",
     "fallback (any die, T-RULING-7): 2 candidates, decided by symbol rank iron>mercury>tin>copper>lead"),
]  # fmt: skip


@pytest.mark.parametrize(("board", "expected", "reason"), REASONS)
def test_the_reason_names_the_deciding_criterion(board: tm.moves.Bowls, expected: str, reason: str):
    choice = choose("FX-G1", board)  # FX-G1 pictures iron/red, then mercury/black
    assert picked(choice) == expected
    assert choice.reason == reason


def test_candidates_are_shown_with_their_match_index():  # T-DIE-2, T-RULING-7
    shown = {level: [str(c) for c in found] for level, found in choose("FX-G1", REASONS[0][0]).levels}
    assert shown == {"A": ["iron/red (potency 3, index 0)", "mercury/black (potency 1, index 1)"]}
    fallback = choose("FX-G1", bowls(tin={"white": 1}, lead={"white": 1}))
    assert [str(c) for c in dict(fallback.levels)["fallback"]] == [
        "tin/white (potency 1)",
        "lead/white (potency 1)",
    ]


def test_the_reasons_when_no_die_is_chosen():  # T-RULING-7 end_round, T-RULING-8
    assert choose("FX-G1", bowls()) == tm.DieChoice((), None, None, "the bowls are empty")
    options = tm.Options(no_match_fallback="end_round")
    choice = choose("FX-G1", bowls(tin={"white": 1}, lead={"white": 1}), options)
    assert choice == tm.DieChoice(
        (("A", ()), ("B", ()), ("C", ())),
        None,
        None,
        "no die matches at levels A, B or C (T-RULING-7: end_round)",
    )
