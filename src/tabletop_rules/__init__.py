"""tabletop_rules: typed, pure, immutable-state rules engines for tabletop games.

Every game lives in its own subpackage (``tabletop_rules.valandris``, ...) and
exposes the same small set of module-level functions, described by
``tabletop_rules.core.Game``.  Generic tools (random playouts, the
conformance suite, benchmarks) work on any module that satisfies it.
"""

from importlib.machinery import EXTENSION_SUFFIXES as _EXTENSION_SUFFIXES
from pathlib import Path as _Path

__version__ = "0.1.0.dev0"

COMPILED: bool = any(
    (_Path(__file__).parent / "valandris" / f"reach{suffix}").is_file() for suffix in _EXTENSION_SUFFIXES
)
"""True when the mypyc-compiled build is the one imported (``TABLETOP_RULES_COMPILE=1`` at build time).

Python imports an extension module before the ``.py`` file of the same name, so the compiled build is in
use exactly when its extension modules sit beside the sources (checked on one of them, without importing
any game).  The pure and compiled builds behave identically; the compiled one is faster.
"""

__all__ = ["COMPILED", "__version__"]
