"""``VectorEnv``: many matches of one game stepped together in the core, NumPy arrays in and out."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from ravenry._core import VectorEnv as CoreVectorEnv
from ravenry.errors import OptionError
from ravenry.services.rl._tensors import Tensors


class VectorEnv:
    """``n`` matches of ``game``, each step one decision per match, with the GIL released and rayon across
    ``workers`` threads. Match ``i`` draws everything from ``(seed, i)``: the arrays do not depend on the worker
    count.

    ``opponents`` names a core bot (or ``None`` for a learner seat) per seat; ``None`` or empty: every seat is a
    learner (self-play), the seat to act is in ``seats``. Bots move inside the core until a learner is to act.
    ``reset()`` returns ``(observations, masks, seats)``; ``step(actions)`` takes one dense action index per match
    and returns ``(observations, masks, seats, rewards, dones)``. A finished match restarts at once: its row then
    shows the new match, ``dones[i]`` is set and ``rewards[i]`` holds the final reward of every seat.

    ``copy=True`` (the default) returns fresh arrays on every call. ``copy=False`` returns the env's own arrays,
    read-only and overwritten in place by the next ``reset``/``step`` (Gymnasium's ``copy=False``): no copy of the
    observations and masks per step, which at thousands of matches is a large part of a step's time.

    ``legal()`` gives the legal dense indices of every match as CSR ``(indices, offsets)``: match ``i``'s are
    ``indices[offsets[i]:offsets[i + 1]]``, the ones of its mask row. A uniform random legal action per match is
    then one draw per match instead of one per mask entry (``random_legal``).
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
        copy: bool = True,
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
            copy=bool(copy),
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

    def legal(self) -> tuple[np.ndarray, np.ndarray]:
        """The legal dense indices of each match's seat to act, as CSR ``(indices, offsets)``."""
        return self._env.legal()

    def random_legal(self, rng: np.random.Generator) -> np.ndarray:
        """One uniformly random legal dense action per match, drawn with ``rng`` from ``legal()``."""
        return random_legal(*self.legal(), rng)


def random_legal(indices: np.ndarray, offsets: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random entry of each CSR row ``indices[offsets[i]:offsets[i + 1]]`` (every row non-empty)."""
    counts = np.diff(offsets)
    pick = offsets[:-1] + (rng.random(counts.shape[0]) * counts).astype(np.int64)
    return indices[pick]
