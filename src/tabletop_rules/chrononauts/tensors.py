"""The fixed-size numeric encodings of a player's view of Chrononauts, for neural networks (pure Python).

Both tensors are built from `observation(state, player)` (the `View` of
C-VIEW-1..5), never from the state's hidden fields, so nothing another player
hides can leak into them. Their sizes depend only on the card list, the variant's
deck and the player count, never on the position. Every value lies in `[0, 1]`:
card counts are divided by the copies of that card type in the deck, pile and
hand sizes by the size of the deck or pile, and unbounded counts `x` are squashed
as `x / (x + k)`.

With `P` players, `D` play-deck card types (`cards.deck` order, 55 in the shipped
edition), `L` linchpins (13), `R` ripplepoints (19), `A` Artifacts (15), `I` IDs
(14) and `M` Missions (10), in file order:

**Observation tensor** (`observation_tensor`, `8P + PA + 4D + 2L + 3R + A + 6I + 3M + 35`
values; 559 for 4 players and the shipped cards):

| block (in order) | size | meaning |
|---|---|---|
| viewer | `P` | the observing seat, one-hot |
| to act | `P + 1` | the seat that decides now; the last slot: nobody (chance, or the game is over) |
| phase | 14 | one-hot over `PHASES` (`choose-first` ... `over`), then any other phase |
| active | `P` | the active player, one-hot |
| turn | 1 | `turn / max_turns` (at most 1); without a cap `turn / (turn + 50)` |
| linchpins | `L` | 1 when the linchpin shows its alternate side |
| ripplepoints | `3R` | per ripplepoint, one-hot: true, open paradox, patched |
| paradoxes | 2 | open paradoxes `/ paradox_limit` (at most 1); 1 if the UltraParadox is active |
| tableaux | `PA` | per seat and Artifact, copies on the table `/` copies in the deck |
| discard pile | `D` | per card type, copies `/` copies in the deck |
| draw pile | 1 | cards left `/` cards in the deck |
| hand sizes | `P` | per seat, `/` cards in the deck |
| set aside | `P` | per seat, cards set aside by Perform a "Miracle" `/` cards in the deck |
| pending play | `2P + D + L + A + 3` | the outermost card awaiting reactions (see below) |
| goal piles | 2 | cards left in the ID and Mission piles, `/ I` and `/ M` |
| ID queue | `I + 1` | IDs the viewer can see at the bottom of the ID pile; then the hidden ones, `/ I` |
| Mission queue | `M + 1` | the same for the Mission pile, `/ M` |
| revealed IDs | `I` | IDs revealed by Your Parents Never Met |
| Solonauts IDs, home row | `I + I` | the face-up IDs not yet home; those home |
| hand | `D` | the viewer's hand, per card type, copies `/` copies in the deck |
| ID, Mission | `I + M` | the viewer's own ID and Mission, one-hot |
| searched draw pile | `D` | the draw pile while the viewer searches it (Quick Trip), else zero |
| winner | `P + 1` | the winner, one-hot; the last slot: no winner (yet) |
| conditions | 8 | multi-hot over `CONDITIONS` (`mission`, `id`, ..., `empty_supply`) |
| winner's goals | `I + M` | the winner's ID and Mission, public at the end |

The pending play is its owner (one-hot over `P`), its card type (one-hot over `D`), its
target (one-hot over the `L` linchpins, the `A` Artifacts, the `P` seats, `"next"` and
`"previous"`), then the Memos played over it, `n / (n + 1)`.

**Information-state tensor** (`information_state_tensor`): the observation tensor,
then a fixed-size summary of the history as the viewer reads it (the public
lines, and the viewer's own private lines), `1 + P + PD + D` more values (839 in
all for 4 players):

| block (in order) | size | meaning |
|---|---|---|
| events | 1 | lines of history, `n / (n + 100)` |
| actions per seat | `P` | lines that begin with the seat (`P0 ...`), `n / (n + 20)` |
| plays per seat | `PD` | per seat and card type, the cards announced (`P0 plays ...`), `n / (n + 1)` |
| own draws | `D` | per card type, the cards the viewer drew (their private draw lines), `n / (n + 1)` |

The options are not encoded: they are fixed for a game.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from tabletop_rules.chrononauts.content.records import CardSet
from tabletop_rules.chrononauts.state import OPEN, TRUE, State
from tabletop_rules.chrononauts.views import View, observation
from tabletop_rules.core.frozen import frozen_mapping
from tabletop_rules.core.wire import check_player

__all__ = [
    "information_state_tensor",
    "information_state_tensor_size",
    "observation_tensor",
    "observation_tensor_size",
]

PHASES: Final = (
    "choose-first",
    "deal-goal",
    "draw",
    "play",
    "reaction",
    "harvest",
    "miracle-discard",
    "mulligan",
    "declare",
    "solo-step",
    "time-vortex",
    "end-turn",
    "over",
)
"""The phases of `View.phase` with a slot of their own (any other phase uses the last slot)."""
CONDITIONS: Final = (
    "mission",
    "id",
    "hand_size",
    "all_home",
    "universe_destroyed",
    "out_of_cards",
    "turn_limit",
    "empty_supply",
)
"""The win conditions and causes of `Result.conditions`, in tensor order."""


def observation_tensor_size(state: State) -> int:
    """The length of `observation_tensor`: it depends only on the cards and the player count."""
    cards, p = state.cards, state.players
    d, lp, r, a = len(cards.deck), len(cards.linchpins), len(cards.ripplepoints), len(cards.artifacts)
    i, m = len(cards.identities), len(cards.missions)
    return 8 * p + p * a + 4 * d + 2 * lp + 3 * r + a + 6 * i + 3 * m + 35


def information_state_tensor_size(state: State) -> int:
    """The length of `information_state_tensor`: it depends only on the cards and the player count."""
    p, d = state.players, len(state.cards.deck)
    return observation_tensor_size(state) + 1 + p + p * d + d


class _Tables:
    """The index tables of one card list (read-only)."""

    def __init__(self, cards: CardSet) -> None:
        self.linchpins: Mapping[str, int] = frozen_mapping({x.icon: k for k, x in enumerate(cards.linchpins)})
        self.artifacts: Mapping[str, int] = frozen_mapping({x.id: k for k, x in enumerate(cards.artifacts)})
        self.identities: Mapping[str, int] = frozen_mapping({x.id: k for k, x in enumerate(cards.identities)})
        self.missions: Mapping[str, int] = frozen_mapping({x.id: k for k, x in enumerate(cards.missions)})
        self.names: Mapping[str, int] = frozen_mapping({cards.name(c): k for k, c in enumerate(cards.deck)})
        self.longest_first: tuple[tuple[str, int], ...] = tuple(
            sorted(self.names.items(), key=lambda item: -len(item[0]))
        )


@functools.lru_cache(maxsize=16)  # keyed by the immutable card set (hashed by its digest); read-only tables
def _tables(cards: CardSet) -> _Tables:
    return _Tables(cards)


def _check_player(state: State, player: int) -> None:
    check_player(player, state.players)


def observation_tensor(state: State, player: int) -> tuple[float, ...]:
    """What `player` sees of `state` (their `observation`) as floats in `[0, 1]` (layout above).

    Raises:
        InvalidRequestError: if `player` is not a seat of the game.
    """
    _check_player(state, player)
    return tuple(_encode_view(state, observation(state, player)))


def information_state_tensor(state: State, player: int) -> tuple[float, ...]:
    """`player`'s view plus a fixed-size summary of the history they have read (layout above).

    Raises:
        InvalidRequestError: if `player` is not a seat of the game.
    """
    _check_player(state, player)
    view = observation(state, player)
    out = _encode_view(state, view)
    out += _encode_history(state.cards, state.players, player, view.history)
    return tuple(out)


def _encode_view(state: State, view: View) -> list[float]:
    cards, p = state.cards, state.players
    tables = _tables(cards)
    copies = [max(k, 1) for k in state.ctx.deck_counts]
    deck_size = max(sum(state.ctx.deck_counts), 1)
    d, a = len(cards.deck), len(cards.artifacts)
    i, m = len(cards.identities), len(cards.missions)
    out: list[float] = []

    def one_hot(size: int, index: int | None) -> None:
        block = [0.0] * size
        if index is not None:
            block[index] = 1.0
        out.extend(block)

    def bits(size: int, index: Mapping[str, int], ids: Iterable[str]) -> None:
        block = [0.0] * size
        for card in ids:
            if card in index:
                block[index[card]] = 1.0
        out.extend(block)

    def deck_counts(ids: Iterable[str]) -> None:
        block = [0.0] * d
        for card in ids:
            k = cards.deck_index[card]
            block[k] += 1.0 / copies[k]
        out.extend(min(x, 1.0) for x in block)

    one_hot(p, view.viewer)
    one_hot(p + 1, p if view.to_act is None else view.to_act)
    one_hot(len(PHASES) + 1, PHASES.index(view.phase) if view.phase in PHASES else len(PHASES))
    one_hot(p, view.active)
    cap = state.options.max_turns
    out.append(min(view.turn / cap, 1.0) if cap is not None else view.turn / (view.turn + 50))
    out.extend(1.0 if side == "alt" else 0.0 for _, side in view.linchpins)
    for _, status in view.ripplepoints:
        one_hot(3, 0 if status == TRUE else 1 if status == OPEN else 2)
    out.append(min(view.open_paradoxes / state.options.paradox_limit, 1.0))
    out.append(1.0 if view.ultraparadox else 0.0)
    for tableau in view.tableaux:
        block = [0.0] * a
        for card in tableau:
            block[tables.artifacts[card]] += 1.0 / copies[cards.deck_index[card]]
        out.extend(min(x, 1.0) for x in block)
    deck_counts(view.discard_pile)
    out.append(view.draw_pile_size / deck_size)
    out.extend(min(n / deck_size, 1.0) for n in view.hand_sizes)
    out.extend(min(n / deck_size, 1.0) for n in view.set_aside_sizes)
    _encode_pending(view.pending, cards, p, tables, out)
    out.append(view.id_pile_size / max(i, 1))
    out.append(view.mission_pile_size / max(m, 1))
    bits(i, tables.identities, view.id_queue)
    out.append(view.id_queue.count("?") / max(i, 1))
    bits(m, tables.missions, view.mission_queue)
    out.append(view.mission_queue.count("?") / max(m, 1))
    bits(i, tables.identities, view.revealed_ids)
    bits(i, tables.identities, view.solo_ids)
    bits(i, tables.identities, view.home_row)
    deck_counts(view.hand)
    one_hot(i, tables.identities.get(view.identity))
    one_hot(m, tables.missions.get(view.mission))
    deck_counts(view.draw_pile)
    one_hot(p + 1, p if view.winner is None else view.winner)
    out.extend(1.0 if c in view.conditions else 0.0 for c in CONDITIONS)
    bits(i, tables.identities, view.winner_goals)
    bits(m, tables.missions, view.winner_goals)
    assert len(out) == observation_tensor_size(state), "the Chrononauts tensor layout is inconsistent"
    return out


def _encode_pending(
    pending: Sequence[tuple[int, str, str | int | None]],
    cards: CardSet,
    p: int,
    tables: _Tables,
    out: list[float],
) -> None:
    """The outermost pending play (owner, card, target) and the Memos over it."""
    lp, a, d = len(cards.linchpins), len(cards.artifacts), len(cards.deck)
    block = [0.0] * (p + d + lp + a + p + 3)
    if pending:
        owner, card, target = pending[0]
        block[owner] = 1.0
        block[p + cards.deck_index[card]] = 1.0
        at = p + d
        if isinstance(target, int):
            block[at + lp + a + target] = 1.0
        elif target is not None and target in tables.linchpins:
            block[at + tables.linchpins[target]] = 1.0
        elif target is not None and target in tables.artifacts:
            block[at + lp + tables.artifacts[target]] = 1.0
        elif target == "next":
            block[at + lp + a + p] = 1.0
        elif target == "previous":
            block[at + lp + a + p + 1] = 1.0
        memos = len(pending) - 1
        block[-1] = memos / (memos + 1)
    out.extend(block)


def _card_named(text: str, tables: _Tables) -> int | None:
    """The deck index of the card whose name begins `text` (followed by its target, if any)."""
    for candidate in (text, text.split(" against ", 1)[0], text.split(" on ", 1)[0]):
        if candidate in tables.names:
            return tables.names[candidate]
    for name, index in tables.longest_first:  # a name that itself holds " on " or " against "
        if text.startswith(name):
            return index
    return None


def _encode_history(cards: CardSet, p: int, player: int, history: Sequence[str]) -> list[float]:
    """The summary counts of the history lines the viewer reads."""
    tables = _tables(cards)
    d = len(cards.deck)
    by_seat = [0] * p
    plays = [0] * (p * d)
    draws = [0] * d
    for line in history:
        if not line.startswith("P"):
            continue
        space = line.find(" ")
        digits = line[1:space]
        if space < 2 or not digits.isdigit() or int(digits) >= p:
            continue
        seat = int(digits)
        by_seat[seat] += 1
        rest = line[space + 1 :]
        if rest.startswith("plays "):
            card = _card_named(rest[6:], tables)
            if card is not None:
                plays[seat * d + card] += 1
        elif seat == player and rest.startswith("draws ") and rest != "draws a card":
            card = _card_named(rest[6:], tables)
            if card is not None:
                draws[card] += 1
    n = len(history)
    out = [n / (n + 100)]
    out += [k / (k + 20) for k in by_seat]
    out += [k / (k + 1) for k in plays]
    out += [k / (k + 1) for k in draws]
    return out
