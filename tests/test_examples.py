"""Every example script and the demo run (small sizes)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))
SMALL = {
    "simulate_valandris.py": ["--games", "6", "--workers", "1"],
    "openspiel_mcts_valandris.py": [
        "--games",
        "1",
        "--simulations",
        "8",
        "--max-turns",
        "4",
        "--baseline-games",
        "3",
    ],
    "rl_learn_valandris.py": ["--quick"],
}


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(script):
    command = [sys.executable, str(script), *SMALL.get(script.name, [])]
    # no terminal on standard input: an interactive example (the Trismaugistus companion) reads none
    result = subprocess.run(
        command, capture_output=True, text=True, timeout=300, check=False, stdin=subprocess.DEVNULL
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


def test_demo_runs_and_is_reproducible():
    command = [sys.executable, "-m", "tabletop_rules.demo", "--games", "1", "--seed", "5"]
    first = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True)
    second = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True)
    assert first.stdout == second.stdout
    assert "Valandris" in first.stdout
