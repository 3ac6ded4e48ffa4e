"""The examples of `docs/simulation.md` run, and every public name of `tabletop_rules.simulate` has one."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

import tabletop_rules.simulate as simulate_module

pytest.importorskip("pandas")  # Simulation.to_dataframe's example

PAGE = Path(__file__).resolve().parent.parent / "docs" / "simulation.md"


def _examples() -> list[doctest.Example]:
    return doctest.DocTestParser().get_examples(PAGE.read_text(encoding="utf-8"), str(PAGE))


def test_every_example_of_the_page_runs_and_prints_what_the_page_says(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the examples write records files in the working folder
    results = doctest.testfile(str(PAGE), module_relative=False, report=True, verbose=False)
    assert results.attempted > 40
    assert results.failed == 0


@pytest.mark.parametrize(
    "name",
    [
        *simulate_module.__all__,
        "summary",
        "to_dataframe",
        "save_jsonl",
        "load_jsonl",
        "records_path",
        "outcome_dict",
        "winner",
        "to_dict",
        "from_dict",
    ],
)
def test_every_public_name_is_used_by_an_example_and_has_a_heading(name):
    source = "\n".join(example.source for example in _examples())
    assert re.search(rf"\b{name}\b", source), f"no example of the page uses {name}"
    headings = [line for line in PAGE.read_text(encoding="utf-8").splitlines() if line.startswith("### ")]
    if name in simulate_module.__all__:
        assert any(f"`{name}`" in heading for heading in headings), f"no heading names {name}"
