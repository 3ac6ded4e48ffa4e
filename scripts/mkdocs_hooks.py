"""MkDocs hook: every rule clause ID in the docs links to its entry in the game's rules reference.

A clause ID such as `V-HS-3`, `C-RULING-33` or `T-SCORE-1` (written bare or as inline code) becomes a
link to `rules/<game>.md#<id in lower case>`, the anchor each entry of a rules reference page
defines. MkDocs' anchor validation (`validation.anchors` in `mkdocs.yml`) then fails the strict
build for an ID that has no entry, so a mistyped or retired clause ID cannot reach the published docs.

The API reference is rendered from docstrings after the Markdown stage, so its clause IDs are linked
in the HTML (`on_page_content`), outside links, preformatted code and headings.

Left as they are: fenced code blocks, headings, inline code that holds more than the ID, text that is
already a link or an HTML tag, and the entry itself (the ID right after its `<a id=...></a>`).
"""

from __future__ import annotations

import posixpath
import re
from typing import Any

REFERENCE = {"V": "rules/valandris.md", "C": "rules/chrononauts.md", "T": "rules/trismaugistus.md"}
"""The rules reference page of each game, by the first letter of its clause IDs."""

CLAUSE = r"[VCT]-[A-Z]+(?:-[A-Z]+)*-[0-9]+[a-z]?"
_BARE = re.compile(rf"(?<![\w/#.-])({CLAUSE})(?![\w-])")
_CODE_ID = re.compile(rf"`({CLAUSE})`")
# Pieces of a line that are never rewritten: inline code, links (text and target), HTML tags.
_PROTECTED = re.compile(r"(`+)(?:.+?)\1|\[[^\]]*\]\([^)]*\)|<[^>]+>")


def clause_anchor(clause: str) -> str:
    """The anchor of a clause's entry; a lettered item (`C-STATE-8a`) is part of its clause's entry."""
    return clause.rstrip("abcdefghijklmnopqrstuvwxyz").lower()


def clause_link(clause: str, page: str) -> str:
    """The link from the page at ``page`` (a path under `docs/`) to the entry of ``clause``."""
    target = REFERENCE[clause[0]]
    anchor = "#" + clause_anchor(clause)
    if target == page:
        return anchor
    return posixpath.relpath(target, posixpath.dirname(page) or ".") + anchor


def link_clauses(markdown: str, page: str) -> str:
    """``markdown`` with each clause ID outside code blocks, headings and links made a link."""
    out: list[str] = []
    fence = ""
    for line in markdown.split("\n"):
        stripped = line.lstrip()
        if fence:
            if stripped.startswith(fence):
                fence = ""
            out.append(line)
            continue
        if stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
            out.append(line)
            continue
        if stripped.startswith("#"):
            out.append(line)
            continue
        out.append(_link_line(line, page))
    return "\n".join(out)


def _link_line(line: str, page: str) -> str:
    pieces: list[str] = []
    position = 0
    for match in _PROTECTED.finditer(line):
        pieces.append(_link_bare(line[position : match.start()], page))
        piece = match.group(0)
        code = _CODE_ID.fullmatch(piece)
        defined_here = line[: match.start()].endswith("</a>")
        if code and not defined_here:
            piece = f"[{piece}]({clause_link(code.group(1), page)})"
        pieces.append(piece)
        position = match.end()
    pieces.append(_link_bare(line[position:], page))
    return "".join(pieces)


def _link_bare(text: str, page: str) -> str:
    return _BARE.sub(lambda match: f"[{match.group(1)}]({clause_link(match.group(1), page)})", text)


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    """MkDocs event: rewrite one page's Markdown before it is rendered."""
    return link_clauses(markdown, page.file.src_uri)


_TAG = re.compile(r"(<[^>]*>)")
_SKIPPED = re.compile(r"<(/?)(a|pre|h[1-6]|script|style|textarea)\b", re.IGNORECASE)


def link_clauses_in_html(html: str, url: str) -> str:
    """``html`` (a page served at ``url``) with the clause IDs of its text made links."""
    depth = 0
    pieces = _TAG.split(html)
    for index, piece in enumerate(pieces):
        if index % 2:  # a tag
            skipped = _SKIPPED.match(piece)
            if skipped and not piece.endswith("/>"):
                depth += -1 if skipped.group(1) else 1
                depth = max(depth, 0)
        elif depth == 0 and "-" in piece:
            pieces[index] = _BARE.sub(lambda match: _html_link(match.group(1), url), piece)
    return "".join(pieces)


def _html_link(clause: str, url: str) -> str:
    target = posixpath.splitext(REFERENCE[clause[0]])[0] + "/"
    here = url if url.endswith("/") else posixpath.dirname(url) + "/"
    href = posixpath.relpath(target, here.rstrip("/") or ".") + "/#" + clause_anchor(clause)
    return f'<a href="{href}">{clause}</a>'


def on_page_content(html: str, page: Any, **_: Any) -> str:
    """MkDocs event: link the clause IDs of the API reference, rendered from docstrings."""
    if not page.file.src_uri.startswith("api/"):
        return html
    return link_clauses_in_html(html, page.url)
