"""What reading the observation tensor at every decision costs an OpenSpiel loop, per game.

Usage::

    python benchmarks/openspiel_observer.py [--games 20] [--repeat 5] [--only chrononauts-4p]

Each configuration plays the same seeded random games through `pyspiel` as a bare loop
(`legal_actions`, `apply_action`, chance sampled from `chance_outcomes`) and as the same loop reading,
at every decision, the acting player's `state.observation_tensor(player)`, or
`state.information_state_tensor(player)`, or the numpy buffer of the game's observer
(`open_spiel.python.observation.make_observation(game)`, `set_from(state, player)`: no list built).
The loops alternate run by run in one process, so machine load falls on both sides, and the median
of the paired ratios is printed. A state's tensor is a new Python list of floats at every call (what
OpenSpiel's API returns), which costs about as much as the numpy encoding itself; the observer's
buffer avoids it. Issue 27's target: the observation loop at most 1.5x the bare loop.

With ``--instructions`` the script runs itself under valgrind's callgrind and counts the
instructions of each loop over ``--games`` games instead of timing them (independent of the
machine's load; see ``_callgrind.py``)::

    python benchmarks/openspiel_observer.py --instructions --games 10
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import pyspiel
from _callgrind import loop_instructions
from open_spiel.python.observation import make_observation

from tabletop_rules.adapters import openspiel

CONFIGS: dict[str, tuple[str, dict[str, Any]]] = {
    "chrononauts-4p": ("tabletop_chrononauts", {"players": 4, "max_turns": 100}),
    "valandris": ("tabletop_valandris", {"max_turns": 100}),
    "trismaugistus": ("tabletop_trismaugistus", {"max_turns": 40}),
}


def play(game: Any, seeds: range, read: Callable[[Any, int], object] | None) -> tuple[float, int]:
    """Seconds and atomic moves for one random game per seed, reading `read(state, player)` if given."""
    moves = 0
    began = time.perf_counter()
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                player = state.current_player()
                if read is not None:
                    read(state, player)
                state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    return time.perf_counter() - began, moves


def readers_of(game: Any) -> dict[str, Callable[[Any, int], object]]:
    """The three ways of reading a tensor at a decision, by name."""
    observer = make_observation(game)  # the game's own Python observer: a numpy buffer, no list
    return {
        "observation": lambda state, player: state.observation_tensor(player),
        "information_state": lambda state, player: state.information_state_tensor(player),
        "observer": observer.set_from,
    }


def measure(name: str, params: dict[str, Any], games: int, repeat: int) -> dict[str, float]:
    """The median paired ratios (observation loop / bare loop, information-state loop / bare loop)."""
    game = pyspiel.load_game(name, params)
    seeds = range(games)
    readers = readers_of(game)
    play(game, range(2), None)  # warm up: the game's tables, the observers
    for read in readers.values():
        play(game, range(2), read)
    ratios: dict[str, list[float]] = {key: [] for key in readers}
    rate = []
    for _ in range(repeat):
        bare, moves = play(game, seeds, None)
        rate.append(moves / bare)
        for key, read in readers.items():
            seconds, same = play(game, seeds, read)
            assert same == moves  # the same games: the tensor changes nothing
            ratios[key].append(seconds / bare)
    result = {f"{key}_ratio": statistics.median(values) for key, values in ratios.items()}
    result["bare_moves_per_s"] = statistics.median(rate)
    return result


def child(key: str, games: int) -> None:
    """Under callgrind: warm up, then play each loop between two `os.getppid` markers."""
    name, params = CONFIGS[key]
    game = pyspiel.load_game(name, params)
    readers = readers_of(game)
    for read in readers.values():
        play(game, range(games), read)
    loops = ["bare", *readers]
    os.getppid()
    for loop in loops:
        play(game, range(games), readers.get(loop))
        os.getppid()
    print(json.dumps({"loops": loops}))


def counted(key: str, games: int) -> dict[str, float]:
    """The instruction ratios of the three reading loops to the bare loop, over `games` games."""
    _, counts = loop_instructions(__file__, key, games)
    result = {f"{loop}_ratio": counts[loop] / counts["bare"] for loop in counts if loop != "bare"}
    result["bare_moves_per_s"] = float("nan")  # not timed
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="seeded games per loop")
    parser.add_argument("--repeat", type=int, default=5, help="paired runs per configuration")
    parser.add_argument("--only", choices=sorted(CONFIGS), action="append", help="configurations to run")
    parser.add_argument("--instructions", action="store_true", help="count instructions under callgrind")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    openspiel.register_all()
    if args.child:
        child(args.child, args.games)
        return
    for key in args.only or CONFIGS:
        name, params = CONFIGS[key]
        if args.instructions:
            result = counted(key, args.games)
        else:
            result = measure(name, params, args.games, args.repeat)
        print(
            f"{key:16s} bare {result['bare_moves_per_s']:9.0f} moves/s   "
            f"observation_tensor x{result['observation_ratio']:.2f}   "
            f"information_state_tensor x{result['information_state_ratio']:.2f}   "
            f"make_observation(game).set_from x{result['observer_ratio']:.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
