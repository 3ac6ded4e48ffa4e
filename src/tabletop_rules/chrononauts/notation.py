"""Chrononauts move notation: `move_to_str` and its inverse `parse_move`.

Card names are written in double quotes (a quote inside a name is escaped as
``\\"``); card ids may be written instead, unquoted.  The forms are::

    play "Reverse Fate" 1963          an Inverter on the linchpin of 1963 (or its icon: JFK)
    play "Get There First" "Rex"      an Action or Artifact, with its target if it has one
    play "New Mission" P2             a player target (seats are P0 .. Pn-1)
    play "Discontinuity" next         a direction (next / previous)
    patch 1968                        the patch of a year; patch 1945 "Allied Troops Invade Tokyo"
    kill-time "Rewind" "Sabotage"     Killing Time with one or two cards
    discard "Restore History"         a Miracle's or a Solonauts discard
    memo | pass                       in a reaction window
    mulligan | keep                   the identity mulligan
    declare | decline                 with auto_declare_victory off
    draw "Rewind" | deal ID-03 | first P1      chance outcomes

Cards taken by Rewind or Quick Trip to the Future are written as plays.
`parse_move` raises InvalidMoveError (syntax), IllegalMoveError (not legal
here) or AmbiguousMoveError (several legal moves match, e.g. ``play "Reverse Fate"``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Final

from tabletop_rules.chrononauts.content.records import CardSet, PatchCard
from tabletop_rules.chrononauts.legality import chance_outcomes, legal_moves
from tabletop_rules.chrononauts.moves import (
    SHAPES,
    Deal,
    Declare,
    Discard,
    Draw,
    FirstPlayer,
    KillTime,
    Memo,
    Move,
    Mulligan,
    Pass,
    Play,
)
from tabletop_rules.chrononauts.state import State
from tabletop_rules.core.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.core.jsonio import brief

__all__ = ["MAX_MOVE_TEXT", "move_to_str", "parse_move", "quote"]

MAX_MOVE_TEXT: Final = 300
"""The longest move text `parse_move` reads."""

_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')
_PLAYER = re.compile(r"[Pp]([0-9]{1,2})")
_VERBS = (
    "play",
    "patch",
    "kill-time",
    "discard",
    "memo",
    "pass",
    "mulligan",
    "keep",
    "declare",
    "decline",
    "draw",
    "deal",
    "first",
)


def quote(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


@functools.lru_cache(maxsize=16)
def _lookup(cards: CardSet) -> Mapping[str, str]:
    """Lower-case names and ids of every card -> card id (a bounded cache of read-only tables)."""
    out: dict[str, str] = {}
    for card_id, record in cards.by_id.items():
        out.setdefault(str(record.name).lower(), card_id)
    for card_id in cards.by_id:
        out[card_id.lower()] = card_id
    return frozen_mapping(out)


def _multiple_patches(cards: CardSet, year: int) -> bool:
    return len(cards.timeline_by_year[year].patch_ids) > 1  # type: ignore[union-attr]


def move_to_str(state: State, move: Move) -> str:
    """The move in Chrononauts notation, in the context of ``state``.

    Raises:
        InvalidMoveError: if ``move`` is not exactly a Chrononauts move (class and field types, as
            `check_move` decides), or names a card that is not in ``state``'s card list.
    """
    SHAPES.check(move)
    try:
        return _move_text(state, move)
    except KeyError:
        raise InvalidMoveError(f"{brief(move)} names a card that is not in this game's card list") from None


def _move_text(state: State, move: Move) -> str:
    cards = state.cards
    if isinstance(move, Play):
        card = cards.play_cards[move.card]
        if isinstance(card, PatchCard):
            if _multiple_patches(cards, card.year):
                return f"patch {card.year} {quote(card.headline)}"
            return f"patch {card.year}"
        text = f"play {quote(card.name)}"
        target = move.target
        if isinstance(target, int):
            return f"{text} P{target}"
        if target is None:
            return text
        if target in cards.linchpin_by_icon:
            return f"{text} {cards.linchpin_by_icon[target].year}"
        if target in cards.by_id:
            return f"{text} {quote(cards.name(target))}"
        return f"{text} {target}"
    if isinstance(move, KillTime):
        return "kill-time " + " ".join(quote(cards.name(c)) for c in move.cards)
    if isinstance(move, Discard):
        return f"discard {quote(cards.name(move.card))}"
    if isinstance(move, Memo):
        return "memo" if len(state.ctx.memos) == 1 else f"memo {quote(cards.name(move.card))}"
    if isinstance(move, Pass):
        return "pass"
    if isinstance(move, Mulligan):
        return "mulligan" if move.take else "keep"
    if isinstance(move, Declare):
        return "declare" if move.claim else "decline"
    if isinstance(move, Draw):
        return f"draw {quote(cards.name(move.card))}"
    if isinstance(move, Deal):
        return f"deal {move.card}"
    if isinstance(move, FirstPlayer):
        return f"first P{move.player}"
    raise AssertionError("unreachable: SHAPES accepts only the move classes above")  # pragma: no cover


def _tokens(text: str) -> list[str]:
    pos = 0
    out: list[str] = []
    stripped = text.strip()
    for match in _TOKEN.finditer(stripped):
        if stripped[pos : match.start()].strip():
            raise InvalidMoveError(f"cannot read {brief(text, 120)}: unbalanced quotes")
        pos = match.end()
        if match.group(1) is not None:
            out.append(re.sub(r"\\(.)", r"\1", match.group(1)))
        else:
            if '"' in match.group(2):
                raise InvalidMoveError(f"cannot read {brief(text, 120)}: unbalanced quotes")
            out.append(match.group(2))
    return out


def parse_move(state: State, text: str) -> Move:
    """The legal move (or chance outcome) that ``text`` names in ``state``.

    Raises:
        InvalidMoveError: the text is not Chrononauts notation, or names an unknown card.
        IllegalMoveError: the move is well formed but not legal here.
        AmbiguousMoveError: several legal moves match; the message lists them.
    """
    if type(text) is not str:
        raise InvalidMoveError(f"a move must be given as text (a str), not {brief(text)}")
    if len(text) > MAX_MOVE_TEXT:
        raise InvalidMoveError(
            f"move text of {len(text)} characters is longer than the limit of {MAX_MOVE_TEXT}"
        )
    tokens = _tokens(text)
    if not tokens or tokens[0].lower() not in _VERBS:
        raise InvalidMoveError(f"cannot read {brief(text, 120)}: expected one of {', '.join(_VERBS)}")
    verb, args = tokens[0].lower(), tokens[1:]
    cards = state.cards
    names = _lookup(cards)

    def card(token: str, kinds: tuple[str, ...] = ("play",)) -> str:
        found = names.get(token.lower())
        if found is None:
            raise InvalidMoveError(f"{brief(text, 120)}: unknown card {brief(token)}")
        if "play" in kinds and found not in cards.play_cards:
            raise InvalidMoveError(f"{brief(text, 120)}: {brief(token)} is not a play-deck card")
        return found

    def arity(low: int, high: int) -> None:
        if not low <= len(args) <= high:
            raise InvalidMoveError(
                f"{brief(text, 120)}: {verb} takes {low}..{high} arguments, got {len(args)}"
            )

    def player(token: str) -> int:
        match = _PLAYER.fullmatch(token)
        if match is None:
            raise InvalidMoveError(f"{brief(text, 120)}: expected a player such as P1, got {brief(token)}")
        return int(match.group(1))

    test: Callable[[Move], bool]
    if verb == "play":
        arity(1, 2)
        card_id = card(args[0])
        target = _target(cards, names, args[1], text) if len(args) == 2 else None
        if len(args) == 2:
            test = lambda m: m == Play(card_id, target)  # noqa: E731
        else:
            test = lambda m: isinstance(m, Play) and m.card == card_id  # noqa: E731
    elif verb == "patch":
        arity(1, 2)
        if args[0].isascii() and args[0].isdigit():
            year = int(args[0])
            if year not in cards.ripple_index:
                raise InvalidMoveError(f"{brief(text, 120)}: {year} is not a ripplepoint year")
            wanted = set(cards.timeline_by_year[year].patch_ids)  # type: ignore[union-attr]
        else:
            wanted = {card(args[0])}
        if len(args) == 2:
            wanted &= {card(args[1])}
        if not wanted or not all(isinstance(cards.by_id[w], PatchCard) for w in wanted):
            raise InvalidMoveError(f"{brief(text, 120)} does not name a patch")
        test = lambda m: isinstance(m, Play) and m.card in wanted  # noqa: E731
    elif verb == "kill-time":
        arity(1, 2)
        chosen = tuple(sorted((card(a) for a in args), key=cards.deck_index.__getitem__))
        test = lambda m: m == KillTime(chosen)  # noqa: E731
    elif verb == "discard":
        arity(1, 1)
        one = card(args[0])
        test = lambda m: m == Discard(one)  # noqa: E731
    elif verb == "memo":
        arity(0, 1)
        memo = card(args[0]) if args else None
        test = lambda m: isinstance(m, Memo) and memo in (None, m.card)  # noqa: E731
    elif verb in ("pass", "mulligan", "keep", "declare", "decline"):
        arity(0, 0)
        fixed = {
            "pass": Pass(),
            "mulligan": Mulligan(True),
            "keep": Mulligan(False),
            "declare": Declare(True),
            "decline": Declare(False),
        }[verb]
        test = lambda m: m == fixed  # noqa: E731
    elif verb == "draw":
        arity(1, 1)
        drawn = card(args[0])
        test = lambda m: m == Draw(drawn)  # noqa: E731
    elif verb == "deal":
        arity(1, 1)
        goal = card(args[0], kinds=("goal",))
        test = lambda m: m == Deal(goal)  # noqa: E731
    else:  # first
        arity(1, 1)
        seat = player(args[0])
        test = lambda m: m == FirstPlayer(seat)  # noqa: E731

    candidates: Sequence[Move] = legal_moves(state) or [m for m, _ in chance_outcomes(state)]
    matches = [m for m in candidates if test(m)]
    if not matches:
        raise IllegalMoveError(f"{brief(text, 120)} is not legal here")
    if len(matches) > 1:
        listed = ", ".join(move_to_str(state, m) for m in matches[:4])
        listed += f" and {len(matches) - 4} more" if len(matches) > 4 else ""
        raise AmbiguousMoveError(f"{brief(text, 120)} matches {len(matches)} legal moves: {listed}")
    return matches[0]


def _target(cards: CardSet, names: Mapping[str, str], token: str, text: str) -> str | int:
    if token.isascii() and token.isdigit():
        year = int(token)
        card = cards.timeline_by_year.get(year)
        if card is None or not hasattr(card, "icon"):
            raise InvalidMoveError(f"{brief(text, 120)}: {year} is not a linchpin year")
        return str(card.icon)
    match = _PLAYER.fullmatch(token)
    if match is not None:
        return int(match.group(1))
    if token.lower() in ("next", "previous"):
        return token.lower()
    for icon in cards.linchpin_by_icon:
        if icon.lower() == token.lower():
            return icon
    found = names.get(token.lower())
    if found is None:
        raise InvalidMoveError(f"{brief(text, 120)}: unknown target {brief(token)}")
    return found
