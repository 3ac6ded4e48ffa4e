"""scripts/mutation.py: its arguments, its mutmut configuration and its report (no mutation run here)."""

from __future__ import annotations

import importlib.util
import io
import json
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load():
    spec = importlib.util.spec_from_file_location("mutation_script", ROOT / "scripts" / "mutation.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


mutation = _load()


def test_every_game_has_its_rules_modules_and_they_exist():
    assert set(mutation.GAMES) == {"valandris", "chrononauts", "trismaugistus"}
    for game, modules in mutation.GAMES.items():
        assert modules[0] == "rules"
        for module in modules:
            assert (ROOT / mutation.module_path(game, module)).is_file()


def test_project_configuration_names_the_same_modules():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    expected = {mutation.module_path(game, m) for game, modules in mutation.GAMES.items() for m in modules}
    assert set(config["only_mutate"]) == expected
    assert "--hypothesis-profile=ci" in config["pytest_add_cli_args"]


def test_modules_default_to_all_and_are_checked():
    assert mutation.parse_modules("valandris", None) == ("rules", "reach")
    assert mutation.parse_modules("valandris", "reach.py, rules,reach") == ("reach", "rules")
    with pytest.raises(ValueError, match="not a rules module of valandris"):
        mutation.parse_modules("valandris", "rules,effects")
    with pytest.raises(ValueError, match="names no module"):
        mutation.parse_modules("valandris", " , ")


@pytest.mark.parametrize(
    "argv",
    [
        ["monopoly"],
        ["valandris", "--sample", "0"],
        ["valandris", "--sample", "1.5"],
        ["valandris", "--sample", "half"],
        ["valandris", "--max-children", "0"],
    ],
)
def test_bad_arguments_are_refused(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        mutation.build_parser().parse_args(argv)
    assert stop.value.code == 2
    assert "error:" in capsys.readouterr().err


def test_unknown_module_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as stop:
        mutation.main(["chrononauts", "--modules", "reach", "--dry-run"])
    assert stop.value.code == 2
    assert "reach: not a rules module of chrononauts" in capsys.readouterr().err


def test_test_selection_is_the_game_tests_and_its_golden_games():
    selection = mutation.selected_tests("valandris")
    assert selection[0] == "tests/valandris"
    golden = sorted(p.stem for p in (ROOT / "tests" / "golden" / "valandris").glob("*.json"))
    assert golden
    assert selection[1:] == [f"tests/test_golden.py::test_golden_playthrough[valandris/{g}]" for g in golden]


def test_dry_run_prints_a_configuration_narrowed_to_the_game(capsys):
    assert mutation.main(["trismaugistus", "--modules", "scoring,flow", "--dry-run"]) == 0
    config = tomllib.loads(capsys.readouterr().out)["tool"]["mutmut"]
    assert config["only_mutate"] == [
        "src/tabletop_rules/trismaugistus/scoring.py",
        "src/tabletop_rules/trismaugistus/flow.py",
    ]
    assert config["pytest_add_cli_args_test_selection"][0] == "tests/trismaugistus"
    assert config["source_paths"] == ["src"]


def test_toml_writer_round_trips():
    table = {"a": 'x"y', "b": [1, 2.5, "z"], "c": True, "d": 15.0}
    assert tomllib.loads(mutation.to_toml({"tool.mutmut": table}))["tool"]["mutmut"] == table


def test_sample_is_seeded_sorted_and_keeps_each_module():
    names = {"rules": [f"r{i}" for i in range(100)], "reach": ["a", "b"]}
    first = mutation.choose(names, 0.1, seed=3)
    assert first == mutation.choose(names, 0.1, seed=3)
    assert len(first["rules"]) == 10
    assert first["rules"] == sorted(first["rules"])
    assert len(first["reach"]) == 1
    assert mutation.choose(names, 0.1, seed=4) != first
    assert mutation.choose(names, 1.0, seed=3) == {m: sorted(n) for m, n in names.items()}


def test_retrace_empties_the_test_map_and_keeps_everything_else(tmp_path):
    mutation.forget_test_map(tmp_path)  # nothing to forget: no error, no file made
    assert not (tmp_path / "mutants").exists()
    stats = tmp_path / "mutants" / "mutmut-stats.json"
    stats.parent.mkdir()
    kept = {"function_hashes": {"f": "h"}, "stats_time": 1.5, "git_commit": "abc"}
    stats.write_text(
        json.dumps({"tests_by_mangled_function_name": {"f": ["t"]}, "duration_by_test": {"t": 0.1}, **kept}),
        encoding="utf-8",
    )
    mutation.forget_test_map(tmp_path)
    assert json.loads(stats.read_text(encoding="utf-8")) == {
        "tests_by_mangled_function_name": {},
        "duration_by_test": {},
        **kept,
    }
    assert mutation.build_parser().parse_args(["valandris", "--retrace"]).retrace
    assert not mutation.build_parser().parse_args(["valandris"]).retrace


def test_score_counts_timeouts_and_crashes_as_killed_and_skips_untested():
    statuses = ["killed"] * 5 + ["timeout", "segfault", "survived", "suspicious", "no tests", "not checked"]
    summary = mutation.summarise(statuses)
    assert summary["killed"] == 7
    assert summary["tested"] == 10
    assert summary["score"] == pytest.approx(70.0)
    assert summary["counts"] == {
        "killed": 5,
        "timeout": 1,
        "segfault": 1,
        "survived": 1,
        "suspicious": 1,
        "no tests": 1,
        "not checked": 1,
    }
    assert mutation.summarise([])["score"] is None


SOURCE = '''\
import x


# V-HS-5: a comment just above the function
def step(a, b):
    """Doc."""
    c = a + b
    if c > 3:
        return c
    return 0


class Board:
    def size(self):
        return 7
'''


def test_changed_line_places_a_function_diff_in_the_file():
    diff = (
        "--- src/m.py\n+++ src/m.py\n@@ -1,7 +1,7 @@\n # V-HS-5: a comment just above the function\n"
        ' def step(a, b):\n     """Doc."""\n     c = a + b\n-    if c > 3:\n+    if c >= 3:\n'
        "         return c\n     return 0"
    )
    assert mutation.changed_line(diff, SOURCE, "pkg.m.x_step__mutmut_3") == 8
    method = "--- m\n+++ m\n@@ -1,2 +1,2 @@\n def size(self):\n-    return 7\n+    return 8"
    assert mutation.changed_line(method, SOURCE, "pkg.m.x\u01c1Board\u01c1size__mutmut_1") == 15
    assert mutation.changed_line(diff, SOURCE, "pkg.m.x_gone__mutmut_1") is None


def test_report_lists_every_mutant_not_killed():
    summary = {
        "game": "valandris",
        "modules": ["reach"],
        "command": "python scripts/mutation.py valandris --modules reach",
        "sample": 0.5,
        "seed": 0,
        "by_module": {"reach": mutation.summarise(["killed", "survived"])},
        "total": mutation.summarise(["killed", "survived"]),
        "not_killed": [
            {"status": "survived", "file": "src/x.py", "line": 3, "name": "x.x_f__mutmut_1", "diff": "-a\n+b"}
        ],
    }
    out = io.StringIO()
    mutation.report(summary, out)
    text = out.getvalue()
    assert "a sample of 0.5" in text
    assert "50.0 % killed of 2 mutants" in text
    assert "SURVIVED: src/x.py:3  x.x_f__mutmut_1" in text
