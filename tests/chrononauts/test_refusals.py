"""Every refusal of the Chrononauts rules, each reached where it alone refuses the move (issue 29, class 8).

`check_move` accepts a move when it is a legal decision (`legality`, `effects`) or a chance outcome
(`engine.check_chance`), and `apply` first tries `rules._surely_legal`, a shortcut that accepts the
commonest moves without listing them.  Each case below is a state, a move that `check_move`,
`is_legal` and `apply` must refuse there, the clauses that refuse it, and a near miss that is legal:
the same move in a state that differs only in what the clause looks at (another hand, an option,
the TimeLine), or a move that differs only in that, in the same state.  So each case fails if its
check is deleted, from the shortcut or from the full check (the check-deletion experiments of the
issue), rather than passing because another check refused the move first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import attrs
import pytest

from tabletop_rules import chrononauts as C
from tabletop_rules.chrononauts.context import make_context
from tabletop_rules.chrononauts.engine import Engine
from tabletop_rules.chrononauts.frames import (
    ChooseFirst,
    DealGoal,
    DeclareChoice,
    DrawCards,
    Harvest,
    MiracleDiscard,
    MulliganChoice,
    PlayStep,
    SoloStep,
    VortexDeal,
    Window,
)
from tabletop_rules.chrononauts.state import State
from tabletop_rules.core import CHANCE
from tabletop_rules.core.errors import IllegalMoveError, InvalidMoveError
from tabletop_rules.testing import finished_playout

from .helpers import FILLER, draw, evolve_timeline, settle, setup

RF = "INV-REVERSE-FATE"
RESTORE = "INV-RESTORE-HISTORY"
AVERT = "INV-AVERT-DISASTER"
GTF = "ACT-GET-THERE-FIRST"
SELL = "ACT-SELL-AN-ARTIFACT"
MIRACLE = "ACT-MIRACLE-BIBLICAL"
DISC = "ACT-DISCONTINUITY"
VORTEX = "ACT-TIME-VORTEX"
NEW_MISSION = "ACT-NEW-MISSION"
INE = "ACT-IT-NEVER-EXISTED"
YPNM = "ACT-YOUR-PARENTS-NEVER-MET"
MEMO = "TW-MEMO"
FAST_FORWARD = "TW-FAST-FORWARD"
REWIND = "TW-REWIND"
QUICK_TRIP = "TW-QUICK-TRIP"
REX = "ART-REX"
STEGO = "ART-LIVE-STEGOSAURUS"
PLAY_ = "ART-LOST-SHAKESPEARE-PLAY"
ALMANAC = "ART-SPORTS-ALMANAC"
ARK = "ART-ARK-OF-THE-COVENANT"
TABLES = [[REX], [STEGO], []]  # seat 0 shows the Rex, seat 1 the Stegosaurus


TYPED = (InvalidMoveError, IllegalMoveError)
"""Either error: a value out of every game's range may be refused as malformed or as illegal here."""


class MyStr(str):
    """A `str` subclass: equal to a card id, but not of its exact type."""


# --------------------------------------------------------------------------- states


def with_options(state: State, **options: Any) -> State:
    """`state` under other rulings (the context holds the options; nothing else changes)."""
    config = attrs.evolve(state.options, **options)
    state = attrs.evolve(state, ctx=make_context(state.cards, config, state.players))
    C.validate(state)
    return state


def ultraparadox(state: State) -> State:
    """`state` with World War 3 on 1962 (Sputnik flipped): the UltraParadox (C-STATE-7, C-ANOM-5)."""
    work = Engine(evolve_timeline(state, "Sputnik"))
    work.status[state.cards.ripple_index[1962]] = "P-1962"
    work.draw[state.cards.deck_index["P-1962"]] -= 1
    return work.freeze()


def play_step(
    *hand: str,
    players: int = 3,
    others: tuple[list[str], ...] = (),
    timeline: tuple[str, ...] = (),
    up: bool = False,
    **kwargs: Any,
) -> State:
    """Seat 0's turn play step (after its turn draw of a filler Artifact), arranged as given."""
    state = setup(players, hands=[list(hand), *others], **kwargs)
    if timeline:
        state = evolve_timeline(state, *timeline)
    if up:
        state = ultraparadox(state)
    state = draw(state)
    assert isinstance(state.stack[-1], PlayStep)
    C.validate(state)
    return state


def played(state: State, *moves: C.Move) -> State:
    """`state` after `moves`, every reaction window closing with passes after each."""
    for move in moves:
        state = settle(C.apply(state, move))
    C.validate(state)
    return state


def drawn(state: State, *cards: str) -> State:
    """`state` after its pending draws, of `cards` in order."""
    for card in cards:
        assert isinstance(state.stack[-1], DrawCards)
        state = C.apply(state, C.Draw(card))
    return state


def harvest(source: str, pile: list[str], **kwargs: Any) -> State:
    """Rewind (``source="discard"``, `pile` the discard pile) or Quick Trip (`pile` the draw pile
    besides the turn draw) announced and standing: its player chooses the card (C-TW-3, C-TW-4)."""
    card = REWIND if source == "discard" else QUICK_TRIP
    if source == "discard":
        state = play_step(card, discard=pile, **kwargs)
    else:
        state = play_step(card, draw_pile=[FILLER, *pile], **kwargs)
    state = played(state, C.Play(card))
    assert isinstance(state.stack[-1], Harvest)
    return state


def window(polled_hand: list[str], other_hand: list[str]) -> State:
    """A reaction window over seat 0's Rex, polling seat 1 (holding `polled_hand`) first."""
    state = C.apply(play_step(REX, others=(polled_hand, other_hand)), C.Play(REX))
    top = state.stack[-1]
    assert isinstance(top, Window)
    assert top.polled() == 1
    return state


def fast_forward_play(**options: Any) -> State:
    """The first of Fast Forward's two plays (``draw2_play2``), the hand holding two Artifacts."""
    state = played(
        play_step(FAST_FORWARD, REX, fast_forward_mode="draw2_play2", **options), C.Play(FAST_FORWARD)
    )
    state = drawn(state, PLAY_, STEGO)
    assert state.stack[-1] == PlayStep(0, "effect")
    return state


def miracle_play() -> State:
    """Perform a "Miracle" with the Rex: the temporary hand of two drawn Artifacts, one play due."""
    state = played(play_step(MIRACLE, tableaux=TABLES), C.Play(MIRACLE, REX))
    state = drawn(state, PLAY_, ARK)
    assert state.stack[-1] == PlayStep(0, "miracle")
    return state


def miracle_discard() -> State:
    state = played(miracle_play(), C.Play(PLAY_))
    assert isinstance(state.stack[-1], MiracleDiscard)
    return state


def vortex_deal() -> State:
    state = played(play_step(VORTEX, REX, others=([PLAY_], [])), C.Play(VORTEX))
    assert isinstance(state.stack[-1], VortexDeal)
    return state


def first_chance(frame: type, players: int = 3, **options: Any) -> State:
    """The first state of a new game whose pending frame is a `frame` (chance outcomes taken in order)."""
    state = C.new_game(options, players=players)
    for _ in range(100):
        if isinstance(state.stack[-1], frame):
            return state
        actor = C.current_player(state)
        state = C.apply(state, C.chance_outcomes(state)[0][0] if actor is CHANCE else C.legal_moves(state)[0])
    raise AssertionError(f"no {frame.__name__} in the opening")


def declare_choice() -> State:
    """A turn ending with ten cards in hand, the win to be claimed (C-WIN-4, C-RULING-27, C-RULING-35)."""
    hand = [RF] * 9 + [REX]
    state = played(play_step(*hand, players=2, auto_declare_victory=False), C.KillTime((REX,)))
    assert isinstance(state.stack[-1], DeclareChoice)
    return state


def solo_step(**options: Any) -> State:
    """A Solonauts step whose hand holds a patch, Inverters and nothing else (C-SOLO-3, C-SOLO-4)."""
    state = C.new_game(options, variant="solonauts")
    wanted = ["P-1868", RF, RF, RF, RESTORE]
    while not isinstance(state.stack[-1], SoloStep):
        outcomes = [m for m, _ in C.chance_outcomes(state)]
        pick = next((m for m in outcomes if isinstance(m, C.Draw) and m.card in wanted), outcomes[0])
        if isinstance(pick, C.Draw):
            wanted.remove(pick.card)
        state = C.apply(state, pick)
    assert sorted(state.hands[0]) == sorted(["P-1868", RF, RF, RF, RESTORE])
    return state


def game_over() -> tuple[State, C.Move]:
    """A finished game and the move that finished it."""
    playout = finished_playout(C, 3, initial=C.new_game(players=2))
    states = list(playout.states(C))
    return states[-1], playout.moves[-1]


def patched_1945() -> State:
    """1945 patched by P-1945-A (ManhattanProject flipped), Hitler flipped too, P-1945-B in hand."""
    state = setup(3, hands=[["P-1945-B"]])
    work = Engine(evolve_timeline(state, "ManhattanProject", "Hitler"))
    work.status[state.cards.ripple_index[1945]] = "P-1945-A"
    work.draw[state.cards.deck_index["P-1945-A"]] -= 1
    state = draw(work.freeze())
    C.validate(state)
    return state


# --------------------------------------------------------------------------- the cases


class Case(NamedTuple):
    """A refusal: where, which move, which error, the clauses, and a near miss that is legal."""

    name: str
    clauses: str
    state: Callable[[], State]
    move: Any
    error: type[Exception] | tuple[type[Exception], ...]
    near_miss: Callable[[], tuple[State, C.Move]]


def _case(
    name: str,
    clauses: str,
    state: Callable[[], State],
    move: Any,
    error: type[Exception] | tuple[type[Exception], ...] = IllegalMoveError,
    *,
    legal: C.Move | None = None,
    twin: Callable[[], State] | None = None,
) -> Case:
    """`legal`: a legal move in the same state; `twin`: a state where `move` itself is legal."""
    if twin is not None:
        return Case(name, clauses, state, move, error, lambda: (twin(), move))
    assert legal is not None
    return Case(name, clauses, state, move, error, lambda: (state(), legal))


def _hand_of(*cards: str, **kwargs: Any) -> Callable[[], State]:
    return lambda: play_step(*cards, **kwargs)


def _opts(state: Callable[[], State], **options: Any) -> Callable[[], State]:
    return lambda: with_options(state(), **options)


CASES = [
    # --- a turn's play: which cards, from whose hand (C-TURN-3, C-PLAY-1, exact types)
    _case(
        "play: a card not in hand", "C-TURN-3, C-PLAY-1", _hand_of(REX), C.Play(STEGO), twin=_hand_of(STEGO)
    ),
    _case(
        "play: a str subclass",
        "C-PLAY-1",
        _hand_of(REX),
        C.Play(MyStr(REX)),
        InvalidMoveError,
        legal=C.Play(REX),
    ),
    _case("play: an unknown card", "C-PLAY-1", _hand_of(REX), C.Play("ART-NOPE"), legal=C.Play(REX)),
    _case(
        "play: an Artifact with a target",
        "C-ART-1, C-PLAY-1",
        _hand_of(REX),
        C.Play(REX, 1),
        legal=C.Play(REX),
    ),
    _case("play: the Memo", "C-PLAY-7, C-RULING-34", _hand_of(MEMO), C.Play(MEMO), legal=C.KillTime((MEMO,))),
    _case("play: a Discard", "C-TURN-3", _hand_of(REX), C.Discard(REX), legal=C.KillTime((REX,))),
    _case("play: a Pass", "C-TURN-3, C-MEMO-3", _hand_of(REX), C.Pass(), legal=C.Play(REX)),
    _case("play: a Draw", "C-TURN-3", _hand_of(REX), C.Draw(REX), legal=C.Play(REX)),
    # --- the targets of Actions (C-ACT-2..10, C-RULING-17..22)
    _case(
        "new mission: a bool seat",
        "C-ACT-7",
        _hand_of(NEW_MISSION),
        C.Play(NEW_MISSION, True),
        InvalidMoveError,
        legal=C.Play(NEW_MISSION, 1),
    ),
    _case(
        "new mission: no such seat",
        "C-ACT-7, C-SETUP-1",
        _hand_of(NEW_MISSION),
        C.Play(NEW_MISSION, 3),
        legal=C.Play(NEW_MISSION, 2),
    ),
    _case(
        "new mission: another seat when only oneself",
        "C-RULING-21",
        _hand_of(NEW_MISSION, new_mission_target="self"),
        C.Play(NEW_MISSION, 1),
        twin=_hand_of(NEW_MISSION),
    ),
    _case(
        "your parents never met: oneself when only others",
        "C-RULING-22",
        _hand_of(YPNM, ypnm_target="other_player"),
        C.Play(YPNM, 0),
        twin=_hand_of(YPNM),
    ),
    _case(
        "get there first: one's own Artifact",
        "C-ACT-2, C-RULING-18",
        _hand_of(GTF, tableaux=TABLES),
        C.Play(GTF, REX),
        legal=C.Play(GTF, STEGO),
    ),
    _case(
        "get there first: an Artifact nobody shows",
        "C-ACT-2",
        _hand_of(GTF, tableaux=TABLES),
        C.Play(GTF, PLAY_),
        legal=C.Play(GTF, STEGO),
    ),
    _case(
        "get there first: disabled",
        "C-RULING-18",
        _hand_of(GTF, tableaux=TABLES, get_there_first_effect="disabled"),
        C.Play(GTF, STEGO),
        twin=_hand_of(GTF, tableaux=TABLES),
    ),
    _case(
        "get there first: a blocked Artifact under the UltraParadox",
        "C-RULING-13, C-ANOM-7",
        _hand_of(GTF, tableaux=[[], [ALMANAC], []], up=True),
        C.Play(GTF, ALMANAC),
        twin=_opts(
            _hand_of(GTF, tableaux=[[], [ALMANAC], []], up=True), ultraparadox_blocks_artifact_moves=False
        ),
    ),
    _case(
        "sell an artifact: another's",
        "C-ACT-3, C-RULING-17",
        _hand_of(SELL, tableaux=TABLES),
        C.Play(SELL, STEGO),
        legal=C.Play(SELL, REX),
    ),
    _case(
        "sell an artifact: from hand",
        "C-RULING-17",
        _hand_of(SELL, PLAY_, tableaux=TABLES),
        C.Play(SELL, PLAY_),
        twin=_hand_of(SELL, PLAY_, tableaux=TABLES, sell_artifact_source="table_or_hand"),
    ),
    _case(
        "miracle: another's Artifact",
        "C-ACT-4, C-RULING-23",
        _hand_of(MIRACLE, tableaux=TABLES),
        C.Play(MIRACLE, STEGO),
        legal=C.Play(MIRACLE, REX),
    ),
    _case(
        "it never existed: one's own when only others'",
        "C-RULING-19",
        _hand_of(INE, tableaux=TABLES, it_never_existed_scope="opponent_artifact"),
        C.Play(INE, REX),
        twin=_hand_of(INE, tableaux=TABLES),
    ),
    _case(
        "it never existed: an Artifact nobody shows",
        "C-ACT-8",
        _hand_of(INE, tableaux=TABLES),
        C.Play(INE, PLAY_),
        legal=C.Play(INE, REX),
    ),
    _case(
        "discontinuity: a direction the ruling fixes",
        "C-RULING-20",
        _hand_of(DISC, discontinuity_direction="next"),
        C.Play(DISC, "next"),
        twin=_hand_of(DISC),
    ),
    _case(
        "discontinuity: no direction when the player chooses",
        "C-ACT-5, C-RULING-20",
        _hand_of(DISC),
        C.Play(DISC),
        twin=_hand_of(DISC, discontinuity_direction="next"),
    ),
    _case("time vortex: a target", "C-ACT-6", _hand_of(VORTEX), C.Play(VORTEX, 1), legal=C.Play(VORTEX)),
    _case(
        "rewind: nothing to take",
        "C-TW-3, C-RULING-16",
        _hand_of(REWIND),
        C.Play(REWIND),
        twin=_hand_of(REWIND, discard=[PLAY_]),
    ),
    _case(
        "rewind: nothing playable to take",
        "C-TW-3, C-RULING-16",
        _hand_of(REWIND, discard=["P-1868"]),
        C.Play(REWIND),
        twin=_hand_of(REWIND, discard=["P-1868"], harvest_requires_legal_target=False),
    ),
    _case(
        "rewind: only a Timewarp to take",
        "C-TW-1, C-TW-3",
        _hand_of(REWIND, discard=[FAST_FORWARD]),
        C.Play(REWIND),
        twin=_hand_of(REWIND, discard=[FAST_FORWARD, PLAY_]),
    ),
    _case(
        "quick trip: only a Timewarp to take",
        "C-TW-1, C-TW-4",
        _hand_of(QUICK_TRIP, draw_pile=[FILLER, FAST_FORWARD]),
        C.Play(QUICK_TRIP),
        twin=_hand_of(QUICK_TRIP, draw_pile=[FILLER, PLAY_]),
    ),
    _case(
        "quick trip: an empty draw pile without recycling",
        "C-TW-4, C-DECK-2",
        _hand_of(QUICK_TRIP, draw_pile=[FILLER]),
        C.Play(QUICK_TRIP),
        twin=_hand_of(QUICK_TRIP, draw_pile=[FILLER], quick_trip_recycle_if_empty=True),
    ),
    # --- patches (C-PATCH-1..3, C-RULING-8, C-RULING-9, C-ANOM-6)
    _case(
        "patch: a true year",
        "C-PATCH-2",
        _hand_of("P-1868"),
        C.Play("P-1868"),
        twin=_hand_of("P-1868", timeline=("Lincoln",)),
    ),
    _case(
        "patch: a true 1945 when replacements are allowed",
        "C-PATCH-2, C-RULING-8, C-RULING-9",
        _hand_of("P-1945-A", allow_patch_replacement=True, patch_requires_playable_if=False),
        C.Play("P-1945-A"),
        twin=_hand_of(
            "P-1945-A", timeline=("Hitler",), allow_patch_replacement=True, patch_requires_playable_if=False
        ),
    ),
    _case(
        "patch: a year already patched",
        "C-PATCH-2, C-RULING-9",
        patched_1945,
        C.Play("P-1945-B"),
        twin=lambda: with_options(patched_1945(), allow_patch_replacement=True),
    ),
    _case(
        "patch: its playable-if is false",
        "C-PATCH-3, C-RULING-8, C-ANOM-2",
        _hand_of("P-1945-A", timeline=("Hitler",)),
        C.Play("P-1945-A"),
        twin=_hand_of("P-1945-A", timeline=("Hitler",), patch_requires_playable_if=False),
    ),
    _case(
        "patch: after 1962 under the UltraParadox",
        "C-ANOM-6, C-RULING-11",
        _hand_of("P-1969", up=True),
        C.Play("P-1969"),
        twin=_opts(_hand_of("P-1969", up=True), ultraparadox_blocks_post_1962_plays=False),
    ),
    # --- Inverters (C-INV-2, C-INV-4, C-INV-7, C-ANOM-6)
    _case(
        "inverter: a linchpin it does not target",
        "C-INV-2, C-INV-3",
        _hand_of(AVERT),
        C.Play(AVERT, "Lincoln"),
        legal=C.Play(AVERT, "Titanic"),
    ),
    _case(
        "inverter: the wrong way",
        "C-INV-2, C-INV-4",
        _hand_of(RESTORE),
        C.Play(RESTORE, "Lincoln"),
        twin=_hand_of(RESTORE, timeline=("Lincoln",)),
    ),
    _case(
        "inverter: after 1962 under the UltraParadox",
        "C-ANOM-6, C-RULING-11",
        _hand_of(RF, up=True),
        C.Play(RF, "JFK"),
        twin=_opts(_hand_of(RF, up=True), ultraparadox_blocks_post_1962_plays=False),
    ),
    _case(
        "artifact: blocked under the UltraParadox",
        "C-ANOM-7, C-RULING-13",
        _hand_of(ALMANAC, up=True),
        C.Play(ALMANAC),
        twin=_hand_of(ALMANAC),
    ),
    # --- Killing Time (C-TURN-4, C-TURN-5, C-RULING-26, C-RULING-31)
    _case(
        "killing time: a card not in hand",
        "C-TURN-4",
        _hand_of(REX),
        C.KillTime((PLAY_,)),
        twin=_hand_of(PLAY_),
    ),
    _case(
        "killing time: the second card not in hand",
        "C-TURN-4",
        _hand_of(REX),
        C.KillTime((REX, PLAY_)),
        twin=_hand_of(REX, PLAY_),
    ),
    _case(
        "killing time: one copy twice", "C-TURN-4", _hand_of(RF), C.KillTime((RF, RF)), twin=_hand_of(RF, RF)
    ),
    _case(
        "killing time: a str subclass",
        "C-TURN-4",
        _hand_of(REX),
        C.KillTime((MyStr(REX),)),
        InvalidMoveError,
        legal=C.KillTime((REX,)),
    ),
    _case(
        "killing time: a str subclass first of two",
        "C-TURN-4",
        _hand_of(REX, PLAY_),
        C.KillTime((MyStr(REX), PLAY_)),
        InvalidMoveError,
        legal=C.KillTime((REX, PLAY_)),
    ),
    _case(
        "killing time: a str subclass second",
        "C-TURN-4",
        _hand_of(REX, PLAY_),
        C.KillTime((REX, MyStr(PLAY_))),
        InvalidMoveError,
        legal=C.KillTime((REX, PLAY_)),
    ),
    _case(
        "killing time: three cards",
        "C-TURN-4",
        _hand_of(REX, PLAY_, STEGO),
        C.KillTime((REX, PLAY_, STEGO)),
        InvalidMoveError,
        legal=C.KillTime((REX, PLAY_)),
    ),
    _case(
        "killing time: no card",
        "C-TURN-4",
        _hand_of(REX),
        C.KillTime(()),
        InvalidMoveError,
        legal=C.KillTime((REX,)),
    ),
    _case(
        "killing time: a list",
        "C-TURN-4",
        _hand_of(REX),
        C.KillTime([REX]),
        InvalidMoveError,  # type: ignore[arg-type]
        legal=C.KillTime((REX,)),
    ),
    _case(
        "killing time: Artifaxx without it",
        "C-RULING-31, C-ARTIFAXX-5",
        _hand_of(REX, variant="artifaxx", artifaxx_killing_time=False),
        C.KillTime((REX,)),
        twin=_hand_of(REX, variant="artifaxx"),
    ),
    _case(
        "killing time: in Fast Forward's plays when the ruling forbids it",
        "C-TURN-5, C-RULING-26",
        lambda: fast_forward_play(killing_time_in_effect_plays=False),
        C.KillTime((REX,)),
        twin=fast_forward_play,
    ),
    _case(
        "killing time: in a Miracle's plays",
        "C-ACT-4, C-RULING-23",
        miracle_play,
        C.KillTime((PLAY_,)),
        legal=C.Play(PLAY_),
    ),
    _case(
        "miracle: a discard while a play is possible",
        "C-ACT-4, C-RULING-23",
        miracle_play,
        C.Discard(PLAY_),
        legal=C.Play(PLAY_),
    ),
    _case(
        "miracle discard: a card not in the temporary hand",
        "C-ACT-4",
        miracle_discard,
        C.Discard(PLAY_),
        legal=C.Discard(ARK),
    ),
    # --- reaction windows (C-MEMO-1..3, C-TURN-1)
    _case(
        "window: a Memo of a card that is no Memo",
        "C-MEMO-1",
        lambda: window([MEMO, PLAY_], []),
        C.Memo(PLAY_),
        legal=C.Memo(MEMO),
    ),
    _case(
        "window: a Memo the polled player does not hold",
        "C-MEMO-1, C-MEMO-3",
        lambda: window([], [MEMO]),
        C.Memo(MEMO),
        twin=lambda: window([MEMO], []),
    ),
    _case(
        "window: a Memo as a str subclass",
        "C-MEMO-1",
        lambda: window([MEMO], []),
        C.Memo(MyStr(MEMO)),
        InvalidMoveError,
        legal=C.Memo(MEMO),
    ),
    _case("window: a play", "C-TURN-1, C-MEMO-2", lambda: window([PLAY_], []), C.Play(PLAY_), legal=C.Pass()),
    _case(
        "window: killing time",
        "C-TURN-1, C-MEMO-8",
        lambda: window([PLAY_], []),
        C.KillTime((PLAY_,)),
        legal=C.Pass(),
    ),
    # --- Rewind and Quick Trip's choice (C-TW-1, C-TW-3, C-TW-4, C-RULING-13, C-RULING-16)
    _case(
        "rewind's choice: a card not in the discard pile",
        "C-TW-3",
        lambda: harvest("discard", [PLAY_]),
        C.Play(STEGO),
        twin=lambda: harvest("discard", [PLAY_, STEGO]),
    ),
    _case(
        "rewind's choice: a Timewarp",
        "C-TW-1",
        lambda: harvest("discard", [PLAY_, FAST_FORWARD]),
        C.Play(FAST_FORWARD),
        legal=C.Play(PLAY_),
    ),
    _case(
        "rewind's choice: no legal play now",
        "C-RULING-16, C-PATCH-2",
        lambda: harvest("discard", [PLAY_, "P-1868"]),
        C.Play("P-1868"),
        twin=lambda: harvest("discard", [PLAY_, "P-1868"], timeline=("Lincoln",)),
    ),
    _case(
        "rewind's choice: an unknown card",
        "C-TW-3",
        lambda: harvest("discard", [PLAY_]),
        C.Play("ART-NOPE"),
        legal=C.Play(PLAY_),
    ),
    _case(
        "rewind's choice: a blocked Artifact under the UltraParadox",
        "C-RULING-13, C-ANOM-7",
        lambda: harvest("discard", [PLAY_, ALMANAC], up=True),
        C.Play(ALMANAC),
        twin=lambda: harvest("discard", [PLAY_, ALMANAC], up=True, ultraparadox_blocks_artifact_moves=False),
    ),
    _case(
        "rewind's choice: a str subclass",
        "C-TW-3",
        lambda: harvest("discard", [PLAY_]),
        C.Play(MyStr(PLAY_)),
        InvalidMoveError,
        legal=C.Play(PLAY_),
    ),
    _case(
        "rewind's choice: a bool seat",
        "C-TW-3, C-ACT-7",
        lambda: harvest("discard", [NEW_MISSION]),
        C.Play(NEW_MISSION, True),
        InvalidMoveError,
        legal=C.Play(NEW_MISSION, 1),
    ),
    _case(
        "rewind's choice: killing time",
        "C-TW-3",
        lambda: harvest("discard", [PLAY_]),
        C.KillTime((FILLER,)),
        legal=C.Play(PLAY_),
    ),
    _case(
        "quick trip's choice: a card not in the draw pile",
        "C-TW-4",
        lambda: harvest("draw", [PLAY_]),
        C.Play(STEGO),
        twin=lambda: harvest("draw", [PLAY_, STEGO]),
    ),
    # --- chance: the draw, the Time Vortex's deal, the goal piles, the first player (C-CHANCE-2, C-CHANCE-5)
    _case(
        "draw: no copy left",
        "C-CHANCE-2, C-DECK-1",
        lambda: setup(3, hands=[[REX]]),
        C.Draw(REX),
        twin=lambda: setup(3),
    ),
    _case("draw: an unknown card", "C-CHANCE-2", lambda: setup(3), C.Draw("ART-NOPE"), legal=C.Draw(FILLER)),
    _case(
        "draw: a str subclass",
        "C-CHANCE-2",
        lambda: setup(3),
        C.Draw(MyStr(FILLER)),
        InvalidMoveError,
        legal=C.Draw(FILLER),
    ),
    _case("draw: a Deal", "C-CHANCE-2", lambda: setup(3), C.Deal(FILLER), legal=C.Draw(FILLER)),
    _case(
        "time vortex's deal: a card not in the pool",
        "C-ACT-6, C-RULING-32",
        vortex_deal,
        C.Draw(STEGO),
        legal=C.Draw(PLAY_),
    ),
    _case(
        "deal: an ID at the Mission deal",
        "C-SETUP-3, C-CHANCE-5",
        lambda: first_chance(DealGoal),
        C.Deal("ID-01"),
        legal=C.Deal("MIS-MONA-LISA-TRIPTYCH"),
    ),
    _case(
        "deal: a Mission already dealt",
        "C-SETUP-3, C-CHANCE-5, C-GOAL-1",
        lambda: C.apply(first_chance(DealGoal), C.Deal("MIS-MONA-LISA-TRIPTYCH")),
        C.Deal("MIS-MONA-LISA-TRIPTYCH"),
        twin=lambda: first_chance(DealGoal),
    ),
    _case(
        "first player: no such seat",
        "C-RULING-36",
        lambda: first_chance(ChooseFirst),
        C.FirstPlayer(3),
        legal=C.FirstPlayer(2),
    ),
    _case(
        "first player: seat -1",
        "C-RULING-36",
        lambda: first_chance(ChooseFirst),
        C.FirstPlayer(-1),
        TYPED,
        legal=C.FirstPlayer(0),
    ),
    _case(
        "first player: a bool",
        "C-RULING-36",
        lambda: first_chance(ChooseFirst),
        C.FirstPlayer(True),
        InvalidMoveError,
        legal=C.FirstPlayer(1),
    ),
    # --- the other decisions (C-SETUP-5, C-RULING-27, C-RULING-29, C-SOLO-4, C-RULING-30)
    _case(
        "mulligan: a Declare",
        "C-SETUP-5, C-RULING-29",
        lambda: first_chance(MulliganChoice),
        C.Declare(True),
        legal=C.Mulligan(True),
    ),
    _case(
        "mulligan: an int",
        "C-SETUP-5",
        lambda: first_chance(MulliganChoice),
        C.Mulligan(1),  # type: ignore[arg-type]
        InvalidMoveError,
        legal=C.Mulligan(True),
    ),
    _case("declare: a Mulligan", "C-RULING-27", declare_choice, C.Mulligan(True), legal=C.Declare(True)),
    _case(
        "declare: an int",
        "C-RULING-27",
        declare_choice,
        C.Declare(1),
        InvalidMoveError,  # type: ignore[arg-type]
        legal=C.Declare(True),
    ),
    _case(
        "solonauts: discarding an Inverter when only patches may go",
        "C-SOLO-4, C-RULING-30",
        lambda: solo_step(solonauts_discard_policy="patches_only"),
        C.Discard(RF),
        twin=solo_step,
    ),
    _case(
        "solonauts: discarding a card not in hand",
        "C-SOLO-4",
        solo_step,
        C.Discard(AVERT),
        legal=C.Discard(RF),
    ),
    _case(
        "solonauts: killing time", "C-SOLO-4, C-RULING-30", solo_step, C.KillTime((RF,)), legal=C.Discard(RF)
    ),
]


def _over_near_miss() -> tuple[State, C.Move]:
    playout = finished_playout(C, 3, initial=C.new_game(players=2))
    states = list(playout.states(C))
    return states[-2], playout.moves[-1]


CASES.append(
    Case(
        "over: the move that ended the game",
        "C-WIN-5, C-LOSE-1",
        lambda: game_over()[0],
        None,
        IllegalMoveError,
        _over_near_miss,
    )
)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_refusal_alone_refuses_its_move(case: Case) -> None:
    """REL-MOVES-4: every refusal of the rules has a test in a state where it alone refuses the move;
    the move is refused (by `check_move`, `is_legal` and `apply`), is not listed, and changes nothing."""
    state = case.state()
    move = case.move if case.move is not None else game_over()[1]
    before = C.to_json(state)
    if case.error is IllegalMoveError:  # a malformed move may compare equal to a listed one
        assert move not in {*C.legal_moves(state), *(m for m, _ in C.chance_outcomes(state))}
    assert not C.is_legal(state, move)
    with pytest.raises(case.error):
        C.check_move(state, move)
    with pytest.raises(case.error):
        C.apply(state, move)
    assert C.to_json(state) == before


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_near_miss_is_legal(case: Case) -> None:
    """The control: the near miss of each case is legal, listed, and gives a state `validate` accepts."""
    state, move = case.near_miss()
    assert move in {*C.legal_moves(state), *(m for m, _ in C.chance_outcomes(state))}
    assert C.is_legal(state, move)
    C.validate(C.apply(state, move))


def test_killing_time_in_either_order_is_the_listed_move():  # C-TURN-4
    """The one accepted move that is not listed as given: Killing Time's pair in the other order, which
    gives the state of the listed pair."""
    state = play_step(REX, PLAY_)
    listed, reversed_ = C.KillTime((REX, PLAY_)), C.KillTime((PLAY_, REX))
    assert listed in C.legal_moves(state)
    assert reversed_ not in C.legal_moves(state)
    assert C.is_legal(state, reversed_)
    assert C.apply(state, reversed_) == C.apply(state, listed)
