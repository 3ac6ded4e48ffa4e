"""Adapters that expose the library's games to other frameworks (each behind an optional extra)."""
