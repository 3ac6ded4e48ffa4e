"""Tests of the Trismaugistus automa (tests mirror `src/tabletop_rules/trismaugistus`)."""
