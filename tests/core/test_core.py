"""The shared protocol's helpers and errors."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from tabletop_rules import core, valandris
from tabletop_rules.core import (
    CHANCE,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidStateError,
    TabletopRulesError,
    random_playout,
    sample_outcome,
)
from tabletop_rules.testing import ConformanceError, check_state, finished_playout
from tabletop_rules.testing.conformance import _FixedPoint  # a random source that returns one point


def test_errors_are_value_errors():
    for error in (
        InvalidMoveError,
        IllegalMoveError,
        AmbiguousMoveError,
        InvalidStateError,
        InvalidOptionError,
    ):
        assert issubclass(error, TabletopRulesError)
        assert issubclass(error, ValueError)


def test_chance_sentinel():
    assert repr(CHANCE) == "CHANCE"
    assert CHANCE is core.ChanceType.CHANCE


def test_sample_outcome_is_exact_and_reproducible():
    outcomes = [("a", Fraction(1, 3)), ("b", Fraction(1, 6)), ("c", Fraction(1, 2))]
    rng = random.Random(0)
    counts = Counter(sample_outcome(outcomes, rng) for _ in range(6000))
    assert set(counts) == {"a", "b", "c"}
    assert abs(counts["a"] - 2000) < 200
    assert abs(counts["b"] - 1000) < 150
    first = [sample_outcome(outcomes, random.Random(9)) for _ in range(5)]
    assert first == [sample_outcome(outcomes, random.Random(9)) for _ in range(5)]
    with pytest.raises(ValueError, match="sum"):
        sample_outcome([("a", Fraction(1, 3))], rng)
    with pytest.raises(ValueError, match="no chance"):
        sample_outcome([], rng)


def test_random_playout_truncation_and_replay():
    playout = random_playout(valandris, seed=5, max_moves=10)
    assert playout.truncated
    assert len(playout.moves) == 10
    states = list(playout.states(valandris))
    assert states[0] == playout.initial
    assert states[-1] == playout.final
    full = random_playout(valandris, seed=5, max_moves=10_000)
    assert full.moves[:10] == playout.moves
    assert not full.truncated


def test_finished_playout_is_the_random_playout_and_fails_when_the_game_goes_on():
    full = finished_playout(valandris, 5)
    assert full == random_playout(valandris, 5, max_moves=20_000)
    assert not full.truncated
    assert valandris.is_terminal(full.final)
    with pytest.raises(ConformanceError) as info:
        finished_playout(valandris, 5, max_moves=10)  # the tests' bound: a game that never ends fails
    assert str(info.value) == "seed 5: the game has not ended after 10 moves"


def test_random_playout_with_agents():
    def first_move(state, rng):
        return valandris.legal_moves(state)[0]

    playout = random_playout(valandris, seed=1, agents=[first_move, first_move], max_moves=10_000)
    again = random_playout(valandris, seed=1, agents=[first_move, first_move], max_moves=10_000)
    assert playout == again
    assert not playout.truncated
    steps = zip(playout.states(valandris), playout.moves, strict=False)
    decisions = [(state, move) for state, move in steps if valandris.current_player(state) is not core.CHANCE]
    assert decisions
    assert all(move == valandris.legal_moves(state)[0] for state, move in decisions)


def test_game_modules_satisfy_the_protocol():
    game: core.Game[valandris.State, valandris.Move] = valandris  # checked by mypy in the strict run too
    assert game.GAME_INFO.name == "valandris"


def test_conformance_detects_a_broken_game():
    class Broken:
        """Valandris with a mutating-looking bug: returns nonzero before the end."""

        GAME_INFO = valandris.GAME_INFO

        def __getattr__(self, name):
            return getattr(valandris, name)

        @staticmethod
        def returns(state):
            return (1.0, -1.0)

    with pytest.raises(ConformanceError, match="returns"):
        check_state(Broken(), valandris.new_game())  # type: ignore[arg-type]


def test_a_record_without_its_final_hash_is_refused():
    from tabletop_rules import valandris as v
    from tabletop_rules.core import InvalidStateError, make_record, random_playout, replay

    game = random_playout(v, seed=3, max_moves=30)
    record = make_record(v, game.initial, game.moves, seed=3)
    assert len(replay(v, record)) == 31
    truncated = {**record, "moves": record["moves"][:-1]}
    with pytest.raises(InvalidStateError, match="final_sha256"):
        replay(v, truncated)
    without_hash = {k: value for k, value in record.items() if k != "final_sha256"}
    with pytest.raises(InvalidStateError, match=r"lacks \['final_sha256'\]"):
        replay(v, without_hash)


@pytest.mark.parametrize(
    "change",
    [
        {"moves": "place L A3"},
        {"moves": [1]},
        {"initial": []},
        {"final_sha256": "x" * 64},
        {"seed": 1.5},
        {"game_version": True},
        {"initial": {"a": {1, 2}}},
        {"extra": 1},
    ],
)
def test_an_odd_record_raises_invalid_state_error(change):
    from tabletop_rules import valandris as v
    from tabletop_rules.core import InvalidStateError, make_record, random_playout, replay

    game = random_playout(v, seed=3, max_moves=5)
    record = {**make_record(v, game.initial, game.moves, seed=3), **change}
    with pytest.raises(InvalidStateError):
        replay(v, record)


def test_a_deeply_nested_record_raises_invalid_state_error():
    from tabletop_rules import valandris as v
    from tabletop_rules.core import InvalidStateError, replay

    nested: dict[str, object] = {}
    for _ in range(100_000):
        nested = {"a": nested}
    with pytest.raises(InvalidStateError):
        replay(v, {"format": "tabletop-record", "initial": nested})


# REL-THREADS-1: sampling from many threads at once
def test_sampling_is_thread_safe_and_a_list_is_never_cached():
    import threading
    from fractions import Fraction

    from tabletop_rules.core import sample_outcome

    distributions = [tuple((i, Fraction(1, n)) for i in range(n)) for n in range(1, 60)]
    errors: list[BaseException] = []

    def work(seed: int) -> None:
        rng = random.Random(seed)
        try:
            for _ in range(3000):
                outcomes = rng.choice(distributions)
                assert 0 <= sample_outcome(outcomes, rng) < len(outcomes)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    outcomes = [("a", Fraction(1))]
    assert sample_outcome(outcomes, random.Random(0)) == "a"
    outcomes[0] = ("b", Fraction(1))  # the same list, changed after it was sampled
    assert sample_outcome(outcomes, random.Random(0)) == "b"


def test_weighted_outcomes_are_the_pairs_of_their_positive_weights():
    """`WeightedOutcomes` lists each move of positive weight with weight / denominator, in order;
    a move of weight 0 (a card with no copy left) is not an outcome, and the sampler never picks it."""
    outcomes = core.WeightedOutcomes(("a", "b", "c", "d"), (2, 2, 5, 6), 6)
    expected = (("a", Fraction(1, 3)), ("c", Fraction(1, 2)), ("d", Fraction(1, 6)))
    assert outcomes.pairs() == expected
    assert len(outcomes) == 3
    assert tuple(outcomes) == expected
    assert outcomes[1] == ("c", Fraction(1, 2))
    assert outcomes[1:] == expected[1:]
    assert outcomes == list(expected)
    assert outcomes == expected
    assert list(expected) == outcomes  # the reflected comparison too
    assert outcomes != expected[:2]
    assert outcomes != "abc"
    assert "WeightedOutcomes" in repr(outcomes)
    with pytest.raises(TypeError):
        hash(outcomes)
    # each point of the denominator picks the move whose share holds it: 0-1 a, 2-4 c, 5 d
    picks = [core.sample_outcome(outcomes, _FixedPoint(point)) for point in range(6)]
    assert picks == ["a", "a", "c", "c", "c", "d"]
    rng = random.Random(3)
    counts = Counter(core.sample_outcome(outcomes, rng) for _ in range(6000))
    assert set(counts) == {"a", "c", "d"}
    assert 0.45 < counts["c"] / 6000 < 0.55


def test_weighted_outcomes_refuse_weights_that_are_not_a_distribution():
    for moves, cumulative, denominator in (
        (("a", "b"), (1,), 1),  # one weight short
        ((), (), 0),  # nothing at all
        (("a", "b"), (2, 1), 2),  # a negative weight
        (("a", "b"), (1, 2), 3),  # the weights do not reach the denominator
        (("a",), (1.0,), 1),  # not an integer
    ):
        with pytest.raises(ValueError, match=r"WeightedOutcomes|weights|cumulative"):
            core.WeightedOutcomes(moves, cumulative, denominator).pairs()


def test_the_conformance_suite_checks_what_weighted_outcomes_sample():
    """A game whose `WeightedOutcomes` sampler would pick another outcome than its pairs is refused."""

    class Skewed(core.WeightedOutcomes):
        def pairs(self):  # lists the weights in reverse: the pairs and the sampler disagree
            return tuple(reversed(super().pairs()))

    class Broken:
        GAME_INFO = valandris.GAME_INFO

        def __getattr__(self, name):
            return getattr(valandris, name)

        @staticmethod
        def chance_outcomes(state):
            listed = valandris.chance_outcomes(state)
            if not listed:
                return listed
            n = len(listed)
            return Skewed(tuple(m for m, _ in listed), range(1, n + 1), n)

    playout = finished_playout(valandris, 1)
    state = next(s for s in playout.states(valandris) if valandris.current_player(s) is CHANCE)
    assert len(valandris.chance_outcomes(state)) > 1
    check_state(valandris, state)  # the game itself is fine
    with pytest.raises(ConformanceError, match="WeightedOutcomes"):
        check_state(Broken(), state)  # type: ignore[arg-type]


def test_default_options_are_checked_once_and_shared():
    """`coerce(None)` gives every game its one default `Options` (a frozen record), equal to `Options()`."""
    from tabletop_rules import chrononauts, trismaugistus

    for game in (valandris, chrononauts, trismaugistus):
        default = game.Options.coerce(None)
        assert default is game.Options.coerce(None)
        assert default == game.Options()
        assert game.new_game().options == default


def test_weighted_outcomes_cannot_be_changed():
    outcomes = core.WeightedOutcomes(("a", "b"), (1, 2), 2)
    for name, value in (("moves", ("c", "d")), ("cumulative", (2, 2)), ("denominator", 3)):
        with pytest.raises(AttributeError):
            setattr(outcomes, name, value)
    assert (outcomes.moves, outcomes.cumulative, outcomes.denominator) == (("a", "b"), (1, 2), 2)
