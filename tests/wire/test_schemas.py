"""JSON Schemas: the shipped files are the generated ones, and every document of random games validates."""

from __future__ import annotations

import copy
import functools
import json
from importlib import resources

import jsonschema
import pytest

from tabletop_rules import chrononauts, trismaugistus, valandris
from tabletop_rules.chrononauts import schemas as cschemas
from tabletop_rules.core import InvalidOptionError, InvalidStateError, make_record
from tabletop_rules.core.wire import SCHEMA_KINDS, schema_text
from tabletop_rules.trismaugistus import schemas as tschemas
from tabletop_rules.valandris import schemas as vschemas
from tests.chrononauts.helpers import draw, settle, setup
from tests.hostile.test_state_json import _vortex, _window

from .helpers import LABELS, games, sample

GAMES = (valandris, chrononauts, trismaugistus)
SCHEMAS = {"valandris": vschemas, "chrononauts": cschemas, "trismaugistus": tschemas}


@functools.cache
def _validator(name: str, kind: str) -> jsonschema.protocols.Validator:
    schema = SCHEMAS[name].json_schema(kind)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _valid(name: str, kind: str, document: object) -> None:
    _validator(name, kind).validate(document)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.GAME_INFO.name)
def test_shipped_schemas_are_the_generated_ones(game):
    schemas = SCHEMAS[game.GAME_INFO.name]
    built = schemas.build_schemas()
    assert sorted(built) == sorted(SCHEMA_KINDS)
    package = f"tabletop_rules.{game.GAME_INFO.name}"
    for kind, document in built.items():
        shipped = resources.files(package).joinpath("schemas", f"{kind}.json").read_text(encoding="utf-8")
        assert shipped == schema_text(document), f"run scripts/make_schemas.py ({kind})"
        assert schemas.json_schema(kind) == document
        assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_json_schema_returns_a_new_dict_and_rejects_unknown_kinds():
    first = vschemas.json_schema("move")
    first["title"] = "changed"
    assert vschemas.json_schema("move")["title"] == "Valandris move"
    for kind in ("moves", "", None, 1):
        with pytest.raises(InvalidOptionError):
            vschemas.json_schema(kind)


@pytest.mark.parametrize("label", LABELS)
def test_every_state_move_view_and_record_of_random_games_validates(label):
    g = next(g for g in games() if g.label == label)
    name = g.game.GAME_INFO.name
    for state, move in zip(g.states, g.moves, strict=False):
        _valid(name, "move", g.wire.move_to_json(state, move))
        for outcome, _ in g.game.chance_outcomes(state):
            _valid(name, "move", g.wire.move_to_json(state, outcome))
    for state in sample(g.states, 10):
        _valid(name, "state", json.loads(g.game.to_json(state)))
        for player in range(g.players(state)):
            _valid(name, "view", g.wire.view_json(state, player, history=True))
            _valid(name, "view", g.wire.view_json(state, player))
        if name == "chrononauts":
            _valid(name, "view", g.wire.view_json(state, None))
    _valid(name, "record", make_record(g.game, g.states[0], g.moves, seed=1))


def _fails(name: str, kind: str, document: object) -> None:
    with pytest.raises(jsonschema.ValidationError):
        _valid(name, kind, document)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.GAME_INFO.name)
def test_malformed_documents_fail(game):
    g = next(x for x in games() if x.game is game)
    name = game.GAME_INFO.name
    state = g.states[len(g.states) // 2]
    move = g.wire.move_to_json(g.states[0], g.moves[0])
    data = json.loads(game.to_json(state))
    view = g.wire.view_json(state, 0)
    record = make_record(game, g.states[0], g.moves[:5])
    _fails(name, "state", {**data, "unknown": 1})
    _fails(name, "state", {k: v for k, v in data.items() if k not in {"phase", "stack"}})
    _fails(name, "move", {**move, "type": "NoSuchMove"})
    _fails(name, "move", {**move, "extra": True})
    _fails(name, "move", {"type": move["type"]} if len(move) > 1 else {**move, "x": 1})
    _fails(name, "view", {k: v for k, v in view.items() if k != "cursor"})
    _fails(name, "view", {**view, "cursor": -1})
    _fails(name, "view", {**view, "legal_actions": [1, 1]})
    _fails(name, "record", {**record, "final_sha256": "abc"})
    _fails(name, "record", {**record, "game": "chess"})
    bad = copy.deepcopy(record)
    bad["moves"].append(7)
    _fails(name, "record", bad)


def test_bounds_follow_the_library():
    # V-BOARD-9: a vertex is one of the 52 names; the d12 shows 1..12 (V-CHANCE-2)
    _fails("valandris", "move", {"type": "Step", "vertex": "E12"})
    _fails("valandris", "move", {"type": "Roll", "face": 13})
    _fails("valandris", "move", {"type": "Roll", "face": 1.5})
    _fails("valandris", "move", {"type": "Roll", "face": True})
    _fails("chrononauts", "move", {"type": "KillTime", "cards": ["A", "B", "C"]})
    _fails("chrononauts", "move", {"type": "FirstPlayer", "player": 10})
    _fails("trismaugistus", "move", {"type": "ObjectiveDie", "position": 5})
    _fails("trismaugistus", "move", {"type": "HumanDraftDie", "face": "gold", "colour": "red"})
    state = json.loads(valandris.to_json(valandris.new_game()))
    _fails("valandris", "state", {**state, "rules": {**state["rules"], "max_turns": 0}})


# ------------------------------------------------------------------------------ schemas and loaders agree

# Bounds the loader checks against another field of the same state, which JSON Schema cannot express:
# the schema holds the widest value, the loader the exact one. Each is listed on docs/wire-format.md.
CROSS_FIELD = {
    "chrononauts": {
        "active": "a seat is below the number of players",
        "log/*/*": "a seat is below the number of players",
        "stack/*/player": "a seat is below the number of players",
        "stack/*/owner": "a seat is below the number of players",
        "stack/*/next_player": "a seat is below the number of players",
        "stack/*/eligible": "a window polls at most the players",
        "stack/*/eligible/*": "a seat is below the number of players",
        "stack/*/owed": "a Time Vortex owes one count per player",
        "stack/*/play/target": "a seat is below the number of players",
        "id_queue/*/*": "a seat is below the number of players",
        "mission_queue/*/*": "a seat is below the number of players",
        "result/winner": "a seat is below the number of players",
        "players": "the player count is the variant's (C-SETUP-1, C-ARTIFAXX-1, C-SOLO-1, C-RULING-37)",
        "hands": "one entry per player",
        "tableaux": "one entry per player",
        "ids": "one entry per player",
        "missions": "one entry per player",
        "options/first_player": "a seat is below the number of players",
        "draw_pile/*": "with the shipped card list, at most its copies of the card (default_cards_schema)",
    },
    "trismaugistus": {
        "difficulty": "0 before Setup, 1..3 after",
        "round": "0 before Setup, 1..3 after",
        "automa/levels/*": "a level is at most its track's max_level in the pack",
        "board/bonus_layout/*/*/level": "a level is at most its track's max_level in the pack",
        "automa/active_die/remaining": "the remaining potency is at most the placed one",
        "pending/die/remaining": "the remaining potency is at most the placed one",
    },
    "valandris": {},
}


# Bounds the loader enforces through the content: no list of play cards is longer than the largest play
# deck a card list may have, no list of goal cards longer than a card list's section (the conservation of
# the cards, C-STATE-8, refuses a longer one); the limit itself is refused too, by the same rule.
CONTENT_LIMITS = {
    "chrononauts": {("items", cschemas.MAX_PLAY_DECK), ("items", cschemas.MAX_GOALS)},
    "trismaugistus": set(),
    "valandris": set(),
}


def _resolve(root: dict, schema: dict) -> dict:
    while "$ref" in schema:
        schema = root["$defs"][schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def _bounded(root: dict, schema: dict, value: object, path: tuple) -> list[tuple[tuple, dict]]:
    """Every place of ``value`` whose schema bounds a number, a length or a number of items."""
    schema = _resolve(root, schema)
    for key in ("anyOf", "oneOf"):
        if key in schema:
            for branch in schema[key]:
                if jsonschema.Draft202012Validator({**branch, "$defs": root.get("$defs", {})}).is_valid(
                    value
                ):
                    return _bounded(root, branch, value, path)
            return []
    out = []
    if (type(value) is int and ("minimum" in schema or "maximum" in schema)) or (
        type(value) is str and "maxLength" in schema
    ):
        out.append((path, schema))
    elif type(value) is list:
        if "maxItems" in schema or "minItems" in schema:
            out.append((path, schema))
        prefix, items = schema.get("prefixItems", []), schema.get("items")
        for i, item in enumerate(value):
            sub = prefix[i] if i < len(prefix) else items
            if isinstance(sub, dict):
                out += _bounded(root, sub, item, (*path, i))
    elif type(value) is dict:
        properties, extra = schema.get("properties", {}), schema.get("additionalProperties")
        for key, item in value.items():
            sub = properties.get(key, extra)
            if isinstance(sub, dict):
                out += _bounded(root, sub, item, (*path, key))
    return out


def _pattern(path: tuple, extra_keys: frozenset) -> str:
    """A place's path with list indices (and the keys of maps such as the draw pile) as ``*``."""
    return "/".join("*" if type(p) is int or p in extra_keys else str(p) for p in path)


def _replaced(document: dict, path: tuple, value: object) -> dict:
    out = copy.deepcopy(document)
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return out


def _loader_error(game, document: dict) -> str | None:
    try:
        game.from_json(json.dumps(document))
    except InvalidStateError as error:
        return str(error)
    return None


def _probes(schema: dict, current: object) -> list[tuple[object, object | None, str]]:
    """(a value just out of range, the limit next to it, what is measured) for each bound of ``schema``.

    The limit is None where it cannot be built from the value alone: an id (the loader looks it up
    in the card list or the pack, whatever its length) or a list of distinct items."""
    out: list[tuple[object, object | None, str]] = []
    if type(current) is int:
        if "maximum" in schema:
            out.append((schema["maximum"] + 1, schema["maximum"], "number"))
        if "minimum" in schema:
            out.append((schema["minimum"] - 1, schema["minimum"], "number"))
    elif type(current) is str:
        top = schema["maxLength"]
        out.append(("A" * (top + 1), None if "pattern" in schema else "A" * top, "length"))
    elif type(current) is list and "prefixItems" in schema:  # a fixed-length tuple: it is its own limit
        out += [([*current, current[-1]], current, "items"), (current[:-1], current, "items")]
    elif type(current) is list and current:
        items = schema.get("items") if isinstance(schema.get("items"), dict) else {}
        distinct = list(items.get("enum", []))  # distinct values, for a list of unique items
        bounds = []
        if "maxItems" in schema:
            bounds.append((schema["maxItems"] + 1, schema["maxItems"]))
        if schema.get("minItems", 0) > 0:
            bounds.append((schema["minItems"] - 1, schema["minItems"]))
        for outside, size in bounds:
            if not schema.get("uniqueItems"):
                out.append(([current[0]] * outside, [current[0]] * size, "items"))
            else:
                limit = distinct[:size] if len(distinct) >= size else None
                out.append(((distinct or current)[:1] * outside, limit, "items"))
    return out


def _size(value: object) -> object:
    return value if type(value) is int or value is None else len(value)  # type: ignore[arg-type]


def _agreement_states(name: str) -> list[dict]:
    g = next(x for x in games() if x.game.GAME_INFO.name == name)
    states = [g.states[0], g.states[len(g.states) // 2], g.states[-1]]
    if name == "chrononauts":  # what short playouts rarely reach, and the options' numbers
        states += [_window(), _vortex(time_vortex_deal="restore_sizes"), *_new_mission()]
        year = chrononauts.new_game().cards.ripplepoints[0].year
        options = {
            "paradox_limit": 12,
            "hand_size_win_threshold": 9,
            "max_turns": 500,
            "ultraparadox_id_cutoff_year": 1961,
            "ripple_operator_overrides": [[year, "or"]],
        }
        states += [chrononauts.new_game(options, players=3)]
        states += [chrononauts.new_game({"solonauts_identity_count": 7}, variant="solonauts")]
    if name == "trismaugistus":  # an active die, a pending die
        states += [next(s for s in g.states if s.automa.active_die is not None)]
        states += [s for s in g.states if s.pending is not None and s.pending.die is not None][:1]
    return [json.loads(g.game.to_json(s)) for s in states]


def _new_mission() -> list[object]:
    """Seat 0's New Mission on seat 1: its window (a seat target), then the Mission queue it leaves."""
    state = draw(setup(3, hands=[["ACT-NEW-MISSION"], [], []]))
    play = next(m for m in chrononauts.legal_moves(state) if type(m) is chrononauts.Play and m.target == 1)
    window = chrononauts.apply(state, play)
    dealt = settle(window)
    dealt = chrononauts.apply(dealt, chrononauts.chance_outcomes(dealt)[0][0])
    assert dealt.mission_queue
    return [window, dealt]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.GAME_INFO.name)
def test_schema_bounds_are_the_loaders_bounds(game):
    """REL-SCHEMA-1: every number, length and list size the state schema bounds is bounded the same
    way by `from_json`: a value just out of range fails both the schema and the loader, and the limit
    value passes the schema and the loader's check of that field (the loader may still refuse the
    state for another reason, such as the rules' invariants). The bounds the loader checks against
    another field (a seat against the number of players) are listed in `CROSS_FIELD`."""
    name = game.GAME_INFO.name
    root = SCHEMAS[name].json_schema("state")
    validator = jsonschema.Draft202012Validator(root)
    maps = frozenset({"draw_pile", "timeline"} if name == "chrononauts" else set())
    checked: set[str] = set()
    for document in _agreement_states(name):
        validator.validate(document)
        extra = frozenset(k for m in maps if m in document for k in document[m]) if maps else frozenset()
        for path, schema in _bounded(root, root, document, ()):
            where = _pattern(path, extra)
            current = document
            for key in path:
                current = current[key]
            for outside, limit, what in _probes(schema, current):
                probe = f"{where} {what} {_size(limit)}"
                if probe in checked:
                    continue
                checked.add(probe)
                bad = _replaced(document, path, outside)
                assert not validator.is_valid(bad), f"{where}: the schema accepts {what} {_size(outside)}"
                refused = _loader_error(game, bad)
                assert refused is not None, f"{where}: from_json accepts {what} {_size(outside)}"
                if where in CROSS_FIELD[name] or (what, _size(limit)) in CONTENT_LIMITS[name]:
                    continue
                if limit is None:
                    continue
                good = _replaced(document, path, limit)
                assert validator.is_valid(good), f"{where}: the schema refuses {what} {_size(limit)}"
                error = _loader_error(game, good)
                same = refused.replace(str(_size(outside)), str(_size(limit)))
                assert error is None or error != same, f"{where}: from_json refuses {what} {_size(limit)}"
    assert checked


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.GAME_INFO.name)
def test_integral_floats_pass_the_schema_but_not_the_loader(game):
    """REL-SCHEMA-2: JSON Schema cannot tell ``1.0`` from ``1`` (docs/wire-format.md), so an integral
    float passes the schema, but `from_json` refuses it; ``true`` fails both."""
    name = game.GAME_INFO.name
    state = game.new_game(players=2) if game is chrononauts else game.new_game()
    document = json.loads(game.to_json(state))
    version = "version" if "version" in document else "format_version"
    for key in (version, "turn"):
        floated = {**document, key: float(document[key])}
        _valid(name, "state", floated)
        with pytest.raises(InvalidStateError, match=r"version|turn"):
            game.from_json(json.dumps(floated))
        _fails(name, "state", {**document, key: True})
        with pytest.raises(InvalidStateError):
            game.from_json(json.dumps({**document, key: True}))
