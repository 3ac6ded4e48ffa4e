"""Every invariant of a Chrononauts state (C-STATE-8): `validate`.

`from_json` runs it on every state it reads, and the tests on every state they
reach, so only states that the rules can reach and continue from are accepted.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from tabletop_rules.chrononauts.frames import (
    CHANCE_FRAMES,
    DECISION_FRAMES,
    FRAME_TYPES,
    MiracleEnd,
    PlayStep,
    RippleCheck,
    VortexDeal,
    Window,
)
from tabletop_rules.chrononauts.legality import chance_outcomes, legal_moves
from tabletop_rules.chrononauts.moves import Play
from tabletop_rules.chrononauts.stack_checks import check_stack
from tabletop_rules.chrononauts.state import OPEN, TRUE, State
from tabletop_rules.core.errors import InvalidStateError
from tabletop_rules.core.jsonio import brief

__all__ = ["validate"]


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(f"invalid Chrononauts state: {message}")


def validate(state: State) -> None:
    """Check every invariant a reachable state keeps; raise InvalidStateError naming the first broken one.

    * Shape: one hand, tableau, ID and Mission per seat; seats, counts and turn numbers in range;
      every card id known and of the right kind (tableaux hold Artifacts, ``out_of_game`` patches).
    * Conservation (C-STATE-8c, d): every play-deck card of the variant is in exactly one zone
      (draw pile, discard pile, hands, tableaux, patches on the TimeLine, out of the game, pending
      plays, a Miracle's set-aside hand, a Time Vortex pool); every ID and Mission is in exactly one
      place (a player, the hidden pile, the bottom queue, Solonauts' rows); with the 32 TimeLine
      cards this is the whole 136-card edition.
    * TimeLine (C-STATE-8a, b): a ripplepoint is true exactly when its ``paradox_if`` is false; a
      patch lies only on its own, paradoxed year, and its ``playable_if`` holds (unless a ripple
      check is pending, C-RULING-8); the open paradoxes are under the limit while the game goes on.
    * Goals: IDs only in Chrononauts and Solonauts, Missions only outside Solonauts; revealed IDs
      are IDs; exactly one deal is due for each goal card a seat lacks (never two).
    * Stack: an unfinished game waits for a decision or a chance event, and its stack is one the
      engine builds (`stack_checks.check_stack`: the deal, the mulligans, a turn's frames in their
      order with counts within what the cards give, reaction windows over legal announcements and
      polling the right seats, Time Vortex deals, declared victories, Solonauts' loop); a finished
      game has no frames and a consistent result; Solonauts hands hold at most five cards; extra
      turns only under ``two_extra_turns``, and no turn past ``max_turns``.

    It reads the state once, without replaying anything: it runs after every move of the tests.
    """
    try:
        _validate(state)
    except InvalidStateError:
        raise
    except (TypeError, KeyError, IndexError, AttributeError, ValueError, RecursionError) as error:
        raise _fail(f"malformed state ({type(error).__name__}: {brief(str(error))})") from error


WIN_CONDITIONS: Final = ("mission", "id", "hand_size", "all_home")
"""How a game is won (C-WIN-2..4, C-SOLO-6): a `Result`'s conditions with a winner, a `DeclareChoice`'s."""
END_CONDITIONS: Final = (*WIN_CONDITIONS, "universe_destroyed", "out_of_cards", "turn_limit", "empty_supply")
"""Every condition a `Result` may name: the wins, then the ends without a winner."""
_WINS: Final = WIN_CONDITIONS
_CONDITIONS: Final = frozenset(END_CONDITIONS)


def _check_shape(state: State) -> None:
    cards, cfg, n = state.cards, state.options, state.players
    fail = _fail

    def seat(value: object, what: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
            raise fail(f"{what} must be a seat 0..{n - 1}, got {brief(value)}")

    def count(value: object, what: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise fail(f"{what} must be a non-negative int, got {brief(value)}")

    for name in ("hands", "tableaux", "ids", "missions"):
        if len(getattr(state, name)) != n:
            raise fail(f"{name} must have one entry per player")
    if not isinstance(state.alt, int) or not 0 <= state.alt < 1 << len(cards.linchpins):
        raise fail(f"alt must be a bitmask of the {len(cards.linchpins)} linchpins")
    if len(state.status) != len(cards.ripplepoints) or len(state.draw_pile) != len(cards.deck):
        raise fail("the TimeLine or the draw pile has the wrong length")
    for card, k in zip(cards.deck, state.draw_pile, strict=True):
        count(k, f"draw_pile[{card}]")
    seat(state.active, "active")
    count(state.turn, "turn")
    count(state.extra_turns, "extra_turns")
    for i, (rp, status) in enumerate(zip(cards.ripplepoints, state.status, strict=True)):
        if status not in (TRUE, OPEN) and getattr(cards.play_cards.get(status), "year", None) != rp.year:
            raise fail(f"timeline[{rp.year}]: {brief(status)} is not a status or a patch of that year")
        if status not in (TRUE, OPEN) and status in state.status[:i]:
            raise fail(f"the patch {brief(status)} lies on two years")
    zones = {
        "discard_pile": state.discard_pile,
        "out_of_game": state.out_of_game,
        **{f"hands[{p}]": h for p, h in enumerate(state.hands)},
        **{f"tableaux[{p}]": t for p, t in enumerate(state.tableaux)},
    }
    for name, zone in zones.items():
        for card in zone:
            if card not in cards.play_cards:
                raise fail(f"{name}: {brief(card)} is not a play-deck card")
    for p, tableau in enumerate(state.tableaux):
        if any(cards.play_cards[c].kind != "artifact" for c in tableau):
            raise fail(f"tableaux[{p}] holds a card that is not an Artifact")
    if any(cards.play_cards[c].kind != "patch" for c in state.out_of_game):
        raise fail("only patches leave the game (C-RULING-3)")
    if any(list(h) != sorted(h) for h in state.hands):
        raise fail("hands must be sorted")
    if cfg.variant == "solonauts" and len(state.hands[0]) > 5:
        raise fail("a Solonauts hand holds at most five cards (C-SOLO-4)")
    variant = cfg.variant
    if variant != "chrononauts" and any(state.ids):
        raise fail(f"players have no IDs in {variant}")
    if variant == "solonauts" and any(state.missions):
        raise fail("there are no Missions in Solonauts")
    if variant != "solonauts" and (state.solo_ids or state.home_row):
        raise fail("only Solonauts has face-up IDs and a home row")
    if state.result is not None and state.result.winner is not None:  # the deals of a game that goes
        for p in range(n):  # on are checked with the stack (`stack_checks`)
            if variant == "chrononauts" and not state.ids[p]:
                raise fail(f"P{p} has no ID")
            if variant != "solonauts" and not state.missions[p]:
                raise fail(f"P{p} has no Mission")
    for frame in state.stack:
        if type(frame) not in FRAME_TYPES:
            raise fail(f"{brief(frame)} is not a frame")
        what = type(frame).__name__
        for name in ("player", "owner", "next_player"):
            if hasattr(frame, name):
                seat(getattr(frame, name), f"{what}.{name}")
        for name in ("count", "remaining", "index", "passes"):
            if hasattr(frame, name):
                count(getattr(frame, name), f"{what}.{name}")
        if isinstance(frame, Window):
            if frame.play.card not in cards.play_cards:
                raise fail(f"a reaction window over the unknown card {brief(frame.play.card)}")
        elif isinstance(frame, VortexDeal):
            if frame.owed and len(frame.owed) != n:
                raise fail("a Time Vortex owes cards to a wrong number of players")
            if any(not isinstance(k, int) or k < 0 for k in frame.owed):
                raise fail("a Time Vortex owes a negative number of cards")
            if not frame.pool:
                raise fail("an empty Time Vortex pool should be finished")
        if isinstance(frame, (MiracleEnd, VortexDeal)):
            cards_ = frame.aside if isinstance(frame, MiracleEnd) else frame.pool
            if any(c not in cards.play_cards for c in cards_):
                raise fail(f"{what} holds an unknown card")
    result = state.result
    if result is not None:
        if result.winner is not None:
            seat(result.winner, "result.winner")
        if not result.conditions or not set(result.conditions) <= _CONDITIONS:
            raise fail(f"result.conditions must name how the game ended, got {brief(result.conditions)}")
        if (result.winner is None) != (result.conditions[0] not in _WINS):
            raise fail("result: a win needs a winner, and a loss none")
    for private_to in state.log.private_seats():
        seat(private_to, "a log entry's private_to")


def _validate(state: State) -> None:
    _check_shape(state)
    cards, ctx, cfg = state.cards, state.ctx, state.options
    fail = _fail
    # (c), (d): every play-deck card is in exactly one zone and the deck is conserved
    seen: Counter[str] = Counter()
    for card, k in zip(cards.deck, state.draw_pile, strict=True):
        seen[card] += k
    seen.update(state.discard_pile)
    seen.update(state.out_of_game)
    for hand in state.hands:
        seen.update(hand)
    for tableau in state.tableaux:
        seen.update(tableau)
    seen.update(s for s in state.status if s not in (TRUE, OPEN))
    for frame in state.stack:
        if isinstance(frame, Window):
            seen[frame.play.card] += 1
        elif isinstance(frame, MiracleEnd):
            seen.update(frame.aside)
        elif isinstance(frame, VortexDeal):
            seen.update(frame.pool)
    expected = Counter({c: k for c, k in zip(cards.deck, ctx.deck_counts, strict=True) if k})
    if seen != expected:
        diff = (seen - expected) + (expected - seen)
        raise fail(f"the play deck is not conserved (C-STATE-8d): {dict(diff)}")
    # goal cards
    variant = cfg.variant
    goal_ids = [
        *state.ids,
        *state.id_pile,
        *(e.card for e in state.id_queue),
        *state.solo_ids,
        *state.home_row,
    ]
    goal_ids = [g for g in goal_ids if g]
    missions = [
        m for m in (*state.missions, *state.mission_pile, *(e.card for e in state.mission_queue)) if m
    ]
    want_ids = sorted(i.id for i in cards.identities) if variant != "artifaxx" else []
    want_missions = sorted(m.id for m in cards.missions) if variant != "solonauts" else []
    if sorted(goal_ids) != want_ids or any(g not in {i.id for i in cards.identities} for g in goal_ids):
        raise fail("the IDs are not each in exactly one place")
    if sorted(missions) != want_missions or any(m not in {x.id for x in cards.missions} for m in missions):
        raise fail("the Missions are not each in exactly one place")
    if not set(state.revealed_ids) <= {i.id for i in cards.identities}:
        raise fail("revealed_ids names an unknown ID")
    # (a), (b): the TimeLine agrees with the linchpins
    frozen = cfg.ultraparadox_post_1962_ripples == "frozen" and state.ultraparadox()
    pending_check = any(isinstance(f, RippleCheck) for f in state.stack)
    for i, rp in enumerate(cards.ripplepoints):
        if frozen and rp.year > (ctx.up_year or 0):
            continue
        s = state.status[i]
        if (s == TRUE) == ctx.paradox_if[i].holds(state.alt):
            raise fail(f"ripplepoint {rp.year} is {s} against its linchpins (C-STATE-8a)")
        if s not in (TRUE, OPEN) and not pending_check and not ctx.playable_if[s].holds(state.alt):
            raise fail(f"the patch on {rp.year} should have been nullified (C-STATE-8b)")
    if state.result is None:
        if not state.stack or not isinstance(state.stack[-1], DECISION_FRAMES + CHANCE_FRAMES):
            raise fail("an unfinished game must wait for a decision or a chance event")
        if state.open_paradoxes() >= cfg.paradox_limit:
            raise fail("the paradox limit is reached but the game goes on")
    elif state.stack:
        raise fail("a finished game has pending frames")
    if state.result is not None:
        return
    if state.extra_turns and cfg.fast_forward_mode != "two_extra_turns":
        raise fail("extra turns are owed only under fast_forward_mode='two_extra_turns' (C-RULING-15)")
    if cfg.max_turns is not None and state.turn > cfg.max_turns:
        raise fail(f"turn {brief(state.turn)} is past max_turns={cfg.max_turns} (C-RULING-38)")
    check_stack(state)
    moves = legal_moves(state)
    if not moves and not chance_outcomes(state):
        raise fail("the game cannot continue: no legal move and no chance outcome")
    top = state.stack[-1]
    if (
        type(top) is PlayStep
        and top.kind == "effect"
        and not cfg.killing_time_in_effect_plays
        and not any(type(m) is Play for m in moves)
    ):
        raise fail("a Fast Forward play with nothing to play is skipped (C-TURN-5, C-RULING-26)")
