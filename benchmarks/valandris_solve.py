"""The full Valandris solve: time, peak memory, the answers, and the independent check.

Usage (from the repository root)::

    .venv/bin/python benchmarks/valandris_solve.py --die adversarial --die ignored --die cooperative \\
        --dir /tmp/valandris-tb --check 1000

    .venv/bin/python benchmarks/valandris_solve.py --die ignored --option unicorn_seal_range=adjacent

Each solve runs ``python -m tabletop_rules.valandris.solver`` in a child
process, whose wall time and peak resident memory (from ``wait4``) are
reported.  Then the tablebase is loaded (timed, checksum verified), its
statistics are computed, and `tabletop_rules.valandris.solver.checker`
compares it with direct search, Bellman recomputation and symmetry on
sampled states.  ``--skip-solve`` reuses existing files.  Results go to
``DIR/<name>.json`` and a summary table is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tabletop_rules.valandris.board import NAMES
from tabletop_rules.valandris.solver import Tablebase
from tabletop_rules.valandris.solver.__main__ import parse_options
from tabletop_rules.valandris.solver.checker import long_positions, perfect_playout, run_checks


def solve_in_child(die: str, options: list[str], out: Path) -> dict[str, Any]:
    command = [sys.executable, "-m", "tabletop_rules.valandris.solver", "--die", die, "--out", str(out)]
    for option in options:
        command += ["--option", option]
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    assert child.stdout is not None
    summary = json.loads(child.stdout.read() or b"{}")
    if status != 0:
        raise SystemExit(f"solve failed: {' '.join(command)}")
    return {
        "command": " ".join(["python", *command[1:]]),
        "wall_seconds": round(seconds, 1),
        "peak_rss_mb": round(usage.ru_maxrss / 1024),
        "cpu_seconds": round(usage.ru_utime + usage.ru_stime, 1),
        "sweeps": summary.get("sweeps"),
    }


def describe_position(state: Any) -> str:
    lev, uni, arc = (NAMES[v] for v in state.creatures)
    seals = ",".join(NAMES[v] for v in sorted(state.seals)) or "none"
    return (
        f"L={lev} U={uni} A={arc} V={NAMES[state.demon]} seals={seals} declared={state.declared.name.lower()}"
    )


def statistics(tablebase: Tablebase, seed: int) -> dict[str, Any]:
    histogram = tablebase.histogram()
    total = sum(histogram.values())
    finite = {k: v for k, v in histogram.items() if k is not None}
    longest = max(finite)
    rng = random.Random(seed)
    example = next(long_positions(tablebase, rng, 1, longest))
    played = perfect_playout(tablebase, example, rng)
    setup = tablebase.setup_answer()
    return {
        "turn_start_states": total,
        "forced_share": sum(finite.values()) / total,
        "immediate_share": finite.get(1, 0) / total,
        "never_share": histogram.get(None, 0) / total,
        "longest": longest,
        "longest_example": describe_position(example),
        "longest_example_played_capture_turn": played.score if played.captured else None,
        "histogram": {str(k): v for k, v in sorted(histogram.items(), key=lambda kv: (kv[0] is None, kv[0]))},
        "setup": {
            "value": setup.value,
            "leviathan": NAMES[setup.leviathan],
            "unicorn": NAMES[setup.unicorn],
            "archangel": NAMES[setup.archangel],
            "seals": [NAMES[v] for v in setup.seals],
            "declared": None if setup.declared is None else setup.declared.name.lower(),
            "valandris": NAMES[setup.valandris],
            "safe_placements": setup.safe_placements,
            "placements": setup.placements,
        },
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--die", action="append", choices=("adversarial", "ignored", "cooperative"))
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--dir", default="/tmp/valandris-tb")
    parser.add_argument("--check", type=int, default=1000, help="sampled states for the Bellman check")
    parser.add_argument("--search", type=int, default=200, help="sampled states for the direct search")
    parser.add_argument("--search-depth", type=int, default=1, help="turns searched (2: seconds a state)")
    parser.add_argument("--skip-solve", action="store_true")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    parse_options(args.option)  # fail early on a bad option
    folder = Path(args.dir)
    folder.mkdir(parents=True, exist_ok=True)
    rows = []
    for die in args.die or ["adversarial"]:
        tag = "-".join([die, *(o.replace("=", "-") for o in args.option)])
        out = folder / f"valandris-{tag}.vtb"
        result: dict[str, Any] = {"die": die, "options": args.option, "file": str(out)}
        if not args.skip_solve:
            result["solve"] = solve_in_child(die, args.option, out)
        start = time.perf_counter()
        tablebase = Tablebase.load(out, verify=True)
        result["load_seconds_verified"] = round(time.perf_counter() - start, 2)
        start = time.perf_counter()
        Tablebase.load(out, verify=False)
        result["load_seconds_mmap"] = round(time.perf_counter() - start, 3)
        result["file_mb"] = round(out.stat().st_size / 2**20)
        result["stats"] = statistics(tablebase, args.seed)
        start = time.perf_counter()
        report = run_checks(
            tablebase,
            args.seed,
            search=args.search,
            search_depth=args.search_depth,
            bellman=args.check,
            long=max(1, args.check // 10),
            long_minimum=max(2, result["stats"]["longest"] - 3),
        )
        result["check"] = {
            "search": [report.search_agree, report.searched],
            "bellman": [report.bellman_agree, report.bellman],
            "symmetry": [report.symmetric_agree, report.symmetric],
            "failures": report.failures[:20],
            "seconds": round(time.perf_counter() - start, 1),
        }
        (folder / f"valandris-{tag}.json").write_text(json.dumps(result, indent=1))
        rows.append(result)
        print(json.dumps(result, indent=1), flush=True)
    print("\n| die | options | forced | immediate | longest | setup value | solve s | peak MB | check |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        s, c = r["stats"], r["check"]
        solve = r.get("solve", {})
        print(
            f"| {r['die']} | {' '.join(r['options']) or 'defaults'} | {s['forced_share']:.2%} | "
            f"{s['immediate_share']:.2%} | {s['longest']} | {s['setup']['value']} | "
            f"{solve.get('wall_seconds', '-')} | {solve.get('peak_rss_mb', '-')} | "
            f"{c['bellman'][0]}/{c['bellman'][1]} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
