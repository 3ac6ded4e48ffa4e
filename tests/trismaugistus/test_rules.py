"""The protocol functions of `rules`: `new_game`, `check_move`/`is_legal`/`apply` agreeing, `outcome`."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import CHANCE
from tabletop_rules.core.errors import (
    GameNotOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
)
from tabletop_rules.simulate import simulate
from tabletop_rules.testing import finished_playout

from .helpers import automa_turn, bowls, draw, finished, general_human_move, mid_round, set_up


def _mid_game(seed: int = 7) -> tm.State:
    """A difficulty-1 state without objectives, in round 1 with the human to move, after a few moves."""
    start = tm.apply(tm.new_game(), tm.parse_move(tm.new_game(), "setup d1 exp=FX-S1 art=FX-AS2"))
    for state in finished_playout(tm, seed, initial=start).states(tm):
        if state.phase == "play" and state.to_move == "human" and state.automa.dice_used:
            return state
    raise AssertionError("no such state")  # pragma: no cover


def test_new_game_accepts_options_a_dict_or_none():  # T-RULING-10
    assert tm.new_game().options == tm.Options()
    from_dict = tm.new_game({"artifact_choice": "roll_d6", "max_formula_purchases": 2})
    assert from_dict.options == tm.Options(artifact_choice="roll_d6", max_formula_purchases=2)
    assert tm.new_game(tm.Options(artifact_choice="first_slot")).options.artifact_choice == "first_slot"
    with pytest.raises(InvalidOptionError, match="unknown Trismaugistus option"):
        tm.new_game({"colour": 1})
    with pytest.raises(InvalidOptionError, match="a dict or None"):
        tm.new_game(3)  # type: ignore[arg-type]


def test_new_game_players_is_one_or_none():  # T-GEN-1: the human is the only player
    assert tm.new_game(players=1) == tm.new_game(players=None) == tm.new_game()
    for bad, shown in ((0, "0"), (2, "2"), (True, "True"), (1.0, "1.0")):
        with pytest.raises(InvalidOptionError) as info:
            tm.new_game(players=bad)  # type: ignore[arg-type]
        assert str(info.value) == f"Trismaugistus is played by 1 player (the human), not {shown}"
    assert tm.GAME_INFO.min_players == tm.GAME_INFO.max_players == 1
    assert tm.GAME_INFO.version == tm.RULES_VERSION


def test_new_games_share_the_one_default_options():  # T-GEN-1
    # The caches keyed by options (the automa's die choice) compare them by identity: games with the
    # default options must share one instance, or every new game would fill the caches again.
    assert tm.new_game().options is tm.new_game().options is tm.new_game(None).options
    assert tm.new_game({}).options == tm.new_game().options


# Moves that are never, or rarely, legal: each must be refused by all three of check_move, is_legal, apply.
ODD_MOVES: tuple[Any, ...] = (
    tm.HumanDraftDie("wild", "purple"),  # type: ignore[arg-type]
    tm.HumanDraftDie("iron", "red"),
    tm.HumanEndTurn(True),
    tm.HumanEndTurn(1),  # type: ignore[arg-type]
    tm.HumanCompleteObjective(1),
    tm.HumanTakeExperiment("copper", "FX-E01"),
    tm.HumanTakeArtifact("red", "FX-A01"),
    tm.CardDrawn("FX-G1"),
    tm.CardDrawn("FX-P1"),
    tm.ObjectiveDie(2),
    tm.ObjectiveDieRaw(7),
    tm.ArtifactDie(3),
    tm.MasterpieceDrawn("FX-M1"),
    tm.ReportBoard(reason="refill"),
    tm.Setup(1, False, "FX-S1", "FX-AS2"),
    "end",
    None,
)


def _agree(state: tm.State, move: Any, expected: bool | None = None) -> None:
    try:
        tm.check_move(state, move)
        checked = True
    except (IllegalMoveError, InvalidMoveError):
        checked = False
    assert tm.is_legal(state, move) is checked
    if expected is not None:
        assert checked is expected, f"{move!r} in phase {state.phase}"
    try:
        tm.apply(state, move)
        applied = True
    except (IllegalMoveError, InvalidMoveError):
        applied = False
    assert applied is checked, f"apply and check_move disagree on {move!r}"


@pytest.mark.parametrize(
    "options", [None, tm.Options(artifact_choice="roll_d6", reshuffle_timing="on_empty")]
)
@settings(max_examples=4, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(seed=st.integers(0, 2**31 - 1))
def test_check_move_and_is_legal_agree_with_legal_moves(options: tm.Options | None, seed: int):  # T-GEN-2
    """On random playouts: every offered move is legal; odd moves get one answer from all three."""
    rng = random.Random(seed)
    for state in finished_playout(tm, seed, options=options).states(tm):
        if tm.is_terminal(state):
            for move in ODD_MOVES:
                _agree(state, move, expected=False)
            continue
        offered = [m for m, _ in tm.chance_outcomes(state)] if tm.current_player(state) is CHANCE else []
        offered += list(tm.legal_moves(state))
        assert offered
        for move in rng.sample(offered, min(len(offered), 6)):
            _agree(state, move, expected=True)
        for move in ODD_MOVES:
            _agree(state, move)
            if move not in offered and tm.is_legal(state, move):
                # legal but not offered: only reports outside the menus and the raw black die are
                assert isinstance(move, tm.ReportBoard | tm.Setup | tm.ObjectiveDieRaw)


def test_outcome_of_a_finished_game():
    final = finished_playout(tm, 9).final
    out = tm.outcome(final)
    assert final.score is not None
    assert out["score"] == tm.automa_score(final) == final.score.total
    steps = [out[k] for k in ("masterpiece_vp", "experiments_vp", "symbols_vp", "formulas_vp",
                              "leftovers_vp", "tracks_vp")]  # fmt: skip
    assert out["vp_track"] + sum(steps) == out["score"]  # type: ignore[operator]
    assert out["difficulty"] == final.difficulty
    assert out["objectives"] is final.objectives_enabled
    assert all(isinstance(v, int | float | str | bool) or v is None for v in out.values())


def test_outcome_of_the_o18_game_in_full():  # T-SCORE-1..7, O-18
    out = tm.outcome(finished())
    assert out == {
        "score": 105, "human_score": None, "winner": None, "margin": None, "vp_track": 23,
        "masterpiece_vp": 12, "experiments_vp": 14, "symbols_vp": 24, "formulas_vp": 15, "leftovers_vp": 3,
        "tracks_vp": 14, "masterpiece": "FX-M1", "masterpiece_resolved": True, "masterpiece_gold": 3,
        "symbols": 8, "formulas": 5, "formulas_bought": 1, "difficulty": 2, "objectives": False,
        "experiments": 4, "artifacts": 3, "level_earth": 5, "level_fire": 3, "level_water": 4, "level_air": 2,
    }  # fmt: skip
    assert list(out) == list(tm.outcome(tm.apply(finished(), tm.ReportFinalScore(110))))
    reported = tm.outcome(tm.apply(finished(), tm.ReportFinalScore(110)))
    assert reported == {**out, "human_score": 110, "winner": "human", "margin": 5}


def test_outcome_of_an_unfinished_game_raises():
    for state in (tm.new_game(), _mid_game()):
        with pytest.raises(GameNotOverError) as info:
            tm.outcome(state)
        assert str(info.value) == "the Trismaugistus game is not over: no outcome yet"
        assert tm.automa_score(state) is None
        assert tm.returns(state) == (0.0,)


def test_simulate_summarises_outcomes():
    result = simulate(tm, 12, master_seed=5)
    summary = result.summary()["outcome"]
    assert summary["score"]["min"] > 0
    assert set(summary["difficulty"]["histogram"]) <= {1, 2, 3}
    assert "counts" in summary["masterpiece"]


def test_chance_distributions_are_shared_tuples():
    state = next(s for s in finished_playout(tm, 1).states(tm) if s.pending is not None)
    assert tm.chance_outcomes(state) is tm.chance_outcomes(attrs.evolve(state))


def test_fast_paths_refuse_what_check_move_refuses():
    state = _mid_game()
    for move, error in (
        (tm.HumanDraftDie("wild", "purple"), InvalidMoveError),  # type: ignore[arg-type]
        (tm.HumanDraftDie(["iron"], "red"), InvalidMoveError),  # type: ignore[arg-type]
        (tm.HumanEndTurn(1), InvalidMoveError),  # type: ignore[arg-type]
        (tm.CardDrawn("FX-G1"), IllegalMoveError),
        (tm.CardDrawn(["FX-G1"]), InvalidMoveError),  # type: ignore[arg-type]
        (tm.ObjectiveDie(1), IllegalMoveError),
    ):
        assert not tm.is_legal(state, move)
        with pytest.raises(error):
            tm.apply(state, move)
    draw = next(
        s for s in finished_playout(tm, 3).states(tm) if s.pending is not None and s.pending.kind == "card"
    )
    with pytest.raises(InvalidMoveError):
        tm.apply(draw, tm.CardDrawn(["FX-G1"]))  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        tm.apply(draw, tm.CardDrawn("FX-NOPE"))


@pytest.mark.parametrize("options", [None, tm.Options(automa_finish_timing="on_next_turn")])
def test_fast_end_of_turn_equals_the_general_path(options: tm.Options | None):  # B-8, T-TURN-1, T-RULING-16
    from tabletop_rules.trismaugistus.automa import Work
    from tabletop_rules.trismaugistus.flow import next_turn

    checked = 0
    for seed in range(6):
        for state in finished_playout(tm, seed, options=options).states(tm):
            if state.phase != "play" or state.pending is not None or state.to_move != "human":
                continue
            work = Work(state)
            work.note("", "the human ends the turn")
            assert tm.apply(state, tm.HumanEndTurn(False)) == next_turn(work, "human")
            checked += 1
    assert checked > 50


def test_round_start_menu_reports_are_accepted_by_check_move():  # T-ROUND, spec 1.3
    for state in finished_playout(tm, 4).states(tm):
        if state.phase == "round_start":
            for report in tm.legal_moves(state):
                tm.check_move(state, report)
                assert tm.apply(state, report).phase == "play"


def test_fast_take_paths_equal_the_general_path():  # B-6: the direct path of a take, against Work
    from tabletop_rules.trismaugistus.human import take_ok

    checked = 0
    for seed in range(4):
        for state in finished_playout(tm, seed).states(tm):
            if state.phase != "play" or state.pending is not None:
                continue
            for move in tm.legal_moves(state):
                if not isinstance(move, tm.HumanTakeExperiment | tm.HumanTakeArtifact):
                    continue
                assert take_ok(state, move)
                assert tm.apply(state, move) == general_human_move(state, move)
                checked += 1
                wrong = attrs.evolve(
                    move, **({"face": "lead"} if hasattr(move, "face") else {"colour": "red"})
                )
                assert take_ok(state, wrong) == tm.is_legal(state, wrong)
    assert checked > 20


# The direct predicates of `apply` (its fast paths) accept exactly what `check_move` accepts: a field of
# the wrong type goes to the full check and is refused there with its name, never half-applied.
WRONG_TYPES = [
    (tm.ObjectiveDie(True), "ObjectiveDie.position must be an int in 1..4, not True"),  # type: ignore[arg-type]
    (tm.ObjectiveDie("1"), "ObjectiveDie.position must be an int in 1..4, not '1'"),  # type: ignore[arg-type]
    (tm.HumanTakeExperiment(["copper"], "FX-E01"),  # type: ignore[arg-type]
     "HumanTakeExperiment.face must be one of ['lead', 'tin', 'iron', 'copper', 'mercury', 'wild'], "
     "not ['copper']"),
    (tm.HumanTakeExperiment("copper", ["FX-E01"]),  # type: ignore[arg-type]
     "HumanTakeExperiment.experiment_id must be an experiment id of the pack (a str of 1..200 characters), "
     "not ['FX-E01']"),
    (tm.HumanTakeArtifact(["red"], "FX-A01"),  # type: ignore[arg-type]
     "HumanTakeArtifact.colour must be one of ['red', 'white', 'black'], not ['red']"),
    (tm.HumanDraftDie(["iron"], "red"),  # type: ignore[arg-type]
     "HumanDraftDie.face must be one of ['lead', 'tin', 'iron', 'copper', 'mercury', 'wild'], not ['iron']"),
    (tm.HumanDraftDie("iron", ["red"]),  # type: ignore[arg-type]
     "HumanDraftDie.colour must be one of ['red', 'white', 'black'], not ['red']"),
]  # fmt: skip


@pytest.mark.parametrize(("move", "message"), WRONG_TYPES)
def test_fast_paths_refuse_fields_of_the_wrong_type(move: Any, message: str):  # T-OBJ-4, B-6
    if isinstance(move, tm.ObjectiveDie):
        state = draw(automa_turn(set_up(1, objectives=True), cards=("FX-P1",)), "FX-P1")
        assert state.pending == tm.Pending("objective_die", card_id="FX-P1")
    else:
        state = mid_round()
    with pytest.raises(InvalidMoveError) as info:
        tm.apply(state, move)
    assert str(info.value) == message


def test_chance_outcome_refusals_word_for_word():  # C-1, C-2, C-4, T-RULING-10, T-RULING-30
    card = automa_turn(set_up(1))
    black = draw(automa_turn(set_up(1, objectives=True), cards=("FX-P1",)), "FX-P1")
    roll = automa_turn(
        set_up(1, options=tm.Options(artifact_choice="roll_d6")),
        board_offers=(((), ("FX-A03", "FX-A04"), ())),
        active_die=tm.DieOnTracker("iron", "white", 4, 4),
        dice_used=1,
    )
    roll = draw(roll, "FX-Y5")
    assert roll.pending is not None
    assert roll.pending.kind == "artifact_die"
    cases = [
        (card, tm.ObjectiveDie(1), "ObjectiveDie(position=1) does not answer the pending card"),
        (card, tm.ObjectiveDieRaw(1), "ObjectiveDieRaw(value=1) does not answer the pending card"),
        (card, tm.CardDrawn("FX-P4"), "'FX-P4' is not in the automa's draw pile"),
        (
            mid_round(),
            tm.CardDrawn("FX-P4"),
            "CardDrawn(card_id='FX-P4') is a chance outcome, but no card, die or masterpiece is awaited",
        ),
    ]
    for state, move, message in cases:
        for attempt in (tm.check_move, tm.apply):
            with pytest.raises(IllegalMoveError) as info:
                attempt(state, move)
            assert str(info.value) == message
    # a die face that no die has is not a move at all (the shape check, before any rule)
    invalid = [
        (black, tm.ObjectiveDieRaw(7), "ObjectiveDieRaw.value must be an int in 1..6, not 7"),
        (black, tm.ObjectiveDieRaw(0), "ObjectiveDieRaw.value must be an int in 1..6, not 0"),
        (roll, tm.ArtifactDie(3), "ArtifactDie.slot must be an int in 1..2, not 3"),
        (roll, tm.ArtifactDie(0), "ArtifactDie.slot must be an int in 1..2, not 0"),
    ]
    for state, move, message in invalid:
        for attempt in (tm.check_move, tm.apply):
            with pytest.raises(InvalidMoveError) as info:
                attempt(state, move)
            assert str(info.value) == message


def test_the_trace_of_a_board_report_lists_its_parts():  # T-RULING-17
    assert tm.apply(mid_round(), tm.ReportBoard()).trace == (
        tm.TraceLine("", "board reported (correction): nothing"),
    )
    state = tm.apply(set_up(1, objectives=True), tm.ReportBoard(bowls=bowls(iron={"red": 3})))
    # a report without a reason is the round-start roll before the round, a correction during it
    assert state.trace == (tm.TraceLine("", "board reported (round_start): bowls"),)
    board = state.board
    every = tm.ReportBoard(
        reason="refill", bowls=board.bowls, experiment_areas=board.areas, artifact_offers=board.offers,
        objective_row=board.objectives, bonus_layout=board.bonus_layout,
    )  # fmt: skip
    assert tm.apply(state, every).trace == (
        tm.TraceLine("", "board reported (refill): bowls, areas, offers, objectives, bonus layout"),
    )


def _candidates(states: list[tm.State]) -> list[object]:
    """Every report of the human's turn and every chance outcome seen in ``states``, with the look-alikes
    the direct checks must refuse (a number for a bool, a list for an id)."""
    moves: set[object] = {tm.HumanEndTurn(False), tm.HumanEndTurn(True)}
    for state in states:
        moves.update(tm.legal_moves(state))
        moves.update(m for m, _ in tm.chance_outcomes(state))
    pool: list[object] = [m for m in moves if not isinstance(m, tm.Setup | tm.ReportBoard)]
    pool += [
        tm.HumanEndTurn(1),  # type: ignore[arg-type]
        tm.HumanDraftDie("iron", ["red"]),  # type: ignore[arg-type]
        tm.CardDrawn(["FX-G1"]),  # type: ignore[arg-type]
        tm.HumanTakeExperiment("iron", ("x",)),  # type: ignore[arg-type]
        tm.HumanTakeArtifact(["red"], "x"),  # type: ignore[arg-type]
        tm.ObjectiveDie(True),
    ]
    return pool


@pytest.mark.parametrize("options", [None, tm.Options(automa_finish_timing="on_next_turn")])
def test_apply_accepts_exactly_what_check_move_accepts(options: tm.Options | None) -> None:
    """`apply`'s direct checks (`human_ok`, `take_ok`, `_card_ok`, `_objective_ok`) accept a report or a
    chance outcome only where `check_move` does, in every phase, turn and pending event (B-1, B-5..B-8,
    C-1, C-2): at each state of objective games, each move of a pool gathered from the whole game."""
    checked = accepted = 0
    for seed in range(2):
        start = tm.new_game(options)
        setup = next(m for m in tm.legal_moves(start) if isinstance(m, tm.Setup) and m.objectives_enabled)
        states = list(finished_playout(tm, seed, initial=tm.apply(start, setup)).states(tm))
        pool = _candidates(states)
        for state in states:
            for move in pool:
                legal = tm.is_legal(state, move)
                try:
                    after = tm.apply(state, move)  # type: ignore[arg-type]
                except (IllegalMoveError, InvalidMoveError):
                    assert not legal, (state.phase, state.to_move, move)
                else:
                    assert legal, (state.phase, state.to_move, state.pending, move)
                    accepted += 1
                    if isinstance(move, tm.HumanDraftDie | tm.HumanTakeExperiment | tm.HumanTakeArtifact):
                        general = general_human_move(state, move)
                        assert general is not None
                        assert tm.to_json(after) == tm.to_json(general)
                checked += 1
    assert checked > 3000
    assert accepted > 100
