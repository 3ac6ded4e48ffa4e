"""How strong are the search agents? Seeded round-robins with 95 % Wilson intervals.

Valandris: the Holy Spirit is played by the greedy agent (`valandris.agents.greedy_agent`) or by
`MCTS` at each budget, always against the greedy Valandris; a "win" of the Holy Spirit is a capture
within the turn cap (`--turns`, the game's `max_turns` option), and a lower mean score is better
for it. Chrononauts: `ISMCTS` in seat 0 against a heuristic agent in the other seats, once the
game has `resample_from_infostate` and `chrononauts.agents` has a heuristic agent (the part is
skipped, with the reason, until then). Its rows: the heuristic agent against random play, and
`ISMCTS` (with the game's `rollout_agent`) at each iteration budget and each time budget per
decision (`--seconds`), always in seat 0; "decided" counts the games somebody won.

Every game's seed is `simulate.derive_seed(seed, index)`, the same for every matchup (paired
games), so a run is reproducible with an iteration budget. Times per move are wall-clock times
of the agent under test, so they depend on the machine and its load.

    PYTHONPATH=src python benchmarks/strength.py --games 40 --budgets 25,100 --workers 2
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import shlex
import statistics
import sys
import time
import types
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import attrs

from tabletop_rules.agents import ISMCTS, MCTS
from tabletop_rules.core import random_agent, random_playout
from tabletop_rules.simulate import derive_seed

Agent = Callable[[Any, random.Random], Any]


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (`wins` may count draws as halves)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen
class Match:
    """One line of the table: a game, its start, the agents per seat, and the seat under test."""

    label: str
    game: str
    agents: tuple[Agent, ...]
    tested: int
    start: Callable[[Any], Any]
    win: Callable[[Any, Any, int], float]
    """`win(game, final_state, seat)`: 1 for a win of the tested seat, 0.5 for a draw, 0 otherwise."""
    decided: Callable[[Any, Any], bool] | None = None
    """`decided(game, final_state)`: whether the game counts in "decided" win rates (None: all do)."""


@attrs.frozen
class Result:
    win: float
    score: float
    seconds: float
    decisions: int
    decided: bool = True


def _play(match: Match, seed: int) -> Result:
    """One game of `match`, timing the tested seat's decisions (a picklable worker)."""
    game: Any = importlib.import_module(match.game)
    clock = [0.0, 0]

    def timed(state: Any, rng: random.Random) -> Any:
        start = time.perf_counter()
        move = match.agents[match.tested](state, rng)
        clock[0] += time.perf_counter() - start
        clock[1] += 1
        return move

    agents = [timed if seat == match.tested else agent for seat, agent in enumerate(match.agents)]
    playout = random_playout(game, seed, initial=match.start(game), agents=agents)
    final = playout.final
    return Result(
        win=match.win(game, final, match.tested),
        score=game.returns(final)[match.tested],
        seconds=clock[0],
        decisions=int(clock[1]),
        decided=True if match.decided is None else match.decided(game, final),
    )


def run(match: Match, games: int, seed: int, executor: Executor | None) -> dict[str, Any]:
    seeds = [derive_seed(seed, index) for index in range(games)]
    if executor is None:
        results = [_play(match, s) for s in seeds]
    else:
        results = list(executor.map(_play, [match] * games, seeds))
    wins = sum(r.win for r in results)
    decisions = sum(r.decisions for r in results)
    low, high = wilson(wins, games)
    decided = [r for r in results if r.decided]
    decided_wins = sum(r.win for r in decided)
    d_low, d_high = wilson(decided_wins, len(decided))
    return {
        "decided": len(decided),
        "decided_rate": decided_wins / len(decided) if decided else math.nan,
        "d_low": d_low,
        "d_high": d_high,
        "label": match.label,
        "games": games,
        "win_rate": wins / games,
        "low": low,
        "high": high,
        "mean_return": statistics.fmean(r.score for r in results),
        "ms_per_move": 1000 * sum(r.seconds for r in results) / max(1, decisions),
    }


# ----------------------------------------------------------------------------------------- Valandris


@attrs.frozen
class ValandrisStart:
    """A new game of Valandris with the turn cap `turns` (the `max_turns` option)."""

    turns: int

    def __call__(self, game: Any) -> Any:
        options = getattr(game, "Options", None) or game.Rules
        return game.new_game(options(max_turns=self.turns))


def holy_spirit_captures(game: Any, final: Any, seat: int) -> float:
    """1 when Valandris was captured (the Holy Spirit's win within the turn cap), else 0."""
    return float(bool(game.outcome(final)["captured"]))


def valandris_matches(budgets: Sequence[int], turns: int) -> list[Match]:
    from tabletop_rules.valandris.agents import greedy_agent

    name = "tabletop_rules.valandris"
    start = ValandrisStart(turns)
    matches = [
        Match(
            "Valandris: greedy HS vs greedy V",
            name,
            (greedy_agent, greedy_agent),
            0,
            start,
            holy_spirit_captures,
        )
    ]
    for budget in budgets:
        matches.append(
            Match(
                f"Valandris: MCTS({budget}) HS vs greedy V",
                name,
                (MCTS(name, iterations=budget), greedy_agent),
                0,
                start,
                holy_spirit_captures,
            )
        )
    return matches


# --------------------------------------------------------------------------------------- Chrononauts


@attrs.frozen
class ChrononautsStart:
    players: int

    def __call__(self, game: Any) -> Any:
        return game.new_game(players=self.players)


def single_winner(game: Any, final: Any, seat: int) -> float:
    """1 if `seat` has the single highest return, 0.5 if it shares it, else 0."""
    values = game.returns(final)
    best = max(values)
    if values[seat] != best:
        return 0.0
    return 1.0 if sum(v == best for v in values) == 1 else 0.5


def chrononauts_decided(game: Any, final: Any) -> bool:
    """A Chrononauts game is decided when someone won (not when the universe was destroyed)."""
    return final.result is not None and final.result.winner is not None


def searchable_chrononauts() -> str:
    """The module `ISMCTS` searches: `tabletop_rules.chrononauts` once it re-exports
    `resample_from_infostate`; until then a module made of it and `chrononauts.determinize`
    (registered in `sys.modules`, so it also exists in forked worker processes)."""
    name = "tabletop_rules.chrononauts"
    package = importlib.import_module(name)
    if hasattr(package, "resample_from_infostate"):
        return name
    shim = "_chrononauts_searchable"
    if shim not in sys.modules:
        module = types.ModuleType(shim)
        module.__dict__.update({k: getattr(package, k) for k in package.__all__})
        determinize = importlib.import_module(f"{name}.determinize")
        module.resample_from_infostate = determinize.resample_from_infostate  # type: ignore[attr-defined]
        sys.modules[shim] = module
    return shim


def chrononauts_matches(
    budgets: Sequence[int], players: int = 2, seconds: Sequence[float] = (0.05,)
) -> tuple[list[Match], str | None]:
    """The heuristic against random play, and ISMCTS in seat 0 against the heuristic agent.

    ISMCTS runs with each iteration budget of `budgets` and each time budget of `seconds` (per
    decision), with the game's fast `rollout_agent` in its rollouts.
    """
    try:
        name = searchable_chrononauts()
        ISMCTS(name, iterations=1)
        agents_module = importlib.import_module("tabletop_rules.chrononauts.agents")
    except (ImportError, TypeError, ValueError) as exc:
        return [], str(exc)
    heuristic = agents_module.heuristic_agent
    rollout = agents_module.rollout_agent
    game: Any = importlib.import_module(name)
    start = ChrononautsStart(players)
    others = (heuristic,) * (players - 1)
    matches = [
        Match(
            f"Chrononauts {players}p: heuristic vs random",
            name,
            (heuristic, *(random_agent(game),) * (players - 1)),
            0,
            start,
            single_winner,
            chrononauts_decided,
        ),
    ]
    searchers = [(f"ISMCTS({b} it)", ISMCTS(name, iterations=b, rollout_agent=rollout)) for b in budgets]
    searchers += [
        (f"ISMCTS({1000 * s:g} ms)", ISMCTS(name, iterations=None, seconds=s, rollout_agent=rollout))
        for s in seconds
    ]
    for label, agent in searchers:
        matches.append(
            Match(
                f"Chrononauts {players}p: {label} vs heuristic",
                name,
                (agent, *others),
                0,
                start,
                single_winner,
                chrononauts_decided,
            )
        )
    return matches, None


# ----------------------------------------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per matchup")
    parser.add_argument("--budgets", default="25,100", help="MCTS/ISMCTS iterations, comma-separated")
    parser.add_argument("--turns", type=int, default=20, help="Valandris turn cap (max_turns)")
    parser.add_argument("--seed", type=int, default=1, help="master seed")
    parser.add_argument("--workers", type=int, default=1, help="processes (1: in-process)")
    parser.add_argument(
        "--seconds", default="0.05", help="Chrononauts ISMCTS time budgets per decision, comma-separated"
    )
    parser.add_argument("--chrononauts-budgets", help="Chrononauts ISMCTS iterations (default: --budgets)")
    parser.add_argument("--only", choices=("valandris", "chrononauts"), help="one game only")
    args = parser.parse_args(argv)
    budgets = [int(b) for b in args.budgets.split(",") if b]
    matches: list[Match] = []
    notes: list[str] = []
    if args.only in (None, "valandris"):
        matches += valandris_matches(budgets, args.turns)
    if args.only in (None, "chrononauts"):
        cn_budgets = (
            budgets
            if args.chrononauts_budgets is None
            else [int(b) for b in args.chrononauts_budgets.split(",") if b]
        )
        seconds = [float(x) for x in args.seconds.split(",") if x]
        found, reason = chrononauts_matches(cn_budgets, seconds=seconds)
        matches += found
        if reason is not None:
            notes.append(f"Chrononauts skipped: {reason}")
    command = shlex.join(["python", "benchmarks/strength.py", *(sys.argv[1:] if argv is None else argv)])
    print(f"command: PYTHONPATH=src {command}")
    print(
        f"{'matchup':<44} {'games':>5} {'win rate':>8}  {'95% Wilson':<13} {'mean return':>11} {'ms/move':>8}"
        f"  {'decided':>7} {'win rate':>8}  {'95% Wilson':<13}"
    )
    executor = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for match in matches:
            row = run(match, args.games, args.seed, executor)
            interval = f"[{row['low']:.2f}, {row['high']:.2f}]"
            decided_interval = f"[{row['d_low']:.2f}, {row['d_high']:.2f}]"
            print(
                f"{row['label']:<44} {row['games']:>5} {row['win_rate']:>8.2f}  {interval:<13} "
                f"{row['mean_return']:>11.1f} {row['ms_per_move']:>8.2f}"
                f"  {row['decided']:>7} {row['decided_rate']:>8.2f}  {decided_interval}",
                flush=True,
            )
    finally:
        if executor is not None:
            executor.shutdown()
    for note in notes:
        print(note)
    print("win: Valandris = the Holy Spirit captures within the turn cap; mean return: the tested seat's")
    print(
        "decided: games with a winner (Chrononauts: not destroyed by the 13th paradox); "
        "the win rate among them"
    )


if __name__ == "__main__":
    main()
