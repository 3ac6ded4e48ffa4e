"""Learn to play Valandris (the demon) against a random Holy Spirit, with REINFORCE and action masking.

The learner plays seat 1 of the Gymnasium environment `TabletopEnv("valandris", seat=1)`. The
policy is linear and masked: the score of a legal action id `a` is `W[a] . x + b[a]`, where `x`
is the observation tensor, and the policy is the softmax of the scores of the legal ids only.
It is trained with REINFORCE (Monte Carlo policy gradient, Williams 1992) with a running-mean
baseline: numpy only. The return is Valandris' score, the Holy Spirit turn of his capture
(`max_turns + 1` if he survives), so higher is better.

The Holy Spirit of the training games is the uniformly random agent, or, with `--self-play`, the
learner's own policy (the observation one-hots the seat, so one policy plays both sides), played
through `tabletop_rules.adapters.policy.policy_agent`; its decisions are trained too, with the
opposite return.

Every `--episodes / --points` training games the script evaluates the policy (sampling its actions)
on the same seeded games against the random Holy Spirit, and prints and logs a point of the
learning curve: the mean score, the survival rate with its 95 % Wilson interval, and the seconds
since the start. It first plays the library's `random_agent` and one-ply `greedy_agent` as Valandris
on those games (the baselines), and last the trained policy acting greedily (its most probable
legal action). `--curve FILE.jsonl` writes the curve and the baselines as JSON Lines; `--plot
FILE.png` draws them (the `plot` extra: matplotlib).

    python examples/rl_learn_valandris.py --quick
    python examples/rl_learn_valandris.py --curve curve.jsonl --plot curve.png
    python examples/rl_learn_valandris.py --self-play --episodes 6000
"""

from __future__ import annotations

import argparse
import json
import math
import random
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from tabletop_rules import valandris
from tabletop_rules.adapters.gymnasium import TabletopEnv
from tabletop_rules.adapters.policy import policy_agent
from tabletop_rules.core.extras import require
from tabletop_rules.valandris.agents import greedy_agent, random_agent

Vector = npt.NDArray[np.float64]
Mask = npt.NDArray[np.int8]
Step = tuple[Vector, npt.NDArray[np.intp], int]
Chooser = Callable[[TabletopEnv, Vector, Mask, random.Random], int]


class LinearPolicy:
    """A masked softmax policy, linear in the observation tensor."""

    def __init__(self, actions: int, features: int) -> None:
        self.weights = np.zeros((actions, features))
        self.bias = np.zeros(actions)

    def probabilities(self, x: Vector, legal: npt.NDArray[np.intp]) -> Vector:
        scores = self.weights[legal] @ x + self.bias[legal]
        scores -= scores.max()
        exp = np.exp(scores)
        return np.asarray(exp / exp.sum(), dtype=np.float64)

    def sample(self, x: Vector, mask: Mask, rng: random.Random) -> int:
        """A legal id drawn from the policy with `rng` (by inverse transform: one `rng.random()`)."""
        legal = np.flatnonzero(mask)
        cumulative = np.cumsum(self.probabilities(x, legal))
        pick = int(np.searchsorted(cumulative, rng.random() * cumulative[-1], side="right"))
        return int(legal[min(pick, len(legal) - 1)])

    def greedy(self, x: Vector, mask: Mask, rng: random.Random) -> int:
        legal = np.flatnonzero(mask)
        return int(legal[int(np.argmax(self.probabilities(x, legal)))])

    def update(self, steps: list[Step], advantage: float, rate: float) -> None:
        """One REINFORCE step: raise the log-probability of the actions taken in proportion to `advantage`."""
        for x, legal, action in steps:
            grad = -self.probabilities(x, legal)
            grad[int(np.flatnonzero(legal == action)[0])] += 1.0
            self.weights[legal] += rate * advantage * np.outer(grad, x)
            self.bias[legal] += rate * advantage * grad


class Baseline:
    """A running mean of the returns, and the largest deviation seen (to scale the advantage)."""

    def __init__(self) -> None:
        self.mean, self.scale, self.seen = 0.0, 1.0, False

    def advantage(self, value: float) -> float:
        self.mean = self.mean + 0.05 * (value - self.mean) if self.seen else value
        self.seen = True
        self.scale = max(self.scale, abs(value - self.mean))
        return (value - self.mean) / self.scale


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate of `successes` out of `n`."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def policy_chooser(policy: Callable[[Vector, Mask, random.Random], int]) -> Chooser:
    return lambda env, x, mask, rng: policy(x, mask, rng)


def agent_chooser(agent: Callable[[valandris.State, random.Random], valandris.Move]) -> Chooser:
    """A library agent (`agent(state, rng)`) choosing through the environment's state."""
    return lambda env, x, mask, rng: valandris.move_to_action(env.state_now, agent(env.state_now, rng))


def evaluate(env: TabletopEnv, choose: Chooser, games: int, seed: int) -> dict[str, float]:
    """Mean score and survival rate (with its Wilson interval) over `games` seeded games.

    Game `g` is `env.reset(seed=seed + g)` for every policy, so the baselines and every point of
    the curve meet the same Holy Spirit dice and moves as long as their own choices agree.
    """
    rng = random.Random(seed)
    scores = []
    for game in range(games):
        x, info = env.reset(seed=seed + game)
        done, reward = False, 0.0
        while not done:
            action = choose(env, x.astype(np.float64), info["action_mask"], rng)
            x, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        scores.append(float(reward))
    cap = env.initial.options.max_turns
    survived = sum(score > cap for score in scores)
    low, high = wilson(survived, games)
    return {
        "mean_score": float(np.mean(scores)),
        "survival": survived / games,
        "survival_low": low,
        "survival_high": high,
    }


def play_episode(
    env: TabletopEnv, policy: LinearPolicy, seed: int, rng: random.Random
) -> tuple[list[Step], float]:
    """One training game: the learner's steps and its return."""
    x, info = env.reset(seed=seed)
    steps: list[Step] = []
    done, reward = False, 0.0
    while not done:
        features = x.astype(np.float64)
        action = policy.sample(features, info["action_mask"], rng)
        steps.append((features, np.flatnonzero(info["action_mask"]), action))
        x, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    return steps, float(reward)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3000, help="training games")
    parser.add_argument("--eval-games", type=int, default=300, help="evaluation games per point")
    parser.add_argument("--points", type=int, default=10, help="evaluations during training")
    parser.add_argument("--max-turns", type=int, default=20, help="Valandris' max_turns option")
    parser.add_argument("--rate", type=float, default=0.05, help="learning rate")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--self-play", action="store_true", help="train against the learner's own policy")
    parser.add_argument("--curve", type=Path, help="write the curve and baselines here (JSON Lines)")
    parser.add_argument("--plot", type=Path, help="draw the curve here (PNG; the plot extra: matplotlib)")
    parser.add_argument(
        "--quick", action="store_true", help="a small budget (CI): 400 games, 100 evaluations"
    )
    args = parser.parse_args()
    if args.quick:
        args.episodes, args.eval_games, args.points = 400, 100, 2
    if args.plot is not None:
        try:
            require("matplotlib", "--plot")  # fail before training, naming the extra
        except ImportError as exc:
            parser.error(str(exc))
    print("$ " + shlex.join(["python", "examples/rl_learn_valandris.py", *sys.argv[1:]]))
    start = time.perf_counter()
    rows = run(args, start)
    if args.curve is not None:
        args.curve.write_text(
            "".join(json.dumps(row, sort_keys=True) + "\n" for row in rows), encoding="utf-8"
        )
    if args.plot is not None:
        plot(rows, args, args.plot)
    print(f"({time.perf_counter() - start:.1f} s in all; the best possible score is {args.max_turns + 1})")


def run(args: argparse.Namespace, start: float) -> list[dict[str, Any]]:
    """Baselines, training with its curve, and the final greedy evaluation; printed and returned as rows."""
    evaluation = TabletopEnv("valandris", seat=1, max_turns=args.max_turns)
    policy = LinearPolicy(evaluation.game.num_actions(evaluation.initial), len(evaluation.reset(seed=0)[0]))
    holy: list[Step] = []

    def holy_spirit(observation: Any, mask: Mask, rng: random.Random) -> int:
        """The learner's policy as the Holy Spirit; its steps are kept for training."""
        features = np.asarray(observation, dtype=np.float64)
        action = policy.sample(features, mask, rng)
        holy.append((features, np.flatnonzero(mask), action))
        return action

    opponent = policy_agent(valandris, holy_spirit) if args.self_play else None
    training = TabletopEnv("valandris", seat=1, opponents=opponent, max_turns=args.max_turns)
    against = "its own policy (self-play)" if args.self_play else "a random Holy Spirit"
    print(f"Valandris (seat 1), trained against {against}, max_turns={args.max_turns}; evaluated over")
    print(f"{args.eval_games} seeded games against a random Holy Spirit: mean score, survival [95 % Wilson]")
    rows: list[dict[str, Any]] = []

    def point(series: str, episode: int | None, choose: Chooser) -> None:
        row = {
            "series": series,
            "episode": episode,
            **evaluate(evaluation, choose, args.eval_games, args.seed),
        }
        row["seconds"] = round(time.perf_counter() - start, 2)
        rows.append(row)
        label = f"{series} after {episode:>6} games" if episode is not None else series
        print(
            f"  {label:<36} {row['mean_score']:5.2f}  {row['survival']:6.1%} "
            f"[{row['survival_low']:5.1%}, {row['survival_high']:5.1%}]  {row['seconds']:7.1f} s"
        )

    point("random agent", None, agent_chooser(random_agent))
    point("greedy agent", None, agent_chooser(greedy_agent))
    rng = random.Random(args.seed)
    learner, holy_baseline = Baseline(), Baseline()
    every = max(1, args.episodes // max(1, args.points))
    point("learner", 0, policy_chooser(policy.sample))
    for episode in range(1, args.episodes + 1):
        holy.clear()
        steps, reward = play_episode(training, policy, 10_000_000 + args.seed + episode, rng)
        policy.update(steps, learner.advantage(reward), args.rate)
        if holy:
            policy.update(holy, holy_baseline.advantage(-reward), args.rate)
        if episode % every == 0 or episode == args.episodes:
            point("learner", episode, policy_chooser(policy.sample))
    point("learner (argmax)", args.episodes, policy_chooser(policy.greedy))
    return rows


def plot(rows: list[dict[str, Any]], args: argparse.Namespace, path: Path) -> None:
    """The survival rate of the learner along training, with the baselines; every band is a 95 % Wilson."""
    matplotlib = require("matplotlib", "--plot")
    matplotlib.use("Agg")
    pyplot = require("matplotlib.pyplot", "--plot")
    figure, axes = pyplot.subplots(figsize=(7.5, 4.2), dpi=110)
    curve = [row for row in rows if row["series"] == "learner"]
    episodes = [row["episode"] for row in curve]
    axes.plot(episodes, [100 * row["survival"] for row in curve], marker="o", label="learner (sampling)")
    axes.fill_between(
        episodes,
        [100 * row["survival_low"] for row in curve],
        [100 * row["survival_high"] for row in curve],
        alpha=0.25,
    )
    for series, colour in (("greedy agent", "tab:green"), ("random agent", "tab:red")):
        row = next(row for row in rows if row["series"] == series)
        axes.axhline(100 * row["survival"], color=colour, linestyle="--", label=f"{series} (baseline)")
        axes.axhspan(100 * row["survival_low"], 100 * row["survival_high"], color=colour, alpha=0.12)
    final = rows[-1]
    axes.errorbar(
        [final["episode"]],
        [100 * final["survival"]],
        yerr=[
            [100 * (final["survival"] - final["survival_low"])],
            [100 * (final["survival_high"] - final["survival"])],
        ],
        fmt="s",
        color="black",
        capsize=4,
        label="learner (argmax), end",
    )
    against = "self-play" if args.self_play else "a random Holy Spirit"
    axes.set_title(f"Valandris, linear REINFORCE trained against {against} (max_turns={args.max_turns})")
    axes.set_xlabel("training games")
    axes.set_ylabel(f"survival vs random Holy Spirit, % ({args.eval_games} games)")
    axes.set_ylim(0, 100)
    axes.grid(alpha=0.3)
    axes.legend(loc="lower right", fontsize="small")
    figure.text(0.01, 0.01, "bands: 95 % Wilson intervals", fontsize="x-small", color="grey")
    figure.tight_layout()
    figure.savefig(path)
    pyplot.close(figure)


if __name__ == "__main__":
    main()
