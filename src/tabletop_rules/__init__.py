"""tabletop_rules: typed, pure, immutable-state rules engines for tabletop games.

Every game lives in its own subpackage (``tabletop_rules.valandris``, ...) and
exposes the same small set of module-level functions, described by
``tabletop_rules.core.Game``.  Generic tools (random playouts, the
conformance suite, benchmarks) work on any module that satisfies it.
"""

__version__ = "0.1.0.dev0"

__all__ = ["__version__"]
