"""Pure against compiled build: paired random-playout speed, per game configuration.

Usage::

    python benchmarks/compiled_speed.py COMPILED_PYTHON [--pure-python PYTHON] [--seconds 3] [--rounds 5]

``COMPILED_PYTHON`` is an interpreter that imports the mypyc-compiled build (for example the temporary
venv of ``scripts/compiled_check.py``, or a venv where ``TABLETOP_RULES_COMPILE=1 pip install .`` ran);
``--pure-python`` one that imports the pure source (default: this interpreter).  For every configuration
of the speed table, each round runs `benchmarks/playouts.py`'s ``measure`` loop once in a fresh process of
each build, alternating which goes first, with the same seeds; the median over the rounds of the paired
ratio compiled / pure moves/s is reported, so machine load that lasts longer than a run affects both sides.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

CHILD = r"""
import importlib, json, sys
sys.path.insert(0, sys.argv[1])
import playouts
import tabletop_rules
from tabletop_rules.testing.configs import speed_configs

label, seconds, seed = sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
for name, module_name, start in speed_configs():
    if name == label:
        game = importlib.import_module(f"tabletop_rules.{module_name}")
        playouts.measure(game, start, min(seconds, 0.5), seed=seed + 10**8)  # warm-up: imports, caches
        result = playouts.measure(game, start, seconds, seed=seed)
        print(json.dumps({"compiled": tabletop_rules.COMPILED, **result}))
"""


def one_run(python: str, label: str, seconds: float, seed: int) -> dict[str, float]:
    """One timed run of ``label`` in a new process of ``python``."""
    done = subprocess.run([python, "-c", CHILD, str(HERE), label, str(seconds), str(seed)],
                          check=True, text=True, capture_output=True, cwd=HERE)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("compiled_python", help="an interpreter importing the compiled build")
    parser.add_argument("--pure-python", default=sys.executable, help="an interpreter importing the pure one")
    parser.add_argument("--seconds", type=float, default=3.0, help="wall time of one run")
    parser.add_argument("--rounds", type=int, default=5, help="paired runs per configuration")
    parser.add_argument("--only", help="only configurations whose label contains this text")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE.parent / "src"))
    from tabletop_rules.testing.configs import speed_configs

    print("| configuration | pure moves/s | compiled moves/s | compiled / pure (median of paired runs) |")
    print("|---|---:|---:|---:|")
    for label, _module, _start in speed_configs():
        if args.only and args.only.lower() not in label.lower():
            continue
        pure: list[float] = []
        compiled: list[float] = []
        for k in range(args.rounds):
            seed = 1_000_000 * (k + 1)
            order = [(args.pure_python, pure, False), (args.compiled_python, compiled, True)]
            for python, sink, want in order if k % 2 == 0 else order[::-1]:
                result = one_run(python, label, args.seconds, seed)
                if result["compiled"] != want:
                    raise SystemExit(f"{python} imports the {'compiled' if result['compiled'] else 'pure'} "
                                     "build, not the one expected")
                sink.append(result["moves_per_s"])
        ratios = [c / p for p, c in zip(pure, compiled, strict=True)]
        print(f"| {label} | {statistics.median(pure):,.0f} | {statistics.median(compiled):,.0f} | "
              f"{statistics.median(ratios):.2f}x (runs {min(ratios):.2f}-{max(ratios):.2f}) |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
