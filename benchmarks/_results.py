"""What every benchmark that writes results records: the machine, and the JSON and Markdown files."""

from __future__ import annotations

import json
import os
import platform
from pathlib import Path
from typing import Any


def machine(load_before: tuple[float, float, float], **versions: str) -> dict[str, Any]:
    """The machine and the load average before and now, with the versions of the libraries measured."""
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "system": f"{platform.system()} {platform.release()}",
        "cpus": os.cpu_count() or 0,
        "load_before": list(load_before),
        "load_after": list(os.getloadavg()),
        **versions,
    }


def write(out: Path, stem: str, payload: dict[str, Any], markdown: str) -> None:
    """Write `payload` to ``out/<stem>.json`` and `markdown` to ``out/<stem>.md``, and say so."""
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{stem}.json").write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    (out / f"{stem}.md").write_text(markdown, encoding="utf-8")
    print(f"wrote {out / (stem + '.json')} and {out / (stem + '.md')}")
