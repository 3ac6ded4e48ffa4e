"""Check the mypyc-compiled build against the pure source: the test suite, and byte-identical games.

Usage::

    python scripts/compiled_check.py [--wheel DIST.whl] [--games 1] [--no-tests] [-- PYTEST ARGS]

1. Builds the compiled wheel (``TABLETOP_RULES_COMPILE=1 python -m build --wheel``; about 8 minutes of C
   compilation on two cores) unless ``--wheel`` names one, checks it with ``twine check --strict`` (the
   release uploads it), and installs it without dependencies into a
   temporary virtualenv that borrows this interpreter's installed packages (``site.addsitedir``) but
   imports ``tabletop_rules`` from the wheel (its site-packages come first on ``sys.path``).
2. Checks that the temporary venv imports the compiled build (``tabletop_rules.COMPILED``) and this
   interpreter the pure one.
3. Plays ``--games`` seeded random games of every configuration of ``tabletop_rules.testing.configs`` in a
   subprocess of each build and compares, byte for byte, each game's record (the golden format: moves,
   seed, and ``states_sha256``, the SHA-256 of every state's ``to_json``) and its final state's JSON.
4. Runs the test suite (``tests``, or the pytest arguments after ``--``) against the compiled build.

Exits 0 when everything matches and passes, 1 otherwise.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PLAY = r"""
import json, sys
import tabletop_rules
from tabletop_rules.core import random_playout, record_playout
from tabletop_rules.testing.configs import all_configs

games = int(sys.argv[1])
out = open(sys.argv[2], "w", encoding="utf-8")
print(json.dumps({"compiled": tabletop_rules.COMPILED, "file": tabletop_rules.__file__}))
for label, module_name, start in all_configs():
    game = __import__(f"tabletop_rules.{module_name}", fromlist=["_"])
    for seed in range(1, games + 1):
        playout = random_playout(game, seed, initial=start(game))
        record = record_playout(game, playout, states_sha256=True)
        out.write(json.dumps({"label": label, "seed": seed, "record": record}, sort_keys=True) + "\n")
        out.write(game.to_json(playout.final) + "\n")
out.close()
"""


def run(cmd: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    """Run ``cmd``, echoing it, and fail loudly on a non-zero exit."""
    print("+", " ".join(cmd), flush=True)
    return subprocess.run(cmd, check=True, text=True, **kwargs)  # type: ignore[call-overload,no-any-return]


def build_wheel(out: Path) -> Path:
    """Build the compiled wheel of this checkout into ``out``."""
    env = {**os.environ, "TABLETOP_RULES_COMPILE": "1"}
    run([sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(ROOT)], env=env,
        stdout=subprocess.DEVNULL)
    wheels = sorted(out.glob("tabletop_rules-*.whl"))
    if len(wheels) != 1 or wheels[0].name.endswith("-none-any.whl"):
        raise SystemExit(f"expected one platform wheel in {out}, found {[w.name for w in wheels]}")
    return wheels[0]


def make_venv(where: Path, wheel: Path) -> Path:
    """A venv with ``wheel`` installed (no dependencies) that borrows this interpreter's packages."""
    run([sys.executable, "-m", "venv", "--without-pip", str(where)])
    python = where / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                             check=True, text=True, capture_output=True).stdout.strip()
    borrowed = sysconfig.get_path("purelib")
    # addsitedir appends: the venv's own site-packages (with the wheel) stays ahead of the borrowed one,
    # whose editable install of this checkout only adds src/ at the end of sys.path.
    Path(purelib, "_borrow_packages.pth").write_text(
        f"import site; site.addsitedir({borrowed!r})\n", encoding="utf-8"
    )
    run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
         "--no-index", str(wheel)])
    return python


def play(python: str, games: int, out: Path) -> dict[str, object]:
    """Play the seeded games in a subprocess of ``python``; return what it says about its build."""
    import json

    done = run([python, "-c", PLAY, str(games), str(out)], capture_output=True, cwd=str(ROOT / "scripts"))
    return dict(json.loads(done.stdout.splitlines()[0]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheel", type=Path, help="a compiled wheel already built (skips the build)")
    parser.add_argument("--games", type=int, default=1, help="seeded games per configuration")
    parser.add_argument("--no-tests", action="store_true", help="skip the test suite")
    parser.add_argument("pytest_args", nargs="*", help="pytest arguments (after --); default: tests")
    args = parser.parse_args()
    failed = False
    with tempfile.TemporaryDirectory(prefix="tabletop-rules-compiled-") as tmp:
        work = Path(tmp)
        started = time.perf_counter()
        wheel = args.wheel.resolve() if args.wheel else build_wheel(work / "dist")
        print(f"wheel: {wheel.name} ({time.perf_counter() - started:.0f} s)", flush=True)
        twine = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(wheel)], check=False)
        if twine.returncode != 0:  # the release uploads this wheel: its metadata must pass as the pure one's
            print("FAILED: twine check of the compiled wheel")
            failed = True
        compiled_python = str(make_venv(work / "venv", wheel))

        pure = play(sys.executable, args.games, work / "pure.jsonl")
        compiled = play(compiled_python, args.games, work / "compiled.jsonl")
        print(f"pure build: {pure}\ncompiled build: {compiled}")
        if pure["compiled"] or not compiled["compiled"]:
            print("FAILED: the two interpreters do not import one pure and one compiled build")
            failed = True
        texts = [(work / f"{side}.jsonl").read_bytes() for side in ("pure", "compiled")]
        digest = [hashlib.sha256(t).hexdigest()[:16] for t in texts]
        if texts[0] != texts[1]:
            lines = [t.splitlines() for t in texts]
            first = next((i for i, (a, b) in enumerate(zip(*lines, strict=False)) if a != b), None)
            print(f"FAILED: the games differ (sha256 {digest[0]} vs {digest[1]}; first at line {first})")
            failed = True
        else:
            print(f"games identical: {len(texts[0].splitlines())} lines, {len(texts[0]):,} bytes, "
                  f"sha256 {digest[0]}")

        if not args.no_tests:
            started = time.perf_counter()
            pytest = [compiled_python, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
            tests = args.pytest_args or ["tests"]
            status = subprocess.run([*pytest, *tests], check=False, cwd=ROOT).returncode
            elapsed = time.perf_counter() - started
            print(f"pytest against the compiled build: exit {status} ({elapsed:.0f} s)")
            failed = failed or status != 0
    print("compiled check " + ("FAILED" if failed else "passed"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
