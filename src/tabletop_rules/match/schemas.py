"""The JSON Schemas (draft 2020-12) of the match documents: error, match, view, event, outcome, content.

Shipped as package data in `tabletop_rules/match/schemas/<kind>.json`, built by
`tabletop_rules.match.schema_build`. A view's `game_view` and a legal move's `move` are the game's
own documents: validate them with the game's `json_schema("view")` and `json_schema("move")`.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any, Final, Literal, TypeAlias

from tabletop_rules.core.errors import InvalidOptionError
from tabletop_rules.core.jsonio import brief

__all__ = ["MATCH_SCHEMA_KINDS", "MatchSchemaKind", "json_schema"]

MatchSchemaKind: TypeAlias = Literal["error", "match", "view", "event", "outcome", "content"]
MATCH_SCHEMA_KINDS: Final[tuple[MatchSchemaKind, ...]] = (
    "error",
    "match",
    "view",
    "event",
    "outcome",
    "content",
)


def json_schema(kind: object) -> dict[str, Any]:
    """The shipped JSON Schema of `kind` (one of `MATCH_SCHEMA_KINDS`), as a new dict.

    Raises:
        InvalidOptionError: if `kind` is not one of them.
    """
    if type(kind) is not str or kind not in MATCH_SCHEMA_KINDS:
        raise InvalidOptionError(
            f"a match schema kind is one of {list(MATCH_SCHEMA_KINDS)}, not {brief(kind)}"
        )
    return json.loads(_text(kind))  # type: ignore[no-any-return]


@functools.lru_cache(maxsize=8)  # keyed by the kind; returns the file's immutable text
def _text(kind: str) -> str:
    return (
        resources.files("tabletop_rules.match")
        .joinpath("schemas", f"{kind}.json")
        .read_text(encoding="utf-8")
    )
