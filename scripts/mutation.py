"""Mutation testing of one game's rules modules with mutmut 3.

Usage::

    python scripts/mutation.py GAME [--modules rules,reach] [--max-children N] [--sample FRACTION]
                                    [--seed S] [--fresh] [--retrace] [--json PATH]
                                    [--fail-under PERCENT]

mutmut changes the code one small step at a time (a `<` becomes `<=`, a `+ 1` a `- 1`, an `and` an
`or`, a string another string, ...) and runs the tests against each change, the *mutant*. A mutant the
tests notice is *killed*; one they do not is a *survivor*: either the tests miss a behaviour (a real gap)
or the change does not alter behaviour (an *equivalent* mutant). The score is the share of mutants killed.

How it runs, so that a game fits in well under an hour on two cores:

* The base configuration is the `[tool.mutmut]` section of `pyproject.toml`. For the chosen game the
  script writes a small mutmut project under `.mutation/GAME/` (symbolic links to `src/` and `tests/`, a
  `pyproject.toml` with the base configuration narrowed to this game): `only_mutate` names the game's
  rules modules, and `pytest_add_cli_args_test_selection` names the game's tests plus its golden
  playthroughs. mutmut writes its `mutants/` folder there, which keeps results between runs.
* mutmut first runs the selected tests once with a tracer and records which tests reach which function;
  each mutant is then tested only against the tests that reach its function, the fastest first, and
  pytest stops at the first failure (`-x`). `--max-children` mutants run at once (forked workers).
* Hypothesis runs under its `ci` profile (derandomized, no example database, no deadline), so the same
  mutant always meets the same examples and a slow mutant is never mistaken for a killed one.
* `--sample FRACTION` tests a seeded random sample of each module's mutants (a quick run); without it
  every mutant is tested. Results are kept: a later run re-tests only mutants of changed functions and
  the mutants that were not killed (the tests may have improved); `--fresh` starts over. mutmut traces
  a test only once, when it is new: `--retrace` traces every test again (after a refactor, or when
  existing tests gained asserts) and keeps the results.

The script prints the counts (killed, survived, timeout, suspicious, no tests), the score and each
mutant that was not killed with its file, line and diff, and writes the same as JSON (by default
`.mutation/GAME-summary.json`). It is a measuring tool, not part of `.ci/run`; see `docs/testing.md`.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import json
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".mutation"
PACKAGE = "tabletop_rules"

# The rules modules of each game: the code whose behaviour the rules clauses describe.
GAMES: dict[str, tuple[str, ...]] = {
    "valandris": ("rules", "reach"),
    "chrononauts": (
        "rules",
        "effects",
        "legality",
        "engine",
        "work",
        "fast_paths",
        "position",
        "stack_checks",
        "frames",
    ),
    "trismaugistus": (
        "rules",
        "human",
        "automa",
        "automa_choice",
        "automa_tracks",
        "flow",
        "reports",
        "scoring",
    ),
}

# mutmut statuses that count as "the tests noticed the mutant": the tests failed, the run went past its
# time limit (a loop), or it was killed outright; mutmut calls a SIGKILL a "segfault", and a mutant gets
# one when it runs past the hard CPU limit or out of memory (a loop that grows a list).
KILLED = frozenset({"killed", "timeout", "segfault", "caught by type check"})
# Every status, in the order the summary prints them.
STATUSES = (
    "killed",
    "timeout",
    "caught by type check",
    "survived",
    "suspicious",
    "no tests",
    "segfault",
    "skipped",
    "check was interrupted by user",
    "not checked",
)
# Paths of the project that the mutmut project links to (mutmut copies `tests/` by itself, and any
# `also_copy` path of the configuration).
LINKED = ("src", "tests")

# Generates the mutants without running any test, so that the script can list and sample them. This is
# the first step of `mutmut run` (mutmut 3.8 names); `mutmut run` then finds the files up to date.
_GENERATE = """
import os, sys
from mutmut import __main__ as mm
os.makedirs("mutants", exist_ok=True)
mm.copy_src_dir()
mm.copy_also_copy_files()
mm.setup_source_paths()
mm.create_mutants(int(sys.argv[1]))
"""


# --------------------------------------------------------------------------------------------------
# Arguments


def _fraction(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0.0 < value <= 1.0:
        raise argparse.ArgumentTypeError(f"the sample must be a fraction in (0, 1], not {text}")
    return value


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, not {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The command line of the script."""
    parser = argparse.ArgumentParser(
        prog="scripts/mutation.py",
        description="Run mutmut over one game's rules modules with that game's tests and golden games.",
    )
    parser.add_argument("game", choices=sorted(GAMES), help="the game to test")
    parser.add_argument(
        "--modules",
        help="comma-separated rules modules of the game (default: all of them): "
        + "; ".join(f"{game}: {','.join(modules)}" for game, modules in GAMES.items()),
    )
    parser.add_argument(
        "--max-children",
        type=_positive,
        default=os.cpu_count() or 1,
        help="mutants tested at once (default: the number of CPUs)",
    )
    parser.add_argument(
        "--sample",
        type=_fraction,
        default=1.0,
        help="test only this fraction of each module's mutants, chosen with --seed (default: 1, all)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the sample (default: 0)")
    parser.add_argument("--fresh", action="store_true", help="forget earlier results and start over")
    parser.add_argument(
        "--retrace",
        action="store_true",
        help="trace which tests reach which function again, keeping the results (after a refactor, or"
        " when existing tests gained asserts that reach more functions)",
    )
    parser.add_argument("--json", type=Path, help="where to write the JSON summary")
    parser.add_argument(
        "--fail-under",
        type=float,
        metavar="PERCENT",
        help="exit with status 1 if the score is below this percentage",
    )
    parser.add_argument(
        "--dry-run",
        action="store_true",
        help="print the mutmut configuration and the test selection, and run nothing",
    )
    return parser


def parse_modules(game: str, text: str | None) -> tuple[str, ...]:
    """The modules named by `--modules`, checked against the game's rules modules.

    Raises:
        ValueError: a name is not a rules module of the game, or the list is empty.
    """
    known = GAMES[game]
    if text is None:
        return known
    names = tuple(dict.fromkeys(name.strip().removesuffix(".py") for name in text.split(",") if name.strip()))
    if not names:
        raise ValueError("--modules names no module")
    unknown = [name for name in names if name not in known]
    if unknown:
        raise ValueError(
            f"{', '.join(unknown)}: not a rules module of {game} (choose from {', '.join(known)})"
        )
    return names


# --------------------------------------------------------------------------------------------------
# Configuration


def module_path(game: str, module: str) -> str:
    """The path of a module, as mutmut names files (relative to the project root)."""
    return f"src/{PACKAGE}/{game}/{module}.py"


def selected_tests(game: str, root: Path = ROOT) -> list[str]:
    """The pytest arguments that select a game's tests and its golden playthroughs."""
    golden = sorted((root / "tests" / "golden" / game).glob("*.json"))
    return [
        f"tests/{game}",
        *(f"tests/test_golden.py::test_golden_playthrough[{game}/{path.stem}]" for path in golden),
    ]


def base_config(root: Path = ROOT) -> tuple[dict[str, Any], dict[str, Any]]:
    """The `[tool.mutmut]` and `[tool.pytest.ini_options]` sections of the project's `pyproject.toml`."""
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    tool = data.get("tool", {})
    return dict(tool.get("mutmut", {})), dict(tool.get("pytest", {}).get("ini_options", {}))


def game_config(
    game: str, modules: Sequence[str], base: Mapping[str, Any], root: Path = ROOT
) -> dict[str, Any]:
    """The mutmut configuration for one game: the base, narrowed to the modules and the game's tests."""
    config = dict(base)
    config["source_paths"] = ["src"]
    config["only_mutate"] = [module_path(game, module) for module in modules]
    config["pytest_add_cli_args_test_selection"] = selected_tests(game, root)
    # The mutmut project lives inside this repository's work tree; its git history says nothing about it.
    config["use_git_change_detection"] = False
    return config


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def to_toml(sections: Mapping[str, Mapping[str, object]]) -> str:
    """TOML text for flat tables of strings, numbers, booleans and lists (all a configuration holds)."""
    lines: list[str] = []
    for name, table in sections.items():
        lines.append(f"[{name}]")
        lines.extend(f"{key} = {_toml_value(value)}" for key, value in table.items())
        lines.append("")
    return "\n".join(lines)


def prepare_project(
    game: str, config: Mapping[str, Any], pytest_options: Mapping[str, Any], fresh: bool
) -> Path:
    """Write the mutmut project of a game under `.mutation/GAME/` and return its folder."""
    folder = WORK / game
    if fresh and (folder / "mutants").exists():
        shutil.rmtree(folder / "mutants")
    folder.mkdir(parents=True, exist_ok=True)
    for name in (*LINKED, *(str(path) for path in config.get("also_copy", ()))):
        link = folder / name
        if not link.is_symlink():
            link.parent.mkdir(parents=True, exist_ok=True)
            link.symlink_to(os.path.relpath(ROOT / name, link.parent))
    pytest_table = {key: value for key, value in pytest_options.items() if key != "testpaths"}
    text = to_toml({"tool.mutmut": config, "tool.pytest.ini_options": pytest_table})
    (folder / "pyproject.toml").write_text(
        "# Written by scripts/mutation.py from the project's pyproject.toml; do not edit.\n" + text,
        encoding="utf-8",
    )
    return folder


# --------------------------------------------------------------------------------------------------
# Mutants


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    # mutmut puts the mutated copy of `src` first on the path; nothing else of this package may be there.
    env.pop("PYTHONPATH", None)
    return env


def _mutmut_command() -> list[str]:
    script = Path(sys.executable).with_name("mutmut")
    if script.exists():
        return [str(script)]
    found = shutil.which("mutmut")
    if found is None:
        raise SystemExit("mutmut is not installed: pip install -e '.[mutation]'")
    return [found]


def generate(folder: Path, game: str, modules: Sequence[str], max_children: int) -> None:
    """Write the mutants of the chosen modules (no test runs)."""
    for module in modules:
        # mutmut copies a file it does not mutate, newer than its source, and later takes that copy for
        # an up-to-date mutated file (no mutants) once the file is chosen: drop such copies first.
        copy = folder / "mutants" / module_path(game, module)
        if copy.exists() and not copy.with_name(copy.name + ".meta").exists():
            copy.unlink()
    command = [sys.executable, "-c", _GENERATE, str(max_children)]
    result = subprocess.run(
        command, cwd=folder, env=_environment(), capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit("mutmut could not generate the mutants (this script is written for mutmut 3.8)")


def refresh_stats(folder: Path, game: str, modules: Sequence[str]) -> None:
    """Make mutmut trace the tests again when a module is mutated for the first time.

    mutmut records which tests reach which function once, and later only for new tests, so the
    functions of a module that was not mutated then would have no tests (all its mutants "no tests").
    """
    note = folder / "stats-modules.json"
    known = set(json.loads(note.read_text(encoding="utf-8"))) if note.exists() else set()
    stats = folder / "mutants" / "mutmut-stats.json"
    if stats.exists() and not set(modules) <= known:
        stats.unlink()
    mutated = [m for m in GAMES[game] if (folder / "mutants" / (module_path(game, m) + ".meta")).exists()]
    note.write_text(json.dumps(mutated) + "\n", encoding="utf-8")


def forget_test_map(folder: Path) -> None:
    """Empty mutmut's map of which tests reach which function, keeping every mutant's result.

    mutmut traces a test once, when it is new: a function added by a refactor, or reached by an assert
    added to an existing test, is not linked to the tests that reach it, and its mutants "survive" tests
    that would kill them. With the map empty, mutmut traces every test again on its next run.
    """
    stats = folder / "mutants" / "mutmut-stats.json"
    if not stats.exists():
        return
    data = json.loads(stats.read_text(encoding="utf-8"))
    data["tests_by_mangled_function_name"] = {}
    data["duration_by_test"] = {}
    stats.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def read_results(folder: Path, game: str, modules: Sequence[str]) -> dict[str, dict[str, int | None]]:
    """Every mutant of each module and its mutmut exit code (None: not tested yet)."""
    results: dict[str, dict[str, int | None]] = {}
    for module in modules:
        meta = folder / "mutants" / (module_path(game, module) + ".meta")
        data = json.loads(meta.read_text(encoding="utf-8")) if meta.exists() else {}
        results[module] = dict(data.get("exit_code_by_key", {}))
    return results


def status(exit_code: int | None) -> str:
    """mutmut's name for an exit code."""
    from mutmut.stats import status_by_exit_code  # imported here: --help and --dry-run need no mutmut

    return str(status_by_exit_code[exit_code])


def choose(names_by_module: Mapping[str, Iterable[str]], fraction: float, seed: int) -> dict[str, list[str]]:
    """A seeded sample of each module's mutants (at least one per module), sorted; all of them at 1."""
    chosen: dict[str, list[str]] = {}
    for module, names in names_by_module.items():
        ordered = sorted(names)
        if fraction < 1.0 and ordered:
            size = max(1, round(len(ordered) * fraction))
            ordered = sorted(random.Random(f"{seed}:{module}").sample(ordered, size))
        chosen[module] = ordered
    return chosen


def to_test(codes: Mapping[str, int | None], names: Iterable[str]) -> list[str]:
    """The mutants to (re)test: never tested, or tested and not killed."""
    return [name for name in names if codes[name] is None or status(codes[name]) not in KILLED]


def run_mutmut(folder: Path, names: Sequence[str], max_children: int) -> int:
    """Test the named mutants; mutmut prints its progress."""
    command = [*_mutmut_command(), "run", "--max-children", str(max_children), *names]
    return subprocess.run(command, cwd=folder, env=_environment(), check=False).returncode


# --------------------------------------------------------------------------------------------------
# Report


def summarise(statuses: Iterable[str]) -> dict[str, Any]:
    """Counts by status and the score: killed (timeouts and crashes included) over every mutant tested."""
    counts = dict.fromkeys(STATUSES, 0)
    for name in statuses:
        counts[name] = counts.get(name, 0) + 1
    killed = sum(counts[name] for name in KILLED)
    tested = sum(counts.values()) - counts["skipped"] - counts["not checked"]
    return {
        "counts": {name: count for name, count in counts.items() if count},
        "killed": killed,
        "tested": tested,
        "score": round(100.0 * killed / tested, 2) if tested else None,
    }


_HUNK = re.compile(r"^@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@")


def function_and_class(mutant: str) -> tuple[str, str | None]:
    """The function (and class, for a method) a mutant name points to."""
    mangled = mutant.partition("__mutmut_")[0].rpartition(".")[2]
    if mangled.startswith("x_"):
        return mangled[2:], None
    _, cls, function = mangled.split("\u01c1")
    return function, cls


def _function_span(tree: ast.Module, function: str, cls: str | None) -> tuple[int, int] | None:
    body: list[ast.stmt] = tree.body
    if cls is not None:
        owners = [node for node in body if isinstance(node, ast.ClassDef) and node.name == cls]
        if not owners:
            return None
        body = owners[0].body
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == function:
            first = min([node.lineno, *(item.lineno for item in node.decorator_list)])
            return first, node.end_lineno or node.lineno
    return None


def changed_line(diff: str, source: str, mutant: str) -> int | None:
    """The line of the source file that a mutant changes (the first changed line of its diff).

    `mutmut show` diffs the function alone, counting from its first line (comments just above the
    function included), so the hunk's line is placed relative to the function in the file.
    """
    span = _function_span(ast.parse(source), *function_and_class(mutant))
    if span is None:
        return None
    lines = source.splitlines()
    first, last = span
    while first > 1 and lines[first - 2].lstrip().startswith("#"):
        first -= 1
    old: int | None = None
    for line in diff.splitlines():
        match = _HUNK.match(line)
        if match:
            old = int(match.group(1))
        elif old is None or line.startswith(("---", "+++")):
            continue
        elif line.startswith(("-", "+")):
            guess = first + old - 1
            if line.startswith("+"):
                return guess
            candidates = [n for n in range(first, last + 1) if lines[n - 1] == line[1:]]
            return min(candidates, key=lambda n: abs(n - guess)) if candidates else guess
        else:
            old += 1
    return None


def describe(folder: Path, mutant: str, path: str) -> dict[str, Any]:
    """File, line and diff of one mutant."""
    diff = _diff(folder, mutant, path)
    source = (folder / path).read_text(encoding="utf-8")
    return {"name": mutant, "file": path, "line": changed_line(diff, source, mutant), "diff": diff}


def _diff(folder: Path, mutant: str, path: str) -> str:
    command = [*_mutmut_command(), "show", mutant]
    result = subprocess.run(
        command, cwd=folder, env=_environment(), capture_output=True, text=True, check=False
    )
    text = result.stdout
    # `mutmut show` prints a `# name: status` line, then the diff.
    return "\n".join(line for line in text.splitlines() if not line.startswith("# ")).strip()


def report(summary: Mapping[str, Any], out: Any = sys.stdout) -> None:
    """Print a summary for people."""
    sample = summary["sample"]
    print(f"\nMutation testing of {summary['game']} ({', '.join(summary['modules'])})", file=out)
    print(f"  command: {summary['command']}", file=out)
    if sample < 1.0:
        print(f"  a sample of {sample:g} of the mutants (seed {summary['seed']})", file=out)
    for module, part in summary["by_module"].items():
        counts = ", ".join(f"{name} {count}" for name, count in part["counts"].items())
        print(f"  {module}: {part['score']} % of {part['tested']} ({counts})", file=out)
    total = summary["total"]
    counts = ", ".join(f"{name} {count}" for name, count in total["counts"].items())
    print(f"  total: {total['score']} % killed of {total['tested']} mutants ({counts})", file=out)
    for entry in summary["not_killed"]:
        print(f"\n{entry['status'].upper()}: {entry['file']}:{entry['line']}  {entry['name']}", file=out)
        print(entry["diff"], file=out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        modules = parse_modules(args.game, args.modules)
    except ValueError as error:
        parser.error(str(error))
    base, pytest_options = base_config()
    config = game_config(args.game, modules, base)
    if args.dry_run:
        print(to_toml({"tool.mutmut": config}), end="")
        return 0

    started = time.monotonic()
    folder = prepare_project(args.game, config, pytest_options, args.fresh)
    generate(folder, args.game, modules, args.max_children)
    refresh_stats(folder, args.game, modules)
    if args.retrace:
        forget_test_map(folder)
    results = read_results(folder, args.game, modules)
    chosen = choose(results, args.sample, args.seed)
    pending = [name for module in modules for name in to_test(results[module], chosen[module])]
    print(f"{sum(map(len, chosen.values()))} mutants chosen, {len(pending)} to test", flush=True)
    if pending and run_mutmut(folder, pending, args.max_children) != 0:
        print("mutmut stopped with an error; the summary shows what was tested", file=sys.stderr)
    results = read_results(folder, args.game, modules)

    by_module: dict[str, Any] = {}
    not_killed: list[dict[str, Any]] = []
    for module in modules:
        statuses = {name: status(results[module].get(name)) for name in chosen[module]}
        by_module[module] = summarise(statuses.values())
        for name, name_status in statuses.items():
            if name_status not in KILLED and name_status != "not checked":
                entry = describe(folder, name, module_path(args.game, module))
                not_killed.append({"status": name_status, **entry})
    summary = {
        "game": args.game,
        "modules": list(modules),
        "date": datetime.date.today().isoformat(),
        "command": shlex.join(["python", "scripts/mutation.py", *(sys.argv[1:] if argv is None else argv)]),
        "mutmut": _mutmut_version(),
        "sample": args.sample,
        "seed": args.seed,
        "seconds": round(time.monotonic() - started),
        "by_module": by_module,
        "total": summarise(status(results[m].get(name)) for m in modules for name in chosen[m]),
        "not_killed": not_killed,
    }
    report(summary)
    target = args.json or WORK / f"{args.game}-summary.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"\nsummary written to {target}")
    score = summary["total"]["score"]
    if args.fail_under is not None and (score is None or score < args.fail_under):
        print(f"score {score} % is below {args.fail_under} %", file=sys.stderr)
        return 1
    return 0


def _mutmut_version() -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mutmut")
    except PackageNotFoundError:
        return None


if __name__ == "__main__":
    sys.exit(main())
