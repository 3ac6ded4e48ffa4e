"""The content schemas and the content loaders agree on many mutated documents (hypothesis).

The documents are the shipped content: the Chrononauts card list (`cards_to_dict(default_cards())`)
and the Trismaugistus pack (`pack_to_dict(default_pack())`, and the same pack written as an owner
would: a ``//`` comment in every object, ``null`` for every optional field left out). One field at a
time is mutated as in `test_schema_agreement` (another JSON type, a number out of range, an unknown
name, an empty or a very long text, an extra key, a missing key, a repeated last item). Then:

* the schema refuses it ⇒ the loader refuses it (so a card list or pack the loader accepts, the schema
  accepts: the schema never refuses a valid document);
* the loader refuses it ⇒ the schema refuses it, except for the checks only the loader makes, listed
  in `CARDS_LOADER_ONLY` and `PACK_LOADER_ONLY` with the reason (docs/wire-format.md).
"""

from __future__ import annotations

import copy
import functools
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules.chrononauts import schemas as cschemas
from tabletop_rules.chrononauts.content import cards_from_dict, cards_to_dict, default_cards
from tabletop_rules.core import InvalidContentError
from tabletop_rules.trismaugistus import schemas as tschemas
from tabletop_rules.trismaugistus.content import default_pack, pack_from_dict, pack_to_dict

from .test_schema_agreement import SETTINGS, Mutation, _check, mutations

_SECTIONS = r"(timeline|patches|inverters|actions|timewarps|artifacts|missions|identities)"
CARDS_LOADER_ONLY: list[tuple[str, str, str]] = [
    # (path regex, mutation regex, why only the loader can check it)
    (r"edition/counts/.*", r".*", "edition.counts must equal the sections' sizes and copies"),
    (rf"{_SECTIONS}(/\*)?", r"duplicate|missing key|extra key", "the counts, and each id once (C-DATA-4)"),
    (rf"{_SECTIONS}/\*/(id|year|count|icon|ripples(/\*)?|patch_ids(/\*)?)", r"unknown|empty|long|number:.*"
     r"|float|duplicate|type:.*", "an id once; a year, icon or patch of another record; the counts"),
    (r"timeline/\*/.*", r"type:.*|unknown|empty|long|number:.*|float|null|missing key", "linchpin or "
     "ripplepoint: the other kind's fields"),
    (rf"{_SECTIONS}/\*/(paradox_if|playable_if)(/terms(/\*)?)?", r".*", "a condition names linchpin_icons"),
    (r"linchpin_icons(/\*)?", r".*", "the linchpins' icons are exactly linchpin_icons"),
    (r"inverters/\*/targets(/\*)?", r"unknown|long|duplicate", "a target is an icon of linchpin_icons"),
    (r"(patches|artifacts)/\*/(unstable|triggers_ultraparadox|ultraparadox_blocked)", r"type:boolean",
     "the stable patch, the UltraParadox and the artifacts after it (C-DATA-4.5, 4.8)"),
    (r"missions/\*/requires/\*/(artifact|artifacts/\*)", r"unknown", "a Mission names an artifact"),
    (r"missions/\*/requires(/\*)?", r"duplicate", "three slots, two identical ones"),
    (r"identities/\*/home(/\*)?(/.*)?", r".*", "a home names a year, a patch of it, and can be reached"),
    (r"(actions|timewarps)/\*/params/.*", r"missing key", "a Miracle's numbers"),
    (r"(actions|timewarps)/\*/effect_key", r".*", "another effect's params"),
]  # fmt: skip
"""The mutations the card-list loader refuses and the schema accepts: the cross-record rules of
C-DATA-4. Paths use ``*`` for list indices."""

PACK_LOADER_ONLY: list[tuple[str, str, str]] = [
    (r"(automa_cards|experiments|masterpieces|artifacts|objectives)(/\*)?", r"duplicate|missing key",
     "V-1..V-7: ids once, the decks' and the setup's counts"),
    (r"(automa_cards|experiments|masterpieces|artifacts|objectives)/\*/(id|deck|stage|starting|colour)",
     r".*", "V-1..V-7: an id once; the decks', stages' and colours' counts"),
    (r"difficulty_presets(/\*(/.*)?)?", r".*", "V-2..V-6: a preset names the automa cards, once each"),
    (r"tracks(/\*)?", r"duplicate|missing key", "V-9: one track per element"),
    (r"tracks/\*/(element|max_level|end_vp_by_level|symbol_levels|bonus_spaces)(/.*)?", r".*",
     "V-9, V-10: one track per element; levels within max_level; a table of max_level + 1 entries"),
    (r"(experiments|masterpieces)/\*/requirement/level", r".*", "V-10: a level of the track"),
    (r"formula_scoring/(max_formulas|vp_by_count)(/\*)?", r".*", "V-11: the table has max_formulas + 1 "
     "rising entries"),
    (r"fictional", r".*", "V-13: a fictional pack explains itself in a note"),
    (r"note", r"empty|missing key|null", "V-13: a fictional pack explains itself in a note"),
    (r"automa_cards/\*/dice(/\*)?", r"duplicate", "a die pictured twice: equal, or equal but for a comment"),
    (r"automa_cards/\*/(action|potency_cost|dice)(/.*)?", r"missing key|null", "V-7, V-8: the setup"),
]  # fmt: skip
"""The mutations the pack loader refuses and the schema accepts: the validators V-1..V-13 across records."""


def _owner_written(document: Any) -> Any:
    """`document` with a ``//`` comment in every object and ``null`` for the optional fields left out."""
    out = copy.deepcopy(document)
    optional = {"automa_cards": ("dice", "potency_cost", "action", "personality_element", "label"),
                "objectives": ("title",)}  # fmt: skip

    def walk(value: Any) -> None:
        if type(value) is dict:
            for child in list(value.values()):
                walk(child)
            value["// note"] = "a comment the loader ignores"
        elif type(value) is list:
            for child in value:
                walk(child)

    for key, names in optional.items():
        for record in out.get(key, []):
            if record.get("deck", "purple") == "purple":
                for name in names:
                    record.setdefault(name, None)
    out.setdefault("source", None)
    walk(out)
    return out


@functools.cache
def _documents(name: str) -> tuple[Any, ...]:
    if name == "cards":
        return (cards_to_dict(default_cards()),)
    pack = pack_to_dict(default_pack())
    return (pack, _owner_written(pack))


@functools.cache
def _validator(name: str) -> jsonschema.Draft202012Validator:
    module = cschemas if name == "cards" else tschemas
    return jsonschema.Draft202012Validator(module.content_json_schema())


def _load(name: str, document: Any) -> str | None:
    try:
        (cards_from_dict if name == "cards" else pack_from_dict)(document)
    except InvalidContentError as error:
        return str(error)
    return None


@pytest.mark.parametrize("name", ["cards", "pack"])
def test_the_shipped_content_is_valid(name):
    """REL-SCHEMA-4: the shipped card list and pack (and the pack with comments and nulls) are valid."""
    for document in _documents(name):
        assert _load(name, document) is None
        assert _validator(name).is_valid(document)


class _Shown(Mutation):
    """A mutation shown by its place and kind (the whole card list is too long to read in a report)."""

    def __repr__(self) -> str:
        return f"<{self.name} at {self.path}>"


@pytest.mark.parametrize("name", ["cards", "pack"])
@settings(SETTINGS, max_examples=200)
@given(data=st.data())
def test_the_content_schema_and_its_loader_agree(name, data):
    """REL-SCHEMA-4: a card list or pack the schema refuses, its loader refuses; one the loader refuses,
    the schema refuses, but for the cross-record checks of `CARDS_LOADER_ONLY` / `PACK_LOADER_ONLY`."""
    mutation = data.draw(mutations(_documents(name)).map(lambda m: _Shown(*m)))
    valid = _validator(name).is_valid(mutation.document)
    table = CARDS_LOADER_ONLY if name == "cards" else PACK_LOADER_ONLY
    _check(valid, _load(name, mutation.document), mutation, table)
