"""The shared SVG writer: escaping, numbers, attribute names and the document."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError
from tabletop_rules.core.svg import SvgDocument, attributes_text, escape, number

from .svg_helpers import SVG, by_class, parse, texts

ODD = "<b>&amp; \"quoted\" 'single' \x00\x07\x1b\ud800 \ufffe tab\there \u2605 Ünïcode"


def test_escape_gives_well_formed_xml_for_any_text() -> None:
    doc = SvgDocument(100, 50, title=ODD, description=ODD)
    doc.text(ODD, x=1, y=2, class_="odd", data_label=ODD)
    root = parse(doc.to_string())
    (node,) = by_class(root, "odd")
    shown = "".join(node.itertext())
    assert shown.startswith("<b>&amp; \"quoted\" 'single' ")
    assert "\u2605 Ünïcode" in shown
    assert "\x00" not in shown
    assert "\ud800" not in shown
    assert node.get("data-label") == shown
    title = root.find(f"{SVG}title")
    assert title is not None
    assert title.text == shown


def test_escape_replaces_characters_xml_forbids() -> None:
    assert escape("a\x00b") == "a\ufffdb"
    assert escape("<&>\"'") == "&lt;&amp;&gt;&quot;&#39;"
    assert escape("\t\n\r") == "&#9;&#10;&#13;"


@pytest.mark.parametrize(
    ("value", "text"),
    [(0, "0"), (12, "12"), (1.5, "1.5"), (1.0, "1"), (2.345678, "2.35"), (-0.001, "0"), (-3.25, "-3.25")],
)
def test_numbers_are_short_and_deterministic(value: float, text: str) -> None:
    assert number(value) == text


def test_numbers_must_be_finite() -> None:
    with pytest.raises(ValueError, match="finite"):
        number(float("nan"))


def test_attribute_names_and_order() -> None:
    text = attributes_text(
        {"class_": "a b", "stroke_width": 2, "skip": None, "xlink__href": "#x", "viewBox": "0"}
    )
    assert text == ' class="a b" stroke-width="2" xlink:href="#x" viewBox="0"'
    with pytest.raises(InvalidOptionError, match="not True"):
        attributes_text({"flag": True})


def test_document_size_groups_and_late_height() -> None:
    doc = SvgDocument(200, 100, title="t", pixel_width=400)
    with doc.group(class_="outer"), doc.group(class_="inner"):
        doc.element("circle", cx=1, cy=2, r=3)
    doc.height = 150
    root = ET.fromstring(doc.to_string())
    assert root.get("viewBox") == "0 0 200 150"
    assert (root.get("width"), root.get("height")) == ("400", "300")
    (outer,) = by_class(root, "outer")
    assert [child.get("class") for child in outer] == ["inner"]
    assert texts(root) == []


def test_unclosed_group_and_bad_size_are_refused() -> None:
    doc = SvgDocument(10, 10, title="t")
    context = doc.group()
    context.__enter__()
    with pytest.raises(ValueError, match="still open"):
        doc.to_string()
    with pytest.raises(ValueError, match="positive"):
        SvgDocument(0, 10, title="t")


def test_states_show_as_pictures_in_notebooks() -> None:
    import xml.etree.ElementTree as ET

    from tabletop_rules import chrononauts, valandris
    from tabletop_rules.core.svg import render_state

    for game in (valandris, chrononauts):
        state = game.new_game()
        picture = state._repr_svg_()
        assert picture == game.render_svg(state) == render_state(state)
        assert ET.fromstring(picture).tag.endswith("svg")
    with pytest.raises(InvalidStateError, match="no picture"):
        render_state(object())
