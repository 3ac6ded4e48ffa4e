"""Golden playthroughs: every recorded game replays to exactly the recorded states."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from tabletop_rules.core import replay, state_hash
from tabletop_rules.testing import finished_playout

GOLDEN = Path(__file__).resolve().parent / "golden"
FILES = sorted(GOLDEN.glob("*/*.json"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden_playthrough(path):
    record = json.loads(path.read_text(encoding="utf-8"))
    game = importlib.import_module(f"tabletop_rules.{path.parent.name}")
    states = replay(game, record)
    assert [state_hash(game, s) for s in states] == record["states_sha256"]
    # the same seed still produces the same game through the seeded sampler
    again = finished_playout(game, record["seed"], initial=states[0])
    assert [game.move_to_str(s, m) for s, m in zip(states[:-1], again.moves, strict=True)] == record["moves"]


def test_there_are_golden_files():
    assert FILES
