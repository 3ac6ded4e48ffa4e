"""The engine's fast paths build exactly the state the general path (working copy + advance) builds."""

from __future__ import annotations

import collections
import itertools
import json

import attrs
import pytest

from tabletop_rules import chrononauts as C
from tabletop_rules.chrononauts import fast_paths
from tabletop_rules.chrononauts.engine import Engine, run
from tabletop_rules.chrononauts.frames import CHANCE_FRAMES, DrawCards, Window
from tabletop_rules.chrononauts.state import successor
from tabletop_rules.core import random_playout
from tabletop_rules.core.frozen import evolve
from tabletop_rules.testing import finished_playout

CONFIGS = [
    (4, "chrononauts", {}),
    (2, "chrononauts", {"memo_self_target": True, "killing_time_in_effect_plays": False}),
    (3, "chrononauts", {"fast_forward_mode": "draw2_play2", "memo_poll_all_players": False}),
    (3, "artifaxx", {"max_turns": 30}),
    (1, "solonauts", {}),
    # rulings that the end-of-turn and window paths must leave to the general path, or follow
    (
        5,
        "chrononauts",
        {
            "nullified_patch_destination": "out_of_game",
            "ultraparadox_post_1962_ripples": "frozen",
            "auto_declare_victory": False,
            "paradox_limit": 6,
        },
    ),
    (6, "chrononauts", {"hand_size_win_threshold": 7, "allow_patch_replacement": True, "max_turns": 40}),
    (2, "chrononauts", {"empty_supply_policy": "end_game_draw", "patch_requires_playable_if": False}),
]

PATHS = (
    "_pass_keeps_window_open",
    "_pass_closes_window",
    "_patch_stands",
    "_draw",
    "_vortex_deal",
    "_deal_goal",
    "_play_opens_window",
    "_kill_time_and_draw",
    "_kill_time_ends_turn",
    "_turn_ends",
)


def _general(state: C.State, move: C.Move) -> C.State:
    return run(state, move, chance=isinstance(state.stack[-1], CHANCE_FRAMES))


@pytest.fixture
def taken(monkeypatch):
    """How often each fast path built a state (rather than handing over to the general path)."""
    counts: collections.Counter[str] = collections.Counter()
    for name in PATHS:
        original = getattr(fast_paths, name)

        def counted(*args, _original=original, _name=name, **kwargs):
            result = _original(*args, **kwargs)
            counts[_name] += result is not None
            return result

        monkeypatch.setattr(fast_paths, name, counted)
    return counts


@pytest.mark.parametrize(("players", "variant", "options"), CONFIGS)
def test_fast_paths_match_the_general_path(players, variant, options):
    initial = C.new_game(options, players=players, variant=variant)
    for seed in range(3):
        playout = random_playout(C, seed, initial=initial, max_moves=1500)
        for i, (state, move) in enumerate(zip(playout.states(C), playout.moves, strict=False)):
            fast = C.apply(state, move)
            slow = _general(state, move)
            assert fast == slow  # every field, the history included
            if i % 100 == 0:
                assert C.to_json(fast) == C.to_json(slow)


@pytest.mark.skipif(
    not str(fast_paths.__file__).endswith(".py"),
    reason="counts calls by patching the module's functions, which a compiled module calls directly",
)
def test_every_fast_path_is_taken(taken):
    """The comparison above covers every fast path (each one builds states in these games)."""
    for players, variant, options in CONFIGS[:1] + CONFIGS[5:7]:
        initial = C.new_game(options, players=players, variant=variant)
        for seed in range(3):
            random_playout(C, seed, initial=initial, max_moves=1500)
    assert all(taken[name] > 0 for name in PATHS), taken


def test_freezing_a_work_builds_the_record_the_constructor_builds() -> None:
    """`Work.freeze` builds the record the constructor builds: the zones a Work copied are frozen again
    (hands sorted), the others are the state's own."""
    zones = {
        "status": "status",
        "draw": "draw_pile",
        "discard": "discard_pile",
        "hands": "hands",
        "tableaux": "tableaux",
        "ids": "ids",
        "missions": "missions",
        "id_pile": "id_pile",
        "id_queue": "id_queue",
        "mission_pile": "mission_pile",
        "mission_queue": "mission_queue",
        "revealed": "revealed_ids",
        "out_of_game": "out_of_game",
        "solo_ids": "solo_ids",
        "home_row": "home_row",
    }
    for n, variant, options in CONFIGS[:5]:
        initial = C.new_game(options, players=n, variant=variant)
        for state in list(finished_playout(C, 3, initial=initial).states(C))[::25]:
            untouched = Engine(state).freeze()
            assert type(untouched) is C.State
            assert untouched == state
            assert all(getattr(untouched, field) is getattr(state, field) for field in zones.values())
            work = Engine(state)
            for zone in zones:
                getattr(work, zone)  # every zone copied into a mutable list or set
            work.hands[0].reverse()  # a hand in any order is frozen sorted
            work.discard.append("ART-REX")
            work.turn += 1
            frozen = work.freeze()
            fields = attrs.asdict(state, recurse=False)
            fields.update(discard_pile=(*state.discard_pile, "ART-REX"), turn=state.turn + 1, log=frozen.log)
            assert type(frozen) is C.State
            assert frozen == C.State(**fields)
            assert all(type(getattr(frozen, f)) is type(getattr(state, f)) for f in zones.values())
            with pytest.raises(attrs.exceptions.FrozenInstanceError):
                frozen.turn = 9  # type: ignore[misc]


def test_the_successor_builder_equals_evolve() -> None:
    """`successor` keeps every field it is not given and sets the ones it is, as `evolve` does."""
    initial = C.new_game(players=4)
    states = list(finished_playout(C, 5, initial=initial).states(C))
    turns_apart = 0
    for before, after in itertools.pairwise(states[::40]):
        hot = {
            "draw_pile": after.draw_pile,
            "discard_pile": after.discard_pile,
            "hands": after.hands,
            "stack": after.stack,
            "log": after.log,
        }
        kept = successor(before, **hot)
        assert type(kept) is C.State
        assert kept == evolve(before, **hot)
        assert all(getattr(kept, k) is v for k, v in hot.items())
        optional = {
            "alt": after.alt,
            "status": after.status,
            "tableaux": after.tableaux,
            "active": after.active,
            "turn": after.turn,
            "extra_turns": after.extra_turns,
        }
        changed = successor(before, **hot, **optional)
        assert changed == evolve(before, **hot, **optional)
        # The very values, but a compiled native record stores an int unboxed (equal, not the same)
        assert all(getattr(changed, k) == v if type(v) is int else getattr(changed, k) is v
                   for k, v in optional.items())
        turns_apart += changed.turn != kept.turn
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            changed.turn = 9  # type: ignore[misc]
    assert turns_apart > 5  # the optional fields were given values other than the kept ones


def test_the_next_window_equals_the_constructor() -> None:
    """`Window.opened`, `after_pass` and `after_memo` (`core.frozen.open_layout`) build the record the
    attrs constructor builds: the first or next seat polled, the passes counted or reset, the rest kept."""
    seen = 0
    for state in finished_playout(C, 2, initial=C.new_game(players=4)).states(C):
        top = state.stack[-1] if state.stack else None
        if type(top) is not Window:
            continue
        seen += 1
        fields = attrs.asdict(top, recurse=False)
        for built, passes in ((top.after_pass(), top.passes + 1), (top.after_memo(), 0)):
            assert type(built) is Window
            assert built == Window(**{**fields, "index": top.index + 1, "passes": passes})
            assert hash(built) == hash(Window(**{**fields, "index": top.index + 1, "passes": passes}))
            with pytest.raises(attrs.exceptions.FrozenInstanceError):
                built.index = 0  # type: ignore[misc]
        opened = Window.opened(top.owner, top.play, top.origin, top.step, top.eligible)
        assert type(opened) is Window
        assert opened == Window(**{**fields, "index": 0, "passes": 0})
    assert seen > 20


def test_the_end_of_a_turn_reads_the_linchpins_of_the_players_id() -> None:  # C-WIN-3, C-TURN-6
    """The last draw of a turn checks the drawer's ID against the linchpins' sides when a home year is
    a linchpin (a user card list may say so, C-DATA-7): the direct path builds what the general path
    builds, whichever side the linchpin shows."""
    data = json.loads(C.default_cards().data_text)
    next(i for i in data["identities"] if i["id"] == "ID-03")["home"][0] = {"year": 1865, "state": "alt"}
    cards = C.cards_from_dict(data)  # Lincoln's linchpin is ID-03's first home year
    assert cards.by_id["ID-03"].home[0].year not in cards.ripple_index
    checked = 0
    for state in finished_playout(C, 8, initial=C.new_game(players=3, cards=cards)).states(C):
        top = state.stack[-1] if state.stack else None
        if not (type(top) is DrawCards and top.count == 1 and len(state.stack) == 2):
            continue
        ids = list(state.ids)
        ids[top.player] = "ID-03"  # the drawer's ID, whatever the deal gave
        for alt in (state.alt, state.alt ^ 1):  # Lincoln's linchpin on either side
            changed = evolve(state, alt=alt, ids=tuple(ids))
            draw = C.chance_outcomes(changed)[0][0]
            direct = fast_paths.apply_fast(changed, draw)  # None: a win, for the general path
            if direct is not None:
                assert direct == run(changed, draw, chance=True)
                checked += 1
    assert checked > 10
