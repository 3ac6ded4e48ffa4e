"""The cost of the numpy encodings in a random-play loop, as a ratio to the bare loop (issue 27).

Usage::

    python benchmarks/encodings.py [--seconds 2] [--repeat 5] [--only valandris] [--out benchmarks/results]
    python benchmarks/encodings.py --instructions [--games 20] [--only valandris]

For every configuration of `tabletop_rules.testing.configs.speed_configs()` whose
game has the numpy encodings (`tensors.observation_array` and
`actions.legal_action_mask`), it plays the same seeded random games three ways,
in the same process:

* **bare**: `legal_moves` / `apply` / chance sampling with a random choice, as
  `benchmarks/playouts.py` does;
* **observation**: the bare loop plus, at every decision, the acting player's
  `observation_array` (written into one reused `out` array) and
  `legal_action_mask` (into another);
* **information state**: the same with `information_state_array`, for the games
  whose `tensors` module has it (found by name).

The encodings draw no random numbers, so the three loops play exactly the same
moves. Each repeat plays the same games in every loop (the number of games the
bare loop plays in ``--seconds``, measured first), after one untimed pass of
the fullest loop over those games (so that the rules' caches and the encoders'
are equally warm for every timed loop); the loops run in turn, in an order that
alternates between repeats, so that machine load affects each side alike. The
reported ratio is the median over the repeats of the paired ratios
(time of the loop / time of the bare loop, for the same games).

With ``--instructions`` the script runs itself under valgrind's callgrind and
counts the instructions of each loop instead of timing it (independent of the
machine's load; a run takes minutes): the ratio is the ratio of instruction
counts, over ``--games`` games (after the same untimed warm-up pass). It marks the
loops' boundaries by calling `os.getppid` (callgrind's ``--dump-before``), so it
needs a CPython whose symbols valgrind can read.

Results go to ``encodings.json`` and ``encodings.md`` under ``--out``. Speed is
measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import _results as results
from _callgrind import loop_instructions

from tabletop_rules.core import CHANCE, sample_chance
from tabletop_rules.testing.configs import speed_configs

TARGETS = {"Valandris": 2.5, "Chrononauts 4p": 2.0, "Trismaugistus d1": 2.0, "Trismaugistus d2": 2.0,
           "Trismaugistus d3": 2.0}  # fmt: skip
"""Issue 27's targets: the most a loop with encodings may cost, as a multiple of the bare loop."""
RUN_SEEDS = 1_000_000
"""Seeds apart between two repeats: repeat ``r`` plays the games seeded ``r * RUN_SEEDS`` on."""
LOOPS = ("bare", "observation", "information_state")


class Encodings:
    """A game's module, its encodings found by name, and reusable `out` arrays sized for `start`."""

    def __init__(self, module_name: str, start: Callable[[ModuleType], Any]) -> None:
        self.game = importlib.import_module(f"tabletop_rules.{module_name}")
        self.start = start
        self.tensors = importlib.import_module(f"tabletop_rules.{module_name}.tensors")
        self.actions = importlib.import_module(f"tabletop_rules.{module_name}.actions")
        self.observe: Any = getattr(self.tensors, "observation_array", None)
        self.inform: Any = getattr(self.tensors, "information_state_array", None)
        self.mask: Any = getattr(self.actions, "legal_action_mask", None)
        state = start(self.game)
        import numpy as np

        self.obs_out = np.zeros(self.tensors.observation_tensor_size(state), np.float32)
        self.mask_out = np.zeros(self.actions.num_actions(state), np.int8)
        self.info_out = (
            np.zeros(self.tensors.information_state_tensor_size(state), np.float32)
            if self.inform is not None
            else None
        )

    @property
    def ready(self) -> bool:
        return self.observe is not None and self.mask is not None

    def loops(self) -> tuple[str, ...]:
        return LOOPS if self.inform is not None else LOOPS[:2]

    def play(self, loop: str, first_seed: int, games: int) -> int:
        """Play `games` seeded games with `loop`'s per-decision work; return the atomic moves."""
        if loop == "bare":
            return self._bare(first_seed, games)
        encode = self.observe if loop == "observation" else self.inform
        out = self.obs_out if loop == "observation" else self.info_out
        return self._encoded(first_seed, games, encode, out)

    def _bare(self, first_seed: int, games: int) -> int:
        game, start = self.game, self.start
        moves = 0
        for seed in range(first_seed, first_seed + games):
            rng = random.Random(seed)
            state = start(game)
            while not game.is_terminal(state):
                player = game.current_player(state)
                if player is CHANCE:
                    move = sample_chance(game, state, rng)
                else:
                    legal = game.legal_moves(state)
                    move = legal[rng.randrange(len(legal))]
                state = game.apply(state, move)
                moves += 1
        return moves

    def _encoded(self, first_seed: int, games: int, encode: Any, out: Any) -> int:
        game, start, mask, mask_out = self.game, self.start, self.mask, self.mask_out
        moves = 0
        for seed in range(first_seed, first_seed + games):
            rng = random.Random(seed)
            state = start(game)
            while not game.is_terminal(state):
                player = game.current_player(state)
                if player is CHANCE:
                    move = sample_chance(game, state, rng)
                else:
                    legal = game.legal_moves(state)
                    encode(state, player, out)
                    mask(state, mask_out)
                    move = legal[rng.randrange(len(legal))]
                state = game.apply(state, move)
                moves += 1
        return moves


def games_in(enc: Encodings, seconds: float, first_seed: int) -> int:
    """How many games the bare loop plays in about `seconds` (at least one)."""
    clock = time.perf_counter
    began = clock()
    games = 0
    while clock() - began < seconds:
        enc.play("bare", first_seed + games, 1)
        games += 1
    return max(games, 1)


def timed(enc: Encodings, seconds: float, repeat: int) -> dict[str, Any]:
    """Median seconds, moves/s and paired ratios over `repeat` repeats (see the module docstring)."""
    loops = enc.loops()
    times: dict[str, list[float]] = {loop: [] for loop in loops}
    ratios: dict[str, list[float]] = {loop: [] for loop in loops[1:]}
    moves = games = 0
    for r in range(repeat):
        seed = r * RUN_SEEDS
        games = games_in(enc, seconds, seed)
        enc.play(loops[-1], seed, games)  # the untimed warm-up pass
        order = loops if r % 2 == 0 else loops[::-1]
        took: dict[str, float] = {}
        for loop in order:
            gc.collect()
            began = time.perf_counter()
            moves = enc.play(loop, seed, games)
            took[loop] = time.perf_counter() - began
            times[loop].append(took[loop] / moves)
        for loop in loops[1:]:
            ratios[loop].append(took[loop] / took["bare"])
    return {
        "moves_per_s": {loop: 1 / statistics.median(t) for loop, t in times.items()},
        "ratio": {loop: statistics.median(v) for loop, v in ratios.items()},
        "ratios": ratios,
        "games_last_repeat": games,
    }


def counted(label: str, games: int) -> dict[str, Any]:
    """The instruction counts of each loop over `games` games, from one run of this script under callgrind."""
    _, counts = loop_instructions(__file__, label, games)
    loops = list(counts)  # dump 1 is the start-up and the warm-up; then one dump per loop
    return {
        "instructions": counts,
        "ratio": {loop: counts[loop] / counts["bare"] for loop in loops[1:]},
        "games": games,
    }


def child(label: str, games: int) -> None:
    """Under callgrind: warm up, then play each loop between two `os.getppid` markers."""
    config = next(c for c in speed_configs() if c.label == label)
    enc = Encodings(config.module_name, config.start)
    loops = enc.loops()
    enc.play(loops[-1], 0, games)
    os.getppid()
    for loop in loops:
        enc.play(loop, 0, games)
        os.getppid()
    print(json.dumps({"loops": loops}))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="wall time of the bare loop in one repeat")
    parser.add_argument("--repeat", type=int, default=5, help="repeats per configuration (median reported)")
    parser.add_argument("--only", help="only configurations whose label contains this text")
    parser.add_argument("--instructions", action="store_true", help="count instructions under callgrind")
    parser.add_argument("--games", type=int, default=20, help="games per loop with --instructions")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "results")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.games)
        return 0

    load_before = os.getloadavg()
    rows: list[dict[str, Any]] = []
    for label, module_name, start in speed_configs():
        if args.only and args.only.lower() not in label.lower():
            continue
        enc = Encodings(module_name, start)
        if not enc.ready:
            print(f"{label}: no observation_array / legal_action_mask yet, skipped")
            continue
        result = counted(label, args.games) if args.instructions else timed(enc, args.seconds, args.repeat)
        row = {"label": label, "target": TARGETS.get(label), **result}
        rows.append(row)
        print(summary(row))

    payload = {
        "machine": results.machine(load_before, numpy=importlib.import_module("numpy").__version__),
        "measure": "instructions (callgrind)" if args.instructions else "wall time",
        "seconds": args.seconds,
        "repeat": args.repeat,
        "games": args.games,
        "games_rows": rows,
    }
    stem = "encodings_instructions" if args.instructions else "encodings"
    results.write(args.out, stem, payload, markdown(payload))
    return 0


def summary(row: dict[str, Any]) -> str:
    parts = [f"{loop} {ratio:.2f}x" for loop, ratio in row["ratio"].items()]
    target = f" (target {row['target']:g}x)" if row["target"] else ""
    rate = f", bare {row['moves_per_s']['bare']:,.0f} moves/s" if "moves_per_s" in row else ""
    return f"{row['label']}: " + ", ".join(parts) + target + rate


def markdown(payload: dict[str, Any]) -> str:
    machine = payload["machine"]
    if payload["measure"] == "wall time":
        how = (
            f"wall time, median of {payload['repeat']} paired repeats (the bare loop about "
            f"{payload['seconds']:g} s each)"
        )
    else:
        how = f"instructions counted by callgrind over {payload['games']} games per loop"
    lines = [
        f"Python {machine['python']} ({machine['implementation']}), numpy {machine['numpy']}, on "
        f"{machine['machine']} {machine['system']}; {how}.",
        f"Load average (1, 5, 15 min) on {machine['cpus']} CPUs: "
        f"{' '.join(f'{x:.2f}' for x in machine['load_before'])} before, "
        f"{' '.join(f'{x:.2f}' for x in machine['load_after'])} after.",
        "",
        "| game | bare moves/s | + observation and mask | + information state and mask | target |",
        "|---|---:|---:|---:|---:|",
    ]
    for row in payload["games_rows"]:
        rate = f"{row['moves_per_s']['bare']:,.0f}" if "moves_per_s" in row else "–"
        obs = f"{row['ratio']['observation']:.2f}×"
        info = f"{row['ratio']['information_state']:.2f}×" if "information_state" in row["ratio"] else "–"
        target = f"≤ {row['target']:g}×" if row["target"] else "–"
        lines.append(f"| {row['label']} | {rate} | {obs} | {info} | {target} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
