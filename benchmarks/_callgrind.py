"""Instruction counts of a benchmark's loops, from one run of the benchmark under callgrind.

A benchmark run with ``--child LABEL --games N`` plays each of its loops once, calling ``os.getppid()``
before each loop as a marker, and prints a JSON report as its last line. Under
``valgrind --tool=callgrind --dump-before=os_getppid`` each marker starts a new dump, so dump 1 is the
start-up and the untimed pass and the next dumps are the loops, in the report's order. Instruction
counts do not depend on the machine's load.
"""

from __future__ import annotations

import glob
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any


def loop_instructions(script: str, label: str, games: int) -> tuple[dict[str, Any], dict[str, int]]:
    """The child's JSON report and the instructions of each loop it names in ``report["loops"]``."""
    with tempfile.TemporaryDirectory() as folder:
        command = [
            "valgrind",
            "--tool=callgrind",
            "--dump-before=os_getppid",
            f"--callgrind-out-file={folder}/cg.out",
            sys.executable,
            script,
            "--child",
            label,
            "--games",
            str(games),
        ]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"callgrind failed for {label}:\n{done.stderr[-2000:]}")
        report = json.loads(done.stdout.strip().splitlines()[-1])
        dumps = sorted(glob.glob(f"{folder}/cg.out.*"), key=lambda p: int(p.rsplit(".", 1)[1]))
        totals = []
        for dump in dumps:
            found = re.search(r"^summary: (\d+)", Path(dump).read_text(), re.MULTILINE)
            if found is None:
                raise SystemExit(f"callgrind dump {dump} has no summary line")
            totals.append(int(found.group(1)))
    loops = report["loops"]
    return report, dict(zip(loops, totals[1 : 1 + len(loops)], strict=True))
