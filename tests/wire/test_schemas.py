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
from tabletop_rules.core import InvalidOptionError, make_record
from tabletop_rules.core.wire import SCHEMA_KINDS, schema_text
from tabletop_rules.trismaugistus import schemas as tschemas
from tabletop_rules.valandris import schemas as vschemas

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
