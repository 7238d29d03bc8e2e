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

    ``actions="factored"``: an action is one index per factor (``factor_names``, ``factor_sizes``; the CCG's are
    kind, x and y), chosen one factor at a time as by an autoregressive policy head. ``reset``/``step`` return the
    first factor's mask, ``masks_after(prefix)`` the next factor's once the first ``k`` indices of every match are
    chosen (``prefix`` of shape ``(n, k)``), and ``step`` takes shape ``(n, factors)``. Masks come from the seat's
    legal actions only; every legal action is reachable through them and nothing else is. ``legal()`` then gives
    rows of factor indices, ``random_legal`` one such row per match, and ``factor_values(k)`` what the indices of
    factor ``k`` stand for in the game's own action codes. A game without a factoring of its own has one factor,
    its dense space.
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
        actions: str = "dense",
    ) -> None:
        if actions not in ("dense", "factored"):
            raise OptionError(f'actions: "dense" or "factored", not {actions!r}')
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
            actions=actions,
        )
        self.observation_size = self.tensors.observation_size
        self.action_size = self.tensors.action_size
        self.players = self.tensors.players
        self.actions = actions
        self.factor_names: list[str] = list(self._env.factor_names)
        self.factor_sizes: list[int] = list(self._env.factor_sizes)

    def reset(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return self._env.reset()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        a = np.ascontiguousarray(actions, dtype=np.int64)
        shape = (self.n, len(self.factor_sizes)) if self.factor_sizes else (self.n,)
        if a.shape != shape:
            raise OptionError(f"step needs one action per match: shape {shape}, not {a.shape}")
        return self._env.step(a)

    def masks_after(self, prefix: Any) -> np.ndarray:
        """Factored actions: the mask of factor ``k``, shape ``(n, factor_sizes[k])``, given the first ``k`` indices
        chosen for every match (``prefix`` of shape ``(n, k)``; shape ``(n,)`` is ``k = 1``). ``IllegalAction``
        names a match whose prefix starts no legal action; nothing moves either way."""
        if not self.factor_sizes:
            raise OptionError('masks_after needs VectorEnv(..., actions="factored")')
        p = np.asarray(prefix, dtype=np.int64)
        if p.ndim == 1:
            p = p[:, None]
        if p.ndim != 2 or p.shape[0] != self.n or p.shape[1] >= len(self.factor_sizes):
            raise OptionError(
                f"masks_after needs shape ({self.n}, k) with k below {len(self.factor_sizes)}, not {p.shape}"
            )
        return self._env.masks_after(np.ascontiguousarray(p))

    def factor_values(self, k: int) -> np.ndarray:
        """What each index of factor ``k`` stands for in the game's action codes (the CCG: a kind, an x, a y)."""
        if not 0 <= k < len(self.factor_sizes):
            raise OptionError(f"factor_values: k below {len(self.factor_sizes)}, not {k}")
        return self._env.factor_values(k)

    def legal(self) -> tuple[np.ndarray, np.ndarray]:
        """The legal actions of each match's seat to act, as CSR ``(indices, offsets)``: dense indices, or with
        factored actions rows of factor indices (``indices`` of shape ``(legal actions, factors)``)."""
        return self._env.legal()

    def random_legal(self, rng: np.random.Generator) -> np.ndarray:
        """One uniformly random legal action per match (a dense index or a row of factor indices), drawn with
        ``rng`` from ``legal()``."""
        return random_legal(*self.legal(), rng)


def random_legal(indices: np.ndarray, offsets: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random entry of each CSR row ``indices[offsets[i]:offsets[i + 1]]`` (every row non-empty; an
    entry is a row of ``indices`` when it is two-dimensional)."""
    counts = np.diff(offsets)
    pick = offsets[:-1] + (rng.random(counts.shape[0]) * counts).astype(np.int64)
    return indices[pick]
