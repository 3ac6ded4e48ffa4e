"""Write golden playthroughs: full seeded games with the hash of every state's JSON.

Usage: ``python scripts/make_golden.py [--game valandris] [--check]``

Each file under ``tests/golden/<game>/`` is a game record (see
``tabletop_rules.core.records``) plus ``states_sha256``, one hash per state.
``tests/test_golden.py`` replays every file and compares every hash, so any
change of behaviour shows up as a failing test and a diff here.  Regenerate the
files only for an intended rule change (and bump the game's behaviour version).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path
from typing import Any

from tabletop_rules.core import random_playout, record_playout, state_hash

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"

# (game module, file stem, seed, new_game options factory, new_game keyword arguments)
CASES: list[tuple[str, str, int, Any, dict[str, Any]]] = [
    ("valandris", "seed_1", 1, None, {}),
    ("valandris", "seed_2", 2, None, {}),
    (
        "valandris",
        "variant_seed_3",
        3,
        lambda m: m.Rules(
            crossing_bonus_steps=2,
            allow_declare_none=True,
            demon_may_pass_through_creatures=True,
            max_turns=40,
        ),
        {},
    ),
]


def golden(module_name: str, seed: int, options: Any, setup: dict[str, Any]) -> dict[str, Any]:
    game = importlib.import_module(f"tabletop_rules.{module_name}")
    initial = game.new_game(options(game) if options else None, **setup)
    playout = random_playout(game, seed, initial=initial)
    record = record_playout(game, playout)
    record["states_sha256"] = [state_hash(game, s) for s in playout.states(game)]
    return record


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="only this game")
    parser.add_argument(
        "--check", action="store_true", help="compare instead of writing; exit 1 on a difference"
    )
    args = parser.parse_args()
    different = 0
    for module_name, stem, seed, options, setup in CASES:
        if args.game and module_name != args.game:
            continue
        path = GOLDEN / module_name / f"{stem}.json"
        text = json.dumps(golden(module_name, seed, options, setup), indent=1, sort_keys=True) + "\n"
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                print(f"differs: {path}")
                different += 1
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    return 1 if different else 0


if __name__ == "__main__":
    sys.exit(main())
