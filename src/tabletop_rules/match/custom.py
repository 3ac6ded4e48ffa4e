"""A match's own content: a Chrononauts card list or a Trismaugistus pack instead of the shipped one.

`new_match(..., content=...)` takes the content as a JSON object (what a client uploads, what
`match.content(m)["data"]` gives back); it is written as canonical JSON text (keys sorted, no
spaces) within the game's loader limit, read back as strict JSON, and checked by the game's own
loader (`chrononauts.content.cards_from_dict`, `trismaugistus.content.pack_from_dict`) before a
game starts on it. The text is what a saved match stores, with its SHA-256 (`content_sha256`).
Valandris has no content to change: its board is the rules.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from collections.abc import Mapping
from typing import Any, Final

from tabletop_rules.core.errors import InvalidContentError
from tabletop_rules.core.jsonio import load_json
from tabletop_rules.match.errors import MatchError, shown

__all__ = ["CONTENT_GAMES", "content_digest", "content_limit", "read_content"]

CONTENT_GAMES: Final = {"chrononauts": "card list", "trismaugistus": "pack"}
"""The games whose content a match may replace, with the name of their content."""


def content_limit(name: str) -> int:
    """The longest content of the game `name` (one of `CONTENT_GAMES`), in characters of canonical
    JSON: its loader's own `MAX_CONTENT_CHARS` (Chrononauts 4,000,000; Trismaugistus 1,000,000)."""
    return int(importlib.import_module(f"tabletop_rules.{name}.content").MAX_CONTENT_CHARS)


def content_digest(text: str) -> str:
    """The SHA-256 (hex) of a content's canonical JSON text, as a saved match stores it."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _bad(message: str) -> MatchError:
    return MatchError("invalid_content", message)


def read_content(game: Any, content: object) -> tuple[str, dict[str, Any]]:
    """The canonical JSON text of `content` and the keyword argument of `game.new_game` that plays it.

    Args:
        game: the game module.
        content: a JSON object: a Chrononauts card list or a Trismaugistus pack.

    Raises:
        MatchError: `invalid_content` for a game without content, a value that is not a JSON object,
            text longer than the loader reads, or content the game's loader refuses (its message
            names the record and the field).
    """
    name = game.GAME_INFO.name
    kind = CONTENT_GAMES.get(name) if game.__name__ == f"tabletop_rules.{name}" else None
    if kind is None:
        raise _bad(f"{shown(name)} has no content a match can replace: content must be null")
    if not isinstance(content, Mapping):
        raise _bad(f"the content of a {name} match is a JSON object (a {kind}), not {shown(content)}")
    limit = content_limit(name)
    try:
        text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as error:
        raise _bad(f"the {kind} is not JSON: {type(error).__name__}") from None
    what = f"the {name} {kind}"
    try:
        data = load_json(text, limit=limit, what=what, error=InvalidContentError)
        loader = importlib.import_module(f"tabletop_rules.{name}.content")
        if name == "chrononauts":
            return text, {"cards": loader.cards_from_dict(data)}
        return text, {"pack": loader.pack_from_dict(data)}
    except InvalidContentError as error:
        raise _bad(str(error)) from None
