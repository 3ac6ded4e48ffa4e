"""The docs page stays in step with the data: provenance tables and the TimeLine picture."""

from __future__ import annotations

import importlib.util
import pathlib

from tabletop_rules.chrononauts.content import default_cards, provenance_markdown

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_docs_provenance_table_is_generated_from_the_data():  # C-DATA-5, C-DOC-3
    page = (ROOT / "docs" / "chrononauts.md").read_text(encoding="utf-8")
    assert provenance_markdown(default_cards()) in page


def test_timeline_picture_is_generated_from_the_data():  # C-TL-7, C-COMP-4
    spec = importlib.util.spec_from_file_location(
        "draw_timeline", ROOT / "scripts" / "draw_chrononauts_timeline.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    picture = module.svg(default_cards())
    assert picture == (ROOT / "docs" / "images" / "chrononauts_timeline.svg").read_text(encoding="utf-8")
    assert picture.count("<line ") == sum(len(rp.paradox_if.terms) for rp in default_cards().ripplepoints)
    assert ">AND<" in picture
    assert ">OR<" in picture
