"""State JSON and `validate` against forged states and forged version fields (issue 29, class 9).

A state that `validate` (and so `from_json`) accepts must be one the rules can reach and play on.
The Chrononauts frame stack (the work in progress: deals, play steps, reaction windows, draws...)
is the easiest part to forge: these tests build stacks the rules cannot produce, by hand (each
named after the rule it breaks) and by mutating the stacks of reachable states with Hypothesis
(frames duplicated, dropped, reordered, moved, taken from another state, fields swapped), and
check that whatever `validate` accepts plays on without a hitch.  Valandris and Trismaugistus
states get the same treatment with fields taken from other reachable states.

Promises (docs/reliability.md):

* REL-STATE-1: `validate` accepts every state the rules reach, under every ruling that shapes
  the frame stack (mulligans, Fast Forward's plays, Memo rulings, Time Vortex deals, declared
  victories, pending ripple checks...).
* REL-STATE-2: every state that `validate` accepts can be played on: at each step of a random
  continuation there is a legal move or a chance outcome, `apply` raises nothing, and every
  successor validates (forged Chrononauts frame stacks, forged Valandris and Trismaugistus fields).
* REL-STATE-3: the frame stacks the rules cannot produce are refused with `InvalidStateError`, by
  `validate` and by `from_json`: a goal card dealt twice, a deal for a seat that holds its card,
  frames out of their order, counts beyond what a frame allows, windows polling impossible seats
  or over illegal announcements, a Time Vortex dealing to the wrong seat, and the others below.
* REL-STATE-4: a version field (`version`, `format_version`, `game_version` of states and game
  records) is accepted only as an exact `int` equal to the current version: `true`, `1.0`, `"1"`
  and other numbers are refused with `InvalidStateError` naming the version found and the one
  supported.
"""

from __future__ import annotations

import functools
import importlib
import json
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop_rules
from tabletop_rules import chrononauts as C
from tabletop_rules import trismaugistus as T
from tabletop_rules import valandris as V
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
    Window,
)
from tabletop_rules.core import InvalidStateError, make_record, replay
from tabletop_rules.testing.configs import all_configs
from tests.chrononauts.helpers import draw, move, settle, setup

SLOW = settings(
    max_examples=250,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# Rulings that change which frames a stack holds or how they follow each other.
RULINGS: tuple[dict[str, Any], ...] = (
    {},
    {
        "fast_forward_mode": "draw2_play2",
        "memo_consumes_play": False,
        "time_vortex_deal": "restore_sizes",
        "auto_declare_victory": False,
        "identity_mulligans": 2,
        "patch_requires_playable_if": False,
        "killing_time_in_effect_plays": False,
    },
    {
        "memo_poll_all_players": False,
        "memo_self_target": True,
        "goal_pile_model": "reshuffle",
        "sell_artifact_source": "table_or_hand",
        "first_player": 0,
        "nullified_patch_destination": "out_of_game",
        "allow_patch_replacement": True,
    },
    {
        "memo_can_counter_memo": False,
        "empty_supply_policy": "end_game_draw",
        "max_turns": 30,
        "fast_forward_mode": "draw2_play2",
        "quick_trip_recycle_if_empty": True,
        "harvest_requires_legal_target": False,
        "ultraparadox_post_1962_ripples": "frozen",
        "miracle_bonus_icons": "either",
    },
)
TABLES = (("chrononauts", 2), ("chrononauts", 3), ("artifaxx", 3), ("solonauts", 1))


def _step(game: ModuleType, state: Any, rng: random.Random) -> Any:
    """A random legal move or chance outcome of ``state``."""
    moves = game.legal_moves(state)
    if moves:
        return game.apply(state, moves[rng.randrange(len(moves))])
    outcomes = game.chance_outcomes(state)
    assert outcomes, "a state that validates has a legal move or a chance outcome"
    return game.apply(state, outcomes[rng.randrange(len(outcomes))][0])


def _walk(game: ModuleType, state: Any, seed: int, moves: int) -> list[Any]:
    rng = random.Random(seed)
    states = [state]
    for _ in range(moves):
        if game.is_terminal(state):
            break
        state = _step(game, state, rng)
        states.append(state)
    return states


def _plays_on(game: ModuleType, state: Any, seed: int, steps: int = 40) -> None:
    """REL-STATE-2: a random continuation of ``state`` never gets stuck, and every successor validates."""
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_terminal(state):
            return
        assert game.legal_moves(state) or game.chance_outcomes(state)
        state = _step(game, state, rng)
        game.validate(state)


@functools.cache
def _chrononauts_states() -> tuple[C.State, ...]:
    """Unfinished states of random games under every ruling set and table, every one validated."""
    out: list[C.State] = []
    for seed, rulings in enumerate(RULINGS):
        for variant, players in TABLES:
            game = C.new_game(rulings, players=players, variant=variant)
            for state in _walk(C, game, seed, 250):
                C.validate(state)
                if state.result is None:
                    out.append(state)
    return tuple(out)


@functools.cache
def _rich_states() -> tuple[C.State, ...]:
    """The states whose stacks hold more than the commonest frames (the mutations' starting points)."""
    common = (EndTurn, PlayStep, DrawCards)
    reached = [
        s for s in _chrononauts_states() if len(s.stack) > 3 or any(type(f) not in common for f in s.stack)
    ]
    arranged = [_declare(), _vortex(time_vortex_deal="restore_sizes"), _window(memo_poll_all_players=False)]
    return (*reached, *arranged)


def test_every_reachable_state_validates_under_every_ruling():
    """REL-STATE-1: the engine's stacks, mid-turn and chance nodes included, pass `validate`."""
    states = _chrononauts_states()  # each validated as it was reached
    kinds = {type(f) for s in states for f in s.stack}
    assert {ChooseFirst, DealGoal, DrawCards, EndTurn, PlayStep, Window, MulliganChoice, SoloStep} <= kinds
    for state in states[::50]:
        assert C.from_json(C.to_json(state)) == state


# ------------------------------------------------------------------------------ forged stacks (REL-STATE-2)

_VALUES: tuple[Any, ...] = (
    -1, 0, 1, 2, 3, 5, "turn", "effect", "miracle", "harvest", "memo", "solo", "hand", "discard", "draw",
    "id", "mission", (), (0,), (1, 0), (0, 1, 2), (2, 0, 1), True, None,
)  # fmt: skip


def _mutate(state: C.State, data: st.DataObject) -> C.State:
    """One forgery of the stack: a frame duplicated, dropped, swapped, moved, taken from another state
    of the same game, a run of frames cut out, or a field given another frame's value or a small one."""
    stack = list(state.stack)
    where = st.integers(0, len(stack) - 1)
    ops = ["dup", "drop", "swap", "move", "foreign", "cut", "field"] if stack else ["foreign"]
    op = data.draw(st.sampled_from(ops))
    if op == "dup":
        stack.insert(data.draw(st.integers(0, len(stack))), stack[data.draw(where)])
    elif op == "drop":
        del stack[data.draw(where)]
    elif op == "swap":
        i, j = data.draw(where), data.draw(where)
        stack[i], stack[j] = stack[j], stack[i]
    elif op == "move":
        frame = stack.pop(data.draw(where))
        stack.insert(data.draw(st.integers(0, len(stack))), frame)
    elif op == "foreign":
        others = [f for s in _rich_states() if s.ctx == state.ctx for f in s.stack]
        stack.insert(data.draw(st.integers(0, len(stack))), data.draw(st.sampled_from(others)))
    elif op == "cut":
        i = data.draw(where)
        del stack[i : data.draw(st.integers(i, len(stack)))]
    else:
        i = data.draw(where)
        fields = attrs.fields(type(stack[i]))
        if fields:
            name = data.draw(st.sampled_from([f.name for f in fields]))
            values = [getattr(f, name) for f in stack if hasattr(f, name)] + list(_VALUES)
            try:
                stack[i] = attrs.evolve(stack[i], **{name: data.draw(st.sampled_from(values))})
            except TypeError:
                # The compiled build's native records (`core.frozen.native_record`: `Window`,
                # `DrawCards`, `PlayStep`, `EndTurn`) check their field types when built: such a
                # forgery cannot be made there at all.
                assert tabletop_rules.COMPILED
                assert type(stack[i]) in (Window, DrawCards, PlayStep, EndTurn)

    return attrs.evolve(state, stack=tuple(stack))


@SLOW
@given(st.data())
def test_forged_stacks_are_refused_or_play_on(data):
    """REL-STATE-2: whatever forged stack `validate` accepts, the game goes on from it without a hitch."""
    state = data.draw(st.sampled_from(_rich_states()))
    forged = state
    for _ in range(data.draw(st.integers(1, 3))):
        forged = _mutate(forged, data)
    try:
        C.validate(forged)
    except InvalidStateError:
        with pytest.raises(InvalidStateError):  # from_json runs validate: the JSON is refused too
            C.from_json(C.to_json(forged))
        return
    _plays_on(C, forged, data.draw(st.integers(0, 2**16)))


@functools.cache
def _other_states(name: str) -> tuple[Any, ...]:
    game = importlib.import_module(f"tabletop_rules.{name}")
    out: list[Any] = []
    for seed, config in enumerate(c for c in all_configs() if c.module_name == name):
        out += _walk(game, config.start(game), seed, 150)
    return tuple(out)


@SLOW
@given(st.sampled_from(["valandris", "trismaugistus"]), st.data())
def test_forged_fields_of_the_other_games_are_refused_or_play_on(name, data):
    """REL-STATE-2: a Valandris or Trismaugistus state with fields (or fields of its parts) taken from
    another reachable state is refused by `validate`, or plays on."""
    game = importlib.import_module(f"tabletop_rules.{name}")
    pool = _other_states(name)
    forged = data.draw(st.sampled_from(pool))
    fields = [f.name for f in attrs.fields(type(forged)) if f.name not in ("pack", "options")]
    for _ in range(data.draw(st.integers(1, 3))):
        donor = data.draw(st.sampled_from(pool))
        field = data.draw(st.sampled_from(fields))
        value = getattr(donor, field)
        mine = getattr(forged, field)
        if attrs.has(type(mine)) and type(value) is type(mine) and data.draw(st.booleans()):
            part = data.draw(st.sampled_from([f.name for f in attrs.fields(type(mine)) if f.init]))
            value = attrs.evolve(mine, **{part: getattr(value, part)})
        forged = attrs.evolve(forged, **{field: value})
    try:
        game.validate(forged)
    except InvalidStateError:
        return
    _plays_on(game, forged, data.draw(st.integers(0, 2**16)))


def test_an_automa_with_three_exhausted_dice_has_finished():
    """REL-STATE-2 (T-RULING-16): a forgery the property test found: an automa whose three dice are
    exhausted but has not finished would take a fourth die; `validate` refuses it."""
    state = next(
        s
        for s in _other_states("trismaugistus")
        if s.phase == "play"
        and s.automa.dice_used == 3
        and s.automa.active_die is None
        and not s.human_finished
        and s.to_move == "human"
    )
    assert state.automa_finished
    with pytest.raises(InvalidStateError, match="T-RULING-16"):
        T.validate(attrs.evolve(state, automa_finished=False, first_finisher=None))


# ------------------------------------------------------------------------------ named forgeries (REL-STATE-3)


def _deal_until(state: C.State, done: Callable[[C.State], bool]) -> C.State:
    while not done(state):
        state = C.apply(state, C.chance_outcomes(state)[0][0])
    return state


def _with(state: C.State, *frames: object, keep: int | None = None, **fields: Any) -> C.State:
    """``state`` with its stack cut to ``keep`` frames (all by default; negative: from the top), then
    ``frames`` pushed on top."""
    stack = state.stack if keep is None else state.stack[:keep]
    return attrs.evolve(state, stack=(*stack, *frames), **fields)


def _fresh() -> C.State:
    return C.new_game(players=3)


def _missions_dealt() -> C.State:
    return _deal_until(_fresh(), lambda s: all(s.missions))


def _turn() -> C.State:
    """Seat 0's play step, after the turn's draw."""
    return draw(setup(3, hands=[["ART-REX", "TW-MEMO"], ["TW-MEMO"], []]))


def _window(**options: Any) -> C.State:
    """The reaction window over seat 0's Rex (seat 1 holds a Memo, seat 0 a patch)."""
    return move(draw(setup(3, hands=[["ART-REX", "P-1868"], ["TW-MEMO"], []], **options)), 'play "Rex"')


def _vortex(**options: Any) -> C.State:
    """A Time Vortex of seat 0 after its first card is dealt."""
    state = setup(
        3, hands=[["ACT-TIME-VORTEX", "ART-REX"], ["ART-SPORTS-ALMANAC", "TW-MEMO"], ["P-1868"]], **options
    )
    state = settle(move(draw(state, "ART-PLACEHOLDER-15"), 'play "Time Vortex"'))
    assert type(state.stack[-1]) is VortexDeal
    return C.apply(state, C.chance_outcomes(state)[0][0])


def _short_hand() -> C.State:
    """A seat's first setup card put back in the draw pile while its second is being drawn."""
    state = _deal_until(_fresh(), lambda s: type(s.stack[-1]) is DrawCards and s.stack[-1].count == 2)
    seat = state.stack[-1].player
    card = state.hands[seat][0]
    index = state.cards.deck_index[card]
    pile = tuple(k + (i == index) for i, k in enumerate(state.draw_pile))
    hands = tuple(() if p == seat else h for p, h in enumerate(state.hands))
    return attrs.evolve(state, hands=hands, draw_pile=pile)


def _mulligans() -> C.State:
    state = C.new_game({"identity_mulligans": 2, "first_player": 1}, players=3)
    return _deal_until(state, lambda s: type(s.stack[-1]) is MulliganChoice)


def _declare() -> C.State:
    """Seat 0 ends its turn with a hand of two or more: a hand-size win to declare (C-RULING-27)."""
    state = setup(
        2,
        hands=[["ART-REX", "ART-SPORTS-ALMANAC", "P-1868"]],
        auto_declare_victory=False,
        hand_size_win_threshold=2,
    )
    state = move(draw(state), 'kill-time "Rex"')
    assert type(state.stack[-1]) is DeclareChoice
    return state


def _solo_step() -> C.State:
    return _deal_until(C.new_game(variant="solonauts"), lambda s: type(s.stack[-1]) is SoloStep)


def _retimed(state: C.State, **options: Any) -> C.State:
    """``state`` under other options (a forged context)."""
    ctx = make_context(state.cards, attrs.evolve(state.options, **options), state.players)
    return attrs.evolve(state, ctx=ctx)


def _other_seat(state: C.State) -> int:
    return (state.active + 1) % state.players


FORGED: dict[str, tuple[Callable[[], C.State], str]] = {
    # the deal (C-SETUP-3, C-SETUP-4, C-SETUP-6)
    "a Mission dealt twice to one seat": (
        lambda: _with(_fresh(), DealGoal(0, "mission")),
        "deal of new_game",
    ),
    "an ID deal lost": (
        lambda: _with(_missions_dealt(), keep=len(_missions_dealt().stack) - 1),
        "P0 is owed 1 ID but 0 are being dealt",
    ),
    "an ID dealt in Artifaxx": (
        lambda: _with(C.new_game(players=3, variant="artifaxx"), DealGoal(0, "id")),
        "deal of new_game",
    ),
    "the deal out of its order": (
        lambda: attrs.evolve(_fresh(), stack=(*_fresh().stack[:-2], _fresh().stack[-1], _fresh().stack[-2])),
        "deal of new_game",
    ),
    "a setup draw of four cards": (
        lambda: attrs.evolve(_fresh(), stack=(ChooseFirst(), DrawCards(2, 4), *_fresh().stack[2:])),
        "deal of new_game",
    ),
    "a setup hand that does not fit the draws": (_short_hand, "do not fit the draws"),
    "a chosen first player though the options fix it": (
        lambda: _retimed(_deal_until(_fresh(), lambda s: len(s.stack) == 1), first_player=1),
        "C-RULING-36",
    ),
    "the deal after the first turn": (lambda: attrs.evolve(_fresh(), turn=3), "C-SETUP-6"),
    # the mulligans (C-SETUP-5, C-RULING-29)
    "mulligans out of seat order": (
        lambda: _with(_mulligans(), *reversed(_mulligans().stack[1:]), keep=1),
        "C-RULING-29",
    ),
    "a mulligan with more exchanges than allowed": (
        lambda: _with(
            _mulligans(), MulliganChoice(_mulligans().stack[-1].player, 3), keep=len(_mulligans().stack) - 1
        ),
        "C-RULING-29",
    ),
    "a mulligan for a seat that already chose": (
        lambda: _with(_mulligans(), MulliganChoice(0, 2)),
        "only identity mulligans",
    ),
    # a turn (C-TURN-*, the effects)
    "the turn's play step above its draw": (
        lambda: _with(_turn(), DrawCards(0, 1), PlayStep(0, "turn"), keep=1),
        "cannot stand there",
    ),
    "a turn frame of another seat": (
        lambda: _with(_turn(), PlayStep(1, "turn"), keep=1),
        "PlayStep belongs to P1",
    ),
    "a draw of another seat": (lambda: _with(_turn(), DrawCards(1, 1), keep=1), "DrawCards belongs to P1"),
    "a draw of no card": (lambda: _with(_turn(), DrawCards(0, 0), keep=1), "count=0"),
    "a draw larger than any card gives": (lambda: _with(_turn(), DrawCards(0, 9), keep=1), "count=9"),
    "a draw under another frame": (
        lambda: _with(_turn(), DrawCards(0, 1), Harvest(0, "discard"), keep=1),
        "DrawCards.* cannot stand there",
    ),
    "a Rewind choice under a draw": (
        lambda: _with(_turn(), Harvest(0, "discard"), DrawCards(0, 1), keep=1),
        "Harvest.* cannot stand there",
    ),
    "Fast Forward's plays under the two-extra-turns ruling": (
        lambda: _with(_turn(), PlayStep(0, "effect"), keep=1),
        "kind='effect'.* cannot stand there",
    ),
    "a Miracle's discards without its set-aside hand": (
        lambda: _with(_turn(), MiracleDiscard(0, 1), keep=1),
        "MiracleDiscard.* cannot stand there",
    ),
    "a Miracle's set-aside hand without its discards": (
        lambda: _with(
            _turn(),
            MiracleEnd(0, _turn().hands[0]),
            PlayStep(0, "miracle"),
            keep=1,
            hands=((), *_turn().hands[1:]),
        ),
        "MiracleEnd.* cannot stand there",
    ),
    "a Miracle's play step without the Miracle": (
        lambda: _with(_turn(), PlayStep(0, "miracle"), keep=1),
        "kind='miracle'.* cannot stand there",
    ),
    "extra turns owed under draw2_play2": (
        lambda: _retimed(attrs.evolve(_turn(), extra_turns=2), fast_forward_mode="draw2_play2"),
        "C-RULING-15",
    ),
    "a turn past max_turns": (lambda: _retimed(attrs.evolve(_turn(), turn=31), max_turns=30), "C-RULING-38"),
    "a ripple check with nothing to nullify": (
        lambda: _retimed(
            _with(_turn(), RippleCheck(), DrawCards(0, 1), keep=1), patch_requires_playable_if=False
        ),
        "RippleCheck.* cannot stand there",
    ),
    "a Mission dealt to a seat that holds one": (
        lambda: _with(_turn(), DealGoal(1, "mission"), keep=1),
        "P1 is owed 0 Mission but 1 are being dealt",
    ),
    "an ID dealt to a seat that holds one": (
        lambda: _with(_turn(), DealGoal(2, "id"), keep=1),
        "P2 is owed 0 ID but 1 are being dealt",
    ),
    # reaction windows (C-PLAY-3, C-MEMO-*)
    "a window over an illegal announcement": (
        lambda: _with(_window(), attrs.evolve(_window().stack[-1], play=C.Play("ART-REX", 1)), keep=1),
        "not a legal announcement",
    ),
    "a window every seat let pass": (
        lambda: _with(_window(), attrs.evolve(_window().stack[-1], index=2, passes=2), keep=1),
        "should have closed",
    ),
    "a window counting more passes than polls": (
        lambda: _with(_window(), attrs.evolve(_window().stack[-1], index=0, passes=1), keep=1),
        "more passes than seats polled",
    ),
    "a window polling the owner": (
        lambda: _with(_window(), attrs.evolve(_window().stack[-1], eligible=(1, 2, 0)), keep=1),
        "polls the wrong players",
    ),
    "a window of another seat's play": (
        lambda: _with(_window(), attrs.evolve(_window().stack[-1], owner=1, eligible=(2, 0)), keep=1),
        "cannot be here",
    ),
    "a Memo window over nothing": (
        lambda: _with(
            _window(),
            Window.opened(1, C.Play("TW-MEMO"), "hand", "memo", (2, 0)),
            keep=1,
            hands=(tuple(sorted((*_window().hands[0], "ART-REX"))), (), ()),
        ),
        "'memo' play from 'hand' cannot be here",
    ),
    "a second window over another announced card": (
        lambda: _with(
            _window(),
            Window.opened(0, C.Play("P-1868"), "hand", "turn", (1, 2)),
            hands=(tuple(c for c in _window().hands[0] if c != "P-1868"), *_window().hands[1:]),
        ),
        "C-MEMO-5",
    ),
    "a window polling a seat without a Memo": (
        lambda: _with(
            _window(memo_poll_all_players=False),
            attrs.evolve(_window(memo_poll_all_players=False).stack[-1], index=1),
            keep=1,
        ),
        "only a seat holding a Memo is polled",
    ),
    "a harvested card played from the hand": (
        lambda: _with(_window(), attrs.evolve(_window().stack[-1], step="harvest"), keep=1),
        "'harvest' play from 'hand' cannot be here",
    ),
    # the Time Vortex (C-ACT-6, C-RULING-32)
    "a Time Vortex dealing to the wrong seat": (
        lambda: _with(_vortex(), attrs.evolve(_vortex().stack[-1], next_player=0), keep=-1),
        "VortexDeal.* cannot stand there",
    ),
    "a Time Vortex owing cards under round robin": (
        lambda: _with(_vortex(), attrs.evolve(_vortex().stack[-1], owed=(1, 1, 1)), keep=-1),
        "VortexDeal.* cannot stand there",
    ),
    "a Time Vortex under another frame": (
        lambda: _with(_vortex(), _vortex().stack[-1], PlayStep(0, "effect"), keep=-1),
        "VortexDeal.* cannot stand there",
    ),
    # the end of a turn (C-WIN-*, C-RULING-27)
    "a victory to declare with conditions not met": (
        lambda: _with(_declare(), DeclareChoice(0, ("mission",)), keep=0),
        "not the conditions to declare",
    ),
    "a victory to declare under auto_declare_victory": (
        lambda: _retimed(_declare(), auto_declare_victory=True),
        "auto_declare_victory",
    ),
    "a victory to declare under other frames": (
        lambda: _with(_declare(), PlayStep(0, "turn")),
        "declared alone",
    ),
    # Solonauts (C-SOLO-3..8)
    "a Solonauts step under another frame": (
        lambda: _with(_solo_step(), DrawCards(0, 1)),
        "Solonauts' loop",
    ),
    "a Solonauts refill short of five": (
        lambda: _with(_solo_step(), SoloTurn(), DrawCards(0, 1), keep=0),
        "Solonauts' loop",
    ),
    "a turn frame in Solonauts": (
        lambda: _with(_solo_step(), EndTurn(0), SoloStep(), keep=0),
        "Solonauts' loop",
    ),
    # not frames at all
    "a string in the stack": (lambda: _with(_turn(), "PlayStep", keep=1), "is not a frame"),
    "a seat out of range": (
        lambda: _with(_turn(), PlayStep(7, "turn"), keep=1),
        "must be a seat 0..2, got 7",
    ),
}


@pytest.mark.parametrize("name", sorted(FORGED))
def test_stacks_the_rules_cannot_produce_are_refused(name):
    """REL-STATE-3: each forgery is refused by `validate`, for the rule it breaks, and by `from_json`."""
    make, pattern = FORGED[name]
    forged = make()
    with pytest.raises(InvalidStateError, match=pattern) as refused:
        C.validate(forged)
    assert len(str(refused.value)) < 400
    try:
        text = C.to_json(forged)
    except (TypeError, ValueError, AttributeError):  # a stack of non-frames has no JSON
        return
    with pytest.raises(InvalidStateError):
        C.from_json(text)


def test_the_forgeries_start_from_states_that_validate():
    """The named forgeries change only what their names say: their starting states validate."""
    for make in (_fresh, _missions_dealt, _turn, _window, _vortex, _mulligans, _declare, _solo_step):
        C.validate(make())
    C.validate(_window(memo_poll_all_players=False))


# ------------------------------------------------------------------------------ version fields (REL-STATE-4)

_BAD_VERSIONS: tuple[Any, ...] = (True, False, None, "1", 1.0, 2.0, 0, -1, 3, 10**30, [1], {"v": 1})

VERSION_FIELDS: tuple[tuple[ModuleType, str, int], ...] = (
    (V, "version", 1),
    (C, "version", 1),
    (T, "format_version", 2),
    (T, "game_version", T.RULES_VERSION),
)


def _state_json(game: ModuleType) -> dict[str, Any]:
    state = game.new_game() if game is not C else C.new_game(players=2)
    return json.loads(game.to_json(state))


@pytest.mark.parametrize(("game", "key", "current"), VERSION_FIELDS, ids=lambda x: getattr(x, "__name__", x))
@pytest.mark.parametrize("value", _BAD_VERSIONS, ids=repr)
def test_version_fields_take_only_the_exact_int(game, key, current, value):
    """REL-STATE-4: only the int equal to the current version is read; the error names both."""
    data = _state_json(game)
    assert data[key] == current
    assert type(data[key]) is int
    game.from_json(json.dumps(data))
    if value == current and type(value) is int:
        return
    data[key] = value
    with pytest.raises(InvalidStateError) as refused:
        game.from_json(json.dumps(data))
    message = str(refused.value)
    assert "version" in message
    assert str(current) in message
    if type(value) in (bool, int, float, str) and len(str(value)) < 40:
        assert repr(value) in message or str(value) in message


@pytest.mark.parametrize("value", _BAD_VERSIONS, ids=repr)
def test_record_format_version_takes_only_the_exact_int(value):
    """REL-STATE-4: a game record's format_version (and game_version) too."""
    state = V.new_game()
    record = make_record(V, state, [V.legal_moves(state)[0]])
    assert len(replay(V, record)) == 2
    for key in ("format_version", "game_version"):
        bad = {**record, key: value}
        if value == record[key] and type(value) is int:
            continue
        with pytest.raises(InvalidStateError, match="version"):
            replay(V, bad)
