"""``VectorEnv``: many matches of one game stepped together in the core, NumPy arrays in and out."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from ravenry._core import VectorEnv as CoreVectorEnv
from ravenry.errors import OptionError
from ravenry.rl._tensors import Tensors


class VectorEnv:
    """``n`` matches of ``game``, each step one decision per match, with the GIL released and rayon across
    ``workers`` threads. Match ``i`` draws everything from ``(seed, i)``: the arrays do not depend on the worker
    count.

    ``opponents`` names a core bot (or ``None`` for a learner seat) per seat; ``None`` or empty: every seat is a
    learner (self-play), the seat to act is in ``seats``. Bots move inside the core until a learner is to act.
    ``reset()`` returns ``(observations, masks, seats)``; ``step(actions)`` takes one dense action index per match
    and returns ``(observations, masks, seats, rewards, dones)``. A finished match restarts at once: its row then
    shows the new match, ``dones[i]`` is set and ``rewards[i]`` holds the final reward of every seat.
    """

    def __init__(
        self,
        game: str,
        n: int,
        players: int | None = None,
        opponents: Sequence[str | None] | None = None,
        seed: int = 0,
        workers: int | None = None,
        options: Mapping[str, Any] | None = None,
        variants: Iterable[str] = (),
        score_rewards: bool = False,
        max_decisions: int = 100_000,
    ) -> None:
        self.tensors = Tensors(game, players, options, variants)
        seats = list(opponents or [])
        if seats and len(seats) != self.tensors.players:
            raise OptionError(f"opponents: name a bot or None for each of the {self.tensors.players} seats")
        known = self.tensors.ruleset.bot_names
        for name in seats:
            if name is not None and name not in known:
                raise OptionError(f"no core bot {name!r} for {game}; known: {', '.join(known)}")
        self.n = int(n)
        self.workers = int(workers or os.cpu_count() or 1)
        self._env = CoreVectorEnv(
            self.tensors.ruleset,
            self.n,
            self.tensors.players,
            seed=int(seed),
            opponents=seats,
            workers=self.workers,
            score_rewards=score_rewards,
            max_decisions=int(max_decisions),
        )
        self.observation_size = self.tensors.observation_size
        self.action_size = self.tensors.action_size
        self.players = self.tensors.players

    def reset(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return self._env.reset()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        a = np.ascontiguousarray(actions, dtype=np.int64)
        if a.shape != (self.n,):
            raise OptionError(f"step needs one action per match: shape ({self.n},), not {a.shape}")
        return self._env.step(a)
