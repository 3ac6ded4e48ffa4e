"""The compiled build: a hatch build hook that compiles the rules modules with mypyc, on request.

``TABLETOP_RULES_COMPILE=1 pip install .`` (or ``python -m build --wheel`` with that variable) compiles the
modules of `compiled_modules` to C extensions with mypyc (it ships with mypy) and puts them in a
platform wheel next to the pure-Python sources, which stay the reference: Python imports an extension
module before the ``.py`` file of the same name, so the compiled build runs the same code, compiled. Without
the variable the hook does nothing and the wheel is the pure one (``py3-none-any``), so an install without a
C compiler never fails. ``tabletop_rules.COMPILED`` says which build is imported.

The modules compiled are those of `COMPILED_MODULES`. ``TABLETOP_RULES_COMPILE_ONLY`` (comma-separated paths
under ``src/tabletop_rules``, e.g. ``valandris/rules.py``) replaces the set, for trials.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PACKAGE = Path("src/tabletop_rules")
COMPILED_MODULES: tuple[str, ...] = (
    "chrononauts/array_blocks.py",
    "chrononauts/context.py",
    "chrononauts/effects.py",
    "chrononauts/engine.py",
    "chrononauts/fast_paths.py",
    "chrononauts/frames.py",
    "chrononauts/history.py",
    "chrononauts/history_counts.py",
    "chrononauts/legality.py",
    "chrononauts/position.py",
    "chrononauts/rules.py",
    "chrononauts/stack_checks.py",
    "chrononauts/state.py",
    "chrononauts/work.py",
    "valandris/reach.py",
    "valandris/rules.py",
    "trismaugistus/automa.py",
    "trismaugistus/automa_choice.py",
    "trismaugistus/automa_tracks.py",
    "trismaugistus/flow.py",
    "trismaugistus/human.py",
    "trismaugistus/reports.py",
    "trismaugistus/rules.py",
    "trismaugistus/scoring.py",
    "trismaugistus/state.py",
)
"""The modules compiled (paths under ``src/tabletop_rules``): code of the rules and encoders that either only
receives values already checked (by the engine, or by the public encoding functions), or takes a caller's
values as ``object`` (or reads their fields through ``Any``) and narrows them itself, as
``valandris/rules.py`` does with a caller's moves.

The set grows a module at a time, each one only once the whole test suite passes against it. A compiled
function checks the types of its arguments, and of every attribute it reads, against their annotations,
and raises a bare ``TypeError`` where the pure source reaches its own check and raises the library's typed
error: a module that receives a caller's values (moves, states, players, options, ``out`` arrays) must
take them as ``object`` and narrow them before it can be compiled. ``docs/performance.md`` lists what
stops each of the other hot modules today.
"""

MYPY_VERSION = "mypy==2.4.1"
"""The mypy (and so mypyc) the compiled build is made and tested with."""


def compile_requested() -> bool:
    """True when ``TABLETOP_RULES_COMPILE`` asks for the compiled build (``1``, ``true`` or ``yes``)."""
    return os.environ.get("TABLETOP_RULES_COMPILE", "").strip().lower() in {"1", "true", "yes"}


def compiled_modules() -> list[str]:
    """The source files to compile, relative to the project root (sorted: every build compiles one set)."""
    only = [p.strip() for p in os.environ.get("TABLETOP_RULES_COMPILE_ONLY", "").split(",") if p.strip()]
    return sorted((PACKAGE / p).as_posix() for p in (only or COMPILED_MODULES))


class MypycBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile `compiled_modules` with mypyc into the wheel when ``TABLETOP_RULES_COMPILE`` is set."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """The build requirements of the compiled build: mypyc, setuptools (to drive the C compiler), and
        what mypy needs to type the sources; none for the pure build."""
        if not compile_requested():
            return []
        return [MYPY_VERSION, "setuptools>=68", "attrs>=23.1", "networkx>=3.1", "types-networkx>=3.2",
                "typing-extensions>=4.7", "numpy>=1.26"]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile, and add the extension modules to the wheel as a platform wheel."""
        if self.target_name != "wheel" or version == "editable" or not compile_requested():
            return
        from mypyc.build import mypycify
        from setuptools import Distribution

        root = Path(self.root)
        work = Path(tempfile.mkdtemp(prefix="tabletop-rules-mypyc-"))
        here = Path.cwd()
        os.chdir(root)
        try:
            paths = compiled_modules()
            opt_level = os.environ.get("TABLETOP_RULES_COMPILE_OPT", "3")
            # multi_file: one C file per module, so the C compiler's jobs run in parallel (for one module
            # mypyc's multi-file output names a header it does not write: a single file then).
            extensions = mypycify([*paths], opt_level=opt_level, multi_file=len(paths) > 1,
                                  target_dir=str(work / "c"))
            dist = Distribution({"ext_modules": extensions, "name": "tabletop-rules"})
            cmd: Any = dist.get_command_obj("build_ext")
            cmd.build_lib = str(work / "lib")
            cmd.build_temp = str(work / "tmp")
            cmd.parallel = os.cpu_count() or 1
            cmd.ensure_finalized()
            cmd.run()
        finally:
            os.chdir(here)
        lib = work / "lib"
        for built in sorted(lib.rglob("*")):
            if built.is_file() and built.suffix in {".so", ".pyd"}:
                build_data["force_include"][str(built)] = built.relative_to(lib).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        print(f"tabletop-rules: compiled {len(paths)} modules with mypyc (Python {sys.version.split()[0]})",
              file=sys.stderr)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the temporary build directories."""
        for source in build_data.get("force_include", {}):
            top = Path(source)
            while top.parent != top and not top.name.startswith("tabletop-rules-mypyc-"):
                top = top.parent
            if top.name.startswith("tabletop-rules-mypyc-"):
                shutil.rmtree(top, ignore_errors=True)
                return
