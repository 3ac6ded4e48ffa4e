"""Each shipped schema refuses hand-made wrong documents, and so does the loader where there is one.

A wrong document is a valid one (from a new game or a short seeded game) with one field changed. The
schemas of the state, the move and the record are checked against their loaders too: every wrong
document here is refused by both (`from_json`, `move_from_json`, `replay`). A view is never read
back, so only its schema is checked; the first cases are the ones of issue 30 (a Chrononauts view
with the variant "monopoly", -3 players, hand sizes of -1 and 99,999, a linchpin "maybe", `to_act` 77).
"""

from __future__ import annotations

import copy
import functools
import json
from typing import Any

import jsonschema
import pytest

from tabletop_rules import chrononauts, trismaugistus, valandris
from tabletop_rules.chrononauts import schemas as cschemas
from tabletop_rules.core import IllegalMoveError, InvalidMoveError, InvalidStateError, make_record, replay
from tabletop_rules.valandris.options import MAX_TURN_CAP
from tabletop_rules.valandris.rules import SEAL_TOKENS

from .helpers import games

DELETE = object()
"""As a value: remove the key."""
Path = tuple[Any, ...]


def _edited(document: Any, path: Path, value: Any) -> Any:
    out = copy.deepcopy(document)
    target = out
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return out


@functools.cache
def _validator(name: str, kind: str) -> jsonschema.Draft202012Validator:
    module = {"valandris": valandris, "chrononauts": chrononauts, "trismaugistus": trismaugistus}[name]
    return jsonschema.Draft202012Validator(module.json_schema(kind))


def _refused(name: str, kind: str, document: Any, why: str) -> None:
    assert not _validator(name, kind).is_valid(document), f"the {name} {kind} schema accepts {why}"


def _played(name: str) -> Any:
    return next(g for g in games() if g.game.GAME_INFO.name == name)


# ------------------------------------------------------------------------------------------------ views

LONG_ID = "A" * 61
"""One character longer than any card id of a card list (`content.checks.MAX_ID`)."""

CHRONONAUTS_VIEW: list[tuple[str, Path, Any]] = [
    ("a variant that is not one of the box", ("view", "variant"), "monopoly"),
    ("-3 players", ("view", "players"), -3),
    ("11 players", ("view", "players"), 11),
    ("a hand size of -1", ("view", "hand_sizes"), [-1, 5]),
    ("a hand size of 99,999", ("view", "hand_sizes"), [99_999, 5]),
    ("a linchpin status 'maybe'", ("view", "linchpins", 0, 1), "maybe"),
    ("to_act 77 in the view", ("view", "to_act"), 77),
    ("to_act 77", ("to_act",), 77),
    ("to_act 'nobody'", ("to_act",), "nobody"),
    ("a viewer 10", ("viewer",), 10),
    ("a float hand size", ("view", "hand_sizes"), [1.5, 5]),
    ("a draw pile of 20,001 cards", ("view", "draw_pile_size"), cschemas.MAX_PLAY_DECK + 1),
    ("an ID pile of 201 cards", ("view", "id_pile_size"), cschemas.MAX_GOALS + 1),
    ("a Mission pile of -1 cards", ("view", "mission_pile_size"), -1),
    ("201 open paradoxes", ("view", "open_paradoxes"), cschemas.MAX_GOALS + 1),
    ("a ripplepoint status that is no id", ("view", "ripplepoints", 0, 1), "not a patch"),
    ("a ripplepoint without a year", ("view", "ripplepoints", 0), ["true"]),
    ("a phase 'lunch'", ("view", "phase"), "lunch"),
    ("an active seat 10", ("view", "active"), 10),
    ("a turn -1", ("view", "turn"), -1),
    ("no seat's tableau", ("view", "tableaux"), []),
    ("eleven seats' hand sizes", ("view", "hand_sizes"), [0] * 11),
    ("a card id of 61 characters in the hand", ("view", "hand"), [LONG_ID]),
    ("a card id with a space in the discard pile", ("view", "discard_pile"), ["P 1868"]),
    ("an empty card id in a tableau", ("view", "tableaux"), [[""], []]),
    ("a hidden queue card other than '?'", ("view", "id_queue"), ["? ?"]),
    ("three winner's goals", ("view", "winner_goals"), ["ID-1", "M-1", "ID-2"]),
    ("a condition 'checkmate'", ("view", "conditions"), ["checkmate"]),
    ("a pending card of two items", ("view", "pending"), [[0, "ACT-X"]]),
    ("a pending target 10", ("view", "pending"), [[0, "ACT-X", 10]]),
    ("an ultraparadox 'yes'", ("view", "ultraparadox"), "yes"),
    ("an outcome of 2,001 characters", ("view", "outcome"), "x" * 2_001),
    ("an unknown key in the view", ("view", "colour"), "red"),
    ("a view without its hand", ("view", "hand"), DELETE),
    ("a cursor past 2**53 - 1", ("cursor",), 2**53),
    ("a negative action id", ("legal_actions",), [-1]),
    ("a legal move of no type", ("legal_moves",), [{"card": "ACT-X"}]),
    ("a history line of 2,001 characters", ("history",), ["x" * 2_001]),
]


@pytest.mark.parametrize(("why", "path", "value"), CHRONONAUTS_VIEW, ids=[c[0] for c in CHRONONAUTS_VIEW])
def test_the_chrononauts_view_schema_refuses(why, path, value):
    view = chrononauts.wire.view_json(chrononauts.new_game(players=2), 0)
    assert _validator("chrononauts", "view").is_valid(view)
    _refused("chrononauts", "view", _edited(view, path, value), why)


OTHER_VIEWS: list[tuple[str, str, Path, Any]] = [
    ("valandris", "a viewer 2", ("viewer",), 2),
    ("valandris", "to_act 3", ("to_act",), 3),
    ("valandris", "an action id of the board's 630 and more", ("legal_actions",), [630]),
    ("valandris", "631 legal moves", ("legal_actions",), list(range(631))),
    ("valandris", "a history that is not empty", ("history",), ["placed"]),
    ("valandris", "a state on a vertex E12", ("state", "leviathan"), "E12"),
    ("valandris", "a state with an unknown phase", ("state", "phase"), "lunch"),
    ("valandris", "a legal move to vertex Z9", ("legal_moves",), [{"type": "Step", "vertex": "Z9"}]),
    ("trismaugistus", "a viewer 1 (the automa has no view)", ("viewer",), 1),
    ("trismaugistus", "to_act 1", ("to_act",), 1),
    ("trismaugistus", "a state of round 4", ("state", "round"), 4),
    ("trismaugistus", "a state with a die face 'gold'", ("state", "automa", "tiebreak_track"), "gold"),
    ("trismaugistus", "a legal move of an unknown type", ("legal_moves",), [{"type": "Cheat"}]),
]


@pytest.mark.parametrize(
    ("name", "why", "path", "value"), OTHER_VIEWS, ids=[f"{c[0]}: {c[1]}" for c in OTHER_VIEWS]
)
def test_the_valandris_and_trismaugistus_view_schemas_refuse(name, why, path, value):
    game = {"valandris": valandris, "trismaugistus": trismaugistus}[name]
    view = game.wire.view_json(game.new_game(), 0)
    assert _validator(name, "view").is_valid(view)
    _refused(name, "view", _edited(view, path, value), why)


# ------------------------------------------------------------------------------ states, options, content

STATES: list[tuple[str, str, Path, Any]] = [
    ("valandris", "a turn past the cap", ("turn",), MAX_TURN_CAP + 1),
    ("valandris", "a creature on vertex E12", ("leviathan",), "E12"),
    ("valandris", "more seals than tokens", ("seals",), list(valandris.NAMES[: SEAL_TOKENS + 1])),
    ("valandris", "a seal twice", ("seals",), ["A0", "A0"]),
    ("valandris", "a phase 'lunch'", ("phase",), "lunch"),
    ("valandris", "a score of 0", ("score",), 0),
    ("valandris", "captured 'no'", ("captured",), "no"),
    ("valandris", "a version 2", ("version",), 2),
    ("valandris", "an unknown key", ("colour",), "red"),
    ("valandris", "option max_turns 0", ("rules", "max_turns"), 0),
    ("valandris", "option blocked_creature 'explodes'", ("rules", "blocked_creature"), "explodes"),
    ("valandris", "an unknown option", ("rules", "gravity"), True),
    ("chrononauts", "11 players", ("players",), 11),
    ("chrononauts", "0 players", ("players",), 0),
    ("chrononauts", "a draw pile of 101 copies of a card", ("draw_pile", "P-1868"), 101),
    ("chrononauts", "a card id of 61 characters in a hand", ("hands", 0), [LONG_ID]),
    ("chrononauts", "a card id with a quote in the discard pile", ("discard_pile",), ['P"1868']),
    ("chrononauts", "a TimeLine status that is no id", ("timeline", "1868"), "not a patch"),
    ("chrononauts", "a TimeLine year 'MCMXLV'", ("timeline", "MCMXLV"), "true"),
    ("chrononauts", "an active seat 10", ("active",), 10),
    ("chrononauts", "a turn past MAX_TURN", ("turn",), 10**7 + 1),
    ("chrononauts", "a frame of no kind", ("stack",), [{"frame": "Lunch"}]),
    ("chrononauts", "a result with no condition", ("result",), {"winner": 0, "conditions": [], "reason": ""}),
    ("chrononauts", "a log line of a seat 10", ("log",), [["text", 10, "text"]]),
    ("chrononauts", "201 ID cards in the ID pile", ("id_pile",), [f"ID-{i}" for i in range(201)]),
    ("chrononauts", "a linchpin icon with a prime", ("alt",), ["Lincoln'"]),
    ("chrononauts", "a card list that is not an object", ("cards",), "mine"),
    ("chrononauts", "a card the shipped list lacks", ("discard_pile",), ["P-1800"]),
    ("chrononauts", "a second copy of a one-copy card", ("draw_pile", "INV-HALT-ATTACK"), 2),
    ("chrononauts", "a draw pile card the shipped list lacks", ("draw_pile", "ART-TOASTER"), 1),
    ("chrononauts", "a TimeLine year the shipped list lacks", ("timeline", "1800"), "true"),
    ("chrononauts", "a TimeLine without a year", ("timeline", "1868"), DELETE),
    ("chrononauts", "a patch of another year", ("timeline", "1868"), "P-1917"),
    ("chrononauts", "a Mission in the ID pile", ("id_pile",), ["MIS-MONA-LISA-TRIPTYCH"]),
    ("chrononauts", "an ID as a seat's Mission", ("missions",), ["ID-01", ""]),
    ("chrononauts", "a linchpin icon the shipped list lacks", ("alt",), ["Napoleon"]),
    ("chrononauts", "option variant 'monopoly'", ("options", "variant"), "monopoly"),
    ("chrononauts", "option paradox_limit -1", ("options", "paradox_limit"), -1),
    ("chrononauts", "option first_player 'dealer'", ("options", "first_player"), "dealer"),
    ("chrononauts", "an operator override 'xor'", ("options", "ripple_operator_overrides"), [[1868, "xor"]]),
    ("chrononauts", "operator overrides as text", ("options", "ripple_operator_overrides"), ""),
    ("chrononauts", "an operator override by name", ("options", "ripple_operator_overrides"), {"1868": "or"}),
    ("trismaugistus", "a round 4", ("round",), 4),
    ("trismaugistus", "a difficulty 4", ("difficulty",), 4),
    ("trismaugistus", "a phase 'lunch'", ("phase",), "lunch"),
    ("trismaugistus", "a side 'dealer'", ("to_move",), "dealer"),
    ("trismaugistus", "a pack id of 65 characters", ("masterpiece_deck",), ["A" * 65]),
    ("trismaugistus", "a pack id with a space", ("human_artifacts",), ["two words"]),
    ("trismaugistus", "a pack id twice", ("masterpiece_deck",), ["M-1", "M-1"]),
    ("trismaugistus", "an automa level 51", ("automa", "levels"), [51, 0, 0, 0]),
    ("trismaugistus", "three automa levels", ("automa", "levels"), [0, 0, 0]),
    ("trismaugistus", "a pack that is not text", ("pack",), {"schema": "trismaugistus-content-pack"}),
    ("trismaugistus", "a pack of 1,000,001 characters", ("pack",), "x" * 1_000_001),
    ("trismaugistus", "a tie-break order with a criterion twice", ("config", "symbol_only_tiebreak"), [
        "wild", "wild", "colour"]),
    ("trismaugistus", "a tie-break order of another criterion", ("config", "colour_only_tiebreak"), [
        "wild", "leftmost", "colour"]),
    ("trismaugistus", "option score_tie 'coin_flip'", ("config", "score_tie"), "coin_flip"),
    ("trismaugistus", "option max_formula_purchases 99", ("config", "max_formula_purchases"), 99),
]  # fmt: skip


@functools.cache
def _new_state(name: str) -> dict[str, Any]:
    game = {"valandris": valandris, "chrononauts": chrononauts, "trismaugistus": trismaugistus}[name]
    return json.loads(game.to_json(game.new_game(players=2) if game is chrononauts else game.new_game()))


@pytest.mark.parametrize(("name", "why", "path", "value"), STATES, ids=[f"{c[0]}: {c[1]}" for c in STATES])
def test_the_state_schemas_and_from_json_refuse(name, why, path, value):
    """REL-SCHEMA-3: hand-made wrong states (options and embedded content included): the schema and
    `from_json` refuse each."""
    state = _new_state(name)
    assert _validator(name, "state").is_valid(state)
    wrong = _edited(state, path, value)
    _refused(name, "state", wrong, why)
    game = {"valandris": valandris, "chrononauts": chrononauts, "trismaugistus": trismaugistus}[name]
    with pytest.raises(InvalidStateError):
        game.from_json(json.dumps(wrong))


# ------------------------------------------------------------------------------------------ moves

MOVES: list[tuple[str, str, dict[str, Any]]] = [
    ("valandris", "a vertex E12", {"type": "Step", "vertex": "E12"}),
    ("valandris", "a d12 showing 13", {"type": "Roll", "face": 13}),
    ("valandris", "a d12 showing 0", {"type": "Roll", "face": 0}),
    ("valandris", "a face true", {"type": "Roll", "face": True}),
    ("valandris", "a creature 'dragon'", {"type": "Cross", "creature": "dragon", "vertex": "E5"}),
    ("valandris", "an unknown key", {"type": "Roll", "face": 3, "spin": 1}),
    ("valandris", "no type", {"face": 3}),
    ("chrononauts", "three cards to Kill Time", {"type": "KillTime", "cards": ["A", "B", "C"]}),
    ("chrononauts", "a first player 10", {"type": "FirstPlayer", "player": 10}),
    ("chrononauts", "a card id of 201 characters", {"type": "Draw", "card": "A" * 201}),
    ("chrononauts", "an empty card id", {"type": "Draw", "card": ""}),
    ("chrononauts", "a card that is a number", {"type": "Draw", "card": 7}),
    ("chrononauts", "a move type 'Cheat'", {"type": "Cheat"}),
    ("trismaugistus", "an objective position 5", {"type": "ObjectiveDie", "position": 5}),
    ("trismaugistus", "a die face 'gold'", {"type": "HumanDraftDie", "face": "gold", "colour": "red"}),
    ("trismaugistus", "a colour 'green'", {"type": "HumanDraftDie", "face": "tin", "colour": "green"}),
    ("trismaugistus", "a pack id with a space", {"type": "HumanTakeExperiment", "face": "tin",
                                                 "experiment_id": "two words"}),
]  # fmt: skip


@pytest.mark.parametrize(("name", "why", "move"), MOVES, ids=[f"{c[0]}: {c[1]}" for c in MOVES])
def test_the_move_schemas_and_move_from_json_refuse(name, why, move):
    _refused(name, "move", move, why)
    g = _played(name)
    with pytest.raises(InvalidMoveError):
        g.wire.move_from_json(g.states[len(g.states) // 2], move)


def test_every_shipped_move_of_the_sample_games_passes_its_schema():
    """The wrong moves above are wrong for their schema, not for every document: the played ones pass."""
    for name in ("valandris", "chrononauts", "trismaugistus"):
        g = _played(name)
        for state, move in list(zip(g.states, g.moves, strict=False))[:30]:
            data = g.wire.move_to_json(state, move)
            assert _validator(name, "move").is_valid(data)
            try:
                g.wire.move_from_json(state, data)
            except IllegalMoveError:  # pragma: no cover - a played move is legal where it was played
                pytest.fail(f"{name}: {data} is not legal where it was played")


# ------------------------------------------------------------------------------------------ records

RECORDS: list[tuple[str, Path, Any]] = [
    ("a format 'pgn'", ("format",), "pgn"),
    ("a format version 2", ("format_version",), 2),
    ("another game", ("game",), "chess"),
    ("another behaviour version", ("game_version",), 999),
    ("a seed of -1", ("seed",), -1),
    ("a seed of 2**64", ("seed",), 2**64),
    ("a final hash in capitals", ("final_sha256",), "A" * 64),
    ("a short final hash", ("final_sha256",), "abc"),
    ("a move that is a number", ("moves",), [7]),
    ("a move of 10,001 characters", ("moves",), ["x" * 10_001]),
    ("a state hash that is not one", ("states_sha256",), ["zz"]),
    ("an unknown key", ("comment",), "hi"),
    ("no final hash", ("final_sha256",), DELETE),
    ("no initial state", ("initial",), DELETE),
    ("an initial state of another format", ("initial",), {"game": "chess"}),
]


@pytest.mark.parametrize("name", ["valandris", "chrononauts", "trismaugistus"])
@pytest.mark.parametrize(("why", "path", "value"), RECORDS, ids=[c[0] for c in RECORDS])
def test_the_record_schemas_and_replay_refuse(name, why, path, value):
    g = _played(name)
    record = make_record(g.game, g.states[0], g.moves[:3], seed=1, states_sha256=True)
    assert _validator(name, "record").is_valid(record)
    wrong = _edited(record, path, value)
    _refused(name, "record", wrong, why)
    with pytest.raises(InvalidStateError):
        replay(g.game, wrong)


def test_a_state_with_a_custom_card_list_is_checked_by_the_general_schema():
    """The shipped card list's ids and counts bind only states that name it (``"cards": "default"``): a
    custom card list's own ids pass the schema (and `from_json` checks them against that list)."""
    data = chrononauts.cards_to_dict(chrononauts.default_cards())
    data["inverters"][0]["id"] = "INV-MY-OWN"
    cards = chrononauts.cards_from_dict(data)
    state = chrononauts.new_game(players=2, cards=cards)
    document = json.loads(chrononauts.to_json(state))
    assert type(document["cards"]) is dict
    assert "INV-MY-OWN" in document["draw_pile"]
    assert _validator("chrononauts", "state").is_valid(document)
    assert chrononauts.from_json(json.dumps(document)) == state
    as_default = {**document, "cards": "default"}
    _refused("chrononauts", "state", as_default, "a card of a custom list under the shipped one")
    with pytest.raises(InvalidStateError):
        chrononauts.from_json(json.dumps(as_default))
