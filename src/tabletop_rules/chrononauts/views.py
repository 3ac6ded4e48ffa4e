"""What each player may see (C-VIEW-*), and a short human summary of a state.

`observation` builds a `View`: the public part of the state
(C-VIEW-1) plus the viewer's private part (C-VIEW-2, C-VIEW-4), never anything
else.  The viewer ``None`` is a spectator, who sees the public part alone, here
and in every function of the library that shows a state (`information_state_string`,
`wire.view_json`, `wire.events_since`, `render.render_svg`).
`information_state_string` is the view as canonical JSON; its redacted
history makes it an information state with perfect recall.
"""

from __future__ import annotations

import json
from typing import Any, Literal

import attrs

from tabletop_rules.chrononauts.frames import Harvest, MiracleEnd, Window
from tabletop_rules.chrononauts.legality import current_player, decision_player
from tabletop_rules.chrononauts.state import OPEN, PHASE_NAMES, TRUE, State
from tabletop_rules.core.errors import InvalidRequestError, InvalidStateError
from tabletop_rules.core.jsonio import brief, one_line
from tabletop_rules.core.wire import to_act_json

__all__ = ["View", "check_viewer", "describe", "information_state_string", "observation", "view_to_json"]


@attrs.frozen(repr=False)
class View:
    """One player's (or a spectator's, ``viewer=None``) view of a state.

    Public (C-VIEW-1): the TimeLine, tableaux, discard pile, pile sizes, hand
    sizes, the phase and the pending cards, revealed IDs, Solonauts' IDs and
    home row, the result and the redacted history.  Private (C-VIEW-2, -4):
    the viewer's hand, ID and Mission, their unrevealed goal cards in the bottom
    queues, the draw pile while they choose for Quick Trip to the Future.
    """

    variant: str
    players: int
    viewer: int | None
    to_act: int | Literal["chance"] | None  # as `core.wire.to_act_json`: None only once the game is over
    phase: str
    active: int
    turn: int
    linchpins: tuple[tuple[int, str], ...]  # (year, "true" | "alt")
    ripplepoints: tuple[tuple[int, str], ...]  # (year, "true" | "open" | patch id)
    open_paradoxes: int
    ultraparadox: bool
    tableaux: tuple[tuple[str, ...], ...]
    discard_pile: tuple[str, ...]
    draw_pile_size: int
    hand_sizes: tuple[int, ...]
    set_aside_sizes: tuple[int, ...]
    pending: tuple[tuple[int, str, str | int | None], ...]  # (owner, card, target), outermost first
    id_pile_size: int
    mission_pile_size: int
    id_queue: tuple[str, ...]  # revealed or own cards by id, others as "?"
    mission_queue: tuple[str, ...]
    revealed_ids: tuple[str, ...]
    solo_ids: tuple[str, ...]
    home_row: tuple[str, ...]
    hand: tuple[str, ...]
    identity: str
    mission: str
    draw_pile: tuple[str, ...]  # only while the viewer searches it (C-VIEW-4)
    winner: int | None
    conditions: tuple[str, ...]
    outcome: str
    winner_goals: tuple[str, ...]  # the winner's ID and Mission become public (C-WIN-5)
    history: tuple[str, ...]

    def __repr__(self) -> str:
        """One line for the REPL (at most 200 characters, `core.jsonio.one_line`): whose view, the variant,
        the turn, the phase, who acts, the viewer's hand size and the number of history lines.

        The whole view is ``view_to_json(view)``, or its fields (``view.hand``, ``view.history``...).
        """
        return one_line("chrononauts.View", self._summary)

    def _summary(self) -> str:
        who = "spectator" if self.viewer is None else f"P{self.viewer}"
        to_act = (
            "-"
            if self.winner is not None or self.outcome
            else (f"P{self.to_act}" if type(self.to_act) is int else "chance")
        )
        return (
            f"for {who}: {self.variant} players={self.players} turn={self.turn} "
            f"phase={self.phase} to_act={to_act} paradoxes={self.open_paradoxes} "
            f"hand={len(self.hand)} events={len(self.history)}"
        )


def check_viewer(state: State, player: object, *, spectator: bool) -> None:
    """Check a viewer: a seat of ``state`` (an exact ``int`` in ``0..players-1``), or ``None`` if allowed.

    A ``bool``, a numpy integer, ``1.0`` or ``"1"`` is not a seat. Every function that shows
    a state accepts ``None``, the spectator (``spectator=True``); the functions that serve a
    player in a seat (`resample_from_infostate`) do not.

    Raises:
        InvalidStateError: ``state`` is not a Chrononauts `State`.
        InvalidRequestError: ``player`` is not a seat of this game (nor ``None`` where allowed).
    """
    if type(state) is not State:
        raise InvalidStateError(f"expected a chrononauts State, not {brief(state)}")
    if player is None and spectator:
        return
    if type(player) is not int or not 0 <= player < state.players:
        n = state.players
        spectators = ", or None for a spectator" if spectator else ""
        raise InvalidRequestError(
            f"no player {brief(player)} in a {n}-player game (a seat is an int 0..{n - 1}{spectators})"
        )


def _phase(state: State) -> str:
    if state.result is not None:
        return "over"
    top = state.stack[-1]
    return PHASE_NAMES.get(type(top), type(top).__name__)


def observation(state: State, player: int | None) -> View:
    """What ``player`` may see of ``state`` (``None``: a spectator), and nothing else (C-VIEW-5).

    Raises:
        InvalidStateError: ``state`` is not a Chrononauts `State`.
        InvalidRequestError: ``player`` is neither ``None`` nor a seat of this game (an exact
            ``int``: ``True`` or a numpy integer is not a seat).
    """
    check_viewer(state, player, spectator=True)
    cards = state.cards
    solo = state.variant == "solonauts"  # C-VIEW-7: everything but the draw pile is public
    pending = tuple((f.owner, f.play.card, f.play.target) for f in state.stack if isinstance(f, Window))
    aside = [0] * state.players
    for frame in state.stack:
        if isinstance(frame, MiracleEnd):
            aside[frame.player] += len(frame.aside)
    searching = (
        bool(state.stack)
        and isinstance(state.stack[-1], Harvest)
        and state.stack[-1].source == "draw"
        and state.stack[-1].player == player
        and state.result is None
    )
    draw_pile = (
        tuple(c for c, k in zip(cards.deck, state.draw_pile, strict=True) for _ in range(k))
        if searching
        else ()
    )

    def queue(entries: Any) -> tuple[str, ...]:
        return tuple(e.card if e.revealed or e.returned_by == player else "?" for e in entries)

    result = state.result
    winner_goals: tuple[str, ...] = ()
    if result is not None and result.winner is not None and not solo:
        winner_goals = tuple(g for g in (state.ids[result.winner], state.missions[result.winner]) if g)
    history = tuple(
        private_text if private_to == player and player is not None else text
        for text, private_to, private_text in state.log.records()
    )
    mine = player is not None or solo
    seat = 0 if solo else player
    return View(
        variant=state.variant,
        players=state.players,
        viewer=player,
        to_act=to_act_json(current_player(state)),
        phase=_phase(state),
        active=state.active,
        turn=state.turn,
        linchpins=tuple((lp.year, state.side(lp.icon)) for lp in cards.linchpins),
        ripplepoints=tuple((rp.year, s) for rp, s in zip(cards.ripplepoints, state.status, strict=True)),
        open_paradoxes=state.open_paradoxes(),
        ultraparadox=state.ultraparadox(),
        tableaux=state.tableaux,
        discard_pile=state.discard_pile,
        draw_pile_size=state.draw_pile_size(),
        hand_sizes=tuple(len(h) for h in state.hands),
        set_aside_sizes=tuple(aside),
        pending=pending,
        id_pile_size=len(state.id_pile),
        mission_pile_size=len(state.mission_pile),
        id_queue=queue(state.id_queue),
        mission_queue=queue(state.mission_queue),
        revealed_ids=state.revealed_ids,
        solo_ids=state.solo_ids,
        home_row=state.home_row,
        hand=state.hands[seat] if mine and seat is not None else (),
        identity=state.ids[seat] if mine and seat is not None else "",
        mission=state.missions[seat] if mine and seat is not None else "",
        draw_pile=draw_pile,
        winner=None if result is None else result.winner,
        conditions=() if result is None else result.conditions,
        outcome="" if result is None else result.reason,
        winner_goals=winner_goals,
        history=history,
    )


def view_to_json(view: View) -> str:
    """The view as canonical JSON text."""
    data = {f.name: getattr(view, f.name) for f in attrs.fields(View)}
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def information_state_string(state: State, player: int | None) -> str:
    """Equal for two states exactly when ``player`` cannot tell them apart (view + redacted history).

    ``None`` gives the public information state, what a spectator knows: equal for two states
    exactly when they look the same to someone holding no cards (C-VIEW-1, C-VIEW-5).

    Raises:
        InvalidStateError: ``state`` is not a Chrononauts `State`.
        InvalidRequestError: ``player`` is neither ``None`` nor a seat of this game.
    """
    check_viewer(state, player, spectator=True)
    return view_to_json(observation(state, player))


def describe(state: State) -> str:
    """A short human-readable summary: whose turn, the paradox count, the winner and how they won."""
    cards = state.cards
    if state.variant == "solonauts":
        head = (
            f"Solonauts, step {state.turn}: {len(state.home_row)} of "
            f"{len(state.home_row) + len(state.solo_ids)} "
            f"characters home; {state.open_paradoxes()} open paradoxes; {state.draw_pile_size()} cards left"
        )
    else:
        head = f"{state.variant.capitalize()}, {state.players} players, turn {state.turn}"
        if state.variant == "chrononauts":
            head += f"; open paradoxes {state.open_paradoxes()}/{state.options.paradox_limit}"
            if state.ultraparadox():
                head += "; the UltraParadox is active"
        head += f"; hands {', '.join(f'P{p}:{len(h)}' for p, h in enumerate(state.hands))}"
    if state.result is not None:
        line = state.result.reason
        if state.result.winner is not None and state.variant != "solonauts":
            goals = [
                f"{cards.name(g)} ({g})"
                for g in (state.ids[state.result.winner], state.missions[state.result.winner])
                if g
            ]
            line += f" [{'; '.join(goals)}]"
        return f"{head}\nGame over: {line}."
    actor = decision_player(state)
    who = "chance" if actor is None else f"P{actor}"
    tableau = "; ".join(
        f"P{p}: {', '.join(cards.name(c) for c in t)}" for p, t in enumerate(state.tableaux) if t
    )
    paradoxes = [str(rp.year) for rp, s in zip(cards.ripplepoints, state.status, strict=True) if s == OPEN]
    patched = [
        f"{rp.year}'" for rp, s in zip(cards.ripplepoints, state.status, strict=True) if s not in (TRUE, OPEN)
    ]
    lines = [head, f"P{state.active} is the active player; {who} to act ({_phase(state)})."]
    if paradoxes or patched:
        lines.append(f"Open: {', '.join(paradoxes) or 'none'}; patched: {', '.join(patched) or 'none'}.")
    if tableau:
        lines.append(f"Artifacts: {tableau}.")
    return "\n".join(lines)
