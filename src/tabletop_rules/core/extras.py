"""Optional dependencies: each lives in an extra, and a missing one says which extra to install."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Final

__all__ = ["EXTRAS", "require"]

EXTRAS: Final = {
    "numpy": "arrays",
    "pandas": "data",
    "matplotlib": "plot",
    "resvg_py": "render",
    "PIL": "render",
    "tqdm": "simulate",
    "pyspiel": "openspiel",
    "open_spiel": "openspiel",
    "pettingzoo": "pettingzoo",
    "gymnasium": "gymnasium",
    "hypothesis": "test",
    "distributed": "distributed",
}
"""The extra that provides each optional top-level module."""


def require(module: str, feature: str) -> ModuleType:
    """Import ``module`` for ``feature``, or raise an ImportError that names the extra to install.

    Raises:
        ImportError: "<feature> needs <module>: pip install 'tabletop-rules[<extra>]'".
    """
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        extra = EXTRAS.get(module.partition(".")[0], module.partition(".")[0])
        raise ImportError(
            f"{feature} needs the optional dependency {module.partition('.')[0]!r}: "
            f"pip install 'tabletop-rules[{extra}]'"
        ) from exc
