"""JSON for Chrononauts states: `to_json` and the checked `from_json`.

The JSON names cards by id, embeds the card list unless it is the shipped one,
and stores only the non-default options (under the key ``"options"``).
`from_json` reads the text through `core.jsonio` (size first, strict JSON),
checks the types, every card and seat it meets and the shape of the frame
stack, rebuilds the state and runs `validate` (conservation of the play deck
and of the goal cards, C-STATE-8; the TimeLine invariants), and raises
`InvalidStateError` otherwise.
"""

from __future__ import annotations

import json
from typing import Any, Final

import attrs

from tabletop_rules.chrononauts.content.loader import cards_from_dict, cards_to_dict, default_cards
from tabletop_rules.chrononauts.content.records import CardSet
from tabletop_rules.chrononauts.context import check_players, make_context
from tabletop_rules.chrononauts.frames import FRAME_TYPES, Frame
from tabletop_rules.chrononauts.history import Event
from tabletop_rules.chrononauts.moves import Play
from tabletop_rules.chrononauts.options import Options
from tabletop_rules.chrononauts.state import OPEN, TRUE, QueueEntry, Result, State
from tabletop_rules.chrononauts.validation import END_CONDITIONS, WIN_CONDITIONS, validate
from tabletop_rules.core.errors import (
    InvalidContentError,
    InvalidOptionError,
    InvalidStateError,
)
from tabletop_rules.core.jsonio import brief, check_text, load_json

__all__ = [
    "FORMAT_VERSION",
    "GAME_NAME",
    "MAX_JSON_CHARS",
    "MAX_TEXT_CHARS",
    "from_json",
    "state_from_dict",
    "state_to_dict",
    "to_json",
]

GAME_NAME: Final = "chrononauts"
FORMAT_VERSION: Final = 1
"""The version of the state JSON (the key ``"version"``); it changes when the format changes."""
MAX_JSON_CHARS: Final = 64_000_000
"""The longest state JSON text `from_json` reads (a 4-player game is ~100-300 kB)."""
MAX_TEXT_CHARS: Final = 2_000
"""The longest text of a history line or of a result's reason (the engine writes a few hundred at most)."""
MAX_FRAME_NUMBER: Final = 1_000
"""The bound of a frame's counts (cards to draw or discard, a window's polls and passes, mulligans)."""
MAX_OWED: Final = 200
"""The most cards a Time Vortex owes a seat under ``time_vortex_deal="restore_sizes"``."""
MAX_COPIES: Final = 100
"""The most copies of a card in the draw pile (a card list's bound, C-DATA-4)."""
MAX_TURN: Final = 10**7
"""The most turns a state may count (``max_turns`` is at most this too)."""
MAX_EXTRA_TURNS: Final = 1_000
"""The most extra turns a state may owe (Fast Forward under ``"two_extra_turns"``, C-RULING-15)."""
FRAME_CHOICES: Final = {
    "kind": ("turn", "effect", "miracle"),
    "source": ("discard", "draw"),
    "pile": ("id", "mission", "solo"),
    "origin": ("hand", "discard", "draw"),
    "step": ("turn", "effect", "miracle", "harvest", "memo", "solo"),
}
"""The values of the frames' enumerated text fields (`PlayStep.kind`, `Harvest.source`...)."""
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


def _head(state: State) -> dict[str, Any]:
    """Every key but the log, JSON-ready, in the order of the format."""
    cards = state.cards
    return {
        "game": GAME_NAME,
        "version": FORMAT_VERSION,
        "cards": "default" if cards == default_cards() else cards_to_dict(cards),
        "options": state.options.non_default(),
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


def state_to_dict(state: State) -> dict[str, Any]:
    """The state as the JSON-ready dict that `to_json` writes (a new dict)."""
    return {**_head(state), "log": [list(record) for record in state.log.records()]}


def to_json(state: State) -> str:
    """The state as canonical JSON text (stable: ``to_json(from_json(t)) == t``)."""
    # the log is last: its shared chunks keep their JSON text, so a long game is not re-encoded per call
    head = json.dumps(_head(state), separators=(",", ":"), ensure_ascii=False)
    return f'{head[:-1]},"log":{state.log.to_json_array()}}}'


def _state_cards(raw: Any) -> CardSet:
    if raw == "default":
        return default_cards()
    if isinstance(raw, dict):
        try:
            return cards_from_dict(raw)
        except InvalidContentError as error:
            raise InvalidStateError(f"invalid Chrononauts state: {error}") from error
    raise InvalidStateError("invalid Chrononauts state: 'cards' must be \"default\" or a card list object")


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
            raise self.fail(f"{what} must be an int in {low}..{high}, got {brief(value)}")
        return value

    def seat(self, value: Any, what: str) -> int:
        return self.int_(value, what, 0, self.players - 1)

    def str_(self, value: Any, what: str, max_len: int = MAX_TEXT_CHARS) -> str:
        if not isinstance(value, str):
            raise self.fail(f"{what} must be a string, got {brief(value)}")
        if len(value) > max_len:
            raise self.fail(f"{what} is longer than {max_len} characters")
        return check_text(value, f"invalid Chrononauts state: {what}")

    def choice(self, value: Any, what: str, allowed: tuple[str, ...]) -> str:
        if type(value) is not str or value not in allowed:
            raise self.fail(f"{what} must be one of {list(allowed)}, got {brief(value)}")
        return value

    def bool_(self, value: Any, what: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(f"{what} must be a bool, got {brief(value)}")
        return value

    def list_(self, value: Any, what: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(f"{what} must be a list")
        return value

    def card(self, value: Any, what: str, section: str = "play") -> str:
        card = self.str_(value, what)
        known = self.cards.play_cards if section == "play" else self.cards.by_id
        if card not in known:
            raise self.fail(f"{what}: unknown card {brief(card)}")
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
                    card=self.card(entry[0], f"{what}[{i}]", "goal"),
                    returned_by=self.seat(entry[1], f"{what}[{i}]"),
                    revealed=self.bool_(entry[2], f"{what}[{i}]"),
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
            raise self.fail(f"{what}: bad target {brief(target)}")
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
            elif field.type in ("int", int):  # an annotation's text, or its class once frames.py is compiled
                kwargs[field.name] = self.int_(raw, where, 0, MAX_FRAME_NUMBER)
            elif field.name in FRAME_CHOICES:
                kwargs[field.name] = self.choice(raw, where, FRAME_CHOICES[field.name])
            elif field.type in ("Play", Play):
                kwargs[field.name] = self.play(raw, where)
            elif field.name == "eligible":
                kwargs[field.name] = tuple(self.seat(v, where) for v in self.list_(raw, where))
            elif field.name == "owed":
                kwargs[field.name] = tuple(self.int_(v, where, 0, MAX_OWED) for v in self.list_(raw, where))
            elif field.name in ("aside", "pool"):
                kwargs[field.name] = self.cards_(raw, where)
            elif field.name == "conditions":  # a DeclareChoice's (C-RULING-27)
                wins = WIN_CONDITIONS
                kwargs[field.name] = tuple(self.choice(v, where, wins) for v in self.list_(raw, where))
            else:  # pragma: no cover - every field is listed above
                raise self.fail(f"{where}: unsupported field")
        return cls(**kwargs)


def from_json(text: str | bytes) -> State:
    """The state `to_json` wrote, checked.

    The text is at most `MAX_JSON_CHARS` characters of strict JSON; ``"version"`` is exactly the
    ``int`` `FORMAT_VERSION` (not ``true``, ``1.0`` or ``"1"``); numbers are range-checked by exact
    type, texts by length, card ids must exist, and the rebuilt state must pass `validate`.

    Raises:
        InvalidStateError: on anything malformed or inconsistent.
    """
    data = load_json(text, limit=MAX_JSON_CHARS, what="Chrononauts state JSON")
    return state_from_dict(data)


def state_from_dict(data: Any) -> State:
    """The state of a dict as `state_to_dict` makes it (parsed JSON), checked as `from_json` does.

    Raises:
        InvalidStateError: on anything malformed or inconsistent.
    """
    try:
        return _from_data(data)
    except InvalidStateError:
        raise
    except (TypeError, KeyError, IndexError, AttributeError, ValueError, RecursionError) as error:
        raise InvalidStateError(
            f"invalid Chrononauts state: malformed data ({type(error).__name__}: {brief(str(error))})"
        ) from error


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(f"invalid Chrononauts state: {message}")


def _from_data(data: Any) -> State:
    if not isinstance(data, dict) or set(data) != set(_KEYS):
        raise InvalidStateError(f"invalid Chrononauts state: expected exactly the keys {list(_KEYS)}")
    if type(data["game"]) is not str or data["game"] != GAME_NAME:
        raise InvalidStateError(f"invalid Chrononauts state: game {brief(data['game'])} is not {GAME_NAME!r}")
    version = data["version"]
    if type(version) is not int or version != FORMAT_VERSION:  # not True, not 1.0, not "1"
        raise InvalidStateError(
            f"invalid Chrononauts state: state format version {brief(version)} is not supported "
            f"(this library reads version {FORMAT_VERSION}, an integer)"
        )
    cards = _state_cards(data["cards"])
    if type(data["players"]) is not int:
        raise _fail(f"players must be an int, got {brief(data['players'])}")
    try:
        options = Options.from_dict(data["options"])
        check_players(options, data["players"], cards)
    except InvalidOptionError as error:
        raise InvalidStateError(f"invalid Chrononauts state: {error}") from error
    players: int = data["players"]
    r = _Reader(cards, players)
    if not isinstance(data["alt"], list) or len(set(map(str, data["alt"]))) != len(data["alt"]):
        raise r.fail("alt must list distinct linchpin icons")
    ctx = make_context(cards, options, players)

    alt = 0
    for icon in r.list_(data["alt"], "alt"):
        if icon not in cards.linchpin_by_icon:
            raise r.fail(f"alt: unknown linchpin icon {brief(icon)}")
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
            raise r.fail(f"timeline[{rp.year}]: {brief(s)} is not a status or a patch of that year")
        status.append(s)
    draw_raw = data["draw_pile"]
    if not isinstance(draw_raw, dict):
        raise r.fail("draw_pile must map card ids to counts")
    for key in draw_raw:
        r.card(key, "draw_pile")
    draw = tuple(r.int_(draw_raw.get(c, 0), f"draw_pile[{c}]", 0, MAX_COPIES) for c in cards.deck)

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
            winner=winner,
            conditions=tuple(
                r.choice(c, "result.conditions", END_CONDITIONS)
                for c in r.list_(result_raw["conditions"], "result.conditions")
            ),
            reason=r.str_(result_raw["reason"], "result.reason"),
        )
    log = []
    for i, entry in enumerate(r.list_(data["log"], "log")):
        if not isinstance(entry, list) or len(entry) != 3:
            raise r.fail(f"log[{i}] must be [text, private_to, private_text]")
        private_to = entry[1]
        if not (isinstance(private_to, int) and not isinstance(private_to, bool) and private_to == -1):
            r.seat(private_to, f"log[{i}]")
        log.append(
            Event(
                text=r.str_(entry[0], f"log[{i}]"),
                private_to=private_to,
                private_text=r.str_(entry[2], f"log[{i}]"),
            )
        )

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
        turn=r.int_(data["turn"], "turn", 0, MAX_TURN),
        extra_turns=r.int_(data["extra_turns"], "extra_turns", 0, MAX_EXTRA_TURNS),
        stack=stack,
        result=result,
        log=tuple(log),
    )
    validate(state)  # raises InvalidStateError, worded "invalid Chrononauts state: ..."
    return state
