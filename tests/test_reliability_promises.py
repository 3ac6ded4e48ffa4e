"""Every promise of `docs/reliability.md` is named by a test, and every promise a test names is on the page.

A promise is an ID `REL-<AREA>-<n>`; the page may name a run of them (`REL-MOVES-1 to REL-MOVES-4`).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "reliability.md"
ID = re.compile(r"\bREL-([A-Z]+)-([0-9]+)\b")
RUN = re.compile(r"\bREL-([A-Z]+)-([0-9]+) to REL-\1-([0-9]+)\b")


def _promised() -> set[str]:
    text = PAGE.read_text(encoding="utf-8")
    ids = {f"REL-{area}-{n}" for area, n in ID.findall(text)}
    for area, first, last in RUN.findall(text):
        ids |= {f"REL-{area}-{n}" for n in range(int(first), int(last) + 1)}
    return ids


def _named_by_tests() -> set[str]:
    named: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        if path.resolve() != Path(__file__).resolve():
            named |= {f"REL-{area}-{n}" for area, n in ID.findall(path.read_text(encoding="utf-8"))}
    return named


def test_every_promise_is_named_by_a_test() -> None:
    promised = _promised()
    assert len(promised) >= 50
    assert sorted(promised - _named_by_tests()) == []


def test_every_promise_a_test_names_is_on_the_page() -> None:
    assert sorted(_named_by_tests() - _promised()) == []
