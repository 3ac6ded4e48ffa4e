"""Command line: ``python -m tabletop_rules.valandris.solver --die adversarial --out FILE``.

Options are given as ``--option name=value`` (repeatable), for example
``--option unicorn_seal_range=adjacent``.  The tablebase is written to
``--out``; a summary (time, sweeps, value histogram) is printed as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from tabletop_rules.core.errors import InvalidOptionError, TabletopRulesError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.valandris.options import Options
from tabletop_rules.valandris.solver import solve

__all__ = ["main", "parse_options"]

_MAX_PAIR: Final = 200
_INTEGER: Final = re.compile(r"-?[0-9]{1,9}")


def parse_options(pairs: Sequence[str]) -> Options:
    """Options from ASCII ``name=value`` strings (``true``/``false``, ``none`` and integers are converted).

    Raises:
        InvalidOptionError: on a pair without ``=``, non-ASCII text, a name given
            twice, or options that `Options.from_dict` refuses.
    """
    data: dict[str, Any] = {}
    for pair in pairs:
        if type(pair) is not str or len(pair) > _MAX_PAIR or not pair.isascii():
            raise InvalidOptionError(f"--option expects a short ASCII name=value, not {brief(pair)}")
        name, sep, text = pair.partition("=")
        name = name.strip()
        if not sep:
            raise InvalidOptionError(f"--option expects name=value, not {brief(pair)}")
        if name in data:
            raise InvalidOptionError(f"--option {name} is given twice")
        value: Any = text
        if text.lower() in ("true", "false"):
            value = text.lower() == "true"
        elif _INTEGER.fullmatch(text):
            value = int(text)
        elif text.lower() == "none":
            value = None
        data[name] = value
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
    folder = Path(args.out).parent
    if not folder.is_dir() or not os.access(folder, os.W_OK):  # checked before a solve of minutes
        print(
            f"error: cannot write {brief(args.out)}: {brief(str(folder))} is not a writable folder",
            file=sys.stderr,
        )
        return 2
    try:
        rules = parse_options(args.option)
        start = time.perf_counter()
        tablebase = solve(rules, args.die, progress=not args.no_progress, min_seals=args.min_seals)
        solved = time.perf_counter() - start
        path = tablebase.save(args.out)
    except TabletopRulesError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
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
