"""Play seeded games of every game in the library and print readable logs.

Run it with ``python -m tabletop_rules.demo [--seed N] [--games K]``.  The
same seed always prints the same games.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable, Sequence

from tabletop_rules import chrononauts, trismaugistus, valandris
from tabletop_rules.core import CHANCE, random_playout, sample_chance
from tabletop_rules.valandris.agents import greedy_agent

__all__ = ["chrononauts_log", "main", "trismaugistus_log", "valandris_log"]


def valandris_log(seed: int) -> tuple[list[str], int]:
    """A Valandris game between the greedy baseline agents: its log lines and the score."""
    playout = random_playout(valandris, seed, agents=[greedy_agent, greedy_agent])
    lines: list[str] = []
    setup: list[str] = []
    turn_moves: list[str] = []
    state = playout.initial
    for move in playout.moves:
        text = valandris.move_to_str(state, move)
        phase = state.phase
        state_after = valandris.apply(state, move)
        if phase.is_setup:
            setup.append(text)
            if phase is valandris.Phase.PLACE_VALANDRIS:
                lines.append("  setup: " + ", ".join(setup))
        else:
            turn_moves.append(text)
            if phase is valandris.Phase.VALANDRIS or state_after.phase is valandris.Phase.OVER:
                lines.append(f"  turn {state.turn:>3}: " + ", ".join(turn_moves))
                turn_moves = []
        state = state_after
    final = playout.final
    assert final.score is not None
    if final.captured:
        catcher = next(c for c in valandris.CREATURES if final.position(c) == final.demon)
        lines.append(
            f"  Valandris captured by the {catcher.name.title()} in turn {final.score}: score {final.score}"
        )
    else:
        lines.append(f"  Valandris was never captured: score {final.score}")
    return lines, final.score


def chrononauts_log(seed: int, players: int = 4, shown: int = 12) -> tuple[list[str], int]:
    """A random 4-player Chrononauts game: one line per turn (the first and last turns), and its length.

    Reaction-window passes are left out; every decision is uniformly random.
    """
    initial = chrononauts.new_game(players=players)
    playout = random_playout(chrononauts, seed, initial=initial)
    turns: list[str] = []
    setup: list[str] = []
    current: list[str] = []
    turn = 0
    header = ""
    for state, move in zip(playout.states(chrononauts), playout.moves, strict=False):
        if isinstance(move, chrononauts.Pass):
            continue
        if state.turn != turn:
            if turn:
                turns.append(header + "; ".join(current))
            turn, current = state.turn, []
            header = f"  turn {turn:>3} P{state.active} ({state.open_paradoxes()} open paradoxes): "
        text = chrononauts.move_to_str(state, move)
        (current if turn else setup).append(text)
    if turn:
        turns.append(header + "; ".join(current))
    lines = [f"  setup: {len(setup)} deals and choices (identities, missions, hands of 3, first player)"]
    if len(turns) > 2 * shown:
        lines += [*turns[:shown], f"  ... {len(turns) - 2 * shown} more turns ...", *turns[-shown:]]
    else:
        lines += turns
    lines.append("  " + chrononauts.describe(playout.final).replace("\n", "\n  "))
    return lines, playout.final.turn


_AUTOMA_CLAUSES = ("T-DIE-7", "T-ACT-", "T-BONUS-", "T-ROUND-", "T-OBJ-", "T-SCORE-")


def trismaugistus_log(seed: int, difficulty: int = 2) -> tuple[list[str], int]:
    """A solo game against the automa with a seeded random human reporter: its log and the automa's score.

    The bundled content pack is fictional; the human's reports are a random stand-in for real play.
    """
    rng = random.Random(seed)
    state = trismaugistus.new_game()
    setup = next(
        m
        for m in trismaugistus.legal_moves(state)
        if isinstance(m, trismaugistus.Setup) and m.difficulty == difficulty and m.objectives_enabled
    )
    lines = [f"  human: {trismaugistus.move_to_str(state, setup)}"]
    state = trismaugistus.apply(state, setup)
    human: list[str] = []
    while not trismaugistus.is_terminal(state):
        if trismaugistus.current_player(state) is CHANCE:
            move = sample_chance(trismaugistus, state, rng)
            if human:
                lines.append("  human: " + ", ".join(human))
                human = []
            text = trismaugistus.move_to_str(state, move)
            state = trismaugistus.apply(state, move)
            kept = [f"[{t.clause}] {t.text}" for t in state.trace if t.clause.startswith(_AUTOMA_CLAUSES)]
            lines.append(f"  automa: {text}" + "".join(f"\n      {k}" for k in kept))
        else:
            move = rng.choice(trismaugistus.legal_moves(state))
            human.append(trismaugistus.move_to_str(state, move))
            state = trismaugistus.apply(state, move)
    if human:
        lines.append("  human: " + ", ".join(human))
    lines.append("  " + trismaugistus.describe(state).replace("\n", "\n  "))
    score = trismaugistus.automa_score(state)
    assert score is not None
    return lines, score


def _section(
    title: str, seeds: Sequence[int], play: Callable[[int], tuple[list[str], int]], unit: str
) -> None:
    print(f"=== {title} ===")
    results = []
    for seed in seeds:
        lines, result = play(seed)
        print(f"- game with seed {seed}")
        print("\n".join(lines))
        results.append(result)
    if len(results) > 1:
        print(
            f"  summary over {len(results)} games: mean {unit} {statistics.mean(results):.1f}, "
            f"min {min(results)}, max {max(results)}"
        )
    print()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tabletop_rules.demo", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--seed", type=int, default=2026, help="master seed (default 2026)")
    parser.add_argument("--games", type=int, default=2, help="games per game type (default 2)")
    args = parser.parse_args(argv)
    master = random.Random(args.seed)
    seeds = [master.randrange(2**32) for _ in range(args.games)]
    _section("Valandris: greedy Holy Spirit vs greedy Valandris", seeds, valandris_log, "score")
    _section("Chrononauts: four uniformly random players", seeds, chrononauts_log, "turns")
    _section(
        "Trismaugistus (fictional example pack): the automa at difficulty 2 against a random human reporter",
        seeds,
        trismaugistus_log,
        "automa score",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
