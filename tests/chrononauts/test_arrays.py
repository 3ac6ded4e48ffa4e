"""The Chrononauts numpy encodings: the same numbers as the tuples, for every seat, and nothing hidden.

`observation_array` and `information_state_array` write straight from the state (not through
the `View`) and cache parts of it, so they are checked against the tuple functions (built from
the `View`) at every node of seeded random games of every variant and player count, in play
order and out of order, and against states that differ only in what another seat hides.
"""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_rules import chrononauts as C
from tabletop_rules.chrononauts import actions as A
from tabletop_rules.chrononauts import array_blocks, history_counts
from tabletop_rules.chrononauts import tensors as T
from tabletop_rules.chrononauts.history import Event, History
from tabletop_rules.chrononauts.state import QueueEntry
from tabletop_rules.core import CHANCE, evolve, random_playout
from tabletop_rules.core.errors import InvalidRequestError, InvalidStateError
from tabletop_rules.testing.configs import all_configs
from tabletop_rules.testing.encodings import check_encodings

np = pytest.importorskip("numpy")

STARTS = [config for config in all_configs() if config.module_name == "chrononauts"]
RULINGS = {
    "fast_forward_mode": ("draw2_play2", "two_extra_turns"),
    "memo_can_counter_memo": (False, True),
    "memo_poll_all_players": (False, True),
    "memo_consumes_play": (False, True),
    "quick_trip_recycle_if_empty": (False, True),
    "goal_pile_model": ("random_top_fifo_bottom", "reshuffle"),
    "nullified_patch_destination": ("discard", "out_of_game"),
    "artifaxx_ypnm": ("remove", "as_it_never_existed"),
    "time_vortex_deal": ("round_robin_from_player", "restore_sizes"),
    "killing_time_in_effect_plays": (False, True),
}
PLAYERS = {"chrononauts": (2, 6), "artifaxx": (2, 4), "solonauts": (1, 1)}
SLOW = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _states(state: Any, seed: int, max_moves: int) -> list[Any]:
    return list(random_playout(C, seed, initial=state, max_moves=max_moves).states(C))


def _game(variant: str, players: int, rulings: dict[str, Any], seed: int, max_moves: int = 400) -> list[Any]:
    options = {"variant": variant, "max_turns": 25, **rulings}
    return _states(C.new_game(options, players=players), seed, max_moves)


def _tuple_rows(state: Any, player: int) -> tuple[Any, Any]:
    observation = np.asarray(T.observation_tensor(state, player), np.float32)
    return observation, np.asarray(T.information_state_tensor(state, player), np.float32)


def _assert_equal_to_the_tuples(states: list[Any]) -> None:
    for k, state in enumerate(states):
        for player in range(state.players):
            observation, information = _tuple_rows(state, player)
            row = T.observation_array(state, player)
            assert row.dtype == np.float32
            assert np.array_equal(row, observation), (k, player)
            assert np.array_equal(T.information_state_array(state, player), information), (k, player)


@SLOW
@given(
    variant=st.sampled_from(sorted(PLAYERS)),
    data=st.data(),
    rulings=st.fixed_dictionaries({}, optional={k: st.sampled_from(v) for k, v in RULINGS.items()}),
    seed=st.integers(0, 2**32 - 1),
)
def test_arrays_equal_the_tuples_at_every_node_for_every_seat(
    variant: str, data: Any, rulings: dict[str, Any], seed: int
) -> None:
    """REL-ARRAYS-3: seeded random games of every variant, 1 to 6 players, drawn rulings."""
    players = data.draw(st.integers(*PLAYERS[variant]), label="players")
    _assert_equal_to_the_tuples(_game(variant, players, rulings, seed, max_moves=250))


@pytest.mark.parametrize("config", STARTS, ids=lambda c: c.label)
def test_the_conformance_check_passes_along_a_game_of_each_configuration(config: Any) -> None:
    """REL-ARRAYS-3: batch and seats forms, reused `out` arrays and the mask (`testing.encodings`)."""
    states = _states(config.start(C), seed=len(config.label), max_moves=3000)
    assert states[-1].result is not None or len(states) == 3001
    for k, state in enumerate([*states[:: max(1, len(states) // 40)], states[-1]]):
        check_encodings(C, state, context=f"{config.label} state {k}")


def test_long_games_read_in_any_order_and_with_small_caches(monkeypatch: pytest.MonkeyPatch) -> None:
    """REL-ARRAYS-3: the history summary's caches (per chunk, per tail) give the same rows whatever
    the order states are read in, across games, and when the caches are emptied often."""
    monkeypatch.setattr(history_counts, "_CACHE_SIZE", 7)
    monkeypatch.setattr(history_counts, "_EFFECTS", 11)
    monkeypatch.setattr(array_blocks, "CACHE_SIZE", 5)
    long_games = (_states(C.new_game(players=n), seed, 1500) for seed in range(40) for n in (3, 4))
    games = [g for g in long_games if len(g[-1].log) > 5 * 64][:2]  # several shared history chunks
    assert len(games) == 2
    rng = random.Random(1)
    picks = [(rng.choice(games), rng.randrange(1500)) for _ in range(40)]
    _assert_equal_to_the_tuples([game[min(k, len(game) - 1)] for game, k in picks])
    _assert_equal_to_the_tuples(games[0][::-97])  # backwards: every tail read is a new one


def test_mask_marks_exactly_the_legal_decisions() -> None:
    checked = chance = 0
    for config in STARTS:
        for state in _states(config.start(C), seed=5, max_moves=600):
            mask = A.legal_action_mask(state)
            assert mask.dtype == np.int8
            assert mask.shape == (A.num_actions(state),)
            ids = sorted(A.move_to_action(state, m) for m in C.legal_moves(state))
            assert np.flatnonzero(mask).tolist() == ids == A.legal_action_ids(state)
            if C.current_player(state) in (CHANCE, None):
                assert not mask.any()
                chance += 1
            checked += 1
    assert checked > 1000
    assert chance > 100


def test_mask_of_a_finished_game_is_all_zero_and_out_is_cleared() -> None:
    state = _game("chrononauts", 2, {}, seed=3, max_moves=20_000)[-1]
    assert state.result is not None
    out = np.ones(A.num_actions(state), np.int8)
    assert A.legal_action_mask(state, out) is out
    assert not out.any()
    assert A.legal_action_ids(state) == []


def test_out_arrays_are_written_in_place_and_reused() -> None:
    """REL-ARRAYS-3: a used `out` row holds exactly the new encoding (every stale value cleared)."""
    states = _game("chrononauts", 4, {}, seed=8)[40::40]
    size, info_size = T.observation_tensor_size(states[0]), T.information_state_tensor_size(states[0])
    row, info = np.full(size, 0.75, np.float32), np.full(info_size, 0.75, np.float32)
    mask = np.ones(A.num_actions(states[0]), np.int8)
    for state in states:
        for player in range(4):
            observation, information = _tuple_rows(state, player)
            assert T.observation_array(state, player, out=row) is row
            assert np.array_equal(row, observation)
            assert T.information_state_array(state, player, info) is info
            assert np.array_equal(info, information)
        assert A.legal_action_mask(state, out=mask) is mask
        assert np.array_equal(mask, A.legal_action_mask(state))


def test_batch_and_seats_forms() -> None:
    states = _game("chrononauts", 3, {}, seed=4)[10:200:19]
    players = [k % 3 for k in range(len(states))]
    expected = np.stack([_tuple_rows(s, p)[0] for s, p in zip(states, players, strict=True)])
    assert np.array_equal(T.observation_batch(states, players), expected)
    assert np.array_equal(T.observation_batch(tuple(states), players), expected)
    info = np.stack([_tuple_rows(s, 2)[1] for s in states])
    out = np.full(info.shape, 9.0, np.float32)
    assert T.information_state_batch(states, 2, out=out) is out
    assert np.array_equal(out, info)
    state = states[-1]
    seats = T.observation_seats(state)
    assert seats.shape == (3, T.observation_tensor_size(state))
    assert np.array_equal(seats, np.stack([_tuple_rows(state, p)[0] for p in range(3)]))
    table = np.zeros((3, T.information_state_tensor_size(state)), np.float32)
    assert T.information_state_seats(state, out=table) is table
    assert np.array_equal(table, np.stack([_tuple_rows(state, p)[1] for p in range(3)]))
    assert T.observation_batch([], []).shape == (0, 0)


@pytest.mark.parametrize(
    "out",
    [
        [0.0] * 559,
        np.zeros(559, np.float64),
        np.zeros(560, np.float32),
        np.zeros((1, 559), np.float32),
        np.zeros(1118, np.float32)[::2],
        np.zeros(839, np.float32),
    ],
    ids=["list", "float64", "too-long", "2-d", "strided", "information-size"],
)
def test_a_wrong_out_array_is_refused_untouched(out: Any) -> None:
    """REL-ARRAYS-1: an `out` that is not the row the encoding writes is refused, left as it was."""
    state = C.new_game(players=4)
    before = np.array(out, copy=True)
    with pytest.raises(InvalidRequestError, match=r"^observation_array: out must"):
        T.observation_array(state, 0, out=out)
    assert np.array_equal(np.asarray(out), before)
    with pytest.raises(InvalidRequestError, match=r"^legal_action_mask: out must"):
        A.legal_action_mask(state, out=np.zeros(A.num_actions(state), np.float32))


def test_a_read_only_out_is_refused() -> None:
    """REL-ARRAYS-1."""
    state = C.new_game(players=2)
    out = np.zeros(T.information_state_tensor_size(state), np.float32)
    out.flags.writeable = False
    with pytest.raises(InvalidRequestError, match="writeable"):
        T.information_state_array(state, 1, out)


@pytest.mark.parametrize("player", [2, -1, None, True, 1.0, "1", np.int64(1)], ids=repr)
def test_a_bad_player_is_refused(player: Any) -> None:
    state = C.new_game(players=2)
    for encode in (T.observation_array, T.information_state_array, T.observation_tensor):
        with pytest.raises(InvalidRequestError, match="no player"):
            encode(state, player)
    with pytest.raises(InvalidRequestError, match=r"no player|players must be"):
        T.observation_batch([state], player)
    with pytest.raises(InvalidRequestError, match="no player"):
        T.information_state_batch([state], [player])


@pytest.mark.parametrize("state", [None, "state", 3, object()], ids=repr)
def test_a_non_state_is_refused_with_a_typed_error(state: Any) -> None:
    functions: list[Callable[[], object]] = [
        lambda: T.observation_array(state, 0),
        lambda: T.information_state_array(state, 0),
        lambda: T.observation_tensor(state, 0),
        lambda: T.information_state_tensor(state, 0),
        lambda: T.observation_seats(state),
        lambda: T.information_state_seats(state),
        lambda: T.observation_batch([state], 0),
        lambda: T.information_state_batch([C.new_game(players=2), state], 0),
        lambda: A.legal_action_mask(state),
        lambda: A.legal_action_ids(state),
    ]
    for call in functions:
        with pytest.raises(InvalidStateError, match="chrononauts State"):
            call()


def test_batches_refuse_bad_arguments() -> None:
    two, three = C.new_game(players=2), C.new_game(players=3)
    with pytest.raises(InvalidRequestError, match="list or tuple"):
        T.observation_batch(iter([two]), 0)  # type: ignore[arg-type]
    with pytest.raises(InvalidRequestError, match="2 players for 1 states"):
        T.observation_batch([two], [0, 1])
    with pytest.raises(InvalidRequestError, match="out must"):
        T.observation_batch([two, three], 0)  # rows of two sizes
    with pytest.raises(InvalidRequestError, match="out must"):
        T.information_state_seats(two, out=np.zeros((3, T.information_state_tensor_size(two)), np.float32))


# --- privacy -------------------------------------------------------------------------------------------


def _swap_hidden(state: Any, other: int, rng: random.Random) -> Any:
    """`state` with `other`'s hand, ID and Mission, the goal piles and the order of hidden queued goal
    cards changed to what they might have been (sizes kept)."""
    hands = [list(h) for h in state.hands]
    draw = list(state.draw_pile)
    for k, card in enumerate(hands[other]):
        choices = [i for i, n in enumerate(draw) if n and state.cards.deck[i] != card]
        if choices:
            new = rng.choice(choices)
            draw[new] -= 1
            draw[state.cards.deck_index[card]] += 1
            hands[other][k] = state.cards.deck[new]
    changes: dict[str, Any] = {"hands": tuple(tuple(sorted(h)) for h in hands), "draw_pile": tuple(draw)}
    if state.ids[other] and state.id_pile:
        new_id = sorted(state.id_pile)[0]
        changes["ids"] = tuple(new_id if p == other else x for p, x in enumerate(state.ids))
        changes["id_pile"] = state.id_pile - {new_id} | {state.ids[other]}
    if state.missions[other] and state.mission_pile:
        new_mission = sorted(state.mission_pile)[0]
        changes["missions"] = tuple(new_mission if p == other else x for p, x in enumerate(state.missions))
        changes["mission_pile"] = state.mission_pile - {new_mission} | {state.missions[other]}
    return evolve(state, **changes)


def _rewrite_private_lines(state: Any, other: int, rng: random.Random) -> Any:
    """`state` whose history lines private to `other` read another card (their public text kept)."""
    names = [state.cards.name(c) for c in state.cards.deck]
    events = []
    for text, private_to, private_text in state.log.records():
        rewritten = f"P{other} draws {rng.choice(names)}"
        changed = private_to == other and " draws " in private_text
        events.append(Event(text, private_to, rewritten if changed else private_text))
    return evolve(state, log=History(events))


def _queue_other(state: Any, viewer: int) -> Any:
    """`state` whose queued goal cards hidden from `viewer` are swapped with cards of the piles."""

    def hidden(entry: QueueEntry) -> bool:
        return not entry.revealed and entry.returned_by != viewer

    changes: dict[str, Any] = {}
    for queue, pile in (("id_queue", "id_pile"), ("mission_queue", "mission_pile")):
        entries, cards = list(getattr(state, queue)), set(getattr(state, pile))
        for k, entry in enumerate(entries):
            if hidden(entry) and cards:
                card = sorted(cards)[0]
                cards = cards - {card} | {entry.card}
                entries[k] = QueueEntry(card, entry.returned_by, entry.revealed)
        changes[queue], changes[pile] = tuple(entries), frozenset(cards)
    return evolve(state, **changes)


def test_another_players_hidden_cards_and_private_lines_never_change_a_row() -> None:
    """REL-ARRAYS-4: what another seat hides (hand, ID, Mission, goal piles, hidden queued goal cards,
    the draw pile's order and their private history lines) never changes a player's rows; the seat
    that holds them sees the change."""
    rng = random.Random(0)
    checked = 0
    for seed in range(4):
        options = {"max_turns": 12, "goal_pile_model": "reshuffle"} if seed % 2 else {"max_turns": 12}
        for state in _states(C.new_game(options, players=3), seed, max_moves=500)[5::9]:
            if state.result is not None:
                continue  # the winner's goal cards become public at the end (C-WIN-5)
            for viewer in range(3):
                other = (viewer + 1) % 3
                changed = _rewrite_private_lines(_swap_hidden(state, other, rng), other, rng)
                changed = _queue_other(changed, viewer)
                for encode in (T.observation_array, T.information_state_array):
                    assert np.array_equal(encode(changed, viewer), encode(state, viewer))
                seats, seats_before = T.information_state_seats(changed), T.information_state_seats(state)
                assert np.array_equal(seats[viewer], seats_before[viewer])
                if changed.hands[other] != state.hands[other]:
                    assert not np.array_equal(
                        T.observation_array(changed, other), T.observation_array(state, other)
                    )
                    checked += 1
    assert checked > 30


def test_threads_reading_the_same_games_get_the_rows_of_one_thread() -> None:
    """REL-ARRAYS-3, REL-THREADS-1: the history summary's running counts are never changed by two
    threads at once (each run is taken out of its cache while in use): threads that read the states
    of the same games in different orders, switching as often as the interpreter allows, get the rows
    that one thread gets."""
    games = [_states(C.new_game(players=n), seed=n, max_moves=700) for n in (3, 4)]
    states = [state for game in games for state in game[::3]]
    expected = [T.information_state_array(s, k % s.players).tobytes() for k, s in enumerate(states)]
    array_blocks.BY_CONTEXT.clear()  # every thread starts from empty caches
    found: dict[int, list[bytes]] = {}
    barrier = threading.Barrier(4)

    def read(order: int) -> None:
        picks = list(range(len(states)))
        if order:
            random.Random(order).shuffle(picks)
        rows: list[bytes] = [b""] * len(states)
        barrier.wait()
        for k in picks:
            rows[k] = T.information_state_array(states[k], k % states[k].players).tobytes()
        found[order] = rows

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=read, args=(order,)) for order in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert sorted(found) == [0, 1, 2, 3]
    for rows in found.values():
        assert rows == expected


def test_private_lines_that_count_otherwise_than_their_public_text() -> None:
    """REL-ARRAYS-3, C-VIEW-5: a seat that reads a private line counting another seat, or another play,
    than its public text gets the summary of what it reads (the corrections of the shared counts),
    across history chunks and as the corrections cancel out; every other seat reads the public text."""
    states = _states(C.new_game(players=3), seed=2, max_moves=900)
    state = states[-1]
    names = [state.cards.name(c) for c in state.cards.deck]
    events = []
    for k, (text, private_to, private_text) in enumerate(state.log.records()):
        seat, reader, card = k % 3, (k + 1) % 3, names[k % 5]
        if k % 7 == 3:  # a private play of another seat behind a public line of this one
            events.append(Event(f"P{seat} draws a card", reader, f"P{(k + 2) % 3} plays {card}"))
        elif k % 7 == 5:  # and back: a public play that one seat reads as a draw
            events.append(Event(f"P{(k + 2) % 3} plays {card}", reader, f"P{seat} draws a card"))
        else:
            events.append(Event(text, private_to, private_text))
    assert len(events) > 3 * 64
    rewritten = [evolve(state, log=History(events[:n])) for n in (5, 6, 70, 130, 131, len(events))]
    _assert_equal_to_the_tuples(rewritten)
