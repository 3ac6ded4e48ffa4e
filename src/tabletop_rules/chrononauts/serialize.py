"""JSON for Chrononauts states: :func:`to_json` and the validating :func:`from_json`.

The JSON names cards by id, embeds the card list unless it is the shipped one,
and stores only the non-default options.  :func:`from_json` checks the types,
every card and seat it meets, the conservation of the play deck and of the
goal cards (C-STATE-8), the TimeLine invariants and the shape of the frame
stack, and raises :class:`~tabletop_rules.core.InvalidStateError` otherwise.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, Final

import attrs

from tabletop_rules.chrononauts.cards import CardSet, default_cards
from tabletop_rules.chrononauts.engine import CHANCE_FRAMES, DECISION_FRAMES
from tabletop_rules.chrononauts.options import RulesConfig
from tabletop_rules.chrononauts.state import (
    FRAME_TYPES,
    OPEN,
    TRUE,
    DealGoal,
    Event,
    Frame,
    Harvest,
    MiracleDiscard,
    MiracleEnd,
    Play,
    PlayStep,
    QueueEntry,
    Result,
    RippleCheck,
    State,
    VortexDeal,
    Window,
    make_context,
)
from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError, TabletopRulesError

__all__ = [
    "GAME_NAME",
    "MAX_JSON_CHARS",
    "VERSION",
    "check_players",
    "from_json",
    "state_cards",
    "to_json",
    "validate",
]

GAME_NAME: Final = "chrononauts"
VERSION: Final = 1
MAX_JSON_CHARS: Final = 64_000_000
"""The longest state JSON text :func:`from_json` reads (a 4-player game is ~100-300 kB)."""
_FRAMES: Final = {cls.__name__: cls for cls in FRAME_TYPES}
_KEYS: Final = (
    "game",
    "version",
    "cards",
    "options",
    "players",
    "alt",
    "timeline",
    "draw_pile",
    "discard_pile",
    "hands",
    "tableaux",
    "ids",
    "missions",
    "id_pile",
    "id_queue",
    "mission_pile",
    "mission_queue",
    "revealed_ids",
    "out_of_game",
    "solo_ids",
    "home_row",
    "active",
    "turn",
    "extra_turns",
    "stack",
    "result",
    "log",
)


def check_players(config: RulesConfig, players: int, cards: CardSet) -> None:
    """C-SETUP-1, C-ARTIFAXX-1, C-SOLO-1, C-RULING-37; raises InvalidOptionError."""
    if not isinstance(players, int) or isinstance(players, bool):
        raise InvalidOptionError(f"players must be an int, got {players!r}")
    if config.variant == "solonauts":
        low, high = 1, 1
    else:
        low = 2
        high = 6 if config.variant == "chrononauts" else 4
        if config.allow_extra_players:
            high = 10
    if not low <= players <= high:
        raise InvalidOptionError(f"{config.variant} is for {low}-{high} players, not {players}")
    if players > len(cards.missions) or players > len(cards.identities):
        raise InvalidOptionError(f"{players} players need as many IDs and Missions")
    if isinstance(config.first_player, int) and config.first_player >= players:
        raise InvalidOptionError(f"first_player={config.first_player} is not a seat of {players} players")


def _encode_frame(frame: Frame) -> dict[str, Any]:
    out: dict[str, Any] = {"frame": type(frame).__name__}
    for field in attrs.fields(type(frame)):
        value = getattr(frame, field.name)
        if isinstance(value, Play):
            value = {"card": value.card, "target": value.target}
        elif isinstance(value, tuple):
            value = list(value)
        out[field.name] = value
    return out


def to_json(state: State) -> str:
    """The state as canonical JSON text (stable: ``to_json(from_json(t)) == t``)."""
    cards = state.cards
    data = {
        "game": GAME_NAME,
        "version": VERSION,
        "cards": "default" if cards == default_cards() else json.loads(cards.data_text),
        "options": state.config.to_dict(),
        "players": state.players,
        "alt": [lp.icon for lp in cards.linchpins if state.alt >> lp.bit & 1],
        "timeline": {str(rp.year): s for rp, s in zip(cards.ripplepoints, state.status, strict=True)},
        "draw_pile": {c: k for c, k in zip(cards.deck, state.draw_pile, strict=True) if k},
        "discard_pile": list(state.discard_pile),
        "hands": [list(h) for h in state.hands],
        "tableaux": [list(t) for t in state.tableaux],
        "ids": list(state.ids),
        "missions": list(state.missions),
        "id_pile": sorted(state.id_pile),
        "id_queue": [[e.card, e.returned_by, e.revealed] for e in state.id_queue],
        "mission_pile": sorted(state.mission_pile),
        "mission_queue": [[e.card, e.returned_by, e.revealed] for e in state.mission_queue],
        "revealed_ids": list(state.revealed_ids),
        "out_of_game": list(state.out_of_game),
        "solo_ids": list(state.solo_ids),
        "home_row": list(state.home_row),
        "active": state.active,
        "turn": state.turn,
        "extra_turns": state.extra_turns,
        "stack": [_encode_frame(f) for f in state.stack],
        "result": None
        if state.result is None
        else {
            "winner": state.result.winner,
            "conditions": list(state.result.conditions),
            "reason": state.result.reason,
        },
    }
    # the log is last: its shared chunks keep their JSON text, so a long game is not re-encoded per call
    head = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return f'{head[:-1]},"log":{state.log.to_json_array()}}}'



def state_cards(raw: Any) -> CardSet:
    if raw == "default":
        return default_cards()
    if isinstance(raw, dict):
        return CardSet.from_data(raw)
    raise InvalidStateError("'cards' must be \"default\" or a card list object")


class _Reader:
    """Type-checked access to the decoded JSON; every failure is an InvalidStateError."""

    def __init__(self, cards: CardSet, players: int) -> None:
        self.cards = cards
        self.players = players

    @staticmethod
    def fail(message: str) -> InvalidStateError:
        return InvalidStateError(f"invalid Chrononauts state: {message}")

    def int_(self, value: Any, what: str, low: int = 0, high: int | None = None) -> int:
        if (
            not isinstance(value, int)
            or isinstance(value, bool)
            or value < low
            or (high is not None and value > high)
        ):
            raise self.fail(f"{what} must be an int in {low}..{high}, got {value!r}")
        return value

    def seat(self, value: Any, what: str) -> int:
        return self.int_(value, what, 0, self.players - 1)

    def str_(self, value: Any, what: str) -> str:
        if not isinstance(value, str):
            raise self.fail(f"{what} must be a string, got {value!r}")
        return value

    def bool_(self, value: Any, what: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(f"{what} must be a bool, got {value!r}")
        return value

    def list_(self, value: Any, what: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(f"{what} must be a list")
        return value

    def card(self, value: Any, what: str, section: str = "play") -> str:
        card = self.str_(value, what)
        known = self.cards.play_cards if section == "play" else self.cards.by_id
        if card not in known:
            raise self.fail(f"{what}: unknown card {card!r}")
        return card

    def cards_(self, value: Any, what: str, section: str = "play") -> tuple[str, ...]:
        return tuple(self.card(v, f"{what}[{i}]", section) for i, v in enumerate(self.list_(value, what)))

    def queue(self, value: Any, what: str) -> tuple[QueueEntry, ...]:
        out = []
        for i, entry in enumerate(self.list_(value, what)):
            if not isinstance(entry, list) or len(entry) != 3:
                raise self.fail(f"{what}[{i}] must be [card, seat, revealed]")
            out.append(
                QueueEntry(
                    self.card(entry[0], f"{what}[{i}]", "goal"),
                    self.seat(entry[1], f"{what}[{i}]"),
                    self.bool_(entry[2], f"{what}[{i}]"),
                )
            )
        return tuple(out)

    def play(self, value: Any, what: str) -> Play:
        if not isinstance(value, dict) or set(value) != {"card", "target"}:
            raise self.fail(f"{what} must be {{card, target}}")
        target = value["target"]
        if isinstance(target, int) and not isinstance(target, bool):
            target = self.seat(target, what)
        elif target is not None and not isinstance(target, str):
            raise self.fail(f"{what}: bad target {target!r}")
        return Play(self.card(value["card"], what), target)

    def frame(self, value: Any, what: str) -> Frame:
        if not isinstance(value, dict) or value.get("frame") not in _FRAMES:
            raise self.fail(f"{what} is not a known frame")
        cls = _FRAMES[value["frame"]]
        fields = attrs.fields(cls)
        if set(value) != {"frame", *(f.name for f in fields)}:
            raise self.fail(f"{what}: wrong fields for {cls.__name__}")
        kwargs: dict[str, Any] = {}
        for field in fields:
            raw = value[field.name]
            where = f"{what}.{field.name}"
            if field.name in ("player", "owner", "next_player"):
                kwargs[field.name] = self.seat(raw, where)
            elif field.type == "int":
                kwargs[field.name] = self.int_(raw, where, 0, 1000)
            elif field.type == "str":
                kwargs[field.name] = self.str_(raw, where)
            elif field.type == "Play":
                kwargs[field.name] = self.play(raw, where)
            elif field.name == "eligible":
                kwargs[field.name] = tuple(self.seat(v, where) for v in self.list_(raw, where))
            elif field.name == "owed":
                kwargs[field.name] = tuple(self.int_(v, where, 0, 200) for v in self.list_(raw, where))
            elif field.name in ("aside", "pool"):
                kwargs[field.name] = self.cards_(raw, where)
            elif field.name == "conditions":
                kwargs[field.name] = tuple(self.str_(v, where) for v in self.list_(raw, where))
            else:  # pragma: no cover - every field is listed above
                raise self.fail(f"{where}: unsupported field")
        choices = {
            "kind": ("turn", "effect", "miracle"),
            "source": ("discard", "draw"),
            "pile": ("id", "mission", "solo"),
            "origin": ("hand", "discard", "draw"),
            "step": ("turn", "effect", "miracle", "harvest", "memo", "solo"),
        }
        for name, allowed in choices.items():
            if name in kwargs and kwargs[name] not in allowed:
                raise self.fail(f"{what}.{name} must be one of {allowed}")
        return cls(**kwargs)


def from_json(text: str) -> State:
    """The state :func:`to_json` wrote; raises InvalidStateError on anything malformed or inconsistent.

    The text is at most :data:`MAX_JSON_CHARS` characters; numbers are range-checked, card
    ids must exist, and the rebuilt state must pass :func:`validate`.
    """
    if not isinstance(text, str):
        raise InvalidStateError("from_json takes the JSON text")
    if len(text) > MAX_JSON_CHARS:
        raise InvalidStateError(
            f"invalid Chrononauts state: {len(text)} characters is more than the limit of {MAX_JSON_CHARS}"
        )
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:  # JSONDecodeError, over-long integers
        raise InvalidStateError(f"invalid Chrononauts state: not JSON: {error}") from error
    try:
        return _from_data(data)
    except InvalidStateError:
        raise
    except (TypeError, KeyError, IndexError, AttributeError, ValueError, RecursionError) as error:
        raise InvalidStateError(
            f"invalid Chrononauts state: malformed data ({type(error).__name__}: {error})"
        ) from error


def _from_data(data: Any) -> State:
    if not isinstance(data, dict) or set(data) != set(_KEYS):
        raise InvalidStateError(f"invalid Chrononauts state: expected exactly the keys {list(_KEYS)}")
    if data["game"] != GAME_NAME or data["version"] != VERSION:
        raise InvalidStateError(
            f"invalid Chrononauts state: game {data['game']!r} version {data['version']!r}"
        )
    try:
        cards = state_cards(data["cards"])
        config = RulesConfig.from_dict(data["options"])
        check_players(config, data["players"], cards)
    except InvalidOptionError as error:
        raise InvalidStateError(f"invalid Chrononauts state: {error}") from error
    players: int = data["players"]
    r = _Reader(cards, players)
    if not isinstance(data["alt"], list) or len(set(map(str, data["alt"]))) != len(data["alt"]):
        raise r.fail("alt must list distinct linchpin icons")
    ctx = make_context(cards, config, players)

    alt = 0
    for icon in r.list_(data["alt"], "alt"):
        if icon not in cards.linchpin_by_icon:
            raise r.fail(f"alt: unknown linchpin icon {icon!r}")
        alt |= 1 << cards.linchpin_by_icon[icon].bit
    timeline = data["timeline"]
    if not isinstance(timeline, dict) or set(timeline) != {str(rp.year) for rp in cards.ripplepoints}:
        raise r.fail("timeline must map every ripplepoint year to its status")
    status = []
    for rp in cards.ripplepoints:
        s = r.str_(timeline[str(rp.year)], f"timeline[{rp.year}]")
        if s not in (TRUE, OPEN) and (
            s not in cards.play_cards or getattr(cards.play_cards[s], "year", None) != rp.year
        ):
            raise r.fail(f"timeline[{rp.year}]: {s!r} is not a status or a patch of that year")
        status.append(s)
    draw_raw = data["draw_pile"]
    if not isinstance(draw_raw, dict):
        raise r.fail("draw_pile must map card ids to counts")
    for key in draw_raw:
        r.card(key, "draw_pile")
    draw = tuple(r.int_(draw_raw.get(c, 0), f"draw_pile[{c}]", 0, 100) for c in cards.deck)

    def per_player(key: str) -> list[Any]:
        value = r.list_(data[key], key)
        if len(value) != players:
            raise r.fail(f"{key} must have one entry per player")
        return value

    hands = tuple(tuple(sorted(r.cards_(h, f"hands[{p}]"))) for p, h in enumerate(per_player("hands")))
    if any(list(h) != data["hands"][p] for p, h in enumerate(hands)):
        raise r.fail("hands must be sorted")
    tableaux = tuple(r.cards_(t, f"tableaux[{p}]") for p, t in enumerate(per_player("tableaux")))
    for p, tableau in enumerate(tableaux):
        if any(cards.play_cards[c].kind != "artifact" for c in tableau):
            raise r.fail(f"tableaux[{p}] holds a card that is not an Artifact")

    def goal(value: Any, what: str) -> str:
        return "" if value == "" else r.card(value, what, "goal")

    ids = tuple(goal(v, f"ids[{p}]") for p, v in enumerate(per_player("ids")))
    missions = tuple(goal(v, f"missions[{p}]") for p, v in enumerate(per_player("missions")))
    stack = tuple(r.frame(f, f"stack[{i}]") for i, f in enumerate(r.list_(data["stack"], "stack")))
    result_raw = data["result"]
    result = None
    if result_raw is not None:
        if not isinstance(result_raw, dict) or set(result_raw) != {"winner", "conditions", "reason"}:
            raise r.fail("result must be null or {winner, conditions, reason}")
        winner = None if result_raw["winner"] is None else r.seat(result_raw["winner"], "result.winner")
        result = Result(
            winner,
            tuple(
                r.str_(c, "result.conditions") for c in r.list_(result_raw["conditions"], "result.conditions")
            ),
            r.str_(result_raw["reason"], "result.reason"),
        )
    log = []
    for i, entry in enumerate(r.list_(data["log"], "log")):
        if not isinstance(entry, list) or len(entry) != 3:
            raise r.fail(f"log[{i}] must be [text, private_to, private_text]")
        private_to = entry[1]
        if not (isinstance(private_to, int) and not isinstance(private_to, bool) and private_to == -1):
            r.seat(private_to, f"log[{i}]")
        log.append(Event(r.str_(entry[0], f"log[{i}]"), private_to, r.str_(entry[2], f"log[{i}]")))

    state = State(
        ctx=ctx,
        alt=alt,
        status=tuple(status),
        draw_pile=draw,
        discard_pile=r.cards_(data["discard_pile"], "discard"),
        hands=hands,
        tableaux=tableaux,
        ids=ids,
        missions=missions,
        id_pile=frozenset(r.cards_(data["id_pile"], "id_pile", "goal")),
        id_queue=r.queue(data["id_queue"], "id_queue"),
        mission_pile=frozenset(r.cards_(data["mission_pile"], "mission_pile", "goal")),
        mission_queue=r.queue(data["mission_queue"], "mission_queue"),
        revealed_ids=r.cards_(data["revealed_ids"], "revealed_ids", "goal"),
        out_of_game=r.cards_(data["out_of_game"], "out_of_game"),
        solo_ids=r.cards_(data["solo_ids"], "solo_ids", "goal"),
        home_row=r.cards_(data["home_row"], "home_row", "goal"),
        active=r.seat(data["active"], "active"),
        turn=r.int_(data["turn"], "turn", 0, 10**7),
        extra_turns=r.int_(data["extra_turns"], "extra_turns", 0, 1000),
        stack=stack,
        result=result,
        log=tuple(log),
    )
    try:
        validate(state)
    except TabletopRulesError as error:
        raise InvalidStateError(f"invalid Chrononauts state: {error}") from error
    return state


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
    * Goals: IDs only in Chrononauts and Solonauts, Missions only outside Solonauts; a seat without
      its goal card is waiting for its deal; revealed IDs are IDs.
    * Stack: an unfinished game waits for a decision or a chance event; a finished one has no
      frames and a consistent result; reaction windows poll the right seats; turn frames belong to
      the active player; Solonauts hands hold at most five cards.
    """
    try:
        _validate(state)
    except InvalidStateError:
        raise
    except (TypeError, KeyError, IndexError, AttributeError, ValueError) as error:
        raise _Reader.fail(f"malformed state ({type(error).__name__}: {error})") from error


_WINS: Final = ("mission", "id", "hand_size", "all_home")
_CONDITIONS: Final = frozenset({*_WINS, "universe_destroyed", "out_of_cards", "turn_limit", "empty_supply"})


def _check_shape(state: State) -> None:
    cards, cfg, n = state.cards, state.config, state.players
    fail = _Reader.fail

    def seat(value: object, what: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
            raise fail(f"{what} must be a seat 0..{n - 1}, got {value!r}")

    def count(value: object, what: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise fail(f"{what} must be a non-negative int, got {value!r}")

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
            raise fail(f"timeline[{rp.year}]: {status!r} is not a status or a patch of that year")
        if status not in (TRUE, OPEN) and status in state.status[:i]:
            raise fail(f"the patch {status} lies on two years")
    zones = {
        "discard_pile": state.discard_pile,
        "out_of_game": state.out_of_game,
        **{f"hands[{p}]": h for p, h in enumerate(state.hands)},
        **{f"tableaux[{p}]": t for p, t in enumerate(state.tableaux)},
    }
    for name, zone in zones.items():
        for card in zone:
            if card not in cards.play_cards:
                raise fail(f"{name}: {card!r} is not a play-deck card")
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
    dealing = {(f.player, f.pile) for f in state.stack if isinstance(f, DealGoal)}
    if state.result is None or state.result.winner is not None:
        for p in range(n):
            if variant == "chrononauts" and not state.ids[p] and (p, "id") not in dealing:
                raise fail(f"P{p} has no ID and none is being dealt")
            if variant != "solonauts" and not state.missions[p] and (p, "mission") not in dealing:
                raise fail(f"P{p} has no Mission and none is being dealt")
    for frame in state.stack:
        what = type(frame).__name__
        for name in ("player", "owner", "next_player"):
            if hasattr(frame, name):
                seat(getattr(frame, name), f"{what}.{name}")
        for name in ("count", "remaining", "index", "passes"):
            if hasattr(frame, name):
                count(getattr(frame, name), f"{what}.{name}")
        if isinstance(frame, Window):
            if frame.play.card not in cards.play_cards:
                raise fail(f"a reaction window over the unknown card {frame.play.card!r}")
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
            raise fail(f"result.conditions must name how the game ended, got {result.conditions!r}")
        if (result.winner is None) != (result.conditions[0] not in _WINS):
            raise fail("result: a win needs a winner, and a loss none")
    for private_to in state.log.private_seats():
        seat(private_to, "a log entry's private_to")


def _validate(state: State) -> None:
    _check_shape(state)
    cards, ctx, cfg = state.cards, state.ctx, state.config
    fail = _Reader.fail
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
    n = state.players
    for frame in state.stack:
        if isinstance(frame, Window):
            seats = tuple((frame.owner + k) % n for k in range(1, n))
            if frame.eligible != ((*seats, frame.owner) if cfg.memo_self_target else seats):
                raise fail("a reaction window polls the wrong players")
            if frame.passes > len(frame.eligible):
                raise fail("a reaction window counts more passes than players")
        if (
            isinstance(frame, (PlayStep, Harvest, MiracleDiscard, MiracleEnd))
            and frame.player != state.active
        ):
            raise fail(f"{type(frame).__name__} belongs to P{frame.player}, not the active player")
    if not state.stack or state.result is not None:
        return
    top = state.stack[-1]
    if isinstance(top, Window) and not top.eligible:
        raise fail("a reaction window with no one to poll should have closed")
