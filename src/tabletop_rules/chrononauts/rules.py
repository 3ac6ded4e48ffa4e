"""The Chrononauts rules, as the protocol's functions (C-SETUP-*, C-TURN-*, C-WIN-*, C-CHANCE-*).

`new_game` deals nothing itself: it builds the state before the deal and lets
the engine run to the first chance event (C-SETUP-1..6, C-CHANCE-1).
`check_move` raises with a sentence, `is_legal` answers with a bool and
`apply` applies a checked move (a fast path for the commonest moves, the
engine otherwise); the three always agree with `legal_moves` and
`chance_outcomes`.  Every function is pure: states are never changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs

from tabletop_rules.chrononauts.content.loader import default_cards, load_cards
from tabletop_rules.chrononauts.content.records import CardSet
from tabletop_rules.chrononauts.context import check_players, make_context
from tabletop_rules.chrononauts.effects import card_plays, harvest_plays
from tabletop_rules.chrononauts.engine import Engine, check_chance, run
from tabletop_rules.chrononauts.fast_paths import apply_fast
from tabletop_rules.chrononauts.frames import (
    CHANCE_FRAMES,
    ChooseFirst,
    DealGoal,
    DrawCards,
    Frame,
    Harvest,
    PlayStep,
    SoloTurn,
    Window,
)
from tabletop_rules.chrononauts.history import EMPTY_HISTORY
from tabletop_rules.chrononauts.legality import chance_outcomes, current_player, decision_player, legal_moves
from tabletop_rules.chrononauts.moves import (
    SHAPES,
    Draw,
    KillTime,
    Memo,
    Move,
    Pass,
    Play,
)
from tabletop_rules.chrononauts.options import VARIANTS, Options
from tabletop_rules.chrononauts.position import Position
from tabletop_rules.chrononauts.state import TRUE, State
from tabletop_rules.core.errors import (
    GameNotOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
)
from tabletop_rules.core.jsonio import brief

__all__ = [
    "RULES_VERSION",
    "apply",
    "canonical_move",
    "chance_outcomes",
    "check_move",
    "current_player",
    "is_legal",
    "is_terminal",
    "legal_moves",
    "new_game",
    "outcome",
    "returns",
]

RULES_VERSION: Final = 2
"""The behaviour version: it changes when the engine's behaviour changes, never on a refactor.

2: card titles and IDs corrected from the edition's sources (Squa Tront, Rainbow, Yuri, Crown of
Thorns; the histories name them, and Rainbow's and one placeholder ID's years changed)."""


def new_game(
    options: Options | Mapping[str, Any] | None = None,
    *,
    players: object = None,
    cards: object = None,
    variant: object = None,
) -> State:
    """The state before the deal: TimeLine in True History, piles full (C-SETUP-1..6).

    Args:
        options: an `Options` (or a mapping of its fields); defaults to the spec's defaults.
        players: 2-6 for Chrononauts (default 4), 2-4 for Artifaxx (default 4), 1 for Solonauts.
        cards: a card list from the loader (`load_cards`, `cards_from_json`...); defaults to
            ``options.card_data_path`` or the shipped edition.
        variant: ``"chrononauts"``, ``"artifaxx"`` or ``"solonauts"``; overrides ``options.variant``.

    Raises:
        InvalidOptionError: bad options or player count.
        InvalidContentError: the card list at ``options.card_data_path`` is invalid.
    """
    # a caller's values arrive as `object` and are narrowed here (a compiled build checks annotations)
    opts = Options.coerce(options)
    if variant is not None and variant != opts.variant:
        if variant not in VARIANTS:
            raise InvalidOptionError(f"variant={brief(variant)} is not one of {list(VARIANTS)}")
        opts = attrs.evolve(opts, variant=variant)  # type: ignore[arg-type]  # checked just above
    if cards is None:
        cards = load_cards(opts.card_data_path) if opts.card_data_path else default_cards()
    elif not isinstance(cards, CardSet):
        raise InvalidOptionError("cards must be a CardSet (see load_cards and cards_from_json)")
    if players is None:
        n = 1 if opts.variant == "solonauts" else 4
    elif type(players) is int:
        n = players
    else:
        raise InvalidOptionError(f"players must be an int, got {brief(players)}")
    check_players(opts, n, cards)
    ctx = make_context(cards, opts, n)
    todo: list[Frame] = []
    if opts.variant == "solonauts":
        todo += [DealGoal(0, "solo") for _ in range(opts.solonauts_identity_count)]
        todo += [DrawCards(0, 5), SoloTurn()]  # C-SOLO-3
    else:
        todo += [DealGoal(p, "mission") for p in range(n)]  # C-SETUP-3
        if opts.variant == "chrononauts":
            todo += [DealGoal(p, "id") for p in range(n)]
        todo += [DrawCards(p, 3) for p in range(n)]  # C-SETUP-4
        todo.append(ChooseFirst())  # C-SETUP-6, then the mulligans (C-SETUP-5)
    state = State(
        ctx=ctx,
        alt=0,
        status=tuple(TRUE for _ in cards.ripplepoints),
        draw_pile=ctx.deck_counts,
        discard_pile=(),
        hands=tuple(() for _ in range(n)),
        tableaux=tuple(() for _ in range(n)),
        ids=tuple("" for _ in range(n)),
        missions=tuple("" for _ in range(n)),
        id_pile=frozenset(i.id for i in cards.identities) if opts.variant != "artifaxx" else frozenset(),
        id_queue=(),
        mission_pile=frozenset(m.id for m in cards.missions) if opts.variant != "solonauts" else frozenset(),
        mission_queue=(),
        revealed_ids=(),
        out_of_game=(),
        solo_ids=(),
        home_row=(),
        active=0,
        turn=0,
        extra_turns=0,
        stack=tuple(reversed(todo)),
        result=None,
        log=EMPTY_HISTORY,
    )
    work = Engine(state)
    work.advance()
    return work.freeze()


def canonical_move(state: State, move: object) -> object:
    """``move`` in the form `legal_moves` lists it: Killing Time's pair is unordered (C-TURN-4), so
    ``KillTime((b, a))`` is read as ``KillTime((a, b))`` in deck order; any other object is returned
    as it is (the checks decide about it)."""
    if type(move) is KillTime:
        cards = move.cards
        if type(cards) is tuple and len(cards) == 2 and type(cards[0]) is str and type(cards[1]) is str:
            index = state.ctx.cards.deck_index
            first, second = index.get(cards[0]), index.get(cards[1])
            if first is not None and second is not None and first > second:
                return state.ctx.kill_times[(cards[1], cards[0])]
    return move


def check_move(state: State, move: object) -> None:
    """Raise unless ``apply`` accepts ``move`` here, with a sentence saying why.

    Killing Time's two cards may be given in either order (C-TURN-4).

    Raises:
        InvalidMoveError: ``move`` is not a Chrononauts move (by exact type, fields included).
        IllegalMoveError: it is one, but not a legal decision or chance outcome here.
    """
    if state.result is None and state.stack and _surely_legal(state, state.stack[-1], move):
        return  # the commonest moves, checked without listing every legal move (exact types included)
    SHAPES.check(move)
    move = canonical_move(state, move)
    if state.result is not None or not state.stack:
        raise IllegalMoveError(f"the game is over; {brief(move)} cannot be applied")
    top = state.stack[-1]
    if isinstance(top, CHANCE_FRAMES):
        check_chance(state, move)
        return
    legal = legal_moves(state)
    if move not in legal:
        raise IllegalMoveError(
            f"{brief(move)} is not legal here (player {decision_player(state)} to act at "
            f"{type(top).__name__}; {len(legal)} legal moves)"
        )


def _surely_legal(state: State, top: Frame, move: object) -> bool:
    """Whether ``move`` is certainly legal at ``top``, checked without listing every legal move.

    A shortcut for the commonest moves (a pass or a Memo in a reaction window, a play or Killing
    Time at a turn's play step, a draw, the card Rewind or Quick Trip takes); it checks the exact
    types itself.  ``False`` means "not sure": the full check (`check_move`) decides.
    ``tests/chrononauts/test_rules_protocol.py`` checks that both ways always agree with
    `legal_moves`.
    """
    kind = type(move)
    if type(top) is DrawCards:
        if kind is not Draw or type(move.card) is not str:  # type: ignore[attr-defined]
            return False
        index = state.ctx.cards.deck_index.get(move.card)  # type: ignore[attr-defined]
        return index is not None and state.draw_pile[index] > 0  # C-CHANCE-2: a card left in the pile
    if type(top) is Window:
        if kind is Pass:
            return True  # C-MEMO-3: the polled player may always let the card stand
        if kind is Memo:  # C-MEMO-1: a Memo card of the polled player's hand
            card = move.card  # type: ignore[attr-defined]
            return type(card) is str and card in state.ctx.memos and card in state.hands[top.polled()]
        return False
    if type(top) is Harvest:  # C-TW-3, C-TW-4: a card of the pool, announced as it may be
        if kind is not Play:
            return False
        card, target = move.card, move.target  # type: ignore[attr-defined]
        if (
            type(card) is not str
            or type(target) not in _TARGET_TYPES
            or card not in state.ctx.cards.deck_index
        ):
            return False
        return move in harvest_plays(Position(state), top.player, top.source, card)
    if type(top) is not PlayStep:
        return False
    hand = state.hands[top.player]
    if kind is Play:  # C-PLAY-1: each card's announcements depend on that card alone
        card = move.card  # type: ignore[attr-defined]
        if type(card) is not str or type(move.target) not in _TARGET_TYPES or card not in hand:  # type: ignore[attr-defined]
            return False
        return move in card_plays(Position(state), top.player, card)
    if (
        kind is KillTime
        and top.kind == "turn"
        and (state.ctx.options.variant != "artifaxx" or state.ctx.options.artifaxx_killing_time)
    ):  # C-TURN-4, C-RULING-31: Killing Time is open on a turn's play step
        cards = move.cards  # type: ignore[attr-defined]
        if type(cards) is not tuple or not 1 <= len(cards) <= 2 or type(cards[0]) is not str:
            return False
        if type(cards[-1]) is not str:
            return False
        known = state.ctx.kill_times.get(cards)  # a move from `legal_moves` is this very record
        if known is not move and known != move:
            return False  # not one or two deck cards in deck order
        if len(cards) == 2:
            first, second = cards
            return hand.count(first) >= 2 if first == second else first in hand and second in hand
        return cards[0] in hand
    return False


_TARGET_TYPES: Final = (str, int, type(None))


def is_legal(state: State, move: object) -> bool:
    """Whether `apply` accepts ``move`` in ``state`` (a predicate; never raises)."""
    try:
        check_move(state, move)
    except (InvalidMoveError, IllegalMoveError):
        return False
    return True


def apply(state: State, move: Move) -> State:
    """The state after a decision or chance outcome; never changes ``state``.

    Killing Time's two cards may be given in either order (C-TURN-4).

    Raises:
        InvalidMoveError: ``move`` is not a Chrononauts move.
        IllegalMoveError: it is not legal here (the message says why).
    """
    if not (state.result is None and state.stack and _surely_legal(state, state.stack[-1], move)):
        check_move(state, move)  # the commonest moves skip the full check, which lists the legal moves
        move = canonical_move(state, move)  # type: ignore[assignment]  # a checked move stays a Move
    fast = apply_fast(state, move)
    if fast is not None:
        return fast
    return run(state, move, chance=isinstance(state.stack[-1], CHANCE_FRAMES))


def is_terminal(state: State) -> bool:
    """Whether the game is over (it has a result)."""
    return state.result is not None


def returns(state: State) -> tuple[float, ...]:
    """+1 for the winner and -1 for everyone else; -1 for all when the universe is destroyed or
    Solonauts is lost; 0 for all when the game ends with no winner otherwise (cap, empty supply);
    zeros until the end (C-WIN-*, C-LOSE-1)."""
    result = state.result
    n = state.players
    if result is None:
        return (0.0,) * n
    if result.winner is not None:
        return tuple(1.0 if p == result.winner else -1.0 for p in range(n))
    if result.conditions and result.conditions[0] in ("universe_destroyed", "out_of_cards"):
        return (-1.0,) * n
    return (0.0,) * n


_WIN_CONDITIONS: Final = ("mission", "id", "hand_size", "all_home")


def outcome(state: State) -> dict[str, int | float | str | bool | None]:
    """How a finished game ended, for `tabletop_rules.simulate` to aggregate.

    Keys: ``winner`` (seat or None); ``win_type`` (``"id"``, ``"mission"``, ``"hand_size"`` or
    ``"all_home"`` for Solonauts, several joined with ``+`` when met together; None without a
    winner); ``end`` (``"win"``, ``"universe_destroyed"``, ``"out_of_cards"``, ``"turn_limit"`` or
    ``"empty_supply"``); ``universe_destroyed`` (bool); ``turns``; ``open_paradoxes`` at the end;
    ``players``; ``variant``.

    Raises:
        GameNotOverError: the game is not over.
    """
    result = state.result
    if result is None:
        raise GameNotOverError("outcome() needs a finished game; this Chrononauts game is still going")
    won = result.winner is not None
    return {
        "winner": result.winner,
        "win_type": "+".join(c for c in result.conditions if c in _WIN_CONDITIONS) if won else None,
        "end": "win" if won else (result.conditions[0] if result.conditions else "unknown"),
        "universe_destroyed": "universe_destroyed" in result.conditions,
        "turns": state.turn,
        "open_paradoxes": state.open_paradoxes(),
        "players": state.players,
        "variant": state.variant,
    }
