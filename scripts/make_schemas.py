"""Write every game's JSON Schemas as package data, from the code that describes the JSON.

Usage: ``python scripts/make_schemas.py [--game valandris] [--check]``

For each game, `<game>.schemas.build_schemas()` builds the schemas of the state, a move, a view
and a game record, and `build_content_schemas()` (where there is one) that of its content: the
Chrononauts card list (``cards.json``), the Trismaugistus pack (``pack.json``); this script
writes them to ``src/tabletop_rules/<game>/schemas/<kind>.json``
(two-space indented JSON, `core.wire.schema_text`). Run it after changing a move record, the
state JSON or a view; ``--check`` only compares, and fails if a shipped file is out of date
(``tests/wire/test_schemas.py`` makes the same check).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

from tabletop_rules.core.wire import schema_text

SRC = Path(__file__).resolve().parent.parent / "src" / "tabletop_rules"
GAMES = ("valandris", "chrononauts", "trismaugistus")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, action="append", help="only this game (repeatable)")
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 if a file differs")
    args = parser.parse_args(argv)
    stale = []
    for game in args.game or GAMES:
        module = importlib.import_module(f"tabletop_rules.{game}.schemas")
        schemas = {**module.build_schemas(), **getattr(module, "build_content_schemas", dict)()}
        folder = SRC / game / "schemas"
        for kind, document in schemas.items():
            path = folder / f"{kind}.json"
            text = schema_text(document)
            if path.exists() and path.read_text(encoding="utf-8") == text:
                continue
            stale.append(path)
            if not args.check:
                folder.mkdir(exist_ok=True)
                path.write_text(text, encoding="utf-8")
    verb = "out of date" if args.check else "written"
    for path in stale:
        print(f"{verb}: {path.relative_to(SRC.parent.parent)}")
    if not stale:
        print("every schema is up to date")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
