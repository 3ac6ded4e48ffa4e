"""Learn to play Valandris (the demon) against a random Holy Spirit, with REINFORCE and action masking.

The learner plays seat 1 of the Gymnasium environment `TabletopEnv("valandris", seat=1)`;
the Holy Spirit is the uniformly random agent. The policy is linear and masked: the score
of a legal action id `a` is `W[a] . x + b[a]`, where `x` is the observation tensor, and
the policy is the softmax of the scores of the legal ids only. It is trained with
REINFORCE (Monte Carlo policy gradient, Williams 1992) with a running-mean baseline:
numpy only. The return is Valandris' score, the Holy Spirit turn of his capture
(`max_turns + 1` if he survives), so higher is better.

The script prints the mean score (and the survival rate) of the policy over the same
seeded evaluation games before training (when it is the uniform random policy) and after,
sampling its actions and also acting greedily (the most probable legal action). `--quick`
is a small budget for CI; the figures of a longer run are in `docs/reinforcement-learning.md`.

    python examples/rl_learn_valandris.py --quick
    python examples/rl_learn_valandris.py --episodes 20000
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from tabletop_rules.adapters.gymnasium import TabletopEnv

Vector = npt.NDArray[np.float64]
Policy = Callable[[Vector, npt.NDArray[np.int8], np.random.Generator], int]


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

    def sample(self, x: Vector, mask: npt.NDArray[np.int8], rng: np.random.Generator) -> int:
        legal = np.flatnonzero(mask)
        return int(legal[rng.choice(len(legal), p=self.probabilities(x, legal))])

    def greedy(self, x: Vector, mask: npt.NDArray[np.int8], rng: np.random.Generator) -> int:
        legal = np.flatnonzero(mask)
        return int(legal[int(np.argmax(self.probabilities(x, legal)))])

    def update(
        self, steps: list[tuple[Vector, npt.NDArray[np.intp], int]], advantage: float, rate: float
    ) -> None:
        """One REINFORCE step: raise the log-probability of the actions taken in proportion to `advantage`."""
        for x, legal, action in steps:
            grad = -self.probabilities(x, legal)
            grad[int(np.flatnonzero(legal == action)[0])] += 1.0
            self.weights[legal] += rate * advantage * np.outer(grad, x)
            self.bias[legal] += rate * advantage * grad


def evaluate(env: TabletopEnv, policy: Policy, games: int, seed: int) -> tuple[float, float]:
    """Mean score and survival rate over `games` seeded games (the same games for every policy)."""
    rng = np.random.default_rng(seed)
    scores = []
    for game in range(games):
        x, info = env.reset(seed=seed + game)
        done, reward = False, 0.0
        while not done:
            action = policy(x.astype(np.float64), info["action_mask"], rng)
            x, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        scores.append(float(reward))
    cap = env.initial.options.max_turns
    return float(np.mean(scores)), float(np.mean([s > cap for s in scores]))


def train(env: TabletopEnv, policy: LinearPolicy, episodes: int, rate: float, seed: int) -> None:
    rng = np.random.default_rng(seed)
    baseline, scale = 0.0, 1.0
    for episode in range(episodes):
        x, info = env.reset(seed=10_000_000 + seed + episode)
        steps: list[tuple[Vector, npt.NDArray[np.intp], int]] = []
        done, reward = False, 0.0
        while not done:
            features = x.astype(np.float64)
            action = policy.sample(features, info["action_mask"], rng)
            steps.append((features, np.flatnonzero(info["action_mask"]), action))
            x, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        baseline += 0.05 * (reward - baseline) if episode else reward - baseline
        scale = max(scale, abs(reward - baseline))
        policy.update(steps, (reward - baseline) / scale, rate)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3000, help="training games")
    parser.add_argument("--eval-games", type=int, default=300, help="evaluation games")
    parser.add_argument("--max-turns", type=int, default=20, help="Valandris' max_turns option")
    parser.add_argument("--rate", type=float, default=0.05, help="learning rate")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--quick", action="store_true", help="a small budget (CI): 400 games, 100 evaluations"
    )
    args = parser.parse_args()
    if args.quick:
        args.episodes, args.eval_games = 400, 100
    env = TabletopEnv("valandris", seat=1, max_turns=args.max_turns)
    policy = LinearPolicy(env.game.num_actions(env.initial), len(env.reset(seed=0)[0]))
    start = time.perf_counter()
    before, before_survival = evaluate(env, policy.sample, args.eval_games, args.seed)
    train(env, policy, args.episodes, args.rate, args.seed)
    after, after_survival = evaluate(env, policy.sample, args.eval_games, args.seed)
    greedy, greedy_survival = evaluate(env, policy.greedy, args.eval_games, args.seed)
    seconds = time.perf_counter() - start
    print(f"Valandris (seat 1) against a random Holy Spirit, max_turns={args.max_turns}:")
    print(f"mean score and survival rate over {args.eval_games} seeded games")
    print(f"  before training (uniform random)   {before:5.2f}  {before_survival:6.1%}")
    print(f"  after {args.episodes:>6} games, sampling     {after:5.2f}  {after_survival:6.1%}")
    print(f"  after {args.episodes:>6} games, greedy       {greedy:5.2f}  {greedy_survival:6.1%}")
    print(f"  ({seconds:.1f} s; the best possible score is {args.max_turns + 1})")


if __name__ == "__main__":
    main()
