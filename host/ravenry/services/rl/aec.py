"""PettingZoo AEC: every Ravenry game as an agent-environment-cycle environment.

Agents are seats (``seat_0`` …). The agent selected is the first seat in ``to_act``; during a secret simultaneous
commit each seat in ``to_act`` takes its turn in seat order, and since a commit is face down in every other
seat's view (and so in its observation), each commits blind to the others. Rewards come at the end, from the
outcome.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ravenry.errors import OptionError
from ravenry.model.match import Match
from ravenry.services.rl._tensors import Tensors, agent_name


class RavenryAEC(AECEnv):
    """One Ravenry match as a PettingZoo AEC environment (build it with ``ravenry.rl.aec_env``)."""

    metadata = {"render_modes": ["ansi"], "name": "ravenry_v0", "is_parallelizable": False}

    def __init__(self, tensors: Tensors, score_rewards: bool = False, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise OptionError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.tensors = tensors
        self.score_rewards = score_rewards
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"ravenry_{tensors.game.id.replace('-', '_')}_v0"}
        self.possible_agents = [agent_name(p) for p in range(tensors.players)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        obs_box = spaces.Box(*tensors.observation_bounds, (tensors.observation_size,), np.float32)
        mask_box = spaces.Box(0, 1, (tensors.action_size,), np.int8)
        self._observation_space = spaces.Dict({"observation": obs_box, "action_mask": mask_box})
        self._action_space = spaces.Discrete(tensors.action_size)
        self._rng = np.random.default_rng()
        self.match: Match = tensors.new_match(0)

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.match = self.tensors.new_match(int(self._rng.integers(0, 2**63)))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = agent_name(self.match.to_act[0])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        return {"observation": self.match.observation(seat), "action_mask": self.tensors.mask(self.match, seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise OptionError(f"{agent} is to act: step needs an action index, not None")
        self._cumulative_rewards[agent] = 0.0
        self.match.apply(self._seat[agent], self.tensors.code(int(action)))
        self.rewards = {a: 0.0 for a in self.agents}
        if self.match.is_over:
            for a, r in zip(self.possible_agents, self.tensors.rewards(self.match, self.score_rewards)):
                self.rewards[a] = r
                self.terminations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = agent_name(self.match.to_act[0])
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        seat = self._seat.get(self.agent_selection)
        return self.tensors.render(self.match, seat if not self.match.is_over else None)

    def close(self) -> None:
        pass


def aec_env(
    game: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    variants: Iterable[str] = (),
    score_rewards: bool = False,
    render_mode: str | None = None,
) -> RavenryAEC:
    """A PettingZoo AEC environment of ``game`` (rewards: win shares, or score differences with
    ``score_rewards``)."""
    return RavenryAEC(Tensors(game, players, options, variants), score_rewards=score_rewards, render_mode=render_mode)
