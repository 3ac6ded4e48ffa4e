"""A missing optional dependency fails with an ImportError that names the extra to install."""

from __future__ import annotations

import importlib
import sys

import pytest

CASES = [
    ("tabletop_rules.adapters.pettingzoo", "pettingzoo", "tabletop-rules[pettingzoo]"),
    ("tabletop_rules.adapters.gymnasium", "gymnasium", "tabletop-rules[gymnasium]"),
    ("tabletop_rules.adapters.openspiel", "pyspiel", "tabletop-rules[openspiel]"),
]


@pytest.mark.parametrize(("module", "dependency", "extra"), CASES)
def test_missing_extra_names_itself(monkeypatch, module, dependency, extra):
    monkeypatch.setitem(sys.modules, dependency, None)  # makes `import dependency` fail
    monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(ImportError, match=extra.replace("[", r"\[").replace("]", r"\]")):
        importlib.import_module(module)
