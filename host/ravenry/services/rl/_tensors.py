"""The tensor contract of one ruleset (game, player count, options), shared by every ``ravenry.rl`` interface."""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
from rich.console import Console
from rich.pretty import Pretty

from ravenry import _core
from ravenry.errors import OptionError
from ravenry.model.game import game as find_game
from ravenry.model.match import Match


class Tensors:
    """Observation size, dense action space and match factory of one ruleset.

    Dense action index ``i`` is action code ``codes[i]`` (codes ascending); ``index(code)`` goes back.
    """

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        variants: Iterable[str] = (),
    ) -> None:
        self.game = find_game(game)
        if self.game.spec.core is None:
            raise OptionError(f"{game} is a pure-Python game; ravenry.rl needs a game with a Rust core")
        self.players = self.game.spec.min_players if players is None else int(players)
        self.variants = tuple(variants)
        self.options = self.game.resolve_options(options, self.variants)
        self.ruleset = self.game.ruleset(self.options)
        lo, hi = self.ruleset.players
        if not lo <= self.players <= hi:
            raise OptionError(f"{game} takes {lo} to {hi} players, not {self.players}")
        self.observation_size = self.ruleset.observation_size(self.players)
        # Every value of every game's observation lies in [low, high]: the core's writer saturates at them.
        self.observation_bounds: tuple[float, float] = _core.OBS_BOUNDS
        self.codes = self.ruleset.action_codes(self.players)
        self.action_size = len(self.codes)
        self._index = {int(c): i for i, c in enumerate(self.codes)}

    def __deepcopy__(self, memo: dict) -> Tensors:
        return self  # immutable after construction: copies (pyspiel clones states this way) share it

    def new_match(self, seed: int) -> Match:
        m = self.game.new_match(players=self.players, seed=seed, options=self.options)
        assert isinstance(m, Match)
        return m

    def code(self, index: int) -> int:
        """The action code at dense ``index``."""
        if not 0 <= index < self.action_size:
            raise OptionError(f"action index {index} is outside 0..{self.action_size - 1}")
        return int(self.codes[index])

    def index(self, code: int) -> int:
        """The dense index of action ``code``."""
        try:
            return self._index[int(code)]
        except KeyError:
            raise OptionError(f"{self.game.id}: action code {code} is not in the action space") from None

    def mask(self, m: Match, seat: int) -> np.ndarray:
        """``seat``'s legal mask as int8 (the dtype Gymnasium's masked sampling takes)."""
        return m.legal_mask(seat).view(np.int8)

    def rewards(self, m: Match, score_rewards: bool = False) -> list[float]:
        """Terminal rewards per seat: the win share (1/k for a k-way shared win), or with ``score_rewards`` the
        seat's score minus the best other score. A solo game has no one to beat: its reward is its score."""
        o = m.outcome
        if o is None:
            return [0.0] * self.players
        if self.players == 1:
            return [float(o["scores"][0])]
        if not score_rewards:
            winners = o["winners"]
            return [1.0 / len(winners) if p in winners else 0.0 for p in range(self.players)]
        scores = [float(s) for s in o["scores"]]
        return [s - max((t for q, t in enumerate(scores) if q != p), default=0.0) for p, s in enumerate(scores)]

    def render(self, m: Match, seat: int | None) -> str:
        """The game's own renderer for ``seat``'s view, as plain text."""
        view = m.view(seat)
        spec = self.game.spec
        renderable = spec.render(view, seat) if spec.render is not None else Pretty(view)
        out = io.StringIO()
        Console(file=out, width=120, color_system=None, force_terminal=False).print(renderable)
        return out.getvalue()


def agent_name(seat: int) -> str:
    return f"seat_{seat}"
