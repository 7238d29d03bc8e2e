"""docs/rl.md's tutorial: train a small policy on hearts, save it, and rank it against the built-in bots.

    python examples/hearts_policy.py train --minutes 3            # writes hearts_policy.npz
    PYTHONPATH=examples ravenry tournament hearts --players 4 -n 400 --bots hearts_policy:act,heuristic,random

The policy is a linear softmax over hearts' dense actions (52 cards), trained with REINFORCE in the core's
vectorised environment: the learner holds seat 0 of every match, the heuristic the other three, and its reward is
its share of the hand's win. Only NumPy: no deep-learning library is needed for a policy this small.
"""

from __future__ import annotations

import argparse
import os
import time
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt
import ravenry
from ravenry.rl import VectorEnv

WEIGHTS = Path(os.environ.get("HEARTS_POLICY", "hearts_policy.npz"))


def probabilities(w: npt.NDArray[np.float32], obs: npt.NDArray[np.float32], mask: npt.NDArray[np.uint8]) -> npt.NDArray:
    """The policy's distribution over legal actions, one row per observation (illegal actions get 0)."""
    logits = obs @ w[:-1] + w[-1]  # the last row is the bias
    logits = np.where(mask > 0, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(axis=1, keepdims=True)


def train(
    minutes: float, out: Path, matches: int = 256, lr: float = 0.1, seed: int = 1, opponent: str = "heuristic"
) -> dict[str, float]:
    """REINFORCE for ``minutes`` of wall time; saves the weights to ``out`` and returns the learner's win share
    over the first and the last fifth of the hands it played."""
    env = VectorEnv("hearts", n=matches, players=4, opponents=[None, opponent, opponent, opponent], seed=seed)
    obs, masks, _ = env.reset()
    rng = np.random.default_rng(seed)
    w = np.zeros((obs.shape[1] + 1, masks.shape[1]), np.float32)
    # Each match's decisions since its hand began: (observation, mask, action) rows, learned from at its end.
    episodes: list[list[tuple[npt.NDArray, npt.NDArray, int]]] = [[] for _ in range(matches)]
    results: list[float] = []
    baseline = 0.25  # a running mean of the reward: the fair share of four seats to start with
    stop = time.monotonic() + 60 * minutes
    while time.monotonic() < stop:
        p = probabilities(w, obs, masks)
        actions = (p.cumsum(axis=1) > rng.random((matches, 1))).argmax(axis=1)
        for i, a in enumerate(actions.tolist()):
            episodes[i].append((obs[i], masks[i], a))
        obs, masks, _, rewards, dones = env.step(actions)
        grad = np.zeros_like(w)
        for i in np.flatnonzero(dones).tolist():
            reward = float(rewards[i, 0])
            results.append(reward)
            xs = np.stack([e[0] for e in episodes[i]])
            ms = np.stack([e[1] for e in episodes[i]])
            acts = np.array([e[2] for e in episodes[i]])
            # d log softmax / d logits = onehot(action) - p, for every decision of the hand, scaled by the advantage.
            d = -probabilities(w, xs, ms)
            d[np.arange(len(acts)), acts] += 1.0
            d *= reward - baseline
            grad[:-1] += xs.T @ d
            grad[-1] += d.sum(axis=0)
            baseline += 0.01 * (reward - baseline)
            episodes[i] = []
        if dones.any():
            w += lr * grad / max(1, int(dones.sum()))
    np.savez(out, w=w)
    fifth = max(1, len(results) // 5)
    return {"hands": len(results), "first": float(np.mean(results[:fifth])), "last": float(np.mean(results[-fifth:]))}


@cache
def _weights(path: Path) -> npt.NDArray[np.float32]:
    return np.load(path)["w"]


def act(seat: ravenry.Seat) -> int:
    """The trained policy as a bot: the most probable legal card for this seat's observation."""
    assert seat.observation is not None and seat.legal_mask is not None
    p = probabilities(_weights(WEIGHTS), seat.observation[None, :], seat.legal_mask[None, :])
    return seat.action_of(int(p[0].argmax()))


def main() -> None:
    cli = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    cli.add_argument("command", choices=["train"])
    cli.add_argument("--minutes", type=float, default=3.0)
    cli.add_argument("--out", type=Path, default=WEIGHTS)
    cli.add_argument("--seed", type=int, default=1)
    args = cli.parse_args()
    got = train(args.minutes, args.out, seed=args.seed)
    print(
        f"{got['hands']:.0f} hands; win share against the heuristic: {got['first']:.1%} at first, "
        f"{got['last']:.1%} at the end; weights in {args.out}"
    )


if __name__ == "__main__":
    main()
