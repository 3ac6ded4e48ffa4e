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
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tabletop_rules.core import random_playout, record_playout, state_hash
from tabletop_rules.testing.configs import all_configs

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"

# (configuration label in tabletop_rules.testing.configs, file stem, seed)
CASES: list[tuple[str, str, int]] = [
    ("Valandris", "seed_1", 1),
    ("Valandris", "seed_2", 2),
    ("Valandris, every alternative ruling", "alternatives_seed_3", 3),
    ("Trismaugistus d1", "d1_seed_1", 1),
    ("Trismaugistus d2, objectives", "d2_objectives_seed_2", 2),
    ("Trismaugistus d3", "d3_seed_3", 3),
    ("Chrononauts 2p", "2p_seed_1", 1),
    ("Chrononauts 4p", "4p_seed_2", 2),
    ("Chrononauts 6p", "6p_seed_3", 3),
]


def golden(module_name: str, seed: int, start: Callable[[Any], Any]) -> dict[str, Any]:
    game = importlib.import_module(f"tabletop_rules.{module_name}")
    playout = random_playout(game, seed, initial=start(game))
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
    configs = {label: (module_name, start) for label, module_name, start in all_configs()}
    for label, stem, seed in CASES:
        if label not in configs:
            continue
        module_name, start = configs[label]
        if args.game and module_name != args.game:
            continue
        path = GOLDEN / module_name / f"{stem}.json"
        text = json.dumps(golden(module_name, seed, start), indent=1, sort_keys=True) + "\n"
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
