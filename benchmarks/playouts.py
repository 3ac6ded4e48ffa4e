"""Random-playout speed and memory through the public protocol, beside reference peers.

Usage::

    python benchmarks/playouts.py [--seconds 5] [--repeat 3] [--only valandris] [--out benchmarks/results]
    python benchmarks/playouts.py --instructions [--games 10] [--only valandris]

For every game configuration it plays uniformly random seeded games (decisions
and chance outcomes both count as atomic moves) for a fixed wall time, and
reports the median over ``--repeat`` runs of: atomic moves/s, games/s, moves
per game, ``legal_moves`` calls/s and ``apply`` calls/s (time inside each call
only, from one more run: the loops that give moves/s read the clock once per
game, as the peers' loops do), the deep size of a typical mid-game state, and
the memory of 10^5 stored successive states.  In the same run it measures the same loop on OpenSpiel's own
Python game ``python_tic_tac_toe`` (through ``pyspiel``, the ``bench`` extra)
and on python-chess, and reports each game as a ratio to the tic-tac-toe rate.
Each run of a game is paired with a tic-tac-toe run just before it and the
median of the paired ratios is reported, so machine load affects both sides.

Card-game peers are measured the same way, paired run by run with tic-tac-toe:
RLCard's raw UNO and Leduc Hold'em engines (pure Python, the ``bench`` extra),
played through their raw game API (``Game().init_game()``,
``get_legal_actions()``, ``step(action)``), seeded with a ``numpy``
``RandomState`` for the engine's own shuffles and a ``random.Random`` for the
choice of action.  An atomic move of a peer is one ``step``; the chance events
inside a step (a drawn card, a dealt public card) and the deal inside
``init_game`` are not counted as moves, unlike this library's chance outcomes.

With ``--instructions`` it runs itself under valgrind's callgrind instead, once per configuration, and
counts the instructions a move of ``--games`` seeded games and of 300 tic-tac-toe games in the same
process (after an untimed pass of each): the ratio of the two counts, which does not depend on the
machine's load (instructions are not time: compiled code and the interpreter run at different rates).

A peer that is not installed is skipped.  Results go to ``results.json`` and
``results.md``.  Speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import enum
import gc
import importlib
import json
import os
import platform
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from _loops import seeded_games

import tabletop_rules
from tabletop_rules.core import CHANCE, sample_chance
from tabletop_rules.testing.configs import speed_configs


def deep_size(obj: object, shared: set[int]) -> int:
    """Bytes reachable from ``obj``, not counting objects in ``shared`` or interned singletons."""
    seen: set[int] = set(shared)
    total = 0
    stack = [obj]
    while stack:
        item = stack.pop()
        if id(item) in seen or item is None or isinstance(item, bool | enum.Enum | type):
            continue
        if isinstance(item, int) and -5 <= item <= 256:
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, tuple | list | frozenset | set):
            stack.extend(item)
        elif hasattr(item, "__slots__"):
            for cls in type(item).__mro__:
                for slot in getattr(cls, "__slots__", ()):
                    if hasattr(item, slot) and slot != "__weakref__":
                        stack.append(getattr(item, slot))
        elif hasattr(item, "__dict__"):
            stack.append(vars(item))
    return total


def measure(
    game: Any,
    start: Callable[[Any], Any],
    seconds: float,
    *,
    seed: int = 0,
    time_calls: bool = False,
) -> dict[str, float]:
    """One timed run of random playouts: atomic moves/s, games/s and moves per game.

    The loop reads the clock only once per game, as the peers' loops do, so that the ratios compare
    the games and not the timing. Game ``k`` of the run is seeded with ``seed + k``; `paired` gives
    every run seeds of its own, so that no run replays the games of an earlier one (a cache of the
    positions or hands seen would otherwise be measured warm). With ``time_calls`` the run times each
    ``legal_moves`` and ``apply`` call instead and returns their rates (calls per second of time
    inside them).
    """
    rng_seed = seed
    moves = games = legal_calls = 0
    legal_time = apply_time = 0.0
    clock = time.perf_counter
    began = clock()
    while clock() - began < seconds:
        rng = random.Random(rng_seed)
        rng_seed += 1
        state = start(game)
        while not game.is_terminal(state):
            if game.current_player(state) is CHANCE:
                move = sample_chance(game, state, rng)
            elif time_calls:
                t0 = clock()
                legal = game.legal_moves(state)
                legal_time += clock() - t0
                legal_calls += 1
                move = legal[rng.randrange(len(legal))]
            else:
                legal = game.legal_moves(state)
                move = legal[rng.randrange(len(legal))]
            if time_calls:
                t0 = clock()
                state = game.apply(state, move)
                apply_time += clock() - t0
            else:
                state = game.apply(state, move)
            moves += 1
        games += 1
    if time_calls:
        return {
            "legal_moves_calls_per_s": legal_calls / legal_time if legal_time else 0.0,
            "apply_calls_per_s": moves / apply_time if apply_time else 0.0,
        }
    elapsed = clock() - began
    return {
        "moves_per_s": moves / elapsed,
        "games_per_s": games / elapsed,
        "moves_per_game": moves / max(games, 1),
    }


def memory(game: Any, start: Callable[[Any], Any], stored: int = 100_000) -> dict[str, float]:
    """Deep size of a typical (mid-game) state, and the bytes of ``stored`` successive states kept alive."""
    rng = random.Random(12345)
    initial = start(game)
    shared = {
        id(getattr(initial, name))
        for name in ("rules", "options", "pack", "cards", "ctx")  # not the deprecated `config`
        if hasattr(initial, name)
    }
    trajectory = [initial]
    state = initial
    while not game.is_terminal(state) and len(trajectory) < 400:
        if game.current_player(state) is CHANCE:
            state = game.apply(state, sample_chance(game, state, rng))
        else:
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        trajectory.append(state)
    typical = trajectory[len(trajectory) // 2]
    typical_size = deep_size(typical, shared)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = []
    seed = 0
    while len(kept) < stored:
        rng = random.Random(seed)
        seed += 1
        state = start(game)
        while not game.is_terminal(state) and len(kept) < stored:
            if game.current_player(state) is CHANCE:
                state = game.apply(state, sample_chance(game, state, rng))
            else:
                state = game.apply(state, rng.choice(game.legal_moves(state)))
            kept.append(state)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return {
        "typical_state_bytes": typical_size,
        "stored_states_bytes": after - before,
        "stored_states": stored,
    }


def peer_tic_tac_toe(seconds: float, seed: int = 0) -> dict[str, float] | None:
    try:
        import pyspiel
        from open_spiel.python import games  # noqa: F401  (registers the Python games)
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(seed)
    steps = played = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        played += 1
    elapsed = time.perf_counter() - start
    return {"moves_per_s": steps / elapsed, "games_per_s": played / elapsed, "moves_per_game": steps / played}


def peer_chess(seconds: float, seed: int = 0) -> dict[str, float] | None:
    try:
        import chess
    except ImportError:
        return None
    rng = random.Random(seed)
    steps = played = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False):
            board.push(rng.choice(list(board.legal_moves)))
            steps += 1
        played += 1
    elapsed = time.perf_counter() - start
    return {"moves_per_s": steps / elapsed, "games_per_s": played / elapsed, "moves_per_game": steps / played}


RLCARD_PEERS: tuple[tuple[str, str], ...] = (
    ("RLCard UNO", "rlcard.games.uno"),
    ("RLCard Leduc Hold'em", "rlcard.games.leducholdem"),
)


def rlcard_game_class(module_name: str) -> Any | None:
    """The ``Game`` class of one of RLCard's game modules, or ``None`` when RLCard is not installed.

    Only the game module is imported (not an RLCard environment), so no deep-learning framework is needed.
    """
    try:
        return importlib.import_module(module_name).Game
    except ImportError:
        return None


def measure_rlcard(
    game_class: Any, seconds: float, *, seed: int = 0, time_calls: bool = False
) -> dict[str, float]:
    """One timed run of random playouts through RLCard's raw game API (two players, seeded).

    An atomic move is one ``step``; chance inside a step and the deal in ``init_game`` are not counted.
    ``step`` also builds the next player's observation dict, as RLCard's raw API always does. With
    ``time_calls`` the run times each call instead (as `measure` does for the games).
    """
    import numpy as np  # RLCard depends on numpy

    game = game_class()
    game.np_random = np.random.RandomState(seed)  # shared by the dealer, players and round of every game
    rng = random.Random(seed)
    moves = games = 0
    legal_time = step_time = 0.0
    clock = time.perf_counter
    began = clock()
    while clock() - began < seconds:
        game.init_game()
        while not game.is_over():
            if time_calls:
                t0 = clock()
                legal = game.get_legal_actions()
                t1 = clock()
                game.step(legal[rng.randrange(len(legal))])
                legal_time += t1 - t0
                step_time += clock() - t1
            else:
                legal = game.get_legal_actions()
                game.step(legal[rng.randrange(len(legal))])
            moves += 1
        games += 1
    elapsed = clock() - began
    if time_calls:
        return {
            "legal_moves_calls_per_s": moves / legal_time if legal_time else 0.0,
            "apply_calls_per_s": moves / step_time if step_time else 0.0,
        }
    return {
        "moves_per_s": moves / elapsed,
        "games_per_s": games / elapsed,
        "moves_per_game": moves / max(games, 1),
    }


RUN_SEEDS = 1_000_000
"""Seeds apart between two runs: run ``r`` seeds its games from ``r * RUN_SEEDS`` on."""


def paired(
    run: Callable[..., dict[str, float]],
    calls: Callable[..., dict[str, float]],
    seconds: float,
    repeat: int,
    pair: bool,
) -> dict[str, float]:
    """The median of ``repeat`` runs, each one paired with a tic-tac-toe run just before it (if ``pair``).

    The reported ratio is the median of the paired ratios, so that both sides of each ratio ran under the
    same machine load. One more run of ``calls`` (a third as long) adds the per-call rates. Every run,
    the calls' run included, plays games of its own seeds (``seed=r * RUN_SEEDS``).
    """
    runs, ratios = [], []
    for r in range(repeat):
        peer = peer_tic_tac_toe(seconds / 2, seed=r * RUN_SEEDS) if pair else None
        runs.append(run(seconds, seed=r * RUN_SEEDS))
        if peer is not None:
            ratios.append(runs[-1]["moves_per_s"] / peer["moves_per_s"])
    result = median_of(runs)
    result.update(calls(seconds / 3, seed=repeat * RUN_SEEDS))
    if ratios:
        result["ratio_to_python_tic_tac_toe"] = statistics.median(ratios)
    return result


PEER_GAMES = 300
"""Tic-tac-toe games a loop with ``--instructions`` (about 2,300 moves)."""


def tic_tac_toe_games(games: int, seed: int) -> int:
    """``games`` random games of OpenSpiel's ``python_tic_tac_toe`` (the loop of `peer_tic_tac_toe`)."""
    import pyspiel
    from open_spiel.python import games as python_games  # noqa: F401  (registers the Python games)

    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(seed)
    steps = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps


def child(label: str, games: int) -> None:
    """Under callgrind: warm up, then play the game's loop and the tic-tac-toe loop between markers."""
    config = next(c for c in speed_configs() if c.label == label)
    game = importlib.import_module(f"tabletop_rules.{config.module_name}")
    seeded_games(game, config.start, RUN_SEEDS, games)
    tic_tac_toe_games(PEER_GAMES, RUN_SEEDS)
    os.getppid()
    moves = seeded_games(game, config.start, 0, games)
    os.getppid()
    steps = tic_tac_toe_games(PEER_GAMES, 0)
    os.getppid()
    print(json.dumps({"loops": ["game", "python_tic_tac_toe"], "moves": moves, "steps": steps}))


def counted(games: int, only: str | None) -> int:
    """Instructions a move of each configuration and of tic-tac-toe, under callgrind (``--instructions``)."""
    from _callgrind import loop_instructions

    print(f"tabletop_rules build: {'compiled (mypyc)' if tabletop_rules.COMPILED else 'pure Python'}")
    for label, _, _ in speed_configs():
        if only and only.lower() not in label.lower():
            continue
        report, counts = loop_instructions(__file__, label, games)
        ours = counts["game"] / report["moves"]
        peer = counts["python_tic_tac_toe"] / report["steps"]
        print(
            f"{label}: {ours / 1000:,.1f} k instructions a move over {report['moves']:,} moves; "
            f"python_tic_tac_toe {peer / 1000:,.1f} k; ratio {peer / ours:.2f}x"
        )
    return 0


def summary(label: str, result: dict[str, float]) -> str:
    ratio = result.get("ratio_to_python_tic_tac_toe")
    tail = f", {ratio:.2f}x tic-tac-toe" if ratio is not None else ""
    return f"{label}: {result['moves_per_s']:,.0f} moves/s, {result['games_per_s']:,.1f} games/s{tail}"


def median_of(runs: list[dict[str, float]]) -> dict[str, float]:
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="wall time of one run per configuration")
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs per configuration (the median is reported)"
    )
    parser.add_argument("--only", help="only configurations whose label contains this text")
    parser.add_argument("--no-memory", action="store_true", help="skip the memory measurements")
    parser.add_argument(
        "--no-card-peers", action="store_true", help="skip the RLCard UNO and Leduc Hold'em peers"
    )
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "results")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions a move under callgrind instead"
    )
    parser.add_argument("--games", type=int, default=10, help="games a configuration, with --instructions")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.games)
        return 0
    if args.instructions:
        return counted(args.games, args.only)

    load_before = os.getloadavg()
    print(f"tabletop_rules build: {'compiled (mypyc)' if tabletop_rules.COMPILED else 'pure Python'}")
    rows: list[dict[str, Any]] = []
    peers: dict[str, dict[str, float] | None] = {}
    for label, runner in (("OpenSpiel python_tic_tac_toe", peer_tic_tac_toe), ("python-chess", peer_chess)):
        outcomes = (runner(args.seconds, seed=k * RUN_SEEDS) for k in range(args.repeat))
        runs = [r for r in outcomes if r is not None]
        peers[label] = median_of(runs) if runs else None
        print(
            f"{label}: "
            + (f"{peers[label]['moves_per_s']:,.0f} moves/s" if runs else "not installed, skipped")
        )
    baseline = peers["OpenSpiel python_tic_tac_toe"]

    # Each run of a game is paired with a run of tic-tac-toe right before it, so that the ratio compares
    # the two under the same machine load; the median ratio over the runs is reported.
    card_peers: list[dict[str, Any]] = []
    for label, module_name in () if args.no_card_peers else RLCARD_PEERS:
        game_class = rlcard_game_class(module_name)
        if game_class is None:
            print(f"{label}: not installed, skipped")
            continue
        result = paired(
            partial(measure_rlcard, game_class),
            partial(measure_rlcard, game_class, time_calls=True),
            args.seconds,
            args.repeat,
            baseline is not None,
        )
        card_peers.append({"label": label, **result})
        print(summary(label, result))

    for label, module_name, start in speed_configs():
        if args.only and args.only.lower() not in label.lower():
            continue
        game = importlib.import_module(f"tabletop_rules.{module_name}")
        result = paired(
            partial(measure, game, start),
            partial(measure, game, start, time_calls=True),
            args.seconds,
            args.repeat,
            baseline is not None,
        )
        if not args.no_memory:
            result.update(memory(game, start))
        rows.append({"label": label, **result})
        print(summary(label, result))

    machine = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "processor": platform.processor() or "unknown",
        "system": f"{platform.system()} {platform.release()}",
        "cpus": os.cpu_count() or 0,
        "load_before": list(load_before),
        "load_after": list(os.getloadavg()),
        "compiled": tabletop_rules.COMPILED,
    }
    args.out.mkdir(parents=True, exist_ok=True)
    payload = {
        "machine": machine,
        "seconds": args.seconds,
        "repeat": args.repeat,
        "peers": peers,
        "card_peers": card_peers,
        "games": rows,
    }
    (args.out / "results.json").write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    (args.out / "results.md").write_text(markdown(payload), encoding="utf-8")
    print(f"wrote {args.out / 'results.json'} and {args.out / 'results.md'}")
    return 0


def markdown(payload: dict[str, Any]) -> str:
    machine = payload["machine"]
    lines = [
        f"Python {machine['python']} ({machine['implementation']}) on {machine['machine']}, "
        f"{machine['system']}; median of {payload['repeat']} runs of {payload['seconds']:g} s each; "
        f"tabletop_rules build: {'compiled (mypyc)' if machine.get('compiled') else 'pure Python'}.",
        *(
            [
                f"Load average (1, 5, 15 min) on {machine['cpus']} CPUs: "
                f"{' '.join(f'{x:.2f}' for x in machine['load_before'])} before, "
                f"{' '.join(f'{x:.2f}' for x in machine['load_after'])} after."
            ]
            if "load_before" in machine
            else []
        ),
        "",
        "| game | moves/s | games/s | moves/game | legal_moves/s | apply/s | × tic-tac-toe | state bytes |"
        " 10⁵ states |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in payload["games"]:
        ratio = f"{row['ratio_to_python_tic_tac_toe']:.2f}" if "ratio_to_python_tic_tac_toe" in row else "–"
        state_bytes = f"{row['typical_state_bytes']:,.0f}" if "typical_state_bytes" in row else "–"
        stored = f"{row['stored_states_bytes'] / 2**20:,.1f} MiB" if "stored_states_bytes" in row else "–"
        lines.append(
            f"| {row['label']} | {row['moves_per_s']:,.0f} | {row['games_per_s']:,.1f} "
            f"| {row['moves_per_game']:,.1f} | {row['legal_moves_calls_per_s']:,.0f} "
            f"| {row['apply_calls_per_s']:,.0f} | {ratio} | {state_bytes} | {stored} |"
        )
    for row in payload.get("card_peers", []):
        ratio = f"{row['ratio_to_python_tic_tac_toe']:.2f}" if "ratio_to_python_tic_tac_toe" in row else "–"
        lines.append(
            f"| *{row['label']}* | {row['moves_per_s']:,.0f} | {row['games_per_s']:,.1f} "
            f"| {row['moves_per_game']:,.1f} | {row['legal_moves_calls_per_s']:,.0f} "
            f"| {row['apply_calls_per_s']:,.0f} | {ratio} | – | – |"
        )
    for label, peer in payload["peers"].items():
        if peer is not None:
            lines.append(
                f"| *{label}* | {peer['moves_per_s']:,.0f} | {peer['games_per_s']:,.1f} "
                f"| {peer['moves_per_game']:,.1f} | | | | | |"
            )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
