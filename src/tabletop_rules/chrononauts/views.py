"""What each player may see (C-VIEW-*), and a short human summary of a state.

`observation` builds a `View`: the public part of the state
(C-VIEW-1) plus the viewer's private part (C-VIEW-2, C-VIEW-4), never anything
else.  ``observation(state, None)`` is the spectators' view.
`information_state_string` is the view as canonical JSON; its redacted
history makes it an information state with perfect recall.
"""

from __future__ import annotations

import json
from typing import Any

import attrs

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
    SoloStep,
    VortexDeal,
    Window,
)
from tabletop_rules.chrononauts.legality import decision_player
from tabletop_rules.chrononauts.state import OPEN, TRUE, State
from tabletop_rules.core.errors import InvalidOptionError

__all__ = ["View", "check_viewer", "describe", "information_state_string", "observation", "view_to_json"]


@attrs.frozen
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
    to_act: int | None
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


def check_viewer(state: State, player: object, *, spectator: bool) -> None:
    """Raise `InvalidOptionError` unless ``player`` is a seat of ``state`` (or ``None`` if allowed).

    A seat is an exact ``int`` (a ``bool`` or a numpy integer is not one) in ``0..players-1``.
    """
    if player is None and spectator:
        return
    if type(player) is not int or not 0 <= player < state.players:
        allowed = "a seat number" + (" or None" if spectator else "")
        raise InvalidOptionError(
            f"the viewer must be {allowed} of this {state.players}-player game, not {player!r}"
        )


def _phase(state: State) -> str:
    if state.result is not None:
        return "over"
    top = state.stack[-1]
    names = {
        ChooseFirst: "choose-first",
        DealGoal: "deal-goal",
        DrawCards: "draw",
        PlayStep: "play",
        Window: "reaction",
        Harvest: "harvest",
        MiracleDiscard: "miracle-discard",
        MulliganChoice: "mulligan",
        DeclareChoice: "declare",
        SoloStep: "solo-step",
        VortexDeal: "time-vortex",
        EndTurn: "end-turn",
    }
    return names.get(type(top), type(top).__name__)


def observation(state: State, player: int | None) -> View:
    """What ``player`` may see of ``state`` (``None``: a spectator), and nothing else (C-VIEW-5).

    Raises:
        InvalidOptionError: ``player`` is neither ``None`` nor a seat of this game (an exact
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
        to_act=decision_player(state),
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


def information_state_string(state: State, player: int) -> str:
    """Equal for two states exactly when ``player`` cannot tell them apart (view + redacted history).

    Raises:
        InvalidOptionError: ``player`` is not a seat of this game.
    """
    check_viewer(state, player, spectator=False)
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
