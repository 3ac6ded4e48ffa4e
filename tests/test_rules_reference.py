"""The rules reference pages (`docs/rules/<game>.md`) cover every clause ID the project cites.

Clause IDs appear in tests, rule traces, error messages, docstrings and the docs; each must have an
entry (an `<a id>` anchor) in its game's reference page, which the documentation links every ID to
(`scripts/mkdocs_hooks.py`).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import mkdocs_hooks  # noqa: E402  (a script, not a package)

GAMES = {"V": "valandris", "C": "chrononauts", "T": "trismaugistus"}
CITED = re.compile(rf"(?<![\w/#.-])({mkdocs_hooks.CLAUSE})(?![\w-])")
ENTRY = re.compile(r'<a id="([a-z0-9-]+)"></a>`([A-Z0-9-]+)`')


def _entries(game: str) -> list[tuple[str, str]]:
    return ENTRY.findall((ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8"))


def _cited() -> dict[str, set[str]]:
    """Every clause ID cited in the sources, the tests, the docs and the README, with where."""
    files = [
        *ROOT.joinpath("src").rglob("*.py"),
        *ROOT.joinpath("src").rglob("*.json"),
        *ROOT.joinpath("tests").rglob("*.py"),
        *ROOT.joinpath("docs").glob("*.md"),
        ROOT / "README.md",
    ]
    cited: dict[str, set[str]] = {}
    for path in files:
        for clause in CITED.findall(path.read_text(encoding="utf-8", errors="replace")):
            cited.setdefault(clause, set()).add(str(path.relative_to(ROOT)))
    return cited


@pytest.mark.parametrize("game", GAMES.values())
def test_each_entry_has_its_own_anchor(game: str) -> None:
    entries = _entries(game)
    assert len(entries) > 50
    assert all(anchor == clause.lower() for anchor, clause in entries)
    assert len({anchor for anchor, _ in entries}) == len(entries), "a clause has two entries"


def test_every_cited_clause_has_an_entry() -> None:
    defined = {anchor for game in GAMES.values() for anchor, _ in _entries(game)}
    missing = {
        clause: sorted(where)
        for clause, where in _cited().items()
        if mkdocs_hooks.clause_anchor(clause) not in defined
    }
    assert not missing, f"clause IDs with no entry in docs/rules/: {missing}"


def test_clause_ids_in_the_docs_become_links() -> None:
    text = "See `V-HS-3`, C-STATE-8a and `check_move(T-SCORE-1)`; [V-HS-1](#x).\n```\nV-HS-2\n```"
    assert mkdocs_hooks.link_clauses(text, "solo-game.md") == (
        "See [`V-HS-3`](rules/valandris.md#v-hs-3), [C-STATE-8a](rules/chrononauts.md#c-state-8) and "
        "`check_move(T-SCORE-1)`; [V-HS-1](#x).\n```\nV-HS-2\n```"
    )
    entry = '| <a id="t-act-3"></a>`T-ACT-3` | as T-ACT-2 |'
    assert mkdocs_hooks.link_clauses(entry, "rules/trismaugistus.md") == (
        '| <a id="t-act-3"></a>`T-ACT-3` | as [T-ACT-2](#t-act-2) |'
    )


def test_clause_ids_in_the_api_reference_become_links() -> None:
    html = "<p>V-RULING-4. If <code>T-ACT-3</code>, <a href=x>V-HS-1</a></p><pre>V-HS-2</pre>"
    assert mkdocs_hooks.link_clauses_in_html(html, "api/valandris/") == (
        '<p><a href="../../rules/valandris/#v-ruling-4">V-RULING-4</a>. If '
        '<code><a href="../../rules/trismaugistus/#t-act-3">T-ACT-3</a></code>, '
        "<a href=x>V-HS-1</a></p><pre>V-HS-2</pre>"
    )
