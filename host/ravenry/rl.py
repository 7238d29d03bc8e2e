"""The researchers' interfaces' public API (``ravenry.rl``, docs/rl.md), as ``ravenry`` is the host's: PettingZoo,
Gymnasium, OpenSpiel and vectorised environments over the core. They live in the services layer,
``ravenry.services.rl``; this module only re-exports them. The OpenSpiel names load on first use, since pyspiel is
an optional dependency (the ``peers`` extra)."""

from __future__ import annotations

from typing import Any

from ravenry.services.rl import (
    RavenryAEC,
    RavenrySingleAgent,
    Tensors,
    VectorEnv,
    aec_env,
    openspiel_game,
    single_agent_env,
)

# The names of ravenry.services.rl.openspiel, imported from it on first use (it imports pyspiel).
_OPENSPIEL = ("CoreRolloutEvaluator", "RavenryGame", "RavenryObserver", "RavenryState", "register", "short_name")


def __getattr__(name: str) -> Any:
    if name in _OPENSPIEL:
        # optional dependency: pyspiel is imported only when an OpenSpiel name is asked for
        from ravenry.services.rl import openspiel

        return getattr(openspiel, name)
    raise AttributeError(f"module 'ravenry.rl' has no attribute {name!r}")


__all__ = [
    "RavenryAEC",
    "RavenrySingleAgent",
    "Tensors",
    "VectorEnv",
    "aec_env",
    "openspiel_game",
    "single_agent_env",
]
