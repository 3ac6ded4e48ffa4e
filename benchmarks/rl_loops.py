"""The cost of the RL environments in a random-play loop, as a ratio to the bare engine (issue 27).

Usage::

    python benchmarks/rl_loops.py [--seconds 3] [--repeat 5] [--only chrononauts] [--out benchmarks/results]
    python benchmarks/rl_loops.py --instructions [--games 4] [--only valandris]

For Chrononauts 4 players, Valandris and Trismaugistus it plays random seeded games
several ways, in the same process, from the same initial state (the environment's
`initial`, so Trismaugistus' setup is a decision in every loop):

* **bare**: `legal_moves` / `apply` / chance sampling with a random choice, as
  `benchmarks/playouts.py` does;
* **pettingzoo**: PettingZoo's standard loop through the *wrapped* environment
  (`tabletop_rules.adapters.pettingzoo.env`): `for agent in env.agent_iter():
  obs, rew, term, trunc, info = env.last()`, a random legal id from
  `obs["action_mask"]` (`numpy.flatnonzero` and `random.randrange`), `env.step`;
* **pettingzoo_infostate**: the same with `observation_type="information_state"`
  (Chrononauts only);
* **gymnasium**: Gymnasium's loop through `TabletopEnv` for seat 0 (the other seats
  are the environment's random opponents): a random legal id from
  `info["action_mask"]`, `env.step`, until terminated or truncated.

The environments are made with `max_moves=None`, so every loop plays each game to its
end as the bare loop does. Game `k` of a repeat is seeded `k` in every loop (the
bare loop's `random.Random(seed)`, the environments' `reset(seed=seed)` and the
loop's own `random.Random(seed)` for its choices); the loops enumerate the legal
moves in different orders (`legal_moves` order, action-id order), so they play
different games of the same distribution, and the figure compared is the time per
atomic move (decisions and chance outcomes). Each repeat plays the number of games
the bare loop plays in about ``--seconds`` (measured first), after one untimed pass
of every loop; the loops run in turn, in an order that alternates between repeats,
so that machine load affects each side alike. The reported ratio is the median
over the repeats of the paired ratios (time per move of the loop / time per move of
the bare loop).

With ``--instructions`` the script runs itself under valgrind's callgrind and counts
the instructions of each loop instead (independent of the machine's load), over
``--games`` games, after the same untimed pass; it marks the loops' boundaries with
`os.getppid` calls (callgrind's ``--dump-before``).

Results go to ``rl_loops.json`` and ``rl_loops.md`` under ``--out``. Speed is measured
here, never asserted in tests.
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
import warnings
from pathlib import Path
from typing import Any

import _results as results
import numpy as np
from _callgrind import loop_instructions

from tabletop_rules.adapters import pettingzoo as tz
from tabletop_rules.adapters.gymnasium import TabletopEnv
from tabletop_rules.core import CHANCE, sample_chance

CONFIGS: dict[str, tuple[str, dict[str, Any]]] = {
    "Chrononauts 4p": ("chrononauts", {"players": 4}),
    "Valandris": ("valandris", {}),
    "Trismaugistus": ("trismaugistus", {}),
}
"""The configurations: a label, the game's short name and its options."""
TARGETS = {"Chrononauts 4p": 5.0, "Valandris": 6.0}
"""Issue 27's targets for the wrapped PettingZoo loop, as a multiple of the bare loop."""
RUN_SEEDS = 1_000_000
"""Seeds apart between two repeats."""


class Loops:
    """The loops of one configuration, with their environments made once."""

    def __init__(self, name: str, options: dict[str, Any]) -> None:
        self.pz = tz.env(name, max_moves=None, **options)
        self.game = self.pz.unwrapped.game
        self.initial = self.pz.unwrapped.initial
        self.gym = TabletopEnv(name, seat=0, max_moves=None, **options)
        self.names = ["bare", "pettingzoo"]
        self.pz_info = None
        if hasattr(importlib.import_module(f"{self.game.__name__}.tensors"), "information_state_tensor"):
            self.pz_info = tz.env(name, max_moves=None, observation_type="information_state", **options)
            self.names.append("pettingzoo_infostate")
        self.names.append("gymnasium")

    def fast(self) -> dict[str, bool]:
        """Whether each environment takes the games' numpy forms (not the tuple fallbacks)."""
        return {
            "pettingzoo": _is_fast(self.pz.unwrapped),
            "gymnasium": _is_fast(self.gym),
            **({"pettingzoo_infostate": _is_fast(self.pz_info.unwrapped)} if self.pz_info else {}),
        }

    def play(self, loop: str, first_seed: int, games: int) -> int:
        """Play `games` games with `loop`, seeded `first_seed` on; return the atomic moves made."""
        seeds = range(first_seed, first_seed + games)
        if loop == "bare":
            return self._bare(seeds)
        if loop == "gymnasium":
            return self._gymnasium(seeds)
        return self._pettingzoo(self.pz if loop == "pettingzoo" else self.pz_info, seeds)

    def _bare(self, seeds: range) -> int:
        game, initial = self.game, self.initial
        moves = 0
        for seed in seeds:
            rng = random.Random(seed)
            state = initial
            while not game.is_terminal(state):
                if game.current_player(state) is CHANCE:
                    move = sample_chance(game, state, rng)
                else:
                    legal = game.legal_moves(state)
                    move = legal[rng.randrange(len(legal))]
                state = game.apply(state, move)
                moves += 1
        return moves

    @staticmethod
    def _pettingzoo(env: Any, seeds: range) -> int:
        flatnonzero = np.flatnonzero
        moves = 0
        for seed in seeds:
            env.reset(seed=seed)
            rng = random.Random(seed)
            for _agent in env.agent_iter():
                observation, _reward, termination, truncation, _info = env.last()
                if termination or truncation:
                    action = None
                else:
                    legal = flatnonzero(observation["action_mask"])
                    action = legal[rng.randrange(len(legal))]
                env.step(action)
            moves += env.unwrapped._moves
        return moves

    def _gymnasium(self, seeds: range) -> int:
        env, flatnonzero = self.gym, np.flatnonzero
        moves = 0
        for seed in seeds:
            _observation, info = env.reset(seed=seed)
            rng = random.Random(seed)
            done = env._done or env.game.is_terminal(env.state_now)
            while not done:
                legal = flatnonzero(info["action_mask"])
                action = legal[rng.randrange(len(legal))]
                _observation, _reward, terminated, truncated, info = env.step(action)
                done = terminated or truncated
            moves += env._moves
        return moves


def _is_fast(raw: Any) -> bool:
    """Whether an environment's encoders are the games' numpy functions (by their names)."""
    return bool(raw._encode.__name__.endswith("_array") and raw._mask.__name__ == "legal_action_mask")


def games_in(loops: Loops, seconds: float, first_seed: int) -> int:
    """How many games the bare loop plays in about `seconds` (at least two)."""
    clock = time.perf_counter
    began = clock()
    games = 0
    while clock() - began < seconds:
        loops.play("bare", first_seed + games, 1)
        games += 1
    return max(games, 2)


def timed(loops: Loops, seconds: float, repeat: int) -> dict[str, Any]:
    """Median moves/s and paired per-move ratios over `repeat` repeats (see the module docstring)."""
    names = loops.names
    per_move: dict[str, list[float]] = {name: [] for name in names}
    ratios: dict[str, list[float]] = {name: [] for name in names[1:]}
    games = 0
    for r in range(repeat):
        seed = r * RUN_SEEDS
        games = games_in(loops, seconds, seed)
        for name in names:
            loops.play(name, seed, games)  # the untimed pass
        order = names if r % 2 == 0 else names[::-1]
        took: dict[str, float] = {}
        for name in order:
            gc.collect()
            began = time.perf_counter()
            moves = loops.play(name, seed, games)
            took[name] = (time.perf_counter() - began) / moves
            per_move[name].append(took[name])
        for name in names[1:]:
            ratios[name].append(took[name] / took["bare"])
    return {
        "moves_per_s": {name: 1 / statistics.median(t) for name, t in per_move.items()},
        "ratio": {name: statistics.median(v) for name, v in ratios.items()},
        "ratios": ratios,
        "games_last_repeat": games,
    }


def counted(label: str, games: int) -> dict[str, Any]:
    """Instructions per atomic move of each loop over `games` games, from one run under callgrind."""
    report, totals = loop_instructions(__file__, label, games)
    names, moves = report["loops"], report["moves"]
    counts = totals.items()
    per_move = {name: total / moves[name] for name, total in counts}
    return {
        "instructions_per_move": per_move,
        "ratio": {name: per_move[name] / per_move["bare"] for name in names[1:]},
        "games": games,
        "moves": moves,
    }


def child(label: str, games: int) -> None:
    """Under callgrind: the untimed pass, then each loop between two `os.getppid` markers."""
    name, options = CONFIGS[label]
    loops = Loops(name, options)
    for loop in loops.names:
        loops.play(loop, 0, games)
    moves = {}
    os.getppid()
    for loop in loops.names:
        moves[loop] = loops.play(loop, 0, games)
        os.getppid()
    print(json.dumps({"loops": loops.names, "moves": moves}))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="wall time of the bare loop in one repeat")
    parser.add_argument("--repeat", type=int, default=5, help="repeats per configuration (median reported)")
    parser.add_argument("--only", help="only configurations whose label contains this text")
    parser.add_argument("--instructions", action="store_true", help="count instructions under callgrind")
    parser.add_argument("--games", type=int, default=4, help="games per loop with --instructions")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "results")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    warnings.simplefilter("ignore")  # PettingZoo's advice on Dict observations
    if args.child:
        child(args.child, args.games)
        return 0

    load_before = os.getloadavg()
    rows: list[dict[str, Any]] = []
    for label, (name, options) in CONFIGS.items():
        if args.only and args.only.lower() not in label.lower():
            continue
        loops = Loops(name, options)
        result = counted(label, args.games) if args.instructions else timed(loops, args.seconds, args.repeat)
        row = {"label": label, "target": TARGETS.get(label), "fast": loops.fast(), **result}
        rows.append(row)
        print(summary(row), flush=True)

    payload = {
        "machine": results.machine(
            load_before,
            numpy=np.__version__,
            pettingzoo=importlib.import_module("pettingzoo").__version__,
            gymnasium=importlib.import_module("gymnasium").__version__,
        ),
        "measure": "instructions (callgrind)" if args.instructions else "wall time",
        "seconds": args.seconds,
        "repeat": args.repeat,
        "games": args.games,
        "rows": rows,
    }
    stem = "rl_loops_instructions" if args.instructions else "rl_loops"
    results.write(args.out, stem, payload, markdown(payload))
    return 0


def summary(row: dict[str, Any]) -> str:
    parts = [f"{loop} {ratio:.2f}x" for loop, ratio in row["ratio"].items()]
    target = f" (PettingZoo target {row['target']:g}x)" if row["target"] else ""
    rate = f", bare {row['moves_per_s']['bare']:,.0f} moves/s" if "moves_per_s" in row else ""
    slow = [name for name, fast in row["fast"].items() if not fast]
    note = f"; tuple fallbacks in {', '.join(slow)}" if slow else ""
    return f"{row['label']}: " + ", ".join(parts) + target + rate + note


def markdown(payload: dict[str, Any]) -> str:
    machine = payload["machine"]
    if payload["measure"] == "wall time":
        how = (
            f"wall time per atomic move, median of {payload['repeat']} paired repeats (the bare loop "
            f"about {payload['seconds']:g} s each)"
        )
    else:
        how = f"instructions per atomic move counted by callgrind over {payload['games']} games per loop"
    lines = [
        f"Python {machine['python']}, numpy {machine['numpy']}, PettingZoo {machine['pettingzoo']}, "
        f"Gymnasium {machine['gymnasium']}, on {machine['machine']} {machine['system']}; {how}.",
        f"Load average (1, 5, 15 min) on {machine['cpus']} CPUs: "
        f"{' '.join(f'{x:.2f}' for x in machine['load_before'])} before, "
        f"{' '.join(f'{x:.2f}' for x in machine['load_after'])} after.",
        "",
        "| game | bare moves/s | PettingZoo (wrapped) | PettingZoo, information state | Gymnasium | target |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for row in payload["rows"]:
        rate = f"{row['moves_per_s']['bare']:,.0f}" if "moves_per_s" in row else "–"
        ratio = row["ratio"]
        info = f"{ratio['pettingzoo_infostate']:.2f}×" if "pettingzoo_infostate" in ratio else "–"
        target = f"≤ {row['target']:g}×" if row["target"] else "–"
        pz, gym = f"{ratio['pettingzoo']:.2f}×", f"{ratio['gymnasium']:.2f}×"
        lines.append(f"| {row['label']} | {rate} | {pz} | {info} | {gym} | {target} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
