"""The mypyc-compiled build (``hatch_build.py``): which modules it compiles, and that it plays the same games.

Most of these tests run only against the compiled build (``scripts/compiled_check.py`` runs the suite
there); against the pure source they check the flag and the list of modules left pure.
"""

from __future__ import annotations

import ast
import importlib
import json
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

import tabletop_rules
from tabletop_rules.core import random_playout, record_playout
from tabletop_rules.testing.configs import all_configs

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"

compiled_only = pytest.mark.skipif(not tabletop_rules.COMPILED, reason="runs against the compiled build only")


def _hook_constant(name: str) -> object:
    """A literal constant of ``hatch_build.py`` (read without importing hatchling)."""
    tree = ast.parse((ROOT / "hatch_build.py").read_text(encoding="utf-8"))
    target: ast.expr
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        else:
            continue
        if isinstance(target, ast.Name) and target.id == name:
            return ast.literal_eval(value)
    raise AssertionError(f"{name} not found in hatch_build.py")


def _compiled_module_names() -> list[str]:
    """The modules the compiled build compiles, as `hatch_build.compiled_modules` finds them."""
    paths = _hook_constant("COMPILED_MODULES")
    assert isinstance(paths, tuple)
    return [f"tabletop_rules.{p.removesuffix('.py').replace('/', '.')}" for p in paths]


def _games_text(games: int) -> str:
    """Every seeded game of every configuration: its record (with every state's JSON hash), its last JSON."""
    lines = []
    for label, module_name, start in all_configs():
        game = importlib.import_module(f"tabletop_rules.{module_name}")
        for seed in range(1, games + 1):
            playout = random_playout(game, seed, initial=start(game))
            record = record_playout(game, playout, states_sha256=True)
            lines.append(json.dumps({"label": label, "seed": seed, "record": record}, sort_keys=True))
            lines.append(game.to_json(playout.final))  # every state's JSON is in the record, hashed
    return "\n".join(lines)


def test_compiled_is_a_bool_telling_which_build_is_imported() -> None:
    reach = importlib.import_module("tabletop_rules.valandris.reach")
    assert type(tabletop_rules.COMPILED) is bool
    compiled = any(str(reach.__file__).endswith(s) for s in EXTENSION_SUFFIXES)
    assert compiled is tabletop_rules.COMPILED


def test_every_compiled_module_exists_once() -> None:
    paths = _hook_constant("COMPILED_MODULES")
    assert isinstance(paths, tuple)
    assert paths
    assert len(set(paths)) == len(paths)
    for path in paths:
        assert (SRC / "tabletop_rules" / path).is_file(), path


@compiled_only
def test_the_compiled_build_imports_every_compiled_module_as_an_extension() -> None:
    for name in _compiled_module_names():
        module = importlib.import_module(name)
        assert any(str(module.__file__).endswith(s) for s in EXTENSION_SUFFIXES), name


@compiled_only
def test_the_compiled_build_plays_the_same_games_as_the_pure_source() -> None:
    """REL-BUILD-1: the compiled and pure builds play byte-identical seeded games (records and JSON)."""
    code = (
        "import sys, tabletop_rules; assert not tabletop_rules.COMPILED; "
        "sys.path.insert(0, sys.argv[1]); import test_compiled_build as t; sys.stdout.write(t._games_text(1))"
    )
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    pure = subprocess.run(
        [sys.executable, "-c", code, str(Path(__file__).parent)],
        check=True, capture_output=True, text=True, env=env, cwd=ROOT,
    ).stdout
    assert _games_text(1) == pure


NATIVE_RECORDS = (
    "chrononauts.state.State",
    "chrononauts.context.Context",
    "chrononauts.history.History",
    "chrononauts.frames.Window",
    "chrononauts.frames.DrawCards",
    "chrononauts.frames.PlayStep",
    "chrononauts.frames.EndTurn",
    "trismaugistus.state.State",
    "trismaugistus.state.AutomaState",
    "trismaugistus.state.BoardMirror",
    "trismaugistus.state.Pending",
    "trismaugistus.state.DieOnTracker",
    "trismaugistus.automa_choice.Candidate",
    "trismaugistus.automa_choice.DieChoice",
)
"""The records the compiled build makes native classes (`core.frozen.native_record`, and `History`)."""


def _record(path: str) -> type:
    module, name = path.rsplit(".", 1)
    cls = getattr(importlib.import_module(f"tabletop_rules.{module}"), name)
    assert isinstance(cls, type)
    return cls


@compiled_only
def test_the_compiled_build_makes_the_hot_records_native_classes() -> None:
    """Compiled code reads a native record's fields from its own structure: no instance dictionary."""
    state = importlib.import_module("tabletop_rules.chrononauts").new_game(players=4)
    for path in NATIVE_RECORDS:
        cls = _record(path)
        assert cls.__dictoffset__ == 0, path
    assert not hasattr(state, "__dict__")
    assert not hasattr(state.ctx, "__dict__")


def test_the_native_records_are_frozen_and_pickle_in_both_builds() -> None:
    import pickle

    chrononauts = importlib.import_module("tabletop_rules.chrononauts")
    state = random_playout(chrononauts, 3, initial=chrononauts.new_game(players=4)).final
    records = [state, state.ctx, state.log, *state.ctx.turn_frames[0]]
    for record in records:
        assert pickle.loads(pickle.dumps(record)) == record
        with pytest.raises(AttributeError):  # attrs' FrozenInstanceError, or History's refusal
            record.player = 1
    assert {type(r).__name__ for r in records} >= {"State", "Context", "History", "EndTurn", "PlayStep"}


def test_the_trismaugistus_native_records_are_frozen_and_pickle_in_both_builds() -> None:
    import pickle

    trismaugistus = importlib.import_module("tabletop_rules.trismaugistus")
    from tabletop_rules.trismaugistus.automa_choice import section_one

    playout = random_playout(trismaugistus, 5)
    records: list[Any] = []
    for state in playout.states(trismaugistus):
        records += [state, state.automa, state.board]
        if state.pending is not None:
            records.append(state.pending)
        if state.automa.active_die is not None:
            records.append(state.automa.active_die)
    mid = next(s for s in playout.states(trismaugistus) if s.phase == "play")
    card = mid.pack.automa_cards[0].id
    choice, _ = section_one(mid.board.bowls, card, mid.pack, mid.options)
    records += [choice, *(c for _, found in choice.levels for c in found)]
    assert {type(r).__name__ for r in records} >= {
        "State", "AutomaState", "BoardMirror", "Pending", "DieOnTracker", "DieChoice", "Candidate"
    }  # fmt: skip
    for record in records[:: max(1, len(records) // 200)] + records[-8:]:
        copy = pickle.loads(pickle.dumps(record))
        assert copy == record
        assert hash(copy) == hash(record)
        with pytest.raises(AttributeError):  # attrs' FrozenInstanceError
            record.vp = 1
