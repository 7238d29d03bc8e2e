"""Researchers' interfaces (design §8b): every Ravenry game as a PettingZoo AEC environment, a Gymnasium
single-agent environment, an OpenSpiel Python game, and a vectorised environment stepping many matches in Rust.

A services-layer package: it builds on the match model (``ravenry.model.game``, ``ravenry.model.match``) and the core.
``openspiel_game`` needs OpenSpiel (the ``peers`` extra); the rest needs the ``rl`` extra.
"""

from __future__ import annotations

from typing import Any

from ravenry.services.rl._tensors import Tensors
from ravenry.services.rl.aec import RavenryAEC, aec_env
from ravenry.services.rl.single import RavenrySingleAgent, single_agent_env
from ravenry.services.rl.vector import VectorEnv


def openspiel_game(game: str, **kwargs: Any) -> Any:
    """``game`` as a pyspiel game (see ``ravenry.services.rl.openspiel.openspiel_game``); needs OpenSpiel installed."""
    from ravenry.services.rl import openspiel  # optional dependency: pyspiel is imported only when asked for

    return openspiel.openspiel_game(game, **kwargs)


__all__ = [
    "RavenryAEC",
    "RavenrySingleAgent",
    "Tensors",
    "VectorEnv",
    "aec_env",
    "openspiel_game",
    "single_agent_env",
]
