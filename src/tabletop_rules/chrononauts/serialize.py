"""Deprecated since 0.2: see `tabletop_rules.chrononauts.serialization` and `validation`.

``tabletop_rules.chrononauts.serialize`` keeps serving its old names, with a
``DeprecationWarning``, until 0.3.
"""

from __future__ import annotations

import warnings
from typing import Any

from tabletop_rules.chrononauts import context as _context
from tabletop_rules.chrononauts import rules as _rules
from tabletop_rules.chrononauts import serialization as _serialization
from tabletop_rules.chrononauts import validation as _validation

_MOVED: dict[str, tuple[str, Any]] = {
    "from_json": ("serialization.from_json", _serialization.from_json),
    "to_json": ("serialization.to_json", _serialization.to_json),
    "MAX_JSON_CHARS": ("serialization.MAX_JSON_CHARS", _serialization.MAX_JSON_CHARS),
    "GAME_NAME": ("serialization.GAME_NAME", _serialization.GAME_NAME),
    "VERSION": ("rules.RULES_VERSION", _rules.RULES_VERSION),
    "validate": ("validation.validate", _validation.validate),
    "check_players": ("context.check_players", _context.check_players),
}


def __getattr__(name: str) -> Any:
    if name not in _MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    new, value = _MOVED[name]
    warnings.warn(
        f"{__name__}.{name} is deprecated since 0.2 and will be removed in 0.3; "
        f"use tabletop_rules.chrononauts.{new}",
        DeprecationWarning,
        stacklevel=2,
    )
    return value
