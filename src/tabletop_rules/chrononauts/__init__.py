"""Chrononauts (Looney Labs, 136-card edition), with Artifaxx and Solonauts as variants.

A card game of time travel: players flip linchpins of a 32-card TimeLine,
patch the paradoxes that ripple out, collect Artifacts and race to win by going
home (ID), completing their Mission or holding ten cards, before the 13th open
paradox destroys the universe.  The module satisfies
:class:`tabletop_rules.core.ImperfectInformationGame`::

    from tabletop_rules import chrononauts
    from tabletop_rules.core import random_playout

    state = chrononauts.new_game(players=4)
    game = random_playout(chrononauts, seed=7, initial=state)
    print(chrononauts.describe(game.final))

Every draw, deal and shuffle is a chance node with exact probabilities; the
rules never draw random numbers.  Rulings and variants are fields of
:class:`RulesConfig`; card facts come from a validated :class:`CardSet`.
Rules clauses (``C-...``) refer to the project's Chrononauts specification.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final

import attrs

from tabletop_rules.chrononauts.cards import CardSet, default_cards, provenance_markdown
from tabletop_rules.chrononauts.engine import (
    Work,
    apply_move,
    chance_outcomes_of,
    decision_player,
    legal_moves_of,
)
from tabletop_rules.chrononauts.notation import move_to_str, parse_move
from tabletop_rules.chrononauts.options import VARIANTS, RulesConfig
from tabletop_rules.chrononauts.serialize import VERSION, check_players, from_json, to_json, validate
from tabletop_rules.chrononauts.state import (
    OPEN,
    TRUE,
    ChooseFirst,
    Deal,
    DealGoal,
    Declare,
    Discard,
    Draw,
    DrawCards,
    FirstPlayer,
    Frame,
    History,
    KillTime,
    Memo,
    Move,
    Mulligan,
    Pass,
    Play,
    Result,
    SoloTurn,
    State,
    make_context,
)
from tabletop_rules.chrononauts.views import (
    View,
    describe,
    information_state_string,
    observation,
    view_to_json,
)
from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError
from tabletop_rules.core.protocol import CHANCE, Actor, GameInfo

__all__ = [
    "GAME_INFO",
    "OPEN",
    "TRUE",
    "VARIANTS",
    "CardSet",
    "Deal",
    "Declare",
    "Discard",
    "Draw",
    "FirstPlayer",
    "History",
    "KillTime",
    "Memo",
    "Move",
    "Mulligan",
    "Pass",
    "Play",
    "Result",
    "RulesConfig",
    "State",
    "View",
    "apply",
    "chance_outcomes",
    "current_player",
    "default_cards",
    "describe",
    "from_json",
    "information_state_string",
    "is_terminal",
    "legal_moves",
    "move_to_str",
    "new_game",
    "observation",
    "outcome",
    "parse_move",
    "provenance_markdown",
    "returns",
    "to_json",
    "validate",
    "view_to_json",
]

GAME_INFO: Final = GameInfo(
    name="chrononauts",
    title="Chrononauts",
    min_players=1,  # Solonauts; the full game is 2-6 and Artifaxx 2-4
    max_players=10,  # with allow_extra_players (C-RULING-37)
    chance=True,
    perfect_information=False,
    zero_sum=False,
    version=VERSION,
)


def new_game(
    options: RulesConfig | dict[str, Any] | None = None,
    *,
    players: int | None = None,
    cards: CardSet | None = None,
    variant: str | None = None,
) -> State:
    """The state before the deal: TimeLine in True History, piles full (C-SETUP-1..6).

    Args:
        options: a :class:`RulesConfig` (or a dict of its fields); defaults to the spec's defaults.
        players: 2-6 for Chrononauts (default 4), 2-4 for Artifaxx (default 4), 1 for Solonauts.
        cards: a card list loaded with :meth:`CardSet.from_json`; defaults to ``options.card_data_path``
            or the shipped edition.
        variant: ``"chrononauts"``, ``"artifaxx"`` or ``"solonauts"``; overrides ``options.variant``.

    Raises:
        InvalidOptionError: bad options or player count.
        InvalidStateError: an invalid card list.
    """
    if options is None:
        config = RulesConfig()
    elif isinstance(options, dict):
        config = RulesConfig.from_dict(options)
    elif isinstance(options, RulesConfig):
        config = options
    else:
        raise InvalidOptionError(
            f"options must be a RulesConfig, a dict or None, got {type(options).__name__}"
        )
    if variant is not None:
        if variant not in VARIANTS:
            raise InvalidOptionError(f"variant={variant!r} is not one of {list(VARIANTS)}")
        config = attrs.evolve(config, variant=variant)
    if cards is None:
        cards = CardSet.from_json(config.card_data_path) if config.card_data_path else default_cards()
    elif not isinstance(cards, CardSet):
        raise InvalidOptionError("cards must be a CardSet (see CardSet.from_json)")
    n = players if players is not None else (1 if config.variant == "solonauts" else 4)
    check_players(config, n, cards)
    ctx = make_context(cards, config, n)
    variant_name = config.variant
    todo: list[Frame] = []
    if variant_name == "solonauts":
        todo += [DealGoal(0, "solo") for _ in range(config.solonauts_identity_count)]
        todo += [DrawCards(0, 5), SoloTurn()]  # C-SOLO-3
    else:
        todo += [DealGoal(p, "mission") for p in range(n)]  # C-SETUP-3
        if variant_name == "chrononauts":
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
        id_pile=frozenset(i.id for i in cards.identities) if variant_name != "artifaxx" else frozenset(),
        id_queue=(),
        mission_pile=frozenset(m.id for m in cards.missions) if variant_name != "solonauts" else frozenset(),
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
        log=(),
    )
    work = Work(state)
    work.advance()
    return work.freeze()


def legal_moves(state: State) -> Sequence[Move]:
    """The decisions of the player to act, distinct and in a fixed order; empty at chance nodes."""
    return legal_moves_of(state)


def apply(state: State, move: Move) -> State:
    """The state after a decision or chance outcome; raises IllegalMoveError and never mutates ``state``."""
    return apply_move(state, move)


def current_player(state: State) -> Actor:
    """The seat to decide, :data:`~tabletop_rules.core.CHANCE`, or None once the game is over."""
    if state.result is not None:
        return None
    player = decision_player(state)
    return CHANCE if player is None else player


def chance_outcomes(state: State) -> Sequence[tuple[Move, Fraction]]:
    """At a chance node, every outcome with its exact probability (C-CHANCE-2); otherwise empty."""
    return chance_outcomes_of(state)


def is_terminal(state: State) -> bool:
    return state.result is not None


def returns(state: State) -> tuple[float, ...]:
    """+1 for the winner and -1 for everyone else; -1 for all when the universe is destroyed or
    Solonauts is lost; 0 for all when the game ends with no winner otherwise (cap, empty supply);
    zeros until the end."""
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
    """How a finished game ended, for :mod:`tabletop_rules.simulate` to aggregate.

    Keys: ``winner`` (seat or None); ``win_type`` (``"id"``, ``"mission"``, ``"hand_size"`` or
    ``"all_home"`` for Solonauts, several joined with ``+`` when met together; None without a
    winner); ``end`` (``"win"``, ``"universe_destroyed"``, ``"out_of_cards"``, ``"turn_limit"`` or
    ``"empty_supply"``); ``universe_destroyed`` (bool); ``turns``; ``open_paradoxes`` at the end;
    ``players``; ``variant``.

    Raises:
        InvalidStateError: the game is not over.
    """
    result = state.result
    if result is None:
        raise InvalidStateError("outcome() needs a finished game; this one is still being played")
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
