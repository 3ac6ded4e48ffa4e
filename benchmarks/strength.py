"""How strong are the opponents (`<game>.agents.opponent(level)`)? Seeded matches with 95 % Wilson intervals.

It writes the strength table of `docs/agents.md` (`--out`, default `docs/figures/strength.md`, included
by the page), with the command, the machine and its load average before and after.  The lines:

* Chrononauts, 2 players: each level against `heuristic_agent` (seat alternating with the game), and
  the heuristic against random play; 4 players: the hard level against three heuristic agents.  The
  rate is over the decided games (someone won; the universe was not destroyed).
* Valandris, from the standard setup (turn cap `--turns`): each level as the Holy Spirit against the
  greedy Valandris; a win is a capture within the cap.  With `--tablebase FILE` (a solved tablebase,
  `docs/valandris-solved.md`), also from random turn-start positions: each level as the Holy Spirit
  against the perfect Valandris from forced-capture positions (a win is a capture within the cap), and
  each level as Valandris against the perfect Holy Spirit from "never" positions (a win is surviving);
  the perfect agents convert and survive every one of them, so 1 minus a rate is the level's gap to
  perfect play.
* Trismaugistus: each level of the human seat against the automa at each difficulty; a win is a
  positive `trismaugistus.evaluation.margin` (the modelled human score above the automa's).

Every game's seed is `simulate.derive_seed(seed, index)`, the same for every line (paired games),
so a run is reproducible (the levels use iteration budgets).  Times are wall-clock milliseconds per
decision of the tested seat, so they depend on the machine and its load.

    PYTHONPATH=src python benchmarks/strength.py --games 200 --workers 2
"""

from __future__ import annotations

import argparse
import importlib
import math
import os
import platform
import random
import shlex
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

import attrs

from tabletop_rules.agents.levels import LEVELS
from tabletop_rules.core import random_playout
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
    start: Callable[[Any, int], Any]
    """`start(game, index)`: the initial state of game `index`."""
    win: Callable[[Any, Any, int], float]
    """`win(game, final_state, seat)`: 1 for a win of the tested seat, 0.5 for a draw, 0 otherwise."""
    decided: Callable[[Any, Any], bool] | None = None
    """`decided(game, final_state)`: whether the game counts in "decided" win rates (None: all do)."""
    rotate: bool = False
    """Whether the agents rotate one seat per game, the tested one with them (removes the seat's edge)."""


@attrs.frozen
class RandomMoves:
    """Uniformly random legal moves of the game module `game` (a picklable `core.random_agent`)."""

    game: str

    def __call__(self, state: Any, rng: random.Random) -> Any:
        return rng.choice(importlib.import_module(self.game).legal_moves(state))


@attrs.frozen
class Result:
    win: float
    score: float
    seconds: float
    decisions: int
    decided: bool = True


def _play(match: Match, index: int, seed: int) -> Result:
    """Game `index` of `match`, timing the tested seat's decisions (a picklable worker)."""
    game: Any = importlib.import_module(match.game)
    clock = [0.0, 0]

    def timed(state: Any, rng: random.Random) -> Any:
        start = time.perf_counter()
        move = match.agents[match.tested](state, rng)
        clock[0] += time.perf_counter() - start
        clock[1] += 1
        return move

    agents = [timed if seat == match.tested else agent for seat, agent in enumerate(match.agents)]
    tested = match.tested
    if match.rotate:
        shift = index % len(agents)
        agents = agents[-shift:] + agents[:-shift] if shift else agents
        tested = (tested + shift) % len(agents)
    playout = random_playout(game, seed, initial=match.start(game, index), agents=agents)
    final = playout.final
    return Result(
        win=match.win(game, final, tested),
        score=game.returns(final)[tested],
        seconds=clock[0],
        decisions=int(clock[1]),
        decided=True if match.decided is None else match.decided(game, final),
    )


def run(match: Match, games: int, seed: int, executor: Executor | None, bar: Any = None) -> dict[str, Any]:
    """Play `games` games of `match` (on `executor` when given) and summarise them as a table row."""
    seeds = [derive_seed(seed, index) for index in range(games)]
    if executor is None:
        results = []
        for index, s in enumerate(seeds):
            results.append(_play(match, index, s))
            if bar is not None:
                bar.update(1)
    else:
        results = []
        for result in executor.map(_play, [match] * games, range(games), seeds):
            results.append(result)
            if bar is not None:
                bar.update(1)
    wins = sum(r.win for r in results)
    decisions = sum(r.decisions for r in results)
    low, high = wilson(wins, games)
    decided = [r for r in results if r.decided]
    decided_wins = sum(r.win for r in decided)
    d_low, d_high = wilson(decided_wins, len(decided))
    return {
        "decided": len(decided),
        "decided_wins": decided_wins,
        "wins": wins,
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

VALANDRIS = "tabletop_rules.valandris"


@attrs.frozen
class ValandrisStart:
    """A new game of Valandris with the turn cap `turns` (the `max_turns` option)."""

    turns: int

    def __call__(self, game: Any, index: int) -> Any:
        return game.new_game(game.Options(max_turns=self.turns))


@attrs.frozen
class PositionStart:
    """Game `index` starts from `positions[index]` (turn-start positions), with `turns` more turns."""

    positions: tuple[Any, ...]
    turns: int

    def __call__(self, game: Any, index: int) -> Any:
        state = self.positions[index]
        return attrs.evolve(state, options=attrs.evolve(state.options, max_turns=state.turn + self.turns - 1))


def holy_spirit_captures(game: Any, final: Any, seat: int) -> float:
    """1 when Valandris was captured (the Holy Spirit's win within the turn cap), else 0."""
    return float(bool(game.outcome(final)["captured"]))


def valandris_survives(game: Any, final: Any, seat: int) -> float:
    """1 when Valandris was not captured within the turn cap, else 0."""
    return float(not game.outcome(final)["captured"])


def valandris_matches(turns: int, levels: Sequence[str]) -> list[Match]:
    """Each level as the Holy Spirit against the greedy Valandris, from the standard setup."""
    from tabletop_rules.valandris.agents import greedy_agent, opponent

    start = ValandrisStart(turns)
    return [
        Match(
            f"Valandris: {level} HS vs greedy V, setup",
            VALANDRIS,
            (opponent(level), greedy_agent),
            0,
            start,
            holy_spirit_captures,
        )
        for level in levels
    ]


def tablebase_matches(path: str, games: int, seed: int, turns: int, levels: Sequence[str]) -> list[Match]:
    """From random forced-capture positions (each level's HS vs the perfect V) and "never" positions
    (each level's V vs the perfect HS), drawn with `checker.random_positions` and classified by the
    tablebase."""
    from tabletop_rules.valandris.agents import opponent
    from tabletop_rules.valandris.solver import Tablebase, perfect_agent
    from tabletop_rules.valandris.solver.checker import random_positions

    tablebase = Tablebase.load(path)
    rng = random.Random(seed)
    forced: list[Any] = []
    never: list[Any] = []
    for state in random_positions(tablebase, rng, 100 * games):
        value = tablebase.value(state)
        if value is None and len(never) < games:
            never.append(state)
        elif value is not None and value <= turns and len(forced) < games:
            forced.append(state)
        if len(forced) == games and len(never) == games:
            break
    perfect_hs, perfect_v = perfect_agent(tablebase, "holy_spirit"), perfect_agent(tablebase, "valandris")
    matches = []
    for level in levels:
        matches.append(
            Match(
                f"Valandris: {level} HS vs perfect V, forced",
                VALANDRIS,
                (opponent(level), perfect_v),
                0,
                PositionStart(tuple(forced), turns),
                holy_spirit_captures,
            )
        )
    for level in levels:
        matches.append(
            Match(
                f"Valandris: {level} V vs perfect HS, never",
                VALANDRIS,
                (perfect_hs, opponent(level)),
                1,
                PositionStart(tuple(never), turns),
                valandris_survives,
            )
        )
    return matches


# --------------------------------------------------------------------------------------- Chrononauts

CHRONONAUTS = "tabletop_rules.chrononauts"


@attrs.frozen
class ChrononautsStart:
    players: int

    def __call__(self, game: Any, index: int) -> Any:
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


def chrononauts_matches(levels: Sequence[str]) -> list[Match]:
    """The heuristic against random play, each level against the heuristic (2 players, seats
    rotating), and the hard level against three heuristic agents (4 players, seats rotating)."""
    from tabletop_rules.chrononauts.agents import heuristic_agent, opponent

    two, four = ChrononautsStart(2), ChrononautsStart(4)
    matches = [
        Match(
            "Chrononauts 2p: heuristic vs random",
            CHRONONAUTS,
            (heuristic_agent, RandomMoves(CHRONONAUTS)),
            0,
            two,
            single_winner,
            chrononauts_decided,
            rotate=True,
        )
    ]
    for level in levels:
        matches.append(
            Match(
                f"Chrononauts 2p: {level} vs heuristic",
                CHRONONAUTS,
                (opponent(level), heuristic_agent),
                0,
                two,
                single_winner,
                chrononauts_decided,
                rotate=True,
            )
        )
    if "hard" in levels:
        matches.append(
            Match(
                "Chrononauts 4p: hard vs 3 heuristic",
                CHRONONAUTS,
                (opponent("hard"), *(heuristic_agent,) * 3),
                0,
                four,
                single_winner,
                chrononauts_decided,
                rotate=True,
            )
        )
    return matches


# ------------------------------------------------------------------------------------- Trismaugistus

TRISMAUGISTUS = "tabletop_rules.trismaugistus"


@attrs.frozen
class TrismaugistusStart:
    """A game at `difficulty`, objectives off, with the menu's first setup of that difficulty."""

    difficulty: int

    def __call__(self, game: Any, index: int) -> Any:
        state = game.new_game()
        setup = next(
            m for m in game.legal_moves(state) if m.difficulty == self.difficulty and not m.objectives_enabled
        )
        return game.apply(state, setup)


def human_wins(game: Any, final: Any, seat: int) -> float:
    """1 when the modelled human score beats the automa's (`evaluation.margin` > 0), 0.5 on a tie."""
    from tabletop_rules.trismaugistus.evaluation import margin

    value = margin(final)
    return 1.0 if value > 0 else 0.5 if value == 0 else 0.0


def trismaugistus_matches(levels: Sequence[str]) -> list[Match]:
    from tabletop_rules.trismaugistus.agents import opponent

    return [
        Match(
            f"Trismaugistus d{d}: {level} human vs automa",
            TRISMAUGISTUS,
            (opponent(level),),
            0,
            TrismaugistusStart(d),
            human_wins,
        )
        for d in (1, 2, 3)
        for level in levels
    ]


# ----------------------------------------------------------------------------------------------- main


def table(
    rows: Sequence[dict[str, Any]], command: str, before: Sequence[float], after: Sequence[float]
) -> str:
    """The Markdown table of `rows`, with the command, the machine and the load averages."""
    lines = [
        "| matchup | games | wins | rate | 95 % Wilson | ms per decision |",
        "|---|---:|---:|---:|---|---:|",
    ]
    for row in rows:
        games, wins = (
            (row["decided"], row["decided_wins"]) if row["by_decided"] else (row["games"], row["wins"])
        )
        low, high = (row["d_low"], row["d_high"]) if row["by_decided"] else (row["low"], row["high"])
        rate = wins / games if games else math.nan
        label = row["label"] + (" (decided games)" if row["by_decided"] else "")
        lines.append(
            f"| {label} | {games} | {wins:g} | {rate:.2f} | [{low:.2f}, {high:.2f}] "
            f"| {row['ms_per_move']:.1f} |"
        )
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    load = f"load average {before[0]:.2f} / {before[1]:.2f} / {before[2]:.2f} before, "
    load += f"{after[0]:.2f} / {after[1]:.2f} / {after[2]:.2f} after (1 / 5 / 15 min)"
    return "\n".join([f"`{command}`", "", f"Machine: {machine}; {load}.", "", *lines, ""])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per line")
    parser.add_argument("--turns", type=int, default=20, help="Valandris turn cap (max_turns)")
    parser.add_argument("--seed", type=int, default=1, help="master seed")
    parser.add_argument("--workers", type=int, default=1, help="processes (1: in-process)")
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels, comma-separated")
    parser.add_argument("--only", choices=("valandris", "chrononauts", "trismaugistus"), help="one game only")
    parser.add_argument("--tablebase", help="a solved Valandris tablebase file: adds the position lines")
    parser.add_argument(
        "--out", default="docs/figures/strength.md", help="the Markdown file to write ('-': none)"
    )
    args = parser.parse_args(argv)
    levels = [level for level in args.levels.split(",") if level]
    if args.games < 1 or args.workers < 1 or any(level not in LEVELS for level in levels):
        parser.error("--games and --workers must be at least 1, and --levels a list of easy, medium, hard")
    matches: list[Match] = []
    if args.only in (None, "chrononauts"):
        matches += chrononauts_matches(levels)
    if args.only in (None, "valandris"):
        matches += valandris_matches(args.turns, levels)
        if args.tablebase:
            matches += tablebase_matches(args.tablebase, args.games, args.seed, args.turns, levels)
    if args.only in (None, "trismaugistus"):
        matches += trismaugistus_matches(levels)
    command = shlex.join(["python", "benchmarks/strength.py", *(sys.argv[1:] if argv is None else argv)])
    command = f"PYTHONPATH=src {command}"
    before = os.getloadavg()
    executor = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    rows: list[dict[str, Any]] = []
    from tqdm import tqdm

    try:
        with tqdm(total=len(matches) * args.games, unit="game", file=sys.stderr) as bar:
            for match in matches:
                bar.set_description(match.label[:40])
                row = run(match, args.games, args.seed, executor, bar)
                row["by_decided"] = match.decided is not None
                rows.append(row)
    finally:
        if executor is not None:
            executor.shutdown()
    text = table(rows, command, before, os.getloadavg())
    print(text)
    if args.out != "-":
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
