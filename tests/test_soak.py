"""A short run of the soak benchmark: no exception and no mutation in any configuration."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

SPEC = importlib.util.spec_from_file_location(
    "soak", Path(__file__).resolve().parent.parent / "benchmarks/soak.py"
)
assert SPEC is not None
assert SPEC.loader is not None
soak = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(soak)


@pytest.mark.parametrize("config", soak.CONFIGS + soak.extra_configs(), ids=lambda c: c[0])
def test_short_soak(config):
    _, module_name, options, setup = config
    result = soak.soak(module_name, options, setup, moves=1500, seed=99)
    assert result["exceptions"] == 0, result["errors"]
    assert result["mutations"] == 0
