"""A match's content as JSON for a client: the ids a view names, with their kind and readable name.

A view names cards, pack records and board vertices by id (`"P-1929"`, `"FX-E03"`, `"E5"`); a
client that wants to show "Patch 1929" or draw the board fetches the content once per match:

```json
{"game": "chrononauts", "items": [{"id": "P-1929", "kind": "patch", "name": "..."}, ...], "data": {...}}
```

`items` lists every id with its kind and name; `data` is the whole content in the game's own
format (Valandris: the board's vertices and edges; Chrononauts: the card list, as
`content.cards_to_dict` writes it; Trismaugistus: the pack, as `pack_to_dict` writes it). Nothing
in it is hidden information: it is the box's contents, the same for every seat. A match made with
its own content (`new_match(..., content=...)`) serves that content here.
"""

from __future__ import annotations

from typing import Any, Final

from tabletop_rules.match.record import Match

__all__ = ["by_game", "content", "content_defs", "content_schema"]

_CHRONONAUTS_KINDS: Final = {
    "Linchpin": "linchpin",
    "Ripplepoint": "ripplepoint",
    "PatchCard": "patch",
    "InverterCard": "inverter",
    "ActionCard": "action",
    "ArtifactCard": "artifact",
    "Mission": "mission",
    "Identity": "identity",
}


def content(match: Match) -> dict[str, Any]:
    """The content of `match`'s game as JSON (schema: `json_schema("content")`): `game`, `items`, `data`.

    A game outside the library gives `items` and `data` empty.
    """
    name = match.game.GAME_INFO.name
    builder = {"valandris": _valandris, "chrononauts": _chrononauts, "trismaugistus": _trismaugistus}.get(
        name
    )
    items, data = builder(match.state) if builder is not None else ([], {})
    return {"game": name, "items": items, "data": data}


def _valandris(state: Any) -> tuple[list[dict[str, str]], dict[str, Any]]:
    from tabletop_rules.valandris.board import ADJACENT, NAMES, WORLD, World

    worlds = [World(w).name.lower() for w in WORLD]
    items = [{"id": n, "kind": "vertex", "name": f"{n} ({w})"} for n, w in zip(NAMES, worlds, strict=True)]
    edges = [[NAMES[u], NAMES[v]] for u, row in enumerate(ADJACENT) for v in row if u < v]
    return items, {
        "vertices": [{"name": n, "world": w} for n, w in zip(NAMES, worlds, strict=True)],
        "edges": edges,
    }


def _chrononauts(state: Any) -> tuple[list[dict[str, str]], dict[str, Any]]:
    from tabletop_rules.chrononauts.content import cards_to_dict

    cards = state.cards
    items = [
        {
            "id": card_id,
            "kind": _CHRONONAUTS_KINDS.get(type(record).__name__, "card"),
            "name": cards.name(card_id),
        }
        for card_id, record in cards.by_id.items()
    ]
    return items, cards_to_dict(cards)


def _trismaugistus(state: Any) -> tuple[list[dict[str, str]], dict[str, Any]]:
    from tabletop_rules.trismaugistus.content.records import pack_to_dict

    pack = state.pack
    items = [
        *({"id": c.id, "kind": "automa_card", "name": c.id} for c in pack.automa_cards),
        *({"id": e.id, "kind": "experiment", "name": e.id} for e in pack.experiments),
        *({"id": m.id, "kind": "masterpiece", "name": m.id} for m in pack.masterpieces),
        *({"id": a.id, "kind": "artifact", "name": a.id} for a in pack.artifacts),
        *({"id": o.id, "kind": "objective", "name": o.title} for o in pack.objectives),
    ]
    return items, pack_to_dict(pack)


def content_defs() -> dict[str, Any]:
    """The schemas of each game's content (`$defs` of the content and match schemas): the Valandris
    board, the Chrononauts card list (`chrononauts.schemas.cards_schema`) and the Trismaugistus pack
    (`trismaugistus.schemas.pack_schema`), built from the loaders."""
    from tabletop_rules.chrononauts.schemas import cards_schema
    from tabletop_rules.trismaugistus.schemas import pack_schema
    from tabletop_rules.valandris.board import NAMES, WORLD, World

    vertex = {"enum": list(NAMES)}
    worlds = sorted({World(w).name.lower() for w in WORLD})
    board = {
        "type": "object",
        "properties": {
            "vertices": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"name": vertex, "world": {"enum": worlds}},
                    "required": ["name", "world"],
                    "additionalProperties": False,
                },
                "minItems": len(NAMES),
                "maxItems": len(NAMES),
            },
            "edges": {
                "type": "array",
                "items": {"type": "array", "prefixItems": [vertex, vertex], "items": False, "minItems": 2},
            },
        },
        "required": ["vertices", "edges"],
        "additionalProperties": False,
    }
    return {"valandris": board, "chrononauts": cards_schema(), "trismaugistus": pack_schema()}


def by_game(field: str, games: tuple[str, ...]) -> list[dict[str, Any]]:
    """`if game is G then field is #/$defs/G` for each of `games` (a list for `allOf`)."""
    return [
        {
            "if": {"properties": {"game": {"const": g}}},
            "then": {"properties": {field: {"$ref": f"#/$defs/{g}"}}},
        }
        for g in games
    ]


def content_schema() -> dict[str, Any]:
    """The JSON Schema of `content` (not the top-level document).

    `data` is the game's content in its own format: its schema is the game's (`$defs`), and its
    loader (`cards_from_dict`, `pack_from_dict`) makes the cross-record checks a schema cannot.
    """
    item = {
        "type": "object",
        "properties": {
            "id": {"type": "string", "minLength": 1, "maxLength": 200},
            "kind": {
                "enum": [
                    "vertex",
                    *_CHRONONAUTS_KINDS.values(),
                    "card",
                    "automa_card",
                    "experiment",
                    "masterpiece",
                    "objective",
                ]
            },
            "name": {"type": "string"},
        },
        "required": ["id", "kind", "name"],
        "additionalProperties": False,
    }
    defs = content_defs()
    return {
        "$defs": defs,
        "type": "object",
        "properties": {
            "game": {"type": "string"},
            "items": {"type": "array", "items": item},
            "data": {"type": "object"},
        },
        "required": ["game", "items", "data"],
        "additionalProperties": False,
        "allOf": by_game("data", tuple(defs)),
    }
