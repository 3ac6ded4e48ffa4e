"""Retiring public names: an old name keeps working, with a warning, for one minor release.

The policy (``docs/deprecation.md``): a renamed or removed public name stays
importable for at least one minor release after the one that deprecated it,
raising ``DeprecationWarning`` that names its replacement; the CHANGELOG lists
it under "Deprecated", and the next minor release after that removes it.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["renamed_names"]


def renamed_names(
    module: str, renamed: Mapping[str, str], namespace: Mapping[str, Any]
) -> Callable[[str], Any]:
    """A module ``__getattr__`` that serves each old name of ``renamed`` (old -> new) with a warning.

    Use it at the end of a module::

        __getattr__ = renamed_names(__name__, {"Rules": "Options"}, globals())
    """

    def __getattr__(name: str) -> Any:
        new = renamed.get(name)
        if new is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warnings.warn(
            f"{module}.{name} is deprecated: use {module}.{new} (the old name goes in the next minor "
            "release)",
            DeprecationWarning,
            stacklevel=2,
        )
        return namespace[new]

    return __getattr__
