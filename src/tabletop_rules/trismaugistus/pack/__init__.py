"""Deprecated: the content-pack modules moved to `tabletop_rules.trismaugistus.content`.

Every old name (``pack.X``, ``pack.loader.X``, ``pack.records.X``,
``pack.checks.X``, ``pack.show.X``) still resolves, with a `DeprecationWarning`
naming its new place, until 0.3.  ``python -m tabletop_rules.trismaugistus.pack
template|validate|show`` (the spelling of spec 6.9) keeps working without a warning.
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Mapping
from typing import Any

__all__: list[str] = []

RENAMED: Mapping[str, str] = {
    "PackError": "InvalidContentError",
    "example_pack": "default_pack",
    "MAX_PACK_JSON_CHARS": "MAX_CONTENT_CHARS",
}
"""Old name -> new name, for the names that changed as well as moving."""


def moved_names(old_module: str, new_module: str) -> Callable[[str], Any]:
    """A module ``__getattr__`` serving the names of ``new_module`` (renamed per `RENAMED`) with a warning."""

    def __getattr__(name: str) -> Any:
        new_name = RENAMED.get(name, name)
        if name.startswith("__"):
            raise AttributeError(f"module {old_module!r} has no attribute {name!r}")
        if new_name == "InvalidContentError":
            target: Any = importlib.import_module("tabletop_rules.core.errors")
            where = "tabletop_rules.core"
        else:
            target = importlib.import_module(new_module)
            where = new_module
        if not hasattr(target, new_name):
            raise AttributeError(f"module {old_module!r} has no attribute {name!r}")
        warnings.warn(
            f"{old_module}.{name} is deprecated since 0.2 and will be removed in 0.3; use {where}.{new_name}",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(target, new_name)

    return __getattr__


__getattr__ = moved_names(__name__, "tabletop_rules.trismaugistus.content")
