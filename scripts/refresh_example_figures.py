"""Run the documented example commands and keep what they print, for the docs to include as it is.

The docs quote the output of the examples (scores, rates, intervals, seconds) by including the
files this script writes under `docs/figures/` (MkDocs' `pymdownx.snippets`:
`--8<-- "docs/figures/<name>.txt"`), never by copying numbers by hand. Each example prints its own
command line first and its elapsed time last, so a figures file says which command made it and how
long it took on the machine that ran it. `tests/test_example_figures.py` checks that every file
below exists, starts with its command, is included by its page, and that the numbers the page's
prose quotes next to it are in it.

Usage (from the project's root; each run takes minutes of CPU: run it on a quiet machine)::

    .venv/bin/python scripts/refresh_example_figures.py                 # every figures file
    .venv/bin/python scripts/refresh_example_figures.py rl_learn_valandris
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
FIGURES_DIR: Final = "docs/figures"

FIGURES: Final[dict[str, tuple[str, ...]]] = {
    "rl_learn_valandris": (
        "examples/rl_learn_valandris.py",
        "--curve",
        "docs/figures/learning-curve.jsonl",
        "--plot",
        "docs/images/learning-curve.png",
    ),
    "rl_learn_valandris_self_play": ("examples/rl_learn_valandris.py", "--self-play"),
    "openspiel_mcts_valandris": ("examples/openspiel_mcts_valandris.py",),
}
"""Each figures file (``docs/figures/<name>.txt``) and the command (run from the root) that prints it."""

PAGES: Final[dict[str, str]] = {
    "rl_learn_valandris": "docs/reinforcement-learning.md",
    "rl_learn_valandris_self_play": "docs/reinforcement-learning.md",
    "openspiel_mcts_valandris": "docs/agents.md",
}
"""The page that includes each figures file."""


def command_line(name: str) -> str:
    """The line an example prints first: ``$ python <script> <arguments>``."""
    return "$ python " + " ".join(FIGURES[name])


def refresh(name: str) -> Path:
    """Run the command of ``name`` and write what it prints to its figures file."""
    target = ROOT / FIGURES_DIR / f"{name}.txt"
    target.parent.mkdir(parents=True, exist_ok=True)
    result = subprocess.run(
        [sys.executable, *FIGURES[name]], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise SystemExit(f"{command_line(name)} failed:\n{result.stderr}")
    if not result.stdout.startswith(command_line(name) + "\n"):
        raise SystemExit(f"{name}: the output does not start with {command_line(name)!r}")
    target.write_text(result.stdout, encoding="utf-8")
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help=f"of {', '.join(FIGURES)} (default: all)")
    args = parser.parse_args()
    unknown = [name for name in args.names if name not in FIGURES]
    if unknown:
        parser.error(f"no figures named {', '.join(unknown)}")
    for name in args.names or FIGURES:
        print(f"{command_line(name)}  ->  {refresh(name).relative_to(ROOT)}", flush=True)


if __name__ == "__main__":
    main()
