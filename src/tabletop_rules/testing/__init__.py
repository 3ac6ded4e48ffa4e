"""Reusable checks for any module that implements ``tabletop_rules.core.Game``."""

from tabletop_rules.testing.conformance import (
    ConformanceError,
    check_determinism,
    check_playout,
    check_state,
    finished_playout,
)

__all__ = ["ConformanceError", "check_determinism", "check_playout", "check_state", "finished_playout"]
