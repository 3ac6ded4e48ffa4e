"""Shared helpers for the picture tests: parse an SVG text and find its elements by class."""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    """Parse an SVG document, checking the parts every picture must have."""
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    assert len(root.get("viewBox", "").split()) == 4
    title = root.find(f"{SVG}title")
    assert title is not None
    assert title.text
    assert "sans-serif" in root.get("font-family", "")
    return root


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    """Every element whose `class` attribute contains the word `name`."""
    return [e for e in root.iter() if name in e.get("class", "").split()]


def texts(root: ET.Element) -> list[str]:
    """The content of every `<text>` element, in document order."""
    return ["".join(e.itertext()) for e in root.iter(f"{SVG}text")]
