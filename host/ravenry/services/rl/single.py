"""Gymnasium single-agent: one seat learns, the other seats are Ravenry's core bots.

The bots choose in Rust (``Match.bot_action``) from what their seat may see; the environment steps them until the
learning seat is to act or the match ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ravenry.errors import OptionError
from ravenry.model.match import Match
from ravenry.services.rl._tensors import Tensors


class RavenrySingleAgent(gym.Env):
    """One seat of a Ravenry match against core bots (build it with ``ravenry.rl.single_agent_env``)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        tensors: Tensors,
        seat: int = 0,
        opponents: Sequence[str] = ("heuristic",),
        score_rewards: bool = False,
        render_mode: str | None = None,
        illegal_reward: float | None = -1.0,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise OptionError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if not 0 <= seat < tensors.players:
            raise OptionError(f"{tensors.game.id}: no seat {seat} in a {tensors.players}-player match")
        others = [p for p in range(tensors.players) if p != seat]
        if not opponents and others:
            raise OptionError("name at least one opponent bot")
        known = tensors.ruleset.bot_names
        for name in opponents:
            if name not in known:
                raise OptionError(f"no core bot {name!r} for {tensors.game.id}; known: {', '.join(known)}")
        self.tensors = tensors
        self.seat = seat
        self.bots = {p: opponents[i % len(opponents)] for i, p in enumerate(others)}
        self.score_rewards = score_rewards
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(*tensors.observation_bounds, (tensors.observation_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (tensors.action_size,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(tensors.action_size)
        self.match: Match = tensors.new_match(0)

    def _obs(self) -> dict[str, np.ndarray]:
        return {
            "observation": self.match.observation(self.seat),
            "action_mask": self.tensors.mask(self.match, self.seat),
        }

    def _play_bots(self) -> None:
        """Bots act (all of them first in a simultaneous commit) until the learning seat must act or it is over."""
        while not self.match.is_over:
            bots = [p for p in self.match.to_act if p != self.seat]
            if not bots:
                return
            for p in bots:
                self.match.apply(p, self.match.bot_action(self.bots[p], p))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        self.match = self.tensors.new_match(int(self.np_random.integers(0, 2**63)))
        self._play_bots()
        return self._obs(), {"seat": self.seat}

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        if self.match.is_over:
            raise OptionError("the match is over: call reset()")
        index = int(action)
        if not (0 <= index < self.tensors.action_size and self.tensors.mask(self.match, self.seat)[index]):
            if self.illegal_reward is None:
                # Raises IllegalAction (or OptionError past the space), naming the action; nothing changes.
                self.match.apply(self.seat, self.tensors.code(index))
                raise AssertionError("unreachable: the mask said this action is illegal")
            # Refused: nothing changes; the agent is told through the reward and the info.
            return self._obs(), self.illegal_reward, False, False, {"seat": self.seat, "illegal": True}
        self.match.apply(self.seat, self.tensors.code(index))
        self._play_bots()
        reward = 0.0
        if self.match.is_over:
            reward = self.tensors.rewards(self.match, self.score_rewards)[self.seat]
        return self._obs(), float(reward), self.match.is_over, False, {"seat": self.seat}

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.tensors.render(self.match, self.seat)


def single_agent_env(
    game: str,
    seat: int = 0,
    opponents: Sequence[str] = ("heuristic",),
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    variants: Iterable[str] = (),
    score_rewards: bool = False,
    render_mode: str | None = None,
    illegal_reward: float | None = -1.0,
) -> RavenrySingleAgent:
    """A Gymnasium environment where ``seat`` plays ``game`` against core ``opponents`` (cycled over the seats).

    An action outside the mask changes nothing and earns ``illegal_reward`` (``None``: raise ``IllegalAction``).
    """
    tensors = Tensors(game, players, options, variants)
    return RavenrySingleAgent(
        tensors, seat, opponents, score_rewards=score_rewards, render_mode=render_mode, illegal_reward=illegal_reward
    )
