"""The direct paths of the hot moves build exactly what the general path (a `Work` copy, a menu) builds."""

from __future__ import annotations

import random

import attrs
import pytest

from tabletop_rules import trismaugistus as tm
from tabletop_rules.testing import finished_playout
from tabletop_rules.trismaugistus.automa import Work
from tabletop_rules.trismaugistus.flow import _setup_game, setup_game
from tabletop_rules.trismaugistus.reports import (
    _round_candidates,
    human_turn_menu,
    offered_at_round_start,
    round_start_menu,
)
from tabletop_rules.trismaugistus.state import AutomaState, trace_line
from tabletop_rules.trismaugistus.vocabulary import COLOURS, DICE_PER_ROUND, FACES

from .helpers import general_human_move

OPTIONS = [
    None,
    tm.Options(automa_finish_timing="on_next_turn", purple_discard_timing="end_of_turn"),
    tm.Options(artifact_choice="roll_d6", reshuffle_timing="on_draw"),
]


def _states(options: tm.Options | None, seeds: range) -> list[tm.State]:
    out: list[tm.State] = []
    for seed in seeds:
        start = tm.new_game(options)
        setup = [m for m in tm.legal_moves(start) if isinstance(m, tm.Setup)][seed * 7 % 144]
        out.extend(finished_playout(tm, seed, initial=tm.apply(start, setup)).states(tm))
    return out


def _reference_menu(state: tm.State) -> tuple[object, ...]:
    """The human's menu written out plainly, in its documented order (drafts, takes, objectives, ends)."""
    board = state.board
    drafted_all = state.human_dice >= DICE_PER_ROUND
    moves: list[object] = []
    if not drafted_all:
        moves += [
            tm.HumanDraftDie(f, c)
            for f, counts in zip(FACES, board.bowls, strict=True)
            for c, n in zip(COLOURS, counts, strict=True)
            if n
        ]
    moves += [tm.HumanTakeExperiment(f, e) for f, ids in zip(FACES, board.areas, strict=True) for e in ids]
    moves += [tm.HumanTakeArtifact(c, a) for c, ids in zip(COLOURS, board.offers, strict=True) for a in ids]
    if state.objectives_enabled:
        moves += [tm.HumanCompleteObjective(i + 1) for i, s in enumerate(board.objectives) if s.face_up]
    moves.append(tm.HumanEndTurn(False))
    if drafted_all or not any(any(c) for c in board.bowls):
        moves.append(tm.HumanEndTurn(True))
    return tuple(moves)


@pytest.mark.parametrize("options", OPTIONS)
def test_menu_parts_equal_the_plain_menu(options):  # B-5..B-8, spec 1.3
    checked = 0
    for state in _states(options, range(4)):
        if state.phase == "play" and state.pending is None and state.to_move == "human":
            assert human_turn_menu(state) == _reference_menu(state)
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("options", OPTIONS)
def test_round_start_offer_equals_membership_of_the_menu(options):  # T-ROUND, spec 1.3
    checked = 0
    for state in _states(options, range(4)):
        if state.phase != "round_start":
            continue
        menu = round_start_menu(state)
        for candidate, _ in _round_candidates(state.pack)[state.round]:
            assert offered_at_round_start(state, candidate) == any(m is candidate for m in menu)
            checked += 1
        # an equal copy is not a shared menu object: it goes through check_move (and is still legal)
        copy = attrs.evolve(menu[0])
        assert not offered_at_round_start(state, copy)
        assert tm.apply(state, copy) == tm.apply(state, menu[0])
    assert checked > 20


@pytest.mark.parametrize("options", OPTIONS)
def test_direct_human_moves_equal_the_work_path(options):  # B-5, B-6
    checked = 0
    for state in _states(options, range(3)):
        if state.phase != "play" or state.pending is not None or state.to_move != "human":
            continue
        for move in tm.legal_moves(state):
            general = general_human_move(state, move)
            if general is None:
                continue
            fast = tm.apply(state, move)
            assert fast == general
            assert tm.to_json(fast) == tm.to_json(general)
            checked += 1
    assert checked > 100


def test_work_with_a_new_board_equals_a_state_with_it():  # the board report's working copy
    for state in _states(None, range(2))[::5]:
        mirror = attrs.evolve(state.board, bowls=((1, 1, 1), *state.board.bowls[1:]))
        assert Work(state, board=mirror).freeze() == Work(attrs.evolve(state, board=mirror)).freeze()


def test_the_shared_setup_state_equals_a_fresh_one():  # T-SETUP
    start = tm.new_game()
    for setup in tm.legal_moves(start)[::11]:
        shared = setup_game(tm.new_game(), setup)
        assert shared == _setup_game.__wrapped__(start, setup)
        assert shared is setup_game(tm.new_game(), setup)
        assert tm.to_json(shared) == tm.to_json(_setup_game.__wrapped__(start, setup))


def test_the_state_builders_equal_the_constructors() -> None:
    """`State._built` and `AutomaState._built` (`core.frozen.native_record`) build the record the
    constructor builds, holding the very values given (ints compared by value: the compiled build keeps
    them unboxed)."""
    for state in _states(OPTIONS[1], range(2))[::7]:
        fields = attrs.asdict(state, recurse=False)
        built = tm.State._built(**fields)
        assert type(built) is tm.State
        assert built == tm.State(**fields) == state
        assert hash(built) == hash(state)
        for name, value in fields.items():
            assert getattr(built, name) is value or (type(value) is int and getattr(built, name) == value)
        automa_fields = attrs.asdict(state.automa, recurse=False)
        automa = AutomaState._built(**automa_fields)
        assert type(automa) is AutomaState
        assert automa == AutomaState(**automa_fields) == state.automa
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            built.round = 9  # type: ignore[misc]


def test_new_games_share_one_initial_state() -> None:
    """`new_game` returns one frozen state per pack and options, equal to the one the constructor builds."""
    first = tm.new_game()
    assert tm.new_game() is first
    assert first == tm.State(pack=first.pack, options=first.options)
    chosen = tm.Options(artifact_choice="roll_d6")
    assert tm.new_game({"artifact_choice": "roll_d6"}) is tm.new_game(chosen)
    assert tm.new_game(chosen) is not first
    assert tm.new_game(chosen).options == chosen


def test_a_card_draw_samples_as_its_fractions_do() -> None:  # C-1: every card of the pile equally likely
    """The card draw's `WeightedOutcomes` reads as the pairs (card, 1/n) in card order, and the sampler
    draws from it, seed for seed, the card it draws from those pairs as a tuple."""
    from fractions import Fraction

    from tabletop_rules.core import WeightedOutcomes, sample_outcome

    drawn = 0
    for state in _states(None, range(2)):
        if state.pending is None or state.pending.kind != "card":
            continue
        outcomes = tm.chance_outcomes(state)
        assert isinstance(outcomes, WeightedOutcomes)
        pile = sorted(state.automa.draw_pile or state.automa.discard)
        pairs = [(tm.CardDrawn(card_id=c), Fraction(1, len(pile))) for c in pile]
        assert list(outcomes) == pairs
        for seed in range(3):
            assert sample_outcome(outcomes, random.Random(seed)) == sample_outcome(
                tuple(pairs), random.Random(seed)
            )
        drawn += 1
    assert drawn > 20


def test_trace_line_builds_a_trace_line() -> None:
    line = trace_line("T-ACT-8", "gain gold: gold +1 -> 3")
    assert type(line) is tm.TraceLine
    assert line == tm.TraceLine("T-ACT-8", "gain gold: gold +1 -> 3")
    assert (line.clause, line.text) == ("T-ACT-8", "gain gold: gold +1 -> 3")


def test_a_parsed_board_correction_is_legal_though_not_on_the_menu() -> None:
    """A report can describe any valid board: ``report`` between turns parses to an empty correction, which
    the rules accept though the finite menu does not list it (the stateful machine checks `is_legal`)."""
    state = tm.new_game()
    state = tm.apply(state, tm.legal_moves(state)[0])
    state = tm.apply(state, tm.legal_moves(state)[0])
    move = tm.parse_move(state, "report")
    assert move == tm.ReportBoard()
    assert move not in tm.legal_moves(state)
    assert tm.is_legal(state, move)
