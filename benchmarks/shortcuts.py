"""What each remaining speed shortcut of the engines is worth: random playouts with and without it (issue 25).

Usage::

    python benchmarks/shortcuts.py [--instructions] [--games 6] [--only "Chrononauts 4p"]
    python benchmarks/shortcuts.py --seconds 2 --repeat 5

Issue 25 keeps a shortcut only where a measurement shows it is worth it: the
Chrononauts fast paths (`chrononauts.fast_paths.apply_fast`, a second way to make the
commonest moves) must make playouts at least 15 % faster than the general engine
alone, and the direct builders of the other two games (Trismaugistus' `State._built` and
`AutomaState._built`, open twins in the pure build by `core.frozen.native_record`, and Valandris'
`state.successor`, which fill an open twin of the record and then make it frozen) at least 10 %
faster than the `attrs` constructors. For each configuration it plays the same
seeded random games (`legal_moves` / `apply` / chance sampling, as
`benchmarks/playouts.py`) three ways in one process: with the shortcut, without it
(`rules.apply` without its call of `apply_fast`, so every move takes the general path; or the
constructors in place of the builders, in every module that imported them), and with
it again, after one untimed pass of each. The shortcut changes no move and no state
(the tests check the fast paths against the general path field by field), so the three
loops play the same moves.

With ``--instructions`` it counts the instructions of each loop under callgrind (load
independent); otherwise it times paired repeats in an alternating order and reports the
median ratio. The figure is *without / with*: 1.15 means the shortcut makes playouts
15 % faster. Speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from _callgrind import loop_instructions
from _loops import seeded_games

import tabletop_rules
from tabletop_rules.testing.configs import speed_configs

RULES = {"chrononauts": 1.15, "trismaugistus": 1.10, "valandris": 1.10}
"""Issue 25's bar for each game's shortcut: the least ratio (without / with) that keeps it."""
LOOPS = ("with", "without", "with again")


@contextmanager
def without(module_name: str) -> Iterator[None]:
    """The game's shortcut switched off for the duration (restored after)."""
    if module_name == "chrononauts":
        # `rules.apply` without its fast path, in place of the package's `apply`: patching
        # `rules.apply_fast` would not reach a compiled `rules`, which calls it directly
        package = importlib.import_module("tabletop_rules.chrononauts")
        rules = importlib.import_module("tabletop_rules.chrononauts.rules")
        engine = importlib.import_module("tabletop_rules.chrononauts.engine")
        chance_frames = importlib.import_module("tabletop_rules.chrononauts.frames").CHANCE_FRAMES

        def general(state: Any, move: Any) -> Any:
            stack = state.stack
            if not (state.result is None and stack and rules._surely_legal(state, stack[-1], move)):
                rules.check_move(state, move)
                move = rules.canonical_move(state, move)
            return engine.run(state, move, chance=isinstance(state.stack[-1], chance_frames))

        kept = package.apply
        package.apply = general
        try:
            yield
        finally:
            package.apply = kept
        return
    state = importlib.import_module(f"tabletop_rules.{module_name}.state")
    plain: dict[str, Any]
    if module_name == "valandris":

        def constructed(
            old: Any, *, phase: Any, turn: Any, creatures: Any, demon: Any, sealed: Any, declared: Any,
            crossing: Any, score: Any, captured: Any,
        ) -> Any:  # fmt: skip
            # the constructor as `rules` called it before `successor` (one call more, about 1 k instructions)
            return state.State(
                options=old.options, phase=phase, turn=turn, creatures=creatures, demon=demon, sealed=sealed,
                declared=declared, crossing=crossing, score=score, captured=captured,
            )  # fmt: skip

        plain = {"successor": constructed}
    else:
        # Trismaugistus builds its records through `State._built` and `AutomaState._built`, which the pure
        # build's `core.frozen.native_record` makes open twins; "without" puts the constructors in their
        # place. Compiled, each is a direct call of its (native) constructor already: nothing to remove.
        records = [state.State, state.AutomaState]
        kept_builders = [cls.__dict__["_built"] for cls in records]
        if not tabletop_rules.COMPILED:
            for cls in records:
                setattr(cls, "_built", staticmethod(cls))  # noqa: B010 - a method replaced on the class
        try:
            yield
        finally:
            if not tabletop_rules.COMPILED:
                for cls, builder in zip(records, kept_builders, strict=True):
                    setattr(cls, "_built", builder)  # noqa: B010
        return
    saved: list[tuple[Any, str, Any]] = []
    for name, module in list(sys.modules.items()):
        if name.startswith(f"tabletop_rules.{module_name}") and module is not None:
            for builder, constructor in plain.items():
                if builder in vars(module):
                    saved.append((module, builder, vars(module)[builder]))
                    setattr(module, builder, constructor)
    try:
        yield
    finally:
        for module, builder, kept_builder in saved:
            setattr(module, builder, kept_builder)


def run_loop(loop: str, module_name: str, game: Any, start: Any, seed: int, games: int) -> int:
    if loop == "without":
        with without(module_name):
            return seeded_games(game, start, seed, games)
    return seeded_games(game, start, seed, games)


def configs(only: str | None) -> list[tuple[str, str, Any]]:
    return [
        (label, module_name, start)
        for label, module_name, start in speed_configs()
        if module_name in RULES and (not only or only.lower() in label.lower())
    ]


def child(label: str, games: int) -> None:
    """Under callgrind: an untimed pass of each way, then each loop between two `os.getppid` markers."""
    label, module_name, start = next(c for c in configs(None) if c[0] == label)
    game = importlib.import_module(f"tabletop_rules.{module_name}")
    for loop in LOOPS[:2]:
        run_loop(loop, module_name, game, start, 0, games)
    os.getppid()
    moves = []
    for loop in LOOPS:
        moves.append(run_loop(loop, module_name, game, start, 0, games))
        os.getppid()
    print(json.dumps({"loops": list(LOOPS), "moves": moves}))


def timed(module_name: str, game: Any, start: Any, seconds: float, repeat: int) -> list[float]:
    """Paired ratios (without / with) of `repeat` repeats, each about `seconds` a loop."""
    began, games = time.perf_counter(), 0
    while time.perf_counter() - began < seconds:
        seeded_games(game, start, games, 1)
        games += 1
    ratios = []
    for r in range(repeat):
        took = {}
        for loop in LOOPS[:2] if r % 2 == 0 else LOOPS[1::-1]:
            run_loop(loop, module_name, game, start, r * 1_000_000, games)  # untimed
        for loop in LOOPS[:2] if r % 2 == 0 else LOOPS[1::-1]:
            gc.collect()
            t0 = time.perf_counter()
            run_loop(loop, module_name, game, start, r * 1_000_000, games)
            took[loop] = time.perf_counter() - t0
        ratios.append(took["without"] / took["with"])
    return ratios


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instructions", action="store_true", help="count instructions under callgrind")
    parser.add_argument("--games", type=int, default=6, help="games per loop with --instructions")
    parser.add_argument("--seconds", type=float, default=2.0, help="wall time of one loop in one repeat")
    parser.add_argument("--repeat", type=int, default=5, help="paired repeats (median reported)")
    parser.add_argument("--only", help="only configurations whose label contains this text")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.games)
        return 0
    for label, module_name, start in configs(args.only):
        bar = RULES[module_name]
        if args.instructions:
            report, counts = loop_instructions(__file__, label, args.games)
            per_move = [counts[loop] / moves for loop, moves in zip(LOOPS, report["moves"], strict=True)]
            ratio = per_move[1] / statistics.mean((per_move[0], per_move[2]))  # without / with
            detail = ", ".join(f"{loop} {n / 1000:.1f} k" for loop, n in zip(LOOPS, per_move, strict=True))
            keep = f"keep if >= {bar:.2f}"
            print(f"{label}: without / with {ratio:.2f} ({keep}); instructions a move: {detail}")
        else:
            game = importlib.import_module(f"tabletop_rules.{module_name}")
            ratios = timed(module_name, game, start, args.seconds, args.repeat)
            spread = f"{min(ratios):.2f}-{max(ratios):.2f}"
            print(
                f"{label}: without / with {statistics.median(ratios):.2f} (keep if >= {bar:.2f}); "
                f"paired repeats {spread}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
