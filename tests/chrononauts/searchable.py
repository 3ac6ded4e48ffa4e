"""Chrononauts with `resample_from_infostate`, for `ISMCTS`, until the package re-exports it."""

from tabletop_rules.chrononauts import *  # noqa: F403
from tabletop_rules.chrononauts import information_state_string  # noqa: F401
from tabletop_rules.chrononauts.determinize import resample_from_infostate  # noqa: F401
