"""A short run of the soak benchmark: no exception and no mutation in any configuration."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
configs = importlib.import_module("configs")
soak = importlib.import_module("soak")


@pytest.mark.parametrize("config", configs.all_configs(), ids=lambda c: c[0])
def test_short_soak(config):
    _, module_name, start = config
    result = soak.soak(module_name, start, moves=1500, seed=99)
    assert result["exceptions"] == 0, result["errors"]
    assert result["mutations"] == 0
