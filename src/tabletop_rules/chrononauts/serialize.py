"""Deprecated since 0.2: see `tabletop_rules.chrononauts.serialization` and `validation`.

``tabletop_rules.chrononauts.serialize`` keeps serving its old names, with a
``DeprecationWarning``, until 0.3.
"""

from __future__ import annotations

import warnings
from typing import Any

from tabletop_rules.chrononauts import context, rules, serialization, validation

_MOVED = {
    "from_json": (serialization, "from_json"),
    "to_json": (serialization, "to_json"),
    "MAX_JSON_CHARS": (serialization, "MAX_JSON_CHARS"),
    "GAME_NAME": (serialization, "GAME_NAME"),
    "VERSION": (rules, "RULES_VERSION"),
    "validate": (validation, "validate"),
    "check_players": (context, "check_players"),
}


def __getattr__(name: str) -> Any:
    if name not in _MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, new = _MOVED[name]
    warnings.warn(
        f"{__name__}.{name} is deprecated since 0.2 and will be removed in 0.3; use {module.__name__}.{new}",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(module, new)
