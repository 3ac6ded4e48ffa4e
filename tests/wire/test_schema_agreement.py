"""The shipped schemas and the loaders agree on many mutated documents (hypothesis).

Valid documents come from the seeded random games of every configuration (`helpers.games`): states
(`from_json`), their options (inside the state, read by `from_json` through `Options.from_dict`),
game records (`core.replay`) and moves (`move_from_json`). One field at a time is mutated: a value of
another JSON type, a number out of any range (-1, 2**40, 1.5), an unknown name, an empty or a very
long text, an extra key, a missing key, a list with its last item repeated. Then:

* the schema refuses it ⇒ the loader refuses it (a valid document is never refused by a schema);
* the loader refuses it ⇒ the schema refuses it, except for the checks that only the loader can make,
  listed in `LOADER_ONLY` with the reason (docs/wire-format.md, "What the schemas check, and what only
  the loader checks"). A value replaced by `null` is only checked in the first direction: where the
  schema allows `null`, whether it may be `null` now is the rules' business (a score exists exactly
  once the game is over).

Views are only written, never read back, so they have no loader to agree with;
`test_schema_rejects.py` checks their schemas with hand-made wrong documents.
"""

from __future__ import annotations

import copy
import functools
import json
import re
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_rules.core import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    make_record,
    replay,
)
from tabletop_rules.core.codecs import Array, Codec, Text, Union

from .helpers import games

NAMES = ("valandris", "chrononauts", "trismaugistus")
OPTIONS_KEY = {"valandris": "rules", "chrononauts": "options", "trismaugistus": "config"}

UNKNOWN = "zz-unknown"
"""An unknown name: well formed as a card or pack id, but no enumeration, vertex or id of the games."""
HUGE = 2**40
LONG = "x" * 3_000
"""Longer than every text a state bounds (a history line, a trace line, an id), shorter than a pack."""

_IDS = r"(discard_pile|hands/\*|tableaux/\*|ids|missions|id_pile|mission_pile|revealed_ids|out_of_game|" + (
    r"solo_ids|home_row|stack/\*/(aside|pool)|(id|mission)_queue(/\*)?)(/\*)*"
)
LOADER_ONLY: dict[str, list[tuple[str, str, str]]] = {
    # game: [(path regex, mutation regex, why only the loader can check it)]
    "valandris": [],
    "chrononauts": [  # the seeded games use the shipped card list, whose ids the schema lists
        (r"cards", r"type:object|extra key|missing key", "the embedded card list is read by its loader"),
        (r"stack/\*/((play/)?(card|target)|(aside|pool)/\*)", r"unknown", "ids are looked up in the cards"),
        (r"(hands|tableaux|ids|missions)", r"duplicate", "one entry per player (another field)"),
        (r"options/variant", r"missing key", "the player count is the variant's"),
        (r"options/.*", r"type:boolean|missing key", "a ruling changed under a state built by another"),
        (r"draw_pile/.*", r"missing key", "the play deck is conserved (C-STATE-8)"),
        (_IDS, r"duplicate|empty", "every card is in exactly one place (C-STATE-8)"),
        (r"options/ripple_operator_overrides", r"duplicate", "a year is overridden once"),
        (r"stack", r"duplicate", "the frame stack is one the engine builds (REL-STATE-3)"),
    ],
    "trismaugistus": [
        (r"pack", r"empty|long|unknown", "the pack is JSON text, read by the pack loader"),
        (r".*(artifacts|experiments|draw_pile|discard|held_purples|masterpiece_deck|areas|offers)(/\*)*"
         r"|.*(starting_experiment|masterpiece|/id|card)", r"unknown", "ids are looked up in the pack"),
        (r"board/bonus_layout/\*", r"duplicate", "a track's bonus spaces have distinct, rising levels"),
    ],
}  # fmt: skip
"""The mutations the loader refuses and the schema accepts: cross-field bounds, ids looked up in the
card list or the pack, the rules' invariants. Paths use ``*`` for list indices."""

RECORD_LOADER_ONLY = [
    (r"initial(/.*)?", r".*", "the initial state: as the state's"),
    (r"moves/\*", r"unknown|empty|long", "a move is parsed and played by the rules"),
    (r"moves|states_sha256", r"duplicate", "one hash per state, each checked by replaying the moves"),
]
"""The record loader's own checks beyond the schema: what replaying the moves finds."""


class Mutation(NamedTuple):
    path: str  # with "*" for list indices
    name: str  # "type:string", "number:-1", "unknown", "extra key", "missing key", "duplicate", ...
    document: Any


def _walk(doc: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, doc
    if type(doc) is dict:
        for key, value in doc.items():
            yield from _walk(value, (*path, key))
    elif type(doc) is list:
        for index, value in enumerate(doc):
            yield from _walk(value, (*path, index))


def _pattern(path: tuple[Any, ...]) -> str:
    return "/".join("*" if type(p) is int else str(p) for p in path)


_REPLACEMENTS: tuple[tuple[str, Any], ...] = (
    ("unknown", UNKNOWN),
    ("empty", ""),
    ("long", LONG),
    ("number:-1", -1),
    ("number:huge", HUGE),
    ("float", 1.5),
    ("type:boolean", True),
    ("type:array", []),
    ("type:object", {}),
    ("null", None),
)


def _mutations(path: tuple[Any, ...], value: Any) -> list[tuple[str, Callable[[Any], None]]]:
    """The mutations that apply to the value at ``path``: each a name and an in-place edit of a copy."""
    out: list[tuple[str, Callable[[Any], None]]] = []

    def at(target: Any) -> Any:
        for key in path:
            target = target[key]
        return target

    if path:

        def replace(new: Any) -> Callable[[Any], None]:
            def edit(target: Any) -> None:
                at_parent = target
                for key in path[:-1]:
                    at_parent = at_parent[key]
                at_parent[path[-1]] = copy.deepcopy(new)

            return edit

        for name, new in _REPLACEMENTS:
            if type(new) is type(value) and (type(new) in (list, dict, bool, type(None)) or new == value):
                continue
            out.append((name, replace(new)))
    if type(value) is dict:
        out.append(("extra key", lambda target: at(target).__setitem__("zz_extra", 1)))
        for key in value:
            out.append((f"missing key {key}", lambda target, key=key: at(target).pop(key)))
    if type(value) is list and value:
        out.append(("duplicate", lambda target: at(target).append(copy.deepcopy(value[-1]))))
    return out


@st.composite
def mutations(draw: st.DrawFn, documents: tuple[Any, ...], under: tuple[Any, ...] = ()) -> Mutation:
    """One document of ``documents`` with one field (below the path ``under``) mutated."""
    doc = draw(st.sampled_from(documents))
    start = doc
    for key in under:
        start = start[key]
    places = list(_walk(start, under))
    path, value = draw(st.sampled_from(places))
    name, edit = draw(st.sampled_from(_mutations(path, value)))
    out = copy.deepcopy(doc)
    edit(out)
    where = _pattern((*path, name.split(" ", 2)[2]) if name.startswith("missing key ") else path)
    return Mutation(where, "missing key" if name.startswith("missing key") else name, out)


def _exempt(table: list[tuple[str, str, str]], mutation: Mutation) -> str | None:
    for path, name, why in table:
        if re.fullmatch(path, mutation.path) and re.fullmatch(name, mutation.name):
            return why
    return None


def _check(valid: bool, refusal: str | None, mutation: Mutation, table: list[tuple[str, str, str]]) -> None:
    where = f"{mutation.path} ({mutation.name})"
    assert valid or refusal is not None, f"{where}: the schema refuses it, the loader accepts it"
    if refusal is not None and valid and mutation.name != "null":
        assert _exempt(table, mutation), f"{where}: the loader refuses it ({refusal}), the schema accepts it"


@functools.cache
def _validator(name: str, kind: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(_game(name).schemas.json_schema(kind))


def _game(name: str) -> Any:
    return next(g for g in games() if g.game.GAME_INFO.name == name)


@functools.cache
def _states(name: str) -> tuple[Any, ...]:
    """A few states of every configuration of the game: the first, the middle and the last."""
    out = []
    for g in games():
        if g.game.GAME_INFO.name == name:
            out += [
                json.loads(g.game.to_json(s))
                for s in (g.states[0], g.states[len(g.states) // 2], g.states[-1])
            ]
    return tuple(out)


def _load_state(name: str, document: Any) -> str | None:
    try:
        _game(name).game.from_json(json.dumps(document))
    except InvalidStateError as error:
        return str(error)
    return None


SETTINGS = settings(
    max_examples=250,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(data=st.data())
def test_the_state_schema_and_from_json_agree(name, data):
    """REL-SCHEMA-3: a state the schema refuses, `from_json` refuses; a state `from_json` refuses, the
    schema refuses, but for the checks listed in `LOADER_ONLY` (another field, the card list or the pack,
    the rules' invariants)."""
    mutation = data.draw(mutations(_states(name)))
    valid = _validator(name, "state").is_valid(mutation.document)
    _check(valid, _load_state(name, mutation.document), mutation, LOADER_ONLY[name])


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(data=st.data())
def test_the_options_schema_and_the_options_loader_agree(name, data):
    """REL-SCHEMA-3: the options a state stores (its non-default `Options` fields), mutated one at a
    time, with every field of the options schema set to a wrong value too: the state schema and
    `from_json` (which reads them with `Options.from_dict`) agree."""
    key = OPTIONS_KEY[name]
    documents = _states(name)
    properties = _validator(name, "state").schema["properties"][key]["properties"]
    field = data.draw(st.sampled_from(sorted(properties)))
    wrong = data.draw(st.sampled_from(_REPLACEMENTS[:-1]))  # "null": the rules' business, as above
    document = copy.deepcopy(data.draw(st.sampled_from(documents)))
    document[key][field] = copy.deepcopy(wrong[1])
    mutations_ = [Mutation(f"{key}/{field}", wrong[0], document), data.draw(mutations(documents, (key,)))]
    for mutation in mutations_:
        valid = _validator(name, "state").is_valid(mutation.document)
        _check(valid, _load_state(name, mutation.document), mutation, LOADER_ONLY[name])


@functools.cache
def _records(name: str) -> tuple[Any, ...]:
    g = _game(name)
    return (make_record(g.game, g.states[0], g.moves[:4], seed=1, states_sha256=True),)


@pytest.mark.parametrize("name", NAMES)
@settings(SETTINGS, max_examples=60)
@given(data=st.data())
def test_the_record_schema_and_replay_agree(name, data):
    """REL-SCHEMA-3: a game record the schema refuses, `replay` refuses; a record `replay` refuses, the
    schema refuses, but for what replaying finds (`RECORD_LOADER_ONLY`)."""
    mutation = data.draw(mutations(_records(name)))
    valid = _validator(name, "record").is_valid(mutation.document)
    try:
        replay(_game(name).game, mutation.document)
        refusal = None
    except InvalidStateError as error:
        refusal = str(error)
    _check(valid, refusal, mutation, RECORD_LOADER_ONLY)


@functools.cache
def _moves(name: str) -> tuple[list[Any], ...]:
    """[index of a state of the first configuration, the JSON of a legal move or chance outcome there]."""
    g = _game(name)
    out = []
    for index in range(0, len(g.states) - 1, max(1, len(g.states) // 25)):
        state = g.states[index]
        for move in [*g.game.legal_moves(state)[:3], *[m for m, _ in g.game.chance_outcomes(state)[:3]]]:
            out.append([index, g.wire.move_to_json(state, move)])
    return tuple(out)


def _looked_up(codec: Codec) -> bool:
    """Whether a codec (or one of its options or items) is an id that decoding looks up in the state."""
    if isinstance(codec, Text):
        return codec.known is not None
    if isinstance(codec, Union):
        return any(_looked_up(option) for option in codec.options)
    if isinstance(codec, Array):
        return any(_looked_up(c) for c in (*codec.prefix, *([codec.item] if codec.item else [])))
    return False


@functools.cache
def _move_loader_only(name: str) -> list[tuple[str, str, str]]:
    """A well-formed card or pack id that the card list or the pack does not have: the fields of the
    move records whose codec looks ids up (`core.codecs.Text.known`)."""
    fields = {
        field
        for record in _game(name).wire.MOVES.records.values()
        for field, codec in record.fields
        if _looked_up(codec)
    }
    return [(rf"\*/({'|'.join(sorted(fields))})(/\*)*", r"unknown", "ids are looked up")] if fields else []


@pytest.mark.parametrize("name", NAMES)
@settings(SETTINGS, max_examples=200)
@given(data=st.data())
def test_the_move_schema_and_move_from_json_agree(name, data):
    """REL-SCHEMA-3: a move the schema refuses, `move_from_json` refuses as malformed or illegal; a move
    it refuses as malformed (`InvalidMoveError`), the schema refuses, but for ids looked up in the card
    list or the pack. Whether a well-formed move is legal (`IllegalMoveError`) is the rules' business."""
    g = _game(name)
    mutation = data.draw(mutations(_moves(name), under=(1,)))  # the move, not the index of its state
    index, move = mutation.document
    valid = _validator(name, "move").is_valid(move)
    try:
        g.wire.move_from_json(g.states[index], move)
        refusal = None
    except InvalidMoveError as error:
        refusal = str(error)
    except IllegalMoveError:
        return  # well formed: the schema may accept it
    _check(valid, refusal, mutation, _move_loader_only(name))
