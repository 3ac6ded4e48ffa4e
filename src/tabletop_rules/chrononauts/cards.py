"""Deprecated since 0.2: the card records are in `tabletop_rules.chrononauts.content`.

``tabletop_rules.chrononauts.cards`` keeps serving its old names, with a
``DeprecationWarning``, until 0.3.
"""

from __future__ import annotations

import warnings
from typing import Any

from tabletop_rules.chrononauts.content import loader, records

_MOVED = {
    **{name: getattr(records, name) for name in records.__all__},
    "default_cards": loader.default_cards,
    "MAX_CARD_TEXT": loader.MAX_CONTENT_CHARS,
}


def __getattr__(name: str) -> Any:
    if name not in _MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    new = "MAX_CONTENT_CHARS" if name == "MAX_CARD_TEXT" else name
    warnings.warn(
        f"{__name__}.{name} is deprecated since 0.2 and will be removed in 0.3; "
        f"use tabletop_rules.chrononauts.content.{new}",
        DeprecationWarning,
        stacklevel=2,
    )
    return _MOVED[name]
