"""A short run of the soak benchmark: no exception and no mutation in any configuration."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from tabletop_rules.testing.configs import all_configs

SOAK_SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "soak.py"


def _load_soak() -> ModuleType:
    """`benchmarks/soak.py`, loaded from its path (benchmarks/ is a folder of scripts, not a package)."""
    spec = importlib.util.spec_from_file_location("tabletop_rules_benchmarks_soak", SOAK_SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


soak = _load_soak()


@pytest.mark.parametrize("config", all_configs(), ids=lambda c: c.label)
def test_short_soak(config):
    result = soak.soak(config.module_name, config.start, moves=1500, seed=99)
    assert result["exceptions"] == 0, result["errors"]
    assert result["mutations"] == 0
