"""The shared protocol: the module satisfies it, conformance playouts, determinism, the turn cap."""

from __future__ import annotations

import itertools
import pickle

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules import chrononauts as C
from tabletop_rules.core import (
    CHANCE,
    GameNotOverError,
    IllegalMoveError,
    ImperfectInformationGame,
    InvalidMoveError,
    InvalidOptionError,
    random_playout,
)
from tabletop_rules.testing import check_determinism, check_playout, finished_playout

from .helpers import draw, idle, setup

FEW = settings(max_examples=2, deadline=None, database=None)


def test_module_satisfies_the_protocol():
    game: ImperfectInformationGame[C.State, C.Move] = C  # type: ignore[assignment]
    assert game.GAME_INFO.name == "chrononauts"
    assert not C.GAME_INFO.perfect_information
    assert C.GAME_INFO.chance


@pytest.mark.parametrize("players", [2, 4, 6])
@FEW
@given(seed=st.integers(0, 2**32 - 1))
def test_conformance_full_game(players, seed):  # C-SETUP-1, C-CHANCE-1, C-STATE-8
    check_playout(C, seed, initial=C.new_game(players=players), max_moves=200, validate=C.validate)


@pytest.mark.parametrize("players", [2, 4])
@FEW
@given(seed=st.integers(0, 2**32 - 1))
def test_conformance_artifaxx(players, seed):  # C-ARTIFAXX-1
    state = C.new_game({"max_turns": 40}, players=players, variant="artifaxx")
    check_playout(C, seed, initial=state, max_moves=150, validate=C.validate)


@FEW
@given(seed=st.integers(0, 2**32 - 1))
def test_conformance_solonauts(seed):  # C-SOLO-1
    playout = check_playout(C, seed, initial=C.new_game(variant="solonauts"), validate=C.validate)
    assert not playout.truncated  # a single pass through 41 cards always ends (C-SOLO-7)


def test_conformance_full_game_to_the_end():  # C-LOSE-1 or C-WIN-*: random games end
    playout = check_playout(C, 1, initial=C.new_game(players=2), validate=C.validate)
    assert not playout.truncated
    assert C.is_terminal(playout.final)


def test_determinism():  # C-CHANCE-6
    check_determinism(C, 3)
    check_determinism(C, 4, options=C.Options(variant="solonauts"))


def test_random_games_end():  # C-RULING-38: no cap by default, yet random games end
    for seed in range(4):
        playout = finished_playout(C, seed, initial=C.new_game(players=4))
        assert C.is_terminal(playout.final)
        assert sum(1 for m in playout.moves if isinstance(m, C.Play)) > 0


def test_turn_limit_ends_the_game_without_a_winner():  # C-RULING-38, C-TURN-3
    state = idle(setup(2, max_turns=1))
    assert state.result.winner is None
    assert state.result.conditions == ("turn_limit",)
    assert state.log[-1].text == "the turn limit (1) is reached: no winner"
    assert C.outcome(state)["end"] == "turn_limit"
    assert C.returns(state) == (0.0, 0.0)
    solo = setup(1, hands=[["INV-REVERSE-FATE"]], variant="solonauts", max_turns=1)
    solo = C.apply(solo, C.Discard("INV-REVERSE-FATE"))
    for _ in range(10):  # the refill, then the Solonauts turn that passes the limit
        if C.is_terminal(solo):
            break
        solo = C.apply(solo, C.chance_outcomes(solo)[0][0])
    assert C.is_terminal(solo)
    assert solo.result.conditions == ("turn_limit",)
    assert solo.log[-1].text == "the turn limit (1) is reached: no winner"
    assert C.outcome(solo)["end"] == "turn_limit"


def test_turn_cap():  # C-RULING-38
    playout = finished_playout(C, 1, initial=C.new_game({"max_turns": 5}, players=3))
    assert playout.final.turn <= 5
    if playout.final.result.winner is None:
        assert playout.final.result.conditions == ("turn_limit",)
        assert C.returns(playout.final) == (0.0, 0.0, 0.0)


# ------------------------------------------------------------------ check_move, is_legal, apply agree


def _candidates(state: C.State, seen: list[C.Move]) -> list[object]:
    """Moves to try here: the legal ones, moves seen elsewhere, and objects that are no moves at all."""
    cards = state.cards
    extra: list[object] = [
        C.Play("INV-REVERSE-FATE", "JFK"),
        C.Play("ART-REX", True),  # a bool is not a seat
        C.KillTime(("ART-REX",)),
        C.KillTime(["ART-REX"]),  # type: ignore[arg-type]
        C.Draw(cards.deck[0]),
        C.Deal("ID-01"),
        C.FirstPlayer(0),
        C.FirstPlayer(True),  # type: ignore[arg-type]
        C.Mulligan(1),  # type: ignore[arg-type]
        C.Pass(),
        "pass",
        None,
        3,
    ]
    return [*C.legal_moves(state), *(m for m, _ in C.chance_outcomes(state)), *seen[-30:], *extra]


@pytest.mark.parametrize(("players", "variant"), [(3, "chrononauts"), (4, "artifaxx"), (1, "solonauts")])
def test_check_move_and_is_legal_agree_with_legal_moves(players, variant):  # C-PLAY-1
    playout = random_playout(C, 11, initial=C.new_game(players=players, variant=variant), max_moves=250)
    seen: list[C.Move] = []
    for state in playout.states(C):
        legal = [*C.legal_moves(state), *(m for m, _ in C.chance_outcomes(state))]
        for candidate in _candidates(state, seen):
            ok = C.is_legal(state, candidate)
            expected = type(candidate) in C.moves.MOVE_TYPES and _exact(candidate) and candidate in legal
            assert ok == expected, (candidate, state.stack[-1])
            if ok:
                C.check_move(state, candidate)
            else:
                with pytest.raises((IllegalMoveError, InvalidMoveError)):
                    C.check_move(state, candidate)
                with pytest.raises((IllegalMoveError, InvalidMoveError)):
                    C.apply(state, candidate)  # type: ignore[arg-type]
        seen.extend(legal)


def _exact(move: object) -> bool:
    """The fields have their exact types (what `check_move` asks beyond equality)."""
    fields = attrs.astuple(move, recurse=False)
    if isinstance(move, C.Mulligan | C.Declare):
        return type(fields[0]) is bool
    if isinstance(move, C.KillTime):
        return type(move.cards) is tuple
    return all(type(value) is not bool for value in fields)


def test_junk_is_an_invalid_move_and_a_finished_game_takes_none():
    state = C.new_game(players=3)
    for junk in ("pass", None, 3, C.Play(7), C.KillTime(("a", "b", "c"))):  # type: ignore[arg-type]
        with pytest.raises(InvalidMoveError, match=r"expected a Chrononauts move object|must be"):
            C.apply(state, junk)  # type: ignore[arg-type]
        assert not C.is_legal(state, junk)
    final = finished_playout(C, 3, initial=state).final
    with pytest.raises(IllegalMoveError, match="over"):
        C.check_move(final, C.Pass())


def test_the_errors_name_what_they_refuse():  # the sentences the library promises
    with pytest.raises(InvalidOptionError) as error:
        C.new_game(variant="chronos")
    assert str(error.value) == "variant='chronos' is not one of ['chrononauts', 'artifaxx', 'solonauts']"
    with pytest.raises(InvalidOptionError) as error:
        C.new_game(cards={"linchpins": []})  # type: ignore[arg-type]
    assert str(error.value) == "cards must be a CardSet (see load_cards and cards_from_json)"
    final = finished_playout(C, 3, initial=C.new_game(players=3)).final
    with pytest.raises(IllegalMoveError) as error:
        C.apply(final, C.Pass())
    assert str(error.value) == "the game is over; Pass() cannot be applied"
    playing = draw(setup(2))  # P0's play step
    listed = len(C.legal_moves(playing))
    with pytest.raises(IllegalMoveError) as error:
        C.apply(playing, C.Pass())
    assert str(error.value) == f"Pass() is not legal here (player 0 to act at PlayStep; {listed} legal moves)"


def test_a_game_has_four_players_unless_told_otherwise():  # C-SETUP-1, C-ARTIFAXX-1, C-SOLO-1
    assert C.new_game().players == 4
    assert C.new_game(variant="artifaxx").players == 4
    assert C.new_game(variant="solonauts").players == 1
    assert C.new_game({"variant": "solonauts"}).players == 1


def test_legal_lists_what_legal_moves_lists():  # C-PLAY-1, C-MEMO-3
    """`legality.legal` (the engine's listing, on a position) and `legal_moves` (the protocol's, on a
    state, with its own shortcut for reaction windows) list the same moves in the same order."""
    from tabletop_rules.chrononauts.frames import Window
    from tabletop_rules.chrononauts.legality import legal
    from tabletop_rules.chrononauts.position import Position

    windows_with_memos = 0
    for seed in range(4):
        for state in finished_playout(C, seed, initial=C.new_game(players=4)).states(C):
            if C.current_player(state) not in (None, CHANCE):
                assert tuple(legal(Position(state))) == C.legal_moves(state)
                windows_with_memos += type(state.stack[-1]) is Window and len(C.legal_moves(state)) > 1
    assert windows_with_memos  # a polled player held a Memo


def test_a_field_of_another_type_is_invalid_even_when_equal():  # C-PLAY-1: exact field types
    state = draw(setup(3, hands=[["ACT-NEW-MISSION"], []]))
    assert C.Play("ACT-NEW-MISSION", 1) in C.legal_moves(state)
    for look_alike in (C.Play("ACT-NEW-MISSION", 1.0), C.Play("ACT-NEW-MISSION", True)):  # == the seat 1
        assert not C.is_legal(state, look_alike)
        with pytest.raises(InvalidMoveError, match=r"^Play\.target must be .*, not (1\.0|True)$"):
            C.apply(state, look_alike)  # type: ignore[arg-type]


def test_outcome_of_an_unfinished_game_raises():
    with pytest.raises(GameNotOverError):
        C.outcome(C.new_game(players=2))


# ------------------------------------------------------------------ immutability, renamed names


# REL-IMMUTABLE-1: nothing reachable from a state can be changed (shared tables included)
def test_card_and_context_tables_of_a_state_are_read_only():
    state = C.new_game(players=3)
    tables = [
        state.cards.deck_index,
        state.cards.play_cards,
        state.cards.by_id,
        state.cards.linchpin_by_icon,
        state.cards.timeline_by_year,
        state.cards.ripple_index,
        state.ctx.playable_if,
        state.ctx.inverter_targets,
        state.ctx.inverter_masks,
        state.ctx.effects,
        state.ctx.plays,
        state.ctx.kill_times,
    ]
    for table in tables:
        key = next(iter(table))
        with pytest.raises(TypeError):
            table[key] = table[key]  # type: ignore[index]
        with pytest.raises((TypeError, AttributeError)):
            table.clear()  # type: ignore[attr-defined]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.cards.deck = ()  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.ctx.plays = {}  # type: ignore[misc]
    # pickling keeps them read-only
    again = pickle.loads(pickle.dumps(state))
    assert again == state
    with pytest.raises(TypeError):
        again.cards.play_cards["X"] = again.cards.play_cards[again.cards.deck[0]]  # type: ignore[index]


def test_moved_modules_still_serve_their_names_with_a_warning(tmp_path):
    import tabletop_rules.chrononauts.cards as old_cards
    import tabletop_rules.chrononauts.serialize as old_serialize

    with pytest.warns(DeprecationWarning, match="content"):
        assert old_cards.CardSet is C.CardSet
    with pytest.warns(DeprecationWarning, match="MAX_CONTENT_CHARS"):
        assert old_cards.MAX_CARD_TEXT == C.MAX_CONTENT_CHARS
    with pytest.warns(DeprecationWarning, match="validation"):
        assert old_serialize.validate is C.validate
    with pytest.warns(DeprecationWarning, match="cards_from_json"):
        assert C.CardSet.from_text(C.default_cards().data_text) == C.default_cards()
    with pytest.warns(DeprecationWarning, match="state.options|Context.options"):
        assert C.new_game(players=2).ctx.config == C.Options()  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "options", [{}, {"quick_trip_recycle_if_empty": True, "ultraparadox_blocks_artifact_moves": True}]
)
def test_the_quick_check_of_a_harvested_card_agrees_with_legal_moves(options):  # C-TW-1, C-TW-3, C-TW-4
    from tabletop_rules.chrononauts.frames import Harvest
    from tabletop_rules.chrononauts.rules import _surely_legal

    harvests = []
    for seed in range(40):
        playout = random_playout(C, seed, initial=C.new_game(options, players=4), max_moves=1500)
        harvests += [s for s in playout.states(C) if s.stack and type(s.stack[-1]) is Harvest]
        if len({s.stack[-1].source for s in harvests}) == 2 and len(harvests) >= 12:
            break
    assert {s.stack[-1].source for s in harvests} == {"discard", "draw"}
    for state in harvests[:12]:
        legal = set(C.legal_moves(state))
        assert legal
        for play in state.ctx.plays.values():  # every card with every target a play may name
            assert _surely_legal(state, state.stack[-1], play) is (play in legal), play
        assert not _surely_legal(state, state.stack[-1], C.Play("no such card"))
        assert not _surely_legal(state, state.stack[-1], C.Pass())


def test_legal_moves_of_the_last_state_asked_are_its_own() -> None:
    """The one-state memo of `legal_moves` answers only for that very state: alternating between the
    states of a game, and a state read back from JSON, always gives each state's own moves."""
    from tabletop_rules.chrononauts.legality import _legal_moves
    from tabletop_rules.core import random_playout

    playout = random_playout(C, 7, max_moves=300)
    states = list(playout.states(C))
    for earlier, later in itertools.pairwise(states):
        for state in (later, earlier, later, C.from_json(C.to_json(earlier))):
            assert C.legal_moves(state) == _legal_moves(state)


def test_decision_player_is_none_at_chance_nodes_and_the_seat_at_decisions() -> None:
    """`decision_player` names the seat to decide, and is None (not the CHANCE marker) at chance nodes."""
    from tabletop_rules.chrononauts.legality import decision_player
    from tabletop_rules.core import CHANCE, random_playout

    playout = random_playout(C, 11, max_moves=200)
    kinds = set()
    for state in playout.states(C):
        actor = C.current_player(state)
        expected = actor if type(actor) is int else None
        assert decision_player(state) == expected
        kinds.add("chance" if actor is CHANCE else "decision")
    assert kinds == {"chance", "decision"}
