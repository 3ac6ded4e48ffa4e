"""The figures the docs quote from the examples come from the files a run of the documented command wrote.

`scripts/refresh_example_figures.py` runs each documented command and keeps what it prints under
`docs/figures/`; the pages include those files (`pymdownx.snippets`), and the numbers their prose
quotes next to them must be in them. The learning example's outputs (curve, plot, self-play, the
error of a missing plotting extra) are checked on a tiny budget.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_SPEC = importlib.util.spec_from_file_location(
    "refresh_example_figures", ROOT / "scripts/refresh_example_figures.py"
)
assert _SPEC is not None
assert _SPEC.loader is not None
refresh = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(refresh)

INCLUDE = re.compile(r'--8<-- "(docs/figures/[\w.-]+\.txt)"')
# A figure the prose quotes: a rate ("65.3%") or a time ("81.2 s"); "95 %" is the confidence level.
QUOTED = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?) ?(%|s\b)")


def _prose_sections(page: str) -> list[tuple[str, list[str]]]:
    """Each section of a page that includes figures files: its text outside code, and the files."""
    sections: list[tuple[str, list[str]]] = []
    for section in re.split(r"\n(?=#{1,3} )", page):
        files = INCLUDE.findall(section)
        if files:
            prose = re.sub(r"```.*?```", "", section, flags=re.DOTALL)
            sections.append((prose, files))
    return sections


@pytest.mark.parametrize("name", list(refresh.FIGURES))
def test_each_figures_file_is_the_output_of_its_command(name):
    path = ROOT / refresh.FIGURES_DIR / f"{name}.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == refresh.command_line(name)
    assert re.fullmatch(r"\(\d+\.\d s in all.*\)", lines[-1]), lines[-1]


@pytest.mark.parametrize("name", list(refresh.FIGURES))
def test_each_figures_file_is_included_by_its_page(name):
    page = (ROOT / refresh.PAGES[name]).read_text(encoding="utf-8")
    assert f'--8<-- "{refresh.FIGURES_DIR}/{name}.txt"' in page


@pytest.mark.parametrize("page", sorted(set(refresh.PAGES.values())))
def test_the_figures_the_prose_quotes_are_in_the_included_output(page):
    for prose, files in _prose_sections((ROOT / page).read_text(encoding="utf-8")):
        output = "\n".join((ROOT / file).read_text(encoding="utf-8") for file in files)
        for number, unit in QUOTED.findall(prose):
            if number == "95" and unit == "%":
                continue
            quoted = f"{number}{unit}" if unit == "%" else f"{number} {unit}"
            assert quoted in output, f"{page} quotes {quoted}, which no included output of {files} prints"


def test_the_learning_curve_picture_is_on_the_page():
    page = (ROOT / "docs/reinforcement-learning.md").read_text(encoding="utf-8")
    assert "](images/learning-curve.png)" in page
    assert (ROOT / "docs/images/learning-curve.png").read_bytes().startswith(b"\x89PNG")


def test_the_learning_example_logs_its_curve_plots_it_and_plays_itself(tmp_path):
    pytest.importorskip("matplotlib")
    curve, picture = tmp_path / "curve.jsonl", tmp_path / "curve.png"
    arguments = ["--episodes", "20", "--eval-games", "10", "--points", "2", "--self-play"]
    command = [sys.executable, "examples/rl_learn_valandris.py", *arguments, "--curve", str(curve)]
    command += ["--plot", str(picture)]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300, check=True)
    lines = result.stdout.splitlines()
    assert lines[0].startswith("$ python examples/rl_learn_valandris.py --episodes 20")
    assert "trained against its own policy (self-play)" in result.stdout
    assert re.fullmatch(r"\(\d+\.\d s in all; the best possible score is 21\)", lines[-1])
    rows = [json.loads(line) for line in curve.read_text(encoding="utf-8").splitlines()]
    series = [(row["series"], row["episode"]) for row in rows]
    assert series == [
        ("random agent", None),
        ("greedy agent", None),
        ("learner", 0),
        ("learner", 10),
        ("learner", 20),
        ("learner (argmax)", 20),
    ]
    for row in rows:
        assert 0 <= row["survival_low"] <= row["survival"] <= row["survival_high"] <= 1
        assert 1 <= row["mean_score"] <= 21
    assert [row["seconds"] for row in rows] == sorted(row["seconds"] for row in rows)
    assert picture.read_bytes().startswith(b"\x89PNG")


def test_a_missing_plotting_extra_is_named_before_training(tmp_path):
    hide = (
        "import runpy, sys; sys.modules['matplotlib'] = None; "
        "sys.argv = ['examples/rl_learn_valandris.py', '--plot', sys.argv[1]]; "
        "runpy.run_path('examples/rl_learn_valandris.py', run_name='__main__')"
    )
    command = [sys.executable, "-c", hide, str(tmp_path / "curve.png")]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 2
    assert (
        "--plot needs the optional dependency 'matplotlib': pip install 'tabletop-rules[plot]'"
        in result.stderr
    )
    assert not result.stdout
