"""Deprecated: moved to `tabletop_rules.trismaugistus.content.checks` (old names warn until 0.3)."""

from tabletop_rules.trismaugistus.pack import moved_names

__all__: list[str] = []

__getattr__ = moved_names(__name__, "tabletop_rules.trismaugistus.content.checks")
