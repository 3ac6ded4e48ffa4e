"""Command line: ``python -m tabletop_rules.valandris.solver --die adversarial --out FILE``.

Options are given as ``--option name=value`` (repeatable), for example
``--option unicorn_seal_range=adjacent``.  The tablebase is written to
``--out``; a summary (time, sweeps, value histogram) is printed as JSON.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from collections.abc import Sequence
from typing import Any

from tabletop_rules.core.errors import InvalidOptionError
from tabletop_rules.valandris.options import Options
from tabletop_rules.valandris.solver import solve

__all__ = ["main", "parse_options"]


def parse_options(pairs: Sequence[str]) -> Options:
    """Options from ``name=value`` strings (``true``/``false`` and integers are converted)."""
    data: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep:
            raise InvalidOptionError(f"--option expects name=value, not {pair!r}")
        value: Any = text
        if text.lower() in ("true", "false"):
            value = text.lower() == "true"
        elif text.lstrip("-").isdigit():
            value = int(text)
        elif text.lower() == "none":
            value = None
        data[name.strip()] = value
    return Options.from_dict(data)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tabletop_rules.valandris.solver", description=__doc__)
    parser.add_argument("--die", choices=("adversarial", "ignored", "cooperative"), default="adversarial")
    parser.add_argument("--out", required=True, help="the tablebase file to write")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument(
        "--min-seals", type=int, default=0, help="reduced seal-set family (needs --die ignored)"
    )
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    try:
        rules = parse_options(args.option)
        start = time.perf_counter()
        tablebase = solve(rules, args.die, progress=not args.no_progress, min_seals=args.min_seals)
    except (InvalidOptionError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    solved = time.perf_counter() - start
    path = tablebase.save(args.out)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux
    summary = {
        "die": args.die,
        "options": args.option,
        "file": str(path),
        "solve_seconds": round(solved, 1),
        "total_seconds": round(time.perf_counter() - start, 1),
        "peak_rss_mb": round(peak),
        "sweeps": tablebase.info.get("sweeps"),
        "histogram": {str(k): v for k, v in tablebase.histogram().items()},
    }
    print(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
