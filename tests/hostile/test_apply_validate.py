"""`apply` never returns a state that `validate` refuses, whatever move object it is given.

A property test over every game (issue 29, class 8), written once against the shared protocol
(`core.Game`): from seeded random reachable states, mid-turn and chance nodes included, of every
configuration of `tabletop_rules.testing.configs` (plus the alternative rulings it leaves out),

* every legal move and every chance outcome gives a state that `validate` accepts (REL-MOVES-1);
* near-legal forgeries (moves legal in another reachable state of the same game, legal moves with
  one field changed to another value of the right type, moves of the right class built with boundary
  values) are refused by `apply` with `InvalidMoveError` or `IllegalMoveError`, leaving the state
  unchanged, or, if accepted, give a state that `validate` accepts and that equals the state the equal
  legal move gives (REL-MOVES-2);
* `is_legal(state, m)` is true exactly when `apply` accepts `m`, and for the games whose moves are
  all listed, exactly when `m` is a legal move or a chance outcome (REL-MOVES-3).

Trismaugistus' human reports mirror a physical table: `legal_moves` offers a finite menu of them,
and `apply` also accepts any other valid `Setup`, `ReportBoard` or `ReportFinalScore`, and the black
die's raw face (`ObjectiveDieRaw`) besides the listed positions (see `trismaugistus.reports`).  For
those classes the menu is checked to be accepted (a subset); every other move of that game must be
listed to be accepted, as in the other games.  Chrononauts' Killing Time pair may be given in either
order (`chrononauts.rules.canonical_move`); the reversed pair must give the listed pair's state.

The test does not shrink a failing example (each one plays a game): Hypothesis reports the start,
seed and move count it drew, which replay the failing state exactly.
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Callable, Iterator
from enum import Enum
from types import ModuleType
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tabletop_rules.core.errors import IllegalMoveError, InvalidMoveError
from tabletop_rules.core.playout import random_playout
from tabletop_rules.core.protocol import CHANCE, Game
from tabletop_rules.testing.configs import all_configs

GAMES = ("valandris", "chrononauts", "trismaugistus")
Start = Callable[[ModuleType], Any]

_CHRONONAUTS_RULINGS: dict[str, Any] = {
    "auto_declare_victory": False,
    "identity_mulligans": 2,
    "sell_artifact_source": "table_or_hand",
    "new_mission_target": "self",
    "ypnm_target": "other_player",
    "it_never_existed_scope": "opponent_artifact",
    "fast_forward_mode": "two_extra_turns",
    "quick_trip_recycle_if_empty": True,
    "allow_patch_replacement": True,
    "patch_requires_playable_if": False,
    "harvest_requires_legal_target": False,
    "killing_time_in_effect_plays": False,
    "memo_self_target": True,
    "memo_can_counter_memo": False,
    "time_vortex_deal": "restore_sizes",
    "goal_pile_model": "reshuffle",
    "discontinuity_direction": "next",
    "miracle_bonus_icons": "either",
    "empty_supply_policy": "end_game_draw",
}
_ARTIFAXX_RULINGS: dict[str, Any] = {
    "artifaxx_ypnm": "as_it_never_existed",
    "artifaxx_hand_size_win": True,
    "artifaxx_killing_time": False,
    "get_there_first_effect": "disabled",
    "max_turns": 40,
}
_TRISMAUGISTUS_RULINGS: dict[str, Any] = {
    "artifact_choice": "roll_d6",
    "objective_die_mapping": "kth_face_up",
    "automa_finish_timing": "on_next_turn",
    "no_match_fallback": "end_round",
    "no_die_card_handling": "resolve_action_only",
    "wild_experiment_area": "all_areas",
    "reshuffle_timing": "on_empty",
    "level3_purple_placement": "face_up_discard",
    "purple_discard_timing": "end_of_turn",
    "score_tie": "human",
}
_EXTRA_STARTS: dict[str, tuple[tuple[str, Start], ...]] = {
    "valandris": (),  # the configurations already include every alternative ruling
    "chrononauts": (
        ("Chrononauts 3p, alternative rulings", lambda g: g.new_game(_CHRONONAUTS_RULINGS, players=3)),
        (
            "Chrononauts Artifaxx 2p, alternative rulings",
            lambda g: g.new_game(_ARTIFAXX_RULINGS, players=2, variant="artifaxx"),
        ),
        (
            "Chrononauts Solonauts, patches only",
            lambda g: g.new_game({"solonauts_discard_policy": "patches_only"}, variant="solonauts"),
        ),
    ),
    "trismaugistus": (
        ("Trismaugistus from its Setup", lambda g: g.new_game()),
        ("Trismaugistus, alternative rulings", lambda g: g.new_game(_TRISMAUGISTUS_RULINGS)),
    ),
}
STARTS: dict[str, tuple[tuple[str, Start], ...]] = {
    name: (
        *((c.label, c.start) for c in all_configs() if c.module_name == name),
        *_EXTRA_STARTS[name],
    )
    for name in GAMES
}
"""Every configuration of `testing.configs`, plus the alternative rulings it leaves out and, for
Trismaugistus, the game before its `Setup` (the configurations start after it)."""

OPEN_MOVES = frozenset({"Setup", "ReportBoard", "ReportFinalScore", "ObjectiveDieRaw"})
"""Trismaugistus' reports of the table that `apply` accepts off the menu: any valid `Setup`,
`ReportBoard` or `ReportFinalScore`, and the black die's raw face (`ObjectiveDieRaw`), which the
listed chance outcomes give as a position."""

_POOL_SEEDS = (101, 202)
_POOL_LIMIT = 600
_LEGAL_SAMPLE = 30
_FIELD_SAMPLE = 5
_ELSEWHERE_SAMPLE = 30


def _module(name: str) -> Any:
    """The game module, which satisfies the protocol `core.Game` (used through it alone, except in
    `templates`)."""
    game: Game[Any, Any] = importlib.import_module(f"tabletop_rules.{name}")  # type: ignore[assignment]
    return game


def _canonical(game: Game[Any, Any]) -> Callable[[Any, Any], Any]:
    """The game's reading of an accepted move as the listed one (Chrononauts' unordered Killing Time)."""
    if game.GAME_INFO.name == "chrononauts":
        from tabletop_rules.chrononauts.rules import canonical_move

        return canonical_move
    return lambda state, move: move


def templates(name: str, state: Any) -> list[Any]:
    """One move of every class of the game, including classes no state lists (Valandris' `Stay`,
    Trismaugistus' `ReportFinalScore` and `ObjectiveDieRaw`), to be forged field by field."""
    game = _module(name)
    if name == "valandris":
        from tabletop_rules.valandris import moves as vm

        piece = game.Piece
        return [
            vm.Place(piece.LEVIATHAN, 32), vm.Seal(20), vm.NoSeal(), vm.Step(0), vm.Stay(), vm.Jump(32),
            vm.Fly(0), vm.Cross(piece.UNICORN, 20), vm.Roll(1), vm.Declare(None),
            vm.Declare(piece.LEVIATHAN), vm.DemonMove(0),
        ]  # fmt: skip
    if name == "chrononauts":
        cards = state.ctx.cards
        card = cards.deck[0]
        return [
            game.Play(card), game.KillTime((card,)), game.KillTime((card, cards.deck[1])),
            game.Discard(card), game.Memo(card), game.Pass(), game.Mulligan(True), game.Declare(True),
            game.Draw(card), game.Deal(cards.identities[0].id), game.Deal(cards.missions[0].id),
            game.FirstPlayer(0),
        ]  # fmt: skip
    pack = state.pack
    return [
        game.legal_moves(game.new_game(pack=pack))[0], game.ReportBoard(reason="correction"),
        game.HumanDraftDie("iron", "red"), game.HumanTakeExperiment("iron", pack.experiments[0].id),
        game.HumanTakeArtifact("red", pack.artifacts[0].id), game.HumanCompleteObjective(1),
        game.HumanEndTurn(True), game.ReportFinalScore(50), game.CardDrawn(pack.automa_cards[0].id),
        game.ObjectiveDie(1), game.ObjectiveDieRaw(1), game.MasterpieceDrawn(pack.masterpieces[0].id),
        game.ArtifactDie(1),
    ]  # fmt: skip


@functools.cache
def move_pool(name: str, index: int) -> tuple[Any, ...]:
    """Moves and chance outcomes legal somewhere in two seeded games of one start (bounded)."""
    game, (_, start) = _module(name), STARTS[name][index]
    seen: dict[Any, None] = {}
    for seed in _POOL_SEEDS:
        playout = random_playout(game, seed, initial=start(game), max_moves=400)
        for state in playout.states(game):
            for move in (*game.legal_moves(state), *(m for m, _ in game.chance_outcomes(state))):
                if len(seen) < _POOL_LIMIT:
                    seen.setdefault(move, None)
    return tuple(seen)


@functools.cache
def field_values(name: str, index: int) -> dict[tuple[type, str], tuple[Any, ...]]:
    """Every value each field of each move class takes in `move_pool`: other vertices, card ids, seats."""
    values: dict[tuple[type, str], dict[Any, None]] = {}
    for move in move_pool(name, index):
        for field in attrs.fields(type(move)):
            values.setdefault((type(move), field.name), {}).setdefault(getattr(move, field.name), None)
    return {key: tuple(found) for key, found in values.items()}


def boundary_values(value: Any) -> list[Any]:
    """Values of the same exact type as `value` at the edges: 0, -1, one past, huge, empty, flipped."""
    kind = type(value)
    if kind is bool:
        return [not value]
    if kind is int:
        return [0, -1, 1, value - 1, value + 1, 2**31, 2**63, -(2**63)]
    if kind is str:
        return ["", value + "x", value[:-1], value.upper(), "next", "previous"]
    if isinstance(value, Enum):
        return [member for member in kind if member is not value]
    if kind is tuple:
        out: list[Any] = [(), value[::-1], value[:-1], (*value, *value[-1:])]
        if value and type(value[0]) is str:
            out.append(tuple(x + "x" for x in value))
        return out
    return []


def forgeries(name: str, index: int, state: Any, rng: random.Random) -> Iterator[Any]:
    """Near-legal moves for `state`: legal elsewhere, one field changed, boundary values, `None`s."""
    game = _module(name)
    pool = move_pool(name, index)
    yield from rng.sample(pool, min(_ELSEWHERE_SAMPLE, len(pool)))
    yield from templates(name, state)
    here = [*game.legal_moves(state), *(m for m, _ in game.chance_outcomes(state))]
    # one representative of every class of the game, so each class is forged in every state
    bases = [
        *rng.sample(here, min(8, len(here))),
        *{type(m): m for m in pool}.values(),
        *templates(name, state),
    ]
    values = field_values(name, index)
    for base in bases:
        for field in attrs.fields(type(base)):
            current = getattr(base, field.name)
            others = [x for x in values.get((type(base), field.name), ()) if x != current]
            candidates = rng.sample(others, min(_FIELD_SAMPLE, len(others))) + boundary_values(current)
            if current is not None:
                candidates.append(None)
            for candidate in candidates:
                yield attrs.evolve(base, **{field.name: candidate})
    for base in templates(name, state):  # every field at a boundary at once
        changes = {
            field.name: rng.choice(edges)
            for field in attrs.fields(type(base))
            if (edges := boundary_values(getattr(base, field.name)))
        }
        yield attrs.evolve(base, **changes)


def check_legal_moves_validate(game: Game[Any, Any], state: Any, rng: random.Random) -> None:
    """REL-MOVES-1: every legal move and chance outcome gives a state that `validate` accepts."""
    here = [*game.legal_moves(state), *(m for m, _ in game.chance_outcomes(state))]
    for move in rng.sample(here, min(_LEGAL_SAMPLE, len(here))):
        after = game.apply(state, move)
        game.validate(after)


def check_forgery(game: Game[Any, Any], state: Any, move: Any, before: str, listed: set[Any]) -> None:
    """REL-MOVES-2, REL-MOVES-3: one forged move, refused cleanly or accepted as the equal legal move."""
    legal = game.is_legal(state, move)
    try:
        after = game.apply(state, move)
    except (InvalidMoveError, IllegalMoveError):
        assert not legal, f"is_legal accepts {move!r}, which apply refuses"
        assert game.to_json(state) == before, f"refusing {move!r} changed the state"
        assert move not in listed, f"apply refuses the listed move {move!r}"
        return
    assert legal, f"apply accepts {move!r}, which is_legal refuses"
    assert game.to_json(state) == before, f"applying {move!r} changed its input"
    game.validate(after)
    canonical = _canonical(game)(state, move)
    if canonical in listed:
        expected = game.apply(state, next(m for m in listed if m == canonical))
        assert after == expected, f"{move!r} gives another state than the equal legal move"
    else:
        unlisted = f"apply accepts {move!r}, which is neither a legal move nor a chance outcome"
        assert game.GAME_INFO.name == "trismaugistus", unlisted
        assert type(move).__name__ in OPEN_MOVES, unlisted


def check_state_forgeries(name: str, index: int, state: Any, rng: random.Random) -> int:
    """Every check of this module on one state; returns how many forgeries were tried."""
    game = _module(name)
    check_legal_moves_validate(game, state, rng)
    before = game.to_json(state)
    listed = {*game.legal_moves(state), *(m for m, _ in game.chance_outcomes(state))}
    count = 0
    for move in forgeries(name, index, state, rng):
        check_forgery(game, state, move, before, listed)
        count += 1
    return count


def reachable_states(name: str, index: int, seed: int, length: int, window: int) -> list[Any]:
    """The last `window` states of `length` random moves (or of the whole game) from one start."""
    game, (_, start) = _module(name), STARTS[name][index]
    playout = random_playout(game, seed, initial=start(game), max_moves=length)
    return list(playout.states(game))[-window:]


WINDOW = {"valandris": 8, "chrononauts": 3, "trismaugistus": 4}
"""Consecutive states checked per example: about one Holy Spirit turn of Valandris, one play with its
reaction window in Chrononauts, a report and the automa's answer in Trismaugistus."""


@pytest.mark.parametrize("name", GAMES)
@settings(
    max_examples=20,
    deadline=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow],
)
@given(data=st.data())
def test_apply_never_returns_a_state_validate_refuses(name: str, data: st.DataObject) -> None:
    """REL-MOVES-1, REL-MOVES-2, REL-MOVES-3 over seeded reachable states of every game's starts."""
    index = data.draw(st.integers(0, len(STARTS[name]) - 1), label="start")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    length = data.draw(st.integers(0, 12) | st.integers(0, 300), label="moves")  # the setups too
    game = _module(name)
    for state in reachable_states(name, index, seed, length, WINDOW[name]):
        if game.current_player(state) is CHANCE:
            assert game.chance_outcomes(state)
        assert check_state_forgeries(name, index, state, random.Random(seed)) > 0
