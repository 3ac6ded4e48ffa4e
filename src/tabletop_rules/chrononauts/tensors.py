"""The fixed-size numeric encodings of a player's view of Chrononauts, for neural networks.

Two forms of the same numbers, in the layout below:

* `observation_tensor` and `information_state_tensor`, tuples of Python floats (pure
  Python: the core install has no numpy), built from `observation(state, player)`
  (the `View` of C-VIEW-1..5), never from the state's hidden fields, so nothing
  another player hides can leak into them;
* `observation_array` and `information_state_array` (module `arrays`, re-exported
  here; the `arrays` extra, numpy), the same numbers as a `numpy.float32` row written
  straight from the state and into a caller's `out` array if given, about 20 times
  faster (figures on the Performance page); `observation_batch` /
  `information_state_batch` encode many states into an `(N, size)` array, and
  `observation_seats` / `information_state_seats` every seat of one state. They read
  only what the `View` shows, and tests check them equal to the tuples at every node
  of random games and blind to another seat's hidden cards. `actions.legal_action_mask`
  is the matching mask of legal decisions.

The sizes depend only on the card list, the variant's deck and the player count,
never on the position. Every value lies in `[0, 1]`: card counts are divided by the
copies of that card type in the deck, pile and hand sizes by the size of the deck or
pile, and unbounded counts `x` are squashed as `x / (x + k)`.

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

from collections.abc import Iterable, Mapping, Sequence

from tabletop_rules.chrononauts.arrays import (
    information_state_array,
    information_state_batch,
    information_state_seats,
    observation_array,
    observation_batch,
    observation_seats,
)
from tabletop_rules.chrononauts.content.records import CardSet
from tabletop_rules.chrononauts.state import OPEN, TRUE, State
from tabletop_rules.chrononauts.tensor_layout import (
    CONDITIONS,
    PHASES,
    Tables,
    information_state_tensor_size,
    observation_tensor_size,
    read_line,
    tables,
)
from tabletop_rules.chrononauts.views import View, check_viewer, observation

__all__ = [
    "CONDITIONS",
    "PHASES",
    "information_state_array",
    "information_state_batch",
    "information_state_seats",
    "information_state_tensor",
    "information_state_tensor_size",
    "observation_array",
    "observation_batch",
    "observation_seats",
    "observation_tensor",
    "observation_tensor_size",
]


def _check_player(state: State, player: int) -> None:
    """The state's type, then the seat (`InvalidStateError`, `InvalidRequestError`), as `arrays` checks."""
    check_viewer(state, player, spectator=False)


def observation_tensor(state: State, player: int) -> tuple[float, ...]:
    """What `player` sees of `state` (their `observation`) as floats in `[0, 1]` (layout above).

    Raises:
        InvalidStateError: `state` is not a Chrononauts `State`.
        InvalidRequestError: `player` is not a seat of the game.
    """
    _check_player(state, player)
    return tuple(_encode_view(state, observation(state, player)))


def information_state_tensor(state: State, player: int) -> tuple[float, ...]:
    """`player`'s view plus a fixed-size summary of the history they have read (layout above).

    Raises:
        InvalidStateError: `state` is not a Chrononauts `State`.
        InvalidRequestError: `player` is not a seat of the game.
    """
    _check_player(state, player)
    view = observation(state, player)
    out = _encode_view(state, view)
    out += _encode_history(state.cards, state.players, player, view.history)
    return tuple(out)


def _encode_view(state: State, view: View) -> list[float]:
    cards, p = state.cards, state.players
    table = tables(cards)
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
    one_hot(p + 1, view.to_act if type(view.to_act) is int else p)  # p: chance, or the game is over
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
            block[table.artifacts[card]] += 1.0 / copies[cards.deck_index[card]]
        out.extend(min(x, 1.0) for x in block)
    deck_counts(view.discard_pile)
    out.append(view.draw_pile_size / deck_size)
    out.extend(min(n / deck_size, 1.0) for n in view.hand_sizes)
    out.extend(min(n / deck_size, 1.0) for n in view.set_aside_sizes)
    _encode_pending(view.pending, cards, p, table, out)
    out.append(view.id_pile_size / max(i, 1))
    out.append(view.mission_pile_size / max(m, 1))
    bits(i, table.identities, view.id_queue)
    out.append(view.id_queue.count("?") / max(i, 1))
    bits(m, table.missions, view.mission_queue)
    out.append(view.mission_queue.count("?") / max(m, 1))
    bits(i, table.identities, view.revealed_ids)
    bits(i, table.identities, view.solo_ids)
    bits(i, table.identities, view.home_row)
    deck_counts(view.hand)
    one_hot(i, table.identities.get(view.identity))
    one_hot(m, table.missions.get(view.mission))
    deck_counts(view.draw_pile)
    one_hot(p + 1, p if view.winner is None else view.winner)
    out.extend(1.0 if c in view.conditions else 0.0 for c in CONDITIONS)
    bits(i, table.identities, view.winner_goals)
    bits(m, table.missions, view.winner_goals)
    assert len(out) == observation_tensor_size(state), "the Chrononauts tensor layout is inconsistent"
    return out


def _encode_pending(
    pending: Sequence[tuple[int, str, str | int | None]],
    cards: CardSet,
    p: int,
    tables: Tables,
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


def _encode_history(cards: CardSet, p: int, player: int, history: Sequence[str]) -> list[float]:
    """The summary counts of the history lines the viewer reads (`tensor_layout.read_line`)."""
    index = tables(cards)
    d = len(cards.deck)
    by_seat = [0] * p
    plays = [0] * (p * d)
    draws = [0] * d
    for line in history:
        seat, played, drawn = read_line(line, p, index)
        if seat < 0:
            continue
        by_seat[seat] += 1
        if played >= 0:
            plays[seat * d + played] += 1
        elif drawn >= 0 and seat == player:
            draws[drawn] += 1
    n = len(history)
    out = [n / (n + 100)]
    out += [k / (k + 20) for k in by_seat]
    out += [k / (k + 1) for k in plays]
    out += [k / (k + 1) for k in draws]
    return out
